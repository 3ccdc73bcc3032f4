"""The rules engine: pure functions over frozen records (no I/O, clock or shared RNG).

Public API (stable; extend, never change):

- `get_ruleset(name, settings) -> RuleSet` — "gambler" or "pefl" (`RULESETS`), with a
  `RulesSettings` (every **Ruling** of RULES.md, each field documented with its rule id and
  default; the config `[rules]` table maps onto it by `RulesSettings.from_mapping`, which
  raises `SettingsError` naming a bad key).
- `engine.dealing.deal(rules, nicks, rng) -> seats`: the role table for the player count
  (G-S.1, P-S.1; `role_tables` setting overrides) dealt by a seeded uniform shuffle.
- `RuleSet.new_game(seats) -> GameState`, `RuleSet.introductions(state) -> events` (role PMs,
  who-knows-whom, G-S.3/P-S.3).
- `step(state, inputs, now, rng, rules) -> (state, events)` closes the deadline the state waits
  for (`state.turn`, `state.phase`): PEFL one deadline a turn ("day": votes, then the night in
  P-O.1 order; turn 0 also elects Dons); Gambler "day" for the introduction turn 1, then per
  turn "greens" (G-N.1–3) and "court" (court, jailing, night); "over" once won. `inputs` is a
  `TurnInputs` (votes, rejected votes, posters, post authors, moves, host `Override`s); `rng`
  an injected `random.Random` (coin tosses, appointments).
- `RuleSet.check_move(state, move) -> reason | None` validates a move on arrival; the same
  checks run again at the deadline, so a move aimed at someone the day removed is refused.
- `RuleSet.winner(state)`; `engine.bans.ban_games(n)` (P-B.1).
- Events (`engine.events`) are past-tense frozen records with an `audience`: `PUBLIC`
  (newspaper material, never a secret: no killer's nick, no executor, no ambushing maniac, no
  Gambler killer at all), `player(nick)` (a PM: role, checks, acquaintances, refusals), `HOST`
  (report: `DeathRecorded` with the exact cause and striker, `Saved`, `Resurrected`,
  `VoteIgnored`, `PostFlagged`). A newspaper is rendered from a turn's public events alone.
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
