"""Dealing roles (G-S.1, P-S.1): the role table for the player count (host-overridable),
then a uniform seeded shuffle. The engine logs nothing; the seed and the returned seats are
the record."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.kinds import CLANS, Clan, Role
from engine.rules import RuleSet
from engine.state import Seat


class DealError(ValueError):
    """The role table does not fit the players (the host's table is wrong)."""


def role_slots(rules: RuleSet, players: int) -> list[tuple[Role, Clan | None]]:
    """The (role, clan) slots of a game of this size, in a fixed order."""
    table = rules.role_table(players)
    if any(n < 0 for n in table.values()) or sum(table.values()) != players:
        raise DealError(f"role table for {players} players does not add up: {table}")
    unknown = set(table) - set(rules.roles)
    if unknown:
        raise DealError(f"unknown roles in the table: {sorted(unknown)}")
    slots: list[tuple[Role, Clan | None]] = []
    # P-S.1: a clan role with a fixed clan goes there (the kamikaze to Yakuza, the thug to
    # Triad); the others alternate between the clans, Yakuza taking the odd one. The order
    # of the slots is part of the seeded deal: clan roles first, then the rest by role.
    for role in rules.clan_roles:
        fixed = rules.fixed_clans.get(role)
        slots += [(role, fixed or CLANS[i % len(CLANS)]) for i in range(table.get(role, 0))]
    for role in rules.roles:
        if role not in rules.clan_roles:
            slots += [(role, None)] * table.get(role, 0)
    return slots


def deal(rules: RuleSet, nicks: Sequence[str], rng: random.Random) -> tuple[Seat, ...]:
    """G-S.1 / P-S.1: every permutation of roles over players is equally likely (the
    seeded Fisher–Yates shuffle of `random.Random.shuffle`)."""
    if len(set(nicks)) != len(nicks):
        raise DealError("a nick appears twice")
    slots = role_slots(rules, len(nicks))
    rng.shuffle(slots)
    return tuple(Seat(nick=n, role=r, clan=c) for n, (r, c) in zip(nicks, slots, strict=True))
