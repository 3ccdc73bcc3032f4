"""IPS 4 post authors found by their place in the author pane (`_ips4_pane`) read what the
board's `author` and `author_link` selectors read, on every saved IPS 4 post and on posts
altered so that the place no longer holds the selectors' first match."""

from __future__ import annotations

from pathlib import Path

import pytest
from selectolax.lexbor import LexborNode

from parser.dialects import IPS4
from parser.encoding import decode_html
from parser.html import parse_html
from parser.ipb.blocks import _ips4_pane, _post_author
from parser.ipb.text import select_all
from tests.conftest import FIXTURES

TESTS = Path(__file__).resolve().parent
IPS_PAGES = [
    *sorted((FIXTURES / "ipb/4x-5x").glob("*.html")),
    *sorted((TESTS / "ipb_template_pages").glob("ic*.html")),
    *sorted((TESTS / "ipb_template_pages").glob("ips4*.html")),
]
RLLMUK = FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
PANE = (
    "<aside class='ipsComment_author cAuthorPane ipsColumn ipsColumn_medium'>\n\t\t"
    "<h3 class='ipsType_sectionHead cAuthorPane_author ipsType_blendLinks ipsType_break'"
    ' itemprop="creator" itemscope itemtype="http://schema.org/Person">'
    '<strong itemprop="name">\n<a href='
)


def _posts(html: str) -> list[LexborNode]:
    return select_all(parse_html(html).root, IPS4.sel("post"))


def test_every_saved_ips4_post_reads_the_same_author_both_ways() -> None:
    placed = 0
    for path in IPS_PAGES:
        for el in _posts(decode_html(path.read_bytes())):
            assert _post_author(el, IPS4) == _post_author(el, IPS4, by_place=False), path
            placed += _ips4_pane(el) is not None
    assert placed >= 25  # the real IPS 4.1 page's posts are read by their place


def _altered(*edits: tuple[str, str]) -> list[LexborNode]:
    """The real page with its first post's author pane edited (each `old` replaced, in
    order, from the pane on)."""
    html = decode_html(RLLMUK.read_bytes())
    assert html.count(PANE) == 25
    at = html.index(PANE) - 300  # the <article> tag's attributes and the pane
    for old, new in edits:
        i = html.index(old, at)
        html = html[:i] + new + html[i + len(old) :]
    return _posts(html)


NICK_LINK = "\n<a href='https://www.rllmukforum.com/index.php?/profile/9775-stefcha/'"
ALTERED: dict[str, tuple[tuple[str, str], ...]] = {
    # a link before the nick: the post's first profile link
    "link_before_h3": (("<h3 ", "<a href='/index.php?/profile/5-other/'>x</a><h3 "),),
    # the pane itself names the nick (inside a creator's h3)
    "pane_itemprop": (
        ("<article ", "<h3 itemprop='creator'><article "),
        ("<aside ", "<aside itemprop='name' "),
    ),
    # the pane is a link (to a profile): the post's first
    "pane_is_link": (("<aside ", "<a href='/index.php?/profile/7-x/' "), ("</aside>", "</a>")),
    # the pane's heading is no h3: the <strong> has no creator h3 above it
    "heading_not_h3": (("<h3 ", "<div "), ("</h3>", "</div>")),
    # no itemprop on the h3: its class's selector finds the link, not the <strong>
    "h3_no_itemprop": (('itemprop="creator" ', ""),),
    # the <strong> is not the nick: the link is, without the words after it
    "strong_no_itemprop": (
        ('<strong itemprop="name">', "<strong>"),
        ("</a></strong>", "</a> (host)</strong>"),
    ),
    # an element before the link inside the nick, with an address of its own
    "element_before_link": (
        (
            '<strong itemprop="name">\n',
            "<strong itemprop='name'><span href='/index.php?/profile/5-x/'>*</span>",
        ),
    ),
    # the nick is the link itself
    "nick_is_link": (('<strong itemprop="name">\n<a ', "<a itemprop='name' "),),
    # the first link names a member but is no profile link: the photo's is
    "first_link_not_profile": (
        (NICK_LINK, "\n<a href='https://www.rllmukforum.com/index.php?/user/5-other/'"),
    ),
    # the pane is not the post's first element
    "element_before_pane": (
        ("<aside ", "<div><a href='/index.php?/profile/6-x/'>y</a></div><aside "),
    ),
    # the post element itself carries the nick's itemprop, inside a creator's h3
    "post_itemprop": (("<article ", "<h3 itemprop='creator'><article itemprop='name' "),),
}


@pytest.mark.parametrize("case", sorted(ALTERED))
def test_altered_posts_read_as_the_selectors_read_them(case: str) -> None:
    el = _altered(*ALTERED[case])[0]
    assert _post_author(el, IPS4) == _post_author(el, IPS4, by_place=False)
    pane = _ips4_pane(el)
    assert pane is None or pane[1] is None  # not read by its place (the link: by query)
