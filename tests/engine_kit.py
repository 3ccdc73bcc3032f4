"""Small builders for engine tests: casts, moves, votes, and one-call turns."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace

from engine import (
    Event,
    GameState,
    Move,
    Override,
    RuleSet,
    RulesSettings,
    Seat,
    TurnInputs,
    Vote,
    get_ruleset,
    step,
)
from engine import events as ev
from engine.kinds import as_clan, as_role


def seats(*specs: str) -> list[Seat]:
    """ "Nick:role[:clan][:don]" → Seat."""
    out = []
    for spec in specs:
        parts = spec.split(":")
        nick, role = parts[0], parts[1]
        clan = as_clan(parts[2]) if len(parts) > 2 and parts[2] else None
        don = len(parts) > 3 and parts[3] == "don"
        out.append(Seat(nick=nick, role=as_role(role), clan=clan, don=don))
    return out


def game(
    ruleset: str, *specs: str, turn: int | None = None, **settings: object
) -> tuple[RuleSet, GameState]:
    rules = get_ruleset(ruleset, RulesSettings.from_mapping(settings))
    state = rules.new_game(seats(*specs))
    if turn is not None:
        phase = "court" if ruleset == "gambler" and turn >= 2 else state.phase
        state = replace(state, turn=turn, phase=phase)
    return rules, state


def mv(
    actor: str,
    action: str,
    *targets: str,
    executor: str | None = None,
    story: str | None = None,
    side: str | None = None,
) -> Move:
    return Move(
        actor=actor,
        action=action,
        targets=tuple(targets),
        executor=executor,
        story=story,
        side=side,
    )


def red(voter: str, target: str, post_id: int | None = None) -> Vote:
    return Vote(voter=voter, target=target, kind="red", post_id=post_id)


def green(voter: str, target: str) -> Vote:
    return Vote(voter=voter, target=target, kind="green")


def court(voter: str, target: str) -> Vote:
    return Vote(voter=voter, target=target, kind="court")


def play(
    rules: RuleSet,
    state: GameState,
    moves: Sequence[Move] = (),
    votes: Sequence[Vote] = (),
    posters: Iterable[str] | None = None,
    overrides: Sequence[Override] = (),
    seed: int = 1,
    fresh: bool = True,
) -> tuple[GameState, list[Event]]:
    """Close one deadline; by default every living player posted (nobody goes missing) and
    earlier abstentions are forgotten (`fresh`), so a test plays only the rule it is about."""
    if fresh:
        state = replace(state, players=tuple(replace(p, abstentions=0) for p in state.players))
    if posters is None:
        posters = state.living_nicks()
    inputs = TurnInputs(
        votes=tuple(votes), posters=tuple(posters), moves=tuple(moves), overrides=tuple(overrides)
    )
    return step(state, inputs, None, random.Random(seed), rules)


def deaths(events: Sequence[Event]) -> dict[str, str]:
    """nick → cause of every death recorded (host view)."""
    return {e.nick: e.cause for e in events if isinstance(e, ev.DeathRecorded)}


def rejections(events: Sequence[Event]) -> dict[str, str]:
    """nick → reason of each refused move (last one wins)."""
    return {e.nick: e.reason for e in events if isinstance(e, ev.MoveRejected)}


def of(events: Sequence[Event], kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def alive(state: GameState) -> set[str]:
    return set(state.living_nicks())
