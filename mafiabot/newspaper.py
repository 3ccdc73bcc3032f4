"""Rendering what the bot writes: newspapers, vote counts, PMs, host reports (Jinja2 → BBCode).

Templates live in the `templates` package, one folder per language (`templates/ru/…`); a host
may point `[game] template_dir` at his own folder, whose files win over ours name by name.

Safety: every value printed with `{{ … }}` passes through `bbcode_escape` unless a template
marks it safe on purpose, so a nick or a kill story like `[/b][size=200]…` reaches the board as
text, not as markup (the BBCode twin of HTML autoescaping).

What a newspaper may say is decided twice: the engine puts only publishable facts into PUBLIC
events, and `newspaper_view` reads nothing but PUBLIC events and maps killers to fixed phrases
(PEFL: by role, P-P.1; Gambler: not at all, G-P.1) — an unexpected value is dropped, never
printed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import jinja2
from markupsafe import Markup

import templates
from engine.base import PaperShows
from engine.kinds import RULESETS, Role
from engine.rules import ruleset_class
from mafiabot.grammar import gender_of, inflect, pick

log = logging.getLogger(__name__)

TEMPLATES_ROOT = templates.ROOT

# A zero-width space after "[" stops the board from reading a tag; the text looks the same.
_ZWSP = "\u200b"


def bbcode_escape(value: object) -> str:
    """Text that shows as itself in a post: no BBCode tag can start inside it."""
    if isinstance(value, Markup):
        return str(value)
    if value is None:
        return ""
    return str(value).replace("[", "[" + _ZWSP)


# --------------------------------------------------------------------------------------------
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


def role_label(ruleset: str, role: str | None, clan: str | None = None) -> str:
    """A role's name for the players («мафия, Якудза»): the clan is named for the roles the
    rule set makes members of a clan (P-S.3). A role or rule set not known shows as is."""
    if not role:
        return ""
    if ruleset not in RULESETS:
        return role
    rules = ruleset_class(ruleset)
    name = _words(rules.role_words, role) or role
    if clan and role in rules.clan_member_roles:
        return f"{name}, {CLAN_RU.get(clan, clan)}"
    return name


def move_help(ruleset: str, role: str | None) -> str:
    """The role PM's help on how this role writes its letter (G-S.3, P-S.3); "" for none."""
    if ruleset not in RULESETS or not role:
        return ""
    return _words(ruleset_class(ruleset).move_help, role) or ""


# --------------------------------------------------------------------------------------------
# Events as plain dicts (stored events and live engine events render the same way)


def event_dict(ev: Any) -> dict[str, Any]:
    """An engine event (or an already-plain dict) as {"kind", "audience", fields…}."""
    if isinstance(ev, Mapping):
        return dict(ev)
    d: dict[str, Any] = {"kind": type(ev).__name__}
    for f in dataclasses.fields(ev):
        v = getattr(ev, f.name)
        if f.name == "audience":
            v = str(v)
        elif isinstance(v, tuple):
            v = [list(x) if isinstance(x, tuple) else x for x in v]
        d[f.name] = v
    return d


def public_only(events: Iterable[Any]) -> list[dict[str, Any]]:
    return [d for d in map(event_dict, events) if d.get("audience", "public") == "public"]


# --------------------------------------------------------------------------------------------
# The renderer


