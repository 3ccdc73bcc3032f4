"""The board-neutral interface every board client implements (phpBB and Invision).

The daemon holds one `BoardClient`; it never sees HTTP, cookies or form tokens. Reading
returns raw pages (`RawPage`) plus the few navigation facts a client needs to move through a
topic (page numbers, post ids) — turning HTML into posts and PMs is the parser's job. A topic
page is read by the parser once, when it is fetched: the fetch carries that reading
(`TopicPageFetch.parsed`), and its navigation and its posts both come from it.

Cursor contract: `poll_topic(cursor)` fetches the cursor's page and any newer pages, nothing
else, and returns the next cursor; a steady-state poll with nothing new costs one request.

Inbox contract: opening a PM marks it read on the board, so `fetch_unread_pms(skip=...,
newer_than=...)` returns every message it opened; the caller stores them *before*
acknowledging them (adding their ids to its processed set). A message opened before a crash
is read on the board but not processed: `newer_than` (the highest id the caller has
processed) brings it back. Messages are never deleted.

Writing contract: `post_reply`, `edit_post` and `send_pm` do exactly one board-visible
action or raise a `PostingRefused` subclass (see `scraper.errors`). They resolve form-token and
post-review round trips and flood waits (`scraper.pacing`) themselves; splitting and
exactly-once belong to `poster`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol, runtime_checkable

from parser.records import TopicPage


@dataclass(frozen=True, slots=True)
class RawPage:
    """One fetched board page, exactly as served (decoded to str)."""

    url: str
    html: str
    fetched_at: datetime
    status: int = 200

    @staticmethod
    def later(url: str, text: Callable[[], str], fetched_at: datetime, status: int) -> RawPage:
        """A `RawPage` whose text is worked out by `text()` when first asked for: a topic
        page read from its bytes is decoded only if something wants its text."""
        return _LaterRawPage(url, text, fetched_at, status)


def _fields(page: RawPage) -> tuple[str, str, datetime, int]:
    return (page.url, page.html, page.fetched_at, page.status)


class _LaterRawPage(RawPage):
    __slots__ = ("_html", "_text")
    _text: Callable[[], str] | None
    _html: str | None

    def __init__(self, url: str, text: Callable[[], str], fetched_at: datetime, status: int):
        for name, value in (("url", url), ("fetched_at", fetched_at), ("status", status)):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_html", None)

    def __eq__(self, other: object) -> bool:  # equal to the `RawPage` of the same fields
        if not isinstance(other, RawPage):
            return NotImplemented
        return _fields(self) == _fields(other)

    def __hash__(self) -> int:
        return hash(_fields(self))

    @property
    def html(self) -> str:
        html: str | None = self._html
        if html is None:
            assert self._text is not None
            html = self._text()
            object.__setattr__(self, "_html", html)
            object.__setattr__(self, "_text", None)
        return html


@dataclass(frozen=True, slots=True)
class TopicCursor:
    """Where polling of a topic stands; store it and pass it back on the next poll.

    `start` is the board's offset of the last known page (phpBB `start=`, 0 for page 1);
    `page` is that page's 1-based number; `last_post_id` the newest post id seen (None: none).
    """

    topic_id: int
    page: int = 1
    start: int = 0
    last_post_id: int | None = None


@dataclass(frozen=True, slots=True)
class TopicPageFetch:
    """A fetched topic page with its navigation facts."""

    raw: RawPage
    page: int
    total_pages: int
    start: int
    post_ids: tuple[int, ...]
    # the page's link to the next one, read from the same parse as the rest (None: last page,
    # or a client that finds it otherwise)
    next_url: str | None = None
    # the page as the client read it, once (`parser.pages.parse_topic`: posts and navigation
    # alike), its times in the zone `tz` names and «Сегодня» read at `raw.fetched_at`; None
    # from a client that hands over only the page (the reader of the fetch parses it then)
    parsed: TopicPage | None = None
    tz: str | None = None


@dataclass(frozen=True, slots=True)
class TopicPoll:
    """Result of one poll: the pages fetched, the post ids newer than the old cursor, and
    the cursor to store for the next poll."""

    pages: tuple[TopicPageFetch, ...]
    new_post_ids: tuple[int, ...]
    cursor: TopicCursor


class TopicStream:
    """One poll's pages, fetched one at a time as the caller reads them, so that a long topic
    never sits in memory whole. `cursor` and `new_post_ids` cover the pages read so far: a
    page counts once the caller has asked for the one after it (or the walk ended), i.e. once
    the caller is done with it."""

    def __init__(self, cursor: TopicCursor, pages: Iterable[TopicPageFetch]) -> None:
        self.cursor = cursor
        # packed (8 bytes an id): a first read of 20,000 posts would otherwise hold ~0.7 MB
        # of int objects and their list for the poll's length, which a stream's reader
        # (ingest) never asks for
        self.new_post_ids = array("q")
        self.pages_read = 0
        self._pages = pages

    def __iter__(self) -> Iterator[TopicPageFetch]:
        floor = self.cursor.last_post_id or 0
        for page in self._pages:
            yield page
            self.pages_read += 1
            self.new_post_ids.extend(pid for pid in page.post_ids if pid > floor)
            top = max(page.post_ids, default=None)
            if self.cursor.last_post_id is not None:
                top = max(top or 0, self.cursor.last_post_id)
            self.cursor = TopicCursor(self.cursor.topic_id, page.page, page.start, top)


@runtime_checkable
class StreamsTopics(Protocol):
    """Optional extension of `BoardClient`: `stream_topic(cursor)` walks the same pages as
    `poll_topic(cursor)`, and `iter_topic_pages(...)` the same as `read_topic_pages(...)`,
    fetching each page only when the caller reaches it."""

    def stream_topic(self, cursor: TopicCursor) -> TopicStream: ...

    def iter_topic_pages(
        self, topic_id: int, first_page: int = 1, last_page: int | None = None
    ) -> Iterator[TopicPageFetch]: ...


@dataclass(frozen=True, slots=True)
class PMRef:
    """A row of a PM folder listing."""

    id: int
    folder: str  # "inbox", "sentbox", "outbox"
    unread: bool
    subject: str = ""
    correspondent: str = ""  # sender in the inbox, recipient(s) in sent/outbox


@dataclass(frozen=True, slots=True)
class FetchedPM:
    """A private message the client opened (which marked it read on the board)."""

    id: int
    raw: RawPage


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file sent with a post (the newspaper's chart): its name on the board and bytes."""

    name: str
    data: bytes = field(repr=False)
    mime: str = "image/png"


