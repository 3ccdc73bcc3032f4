"""The host report's lines: every engine event as one Russian sentence, secrets included (the
report goes to the host alone), and the host's own decisions as he wrote them, in words.

Every line is written so that it needs no agreement with a player's gender («Смерть ночью:
Марго»), and a nick that stands in a case is declined when the dictionary is sure («ход
Шерлока»), else named with «игрока» («ход игрока Tanya-77»).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from engine.words_ru import ACTION_WORDS
from mafiabot.newspaper.grammar import in_case
from mafiabot.newspaper.words import (
    AUDIENCE_RU,
    CHECKER_RU,
    CLAN_RU,
    GAMBLER_MISSED_RU,
    HOST_CAUSE_RU,
    MISSING_REASON_RU,
    NO_WINNER_RU,
    NOBODY_HOST_RU,
    OVERRIDE_FIELD_RU,
    OVERRIDE_HOST_RU,
    REFUSAL_GENERIC_RU,
    REFUSAL_RU,
    SAVED_RU,
    SIDE_RU,
    VOTE_REJECT_GENERIC_RU,
    VOTE_REJECT_HOST_RU,
    WINNER_RU,
    RulesArg,
    format_when,
    role_label,
    turn_word,
)

_CYRILLIC = re.compile("[А-Яа-яЁё]")


def _names(v: Any) -> str:
    return ", ".join(map(str, v or ())) or "—"


def _counts(v: Any) -> str:
    return ", ".join(f"{n} — {k}" for n, k in (v or ())) or "—"


def _gen(nick: Any) -> str:
    return in_case(str(nick), "gent")


def _russian(detail: Any) -> str:
    """A detail the host may read: the parser's Russian hints; never an English note."""
    text = str(detail or "")
    return text if _CYRILLIC.search(text) else ""


def _host_line_moves(ruleset: RulesArg, d: Mapping[str, Any]) -> str | None:
    """`host_line` for the deal, moves and host decisions.
    None when the event is not one of them."""
    k = d.get("kind", "")
    g = d.get
    role = role_label(ruleset, g("role"), g("clan"))
    act = ACTION_WORDS.get(str(g("action") or ""), "ход")
    if k == "RoleDealt":
        return f"Роль: {g('nick')} — {role}"
    if k == "AcquaintanceMade":
        others = ", ".join(f"{n} ({role_label(ruleset, r)})" for n, r in g("others") or ()) or "—"
        return f"{g('nick')} знает: {others}"
    if k == "DonChosen":
        how = "назначен ведущим" if g("by") == "appointment" else "выбран кланом"
        return f"Дон клана {CLAN_RU.get(str(g('clan')), '')}: {g('nick')} ({how})"
    if k == "MoveAccepted":
        ex = f", исполнитель {g('executor')}" if g("executor") else ""
        again = " (изменённый ход)" if g("replaced") else ""
        return f"Ход {_gen(g('nick'))} принят: {act} → {_names(g('targets'))}{ex}{again}"
    if k == "MoveRejected":
        why = REFUSAL_RU.get(str(g("reason")), REFUSAL_GENERIC_RU)
        more = _russian(g("detail"))
        return f"Ход {_gen(g('nick'))} не принят ({act}): {why}" + (f"; {more}" if more else "")
    if k == "VoteIgnored":
        why = VOTE_REJECT_HOST_RU.get(str(g("reason")), VOTE_REJECT_GENERIC_RU)
        post = f" (сообщение {g('post_id')})" if g("post_id") else ""
        return f"Голос {_gen(g('nick'))} не засчитан: {why}{post}"
    if k == "PostFlagged":
        if g("reason") == "beaten":
            return (
                f"Избитый громилой игрок {g('nick')} пишет в теме: "
                f"{g('count')}-е сообщение за ход, а избитому положено молчать"
            )
        return f"Выбывший игрок {g('nick')} пишет в теме: {g('count')}-е сообщение после выбытия"
    if k == "OverrideApplied":
        return f"Ваше решение: {_override_applied(d)}"
    return None