class Renderer:
    """Jinja2 environment for one game: host templates first, then ours."""

    def __init__(
        self,
        template_dir: Path | None = None,
        language: str = "ru",
        genders: Mapping[str, str] | None = None,
    ) -> None:
        """`genders`: the host's per-player setting (nick → "m"/"f", config `[game.genders]`)
        for the agreement of «убит/убита»; players not in it are looked up as given names."""
        self.genders: Mapping[str, str] = dict(genders or {})
        loaders: list[jinja2.BaseLoader] = []
        if template_dir is not None:
            loaders.append(jinja2.FileSystemLoader(str(template_dir)))
        loaders.append(jinja2.FileSystemLoader(str(TEMPLATES_ROOT / language)))
        if language != "ru":
            loaders.append(jinja2.FileSystemLoader(str(TEMPLATES_ROOT / "ru")))
        self.env = jinja2.Environment(
            loader=jinja2.ChoiceLoader(loaders),
            autoescape=False,  # HTML escaping is wrong for BBCode; finalize escapes instead
            finalize=bbcode_escape,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
            undefined=jinja2.ChainableUndefined,  # a host template may omit fields
        )
        self.env.filters["b"] = lambda v: Markup(f"[b]{bbcode_escape(v)}[/b]")
        self.env.filters["i"] = lambda v: Markup(f"[i]{bbcode_escape(v)}[/i]")
        self.env.filters["quote"] = lambda v: Markup(f"[quote]{bbcode_escape(v)}[/quote]")
        # for host templates: {{ nick|inflect("accs") }} is "" when the nick cannot be declined
        # for sure; {{ pick(nick|gender, "убит", "убита", "") }} agrees with the player
        self.env.filters["inflect"] = lambda v, case: inflect(str(v), case) or ""
        self.env.filters["gender"] = lambda v: gender_of(str(v), self.genders)
        self.env.globals["pick"] = pick

    def render(self, name: str, **context: Any) -> str:
        text = self.env.get_template(name).render(**context)
        # collapse the blank lines conditional blocks leave behind
        lines = [ln.rstrip() for ln in text.splitlines()]
        out: list[str] = []
        for ln in lines:
            if ln == "" and (not out or out[-1] == ""):
                continue
            out.append(ln)
        return "\n".join(out).strip() + "\n"

    # -- the newspaper (C-4, G-P.1, P-P.1) -----------------------------------------------

    def newspaper(
        self,
        *,
        ruleset: str,
        game_name: str,
        turn: int,
        events: Iterable[Any],
        next_deadline: datetime | None = None,
        tz: ZoneInfo | None = None,
        announce_check_roles: bool = True,
        last_word_until: datetime | None = None,
        phase: str = "day",
        clans: Mapping[str, str | None] | None = None,
        votes: Sequence[Any] = (),
        genders: Mapping[str, str] | None = None,
    ) -> str:
        """`clans`: the clan of each player out of the game (revealed with his role, P-P.1),
        for events that name only the role. `votes`: the phase's counted votes in the order
        cast (`engine.actions.Vote` or mappings with its fields, see `vote_dict`) — the
        record of who voted for whom. `genders` adds to the renderer's own setting."""
        view = newspaper_view(
            ruleset,
            public_only(events),
            announce_check_roles=announce_check_roles,
            clans=clans,
            genders={**self.genders, **(genders or {})},
            votes=votes,
            tz=tz,
        )
        return self.render(
            f"newspaper_{ruleset}.bbcode.j2",
            game_name=game_name,
            turn=turn,
            phase=phase,
            v=view,
            next_deadline=format_when(next_deadline, tz),
            last_word_until=format_when(last_word_until, tz),
        )

    def vote_count(
        self,
        *,
        ruleset: str,
        game_name: str,
        turn: int,
        kind: str,
        tally: Sequence[tuple[str, Sequence[str]]],
        not_voted: Sequence[str],
        as_of: datetime,
        deadline: datetime | None,
        tz: ZoneInfo | None = None,
        threshold: int | None = None,
    ) -> str:
        """Interim count. kind: "red" (PEFL), "green" (Gambler nominations), "court"."""
        rows = [{"target": t, "count": len(v), "voters": list(v)} for t, v in tally]
        return self.render(
            "vote_count.bbcode.j2",
            ruleset=ruleset,
            game_name=game_name,
            turn=turn,
            kind=kind,
            rows=rows,
            not_voted=list(not_voted),
            as_of=format_when(as_of, tz),
            deadline=format_when(deadline, tz),
            threshold=threshold,
        )

    def player_pm(
        self, *, ruleset: str, game_name: str, nick: str, turn: int, events: Iterable[Any]
    ) -> str:
        """One PM with everything a player was told this turn (role, allies, checks …)."""
        evs = [event_dict(e) for e in events]
        for e in evs:
            if "role" in e:
                e["role_label"] = role_label(ruleset, e.get("role"), e.get("clan"))
            if e.get("kind") == "RoleDealt":
                e["move_help"] = move_help(ruleset, e.get("role"))
            if e.get("kind") == "CheckResult":
                r = str(e.get("result") or "")
                e["result_label"] = CLAN_RU.get(r, "") or role_label(ruleset, r)
            if e.get("kind") in ("MoveAccepted", "MoveRejected"):
                e["action"] = ACTION_RU.get(str(e.get("action", "")), e.get("action", ""))
            if e.get("kind") == "MoveRejected":
                e["reason_ru"] = refusal_ru(str(e.get("reason", "")), str(e.get("detail", "")))[0]
            if e.get("kind") == "AcquaintanceMade":
                e["others_labels"] = [(n, role_label(ruleset, r)) for n, r in e.get("others", [])]
        return self.render(
            "player_pm.bbcode.j2",
            ruleset=ruleset,
            game_name=game_name,
            nick=nick,
            turn=turn,
            events=evs,
            clan_ru=CLAN_RU,
            checker_ru=CHECKER_RU,
            side_ru=SIDE_RU,
        )

    def move_reply(
        self,
        *,
        nick: str,
        accepted: bool,
        action: str,
        targets: Sequence[str] = (),
        executor: str | None = None,
        reason: str = "",
        detail: str = "",
        replaced: bool = False,
        turn: int = 0,
        conditional: bool = False,
        no_move: bool = False,
        role_moves: bool = True,
    ) -> str:
        """Acknowledgement or refusal of one night move (C-2, C-3); `no_move`: the short
        «в письме не нашёл хода» for a letter that names an action but holds no move."""
        return self.render(
            "move_reply.bbcode.j2",
            nick=nick,
            accepted=accepted,
            action=ACTION_RU.get(action, action),
            targets=list(targets),
            executor=executor,
            reason=refusal_ru(reason, detail)[0],
            detail=refusal_ru(reason, detail)[1],
            replaced=replaced,
            turn=turn,
            conditional=conditional,
            condition=reason if conditional else "",
            no_move=no_move,
            role_moves=role_moves,
            final=reason == "third_request",
        )

    def move_question(
        self,
        *,
        nick: str,
        question: str,
        action: str = "",
        targets: Sequence[str] = (),
        executor: str | None = None,
        final: bool = False,
    ) -> str:
        """A question back on a night letter the reader could not settle (C-2): `question` is
        the reader's Russian sentence; `action`/`targets`/`executor` the player's move that
        stays in force meanwhile (empty: none); `final` when the player has no change of
        request left this turn (P-M.0), so his answer would be refused."""
        standing = ""
        if action:
            standing = ACTION_RU.get(action, action)
            if targets:
                standing += " — " + ", ".join(targets)
            if executor:
                standing += f", исполнитель {executor}"
        return self.render(
            "move_question.bbcode.j2",
            nick=nick,
            question=question,
            standing=standing,
            final=final,
        )

    def host_report(
        self,
        *,
        game_name: str,
        turn: int,
        events: Iterable[Any],
        rejected: Sequence[Mapping[str, Any]] = (),
        issues: Sequence[str] = (),
        flags: Sequence[str] = (),
        overrides: Sequence[str] = (),
        notes: Sequence[str] = (),
        ruleset: str = "pefl",
    ) -> str:
        """The host's full view of a turn: every event with its audience, plus what the bot
        refused, could not read, or thinks the host should look at."""
        rows = []
        for d in map(event_dict, events):
            rows.append(
                {
                    "kind": d.get("kind", "?"),
                    "audience": _audience_ru(str(d.get("audience", "public"))),
                    "text": host_line(ruleset, d),
                }
            )
        return self.render(
            "host_report.bbcode.j2",
            game_name=game_name,
            turn=turn,
            events=rows,
            rejected=list(rejected),
            issues=list(issues),
            flags=list(flags),
            overrides=list(overrides),
            notes=list(notes),
        )

    def start_post(
        self,
        *,
        ruleset: str,
        game_name: str,
        players: Sequence[str],
        commitment: str,
        first_deadline: datetime | None,
        tz: ZoneInfo | None = None,
        token: str = "",
    ) -> str:
        return self.render(
            "start.bbcode.j2",
            ruleset=ruleset,
            game_name=game_name,
            players=list(players),
            commitment=commitment,
            first_deadline=format_when(first_deadline, tz),
            token=token,
        )

    def court_topic(
        self,
        *,
        game_name: str,
        turn: int,
        nominees: Sequence[str],
        deadline: datetime | None,
        tz: ZoneInfo | None = None,
    ) -> tuple[str, str]:
        """(subject, text) of the court topic the bot opens (G-N.3/G-N.4)."""
        text = self.render(
            "court_topic.bbcode.j2",
            game_name=bbcode_escape(game_name),
            turn=turn,
            nominees=[bbcode_escape(n) for n in nominees],
            deadline=format_when(deadline, tz) if deadline else None,
        )
        return f"Суд Слона — день {turn}", text

    def final_post(
        self,
        *,
        ruleset: str,
        game_name: str,
        winner: str | None,
        seats: Sequence[tuple[str, str, str | None]],
        seed: int,
        salt: str,
        commitment: str,
        vote_record: Sequence[Any] = (),
        tz: ZoneInfo | None = None,
    ) -> str:
        """The result, every role, the dealing's proof, and the whole game's vote record:
        `vote_record` is every counted vote of the game (see `vote_dict`, with `turn`), shown
        turn by turn, and for PEFL the votes against each player over the game (P-E.1)."""
        # one block per turn and vote (Gambler: the greens, then the court)
        blocks: dict[tuple[int, int], list[dict[str, Any]]] = {}
        for d in map(vote_dict, vote_record):
            stage = 1 if d["kind"] == "court" else 0
            blocks.setdefault((int(d["turn"] or 0), stage), []).append(d)
        record = [
            {"turn": t, "kind": _record_kind(vs), **vote_record_view(vs, tz)}
            for (t, _stage), vs in sorted(blocks.items())
        ]
        against = [
            {**r, "first": _short_when(r["first"], tz)}
            for r in (votes_against(vote_record) if _shows(ruleset).votes_against else [])
        ]
        return self.render(
            "final.bbcode.j2",
            record=record,
            against=against,
            ruleset=ruleset,
            game_name=game_name,
            winner=WINNER_RU.get(winner or "", "победителей нет"),
            seats=[(n, role_label(ruleset, r, c)) for n, r, c in seats],
            seed=seed,
            salt=salt,
            listing=role_listing(seats),
            commitment=commitment,
        )


