"""What the shell costs as a topic grows, measured as a host meets it: whole `mafiabot`
processes over loopback HTTP against a fake phpBB 3.3 board running as a process of its own.

Run from the repository root:
  python bench/shell.py [--posts 100 20000] [--first 3] [--idle 5] [--games 1 2 4] [--in-process]

A PEFL game (nine players, one red vote with a reason in every five posts) in topic 4 of the
fake board of tests/ (real recorded pages, 20 posts a page: 20,000 posts are 1,000 pages),
served by `bench/loopback.py::BoardProcess`. The calendar is real time: the game began four
days ago, turn 0 closed an hour later, and the measured posts are turn 1's. For each size:

  * setup: `mafiabot run -c game.toml --once` until the game has started and turn 0 is closed
    (start post, role PMs, newspaper; not measured); then the board grows by the posts;
  * first poll: `mafiabot run --once`, a fresh process reading the whole topic into its store
    (request pacing off: no delay between requests, the account flood-exempt), `--first`
    times, the database and cookie jar put back as they were before it each time;
  * the same first poll with letters: five letters in the inbox new to the bot as well
    (the ones the game's start read, forgotten by the store and unread on the board), so
    that the letter reader runs too (`--first` times);
  * idle: `mafiabot run --once` again, nothing new on the board (the interim count on, so the
    turn's tally is asked for on every run), `--idle` times;
each as the process's CPU time (user + system; the fastest and the median run: on a shared
machine the neighbours only ever add), wall time and peak RSS (`wait4`), and the HTTP
requests the board served it. Then `mafiabot parse posts` over the same 1,000 pages,
saved to files, measured the same way — the first poll's yardstick, in the same run. The
processes may write their .pyc files (as an installed package has them): the unmeasured
setup runs compile what the measured ones load.

`--games 1 2 4` then hosts that many games (100 posts each, every game on a board of its own
in the one board process) in one `mafiabot run -c … -c … --once` process: its peak RSS per
count of games, idle, after a first poll by the same command.

`--in-process` adds the in-process figures beside these: board and bot in one process on a
fake clock, CPU time of `Daemon.tick` with the board's own time taken out, requests and SQL
statements per idle tick, and the same for the first tick of a new store, client and daemon
on the same files (a process start without the imports); handy under a profiler (`--profile
FILE` writes a CPU-time cProfile of the first poll).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from bench.loopback import BoardProcess, Control, Served  # noqa: E402

MSK = ZoneInfo("Europe/Moscow")
PER_PAGE = 20
PLAYERS = {
    "Анна Каренина": 58,
    "Mister X": 60,
    "Шерлок": 61,
    "Dr.Watson": 62,
    "Кот": 66,
    "Jack_Sparrow": 67,
    "Марго": 68,
    "Tanya-77": 69,
    "Граф Монте-Кристо": 70,
}
START = datetime(2026, 11, 27, 12, 0, tzinfo=MSK)  # the in-process runs' fake clock
POST_SPACING = timedelta(seconds=10)  # 20,000 posts: 56 hours of turn 1

CONFIG = """
[board]
url = "{url}"
kind = "phpbb"
username = "Ведущий"
password_env = "MAFIABOT_DEMO_PASSWORD"
timezone = "Europe/Moscow"
poll_interval = 60
request_delay = 0
flood_exempt = true

[game]
ruleset = "pefl"
name = "Мафия – бенч"
topic = 4
players = {players}
seed = 1
start = {start}
deadlines = [{deadlines}]
interim_count = "votes"
interim_every = 10000

[game.cast]
"Анна Каренина" = "civilian"
"Mister X" = "mafia:yakuza"
"Шерлок" = "commissar"
"Dr.Watson" = "doctor"
"Кот" = "civilian"
"Jack_Sparrow" = "maniac"
"Марго" = "civilian"
"Tanya-77" = "civilian"
"Граф Монте-Кристо" = "mafia:triad"

