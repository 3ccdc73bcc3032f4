"""Invision pages keep freed memory from a process's second one on (issue 20 item 4): the
allocator is asked once, by `parse posts` and by the daemon's reads of an Invision board, and
never for a process that reads one such page or only phpBB pages. Nothing here is timed
(`bench/README.md` has the page faults and times)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mafiabot import heap
from mafiabot.cli import main
from tests.demo_game_kit import TOPIC_P6, dealt_game, topic_fetch

ROOT = Path(__file__).resolve().parent.parent
IPS41 = ROOT / "fixtures/ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
PHPBB = ROOT / "fixtures/phpbb/topic_p1.html"


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The calls to `heap.keep_freed_memory`, in a process that has read no Invision page."""
    calls: list[int] = []
    monkeypatch.setattr(heap, "_invision_pages", 0)
    monkeypatch.setattr(heap, "keep_freed_memory", lambda: calls.append(1))
    return calls


def test_from_the_second_invision_page_on(asked: list[int]) -> None:
    heap.invision_page()
    assert asked == []  # one page: its memory is faulted in once whatever the allocator does
    heap.invision_page()
    assert asked == [1]
    heap.invision_page()
    assert asked == [1, 1]  # (keep_freed_memory itself asks glibc once a process)


def _pages(tmp_path: Path, src: Path, n: int) -> list[str]:
    out = []
    for i in range(n):
        page = tmp_path / f"{i:02d}_{src.name}"
        page.write_bytes(src.read_bytes())
        out.append(str(page))
    return out


def test_parse_posts_asks_for_invision_pages_only(
    tmp_path: Path, asked: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["parse", "posts", *_pages(tmp_path, PHPBB, 3)]) == 0
    assert asked == []  # phpBB pages below heap.MANY_PAGES: never
    assert main(["parse", "posts", *_pages(tmp_path, IPS41, 1)]) == 0
    assert asked == []
    assert main(["parse", "posts", *_pages(tmp_path, IPS41, 2)]) == 0
    assert asked == [1, 1]  # the second and third IPS 4.1 pages of this process
    assert capsys.readouterr().out.count('"author"') > 3 * 10


def test_the_daemon_asks_for_an_invision_boards_pages_only(
    tmp_path: Path, asked: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from mafiabot.daemon import ingest

    run, start = dealt_game(tmp_path)  # a phpBB game
    sh, g = run.daemon.shell, run.daemon.game()
    page = topic_fetch(TOPIC_P6.read_text(), start)
    ingest.ingest_pages(sh, g, 4, [page] * 3, start, ingest.TickReport())
    assert asked == []
    # the same read as an Invision board's (the board kind the reader is given says which)
    monkeypatch.setattr(ingest, "board_kind", lambda sh: "auto")
    ingest.ingest_pages(sh, g, 4, [page], start, ingest.TickReport())
    assert asked == []  # the process's first Invision page
    ingest.ingest_pages(sh, g, 4, [page] * 2, start, ingest.TickReport())
    assert asked == [1, 1]