def _record_kind(votes: Sequence[Mapping[str, Any]]) -> str:
    kinds = {d.get("kind") for d in votes} - {"self"}
    return "court" if "court" in kinds else "green" if "green" in kinds else "red"


def _names(v: Any) -> str:
    return ", ".join(map(str, v or ())) or "—"


def _counts(v: Any) -> str:
    return ", ".join(f"{n} — {k}" for n, k in (v or ())) or "—"


_NOBODY_RU = {"no_nominee": "никто не набрал порога", "no_votes": "нет засчитанных голосов"}
_SEEN_BY_RU = {"appointment": "назначен ведущим"}
_SAVED_RU = {"heal": "лечение", "protect": "протект", "vest": "бронежилет", "ambush": "засада"}


def _host_line_moves(ruleset: str, d: Mapping[str, Any]) -> str | None:
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


def _host_line_day(ruleset: str, d: Mapping[str, Any]) -> str | None:
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


def _host_line_night(ruleset: str, d: Mapping[str, Any]) -> str | None:
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


def _host_line_end(ruleset: str, d: Mapping[str, Any]) -> str | None:
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


def host_line(ruleset: str, d: Mapping[str, Any]) -> str:
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


def _audience_ru(a: str) -> str:
    """`str(Audience)`: "public", "host", or the player's nick."""
    return {"public": "всем", "host": "ведущему"}.get(a, f"игроку {a}")


