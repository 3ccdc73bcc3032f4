"""From a turn's events to what its newspaper says, as data for the templates.

What a newspaper may say is decided twice: the engine puts only publishable facts into PUBLIC
events, and `newspaper_view` reads nothing but PUBLIC events and maps killers to fixed phrases
(PEFL: by role, P-P.1; Gambler: not at all, G-P.1) — an unexpected value is dropped, never
printed.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any
from zoneinfo import ZoneInfo

from engine.base import PaperShows
from mafiabot.newspaper.grammar import gender_of, inflect, pick
from mafiabot.newspaper.record import vote_dict, vote_record_view
from mafiabot.newspaper.words import (
    CHECKER_RU,
    GAMBLER_MISSED_RU,
    MISSING_REASON_FORMS,
    NO_WINNER_RU,
    NOBODY_REASON_RU,
    OVERRIDE_PUBLIC_RU,
    SIDE_RU,
    VOTE_REJECT_GENERIC_RU,
    VOTE_REJECT_RU,
    WINNER_RU,
    RulesArg,
    cause_ru,
    role_label,
    rules_of,
)

log = logging.getLogger(__name__)

# Events as plain dicts (stored events and live engine events render the same way)


def event_dict(ev: Any) -> dict[str, Any]:
    """An engine event (or an already-plain dict) as {"kind", "audience", fields…}."""
    if isinstance(ev, Mapping):
        return dict(ev)
    d: dict[str, Any] = {"kind": type(ev).__name__}
    for f in dataclasses.fields(ev):
        v = getattr(ev, f.name)
        if f.name == "audience":
            v = str(v)
        elif isinstance(v, tuple):
            v = [list(x) if isinstance(x, tuple) else x for x in v]
        d[f.name] = v
    return d


def public_only(events: Iterable[Any]) -> list[dict[str, Any]]:
    return [d for d in map(event_dict, events) if d.get("audience", "public") == "public"]


# --------------------------------------------------------------------------------------------
# From public events to what the newspaper says


def _person(nick: str, role: str, genders: Mapping[str, str] | None) -> dict[str, Any]:
    """A named player of the paper: nick, role label, gender (None: unknown) and the nick in
    the cases the templates use (None: not declinable, say «игрока X» instead)."""
    return {
        "nick": nick,
        "role": role,
        "g": gender_of(nick, genders),
        "acc": inflect(nick, "accs"),
        "gen": inflect(nick, "gent"),
    }


def _ranked(counts: Iterable[Sequence[Any]], reached: Mapping[str, int]) -> list[tuple[str, int]]:
    """(nick, count) most first; equal counts by who reached that count first (P-V.4), as the
    vote record shows it (`reached`), else as given."""
    rows = [(str(n), int(c)) for n, c in counts]
    order = {n: i for i, (n, _c) in enumerate(rows)}
    return sorted(rows, key=lambda x: (-x[1], reached.get(x[0], len(rows) + order[x[0]])))


def _day_count_view(v: dict[str, Any], e: Mapping[str, Any]) -> bool:
    """Fill the paper's day counts (votes, greens, duel, nobody removed) from one event and
    say whether it was one. Apart from `newspaper_view`: these only copy counts, sorted."""
    k = e.get("kind")
    reached = v["record"]["reached"]
    if k == "VotesCounted":
        v["votes"] = _ranked(e.get("votes", []), reached)
        v["abstained"] = [str(n) for n in e.get("abstained", [])]
    elif k == "NobodyRemoved":
        v["nobody_removed"] = NOBODY_REASON_RU.get(e.get("reason", ""), "")
    elif k == "DuelTossed":
        v["duel"] = {"players": list(e.get("players", [])), "loser": e.get("loser")}
    elif k == "GreensCounted":
        v["greens"] = _ranked(e.get("greens", []), reached)
        v["nominees"] = list(e.get("nominees", []))
        v["self_greened"] = [str(n) for n in e.get("self_greened", [])]
        v["threshold"] = e.get("threshold")
    else:
        return False
    return True


def shows_of(ruleset: RulesArg) -> PaperShows:
    """What this rule set's paper prints beyond the common part (an unknown name: nothing)."""
    rules = rules_of(ruleset)
    return rules.paper if rules is not None else PaperShows()


