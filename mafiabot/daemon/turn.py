"""A deadline: the closing phase's inputs assembled from the store, one `engine.step`, and the
new state, events, outbox rows and bookkeeping committed in one transaction."""

from __future__ import annotations

import logging
import random
from datetime import datetime

from engine import GameState, TurnInputs, step
from engine import events as ev
from mafiabot.daemon import compose, flags, moves, overrides, tally
from mafiabot.daemon.context import Shell
from mafiabot.daemon.ingest import TickReport, ingest_pages, topics
from mafiabot.store.codec import to_json
from mafiabot.store.tables import Game
from mafiabot.turn_inputs import build_turn_inputs, counts_votes
from scraper.board import StreamsTopics

log = logging.getLogger("mafiabot.daemon")


def close_deadline(sh: Shell, g: Game, deadline: datetime, now: datetime) -> str:
    """Resolve the phase that `deadline` closes and queue everything it produces."""
    gid = g.id
    state = sh.state(g)
    turn, phase = state.turn, state.phase
    log.info("deadline %s: closing turn %d (%s)", deadline, turn, phase)
    # full re-read: edits and late-seen posts of the turn are in the store before counting
    report = TickReport()
    starts = sh.store.topic_cursors(gid)
    for topic in topics(sh, g):
        # from the page the turn began on: a long game is not re-read from page 1
        row = starts.get(topic)
        first = row.turn_start_page or 1 if row else 1
        pages = (
            sh.client.iter_topic_pages(topic, first_page=first)  # one page in memory at a time
            if isinstance(sh.client, StreamsTopics)
            else sh.client.read_topic_pages(topic, first_page=first)
        )
        ingest_pages(sh, g, topic, pages, now, report)
    g = sh.game()
    inputs, notes = assemble(sh, g, state, deadline)
    # a fixed RNG per deadline: a crash before the commit replays the same coin tosses
    rng = random.Random(f"{sh.cfg.game.seed}/{turn}/{phase}")
    new_state, events = step(state, inputs, deadline, rng, sh.rules)
    counted = compose.counted_votes(turn, inputs.votes, events)
    rows = compose.turn_outbox(
        sh, g, state, new_state, events, inputs.rejected, notes, deadline, votes=counted
    )
    game_values: dict[str, object] = {"turn": new_state.turn}
    if new_state.over:
        game_values.update(status="over", deadline=None, winner=new_state.winner, finished_at=now)
    else:
        game_values["deadline"] = sh.deadline_for(new_state.turn, new_state.phase)
    deaths = {
        e.nick: deadline
        for e in events
        if isinstance(e, ev.Killed | ev.Hanged | ev.Jailed | ev.WentMissing | ev.Removed)
    }
    sh.store.commit_turn(
        gid,
        turn=turn,
        state=to_json(new_state),
        events=[compose.event_row(e) for e in events],
        outbox=[sh.stamp(g, r) for r in rows],
        game_values=game_values,
        reported=sorted({*flags.flags(sh.store, g, turn), *notes}),
        deaths=deaths,
        # the next turn's posts start on the page the topic cursor stands on now
        new_turn_pages=True,
        # who voted for whom, phase by phase: the final post prints the whole game's record
        votes=(f"{turn}/{phase}", counted),
        now=now,
    )
    for e in events:
        # P-B.1: removals for passivity or rule-breaking count toward a ban
        if isinstance(e, ev.WentMissing):
            sh.store.record_removal(e.nick, gid, "passivity", now=now)
        elif isinstance(e, ev.Removed):
            sh.store.record_removal(e.nick, gid, "rules", now=now)
    for e in events:
        if isinstance(e, ev.PlayerReplaced):
            # the engine renames the seat to the new account (C-6); so does the store
            # the new account's board id is learned from its own first post
            sh.store.update_player(gid, e.old, nick=e.new, account=e.new, user_id=None)
    for p in new_state.players:
        if not p.alive:
            sh.store.update_player(gid, p.nick, alive=False, died_turn=p.out_turn)
    sh.players_changed()
    return f"{turn}/{phase}"


def assemble(
    sh: Shell, g: Game, state: GameState, deadline: datetime
) -> tuple[TurnInputs, list[str]]:
    """The closing phase's inputs from the store (`build_turn_inputs`), and the notes for the
    host (edits after the deadline, G-P.2 posts after the last word)."""
    turn = state.turn
    game_posts, notes = tally.turn_posts(sh, g, sh.cfg.game.topic, turn, deadline)
    court_posts = game_posts
    topic = tally.vote_topic(sh, g, state)
    if topic != sh.cfg.game.topic:
        court_posts, notes = tally.turn_posts(sh, g, topic, turn, deadline)
    if not counts_votes(sh.rules, state):
        notes = []  # nothing is counted: edits after the deadline change nothing
    built = build_turn_inputs(
        sh.rules,
        state,
        posts=game_posts,
        court_posts=court_posts,
        moves=moves.turn_moves(sh, g, turn),
        overrides=overrides.turn_overrides(sh, g, turn),
        calendar=tally.calendar_of(sh, g, turn, deadline),
        ignore_authors=tally.host_accounts(sh),
        player_ids=sh.player_ids(g),
        posts_after_death=sh.cfg.game.posts_after_death,
    )
    return built.inputs, [*notes, *built.flags]