def _plain(v: Any) -> str:
    """A field value for the host report: lists of pairs as `a:b, c:d`."""
    if isinstance(v, (list, tuple)):
        return "; ".join(
            ":".join(map(str, x)) if isinstance(x, (list, tuple)) else str(x) for x in v
        )
    return str(v)


# --------------------------------------------------------------------------------------------
# Fair dealing: the start post commits to the role list, the final post reveals it


def role_listing(seats: Sequence[tuple[str, str, str | None]]) -> str:
    """Canonical text of the dealt roles: one `nick:role[:clan]` line per seat, in seat order."""
    return "\n".join(f"{n}:{r}" + (f":{c}" if c else "") for n, r, c in seats)


def commitment(seats: Sequence[tuple[str, str, str | None]], seed: int, salt: str) -> str:
    """SHA-256 of `seed|salt|listing` — published at the start, verifiable at the end."""
    return hashlib.sha256(f"{seed}|{salt}|{role_listing(seats)}".encode()).hexdigest()


# --------------------------------------------------------------------------------------------
# From public events to what the newspaper says


def _person(nick: str, role: str, genders: Mapping[str, str] | None) -> dict[str, Any]:
    """A named player of the paper: nick, role label, gender (None: unknown) and the nick in
    the cases the templates use (None: not declinable, say «игрока X» instead)."""
    return {
        "nick": nick,
        "role": role,
        "g": gender_of(nick, genders),
        "acc": inflect(nick, "accs"),
        "gen": inflect(nick, "gent"),
    }


