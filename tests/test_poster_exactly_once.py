"""Exactly once with no window (issue 11 item 2): markers searched from where the board stood
when the message was queued, markers unique per game, PM recipients verified on every
resubmission. Run on the fake phpBB (recorded pages; derived ones named as such)."""

from __future__ import annotations

from urllib.parse import parse_qsl

import pytest

from poster.outbox import (
    InMemoryOutbox,
    OutboxKey,
    OutboxRow,
    SearchFrom,
    marker_for,
    new_game_token,
    with_marker,
)
from poster.poster import Poster, plan_parts
from scraper.board import TopicCursor
from tests.fakeboard_ipb import FakeIpb2
from tests.fakeboard_phpbb import FakeClock, FakePhpbb
from tests.test_ipb_client import make2
from tests.test_poster_phpbb import CrashingOutbox, make

KEY = OutboxKey("12", 3, "newspaper", "topic")


def newspaper(token: str = "", since: SearchFrom | None = None) -> OutboxRow:
    return OutboxRow(
        KEY,
        "topic",
        "Газета: этой ночью убит Шерлок.",
        topic_id=4,
        marker_token=token,
        search_from=since,
    )


def own_posts(board: FakePhpbb) -> list[int]:
    return [p.id for p in board.posts if p.uid == 76]


def test_marker_search_from_the_queued_position_finds_the_post_after_60_others() -> None:
    board = FakePhpbb(FakeClock())
    client, _, _ = make(board)
    # queued while the topic's last page was 8 (start=70) and its newest post 119
    row = newspaper("a1b2c3", SearchFrom(page=8, start=70, post_id=119))
    outbox = CrashingOutbox()
    outbox.add(row)
    outbox.crash_next = True
    with pytest.raises(KeyboardInterrupt):
        Poster(client, outbox).flush()
    (ours,) = own_posts(board)
    for n in range(60):  # the game goes on while the bot is down: 6 more pages
        board.add_post_by(77, f"Сообщение {n}")
    restarted, _, _ = make(board)
    report = Poster(restarted, outbox).flush()
    assert report.recovered == [KEY] and report.sent == []
    assert own_posts(board) == [ours]  # one copy
    saved = outbox.get(KEY)
    assert saved is not None and saved.board_ids == (ours,)
    assert board.violations == []


def test_ipb_marker_search_from_the_queued_page_finds_the_post_after_60_others() -> None:
    board = FakeIpb2(FakeClock())
    client, _, _ = make2(board)
    key = OutboxKey("7", 2, "newspaper", "topic")
    # topic 2969 is listed 5 posts a page: the bot saw page 3 (st=10) when it queued
    row = OutboxRow(
        key, "topic", "Газета", topic_id=2969, marker_token="beef", search_from=SearchFrom(3, 10)
    )
    outbox = CrashingOutbox()
    outbox.add(row)
    outbox.crash_next = True
    with pytest.raises(KeyboardInterrupt):
        Poster(client, outbox).flush()
    for n in range(60):  # 12 more pages
        board.add_post_by(3, f"Сообщение {n}")
    restarted, _, _ = make2(board)
    report = Poster(restarted, outbox).flush()
    assert report.recovered == [key]
    assert len(board.own_posts) == 1  # one copy
    saved = outbox.get(key)
    assert saved is not None and saved.board_ids == tuple(board.own_posts)
    assert board.violations == []


def test_without_a_position_only_the_last_pages_are_searched() -> None:
    # rows saved before positions existed keep the old bounded search (3 pages here)
    board = FakePhpbb(FakeClock())
    client, _, _ = make(board)
    marker = plan_parts(newspaper(), client.max_message_length)[0].marker
    ours = client.post_reply(4, with_marker("Газета", marker)).post_id
    for n in range(40):
        board.add_post_by(77, f"Сообщение {n}")
    assert client.find_post_with_marker(4, marker) is None
    assert client.find_post_with_marker(4, marker, TopicCursor(4, 8, 70, 119)) == ours


