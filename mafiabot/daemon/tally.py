"""The turn's votes, recomputed from the stored posts as they stood at a moment (the deadline,
or now for the interim count and `status`), and the interim vote count in the topic.

The live tally (as of now) is kept in the store as posts arrive (`mafiabot.store.tallies`):
a tick reads only the posts stored since the kept tally was read, and a tick with nothing new
— in a process just started as in one running for weeks — reads none, at 100 posts as at
20,000. Within a process the result is also kept in memory until a post, a seat, the config
or the state changes. A deadline's count is always read afresh from every post of the turn.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from engine import GameState
from engine.actions import InputRejected, Vote
from mafiabot import turn_inputs
from mafiabot.config import Config
from mafiabot.daemon.calendar import turn_calendar
from mafiabot.daemon.context import Shell
from mafiabot.daemon.ingest import court_topic_id
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
from parser.votes import VotesSoFar
from poster.outbox import OutboxKey, OutboxRow
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
        if deadline is not None and post.posted_at is not None and post.posted_at > deadline:
            continue
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
        rec = from_json(Post, rev.record)
        if rec is None:
            continue
        chosen = rec
        edited_at = rec.edited.at if rec.edited else None
        if edited_at is None or edited_at <= deadline:
            break
    return chosen


def host_accounts(sh: Shell) -> frozenset[str]:
    """Accounts whose posts are never votes: the bot's and the host's."""
    return frozenset({sh.cfg.board.username, *sh.cfg.game.host_nicks})


def calendar_of(sh: Shell, g: Game, turn: int, deadline: datetime | None) -> TurnCalendar:
    return turn_calendar(sh.cfg, sh.rules, turn, deadline, sh.store.deaths(g.id))


def vote_topic(sh: Shell, g: Game, state: GameState) -> int:
    """Where the phase's votes are written: the court topic for a Gambler court, else the
    game topic."""
    if state.phase == "court":
        return court_topic_id(sh, g, state.turn)
    return sh.cfg.game.topic


@dataclass(frozen=True, slots=True)
class Count:
    """The current phase's votes as they stand now.

    kind: "red", "green" or "court"; votes: counted, in the order cast; notes: for the host;
    rejected: the refusals of the posts read for this count — with `kept` (the count read on
    from a tally kept in the store) the earlier ones are in the store, under `tag`."""

    kind: str
    votes: tuple[Vote, ...] = ()
    notes: tuple[str, ...] = ()
    rejected: tuple[InputRejected, ...] = ()
    kept: bool = False
    tag: str = ""


def live_count(sh: Shell, g: Game, state: GameState, *, keep: bool = False) -> Count:
    """The phase's votes as of now, read on from the tally kept in the store (`keep`: and
    keep what was read — the daemon's part; `status` and the dashboard only read)."""
    calendar = calendar_of(sh, g, state.turn, None)
    if not counts_votes(sh.rules, state):
        return Count(phase_votes(sh.rules, state, [], [], calendar).kind)
    topic = vote_topic(sh, g, state)
    memo_key = (sh.version(), g.id, topic, state, calendar, keep)
    hit = sh.memo.get("tally")
    if hit is not None and hit[0] == memo_key and isinstance(hit[1], Count):
        return hit[1]
    count = _read_on(sh, g, state, topic, calendar, keep)
    sh.memo["tally"] = (memo_key, count)
    return count


def _read_on(
    sh: Shell, g: Game, state: GameState, topic: int, calendar: TurnCalendar, keep: bool
) -> Count:
    """`live_count` past the memo: the kept tally, and the posts stored since it was read."""
    tag = f"{state.turn}/{state.phase}"
    key = _fingerprint(sh, g, state, topic, calendar)
    kept = sh.store.kept_tally(g.id, tag)
    start = kept if kept is not None and kept.key == key and kept.topic_id == topic else None
    upto = sh.store.last_board_id(g.id)
    if start is not None and start.through == upto:  # nothing stored since: nothing to read
        return Count(
            start.kind,
            tuple(_votes(start)),
            tuple(start.notes),
            kept=True,
            tag=tag,
        )
    so_far = None
    if start is not None:
        so_far = VotesSoFar(tuple(_votes(start)), start.agreed)
    notes: list[str] = list(start.notes) if start is not None else []
    court_vote = sh.rules.vote_kind(state.phase) == "court"  # G-N.4 reads its own way
    posts = iter_turn_posts(
        sh,
        g,
        topic,
        state.turn,
        votes_as_of(sh.rules, state, calendar),
        notes,
        colored_only=not court_vote,
        after=None if start is None else start.through,
        upto=upto,
    )
    # streamed: only the phase's own topic is read (the court's posts for a court)
    game, court = ((), posts) if court_vote else (posts, ())
    got = phase_votes(
        sh.rules,
        state,
        game,
        court,
        calendar,
        host_accounts(sh),
        sh.player_ids(g),
        so_far=so_far,
    )
    kept_now = start is not None
    if keep:
        now = KeptTally(
            topic_id=topic,
            key=key,
            through=upto,
            kind=got.kind,
            votes=[to_json(v) for v in got.votes],
            agreed=dict(got.agreed),
            notes=notes,
        )
        rejected = [to_json(r) for r in got.rejected]
        kept_now = sh.store.keep_tally(g.id, tag, now, rejected, read_on_from=start)
        if not kept_now and start is not None:
            # the kept tally moved on meanwhile: this count stands, but its earlier refusals
            # are no longer the store's to give — read the phase afresh next time
            sh.memo.pop("tally", None)
    return Count(got.kind, got.votes, tuple(notes), got.rejected, kept=kept_now, tag=tag)


