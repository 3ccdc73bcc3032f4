"""The catalogue of the bot's words: every code an event, a refusal, a vote, an outbox row or a
status carries, as the Russian words a player or the host reads, keyed by what they name.

The sentences around the words are the templates' (`templates/ru/`); the rule sets' own role
names and the night actions' names are `engine/words_ru.py`'s. A code missing here never
reaches a reader as it is: each look-up has a Russian fallback (and the tests hold every code
the engine emits to a line).
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
from engine.words_ru import ACTION_WORDS
from mafiabot.newspaper.grammar import noun_in_case, pick, plural
from scraper.errors import AccountBanned, BoardDisabled, CaptchaRequired

log = logging.getLogger(__name__)

# --------------------------------------------------------------------------------------------
# Clans, sides, winners

CLAN_RU = {"yakuza": "Якудза", "triad": "Триада"}
#: «клан Якудза» reads as a name after «клан»; a clan in the genitive («дело рук Триады»)
CLAN_GEN_RU = {"yakuza": "Якудзы", "triad": "Триады"}

#: G-M.8: the recruiting side, instrumental («теперь она заодно с мирными»)
SIDE_RU = {"town": "мирными", "mafia": "мафией"}

WINNER_RU = {
    "town": "победили мирные жители",
    "mafia": "победила мафия",
    "yakuza": "победил клан Якудза",
    "triad": "победил клан Триада",
    "maniac": "победил маньяк",
}
NO_WINNER_RU = "победителей нет"

RULESET_RU = {"gambler": "клуба «Гэмблер»", "pefl": "ПЕФЛ"}
#: the rule set's name on its own (the dashboard's column)
RULESET_NAME_RU = {"gambler": "Гэмблер", "pefl": "ПЕФЛ"}

# --------------------------------------------------------------------------------------------
# Deaths and exits

# P-P.1: the killers are named by role, never by nick. Anything not in this table is never printed.
# Each cause in three forms: agreeing with a man, with a woman, and one that needs no agreement
# for a player whose gender is not known («Tanya-77 (мирный житель) — дело рук маньяка»).
PEFL_CAUSE_FORMS: dict[str, tuple[str, str, str]] = {
    "yakuza": ("его застрелила Якудза", "её застрелила Якудза", "дело рук Якудзы"),
    "triad": ("его застрелила Триада", "её застрелила Триада", "дело рук Триады"),
    "maniac": ("его убил маньяк", "её убил маньяк", "дело рук маньяка"),
    "ninja": ("его настиг ниндзя", "её настиг ниндзя", "дело рук ниндзя"),
    "kamikaze": ("взорван камикадзе", "взорвана камикадзе", "подрыв, дело рук камикадзе"),
    "testament": (
        "исполнено завещание ниндзя",
        "исполнено завещание ниндзя",
        "исполнено завещание ниндзя",
    ),
    "army": ("его забрала Армия Тьмы", "её забрала Армия Тьмы", "дело рук Армии Тьмы"),
    "harakiri": ("совершил харакири", "совершила харакири", "харакири"),
    "ambush": ("нарвался на засаду", "нарвалась на засаду", "смерть в засаде"),
    "thug_accident": ("несчастный случай", "несчастный случай", "несчастный случай"),
    "override": ("выведен из игры ведущим", "выведена из игры ведущим", "решение ведущего"),
}
#: The gender-free form of each cause (any caller that has no gender).
PEFL_CAUSE_RU = {k: forms[2] for k, forms in PEFL_CAUSE_FORMS.items()}

#: The host report's cause of a death (`DeathRecorded.cause`, every `engine.kinds.Cause`):
#: the host sees who struck, so the words may name the role that did.
HOST_CAUSE_RU = {
    **PEFL_CAUSE_RU,
    "mafia": "выстрел мафии",
    "sheriff": "выстрел шерифа",
}

#: How a player left the game (`Player.out_by`: a cause or a day exit), for the dashboard:
#: nouns, which agree with no player's gender
EXIT_RU = {
    **HOST_CAUSE_RU,
    "hanged": "повешение",
    "jailed": "тюрьма",
    "missing": "пропажа без вести",
}


def cause_ru(by: str, gender: str | None) -> str | None:
    """The newspaper's words for a PEFL killer label, agreeing with the victim; None for a
    label not in the table (never printed, P-P.1)."""
    forms = PEFL_CAUSE_FORMS.get(by)
    if forms is None:
        return None
    return pick(gender, *forms)


MISSING_REASON_FORMS: dict[str, tuple[str, str, str]] = {
    "no_post": (
        "за весь день не написал ни строчки",
        "за весь день не написала ни строчки",
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

#: Why nobody was hanged or jailed (`NobodyRemoved.reason`), as the newspaper says it.
NOBODY_REASON_RU = {
    "no_nominee": "в суд никто не попал",
    "no_votes": "засчитанных голосов не было",
    "duel_pending": "голоса разделились поровну, решит дуэль — итог объявит ведущий",
    "host_to_decide": "засчитанных голосов не было, решение за ведущим",
}
#: The same for the host, who may have to act.
NOBODY_HOST_RU = {
    "no_nominee": "никто не набрал порога",
    "no_votes": "нет засчитанных голосов",
    "duel_pending": "ничья — ждёт итога настоящей дуэли (таблица [[override]] в конфиге)",
    "host_to_decide": "нет засчитанных голосов — решение за вами (таблица [[override]] в конфиге)",
}

#: how a player was saved (`Saved.how`): the move that saved him, or the maniac's vest
SAVED_RU = {
    **{how: ACTION_WORDS[how] for how in ("heal", "protect", "ambush")},
    "vest": "бронежилет",
}

# --------------------------------------------------------------------------------------------
# The Gambler night notes (G-P.1)

#: for a blocked player only what did not happen, by role
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

# --------------------------------------------------------------------------------------------
# Votes

#: Why a vote was not counted (the parser's codes and `VoteIgnored.reason`), as a note after
#: «голос за Кота не засчитан: …». `None`: the voter is not shown in the newspaper at all
#: (not a player, already out of the game, or his first vote counted).
VOTE_REJECT_RU: dict[str, str | None] = {
    "no_reason": "нет обоснования словами",
    "unknown_nick": "такого игрока среди живых нет",
    "ambiguous_nick": "ник подходит к нескольким игрокам",
    "dead_target": "этот игрок уже выбыл",
    "self_vote": "голос за себя",
    "not_a_nominee": "голосовать можно только за номинантов",
    "beaten": "избитый в этот ход не голосует",
    "not_a_player": None,
    "dead": None,
    "changed_vote": None,
    "repeated_vote": None,
    "unproven": "из слов не видно, что это голос",
    # a coloured nick the words leave open (issue 17 item 2): shown, never counted
    "doubted": "голос написан с сомнением",
    "wished": "это пожелание («я бы…»), а не голос",
    "conditional": "голос дан с условием",
    "put_off": "голос отложен на потом",
    # a vote cast for another player (P-V.1, C-5): each seat votes from its own account
    "proxied": "голос подан за другого игрока",
}
#: The same for the host (who also hears of those the newspaper leaves out).
VOTE_REJECT_HOST_RU = {
    **{k: v for k, v in VOTE_REJECT_RU.items() if v},
    "not_a_player": "пишет не игрок",
    "dead": "игрок уже выбыл",
    "changed_vote": "голос менять нельзя, засчитан первый",
    "repeated_vote": "повтор уже засчитанного голоса — в силе первый",
    "unclear": "выделено несколько ников, и из слов не ясно, за кого голос — решите сами",
    "unproven": "ник выделен, но из слов не видно, что это голос — решите сами",
    "doubted": "голос написан с сомнением («может быть», «не уверен») — решите сами",
    "wished": "сказано как пожелание («я бы…»), а не как голос — решите сами",
    "conditional": "голос дан с условием («если…», «а то…») — решите сами",
    "put_off": "игрок отложил голос на потом — проверьте, проголосовал ли он позже",
    "proxied": "голос передан за другого игрока (каждый голосует сам) — решите сами",
}
VOTE_REJECT_GENERIC_RU = "голос не засчитан по правилам"

#: which vote is running, as the dashboard's «Голоса сейчас (…)» says it
VOTE_KIND_RU = {"red": "красные, за повешение", "green": "зелёные, номинации", "court": "в суде"}

# --------------------------------------------------------------------------------------------
# The host's decisions (C-6)

#: `OverrideApplied.what` and the config's override kinds, as the newspaper says them
OVERRIDE_PUBLIC_RU = {
    "hang": "повешение — решение ведущего",
    "jail": "тюрьма — решение ведущего",
    "duel": "итог дуэли — по решению ведущего",
    "remove": "выведен(а) из игры ведущим",
    "replace": "замена игрока",
    "count_vote": "голос засчитан решением ведущего",
    "ignore_vote": "голос не засчитан решением ведущего",
    "extend_deadline": "дедлайн перенесён ведущим",
    "accept_move": "поздний ход принят ведущим",
}
#: the same kinds as the host report lists his own decisions
OVERRIDE_HOST_RU = {
    "hang": "повесить",
    "jail": "посадить в тюрьму",
    "duel": "итог дуэли",
    "remove": "вывести из игры",
    "replace": "замена аккаунта",
    "count_vote": "засчитать голос",
    "ignore_vote": "не засчитывать голос",
    "extend_deadline": "перенос дедлайна",
    "accept_move": "принять поздний ход",
}
#: the fields of an override as the host report names them
OVERRIDE_FIELD_RU = {
    "turn": "ход",
    "nick": "игрок",
    "new_nick": "новый аккаунт",
    "target": "за кого",
    "post_id": "сообщение",
    "pm_id": "письмо",
    "until": "до",
    "step": "шаг",
}

# --------------------------------------------------------------------------------------------
# Night letters: refusals (the actions' own words are `engine/words_ru.py`'s ACTION_WORDS)

# Move refusals (engine reason codes and the parser's) → words for the player.
REFUSAL_RU = {
    "unknown_nick": "среди живых игроков такого ника нет",
    "ambiguous_nick": "ник подходит к нескольким игрокам — напишите его точнее",
    "dead": "вы уже выбыли из игры",
    "not_a_player": "вы не участвуете в игре",
    "not_your_move": "у вашей роли нет такого хода",
    "no_move_tonight": "этой ночью у вас нет хода",
    "self_target": "нельзя выбрать самого себя",
    "repeat_target": "этого игрока вы уже выбирали",
    "too_many_changes": "изменить ход можно только один раз за ночь — в силе ваш прежний ход",
    "late": "письмо пришло после дедлайна",
    "unparsed": "не удалось разобрать ход",
    "blocked": "этой ночью вы не можете ходить",
    "beaten": "вы избиты и этой ночью не ходите",
    "used": "этот ход вы уже использовали",
    "no_target": "не понял, на кого направлен ход — напишите ник",
    # questions of the letter reader (parser/letters/): the question itself is the detail
    "which_target": "не понял, на кого из игроков направлен ход",
    "pronoun": "не понял, кого вы имеете в виду",
    "which_action": "не понял, какой ход вы делаете",
    "low_confidence": "не уверен, что правильно понял ход",
    "is_it_a_move": "не понял, ход ли это",
    "unaccounted": "в письме назван ещё один игрок, и я не понял, при чём он тут",
    "undecided": "не понял, окончательный ли это ход",
    "move_asked": "вы спросили о ходе, а не сделали его — если он ваш, пришлите его",
    "relayed": "письмо написал за вас другой человек — пришлите ход сами",
    "no_moves": "у вашей роли нет ночных ходов",
    "not_now": "сейчас этот ход вам недоступен",
    "wrong_action": "у вашей роли нет такого хода",
    "forbidden_target": "правила не позволяют вашей роли направить этот ход на этого игрока",
    "forbidden_part": "часть хода правила не позволяют — пришлите ход, который остаётся в силе",
    "other_account": "ход принимается только от самого игрока, с его собственного аккаунта",
    # engine reasons (RuleSet.check_move)
    "wrong_targets": "для этого хода названо не то число игроков",
    "unknown_target": "такого игрока нет в игре",
    "dead_target": "этот игрок уже выбыл из игры",
    "wrong_role": "у вашей роли нет такого хода",
    "wrong_turn": "сейчас такой ход сделать нельзя",
    "self_heal_used": "себя можно лечить только раз за игру, и вы это уже сделали",
    "repeated_target": "этого игрока вы уже выбирали",
    "already_beaten": "этого игрока в этой игре уже избивали, а дважды нельзя",
    "don_executor": (
        "Дон может стрелять сам, только если остался в клане один — назовите исполнителем "
        "другого члена клана"
    ),
    "executor_not_in_clan": "исполнитель должен быть членом вашего клана",
    "no_executor": "не назван исполнитель — напишите, кто из клана стреляет",
    "no_protects_left": "протектов у вас больше не осталось",
    "not_eligible": "для этого хода ещё не сложились условия",
    "own_bastard": "нельзя стрелять в своего ВСБ",
    "own_clan": "нельзя стрелять в члена своего клана",
    "missing": "вы пропали без вести и выбыли из игры",
    "third_request": "изменить ход можно только один раз за ночь — в силе ваш прежний ход",
    "executor_busy": "исполнитель этой ночью занят и стрелять не может",
    "army_not_allowed": "поднять Армию Тьмы сейчас нельзя",
}

#: Said for a refusal code the table above does not know yet: a player never reads English.
REFUSAL_GENERIC_RU = "по правилам игры этот ход сейчас невозможен"

#: Refusals after which nothing a new letter says can count this night (the sender is out of
#: the game, the night is closed, his move is gone or his changes are spent): the reply offers
#: no correction. Every other refusal invites a corrected letter before the deadline.
REFUSAL_FINAL = frozenset(
    {
        "dead",
        "missing",
        "not_a_player",
        "late",
        "blocked",
        "beaten",
        "no_move_tonight",
        "too_many_changes",
        "third_request",
        "no_moves",
    }
)

#: A sign-up refused for removals from earlier games (`Store.ban`), to the player by PM
SIGNUP_BANNED_SUBJECT_RU = "{game}: запись"
SIGNUP_BANNED_RU = (
    "{nick}, запись не принята: за удаления из прошлых игр вы пропускаете ещё {left}."
)
#: a reply's first line when one account plays in several of the host's games
WHICH_GAME_RU = "Игра «{game}»."


def signup_banned_ru(nick: str, games_left: int) -> str:
    """The PM refusing `nick`'s sign-up while his ban lasts: «… пропускаете ещё 2 игры»."""
    left = f"{games_left} {plural(games_left, 'игру', 'игры', 'игр')}"
    return SIGNUP_BANNED_RU.format(nick=nick, left=left)


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


