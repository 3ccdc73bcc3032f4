"""A handful of rule scenarios hosted over HTTP: the daemon with the real `PhpbbClient`
against the fake phpBB board (`tests/fakeboard_phpbb.py`, real page markup on
`httpx.MockTransport`), instead of the in-memory board of tests/test_scenarios_on_board.py.

The scenario's posts appear in the game topic as real phpBB post blocks, its letters in the
inbox as real PM rows and pages; the bot logs in, polls, reads, answers by PM and posts its
newspapers through the board's forms. The outcome must be the one the scenario expects.
The fake board serves one topic, so the Gambler scenarios hold their court in the game
topic (G-N.4 allows either; the court topic runs on the in-memory board).
"""

# The fake board and the harness are imported by their test-folder names (mypy: Any).
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import fakeboard_phpbb as fb
import pytest
import scenario_board as sb
from test_daemon_e2e_phpbb import GameBoard
from test_scenarios import SCEN, compare

from mafiabot.config import Config
from mafiabot.memory_board import BoardPost, MemoryBoard, _post_block, _split_first_post
from scraper.board import BoardClient
from scraper.phpbb import PhpbbClient, PhpbbSettings

# votes with reasons, a quote agreement (P-V.2), letters in players' own words with
# inflected nicks (C-2, C-3), a replacement account (C-6), a whole game to the end
OVER_HTTP = [
    "pefl_whole_game_town_wins_on_turn_3",
    "pefl_P_V_2_agreement_by_quote",
    "pefl_C_2_C_3_text_moves_with_inflected_nicks",
    "pefl_C_6_replacement_account_plays_on",
    "pefl_P_M_8_don_left_alone_by_the_hanging_executes_himself",
    # greens, then court votes in the same topic after the nominations close (G-N.1, G-N.4)
    "gambler_whole_game_town_wins_on_day_3",
    "gambler_G_N_5_duel_by_seeded_coin",
]


def _http_client(
    tmp_path: Path, synced: list[BoardPost], boards: list[GameBoard]
) -> Callable[[Config, MemoryBoard], tuple[BoardClient, Callable[[datetime], None]]]:
    def build(cfg: Config, pages: MemoryBoard) -> tuple[BoardClient, Callable[[datetime], None]]:
        clock = fb.FakeClock(sb.START.timestamp() - 3600)
        _head, block, _tail = _split_first_post(pages._topic_page)
        opening = BoardPost(100, 4, sb.HOST, 2, sb.START - timedelta(hours=2), "Скоро старт.")
        board = GameBoard(
            clock=clock, posts=[fb.FakePost(100, 2, _post_block(block, opening, sb.MSK), "")]
        )
        board.pages = pages
        board.game_pms = pages.pms  # the letters, shown once the clock passes their time
        boards.append(board)

        def sync(now: datetime) -> None:
            clock.now = max(clock.now, now.timestamp())
            # players' posts take ids above every post on the board, in time order
            pages._next_post = max(pages._next_post, board.last_post_id())
            pages._release()
            for p in pages.posts:
                if p.id and p.topic == sb.GAME_TOPIC and p not in synced and not p.source:
                    uid = fb.USERS[p.author][0]
                    post = BoardPost(p.id, p.topic, p.author, uid, p.at, p.html)
                    board.posts.append(fb.FakePost(p.id, uid, _post_block(block, post, sb.MSK)))
                    synced.append(p)

        settings = PhpbbSettings(
            base_url=fb.BASE,
            username=sb.HOST,
            password="HostPass-2026",
            cookie_file=tmp_path / "cookies.json",
        )
        client = PhpbbClient(settings, transport=board.transport(), clock=clock, sleep=clock.sleep)
        return client, sync

    return build


@pytest.mark.parametrize("name", OVER_HTTP)
def test_scenario_hosted_over_http_on_phpbb_as_expected(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = SCEN / f"{name}.json"
    scenario = json.loads(path.read_text("utf-8"))
    nicks = [p["nick"] for p in scenario["players"]]
    nicks += [o["new_nick"] for t in scenario["turns"] for o in t["overrides"] if o.get("new_nick")]
    for i, nick in enumerate(nicks):  # the players' board accounts
        monkeypatch.setitem(fb.USERS, nick, (200 + i, None))
        monkeypatch.setitem(fb.NAMES, 200 + i, nick)
    synced: list[BoardPost] = []
    boards: list[GameBoard] = []
    build = _http_client(tmp_path, synced, boards)
    played = sb.play_on_board(name, scenario, tmp_path, client=build, court_topic=None)
    try:
        actual = sb.output(played, scenario)
    finally:
        played.store.close()
    expected = json.loads((SCEN / f"{name}.expected.json").read_text("utf-8"))
    diffs = compare(sb.comparable(expected), actual)
    assert not diffs, f"{name} over HTTP differs:\n  " + "\n  ".join(diffs)
    assert synced  # the players' posts were served as phpBB pages
    [board] = boards
    assert board.violations == []  # the bot used the board's forms as phpBB expects
    assert board.sent_pms and any(p.uid == 2 for p in board.posts[1:])  # it wrote back
