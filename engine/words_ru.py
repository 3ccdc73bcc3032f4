"""The rule sets' words for players, in Russian: what each role and each night action is
called. The rule sets hold the role words as class data (`RuleSetBase.role_words`), so the
newspaper asks the rule set for its words instead of keeping a table per rule-set name; the
action words are one table for the letter reader and everything the bot writes.

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

#: C-2: the night actions as players call them — one word each, shared by the letter reader's
#: questions and every reply, newspaper and host view that names a move. «убийство» fits every
#: killer (the mafia's shot, the maniac, the ninja's blade, the sheriff); `executor` is the
#: part of a mafia letter that names who shoots (P-M.8).
ACTION_WORDS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "kill": "убийство",
        "check": "проверка",
        "heal": "лечение",
        "block": "приглашение",
        "beat": "избиение",
        "blast": "подрыв",
        "protect": "протект",
        "ambush": "засада",
        "army": "Армия Тьмы",
        "choose_side": "выбор стороны",
        "don": "выбор Дона",
        "executor": "исполнитель",
    }
)
