"""The turn's votes, recomputed from the stored posts as they stood at a moment (the deadline,
or now for the interim count and `status`), and the interim vote count in the topic.

The live tally (as of now) is read on as posts arrive, never again from the turn's first
post: ingest hands each batch of posts it has just stored to `posts_stored`, which reads the
new ones on from where the tally stood (records in hand, nothing read back); the daemon
keeps the tally in the store (`mafiabot.store.tallies`) with the board id it has read up to,
so a process that starts reads on from there. A tick with nothing new — in a process just
started as in one running for weeks — reads no post, at 100 posts as at 20,000. An edit of a
post the tally has read (or a post seen late, below it) makes it read again from the store.
A deadline's count is always read afresh from every post of the turn.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from engine import GameState
from engine.actions import InputRejected, Vote
from mafiabot import keys, turn_inputs
from mafiabot.config import Config
from mafiabot.daemon.calendar import on_time, turn_calendar
from mafiabot.daemon.context import Shell
from mafiabot.keys import TurnTag
from mafiabot.newspaper.host_words import note
from mafiabot.newspaper.record import tally_by_reach
from mafiabot.store.codec import from_json, to_json
from mafiabot.store.posts import StoredPost
from mafiabot.store.tables import Game, VoteCountRow
from mafiabot.store.tallies import KeptTally
from mafiabot.turn_inputs import (
    TurnCalendar,
    TurnPost,
    counts_votes,
    phase_votes,
    votes_as_of,
)
from parser import votes as vote_reader
from parser.records import Post
from parser.votes.day import needs_earlier_posts
from parser.votes.records import VotesSoFar
from poster.outbox import OutboxRow
from poster.poster import Poster

Tally = tuple[str, list[Vote], list[InputRejected], list[str]]


def stored_record(sp: StoredPost) -> Post | None:
    """The parsed post of the stored row's latest revision."""
    return from_json(Post, sp.record)


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
    after: int | None = None,
    upto: int | None = None,
) -> Iterator[TurnPost]:
    """`turn_posts` one post at a time, read from the store in batches: the tally folds a
    long turn without holding it. The notes are appended to `notes` as the posts go by.

    `colored_only` leaves out, undecoded, the never-edited posts with no coloured text
    outside quotes: the day's vote reader takes such a post for no vote whoever wrote it
    (`parser.votes.extract_votes`), so the day's tally is the same without them.
    `after` / `upto`: only the posts whose board id is above / at most this."""
    stored = sh.store.iter_posts(
        g.id, topic_id=topic, turn=turn, colored_only=colored_only, after=after, upto=upto
    )
    for sp in stored:
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
                note("edited_after_deadline", sh.rules, post=sp.board_id, author=sp.author)
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
        rec = from_json(Post, rev.record)
        if rec is None:
            continue
        chosen = rec
        edited_at = rec.edited.at if rec.edited else None
        if edited_at is None or edited_at <= deadline:
            break
    return chosen


def calendar_of(sh: Shell, g: Game, turn: int, deadline: datetime | None) -> TurnCalendar:
    # when each seat left: from the seats as this unit of work read them (one read a tick)
    deaths = {p.nick: p.died_at for p in sh.players(g) if p.died_at is not None}
    return turn_calendar(sh.cfg, sh.rules, turn, deadline, deaths)


def court_topic_id(sh: Shell, g: Game, turn: int) -> int:
    """Where the turn's court votes are read (G-N.4): the host's `court_topic`, else the topic
    the bot opened in `court_forum` for this turn (once the board accepted it), else the game
    topic."""
    if sh.cfg.game.court_topic:
        return sh.cfg.game.court_topic
    if sh.cfg.game.court_forum:
        row = sh.outbox(g).get(keys.key(g.id, turn, keys.COURT_TOPIC))
        if row is not None and row.board_ids:
            return row.board_ids[0]
    return sh.cfg.game.topic


def vote_topic(sh: Shell, g: Game, state: GameState) -> int:
    """Where the phase's votes are written: the court topic for a court's votes (G-N.4), else
    the game topic."""
    if sh.rules.court_votes(state.phase):
        return court_topic_id(sh, g, state.turn)
    return sh.cfg.game.topic


@dataclass(frozen=True, slots=True)
class Count:
    """The current phase's votes as they stand now: "red", "green" or "court"; the votes
    counted, in the order cast; notes for the host."""

    kind: str
    votes: tuple[Vote, ...] = ()
    notes: tuple[str, ...] = ()