def _day_count_view(v: dict[str, Any], e: Mapping[str, Any]) -> bool:
    """Fill the paper's day counts (votes, greens, duel, nobody removed) from one event and
    say whether it was one. Apart from `newspaper_view`: these only copy counts, sorted."""
    k = e.get("kind")
    if k == "VotesCounted":
        v["votes"] = sorted(((str(n), int(c)) for n, c in e.get("votes", [])), key=lambda x: -x[1])
        v["abstained"] = [str(n) for n in e.get("abstained", [])]
    elif k == "NobodyRemoved":
        v["nobody_removed"] = NOBODY_REASON_RU.get(e.get("reason", ""), "")
    elif k == "DuelTossed":
        v["duel"] = {"players": list(e.get("players", [])), "loser": e.get("loser")}
    elif k == "GreensCounted":
        v["greens"] = sorted(
            ((str(n), int(c)) for n, c in e.get("greens", [])), key=lambda x: -x[1]
        )
        v["nominees"] = list(e.get("nominees", []))
        v["self_greened"] = [str(n) for n in e.get("self_greened", [])]
        v["threshold"] = e.get("threshold")
    else:
        return False
    return True


def _shows(ruleset: str) -> PaperShows:
    """What this rule set's paper prints beyond the common part (an unknown name: nothing)."""
    return ruleset_class(ruleset).paper if ruleset in RULESETS else PaperShows()


def _killed_view(ruleset: str, e: Mapping[str, Any], kd: dict[str, Any]) -> dict[str, Any]:
    """One night kill as the paper tells it: `kd` (the person) with the cause where the rule
    set tells it (PEFL), the host's story where it prints one (Gambler, G-M.10), and whether
    a civilian died."""
    shows = _shows(ruleset)
    kd["cause"] = None
    kd["story"] = e.get("story") if shows.kill_story else None
    if shows.kill_cause:
        by = e.get("by")
        kd["cause"] = cause_ru(by, kd["g"]) if isinstance(by, str) else None
        if by and kd["cause"] is None:
            log.warning("newspaper: unknown killer label %r dropped", by)
    # otherwise the cause is never printed (G-P.1: not by whom)
    kd["civilian"] = e.get("role") == "civilian"
    return kd


