"""`mafiabot replay`: the SCENARIO.md contract (fields, order, overrides, malformed input)."""

from __future__ import annotations

import contextlib
import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from engine import Move
from mafiabot import cli
from mafiabot.replay import load_scenario, play

PEFL_CAST: list[dict[str, Any]] = [
    {"nick": "Анна", "role": "commissar"},
    {"nick": "Борис", "role": "mafia", "clan": "triad", "don": True},
    {"nick": "Вова", "role": "thug", "clan": "triad"},
    {"nick": "Гена", "role": "bastard", "clan": "triad"},
    {"nick": "Дима", "role": "sergeant"},
    {"nick": "Женя", "role": "maniac"},
    {"nick": "Зоя", "role": "civilian"},
    {"nick": "Илья", "role": "civilian"},
]
RED = '<span style="color:red">{}</span>'


def everyone_posts(cast: list[dict[str, Any]], skip: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    return [
        {"author": p["nick"], "html": "Всем привет, читаю тему."}
        for p in cast
        if p["nick"] not in skip
    ]


def run(scenario: dict[str, Any], tmp_path: Path) -> tuple[int, dict[str, Any] | None, str]:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(["replay", str(path)])
    return rc, (json.loads(out.getvalue()) if rc == 0 else None), err.getvalue()


def pefl_game(turns: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    cast = copy.deepcopy(PEFL_CAST)
    return {"ruleset": "pefl", "seed": 7, "players": cast, "turns": turns, **extra}


def test_replay_output_fields_in_order_and_turn_zero(tmp_path: Path) -> None:
    turns: list[dict[str, Any]] = [
        {"turn": 0, "posts": [], "moves": [{"from": "Женя", "action": "kill", "targets": ["Зоя"]}]},
        {
            "turn": 1,
            "posts": [
                {
                    "id": 1,
                    "author": "Анна",
                    "html": RED.format("Борис") + " молчит весь день, подозрительно",
                },
                *everyone_posts(PEFL_CAST, skip=("Анна", "Зоя")),
            ],
            "moves": [{"from": "Анна", "text": "Проверяю Гену"}],
        },
    ]
    rc, out, _ = run(pefl_game(turns), tmp_path)
    assert rc == 0 and out is not None
    assert list(out) == ["turns", "winner", "alive"]
    t0, t1 = out["turns"]
    assert t0["turn"] == 0 and t0["deaths"] == [
        {"nick": "Зоя", "role": "civilian", "cause": "maniac"}
    ]
    keys = [
        "turn",
        "nominees",
        "removed_by_vote",
        "greens",
        "votes",
        "rejected",
        "abstained",
        "missing",
        "deaths",
        "saved",
        "beaten",
        "checks",
        "recruited",
        "alive",
        "winner",
    ]
    assert list(t1)[: len(keys)] == keys
    assert t1["removed_by_vote"] == "Борис" and t1["votes"] == {"Борис": 1}
    assert {"by": "commissar", "target": "Гена", "result": "bastard"} in t1["checks"]
    assert {"by": "sergeant", "target": "Гена", "result": "bastard"} in t1["checks"]
    assert "Анна" not in t1["abstained"] and "Борис" in t1["abstained"]
    assert out["alive"] == t1["alive"]


def test_P_V_1_replay_vote_without_reason_rejected_and_abstains(tmp_path: Path) -> None:
    turns: list[dict[str, Any]] = [
        {"turn": 0},
        {
            "turn": 1,
            "posts": [
                {"author": "Илья", "html": RED.format("Вова")},
                *everyone_posts(PEFL_CAST, skip=("Илья",)),
            ],
        },
    ]
    _, out, _ = run(pefl_game(turns), tmp_path)
    assert out is not None
    t1 = out["turns"][1]
    assert {"author": "Илья", "reason": "no_reason"} in t1["rejected"]
    assert "Илья" in t1["abstained"] and t1["removed_by_vote"] is None


def test_P_V_2_replay_quote_of_an_accepted_vote_is_agreement(tmp_path: Path) -> None:
    quote = (
        '<blockquote cite="./viewtopic.php?p=5#p5"><div><cite>Анна писал(а):</cite>'
        + RED.format("Вова")
        + " громила, точно громила</div></blockquote>"
    )
    turns: list[dict[str, Any]] = [
        {"turn": 0},
        {
            "turn": 1,
            "posts": [
                {"id": 5, "author": "Анна", "html": RED.format("Вова") + " громила, точно громила"},
                {"id": 6, "author": "Илья", "html": quote + RED.format("Вова")},
                *everyone_posts(PEFL_CAST, skip=("Анна", "Илья")),
            ],
        },
    ]
    _, out, _ = run(pefl_game(turns), tmp_path)
    assert out is not None and out["turns"][1]["votes"] == {"Вова": 2}


def test_P_A_1_replay_missing_player_and_turn_after_the_end(tmp_path: Path) -> None:
    cast = [
        {"nick": "A", "role": "civilian"},
        {"nick": "B", "role": "maniac"},
        {"nick": "C", "role": "civilian"},
        {"nick": "D", "role": "civilian"},
    ]
    turns: list[dict[str, Any]] = [
        {"turn": 0, "moves": [{"from": "B", "action": "kill", "targets": ["C"]}]},
        {"turn": 1, "posts": [{"author": "B", "html": "привет"}]},
        {"turn": 2, "posts": [{"author": "B", "html": "я один"}]},
    ]
    _, out, _ = run({"ruleset": "pefl", "seed": 1, "players": cast, "turns": turns}, tmp_path)
    assert out is not None
    t1 = out["turns"][1]
    assert t1["missing"] == ["A", "D"] and t1["winner"] == "maniac"
    assert [t["turn"] for t in out["turns"]] == [0, 1, 2]
    assert out["turns"][2]["winner"] is None and out["winner"] == "maniac"


GAMBLER_CAST: list[dict[str, Any]] = [
    {"nick": "Крёстный", "role": "godfather"},
    {"nick": "Бандит", "role": "mafia"},
    {"nick": "Адвокат", "role": "lawyer"},
    {"nick": "Комиссар", "role": "commissar"},
    {"nick": "Шериф", "role": "sheriff"},
    {"nick": "Доктор", "role": "doctor"},
    {"nick": "Маньяк", "role": "maniac"},
    {"nick": "Путана", "role": "prostitute"},
    {"nick": "Петя", "role": "civilian"},
]
GREEN = '<span style="color:green">{}</span>'


def test_replay_gambler_intro_greens_court_and_night(tmp_path: Path) -> None:
    greens = [
        {"author": n, "html": "Мой выбор: " + GREEN.format("Бандит")}
        for n in ("Петя", "Шериф", "Доктор")
    ]
    turns: list[dict[str, Any]] = [
        {"turn": 1, "posts": everyone_posts(GAMBLER_CAST)},
        {
            "turn": 2,
            "posts": greens,
            "court_posts": [
                {"author": "Петя", "html": "Бандит"},
                {"author": "Шериф", "html": "Бандит"},
            ],
            "moves": [
                {
                    "from": "Крёстный",
                    "action": "kill",
                    "targets": ["Петя"],
                    "story": "в подворотне",
                },
                {"from": "Комиссар", "action": "check", "targets": ["Путана"]},
            ],
        },
    ]
    _, out, _ = run(
        {"ruleset": "gambler", "seed": 3, "players": GAMBLER_CAST, "turns": turns}, tmp_path
    )
    assert out is not None
    intro, day2 = out["turns"]
    assert intro["turn"] == 1 and intro["nominees"] == [] and intro["deaths"] == []
    assert day2["greens"]["Бандит"] == 4  # three greens and his own silence (G-N.2)
    assert day2["nominees"] == ["Бандит"]  # 9 living → threshold 2
    assert day2["removed_by_vote"] == "Бандит" and day2["votes"] == {"Бандит": 2}
    assert day2["deaths"] == [{"nick": "Петя", "role": "civilian", "cause": "mafia"}]
    assert day2["recruited"] == "town"


def test_G_N_4_replay_refuses_a_court_vote_on_the_scenarios_host(tmp_path: Path) -> None:
    # G-N.4, C-3: with the scenario's optional `host` a court vote on his name is refused as
    # `unknown_nick`, as the daemon refuses it; his own court post is no vote
    greens = [
        {"author": n, "html": "Мой выбор: " + GREEN.format("Бандит")}
        for n in ("Петя", "Шериф", "Доктор")
    ]
    court = [
        {"author": "Петя", "html": "Бандит"},
        {"author": "Шериф", "html": "Сажаю ведущего"},
        {"author": "Ведущий", "html": "Бандит"},
    ]
    turns: list[dict[str, Any]] = [
        {"turn": 1, "posts": everyone_posts(GAMBLER_CAST)},
        {"turn": 2, "posts": greens, "court_posts": court},
    ]
    game = {"ruleset": "gambler", "seed": 3, "players": GAMBLER_CAST, "turns": turns}
    _, out, _ = run({**game, "host": "Ведущий"}, tmp_path)
    assert out is not None
    day2 = out["turns"][1]
    assert day2["votes"] == {"Бандит": 1}
    assert {"author": "Шериф", "reason": "unknown_nick"} in day2["rejected"]
    assert not any(r["author"] == "Ведущий" for r in day2["rejected"])
    _, plain, _ = run(game, tmp_path)  # no host given: his name is nobody's, no vote
    assert plain is not None
    assert not any(r["author"] == "Шериф" for r in plain["turns"][1]["rejected"])


def test_replay_overrides_remove_replace_and_forced_hang(tmp_path: Path) -> None:
    turns: list[dict[str, Any]] = [
        {"turn": 0},
        {
            "turn": 1,
            "posts": [
                *everyone_posts(PEFL_CAST, skip=("Илья",)),
                {"author": "Илюха", "html": "я за Илью"},
            ],
            "overrides": [
                {"kind": "replace", "nick": "Илья", "new_nick": "Илюха"},
                {"kind": "remove", "nick": "Вова"},
                {"kind": "hang", "nick": "Гена"},
            ],
        },
    ]
    _, out, _ = run(pefl_game(turns), tmp_path)
    assert out is not None
    t1 = out["turns"][1]
    assert t1["removed_by_vote"] == "Гена"
    assert {"nick": "Вова", "role": "thug", "cause": "override"} in t1["deaths"]
    assert "Илюха" in t1["alive"] and "Илья" not in t1["alive"] and t1["missing"] == []


def test_replay_late_move_needs_accept_move(tmp_path: Path) -> None:
    late = {"from": "Женя", "action": "kill", "targets": ["Зоя"], "late": True}
    base: list[dict[str, Any]] = [{"turn": 0, "moves": [late]}]
    _, out, _ = run(pefl_game(base), tmp_path)
    assert out is not None and out["turns"][0]["deaths"] == []
    base[0]["overrides"] = [{"kind": "accept_move", "from": "Женя"}]
    _, out, _ = run(pefl_game(base), tmp_path)
    assert out is not None and out["turns"][0]["deaths"][0]["nick"] == "Зоя"


def test_replay_same_seed_same_result(tmp_path: Path) -> None:
    cast = [
        {"nick": "A", "role": "mafia", "clan": "yakuza"},
        {"nick": "B", "role": "mafia", "clan": "yakuza"},
        {"nick": "C", "role": "civilian"},
        {"nick": "D", "role": "maniac"},
    ]
    data = {"ruleset": "pefl", "seed": 99, "players": cast, "turns": [{"turn": 0}]}
    a = play(load_scenario(data))
    b = play(load_scenario(data))
    assert a == b


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda s: s.update(ruleset="chess"), "ruleset"),
        (lambda s: s["players"][0].update(role="wizard"), "players[0].role"),
        (lambda s: s["players"][2].pop("clan"), "players[2].clan"),
        (lambda s: s["players"][1].update(nick="Анна"), "players[1].nick"),
        (lambda s: s["turns"][1].update(turn=3), "turns[1].turn"),
        (
            lambda s: s["turns"][0]["moves"].append(
                {"from": "Женя", "action": "kill", "targets": ["Никто"]}
            ),
            "turns[0].moves[0].targets[0]",
        ),
        (
            lambda s: s["turns"][0]["moves"].append({"from": "Женя", "action": "fly"}),
            "turns[0].moves[0].action",
        ),
        (lambda s: s.update(options={"no_such_rule": 1}), "options.no_such_rule"),
        (lambda s: s.update(options={"min_reason_words": "three"}), "options.min_reason_words"),
        (
            lambda s: s["turns"][0].update(overrides=[{"kind": "smite"}]),
            "turns[0].overrides[0].kind",
        ),
        (lambda s: s.update(seed="x"), "seed"),
        (lambda s: s.update(host="Анна"), "host"),  # a host holds no seat
        (lambda s: s.update(host=["Ведущий", 5]), "host"),
        (
            lambda s: s["turns"][1].update(
                posts=[
                    {"id": 3, "author": "Анна", "html": "a"},
                    {"id": 3, "author": "Борис", "html": "b"},
                ]
            ),
            "turns[1].posts[1].id",
        ),
    ],
)
def test_replay_malformed_scenario_exits_2_naming_the_field(
    tmp_path: Path, mutate: Any, field: str
) -> None:
    scenario = pefl_game([{"turn": 0, "moves": []}, {"turn": 1}])
    mutate(scenario)
    rc, out, err = run(scenario, tmp_path)
    assert rc == 2 and out is None
    assert field in err and err.count("\n") == 1


