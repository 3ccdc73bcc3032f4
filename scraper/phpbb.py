"""`PhpbbClient`: the `BoardClient` for phpBB 3.x (prosilver-based styles).

How the board behaves (see fixtures/phpbb/http/README.md for the recorded evidence):

- Login is `ucp.php?mode=login`; the form carries `creation_time`, `form_token`, `sid` and two
  `redirect`s, all sent back. Success is a 302 and the `<prefix>_u` cookie no longer 1; the
  cookie prefix differs per board, so it is read from Set-Cookie, never assumed.
- A lost session is not an error status: members-only pages answer 200 with `form#login`,
  and other pages lose the `mode=logout` link. We log in again once and repeat the request.
- Every form refuses a submit in the same second it was served and after 7200 s; we wait
  `min_form_age` after fetching a form and refetch forms older than `max_form_age`.
- Posts and PMs share one flood timer per user (15 s by default); we space our own writes
  and, if refused anyway, wait the interval out and resubmit the form the board returned.
- There are no 304s: every poll is a full page, so polling reads the fewest pages possible.

GETs are retried with exponential backoff on 5xx, timeouts, connection errors and truncated
pages. Form submits that create something are never retried blindly: a lost answer may hide a
post the board accepted, and only the poster (which knows the message's marker) may decide.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urljoin

import httpx
from selectolax.lexbor import LexborHTMLParser

from parser.pages import parse_pm, parse_pm_folder, parse_topic
from scraper import forms
from scraper.board import (
    FetchedPM,
    PMRef,
    PMResult,
    PostResult,
    RawPage,
    TopicCursor,
    TopicPageFetch,
    TopicPoll,
)
from scraper.errors import (
    FloodLimited,
    FormExpired,
    LoginFailed,
    MessageTooLong,
    NoPermission,
    NotFound,
    PostingRefused,
    ScraperError,
    SessionExpired,
    TopicLocked,
    UnexpectedPage,
    UnknownRecipient,
)
from scraper.http import DEFAULT_USER_AGENT, BoardHttp, is_html, redact

log = logging.getLogger(__name__)

_FOLDER_IDS = {"inbox": 0, "sentbox": -1, "outbox": -2}

# Board refusals, by phrase, in the Russian and English language packs.
_FLOOD = ("сразу после предыдущего", "so soon after your last", "another post so soon")
_TOKEN = ("ошибка отправки формы", "submitted form was invalid")
_TOO_LONG = ("максимальное разрешённое количество символов", "maximum number of allowed char")
_UNKNOWN_USER = (
    "пользователи не существуют",
    "получатель сообщения не выбран",
    "users to be added do not exist",
    "no recipient",
)
_LOCKED = ("тема закрыта", "закрыта, вы не можете", "topic is locked")
_NO_PERMISSION = (
    "нет доступа",
    "нет прав",
    "не можете отвечать",
    "не авторизованы",
    "не можете редактировать",
    "cannot edit",
    "no longer edit",
    "cannot reply",
    "not allowed to",
    "not authorised",
    "not authorized",
    "no permission",
)
_SENT = ("успешно отправлено", "sent successfully", "has been sent", "posted successfully")
_QUEUED = ("одобрено модератором", "одобрения модератором", "approved by a moderator")
_NOT_FOUND = (
    "не существует",
    "не найдено",
    "не найден",
    "does not exist",
    "not found",
    "could not be found",
)


@dataclass(frozen=True, slots=True)
class PhpbbSettings:
    """Everything a `PhpbbClient` needs; the daemon builds it from config."""

    base_url: str  # e.g. "https://forum.example.org/" (board root, with trailing slash)
    username: str
    password: str = field(repr=False)  # never in logs or tracebacks
    remember_me: bool = True
    user_agent: str = DEFAULT_USER_AGENT
    cookie_file: Path | None = None
    min_interval: float = 1.0  # seconds between any two requests (politeness)
    timeout: float = 30.0
    retries: int = 5  # attempts per GET before BoardUnavailable
    backoff: float = 2.0  # first retry wait; doubles each time
    max_backoff: float = 120.0
    flood_interval: float = 15.0  # the board's flood interval (posts and PMs share it)
    flood_retries: int = 3
    min_form_age: float = 1.5  # phpBB refuses a form submitted in the second it was served
    max_form_age: float = 7000.0  # phpBB's form token lifetime is 7200 s
    posts_per_page: int = 10  # used until a page tells the real value
    max_message_length: int | None = 60000
    max_subject_length: int | None = 120  # phpBB's subject field (maxlength 120)
    marker_search_pages: int = 3
    pm_folder_pages: int = 10  # PM folder pages listed at most (25-50 messages a page)


@dataclass(slots=True)
class _FormPage:
    form: forms.Form
    url: str
    served_at: float


class PhpbbClient:
    """phpBB 3.x board client (reading and writing). Not thread-safe: one per bot."""

    def __init__(
        self,
        settings: PhpbbSettings,
        *,
        transport: httpx.BaseTransport | None = None,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        self.base_url = (
            settings.base_url if settings.base_url.endswith("/") else settings.base_url + "/"
        )
        self.max_message_length = settings.max_message_length
        self.max_subject_length = settings.max_subject_length
        self._clock = clock
        self._sleep = sleep
        self._net = BoardHttp.for_settings(
            settings, transport=transport, clock=clock, sleep=sleep, on_cookies=self._learn_cookies
        )
        self.cookie_prefix: str | None = _prefix_from_names(c.name for c in self._http.cookies.jar)
        self._last_write_at: float | None = None
        self._per_page: int | None = None
        self._logged_in = False

    # -- plumbing --------------------------------------------------------------------------

    def url(self, path: str) -> str:
        return urljoin(self.base_url, path)

    def _now(self) -> datetime:
        return datetime.fromtimestamp(self._clock(), UTC)

    # The transport (pacing, retries, error wrapping, redaction, cookie jar) is shared with
    # the IPB client: scraper.http.BoardHttp.

    @property
    def _http(self) -> httpx.Client:
        return self._net.client

    @property
    def requests_made(self) -> int:
        return self._net.requests_made

    def _send(
        self,
        method: str,
        url: str,
        data: Sequence[tuple[str, str]] | None = None,
        *,
        retry: bool = True,
    ) -> httpx.Response:
        return self._net.send(method, url, data, retry=retry)

    def _get(self, url: str, *, follow: int = 5) -> httpx.Response:
        return self._net.get(url, follow=follow)

    def _learn_cookies(self, resp: httpx.Response) -> None:
        names = [c.split("=", 1)[0].strip() for c in resp.headers.get_list("set-cookie")]
        prefix = _prefix_from_names(names)
        if prefix and prefix != self.cookie_prefix:
            log.info("board cookie prefix is %s", prefix)
            self.cookie_prefix = prefix

    def _cookie(self, suffix: str) -> str | None:
        if not self.cookie_prefix:
            return None
        for c in self._http.cookies.jar:
            if c.name == self.cookie_prefix + suffix:
                return c.value
        return None

    def _raw(self, resp: httpx.Response) -> RawPage:
        return RawPage(str(resp.url), resp.text, self._now(), resp.status_code)

    # -- session ---------------------------------------------------------------------------

    def login(self) -> None:
        """Log in unless the stored session still works."""
        if self._cookie("u") not in (None, "", "1"):
            resp = self._get(self.url("index.php"))
            if forms.has_logout_link(resp.text):
                self._logged_in = True
                log.info("board session restored for %s", self.settings.username)
                return
        self._login()

    def _login(self) -> None:
        user = self.settings.username
        page = self._get(self.url("ucp.php?mode=login"))
        if forms.has_logout_link(page.text) and not forms.is_login_page(page.text):
            self._logged_in = True
            return
        served = self._clock()
        form = forms.find_form(page.text, str(page.url), "form#login")
        if form is None:
            raise UnexpectedPage(
                f"the board's login page has no login form ({redact(str(page.url))})"
            )
        values = {"username": user, "password": self.settings.password}
        if self.settings.remember_me:
            values["autologin"] = "on"
        for _try in range(3):
            self._wait_form_age(served)
            resp = self._send("POST", form.action, form.fill("login", values))
            returned = forms.find_form(resp.text, str(resp.url), "form#login")
            if (
                resp.is_redirect
                or returned is None
                or not _has(forms.error_text(resp.text) or "", _TOKEN)
            ):
                break
            # form token refused (sent too fast): the returned form has a fresh one
            self._sleep(1.0)
            form, served = returned, self._clock()
        if resp.is_redirect and self._cookie("u") not in (None, "", "1"):
            landing = self._get(urljoin(str(resp.url), resp.headers["location"]))
            if not forms.has_logout_link(landing.text):
                raise SessionExpired(
                    f"the board accepted the login of {user} but the session does not stick; "
                    "are cookies blocked or is the session bound to another IP?"
                )
            self._logged_in = True
            self._net.save_cookies()
            log.info("logged in to %s as %s", self.base_url, user)
            return
        says = forms.error_text(resp.text) or ""
        if "captcha" in resp.text.lower() and "confirm" in resp.text.lower():
            says = (says + " (the board now asks for a CAPTCHA: log in once in a browser)").strip()
        raise LoginFailed(user, says)

    def close(self) -> None:
        self._net.close()

    def _wait_form_age(self, served_at: float) -> None:
        wait = served_at + self.settings.min_form_age - self._clock()
        if wait > 0:
            self._sleep(wait)

    def _member_get(self, url: str, *, needs_login: bool = True) -> httpx.Response:
        """GET a page that must be seen logged in; re-login once if the session is gone."""
        shown = redact(url)
        if not self._logged_in:
            self.login()
        resp = self._get(url)
        if self._looks_logged_out(resp, needs_login):
            log.info("board session lost (login form served for %s); logging in again", shown)
            self._logged_in = False
            self._login()
            resp = self._get(url)
            if self._looks_logged_out(resp, needs_login):
                raise SessionExpired(
                    f"still logged out after logging in again as {self.settings.username} "
                    f"({shown}); the board may bind sessions to IP or browser"
                )
        if resp.status_code == 404:
            raise NotFound(forms.info_message(resp.text) or f"not found: {shown}")
        if resp.status_code >= 400:
            raise UnexpectedPage(f"the board answered {resp.status_code} for {shown}")
        return resp

    @staticmethod
    def _looks_logged_out(resp: httpx.Response, needs_login: bool) -> bool:
        if resp.status_code != 200 or not is_html(resp):
            return False
        if forms.is_login_page(resp.text):
            return True
        return needs_login and not forms.has_logout_link(resp.text)

    # -- topics ----------------------------------------------------------------------------

    def _topic_url(self, topic_id: int, start: int) -> str:
        return self.url(f"viewtopic.php?t={topic_id}" + (f"&start={start}" if start else ""))

    def _fetch_topic_page(self, url: str) -> TopicPageFetch:
        resp = self._member_get(url)
        nav = forms.topic_nav(resp.text, str(resp.url))
        if nav is None:
            msg = forms.info_message(resp.text)
            if msg and _has(msg, _NOT_FOUND):
                raise NotFound(f"{msg} ({redact(url)})")
            raise UnexpectedPage(f"not a topic page: {redact(url)}" + (f" ({msg})" if msg else ""))
        if nav.per_page:
            self._per_page = nav.per_page
        start = forms.query_int(str(resp.url), "start") or 0
        if nav.page in nav.page_starts:
            start = nav.page_starts[nav.page]
        elif nav.page == 1:
            start = 0
        elif self._per_page:
            start = (nav.page - 1) * self._per_page
        return TopicPageFetch(self._raw(resp), nav.page, nav.total_pages, start, nav.post_ids)

    def _follow_pages(self, first: TopicPageFetch, last_page: int | None) -> list[TopicPageFetch]:
        pages = [first]
        while True:
            cur = pages[-1]
            if last_page is not None and cur.page >= last_page:
                break
            nav = forms.topic_nav(cur.raw.html, cur.raw.url)
            if nav is None or nav.next_url is None or cur.page >= cur.total_pages:
                break
            nxt = self._fetch_topic_page(nav.next_url)
            if nxt.page <= cur.page:  # a board that loops back; never spin
                break
            pages.append(nxt)
        return pages

    def poll_topic(self, cursor: TopicCursor) -> TopicPoll:
        first = self._fetch_topic_page(self._topic_url(cursor.topic_id, cursor.start))
        pages = self._follow_pages(first, None)
        seen = [pid for p in pages for pid in p.post_ids]
        floor = cursor.last_post_id or 0
        new_ids = tuple(pid for pid in seen if pid > floor)
        last = pages[-1]
        known = [*seen, *([cursor.last_post_id] if cursor.last_post_id is not None else [])]
        nxt = TopicCursor(cursor.topic_id, last.page, last.start, max(known, default=None))
        log.debug(
            "polled topic %d: %d page(s), %d new post(s)", cursor.topic_id, len(pages), len(new_ids)
        )
        return TopicPoll(tuple(pages), new_ids, nxt)

    def read_topic_pages(
        self, topic_id: int, first_page: int = 1, last_page: int | None = None
    ) -> list[TopicPageFetch]:
        per_page = self._per_page or self.settings.posts_per_page
        first = self._fetch_topic_page(self._topic_url(topic_id, (first_page - 1) * per_page))
        if first.page != first_page and self._per_page and self._per_page != per_page:
            first = self._fetch_topic_page(
                self._topic_url(topic_id, (first_page - 1) * self._per_page)
            )
        return self._follow_pages(first, last_page)

    def find_post_with_marker(
        self, topic_id: int, marker: str, since: TopicCursor | None = None
    ) -> int | None:
        if since is not None:
            pages = self._follow_pages(
                self._fetch_topic_page(self._topic_url(topic_id, since.start)), None
            )
        else:
            # phpBB clamps a too-large start to the last page: one request finds the end.
            last = self._fetch_topic_page(self._topic_url(topic_id, 10**6))
            pages = [last]
            per_page = self._per_page or self.settings.posts_per_page
            for back in range(1, self.settings.marker_search_pages):
                page_no = last.page - back
                if page_no < 1:
                    break
                pages.append(
                    self._fetch_topic_page(self._topic_url(topic_id, (page_no - 1) * per_page))
                )
        return self._own_post_with_marker(pages, marker)

    def _own_post_with_marker(self, pages: list[TopicPageFetch], marker: str) -> int | None:
        me = self.settings.username.casefold()
        for page in pages:
            parsed = parse_topic(page.raw.html, board="phpbb", tz="UTC", now=page.raw.fetched_at)
            # own_text: outside quotes, so a player quoting the bot never counts
            for post in reversed(parsed.posts):
                if post.author.casefold() == me and marker in " ".join(post.own_text.split()):
                    return post.id
        return None

    # -- private messages ------------------------------------------------------------------

    def list_pm_folder(self, folder: str = "inbox") -> list[PMRef]:
        """Every row of a PM folder, following its pages (up to `pm_folder_pages`): after a
        long outage the inbox may hold more than one page of unread messages."""
        url: str | None = self.url(f"ucp.php?i=pm&folder={folder}")
        rows: dict[int, PMRef] = {}
        seen: set[str] = set()
        while url is not None and url not in seen and len(seen) < self.settings.pm_folder_pages:
            seen.add(url)
            resp = self._member_get(url)
            listing = parse_pm_folder(resp.text, board="phpbb", tz="UTC", now=self._now())
            for m in listing.messages:
                rows.setdefault(m.id, PMRef(m.id, folder, m.unread, m.subject, m.sender))
            url = forms.next_page_url(resp.text, str(resp.url))
        return list(rows.values())

    def read_pm(self, msg_id: int, folder: str = "inbox") -> RawPage:
        f = _FOLDER_IDS.get(folder, 0)
        resp = self._member_get(self.url(f"ucp.php?i=pm&mode=view&f={f}&p={msg_id}"))
        if f'id="post-{msg_id}"' not in resp.text:
            msg = forms.info_message(resp.text)
            if msg:
                raise NotFound(f"private message {msg_id}: {msg}")
            raise UnexpectedPage(f"private message {msg_id} is not on its view page")
        return self._raw(resp)

    def fetch_unread_pms(
        self, skip: Collection[int] = (), newer_than: int | None = None
    ) -> list[FetchedPM]:
        skip = set(skip)
        out: list[FetchedPM] = []
        for row in sorted(self.list_pm_folder("inbox"), key=lambda r: r.id):
            if row.id in skip:
                continue
            if row.unread or (newer_than is not None and row.id > newer_than):
                out.append(FetchedPM(row.id, self.read_pm(row.id)))
        return out

    def find_sent_pm_with_marker(self, subject: str, marker: str) -> int | None:
        want = " ".join(subject.split())
        for folder in ("outbox", "sentbox"):
            for row in self.list_pm_folder(folder):
                if " ".join(row.subject.split()) != want:
                    continue
                page = self.read_pm(row.id, folder)
                pm = parse_pm(page.html, board="phpbb", tz="UTC", now=page.fetched_at)
                if pm is not None and marker in " ".join(pm.own_text.split()):
                    return row.id
        return None

    # -- writing ---------------------------------------------------------------------------

    def _form_page(self, url: str, what: str) -> _FormPage:
        resp = self._member_get(url)
        form = forms.find_form(resp.text, str(resp.url), "form#postform")
        if form is None:
            raise self._refusal(resp.text, what, None)
        return _FormPage(form, str(resp.url), self._clock())

    def _space_writes(self) -> None:
        if self._last_write_at is not None:
            wait = self._last_write_at + self.settings.flood_interval + 0.5 - self._clock()
            if wait > 0:
                log.debug("waiting %.1f s for the board's flood interval", wait)
                self._sleep(wait)

    def _refusal(self, html: str, what: str, topic_id: int | None) -> ScraperError:
        return classify_refusal(html, what, topic_id, self.settings.flood_interval)

    def _submit_post_form(
        self,
        page: _FormPage,
        values: dict[str, str],
        what: str,
        topic_id: int | None,
        refetch: Callable[[], _FormPage],
    ) -> httpx.Response:
        """Submit a posting form until the board accepts it or refuses for good.

        Resubmits the form the board returns after a post review (new posts since the form
        was served), a form-token refusal (after waiting) or a flood refusal (after waiting
        the interval). Returns the success response (302 or info page)."""
        floods = 0
        last_err: ScraperError | None = None
        for _round in range(self.settings.flood_retries + 4):
            if self._clock() - page.served_at > self.settings.max_form_age:
                page = refetch()
            self._wait_form_age(page.served_at)
            self._space_writes()
            resp = self._send("POST", page.form.action, page.form.fill("post", values), retry=False)
            if resp.is_redirect or (
                resp.status_code == 200
                and (
                    forms.meta_refresh_url(resp.text, str(resp.url))
                    or _has(forms.info_message(resp.text) or "", _SENT)
                )
            ):
                self._last_write_at = self._clock()
                return resp
            if resp.status_code == 200 and forms.is_login_page(resp.text):
                log.info("session lost while trying to %s; logging in again", what)
                self._logged_in = False
                self._login()
                page = refetch()
                continue
            returned = forms.find_form(resp.text, str(resp.url), "form#postform")
            err = self._refusal(resp.text, what, topic_id)
            last_err = err
            if returned is not None:
                new_page = _FormPage(returned, str(resp.url), self._clock())
                if isinstance(err, FloodLimited):
                    floods += 1
                    if floods > self.settings.flood_retries:
                        raise err
                    # Our idea of the interval may be shorter than the board's: wait longer
                    # each time it refuses.
                    wait = max(self.settings.flood_interval, 5.0) * floods
                    log.info("flood control refused the message; waiting %.0f s", wait)
                    self._sleep(wait)
                    page = new_page
                    continue
                if isinstance(err, FormExpired):
                    log.info("form token refused (too fast or too old); resubmitting")
                    self._sleep(1.0)  # the returned token may be from the same second
                    page = new_page
                    continue
                if forms.error_text(resp.text) is None:
                    # post review: new posts arrived since the form was served; phpBB
                    # returns the form with an updated topic_cur_post_id — send it again.
                    log.info("new posts arrived since the form was served; resubmitting")
                    page = new_page
                    continue
            raise err
        if isinstance(last_err, FormExpired):
            raise last_err
        raise PostingRefused(f"the board kept returning the form while trying to {what}")

    def _check_length(self, text: str) -> None:
        limit = self.max_message_length
        if limit is not None and len(text) > limit:
            raise MessageTooLong(len(text), limit)

    def post_reply(self, topic_id: int, text: str, subject: str | None = None) -> PostResult:
        self._check_length(text)
        what = f"reply to topic {topic_id}"
        url = self.url(f"posting.php?mode=reply&t={topic_id}")
        values = {"message": text}
        if subject:
            values["subject"] = subject
        try:
            page = self._form_page(url, what)
        except NotFound as exc:
            raise NotFound(f"topic {topic_id} does not exist or is hidden: {exc}") from exc
        resp = self._submit_post_form(
            page, values, what, topic_id, lambda: self._form_page(url, what)
        )
        return self._post_result(resp, what)

    def new_topic(self, forum_id: int, subject: str, text: str) -> int:
        """Open a topic in a forum (`posting.php?mode=post&f=F`); returns the topic id.

        Same form machinery as a reply (tokens, flood, review). phpBB 3.3 answers with a
        302 to `viewtopic.php?p=N` (older styles add `t=`); without `t` the post's page names
        its topic in the title link."""
        self._check_length(text)
        what = f"open a topic in forum {forum_id}"
        url = self.url(f"posting.php?mode=post&f={forum_id}")
        values = {"subject": subject, "message": text}
        try:
            page = self._form_page(url, what)
        except NotFound as exc:
            raise NotFound(f"forum {forum_id} does not exist or is hidden: {exc}") from exc
        resp = self._submit_post_form(page, values, what, None, lambda: self._form_page(url, what))
        result = self._post_result(resp, what)
        tid = forms.query_int(result.url, "t")
        return tid if tid is not None else self._topic_of_post(result.post_id)

    def _topic_of_post(self, post_id: int) -> int:
        resp = self._member_get(self.url(f"viewtopic.php?p={post_id}"))
        link = _tree_first_href(resp.text, "h2.topic-title a")
        tid = forms.query_int(urljoin(str(resp.url), link or ""), "t")
        if tid is None:
            raise UnexpectedPage(f"the page of post {post_id} does not name its topic")
        return tid

    def find_topic_with_marker(self, forum_id: int, subject: str, marker: str) -> int | None:
        """Id of a topic in the forum's first listing page titled `subject` whose first
        page holds the bot's own post with `marker` (a topic opened before a crash)."""
        resp = self._member_get(self.url(f"viewforum.php?f={forum_id}"))
        want = " ".join(subject.split())
        for title, href in _topic_titles(resp.text):
            tid = forms.query_int(urljoin(str(resp.url), href), "t")
            if tid is None or " ".join(title.split()) != want:
                continue
            first = self._fetch_topic_page(self._topic_url(tid, 0))
            if self._own_post_with_marker([first], marker) is not None:
                return tid
        return None

    def edit_post(self, post_id: int, text: str, subject: str | None = None) -> PostResult:
        self._check_length(text)
        what = f"edit post {post_id}"
        url = self.url(f"posting.php?mode=edit&p={post_id}")
        values = {"message": text}
        if subject:
            values["subject"] = subject
        page = self._form_page(url, what)
        resp = self._submit_post_form(page, values, what, None, lambda: self._form_page(url, what))
        return self._post_result(resp, what)

    def _post_result(self, resp: httpx.Response, what: str) -> PostResult:
        if resp.is_redirect:
            loc = urljoin(str(resp.url), resp.headers["location"])
            pid = forms.query_int(loc, "p")
            if pid is not None:
                log.info("board accepted: %s (post %d)", what, pid)
                return PostResult(pid, loc)
        says = forms.info_message(resp.text) or ""
        if _has(says, _QUEUED):
            # Stored but invisible until a moderator approves it: sending it again would
            # queue a duplicate, so this is a permanent refusal the host must fix.
            raise NoPermission(
                f"{what} without moderator approval (the post waits in the queue)", says
            )
        # phpBB 3.0 answers a post with an info page that refreshes to viewtopic.php?p=N
        target = forms.meta_refresh_url(resp.text, str(resp.url)) or ""
        pid = forms.query_int(target, "p") if "viewtopic.php" in target else None
        if pid is not None:
            log.info("board accepted: %s (post %d)", what, pid)
            return PostResult(pid, target)
        raise UnexpectedPage(f"the board answered without a post link while trying to {what}")

    def send_pm(self, recipients: Sequence[str], subject: str, text: str) -> PMResult:
        names = tuple(dict.fromkeys(n.strip() for n in recipients if n.strip()))
        if not names:
            raise UnknownRecipient((), "no recipients given")
        self._check_length(text)
        what = "send a private message to " + ", ".join(names)
        url = self.url("ucp.php?i=pm&mode=compose")

        def addressed() -> _FormPage:
            page = self._form_page(url, what)
            self._wait_form_age(page.served_at)
            resp = self._send(
                "POST",
                page.form.action,
                page.form.fill("add_to", {"username_list": "\n".join(names)}),
                retry=False,
            )
            if forms.is_login_page(resp.text):
                raise SessionExpired(f"the board asked to log in again while trying to {what}")
            form = forms.find_form(resp.text, str(resp.url), "form#postform")
            err = forms.error_text(resp.text)
            if err or form is None:
                exc = self._refusal(resp.text, what, None)
                if isinstance(exc, UnknownRecipient):
                    # phpBB adds the names it knows and lists them; name only the others
                    added = {n.casefold() for n in forms.pm_recipients(resp.text)}
                    missing = tuple(n for n in names if n.casefold() not in added)
                    raise UnknownRecipient(missing or names, exc.board_says)
                raise exc
            listed = {n for n in form.names() if n.startswith("address_list[")}
            if len(listed) < len(names):
                raise UnknownRecipient(names, "the board did not add every recipient")
            return _FormPage(form, str(resp.url), self._clock())

        try:
            page = addressed()
        except SessionExpired:
            self._logged_in = False
            self._login()
            page = addressed()
        values = {"subject": subject, "message": text}
        try:
            resp = self._submit_post_form(page, values, what, None, addressed)
        except UnknownRecipient as exc:
            raise UnknownRecipient(names, exc.board_says) from exc
        target = forms.meta_refresh_url(resp.text, str(resp.url)) or ""
        msg_id = forms.query_int(target, "p") if target else None
        log.info("board accepted: %s (message %s)", what, msg_id)
        return PMResult(msg_id, names)


