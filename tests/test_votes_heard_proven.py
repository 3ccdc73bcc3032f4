"""C-3 for votes: a Latin handle written in colour by its Russian sound counts only when the
spelling is a reading of it — its letters, or, the handle's part being an English word, a
pronunciation the English dictionary holds — as the letters read it
(`parser.nicks.heard_proven`). A spelling that only shares the handle's consonants is shown
to the host as an unknown nick naming the player, never counted (`tests/votes/dev61/`)."""

from __future__ import annotations

import pytest

from parser.nicks import UNKNOWN_NICK, NickResolver, heard_proven
from parser.votes.names import heard_handle

CAST = ("Knight", "Hunter_X", "Later", "Cowboy", "Maverick", "Sunset", "Ranger", "Vortex7")


@pytest.mark.parametrize(
    ("word", "nick"),
    [
        ("Хантира", "Hunter_X"),
        ("Ранжера", "Ranger"),
        ("Вортакса", "Vortex7"),
        ("Каубуя", "Cowboy"),
        ("Лайтора", "Later"),
    ],
)
def test_C_3_a_vote_heard_by_consonants_alone_is_shown_not_counted(word: str, nick: str) -> None:
    found = heard_handle(NickResolver(CAST), NickResolver(("Blade",)), word, None)
    assert found is not None
    assert found.nick is None
    assert found.reason == UNKNOWN_NICK
    assert found.candidates == (nick,)
    assert not heard_proven(word.casefold(), nick)


@pytest.mark.parametrize(
    ("word", "nick"),
    [
        ("Хантера", "Hunter_X"),  # the English sound
        ("Рейнджера", "Ranger"),
        ("Каубоя", "Cowboy"),  # the й of «ой» meets the case ending
        ("Маверика", "Maverick"),  # letters and sound alike
        ("Сансета", "Sunset"),
    ],
)
def test_C_3_a_vote_heard_as_a_reading_of_the_handle_counts(word: str, nick: str) -> None:
    found = heard_handle(NickResolver(CAST), NickResolver(("Blade",)), word, None)
    assert found is not None
    assert found.nick == nick
    assert heard_proven(word.casefold(), nick)


def test_C_3_a_shortening_of_a_handle_needs_no_pronunciation() -> None:
    # «Вортекс» cut to its first syllables is no whole part: its sound is not checked
    assert heard_proven("ворт", "Vortex7")
