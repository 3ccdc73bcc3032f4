"""The board client's transport over https, against a real loopback TLS server whose
certificates come from a throwaway CA (trustme).

Most boards are served over https. Each test runs through the lean transport
(`scraper.transport.LeanTransport`) and through httpx's own transport, which the board
client used before it, so that the two are held to the same behaviour: the CA given as
`verify` or through the environment (`SSL_CERT_FILE`, `SSL_CERT_DIR`), the name sent (SNI)
and checked against the certificate, kept-alive connections, a connection the server ends
while it is idle, `verify=False`, and cookies across a redirect between https and http.
Where the two differ on purpose (a GET sent again when a reused connection turns out
closed) the test says so."""

from __future__ import annotations

import shutil
import ssl
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
import trustme
from test_lean_transport import RawServer, Script, _second_dies, ok

from mafiabot.config import Config
from scraper.board import BoardClient
from scraper.errors import BoardUnavailable
from scraper.http import BoardHttp
from scraper.transport import LeanTransport

# a bound on a hang, not a speed: a loaded machine may take seconds over a loopback handshake
WAIT = 30.0

Make = Callable[..., httpx.BaseTransport]

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

TRANSPORTS: dict[str, Make] = {"lean": LeanTransport, "httpx": httpx.HTTPTransport}


@pytest.fixture(params=sorted(TRANSPORTS))
def make(request: pytest.FixtureRequest) -> Make:
    """A transport maker: the lean one or httpx's own (called with `verify=`)."""
    return TRANSPORTS[request.param]


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


@pytest.fixture(autouse=True)
def _no_env_trust(monkeypatch: pytest.MonkeyPatch) -> None:
    """No CA from the environment unless a test sets one; no proxy."""
    for name in ("SSL_CERT_FILE", "SSL_CERT_DIR"):
        monkeypatch.delenv(name, raising=False)
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)


class Tls:
    """TLS servers with certificates from `ca`, stopped after the test."""

    def __init__(self, ca: trustme.CA) -> None:
        self.ca = ca
        self.servers: list[RawServer] = []
        self.names: list[str | None] = []  # the server names clients sent (SNI)

    def serve(self, script: Script, *names: str, host: str = "localhost") -> RawServer:
        """A loopback https server answering with `script`, its certificate for `names`
        (by default the names it is reached by)."""
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.ca.issue_cert(*(names or ("localhost", "127.0.0.1"))).configure_cert(context)

        def sni(sock: ssl.SSLObject, name: str | None, ctx: ssl.SSLContext) -> None:
            self.names.append(name)

        context.sni_callback = sni
        server = RawServer(script, tls=context, host=host)
        self.servers.append(server)
        return server

    def plain(self, script: Script) -> RawServer:
        self.servers.append(RawServer(script, host="localhost"))
        return self.servers[-1]

    def trusting(self) -> ssl.SSLContext:
        """A client context trusting the CA (what a host hands over as `verify`)."""
        context = ssl.create_default_context()
        self.ca.configure_trust(context)
        return context


@pytest.fixture
def tls(ca: trustme.CA) -> Iterator[Tls]:
    servers = Tls(ca)
    yield servers
    for server in servers.servers:
        server.close()


def echo(head: bytes, body: bytes) -> bytes:
    """The request line and body back, as a page."""
    line = head.split(b"\r\n")[0]
    page: bytes = ok(b"<html>" + line + b" " + body + b"</html>")
    return page


def test_get_and_post_with_the_ca_given_as_verify(tls: Tls, make: Make) -> None:
    server = tls.serve(echo)
    with httpx.Client(transport=make(verify=tls.trusting()), timeout=WAIT) as http:
        got = http.get(server.url + "/viewtopic.php?t=7")
        posted = http.post(server.url + "/posting.php", data={"message": "Голосую"})
        again = http.get(server.url + "/index.php")
    assert got.text == "<html>GET /viewtopic.php?t=7 HTTP/1.1 </html>"
    form = "message=" + quote("Голосую")
    assert posted.text == f"<html>POST /posting.php HTTP/1.1 {form}</html>"
    assert again.status_code == 200 and got.http_version == "HTTP/1.1"
    # one kept-alive TLS connection carried all three; the board's name went as SNI
    assert server.connections == 1 and server.handshakes_failed == 0
    assert tls.names == ["localhost"]


