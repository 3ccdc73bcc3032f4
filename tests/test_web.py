"""`mafiabot web`: the host's dashboard at the WSGI level — the token, read-only serving,
what a game page shows (tally, vote flow, who has not acted, letters with the bot's reading
and reply, flags, events, outbox), several games in one dashboard."""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from wsgiref.util import setup_testing_defaults

import pytest

from mafiabot.cli import UsageError, _build_parser
from mafiabot.commands.web import parse_bind, serve
from mafiabot.configs import config_paths
from mafiabot.newspaper.chart import flow_chart_svg, flow_from_votes, vote_flow
from mafiabot.web.app import COOKIE, Dashboard, new_token
from mafiabot.web.data import countdown, game_view
from tests.web_kit import MSK, PEFL_MID_TURN_1, gambler_with_a_switch, pefl_mid_turn, source

TOKEN = "s3cret-token"


def call(
    app: Dashboard, path: str, *, query: str = "", cookie: str = "", method: str = "GET"
) -> tuple[str, dict[str, str], str]:
    env: dict[str, Any] = {}
    setup_testing_defaults(env)
    env.update(PATH_INFO=path, QUERY_STRING=query, REQUEST_METHOD=method)
    if cookie:
        env["HTTP_COOKIE"] = cookie
    got: list[Any] = []
    body = b"".join(app(env, lambda status, headers: got.append((status, headers))))
    status, headers = got[0]
    return status, dict(headers), body.decode("utf-8")


@pytest.fixture(scope="module")
def app() -> Dashboard:
    pefl = pefl_mid_turn()
    gambler = gambler_with_a_switch()
    return Dashboard([source(pefl), source(gambler)], TOKEN, clock=lambda: pefl.clock[0])


def test_every_page_refuses_without_the_token(app: Dashboard) -> None:
    for path in ("/", "/game/0", "/game/1", "/nope"):
        status, _headers, body = call(app, path)
        assert status.startswith("403"), path
        assert "Шерлок" not in body and "Mister X" not in body  # nothing of the game
        status, _h, body = call(app, path, cookie=f"{COOKIE}=wrong")
        assert status.startswith("403")
    status, _h, _b = call(app, "/", query="token=wrong")
    assert status.startswith("403")


def test_the_token_once_becomes_a_cookie_and_leaves_the_address(app: Dashboard) -> None:
    status, headers, _b = call(app, "/game/0", query=f"token={TOKEN}&x=1")
    assert status.startswith("303")
    assert headers["Location"] == "/game/0?x=1"
    cookie = headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}={TOKEN};") and "HttpOnly" in cookie
    assert "SameSite=Strict" in cookie
    status, headers, body = call(app, "/game/0", cookie=f"{COOKIE}={TOKEN}")
    assert status.startswith("200") and "Мафия – 12" in body
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"


def test_read_only_nothing_but_get_and_head(app: Dashboard) -> None:
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        status, headers, _b = call(app, "/game/0", cookie=f"{COOKIE}={TOKEN}", method=method)
        assert status.startswith("405") and headers["Allow"] == "GET, HEAD"
    status, headers, body = call(app, "/game/0", cookie=f"{COOKIE}={TOKEN}", method="HEAD")
    assert status.startswith("200") and body == "" and int(headers["Content-Length"]) > 1000


def test_index_lists_every_game(app: Dashboard) -> None:
    _s, _h, body = call(app, "/", cookie=f"{COOKIE}={TOKEN}")
    assert 'href="/game/0"' in body and 'href="/game/1"' in body
    assert "Мафия – 12" in body and "Мафия – 13" in body
    assert 'http-equiv="refresh"' in body  # refreshes itself, no JavaScript
    assert "<script" not in body


