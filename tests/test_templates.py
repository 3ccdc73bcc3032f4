"""Templates: newspapers per rule set (G-P.1, P-P.1), counts, PMs, host report; golden files.

Set MAFIABOT_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate wording change
(then read the diff before committing it).
"""

from __future__ import annotations

import hashlib
import os
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from engine import events as E
from engine.actions import Vote
from engine.events import HOST, player
from mafiabot.newspaper.proof import commitment, role_listing
from mafiabot.newspaper.render import Renderer, bbcode_escape

GOLDEN = Path(__file__).resolve().parent / "golden_newspapers"
MSK = ZoneInfo("Europe/Moscow")
NEXT = datetime(2026, 12, 3, 22, 0, tzinfo=MSK)


def golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("MAFIABOT_UPDATE_GOLDEN"):
        path.write_text(text, "utf-8")
    assert path.exists(), f"no golden file {name} (run with MAFIABOT_UPDATE_GOLDEN=1)"
    assert text == path.read_text("utf-8")


@pytest.fixture
def r() -> Renderer:
    return Renderer()


PEFL_TURN_3 = [
    E.WentMissing(turn=3, nick="Незнайка", role="civilian", reason="no_post"),
    E.VotesCounted(turn=3, votes=(("Марго", 4), ("Кот", 7)), abstained=("Tanya-77",)),
    E.Hanged(turn=3, nick="Кот", role="civilian", votes=7),
    E.Killed(turn=3, nick="Шерлок", role="commissar", by="triad"),
    E.DeathRecorded(turn=3, audience=HOST, nick="Шерлок", cause="triad", killer="Борис"),
    E.Killed(turn=3, nick="Граф Монте-Кристо", role="mafia", clan="yakuza", by="maniac"),
    E.DeathRecorded(turn=3, audience=HOST, nick="Граф Монте-Кристо", cause="maniac", killer="Jack"),
    E.Beaten(turn=3, nick="Tanya-77"),
    E.Saved(turn=3, audience=HOST, nick="Марго", how="heal"),
    E.CheckResult(
        turn=3, audience=player("Dr.Watson"), by="commissar", target="Кот", result="civilian"
    ),
]

GAMBLER_DAY_4 = [
    E.VotesCounted(turn=4, votes=(("Mister X", 5), ("Марго", 2))),
    E.Jailed(turn=4, nick="Mister X", role="mafia"),
    E.Killed(turn=4, nick="Вася2005", role="civilian", story="Тихо, у фонаря."),
    E.DeathRecorded(turn=4, audience=HOST, nick="Вася2005", cause="mafia", killer="Граф"),
    E.CheckAnnounced(turn=4, by="commissar", made=True, result="doctor"),
    E.CheckAnnounced(turn=4, by="lawyer", made=True, result="sheriff"),
    E.HealAnnounced(turn=4, nick="Марго"),
    E.MoveBlocked(turn=4, role="sheriff", missed="kill"),
    E.MoveAccepted(
        turn=4, audience=player("Лиса_Алиса"), nick="Лиса_Алиса", action="block", targets=("Ёжик",)
    ),
    E.Recruited(turn=4, side="town"),
]


def _red(voter: str, target: str, minute: int, post: int, agreed: int | None = None) -> Vote:
    at = datetime(2026, 12, 2, 14, minute, tzinfo=MSK)
    return Vote(voter, target, "red", post_id=post, at=at, agreed_with=agreed)


# the turn's counted reds in the order cast (P-V.1), two agreements (P-V.2)
PEFL_TURN_3_VOTES = [
    _red("Марго", "Кот", 5, 101),
    _red("Dr.Watson", "Кот", 7, 104, agreed=101),
    _red("Кот", "Марго", 9, 105),
    _red("Анна Каренина", "Кот", 30, 112, agreed=104),
]


def test_P_P_1_pefl_newspaper_golden(r: Renderer) -> None:
    text = r.newspaper(
        ruleset="pefl",
        game_name="Мафия – 12",
        turn=3,
        events=PEFL_TURN_3,
        next_deadline=NEXT,
        votes=PEFL_TURN_3_VOTES,
        tz=MSK,
        genders={"Tanya-77": "f"},
    )
    golden("pefl_turn3.txt", text)
    # the order of the vote tally is by votes, most first
    assert text.index("Кот — 7") < text.index("Марго — 4")


