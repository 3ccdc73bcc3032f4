"""Flush the outbox to the board, exactly once.

For each pending row the text is split at the board's limit (room kept for the marker), and
each part is sent with its own marker:

    begin_part(key, i)          persisted before the submit
    client.post_reply / send_pm the board accepts (or refuses)
      (channel "newtopic": part 0 is client.new_topic in forum `topic_id` and records the
      topic id; later parts are replies in that topic; a crash is recovered by the marker
      in the forum listing's topic of that title)
    record_part(key, i, id)     persisted after

If the process dies between the board accepting and `record_part`, the row still says part i
is in flight. The next flush looks for part i's marker in the topic (or the sent/outbox PM
folders) and records the id it finds instead of sending again. The search starts where the
board stood when the row was queued (`OutboxRow.search_from`) and reads to the end, so any
number of posts made in between cannot hide the part; markers carry the game's token
(`OutboxRow.marker_token`), so another game's post is never taken for ours.

Before a row is sent it is claimed for this sender (`poster.outbox.Claims`, when the outbox
has it), and the claim is renewed before every part: a second sender that meets this one on
the same outbox anyway (a lock that did not hold) finds the row held and leaves it to its
owner (`FlushReport.claimed_elsewhere`). A claim not renewed for `claim_stale` (the host's
`[board] claim_stale`) — its sender died — is taken over, and an in-flight part is then
looked for by its marker as above; so is, at once, a claim of a process of this host that
no longer runs (the bot restarted after a crash). The claim is dropped when the row leaves
the flush (sent, failed, deferred, stopped); a crash leaves it until stale, or until its
process is seen gone.

A flush can be stopped (`flush(stop=...)`, the daemon's SIGTERM flag): the check is looked at
before every part and, through the client, before every submit and during every wait; the
part being submitted finishes (or, begun but unconfirmed, is left for the marker search) and
the rest stays queued.

Refusals (unknown recipient, no permission, locked topic, not found, and any refusal in the
board's own words) mark the row failed with a sentence for the host; flood and form-token
trouble and odd pages leave it pending for the next flush — up to `max_attempts` refused
tries per row (counted by the outbox if it has `note_attempt`), then it fails too. A board
that is down stops the flush (the remaining rows wait for the next one); a refused login is
raised, never retried row by row (phpBB locks the account behind a CAPTCHA after a few bad
passwords).
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from poster.outbox import (
    DEFAULT_CLAIM_STALE,
    MARKER_BBCODE,
    PROCESS_OWNER,
    Claims,
    CountsAttempts,
    Outbox,
    OutboxKey,
    OutboxRow,
    SearchFrom,
    claim_owner_is_dead,
    marker_for,
    marker_overhead,
    with_marker,
)
from poster.split import split_text
from scraper.board import (
    BoardClient,
    Interruptible,
    PostResult,
    TakesAttachments,
    TopicCursor,
)
from scraper.errors import (
    AttachmentRefused,
    BoardUnavailable,
    FloodLimited,
    FormExpired,
    Interrupted,
    LoginFailed,
    MailboxFull,
    MessageTooLong,
    NotFound,
    PostingRefused,
    ScraperError,
    SessionExpired,
)
from scraper.pacing import as_stop_check

log = logging.getLogger(__name__)

# Refusals worth another try on the next flush. Every other refusal — unknown recipient,
# no permission, locked or missing topic, and any refusal in the board's own words (too many
# links or smilies, a censored word) — cannot get better by resending: the row fails and the
# host sees the board's reason.
_TRANSIENT = (FloodLimited, FormExpired, MailboxFull)

#: refused tries after which a row is failed for the host to look at (flood, form tokens and
#: odd pages usually pass within a few flushes; one that never passes must not stay silent)
DEFAULT_MAX_ATTEMPTS = 8

# Counts for outboxes without `note_attempt`, kept per board client: the daemon builds a
# new Poster and outbox each tick but keeps its client, so the cap still holds within a run.
_COUNTS: weakref.WeakKeyDictionary[object, dict[OutboxKey, int]] = weakref.WeakKeyDictionary()


@dataclass(slots=True)
class FlushReport:
    sent: list[OutboxKey] = field(default_factory=list)
    recovered: list[OutboxKey] = field(default_factory=list)  # found on the board by marker
    failed: list[tuple[OutboxKey, str]] = field(default_factory=list)
    deferred: list[tuple[OutboxKey, str]] = field(default_factory=list)
    interrupted: bool = False  # a stop request ended the flush; the rest stays queued
    # rows sent without their attachment, with why (the board cannot take files, or refused
    # this one): the text is on the board; the host should hear about the file
    without_attachment: list[tuple[OutboxKey, str]] = field(default_factory=list)
    # PMs begun before a crash on a board that shows the bot no sent PMs (no Sent copy, no
    # id): never sent again blindly, recorded as sent; the host should check they arrived
    unverified: list[OutboxKey] = field(default_factory=list)
    # rows another live sender holds (see `Claims`): left for it, untouched by this flush
    claimed_elsewhere: list[tuple[OutboxKey, str]] = field(default_factory=list)


class _ClaimedElsewhere(Exception):
    """Another sender holds the row (or took it over while this one stalled)."""


@dataclass(frozen=True, slots=True)
class Part:
    index: int
    text: str  # with the marker
    marker: str
    subject: str
    body: str = ""  # the text without the marker


def fit_subject(subject: str, suffix: str = "", limit: int | None = None) -> str:
    """`subject + suffix` within `limit` characters: the subject is shortened (with «…»),
    never the « (i/n)» suffix. A board cuts a long subject itself, silently, which would
    drop the suffix and make the sent-folder lookup by subject miss the message."""
    if limit is None or len(subject) + len(suffix) <= limit:
        return subject + suffix
    room = limit - len(suffix) - 1
    if room < 1:
        return (subject + suffix)[:limit]
    return subject[:room].rstrip() + "…" + suffix


def plan_parts(
    row: OutboxRow,
    limit: int | None,
    subject_limit: int | None = None,
    markup: str = MARKER_BBCODE,
) -> list[Part]:
    """The parts a row is sent as; deterministic, so a restart plans the same parts."""
    probe = marker_for(row.key, 0, row.marker_token)
    room = None if limit is None else max(1, limit - marker_overhead(probe, markup) - 8)
    chunks = [row.text] if room is None else split_text(row.text, room)
    parts = []
    for i, chunk in enumerate(chunks):
        marker = marker_for(row.key, i, row.marker_token)
        subject = row.subject
        if subject:
            # a new topic's title is sent once (with part 0); the rest are replies in it
            split = len(chunks) > 1 and row.channel != "newtopic"
            suffix = f" ({i + 1}/{len(chunks)})" if split else ""
            subject = fit_subject(subject, suffix, subject_limit)
        parts.append(Part(i, with_marker(chunk, marker, markup), marker, subject, chunk))
    return parts


class Poster:
    def __init__(
        self,
        client: BoardClient,
        outbox: Outbox,
        *,
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
        owner: str = PROCESS_OWNER,
        claim_stale: timedelta = DEFAULT_CLAIM_STALE,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.client = client
        self.outbox = outbox
        self.max_attempts = max_attempts
        # the process's id by default: the daemon builds a Poster per tick, and a claim of
        # the previous tick's (a row deferred) must stay this process's own
        self.owner = owner
        self.claim_stale = claim_stale
        self._clock = clock or (lambda: datetime.now(UTC))
        # whether a claim's sender is surely gone (replaceable in tests)
        self.owner_is_dead: Callable[[str], bool] = claim_owner_is_dead
        self._local_counts: dict[OutboxKey, int] = {}
        self._stop: Callable[[], bool] | None = None
        self._report: FlushReport | None = None

    def _note_attempt(self, key: OutboxKey, error: str) -> int:
        if isinstance(self.outbox, CountsAttempts):
            return self.outbox.note_attempt(key, error)
        try:
            counts = _COUNTS.setdefault(self.client, {})
        except TypeError:  # a client that cannot be weakly referenced
            counts = self._local_counts
        counts[key] = counts.get(key, 0) + 1
        return counts[key]

    def _defer(self, report: FlushReport, key: OutboxKey, exc: ScraperError) -> None:
        """Leave the row pending after a refusal that may pass, or give up after too many."""
        tries = self._note_attempt(key, str(exc))
        if tries >= self.max_attempts:
            why = f"gave up after {tries} refused tries; last: {exc}"
            log.error("outbox %s failed for good: %s", key, why)
            self.outbox.mark_failed(key, why)
            report.failed.append((key, why))
            return
        log.warning("outbox %s deferred (try %d of %d): %s", key, tries, self.max_attempts, exc)
        report.deferred.append((key, str(exc)))

    def flush(self, stop: Callable[[], bool] | threading.Event | None = None) -> FlushReport:
        """Send every pending row. `stop` (a callable or an Event, e.g. set on SIGTERM) ends
        the flush early: see the module docstring."""
        report = FlushReport()
        self._report = report
        self._stop = as_stop_check(stop)
        client = self.client if isinstance(self.client, Interruptible) else None
        if client is not None:
            client.interrupt_with(self._stop)
        try:
            self._flush(report)
        finally:
            if client is not None:
                client.interrupt_with(None)
            self._stop = None
        return report

    def _stopping(self) -> bool:
        return self._stop is not None and self._stop()

    def _claim(self, key: OutboxKey) -> None:
        """Claim (or renew) the row for this sender; raise if another one holds it."""
        if not isinstance(self.outbox, Claims):
            return
        if self.outbox.claim(key, self.owner, self._clock(), self.claim_stale):
            return
        current = self.outbox.get(key)
        holder = current.claimed_by if current is not None else None
        # a restart after a crash: the dead process's claim need not go stale first (the
        # take-over holds only if that same claim is still there: another may have won it)
        if holder is not None and self.owner_is_dead(holder):
            if self.outbox.claim(key, self.owner, self._clock(), self.claim_stale, holder):
                log.info("outbox %s taken over from %s (no longer running)", key, holder)
                return
            current = self.outbox.get(key)
            holder = current.claimed_by if current is not None else None
        if current is not None and current.status != "pending":
            raise _ClaimedElsewhere(f"already {current.status} by another sender ({holder})")
        raise _ClaimedElsewhere(f"being sent by another sender ({holder})")

    def _release(self, key: OutboxKey) -> None:
        if isinstance(self.outbox, Claims):
            self.outbox.release(key, self.owner)

    def _flush(self, report: FlushReport) -> None:
        pending = self.outbox.pending()
        for n, row in enumerate(pending):
            try:
                go_on = self._flush_row(report, row, pending[n:])
            except Exception:
                self._release(row.key)  # LoginFailed and the unforeseen: not a crash
                raise
            # a crash (BaseException: kill, KeyboardInterrupt) keeps the claim until stale
            self._release(row.key)
            if not go_on:
                break

    def _flush_row(self, report: FlushReport, row: OutboxRow, rest: list[OutboxRow]) -> bool:
        """One row of a flush; False when the flush must stop (the rest stays queued)."""
        try:
            if self._stopping():
                raise Interrupted("stop requested between messages")
            self._claim(row.key)
            recovered = self._send_row(row)
        except _ClaimedElsewhere as exc:
            log.warning("outbox %s left alone: %s", row.key, exc)
            report.claimed_elsewhere.append((row.key, str(exc)))
            return True
        except Interrupted as exc:
            log.info("flush stopped on request; %d message(s) stay queued", len(rest))
            report.interrupted = True
            report.deferred.extend((r.key, str(exc)) for r in rest)
            return False
        except LoginFailed:
            raise  # retrying a refused password per row would get the account locked
        except (BoardUnavailable, SessionExpired) as exc:
            # the board is down (retries already spent): leave the rest for the next tick
            log.warning("board unavailable, flush stopped: %s", exc)
            report.deferred.extend((r.key, str(exc)) for r in rest)
            return False
        except (PostingRefused, NotFound) as exc:
            if isinstance(exc, _TRANSIENT):
                self._defer(report, row.key, exc)
                return True
            log.error("outbox %s failed for good: %s", row.key, exc)
            self.outbox.mark_failed(row.key, str(exc))
            report.failed.append((row.key, str(exc)))
            return True
        except ScraperError as exc:
            self._defer(report, row.key, exc)  # an odd page (UnexpectedPage)
            return True
        self.outbox.mark_sent(row.key)
        (report.recovered if recovered else report.sent).append(row.key)
        return True

    def _send_row(self, row: OutboxRow) -> bool:
        """Send the row's remaining parts; True if any part was found already on the board."""
        limit = self.client.max_message_length
        # optional on a BoardClient (additive): the board's subject length limit
        subject_limit: int | None = getattr(self.client, "max_subject_length", None)
        try:
            return self._send_parts(row, plan_parts(row, limit, subject_limit, self._markup))
        except MessageTooLong as exc:
            # The board's limit is lower than we thought; re-plan if nothing went out yet.
            if exc.limit and not row.board_ids and (limit is None or exc.limit < limit):
                self.client.max_message_length = exc.limit
                current = self.outbox.get(row.key) or row
                again = plan_parts(current, exc.limit, subject_limit, self._markup)
                return self._send_parts(current, again)
            raise

    def _send_parts(self, row: OutboxRow, parts: list[Part]) -> bool:
        recovered = False
        for part in parts:
            current = self.outbox.get(row.key) or row
            if part.index < len(current.board_ids):
                continue
            if current.in_flight_part == part.index:
                found = self._find_on_board(current, part)
                if found is None and current.channel == "pm" and not _finds_sent_pms(self.client):
                    # the board may hold it and the bot cannot tell: a second copy would be
                    # worse than a question to the host (board id 0: unknown)
                    log.warning("outbox %s part %d: cannot prove it was sent", row.key, part.index)
                    self.outbox.record_part(row.key, part.index, 0)
                    if self._report is not None:
                        self._report.unverified.append(row.key)
                    recovered = True
                    continue
                if found is not None:
                    log.info(
                        "outbox %s part %d already on the board (%d)", row.key, part.index, found
                    )
                    self.outbox.record_part(row.key, part.index, found)
                    recovered = True
                    continue
            if self._stopping():
                raise Interrupted(f"stop requested before part {part.index} of {row.key}")
            # renewed before every submit: a sender that stalled past the stale span and
            # lost the row to another must not submit behind its back
            self._claim(row.key)
            self.outbox.begin_part(row.key, part.index)
            board_id = self._submit(current, part)
            self.outbox.record_part(row.key, part.index, board_id)
        return recovered

    def _find_on_board(self, row: OutboxRow, part: Part) -> int | None:
        since = row.search_from
        if row.channel == "newtopic":
            if row.topic_id is None:
                return None
            if part.index == 0:
                return self.client.find_topic_with_marker(row.topic_id, part.subject, part.marker)
            # the bot opened this topic: every page of it is ours to search
            topic = row.board_ids[0]
            return self.client.find_post_with_marker(topic, part.marker, TopicCursor(topic))
        if row.channel == "topic":
            assert row.topic_id is not None
            cursor = _cursor(row.topic_id, since) if since is not None else None
            return self.client.find_post_with_marker(row.topic_id, part.marker, cursor)
        if since is not None and since.pm_id is not None:
            find: Callable[..., int | None] = self.client.find_sent_pm_with_marker
            return find(part.subject, part.marker, since=since.pm_id)
        return self.client.find_sent_pm_with_marker(part.subject, part.marker)

    def _submit(self, row: OutboxRow, part: Part) -> int:
        if row.channel == "newtopic":
            if row.topic_id is None:
                raise PostingRefused(f"outbox row {row.key} has no forum id")
            if part.index == 0:
                return self.client.new_topic(row.topic_id, part.subject, part.text)
            return self.client.post_reply(row.board_ids[0], part.text).post_id
        if row.channel == "topic":
            if row.topic_id is None:
                raise PostingRefused(f"outbox row {row.key} has no topic id")
            if part.index == 0 and row.attachment is not None:
                return self._reply_with_attachment(row, row.topic_id, part)
            result: PostResult = self.client.post_reply(row.topic_id, part.text)
            return result.post_id
        pm = self.client.send_pm(row.recipients, part.subject, part.text)
        if pm.msg_id is None:
            # Accepted but the board did not say the id; the marker finds it if needed.
            found = self.client.find_sent_pm_with_marker(part.subject, part.marker)
            return found if found is not None else 0
        return pm.msg_id

    def _reply_with_attachment(self, row: OutboxRow, topic_id: int, part: Part) -> int:
        """The first part with the row's file in the same submit (one post, exactly once
        like any other: an upload alone shows nothing on the board). A board that cannot
        take files, or refuses this one — or answers the post with the file by any refusal
        or odd page — gets the text alone at once, never a newspaper held back for its
        chart; the report says so. Before the text goes alone the topic is searched for
        the part's marker, so a post the board took despite an odd answer is not doubled.
        A board that is down, a stop request and a refused login are not refusals of the
        file: they leave the row as they would any other."""
        assert row.attachment is not None
        client = self.client
        why = "the board does not take attachments from the bot"
        if isinstance(client, TakesAttachments) and client.attachments:
            # the board's inline tag shows the file at the end of the text, above the marker
            tag = client.attachment_tag(row.attachment)
            text = with_marker(f"{part.body.rstrip()}\n\n{tag}", part.marker, self._markup)
            try:
                return client.post_reply(topic_id, text, attachment=row.attachment).post_id
            except AttachmentRefused as exc:
                why = str(exc)
            except (Interrupted, LoginFailed, BoardUnavailable, SessionExpired):
                raise
            except ScraperError as exc:
                why = f"the post with the file failed: {exc}"
                found = self._find_on_board(row, part)
                if found is not None:
                    log.info("outbox %s part 0 is on the board after all (%d)", row.key, found)
                    return found
        log.warning("outbox %s goes without its attachment: %s", row.key, why)
        if self._report is not None:
            self._report.without_attachment.append((row.key, why))
        return self.client.post_reply(topic_id, part.text).post_id

    def update_post(
        self, post_id: int, text: str, key: OutboxKey | None = None, token: str = ""
    ) -> PostResult:
        """Edit one of the bot's posts (the live vote count). Edits are idempotent, so they
        bypass the outbox; `key` (with the row's `marker_token` as `token`) keeps the
        original row's marker on the post. A text over the board's limit is cut at a
        paragraph boundary."""
        limit = self.client.max_message_length
        marker = marker_for(key, 0, token) if key is not None else None
        if limit is not None:
            room = limit - (marker_overhead(marker, self._markup) + 8 if marker else 0)
            if len(text) > room:
                text = split_text(text, room)[0]
        if marker:
            text = with_marker(text, marker, self._markup)
        return self.client.edit_post(post_id, text)

    @property
    def _markup(self) -> str:
        """The board's small print for the marker: the client's `marker_markup` (optional on a
        `BoardClient`), else phpBB's `[size=50]`."""
        markup = getattr(self.client, "marker_markup", None)
        return markup if isinstance(markup, str) and "{marker}" in markup else MARKER_BBCODE


def _finds_sent_pms(client: BoardClient) -> bool:
    """Whether the client can see the PMs it sent (optional on a `BoardClient`: a client
    without the question keeps a Sent folder, as phpBB always does)."""
    ask: Callable[[], bool] | None = getattr(client, "can_find_sent_pms", None)
    return True if ask is None else ask()


def _cursor(topic_id: int, since: SearchFrom) -> TopicCursor:
    return TopicCursor(topic_id, max(1, since.page), max(0, since.start), since.post_id)
