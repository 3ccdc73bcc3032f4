"""Part 9's silent classes, by rule (tests/letters/README.md, `reader-16`): a correction
after any line of a Don's order (C-2, P-M.8), a move beside a pending side choice (C-2,
G-M.8), a lower-case word that is another animate word as well as a word nick's case form
(C-3). The development letters are `tests/letters/post9.jsonl` and `post9_g.jsonl`."""

from __future__ import annotations

import pytest

from engine.actions import Move
from parser.letters.reading import LetterReading
from tests.letter_kit import read_in_cast


def _read(cast: str, sender: str, text: str) -> LetterReading:
    return read_in_cast(cast, sender, text)


@pytest.mark.parametrize(
    ("text", "target", "executor"),
    [
        ("Убиваем Лавра. Исполнитель Демид. не Лавра а Аглаю", "Аглая", "Демид"),
        ("Исполнитель Демид. Убиваем Лавра. Не Лавра, а Аглаю.", "Аглая", "Демид"),
        ("Убиваем Лавра. Исполнитель Демид. Не Демид, а Евдоким", "Лавр", "Евдоким"),
        ("Убиваем Лавра. Исполнитель — не Евдоким, а Демид.", "Лавр", "Демид"),
    ],
)
def test_C_2_P_M_8_a_correction_after_another_line_of_the_order_wins(
    text: str, target: str, executor: str
) -> None:
    got = _read("post9", "Агафон", text)
    assert (got.kind, got.targets, got.executor) == ("move", (target,), executor), got


@pytest.mark.parametrize(
    "text",
    ["Убиваем Лавра. Исполнитель Демид. Не Лавра.", "Убиваем Лавра. Исполнитель Демид. Не Демид."],
)
def test_C_2_a_player_of_the_order_taken_back_with_nobody_instead_is_asked(text: str) -> None:
    assert _read("post9", "Агафон", text).kind == "question"


def test_G_M_8_an_invitation_beside_the_pending_side_is_asked_never_the_invitation_alone() -> None:
    got = _read("post9_g", "Юлиана", "Приглашаю Кума. Выбираю мафию.")
    assert got.kind == "question" and "стороны" in got.text, got
    # what the daemon and replay take from it: a question, not a move that drops the side
    assert not isinstance(got.as_input("Юлиана"), Move)
    alone = _read("post9_g", "Юлиана", "Приглашаю Кума.")
    assert (alone.kind, alone.action, alone.targets) == ("move", "block", ("Кум",))


@pytest.mark.parametrize(
    ("sender", "text", "read"),
    [
        ("Гликерия", "Лечу куму", None),  # «кума», a kinship word: asked
        ("Ермолай", "Проверяю лису", None),  # «лиса»'s accusative, Лис's dative: asked
        ("Гликерия", "Лечу кума", "Кум"),  # Кум's accusative
        ("Пантелей", "Стреляю в кума", "Кум"),
        ("Ермолай", "Проверяю Лиса", "Лис"),
    ],
)
def test_C_3_another_animate_word_is_no_case_form_of_a_word_nick(
    sender: str, text: str, read: str | None
) -> None:
    got = _read("post9_g", sender, text)
    if read is None:
        assert got.kind == "question", got
    else:
        assert (got.kind, got.targets) == ("move", (read,)), got
