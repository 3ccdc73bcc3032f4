"""What the shell costs as a topic grows: a PEFL game on the fake phpBB board (real client,
real parser, SQLite store), at 100 and at 20,000 posts (20 a page: 1,000 pages).

Run from the repository root:  python bench/shell.py [--posts 100 20000] [--idle 3]

For each size, the bot runs in a process of its own, built as `mafiabot run` builds it
(`mafiabot.bootstrap`, the game's lock, the store migrated), talking HTTP to the fake board
served on a loopback port by this process (`bench/loopback.py`): the figures are the bot's
alone, as a host would see them in `ps`.
  * first poll: CPU time of the tick that reads the whole topic into the store (the game
    already started; request pacing is off: no delay between requests, the account
    flood-exempt);
  * idle tick: median CPU time of a tick with nothing new on the board (the interim count
    on, so the turn's tally is computed each tick), and its HTTP requests (counted by the
    board) and SQL statements;
  * the bot process's peak RSS (`ru_maxrss`), and its RSS before the first poll (the
    interpreter, its imports, the game started).
Then, for the largest size, `python -m mafiabot parse posts` on the same 1,000 pages (saved
to files) for comparison with the first poll (its CPU time, as a child process).

`--in-process` runs the board and the bot in one process instead (the board's page rendering
taken out of the CPU figures, its memory not out of the RSS): handy under a profiler.

Times are CPU time of the one-threaded bot: on a shared machine wall time mostly measures the
neighbours.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

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
START = datetime(2026, 11, 27, 12, 0, tzinfo=MSK)

CONFIG = """
[board]
url = "http://127.0.0.1:8080/"
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
start = 2026-11-27T12:00:00
deadlines = [2026-11-27T13:00:00, 2027-06-01T22:00:00]
interim_count = "votes"
interim_every = 1000000

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


def _body(i: int, nicks: list[str]) -> str:
    """Chatter, and every fifth post a red vote with a reason (P-V.1)."""
    target = nicks[(i * 7) % len(nicks)]
    if i % 5 == 0:
        return (
            f'<span style="color:red">{target}</span> — весь день отмалчивается и '
            "путает показания, голосую против"
        )
    return f"Сообщение {i}: думаю, что {target} ведёт себя странно, но пока присмотрюсь."


def _fragments(n: int, first_id: int) -> list[tuple[int, int, str]]:
    from mafiabot.memory_board import BoardPost, MemoryBoard, _post_block, _split_first_post

    pages = MemoryBoard(clock=lambda: START)
    _head, block, _tail = _split_first_post(pages._topic_page)
    nicks = list(PLAYERS)
    out = []
    t0 = START + timedelta(hours=2)  # turn 1: after turn 0's deadline
    for i in range(n):
        nick = nicks[i % len(nicks)]
        at = t0 + timedelta(seconds=30 * i)
        pid = first_id + i
        post = BoardPost(pid, 4, nick, PLAYERS[nick], at, _body(i, nicks))
        out.append((pid, PLAYERS[nick], _post_block(block, post, MSK)))
    return out


class _SqlCounter:
    def __init__(self, engine: Any) -> None:
        import sqlalchemy as sa

        self.n = 0
        sa.event.listen(engine, "before_cursor_execute", self._count)

    def _count(self, *_a: Any) -> None:
        self.n += 1


def bench_game(edit: Callable[[str], str] = lambda text: text) -> tuple[Path, Any, Any, Any]:
    """A fresh folder, the bench game's config (`edit` may change its text), a fake clock and
    the fake phpBB board holding the game topic's first post, every player's account known."""
    import os

    import fakeboard_phpbb as fb

    from mafiabot.config import load_config

    tmp = Path(tempfile.mkdtemp(prefix="mafiabot-bench-"))
    os.environ["MAFIABOT_DEMO_PASSWORD"] = fb.USERS["Ведущий"][1] or ""
    cfg_path = tmp / "game.toml"
    players = json.dumps(list(PLAYERS), ensure_ascii=False)
    cfg_path.write_text(edit(CONFIG.format(players=players, db=tmp / "game.db")), "utf-8")
    cfg = load_config(cfg_path)
    clock = fb.FakeClock(START.timestamp() - 3600)
    for nick, uid in PLAYERS.items():  # the fake board knows every player's account
        fb.USERS.setdefault(nick, (uid, None))
        fb.NAMES.setdefault(uid, nick)
    first = fb.FakePost(100, 2, _fragments(1, 100)[0][2], "")
    board = fb.FakePhpbb(clock=clock, per_page=PER_PAGE, posts=[first], flood_exempt=True)
    return tmp, cfg, clock, board


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


