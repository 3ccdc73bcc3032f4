"""`mafiabot status -c config.toml [-c more.toml | -c games/]`: each game as the store has
it — first any message the board refused for good, then the last tick, the turn, deadline,
live tally, who has not posted / voted / moved. Reads only the database (no board access).
Several games: one block each, `--json` a list. In the host's language (`[game]
host_language`, Russian by default), times in the board's zone."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from mafiabot.bootstrap import read_model
from mafiabot.commands.common import (
    configs,
    database_fault,
    existing_store,
    one_config,
    single_config,
)
from mafiabot.config import Config
from mafiabot.daemon import utcnow
from mafiabot.daemon.status import status
from mafiabot.dbfile import note_path, read_note, shown_url
from mafiabot.newspaper.host_words import (
    labels,
    outbox_kind_word,
    phase_word,
    refusal_note,
    reject_word,
    status_word,
    tick_result,
    when_word,
    winner_word,
)
from mafiabot.store import Store


def main(args: argparse.Namespace) -> int:
    single = single_config(args.config)
    if single is not None:
        return _one(args, single, one_config(single))
    # several games: `--json` prints a list, the table one block per game
    games = configs(args.config)
    cfgs = {str(path): cfg for path, cfg in games}
    found: list[dict[str, Any]] = []
    rc = 0
    for path, cfg in games:
        st = game_status(path, cfg)
        if st is None:
            rc = 1
            continue
        found.append(st)
    if getattr(args, "json", False):
        print(json.dumps(found, ensure_ascii=False, indent=2))
    else:
        console = Console()
        for i, st in enumerate(found):
            if i:
                console.print()
            _table(console, st, cfgs[st["config"]])
    return rc if not found else 0


def _no_database(path: str | Path, cfg: Config, named: bool) -> None:
    """Say on stderr why there is nothing to show: the last run's refusal, or no run yet —
    in the host's language."""
    where = f"{path}: " if named else ""
    en = cfg.game.host_language == "en"
    refused = read_note(note_path(cfg.database_url, Path(path)))
    if refused is not None:
        when, line = refusal_note(cfg.game.host_language, refused, cfg.board.tz)
        said = "the last `mafiabot run` refused" if en else "последний запуск бота не удался"
        print(f"mafiabot: {where}{said} ({when}): {line}", file=sys.stderr)
        return
    start = when_word(cfg.game.host_language, cfg.game.start, cfg.board.tz)
    db = shown_url(cfg.database_url)
    if en:
        line = (
            f"no game database yet at {db} — nothing to show; `mafiabot run -c {path}` "
            f"creates it (the game starts {start})."
        )
    else:
        line = (
            f"базы игры ещё нет ({db}) — показывать нечего; её создаст "
            f"`mafiabot run -c {path}` (игра начинается {start})."
        )
    print(f"mafiabot: {where}{line}", file=sys.stderr)


def _read(path: str | Path, cfg: Config, store: Store) -> dict[str, Any]:
    st = status(read_model(cfg, store), utcnow())
    refused = read_note(note_path(cfg.database_url, Path(path)))
    if refused is not None:  # a run refused since: the store is not what the board shows
        st["refused"] = refused
    return st


def game_status(path: str | Path, cfg: Config) -> dict[str, Any] | None:
    """The game as its store has it, with the config file named; None (said on stderr) when
    it has no database yet."""
    store = existing_store(cfg.database_url, cfg.busy_timeout)
    if store is None:
        _no_database(path, cfg, named=True)
        return None
    try:
        return {"config": str(path), **_read(path, cfg, store)}
    except Exception as exc:
        raise database_fault(exc, cfg.database_url) from None
    finally:
        store.close()


def _one(args: argparse.Namespace, path: str | Path, cfg: Config) -> int:
    store = existing_store(cfg.database_url, cfg.busy_timeout)
    if store is None:
        _no_database(path, cfg, named=False)
        return 1
    try:
        st = _read(path, cfg, store)
    except Exception as exc:
        raise database_fault(exc, cfg.database_url) from None
    finally:
        store.close()
    if getattr(args, "json", False):
        print(json.dumps(st, ensure_ascii=False, indent=2))
        return 0
    _table(Console(), st, cfg)
    return 0


def _table(console: Console, st: dict[str, Any], cfg: Config) -> None:
    lang, tz = cfg.game.host_language, cfg.board.tz
    say = labels(lang)
    head = f"[bold]{escape(st['game'])}[/bold] — {status_word(lang, st['status'])}"
    if st.get("winner"):
        head += f" ({say['winner']}: {winner_word(lang, st['winner'])})"
    console.print(head)
    if st.get("refused"):
        when, line = refusal_note(lang, st["refused"], tz)
        console.print(f"[bold red]{say['refused']}[/bold red] ({when}): {escape(line)}")
    _failed(console, st, lang)  # first: a newspaper that never went out changes the game
    last = st.get("last_tick")
    if last:
        word = say["tick_ok"] if last.get("ok") else f"[bold red]{say['tick_bad']}[/bold red]"
        result = tick_result(lang, str(last.get("result") or ""), tz, cfg.game.ruleset)
        when = when_word(lang, last.get("at"), tz)
        console.print(f"{say['last_tick']}: {when} — {word}: {escape(result)}")
    else:
        console.print(say["no_tick"])
    if "turn" not in st:
        console.print(f"{say['start']}: {when_word(lang, st.get('start'), tz)}")
        return
    phase = phase_word(lang, cfg.game.ruleset, st["turn"], st["phase"])
    line = f"{say['turn']} {st['turn']} ({phase})"
    if st.get("deadline"):
        line += f", {say['deadline']} {when_word(lang, st['deadline'], tz)}"
    console.print(line)
    _turn(console, st, lang)


def _failed(console: Console, st: dict[str, Any], lang: str) -> None:
    """Every message the board refused for good, in red, at the top."""
    if not st.get("failed"):
        return
    say = labels(lang)
    console.print(f"[bold red]{say['failed_head']}[/bold red] ({say['failed_hint']}):")
    for f in st["failed"]:
        what = outbox_kind_word(lang, f["kind"])
        to = "" if f["recipient"] == "topic" else f" → {f['recipient']}"
        why = f["why"] if lang != "en" else f["error"]
        turn = f"{say['turn'].lower()} {f['turn']}"
        console.print(f"  [red]•[/red] {escape(what + to)}, {turn} — {escape(why)}")


def _turn(console: Console, st: dict[str, Any], lang: str) -> None:
    """The turn's tally, who still owes a post, a vote or a move, and the queue."""
    say = labels(lang)
    if st.get("vote_kind") and st["status"] != "over":
        table = Table(say["target"], say["votes"], say["voters"])
        for target, voters in st["tally"].items():
            table.add_row(escape(target), str(len(voters)), escape(", ".join(voters)))
        if not st["tally"]:
            table.add_row(say["no_votes"], "", "")
        console.print(table)
    for key in ("not_posted", "not_voted", "not_moved"):
        console.print(f"{say[key]}: {escape(', '.join(st[key])) or '—'}")
    if st["rejected"]:
        shown = ", ".join(
            f"{r['author']} ({reject_word(lang, r['reason'])})" for r in st["rejected"]
        )
        console.print(f"{say['rejected']}: {escape(shown)}")
    console.print(f"{say['pending']}: {st['pending_messages']}")
    for note in st.get("notes", []):
        console.print(f"{say['for_host']}: {escape(note)}")
