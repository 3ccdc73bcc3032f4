"""What `step` takes besides the state: the turn's votes, posters, moves and host overrides."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.actions import InputRejected, Move, Vote

#: Host override kinds (config `[[override]]`, C-6).
OVERRIDE_KINDS: Final = (
    "hang",  # PEFL: hang `nick` (or nobody when nick is empty) instead of the vote's result
    "jail",  # Gambler: jail `nick` (or nobody) instead of the court's result / the coin
    "duel",  # Gambler G-N.5: `nick` lost the real duel and is jailed
    "remove",  # remove `nick` (step 3 rule-breaker; step=7: passive or voluntary leaver)
    "replace",  # the seat of `nick` is played from now on by account `new_nick`
    "count_vote",  # count a vote the parser refused: post_id, nick (voter), target
    "ignore_vote",  # drop the vote of post `post_id`
    "accept_move",  # accept a late move (applied by intake: the move is passed in `moves`)
    "extend_deadline",  # the daemon moves a deadline; nothing for the rules to do
)


@dataclass(frozen=True, slots=True)
class Override:
    """One host override (C-6); it wins over what the bot parsed and is announced."""

    kind: str
    nick: str | None = None
    new_nick: str | None = None
    target: str | None = None
    post_id: int | None = None
    step: int = 3
    reason: str = ""
    pm_id: int | None = None  # accept_move: the late PM (intake's business, not the rules')


@dataclass(frozen=True, slots=True)
class TurnInputs:
    """Everything the players and the host did up to the deadline `step` closes.

    votes: accepted votes in board order (greens and court votes for Gambler, reds for
    PEFL); the engine still drops votes of dead, beaten or non-players and applies "first
    vote counts" (P-V.3) / "last green counts" (G-N.1, G-N.4).
    rejected: votes the parser refused (they count as abstentions, P-V.5).
    posters: nicks with at least one post in the game topic this turn (P-A.1).
    moves: PM moves in arrival order.
    post_authors: the author of every game-topic post of the turn, in board order (for the
    dead's posts, P-P.2 / G-P.2); empty when the caller does not track them.
    posts_after_death: P-P.2 — how many posts a dead player may leave (None: one).
    """

    votes: tuple[Vote, ...] = ()
    rejected: tuple[InputRejected, ...] = ()
    posters: tuple[str, ...] = ()
    moves: tuple[Move, ...] = ()
    overrides: tuple[Override, ...] = ()
    post_authors: tuple[str, ...] = ()
    posts_after_death: int | None = None
