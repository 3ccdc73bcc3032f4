"""The board client's own HTTP/1.1 transport (`scraper.transport.LeanTransport`) against a
real loopback server: keep-alive, stale connections (retried for a GET, never for a POST),
timeouts, refused connections, chunked and gzip answers, cookies through redirects, repeated
and non-ASCII headers, and httpx's own transport under a proxy. The scraper's test files run
once more through it (`lean_relay`)."""

from __future__ import annotations

import contextlib
import gzip
import os
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

import httpx
import pytest

from scraper.errors import BoardUnavailable
from scraper.http import BoardHttp
from scraper.transport import LeanTransport, board_transport

ROOT = Path(__file__).resolve().parent.parent

Script = Callable[[bytes, bytes], bytes | None]  # (request head, body) -> raw answer, None: hang up

#: a bound on a hang, not a speed: how long a closed server's accept thread may take to end
STOP_WAIT = 30.0


class RawServer:
    """A loopback server that answers each request with the raw bytes `script` gives, so
    that a test decides exactly what the wire carries (and when a connection dies)."""

    def __init__(
        self, script: Script, *, tls: ssl.SSLContext | None = None, host: str = "127.0.0.1"
    ) -> None:
        self.script = script
        self.close_after = False  # close each connection after its first answer
        #: seconds a TLS connection may stand idle before the server ends it (close_notify)
        self.idle_close: float | None = None
        #: released once each time the server has ended an idle connection (`idle_close`)
        self.idle_ended = threading.Semaphore(0)
        self.connections = 0
        self.handshakes_failed = 0
        self.requests: list[bytes] = []
        self.bodies: list[bytes] = []
        self.tls = tls
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"{'https' if tls else 'http'}://{host}:{self.port}"
        self._open: list[socket.socket] = []
        self._acceptor = threading.Thread(target=self._accept, daemon=True)
        self._acceptor.start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        if self.tls is not None:  # the handshake in the connection's own thread
            try:
                conn = self.tls.wrap_socket(conn, server_side=True)
            except OSError:
                self.handshakes_failed += 1
                conn.close()
                return
        self.connections += 1
        self._open.append(conn)
        reader = conn.makefile("rb")
        answered = False
        try:
            while True:
                head = b""
                while not head.endswith(b"\r\n\r\n"):
                    line = self._readline(conn, reader, idle=answered and not head)
                    if not line:
                        return
                    head += line
                body = self._body(head, reader)
                self.requests.append(head)
                self.bodies.append(body)
                answer = self.script(head, body)
                if answer is None:
                    conn.close()
                    return
                conn.sendall(answer)
                answered = True
                if self.close_after:
                    conn.close()
                    return
        except OSError:
            return
        finally:
            reader.close()

    def _readline(self, conn: socket.socket, reader: BinaryIO, *, idle: bool) -> bytes:
        """The next line of a request; b"" when the connection is over. A TLS connection
        `idle` (it has answered, and the next request has not begun) for `idle_close`
        seconds is ended by the server as a board's web server ends it at its keep-alive
        timeout: close_notify, then the close; `idle_ended` is released once it is closed.
        A connection not yet idle is never ended on a timer: a loaded machine may hold the
        client back between its handshake and its request."""
        if self.idle_close is None or not idle or not isinstance(conn, ssl.SSLSocket):
            return reader.readline()
        conn.settimeout(self.idle_close)
        try:
            return reader.readline()
        except TimeoutError:
            with contextlib.suppress(OSError):
                conn.unwrap()
            conn.close()  # on loopback the client's socket is readable once this returns
            self.idle_ended.release()
            return b""
        finally:
            with contextlib.suppress(OSError):
                conn.settimeout(None)

    @staticmethod
    def _body(head: bytes, reader: BinaryIO) -> bytes:
        lines = [line.lower() for line in head.split(b"\r\n")]
        if b"transfer-encoding: chunked" in lines:
            parts = []
            while size := int(reader.readline().split(b";")[0], 16):
                parts.append(reader.read(size))
                reader.readline()
            reader.readline()
            return b"".join(parts)
        for line in lines:
            if line.startswith(b"content-length:"):
                return reader.read(int(line.split(b":")[1]))
        return b""

    def drop_idle(self) -> None:
        """The server closes every connection it holds (as after its keep-alive timeout).
        Synchronous: on loopback the kernel has handed the FIN to the client's socket by
        the time the close returns, so the client finds the connection readable (closed)
        at once, with no wait."""
        for conn in self._open:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
            conn.close()
        self._open.clear()

    def close(self) -> None:
        """Stops accepting, then lets the listening socket go. Closing it under a thread
        blocked in accept() would not wake that thread: it would go on accepting on the
        closed socket, or, once the descriptor's number is given to a later test's listener
        and the blocked call is restarted (a sandboxed kernel restarts it when the process
        forks, as `openssl rehash` does), on that listener, answering its clients with this
        server's script or certificate. shutdown() ends the accept() at once (EINVAL); the
        join is only a bound on a hang."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self._acceptor.join(STOP_WAIT)
        if self._acceptor.is_alive():
            raise RuntimeError(f"the server on port {self.port} did not stop accepting")
        self.sock.close()
        self.drop_idle()


def ok(body: bytes = b"<html>ok</html>", extra: bytes = b"") -> bytes:
    return (
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
        + extra
        + b"Content-Length: %d\r\n\r\n" % len(body)
        + body
    )


@pytest.fixture
def serve() -> Iterator[Callable[[Script], RawServer]]:
    servers: list[RawServer] = []

    def start(script: Script) -> RawServer:
        servers.append(RawServer(script))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


def client(transport: LeanTransport, timeout: float = 5.0) -> httpx.Client:
    return httpx.Client(transport=transport, timeout=timeout)


def test_a_closed_server_accepts_nothing_more() -> None:
    """The test server itself: once closed, no thread of it is left accepting, so a later
    test's listener given the same descriptor number is never answered by this one."""
    server = RawServer(lambda head, body: ok())
    with client(LeanTransport()) as http:
        http.get(server.url + "/")
    server.close()
    assert not server._acceptor.is_alive()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", server.port), timeout=5).close()
    assert len(server.requests) == 1


