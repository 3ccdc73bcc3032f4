"""What the host's own views say — `mafiabot status` and the dashboard — in the host's language
(`[game] host_language`: Russian by default, English on request), and the notes the daemon
leaves for the host (`NOTE_RU`, Russian: they are kept with the game as written). Players'
texts are never here: they are the templates' and `words.py`'s.

`labels(lang)` gives the views' fixed words; the `*_word` helpers give a code's words (a
status, a phase, an outbox kind …): Russian from `words.py`, English as the code reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from engine.kinds import PHASES
from mafiabot.newspaper.grammar import in_case, plural
from mafiabot.newspaper.words import (
    EXIT_RU,
    GAME_STATUS_RU,
    MOVE_STATUS_RU,
    OUTBOX_STATUS_RU,
    PHASE_INTRO_RU,
    PHASE_RU,
    PHASE_TURN0_RU,
    RULESET_NAME_RU,
    VOTE_KIND_RU,
    VOTE_REJECT_GENERIC_RU,
    VOTE_REJECT_HOST_RU,
    WINNER_RU,
    RulesArg,
    failure_ru,
    format_when,
    outbox_kind_ru,
    rules_of,
    shut_out_line_ru,
    turn_word,
)

LABELS: dict[str, dict[str, str]] = {
    "ru": {
        "rules": "Правила",
        "topic": "тема",
        "winner": "итог",
        "failed_head": "НЕ ОТПРАВЛЕНО — форум отказал, бот больше не пытается",
        "failed_hint": "текст каждого такого сообщения ушёл вам в личку: опубликуйте его сами",
        "last_tick": "Последний опрос форума",
        "no_tick": "Бот ещё ни разу не опрашивал форум",
        "tick_ok": "всё в порядке",
        "tick_bad": "СБОЙ",
        "start": "Старт",
        "not_started": "Игра ещё не началась: старт",
        "turn": "Ход",
        "deadline": "дедлайн",
        "target": "За кого",
        "votes": "Голосов",
        "voters": "Кто",
        "no_votes": "голосов пока нет",
        "not_posted": "Не писали в теме",
        "not_voted": "Не проголосовали",
        "not_moved": "Не прислали ход",
        "rejected": "Не засчитаны",
        "pending": "В очереди на отправку",
        "attention": "Требует внимания",
        "vote_now": "Голоса сейчас",
        "flow": "Как шло голосование",
        "switched": "Передумали",
        "withdrew": "снял голос",
        "who_not": "Кто ещё не…",
        "letters": "Письма этого хода",
        "read": "прочитано",
        "confidence": "уверенность чтения",
        "executor": "исполнитель",
        "no_move_read": "хода в письме не найдено",
        "not_handled": "ещё не обработано",
        "reply": "ответ бота",
        "no_letters": "писем в этом ходу нет",
        "players": "Игроки",
        "nick": "Ник",
        "role": "Роль",
        "out": "Выход из игры",
        "outbox": "Очередь отправки",
        "what": "Что",
        "to": "Кому",
        "state": "Состояние",
        "text": "текст",
        "events": "События",
        "audience": "Кому",
        "event": "Событие",
        "games": "Игры",
        "game": "Игра",
        "till_deadline": "До дедлайна",
        "queued": "В очереди",
        "all_games": "Все игры",
        "updated": "обновлено",
        "refreshes": "обновляется каждые",
        "seconds": "с",
        "letter": "письмо",
        "post": "сообщение",
        "on_board": "на форуме",
        "no_database": "базы игры ещё нет",
        "for_host": "На заметку",
        "refused": "Последний запуск бота не удался",
    },
    "en": {
        "rules": "Rules",
        "topic": "topic",
        "winner": "winner",
        "failed_head": "NOT SENT — the board refused, the bot has given up",
        "failed_hint": "each one's text went to you by PM: post it yourself",
        "last_tick": "Last tick",
        "no_tick": "Last tick: none yet",
        "tick_ok": "ok",
        "tick_bad": "FAILED",
        "start": "Start",
        "not_started": "The game has not started: start",
        "turn": "Turn",
        "deadline": "deadline",
        "target": "Target",
        "votes": "Votes",
        "voters": "Voters",
        "no_votes": "no votes yet",
        "not_posted": "Not posted",
        "not_voted": "Not voted",
        "not_moved": "No move yet",
        "rejected": "Not counted",
        "pending": "Messages waiting to be sent",
        "attention": "Needs attention",
        "vote_now": "Votes now",
        "flow": "How the vote went",
        "switched": "Changed their vote",
        "withdrew": "withdrew",
        "who_not": "Who has not yet…",
        "letters": "This turn's letters",
        "read": "read",
        "confidence": "reading confidence",
        "executor": "executor",
        "no_move_read": "no move found in the letter",
        "not_handled": "not handled yet",
        "reply": "the bot's reply",
        "no_letters": "no letters this turn",
        "players": "Players",
        "nick": "Nick",
        "role": "Role",
        "out": "Out",
        "outbox": "Outbox",
        "what": "What",
        "to": "To",
        "state": "State",
        "text": "text",
        "events": "Events",
        "audience": "To",
        "event": "Event",
        "games": "Games",
        "game": "Game",
        "till_deadline": "Until the deadline",
        "queued": "Queued",
        "all_games": "All games",
        "updated": "updated",
        "refreshes": "refreshes every",
        "seconds": "s",
        "letter": "letter",
        "post": "post",
        "on_board": "on the board",
        "no_database": "no game database yet",
        "for_host": "for the host",
        "refused": "the last run refused",
    },
}


def labels(lang: str) -> dict[str, str]:
    """The views' fixed words in `lang` (Russian for anything else)."""
    return LABELS.get(lang, LABELS["ru"])