#: How a nick in a letter was matched to a player (`parser.nicks.NickMatch.method`)
NICK_MATCH_RU = {
    "exact": "как написано",
    "casefold": "без учёта регистра",
    "lookalike": "похожие буквы",
    "trimmed": "без знаков вокруг",
    "inflected": "по падежной форме",
    "lemma": "по начальной форме",
    "case_forms": "по падежной форме",
    "translit": "транслитом",
    "partial": "по части ника",
    "partial_translit": "по части ника транслитом",
    "translit_inflected": "транслитом в падеже",
    "fuzzy": "с опечаткой",
}

#: A stored move's fate (`MoveRow.status`), for the host's views
MOVE_STATUS_RU = {
    "accepted": "принят",
    "refused": "не принят",
    "conditional": "принят условно",
    "ignored": "не учтён",
}

# --------------------------------------------------------------------------------------------
# The host's views: game status, phases, the outbox

GAME_STATUS_RU = {
    "registration": "идёт запись",
    "running": "идёт игра",
    "over": "игра окончена",
}
PHASE_RU = {"day": "день и ночь", "greens": "номинации", "court": "суд и ночь", "over": "конец"}
#: PEFL's first turn has no day: only the night and the Don election (P-S.2)
PHASE_TURN0_RU = "нулевой ход"
#: Gambler's first day: introductions, no votes, no night moves (G-S.2)
PHASE_INTRO_RU = "день знакомства"

