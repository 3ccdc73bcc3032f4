"""Opening a topic on the fake phpBB (the Gambler court topic, G-N.3/G-N.4): the form, flood
pacing, the topic id behind a `viewtopic.php?p=N` redirect, and exactly-once through the
outbox (a crash between the board accepting and the outbox recording opens no second topic)."""

from __future__ import annotations

from urllib.parse import parse_qsl

import pytest

from poster.outbox import InMemoryOutbox, OutboxKey, OutboxRow, marker_for
from poster.poster import Poster
from scraper.errors import NotFound
from tests.fakeboard_phpbb import NEW_TOPIC_FIELDS, FakeClock, FakePhpbb
from tests.test_poster_phpbb import CrashingOutbox, make

SUBJECT = "Суд Слона — день 2"


def new_topic_posts(board: FakePhpbb) -> list[list[tuple[str, str]]]:
    return [
        parse_qsl(r.content.decode(), keep_blank_values=True)
        for r in board.requests
        if r.method == "POST" and "mode=post" in str(r.url)
    ]


def test_G_N_3_new_topic_submits_every_form_field_and_resolves_the_topic_id() -> None:
    client, board, _ = make()
    tid = client.new_topic(2, SUBJECT, "Номинанты: [b]Кот[/b], Шерлок")
    (sent,) = new_topic_posts(board)
    assert [k for k, _ in sent] == NEW_TOPIC_FIELDS  # every field the form carries, in order
    data = dict(sent)
    assert data["subject"] == SUBJECT and data["message"].startswith("Номинанты:")
    assert "topic_cur_post_id" not in data and data["post"] == "Отправить"
    assert board.violations == []
    forum, subject, posts = board.new_topics[tid]
    assert tid == 5 and forum == 2 and subject == SUBJECT and len(posts) == 1
    # phpBB 3.3.11 (live) redirects to ?t=N: the topic id without another request
    assert board.count("viewtopic.php", "GET") == 0
    # the bot can read the topic it opened (the court votes are polled there)
    (page,) = client.read_topic_pages(tid)
    assert page.post_ids == (posts[0].id,)


def test_new_topic_waits_out_the_flood_interval_after_a_post() -> None:
    # the host says the account is subject to flood control: spaced from the first write
    client, board, clock = make(flood_exempt=False)
    client.post_reply(4, "Итоги дня")
    before = clock()
    client.new_topic(2, SUBJECT, "Суд открыт")
    assert clock() - before >= board.flood_interval  # the client spaced the two writes
    assert len(new_topic_posts(board)) == 1  # no refused submit: the wait came first
    assert board.violations == []


def test_new_topic_flood_refusal_from_another_browser_is_retried() -> None:
    client, board, clock = make()
    client.login()
    board.last_write[76] = clock()
    client.new_topic(2, SUBJECT, "Суд открыт")
    assert len(new_topic_posts(board)) == 2 and len(board.new_topics) == 1
    assert board.violations == []


def test_new_topic_in_a_missing_forum_is_a_host_readable_not_found() -> None:
    client, board, _ = make()
    with pytest.raises(NotFound, match="forum 9"):
        client.new_topic(9, SUBJECT, "x")
    assert board.new_topics == {}


def court_row() -> OutboxRow:
    return OutboxRow(
        OutboxKey("12", 2, "court_topic", "topic"),
        "newtopic",
        "Суд Слона. Номинанты: Кот, Шерлок",
        subject=SUBJECT,
        topic_id=2,  # the forum
    )


def test_G_N_3_court_topic_through_the_outbox_records_the_topic_id() -> None:
    client, board, _ = make()
    outbox = InMemoryOutbox()
    outbox.add(court_row())
    report = Poster(client, outbox).flush()
    assert report.sent == [court_row().key]
    row = outbox.get(court_row().key)
    assert row is not None and row.board_ids == (5,) and row.status == "sent"
    marker = marker_for(court_row().key, 0)
    assert marker in board.new_topics[5][2][0].source


def test_crash_after_the_board_opened_the_topic_opens_no_second_one() -> None:
    client, board, _ = make()
    outbox = CrashingOutbox()
    outbox.add(court_row())
    outbox.crash_next = True
    with pytest.raises(KeyboardInterrupt):
        Poster(client, outbox).flush()
    assert list(board.new_topics) == [5]
    row = outbox.get(court_row().key)
    assert row is not None and row.in_flight_part == 0 and row.board_ids == ()
    # restart: a fresh client finds the topic by title + marker in the forum listing
    client2, _, _ = make(board)
    report = Poster(client2, outbox).flush()
    assert report.recovered == [court_row().key]
    assert list(board.new_topics) == [5]  # no second topic
    row = outbox.get(court_row().key)
    assert row is not None and row.board_ids == (5,)


def test_in_flight_topic_that_never_reached_the_board_is_opened() -> None:
    board = FakePhpbb(FakeClock())
    outbox = InMemoryOutbox()
    outbox.add(court_row())
    outbox.begin_part(court_row().key, 0)  # crashed before the submit
    client, _, _ = make(board)
    report = Poster(client, outbox).flush()
    assert report.sent == [court_row().key] and list(board.new_topics) == [5]
    # the forum listing (real page, derived row) shows the topic under its title
    assert client.find_topic_with_marker(2, SUBJECT, marker_for(court_row().key, 0)) == 5
    assert client.find_topic_with_marker(2, "Другое", marker_for(court_row().key, 0)) is None
