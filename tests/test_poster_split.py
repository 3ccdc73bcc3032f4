"""Splitting long messages at the board's limit."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from poster.outbox import OutboxKey, marker_for, with_marker
from poster.split import split_text


def test_short_text_is_one_part() -> None:
    assert split_text("Газета", 100) == ["Газета"]


def test_cuts_on_paragraph_boundaries_first() -> None:
    paras = ["а" * 40, "б" * 40, "в" * 40]
    parts = split_text("\n\n".join(paras), 90)
    assert parts == ["а" * 40 + "\n\n" + "б" * 40, "в" * 40]


def test_falls_back_to_lines_then_words_then_hard_cut() -> None:
    assert split_text("один два три четыре", 10) == ["один два", "три четыре"]
    assert split_text("один\nдва три", 8) == ["один", "два три"]
    assert split_text("x" * 25, 10) == ["x" * 10, "x" * 10, "x" * 5]


@given(
    st.lists(
        st.text(alphabet="абв gd\n", min_size=0, max_size=60),
        min_size=1,
        max_size=12,
    ),
    st.integers(min_value=5, max_value=120),
)
def test_parts_fit_and_keep_every_word(chunks: list[str], limit: int) -> None:
    text = "\n\n".join(chunks)
    parts = split_text(text, limit)
    assert all(len(p) <= limit for p in parts)
    assert "".join("".join(parts).split()) == "".join(text.split())


def test_marker_is_stable_and_unique_per_key_and_part() -> None:
    key = OutboxKey("12", 3, "newspaper", "topic")
    assert marker_for(key, 0) == marker_for(OutboxKey("12", 3, "newspaper", "topic"), 0)
    assert marker_for(key, 0) != marker_for(key, 1)
    assert marker_for(key, 0) != marker_for(OutboxKey("12", 4, "newspaper", "topic"), 0)
    assert marker_for(key, 0).startswith("mafiabot 12/3 ")
    text = with_marker("Газета", marker_for(key, 0))
    assert text.endswith(f"[size=50]{marker_for(key, 0)}[/size]") and "[color" not in text


def test_does_not_cut_inside_a_bbcode_block_when_a_cut_outside_exists() -> None:
    roles = "[spoiler]" + "\n\n".join(f"Игрок {i} — мирный" for i in range(6)) + "[/spoiler]"
    text = "Итоги ночи.\n\n" + roles + "\n\nДень начинается."
    parts = split_text(text, len(roles) + 5)
    assert roles in parts  # the spoiler travels whole
    assert all(p.count("[spoiler]") == p.count("[/spoiler]") for p in parts)


def test_a_block_longer_than_the_limit_is_still_cut() -> None:
    text = "[quote]" + "слово " * 50 + "[/quote]"
    parts = split_text(text, 60)
    assert all(len(p) <= 60 for p in parts) and len(parts) > 1
