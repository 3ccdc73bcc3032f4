"""C-2, M1 (batch 24): a time of the sender's evening beside a present-tense move.

The move is tonight's unless the letter puts it on another night. An event named by «после»
and a noun in the genitive with no day named («после репетиции», «после обхода палаты») is
one of the sender's evening: a present-tense move made beside it («Проверяю X после
репетиции») is tonight's move (`parser.letters.promised._day_named`). The time is left open
and the letter asked when it may lie past tonight's deadline: a day named («в субботу»), a
word of later («завтра», «следующей»), an adjective standing for days («после выходных»),
or the sender's own perfective future («Проверю X после смены»: the act promised for the
event's time; «когда вернусь из отпуска»). See docs/rulings.md, the ruling on a time of the
sender's evening. Cast: `cast_evening.json` (PEFL turn 2; Злата the commissar, Арина the
doctor, Родион the maniac, Всеволод the Don, Эльвира his member)."""

from __future__ import annotations

import pytest

from parser.letters.promised import put_off_by_time
from parser.letters.reading import UNDECIDED
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Злата", "Проверяю Назара после смены", "check", "Назар"),  # P-M.1
        ("Арина", "Лечу Полину после дежурства.", "heal", "Полина"),  # P-M.5
        ("Родион", "после тренировки убиваю Ермака", "kill", "Ермак"),  # P-M.13
        ("Всеволод", "Убиваем Милену после планёрки, исполнитель Эльвира.", "kill", "Милена"),
        ("Злата", "После родительского собрания проверяю Ульриха.", "check", "Ульрих"),
        ("Злата", "Проверяю Святогора сразу после репетиции хора", "check", "Святогор"),
    ],
)
def test_C_2_M1_a_present_tense_move_beside_an_evening_event_is_tonights(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("evening", sender, text)
    assert (got.kind, got.action, list(got.targets)) == ("move", action, [target])


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Злата", "Проверяю Назара после концерта в субботу"),  # a day named
        ("Арина", "Лечу Фросю после дежурства в понедельник"),
        ("Всеволод", "Убиваем Ульриха после турнира в воскресенье, исполнитель Эльвира"),
        ("Арина", "Лечу Полину после выходных"),  # an adjective standing for days
        ("Злата", "posle vyhodnyh proveryayu Ulrikha"),
        ("Злата", "Проверю Назара после смены"),  # the perfective future
        ("Родион", "после следующей тренировки убиваю Святогора"),  # a word of later
    ],
)
def test_C_2_M1_an_event_that_may_lie_past_the_deadline_is_asked(sender: str, text: str) -> None:
    got = read_in_cast("evening", sender, text)
    assert got.kind == "question"
    assert got.code == UNDECIDED or "следующей" in text  # «следующей»: the player put off


def test_C_2_M1_put_off_by_time_leaves_an_evening_event_to_tonight() -> None:
    assert put_off_by_time(tokenize("Проверяю Назара после смены"), 0, set()) is None
    assert put_off_by_time(tokenize("Проверяю Назара после смены в субботу"), 0, set()) == (
        "после смены"
    )
    assert put_off_by_time(tokenize("Проверю Назара после смены"), 0, set()) == "после смены"
