"""The Russian words of what the bot writes, keyed by what they name: clans, causes of death,
refusals, actions, winners, dates. The sentences around them are the templates'
(`templates/ru/`); the rule sets' own role names are `engine/words_ru.py`'s.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from datetime import datetime
from zoneinfo import ZoneInfo

from engine.base import RuleSetBase
from engine.kinds import RULESETS, Role
from engine.rules import ruleset_class
from mafiabot.newspaper.grammar import pick

log = logging.getLogger(__name__)

# Russian words for ids (RULES.md)

# Roles' names and the role PM's move help are the rule set's (`RuleSetBase.role_words`,
# `.move_help`, `engine/words_ru.py`): `role_label` and `move_help` ask it.
CLAN_RU = {"yakuza": "Якудза", "triad": "Триада"}

# P-P.1: who killed whom, by role only. Anything not in this table is never printed.
# Each cause in three forms: agreeing with a man, with a woman, and one that needs no agreement
# for a player whose gender is not known («погибает Марго — работа маньяка»).
PEFL_CAUSE_FORMS: dict[str, tuple[str, str, str]] = {
    "yakuza": ("его настигла Якудза", "её настигла Якудза", "работа Якудзы"),
    "triad": ("его настигла Триада", "её настигла Триада", "работа Триады"),
    "maniac": ("работа маньяка", "работа маньяка", "работа маньяка"),
    "ninja": ("работа ниндзя", "работа ниндзя", "работа ниндзя"),
    "kamikaze": ("взорван камикадзе", "взорвана камикадзе", "подрыв, работа камикадзе"),
    "testament": (
        "исполнено завещание ниндзя",
        "исполнено завещание ниндзя",
        "исполнено завещание ниндзя",
    ),
    "army": ("его забрала Армия Тьмы", "её забрала Армия Тьмы", "работа Армии Тьмы"),
    "harakiri": ("совершил харакири", "совершила харакири", "харакири"),
    "ambush": ("погиб в засаде", "погибла в засаде", "в засаде"),
    "thug_accident": ("несчастный случай", "несчастный случай", "несчастный случай"),
    "override": ("выведен из игры ведущим", "выведена из игры ведущим", "решение ведущего"),
}
#: The gender-free form of each cause (the host report and any caller that has no gender).
PEFL_CAUSE_RU = {k: forms[2] for k, forms in PEFL_CAUSE_FORMS.items()}


def cause_ru(by: str, gender: str | None) -> str | None:
    """The newspaper's words for a PEFL killer label, agreeing with the victim; None for a
    label not in the table (never printed, P-P.1)."""
    forms = PEFL_CAUSE_FORMS.get(by)
    if forms is None:
        return None
    return pick(gender, *forms)


# G-P.1: for a blocked player only what did not happen, by role.
GAMBLER_MISSED_RU = {
    ("sheriff", "kill"): "шериф этой ночью не стрелял",
    ("maniac", "kill"): "маньяк этой ночью не убивал",
    ("doctor", "heal"): "доктор этой ночью не лечил",
    ("commissar", "check"): "комиссар не провёл проверку",
    ("lawyer", "check"): "адвокат не провёл проверку",
    ("godfather", "mafia_kill"): "мафия этой ночью не стреляла",
    ("godfather", "kill"): "мафия этой ночью не стреляла",
    ("mafia", "mafia_kill"): "мафия этой ночью не стреляла",
}

CHECKER_RU = {"commissar": "Комиссар", "lawyer": "Адвокат", "sergeant": "Сержант"}

WINNER_RU = {
    "town": "победили мирные жители",
    "mafia": "победила мафия",
    "yakuza": "победил клан Якудза",
    "triad": "победил клан Триада",
    "maniac": "победил маньяк",
}

SIDE_RU = {"town": "мирными", "mafia": "мафией"}

MISSING_REASON_FORMS: dict[str, tuple[str, str, str]] = {
    "no_post": (
        "не появлялся в городе весь день",
        "не появлялась в городе весь день",
        "ни одного сообщения за весь день",
    ),
    "second_abstention": (
        "второй раз не проголосовал",
        "второй раз не проголосовала",
        "второй пропуск голосования",
    ),
    "override": ("ушёл из игры", "ушла из игры", "уход из игры"),
}
MISSING_REASON_RU = {k: forms[2] for k, forms in MISSING_REASON_FORMS.items()}

NOBODY_REASON_RU = {
    "no_nominee": "в суд никто не попал",
    "no_votes": "голосов не было",
}

# Move refusals (engine reason codes and the parser's) → words for the player.
REFUSAL_RU = {
    "unknown_nick": "такого живого игрока нет",
    "ambiguous_nick": "ник подходит к нескольким игрокам — напишите его точнее",
    "dead": "этот игрок уже выбыл",
    "not_a_player": "вы не участвуете в игре",
    "not_your_move": "у вашей роли нет такого хода",
    "no_move_tonight": "этой ночью у вас нет хода",
    "self_target": "нельзя выбрать самого себя",
    "repeat_target": "этого игрока вы уже выбирали",
    "too_many_changes": "ход можно изменить только один раз",
    "late": "письмо пришло после дедлайна",
    "unparsed": "не удалось понять ход",
    "blocked": "этой ночью вы не можете ходить",
    "beaten": "вы избиты и этой ночью не ходите",
    "used": "этот ход уже использован",
    "no_target": "не понял, на кого направлен ход — напишите ник",
    # questions of the letter reader (parser/letters/): the question itself is the detail
    "which_target": "не понял, на кого из игроков направлен ход",
    "pronoun": "не понял, кого вы имеете в виду",
    "which_action": "не понял, какой ход вы делаете",
    "low_confidence": "не уверен, что правильно понял ход",
    "is_it_a_move": "не понял, ход ли это",
    "unaccounted": "не понял, при чём в письме ещё один названный игрок",
    "undecided": "не понял, окончательный ли это ход",
    "no_moves": "у вашей роли нет ночных ходов",
    "not_now": "этот ход вашей роли сейчас недоступен",
    "wrong_action": "у вашей роли нет такого хода",
    # engine reasons (RuleSet.check_move)
    "wrong_targets": "неверное число целей для этого хода",
    "unknown_target": "такого игрока нет в игре",
    "dead_target": "этот игрок уже выбыл",
    "wrong_role": "у вашей роли нет такого хода",
    "wrong_turn": "в этот ход такой ход невозможен",
    "self_heal_used": "себя доктор может лечить только раз за игру",
    "repeated_target": "этого игрока вы уже выбирали",
    "already_beaten": "этого игрока уже избивали в этой игре",
    "don_executor": "Дон сам исполняет выстрел, только если остался один",
    "executor_not_in_clan": "исполнитель должен быть членом вашего клана",
    "no_executor": "назовите исполнителя",
    "no_protects_left": "протекты закончились",
    "not_eligible": "условия для этого хода не выполнены",
    "own_bastard": "нельзя стрелять в своего ВСБ",
    "own_clan": "нельзя стрелять в члена своего клана",
    "missing": "вы выбыли из игры",
    "third_request": "ход можно изменить только один раз за ход — в силе ваше предыдущее письмо",
    "executor_busy": "исполнитель этой ночью занят и стрелять не может",
    "army_not_allowed": "призвать Армию Тьмы сейчас нельзя",
}

#: Said for a refusal code the table above does not know yet: a player never reads English.
REFUSAL_GENERIC_RU = "по правилам игры этот ход сейчас невозможен"

_CYRILLIC = re.compile("[А-Яа-яЁё]")


def refusal_ru(reason: str, detail: str = "") -> tuple[str, str]:
    """(the refusal sentence, an extra line) for a player. Details written in Russian (the
    parser's hints) are kept; the engine's English notes are for the host report only."""
    detail = detail if _CYRILLIC.search(detail or "") else ""
    text = REFUSAL_RU.get(reason, "")
    if not text:
        if reason:
            log.warning("no Russian text for the refusal code %r", reason)
        text, detail = (detail, "") if detail else (REFUSAL_GENERIC_RU, "")
    return text, detail


ACTION_RU = {
    "kill": "выстрел",
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
}

MONTHS_GEN = (
    "января",
    "февраля",
    "марта",
    "апреля",
    "мая",
    "июня",
    "июля",
    "августа",
    "сентября",
    "октября",
    "ноября",
    "декабря",
)
TZ_ABBR = {"Europe/Moscow": "МСК", "Europe/Kiev": "по Киеву", "Europe/Kyiv": "по Киеву"}


def format_when(dt: datetime | None, tz: ZoneInfo | None = None) -> str:
    """`3 декабря в 22:00 МСК` in the board's zone."""
    if dt is None:
        return ""
    if tz is not None:
        dt = dt.astimezone(tz)
    zone = getattr(dt.tzinfo, "key", None) or (dt.tzname() or "")
    abbr = TZ_ABBR.get(zone, dt.tzname() or zone)
    return f"{dt.day} {MONTHS_GEN[dt.month - 1]} в {dt:%H:%M} {abbr}".rstrip()


def _words(table: Mapping[Role, str], role: str) -> str | None:
    """`table`'s words for `role` (any string: events carry roles as plain text)."""
    return next((words for known, words in table.items() if known == role), None)


#: A rule set as what the bot writes takes it: the object the shell holds (or its class). A
#: bare name — from a test, a tool, a host's script — is looked up where it comes in.
RuleSetLike = RuleSetBase | type[RuleSetBase]
RulesArg = RuleSetLike | str


def rules_of(ruleset: RulesArg) -> RuleSetLike | None:
    """The rule set itself: the object as given, a name looked up (None: no such rule set)."""
    if not isinstance(ruleset, str):
        return ruleset
    return ruleset_class(ruleset) if ruleset in RULESETS else None


def name_of(ruleset: RulesArg) -> str:
    """The rule set's name, as templates and file names spell it."""
    return ruleset if isinstance(ruleset, str) else ruleset.name


def role_label(ruleset: RulesArg, role: str | None, clan: str | None = None) -> str:
    """A role's name for the players («мафия, Якудза»): the clan is named for the roles the
    rule set makes members of a clan (P-S.3). A role or rule set not known shows as is."""
    if not role:
        return ""
    rules = rules_of(ruleset)
    if rules is None:
        return role
    name = _words(rules.role_words, role) or role
    if clan and role in rules.clan_member_roles:
        return f"{name}, {CLAN_RU.get(clan, clan)}"
    return name


def move_help(ruleset: RulesArg, role: str | None) -> str:
    """The role PM's help on how this role writes its letter (G-S.3, P-S.3); "" for none."""
    rules = rules_of(ruleset)
    if rules is None or not role:
        return ""
    return _words(rules.move_help, role) or ""
