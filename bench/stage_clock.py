"""A `mafiabot` process with the process's own CPU clock (`time.process_time`) around each
step of a tick, for `bench/first_poll_stages.py`.

Run as a script with the source tree to measure as the working directory:
  MAFIABOT_STAGES_OUT=FILE python bench/stage_clock.py run -c game.toml --once

Every step is timed exclusively (a step's time leaves out the steps timed inside it), so
the steps sum to the process's CPU time from this script's first line to its exit; what no
step names is "imports and start" before the first tick, "tick: the rest" inside it and
"exit" after it. SQL statements are counted by the step that sent them, with the rows an
`executemany` bound. Written to FILE as JSON at exit. The timed modules are imported before
the command starts (to be wrapped), so they load with the collector on, where `mafiabot`
pauses it while its command's modules load: the start may read a few milliseconds dearer.
"""

from __future__ import annotations

import atexit
import cProfile
import functools
import gc
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

T0 = time.process_time()
sys.path.insert(0, os.getcwd())  # the tree to measure, not this script's own

seconds: dict[str, float] = {}
calls: dict[str, int] = {}
statements: dict[str, int] = {}
rows: dict[str, int] = {}
# `MAFIABOT_STAGES_PROFILE=FILE MAFIABOT_STAGES_STEP=STEP`: a cProfile of that step alone
PROFILED = os.environ.get("MAFIABOT_STAGES_STEP")
PROFILER = cProfile.Profile(time.process_time) if PROFILED else None
# the steps under way, innermost last: [name, when its own time last resumed]
stack: list[list[Any]] = [["imports and start", T0]]


gc_seconds = [0.0, 0.0]  # the collector's passes: their CPU, when the one under way began


def _collector(phase: str, _info: dict[str, int]) -> None:
    if phase == "start":
        gc_seconds[1] = time.process_time()
    else:
        gc_seconds[0] += time.process_time() - gc_seconds[1]


gc.callbacks.append(_collector)


def _charge(now: float) -> None:
    top = stack[-1]
    seconds[top[0]] = seconds.get(top[0], 0.0) + now - top[1]
    top[1] = now


def timed(step: str, f: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(f)
    def run(*args: Any, **kwargs: Any) -> Any:
        _charge(time.process_time())
        stack.append([step, time.process_time()])
        calls[step] = calls.get(step, 0) + 1
        if PROFILER is not None and step == PROFILED:
            PROFILER.enable()
        try:
            return f(*args, **kwargs)
        finally:
            if PROFILER is not None and step == PROFILED:
                PROFILER.disable()
            _charge(time.process_time())
            stack.pop()
            if step == "tick: the rest":
                stack[0][0] = "exit"  # what follows the tick
            stack[-1][1] = time.process_time()

    return run


def patch(owner: Any, name: str, step: str) -> None:
    setattr(owner, name, timed(step, getattr(owner, name)))


def install_parse() -> None:
    """For `mafiabot parse posts`: its pages' parse alone, nothing else imported."""
    import parser.pages

    patch(parser.pages, "parse_topic", "page parse")


def install() -> None:
    import sqlalchemy as sa
    from sqlalchemy.orm import Session

    import scraper.phpbb
    from mafiabot.daemon import context, game, ingest, moves, tally
    from mafiabot.store import Store
    from scraper.http import BoardHttp

    patch(BoardHttp, "get", "fetch: GET (transport)")
    patch(scraper.phpbb.PhpbbClient, "_fetch_topic_page", "fetch: the page's checks, decoding")
    patch(scraper.phpbb, "parse_topic", "page parse")
    patch(scraper.phpbb.PhpbbClient, "login", "login")
    patch(ingest, "_read_page", "ingest: the page's posts into the batch, their turns")
    patch(ingest, "_store", "store: the rest (PostIn rows, the transaction)")
    patch(Store, "upsert_posts", "store: upsert_posts")
    patch(Store, "set_user_ids", "store: seats and notes")
    patch(Store, "raise_flags", "store: seats and notes")
    patch(Session, "commit", "store: commit")
    patch(ingest, "_news", "store: new posts' moderation, late check")
    patch(context.Shell, "posts_stored", "store: accounts met")
    patch(tally, "posts_stored", "tally: bookkeeping (TurnPost, seats, base)")
    patch(tally, "_catch_up", "tally: read back from the store")
    patch(tally, "_read", "tally: the vote reading")
    patch(tally, "_keep", "tally: keeping")
    patch(tally, "posters", "activity (posters)")
    patch(tally, "interim_count", "interim count")
    patch(ingest, "poll_pms", "letters: the inbox")
    patch(moves, "answer_moves", "letters: answers")
    patch(game.Daemon, "tick", "tick: the rest")
    patch(game.Daemon, "flush", "flush outbox")

    @sa.event.listens_for(sa.engine.Engine, "before_cursor_execute")
    def count(_conn: Any, _cur: Any, _sql: str, params: Any, _ctx: Any, executemany: bool) -> None:
        step = stack[-1][0]
        statements[step] = statements.get(step, 0) + 1
        rows[step] = rows.get(step, 0) + (len(params) if executemany else 1)


def _write() -> None:
    now = time.process_time()
    _charge(now)
    while len(stack) > 1:
        stack.pop()
    out = {
        "seconds": seconds,
        "calls": calls,
        "statements": statements,
        "rows": rows,
        "process_time": now,
        "collections": [g["collections"] for g in gc.get_stats()],
        "gc_seconds": gc_seconds[0],
    }
    if PROFILER is not None:
        PROFILER.dump_stats(os.environ["MAFIABOT_STAGES_PROFILE"])
    with open(os.environ["MAFIABOT_STAGES_OUT"], "w", encoding="utf-8") as f:
        json.dump(out, f)


def main() -> None:
    if sys.argv[1:2] == ["parse"]:
        install_parse()
    else:
        install()
    atexit.register(_write)
    from mafiabot.cli import start

    sys.argv[0] = "mafiabot"
    sys.exit(start())


if __name__ == "__main__":
    main()
