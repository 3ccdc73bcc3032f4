"""Reading board-generated markup by string search answers as the parser would, or declines.

Every answer is checked against lexbor's reading of the same markup; every refusal is a
piece whose reading depends on tokenizer rules the string search does not repeat.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from selectolax.lexbor import LexborHTMLParser

from parser.rawmarkup import caseless, in_comment, markup_ok, opens_tag, tag_attr, text_of


@pytest.mark.parametrize(
    "region",
    [
        "<table><tr><td><span class='x'>a</span></td></tr></table>",
        "<!-- POSTED DATE DIV --><div>x</div><!---->",
        "text with > and & but no tags",
    ],
)
def test_plain_board_markup_is_ok(region: str) -> None:
    assert markup_ok(region, 0, len(region))


@pytest.mark.parametrize(
    "region",
    [
        "<script>var s = '<span>';</script>",
        "<STYLE>p{}</STYLE>",
        "<TextArea>x</TextArea>",
        "<!DOCTYPE html>",
        "<?xml ?>",
        "<!-->",
        "<!--->",
        "<!-- closed early --!> <span> -->",
        "<!-- never closed",
        "<svg><title>t</title></svg>",
        "<noscript>x</noscript>",
    ],
)
def test_markup_that_changes_tokenizing_is_refused(region: str) -> None:
    assert not markup_ok(region, 0, len(region))


def test_positions_inside_comments() -> None:
    html = "a<!-- <span class='x'> -->b<span class='x'>"
    assert in_comment(html, html.index("<span"))
    assert not in_comment(html, html.rindex("<span"))


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("<a href='index.php?s=1&amp;showuser=5'>", ("a", "index.php?s=1&showuser=5")),
        ('<a title="t" HREF="x">', ("a", "x")),
        ("<a hrefx='1' href='2'>", ("a", "2")),
        ("<a href=plain>", ("a", "plain")),
        ("<a>", ("a", None)),
    ],
)
def test_an_attribute_reads_as_the_parser_decodes_it(
    tag: str, expected: tuple[str, str | None]
) -> None:
    read = tag_attr(tag, 0, "href")
    assert read is not None and read[:2] == expected
    node = LexborHTMLParser(tag + "</a>").css_first("a")
    assert node is not None and node.attributes.get("href") == expected[1]


@pytest.mark.parametrize(
    "tag",
    ["<a href='&lt;x'>", "<a href='&#109;'>", '<a x"y=1>', "<a href='unclosed>", "</a>"],
)
def test_odd_tags_are_refused(tag: str) -> None:
    assert tag_attr(tag, 0, "href") is None


@pytest.mark.parametrize(
    "piece",
    [
        "<a href=\"javascript:ins('Ник')\">Ник&nbsp;Два</a>",
        '<b><a title="a" onclick="f(); return false;">Дата</a></b> 31.07.2014 - 12:57',
        "AT&T<br>next line</br>end",
        "plain",
    ],
)
def test_text_reads_as_the_parser_reads_it(piece: str) -> None:
    root = LexborHTMLParser(f"<div>{piece}</div>").css_first("div")
    assert root is not None
    assert text_of(piece, lines=False) == root.text()
    lines = text_of(piece, lines=True)
    assert lines is not None and lines.replace("\n", "") == root.text()


@pytest.mark.parametrize(
    "piece", ["<div>block</div>", "a < b", "&#1040;", "x\ry", "<span>nested</span>", "<!-- c -->"]
)
def test_text_the_search_cannot_vouch_for_is_refused(piece: str) -> None:
    assert text_of(piece, lines=True) is None


def test_caseless_words_match_in_any_ascii_case() -> None:
    rx = re.compile("<(?:" + caseless("script", "x-y") + ")")
    assert rx.match("<ScRiPt") and rx.match("<X-Y") and not rx.match("<scrip")


# --- quoted values holding markup-like text ------------------------------------------------
# Patterns of real board markup: titles and scripts in attributes (IPB 1.3 prints
# ``onclick="link_to_post(19014); return false;"``), alt texts that name a tag.


@pytest.mark.parametrize(
    ("html", "mark", "opens"),
    [
        ("<td class='row4'><span class='normalname'>", "<span", True),
        ("<b <span class='normalname'>", "<span", False),  # an attribute name of <b>
        ("<!-- <i> --><span class='x'>", "<span", True),
        ("<!-- <span class='x'> -->", "<span", False),
        ("a < b <span class='x'>", "<span", False),  # "< b" is text: refused, not misread
        # after quoted values holding markup-like text, a tag is read as one
        ('<a href="#" onclick="if (n > 0) { return false; }">x</a> <span>', "<span", True),
        ("<img src='style_images/1/p_quote.gif' alt='<Цитата>' /><span>", "<span", True),
        ("<a title = '<b>'>x</a><span>", "<span", True),
        # inside one, it is the value's text
        ("<img alt='<span class=\"x\">'>", "<span", False),
        ("<a title=\"a > <span class='x'>\">", "<span", False),
        ("<a title = \"a > b <span class='x'>\">", "<span", False),
        # after one holding ">" in the same tag, it is an attribute's name
        ("<img alt='a > b' <span class='x'>", "<span", False),
        ('<img alt="a > b"\n<span>', "<span", False),
    ],
)
def test_a_tag_opens_only_outside_other_tags_and_comments(
    html: str, mark: str, opens: bool
) -> None:
    at = html.index(mark)
    assert markup_ok(html, 0, at)
    assert opens_tag(html, at) is opens
    if opens:  # the parser agrees: the element is there
        assert LexborHTMLParser(html).css_first("span") is not None


@pytest.mark.parametrize(
    "tag",
    [
        "<a x=y\"z href='1'>",  # a quote inside a plain value is part of it
        "<a x=y=\" href='2'>",  # an "=" inside a plain value: the quote after it is text
        "<a =\"x\" href='3'>",  # an attribute name cannot start with "="
        "<a\xa0href='4'>",  # NBSP is no separator to the tokenizer
    ],
)
def test_quotes_the_tokenizer_reads_as_text_make_a_tag_unread(tag: str) -> None:
    assert tag_attr(tag, 0, "href") is None


_PIECES = st.lists(
    st.sampled_from(
        [
            "<b>", "</b>", "<i title='a > b'>", '<b title="<x>">', "<b a=x\"y>", "<i \"x\">",
            "<u =\"y\">", "z", '">', "'", " ", "<br>", "<b\xa0x>", "Ник", "&amp;", "<!-- c -->",
            "<a href='showuser=5'>", "</a>", "<span class='normalname'>", "</span>", "<b",
            ">", "=", "<img alt='a > b' ", '<a title = "<i>">', "\n", "='", '="',
        ]
    ),
    max_size=8,
).map("".join)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(_PIECES)
@example("<img alt='a > b' <br>>")  # a <br> inside another tag: no tag of its own
def test_raw_readings_are_the_parsers_or_none(piece: str) -> None:
    """Whatever the string search reads, lexbor reads the same; the rest it refuses."""
    text = text_of(piece, lines=False)
    if text is not None:
        div = LexborHTMLParser(f"<div>{piece}</div>").css_first("div")
        assert div is not None and div.text() == text
    mark = "<span class='mark'>"
    html = piece + mark
    at = len(piece)
    if markup_ok(html, 0, at) and opens_tag(html, at):
        found = LexborHTMLParser(html).css("span.mark")
        assert len(found) == 1
    read = tag_attr(piece + "<a href='1'>", 0, "href")
    if read is not None:
        first = LexborHTMLParser(piece + "<a href='1'>").css_first(read[0])
        assert first is not None and first.attributes.get("href") == read[1]
