"""A lean HTTP/1.1 transport for the board client: httpx's client over the standard library's
`http.client`.

A first poll fetches a thousand topic pages over one kept-alive connection. httpx's own
transport (httpcore's pool and h11's event machine) spends about twice the CPU a page that
`http.client` does for the same exchange; everything above the transport — cookies,
redirects, content decoding, the timeout configuration, the request log — stays httpx's.

`LeanTransport` keeps one idle connection per origin (scheme, host, port), as a browser
does with a board, and carries over what the client and its retries rely on:

- the request's timeouts (`request.extensions["timeout"]`: connect, write, read; None waits);
- failures raised as the httpx exceptions httpx's own transport raises for them
  (`ConnectError`, `ConnectTimeout`, `WriteError`, `WriteTimeout`, `ReadError`,
  `ReadTimeout`, `RemoteProtocolError`), so `BoardHttp` tells them apart as before;
- an idle connection that the server has closed, or that stood idle longer than httpx's
  keep-alive expiry (5 s), is not reused; one found closed only by the request itself is
  tried again once on a fresh connection for an idempotent method, never for a POST (a
  form may have been accepted: exactly-once posting decides, not the transport);
- request bodies as httpx built them (forms, multipart), chunked when httpx says so;
- responses with a length, chunked, or ended by the close; `Connection: close`; HEAD,
  1xx, 204 and 304 without a body; headers in the board's order with repeats (`Set-Cookie`)
  and their bytes as sent (non-ASCII included), the body as it came (httpx decodes gzip);
- plain http and https with the same SSL context httpx builds (`verify`, the
  `SSL_CERT_FILE`/`SSL_CERT_DIR` environment), made on the first https connection (a CA
  file that cannot be read fails that request as a `ConnectError` naming it, where httpx's
  own transport raises when it is made); the board's name sent (SNI) and checked against
  its certificate, a refusal a `ConnectError` in httpx's words
  (tests/test_lean_transport_tls.py holds the two transports to the same behaviour);
- `close()` closes every connection.

What it does not do it leaves to httpx's own transport, whole: a request carrying an
extension other than its timeouts, or a scheme other than http and https, is handed to an
`httpx.HTTPTransport` made for it. `board_transport()` gives no lean transport at all when
the environment names a proxy (httpx honours `HTTP_PROXY`, `HTTPS_PROXY`, `ALL_PROXY` only
for a client it builds its transports for).
"""

from __future__ import annotations

import http.client
import os
import select
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from urllib.request import getproxies

import httpx

#: methods a server must treat the same when asked twice (RFC 9110 9.2.2)
IDEMPOTENT = frozenset({"GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"})

#: seconds an idle connection is kept (httpx's default `keepalive_expiry`)
KEEPALIVE_EXPIRY = 5.0

_NO_RESPONSE = "Server disconnected without sending a response."

Origin = tuple[str, str, int]


def proxies_configured() -> bool:
    """Whether the environment names a proxy httpx would use (its own test, on the same
    `urllib.request.getproxies()`)."""
    found = getproxies()
    return any(found.get(scheme) for scheme in ("http", "https", "all"))


def board_transport(*, verify: ssl.SSLContext | bool = True) -> httpx.BaseTransport | None:
    """The transport a board client gets when none is given: the lean one, or None (httpx
    builds its own) when the environment names a proxy."""
    if proxies_configured():
        return None
    return LeanTransport(verify=verify)


class _Body(httpx.SyncByteStream):
    """A response's body, read whole by the transport (the connection is free again before
    the caller looks at it); httpx decodes it as it decodes httpcore's."""

    def __init__(self, data: bytes) -> None:
        self._data = data

    def __iter__(self) -> Iterator[bytes]:
        if self._data:
            yield self._data


