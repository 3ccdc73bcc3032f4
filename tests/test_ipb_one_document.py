"""An Invision topic page is read with one lexbor document alive at a time: the posts' document
is freed before the chrome's is parsed (two at once make the allocator hand memory back and
fault it in again page after page; `bench/parse_ipb.py --fresh`). The reading is the same."""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from parser import html as html_mod
from parser.encoding import decode_html
from parser.ipb import msgnumber, topic
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


@pytest.fixture
def documents(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Documents]:
    docs = _Documents()
    monkeypatch.setattr(topic, "parse_html", docs.parse)
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
    monkeypatch.setattr(msgnumber, "parse_html", html_mod.parse_html)
    assert tracked == parse_ipb_topic(html)
