"""Play a recorded game offline: the real parser, engine, templates and an SQLite store, with
`MemoryBoard` standing in for the forum. Used by `mafiabot demo` and the end-to-end tests.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from mafiabot.bootstrap import build_daemon
from mafiabot.config import Config, load_config
from mafiabot.daemon import Daemon, TickReport
from mafiabot.memory_board import BoardPM, BoardPost, MemoryBoard
from mafiabot.store import Store, open_store

_MARKER = re.compile(r"\n*\[size=50\]mafiabot [^\[]*\[/size\]\s*$")


def strip_marker(text: str) -> str:
    return _MARKER.sub("", text).rstrip() + "\n"


def demo_files(name: str = "pefl") -> tuple[Path, dict[str, Any]]:
    root = resources.files("mafiabot.demo")
    data = json.loads(root.joinpath(f"{name}_game.json").read_text("utf-8"))
    cfg_path = Path(str(root.joinpath(data["config"])))
    return cfg_path, data


@dataclasses.dataclass
class DemoRun:
    cfg: Config
    board: MemoryBoard
    store: Store
    daemon: Daemon
    clock: list[datetime]
    topic_posts: list[str]  # every text the bot posted in the topic, in order (markers off)
    reports: list[TickReport]


def setup(
    name: str,
    db_url: str,
    *,
    on_post: Callable[[BoardPost], None] | None = None,
    on_pm: Callable[[BoardPM], None] | None = None,
) -> tuple[DemoRun, dict[str, Any]]:
    cfg_path, data = demo_files(name)
    cfg = dataclasses.replace(load_config(cfg_path), database_url=db_url)
    tz = cfg.board.tz
    clock = [cfg.game.start - timedelta(hours=1)]
    posted: list[str] = []

    def _on_post(p: BoardPost) -> None:
        if p.source and "votecount" not in p.source:
            posted.append(strip_marker(p.source))
        if on_post is not None:
            on_post(p)

    board = MemoryBoard(
        clock=lambda: clock[0],
        host=cfg.board.username,
        tz=cfg.board.timezone,
        uids=data.get("uids", {}),
        on_post=_on_post,
        on_pm=on_pm,
    )
    for p in data["posts"]:
        at = datetime.fromisoformat(p["at"]).replace(tzinfo=tz)
        board.add_post(
            int(p.get("topic", cfg.game.topic)), p["author"], at, p["html"], p.get("key", "")
        )
    for m in data["pms"]:
        at = datetime.fromisoformat(m["at"]).replace(tzinfo=tz)
        board.add_pm(m["from"], at, m.get("subject", ""), m["html"])
    store = open_store(db_url)
    # a fixed salt keeps the demo's output the same run after run (a live game draws one)
    daemon = build_daemon(cfg, store, board, salt=lambda: "demo-salt")
    return DemoRun(cfg, board, store, daemon, clock, posted, []), data


def tick_times(run: DemoRun, data: dict[str, Any]) -> list[datetime]:
    """When the demo ticks: after every recorded post and PM, and just after each deadline."""
    tz = run.cfg.board.tz
    times = {run.cfg.game.start + timedelta(minutes=1)}
    for item in [*data["posts"], *data["pms"]]:
        times.add(datetime.fromisoformat(item["at"]).replace(tzinfo=tz) + timedelta(minutes=1))
    for dl in run.cfg.game.deadlines:
        times.add(dl + timedelta(minutes=1))
    if run.cfg.game.ruleset == "gambler":
        from mafiabot.config import gambler_deadlines

        last = max(times)
        turn = 1
        while True:
            greens, court = gambler_deadlines(run.cfg.game, turn)
            if greens > last + timedelta(days=2):
                break
            times |= {greens + timedelta(minutes=1), court + timedelta(minutes=1)}
            turn += 1
    return sorted(times)


def play(
    name: str,
    db_url: str,
    out: TextIO | None = None,
    *,
    stop_after: datetime | None = None,
) -> DemoRun:
    """Play the recorded game `name` through the daemon; print each bot post to `out`."""

    def show(p: BoardPost) -> None:
        if out is not None and p.source:
            when = p.at.astimezone(run.cfg.board.tz).strftime("%d.%m %H:%M")
            print(f"──── {when} · {p.author} в теме ────", file=out)
            print(strip_marker(p.source), file=out)

    run, data = setup(name, db_url, on_post=show)
    for t in tick_times(run, data):
        if stop_after is not None and t > stop_after:
            break
        run.clock[0] = t
        report = run.daemon.tick(t)
        run.reports.append(report)
        if run.store.get_game(run.daemon.game().id or 0).status == "over":
            break
    return run
