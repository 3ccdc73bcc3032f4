"""`BoardClientBase`: what every board client does the same way, whatever the board.

phpBB and Invision boards differ in URLs, markup and form fields, not in how a bot uses them:
log in or restore the saved session, notice a lost session and log in once more, walk a
topic's pages from a cursor, look for its own post or PM by marker, list PM folders page by
page, check a text against the length limit, and space its writes the way the board's flood
control demands. The base class holds that flow once; a board client (`scraper.phpbb`,
`scraper.ipb`) supplies the board's facts through a few small methods:

- `_fetch_topic_page(url)` (the page read once, by `parser.pages`: its posts and its
  navigation alike, handed over in the fetch), `_cursor_url(cursor)`, `_page_url(topic, n)`,
  `_last_page_guess(topic)`, `_per()` — where pages are and what is on them;
- `_looks_logged_out(resp)`, `_page_logged_in(resp)`, `_has_member_cookie()`, `_login()`,
  `_error_of(text)`, `_own_id_in(text)` — the session, whose it is, and the board's error box;
- `_folder_url(folder)`, `_folder_page(text, folder)`, `_folder_next(links, url, seen)`,
  `_pm_has_marker(page, marker)`, and the `sent_folders` attribute — the PM folders.

"Is this post mine" is decided by the bot's board user id, which every page served to its
session shows in its header (`_own_id_in`) and the session's cookie holds
(`_session_user_id`), learned at login or from the first page of a restored session; a post
that shows no id on a page whose posts show them is a guest's. Only where a board shows no id
does the account's exact spelling decide (`parser.identity.account_key`) — never a name that
merely reads like the bot's.

Writes go through `self.pacer` (`scraper.pacing.WritePacer`); every deliberate wait (flood,
form age, retry backoff, the polite delay) goes through `self._sleep`, which a stop check
installed with `interrupt_with` cuts short.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Protocol
from urllib.parse import urljoin

import httpx

from parser.identity import account_key
from parser.records import PMFolder, Post, TopicPage
from scraper.board import (
    FetchedPM,
    PMRef,
    RawPage,
    TopicCursor,
    TopicPageFetch,
    TopicPoll,
    TopicStream,
)
from scraper.errors import (
    AccountBanned,
    BoardDisabled,
    CaptchaRequired,
    MessageTooLong,
    NotFound,
    SessionExpired,
    ShutOut,
    UnexpectedPage,
)
from scraper.http import BoardHttp, TransportSettings, ascii_bytes, page_text, redact
from scraper.pacing import StopCheck, Waiter, WritePacer, as_stop_check

log = logging.getLogger(__name__)


class ClientSettings(TransportSettings, Protocol):
    """The fields every board client's settings carry (beyond the transport's)."""

    @property
    def base_url(self) -> str: ...
    @property
    def username(self) -> str: ...
    @property
    def tz(self) -> str: ...
    @property
    def max_message_length(self) -> int | None: ...
    @property
    def max_subject_length(self) -> int | None: ...
    @property
    def flood_interval(self) -> float: ...
    @property
    def flood_exempt(self) -> bool | None: ...
    @property
    def flood_retries(self) -> int: ...
    @property
    def max_flood_wait(self) -> float: ...
    @property
    def marker_search_pages(self) -> int: ...
    @property
    def pm_folder_pages(self) -> int: ...


def norm(text: str) -> str:
    """Whitespace folded: boards re-wrap text and names."""
    return " ".join(text.split())


# the header's new-PM counter: IPB 1.x/2.x «<a href='…act=Msg&amp;CODE=01'>3 новых писем</a>»
# (English «3 New Messages»), phpBB 3.x prosilver «…folder=inbox…><strong class="badge">3<»
_PM_BADGE = re.compile(
    r"act=Msg&amp;CODE=01'>(\d+) (?:нов|new)"
    r"|folder=inbox\"[^>]*>(?:(?!</a>).){0,300}?<strong class=\"badge(?: hidden)?\">(\d+)<",
    re.S | re.I,
)
# where each board's counter opens as its own header writes it (`_pm_badge_in`)
_PM_BADGE_OPENINGS = ('folder=inbox"', "act=Msg&amp;CODE=01'>")


def _pm_badge_near(data: bytes) -> re.Match[str] | None:
    """`_pm_badge_in` of a page's bytes (`scraper.http.ascii_bytes`) where it can tell from
    the few kilobytes after the first of the board's own openings of the counter's link,
    decoded alone; None where it cannot (no opening, no match there, or bytes that are not
    UTF-8 there), and the page's text must say."""
    for opening in _PM_BADGE_OPENINGS:
        at = data.find(opening.encode())
        if at < 0:
            continue  # not in the text either: the next opening, as `_pm_badge_in` does
        chunk = data[at : at + _BADGE_WINDOW]
        try:
            text = chunk.decode("utf-8")
        except UnicodeDecodeError as exc:
            if exc.reason != "unexpected end of data":
                return None
            text = chunk[: exc.start].decode("utf-8")  # the window cut a character short
        # a match in the window is the match at the opening in the whole text (it ends inside)
        return _PM_BADGE.match(text)
    return None