[storage]
url = "sqlite:///{db}"
"""


def config_text(url: str, db: Path, start: datetime, *later: datetime) -> str:
    """The bench game's config: started at `start`, turn 0 closing an hour later, then the
    deadlines `later` (a turn that never closes when none is given)."""
    deadlines = [start + timedelta(hours=1), *(later or (start + timedelta(days=200),))]
    return CONFIG.format(
        url=url,
        db=db,
        players=json.dumps(list(PLAYERS), ensure_ascii=False),
        start=_local(start),
        deadlines=", ".join(
            d.replace(tzinfo=None).isoformat(timespec="seconds") for d in deadlines
        ),
    )


def _local(at: datetime) -> str:
    """A moment as the config writes it: board time, no zone."""
    return at.astimezone(MSK).replace(tzinfo=None).isoformat(timespec="seconds")


def _body(i: int, nicks: list[str]) -> str:
    """Chatter, and every fifth post a red vote with a reason (P-V.1)."""
    target = nicks[(i * 7) % len(nicks)]
    if i % 5 == 0:
        return (
            f'<span style="color:red">{target}</span> — весь день отмалчивается и '
            "путает показания, голосую против"
        )
    return f"Сообщение {i}: думаю, что {target} ведёт себя странно, но пока присмотрюсь."


def _fragments(n: int, first_id: int, t0: datetime) -> list[tuple[int, int, str]]:
    """`n` posts of the players from `t0` on, POST_SPACING apart, as the board's HTML blocks."""
    from mafiabot.memory_board import BoardPost, MemoryBoard, _post_block, _split_first_post

    pages = MemoryBoard(clock=lambda: t0)
    _head, block, _tail = _split_first_post(pages._topic_page)
    nicks = list(PLAYERS)
    out = []
    for i in range(n):
        nick = nicks[i % len(nicks)]
        post = BoardPost(
            first_id + i, 4, nick, PLAYERS[nick], t0 + POST_SPACING * i, _body(i, nicks)
        )
        out.append((first_id + i, PLAYERS[nick], _post_block(block, post, MSK)))
    return out


def _board(clock: Any) -> Any:
    """The fake phpBB board holding the game topic's first post, every player's account known."""
    import fakeboard_phpbb as fb

    for nick, uid in PLAYERS.items():  # the fake board knows every player's account
        fb.USERS.setdefault(nick, (uid, None))
        fb.NAMES.setdefault(uid, nick)
    first = fb.FakePost(100, 2, _fragments(1, 100, START)[0][2], "")
    return fb.FakePhpbb(clock=clock, per_page=PER_PAGE, posts=[first], flood_exempt=True)


# -- the board process (bench/loopback.py --factory bench.shell:boards) ------------------------


def boards(count: int, posts: int, t0: str) -> Served:
    """`count` boards on the real clock, each growing by `posts` posts written from `t0` on
    when told to ("add-posts"), and saving its topic's pages for `parse posts` ("save-pages")."""
    import fakeboard_phpbb as fb

    out: Served = []
    for _ in range(count):
        board = _board(time.time)

        def add_posts(_body: str, board: Any = board) -> None:
            for pid, uid, frag in _fragments(posts, 1000, datetime.fromisoformat(t0)):
                board.posts.append(fb.FakePost(pid, uid, frag, ""))

        def save_pages(folder: str, board: Any = board) -> int:
            _save_pages(board, folder)
            return len(board.posts)

        def unread_letters(_body: str, board: Any = board) -> None:
            board.read_pms.clear()  # the inbox's recorded letters are new again

        controls: dict[str, Control] = {
            "add-posts": add_posts,
            "save-pages": save_pages,
            "unread": unread_letters,
        }
        out.append((board, fb.BASE, controls))
    return out


def _save_pages(board: Any, folder: str) -> None:
    """The topic's pages as the board serves them, for `mafiabot parse posts`."""
    import fakeboard_phpbb as fb

    total = -(-len(board.posts) // PER_PAGE)
    for k in range(total):
        chunk = board.posts[k * PER_PAGE : (k + 1) * PER_PAGE]
        html = fb._derived_topic_page(chunk, k + 1, total, len(board.posts), PER_PAGE)
        Path(folder, f"p{k + 1:04d}.html").write_text(html, "utf-8")


# -- whole processes -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One `mafiabot` process: CPU seconds (user + system), wall seconds, peak RSS in MB."""

    cpu: float
    wall: float
    rss_mb: float
    requests: int = 0


def run_cli(
    *args: str, env: dict[str, str] | None = None, log: Path | None = None, cwd: Path = ROOT
) -> Run:
    """`python -m mafiabot ARGS` as a process of its own, measured by `wait4`; `cwd` is the
    source tree it imports (this one unless another is named)."""
    out = open(log, "a") if log else subprocess.DEVNULL  # noqa: SIM115 (closed below)
    try:
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "mafiabot", *args],
            cwd=cwd,
            env=bot_env(env),
            stdout=subprocess.DEVNULL,
            stderr=out,
        )
        _pid, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
    finally:
        if log:
            out.close()  # type: ignore[union-attr]
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"mafiabot {' '.join(args)} failed ({code}); see {log}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