def test_replay_not_json_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert cli.main(["replay", str(path)]) == 2
    assert "not JSON" in err.getvalue()


def test_C_3_replay_resolves_inflected_and_lookalike_nicks_in_moves(tmp_path: Path) -> None:
    turns: list[dict[str, Any]] = [
        {"turn": 0, "moves": [{"from": "Женя", "text": "Убиваю Илью"}]},
        {
            "turn": 1,
            "posts": everyone_posts(PEFL_CAST, skip=("Илья",)),
            "moves": [
                {"from": "Анна", "text": "проверяю Вову"},
                {"from": "Женя", "text": "убить Незнакомца"},
            ],
        },
    ]
    _, out, _ = run(pefl_game(turns), tmp_path)
    assert out is not None
    assert out["turns"][0]["deaths"] == [{"nick": "Илья", "role": "civilian", "cause": "maniac"}]
    assert {"by": "commissar", "target": "Вова", "result": "triad"} in out["turns"][1]["checks"]
    assert {"from": "Женя", "action": "?", "reason": "unknown_nick"} in out["turns"][1][
        "rejected_moves"
    ]


def test_C_4_one_resolution_per_turn_and_public_results(tmp_path: Path) -> None:
    from engine import events as ev
    from engine import get_ruleset

    scenario = load_scenario(
        pefl_game([{"turn": 0, "moves": [{"from": "Женя", "action": "kill", "targets": ["Зоя"]}]}])
    )
    rules = get_ruleset("pefl")
    state = rules.new_game(scenario.seats)
    import random

    from engine import TurnInputs, step

    state, events = step(
        state,
        TurnInputs(moves=(Move("Женя", "kill", ("Зоя",)),)),
        None,
        random.Random(1),
        rules,
    )
    assert len([e for e in events if isinstance(e, ev.TurnResolved)]) == 1
    public = [e for e in events if e.audience.kind == "public"]
    killed = [e for e in public if isinstance(e, ev.Killed)]
    assert [(k.nick, k.role, k.by) for k in killed] == [("Зоя", "civilian", "maniac")]


