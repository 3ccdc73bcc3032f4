"""The turn's votes, recomputed from the stored posts as they stood at a moment (the deadline,
or now for the interim count and `status`), and the interim vote count in the topic."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime, timedelta

from engine import GameState
from engine.actions import InputRejected, Vote
from mafiabot.daemon import flags
from mafiabot.daemon.context import Shell
from mafiabot.daemon.ingest import court_topic_id
from mafiabot.store import Game, StoredPost, from_json
from parser.records import Post
from parser.votes import VoteOptions, extract_court_votes, extract_votes
from poster.outbox import OutboxKey, OutboxRow
from poster.poster import Poster

Tally = tuple[str, list[Vote], list[InputRejected], list[str]]


def stored_record(sp: StoredPost) -> Post | None:
    """The parsed post of the stored row's latest revision."""
    if sp.record is None:
        return None
    rec: Post = from_json(Post, sp.record)
    return rec


def posts_as_of(
    sh: Shell, g: Game, topic: int, turn: int, deadline: datetime | None
) -> tuple[list[Post], list[str]]:
    """The turn's posts, each as it stood at the deadline; flags for later edits."""
    assert g.id is not None
    out: list[Post] = []
    notes: list[str] = []
    for sp in sh.store.posts(g.id, topic_id=topic, turn=turn):
        post = _post_at(sh, g, sp, deadline)
        if post is None:
            continue
        if deadline is not None and post.posted_at is not None and post.posted_at > deadline:
            continue
        latest = stored_record(sp)
        if latest is not None and latest.body_html != post.body_html:
            notes.append(
                f"сообщение {sp.board_id} ({sp.author}) отредактировано после дедлайна; "
                "засчитан текст на момент дедлайна"
            )
        seat = sh.seat_of(g, post.author)
        if seat is not None and seat != post.author:
            post = dataclasses.replace(post, author=seat)
        out.append(post)
    return out, notes


def _post_at(sh: Shell, g: Game, sp: StoredPost, deadline: datetime | None) -> Post | None:
    """The revision of a post that stood at `deadline` (the latest when there is none)."""
    latest = stored_record(sp)
    if deadline is None or latest is None or sp.revision == 1:
        return latest
    assert g.id is not None
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


def tally(sh: Shell, g: Game, state: GameState, deadline: datetime | None) -> Tally:
    """The current phase's votes: (kind, votes, rejected, flags)."""
    cfg = sh.cfg
    turn = state.turn
    dead = [p.nick for p in state.players if not p.alive]
    living = list(state.living_nicks())
    beaten = [
        p.nick for p in state.living if p.beaten_turn is not None and p.beaten_turn == turn - 1
    ]
    opts = VoteOptions(
        min_reason_words=cfg.rules.min_reason_words,
        ignore_authors=frozenset({cfg.board.username, *cfg.game.host_nicks}),
    )
    if cfg.game.ruleset == "pefl":
        if turn == 0:
            return "red", [], [], []
        posts, notes = posts_as_of(sh, g, cfg.game.topic, turn, deadline)
        res = extract_votes(
            posts, ruleset="pefl", players=living, options=opts, dead=dead, beaten=beaten
        )
        return "red", res.votes, res.rejected, notes
    if state.phase == "day":
        return "green", [], [], []
    if state.phase == "greens":
        greens_dl = sh.deadline_for(turn, "greens")
        posts, notes = posts_as_of(sh, g, cfg.game.topic, turn, deadline or greens_dl)
        posts = [p for p in posts if p.posted_at is None or p.posted_at <= greens_dl]
        res = extract_votes(
            posts,
            ruleset="gambler",
            players=living,
            # G-N.1: the host's colour list, or the parser's default greens when empty
            options=dataclasses.replace(opts, colors=tuple(cfg.rules.green_colors) or None),
            dead=dead,
        )
        return "green", res.votes, res.rejected, notes
    court_topic = court_topic_id(sh, g, turn)
    posts, notes = posts_as_of(sh, g, court_topic, turn, deadline)
    greens_dl = sh.deadline_for(turn, "greens")
    posts = [p for p in posts if p.posted_at is None or p.posted_at > greens_dl]
    res = extract_court_votes(
        posts, nominees=state.nominees, players=living, options=opts, dead=dead
    )
    return "court", res.votes, res.rejected, notes


def posters(sh: Shell, g: Game, turn: int, deadline: datetime | None) -> tuple[str, ...]:
    """The seats that wrote in the game topic this turn (up to the deadline), once each."""
    return tuple(dict.fromkeys(post_authors(sh, g, turn, deadline)))


def post_authors(sh: Shell, g: Game, turn: int, deadline: datetime | None) -> tuple[str, ...]:
    """The seat of every game-topic post of the turn up to the deadline, in board order."""
    assert g.id is not None
    out = []
    for sp in sh.store.posts(g.id, topic_id=sh.cfg.game.topic, turn=turn):
        if deadline is not None and sp.posted_at is not None and sp.posted_at > deadline:
            continue
        seat = sh.seat_of(g, sp.author)
        if seat is not None:
            out.append(seat)
    return tuple(out)


def interim_count(sh: Shell, g: Game, now: datetime) -> None:
    """Post (or edit) the turn's interim vote count when `[game] interim_count` says it is due."""
    mode = sh.cfg.game.interim_count
    if mode.mode == "off":
        return
    assert g.id is not None
    state = sh.state(g)
    kind, votes, _rej, _flags = tally(sh, g, state, None)
    if not votes and kind != "court":
        return
    cursors = dict(g.cursors or {})
    vc = dict(cursors.get("votecount", {}))
    tag = f"{state.turn}/{state.phase}"
    last = vc.get(tag, {})
    n = len(votes)
    due = False
    if mode.mode == "votes":
        due = n - int(last.get("votes", 0)) >= mode.every  # every N new votes
    else:
        at = last.get("at")
        due = at is None or now - datetime.fromisoformat(at) >= timedelta(hours=mode.every)
    if not due:
        return
    text = _vote_count_text(sh, state, kind, votes, now)
    key = OutboxKey(str(g.id), state.turn, f"votecount-{state.phase}", "topic")
    ob = sh.outbox(g)
    row = ob.get(key)
    if row is None:
        ob.add(OutboxRow(key=key, channel="topic", topic_id=sh.cfg.game.topic, text=text))
    elif row.status == "sent" and row.board_ids:
        Poster(sh.client, ob).update_post(row.board_ids[0], text, key)
    vc[tag] = {"votes": n, "at": now.isoformat()}
    flags.set_cursor(sh.store, g, "votecount", vc)


def _vote_count_text(
    sh: Shell, state: GameState, kind: str, votes: Sequence[Vote], now: datetime
) -> str:
    by_target: dict[str, list[str]] = {}
    for v in votes:
        by_target.setdefault(v.target, []).append(v.voter)
    ordered = sorted(by_target.items(), key=lambda kv: -len(kv[1]))
    voted = {v.voter for v in votes}
    threshold = None
    if kind == "green":
        from engine.gambler import court_threshold

        threshold = court_threshold(sh.cfg.rules, len(state.living))
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
