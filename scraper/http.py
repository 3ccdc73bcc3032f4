"""The HTTP layer every board client shares: one place for politeness, retries and secrets.

`BoardHttp` wraps one `httpx.Client` and gives the board clients (`scraper.phpbb`,
`scraper.ipb`) the same behaviour:

- a polite rate: at least `min_interval` seconds between any two requests (injected clock
  and sleep, so tests never wait);
- a User-Agent naming the bot (sessions are bound to it on phpBB and IPB: keep it constant);
- GETs retried with exponential backoff (tenacity) on 5xx, 429, timeouts, connection errors
  and truncated pages; form submits are sent once when the caller says so (a lost answer may
  hide an accepted post);
- httpx errors wrapped in `BoardUnavailable` with the original as `__cause__`;
- URLs shown in messages and logs with session ids and form tokens redacted (`redact`):
  phpBB's `sid=`, IPB 1.x/2.x `s=`, `session_id=`, `auth_key=`, `md5check=`, IPS `csrfKey=`
  all let whoever reads a log act as the bot; httpx's own request log lines are rewritten
  by a filter on the `httpx`/`httpcore` loggers;
- the cookie jar saved to `cookie_file` after every response that set a cookie (phpBB rotates
  its autologin key on use), and on `close()`;
- a page's bytes turned into text by the one function that decides a page's encoding,
  `parser.encoding.decode_html` (`page_text`), never by httpx's own guess.
"""

from __future__ import annotations

import logging
import re
import ssl
import time
import weakref
from collections.abc import Callable, Sequence
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Protocol
from urllib.parse import urlencode, urljoin

import httpx
from tenacity import (
    RetryCallState,
    Retrying,
    retry_if_exception_type,
    stop_after_attempt,
    wait_exponential,
)

from parser.encoding import decode_html, utf8_declared, utf8_header
from scraper import forms
from scraper.errors import BoardUnavailable
from scraper.session import load_cookies, save_cookies
from scraper.transport import board_transport

log = logging.getLogger(__name__)

DEFAULT_USER_AGENT = "mafiabot/0.1 (forum Mafia game host bot; httpx)"

#: query parameters whose values are secrets (session ids, anti-CSRF tokens)
SECRET_PARAMS = ("sid", "s", "session", "session_id", "auth_key", "md5check", "csrfKey")

_SECRET = re.compile(
    r"(?P<lead>[?&;]|&amp;)(?P<name>" + "|".join(SECRET_PARAMS) + r")=(?P<value>[^&#\s'\"]*)",
    re.IGNORECASE,
)

#: statuses worth another try: the board is overloaded or asks us to slow down
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504, 520, 521, 522, 523, 524})


def redact(text: str) -> str:
    """`text` (a URL or a message holding URLs) with secret query values replaced by `***`."""
    return _SECRET.sub(lambda m: f"{m.group('lead')}{m.group('name')}=***", text)


# the answer decoded last and its text: a client asks for one page's text several times (is
# it a login page, the new-letter counter, the parse) and pays for the decoding once
_decoded: tuple[weakref.ref[httpx.Response], str] | None = None


def page_text(resp: httpx.Response) -> str:
    """A board's answer as text: its bytes decoded by `parser.encoding.decode_html` (BOM, the
    declared charsets checked against the bytes, windows-1251 boards, detection), the same
    decision every entry point makes; decoded once per answer."""
    global _decoded
    last = _decoded
    if last is not None and last[0]() is resp:
        return last[1]
    text = decode_html(resp.content, resp.headers.get("content-type"))
    _decoded = (weakref.ref(resp), text)
    return text


# the answer `ascii_bytes` looked at last and what it found: one page is asked four times (is
# it complete, is it a login page, the new-letter counter, the parse), worked out once
_searchable: tuple[weakref.ref[httpx.Response], bytes | None] | None = None


def ascii_bytes(resp: httpx.Response) -> bytes | None:
    """The answer's bytes when a search for ASCII text in them finds what it finds in the
    page's text (`page_text`), else None: a page that names UTF-8 or no charset, in its
    header and in its markup (`parser.encoding.utf8_declared`: no byte-order mark but
    UTF-8's), and holds no NUL byte. Such bytes are read as UTF-8 when they are UTF-8 (the
    decoding `decode_html` makes), and otherwise by a charset that keeps ASCII as it is
    (windows-1251, KOI8-R: a charset without ASCII, UTF-16 or UTF-32, puts NUL bytes in an
    ASCII page). Searching the bytes spares decoding a whole page (~130 µs a topic page) for
    a few ASCII marks; the parse reads the same bytes (`parser.phpbb.topic.parse_topic`).
    Worked out once per answer (an answer's bytes do not change once read)."""
    global _searchable
    last = _searchable
    if last is not None and last[0]() is resp:
        return last[1]
    content = resp.content
    searchable = utf8_header(resp.headers.get("content-type")) and utf8_declared(content)
    data = content if searchable and b"\0" not in content else None
    _searchable = (weakref.ref(resp), data)
    return data


