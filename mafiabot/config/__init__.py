"""The host's config file, read once into typed objects.

`load_config(path)` parses TOML with tomllib and checks every key; a bad file raises
`ConfigError` carrying *all* problems at once, each naming its dotted key
(`game.deadlines[2]`, `override[3].player`), so a host fixes the file in one go.

Each key is declared once, in `sections` (type, default, help, check); `checks` reads a file
through those declarations, `example` writes config.example.toml from them, `calendar` holds
the turn calendar the keys set, and `preflight` the checks only `check-config` makes (the
environment, the clock).

Passwords never live in the file: `[board] password_env` names an environment variable and
`BoardConfig.password()` reads it when the daemon logs in.
"""

from __future__ import annotations

from typing import Final

from engine.kinds import RULESETS
from mafiabot.config.calendar import (
    gambler_deadlines,
    past_deadlines,
    turn_deadline,
    turn_deadlines,
)
from mafiabot.config.checks import DB_SCHEMES, load_config, parse_config
from mafiabot.config.declare import declared
from mafiabot.config.sections import (
    BOARD_KINDS,
    INTERIM_MODES,
    OVERRIDE_KINDS,
    BoardConfig,
    Config,
    ConfigError,
    GameConfig,
    InterimCount,
    NewspaperConfig,
    Override,
)

#: Every key an `[[override]]` table may hold.
OVERRIDE_KEYS: Final = frozenset(d.name for d in declared(Override))

__all__ = [
    "BOARD_KINDS",
    "DB_SCHEMES",
    "INTERIM_MODES",
    "OVERRIDE_KEYS",
    "OVERRIDE_KINDS",
    "RULESETS",
    "BoardConfig",
    "Config",
    "ConfigError",
    "GameConfig",
    "InterimCount",
    "NewspaperConfig",
    "Override",
    "gambler_deadlines",
    "load_config",
    "parse_config",
    "past_deadlines",
    "turn_deadline",
    "turn_deadlines",
]
