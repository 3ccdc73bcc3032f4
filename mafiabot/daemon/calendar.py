"""The turn calendar: when each phase closes and which turn a moment belongs to (C-1)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from mafiabot.config import Config, gambler_deadlines, turn_deadline
from mafiabot.engine import RuleSet
from mafiabot.turn_inputs import TurnCalendar


def deadline_for(cfg: Config, rules: RuleSet, turn: int, phase: str) -> datetime:
    """The deadline that closes `phase` of `turn`, a host's `extend_deadline` included (it
    moves the turn's last deadline)."""
    game = cfg.game
    extended = [
        o.until
        for o in cfg.overrides
        if o.kind == "extend_deadline" and o.turn == turn and o.until is not None
    ]
    if len(rules.turn_phases) > 1:  # nominations close before the turn's last deadline
        first, last = gambler_deadlines(game, turn)
        if phase == rules.turn_phases[0]:
            return first
        return extended[-1] if extended else last
    if extended:
        return extended[-1]
    return turn_deadline(game, turn)


def turn_at(cfg: Config, rules: RuleSet, when: datetime | None, current: int) -> int:
    """The turn whose window holds `when` (C-1: after a deadline is the next turn)."""
    if when is None:
        return current
    t = rules.first_turn
    while t < current + 50:
        if when <= deadline_for(cfg, rules, t, rules.turn_phases[-1]):
            return t
        t += 1
    return t


def turn_calendar(
    cfg: Config,
    rules: RuleSet,
    turn: int,
    deadline: datetime | None,
    deaths: Mapping[str, datetime],
) -> TurnCalendar:
    """The moments a turn's assembly needs: the deadline closed, the greens deadline
    (Gambler), when each dead seat died and G-P.2's window."""
    split = len(rules.turn_phases) > 1
    return TurnCalendar(
        deadline=deadline,
        greens_deadline=deadline_for(cfg, rules, turn, rules.turn_phases[0]) if split else None,
        deaths=dict(deaths),
        # a rehearsal's hour is a minute, like every span of its calendar
        last_word=cfg.game.hour * cfg.game.last_word_hours if rules.last_word else None,
    )
