"""Never-reveal scan (C-4, G-P.1, P-P.1): every public template rendered over every role,
every cause of death and every gender, with the turn's secret events mixed in as the engine
emits them; no output may carry what the rules keep secret — a killer's, executor's or
ambushing maniac's nick, who was healed or checked (PEFL), whom the prostitute invited, what a
letter said, the role of a living player, the dealing's seed and salt before the end."""

from __future__ import annotations

import itertools
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from engine import events as E
from engine.actions import Vote
from engine.events import HOST, player
from engine.gambler import Gambler
from engine.kinds import Cause, Clan, Role, as_cause
from engine.pefl import Pefl
from engine.settings import RulesSettings
from mafiabot.newspaper.proof import commitment
from mafiabot.newspaper.render import Renderer
from mafiabot.newspaper.words import PEFL_CAUSE_FORMS

MSK = ZoneInfo("Europe/Moscow")
AT = datetime(2026, 12, 2, 15, 0, tzinfo=MSK)

# nicks that only secret events carry: none may appear in a public post
KILLER = "Тайный Убийца"
EXECUTOR = "Исполнитель"
HEALED = "Спасённый"
CHECKED = "Проверенный"
CHECKER = "Сыщик"
INVITED = "Приглашённый"
PROSTITUTE = "Путана-Лиса"
AMBUSHER = "Засадник"
DON = "Дон-Корлеоне"
LETTER = "ТЕКСТ-ПИСЬМА-ИЗ-ЛИЧКИ"
LIVING_SECRET_ROLE = "Тихоня"  # a living player whose role only his PM carries
SECRETS = (KILLER, EXECUTOR, HEALED, CHECKED, CHECKER, INVITED, PROSTITUTE, AMBUSHER, DON)

SEED, SALT = 987654321, "соль-раздачи-XYZ"

# a victim per gender: the host's setting, a given name, and neither
GENDERED = [("Victim-1", {"Victim-1": "m"}), ("Нина", {}), ("Кот", {})]


def _secret_events(turn: int, ruleset: str) -> list[E.Event]:
    secret_role: Role = "godfather" if ruleset == "gambler" else "sergeant"
    return [
        E.RoleDealt(
            turn=turn,
            audience=player(LIVING_SECRET_ROLE),
            nick=LIVING_SECRET_ROLE,
            role=secret_role,
        ),
        E.AcquaintanceMade(
            turn=turn, audience=player(DON), nick=DON, others=((EXECUTOR, "mafia"),), reason="clan"
        ),
        E.DonChosen(turn=turn, audience=player(EXECUTOR), clan="triad", nick=DON, by="election"),
        E.MoveAccepted(
            turn=turn,
            audience=player(DON),
            nick=DON,
            action="kill",
            targets=("Victim-1",),
            executor=EXECUTOR,
        ),
        E.MoveAccepted(
            turn=turn,
            audience=player(PROSTITUTE),
            nick=PROSTITUTE,
            action="block",
            targets=(INVITED,),
        ),
        E.MoveRejected(
            turn=turn,
            audience=player(CHECKER),
            nick=CHECKER,
            action="check",
            reason="late",
            detail=LETTER,
        ),
        E.DeathRecorded(turn=turn, audience=HOST, nick="Victim-1", cause="maniac", killer=KILLER),
        E.Saved(turn=turn, audience=HOST, nick=HEALED, how="heal"),
        E.Saved(turn=turn, audience=HOST, nick=AMBUSHER, how="ambush"),
        E.CheckResult(
            turn=turn, audience=player(CHECKER), by="commissar", target=CHECKED, result="mafia"
        ),
        E.VoteIgnored(turn=turn, audience=HOST, nick=KILLER, reason="dead", post_id=9),
        E.PostFlagged(turn=turn, audience=HOST, nick=AMBUSHER, count=2),
        E.Resurrected(turn=turn, audience=HOST, nick=HEALED),
        E.Promoted(turn=turn, audience=player(CHECKER), nick=CHECKER),
        E.SideChoiceAsked(turn=turn, audience=player(PROSTITUTE), nick=PROSTITUTE),
    ]


def _votes(kind: str) -> list[Vote]:
    return [
        Vote("Анна", "Егор", kind, post_id=1, at=AT),
        Vote("Егор", "Анна", kind, post_id=2, at=AT, agreed_with=None),
        Vote("Борис", "Егор", kind, post_id=3, at=AT, agreed_with=1),
    ]