def measure(n: int, idle_ticks: int, pages_dir: str | None) -> dict[str, Any]:
    import fakeboard_phpbb as fb

    tmp, cfg, clock, board = bench_game()
    # the fake board renders its pages in this process: its time is the board's, not the
    # bot's, and is taken out of the figures
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
    for pid, uid, frag in _fragments(n, 1000):
        board.posts.append(fb.FakePost(pid, uid, frag, ""))
    if pages_dir is not None:
        _save_pages(board, pages_dir)
    now = START + timedelta(days=2)
    served[0] = 0.0
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.process_time()
    report = daemon.tick(at(now))
    first_poll = time.process_time() - t - served[0]
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
    store.close()
    return {
        "posts": n,
        "stored": report.new_posts,
        "first_poll_s": round(first_poll, 3),
        "idle_tick_s": round(statistics.median(times), 4),
        "idle_requests": max(requests),
        "idle_sql": max(statements),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "bot_rss_mb": round(
            (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) / 1024, 1
        ),
        "before_mb": round(rss_before / 1024, 1),
    }


def measure_apart(
    n: int, idle_ticks: int, pages_dir: str | None, profile: str | None = None
) -> dict[str, Any]:
    """The board served here, the bot (`--bot`) in a child process; the child's figures."""
    import os

    import fakeboard_phpbb as fb

    from bench.loopback import serve

    _tmp, cfg, clock, board = bench_game()
    # the bot waits on the real clock (a form's minimum age), so the board's runs too
    offset = clock.now - time.time()
    board.clock = lambda: time.time() + offset

    def add_posts() -> None:
        for pid, uid, frag in _fragments(n, 1000):
            board.posts.append(fb.FakePost(pid, uid, frag, ""))

    server = serve(board, fb.BASE, {"add-posts": add_posts})
    try:
        cfg_path = Path(cfg.path)
        cfg_path.write_text(cfg_path.read_text("utf-8").replace(fb.BASE, server.url), "utf-8")
        out = subprocess.run(
            [sys.executable, __file__, "--bot", str(cfg_path), "--idle", str(idle_ticks)]
            + (["--profile", profile] if profile else []),
            check=False,
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "MAFIABOT_DEMO_PASSWORD": cfg.board.password()},
        )
        if out.returncode:
            raise SystemExit(f"the bot failed:\n{out.stderr}")
    finally:
        server.close()
    if pages_dir is not None:
        _save_pages(board, pages_dir)
    row: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    row["posts"] = n
    return row


def run_bot(cfg_path: str, idle_ticks: int, profile: str | None = None) -> dict[str, Any]:
    """The bot's side of `measure_apart`: built as `mafiabot run` builds it, ticking at the
    bench's times; the board grows by the measured posts before the first poll."""
    import urllib.request

    from mafiabot import bootstrap
    from mafiabot.commands.run import open_game_store
    from mafiabot.config import load_config

    stages = {"imports": _rss_mb()}
    cfg = load_config(cfg_path)
    control = cfg.board.url + "__bench/"
    lock, store = open_game_store(cfg_path, cfg)
    stages["store open"] = _rss_mb()
    daemon = bootstrap.build_daemon(cfg, store, bootstrap.make_client(cfg), salt=lambda: "bench")
    sql = _SqlCounter(store.engine)

    def served() -> int:
        with urllib.request.urlopen(control + "requests") as r:
            return int(r.read())

    daemon.tick(START + timedelta(minutes=1))  # the start post, role PMs
    stages["game started"] = _rss_mb()
    daemon.tick(START + timedelta(hours=1, minutes=1))  # turn 0 closes
    stages["turn 0 closed"] = _rss_mb()
    urllib.request.urlopen(urllib.request.Request(control + "add-posts", method="POST")).close()
    now = START + timedelta(days=2)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time)  # CPU, not the waits on the board
        profiler.enable()
    t = time.process_time()
    report = daemon.tick(now)
    first_poll = time.process_time() - t
    if profile:
        profiler.disable()
        profiler.dump_stats(profile)
    times, requests, statements = [], [], []
    for k in range(idle_ticks):
        before = served()
        sql.n = 0
        t = time.process_time()
        idle = daemon.tick(now + timedelta(minutes=k + 1))
        times.append(time.process_time() - t)
        statements.append(sql.n)
        requests.append(served() - before)
        assert idle.new_posts == 0
    daemon.client.close()
    store.close()
    lock.release()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "posts": report.new_posts,
        "stored": report.new_posts,
        "first_poll_s": round(first_poll, 3),
        "idle_tick_s": round(statistics.median(times), 4),
        "idle_requests": max(requests),
        "idle_sql": max(statements),
        "peak_rss_mb": round(peak / 1024, 1),
        "before_mb": round(rss_before / 1024, 1),
        "bot_rss_mb": round((peak - rss_before) / 1024, 1),
        "stages": stages,
    }


