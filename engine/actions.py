"""Player input as the engine takes it: votes from the topic, moves from PMs.

The parser turns posts and PM bodies into these records (nick resolution included); the
engine never sees HTML or free text. Ids are those of RULES.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final

from engine.kinds import GAMBLER_ROLES, PEFL_ROLES

# RULES.md action ids (PM moves). "don" is the PEFL turn-0 Don election (P-S.2).
ACTIONS: Final = (
    "kill",
    "check",
    "heal",
    "block",
    "beat",
    "blast",
    "protect",
    "ambush",
    "army",
    "choose_side",
    "don",
)
#: the roles of each rule set (defined with the other rule words in `engine.kinds`)
__all__ = ["ACTIONS", "GAMBLER_ROLES", "PEFL_ROLES", "InputRejected", "Move", "Vote"]


@dataclass(frozen=True, slots=True)
class Vote:
    """An accepted vote or nomination read from a post.

    kind: "green" (Gambler nomination, G-N.1), "court" (Gambler court vote, G-N.4),
    "red" (PEFL vote, P-V.1), "self" (G-N.2 implicit self-green).
    """

    voter: str
    target: str
    kind: str
    post_id: int | None = None
    at: datetime | None = None
    agreed_with: int | None = None  # P-V.2: the quoted vote's post id


@dataclass(frozen=True, slots=True)
class Move:
    """A night move sent by PM (C-2), already resolved to living players' nicks."""

    actor: str
    action: str
    targets: tuple[str, ...] = ()
    executor: str | None = None  # PEFL clan kill (P-M.8)
    story: str | None = None  # G-M.10: how the kill was done
    side: str | None = None  # choose_side: "town" | "mafia"
    at: datetime | None = None
    source_id: int | None = None  # board PM id


@dataclass(frozen=True, slots=True)
class InputRejected:
    """A post or PM the bot read but could not accept; the reason goes back to the sender.

    reason is a short code (e.g. "no_reason", "unknown_nick", "ambiguous_nick", "dead",
    "not_a_player", "changed_vote", "not_a_nominee"); detail is for humans.
    """

    author: str
    reason: str
    detail: str = ""
    post_id: int | None = None
    source_id: int | None = None
    #: a vote's target: the player it named, or the words it named him by when they name
    #: nobody (None: not a vote, or no target read)
    target: str | None = None
