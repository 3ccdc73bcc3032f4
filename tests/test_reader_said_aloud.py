"""C-3: a Latin nick written in Cyrillic the way it is said, not letter by letter — a star's,
a species' or a genus' name read the Latin way («Бетельгейзе», «Цигнуса», «Морхеллу»,
«Археоптерикса», «Кассиопею»), an English word by the CMU dictionary's pronunciation
(«Шэдоу», «Флай-агарика»), a nick of several words by its first or main word alone
(«Морхеллу» for Morchella_esculenta) when no other nick has it. The proof is an exact
reading (`parser.latin.said_aloud`, a Russian case ending allowed, doubled letters and the
soft sign aside); a word one letter off every reading («Цегнуса», «Бетельгейза») or one
two nicks share («Болетуса») is no proof. Letters and votes read it through the one
resolver (`parser.nicks.NickResolver`, the `translit_inflected` and `partial_translit`
tiers)."""

from __future__ import annotations

import pytest

from parser.latin import said_aloud, said_in_latin
from parser.nicks import AMBIGUOUS_NICK, UNKNOWN_NICK, NickResolver, heard_alike
from parser.votes.day import _common_nick
from parser.votes.names import resolve_nick
from tests.letter_kit import read_in_cast

CAST = [
    "Capella",
    "Betelgeuse",
    "Sirius_B",
    "Morchella_esculenta",
    "Fly-Agaric",
    "Cygnus",
    "Cassiopeia",
    "Boletus_edulis",
    "Boletus_luridus",
    "Shadow",
    "Орион",
    "Orion_Nebula",
    "Archaeopteryx",
    "Thunder",
    "Sunny",
    "Kate",
]


@pytest.mark.parametrize(
    ("word", "latin"),
    [
        ("бетельгейзе", "betelgeuse"),  # eu as ей, s between vowels as з, a soft л
        ("цигнуса", "cygnus"),  # c as ц before y, y as и, -us declined
        ("морхеллу", "morchella"),  # ch as х, -a declined
        ("морхелу", "morchella"),  # a doubled letter said once
        ("археоптерикса", "archaeopteryx"),  # ch, ae, x
        ("кассиопею", "cassiopeia"),  # c as к before a, the й of «ея» heard
        ("феникса", "phoenix"),  # ph, oe
        ("эскуленту", "esculenta"),  # sc before u as ск
    ],
)
def test_C_3_a_latin_word_said_the_latin_way(word: str, latin: str) -> None:
    assert said_in_latin(word, latin)


@pytest.mark.parametrize(
    ("word", "latin"),
    [
        ("цегнуса", "cygnus"),  # one letter off every reading
        ("бетельгейза", "betelgeuse"),  # a word ending in «e» does not decline
        ("сандера", "thunder"),  # th only heard as с: no spelling of Thunder
        ("морхела", "morchellus"),  # the ending of another declension
    ],
)
def test_C_3_a_word_near_a_reading_is_none(word: str, latin: str) -> None:
    assert not said_aloud(word, latin)


def test_C_3_an_english_word_by_its_pronunciation() -> None:
    assert said_aloud("шэдоу", "shadow")
    assert said_aloud("тандера", "thunder")
    assert said_aloud("флай", "fly")


def _vote(text: str) -> tuple[str | None, str | None]:
    m = resolve_nick(NickResolver(CAST), text, "as_moves")
    return m.nick, m.reason


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Бетельгейзе", "Betelgeuse"),
        ("Цигнуса", "Cygnus"),
        ("Кассиопею", "Cassiopeia"),
        ("Археоптерикса", "Archaeopteryx"),
        ("Флай-агарика", "Fly-Agaric"),  # an English word and a Latin one, joined
        ("Морхеллу эскуленту", "Morchella_esculenta"),  # both words, each declined
        ("Болетуса эдулиса", "Boletus_edulis"),  # the second word settles the genus
        ("Морхеллу", "Morchella_esculenta"),  # the genus alone, no other nick has it
    ],
)
def test_C_3_a_latin_nick_said_aloud_is_read_in_a_vote(text: str, nick: str) -> None:
    assert _vote(text) == (nick, None), text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Болетуса", AMBIGUOUS_NICK),  # two nicks' genus: neither
        ("Цегнуса", UNKNOWN_NICK),  # a loose fit
        ("Бетельгейза", UNKNOWN_NICK),
    ],
)
def test_C_3_a_shared_word_or_a_loose_fit_is_no_proof(text: str, reason: str) -> None:
    assert _vote(text)[1] == reason, text


@pytest.mark.parametrize(
    "text",
    [
        "Сани",  # the sledge: a word of the dictionary of its own, Sunny's sound no proof
        "Саню",  # a given name the dictionary knows is that name
        "Кейт",  # a one-word nick of four letters is too short to prove by its sound
    ],
)
def test_C_3_a_one_word_nicks_english_sound_proves_no_word_of_the_dictionary(text: str) -> None:
    assert NickResolver(CAST).tier(text, "translit_inflected") == []


def test_C_3_the_reading_by_sound_takes_case_forms_only() -> None:
    """Under `vote_nicks = "exact"` (no case forms) a sound reading is no tier of its own."""
    assert NickResolver(CAST).resolve("Цигнус", inflected=False, fuzzy=False).nick is None
    assert NickResolver(CAST).resolve("Цигнус", inflected=True, fuzzy=False).nick == "Cygnus"


def test_C_3_a_cyrillic_nick_as_written_wins_over_a_latin_part_heard_alike() -> None:
    """«Ориона» spells Орион's case form; Orion_Nebula is heard only in one of its parts."""
    assert heard_alike(NickResolver(CAST), "Ориона", "Орион") == ()
    assert _vote("Ориона") == ("Орион", None)


def test_C_3_a_latin_word_nick_written_in_cyrillic_is_weighed_as_the_russian_word() -> None:
    """A lower-case «капелла» is the choir word the Cyrillic nick Капелла would be: the
    vote reader's everyday-sense test weighs the word as written (G-N.1, P-V.1)."""
    assert _common_nick("Capella", "капелла")
    assert not _common_nick("Capella")


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Capella", "Проверяю Бетельгейзе", "check", "Betelgeuse"),
        ("Lactarius", "Лечу Морхеллу", "heal", "Morchella_esculenta"),
        ("Capella", "проверяю Археоптерикса", "check", "Archaeopteryx"),
        ("Knight", "режу Кассиопею", "kill", "Cassiopeia"),
    ],
)
def test_C_3_a_letter_reads_a_latin_nick_said_aloud(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("latinsound", sender, text)
    assert (got.kind, got.action, list(got.targets)) == ("move", action, [target]), got.text


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Capella", "Проверяю Болетуса"),  # two nicks' genus
        ("Capella", "Проверяю Цегнуса"),  # one letter off
        ("Capella", "Проверяю Сандера"),  # only heard, never spelt so
        ("Capella", "Проверяю Альдебарана"),  # a dead player
    ],
)
def test_C_3_a_letter_asks_where_the_reading_is_not_proven(sender: str, text: str) -> None:
    assert read_in_cast("latinsound", sender, text).kind == "question", text
