"""Batch 24's classes (a brass band forum's letters and votes, tests/letters/batch24.md),
each by the structure of its sentence, never by its phrase: C-2 — a move whose sentence
first has the sender wait on what another is still to say (a clause of the sender's own
verb governing a clause of another's future) waits on that word, and is asked; P-V.1 — a
vote verb that is an infinitive governed by a predicative or an impersonal verb («пора
голосовать», «стоит за неё голосовать»), or a vote verb not of the first person in a
question, is nobody's vote: the red is shown to the host, not counted, unless the post
holds the author's own vote elsewhere."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red


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


_PLAYERS = ("Арсений", "Белла", "Галина", "Клим", "Мирон")


_reading = reader_for(_PLAYERS, by="Мирон")


@pytest.mark.parametrize(
    "body",
    [
        f"{_red('Арсений')} всех запутал, пора голосовать",
        f"Нельзя голосовать за {_red('Клима')} без причины, коллеги.",
        f"{_red('Галина')} мафия? Стоит ли за неё голосовать?",
        f"Уважаемые игроки! Полагаю, нам следует голосовать против {_red('Арсения')}.",
    ],
)
def test_P_V_1_a_vote_word_that_is_nobodys_vote_is_shown_not_counted(body: str) -> None:
    got = _reading(body)
    assert got.status == "rejected"
    assert got.reason == "unproven"


@pytest.mark.parametrize(
    ("body", "target"),
    [
        (f"Пора определяться. Голосую против {_red('Беллы')}, она путается.", "Белла"),
        (f"Нельзя не голосовать против {_red('Клима')}, он врёт весь день.", "Клим"),
        (f"Надо голосовать, вот мой голос: против {_red('Галины')}, она врёт.", "Галина"),
    ],
)
def test_P_V_1_the_authors_own_vote_beside_a_modal_is_counted(body: str, target: str) -> None:
    got = _reading(body)
    assert got.status == "vote"
    assert got.target == target
