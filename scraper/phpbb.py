"""`PhpbbClient`: the `BoardClient` for phpBB 3.x (prosilver-based styles).

How the board behaves (see fixtures/phpbb/http/README.md for the recorded evidence):

- Login is `ucp.php?mode=login`; the form carries `creation_time`, `form_token`, `sid` and two
  `redirect`s, all sent back. Success is a 302 and the `<prefix>_u` cookie no longer 1; the
  cookie prefix differs per board, so it is read from Set-Cookie, never assumed.
- A lost session is not an error status: members-only pages answer 200 with `form#login`,
  and other pages lose the `mode=logout` link. We log in again once and repeat the request.
- Every form refuses a submit in the same second it was served and after 7200 s; we wait
  `min_form_age` after fetching a form and refetch forms older than `max_form_age`.
- Posts and PMs share one flood timer per user (15 s by default) unless the account is
  exempt; the pacer (`scraper.pacing`) learns which from the first refusal, waits the
  interval out and resubmits the form the board returned — a PM form only if it still names
  exactly our recipients, else a fresh one is addressed.
- There are no 304s: every poll is a full page, so polling reads the fewest pages possible.

GETs are retried with exponential backoff on 5xx, timeouts, connection errors and truncated
pages. Form submits that create something are never retried blindly: a lost answer may hide a
post the board accepted, and only the poster (which knows the message's marker) may decide.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from pathlib import Path
from urllib.parse import urljoin

import httpx
from selectolax.lexbor import LexborHTMLParser

from parser.pages import no_login_page, parse_pm, parse_pm_folder, parse_topic
from parser.records import PMFolder, TopicPage
from scraper import forms
from scraper.board import (
    Attachment,
    FetchedPM,
    PMResult,
    PostResult,
    RawPage,
    TopicCursor,
    TopicPageFetch,
)
from scraper.client import BoardClientBase, norm, shut_out_kind
from scraper.errors import (
    AttachmentRefused,
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
from scraper.http import DEFAULT_USER_AGENT, ascii_bytes, is_html, page_text, redact

log = logging.getLogger(__name__)


def read_topic(
    resp: httpx.Response,
    tz: str | tzinfo,
    now: datetime,
    text_of: Callable[[httpx.Response], str] = page_text,
) -> TopicPage:
    """A topic page as `parser.pages.parse_topic` reads its text (`text_of`: the one decoding,
    `decode_html`), read from its bytes where they may be (`ascii_bytes`; the parse reads
    UTF-8 bytes, and again from the text should its texts show the bytes were not UTF-8):
    a topic page is decoded only if something wants its text. A reading whose title, authors
    and texts are all ASCII shows nothing of the bytes' charset (a windows-1251 page that
    says it is UTF-8 would lose only its Cyrillic dates or counts): read from the text."""
    url = str(resp.url)
    data = ascii_bytes(resp)
    if data is not None:
        page = parse_topic(data, board="phpbb", tz=tz, now=now, base_url=url)
        if not all(t.isascii() for t in _texts(page)):
            return page
    return parse_topic(text_of(resp), board="phpbb", tz=tz, now=now, base_url=url)


def _texts(page: TopicPage) -> Iterator[str]:
    yield page.title
    for post in page.posts:
        yield post.author
        yield post.text


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
    # None: learn it (no deliberate spacing until the board refuses once); True: the account
    # is exempt (`u_ignoreflood`); False: space every write by `flood_interval` from the start
    flood_exempt: bool | None = None
    flood_retries: int = 3
    max_flood_wait: float = 300.0  # a longer wait is left to the poster's next flush
    min_form_age: float = 1.5  # phpBB refuses a form submitted in the second it was served
    max_form_age: float = 7000.0  # phpBB's form token lifetime is 7200 s
    posts_per_page: int = 10  # used until a page tells the real value
    tz: str = "Europe/Moscow"  # the zone the board prints times in for the account (IANA)
    max_message_length: int | None = 60000
    max_subject_length: int | None = 120  # phpBB's subject field (maxlength 120)
    marker_search_pages: int = 3
    pm_folder_pages: int = 10  # PM folder pages listed at most (25-50 messages a page)
    # the bot's account may attach files to replies (phpBB 3.x posting form: `fileupload`
    # and `add_file`); False where the board or its group permissions forbid it
    attachments: bool = True


#: `attachment_data[N][attach_id]`: how the posting form lists an uploaded file
_ATTACH_ID = re.compile(r"attachment_data\[(\d+)\]\[attach_id\]")


@dataclass(slots=True)
class _FormPage:
    form: forms.Form
    url: str
    served_at: float


class PhpbbClient(BoardClientBase):
    """phpBB 3.x board client (reading and writing). Not thread-safe: one per bot."""

    # a PM stays in the outbox until its recipient reads it, then moves to the sentbox
    sent_folders = ("outbox", "sentbox")

    def __init__(
        self,
        settings: PhpbbSettings,
        *,
        transport: httpx.BaseTransport | None = None,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        super().__init__(
            settings, transport=transport, clock=clock, sleep=sleep, on_cookies=self._learn_cookies
        )
        self.cookie_prefix: str | None = _prefix_from_names(c.name for c in self._http.cookies.jar)
        #: `scraper.board.TakesAttachments`
        self.attachments = settings.attachments

    # -- plumbing --------------------------------------------------------------------------

    # The transport (pacing, retries, error wrapping, redaction, cookie jar) is shared with
    # the IPB client: scraper.http.BoardHttp; the flow around it: scraper.client.

    def _send(
        self,
        method: str,
        url: str,
        data: Sequence[tuple[str, str]] | None = None,
        *,
        retry: bool = True,
    ) -> httpx.Response:
        return self._net.send(method, url, data, retry=retry)

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

    # -- session ---------------------------------------------------------------------------

    def _has_member_cookie(self) -> bool:
        return self._cookie("u") not in (None, "", "1")

    def _session_user_id(self) -> int | None:
        # phpBB 3.x keeps the session's user id in `<prefix>u` (1: the anonymous user)
        value = self._cookie("u")
        return int(value) if value is not None and value.isdigit() and int(value) > 1 else None

    def _page_logged_in(self, resp: httpx.Response) -> bool:
        return forms.has_logout_link(self._text(resp))

    def _login(self) -> None:
        user = self.settings.username
        page = self._get(self.url("ucp.php?mode=login"))
        text = self._text(page)
        if forms.has_logout_link(text) and not forms.is_login_page(text):
            self._learn_own_id(text, login=True)
            self._logged_in = True
            return
        served = self._clock()
        form = forms.find_form(text, str(page.url), "form#login")
        if form is None:
            says = forms.info_message(text) or ""
            kind = shut_out_kind(says)
            if kind is not None:  # a banned session sees the ban on every page, this one too
                raise kind(says)
            raise UnexpectedPage(
                f"the board's login page has no login form ({redact(str(page.url))})"
            )
        values = {"username": user, "password": self.settings.password}
        if self.settings.remember_me:
            values["autologin"] = "on"
        for _try in range(3):
            self._wait_form_age(served)
            resp = self._send("POST", form.action, form.fill("login", values))
            returned = forms.find_form(self._text(resp), str(resp.url), "form#login")
            if (
                resp.is_redirect
                or returned is None
                or not _has(forms.error_text(self._text(resp)) or "", _TOKEN)
            ):
                break
            # form token refused (sent too fast): the returned form has a fresh one
            self._sleep(1.0)
            form, served = returned, self._clock()
        if resp.is_redirect and self._cookie("u") not in (None, "", "1"):
            landing = self._get(urljoin(str(resp.url), resp.headers["location"]))
            if not forms.has_logout_link(self._text(landing)):
                raise SessionExpired(
                    f"the board accepted the login of {user} but the session does not stick; "
                    "are cookies blocked or is the session bound to another IP?"
                )
            self._learn_own_id(self._text(landing), login=True)
            self._logged_in = True
            self._net.save_cookies()
            log.info("logged in to %s as %s", self.base_url, user)
            return
        says = forms.error_text(self._text(resp)) or forms.info_message(self._text(resp)) or ""
        kind = shut_out_kind(says)
        if kind is not None:  # a ban, a switched-off board, a CAPTCHA: not the password
            raise kind(says)
        low = self._text(resp).lower()
        if "captcha" in low and "confirm" in low:
            says = (says + " (the board now asks for a CAPTCHA: log in once in a browser)").strip()
        raise LoginFailed(user, says)

    def _wait_form_age(self, served_at: float) -> None:
        wait = served_at + self.settings.min_form_age - self._clock()
        if wait > 0:
            self._sleep(wait)

    def _looks_logged_out(self, resp: httpx.Response) -> bool:
        if resp.status_code != 200 or not is_html(resp):
            return False
        data = ascii_bytes(resp)
        if data is not None and no_login_page(data):
            # told from the bytes (no decoding): logged out where no logout link shows
            return b"mode=logout" not in data
        return forms.is_login_page(self._text(resp)) or not forms.has_logout_link(self._text(resp))

    def _error_of(self, text: str) -> str | None:
        return forms.info_message(text)

    # -- topics ----------------------------------------------------------------------------

    def _topic_url(self, topic_id: int, start: int) -> str:
        return self.url(f"viewtopic.php?t={topic_id}" + (f"&start={start}" if start else ""))

    def _fetch_topic_page(self, url: str) -> TopicPageFetch:
        """One topic page, read once (`parser.pages.parse_topic`): its navigation and its
        posts both come from that reading, which the fetch hands over."""
        resp = self._member_get(url)
        self._note_pm_badge_of(resp)
        fetched_at = self._now()
        parsed = read_topic(resp, self.settings.tz, fetched_at, self._text)
        if not parsed.posts:
            text = self._text(resp)
            msg = forms.info_message(text)
            if msg and _has(msg, _NOT_FOUND):
                raise NotFound(f"{msg} ({redact(url)})")
            self._check_shut_out(msg, text)
            raise UnexpectedPage(f"not a topic page: {redact(url)}" + (f" ({msg})" if msg else ""))
        if parsed.per_page:
            self._per_page = parsed.per_page
        return self._topic_fetch(resp, None, fetched_at, parsed)

    def _per(self) -> int:
        return self._per_page or self.settings.posts_per_page

    def _cursor_url(self, cursor: TopicCursor) -> str:
        return self._topic_url(cursor.topic_id, cursor.start)

    def _page_url(self, topic_id: int, page: int) -> str:
        return self._topic_url(topic_id, (page - 1) * self._per())

    def _last_page_guess(self, topic_id: int) -> str:
        # phpBB clamps a too-large start to the last page: one request finds the end
        return self._topic_url(topic_id, 10**6)

    def _own_id_in(self, text: str) -> int | None:
        return forms.own_user_id(text)

    # -- private messages ------------------------------------------------------------------

    def _folder_url(self, folder: str) -> str:
        return self.url(f"ucp.php?i=pm&folder={folder}")

    def _folder_page(self, text: str, folder: str) -> PMFolder:
        return parse_pm_folder(text, board="phpbb", tz="UTC", now=self._now())

    def _folder_next(self, links: Sequence[str], url: str, seen: set[str]) -> str | None:
        nxt = urljoin(url, links[0]) if links else None  # the pagination's rel="next"
        return nxt if nxt is not None and nxt not in seen else None

    def delete_pms(self, ids: Collection[int], folder: str = "inbox") -> None:
        """The folder page's own form (`form#viewfolder`: the letters marked, «Удалить
        отмеченные»), then phpBB's confirmation («Да»). Never the outbox: a letter deleted
        there is taken back from its recipients before they read it."""
        want = sorted(set(ids))
        if not want:
            return
        if folder == "outbox":
            raise ValueError("deleting from the outbox would take letters back unread")
        page = self._member_get(self._folder_url(folder))
        form = forms.find_form(self._text(page), str(page.url), "form#viewfolder")
        if form is None:
            raise UnexpectedPage(f"the {folder} folder has no form to delete letters")
        data = [(k, v) for k, v in form.fill(None) if k not in ("marked_msg_id[]", "mark_option")]
        data += [("marked_msg_id[]", str(i)) for i in want]
        data += [("mark_option", "delete_marked"), ("submit_mark", form.value("submit_mark") or "")]
        resp = self._net.send("POST", form.action, data, retry=False)
        confirm = forms.find_form(self._text(resp), str(resp.url), "form#confirm")
        if confirm is None:
            raise UnexpectedPage(
                "the board did not ask to confirm deleting letters: "
                + (forms.info_message(self._text(resp)) or "no message")
            )
        done = self._net.send("POST", confirm.action, confirm.fill("confirm"), retry=False)
        if done.status_code >= 400:
            raise UnexpectedPage(f"the board answered {done.status_code} to deleting letters")
        self._forget_listed(want, folder)
        log.info("deleted %d letter(s) from the %s folder", len(want), folder)

    def _pm_has_marker(self, page: RawPage, marker: str) -> bool:
        pm = parse_pm(page.html, board="phpbb", tz="UTC", now=page.fetched_at)
        return pm is not None and marker in norm(pm.own_text)

    def read_pm(self, msg_id: int, folder: str = "inbox") -> RawPage:
        f = _FOLDER_IDS.get(folder, 0)
        resp = self._member_get(self.url(f"ucp.php?i=pm&mode=view&f={f}&p={msg_id}"))
        if f'id="post-{msg_id}"' not in self._text(resp):
            msg = forms.info_message(self._text(resp))
            if msg:
                raise NotFound(f"private message {msg_id}: {msg}")
            raise UnexpectedPage(f"private message {msg_id} is not on its view page")
        return self._raw(resp)

    def fetch_unread_pms(
        self, skip: Collection[int] = (), newer_than: int | None = None
    ) -> list[FetchedPM]:
        return self._fetch_messages(self.list_pm_folder("inbox"), set(skip), newer_than)

    # -- writing ---------------------------------------------------------------------------

    def _form_page(self, url: str, what: str) -> _FormPage:
        resp = self._member_get(url)
        form = forms.find_form(self._text(resp), str(resp.url), "form#postform")
        if form is None:
            raise self._refusal(self._text(resp), what, None)
        return _FormPage(form, str(resp.url), self._clock())

    def _refusal(self, html: str, what: str, topic_id: int | None) -> ScraperError:
        return classify_refusal(html, what, topic_id, self.settings.flood_interval)

    def _submit_post_form(
        self,
        page: _FormPage,
        values: dict[str, str],
        what: str,
        topic_id: int | None,
        refetch: Callable[[], _FormPage],
        same_form: Callable[[_FormPage, _FormPage], bool] | None = None,
        paced: bool = True,
    ) -> httpx.Response:
        """Submit a posting form until the board accepts it or refuses for good.

        Resubmits the form the board returns after a post review (new posts since the form
        was served), a form-token refusal (after waiting) or a flood refusal (after waiting
        the interval) — but only if `same_form(sent, returned)` says the returned form still
        addresses what we meant (PM recipients); otherwise a fresh form is built with
        `refetch`. `paced`: a write the board's flood timer counts (not an edit). Returns
        the success response (302 or info page)."""
        floods = 0
        last_err: ScraperError | None = None
        for _round in range(self.settings.flood_retries + 4):
            if self._clock() - page.served_at > self.settings.max_form_age:
                page = refetch()
            self._wait_form_age(page.served_at)
            if paced:
                self.pacer.before_write()
            self._waiter.check(what)
            resp = self._send("POST", page.form.action, page.form.fill("post", values), retry=False)
            if resp.is_redirect or (
                resp.status_code == 200
                and (
                    forms.meta_refresh_url(self._text(resp), str(resp.url))
                    or _has(forms.info_message(self._text(resp)) or "", _SENT)
                )
            ):
                if paced:
                    self.pacer.accepted()
                return resp
            if resp.status_code == 200 and forms.is_login_page(self._text(resp)):
                log.info("session lost while trying to %s; logging in again", what)
                self._logged_in = False
                self._login()
                page = refetch()
                continue
            returned = forms.find_form(self._text(resp), str(resp.url), "form#postform")
            err = self._refusal(self._text(resp), what, topic_id)
            last_err = err
            if returned is None:
                raise err
            new_page = _FormPage(returned, str(resp.url), self._clock())
            if isinstance(err, FloodLimited):
                floods += 1
                # phpBB never names its interval: the pacer uses ours, doubling it when
                # the board refuses twice in a row
                wait = self.pacer.refused(None)
                if floods > self.settings.flood_retries or wait > self.settings.max_flood_wait:
                    raise err
                log.info("flood control refused the message; waiting %.0f s", wait)
                self.pacer.wait_after_refusal(wait)
            elif isinstance(err, FormExpired):
                log.info("form token refused (too fast or too old); resubmitting")
                self._sleep(1.0)  # the returned token may be from the same second
            elif forms.error_text(self._text(resp)) is None:
                # post review: new posts arrived since the form was served; phpBB
                # returns the form with an updated topic_cur_post_id — send it again.
                log.info("new posts arrived since the form was served; resubmitting")
            else:
                raise err
            if same_form is not None and not same_form(page, new_page):
                log.warning("the board returned a form addressed differently; rebuilding it")
                new_page = refetch()
            page = new_page
        if isinstance(last_err, FormExpired):
            raise last_err
        raise PostingRefused(f"the board kept returning the form while trying to {what}")

    def post_reply(
        self,
        topic_id: int,
        text: str,
        subject: str | None = None,
        attachment: Attachment | None = None,
    ) -> PostResult:
        """Reply to a topic; with `attachment`, the file is uploaded on the reply form first
        (phpBB keeps it as the account's orphan until a post claims it) and the reply that
        claims it is the one submit that posts — so the file never shows without the post,
        and a refused file (`AttachmentRefused`) leaves nothing on the board. Without
        `attachment_tag` in the text, phpBB lists the file below the post."""
        self._check_length(text)
        what = f"reply to topic {topic_id}"
        url = self.url(f"posting.php?mode=reply&t={topic_id}")
        values = {"message": text}
        if subject:
            values["subject"] = subject

        def fresh() -> _FormPage:
            page = self._form_page(url, what)
            if attachment is None:
                return page
            return self._upload(page, attachment, values, what, topic_id)

        try:
            page = fresh()
        except NotFound as exc:
            raise NotFound(f"topic {topic_id} does not exist or is hidden: {exc}") from exc
        resp = self._submit_post_form(page, values, what, topic_id, fresh)
        return self._post_result(resp, what)

    def attachment_tag(self, attachment: Attachment) -> str:
        """phpBB's inline attachment BBCode; index 0 is the newest file of the form."""
        return f"[attachment=0]{attachment.name}[/attachment]"

    def _upload(
        self,
        page: _FormPage,
        attachment: Attachment,
        values: dict[str, str],
        what: str,
        topic_id: int | None,
    ) -> _FormPage:
        """Press «Добавить файл» on a posting form with the file; the board answers with the
        same form listing the file (`attachment_data[...]` hidden fields, fresh tokens),
        which is returned for the post submit. No post is made here."""
        before = _attachment_ids(page.form)
        for _try in range(3):
            self._wait_form_age(page.served_at)
            self._waiter.check(what)
            resp = self._net.send(
                "POST",
                page.form.action,
                page.form.fill("add_file", values),
                retry=False,  # an upload that got lost leaves at most an orphan file
                files=[("fileupload", (attachment.name, attachment.data, attachment.mime))],
            )
            if resp.status_code == 200 and forms.is_login_page(self._text(resp)):
                raise SessionExpired(f"the board asked to log in again while trying to {what}")
            form = forms.find_form(self._text(resp), str(resp.url), "form#postform")
            if form is None:
                raise self._refusal(self._text(resp), what, topic_id)
            returned = _FormPage(form, str(resp.url), self._clock())
            if _attachment_ids(form) - before:
                log.info(
                    "board took the attachment %s (%d bytes)", attachment.name, len(attachment.data)
                )
                return returned
            err = forms.error_text(self._text(resp)) or ""
            if _has(err, _TOKEN):
                self._sleep(1.0)  # the returned token may be from the same second
                page = returned
                continue
            # a size or type limit, or attachments not allowed here: the board's words
            raise AttachmentRefused(attachment.name, err or "the form came back without the file")
        raise FormExpired(f"the board kept refusing the form while uploading {attachment.name}")

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
        if resp.is_redirect:
            # phpBB 3.3.11 answers a new topic with a 302 to `viewtopic.php?t=N`, no post id
            loc = urljoin(str(resp.url), resp.headers["location"])
            tid = forms.query_int(loc, "t")
            if tid is not None and forms.query_int(loc, "p") is None:
                log.info("board accepted: %s (topic %d)", what, tid)
                return tid
        result = self._post_result(resp, what)
        tid = forms.query_int(result.url, "t")
        return tid if tid is not None else self._topic_of_post(result.post_id)

    def _topic_of_post(self, post_id: int) -> int:
        resp = self._member_get(self.url(f"viewtopic.php?p={post_id}"))
        link = _tree_first_href(self._text(resp), "h2.topic-title a")
        tid = forms.query_int(urljoin(str(resp.url), link or ""), "t")
        if tid is None:
            raise UnexpectedPage(f"the page of post {post_id} does not name its topic")
        return tid

    def find_topic_with_marker(self, forum_id: int, subject: str, marker: str) -> int | None:
        """Id of a topic in the forum's first listing page titled `subject` whose first
        page holds the bot's own post with `marker` (a topic opened before a crash)."""
        resp = self._member_get(self.url(f"viewforum.php?f={forum_id}"))
        want = " ".join(subject.split())
        for title, href in _topic_titles(self._text(resp)):
            tid = forms.query_int(urljoin(str(resp.url), href), "t")
            if tid is None or " ".join(title.split()) != want:
                continue
            first = self._fetch_topic_page(self._topic_url(tid, 0))
            if self._own_post_in([first], marker) is not None:
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
        # phpBB does not flood-check edits, and an edit does not restart the flood timer
        resp = self._submit_post_form(
            page, values, what, None, lambda: self._form_page(url, what), paced=False
        )
        return self._post_result(resp, what)

    def _post_result(self, resp: httpx.Response, what: str) -> PostResult:
        if resp.is_redirect:
            loc = urljoin(str(resp.url), resp.headers["location"])
            pid = forms.query_int(loc, "p")
            if pid is not None:
                log.info("board accepted: %s (post %d)", what, pid)
                return PostResult(pid, loc)
        says = forms.info_message(self._text(resp)) or ""
        if _has(says, _QUEUED):
            # Stored but invisible until a moderator approves it: sending it again would
            # queue a duplicate, so this is a permanent refusal the host must fix.
            raise NoPermission(
                f"{what} without moderator approval (the post waits in the queue)", says
            )
        # phpBB 3.0 answers a post with an info page that refreshes to viewtopic.php?p=N
        target = forms.meta_refresh_url(self._text(resp), str(resp.url)) or ""
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
            if forms.is_login_page(self._text(resp)):
                raise SessionExpired(f"the board asked to log in again while trying to {what}")
            form = forms.find_form(self._text(resp), str(resp.url), "form#postform")
            err = forms.error_text(self._text(resp))
            if err or form is None:
                exc = self._refusal(self._text(resp), what, None)
                if isinstance(exc, UnknownRecipient):
                    # phpBB adds the names it knows and lists them; name only the others
                    added = {n.casefold() for n in forms.pm_recipients(self._text(resp))}
                    missing = tuple(n for n in names if n.casefold() not in added)
                    raise UnknownRecipient(missing or names, exc.board_says)
                raise exc
            listed = _addressees(form)
            if len(listed) < len(names):
                raise UnknownRecipient(names, "the board did not add every recipient")
            shown = {norm(n).casefold() for n in forms.pm_recipients(self._text(resp))}
            if len(listed) != len(names) or shown != {norm(n).casefold() for n in names}:
                # never send to someone we did not mean (the form may carry a leftover)
                raise UnexpectedPage(
                    f"the board's form is addressed to {sorted(shown)} while trying to {what}"
                )
            return _FormPage(form, str(resp.url), self._clock())

        try:
            page = addressed()
        except SessionExpired:
            self._logged_in = False
            self._login()
            page = addressed()
        values = {"subject": subject, "message": text}
        try:
            resp = self._submit_post_form(
                page,
                values,
                what,
                None,
                addressed,
                # a refusal returns the form: resend it only if it still has our recipients
                same_form=lambda sent, back: _addressees(sent.form) == _addressees(back.form),
            )
        except UnknownRecipient as exc:
            raise UnknownRecipient(names, exc.board_says) from exc
        target = forms.meta_refresh_url(self._text(resp), str(resp.url)) or ""
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


def _attachment_ids(form: forms.Form) -> set[str]:
    """attach_id values of the files a posting form lists."""
    return {c.value for c in form.controls if _ATTACH_ID.fullmatch(c.name)}


def _addressees(form: forms.Form) -> set[tuple[str, str]]:
    """A PM form's recipients as phpBB sends them: `address_list[u|g][id]` = to/bcc."""
    return {(c.name, c.value) for c in form.controls if c.name.startswith("address_list[")}


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
