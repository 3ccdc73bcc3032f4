"""The rule sets' words for players, in Russian: what each role is called and how its letter
is written. The rule sets hold them as class data (`RuleSetBase.role_words`, `.move_help`),
so the newspaper asks the rule set for its words instead of keeping a table per rule-set name.

Only words live here; the sentences around them are the templates' (`templates/ru/`).
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

# The role PM's help (G-S.3, P-S.3): how a role with a move writes its letter, with the plainest
# examples (C-2: the letter reader takes any form of the verb or noun). A role without a move
# of its own has no entry.

GAMBLER_MOVE_HELP: Final[Mapping[Role, str]] = MappingProxyType(
    {
        "commissar": "Каждую ночь вы проверяете одного игрока. Напишите: «Проверяю Ник».",
        "lawyer": "Каждую ночь вы проверяете одного игрока. Напишите: «Проверяю Ник».",
        "sheriff": "Каждую ночь вы можете застрелить одного игрока. Напишите: «Стреляю в Ник».",
        "maniac": "Каждую ночь вы убиваете одного игрока. Напишите: «Убиваю Ник».",
        "doctor": "Каждую ночь вы лечите одного игрока (себя — один раз за игру). "
        "Напишите: «Лечу Ник».",
        "prostitute": "Каждую ночь вы приглашаете одного игрока (одного и того же — только "
        "раз за игру). Напишите: «Приглашаю Ник».",
        "godfather": "Каждую ночь вы заказываете убийство. Напишите: «Убить Ник»; можно "
        "добавить, как это было сделано.",
        "mafia": "Пока крёстный отец в игре, убийство заказывает он; после него письмо "
        "пишете вы: «Убить Ник».",
    }
)

PEFL_MOVE_HELP: Final[Mapping[Role, str]] = MappingProxyType(
    {
        "commissar": "Каждую ночь вы проверяете одного игрока. Напишите: «Проверяю Ник».",
        "sergeant": "Вы получаете результаты проверок комиссара; если он погибнет, "
        "комиссаром станете вы и будете писать: «Проверяю Ник».",
        "ninja": "Вы можете убить игрока, когда захотите. Напишите: «Убиваю Ник».",
        "doctor": "Каждую ночь вы лечите одного игрока. Напишите: «Лечу Ник».",
        "necromancer": "Вы можете дать протект: «Протект Ник»; когда придёт время — "
        "«Армия Тьмы Ник».",
        "mafia": "Дон клана заказывает убийство: «Убить Ник, исполнитель Ник».",
        "thug": "Вы можете избить игрока: «Избиваю Ник»; как член клана — стать исполнителем.",
        "kamikaze": "Вы можете взорвать игрока (один раз за игру): «Подрыв Ник»; как член "
        "клана — стать исполнителем.",
        "maniac": "Каждую ночь вы можете убить игрока: «Убиваю Ник»; один раз за игру — "
        "устроить засаду: «Засада».",
    }
)