def bot_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a measured process: this one's, with bytecode caching allowed (a
    host's installed package has its .pyc files; compiling the sources on every start would
    be measured instead — the setup runs write them)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, **(extra or {})}


def _game_row(db: Path) -> tuple[int, str, int]:
    """(turn, status, pending outbox rows) of the game in the bench's database."""
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT id, turn, status FROM games").fetchone()
        if row is None:
            return -1, "", 0
        pending = conn.execute(
            "SELECT count(*) FROM outbox WHERE game_id = ? AND status = 'pending'", (row[0],)
        ).fetchone()[0]
    return int(row[1]), str(row[2]), int(pending)


class CliGame:
    """A bench game hosted by `mafiabot run --once` processes against a board process."""

    def __init__(self, tmp: Path, url: str, start: datetime, *later: datetime) -> None:
        import fakeboard_phpbb as fb

        self.tmp = tmp
        self.db = tmp / "game.db"
        self.config = tmp / "game.toml"
        self.config.write_text(config_text(url, self.db, start, *later), "utf-8")
        self.log = tmp / "bot.log"
        self.env = {"MAFIABOT_DEMO_PASSWORD": fb.USERS["Ведущий"][1] or ""}

    def once(self) -> Run:
        return run_cli("run", "-c", str(self.config), "--once", env=self.env, log=self.log)

    def save(self) -> None:
        """Keep the database and the cookie jar as they are (`restore` puts them back)."""
        with sqlite3.connect(self.db) as src, sqlite3.connect(self.tmp / "saved.db") as dst:
            src.backup(dst)
        shutil.copy(self.tmp / "game.db.cookies", self.tmp / "saved.cookies")

    def restore(self) -> None:
        with sqlite3.connect(self.tmp / "saved.db") as src, sqlite3.connect(self.db) as dst:
            src.backup(dst)
        shutil.copy(self.tmp / "saved.cookies", self.tmp / "game.db.cookies")

    def letters_new_again(self) -> None:
        """Forget the letters the game's start read (and what they led to), so that the next
        run finds them new in the inbox, as letters arriving with the posts (the board is
        told to list them unread: the "unread" control)."""
        with sqlite3.connect(self.db) as conn:
            for table in ("pms", "seen_pms", "moves", "host_flags"):
                conn.execute(f"DELETE FROM {table}")

    def set_up(self) -> None:
        """Ticks until the game has started, turn 0 is closed and everything is sent."""
        for _ in range(6):
            self.once()
            turn, status, pending = _game_row(self.db)
            if turn >= 1 and status == "running" and pending == 0:
                return
        raise SystemExit(f"the bench game did not start; see {self.log}")


def _real_start() -> datetime:
    """The game's start on the real clock: four days ago, on the hour."""
    now = datetime.now(MSK).replace(minute=0, second=0, microsecond=0)
    return now - timedelta(days=4)


