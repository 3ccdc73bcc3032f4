"""Every text the bot writes, rendered over every role, cause of death, gender and kind of
nick, for a reader to review as a whole (`tests/golden_texts/*.txt`, checked by
`tests/test_catalogue.py`).

Kinds of nick: a declinable Russian name of a man (Шерлок, Егор) and of a woman (Нина), a
multi-word one (Граф Монте-Кристо), an indeclinable one of unknown gender (Марго), one with
Latin letters (Mister X, Tanya-77) and one with digits (Вася2005). Gender: the dictionary's
given names, the host's `[game.genders]` setting (Tanya-77 is a woman by the host's word in
the papers that say so), and unknown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from engine import events as E
from engine.actions import Vote
from engine.events import HOST, player
from engine.kinds import Clan, Role
from engine.rules import ruleset_class
from mafiabot.newspaper.host_words import NOTE_RU, Count, Nick, Turn, note, span_words
from mafiabot.newspaper.render import Renderer
from mafiabot.newspaper.words import (
    PEFL_CAUSE_FORMS,
    REFUSAL_RU,
    SIGNUP_BANNED_SUBJECT_RU,
    WHICH_GAME_RU,
    failure_ru,
    outbox_kind_ru,
    parse_issue_ru,
    shut_out_ru,
    signup_banned_ru,
    turn_word,
)

MSK = ZoneInfo("Europe/Moscow")
NEXT = datetime(2026, 12, 3, 22, 0, tzinfo=MSK)
LAST_WORD = datetime(2026, 12, 3, 10, 0, tzinfo=MSK)
GAME = "Мафия – 12"

#: the game's players: every kind of nick
PLAYERS = (
    "Шерлок",
    "Нина",
    "Граф Монте-Кристо",
    "Марго",
    "Mister X",
    "Tanya-77",
    "Вася2005",
    "Егор",
    "Вова",
    "Гена",
)
#: a victim of each gender and kind: (nick, the host's gender setting for him)
VICTIMS: tuple[tuple[str, dict[str, str]], ...] = (
    ("Шерлок", {}),
    ("Нина", {}),
    ("Граф Монте-Кристо", {}),
    ("Марго", {}),
    ("Tanya-77", {"Tanya-77": "f"}),
    ("Вася2005", {}),
)

Entry = tuple[str, str]


def _r(genders: dict[str, str] | None = None) -> Renderer:
    return Renderer(genders=genders)


def _clan_of(ruleset: str, role: Role) -> Clan | None:
    if ruleset != "pefl" or role not in ("mafia", "thug", "kamikaze", "bastard"):
        return None
    return "yakuza" if role == "kamikaze" else "triad"


# --- role PMs and the night's news for a player ------------------------------------------------


def role_pms() -> list[Entry]:
    out: list[Entry] = []
    for ruleset in ("pefl", "gambler"):
        rules = ruleset_class(ruleset)
        for role in rules.roles:
            if role == "bastard":
                continue  # told he is a civilian (P-S.3): the civilian's PM
            nick = "Нина" if role in ("doctor", "prostitute", "commissar") else "Егор"
            clan = _clan_of(ruleset, role)
            evs: list[E.Event] = [
                E.RoleDealt(turn=0, audience=player(nick), nick=nick, role=role, clan=clan)
            ]
            if clan is not None:
                mates: tuple[tuple[str, Role], ...] = (("Вова", "mafia"), ("Гена", "bastard"))
                evs.append(
                    E.AcquaintanceMade(
                        turn=0, audience=player(nick), nick=nick, others=mates, reason="clan"
                    )
                )
            elif ruleset == "gambler" and role in ("godfather", "mafia"):
                evs.append(
                    E.AcquaintanceMade(
                        turn=0,
                        audience=player(nick),
                        nick=nick,
                        others=(("Вова", "mafia" if role == "godfather" else "godfather"),),
                        reason="clan",
                    )
                )
            elif role in ("commissar", "sergeant") and ruleset == "pefl":
                other: Role = "sergeant" if role == "commissar" else "commissar"
                evs.append(
                    E.AcquaintanceMade(
                        turn=0,
                        audience=player(nick),
                        nick=nick,
                        others=(("Шерлок", other),),
                        reason="commissar_sergeant",
                    )
                )
            text = _r().player_pm(
                ruleset=ruleset,
                game_name=GAME,
                nick=nick,
                turn=rules.first_turn,
                events=evs,
                players=[nick, *[p for p in PLAYERS if p != nick]],
                deadline=NEXT,
                tz=MSK,
            )
            out.append((f"{ruleset}: роль {role}, получатель {nick}", text))
    return out


def night_news() -> list[Entry]:
    """What a player hears after a night: checks of every kind, a promotion, a Don, a side."""
    out: list[Entry] = []
    checks: list[tuple[str, str, str, str | None]] = [
        ("pefl", "commissar", "civilian", None),
        ("pefl", "commissar", "triad", None),
        ("pefl", "commissar", "bastard", "Вова"),
        ("pefl", "sergeant", "maniac", None),
        ("gambler", "commissar", "sheriff", None),
        ("gambler", "lawyer", "civilian", None),
    ]
    for ruleset, by, result, thug in checks:
        e = E.CheckResult(
            turn=2,
            audience=player("Нина"),
            by=by,
            target="Граф Монте-Кристо",
            result=result,  # type: ignore[arg-type]
            thug=thug,
        )
        text = _r().player_pm(ruleset=ruleset, game_name=GAME, nick="Нина", turn=2, events=[e])
        out.append((f"{ruleset}: проверка ({by}) → {result}", text))
    more: list[tuple[str, str, list[E.Event]]] = [
        ("pefl: Дон выбран — это вы", "Егор", [
            E.DonChosen(turn=0, audience=player("Егор"), clan="triad", nick="Егор", by="election")
        ]),
        ("pefl: Дон назначен ведущим", "Егор", [
            E.DonChosen(turn=0, audience=player("Егор"), clan="yakuza", nick="Mister X",
                        by="appointment")
        ]),
        ("pefl: Дон один в клане", "Егор", [
            E.DonChosen(turn=0, audience=player("Егор"), clan="triad", nick="Егор",
                        by="appointment")
        ]),
        ("pefl: сержант стал комиссаром", "Егор", [
            E.Promoted(turn=3, audience=player("Егор"), nick="Егор")
        ]),
        ("gambler: путана выбирает сторону", "Нина", [
            E.SideChoiceAsked(turn=3, audience=player("Нина"), nick="Нина")
        ]),
        ("gambler: комиссар и шериф знакомы", "Егор", [
            E.AcquaintanceMade(turn=3, audience=player("Егор"), nick="Егор",
                               others=(("Шерлок", "commissar"),), reason="commissar_sheriff")
        ]),
        ("gambler: комиссар узнал шерифа", "Нина", [
            E.AcquaintanceMade(turn=3, audience=player("Нина"), nick="Нина",
                               others=(("Егор", "sheriff"),), reason="commissar_sheriff")
        ]),
        ("gambler: адвокат и мафия знакомы", "Егор", [
            E.AcquaintanceMade(turn=3, audience=player("Егор"), nick="Егор",
                               others=(("Mister X", "godfather"), ("Вова", "mafia")),
                               reason="lawyer_mafia")
        ]),
    ]  # fmt: skip
    for title, nick, evs in more:
        ruleset = title.split(":")[0]
        text = _r().player_pm(
            ruleset=ruleset,
            game_name=GAME,
            nick=nick,
            turn=evs[0].turn,
            events=evs,
            players=PLAYERS,
            deadline=NEXT,
            tz=MSK,
            clan=("Егор",) if "один" in title else ("Егор", "Вова") if "Дон" in title else (),
        )
        out.append((title, text))
    return out


# --- replies to letters ---------------------------------------------------------------------


def replies() -> list[Entry]:
    r = _r()
    common: dict[str, Any] = {"players": PLAYERS, "deadline": NEXT, "tz": MSK}
    out: list[Entry] = []
    out.append(
        (
            "принят ход",
            r.move_reply(
                nick="Нина",
                accepted=True,
                action="check",
                targets=["Шерлок"],
                ruleset="pefl",
                role="commissar",
                moves_now=("check",),
                **common,
            ),
        )
    )
    for printed in (True, False):
        out.append(
            (
                f"принят выстрел с рассказом ({'печатают' if printed else 'не печатают'})",
                r.move_reply(
                    nick="Егор",
                    accepted=True,
                    action="kill",
                    targets=["Марго"],
                    ruleset="gambler",
                    role="sheriff",
                    moves_now=("kill",),
                    story="на рассвете, у моста",
                    stories_printed=printed,
                    **common,
                ),
            )
        )
    out.append(
        (
            "изменён ход — последняя замена",
            r.move_reply(
                nick="Егор",
                accepted=True,
                action="kill",
                targets=["Tanya-77"],
                executor="Вова",
                replaced=True,
                last_change=True,
                ruleset="pefl",
                role="mafia",
                moves_now=("kill",),
                **common,
            ),
        )
    )
    out.append(
        (
            "условно: Дон стреляет сам",
            r.move_reply(
                nick="Егор",
                accepted=False,
                action="kill",
                targets=["Марго"],
                executor="Егор",
                reason="don_executor",
                conditional=True,
                ruleset="pefl",
                role="mafia",
                moves_now=("kill",),
                **common,
            ),
        )
    )
    out.append(
        (
            "условно: мафия при живом крёстном",
            r.move_reply(
                nick="Егор",
                accepted=False,
                action="kill",
                targets=["Марго"],
                reason="wrong_role",
                conditional=True,
                ruleset="gambler",
                role="mafia",
                moves_now=(),
                **common,
            ),
        )
    )
    for code in [*REFUSAL_RU, "a_code_nobody_knows"]:
        out.append(
            (
                f"отказ {code}: у игрока есть ход",
                r.move_reply(
                    nick="Нина",
                    accepted=False,
                    action="heal",
                    reason=code,
                    ruleset="pefl",
                    role="doctor",
                    moves_now=("heal",),
                    **common,
                ),
            )
        )
    for code in ("wrong_role", "dead", "late"):
        out.append(
            (
                f"отказ {code}: мирный житель",
                r.move_reply(
                    nick="Егор",
                    accepted=False,
                    action="check",
                    reason=code,
                    ruleset="pefl",
                    role="civilian",
                    moves_now=(),
                    **common,
                ),
            )
        )
    out.append(
        (
            "отказ wrong_turn: врач в нулевой ход",
            r.move_reply(
                nick="Нина",
                accepted=False,
                action="heal",
                reason="wrong_turn",
                ruleset="pefl",
                role="doctor",
                moves_now=(),
                **common,
            ),
        )
    )
    out.append(
        (
            "отказ wrong_role: шериф пишет «проверяю»",
            r.move_reply(
                nick="Егор",
                accepted=False,
                action="check",
                reason="wrong_role",
                ruleset="gambler",
                role="sheriff",
                moves_now=("kill",),
                **common,
            ),
        )
    )
    out.append(
        (
            "в письме нет хода: у игрока есть ход",
            r.move_reply(
                nick="Нина",
                accepted=False,
                action="",
                no_move=True,
                ruleset="gambler",
                role="commissar",
                moves_now=("check",),
                **common,
            ),
        )
    )
    out.append(
        (
            "в письме нет хода: мирный житель",
            r.move_reply(
                nick="Егор",
                accepted=False,
                action="",
                no_move=True,
                ruleset="gambler",
                role="civilian",
                moves_now=(),
                **common,
            ),
        )
    )
    out.append(
        (
            "в письме нет хода: хода этой ночью нет",
            r.move_reply(
                nick="Нина",
                accepted=False,
                action="",
                no_move=True,
                ruleset="pefl",
                role="doctor",
                moves_now=(),
                **common,
            ),
        )
    )
    ask = "Кого из двух: Кота или Шерлока? Пришлите, пожалуйста, ход с одним ником."
    out.append(
        ("вопрос: хода ещё нет", r.move_question(nick="Нина", question=ask, deadline=NEXT, tz=MSK))
    )
    out.append(
        (
            "вопрос: в силе прежний ход",
            r.move_question(
                nick="Нина", question=ask, action="check", targets=["Марго"], deadline=NEXT, tz=MSK
            ),
        )
    )
    out.append(
        (
            "вопрос: замен больше нет",
            r.move_question(
                nick="Нина", question=ask, action="heal", targets=["Марго"], final=True
            ),
        )
    )
    for nick, left in (("Нина", 1), ("Tanya-77", 2), ("Вася2005", 5)):
        out.append(
            (
                f"запись не принята: пропускает ещё {left}",
                f"[{SIGNUP_BANNED_SUBJECT_RU.format(game=GAME)}]\n" + signup_banned_ru(nick, left),
            )
        )
    out.append(
        (
            "ответ, когда один аккаунт играет в нескольких играх ведущего",
            WHICH_GAME_RU.format(game=GAME) + "\n\nНина, ход принят: лечение — Марго.",
        )
    )
    return out  # fmt: skip


# --- newspapers ---------------------------------------------------------------------------


def _red(voter: str, target: str, minute: int, post: int, agreed: int | None = None) -> Vote:
    at = datetime(2026, 12, 2, 14, minute, tzinfo=MSK)
    return Vote(voter, target, "red", post_id=post, at=at, agreed_with=agreed)


def _pefl(events: Sequence[E.Event], genders: dict[str, str] | None = None, **kw: Any) -> str:
    kw.setdefault("turn", 3)
    return _r(genders).newspaper(
        ruleset="pefl", game_name=GAME, events=events, next_deadline=NEXT, tz=MSK, **kw
    )


def pefl_papers() -> list[Entry]:
    out: list[Entry] = []
    for cause in PEFL_CAUSE_FORMS:
        for nick, genders in VICTIMS:
            role: Role = "commissar" if nick in ("Шерлок", "Нина") else "civilian"
            text = _pefl([E.Killed(turn=3, nick=nick, role=role, by=cause)], genders)
            out.append((f"ночь: {cause}, {nick}", text))
    two = [
        E.Killed(turn=3, nick="Нина", role="doctor", by="yakuza"),
        E.Killed(turn=3, nick="Mister X", role="mafia", clan="triad", by="maniac"),
        E.Beaten(turn=3, nick="Марго"),
    ]
    out.append(("ночь: двое погибших и избитый", _pefl(two)))
    for nick, genders in VICTIMS:
        evs: list[E.Event] = [
            E.WentMissing(turn=3, nick=nick, role="civilian", reason="no_post"),
            E.Beaten(turn=3, nick=nick),
        ]
        out.append((f"пропал без вести и избит: {nick}", _pefl(evs, genders)))
        evs = [
            E.VotesCounted(turn=3, votes=((nick, 3), ("Егор", 1)), abstained=("Вова",)),
            E.Hanged(turn=3, nick=nick, role="ninja", votes=3),
        ]
        out.append((f"повешен голосованием: {nick}", _pefl(evs, genders)))
    out.append(
        (
            "второй пропуск голосования",
            _pefl(
                [E.WentMissing(turn=3, nick="Егор", role="sergeant", reason="second_abstention")]
            ),
        )
    )
    out.append(
        (
            "решение ведущего: повесить",
            _pefl(
                [
                    E.OverrideApplied(turn=3, what="hang", nick="Нина"),
                    E.Hanged(turn=3, nick="Нина", role="civilian", votes=0),
                ]
            ),
        )
    )
    out.append(
        (
            "решение ведущего: никого не вешать",
            _pefl(
                [
                    E.OverrideApplied(turn=3, what="hang", nick=None),
                    E.NobodyRemoved(turn=3, reason="no_votes"),
                ]
            ),
        )
    )
    out.append(
        (
            "ничья: уходит набравший первым (P-V.4)",
            _pefl(
                [
                    E.VotesCounted(turn=3, votes=(("Марго", 2), ("Егор", 2))),
                    E.Hanged(turn=3, nick="Егор", role="civilian", votes=2),
                ],
                votes=[
                    _red("Нина", "Марго", 1, 1),
                    _red("Вова", "Егор", 2, 2),
                    _red("Гена", "Егор", 3, 3),
                    _red("Шерлок", "Марго", 4, 4, agreed=1),
                ],
            ),
        )
    )
    out.append(
        (
            "голоса не засчитаны (P-V.5)",
            _pefl(
                [
                    E.VotesCounted(turn=3, votes=(("Марго", 1),), abstained=("Вова", "Гена")),
                    E.Hanged(turn=3, nick="Марго", role="civilian", votes=1),
                ],
                votes=[_red("Нина", "Марго", 1, 1)],
                rejected=[
                    {"author": "Вова", "reason": "no_reason", "target": "Марго"},
                    {"author": "Гена", "reason": "unknown_nick", "target": "Мурка"},
                ],
            ),
        )
    )
    out.append(
        (
            "никого не повесили: решение за ведущим",
            _pefl([E.NobodyRemoved(turn=3, reason="host_to_decide")]),
        )
    )
    out.append(
        (
            "удалён, заменён, решения ведущего о голосах",
            _pefl(
                [
                    E.Removed(turn=3, nick="Граф Монте-Кристо", role="mafia"),
                    E.OverrideApplied(turn=3, what="remove", nick="Граф Монте-Кристо"),
                    E.PlayerReplaced(turn=3, old="Вова", new="Вовчик"),
                    E.OverrideApplied(turn=3, what="replace", nick="Вовчик", detail="Вова"),
                    E.OverrideApplied(turn=3, what="count_vote", nick="Нина", detail="Егор"),
                    E.OverrideApplied(turn=3, what="ignore_vote", detail="1234"),
                ]
            ),
        )
    )
    out.append(("нулевой ход: тихая ночь", _pefl([], turn=0)))
    out.append(
        (
            "нулевой ход: маньяк убил",
            _pefl([E.Killed(turn=0, nick="Марго", role="civilian", by="maniac")], turn=0),
        )
    )
    out.append(
        (
            "конец игры",
            _pefl(
                [
                    E.Killed(turn=5, nick="Егор", role="maniac", by="yakuza"),
                    E.GameWon(turn=5, winner="yakuza", how="P-W.1", survivors=("Вова",)),
                ],
                turn=5,
            ),
        )
    )
    return out  # fmt: skip


def _gambler(events: Sequence[E.Event], genders: dict[str, str] | None = None, **kw: Any) -> str:
    kw.setdefault("turn", 4)
    kw.setdefault("phase", "day")
    return _r(genders).newspaper(
        ruleset="gambler",
        game_name=GAME,
        events=events,
        next_deadline=NEXT,
        last_word_until=LAST_WORD,
        tz=MSK,
        **kw,
    )


def gambler_papers() -> list[Entry]:
    out: list[Entry] = []
    for nick, genders in VICTIMS:
        evs: list[E.Event] = [
            E.VotesCounted(turn=4, votes=((nick, 4), ("Егор", 2))),
            E.Jailed(turn=4, nick=nick, role="mafia"),
            E.Killed(turn=4, nick=nick if nick != "Шерлок" else "Нина", role="civilian"),
            E.HealAnnounced(turn=4, nick=nick),
        ]
        out.append((f"суд, ночь и лечение: {nick}", _gambler(evs, genders)))
    out.append(
        (
            "ночь: трое погибших, рассказы",
            _gambler(
                [
                    E.Killed(turn=4, nick="Шерлок", role="commissar", story="на рассвете, у моста"),
                    E.Killed(turn=4, nick="Tanya-77", role="civilian"),
                    E.Killed(turn=4, nick="Вася2005", role="civilian", story="[b]жирный[/b] яд"),
                ]
            ),
        )
    )
    out.append(
        (
            "рассказов не печатают (kill_stories = false)",
            _gambler(
                [E.Killed(turn=4, nick="Шерлок", role="commissar", story="на рассвете, у моста")],
                kill_stories=False,
            ),
        )
    )
    out.append(
        (
            "дуэль монеткой",
            _gambler(
                [
                    E.VotesCounted(turn=4, votes=(("Марго", 2), ("Егор", 2))),
                    E.DuelTossed(turn=4, players=("Марго", "Егор"), loser="Егор"),
                    E.Jailed(turn=4, nick="Егор", role="civilian"),
                ]
            ),
        )
    )
    out.append(
        (
            "итог настоящей дуэли от ведущего",
            _gambler(
                [
                    E.OverrideApplied(turn=4, what="duel", nick="Марго"),
                    E.Jailed(turn=4, nick="Марго", role="lawyer"),
                ]
            ),
        )
    )
    out.append(
        (
            "решение ведущего: посадить",
            _gambler(
                [
                    E.OverrideApplied(turn=4, what="jail", nick="Нина"),
                    E.Jailed(turn=4, nick="Нина", role="sheriff"),
                ]
            ),
        )
    )
    out.append(
        ("никого не посадили, ночь тиха", _gambler([E.NobodyRemoved(turn=4, reason="no_votes")]))
    )
    out.append(
        (
            "проверки, ход сорван, промах мафии, вербовка",
            _gambler(
                [
                    E.CheckAnnounced(turn=4, by="commissar", made=False),
                    E.CheckAnnounced(turn=4, by="lawyer", made=True, result="maniac"),
                    E.MoveBlocked(turn=4, role="commissar", missed="check"),
                    E.MoveBlocked(turn=4, role="godfather", missed="mafia_kill"),
                    E.MafiaMissed(turn=4),
                    E.Recruited(turn=4, side="mafia"),
                ]
            ),
        )
    )
    out.append(
        (
            "проверки без ролей (announce_check_roles = false)",
            _gambler(
                [E.CheckAnnounced(turn=4, by="commissar", made=True, result="doctor")],
                announce_check_roles=False,
            ),
        )
    )
    out.append(("первый день — знакомство", _gambler([], turn=1)))
    greens = [
        Vote("Нина", "Марго", "green"),
        Vote("Егор", "Марго", "green"),
        Vote("Вова", "Mister X", "green"),
        Vote("Гена", "Гена", "self"),
    ]
    out.append(
        (
            "зелёные: один номинант",
            _gambler(
                [
                    E.GreensCounted(
                        turn=4,
                        greens=(("Марго", 2), ("Mister X", 1)),
                        threshold=2,
                        nominees=("Марго",),
                        self_greened=("Гена",),
                    )
                ],
                phase="greens",
                votes=greens,
                rejected=[{"author": "Шерлок", "reason": "dead_target", "target": "Tanya-77"}],
            ),
        )
    )
    out.append(
        (
            "зелёные: несколько номинантов",
            _gambler(
                [
                    E.GreensCounted(
                        turn=4,
                        greens=(("Марго", 2), ("Mister X", 1)),
                        threshold=1,
                        nominees=("Марго", "Mister X"),
                    )
                ],
                phase="greens",
                votes=greens,
            ),
        )
    )
    out.append(
        (
            "зелёные: суда нет",
            _gambler(
                [E.GreensCounted(turn=4, greens=(("Марго", 1),), threshold=3, nominees=())],
                phase="greens",
            ),
        )
    )
    out.append(
        (
            "конец игры",
            _gambler(
                [
                    E.Jailed(turn=6, nick="Mister X", role="godfather"),
                    E.GameWon(turn=6, winner="town", how="G-W.1", survivors=("Нина", "Егор")),
                ],
                turn=6,
            ),
        )
    )
    return out  # fmt: skip


# --- posts around the game ---------------------------------------------------------------------


def posts() -> list[Entry]:
    r = _r()
    seats: list[tuple[str, str, str | None]] = [
        ("Шерлок", "commissar", None),
        ("Нина", "doctor", None),
        ("Mister X", "mafia", "triad"),
        ("Вова", "thug", "triad"),
        ("Гена", "bastard", "triad"),
        ("Tanya-77", "civilian", None),
    ]
    reds = [
        {
            "voter": v.voter,
            "target": v.target,
            "kind": "red",
            "post_id": v.post_id,
            "at": v.at,
            "agreed_with": v.agreed_with,
            "turn": 1,
        }
        for v in (
            _red("Нина", "Mister X", 1, 1),
            _red("Вова", "Нина", 2, 2),
            _red("Шерлок", "Mister X", 3, 3, agreed=1),
        )
    ]
    out: list[Entry] = []
    for ruleset in ("pefl", "gambler"):
        out.append(
            (
                f"{ruleset}: старт",
                r.start_post(
                    ruleset=ruleset,
                    game_name=GAME,
                    players=list(PLAYERS),
                    commitment="ab" * 32,
                    first_deadline=NEXT,
                    tz=MSK,
                    token="x1",
                ),
            )
        )
    for kind, threshold in (("red", None), ("green", 2), ("court", None)):
        out.append(
            (
                f"промежуточный подсчёт: {kind}",
                r.vote_count(
                    ruleset="pefl" if kind == "red" else "gambler",
                    game_name=GAME,
                    turn=2,
                    kind=kind,
                    tally=[("Марго", ["Нина", "Егор"]), ("Mister X", ["Вова"])],
                    not_voted=["Шерлок", "Tanya-77"],
                    as_of=LAST_WORD,
                    deadline=NEXT,
                    tz=MSK,
                    threshold=threshold,
                ),
            )
        )
    out.append(
        (
            "промежуточный подсчёт: голосов нет",
            r.vote_count(
                ruleset="pefl",
                game_name=GAME,
                turn=2,
                kind="red",
                tally=[],
                not_voted=["Нина"],
                as_of=LAST_WORD,
                deadline=NEXT,
                tz=MSK,
            ),
        )
    )
    subject, court = r.court_topic(
        game_name=GAME, turn=4, nominees=["Марго", "Mister X"], deadline=NEXT, tz=MSK
    )
    out.append((f"тема суда: {subject}", court))
    out.append(
        (
            "pefl: итоговое сообщение",
            r.final_post(
                ruleset="pefl",
                game_name=GAME,
                winner="town",
                seats=seats,
                seed=7,
                salt="соль",
                commitment="ab" * 32,
                vote_record=reds,
                tz=MSK,
            ),
        )
    )
    out.append(
        (
            "gambler: итоговое сообщение, победителей нет",
            r.final_post(
                ruleset="gambler",
                game_name=GAME,
                winner=None,
                seats=[("Шерлок", "commissar", None)],
                seed=7,
                salt="соль",
                commitment="ab" * 32,
                tz=MSK,
            ),
        )
    )
    return out  # fmt: skip


# --- the host's texts ---------------------------------------------------------------------


def host_texts() -> list[Entry]:
    r = _r()
    events: list[E.Event] = [
        E.RoleDealt(turn=3, audience=player("Нина"), nick="Нина", role="doctor"),
        E.AcquaintanceMade(turn=3, audience=player("Вова"), nick="Вова",
                           others=(("Mister X", "mafia"),), reason="clan"),
        E.DonChosen(turn=3, audience=player("Вова"), clan="triad", nick="Вова", by="election"),
        E.MoveAccepted(turn=3, audience=player("Граф Монте-Кристо"), nick="Граф Монте-Кристо",
                       action="kill", targets=("Нина",), executor="Вова", replaced=True),
        E.MoveRejected(turn=3, audience=player("Tanya-77"), nick="Tanya-77", action="check",
                       reason="late"),
        E.VoteIgnored(turn=3, audience=HOST, nick="Егор", reason="changed_vote", post_id=77),
        E.PostFlagged(turn=3, audience=HOST, nick="Марго", count=2, reason="beaten"),
        E.PostFlagged(turn=3, audience=HOST, nick="Шерлок", count=3),
        E.OverrideApplied(turn=3, what="ignore_vote", detail="1234"),
        E.GreensCounted(turn=3, greens=(("Марго", 2),), threshold=2, nominees=("Марго",)),
        E.VotesCounted(turn=3, votes=(("Марго", 2),), abstained=("Гена",)),
        E.DuelTossed(turn=3, players=("Марго", "Егор"), loser="Егор"),
        E.Jailed(turn=3, nick="Егор", role="civilian"),
        E.Hanged(turn=3, nick="Марго", role="ninja", votes=2),
        E.NobodyRemoved(turn=3, reason="duel_pending"),
        E.WentMissing(turn=3, nick="Вася2005", role="civilian", reason="no_post"),
        E.Removed(turn=3, nick="Гена", role="bastard"),
        E.PlayerReplaced(turn=3, old="Вова", new="Вовчик"),
        E.Killed(turn=3, nick="Нина", role="doctor", by="triad"),
        E.DeathRecorded(turn=3, audience=HOST, nick="Нина", cause="triad", killer="Вова"),
        E.DeathRecorded(turn=3, audience=HOST, nick="Tanya-77", cause="sheriff", killer="Егор"),
        E.Saved(turn=3, audience=HOST, nick="Шерлок", how="vest"),
        E.Beaten(turn=3, nick="Марго"),
        E.CheckResult(turn=3, audience=player("Шерлок"), by="commissar", target="Вова",
                      result="triad", thug="Вова"),
        E.CheckAnnounced(turn=3, by="lawyer", made=True, result="sheriff"),
        E.HealAnnounced(turn=3, nick="Шерлок"),
        E.MoveBlocked(turn=3, role="maniac", missed="kill"),
        E.MafiaMissed(turn=3),
        E.Recruited(turn=3, side="town"),
        E.SideChoiceAsked(turn=3, audience=player("Нина"), nick="Нина"),
        E.Resurrected(turn=3, audience=HOST, nick="Нина"),
        E.Promoted(turn=3, audience=player("Шерлок"), nick="Шерлок"),
        E.GameWon(turn=3, winner=None, how="P-W.1"),
        E.TurnResolved(turn=3, alive=("Шерлок", "Егор")),
    ]  # fmt: skip
    overrides = [
        "hang turn=3 nick=Кот (ушёл по-английски)",
        "jail turn=4",
        "duel turn=4 nick=Марго",
        "remove turn=3 nick=Гена step=7",
        "replace turn=3 nick=Вова new_nick=Вовчик",
        "extend_deadline turn=3 until=2026-12-04 22:00:00+03:00",
        "count_vote turn=3 nick=Нина target=Егор post_id=57",
        "ignore_vote post_id=58",
        "accept_move pm_id=15 (опоздал на 30 секунд)",
    ]
    report = r.host_report(
        game_name=GAME,
        turn=3,
        events=events,
        rejected=[
            {"author": "Вова", "reason": "no_reason", "target": "Марго", "post_id": 57},
            {"author": "Гена", "reason": "unknown_nick", "target": "Мурка", "post_id": 58},
        ],
        flags=["не отправлено: газета, ход 2 — тема закрыта, бот не может в ней писать"],
        overrides=overrides,
        notes=["Нина — врач", "Вова — громила, Триада"],
        ruleset="pefl",
    )
    notice = r.failure_notice(
        what="газета",
        turn=2,
        recipient=None,
        why="тема закрыта, бот не может в ней писать",
        text="[b]Газета «Вечерний город» — Мафия – 12, выпуск 2[/b]\n…",
    )
    gambler_report = r.host_report(
        game_name=GAME,
        turn=3,
        events=[E.TurnResolved(turn=3, alive=("Шерлок", "Егор"))],
        flags=[
            note(
                "refused",
                "gambler",
                what="газета",
                turn=Turn(2),
                why="тема закрыта, бот не может в ней писать",
            )
        ],
        ruleset="gambler",
    )
    gambler_notice = r.failure_notice(
        what="роль",
        turn=1,
        recipient="Нина",
        why="на форуме нет пользователя Нина",
        text="[b]Нина, ваша роль — доктор[/b]\n…",
        ruleset="gambler",
    )
    return [("отчёт ведущему: все события, решения, голоса", report),
            ("ведущему: не отправлено", notice),
            ("Гэмблер: отчёт ведущему считает дни", gambler_report),
            ("Гэмблер: ведущему: не отправлено", gambler_notice)]  # fmt: skip


# --- the daemon's notes for the host (flags: the host report, the dashboard, `status`) ------


def _turn_notes(rules: str) -> list[tuple[str, str]]:
    """(key, note) of every note that names a turn, for one rule set: day 3 in Gambler is
    turn 3 in PEFL, and the note says it as the rule set's papers do."""
    closed = "тема закрыта, бот не может в ней писать"
    return [
        ("posts_after_missed_deadline_one",
         note("posts_after_missed_deadline_one", rules, turn=Turn(3), next=turn_word(rules))),
        *(("posts_after_missed_deadline",
           note("posts_after_missed_deadline", rules, turn=Turn(3), count=Count(n),
                next=turn_word(rules)))
          for n in (2, 5, 21)),
        ("paper_without_chart",
         note("paper_without_chart", rules, turn=Turn(2),
              why=failure_ru("the board refused the attachment: file too large"))),
        ("pm_unverified",
         note("pm_unverified", rules, kind=outbox_kind_ru("role"), to=Nick("Нина"),
              turn=Turn(1))),
        ("pm_unverified",
         note("pm_unverified", rules, kind=outbox_kind_ru("ack-15"), to=Nick("Tanya-77"),
              turn=Turn(4))),
        ("post_seen_late_moved",
         note("post_seen_late_moved", rules, post=57, author="Шерлок", topic=1200,
              stamp="03.12 21:59", on_time=Turn(2), turn=Turn(3))),
        ("post_seen_late_kept",
         note("post_seen_late_kept", rules, post=58, author="Mister X", topic=1200,
              stamp="03.12 21:59", on_time=Turn(2), turn=Turn(2))),
        *(("pm_seen_late",
           note("pm_seen_late", rules, pm=15, sender=Nick(nick), stamp="03.12 21:58",
                on_time=Turn(2), turn=Turn(3)))
          for nick in ("Шерлок", "Нина", "Граф Монте-Кристо", "Tanya-77")),
        ("refused", note("refused", rules, what=outbox_kind_ru("newspaper"), to=Nick("topic"),
                         turn=Turn(2), why=closed)),
        *(("refused_to",
           note("refused_to", rules, what=outbox_kind_ru("role"), to=Nick(nick), turn=Turn(1),
                why=failure_ru("no such user on the board: " + nick)))
          for nick in ("Нина", "Марго", "Вася2005")),
        ("report_subject", note("report_subject", rules, game=GAME, turn=Turn(3))),
    ]  # fmt: skip


