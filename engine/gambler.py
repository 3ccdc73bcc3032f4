"""Gambler rules (RULES.md G-*): an introduction turn, then turns of two deadlines —
greens (G-N.1–3), then court, jailing and the night (G-N.4–5, G-M.*).

Each rule is a small function named after its meaning; RULES.md ids are in the docstrings.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from types import MappingProxyType

from engine.actions import GAMBLER_ROLES, Move, Vote
from engine.base import PaperShows, RuleSetBase
from engine.common import (
    Attack,
    Intake,
    apply_replacements,
    cast_order,
    check_actor_and_targets,
    flag_dead_posts,
    ignored_vote,
    pick_cause,
    reject,
    rename_inputs,
    take_moves,
    take_out,
    vote_overrides,
)
from engine.events import (
    HOST,
    AcquaintanceMade,
    CheckAnnounced,
    CheckResult,
    DeathRecorded,
    DuelTossed,
    Event,
    GameWon,
    GreensCounted,
    HealAnnounced,
    Jailed,
    Killed,
    MafiaMissed,
    MoveBlocked,
    NobodyRemoved,
    OverrideApplied,
    Recruited,
    Removed,
    RoleDealt,
    Saved,
    SideChoiceAsked,
    TurnResolved,
    VotesCounted,
    player,
)
from engine.inputs import TurnInputs
from engine.kinds import Clan, Phase, Role, Team
from engine.settings import RulesSettings
from engine.state import MAFIA, MANIAC, SOLO, TOWN, GameState, Player, Seat
from engine.words_ru import GAMBLER_ROLE_WORDS

MAFIA_ROLES = ("godfather", "mafia")  # the clan proper (G-S.3)
TOWN_ROLES = ("civilian", "commissar", "sheriff", "doctor")
#: G-M.1: the prostitute's guest loses his move if he has one of these roles.
BLOCKABLE = ("sheriff", "doctor", "commissar", "maniac", "godfather")
ROLE_ACTIONS: dict[Role, tuple[str, ...]] = {
    "commissar": ("check",),
    "lawyer": ("check",),
    "sheriff": ("kill",),
    "maniac": ("kill",),
    "doctor": ("heal",),
    "prostitute": ("block", "choose_side"),
    "godfather": ("kill",),
    "mafia": ("kill",),
}
MISSED = {
    "sheriff": "kill",
    "maniac": "kill",
    "doctor": "heal",
    "commissar": "check",
    "lawyer": "check",
    "godfather": "mafia_kill",
}


def team_of(role: Role) -> Team:
    if role in (*MAFIA_ROLES, "lawyer"):
        return MAFIA
    if role == "maniac":
        return MANIAC
    if role == "prostitute":
        return SOLO
    return TOWN


def letter_actions(state: GameState, nick: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The player's role actions and those allowed now: none on the introduction day
    (G-S.2), none for a mafioso while the godfather sends the kill (G-M.5), the prostitute's
    side choice once both sides checked her (G-M.8)."""
    me = state.get(nick)
    actions = ROLE_ACTIONS.get(me.role, ())
    allowed = [a for a in actions if a != "choose_side"]
    if state.turn < 2:  # G-S.2
        allowed = []
    if me.role == "mafia" and state.by_role("godfather"):
        allowed = []  # G-M.5: the godfather sends the kill while he lives
    if me.role == "prostitute" and state.pending_side_choice:
        allowed.append("choose_side")
    return actions, tuple(allowed)


def default_role_table(n: int) -> dict[str, int]:
    """G-S.1: 4–5 mafia (one godfather), one of each single role, the rest civilians (5–9).

    The original is contradictory: those counts need 15–20 players, yet it says 11–19. For
    15–19 the table follows the counts (5 mafia from 18 players); below 15 the mafia shrinks
    to 3 and civilians fill the rest. The host's `role_tables` setting wins over all this."""
    mafia = 5 if n >= 18 else 4 if n >= 14 else 3
    table = {
        "commissar": 1,
        "sheriff": 1,
        "doctor": 1,
        "maniac": 1,
        "prostitute": 1,
        "godfather": 1,
        "mafia": mafia - 1,
        "lawyer": 1,
    }
    table["civilian"] = n - sum(table.values())
    return table


