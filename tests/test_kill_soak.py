"""Kill soak: `mafiabot run --once` as a separate process against the fake phpBB board served
over loopback HTTP, SIGKILLed at random points — while it logs in, reads, writes its
database, right before a form reaches the board (the write is lost) and right after the
board accepted a post or PM but before the answer got back (the write is done, the bot does
not know). Each life is followed by another on the same database until the game has reached
the end of its fourth deadline.

At the end every message the bot decided to send is on the board exactly once (C-4,
ARCHITECTURE "exactly once"): no duplicate, none lost, the ids it recorded point at the
right post or PM, and the messages decided are the same as in a run that was never killed.

A second soak kills the start and the first deadline inside their one transaction: at the
first write statement, then (in the next life) at the second, and so on, until a life gets
through; the game then goes on to the end of its fourth deadline. A deadline is written all
at once or not at all, so every life after a kill closes it again from the same data.

Figures (lives, kills, time) are printed; nothing here is timed.
"""

# The fake board modules are imported by their test-folder names, so mypy sees them as Any.
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

import dataclasses
import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

import fakeboard_phpbb as fb
import httpx
import pytest
from fakeboard_http import BoardServer

from mafiabot.config import Config, load_config
from mafiabot.daemon import Daemon
from mafiabot.demo.play import demo_files
from mafiabot.store import Store, open_store
from mafiabot.store.tables import Game
from poster.outbox import OutboxRow, marker_for
from scraper.phpbb import PhpbbClient, PhpbbSettings

ROOT = Path(__file__).resolve().parent.parent
ZYGOTE = Path(__file__).resolve().parent / "soak_zygote.py"
EXTRA_USERS = {"Jack_Sparrow": 67, "Граф Монте-Кристо": 70}
HOST_UID = 2
DEADLINES = 4  # the game is played to the end of its 4th deadline
# 12 kills, 5 of them in the exactly-once windows (30 and 10 before): with the look on the
# board before a resend taken out of the poster, or the part's in-flight mark before its
# submit, this soak still fails on a message sent twice (the default seed, and seeds 1 and 3)
MIN_KILLS = 12
MIN_WRITE_KILLS = 5
MAX_LIVES = 250  # a bound, not a target: the soak ends by itself
SEED = int(os.environ.get("MAFIABOT_SOAK_SEED", "20261201"))
# "mafiabot 1/0 1a2b3c4d", or with the game's token "mafiabot 1/0 tok.1a2b3c4d"
MARKER = re.compile(r"mafiabot \S+/\d+ (?:[\w-]+\.)?[0-9a-f]{8}")


class StepClock(fb.FakeClock):
    """The board's clock: set to the game time of each step, one second on per request, so
    a form is never submitted in the second it was served (the soak is not about tokens)."""


def _board(clock: StepClock) -> fb.FakePhpbb:
    """The game topic holds only the host's announcement: a small game, so lives are short."""
    intro = fb.FakePost(100, HOST_UID, fb._derived_post(100, HOST_UID, "Запись закрыта."), "")
    board = fb.FakePhpbb(clock, posts=[intro])
    board.flood_interval = 0  # an account exempt from flood control
    return board


def _ticking(board: fb.FakePhpbb, clock: StepClock):  # type: ignore[no-untyped-def]
    def handle(request: httpx.Request) -> httpx.Response:
        clock.now += 1.0
        return board.handle(request)

    return handle


def _config(tmp_path: Path, base: str, db: Path) -> Path:
    src, _ = demo_files("pefl")
    text = src.read_text("utf-8").replace('url = "http://127.0.0.1:8080/"', f'url = "{base}"')
    text = text.replace("poll_interval = 60", "poll_interval = 10\nrequest_delay = 0")
    path = tmp_path / "soak.toml"
    path.write_text(text + f'\n[storage]\nurl = "sqlite:///{db}"\n', "utf-8")
    return path


def _game(store: Store, cfg: Config) -> Game | None:
    return store.find_game(cfg.game.topic)


def _next_step(store: Store, cfg: Config, closed: int) -> datetime | None:
    """The game time of the next step: a minute past the next deadline; None when done."""
    g = _game(store, cfg)
    if g is None or g.status == "over" or closed >= DEADLINES or g.deadline is None:
        return None
    return g.deadline + timedelta(minutes=1)


