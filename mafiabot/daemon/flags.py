"""Notes for the host: what the bot saw but would not decide alone (outsiders in the topic,
unreadable pages or letters, edits after a deadline). They are kept per turn in the store's
host_flags table and go out in the turn's host report."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from mafiabot.store import Store
from mafiabot.store.tables import Game

log = logging.getLogger("mafiabot.daemon")


def flag(store: Store, g: Game, turn: int, text: str) -> None:
    """Note `text` for the host in `turn` (once)."""
    told(store.raise_flags(g.id, [(turn, text)]))


def told(raised: Sequence[tuple[int, str]]) -> None:
    """Log the notes just raised for the host, each (turn, text) (`Store.raise_flags`),
    once they are stored."""
    for turn, text in raised:
        log.warning("flag for the host (turn %d): %s", turn, text)


def flags(store: Store, g: Game, turn: int) -> list[str]:
    """The notes raised in `turn`, in the order they were raised."""
    return [f.text for f in store.host_flags(g.id, turn)]
