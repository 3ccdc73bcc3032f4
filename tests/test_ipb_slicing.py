"""Topic pages cut by their dialect's `PageSlice` before parsing read exactly as whole pages,
bodies without quotes read by the body reader's fast paths (serialised markup by substitution
and by tokens, spans around each colour, the node walk) exactly as by its full walk, IPB
1.x/2.x post headers and bodies parsed in one document exactly as each on its own, and those
headers read from their raw markup exactly as parsed (real, template and altered headers).

The slice keeps the posts and the chrome that is read (title, pagination, canonical link, page
id) and leaves the header, menus, reply editor and footer unparsed; the reference is the same
reader on the whole page (`sliced=False`). Every real IPB page, every template page and cut
copies of them are compared, read as every dialect.
"""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from parser.dialects import DIALECTS, IPB2, IPS4, Dialect
from parser.encoding import decode_html
from parser.ipb.blocks import slice_blocks
from parser.ipb.detect import detect_ipb
from parser.ipb.msgnumber import _MSG_SPLIT, _body_span, _HeadFacts, _MsgPost, _one_document
from parser.ipb.plain import serial_text, shallow_spans
from parser.ipb.text import fragment
from parser.ipb.topic import _read_topic, parse_ipb_topic
from parser.ipb.tree import read_tree
from parser.records import ParseIssue, TopicPage
from tests.conftest import FIXTURES

MSK = "Europe/Moscow"
NOW = datetime(2021, 12, 19, 12, 0, tzinfo=UTC)
TEMPLATES = Path(__file__).parent / "ipb_template_pages"
PAGES = (
    sorted((FIXTURES / "ipb").glob("*/*.html"))
    + sorted((FIXTURES / "ipb13").glob("*/topic*/*.html"))
    + sorted((FIXTURES / "ipb13" / "live").glob("topic*.html"))
    + sorted(TEMPLATES.glob("*.html"))
)
# every dialect whose pages are cut before the parse: by their PageSlice, or IPB 1.x/2.x's
# chrome cut to the navigation above the posts
SLICED = [d for d in DIALECTS.values() if d.page_slice is not None or d.layout == "msgnumber"]
RLLMUK = FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"


def _read(html: str, d: Dialect, *, sliced: bool) -> TopicPage:
    from parser.dates import get_tz

    return _read_topic(html, d, get_tz(MSK), NOW, "https://board.example/", sliced=sliced)


def _html(path: Path) -> str:
    return decode_html(path.read_bytes())


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
@pytest.mark.parametrize("cut", [1.0, 0.9, 0.7, 0.5, 0.3])
def test_sliced_reading_equals_whole_page_reading(path: Path, cut: float) -> None:
    html = _html(path)
    html = html[: int(len(html) * cut)]
    for d in SLICED:  # read as every dialect that slices, whatever the page's own markup
        assert _read(html, d, sliced=True) == _read(html, d, sliced=False), d.name


def test_real_ips4_page_is_cut_and_keeps_every_post() -> None:
    html = _html(RLLMUK)
    assert IPS4.page_slice is not None
    cut = slice_blocks(html, IPS4.page_slice)
    assert cut is not None
    chrome, posts = cut
    # the header, menus, reply editor and footer are gone; the read chrome is kept
    assert len(chrome) + len(posts) < len(html) * 0.6
    assert "ipsPagination_active" in chrome and "<body" in chrome and "<title>" in chrome
    assert "replyArea" not in chrome and "<footer" not in chrome
    assert posts.count("<article") == 25
    page = parse_ipb_topic(html, tz=MSK)
    assert len(page.posts) == 25 and page.page == 12 and page.total_pages == 12


