"""Notes for the host: what the bot saw but would not decide alone (outsiders in the topic,
unreadable pages or letters, edits after a deadline). They are kept per turn in the game's
bookkeeping and go out in the turn's host report."""

from __future__ import annotations

import logging
from typing import Any

from mafiabot.store import Game, Store

log = logging.getLogger("mafiabot.daemon")


def set_cursor(store: Store, g: Game, name: str, value: Any) -> None:
    """Write one entry of the game's cursors, re-reading the rest (flags may have been added
    meanwhile)."""
    assert g.id is not None
    cursors = dict(store.get_game(g.id).cursors or {})
    cursors[name] = value
    store.update_game(g.id, cursors=cursors)


def flag(store: Store, g: Game, turn: int, text: str) -> None:
    """Note `text` for the host in `turn` (once)."""
    gid = g.id
    assert gid is not None
    g = store.get_game(gid)
    cursors = dict(g.cursors or {})
    flags = dict(cursors.get("flags", {}))
    items = list(flags.get(str(turn), []))
    if text not in items:
        items.append(text)
        log.warning("flag for the host (turn %d): %s", turn, text)
    flags[str(turn)] = items
    cursors["flags"] = flags
    store.update_game(gid, cursors=cursors)


def flags(store: Store, g: Game, turn: int) -> list[str]:
    """The notes kept for `turn`, in the order they were raised."""
    assert g.id is not None
    cursors = store.get_game(g.id).cursors or {}
    return list(cursors.get("flags", {}).get(str(turn), []))