def _ru(lang: str) -> bool:
    return lang != "en"


def status_word(lang: str, status: str) -> str:
    return GAME_STATUS_RU.get(status, "—") if _ru(lang) else status


def phase_word(lang: str, ruleset: RulesArg, turn: int, phase: str) -> str:
    """The phase a deadline closes, asked of the rule set: a first turn without votes is
    PEFL's zero turn (a night and the Don election, P-S.2), a phase outside the turn's
    deadlines is Gambler's introduction day (G-S.2)."""
    if not _ru(lang):
        return phase
    rules = rules_of(ruleset)
    if rules is not None and rules.silent_first_turn and turn == rules.first_turn:
        return PHASE_TURN0_RU
    if rules is not None and phase in PHASES and phase not in (*rules.turn_phases, "over"):
        return PHASE_INTRO_RU
    return PHASE_RU.get(phase, "—")


def ruleset_word(lang: str, ruleset: str) -> str:
    return RULESET_NAME_RU.get(ruleset, "—") if _ru(lang) else ruleset.upper()


def winner_word(lang: str, winner: str | None) -> str:
    if not winner:
        return ""
    return WINNER_RU.get(winner, "—") if _ru(lang) else winner


def vote_kind_word(lang: str, kind: str) -> str:
    return VOTE_KIND_RU.get(kind, "") if _ru(lang) else kind


def outbox_kind_word(lang: str, kind: str) -> str:
    return outbox_kind_ru(kind) if _ru(lang) else kind


def outbox_status_word(lang: str, status: str) -> str:
    return OUTBOX_STATUS_RU.get(status, "—") if _ru(lang) else status


def move_status_word(lang: str, status: str) -> str:
    return MOVE_STATUS_RU.get(status, "—") if _ru(lang) else status


def exit_word(lang: str, out_by: str | None) -> str:
    if not out_by:
        return ""
    return EXIT_RU.get(out_by, "выбытие") if _ru(lang) else out_by


def reject_word(lang: str, reason: str) -> str:
    return VOTE_REJECT_HOST_RU.get(reason, VOTE_REJECT_GENERIC_RU) if _ru(lang) else reason


def error_word(lang: str, error: str) -> str:
    return failure_ru(error) if _ru(lang) else error


def when_word(lang: str, at: datetime | str | None, tz: ZoneInfo | None) -> str:
    """A moment in board time: «3 декабря в 22:00 МСК», or ISO in English."""
    if at is None:
        return ""
    if isinstance(at, str):
        try:
            at = datetime.fromisoformat(at)
        except ValueError:
            return str(at)
    if not _ru(lang):
        return (at.astimezone(tz) if tz is not None else at).isoformat(timespec="minutes")
    return format_when(at, tz)


# --------------------------------------------------------------------------------------------
# The daemon's tick line (`Daemon.summary`, English for the log) as the Russian status says it

_POSTS = re.compile(r"(\d+) new post\(s\), (\d+) edited")
_PMS = re.compile(r"(\d+) new PM\(s\)")
_SENT = re.compile(r"sent (\d+)")
_NOT_SENT = re.compile(r"NOT SENT, refused for good: (\d+)")
_NEXT = re.compile(r"next deadline (\S+)")
_CLOSED = re.compile(r"closed (.+)")
_MAILBOX = re.compile(r"mailbox (\d+)/(\d+)")
_FAILED = re.compile(r"failed(?: \((\d+) in a row\))?: (.*)", re.S)


