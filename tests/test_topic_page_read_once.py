"""A topic page is read once, from the fetch to the store (issue 19 item 2, issue 20 item 3).

The client reads each page it fetches with the page readers (`parser.pages.parse_topic`
on phpBB, `parse_ipb_topic` on Invision boards), takes its navigation from that reading and
hands the reading over with the page; the daemon's ingest stores the posts of that reading
and reads nothing again, and the marker search looks for the bot's post in it too. Counted
on the fake phpBB 3.3 board and the fake IPB 1.3 board (both serving the real boards' own
pages): a full reading of a topic page (the phpBB and the Invision topic readers), and any
page the scraper parses on its own (a navigation scan of the page's pagination block was one).
The bytes of each page are decoded once too (`scraper.http.page_text`). No timing: calls are
counted.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import scraper.forms
import scraper.http
import scraper.ipb.pages
import scraper.phpbb
from mafiabot.daemon import TickReport, ingest
from mafiabot.demo.play import DemoRun, setup
from parser import encoding
from parser.ipb import topic as ipb_topic
from parser.phpbb import topic as phpbb_topic
from scraper.ipb import IpbClient, IpbSettings
from scraper.phpbb import PhpbbClient, PhpbbSettings
from tests import fakeboard_ipb13, fakeboard_phpbb

TOPIC = 4  # the game topic of both fakes (and of the demo config)


def _phpbb() -> tuple[PhpbbClient | IpbClient, Any, str]:
    board = fakeboard_phpbb.FakePhpbb(fakeboard_phpbb.FakeClock())
    client = PhpbbClient(
        PhpbbSettings(fakeboard_phpbb.BASE, "Ведущий", "HostPass-2026", min_interval=0),
        transport=board.transport(),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    return client, board, "viewtopic.php"


def _ipb13() -> tuple[PhpbbClient | IpbClient, Any, str]:
    board = fakeboard_ipb13.FakeIpb13(fakeboard_ipb13.FakeClock())
    for n in range(20):  # a page and a half more than the recorded four pages
        board.add_post(3, f"Ещё одно сообщение, номер {n}")
    client = IpbClient(
        IpbSettings(fakeboard_ipb13.BASE, "Ведущий", "HostPass-2026", min_interval=0),
        transport=board.transport(),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    return client, board, "showtopic="


BOARDS = {"phpbb": _phpbb, "ipb13": _ipb13}


def _count_readings(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count every full reading of a topic page and every tree the scraper builds itself."""
    counts: Counter[str] = Counter()

    def counted(key: str, real: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            counts[key] += 1
            return real(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(scraper.http, "decode_html", counted("decode", encoding.decode_html))
    monkeypatch.setattr(phpbb_topic, "_parse_topic", counted("read", phpbb_topic._parse_topic))
    monkeypatch.setattr(ipb_topic, "_read_topic", counted("read", ipb_topic._read_topic))
    for module in (scraper.forms, scraper.phpbb, scraper.ipb.pages):
        tree = module.LexborHTMLParser
        monkeypatch.setattr(module, "LexborHTMLParser", counted("scraper tree", tree))
    return counts


def _game(kind: str, tmp_path: Path) -> tuple[DemoRun, Any, str]:
    run, _data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    client, board, path = BOARDS[kind]()
    client.login()
    d = run.daemon
    d.client = client
    # every post of the fakes' topics is this game's (none before its start)
    d.cfg = dataclasses.replace(
        d.cfg,
        board=dataclasses.replace(d.cfg.board, kind="phpbb" if kind == "phpbb" else "ipb"),
        game=dataclasses.replace(d.cfg.game, start=datetime(2000, 1, 1, tzinfo=UTC)),
    )
    return run, board, path


def _topic_requests(board: Any, path: str) -> int:
    return sum(path in str(r.url) for r in board.requests)


@pytest.mark.parametrize("kind", BOARDS)
def test_each_topic_page_is_read_once_from_fetch_to_store(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run, board, path = _game(kind, tmp_path)
    sh = run.daemon.shell
    g = run.store.create_game(
        name="t", ruleset="pefl", topic_id=TOPIC, seed=1, now=sh.cfg.game.start
    )
    before = _topic_requests(board, path)
    counts = _count_readings(monkeypatch)
    report = TickReport()
    ingest.poll_topics(sh, g, datetime(2026, 12, 5, tzinfo=UTC), report)
    fetched = _topic_requests(board, path) - before
    assert fetched >= 3  # a topic of several pages, walked from its first
    stored = {p.board_id for p in run.store.posts(g.id)}
    assert report.new_posts == len(stored) > 2 * fetched  # every post of every page stored
    # each page's bytes made text at most once: an Invision page once, a phpBB page never
    # (its bytes are read, tests/test_page_bytes.py: the fake serves UTF-8)
    assert counts["decode"] == (0 if kind == "phpbb" else fetched)
    assert counts["read"] == fetched  # each page read once: by the client, for both
    assert counts["scraper tree"] == 0  # and never scanned again for its navigation

    # the deadline's re-read and the marker search use the same one reading a page
    counts.clear()
    before = _topic_requests(board, path)
    ingest.ingest_pages(sh, g, TOPIC, sh.client.read_topic_pages(TOPIC), run.clock[0], report)
    assert sh.client.find_post_with_marker(TOPIC, "mafiabot 9/9 no.such") is None
    fetched = _topic_requests(board, path) - before
    assert counts["read"] == fetched and counts["scraper tree"] == 0
    assert counts["decode"] == (0 if kind == "phpbb" else fetched)