def test_one_connection_carries_every_request(serve: Callable[[Script], RawServer]) -> None:
    server = serve(lambda head, body: ok())
    lean = LeanTransport()
    with client(lean) as http:
        for n in range(5):
            assert http.get(f"{server.url}/page{n}").text == "<html>ok</html>"
    assert server.connections == 1 and lean.connections_opened == 1
    assert [h.split(b" ")[1] for h in server.requests] == [b"/page%d" % n for n in range(5)]


def test_a_connection_the_server_closed_while_idle_is_not_reused(
    serve: Callable[[Script], RawServer],
) -> None:
    server = serve(lambda head, body: ok())
    lean = LeanTransport()
    with client(lean) as http:
        http.get(server.url + "/")
        server.drop_idle()  # synchronous: no wait needed before the next request
        http.post(server.url + "/posting.php", data={"message": "x"})
    assert server.connections == 2
    assert len(server.bodies) == 2 and server.bodies[1] == b"message=x"  # sent once


def _second_dies() -> Script:
    """Answers every request but the second, whose connection it closes without an answer
    (the server timed it out just as the request went)."""
    seen: list[bytes] = []

    def script(head: bytes, body: bytes) -> bytes | None:
        seen.append(head)
        return None if len(seen) == 2 else ok()

    return script


def test_a_get_on_a_connection_found_closed_is_sent_once_more(
    serve: Callable[[Script], RawServer],
) -> None:
    server = serve(_second_dies())
    with client(LeanTransport()) as http:
        http.get(server.url + "/a")
        resp = http.get(server.url + "/b")  # sent again, once, on a fresh connection
    assert resp.status_code == 200
    assert server.connections == 2 and len(server.requests) == 3


def test_a_post_on_a_connection_found_closed_is_never_sent_again(
    serve: Callable[[Script], RawServer],
) -> None:
    server = serve(_second_dies())
    with client(LeanTransport()) as http:
        http.get(server.url + "/a")
        with pytest.raises(httpx.RemoteProtocolError):
            http.post(server.url + "/posting.php", data={"message": "once"})
    assert server.bodies.count(b"message=once") == 1
    assert server.connections == 1


def test_a_fresh_connection_closed_without_an_answer_is_not_retried(
    serve: Callable[[Script], RawServer],
) -> None:
    server = serve(lambda head, body: None)
    with client(LeanTransport()) as http, pytest.raises(httpx.RemoteProtocolError):
        http.get(server.url + "/")
    assert len(server.requests) == 1


def test_an_idle_connection_past_the_keepalive_expiry_is_replaced(
    serve: Callable[[Script], RawServer],
) -> None:
    server = serve(lambda head, body: ok())
    lean = LeanTransport(keepalive_expiry=0.0)
    with client(lean) as http:
        http.get(server.url + "/")
        time.sleep(0.01)
        http.get(server.url + "/")
    assert server.connections == 2


def test_read_timeout(serve: Callable[[Script], RawServer]) -> None:
    def slow(head: bytes, body: bytes) -> bytes:
        time.sleep(0.5)
        return ok()

    server = serve(slow)
    with client(LeanTransport(), timeout=0.1) as http, pytest.raises(httpx.ReadTimeout):
        http.get(server.url + "/")


