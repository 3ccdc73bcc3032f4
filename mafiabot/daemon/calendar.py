"""The turn calendar: when each phase closes and which turn a moment belongs to (C-1)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta

from engine import RuleSet
from engine.kinds import Phase
from mafiabot.config import Config, turn_deadlines
from mafiabot.config.calendar import stamp_cutoff
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


def on_time(cfg: Config, when: datetime, deadline: datetime) -> bool:
    """Whether a board stamp `when` is on time for `deadline` (C-1): with the ruling
    `deadline_minute_on_time` a stamp inside the deadline minute itself still counts."""
    return when <= stamp_cutoff(deadline, cfg.rules.deadline_minute_on_time)


def minute_end(deadline: datetime) -> datetime:
    """The end of the deadline's minute: the first moment a board shows a later minute."""
    return deadline.replace(second=0, microsecond=0) + timedelta(minutes=1)


def closes_at(cfg: Config, deadline: datetime, board_offset: float | None) -> datetime:
    """The moment on this machine's clock when a turn ending at `deadline` may close (C-1):
    once the board's clock is past the deadline minute. `board_offset` is the
    board's clock minus ours in seconds (None: the board never said; ours is taken)."""
    close = minute_end(deadline) if cfg.rules.deadline_minute_on_time else deadline
    if board_offset is not None:
        # the offset comes from the `Date` header, whose whole seconds and travel time both
        # make it read low: the board's minute is over by then, never before
        close -= timedelta(seconds=board_offset)
    return close


def turn_at(cfg: Config, rules: RuleSet, when: datetime | None, current: int) -> int:
    """The turn whose window holds `when` (C-1: after a deadline is the next turn; the
    deadline minute itself still counts under `deadline_minute_on_time`)."""
    return TurnFinder(cfg, rules, current)(when)


class TurnFinder:
    """`turn_at` for many moments against one calendar: each turn's cutoff (the last stamp on
    time for its last deadline) is worked out once, when first needed, instead of once per
    moment (a first read asks for 20,000 posts' turns)."""

    __slots__ = ("_cfg", "_cutoffs", "_rules", "current")

    def __init__(self, cfg: Config, rules: RuleSet, current: int) -> None:
        self._cfg = cfg
        self._rules = rules
        self.current = current
        self._cutoffs: list[datetime] = []  # turn first_turn + i -> its cutoff

    def _cutoff(self, i: int) -> datetime:
        while len(self._cutoffs) <= i:
            t = self._rules.first_turn + len(self._cutoffs)
            last = deadline_for(self._cfg, self._rules, t, self._rules.turn_phases[-1])
            self._cutoffs.append(stamp_cutoff(last, self._cfg.rules.deadline_minute_on_time))
        return self._cutoffs[i]

    def __call__(self, when: datetime | None) -> int:
        if when is None:
            return self.current
        t = self._rules.first_turn
        while t < self.current + 50:
            if when <= self._cutoff(t - self._rules.first_turn):
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
