"""The `mafiabot` command line.

Each sub-command lives in its own module under `mafiabot.commands` and is imported only when
it runs, so a quick command (`mafiabot parse posts`) does not pay for the database, the HTTP
client or the rules engine at start-up.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence


class UsageError(Exception):
    """A user-facing error: printed as one line, exit code 2."""


def _build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="mafiabot", description="Hosts forum Mafia games.")
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
    pv.add_argument("--ruleset", required=True, choices=["gambler", "pefl"])
    pv.add_argument("--players", required=True, metavar="NICKS.txt")
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
    pm.add_argument("--players", required=True, metavar="NICKS.txt")
    pm.add_argument("--board", default="auto")
    pm.add_argument("--tz", default=None)
    pm.add_argument("--now", default=None)
    pm.add_argument("--dead", default=None, metavar="NICKS.txt", help="players already out")
    pm.set_defaults(module="parse_pm")

    pmv = parse_sub.add_parser("moves", help="night letters (JSONL on stdin) as the bot reads them")
    pmv.add_argument("--ruleset", required=True, choices=["gambler", "pefl"])
    pmv.add_argument("--cast", required=True, metavar="CAST.json", help="roles, the dead, the turn")
    pmv.add_argument(
        "--threshold", type=float, default=None, help="move confidence (default: [rules])"
    )
    pmv.set_defaults(module="parse_moves")

    rp = sub.add_parser("replay", help="play a scenario file through parser and engine")
    rp.add_argument("scenario", metavar="SCENARIO.json")
    rp.set_defaults(module="replay")

    run = sub.add_parser("run", help="host a game: poll the board, resolve turns, post")
    run.add_argument("-c", "--config", required=True)
    run.add_argument("--dry-run", action="store_true", help="print instead of posting")
    run.add_argument("--once", action="store_true", help="run one tick and exit")
    run.set_defaults(module="run")

    st = sub.add_parser("status", help="turn, deadline, live tally, who has not acted")
    st.add_argument("-c", "--config", required=True)
    st.add_argument("--json", action="store_true", help="print JSON instead of a table")
    st.set_defaults(module="status")

    web = sub.add_parser("web", help="the host's dashboard in a browser (read-only, local)")
    web.add_argument(
        "-c", "--config", action="append", required=True, help="a game's config (or a folder)"
    )
    web.add_argument("--bind", default="127.0.0.1:8765", help="HOST:PORT (default: %(default)s)")
    web.add_argument("--refresh", type=int, default=30, help="page refresh in seconds")
    web.set_defaults(module="web")

    cc = sub.add_parser("check-config", help="check a config file; name every bad key")
    cc.add_argument("-c", "--config", required=True)
    cc.set_defaults(module="check_config")

    demo = sub.add_parser("demo", help="play a recorded game offline, printing newspapers")
    demo.add_argument("--db", default=None, help="SQLite file (default: a temporary one)")
    demo.add_argument(
        "--game", default="pefl", choices=["pefl", "gambler"], help="which recorded game"
    )
    demo.set_defaults(module="demo")
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = _build_parser().parse_args(argv)
    module = importlib.import_module(f"mafiabot.commands.{args.module}")
    try:
        rc: int = module.main(args)
    except UsageError as exc:
        print(f"mafiabot: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return rc


if __name__ == "__main__":
    sys.exit(main())
