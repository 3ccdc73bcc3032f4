"""Pages that fight back: deep nesting, deep quotes and colours wrapped around quotes.

Real saved pages (and the IPB template pages) with one post or PM body replaced or extended
by hostile markup. Whatever a post holds, the readers keep every other post on the page and
read the hostile one in time linear in its size; a coloured element around a quote does not
make the quoted nick a vote (C-3 / P-V.2: only the author's own coloured words count).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from selectolax.lexbor import LexborHTMLParser

from parser.dialects import IPB2, IPS4
from parser.encoding import decode_html
from parser.html import parse_html
from parser.ipb.body import parse_ipb_body
from parser.ipb.messenger import parse_ipb_conversation, parse_ipb_pm
from parser.ipb.topic import parse_ipb_topic
from parser.ipb.tree import read_tree
from parser.pages import parse_pm, parse_topic
from parser.phpbb.body import read_body
from parser.phpbb.walk import walk_body
from parser.records import Post
from parser.votes.day import extract_votes
from parser.votes.records import VoteOptions
from tests.conftest import FIXTURES

PHPBB = FIXTURES / "phpbb"
TEMPLATES = Path(__file__).parent / "ipb_template_pages"
PHP_TOPIC = (PHPBB / "topic_p1.html").read_text(encoding="utf-8")
PHP_BODY = '<div class="content"><span style="color:green">Mister X</span></div>'
PHP_PM = (PHPBB / "pm_view_1.html").read_text(encoding="utf-8")
IPB13 = decode_html((FIXTURES / "ipb/1x-2x/ipb13ru_hustle-sa_showtopic2969_utf8.html").read_bytes())
IPS4_PAGE = decode_html(
    (
        FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
    ).read_bytes()
)
IPB13_PM = (TEMPLATES / "ipb13_pm_view.template.html").read_text(encoding="utf-8")
IPS4_PM = (TEMPLATES / "ips4_messenger_conversation.template.html").read_text(encoding="utf-8")


def _after(page: str, marker: str, payload: str) -> str:
    """`page` with `payload` inserted right after the first `marker` (an opening tag)."""
    i = page.index(marker)
    j = page.index(">", i) + 1
    return page[:j] + payload + page[j:]


def php_topic(body: str) -> str:
    assert PHP_TOPIC.count(PHP_BODY) == 1
    return PHP_TOPIC.replace(PHP_BODY, f'<div class="content">{body}</div>')


def php_post(body: str) -> Post:
    page = parse_topic(php_topic(body))
    assert [p.id for p in page.posts] == list(range(48, 58)), "every post is still read"
    return next(p for p in page.posts if p.id == 52)


def ipb13_topic(body: str) -> str:
    return _after(IPB13, "<!-- THE POST ", body)


def ips4_topic(body: str) -> str:
    return _after(IPS4_PAGE, "data-role='commentContent'", body)


def deep(n: int, tag: str = "span") -> str:
    return f"<{tag}>" * n + "глубоко" + f"</{tag}>" * n


IPB13_POSTS = len(parse_ipb_topic(IPB13).posts)
IPS4_POSTS = len(parse_ipb_topic(IPS4_PAGE).posts)


# --- deep nesting never costs a page --------------------------------------------------------


@pytest.mark.parametrize("n", [1_000, 3_000])
@pytest.mark.parametrize("tag", ["span", "div", "b", "blockquote"])
def test_deep_nesting_keeps_every_post_of_every_board(n: int, tag: str) -> None:
    hostile = deep(n, tag) + ' <span style="color:red">Шерлок</span>'
    post = php_post(hostile)
    assert "глубоко" in post.text
    for page, count in ((ipb13_topic(hostile), IPB13_POSTS), (ips4_topic(hostile), IPS4_POSTS)):
        topic = parse_ipb_topic(page)
        assert len(topic.posts) == count
        assert "глубоко" in topic.posts[0].text
        assert not any("failed" in i.message for i in topic.issues)
    if tag != "blockquote":  # a quote's words are not the author's
        assert ("#ff0000", "Шерлок") in [(c.color, c.text) for c in post.colored]


@pytest.mark.parametrize("n", [1_000, 3_000])
def test_deep_nesting_in_a_pm_keeps_the_pm(n: int) -> None:
    hostile = deep(n) + " Проверяю Ronin"
    msg = parse_pm(_after(PHP_PM, '<div class="content"', hostile))
    assert msg is not None and "Проверяю Ronin" in msg.own_text
    pm13 = parse_ipb_pm(_after(IPB13_PM, "class='postcolor'", hostile))
    assert pm13.sender == "Mr. Grin" and "Проверяю Ronin" in pm13.own_text
    convo = parse_ipb_conversation(_after(IPS4_PM, 'data-role="commentContent"', hostile))
    assert convo and any("Проверяю Ronin" in m.own_text for m in convo)


def test_deep_colours_and_links_are_read_not_dropped() -> None:
    n = 2_000
    body = (
        '<span style="color:red">' * n
        + '<a href="./viewtopic.php?p=50#p50">за</a> Шерлок'
        + "</span>" * n
    )
    post = php_post(body)
    assert post.linked_posts == (50,)
    assert [c.text for c in post.colored] == ["за Шерлок"]  # the innermost colour holds it
    assert len(post.colored[0].wrappers) <= 32
    parts, _ = parse_ipb_body(body, dialect=IPS4)
    assert parts.links == (50,) and [c.text for c in parts.colored] == ["за Шерлок"]


# --- quote depth is linear ------------------------------------------------------------------


def php_quotes(n: int) -> str:
    return (
        '<blockquote><div><cite><a href="./memberlist.php?mode=viewprofile&amp;u=66">Кот</a>'
        " писал(а):</cite>слово "
        * n
        + '<span style="color:green">Марго</span>'
        + "</div></blockquote>" * n
        + ' <span style="color:red">Шерлок</span>'
    )


def ipb2_quotes(n: int) -> str:
    return (
        "<!--QuoteBegin-Кот+18.06.2016, 14:12--><div class='quotetop'>Цитата(Кот @ 18.06.2016, "
        "14:12)</div><div class='quotemain'><!--QuoteEBegin-->слово "
        * n
        + "<span style='color:green'>Марго</span>"
        + "<!--QuoteEnd--></div><!--QuoteEEnd-->" * n
        + " <span style='color:red'>Шерлок</span>"
    )


def ips4_quotes(n: int) -> str:
    return (
        "<blockquote class='ipsQuote' data-ipsquote-username='Кот'><div class='ipsQuote_citation'>"
        "Кот said:</div><div class='ipsQuote_contents'>слово "
        * n
        + "<span style='color:green'>Марго</span>"
        + "</div></blockquote>" * n
        + " <span style='color:red'>Шерлок</span>"
    )


def _work(fn: Callable[[], Any]) -> int:
    """Python lines the parser modules execute in `fn()`: a count of work that, unlike a
    clock, is the same on every run (C code inside lexbor is linear in the input)."""
    lines = 0
    roots = (str(Path(walk_body.__code__.co_filename).parents[1]),)

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal lines
        if not frame.f_code.co_filename.startswith(roots):
            return None
        if event == "line":
            lines += 1
        return tracer

    sys.settrace(tracer)
    try:
        fn()
    finally:
        sys.settrace(None)
    return lines


READERS: dict[str, Callable[[int], Callable[[], Any]]] = {
    "phpbb": lambda n: (
        lambda: read_body(
            parse_html(f'<div class="content">{php_quotes(n)}</div>').css_first("div.content"),  # type: ignore[arg-type]
            "post",
        )
    ),
    "ipb2": lambda n: lambda: parse_ipb_body(ipb2_quotes(n), dialect=IPB2),
    "ips4": lambda n: lambda: parse_ipb_body(ips4_quotes(n), dialect=IPS4),
}


@pytest.mark.parametrize("board", sorted(READERS))
def test_quote_depth_costs_linear_work(board: str) -> None:
    small, large = (_work(READERS[board](n)) for n in (100, 200))
    # twice the quotes, about twice the work (quadratic reading gave ~4x)
    assert 1.5 < large / small < 2.4, (small, large)


# --- past the depth any post can reach, nesting is capped and the work stays linear -----------

_TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)[^>]*>")
_VOID = {"br", "img", "hr", "input", "meta", "link", "wbr"}


def lexbor_steps(markup: str | bytes) -> int:
    """The tree building a document asks of lexbor, as the HTML standard has it: opening an
    element checks the elements open around it (for a `p` to close), so each costs the depth
    it opens at; quadratic in the nesting."""
    text = markup.decode("utf-8", "replace") if isinstance(markup, bytes) else markup
    depth = steps = 0
    for m in _TAG.finditer(text):
        if m.group(2).lower() in _VOID:
            continue
        if m.group(1):
            depth = max(0, depth - 1)
        else:
            steps += depth + 1
            depth += 1
    return steps


@pytest.mark.parametrize("board", sorted(READERS))
def test_quote_nesting_past_the_cap_costs_linear_work(
    board: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the cap is thousands of levels (more than any post a board accepts holds); a small one
    # shows the same past it in a fraction of the time
    monkeypatch.setattr("parser.html.MAX_DEPTH", 64)
    given: list[str | bytes] = []
    real = LexborHTMLParser

    def lexbor(markup: str | bytes, *args: Any, **kw: Any) -> Any:
        given.append(markup)
        return real(markup, *args, **kw)

    monkeypatch.setattr("parser.html.LexborHTMLParser", lexbor)

    def work(n: int) -> int:
        given.clear()
        python = _work(READERS[board](n))
        return python + sum(lexbor_steps(m) for m in given)

    small, large = work(256), work(512)
    # twice the quotes, twice the work (uncapped, lexbor's share alone grew fourfold)
    assert 1.5 < large / small < 2.4, (small, large)


def test_quotes_past_the_cap_fold_into_the_deepest_kept_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("parser.html.MAX_DEPTH", 64)
    post = php_post(php_quotes(300))
    assert 10 < len(post.quotes) < 64  # the nesting the cap leaves, every level its own quote
    assert [q.depth for q in post.quotes] == list(range(1, len(post.quotes) + 1))
    assert "Марго" in post.quotes[-1].text  # the innermost words are still read, as quoted
    assert [(c.color, c.text) for c in post.colored] == [("#ff0000", "Шерлок")]


@pytest.mark.parametrize("n", [50, 1_600])
def test_deeply_nested_quotes_keep_depth_author_and_own_words(n: int) -> None:
    post = php_post(php_quotes(n))
    assert len(post.quotes) == n
    assert [q.depth for q in post.quotes] == list(range(1, n + 1))
    assert {q.author for q in post.quotes} == {"Кот"}
    assert all(q.text == "слово" for q in post.quotes[:-1])  # nested quotes are their own
    assert post.quotes[-1].text == "слово Марго"
    assert [(c.color, c.text) for c in post.quotes[-1].colored] == [("#008000", "Марго")]
    assert [(c.color, c.text) for c in post.colored] == [("#ff0000", "Шерлок")]
    for body, dialect in ((ipb2_quotes(n), IPB2), (ips4_quotes(n), IPS4)):
        parts, _ = parse_ipb_body(body, dialect=dialect)
        assert [q.depth for q in parts.quotes] == list(range(1, n + 1))
        assert {q.author for q in parts.quotes} == {"Кот"}
        assert parts.quotes[-1].text == "слово Марго"
        assert [(c.color, c.text) for c in parts.colored] == [("#ff0000", "Шерлок")]
        assert parts.own_text == "Шерлок"


# --- a colour around a quote ------------------------------------------------------------------


def tally_of(post: Post) -> dict[str, int]:
    """Gambler's count with red as the vote colour, the author one of the players."""
    result = extract_votes(
        [post],
        ruleset="gambler",
        players=[post.author, "Шерлок", "Ватсон"],
        options=VoteOptions(colors=("family:red",)),
    )
    return result.tally


