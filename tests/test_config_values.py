"""check-config refuses configs that cannot run, naming the key: role tables that cannot be
dealt (G-S.1, P-S.1), impossible [rules] values, and `[board.selectors]` checked as the IPB
parser applies them (parser.dialects.Dialect.with_overrides)."""

from __future__ import annotations

import argparse
import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from mafiabot.config import ConfigError, parse_config

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "config.example.toml"
TEN = ["Анна", "Борис", "Вася", "Галя", "Дима", "Егор", "Жора", "Зина", "Ира", "Коля"]


def _example() -> dict[str, Any]:
    return tomllib.loads(EXAMPLE.read_text("utf-8"))


def _problems(data: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(ConfigError) as ei:
        parse_config(data, EXAMPLE)
    return dict(ei.value.problems)


def test_the_example_config_can_be_dealt() -> None:
    cfg = parse_config(_example(), EXAMPLE)
    assert sum(cfg.game.roles.values()) == len(cfg.game.players)


@pytest.mark.parametrize(("ruleset", "players"), [("pefl", 10), ("pefl", 6), ("gambler", 8)])
def test_P_S_1_G_S_1_default_table_too_small_for_the_cast_names_the_players_key(
    ruleset: str, players: int
) -> None:
    data = _example()
    data["game"]["ruleset"] = ruleset
    data["game"]["players"] = (TEN * 2)[:players] if players <= 10 else TEN
    data["game"]["players"] = [f"{n}{i}" for i, n in enumerate(data["game"]["players"])]
    del data["game"]["roles"]
    if ruleset == "gambler":
        data["game"]["court_topic"] = 5
    probs = _problems(data)
    assert "game.players" in probs
    assert "civilian -" in probs["game.players"]
    assert ("P-S.1" if ruleset == "pefl" else "G-S.1") in probs["game.players"]


def test_P_S_1_default_table_big_enough_passes() -> None:
    data = _example()
    data["game"]["players"] = [f"Игрок{i}" for i in range(20)]
    del data["game"]["roles"]
    assert len(parse_config(data, EXAMPLE).game.players) == 20


def test_role_tables_entry_for_the_cast_is_checked_under_its_key() -> None:
    data = _example()
    del data["game"]["roles"]
    data["rules"]["role_tables"] = {"6": {"civilian": 7, "mafia": -1}}
    probs = _problems(data)
    assert "rules.role_tables.6.mafia" in probs
    data["rules"]["role_tables"] = {"6": {"civilian": 5, "mafia": 2}}
    assert "counts add up to 7" in _problems(data)["rules.role_tables.6"]
    data["rules"]["role_tables"] = {"6": {"civilian": 4, "wizard": 2}}
    assert "rules.role_tables.6.wizard" in _problems(data)


BAD_RULES: list[tuple[str, object, str]] = [
    ("court_thresholds", [[14, 3], [9]], "rules.court_thresholds[1]"),
    ("court_thresholds", [[14, "3"]], "rules.court_thresholds[0]"),
    ("court_thresholds", [[14, 0]], "rules.court_thresholds[0]"),
    ("court_thresholds", [], "rules.court_thresholds"),
    ("green_colors", ["grene"], "rules.green_colors[0]"),
    ("green_colors", ["family:grene"], "rules.green_colors[0]"),
    ("green_colors", [7], "rules.green_colors[0]"),
    ("min_reason_words", -1, "rules.min_reason_words"),
    ("request_changes", -2, "rules.request_changes"),
    ("unanswered_side", "mafiosi", "rules.unanswered_side"),
    ("gambler_win_priority", ["maniac", "aliens"], "rules.gambler_win_priority[1]"),
    ("cause_priority", ["bomb"], "rules.cause_priority[0]"),
    ("vest_stops", ["mafiaa"], "rules.vest_stops[0]"),
    ("duel_by_coin", "yes", "rules.duel_by_coin"),
    ("min_reason_words", 2.5, "rules.min_reason_words"),
    ("no_such_rule", 1, "rules.no_such_rule"),
]


@pytest.mark.parametrize(("key", "value", "named"), BAD_RULES)
def test_impossible_rule_values_are_refused_naming_the_key(
    key: str, value: object, named: str
) -> None:
    data = _example()
    data["rules"][key] = value
    assert named in _problems(data)


def test_good_rule_values_pass() -> None:
    data = _example()
    data["rules"]["court_thresholds"] = [[12, 3], [0, 1]]
    data["rules"]["green_colors"] = ["family:green", "#00ff00", "lime", "any"]
    data["rules"]["vest_stops"] = ["yakuza", "maniac"]
    data["rules"]["unanswered_side"] = "mafia"
    cfg = parse_config(data, EXAMPLE)
    assert cfg.rules.court_thresholds == ((12, 3), (0, 1))


def test_board_selectors_are_checked_with_the_dialect_and_reach_the_ipb_client(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mafiabot.bootstrap import make_client
    from scraper.ipb import IpbClient

    data = copy.deepcopy(_example())
    data["board"]["kind"] = "ipb"
    data["board"]["selectors"] = {"author": "span.nick a", "auther": "b", "date": 5}
    probs = _problems(data)
    assert "board.selectors.auther" in probs and "board.selectors.date" in probs
    assert "board.selectors.author" not in probs

    data["board"]["selectors"] = {"author": "span.nick a"}
    cfg = parse_config(data, EXAMPLE)
    assert dict(cfg.board.selectors) == {"author": "span.nick a"}
    monkeypatch.setenv("MAFIABOT_PASSWORD", "x")
    client = make_client(cfg)
    assert isinstance(client, IpbClient)
    assert dict(client.settings.selectors) == {"author": "span.nick a"}

    data["board"]["kind"] = "phpbb"
    assert "board.selectors" in _problems(data)


def test_check_config_cli_names_the_key_of_a_config_that_cannot_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from mafiabot.commands import check_config

    text = EXAMPLE.read_text("utf-8").replace("[[14, 3], [9, 2], [0, 1]]", "[[14, 3], [9]]")
    assert "[[14, 3], [9]]" in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text, "utf-8")
    assert check_config.main(argparse.Namespace(config=str(bad))) == 2
    assert "rules.court_thresholds[1]" in capsys.readouterr().err


def test_players_and_registration_topic_together_are_refused() -> None:
    data = _example()
    data["game"]["registration_topic"] = 3
    assert "game.registration_topic" in _problems(data)


@pytest.mark.parametrize("kind", ["phpbb", "ipb"])
@pytest.mark.parametrize("exempt", [True, False, None])
def test_board_flood_exempt_reaches_the_clients_pacer(
    kind: str, exempt: bool | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`[board] flood_exempt`: the host says whether writes need spacing (issue 11 item 4);
    left out, the client learns it from the board's first refusal."""
    from mafiabot.bootstrap import make_client
    from scraper.client import BoardClientBase

    data = copy.deepcopy(_example())
    data["board"]["kind"] = kind
    if exempt is None:
        data["board"].pop("flood_exempt", None)
    else:
        data["board"]["flood_exempt"] = exempt
    cfg = parse_config(data, EXAMPLE)
    assert cfg.board.flood_exempt is exempt
    monkeypatch.setenv("MAFIABOT_PASSWORD", "x")
    client = make_client(cfg)
    assert isinstance(client, BoardClientBase)
    assert client.pacer.exempt is exempt


def test_board_flood_exempt_is_a_boolean() -> None:
    data = copy.deepcopy(_example())
    data["board"]["flood_exempt"] = "yes"
    assert "board.flood_exempt" in _problems(data)
