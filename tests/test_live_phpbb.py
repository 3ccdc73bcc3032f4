"""Against a real phpBB board (opt-in; see README «Live board check»): the client's flows, and
whole games hosted by `mafiabot run` with SIGKILLs at random moments.

Runs only with `pytest -m live`. The client flows need MAFIABOT_LIVE_URL, MAFIABOT_LIVE_USER,
MAFIABOT_LIVE_PASSWORD and MAFIABOT_LIVE_TOPIC: they really post one reply (then edit it) in
that topic and one PM from the account to itself. The whole games (PEFL and Gambler, six
players) need, besides the first three, MAFIABOT_LIVE_FORUM (where the module opens each game's
own new topic, and the Gambler court topics), MAFIABOT_LIVE_PLAYERS (six accounts,
comma-separated, allowed to send PMs) and MAFIABOT_LIVE_PLAYER_PASSWORD (theirs, one for all);
they write topics, posts and PMs as every account, paced by the board's flood interval. Use a
test board. MAFIABOT_LIVE_KILLS (default 3) sets how many times each game's bot is killed;
MAFIABOT_LIVE_REPORT names a file the games' figures are appended to (JSON lines). With
MAFIABOT_LIVE_LOOKALIKE_USER and MAFIABOT_LIVE_LOOKALIKE_PASSWORD (an account whose name only
looks like the bot's, e.g. with a Latin letter) it also posts, as that account, the marker of a
message the bot has not sent yet, which the bot must not take for its own.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from poster.outbox import OutboxKey, marker_for, with_marker
from scraper.board import TopicCursor
from scraper.phpbb import PhpbbClient, PhpbbSettings
from tests.live_board import LiveBoard, board_from_env, reporter, whole_game

pytestmark = pytest.mark.live

ENV = ("MAFIABOT_LIVE_URL", "MAFIABOT_LIVE_USER", "MAFIABOT_LIVE_PASSWORD", "MAFIABOT_LIVE_TOPIC")
missing = [name for name in ENV if not os.environ.get(name)]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> PhpbbClient:
    if missing:
        pytest.skip("live board not configured: set " + ", ".join(missing))
    settings = PhpbbSettings(
        base_url=os.environ["MAFIABOT_LIVE_URL"],
        username=os.environ["MAFIABOT_LIVE_USER"],
        password=os.environ["MAFIABOT_LIVE_PASSWORD"],
        cookie_file=Path(tmp_path_factory.mktemp("live")) / "cookies.json",
        min_interval=float(os.environ.get("MAFIABOT_LIVE_MIN_INTERVAL", "2")),
    )
    c = PhpbbClient(settings)
    c.login()
    return c


def topic() -> int:
    return int(os.environ["MAFIABOT_LIVE_TOPIC"])


def stamp() -> str:
    return f"mafiabot live check {int(time.time())}"


def test_live_read_topic(client: PhpbbClient) -> None:
    first = client.read_topic_pages(topic(), 1, 1)[0]
    assert first.page == 1 and first.post_ids
    # the page's one reading is handed over with it; the header named the bot's account
    assert first.parsed is not None and tuple(p.id for p in first.parsed.posts) == first.post_ids
    assert client.own_user_id is not None
    pages = client.read_topic_pages(topic())
    assert [p.page for p in pages] == list(range(1, pages[-1].total_pages + 1))
    assert client._last_page(topic()).start == pages[-1].start
    poll = client.poll_topic(TopicCursor(topic(), first.page, first.start, None))
    assert poll.cursor.last_post_id is not None
    again = client.poll_topic(poll.cursor)
    assert again.cursor.last_post_id >= poll.cursor.last_post_id  # type: ignore[operator]


def test_live_post_find_and_edit(client: PhpbbClient) -> None:
    marker = stamp()
    result = client.post_reply(topic(), f"Проверка связи.\n\n[size=50]{marker}[/size]")
    assert client.find_post_with_marker(topic(), marker) == result.post_id
    edited = client.edit_post(
        result.post_id, f"Проверка связи (изменено).\n\n[size=50]{marker}[/size]"
    )
    assert edited.post_id == result.post_id


def test_live_pm_to_self_and_read_back(client: PhpbbClient) -> None:
    marker = stamp()
    subject = "mafiabot: проверка"
    sent = client.send_pm([client.settings.username], subject, f"Тест.\n\n[size=50]{marker}[/size]")
    assert sent.msg_id is not None
    page = client.read_pm(sent.msg_id)
    assert marker in page.html
    assert client.find_sent_pm_with_marker(subject, marker) is not None


def test_live_a_lookalike_posting_a_future_marker_is_not_the_bot(client: PhpbbClient) -> None:
    names = ("MAFIABOT_LIVE_LOOKALIKE_USER", "MAFIABOT_LIVE_LOOKALIKE_PASSWORD")
    if not all(os.environ.get(n) for n in names):
        pytest.skip("no look-alike account: set " + ", ".join(names))
    twin = PhpbbClient(
        PhpbbSettings(
            base_url=os.environ["MAFIABOT_LIVE_URL"],
            username=os.environ[names[0]],
            password=os.environ[names[1]],
            min_interval=float(os.environ.get("MAFIABOT_LIVE_MIN_INTERVAL", "2")),
        )
    )
    twin.login()
    marker = marker_for(OutboxKey("live", 1, "newspaper", "topic"), token=f"t{int(time.time())}")
    twin.post_reply(topic(), with_marker("Газета", marker))
    assert twin.own_user_id is not None and twin.own_user_id != client.own_user_id
    assert client.find_post_with_marker(topic(), marker) is None
    mine = client.post_reply(topic(), with_marker("Газета", marker)).post_id
    assert client.find_post_with_marker(topic(), marker) == mine


@pytest.fixture(scope="module")
def board() -> LiveBoard:
    found = board_from_env("MAFIABOT_LIVE_", "phpbb")
    if found is None:
        need = ("FORUM", "PLAYERS", "PLAYER_PASSWORD")
        pytest.skip(
            "no players configured: set MAFIABOT_LIVE_URL, _USER, _PASSWORD, _" + ", _".join(need)
        )
    return found


@pytest.mark.parametrize("ruleset", ["pefl", "gambler"])
def test_live_phpbb_whole_game_unattended_exactly_once(
    board: LiveBoard, ruleset: str, tmp_path: Path
) -> None:
    # each game in its own new topic of the forum; the players' writes wait out the flood interval
    kills = int(os.environ.get("MAFIABOT_LIVE_KILLS", "3"))
    whole_game(board, ruleset, tmp_path, kills=kills, report=reporter("MAFIABOT_LIVE_REPORT"))