def _rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _save_pages(board: Any, folder: str) -> None:
    """The topic's pages as the board serves them, for `mafiabot parse posts`."""
    import fakeboard_phpbb as fb

    total = -(-len(board.posts) // PER_PAGE)
    for k in range(total):
        chunk = board.posts[k * PER_PAGE : (k + 1) * PER_PAGE]
        html = fb._derived_topic_page(chunk, k + 1, total, len(board.posts), PER_PAGE)
        Path(folder, f"p{k + 1:04d}.html").write_text(html, "utf-8")


def parse_posts_time(folder: str) -> float:
    files = sorted(str(p) for p in Path(folder).glob("*.html"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "mafiabot", "parse", "posts", "--tz", "Europe/Moscow", *files],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--posts", type=int, nargs="+", default=[100, 20000])
    ap.add_argument("--idle", type=int, default=3, help="idle ticks measured (median)")
    ap.add_argument(
        "--in-process", action="store_true", help="board and bot in one process (profiling)"
    )
    ap.add_argument("--profile", help="cProfile the bot's first poll of the largest size to a file")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)  # child: one size, in-process
    ap.add_argument("--bot", help=argparse.SUPPRESS)  # child: the bot, apart from the board
    ap.add_argument("--pages", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one is not None:
        print(json.dumps(measure(args.one, args.idle, args.pages)))
        return
    if args.bot is not None:
        print(json.dumps(run_bot(args.bot, args.idle, args.profile)))
        return
    rows = []
    with tempfile.TemporaryDirectory(prefix="mafiabot-bench-pages-") as pages:
        for n in args.posts:
            keep = pages if n == max(args.posts) else None
            if not args.in_process:
                rows.append(measure_apart(n, args.idle, keep, keep and args.profile))
                continue
            cmd = [sys.executable, __file__, "--one", str(n), "--idle", str(args.idle)]
            if keep is not None:
                cmd += ["--pages", keep]
            out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=ROOT)
            rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
        parse_s = parse_posts_time(pages)
    print(
        f"{'posts':>7} {'first poll s':>13} {'idle tick s':>12} {'req/idle':>9} "
        f"{'SQL/idle':>9} {'peak RSS MB':>12} {'before poll':>12} {'poll adds':>10}"
    )
    for r in rows:
        print(
            f"{r['posts']:>7} {r['first_poll_s']:>13} {r['idle_tick_s']:>12} "
            f"{r['idle_requests']:>9} {r['idle_sql']:>9} {r['peak_rss_mb']:>12} "
            f"{r['before_mb']:>12} {r['bot_rss_mb']:>10}"
        )
    small, big = rows[0], rows[-1]
    if "stages" in big:
        stages = ", ".join(f"{k} {v}" for k, v in big["stages"].items())
        print(f"bot peak RSS MB as it went ({big['posts']} posts): {stages}")
    print(
        f"idle tick {big['posts']} / {small['posts']} posts: "
        f"{big['idle_tick_s'] / max(small['idle_tick_s'], 1e-9):.2f}x (target ≤ 1.5x)"
    )
    print(
        f"`mafiabot parse posts` on the same {big['posts']} posts: {parse_s:.2f} s; "
        f"first poll / parse: {big['first_poll_s'] / parse_s:.1f}x (target ≤ 5x)"
    )


if __name__ == "__main__":
    main()
