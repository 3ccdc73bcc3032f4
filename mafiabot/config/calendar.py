"""The turn calendar (C-1) as the config sets it, rehearsals included.

In a rehearsal (`[game] rehearsal = true`) every span measured from `start` shrinks
sixty-fold, hours becoming minutes; `GameConfig.hour` is the matching unit for the other
hour counts (last word, hourly interim count).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.rules import ruleset_class
from mafiabot.config.sections import GameConfig

#: How much a rehearsal shrinks the calendar by default: an hour lasts a minute
#: (`[game] rehearsal_speedup`).
REHEARSAL_SPEEDUP = 60


def stamp_cutoff(deadline: datetime, minute_on_time: bool = True) -> datetime:
    """The last moment a board stamp is on time for `deadline` (C-1). Boards show times to
    the minute, so under the ruling `deadline_minute_on_time` the deadline's whole minute is
    on time; without it only up to the deadline itself."""
    if not minute_on_time:
        return deadline
    return deadline.replace(second=0, microsecond=0) + timedelta(minutes=1, microseconds=-1)


def _on_calendar(game: GameConfig, real: datetime) -> datetime:
    """A deadline of the real calendar moved onto this game's (rehearsal: sixty-fold faster)."""
    if not game.rehearsal:
        return real
    return game.start + (real - game.start) / game.rehearsal_speedup


def _real_gambler(game: GameConfig, turn: int) -> tuple[datetime, datetime]:
    day_start = game.start + timedelta(hours=game.cycle_hours * (turn - 1))
    first = day_start.replace(
        hour=game.deadline_time.hour,
        minute=game.deadline_time.minute,
        second=0,
        microsecond=0,
    )
    if first <= day_start:
        first += timedelta(days=1)
    return first, first + timedelta(days=1)


def gambler_deadlines(game: GameConfig, turn: int) -> tuple[datetime, datetime]:
    """C-1, the daily clock (Gambler): turn n's greens close at the first `deadline_time`
    (23:59) on or after its start, court votes and night letters at the same time one day
    later; each turn is `cycle_hours` (48 h) long. Day 1 (G-S.2) is turn 1."""
    greens, court = _real_gambler(game, turn)
    return _on_calendar(game, greens), _on_calendar(game, court)


def _listed_deadline(game: GameConfig, turn: int) -> datetime:
    """C-1, the host's list (PEFL): the deadline he gave for `turn` (turn 0 first), and past
    the list one every `turn_hours`."""
    if turn < len(game.deadlines):
        return _on_calendar(game, game.deadlines[turn])
    last = game.deadlines[-1] if game.deadlines else game.start
    real = last + timedelta(hours=game.turn_hours * (turn - len(game.deadlines) + 1))
    return _on_calendar(game, real)


def turn_deadlines(game: GameConfig, turn: int) -> tuple[datetime, ...]:
    """Every deadline of `turn`, one per phase of the rule set's turn, in order: from the
    host's list where the rule set has the host announce them, else on the daily clock."""
    if ruleset_class(game.ruleset).host_deadlines:
        return (_listed_deadline(game, turn),)
    return gambler_deadlines(game, turn)


def turn_deadline(game: GameConfig, turn: int) -> datetime:
    """The deadline that closes `turn` (the last of its deadlines)."""
    return turn_deadlines(game, turn)[-1]


def first_turn(game: GameConfig) -> int:
    """The rule set's first turn (PEFL turn 0, Gambler day 1, G-S.2)."""
    return ruleset_class(game.ruleset).first_turn


def past_deadlines(game: GameConfig, now: datetime, limit: int = 1000) -> list[datetime]:
    """Every deadline (each intermediate Gambler one included) already past at `now`, in
    order, at most `limit` of them: what a bot starting now would find to close."""
    out: list[datetime] = []
    turn = first_turn(game)
    while len(out) < limit:
        for dt in turn_deadlines(game, turn):
            if dt > now or len(out) >= limit:
                return out
            out.append(dt)
        turn += 1
    return out