def _killed_view(
    ruleset: RulesArg, e: Mapping[str, Any], kd: dict[str, Any], stories: bool
) -> dict[str, Any]:
    """One night kill as the paper tells it: `kd` (the person) with the cause where the rule
    set tells it (PEFL), the killer's story where it prints one (Gambler, G-M.10, unless the
    host publishes none: `stories`), and whether a civilian died."""
    shows = shows_of(ruleset)
    kd["cause"] = None
    kd["story"] = e.get("story") if shows.kill_story and stories else None
    if shows.kill_cause:
        by = e.get("by")
        kd["cause"] = cause_ru(by, kd["g"]) if isinstance(by, str) else None
        if by and kd["cause"] is None:
            log.warning("newspaper: unknown killer label %r dropped", by)
    # otherwise the cause is never printed (G-P.1: not by whom)
    kd["civilian"] = e.get("role") == "civilian"
    return kd


def _night_notes_view(
    ruleset: RulesArg,
    v: dict[str, Any],
    e: Mapping[str, Any],
    announce_check_roles: bool,
    genders: Mapping[str, str] | None,
) -> bool:
    """Fill the night notes a Gambler paper prints (checks made, the heal, blocked moves)
    from one event and say whether it was one; PEFL papers keep these secret."""
    k = e.get("kind")
    if k == "CheckAnnounced":
        result = e.get("result")
        v["checks"].append(
            {
                "by": CHECKER_RU.get(e.get("by", ""), e.get("by", "")),
                "made": bool(e.get("made")),
                "result": role_label(ruleset, result) if announce_check_roles and result else None,
            }
        )
    elif k == "HealAnnounced":
        v["healed"] = _person(str(e["nick"]), "", genders)
    elif k == "MoveBlocked":
        phrase = GAMBLER_MISSED_RU.get((e.get("role", ""), e.get("missed", "")))
        if phrase:
            v["blocked"].append(phrase)
    else:
        return False
    return True


def _removal_view(
    v: dict[str, Any],
    e: Mapping[str, Any],
    person: Callable[[Mapping[str, Any]], dict[str, Any]],
) -> bool:
    """Fill who left the game by day or by the host (hanged or jailed, missing, removed,
    replaced) from one event and say whether it was one."""
    k = e.get("kind")
    if k in ("Hanged", "Jailed"):
        v["removed_by_vote"] = {
            **person(e),
            "how": "hanged" if k == "Hanged" else "jailed",
            "votes": e.get("votes"),
            # the host's decision (C-6) or the vote's; see `_forced`
            "forced": e.get("nick") in v["forced"],
        }
    elif k == "WentMissing":
        m = person(e)
        forms = MISSING_REASON_FORMS.get(e.get("reason", ""))
        m["why"] = pick(m["g"], *forms) if forms else ""
        v["missing"].append(m)
    elif k == "Removed":
        v["removed"].append(person(e))
    elif k == "PlayerReplaced":
        v["replaced"].append((e.get("old"), e.get("new")))
    else:
        return False
    return True


#: the host's decisions the newspaper tells in the sentence about the player (not as a note)
_TOLD_IN_PLACE = ("hang", "jail", "duel", "remove", "replace")


def _forced(events: Sequence[Mapping[str, Any]]) -> tuple[set[str], bool, set[str]]:
    """Who left the day by the host's decision (C-6: a forced hanging or jailing, a real
    duel's loser), whether the host decided that nobody leaves, and which kinds he used."""
    nicks: set[str] = set()
    kinds: set[str] = set()
    nobody = False
    for e in events:
        if e.get("kind") == "OverrideApplied" and e.get("what") in ("hang", "jail", "duel"):
            kinds.add(str(e["what"]))
            if e.get("nick"):
                nicks.add(str(e["nick"]))
            else:
                nobody = True
    return nicks, nobody, kinds


def _override_note(e: Mapping[str, Any]) -> dict[str, Any] | None:
    """A host decision the paper notes at its end (a vote counted or not); None for those
    told where the player is named, and for a kind it has no words for."""
    what = str(e.get("what", ""))
    if what in _TOLD_IN_PLACE:
        return None
    words = OVERRIDE_PUBLIC_RU.get(what)
    if words is None:
        log.warning("newspaper: no words for the host decision %r; not printed", what)
        return None
    detail = str(e.get("detail") or "")
    note: dict[str, Any] = {"what": what, "words": words, "nick": e.get("nick"), "post": None}
    if what == "ignore_vote":
        note["post"] = detail if detail.isdigit() else None
    elif what == "count_vote":
        note["target"] = detail
    return note


