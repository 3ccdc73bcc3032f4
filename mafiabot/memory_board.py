"""The in-memory board (a `BoardClient`): the demo's offline forum, the tests' board, and the
dry run's sink.

It serves posts and PMs it was given (a recorded game: each becomes visible once the clock
passes its time) and keeps whatever the bot posts or sends, shown back like the board would.
In a dry run (`MemoryBoard.dry_run`) it reads through the real board instead and prints every
write rather than sending it.

Pages are TEMPLATE-DERIVED from two real phpBB 3.3.11 pages shipped beside this module
(`phpbb_topic_page.html` = fixtures/phpbb/topic_p8.html, `phpbb_pm_view.html` =
fixtures/phpbb/pm_view_1.html): a real post / message block is cloned and refilled with the
id, author, time and body, so the real parser reads them exactly as it reads the live board.
"""

from __future__ import annotations

import html as htmlmod
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources
from typing import TextIO
from zoneinfo import ZoneInfo

from scraper.board import (
    BoardClient,
    FetchedPM,
    PMRef,
    PMResult,
    PostResult,
    RawPage,
    TopicCursor,
    TopicPageFetch,
    TopicPoll,
)

MONTHS_SHORT = ("янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек")
BASE = "http://127.0.0.1:8080/"
# the recorded topic page (fixtures/phpbb/topic_p8.html): page 8 of 72 posts, 10 a page
_RECORDED_TOTAL = "72 сообщения"
_RECORDED_PAGE_START = 70


def _now() -> datetime:
    return datetime.now(UTC)


def _template(name: str) -> str:
    # the real pages the board's are derived from ship with the demo
    return resources.files("mafiabot.demo").joinpath(name).read_text("utf-8")


def board_time(dt: datetime, tz: ZoneInfo) -> str:
    """`27 ноя 2026, 12:00`: the board's absolute date format (MANIFEST: `|d M Y|, H:i`)."""
    local = dt.astimezone(tz)
    return f"{local.day:02d} {MONTHS_SHORT[local.month - 1]} {local.year}, {local:%H:%M}"


def render_bbcode(text: str) -> str:
    """What phpBB makes of the bot's BBCode, enough for its own posts to look right."""
    out = htmlmod.escape(text, quote=False)
    out = re.sub(r"\[b\](.*?)\[/b\]", r'<strong class="text-strong">\1</strong>', out, flags=re.S)
    out = re.sub(r"\[i\](.*?)\[/i\]", r'<em class="text-italics">\1</em>', out, flags=re.S)
    out = re.sub(
        r"\[size=(\d+)\](.*?)\[/size\]",
        r'<span style="font-size:\1%;line-height:116%">\2</span>',
        out,
        flags=re.S,
    )
    out = re.sub(
        r"\[quote\](.*?)\[/quote\]", r"<blockquote><div>\1</div></blockquote>", out, flags=re.S
    )
    out = re.sub(
        r"\[code\](.*?)\[/code\]",
        r'<div class="codebox"><pre><code>\1</code></pre></div>',
        out,
        flags=re.S,
    )
    return out.replace("\n", "<br>\n")


@dataclass
class BoardPost:
    id: int  # 0 until the post "happens" (ids grow with time, as on a real board)
    topic: int
    author: str
    uid: int
    at: datetime
    html: str  # the body as the board renders it
    source: str = ""  # BBCode (posts the bot made)
    key: str = ""  # a name other recorded posts quote it by: {post:KEY} in their html


@dataclass
class BoardPM:
    id: int
    sender: str
    uid: int
    at: datetime
    subject: str
    html: str
    to: tuple[str, ...] = ()


def _split_first_post(page: str) -> tuple[str, str, str]:
    """(head, first post block, tail) of a real topic page."""
    posts = [m.start() for m in re.finditer(r'<div id="p\d+" class="post ', page)]
    start = posts[0]
    end = page.index('<div class="action-bar bar-bottom">')
    block = page[start : posts[1] if len(posts) > 1 else end]
    return page[:start], block, page[end:]


def _post_block(template: str, p: BoardPost, tz: ZoneInfo) -> str:
    old_id = re.search(r'<div id="p(\d+)"', template)
    assert old_id is not None
    oid = old_id.group(1)
    b = template.replace(f"p{oid}", f"p{p.id}").replace(f"p={oid}", f"p={p.id}")
    b = b.replace(f"profile{oid}", f"profile{p.id}").replace(
        f"post_content{oid}", f"post_content{p.id}"
    )
    b = re.sub(r"u=\d+", f"u={p.uid}", b)
    b = re.sub(r"author_id=\d+", f"author_id={p.uid}", b)
    b = re.sub(
        r'(class="username(?:-coloured)?"[^>]*>)[^<]*(</a>)',
        lambda m: m.group(1) + htmlmod.escape(p.author) + m.group(2),
        b,
    )
    b = re.sub(r"пользователя [^\"<]*", "пользователя " + htmlmod.escape(p.author), b)
    b = re.sub(
        r'<time datetime="[^"]*">[^<]*</time>',
        f'<time datetime="{p.at.astimezone(UTC).isoformat()}">{board_time(p.at, tz)}</time>',
        b,
    )
    b = b.replace(" unreadpost", "")
    return re.sub(
        r'<div class="content">.*?</div>\s*(?=\s*<)',
        lambda _m: f'<div class="content">{p.html}</div>\n',
        b,
        count=1,
        flags=re.S,
    )