def _votes(kept: KeptTally) -> list[Vote]:
    return [v for v in (from_json(Vote, x) for x in kept.votes) if v is not None]


@functools.cache
def _reader_version() -> str:
    """What the vote reader is, as files: a kept tally read by another version of it (an
    upgrade) is read again. The name, size and time of each file it reads votes by."""
    files = [
        *sorted(Path(vote_reader.__file__).parent.glob("*.py")),
        Path(turn_inputs.__file__),
        Path(__file__),
    ]
    h = hashlib.sha256()
    for f in files:
        st = f.stat()
        h.update(f"{f.name}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def _fingerprint(sh: Shell, g: Game, state: GameState, topic: int, calendar: TurnCalendar) -> str:
    """Everything but the posts that a phase's tally is read by: the state, the seats and
    their accounts, the host's accounts, the rules and their settings, the calendar, the
    topic and the reader itself. A kept tally with another fingerprint is read again."""
    seats = sorted((p.nick, p.account, p.user_id or 0) for p in sh.players(g))
    parts = {
        "reader": _reader_version(),
        "topic": topic,
        "state": to_json(state),
        "calendar": to_json(calendar),
        "seats": seats,
        "hosts": sorted(host_accounts(sh)),
        "rules": sh.rules.name,
        "settings": to_json(sh.rules.settings),
    }
    text = json.dumps(parts, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def tally(sh: Shell, g: Game, state: GameState, deadline: datetime | None) -> Tally:
    """The current phase's votes: (kind, votes, rejected, notes for the host), as of
    `deadline` (None: now, read on from the kept tally; nothing is kept from here)."""
    if deadline is None:
        count = live_count(sh, g, state)
        rejected = list(count.rejected)
        if count.kept:
            earlier = sh.store.tally_rejections(g.id, count.tag)
            rejected = [
                *(r for r in (from_json(InputRejected, x) for x in earlier) if r is not None),
                *rejected,
            ]
        return count.kind, list(count.votes), rejected, list(count.notes)
    calendar = calendar_of(sh, g, state.turn, deadline)
    if not counts_votes(sh.rules, state):
        return phase_votes(sh.rules, state, [], [], calendar).kind, [], [], []
    topic = vote_topic(sh, g, state)
    notes: list[str] = []
    court_vote = sh.rules.vote_kind(state.phase) == "court"
    as_of = votes_as_of(sh.rules, state, calendar)
    posts = iter_turn_posts(sh, g, topic, state.turn, as_of, notes, colored_only=not court_vote)
    game, court = ((), posts) if court_vote else (posts, ())
    got = phase_votes(sh.rules, state, game, court, calendar, host_accounts(sh), sh.player_ids(g))
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
    if not votes and kind != "court":
        return
    tag = f"{state.turn}/{state.phase}"
    last = sh.store.vote_count(g.id, tag)
    n = len(votes)
    key = OutboxKey(str(g.id), state.turn, f"votecount-{state.phase}", "topic")
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
    by_target: dict[str, list[str]] = {}
    for v in votes:
        by_target.setdefault(v.target, []).append(v.voter)
    ordered = sorted(by_target.items(), key=lambda kv: -len(kv[1]))
    voted = {v.voter for v in votes}
    threshold = sh.rules.court_threshold(len(state.living)) if kind == "green" else None
    return sh.renderer.vote_count(
        ruleset=sh.cfg.game.ruleset,
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
