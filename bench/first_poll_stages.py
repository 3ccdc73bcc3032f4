"""A first poll of `bench/shell.py`'s game step by step: the process's own CPU clock around
each step (`bench/stage_clock.py`), beside `mafiabot parse posts` over the same pages.

Run from the repository root:
  python bench/first_poll_stages.py TREE [TREE ...] [--rounds 3] [--posts 20000]

The game is set up once, as `bench/first_poll_pair.py` does; then, round by round, each tree
in turn (the order turned every round) runs its first poll (`mafiabot run --once`, the
database and cookie jar put back before it) under the stage clock, and `parse posts` over
the same pages. Printed: per tree, each step's median CPU over the rounds (fastest and
slowest beside it), its SQL statements and bound rows, the steps' sum against the process's
CPU (`wait4`), and the yardstick.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from bench.first_poll_pair import saved_game  # noqa: E402
from bench.shell import Run, bot_env  # noqa: E402

CLOCK = Path(__file__).resolve().parent / "stage_clock.py"


def staged(
    tree: Path, args: list[str], env: dict[str, str], log_to: Path, out: Path
) -> tuple[Run, dict[str, Any]]:
    """`mafiabot ARGS` under the stage clock, importing `tree`."""
    env = bot_env({**env, "MAFIABOT_STAGES_OUT": str(out)})
    with open(log_to, "a") as log:
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, str(CLOCK), *args],
            cwd=tree,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        _pid, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"the staged run failed; see {log_to}")
    run = Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)
    return run, json.loads(out.read_text("utf-8"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("trees", nargs="+", type=Path)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--posts", type=int, default=20000)
    ap.add_argument("--profile", metavar="FILE", help="a cProfile of one step (--step) to FILE")
    ap.add_argument("--step", default="tally: the vote reading")
    opts = ap.parse_args()
    trees = [t.resolve() for t in opts.trees]
    got: dict[Path, list[tuple[Run, dict[str, Any], Run]]] = {t: [] for t in trees}
    profile = (
        {"MAFIABOT_STAGES_PROFILE": opts.profile, "MAFIABOT_STAGES_STEP": opts.step}
        if opts.profile
        else {}
    )
    with saved_game(opts.posts, "mafiabot-stages-") as saved:
        game, files, tmp = saved.game, saved.files, saved.tmp
        for rnd in range(opts.rounds):
            for tree in trees if rnd % 2 == 0 else trees[::-1]:
                game.restore()
                poll = ["run", "-c", str(game.config), "--once"]
                out = tmp / "stages.json"
                run, stages = staged(tree, poll, {**game.env, **profile}, game.log, out)
                yard = ["parse", "posts", "--tz", "Europe/Moscow", *files]
                parse, parse_stages = staged(tree, yard, {}, game.log, out)
                stages["parse posts' own parse"] = parse_stages["seconds"].get("page parse")
                got[tree].append((run, stages, parse))
                print(
                    f"{tree.name:>10} round {rnd}: first {run.cpu:.2f} s CPU "
                    f"(steps {stages['process_time']:.2f} s) {run.rss_mb:.1f} MB, "
                    f"collector {stages['collections']} {stages['gc_seconds']:.3f} s | "
                    f"parse {parse.cpu:.2f} s, collector {parse_stages['collections']} "
                    f"{parse_stages['gc_seconds']:.3f} s | ÷ {run.cpu / parse.cpu:.2f}×",
                    flush=True,
                )
    for tree in trees:
        _table(tree, got[tree])


def _table(tree: Path, runs: list[tuple[Run, dict[str, Any], Run]]) -> None:
    steps: dict[str, None] = {}
    for _run, st, _parse in runs:
        steps.update(dict.fromkeys(st["seconds"]))
    print(f"\n{tree.name}: {len(runs)} first polls, CPU by step (median, fastest–slowest)")
    print("| step | CPU median | range | calls | SQL statements | rows bound |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    order = sorted(
        steps, key=lambda s: -statistics.median(st["seconds"].get(s, 0.0) for _r, st, _p in runs)
    )
    for s in order:
        secs = [st["seconds"].get(s, 0.0) for _r, st, _p in runs]
        last = runs[-1][1]
        print(
            f"| {s} | {statistics.median(secs):.3f} s | {min(secs):.3f}–{max(secs):.3f} | "
            f"{last['calls'].get(s, 0)} | {last['statements'].get(s, 0)} | "
            f"{last['rows'].get(s, 0)} |"
        )
    total = [st["process_time"] for _r, st, _p in runs]
    cpu = [r.cpu for r, _st, _p in runs]
    parse = [p.cpu for _r, _st, p in runs]
    print(
        f"| the steps' sum (process_time) | {statistics.median(total):.3f} s | "
        f"{min(total):.3f}–{max(total):.3f} | | | |"
    )
    print(
        f"| the process (wait4: user + system) | {statistics.median(cpu):.3f} s | "
        f"{min(cpu):.3f}–{max(cpu):.3f} | | | |"
    )
    print(
        f"| `parse posts`, same pages | {statistics.median(parse):.3f} s | "
        f"{min(parse):.3f}–{max(parse):.3f} | | | |"
    )
    own = [st["parse posts' own parse"] for _r, st, _p in runs]
    print(
        f"| — of it, its pages' parse | {statistics.median(own):.3f} s | "
        f"{min(own):.3f}–{max(own):.3f} | | | |"
    )
    ratios = [r.cpu / p.cpu for r, _st, p in runs]
    mid = statistics.median(ratios)
    print(f"÷ parse posts: {min(ratios):.2f}–{max(ratios):.2f}× (median {mid:.2f}×)")


if __name__ == "__main__":
    main()
