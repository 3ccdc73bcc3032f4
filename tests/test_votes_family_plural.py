"""Round `votes-37` (issue 17 item 2, C-3): a coloured surname in the plural names the
family — every player bearing it — even after a word that governs a case one bearer's nick
could be mis-declined into («против <Гвоздевы>»: the family's nominative, not her genitive
declined as a noun's): shown to the host naming them, never counted as one's vote. One bearer
named by her own form or with a given name is still that bearer."""

from __future__ import annotations

import pytest

from parser.nicks import AMBIGUOUS_NICK
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Павел Гвоздев", "Ольга Гвоздева", "Тимур", "Олег", "Марина")


_read = reader_for(PLAYERS, by="Тимур")


@pytest.mark.parametrize("word", ["Гвоздевы", "Гвоздевых"])
def test_C_3_a_surname_plural_after_a_governing_word_names_the_family(word: str) -> None:
    got = _read(f"Голосую против {_red(word)}, оба мутные, весь день молчат")
    assert (got.status, got.reason, got.target) == ("rejected", AMBIGUOUS_NICK, None), got


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Гвоздевой", "Ольга Гвоздева"),
        ("Ольги Гвоздевой", "Ольга Гвоздева"),
        ("Павла Гвоздева", "Павел Гвоздев"),
    ],
)
def test_C_3_one_bearer_named_is_still_hers(text: str, nick: str) -> None:
    got = _read(f"Голосую против {_red(text)}, весь день молчит и юлит")
    assert (got.status, got.target) == ("vote", nick), got