def rejected_view(
    rejected: Sequence[Any], counted: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """The votes the bot did not count, each named with why (P-V.5: a rejected vote is an
    abstention, and players argue about them): one line per voter whose vote the paper would
    otherwise hide — not those with a counted vote, not outsiders or the dead. `rejected`:
    `engine.actions.InputRejected` records or mappings with its fields."""
    voted = {str(r.get("voter")) for r in counted}
    shown: dict[str, dict[str, Any]] = {}
    for r in rejected:
        d = r if isinstance(r, Mapping) else {f: getattr(r, f, None) for f in _REJECT_FIELDS}
        voter, reason = str(d.get("author") or ""), str(d.get("reason") or "")
        why = VOTE_REJECT_RU.get(reason, VOTE_REJECT_GENERIC_RU)
        if not voter or voter in voted or why is None:
            continue
        target = d.get("target")
        shown[voter] = {"voter": voter, "target": str(target) if target else "", "why": why}
    return list(shown.values())


_REJECT_FIELDS = ("author", "reason", "detail", "post_id", "target")


def newspaper_view(
    ruleset: RulesArg,
    events: Sequence[Mapping[str, Any]],
    *,
    announce_check_roles: bool = True,
    clans: Mapping[str, str | None] | None = None,
    genders: Mapping[str, str] | None = None,
    votes: Sequence[Any] = (),
    rejected: Sequence[Any] = (),
    stories: bool = True,
    tz: ZoneInfo | None = None,
) -> dict[str, Any]:
    """The newspaper's content as data. Reads only the kinds and fields listed here, the
    turn's counted votes (`votes`, public anyway: they were cast in the game topic) and the
    votes the bot did not count (`rejected`, as public: their posts are in the topic)."""
    clans = clans or {}
    shows = shows_of(ruleset)
    forced, forced_nobody, forced_kinds = _forced(events)

    def label(e: Mapping[str, Any]) -> str:
        return role_label(ruleset, e.get("role"), e.get("clan") or clans.get(e.get("nick", "")))

    def person(e: Mapping[str, Any]) -> dict[str, Any]:
        return _person(str(e["nick"]), label(e), genders)

    v: dict[str, Any] = {
        "removed_by_vote": None,
        "votes": [],
        "abstained": [],
        "record": vote_record_view(votes, tz),
        "rejected": rejected_view(rejected, [vote_dict(x) for x in votes]),
        "forced": forced,
        "forced_nobody": forced_nobody,
        "forced_kinds": forced_kinds,
        "tie": [],
        "nobody_removed": None,
        "duel": None,
        "greens": [],
        "nominees": [],
        "self_greened": [],
        "threshold": None,
        "missing": [],
        "removed": [],
        "replaced": [],
        "killed": [],
        "beaten": [],
        "checks": [],
        "healed": None,
        "blocked": [],
        "mafia_missed": False,
        "recruited": None,
        "overrides": [],
        "winner": None,
        "over": False,
        "killed_civilian": False,
    }
    for e in events:
        if _day_count_view(v, e):
            continue
        if shows.night_notes and _night_notes_view(ruleset, v, e, announce_check_roles, genders):
            continue
        if _removal_view(v, e, person):
            continue
        k = e.get("kind")
        if k == "Killed":
            v["killed"].append(_killed_view(ruleset, e, person(e), stories))
            if e.get("role") == "civilian":
                v["killed_civilian"] = True
        elif k == "Beaten" and shows.beaten:
            v["beaten"].append(_person(str(e["nick"]), "", genders))
        elif k == "MafiaMissed":
            v["mafia_missed"] = True
        elif k == "Recruited":
            v["recruited"] = SIDE_RU.get(e.get("side", ""), "")
        elif k == "OverrideApplied":
            note = _override_note(e)
            if note is not None:
                v["overrides"].append(note)
        elif k == "GameWon":
            v["over"] = True
            v["winner"] = WINNER_RU.get(e.get("winner") or "", NO_WINNER_RU)
    _dedupe_checks(v)
    v["tie"] = _tie(v)
    return v


def _dedupe_checks(v: dict[str, Any]) -> None:
    """A blocked checker's check is told once, as the move that did not happen (G-P.1), not
    also as «никого не проверял»."""
    blocked = " ".join(v["blocked"])
    v["checks"] = [
        c for c in v["checks"] if c["made"] or f"{c['by'].casefold()} не провёл" not in blocked
    ]


def _tie(v: dict[str, Any]) -> list[str]:
    """The players tied for most votes when the vote itself removed one of them (P-V.4: the
    one who reached the count first goes; the paper says so); [] otherwise."""
    out = v["removed_by_vote"]
    if out is None or out["forced"] or v["duel"] or not v["votes"]:
        return []
    top = v["votes"][0][1]
    tied = [n for n, c in v["votes"] if c == top]
    return tied if len(tied) > 1 and out["nick"] in tied else []
