"""IPS 4 posts found with their bodies and times by one query for the page read exactly as by the
queries of each post (`block_posts(grouped=False)`, the reference): on the real saved pages,
the template pages, cut copies of them and copies altered where the grouping could go wrong
(a time inside a body, an element beside the posts, a post inside another); and a host's
selector overrides, or posts that are not all the children of one element, are read post by
post.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from parser.dates import get_tz
from parser.dialects import IPS4, Dialect
from parser.encoding import decode_html
from parser.html import parse_html
from parser.ipb.blocks import _page_parts, _parts_query, block_posts, slice_blocks
from parser.ipb.body import PostParts, ReadContext
from parser.records import ParseIssue
from tests.conftest import FIXTURES

NOW = datetime(2021, 12, 19, 12, 0, tzinfo=UTC)
TEMPLATES = Path(__file__).parent / "ipb_template_pages"
SHARED = Path("/work/shared/fixtures/ipb/4x-5x")  # the same pages as saved, where present
PAGES = sorted(
    {
        *(FIXTURES / "ipb/4x-5x").glob("*.html"),
        *(SHARED.glob("*.html") if SHARED.is_dir() else ()),
        TEMPLATES / "ic5_topic.template.html",
        TEMPLATES / "ips4_messenger_conversation.template.html",
    }
)
RLLMUK = FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"


def _read(markup: str, d: Dialect, *, grouped: bool) -> tuple[list[PostParts], list[ParseIssue]]:
    ctx = ReadContext(dialect=d, tz=get_tz("Europe/Moscow"), now=NOW, issues=[])
    # each reading gets its own tree: reading a body takes its signature and edit note out
    return block_posts(parse_html(markup), ctx, grouped=grouped), ctx.issues


def _pieces(html: str) -> list[str]:
    """The page whole, and the posts as the slice cuts them."""
    assert IPS4.page_slice is not None
    cut = slice_blocks(html, IPS4.page_slice)
    return [html] if cut is None else [html, cut[1]]


def _assert_same(markup: str, d: Dialect = IPS4) -> None:
    assert _read(markup, d, grouped=True) == _read(markup, d, grouped=False)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
@pytest.mark.parametrize("cut", [1.0, 0.8, 0.5])
def test_page_query_reads_as_each_post_queried(path: Path, cut: float) -> None:
    html = decode_html(path.read_bytes())
    html = html[: int(len(html) * cut)]
    for markup in _pieces(html):
        _assert_same(markup)


def test_the_real_page_is_read_by_the_page_query() -> None:
    html = decode_html(RLLMUK.read_bytes())
    posts = _pieces(html)[1]
    query = _parts_query(IPS4)
    assert query is not None
    tree = parse_html(posts)
    assert tree.root is not None
    groups = _page_parts(tree.root, query)
    assert groups is not None and len(groups) == 25
    # every post but the last by the page query (the last one is queried on its own)
    found = [parts for _el, parts in groups]
    assert found[-1] is None
    assert all(p is not None and p.body is not None and p.dates for p in found[:-1])
    read, issues = _read(posts, IPS4, grouped=True)
    assert len(read) == 25 and not issues
    assert all(p[1] and p[2] and p[3] is not None for p in read)
    assert sum(1 for p in read if p[5].text) == 23  # two posts are a picture alone
    # the whole page: the posts sit among the moderation form's other children, all empty
    whole = parse_html(html)
    assert whole.root is not None and _page_parts(whole.root, query) is not None
    # an element beside the posts that is not empty: each post is queried
    beside = posts.replace("<article", "<p>x</p><article", 3)
    tree = parse_html(beside)
    assert tree.root is not None and _page_parts(tree.root, query) is None
    # a post inside another: each post is queried
    inner = posts.replace("</article>", "", 1)
    tree = parse_html(inner)
    assert tree.root is not None and _page_parts(tree.root, query) is None


# Changes where a post's parts could be taken for another's, or a time inside a body for the
# post's own: the page query must read them as the per-post queries do, or leave them to them.
# Each is a list of replacements made in turn (`count` of each: the first one or two, or the
# last one; the posts' own times are taken out everywhere, first, when asked).
_NO_TIMES = ("<time datetime='20", "<time data-gone='20")
_IN_BODY = (
    "<div data-role='commentContent' itemprop='text'",
    "<div data-role='commentContent' itemprop='text'><time datetime='2020-01-01T00:00:00Z'>"
    "правка</time",
)
_BESIDE = (
    "<article",
    "<div><time datetime='2020-01-01T00:00:00Z'>t</time>"
    "<div data-role='commentContent'>чужое</div></div><article",
)
_EDITS: dict[str, tuple[tuple[str, str], ...]] = {
    "time in body": (_IN_BODY,),
    "time in body only": (_NO_TIMES, _IN_BODY),
    "no times": (_NO_TIMES,),
    "body before time": (
        ("<div class='ipsComment_meta", "<div data-role='commentContent'>рано</div><div class='m"),
    ),
    "element beside": (_BESIDE,),
    "element beside, no times": (_NO_TIMES, _BESIDE),
    "empty anchor with a time": (
        _NO_TIMES,
        ("<article", "<time datetime='2020-01-01T00:00Z'></time><article"),
    ),
    "post in a body": (
        (
            "<div data-role='commentContent' itemprop='text'",
            "<div data-role='commentContent' itemprop='text'><article id='elComment_1'><time "
            "datetime='2020-01-01T00:00:00Z'>t</time><div data-role='commentContent'>вложенный"
            "</div></article",
        ),
    ),
    "article not a post": (("<article", "<article id='other'></article><article"),),
    "time after the last post": (
        _NO_TIMES,
        ("</article>", "</article><time datetime='2020-01-01T00:00:00Z'>t</time>"),
    ),
}


def _edited(html: str, edits: tuple[tuple[str, str], ...], count: int) -> str:
    for old, new in edits:
        assert old in html
        if (old, new) == _NO_TIMES:
            html = html.replace(old, new)
        elif count > 0:
            html = html.replace(old, new, count)
        else:  # the last one only
            at = html.rindex(old)
            html = html[:at] + new + html[at + len(old) :]
    return html


@pytest.mark.parametrize("name", list(_EDITS))
@pytest.mark.parametrize("count", [1, 2, -1])
def test_altered_pages_read_as_each_post_queried(name: str, count: int) -> None:
    html = _edited(decode_html(RLLMUK.read_bytes()), _EDITS[name], count)
    for markup in _pieces(html):
        _assert_same(markup)


def test_host_overrides_query_each_post() -> None:
    custom = IPS4.with_overrides({"date": "time[title]"})
    assert _parts_query(custom) is None
    assert _parts_query(IPS4.with_overrides({})) is None
    html = decode_html(RLLMUK.read_bytes())
    posts = _pieces(html)[1]
    read, _issues = _read(posts, custom, grouped=True)
    assert read == _read(posts, custom, grouped=False)[0]
    assert len(read) == 25


@pytest.mark.parametrize(
    "href",
    [
        "index.php?showtopic=5&st=20",
        "index.php?/topic/5-x/&page=2",
        "viewtopic.php?t=5&start=40",
        "index.php?showtopic=5",
        "index.php?act=Search",
        "",
        "https://board.example/index.php?/topic/286745-x/",
        "#top",
        "index.php?s=1&amp;st=0",
    ],
)
def test_page_link_marks_spelt_out_are_the_marks(href: str) -> None:
    from parser.ipb.navigation import _PAGE_LINK_MARKS, _page_mark

    assert _page_mark(href) == any(m in href for m in _PAGE_LINK_MARKS)


def test_marks_spelt_out_are_the_marks() -> None:
    import itertools

    from parser.ipb.plain import SKIP_OPENERS, skip_opened
    from parser.ipb.spans import STRIKE_MARKS, strike_marked

    pieces = ("<s>", "<s", " ", "<del", "<strike", "line-", "through", "<script", "<style",
              "<noscript", "<template", "<-comment", "<b>", "текст", "<sty", "le")  # fmt: skip
    for n in range(3):
        for parts in itertools.product(pieces, repeat=n):
            low = "".join(parts)
            assert strike_marked(low) == any(m in low for m in STRIKE_MARKS), low
            assert skip_opened(low) == any(o in low for o in SKIP_OPENERS), low
