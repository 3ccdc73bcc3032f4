"""C-2, C-3, P-V.1: one reading of Russian typed in Latin letters, for the letters' words and
the votes' alike (`parser.latin.latin_readings`): the table walk of every scheme's letters
decides by its unique cheapest dictionary reading, the spellings of cyrtranslit's scheme
only where the table reads no word. The walk puts back a soft sign, and a hard sign before
an iotated vowel, where the typist left them out; it spells й only where Russian does; it
reads a hyphenated word whole where the dictionary holds it, else part by part; a form the
dictionary marks as a distortion reads only where no other word does. Letters: cast
`cast_tidy2.json` (PEFL turn 2; Тимур the commissar, Вера the doctor, Rex the maniac; Volk,
Mir and Moloko, Latin nicks that are Russian words)."""

from __future__ import annotations

import pytest

from parser.latin import latin_reading, latin_readings
from parser.letters.tokens import russian_in_latin
from parser.votes.typed import typed_in_latin
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("typed", "word"),
    [
        ("podyezd", "подъезд"),  # the hard sign left out before an iotated vowel
        ("obyasni", "объясни"),
        ("pod'ezde", "подъезде"),  # typed as an apostrophe
        ("nelzya", "нельзя"),  # the soft sign left out inside
    ],
)
def test_C_2_a_sign_left_out_is_put_back_by_the_walk(typed: str, word: str) -> None:
    assert latin_reading(typed) == word
    assert russian_in_latin(typed) == word
    assert typed_in_latin(typed) == word


def test_C_2_the_first_dictionary_spelling_is_no_shortcut_before_the_walk() -> None:
    """«moi» is мои and мой alike: the letters leave it unread, the votes as typed; «proverqu»
    is «проверяю» by the table's «q» for я, not cyrtranslit's «проверку»."""
    assert russian_in_latin("moi") is None
    assert typed_in_latin("moi golos") == "moi голос"
    assert russian_in_latin("proverqu") == "проверяю"


@pytest.mark.parametrize(
    ("typed", "word"),
    [("eto", "это"), ("etot", "этот"), ("ego", "его"), ("ei", "ей")],
)
def test_C_2_e_is_е_before_э_and_a_distortion_reads_last(typed: str, word: str) -> None:
    """«e» is every scheme's е and a looser habit's э; «ето», which the dictionary holds only
    as a distortion of «это», is no reading while «это» is one."""
    assert latin_reading(typed) == word


def test_C_2_й_only_where_russian_spells_it() -> None:
    """«Ivan» is no «Йван»: й opens a word only before a vowel, and follows only a vowel."""
    assert latin_readings("ivan") == (("иван", 0),)
    assert latin_reading("seichas") == "сейчас"


@pytest.mark.parametrize(
    ("typed", "word"),
    [
        ("kto-to", "кто-то"),
        ("po-moemu", "по-моему"),
        ("kogo-nibud", "кого-нибудь"),  # the dictionary's own hyphenated word
        ("ubivayu-ka", "убиваю-ка"),  # part by part, joined
        ("čto-to", "что-то"),  # the scholarly scheme
    ],
)
def test_C_2_a_hyphenated_word_reads_as_one(typed: str, word: str) -> None:
    assert russian_in_latin(typed) == word


@pytest.mark.parametrize("typed", ["mamb'у", "kaznachey-а"])
def test_C_3_a_latin_nick_with_a_cyrillic_ending_is_no_russian_word(typed: str) -> None:
    assert latin_readings(typed) == ()


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Тимур", "Proverjaju Ščukina", "check", "Щукин"),
        ("Тимур", "proverяю Žannu", "check", "Жанна"),
        ("Тимур", "kogo-nibud nado proverit... proveryayu Volka", "check", "Volk"),
        ("Rex", "UBIVAYU-KA MOLOKO", "kill", "Moloko"),
    ],
)
def test_C_3_latin_typed_letters_read_their_move(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("tidy2", sender, text)
    assert (got.kind, got.action, list(got.targets)) == ("move", action, [target])


@pytest.mark.parametrize(
    ("typed", "read"),
    [("golosuyu protiv 4to-to", "голосую против что-то"), ("u6ivaju", "убиваю")],
)
def test_P_V_1_a_vote_post_reads_digits_typed_for_letters_as_a_letter_does(
    typed: str, read: str
) -> None:
    assert typed_in_latin(typed) == read
    assert russian_in_latin(typed.split()[-1]) == read.split()[-1]
