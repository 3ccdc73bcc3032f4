"""Rendering what the bot writes: newspapers, vote counts, PMs, host reports (Jinja2 → BBCode).

Templates live in the `templates` package, one folder per language (`templates/ru/…`), each
shipped with the Python module Jinja2 compiles it to (`mafiabot.newspaper.compiled`); a host
may point `[game] template_dir` at his own folder, whose files win over ours name by name.

Safety: every value printed with `{{ … }}` passes through `bbcode_escape` unless a template
marks it safe on purpose, so a nick or a kill story like `[/b][size=200]…` reaches the board as
text, not as markup (the BBCode twin of HTML autoescaping).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import jinja2
from markupsafe import Markup

import templates
from engine.settings import RulesSettings
from engine.words_ru import ACTION_WORDS
from mafiabot.newspaper.compiled import ShippedTemplates
from mafiabot.newspaper.examples import examples_for, with_game_nicks
from mafiabot.newspaper.grammar import PLAYER_IN_CASE, gender_of, inflect, pick, plural
from mafiabot.newspaper.host import audience_ru, host_line, override_line
from mafiabot.newspaper.links import BoardLinks
from mafiabot.newspaper.pm import player_pm_view, reply_view
from mafiabot.newspaper.proof import role_listing
from mafiabot.newspaper.record import (
    record_kind,
    short_when,
    vote_dict,
    vote_record_view,
    votes_against,
)
from mafiabot.newspaper.view import event_dict, newspaper_view, public_only, shows_of
from mafiabot.newspaper.words import (
    NO_WINNER_RU,
    NUM_GEN_RU,
    RULESET_RU,
    VOTE_REJECT_GENERIC_RU,
    VOTE_REJECT_HOST_RU,
    WINNER_RU,
    RulesArg,
    format_when,
    name_of,
    role_label,
    rules_of,
    turn_word,
)

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
        # ours shipped compiled (`mafiabot.newspaper.compiled`), a host's compiled on use
        loaders.append(ShippedTemplates(TEMPLATES_ROOT / language))
        if language != "ru":
            loaders.append(ShippedTemplates(TEMPLATES_ROOT / "ru"))
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
        self.env.globals["plural"] = plural
        self.env.filters["num_gen"] = lambda n: NUM_GEN_RU.get(int(n), str(n))
        # {{ nick|acc }}: «[b]Шерлока[/b]», or «игрока [b]Tanya-77[/b]» when the nick cannot be
        # declined for sure; likewise |gen, |dat, |ins; |acc(False) without the bold
        for name, case in (("acc", "accs"), ("gen", "gent"), ("dat", "datv"), ("ins", "ablt")):
            self.env.filters[name] = _case_filter(case)

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
        ruleset: RulesArg,
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
        rejected: Sequence[Any] = (),
        genders: Mapping[str, str] | None = None,
        kill_stories: bool = True,
    ) -> str:
        """`clans`: the clan of each player out of the game (revealed with his role, P-P.1),
        for events that name only the role. `votes`: the phase's counted votes in the order
        cast (`engine.actions.Vote` or mappings with its fields, see `vote_dict`) — the
        record of who voted for whom; `rejected`: the votes the bot did not count
        (`engine.actions.InputRejected`), named with why. `genders` adds to the renderer's
        own setting; `kill_stories`: G-M.10's stories are printed (`[rules] kill_stories`)."""
        view = newspaper_view(
            ruleset,
            public_only(events),
            announce_check_roles=announce_check_roles,
            clans=clans,
            genders={**self.genders, **(genders or {})},
            votes=votes,
            rejected=rejected,
            stories=kill_stories,
            tz=tz,
        )
        return self.render(
            f"newspaper_{name_of(ruleset)}.bbcode.j2",
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
        ruleset: RulesArg,
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
            ruleset=name_of(ruleset),
            game_name=game_name,
            turn=turn,
            kind=kind,
            rows=rows,
            not_voted=list(not_voted),
            as_of=format_when(as_of, tz),
            deadline=format_when(deadline, tz),
            threshold=threshold,
        )

    # -- private messages (C-2, G-S.3, P-S.2, P-S.3) ----------------------------------------

    def player_pm(
        self,
        *,
        ruleset: RulesArg,
        game_name: str,
        nick: str,
        turn: int,
        events: Iterable[Any],
        players: Sequence[str] = (),
        deadline: datetime | None = None,
        tz: ZoneInfo | None = None,
        settings: RulesSettings | None = None,
        clan: Sequence[str] = (),
    ) -> str:
        """One PM with everything a player was told this turn (role, allies, checks …).
        `players`: the living players, whose nicks the role PM's examples use (never his
        own); `clan`: his living mafia mates (an executor for a Don's example); `deadline`:
        the current one; `settings`: the game's `[rules]`."""
        view = player_pm_view(
            ruleset,
            nick,
            [event_dict(e) for e in events],
            players,
            settings or RulesSettings(),
            clan,
        )
        return self.render(
            "player_pm.bbcode.j2",
            ruleset=name_of(ruleset),
            game_name=game_name,
            nick=nick,
            turn=turn,
            deadline=format_when(deadline, tz),
            **view,
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
        last_change: bool = False,
        role_moves: bool = True,
        side: str | None = None,
        ruleset: RulesArg = "",
        role: str | None = None,
        moves_now: Sequence[str] | None = None,
        moves_if: Sequence[tuple[str, str]] = (),
        players: Sequence[str] = (),
        deadline: datetime | None = None,
        tz: ZoneInfo | None = None,
        clan: Sequence[str] = (),
        story: str | None = None,
        stories_printed: bool = False,
    ) -> str:
        """Acknowledgement or refusal of one night move (C-2, C-3); `no_move`: the short
        «в письме не нашёл хода» for a letter that names an action but holds no move.
        `moves_now`: the actions the sender's role allows him now (None: not known — a
        correction is offered unless the refusal rules it out); `moves_if`: those a letter
        of his is kept for on a condition, with its code (G-M.5/G-M.6); `role`, `players`: for an
        example letter with the game's nicks (`clan`: his mafia mates, for an executor);
        `deadline`: the current one; `last_change`:
        an accepted letter that spent the player's last change of request (P-M.0);
        `role_moves`: false when the reader found the sender's role has no night move;
        `side`: the side a side choice took (G-M.8), said back in words; `story`: a kill
        letter's story (G-M.10), and `stories_printed` whether this game's paper prints it."""
        extra = reply_view(
            ruleset=ruleset,
            role=role,
            nick=nick,
            living=players,
            moves_now=(action,) if moves_now is None else moves_now,
            reason=reason,
            detail=detail,
            clan=clan,
            moves_if=moves_if,
        )
        if moves_now is None:
            extra["has_moves"] = True
        extra["has_moves"] = extra["has_moves"] and role_moves
        return self.render(
            "move_reply.bbcode.j2",
            nick=nick,
            accepted=accepted,
            action=ACTION_WORDS.get(action, ""),
            targets=list(targets),
            executor=executor,
            replaced=replaced,
            turn=turn,
            conditional=conditional,
            condition=reason if conditional else "",
            no_move=no_move,
            last_change=last_change,
            side=side or "",
            story=bool(story),
            stories_printed=stories_printed,
            game=name_of(ruleset) if ruleset else "",
            code=reason,
            final=reason in ("third_request", "too_many_changes"),
            deadline=format_when(deadline, tz),
            **extra,
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
        deadline: datetime | None = None,
        tz: ZoneInfo | None = None,
        players: Sequence[str] = (),
        clan: Sequence[str] = (),
        condition: str = "",
        dead: str = "",
        asked: str = "",
    ) -> str:
        """A question back on a night letter the reader could not settle (C-2): `question` is
        the reader's Russian sentence; `action`/`targets`/`executor` the player's move that
        stays in force meanwhile (empty: none); `final` when the player has no change of
        request left this turn (P-M.0), so his answer would be refused; `players` (the
        living) and `clan` (his mafia mates): the nicks its example letter is written with;
        `condition`: the code of the condition the standing move is kept on (G-M.5/G-M.6), or
        "" for a plain one; `dead`: the player out of the game the letter's move named (as
        listed), `asked` that move's action code — the answer names him and asks for another
        player (C-3)."""
        question = with_game_nicks(question, examples_for(nick, players, clan))
        standing = ""
        if action:
            standing = ACTION_WORDS.get(action, "ход")
            if targets:
                standing += " — " + ", ".join(targets)
            if executor:
                standing += f", исполнитель {executor}"
        return self.render(
            "move_question.bbcode.j2",
            nick=nick,
            question=question,
            standing=standing,
            condition=condition if standing else "",
            final=final,
            deadline=format_when(deadline, tz),
            dead=dead,
            asked=ACTION_WORDS.get(asked, "") if dead else "",
        )

    # -- the host report ------------------------------------------------------------------

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
        ruleset: RulesArg = "pefl",
        failed: Sequence[str] = (),
        links: BoardLinks | None = None,
    ) -> str:
        """The host's full view of a turn: every event with its audience, plus what the bot
        refused, could not read, or thinks the host should look at. `overrides`: his applied
        decisions as stored (`Override.describe`); `failed`: messages the board would not
        take for good (they head the report); `links`: to name posts by their address."""
        rows = []
        for d in map(event_dict, events):
            rows.append(
                {
                    "kind": d.get("kind", "?"),
                    "audience": audience_ru(str(d.get("audience", "public"))),
                    "text": host_line(ruleset, d),
                }
            )
        return self.render(
            "host_report.bbcode.j2",
            game_name=game_name,
            turn=turn,
            turn_name=turn_word(ruleset),
            turn_name_gent=turn_word(ruleset, "gent"),
            events=rows,
            rejected=[_rejected_row(r, links) for r in rejected],
            issues=list(issues),
            flags=list(flags),
            overrides=[override_line(o) for o in overrides],
            notes=list(notes),
            failed=list(failed),
        )

    def failure_notice(
        self,
        *,
        what: str,
        turn: int,
        recipient: str | None,
        why: str,
        text: str,
        ruleset: RulesArg = "pefl",
    ) -> str:
        """The host's PM about a message the board refused for good: what, why, and the
        message itself as it should have gone out (his to post or forward by hand); the
        turn named as `ruleset` counts turns."""
        head = self.render(
            "failure_notice.bbcode.j2",
            what=what,
            turn=turn,
            turn_name=turn_word(ruleset),
            recipient=recipient,
            why=why,
        )
        return head + "\n" + text

    # -- the game's posts -------------------------------------------------------------------

    def start_post(
        self,
        *,
        ruleset: RulesArg,
        game_name: str,
        players: Sequence[str],
        commitment: str,
        first_deadline: datetime | None,
        tz: ZoneInfo | None = None,
        token: str = "",
    ) -> str:
        return self.render(
            "start.bbcode.j2",
            ruleset=name_of(ruleset),
            ruleset_name=RULESET_RU.get(name_of(ruleset), ""),
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
        ruleset: RulesArg,
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
        # one block per turn and vote, in the order the turn votes (Gambler: the greens,
        # then the court)
        rules = rules_of(ruleset)
        order = [kind for _phase, kind in rules.vote_kinds] if rules is not None else []
        blocks: dict[tuple[int, int], list[dict[str, Any]]] = {}
        for d in map(vote_dict, vote_record):
            stage = order.index(d["kind"]) if d["kind"] in order else 0
            blocks.setdefault((int(d["turn"] or 0), stage), []).append(d)
        record = [
            {"turn": t, "kind": record_kind(vs), **vote_record_view(vs, tz)}
            for (t, _stage), vs in sorted(blocks.items())
        ]
        against = [
            {**r, "first": short_when(r["first"], tz)}
            for r in (votes_against(vote_record) if shows_of(ruleset).votes_against else [])
        ]
        return self.render(
            "final.bbcode.j2",
            record=record,
            against=against,
            ruleset=name_of(ruleset),
            game_name=game_name,
            winner=WINNER_RU.get(winner or "", NO_WINNER_RU),
            seats=[(n, role_label(ruleset, r, c)) for n, r, c in seats],
            seed=seed,
            salt=salt,
            listing=role_listing(seats),
            commitment=commitment,
        )


def _case_filter(case: str) -> Any:
    """A template filter putting a nick in `case` (see `grammar.in_case`), bold by default."""

    def put(value: object, bold: bool = True) -> Markup:
        nick = str(value)
        declined = inflect(nick, case)
        if declined is None:
            shown = f"[b]{bbcode_escape(nick)}[/b]" if bold else bbcode_escape(nick)
            return Markup(f"{PLAYER_IN_CASE[case]} {shown}")
        return Markup(f"[b]{bbcode_escape(declined)}[/b]" if bold else bbcode_escape(declined))

    return put


def _rejected_row(r: Mapping[str, Any], links: BoardLinks | None) -> dict[str, Any]:
    """A vote the bot did not count, as the host report lists it: the vote, why in the
    catalogue's words (the reader's own sentence only for a reason it has no words for),
    and where the post is."""
    reason = str(r.get("reason") or "")
    known = reason in VOTE_REJECT_HOST_RU
    detail = str(r.get("detail") or "")
    return {
        "author": r.get("author"),
        "target": r.get("target") or "",
        "why": VOTE_REJECT_HOST_RU.get(reason, VOTE_REJECT_GENERIC_RU),
        "detail": "" if known or not _CYRILLIC.search(detail) else detail,
        "post_id": r.get("post_id"),
        "url": links.post(r.get("post_id")) if links else None,
    }


_CYRILLIC = re.compile("[А-Яа-яЁё]")