def _night_notes_view(
    ruleset: str,
    v: dict[str, Any],
    e: Mapping[str, Any],
    announce_check_roles: bool,
    genders: Mapping[str, str] | None,
) -> bool:
    """Fill the night notes a Gambler paper prints (checks made, the heal, blocked moves)
    from one event and say whether it was one; PEFL papers keep these secret."""
    k = e.get("kind")
    if k == "CheckAnnounced":
        result = e.get("result")
        v["checks"].append(
            {
                "by": CHECKER_RU.get(e.get("by", ""), e.get("by", "")),
                "made": bool(e.get("made")),
                "result": role_label(ruleset, result) if announce_check_roles and result else None,
            }
        )
    elif k == "HealAnnounced":
        v["healed"] = _person(str(e["nick"]), "", genders)
    elif k == "MoveBlocked":
        phrase = GAMBLER_MISSED_RU.get((e.get("role", ""), e.get("missed", "")))
        if phrase:
            v["blocked"].append(phrase)
    else:
        return False
    return True


def _removal_view(
    v: dict[str, Any],
    e: Mapping[str, Any],
    person: Callable[[Mapping[str, Any]], dict[str, Any]],
) -> bool:
    """Fill who left the game by day or by the host (hanged or jailed, missing, removed,
    replaced) from one event and say whether it was one."""
    k = e.get("kind")
    if k in ("Hanged", "Jailed"):
        v["removed_by_vote"] = {
            **person(e),
            "how": "hanged" if k == "Hanged" else "jailed",
            "votes": e.get("votes"),
        }
    elif k == "WentMissing":
        m = person(e)
        forms = MISSING_REASON_FORMS.get(e.get("reason", ""))
        m["why"] = pick(m["g"], *forms) if forms else ""
        v["missing"].append(m)
    elif k == "Removed":
        v["removed"].append(person(e))
    elif k == "PlayerReplaced":
        v["replaced"].append((e.get("old"), e.get("new")))
    else:
        return False
    return True


def newspaper_view(
    ruleset: str,
    events: Sequence[Mapping[str, Any]],
    *,
    announce_check_roles: bool = True,
    clans: Mapping[str, str | None] | None = None,
    genders: Mapping[str, str] | None = None,
    votes: Sequence[Any] = (),
    tz: ZoneInfo | None = None,
) -> dict[str, Any]:
    """The newspaper's content as data. Reads only the kinds and fields listed here, and the
    turn's counted votes (`votes`, public anyway: they were cast in the game topic)."""
    clans = clans or {}
    shows = _shows(ruleset)

    def label(e: Mapping[str, Any]) -> str:
        return role_label(ruleset, e.get("role"), e.get("clan") or clans.get(e.get("nick", "")))

    def person(e: Mapping[str, Any]) -> dict[str, Any]:
        return _person(str(e["nick"]), label(e), genders)

    v: dict[str, Any] = {
        "removed_by_vote": None,
        "votes": [],
        "abstained": [],
        "record": vote_record_view(votes, tz),
        "nobody_removed": None,
        "duel": None,
        "greens": [],
        "nominees": [],
        "self_greened": [],
        "threshold": None,
        "missing": [],
        "removed": [],
        "replaced": [],
        "killed": [],
        "beaten": [],
        "checks": [],
        "healed": None,
        "blocked": [],
        "mafia_missed": False,
        "recruited": None,
        "overrides": [],
        "winner": None,
        "over": False,
        "killed_civilian": False,
    }
    for e in events:
        if _day_count_view(v, e):
            continue
        if shows.night_notes and _night_notes_view(ruleset, v, e, announce_check_roles, genders):
            continue
        if _removal_view(v, e, person):
            continue
        k = e.get("kind")
        if k == "Killed":
            v["killed"].append(_killed_view(ruleset, e, person(e)))
            if e.get("role") == "civilian":
                v["killed_civilian"] = True
        elif k == "Beaten" and shows.beaten:
            v["beaten"].append(_person(str(e["nick"]), "", genders))
        elif k == "MafiaMissed":
            v["mafia_missed"] = True
        elif k == "Recruited":
            v["recruited"] = SIDE_RU.get(e.get("side", ""), "")
        elif k == "OverrideApplied":
            v["overrides"].append(
                {"what": e.get("what", ""), "nick": e.get("nick"), "detail": e.get("detail", "")}
            )
        elif k == "GameWon":
            v["over"] = True
            v["winner"] = WINNER_RU.get(e.get("winner") or "", "победителей нет")
    return v