def test_missing_markers_fall_back_to_the_whole_page() -> None:
    html = _html(RLLMUK)
    # no post opening tag the slice knows: no slicing, the generic reader still finds posts
    renamed = html.replace("<article", "<ARTICLE")
    assert IPS4.page_slice is not None
    assert slice_blocks(renamed, IPS4.page_slice) is None
    # without the top and bottom markers the chrome stretches stay whole
    bare = html
    for marker in ("ipsPageHeader", "ipsType_pageTitle", "replyForm", "replyArea", "<footer"):
        bare = bare.replace(marker, marker[:-2] + "X")
    cut = slice_blocks(bare, IPS4.page_slice)
    assert cut is not None
    assert "ipsBreadcrumb" in cut[0] and "ipsComposeArea" in cut[0]
    for page in (renamed, bare):
        assert _read(page, IPS4, sliced=True) == _read(page, IPS4, sliced=False)
        assert len(_read(page, IPS4, sliced=True).posts) == 25


def test_page_cut_inside_its_last_post_keeps_that_post() -> None:
    html = _html(RLLMUK)
    last = html.rindex("<article")
    body = html.index("commentContent", last)
    short = html[: body + 400]  # the transfer stopped inside the last post's body
    assert detect_ipb(short) is IPS4
    page = parse_ipb_topic(short, tz=MSK)
    assert len(page.posts) == 25
    assert _read(short, IPS4, sliced=True) == _read(short, IPS4, sliced=False)


# --- the plain-body fast path of the body reader -------------------------------------------

_TAGS = (
    "b", "i", "p", "div", "pre", "code", "li", "ul", "table", "tr", "td", "span", "a", "br",
    "font", "s", "del", "u",
)  # fmt: skip
_STYLES = (
    "color:red",
    "color: #00AA00; text-decoration: line-through",
    "background-color:yellow",
    "TEXT-DECORATION:LINE-THROUGH",
    "color:nonsense",
    "font-weight:bold",
)
_HREFS = (
    "index.php?showtopic=5&view=findpost&p=123",
    "https://board.example/index.php?/topic/5-x/&do=findComment&comment=77",
    "viewtopic.php?p=42#p42",
    "https://example.org/",
)


def _random_body(rng: random.Random, depth: int = 0) -> str:
    out: list[str] = []
    for _ in range(rng.randint(1, 4)):
        roll = rng.random()
        if roll < 0.35 or depth > 5:
            out.append(rng.choice(("Голосую за Шерлока", "  text\u00a0 ", "x&amp;y", "\n")))
            continue
        tag = rng.choice(_TAGS)
        if tag == "br":
            out.append("<br>")
            continue
        attrs = f' href="{rng.choice(_HREFS)}"' if tag == "a" else ""
        if tag in ("span", "div", "b") and rng.random() < 0.5:
            attrs = f' style="{rng.choice(_STYLES)}"'  # coloured, struck, neither
        elif tag == "font" and rng.random() < 0.7:
            attrs = f' color="{rng.choice(("red", "#0000ff", "", "bogus"))}"'
        inner = _random_body(rng, depth + 1)
        # now and then an unclosed tag: the reader sees lexbor's repair either way
        close = f"</{tag}>" if rng.random() > 0.1 else ""
        out.append(f"<{tag}{attrs}>{inner}{close}")
    return "".join(out)


def _bodies() -> list[str]:
    found: list[str] = []
    for path in sorted((FIXTURES / "ipb").glob("*/*.html")):
        found += [p.body_html for p in parse_ipb_topic(_html(path), tz=MSK).posts]
    for path in sorted((FIXTURES / "phpbb").glob("topic_p*.html")):
        from parser.phpbb.topic import parse_topic

        found += [p.body_html for p in parse_topic(path.read_text(encoding="utf-8")).posts]
    rng = random.Random(9)
    found += [_random_body(rng) for _ in range(150)]
    found += [
        '<pre><a href="viewtopic.php?p=1">in pre</a></pre><a href="viewtopic.php?p=2">out</a>',
        '<code><pre>x</pre><a href="viewtopic.php?p=3">still code</a></code>',
        "<noscript>hidden</noscript>shown<template>t</template>",
        # markup the serialised reading must read as the walk or leave to it
        '<a title="a>b<c" href="viewtopic.php?p=7&amp;x=&quot;1&quot;">quoted</a> &lt;b&gt;',
        "1&nbsp;2 &amp;&amp; 3",
        '<span style="color:red" title="&quot;>">Шерлок</span><!-- <b>not text</b> --> и <hr>',
        '<a b"c=1 href="viewtopic.php?p=8">odd name</a><a =href="viewtopic.php?p=9">eq</a>',
        '<A HREF="viewtopic.php?p=10">UP</A><FONT COLOR="Red">Рома</FONT><BR/>x</br>y',
        "<xmp><b>raw</b></xmp><span style='color:blue'>после</span>",
        "<textarea><span style='color:red'>в поле</span></textarea>текст",
        "<svg><title>t</title><a href='viewtopic.php?p=11'>svg link</a></svg>",
        '<font color="green"><s>Зачёркнут</s> <span style="color:red">Егор</span></font>',
        '<span style="color:&#114;ed">entity colour</span><img alt="x" src="a.png"> после',
        "<p>unclosed<li>item<span style='color:red'>in<div>block</span>end",
        '<!-- <a href="viewtopic.php?p=12">in a comment</a> -->a<hr>b<hr/>c &amp;lt; &amp',
        '<a href="viewtopic.php?p=13&amp;x=1">one</a><a name="n">two</a><abbr>three</abbr>',
        '<pre>x<a href="viewtopic.php?p=14">in code</a></pre><a href="viewtopic.php?p=15">y</a>',
    ]
    return found