def is_complete(resp: httpx.Response, text_of: Callable[[httpx.Response], str]) -> bool:
    """`forms.is_complete` of the answer's text; a page whose last 4,096 bytes hold its
    closing tag needs no decoding to say so (those bytes are within its last 4,096
    characters, `ascii_bytes`). Otherwise the text decides."""
    data = ascii_bytes(resp) if text_of is page_text else None
    if data is not None and b"</html>" in data[-4096:].lower():
        return True
    return forms.is_complete(text_of(resp))


class RedactingFilter(logging.Filter):
    """Rewrites log records that hold a secret URL (httpx logs every request URL at INFO)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            text = record.getMessage()
        except (TypeError, ValueError):  # a malformed record: leave it to logging
            return True
        shown = redact(text)
        if shown != text:
            record.msg, record.args = shown, None
        return True


_FILTER = RedactingFilter()
_HTTPX_LOG = logging.getLogger("httpx")
for _name in ("httpx", "httpcore"):
    if not any(isinstance(f, RedactingFilter) for f in logging.getLogger(_name).filters):
        logging.getLogger(_name).addFilter(_FILTER)


def refused_certificate(exc: BaseException) -> ssl.SSLCertVerificationError | None:
    """The certificate check that failed under `exc` (httpx's transport wraps it twice, the
    lean one once), if one did."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, ssl.SSLCertVerificationError):
            return cause
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return None


def unreachable(method: str, shown: str, exc: httpx.HTTPError) -> str:
    """The host's line for a request that got no answer: a refused certificate is named as
    such, with what to do when the board's certificate comes from a CA of its own."""
    refused = refused_certificate(exc)
    if refused is None:
        return f"cannot reach the board ({method} {shown}): {redact(str(exc))}"
    why = (refused.verify_message or str(refused)).rstrip(".")
    return (
        f"cannot reach the board ({method} {shown}): its certificate was refused ({why}); "
        "if the board's certificate comes from a CA of its own, point SSL_CERT_FILE at that "
        "CA's certificate"
    )


def is_html(resp: httpx.Response) -> bool:
    return "html" in resp.headers.get("content-type", "text/html").lower()


def _board_timestamp(stamp: str) -> float | None:
    """The moment an HTTP `Date` header names, None where it names no zoned moment."""
    try:
        when = parsedate_to_datetime(stamp)
    except (TypeError, ValueError, IndexError):
        return None
    return when.timestamp() if when.tzinfo is not None else None


def _log_retry(state: RetryCallState) -> None:
    log.warning(
        "board unavailable, retrying (attempt %d): %s",
        state.attempt_number,
        state.outcome.exception() if state.outcome else "",
    )


class TransportSettings(Protocol):
    """The connection fields every board client's settings carry."""

    @property
    def user_agent(self) -> str: ...
    @property
    def cookie_file(self) -> Path | None: ...
    @property
    def min_interval(self) -> float: ...
    @property
    def timeout(self) -> float: ...
    @property
    def retries(self) -> int: ...
    @property
    def backoff(self) -> float: ...
    @property
    def max_backoff(self) -> float: ...


