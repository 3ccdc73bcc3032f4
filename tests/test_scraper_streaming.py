"""A topic is walked one page at a time, each page read once (issue 10, item 5).

Structural checks on the fake boards, no timing: the navigation of a page (its number, the
page count, the next link) comes from the one reading of the page the fetch hands over —
never a second read of the page (`tests/test_topic_page_read_once.py` follows it to the
store); `stream_topic` fetches a page only when the caller reaches it and keeps no page the
caller has let go, so ingest holds one page at a time whatever the topic's length.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from scraper import phpbb as scraper_phpbb
from scraper.board import StreamsTopics, TopicPageFetch
from scraper.ipb import reading as scraper_ipb
from tests.test_scraper_shared import BOARDS, MAKERS, Board


def _topic_requests(b: Board) -> int:
    return sum(b.topic_path in str(r.url) for r in b.requests())


def _count_parses(b: Board, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Patch the one function each client reads a topic page with; count its calls."""
    calls = [0]
    module: Any = scraper_phpbb if b.name == "phpbb" else scraper_ipb
    name = "parse_topic" if b.name == "phpbb" else "parse_ipb_topic"
    real = getattr(module, name)

    def counted(*a: Any, **kw: Any) -> Any:
        calls[0] += 1
        return real(*a, **kw)

    monkeypatch.setattr(module, name, counted)
    return calls


@pytest.mark.parametrize("kind", BOARDS)
def test_each_topic_page_is_parsed_once_while_polling(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    b = MAKERS[kind]()
    b.client.login()
    before = _topic_requests(b)
    calls = _count_parses(b, monkeypatch)
    poll = b.client.poll_topic(b.first_cursor)
    fetched = _topic_requests(b) - before
    assert len(poll.pages) == fetched
    if kind != "ips4":  # the IPS 4 cursor stands on the topic's last page
        assert len(poll.pages) > 1
    assert calls[0] == fetched  # navigation never re-reads a page


@pytest.mark.parametrize("kind", BOARDS)
def test_stream_fetches_each_page_when_reached_and_ends_where_poll_does(kind: str) -> None:
    b = MAKERS[kind]()
    b.client.login()
    want = b.client.poll_topic(b.first_cursor)
    assert isinstance(b.client, StreamsTopics)
    before = _topic_requests(b)
    stream = b.client.stream_topic(b.first_cursor)
    assert _topic_requests(b) == before  # nothing fetched until asked
    for n, page in enumerate(stream, start=1):
        assert _topic_requests(b) - before == n  # this page, none ahead of it
        assert page.page == want.pages[n - 1].page
    assert stream.cursor == want.cursor
    assert tuple(stream.new_post_ids) == want.new_post_ids


@pytest.mark.parametrize("kind", ["phpbb", "ipb2"])
def test_deadline_reread_fetches_each_page_when_reached(kind: str) -> None:
    b = MAKERS[kind]()
    b.client.login()
    want = [p.page for p in b.client.read_topic_pages(b.topic)]
    assert len(want) > 1
    before = _topic_requests(b)
    for n, page in enumerate(b.client.iter_topic_pages(b.topic), start=1):
        assert _topic_requests(b) - before == n  # this page, none ahead of it
        assert page.page == want[n - 1]


@pytest.mark.parametrize("kind", ["phpbb", "ipb2"])
def test_stream_keeps_no_page_the_caller_let_go(kind: str) -> None:
    b = MAKERS[kind]()
    b.client.login()
    live: list[weakref.ref[TopicPageFetch]] = []
    held_at_fetch: list[int] = []
    real = b.client._fetch_topic_page

    class Tracked(TopicPageFetch):  # a subclass without slots can be weakly referenced
        pass

    def tracked(url: str) -> TopicPageFetch:
        gc.collect()
        held_at_fetch.append(sum(r() is not None for r in live))
        fetched = real(url)
        page = Tracked(
            fetched.raw,
            fetched.page,
            fetched.total_pages,
            fetched.start,
            fetched.post_ids,
            fetched.next_url,
            fetched.parsed,
            fetched.tz,
        )
        live.append(weakref.ref(page))
        return page

    b.client._fetch_topic_page = tracked  # type: ignore[method-assign]
    pages = 0
    # every object older than the walk is left out of the collections above (in a whole run
    # the session's corpora make each full collection slow): a page is made during the walk,
    # and a cycle that keeps it is made then too, so each collection still frees it
    gc.freeze()
    try:
        for _page in b.client.stream_topic(b.first_cursor):
            pages += 1
    finally:
        gc.unfreeze()
    assert pages > 1
    # when a page is fetched, at most the one before it (the walker's link to it) is alive
    assert max(held_at_fetch) <= 1
