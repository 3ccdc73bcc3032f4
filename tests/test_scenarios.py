"""Every rule scenario in tests/scenarios/ played through `mafiabot replay`.

Each `<name>.json` is run through the CLI entry in-process (`mafiabot.cli.main(["replay",
path])`, stdout captured) and its output is compared with `<name>.expected.json` by the
convention written in tests/scenarios/INDEX.md. The expected files are derived by hand from
RULES.md, not from the engine. A mismatch prints a field-by-field diff per turn.

Scenarios the engine currently plays differently are listed in DISPUTED with a pointer to
the entry in the disputes log; they run as strict xfails, so a fix on either side shows up.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mafiabot import cli

SCEN = Path(__file__).resolve().parent / "scenarios"
ROOT = SCEN.parent.parent

# Every rule id of RULES.md; each must be covered by at least one scenario (INDEX.md).
RULE_IDS = [
    "C-1",
    "C-2",
    "C-3",
    "C-4",
    "C-5",
    "C-6",
    "G-S.1",
    "G-S.2",
    "G-S.3",
    "G-N.1",
    "G-N.2",
    "G-N.3",
    "G-N.4",
    "G-N.5",
    "G-M.1",
    "G-M.2",
    "G-M.3",
    "G-M.4",
    "G-M.5",
    "G-M.6",
    "G-M.7",
    "G-M.8",
    "G-M.9",
    "G-M.10",
    "G-P.1",
    "G-P.2",
    "G-W.1",
    "P-S.1",
    "P-S.2",
    "P-S.3",
    "P-V.1",
    "P-V.2",
    "P-V.3",
    "P-V.4",
    "P-V.5",
    "P-A.1",
    "P-A.2",
    "P-A.3",
    "P-E.1",
    "P-E.2",
    "P-W.1",
    "P-M.0",
    "P-M.1",
    "P-M.2",
    "P-M.3",
    "P-M.4",
    "P-M.5",
    "P-M.6",
    "P-M.7",
    "P-M.8",
    "P-M.9",
    "P-M.10",
    "P-M.11",
    "P-M.12",
    "P-M.13",
    "P-M.14",
    "P-M.15",
    "P-O.1",
    "P-P.1",
    "P-P.2",
    "P-B.1",
]

# SCENARIO.md: `deaths[].cause` is one of these.
CAUSES = frozenset(
    [
        "mafia",
        "yakuza",
        "triad",
        "sheriff",
        "maniac",
        "ninja",
        "kamikaze",
        "testament",
        "army",
        "harakiri",
        "ambush",
        "thug_accident",
        "override",
    ]
)
NICK_SETS = {"alive", "abstained", "missing", "saved", "beaten", "nominees"}
OBJECT_MULTISETS = {"deaths", "checks"}
CHECK_KEYS = ("by", "target", "result")

# scenario name → reason ("dispute: see docs/rulings.md, Dn"). Filled only after
# the dispute is written down; removed as soon as one side is fixed.
DISPUTED: dict[str, str] = {}


def scenario_files() -> list[Path]:
    return sorted(p for p in SCEN.glob("*.json") if not p.name.endswith(".expected.json"))


# ---------------------------------------------------------------- matching convention


def _one_of(expected: Any) -> list[Any] | None:
    if isinstance(expected, dict) and set(expected) == {"$one_of"}:
        return list(expected["$one_of"])
    return None


def matches(expected: Any, actual: Any) -> bool:
    alts = _one_of(expected)
    if alts is not None:
        return any(matches(a, actual) for a in alts)
    if isinstance(expected, dict):
        # Objects inside lists (deaths, rejections) may carry extra keys: SCENARIO.md may be
        # extended, never changed. Tallies (`votes`, `greens`) are compared exactly instead.
        return isinstance(actual, dict) and all(
            k in actual and matches(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return bool(expected == actual) and type(expected) is type(actual)


def multiset_matches(expected: list[Any], actual: list[Any]) -> bool:
    """Every expected item pairs with a distinct actual item (backtracking; lists are short)."""
    if not isinstance(actual, list) or len(expected) != len(actual):
        return False

    def place(i: int, used: frozenset[int]) -> bool:
        if i == len(expected):
            return True
        return any(
            j not in used and matches(expected[i], a) and place(i + 1, used | {j})
            for j, a in enumerate(actual)
        )

    return place(0, frozenset())


def field_matches(key: str, expected: Any, actual: Any) -> bool:
    alts = _one_of(expected)
    if alts is not None:
        return any(field_matches(key, a, actual) for a in alts)
    if key in NICK_SETS:
        return isinstance(actual, list) and sorted(expected) == sorted(actual)
    if key == "checks":
        if not isinstance(actual, list) or not all(isinstance(c, dict) for c in actual):
            return False
        trimmed = [{k: c.get(k) for k in CHECK_KEYS} for c in actual]
        return multiset_matches(expected, trimmed)
    if key in ("votes", "greens"):
        return (
            isinstance(actual, dict) and set(expected) == set(actual) and matches(expected, actual)
        )
    if key in OBJECT_MULTISETS:
        return multiset_matches(expected, actual)
    if key in ("rejected", "rejected_moves"):
        if not isinstance(actual, list):
            return False
        return all(
            any(isinstance(a, dict) and all(a.get(k) == v for k, v in e.items()) for a in actual)
            for e in expected
        )
    return matches(expected, actual)


def compare(expected: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """Readable differences; empty when the output matches the expectation."""
    diffs: list[str] = []
    exp_turns = expected["turns"]
    act_turns = actual.get("turns")
    if not isinstance(act_turns, list):
        return [f"output has no `turns` list: {json.dumps(actual, ensure_ascii=False)[:300]}"]
    got_numbers = [t.get("turn") for t in act_turns]
    want_numbers = [t["turn"] for t in exp_turns]
    if got_numbers != want_numbers:
        diffs.append(f"turn numbers: expected {want_numbers}, got {got_numbers}")
    by_number = {t.get("turn"): t for t in act_turns}
    for et in exp_turns:
        at = by_number.get(et["turn"])
        if at is None:
            continue
        for key, want in et.items():
            if key == "turn":
                continue
            if key not in at:
                diffs.append(f"turn {et['turn']}: `{key}` missing from output")
            elif not field_matches(key, want, at[key]):
                diffs.append(
                    f"turn {et['turn']}: `{key}`\n    expected {_show(want)}\n"
                    f"    got      {_show(at[key])}"
                )
    for key in ("winner", "alive"):
        if key not in actual:
            diffs.append(f"top-level `{key}` missing")
        elif not field_matches(key, expected[key], actual[key]):
            diffs.append(
                f"top-level `{key}`\n    expected {_show(expected[key])}\n"
                f"    got      {_show(actual[key])}"
            )
    return diffs


def _show(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, sort_keys=True)


# ---------------------------------------------------------------- running replay


@contextlib.contextmanager
def _captured() -> Iterator[tuple[io.StringIO, io.StringIO]]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield out, err


def replay_in_process(path: Path) -> tuple[int, str, str]:
    with _captured() as (out, err):
        try:
            rc = cli.main(["replay", str(path)])
        except SystemExit as exc:  # argparse or a command that exits itself
            rc = exc.code if isinstance(exc.code, int) else 1
    return rc, out.getvalue(), err.getvalue()


def replay_scenario(tmp_path: Path, scenario: Any, raw: str | None = None) -> tuple[int, str, str]:
    """Write a scenario (or `raw` text) to a file and replay it in-process."""
    path = tmp_path / "scenario.json"
    path.write_text(raw if raw is not None else json.dumps(scenario, ensure_ascii=False), "utf-8")
    return replay_in_process(path)


@cache
# ---------------------------------------------------------------- tests


def test_every_rule_id_is_covered_by_a_scenario() -> None:
    covered: set[str] = set()
    index = (SCEN / "INDEX.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([^`]+)\.json` \|", index, re.M))
    for line in index.splitlines():
        if line.startswith("| `"):
            covered.update(x.strip() for x in line.split("|")[2].split(","))
    assert not [r for r in RULE_IDS if r not in covered]
    assert listed == {p.stem for p in scenario_files()}
    assert len(listed) >= 45


def test_scenario_files_are_what_their_definitions_render() -> None:
    """The JSON files and INDEX.md are generated by tests/scenarios/scenario_kit.py from
    scenario_defs.py; a hand edit of one side without the other would let them drift."""
    sys.path.insert(0, str(SCEN))
    try:
        kit = importlib.import_module("scenario_kit")
        rendered = kit.render_all()
    finally:
        sys.path.remove(str(SCEN))
    on_disk = {p.name: p.read_text("utf-8") for p in SCEN.glob("*.json")}
    on_disk["INDEX.md"] = (SCEN / "INDEX.md").read_text("utf-8")
    assert sorted(rendered) == sorted(on_disk)
    stale = [name for name, text in rendered.items() if on_disk[name] != text]
    assert not stale, f"regenerate with `python tests/scenarios/scenario_kit.py`: {stale}"


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.stem)
def test_scenario_files_are_well_formed(path: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    expected = json.loads(path.with_suffix("").with_suffix(".expected.json").read_text("utf-8"))
    assert scenario["ruleset"] in ("gambler", "pefl")
    assert [t["turn"] for t in scenario["turns"]] == [t["turn"] for t in expected["turns"]]
    nicks = {p["nick"] for p in scenario["players"]}
    nicks |= {  # C-6 replacement accounts play their seat from the turn of the override
        o["new_nick"]
        for t in scenario["turns"]
        for o in t.get("overrides", [])
        if o.get("kind") == "replace"
    }
    for t in scenario["turns"]:
        for post in t["posts"] + t.get("court_posts", []):
            assert post["author"] in nicks or post["author"] == "Зритель"
        for m in t["moves"]:
            assert m["from"] in nicks


def _params() -> list[Any]:
    out = []
    for p in scenario_files():
        marks = []
        if p.stem in DISPUTED:
            marks.append(pytest.mark.xfail(strict=True, reason=DISPUTED[p.stem]))
        out.append(pytest.param(p, id=p.stem, marks=marks))
    return out


@pytest.mark.parametrize("path", _params())
def test_scenario_replays_as_expected(path: Path) -> None:
    rc, out, err = replay_in_process(path)
    assert rc == 0, f"replay exited {rc}: {err.strip()}"
    actual = json.loads(out)
    expected = json.loads(path.with_suffix("").with_suffix(".expected.json").read_text("utf-8"))
    diffs = compare(expected, actual)
    assert not diffs, f"{path.name} differs from its expected output:\n  " + "\n  ".join(diffs)


def test_replay_as_a_real_process_matches_in_process() -> None:
    """One scenario through `python -m mafiabot replay` in a child process: same JSON."""
    path = SCEN / "pefl_P_M_7_army_of_darkness.json"
    proc = subprocess.run(
        [sys.executable, "-m", "mafiabot", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    rc, out, _ = replay_in_process(path)
    assert rc == 0
    assert json.loads(proc.stdout) == json.loads(out)
    expected = json.loads((SCEN / "pefl_P_M_7_army_of_darkness.expected.json").read_text("utf-8"))
    assert not compare(expected, json.loads(proc.stdout))


# ---------------------------------------------------------------- the comparator itself


def test_comparator_reports_a_wrong_death_cause_and_accepts_one_of() -> None:
    exp: dict[str, Any] = {
        "turns": [{"turn": 1, "deaths": [{"nick": "A", "role": "maniac", "cause": "ninja"}]}],
        "winner": None,
        "alive": ["B"],
    }
    good: dict[str, Any] = {
        "turns": [{"turn": 1, "deaths": [{"nick": "A", "role": "maniac", "cause": "ninja"}]}],
        "winner": None,
        "alive": ["B"],
    }
    bad: dict[str, Any] = json.loads(json.dumps(good))
    bad["turns"][0]["deaths"][0]["cause"] = "yakuza"
    assert compare(exp, good) == []
    assert any("deaths" in d for d in compare(exp, bad))
    exp["turns"][0]["deaths"][0]["cause"] = {"$one_of": ["yakuza", "triad"]}
    assert compare(exp, bad) == []
    assert compare(exp, good) != []


def test_comparator_sets_subsets_and_order() -> None:
    assert field_matches("alive", ["a", "b"], ["b", "a"])
    assert not field_matches("alive", ["a", "b"], ["a"])
    assert field_matches(
        "rejected",
        [{"author": "a"}],
        [{"author": "b", "reason": "x"}, {"author": "a", "reason": "y"}],
    )
    assert not field_matches(
        "rejected", [{"author": "a", "reason": "no_reason"}], [{"author": "a", "reason": "dead"}]
    )
    assert field_matches(
        "checks",
        [{"by": "commissar", "target": "x", "result": "triad"}],
        [{"by": "commissar", "target": "x", "result": "triad", "thug": "n"}],
    )
    assert not field_matches("removed_by_vote", None, "x")
    assert not field_matches("winner", None, "town")
    assert not matches(1, True)