def _settled(store: Store, cfg: Config, when: datetime) -> bool:
    """Everything due at `when` is done: the game started, its deadlines up to `when` are
    closed and nothing waits in the outbox."""
    g = _game(store, cfg)
    if g is None or g.status == "registration":
        return False
    if g.status == "running" and g.deadline is not None and g.deadline <= when:
        return False
    return not store.outbox(g.id).pending()


# -- the reference: the same game, never killed, in this process ------------------------------


def _reference(tmp_path: Path, cfg: Config) -> set[tuple[int, str, str]]:
    clock = StepClock(cfg.game.start.timestamp())
    board = _board(clock)
    settings = PhpbbSettings(
        base_url=fb.BASE,
        username="Ведущий",
        password="HostPass-2026",
        min_interval=0.0,
        flood_interval=-0.5,
        min_form_age=0.0,
    )
    transport = httpx.MockTransport(_ticking(board, clock))
    client = PhpbbClient(settings, transport=transport, clock=clock, sleep=clock.sleep)
    ref_cfg = dataclasses.replace(cfg, database_url=f"sqlite:///{tmp_path / 'reference.db'}")
    store = open_store(ref_cfg.database_url)
    daemon = Daemon(ref_cfg, store, client)
    when: datetime | None = cfg.game.start + timedelta(minutes=1)
    closed = -1
    while when is not None:
        clock.now = max(clock.now, when.timestamp())
        daemon.tick(when)
        closed += 1
        when = _next_step(store, ref_cfg, closed)
    g = _game(store, ref_cfg)
    assert g is not None
    keys = {(r.key.turn, r.key.kind, r.key.recipient) for r in store.outbox(g.id).all()}
    store.close()
    return keys


# -- the soak ---------------------------------------------------------------------------------


class Lives:
    """The zygote process and the protocol to start, watch and kill `run --once` lives."""

    def __init__(self, config: Path, log: Path) -> None:
        self.log = log
        self.proc = subprocess.Popen(
            [sys.executable, str(ZYGOTE), str(config), str(log)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "MAFIABOT_DEMO_PASSWORD": "HostPass-2026"},
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.strip())

    def _line(self, timeout: float = 60.0) -> str:
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"a life hung for {timeout:.0f} s; log:\n{self.tail()}") from None

    def start(self, when: datetime, kill_at_write: int = 0) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"RUN {when.isoformat()} {kill_at_write}\n")
        self.proc.stdin.flush()
        word, pid = self._line().split()
        assert word == "PID"
        return int(pid)

    def wait(self, pid: int) -> int:
        word, got, code = self._line().split()
        assert word == "EXIT" and int(got) == pid
        return int(code)

    def tail(self) -> str:
        return "\n".join(self.log.read_text("utf-8", "replace").splitlines()[-40:])

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Killer:
    """Arms one kill for the current life: at its k-th POST before the board sees it, at
    its k-th POST after the board acted on it (the answer is lost), or after a delay."""

    def __init__(self) -> None:
        self.pid = 0
        self.mode = ""
        self.k = 0
        self.posts = 0
        self.fired = False

    def arm(self, pid: int, mode: str, k: int) -> None:
        self.pid, self.mode, self.k, self.posts, self.fired = pid, mode, k, 0, False

    def _fire(self) -> bool:
        if self.fired or not self.pid:
            return False
        self.fired = True
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            return False  # it ended by itself first: a life that was not killed
        return True

    def before(self, request: httpx.Request) -> bool:
        if request.method != "POST" or self.mode not in ("before", "after"):
            return False
        self.posts += 1
        return self.mode == "before" and self.posts == self.k and self._fire()

    def after(self, request: httpx.Request, _response: httpx.Response) -> bool:
        return (
            request.method == "POST"
            and self.mode == "after"
            and self.posts == self.k
            and self._fire()
        )


@pytest.fixture
def users(monkeypatch: pytest.MonkeyPatch) -> None:
    for nick, uid in EXTRA_USERS.items():
        monkeypatch.setitem(fb.USERS, nick, (uid, None))
        monkeypatch.setitem(fb.NAMES, uid, nick)


