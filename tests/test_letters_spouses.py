"""A surname two spouses share as one-word nicks — Карпов and Карпова, a Latin pair Gromov and
Gromova, a pair typed in the other script (C-3, issue 17): the form names one of them only
where the grammar puts it in a case only one of them takes — an action verb's accusative,
before or after the object, adverbs between them, its infinitive; a verb whose own object
stands before it gives the player after it the dative — and the same for a Latin pair by
the Cyrillic spelling of its form and nicks. A nominal line, the nick as listed and a plural
stay asked. Development letters: tests/letters/spouses.jsonl."""

from __future__ import annotations

import pytest

from parser.nicks import NickResolver, one_gender
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        # a Latin pair: «Gromovu» is her accusative, his dative; «Gromovoy» hers alone
        ("Тимур", "Lechu Gromovu", "heal", "Gromova"),
        ("Рустам", "ubivayu belovu", "kill", "Belova"),
        # a Cyrillic pair typed in Latin, and a Latin pair written in Cyrillic
        ("Тимур", "lechu karpovu", "heal", "Карпова"),
        ("Лебедева", "Проверяю Громову", "check", "Gromova"),
    ],
)
def test_C_3_a_latin_pair_declines_by_its_cyrillic_spelling(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("spouses", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Рустам", "Карпову убиваю, она мешает", "kill", "Карпова"),  # the verb after it
        ("Лебедева", "Проверяю сегодня ночью Зуеву", "check", "Зуева"),  # adverbs between
        ("Лебедева", "Прошу проверить Карпову", "check", "Карпова"),  # an infinitive
    ],
)
def test_C_3_the_action_verbs_accusative_wherever_it_stands(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("spouses", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_3_P_M_8_a_verb_with_its_own_object_gives_the_player_the_dative() -> None:
    got = read_in_cast("spouses", "Gromov", "Убиваем Вику. Исполнение поручаю Лебедеву.")
    assert (got.kind, got.targets, got.executor) == ("move", ("Вика",), "Лебедев")


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Тимур", "Карпову."),  # a nominal line: his dative or her accusative
        ("Тимур", "Gromovu."),
        ("Лебедева", "proveryayu Karpova"),  # her nick as listed, or his accusative
        ("Рустам", "ubivayu Gromova"),
        ("Лебедева", "Проверяю Карпова"),
    ],
)
def test_C_3_a_form_either_spouse_may_be_is_asked(sender: str, text: str) -> None:
    got = read_in_cast("spouses", sender, text)
    assert (got.kind, got.code) == ("question", "ambiguous_nick")


def test_C_3_a_spelling_two_nicks_fit_by_letters_is_no_case_question() -> None:
    # «Wilku»: w as в or ш — Вилка and Шилка are no case forms of each other, so the case
    # the verb governs settles nothing between them
    match = NickResolver(["Вилка", "Шилка"]).resolve("Wilku", inflected=True)
    assert one_gender(match, "accs").candidates == ("Вилка", "Шилка")
