"""The `mafiabot replay` contract of SCENARIO.md, apart from the rules themselves.

Malformed scenarios exit 2 with one line on stderr naming the field; a played scenario prints
one JSON object whose shape follows SCENARIO.md: every input turn in order, empty results on
PEFL's zero turn and Gambler's introduction day, nothing played after the game's end,
`winner` on the ending turn, and an `alive` list that agrees with the turn's removals.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.test_engine_properties import check_invariants
from tests.test_scenarios import replay_scenario, scenario_files

TURN_KEYS: dict[str, Any] = {
    "turn": int,
    "nominees": list,
    "removed_by_vote": (str, type(None)),
    "greens": dict,
    "votes": dict,
    "rejected": list,
    "abstained": list,
    "missing": list,
    "deaths": list,
    "saved": list,
    "beaten": list,
    "checks": list,
    "recruited": (str, type(None)),
    "alive": list,
    "winner": (str, type(None)),
}
EMPTY: dict[str, Any] = {
    "nominees": [],
    "removed_by_vote": None,
    "greens": {},
    "votes": {},
    "rejected": [],
    "abstained": [],
    "missing": [],
    "deaths": [],
    "saved": [],
    "beaten": [],
    "checks": [],
    "recruited": None,
    "winner": None,
}


def run(tmp_path: Path, scenario: Any, raw: str | None = None) -> tuple[int, str, str]:
    return replay_scenario(tmp_path, scenario, raw)


def pefl(players: list[dict[str, Any]] | None = None, turns: list[Any] | None = None) -> Any:
    return {
        "ruleset": "pefl",
        "seed": 1,
        "players": players
        or [
            {"nick": "Анна", "role": "commissar"},
            {"nick": "Егор", "role": "civilian"},
            {"nick": "Жора", "role": "civilian"},
            {"nick": "Коля", "role": "mafia", "clan": "yakuza", "don": True},
            {"nick": "Олег", "role": "maniac"},
        ],
        "turns": turns if turns is not None else [{"turn": 0, "posts": [], "moves": []}],
    }


def chat(nick: str) -> dict[str, Any]:
    return {"author": nick, "html": "Я тут, читаю тему и думаю."}


def vote(nick: str, target: str) -> dict[str, Any]:
    return {
        "author": nick,
        "html": f'<span style="color: red">{target}</span> слишком тихо себя ведёт весь день',
    }


# ---------------------------------------------------------------- malformed → exit 2


def assert_malformed(rc: int, out: str, err: str, *fields: str) -> None:
    assert rc == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    for field in fields:
        assert field in lines[0], f"stderr does not name `{field}`: {lines[0]}"


def test_non_json_scenario_is_refused(tmp_path: Path) -> None:
    rc, out, err = run(tmp_path, None, raw="{ this is not json")
    assert_malformed(rc, out, err)
    assert "json" in err.lower()


def test_bad_ruleset_is_refused(tmp_path: Path) -> None:
    s = pefl()
    s["ruleset"] = "mafia"
    assert_malformed(*run(tmp_path, s), "ruleset")


def test_missing_ruleset_is_refused(tmp_path: Path) -> None:
    s = pefl()
    del s["ruleset"]
    assert_malformed(*run(tmp_path, s), "ruleset")


def test_unknown_role_is_refused(tmp_path: Path) -> None:
    s = pefl()
    s["players"][1]["role"] = "wizard"
    assert_malformed(*run(tmp_path, s), "players[1]", "role")


def test_role_of_the_other_ruleset_is_refused(tmp_path: Path) -> None:
    s = pefl()
    s["ruleset"] = "gambler"
    s["players"] = [{"nick": "Анна", "role": "ninja"}, {"nick": "Егор", "role": "civilian"}]
    s["turns"] = [{"turn": 1, "posts": [], "court_posts": [], "moves": []}]
    assert_malformed(*run(tmp_path, s), "role")


def test_P_S_1_pefl_mafia_without_clan_is_refused(tmp_path: Path) -> None:
    s = pefl()
    del s["players"][3]["clan"]
    assert_malformed(*run(tmp_path, s), "players[3]", "clan")


def test_turn_out_of_order_is_refused(tmp_path: Path) -> None:
    turns = [
        {"turn": 0, "posts": [], "moves": []},
        {"turn": 2, "posts": [], "moves": []},
        {"turn": 1, "posts": [], "moves": []},
    ]
    assert_malformed(*run(tmp_path, pefl(turns=turns)), "turn")


def test_G_S_2_gambler_has_no_zero_turn(tmp_path: Path) -> None:
    s = pefl()
    s["ruleset"] = "gambler"
    s["players"] = [{"nick": "Анна", "role": "commissar"}, {"nick": "Егор", "role": "civilian"}]
    s["turns"] = [{"turn": 0, "posts": [], "court_posts": [], "moves": []}]
    assert_malformed(*run(tmp_path, s), "turn")


def test_unknown_nick_in_a_structured_move_is_refused(tmp_path: Path) -> None:
    turns = [
        {"turn": 0, "posts": [], "moves": [{"from": "Олег", "action": "kill", "targets": ["Зоя"]}]}
    ]
    assert_malformed(*run(tmp_path, pefl(turns=turns)), "targets")


def test_unknown_executor_is_refused(tmp_path: Path) -> None:
    turns = [
        {"turn": 0, "posts": [], "moves": []},
        {
            "turn": 1,
            "posts": [chat(n) for n in ("Анна", "Егор", "Жора", "Коля", "Олег")],
            "moves": [{"from": "Коля", "action": "kill", "targets": ["Егор"], "executor": "Зоя"}],
        },
    ]
    assert_malformed(*run(tmp_path, pefl(turns=turns)), "executor")


def test_duplicate_nick_is_refused(tmp_path: Path) -> None:
    s = pefl()
    s["players"][2]["nick"] = "Егор"
    assert_malformed(*run(tmp_path, s), "nick")


def test_C_2_move_from_a_non_player_is_a_refused_move(tmp_path: Path) -> None:
    """C-2: only the player's own account moves for him. A PM from a forum user outside the
    game is ordinary input, refused as `not_a_player` (settled in the disputes log, D3/A2),
    not a malformed scenario — unlike an unknown nick inside a structured move."""
    turns = [
        {"turn": 0, "posts": [], "moves": [{"from": "Зоя", "action": "kill", "targets": ["Егор"]}]}
    ]
    rc, out, err = run(tmp_path, pefl(turns=turns))
    assert rc == 0, err
    zero = json.loads(out)["turns"][0]
    assert zero["deaths"] == []
    assert any(
        r.get("from") == "Зоя" and r.get("reason") == "not_a_player"
        for r in zero.get("rejected_moves", [])
    )


def test_outsider_post_author_is_played_not_refused(tmp_path: Path) -> None:
    """SCENARIO.md: a post author who is not a player is an outsider; his red vote is none."""
    posts = [vote("Анна", "Коля"), vote("Зритель", "Егор"), vote("Прохожий", "Егор")]
    posts += [chat(n) for n in ("Егор", "Жора", "Коля", "Олег")]
    turns = [{"turn": 0, "posts": [], "moves": []}, {"turn": 1, "posts": posts, "moves": []}]
    rc, out, err = run(tmp_path, pefl(turns=turns))
    assert rc == 0, err
    t1 = json.loads(out)["turns"][1]
    assert t1["votes"] == {"Коля": 1}
    assert t1["removed_by_vote"] == "Коля"


# ---------------------------------------------------------------- output shape


def test_every_turn_in_order_with_all_fields_and_empty_zero_turn(tmp_path: Path) -> None:
    everyone = ("Анна", "Егор", "Жора", "Коля", "Олег")
    turns = [{"turn": 0, "posts": [], "moves": []}] + [
        {"turn": n, "posts": [chat(x) for x in everyone], "moves": []} for n in (1,)
    ]
    rc, out, _ = run(tmp_path, pefl(turns=turns))
    assert rc == 0
    doc = json.loads(out)
    assert set(doc) >= {"turns", "winner", "alive"}
    assert [t["turn"] for t in doc["turns"]] == [0, 1]
    for t in doc["turns"]:
        for key, typ in TURN_KEYS.items():
            assert isinstance(t[key], typ), (key, t[key])
    zero = doc["turns"][0]
    assert {k: zero[k] for k in EMPTY} == EMPTY
    assert sorted(zero["alive"]) == sorted(everyone)


def test_P_S_2_zero_turn_results_are_empty_even_with_posts_and_moves(tmp_path: Path) -> None:
    turns = [
        {
            "turn": 0,
            "posts": [vote("Анна", "Коля"), vote("Егор", "Коля")],
            "moves": [
                {"from": "Коля", "action": "kill", "targets": ["Егор"], "executor": "Коля"},
                {"from": "Анна", "action": "check", "targets": ["Коля"]},
            ],
        }
    ]
    rc, out, _ = run(tmp_path, pefl(turns=turns))
    assert rc == 0
    zero = json.loads(out)["turns"][0]
    assert {k: zero[k] for k in EMPTY} == EMPTY


def test_G_S_2_gambler_introduction_day_has_empty_results(tmp_path: Path) -> None:
    players: list[dict[str, Any]] = [
        {"nick": "Анна", "role": "commissar"},
        {"nick": "Борис", "role": "sheriff"},
        {"nick": "Евгений", "role": "godfather"},
        {"nick": "Игорь", "role": "civilian"},
        {"nick": "Кира", "role": "civilian"},
    ]
    turns = [
        {
            "turn": 1,
            "posts": [{"author": "Анна", "html": 'Я за <span style="color:green">Евгений</span>'}],
            "court_posts": [{"author": "Борис", "html": "Евгений"}],
            "moves": [
                {"from": "Борис", "action": "kill", "targets": ["Евгений"]},
                {"from": "Евгений", "action": "kill", "targets": ["Игорь"]},
            ],
        }
    ]
    rc, out, _ = run(
        tmp_path, {"ruleset": "gambler", "seed": 3, "players": players, "turns": turns}
    )
    assert rc == 0
    doc = json.loads(out)
    assert [t["turn"] for t in doc["turns"]] == [1]
    one = doc["turns"][0]
    assert {k: one[k] for k in EMPTY} == EMPTY
    assert sorted(one["alive"]) == sorted(p["nick"] for p in players)


def test_P_W_1_no_turn_after_the_end_is_played(tmp_path: Path) -> None:
    """The game ends on turn 1 (the last mafioso hanged, the maniac absent); turn 2's votes
    and kill letter are not played, yet turn 2 still appears in the output."""
    players: list[dict[str, Any]] = [
        {"nick": "Анна", "role": "commissar"},
        {"nick": "Егор", "role": "civilian"},
        {"nick": "Жора", "role": "civilian"},
        {"nick": "Коля", "role": "mafia", "clan": "yakuza", "don": True},
    ]
    everyone = [p["nick"] for p in players]
    turns = [
        {"turn": 0, "posts": [], "moves": []},
        {
            "turn": 1,
            "posts": [
                vote("Анна", "Коля"),
                vote("Егор", "Коля"),
                vote("Жора", "Коля"),
                vote("Коля", "Анна"),
            ],
            "moves": [{"from": "Коля", "action": "kill", "targets": ["Егор"], "executor": "Коля"}],
        },
        {
            "turn": 2,
            "posts": [vote("Анна", "Жора"), vote("Егор", "Жора"), vote("Жора", "Анна")],
            "moves": [{"from": "Анна", "action": "check", "targets": ["Жора"]}],
        },
    ]
    rc, out, _ = run(tmp_path, pefl(players, turns))
    assert rc == 0
    doc = json.loads(out)
    assert [t["turn"] for t in doc["turns"]] == [0, 1, 2]
    one, two = doc["turns"][1], doc["turns"][2]
    assert one["removed_by_vote"] == "Коля"
    assert one["deaths"] == []
    assert one["winner"] == "town"
    assert doc["winner"] == "town"
    assert two["removed_by_vote"] is None
    assert two["votes"] == {}
    assert two["deaths"] == [] and two["checks"] == [] and two["missing"] == []
    assert sorted(two["alive"]) == sorted(x for x in everyone if x != "Коля")
    assert sorted(doc["alive"]) == sorted(two["alive"])


def test_replay_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    path = next(p for p in scenario_files() if p.stem == "gambler_G_N_5_duel_by_seeded_coin")
    scenario = json.loads(path.read_text("utf-8"))
    first = run(tmp_path, scenario)
    second = run(tmp_path, scenario)
    assert first[0] == 0
    assert first == second


# ---------------------------------------------------------------- every scenario's output


def _outputs() -> list[Any]:
    return [pytest.param(p, id=p.stem) for p in scenario_files()]


@pytest.mark.parametrize("path", _outputs())
def test_output_bookkeeping_agrees_with_itself(path: Path, tmp_path: Path) -> None:
    """For every scenario, the invariants of the property tests: one output turn per input
    turn in order; each turn's `alive` is the previous one minus the hanged/jailed, the
    missing and the dead (nobody comes back, nobody leaves twice); causes are SCENARIO.md's
    and roles the cast's; no death without a living actor; the winner's camp lives and a due
    win is declared on the turn that ends the game, after which nothing changes."""
    scenario = json.loads(path.read_text("utf-8"))
    rc, out, err = run(tmp_path, scenario)
    assert rc == 0, err
    check_invariants(scenario, json.loads(out))