def tick_result(lang: str, result: str, tz: ZoneInfo | None, ruleset: RulesArg = "pefl") -> str:
    """The last tick's line in the host's language (English: as the log has it); a closed
    deadline's turn named as `ruleset` counts turns."""
    if not _ru(lang) or not result:
        return result
    if result.startswith("stopped: "):  # the board shut the bot out (`GameDaemon.shut_out`)
        return "бот остановлен: " + shut_out_line_ru(result.removeprefix("stopped: "))
    m = _FAILED.fullmatch(result)
    if m:
        times = f" ({m.group(1)}-й раз подряд)" if m.group(1) else ""
        return f"опрос не удался{times}: {failure_ru(m.group(2))}"
    out = []
    for part in result.split("; "):
        out.append(_tick_part(part, tz, ruleset))
    return "; ".join(x for x in out if x)


def _tick_part(part: str, tz: ZoneInfo | None, ruleset: RulesArg) -> str:
    if m := _POSTS.fullmatch(part):
        n, e = int(m.group(1)), int(m.group(2))
        return (
            f"{n} {plural(n, 'новое сообщение', 'новых сообщения', 'новых сообщений')}, "
            f"{e} {plural(e, 'изменённое', 'изменённых', 'изменённых')}"
        )
    if m := _PMS.fullmatch(part):
        n = int(m.group(1))
        return f"{n} {plural(n, 'новое письмо', 'новых письма', 'новых писем')}"
    if part == "game started":
        return "игра началась"
    if m := _CLOSED.fullmatch(part):
        closed = []
        for tag in m.group(1).split(", "):
            turn, _sep, phase = tag.partition("/")
            closed.append(f"{turn_word(ruleset)} {turn} ({PHASE_RU.get(phase, phase)})")
        return "закрыт дедлайн: " + ", ".join(closed)
    if m := _NOT_SENT.fullmatch(part):
        return f"НЕ ОТПРАВЛЕНО (форум отказал): {m.group(1)}"
    if m := _MAILBOX.fullmatch(part):
        return f"личный ящик ведущего: занято {m.group(1)} из {m.group(2)}"
    if m := _SENT.fullmatch(part):
        return f"отправлено {m.group(1)}"
    if m := _NEXT.fullmatch(part):
        at = m.group(1)
        return (
            "следующего дедлайна нет"
            if at == "none"
            else f"следующий дедлайн {when_word('ru', at, tz)}"
        )
    return ""


# --------------------------------------------------------------------------------------------
# The line a refused `run` leaves for `status` (`dbfile.write_note`: `<when> <line>`, the
# line English as the run said it) in the host's language

_NAMED = re.compile(
    r"(?P<path>.+?): game (?P<q>['\"])(?P<name>.*?)(?P=q) \(topic (?P<topic>\d+)\): (?P<rest>.*)",
    re.S,
)
_CORRUPT = re.compile(
    r"the game database (?P<path>.+) is unusable \((?P<why>.*)\)\. Nothing was sent\..*", re.S
)
_LOST = re.compile(
    r"(?P<db>.+) has no game for topic (?P<topic>\d+), but (?P<where>.+?): the game has begun "
    r"and its database was lost\..*",
    re.S,
)
_LOST_POST = re.compile(r"the topic already holds the bot's post #(\d+)")
_LOST_PM = re.compile(r"the bot's sent messages already hold this game's PM #(\d+)")
_VANISHED = re.compile(
    r"the game database (?P<path>.+) (?P<what>was deleted or moved|was replaced by another "
    r"file) while the bot was running:.*",
    re.S,
)
#: SQLite's own words for a damaged file
_SQLITE_RU = {
    "it is not an SQLite database": "это не база SQLite",
    "file is not a database": "файл не является базой данных",
    "database disk image is malformed": "файл базы повреждён",
}


def refusal_note(lang: str, note: str, tz: ZoneInfo | None) -> tuple[str, str]:
    """(when, why) of a refused run's note, as `status` shows it: in Russian the moment in
    board time and the line in words; in English both as the run left them."""
    when, _sep, line = note.partition(" ")
    if not _ru(lang):
        return when, line
    return when_word(lang, when, tz), _refusal_ru(line)


