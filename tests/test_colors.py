"""Colour spellings, families and rule-set colour specs (parser/colors.py)."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parser.colors import CSS_NAMED_COLORS, canonical_color, color_family, matches_colors
from tests.conftest import FIXTURES


def test_all_148_css_named_colours_are_known() -> None:
    assert len(CSS_NAMED_COLORS) == 148
    for name, hexv in CSS_NAMED_COLORS.items():
        assert canonical_color(name) == hexv
        assert canonical_color(name.upper()) == hexv
        assert re.fullmatch(r"#[0-9a-f]{6}", hexv)
    # aliases agree
    assert canonical_color("grey") == canonical_color("gray") == "#808080"
    assert canonical_color("aqua") == canonical_color("cyan")
    assert canonical_color("fuchsia") == canonical_color("magenta")


@pytest.mark.parametrize(
    ("spelling", "expected"),
    [
        ("green", "#008000"),
        ("Green", "#008000"),
        ("  GREEN ", "#008000"),
        ("#008000", "#008000"),
        ("#FF0000", "#ff0000"),
        ("#f00", "#ff0000"),
        ("#F00", "#ff0000"),
        ("ff0000", "#ff0000"),
        ("#ff000080", "#ff0000"),
        ("#f008", "#ff0000"),
        ("rgb(0, 128, 0)", "#008000"),
        ("RGB(0,128,0)", "#008000"),
        ("rgba(255, 0, 0, 0.5)", "#ff0000"),
        ("rgb(100%, 0%, 0%)", "#ff0000"),
        ("rgb(0% 50% 0%)", "#008000"),
        ("rgb(0 128 0 / 50%)", "#008000"),
        ("rgb(300, -5, 0)", "#ff0000"),
        ("darkred", "#8b0000"),
        ("red !important", "#ff0000"),
        ("'red'", "#ff0000"),
    ],
)
def test_canonical_color_spellings(spelling: str, expected: str) -> None:
    assert canonical_color(spelling) == expected


@pytest.mark.parametrize(
    "junk",
    ["", "   ", "greenish", "#12", "#12345", "#ggg", "rgb(1,2)", "rgb(a,b,c)", "12px", "none"],
)
def test_junk_is_not_a_colour(junk: str) -> None:
    assert canonical_color(junk) is None
    assert color_family(junk) is None
    assert not matches_colors(junk, ["family:red", "family:green", "red"])


@pytest.mark.parametrize(
    "red", ["red", "#f00", "#FF0000", "darkred", "maroon", "crimson", "firebrick", "#aa0000"]
)
def test_red_family(red: str) -> None:
    assert color_family(red) == "red"


@pytest.mark.parametrize(
    "green", ["green", "#008000", "#00ff00", "lime", "darkgreen", "forestgreen", "seagreen"]
)
def test_green_family(green: str) -> None:
    assert color_family(green) == "green"


@pytest.mark.parametrize(
    ("value", "family"),
    [
        ("blue", "blue"),
        ("navy", "blue"),
        ("orange", "orange"),
        ("gold", "yellow"),
        ("purple", "purple"),
        ("hotpink", "pink"),
        ("pink", "pink"),
        ("black", "black"),
        ("white", "white"),
        ("gray", "gray"),
        ("teal", "cyan"),
        ("sienna", "brown"),
    ],
)
def test_other_families(value: str, family: str) -> None:
    assert color_family(value) == family


def test_matches_colors_by_spelling_and_family() -> None:
    gambler = ["family:green"]
    pefl = ["family:red"]
    assert matches_colors("#008000", gambler)
    assert matches_colors("Green", gambler)
    assert not matches_colors("red", gambler)
    assert matches_colors("darkred", pefl)
    assert not matches_colors("green", pefl)
    exact = ["red", "#cc0000"]
    assert matches_colors("#F00", exact)
    assert matches_colors("rgb(204,0,0)", exact)
    assert not matches_colors("darkred", exact)
    assert not matches_colors("red", [])


def test_every_colour_written_in_the_fixture_game_is_red_or_green() -> None:
    truth = json.loads((FIXTURES / "phpbb" / "truth.json").read_text(encoding="utf-8"))
    written = {
        c["color"]
        for p in truth["game12"]["posts"]
        for c in p["coloured_outside_quotes"] + p["coloured_inside_quotes"]
    }
    assert written  # green, red, Green, #008000, #FF0000 …
    for spelling in written:
        fam = color_family(spelling)
        assert fam in ("red", "green"), spelling
        assert matches_colors(spelling, [f"family:{fam}"])


@given(st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)))
def test_hex_and_rgb_spellings_agree(rgb: tuple[int, int, int]) -> None:
    r, g, b = rgb
    hexv = f"#{r:02x}{g:02x}{b:02x}"
    assert canonical_color(hexv.upper()) == hexv
    assert canonical_color(f"rgb({r}, {g}, {b})") == hexv
    assert color_family(hexv) is not None


@given(st.text(max_size=40))
def test_any_text_never_raises(value: str) -> None:
    result = canonical_color(value)
    assert result is None or re.fullmatch(r"#[0-9a-f]{6}", result)
    color_family(value)
    matches_colors(value, ["family:green", value])
