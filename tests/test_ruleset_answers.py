"""What the shell asks a rule set instead of asking which one it is: each answer below used
to be an `if ruleset == "pefl"` somewhere in the config, calendar, parser or newspaper."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from engine_kit import game

from engine.gambler import Gambler
from engine.kinds import RULESETS
from engine.pefl import Pefl
from engine.rules import UnknownRuleset, ruleset_class
from engine.settings import RulesSettings
from engine.state import Player
from mafiabot.config import ConfigError, parse_config
from mafiabot.config.calendar import first_turn, turn_deadlines
from mafiabot.newspaper.view import newspaper_view
from parser.letters.executor import names_executor
from parser.sender import CastError, SenderView, cast_state, sender_view
from parser.votes.records import VoteOptions, defaults_for

EXAMPLE = Path(__file__).resolve().parent.parent / "config.example.toml"


def _config(ruleset: str, **game: Any) -> dict[str, Any]:
    data = tomllib.loads(EXAMPLE.read_text("utf-8"))
    if ruleset == "gambler":
        data["game"].update(ruleset="gambler", deadlines=[], start="2026-12-01T12:00")
    data["game"].update(game)
    return data


def test_every_rule_set_name_has_its_class_and_nothing_else_does() -> None:
    assert [ruleset_class(n).name for n in RULESETS] == list(RULESETS)
    with pytest.raises(UnknownRuleset):
        ruleset_class("mafia2")


# --- dealing and the cast (P-S.1, P-S.2) -------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "clan", "problem"),
    [
        ("mafia", "yakuza", None),
        ("bastard", "triad", None),
        ("mafia", None, "yakuza or triad, got None"),
        ("thug", "yakuza", "the thug is Triad's"),
        ("kamikaze", "triad", "the kamikaze is Yakuza's"),
        ("doctor", "triad", "no clan for a doctor"),
    ],
)
def test_P_S_1_pefl_clans_are_checked_by_the_rule_set(
    role: Any, clan: str | None, problem: str | None
) -> None:
    assert Pefl.clan_problem(role, clan) == problem


def test_G_S_1_gambler_has_no_clans() -> None:
    assert Gambler.clan_problem("mafia", None) is None
    assert Gambler.clan_problem("mafia", "yakuza") == "no clan for a mafia"


def test_P_S_1_a_cast_pefl_mafioso_without_a_clan_is_refused_naming_the_rule_set() -> None:
    data = _config("pefl")
    players = data["game"]["players"]
    data["game"]["cast"] = {n: "civilian" for n in players} | {players[0]: "thug"}
    with pytest.raises(ConfigError) as err:
        parse_config(data, EXAMPLE)
    assert dict(err.value.problems)[f"game.cast.{players[0]}"] == (
        'a PEFL thug needs a clan: "thug:triad"'
    )


@pytest.mark.parametrize(
    ("ruleset", "entry", "problem"),
    [
        ("gambler", "mafia:yakuza", "Gambler: no clan for a mafia"),
        ("pefl", "doctor:triad", "PEFL: no clan for a doctor"),
    ],
)
def test_G_S_1_P_S_1_a_cast_clan_where_the_role_has_none_is_refused_naming_the_seat(
    ruleset: str, entry: str, problem: str
) -> None:
    """A clan is part of a seat only where the rule set deals clans (P-S.1); Gambler has
    none (G-S.1). A host who writes one anyway meant something the bot would not play."""
    data = _config(ruleset)
    players = data["game"]["players"]
    data["game"]["cast"] = {n: "civilian" for n in players} | {players[0]: entry}
    with pytest.raises(ConfigError) as err:
        parse_config(data, EXAMPLE)
    assert dict(err.value.problems)[f"game.cast.{players[0]}"] == problem


def test_P_S_1_a_cast_is_read_into_role_and_clan_pairs() -> None:
    """`[game] cast` is declared as what the code reads: (role, clan) pairs, the clan typed."""
    data = _config("pefl")
    players = data["game"]["players"]
    data["game"]["cast"] = {n: "civilian" for n in players} | {players[0]: "thug:triad"}
    cast = parse_config(data, EXAMPLE).game.cast
    assert cast[players[0]] == ("thug", "triad")
    assert cast[players[1]] == ("civilian", None)


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("werewolf", "not a pefl role: 'werewolf'"),
        ("mafia:mafia", "clan must be yakuza or triad, not 'mafia'"),
        (3, "must be a string"),
    ],
)
def test_P_S_1_a_cast_entry_that_is_no_seat_is_refused_naming_the_key(
    spec: object, problem: str
) -> None:
    data = _config("pefl")
    players = data["game"]["players"]
    data["game"]["cast"] = {n: "civilian" for n in players} | {players[0]: spec}
    with pytest.raises(ConfigError) as err:
        parse_config(data, EXAMPLE)
    assert dict(err.value.problems)[f"game.cast.{players[0]}"] == problem


def test_P_S_1_a_cast_file_clan_is_yakuza_or_triad() -> None:
    with pytest.raises(CastError, match="Кот: unknown clan 'mafia'"):
        cast_state({"ruleset": "pefl", "players": {"Кот": {"role": "thug", "clan": "mafia"}}})
    state = cast_state({"ruleset": "pefl", "players": {"Кот": {"role": "thug", "clan": "triad"}}})
    assert (state.players[0].clan, state.players[0].team) == ("triad", "triad")


def test_G_S_1_a_role_of_the_other_rule_set_is_refused() -> None:
    data = _config("gambler")
    data["game"]["roles"] = {"ninja": 1}
    with pytest.raises(ConfigError) as err:
        parse_config(data, EXAMPLE)
    assert dict(err.value.problems)["game.roles.ninja"].startswith("not a gambler role")


def test_P_S_2_a_pefl_cast_on_turn_0_has_its_dons_to_elect() -> None:
    state = cast_state(
        {"ruleset": "pefl", "turn": 0, "players": {"A": {"role": "mafia", "clan": "yakuza"}}}
    )
    assert not state.dons_chosen
    gambler = cast_state({"ruleset": "gambler", "players": {"A": {"role": "mafia"}}})
    assert gambler.dons_chosen  # nothing to elect


def test_a_cast_saying_a_player_left_some_unknown_way_is_refused() -> None:
    with pytest.raises(CastError, match="'drowned'"):
        cast_state(
            {
                "ruleset": "pefl",
                "players": {"A": {"role": "civilian"}},
                "dead": {"A": "drowned"},
            }
        )


# --- what a letter's sender may do (C-2) -------------------------------------------------------


def test_P_S_2_on_pefl_turn_0_a_mafioso_may_only_elect_his_don() -> None:
    _rules, state = game("pefl", "M1:mafia:yakuza", "M2:mafia:yakuza", "Man:maniac", turn=0)
    view = sender_view(state, "M1")
    assert view is not None
    assert "don" in view.role_actions and view.allowed == ("don",)
    assert view.clan_mates == ("M1", "M2")
    maniac = sender_view(state, "Man")
    assert maniac is not None and maniac.allowed == ("kill", "ambush")


def test_G_M_5_a_gambler_mafioso_sends_no_kill_while_the_godfather_lives() -> None:
    _rules, state = game("gambler", "G:godfather", "M:mafia", "D:doctor", turn=2)
    view = sender_view(state, "M")
    assert view is not None and view.allowed == ()
    assert set(view.clan_mates) == {"G", "M"}
    godfather = sender_view(state, "G")
    assert godfather is not None and godfather.allowed == ("kill",)


def test_G_S_2_nobody_moves_on_the_gambler_introduction_day() -> None:
    _rules, state = game("gambler", "G:godfather", "D:doctor")
    view = sender_view(state, "D")
    assert view is not None and view.role_actions == ("heal",) and view.allowed == ()


def test_P_M_8_only_a_pefl_kill_letter_names_an_executor() -> None:
    assert names_executor(SenderView("A", ruleset="pefl"))
    assert not names_executor(SenderView("A", ruleset="gambler"))
    assert names_executor(SenderView("A"))  # rule set unknown: read for one too


# --- votes (P-V.1-P-V.3, G-N.1) ----------------------------------------------------------------


def test_P_V_1_pefl_votes_are_red_first_with_a_reason_and_may_agree() -> None:
    assert defaults_for("pefl", VoteOptions()) == (("family:red",), "first", True, True)


def test_G_N_1_gambler_greens_are_any_green_and_the_last_counts() -> None:
    colors, policy, reason, agree = defaults_for("gambler", VoteOptions())
    assert "family:green" in colors and (policy, reason, agree) == ("last", False, False)
    # a host's choice still wins over the rule set's
    assert defaults_for("gambler", VoteOptions(policy="first"))[1] == "first"


# --- the turn calendar (C-1) -------------------------------------------------------------------


def test_C_1_pefl_deadlines_are_the_hosts_list_gambler_ones_the_daily_clock() -> None:
    pefl = parse_config(_config("pefl"), EXAMPLE).game
    assert first_turn(pefl) == 0
    assert turn_deadlines(pefl, 0) == (pefl.deadlines[0],)
    gambler = parse_config(_config("gambler"), EXAMPLE).game
    assert first_turn(gambler) == 1
    greens, court = turn_deadlines(gambler, 1)
    assert (court - greens).days == 1 and greens.time() == gambler.deadline_time


@pytest.mark.parametrize("ruleset", RULESETS)
def test_C_1_the_daemon_closes_each_phase_on_the_rule_sets_calendar(ruleset: str) -> None:
    """The daemon's deadlines are the config calendar's, phase by phase, and a host's
    extension (C-6) moves only the turn's last one."""
    from engine.rules import get_ruleset
    from mafiabot.daemon.calendar import deadline_for

    cfg = parse_config(_config(ruleset), EXAMPLE)
    rules = get_ruleset(ruleset)
    turn = rules.first_turn + 1
    own = turn_deadlines(cfg.game, turn)
    assert tuple(deadline_for(cfg, rules, turn, ph) for ph in rules.turn_phases) == own
    assert deadline_for(cfg, rules, turn, "over") == own[-1]
    later = own[-1] + timedelta(hours=5)
    extended = parse_config(
        {
            **_config(ruleset),
            "override": [{"kind": "extend_deadline", "turn": turn, "until": later.isoformat()}],
        },
        EXAMPLE,
    )
    closes = [deadline_for(extended, rules, turn, ph) for ph in rules.turn_phases]
    assert closes == [*own[:-1], later]


