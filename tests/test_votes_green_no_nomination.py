"""Round `votes-41` (issue 17 item 2, G-N.1): a green nominates only where the post makes
it a nomination. Praise beside the green itself refused («<R1> молодец, но зелёный пока не
ставлю»), a story of something done together with the player («Вчера с <Ямахой> гоняли до
заправки») and a hedge («Думаю на <Шатуна>… но подожду», «Может, <Гайка>? не уверен») prove
none: shown to the host, never counted. A maybe conceded by the author's own vote verb
(«Может, <Кардан> и не мафия, но выдвигаю его») is the nomination."""

from __future__ import annotations

import pytest

from parser.votes.records import UNPROVEN
from tests.vote_kit import green as _green
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("R1", "GSX750", "Z900", "Ямаха", "Шатун", "Гайка", "Дальнобой", "Кардан")

_read = reader_for(PLAYERS, by="Кардан")


@pytest.mark.parametrize(
    "body",
    [
        f"{_green('R1')} сегодня молодец, логика огонь, но зелёный пока не ставлю.",
        f"{_green('GSX750')} красавчик, отличный разбор ночи! Зелёный не ставлю, рано ещё.",
        f"{_green('R1')} молодец, но зелёный ему не дам, рано.",
        f"Вчера с {_green('Ямахой')} гоняли до заправки, чуть не замёрзли.",
        f"С {_green('Дальнобоем')} катались по трассе, он классно водит.",
    ],
)
def test_G_N_1_praise_with_the_green_refused_or_a_ride_together_is_shown(body: str) -> None:
    got = _read(body, "gambler")
    assert (got.status, got.reason) == ("rejected", UNPROVEN), got


@pytest.mark.parametrize(
    ("body", "nick"),
    [
        (f"{_green('Шатун')} — мой зелёный, молодец что признался.", "Шатун"),
        (f"Думаю на {_green('Шатуна')}, выдвигаю.", "Шатун"),
        (f"{_green('Z900')}", "Z900"),
        (f"С {_green('Дальнобоем')} всё ясно — выдвигаю.", "Дальнобой"),
        (f"Может, {_green('Кардан')} и не мафия, но выдвигаю его — слишком тихий.", "Кардан"),
        (f"Молодец, {_green('R1')}, хорошо всё разложил — выдвигаю его.", "R1"),
        (f"{_green('R1')} молодец. Выдвигаю, зелёный другим не дам.", "R1"),
    ],
)
def test_G_N_1_a_nomination_said_beside_praise_a_story_or_a_maybe_counts(
    body: str, nick: str
) -> None:
    got = _read(body, "gambler")
    assert (got.status, got.target) == ("vote", nick), got


def test_P_V_1_a_red_whose_story_with_him_accuses_him_is_its_reason() -> None:
    got = _read(f"С {_red('Ямахой')} спорили весь вечер — он врал и юлил, не верю.", "pefl")
    assert (got.status, got.target) == ("vote", "Ямаха"), got


def test_G_N_1_a_companion_in_a_day_gone_by_is_shown_never_dropped_unseen() -> None:
    # «вчера» takes the nick back as a day gone by; the companion is still shown
    got = _read(f"Вчера с {_green('Ямахой')} спорили — он врал весь вечер.", "gambler")
    assert (got.status, got.reason) == ("rejected", UNPROVEN), got
