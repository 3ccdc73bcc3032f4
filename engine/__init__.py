"""The rules engine: pure functions over frozen records (no I/O, no clock, no global random).

Public API (stable; extend, never change):

- `get_ruleset(name, settings) -> RuleSet` — "gambler" or "pefl" (`RULESETS`), with a
  `RulesSettings` (every **Ruling** of RULES.md; the config `[rules]` section maps onto it via
  `RulesSettings.from_mapping`).
- `RuleSet.new_game(seats) -> GameState` from dealt `Seat`s (see `engine.dealing.deal` for a
  seeded deal by the role tables of G-S.1/P-S.1), `RuleSet.introductions(state) -> events`
  (role PMs, who-knows-whom, G-S.3/P-S.3).
- `step(state, inputs, now, rng, rules) -> (state, events)` closes the deadline the state waits
  for (`state.turn`, `state.phase`): PEFL one deadline a turn ("day": votes, then the night in
  P-O.1 order); Gambler "greens" (G-N.1–3) then "court" (court, jailing, night), and the
  introduction turn 1 ("day"). `inputs` is a `TurnInputs` (votes, rejected votes, posters,
  moves, host `Override`s); `rng` an injected `random.Random`.
- `RuleSet.check_move(state, move) -> reason | None` validates a move on arrival (the same
  checks run again at the deadline).
- Events (`engine.events`) are past-tense frozen records with an `audience`: `PUBLIC`
  (newspaper, never a secret), `player(nick)` (PM), `HOST` (report). `DeathRecorded` (host)
  carries the exact cause; `Killed` (public) only what the newspaper may say.
"""

from __future__ import annotations

from engine.actions import InputRejected, Move, Vote
from engine.events import HOST, PUBLIC, Audience, Event, player
from engine.inputs import Override, TurnInputs
from engine.rules import RULESETS, RuleSet, UnknownRuleset, get_ruleset
from engine.settings import RulesSettings, SettingsError
from engine.state import GameState, Player, Seat
from engine.step import step

__all__ = [
    "HOST",
    "PUBLIC",
    "RULESETS",
    "Audience",
    "Event",
    "GameState",
    "InputRejected",
    "Move",
    "Override",
    "Player",
    "RuleSet",
    "RulesSettings",
    "Seat",
    "SettingsError",
    "TurnInputs",
    "UnknownRuleset",
    "Vote",
    "get_ruleset",
    "player",
    "step",
]