def test_pefl_page_tally_matches_the_daemons_count_and_shows_the_day() -> None:
    run = pefl_mid_turn()
    now = run.clock[0]
    view = game_view(source(run), now)
    status = run.daemon.status(now)
    assert [(r["target"], r["voters"]) for r in view["tally"]] == list(status["tally"].items())
    assert view["turn"] == 1 and view["deadline"] == "28 ноября в 22:00 МСК"
    assert view["countdown"] == countdown(datetime(2026, 11, 28, 22, 0, tzinfo=MSK), now)
    assert view["not_voted"] == status["not_voted"] and view["not_moved"] == status["not_moved"]
    # the chart: one line per target, counts rising as the reds came in (P-V.3: no switches)
    assert "<svg" in view["chart"] and "<script" not in view["chart"]
    for r in view["tally"]:
        assert r["target"] in view["chart"]
    assert view["switches"] == []
    # roles and the outsider flag: host-only, shown behind the token
    roles = {p["nick"]: p["role"] for p in view["players"]}
    assert roles["Mister X"] == "мафия, Якудза" and roles["Марго"] == "мирный житель"
    assert any("посторонний" in f for f in view["flags"])


def test_pefl_page_letters_with_the_bots_reading_and_reply() -> None:
    run = pefl_mid_turn()
    view = game_view(source(run), run.clock[0])
    letter = next(x for x in view["letters"] if x["sender"] == "Dr.Watson")
    assert letter["text"] == "Лечу Шерлок"
    assert letter["moves"][0]["action"] == "лечение" and letter["moves"][0]["targets"] == ["Шерлок"]
    assert letter["moves"][0]["status"] == "accepted"
    # how surely it was read: the reader's figure stored with the move (nothing recomputed)
    assert letter["moves"][0]["confidence"] == "1.00" and letter["moves"][0]["read"] == {}
    assert "ваш ход принят" in letter["reply"] and letter["reply_status"] == "sent"
    kinds = {(o["kind"], o["status"]) for o in view["outbox"]}
    assert ("newspaper", "sent") in kinds
    assert any("Роль" in e["text"] for e in view["events"])  # the dealing, host's view


def test_the_page_shows_the_readers_confidence_of_each_move(app: Dashboard) -> None:
    # the Don's «Убить Шерлок, исполнитель Граф Монте-Кристо» names him by his executor cue:
    # the reader stored 0.95 with the move, and the page says so
    _status, _h, body = call(app, "/game/0", cookie=f"{COOKIE}={TOKEN}")
    assert "уверенность чтения 0.95" in body and "уверенность чтения 1.00" in body


def test_a_move_stored_before_the_confidence_was_kept_gets_the_guess_from_its_words(
    tmp_path: Any,
) -> None:
    import sqlalchemy as sa

    from mafiabot.demo.play import play

    run = play("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}", stop_after=PEFL_MID_TURN_1)
    with run.store.engine.begin() as conn:  # as migration 0009 leaves the older rows
        conn.execute(sa.text("UPDATE moves SET confidence = NULL"))
    view = game_view(source(run), run.clock[0])
    letter = next(x for x in view["letters"] if x["sender"] == "Dr.Watson")
    assert letter["moves"][0]["confidence"] == ""
    assert letter["moves"][0]["read"] == {"Шерлок": "как написано, 1.00"}


def test_gambler_flow_shows_who_switched() -> None:
    run = gambler_with_a_switch()
    view = game_view(source(run), run.clock[0])
    assert view["vote_kind"] == "green"
    tally = {r["target"]: r["count"] for r in view["tally"]}
    assert tally["Mister X"] == 5 and tally["Граф Монте-Кристо"] == 1
    assert [(s["voter"], s["old"], s["new"]) for s in view["switches"]] == [
        ("Кот", "Граф Монте-Кристо", "Mister X")
    ]
    _s, _h, body = call(
        Dashboard([source(run)], TOKEN, clock=lambda: run.clock[0]),
        "/game/0",
        cookie=f"{COOKIE}={TOKEN}",
    )
    assert 'id="vote-flow"' in body and 'id="switches"' in body
    assert "Кот — Граф Монте-Кристо → Mister X" in body


