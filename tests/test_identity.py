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
    assert same_account("Шерлок", None, "Шерлoк", 75)  # no id on one side: the key decides


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
