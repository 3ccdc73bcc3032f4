"""Properties of `mafiabot replay` over random legal games (tests/scenario_gen.py).

For any cast of either rule set and any noise of votes and moves, living or dead: nobody
leaves the game twice, the dead never act (no death is caused by a role whose every holder
was already gone, no dead player is voted, greened or checked), every event agrees with the
state (`alive` is the cast minus everyone removed; a winner's camp is alive; a state that
meets a win condition has a winner; a dead player's move comes back refused), causes are
SCENARIO.md's, the same input gives the same output, and a game where the living keep voting
and killing ends. tests/test_replay_contract.py runs the same invariants over every scenario.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import scenario_gen
from tests.test_scenarios import CAUSES, replay_scenario

WINNERS = {"pefl": {"town", "yakuza", "triad", "maniac"}, "gambler": {"town", "mafia", "maniac"}}
PEFL_TOWN = {"civilian", "commissar", "sergeant", "ninja", "doctor", "necromancer", "bastard"}
GAMBLER_TOWN = {"civilian", "commissar", "sheriff", "doctor"}
GAMBLER_MAFIA = {"godfather", "mafia", "lawyer"}
# cause → the roles one of whose holders must have been able to act that night
CAUSE_ACTORS = {
    "maniac": {"maniac"},
    "ambush": {"maniac"},
    "ninja": {"ninja"},
    "sheriff": {"sheriff"},
    "mafia": {"godfather", "mafia"},
    "kamikaze": {"kamikaze"},
    "army": {"necromancer"},
}


def limits(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


def replay(tmp_path: Path, scenario: dict[str, Any]) -> dict[str, Any]:
    rc, out, err = replay_scenario(tmp_path, scenario)
    assert rc == 0, f"replay refused a legal game: {err.strip()}\n{json.dumps(scenario)}"
    doc: dict[str, Any] = json.loads(out)
    return doc


def check_invariants(scenario: dict[str, Any], doc: dict[str, Any]) -> None:
    ruleset = scenario["ruleset"]
    cast = {p["nick"]: p for p in scenario["players"]}
    role = {x: p["role"] for x, p in cast.items()}
    assert [t["turn"] for t in doc["turns"]] == [t["turn"] for t in scenario["turns"]]
    alive = set(cast)
    gone: set[str] = set()
    ended = False
    recruited: set[str] = set()
    for i, t in enumerate(doc["turns"]):
        n = t["turn"]
        for o in scenario["turns"][i].get("overrides", []):
            if o.get("kind") == "replace" and o["nick"] in alive:  # C-6: the seat plays on
                alive = (alive - {o["nick"]}) | {o["new_nick"]}
                cast[o["new_nick"]] = cast[o["nick"]]
                role[o["new_nick"]] = role[o["nick"]]
        start = set(alive)
        hanged = t["removed_by_vote"]
        leaving = list(t["missing"]) + [d["nick"] for d in t["deaths"]]
        if hanged is not None:
            leaving.append(hanged)
        # nobody dies (or leaves) twice
        assert len(leaving) == len(set(leaving)), f"turn {n}: {leaving}"
        assert set(leaving) <= start, f"turn {n}: a gone player left again: {set(leaving) - start}"
        if ended:
            assert not leaving, f"turn {n} was played after the game's end"
        # the dead are never voted, greened, nominated or checked
        assert set(t["votes"]) <= start, f"turn {n}: votes for the dead"
        assert set(t["greens"]) <= start and set(t["nominees"]) <= start
        assert set(t["abstained"]) <= start and set(t["missing"]) <= start
        assert set(t["beaten"]) <= start
        for c in t["checks"]:
            assert c["target"] in start, f"turn {n}: check of a dead player {c}"
        # the dead never act
        able = start - ({hanged} if hanged else set())
        able_roles = {role[x] for x in able}
        died = {d["nick"] for d in t["deaths"]}
        check_deaths(t, cast, role, able)
        # replay's extension: refusals with a reason (log A0); a turn that ends the game may
        # end it before the night, when no move is looked at
        # (or leave nobody to play the night)
        if "rejected_moves" in t and t["winner"] is None and not ended and t["alive"]:
            check_dead_moves_refused(t, scenario["turns"][i]["moves"], cast, start)
        for c in t["checks"]:
            by = c["by"]
            holders = {"commissar": {"commissar", "sergeant"}}.get(by, {by})
            assert able_roles & holders, f"turn {n}: a check by a gone {by}: {c}"
        # saved = attacked and alive at the night's end (a step-7 leaver may be one, P-A.2)
        assert set(t["saved"]) <= start - died - ({hanged} if hanged else set())
        if ruleset == "pefl":
            assert t["greens"] == {} and t["nominees"] == [] and t["recruited"] is None
        else:
            assert t["beaten"] == [] and t["missing"] == []
            assert t["recruited"] in (None, "town", "mafia")
            if t["recruited"]:
                recruited.add(t["recruited"])
        alive -= set(leaving)
        gone |= set(leaving)
        assert set(t["alive"]) == alive, f"turn {n}: alive disagrees with the removals"
        if t["winner"] is not None and not ended:
            ended = True
            assert t["winner"] in WINNERS[ruleset]
            assert doc["winner"] == t["winner"]
            check_winner(ruleset, cast, alive, t["winner"], recruited)
        elif not ended and (ruleset == "pefl" or n >= 2):
            check_no_winner_due(ruleset, cast, alive, n, recruited)
    assert set(doc["alive"]) == alive
    if not ended:
        assert doc["winner"] is None


def check_deaths(
    t: dict[str, Any], cast: dict[str, Any], role: dict[str, str], able: set[str]
) -> None:
    """Each death of a turn has a known cause, the right role and someone able to cause
    it. Apart from `check_invariants` so each invariant family reads on its own."""
    n = t["turn"]
    hanged = t["removed_by_vote"]
    able_roles = {role[x] for x in able}
    died = {d["nick"] for d in t["deaths"]}
    for d in t["deaths"]:
        cause = d["cause"]
        assert cause in CAUSES, d
        assert d["role"] == role[d["nick"]], d
        if cause in CAUSE_ACTORS:
            assert able_roles & CAUSE_ACTORS[cause], f"turn {n}: {d} with no actor alive"
        elif cause in ("yakuza", "triad"):
            assert any(cast[x].get("clan") == cause for x in able), f"turn {n}: {d}"
        elif cause == "harakiri":
            assert d["role"] == "ninja"
        elif cause == "thug_accident":
            assert d["role"] == "thug"
        elif cause == "testament":
            assert hanged is not None and role[hanged] == "ninja", f"turn {n}: {d}"
        if cause == "kamikaze":  # the blast takes the kamikaze too (P-M.9, P-M.10)
            assert any(role[x] == "kamikaze" for x in died), f"turn {n}: {t['deaths']}"
        if cause == "army":
            assert any(role[x] == "necromancer" for x in died), f"turn {n}: {t['deaths']}"


def check_dead_moves_refused(
    t: dict[str, Any], moves: list[dict[str, Any]], cast: dict[str, Any], start: set[str]
) -> None:
    """Replay's extension: a move sent by a player already gone is refused (log A0)."""
    n = t["turn"]
    refused = {r.get("from") for r in t["rejected_moves"]}
    for m in moves:
        if "action" not in m:  # a text PM may be unreadable: no move at all
            continue
        if m["from"] in cast and m["from"] not in start:
            assert m["from"] in refused, f"turn {n}: a dead player's move not refused {m}"