_BADGE_WINDOW = 4096


def _pm_badge_in(text: str, stop: int | None = None) -> re.Match[str] | None:
    """`_PM_BADGE` in a page: tried first where the board's own spelling of the counter's
    link stands (the header, before any post), then over the whole page in any case
    (`_caseless_badge`). With `stop`, only a match that starts before it (the page's header,
    where the board prints the counter: `parser.ipb.topic.header_end`): a page without the
    counter is searched that far, not to its end, and no post can stand for the counter."""
    end = len(text) if stop is None else stop
    for opening in _PM_BADGE_OPENINGS:
        at = text.find(opening, 0, end + len(opening) - 1)
        if at >= 0 and (m := _PM_BADGE.match(text, at)) is not None:
            return m
    return _caseless_badge(text, stop)


def _anchors(opening: str) -> tuple[tuple[str, ...], int]:
    """Plain strings that find every place where `opening` may stand in any case, and how far
    into the opening they begin: its tail after the last letter when that tail is long enough
    to be rare («=01'>»), else the tail from its last letter on in both cases of that letter."""
    last = max(i for i, c in enumerate(opening) if c.isalpha())
    if len(opening) - last - 1 >= 3:
        return (opening[last + 1 :],), last + 1
    tail = opening[last:]
    return (tail[0].lower() + tail[1:], tail[0].upper() + tail[1:]), last


_BADGE_ANCHORS = tuple(_anchors(o) for o in _PM_BADGE_OPENINGS)


def _caseless_badge(text: str, stop: int | None = None) -> re.Match[str] | None:
    """`_PM_BADGE.search(text)`, found faster: every match begins with one of the counter's
    openings in some case, found by a plain search for a tail of it (`_anchors`); the caseless
    pattern is tried only there. The pattern's own search walks a 160 KB page in ~2-5 ms, and
    a page without the counter (no new letters; IPS 4) is searched to its end on every read;
    the plain searches take a few tenths of that. With `stop`, only a match that starts before
    it (`_pm_badge_in`)."""
    best: re.Match[str] | None = None
    for tails, back in _BADGE_ANCHORS:
        for tail in tails:
            # a tail found inside [back, end) is one whose match starts before `stop`
            end = len(text) if stop is None else stop + back + len(tail) - 1
            at = text.find(tail, back, end)
            while at >= 0:
                m = _PM_BADGE.match(text, at - back)
                if m is not None and (best is None or m.start() < best.start()):
                    best = m
                    break  # later places of this tail start later
                at = text.find(tail, at + 1, end)
    return best


# a folder page's «N из M»: IPB 1.x «У Вас 6 писем из 50», phpBB «(2 из 50 сообщений)»,
# English «(2 out of 50 messages stored)» / «6 of 50»
_FILL = re.compile(
    r"(\d+)\s+(?:писем\s+|сообщений\s+|messages\s+)?(?:из|out of|of)\s+(\d+)"
    r"(?=\s*(?:,|\)|сообщ|писем|messages|максимально|allowed|stored))",
    re.I,
)