def _other_notes() -> list[tuple[str, str]]:
    """(key, note) of the notes that name no turn: the same in both rule sets."""
    rules = "pefl"
    twin = note("lookalike", rules, twin="Шерлок", twin_id=61, own_id=NOTE_RU["id_unknown"])
    return [
        ("stopped", note("stopped", rules, said=shut_out_ru("AccountBanned", "Вы забанены"))),
        ("deadline_held",
         note("deadline_held", rules, deadline="3 декабря в 22:00 МСК", allowed=2)),
        ("page_issue", note("page_issue", rules, topic=1200,
                            issue=parse_issue_ru("post 60", "no post time"))),
        ("pm_unreadable", note("pm_unreadable", rules, pm=16)),
        ("outsider_post", note("outsider_post", rules, author="Болтун", post=90)),
        ("lookalike",
         note("lookalike", rules, twin="Шерлок", twin_id=NOTE_RU["id_unknown"], own_id=77)),
        ("outsider_post_lookalike",
         note("outsider_post_lookalike", rules, author="Шерлoк", post=91, twin=twin)),
        ("refused_subject",
         note("refused_subject", rules, game=GAME, what=outbox_kind_ru("newspaper"))),
        *(("signup_lookalike",
           note("signup_lookalike", rules, author=Nick(a), post=12, first=Nick(b)))
          for a, b in (("Шерлoк", "Шерлок"), ("Нинa", "Нина"), ("Tanya_77", "Tanya-77"))),
        *(("pm_no_move", note("pm_no_move", rules, pm=17, sender=Nick(n)))
          for n in ("Егор", "Нина", "Марго", "Mister X")),
        ("pm_outsider", note("pm_outsider", rules, pm=18, sender="Зритель")),
        ("pm_outsider_lookalike",
         note("pm_outsider_lookalike", rules, pm=19, sender="Шерлoк", twin=twin)),
        *(("pm_dead", note("pm_dead", rules, pm=20, sender=n)) for n in ("Нина", "Вася2005")),
        *(("mailbox_filling", note("mailbox_filling", rules, used=Count(n), quota=50))
          for n in (41, 42, 45)),
        ("mailbox_filling_clean",
         note("mailbox_filling_clean", rules, used=Count(48), quota=50)),
        ("edited_after_deadline",
         note("edited_after_deadline", rules, post=61, author="Граф Монте-Кристо")),
        *(("late_last_word",
           note("late_last_word", rules, seat="Нина", post=62, span=span_words(m)))
          for m in (1, 30, 60, 120, 300)),
        ("reading_pages", NOTE_RU["reading_pages"].format(topic=1200)),
    ]  # fmt: skip


