"""Keys declared once: unknown keys get a "did you mean", new keys and their defaults, the
cases check-config must catch (each with how to fix it), the rehearsal calendar (C-1), and
check-config's warnings and exit codes."""

from __future__ import annotations

import argparse
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from mafiabot.config import (
    ConfigError,
    gambler_deadlines,
    load_config,
    parse_config,
    past_deadlines,
    turn_deadline,
)
from mafiabot.config.preflight import preflight

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "config.example.toml"
MSK = ZoneInfo("Europe/Moscow")


def _example() -> dict[str, Any]:
    return tomllib.loads(EXAMPLE.read_text("utf-8"))


def _problems(data: dict[str, Any], path: Path = EXAMPLE) -> dict[str, str]:
    with pytest.raises(ConfigError) as ei:
        parse_config(data, path)
    return dict(ei.value.problems)


def _gambler(data: dict[str, Any]) -> dict[str, Any]:
    data["game"].update(ruleset="gambler", deadlines=[], start="2026-12-01T12:00")
    return data


# --- unknown keys ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("section", "typo", "meant"),
    [
        ("game", "deadline_hour", "deadline_time"),
        ("board", "pol_interval", "poll_interval"),
        ("rules", "min_reason_word", "min_reason_words"),
        ("newspaper", "vote_charts", "vote_chart"),
        (None, "boards", "board"),
    ],
)
def test_an_unknown_key_names_the_key_it_resembles(
    section: str | None, typo: str, meant: str
) -> None:
    data = _example()
    (data.setdefault(section, {}) if section else data)[typo] = 1
    key = f"{section}.{typo}" if section else typo
    msg = _problems(data)[key]
    assert msg.startswith("unknown") and "did you mean" in msg and repr(meant) in msg


def test_an_unknown_key_far_from_any_is_named_without_a_guess() -> None:
    data = _example()
    data["game"]["zzz"] = 1
    assert _problems(data)["game.zzz"] == "unknown key"


def test_one_bad_key_hides_neither_the_others_nor_cross_key_checks() -> None:
    data = _example()
    data["game"]["seed"] = "abc"
    data["game"]["max_catchup"] = -1
    data["game"]["court_topic"] = 5  # PEFL has no court topic: a check needing two keys
    data["newspaper"] = {"vote_chart": "yes"}
    probs = _problems(data)
    assert probs["game.seed"] == "must be an integer"
    assert probs["game.max_catchup"] == "must be at least 0"
    assert "Gambler" in probs["game.court_topic"]
    assert probs["newspaper.vote_chart"] == "must be true or false"


# --- new keys --------------------------------------------------------------------------------


def test_new_keys_default_to_the_old_behaviour() -> None:
    cfg = load_config(EXAMPLE)
    assert cfg.game.max_catchup == 1
    assert cfg.game.rehearsal is False
    assert cfg.game.hour == timedelta(hours=1)
    assert dict(cfg.game.genders) == {}
    assert cfg.newspaper.vote_chart is False


def test_new_keys_are_read_and_typed() -> None:
    data = _example()
    data["game"].update(max_catchup=0, rehearsal=True, genders={"Анна Каренина": "f"})
    data["newspaper"] = {"vote_chart": True}
    cfg = parse_config(data, EXAMPLE)
    assert cfg.game.max_catchup == 0 and cfg.game.rehearsal is True
    assert dict(cfg.game.genders) == {"Анна Каренина": "f"}
    assert cfg.game.gender("анна каренина") == "f"  # as the parser matches nicks
    assert cfg.game.gender("Шерлок") is None
    assert cfg.newspaper.vote_chart is True


def test_genders_are_m_or_f_for_players_of_the_game() -> None:
    data = _example()
    data["game"]["genders"] = {"Шерлок": "boy", "Ватсон": "m", "dr.watson": "m"}
    probs = _problems(data)
    assert "must be one of 'm' or 'f'" in probs["game.genders.Шерлок"]
    assert "not one of game.players" in probs["game.genders.Ватсон"]
    assert "game.genders.dr.watson" not in probs  # case does not matter


