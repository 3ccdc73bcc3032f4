"""The one nick identity key and account matching (parser/identity.py; RULES.md C-3: nicks
compare case-insensitively with Cyrillic/Latin look-alikes folded; C-2: only the player's own
account acts for him)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parser.identity import Cast, key_clashes, nick_key, same_account, same_nick


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Шерлок", "шерлок"),
        ("Шерлок", "ШЕРЛОК"),
        ("Шерлок", "Шерлoк"),  # Latin «o»
        ("Шерлок", "Шер\u200bлок"),  # zero-width space
        ("Шерлок", "\ufeffШерлок\u200e"),  # BOM, left-to-right mark
        ("Шерлок", "Шерло\u0301к"),  # a stress mark
        ("Ёжик в тумане", "ежик\u00a0в   тумане"),  # ё, NBSP, a run of spaces
        ("Ёжик в тумане", " Ёжик в тумане\t"),
        ("Мaкс", "Макс"),  # the real account's Latin «a»
        ("Mister X", "MISTER Х"),  # Cyrillic «Х»
        ("Tanya", "Ｔａｎｙａ"),  # full-width forms (NFKC)
        ("Лиса_Алиса", "лиса_алиса"),
    ],
)
def test_C_3_nicks_that_read_the_same_share_a_key(a: str, b: str) -> None:
    assert nick_key(a) == nick_key(b)
    assert same_nick(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Шерлок", "Шерлок2"),
        ("Лиса_Алиса", "Лиса Алиса"),  # an underscore is part of the name
        ("Tanya-77", "Tanya-78"),
        ("Кот", "Кит"),
        ("Й", "И"),  # й is a letter of its own, not и with a mark
    ],
)
def test_different_nicks_keep_different_keys(a: str, b: str) -> None:
    assert nick_key(a) != nick_key(b)


@given(st.text(max_size=30))
def test_nick_key_is_idempotent_and_never_raises(text: str) -> None:
    key = nick_key(text)
    assert nick_key(key) == key
    assert key == key.strip()
    assert "\u200b" not in key and "ё" not in key


def test_ids_decide_when_both_are_known() -> None:
    assert same_account("Шерлок", 61, "Шерлок", 61)
    assert not same_account("Шерлок", 61, "Шерлoк", 75)  # a look-alike account
    assert not same_account("Шерлок", 61, "Шерлок", 75)
    assert same_account("Шерлок", 61, "Sherlock", 61)  # the account renamed
    assert same_account("Шерлок", None, "шерлок", 75)  # no id on one side: the spelling
    assert not same_account("Шерлок", None, "Шерлoк", 75)  # … never a folded name


def test_cast_matches_authors_by_id_then_by_key() -> None:
    cast = Cast(["Шерлок", "Мaкс", "Кот"], {"Шерлок": 61, "Макс": 59})
    assert cast.player("Шерлок", 61) == "Шерлок"
    assert cast.player("Шерлoк", 75) is None  # look-alike name, someone else's account
    assert cast.player("Шер\u200bлок", 76) is None
    assert cast.player("Шерлок", None) == "Шерлок"  # a page without ids: the name decides
    assert cast.player("Holmes", 61) == "Шерлок"  # the id wins over a changed name
    assert cast.player("Макс", 59) == "Мaкс"  # the id map may spell the nick loosely
    assert cast.player("Кот", 66) == "Кот"  # no id known for him: the name decides
    assert cast.player("Зритель", 75) is None


@pytest.mark.parametrize(
    "name",
    [
        "Кoт",  # Latin «o»
        "Кот\u200b",  # a zero-width space
        "К\u00adот",  # a soft hyphen
        "Ко\u0301т",  # a combining accent
        "\u202eКот",  # a bidi override
        "Ｋот",  # a full-width letter (NFKC would fold it)
    ],
)
def test_C_2_before_his_id_is_known_only_his_exact_spelling_is_the_player(name: str) -> None:
    """Until the player's id is known (no host id, no post of his own yet) a look-alike name
    is not his — with or without an id of its own — and is named as a look-alike of him."""
    cast = Cast(["Кот", "Анна"])
    assert cast.player(name, 140) is None
    assert cast.player(name, None) is None
    assert cast.lookalike_of(name, 140) == "Кот"
    assert cast.player("кот", None) == "Кот"  # case: one account on every board
    assert cast.player("Кот", 66) == "Кот"
    assert cast.lookalike_of("Кот", 66) is None
    assert cast.lookalike_of("Зритель", 75) is None


def test_account_key_folds_only_what_a_board_keeps_unique() -> None:
    from parser.identity import account_key

    assert account_key("Анна  Каренина ") == account_key("анна каренина")
    assert account_key("Йод") == account_key("И\u0306од")  # one letter, composed or not (NFC)
    for other in ("Анна Kаренина", "Анна\u200bКаренина", "Ａнна Каренина", "Анна Карени́на"):
        assert account_key(other) != account_key("Анна Каренина")
    # issue 21 item 1: a no-break or thin space is another account, not a wrapped line — a
    # twin «Ведущий\u00a0» is an outsider, never taken for the host's account
    for other in ("Анна\u00a0Каренина", "Анна\u2009Каренина", "Анна Каренина\u00a0"):
        assert account_key(other) != account_key("Анна Каренина")


def test_key_clashes_lists_nicks_that_cannot_be_told_apart() -> None:
    assert key_clashes(["Шерлок", "Кот", "Шерлoк", "КОТ", "Марго"]) == [
        ("Шерлок", "Шерлoк"),
        ("Кот", "КОТ"),
    ]
    assert key_clashes(["Шерлок", "Кот"]) == []


def test_learn_ids_takes_the_first_post_spelled_as_the_player_up_to_case() -> None:
    from parser.identity import learn_ids

    authors = [("Кoт", 140), ("кот", 66), ("Кот", 67), ("Анна", None), ("Анна", 58)]
    assert learn_ids(["Кот", "Анна", "Шерлок"], authors) == {"Кот": 66, "Анна": 58}
    # an invisible character is another account: it lends the player nothing
    assert learn_ids(["Шерлок"], [("Шер\u200bлок", 75), ("Шерлок", 61)]) == {"Шерлок": 61}
