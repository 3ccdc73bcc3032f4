"""Batch 24's classes (a brass band forum's letters and votes, tests/letters/batch24.md),
each by the structure of its sentence, never by its phrase: C-2 — a move whose sentence
first has the sender wait on what another is still to say (a clause of the sender's own
verb governing a clause of another's future) waits on that word, and is asked."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Инна", "Жду, что скажет Фёдор, тогда убиваю Зою"),
        ("Марта", "Я дождусь, пока Фёдор ответит мне в личке, и тогда проверяю Зою."),
        ("Ника", "Гляну, что Юлиан скажет утром, а там убиваю Ладу"),
        ("Инна", "Zhdu, chto skazhet Fyodor, togda ubivayu Zoyu"),
    ],
)
def test_C_2_a_move_waiting_on_another_players_word_is_asked(sender: str, text: str) -> None:
    got = read_in_cast("waitword", sender, text)
    assert got.kind == "question"
    assert got.code == "undecided"
    assert "чужого слова" in got.text


@pytest.mark.parametrize(
    ("sender", "text", "target"),
    [
        ("Инна", "Фёдор сказал, что Зоя мафия, убиваю Зою", "Зоя"),  # the word given
        ("Марта", "Не жду, что скажет Зоя, проверяю Семёна", "Семён"),  # waiting denied
        ("Вадим", "Знаю, что скажет Зоя, но лечу Ладу", "Лада"),  # a contrast
        ("Марта", "Проверяю Кирилла, посмотрим, что он скажет днём", "Кирилл"),  # after
    ],
)
def test_C_2_another_players_word_given_or_set_aside_leaves_the_move_firm(
    sender: str, text: str, target: str
) -> None:
    got = read_in_cast("waitword", sender, text)
    assert got.kind == "move"
    assert list(got.targets) == [target]
