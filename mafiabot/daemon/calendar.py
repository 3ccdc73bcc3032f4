"""The turn calendar: when each phase closes and which turn a moment belongs to (C-1)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from engine import RuleSet
from engine.kinds import Phase
from mafiabot.config import Config, turn_deadlines
from mafiabot.turn_inputs import TurnCalendar


def deadline_for(cfg: Config, rules: RuleSet, turn: int, phase: Phase) -> datetime:
    """The deadline that closes `phase` of `turn` on the rule set's calendar (C-1), a host's
    `extend_deadline` included (it moves the turn's last deadline). A phase that is not one
    of the turn's (an introduction day, "over") is closed by the turn's last deadline."""
    deadlines = turn_deadlines(cfg.game, turn)
    phases = rules.turn_phases
    if phase in phases[:-1]:  # a deadline before the turn's last (Gambler nominations)
        return deadlines[phases.index(phase)]
    extended = [
        o.until
        for o in cfg.overrides
        if o.kind == "extend_deadline" and o.turn == turn and o.until is not None
    ]
    return extended[-1] if extended else deadlines[-1]


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
