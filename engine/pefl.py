"""Pefl rules (placeholder while the rules land)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import PEFL_ROLES, Move
from engine.events import Event
from engine.inputs import TurnInputs
from engine.settings import RulesSettings
from engine.state import GameState, Seat


class Pefl:
    name: str = "pefl"
    roles: tuple[str, ...] = PEFL_ROLES
    first_turn: int = 0

    def __init__(self, settings: RulesSettings) -> None:
        self.settings = settings

    def new_game(self, seats: Sequence[Seat]) -> GameState:
        raise NotImplementedError

    def introductions(self, state: GameState) -> list[Event]:
        return []

    def role_table(self, players: int) -> dict[str, int]:
        return {}

    def check_move(self, state: GameState, move: Move) -> str | None:
        return None

    def resolve(
        self, state: GameState, inputs: TurnInputs, rng: random.Random
    ) -> tuple[GameState, list[Event]]:
        return state, []

    def winner(self, state: GameState) -> str | None:
        return None
