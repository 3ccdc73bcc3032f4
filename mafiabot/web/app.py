"""The dashboard as a WSGI application: an access token, two pages, nothing that writes.

Every page needs the token: given once as `?token=…` it is moved into an HttpOnly cookie and
the browser is sent to the same address without it (so it does not stay in the address bar
or the history). Without a valid token nothing but a refusal is shown. Only GET and HEAD are
served; the dashboard changes nothing (the host's overrides stay in the config file).
"""

from __future__ import annotations

import hmac
import logging
import secrets
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from http import HTTPStatus
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlencode

import jinja2
from markupsafe import Markup

from mafiabot.newspaper.render import TEMPLATES_ROOT
from mafiabot.web.data import GameSource, game_view

log = logging.getLogger(__name__)

COOKIE = "mafiabot_web"
StartResponse = Callable[[str, list[tuple[str, str]]], Any]

# inline SVG carries its own <style>; no script, no outside resource of any kind
_HEADERS = [
    (
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
]


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Dashboard:
    """WSGI callable serving the games in `sources` behind `token`."""

    def __init__(
        self,
        sources: Sequence[GameSource],
        token: str,
        *,
        refresh: int = 30,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        if not token:
            raise ValueError("the dashboard needs an access token")
        self.sources = list(sources)
        self.token = token
        self.refresh = refresh
        self.clock = clock
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(TEMPLATES_ROOT / "web")),
            autoescape=True,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=jinja2.StrictUndefined,
        )

    # -- WSGI -----------------------------------------------------------------------------

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method = environ.get("REQUEST_METHOD", "GET")
        path = environ.get("PATH_INFO", "/") or "/"
        query = parse_qs(environ.get("QUERY_STRING", ""))
        if method not in ("GET", "HEAD"):
            return self._respond(
                start_response, HTTPStatus.METHOD_NOT_ALLOWED, "Только чтение.", method
            )
        given = (query.get("token") or [""])[0]
        if given:
            if not self._valid(given):
                return self._refuse(start_response, method)
            # move the token into a cookie and drop it from the address
            rest = {k: v for k, v in query.items() if k != "token"}
            location = path + (("?" + urlencode(rest, doseq=True)) if rest else "")
            cookie = f"{COOKIE}={given}; HttpOnly; SameSite=Strict; Path=/"
            start_response(
                "303 See Other",
                [("Location", location), ("Set-Cookie", cookie), *_HEADERS],
            )
            return [b""]
        if not self._valid(self._cookie(environ)):
            return self._refuse(start_response, method)
        try:
            status, body = self._route(path)
        except Exception as exc:  # a broken game must not take the page down with a traceback
            from mafiabot.dbfile import as_host_error

            known = as_host_error(exc)
            if known is not None:  # the database: locked, gone, unreachable — one line
                log.error("dashboard page %s: %s", path, known)
                status = HTTPStatus.SERVICE_UNAVAILABLE
            else:
                log.exception("dashboard page %s failed", path)
                status = HTTPStatus.INTERNAL_SERVER_ERROR
            body = self._page(
                "error.html.j2",
                message="Не удалось прочитать данные игры (подробности в логе).",
            )
        return self._respond(start_response, status, body, method, html=True)

    def _route(self, path: str) -> tuple[HTTPStatus, str]:
        now = self.clock()
        if path in ("/", "/index.html"):
            games = []
            for i, src in enumerate(self.sources):
                v = game_view(src, now)
                games.append({"index": i, **v})
            return HTTPStatus.OK, self._page("index.html.j2", games=games)
        if path.startswith("/game/"):
            tail = path.removeprefix("/game/").strip("/")
            # ASCII digits only: «²» or «٣» are digits to str.isdigit but no index
            if (
                tail.isascii()
                and tail.isdecimal()
                and len(tail) < 10
                and int(tail) < len(self.sources)
            ):
                v = game_view(self.sources[int(tail)], now)
                if v.get("chart"):
                    v["chart"] = Markup(v["chart"])  # pygal's SVG: escaped by pygal itself
                return HTTPStatus.OK, self._page("game.html.j2", g=v, index=int(tail))
        return HTTPStatus.NOT_FOUND, self._page("error.html.j2", message="Нет такой страницы.")

    def _page(self, name: str, **context: Any) -> str:
        return self.env.get_template(name).render(refresh=self.refresh, now=self.clock(), **context)

    # -- token ----------------------------------------------------------------------------

    def _valid(self, given: str) -> bool:
        return bool(given) and hmac.compare_digest(given.encode(), self.token.encode())

    @staticmethod
    def _cookie(environ: dict[str, Any]) -> str:
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(environ.get("HTTP_COOKIE", ""))
        except Exception:  # a malformed cookie header is just no token
            return ""
        morsel = jar.get(COOKIE)
        return morsel.value if morsel is not None else ""

    def _refuse(self, start_response: StartResponse, method: str) -> Iterable[bytes]:
        body = self._page(
            "error.html.j2",
            message="Нужен токен доступа: откройте адрес, "
            "который mafiabot web напечатал при запуске.",
        )
        return self._respond(start_response, HTTPStatus.FORBIDDEN, body, method, html=True)

    @staticmethod
    def _respond(
        start_response: StartResponse,
        status: HTTPStatus,
        body: str,
        method: str,
        *,
        html: bool = False,
    ) -> Iterable[bytes]:
        data = body.encode("utf-8")
        ctype = "text/html; charset=utf-8" if html else "text/plain; charset=utf-8"
        headers = [("Content-Type", ctype), ("Content-Length", str(len(data))), *_HEADERS]
        if status == HTTPStatus.METHOD_NOT_ALLOWED:
            headers.append(("Allow", "GET, HEAD"))
        start_response(f"{status.value} {status.phrase}", headers)
        return [b""] if method == "HEAD" else [data]