def _override_applied(d: Mapping[str, Any]) -> str:
    """An `OverrideApplied` event's decision with its data in words."""
    what, nick, detail = str(d.get("what")), d.get("nick"), str(d.get("detail") or "")
    words = OVERRIDE_HOST_RU.get(what, "решение ведущего")
    if what == "ignore_vote" and detail:
        return f"{words} — сообщение {detail}"
    if what == "count_vote" and nick:
        return f"{words} — {nick} → {detail}"
    if what == "replace" and nick:
        return f"{words} — {detail} → {nick}" if detail else f"{words} — {nick}"
    if what in ("hang", "jail", "duel") and not nick:
        return f"{words} — никого"
    return f"{words} — {nick}" if nick else words


def _host_line_day(ruleset: RulesArg, d: Mapping[str, Any]) -> str | None:
    """`host_line` for the day's counts and who left the game by day.
    None when the event is not one of them."""
    k = d.get("kind", "")
    g = d.get
    role = role_label(ruleset, g("role"), g("clan"))
    if k == "GreensCounted":
        return (
            f"Номинации: {_counts(g('greens'))}; порог {g('threshold')}; в суд идут: "
            f"{_names(g('nominees'))}; никого не назвали (номинировали себя): "
            f"{_names(g('self_greened'))}"
        )
    if k == "VotesCounted":
        return f"Голоса: {_counts(g('votes'))}; не голосовали: {_names(g('abstained'))}"
    if k == "DuelTossed":
        return f"Жребий ({_names(g('players'))}): проигравший — {g('loser')}"
    if k == "Jailed":
        return f"В тюрьму: {g('nick')} ({role})"
    if k == "Hanged":
        return f"Повешение: {g('nick')} ({role}), голосов: {g('votes')}"
    if k == "NobodyRemoved":
        return f"Никто не выбыл: {NOBODY_HOST_RU.get(str(g('reason')), 'так решили правила')}"
    if k == "WentMissing":
        why = MISSING_REASON_RU.get(str(g("reason")), "")
        return f"Пропажа без вести: {g('nick')} ({role})" + (f" — {why}" if why else "")
    if k == "Removed":
        return f"Вывод из игры решением ведущего: {g('nick')} ({role})"
    if k == "PlayerReplaced":
        return f"Замена: вместо игрока {g('old')} теперь играет {g('new')}"
    return None


def _host_line_night(ruleset: RulesArg, d: Mapping[str, Any]) -> str | None:
    """`host_line` for the night: kills, saves, checks.
    None when the event is not one of them."""
    k = d.get("kind", "")
    g = d.get
    role = role_label(ruleset, g("role"), g("clan"))
    if k == "Killed":
        by = f" — {HOST_CAUSE_RU.get(str(g('by')), 'причина не указана')}" if g("by") else ""
        story = f"; рассказ: «{g('story')}»" if g("story") else ""
        return f"Смерть ночью: {g('nick')} ({role}){by}{story}"
    if k == "DeathRecorded":
        killer = f"; удар нанёс {g('killer')}" if g("killer") else ""
        cause = HOST_CAUSE_RU.get(str(g("cause")), "причина не указана")
        return f"Причина смерти {_gen(g('nick'))}: {cause}{killer}"
    if k == "Saved":
        return f"Спасение: {g('nick')} ({SAVED_RU.get(str(g('how')), 'защита')})"
    if k == "Beaten":
        return f"Избиение: {g('nick')}"
    if k == "CheckResult":
        res = _check_seen(ruleset, str(g("result") or ""))
        thug = f"; той же ночью избит громилой {g('thug')}" if g("thug") else ""
        checker = CHECKER_RU.get(str(g("by")), "Проверка").lower()
        return f"Проверка ({checker}): {g('target')} — {res}{thug}"
    if k == "CheckAnnounced":
        made = "провёл проверку" if g("made") else "не провёл проверку"
        res = f" — {role_label(ruleset, g('result'))}" if g("result") else ""
        checker = CHECKER_RU.get(str(g("by")), "Проверяющий").lower()
        return f"В газете: {checker} {made}{res}"
    if k == "HealAnnounced":
        return f"В газете: доктор лечил {in_case(str(g('nick')), 'accs')}"
    if k == "MoveBlocked":
        missed = GAMBLER_MISSED_RU.get((str(g("role")), str(g("missed"))), "ход не сделан")
        return f"Ход сорван приглашением путаны: {missed}"
    if k == "MafiaMissed":
        return "Мафия промахнулась: письма назвали разных игроков"
    return None