#: what no note shows on its own: filled into another
NOTE_PARTS = ("id_unknown",)


def host_notes() -> list[Entry]:
    out: list[Entry] = []
    for rules, name in (("pefl", "ПЕФЛ"), ("gambler", "Гэмблер")):
        out += [(f"{name}: {key}", text) for key, text in _turn_notes(rules)]
    out += [(f"оба свода правил: {key}", text) for key, text in _other_notes()]
    return out


def host_note_keys() -> set[str]:
    """The `NOTE_RU` keys the catalogue shows."""
    return {key for key, _text in (*_turn_notes("pefl"), *_other_notes())} | set(NOTE_PARTS)


#: the catalogue's files: name → the entries it holds, and whether players read them
FILES: dict[str, tuple[Callable[[], list[Entry]], bool]] = {
    "role_pms.txt": (role_pms, True),
    "night_news.txt": (night_news, True),
    "replies.txt": (replies, True),
    "newspapers_pefl.txt": (pefl_papers, True),
    "newspapers_gambler.txt": (gambler_papers, True),
    "posts.txt": (posts, True),
    "host.txt": (host_texts, False),
    "host_notes.txt": (host_notes, False),
}


def render_file(entries: list[Entry]) -> str:
    return "".join(f"════ {title} ════\n{text.rstrip()}\n\n" for title, text in entries)