def measure_cli(n: int, idle: int, first: int, pages: str | None) -> dict[str, Any]:
    """The first poll `first` times (the database and cookie jar put back as they were
    before it each time) and then `idle` idle runs, each a `mafiabot run --once`."""
    start = _real_start()
    t0 = (start + timedelta(hours=2)).isoformat()
    tmp = Path(tempfile.mkdtemp(prefix="mafiabot-bench-"))
    try:
        with BoardProcess("bench.shell:boards", {"count": 1, "posts": n, "t0": t0}) as bp:
            game = CliGame(tmp, bp.urls[0], start)
            game.set_up()
            bp.control("add-posts")
            game.save()
            polls = []
            for k in range(first):
                if k:
                    game.restore()
                before = bp.requests()
                r = game.once()
                polls.append(Run(r.cpu, r.wall, r.rss_mb, bp.requests() - before))
            lettered = []
            for _ in range(first):  # the same first poll, five letters new in the inbox
                game.restore()
                game.letters_new_again()
                bp.control("unread")
                before = bp.requests()
                r = game.once()
                lettered.append(Run(r.cpu, r.wall, r.rss_mb, bp.requests() - before))
            game.restore()
            game.once()  # the first poll again: the idle runs follow it
            runs = []
            said: list[str] = []
            for _ in range(idle):
                before = bp.requests()
                r = game.once()
                runs.append(Run(r.cpu, r.wall, r.rss_mb, bp.requests() - before))
            said = bp.log()[before:]  # the last idle run's requests, to be printed
            if pages is not None:
                bp.control("save-pages", pages)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out = {"posts": n, "first": polls, "idle": runs, "idle_requests": said}
    return {**out, "letters": lettered}


def measure_games(count: int, posts: int) -> Run:
    """Peak RSS (and CPU) of one `mafiabot run --once` hosting `count` games, idle."""
    start = _real_start()
    t0 = (start + timedelta(hours=2)).isoformat()
    args = {"count": count, "posts": posts, "t0": t0}
    folders = [Path(tempfile.mkdtemp(prefix=f"mafiabot-bench-g{k}-")) for k in range(count)]
    try:
        with BoardProcess("bench.shell:boards", args) as bp:
            pairs = zip(folders, bp.urls, strict=True)
            games = [CliGame(folder, url, start) for folder, url in pairs]
            for k, g in enumerate(games):
                g.set_up()
                bp.control("add-posts", board=k)
            argv = ["run", *(a for g in games for a in ("-c", str(g.config))), "--once"]
            env, log = games[0].env, games[0].log
            run_cli(*argv, env=env, log=log)  # the first poll of every game
            return min((run_cli(*argv, env=env, log=log) for _ in range(2)), key=lambda r: r.cpu)
    finally:
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


def parse_posts(folder: str, runs: int = 2) -> Run:
    """`mafiabot parse posts` over the saved pages: the fastest of `runs` (the first also
    writes the .pyc files of what it alone imports)."""
    files = sorted(str(p) for p in Path(folder).glob("*.html"))
    done = [run_cli("parse", "posts", "--tz", "Europe/Moscow", *files) for _ in range(runs)]
    return min(done, key=lambda r: r.cpu)


# -- in process (the older figures, beside the CLI's) ----------------------------------------------


class _SqlCounter:
    def __init__(self, engine: Any) -> None:
        import sqlalchemy as sa

        self.n = 0
        sa.event.listen(engine, "before_cursor_execute", self._count)

    def _count(self, *_a: Any) -> None:
        self.n += 1


def bench_game(edit: Callable[[str], str] = lambda text: text) -> tuple[Path, Any, Any, Any]:
    """A fresh folder, the bench game's config (`edit` may change its text) on the fake clock
    from START, the clock, and the fake phpBB board holding the game topic's first post."""
    import fakeboard_phpbb as fb

    from mafiabot.config import load_config

    tmp = Path(tempfile.mkdtemp(prefix="mafiabot-bench-"))
    os.environ["MAFIABOT_DEMO_PASSWORD"] = fb.USERS["Ведущий"][1] or ""
    cfg_path = tmp / "game.toml"
    cfg_path.write_text(edit(config_text(fb.BASE, tmp / "game.db", START)), "utf-8")
    cfg = load_config(cfg_path)
    clock = fb.FakeClock(START.timestamp() - 3600)
    return tmp, cfg, clock, _board(clock)


def bench_daemon(tmp: Path, cfg: Any, clock: Any, board: Any) -> tuple[Any, Any]:
    """The store and the daemon with the real phpBB client on `board`, request pacing off."""
    import fakeboard_phpbb as fb

    from mafiabot.daemon import Daemon
    from mafiabot.store import open_store
    from scraper.phpbb import PhpbbClient, PhpbbSettings

    settings = PhpbbSettings(
        base_url=fb.BASE,
        username="Ведущий",
        password=cfg.board.password(),
        cookie_file=tmp / "cookies",
        min_interval=0.0,
        flood_exempt=True,
    )
    client = PhpbbClient(settings, transport=board.transport(), clock=clock, sleep=clock.sleep)
    store = open_store(cfg.database_url)
    return store, Daemon(cfg, store, client, salt=lambda: "bench")


