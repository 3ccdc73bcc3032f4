"""Opening a topic on the fake IPB 2 board (the Gambler court topic, G-N.3/G-N.4): the board's
own new-topic form, flood pacing, the topic id from the redirect, and exactly-once through the
outbox."""

from __future__ import annotations

import pytest

from poster.outbox import InMemoryOutbox, OutboxKey, OutboxRow, marker_for
from poster.poster import Poster
from tests.test_ipb_client import CrashingOutbox, make2

SUBJECT = "Суд Слона — день 2"


def court_row() -> OutboxRow:
    return OutboxRow(
        OutboxKey("7", 2, "court_topic", "topic"),
        "newtopic",
        "Номинанты: Кот, Шерлок",
        subject=SUBJECT,
        topic_id=6,  # the forum
    )


def test_G_N_3_ipb2_new_topic_uses_the_boards_form_and_reads_the_topic_id() -> None:
    client, board, _ = make2()
    tid = client.new_topic(6, SUBJECT, "Номинанты: Кот")
    assert board.new_topics == {tid: (6, SUBJECT)}
    assert board.violations == []  # auth_key and every form field sent back
    (page,) = client.read_topic_pages(tid)
    assert len(page.post_ids) == 1 and board.own_posts[page.post_ids[0]][0] == tid


def test_ipb2_new_topic_after_a_reply_waits_out_the_flood_interval() -> None:
    client, board, clock = make2()
    client.post_reply(2969, "Итоги дня")
    before = clock()
    client.new_topic(6, SUBJECT, "Суд открыт")
    assert clock() - before >= board.flood_interval
    assert len(board.new_topics) == 1 and board.violations == []


def test_ipb2_crash_after_the_board_opened_the_topic_opens_no_second_one() -> None:
    client, board, _ = make2()
    outbox = CrashingOutbox()
    outbox.add(court_row())
    outbox.crash_next = True
    with pytest.raises(KeyboardInterrupt):
        Poster(client, outbox).flush()
    assert len(board.new_topics) == 1
    client2, _, _ = make2(board)
    report = Poster(client2, outbox).flush()
    assert report.recovered == [court_row().key]
    assert len(board.new_topics) == 1
    row = outbox.get(court_row().key)
    assert row is not None and row.board_ids == tuple(board.new_topics)
    marker = marker_for(court_row().key, 0)
    assert client2.find_topic_with_marker(6, "Другая тема", marker) is None


def test_ipb2_court_topic_through_the_outbox() -> None:
    client, board, _ = make2()
    outbox = InMemoryOutbox()
    outbox.add(court_row())
    assert Poster(client, outbox).flush().sent == [court_row().key]
    row = outbox.get(court_row().key)
    assert row is not None and row.board_ids == tuple(board.new_topics)
