"""What the tests of "one reading everywhere" (issue 17 item 6) share: the recorded Gambler
demo game's cast on turn 2, one letter read by `mafiabot parse moves`, by the daemon and by
`mafiabot replay` with one reading setting of the host's `[rules]` changed, and the reading
settings the reader's entry is handed on the way."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest

from mafiabot.cli import main as cli_main
from mafiabot.config import Config, load_config
from parser.letters.reader import read_letter
from parser.letters.reading import DEFAULT_READING, LetterReading, ReadingSettings
from parser.sender import SenderView
from tests.test_daemon_moves import _play_with_letters

SCENARIOS = Path(__file__).parent / "scenarios"

#: a value other than the default for each of the host's reading settings (`[rules]`), and
#: the `parse moves` flag that sets it
ODD_VALUES: dict[str, Any] = {
    "move_confidence": 0.6,
    "member_suggestion": "request",
    "move_question": "none",
    "mafioso_suggestion": "request",
    "verb_outside_vocabulary": "role",
}
FLAGS: dict[str, str] = {
    "move_confidence": "--threshold",
    "member_suggestion": "--member-suggestion",
    "move_question": "--move-question",
    "mafioso_suggestion": "--mafioso-suggestion",
    "verb_outside_vocabulary": "--verb-outside-vocabulary",
}

#: the recorded Gambler demo game (mafiabot/demo/gambler.toml) on turn 2, everyone alive:
#: Mister X the godfather, Граф Монте-Кристо his mafioso, Jack_Sparrow the maniac
DEMO_CAST: dict[str, Any] = {
    "ruleset": "gambler",
    "turn": 2,
    "players": {
        "Шерлок": {"role": "commissar"},
        "Dr.Watson": {"role": "doctor"},
        "Марго": {"role": "sheriff"},
        "Mister X": {"role": "godfather"},
        "Граф Монте-Кристо": {"role": "mafia"},
        "Jack_Sparrow": {"role": "maniac"},
        "Вася2005": {"role": "civilian"},
        "Кот": {"role": "civilian"},
    },
}


def parse_moves(
    sender: str,
    letter: str,
    flags: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> dict[str, Any]:
    """`mafiabot parse moves` of one letter to the demo's cast, with the command's `flags`."""
    cast = tmp_path / "cast.json"
    cast.write_text(json.dumps(DEMO_CAST, ensure_ascii=False), encoding="utf-8")
    line = json.dumps({"from": sender, "text": letter}, ensure_ascii=False) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(line))
    argv = ["parse", "moves", "--ruleset", "gambler", "--cast", str(cast), *flags]
    assert cli_main(argv) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def daemon_reads(
    setting: str,
    value: str,
    sender: str,
    letter: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[list[str], list[tuple[str, list[str] | None, str]]]:
    """The daemon's answers to the letter, sent on turn 2 of the demo game with the host's
    `[rules] setting = value`, and the moves it keeps of the sender."""
    import mafiabot.demo.play as demo_play

    def load(path: str | Path) -> Config:
        cfg = load_config(path)
        changed: dict[str, Any] = {setting: value}
        return dataclasses.replace(cfg, rules=dataclasses.replace(cfg.rules, **changed))

    monkeypatch.setattr(demo_play, "load_config", load)
    run, answers = _play_with_letters(
        "gambler", tmp_path, sender, [("2026-12-03T09:00", letter)], "2026-12-03T09:30"
    )
    g = run.daemon.game()
    kept = [(m.action, m.targets, m.status) for m in run.store.moves(g.id, 2) if m.actor == sender]
    return answers, kept


def settings_seen(monkeypatch: pytest.MonkeyPatch) -> list[ReadingSettings]:
    """The reading settings each letter is read with from now on, as the reader's entry
    (`parser.letters.reader.read_letter`, called by `parser.moves`) is handed them."""
    seen: list[ReadingSettings] = []

    def spy(text: str, view: SenderView, **kw: Any) -> LetterReading:
        seen.append(kw.get("settings", DEFAULT_READING))
        return read_letter(text, view, **kw)

    monkeypatch.setattr("parser.moves.read_letter", spy)
    return seen


def replay_reads(
    setting: str, value: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`mafiabot replay` of the Gambler scenario of text moves, its `options` (the host's
    `[rules]`) with `setting = value`."""
    name = "gambler_C_2_C_3_text_moves_with_inflected_nicks.json"
    scenario = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    scenario["options"] = {**scenario.get("options", {}), setting: value}
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    assert cli_main(["replay", str(path)]) == 0
    capsys.readouterr()  # the replay's own report