#: Outbox kinds (`OutboxKey.kind`, some with a suffix: "pm-day", "ack-123")
OUTBOX_KIND_RU = {
    "start": "стартовое сообщение",
    "newspaper": "газета",
    "greens": "итоги зелёных",
    "court_topic": "тема суда",
    "final": "итоговое сообщение",
    "vote_count": "промежуточный подсчёт",
    "votecount": "промежуточный подсчёт",  # `keys.vote_count`: "votecount-<phase>"
    "role": "роль",
    "pm": "личное сообщение",
    "ack": "ответ на ход",
    "host_report": "отчёт ведущему",
    "deal_report": "отчёт о раздаче",
    "registration_refused": "отказ в записи",
    "failed": "уведомление о неотправленном",
}
OUTBOX_STATUS_RU = {"pending": "ждёт отправки", "sent": "отправлено", "failed": "не отправлено"}
CHANNEL_RU = {"topic": "в тему", "newtopic": "новая тема", "pm": "в личку"}

#: `Audience` of an event: "public", "host", or a player's nick
AUDIENCE_RU = {"public": "всем", "host": "ведущему"}


#: the poster's reasons for giving a row up (`OutboxRow.error`, English for the log), as the
#: host's Russian views say them; the board's own words (Russian on a Russian board) are kept
_FAILURE_RU: tuple[tuple[str, str], ...] = (
    ("flood control", "форум счёл сообщения слишком частыми (защита от флуда)"),
    ("form token", "форум раз за разом отвергал форму отправки"),
    ("kept returning the form", "форум раз за разом возвращал форму отправки"),
    ("is locked", "тема закрыта, бот не может в ней писать"),
    ("no permission", "у аккаунта бота нет прав на это"),
    ("no such user", "на форуме нет такого пользователя"),
    ("more than the board allows", "сообщение длиннее, чем позволяет форум"),
    ("does not exist", "тема или сообщение не найдены"),
    ("refused the attachment", "форум не принял файл"),
    ("moderator approval", "сообщение ушло на проверку модератору"),
    ("no topic id", "в настройках не указана тема"),
    ("no forum id", "в настройках не указан раздел"),
)
_TRIES = re.compile(r"gave up after (\d+) refused tries; last: (.*)", re.S)
_BOARD_WORDS = re.compile(r"[А-Яа-яЁё][^:]*$")