def test_P_A_3_replay_beaten_vote_is_refused(tmp_path: Path) -> None:
    turns: list[dict[str, Any]] = [
        {"turn": 0},
        {
            "turn": 1,
            "posts": everyone_posts(PEFL_CAST),
            "moves": [{"from": "Вова", "action": "beat", "targets": ["Илья"]}],
        },
        {
            "turn": 2,
            "posts": [
                {"author": "Илья", "html": RED.format("Женя") + " подозрительно молчит весь день"},
                *everyone_posts(PEFL_CAST, skip=("Илья",)),
            ],
        },
    ]
    _, out, _ = run(pefl_game(turns), tmp_path)
    assert out is not None
    assert out["turns"][1]["beaten"] == ["Илья"]
    t2 = out["turns"][2]
    assert {"author": "Илья", "reason": "beaten"} in t2["rejected"]
    assert t2["votes"] == {} and "Илья" not in t2["abstained"]
    assert "Илья" not in t2["missing"]  # the others abstained twice and leave at step 7


def test_C_6_replay_replacement_account_posts_and_votes_for_his_seat(tmp_path: Path) -> None:
    reason = " молчит и уходит от ответов"
    turns: list[dict[str, Any]] = [
        {"turn": 0},
        {
            "turn": 1,
            "posts": [
                {"author": "Илюха", "html": RED.format("Вова") + reason},
                *everyone_posts(PEFL_CAST, skip=("Илья",)),
            ],
            "overrides": [{"kind": "replace", "nick": "Илья", "new_nick": "Илюха"}],
        },
    ]
    _, out, _ = run(pefl_game(turns), tmp_path)
    assert out is not None
    t1 = out["turns"][1]
    assert t1["votes"] == {"Вова": 1} and t1["removed_by_vote"] == "Вова"
    assert t1["missing"] == [] and "Илюха" in t1["alive"]
    assert all(r["author"] != "Илюха" for r in t1["rejected"])


