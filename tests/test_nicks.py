"""Nick resolution (RULES.md C-3) on the real game-12 cast and on inflection examples."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parser.nicks import (
    AMBIGUOUS_NICK,
    UNKNOWN_NICK,
    NickResolver,
    diminutive_match,
    word_inflects,
)
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
    # «Коля» as written is Коля, and by the ending tables Коль's genitive too (as Лель →
    # Леля): both readings live, so the exact nick alone proves nothing
    m = r.resolve("Коля", inflected=True)
    assert m.reason == AMBIGUOUS_NICK and set(m.candidates) == {"Коля", "Коль"}
    assert r.resolve("Коля").nick == "Коля"  # no case forms asked for: the nick as written


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


# -- the transliteration tier (C-3: nicks written in the other script) -----------------------
TRANSLIT_CAST = ["Mister X", "Анна", "Вася", "Tanya-77", "Kate", "Jack_Sparrow", "Игорь", "Кот"]


@pytest.mark.parametrize(
    ("text", "nick", "inflected"),
    [
        ("Мистер Икс", "Mister X", False),
        ("Мистер Х", "Mister X", False),  # the lone Cyrillic letter read as the letter X
        ("Мистера Икс", "Mister X", True),
        ("Мистера Х", "Mister X", True),
        ("Anna", "Анна", False),
        ("Vasya", "Вася", False),
        ("Igor", "Игорь", False),  # the soft sign has no Latin letter
        ("Таня-77", "Tanya-77", False),
        ("Таня", "Tanya-77", False),  # the digit tail is never said aloud
        ("Таню", "Tanya-77", True),
        ("Таню-77", "Tanya-77", True),
        ("Anny", "Анна", True),  # a Latin-typed case form (Анны) of a Cyrillic nick
    ],
)
def test_C_3_translit_other_script_resolves(text: str, nick: str, inflected: bool) -> None:
    m = NickResolver(TRANSLIT_CAST).resolve(text, inflected=inflected, fuzzy=False)
    assert (m.nick, m.method, m.reason) == (nick, "translit", None)
    assert 0.75 < m.confidence < 0.9  # below every exact-spelling tier, above a partial word


def test_C_3_translit_case_forms_only_in_moves() -> None:
    r = NickResolver(TRANSLIT_CAST)
    assert r.resolve("Таню", fuzzy=False).nick is None
    assert r.resolve("Таню", inflected=True, fuzzy=False).nick == "Tanya-77"


@pytest.mark.parametrize(
    "text",
    [
        "кот",  # Кот itself resolves, but never Kate: kot ≠ kate
        "Кэт",  # three letters: too short for a match by transliteration alone
        "Кейт",  # not spelt the same, and no guessing of pronunciations
        "Джек",  # Jack_Sparrow: English pronunciation is beyond a spelling table
        "Джека",
        "Таню-78",  # digits typed must be the player's own
        "Anka",  # a diminutive is another word, not a case form
        "Щи",  # two letters typed, however long their Latin spelling
        "Мистер",  # one word of a two-word nick is not a translit match
    ],
)
def test_C_3_translit_does_not_guess(text: str) -> None:
    m = NickResolver(TRANSLIT_CAST).resolve(text, inflected=True, fuzzy=False)
    assert m.method != "translit"
    assert m.nick in (None, "Кот")


def test_C_3_translit_short_text_never_matches() -> None:
    # «Ян» ≡ Yan by the table, but two letters are too few to trust
    r = NickResolver(["Yan", "Ivan"])
    assert r.resolve("Ян", inflected=True, fuzzy=False).nick is None
    assert r.resolve("Иван", inflected=True, fuzzy=False).nick == "Ivan"
    # letters as typed count, not their Latin spelling (щ is four Latin letters)
    assert NickResolver(["Shchi"]).resolve("Щи", inflected=True, fuzzy=False).nick is None
    assert NickResolver(["Shchuka"]).resolve("Щука", fuzzy=False).nick == "Shchuka"


def test_C_3_translit_same_script_is_left_to_the_cheaper_tiers() -> None:
    # «Kaтя» vs Katya: both Latin-majority spellings; a looser same-script match is not made
    r = NickResolver(["Katya"])
    assert r.resolve("Katja", fuzzy=False).nick is None
    assert r.resolve("Катя", fuzzy=False).nick == "Katya"


def test_C_3_translit_two_players_matching_is_ambiguous() -> None:
    r = NickResolver(["Tanya-77", "Tanya-78", "Вася", "Vasya2005"])
    m = r.resolve("Таню", inflected=True)
    assert m.reason == AMBIGUOUS_NICK and set(m.candidates) == {"Tanya-77", "Tanya-78"}
    assert r.resolve("Таню-78", inflected=True).nick == "Tanya-78"
    # a Latin nick whose letters are a Cyrillic player's: «Vasya» could be either
    m2 = NickResolver(["Вася", "Вася2005"]).resolve("Vasya")
    assert m2.reason == AMBIGUOUS_NICK and set(m2.candidates) == {"Вася", "Вася2005"}
    assert r.resolve("Вася", fuzzy=False).nick == "Вася"  # the exact tier still wins first


def test_C_3_translit_runs_only_after_the_cheaper_tiers() -> None:
    # Граф is one word of a nick (partial) before it is anything by transliteration
    r = NickResolver(["Граф Монте-Кристо", "Graf"])
    assert r.resolve("Граф").method == "partial"
    assert r.resolve("Граф").nick == "Граф Монте-Кристо"


_MIXED = st.text(
    alphabet=st.sampled_from("абвгдеёжзийклмнопрстуфхцчшщъыьэюяabcdhkjxyz -_'0123456789АX"),
    max_size=30,
)


@given(_MIXED)
def test_C_3_translit_resolver_never_raises(text: str) -> None:
    r = NickResolver([*TRANSLIT_CAST, *CAST, "Yan", "77"])
    for inflected in (False, True):
        m = r.resolve(text, inflected=inflected)
        assert (m.nick is None) == (m.reason is not None)
        assert m.nick is None or m.nick in r.players
        if m.method == "translit" and m.nick is not None:
            assert sum(c.isalpha() for c in text) >= 4


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Тихую", "Тихая"),
        ("Тихой", "Тихая"),
        ("Рыжего", "Рыжий"),
        ("Рыжему", "Рыжий"),
        ("Серую Мышь", "Серая Мышь"),
        ("Маленького Принца", "Маленький Принц"),
    ],
)
def test_C_3_adjective_nicks_decline_by_their_own_gender(text: str, nick: str) -> None:
    r = NickResolver(["Тихая", "Рыжий", "Серая Мышь", "Маленький Принц", "Ли"])
    assert r.resolve(text, inflected=True).nick == nick


@pytest.mark.parametrize("text", ["Рыжую", "Рыжей", "Доброй", "Тихого"])
def test_C_3_adjective_form_of_the_other_gender_is_no_player(text: str) -> None:
    # «Рыжую» shares the lemma «рыжий» with the nick Рыжий, but a host does not read a
    # feminine form as a masculine player: asked, never moved onto him
    r = NickResolver(["Рыжий", "Добрый", "Тихая", "Ли"])
    assert r.resolve(text, inflected=True).nick is None


@pytest.mark.parametrize(
    ("text", "nick"),
    [("Нео", "Neo-1"), ("Нео", "Neo_2"), ("Смита", "Smith"), ("Артура", "Arthur")],
)
def test_C_3_translit_reaches_short_names_with_a_digit_tail_and_the_english_th(
    text: str, nick: str
) -> None:
    r = NickResolver([nick, "Ли", "Катя"])
    assert r.resolve(text, inflected=True, fuzzy=False).nick == nick


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Бешеного", "Бешеный Пёс"),
        ("Серую", "Серая Мышь"),
        ("Учёного", "Кот_Учёный"),
        ("Пса", "Бешеный Пёс"),
        ("Мыши", "Серая Мышь"),
    ],
)
def test_C_3_one_word_of_a_longer_nick_in_any_case_form(text: str, nick: str) -> None:
    r = NickResolver(["Бешеный Пёс", "Серая Мышь", "Кот_Учёный", "Ли"])
    assert r.resolve(text, inflected=True, fuzzy=False).nick == nick


def test_C_3_one_word_of_a_longer_nick_keeps_its_gender() -> None:
    # «Серого» is masculine: no form of Серая Мышь's «Серая»
    r = NickResolver(["Серая Мышь", "Ли"])
    assert r.resolve("Серого", inflected=True, fuzzy=False).nick is None


def test_C_3_a_digit_nick_declined_in_its_letters_keeps_its_digits() -> None:
    r = NickResolver(["Вася2005", "Вася2006", "Tanya-77"])
    for text in ("Васю2005", "Васе-2005", "Васей2005"):
        m = r.resolve(text, inflected=True, fuzzy=False)
        assert (m.nick, m.method) == ("Вася2005", "inflected"), text
    # other digits are another player, or nobody
    assert r.resolve("Васю2006", inflected=True, fuzzy=False).nick == "Вася2006"
    assert r.resolve("Васю2007", inflected=True, fuzzy=False).nick is None


NAME_NICKS = ["Марфа", "Лиза", "Нина", "Роман", "Светлана", "Олег"]


@pytest.mark.parametrize("word", ["марка", "марки", "Марка"])
def test_C_3_a_dictionary_word_that_only_starts_a_name_nick_is_a_guess_not_a_player(
    word: str,
) -> None:
    """«марка» (a noun, and Марк's genitive) is no pet form of Марфа: offered, never read."""
    m = diminutive_match(NickResolver(NAME_NICKS), word)
    assert m is None or (m.nick is None and m.reason == UNKNOWN_NICK)


@pytest.mark.parametrize(
    ("word", "nick"),
    [("Ромку", "Роман"), ("Светку", "Светлана"), ("Нинку", "Нина"), ("Марфушу", "Марфа")],
)
def test_C_3_pet_forms_of_a_name_nick_are_still_read(word: str, nick: str) -> None:
    m = diminutive_match(NickResolver(NAME_NICKS), word)
    assert m is not None and m.nick == nick


@pytest.mark.parametrize(
    ("word", "nick"), [("Мафру", "Марфа"), ("мафру", "Марфа"), ("Лзиу", "Лиза"), ("Оелг", "Олег")]
)
def test_C_3_a_nick_with_two_neighbouring_letters_swapped_is_read(word: str, nick: str) -> None:
    assert NickResolver(NAME_NICKS).resolve(word, inflected=True).nick == nick


@pytest.mark.parametrize("word", ["лиса", "мина", "Ефмиа", "Рмоана"])
def test_C_3_no_swap_reading_for_a_dictionary_word_or_a_swap_and_an_ending(word: str) -> None:
    """«лиса» is a fox (not Лиза with a slip); «Рмоана» is a swap and an ending: asked."""
    assert not NickResolver([*NAME_NICKS, "Ефим"]).resolve(word, inflected=True).ok


CLASHING = ["Александр", "Александра", "Евгений", "Евгения", "Кот", "Кота", "Ярослав", "Ярослава"]


@pytest.mark.parametrize(
    ("text", "both"),
    [
        ("Александра", ("Александра", "Александр")),
        ("Евгения", ("Евгения", "Евгений")),
        ("Кота", ("Кота", "Кот")),
        ("Ярославу", ("Ярослав", "Ярослава")),
    ],
)
def test_C_3_a_nick_spelt_as_another_nicks_case_form_is_ambiguous(
    text: str, both: tuple[str, str]
) -> None:
    m = NickResolver(CLASHING).resolve(text, inflected=True)
    assert m.reason == AMBIGUOUS_NICK
    assert set(m.candidates) == set(both)


@pytest.mark.parametrize(
    ("text", "nick"),
    [("Александр", "Александр"), ("Александрой", "Александра"), ("Кот", "Кот")],
)
def test_C_3_a_form_only_one_nick_can_be_is_read(text: str, nick: str) -> None:
    assert NickResolver(CLASHING).resolve(text, inflected=True).nick == nick


def test_C_3_the_exact_nick_is_read_when_the_case_forms_are_not_asked_for() -> None:
    # the `exact` vote reading takes no case forms, so no clash arises
    assert NickResolver(CLASHING).resolve("Александра").nick == "Александра"


def test_C_3_the_dictionary_settles_what_the_ending_tables_allow() -> None:
    # «Верю» is no case form of Вера; «Ярославы» is Ярослава's, Ярослав's only as a plural
    assert NickResolver(["Верю", "Вера"]).resolve("Верю", inflected=True).nick == "Верю"
    both = NickResolver(["Ярослав", "Ярослава"])
    assert both.resolve("Ярославы", inflected=True).nick == "Ярослава"


def test_C_3_a_three_letter_word_is_a_latin_nick_only_spelling_all_its_typed_letters() -> None:
    # the transliteration key of «Kate» drops its silent «e»; the three letters of «кат» (a
    # dictionary word) are not all of the nick's four, while «Нео» spells all of Neo-1's
    r = NickResolver(["Kate", "Neo-1"])
    assert r.resolve("кат").nick is None
    assert r.resolve("Нео").nick == "Neo-1"
