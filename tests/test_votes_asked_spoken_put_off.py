"""A coloured nick asked about, spoken to, or its vote put off is no vote (P-V.1, G-N.1;
tests/votes/README.md, round `votes-23`): each is shown to the host, never counted; a vote
word governing the nick, an accusation, a question answered at once or a clause of time
told of the past still leave the vote."""

from __future__ import annotations

from typing import Literal

import pytest

from tests.vote_kit import green as _green
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Сиг", "Хариус", "Мальма", "Таймень", "Кумжа", "Нельма", "Форель_88")


_read = reader_for(PLAYERS, by="Кумжа")


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"{_red('Хариус')}? Кто-нибудь видел его сегодня?", "pefl"),
        (f"{_red('Мальма')}? Ты вообще играешь? Ни одного поста.", "pefl"),
        (f"{_green('Таймень')}? Где он был всю ночь?", "gambler"),
    ],
)
def test_P_V_1_G_N_1_a_nick_alone_in_a_question_is_asked_about(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", "unproven"), got


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"{_red('Нельма')}, ты куда пропала? Третий день тишина.", "pefl"),
        (f"{_red('Форель_88')}, почему молчишь весь день?", "pefl"),
        (f"{_green('Сиг')}, ты там спишь, что ли?", "gambler"),
    ],
)
def test_P_V_1_G_N_1_a_nick_spoken_to_is_no_vote(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", "unproven"), got


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Голос против {_red('Хариуса')} дам, когда вернусь с рыбалки.", "pefl"),
        (f"Как только Сиг ответит, проголосую против {_red('Мальмы')}.", "pefl"),
        (f"После того как увижу итоги ночи, дам голос против {_red('Тайменя')}.", "pefl"),
        (f"Поставлю {_red('Нельму')} после ужина, сейчас за рулём.", "pefl"),
        (f"Зелёный {_green('Сигу')} дам, когда он объяснится.", "gambler"),
    ],
)
def test_P_V_1_G_N_1_a_vote_put_off_to_a_clause_of_time_is_not_cast(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", "put_off"), got


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # a vote word governs the nick; the question after is to him
        (
            f"Голосую против {_red('Хариуса')}. {_red('Хариус')}, ты врёшь? Ночью было иначе.",
            "Хариус",
        ),
        # the question answered at once
        (f"{_red('Мальма')}? Да, точно она — весь день путается в показаниях.", "Мальма"),
        (f"Против {_red('Тайменя')}? Да. Он врал про ночь и сливал своих.", "Таймень"),
        # an address that holds the vote
        (f"{_red('Нельма')}, ты мафия, голосую против тебя — весь день врёшь.", "Нельма"),
        # clauses of time told of the past, a later time for something else
        (f"Голосую против {_red('Сига')}: когда его спросили про ночь, он ушёл от ответа.", "Сиг"),
        (
            f"Голос против {_red('Форели_88')} — как только её спросили, она сменила тему.",
            "Форель_88",
        ),
        (
            f"Голосую против {_red('Мальмы')}, вечером объясню подробнее, она врала про ночь.",
            "Мальма",
        ),
        (f"Дам голос против {_red('Хариуса')} — он весь день путается и врёт.", "Хариус"),
    ],
)
def test_P_V_1_near_misses_still_count(body: str, target: str) -> None:
    got = _read(body)
    assert (got.status, got.target) == ("vote", target), got


def test_G_N_1_a_case_form_before_a_comma_is_no_address() -> None:
    got = _read(f"{_green('Хариуса')}, ребята, простите, но он весь день юлит.", "gambler")
    assert (got.status, got.target) == ("vote", "Хариус"), got
