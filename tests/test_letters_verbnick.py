"""A player whose nick is the move's own verb form (C-2, C-3, issue 17 item 1): with a
player «Лечу» in the cast, the doctor's «Лечу Урала», «Лечу Лечу», «Сегодня лечу Лечу» and
«Урала лечу» are heals, read by the sentence's structure — the first move verb of its clause
is the verb, a player named in its clause is the object, and the undeclining word after a
move verb is its object by its place. The word stays the player where the clause names
nobody else («Лечу, проверяю Урала»), where it is listed with another player («Урал и
Лечу»), and where it is the subject of another verb, which a pronoun may point back to
(«Лечу вчера врал, проверяю его»). Development cases: tests/letters/verbnick.jsonl."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Айболит", "Лечу Лечу", "heal", "Лечу"),
        ("Айболит", "Лечу Урала", "heal", "Урал"),
        ("Айболит", "Сегодня лечу Лечу, он просил", "heal", "Лечу"),
        ("Айболит", "Урала лечу", "heal", "Урал"),
        ("Айболит", "Лечу Бегу", "heal", "Бегу"),
    ],
)
def test_C_2_a_verb_form_nick_opening_its_clause_before_a_player_is_the_verb(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("verbnick", sender, text)
    assert (got.action, got.targets) == (action, (target,)), got


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Шерлок", "Проверяю Лечу", "check", "Лечу"),
        ("Шерлок", "Лечу, проверяю Урала", "check", "Урал"),
        ("Шерлок", "Урал и Лечу подозрительны, проверяю Урала", "check", "Урал"),
        ("Шерлок", "Лечу всё время молчит, проверяю Лечу", "check", "Лечу"),
        ("Шерлок", "Лечу вчера врал, проверяю его", "check", "Лечу"),
    ],
)
def test_C_3_a_verb_form_nick_elsewhere_stays_the_player(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("verbnick", sender, text)
    assert (got.action, got.targets) == (action, (target,)), got


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Айболит", "Лечу к вам в тред"),  # flying, nobody named
        ("Шерлок", "Сплю сегодня, устал. Проверяю его"),  # a word in its own sense
    ],
)
def test_C_2_a_verb_form_word_in_its_own_sense_moves_no_one(sender: str, text: str) -> None:
    got = read_in_cast("verbnick", sender, text)
    assert got.action is None, got