class Gambler(RuleSetBase):
    """The Gambler rule set."""

    name = "gambler"
    title = "Gambler"
    roles = GAMBLER_ROLES
    setup_rule = "G-S.1"
    first_turn = 1  # G-S.2: day 1 introduces
    turn_phases = ("greens", "court")  # G-N.1–G-N.3, then G-N.4 and the night
    court_topic = True  # G-N.3
    vote_kinds = (("greens", "green"), ("court", "court"))
    # G-N.1: green in any spelling; the family covers named/hex/rgb() greens, the listed
    # values are kept so a host narrowing the family still gets them
    vote_colors = ("family:green", "#008000", "#00ff00", "#006400", "#00aa00")
    vote_order = "last"  # G-N.1: a nomination may be changed until the deadline
    last_word = True  # G-P.2
    # G-P.1: no killer is ever told; the kill's story (G-M.10), checks, heal, blocked moves
    paper = PaperShows(kill_story=True, night_notes=True)
    role_words = GAMBLER_ROLE_WORDS
    role_actions = MappingProxyType(ROLE_ACTIONS)

    @classmethod
    def team_of(cls, role: Role, clan: Clan | None = None) -> Team:
        return team_of(role)

    @classmethod
    def letter_actions(cls, state: GameState, nick: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return letter_actions(state, nick)

    @classmethod
    def letter_mates(cls, state: GameState, nick: str) -> tuple[str, ...]:
        if state.get(nick).role in MAFIA_ROLES:
            return tuple(p.nick for p in state.living if p.role in MAFIA_ROLES)
        return ()

    def takes_move(self, phase: Phase, action: str) -> bool:
        # the prostitute's side (G-M.8) is decided at the greens, every other letter with the
        # court and the night
        return phase == "day" or (phase == "greens") == (action == "choose_side")

    def takes_override(self, phase: Phase, kind: str) -> bool:
        # replacements take effect with the greens, verdicts with the court (the
        # introduction day takes all)
        return phase == "day" or (phase == "greens") == (kind == "replace")

    def conditional_letter(self, state: GameState, move: Move, reason: str | None) -> bool:
        # G-M.5/G-M.6: a mafioso's kill letter while the godfather lives counts if the court
        # jails the godfather before the night (the engine checks again at the deadline)
        if reason != "wrong_role" or move.action != "kill":
            return False
        actor = state.player(move.actor)
        return actor is not None and actor.role == "mafia"

    def court_threshold(self, living: int) -> int | None:
        return court_threshold(self.settings, living)

    def vote_threshold(self, phase: Phase, living: int) -> int | None:
        return self.court_threshold(living) if phase == "greens" else None  # G-N.3

    def host_vote_colors(self, phase: Phase) -> tuple[str, ...] | None:
        # G-N.1: the host's greens, when he lists them
        return (tuple(self.settings.green_colors) or None) if phase == "greens" else None

    def last_words(self, player: Player) -> int:
        return last_word_allowed(player)  # G-P.2

    def new_game(self, seats: Sequence[Seat]) -> GameState:
        players = tuple(Player(nick=s.nick, role=s.role, team=team_of(s.role)) for s in seats)
        return GameState(ruleset=self.name, players=players, turn=1, phase="day")

    def role_table(self, players: int) -> dict[str, int]:
        custom = self.settings.role_tables.get(str(players))
        return dict(custom) if custom else default_role_table(players)

    def introductions(self, state: GameState) -> list[Event]:
        return introductions(state)

    def check_move(self, state: GameState, move: Move) -> str | None:
        return check_move(state, move)

    def resolve(
        self, state: GameState, inputs: TurnInputs, rng: random.Random
    ) -> tuple[GameState, list[Event]]:
        state, events = apply_replacements(state, inputs.overrides)
        inputs = rename_inputs(inputs, inputs.overrides)
        state, evs = flag_dead_posts(state, inputs.post_authors, last_word_allowed)
        events += evs
        if state.phase == "greens":
            state, evs = close_greens(self.settings, state, inputs)
        elif state.phase == "court":
            state, evs = close_court_and_night(self.settings, state, inputs, rng)
        else:
            state, evs = close_introductions(state, inputs)
        return state, events + evs

    def winner(self, state: GameState) -> str | None:
        return winner(self.settings, state)


def last_word_allowed(p: Player) -> int:
    """G-P.2: a civilian who was killed gets one last word (the 12 h limit is the daemon's
    clock: it passes only posts within it as this turn's); anyone else dead, none."""
    killed = p.out_by not in (None, "jailed", "missing", "override")
    return 1 if p.role == "civilian" and killed else 0


# ============================================================================================
# Set-up (G-S.2, G-S.3)
# ============================================================================================
def introductions(state: GameState) -> list[Event]:
    """Role PMs; G-S.3: godfather and mafia know each other, nobody knows the lawyer."""
    events: list[Event] = []
    for p in state.players:
        events.append(RoleDealt(turn=state.turn, audience=player(p.nick), nick=p.nick, role=p.role))
    clan = [p for p in state.players if p.role in MAFIA_ROLES]
    for m in clan:
        others = tuple((o.nick, o.role) for o in clan if o.nick != m.nick)
        events.append(
            AcquaintanceMade(
                turn=state.turn,
                audience=player(m.nick),
                nick=m.nick,
                others=others,
                reason="clan",
            )
        )
    return events


def close_introductions(state: GameState, inputs: TurnInputs) -> tuple[GameState, list[Event]]:
    """G-S.2: day 1 has no greens, no court and no night moves."""
    events: list[Event] = [reject(state, mv, "wrong_turn") for mv in inputs.moves]
    events.append(TurnResolved(turn=state.turn, alive=state.living_nicks()))
    return replace(state, turn=state.turn + 1, phase="greens"), events


# ============================================================================================
# Moves (C-2, G-M.*)
# ============================================================================================
def check_move(state: GameState, move: Move) -> str | None:
    arity = (0,) if move.action == "choose_side" else (1,)
    reason = check_actor_and_targets(state, move, arity)
    if reason is not None:
        return reason
    actor = state.get(move.actor)
    if move.action not in ROLE_ACTIONS.get(actor.role, ()):
        return "wrong_role"
    if move.action == "choose_side":
        if not state.pending_side_choice:
            return "wrong_turn"
        return None if move.side in ("town", "mafia") else "wrong_targets"
    if state.turn < 2:
        return "wrong_turn"  # G-S.2
    if actor.role == "mafia" and state.by_role("godfather"):
        return "wrong_role"  # G-M.5: the godfather sends the kill while he lives
    target = move.targets[0]
    if target == actor.nick:
        if actor.role == "doctor":
            return "self_heal_used" if actor.self_heal_used else None  # G-M.7
        return "self_target"
    if actor.role == "prostitute" and target in actor.invited:
        return "repeated_target"  # G-M.2
    return None


# ============================================================================================
# Greens (G-N.1–G-N.3)
# ============================================================================================
def court_threshold(settings: RulesSettings, living: int) -> int:
    """G-N.3: ≥14 living → 3 greens; 9–13 → 2; ≤8 → 1."""
    for minimum, greens in settings.court_thresholds:
        if living >= minimum:
            return greens
    return 1


def last_vote_each(
    state: GameState, votes: Sequence[Vote], kind: str, allowed: set[str] | None = None
) -> tuple[dict[str, Vote], list[Event]]:
    """G-N.1 / G-N.4: the last green (court vote) of each living player counts."""
    events: list[Event] = []
    last: dict[str, Vote] = {}
    for v in votes:
        if v.kind != kind:
            continue
        voter = state.player(v.voter)
        if voter is None:
            events.append(ignored_vote(state, v, "not_a_player"))
        elif not voter.alive:
            events.append(ignored_vote(state, v, "dead"))
        elif state.player(v.target) is None or not state.get(v.target).alive:
            events.append(ignored_vote(state, v, "dead_target"))
        elif allowed is not None and v.target not in allowed:
            events.append(ignored_vote(state, v, "not_a_nominee"))
        else:
            last[v.voter] = v
    return last, events


def close_greens(
    settings: RulesSettings, state: GameState, inputs: TurnInputs
) -> tuple[GameState, list[Event]]:
    """G-N.1–3: count the last greens, a silent player greens himself, name the nominees.

    A pending G-M.8 choice is also decided at this deadline."""
    events: list[Event] = []
    state, evs = settle_side_choice(settings, state, inputs.moves)
    events += evs
    votes, evs, _ = vote_overrides(inputs, "green")
    events += [replace(e, turn=state.turn) for e in evs]
    last, evs = last_vote_each(state, votes, "green")
    events += evs
    counted: dict[str, int] = {}
    self_greened: list[str] = []
    for p in state.living:
        v = last.get(p.nick)
        target = v.target if v else p.nick  # G-N.2
        if v is None:
            self_greened.append(p.nick)
        counted[target] = counted.get(target, 0) + 1
    threshold = court_threshold(settings, len(state.living))
    nominees = tuple(n for n in cast_order(state, counted) if counted[n] >= threshold)
    greens = tuple((n, counted[n]) for n in cast_order(state, counted))
    events.append(
        GreensCounted(
            turn=state.turn,
            greens=greens,
            threshold=threshold,
            nominees=nominees,
            self_greened=tuple(self_greened),
        )
    )
    return replace(state, nominees=nominees, greens=greens, phase="court"), events


# ============================================================================================
# Court (G-N.4, G-N.5)
# ============================================================================================
def court_verdict(
    settings: RulesSettings,
    state: GameState,
    inputs: TurnInputs,
    rng: random.Random,
) -> tuple[str | None, list[Event], dict[str, int]]:
    """G-N.4: most court votes → jailed (Ruling: at least one vote); G-N.5: a tie → duel
    by the seeded coin (the host may override with the real duel's loser)."""
    events: list[Event] = []
    votes, evs, _ = vote_overrides(inputs, "court")
    events += [replace(e, turn=state.turn) for e in evs]
    last, evs = last_vote_each(state, votes, "court", set(state.nominees))
    events += evs
    tally: dict[str, int] = {}
    for v in last.values():
        tally[v.target] = tally.get(v.target, 0) + 1
    abstained = tuple(p.nick for p in state.living if p.nick not in last) if state.nominees else ()
    events.append(
        VotesCounted(
            turn=state.turn,
            votes=tuple((n, tally[n]) for n in cast_order(state, tally)),
            abstained=abstained,
        )
    )
    forced = [ov for ov in inputs.overrides if ov.kind in ("hang", "jail", "duel")]
    if forced:
        nick = forced[-1].nick
        if nick is not None and (state.player(nick) is None or not state.get(nick).alive):
            nick = None
        events.append(OverrideApplied(turn=state.turn, what=forced[-1].kind, nick=nick))
        return nick, events, tally
    if not state.nominees:
        events.append(NobodyRemoved(turn=state.turn, reason="no_nominee"))
        return None, events, tally
    top = max(tally.values(), default=0)
    if top == 0:
        if settings.court_needs_a_vote or len(state.nominees) != 1:
            events.append(NobodyRemoved(turn=state.turn, reason="no_votes"))
            return None, events, tally
        return state.nominees[0], events, tally
    tied = [n for n in cast_order(state, tally) if tally[n] == top]
    if len(tied) == 1:
        return tied[0], events, tally
    if not settings.duel_by_coin:
        events.append(NobodyRemoved(turn=state.turn, reason="duel_pending"))
        return None, events, tally
    loser = duel_coin_toss(tied, rng)
    events.append(DuelTossed(turn=state.turn, players=tuple(tied), loser=loser))
    return loser, events, tally


def duel_coin_toss(tied: Sequence[str], rng: random.Random) -> str:
    """G-N.5 Ruling: the seeded coin names the loser among the tied."""
    return rng.choice(list(tied))


def close_court_and_night(
    settings: RulesSettings, state: GameState, inputs: TurnInputs, rng: random.Random
) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    state, evs = settle_side_choice(settings, state, inputs.moves)
    events += evs
    jailed, evs, _ = court_verdict(settings, state, inputs, rng)
    events += evs
    if jailed is not None:
        role = state.get(jailed).role
        state = take_out(state, jailed, "jailed")
        events.append(Jailed(turn=state.turn, nick=jailed, role=role))
    for ov in inputs.overrides:
        if ov.kind == "remove" and ov.nick:
            p = state.player(ov.nick)
            if p is not None and p.alive:
                state = take_out(state, ov.nick, "override")
                events += [
                    Removed(turn=state.turn, nick=ov.nick, role=p.role),
                    DeathRecorded(turn=state.turn, audience=HOST, nick=ov.nick, cause="override"),
                    OverrideApplied(turn=state.turn, what="remove", nick=ov.nick),
                ]
    # G-W.1 Ruling: the win is tested once the court is over ...
    w = winner(settings, state) if settings.gambler_check_win_after_court else None
    if w is None:
        moves = [m for m in inputs.moves if m.action != "choose_side"]
        intake, evs = take_moves(state, moves, check_move, None)
        events += evs
        state, evs = play_night(settings, state, intake)
        events += evs
        w = winner(settings, state)  # ... and again once the night is played
    if w is not None or not state.living:
        events.append(
            GameWon(turn=state.turn, winner=w, how="G-W.1", survivors=state.living_nicks())
        )
        state = replace(state, winner=w, over=True)
    events.append(TurnResolved(turn=state.turn, alive=state.living_nicks()))
    if state.over:
        return replace(state, phase="over", nominees=()), events
    return replace(state, turn=state.turn + 1, phase="greens", nominees=(), greens=()), events


# ============================================================================================
# Night (G-M.1–G-M.10)
# ============================================================================================
def prostitute_invitation(
    settings: RulesSettings, state: GameState, intake: Intake
) -> tuple[GameState, set[str], bool, list[Event]]:
    """G-M.1/G-M.2/G-M.6: the prostitute moves first; her guest loses his move if his role
    is blockable; inviting the last living mafia member (godfather out) stops the kill.

    Returns (state, nicks that lost their move, whether the mafia kill is stopped, events).
    """
    events: list[Event] = []
    lost: set[str] = set()
    stop_clan_kill = False
    for pr in state.by_role("prostitute"):
        mv = intake.requests.get(pr.nick)
        if mv is None or mv.action != "block":
            continue
        guest = state.get(mv.targets[0])
        state = state.with_player(pr.nick, invited=(*pr.invited, guest.nick))
        blockable = BLOCKABLE + (("lawyer",) if settings.prostitute_blocks_lawyer else ())
        if guest.role in blockable:
            lost.add(guest.nick)
            if guest.nick in intake.requests:  # his move is gone; he is told so privately
                events.append(reject(state, intake.requests[guest.nick], "blocked"))
            events.append(MoveBlocked(turn=state.turn, role=guest.role, missed=MISSED[guest.role]))
        elif guest.role == "mafia" and not state.by_role("godfather"):
            clan = [p for p in state.living if p.role in MAFIA_ROLES]
            if len(clan) == 1:
                stop_clan_kill = True
                lost.add(guest.nick)
                events.append(MoveBlocked(turn=state.turn, role="mafia", missed="mafia_kill"))
            elif not settings.invited_member_letter_counts:
                lost.add(guest.nick)
    return state, lost, stop_clan_kill, events


def mafia_kill(
    state: GameState, intake: Intake, lost: set[str]
) -> tuple[Attack | None, list[Event]]:
    """G-M.5: the godfather sends the kill (blocked → none). G-M.6: once he is out, the
    members' letters all naming one victim make the kill; different names → missed."""
    gf = state.by_role("godfather")
    if gf:
        g = gf[0]
        mv = intake.requests.get(g.nick)
        if mv is None or mv.action != "kill" or g.nick in lost:
            return None, []
        return Attack(g.nick, "mafia", mv.targets[0], mv.story), []
    letters = [
        intake.requests[a]
        for a in intake.order
        if state.get(a).role == "mafia" and a not in lost and intake.requests[a].action == "kill"
    ]
    if not letters:
        return None, []
    victims = {mv.targets[0] for mv in letters}
    if len(victims) > 1:
        return None, [MafiaMissed(turn=state.turn)]
    story = next((mv.story for mv in letters if mv.story), None)
    return Attack(letters[0].actor, "mafia", letters[0].targets[0], story), []


def role_the_checker_sees(state: GameState, target: str) -> Role:
    """G-M.3: the exact role, but the maniac shows as `civilian`."""
    role = state.get(target).role
    return "civilian" if role == "maniac" else role


def play_night(
    settings: RulesSettings, state: GameState, intake: Intake
) -> tuple[GameState, list[Event]]:
    """G-M.1: the jailed has no move (he is out), the prostitute first, then everyone at
    once: kills are collected, the doctor's save decided, then the deaths applied."""
    events: list[Event] = []
    t = state.turn
    state, lost, stop_clan_kill, evs = prostitute_invitation(settings, state, intake)
    events += evs

    def move_of(role: Role, action: str) -> tuple[Player, Move] | None:
        for p in state.by_role(role):
            mv = intake.requests.get(p.nick)
            if mv is not None and mv.action == action and p.nick not in lost:
                return p, mv
        return None

    attacks: list[Attack] = []
    for role in ("sheriff", "maniac"):
        got = move_of(role, "kill")
        if got:
            attacks.append(Attack(got[0].nick, role, got[1].targets[0], got[1].story))
    if not stop_clan_kill:
        a, evs = mafia_kill(state, intake, lost)
        events += evs
        if a:
            attacks.append(a)

    heal = move_of("doctor", "heal")
    healed = heal[1].targets[0] if heal else None
    if heal and healed == heal[0].nick:
        state = state.with_player(heal[0].nick, self_heal_used=True)

    # checks happen at the same time as the kills: a checker killed tonight still learns
    checks, evs = night_checks(settings, state, move_of)
    events += evs

    by_target: dict[str, list[Attack]] = {}
    for a in attacks:
        by_target.setdefault(a.target, []).append(a)
    for target in cast_order(state, by_target):
        strikes = by_target[target]
        if target == healed:  # G-M.7: saved from every kill aimed at him
            events.append(Saved(turn=t, audience=HOST, nick=target, how="heal"))
            continue
        cause = pick_cause([a.kind for a in strikes], settings.cause_priority)
        killer = next(a.attacker for a in strikes if a.kind == cause)
        p = state.get(target)
        state = take_out(state, target, cause)
        story = next((a.story for a in strikes if a.story), None)
        events.append(Killed(turn=t, nick=target, role=p.role, by=None, story=story))
        events.append(DeathRecorded(turn=t, audience=HOST, nick=target, cause=cause, killer=killer))
    if healed is not None:
        events.append(HealAnnounced(turn=t, nick=healed))
    state, evs = recruit_prostitute(state, checks)
    events += evs
    return state, events


def night_checks(
    settings: RulesSettings,
    state: GameState,
    move_of: Callable[[Role, str], tuple[Player, Move] | None],
) -> tuple[dict[str, str], list[Event]]:
    """G-M.1/G-M.9: the checks of the commissar and of the lawyer → who each checked (role →
    target) and the events telling them, the town and their acquaintances. Apart from
    `play_night` because the checks change no one's state; they only inform."""
    t = state.turn
    events: list[Event] = []
    checks: dict[str, str] = {}
    for role in ("commissar", "lawyer"):
        got = move_of(role, "check")
        if got is None:
            if state.by_role(role):
                events.append(CheckAnnounced(turn=t, by=role, made=False))
            continue
        p, mv = got
        target = mv.targets[0]
        seen = role_the_checker_sees(state, target)
        checks[role] = target
        events.append(
            CheckResult(turn=t, audience=player(p.nick), by=role, target=target, result=seen)
        )
        events.append(
            CheckAnnounced(
                turn=t,
                by=role,
                made=True,
                result=seen if settings.announce_check_roles else None,
            )
        )
        events += acquaintance(state, role, p.nick, target)
    return checks, events


def acquaintance(state: GameState, role: Role, checker: str, target: str) -> list[Event]:
    """G-M.9: a commissar who checks the sheriff and the sheriff learn of each other; a
    lawyer who checks a mafioso and the mafia learn who the other is."""
    t = state.turn
    seen = state.get(target)
    pairs: list[tuple[str, tuple[tuple[str, Role], ...]]]
    if role == "commissar" and seen.role == "sheriff":
        pairs = [(checker, ((target, "sheriff"),)), (target, ((checker, "commissar"),))]
        reason = "commissar_sheriff"
    elif role == "lawyer" and seen.role in MAFIA_ROLES:
        clan = [p for p in state.players if p.role in MAFIA_ROLES and p.alive]
        pairs = [(checker, tuple((p.nick, p.role) for p in clan))]
        pairs += [(p.nick, ((checker, "lawyer"),)) for p in clan]
        reason = "lawyer_mafia"
    else:
        return []
    return [
        AcquaintanceMade(turn=t, audience=player(n), nick=n, others=o, reason=reason)
        for n, o in pairs
    ]


def recruit_prostitute(state: GameState, checks: dict[str, str]) -> tuple[GameState, list[Event]]:
    """G-M.8: checked by the commissar → town; by the lawyer → mafia; both → she chooses."""
    events: list[Event] = []
    for pr in state.by_role("prostitute"):
        if pr.side is not None:
            continue
        by_com = checks.get("commissar") == pr.nick
        by_law = checks.get("lawyer") == pr.nick
        if by_com and by_law:
            state = replace(state, pending_side_choice=True)
            events.append(SideChoiceAsked(turn=state.turn, audience=player(pr.nick), nick=pr.nick))
        elif by_com or by_law:
            side = TOWN if by_com else MAFIA
            state = state.with_player(pr.nick, side=side)
            events.append(Recruited(turn=state.turn, side=side))
    return state, events


def settle_side_choice(
    settings: RulesSettings, state: GameState, moves: Sequence[Move]
) -> tuple[GameState, list[Event]]:
    """G-M.8 Ruling: her `choose_side` before the next deadline decides; no answer → the
    `unanswered_side` setting (town), decided at that deadline."""
    # every letter is answered (a dead or unasked sender is refused, C-5)
    letters, events = take_moves(
        state, [m for m in moves if m.action == "choose_side"], check_move, None
    )
    if not state.pending_side_choice:
        return state, events
    for pr in state.by_role("prostitute"):
        answer = next((m.side for m in reversed(letters.side) if m.actor == pr.nick), None)
        side = answer or settings.unanswered_side
        state = state.with_player(pr.nick, side=side)
        events.append(Recruited(turn=state.turn, side=side))
    return replace(state, pending_side_choice=False), events


# ============================================================================================
# Win (G-W.1)
# ============================================================================================
def winner(settings: RulesSettings, state: GameState) -> str | None:
    """G-W.1: town once the godfather and every mafioso are gone; mafia once the town has
    fewer living players than the mafia (counting the lawyer and a prostitute the mafia
    recruited); the maniac only as the last one alive. Several at once →
    `gambler_win_priority` (maniac > mafia > town)."""
    living = state.living
    # nobody left (the last sheriff and the last mafioso shot each other): "no godfather or
    # mafia is left" still holds, so the town wins
    town = sum(1 for p in living if p.camp == TOWN)
    mafia = sum(1 for p in living if p.camp == MAFIA)
    holds = {
        "maniac": len(living) == 1 and living[0].role == "maniac",  # only alone
        "mafia": town < mafia,
        "town": not any(p.role in MAFIA_ROLES for p in living),
    }
    for who in settings.gambler_win_priority:
        if holds.get(who):
            return who
    return None