def test_plain_body_reading_equals_the_full_walk() -> None:
    bodies = _bodies()
    assert len(bodies) > 200
    plain_taken = coloured = 0
    for d in DIALECTS.values():
        for body in bodies:
            fast_issues: list[ParseIssue] = []
            full_issues: list[ParseIssue] = []
            fast = read_tree(fragment(body), d, "post 1", fast_issues)
            full = read_tree(fragment(body), d, "post 1", full_issues, plain=False)
            assert fast == full, body
            assert fast_issues == full_issues, body
            plain_taken += not fast.quotes
            coloured += bool(fast.colored) and not fast.quotes
    assert plain_taken > len(bodies)  # the fast path is really the common case
    uncoloured = [b for b in bodies if "color" not in b.lower()]
    substituted = sum(
        serial_text(fragment(b).inner_html or "", b.lower()) is not None for b in uncoloured
    )
    assert substituted > len(uncoloured) * 0.8  # uncoloured bodies by substitution
    coloured_bodies = [fragment(b) for b in bodies if "color" in b.lower()]
    shallow = sum(bool(shallow_spans(f, (f.inner_html or "").lower())) for f in coloured_bodies)
    assert shallow > len(coloured_bodies) // 3  # and their spans read around each colour
    assert coloured > len(bodies) // 4  # coloured spans (votes) are read on it too


@pytest.mark.parametrize(
    "body",
    [
        'Голосую за <span title="a > b" style="color:red">Рому</span>.',
        "Голосую за <img alt='<b>x</b>' src='y.gif'> Рому.",
        '<a href="index.php?showtopic=1&amp;view=findpost&amp;p=55" title="x > y">пост</a> Рома',
        "<font color='red' title=\"<span style='color:blue'>\">Рома</font>",
    ],
)
def test_fast_body_reading_with_markup_in_attribute_values(body: str) -> None:
    """The fast reading cuts lexbor's serialisation at "<" and ">": it holds only because
    the serialiser escapes them inside attribute values."""
    serial = fragment(body).inner_html or ""
    values = re.findall(r'="([^"]*)"', serial)
    assert values and not any("<" in v or ">" in v for v in values)
    for d in DIALECTS.values():
        fast = read_tree(fragment(body), d, "post 1", [])
        assert fast == read_tree(fragment(body), d, "post 1", [], plain=False), d.name


# --- IPB 1.x/2.x: a post's header and body parsed in one document ---------------------------


def _heads() -> list[str]:
    heads: list[str] = []
    pages = sorted((FIXTURES / "ipb/1x-2x").glob("ipb13*.html"))
    for path in [*pages, TEMPLATES / "ipb2_stock_topic.template.html"]:
        pieces = _MSG_SPLIT.split(_html(path))
        for i in range(1, len(pieces) - 1, 2):
            span = _body_span(pieces[i + 1], int(pieces[i]))
            if span:
                heads.append(pieces[i + 1][: span[0]])
    return heads