def check_winner(
    ruleset: str, cast: dict[str, Any], alive: set[str], winner: str, recruited: set[str]
) -> None:
    roles = {cast[x]["role"] for x in alive}
    if winner == "maniac":
        assert "maniac" in roles, alive
    elif ruleset == "pefl" and winner in ("yakuza", "triad"):
        assert any(cast[x].get("clan") == winner and cast[x]["role"] != "bastard" for x in alive)
    elif ruleset == "pefl":
        assert roles & PEFL_TOWN, alive
    elif winner == "mafia":
        assert roles & GAMBLER_MAFIA or ("mafia" in recruited and "prostitute" in roles), alive
    else:  # Gambler town: no godfather or mafia left (G-W.1)
        assert not roles & {"godfather", "mafia"}, alive


def camp(player: dict[str, Any]) -> str:
    """PEFL camp: a clan for its mafia, thug and kamikaze; the bastard is town (RULES.md)."""
    if player["role"] in ("mafia", "thug", "kamikaze"):
        return str(player["clan"])
    return "maniac" if player["role"] == "maniac" else "town"


def check_no_winner_due(
    ruleset: str, cast: dict[str, Any], alive: set[str], n: int, recruited: set[str]
) -> None:
    """A state that plainly meets a win condition at the end of a turn must carry a winner."""
    roles = [cast[x]["role"] for x in alive]
    if not alive:
        # Gambler: 'no godfather or mafia is left' holds → town (G-W.1, agreed in D5/A6).
        # PEFL: P-W.1 needs a living town player or clan member; nobody left names no winner.
        assert ruleset == "pefl", f"turn {n}: nobody left, no mafia left, and nobody won"
        return
    if roles == ["maniac"]:
        raise AssertionError(f"turn {n}: the maniac is alone and nobody won")
    if ruleset == "pefl":
        killers = [x for x in alive if cast[x]["role"] in ("mafia", "thug", "kamikaze", "maniac")]
        assert killers, f"turn {n}: only town left ({sorted(alive)}) and nobody won"
        camps = {camp(cast[x]) for x in alive}
        assert len(camps) > 1, f"turn {n}: one clan alone ({sorted(alive)}) and nobody won"
    else:
        assert {"godfather", "mafia"} & set(roles), f"turn {n}: no mafia left, nobody won"
        if len(recruited) > 1:
            return  # recruited by both sides over the game: which stands is not ruled
        town = sum(r in GAMBLER_TOWN for r in roles)
        mafia = sum(r in GAMBLER_MAFIA for r in roles)
        if "prostitute" in roles and recruited:
            town += "town" in recruited
            mafia += "mafia" in recruited
        assert not town < mafia, f"turn {n}: town {town} < mafia {mafia} and nobody won"


