"""What a player's PMs say, as data for the templates: the role PM (his role, what it does
and how to write its letters with the game's own nicks, his allies, the Don election), the
turn's news for him (checks, promotions, a side to choose), and the replies to his letters
(accepted, refused — with what he can still do — or asked back)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.base import RuleSetBase
from engine.settings import RulesSettings
from engine.words_ru import ACTION_WORDS
from mafiabot.newspaper.examples import Examples, example_letter, examples_for, with_game_nicks
from mafiabot.newspaper.words import (
    CHECKER_RU,
    CLAN_RU,
    REFUSAL_FINAL,
    RULESET_RU,
    RulesArg,
    RuleSetLike,
    name_of,
    refusal_ru,
    role_label,
    rules_of,
)

#: the roles whose letter is a kill (G-M.10: a kill letter may tell how it was done)
_KILLERS = ("sheriff", "maniac", "godfather", "mafia")


def role_actions(ruleset: RulesArg, role: str | None) -> tuple[str, ...]:
    """The night actions of `role` in `ruleset` (none for an unknown one)."""
    rules = rules_of(ruleset)
    if rules is None or not role:
        return ()
    return next((acts for r, acts in rules.role_actions.items() if r == role), ())


def _allies(events: Sequence[Mapping[str, Any]]) -> tuple[list[str], list[str]]:
    """The player's clan (or mafia) mates this PM names, and those of them a Don may be (a
    plain mafioso, P-S.2)."""
    mates: list[str] = []
    dons: list[str] = []
    for e in events:
        if e.get("kind") == "AcquaintanceMade" and e.get("reason") == "clan":
            for n, r in e.get("others", []):
                mates.append(str(n))
                if r == "mafia":
                    dons.append(str(n))
    return mates, dons


def _check_result(ruleset: RulesArg, result: str) -> str:
    """What a check found, as a PM says it: a role, or for a PEFL mafioso his clan (P-M.1)."""
    if result in CLAN_RU:
        return f"член клана {CLAN_RU[result]}"
    return role_label(ruleset, result)


def player_pm_view(
    ruleset: RulesArg,
    nick: str,
    events: Sequence[Mapping[str, Any]],
    living: Sequence[str],
    settings: RulesSettings,
    clan: Sequence[str] = (),
) -> dict[str, Any]:
    """The PM's data: each event with its words (`events`), and for a role PM what the role
    does with examples (`role`). `clan`: the player's living mafia mates when the PM itself
    does not name them (a Don's orders need an executor from among them)."""
    mates, dons = _allies(events)
    mates = mates or [m for m in clan if m != nick]
    ex = examples_for(nick, living, mates)
    out: list[dict[str, Any]] = []
    role: dict[str, Any] | None = None
    for e in events:
        d = dict(e)
        k = d.get("kind")
        if "role" in d:
            d["role_label"] = role_label(ruleset, d.get("role"), d.get("clan"))
        if "clan" in d:
            d["clan_label"] = CLAN_RU.get(str(d.get("clan")), "")
        if k == "RoleDealt":
            role = _role_view(ruleset, str(d.get("role") or ""), ex, dons, settings)
        elif k == "CheckResult":
            d["result_label"] = _check_result(ruleset, str(d.get("result") or ""))
            d["by_label"] = CHECKER_RU.get(str(d.get("by")), "Комиссар").lower()
        elif k == "AcquaintanceMade":
            d["others_labels"] = [(n, role_label(ruleset, r)) for n, r in d.get("others", [])]
        elif k == "DonChosen":
            d["me"] = d.get("nick") == nick
            d["example"] = example_letter(ruleset, "mafia", "kill", ex)
            d["alone"] = ex.ally is None  # the clan's last member shoots himself (P-M.8)
        elif k == "Promoted":
            d["example"] = example_letter(ruleset, "commissar", "check", ex)
        elif k in ("MoveAccepted", "MoveRejected"):
            d["action_label"] = ACTION_WORDS.get(str(d.get("action")), "ход")
            d["reason_ru"] = (
                refusal_ru(str(d.get("reason") or ""), "")[0] if k == "MoveRejected" else ""
            )
        out.append(d)
    return {"events": out, "role": role, "ruleset_name": RULESET_RU.get(name_of(ruleset), "")}


def _role_view(
    ruleset: RulesArg, role: str, ex: Examples, dons: Sequence[str], settings: RulesSettings
) -> dict[str, Any]:
    """What the role PM teaches: the role's letters with examples, whether the clan elects a
    Don now (P-S.2, with an eligible mate as the example), whether kill letters may carry a
    story (G-M.10), and the rule set's day duties."""
    rules = rules_of(ruleset)
    name = name_of(ruleset)
    acts = role_actions(ruleset, role)
    letters = {a: example_letter(name, role, a, ex) for a in acts}
    elect = bool(rules and rules.elects_dons and role in rules.clan_member_roles)
    don_ex = Examples(ex.target, ex.other, dons[0] if dons else None)
    # a kill letter's story (G-M.10) is printed only where the paper prints stories
    stories = bool(rules and rules.paper.kill_story) and role in _KILLERS
    return {
        "id": role,
        "acts": [a for a in acts if a != "choose_side"],
        "letters": letters,
        "elect_don": elect,
        "don_example": example_letter(name, role, "don", don_ex) if elect else "",
        "stories": stories and settings.kill_stories,
        "changes": _changes(rules, settings),
        "min_reason_words": settings.min_reason_words,
        "blocks_lawyer": settings.prostitute_blocks_lawyer,
    }


def _changes(rules: RuleSetLike | None, settings: RulesSettings) -> int | None:
    """How many times the role may change a request in a turn (P-M.0; None: no limit)."""
    if rules is None:
        return None
    obj = rules if isinstance(rules, RuleSetBase) else rules(settings)
    return obj.request_changes()


def reply_view(
    *,
    ruleset: RulesArg,
    role: str | None,
    nick: str,
    living: Sequence[str],
    moves_now: Sequence[str],
    reason: str,
    detail: str,
    clan: Sequence[str] = (),
    moves_if: Sequence[tuple[str, str]] = (),
) -> dict[str, Any]:
    """A reply's words beyond the move itself: the refusal and its extra line, whether a new
    letter can still count tonight (`retry`), the moves the sender has now and an example of
    his first one (`example`) — so a refusal never offers what he cannot do. `moves_if`: the
    moves a letter of his is kept for on a condition, with the code naming it (a Gambler
    mafioso's kill while the godfather lives, G-M.5/G-M.6) — he may still write one."""
    ex = examples_for(nick, living, [m for m in clan if m != nick])
    text, more = refusal_ru(reason, detail) if reason else ("", "")
    more = with_game_nicks(more, ex)  # the reader's hint writes «Ник» for a nick
    sendable = [*moves_now, *(a for a, _ in moves_if)]
    example = next((x for a in sendable if (x := example_letter(ruleset, role or "", a, ex))), "")
    retry = bool(sendable) and reason not in REFUSAL_FINAL
    return {
        "reason": text,
        # the reader's hint says how to write the letter again: only where one can count
        "detail": more if retry else "",
        "retry": retry,
        "moves_now": [ACTION_WORDS.get(a, a) for a in moves_now if a != "choose_side"],
        "moves_if": [{"action": ACTION_WORDS.get(a, a), "condition": c} for a, c in moves_if],
        "has_moves": bool(role_actions(ruleset, role)),
        "example": example,
    }
