"""Reading board-generated markup by string search answers as the parser would, or declines.

Every answer is checked against lexbor's reading of the same markup; every refusal is a
piece whose reading depends on tokenizer rules the string search does not repeat.
"""

from __future__ import annotations

import re

import pytest
from selectolax.lexbor import LexborHTMLParser

from parser.rawmarkup import caseless, in_comment, markup_ok, tag_attr, text_of


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