class BoardHttp:
    """Paced, retrying, secret-redacting HTTP for one board session. Not thread-safe."""

    @classmethod
    def for_settings(
        cls,
        settings: TransportSettings,
        *,
        transport: httpx.BaseTransport | None = None,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
        text_of: Callable[[httpx.Response], str] | None = None,
        on_cookies: Callable[[httpx.Response], None] | None = None,
    ) -> BoardHttp:
        """The transport a client's settings describe (phpBB and IPB alike)."""
        return cls(
            user_agent=settings.user_agent,
            cookie_file=settings.cookie_file,
            min_interval=settings.min_interval,
            timeout=settings.timeout,
            retries=settings.retries,
            backoff=settings.backoff,
            max_backoff=settings.max_backoff,
            transport=transport,
            clock=clock,
            sleep=sleep,
            text_of=text_of,
            on_cookies=on_cookies,
        )

    def __init__(
        self,
        *,
        user_agent: str,
        cookie_file: Path | None = None,
        min_interval: float = 1.0,
        timeout: float = 30.0,
        retries: int = 5,
        backoff: float = 2.0,
        max_backoff: float = 120.0,
        transport: httpx.BaseTransport | None = None,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
        text_of: Callable[[httpx.Response], str] | None = None,
        on_cookies: Callable[[httpx.Response], None] | None = None,
    ) -> None:
        self.cookie_file = cookie_file
        self.min_interval = min_interval
        self.retries = retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.clock = clock
        self.sleep = sleep
        # how a page's bytes become text (boards lie about their charset)
        self._text_of = text_of or page_text
        self._on_cookies = on_cookies
        cookies = load_cookies(cookie_file) if cookie_file else httpx.Cookies()
        if transport is None:  # HTTP/1.1 over http.client; httpx's own under a proxy
            transport = board_transport()
        self.client = httpx.Client(
            transport=transport,
            cookies=cookies,
            headers={"User-Agent": user_agent, "Accept-Language": "ru,en;q=0.5"},
            timeout=timeout,
            follow_redirects=False,
        )
        self.last_request_at: float | None = None
        self.requests_made = 0
        # the jar's Cookie header for the last address asked with `_plain_get`: (address and
        # jar, reusable until, the header)
        self._cookie_header: tuple[object, float, str | None] | None = None
        # the board's clock minus ours, in seconds, from the last answer's `Date` header
        # (None until a board says its time): C-1 deadlines close on the board's clock
        self.clock_offset: float | None = None
        # the last `Date` header seen and the moment it names (None: not a zoned date)
        self._board_time: tuple[str, float | None] | None = None
        # the retry policy for the settings it was built for (`send`)
        self._retrying: tuple[tuple[object, ...], Retrying] | None = None
        #: called before every request (a stop check may raise there)
        self.before_request: Callable[[], None] = lambda: None

    @property
    def cookies(self) -> httpx.Cookies:
        return self.client.cookies

    def pace(self) -> None:
        if self.last_request_at is not None:
            wait = self.last_request_at + self.min_interval - self.clock()
            if wait > 0:
                self.sleep(wait)
        self.last_request_at = self.clock()

    def send_once(
        self,
        method: str,
        url: str,
        data: Sequence[tuple[str, str]] | None = None,
        *,
        multipart: bool = False,
        encoding: str = "utf-8",
        files: Sequence[tuple[str, tuple[str, bytes, str]]] = (),
    ) -> httpx.Response:
        """One request; `files` (name, (filename, bytes, type)) makes it multipart.
        `BoardUnavailable` for anything that may get better by trying again."""
        self.before_request()
        self.pace()
        self.requests_made += 1
        shown = redact(url)
        try:
            if data is None and method == "GET":
                resp = self._plain_get(url)
            elif data is None:
                resp = self.client.request(method, url)
            elif multipart or files:
                # IPS 4 comment forms and file uploads are multipart; httpx builds the body
                # from `files` (a field without a file name is a plain value)
                parts: list[tuple[str, tuple[str | None, bytes] | tuple[str, bytes, str]]]
                parts = [(k, (None, v.encode("utf-8"))) for k, v in data]
                parts += [(k, f) for k, f in files]
                resp = self.client.request(method, url, files=parts)
            else:
                resp = self.client.request(
                    method,
                    url,
                    # urlencode keeps repeated names (phpBB's two `redirect`s) in place, and a
                    # windows-1251 board reads its forms in windows-1251: characters it cannot
                    # hold go as HTML entities, as browsers send them
                    content=urlencode(
                        list(data), encoding=encoding, errors="xmlcharrefreplace"
                    ).encode("ascii"),
                    headers={"Content-Type": "application/x-www-form-urlencoded"},
                )
            resp.read()
            self._note_clock(resp)
        except httpx.TimeoutException as exc:
            raise BoardUnavailable(f"the board did not answer in time ({method} {shown})") from exc
        except httpx.HTTPError as exc:
            raise BoardUnavailable(unreachable(method, shown, exc)) from exc
        if "set-cookie" in resp.headers:
            if self._on_cookies is not None:
                self._on_cookies(resp)
            self.save_cookies()
        if resp.status_code in RETRY_STATUSES or resp.status_code >= 500:
            raise BoardUnavailable(
                f"the board answered {resp.status_code} {resp.reason_phrase} ({method} {shown})"
            )
        if resp.status_code == 200 and is_html(resp) and not is_complete(resp, self._text_of):
            raise BoardUnavailable(f"the board sent a truncated page ({method} {shown})")
        return resp

    def _plain_get(self, url: str) -> httpx.Response:
        """A GET without a body as `httpx.Client.request` sends it (the client's headers, its
        timeout, the jar's cookies for the address; cookies the answer sets go into the
        jar), sent straight to the transport the client picks for the address.

        A first read fetches a thousand topic pages; the client's general path (merging
        headers and cookies, the cookie jar worked out for every request, its auth, redirect
        and hook layers) cost as much CPU as the transport itself. Here the jar's `Cookie`
        header is worked out by the jar itself and reused while the jar holds the same
        cookies (names, values, scopes, expiry) and none of them has expired; a board that
        sets, rotates or drops a cookie changes the jar and the next request works it out
        again. Where the client cannot name the transport for an address, its own path."""
        client = self.client
        pick: Callable[[httpx.URL], httpx.BaseTransport] | None
        pick = getattr(client, "_transport_for_url", None)
        if pick is None:  # pragma: no cover - an httpx without it: the general path
            return client.request("GET", url)
        address = httpx.URL(url)
        request = httpx.Request(
            "GET",
            address,
            headers=self._get_headers(address),
            extensions={"timeout": client.timeout.as_dict()},
        )
        resp: httpx.Response = pick(address).handle_request(request)
        resp.request = request
        try:
            resp.read()
        finally:
            resp.close()
        if "set-cookie" in resp.headers or "set-cookie2" in resp.headers:
            client.cookies.extract_cookies(resp)
        if _HTTPX_LOG.isEnabledFor(logging.INFO):  # the line httpx's own path writes
            _HTTPX_LOG.info(
                'HTTP Request: %s %s "%s %d %s"',
                "GET",
                address,
                resp.http_version,
                resp.status_code,
                resp.reason_phrase,
            )
        return resp

    def _get_headers(self, address: httpx.URL) -> list[tuple[bytes, bytes]]:
        """The client's headers and the jar's `Cookie` header for `address` (`_plain_get`)."""
        jar = self.client.cookies.jar
        held = tuple((c.name, c.value, c.domain, c.path, c.port, c.secure, c.expires) for c in jar)
        key = (address.scheme, address.host, address.port, address.path, held)
        cached = self._cookie_header
        if cached is None or cached[0] != key or time.time() >= cached[1]:
            probe = httpx.Request("GET", address)
            self.client.cookies.set_cookie_header(probe)
            header = probe.headers.get("cookie")
            # a cookie's expiry is the last moment the header may be reused
            ends = [c.expires for c in jar if c.expires is not None]
            cached = (key, float(min(ends)) if ends else float("inf"), header)
            self._cookie_header = cached
        headers: list[tuple[bytes, bytes]] = list(self.client.headers.raw)
        if cached[2] is not None:
            headers.append((b"Cookie", cached[2].encode(self.client.headers.encoding)))
        return headers

    def _note_clock(self, resp: httpx.Response) -> None:
        """The board's clock from the answer's `Date` header (whole seconds: the offset is
        known to a second, which the close's margin covers)."""
        stamp = resp.headers.get("date")
        if not stamp:
            return
        seen = self._board_time
        if seen is None or seen[0] != stamp:
            # a board's `Date` moves once a second while pages come several a second: the
            # header is parsed when it changes, the offset taken against our clock every time
            seen = (stamp, _board_timestamp(stamp))
            self._board_time = seen
        if seen[1] is not None:
            self.clock_offset = seen[1] - self.clock()

    def send(
        self,
        method: str,
        url: str,
        data: Sequence[tuple[str, str]] | None = None,
        *,
        retry: bool = True,
        multipart: bool = False,
        encoding: str = "utf-8",
        files: Sequence[tuple[str, tuple[str, bytes, str]]] = (),
    ) -> httpx.Response:
        """`send_once`, retried with exponential backoff unless `retry` is False."""
        if not retry:
            return self.send_once(
                method, url, data, multipart=multipart, encoding=encoding, files=files
            )
        for attempt in self._retry_policy():
            with attempt:
                return self.send_once(
                    method, url, data, multipart=multipart, encoding=encoding, files=files
                )
        raise AssertionError("unreachable")  # pragma: no cover

    def _retry_policy(self) -> Retrying:
        """The retries `send` makes: built once for the settings it is asked with (retries,
        backoff, its ceiling, the sleep), again when one of them changes. Each use starts
        afresh (tenacity's iteration begins with its own state)."""
        key = (self.retries, self.backoff, self.max_backoff, self.sleep)
        cached = self._retrying
        if cached is not None and cached[0] == key:
            return cached[1]
        retrying = Retrying(
            stop=stop_after_attempt(max(1, self.retries)),
            wait=wait_exponential(multiplier=self.backoff, min=self.backoff, max=self.max_backoff),
            retry=retry_if_exception_type(BoardUnavailable),
            sleep=self.sleep,
            before_sleep=_log_retry,
            reraise=True,
        )
        self._retrying = (key, retrying)
        return retrying

    def get(self, url: str, *, follow: int = 5) -> httpx.Response:
        """GET, following up to `follow` redirects by hand (each hop paced and retried)."""
        resp = self.send("GET", url)
        while resp.is_redirect and follow > 0:
            url = urljoin(str(resp.url), resp.headers["location"])
            resp = self.send("GET", url)
            follow -= 1
        return resp

    def save_cookies(self) -> None:
        if self.cookie_file:
            save_cookies(self.client.cookies, self.cookie_file)

    def close(self) -> None:
        self.save_cookies()
        self.client.close()