#: what the page readers could not read (`ParseIssue.message`, English for the log), as the
#: host's notes say it: the first pattern found in the message wins
_PARSE_ISSUE_RU: tuple[tuple[str, str], ...] = (
    ("page cut short", "страница пришла не целиком: что было после обрыва, не прочитано"),
    ("reader failed", "страницу не удалось разобрать (подробности — в журнале бота)"),
    ("not an Invision board page", "это не страница форума Invision"),
    ("printable view", "это версия для печати: в ней нет номеров сообщений и пользователей"),
    ("no PM list", "на странице нет списка личных сообщений"),
    ("no posts found", "на странице не найдено ни одного сообщения"),
    ("no topic id", "на странице не найден номер темы"),
    ("without a message id", "в списке ЛС строка без номера письма"),
    ("no message found", "на странице не найдено письмо"),
    ("edit time", "не удалось прочитать время правки"),
    ("PM time", "не удалось прочитать время письма"),
    ("sent time", "не найдено время отправки"),
    ("post time", "не удалось прочитать время сообщения"),
    ("no time", "не найдено время"),
    ("author", "не найден автор"),
    ("no sender", "не найден отправитель"),
    ("body", "не найден текст"),
    ("colour", "не удалось прочитать цвет текста"),
    ("notice", "не удалось прочитать пометку форума"),
)
_ISSUE_WHERE = re.compile(r"(?P<what>post|pm)(?: (?P<nth>#)?(?P<n>\d+))?|page|pm row")


