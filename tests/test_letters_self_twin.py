"""A twin pair with the writer in it (C-3, P-M.5, P-M.15, G-M.7; docs/rulings.md, «a twin
pair with the writer in it»): a form that is the writer's own nick as listed and the other
twin's accusative («Лечу Августина» from the doctor Августина beside Августин), or the
writer's accusative and the other's nick as listed («Убиваю Александра» from the maniac
Александр beside Александра), is asked — the rules forbidding a move on oneself say what
the engine accepts, not whom the writer meant. The words agreeing with the form settle it,
and a third person's pronoun opening the next clause, which never speaks of the writer.
Development letters: tests/letters/selftwin.jsonl, selftwin_g.jsonl."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        ("selftwin", "Августина", "Лечу Августина"),  # P-M.5: may not heal herself
        ("selftwin", "Августина", "лечу августина"),
        ("selftwin", "Августина", "Прошу учесть: этой ночью лечу Августина."),
        ("selftwin", "Valentina", "Проверяю Valentina"),  # a Latin pair
        ("selftwin", "Valentina", "proveryayu valentina"),
        ("selftwin", "Александр", "Убиваю Александра"),  # P-M.15: his accusative, or her
        ("selftwin", "Ян", "Убиваем Яна, исполнитель Зоя"),  # P-M.8: the Don's own form
        ("selftwin", "Александр", "Александра убиваю"),  # the object before his own verb
        ("selftwin_g", "Августина", "Лечу Августина"),  # G-M.7: herself allowed once
        ("selftwin_g", "Александр", "Стреляю в Александра"),
        ("selftwin_g", "Ян", "Убиваем Яна"),
    ],
)
def test_C_3_a_twin_form_that_may_name_the_writer_is_asked(
    cast: str, sender: str, text: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert got.kind == "question" and got.code == "ambiguous_nick"
    assert "вы сами" in got.text  # the writer is spoken to as one of the readings


def test_P_M_5_the_writers_own_accusative_is_herself_and_refused() -> None:
    # «Августину»: her accusative, his dative — a heal takes the accusative: herself
    got = read_in_cast("selftwin", "Августина", "Лечу Августину")
    assert got.kind == "refused" and got.code == "forbidden_target"


@pytest.mark.parametrize(
    ("cast", "sender", "text", "action", "target"),
    [
        # a third person's pronoun never speaks of the writer: the twin of its gender
        ("selftwin", "Августина", "Лечу Августина, он вчера просил", "heal", "Августин"),
        ("selftwin", "Александр", "Убиваю Александра, она слишком много знает", "kill",
         "Александра"),
        # an agreeing pronoun adjective, a form only one twin takes
        ("selftwin", "Августина", "Лечу нашего Августина", "heal", "Августин"),
        ("selftwin", "Августина", "Лечу Августин", "heal", "Августин"),
        ("selftwin", "Александр", "Убиваю Александру", "kill", "Александра"),
        ("selftwin_g", "Августина", "Лечу себя", "heal", "Августина"),  # G-M.7
        # away from the move's place the writer's own nick is herself, no reading to weigh
        ("selftwin", "Августина", "Я, Августина, лечу Глеба", "heal", "Глеб"),
    ],
)  # fmt: skip
def test_C_3_words_that_settle_the_writers_twin_form(
    cast: str, sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_3_a_pronoun_of_the_writers_own_gender_settles_nothing() -> None:
    # «он» may not be the writer Александр, and Александра is no «он»: nothing settled
    got = read_in_cast("selftwin", "Александр", "Убиваю Александра, он слишком много знает")
    assert got.kind == "question" and got.code == "ambiguous_nick"


def test_C_3_between_two_other_players_a_pronoun_settles_nothing() -> None:
    # the writer is none of the pair: «она» may speak of anyone (caseclash:11)
    got = read_in_cast("twins", "Лида", "Проверяю Александра, она весь день молчала")
    assert got.kind == "question" and got.code == "ambiguous_nick"
