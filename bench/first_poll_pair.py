"""Two source trees' first poll, alternated in the same minutes against one board process.

Run from the repository root:
  python bench/first_poll_pair.py TREE_A TREE_B [--rounds 4] [--posts 20000]

The bench game of `bench/shell.py` (a PEFL game in the fake phpBB board's topic 4, 20 posts
a page) is set up once; its database and cookie jar are saved. Then, round by round, each
tree in turn (the order swapped every round) runs, as a process of its own with the tree as
its working directory (so that `python -m mafiabot` imports that tree; both in this
interpreter's environment, with the same packages): the first poll (`mafiabot run --once`,
the database and jar put back before it), an idle run after it, and `mafiabot parse posts`
over the same pages — each first poll with its yardstick from the same minute — and the
first poll once more with five letters new in the inbox (as `bench/shell.py` does). Printed per
run: CPU (user + system), wall, peak RSS, the board's requests; then per tree the fastest and
median first poll, ÷ `parse posts`, and the machine's load before and after.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from bench.loopback import BoardProcess  # noqa: E402
from bench.shell import CliGame, Run, _real_start, run_cli  # noqa: E402


def run_in(tree: Path, *args: str, env: dict[str, str], log: Path) -> Run:
    """`python -m mafiabot ARGS` importing `tree` (its working directory)."""
    return run_cli(*args, env=env, log=log, cwd=tree)


@dataclass(frozen=True)
class SavedGame:
    """The bench game set up once on its board process, with its pages saved for the
    yardstick (`parse posts` over `files`) and its database and jar saved to restore."""

    bp: BoardProcess
    game: CliGame
    files: list[str]
    tmp: Path


@contextmanager
def saved_game(posts: int, prefix: str) -> Iterator[SavedGame]:
    """`bench/shell.py`'s game with `posts` posts on a board process of its own, set up and
    saved in a scratch directory that is removed after; the machine's load printed before
    and after."""
    start = _real_start()
    t0 = (start + timedelta(hours=2)).isoformat()
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    pages = tmp / "pages"
    pages.mkdir()
    load0 = os.getloadavg()
    try:
        with BoardProcess("bench.shell:boards", {"count": 1, "posts": posts, "t0": t0}) as bp:
            game = CliGame(tmp, bp.urls[0], start)
            game.set_up()
            bp.control("add-posts")
            bp.control("save-pages", str(pages))
            game.save()
            files = sorted(str(p) for p in pages.glob("*.html"))
            yield SavedGame(bp, game, files, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        print(f"load {load0[0]:.1f} → {os.getloadavg()[0]:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("trees", nargs=2, type=Path)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--posts", type=int, default=20000)
    opts = ap.parse_args()
    trees = [t.resolve() for t in opts.trees]
    firsts: dict[Path, list[Run]] = {t: [] for t in trees}
    ratios: dict[Path, list[float]] = {t: [] for t in trees}
    with saved_game(opts.posts, "mafiabot-pair-") as saved:
        bp, game, files = saved.bp, saved.game, saved.files
        for rnd in range(opts.rounds):
            for tree in trees if rnd % 2 == 0 else trees[::-1]:
                game.restore()
                before = bp.requests()
                first = run_in(
                    tree, "run", "-c", str(game.config), "--once", env=game.env, log=game.log
                )
                served = bp.requests() - before
                before = bp.requests()
                idle = run_in(
                    tree, "run", "-c", str(game.config), "--once", env=game.env, log=game.log
                )
                idle_req = bp.requests() - before
                game.restore()  # the same first poll, five letters new in the inbox
                game.letters_new_again()
                bp.control("unread")
                lettered = run_in(
                    tree, "run", "-c", str(game.config), "--once", env=game.env, log=game.log
                )
                parse = run_in(
                    tree,
                    "parse",
                    "posts",
                    "--tz",
                    "Europe/Moscow",
                    *files,
                    env={},
                    log=game.log,
                )
                firsts[tree].append(first)
                ratios[tree].append(first.cpu / parse.cpu)
                print(
                    f"{tree.name:>10} round {rnd}: first {first.cpu:.2f} s CPU "
                    f"{first.wall:.2f} s wall {first.rss_mb:.1f} MB {served} req | idle "
                    f"{idle.cpu:.2f} s {idle.rss_mb:.1f} MB {idle_req} req | with letters "
                    f"{lettered.cpu:.2f} s {lettered.rss_mb:.1f} MB | parse "
                    f"{parse.cpu:.2f} s | ÷ {first.cpu / parse.cpu:.2f}×",
                    flush=True,
                )
    for tree in trees:
        cpu = [r.cpu for r in firsts[tree]]
        wall = [r.wall for r in firsts[tree]]
        print(
            f"{tree.name:>10}: first poll CPU {min(cpu):.2f} / {statistics.median(cpu):.2f} s, "
            f"wall {min(wall):.2f} / {statistics.median(wall):.2f} s, "
            f"÷ parse {min(ratios[tree]):.2f}× / {statistics.median(ratios[tree]):.2f}×, "
            f"peak RSS {max(r.rss_mb for r in firsts[tree]):.1f} MB"
        )


if __name__ == "__main__":
    main()
