"""The recorded PEFL demo game (`mafiabot.demo.play.setup`) on the in-memory board, in a fresh
SQLite store, for the tests that count what a tick or a long read costs the daemon: the game
itself, one tick at a moment, the game dealt, and a real topic page as the client fetches it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from mafiabot.daemon.ingest import TickReport
from mafiabot.demo.play import DemoRun, setup
from scraper.board import RawPage, TopicPageFetch
from tests.conftest import FIXTURES

#: the real prosilver pages of one topic (8 pages, ten posts a page, two on the last), in order
TOPIC_PAGES = [FIXTURES / "phpbb" / f"topic_p{n}.html" for n in range(1, 9)]
#: one of them (page 6 of 8, ten posts) for reads of a long topic
TOPIC_P6 = TOPIC_PAGES[5]


def demo_game(tmp: Path) -> DemoRun:
    """The demo game, its store a new SQLite file in `tmp`, not yet started."""
    run, _data = setup("pefl", f"sqlite:///{tmp / 'g.sqlite'}")
    return run


def tick(run: DemoRun, at: datetime) -> TickReport:
    """One tick of the daemon at `at`, the game's clock set to it."""
    run.clock[0] = at
    return run.daemon.tick(at)


def dealt_game(tmp: Path) -> tuple[DemoRun, datetime]:
    """The demo game ticked once a minute after its start (the deal), and that moment."""
    run = demo_game(tmp)
    start = run.cfg.game.start + timedelta(minutes=1)
    tick(run, start)
    return run, start


def topic_fetch(html: str, at: datetime, page: int = 6) -> TopicPageFetch:
    """`html` as the client hands a fetched page of topic 4 over: page `page` of 8 (by
    default 6, from post 50)."""
    start = (page - 1) * 10
    url = f"http://board/viewtopic.php?t=4&start={start}"
    return TopicPageFetch(RawPage(url, html, at), page, 8, start, ())