def test_genders_written_the_russian_way_are_taken_as_the_newspaper_takes_them() -> None:
    """`ж` / `м` (and жен / муж, female / male) are what a Russian host writes; the renderer
    reads them, so check-config and run take them too, as "f" / "m"."""
    from mafiabot.newspaper.grammar import normalize_gender

    data = _example()
    players = data["game"]["players"]
    written = dict(zip(players, ["ж", "м", "Жен", "муж ", "female", "male"], strict=False))
    data["game"]["genders"] = written
    cfg = parse_config(data, EXAMPLE)
    for nick, word in written.items():
        assert cfg.game.gender(nick) == normalize_gender(word)
        assert cfg.game.gender(nick) in ("m", "f")
    assert cfg.game.gender(players[0]) == "f" and cfg.game.gender(players[1]) == "m"


@pytest.mark.parametrize(
    ("ruleset", "where", "written", "meant"),
    [
        ("pefl", "roles", "мафия", "mafia"),  # the role's Russian name
        ("pefl", "roles", "Комиссар", "commissar"),
        ("pefl", "roles", "comissar", "commissar"),  # a slip
        ("pefl", "roles", "maniak", "maniac"),
        ("gambler", "roles", "шериф", "sheriff"),
        ("gambler", "roles", "крестный отец", "godfather"),  # ё written as е
        ("gambler", "cast", "доктор", "doctor"),
        ("gambler", "role_tables", "civillian", "civilian"),
    ],
)
def test_a_role_name_that_misses_gets_a_did_you_mean(
    ruleset: str, where: str, written: str, meant: str
) -> None:
    data = _example()
    if ruleset == "gambler":
        data = _gambler(data)
    players = data["game"]["players"]
    if where == "roles":
        data["game"]["roles"] = {written: 1, "civilian": len(players) - 1}
        key = f"game.roles.{written}"
    elif where == "cast":
        data["game"]["cast"] = {n: "civilian" for n in players} | {players[0]: written}
        key = f"game.cast.{players[0]}"
    else:
        data.setdefault("rules", {})["role_tables"] = {"6": {written: 5, "mafia": 1}}
        key = f"rules.role_tables.6.{written}"
    problem = _problems(data)[key]
    assert problem.startswith(f"not a {ruleset} role"), problem
    assert f"did you mean {meant!r}" in problem, problem


def test_a_role_name_far_from_any_gets_no_guess() -> None:
    data = _example()
    data["game"]["roles"] = {"werewolf": 1, "civilian": len(data["game"]["players"]) - 1}
    problem = _problems(data)["game.roles.werewolf"]
    assert "not a pefl role" in problem and "did you mean" not in problem


def test_players_whose_nicks_look_alike_are_refused() -> None:
    data = _example()
    # Latin "M" and "a" in a Cyrillic nick: the parser folds both to one voter
    data["game"]["players"] = ["Макс", "Шерлок", "Mакс", "шерлок"]
    del data["game"]["roles"]
    probs = _problems(data)
    assert "looks the same as 'Макс'" in probs["game.players[2]"]
    assert "duplicate nick 'Шерлок'" in probs["game.players[3]"]


def test_players_whose_nicks_differ_only_by_a_stress_mark_are_refused() -> None:
    """The one identity key (`parser.identity.nick_key`) also drops diacritic marks and
    invisible characters: «Шерло́к» and «Шерлок» are one voter to the reader."""
    data = _example()
    data["game"]["players"] = ["Шерлок", "Кот", "Шерло\u0301к"]
    del data["game"]["roles"]
    assert "looks the same as 'Шерлок'" in _problems(data)["game.players[2]"]


# --- what check-config catches in the file ----------------------------------------------------


@pytest.mark.parametrize("delay", [float("nan"), float("inf"), -1.0, -0.5, True, "1"])
def test_request_delay_must_be_a_finite_non_negative_number(delay: object) -> None:
    data = _example()
    data["board"]["request_delay"] = delay
    assert "board.request_delay" in _problems(data)