# --- the newspaper (G-P.1, P-P.1) --------------------------------------------------------------


def _killed() -> list[dict[str, Any]]:
    return [
        {"kind": "Killed", "nick": "Анна", "role": "civilian", "by": "maniac", "story": "ночью"},
        {"kind": "Beaten", "nick": "Кот"},
        {"kind": "HealAnnounced", "nick": "Кот"},
    ]


def test_P_P_1_a_pefl_paper_tells_the_killers_kind_and_the_beaten_not_the_night_notes() -> None:
    v = newspaper_view("pefl", _killed())
    assert v["killed"][0]["cause"] and v["killed"][0]["story"] is None
    assert [b["nick"] for b in v["beaten"]] == ["Кот"]
    assert v["healed"] is None


def test_G_P_1_a_gambler_paper_tells_the_story_and_the_heal_never_the_killer() -> None:
    v = newspaper_view("gambler", _killed())
    assert v["killed"][0]["cause"] is None and v["killed"][0]["story"] == "ночью"
    assert v["beaten"] == []
    assert v["healed"] is not None


def test_each_rule_set_names_every_role_of_its_own_for_the_players() -> None:
    """The players' words for roles are the rule set's: its table covers exactly its roles
    (a new role cannot go out unnamed), and its night actions only roles it has."""
    for name in RULESETS:
        rules = ruleset_class(name)
        assert set(rules.role_words) == set(rules.roles), name
        assert all(rules.role_words.values()), name
        assert set(rules.role_actions) <= set(rules.roles), name


