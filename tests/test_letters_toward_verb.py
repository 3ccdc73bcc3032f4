"""C-2 (rulings §2): a finite verb outside the game's vocabulary that is no verb of going,
governing «к X» («Присматриваюсь к Вике», «Привыкаю к Егору»), proves no move — asked,
never read as the role's one action (cast `cast_toward.json`, PEFL turn 2).

- `parser.letters.actions.verb_toward`: the verb before «к», only adverbs, particles,
  pronouns and an instrumental phrase of time between, neither a game word nor a verb of
  going (`actions.going_by_root`: a verbal prefix and a root of the Russian verbs of motion).
- `parser.letters.infer._toward_doubt`: every player the letter names stands so — asked;
  not for the commissar, whose check is looking at the player («Присмотрюсь к X»)."""

from __future__ import annotations

import pytest

from parser.letters.actions import going_by_root
from parser.letters.reading import IS_IT_A_MOVE
from parser.morph import parse
from tests.letter_kit import read_in_cast


def _read(sender: str, text: str) -> tuple[str, str | None, list[str]]:
    got = read_in_cast("toward", sender, text)
    what = got.code if got.kind == "question" else got.action
    return (got.kind, what, list(got.targets))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Лиса", "Присматриваюсь к Вике."),
        ("Гром", "Прислушиваюсь к Лене этой ночью."),  # the ninja's; a phrase of time after
        ("Лиса", "придираюсь к антону"),
        ("Лиса", "Привыкаю к Егору."),
        ("Лиса", "Prismatrivayus k Vike"),  # typed in Latin letters
        ("Лиса", "Уважаемый ведущий, этой ночью я внимательно присматриваюсь к Олегу."),
        ("Лиса", "короч пристаю к Свете с расспросами"),
        ("Лиса", "Обращаюсь к Антону с вопросом."),
    ],
)
def test_C_2_a_verb_outside_the_vocabulary_toward_a_player_is_asked(sender: str, text: str) -> None:
    assert _read(sender, text)[:2] == ("question", IS_IT_A_MOVE)


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Лиса", "Иду к Вике.", "kill", "Вика"),
        ("Лиса", "Заглядываю к Олегу.", "kill", "Олег"),
        ("Лиса", "Прихожу к Лене ночью с ножом.", "kill", "Лена"),
        ("Лиса", "Подкрадываюсь к Свете.", "kill", "Света"),  # a verb of going by its root
        ("Лиса", "Приезжаю к Антону.", "kill", "Антон"),
        ("Гром", "Подплываю к Лене на лодке.", "kill", "Лена"),
        ("Маша", "Иду к Свете.", "heal", "Света"),
        ("Штерн", "Приглядываюсь к Жанне повнимательнее.", "check", "Жанна"),
        ("Лиса", "Присматриваюсь к Вике уже третий день. Убиваю Олега.", "kill", "Олег"),
    ],
)
def test_P_M_13_a_verb_of_going_to_a_player_stays_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read(sender, text) == ("move", action, [target])


@pytest.mark.parametrize(
    ("word", "going"),
    [
        ("подкрадываюсь", True),
        ("приезжаю", True),
        ("подхожу", True),
        ("подъезжаю", True),
        ("приглядываюсь", False),  # the root of «заглядывать» is no root of motion
        ("привыкаю", False),
        ("пристаю", False),
        ("украду", False),  # «красть», not «красться»
    ],
)
def test_C_2_a_verb_of_going_is_told_by_its_prefix_and_root(word: str, going: bool) -> None:
    assert going_by_root(parse(word)[0].lemma) is going
