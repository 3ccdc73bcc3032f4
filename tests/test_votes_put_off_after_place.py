"""A vote put off or hedged after the coloured nick, and a place-word nick in talk of places
(P-V.1, G-N.1; tests/votes/README.md, round `votes-27`): each is shown to the host, never
counted. Only the reasons said for later, a later act about something else, a vote verb of
now before the nick, a negated re-vote or a «now» after it leave the vote."""

from __future__ import annotations

from typing import Literal

import pytest

from tests.vote_kit import green as _green
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Слобода", "Плотина", "Мельница", "Ефросинья", "Прохор", "Денис_77", "Ульяна")


_read = reader_for(PLAYERS, by="Ульяна")


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"{_red('Прохор')} — окончательно определюсь к ночи, пока смотрю.", "pefl"),
        (f"{_green('Ефросинья')}, но утром скажу точнее", "gambler"),
        (f"{_red('Денис_77')}: путается в ответах. Впрочем, решение приму после ужина.", "pefl"),
        (f"Пока {_green('Прохор')}, утром подтвержу или сменю", "gambler"),
        (f"{_red('Ефросинья')} (голос будет позже): странно молчала всю ночь.", "pefl"),
    ],
)
def test_P_V_1_G_N_1_a_choice_said_for_later_after_the_nick_is_put_off(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", "put_off"), got


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"{_red('Прохор')} — это пока не голос: он слишком гладко оправдывается.", "pefl"),
        (f"Наверху {_green('Денис_77')}, но это не окончательно", "gambler"),
        (f"{_red('Ефросинья')}, это не точно, она весь день то врёт, то молчит.", "pefl"),
    ],
)
def test_P_V_1_G_N_1_a_naming_said_to_be_no_vote_yet_is_doubted(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", "doubted"), got


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (f"{_red('Прохор')} — вечером добавлю фактов, а пока: врёт.", "pefl", "Прохор"),
        (f"{_green('Ефросинья')}, а утром поглядим на остальных", "gambler", "Ефросинья"),
        (f"Голосую против {_red('Денис_77')}, к ночи объясню подробнее: врёт.", "pefl", "Денис_77"),
        (f"{_red('Ефросинья')}, голосую, ночью не переголосую: врёт.", "pefl", "Ефросинья"),
        (f"{_green('Прохор')} — позже распишу, но зелёный уже стоит", "gambler", "Прохор"),
        (f"{_red('Денис_77')} — это не шутка, он весь день топит мирных.", "pefl", "Денис_77"),
    ],
)
def test_P_V_1_G_N_1_words_for_later_about_something_else_leave_the_vote(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    got = _read(body, rules)
    assert (got.status, got.target) == ("vote", nick), got


def test_P_V_1_a_naming_hedged_before_another_nick_leaves_the_other_voted() -> None:
    # the hedge takes back the nick it follows only, not the post's whole choice
    got = _read(f"Хвалю {_red('Прохор')}, это не голос. Голосую против {_red('Ульяна')}: врёт.")
    assert (got.status, got.target) == ("vote", "Ульяна"), got


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Из {_red('Слободы')} до станции час пешком, автобусы отменили.", "pefl"),
        (f"В {_green('Мельнице')} сегодня выходной, хлеба не будет", "gambler"),
        (f"Завтра идём на {_red('Плотину')} купаться, кто с нами?", "pefl"),
        (f"Мы на {_green('Плотине')} вчера видели лося", "gambler"),
    ],
)
def test_P_V_1_G_N_1_a_place_word_nick_after_a_preposition_of_place_is_the_place(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", "unproven"), got


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (f"Голосую против {_red('Слободы')}: путается в показаниях.", "pefl", "Слобода"),
        (f"На {_red('Плотину')} голос: она весь день юлит и молчит.", "pefl", "Плотина"),
        (f"Думаю на {_red('Мельницу')}: врёт про ночь и топит мирных.", "pefl", "Мельница"),
        (f"Из всех мутнее {_green('Плотина')}", "gambler", "Плотина"),
    ],
)
def test_P_V_1_G_N_1_a_place_word_nick_with_vote_grammar_stays_the_player(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    got = _read(body, rules)
    assert (got.status, got.target) == ("vote", nick), got