def test_P_P_1_names_killers_by_role_never_by_nick(r: Renderer) -> None:
    text = r.newspaper(ruleset="pefl", game_name="M", turn=3, events=PEFL_TURN_3)
    assert "Триада" in text and "маньяк" in text  # by role
    for secret in ("Борис", "Jack", "Dr.Watson"):  # killers (host events), checker's PM
        assert secret not in text
    assert "Марго" in text  # only as a vote target, …
    assert "лечил" not in text and "врач" not in text  # … never as the healed one


def test_P_P_1_an_unexpected_killer_label_is_dropped_not_printed(r: Renderer) -> None:
    leak = [E.Killed(turn=2, nick="Анна", role="civilian", by="Борис")]
    text = r.newspaper(ruleset="pefl", game_name="M", turn=2, events=leak)
    assert "Анна" in text and "Борис" not in text


def test_P_P_1_ambushing_maniac_is_never_named(r: Renderer) -> None:
    evs = [
        E.Killed(turn=2, nick="Вова", role="thug", clan="triad", by="thug_accident"),
        E.Killed(turn=2, nick="Гена", role="commissar", by="ambush"),
        E.DeathRecorded(turn=2, audience=HOST, nick="Гена", cause="ambush", killer="Jack"),
        E.Saved(turn=2, audience=HOST, nick="Jack", how="ambush"),
    ]
    text = r.newspaper(ruleset="pefl", game_name="M", turn=2, events=evs)
    assert "засаде" in text and "Jack" not in text


def test_P_P_1_never_reveals_executor_heal_or_checks(r: Renderer) -> None:
    evs = [
        E.MoveAccepted(
            turn=2,
            audience=player("Борис"),
            nick="Борис",
            action="kill",
            targets=("Анна",),
            executor="Вова",
        ),
        E.Killed(turn=2, nick="Анна", role="civilian", by="triad"),
        E.Saved(turn=2, audience=HOST, nick="Гена", how="heal"),
        E.CheckResult(
            turn=2, audience=player("Шерлок"), by="commissar", target="Гена", result="triad"
        ),
        # a Gambler-only public event must not leak into a PEFL paper either
        E.HealAnnounced(turn=2, nick="Гена"),
    ]
    text = r.newspaper(ruleset="pefl", game_name="M", turn=2, events=evs)
    for secret in ("Вова", "Борис", "Гена", "Шерлок"):
        assert secret not in text


def test_G_P_1_gambler_newspaper_golden(r: Renderer) -> None:
    text = r.newspaper(
        ruleset="gambler",
        game_name="Мафия – 12",
        turn=4,
        events=GAMBLER_DAY_4,
        next_deadline=datetime(2026, 12, 5, 23, 59, tzinfo=MSK),
        last_word_until=datetime(2026, 12, 4, 12, 0, tzinfo=MSK),
    )
    golden("gambler_day4.txt", text)


def test_G_P_1_gambler_paper_never_says_by_whom_nor_whom_the_prostitute_invited(
    r: Renderer,
) -> None:
    evs = [*GAMBLER_DAY_4, E.Killed(turn=4, nick="Кот", role="commissar", by="maniac")]
    text = r.newspaper(ruleset="gambler", game_name="M", turn=4, events=evs)
    assert "Кот" in text
    assert "Граф" not in text  # the killer (host event)
    assert "маньяк" not in text  # the `by` of a Gambler kill is never printed
    assert "Ёжик" not in text and "Лиса" not in text  # the invitation and the prostitute
    # what is announced: checks with roles, the heal, the blocked role, recruitment
    for said in ("доктор", "шериф", "у постели", "не стрелял", "заодно с мирными"):
        assert said in text


def test_G_P_1_announce_check_roles_off_hides_the_role(r: Renderer) -> None:
    text = r.newspaper(
        ruleset="gambler",
        game_name="M",
        turn=4,
        events=[E.CheckAnnounced(turn=4, by="commissar", made=True, result="doctor")],
        announce_check_roles=False,
    )
    assert "Комиссар проверил одного из игроков" in text and "доктор" not in text


