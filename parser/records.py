"""Records the parsers produce from board pages.

Every board dialect (phpBB prosilver, IPB 1.3/2.x, IPB 3.x, Invision Community 4/5) turns its
pages into these same records, so votes, moves and the daemon never look at HTML structure.
Parsers are forgiving: odd or truncated markup becomes a `ParseIssue`, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True, slots=True)
class ParseIssue:
    """Something a parser could not read cleanly; the record it belongs to is still returned."""

    where: str  # e.g. "post 57", "page", "pm 15"
    message: str


@dataclass(frozen=True, slots=True)
class ColoredSpan:
    """A piece of coloured text in a post body, outside quotes and signatures."""

    color: str  # canonical lowercase "#rrggbb"
    text: str  # the span's visible text, whitespace collapsed
    struck: bool = False  # inside <s>/<del>/<strike>
    raw_color: str = ""  # the colour as written in the markup
    wrappers: tuple[str, ...] = ()  # formatting tags around it, outermost first: "strong", "a"…


@dataclass(frozen=True, slots=True)
class Quote:
    """A quote in a post or PM body (nested quotes have depth > 1)."""

    author: str | None
    author_id: int | None = None
    post_id: int | None = None  # quoted board post id, where the board links it
    msg_id: int | None = None  # quoted PM id (phpBB PM quotes)
    depth: int = 1
    text: str = ""  # its own words: the quotes nested in it are records of their own
    time_text: str = ""  # the quoted post's time as printed in the quote header
    colored: tuple[ColoredSpan, ...] = ()  # coloured spans directly in this quote (not nested)


@dataclass(frozen=True, slots=True)
class EditNote:
    """The board's "last edited by X at T, edited N times" note."""

    by: str | None
    at: datetime | None
    count: int = 1
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Post:
    """One post of a topic page."""

    id: int  # board post id
    author: str  # nick as the board shows it (NBSP normalised)
    author_id: int | None  # None for a deleted user or a guest
    posted_at: datetime | None  # timezone-aware; None only when unreadable (with an issue)
    body_html: str  # the post body (no signature)
    text: str  # visible text of the whole body, quotes included
    own_text: str  # visible text outside quotes (the author's own words)
    colored: tuple[ColoredSpan, ...] = ()  # outside quotes, in document order
    quotes: tuple[Quote, ...] = ()
    edited: EditNote | None = None
    deleted: bool = False  # soft-deleted, shown to moderators only
    subject: str = ""
    position: int | None = None  # 1-based position in the topic, when known
    posted_at_text: str = ""  # the time exactly as printed
    # board post ids linked from the body outside quotes and signatures, in document order
    # (the post's own id and other topics' posts included: the vote layer decides, P-V.2)
    linked_posts: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TopicPage:
    """One page of a topic."""

    topic_id: int | None
    title: str
    page: int  # 1-based
    total_pages: int
    posts: tuple[Post, ...]
    next_url: str | None = None
    total_posts: int | None = None
    logged_in: bool | None = None  # None when the page does not tell
    issues: tuple[ParseIssue, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class PMSummary:
    """A row of a PM folder listing."""

    id: int
    sender: str
    sender_id: int | None
    subject: str
    sent_at: datetime | None
    unread: bool


@dataclass(frozen=True, slots=True)
class PMFolder:
    """A PM folder page (inbox, sentbox, outbox)."""

    messages: tuple[PMSummary, ...]
    unread_count: int | None = None
    logged_in: bool | None = None
    issues: tuple[ParseIssue, ...] = ()


@dataclass(frozen=True, slots=True)
class PrivateMessage:
    """One private message as its view page shows it."""

    id: int
    sender: str
    sender_id: int | None
    recipients: tuple[str, ...]
    subject: str
    sent_at: datetime | None
    body_html: str
    text: str  # whole body text
    own_text: str  # text outside quotes: what the move parser reads
    quotes: tuple[Quote, ...] = ()
    issues: tuple[ParseIssue, ...] = ()
