"""`[newspaper] vote_chart` end to end over the fake phpBB board (issue 12 item 5, C-4): each
day's newspaper is one post carrying the vote-flow chart; default off changes nothing (the
golden newspapers are checked by test_daemon_e2e_phpbb)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import fakeboard_phpbb as fb
import pytest
from test_daemon import played
from test_daemon_e2e_phpbb import _board_for, _bot_posts, _play, _times, users

from mafiabot.config import load_config
from mafiabot.config.sections import NewspaperConfig
from mafiabot.demo.play import demo_files
from mafiabot.store import open_store

__all__ = ["users"]  # the fixture, shared with the golden run

_TAG = re.compile(r"\[attachment=0\](vote-flow-\d+-\w+\.png)\[/attachment\]")
_INLINE = re.compile(r"\n*" + _TAG.pattern + "$")  # at the end of a newspaper's text


def _game(tmp_path: Path, **board: object) -> tuple[fb.FakePhpbb, list[str], list[str]]:
    cfg_path, data = demo_files("pefl")
    cfg = dataclasses.replace(
        load_config(cfg_path),
        database_url=f"sqlite:///{tmp_path / 'g.db'}",
        newspaper=NewspaperConfig(vote_chart=True),
    )
    clock = fb.FakeClock(cfg.game.start.timestamp() - 3600)
    gb = _board_for(cfg, data, clock)
    for k, v in board.items():
        setattr(gb, k, v)
    store = open_store(cfg.database_url)
    daemon = _play(cfg, data, gb, clock, store, tmp_path, _times(cfg, data), set())
    g = daemon.game()
    assert g.winner == "town"
    flags = [f.text for t in range(g.turn + 2) for f in store.host_flags(g.id, t)]
    return gb, _bot_posts(gb), flags


@pytest.mark.usefixtures("users")
def test_each_day_newspaper_carries_its_chart_in_the_same_post(tmp_path: Path) -> None:
    board, posts, flags = _game(tmp_path)
    offline = played("pefl").topic_posts
    # the same newspapers, a chart tag at the end of those of a day with votes
    assert [_INLINE.sub("", p) for p in posts] == offline
    charted = [p for p in board.posts if p.uid == 2 and _TAG.search(p.source)]
    assert charted, "no day newspaper carried the chart"
    for p in charted:
        m = _TAG.search(p.source)
        assert m is not None
        [(name, png)] = board.attachments_of(p.id)  # exactly one file, on this post
        assert name == m.group(1) and png.startswith(b"\x89PNG")
    assert board.orphans() == [] and board.uploads == len(charted)  # no upload twice
    assert board.violations == [] and not [f for f in flags if "график" in f]


@pytest.mark.usefixtures("users")
def test_a_board_refusing_the_file_still_gets_every_newspaper_and_the_host_is_told(
    tmp_path: Path,
) -> None:
    board, posts, flags = _game(tmp_path, max_filesize=100)
    assert posts == played("pefl").topic_posts  # nothing lost, nothing doubled
    assert board.files == {} and board.violations == []
    told = [f for f in flags if "без графика" in f]
    assert told and all("слишком большой" in f for f in told)


@pytest.mark.usefixtures("users")
def test_a_board_that_loses_the_upload_form_gets_every_newspaper_at_once(tmp_path: Path) -> None:
    """The board's web server drops a request bigger than its limit, so phpBB answers every
    upload with «the form was invalid» — never with the file, never with a clear refusal.
    Each newspaper still goes out on its own deadline's tick, without the chart, and the
    host hears why (C-4: a newspaper is never held back for its attachment)."""
    board, posts, flags = _game(tmp_path, post_max_size=100)
    assert posts == played("pefl").topic_posts  # every paper, each once, none late
    assert board.files == {} and board.violations == []
    told = [f for f in flags if "без графика" in f]
    assert told, flags
