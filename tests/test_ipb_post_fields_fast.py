"""The short ways an Invision post's fields are read — the time's shown text from its one text
node (`_shown_time`), its attributes by lexbor's look-up of one name (`_time_attr`), IPS 4's
UTC time attribute without the general date reader (`_utc_iso`), a coloured element's text
from its one text node (`_span_text`), the post id from the element's id (`_post_id_attr`),
the author's member id from the address the pane was found by — read what their references
read: every saved Invision page of every generation read whole both ways, and variants made
to fall off each."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from selectolax.lexbor import LexborNode

from parser.dialects import IPS4
from parser.encoding import decode_html
from parser.html import parse_html
from parser.ipb import blocks, plain
from parser.ipb.blocks import _post_id_attr, _post_time, _shown_time, _utc_iso
from parser.ipb.body import ReadContext
from parser.ipb.plain import _span_text
from parser.ipb.text import as_tz, attr_of, visible_text
from parser.ipb.topic import parse_ipb_topic
from parser.records import TopicPage
from tests.conftest import FIXTURES

TESTS = Path(__file__).resolve().parent
PAGES = [
    *sorted((FIXTURES / "ipb").glob("*/*.html")),
    *sorted((TESTS / "ipb_template_pages").glob("*.html")),
]
IPS41 = FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"


def _counted(fn: Callable[..., Any], hits: list[int]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        out = fn(*args, **kwargs)
        hits[0] += out is not None
        return out

    return wrapper


def _read(path: Path) -> TopicPage:
    return parse_ipb_topic(decode_html(path.read_bytes()))


def test_every_saved_invision_page_reads_the_same_both_ways(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    iso, spans = [0], [0]
    monkeypatch.setattr(blocks, "_utc_iso", _counted(_utc_iso, iso))
    monkeypatch.setattr(plain, "_span_text", _counted(_span_text, spans))
    fast = {path: _read(path) for path in PAGES}
    monkeypatch.setattr(blocks, "_utc_iso", lambda value: None)
    monkeypatch.setattr(blocks, "_shown_time", visible_text)
    monkeypatch.setattr(blocks, "_time_attr", attr_of)
    monkeypatch.setattr(blocks, "_post_id_attr", attr_of)
    monkeypatch.setattr(plain, "_span_text", lambda node, low: _span_text(node, low, fast=False))
    posts = 0
    for path in PAGES:
        assert fast[path] == _read(path), path
        posts += len(fast[path].posts)
    assert posts >= 80
    assert iso[0] >= 25  # the real IPS 4.1 page's times are read the short way
    assert spans[0] >= 1


def _ctx() -> ReadContext:
    return ReadContext(dialect=IPS4, tz=as_tz(None), now=None)


def _node(markup: str, selector: str) -> LexborNode:
    node = parse_html(markup).css_first(selector)
    assert node is not None
    return node


TIMES = [
    "<time datetime='2017-04-19T17:01:59Z' title='19/04/17 18:01'>19 April 2017</time>",
    "<time datetime='2017-02-30T10:00:00Z' title='30.01.2017, 10:00'>30 January</time>",
    "<time datetime='2017-04-19T25:00:00Z'>19.04.2017, 12:00</time>",
    "<time datetime='2017-04-19T17:01:59+03:00'>19 April 2017</time>",
    "<time datetime='2017-04-19T17:01:59.5Z'>19 April 2017</time>",
    "<time datetime='2017-04-19 17:01:59Z'>19 April 2017</time>",
    "<time datetime='2017-04-19T17:01:59z'>19 April 2017</time>",
    "<time datetime=' 2017-04-19T17:01:59Z'>19 April 2017</time>",
    "<time datetime='２０１７-04-19T17:01:59Z'>19 April 2017</time>",
    "<time datetime=''>19.04.2017, 12:00</time>",
    "<time datetime='2017-04-19T17:01:59Z'>19 <b>April</b> 2017 | edited</time>",
    "<time datetime='2017-04-19T17:01:59Z'>19&nbsp;April\u200b2017\n  <br>at noon</time>",
    "<time datetime='2017-04-19T17:01:59Z'><!-- c -->19 April</time>",
    "<time datetime='2017-04-19T17:01:59Z'></time>",
    "<time datetime='x'>19.04.2017, 12:00 | Изменено</time>",
]


@pytest.mark.parametrize("markup", TIMES)
def test_post_time_reads_as_the_general_reader(markup: str) -> None:
    node = _node(markup, "time")
    assert _post_time(node, _ctx()) == _post_time(node, _ctx(), fast=False)


@pytest.mark.parametrize("markup", [*TIMES[:3], "<svg><time datetime='2017-04-19T17:01:59Z'>x"])
def test_post_time_with_a_hosts_attribute_names(markup: str) -> None:
    """A host's `date_attrs` naming an attribute in another case: lexbor's look-up of a name
    would find it in any case, the attributes' dictionary does not."""
    node = _node(markup.replace("datetime=", "DATETIME="), "time")
    for names in ("DateTime title", "datetime TITLE", "data-time datetime"):
        ctx = ReadContext(
            dialect=IPS4.with_overrides({"date_attrs": names}), tz=as_tz(None), now=None
        )
        assert _post_time(node, ctx) == _post_time(node, ctx, fast=False), names


