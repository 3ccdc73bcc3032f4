"""Outbox composition: the rows a turn (or the start) sends — the newspaper, the court topic,
each player's PM, the host's report, the final post — rendered from the engine's events.

Nothing here writes: the caller commits the rows with the turn, and the poster sends them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from engine import Event, GameState
from engine import events as ev
from engine.actions import InputRejected, Vote
from mafiabot.daemon import flags
from mafiabot.daemon.context import Shell
from mafiabot.newspaper.chart import vote_chart
from mafiabot.newspaper.view import event_dict
from mafiabot.store.codec import JsonObject, to_json
from mafiabot.store.tables import Game
from poster.outbox import OutboxKey, OutboxRow


def event_row(e: Event) -> tuple[str, str, JsonObject]:
    """An event as the store keeps it: (kind, audience, payload)."""
    d = event_dict(e)
    return (e.kind, str(e.audience), to_json(d))


def counted_votes(turn: int, votes: Sequence[Vote], events: Sequence[Event]) -> list[JsonObject]:
    """The phase's votes the engine counted, as the newspaper's vote record takes them (and as
    the store keeps them for the final post): the parser's accepted votes without those
    the engine ignored (a dead or beaten voter …)."""
    ignored = [(e.nick, e.post_id) for e in events if isinstance(e, ev.VoteIgnored)]
    out: list[JsonObject] = []
    for v in votes:
        if any(n == v.voter and p in (None, v.post_id) for n, p in ignored):
            continue
        out.append(
            {
                "turn": turn,
                "voter": v.voter,
                "target": v.target,
                "kind": v.kind,
                "post_id": v.post_id,
                "at": v.at.isoformat() if v.at else None,
                "agreed_with": v.agreed_with,
            }
        )
    return out


def turn_outbox(
    sh: Shell,
    g: Game,
    before: GameState,
    after: GameState,
    events: Sequence[Event],
    rejected: Sequence[InputRejected],
    notes: Sequence[str],
    deadline: datetime,
    votes: Sequence[JsonObject] = (),
) -> list[OutboxRow]:
    """Everything the closing of `before`'s phase sends. `votes`: the phase's counted votes
    (`counted_votes`), printed as who voted for whom."""
    cfg = sh.cfg
    turn, phase = before.turn, before.phase
    next_deadline = None if after.over else sh.deadline_for(after.turn, after.phase)
    rows: list[OutboxRow] = []
    # a rehearsal's hour is a minute, like every other span of its calendar
    last_word = deadline + cfg.game.hour * cfg.game.last_word_hours if sh.rules.last_word else None
    paper = sh.renderer.newspaper(
        ruleset=cfg.game.ruleset,
        game_name=cfg.game.name,
        turn=turn,
        phase=phase,
        events=events,
        next_deadline=next_deadline,
        tz=sh.tz,
        announce_check_roles=cfg.rules.announce_check_roles,
        last_word_until=last_word,
        clans={p.nick: p.clan for p in after.players if not p.alive},
        votes=votes,
        genders=cfg.game.genders,
    )
    chart = None
    if cfg.newspaper.vote_chart:  # the day's vote flow as a PNG on the same post
        chart = vote_chart(votes, game_name=cfg.game.name, turn=turn, phase=phase, tz=sh.tz)
    rows.append(
        OutboxRow(
            key=OutboxKey(str(g.id), turn, "greens" if phase == "greens" else "newspaper", "topic"),
            channel="topic",
            topic_id=cfg.game.topic,
            text=paper,
            attachment=chart,
        )
    )
    # a host-named court_topic wins over court_forum
    court_forum = None if cfg.game.court_topic else cfg.game.court_forum
    if phase == "greens" and after.nominees and court_forum:
        # G-N.3/G-N.4: the bot opens the day's court topic; the outbox records its
        # id (board_ids[0]) and the court votes are read there
        subject, text = sh.renderer.court_topic(
            game_name=cfg.game.name,
            turn=turn,
            nominees=after.nominees,
            deadline=next_deadline,
            tz=sh.tz,
        )
        rows.append(
            OutboxRow(
                key=OutboxKey(str(g.id), turn, "court_topic", "topic"),
                channel="newtopic",
                topic_id=court_forum,
                subject=subject,
                text=text,
            )
        )
    rows += player_pms(sh, g, turn, events, kind=f"pm-{phase}")
    reported = sh.store.reported_flags(g.id, turn)
    all_flags = [f for f in [*flags.flags(sh.store, g, turn), *notes] if f not in reported]
    rows.append(
        host_report_row(
            sh, g, turn, f"host_report-{phase}", events, rejected=rejected, notes_for_host=all_flags
        )
    )
    if after.over:
        seats = [(p.nick, p.role, p.clan) for p in after.players]
        rows.append(
            OutboxRow(
                key=OutboxKey(str(g.id), turn, "final", "topic"),
                channel="topic",
                topic_id=cfg.game.topic,
                text=sh.renderer.final_post(
                    ruleset=cfg.game.ruleset,
                    game_name=cfg.game.name,
                    winner=after.winner,
                    seats=seats,
                    seed=cfg.game.seed,
                    salt=g.salt,
                    commitment=g.commitment,
                    # the whole game's record: earlier phases as stored, and this one
                    vote_record=[*game_votes(sh.store.vote_records(g.id)), *votes],
                    tz=sh.tz,
                ),
            )
        )
    return rows


def game_votes(kept: Mapping[str, Sequence[JsonObject]]) -> list[JsonObject]:
    """Every counted vote of the game's closed phases, in order: `kept` maps "turn/phase" to
    the votes that phase counted (`Store.vote_records`, written by `close_deadline`)."""
    return [v for _phase, vs in sorted(kept.items(), key=_phase_order) for v in vs]


def _phase_order(item: tuple[str, object]) -> tuple[int, int]:
    turn, _sep, phase = item[0].partition("/")
    return int(turn) if turn.isdigit() else 0, 0 if phase == "greens" else 1


def player_pms(
    sh: Shell, g: Game, turn: int, events: Sequence[Event], *, kind: str
) -> list[OutboxRow]:
    """One PM per player with everything the engine told him (role, allies, checks)."""
    by_nick: dict[str, list[Event]] = {}
    for e in events:
        if e.audience.kind == "player" and e.audience.nick:
            if isinstance(e, ev.MoveAccepted | ev.MoveRejected):
                continue  # answered on arrival already
            by_nick.setdefault(e.audience.nick, []).append(e)
    rows = []
    for nick, evs in by_nick.items():
        rows.append(
            OutboxRow(
                key=OutboxKey(str(g.id), turn, kind, nick),
                channel="pm",
                subject=f"{sh.cfg.game.name}: ход {turn}",
                text=sh.renderer.player_pm(
                    ruleset=sh.cfg.game.ruleset,
                    game_name=sh.cfg.game.name,
                    nick=nick,
                    turn=turn,
                    events=evs,
                ),
                recipients=(sh.account(g, nick),),
            )
        )
    return rows


def host_report_row(
    sh: Shell,
    g: Game,
    turn: int,
    kind: str,
    events: Sequence[Event],
    *,
    rejected: Sequence[InputRejected] = (),
    notes_for_host: Sequence[str] = (),
    notes: Sequence[str] = (),
) -> OutboxRow:
    """The host's PM for a turn (or the deal): events, refused votes, flags, overrides."""
    applied = [o.description for o in sh.store.applied_overrides(g.id, turn)]
    return OutboxRow(
        key=OutboxKey(str(g.id), turn, kind, sh.host_recipient),
        channel="pm",
        subject=f"{sh.cfg.game.name}: отчёт, ход {turn}",
        text=sh.renderer.host_report(
            game_name=sh.cfg.game.name,
            turn=turn,
            events=events,
            rejected=[
                {"author": r.author, "reason": r.reason, "detail": r.detail, "post_id": r.post_id}
                for r in rejected
            ],
            flags=list(notes_for_host),
            overrides=applied,
            notes=list(notes),
            ruleset=sh.cfg.game.ruleset,
        ),
        recipients=(sh.host_recipient,),
    )