def test_connect_timeout_and_refused() -> None:
    with socket.create_server(("127.0.0.1", 0)) as closed:
        port = closed.getsockname()[1]
    with client(LeanTransport()) as http, pytest.raises(httpx.ConnectError):
        http.get(f"http://127.0.0.1:{port}/")
    # a listener whose backlog is full and never accepts: the handshake never completes
    # (on Linux the SYN is dropped), so the connect timeout fires
    blocker = socket.socket()
    blocker.bind(("127.0.0.1", 0))
    blocker.listen(0)
    fillers = []
    try:
        for _ in range(8):
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(blocker.getsockname())
            fillers.append(s)
        with client(LeanTransport(), timeout=0.2) as http, pytest.raises(httpx.ConnectTimeout):
            http.get(f"http://127.0.0.1:{blocker.getsockname()[1]}/")
    finally:
        for s in fillers:
            s.close()
        blocker.close()


def test_the_board_client_turns_transport_failures_into_board_unavailable() -> None:
    with socket.create_server(("127.0.0.1", 0)) as closed:
        port = closed.getsockname()[1]
    net = BoardHttp(user_agent="mafiabot test", min_interval=0, retries=1)
    assert isinstance(net.client._transport, LeanTransport)  # the default, no proxy here
    with pytest.raises(BoardUnavailable) as caught:
        net.send("GET", f"http://127.0.0.1:{port}/index.php")
    assert isinstance(caught.value.__cause__, httpx.ConnectError)
    net.close()


def test_chunked_gzip_and_repeated_non_ascii_headers(serve: Callable[[Script], RawServer]) -> None:
    page = "<html>Голосую за Рому</html>".encode()
    packed = gzip.compress(page)
    chunks = b"".join(
        b"%x\r\n%s\r\n" % (len(packed[i : i + 7]), packed[i : i + 7])
        for i in range(0, len(packed), 7)
    )
    raw = (
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
        b"Content-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n"
        b"Set-Cookie: a=1; path=/\r\nSet-Cookie: b=2; path=/\r\n"
        b"X-Board-Title: \xd0\x9c\xd0\xb0\xd1\x84\xd0\xb8\xd1\x8f\r\n\r\n" + chunks + b"0\r\n\r\n"
    )
    server = serve(lambda head, body: raw)
    with client(LeanTransport()) as http:
        resp = http.get(server.url + "/")
        again = http.get(server.url + "/")  # the chunked answer ended where it should
    assert resp.content == page == again.content
    assert resp.headers.get_list("set-cookie") == ["a=1; path=/", "b=2; path=/"]
    assert resp.headers.raw[-1] == (b"X-Board-Title", "Мафия".encode())
    assert dict(http.cookies) == {"a": "1", "b": "2"}
    assert server.connections == 1


def test_an_answer_ended_by_close_and_connection_close(
    serve: Callable[[Script], RawServer],
) -> None:
    server = serve(
        lambda head, body: b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n<html>the end</html>"
    )
    server.close_after = True
    lean = LeanTransport()
    with client(lean) as http:
        assert http.get(server.url + "/").text == "<html>the end</html>"
        assert http.get(server.url + "/").text == "<html>the end</html>"
    assert server.connections == 2


def test_head_204_and_304_carry_no_body(serve: Callable[[Script], RawServer]) -> None:
    def script(head: bytes, body: bytes) -> bytes:
        if head.startswith(b"HEAD"):
            return b"HTTP/1.1 200 OK\r\nContent-Length: 9999\r\n\r\n"
        if b"/empty" in head:
            return b"HTTP/1.1 204 No Content\r\n\r\n"
        return b"HTTP/1.1 304 Not Modified\r\nContent-Length: 50\r\n\r\n"

    server = serve(script)
    with client(LeanTransport()) as http:
        head = http.head(server.url + "/")
        empty = http.get(server.url + "/empty")
        same = http.get(server.url + "/same")
        after = http.head(server.url + "/")  # the connection stayed in step
    assert (head.status_code, head.content, head.headers["content-length"]) == (200, b"", "9999")
    assert (empty.status_code, empty.content, same.status_code, same.content) == (
        204,
        b"",
        304,
        b"",
    )
    assert after.status_code == 200 and server.connections == 1