def _assert_clean(text: str, *, over: bool = False) -> None:
    for s in SECRETS:
        assert s not in text, f"{s!r} leaked:\n{text}"
    assert LETTER not in text and LIVING_SECRET_ROLE not in text
    assert "None" not in text and "{{" not in text and "{%" not in text
    if not over:
        assert str(SEED) not in text and SALT not in text
    # a role label only ever follows a named player out of the game, never a living one
    labels = "|".join(re.escape(x) for rs in (Gambler, Pefl) for x in rs.role_words.values())
    living = re.compile(rf"(Анна|Егор|Борис|Ольга)(\[/b\])?\s*[(—,:]\s*({labels})")
    assert not living.search(text), text


@pytest.fixture(scope="module")
def renderers() -> list[Renderer]:
    """One renderer per victim's gender setting, shared by the module: rendering only reads
    it (its Jinja2 environment caches the loaded templates), so each case's paper is the same
    as from a renderer of its own, and the templates load three times instead of per case."""
    return [Renderer(genders=genders) for _nick, genders in GENDERED]


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    """The renderer with no gender setting, shared likewise."""
    return Renderer()


def _pefl_cases() -> list[tuple[str, str | None, int]]:
    return [
        (role, cause, g)
        for role, cause, g in itertools.product(
            Pefl.role_words, [*PEFL_CAUSE_FORMS, None, KILLER], range(len(GENDERED))
        )
    ]


@pytest.mark.parametrize(("role", "cause", "g"), _pefl_cases())
def test_P_P_1_pefl_paper_never_reveals(
    renderers: list[Renderer], role: Role, cause: str | None, g: int
) -> None:
    nick, _genders = GENDERED[g]
    clan: Clan | None = "triad" if role in ("mafia", "thug", "kamikaze") else None
    events: list[E.Event] = [
        *_secret_events(3, "pefl"),
        E.WentMissing(turn=3, nick="Пропавший", role=role, reason="no_post"),
        E.VotesCounted(turn=3, votes=(("Егор", 2), ("Анна", 1)), abstained=("Ольга",)),
        E.Hanged(turn=3, nick="Повешенный", role=role, votes=2),
        E.Killed(turn=3, nick=nick, role=role, clan=clan, by=cause),
        E.Beaten(turn=3, nick="Битый"),
    ]
    text = renderers[g].newspaper(
        ruleset="pefl", game_name="M", turn=3, events=events, votes=_votes("red"), tz=MSK
    )
    _assert_clean(text)
    assert nick in text and "Битый" in text and "Повешенный" in text
    assert Pefl.role_words[role] in text  # the dead's role is revealed (P-P.1)
    if cause == KILLER:
        # an unexpected label is dropped, the death still told
        assert "Этой ночью" in text or "Жертва этой ночи" in text


@pytest.mark.parametrize(
    ("role", "g", "phase"),
    list(itertools.product(Gambler.role_words, range(len(GENDERED)), ["greens", "day"])),
)
def test_G_P_1_gambler_paper_never_reveals(
    renderers: list[Renderer], role: Role, g: int, phase: str
) -> None:
    nick, _genders = GENDERED[g]
    events: list[E.Event] = [*_secret_events(4, "gambler")]
    if phase == "greens":
        events.append(
            E.GreensCounted(
                turn=4,
                greens=(("Егор", 2),),
                threshold=2,
                nominees=("Егор",),
                self_greened=("Ольга",),
            )
        )
        votes = [*_votes("green"), Vote("Ольга", "Ольга", "self")]
    else:
        events += [
            E.VotesCounted(turn=4, votes=(("Егор", 2), ("Анна", 1)), abstained=("Ольга",)),
            E.Jailed(turn=4, nick="Посаженный", role=role),
            # the engine never sets `by` in Gambler; if it ever did, it must not print
            E.Killed(turn=4, nick=nick, role=role, by="maniac", story="ночью у фонаря"),
            E.CheckAnnounced(turn=4, by="commissar", made=True, result=role),
            E.HealAnnounced(turn=4, nick="Лечёный"),
            E.MoveBlocked(turn=4, role="sheriff", missed="kill"),
            E.Recruited(turn=4, side="mafia"),
        ]
        votes = _votes("court")
    text = renderers[g].newspaper(
        ruleset="gambler", game_name="M", turn=4, phase=phase, events=events, votes=votes, tz=MSK
    )
    _assert_clean(text)
    if phase == "day":
        assert nick in text and Gambler.role_words[role] in text and "Лечёный" in text
        assert "дело рук маньяка" not in text and "застрелила" not in text  # G-P.1: not by whom


