"""Links to board posts in post bodies (`Post.linked_posts`) and P-V.2 agreement by link.

Real pages where they hold such links (an IPB 1.3 findpost link, an IPS 4 findComment link);
otherwise DERIVED pages: a real saved page (fixtures/phpbb/topic_p1.html, the IPS 4 rllmuk
topic) with one post's body swapped for a hand-written one. The derived pages are built here
in memory and are not real pages.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from mafiabot.commands.parse_posts import post_json
from parser.encoding import decode_html
from parser.ipb.topic import parse_ipb_topic
from parser.links import post_id_from_href, written_out_post_ids
from parser.pages import parse_topic, read_page
from parser.records import Post, TopicPage
from parser.votes.day import extract_votes
from tests.conftest import FIXTURES
from tests.test_parser_phpbb import NOW, TZ

PHPBB_P1 = FIXTURES / "phpbb" / "topic_p1.html"
IPB13 = FIXTURES / "ipb" / "1x-2x" / "ipb13ru_hustle-sa_showtopic2969_utf8.html"
RLLMUK = (
    FIXTURES / "ipb" / "4x-5x" / "ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
)

# every link form of the boards we read, with the post id it points at
LINK_FORMS = [
    ("./viewtopic.php?p=101#p101", 101),
    ("viewtopic.php?p=102", 102),
    ("./viewtopic.php?t=4&p=103#p103", 103),
    ("./viewtopic.php?f=2&t=4&sid=0123456789abcdef0123456789abcdef&p=104#p104", 104),
    ("https://board.example/forum/viewtopic.php?t=4&p=105#p105", 105),
    ("#p106", 106),
    ("./viewtopic.php?t=4&start=20#p107", 107),
    ("http://board.example/index.php?showtopic=2969&view=findpost&p=108", 108),
    ("index.php?s=0123456789abcdef&showtopic=2969&view=findpost&p=109", 109),
    ("index.php?act=findpost&pid=110", 110),
    ("https://board.example/index.php?act=findpost&pid=111", 111),
    ("https://board.example/index.php?/topic/5-game/page__view__findpost__p__115", 115),
    ("https://board.example/index.php?/topic/5-x/&do=findComment&comment=112", 112),
    ("https://board.example/topic/5-game/?do=findComment&comment=113", 113),
    ("/topic/5-game/?do=findComment&comment=114", 114),
]

NOT_POST_LINKS = [
    "./memberlist.php?mode=viewprofile&u=2",
    "./viewtopic.php?t=4&start=20",
    "./viewtopic.php?f=2&t=4",
    "index.php?showtopic=2969&st=15",
    "index.php?showuser=12",
    "https://board.example/profile/445-x/",
    "#top",
    "https://example.org/page?p=5",
]


@pytest.mark.parametrize(("href", "pid"), LINK_FORMS)
def test_every_board_link_form_names_its_post(href: str, pid: int) -> None:
    assert post_id_from_href(href) == pid


@pytest.mark.parametrize("href", NOT_POST_LINKS)
def test_links_that_are_no_post_links_name_none(href: str) -> None:
    assert post_id_from_href(href) is None


# --- derived phpBB page ----------------------------------------------------------------------


def _phpbb_derived(bodies: dict[int, str], signature: dict[int, str] | None = None) -> TopicPage:
    """DERIVED page: fixtures/phpbb/topic_p1.html with the given posts' bodies swapped."""
    tree = LexborHTMLParser(read_page(PHPBB_P1))
    for pid, html in bodies.items():
        content = tree.css_first(f"#p{pid} div.content")
        assert content is not None, f"post {pid} not on topic_p1.html"
        content.inner_html = html
    for pid, html in (signature or {}).items():
        content = tree.css_first(f"#p{pid} div.content")
        assert content is not None
        sig = LexborHTMLParser(f'<div id="sig{pid}" class="signature">{html}</div>')
        sig_div = sig.css_first("div.signature")
        assert sig_div is not None
        content.insert_after(sig_div)
        assert tree.css_first(f"#p{pid} #sig{pid} a") is not None, "signature not inserted"
    return parse_topic(tree.html or "", tz=TZ, now=NOW)


def _real_p1() -> TopicPage:
    return parse_topic(read_page(PHPBB_P1), tz=TZ, now=NOW)


def _a(href: str, text: str = "ссылка") -> str:
    return f'<a href="{href.replace("&", "&amp;")}" class="postlink">{text}</a>'


def test_real_phpbb_page_has_no_linked_posts() -> None:
    assert all(p.linked_posts == () for p in _real_p1().posts)


def test_derived_phpbb_page_reads_every_link_form_in_order() -> None:
    first = _real_p1().posts[1].id
    body = " ".join(_a(h) for h, _ in LINK_FORMS) + " и на себя " + _a(f"#p{first}")
    page = _phpbb_derived({first: body})
    post = next(p for p in page.posts if p.id == first)
    assert post.linked_posts == (*(n for _, n in LINK_FORMS), first)
    assert all(p.linked_posts == () for p in page.posts if p.id != first)
    # `mafiabot parse posts` prints them
    assert post_json(post, "derived")["linked_posts"] == list(post.linked_posts)


def test_derived_phpbb_links_inside_quotes_code_and_signature_are_not_the_posts() -> None:
    posts = _real_p1().posts
    first, quoted = posts[1].id, posts[0].id
    body = (
        f'<blockquote><div><cite><a href="./viewtopic.php?p={quoted}#p{quoted}">↑</a> '
        f"{posts[0].author} писал(а):</cite>см. {_a('./viewtopic.php?p=201#p201')}</div>"
        "</blockquote>"
        f'<div class="codebox"><pre><code>{_a("./viewtopic.php?p=202")}</code></pre></div>'
        f"своё: {_a('./viewtopic.php?p=203#p203')}"
    )
    page = _phpbb_derived({first: body}, signature={first: _a("./viewtopic.php?p=204#p204")})
    post = next(p for p in page.posts if p.id == first)
    assert post.linked_posts == (203,)
    assert [q.post_id for q in post.quotes] == [quoted]  # the quote is still read as one


