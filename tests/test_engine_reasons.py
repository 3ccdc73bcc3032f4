"""Every reason code the engine can emit is listed in engine.reasons (C-2: refusals are
answered; the daemon's wording table is keyed by these codes)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from engine import Move, TurnInputs, Vote, get_ruleset, reasons, step
from engine import events as ev
from engine.dealing import deal

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def _codes_in_source() -> dict[str, set[str]]:
    """String codes the engine passes to reject()/ignored_vote() or returns from check_*."""
    found: dict[str, set[str]] = {"move": set(), "vote": set()}
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("check"):
                for sub in ast.walk(node):
                    value = sub.value if isinstance(sub, ast.Return) else None
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        found["move"].add(value.value)
                    if isinstance(sub, ast.IfExp):
                        for part in (sub.body, sub.orelse):
                            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                                found["move"].add(part.value)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                kind = {"reject": "move", "ignored_vote": "vote"}.get(node.func.id)
                if kind and len(node.args) >= 3 and isinstance(node.args[2], ast.Constant):
                    found[kind].add(str(node.args[2].value))
    return found


def test_C_2_every_refusal_code_in_the_source_is_listed() -> None:
    codes = _codes_in_source()
    assert codes["move"] and codes["vote"]
    assert codes["move"] <= set(reasons.MOVE_REJECT_REASONS)
    assert codes["vote"] <= set(reasons.VOTE_IGNORE_REASONS)


def test_C_2_reasons_emitted_in_random_games_are_listed() -> None:
    rng = random.Random(2026)
    actions = [
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
    ]
    seen: dict[type, set[str]] = {}
    for game_no in range(60):
        name = "pefl" if game_no % 2 else "gambler"
        rules = get_ruleset(name)
        n = rng.randint(11, 19) if name == "gambler" else rng.randint(20, 30)
        state = rules.new_game(deal(rules, [f"p{i}" for i in range(n)], rng))
        for _ in range(12):
            if state.over:
                break
            nicks = [p.nick for p in state.players] + ["stranger"]
            moves = []
            for _ in range(rng.randint(0, 12)):
                act = rng.choice(actions)
                k = 2 if act == "army" else 0 if act in ("ambush", "choose_side") else 1
                moves.append(
                    Move(
                        rng.choice(nicks),
                        act,
                        tuple(rng.sample(nicks, k)),
                        executor=rng.choice([*nicks, None]),
                        side="mafia",
                    )
                )
            kind = "red" if name == "pefl" else "green" if state.phase == "greens" else "court"
            votes = [Vote(rng.choice(nicks), rng.choice(nicks), kind) for _ in range(n)]
            inputs = TurnInputs(
                votes=tuple(votes), posters=state.living_nicks(), moves=tuple(moves)
            )
            state, events = step(state, inputs, None, rng, rules)
            for e in events:
                if isinstance(
                    e, ev.MoveRejected | ev.VoteIgnored | ev.NobodyRemoved | ev.WentMissing
                ):
                    seen.setdefault(type(e), set()).add(e.reason)
                if isinstance(e, ev.MoveRejected):
                    assert e.detail == ""
    assert seen[ev.MoveRejected] <= set(reasons.MOVE_REJECT_REASONS)
    assert seen[ev.VoteIgnored] <= set(reasons.VOTE_IGNORE_REASONS)
    assert seen[ev.NobodyRemoved] <= set(reasons.NOBODY_REMOVED_REASONS)
    assert seen.get(ev.WentMissing, set()) <= set(reasons.MISSING_REASONS)
    assert len(seen[ev.MoveRejected]) >= 10
