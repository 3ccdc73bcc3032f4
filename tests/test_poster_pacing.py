"""Write spacing as the board enforces it, and stopping mid-send (issue 11 item 4).

Waits are measured on the fake clock the client sleeps on (`FakeClock.slept`, the pacer's
`waited`), never on the wall clock."""

from __future__ import annotations

import threading

import pytest

from poster.outbox import InMemoryOutbox, OutboxKey, OutboxRow
from poster.poster import Poster
from scraper.errors import Interrupted
from scraper.pacing import WAIT_SLICE
from tests.test_poster_phpbb import make
from tests.test_poster_shared import ALL, writer


@pytest.mark.parametrize("kind", ALL)
def test_flood_exempt_account_sends_20_pms_with_no_deliberate_wait(kind: str) -> None:
    w = writer(kind)
    w.fake.flood_exempt = True  # the account's group ignores flood control
    for n in range(20):
        w.board.client.send_pm([w.recipient], f"Роль {n}", "Ваша роль: мирный житель.")
    assert w.pms_sent() == 20 and w.fake.flood_refusals == 0
    assert w.board.client.pacer.waited == []
    # what is left is the transport's polite delay (1 s) and phpBB's form-age second
    assert max(w.board.clock.slept) <= 1.5
    assert w.fake.violations == []


@pytest.mark.parametrize("kind", ALL)
def test_flood_controlled_board_refuses_once_at_most_and_no_slower_than_needed(
    kind: str,
) -> None:
    w = writer(kind)
    start = w.board.clock()
    for n in range(20):
        w.board.client.send_pm([w.recipient], f"Роль {n}", "Ваша роль: мирный житель.")
    assert w.pms_sent() == 20
    assert w.fake.flood_refusals <= 1 and w.board.client.pacer.refusals <= 1
    # 19 gaps of the board's interval, plus a second or two per message for the requests
    assert w.board.clock() - start <= 19 * w.fake.flood_interval + 20 * 5
    assert w.fake.violations == []


def test_the_host_can_say_the_account_is_exempt() -> None:
    client, board, _ = make(flood_exempt=True)
    board.flood_exempt = True
    client.post_reply(4, "раз")
    client.send_pm(["Шерлок"], "Ночь 1", "ход")
    client.post_reply(4, "два")
    assert client.pacer.waited == [] and board.flood_refusals == 0


def test_edits_are_not_spaced_even_where_the_board_enforces_flood_control() -> None:
    # phpBB does not flood-check edits (recorded: an edit 11 s after a post went through)
    client, board, clock = make(flood_exempt=False)
    post = client.post_reply(4, "Голосование: Кот — 2")
    posted = clock()
    client.edit_post(post.post_id, "Голосование: Кот — 3")
    assert client.pacer.waited == []
    assert clock() - posted < 10  # the live count did not wait for the flood timer
    client.post_reply(4, "Итоги")  # the next reply is spaced from the post, not the edit
    assert client.pacer.waited and board.flood_refusals == 0
    assert board.violations == []


def queued_roles(names: list[str]) -> tuple[InMemoryOutbox, list[OutboxRow]]:
    """An outbox holding one role PM per name, and those rows."""
    outbox = InMemoryOutbox()
    rows = [
        OutboxRow(
            OutboxKey("12", 0, "role", name),
            "pm",
            "Ваша роль: мирный житель.",
            "Мафия – 12: ваша роль",
            recipients=(name,),
        )
        for name in names
    ]
    for row in rows:
        outbox.add(row)
    return outbox, rows


NAMES = ["Шерлок", "Кот", "Марго", "Dr.Watson"]


def test_stop_during_a_flood_wait_ends_the_flush_within_a_wait_slice() -> None:
    client, board, clock = make()
    outbox, rows = queued_roles(NAMES)
    seen: dict[str, float] = {}

    def stop() -> bool:  # SIGTERM arrives 3 s into the wait after the board's refusal
        if board.flood_refusals and "refused" not in seen:
            seen["refused"] = clock()
        return "refused" in seen and clock() >= seen["refused"] + 3

    report = Poster(client, outbox).flush(stop=stop)
    assert report.interrupted
    assert clock() - (seen["refused"] + 3) <= WAIT_SLICE  # not the 15 s the wait had left
    assert len(board.sent_pms) == 1  # the second PM was refused and never resubmitted
    assert [r.key for r in outbox.pending()] == [r.key for r in rows[1:]]
    assert [k for k, _ in report.deferred] == [r.key for r in rows[1:]]
    # after the restart everything goes out, once each
    report = Poster(client, outbox).flush()
    assert sorted(m.to for m in board.sent_pms) == [(61,), (62,), (66,), (68,)]
    assert outbox.pending() == []


def test_stop_after_a_write_lets_it_finish_and_keeps_the_rest_queued() -> None:
    client, board, _ = make()
    outbox, rows = queued_roles(NAMES)
    stop = threading.Event()
    original = client.send_pm

    def send_then_sigterm(*args: object, **kw: object) -> object:
        result = original(*args, **kw)  # type: ignore[arg-type]
        stop.set()  # the signal arrives while the board answers
        return result

    client.send_pm = send_then_sigterm  # type: ignore[method-assign,assignment]
    report = Poster(client, outbox).flush(stop=stop)
    assert report.interrupted and report.sent == [rows[0].key]
    first = outbox.get(rows[0].key)
    assert first is not None and first.status == "sent" and len(first.board_ids) == 1
    assert all(r.in_flight_part is None for r in outbox.pending())
    assert len(outbox.pending()) == 3 and len(board.sent_pms) == 1


def test_a_stop_requested_before_the_flush_sends_nothing() -> None:
    client, board, _ = make()
    outbox, _ = queued_roles(NAMES[:2])
    stop = threading.Event()
    stop.set()
    report = Poster(client, outbox).flush(stop=stop)
    assert report.interrupted and report.sent == [] and len(report.deferred) == 2
    assert board.sent_pms == [] and len(outbox.pending()) == 2
    client.post_reply(4, "после флаша")  # the check is removed when the flush ends


def test_the_client_refuses_to_start_a_write_once_stopped() -> None:
    client, board, _ = make()
    client.login()
    client.interrupt_with(lambda: True)
    with pytest.raises(Interrupted):
        client.post_reply(4, "не уйдёт")
    assert board.accepted_posts == []
