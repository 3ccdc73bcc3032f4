"""IPS 4 post headers matched against a template learnt from a header lexbor read
(`parser.ipb.heads`, `blocks.read_posts`): a post whose header fits one is handed to lexbor as
its article's tag, a stand-in and its body, its fields read from the match. The reading must
equal the reading of the whole posts (today's path, the reference) field by field on every
saved IPS 4 page and its variants; headers the template cannot vouch for miss it and read as
before; a page whose tree does not bear the stand-ins out is read whole."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from parser.dialects import IPS4
from parser.encoding import decode_html
from parser.html import MAX_DEPTH
from parser.ipb import blocks, heads
from parser.ipb.blocks import post_tails_utf8, slice_bounds
from parser.ipb.topic import parse_ipb_topic
from parser.records import TopicPage
from tests.test_ipb_posts_utf8 import IPS4_PAGES, _pages

REAL = decode_html(IPS4_PAGES[0].read_bytes())
assert "mafia-signup" in IPS4_PAGES[0].name
DATE_ATTRS = tuple(IPS4.sel("date_attrs").split())


@pytest.fixture(autouse=True)
def _own_templates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no template learnt (and leaves the process's as they were)."""
    monkeypatch.setattr(blocks, "_TEMPLATES", [])
    monkeypatch.setattr(blocks, "_learning", {"tries": 16})


class _Count:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.stand_ins = 0  # headers handed over as stand-ins
        self.wholes = 0  # pages whose stand-ins lexbor's tree did not bear out
        stand_in, reduced = heads.stand_in, blocks._read_reduced

        def counted_stand_in(t: heads.Template, key: str, k: int) -> str:
            self.stand_ins += 1
            return stand_in(t, key, k)

        def counted_reduced(*args: object, **kw: object) -> object:
            out = reduced(*args, **kw)  # type: ignore[arg-type]
            self.wholes += out is None
            return out

        monkeypatch.setattr(heads, "stand_in", counted_stand_in)
        monkeypatch.setattr(blocks, "_read_reduced", counted_reduced)

    def read(self, html: str) -> tuple[TopicPage, int]:
        """The page read, and how many of its headers were handed over as stand-ins."""
        before = self.stand_ins
        page = parse_ipb_topic(html, dialect=IPS4)
        return page, self.stand_ins - before


def _reference(html: str) -> TopicPage:
    """The page read whole, no template tried nor learnt: today's path."""
    saved, tries = blocks._TEMPLATES[:], blocks._learning["tries"]
    blocks._TEMPLATES.clear()
    blocks._learning["tries"] = 0
    try:
        return parse_ipb_topic(html, dialect=IPS4)
    finally:
        blocks._TEMPLATES[:] = saved
        blocks._learning["tries"] = tries


def _assert_same(got: TopicPage, want: TopicPage, name: str) -> None:
    assert len(got.posts) == len(want.posts), name
    for g, w in zip(got.posts, want.posts, strict=True):
        where = f"{name}, post {w.id}"
        assert g.id == w.id, where
        assert g.author == w.author, where
        assert g.author_id == w.author_id, where
        assert (g.posted_at, g.posted_at_text) == (w.posted_at, w.posted_at_text), where
        assert g.body_html == w.body_html, where
        assert g.edited == w.edited, where
        assert g == w, where  # every other field too (signature left out, quotes, colours)
    assert got == want, name


def _learn_all() -> None:
    """The templates the real page teaches, learnt as pages are read (one a page)."""
    for _ in range(6):
        parse_ipb_topic(REAL, dialect=IPS4)


def _header(html: str, n: int) -> tuple[int, int]:
    """Where the `n`th post's header lies: from its `<article` to its body's mark."""
    sl = IPS4.page_slice
    assert sl is not None
    pos = 0
    for _ in range(n + 1):
        art = html.index("<article", pos)
        pos = html.index(sl.body_mark, art)
    return art, pos


def _in_header(html: str, n: int, old: str, new: str) -> str:
    art, mark = _header(html, n)
    head = html[art:mark]
    assert old in head
    return html[:art] + head.replace(old, new, 1) + html[mark:]


def _in_body(html: str, n: int, old: str, new: str) -> str:
    _art, mark = _header(html, n)
    at = html.index(old, mark)
    return html[:at] + new + html[at + len(old) :]


