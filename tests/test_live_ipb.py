"""Against a real IPB board (opt-in; see README «Live board check»): the client's flows, and
whole games hosted by `mafiabot run` with SIGKILLs at random moments.

Runs only with `pytest -m live_ipb` and MAFIABOT_LIVE_IPB_URL, MAFIABOT_LIVE_IPB_USER (the
host), MAFIABOT_LIVE_IPB_PASSWORD, MAFIABOT_LIVE_IPB_FORUM (where the module opens its own
topics), MAFIABOT_LIVE_IPB_PLAYERS (six accounts, comma-separated) and
MAFIABOT_LIVE_IPB_PLAYER_PASSWORD set. It really writes: topics, posts, private messages. Use a
test board. MAFIABOT_LIVE_IPB_KILLS (default 3) sets how many times each game's bot is killed;
MAFIABOT_LIVE_IPB_REPORT names a file the games' figures are appended to (JSON lines). With
MAFIABOT_LIVE_IPB_LOOKALIKE_USER (an account whose name only looks like the host's, e.g. with a
Latin «e») and MAFIABOT_LIVE_IPB_LOOKALIKE_PASSWORD, that account posts the marker of a message
the bot has not sent yet, which the bot must not take for its own.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from parser.pages import parse_pm
from poster.outbox import InMemoryOutbox, OutboxKey, OutboxRow, marker_for, with_marker
from poster.poster import Poster
from scraper.board import BoardClient, TopicCursor
from tests.live_board import LiveBoard, board_from_env, reporter, whole_game

pytestmark = pytest.mark.live_ipb

BOARD = board_from_env("MAFIABOT_LIVE_IPB_", "ipb")


@pytest.fixture(scope="module")
def board() -> LiveBoard:
    if BOARD is None:
        pytest.skip("live IPB board not configured: set MAFIABOT_LIVE_IPB_*")
    return BOARD


def _client(board: LiveBoard, tmp: Path, user: str | None = None) -> BoardClient:
    who = user or board.host
    password = board.host_password if who == board.host else board.player_password
    c = board.client(
        who, password, tmp / f"cookies-{abs(hash(who))}.json", player=who != board.host
    )
    c.login()
    return c


def test_live_ipb_every_page_of_a_long_topic_is_read(board: LiveBoard, tmp_path: Path) -> None:
    host = _client(board, tmp_path)
    topic = host.new_topic(board.forum, f"live pages {int(time.time())}", "Страницы.")
    for i in range(34):  # the host is flood-exempt: three pages of 15
        host.post_reply(topic, f"сообщение {i}")
    poll = host.poll_topic(TopicCursor(topic))
    assert [p.page for p in poll.pages] == [1, 2, 3]
    assert sum(len(p.post_ids) for p in poll.pages) == 35
    # each page's one reading is handed over with it: its posts are the page's
    for page in poll.pages:
        assert page.parsed is not None and tuple(p.id for p in page.parsed.posts) == page.post_ids
    assert [p.start for p in poll.pages] == [0, 15, 30]
    last = host._last_page(topic)  # type: ignore[attr-defined]
    assert (last.page, last.start) == (3, 30)  # by the first page's own link to it
    assert host.own_user_id is not None  # type: ignore[attr-defined]


def test_live_ipb_pm_is_found_by_its_marker_and_read_with_its_subject(
    board: LiveBoard, tmp_path: Path
) -> None:
    host = _client(board, tmp_path)
    player = board.players[0]
    outbox = InMemoryOutbox()
    key = OutboxKey(f"live{int(time.time())}", 1, "role", player)
    outbox.add(OutboxRow(key, "pm", "Проверка связи.", "Мафия: проверка", recipients=(player,)))
    Poster(host, outbox).flush()
    row = outbox.get(key)
    assert row is not None and row.status == "sent" and row.board_ids and row.board_ids[0] > 0
    them = _client(board, tmp_path, player)
    got = [r for r in them.list_pm_folder("inbox") if r.subject == "Мафия: проверка"]
    pm = parse_pm(them.read_pm(got[0].id).html, board="auto", tz="Europe/Moscow")
    assert pm is not None and pm.subject == "Мафия: проверка"
    sent = host.list_pm_folder("sentbox")
    assert any(r.id == row.board_ids[0] for r in sent)  # the Sent copy the bot asked for


def test_live_ipb_marker_is_no_bigger_than_the_post(board: LiveBoard, tmp_path: Path) -> None:
    host = _client(board, tmp_path)
    topic = host.new_topic(board.forum, f"live marker {int(time.time())}", "Маркер.")
    outbox = InMemoryOutbox()
    outbox.add(
        OutboxRow(OutboxKey("live", 1, "newspaper", "topic"), "topic", "Газета.", topic_id=topic)
    )
    Poster(host, outbox).flush()
    html = host.read_topic_pages(topic)[-1].raw.html
    size = re.search(r"font-size:(\d+)pt[^>]*>mafiabot ", html)
    body = re.search(r"\.postcolor\s*\{\s*font-size:\s*(\d+)px", html)
    assert size is not None and body is not None
    assert int(size.group(1)) * 4 / 3 <= int(body.group(1))


def test_live_ipb_a_lookalike_posting_a_future_marker_is_not_the_bot(
    board: LiveBoard, tmp_path: Path
) -> None:
    names = ("MAFIABOT_LIVE_IPB_LOOKALIKE_USER", "MAFIABOT_LIVE_IPB_LOOKALIKE_PASSWORD")
    if not all(os.environ.get(n) for n in names):
        pytest.skip("no look-alike account: set " + ", ".join(names))
    host = _client(board, tmp_path)
    topic = host.new_topic(board.forum, f"live look-alike {int(time.time())}", "Подделка.")
    twin = board.client(
        os.environ[names[0]], os.environ[names[1]], tmp_path / "cookies-twin.json", player=True
    )
    twin.login()
    marker = marker_for(OutboxKey("live", 1, "newspaper", "topic"), token=f"t{int(time.time())}")
    twin.post_reply(topic, with_marker("Газета", marker))
    assert host.find_post_with_marker(topic, marker) is None
    mine = host.post_reply(topic, with_marker("Газета", marker, host.marker_markup)).post_id  # type: ignore[attr-defined]
    assert host.find_post_with_marker(topic, marker) == mine


def test_live_ipb_a_box_one_letter_short_of_its_quota(board: LiveBoard, tmp_path: Path) -> None:
    # the host's box filled to one short of its quota: the fill is read, stored letters go
    # away, and a player's letter still arrives
    host = _client(board, tmp_path)
    host.list_pm_folder("inbox")
    fill = host.mailbox_fill  # type: ignore[attr-defined]
    assert fill is not None
    used, quota = fill
    writer = _client(board, tmp_path, board.players[1])
    for i in range(quota - 1 - used):
        writer.send_pm([board.host], f"наполнение {i}", "текст")
    host.list_pm_folder("inbox")
    assert host.mailbox_fill == (quota - 1, quota)  # type: ignore[attr-defined]
    writer.send_pm([board.host], "ход", "Лечу себя")
    after = host.list_pm_folder("inbox")
    assert after and host.mailbox_fill == (quota, quota)  # type: ignore[attr-defined]
    # the move goes too: a game started in the same minute would take it for one of its own
    # (a letter stamped in the start's minute is the game's, C-1) and answer it
    host.delete_pms([r.id for r in after], "inbox")  # type: ignore[attr-defined]
    host.list_pm_folder("inbox")
    assert host.mailbox_fill[0] <= quota - len(after)  # type: ignore[attr-defined]


@pytest.mark.parametrize("ruleset", ["pefl", "gambler"])
def test_live_ipb_whole_game_unattended_exactly_once(
    board: LiveBoard, ruleset: str, tmp_path: Path
) -> None:
    kills = int(os.environ.get("MAFIABOT_LIVE_IPB_KILLS", "3"))
    whole_game(board, ruleset, tmp_path, kills=kills, report=reporter("MAFIABOT_LIVE_IPB_REPORT"))
