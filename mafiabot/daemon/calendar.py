"""The turn calendar: when each phase closes and which turn a moment belongs to (C-1)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta

from engine import RuleSet
from mafiabot.config import Config, gambler_deadlines, turn_deadline
from mafiabot.turn_inputs import TurnCalendar


def deadline_for(cfg: Config, turn: int, phase: str) -> datetime:
    """The deadline that closes `phase` of `turn`, a host's `extend_deadline` included."""
    game = cfg.game
    extended = [
        o.until
        for o in cfg.overrides
        if o.kind == "extend_deadline" and o.turn == turn and o.until is not None
    ]
    if game.ruleset == "gambler":
        greens, court = gambler_deadlines(game, turn)
        if phase == "greens":
            return greens
        return extended[-1] if extended else court
    if extended:
        return extended[-1]
    return turn_deadline(game, turn)


def turn_at(cfg: Config, rules: RuleSet, when: datetime | None, current: int) -> int:
    """The turn whose window holds `when` (C-1: after a deadline is the next turn)."""
    if when is None:
        return current
    t = rules.first_turn
    while t < current + 50:
        if when <= deadline_for(cfg, t, "court"):
            return t
        t += 1
    return t


def turn_calendar(
    cfg: Config, turn: int, deadline: datetime | None, deaths: Mapping[str, str]
) -> TurnCalendar:
    """The moments a turn's assembly needs: the deadline closed, the greens deadline
    (Gambler), when each dead seat died (`deaths`: nick → ISO time) and G-P.2's window."""
    gambler = cfg.game.ruleset == "gambler"
    return TurnCalendar(
        deadline=deadline,
        greens_deadline=deadline_for(cfg, turn, "greens") if gambler else None,
        deaths={nick: datetime.fromisoformat(at) for nick, at in deaths.items()},
        last_word=timedelta(hours=cfg.game.last_word_hours) if gambler else None,
    )
