"""The shell that hosts games on a board, split by job (see `game` for a tick's steps):

- `host` — `Host`: the one loop — every game's schedule, sleep until one is due, signals;
- `game` — `Daemon`: one game's tick, back-off, catch-up, config re-reading;
- `shared` — one board account's session shared by its games, and its inbox's letters;
- `context` — `Shell`: the game's collaborators and the look-ups every part makes;
- `calendar` — deadlines and the turn a moment belongs to (C-1);
- `overrides` — the host's `[[override]]` tables (C-6);
- `registration` — sign-ups and the start (deal, role PMs, commitment);
- `ingest` — topics and inbox into the store, moderation flags;
- `moves` — letters → moves → the engine's intake → replies (C-2);
- `tally` — the turn's votes as of a moment, the interim count;
- `turn` — a deadline: gather, `engine.step`, render, one transaction;
- `compose` — the outbox rows a turn sends (newspaper, PMs, host report), from data;
- `flags` — notes for the host;
- `status` — the read model behind `mafiabot status`.

Build one through `mafiabot.bootstrap`.
"""

from mafiabot.daemon.game import Daemon
from mafiabot.daemon.host import Host, utcnow
from mafiabot.daemon.ingest import TickReport

__all__ = ["Daemon", "Host", "TickReport", "utcnow"]
