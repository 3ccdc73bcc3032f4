"""Nick resolution (RULES.md C-3) on the real game-12 cast and on inflection examples."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parser.nicks import AMBIGUOUS_NICK, UNKNOWN_NICK, NickResolver, word_inflects
from tests.conftest import FIXTURES

TRUTH = json.loads((FIXTURES / "phpbb" / "truth.json").read_text(encoding="utf-8"))
CAST: list[str] = TRUTH["game12"]["players"]


@pytest.fixture(scope="module")
def cast() -> NickResolver:
    return NickResolver(CAST)


@pytest.mark.parametrize(
    ("text", "nick", "method"),
    [
        ("Шерлок", "Шерлок", "exact"),
        ("шерлок", "Шерлок", "casefold"),
        ("ЁЖИК В ТУМАНЕ", "Ёжик в тумане", "casefold"),
        ("Ежик в тумане", "Ёжик в тумане", "casefold"),  # ё = е
        ("Граф\u00a0Монте-Кристо", "Граф Монте-Кристо", "casefold"),  # NBSP
        ("Граф   Монте-Кристо", "Граф Монте-Кристо", "casefold"),
        ("Ша\u200bрлок".replace("а", "е"), "Шерлок", "casefold"),  # zero-width space
        # the two look-alikes of the fixture game (truth.json lookalike_notes), both ways
        ("Макс", "Мaкс", "lookalike"),  # typed all Cyrillic, account has a Latin a
        ("Kот", "Кот", "lookalike"),  # Latin K typed for a Cyrillic nick
        ("Мister Х", "Mister X", "lookalike"),  # Cyrillic М and Х in a Latin nick
        ("@Шерлок,", "Шерлок", "trimmed"),
        ("«Dr.Watson»", "Dr.Watson", "trimmed"),
        ('"Tanya-77"!', "Tanya-77", "trimmed"),
        ("Граф", "Граф Монте-Кристо", "partial"),
        ("Sparrow", "Jack_Sparrow", "partial"),
        ("граф монте кристо", "Граф Монте-Кристо", "fuzzy"),
        ("Шерлокк", "Шерлок", "fuzzy"),
        ("Незнайко", "Незнайка", "fuzzy"),
    ],
)
def test_C_3_resolves_to_one_player(cast: NickResolver, text: str, nick: str, method: str) -> None:
    m = cast.resolve(text)
    assert (m.nick, m.method, m.reason) == (nick, method, None)
    assert 0 < m.confidence <= 1


def test_C_3_confidence_falls_with_the_tier(cast: NickResolver) -> None:
    tiers = ["Шерлок", "шерлок", "Мaкс".replace("a", "а"), "@Шерлок", "Шерлокк"]
    confidences = [cast.resolve(t).confidence for t in tiers]
    assert confidences == sorted(confidences, reverse=True)
    assert confidences[-1] < 0.95


@pytest.mark.parametrize(
    "text", ["Ник", "Внимание всем!", "дон мафии", "Лошадка", "", "   ", "!!!"]
)
def test_C_3_unknown_text_is_rejected_not_guessed(cast: NickResolver, text: str) -> None:
    m = cast.resolve(text, inflected=True)
    assert m.nick is None and m.reason == UNKNOWN_NICK


def test_C_3_ambiguous_is_rejected_with_candidates() -> None:
    r = NickResolver(["Вася", "ВАСЯ2", "Вася Пупкин", "Петя Пупкин"])
    m = r.resolve("Пупкин")  # one word of two nicks
    assert m.reason == AMBIGUOUS_NICK and set(m.candidates) == {"Вася Пупкин", "Петя Пупкин"}
    # two players differing only by look-alikes: case folding must not merge them blindly
    r2 = NickResolver(["Кот", "Kот"])
    assert r2.resolve("Кот").nick == "Кот" and r2.resolve("Kот").nick == "Kот"
    assert r2.resolve("КОТ").nick == "Кот"  # case folding keeps the scripts apart
    # a third spelling (Latin O) is a look-alike of both accounts: no guess
    m2 = r2.resolve("КOТ")
    assert m2.reason == AMBIGUOUS_NICK and set(m2.candidates) == {"Кот", "Kот"}


def test_C_3_fuzzy_runner_up_too_close_is_ambiguous() -> None:
    r = NickResolver(["Марина1", "Марина2"])
    m = r.resolve("Марина")
    assert m.nick is None and m.reason == AMBIGUOUS_NICK
    assert set(m.candidates) == {"Марина1", "Марина2"}


def test_C_3_fuzzy_threshold_is_a_setting() -> None:
    assert NickResolver(["Шерлок"], fuzzy_threshold=95).resolve("Шерлокк").nick is None
    assert NickResolver(["Шерлок"], fuzzy_threshold=80).resolve("Шерлокк").nick == "Шерлок"


INFLECTED = ["Вася", "Жора", "Егор", "Шерлок", "Игорь", "Андрей", "Tanya-77", "Анна Каренина"]


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Вася", "Вася"),
        ("Васю", "Вася"),
        ("Васе", "Вася"),
        ("Васей", "Вася"),
        ("Васи", "Вася"),
        ("Жору", "Жора"),
        ("Жорой", "Жора"),
        ("Егора", "Егор"),
        ("Егору", "Егор"),
        ("Егором", "Егор"),
        ("Шерлока", "Шерлок"),
        ("Игоря", "Игорь"),
        ("Андрею", "Андрей"),
        ("Tanya-77ой", "Tanya-77"),  # Latin/digit nick, Cyrillic ending
        ("Tanya-77-ой", "Tanya-77"),
        ("Анну Каренину", "Анна Каренина"),  # multi-word, every word declined
        ("Анна Каренину", "Анна Каренина"),  # only the last word declined
    ],
)
def test_C_3_russian_case_forms_resolve_in_moves(text: str, nick: str) -> None:
    m = NickResolver(INFLECTED).resolve(text, inflected=True)
    assert m.nick == nick
    assert m.method == ("exact" if text == nick else "inflected")


def test_C_3_inflection_is_only_for_moves() -> None:
    r = NickResolver(INFLECTED)
    assert r.resolve("Егором", fuzzy=False).nick is None
    assert r.resolve("Егором", inflected=True).nick == "Егор"


def test_C_3_inflected_stem_shared_by_two_living_players_is_ambiguous() -> None:
    # «Колю» is a case form of both Коля and Коль: only one may match for a move to count
    r = NickResolver(["Коля", "Коль", "Сашок"])
    m = r.resolve("Колю", inflected=True)
    assert m.reason == AMBIGUOUS_NICK and set(m.candidates) == {"Коля", "Коль"}
    assert r.resolve("Коля", inflected=True).nick == "Коля"  # the exact tier wins first


def test_word_inflects_does_not_match_unrelated_words() -> None:
    assert not word_inflects("кота", "кит")
    assert not word_inflects("ва", "вася")  # a stem shorter than two letters is never used
    assert word_inflects("мистер", "мистер")


def test_looks_like_nick_separates_text_from_nicks(cast: NickResolver) -> None:
    assert cast.looks_like_nick("Ник")  # one word: might be a nick
    assert cast.looks_like_nick("граф монте кристо")
    assert not cast.looks_like_nick("Внимание всем!")
    assert not cast.looks_like_nick("дон мафии")


@given(st.text(max_size=60))
def test_resolver_never_raises(text: str) -> None:
    r = NickResolver([*CAST, *INFLECTED])
    for inflected in (False, True):
        m = r.resolve(text, inflected=inflected)
        assert (m.nick is None) == (m.reason is not None)
        assert m.nick is None or m.nick in r.players
    r.looks_like_nick(text)


@given(st.sampled_from(CAST), st.sampled_from(["", "@", "«", '"', " "]), st.booleans())
def test_every_cast_nick_resolves_to_itself_decorated(nick: str, deco: str, upper: bool) -> None:
    closing = {"«": "»", "@": ","}.get(deco, deco)
    text = f"{deco}{nick.upper() if upper else nick}{closing}"
    assert NickResolver(CAST).resolve(text).nick == nick


@given(st.text(alphabet="бвгдзклмнпрстфхцчшщ", min_size=2, max_size=6), st.sampled_from("аэио"))
def test_C_3_declined_first_declension_names_resolve(consonants: str, vowel: str) -> None:
    # a made-up Russian name ending in «а» (Жора, Миша …) and its case forms in moves
    stem = consonants[0].upper() + consonants[1:] + vowel + consonants[-1]
    name = stem + "а"
    r = NickResolver([name, "Шерлок", "Mister X", "Tanya-77"])
    for ending in ("у", "е", "ой", "ы", "ою"):
        assert r.resolve(stem + ending, inflected=True).nick == name


def test_resolver_answers_each_text_once_and_keeps_the_answer() -> None:
    # spans repeat on every page of a day: one resolution per distinct text and player list
    from parser.nicks import cached_resolver

    players = ("Вася", "Граф Монте-Кристо", "Mister X")
    r = cached_resolver(players)
    assert cached_resolver(players) is r
    first = r.resolve("@ГРАФ,")
    assert first.nick == "Граф Монте-Кристо"
    assert r.resolve("@ГРАФ,") is first
    # the memo is per question: the inflected reading of the same text is asked separately
    assert r.resolve("Васю").nick is None and r.resolve("Васю", inflected=True).nick == "Вася"


def test_importing_the_vote_reader_does_not_load_the_fuzzy_matcher() -> None:
    # rapidfuzz loads only when the cheap tiers fail (CLI start-up counts, issue 2 item 8)
    import subprocess
    import sys

    from tests.conftest import ROOT

    code = "import sys, parser.votes, parser.moves; print('rapidfuzz' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"
    # and a typo still gets the fuzzy tier
    assert NickResolver(["Граф Монте-Кристо"]).resolve("Граф Монте-Кристоо").method == "fuzzy"


@pytest.mark.parametrize(
    ("text", "nick"),
    [("Льва", "Лев"), ("Льву", "Лев"), ("Львом", "Лев"), ("Павла", "Павел"), ("Орла", "Орёл")],
)
def test_C_3_fleeting_vowel_forms_resolve_in_moves(text: str, nick: str) -> None:
    # QA probe: «проверяю Льва» for the nick Лев was unknown_nick
    m = NickResolver(["Лев", "Павел", "Орёл", "Кот"]).resolve(text, inflected=True)
    assert (m.nick, m.method) == (nick, "inflected")


def test_C_3_fleeting_vowel_does_not_make_ordinary_words_nicks() -> None:
    r = NickResolver(["Кот", "Лев", "Олег"])
    assert r.resolve("кто", inflected=True).nick is None  # Кот without о + «о»
    assert r.resolve("Ольгу", inflected=True).nick is None  # not Олег
    assert r.resolve("Льва").nick is None  # votes take no case forms (C-3)