def _check_seen(ruleset: RulesArg, result: str) -> str:
    return f"клан {CLAN_RU[result]}" if result in CLAN_RU else role_label(ruleset, result)


def _host_line_end(ruleset: RulesArg, d: Mapping[str, Any]) -> str | None:
    """`host_line` for recruiting, promotions and the end.
    None when the event is not one of them."""
    k = d.get("kind", "")
    g = d.get
    if k == "Recruited":
        return f"Путана завербована {SIDE_RU.get(str(g('side')), '')}".rstrip()
    if k == "SideChoiceAsked":
        return f"{g('nick')} выбирает сторону: её проверили и комиссар, и адвокат"
    if k == "Resurrected":
        return f"Воскрешение протектом: {g('nick')}"
    if k == "Promoted":
        return f"Новый комиссар: {g('nick')} (был сержантом)"
    if k == "GameWon":
        won = WINNER_RU.get(str(g("winner") or ""), NO_WINNER_RU)
        return f"Игра окончена: {won}; в живых: {_names(g('survivors'))}"
    if k == "TurnResolved":
        return f"{turn_word(ruleset).capitalize()} закрыт; в живых: {_names(g('alive'))}"
    return None


def host_line(ruleset: RulesArg, d: Mapping[str, Any]) -> str:
    """One event of the host report as a Russian sentence (secrets included: host only)."""
    # one helper per stage of the game keeps each sentence table short enough to read
    for describe in (_host_line_moves, _host_line_day, _host_line_night, _host_line_end):
        line = describe(ruleset, d)
        if line is not None:
            return line
    return "Событие без описания (сообщите разработчикам бота)"


def audience_ru(a: str) -> str:
    """`str(Audience)`: "public", "host", or the player's nick."""
    return AUDIENCE_RU.get(a) or f"игроку {a}"


# --------------------------------------------------------------------------------------------
# The host's own decisions (C-6), stored as the config's one-line description

_FIELD = re.compile(r"\s(turn|nick|new_nick|target|post_id|pm_id|until|step)=")


def override_line(description: str) -> str:
    """An applied override as the host report lists it: «повесить — ход 3, игрок Кот». The
    store keeps the config's own line (`kind key=value … (note)`, `Override.describe`)."""
    note = ""
    if description.endswith(")") and " (" in description:
        description, _sep, note = description.rpartition(" (")
        note = note[:-1]
    kind, _sep, rest = description.partition(" ")
    parts = _FIELD.split(" " + rest) if rest else [""]
    fields = [
        f"{OVERRIDE_FIELD_RU.get(key, key)} {_field_value(key, value.strip())}"
        for key, value in zip(parts[1::2], parts[2::2], strict=True)
    ]
    words = OVERRIDE_HOST_RU.get(kind, "решение ведущего")
    line = words + (" — " + ", ".join(fields) if fields else "")
    return line + (f" ({note})" if note else "")


def _field_value(key: str, value: str) -> str:
    """A field's value as the host reads it: a deadline as a date in words."""
    if key == "until":
        try:
            return format_when(datetime.fromisoformat(value))
        except ValueError:
            return value
    return value
