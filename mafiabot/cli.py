"""The `mafiabot` command line.

Each sub-command lives in its own module under `mafiabot.commands` and is imported only when
it runs, so a quick command (`mafiabot parse posts`) does not pay for the database, the HTTP
client or the rules engine at start-up.

Every command shares the logging options (`-v`, `--log-level`, `--log-file`, before or after
the command's name) and one table of exit codes (`mafiabot.exitcodes`), applied here.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import logging
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from mafiabot import __version__
from mafiabot.exitcodes import ExitCode, HostError, UsageError

#: `engine.kinds.RULESETS`, spelt out so that `mafiabot parse posts` does not load the engine
#: (tests/test_ruleset_answers.py keeps the two equal)
RULESET_CHOICES = ("gambler", "pefl")

__all__ = ["UsageError", "main"]

log = logging.getLogger("mafiabot")

EPILOG = """exit codes: 0 done; 1 runtime failure (board, database, another instance holds the
game); 2 bad config, input or database; 3 the board refused the login; 130 interrupted"""


def _add_logging_options(p: argparse.ArgumentParser, default: object) -> None:
    """The shared options; sub-commands get them with SUPPRESS defaults so that a value given
    before the command's name is not reset by the sub-command's own default."""
    g = p.add_argument_group("logging")
    g.add_argument(
        "-v",
        "--verbose",
        action="store_const",
        const="DEBUG",
        dest="log_level",
        default=default,
        help="log everything (same as --log-level DEBUG)",
    )
    g.add_argument(
        "--log-level",
        dest="log_level",
        metavar="LEVEL",
        default=default,
        help="DEBUG, INFO (default for run), WARNING (default otherwise) or ERROR",
    )
    g.add_argument(
        "--log-file",
        dest="log_file",
        metavar="PATH",
        default=default,
        help="also append log lines to this file (created mode 0600)",
    )


def _leaf_parsers(p: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    subs = [a for a in p._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        return [p]
    return [leaf for a in subs for child in a.choices.values() for leaf in _leaf_parsers(child)]


def _build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="mafiabot",
        description="Hosts forum Mafia games.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--version", action="version", version=f"mafiabot {__version__}")
    _add_logging_options(ap, None)
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")

    # parse: read saved board pages, print JSON
    p_parse = sub.add_parser("parse", help="read saved board pages and print JSON")
    parse_sub = p_parse.add_subparsers(dest="what", required=True, metavar="WHAT")

    pp = parse_sub.add_parser("posts", help="posts of topic pages, one JSON object a line")
    pp.add_argument("pages", nargs="+", metavar="PAGE.html")
    pp.add_argument("--board", default="auto", help="auto | phpbb | ipb (default: auto)")
    pp.add_argument("--tz", default=None, help="board time zone (default: Europe/Moscow)")
    pp.add_argument("--now", default=None, help="ISO time the page was fetched (for «Сегодня»)")
    pp.set_defaults(module="parse_posts")

    pv = parse_sub.add_parser("votes", help="votes found in topic pages, as one JSON object")
    pv.add_argument("pages", nargs="+", metavar="PAGE.html")
    pv.add_argument("--ruleset", required=True, choices=RULESET_CHOICES)
    pv.add_argument(
        "--players",
        required=True,
        metavar="NICKS.txt",
        help="one nick a line, optionally with the board user id: «Шерлок = 61»",
    )
    pv.add_argument(
        "--members",
        action="append",
        metavar="LIST.html",
        help="the board's member list (saved page): players' ids by exact spelling",
    )
    pv.add_argument("--board", default="auto")
    pv.add_argument("--tz", default=None)
    pv.add_argument("--now", default=None)
    pv.add_argument("--dead", default=None, metavar="NICKS.txt", help="players already out")
    pv.add_argument("--beaten", default=None, metavar="NICKS.txt", help="PEFL P-A.3 beaten")
    pv.add_argument("--host", action="append", metavar="NICK", help="author whose posts never vote")
    pv.add_argument(
        "--colors", default=None, help='vote colours, e.g. "family:green,#008000" or "any"'
    )
    pv.add_argument("--policy", choices=["first", "last"], default=None, help="which vote counts")
    pv.add_argument("--min-reason-words", type=int, default=None, help="PEFL P-V.1 (default 3)")
    pv.add_argument("--after-post", type=int, default=None, metavar="ID", help="day starts after")
    pv.add_argument("--before-post", type=int, default=None, metavar="ID", help="day ends before")
    pv.add_argument("--self-greens", action="store_true", help="add G-N.2 self-greens")
    pv.add_argument(
        "--vote-nicks",
        choices=["as_moves", "exact"],
        default="as_moves",
        help="C-3: read voted nicks like moves (case forms, typos) or only exactly",
    )
    pv.add_argument("--details", action="store_true", help="also list how each post was read")
    pv.set_defaults(module="parse_votes")

    pm = parse_sub.add_parser("pm", help="a PM view page and the move it carries")
    pm.add_argument("pages", nargs="+", metavar="PAGE.html")
    pm.add_argument("--players", default=None, metavar="NICKS.txt", help="the living players")
    pm.add_argument("--board", default="auto")
    pm.add_argument("--tz", default=None)
    pm.add_argument("--now", default=None)
    pm.add_argument("--dead", default=None, metavar="NICKS.txt", help="players already out")
    pm.add_argument(
        "--cast",
        default=None,
        metavar="CAST.json",
        help="instead of --players/--dead: roles, the dead, the turn (read by the sender's role)",
    )
    pm.add_argument(
        "--ruleset", default=None, choices=["gambler", "pefl"], help="with --cast, if it has none"
    )
    pm.add_argument(
        "--threshold", type=float, default=None, help="move confidence (default: [rules])"
    )
    pm.add_argument(
        "--member-suggestion",
        choices=["ask", "request"],
        default=None,
        help="P-M.8: a clan member's «предлагаю X» is asked about, or read as his request",
    )
    pm.add_argument(
        "--mafioso-suggestion",
        choices=["ask", "request"],
        default=None,
        help="G-M.5/G-M.6: a mafioso's «может, X? решай, босс» is asked about, or his kill letter",
    )
    pm.add_argument(
        "--verb-outside-vocabulary",
        choices=["ask", "role"],
        default=None,
        help="C-2: a verb outside the game's vocabulary («тушу X») is asked, or the role's move",
    )
    pm.add_argument(
        "--move-question",
        choices=["ask", "none"],
        default=None,
        help="C-2: a letter asking about a move («можно проверить X?») is asked back, or none",
    )
    pm.set_defaults(module="parse_pm")

    pmv = parse_sub.add_parser("moves", help="night letters (JSONL on stdin) as the bot reads them")
    pmv.add_argument("--ruleset", required=True, choices=RULESET_CHOICES)
    pmv.add_argument("--cast", required=True, metavar="CAST.json", help="roles, the dead, the turn")
    pmv.add_argument(
        "--threshold", type=float, default=None, help="move confidence (default: [rules])"
    )
    pmv.add_argument(
        "--member-suggestion",
        choices=["ask", "request"],
        default=None,
        help="P-M.8: a clan member's «предлагаю X» is asked about, or read as his request",
    )
    pmv.add_argument(
        "--mafioso-suggestion",
        choices=["ask", "request"],
        default=None,
        help="G-M.5/G-M.6: a mafioso's «может, X? решай, босс» is asked about, or his kill letter",
    )
    pmv.add_argument(
        "--verb-outside-vocabulary",
        choices=["ask", "role"],
        default=None,
        help="C-2: a verb outside the game's vocabulary («тушу X») is asked, or the role's move",
    )
    pmv.add_argument(
        "--move-question",
        choices=["ask", "none"],
        default=None,
        help="C-2: a letter asking about a move («можно проверить X?») is asked back, or none",
    )
    pmv.set_defaults(module="parse_moves")

    rp = sub.add_parser("replay", help="play a scenario file through parser and engine")
    rp.add_argument("scenario", metavar="SCENARIO.json")
    rp.set_defaults(module="replay")

    run = sub.add_parser("run", help="host a game: poll the board, resolve turns, post")
    run.add_argument(
        "-c",
        "--config",
        action="append",
        required=True,
        help="a game's config, or a folder of them; several -c: the games from one process",
    )
    run.add_argument("--dry-run", action="store_true", help="print instead of posting")
    run.add_argument("--once", action="store_true", help="run one tick and exit")
    run.set_defaults(module="run")

    st = sub.add_parser("status", help="turn, deadline, live tally, who has not acted")
    st.add_argument(
        "-c", "--config", action="append", required=True, help="a game's config (or a folder)"
    )
    st.add_argument("--json", action="store_true", help="print JSON instead of a table")
    st.set_defaults(module="status")

    web = sub.add_parser("web", help="the host's dashboard in a browser (read-only, local)")
    web.add_argument(
        "-c", "--config", action="append", required=True, help="a game's config (or a folder)"
    )
    web.add_argument("--bind", default="127.0.0.1:8765", help="HOST:PORT (default: %(default)s)")
    web.add_argument("--refresh", type=int, default=30, help="page refresh in seconds")
    web.add_argument(
        "--i-know",
        action="store_true",
        help="allow a --bind that is not this machine only (plain HTTP: put TLS in front)",
    )
    web.set_defaults(module="web")

    cc = sub.add_parser("check-config", help="check config files; name every bad key")
    cc.add_argument(
        "-c", "--config", action="append", required=True, help="a config file (or a folder)"
    )
    cc.set_defaults(module="check_config")

    demo = sub.add_parser("demo", help="play a recorded game offline, printing newspapers")
    demo.add_argument("--db", default=None, help="SQLite file (default: a temporary one)")
    demo.add_argument(
        "--game", default="pefl", choices=["pefl", "gambler"], help="which recorded game"
    )
    demo.set_defaults(module="demo")
    for leaf in _leaf_parsers(ap):
        _add_logging_options(leaf, argparse.SUPPRESS)
    return ap


def _setup_logging(ap: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    from mafiabot import logs

    # the daemon narrates its work; the one-shot commands speak only about problems
    default = "INFO" if args.command == "run" else "WARNING"
    try:
        level = logs.parse_level(args.log_level or default)
    except ValueError as exc:
        ap.error(str(exc))
    try:
        logs.setup(level, args.log_file)
    except OSError as exc:
        ap.error(f"--log-file {args.log_file}: {exc.strerror}")


def _closed_stdout() -> int:
    """The reader of our output went away (`mafiabot status --json | head -1`): not an error
    of ours. Point stdout at /dev/null so the interpreter's final flush stays quiet."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return ExitCode.OK


