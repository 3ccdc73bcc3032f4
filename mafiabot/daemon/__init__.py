"""The shell that hosts a game on a board, split by job (see `loop` for a tick's steps):

- `loop` — the `Daemon`: schedule, signals, back-off, one tick's order of work;
- `context` — `Shell`: the game's collaborators and the look-ups every part makes;
- `calendar` — deadlines and the turn a moment belongs to (C-1);
- `overrides` — the host's `[[override]]` tables (C-6);
- `registration` — sign-ups and the start (deal, role PMs, commitment);
- `ingest` — topics and inbox into the store, moderation flags;
- `moves` — letters → moves → the engine's intake → replies (C-2);
- `tally` — the turn's votes as of a moment, the interim count;
- `turn` — a deadline: inputs, `engine.step`, one commit;
- `compose` — the outbox rows a turn sends (newspaper, PMs, host report);
- `flags` — notes for the host;
- `status` — the read model behind `mafiabot status`.

Build one through `mafiabot.bootstrap`.
"""

from typing import Any

from mafiabot.daemon.ingest import TickReport
from mafiabot.daemon.loop import Daemon, utcnow

__all__ = ["Daemon", "TickReport", "utcnow"]


def __getattr__(name: str) -> Any:
    # the client factories moved to the composition root; old imports keep working
    if name in ("make_client", "setup_logging"):
        from mafiabot import bootstrap

        return getattr(bootstrap, name)
    raise AttributeError(name)