def test_G_N_3_greens_paper_lists_nominees(r: Renderer) -> None:
    evs = [
        E.GreensCounted(turn=2, greens=(("Кот", 1), ("Марго", 3)), threshold=2, nominees=("Марго",))
    ]
    text = r.newspaper(
        ruleset="gambler", game_name="M", turn=2, phase="greens", events=evs, next_deadline=NEXT
    )
    golden("gambler_greens_day2.txt", text)
    assert "порог — 2" in text and "[b]Марго[/b]" in text


def test_C_4_game_over_paper_and_C_6_override_noted(r: Renderer) -> None:
    evs = [
        E.OverrideApplied(turn=5, what="hang", nick="Кот"),
        E.Hanged(turn=5, nick="Кот", role="mafia", votes=0),
        E.GameWon(turn=5, winner="town", how="P-W.1", survivors=("Анна",)),
    ]
    text = r.newspaper(ruleset="pefl", game_name="M", turn=5, events=evs, next_deadline=NEXT)
    assert "Игра окончена: победили мирные жители" in text
    # C-6: a forced hanging is told as the host's decision, not as the vote's result
    assert "Решением ведущего" in text and "Решением города" not in text
    assert "следующего хода" not in text


def test_player_supplied_text_cannot_inject_bbcode(r: Renderer) -> None:
    evil = "[/b][size=200][color=red]Я[/color][/size]"
    evs = [
        E.Killed(turn=2, nick=evil, role="civilian", story="[url=http://x]жми[/url]"),
    ]
    text = r.newspaper(ruleset="gambler", game_name="[b]игра", turn=2, events=evs)
    for tag in ("[/b][size", "[size=200]", "[color=red]", "[url=", "[b]игра"):
        assert tag not in text
    assert "Я" in text and "жми" in text
    vc = r.vote_count(
        ruleset="pefl",
        game_name="M",
        turn=2,
        kind="red",
        tally=[(evil, [evil])],
        not_voted=[evil],
        as_of=NEXT,
        deadline=None,
    )
    assert "[color=red]" not in vc
    assert bbcode_escape("[b]") != "[b]" and bbcode_escape("a]b") == "a]b"


def test_interim_vote_count_golden(r: Renderer) -> None:
    text = r.vote_count(
        ruleset="pefl",
        game_name="Мафия – 12",
        turn=2,
        kind="red",
        tally=[("Кот", ["Марго", "Анна Каренина"]), ("Марго", ["Кот"])],
        not_voted=["Шерлок"],
        as_of=datetime(2026, 11, 28, 15, 30, tzinfo=MSK),
        deadline=datetime(2026, 11, 28, 22, 0, tzinfo=MSK),
    )
    golden("vote_count_pefl_turn2.txt", text)


def test_role_pm_and_move_replies_golden(r: Renderer) -> None:
    pm = r.player_pm(
        ruleset="pefl",
        game_name="Мафия – 12",
        nick="Борис",
        turn=0,
        events=[
            E.RoleDealt(turn=0, audience=player("Борис"), nick="Борис", role="mafia", clan="triad"),
            E.AcquaintanceMade(
                turn=0,
                audience=player("Борис"),
                nick="Борис",
                others=(("Вова", "thug"), ("Гена", "bastard")),
                reason="clan",
            ),
        ],
    )
    ok = r.move_reply(nick="Борис", accepted=True, action="kill", targets=["Анна"], executor="Вова")
    no = r.move_reply(
        nick="Борис", accepted=False, action="kill", reason="unknown_nick", detail="«Васька»"
    )
    golden("role_pm_and_replies.txt", pm + "---\n" + ok + "---\n" + no)
    assert "ход не принят" in no and "среди живых игроков такого ника нет" in no


def test_C_2_a_question_back_reads_as_the_hosts_question_not_a_refusal(r: Renderer) -> None:
    # the letter reader's questions (parser/letters/) get their own wording: the host asks
    # what is meant, says how to answer and what stands meanwhile
    ask = "Кого из двух: Кота или Шерлока? Пришлите, пожалуйста, ход с одним ником."
    fresh = r.move_question(nick="Борис", question=ask)
    kept = r.move_question(
        nick="Борис", question=ask, action="kill", targets=["Анна"], executor="Вова"
    )
    golden("move_question.txt", fresh + "---\n" + kept)
    for text in (fresh, kept):
        assert text.startswith("Борис, я не совсем понял ваше письмо") and ask in text
        assert "не принят" not in text and "до дедлайна" in text
    assert "в силе ваш прежний ход: убийство — Анна, исполнитель Вова" in kept
    assert "прежний" not in fresh
    assert "нельзя" not in fresh + kept


