"""The turn's votes, recomputed from the stored posts as they stood at a moment (the deadline,
or now for the interim count and `status`), and the interim vote count in the topic."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import cast

from engine import GameState
from engine.actions import InputRejected, Vote
from mafiabot import keys
from mafiabot.config import Config
from mafiabot.daemon.calendar import on_time, turn_calendar
from mafiabot.daemon.context import Shell
from mafiabot.daemon.ingest import court_topic_id
from mafiabot.keys import TurnTag
from mafiabot.newspaper.record import tally_by_reach
from mafiabot.store.codec import from_json
from mafiabot.store.posts import StoredPost
from mafiabot.store.tables import Game, VoteCountRow
from mafiabot.turn_inputs import (
    TurnCalendar,
    TurnPost,
    counts_votes,
    phase_votes,
    votes_as_of,
)
from parser.records import Post
from poster.outbox import OutboxRow
from poster.poster import Poster

Tally = tuple[str, list[Vote], list[InputRejected], list[str]]


def stored_record(sp: StoredPost) -> Post | None:
    """The parsed post of the stored row's latest revision."""
    if sp.record is None:
        return None
    rec: Post = from_json(Post, sp.record)
    return rec


def turn_posts(
    sh: Shell, g: Game, topic: int, turn: int, deadline: datetime | None
) -> tuple[list[TurnPost], list[str]]:
    """The turn's posts of `topic`, each as it stood at the deadline with its author's seat;
    notes for the host about edits made after the deadline."""
    notes: list[str] = []
    return list(iter_turn_posts(sh, g, topic, turn, deadline, notes)), notes


def iter_turn_posts(
    sh: Shell,
    g: Game,
    topic: int,
    turn: int,
    deadline: datetime | None,
    notes: list[str],
    *,
    colored_only: bool = False,
) -> Iterator[TurnPost]:
    """`turn_posts` one post at a time, read from the store in batches: the tally folds a
    long turn without holding it. The notes are appended to `notes` as the posts go by.

    `colored_only` leaves out, undecoded, the never-edited posts with no coloured text
    outside quotes: the day's vote reader takes such a post for no vote whoever wrote it
    (`parser.votes.extract_votes`), so the day's tally is the same without them."""
    for sp in sh.store.iter_posts(g.id, topic_id=topic, turn=turn, colored_only=colored_only):
        latest = stored_record(sp)  # decoded once
        post = _post_at(sh, g, sp, latest, deadline)
        if post is None:
            continue
        if (
            deadline is not None
            and post.posted_at is not None
            and not on_time(sh.cfg, post.posted_at, deadline)
        ):
            continue  # C-1: the deadline minute itself still counts
        if latest is not None and latest.body_html != post.body_html:
            notes.append(
                f"сообщение {sp.board_id} ({sp.author}) отредактировано после дедлайна; "
                "засчитан текст на момент дедлайна"
            )
        yield TurnPost(post, sh.seat_of(g, post.author, post.author_id))


def _post_at(
    sh: Shell, g: Game, sp: StoredPost, latest: Post | None, deadline: datetime | None
) -> Post | None:
    """The revision of a post that stood at `deadline` (the latest when there is none)."""
    if deadline is None or latest is None or sp.revision == 1:
        return latest
    chosen = latest
    for rev in reversed(sh.store.revisions(g.id, sp.board_id)):
        rec: Post | None = from_json(Post, rev.record) if rev.record else None
        if rec is None:
            continue
        chosen = rec
        edited_at = rec.edited.at if rec.edited else None
        if edited_at is None or edited_at <= deadline:
            break
    return chosen


def calendar_of(sh: Shell, g: Game, turn: int, deadline: datetime | None) -> TurnCalendar:
    return turn_calendar(sh.cfg, sh.rules, turn, deadline, sh.store.deaths(g.id))


def vote_topic(sh: Shell, g: Game, state: GameState) -> int:
    """Where the phase's votes are written: the court topic for a court's votes (G-N.4), else
    the game topic."""
    if sh.rules.court_votes(state.phase):
        return court_topic_id(sh, g, state.turn)
    return sh.cfg.game.topic


