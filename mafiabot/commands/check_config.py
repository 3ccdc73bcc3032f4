"""`mafiabot check-config -c FILE`: check a config file, naming the key of every problem."""

from __future__ import annotations

import argparse
import sys

from mafiabot.config import ConfigError, load_config
from mafiabot.exitcodes import ExitCode


def main(args: argparse.Namespace) -> int:
    try:
        cfg = load_config(args.config)
    except ConfigError as exc:
        print(f"{exc.path}: {len(exc.problems)} problem(s)", file=sys.stderr)
        for key, msg in exc.problems:
            print(f"  {key}: {msg}", file=sys.stderr)
        return ExitCode.BAD_INPUT
    g = cfg.game
    who = f"{len(g.players)} players" if g.players else f"registration topic {g.registration_topic}"
    print(
        f"{args.config}: OK — {g.ruleset} game {g.name!r} in topic {g.topic}, {who}, "
        f"{len(cfg.overrides)} override(s)"
    )
    return 0