def parse_issue_ru(where: str, message: str) -> str:
    """A page reader's note (`ParseIssue`: where, what) in the host's words: «сообщение 60:
    не найдено время». An unknown note keeps its own words after Russian ones."""
    m = _ISSUE_WHERE.fullmatch(where)
    if m is None or m.group(0) == "page":
        place = "страница"
    elif m.group(0) == "pm row":
        place = "список ЛС"
    elif m["nth"]:  # the post's place on the page: it has no id
        place = f"{m['n']}-е сообщение на странице"
    else:
        place = "сообщение" if m["what"] == "post" else "ЛС"
        place += f" {m['n']}" if m["n"] else ""
    said = next((ru for words, ru in _PARSE_ISSUE_RU if words in message), None)
    return f"{place}: {said or 'не удалось прочитать (' + message + ')'}"


#: why the board shuts the bot out (`scraper.errors.ShutOut` and its kinds, by class name),
#: with what the host does about it
_SHUT_OUT_KINDS = (AccountBanned, BoardDisabled, CaptchaRequired)
_SHUT_OUT_RU = {
    "AccountBanned": (
        "аккаунт бота забанен на форуме: попросите администрацию снять бан и запустите бота снова"
    ),
    "BoardDisabled": "форум выключен: запустите бота снова, когда форум заработает",
    "CaptchaRequired": (
        "форум требует от аккаунта бота пройти капчу: войдите под ним один раз в браузере, "
        "пройдите её и запустите бота снова"
    ),
}


