"""C-2: a letter naming living players in words the reader does not know (Uzbek typed in
Latin letters) is asked, never dropped (batch 15, class M7); Russian typed in Latin
letters, English action words, and a letter naming no player are read as before."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Бахтиёр", "Elena Borisovna, men Paprikani taklif qilaman."),
        ("Нонна Витальевна", "Bugun Muskatni tekshiraman, xayrli tun."),
    ],
)
def test_C_2_players_named_in_unread_words_are_asked(sender: str, text: str) -> None:
    got = read_in_cast("kitchen", sender, text)
    assert got.kind == "question", got


@pytest.mark.parametrize(
    ("sender", "text", "kind"),
    [
        ("Нонна Витальевна", "Proveryayu Muskata", "move"),  # Russian typed in Latin
        ("Бахтиёр", "Plov tayyor! Убиваю Сомелье.", "move"),
    ],
)
def test_C_2_latin_letters_the_reader_reads_are_read(sender: str, text: str, kind: str) -> None:
    assert read_in_cast("kitchen", sender, text).kind == kind
