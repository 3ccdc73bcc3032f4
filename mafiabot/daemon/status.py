"""The status read model: the game as the store has it (`mafiabot status`); reads only."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from mafiabot.daemon.context import Shell
from mafiabot.daemon.tally import posters, tally


def status(sh: Shell, now: datetime) -> dict[str, Any]:
    """Turn, deadline, live tally, and who has not posted / voted / moved."""
    cfg = sh.cfg
    g = sh.store.find_game(cfg.game.topic)
    # the daemon's last tick: when, and whether it worked (None before the first one)
    last_tick = (
        {
            "at": g.last_tick_at.astimezone(sh.tz).isoformat(),
            "ok": g.last_tick_ok,
            "result": g.last_tick_result,
        }
        if g is not None and g.last_tick_at is not None
        else None
    )
    if g is None or g.state is None:
        return {
            "game": cfg.game.name,
            "status": "registration" if g is None else g.status,
            "start": cfg.game.start.isoformat(),
            "last_tick": last_tick,
        }
    state = sh.state(g)
    kind, votes, rejected, _ = tally(sh, g, state, None)
    by_target: dict[str, list[str]] = {}
    for v in votes:
        by_target.setdefault(v.target, []).append(v.voter)
    wrote = set(posters(sh, g, state.turn, None))
    moved = {m.actor for m in sh.store.moves(g.id, state.turn, status="accepted")}
    voted = {v.voter for v in votes}
    living = list(state.living_nicks())
    return {
        "game": cfg.game.name,
        "status": g.status,
        "turn": state.turn,
        "phase": state.phase,
        "deadline": g.deadline.astimezone(sh.tz).isoformat() if g.deadline else None,
        "vote_kind": kind,
        "tally": {t: vs for t, vs in sorted(by_target.items(), key=lambda kv: -len(kv[1]))},
        "rejected": [{"author": r.author, "reason": r.reason} for r in rejected],
        "not_posted": [n for n in living if n not in wrote],
        "not_voted": [n for n in living if n not in voted],
        "not_moved": [
            p.nick
            for p in state.living
            if sh.rules.letter_actions(state, p.nick)[0] and p.nick not in moved  # has a move
        ],
        "alive": living,
        "winner": g.winner,
        "pending_messages": len(sh.outbox(g).pending()),
        # what the host report will say of this turn (a full mailbox, a stop, late items)
        "notes": [f.text for f in sh.store.host_flags(g.id, g.turn)],
        "last_tick": last_tick,
    }
