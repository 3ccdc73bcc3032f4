"""`RulesSettings`: every **Ruling** of RULES.md (and every place the rules are silent) as a
host setting. The `[rules]` section of config.toml and a scenario's `options` map onto these
fields by name; the defaults are the rulings of RULES.md.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any


class SettingsError(ValueError):
    """A `[rules]` key is unknown or has a value of the wrong type; the message names it."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"rules.{key}: {message}")
        self.key = key


@dataclass(frozen=True, slots=True)
class RulesSettings:
    """Host settings of the rules (config `[rules]`). Each field names the rule it rules on."""

    # --- Gambler ---------------------------------------------------------------------------
    #: G-N.1: colours that make a green, as the vote parser's colour specs ("family:green",
    #: "#rrggbb"); empty → the parser's default (any green hue plus the usual spellings).
    green_colors: tuple[str, ...] = ()
    #: G-N.3: (minimum living players, greens needed), checked from the top.
    court_thresholds: tuple[tuple[int, int], ...] = ((14, 3), (9, 2), (0, 1))
    #: G-N.4 Ruling: a nominee needs at least one court vote to be jailed.
    court_needs_a_vote: bool = True
    #: G-N.5 Ruling: a court tie is settled by the seeded coin (else nobody is jailed and the
    #: host must override with the real duel's loser).
    duel_by_coin: bool = True
    #: G-M.1 Ruling: the prostitute's invitation also takes the lawyer's move.
    prostitute_blocks_lawyer: bool = True
    #: G-M.6: an invited (not last) mafia member's letter still counts ("does not stop it").
    invited_member_letter_counts: bool = True
    #: G-M.8 Ruling: the prostitute's side when she does not answer by the next deadline.
    unanswered_side: str = "town"
    #: G-P.1 Ruling: the newspaper names the role the commissar/lawyer saw.
    announce_check_roles: bool = True
    #: G-W.1 Ruling: the win is checked after the court as well as after the night (a game
    #: won at the court plays no night).
    gambler_check_win_after_court: bool = True
    #: G-W.1 Ruling: who wins when several win conditions hold at once (first wins).
    gambler_win_priority: tuple[str, ...] = ("maniac", "mafia", "town")

    # --- PEFL ------------------------------------------------------------------------------
    #: P-V.1 Ruling: words of own text besides the nick that make a reason (parser's).
    min_reason_words: int = 3
    #: P-V.4 Ruling: with no accepted vote nobody is hanged. False: the turn is reported as
    #: waiting for the host's decision (a `hang` override), still hanging nobody by itself.
    nobody_hanged_without_votes: bool = True
    #: P-M.0: how many times a request may be changed in a turn (the later letter wins).
    request_changes: int = 1
    #: P-M.5 Ruling: a doctor killed at step 5 heals nobody.
    doctor_killed_heals: bool = False
    #: P-M.1: a commissar killed at step 5 makes no check.
    commissar_killed_checks: bool = False
    #: P-M.13 Ruling: which bullets the maniac's vest stops (one of them, once).
    vest_stops: tuple[str, ...] = ("yakuza", "triad")
    #: P-M.14 Ruling: when several attacks kill one player, the first of these names the cause.
    cause_priority: tuple[str, ...] = (
        "kamikaze",
        "army",
        "thug_accident",
        "ambush",
        "testament",
        "ninja",
        "yakuza",
        "triad",
        "maniac",
        "sheriff",
        "mafia",
        "harakiri",
        "override",
    )
    #: P-M.3: a ninja kill counts toward harakiri only if the victim stays dead (not
    #: resurrected by a protect).
    ninja_count_resurrected: bool = False
    #: P-M.8: a clan kill fails when its executor was beaten that night (he loses his move).
    beaten_executor_fails: bool = True
    #: P-M.8: when the Don was beaten, members' requests count as if he were silent.
    beaten_don_counts_as_silent: bool = True
    #: P-W.1: the win is also checked after the day (steps 1–3); the night is then not played.
    pefl_check_win_after_day: bool = True
    #: SCENARIO `abstained`: list players who went missing at step 1 (they had no vote).
    missing_abstain: bool = True

    # --- dealing (G-S.1, P-S.1) ------------------------------------------------------------
    #: Role-count tables by player count overriding the defaults: {"20": {"civilian": 9, …}}.
    role_tables: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> RulesSettings:
        """Build from a `[rules]` table; unknown keys and wrong types raise SettingsError."""
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        defaults = cls()
        for key, value in data.items():
            if key not in known:
                raise SettingsError(key, "unknown setting")
            default = getattr(defaults, key)
            values[key] = _coerce(key, value, default)
        return dataclasses.replace(defaults, **values)


def _coerce(key: str, value: Any, default: Any) -> Any:
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise SettingsError(key, f"expected true/false, got {value!r}")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SettingsError(key, f"expected an integer, got {value!r}")
        return value
    if isinstance(default, str):
        if not isinstance(value, str):
            raise SettingsError(key, f"expected a string, got {value!r}")
        return value
    if isinstance(default, tuple):
        if not isinstance(value, list | tuple):
            raise SettingsError(key, f"expected a list, got {value!r}")
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    if isinstance(default, Mapping):
        if not isinstance(value, Mapping):
            raise SettingsError(key, f"expected a table, got {value!r}")
        return dict(value)
    return value
