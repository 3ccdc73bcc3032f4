"""A move's player carried over from the sentence before (C-3, issue 17): a third-person
pronoun as the move's object, or a bare action word restating a verb of another sense, is
the one player the letter names before it — when he is its only possible antecedent.
Two players, a pronoun of another gender or number, a creature between, a possessive «его»,
a player negated or put off: still asked. Development letters: tests/letters/carry.jsonl."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Лиана", "Степан сегодня кашлял. Лечу его.", "heal", "Степан"),
        ("Аркадий", "Нина какая-то мутная. её проверяю", "check", "Нина"),
        ("Сокол", "борис достал уже убиваю его", "kill", "Борис"),
        ("Лиана", "Тамара вчера лечила меня. Сегодня лечу её.", "heal", "Тамара"),
        ("Аркадий", "Ирма мафия? Проверю её.", "check", "Ирма"),
    ],
)
def test_C_3_P_M_1_P_M_5_a_pronoun_with_one_possible_antecedent_is_that_player(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("carry", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_3_P_M_13_a_bare_action_word_restates_the_act_of_the_sentence_before() -> None:
    got = read_in_cast("carry", "Сокол", "Отправляю Бориса в долгий сон. Навсегда. То есть убиваю.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Борис",))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Лиана", "Степан подобрал кота. Лечу его."),  # a creature between
        ("Лиана", "Степан и Борис ругались весь день. Лечу его."),  # two players
        ("Лиана", "Степан сегодня грустный. Лечу его жену."),  # possessive
        ("Аркадий", "Нина мутная. Проверяю его."),  # another gender
        ("Аркадий", "Степана не трогаю. Проверяю его."),  # negated
        ("Сокол", "Ирму убью завтра. Сегодня убиваю её."),  # put off
        ("Сокол", "Зоя сегодня молчит. Убиваем их."),  # plural
        ("Лиана", "Глеба вчера убили. Лечу его."),  # dead
        ("Лиана", "Ульяну вчера лечила. Сегодня лечу."),  # the game's own act, past
        ("Лиана", "Нина и Ульяна подруги. Лечу её."),
    ],
)
def test_C_3_a_pronoun_or_bare_act_without_one_antecedent_is_asked(sender: str, text: str) -> None:
    assert read_in_cast("carry", sender, text).kind == "question"


def test_C_3_a_lower_case_common_noun_nick_is_no_proven_antecedent() -> None:
    # «кот» may be a cat as well as the player Кот
    got = read_in_cast("pefl", "Ефим", "кот подозрительный, его и проверяю")
    assert (got.kind, got.code) == ("question", "pronoun")