def test_headers_and_bodies_in_one_document_parse_as_each_alone() -> None:
    heads = _heads()
    assert len(heads) >= 20
    hostile = [
        "<b>bold never closed",
        '<a href="index.php?showuser=7">a link never closed',
        "text</div>after a stray close</div></div>",
        "<div><div><p>open blocks<li>item",
        "<i><u>nested <s>formatting",
        "</object>closing what is not open",
        "<table><tr><td>a table in a body</td></tr></table>",
        "</td></tr></table>escaping the cell",
        "<script>never closed",
        "<!-- a comment never closed",
        "<form><input name=x>",
    ]
    bodies = _bodies() + hostile
    # every third header was read from its markup: only its body is in the document
    facts = _HeadFacts("Ник", None, NOW, "")
    posts = [
        _MsgPost(k, body, "", heads[k % len(heads)], facts=facts if k % 3 == 0 else None)
        for k, body in enumerate(bodies)
    ]
    joined = _one_document(posts)
    assert len(joined) > len(bodies) // 2  # the one-document reading is the common case
    for k, (head, body) in joined.items():
        if posts[k].facts is not None:
            assert head is None
        else:
            assert head is not None
            assert head.html == fragment(posts[k].head_html or "").html, posts[k].head_html
        assert body.html == fragment(posts[k].body_html).html, posts[k].body_html


@pytest.mark.parametrize(
    "head",
    [
        "<table><tr><td><table><tr><td>two tables left open",
        "<div>x</div></div>a stray close<table><tr><td>",
        "<!-- a comment never closed <table><tr><td>",
        "<b>formatting left open<table><tr><td>",
    ],
)
def test_a_header_that_breaks_the_shared_document_reads_alone(head: str) -> None:
    heads = _heads()
    posts = [_MsgPost(k, f"<p>post {k}</p>", "", heads[k]) for k in range(5)]
    posts.insert(2, _MsgPost(9, "<p>odd</p>", "", head))
    joined = _one_document(posts)
    for k, (h, b) in joined.items():  # whatever is joined reads as alone
        assert h is not None and h.html == fragment(posts[k].head_html or "").html
        assert b.html == fragment(posts[k].body_html).html


def test_host_selector_overrides_read_the_whole_page() -> None:
    # a host's selector may point at chrome the slice leaves out: no slicing then
    assert IPS4.with_overrides({}).page_slice is IPS4.page_slice
    custom = IPS4.with_overrides({"page_current": "div.ipsBreadcrumb li.active"})
    assert custom.page_slice is None
    html = _html(RLLMUK)
    page = parse_ipb_topic(html, dialect=custom, tz=MSK)
    assert len(page.posts) == 25
    assert page.posts == parse_ipb_topic(html, dialect=IPS4, tz=MSK).posts


# --- IPB 1.x/2.x: post headers read from their raw markup -----------------------------------

_MSG_PAGES = [
    *sorted((FIXTURES / "ipb/1x-2x").glob("ipb13*.html")),
    TEMPLATES / "ipb2_stock_topic.template.html",
]