WRAPPED = {
    "prosilver": (
        '<span style="color:red"><blockquote><div><cite>Кот писал(а):</cite>Шерлок</div>'
        "</blockquote>Ватсон</span>"
    ),
    "font": (
        '<font color="red"><blockquote><div><cite>Кот писал(а):</cite>Шерлок</div>'
        "</blockquote>Ватсон</font>"
    ),
    "subsilver2": (
        '<span style="color: red"><div class="quotetitle">Кот писал(а):</div>'
        '<div class="quotecontent">Шерлок</div>Ватсон</span>'
    ),
    "strong": (
        '<strong style="color:#f00"><em><blockquote><div><cite>Кот писал(а):</cite>'
        "<b>Шерлок</b></div></blockquote></em> Ватсон</strong>"
    ),
}


@pytest.mark.parametrize("markup", sorted(WRAPPED))
def test_colour_around_a_quote_does_not_vote_for_the_quoted_nick(markup: str) -> None:
    post = php_post(WRAPPED[markup])
    assert [(c.color, c.text) for c in post.colored] == [("#ff0000", "Ватсон")]
    assert [q.author for q in post.quotes] == ["Кот"]
    assert "Шерлок" not in post.own_text
    tally = tally_of(post)
    assert tally == {"Ватсон": 1}


