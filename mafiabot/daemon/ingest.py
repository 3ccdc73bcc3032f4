"""Reading the board into the store: the game (and court) topics from their cursors, the inbox,
with the host's moderation flags for what the engine never sees (outsiders, unreadable pages).

Every post is stored by its board id (an edit is a new revision), with the turn its time falls
in; every PM once, marked processed only after it is stored.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable, Sized
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import datetime

from mafiabot import heap, keys
from mafiabot.daemon import flags, mailbox, overrides, tally
from mafiabot.daemon.calendar import TurnFinder
from mafiabot.daemon.context import Shell
from mafiabot.newspaper.host_words import NOTE_RU, Nick, Turn, note
from mafiabot.newspaper.words import parse_issue_ru
from mafiabot.store.codec import to_json
from mafiabot.store.posts import PostIn
from mafiabot.store.tables import Game
from parser.pages import parse_pm, parse_topic
from parser.records import Post, PrivateMessage, TopicPage
from scraper.board import StreamsTopics, TopicCursor, TopicPageFetch

log = logging.getLogger("mafiabot.daemon")


@dataclass
class TickReport:
    """What one tick did (for logs, `--once` and tests)."""

    new_posts: int = 0
    edited_posts: int = 0
    new_pms: int = 0
    closed: list[keys.TurnTag] = field(default_factory=list)  # the phases whose deadline closed
    sent: int = 0
    started: bool = False
    mailbox: str = ""  # the host's box as the board shows it ("mailbox 12/50"), if it does
    # messages the board refused for good in this tick, in words (the host is told)
    failed: list[str] = field(default_factory=list)


def board_kind(sh: Shell) -> str:
    # the parser picks the IPB generation from the page itself
    return "phpbb" if sh.cfg.board.kind == "phpbb" else "auto"


def read_topic_page(sh: Shell, html: str, now: datetime | None) -> TopicPage:
    dialect = getattr(sh.client, "dialect", None) if sh.cfg.board.selectors else None
    if dialect is not None:
        # the host's [board.selectors] fix the skin's markup: read with the client's
        # dialect, overrides applied, instead of auto-detecting the stock one
        from parser.ipb.topic import parse_ipb_topic

        return parse_ipb_topic(html, dialect=dialect, tz=sh.tz, now=now)
    return parse_topic(html, board=board_kind(sh), tz=sh.tz, now=now)


def page_of(sh: Shell, fetch: TopicPageFetch, now: datetime | None) -> TopicPage:
    """A fetched topic page's posts and navigation: the reading the client made when it
    fetched the page (read once, in the board's zone), else — a client that hands over only
    the page — read here."""
    if fetch.parsed is not None and fetch.tz == sh.cfg.board.timezone:
        return fetch.parsed
    return read_topic_page(sh, fetch.raw.html, now)


def read_pm(sh: Shell, html: str, msg_id: int, now: datetime) -> PrivateMessage | None:
    """One fetched PM. An IPB 3 / IPS 4-5 conversation page holds several messages and the
    client hands back one per new message (ipb-api.md): each is read by its own id, with the
    client's dialect so that the host's [board.selectors] apply."""
    dialect = getattr(sh.client, "dialect", None) if board_kind(sh) != "phpbb" else None
    if dialect is None:
        return parse_pm(html, board=board_kind(sh), tz=sh.tz, now=now)
    from parser.ipb.messenger import parse_ipb_pm

    pm = parse_ipb_pm(html, dialect=dialect, tz=sh.tz, now=now, msg_id=msg_id)
    if not pm.sender or (dialect.layout != "msgnumber" and pm.id != msg_id):
        return None  # not this message (parse_ipb_pm falls back to the newest one)
    return pm


def topics(sh: Shell, g: Game) -> list[int]:
    """The topics read this turn: the game's, and the court's when it is another one."""
    ts = [sh.cfg.game.topic]
    court = tally.court_topic_id(sh, g, g.turn)
    if court != sh.cfg.game.topic:
        ts.append(court)
    return ts


def poll_topics(sh: Shell, g: Game, now: datetime, report: TickReport) -> None:
    """New posts of every topic of the turn, from each topic's stored cursor."""
    known = sh.store.topic_positions(g.id)
    for topic in topics(sh, g):
        cursor = known.get(topic) or TopicCursor(topic)
        if isinstance(sh.client, StreamsTopics):
            # one page in memory at a time: each is stored before the next is fetched
            stream = sh.client.stream_topic(cursor)
            ingest_pages(sh, g, topic, stream, now, report)
            new_cursor = stream.cursor
        else:
            poll = sh.client.poll_topic(cursor)
            ingest_pages(sh, g, topic, poll.pages, now, report)
            new_cursor = poll.cursor
        if new_cursor != cursor:
            sh.store.save_topic_cursor(g.id, topic, new_cursor)


def before_the_game(sh: Shell, when: datetime | None) -> bool:
    """Written before `[game] start` (a post or PM whose time the board did not show counts as
    the game's). Boards stamp to the minute (C-1): a stamp in the start's own minute may have
    been written after the start, so it is the game's."""
    return when is not None and when < sh.cfg.game.start.replace(second=0, microsecond=0)


# posts stored per transaction: a few pages' worth, so that a long first read pays the
# statements and the commit per hundred posts, not per page
STORE_BATCH = 500


def ingest_pages(
    sh: Shell,
    g: Game,
    topic: int,
    pages: Iterable[TopicPageFetch],
    now: datetime,
    report: TickReport,
) -> None:
    """Store every post of `pages` (new or a new revision) with the turn its time falls in,
    as they come: a transaction per `STORE_BATCH` posts or so, and no page or its parse kept
    once stored. A crash loses nothing: the topic's cursor moves only after the last page,
    so the next tick reads the pages again and stores what is missing."""
    batch: list[tuple[Post, int]] = []  # posts read, not stored yet, with their turns
    turn_of = sh.turn_finder(g.turn)  # the calendar worked out once for every post
    closes: Closes = {}  # the bot's closing posts, looked up once a turn for the whole read
    held: set[int] = set()  # the board ids in `batch`
    # the pages' own notes for the host (a reading problem), raised with the next batch
    pending: list[tuple[int, str]] = []
    invision = board_kind(sh) != "phpbb"
    with ExitStack() as long_read:
        for n, fetch in enumerate(_progress(pages, topic), 1):
            if n == heap.MANY_PAGES:  # a long read (a first start on a big topic)
                heap.keep_freed_memory()
                # a full collection once it ends, after the collector's block (a first
                # poll's letters come next: `heap.collect_after_read`)
                long_read.callback(heap.collect_after_read)
                long_read.enter_context(heap.frozen())
            if invision:  # (read as it was fetched: kept memory serves the next page on)
                heap.invision_page()
            page = page_of(sh, fetch, now)
            _read_page(sh, g, topic, page, batch, held, pending, now, report, turn_of, closes)
            if len(batch) >= STORE_BATCH:
                _store(sh, g, topic, batch, now, report, turn_of, pending)
                held.clear()
        _store(sh, g, topic, batch, now, report, turn_of, pending)


def _read_page(
    sh: Shell,
    g: Game,
    topic: int,
    page: TopicPage,
    batch: list[tuple[Post, int]],
    held: set[int],
    pending: list[tuple[int, str]],
    now: datetime,
    report: TickReport,
    turn_of: TurnFinder,
    closes: Closes,
) -> None:
    """A page's posts into `batch` (whose board ids `held` holds) with their turns, and its
    reading's issues into `pending`, the notes for the host raised with the batch (in its
    transaction, before its posts' own). `closes`: the read's closing posts found so far."""
    pending += [
        (
            g.turn,
            note(
                "page_issue",
                sh.rules,
                topic=topic,
                issue=parse_issue_ru(issue.where, issue.message),
            ),
        )
        for issue in page.issues
    ]
    # registration chatter, an earlier game: not this game's input
    posts = [p for p in page.posts if not before_the_game(sh, p.posted_at)]
    if any(p.id in held for p in posts):
        # a post shown again (the topic shifted while read): the first reading is stored
        # first, so that this one is compared with it as a page of its own would be
        _store(sh, g, topic, batch, now, report, turn_of, pending)
        held.clear()
    batch += [(p, post_turn(sh, g, topic, p, turn_of, closes)) for p in posts]
    held.update(p.id for p in posts)


# a closed turn -> the board id of the bot's post that closed it (None: not on the board yet)
Closes = dict[int, int | None]


def post_turn(
    sh: Shell,
    g: Game,
    topic: int,
    post: Post,
    turn_of: TurnFinder | None = None,
    closes: Closes | None = None,
) -> int:
    """The turn a post belongs to (C-1): the one its board stamp falls in (the deadline's
    own minute on time), but never a turn the bot has closed if the post stands after the
    bot's own close (its newspaper) in the game topic: that post was written after the
    close, whatever minute the board shows. `turn_of`: `sh.turn_finder(g.turn)`, made once
    for many posts; `closes`: the closing posts already looked up in this read (filled in
    here), so that a read asks the outbox once a closed turn, not once a post."""
    turn = (turn_of or sh.turn_finder(g.turn))(post.posted_at)
    if turn < g.turn and topic == sh.cfg.game.topic:
        if closes is None:
            closes = {}
        if turn not in closes:
            closes[turn] = closing_post(sh, g, turn)
        close = closes[turn]
        if close is not None and post.id > close:
            return g.turn
    return turn


def closing_post(sh: Shell, g: Game, turn: int) -> int | None:
    """The board id of the bot's post that closed `turn` in the game topic (its newspaper,
    or the final post), once the board has it."""
    kinds = (keys.NEWSPAPER, keys.FINAL)
    rows = sh.outbox(g).get_kinds(turn, kinds, keys.TOPIC)  # one look-up for both
    for kind in kinds:
        row = rows.get(kind)
        if row is not None and row.board_ids:
            return row.board_ids[0]
    return None


def _late_seen(
    sh: Shell, g: Game, topic: int, post: Post, turn: int, turn_of: TurnFinder
) -> list[tuple[int, str]]:
    """C-1: a new post whose stamp is on time for a turn the bot had already closed when it
    first saw it. Stored (nothing is dropped for its timing), counted where `post_turn` put
    it, and told to the host: the note to raise, (turn, text), if any."""
    on_time_for = turn_of(post.posted_at)
    if on_time_for >= g.turn or post.posted_at is None:
        return []
    stamp = post.posted_at.astimezone(sh.tz).strftime("%d.%m %H:%M")
    text = note(
        "post_seen_late_moved" if turn != on_time_for else "post_seen_late_kept",
        sh.rules,
        post=post.id,
        author=post.author,
        topic=topic,
        stamp=stamp,
        on_time=Turn(on_time_for),
        turn=Turn(turn),
    )
    return [(g.turn, text)]


def _store(
    sh: Shell,
    g: Game,
    topic: int,
    batch: list[tuple[Post, int]],
    now: datetime,
    report: TickReport,
    turn_of: TurnFinder,
    pending: list[tuple[int, str]],
) -> None:
    """Store the posts of `batch` and empty it; count and moderate the new ones. One
    transaction holds the posts, the board ids of the seats they teach and the notes they
    raise for the host, each a few statements however many: a crash leaves all of it or
    none (the posts found stored again are not new, so their notes are raised then or never).
    `pending`, the pages' own notes read since the last batch, goes into the same transaction
    (first, as they were read first) and is emptied with it; a crash leaves them unraised,
    and the pages, read again, raise them then."""
    if not batch:
        if pending:
            with sh.store.transaction():
                raised = sh.store.raise_flags(g.id, pending)
            flags.told(raised)
            pending.clear()
        return
    try:
        with sh.store.transaction():
            statuses = sh.store.upsert_posts(
                g.id,
                [
                    PostIn(
                        topic_id=topic,
                        board_id=post.id,
                        author=post.author,
                        author_id=post.author_id,
                        posted_at=post.posted_at,
                        body_html=post.body_html,
                        turn=turn,
                        position=post.position,
                        edited_at=post.edited.at if post.edited else None,
                        record=post,  # encoded by the store
                    )
                    for post, turn in batch
                ],
                now=now,
            )
            seats, notes = _news(sh, g, topic, batch, statuses, report, turn_of)
            sh.store.set_user_ids(g.id, seats)
            raised = sh.store.raise_flags(g.id, pending + notes)
    except BaseException:
        sh.players_changed()  # the ids learnt in memory were not stored: read the seats again
        raise
    flags.told(raised)
    pending.clear()
    if any(st != "same" for st in statuses):
        sh.posts_stored(g, topic, {(post.author, post.author_id) for post, _turn in batch})
        # the live tally reads on from the records in hand, not from the store
        stored = [(post, turn, st) for (post, turn), st in zip(batch, statuses, strict=True)]
        tally.posts_stored(sh, g, topic, stored)
    batch.clear()


def _news(
    sh: Shell,
    g: Game,
    topic: int,
    batch: list[tuple[Post, int]],
    statuses: list[str],
    report: TickReport,
    turn_of: TurnFinder,
) -> tuple[dict[str, int], list[tuple[int, str]]]:
    """What the posts of `batch` just stored bring (each "new", "edited" or "same"): counted
    in `report`; the board ids their authors teach (seat -> id, `Shell.learn_user_id`) and
    the notes for the host, (turn, text), in the order of the posts."""
    seats: dict[str, int] = {}
    notes: list[tuple[int, str]] = []
    authors: set[tuple[str, int | None]] = set()  # learnt from once a batch
    for (post, turn), status in zip(batch, statuses, strict=True):
        if status == "new":
            report.new_posts += 1
            if (post.author, post.author_id) not in authors:
                authors.add((post.author, post.author_id))
                learnt = sh.learn_user_id(g, post.author, post.author_id)
                if learnt is not None:
                    seats[learnt[0]] = learnt[1]
            notes += moderate(sh, g, topic, post, turn)
            if not sh.is_host(post.author):
                notes += _late_seen(sh, g, topic, post, turn, turn_of)
        elif status == "edited":
            report.edited_posts += 1
    return seats, notes


def _progress(pages: Iterable[TopicPageFetch], topic: int) -> Iterable[TopicPageFetch]:
    """`pages`, with a progress bar on a terminal for a long scan (first start on a big topic,
    a deadline re-read); under systemd (no TTY) silent, and rich is not even imported."""
    count = len(pages) if isinstance(pages, Sized) else None
    if (count is not None and count < 5) or not sys.stderr.isatty():
        return pages
    from rich.console import Console
    from rich.progress import track

    return track(
        pages,
        total=count,
        description=NOTE_RU["reading_pages"].format(topic=topic),
        transient=True,
        console=Console(stderr=True),
    )


def moderate(sh: Shell, g: Game, topic: int, post: Post, turn: int) -> list[tuple[int, str]]:
    """Outsiders writing in the game topic (the engine only sees the seated players): the
    notes to raise for the host, (turn, text)."""
    if topic != sh.cfg.game.topic or sh.is_host(post.author):
        return []
    if g.state is None:
        return []
    if sh.seat_of(g, post.author, post.author_id) is None:
        text = sh.outsider_note(
            g, "outsider_post", post.author, post.author_id, author=post.author, post=post.id
        )
        return [(turn, text)]
    # a seated player's posts (dead beyond P-P.2 / G-P.2, beaten under P-A.3) are the
    # engine's to flag at the deadline from TurnInputs.post_authors: flagging them here
    # too put every such post in the host report twice
    return []


def pm_turn(sh: Shell, g: Game, msg_id: int, pm: PrivateMessage) -> int:
    """The turn a new letter belongs to (C-1). accept_move (C-6): the host counts it for the
    turn under way. A letter stamped on time for a turn the bot has already closed was
    first seen after that close (the inbox is read before every close), so it stands after
    the close: it goes to the turn under way, and the host is told (nothing is dropped for
    its timing, nothing decided behind the host's back)."""
    if msg_id in overrides.accepted_pms(sh.cfg):
        return g.turn
    turn = sh.turn_at(pm.sent_at, g.turn)
    if turn >= g.turn or pm.sent_at is None:
        return turn
    stamp = pm.sent_at.astimezone(sh.tz).strftime("%d.%m %H:%M")
    flags.flag(
        sh.store,
        g,
        g.turn,
        note(
            "pm_seen_late",
            sh.rules,
            pm=msg_id,
            sender=Nick(pm.sender),
            stamp=stamp,
            on_time=Turn(turn),
            turn=Turn(g.turn),
        ),
    )
    return g.turn


def poll_pms(sh: Shell, g: Game, now: datetime, report: TickReport) -> None:
    """New letters of the inbox into the store (answered later by `moves.answer_moves`).

    The topic page just read shows the board's new-letter counter in its header: when it
    says none, and this process has read the inbox to the end before, the inbox is not asked
    (an idle tick is one request). A fresh process always reads it once: a letter a killed
    process opened but never stored is no longer «new» on the board."""
    if sh.inbox_read and getattr(sh.client, "pm_badge", None) == 0:
        report.mailbox = mailbox.watch_fill(sh, g)  # as the last listing showed it
        return
    sh.inbox_read = False
    seen = sh.store.seen_pms(g.id)
    processed: list[int] = []
    fetched = sh.client.fetch_unread_pms(skip=set(seen), newer_than=max(seen) if seen else None)
    for f in fetched:
        pm = read_pm(sh, f.raw.html, f.id, now)
        if pm is None:
            flags.flag(sh.store, g, g.turn, note("pm_unreadable", sh.rules, pm=f.id))
            processed.append(f.id)
            continue
        if sh.is_host(pm.sender):
            processed.append(f.id)
            continue
        if before_the_game(sh, pm.sent_at):
            # the bot runs on the host's own account, whose inbox holds older letters
            # (an earlier game's moves, questions): seen now, never answered
            log.info("PM %d from %s predates the game: not read as a move", f.id, pm.sender)
            processed.append(f.id)
            continue
        turn = pm_turn(sh, g, f.id, pm)
        new = sh.store.upsert_pm(
            g.id,
            board_id=f.id,
            sender=pm.sender,
            subject=pm.subject,
            sent_at=pm.sent_at,
            body_html=pm.body_html,
            text=pm.own_text,
            turn=turn,
            record=to_json(pm),
            now=now,
        )
        report.new_pms += int(new)
        processed.append(f.id)  # stored first, then marked processed (board-api.md)
    if processed:
        sh.store.mark_pms_seen(g.id, processed)
    # stored letters leave the board, so that the box never fills (`mailbox`)
    mailbox.tidy_inbox(sh, g, {*seen, *processed})
    report.mailbox = mailbox.watch_fill(sh, g)
    sh.inbox_read = True