# Changes to a header that the raw reading must either read as the parser does or leave to it.
_HEAD_EDITS: tuple[tuple[str, str], ...] = (
    (
        "<span class='normalname'>",
        "<!-- <span class='normalname'>Ложный</span> --><span class='normalname'>",
    ),
    ("<span class='normalname'>", "<span class='normalname x'>"),
    ("<span class='normalname'>", "<span class='unreg'>Гость</span><span class='normalname'>"),
    ("<span class='normalname'>", "<span class='normalname'><span style='color:red'>Кр</span>"),
    ("<span class='normalname'>", "<span class='normalname'>&#1040;&amp;<br>"),
    (
        "<span class='normalname'>",
        "<script>var s = \"<span class='normalname'>X</span>\";</script><span class='normalname'>",
    ),
    ("<span class='postdetails'>", "<span class='postdetails'><div>Блок</div>"),
    ("<span class='postdetails'>", "<span class='postdetails'>Вчера, 10:00 <i>|</i> "),
    ("<span class='postdetails'>", "<span class='postdetails'>&nbsp;"),
    (
        "<span class='postdetails'>",
        "<span class='postdetails'>не дата</span><span class='postdetails'>",
    ),
    ("showuser=", "showuser=&amp;"),
    ("showuser=", "x=1' title='showuser=5"),
    ("<a ", "<img alt='showuser=3'><a "),
    ("<table", "<!DOCTYPE html><table"),
    ("<table", "<title>t</title><table"),
    # quoted values holding markup-like text (an alt naming a tag, a script in an attribute):
    # the marks the string search looks for may lie inside one
    (
        "<span class='normalname'>",
        "<img src='x.gif' alt='<span class=\"normalname\">Ложный</span>'><span class='normalname'>",
    ),
    (
        "<span class='normalname'>",
        '<a href="#" onclick="if (n > 0) { s = \'<span class=normalname>Ложный</span>\'; }">'
        "</a><span class='normalname'>",
    ),
    (
        "<span class='postdetails'>",
        "<b title=\"<span class='postdetails'>01.01.2001 - 10:00</span>\">x</b>"
        "<span class='postdetails'>",
    ),
    ("<span class='normalname'>", "<i title='a > b'>x</i><span class='normalname'>"),
    (
        "<span class='normalname'>",
        "<a title=\"x > <span class='normalname'>Ложный</span>\"></a><span class='normalname'>",
    ),
    ("<a ", "<img alt='<a href=\"index.php?showuser=77\">'><a "),
    # a mark inside another tag is an attribute's name there, not a tag
    ("<span class='normalname'>", "<b <span class='normalname'>Ложный</span>"),
    ("<span class='normalname'>", "<img alt='a > b' <span class='normalname'>Ложный</span>"),
    # a quote inside a plain value is text: the tag ends at the first ">"
    ("<span class='normalname'>", "<span class='normalname'><b a=x\"y>Н\">"),
)


def _read_raw(html: str, raw: bool) -> TopicPage:
    from dataclasses import replace

    from parser.dates import get_tz
    from parser.dialects import IPB2

    d = IPB2 if raw else replace(IPB2, raw_heads=False)
    return _read_topic(html, d, get_tz(MSK), NOW, "https://board.example/", sliced=True)


@pytest.mark.parametrize("path", _MSG_PAGES, ids=lambda p: p.name)
def test_headers_read_from_markup_equal_the_parsed_headers(path: Path) -> None:
    html = _html(path)
    assert _read_raw(html, True) == _read_raw(html, False)
    # the raw reading is what reads these real headers
    pieces = _MSG_SPLIT.split(html)
    from parser.dates import get_tz
    from parser.dialects import IPB2
    from parser.ipb.body import ReadContext
    from parser.ipb.msgnumber import _cut_msg_post, _msg_head_facts

    ctx = ReadContext(IPB2, get_tz(MSK), NOW)
    heads = [
        _cut_msg_post(int(pieces[i]), pieces[i + 1]).head_html for i in range(1, len(pieces) - 1, 2)
    ]
    if path.name.startswith("ipb13"):  # real pages (the template has no body markers)
        assert heads and all(h is not None and _msg_head_facts(h, ctx) for h in heads)


# every saved page in the IPB 1.x/2.x layout (real boards' pages and recorded exchanges)
_ALL_MSG_PAGES = sorted(
    p for p in FIXTURES.rglob("*.html") if "Begin Msg Number" in p.read_text(errors="ignore")
)


