"""A deadline, one way through:

1. **re-read** the turn's pages, so edits and late-seen posts are in the store (board → store);
2. **gather** what the deadline needs from the store, once (`gather` → `Gathered`): the turn's
   posts as they stood at the deadline, its letters and overrides, the calendar, the seats,
   and what the messages print that only the store knows (`compose.Facts`);
3. **decide**: the engine closes the phase (`build_turn_inputs`, `engine.step`) — pure;
4. **render** every message from that data (`compose.Composer`) — pure, no store;
5. **write** everything the deadline decided in one transaction (`write`): the state, the
   events, the outbox, the host notes it reported, the vote record, bans (P-B.1), renamed
   and dead seats — all of it or, after a crash anywhere, none, and the next tick closes the
   deadline again from the same data with the same coin tosses.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from engine import Event, GameState, Move, Override, TurnInputs, step
from engine import events as ev
from mafiabot.daemon import compose, flags, moves, overrides, tally
from mafiabot.daemon.compose import Facts
from mafiabot.daemon.context import Shell
from mafiabot.daemon.ingest import TickReport, ingest_pages, topics
from mafiabot.keys import TurnTag
from mafiabot.store.codec import JsonObject, to_json
from mafiabot.store.tables import Game
from mafiabot.turn_inputs import TurnCalendar, TurnPost, build_turn_inputs
from poster.outbox import OutboxRow
from scraper.board import StreamsTopics

log = logging.getLogger("mafiabot.daemon")


def close_deadline(sh: Shell, g: Game, deadline: datetime, now: datetime) -> TurnTag:
    """Resolve the phase that `deadline` closes and queue everything it produces."""
    state = sh.state(g)
    tag = TurnTag(state.turn, state.phase)
    log.info("deadline %s: closing turn %d (%s)", deadline, tag.turn, tag.phase)
    reread(sh, g, now)
    got = gather(sh, sh.game(), state, deadline)
    inputs, notes = assemble(sh, got)
    # a fixed RNG per deadline: a crash before the commit replays the same coin tosses
    rng = random.Random(f"{sh.cfg.game.seed}/{tag}")
    after, events = step(state, inputs, deadline, rng, sh.rules)
    counted = compose.counted_votes(tag.turn, inputs.votes, events)
    next_deadline = None if after.over else sh.deadline_for(after.turn, after.phase)
    rows = sh.composer.turn_outbox(
        got.facts, state, after, events, inputs.rejected, notes, deadline, next_deadline, counted
    )
    write(
        sh,
        got,
        tag,
        after,
        events,
        [got.stamp(r) for r in rows],
        reported=sorted({*got.facts.flags, *notes}),
        votes=counted,
        next_deadline=next_deadline,
        deadline=deadline,
        now=now,
    )
    return tag


def reread(sh: Shell, g: Game, now: datetime) -> None:
    """Read the turn's topics again from the page the turn began on (a long game is not
    re-read from page 1): edits and late-seen posts of the turn are stored before counting."""
    report = TickReport()
    starts = sh.store.topic_cursors(g.id)
    for topic in topics(sh, g):
        row = starts.get(topic)
        first = row.turn_start_page or 1 if row else 1
        pages = (
            sh.client.iter_topic_pages(topic, first_page=first)  # one page in memory at a time
            if isinstance(sh.client, StreamsTopics)
            else sh.client.read_topic_pages(topic, first_page=first)
        )
        ingest_pages(sh, g, topic, pages, now, report)


@dataclass(frozen=True, slots=True)
class Gathered:
    """Everything a deadline reads from the store, read once before deciding."""

    state: GameState
    #: the turn's posts of the game topic and of the court topic (the same list when the
    #: votes are written in the game topic), as they stood at the deadline
    posts: list[TurnPost]
    court_posts: list[TurnPost]
    #: notes for the host about edits made after the deadline
    edit_notes: list[str]
    moves: list[Move]
    overrides: tuple[Override, ...]
    calendar: TurnCalendar
    player_ids: dict[str, int | None]
    facts: Facts
    #: a queued row with the game's marker token and where the board stood (read once)
    stamp: Callable[[OutboxRow], OutboxRow]


def gather(sh: Shell, g: Game, state: GameState, deadline: datetime) -> Gathered:
    """The deadline's reads, all of them, before anything is decided or rendered."""
    gid = g.id
    turn = state.turn
    posts, notes = tally.turn_posts(sh, g, sh.cfg.game.topic, turn, deadline)
    court_posts = posts
    topic = tally.vote_topic(sh, g, state)
    if topic != sh.cfg.game.topic:
        court_posts, notes = tally.turn_posts(sh, g, topic, turn, deadline)
    reported = sh.store.reported_flags(gid, turn)
    facts = Facts(
        game_id=gid,
        accounts={p.nick: p.account for p in reversed(sh.players(g))},
        flags=tuple(flags.flags(sh.store, g, turn)),
        reported=frozenset(reported),
        overrides=tuple(o.description for o in sh.store.applied_overrides(gid, turn)),
        vote_record=tuple(compose.game_votes(sh.store.vote_records(gid))),
        salt=g.salt or "",
        commitment=g.commitment or "",
    )
    return Gathered(
        state=state,
        posts=posts,
        court_posts=court_posts,
        edit_notes=notes,
        moves=moves.turn_moves(sh, g, turn),
        overrides=overrides.turn_overrides(sh, g, turn),
        calendar=tally.calendar_of(sh, g, turn, deadline),
        player_ids=sh.player_ids(g),
        facts=facts,
        stamp=sh.stamper(g),
    )