#: Refusals read on into the live tally and held in memory before the tally is kept on the
#: way (a first read of a long topic refuses thousands, each with its words for the player:
#: ~0.3 KB apiece, ~1.2 MB at the end of a first poll of 20,000 posts if all waited for the
#: interim count; kept every this many they are never more than ~0.15 MB).
UNKEPT_AT_MOST = 500


@dataclass
class _Reading:
    """The current phase's live tally as this process holds it: read up to the board id
    `through` (every post of the phase's topic and turn at or below it), with what it read
    by (`fingerprint`). `kept`: the tally the store holds that it was read on from (None:
    none that stands); `unkept`: the refusals read since, not in the store yet."""

    base: tuple[object, ...]  # seats, config, game, topic, state: what ingest can check
    calendar: TurnCalendar
    tag: str
    fingerprint: str
    topic: int
    turn: int
    court: bool
    as_of: datetime | None
    through: int | None
    kind: str
    so_far: VotesSoFar
    notes: list[str]
    unkept: list[InputRejected]
    kept: KeptTally | None
    posts_version: int  # `Shell.posts_version` it is current with
    dirty: bool = False  # read on since `kept`

    def count(self) -> Count:
        return Count(self.kind, self.so_far.votes, tuple(self.notes))


def live_count(sh: Shell, g: Game, state: GameState, *, keep: bool = False) -> Count:
    """The phase's votes as of now, read on from where the tally stood (`keep`: and keep
    it in the store — the daemon's part; `status` and the dashboard only read)."""
    reading = _reading(sh, g, state)
    if reading is None:
        return Count(phase_votes(sh.rules, state, [], []).kind)
    if keep and reading.dirty:
        _keep(sh, g, reading)
    return reading.count()


def _reading(sh: Shell, g: Game, state: GameState) -> _Reading | None:
    """The phase's live tally, current with the store (None: the phase counts no votes)."""
    if not counts_votes(sh.rules, state):
        return None
    calendar = calendar_of(sh, g, state.turn, None)
    topic = vote_topic(sh, g, state)
    base = _base(sh, g, topic, state)
    held = sh.memo.get("reading")
    r = held[1] if held is not None and isinstance(held[1], _Reading) else None
    if r is None or r.base != base or r.calendar != calendar:
        r = _from_store(sh, g, state, topic, calendar, base)
        sh.memo["reading"] = (None, r)
    if r.posts_version != sh.posts_version:
        _catch_up(sh, g, state, r)
    return r


def _base(sh: Shell, g: Game, topic: int, state: GameState) -> tuple[object, ...]:
    # the seats with their accounts' board ids (a player's id, once learned, makes a
    # look-alike account an outsider), read once per unit of work
    seats = tuple((p.nick, p.account, p.user_id) for p in sh.players(g))
    # the outsiders met in the topic: a red naming one as written is that account (C-3), so
    # one met later makes the posts read before him read again
    return (seats, sh.outsider_accounts(g), sh.config_version, g.id, topic, state)


def _from_store(
    sh: Shell,
    g: Game,
    state: GameState,
    topic: int,
    calendar: TurnCalendar,
    base: tuple[object, ...],
) -> _Reading:
    """The reading as the store keeps it (from the phase's first post when it keeps none
    read by the same fingerprint), not yet caught up with the posts stored since."""
    tag = str(TurnTag(state.turn, state.phase))
    key = _fingerprint(sh, g, state, topic, calendar)
    kept = sh.store.kept_tally(g.id, tag)
    if kept is not None and (kept.key != key or kept.topic_id != topic):
        kept = None
    votes = tuple(_votes(kept)) if kept is not None else ()
    return _Reading(
        base=base,
        calendar=calendar,
        tag=tag,
        fingerprint=key,
        topic=topic,
        turn=state.turn,
        court=sh.rules.court_votes(state.phase),  # G-N.4 reads its own way
        as_of=votes_as_of(sh.rules, state, calendar),
        through=kept.through if kept is not None else None,
        kind=kept.kind if kept is not None else sh.rules.vote_kind(state.phase),
        so_far=VotesSoFar(votes, kept.agreed if kept is not None else {}),
        notes=list(kept.notes) if kept is not None else [],
        unkept=[],
        kept=kept,
        posts_version=-1,  # to be caught up
        dirty=kept is None,
    )


