"""An Invision topic page is read with one lexbor document alive at a time: the posts' document
is freed before the chrome's is parsed (two at once make the allocator hand memory back and
fault it in again page after page; `bench/parse_ipb.py --fresh`), and the posts' tails are left
out without a copy of the posts first. The reading is the same."""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from parser import html as html_mod
from parser.dialects import IPS4
from parser.encoding import decode_html
from parser.ipb import blocks, msgnumber, topic
from parser.ipb.blocks import drop_post_tails
from parser.ipb.topic import parse_ipb_topic
from tests.conftest import FIXTURES

IPS41 = FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
IPB13 = FIXTURES / "ipb/1x-2x/ipb13ru_hustle-sa_showtopic2969_utf8.html"


class _Tracked(LexborHTMLParser):
    """A document a weak reference can follow (a node read from it keeps it alive)."""


class _Documents:
    def __init__(self) -> None:
        self.made: list[weakref.ref[_Tracked]] = []
        self.alive_at_parse: list[int] = []

    def parse(self, markup: str | bytes) -> LexborHTMLParser:
        self.alive_at_parse.append(sum(ref() is not None for ref in self.made))
        doc = _Tracked(markup, options=1)
        self.made.append(weakref.ref(doc))
        return doc

    def parse_utf8(self, data: bytes, text: Callable[[], str]) -> LexborHTMLParser:
        return self.parse(data)


@pytest.fixture
def documents(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Documents]:
    docs = _Documents()
    monkeypatch.setattr(topic, "parse_html", docs.parse)
    monkeypatch.setattr(blocks, "parse_utf8", docs.parse_utf8)
    monkeypatch.setattr(msgnumber, "parse_html", docs.parse)
    yield docs


@pytest.mark.parametrize("path", [IPS41, IPB13], ids=["ips41", "ipb13"])
def test_each_document_is_parsed_with_no_other_alive(documents: _Documents, path: Path) -> None:
    html = decode_html(path.read_bytes())
    page = parse_ipb_topic(html)
    assert len(page.posts) >= 10
    assert len(documents.made) == 2  # the posts' and the chrome's
    assert documents.alive_at_parse == [0, 0]


@pytest.mark.parametrize("path", [IPS41, IPB13], ids=["ips41", "ipb13"])
def test_the_reading_is_the_same_as_with_the_plain_parser(
    documents: _Documents, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    html = decode_html(path.read_bytes())
    tracked = parse_ipb_topic(html)
    monkeypatch.setattr(topic, "parse_html", html_mod.parse_html)
    monkeypatch.setattr(blocks, "parse_utf8", html_mod.parse_utf8)
    monkeypatch.setattr(msgnumber, "parse_html", html_mod.parse_html)
    assert tracked == parse_ipb_topic(html)


def test_post_tails_are_left_out_in_place_as_from_a_copy() -> None:
    # `drop_post_tails` reads the posts inside the page (no copy of them first): the same
    # markup as from the copied slice, wherever the slice begins and ends (mid-post too)
    html = decode_html(IPS41.read_bytes())
    sl = IPS4.page_slice
    assert sl is not None and sl.tail
    first = html.index("<article")
    last = html.rindex("</article>") + len("</article>")
    bodies = [m.start() for m in re.finditer(sl.body_mark, html)]
    closes = [m.start() for m in re.finditer(sl.post_close, html)]
    assert len(bodies) >= 20
    bounds = [(first, last), (0, len(html)), (first, closes[3] + 3), (first, bodies[5] + 5)]
    bounds += [(bodies[2] - 40, closes[7]), (closes[1], bodies[9] + len(sl.body_mark))]
    bounds += [(first, closes[4] - 200), (bodies[6], bodies[6])]
    for start, stop in bounds:
        assert drop_post_tails(html, sl, start, stop) == drop_post_tails(html[start:stop], sl)
    assert drop_post_tails(html, sl, first, last) != html[first:last]  # tails were left out
