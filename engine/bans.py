"""P-B.1: bans for removal (passivity or rule-breaking), kept across games by the daemon."""

from __future__ import annotations

BAN_GAMES = (1, 2, 4, 8, 16)


def ban_games(removal_number: int) -> int:
    """Games banned for a player's n-th removal (1st → 1, 2nd → 2, … 5th and later → 16)."""
    if removal_number < 1:
        return 0
    return BAN_GAMES[min(removal_number, len(BAN_GAMES)) - 1]


def is_banned(removals: list[int], games_played_since: list[int]) -> bool:
    """Whether a player is still banned: `removals[i]` is the removal number of his i-th
    removal, `games_played_since[i]` how many games have started since it."""
    return any(since < ban_games(n) for n, since in zip(removals, games_played_since, strict=True))