def test_colour_around_a_quote_only_quoted_gives_no_vote() -> None:
    post = php_post(
        '<span style="color:red"><blockquote><div><cite>Кот писал(а):</cite>Шерлок</div>'
        "</blockquote></span>"
    )
    assert post.colored == ()
    assert tally_of(post) == {}


@pytest.mark.parametrize(
    ("body", "dialect"),
    [
        (
            "<span style='color:red'><div class='quotetop'>Цитата(Кот @ 18.06.2016, 14:12)</div>"
            "<div class='quotemain'>Шерлок</div>Ватсон</span>",
            IPB2,
        ),
        (
            "<span style='color:red'><blockquote class='ipsQuote' data-ipsquote-username='Кот'>"
            "<div class='ipsQuote_citation'>Кот said:</div><div class='ipsQuote_contents'>"
            "<p>Шерлок</p></div></blockquote>Ватсон</span>",
            IPS4,
        ),
    ],
)
def test_colour_around_an_ipb_quote_does_not_colour_it(body: str, dialect: Any) -> None:
    parts, _ = parse_ipb_body(body, dialect=dialect)
    assert [(c.color, c.text) for c in parts.colored] == [("#ff0000", "Ватсон")]
    assert [(q.author, q.text) for q in parts.quotes] == [("Кот", "Шерлок")]