def _refusal_ru(line: str) -> str:
    if m := _NAMED.fullmatch(line):
        head = f"{m['path']}: игра «{m['name']}» (тема {m['topic']})"
        return f"{head}: {_refusal_ru(m['rest'])}"
    if m := _CORRUPT.fullmatch(line):
        why = _SQLITE_RU.get(m["why"], f"SQLite сообщает: «{m['why']}»")
        return (
            f"база игры {m['path']} непригодна ({why}). Ничего не отправлено. Восстановите её "
            "из резервной копии (а если ни одна игра ещё не началась, уберите файл в сторону, "
            "чтобы начать новую) и запустите бота снова."
        )
    if m := _LOST.fullmatch(line):
        path = m["db"].removeprefix("the game database").strip()
        db = f"базе игры {path}" if path else "базе игры"
        if post := _LOST_POST.fullmatch(m["where"]):
            where = f"в теме уже есть сообщение бота №{post[1]}"
        elif pm := _LOST_PM.fullmatch(m["where"]):
            where = f"среди отправленных писем бота уже есть личное сообщение этой игры №{pm[1]}"
        else:
            where = "на форуме уже есть сообщения бота"
        return (
            f"в {db} нет игры из темы {m['topic']}, но {where}: игра уже началась, а её база "
            "потеряна. Ничего не отправлено. Восстановите файл базы из резервной копии (или "
            "укажите путь к нему в [storage] url) и запустите бота снова; для новой игры "
            "заведите новую тему."
        )
    if m := _VANISHED.fullmatch(line):
        what = (
            "удалили или переместили"
            if m["what"].startswith("was deleted")
            else "подменили другим файлом"
        )
        return (
            f"базу игры {m['path']} {what}, пока бот работал: он сразу остановился, больше "
            "ничего не отправлено. Верните базу игры на прежнее место (или укажите её в "
            "[storage] url) и запустите бота снова — что уже отправлено, видно на форуме."
        )
    return f"причина — в журнале бота: {line}"


# --------------------------------------------------------------------------------------------
# The notes the daemon leaves for the host (`daemon/flags.py`: the host report, the dashboard,
# `status`), keyed by message. A field is filled by what is passed for it: a `Turn` is written
# as the game's rule set counts turns, in the case the placeholder asks for («{turn:gent}» →
# «хода 3» in PEFL, «дня 3» in Gambler); a `Nick` is declined the way the papers decline it
# («{sender:gent}» → «Шерлока», «игрока Tanya-77»; bare: the nick as the board spells it); a
# `Count` comes with its noun agreeing («{n:письмо/письма/писем}» → «42 письма»). Names in
# brackets ([game] max_catchup, [[override]]) are the config's own, as the host writes them.