def measure(n: int, idle_ticks: int, profile: str | None = None) -> dict[str, Any]:
    """In process: CPU time of the first poll and of an idle `Daemon.tick` (the board's own
    time taken out), requests and SQL statements per idle tick, this process's peak RSS."""
    import fakeboard_phpbb as fb

    tmp, cfg, clock, board = bench_game()
    served = [0.0]
    handle = board.handle

    def timed(request: Any) -> Any:
        t0 = time.process_time()
        try:
            return handle(request)
        finally:
            served[0] += time.process_time() - t0

    board.handle = timed
    store, daemon = bench_daemon(tmp, cfg, clock, board)
    sql = _SqlCounter(store.engine)

    def at(dt: datetime) -> datetime:
        clock.now = max(clock.now, dt.timestamp())
        return dt

    daemon.tick(at(START + timedelta(minutes=1)))  # the start post, role PMs
    daemon.tick(at(START + timedelta(hours=1, minutes=1)))  # turn 0 closes
    for pid, uid, frag in _fragments(n, 1000, START + timedelta(hours=2)):
        board.posts.append(fb.FakePost(pid, uid, frag, ""))
    now = START + timedelta(days=3)
    served[0] = 0.0
    if profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
    t = time.process_time()
    report = daemon.tick(at(now))
    first_poll = time.process_time() - t - served[0]
    if profile:
        profiler.disable()
        profiler.dump_stats(profile)
    times, requests, statements = [], [], []
    for k in range(idle_ticks):
        board.reset_counts()
        sql.n = 0
        served[0] = 0.0
        t = time.process_time()
        idle = daemon.tick(at(now + timedelta(minutes=k + 1)))
        times.append(time.process_time() - t - served[0])
        requests.append(len(board.requests))
        statements.append(sql.n)
        assert idle.new_posts == 0
    daemon.client.close()
    store.close()
    # a process start without the imports: a new store, client and daemon on the same files
    starts, start_sql, start_requests = [], [], []
    for k in range(idle_ticks):
        store, daemon = bench_daemon(tmp, cfg, clock, board)
        sql = _SqlCounter(store.engine)
        board.reset_counts()
        served[0] = 0.0
        t = time.process_time()
        daemon.tick(at(now + timedelta(minutes=idle_ticks + k + 1)))
        starts.append(time.process_time() - t - served[0])
        start_sql.append(sql.n)
        start_requests.append(len(board.requests))
        daemon.client.close()
        store.close()
    return {
        "posts": n,
        "stored": report.new_posts,
        "first_poll_s": round(first_poll, 3),
        "idle_tick_s": round(statistics.median(times), 4),
        "idle_requests": max(requests),
        "idle_sql": max(statements),
        "start_tick_s": round(statistics.median(starts), 4),
        "start_requests": max(start_requests),
        "start_sql": max(start_sql),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def _in_process(sizes: list[int], idle: int, profile: str | None) -> None:
    rows = []
    for n in sizes:
        cmd = [sys.executable, __file__, "--one", str(n), "--idle", str(idle)]
        if profile and n == max(sizes):
            cmd += ["--profile", profile]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=ROOT)
        rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
    print("in process (board and bot in one process, fake clock; Daemon.tick CPU time):")
    print(
        f"{'posts':>7} {'first poll s':>13} {'idle tick s':>12} {'req':>4} {'SQL':>4} "
        f"{'start tick s':>13} {'req':>4} {'SQL':>4}"
    )
    for r in rows:
        print(
            f"{r['posts']:>7} {r['first_poll_s']:>13} {r['idle_tick_s']:>12} "
            f"{r['idle_requests']:>4} {r['idle_sql']:>4} {r['start_tick_s']:>13} "
            f"{r['start_requests']:>4} {r['start_sql']:>4}"
        )
    small, big = rows[0], rows[-1]
    print(
        f"idle tick {big['posts']} / {small['posts']}: "
        f"{big['idle_tick_s'] / small['idle_tick_s']:.2f}x; the first tick of a new daemon "
        f"(a process start without its imports): {big['start_tick_s'] / small['start_tick_s']:.2f}x"
    )