def tally(sh: Shell, g: Game, state: GameState, deadline: datetime | None) -> Tally:
    """The current phase's votes: (kind, votes, rejected, notes for the host).

    Kept until a post, a seat, the config or the state changes: an idle tick (nothing new on
    the board) reads no post from the store."""
    calendar = calendar_of(sh, g, state.turn, deadline)
    if not counts_votes(sh.rules, state):
        return phase_votes(sh.rules, state, [], [], calendar).kind, [], [], []
    topic = vote_topic(sh, g, state)
    key = (sh.version(), g.id, topic, state, calendar)
    hit = sh.memo.get("tally")
    if hit is not None and hit[0] == key:
        kind, votes, rejected, kept = cast(Tally, hit[1])
        return kind, list(votes), list(rejected), list(kept)
    notes: list[str] = []
    court_vote = sh.rules.court_votes(state.phase)  # G-N.4 reads its own way
    as_of = votes_as_of(sh.rules, state, calendar)
    posts = iter_turn_posts(sh, g, topic, state.turn, as_of, notes, colored_only=not court_vote)
    # streamed: only the phase's own topic is read (the court's posts for a court)
    game, court = ((), posts) if court_vote else (posts, ())
    got = phase_votes(sh.rules, state, game, court, calendar, sh.host_accounts, sh.player_ids(g))
    result: Tally = (got.kind, list(got.votes), list(got.rejected), notes)
    sh.memo["tally"] = (key, result)
    return result[0], list(result[1]), list(result[2]), list(result[3])


def posters(sh: Shell, g: Game, turn: int, deadline: datetime | None) -> tuple[str, ...]:
    """The seats that wrote in the game topic this turn (up to the deadline), once each."""
    out: dict[str, None] = {}
    for sp in sh.store.iter_posts(g.id, topic_id=sh.cfg.game.topic, turn=turn):
        if deadline is not None and sp.posted_at is not None and sp.posted_at > deadline:
            continue
        seat = sh.seat_of(g, sp.author, sp.author_id)
        if seat is not None:
            out[seat] = None
    return tuple(out)


def interim_count(sh: Shell, g: Game, now: datetime) -> None:
    """Post (or edit) the turn's interim vote count when `[game] interim_count` says it is due."""
    mode = sh.cfg.game.interim_count
    if mode.mode == "off":
        return
    state = sh.state(g)
    kind, votes, _rej, _flags = tally(sh, g, state, None)
    if not votes and not sh.rules.court_votes(state.phase):  # a court is counted from nil
        return
    tag = str(TurnTag(state.turn, state.phase))
    last = sh.store.vote_count(g.id, tag)
    n = len(votes)
    key = keys.key(g.id, state.turn, keys.vote_count(state.phase))
    ob = sh.outbox(g)
    row = ob.get(key)
    # a count queued but not yet on the board (a crash, a flood wait) is recomputed before it
    # goes out, due or not: it must never show the tally of the moment it was queued
    unsent = row is not None and row.status == "pending" and not row.board_ids
    if not count_due(sh.cfg, last, n, now):
        if unsent:
            ob.refresh_unsent(key, _vote_count_text(sh, state, kind, votes, now))
        return
    text = _vote_count_text(sh, state, kind, votes, now)
    if unsent:
        ob.refresh_unsent(key, text)
    elif row is None:
        ob.add(OutboxRow(key=key, channel="topic", topic_id=vote_topic(sh, g, state), text=text))
    elif row.status == "sent" and row.board_ids:
        Poster(sh.client, ob).update_post(row.board_ids[0], text, key, token=row.marker_token)
    sh.store.save_vote_count(g.id, tag, n, now)


def count_due(cfg: Config, last: VoteCountRow | None, votes: int, now: datetime) -> bool:
    """Whether the interim count is due: `last` is what the previous count recorded (its
    number of votes and time). "hours" counts the config's hours — minutes in a rehearsal."""
    mode = cfg.game.interim_count
    if mode.mode == "votes":
        return votes - (last.votes if last else 0) >= mode.every  # every N new votes
    return last is None or last.at is None or now - last.at >= cfg.game.hour * mode.every


def _vote_count_text(
    sh: Shell, state: GameState, kind: str, votes: Sequence[Vote], now: datetime
) -> str:
    ordered = tally_by_reach([(v.voter, v.target) for v in votes])  # ties: P-V.4
    voted = {v.voter for v in votes}
    threshold = sh.rules.vote_threshold(state.phase, len(state.living))
    return sh.renderer.vote_count(
        ruleset=sh.rules,
        game_name=sh.cfg.game.name,
        turn=state.turn,
        kind=kind,
        tally=ordered,
        not_voted=[n for n in state.living_nicks() if n not in voted],
        as_of=now,
        deadline=sh.deadline_for(state.turn, state.phase),
        tz=sh.tz,
        threshold=threshold,
    )
