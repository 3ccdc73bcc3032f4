"""Invision client, stage one: dialect detection, the transport and the login flow."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urljoin

import httpx

from parser.dialects import Dialect, dialect_by_name
from parser.ipb.detect import detect_ipb, is_ipb_login, page_logged_in
from scraper import forms
from scraper.board import (
    Attachment,
)
from scraper.client import BoardClientBase, page_title, shut_out_kind
from scraper.errors import (
    BoardDisabled,
    LoginFailed,
    SessionExpired,
    UnexpectedPage,
)
from scraper.http import is_html, redact
from scraper.ipb.caps import _CAPTCHA, _IPB2_CAPS, IPB_CAPS, IpbCaps, IpbSettings
from scraper.ipb.pages import (
    _error_text,
    _has,
    _member_cookie_id,
    _member_cookie_set,
    _password_form,
    _text,
)
from scraper.session import load_facts, save_facts

log = logging.getLogger(__name__)


@dataclass(slots=True)
class _FormPage:
    form: forms.Form
    url: str


class IpbSession(BoardClientBase):
    """The client's first stage: the board's dialect and charset, transport, login and the
    signs of a lost session. `IpbReader` and `IpbClient` build on it."""

    def __init__(
        self,
        settings: IpbSettings,
        *,
        transport: httpx.BaseTransport | None = None,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        super().__init__(settings, transport=transport, clock=clock, sleep=sleep)
        self._dialect: Dialect | None = None
        if settings.kind not in ("auto", "ipb", ""):
            named = dialect_by_name(settings.kind)
            if named is None:
                raise ValueError(f"board.kind: unknown IPB dialect {settings.kind!r}")
            self._dialect = named.with_overrides(settings.selectors)
        self._per_page = settings.posts_per_page
        # what an earlier process learned of this board: a fresh one spends no request on it
        facts = load_facts(settings.cookie_file)
        if self._dialect is None and isinstance(facts.get("dialect"), str):
            known = dialect_by_name(str(facts["dialect"]))
            self._dialect = known.with_overrides(settings.selectors) if known else None
        if self._per_page is None and isinstance(facts.get("per_page"), int):
            self._per_page = int(str(facts["per_page"]))
        self._post_topics: dict[int, int] = {}  # own post id -> topic id (IPS 4 edits)
        self._charset: str | None = None  # "cp1251" once the board says so
        self._keeps_copies: bool | None = None  # see `IpbClient.can_find_sent_pms`
        self._spent_copies: set[int] = set()  # Sent copies found (their PMs recorded)

    # -- plumbing --------------------------------------------------------------------------

    @property
    def dialect(self) -> Dialect:
        if self._dialect is None:
            resp = self._get(self.url("index.php"))
            found = detect_ipb(resp.text)
            if found is None:
                raise UnexpectedPage(
                    f"{self.base_url} does not look like an Invision board; set board.kind"
                )
            self._dialect = found.with_overrides(self.settings.selectors)
            log.info("board dialect: %s", self._dialect.generation)
            self._keep_facts()
        return self._dialect

    def _keep_facts(self) -> None:
        facts: dict[str, object] = {}
        if self._dialect is not None:
            facts["dialect"] = self._dialect.name
        if self._per_page is not None:
            facts["per_page"] = self._per_page
        save_facts(self.settings.cookie_file, facts)

    @property
    def caps(self) -> IpbCaps:
        """The flow differences of the board's generation (`IPB_CAPS`)."""
        return IPB_CAPS.get(self.dialect.name, _IPB2_CAPS)

    @property
    def attachments(self) -> bool:
        """`scraper.board.TakesAttachments`: the generation's capability (dialect data)."""
        return self.caps.attachments

    def attachment_tag(self, attachment: Attachment) -> str:
        """IPB 1.x-3.x `[attachment=ID:name]` needs the board's id: none until uploads are
        followed (`attachments` is False, so this is never asked for)."""
        return ""

    def _dialect_url(self, key: str, **values: object) -> str:
        template = self.dialect.urls.get(key)
        if template is None:
            raise UnexpectedPage(f"the {self.dialect.generation} dialect has no {key!r} URL")
        return self.url(template.format(**values))

    def _form_encoding(self) -> str:
        # windows-1251 boards read form bodies in their own charset
        return self._charset or "utf-8"

    def _send(
        self,
        method: str,
        url: str,
        data: Sequence[tuple[str, str]] | None = None,
        *,
        retry: bool = True,
        multipart: bool = False,
    ) -> httpx.Response:
        return self._net.send(
            method, url, data, retry=retry, multipart=multipart, encoding=self._form_encoding()
        )

    def _get(self, url: str, *, follow: int = 5) -> httpx.Response:
        resp = self._net.get(url, follow=follow)
        self._learn_charset(resp)
        return resp

    def _text(self, resp: httpx.Response) -> str:
        return _text(resp)

    def _learn_charset(self, resp: httpx.Response) -> None:
        m = re.search(r"charset=([\w-]+)", resp.headers.get("content-type", ""), re.I)
        if m and m.group(1).lower() in ("windows-1251", "cp1251"):
            self._charset = "cp1251"
        elif m is None and re.search(
            rb"<meta[^>]+charset=[\"']?windows-1251", resp.content[:4096], re.I
        ):
            # only when the bytes really are windows-1251 (saved copies can lie; see encoding)
            try:
                resp.content.decode("utf-8")
            except UnicodeDecodeError:
                self._charset = "cp1251"

    # -- session ---------------------------------------------------------------------------

    def _has_member_cookie(self) -> bool:
        return _member_cookie_set(self._http)

    def _session_user_id(self) -> int | None:
        return _member_cookie_id(self._http)

    def _page_logged_in(self, resp: httpx.Response) -> bool:
        return page_logged_in(_text(resp), self._dialect) is True

    def _login(self) -> None:
        d = self.dialect
        user = self.settings.username
        page = self._get(self._dialect_url("login_form"))
        html = _text(page)
        if shut_out_kind(page_title(html)) is not None:  # IPB 1.x: «Форум на профилактике»
            raise BoardDisabled(page_title(html))
        form = _password_form(html, str(page.url))
        if form is None:
            if page_logged_in(html, d) is True:
                self._learn_own_id(html, login=True)
                self._logged_in = True
                return
            kind = shut_out_kind(_error_text(html) or "")
            if kind is not None:  # a ban or a switched-off board, on the login page too
                raise kind(_error_text(html) or "")
            raise UnexpectedPage(
                f"the board's login page has no login form ({redact(str(page.url))})"
            )
        if _has(html, _CAPTCHA) and any("captcha" in n.lower() for n in form.names()):
            raise LoginFailed(
                user,
                "the board asks for a CAPTCHA; log in once in a browser and give the bot that "
                "session's cookie file",
            )
        values = {
            d.fields.get("login_user", "UserName"): user,
            d.fields.get("login_password", "PassWord"): self.settings.password,
        }
        if self.settings.remember_me and d.fields.get("login_remember"):
            values[d.fields["login_remember"]] = "1"
        values.update(self.caps.login_extra)
        resp = self._send("POST", form.action, form.fill(None, values), retry=False)
        landing = resp
        moved = resp.is_redirect
        if moved:
            landing = self._get(urljoin(str(resp.url), resp.headers["location"]))
        else:
            # IPB 1.x/2.x answer a good login with a «Спасибо, вы вошли как …» page that
            # refreshes to the index after two seconds.
            refresh = forms.meta_refresh_url(_text(resp), str(resp.url))
            if refresh and _password_form(_text(resp), str(resp.url)) is None:
                moved = True
                landing = self._get(refresh)
        text = _text(landing)
        if page_logged_in(text, d) is True or (
            moved and not is_ipb_login(text) and _member_cookie_set(self._http)
        ):
            self._learn_own_id(text, login=True)
            self._logged_in = True
            self._net.save_cookies()
            log.info("logged in to %s as %s", self.base_url, user)
            return
        says = _error_text(text) or ""
        if _has(says or text, _CAPTCHA) and _password_form(text, str(landing.url)) is not None:
            says = (says + " (the board now asks for a CAPTCHA: log in once in a browser)").strip()
        if moved and not says:
            raise SessionExpired(
                f"the board accepted the login of {user} but the session does not stick; "
                "are cookies blocked or is the session bound to another IP?"
            )
        raise LoginFailed(user, says)

    def _error_of(self, text: str) -> str | None:
        return _error_text(text)

    def _looks_logged_out(self, resp: httpx.Response) -> bool:
        if resp.status_code != 200 or not is_html(resp):
            return False
        text = _text(resp)
        return is_ipb_login(text) or page_logged_in(text, self._dialect) is False
