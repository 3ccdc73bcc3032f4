"""An IPS 4 page's posts are handed to lexbor as UTF-8 built a part at a time
(`blocks.post_tails_utf8`, `html.parse_utf8`): the very bytes selectolax makes of the text it
was given before, so the same document; markup with more tags than the depth cap allows is
parsed from its text, capped as before."""

from __future__ import annotations

import pytest

from parser import html as html_mod
from parser.dialects import IPS4, PageSlice
from parser.encoding import decode_html
from parser.html import MAX_DEPTH, parse_html, parse_utf8
from parser.ipb import blocks
from parser.ipb.blocks import drop_post_tails, post_tails_utf8, slice_blocks, slice_bounds
from parser.ipb.topic import parse_ipb_topic
from tests.conftest import FIXTURES

IPS4_PAGES = sorted((FIXTURES / "ipb/4x-5x").glob("*.html"))


def _slice() -> PageSlice:
    sl = IPS4.page_slice
    assert sl is not None and sl.tail
    return sl


def _pages() -> list[tuple[str, str]]:
    """Every saved IPS 4 page, and variants: Cyrillic in every header and body (no part of
    the posts plain ASCII), a lone surrogate in a header and in a body (left out by the
    encoding, as selectolax leaves it out), a post without its body mark, a page cut short
    inside a post's tail."""
    out: list[tuple[str, str]] = []
    for path in IPS4_PAGES:
        html = decode_html(path.read_bytes())
        out.append((path.name, html))
    real = decode_html(IPS4_PAGES[0].read_bytes())
    sl = _slice()
    out.append(("cyrillic", real.replace("Posted", "Опубликовано").replace("the", "тот")))
    mark = real.index(sl.body_mark)
    out.append(("surrogate in a header", real[: mark - 40] + "\ud800" + real[mark - 40 :]))
    out.append(("surrogate in a body", real[: mark + 60] + "\udfff\ud83d" + real[mark + 60 :]))
    second = real.index(sl.body_mark, mark + 1)
    out.append(("no body mark", real[:second] + "xommentContent" + real[second + 14 :]))
    tail = real.index(sl.tail[0], second)
    out.append(("cut short in a tail", real[: tail + 30]))
    return out


@pytest.mark.parametrize(("name", "html"), _pages(), ids=[n for n, _h in _pages()])
def test_the_bytes_are_the_texts_as_selectolax_encodes_it(name: str, html: str) -> None:
    sl = _slice()
    bounds = slice_bounds(html, sl)
    assert bounds is not None, name
    chrome, start, end = bounds
    text = drop_post_tails(html, sl, start, end)
    data = post_tails_utf8(html, sl, start, end)
    assert data == text.encode("utf-8", "ignore")
    assert slice_blocks(html, sl) == (chrome, text)
    # the same document: lexbor was given the same bytes
    assert parse_utf8(data, lambda: text).html == parse_html(text).html
    assert parse_utf8(data, lambda: text).raw_html == parse_html(text).raw_html


@pytest.mark.parametrize(("name", "html"), _pages(), ids=[n for n, _h in _pages()])
def test_the_page_reads_the_same_as_from_the_text(
    name: str, html: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from_bytes = parse_ipb_topic(html, dialect=IPS4)
    # the reference: the posts' text given to lexbor as text, as before
    monkeypatch.setattr(blocks, "parse_utf8", lambda data, text: parse_html(text()))
    assert from_bytes == parse_ipb_topic(html, dialect=IPS4), name
    if name in {p.name for p in IPS4_PAGES} and "fragment" not in name:
        assert from_bytes.posts


def test_the_text_is_not_made_for_an_ordinary_page() -> None:
    html = decode_html(IPS4_PAGES[0].read_bytes())
    sl = _slice()
    bounds = slice_bounds(html, sl)
    assert bounds is not None
    _chrome, start, end = bounds
    data = post_tails_utf8(html, sl, start, end)
    assert len(data) > 3 * MAX_DEPTH  # long enough for its tags to be counted

    def text() -> str:
        raise AssertionError("the text was made")

    assert parse_utf8(data, text).css_first("article") is not None


@pytest.mark.parametrize("levels", [MAX_DEPTH + 50, MAX_DEPTH // 2])
def test_deep_markup_is_capped_from_its_text_as_before(levels: int) -> None:
    text = "<div>" * levels + "слово" + "</div>" * levels
    made: list[str] = []

    def from_text() -> str:
        made.append(text)
        return text

    doc = parse_utf8(text.encode(), from_text)
    assert doc.html == parse_html(text).html
    assert made == ([text] if levels > MAX_DEPTH else [])
    if levels > MAX_DEPTH:
        assert html_mod.cap_depth(text, MAX_DEPTH) != text  # the cap did cut


def test_a_short_text_with_many_angle_brackets_is_given_as_it_is() -> None:
    # fewer bytes than three a tag for more than MAX_DEPTH tags: parse_html counts nothing
    # there either (the text is no longer than its bytes), so the bytes go to lexbor whole
    text = "<" * (MAX_DEPTH + 10)
    assert len(text.encode()) <= 3 * MAX_DEPTH
    doc = parse_utf8(text.encode(), lambda: text)
    assert doc.html == parse_html(text).html
