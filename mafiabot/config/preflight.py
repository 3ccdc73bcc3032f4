"""What `check-config` checks beyond the file itself: the environment `run` will find and the
calendar against the clock. Errors stop a run; warnings are things a host should look at
(a config copied from last month's game) but that a running game also shows."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.rules import ruleset_class
from mafiabot.config.calendar import past_deadlines
from mafiabot.config.declare import Problems
from mafiabot.config.sections import Config

#: A start further back than this is worth a second look (games rarely last longer).
LONG_AGO: Final = timedelta(days=7)


@dataclass(frozen=True, slots=True)
class Preflight:
    errors: Problems = field(default_factory=list)
    warnings: Problems = field(default_factory=list)


def _stamp(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%d %H:%M")


def preflight(cfg: Config, now: datetime, environ: Mapping[str, str] | None = None) -> Preflight:
    """Check `cfg` against the environment and the clock (`now`, tz-aware)."""
    env = os.environ if environ is None else environ
    out = Preflight()
    name = cfg.board.password_env
    if not env.get(name):
        out.errors.append(
            (
                "board.password_env",
                f"${name} is not set here: export {name}='…' in the shell that runs the bot "
                f"(for the systemd unit, a line {name}=… in its EnvironmentFile)",
            )
        )
    if cfg.newspaper.vote_chart:
        from mafiabot.newspaper.chart import png_renderer_problem

        problem = png_renderer_problem()
        if problem:
            out.errors.append(("newspaper.vote_chart", f"true, but {problem} — or set it to false"))
    game = cfg.game
    past = past_deadlines(game, now, limit=1000)
    if past:
        # the deadlines are the host's list, or counted on the clock from the start
        key = "game.deadlines" if ruleset_class(game.ruleset).host_deadlines else "game.start"
        more = "" if len(past) < 1000 else " or more"
        out.warnings.append(
            (
                key,
                f"{len(past)}{more} deadline(s) already past (the first {_stamp(past[0])}, the "
                f"last {_stamp(past[-1])}): a bot started now closes at most "
                f"max_catchup = {game.max_catchup} of them and then waits for you. Fine for a "
                "game already running; for a new game move start and the deadlines ahead",
            )
        )
    if now - game.start > LONG_AGO:
        days = (now - game.start).days
        out.warnings.append(
            (
                "game.start",
                f"{_stamp(game.start)} is {days} days ago: a config copied from an old game? "
                "Set the new game's start (and deadlines)",
            )
        )
    if game.rehearsal:
        out.warnings.append(
            (
                "game.rehearsal",
                "true: every deadline comes minutes, not hours, after the start — for a test "
                "topic only, never for a real game",
            )
        )
    return out


def preflight_raw(path: Path, now: datetime, environ: Mapping[str, str] | None = None) -> Preflight:
    """What `preflight` can still tell of a file that does not load: the password variable
    and a start long past, from the raw keys (each only when its own key reads)."""
    import tomllib

    from mafiabot.config.declare import to_datetime

    env = os.environ if environ is None else environ
    out = Preflight()
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return out
    board: dict[str, Any] = data["board"] if isinstance(data.get("board"), dict) else {}
    game: dict[str, Any] = data["game"] if isinstance(data.get("game"), dict) else {}
    name = board.get("password_env", "MAFIABOT_PASSWORD")
    if isinstance(name, str) and name.replace("_", "").isalnum() and not env.get(name):
        out.errors.append(
            (
                "board.password_env",
                f"${name} is not set here: export {name}='…' in the shell that runs the bot "
                f"(for the systemd unit, a line {name}=… in its EnvironmentFile)",
            )
        )
    zone = board.get("timezone", "Europe/Moscow")
    try:
        tz = ZoneInfo(zone) if isinstance(zone, str) else None
    except (ZoneInfoNotFoundError, ValueError):
        tz = None
    start = to_datetime(game.get("start"), tz) if tz is not None else None
    if start is not None and start.tzinfo is not None and now - start > LONG_AGO:
        out.warnings.append(
            (
                "game.start",
                f"{_stamp(start)} is {(now - start).days} days ago: a config copied from an "
                "old game? Set the new game's start (and deadlines)",
            )
        )
    return out