# --- the last line of defence is one post, not the page ---------------------------------------


def test_a_body_that_defeats_the_reader_costs_only_its_own_post(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bomb = '<span style="color:red">бомба</span><blockquote>x</blockquote>'
    real_php = walk_body

    def php_boom(content: Any, body: Any, *rest: Any) -> None:
        if "бомба" in body.html:
            raise RecursionError("markup no reader foresaw")
        real_php(content, body, *rest)

    monkeypatch.setattr("parser.phpbb.body.walk_body", php_boom)
    page = parse_topic(php_topic(bomb))
    assert [p.id for p in page.posts] == list(range(48, 58))
    lost = next(p for p in page.posts if p.id == 52)
    assert lost.colored == () and lost.author == "Вася2005"
    assert any(i.where == "post 52" and "unreadable" in i.message for i in page.issues)

    real_ipb = read_tree

    def ipb_boom(root: Any, *rest: Any) -> Any:
        if "бомба" in (root.html or ""):
            raise RecursionError("markup no reader foresaw")
        return real_ipb(root, *rest)

    monkeypatch.setattr("parser.ipb.body.read_tree", ipb_boom)
    topic = parse_ipb_topic(ipb13_topic(bomb))
    assert len(topic.posts) == IPB13_POSTS
    assert topic.posts[0].colored == ()
    assert any("unreadable" in i.message for i in topic.issues)