_BOARD_SAYS = re.compile(r" \(the board says: (?P<says>.*)\); ", re.S)


def shut_out_line_ru(line: str) -> str:
    """`shut_out_ru` of a ShutOut's English line as the tick's result keeps it."""
    kind = next((c.__name__ for c in _SHUT_OUT_KINDS if line.startswith(c.what)), "")
    says = _BOARD_SAYS.search(line)
    return shut_out_ru(kind, says["says"] if says else "")


def shut_out_ru(kind: str, board_says: str = "") -> str:
    """The board shutting the bot out, in the host's words: what happened and what to do,
    and the board's own words after them."""
    said = _SHUT_OUT_RU.get(
        kind, "форум перестал пускать бота: запустите бота снова, когда это исправят"
    )
    return said + (f" (форум пишет: «{board_says}»)" if board_says else "")


def failure_ru(error: str) -> str:
    """Why a message was given up, in Russian: the poster's reason by its known wording, with
    the board's own words where it quoted them; never the English of the log."""
    m = _TRIES.fullmatch(error.strip())
    if m:
        n = int(m.group(1))
        tries = plural(
            n, "попытка подряд не прошла", "попытки подряд не прошли", "попыток подряд не прошли"
        )
        return f"{n} {tries}; последний отказ: {failure_ru(m.group(2))}"
    if "no such user on the board: " in error:
        return "на форуме нет пользователя " + error.rpartition("no such user on the board: ")[2]
    said = _BOARD_WORDS.search(error)
    board = f" — форум пишет: «{said.group(0).strip()}»" if said else ""
    for words, ru in _FAILURE_RU:
        if words in error:
            return ru + board
    return "форум отказал" + (board or " (подробности — в журнале бота)")


def outbox_kind_ru(kind: str) -> str:
    """An outbox row's kind in words: «газета», «ответ на ход (письмо 123)»."""
    if kind in OUTBOX_KIND_RU:
        return OUTBOX_KIND_RU[kind]
    base, _sep, rest = kind.partition("-")
    words = OUTBOX_KIND_RU.get(base)
    if words is None:
        return "сообщение"
    if base == "ack" and rest.isdigit():
        return f"{words} (письмо {rest})"
    return words


#: small numbers in the genitive, as a count is said after «не меньше»
NUM_GEN_RU = {
    1: "одного",
    2: "двух",
    3: "трёх",
    4: "четырёх",
    5: "пяти",
    6: "шести",
    7: "семи",
    8: "восьми",
    9: "девяти",
    10: "десяти",
}

# --------------------------------------------------------------------------------------------
# Dates

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
TZ_ABBR = {
    "Europe/Moscow": "МСК",
    "Europe/Kiev": "по Киеву",
    "Europe/Kyiv": "по Киеву",
    "Europe/Minsk": "по Минску",
    "Europe/Kaliningrad": "по Калининграду",
    "Europe/Samara": "по Самаре",
    "Asia/Yekaterinburg": "по Екатеринбургу",
    "Asia/Omsk": "по Омску",
    "Asia/Novosibirsk": "по Новосибирску",
    "Asia/Krasnoyarsk": "по Красноярску",
    "Asia/Irkutsk": "по Иркутску",
    "Asia/Vladivostok": "по Владивостоку",
    "Asia/Almaty": "по Алма-Ате",
    "Asia/Tashkent": "по Ташкенту",
    "Europe/Riga": "по Риге",
    "Europe/Vilnius": "по Вильнюсу",
    "Europe/Tallinn": "по Таллину",
    "Europe/Chisinau": "по Кишинёву",
    "Asia/Tbilisi": "по Тбилиси",
    "Asia/Yerevan": "по Еревану",
    "Asia/Baku": "по Баку",
}
#: a zone not in the table: the readers know the forum's clock, not its zone's letters
TZ_FALLBACK = "по времени форума"