def test_P_S_3_a_label_names_the_clan_of_its_members_only() -> None:
    """The rule set says whose clan a label shows: a PEFL mafioso's, not the bastard's (dealt
    into a clan, P-S.3, but playing for the town); Gambler has no clans."""
    from mafiabot.newspaper.words import role_label

    assert role_label("pefl", "thug", "triad") == "громила, Триада"
    assert role_label("pefl", "bastard", "yakuza") == "ВСБ"
    assert role_label("gambler", "mafia", "yakuza") == "мафия"
    assert set(ruleset_class("pefl").clan_member_roles) < set(ruleset_class("pefl").clan_roles)
    assert ruleset_class("gambler").clan_member_roles == ()


def test_the_cli_offers_exactly_the_engines_rule_sets() -> None:
    from mafiabot.cli import RULESET_CHOICES

    assert RULESET_CHOICES == RULESETS


# --- the deadlines of a turn, and how each phase votes (C-1, G-N.1–G-N.4, P-V.1) ---------------


def test_C_1_the_turns_last_deadline_ends_it() -> None:
    g, p = Gambler(RulesSettings()), Pefl(RulesSettings())
    assert [g.ends_turn(ph) for ph in ("day", "greens", "court")] == [True, False, True]
    assert p.ends_turn("day")


