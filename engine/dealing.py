"""Dealing roles (G-S.1, P-S.1): the role table for the player count (host-overridable),
then a uniform seeded shuffle. The engine logs nothing; the seed and the returned seats are
the record."""

from __future__ import annotations

import random
from collections.abc import Sequence

from mafiabot.engine.kinds import Role
from mafiabot.engine.rules import RuleSet
from mafiabot.engine.state import Seat


class DealError(ValueError):
    """The role table does not fit the players (the host's table is wrong)."""


def role_slots(rules: RuleSet, players: int) -> list[tuple[Role, str | None]]:
    """The (role, clan) slots of a game of this size, in a fixed order."""
    table = rules.role_table(players)
    if any(n < 0 for n in table.values()) or sum(table.values()) != players:
        raise DealError(f"role table for {players} players does not add up: {table}")
    unknown = set(table) - set(rules.roles)
    if unknown:
        raise DealError(f"unknown roles in the table: {sorted(unknown)}")
    slots: list[tuple[Role, str | None]] = []
    if rules.name == "pefl":
        # P-S.1: Yakuza has the kamikaze, Triad the thug; plain mafia split evenly (Yakuza
        # takes the odd one); one bastard per clan.
        plain = table.get("mafia", 0)
        clans = ["yakuza", "triad"]
        for i in range(plain):
            slots.append(("mafia", clans[i % 2]))
        slots += [("kamikaze", "yakuza")] * table.get("kamikaze", 0)
        slots += [("thug", "triad")] * table.get("thug", 0)
        for i in range(table.get("bastard", 0)):
            slots.append(("bastard", clans[i % 2]))
        for role in rules.roles:
            if role not in ("mafia", "kamikaze", "thug", "bastard"):
                slots += [(role, None)] * table.get(role, 0)
    else:
        for role in rules.roles:
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
