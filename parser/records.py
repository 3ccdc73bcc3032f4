"""Records the parsers produce from board pages.

Every board dialect (phpBB prosilver, IPB 1.3/2.x, IPB 3.x, Invision Community 4/5) turns its
pages into these same records, so votes, moves and the daemon never look at HTML structure.
Parsers are forgiving: odd or truncated markup becomes a `ParseIssue`, never an exception.

Every board's body reader fills the same `Body`, and every post and message record is built
from it by `post_record` and `pm_record`: a field added to a body reaches every board's
records in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from parser.signature import may_sign, signature_start


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
    # the text of each struck-through element of the author's own words (outside quotes), in
    # document order: words a player took back. None only in a record stored before the
    # readers kept it (`parser.struck` then reads the stored body once).
    struck: tuple[str, ...] | None = None
    # where the author's own words end in own_text: at a signature he typed into the body (a
    # line of dashes or a sign-off line, `parser.signature`: found by the body's lines, which
    # own_text does not keep on every board), else at its end. None only in a record stored
    # before the readers kept it (`parser.votes.proof` then reads the stored body once).
    words_end: int | None = None


@dataclass(slots=True)
class Body:
    """What a post or PM body holds, as every board's body reader hands it to the records (a
    step on the way to them, so not frozen: a frozen record costs more to build)."""

    html: str = ""  # the body markup (no signature)
    text: str = ""  # visible text, quotes included
    own_text: str = ""  # visible text outside quotes
    colored: tuple[ColoredSpan, ...] = ()  # outside quotes, in document order
    quotes: tuple[Quote, ...] = ()
    links: tuple[int, ...] = ()  # post ids linked outside quotes and signatures (P-V.2)
    struck: tuple[str, ...] = ()  # struck-through own words, one text per element
    edited: EditNote | None = None  # an edit note printed inside the body (Invision)
    # where a signature typed into the body begins in own_text, when the body reader found
    # it by the markup's lines (phpBB: its own text is one line); else `post_record` looks
    # for it in own_text's own lines (Invision)
    signature_at: int | None = None


def post_record(
    pid: int,
    author: str,
    author_id: int | None,
    posted_at: datetime | None,
    body: Body,
    *,
    shown: str = "",
    edited: EditNote | None = None,
    deleted: bool = False,
    subject: str = "",
    position: int | None = None,
) -> Post:
    """One post's record from its header facts and its read body, on every board. `edited`:
    an edit note the board prints outside the body (phpBB), else the body's own."""
    return Post(
        id=pid,
        author=author,
        author_id=author_id,
        posted_at=posted_at,
        body_html=body.html,
        text=body.text,
        own_text=body.own_text,
        colored=body.colored,
        quotes=body.quotes,
        edited=edited if edited is not None else body.edited,
        deleted=deleted,
        subject=subject,
        position=position,
        posted_at_text=shown,
        linked_posts=body.links,
        struck=body.struck,
        words_end=_words_end(body),
    )


def _words_end(body: Body) -> int:
    """Where the author's own words end in `body.own_text`: at a signature typed into the
    body, found by the body reader by the markup's lines (phpBB) or here by own_text's own
    lines (Invision), else at its end."""
    signed = body.signature_at
    if signed is None and "\n" in body.own_text and may_sign(body.own_text):
        signed = signature_start(body.own_text)
    return len(body.own_text) if signed is None else signed


def pm_record(
    msg_id: int,
    sender: str,
    sender_id: int | None,
    subject: str,
    sent_at: datetime | None,
    body: Body,
    *,
    recipients: tuple[str, ...] = (),
    issues: tuple[ParseIssue, ...] = (),
) -> PrivateMessage:
    """One message's record from its header facts and its read body, on every board."""
    return PrivateMessage(
        id=msg_id,
        sender=sender,
        sender_id=sender_id,
        recipients=recipients,
        subject=subject,
        sent_at=sent_at,
        body_html=body.html,
        text=body.text,
        own_text=body.own_text,
        quotes=body.quotes,
        issues=issues,
        words_end=_words_end(body),
    )


@dataclass(frozen=True, slots=True)
class TopicPage:
    """One page of a topic, with its place among the topic's pages as the page's own links and
    labels show it (`parser.pager`): a client walks the topic from these alone."""

    topic_id: int | None
    title: str
    page: int  # 1-based
    total_pages: int
    posts: tuple[Post, ...]
    next_url: str | None = None  # the next page's address; None on the last page
    total_posts: int | None = None
    logged_in: bool | None = None  # None when the page does not tell
    issues: tuple[ParseIssue, ...] = field(default=())
    last_url: str | None = None  # the last page's address; None on the last page
    start: int | None = None  # the topic offset of the page's first post, where known
    per_page: int | None = None  # posts a page, where the navigation shows it


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
    # the folder's links onward as the page writes them (relative to its address), read from
    # the same parse as the rows so that the client never parses the page again to go on:
    # phpBB's pagination `rel="next"` link; Invision's page links (the dialect's `next_link`,
    # which on IPB 1.x/2.x matches every page link: the client skips pages it has read)
    next_links: tuple[str, ...] = ()


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
    # where the sender's own words end in own_text, at a signature he typed into the letter,
    # as for a post (`Post.words_end`); None only in a record stored before the readers kept
    # it (`parser.moves.letter_words` then reads the stored body once)
    words_end: int | None = None
