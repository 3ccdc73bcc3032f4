"""`step`: the one entry point that moves a game forward at a deadline."""

from __future__ import annotations

import random
from datetime import datetime

from engine.events import Event
from engine.inputs import TurnInputs
from engine.rules import RuleSet
from engine.state import GameState


def step(
    state: GameState,
    inputs: TurnInputs,
    now: datetime | None,
    rng: random.Random,
    rules: RuleSet,
) -> tuple[GameState, list[Event]]:
    """Close the deadline the state is waiting for and return (new state, events).

    `now` is the deadline being closed (injected; the engine reads no clock), `rng` the
    game's seeded random source (coin tosses, appointments). A game that is over stays
    as it is and yields no events. Bad player input becomes rejection events.
    """
    del now  # the engine's results do not depend on the wall clock, only on the inputs
    if state.over:
        return state, []
    if state.ruleset != rules.name:
        raise ValueError(f"state is a {state.ruleset} game, rules are {rules.name}")
    return rules.resolve(state, inputs, rng)