def classify_refusal(
    html: str, what: str, topic_id: int | None = None, flood_interval: float = 15.0
) -> ScraperError:
    """Turn a page that is not a success into the matching error (phrases of the Russian and
    English language packs; anything else keeps the board's own words)."""
    err = forms.error_text(html)
    info = forms.info_message(html)
    says = err or info or ""
    if _has(says, _FLOOD):
        return FloodLimited(says, flood_interval)
    if _has(says, _TOKEN):
        return FormExpired(says)
    if _has(says, _TOO_LONG):
        nums = [int(n) for n in re.findall(r"\d+", says)]
        return MessageTooLong(nums[0] if nums else 0, nums[-1] if len(nums) > 1 else None, says)
    if _has(says, _UNKNOWN_USER):
        return UnknownRecipient((), says)
    if _has(says, _LOCKED):
        return TopicLocked(topic_id, says)
    if _has(says, _NOT_FOUND):
        return NotFound(f"cannot {what}: {says}")
    if _has(says, _NO_PERMISSION):
        return NoPermission(what, says)
    if forms.is_login_page(html):
        return SessionExpired(f"the board asked to log in again while trying to {what}")
    if says:
        return PostingRefused(f"the board refused to {what}: {says}", says)
    return UnexpectedPage(f"unexpected answer while trying to {what}")


def _prefix_from_names(names: Iterable[str]) -> str | None:
    """phpBB names its cookies <prefix>u, <prefix>k, <prefix>sid; the prefix is per board."""
    found = [n for n in names if n.endswith("_sid")]
    return found[0][: -len("sid")] if found else None


def _has(text: str, phrases: Sequence[str]) -> bool:
    low = text.lower()
    return any(p in low for p in phrases)


def _tree_first_href(html: str, selector: str) -> str | None:
    node = LexborHTMLParser(html).css_first(selector)
    return None if node is None else node.attributes.get("href")


def _topic_titles(html: str) -> list[tuple[str, str]]:
    """(title, href) of every `a.topictitle` in a forum listing."""
    return [
        (a.text(deep=True), a.attributes.get("href") or "")
        for a in LexborHTMLParser(html).css("a.topictitle")
    ]
