from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from mafiabot.config import (
    ConfigError,
    gambler_deadlines,
    load_config,
    parse_config,
    turn_deadline,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "config.example.toml"
MSK = ZoneInfo("Europe/Moscow")


def _example() -> dict[str, Any]:
    return tomllib.loads(EXAMPLE.read_text("utf-8"))


def test_example_config_is_valid_and_typed() -> None:
    cfg = load_config(EXAMPLE)
    assert cfg.board.kind == "auto"
    assert cfg.board.password_env == "MAFIABOT_PASSWORD"
    assert cfg.game.ruleset == "pefl"
    assert cfg.game.topic == 4
    assert cfg.game.deadlines[0] == datetime(2026, 11, 27, 22, 0, tzinfo=MSK)
    assert cfg.rules.min_reason_words == 3
    assert cfg.database_url.startswith("sqlite:////")


def test_every_example_key_is_commented() -> None:
    # each `key = value` line of the example is preceded by a comment line
    lines = EXAMPLE.read_text("utf-8").splitlines()
    for i, line in enumerate(lines):
        if line and not line.startswith(("#", "[", " ")) and "=" in line:
            assert lines[i - 1].startswith("#"), f"line {i + 1} ({line!r}) has no comment"


def test_all_errors_reported_at_once_naming_keys() -> None:
    data = _example()
    data["board"]["kind"] = "smf"
    data["board"]["timezone"] = "Mars/Olympus"
    data["board"]["poll_interval"] = "often"
    data["game"]["deadlines"][1] = "tomorrow"
    data["game"]["players"].append("Шерлок")
    data["rules"]["min_reason_words"] = "three"
    data["rules"]["no_such_rule"] = 1
    data["override"] = [{"kind": "remove", "turn": 2}, {"kind": "explode"}]
    with pytest.raises(ConfigError) as ei:
        parse_config(data, EXAMPLE)
    keys = {k for k, _ in ei.value.problems}
    assert {
        "board.kind",
        "board.timezone",
        "board.poll_interval",
        "game.deadlines[1]",
        "game.players[6]",
        "rules.min_reason_words",
        "rules.no_such_rule",
        "override[0].nick",
        "override[1].kind",
    } <= keys


def test_password_is_an_env_var_name_not_a_password(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _example()
    data["board"]["password_env"] = "hunter2!"
    with pytest.raises(ConfigError) as ei:
        parse_config(data, EXAMPLE)
    assert "board.password_env" in {k for k, _ in ei.value.problems}
    cfg = load_config(EXAMPLE)
    monkeypatch.delenv("MAFIABOT_PASSWORD", raising=False)
    with pytest.raises(ConfigError):
        cfg.board.password()
    monkeypatch.setenv("MAFIABOT_PASSWORD", "s3cret")
    assert cfg.board.password() == "s3cret"
    assert "s3cret" not in repr(cfg)


def test_gambler_needs_no_deadline_list_and_pefl_does() -> None:
    data = _example()
    data["game"]["ruleset"] = "gambler"
    data["game"]["court_topic"] = "https://forum.example.org/viewtopic.php?t=5"
    data["game"]["deadlines"] = []
    cfg = parse_config(data, EXAMPLE)
    assert cfg.game.court_topic == 5
    data["game"]["ruleset"] = "pefl"
    with pytest.raises(ConfigError) as ei:
        parse_config(data, EXAMPLE)
    keys = {k for k, _ in ei.value.problems}
    assert "game.deadlines" in keys and "game.court_topic" in keys


def test_C_1_gambler_48h_cycle_closes_at_2359() -> None:
    data = _example()
    data["game"].update(ruleset="gambler", deadlines=[], start="2026-12-01T12:00")
    g = parse_config(data, EXAMPLE).game
    greens, court = gambler_deadlines(g, 2)
    assert greens == datetime(2026, 12, 3, 23, 59, tzinfo=MSK)
    assert court == datetime(2026, 12, 4, 23, 59, tzinfo=MSK)
    assert turn_deadline(g, 1) == datetime(2026, 12, 2, 23, 59, tzinfo=MSK)


def test_C_1_pefl_explicit_deadlines_then_turn_hours() -> None:
    g = load_config(EXAMPLE).game
    assert turn_deadline(g, 2) == datetime(2026, 11, 29, 22, 0, tzinfo=MSK)
    assert turn_deadline(g, 4) == datetime(2026, 12, 1, 22, 0, tzinfo=MSK)


def test_C_6_override_kinds_and_keys() -> None:
    data = _example()
    data["override"] = [
        {"kind": "replace", "turn": 3, "nick": "Шерлок", "new_nick": "Шерлок2", "note": "ушёл"},
        {"kind": "extend_deadline", "turn": 2, "until": "2026-11-30T22:00"},
        {"kind": "ignore_vote", "post_id": 123},
        {"kind": "accept_move", "pm_id": 15},
    ]
    cfg = parse_config(data, EXAMPLE)
    kinds = [o.kind for o in cfg.overrides]
    assert kinds == ["replace", "extend_deadline", "ignore_vote", "accept_move"]
    assert cfg.overrides[1].until == datetime(2026, 11, 30, 22, 0, tzinfo=MSK)
    assert len({o.key() for o in cfg.overrides}) == 4
    eng = cfg.overrides[0].to_engine()
    assert (eng.kind, eng.nick, eng.new_nick) == ("replace", "Шерлок", "Шерлок2")
    assert "ушёл" in cfg.overrides[0].describe()


def test_example_rules_section_matches_engine_settings_exactly() -> None:
    import dataclasses

    from engine.settings import RulesSettings

    rules = _example()["rules"]
    names = {f.name for f in dataclasses.fields(RulesSettings)} - {"role_tables"}
    assert set(rules) == names
    # and every value shown is the default (the ruling)
    assert load_config(EXAMPLE).rules == RulesSettings()


def test_roles_table_checked_against_ruleset() -> None:
    data = _example()
    data["game"]["roles"] = {"sheriff": 1, "civilian": 5}
    with pytest.raises(ConfigError) as ei:
        parse_config(data, EXAMPLE)
    assert "game.roles.sheriff" in {k for k, _ in ei.value.problems}


def test_check_config_cli(tmp_path: Path) -> None:
    env = {**os.environ, "MAFIABOT_PASSWORD": "x"}
    ok = subprocess.run(
        [sys.executable, "-m", "mafiabot", "check-config", "-c", str(EXAMPLE)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert ok.returncode == 0, ok.stderr
    assert "всё в порядке" in ok.stdout  # the example leaves host_language Russian
    bad = tmp_path / "bad.toml"
    bad.write_text(
        EXAMPLE.read_text("utf-8")
        .replace('kind = "auto"', 'kind = "vbulletin"')
        .replace("poll_interval = 120", "poll_interval = 1"),
        "utf-8",
    )
    res = subprocess.run(
        [sys.executable, "-m", "mafiabot", "check-config", "-c", str(bad)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert res.returncode == 2  # the code `run` exits with on a bad config
    assert "board.kind" in res.stderr and "board.poll_interval" in res.stderr


def test_syntax_error_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[board\nurl=", "utf-8")
    with pytest.raises(ConfigError) as ei:
        load_config(bad)
    assert ei.value.problems[0][0] == "(syntax)"


def test_check_config_refuses_an_unsupported_storage_scheme() -> None:
    data = _example()
    data["storage"] = {"url": "mysql://u@localhost/mafia"}
    with pytest.raises(ConfigError) as err:
        parse_config(data, EXAMPLE)
    assert "storage.url" in str(err.value) and "mysql" in str(err.value)
    for ok in ("sqlite:///x.db", "postgresql://u@localhost/m", "postgresql+psycopg://u@h/m"):
        data["storage"] = {"url": ok}
        assert parse_config(data, EXAMPLE).database_url.split(":", 1)[0] in (
            "sqlite",
            "postgresql",
            "postgresql+psycopg",
        )


def test_C_6_override_nicks_are_checked_against_the_players() -> None:
    data = _example()
    players = data["game"]["players"]
    data["override"] = [
        {"kind": "remove", "turn": 2, "nick": "Шерлокк"},
        {"kind": "count_vote", "post_id": 5, "nick": players[0], "target": "Никто"},
        {"kind": "replace", "turn": 3, "nick": players[1], "new_nick": players[2]},
        {"kind": "hang", "turn": 2, "nick": players[3].upper()},  # case does not matter
    ]
    with pytest.raises(ConfigError) as err:
        parse_config(data, EXAMPLE)
    text = str(err.value)
    assert "override[0].nick" in text and "Шерлокк" in text
    assert "override[1].target" in text and "Никто" in text
    assert "override[2].new_nick" in text
    assert "override[3]" not in text


def test_G_N_4_court_forum_is_a_forum_id_for_gambler_only() -> None:
    data = _example()
    data["game"]["ruleset"] = "gambler"
    data["game"]["deadlines"] = []
    data["game"]["court_forum"] = 2
    assert parse_config(data, EXAMPLE).game.court_forum == 2
    data["game"]["court_forum"] = "форум"
    with pytest.raises(ConfigError) as ei:
        parse_config(data, EXAMPLE)
    assert "game.court_forum" in {k for k, _ in ei.value.problems}
    data["game"]["court_forum"] = 2
    data["game"]["ruleset"] = "pefl"
    with pytest.raises(ConfigError) as ei:
        parse_config(data, EXAMPLE)
    assert "game.court_forum" in {k for k, _ in ei.value.problems}


def test_example_file_is_generated_from_the_declarations() -> None:
    # the committed example is exactly what the declarations produce; regenerate it with
    #     python -m mafiabot.config --example > config.example.toml
    from mafiabot.config.example import example_toml

    assert EXAMPLE.read_text("utf-8") == example_toml()


def test_every_declared_key_is_in_the_example() -> None:
    from mafiabot.config.declare import declared
    from mafiabot.config.sections import SECTIONS

    data = _example()
    text = EXAMPLE.read_text("utf-8")
    for section, cls in SECTIONS.items():
        for d in declared(cls):
            shown = d.name in data.get(section, {}) or f"# {d.name} = " in text
            assert shown, f"{section}.{d.name} is not in the example"


def test_python_m_mafiabot_config_prints_the_example(capsys: pytest.CaptureFixture[str]) -> None:
    from mafiabot.config.__main__ import main

    assert main(["--example"]) == 0
    assert capsys.readouterr().out == EXAMPLE.read_text("utf-8")