def format_when(dt: datetime | None, tz: ZoneInfo | None = None) -> str:
    """`3 декабря в 22:00 МСК` in the board's zone."""
    if dt is None:
        return ""
    if tz is not None:
        dt = dt.astimezone(tz)
    zone = getattr(dt.tzinfo, "key", None) or ""
    abbr = TZ_ABBR.get(zone, TZ_FALLBACK)
    return f"{dt.day} {MONTHS_GEN[dt.month - 1]} в {dt:%H:%M} {abbr}"


def format_short(dt: datetime | None, tz: ZoneInfo | None = None) -> str:
    """`03.12 22:00` in the board's zone (tables, where the zone is said once)."""
    if dt is None:
        return ""
    if tz is not None:
        dt = dt.astimezone(tz)
    return f"{dt:%d.%m %H:%M}"


# --------------------------------------------------------------------------------------------
# Roles


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


def turn_word(ruleset: RulesArg, case: str = "nomn") -> str:
    """What a turn is called to players and the host: Gambler's papers count days («итоги дня
    4»: day N and the night after it, G-S.2), PEFL's turns («выпуск 3», «ход 3»); in `case`
    where a sentence needs it («после дедлайна дня 4», «засчитано в ход 3»)."""
    word = "день" if name_of(ruleset) == "gambler" else "ход"
    return word if case == "nomn" else noun_in_case(word, case)


def role_label(ruleset: RulesArg, role: str | None, clan: str | None = None) -> str:
    """A role's name for the players («мафия, Якудза»): the clan is named for the roles the
    rule set makes members of a clan (P-S.3). A role not known shows in whichever rule set's
    words have it, never as its code."""
    if not role:
        return ""
    rules = rules_of(ruleset)
    if rules is None:
        return _any_role_words(role)
    name = _words(rules.role_words, role) or _any_role_words(role)
    if clan and role in rules.clan_member_roles:
        return f"{name}, {CLAN_RU.get(clan, '')}".rstrip(", ")
    return name


def _any_role_words(role: str) -> str:
    """A role's words in whichever rule set has it (a clan's name for a clan), else a dash:
    a reader never sees a role's code."""
    for name in RULESETS:
        words = _words(ruleset_class(name).role_words, role)
        if words:
            return words
    return CLAN_RU.get(role, "—")


# --------------------------------------------------------------------------------------------
# How a letter is written: the examples of role PMs and replies (C-2). Placeholders: {acc} the
# target in the accusative (as written when it cannot be declined), {nom} in the nominative,
# {nom2} a second target, {ally} a clan mate. Every example is read back by the letter reader
# in the tests, so it is a letter the bot takes.

LETTER_EXAMPLE_RU = {
    "check": "Проверяю {acc}",
    "kill": "Убиваю {acc}",
    "heal": "Лечу {acc}",
    "block": "Приглашаю {acc}",
    "beat": "Избиваю {acc}",
    "blast": "Взрываю {acc}",
    "protect": "Протект: {nom}",
    "ambush": "Засада",
    "army": "Армия Тьмы: {nom}, {nom2}",
    "don": "Дон: {ally}",
    "choose_side": "За мирных",
}
#: where a role writes an action its own way: (rule set, role, action)
LETTER_EXAMPLE_ROLE_RU = {
    ("gambler", "sheriff", "kill"): "Стреляю в {acc}",
    ("gambler", "godfather", "kill"): "Убить {acc}",
    ("gambler", "mafia", "kill"): "Убить {acc}",
    ("pefl", "mafia", "kill"): "Убить {acc}, исполнитель {ally}",
    ("pefl", "thug", "kill"): "Убить {acc}, исполнитель {ally}",
    ("pefl", "kamikaze", "kill"): "Убить {acc}, исполнитель {ally}",
}
#: a clan's last member shoots himself and names no executor (P-M.8)
LETTER_EXAMPLE_ALONE_RU = "Убить {acc}"
