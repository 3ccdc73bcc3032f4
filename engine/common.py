"""Pieces both rule sets share: move intake (C-2, P-M.0), vote hygiene (C-5), overrides
(C-6), attack bookkeeping and death records. Every function here is pure."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from engine.actions import Move, Vote
from engine.events import (
    HOST,
    Event,
    MoveAccepted,
    MoveRejected,
    OverrideApplied,
    PlayerReplaced,
    PostFlagged,
    VoteIgnored,
    player,
)
from engine.inputs import Override, TurnInputs
from engine.kinds import Cause, Exit
from engine.state import GameState, Player, VoteRecord

#: Moves that are not requests of the night but side letters (never count toward P-M.0).
SIDE_LETTERS = ("don", "choose_side")


@dataclass(frozen=True, slots=True)
class Attack:
    """One attempt on a life in a night step (collected first, decided later)."""

    attacker: str | None  # who strikes (the executor for a clan kill)
    kind: Cause  # yakuza | triad | mafia | maniac | ninja | sheriff | testament | army
    target: str
    story: str | None = None


@dataclass(frozen=True, slots=True)
class Intake:
    """The moves that stand at the deadline: one request per actor, side letters apart."""

    requests: dict[str, Move]  # actor -> his standing request
    order: tuple[str, ...]  # actors in the order of their first accepted request
    side: tuple[Move, ...]  # "don" and "choose_side" letters, in arrival order


def take_moves(
    state: GameState,
    moves: Sequence[Move],
    check: Callable[[GameState, Move], str | None],
    changes_allowed: int | None,
) -> tuple[Intake, list[Event]]:
    """Validate the turn's moves in arrival order and keep each actor's standing request.

    A later request replaces the earlier one (P-M.0); with `changes_allowed` set, requests
    beyond 1 + changes_allowed are refused as `third_request`. Every refusal is a
    MoveRejected to the sender (C-2).
    """
    events: list[Event] = []
    requests: dict[str, Move] = {}
    order: list[str] = []
    counts: dict[str, int] = {}
    side: list[Move] = []
    for move in moves:
        reason = check(state, move)
        if reason is not None:
            events.append(reject(state, move, reason))
            continue
        if move.action in SIDE_LETTERS:
            side.append(move)
            events.append(accepted(state, move, replaced=False))
            continue
        n = counts.get(move.actor, 0) + 1
        if changes_allowed is not None and n > 1 + changes_allowed:
            events.append(reject(state, move, "third_request"))
            continue
        counts[move.actor] = n
        if move.actor not in requests:
            order.append(move.actor)
        requests[move.actor] = move
        events.append(accepted(state, move, replaced=n > 1))
    return Intake(requests, tuple(order), tuple(side)), events


def reject(state: GameState, move: Move, reason: str) -> MoveRejected:
    """A refusal addressed to the sender (the host sees it in the report as well); `reason`
    is a code of engine.reasons.MOVE_REJECT_REASONS, the wording is the templates'."""
    return MoveRejected(
        turn=state.turn,
        audience=player(move.actor),
        nick=move.actor,
        action=move.action,
        reason=reason,
    )


def accepted(state: GameState, move: Move, *, replaced: bool) -> MoveAccepted:
    return MoveAccepted(
        turn=state.turn,
        audience=player(move.actor),
        nick=move.actor,
        action=move.action,
        targets=move.targets,
        executor=move.executor,
        replaced=replaced,
    )


def check_actor_and_targets(state: GameState, move: Move, arity: Iterable[int]) -> str | None:
    """C-5 and C-3 checks every move shares: a living actor, living distinct targets."""
    actor = state.player(move.actor)
    if actor is None:
        return "not_a_player"
    if not actor.alive:
        return "missing" if actor.out_by == "missing" else "dead"
    if move.action in ("ambush", "choose_side", "don") and not move.targets:
        return None
    if len(move.targets) not in tuple(arity):
        return "wrong_targets"
    if len(set(move.targets)) != len(move.targets):
        return "wrong_targets"
    for nick in move.targets:
        target = state.player(nick)
        if target is None:
            return "unknown_target"
        if not target.alive:
            return "dead_target"
    return None


def apply_replacements(
    state: GameState, overrides: Sequence[Override]
) -> tuple[GameState, list[Event]]:
    """C-6: a seat played by a new account keeps everything but the nick."""
    events: list[Event] = []
    for ov in overrides:
        if ov.kind != "replace" or not ov.nick or not ov.new_nick:
            continue
        old, new = ov.nick, ov.new_nick
        if state.player(old) is None or state.player(new) is not None:
            continue
        state = _rename(state, old, new)
        events.append(PlayerReplaced(turn=state.turn, old=old, new=new))
        events.append(OverrideApplied(turn=state.turn, what="replace", nick=new, detail=old))
    return state, events


