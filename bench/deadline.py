"""How soon the newspaper is on the board after a deadline: a PEFL game on the fake phpBB
board (real client, real parser, SQLite store) with a 500-post day turn.

Run from the repository root:  python bench/deadline.py [--posts 500] [--cold]

The bot polls the topic through the day as it does live (one tick a minute before the
deadline reads the turn's posts); then the daemon ticks at the deadline, and the script
prints the wall and CPU seconds from the start of that tick until the newspaper's post is on
the board, and the HTTP requests the tick made. `--cold` skips the poll before the deadline,
so the deadline tick reads the whole turn itself (a bot that was just started).
Target (issue "on time"): within 60 s of the deadline. Request pacing is off (the fake
board's account is treated as flood-exempt); the fake board renders its pages in this same
process, so the CPU figure is also given with the board's own time taken out.
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from bench.shell import START, _fragments, bench_daemon, bench_game  # noqa: E402

# turn 0 closes an hour after the start; the day turn of the measured posts a day later
DAY_DEADLINE = START + timedelta(days=1, hours=1)
DEADLINES = "deadlines = [2026-11-27T13:00:00, 2026-11-28T13:00:00, 2027-06-01T22:00:00]"


def measure(n: int, cold: bool) -> dict[str, Any]:
    import fakeboard_phpbb as fb

    def with_deadlines(text: str) -> str:
        lines = text.splitlines()
        return "\n".join(DEADLINES if ln.startswith("deadlines") else ln for ln in lines)

    tmp, cfg, clock, board = bench_game(with_deadlines)
    host_uid = fb.USERS["Ведущий"][0]
    served = [0.0]
    # (wall, cpu, board cpu) when the first post of the measured tick appeared
    landed: list[tuple[float, float, float]] = []
    handle = board.handle

    def timed(request: Any) -> Any:
        before = len(board.posts)
        t0 = time.process_time()
        try:
            return handle(request)
        finally:
            served[0] += time.process_time() - t0
            if len(board.posts) > before and board.posts[-1].uid == host_uid and not landed:
                landed.append((time.perf_counter(), time.process_time(), served[0]))

    board.handle = timed
    store, daemon = bench_daemon(tmp, cfg, clock, board)

    def at(dt: Any) -> Any:
        clock.now = max(clock.now, dt.timestamp())
        return dt

    daemon.tick(at(START + timedelta(minutes=1)))  # the start post, role PMs
    daemon.tick(at(START + timedelta(hours=1, minutes=1)))  # turn 0 closes
    for pid, uid, frag in _fragments(n, 1000):
        board.posts.append(fb.FakePost(pid, uid, frag, ""))
    if not cold:
        daemon.tick(at(DAY_DEADLINE - timedelta(minutes=1)))  # the day's polls
    turn = daemon.game().turn
    board.reset_counts()
    landed.clear()
    served[0] = 0.0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    report = daemon.tick(at(DAY_DEADLINE + timedelta(seconds=1)))
    wall1, cpu1 = time.perf_counter(), time.process_time()
    store.close()
    assert report.closed, "the deadline tick closed no turn"
    assert landed, "the deadline tick posted nothing"
    w, c, b = landed[0]
    return {
        "posts": n,
        "cold": cold,
        "turn": turn,
        "newspaper_wall_s": round(w - wall0, 3),
        "newspaper_cpu_s": round(c - cpu0, 3),
        "newspaper_bot_cpu_s": round(c - cpu0 - b, 3),
        "tick_wall_s": round(wall1 - wall0, 3),
        "tick_cpu_s": round(cpu1 - cpu0, 3),
        "requests": len(board.requests),
        "posts_written": report.sent,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--posts", type=int, default=500)
    ap.add_argument("--cold", action="store_true", help="no poll before the deadline")
    args = ap.parse_args()
    r = measure(args.posts, args.cold)
    print(
        f"{r['posts']} posts in turn {r['turn']}{' (cold)' if r['cold'] else ''}: newspaper on "
        f"the board {r['newspaper_wall_s']} s wall / {r['newspaper_cpu_s']} s CPU "
        f"({r['newspaper_bot_cpu_s']} s without the fake board) after the deadline tick began; "
        f"whole tick {r['tick_wall_s']} s wall / {r['tick_cpu_s']} s CPU, "
        f"{r['requests']} HTTP requests, {r['posts_written']} messages sent (target ≤ 60 s)"
    )


if __name__ == "__main__":
    main()