def test_a_foreign_games_marker_is_not_ours() -> None:
    board = FakePhpbb(FakeClock())
    client, _, _ = make(board)
    first, second = new_game_token(), new_game_token()
    assert first != second
    # game A (same game name and key, another database) posted its newspaper
    other = InMemoryOutbox()
    other.add(newspaper(first))
    Poster(client, other).flush()
    # game B crashed after beginning the same part: the search must not take A's post
    outbox = InMemoryOutbox()
    outbox.add(newspaper(second, SearchFrom(page=8, start=70, post_id=119)))
    outbox.begin_part(KEY, 0)
    report = Poster(client, outbox).flush()
    assert report.sent == [KEY] and report.recovered == []
    assert len(own_posts(board)) == 2  # one post per game
    assert board.violations == []


def test_markers_differ_per_game_token_and_keep_the_old_form_without_one() -> None:
    assert marker_for(KEY, 0) == marker_for(KEY, 0, "")
    assert marker_for(KEY, 0, "aaaa") != marker_for(KEY, 0, "bbbb")
    assert marker_for(KEY, 0, "aaaa") != marker_for(KEY, 1, "aaaa")
    assert "aaaa" in marker_for(KEY, 0, "aaaa")  # readable on the board
    with pytest.raises(ValueError, match="game token"):
        marker_for(KEY, 0, "two words")


def test_sent_pm_found_from_the_queued_message_id() -> None:
    board = FakePhpbb(FakeClock())
    client, _, _ = make(board)
    key = OutboxKey("12", 0, "role", "Шерлок")
    row = OutboxRow(
        key,
        "pm",
        "Вы — комиссар.",
        "Мафия – 12: ваша роль",
        recipients=("Шерлок",),
        marker_token="c0ffee",
        search_from=SearchFrom(pm_id=31),  # the newest message id the bot had seen
    )
    outbox = CrashingOutbox()
    outbox.add(row)
    outbox.crash_next = True
    with pytest.raises(KeyboardInterrupt):
        Poster(client, outbox).flush()
    restarted, _, _ = make(board)
    report = Poster(restarted, outbox).flush()
    assert report.recovered == [key]
    (pm,) = board.sent_pms
    saved = outbox.get(key)
    assert saved is not None and saved.board_ids == (pm.id,)
    # a position past our message: nothing older is opened, so nothing is found
    assert restarted.find_sent_pm_with_marker(row.subject, "c0ffee", since=pm.id) is None


def pm_submits(board: FakePhpbb) -> list[dict[str, str]]:
    return [
        dict(parse_qsl(r.content.decode(), keep_blank_values=True))
        for r in board.requests
        if r.method == "POST" and "compose" in str(r.url) and b"post=" in r.content
    ]


def test_flood_refusal_form_carrying_another_recipient_is_not_sent_to_him() -> None:
    client, board, clock = make()
    client.login()
    board.last_write[76] = clock()  # the account wrote a moment ago: the PM is refused
    board.flood_form_to = (2,)  # ... and the returned form names «Ведущий» (uid 2)
    result = client.send_pm(["Шерлок"], "Мафия – 12: ваша роль", "Вы — комиссар.")
    (pm,) = board.sent_pms
    assert pm.to == (61,) and result.recipients == ("Шерлок",)
    sent_to = [{k for k in s if k.startswith("address_list")} for s in pm_submits(board)]
    assert sent_to == [{"address_list[u][61]"}, {"address_list[u][61]"}]
    assert board.violations == []


def test_flood_refusal_form_with_our_recipients_is_resubmitted_as_returned() -> None:
    client, board, clock = make()
    client.login()
    board.last_write[76] = clock()
    client.send_pm(["Шерлок", "Кот"], "Ночь 1", "Ваш ход.")
    (pm,) = board.sent_pms
    assert sorted(pm.to) == [61, 66]
    compose_gets = sum(1 for r in board.requests if r.method == "GET" and "compose" in str(r.url))
    assert compose_gets == 1  # the returned form was good: no rebuild
    assert board.violations == []
