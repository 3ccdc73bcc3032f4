"""The rule sets, found in one list: `RULE_SETS` holds each rule set's class (a subclass of
`engine.base.RuleSetBase` that answers what the engine and the shell ask), and a name from
outside — a config, a scenario, the database — is looked up there once (`ruleset_class`,
`get_ruleset`); from then on the object is passed, never its name."""

from __future__ import annotations

from engine.base import RULESETS, Phase, RuleSetBase, RulesetName, VoteKind
from engine.gambler import Gambler
from engine.pefl import Pefl
from engine.settings import RulesSettings

#: A rule set as the engine and the shell hold it: one of `RULE_SETS`, with its settings.
RuleSet = RuleSetBase

#: Every rule set, in the order of `engine.kinds.RULESETS` (their names).
RULE_SETS: tuple[type[RuleSetBase], ...] = (Gambler, Pefl)


class UnknownRuleset(ValueError):
    """No rule set of that name."""


def ruleset_class(name: str) -> type[RuleSetBase]:
    """The class of the rule set called `name` ("gambler" | "pefl"): its class data and
    class methods answer what needs no settings (roles, calendar shape, vote look, paper),
    so the config check can ask before any game exists."""
    for cls in RULE_SETS:
        if cls.name == name:
            return cls
    raise UnknownRuleset(f"unknown rule set {name!r} ({' | '.join(RULESETS)})")


def get_ruleset(name: str, settings: RulesSettings | None = None) -> RuleSetBase:
    """The rule set called `name` ("gambler" | "pefl") with these settings."""
    return ruleset_class(name)(settings or RulesSettings())


__all__ = [
    "RULESETS",
    "RULE_SETS",
    "Phase",
    "RuleSet",
    "RuleSetBase",
    "RulesetName",
    "UnknownRuleset",
    "VoteKind",
    "get_ruleset",
    "ruleset_class",
]
