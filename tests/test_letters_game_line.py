"""A letter's own marked line for the game beside talk on a move's verb (C-2, issue 17): a
sentence that opens with a short head — a few words that name no player and hold no verb —
and a colon or a dash («По игре: …», «Ход: …», «По делу — …») and closes the letter is the
move where the whole letter is asked because the talk before it names another player. A
line followed by more words (a correction or a condition may follow), a head that names a
player («Вика: …») or holds a verb («Кирилл сказал: …») marks nothing. Development letters:
tests/letters/gameline.jsonl, and `band`, `bees_g`, `kitchen`, `kitchen_g`."""

from __future__ import annotations

import pytest

from parser.letters.gameline import marked_lines
from parser.nicks import NickResolver
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "action", "target", "executor"),
    [
        ("Марина", "Проверяю у Кирилла тесты, завтра контрольная. Ход: Степан.", "check",
         "Степан", None),
        ("Рустам", "Захожу к Кириллу за дрелью. Ход: Нина", "kill", "Нина", None),
        ("Тимур", "Навещаю бабушку Вики в больнице. По делу — лечу Глеба.", "heal", "Глеб",
         None),
        ("Олег", "Навещаю гараж Стаса, чиню машину. По игре: Нина, исполнитель Лёша.", "kill",
         "Нина", "Лёша"),
        ("Тимур", "lechu babushku Viki ot davleniya. Po igre: Gleb", "heal", "Глеб", None),
    ],
)  # fmt: skip
def test_C_2_a_marked_line_closing_the_letter_is_the_move_over_talk(
    sender: str, text: str, action: str, target: str, executor: str | None
) -> None:
    got = read_in_cast("gameline", sender, text)
    assert (got.kind, got.action, got.targets, got.executor) == (
        "move",
        action,
        (target,),
        executor,
    )


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю Нину. Степан.",  # no head: neither line is marked
        "проверяю у кирилла тесты по игре степан",  # no colon or dash
    ],
)
def test_C_2_two_players_with_no_marked_line_stay_asked(text: str) -> None:
    got = read_in_cast("gameline", "Марина", text)
    assert got.kind == "question"


@pytest.mark.parametrize(
    ("text", "marked"),
    [
        ("Навещаю Вику. По игре: Нина", True),
        ("Навещаю Вику. Итак, ход: Нина", True),
        ("Вика: проверь Нину. Проверяю Степана.", False),  # a player addressed
        ("Кирилл сказал: Степан мафия. Проверяю Нину.", False),  # a clause of its own
        ("Цель: Нина. Если её повесят — тогда Глеб.", False),  # words after the line
    ],
)
def test_C_2_a_marked_line_by_its_heads_shape(text: str, marked: bool) -> None:
    resolver = NickResolver(["Вика", "Нина", "Кирилл", "Степан", "Глеб"])
    assert (marked_lines(text, resolver) is not None) is marked