# what boards say when they shut an account out (Russian and English packs)
_BANNED = (
    "забанен",  # IPB «Вы ЗАБАНЕНЫ на этом форуме»
    "закрыт доступ к конференции",  # phpBB 3.x ru
    "you have been banned",
    "you are banned",
    "has been banned",
)
_DISABLED = (
    "на профилактике",  # IPB 1.x «Форум на профилактике»
    "конференция отключена",
    "в настоящее время недоступна",  # phpBB's default «…эта конференция в настоящее время…»
    "board is currently disabled",
    "board is currently unavailable",
    "board is offline",
    "is currently offline",
)
_CAPTCHA_WORDS = (
    "против спам-ботов",  # phpBB ru: after too many logins, «…проверку средством против…»
    "captcha",
    "капч",
    "код подтверждения",
    "код с картинки",
    "visual confirmation",
    "confirmation code",
)
# a refusal that, shown on the board's index too, means the account may see nothing
_DENIED = ("запрещ", "закрыт доступ", "denied", "not allowed", "no permission")
# messages that say what is wrong with one request, never that the bot is shut out
_NOT_A_SHUT_OUT = (
    "не существует",
    "не найден",
    "битой или удал",
    "does not exist",
    "not found",
    "флуд",
    "flood",
)


def shut_out_kind(says: str) -> type[ShutOut] | None:
    """The kind of shut-out a board's message names, if it names one."""
    if _has_any(says, _CAPTCHA_WORDS):
        return CaptchaRequired
    if _has_any(says, _BANNED):
        return AccountBanned
    if _has_any(says, _DISABLED):
        return BoardDisabled
    return None


def _has_any(text: str, phrases: Iterable[str]) -> bool:
    low = text.lower()
    return any(p in low for p in phrases)


def page_title(page: str) -> str:
    """A page's `<title>` (the board's own words for what the page is)."""
    m = re.search(r"<title>([^<]*)</title>", page[:4000], re.I)
    return m.group(1) if m else ""


