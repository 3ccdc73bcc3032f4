"""The rule sets' words for players, in Russian: what each role is called. The rule sets hold
them as class data (`RuleSetBase.role_words`), so the newspaper asks the rule set for its words
instead of keeping a table per rule-set name.

Only words live here; the sentences around them — what a role does and how its letter is
written — are the templates' (`templates/ru/_roles.bbcode.j2`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from engine.kinds import Role

#: G-S.1: the Gambler roles as the game's players name them.
GAMBLER_ROLE_WORDS: Final[Mapping[Role, str]] = MappingProxyType(
    {
        "civilian": "мирный житель",
        "commissar": "комиссар",
        "sheriff": "шериф",
        "doctor": "доктор",
        "maniac": "маньяк",
        "prostitute": "путана",
        "mafia": "мафия",
        "godfather": "крёстный отец",
        "lawyer": "адвокат",
    }
)

#: P-S.1: the PEFL roles as the game's players name them (the bastard is «ВСБ»).
PEFL_ROLE_WORDS: Final[Mapping[Role, str]] = MappingProxyType(
    {
        "civilian": "мирный житель",
        "commissar": "комиссар",
        "sergeant": "сержант",
        "ninja": "ниндзя",
        "doctor": "врач",
        "necromancer": "некромант",
        "bastard": "ВСБ",
        "mafia": "мафия",
        "thug": "громила",
        "kamikaze": "камикадзе",
        "maniac": "маньяк",
    }
)