def test_vote_flow_counts_and_switches() -> None:
    t = datetime(2026, 12, 1, 12, tzinfo=UTC)
    flow = vote_flow(
        [
            (t, {"a": "X"}),
            (t + timedelta(hours=1), {"a": "X", "b": "Y"}),
            (t + timedelta(hours=2), {"a": "Y", "b": "Y"}),
            (t + timedelta(hours=3), {"b": "Y"}),
        ]
    )
    assert flow.series == {"Y": (0, 1, 2, 1), "X": (1, 1, 0, 0)}
    assert [(s.voter, s.old, s.new) for s in flow.switches] == [("a", "X", "Y"), ("a", "Y", None)]
    # PEFL: the first red counts, later ones never move a vote (P-V.3)
    reds = flow_from_votes([(t, "a", "X"), (t + timedelta(hours=1), "a", "Y")])
    assert reds.series == {"X": (1, 1)} and reds.switches == ()
    svg = flow_chart_svg(flow)
    assert svg.startswith("<svg") and "X" in svg and "Y" in svg


def test_countdown() -> None:
    now = datetime(2026, 12, 1, 12, tzinfo=UTC)
    assert countdown(now + timedelta(days=1, hours=2, minutes=5), now) == "1 д 2 ч 05 мин"
    assert countdown(now - timedelta(minutes=1), now) == "дедлайн прошёл"
    assert countdown(None, now) == ""


def test_cli_bind_and_config_folder(tmp_path: Any) -> None:
    assert parse_bind("127.0.0.1:8765") == ("127.0.0.1", 8765)
    assert parse_bind("[::1]:9000") == ("::1", 9000)
    with pytest.raises(UsageError):
        parse_bind("localhost")
    (tmp_path / "a.toml").write_text("")
    (tmp_path / "b.toml").write_text("")
    assert [p.name for p in config_paths([str(tmp_path)])] == ["a.toml", "b.toml"]
    args = _build_parser().parse_args(["web", "-c", "a.toml", "-c", "b.toml"])
    assert args.config == ["a.toml", "b.toml"] and args.bind == "127.0.0.1:8765"
    assert len(new_token()) >= 32 and new_token() != new_token()


