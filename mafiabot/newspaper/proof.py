"""Fair dealing: the start post commits to the role list, the final post reveals it."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence


def role_listing(seats: Sequence[tuple[str, str, str | None]]) -> str:
    """Canonical text of the dealt roles: one `nick:role[:clan]` line per seat, in seat order."""
    return "\n".join(f"{n}:{r}" + (f":{c}" if c else "") for n, r, c in seats)


def commitment(seats: Sequence[tuple[str, str, str | None]], seed: int, salt: str) -> str:
    """SHA-256 of `seed|salt|listing` — published at the start, verifiable at the end."""
    return hashlib.sha256(f"{seed}|{salt}|{role_listing(seats)}".encode()).hexdigest()