def _catch_up(sh: Shell, g: Game, state: GameState, r: _Reading) -> None:
    """Read on over the phase's posts stored since `r.through` (none: one look at the
    highest board id)."""
    upto = sh.store.last_board_id(g.id)
    if upto != r.through:
        posts: Iterable[TurnPost] = _stored(sh, g, r, r.through, upto)
        if r.so_far.agreed:  # read on where agreements count (P-V.2)
            new = list(posts)
            if any(needs_earlier_posts(tp.post) for tp in new):
                # a quote that names no post is looked for among the earlier votes' words,
                # which the tally does not keep: the phase is read again from its first post
                r.so_far, r.notes, r.unkept, r.kept = VotesSoFar(), [], [], None
                posts = _stored(sh, g, r, None, upto)
            else:
                posts = new
        _read(sh, g, state, r, posts)
        r.through = upto
    r.posts_version = sh.posts_version


def _stored(
    sh: Shell, g: Game, r: _Reading, after: int | None, upto: int | None
) -> Iterator[TurnPost]:
    """The phase's posts stored above `after` up to `upto`, as the tally reads them."""
    return iter_turn_posts(
        sh,
        g,
        r.topic,
        r.turn,
        r.as_of,
        r.notes,
        colored_only=not r.court,
        after=after,
        upto=upto,
    )


def _read(sh: Shell, g: Game, state: GameState, r: _Reading, posts: Iterable[TurnPost]) -> None:
    """`posts` (the phase's topic's, above `r.through`, in board order) read on into `r`."""
    # streamed: only the phase's own topic is read (the court's posts for a court)
    game, court = ((), posts) if r.court else (posts, ())
    got = phase_votes(
        sh.rules,
        state,
        game,
        court,
        r.calendar,
        sh.host_accounts,
        sh.player_ids(g),
        so_far=r.so_far,
        accounts=sh.outsider_accounts(g),
    )
    r.kind = got.kind
    r.so_far = VotesSoFar(got.votes, got.agreed)
    r.unkept += got.rejected
    r.dirty = True


def posts_stored(sh: Shell, g: Game, topic: int, stored: Sequence[tuple[Post, int, str]]) -> None:
    """Posts of `topic` just stored (each with its turn and "new", "edited" or "same"), the
    store's version of the posts moved on for them: read on into the live tally in memory,
    so that a first read of a long topic does not read its posts back from the store. An
    edit, or a post below what the tally has read, makes it read again from the store
    instead (the store voided the tally it keeps in the same transaction). Nothing happens
    while no interim count is wanted (nothing asks for the live tally then)."""
    if sh.cfg.game.interim_count.mode == "off":
        return
    held = sh.memo.get("reading")
    r = held[1] if held is not None and isinstance(held[1], _Reading) else None
    state = _state(sh, g)
    if state is None:
        return
    if r is None or r.posts_version != sh.posts_version - 1:
        _reading(sh, g, state)  # made, or caught up, from the store (this batch included)
        return
    changed = [(p, turn) for p, turn, status in stored if status != "same"]
    if topic == r.topic and changed:
        low = r.through if r.through is not None else -1
        edited = any(status == "edited" for _p, _t, status in stored)
        if (
            edited
            or any(p.id <= low for p, _t in changed)
            or _base(sh, g, topic, state) != r.base
            or (r.so_far.agreed and any(p.colored and needs_earlier_posts(p) for p, _t in changed))
        ):
            sh.memo.pop("reading", None)  # read again from the store when next asked
            return
        # as from the store: the phase's turn, as of its moment, and (but for a court, read
        # from plain words) only posts with coloured text — no vote whoever wrote the others
        ours = [
            TurnPost(p, sh.seat_of(g, p.author, p.author_id))
            for p, turn in sorted(changed, key=lambda pt: pt[0].id)
            if turn == r.turn
            and (r.court or p.colored)
            and (r.as_of is None or p.posted_at is None or on_time(sh.cfg, p.posted_at, r.as_of))
        ]
        _read(sh, g, state, r, ours)
        r.through = max(p.id for p, _turn in changed)
    r.posts_version = sh.posts_version
    if len(r.unkept) >= UNKEPT_AT_MOST:
        _keep(sh, g, r)  # a long first read: its refusals go to the store on the way


