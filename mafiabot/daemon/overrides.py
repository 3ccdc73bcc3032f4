"""The host's `[[override]]` tables (C-6): recorded once when first seen; the effects that are
not the engine's (deadlines, accounts, late letters, ban records) happen here, the rest go to
the engine with the turn's inputs."""

from __future__ import annotations

import logging
from datetime import datetime

from sqlmodel import select

from engine import Override
from mafiabot.config import Config
from mafiabot.daemon import moves
from mafiabot.daemon.context import Shell
from mafiabot.store.tables import Game, PMRow

log = logging.getLogger("mafiabot.daemon")


def apply_new_overrides(sh: Shell, g: Game, now: datetime) -> None:
    """Record each override the first time it is seen; effects that are not the engine's
    (deadlines, accounts, late moves) happen here, the rest at the deadline."""
    for o in sh.cfg.overrides:
        if sh.store.override_applied(g.id, o.key()):
            continue
        turn = o.turn if o.turn is not None else g.turn
        if o.kind == "replace" and turn > g.turn:
            continue  # the new account takes the seat when its turn begins
        if o.kind == "extend_deadline" and o.until is not None and turn == g.turn:
            sh.store.update_game(g.id, deadline=o.until)
        elif o.kind == "replace" and o.nick and o.new_nick:
            # the old account's board id goes with it: the new account's is learned from its
            # own first post (kept, it would make the new account a look-alike of nobody)
            sh.store.update_player(g.id, o.nick, account=o.new_nick, user_id=None)
            sh.players_changed()
        elif o.kind == "accept_move" and o.pm_id is not None:
            accept_late_pm(sh, g, o.pm_id, now)
        elif o.kind == "remove" and o.nick:
            reason = "passivity" if o.step == 7 else "rules"
            sh.store.record_removal(o.nick, g.id, reason, now=now)
        sh.store.mark_override(g.id, o.key(), o.kind, o.describe(), turn, now=now)
        log.warning("host override applied: %s", o.describe())


def turn_overrides(sh: Shell, g: Game, turn: int) -> tuple[Override, ...]:
    """The host's overrides of `turn` as the engine's (one naming a post belongs to the
    post's turn); the assembly picks the closing phase's own."""
    out = []
    for o in sh.cfg.overrides:
        t = o.turn
        if t is None and o.post_id is not None:
            t = post_turn(sh, g, o.post_id)
        if t == turn:
            out.append(o.to_engine())
    return tuple(out)


def post_turn(sh: Shell, g: Game, board_id: int) -> int | None:
    for p in sh.store.posts(g.id):
        if p.board_id == board_id:
            return p.turn
    return None


def accepted_pms(cfg: Config) -> set[int]:
    """PMs the host said count although written after their deadline."""
    return {o.pm_id for o in cfg.overrides if o.kind == "accept_move" and o.pm_id}


def accept_late_pm(sh: Shell, g: Game, pm_id: int, now: datetime) -> None:
    """accept_move override: a PM written after the deadline counts for the current turn (one
    not read yet is taken as this turn's when it is read, see `ingest.poll_pms`)."""
    for row in sh.store.pms(g.id):
        if row.board_id == pm_id and (row.handled or (row.turn or 0) > g.turn):
            if row.handled and any(m.pm_board_id == pm_id for m in sh.store.moves(g.id, g.turn)):
                return  # already a move of this turn
            _redo_pm(sh, g, pm_id)
    moves.answer_moves(sh, g, now, only=[pm_id])


def _redo_pm(sh: Shell, g: Game, pm_id: int) -> None:
    with sh.store.session() as s:
        row = s.exec(select(PMRow).where(PMRow.game_id == g.id, PMRow.board_id == pm_id)).one()
        row.handled = False
        row.turn = g.turn
        s.add(row)