def test_a_body_cut_short_is_a_protocol_error(serve: Callable[[Script], RawServer]) -> None:
    server = serve(lambda head, body: b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n<html>")
    server.close_after = True
    with client(LeanTransport()) as http, pytest.raises(httpx.RemoteProtocolError):
        http.get(server.url + "/")


def test_cookies_follow_redirects(serve: Callable[[Script], RawServer]) -> None:
    def script(head: bytes, body: bytes) -> bytes:
        if b"/login" in head.split(b"\r\n")[0]:
            return (
                b"HTTP/1.1 302 Found\r\nLocation: /index.php\r\n"
                b"Set-Cookie: sid=abc; path=/\r\nContent-Length: 0\r\n\r\n"
            )
        return ok(b"<html>%s</html>" % (b"in" if b"Cookie: sid=abc" in head else b"out"))

    server = serve(script)
    with httpx.Client(transport=LeanTransport(), follow_redirects=True) as http:
        resp = http.post(server.url + "/login", data={"username": "Ведущий"})
    assert resp.text == "<html>in</html>" and len(resp.history) == 1
    assert server.bodies[0] == b"username=%D0%92%D0%B5%D0%B4%D1%83%D1%89%D0%B8%D0%B9"


def test_a_multipart_post_goes_whole(serve: Callable[[Script], RawServer]) -> None:
    server = serve(lambda head, body: ok())
    with client(LeanTransport()) as http:
        http.post(
            server.url + "/upload",
            data={"message": "Газета"},
            files={"fileupload": ("chart.png", b"\x89PNG\r\n", "image/png")},
        )
    assert b"multipart/form-data; boundary=" in server.requests[0]
    assert "Газета".encode() in server.bodies[0] and b"\x89PNG\r\n" in server.bodies[0]


def test_a_streamed_body_goes_chunked(serve: Callable[[Script], RawServer]) -> None:
    server = serve(lambda head, body: ok())

    def parts() -> Iterator[bytes]:
        yield "Голосую".encode()
        yield b" dalee"

    with client(LeanTransport()) as http:
        http.post(server.url + "/", content=parts())
        http.get(server.url + "/")  # the connection stayed in step
    assert b"Transfer-Encoding: chunked" in server.requests[0]
    assert server.bodies[0] == "Голосую dalee".encode() and server.connections == 1


def test_client_close_closes_the_connection(serve: Callable[[Script], RawServer]) -> None:
    server = serve(lambda head, body: ok())
    lean = LeanTransport()
    http = client(lean)
    http.get(server.url + "/")
    held = next(iter(lean._idle.values()))[0]
    http.close()
    assert held.sock is None and lean._idle == {}


def test_a_proxy_in_the_environment_keeps_httpx_transport(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("all_proxy", raising=False)
    assert isinstance(board_transport(), LeanTransport)
    for name in ("HTTP_PROXY", "https_proxy", "ALL_PROXY"):
        monkeypatch.setenv(name, "http://127.0.0.1:3128")
        assert board_transport() is None
        net = BoardHttp(user_agent="mafiabot test", min_interval=0)
        # httpx built its own transport and mounted the proxy, as before
        assert not isinstance(net.client._transport, LeanTransport)
        assert any(t is not None for t in net.client._mounts.values())
        net.close()
        monkeypatch.delenv(name)


def test_a_request_it_does_not_handle_goes_to_httpx_own_transport(
    serve: Callable[[Script], RawServer],
) -> None:
    server = serve(lambda head, body: ok())
    lean = LeanTransport()
    request = httpx.Request("GET", server.url + "/", extensions={"trace": lambda *a: None})
    resp = lean.handle_request(request)
    resp.read()
    assert resp.status_code == 200 and lean._fallback is not None
    assert lean.connections_opened == 0
    lean.close()


@pytest.mark.skipif(
    bool(os.environ.get("MAFIABOT_TEST_LEAN_RELAY")), reason="this is the relayed run itself"
)
def test_scraper_test_files_pass_over_loopback_through_the_lean_transport() -> None:
    """The scraper's tests once more, their fake boards served over loopback HTTP and read
    through `LeanTransport` (`lean_relay`)."""
    files = [
        "tests/test_scraper_phpbb.py",
        "tests/test_scraper_shared.py",
        "tests/test_scraper_session.py",
        "tests/test_scraper_streaming.py",
        "tests/test_ipb_client.py",
        "tests/test_ipb13_board.py",
        "tests/test_poster_phpbb.py",
        "tests/test_topic_page_read_once.py",
        "tests/test_own_id_sources.py",
        "tests/test_own_posts_by_id.py",
        "tests/test_daemon_exactly_once.py",
        "tests/test_daemon_e2e_phpbb.py",
    ]
    env = dict(os.environ, MAFIABOT_TEST_LEAN_RELAY="1")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *files],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "[100%]" in run.stdout  # tests ran (none collected exits 5)