def _variants() -> Iterator[tuple[str, str]]:
    """Every saved IPS 4 page and `test_ipb_posts_utf8`'s variants, and more: nicks beyond
    ASCII, with a character reference, a lone surrogate, a carriage return; a header with a
    raw-text element, an unclosed formatting element, a comment, an unusual group formatting;
    bodies that leave a formatting element open, an unclosed comment or a table behind them,
    and one that poses as the next post."""
    yield from _pages()
    second_nick = 'Go to Liamness\'s profile" class="ipsType_break">Liamness</a>'
    yield "nick beyond ASCII", REAL.replace(">Liamness</a>", ">Лиамнесс 🙂</a>")
    yield "nick with a reference", REAL.replace(">Liamness</a>", ">Liam&amp;ness</a>")
    yield "nick with a surrogate", REAL.replace(">Liamness</a>", ">Liam\ud800ness</a>")
    yield "nick with a carriage return", REAL.replace(">Liamness</a>", ">Liam\r\nness</a>")
    assert second_nick in REAL
    yield (
        "raw text in a header",
        _in_header(
            REAL,
            1,
            "<ul class='cAuthorPane_info",
            "<script>var a = '</ul>';</script><ul class='cAuthorPane_info",
        ),
    )
    yield (
        "textarea in a header",
        _in_header(
            REAL,
            1,
            "<ul class='cAuthorPane_info",
            "<textarea></aside></textarea><ul class='cAuthorPane_info",
        ),
    )
    yield (
        "unclosed formatting element in a header",
        _in_header(REAL, 1, "<li class='ipsType_light'>", "<li class='ipsType_light'><b>"),
    )
    yield (
        "comment in a header",
        _in_header(
            REAL, 1, "<ul class='cAuthorPane_info", "<!-- </aside> --><ul class='cAuthorPane_info"
        ),
    )
    yield (
        "unusual group formatting",
        _in_header(
            REAL,
            1,
            "<span style='color:#9BC66E'>Supporters</span>",
            "<span style='color:red'><strong><em>Admins</em></strong></span>",
        ),
    )
    yield (
        "nick elsewhere",
        _in_header(REAL, 1, '<strong itemprop="name">', '<strong itemprop="nome">'),
    )
    yield (
        "itemprop by reference",
        _in_header(REAL, 1, '<strong itemprop="name">', '<strong itemprop="n&#97;me">'),
    )
    yield "a body leaves a <b> open", _in_body(REAL, 0, "</p>", "<b>bold</p>")
    yield "a body leaves a link open", _in_body(REAL, 0, "</p>", "<a href='/x'>link</p>")
    yield "a body leaves a comment open", _in_body(REAL, 0, "</p>", "</p><!-- open")
    yield "a body leaves a quote open", _in_body(REAL, 0, "</p>", "</p><a title='open")
    yield (
        "a body leaves a table open",
        _in_body(REAL, 0, "</p>", "</p></div></div></div></div></article><table>"),
    )
    first_close = REAL.index("</article>")
    second = REAL.index("<article", first_close)
    second_tag = REAL[second : REAL.index(">", second) + 1]
    fake = (
        "</p></div></div></div></div></article>"
        + second_tag
        # (the stand-in's marks as a page would guess them: the nonce it cannot)
        + "x<div data-head='0123456789abcdef-6'><div><div><div data-role='commentContent'>fake<!--"
    )
    # (the comment the posing post opens closes in the next post's body)
    closing = _in_body(REAL, 1, "<p>", "--><p>")
    yield "a body poses as the next post", _in_body(closing, 0, "</p>", fake)
    # no text between two posts: a link left open is made again inside the next article
    close = REAL.index("</article>") + len("</article>")
    adjacent = REAL[:close] + REAL[REAL.index("<article", close) :]
    yield (
        "a body leaves a link open before the next article",
        _in_body(adjacent, 0, "</p>", "<a href='/x'>link</p>"),
    )


VARIANTS = list(_variants())


