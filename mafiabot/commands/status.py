"""`mafiabot status -c config.toml [-c more.toml | -c games/]`: each game as the store has
it — turn, deadline, live tally, who has not posted / voted / moved. Reads only the
database (no board access). Several games: one block each, `--json` a list."""

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
    shown_url,
    single_config,
)
from mafiabot.config import Config
from mafiabot.daemon import utcnow
from mafiabot.daemon.status import status
from mafiabot.dbfile import note_path, read_note
from mafiabot.store import Store


def main(args: argparse.Namespace) -> int:
    single = single_config(args.config)
    if single is not None:
        return _one(args, single, one_config(single))
    # several games: `--json` prints a list, the table one block per game
    games = configs(args.config)
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
            _table(console, st)
    return rc if not found else 0


def _no_database(path: str | Path, cfg: Config, named: bool) -> None:
    """Say on stderr why there is nothing to show: the last run's refusal, or no run yet."""
    where = f"{path}: " if named else ""
    refused = read_note(note_path(cfg.database_url, Path(path)))
    if refused is not None:
        when, _, line = refused.partition(" ")
        print(f"mafiabot: {where}the last `mafiabot run` refused ({when}): {line}", file=sys.stderr)
        return
    print(
        f"mafiabot: {where}no game database yet at {shown_url(cfg.database_url)} — nothing to "
        f"show; `mafiabot run -c {path}` creates it (the game starts "
        f"{cfg.game.start:%Y-%m-%d %H:%M}).",
        file=sys.stderr,
    )


def _read(path: str | Path, cfg: Config, store: Store) -> dict[str, Any]:
    st = status(read_model(cfg, store), utcnow())
    refused = read_note(note_path(cfg.database_url, Path(path)))
    if refused is not None:  # a run refused since: the store is not what the board shows
        st["refused"] = refused
    return st


def game_status(path: str | Path, cfg: Config) -> dict[str, Any] | None:
    """The game as its store has it, with the config file named; None (said on stderr) when
    it has no database yet."""
    store = existing_store(cfg.database_url)
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
    store = existing_store(cfg.database_url)
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
    _table(Console(), st)
    return 0


def _table(console: Console, st: dict[str, Any]) -> None:
    console.print(f"[bold]{st['game']}[/bold] — {st['status']}")
    if st.get("refused"):
        console.print(f"[bold red]the last run refused:[/bold red] {escape(st['refused'])}")
    last = st.get("last_tick")
    if last:
        word = "ok" if last.get("ok") else "[bold red]FAILED[/bold red]"
        console.print(f"last tick {last.get('at')}: {word} — {escape(str(last.get('result')))}")
    else:
        console.print("last tick: none yet")
    if "turn" not in st:
        console.print(f"start: {st.get('start')}")
        return
    console.print(f"turn {st['turn']} ({st['phase']}), deadline {st['deadline']}")
    table = Table("target", "votes", "voters")
    for target, voters in st["tally"].items():
        table.add_row(target, str(len(voters)), ", ".join(voters))
    console.print(table)
    for key, title in (
        ("not_posted", "not posted"),
        ("not_voted", "not voted"),
        ("not_moved", "no move yet"),
    ):
        console.print(f"{title}: {', '.join(st[key]) or '—'}")
    if st["rejected"]:
        console.print(
            "rejected: " + ", ".join(f"{r['author']} ({r['reason']})" for r in st["rejected"])
        )
    console.print(f"messages waiting to be sent: {st['pending_messages']}")
    for note in st.get("notes", []):
        console.print(f"for the host: {escape(note)}")
