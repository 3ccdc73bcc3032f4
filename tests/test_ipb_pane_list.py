"""IPS 4's author pane list (photo, group, reputation, post count: `PageSlice.skip_open`) is
left out of the posts lexbor parses where the posts read as they read in full: the list holds
only text and phrasing tags (`blocks._NOT_SKIPPED`), no "--", and every post's author is read
from its pane's nick and profile link alone (`blocks.block_posts_skipped`); a host's own
selectors keep every list (such a dialect parses pages whole)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from parser.dialects import IPS4, Dialect
from parser.encoding import decode_html
from parser.ipb import blocks, topic
from parser.ipb.blocks import post_tails_utf8, slice_bounds
from parser.ipb.body import ReadContext
from parser.ipb.text import as_tz
from parser.ipb.topic import _read_posts, _read_topic, parse_ipb_topic
from parser.records import ParseIssue
from tests.conftest import FIXTURES

TESTS = Path(__file__).resolve().parent
IPS_PAGES = [
    *sorted((FIXTURES / "ipb/4x-5x").glob("*.html")),
    *sorted((TESTS / "ipb_template_pages").glob("ic*.html")),
    *sorted((TESTS / "ipb_template_pages").glob("ips4*topic*.html")),
]
RLLMUK = FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
GROUP = "<li><span style='color:#9BC66E'>Supporters</span></li>"
LIST = b"cAuthorPane_info"

# the first post's group line made into each of these: lists still left out (phrasing left
# open is carried around the rest of the post, where nothing is read from it) …
LEFT_OUT = {
    "s left open": "<li><s>Supporters</li>",
    "font left open": "<li><font color='red'>Supporters</li>",
    "b left open": "<li><b>Supporters</li>",
    "a link left open": "<li><a href='https://example.org/'>Supporters</li>",
}
# … and lists kept: markup that changes how what follows is read, or is read wherever it is
KEPT = {
    "comment opened": "<li><!-- Supporters</li>",
    "script": "<li><script>Supporters</li>",
    "textarea": "<li><textarea>Supporters</li>",
    "plaintext": "<li><plaintext>Supporters</li>",
    "select": "<li><select>Supporters</li>",
    "block end tags": "<li>Supporters</div></div></li>",
    "a post time": "<li><time datetime='2001-01-01T00:00:00Z'>then</time></li>",
    "a post time, upper case": "<li><TIME datetime='2001-01-01T00:00:00Z'>then</TIME></li>",
    "a post element": "<li><article id='elComment_1'>Supporters</li>",
    "a nested list": "<li><ul><li>Supporters</li></ul></li>",
    "a table": "<li><table><tr><td>Supporters</li>",
    "upper-case item": "<LI>Supporters</LI>",
    "a comment's close": "<li>Supporters --></li>",
}


def _real() -> str:
    html = decode_html(RLLMUK.read_bytes())
    assert html.count(GROUP) == 11  # (eleven of its 25 posts by the group)
    return html


def _read(html: str, *, skip: bool, d: Dialect = IPS4) -> tuple[object, list[ParseIssue]]:
    sl = d.page_slice
    assert sl is not None
    bounds = slice_bounds(html, sl)
    assert bounds is not None
    _chrome, start, end = bounds
    ctx = ReadContext(dialect=d, tz=as_tz(None), now=None)
    if not skip:
        sl = replace(sl, skip_open=())
    return _read_posts(html, sl, start, end, ctx), ctx.issues


def _lists_left(html: str) -> int:
    sl = IPS4.page_slice
    assert sl is not None
    bounds = slice_bounds(html, sl)
    assert bounds is not None
    return post_tails_utf8(html, sl, bounds[1], bounds[2]).count(LIST)


@pytest.mark.parametrize("path", IPS_PAGES, ids=[p.name for p in IPS_PAGES])
def test_every_saved_ips4_page_reads_as_in_full(path: Path) -> None:
    html = decode_html(path.read_bytes())
    assert _read(html, skip=True) == _read(html, skip=False)
    assert parse_ipb_topic(html) == _read_topic(html, IPS4, as_tz(None), None, None, sliced=False)


def test_the_real_pages_lists_are_left_out() -> None:
    html = _real()
    assert html.count("<ul class='cAuthorPane_info") == 25
    assert _lists_left(html) == 0
    assert _lists_left(html.replace("cAuthorPane_info", "cAuthorPane_other")) == 0


@pytest.mark.parametrize("every", [False, True], ids=["first post", "every post"])
@pytest.mark.parametrize("name", [*LEFT_OUT, *KEPT])
def test_a_list_reads_as_in_full(name: str, every: bool) -> None:
    line = LEFT_OUT.get(name) or KEPT[name]
    html = _real().replace(GROUP, line, -1 if every else 1)
    assert _read(html, skip=True) == _read(html, skip=False)
    kept = 0 if name in LEFT_OUT else 11 if every else 1
    assert _lists_left(html) == kept


def test_an_author_read_past_the_nick_reads_the_posts_in_full() -> None:
    # the first post's nick, and the reputation link beside it, link no profile: its author's
    # id is the post's next profile link, the list's photo link (its body's first link names
    # another member), so the page's posts are read in full
    html = _real()
    nick = "\n<a href='https://www.rllmukforum.com/index.php?/profile/9775-stefcha/'"
    rep = "<a href='https://www.rllmukforum.com/index.php?/profile/9775-stefcha/reputation/'"
    at = html.index(nick)
    assert html.index(rep, at) < html.index("cAuthorPane_info", at)
    html = html.replace(nick, "\n<a href='https://www.rllmukforum.com/index.php?/members/'", 1)
    html = html.replace(rep, "<a href='https://www.rllmukforum.com/index.php?/reputation/'", 1)
    assert _lists_left(html) == 0  # (the lists themselves are plain)
    (posts, issues) = _read(html, skip=True)
    assert (posts, issues) == _read(html, skip=False)
    assert isinstance(posts, list) and posts[0][1:3] == ("stefcha", 9775)
    # the reference the sliced reading is held to reads every list too
    whole = _read_topic(html, IPS4, as_tz(None), None, None, sliced=False)
    assert (whole.posts[0].author, whole.posts[0].author_id) == ("stefcha", 9775)
    assert parse_ipb_topic(html) == whole


def test_a_hosts_selectors_read_every_list(monkeypatch: pytest.MonkeyPatch) -> None:
    host = IPS4.with_overrides({"author": "li.ipsType_light"})
    html = _real()
    page = parse_ipb_topic(html, dialect=host)
    assert page.posts[0].author == "14,256 posts"
    assert page == _read_topic(html, host, as_tz(None), None, None, sliced=False)

    # and the posts are parsed once, in full (not left out, then read again)
    def never(*args: object) -> None:
        raise AssertionError("a list left out under a host's selectors")

    monkeypatch.setattr(topic, "block_posts_skipped", never)
    assert parse_ipb_topic(html, dialect=host) == page


def test_the_list_markers_are_the_dialects() -> None:
    sl = IPS4.page_slice
    assert sl is not None and sl.skip_open and sl.skip_close == "</ul>"
    plain = replace(sl, skip_open=())
    html = _real()
    bounds = slice_bounds(html, sl)
    assert bounds is not None
    full = post_tails_utf8(html, plain, bounds[1], bounds[2])
    assert full.count(LIST) == 25 and len(full) > len(post_tails_utf8(html, sl, *bounds[1:]))
    assert blocks._NOT_SKIPPED.search("<li class='x'><a href='y'><img src='z'></a></li>") is None


def test_a_page_without_a_list_left_out_is_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # (a later generation's pane holds no such list: its posts are read as they are, with no
    # check that would have them parsed again)
    plain = [p for p in IPS_PAGES if b"cAuthorPane_info" not in p.read_bytes()]
    assert plain
    read = {p: parse_ipb_topic(decode_html(p.read_bytes())) for p in plain}

    def never(*args: object) -> None:
        raise AssertionError("posts checked with no list left out")

    monkeypatch.setattr(topic, "block_posts_skipped", never)
    for p in plain:
        assert parse_ipb_topic(decode_html(p.read_bytes())) == read[p]
        assert read[p].posts, p