def start() -> int:
    """The `mafiabot` program itself (the console script, `python -m mafiabot`): `main`, the
    command's modules loaded as `_command` does for a process of its own."""
    return main(process=True)


def _command(name: str, process: bool) -> ModuleType:
    """The command's module. For a process of its own (`start`) the collector is paused while
    the command's modules load, and what they made is then kept out of its passes for good
    (`gc.freeze`): those objects live as long as the process, and every full pass of the
    collector went over them again (~0.04 s of a ~0.45 s start, an idle run as a first poll).
    Called in process (the tests, `main(argv)`), the collector is left as it is."""
    if not process:
        return importlib.import_module(f"mafiabot.commands.{name}")
    was_on = gc.isenabled()
    gc.disable()
    try:
        return importlib.import_module(f"mafiabot.commands.{name}")
    finally:
        gc.freeze()
        if was_on:
            gc.enable()


def main(argv: Sequence[str] | None = None, *, process: bool = False) -> int:
    ap = _build_parser()
    args = ap.parse_args(argv)
    _setup_logging(ap, args)
    log.debug("mafiabot %s, python %s: %s", __version__, sys.version.split()[0], args.command)
    # database, cookie jar, lock and log files hold roles, the salt and every PM: whatever
    # this process creates is private to the bot's account (systemd's UMask=0077 does the same)
    old_umask = os.umask(0o077)
    try:
        module = _command(args.module, process)
        rc: int = module.main(args)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return rc
    except BrokenPipeError:
        return _closed_stdout()
    except HostError as exc:
        print(f"mafiabot: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    except Exception as exc:
        from mafiabot.dbfile import as_host_error

        known = as_host_error(exc)
        if known is not None:  # the database, the disk: one line, no traceback
            print(f"mafiabot: {known}", file=sys.stderr)
            return known.code
        code = exit_code_for(exc)
        if code is None:
            raise  # a bug: the traceback is what a report needs
        print(f"mafiabot: {exc}", file=sys.stderr)
        return code
    finally:
        os.umask(old_umask)


def exit_code_for(exc: BaseException) -> ExitCode | None:
    """The exit code an error means, or None for an unexpected error (a bug: traceback)."""
    # imported here so that `mafiabot --version` and the parse commands stay light
    from mafiabot.config import ConfigError
    from mafiabot.dbfile import as_host_error
    from scraper.errors import LoginFailed

    if isinstance(exc, HostError):
        return exc.code
    known = as_host_error(exc)
    if known is not None:
        return known.code
    if isinstance(exc, ConfigError):
        return ExitCode.BAD_INPUT
    if isinstance(exc, LoginFailed):
        return ExitCode.LOGIN_REFUSED
    if isinstance(exc, KeyboardInterrupt):
        return ExitCode.INTERRUPTED
    return None


if __name__ == "__main__":
    sys.exit(main())
