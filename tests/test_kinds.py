"""The engine's vocabularies (`engine.kinds`): strings from outside are narrowed once, at the
edge, and anything else is refused with the good values named."""

from __future__ import annotations

import pytest

from engine.kinds import (
    DEATH_CAUSES,
    GAMBLER_ROLES,
    PEFL_ROLES,
    ROLES,
    as_cause,
    as_clan,
    as_exit,
    as_phase,
    as_role,
    as_ruleset,
    as_team,
)
from engine.state import GameState, Player
from mafiabot.store.codec import Json, JsonObject, from_json, to_json


def test_every_role_of_both_rule_sets_is_a_role_once() -> None:
    # G-S.1, P-S.1: the two tables share the plain roles (civilian, mafia, ...)
    assert set(ROLES) == set(GAMBLER_ROLES) | set(PEFL_ROLES)
    assert len(ROLES) == len(set(ROLES))


def test_known_words_pass_through_unchanged() -> None:
    assert as_role("sergeant") == "sergeant"
    assert as_role("godfather", GAMBLER_ROLES) == "godfather"
    assert as_phase("greens") == "greens"
    assert as_ruleset("pefl") == "pefl"
    assert [as_cause(c) for c in DEATH_CAUSES] == list(DEATH_CAUSES)
    assert as_exit("jailed") == "jailed" and as_exit("override") == "override"


@pytest.mark.parametrize(
    ("narrow", "value", "named"),
    [
        (as_role, "werewolf", "commissar"),
        (as_phase, "dusk", "greens"),
        (as_ruleset, "chess", "gambler"),
        (as_cause, "jailed", "thug_accident"),
        (as_exit, "fell", "missing"),
        (as_role, None, "civilian"),
        (as_clan, "mafia", "yakuza"),
        (as_team, "pirates", "solo"),
    ],
)
def test_an_unknown_word_is_refused_naming_the_known_ones(
    narrow: object, value: object, named: str
) -> None:
    assert callable(narrow)
    with pytest.raises(ValueError, match=named) as err:
        narrow(value)
    assert repr(value) in str(err.value)


def test_a_role_of_the_other_rule_set_is_refused_when_the_set_is_given() -> None:
    # P-S.1 has no godfather
    with pytest.raises(ValueError, match="godfather"):
        as_role("godfather", PEFL_ROLES)


def _stored(**player: Json) -> JsonObject:
    """A stored PEFL state (as the database keeps it) with one player's fields replaced."""
    state = GameState(
        ruleset="pefl",
        players=(
            Player(nick="Кот", role="thug", team="triad", clan="triad"),
            Player(nick="Лис", role="civilian", team="town", alive=False, out_by="hanged"),
        ),
        turn=2,
        phase="day",
    )
    data = to_json(state)
    players = data["players"]
    assert isinstance(players, list) and isinstance(players[0], dict)
    players[0].update(player)
    return data


def test_a_stored_state_comes_back_as_it_was_stored() -> None:
    data = _stored()
    assert to_json(from_json(GameState, data)) == data


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("role", "werewolf"),  # `GamblerRole | PeflRole`: a role of neither rule set
        ("out_by", "fell"),  # `Cause | DayExit | None`
        ("team", "pirates"),
        ("clan", "mafia"),  # P-S.1: a clan is yakuza or triad
        ("side", "maniac"),  # G-M.8: town or mafia
    ],
)
def test_the_state_loader_refuses_a_word_outside_a_fields_type(field: str, value: str) -> None:
    """A union of `Literal`s refuses an unknown word as one `Literal` does: where it comes in,
    not later as a surprise to a rule."""
    with pytest.raises(ValueError, match=value):
        from_json(GameState, _stored(**{field: value}))


def test_the_engines_death_causes_are_exactly_the_scenario_contracts() -> None:
    """SCENARIO.md names the causes a replay may report; the engine's `Cause` type is the
    code's list. The two are kept apart on purpose (one is the contract, one the code) and
    must agree both ways: a cause the engine can give that the contract lacks breaks replay
    consumers, and one the contract lists that the engine never gives is dead text."""
    from tests.test_scenarios import CAUSES

    assert frozenset(DEATH_CAUSES) == CAUSES