def test_P_M_0_a_question_to_a_player_with_no_change_left_says_the_answer_is_refused(
    r: Renderer,
) -> None:
    ask = "Кого из двух: Кота или Шерлока? Пришлите, пожалуйста, ход с одним ником."
    last = r.move_question(nick="Борис", question=ask, action="heal", targets=["Анна"], final=True)
    assert "изменить ход этой ночью вы уже не можете" in last, last
    assert "письмо не засчитано" in last and "В силе ваш прежний ход: лечение — Анна." in last
    # no question he may not answer: nothing asked, no answer invited
    assert ask not in last and "?" not in last and "Ответьте" not in last, last
    assert "Ответьте новым письмом" not in last


def test_host_report_lists_every_event_and_secret(r: Renderer) -> None:
    text = r.host_report(
        game_name="M",
        turn=3,
        events=PEFL_TURN_3,
        rejected=[{"author": "Вова", "reason": "no_reason", "post_id": 57}],
        issues=["post 60: no time"],
        flags=["Кот (мёртв) написал после смерти: сообщение 61"],
        overrides=["hang turn=3 nick=Кот"],
    )
    golden("host_report_pefl_turn3.txt", text)
    assert "удар нанёс Борис" in text and "Вова: нет обоснования словами" in text
    # Russian sentences, not an English dump of event fields or codes
    assert "DeathRecorded" not in text and "killer=" not in text and "no_reason" not in text
    assert "Причина смерти Шерлока: дело рук Триады; удар нанёс Борис [ведущему]" in text
    assert "повесить — ход 3, игрок Кот" in text and "turn=" not in text


def test_host_template_folder_wins_name_by_name(tmp_path: Path) -> None:
    (tmp_path / "vote_count.bbcode.j2").write_text("Свой подсчёт: {{ rows|length }}\n", "utf-8")
    r = Renderer(template_dir=tmp_path)
    vc = r.vote_count(
        ruleset="pefl", game_name="M", turn=1, kind="red", tally=[("a", ["b"])],
        not_voted=[], as_of=NEXT, deadline=None,
    )  # fmt: skip
    assert vc == "Свой подсчёт: 1\n"
    # templates the host did not write still come from ours
    assert "Газета" in r.newspaper(ruleset="pefl", game_name="M", turn=1, events=[])


def test_start_commitment_is_verifiable_from_the_final_post(r: Renderer) -> None:
    seats = [("Анна", "commissar", None), ("Борис", "mafia", "triad")]
    c = commitment(seats, 7, "соль")
    start = r.start_post(
        ruleset="pefl", game_name="M", players=["Анна", "Борис"], commitment=c,
        first_deadline=NEXT,
    )  # fmt: skip
    final = r.final_post(
        ruleset="pefl", game_name="M", winner="triad", seats=seats, seed=7, salt="соль",
        commitment=c,
    )  # fmt: skip
    assert c in start and "commissar" not in start and "Борис:mafia" not in start
    listing = role_listing(seats)
    assert listing in final
    assert hashlib.sha256(f"7|соль|{listing}".encode()).hexdigest() == c
    assert commitment([("Анна", "mafia", "triad"), ("Борис", "commissar", None)], 7, "соль") != c


def test_G_M_8_the_acknowledgement_of_a_side_choice_says_which_side(r: Renderer) -> None:
    # the acknowledgement spells the reading out: a side choice names its side (issue 17)
    town = r.move_reply(nick="Миледи", accepted=True, action="choose_side", side="town")
    mafia = r.move_reply(nick="Миледи", accepted=True, action="choose_side", side="mafia")
    assert "выбор стороны — вы играете за мирных" in town
    assert "выбор стороны — вы играете за мафию" in mafia


def test_C_2_a_role_without_night_moves_is_not_invited_to_send_another(r: Renderer) -> None:
    text = r.move_reply(
        nick="Катя",
        accepted=False,
        action="",
        reason="no_moves",
        detail="У вашей роли нет ночных ходов: письмо не засчитано как ход.",
        role_moves=False,
    )
    assert "у вашей роли нет ночных ходов" in text and "исправленный ход" not in text
