"""The host report's lines: every engine event as one Russian sentence, secrets included (the
report goes to the host alone)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mafiabot.newspaper.words import (
    ACTION_RU,
    CHECKER_RU,
    CLAN_RU,
    MISSING_REASON_RU,
    PEFL_CAUSE_RU,
    REFUSAL_GENERIC_RU,
    REFUSAL_RU,
    SIDE_RU,
    WINNER_RU,
    RulesArg,
    role_label,
)


def _names(v: Any) -> str:
    return ", ".join(map(str, v or ())) or "—"


def _counts(v: Any) -> str:
    return ", ".join(f"{n} — {k}" for n, k in (v or ())) or "—"


_NOBODY_RU = {"no_nominee": "никто не набрал порога", "no_votes": "нет засчитанных голосов"}
_SEEN_BY_RU = {"appointment": "назначен ведущим"}
_SAVED_RU = {"heal": "лечение", "protect": "протект", "vest": "бронежилет", "ambush": "засада"}


def _host_line_moves(ruleset: RulesArg, d: Mapping[str, Any]) -> str | None:
    """`host_line` for the deal, moves and host decisions.
    None when the event is not one of them."""
    k = d.get("kind", "")
    g = d.get
    role = role_label(ruleset, g("role"), g("clan"))
    act = ACTION_RU.get(str(g("action") or ""), str(g("action") or ""))
    if k == "RoleDealt":
        return f"Роль {g('nick')}: {role}"
    if k == "AcquaintanceMade":
        others = ", ".join(f"{n} ({role_label(ruleset, r)})" for n, r in g("others") or ())
        return f"{g('nick')} знает: {others}"
    if k == "DonChosen":
        how = _SEEN_BY_RU.get(str(g("by")), "выбран письмами")
        return f"Дон клана {CLAN_RU.get(str(g('clan')), g('clan'))}: {g('nick')} ({how})"
    if k == "MoveAccepted":
        ex = f", исполнитель {g('executor')}" if g("executor") else ""
        again = " (изменённый ход)" if g("replaced") else ""
        return f"Ход {g('nick')} принят: {act} → {_names(g('targets'))}{ex}{again}"
    if k == "MoveRejected":
        why = REFUSAL_RU.get(str(g("reason")), REFUSAL_GENERIC_RU)
        more = f"; {g('detail')}" if g("detail") else ""
        return f"Ход {g('nick')} не принят ({act}): {why} [{g('reason')}{more}]"
    if k == "VoteIgnored":
        post = f" (сообщение {g('post_id')})" if g("post_id") else ""
        return f"Голос {g('nick')} не засчитан: {g('reason')}{post}"
    if k == "PostFlagged":
        if g("reason") == "beaten":
            return f"{g('nick')} избит и пишет в теме ({g('count')}-е сообщение хода, P-A.3)"
        return f"{g('nick')}: сообщение в теме после выбытия ({g('count')}-е)"
    if k == "OverrideApplied":
        who = f" — {g('nick')}" if g("nick") else ""
        more = f" ({g('detail')})" if g("detail") else ""
        return f"Решение ведущего: {g('what')}{who}{more}"
    return None


def _host_line_day(ruleset: RulesArg, d: Mapping[str, Any]) -> str | None:
    """`host_line` for the day's counts and who left the game by day.
    None when the event is not one of them."""
    k = d.get("kind", "")
    g = d.get
    role = role_label(ruleset, g("role"), g("clan"))
    if k == "GreensCounted":
        return (
            f"Зелёные: {_counts(g('greens'))}; порог {g('threshold')}; в суд идут: "
            f"{_names(g('nominees'))}; сами себе: {_names(g('self_greened'))}"
        )
    if k == "VotesCounted":
        return f"Голоса: {_counts(g('votes'))}; не голосовали: {_names(g('abstained'))}"
    if k == "DuelTossed":
        return f"Жребий между {_names(g('players'))}: проиграл {g('loser')}"
    if k == "Jailed":
        return f"Посажен {g('nick')} ({role})"
    if k == "Hanged":
        return f"Повешен {g('nick')} ({role}), голосов: {g('votes')}"
    if k == "NobodyRemoved":
        return f"Никто не выбыл: {_NOBODY_RU.get(str(g('reason')), g('reason'))}"
    if k == "WentMissing":
        why = MISSING_REASON_RU.get(str(g("reason")), str(g("reason")))
        return f"Пропал {g('nick')} ({role}): {why}"
    if k == "Removed":
        return f"Выведен из игры {g('nick')} ({role})"
    if k == "PlayerReplaced":
        return f"{g('old')} заменён игроком {g('new')}"
    return None


def _host_line_night(ruleset: RulesArg, d: Mapping[str, Any]) -> str | None:
    """`host_line` for the night: kills, saves, checks.
    None when the event is not one of them."""
    k = d.get("kind", "")
    g = d.get
    role = role_label(ruleset, g("role"), g("clan"))
    if k == "Killed":
        by = f", {PEFL_CAUSE_RU.get(str(g('by')), g('by'))}" if g("by") else ""
        story = f" — «{g('story')}»" if g("story") else ""
        return f"Убит {g('nick')} ({role}){by}{story}"
    if k == "DeathRecorded":
        killer = f", от руки {g('killer')}" if g("killer") else ""
        cause = PEFL_CAUSE_RU.get(str(g("cause")), str(g("cause")))
        return f"Смерть {g('nick')}: {cause}{killer}"
    if k == "Saved":
        return f"Спасён {g('nick')} ({_SAVED_RU.get(str(g('how')), g('how'))})"
    if k == "Beaten":
        return f"Избит {g('nick')}"
    if k == "CheckResult":
        res = CLAN_RU.get(str(g("result")), "") or role_label(ruleset, g("result"))
        thug = f"; его избил {g('thug')}" if g("thug") else ""
        return f"{CHECKER_RU.get(str(g('by')), g('by'))} проверил {g('target')}: {res}{thug}"
    if k == "CheckAnnounced":
        made = "проведена" if g("made") else "не проведена"
        res = f" ({role_label(ruleset, g('result'))})" if g("result") else ""
        return f"В газете: проверка {CHECKER_RU.get(str(g('by')), g('by'))} {made}{res}"
    if k == "HealAnnounced":
        return f"В газете: вылечен {g('nick')}"
    if k == "MoveBlocked":
        return f"Ход сорван: {role_label(ruleset, g('role'))} ({g('missed')})"
    if k == "MafiaMissed":
        return "Мафия промахнулась (письма назвали разных игроков)"
    return None


def _host_line_end(ruleset: RulesArg, d: Mapping[str, Any]) -> str | None:
    """`host_line` for recruiting, promotions and the end.
    None when the event is not one of them."""
    k = d.get("kind", "")
    g = d.get
    if k == "Recruited":
        return f"Путана играет за {SIDE_RU.get(str(g('side')), g('side'))}"
    if k == "SideChoiceAsked":
        return f"{g('nick')} должна выбрать сторону"
    if k == "Resurrected":
        return f"Воскрешён {g('nick')}"
    if k == "Promoted":
        return f"{g('nick')} стал комиссаром"
    if k == "GameWon":
        won = WINNER_RU.get(str(g("winner") or ""), "победителей нет")
        return f"Игра окончена: {won} ({g('how')}); в живых: {_names(g('survivors'))}"
    if k == "TurnResolved":
        return f"Ход закрыт; в живых: {_names(g('alive'))}"
    return None


def host_line(ruleset: RulesArg, d: Mapping[str, Any]) -> str:
    """One event of the host report as a Russian sentence (secrets included: host only)."""
    # one helper per stage of the game keeps each sentence table short enough to read
    for describe in (_host_line_moves, _host_line_day, _host_line_night, _host_line_end):
        line = describe(ruleset, d)
        if line is not None:
            return line
    k = d.get("kind", "")
    shown = [
        f"{key}={_plain(v)}"
        for key, v in d.items()
        if key not in ("kind", "audience", "turn") and v not in (None, "", [], ())
    ]
    return f"{k}: {', '.join(shown)}"


def audience_ru(a: str) -> str:
    """`str(Audience)`: "public", "host", or the player's nick."""
    return {"public": "всем", "host": "ведущему"}.get(a, f"игроку {a}")


def _plain(v: Any) -> str:
    """A field value for the host report: lists of pairs as `a:b, c:d`."""
    if isinstance(v, (list, tuple)):
        return "; ".join(
            ":".join(map(str, x)) if isinstance(x, (list, tuple)) else str(x) for x in v
        )
    return str(v)