def test_start_post_and_counts_never_reveal_the_dealing(renderer: Renderer) -> None:
    r = renderer
    seats = [("Анна", "civilian", None), (LIVING_SECRET_ROLE, "mafia", "triad")]
    start = r.start_post(
        ruleset="pefl",
        game_name="M",
        players=["Анна", "Егор"],
        commitment=commitment(seats, SEED, SALT),
        first_deadline=AT,
        tz=MSK,
    )
    _assert_clean(start)
    vc = r.vote_count(
        ruleset="pefl",
        game_name="M",
        turn=2,
        kind="red",
        tally=[("Егор", ["Анна", "Борис"])],
        not_voted=["Ольга"],
        as_of=AT,
        deadline=AT,
        tz=MSK,
    )
    _assert_clean(vc)
    _subject, court = r.court_topic(game_name="M", turn=2, nominees=["Егор"], deadline=AT)
    _assert_clean(court)


def test_final_post_reveals_everything_only_at_the_end(renderer: Renderer) -> None:
    seats = [("Анна", "civilian", None), ("Егор", "mafia", "triad")]
    text = renderer.final_post(
        ruleset="pefl",
        game_name="M",
        winner="town",
        seats=seats,
        seed=SEED,
        salt=SALT,
        commitment=commitment(seats, SEED, SALT),
        vote_record=[{**vars_of(v), "turn": 1} for v in _votes("red")],
        tz=MSK,
    )
    assert str(SEED) in text and SALT in text and "мафия, Триада" in text
    for s in SECRETS:
        assert s not in text


def vars_of(v: Vote) -> dict[str, object]:
    return {f: getattr(v, f) for f in ("voter", "target", "kind", "post_id", "at", "agreed_with")}


# --- G-M.10 with G-P.1: the story of a kill names no killer -------------------------------
GAMBLER_KILLERS: tuple[Role, ...] = ("sheriff", "maniac", "godfather", "mafia")


def _role_pm(renderer: Renderer, role: Role, settings: RulesSettings) -> str:
    e = E.RoleDealt(turn=0, audience=player("Коля"), nick="Коля", role=role)
    return renderer.player_pm(
        ruleset="gambler",
        game_name="M",
        nick="Коля",
        turn=0,
        events=[e],
        players=["Коля", "Анна", "Егор"],
        settings=settings,
    )


@pytest.mark.parametrize("stories", [True, False])
def test_G_M_10_every_killer_is_invited_to_tell_a_story_or_none_is_printed(
    renderer: Renderer, stories: bool
) -> None:
    """A story under a victim must not tell whose kill it was: either every Gambler killer's
    role PM invites one (the rule book's way), or no story is printed and none is invited."""
    settings = RulesSettings(kill_stories=stories)
    for role in Gambler.roles:
        invited = "Способ:" in _role_pm(renderer, role, settings)
        assert invited == (stories and role in GAMBLER_KILLERS), role
    story = "ночью у фонаря"
    text = renderer.newspaper(
        ruleset="gambler",
        game_name="M",
        turn=4,
        events=[E.Killed(turn=4, nick="Анна", role="civilian", story=story)],
        kill_stories=stories,
    )
    assert (story in text) == stories
    assert "Анна" in text  # the death itself is always told


@pytest.mark.parametrize("killer", GAMBLER_KILLERS)
def test_G_P_1_a_paper_with_a_story_is_the_same_whoever_killed(
    renderer: Renderer, killer: Role
) -> None:
    """The host's event names the killer; the paper printed from the turn is the same for
    each of them, story included."""
    base = [E.Killed(turn=4, nick="Анна", role="civilian", story="ночью у фонаря")]
    cause: Cause = "mafia" if killer in ("godfather", "mafia") else as_cause(killer)
    secret = E.DeathRecorded(turn=4, audience=HOST, nick="Анна", cause=cause, killer=KILLER)
    text = renderer.newspaper(ruleset="gambler", game_name="M", turn=4, events=[*base, secret])
    plain = renderer.newspaper(ruleset="gambler", game_name="M", turn=4, events=base)
    assert text == plain and KILLER not in text