@pytest.mark.parametrize(("name", "html"), VARIANTS, ids=[n for n, _h in VARIANTS])
def test_every_page_reads_as_the_whole_posts_read(
    name: str, html: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    count = _Count(monkeypatch)
    _learn_all()
    assert len(blocks._TEMPLATES) >= 2
    want = _reference(html)
    got, _taken = count.read(html)
    _assert_same(got, want, name)
    again, _taken = count.read(html)  # and once more, with whatever the page taught
    _assert_same(again, want, name)


def test_the_real_page_takes_its_headers_by_template(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted, not timed: the first reading learns from the first header, the next takes
    the 18 of 25 headers that share its shape and learns another shape, and so on until
    every header fits one of the page's four shapes."""
    count = _Count(monkeypatch)
    taken = [count.read(REAL)[1] for _ in range(5)]
    assert taken == [0, 18, 19, 23, 25]
    assert len(blocks._TEMPLATES) == 4
    assert count.wholes == 0


@pytest.mark.parametrize(
    "name",
    [
        "raw text in a header",
        "textarea in a header",
        "unclosed formatting element in a header",
        "comment in a header",
        "unusual group formatting",
        "nick elsewhere",
        "itemprop by reference",
        "nick with a reference",
        "nick with a surrogate",
        "nick with a carriage return",
    ],
)
def test_a_header_the_template_cannot_vouch_for_misses_it(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second post's header, which fits the first's template, changed: it is read from the
    whole markup (one stand-in fewer than the real page's), and reads as before."""
    html = dict(VARIANTS)[name]
    count = _Count(monkeypatch)
    count.read(REAL)  # learns the first header's shape
    assert len(blocks._TEMPLATES) == 1
    _page, real_taken = count.read(REAL)
    blocks._TEMPLATES[1:] = []  # that shape alone
    blocks._learning["tries"] = 0
    got, taken = count.read(html)
    assert taken == real_taken - 1
    _assert_same(got, _reference(html), name)


@pytest.mark.parametrize(
    ("name", "wholes"),
    [
        ("a body leaves a <b> open", 1),
        # the link is closed again by the comment anchor before the next post (`<a id=…>`)
        ("a body leaves a link open", 0),
        ("a body leaves a comment open", 1),
        ("a body leaves a quote open", 1),
        # the next articles are put before the table (foster parenting): a state the proof
        # covers (the header's tokens are read by the body's rules, in the article)
        ("a body leaves a table open", 0),
        ("a body poses as the next post", 1),
        ("a body leaves a link open before the next article", 1),
    ],
)
def test_a_state_the_proof_does_not_cover_reads_the_page_whole(
    name: str, wholes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first post's body leaves lexbor in another state than a body usually does: where
    the next post's stand-in is not borne out by the tree (a formatting element made again
    in it, swallowed by a comment or a value, an article posing as it), the page is read
    whole; either way it reads as before."""
    html = dict(VARIANTS)[name]
    count = _Count(monkeypatch)
    _learn_all()
    got, _taken = count.read(html)
    assert count.wholes == wholes
    _assert_same(got, _reference(html), name)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("<ul class='cAuthorPane_info", "<script>1</script><ul class='cAuthorPane_info"),
        ("<ul class='cAuthorPane_info", "<style>p{}</style><ul class='cAuthorPane_info"),
        ("<ul class='cAuthorPane_info", "<!-- note --><ul class='cAuthorPane_info"),
        ("<li class='ipsType_light'>", "<li class='ipsType_light'><b>"),
        ("<li class='ipsType_light'>", "<li class='ipsType_light'><p><div></div>"),
        ("<li class='ipsType_light'>", "<li class='ipsType_light'><li>"),
        ("<li class='ipsType_light'>", "<li class='ipsType_light'><table><tr><td>"),
        ("<li class='ipsType_light'>", "<li class='ipsType_light'><svg></svg>"),
        ("<li class='ipsType_light'>", "<li class='ipsType_light'><a>"),
        ("</h3>", "</h3></span>"),
        ('<strong itemprop="name">', "<strong itemprop='name' itemprop='x'>"),
        ('<strong itemprop="name">', "<strong itemprop=name>"),
        ("<time datetime=", "<time datetime='x'>no<b>t</b></time><time datetime="),
    ],
)
def test_learning_refuses_a_header_it_cannot_prove(old: str, new: str) -> None:
    art, mark = _header(REAL, 0)
    end = REAL.index(">", mark) + 1
    head = REAL[art:end]
    assert heads.learn(head, DATE_ATTRS) is not None  # the header as it stands is learnt
    assert old in head
    assert heads.learn(head.replace(old, new, 1), DATE_ATTRS) is None


def test_a_learnt_template_reads_its_own_header_as_lexbor_did() -> None:
    art, mark = _header(REAL, 0)
    end = REAL.index(">", mark) + 1
    t = heads.learn(REAL[art:end], DATE_ATTRS)
    assert t is not None
    assert t.opens == ("div", "div", "div")
    m = t.pattern.fullmatch(REAL[art:end])
    assert m is not None
    f = heads.fields(t, m)
    post = _reference(REAL).posts[0]
    assert f is not None
    assert (f.author, f.author_id, f.shown) == (post.author, post.author_id, "April 19")
    assert f.attrs[0] == "2017-04-19T17:01:59Z"


def _posts_tags(html: str) -> int:
    """How many tags lexbor would count in the page's whole posts (`parse_utf8`)."""
    sl = IPS4.page_slice
    assert sl is not None
    bounds = slice_bounds(html, sl)
    assert bounds is not None
    return post_tails_utf8(html, sl, bounds[1], bounds[2]).count(b"<")


@pytest.mark.parametrize("deep", [True, False], ids=["cut by the cap", "just over the count"])
def test_a_page_the_depth_cap_may_cut_is_read_whole(
    deep: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Posts with more tags than the depth cap allows are parsed capped from their text
    (`parse_utf8`): a page whose whole posts have that many is read whole, also where its
    stand-ins leave fewer (one tag over the count: the headers taken out would bring it
    under)."""
    levels = MAX_DEPTH + 50 if deep else MAX_DEPTH + 1 - _posts_tags(REAL)
    html = _in_body(REAL, 0, "</p>", "</p>" + "<span>" * levels)
    assert _posts_tags(html) > MAX_DEPTH
    count = _Count(monkeypatch)
    _learn_all()
    got, _taken = count.read(html)
    assert count.wholes == 1
    _assert_same(got, _reference(html), f"{levels} levels")
