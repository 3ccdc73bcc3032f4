"""Round `votes-37` (issue 17 item 2, C-3): a coloured English word one slip from a one-word
Latin nick — a phone's English autocorrect, «Hunted» for Hunter, «Ranged» for Ranger — is that
word (the CMU dictionary the project already reads, `parser.english.english_word`), no proven
slip of the nick: shown to the host naming the player, never counted, as `votes-36` did for a
Russian word near a Cyrillic nick. A slip that is no word, the nick's plural, a word that sounds
as the nick («Mack» for Mac, «Bitcoin» for Bitkoin), the nick as listed and its Cyrillic spelling
read as before."""

from __future__ import annotations

from typing import Literal

import pytest

from parser.nicks import UNKNOWN_NICK
from tests.vote_kit import reader_for

PLAYERS = ("Bitkoin", "Doc", "Mac", "Ranger", "Hunter", "Shadow", "Wolf", "Тимур", "Олег")


_read = reader_for(PLAYERS, by="Тимур")


def _colour(word: str, rules: str) -> str:
    colour = "red" if rules == "pefl" else "green"
    return f'<span style="color:{colour}">{word}</span>'


@pytest.mark.parametrize("rules", ["pefl", "gambler"])
@pytest.mark.parametrize(
    ("word", "nick"), [("Hunted", "Hunter"), ("Ranged", "Ranger"), ("Shallow", "Shadow")]
)
def test_C_3_an_english_word_near_a_latin_nick_is_shown_naming_him(
    rules: Literal["pefl", "gambler"], word: str, nick: str
) -> None:
    got = _read(f"Голосую против {_colour(word, rules)}, весь день юлит и молчит", rules)
    assert (got.status, got.reason, got.target) == ("rejected", UNKNOWN_NICK, None), got


@pytest.mark.parametrize("rules", ["pefl", "gambler"])
@pytest.mark.parametrize(
    ("word", "nick"),
    [
        ("Huntr", "Hunter"),
        ("Shadw", "Shadow"),
        ("Hunters", "Hunter"),
        ("Ranger", "Ranger"),
        ("Док", "Doc"),
    ],
)
def test_C_3_a_slip_that_is_no_english_word_is_still_the_nick(
    rules: Literal["pefl", "gambler"], word: str, nick: str
) -> None:
    got = _read(f"Голосую против {_colour(word, rules)}, весь день юлит и молчит", rules)
    assert (got.status, got.target) == ("vote", nick), got