class BoardClientBase:
    """The board-neutral half of a `BoardClient` (see the module docstring)."""

    #: PM folders a message the bot sent may be listed in, searched in this order
    sent_folders: tuple[str, ...] = ("sentbox",)

    def __init__(
        self,
        settings: ClientSettings,
        *,
        transport: httpx.BaseTransport | None,
        clock: Callable[[], float],
        sleep: Callable[[float], None],
        on_cookies: Callable[[httpx.Response], None] | None = None,
    ) -> None:
        self.base_url = (
            settings.base_url if settings.base_url.endswith("/") else settings.base_url + "/"
        )
        self.max_message_length = settings.max_message_length
        self.max_subject_length = settings.max_subject_length
        self._clock = clock
        self._waiter = Waiter(clock, sleep)
        self._sleep: Callable[[float], None] = self._waiter
        self._net = BoardHttp.for_settings(
            settings,
            transport=transport,
            clock=clock,
            sleep=self._waiter,
            on_cookies=on_cookies,
        )
        self._net.before_request = self._waiter.check_request
        self.pacer = WritePacer(self._waiter, clock, settings.flood_interval, settings.flood_exempt)
        self._logged_in = False
        self._client_settings = settings
        # the mailbox as the last folder page showed it: (letters held, quota), and each
        # folder's rows as last listed (what a tidy-up may delete without asking again)
        self._fill: tuple[int, int] | None = None
        self._listed: dict[str, list[PMRef]] = {}
        self._pm_badge: int | None = None
        # posts a topic page, as a page has shown it (None: not yet; `_per()` guesses then)
        self._per_page: int | None = None
        # the board user id of the bot's own account, as the board's pages show it (None:
        # not seen yet, or a board whose pages do not show it)
        self._own_id: int | None = None

    # -- plumbing --------------------------------------------------------------------------

    def url(self, path: str) -> str:
        return urljoin(self.base_url, path)

    def _now(self) -> datetime:
        return datetime.fromtimestamp(self._clock(), UTC)

    @property
    def _http(self) -> httpx.Client:
        return self._net.client

    @property
    def requests_made(self) -> int:
        return self._net.requests_made

    @property
    def board_clock_offset(self) -> float | None:
        """The board's clock minus this machine's, in seconds, as its last answer told (its
        `Date` header); None until it has said (optional on a `BoardClient`)."""
        return self._net.clock_offset

    def _text(self, resp: httpx.Response) -> str:
        """An answer's text (`scraper.http.page_text`: `parser.encoding.decode_html`)."""
        return page_text(resp)

    def _raw(self, resp: httpx.Response) -> RawPage:
        return RawPage(str(resp.url), self._text(resp), self._now(), resp.status_code)

    def interrupt_with(self, stop: StopCheck | threading.Event | None) -> None:
        """Install (or with None remove) a stop check: waits end early and no new write
        starts once it is true (`scraper.errors.Interrupted`). The poster installs the
        daemon's stop flag for the length of a flush."""
        self._waiter.stop = as_stop_check(stop)

    def stop_on(self, stop: StopCheck | threading.Event | None) -> None:
        """Install (or with None remove) the process's standing stop check: once it is true,
        no request starts and every wait ends (`scraper.errors.Interrupted`). The daemon
        installs its SIGTERM flag for as long as it runs; the poster's `interrupt_with`
        stays its own."""
        self._waiter.standing = as_stop_check(stop)

    def close(self) -> None:
        self._net.close()

    # -- session ---------------------------------------------------------------------------

    def login(self) -> None:
        """Log in unless a stored session may still work. A stored member cookie is taken on
        trust and the first page the bot reads proves it (a logged-out page logs in again,
        `_member_get`): a fresh process spends no request on checking its session."""
        if self._has_member_cookie():
            self._logged_in = True
            log.info("board session restored for %s", self._client_settings.username)
            return
        self._login()

    @property
    def pm_badge(self) -> int | None:
        """New private messages as the header of the last topic page read showed them
        (IPB «N новых писем», phpBB's badge on «Личные сообщения»); None where the page does
        not show it. One topic page tells both «new posts?» and «new letters?»."""
        return self._pm_badge

    def _note_pm_badge_of(self, resp: httpx.Response) -> None:
        """`_note_pm_badge` of an answer, from its bytes where they tell (`_pm_badge_near`):
        a topic page need not be decoded for its counter."""
        data = ascii_bytes(resp)
        m = _pm_badge_near(data) if data is not None else None
        if m is None:
            self._note_pm_badge(self._text(resp))
            return
        self._pm_badge = int(next(g for g in m.groups() if g is not None))

    def _note_pm_badge(self, text: str, stop: int | None = None) -> None:
        """The counter as `text` shows it; `stop`: where the page's header ends
        (`_pm_badge_in`)."""
        m = _pm_badge_in(text, stop)
        if m is None:
            self._pm_badge = None
            return
        self._pm_badge = int(next(g for g in m.groups() if g is not None))

    @property
    def own_user_id(self) -> int | None:
        """The bot account's board user id as the board's pages show it (None: not seen yet,
        or a board that does not show it)."""
        return self._own_id

    def _own_id_in(self, text: str) -> int | None:
        """The user id of the account a page was served to, from the page's own markup."""
        raise NotImplementedError

    def _session_user_id(self) -> int | None:
        """The user id the session's own cookie names, which the board set at login (None:
        no such cookie, or a guest's)."""
        return None

    def _learn_own_id(self, text: str, *, login: bool = False) -> None:
        """Take the bot's user id from a page served to its session: the page a login lands
        on always (a new session), any other page while the id is not known (a restored
        session logs in no more). Where the page's header shows no id (a style without the
        member's profile link), the session's cookie says it."""
        if self._own_id is not None and not login:
            return
        found = self._own_id_in(text)
        if found is None:
            found = self._session_user_id()
        if found is not None:
            if found != self._own_id:
                log.debug("the board knows %s as user %d", self._client_settings.username, found)
            self._own_id = found

    def _is_mine(self, author: str, author_id: int | None, *, ids_shown: bool = False) -> bool:
        """Whether a post or message by (author, author_id) is the bot's own: by the board's
        user id where both are known. A post without an id on a page whose posts show them
        (`ids_shown`) is a guest's, never the bot's. Else by the account's exact spelling
        (`parser.identity.account_key`) — a look-alike name («Ведущuй», a zero-width or
        no-break space) is another account."""
        if author_id is not None and self._own_id is not None:
            return author_id == self._own_id
        if author_id is None and ids_shown:
            return False
        return account_key(author) == account_key(self._client_settings.username)

    def _has_member_cookie(self) -> bool:
        raise NotImplementedError

    def _page_logged_in(self, resp: httpx.Response) -> bool:
        raise NotImplementedError

    def _login(self) -> None:
        raise NotImplementedError

    def _looks_logged_out(self, resp: httpx.Response) -> bool:
        raise NotImplementedError

    def _error_of(self, text: str) -> str | None:
        """The board's own words on an error or info page."""
        raise NotImplementedError

    def _check_shut_out(self, says: str | None, page: str = "") -> None:
        """A page that should have shown content showed only the board's message `says`:
        raise the matching `ShutOut` when the board shuts the bot out (its account banned,
        the board switched off, a CAPTCHA to solve). A message of no known kind is checked
        against the board's index: a board whose every page is that message is switched off
        (phpBB shows the administrator's own text); one page refused is not a shut-out."""
        if not says:
            # IPB 1.x's switched-off board names itself only in its title («Форум на
            # профилактике») above the administrator's text and a login form
            title = page_title(page)
            if shut_out_kind(title) is not None:
                raise BoardDisabled(title)
            return
        kind = shut_out_kind(says + " " + page_title(page))
        if kind is not None:
            raise kind(says)
        if _has_any(says, _NOT_A_SHUT_OUT):
            return
        index = self._get(self.url(""))
        if index.status_code == 200 and self._error_of(self._text(index)) == says:
            # IPB 1.3 shows a banned group «Вам запрещён доступ в этот форум» on every page
            raise (AccountBanned if _has_any(says, _DENIED) else BoardDisabled)(says)

    def _get(self, url: str, *, follow: int = 5) -> httpx.Response:
        return self._net.get(url, follow=follow)

    def _member_get(self, url: str) -> httpx.Response:
        """GET a page that must be seen logged in; re-login once if the session is gone."""
        shown = redact(url)
        if not self._logged_in:
            self.login()
        resp = self._get(url)
        if self._looks_logged_out(resp):
            log.info("board session lost (logged-out page for %s); logging in again", shown)
            self._logged_in = False
            self._login()
            resp = self._get(url)
            if self._looks_logged_out(resp):
                raise SessionExpired(
                    f"still logged out after logging in again as "
                    f"{self._client_settings.username} ({shown}); the board may bind sessions "
                    "to IP or browser"
                )
        if resp.status_code == 404:
            raise NotFound(self._error_of(self._text(resp)) or f"not found: {shown}")
        if resp.status_code >= 400:
            raise UnexpectedPage(f"the board answered {resp.status_code} for {shown}")
        if self._own_id is None:
            self._learn_own_id(self._text(resp))
        return resp

    # -- topics ----------------------------------------------------------------------------

    def _fetch_topic_page(self, url: str) -> TopicPageFetch:
        raise NotImplementedError

    def _topic_fetch(
        self, resp: httpx.Response, text: str | None, fetched_at: datetime, parsed: TopicPage
    ) -> TopicPageFetch:
        """A topic page as fetched, with its one reading (`parsed`, read in the board's zone
        at `fetched_at`) and the navigation facts taken from it. Where the page shows no page
        size, its offset comes from the size an earlier page showed: the address it was asked
        for says nothing when it lies past the end (the last page asked for by a huge offset)."""
        learned = self._per_page
        if parsed.page <= 1:
            start = 0
        elif parsed.per_page is None and learned:
            start = (parsed.page - 1) * learned
        elif parsed.start is not None:
            start = parsed.start
        else:
            start = (parsed.page - 1) * self._per()
        return TopicPageFetch(
            RawPage(str(resp.url), text, fetched_at, resp.status_code)
            if text is not None  # read from its bytes: decoded if something wants the text
            else RawPage.later(
                str(resp.url), lambda: self._text(resp), fetched_at, resp.status_code
            ),
            parsed.page,
            parsed.total_pages,
            start,
            tuple(p.id for p in parsed.posts),
            parsed.next_url,
            parsed,
            self._client_settings.tz,
        )

    def _cursor_url(self, cursor: TopicCursor) -> str:
        """The URL of the page a cursor stands on."""
        raise NotImplementedError

    def _page_url(self, topic_id: int, page: int) -> str:
        """The URL of page `page` (1-based) with the page size as known now."""
        raise NotImplementedError

    def _last_page_guess(self, topic_id: int) -> str:
        """The page to ask for first when looking for a topic's last one."""
        raise NotImplementedError

    def _last_page(self, topic_id: int) -> TopicPageFetch:
        """The topic's last page: the board's own link to it from the page asked for first
        (the page size may still be a guess), else that page by number."""
        first = self._fetch_topic_page(self._last_page_guess(topic_id))
        if first.page >= first.total_pages:
            return first
        last_url = first.parsed.last_url if first.parsed is not None else None
        return self._fetch_topic_page(last_url or self._page_url(topic_id, first.total_pages))

    def _per(self) -> int:
        """Posts per topic page, as far as the client knows."""
        raise NotImplementedError

    def _walk(self, cur: TopicPageFetch, last_page: int | None) -> Iterator[TopicPageFetch]:
        """`cur` and the pages after it up to `last_page` (None: the end), each fetched when
        the caller asks for it; only the page in hand is referenced here (no name is left on
        the first page). The next page is the one the fetch's reading links to."""
        while True:
            yield cur
            if last_page is not None and cur.page >= last_page:
                return
            nxt_url = cur.next_url
            if nxt_url is None or cur.page >= cur.total_pages:
                return
            nxt = self._fetch_topic_page(nxt_url)
            if nxt.page <= cur.page:  # a board that loops back; never spin
                return
            cur = nxt

    def stream_topic(self, cursor: TopicCursor) -> TopicStream:
        """The cursor's page and every newer one, fetched as the caller reads them."""

        def pages() -> Iterator[TopicPageFetch]:
            yield from self._walk(self._fetch_topic_page(self._cursor_url(cursor)), None)

        return TopicStream(cursor, pages())

    def poll_topic(self, cursor: TopicCursor) -> TopicPoll:
        stream = self.stream_topic(cursor)
        pages = tuple(stream)
        log.debug(
            "polled topic %d: %d page(s), %d new post(s)",
            cursor.topic_id,
            len(pages),
            len(stream.new_post_ids),
        )
        return TopicPoll(pages, tuple(stream.new_post_ids), stream.cursor)

    def read_topic_pages(
        self, topic_id: int, first_page: int = 1, last_page: int | None = None
    ) -> list[TopicPageFetch]:
        return list(self.iter_topic_pages(topic_id, first_page, last_page))

    def iter_topic_pages(
        self, topic_id: int, first_page: int = 1, last_page: int | None = None
    ) -> Iterator[TopicPageFetch]:
        """`read_topic_pages`, each page fetched when the caller reaches it (the deadline
        re-read of a long turn holds one page at a time)."""
        yield from self._walk(self._numbered_page(topic_id, first_page), last_page)

    def _numbered_page(self, topic_id: int, page: int) -> TopicPageFetch:
        guessed = self._per()
        got = self._fetch_topic_page(self._page_url(topic_id, page))
        if got.page != page and self._per() != guessed:
            # the page size was a guess until this page told the real one
            got = self._fetch_topic_page(self._page_url(topic_id, page))
        return got

    def find_post_with_marker(
        self, topic_id: int, marker: str, since: TopicCursor | None = None
    ) -> int | None:
        """The bot's own post holding `marker`. With `since` (where the topic stood when the
        part was queued) every page from there to the end is read, however many — one page
        earlier than saved, as posts deleted since then move later ones back; without it
        only the last `marker_search_pages` pages (rows saved before positions existed)."""
        if since is not None:
            back = replace(
                since, page=max(1, since.page - 1), start=max(0, since.start - self._per())
            )
            pages: Iterable[TopicPageFetch] = self._pages_from(topic_id, back)
        else:
            pages = self._last_pages(topic_id, self._client_settings.marker_search_pages)
        return self._own_post_in(pages, marker)

    def _own_posts(self, posts: Sequence[Post]) -> list[Post]:
        """The bot's own posts (`_is_mine`) among one page's posts, in page order: where the
        page's posts show their authors' ids, one without an id is a guest's."""
        ids_shown = any(p.author_id is not None for p in posts)
        return [p for p in posts if self._is_mine(p.author, p.author_id, ids_shown=ids_shown)]

    def _own_post_in(self, pages: Iterable[TopicPageFetch], marker: str) -> int | None:
        """The bot's own post (`_own_posts`) on these pages whose text holds `marker`, read
        from each fetch's own reading of its page (pages are fetched lazily: the search
        stops at the first page that has it). A marker can be computed from public data, so
        whose post holds it is what proves the message was posted."""
        for page in pages:
            posts = page.parsed.posts if page.parsed is not None else ()
            # own text only (outside quotes): a player quoting the bot never counts
            for post in reversed(self._own_posts(posts)):
                if marker in norm(post.own_text):
                    return post.id
        return None

    def _pages_from(self, topic_id: int, cursor: TopicCursor) -> Iterable[TopicPageFetch]:
        """Pages from the cursor's to the end, fetched one at a time as the caller reads."""
        cur = self._fetch_topic_page(self._cursor_url(replace(cursor, topic_id=topic_id)))
        if cur.page > cursor.page:
            # a fresh client guessed the page size too large and landed past the page: the
            # page it got tells the real size, so ask again by number (else from the start)
            cur = self._fetch_topic_page(self._page_url(topic_id, cursor.page))
            if cur.page > cursor.page:
                cur = self._fetch_topic_page(self._page_url(topic_id, 1))
        yield from self._walk(cur, None)

    def _last_pages(self, topic_id: int, count: int) -> Iterable[TopicPageFetch]:
        last = self._last_page(topic_id)
        yield last
        for back in range(1, count):
            if last.page - back < 1:
                return
            yield self._fetch_topic_page(self._page_url(topic_id, last.page - back))

    # -- private messages ------------------------------------------------------------------

    def _folder_url(self, folder: str) -> str:
        raise NotImplementedError

    def _folder_page(self, text: str, folder: str) -> PMFolder:
        """A folder page read once: its rows and its links onward (`PMFolder.next_links`)."""
        raise NotImplementedError

    def _folder_next(self, links: Sequence[str], url: str, seen: set[str]) -> str | None:
        """The folder's next page not yet read (`seen` holds `_folder_key`s), if any, of the
        page at `url` whose links onward are `links` (`PMFolder.next_links`)."""
        raise NotImplementedError

    def _folder_key(self, url: str) -> str:
        """A folder page's URL as compared with pages already read."""
        return url

    def _pm_has_marker(self, page: RawPage, marker: str) -> bool:
        raise NotImplementedError

    def list_pm_folder(self, folder: str = "inbox", newer_than: int | None = None) -> list[PMRef]:
        """Every row of a PM folder, following its pages up to `pm_folder_pages`; stops at a
        page that lists nothing new. With `newer_than` the cap does not apply while pages
        still list messages with larger ids (a marker search must reach the end)."""
        url: str | None = self._folder_url(folder)
        rows: dict[int, PMRef] = {}
        seen: set[str] = set()
        cap = self._client_settings.pm_folder_pages
        while url is not None and self._folder_key(url) not in seen:
            seen.add(self._folder_key(url))
            resp = self._member_get(url)
            text = self._text(resp)
            self._fill = self._fill_of(text) or self._fill
            listing = self._folder_page(text, folder)  # rows and links from one parse
            listed = [PMRef(m.id, folder, m.unread, m.subject, m.sender) for m in listing.messages]
            new = [r for r in listed if r.id not in rows]
            for r in new:
                rows[r.id] = r
            if not new:
                break
            if len(seen) >= cap and (newer_than is None or all(r.id <= newer_than for r in new)):
                break
            url = self._folder_next(listing.next_links, str(resp.url), seen)
        self._listed[folder] = list(rows.values())
        return list(rows.values())

    # -- the mailbox's quota ---------------------------------------------------------------

    @property
    def mailbox_fill(self) -> tuple[int, int] | None:
        """(letters the box holds, its quota) as the last folder page listed said, when the
        board shows them (IPB «У Вас 6 писем из 50», phpBB «(2 из 50 сообщений)»)."""
        return self._fill

    def listed_pms(self, folder: str) -> list[PMRef] | None:
        """The rows of `folder` as last listed by this client (None: not listed yet)."""
        return self._listed.get(folder)

    def _fill_of(self, text: str) -> tuple[int, int] | None:
        """The box's fill from a folder page; None where the page does not say."""
        m = _FILL.search(text)
        return (int(m.group(1)), int(m.group(2))) if m else None

    def delete_pms(self, ids: Collection[int], folder: str = "inbox") -> None:
        """Remove letters from one of the bot's folders (ones it has stored, or Sent copies
        it no longer needs), so that the box never fills; the board's own delete form."""
        raise NotImplementedError

    def _forget_listed(self, ids: Collection[int], folder: str) -> None:
        gone = set(ids)
        if folder in self._listed:
            self._listed[folder] = [r for r in self._listed[folder] if r.id not in gone]
        if self._fill is not None:
            self._fill = (max(0, self._fill[0] - len(gone)), self._fill[1])

    def _fetch_messages(
        self, rows: Iterable[PMRef], skip: Collection[int], newer_than: int | None
    ) -> list[FetchedPM]:
        """Open unread rows (and, with `newer_than`, read ones with larger ids) not in `skip`:
        the single-message inbox of phpBB and IPB 1.x/2.x."""
        out: list[FetchedPM] = []
        for row in sorted(rows, key=lambda r: r.id):
            if row.id in skip:
                continue
            if row.unread or (newer_than is not None and row.id > newer_than):
                out.append(FetchedPM(row.id, self.read_pm(row.id)))
        return out

    def read_pm(self, msg_id: int, folder: str = "inbox") -> RawPage:
        raise NotImplementedError

    def find_sent_pm_with_marker(
        self, subject: str, marker: str, since: int | None = None
    ) -> int | None:
        """Id of a message the bot sent with this subject whose text holds `marker`. With
        `since` (the highest sent-message id when the part was queued) only newer messages
        are opened, and the folders are listed as far as they hold newer ones."""
        want = norm(subject)
        for folder in self.sent_folders:
            for row in self.list_pm_folder(folder, newer_than=since):
                if since is not None and row.id <= since:
                    continue
                # a sent folder may prefix the subject (IPB 1.3: «Отправлено: …»); the
                # marker, not the subject, proves which message it is
                got = norm(row.subject)
                if got != want and not got.endswith((" " + want, ":" + want)):
                    continue
                if self._pm_has_marker(self.read_pm(row.id, folder), marker):
                    return row.id
        return None

    # -- writing ---------------------------------------------------------------------------

    def _check_length(self, text: str) -> None:
        limit = self.max_message_length
        if limit is not None and len(text) > limit:
            raise MessageTooLong(len(text), limit)