@pytest.fixture
def served(app: Dashboard) -> Iterator[str]:
    server = serve(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_served_over_http_on_loopback(served: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(served + "/game/0")
    assert refused.value.code == 403
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    with opener.open(f"{served}/game/0?token={TOKEN}") as resp:  # 303 → cookie → page
        page = resp.read().decode("utf-8")
        assert resp.url == served + "/game/0"
    assert re.search(r'data-target="Mister X" data-count="4"', page)


def test_the_web_command_serves_a_game_from_its_config(tmp_path: Any) -> None:
    """`mafiabot web -c game.toml`: prints an address with the token, serves the game from the
    config's database, stops cleanly on Ctrl+C; a config without a database is skipped."""
    import shutil
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from mafiabot.demo.play import demo_files, play
    from tests.web_kit import PEFL_MID_TURN_1

    cfg_src, _data = demo_files("pefl")
    cfg = tmp_path / "game12.toml"
    shutil.copy(cfg_src, cfg)
    with cfg.open("a", encoding="utf-8") as f:
        f.write('\n[storage]\nurl = "sqlite:///game12.sqlite"\n')
    play("pefl", f"sqlite:///{tmp_path / 'game12.sqlite'}", stop_after=PEFL_MID_TURN_1)
    empty = tmp_path / "empty"
    empty.mkdir()
    shutil.copy(cfg_src, empty / "nodb.toml")  # its default database does not exist
    root = Path(__file__).resolve().parent.parent
    argv = ["web", "-c", str(cfg), "-c", str(empty), "--bind", "127.0.0.1:0"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "mafiabot", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=root,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        m = re.search(r"(http://127\.0\.0\.1:\d+)/\?token=(\S+)", line)
        assert m, line
        base, token = m.groups()
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(base + "/", timeout=30)
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(f"{base}/?token={token}", timeout=30) as resp:
            index = resp.read().decode("utf-8")
        assert index.count('href="/game/') == 1 and "Мафия – 12" in index
        with opener.open(f"{base}/game/0", timeout=30) as resp:
            assert 'id="vote-flow"' in resp.read().decode("utf-8")
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            _out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            _out, err = proc.communicate()
            raise AssertionError(f"no clean stop on Ctrl+C: {err}") from None
    assert proc.returncode == 0, err
    assert "nodb.toml: no game database yet — skipped" in err


def test_nick_confidence_names_the_tier_a_target_was_read_by() -> None:
    from mafiabot.web.data import nick_confidence
    from parser.nicks import NickResolver

    r = NickResolver(["Шерлок", "Граф Монте-Кристо", "Tanya-77", "Кот"])
    assert nick_confidence("Лечу Шерлок", "Шерлок", r) == ("exact", 1.0)
    how = nick_confidence("Убить Шерлока, исполнитель Граф Монте-Кристо", "Шерлок", r)
    assert how is not None and how[0] == "inflected" and how[1] < 1.0  # C-3 case form
    assert nick_confidence("Проверяю Граф Монте-Кристо", "Граф Монте-Кристо", r) == (
        "exact",
        1.0,
    )
    assert nick_confidence("Лечу себя", "Кот", r) is None


@pytest.mark.parametrize(
    "path",
    [
        "/game/%B2",
        "/game/²",
        "/game/٣",
        "/game/99999999999999999999",
        "/game/-1",
        "/game/0x1",
        "/game/1/../0",
        "/%00",
        "/game/" + "9" * 5000,
        "//",
        "/game/",
    ],
)
def test_no_path_is_a_server_error(app: Dashboard, path: str) -> None:
    """Whatever the path, an answer and never a 500 (`'²'.isdigit()` is true)."""
    from urllib.parse import unquote

    status, _h, _b = call(app, unquote(path, encoding="latin-1"), cookie=f"{COOKIE}={TOKEN}")
    assert status[:3] in ("200", "404"), (path, status)


def _raw(port: int, data: bytes) -> bytes:
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(data)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def test_a_stalled_client_blocks_nobody_and_is_cut_off(
    app: Dashboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client that never finishes its headers: another request is answered meanwhile
    (a thread per connection), and the stalled one is closed after its timeout."""
    import socket

    from mafiabot.commands import web

    monkeypatch.setattr(web._QuietHandler, "timeout", 1.0)
    server = serve(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    slow = socket.create_connection(("127.0.0.1", server.server_port), timeout=30)
    try:
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        got = _raw(server.server_port, b"GET /game/0 HTTP/1.0\r\nHost: x\r\n\r\n")
        assert got.startswith(b"HTTP/1.0 403")
        assert slow.recv(65536) == b""  # cut off by the server, not waited for forever
    finally:
        slow.close()
        server.shutdown()
        server.server_close()
        thread.join()


def test_no_version_header_even_on_a_bad_request(served: str) -> None:
    port = int(served.rsplit(":", 1)[1])
    long_header = b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 70000 + b"\r\n\r\n"
    long_line = b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n"
    for request in (b"GET / HTTP/1.0\r\n\r\n", long_header, long_line):
        head = _raw(port, request).split(b"\r\n\r\n", 1)[0].lower()
        assert head.startswith(b"http/"), head[:40]
        assert b"server:" not in head and b"python" not in head


def test_a_bind_beyond_this_machine_needs_i_know_and_warns(
    tmp_path: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a non-loopback address the token would travel in clear: refused (exit 2, no token
    printed) unless --i-know, which warns and serves."""
    import shutil

    from mafiabot.cli import main
    from mafiabot.commands import web
    from mafiabot.demo.play import demo_files, play

    cfg_src, _data = demo_files("pefl")
    cfg = tmp_path / "g.toml"
    shutil.copy(cfg_src, cfg)
    with cfg.open("a", encoding="utf-8") as f:
        f.write('\n[storage]\nurl = "sqlite:///g.sqlite"\n')
    play("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}", stop_after=PEFL_MID_TURN_1)
    assert main(["web", "-c", str(cfg), "--bind", "0.0.0.0:0"]) == 2
    out, err = capsys.readouterr()
    said = [ln for ln in err.splitlines() if ln.startswith("mafiabot")]
    assert "?token=" not in out and len(said) == 1 and "--i-know" in said[0]

    class Stop(Exception):
        pass

    def serve_once(self: Any) -> None:
        raise Stop

    monkeypatch.setattr(web.DashboardServer, "serve_forever", serve_once)
    with pytest.raises(Stop):
        main(["web", "-c", str(cfg), "--bind", "0.0.0.0:0", "--i-know"])
    out, err = capsys.readouterr()
    assert "token=" in out and "warning" in err