def test_C_6_replay_takes_the_config_override_keys(tmp_path: Path) -> None:
    late = {"from": "Женя", "action": "kill", "targets": ["Зоя"], "late": True, "id": 77}
    turns: list[dict[str, Any]] = [
        {
            "turn": 0,
            "moves": [late],
            "overrides": [
                {"kind": "accept_move", "pm_id": 77, "note": "ЛС пришло в 22:03"},
                {"kind": "extend_deadline", "turn": 0, "until": "2026-12-02T22:00"},
            ],
        },
        {
            "turn": 1,
            "posts": everyone_posts(PEFL_CAST),
            "overrides": [{"kind": "remove", "nick": "Вова", "reason": "passivity"}],
        },
    ]
    _, out, _ = run(pefl_game(turns), tmp_path)
    assert out is not None
    t0, t1 = out["turns"]
    assert t0["deaths"][0]["nick"] == "Зоя" and "extend_deadline" in t0["overrides"]
    assert t1["missing"] == ["Вова"]  # a passivity removal is a step-7 leaver


def test_G_N_5_replay_duel_override_takes_nick_or_loser(tmp_path: Path) -> None:
    for key in ("nick", "loser"):
        greens = [
            {"author": n, "html": GREEN.format(t)}
            for n, t in (
                ("Петя", "Бандит"),
                ("Шериф", "Бандит"),
                ("Доктор", "Маньяк"),
                ("Путана", "Маньяк"),
            )
        ]
        turns: list[dict[str, Any]] = [
            {"turn": 1},
            {
                "turn": 2,
                "posts": greens,
                "court_posts": [
                    {"author": "Петя", "html": "Бандит"},
                    {"author": "Доктор", "html": "Маньяк"},
                ],
                "overrides": [{"kind": "duel", key: "Маньяк"}],
            },
        ]
        _, out, _ = run(
            {"ruleset": "gambler", "seed": 1, "players": GAMBLER_CAST, "turns": turns}, tmp_path
        )
        assert out is not None and out["turns"][1]["removed_by_vote"] == "Маньяк"
