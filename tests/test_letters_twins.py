"""Two nicks where one, written exactly as listed, is a case form of the other (C-3, issue 17;
docs/rulings.md: a nick written as listed may stand undeclined): a masculine and a feminine
form of one first name (Августин and Августина, Ян and Яна, Александр and Александра), a
word nick and its genitive-looking twin (Кот and Кота), a Latin pair (Valentin and
Valentina). The form is asked naming both unless the sentence settles it: a pronoun or an
adjective right before it agreeing with one reading only, a relative pronoun after it of
one gender, a past-tense verb of which it is the subject (a nominative, which only the
nick as listed is), or a case only one of them is in. Development letters:
tests/letters/twins.jsonl."""

from __future__ import annotations

import pytest

from parser.letters.tokens import tokenize
from parser.nicks import NickResolver
from parser.twins import settled_twin
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Тимур", "Лечу Августина"),  # her nick as listed, or his accusative
        ("Лида", "проверяю Яна"),
        ("Рустам", "Стреляю в Кота"),  # «в» takes the accusative both readings are
        ("Тимур", "Лечу Valentina"),  # a Latin pair, spelt in Cyrillic to decline
    ],
)
def test_C_3_a_nick_as_listed_that_is_the_twins_case_form_is_asked(sender: str, text: str) -> None:
    got = read_in_cast("twins", sender, text)
    assert got.kind == "question" and got.code == "ambiguous_nick"


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Тимур", "Лечу нашего Августина", "heal", "Августин"),  # a masculine accusative
        ("Тимур", "Лечу нашу Августина, она просила", "heal", "Августина"),  # hers, undeclined
        ("Лида", "Проверяю этого Яна", "check", "Ян"),
        ("Лида", "Проверяю эту Яна", "check", "Яна"),
        ("Лида", "Проверяю Яна, который вчера молчал", "check", "Ян"),
        ("Лида", "Проверяю Яна, которая вчера молчала", "check", "Яна"),
    ],
)
def test_C_3_an_agreeing_word_settles_which_twin(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("twins", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_3_P_M_8_the_dative_only_one_twin_takes_names_the_executor() -> None:
    got = read_in_cast("twins", "Марат", "Убиваем Глеба. Исполнение поручаю Августину")
    assert (got.kind, got.targets, got.executor) == ("move", ("Глеб",), "Августин")


def test_C_3_a_past_tense_verb_makes_the_form_its_subject_the_nick_as_listed() -> None:
    tokens = tokenize("Августина промолчала")
    twins = ("Августина", "Августин")
    assert settled_twin(tokens, 0, 1, "Августина", twins) == "Августина"
    # a masculine past tense agrees with neither: the nominative is hers alone
    assert settled_twin(tokenize("Августина промолчал"), 0, 1, "Августина", twins) is None


def test_C_3_a_latin_nick_as_listed_clashes_with_its_twin_but_not_with_a_name_heard_alike() -> None:
    resolver = NickResolver(["Valentin", "Valentina", "Julian", "Yulian"])
    exact = resolver.resolve_strict("Valentina", ("exact",))
    assert exact is not None
    assert set(resolver.case_clash(exact).candidates) == {"Valentin", "Valentina"}
    julian = resolver.resolve_strict("Julian", ("exact",))
    assert julian is not None and resolver.case_clash(julian).nick == "Julian"