def test_request_delay_nan_says_what_is_wrong() -> None:
    data = tomllib.loads(
        EXAMPLE.read_text("utf-8").replace("request_delay = 1.0", "request_delay = nan")
    )
    assert "finite" in _problems(data)["board.request_delay"]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("topic", 12345678901234567890),
        ("topic", "https://forum.example.org/viewtopic.php?t=12345678901234567890"),
        ("topic", 0),
        ("topic", -4),
        ("registration_topic", 2**40),
    ],
)
def test_implausible_topic_ids_are_refused(key: str, value: object) -> None:
    data = _example()
    data["game"][key] = value
    if key == "registration_topic":
        data["game"]["players"] = []
        del data["game"]["roles"]
    assert f"game.{key}" in _problems(data)


def test_an_implausible_id_says_where_to_copy_it_from() -> None:
    data = _gambler(_example())
    data["game"]["court_forum"] = 12345678901234567890
    data["override"] = [{"kind": "ignore_vote", "post_id": 10**12}]
    probs = _problems(data)
    assert "address bar" in probs["game.court_forum"]
    assert "not a plausible board id" in probs["override[0].post_id"]


def test_a_big_but_real_topic_id_passes() -> None:
    data = _example()
    data["game"]["topic"] = "https://forum.example.org/viewtopic.php?f=2&t=2147483647"
    assert parse_config(data, EXAMPLE).game.topic == 2147483647


@pytest.mark.parametrize("css", ["span.nick a[", "div >> p", "p:nth-child(x)", "#"])
def test_selectors_that_are_not_css_are_refused_naming_the_key(css: str) -> None:
    data = _example()
    data["board"]["kind"] = "ipb"
    data["board"]["selectors"] = {"author": css, "post_id_attr": "data-pid", "quote_body": ""}
    probs = _problems(data)
    assert "not valid CSS" in probs["board.selectors.author"]
    assert set(probs) == {"board.selectors.author"}  # attribute names and "" are not CSS


def test_an_unknown_selector_key_gets_a_guess() -> None:
    data = _example()
    data["board"]["kind"] = "ipb"
    data["board"]["selectors"] = {"autor": "span.nick a"}
    assert "did you mean 'author'" in _problems(data)["board.selectors.autor"]


def test_an_sqlite_file_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    data = _example()
    data["storage"] = {"url": "sqlite:///no/such/dir/game.db"}
    msg = _problems(data, tmp_path / "game.toml")["storage.url"]
    assert str(tmp_path / "no" / "such" / "dir") in msg and "mkdir" in msg
    (tmp_path / "no" / "such" / "dir").mkdir(parents=True)
    cfg = parse_config(data, tmp_path / "game.toml")
    assert cfg.database_url == f"sqlite:///{tmp_path / 'no/such/dir/game.db'}"


# --- the rehearsal calendar (C-1) -------------------------------------------------------------


def test_C_1_rehearsal_gambler_turn_lasts_cycle_minutes() -> None:
    data = _gambler(_example())
    real = parse_config(data, EXAMPLE).game
    data["game"]["rehearsal"] = True
    g = parse_config(data, EXAMPLE).game
    start = datetime(2026, 12, 1, 12, 0, tzinfo=MSK)
    # the real day 1 closes greens 11 h 59 min after the start and the court a day later
    assert gambler_deadlines(real, 1) == (
        start + timedelta(hours=11, minutes=59),
        start + timedelta(hours=35, minutes=59),
    )
    assert gambler_deadlines(g, 1) == (
        start + timedelta(minutes=11, seconds=59),
        start + timedelta(minutes=35, seconds=59),
    )
    assert gambler_deadlines(g, 2)[0] - gambler_deadlines(g, 1)[0] == timedelta(minutes=48)
    assert turn_deadline(g, 1) == gambler_deadlines(g, 1)[1]
    assert g.hour == timedelta(minutes=1)