@runtime_checkable
class TakesAttachments(Protocol):
    """Optional extension of `BoardClient`: `attachments` says whether this board (and
    generation) takes a file with a reply from the bot's account; where it does,
    `post_reply(..., attachment=a)` uploads it within the same single post — nothing is
    visible on the board before the post itself — or raises
    `scraper.errors.AttachmentRefused` having posted nothing."""

    attachments: bool

    def attachment_tag(self, attachment: Attachment) -> str:
        """The markup that shows the file in the post's text where the text has it (the
        file sent with the post is the only one, so the first)."""

    def post_reply(
        self,
        topic_id: int,
        text: str,
        subject: str | None = None,
        attachment: Attachment | None = None,
    ) -> PostResult: ...


@dataclass(frozen=True, slots=True)
class PostResult:
    """A post or edit the board accepted."""

    post_id: int
    url: str


@dataclass(frozen=True, slots=True)
class PMResult:
    """A private message the board accepted; `msg_id` is None when the board did not say."""

    msg_id: int | None
    recipients: tuple[str, ...]


@runtime_checkable
class BoardClient(Protocol):
    """Everything the daemon and the poster need from a board."""

    #: the board's message length limit in characters (None: unknown / no limit)
    max_message_length: int | None

    def login(self) -> None:
        """Log in (or confirm a restored session). Raises LoginFailed."""

    def close(self) -> None:
        """Persist the session and release connections."""

    # -- reading --------------------------------------------------------------------------
    def poll_topic(self, cursor: TopicCursor) -> TopicPoll:
        """Fetch the cursor's page and any newer pages."""

    def read_topic_pages(
        self, topic_id: int, first_page: int = 1, last_page: int | None = None
    ) -> list[TopicPageFetch]:
        """Re-read pages first..last (None: to the end) — the deadline sweep for edits."""

    def list_pm_folder(self, folder: str = "inbox") -> list[PMRef]:
        """List a PM folder ("inbox", "sentbox", "outbox"), following its pages (capped)."""

    def read_pm(self, msg_id: int, folder: str = "inbox") -> RawPage:
        """Open one PM (marks it read). Raises NotFound."""

    def fetch_unread_pms(
        self, skip: Collection[int] = (), newer_than: int | None = None
    ) -> list[FetchedPM]:
        """Open every unread inbox message not in `skip` — and, with `newer_than`, every
        message with a larger id not in `skip` even if already read (one opened before a
        crash and never stored). The caller stores them, then adds their ids to `skip`."""

    def find_post_with_marker(
        self, topic_id: int, marker: str, since: TopicCursor | None = None
    ) -> int | None:
        """Id of the bot's own post in the topic whose text contains `marker`, if any.
        Searches from `since` (where the topic stood when the message was queued) to the
        end, however many pages; without it, the last few pages."""

    def find_sent_pm_with_marker(self, subject: str, marker: str) -> int | None:
        """Id of a PM in the outbox/sentbox with this subject whose body has `marker`.
        The board clients also take `since=` (a message id the board had issued before the
        message was queued: only newer ones are opened, however many folder pages that
        takes); the poster passes it only for rows that carry a position."""

    # -- writing --------------------------------------------------------------------------
    def post_reply(self, topic_id: int, text: str, subject: str | None = None) -> PostResult:
        """Reply to a topic. Raises PostingRefused subclasses."""

    def edit_post(self, post_id: int, text: str, subject: str | None = None) -> PostResult:
        """Replace the text of one of the bot's own posts."""

    def send_pm(self, recipients: Sequence[str], subject: str, text: str) -> PMResult:
        """Send one PM to one or many users. Raises UnknownRecipient, FloodLimited, ..."""

    def new_topic(self, forum_id: int, subject: str, text: str) -> int:
        """Open a topic in a forum; returns its topic id. Raises PostingRefused subclasses."""

    def find_topic_with_marker(self, forum_id: int, subject: str, marker: str) -> int | None:
        """Id of a topic titled `subject` in the forum's listing whose first page holds the
        bot's own post with `marker` (opened before a crash), if any."""


@runtime_checkable
class Interruptible(Protocol):
    """Optional extension of `BoardClient`: a stop check looked at before each write and
    during every wait (flood control, retry backoff), so a stop request (SIGTERM) is
    honoured within about a second even mid-send; a stopped client raises
    `scraper.errors.Interrupted`. The poster installs its check for a flush's length."""

    def interrupt_with(self, stop: Callable[[], bool] | None) -> None:
        """Install the check (None removes it)."""
