"""The readers' shortcuts give exactly what the readings they replace give.

Each fast path of the board readers (issue 20 item 4) is held here to its reference, on the
real pages' strings and on generated ones: member ids found by literal search against the
pattern search, one-line text against the line-by-line layout, the raw-markup patterns
rewritten for speed against their first spelling.
"""

from __future__ import annotations

import html as htmllib
import re

from hypothesis import given
from hypothesis import strategies as st

from parser.ipb.text import MEMBER_ID, finish_text, member_id_in
from parser.rawmarkup import _INLINE, _TOKENIZER_MARK, _TOKENIZER_TAGS, caseless, text_of
from tests.conftest import FIXTURES

_HREF = re.compile(r"""href=["']([^"']*)["']""")


def _reference_member_id(address: str) -> int | None:
    m = MEMBER_ID.search(htmllib.unescape(address))
    return int(m.group(1)) if m else None


def test_member_ids_of_every_fixture_link() -> None:
    hrefs: set[str] = set()
    for path in FIXTURES.rglob("*.html"):
        hrefs.update(_HREF.findall(path.read_bytes().decode("utf-8", "replace")))
    assert len(hrefs) > 1000
    named = [h for h in hrefs if _reference_member_id(h) is not None]
    assert len(named) > 20  # profile links of every generation are among them
    for href in hrefs:
        assert member_id_in(href) == _reference_member_id(href), href


_PIECES = st.sampled_from(
    [
        "showuser=", "SHOWUSER=", "/profile/", "/User/", "?mid=", "&MID=", ";mid=", "mid=",
        "hovercard-id=", "hovercard-id='", 'HoverCard-Id="', "act=qms&", "act=qms&amp;",
        "act=QMS&amp;mid=", "&amp;", "&#49;", "&", "12", "7", "١٢", "x", "=", "/", "İ", "?", " ",
    ]
)  # fmt: skip


@given(st.lists(_PIECES, max_size=12).map("".join))
def test_member_ids_of_generated_addresses(address: str) -> None:
    assert member_id_in(address) == _reference_member_id(address)


def _reference_layout(text: str) -> str:
    # `finish_text` line by line, the one-line shortcut left out
    out: list[str] = []
    blank = 0
    for line in text.replace("\u200b", " ").split("\n"):
        words = line.split()
        if words:
            if blank and out:
                out.append("")
            blank = 0
            out.append(" ".join(words))
        else:
            blank += 1
    return "\n".join(out)


_TEXT = st.text(
    st.sampled_from(list("ab \t\r\n\x0b\x0c\x1c\x85\xa0\u2028\u200b\u3000Ё")), max_size=20
)


@given(st.lists(_TEXT, max_size=4))
def test_one_line_text_is_laid_out_as_every_line(parts: list[str]) -> None:
    assert finish_text(parts) == _reference_layout("".join(parts))


# the patterns as first spelt, before they were made to fail faster
_FIRST_ATTRS = r"(?=[\s/>])(?:[^<>\"']|\"[^\"]*\"|'[^']*')*>"
_FIRST_INLINE = re.compile(r"</?(?:" + caseless(*_INLINE) + r")" + _FIRST_ATTRS)
_FIRST_BR = re.compile(r"</?" + caseless("br") + _FIRST_ATTRS)
_FIRST_MARK = re.compile(r"<(?:\?|!(?!--(?!-?>))|(?:" + caseless(*_TOKENIZER_TAGS) + "))")

_MARKUP = st.lists(
    st.sampled_from(
        [
            "<b>", "</B>", "<a href='x'>", '<a title="a>b">', "<a title='", "<br>", "<BR/>",
            "<br class=x>", "<span>", "<i", ">", "'", '"', "Ник", " ", "&amp;", "<Script>",
            "<!-- c -->", "<!--", "<!DOCTYPE x>", "<?x>", "<svg>", "<title>", "<img src=y>",
            "<strong\n>", "<u x=\"'\">", "<s>", "<tEmplate>",
        ]
    ),
    max_size=10,
).map("".join)  # fmt: skip


def _first_text_of(piece: str, lines: bool) -> str | None:
    if "\r" in piece or "\x00" in piece or "&#" in piece:
        return None
    if "<" in piece:
        piece = _FIRST_INLINE.sub("", _FIRST_BR.sub("\n" if lines else "", piece))
        if "<" in piece:
            return None
    return htmllib.unescape(piece) if "&" in piece else piece


@given(_MARKUP, st.booleans())
def test_raw_markup_patterns_read_as_first_spelt(piece: str, lines: bool) -> None:
    assert text_of(piece, lines=lines) == _first_text_of(piece, lines)
    found, first = _TOKENIZER_MARK.search(piece), _FIRST_MARK.search(piece)
    assert (found and found.span()) == (first and first.span())