# --- IPB pages --------------------------------------------------------------------------------


def _ipb(path: Path, html: str | None = None) -> TopicPage:
    text = html if html is not None else decode_html(path.read_bytes())
    return parse_ipb_topic(text, tz="Europe/Moscow", now=datetime(2026, 1, 1))


def test_real_ipb13_page_findpost_link_is_read() -> None:
    page = _ipb(IPB13)
    href = "index.php?showtopic=2969&amp;view=findpost&amp;p=19053"
    linked = {p.id: p.linked_posts for p in page.posts if p.linked_posts}
    assert linked == {19014: (19053,)}
    assert href in next(p.body_html for p in page.posts if p.id == 19014)


def test_real_ips4_page_find_comment_link_is_read() -> None:
    page = _ipb(RLLMUK)
    linked = {p.id: p.linked_posts for p in page.posts if p.linked_posts}
    assert linked == {11362365: (11350746,)}
    body = next(p.body_html for p in page.posts if p.id == 11362365)
    assert "do=findComment&amp;comment=11350746" in body


def test_derived_ips4_links_inside_quotes_and_signature_are_not_the_posts() -> None:
    """DERIVED page: the rllmuk topic with one post's comment body swapped."""
    text = decode_html(RLLMUK.read_bytes())
    tree = LexborHTMLParser(text)
    original = _ipb(RLLMUK).posts[0]
    art = tree.css_first(f"article#elComment_{original.id}")
    assert art is not None
    content = art.css_first("div[data-role='commentContent']")
    assert content is not None
    content.inner_html = (
        '<blockquote class="ipsQuote" data-ipsquote="" data-ipsquote-contentid="286745">'
        '<div class="ipsQuote_citation">x said:</div><div class="ipsQuote_contents">'
        f"{_a('https://b.example/topic/5-g/?do=findComment&comment=301')}</div></blockquote>"
        f"<p>{_a('https://b.example/topic/5-g/?do=findComment&comment=302')} "
        f"{_a('index.php?act=findpost&pid=303')}</p>"
        '<div data-role="memberSignature">'
        f"{_a('https://b.example/topic/5-g/?do=findComment&comment=304')}</div>"
    )
    page = _ipb(RLLMUK, tree.html or "")
    post = next(p for p in page.posts if p.id == original.id)
    assert post.linked_posts == (302, 303)
    assert len(post.quotes) == 1


# --- P-V.2 on a board page ------------------------------------------------------------------


def _three_authors(posts: tuple[Post, ...]) -> list[Post]:
    picked: list[Post] = []
    for p in posts:
        if p.author and all(p.author != q.author for q in picked):
            picked.append(p)
    assert len(picked) >= 3
    return picked[:3]


def test_P_V_2_agreement_by_link_on_a_board_page() -> None:
    """DERIVED topic_p1.html: A votes with a reason, B names the same target in red with two
    words of his own and a link to A's post; without the link B's vote has no reason."""
    a, b, t = _three_authors(_real_p1().posts)
    red = f'<span style="color:#FF0000">{t.author}</span>'
    vote_a = f"{red} весь день молчит и уходит от ответов"
    players = [a.author, b.author, t.author]

    def read(b_body: str) -> tuple[dict[str, str], list[tuple[str, str]], int | None]:
        page = _phpbb_derived({a.id: vote_a, b.id: b_body})
        posts = [p for p in page.posts if p.id in (a.id, b.id)]
        r = extract_votes(posts, ruleset="pefl", players=players)
        agreed = next((v.agreed_with for v in r.votes if v.voter == b.author), None)
        return (
            {v.voter: v.target for v in r.votes},
            [(x.author, x.reason) for x in r.rejected],
            agreed,
        )

    by_link = read(f"{red} {_a(f'./viewtopic.php?t=4&p={a.id}#p{a.id}', 'согласен')}")
    assert by_link == ({a.author: t.author, b.author: t.author}, [], a.id)
    # the same words without the link: no reason, no agreement (P-V.1)
    assert read(f"{red} согласен") == ({a.author: t.author}, [(b.author, "no_reason")], None)
    # a link to the accepted vote naming ANOTHER target in red is no agreement
    other = f'<span style="color:#FF0000">{a.author}</span>'
    assert read(f"{other} {_a(f'#p{a.id}', 'согласен')}")[1] == [(b.author, "no_reason")]
    # a link quoted from someone else is not this post's link
    quoted = f"<blockquote><div>{_a(f'#p{a.id}')}</div></blockquote>{red} согласен"
    assert read(quoted)[1] == [(b.author, "no_reason")]


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        (
            "Поддерживаю http://forum.example/index.php?showtopic=5&view=findpost&p=731 — Катя",
            (731,),
        ),
        ("согласна, https://x.example/topic/9-mafia/?do=findComment&comment=44.", (44,)),
        ("см. ./viewtopic.php?p=12#p12)", (12,)),
        ("за #p12 и за 1234, без ссылок", ()),  # no post page named: nothing
    ],
)
def test_P_V_2_a_permalink_written_out_in_the_text_is_read_as_a_link(
    text: str, ids: tuple[int, ...]
) -> None:
    assert written_out_post_ids(text) == ids