@pytest.mark.parametrize("path", _ALL_MSG_PAGES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_every_saved_msgnumber_page_reads_the_same_from_raw_headers(path: Path) -> None:
    html = _html(path)
    assert _read_raw(html, True) == _read_raw(html, False)


def test_every_saved_msgnumber_page_is_tested() -> None:
    assert len(_ALL_MSG_PAGES) >= 20


@pytest.mark.parametrize("edit", _HEAD_EDITS, ids=lambda e: e[1][:40])
def test_odd_headers_read_as_the_parser_reads_them(edit: tuple[str, str]) -> None:
    for path in _MSG_PAGES:
        html = _html(path)
        old, new = edit
        for quote in ("'", '"'):
            o, n = old.replace("'", quote), new.replace("'", quote)
            if o not in html:
                continue
            changed = html.replace(o, n)
            assert _read_raw(changed, True) == _read_raw(changed, False), (path.name, n)


# --- IPB 1.x/2.x: where the chrome above the posts starts -----------------------------------

_PAGER_PAGE = FIXTURES / "ipb13/http/topic_pages/1.html"


@pytest.mark.parametrize("path", _MSG_PAGES[:3], ids=lambda p: p.name)
def test_single_page_topic_chrome_starts_at_the_title_bar(path: Path) -> None:
    from parser.ipb.msgnumber import chrome_parts, first_post, top_chrome, without_posts

    # IPB 1.3 defines its page-jump function in the page's body, above the posts: that is
    # no pager, and the header menus between it and the title bar are not parsed
    html = _html(path)
    assert "function multi_page_jump(" in html and "multi_page_jump('" not in html
    chrome = top_chrome(html, without_posts(html))
    assert "multi_page_jump" not in chrome and "maintitle" in chrome and "<title>" in chrome
    assert len(chrome) < 3000
    assert chrome_parts(html, first_post(html), sliced=True) == (without_posts(html), chrome)
    assert chrome_parts(html, first_post(html), sliced=False) == (without_posts(html),) * 2
    assert _read(html, IPB2, sliced=True) == _read(html, IPB2, sliced=False)


def test_pager_above_the_posts_opens_the_chrome() -> None:
    from parser.ipb.msgnumber import chrome_parts, first_post, top_chrome, without_posts

    html = _html(_PAGER_PAGE)
    first = _MSG_SPLIT.search(html)
    assert first is not None
    above = html.rfind("multi_page_jump('", 0, first.start())
    assert above > html.find("function multi_page_jump(")
    chrome = top_chrome(html, without_posts(html))
    assert "multi_page_jump('" in chrome and "function multi_page_jump(" not in chrome
    assert chrome_parts(html, first_post(html), sliced=True) == (without_posts(html), chrome)
    # the pager only below the posts: the page without its posts is read whole
    only_below = html[:above] + "no_page_jump('" + html[above + len("multi_page_jump('") :]
    assert top_chrome(only_below, without_posts(only_below)) == without_posts(only_below)
    for page in (html, only_below):
        assert _read(page, IPB2, sliced=True) == _read(page, IPB2, sliced=False)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_posts_cut_from_the_first_post_as_the_page_split_cuts_them(path: Path) -> None:
    from parser.ipb.msgnumber import _msg_chunks, first_post

    html = _html(path)
    for page in (html, html[: len(html) // 2], html.replace("Begin Msg", "bEGIN mSG", 2)):
        pieces = _MSG_SPLIT.split(page)
        split = [(int(pieces[i]), pieces[i + 1]) for i in range(1, len(pieces) - 1, 2)]
        assert _msg_chunks(page, first_post(page)) == split


_MARKER_CASES = (
    "<!-- THE POST 5 -->x<!-- THE POST -->",
    "<!--THE POST 5-->",
    "<!-- <!-- THE POST 5 -->",
    "<!-- a THE POST 5 -->",
    "THE POST 5 --><!--\n\t THE POST 6 -->",
    "<!--\u00a0THE POST 7 -->",
    "<!-- THE POST  8 --> <!-- THE POST x --> <!-- THE POST 9-->",
    "<!-- THE POST 1 THE POST 2 -->",
    "",
)


@pytest.mark.parametrize("path", _MSG_PAGES, ids=lambda p: p.name)
def test_body_markers_found_from_their_words_as_by_the_pattern(path: Path) -> None:
    from parser.ipb.msgnumber import _THE_POST_START, _post_starts

    pieces = _MSG_SPLIT.split(_html(path))
    chunks = [*pieces[2::2], *_MARKER_CASES]
    assert len(chunks) > 10
    for chunk in chunks:
        expected = [m.span() for m in _THE_POST_START.finditer(chunk)]
        assert [m.span() for m in _post_starts(chunk)] == expected, chunk[:80]
