"""The vote record: who voted for whom in a phase (P-V.1, P-V.2, G-N.1, G-N.4), and the
whole game's votes against each player (P-E.1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

VOTE_FIELDS = ("voter", "target", "kind", "post_id", "at", "agreed_with", "turn")


def vote_dict(vote: Any) -> dict[str, Any]:
    """A counted vote as a plain dict: an `engine.actions.Vote`, or a mapping with the same
    fields (voter, target, kind, post_id, at, agreed_with; `turn` for a whole game's record)."""
    if isinstance(vote, Mapping):
        d = {f: vote.get(f) for f in VOTE_FIELDS}
    else:
        d = {f: getattr(vote, f, None) for f in VOTE_FIELDS}
    at = d["at"]
    if isinstance(at, str):
        try:
            d["at"] = datetime.fromisoformat(at)
        except ValueError:
            d["at"] = None
    return d


def short_when(at: Any, tz: ZoneInfo | None) -> str:
    if not isinstance(at, datetime):
        return ""
    if tz is not None and at.tzinfo is not None:
        at = at.astimezone(tz)
    return f"{at:%d.%m %H:%M}"


def vote_record_view(votes: Sequence[Any], tz: ZoneInfo | None = None) -> dict[str, Any]:
    """One turn's counted votes for the templates: `order` (in the order cast, each with its
    number and the number of the vote it agreed with, P-V.2), `by_target` (target, voters,
    most votes first; ties: who reached the count first, P-V.4), `self` (G-N.2 implicit
    self-greens), `reached` (target → the index of the vote that gave him his count)."""
    rows = [vote_dict(x) for x in votes]
    cast = [r for r in rows if r["kind"] != "self"]
    number_of_post: dict[Any, int] = {}
    order = []
    for i, r in enumerate(cast, 1):
        if r["post_id"] is not None:
            number_of_post.setdefault(r["post_id"], i)
        agreed = r["agreed_with"]
        ref = number_of_post.get(agreed) if agreed is not None else None
        ref_voter = cast[ref - 1]["voter"] if ref else None
        order.append(
            {
                "n": i,
                "voter": r["voter"],
                "target": r["target"],
                "when": short_when(r["at"], tz),
                "agreed": agreed is not None,
                "agreed_n": ref,
                "agreed_voter": ref_voter,
            }
        )
    by_target: dict[str, list[str]] = {}
    reached: dict[str, int] = {}  # target → the vote that gave him his final count
    for i, r in enumerate(cast):
        by_target.setdefault(str(r["target"]), []).append(str(r["voter"]))
        reached[str(r["target"])] = i
    # most votes first; equal counts: who reached that count first (P-V.4)
    ranked = sorted(by_target.items(), key=lambda kv: (-len(kv[1]), reached[kv[0]]))
    return {
        "order": order,
        "by_target": [{"target": t, "count": len(vs), "voters": vs} for t, vs in ranked],
        "self": [str(r["voter"]) for r in rows if r["kind"] == "self"],
        "reached": reached,
    }


def votes_against(votes: Sequence[Any]) -> list[dict[str, Any]]:
    """P-E.1: the votes against each player over the whole game (red votes), fewest last, and
    the time of the first vote against him (equal counts: the earlier first vote loses)."""
    seen: dict[str, dict[str, Any]] = {}
    for i, r in enumerate(vote_dict(x) for x in votes):
        if r["kind"] not in (None, "red"):
            continue
        row = seen.setdefault(
            str(r["target"]), {"nick": str(r["target"]), "count": 0, "first": None, "seq": i}
        )
        row["count"] += 1
        at = r["at"]
        if isinstance(at, datetime) and (row["first"] is None or at < row["first"]):
            row["first"] = at
    return sorted(seen.values(), key=lambda x: (-x["count"], x["seq"]))


def record_kind(votes: Sequence[Mapping[str, Any]]) -> str:
    """Which vote a block of the record holds (a block is one phase's: one kind, and the
    implicit self-greens beside greens, G-N.2); a block of self-greens alone says "red"."""
    kinds = [d.get("kind") for d in votes if d.get("kind") != "self"]
    return str(kinds[0]) if kinds else "red"


def tally_by_reach(cast: Sequence[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    """(target, voters) from (voter, target) pairs in the order cast: most votes first, equal
    counts by who reached that count first (P-V.4) — the order the paper and the interim
    count print, and the order that decides a PEFL tie."""
    by_target: dict[str, list[str]] = {}
    reached: dict[str, int] = {}
    for i, (voter, target) in enumerate(cast):
        by_target.setdefault(target, []).append(voter)
        reached[target] = i
    return sorted(by_target.items(), key=lambda kv: (-len(kv[1]), reached[kv[0]]))