NOTE_RU: dict[str, str] = {
    # the board shut the bot out (`GameDaemon.shut_out`)
    "stopped": "бот остановлен: {said}",
    # a deadline missed while the bot was down, beyond [game] max_catchup
    "deadline_held": (
        "дедлайн {deadline} прошёл, пока бот не работал, и бот ждёт вашего решения: "
        "поднимите [game] max_catchup (сейчас {allowed}) — и он закроет этот дедлайн сам, — "
        "или перенесите дедлайн через [[override]]"
    ),
    # posts written after a deadline the bot closed late (C-1)
    "posts_after_missed_deadline_one": (
        "после дедлайна {turn:gent}, пока бот не работал, в теме появилось сообщение: оно "
        "засчитано в следующий {next} — поправьте через [[override]], если нужно"
    ),
    "posts_after_missed_deadline": (
        "после дедлайна {turn:gent}, пока бот не работал, в теме появилось "
        "{count:сообщение/сообщения/сообщений}: они засчитаны в следующий {next} — поправьте "
        "через [[override]], если нужно"
    ),
    "paper_without_chart": "газета {turn:gent} ушла без графика голосования: {why}",
    # a PM begun before a crash whose sent copy the board does not show
    "pm_unverified": (
        "ЛС «{kind}» для {to:gent} ({turn}) могло уйти до сбоя: форум не показывает "
        "отправленные письма, поэтому повторно бот его не отправил — спросите получателя, "
        "дошло ли оно"
    ),
    "page_issue": "страница темы {topic}: {issue}",
    "post_seen_late_moved": (
        "сообщение {post} ({author}) в теме {topic} помечено форумом {stamp} — вовремя для "
        "{on_time:gent}, — но бот увидел его только после подсчёта и засчитал в {turn:accs}. "
        "Поправьте через [[override]], если нужно"
    ),
    "post_seen_late_kept": (
        "сообщение {post} ({author}) в теме {topic} помечено форумом {stamp} — вовремя для "
        "{on_time:gent}, — но бот увидел его только после подсчёта; оно отнесено к "
        "{turn:datv}, который уже подсчитан. Поправьте через [[override]], если нужно"
    ),
    "pm_seen_late": (
        "ЛС {pm} от {sender:gent} помечено форумом {stamp} — вовремя для {on_time:gent}, — но "
        "пришло боту только после подсчёта и засчитано в {turn:accs}. Если оно должно было "
        "войти в {on_time:accs}, поправьте через [[override]]"
    ),
    "pm_unreadable": "ЛС {pm}: не удалось прочитать",
    "outsider_post": "посторонний {author} пишет в теме игры (сообщение {post})",
    "outsider_post_lookalike": "посторонний {author} пишет в теме игры (сообщение {post}): {twin}",
    # an outsider whose name reads like a seated account's (`Shell.lookalike`)
    "lookalike": (
        "ник читается так же, как у игрока {twin} (номер учётной записи {twin_id}), но это "
        "другая учётная запись (номер {own_id}) — посторонний; если это сам игрок, впишите "
        "его ник в [game] players точно как на форуме или номер его учётной записи в "
        "[game.user_ids]"
    ),
    "id_unknown": "ещё неизвестен",
    "refused": "не отправлено: {what}, {turn} — {why}",
    "refused_to": "не отправлено: {what} для {to:gent}, {turn} — {why}",
    "refused_subject": "{game}: не отправлено — {what}",
    "report_subject": "{game}: отчёт, {turn}",
    "signup_lookalike": (
        "запись {author:gent} (сообщение {post}) не принята: ник читается так же, как у "
        "записавшегося раньше {first:gent}"
    ),
    "pm_no_move": "ЛС {pm} от {sender:gent}: хода в нём нет (вопрос или разговор), бот не ответил",
    "pm_outsider": "ЛС {pm} от постороннего (отправитель — {sender}): бот не ответил",
    "pm_outsider_lookalike": (
        "ЛС {pm} от постороннего (отправитель — {sender}): бот не ответил; {twin}"
    ),
    "pm_dead": "ЛС {pm} от выбывшего игрока {sender}: бот не ответил",
    "mailbox_filling": (
        "личный ящик ведущего почти заполнен: {used:письмо/письма/писем} из {quota}. Когда он "
        "заполнится, форум перестанет принимать письма игроков с ходами — освободите место"
    ),
    "mailbox_filling_clean": (
        "личный ящик ведущего почти заполнен: {used:письмо/письма/писем} из {quota}. Когда он "
        "заполнится, форум перестанет принимать письма игроков с ходами — освободите место "
        "(или включите [board] clean_mailbox)"
    ),
    "edited_after_deadline": (
        "сообщение {post} ({author}) отредактировано после дедлайна; засчитан текст на "
        "момент дедлайна"
    ),
    # G-P.2: a killed player's post after his last-word window
    "late_last_word": (
        "{seat}: сообщение {post} написано позже чем через {span} после гибели — последним "
        "словом оно уже не считается"
    ),
    "reading_pages": "тема {topic}: чтение страниц",
}


@dataclass(frozen=True)
class Turn:
    """A turn's number for `note`: written as the rule set counts turns."""

    n: int


@dataclass(frozen=True)
class Nick:
    """A nick for `note`: declined in the case its placeholder asks for."""

    nick: str

    def __format__(self, case: str) -> str:
        return in_case(self.nick, case) if case else self.nick


@dataclass(frozen=True)
class Count:
    """A number for `note` with its noun: the placeholder gives the noun's three forms."""

    n: int

    def __format__(self, forms: str) -> str:
        if not forms:
            return str(self.n)
        one, few, many = forms.split("/")
        return f"{self.n} {plural(self.n, one, few, many)}"


@dataclass(frozen=True)
class _TurnIn:
    rules: RulesArg
    n: int

    def __format__(self, case: str) -> str:
        return f"{turn_word(self.rules, case or 'nomn')} {self.n}"


def note(key: str, rules: RulesArg, **fields: object) -> str:
    """The host's note `key` (`NOTE_RU`) with its fields, turns counted as `rules` counts
    them (Gambler: days, PEFL: turns)."""
    filled = {
        name: _TurnIn(rules, value.n) if isinstance(value, Turn) else value
        for name, value in fields.items()
    }
    return NOTE_RU[key].format(**filled)


def span_words(minutes: int) -> str:
    """A stretch of time in words: «2 часа», «30 минут» (whole hours from an hour on)."""
    if minutes >= 60:
        return format(Count(minutes // 60), "час/часа/часов")
    return format(Count(minutes), "минуту/минуты/минут")
