"""The new-letter counter of an Invision topic page is looked for in the page's header only
(issue 20 item 4): up to where the topic reader finds the first post
(`parser.ipb.topic.header_end`), not through the whole page. A page without the counter
(every IPS 4 page, an IPB 1.x page with no new letters) is searched no further than its
header, and no post can stand for the counter. None of this is timed (`bench/README.md`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from parser.dialects import IPB2, IPS4
from parser.encoding import decode_html
from parser.ipb.detect import detect_ipb
from parser.ipb.topic import header_end, parse_ipb_topic
from scraper.client import _caseless_badge, _pm_badge_in

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
IPB13 = FIXTURES / "ipb/1x-2x/ipb13ru_hustle-sa_showtopic2969_utf8.html"
IPS41 = FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
IPB_COUNTER = "<a href='index.php?act=Msg&amp;CODE=01'>0 новых писем</a>"
PHPBB_COUNTER = '<a href="./ucp.php?i=pm&amp;folder=inbox"><strong class="badge">0</strong>'


def _invision_pages() -> list[str]:
    """Every saved page of an Invision board, as the client decodes it."""
    texts = (decode_html(path.read_bytes()) for path in sorted(FIXTURES.rglob("*.htm*")))
    return [text for text in texts if detect_ipb(text) is not None]


def _value(text: str, stop: int | None = None) -> str | None:
    m = _pm_badge_in(text, stop)
    return None if m is None else next(g for g in m.groups() if g is not None)


def test_every_saved_invision_page_reads_the_same_counter_from_its_header() -> None:
    pages = _invision_pages()
    assert len(pages) > 10
    shown = 0
    for text in pages:
        d = detect_ipb(text)
        assert d is not None
        stop = header_end(text, d)
        for variant in (text, text.upper(), text.replace("CODE=01", "cOdE=01")):
            want = _pm_badge_in(variant)
            got = _pm_badge_in(variant, stop)
            assert (got and (got.start(), got.group(0))) == (want and (want.start(), want.group(0)))
            shown += want is not None
    assert shown > 10, "the saved IPB 1.x pages show their counter"


def test_the_header_ends_where_the_reader_finds_the_first_post() -> None:
    ips = decode_html(IPS41.read_bytes())
    assert header_end(ips, IPS4) == ips.index("<article")
    assert parse_ipb_topic(ips[header_end(ips, IPS4) :], dialect=IPS4).posts
    ipb = decode_html(IPB13.read_bytes())
    assert header_end(ipb, IPB2) == ipb.index("<!--Begin Msg Number")
    assert header_end("<p>no posts</p>", IPS4) == len("<p>no posts</p>")
    assert header_end("<p>no posts</p>", IPB2) == len("<p>no posts</p>")


@pytest.mark.parametrize("counter", [IPB_COUNTER, PHPBB_COUNTER, IPB_COUNTER.upper()])
def test_a_counter_written_in_a_post_is_not_the_boards(counter: str) -> None:
    for path, dialect, opening in ((IPS41, IPS4, "<article"), (IPB13, IPB2, "<!--Begin Msg")):
        text = decode_html(path.read_bytes())
        # (the saved IPB 1.3 page shows its own counter: the header's is taken out)
        text = text.replace("act=Msg&amp;CODE=01'>", "act=Msg&amp;CODE=02'>")
        assert _value(text, header_end(text, dialect)) is None
        first = text.index(opening)
        post = text.index(">", text.index(opening, first + 1)) + 1  # inside the second post
        decoy = text[:post] + counter + text[post:]
        assert _value(decoy) == "0"  # the whole page searched: the post taken for the header
        assert _value(decoy, header_end(decoy, dialect)) is None
        header = text[:first] + counter + text[first:]
        assert _value(header, header_end(header, dialect)) == "0"


@pytest.mark.parametrize("counter", [IPB_COUNTER, PHPBB_COUNTER])
def test_a_counter_starting_just_before_the_header_end_is_found(counter: str) -> None:
    # the bound is on where the match starts (the counter's link opening): a match that runs
    # past the header's end is found, one that starts at it is not
    for text in (counter + "<p>post</p>", counter.upper() + "<p>post</p>"):
        m = _pm_badge_in(text)
        assert m is not None
        start = m.start()
        for stop in (start + 1, start + 5, len(text)):
            assert _value(text, stop) == "0"
            assert _caseless_badge(text, stop) is not None
        assert _value(text, start) is None
        assert _caseless_badge(text, start) is None


def test_the_client_reads_the_counter_of_a_topic_pages_header_only() -> None:
    # the Invision client as it reads a topic page: the counter of the header, not a post's
    import httpx

    from scraper.ipb import IpbClient, IpbSettings

    live = FIXTURES / "ipb13/live/topic_3_p1.html"  # a member's page: the counter shown
    text = decode_html(live.read_bytes())
    assert _value(text) is not None
    text = text.replace("act=Msg&amp;CODE=01'>", "act=Msg&amp;CODE=02'>")
    first = text.index("<!--Begin Msg Number")
    post = text.index("<!-- THE POST", first)
    decoy = text[:post] + IPB_COUNTER + text[post:]
    header = text[:first] + IPB_COUNTER.replace(">0 ", ">3 ") + decoy[first:]
    for page, want in ((decoy, None), (header, 3)):

        def answer(_request: httpx.Request, page: str = page) -> httpx.Response:
            return httpx.Response(
                200, content=page.encode(), headers={"Content-Type": "text/html; charset=utf-8"}
            )

        c = IpbClient(
            IpbSettings("http://127.0.0.1:8090/", "Игрок", "Player-2026", min_interval=0),
            transport=httpx.MockTransport(answer),
        )
        c._logged_in = True  # a session from before
        c.read_topic_pages(3)
        assert c.pm_badge == want
