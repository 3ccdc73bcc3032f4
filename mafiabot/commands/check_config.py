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
import tomllib
from datetime import UTC, datetime
from pathlib import Path

from mafiabot.config import ConfigError, load_config
from mafiabot.config.preflight import preflight, preflight_raw
from mafiabot.configs import config_paths, given_configs
from mafiabot.newspaper.config_words import (
    no_config,
    ok_line,
    problem_line,
    problems_head,
    warning_line,
)

EXIT_OK = 0
EXIT_BAD_CONFIG = 2


def _problems(lang: str, path: str, problems: list[tuple[str, str]]) -> None:
    print(problems_head(lang, path, len(problems)), file=sys.stderr)
    for key, msg in problems:
        print(problem_line(lang, key, msg), file=sys.stderr)


def host_language(path: str | Path) -> str:
    """`[game] host_language` of a file that may not load: "en" only when it says so."""
    try:
        data = tomllib.loads(Path(path).read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return "ru"
    game = data.get("game")
    return "en" if isinstance(game, dict) and game.get("host_language") == "en" else "ru"


def main(args: argparse.Namespace) -> int:
    """Every config given (files, folders of *.toml): each checked, each problem under its
    file's name; exit 2 if any one would be refused."""
    paths = config_paths(given_configs(args.config))
    if not paths:
        print(no_config("ru", str(args.config)), file=sys.stderr)
        return EXIT_BAD_CONFIG
    return max(check_one(p) for p in paths)


def check_one(path: str | Path) -> int:
    lang = host_language(path)
    try:
        cfg = load_config(path)
    except ConfigError as exc:
        # every layer in one pass: what the environment and the clock say is shown too,
        # from the keys that could be read, so one fix does not reveal the next problem
        more = preflight_raw(Path(path), datetime.now(UTC))
        problems = exc.problems + [p for p in more.errors if p not in exc.problems]
        _problems(lang, exc.path, problems)
        for key, msg in more.warnings:
            print(warning_line(lang, str(path), key, msg), file=sys.stderr)
        return EXIT_BAD_CONFIG
    found = preflight(cfg, datetime.now(UTC))
    for key, msg in found.warnings:
        print(warning_line(lang, str(path), key, msg), file=sys.stderr)
    if found.errors:
        _problems(lang, str(path), found.errors)
        return EXIT_BAD_CONFIG
    g = cfg.game
    print(
        ok_line(
            lang,
            str(path),
            ruleset=g.ruleset,
            name=g.name,
            topic=g.topic,
            players=len(g.players),
            registration_topic=g.registration_topic,
            overrides=len(cfg.overrides),
            warnings=len(found.warnings),
        )
    )
    return EXIT_OK