def test_C_1_rehearsal_pefl_deadlines_and_turn_hours_in_minutes() -> None:
    data = _example()
    data["game"]["rehearsal"] = True
    g = parse_config(data, EXAMPLE).game
    start = datetime(2026, 11, 27, 12, 0, tzinfo=MSK)
    assert turn_deadline(g, 0) == start + timedelta(minutes=10)  # 22:00 is 10 h after noon
    assert turn_deadline(g, 2) == start + timedelta(minutes=58)
    assert turn_deadline(g, 3) == start + timedelta(minutes=58 + 24)  # turn_hours = 24


def test_past_deadlines_lists_what_a_bot_started_now_would_find() -> None:
    g = load_config(EXAMPLE).game
    assert past_deadlines(g, datetime(2026, 11, 27, 12, 0, tzinfo=MSK)) == []
    assert past_deadlines(g, datetime(2026, 11, 28, 23, 0, tzinfo=MSK)) == [
        datetime(2026, 11, 27, 22, 0, tzinfo=MSK),
        datetime(2026, 11, 28, 22, 0, tzinfo=MSK),
    ]
    assert len(past_deadlines(g, datetime(2030, 1, 1, tzinfo=UTC), limit=5)) == 5
    gam = parse_config(_gambler(_example()), EXAMPLE).game
    # Gambler: both deadlines of a turn count (greens, then court and night)
    assert len(past_deadlines(gam, datetime(2026, 12, 3, 0, 0, tzinfo=MSK))) == 2


# --- check-config: environment and clock ------------------------------------------------------


def test_preflight_refuses_an_unset_password_variable_and_says_how_to_set_it() -> None:
    cfg = load_config(EXAMPLE)
    before = datetime(2026, 11, 1, tzinfo=MSK)
    found = preflight(cfg, before, environ={})
    [(key, msg)] = found.errors
    assert key == "board.password_env"
    assert "export MAFIABOT_PASSWORD=" in msg and "EnvironmentFile" in msg
    assert preflight(cfg, before, environ={"MAFIABOT_PASSWORD": ""}).errors
    ok = preflight(cfg, before, environ={"MAFIABOT_PASSWORD": "s"})
    assert ok.errors == [] and ok.warnings == []


def test_preflight_warns_about_past_deadlines_and_an_old_start() -> None:
    cfg = load_config(EXAMPLE)
    env = {"MAFIABOT_PASSWORD": "s"}
    found = preflight(cfg, datetime(2026, 11, 28, 23, 0, tzinfo=MSK), environ=env)
    assert found.errors == []
    [(key, msg)] = found.warnings
    assert key == "game.deadlines"
    assert "2 deadline(s) already past" in msg and "max_catchup = 1" in msg
    later = preflight(cfg, datetime(2026, 12, 31, tzinfo=MSK), environ=env)
    assert {k for k, _ in later.warnings} == {"game.deadlines", "game.start"}
    assert "33 days ago" in dict(later.warnings)["game.start"]


def test_preflight_reminds_a_rehearsal_is_for_a_test_topic() -> None:
    data = _example()
    data["game"]["rehearsal"] = True
    found = preflight(
        parse_config(data, EXAMPLE), datetime(2026, 11, 1, tzinfo=MSK), {"MAFIABOT_PASSWORD": "s"}
    )
    assert [k for k, _ in found.warnings] == ["game.rehearsal"]


def test_check_config_exit_codes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from mafiabot.commands import check_config

    args = argparse.Namespace(config=str(EXAMPLE))
    monkeypatch.delenv("MAFIABOT_PASSWORD", raising=False)
    assert check_config.main(args) == 2  # run would refuse it: the same code as run's
    assert "board.password_env" in capsys.readouterr().err

    monkeypatch.setenv("MAFIABOT_PASSWORD", "s")
    old = tmp_path / "old.toml"
    text = EXAMPLE.read_text("utf-8").replace("2026-11-2", "2020-11-2")
    old.write_text(text, "utf-8")
    assert check_config.main(argparse.Namespace(config=str(old))) == 0  # warnings only
    out = capsys.readouterr()
    assert "предупреждение: game.deadlines" in out.err and "предупреждение: game.start" in out.err
    assert "всё в порядке" in out.out and "2 предупреждения" in out.out
