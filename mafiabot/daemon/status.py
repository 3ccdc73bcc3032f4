"""The status read model: the game as the store has it (`mafiabot status`, the dashboard);
reads only.

Who "has not moved" is asked of the rule set: only a living player whose role has a move this
night (not a civilian, not a sergeant before his promotion, not a Gambler mafioso while the
godfather sends the kill, nobody on a turn without moves), and a clan whose Don election
letter is in counts for every member. Nobody owes anything once the game is over.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from engine.state import GameState
from mafiabot.daemon.context import Shell
from mafiabot.daemon.tally import posters, tally
from mafiabot.newspaper.links import board_links
from mafiabot.newspaper.record import tally_by_reach
from mafiabot.newspaper.words import failure_ru, outbox_kind_ru
from mafiabot.turn_inputs import counts_votes


def status(sh: Shell, now: datetime) -> dict[str, Any]:
    """Turn, deadline, live tally, who has not posted / voted / moved, and every message the
    board refused for good (`failed`, in words: the views show it first)."""
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
            "start": cfg.game.start.astimezone(sh.tz).isoformat(),
            "last_tick": last_tick,
            "failed": [],
        }
    state = sh.state(g)
    kind, votes, rejected, _ = tally(sh, g, state, None)
    over = g.status == "over"
    wrote = set(posters(sh, g, state.turn, None))
    voted = {v.voter for v in votes}
    living = list(state.living_nicks())
    links = board_links(cfg.board.url, cfg.board.kind, g.board_kind)
    outbox = sh.outbox(g)
    return {
        "game": cfg.game.name,
        "ruleset": cfg.game.ruleset,
        "status": g.status,
        "turn": state.turn,
        "phase": state.phase,
        "deadline": g.deadline.astimezone(sh.tz).isoformat() if g.deadline else None,
        "vote_kind": kind,
        "tally": dict(tally_by_reach([(v.voter, v.target) for v in votes])),  # ties: P-V.4
        "rejected": [
            {
                "author": r.author,
                "reason": r.reason,
                "post_id": r.post_id,
                "url": links.post(r.post_id) if links else None,
            }
            for r in rejected
        ],
        "not_posted": [] if over else [n for n in living if n not in wrote],
        "not_voted": (
            [n for n in living if n not in voted]
            if not over and counts_votes(sh.rules, state)
            else []
        ),
        "not_moved": [] if over else not_moved(sh, state),
        "alive": living,
        "winner": g.winner,
        "pending_messages": len(outbox.pending()),
        "failed": [
            {
                "kind": r.key.kind,
                "what": outbox_kind_ru(r.key.kind),
                "turn": r.key.turn,
                "recipient": r.key.recipient,
                "why": failure_ru(r.error or ""),
                "error": r.error or "",
            }
            for r in outbox.all()
            if r.status == "failed"
        ],
        # what the host report will say of this turn (a full mailbox, a stop, late items)
        "notes": [f.text for f in sh.store.host_flags(g.id, g.turn)],
        "last_tick": last_tick,
    }


#: a move that stands at the deadline: accepted, or conditional on the day (G-M.5, P-M.8)
_STANDING = ("accepted", "conditional")


def not_moved(sh: Shell, state: GameState) -> list[str]:
    """The living players whose role has a move this night and who have sent none accepted;
    a Don election letter (P-S.2) counts for the whole clan."""
    g = sh.store.find_game(sh.cfg.game.topic)
    assert g is not None and g.id is not None
    moves = [m for m in sh.store.moves(g.id, state.turn) if m.status in _STANDING]
    moved = {m.actor for m in moves}
    elected = {m.actor for m in moves if m.action == "don"}
    rules = sh.rules
    out = []
    for p in state.living:
        allowed = rules.letter_actions(state, p.nick)[1]
        if not allowed or p.nick in moved:
            continue
        if allowed == ("don",) and elected & set(rules.letter_mates(state, p.nick)):
            continue
        out.append(p.nick)
    return out