def test_the_ca_from_ssl_cert_file(
    tls: Tls, make: Make, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    server = tls.serve(echo)
    with httpx.Client(transport=make(), timeout=WAIT) as http, pytest.raises(httpx.ConnectError):
        http.get(server.url + "/")  # not trusted without it
    bundle = tmp_path / "board-ca.pem"
    tls.ca.cert_pem.write_to_path(str(bundle))
    monkeypatch.setenv("SSL_CERT_FILE", str(bundle))
    with httpx.Client(transport=make(), timeout=WAIT) as http:
        assert http.get(server.url + "/").status_code == 200


def test_the_ca_from_ssl_cert_dir(
    tls: Tls, make: Make, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    openssl = shutil.which("openssl")
    if openssl is None:  # the directory's hashed names are made by `openssl rehash`
        pytest.skip("no openssl command to name the CA directory's files")
    server = tls.serve(echo)
    certs = tmp_path / "certs"
    certs.mkdir()
    tls.ca.cert_pem.write_to_path(str(certs / "board-ca.pem"))
    subprocess.run([openssl, "rehash", str(certs)], check=True, capture_output=True)
    monkeypatch.setenv("SSL_CERT_DIR", str(certs))
    with httpx.Client(transport=make(), timeout=WAIT) as http:
        assert http.get(server.url + "/").status_code == 200


def _name_refused(make: Make, tls: Tls) -> httpx.ConnectError:
    server = tls.serve(echo, "board.example.org")  # reached as localhost
    with (
        httpx.Client(transport=make(verify=tls.trusting()), timeout=WAIT) as http,
        pytest.raises(httpx.ConnectError) as caught,
    ):
        http.get(server.url + "/")
    assert server.requests == []
    return caught.value


def test_a_certificate_for_another_name_is_refused(tls: Tls, make: Make) -> None:
    refused = _name_refused(make, tls)
    assert "certificate verify failed" in str(refused)
    assert "Hostname mismatch" in str(refused) and "localhost" in str(refused)
    assert tls.names == ["localhost"]  # the name was sent, and the answer checked against it


def test_both_transports_refuse_a_wrong_name_in_the_same_words(tls: Tls) -> None:
    lean, own = (str(_name_refused(TRANSPORTS[k], tls)) for k in ("lean", "httpx"))
    assert lean == own


def test_verify_false_takes_any_certificate(tls: Tls, make: Make) -> None:
    server = tls.serve(echo, "board.example.org")
    with httpx.Client(transport=make(verify=False), timeout=WAIT) as http:
        assert http.get(server.url + "/").status_code == 200


def test_a_connection_the_server_ended_while_idle_is_not_reused(tls: Tls, make: Make) -> None:
    server = tls.serve(echo)
    server.idle_close = 0.2
    with httpx.Client(transport=make(verify=tls.trusting()), timeout=WAIT) as http:
        http.get(server.url + "/a")
        # the server sent close_notify and closed (WAIT bounds a broken server, not a speed)
        assert server.idle_ended.acquire(timeout=WAIT)
        assert http.get(server.url + "/b").status_code == 200
        assert server.idle_ended.acquire(timeout=WAIT)
        posted = http.post(server.url + "/posting.php", data={"message": "once"})
    assert posted.status_code == 200
    assert server.connections == 3
    assert server.bodies.count(b"message=once") == 1


def test_a_tls_connection_found_closed_by_a_get_is_retried_once_never_a_post(tls: Tls) -> None:
    """The lean transport only: httpx's own raises for the GET too (RemoteProtocolError)."""
    server = tls.serve(_second_dies())
    with httpx.Client(transport=LeanTransport(verify=tls.trusting()), timeout=WAIT) as http:
        http.get(server.url + "/a")
        assert http.get(server.url + "/b").status_code == 200
    assert server.connections == 2 and len(server.requests) == 3
    posting = tls.serve(_second_dies())
    with httpx.Client(transport=LeanTransport(verify=tls.trusting()), timeout=WAIT) as http:
        http.get(posting.url + "/a")
        with pytest.raises(httpx.RemoteProtocolError):
            http.post(posting.url + "/posting.php", data={"message": "once"})
    assert posting.bodies.count(b"message=once") == 1 and posting.connections == 1


def _login_then(target: str) -> Script:
    """A login answered by a redirect to `target` with two cookies, one of them `Secure`."""

    def script(head: bytes, body: bytes) -> bytes:
        return (
            b"HTTP/1.1 302 Found\r\nLocation: %s\r\n"
            b"Set-Cookie: sid=abc; path=/; Secure\r\nSet-Cookie: lang=ru; path=/\r\n"
            b"Content-Length: 0\r\n\r\n" % target.encode()
        )

    return script


def _cookie_line(head: bytes) -> bytes:
    found = [ln for ln in head.split(b"\r\n") if ln.lower().startswith(b"cookie:")]
    return found[0] if found else b""


def test_redirects_between_https_and_http_carry_cookies(tls: Tls, make: Make) -> None:
    plain = tls.plain(echo)
    secure = tls.serve(echo)
    down = tls.serve(_login_then(plain.url + "/index.php"))
    up = tls.plain(_login_then(secure.url + "/index.php"))
    with httpx.Client(
        transport=make(verify=tls.trusting()), timeout=WAIT, follow_redirects=True
    ) as http:
        assert http.post(down.url + "/login", data={"u": "x"}).status_code == 200
        http.cookies.clear()
        assert http.post(up.url + "/login", data={"u": "x"}).status_code == 200
    # https → http: the Secure cookie stays behind; http → https: both go
    assert _cookie_line(plain.requests[0]) == b"Cookie: lang=ru"
    assert sorted(_cookie_line(secure.requests[0])[8:].split(b"; ")) == [b"lang=ru", b"sid=abc"]


def test_the_board_client_follows_https_to_http_with_its_cookies(
    tls: Tls, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`BoardHttp.get` (redirects by hand, its own GET path) over the default transport."""
    bundle = tmp_path / "board-ca.pem"
    tls.ca.cert_pem.write_to_path(str(bundle))
    monkeypatch.setenv("SSL_CERT_FILE", str(bundle))
    plain = tls.plain(echo)
    secure = tls.serve(echo)
    down = tls.serve(_login_then(plain.url + "/index.php"))
    net = BoardHttp(user_agent="mafiabot test", min_interval=0, retries=1)
    try:
        assert isinstance(net.client._transport, LeanTransport)
        assert net.get(down.url + "/login").status_code == 200
        assert net.get(secure.url + "/index.php").status_code == 200
    finally:
        net.close()
    assert _cookie_line(plain.requests[0]) == b"Cookie: lang=ru"
    assert sorted(_cookie_line(secure.requests[0])[8:].split(b"; ")) == [b"lang=ru", b"sid=abc"]


def test_the_board_client_names_a_refused_certificate(
    tls: Tls, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bundle = tmp_path / "board-ca.pem"
    tls.ca.cert_pem.write_to_path(str(bundle))
    monkeypatch.setenv("SSL_CERT_FILE", str(bundle))
    server = tls.serve(echo, "board.example.org")
    net = BoardHttp(user_agent="mafiabot test", min_interval=0, retries=1)
    with pytest.raises(BoardUnavailable) as caught:
        net.send("GET", server.url + "/index.php?sid=0123456789abcdef")
    net.close()
    line = str(caught.value)
    assert line.startswith("cannot reach the board (GET https://localhost:")
    assert "index.php?sid=***): its certificate was refused (Hostname mismatch" in line
    assert "SSL_CERT_FILE" in line and "\n" not in line
    assert isinstance(caught.value.__cause__, httpx.ConnectError)


def test_mafiabot_run_names_the_refused_certificate_in_one_line(
    tls: Tls,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`mafiabot run --once` on a board whose certificate is for another name: one line that
    says so, no traceback, nothing created."""
    from mafiabot import bootstrap, cli
    from mafiabot.demo.play import demo_files

    bundle = tmp_path / "board-ca.pem"
    tls.ca.cert_pem.write_to_path(str(bundle))
    monkeypatch.setenv("SSL_CERT_FILE", str(bundle))
    monkeypatch.setenv("MAFIABOT_DEMO_PASSWORD", "secret")
    server = tls.serve(echo, "board.example.org")
    cfg_path, _ = demo_files("pefl")
    text = cfg_path.read_text("utf-8").replace("http://127.0.0.1:8080/", server.url + "/")
    game = tmp_path / "game.toml"
    game.write_text(text + '\n[storage]\nurl = "sqlite:///game.db"\n', "utf-8")
    built = bootstrap.make_client

    def one_try(cfg: Config) -> BoardClient:
        client = built(cfg)
        client._net.retries = 1  # type: ignore[attr-defined]  # no real back-off waits here
        return client

    monkeypatch.setattr(bootstrap, "make_client", one_try)
    monkeypatch.chdir(tmp_path)
    rc = cli.main(["run", "-c", str(game), "--once"])
    err = capsys.readouterr().err
    assert rc != 0 and "Traceback" not in err
    lines = [ln for ln in err.splitlines() if "certificate" in ln]
    assert len(lines) == 1, err
    assert "its certificate was refused (Hostname mismatch" in lines[0]
    # the server's side of the refused handshake ends in its own thread, maybe after ours
    waited = time.monotonic() + 10
    while server.handshakes_failed == 0 and time.monotonic() < waited:
        time.sleep(0.01)
    assert server.requests == [] and server.handshakes_failed >= 1
    assert not (tmp_path / "game.db").exists()


def _index(head: bytes, body: bytes) -> bytes:
    """The real saved index page of a phpBB board."""
    page: bytes = ok((FIXTURES / "phpbb" / "index.html").read_bytes())
    return page


def test_board_kind_auto_reaches_the_board_as_the_board_client_does(
    tls: Tls, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`bootstrap.detect_kind` takes the board client's transport (`board_transport`): over
    https with the CA from `SSL_CERT_FILE`, a refused certificate named as the client
    names it, and httpx's own transport under a proxy."""
    from mafiabot import bootstrap
    from mafiabot.config import ConfigError
    from scraper import transport as transport_module

    bundle = tmp_path / "board-ca.pem"
    tls.ca.cert_pem.write_to_path(str(bundle))
    monkeypatch.setenv("SSL_CERT_FILE", str(bundle))
    given: list[httpx.BaseTransport | None] = []
    chooses = transport_module.board_transport

    def spy(**kw: Any) -> httpx.BaseTransport | None:
        given.append(chooses(**kw))
        return given[-1]

    monkeypatch.setattr(transport_module, "board_transport", spy)
    board = tls.serve(_index)
    assert bootstrap.detect_kind(board.url + "/") == "phpbb"
    assert isinstance(given[0], LeanTransport) and board.connections == 1
    wrong = tls.serve(_index, "board.example.org")
    with pytest.raises(ConfigError) as caught:
        bootstrap.detect_kind(wrong.url + "/")
    assert "its certificate was refused (Hostname mismatch" in str(caught.value)
    monkeypatch.setenv("HTTPS_PROXY", "http://127.0.0.1:9")
    with pytest.raises(ConfigError):  # the proxy named is not there: httpx's own tried it
        bootstrap.detect_kind(board.url + "/")
    assert given[-1] is None and board.connections == 1


def test_a_ca_file_that_cannot_be_read_is_the_board_clients_one_line(
    tls: Tls, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """httpx's own transport raises FileNotFoundError when it is made; the lean one fails
    the first https request, which the board client words for the host."""
    missing = tmp_path / "no-such-ca.pem"
    monkeypatch.setenv("SSL_CERT_FILE", str(missing))
    with pytest.raises(FileNotFoundError):
        httpx.HTTPTransport()
    server = tls.serve(echo)
    net = BoardHttp(user_agent="mafiabot test", min_interval=0, retries=1)
    with pytest.raises(BoardUnavailable) as caught:
        net.send("GET", server.url + "/index.php")
    net.close()
    line = str(caught.value)
    assert f"cannot load the CA certificates of {missing}" in line and "No such file" in line
    assert server.connections == 0