class MemoryBoard:
    """A `BoardClient` in memory; `clock()` decides which given posts/PMs exist yet.

    reads: a real board to read topics and the inbox from (a dry run); the topics this board
    opened itself are still served from memory. echo: where every write is printed.
    """

    def __init__(
        self,
        *,
        clock: Callable[[], datetime] = _now,
        host: str = "Ведущий",
        host_uid: int = 2,
        tz: str = "Europe/Moscow",
        uids: dict[str, int] | None = None,
        on_post: Callable[[BoardPost], None] | None = None,
        on_pm: Callable[[BoardPM], None] | None = None,
        reads: BoardClient | None = None,
        echo: TextIO | None = None,
        max_message_length: int | None = 60000,
    ) -> None:
        self.clock = clock
        self.reads = reads
        self.echo = echo
        self.max_message_length = max_message_length
        self.host = host
        self.host_uid = host_uid
        self.tz = ZoneInfo(tz)
        self.uids = dict(uids or {})
        self.posts: list[BoardPost] = []
        self.pms: list[BoardPM] = []  # to the host
        self.sent: list[BoardPM] = []  # by the host
        self.read: set[int] = set()
        self.on_post = on_post
        self.on_pm = on_pm
        self._topic_page = _template("phpbb_topic_page.html")
        self._pm_page = _template("phpbb_pm_view.html")
        self.requests = 0
        self.fail_next_reads = 0  # an outage: the next N reads raise BoardUnavailable
        self._next_post = 1000
        self._next_pm = 500
        self.opened_topics: dict[int, tuple[int, str]] = {}  # topic id -> (forum, subject)

    @classmethod
    def dry_run(cls, reads: BoardClient | None, out: TextIO) -> MemoryBoard:
        """Reads go to `reads` (the real board), writes are printed to `out` and kept here.

        The daemon uses a separate database in dry-run mode, so nothing printed here is
        recorded as sent in the real one."""
        return cls(reads=reads, echo=out, max_message_length=None)

    def _print(self, text: str) -> None:
        if self.echo is not None:
            print(text, file=self.echo)

    def _delegated(self, topic_id: int) -> BoardClient | None:
        """The real board that serves `topic_id` in a dry run (not one opened here)."""
        return self.reads if topic_id not in self.opened_topics else None

    # -- feeding the recorded game ---------------------------------------------------------

    def uid(self, nick: str) -> int:
        if nick not in self.uids:
            self.uids[nick] = 100 + len(self.uids)
        return self.uids[nick]

    def add_post(
        self, topic: int, author: str, at: datetime, html: str, key: str = ""
    ) -> BoardPost:
        """A post that appears on the board once the clock reaches `at`."""
        p = BoardPost(0, topic, author, self.uid(author), at, html, key=key)
        self.posts.append(p)
        return p

    def _release(self) -> None:
        """Give ids to the posts whose time has come, in time order; resolve quote links."""
        now = self.clock()
        due = sorted((p for p in self.posts if p.id == 0 and p.at <= now), key=lambda p: p.at)
        for p in due:
            self._next_post += 1
            p.id = self._next_post
        keys = {p.key: p.id for p in self.posts if p.key and p.id}
        for p in due:
            p.html = re.sub(r"\{post:([^}]+)\}", lambda m: str(keys.get(m.group(1), 0)), p.html)

    def edit_post_by(self, post_id: int, html: str) -> None:
        for p in self.posts:
            if p.id == post_id:
                p.html = html

    def add_pm(self, sender: str, at: datetime, subject: str, html: str) -> BoardPM:
        self._next_pm += 1
        m = BoardPM(self._next_pm, sender, self.uid(sender), at, subject, html, (self.host,))
        self.pms.append(m)
        return m

    def _visible(self, topic: int) -> list[BoardPost]:
        self._release()
        return sorted((p for p in self.posts if p.topic == topic and p.id), key=lambda p: p.id)

    def _check(self) -> None:
        self.requests += 1
        if self.fail_next_reads > 0:
            from scraper.errors import BoardUnavailable

            self.fail_next_reads -= 1
            raise BoardUnavailable("the board did not answer (simulated outage)")

    # -- pages -----------------------------------------------------------------------------

    def topic_html(self, topic: int, posts: Sequence[BoardPost]) -> str:
        head, block, tail = _split_first_post(self._topic_page)
        head = head.replace("viewtopic.php?t=4", f"viewtopic.php?t={topic}")
        # the recorded page is page 8 of a 72-post topic; every post here is on that one page,
        # so its counters say as many posts as it holds (else the reader rightly reports a page
        # that holds fewer posts than its counters promise)
        total = f"{_RECORDED_PAGE_START + len(posts)} сообщения"
        head, tail = (part.replace(_RECORDED_TOTAL, total) for part in (head, tail))
        return head + "".join(_post_block(block, p, self.tz) for p in posts) + tail

    def pm_html(self, m: BoardPM) -> str:
        page = self._pm_page
        start = page.index('<div id="post-')
        end = page.index('<h3 id="review"')
        block = page[start:end]
        oid = re.search(r'<div id="post-(\d+)"', block)
        assert oid is not None
        o = oid.group(1)
        block = block.replace(f"post-{o}", f"post-{m.id}").replace(f"profile{o}", f"profile{m.id}")
        block = block.replace(f"p={o}", f"p={m.id}")
        block = re.sub(
            r'<h3 class="first">[^<]*</h3>',
            f'<h3 class="first">{htmlmod.escape(m.subject)}</h3>',
            block,
            count=1,
        )
        block = re.sub(
            r"(<strong>Отправлено:</strong>)[^<]*",
            lambda mm: f"{mm.group(1)} {board_time(m.at, self.tz)}\n\t\t\t",
            block,
            count=1,
        )
        block = re.sub(
            r'(<strong>От:</strong> <a href="./memberlist.php\?mode=viewprofile&amp;u=)\d+'
            r'("[^>]*>)[^<]*(</a>)',
            lambda mm: f"{mm.group(1)}{m.uid}{mm.group(2)}{htmlmod.escape(m.sender)}{mm.group(3)}",
            block,
            count=1,
        )
        block = re.sub(
            r'(<dt class="[^"]*">\s*<div class="avatar-container">.*?</div>\s*'
            r'<a href="./memberlist.php\?mode=viewprofile&amp;u=)\d+("[^>]*>)[^<]*(</a>)',
            lambda mm: f"{mm.group(1)}{m.uid}{mm.group(2)}{htmlmod.escape(m.sender)}{mm.group(3)}",
            block,
            count=1,
            flags=re.S,
        )
        c0 = block.index('<div class="content">')
        c1 = _div_end(block, c0)
        block = block[:c0] + f'<div class="content">{m.html}</div>' + block[c1:]
        review_end = page.index("</div>", page.index('<div id="topicreview"'))
        return page[:start] + block + page[review_end + len("</div>") :]

    # -- BoardClient -----------------------------------------------------------------------

    def login(self) -> None:
        if self.reads is not None:
            self.reads.login()
            return
        self._check()

    def close(self) -> None:
        if self.reads is not None:
            self.reads.close()

    def _fetch(self, topic: int, posts: Sequence[BoardPost]) -> TopicPageFetch:
        raw = RawPage(f"{BASE}viewtopic.php?t={topic}", self.topic_html(topic, posts), self.clock())
        return TopicPageFetch(raw, 1, 1, 0, tuple(p.id for p in posts))

    def poll_topic(self, cursor: TopicCursor) -> TopicPoll:
        real = self._delegated(cursor.topic_id)
        if real is not None:
            return real.poll_topic(cursor)
        self._check()
        posts = self._visible(cursor.topic_id)
        new = [p for p in posts if cursor.last_post_id is None or p.id > cursor.last_post_id]
        if not new:
            return TopicPoll((), (), cursor)
        nxt = TopicCursor(cursor.topic_id, 1, 0, new[-1].id)
        # like the live client: the cursor's page and newer ones (here: only the new posts'
        # page, so a steady poll stays cheap)
        return TopicPoll((self._fetch(cursor.topic_id, new),), tuple(p.id for p in new), nxt)

    def read_topic_pages(
        self, topic_id: int, first_page: int = 1, last_page: int | None = None
    ) -> list[TopicPageFetch]:
        real = self._delegated(topic_id)
        if real is not None:
            return real.read_topic_pages(topic_id, first_page, last_page)
        self._check()
        posts = self._visible(topic_id)
        return [self._fetch(topic_id, posts)] if posts else []

    def list_pm_folder(self, folder: str = "inbox") -> list[PMRef]:
        if self.reads is not None and folder == "inbox":
            return self.reads.list_pm_folder(folder)
        self._check()
        now = self.clock()
        if folder == "inbox":
            return [
                PMRef(m.id, "inbox", m.id not in self.read, m.subject, m.sender)
                for m in self.pms
                if m.at <= now
            ]
        return [PMRef(m.id, "sentbox", False, m.subject, ", ".join(m.to)) for m in self.sent]

    def read_pm(self, msg_id: int, folder: str = "inbox") -> RawPage:
        if self.reads is not None and folder == "inbox":
            return self.reads.read_pm(msg_id, folder)
        self._check()
        for m in [*self.pms, *self.sent]:
            if m.id == msg_id:
                self.read.add(msg_id)
                return RawPage(
                    f"{BASE}ucp.php?i=pm&mode=view&p={msg_id}", self.pm_html(m), self.clock()
                )
        from scraper.errors import NotFound

        raise NotFound(f"no message {msg_id}")

    def fetch_unread_pms(
        self, skip: Collection[int] = (), newer_than: int | None = None
    ) -> list[FetchedPM]:
        if self.reads is not None:
            return self.reads.fetch_unread_pms(skip, newer_than)
        self._check()
        now = self.clock()
        out = []
        for m in self.pms:
            if m.at > now or m.id in skip:
                continue
            if m.id in self.read and (newer_than is None or m.id <= newer_than):
                continue
            self.read.add(m.id)
            out.append(FetchedPM(m.id, RawPage(f"{BASE}ucp.php?p={m.id}", self.pm_html(m), now)))
        return out

    def find_post_with_marker(
        self, topic_id: int, marker: str, since: TopicCursor | None = None
    ) -> int | None:
        self._check()
        for p in self.posts:
            if p.topic == topic_id and p.author == self.host and marker in p.source:
                return p.id
        return None

    def find_sent_pm_with_marker(
        self, subject: str, marker: str, since: int | None = None
    ) -> int | None:
        # `since` (the newest message id when the part was queued) only narrows the search
        # on a real board; here every sent message is at hand
        self._check()
        for m in self.sent:
            if m.subject == subject and marker in m.html:
                return m.id
        return None

    def post_reply(self, topic_id: int, text: str, subject: str | None = None) -> PostResult:
        self._print(f"===== post to topic {topic_id} =====\n{text}\n")
        self._check()
        self._release()
        self._next_post += 1
        p = BoardPost(
            self._next_post, topic_id, self.host, self.host_uid, self.clock(), render_bbcode(text)
        )
        p.source = text
        self.posts.append(p)
        if self.on_post is not None:
            self.on_post(p)
        return PostResult(p.id, f"{BASE}viewtopic.php?p={p.id}#p{p.id}")

    def new_topic(self, forum_id: int, subject: str, text: str) -> int:
        """Opens a topic: ids from 500 up (no recorded topic uses them); its first post is
        an ordinary post of that topic."""
        self._print(f"===== new topic in forum {forum_id}: {subject} =====\n{text}\n")
        echo, self.echo = self.echo, None  # its first post is printed above
        self._check()
        topic_id = 500 + len(self.opened_topics)
        self.opened_topics[topic_id] = (forum_id, subject)
        try:
            self.post_reply(topic_id, text)
        finally:
            self.echo = echo
        return topic_id

    def find_topic_with_marker(self, forum_id: int, subject: str, marker: str) -> int | None:
        self._check()
        for topic_id, (forum, title) in self.opened_topics.items():
            found = forum == forum_id and title == subject
            if found and self.find_post_with_marker(topic_id, marker) is not None:
                return topic_id
        return None

    def edit_post(self, post_id: int, text: str, subject: str | None = None) -> PostResult:
        self._print(f"===== edit of post {post_id} =====\n{text}\n")
        self._check()
        for p in self.posts:
            if p.id == post_id:
                p.source = text
                p.html = render_bbcode(text)
                if self.on_post is not None:
                    self.on_post(p)
        return PostResult(post_id, f"{BASE}viewtopic.php?p={post_id}#p{post_id}")

    def send_pm(self, recipients: Sequence[str], subject: str, text: str) -> PMResult:
        self._print(f"===== PM to {', '.join(recipients)}: {subject} =====\n{text}\n")
        self._check()
        self._next_pm += 1
        m = BoardPM(
            self._next_pm, self.host, self.host_uid, self.clock(), subject, text, tuple(recipients)
        )
        self.sent.append(m)
        if self.on_pm is not None:
            self.on_pm(m)
        return PMResult(m.id, tuple(recipients))


def _div_end(s: str, start: int) -> int:
    depth = 0
    for m in re.finditer(r"<div\b|</div>", s[start:]):
        depth += 1 if m.group(0) == "<div" else -1
        if depth == 0:
            return start + m.end()
    return len(s)


@dataclass
class Timeline:
    """A recorded game as data: who posted / wrote what, when (see demo JSON files)."""

    posts: list[dict[str, object]] = field(default_factory=list)
    pms: list[dict[str, object]] = field(default_factory=list)