def _rename(state: GameState, old: str, new: str) -> GameState:
    def fix(nick: str | None) -> str | None:
        return new if nick == old else nick

    players = []
    for p in state.players:
        p2 = replace(
            p,
            nick=new if p.nick == old else p.nick,
            invited=tuple(n if n != old else new for n in p.invited),
            last_heal=fix(p.last_heal),
            votes_received=tuple(
                replace(v, voter=new) if v.voter == old else v for v in p.votes_received
            ),
        )
        players.append(p2)
    protects = tuple(replace(pr, target=new) if pr.target == old else pr for pr in state.protects)
    nominees = tuple(new if n == old else n for n in state.nominees)
    return replace(state, players=tuple(players), protects=protects, nominees=nominees)


def rename_inputs(inputs: TurnInputs, overrides: Sequence[Override]) -> TurnInputs:
    """Votes and moves written under the old nick belong to the replacement (C-6)."""
    mapping = {
        ov.nick: ov.new_nick for ov in overrides if ov.kind == "replace" and ov.nick and ov.new_nick
    }
    if not mapping:
        return inputs

    def m(n: str) -> str:
        return mapping.get(n, n)

    votes = tuple(replace(v, voter=m(v.voter), target=m(v.target)) for v in inputs.votes)
    moves = tuple(
        replace(
            mv,
            actor=m(mv.actor),
            targets=tuple(m(t) for t in mv.targets),
            executor=m(mv.executor) if mv.executor else None,
        )
        for mv in inputs.moves
    )
    posters = tuple(m(n) for n in inputs.posters)
    return replace(inputs, votes=votes, moves=moves, posters=posters)


def vote_overrides(inputs: TurnInputs, kind: str) -> tuple[tuple[Vote, ...], list[Event], set[int]]:
    """Apply `ignore_vote` / `count_vote` overrides (C-6) to the turn's votes.

    Returns the votes, override events and the post ids whose parser rejection is lifted.
    """
    events: list[Event] = []
    ignored = {ov.post_id for ov in inputs.overrides if ov.kind == "ignore_vote"}
    votes = [v for v in inputs.votes if v.post_id is None or v.post_id not in ignored]
    lifted: set[int] = set()
    for pid in sorted(p for p in ignored if p is not None):
        events.append(OverrideApplied(turn=0, what="ignore_vote", detail=str(pid)))
    for ov in inputs.overrides:
        if ov.kind != "count_vote" or not ov.nick or not ov.target:
            continue
        new = Vote(voter=ov.nick, target=ov.target, kind=kind, post_id=ov.post_id)
        # the corrected vote takes the place of the post it corrects, else goes last
        pos = next(
            (i for i, v in enumerate(votes) if ov.post_id is not None and v.post_id == ov.post_id),
            None,
        )
        if pos is None:
            votes.append(new)
        else:
            votes[pos] = new
        if ov.post_id is not None:
            lifted.add(ov.post_id)
        events.append(OverrideApplied(turn=0, what="count_vote", nick=ov.nick, detail=ov.target))
    return tuple(votes), events, lifted


def ignored_vote(state: GameState, vote: Vote, reason: str) -> VoteIgnored:
    return VoteIgnored(
        turn=state.turn, audience=HOST, nick=vote.voter, reason=reason, post_id=vote.post_id
    )


def record_vote(state: GameState, vote: Vote) -> GameState:
    """Keep a counted vote on its target (P-E.1 needs every vote with its order)."""
    seq = state.vote_seq + 1
    target = state.get(vote.target)
    rec = VoteRecord(voter=vote.voter, turn=state.turn, seq=seq, post_id=vote.post_id, at=vote.at)
    state = state.with_player(target.nick, votes_received=(*target.votes_received, rec))
    return replace(state, vote_seq=seq)


def take_out(state: GameState, nick: str, how: Exit) -> GameState:
    """A player leaves the game (killed, jailed, hanged, missing, removed)."""
    return state.with_player(nick, alive=False, out_by=how, out_turn=state.turn)


def pick_cause(kinds: Iterable[Cause], priority: Sequence[str]) -> Cause:
    """P-M.14 Ruling: among several lethal strikes, the first in `priority` names the cause
    (none of them listed: the first strike's)."""
    ks = list(kinds)
    rank = {cause: i for i, cause in reversed(list(enumerate(priority)))}
    return min(ks, key=lambda k: rank.get(k, len(priority)))


def cast_order(state: GameState, nicks: Iterable[str]) -> list[str]:
    """Nicks in the order of the cast (stable, deterministic output)."""
    wanted = set(nicks)
    return [p.nick for p in state.players if p.nick in wanted]


def living_at(players: Sequence[Player]) -> tuple[str, ...]:
    return tuple(p.nick for p in players if p.alive)


def flag_dead_posts(
    state: GameState, post_authors: Sequence[str], allowed: Callable[[Player], int]
) -> tuple[GameState, list[Event]]:
    """P-P.2 / G-P.2: a dead player may leave `allowed(player)` posts after death; every
    further post is flagged to the host."""
    events: list[Event] = []
    for nick in post_authors:
        p = state.player(nick)
        if p is None or p.alive:
            continue
        n = p.posts_after_death + 1
        state = state.with_player(nick, posts_after_death=n)
        if n > allowed(p):
            events.append(PostFlagged(turn=state.turn, audience=HOST, nick=nick, count=n))
    return state, events