def _cpu(runs: list[Run]) -> str:
    return f"{min(r.cpu for r in runs):.2f} / {_median(runs, 'cpu'):.2f}"


def _median(runs: list[Run], what: str) -> float:
    return float(statistics.median(getattr(r, what) for r in runs))


def _peak(runs: list[Run]) -> float:
    return max(r.rss_mb for r in runs)


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--posts", type=int, nargs="+", default=[100, 20000])
    ap.add_argument("--idle", type=int, default=5, help="idle runs measured")
    ap.add_argument("--first", type=int, default=3, help="first polls measured (same start)")
    ap.add_argument("--games", type=int, nargs="*", default=[1, 2, 4], help="games in a process")
    ap.add_argument("--in-process", action="store_true", help="also the in-process figures")
    ap.add_argument("--profile", help="cProfile the in-process first poll of the largest size")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)  # child: one in-process size
    args = ap.parse_args()
    if args.one is not None:
        print(json.dumps(measure(args.one, args.idle, args.profile)))
        return
    print(_load())
    rows = []
    with tempfile.TemporaryDirectory(prefix="mafiabot-bench-pages-") as pages:
        for n in args.posts:
            keep = pages if n == max(args.posts) else None
            rows.append(measure_cli(n, args.idle, args.first, keep))
        parse = parse_posts(pages)
    print(
        "from the CLI (`mafiabot run --once` processes, the board a process of its own); "
        "CPU s (user + system) fastest / median, wall s median, peak RSS MB, requests:"
    )
    print(
        f"{'posts':>7} {'first poll CPU':>15} {'wall':>6} {'RSS':>6} {'req':>5} "
        f"{'idle run CPU':>14} {'wall':>6} {'RSS':>6} {'req':>4}"
    )
    for r in rows:
        f, i = r["first"], r["idle"]
        print(
            f"{r['posts']:>7} {_cpu(f):>15} {_median(f, 'wall'):>6.2f} {_peak(f):>6.1f} "
            f"{f[0].requests:>5} {_cpu(i):>14} {_median(i, 'wall'):>6.2f} {_peak(i):>6.1f} "
            f"{max(x.requests for x in i):>4}"
        )
    for r in rows:
        f = r["letters"]
        print(
            f"{r['posts']:>7} posts, five letters new in the inbox too: first poll CPU "
            f"{_cpu(f)}, peak RSS {_peak(f):.1f} MB (target ≤ 90 MB)"
        )
    small, big = rows[0], rows[-1]
    lo = min(x.cpu for x in small["idle"]), min(x.cpu for x in big["idle"])
    mid = _median(small["idle"], "cpu"), _median(big["idle"], "cpu")
    print(
        f"idle run {big['posts']} / {small['posts']} posts: {lo[1] / lo[0]:.2f}x CPU "
        f"(fastest), {mid[1] / mid[0]:.2f}x (median) (target ≤ 1.2x)"
    )
    print(f"an idle run's requests at {big['posts']} posts: " + "; ".join(big["idle_requests"]))
    fast = min(x.cpu for x in big["first"])
    print(
        f"`mafiabot parse posts` on the same {big['posts']} posts: {parse.cpu:.2f} s CPU, "
        f"{parse.wall:.2f} s wall; first poll / parse: {fast / parse.cpu:.1f}x CPU (fastest), "
        f"{_median(big['first'], 'cpu') / parse.cpu:.1f}x (median) (target ≤ 3x)"
    )
    if args.games:
        peaks = {k: measure_games(k, 100) for k in args.games}
        line = ", ".join(f"{k}: {r.rss_mb:.1f}" for k, r in peaks.items())
        print(f"peak RSS MB of one idle `run --once` hosting N games (100 posts each): {line}")
        if len(peaks) > 1:
            lo, hi = min(peaks), max(peaks)
            per = (peaks[hi].rss_mb - peaks[lo].rss_mb) / (hi - lo)
            print(f"per further game: {per:+.1f} MB (target ≤ +5 MB; one game ≤ 90 MB)")
    if args.in_process:
        _in_process(args.posts, args.idle, args.profile)
    print(_load())


if __name__ == "__main__":
    main()
