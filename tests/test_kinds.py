"""The engine's vocabularies (`engine.kinds`): strings from outside are narrowed once, at the
edge, and anything else is refused with the good values named."""

from __future__ import annotations

import pytest

from mafiabot.engine.kinds import (
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