@limits(25)
@given(seed=st.integers(0, 2**32 - 1), ruleset=st.sampled_from(["pefl", "gambler"]))
def test_C_5_P_O_1_random_games_keep_every_invariant(
    seed: int, ruleset: str, tmp_path: Path
) -> None:
    scenario = scenario_gen.random_game(random.Random(seed), ruleset, 16, 8)
    check_invariants(scenario, replay(tmp_path, scenario))


@limits(8)
@given(seed=st.integers(0, 2**32 - 1), ruleset=st.sampled_from(["pefl", "gambler"]))
def test_G_N_5_P_E_1_replay_is_deterministic_for_a_seed(
    seed: int, ruleset: str, tmp_path: Path
) -> None:
    scenario = scenario_gen.random_game(random.Random(seed), ruleset)
    assert replay(tmp_path, scenario) == replay(tmp_path, scenario)


@limits(10)
@given(seed=st.integers(0, 2**32 - 1), ruleset=st.sampled_from(["pefl", "gambler"]))
def test_G_W_1_P_W_1_a_game_where_the_living_vote_and_kill_ends(
    seed: int, ruleset: str, tmp_path: Path
) -> None:
    """Every turn all living players vote (one leaves by the vote at least) and every killer
    shoots: within cast-size turns the game must end with a winner (or nobody left)."""
    rng = random.Random(seed)
    cast = scenario_gen.pefl_cast(rng) if ruleset == "pefl" else scenario_gen.gambler_cast(rng)
    nicks = [p["nick"] for p in cast]
    first = 0 if ruleset == "pefl" else 1
    scenario: dict[str, Any] = {
        "ruleset": ruleset,
        "seed": seed % 1000,
        "players": cast,
        "turns": [{"turn": first, "posts": [], "court_posts": [], "moves": [], "overrides": []}],
    }
    if ruleset == "pefl":
        del scenario["turns"][0]["court_posts"]
    alive = nicks
    doc = replay(tmp_path, scenario)
    post_id = 1
    for n in range(first + 1, first + len(cast) + 2):
        if doc["winner"] is not None or not alive:
            break
        turn = scenario_gen.bloodbath_turn(rng, ruleset, cast, alive, n, post_id)
        post_id += 2 * len(alive)
        scenario["turns"].append(turn)
        doc = replay(tmp_path, scenario)
        check_invariants(scenario, doc)
        alive = doc["turns"][-1]["alive"]
    assert doc["winner"] is not None or not doc["alive"], (
        f"no winner after {len(scenario['turns'])} turns; alive {doc['alive']}"
    )
