"""How soon the newspaper is on the board after a deadline, and a letter answered, as a host
meets it: `mafiabot run` running as a process of its own (its own scheduler, the real clock)
against the fake phpBB board in a process of its own, over loopback HTTP.

Run from the repository root:  python bench/deadline.py [--posts 500] [--in-process [--cold]]

A PEFL game (bench/shell.py's) began a day ago; turn 1's deadline is set a few minutes ahead,
on the minute. Setup (`mafiabot run --once` until turn 0 is closed) and the turn's posts
come first; then `mafiabot run -c game.toml` is started and left to run (poll_interval 60 s)
while the board is watched: a night letter (the commissar's «Проверяю …») appears in the
inbox a little after the start, and the bench waits until the newspaper is on the board.
Printed: when the newspaper landed after the deadline and after the deadline's minute has
closed (C-1: a post stamped with the deadline's minute is on time), and how long the letter
waited for its answer, against the poll interval. Request pacing is off.

`--in-process` prints the older figure beside it: the daemon ticked by hand on a fake clock
in the board's process, from the deadline tick's start to the newspaper; `--cold` there
skips the poll before the deadline (the deadline tick reads the whole turn itself).
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from bench.loopback import BoardProcess, Served  # noqa: E402
from bench.shell import (  # noqa: E402
    MSK,
    PER_PAGE,
    PLAYERS,
    START,
    CliGame,
    _fragments,
    _load,
    bench_daemon,
    bench_game,
    bot_env,
    config_text,
)

POLL = 60  # the bench config's poll_interval
LETTER = ("Шерлок", "Проверяю Кот")  # the commissar's night move (P-M.0: acknowledged by PM)


# -- the board process (bench/loopback.py --factory bench.deadline:board) ------------------------


def board(posts: int, t0: str, letter_at: float) -> Served:
    """The bench board (the game's PMs as `test_daemon_e2e_phpbb.GameBoard` serves them) that
    notes, on its own clock, when each of the bot's posts and PMs arrives ("landed")."""
    import fakeboard_phpbb as fb
    from test_daemon_e2e_phpbb import GameBoard

    from mafiabot.memory_board import BoardPM, MemoryBoard

    for nick, uid in PLAYERS.items():
        fb.USERS.setdefault(nick, (uid, None))
        fb.NAMES.setdefault(uid, nick)
    first = fb.FakePost(100, 2, _fragments(1, 100, START)[0][2], "")
    b = GameBoard(clock=time.time, per_page=PER_PAGE, posts=[first], flood_exempt=True)
    b.pages = MemoryBoard(clock=lambda: datetime.now(MSK), uids=dict(PLAYERS))
    sender, text = LETTER
    at = datetime.fromtimestamp(letter_at, MSK)
    b.game_pms.append(BoardPM(40, sender, PLAYERS[sender], at, "ход", text))
    landed: list[tuple[float, str]] = []
    handle = b.handle

    def noting(request: Any) -> Any:
        posts_before, pms_before = len(b.posts), len(b.sent_pms)
        try:
            return handle(request)
        finally:
            if len(b.posts) > posts_before and b.posts[-1].uid == fb.USERS["Ведущий"][0]:
                landed.append((time.time(), f"post {b.posts[-1].id}"))
            for m in b.sent_pms[pms_before:]:
                landed.append((time.time(), f"pm {m.subject}"))

    b.handle = noting

    def add_posts(_body: str) -> None:
        for pid, uid, frag in _fragments(posts, 1000, datetime.fromisoformat(t0)):
            b.posts.append(fb.FakePost(pid, uid, frag, ""))

    def noted(_body: str) -> str:
        return json.dumps(landed, ensure_ascii=False)

    return [(b, fb.BASE, {"add-posts": add_posts, "landed": noted})]


def measure_cli(posts: int) -> dict[str, Any]:
    now = datetime.now(MSK)
    start = now.replace(minute=0, second=0, microsecond=0) - timedelta(days=1)
    # on the minute, after the setup's few runs and the daemon's first poll
    deadline = (now + timedelta(minutes=4)).replace(second=0, microsecond=0)
    letter_at = time.time() + 150  # in the inbox about a minute after the daemon starts
    # the turn's posts: from two hours after the start up to the present, at most 10 s apart
    t0 = max(start + timedelta(hours=2), now - timedelta(seconds=10 * posts))
    tmp = Path(tempfile.mkdtemp(prefix="mafiabot-bench-deadline-"))
    args = {"posts": posts, "t0": t0.isoformat(), "letter_at": letter_at}
    with BoardProcess("bench.deadline:board", args) as bp:
        game = CliGame(tmp, bp.urls[0], start, deadline, start + timedelta(days=200))
        game.set_up()
        bp.control("add-posts")
        setup_done = len(json.loads(bp.control("landed")))
        with open(game.log, "a") as log:
            daemon = subprocess.Popen(
                [sys.executable, "-m", "mafiabot", "run", "-c", str(game.config)],
                cwd=ROOT,
                env=bot_env(game.env),
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        try:
            paper = _wait_for_paper(bp, setup_done, deadline)
        finally:
            daemon.send_signal(signal.SIGTERM)  # the bench's own child: stopped as a host would
            daemon.wait(timeout=120)
        landed = json.loads(bp.control("landed"))[setup_done:]
    acks = [t for t, what in landed if what.startswith("pm") and t >= letter_at]
    return {
        "posts": posts,
        "deadline": deadline.isoformat(),
        "paper_after_deadline": paper - deadline.timestamp(),
        "paper_after_minute": paper - (deadline.timestamp() + 60),
        "letter_answered_after": (min(acks) - letter_at) if acks else None,
        "landed": landed,
    }


def _wait_for_paper(bp: BoardProcess, setup_done: int, deadline: datetime) -> float:
    """The board's time of the bot's first post after the deadline (its newspaper)."""
    give_up = deadline.timestamp() + 60 + 180
    while time.time() < give_up:
        time.sleep(2)
        for t, what in json.loads(bp.control("landed"))[setup_done:]:
            if what.startswith("post") and t >= deadline.timestamp():
                return float(t)
    raise SystemExit("no newspaper within four minutes of the deadline")


# -- in process (the older figure) ------------------------------------------------------------

# turn 0 closes an hour after the start; the day turn of the measured posts a day later
DAY_DEADLINE = START + timedelta(days=1, hours=1)


def measure_in_process(n: int, cold: bool) -> dict[str, Any]:
    import fakeboard_phpbb as fb

    def with_deadline(text: str) -> str:
        return text.replace(
            config_text("", Path(), START).split("deadlines = ")[1].splitlines()[0],
            "[2026-11-27T13:00:00, 2026-11-28T13:00:00, 2027-06-01T22:00:00]",
        )

    tmp, cfg, clock, b = bench_game(with_deadline)
    host_uid = fb.USERS["Ведущий"][0]
    served = [0.0]
    landed: list[tuple[float, float, float]] = []
    handle = b.handle

    def timed(request: Any) -> Any:
        before = len(b.posts)
        t0 = time.process_time()
        try:
            return handle(request)
        finally:
            served[0] += time.process_time() - t0
            if len(b.posts) > before and b.posts[-1].uid == host_uid and not landed:
                landed.append((time.perf_counter(), time.process_time(), served[0]))

    b.handle = timed
    store, daemon = bench_daemon(tmp, cfg, clock, b)

    def at(dt: Any) -> Any:
        clock.now = max(clock.now, dt.timestamp())
        return dt

    daemon.tick(at(START + timedelta(minutes=1)))  # the start post, role PMs
    daemon.tick(at(START + timedelta(hours=1, minutes=1)))  # turn 0 closes
    for pid, uid, frag in _fragments(n, 1000, START + timedelta(hours=2)):
        b.posts.append(fb.FakePost(pid, uid, frag, ""))
    if not cold:
        daemon.tick(at(DAY_DEADLINE - timedelta(minutes=1)))  # the day's polls
    b.reset_counts()
    landed.clear()
    served[0] = 0.0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    # C-1: the turn closes once the deadline's own minute has passed on the board
    report = daemon.tick(at(DAY_DEADLINE + timedelta(minutes=1, seconds=1)))
    store.close()
    assert report.closed and landed, "the deadline tick closed no turn or posted nothing"
    w, c, s = landed[0]
    return {"wall": w - wall0, "cpu": c - cpu0 - s, "requests": len(b.requests)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--posts", type=int, default=500)
    ap.add_argument("--in-process", action="store_true", help="also the in-process figure")
    ap.add_argument("--cold", action="store_true", help="in process: no poll before")
    args = ap.parse_args()
    print(_load())
    r = measure_cli(args.posts)
    answered = r["letter_answered_after"]
    print(
        f"{r['posts']} posts in turn 1, deadline {r['deadline']}: newspaper on the board "
        f"{r['paper_after_deadline']:.1f} s after the deadline, "
        f"{r['paper_after_minute']:+.1f} s after its minute closed (target ≤ 60 s); "
        + (
            f"letter answered {answered:.1f} s after it arrived (one poll: {POLL} s)"
            if answered is not None
            else "letter NOT answered"
        )
    )
    if args.in_process:
        ip = measure_in_process(args.posts, args.cold)
        print(
            f"in process{' (cold)' if args.cold else ''}: newspaper {ip['wall']:.2f} s wall / "
            f"{ip['cpu']:.2f} s bot CPU after the deadline tick began, {ip['requests']} requests"
        )
    print(_load())


if __name__ == "__main__":
    main()
