"""`mafiabot check-config -c FILE`: check a config file, naming the key of every problem.

Besides the file itself it checks what `run` will meet: the password variable in this
environment and the calendar against the clock (deadlines already past, a start long ago are
warnings). Exit codes: 0 usable (warnings may be printed), 2 a config `run` would refuse
(the same code `run` exits with on a bad config).
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime

from mafiabot.config import ConfigError, load_config
from mafiabot.config.preflight import preflight

EXIT_OK = 0
EXIT_BAD_CONFIG = 2


def _problems(path: str, problems: list[tuple[str, str]]) -> None:
    print(f"{path}: {len(problems)} problem(s)", file=sys.stderr)
    for key, msg in problems:
        print(f"  {key}: {msg}", file=sys.stderr)


def main(args: argparse.Namespace) -> int:
    try:
        cfg = load_config(args.config)
    except ConfigError as exc:
        _problems(exc.path, exc.problems)
        return EXIT_BAD_CONFIG
    found = preflight(cfg, datetime.now(UTC))
    for key, msg in found.warnings:
        print(f"{args.config}: warning: {key}: {msg}", file=sys.stderr)
    if found.errors:
        _problems(str(args.config), found.errors)
        return EXIT_BAD_CONFIG
    g = cfg.game
    who = f"{len(g.players)} players" if g.players else f"registration topic {g.registration_topic}"
    print(
        f"{args.config}: OK — {g.ruleset} game {g.name!r} in topic {g.topic}, {who}, "
        f"{len(cfg.overrides)} override(s)"
        + (f", {len(found.warnings)} warning(s)" if found.warnings else "")
    )
    return EXIT_OK
