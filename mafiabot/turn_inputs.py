"""One turn's assembly: the posts, letters and host overrides of a phase → the engine's
`TurnInputs`. Pure: no store, no board, no clock.

The daemon calls it at every deadline (with the posts as they stood at that moment) and
`mafiabot replay` calls it for every scenario step, so the rule scenarios run the same
assembly that hosts games on a board:

- the phase's votes are read by the vote parser from the right posts (PEFL reds from the game
  topic; Gambler greens from the game topic up to the greens deadline, court votes from the
  court topic after it);
- the phase takes only its own letters (Gambler: `choose_side` at the greens, the rest with
  the court) and its own overrides (Gambler: replacements with the greens, verdicts with the
  court);
- G-P.2: a killed civilian's post written later than `last_word` after his death is not his
  last word: it is flagged to the host and not handed to the engine as one;
- P-P.2: the host's `posts_after_death` allowance goes to the engine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from engine import GameState, InputRejected, Move, Override, RuleSet, TurnInputs, Vote
from engine.common import apply_replacements
from engine.kinds import Phase, VoteKind
from engine.state import Player
from mafiabot.config.calendar import stamp_cutoff
from mafiabot.newspaper.host_words import note, span_words
from parser.records import Post
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import VoteOptions, VotesSoFar

#: Overrides the shell carries out itself; the rules never see them.
SHELL_OVERRIDES = frozenset({"extend_deadline", "accept_move"})


@dataclass(frozen=True, slots=True)
class TurnPost:
    """A post of the turn as it stood at the deadline, with the seat its author plays (None:
    not a player — the host, an outsider)."""

    post: Post
    seat: str | None


@dataclass(frozen=True, slots=True)
class TurnCalendar:
    """The moments the assembly needs (all None in a replay: scenario posts carry no time).

    deadline: the deadline being closed (posts written after it are not this phase's);
    greens_deadline: Gambler — greens are written before it, court votes after it;
    deaths: when each dead seat left the game (G-P.2);
    last_word: G-P.2 — how long after his death a killed civilian may still write.
    """

    deadline: datetime | None = None
    greens_deadline: datetime | None = None
    deaths: Mapping[str, datetime] = field(default_factory=dict)
    last_word: timedelta | None = None


@dataclass(frozen=True, slots=True)
class PhaseVotes:
    kind: VoteKind
    votes: tuple[Vote, ...] = ()
    rejected: tuple[InputRejected, ...] = ()
    # P-V.2: post id → target of each vote accepted from it (`parser.votes.VoteResult.agreed`)
    agreed: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class AssembledTurn:
    """The engine's inputs for the phase, the votes' kind, and notes for the host."""

    inputs: TurnInputs
    kind: VoteKind
    flags: tuple[str, ...] = ()


def phase_overrides(
    rules: RuleSet, phase: Phase, overrides: Iterable[Override]
) -> tuple[Override, ...]:
    """The overrides the engine applies when `phase` closes (Gambler: replacements take
    effect with the greens, verdicts with the court; the introduction day takes all)."""
    return tuple(
        o
        for o in overrides
        if o.kind not in SHELL_OVERRIDES and rules.takes_override(phase, o.kind)
    )


def phase_moves(rules: RuleSet, phase: Phase, moves: Iterable[Move]) -> tuple[Move, ...]:
    """The letters the closing phase takes (Gambler: the prostitute's side at the greens,
    every other move with the court and the night)."""
    return tuple(m for m in moves if rules.takes_move(phase, m.action))


def _renames(overrides: Iterable[Override]) -> dict[str, str]:
    return {o.nick: o.new_nick for o in overrides if o.kind == "replace" and o.nick and o.new_nick}


def _seated(posts: Iterable[TurnPost], renames: Mapping[str, str]) -> Iterator[TurnPost]:
    """Posts with their author replaced by the seat he plays, under its name after this
    phase's replacements (C-6), so votes are read as the engine will count them. Lazy, as
    `_until`: the daemon's tally streams a turn through them."""
    for tp in posts:
        seat = renames.get(tp.seat, tp.seat) if tp.seat is not None else None
        post = tp.post
        if seat is not None and seat != post.author:
            # the seat was told by the caller (a board id, a replacement): the account's own
            # id is not the seat's, and must not make the post an outsider's
            post = dataclasses.replace(post, author=seat, author_id=None)
        yield TurnPost(post, seat)


def _until(posts: Iterable[TurnPost], deadline: datetime | None) -> Iterator[TurnPost]:
    for tp in posts:
        if deadline is None or tp.post.posted_at is None or tp.post.posted_at <= deadline:
            yield tp


def _cutoff(rules: RuleSet, deadline: datetime | None) -> datetime | None:
    """The last on-time stamp for `deadline` under the rule set's C-1 ruling."""
    if deadline is None:
        return None
    return stamp_cutoff(deadline, rules.settings.deadline_minute_on_time)


def counts_votes(rules: RuleSet, state: GameState) -> bool:
    """Whether the phase `state` waits for has votes to read (not PEFL's turn 0 nor
    Gambler's introduction day)."""
    return rules.counts_votes(state)


def votes_as_of(rules: RuleSet, state: GameState, calendar: TurnCalendar) -> datetime | None:
    """The moment the phase's posts are read as of: its deadline, or — for a phase before the
    turn's last deadline (Gambler's greens) counted early (interim count, status) — that
    phase's own deadline."""
    if not rules.ends_turn(state.phase):
        return calendar.deadline or calendar.greens_deadline
    return calendar.deadline


def phase_votes(
    rules: RuleSet,
    state: GameState,
    posts: Iterable[TurnPost],
    court_posts: Iterable[TurnPost],
    calendar: TurnCalendar | None = None,
    ignore_authors: Iterable[str] = (),
    player_ids: Mapping[str, int | None] | None = None,
    so_far: VotesSoFar | None = None,
    accounts: Iterable[str] = (),
) -> PhaseVotes:
    """The votes of the phase `state` waits for, read from the posts as they stood (each
    iterable read once, and only the phase's own: posts may be streamed); posts of
    `ignore_authors` (the host's accounts) are no votes. `player_ids` (seat → board user id,
    where known) makes a look-alike account an outsider however its name reads; nicks in
    votes are read by the rule set's `vote_nicks` (C-3). `so_far`: the phase's reading of
    its earlier posts, the posts given being the later ones (`parser.votes.VotesSoFar`): the
    votes are the phase's, the rejections the given posts'. `accounts`: board accounts met
    that are no players (outsiders): a coloured text naming one as written is refused, never
    read as a player (C-3)."""
    calendar = calendar or TurnCalendar()
    settings = rules.settings
    options = VoteOptions(
        min_reason_words=settings.min_reason_words,
        argued_votes_counted=settings.argued_votes_counted,
        ignore_authors=frozenset(ignore_authors),
        accounts=frozenset(accounts),
        vote_nicks="exact" if settings.vote_nicks == "exact" else "as_moves",
    )
    ids = player_ids
    turn = state.turn
    dead = [p.nick for p in state.players if not p.alive]
    living = list(state.living_nicks())
    kind = rules.vote_kind(state.phase)
    if not rules.counts_votes(state):
        return PhaseVotes(kind)
    # C-1: a post the board shows with a deadline's own minute is on time for it
    greens_dl = _cutoff(rules, calendar.greens_deadline)
    if rules.court_votes(state.phase):  # G-N.4: in the court topic, after the greens
        court = (
            tp.post
            for tp in _until(_seated(court_posts, {}), _cutoff(rules, calendar.deadline))
            if greens_dl is None or tp.post.posted_at is None or tp.post.posted_at > greens_dl
        )
        res = extract_court_votes(
            court,
            nominees=state.nominees,
            players=living,
            options=options,
            dead=dead,
            player_ids=ids,
            so_far=so_far,
        )
        return PhaseVotes(kind, tuple(res.votes), tuple(res.rejected), res.agreed)
    game: Iterable[Post] = (
        tp.post
        for tp in _until(_seated(posts, {}), _cutoff(rules, votes_as_of(rules, state, calendar)))
    )
    if not rules.ends_turn(state.phase):
        # G-N.1: greens until the greens deadline
        game = (
            p for p in game if greens_dl is None or p.posted_at is None or p.posted_at <= greens_dl
        )
    colors = rules.host_vote_colors(state.phase)  # G-N.1: the host's list, when he gives one
    if colors is not None:
        options = dataclasses.replace(options, colors=colors)
    beaten = [
        p.nick for p in state.living if p.beaten_turn is not None and p.beaten_turn == turn - 1
    ]  # P-A.3
    res = extract_votes(
        game,
        ruleset=rules.name,
        players=living,
        options=options,
        dead=dead,
        beaten=beaten,
        player_ids=ids,
        so_far=so_far,
    )
    return PhaseVotes(kind, tuple(res.votes), tuple(res.rejected), res.agreed)


def _last_words(
    rules: RuleSet, state: GameState, posts: Sequence[TurnPost], calendar: TurnCalendar
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(post authors for the engine, flags). G-P.2: a killed civilian's post written after
    his last-word window is no last word. When the engine would take it as one (he has not
    used his last word yet) it is flagged here and kept from the engine; a post the engine
    flags anyway (one beyond the last word) goes to it as before."""
    authors: list[str] = []
    flags: list[str] = []
    used: dict[str, int] = {}  # posts after death handed to the engine this turn
    for tp in posts:
        if tp.seat is None:
            continue
        p = state.player(tp.seat)
        if p is not None and not p.alive and _after_last_word(rules, p, tp.post, calendar):
            n = p.posts_after_death + used.get(p.nick, 0)
            if n < rules.last_words(p):
                window = calendar.last_word or timedelta()
                # a rehearsal's window is minutes: say so rather than «0 часов»
                span = span_words(int(window.total_seconds() // 60))
                flags.append(
                    note("late_last_word", rules, seat=tp.seat, post=tp.post.id, span=span)
                )
                continue
        if p is not None and not p.alive:
            used[p.nick] = used.get(p.nick, 0) + 1
        authors.append(tp.seat)
    return tuple(authors), tuple(flags)


def _after_last_word(rules: RuleSet, p: Player, post: Post, calendar: TurnCalendar) -> bool:
    """G-P.2: written later than the last-word window after the seat's death."""
    died = calendar.deaths.get(p.nick)
    window = calendar.last_word
    at = post.posted_at
    if window is None or died is None or at is None:
        return False
    return rules.last_words(p) > 0 and at > died + window


def build_turn_inputs(
    rules: RuleSet,
    state: GameState,
    *,
    posts: Sequence[TurnPost],
    court_posts: Sequence[TurnPost] = (),
    moves: Sequence[Move] = (),
    overrides: Sequence[Override] = (),
    calendar: TurnCalendar | None = None,
    ignore_authors: Iterable[str] = (),
    posts_after_death: int | None = None,
    player_ids: Mapping[str, int | None] | None = None,
) -> AssembledTurn:
    """The engine's inputs for closing the phase `state` waits for.

    posts / court_posts: the turn's posts of the game and court topics (each as it stood at
    the deadline) with their authors' seats; moves: the turn's standing letters; overrides:
    the host's overrides of this turn (the phase's own are picked here); ignore_authors: the
    host's accounts; posts_after_death: P-P.2's allowance (None: the rule set's own);
    player_ids: seat → board user id where known (see `phase_votes`).
    """
    calendar = calendar or TurnCalendar()
    phase = state.phase
    chosen = phase_overrides(rules, phase, overrides)
    # C-6: while a replacement's turn lasts, the old and the new account both act for the
    # seat in each phase — the Gambler court too, though the replacement itself took effect
    # with the greens
    renames = _renames(overrides)
    reading, _ = apply_replacements(state, chosen)
    game = list(_until(_seated(posts, renames), _cutoff(rules, calendar.deadline)))
    court = list(_seated(court_posts, renames))
    votes = phase_votes(rules, reading, game, court, calendar, ignore_authors, player_ids)
    flags: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()
    if rules.ends_turn(phase):
        # P-P.2 / G-P.2 counters live in the engine state: each post is given once a turn,
        # at the deadline that ends it
        authors, flags = _last_words(rules, reading, game, calendar)
    inputs = TurnInputs(
        votes=votes.votes,
        rejected=votes.rejected,
        posters=tuple(dict.fromkeys(tp.seat for tp in game if tp.seat is not None)),
        moves=phase_moves(rules, phase, moves),
        overrides=chosen,
        post_authors=authors,
        posts_after_death=posts_after_death,
    )
    return AssembledTurn(inputs, votes.kind, flags)