def test_time_variants_fall_off_the_short_ways() -> None:
    """The variants do reach both sides of each short way."""
    values = [attr_of(_node(m, "time"), "datetime") or "" for m in TIMES]
    assert sum(_utc_iso(v) is not None for v in values) >= 5
    assert sum(_utc_iso(v) is None for v in values) >= 8
    shown = [_node(m, "time") for m in TIMES]
    assert sum(_shown_time(n) == (n.child.text_content if n.child else "") for n in shown) >= 5


SPANS = [
    '<span style="color:red">Рома</span>',
    '<span style="color:red">Рома &amp; Егор &lt;b&gt; x&nbsp;y</span>',
    '<span style="color:red">  Ро\n ма \u200b </span>',
    '<font color="red">&amp;amp; &#60;</font>',
    '<span style="color:red">Ро<b>ма</b></span>',
    '<span style="color:red"><b>Рома</b></span>',
    '<span style="color:red">Рома<br>Егор</span>',
    '<span style="color:red">Рома<!-- x --></span>',
    '<span style="color:red"></span>',
    '<xmp style="color:red">a &amp; b <i>c</i></xmp>',
    '<textarea style="color:red">a &amp; b</textarea>',
    '<span style="color:red"><style>a &amp; b</style></span>',
]


@pytest.mark.parametrize("markup", SPANS)
def test_span_text_reads_as_its_markup(markup: str) -> None:
    root = _node(f"<div id='body'>{markup}</div>", "#body")
    low = (root.inner_html or "").lower()
    node = root.child
    assert node is not None
    assert _span_text(node, low) == _span_text(node, low, fast=False)


ID_MARKUP = (
    "<article id='elComment_12'>a</article><article ID='elComment_13'>b</article>"
    "<article id>c</article><article id=''>d</article><article id='x' id='elComment_14'>e"
    "</article><article data-post='15' id='elComment_16'>f</article>"
    "<svg><article id='elComment_17'>g</article><a xlink:href='h' id='elComment_18'>i</a></svg>"
)


@pytest.mark.parametrize("name", ["id", "data-post", "ID"])
def test_post_id_attribute_reads_as_the_attributes(name: str) -> None:
    nodes = list(parse_html(ID_MARKUP).root.css("article, a"))  # type: ignore[union-attr]
    assert len(nodes) == 8
    for node in nodes:
        assert _post_id_attr(node, name) == attr_of(node, name)


def test_every_element_id_of_the_saved_pages_reads_the_same() -> None:
    seen = 0
    for path in PAGES:
        root = parse_html(decode_html(path.read_bytes())).root
        assert root is not None
        for node in root.css("[id]"):
            assert _post_id_attr(node, "id") == attr_of(node, "id"), path
            seen += 1
    assert seen > 500


NICK_HREF = "href='https://www.rllmukforum.com/index.php?/profile/9775-stefcha/'"


@pytest.mark.parametrize(
    "href",
    [
        "href='https://www.rllmukforum.com/index.php?/user/77-x/'",  # a member id, no profile
        "href='/index.php?/profile/x-y/' data-hovercard-id='42'",  # a profile, no id in it
        "href='/index.php?/profile/&#55;8-z/'",
        "href=''",
    ],
)
def test_author_id_from_the_pane_reads_as_the_selectors(href: str) -> None:
    html = decode_html(IPS41.read_bytes())
    assert NICK_HREF in html
    el = _node(html.replace(NICK_HREF, href, 1), "article")
    assert blocks._post_author(el, IPS4) == blocks._post_author(el, IPS4, by_place=False)