class _Stale(Exception):
    """A reused connection was found closed before any byte of an answer came."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.cause = cause


def _readable(sock: socket.socket | None) -> bool:
    """An idle connection with something to read has been closed by the server (or holds
    bytes nobody asked for): either way it is not reused."""
    if sock is None:
        return True
    try:
        poller = select.poll()  # not select(): a daemon may hold descriptors past 1024
        poller.register(sock, select.POLLIN)
        return bool(poller.poll(0))
    except (OSError, ValueError):
        return True


def _headers(msg: http.client.HTTPMessage) -> list[tuple[bytes, bytes]]:
    """The answer's header fields as the board sent them: http.client reads them as
    ISO-8859-1, which gives every byte back; a folded value is joined by spaces (as h11)."""
    out = []
    for name, value in msg.raw_items():
        if "\n" in value:
            value = " ".join(part.strip(" \t\r") for part in value.split("\n"))
        out.append((name.encode("latin-1"), value.strip(" \t").encode("latin-1")))
    return out


class LeanTransport(httpx.BaseTransport):
    """HTTP/1.1 over `http.client`, one kept-alive connection per origin (see the module
    docstring). Thread-safe: a connection is used by one request at a time; a second request
    to the same origin while one is in flight opens a connection of its own."""

    def __init__(
        self, *, verify: ssl.SSLContext | bool = True, keepalive_expiry: float = KEEPALIVE_EXPIRY
    ) -> None:
        self._verify = verify
        self._keepalive = keepalive_expiry
        self._context: ssl.SSLContext | None = None
        self._idle: dict[Origin, tuple[http.client.HTTPConnection, float]] = {}
        self._lock = threading.Lock()
        self._fallback: httpx.HTTPTransport | None = None
        self._closed = False
        #: connections opened so far (tests read it)
        self.connections_opened = 0

    # --- the client's side

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        url = request.url
        if url.scheme not in ("http", "https") or any(k != "timeout" for k in request.extensions):
            return self._httpx().handle_request(request)
        timeout = request.extensions.get("timeout") or {}
        port = url.port or (443 if url.scheme == "https" else 80)
        origin: Origin = (url.scheme, url.raw_host.decode("ascii"), port)
        conn, reused = self._take(origin, timeout)
        try:
            return self._exchange(origin, conn, request, timeout)
        except _Stale as stale:
            if not reused or request.method not in IDEMPOTENT:
                raise httpx.RemoteProtocolError(_NO_RESPONSE) from stale.cause
        conn = self._connect(origin, timeout)
        try:
            return self._exchange(origin, conn, request, timeout)
        except _Stale as stale:  # a fresh connection closed at once: the board's answer
            raise httpx.RemoteProtocolError(_NO_RESPONSE) from stale.cause

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, {}
        for conn, _ in idle.values():
            conn.close()
        if self._fallback is not None:
            self._fallback.close()

    # --- connections

    def _httpx(self) -> httpx.HTTPTransport:
        """httpx's own transport, for what this one does not do."""
        with self._lock:
            if self._fallback is None:
                self._fallback = httpx.HTTPTransport(verify=self._verify)
            return self._fallback

    def _ssl(self) -> ssl.SSLContext:
        if self._context is None:
            try:
                self._context = httpx.create_ssl_context(verify=self._verify)
            except OSError as exc:  # the environment names a CA file that is not one
                where = os.environ.get("SSL_CERT_FILE") or os.environ.get("SSL_CERT_DIR")
                raise httpx.ConnectError(
                    f"cannot load the CA certificates{f' of {where}' if where else ''}: {exc}"
                ) from exc
        return self._context

    def _take(
        self, origin: Origin, timeout: dict[str, float | None]
    ) -> tuple[http.client.HTTPConnection, bool]:
        """The origin's idle connection when it is still good, else a new one; and whether
        it was reused."""
        with self._lock:
            held = self._idle.pop(origin, None)
        if held is not None:
            conn, since = held
            if time.monotonic() - since <= self._keepalive and not _readable(conn.sock):
                return conn, True
            conn.close()
        return self._connect(origin, timeout), False

    def _connect(
        self, origin: Origin, timeout: dict[str, float | None]
    ) -> http.client.HTTPConnection:
        scheme, host, port = origin
        wait = timeout.get("connect")
        conn: http.client.HTTPConnection
        if scheme == "https":
            conn = http.client.HTTPSConnection(host, port, timeout=wait, context=self._ssl())
        else:
            conn = http.client.HTTPConnection(host, port, timeout=wait)
        try:
            conn.connect()
        except TimeoutError as exc:
            conn.close()
            raise httpx.ConnectTimeout(str(exc) or "timed out") from exc
        except OSError as exc:  # refused, unreachable, unknown name, TLS refused
            conn.close()
            raise httpx.ConnectError(str(exc)) from exc
        self.connections_opened += 1
        return conn

    def _give_back(self, origin: Origin, conn: http.client.HTTPConnection) -> None:
        if conn.sock is None:  # the answer closed it
            return
        with self._lock:
            if not self._closed and origin not in self._idle:
                self._idle[origin] = (conn, time.monotonic())
                return
        conn.close()

    # --- one exchange

    def _exchange(
        self,
        origin: Origin,
        conn: http.client.HTTPConnection,
        request: httpx.Request,
        timeout: dict[str, float | None],
    ) -> httpx.Response:
        try:
            resp = self._send(conn, request, timeout)
            body = self._read_body(resp)
        except BaseException:
            conn.close()
            raise
        if request.headers.get("connection", "").lower() == "close":
            conn.close()
        self._give_back(origin, conn)
        version = b"HTTP/1.0" if resp.version == 10 else b"HTTP/1.1"
        return httpx.Response(
            resp.status,
            headers=_headers(resp.msg),
            stream=_Body(body),
            extensions={
                "http_version": version,
                "reason_phrase": resp.reason.encode("latin-1", "replace"),
            },
        )

    def _send(
        self,
        conn: http.client.HTTPConnection,
        request: httpx.Request,
        timeout: dict[str, float | None],
    ) -> http.client.HTTPResponse:
        """Writes the request as httpx built it and reads the answer's head. `_Stale` when
        the connection turned out closed before any of the answer came."""
        body = request.read()
        chunked = "chunked" in request.headers.get("transfer-encoding", "").lower()
        sock = conn.sock
        assert sock is not None
        sock.settimeout(timeout.get("write"))
        written: OSError | None = None
        try:
            conn.putrequest(
                request.method,
                request.url.raw_path.decode("ascii"),
                skip_host=True,
                skip_accept_encoding=True,
            )
            for name, value in request.headers.raw:
                conn.putheader(name, value)  # bytes go as they are
            conn.endheaders(body if body or chunked else None, encode_chunked=chunked)
        except TimeoutError as exc:
            raise httpx.WriteTimeout(str(exc) or "timed out") from exc
        except OSError as exc:
            # the server may have answered before it stopped reading (as httpcore does,
            # read what it said)
            written = exc
        sock.settimeout(timeout.get("read"))
        try:
            return conn.getresponse()
        except TimeoutError as exc:
            raise httpx.ReadTimeout(str(exc) or "timed out") from exc
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError) as exc:
            raise _Stale(exc) from exc
        except http.client.HTTPException as exc:
            raise httpx.RemoteProtocolError(str(exc) or type(exc).__name__) from exc
        except OSError as exc:
            if written is not None:
                raise _Stale(written) from exc
            raise httpx.ReadError(str(exc)) from exc

    @staticmethod
    def _read_body(resp: http.client.HTTPResponse) -> bytes:
        try:
            return resp.read()
        except TimeoutError as exc:
            raise httpx.ReadTimeout(str(exc) or "timed out") from exc
        except http.client.IncompleteRead as exc:
            raise httpx.RemoteProtocolError(
                "peer closed connection without sending complete message body"
            ) from exc
        except http.client.HTTPException as exc:
            raise httpx.RemoteProtocolError(str(exc) or type(exc).__name__) from exc
        except OSError as exc:
            raise httpx.ReadError(str(exc)) from exc
