"""Writing flows and refusals every board client must handle alike, with the poster on top.

Run on the fake phpBB (recorded pages) and the fake IPB 1.3 board (real topic pages,
template-derived forms and error boxes; see tests/fakeboard_ipb.py). `Writer` adapts what each
fake records (accepted posts, sent PMs) to one vocabulary so each test body is written once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from poster.outbox import InMemoryOutbox, OutboxKey, OutboxRow, marker_for
from poster.poster import Poster, fit_subject
from scraper.errors import BoardUnavailable, FloodLimited, FormExpired, TopicLocked
from tests.test_scraper_shared import MAKERS, Board

KINDS = ["phpbb", "ipb2"]
ALL = [*KINDS, "ips4"]  # the IPS 4 fake has no locked/too-long/token knobs yet


@dataclass
class Writer:
    """Board-specific facts and knobs of a fake, behind one interface."""

    board: Board
    topic: int
    bot_uid: int
    recipient: str  # a member who can receive PMs

    @property
    def fake(self) -> Any:
        return self.board.fake

    def accepted(self) -> list[int]:
        if self.board.name == "phpbb":
            return list(self.fake.accepted_posts)
        if self.board.name == "ips4":
            return [c[0] for c in self.fake.comments]
        return sorted(self.fake.own_posts)

    def body(self, pid: int) -> str:
        if self.board.name == "phpbb":
            return str(next(p.source for p in self.fake.posts if p.id == pid))
        return str(self.fake.own_posts[pid][2])

    def pms_sent(self) -> int:
        return len(self.fake.sent_pms)

    def pm_subjects(self) -> list[str]:
        if self.board.name == "phpbb":
            return [m.subject for m in self.fake.sent_pms]
        return [f["msg_title"] for f in self.fake.sent_pms]

    def cut_subjects_at(self, limit: int) -> None:
        self.fake.max_subject = limit

    def flood_now(self) -> None:
        """The board saw a post by the bot this very second (from a browser, say)."""
        self.fake.last_write[self.bot_uid] = self.board.clock()

    def lock(self) -> None:
        if self.board.name == "phpbb":
            self.fake.locked = True
        else:
            self.fake.locked.add(self.topic)

    def refuse_tokens(self) -> None:
        if self.board.name == "phpbb":
            self.fake._check_token = lambda form, sess, form_name: False
        else:
            self.fake.refuse_tokens = True

    def drop_answer_to_next_post(self) -> None:
        """The board stores the next post but its answer never arrives."""
        original: Callable[..., httpx.Response] = self.fake._reply

        def accept_then_timeout(*args: Any) -> httpx.Response:
            resp = original(*args)
            if self.board.name != "phpbb" or args[0] == "POST":
                raise httpx.ReadTimeout("answer lost")
            return resp

        self.fake._reply = accept_then_timeout


def writer(kind: str, fake: Any = None, **kw: Any) -> Writer:
    b = MAKERS[kind](fake, **kw)
    if kind == "phpbb":
        return Writer(b, 4, 76, "Шерлок")
    if kind == "ips4":
        return Writer(b, 286745, 5212, "Headache")
    return Writer(b, 3092, 437, "Denegin")


def newspaper(w: Writer, text: str = "Газета: этой ночью убит Шерлок.") -> OutboxRow:
    return OutboxRow(OutboxKey("12", 3, "newspaper", "topic"), "topic", text, topic_id=w.topic)


class CrashingOutbox(InMemoryOutbox):
    """Dies once right after the board accepted a part, before recording it."""

    def __init__(self) -> None:
        super().__init__()
        self.crash_next = False

    def record_part(self, key: OutboxKey, part: int, board_id: int) -> None:
        if self.crash_next:
            self.crash_next = False
            raise KeyboardInterrupt("process killed")
        super().record_part(key, part, board_id)


@pytest.mark.parametrize("kind", ALL)
def test_flood_refusal_is_waited_out_and_posted_once(kind: str) -> None:
    w = writer(kind)
    w.board.client.login()
    w.flood_now()
    result = w.board.client.post_reply(w.topic, "Итоги дня")
    assert w.accepted() == [result.post_id]
    assert max(w.board.clock.slept) >= 15
    assert w.fake.violations == []


@pytest.mark.parametrize("kind", ALL)
def test_flood_that_never_ends_leaves_the_row_pending(kind: str) -> None:
    w = writer(kind, flood_retries=1)
    w.board.client.login()
    reply = w.fake._reply

    def keep_flooding(*args: Any) -> httpx.Response:
        w.flood_now()  # someone posts from the bot's account before every submit
        return reply(*args)  # type: ignore[no-any-return]

    w.fake._reply = keep_flooding
    with pytest.raises(FloodLimited):
        w.board.client.post_reply(w.topic, "Текст")
    outbox = InMemoryOutbox()
    outbox.add(newspaper(w))
    report = Poster(w.board.client, outbox).flush()
    assert [k for k, _ in report.deferred] == [newspaper(w).key]
    assert [r.key for r in outbox.pending()] == [newspaper(w).key]
    assert w.accepted() == []


@pytest.mark.parametrize("kind", KINDS)
def test_form_token_refused_for_good_is_form_expired_and_the_row_waits(kind: str) -> None:
    w = writer(kind)
    w.board.client.login()
    w.refuse_tokens()
    with pytest.raises(FormExpired):
        w.board.client.post_reply(w.topic, "Текст")
    outbox = InMemoryOutbox()
    outbox.add(newspaper(w))
    report = Poster(w.board.client, outbox).flush()
    assert report.failed == [] and [k for k, _ in report.deferred] == [newspaper(w).key]
    assert w.accepted() == []


@pytest.mark.parametrize("kind", KINDS)
def test_too_long_newspaper_is_split_on_paragraphs_each_part_marked(kind: str) -> None:
    w = writer(kind, max_message_length=None)  # the limit is learned from the refusal
    w.fake.max_chars = 400
    paragraphs = [f"Абзац {i}: " + "слово " * 25 for i in range(6)]
    row = newspaper(w, "\n\n".join(p.strip() for p in paragraphs))
    outbox = InMemoryOutbox()
    outbox.add(row)
    report = Poster(w.board.client, outbox).flush()
    assert report.sent == [row.key]
    saved = outbox.get(row.key)
    assert saved is not None and len(saved.board_ids) >= 2
    bodies = [w.body(pid) for pid in saved.board_ids]
    assert all(len(b) <= 400 for b in bodies)
    assert all(marker_for(row.key, i) in b for i, b in enumerate(bodies))
    for b in bodies:  # cut between paragraphs, never inside one
        text = b.rsplit("\n\n[size=", 1)[0]
        assert all(chunk.strip() in [p.strip() for p in paragraphs] for chunk in text.split("\n\n"))
    assert w.board.client.max_message_length == 400


@pytest.mark.parametrize("kind", KINDS)
def test_locked_topic_is_a_clear_error_and_fails_the_row(kind: str) -> None:
    w = writer(kind)
    w.lock()
    with pytest.raises(TopicLocked, match=f"topic {w.topic} is locked"):
        w.board.client.post_reply(w.topic, "Текст")
    outbox = InMemoryOutbox()
    outbox.add(newspaper(w))
    report = Poster(w.board.client, outbox).flush()
    assert [k for k, _ in report.failed] == [newspaper(w).key]
    assert "locked" in report.failed[0][1]


@pytest.mark.parametrize("kind", ALL)
def test_pm_to_unknown_user_fails_the_row_and_sends_nothing(kind: str) -> None:
    w = writer(kind)
    key = OutboxKey("12", 0, "role", "Нет_такого")
    outbox = InMemoryOutbox()
    outbox.add(OutboxRow(key, "pm", "Вы — врач.", "Ваша роль", recipients=("Нет_такого",)))
    report = Poster(w.board.client, outbox).flush()
    assert [k for k, _ in report.failed] == [key]
    assert "Нет_такого" in report.failed[0][1]
    assert w.pms_sent() == 0


@pytest.mark.parametrize("kind", ALL)
def test_crash_between_accept_and_mark_does_not_duplicate_a_post(kind: str) -> None:
    w = writer(kind)
    outbox = CrashingOutbox()
    row = newspaper(w)
    outbox.add(row)
    outbox.crash_next = True
    with pytest.raises(KeyboardInterrupt):
        Poster(w.board.client, outbox).flush()
    assert len(w.accepted()) == 1
    again = writer(kind, w.fake)  # restart: a new client over the same board and outbox
    report = Poster(again.board.client, outbox).flush()
    assert report.recovered == [row.key]
    assert len(w.accepted()) == 1  # no duplicate
    stored = outbox.get(row.key)
    assert (
        stored is not None and stored.status == "sent" and stored.board_ids == tuple(w.accepted())
    )
    assert Poster(again.board.client, outbox).flush().sent == []


# IPS 4 left out: the fake's messenger list is a fixed template that never shows the
# conversations the bot started, so the sent-folder marker lookup has nothing to find.
@pytest.mark.parametrize("kind", KINDS)
def test_crash_between_accept_and_mark_does_not_duplicate_a_pm(kind: str) -> None:
    w = writer(kind)
    outbox = CrashingOutbox()
    key = OutboxKey("12", 0, "role", w.recipient)
    outbox.add(OutboxRow(key, "pm", "Вы — комиссар.", "Мафия: роль", recipients=(w.recipient,)))
    outbox.crash_next = True
    with pytest.raises(KeyboardInterrupt):
        Poster(w.board.client, outbox).flush()
    again = writer(kind, w.fake)
    report = Poster(again.board.client, outbox).flush()
    assert report.recovered == [key]
    assert w.pms_sent() == 1
    stored = outbox.get(key)
    assert stored is not None and stored.status == "sent" and len(stored.board_ids) == 1


@pytest.mark.parametrize("kind", ALL)
def test_a_lost_answer_to_a_post_is_not_retried_blindly(kind: str) -> None:
    w = writer(kind)
    w.board.client.login()
    w.drop_answer_to_next_post()
    with pytest.raises(BoardUnavailable, match="did not answer in time"):
        w.board.client.post_reply(w.topic, "Текст")
    assert len(w.accepted()) == 1  # only the marker check may decide to resend


@pytest.mark.parametrize("kind", ALL)
def test_session_lost_before_posting_is_recovered_without_a_duplicate(kind: str) -> None:
    w = writer(kind, remember_me=False)
    w.board.client.login()
    w.fake.drop_sessions()
    result = w.board.client.post_reply(w.topic, "Текст после потери сессии")
    assert w.accepted() == [result.post_id]
    assert w.fake.violations == []


class PlainOutbox:
    """An outbox without `note_attempt` (as the daemon's SQL outbox may be): delegates the
    `Outbox` protocol only."""

    def __init__(self) -> None:
        self.inner = InMemoryOutbox()
        self.add = self.inner.add
        self.get = self.inner.get
        self.pending = self.inner.pending
        self.begin_part = self.inner.begin_part
        self.record_part = self.inner.record_part
        self.mark_sent = self.inner.mark_sent
        self.mark_failed = self.inner.mark_failed


def _flood_forever(w: Writer) -> None:
    reply = w.fake._reply

    def keep_flooding(*args: Any) -> httpx.Response:
        w.flood_now()
        return reply(*args)  # type: ignore[no-any-return]

    w.fake._reply = keep_flooding


@pytest.mark.parametrize("kind", ALL)
def test_row_refused_by_flood_control_on_every_flush_fails_after_the_cap(kind: str) -> None:
    w = writer(kind, flood_retries=0)
    _flood_forever(w)
    outbox = InMemoryOutbox()
    row = newspaper(w)
    outbox.add(row)
    reports = [Poster(w.board.client, outbox, max_attempts=3).flush() for _ in range(3)]
    assert [len(r.deferred) for r in reports] == [1, 1, 0]
    assert [k for k, _ in reports[2].failed] == [row.key]
    assert "gave up after 3 refused tries" in reports[2].failed[0][1]
    assert "flood control" in reports[2].failed[0][1]
    stored = outbox.get(row.key)
    assert stored is not None and stored.status == "failed" and stored.attempts == 3
    assert w.accepted() == []


@pytest.mark.parametrize("kind", KINDS)
def test_token_refusals_are_capped_even_without_a_counting_outbox(kind: str) -> None:
    w = writer(kind)
    w.board.client.login()
    w.refuse_tokens()
    outbox = PlainOutbox()
    row = newspaper(w)
    outbox.add(row)
    # the daemon builds a new Poster (and outbox object) every tick but keeps its client
    reports = [Poster(w.board.client, outbox, max_attempts=2).flush() for _ in range(2)]
    assert [len(r.deferred) for r in reports] == [1, 0]
    assert [k for k, _ in reports[1].failed] == [row.key]
    stored = outbox.get(row.key)
    assert stored is not None and stored.status == "failed"


@pytest.mark.parametrize("kind", ALL)
def test_a_row_that_gets_through_before_the_cap_is_sent(kind: str) -> None:
    w = writer(kind, flood_retries=0)
    w.board.client.login()
    w.flood_now()
    outbox = InMemoryOutbox()
    row = newspaper(w)
    outbox.add(row)
    first = Poster(w.board.client, outbox, max_attempts=3).flush()
    assert [k for k, _ in first.deferred] == [row.key]
    w.board.clock.sleep(60)  # the next tick, past the flood interval
    second = Poster(w.board.client, outbox, max_attempts=3).flush()
    assert second.sent == [row.key] and len(w.accepted()) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_long_pm_subject_keeps_its_part_suffix_within_the_boards_limit(kind: str) -> None:
    w = writer(kind, max_message_length=400, max_subject_length=60)
    w.cut_subjects_at(60)  # the board silently keeps only 60 characters
    subject = "Мафия – 12: итоги ночи и ходы для " + "очень длинного списка игроков " * 3
    text = "\n\n".join(f"Абзац {i}: " + "слово " * 25 for i in range(4))
    key = OutboxKey("12", 3, "host_report", w.recipient)
    outbox = CrashingOutbox()
    outbox.add(OutboxRow(key, "pm", text, subject, recipients=(w.recipient,)))
    outbox.crash_next = True  # dies after the board accepted part 1
    with pytest.raises(KeyboardInterrupt):
        Poster(w.board.client, outbox).flush()
    again = writer(kind, w.fake, max_message_length=400, max_subject_length=60)
    report = Poster(again.board.client, outbox).flush()
    assert report.recovered == [key]  # part 1 was found in the sent folder by its subject
    subjects = w.pm_subjects()
    n = len(subjects)
    assert n >= 2 and all(len(s) <= 60 for s in subjects)
    assert [s[-len(f" ({i}/{n})") :] for i, s in enumerate(subjects, 1)] == [
        f" ({i}/{n})" for i in range(1, n + 1)
    ]
    assert all(s.startswith("Мафия – 12: итоги ночи") and "…" in s for s in subjects)
    stored = outbox.get(key)
    assert stored is not None and stored.status == "sent" and len(stored.board_ids) == n


def test_fit_subject_cuts_the_subject_never_the_suffix() -> None:
    assert fit_subject("Роль", " (1/2)", 120) == "Роль (1/2)"
    assert fit_subject("Роль", "", None) == "Роль"
    cut = fit_subject("а" * 200, " (3/4)", 120)
    assert len(cut) == 120 and cut.endswith("… (3/4)")
    assert fit_subject("а" * 200, "", 120) == "а" * 119 + "…"