def _state(sh: Shell, g: Game) -> GameState | None:
    """`g`'s state, decoded once for as long as the row's state is the same object."""
    held = sh.memo.get("state")
    if held is not None and held[0] is g.state and isinstance(held[1], GameState):
        return held[1]
    if g.state is None:
        return None
    state = sh.state(g)
    sh.memo["state"] = (g.state, state)
    return state


def _keep(sh: Shell, g: Game, r: _Reading) -> None:
    now = KeptTally(
        topic_id=r.topic,
        key=r.fingerprint,
        through=r.through,
        kind=r.kind,
        votes=[to_json(v) for v in r.so_far.votes],
        agreed=dict(r.so_far.agreed),
        notes=list(r.notes),
    )
    # the refusals as the reader made them: the store encodes each (`record_value`)
    if sh.store.keep_tally(g.id, r.tag, now, r.unkept, read_on_from=r.kept):
        r.kept, r.unkept, r.dirty = now, [], False
    else:  # another writer moved the kept tally on: read it as it stands next time
        sh.memo.pop("reading", None)


def _votes(kept: KeptTally) -> list[Vote]:
    return [v for v in (from_json(Vote, x) for x in kept.votes) if v is not None]


@functools.cache
def _reader_version() -> str:
    """What the vote reader is, as files: a kept tally read by another version of it (an
    upgrade) is read again. The name, size and time of each file of the readers (the post
    records and the votes in them), the turn assembly and this module."""
    readers = Path(vote_reader.__file__).parent.parent
    files = [
        *sorted(readers.rglob("*.py")),
        Path(turn_inputs.__file__),
        Path(__file__),
    ]
    h = hashlib.sha256()
    for f in files:
        st = f.stat()
        h.update(f"{f.relative_to(readers.parent)}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def _fingerprint(sh: Shell, g: Game, state: GameState, topic: int, calendar: TurnCalendar) -> str:
    """Everything but the posts that a phase's tally is read by: the state, the seats and
    their accounts, the host's accounts, the outsider accounts met in the topic (C-3), the
    rules and their settings, the calendar, the topic and the reader itself. A kept tally
    with another fingerprint is read again."""
    seats = sorted((p.nick, p.account, p.user_id or 0) for p in sh.players(g))
    parts = {
        "reader": _reader_version(),
        "topic": topic,
        "state": to_json(state),
        "calendar": to_json(calendar),
        "seats": seats,
        "hosts": sorted(sh.host_accounts),
        "outsiders": sorted(sh.outsider_accounts(g)),
        "rules": sh.rules.name,
        "settings": to_json(sh.rules.settings),
    }
    text = json.dumps(parts, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def tally(sh: Shell, g: Game, state: GameState, deadline: datetime | None) -> Tally:
    """The current phase's votes: (kind, votes, rejected, notes for the host), as of
    `deadline` (None: now, read on from the kept tally; nothing is kept from here)."""
    if deadline is None:
        r = _reading(sh, g, state)
        if r is None:
            return phase_votes(sh.rules, state, [], []).kind, [], [], []
        rejected = list(r.unkept)
        if r.kept is not None:
            earlier = sh.store.tally_rejections(g.id, r.tag)
            rejected[:0] = [x for x in (from_json(InputRejected, j) for j in earlier) if x]
        return r.kind, list(r.so_far.votes), rejected, list(r.notes)
    calendar = calendar_of(sh, g, state.turn, deadline)
    if not counts_votes(sh.rules, state):
        return phase_votes(sh.rules, state, [], [], calendar).kind, [], [], []
    topic = vote_topic(sh, g, state)
    notes: list[str] = []
    court_vote = sh.rules.court_votes(state.phase)  # G-N.4 reads its own way
    as_of = votes_as_of(sh.rules, state, calendar)
    posts = iter_turn_posts(sh, g, topic, state.turn, as_of, notes, colored_only=not court_vote)
    game, court = ((), posts) if court_vote else (posts, ())
    got = phase_votes(
        sh.rules,
        state,
        game,
        court,
        calendar,
        sh.host_accounts,
        sh.player_ids(g),
        accounts=sh.outsider_accounts(g),
    )
    return got.kind, list(got.votes), list(got.rejected), notes


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
    count = live_count(sh, g, state, keep=True)
    kind, votes = count.kind, count.votes
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