def test_G_N_4_only_the_gambler_court_votes_in_court() -> None:
    g, p = Gambler(RulesSettings()), Pefl(RulesSettings())
    assert [g.court_votes(ph) for ph in ("day", "greens", "court")] == [False, False, True]
    assert not p.court_votes("day")


def test_G_N_3_greens_have_a_threshold_to_court_and_nothing_else_has() -> None:
    g, p = Gambler(RulesSettings()), Pefl(RulesSettings())
    assert g.vote_threshold("greens", 9) == g.court_threshold(9) == 2
    assert g.vote_threshold("court", 9) is None and p.vote_threshold("day", 9) is None


def test_G_N_1_the_hosts_greens_are_the_gambler_greens_colours() -> None:
    settings = RulesSettings(green_colors=("#00ff00",))
    assert Gambler(settings).host_vote_colors("greens") == ("#00ff00",)
    assert Gambler(settings).host_vote_colors("court") is None
    assert Gambler(RulesSettings(green_colors=())).host_vote_colors("greens") is None  # none
    assert Pefl(settings).host_vote_colors("day") is None


def test_G_P_2_a_killed_gambler_civilian_has_one_last_word_and_nobody_else() -> None:
    killed = Player(nick="A", role="civilian", team="town", alive=False, out_by="mafia")
    jailed = dataclasses.replace(killed, out_by="jailed")
    g, p = Gambler(RulesSettings()), Pefl(RulesSettings())
    assert (g.last_words(killed), g.last_words(jailed), p.last_words(killed)) == (1, 0, 0)


SHELL = Path(__file__).resolve().parent.parent / "mafiabot"
#: a phase or vote kind of one rule set, compared in the shell: `phase == "greens"`,
#: `kind != "court"`, `"court" in phases` …
NAME_COMPARED = re.compile(
    r"""(?:[=!]=\s*|\bin\s+)["'](?:greens|court|day|green|red)["']|["'](?:greens|court|day|green|red)["']\s*(?:[=!]=|\bin\b)"""
)


def test_the_shell_asks_the_rule_set_and_compares_no_phase_or_vote_kind_name() -> None:
    found = [
        f"{path.relative_to(SHELL.parent)}:{n}: {line.strip()}"
        for path in sorted(SHELL.rglob("*.py"))
        if "migrations" not in path.parts
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if NAME_COMPARED.search(line)
    ]
    assert found == []


def test_the_shell_never_imports_a_rule_set_of_its_own() -> None:
    imports = re.compile(r"^\s*(?:from|import)\s+engine\.(?:gambler|pefl)\b", re.MULTILINE)
    found = [
        str(path.relative_to(SHELL.parent))
        for path in sorted(SHELL.rglob("*.py"))
        if imports.search(path.read_text("utf-8"))
    ]
    assert found == []