# --------------------------------------------------------------------------------------------
# The vote record: who voted for whom (P-V.1, P-V.2, G-N.1, G-N.4), and the whole game's
# votes against each player (P-E.1)

VOTE_FIELDS = ("voter", "target", "kind", "post_id", "at", "agreed_with", "turn")


def vote_dict(vote: Any) -> dict[str, Any]:
    """A counted vote as a plain dict: an `engine.actions.Vote`, or a mapping with the same
    fields (voter, target, kind, post_id, at, agreed_with; `turn` for a whole game's record)."""
    if isinstance(vote, Mapping):
        d = {f: vote.get(f) for f in VOTE_FIELDS}
    else:
        d = {f: getattr(vote, f, None) for f in VOTE_FIELDS}
    at = d["at"]
    if isinstance(at, str):
        try:
            d["at"] = datetime.fromisoformat(at)
        except ValueError:
            d["at"] = None
    return d


def _short_when(at: Any, tz: ZoneInfo | None) -> str:
    if not isinstance(at, datetime):
        return ""
    if tz is not None and at.tzinfo is not None:
        at = at.astimezone(tz)
    return f"{at:%d.%m %H:%M}"


def vote_record_view(votes: Sequence[Any], tz: ZoneInfo | None = None) -> dict[str, Any]:
    """One turn's counted votes for the templates: `order` (in the order cast, each with its
    number and the number of the vote it agreed with, P-V.2), `by_target` (target, voters,
    most votes first; ties: reached first), `self` (G-N.2 implicit self-greens)."""
    rows = [vote_dict(x) for x in votes]
    cast = [r for r in rows if r["kind"] != "self"]
    number_of_post: dict[Any, int] = {}
    order = []
    for i, r in enumerate(cast, 1):
        if r["post_id"] is not None:
            number_of_post.setdefault(r["post_id"], i)
        agreed = r["agreed_with"]
        ref = number_of_post.get(agreed) if agreed is not None else None
        ref_voter = cast[ref - 1]["voter"] if ref else None
        order.append(
            {
                "n": i,
                "voter": r["voter"],
                "target": r["target"],
                "when": _short_when(r["at"], tz),
                "agreed": agreed is not None,
                "agreed_n": ref,
                "agreed_voter": ref_voter,
            }
        )
    by_target: dict[str, list[str]] = {}
    for r in cast:
        by_target.setdefault(str(r["target"]), []).append(str(r["voter"]))
    ranked = sorted(by_target.items(), key=lambda kv: -len(kv[1]))  # stable: reached first
    return {
        "order": order,
        "by_target": [{"target": t, "count": len(vs), "voters": vs} for t, vs in ranked],
        "self": [str(r["voter"]) for r in rows if r["kind"] == "self"],
    }


def votes_against(votes: Sequence[Any]) -> list[dict[str, Any]]:
    """P-E.1: the votes against each player over the whole game (red votes), fewest last, and
    the time of the first vote against him (equal counts: the earlier first vote loses)."""
    seen: dict[str, dict[str, Any]] = {}
    for i, r in enumerate(vote_dict(x) for x in votes):
        if r["kind"] not in (None, "red"):
            continue
        row = seen.setdefault(
            str(r["target"]), {"nick": str(r["target"]), "count": 0, "first": None, "seq": i}
        )
        row["count"] += 1
        at = r["at"]
        if isinstance(at, datetime) and (row["first"] is None or at < row["first"]):
            row["first"] = at
    return sorted(seen.values(), key=lambda x: (-x["count"], x["seq"]))