def assemble(sh: Shell, got: Gathered) -> tuple[TurnInputs, list[str]]:
    """The closing phase's inputs (`build_turn_inputs`), and the notes for the host (edits
    after the deadline, G-P.2 posts after the last word)."""
    notes = got.edit_notes if sh.rules.counts_votes(got.state) else []
    # nothing counted: edits after the deadline change nothing
    built = build_turn_inputs(
        sh.rules,
        got.state,
        posts=got.posts,
        court_posts=got.court_posts,
        moves=got.moves,
        overrides=got.overrides,
        calendar=got.calendar,
        ignore_authors=sh.host_accounts,
        player_ids=got.player_ids,
        posts_after_death=sh.cfg.game.posts_after_death,
    )
    return built.inputs, [*notes, *built.flags]


def write(
    sh: Shell,
    got: Gathered,
    tag: TurnTag,
    after: GameState,
    events: Sequence[Event],
    rows: Sequence[OutboxRow],
    *,
    reported: Sequence[str],
    votes: Sequence[JsonObject],
    next_deadline: datetime | None,
    deadline: datetime,
    now: datetime,
) -> None:
    """Everything the deadline decided, in one transaction: the game row and state, the
    events, the outbox, the reported notes, the vote record, ban records (P-B.1), renamed
    seats (C-6) and the dead."""
    gid = got.facts.game_id
    game_values: dict[str, object] = {"turn": after.turn}
    if after.over:
        game_values.update(status="over", deadline=None, winner=after.winner, finished_at=now)
    else:
        game_values["deadline"] = next_deadline
    deaths = {
        e.nick: deadline
        for e in events
        if isinstance(e, ev.Killed | ev.Hanged | ev.Jailed | ev.WentMissing | ev.Removed)
    }
    store = sh.store
    with store.transaction():
        store.commit_turn(
            gid,
            turn=tag.turn,
            state=to_json(after),
            events=[compose.event_row(e) for e in events],
            outbox=rows,
            game_values=game_values,
            reported=reported,
            deaths=deaths,
            # the next turn's posts start on the page the topic cursor stands on now
            new_turn_pages=True,
            # who voted for whom, phase by phase: the final post prints the whole game's record
            votes=(str(tag), votes),
            now=now,
        )
        for e in events:
            # P-B.1: removals for passivity or rule-breaking count toward a ban
            if isinstance(e, ev.WentMissing):
                store.record_removal(e.nick, gid, "passivity", now=now)
            elif isinstance(e, ev.Removed):
                store.record_removal(e.nick, gid, "rules", now=now)
        for e in events:
            if isinstance(e, ev.PlayerReplaced):
                # the engine renames the seat to the new account (C-6); so does the store
                # the new account's board id is learned from its own first post
                store.update_player(gid, e.old, nick=e.new, account=e.new, user_id=None)
        for p in after.players:
            if not p.alive:
                store.update_player(gid, p.nick, alive=False, died_turn=p.out_turn)
    sh.players_changed()
