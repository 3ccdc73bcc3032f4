"""`mafiabot check-config -c FILE [-c FILE | -c DIR]`: check config files, naming the key of
every problem and the file it is in.

Besides the file itself it checks what `run` will meet: the password variable in this
environment and the calendar against the clock (deadlines already past, a start long ago are
warnings). Exit codes: 0 usable (warnings may be printed), 2 a config `run` would refuse
(the same code `run` exits with on a bad config).
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

from mafiabot.config import ConfigError, load_config
from mafiabot.config.preflight import preflight, preflight_raw
from mafiabot.configs import config_paths, given_configs

EXIT_OK = 0
EXIT_BAD_CONFIG = 2


def _problems(path: str, problems: list[tuple[str, str]]) -> None:
    print(f"{path}: {len(problems)} problem(s)", file=sys.stderr)
    for key, msg in problems:
        print(f"  {key}: {msg}", file=sys.stderr)


def main(args: argparse.Namespace) -> int:
    """Every config given (files, folders of *.toml): each checked, each problem under its
    file's name; exit 2 if any one would be refused."""
    paths = config_paths(given_configs(args.config))
    if not paths:
        print(f"no config file in {args.config}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    return max(check_one(p) for p in paths)


def check_one(path: str | Path) -> int:
    try:
        cfg = load_config(path)
    except ConfigError as exc:
        # every layer in one pass: what the environment and the clock say is shown too,
        # from the keys that could be read, so one fix does not reveal the next problem
        more = preflight_raw(Path(path), datetime.now(UTC))
        _problems(exc.path, exc.problems + [p for p in more.errors if p not in exc.problems])
        for key, msg in more.warnings:
            print(f"{path}: warning: {key}: {msg}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    found = preflight(cfg, datetime.now(UTC))
    for key, msg in found.warnings:
        print(f"{path}: warning: {key}: {msg}", file=sys.stderr)
    if found.errors:
        _problems(str(path), found.errors)
        return EXIT_BAD_CONFIG
    g = cfg.game
    who = f"{len(g.players)} players" if g.players else f"registration topic {g.registration_topic}"
    print(
        f"{path}: OK — {g.ruleset} game {g.name!r} in topic {g.topic}, {who}, "
        f"{len(cfg.overrides)} override(s)"
        + (f", {len(found.warnings)} warning(s)" if found.warnings else "")
    )
    return EXIT_OK
