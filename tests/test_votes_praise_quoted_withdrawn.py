"""Praise in red, a quoted red argued against, a red taken back (P-V.1, P-V.3, G-N.1;
tests/votes/README.md, round `votes-24`): none is the author's vote. Praise, thanks or trust
and another's vote repeated are shown as ``unproven``; a withdrawal as ``withdrawn`` (no rule
makes taking a vote back a move). A vote word governing the nick, an accusation, the
author's own red beside a quoted one, or a withdrawal word about something else leave the
vote."""

from __future__ import annotations

from typing import Literal

import pytest

from tests.vote_kit import green as _green
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Кречет", "Сойка", "Зяблик", "Чиж", "Снегирь_7", "Pelican", "Свиристель")


_read = reader_for(PLAYERS, by="Свиристель")


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"{_red('Кречет')} — красавчик, вытащил нас вчера.", "pefl"),
        (f"Обожаю {_red('Сойку')}, самый честный игрок стола.", "pefl"),
        (f"Благодарю {_red('Зяблика')} — без его разбора мы бы пропали.", "pefl"),
        (f"{_red('Чиж')} — тот, кому я доверяю больше всех.", "pefl"),
        (f"Выпьем за {_red('Pelican')}! Отличная игра, браво!", "pefl"),
        (f"Уважаю {_green('Снегиря_7')}, играет чисто.", "gambler"),
    ],
)
def test_P_V_1_G_N_1_praise_thanks_or_trust_in_colour_is_no_vote(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", "unproven"), got


@pytest.mark.parametrize(
    ("body", "target"),
    [
        (f"Голосую против {_red('Кречета')}, хотя он и красавчик: путает ночи.", "Кречет"),
        (f"{_red('Сойка')} молодец только на словах — врёт весь день.", "Сойка"),
        (f"Не доверяю {_red('Зяблику')}: весь день путается в ночах.", "Зяблик"),
    ],
)
def test_P_V_1_praise_beside_a_vote_word_or_an_accusation_is_still_the_vote(
    body: str, target: str
) -> None:
    got = _read(body)
    assert (got.status, got.target) == ("vote", target), got


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Сойка написала: «против {_red('Чижа')}» — ну и бред, он мирный.", "pefl"),
        (f'Кречет говорит "за {_red("Зяблика")}", а я не вижу ни одной причины.', "pefl"),
        (f"Многие предлагают {_red('Pelican')}, но это ошибка: он ловил мафию.", "pefl"),
        (f"Почему вы все за {_red('Кречета')}? Он же ничего не сделал.", "pefl"),
        (f"Они зеленят {_green('Сойку')}, а зря, она мирная.", "gambler"),
    ],
)
def test_P_V_1_G_N_1_a_red_repeated_from_others_is_not_the_authors_vote(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", "unproven"), got


@pytest.mark.parametrize(
    ("body", "target"),
    [
        (
            f"Сойка пишет: «против {_red('Чижа')}» — согласна, голосую против {_red('Чижа')}: "
            "путается в ночах.",
            "Чиж",
        ),
        (f"Кречет сказал, что Зяблик врёт. Против {_red('Зяблика')} — тоже вижу ложь.", "Зяблик"),
        (f"Всё же {_red('Сойка')}, она мафия, уверена.", "Сойка"),
    ],
)
def test_P_V_1_the_authors_own_red_beside_a_repeated_one_is_the_vote(
    body: str, target: str
) -> None:
    got = _read(body)
    assert (got.status, got.target) == ("vote", target), got


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Отставить {_red('Кречета')}, ошиблась.", "pefl"),
        (f"Отбой по {_red('Сойке')}.", "pefl"),
        (f"Аннулирую свой голос за {_red('Зяблика')}, поторопилась.", "pefl"),
        (f"{_red('Чиж')} — снимаю, не того выделила.", "pefl"),
        (f"Не засчитывайте {_red('Pelican')}, это опечатка.", "pefl"),
        (f"Зелёный на {_green('Снегиря_7')} недействителен.", "gambler"),
    ],
)
def test_P_V_3_G_N_1_a_red_taken_back_is_shown_as_withdrawn(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", "withdrawn"), got


@pytest.mark.parametrize(
    ("body", "target"),
    [
        (f"Отставить панику: голосую против {_red('Кречета')}, он врёт.", "Кречет"),
        (f"Голосую против {_red('Сойки')} — её алиби недействительно, она врала.", "Сойка"),
        (f"Вчера отменяла голос, а сегодня против {_red('Чижа')}: путается.", "Чиж"),
    ],
)
def test_P_V_3_a_withdrawal_word_about_something_else_leaves_the_vote(
    body: str, target: str
) -> None:
    got = _read(body)
    assert (got.status, got.target) == ("vote", target), got