@pytest.mark.usefixtures("users")
def test_C_4_sigkill_at_random_points_nothing_twice_nothing_lost(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    t0 = time.monotonic()
    db = tmp_path / "soak.db"
    clock = StepClock(0.0)
    board = _board(clock)
    server = BoardServer(_ticking(board, clock), clock=clock)  # its Date: the game's time
    killer = Killer()
    server.before = killer.before
    server.after = killer.after
    codes: Counter[str] = Counter()
    kills_by_mode: Counter[str] = Counter()
    spent: defaultdict[str, float] = defaultdict(float)

    with server.running():
        config = _config(tmp_path, server.base, db)
        cfg = load_config(config)
        t_ref = time.monotonic()
        expected = _reference(tmp_path, cfg)
        t_ref = time.monotonic() - t_ref
        lives = Lives(config, tmp_path / "lives.log")

        def life(when: datetime, mode: str, delay: float) -> int:
            """One `run --once` at game time `when`, killed as `mode` says ("": not)."""
            t_life = time.monotonic()
            with server.lock:  # the board waits for the kill to be armed
                pid = lives.start(when)
                killer.arm(pid, mode, rng.choice([1, 1, 1, 2]))  # lives write 0-10 times
            if mode == "delay":
                time.sleep(delay)
                killer._fire()
            code = lives.wait(pid)
            spent[mode or "free"] += time.monotonic() - t_life
            if code == -signal.SIGKILL:
                codes["killed"] += 1
                kills_by_mode[mode] += 1
            else:
                codes[f"exit {code}"] += 1
                assert code == 0, f"a life failed (exit {code}):\n{lives.tail()}"
            return code

        try:
            when: datetime | None = cfg.game.start + timedelta(minutes=1)
            last = cfg.game.start
            closed = -1
            while when is not None:
                last = when
                clock.now = max(clock.now, when.timestamp())
                while True:
                    assert sum(codes.values()) < MAX_LIVES, f"no end in sight: {codes}"
                    kill = rng.random() < (0.9 if sum(kills_by_mode.values()) < MIN_KILLS else 0.2)
                    mode = rng.choice(["before", "after", "after", "delay"]) if kill else ""
                    code = life(when, mode, rng.uniform(0.02, 0.5))
                    if code == -signal.SIGKILL:
                        continue
                    with_store = open_store(cfg.database_url)
                    try:
                        if _settled(with_store, cfg, when):
                            closed += 1
                            when = _next_step(with_store, cfg, closed)
                            break
                    finally:
                        with_store.close()
            # a fast machine may finish the game in fewer kills: kill idle lives (start-up,
            # store, login, polling) at the last step until the count is reached
            while sum(kills_by_mode.values()) < MIN_KILLS:
                assert sum(codes.values()) < MAX_LIVES, f"no end in sight: {codes}"
                life(last, "delay", rng.uniform(0.01, 0.3))
        finally:
            lives.close()

    kills = sum(kills_by_mode.values())
    store = open_store(cfg.database_url)
    g = _game(store, cfg)
    assert g is not None
    rows: list[OutboxRow] = store.outbox(g.id).all()
    store.close()
    print(
        f"\nkill soak (seed {SEED}): {closed + 1} steps (game {g.status}, turn {g.turn}), "
        f"{sum(codes.values())} lives, "
        f"{kills} SIGKILLs "
        f"{dict(kills_by_mode)}, {dict(codes)}; {time.monotonic() - t0:.1f} s in all, "
        f"reference run {t_ref:.1f} s, lives by kind "
        + ", ".join(f"{k} {v:.1f} s" for k, v in sorted(spent.items()))
    )
    assert kills >= MIN_KILLS
    # kills in the exactly-once windows: a form lost on its way, an answer lost on its way back
    assert kills_by_mode["before"] + kills_by_mode["after"] >= MIN_WRITE_KILLS
    assert board.violations == []

    assert closed >= 2  # the start and at least two deadlines were played through kills
    assert {(r.key.turn, r.key.kind, r.key.recipient) for r in rows} == expected
    assert all(r.status == "sent" for r in rows), [r.key for r in rows if r.status != "sent"]

    posts = [p for p in board.posts if p.uid == HOST_UID and p.source]
    on_board: Counter[str] = Counter()
    where: dict[str, int] = {}
    for kind, items in (
        ("topic", [(p.id, p.source) for p in posts]),
        ("pm", [(m.id, m.message) for m in board.sent_pms]),
    ):
        for board_id, text in items:
            found = MARKER.findall(text)
            assert len(found) == 1, f"{kind} {board_id} carries {found}"
            on_board[f"{kind} {found[0]}"] += 1
            where[f"{kind} {found[0]}"] = board_id
    duplicates = {m: n for m, n in on_board.items() if n > 1}
    assert duplicates == {}, f"sent twice: {duplicates}"

    decided: dict[str, int] = {}
    for r in rows:
        channel = "pm" if r.channel == "pm" else "topic"
        for part, board_id in enumerate(r.board_ids):
            decided[f"{channel} {marker_for(r.key, part, r.marker_token)}"] = board_id
    lost = set(decided) - set(on_board)
    assert lost == set(), f"recorded as sent but not on the board: {sorted(lost)}"
    assert set(on_board) == set(decided), "on the board but not in the outbox"
    assert decided == where  # the recorded ids point at the right post / PM
    assert len(rows) >= 11  # roles for nine, the start post, the newspapers


@pytest.mark.usefixtures("users")
def test_C_4_the_start_and_a_deadline_killed_at_each_of_their_writes(tmp_path: Path) -> None:
    db = tmp_path / "soak.db"
    clock = StepClock(0.0)
    board = _board(clock)
    server = BoardServer(_ticking(board, clock), clock=clock)  # its Date: the game's time
    t0 = time.monotonic()
    with server.running():
        config = _config(tmp_path, server.base, db)
        cfg = load_config(config)
        expected = _reference(tmp_path, cfg)
        lives = Lives(config, tmp_path / "lives.log")
        killed: list[int] = []  # per step: lives killed inside its transaction
        try:
            when: datetime | None = cfg.game.start + timedelta(minutes=1)
            step = 0
            while when is not None:
                clock.now = max(clock.now, when.timestamp())
                k = 1 if step < 2 else 0  # the start, then the first deadline
                kills = 0
                while True:
                    assert kills < 200, "a transaction that never ends"
                    pid = lives.start(when, k)
                    code = lives.wait(pid)
                    if code == -signal.SIGKILL:
                        kills += 1
                        k += 1  # the next life dies one write later
                        continue
                    assert code == 0, f"a life failed (exit {code}):\n{lives.tail()}"
                    with_store = open_store(cfg.database_url)
                    try:
                        if _settled(with_store, cfg, when):
                            when = _next_step(with_store, cfg, step)
                            break
                    finally:
                        with_store.close()
                    k = 0
                killed.append(kills)
                step += 1
        finally:
            lives.close()
    store = open_store(cfg.database_url)
    g = _game(store, cfg)
    assert g is not None and g.id is not None
    rows: list[OutboxRow] = store.outbox(g.id).all()
    store.close()
    print(
        f"\ntransaction kills: {killed[:2]} lives killed in the start's and the first "
        f"deadline's transaction, {len(killed)} steps, {time.monotonic() - t0:.1f} s"
    )
    assert killed[0] >= 3 and killed[1] >= 10  # every write of both, one life each
    assert board.violations == []
    assert {(r.key.turn, r.key.kind, r.key.recipient) for r in rows} == expected
    assert all(r.status == "sent" for r in rows)
    sent = Counter(MARKER.findall(" ".join(p.source for p in board.posts if p.source)))
    sent.update(MARKER.findall(" ".join(m.message for m in board.sent_pms)))
    assert [m for m, n in sent.items() if n > 1] == [], "a message went out twice"


def test_soak_board_server_rewrites_links_to_its_own_address() -> None:
    clock = StepClock(fb.FakeClock().now)
    board = _board(clock)
    server = BoardServer(_ticking(board, clock), clock=clock)  # its Date: the game's time
    with server.running(), httpx.Client(base_url=server.base) as http:
        got = http.get("viewtopic.php?t=4", headers={"User-Agent": "mafiabot test"})
        assert got.status_code == 200
        assert fb.BASE not in got.text and server.base in got.text
        assert board.count("viewtopic.php") == 1
    assert datetime.now(UTC).year >= 2024


# -- a lost or deleted database at random points (issue 21 item 2) ----------------------------

SIDE_FILES = ("", "-wal", "-shm")
MIN_LOST = 4  # lives started on a lost database: each must refuse
MIN_DELETED = 4  # lives whose database was deleted under them: each must stop by itself


def _bot_writes(board: fb.FakePhpbb) -> int:
    """Everything the bot ever got onto the board: posts and PMs."""
    return sum(1 for p in board.posts if p.uid == HOST_UID and p.source) + len(board.sent_pms)


class Accident:
    """Arms one accident for the current life at its k-th POST, before the board sees it or
    after the board acted on it: a SIGKILL, or the database file deleted under the running
    bot (kept by a hard link, as a host's backup would keep it, to be put back after)."""

    def __init__(self, db: Path, board: fb.FakePhpbb) -> None:
        self.db = db
        self.kept = db.with_name(db.name + ".kept")
        self.board = board
        self.killer = Killer()
        self.what = ""
        self.mode = ""
        self.k = 0
        self.posts = 0
        self.deleted_at: int | None = None  # the bot's writes on the board at the deletion

    def arm(self, pid: int, what: str, mode: str, k: int) -> None:
        self.what, self.mode, self.k, self.posts, self.deleted_at = what, mode, k, 0, None
        self.killer.arm(pid, mode if what == "kill" else "", k)

    def _delete(self) -> None:
        if self.deleted_at is None and self.db.exists():  # not before the bot made it
            os.link(self.db, self.kept)
            self.db.unlink()
            self.deleted_at = _bot_writes(self.board)

    def before(self, request: httpx.Request) -> bool:
        if self.what == "kill":
            return self.killer.before(request)
        if request.method == "POST" and self.what == "delete":
            self.posts += 1
            if self.mode == "before" and self.posts == self.k:
                self._delete()
        return False

    def after(self, request: httpx.Request, response: httpx.Response) -> bool:
        if self.what == "kill":
            return self.killer.after(request, response)
        armed = self.what == "delete" and self.mode == "after" and self.posts == self.k
        if request.method == "POST" and armed:
            self._delete()
        return False

    def put_back(self) -> None:
        """The host restores the deleted file where its write-ahead log still is (SQLite
        writes nothing more into a file unlinked under it: the log keeps what the bot
        committed last). The stopped bot left no other file at the path."""
        assert not self.db.exists(), "the bot made a new database where the old one was"
        os.replace(self.kept, self.db)


def _life_log(lives: Lives, pid: int) -> str:
    text = lives.log.read_text("utf-8", "replace")
    return text[text.rfind(f"--- pid {pid} ") :]


def _lost_life(
    lives: Lives, server: BoardServer, accident: Accident, away: Path, when: datetime
) -> None:
    """A life on a lost database (its files moved away): refused in one line (exit 2),
    nothing created, nothing sent; then the files are put back."""
    db, board = accident.db, accident.board
    for suffix in SIDE_FILES:
        if Path(f"{db}{suffix}").exists():
            os.replace(f"{db}{suffix}", away / f"soak.db{suffix}")
    before = _bot_writes(board)
    with server.lock:
        pid = lives.start(when)
        accident.arm(pid, "", "", 0)
    code = lives.wait(pid)
    said = _life_log(lives, pid)
    assert code == 2, f"a lost database was not refused (exit {code}):\n{said}"
    assert "Traceback" not in said, said
    assert not db.exists(), "the refusal created a database"
    assert _bot_writes(board) == before, "sent on a lost database"
    for suffix in SIDE_FILES:
        if (away / f"soak.db{suffix}").exists():
            os.replace(away / f"soak.db{suffix}", f"{db}{suffix}")


@pytest.mark.usefixtures("users")
def test_C_4_lost_and_deleted_databases_at_random_points_repeat_nothing(tmp_path: Path) -> None:
    """The soak again, with two more accidents between and inside its lives: the database
    lost (moved away) before a life — it must refuse in one line, create nothing and send
    nothing, for the board shows the game began — and the database deleted under a running
    life at one of its writes — it must stop by itself in one line, with at most the write
    under way sent. Each time the host puts the file back and the game goes on; at the end
    every message is on the board exactly once, the same as in a run never disturbed."""
    rng = random.Random(SEED + 1)
    t0 = time.monotonic()
    db = tmp_path / "soak.db"
    away = tmp_path / "away"
    away.mkdir()
    clock = StepClock(0.0)
    board = _board(clock)
    server = BoardServer(_ticking(board, clock), clock=clock)  # its Date: the game's time
    accident = Accident(db, board)
    server.before = accident.before
    server.after = accident.after
    counts: Counter[str] = Counter()

    with server.running():
        config = _config(tmp_path, server.base, db)
        cfg = load_config(config)
        expected = _reference(tmp_path, cfg)
        lives = Lives(config, tmp_path / "lives.log")

        def life(when: datetime, what: str) -> int:
            """One `run --once` at game time `when`, disturbed as `what` says ("": not)."""
            mode = rng.choice(["before", "after"])
            with server.lock:  # the board waits for the accident to be armed
                pid = lives.start(when)
                accident.arm(pid, what, mode, rng.choice([1, 1, 2]))
            code = lives.wait(pid)
            said = _life_log(lives, pid)
            if accident.deleted_at is not None:
                assert code == 2, f"a deleted database did not stop the bot (exit {code}):\n{said}"
                assert "deleted or moved" in said and "Traceback" not in said, said
                # at most the write under way when the file went
                assert _bot_writes(board) - accident.deleted_at <= 1, said
                accident.put_back()
                counts["deleted, stopped"] += 1
            elif code == -signal.SIGKILL:
                counts["killed"] += 1
            else:
                assert code == 0, f"a life failed (exit {code}):\n{said}"
                counts["free"] += 1
            return code

        try:
            when: datetime | None = cfg.game.start + timedelta(minutes=1)
            closed = -1
            while when is not None:
                clock.now = max(clock.now, when.timestamp())
                while True:
                    assert sum(counts.values()) < MAX_LIVES, f"no end in sight: {counts}"
                    if _bot_writes(board) and rng.random() < 0.3:
                        # the game is on the board: a lost database must refuse
                        _lost_life(lives, server, accident, away, when)
                        counts["lost, refused"] += 1
                    # deletions first (the start's writes give them room), then any accident
                    if counts["deleted, stopped"] < MIN_DELETED:
                        what = rng.choice(["kill", "delete", "delete", "delete", "delete"])
                    else:
                        what = rng.choice(["", "kill", "delete"])
                    if life(when, what) != 0:
                        continue
                    with_store = open_store(cfg.database_url)
                    try:
                        if _settled(with_store, cfg, when):
                            closed += 1
                            when = _next_step(with_store, cfg, closed)
                            break
                    finally:
                        with_store.close()
            while counts["lost, refused"] < MIN_LOST:  # the game over: still refused
                _lost_life(lives, server, accident, away, cfg.game.start + timedelta(days=30))
                counts["lost, refused"] += 1
        finally:
            lives.close()

    store = open_store(cfg.database_url)
    g = _game(store, cfg)
    assert g is not None
    rows: list[OutboxRow] = store.outbox(g.id).all()
    store.close()
    print(
        f"\nlost/deleted soak (seed {SEED + 1}): {closed + 1} steps (game {g.status}), "
        f"{dict(counts)}; {time.monotonic() - t0:.1f} s"
    )
    assert counts["deleted, stopped"] >= MIN_DELETED
    assert board.violations == []
    assert closed >= 2
    _exactly_once(board, rows, expected)


def _exactly_once(
    board: fb.FakePhpbb, rows: list[OutboxRow], expected: set[tuple[int, str, str]]
) -> None:
    """Every message decided is on the board once, the same as in the undisturbed run."""
    assert {(r.key.turn, r.key.kind, r.key.recipient) for r in rows} == expected
    assert all(r.status == "sent" for r in rows), [r.key for r in rows if r.status != "sent"]
    on_board = Counter(MARKER.findall(" ".join(p.source for p in board.posts if p.source)))
    on_board.update(MARKER.findall(" ".join(m.message for m in board.sent_pms)))
    assert [m for m, n in on_board.items() if n > 1] == [], "a message went out twice"
    decided = {
        marker_for(r.key, part, r.marker_token) for r in rows for part in range(len(r.board_ids))
    }
    assert decided == set(on_board), "lost, or on the board but not in the outbox"
