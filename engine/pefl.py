"""PEFL rules (RULES.md P-*): one deadline a turn, resolved in the order of P-O.1.

The night is played step by step: every attempt of a step is collected first, then decided,
then applied — nobody dies inside an attacker's branch. Each rule is a small function named
after its meaning; RULES.md ids are in the docstrings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from engine.actions import PEFL_ROLES, Move, Vote
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
    record_vote,
    reject,
    rename_inputs,
    take_moves,
    take_out,
    vote_overrides,
)
from engine.events import (
    HOST,
    AcquaintanceMade,
    Beaten,
    CheckResult,
    DeathRecorded,
    DonChosen,
    DuelTossed,
    Event,
    GameWon,
    Hanged,
    Killed,
    NobodyRemoved,
    OverrideApplied,
    PostFlagged,
    Promoted,
    Removed,
    Resurrected,
    RoleDealt,
    Saved,
    TurnResolved,
    VotesCounted,
    WentMissing,
    player,
)
from engine.inputs import TurnInputs
from engine.kinds import CLANS, Cause, CheckSeen, Clan, Rescue, Role, Team
from engine.settings import RulesSettings
from engine.state import MANIAC, TOWN, GameState, Protect, Seat
from engine.words_ru import PEFL_ROLE_WORDS

MAFIOSI: tuple[Role, ...] = ("mafia", "thug", "kamikaze")
TOWN_ROLES = ("civilian", "commissar", "sergeant", "ninja", "doctor", "necromancer", "bastard")
HEROES = ("commissar", "sergeant", "ninja", "doctor")  # P-M.7
#: P-M.7: the violent deaths that count for the army — shot by either clan, taken by the
#: kamikaze whether he blasted them or they attacked him (cause `kamikaze`), or killed by
#: the maniac's shot or his ambush (cause `ambush`).
ARMY_CAUSES = ("yakuza", "triad", "mafia", "maniac", "kamikaze", "ambush")
PEACEFUL = ("civilian", "bastard")  # P-M.3
CLAN_KILLS = ("yakuza", "triad")
#: Strikes of a living hand that set off the kamikaze or an ambush (P-M.10, P-M.14).
HAND_STRIKES = ("yakuza", "triad", "maniac", "ninja")
#: Deaths nothing undoes (P-M.9, P-M.10, P-M.7).
UNDOABLE_NEVER = ("kamikaze", "army", "harakiri")

ROLE_ACTIONS: dict[Role, tuple[str, ...]] = {
    "commissar": ("check",),
    "sergeant": ("check",),  # only once promoted (P-M.2)
    "ninja": ("kill",),
    "doctor": ("heal",),
    "necromancer": ("protect", "army"),
    "mafia": ("kill",),
    "thug": ("kill", "beat"),
    "kamikaze": ("kill", "blast"),
    "maniac": ("kill", "ambush"),
}


def team_of(role: Role, clan: Clan | None) -> Team:
    if role in MAFIOSI:
        return clan or "mafia"
    if role == "maniac":
        return MANIAC
    return TOWN


def default_role_table(n: int) -> dict[str, int]:
    """P-S.1: about a third mafia in two clans (each with its special and a bastard)."""
    mafiosi = max(4, round(n / 3))
    yakuza = mafiosi - mafiosi // 2
    triad = mafiosi // 2
    table = {
        "commissar": 1,
        "sergeant": 1,
        "ninja": 1,
        "doctor": 1,
        "necromancer": 1,
        "maniac": 1,
        "kamikaze": 1,
        "thug": 1,
        "bastard": 2,
        # plain mafia per clan are dealt as "mafia"; dealing splits them by clan
        "mafia": yakuza - 1 + triad - 1,
    }
    table["civilian"] = n - sum(table.values())
    return table


@dataclass
class Night:
    """Working notes of one night's resolution (local to `resolve`, never stored)."""

    dead: dict[str, Cause] = field(default_factory=dict)  # nick -> cause, in order of death
    killer: dict[str, str | None] = field(default_factory=dict)
    unsaveable: set[str] = field(default_factory=set)  # heal/protect do not work (P-M.10)
    lost_move: set[str] = field(default_factory=set)
    beaten: str | None = None
    thug: str | None = None
    attacked: set[str] = field(default_factory=set)
    saved: dict[str, Rescue] = field(default_factory=dict)
    stories: dict[str, str] = field(default_factory=dict)
    heal_target: str | None = None  # decided at step 5, recorded at step 6
    blade: set[str] = field(default_factory=set)  # killed at step 5 by the ninja's own strike
    beaten_kamikaze: str | None = None  # the kamikaze the thug beat tonight (P-M.10)
    events: list[Event] = field(default_factory=list)  # notes for players, said at the end

    def kill(self, nick: str, cause: Cause, killer: str | None, *, final: bool = False) -> None:
        if nick in self.dead:
            return
        self.dead[nick] = cause
        self.killer[nick] = killer
        if final:
            self.unsaveable.add(nick)


class Pefl(RuleSetBase):
    """The PEFL rule set."""

    name = "pefl"
    title = "PEFL"
    roles = PEFL_ROLES
    setup_rule = "P-S.1"
    # P-S.1: the roles dealt into a clan (each clan has its bastard), in the order the deal
    # lays them out
    clan_roles = ("mafia", "kamikaze", "thug", "bastard")
    clan_member_roles = MAFIOSI  # P-S.3: the bastard is dealt into a clan, not a member
    fixed_clans = MappingProxyType({"thug": "triad", "kamikaze": "yakuza"})
    elects_dons = True  # P-S.2
    first_turn = 0
    turn_phases = ("day",)  # one deadline a turn: the day's votes, then the night (P-O.1)
    host_deadlines = True  # C-1: the host announces each deadline
    vote_kinds = (("day", "red"),)  # P-V.1
    vote_colors = ("family:red",)
    vote_order = "first"  # P-V.3: the first accepted vote is final
    vote_needs_reason = True  # P-V.1
    vote_agreement = True  # P-V.2
    kill_executor = True  # P-M.8
    silent_first_turn = True  # turn 0 is a night
    # P-P.1: the killer's kind is told (never his nick); P-M.11 beatings; P-E.1 at the end
    paper = PaperShows(kill_cause=True, beaten=True, votes_against=True)
    role_words = PEFL_ROLE_WORDS
    role_actions = MappingProxyType(ROLE_ACTIONS)

    @classmethod
    def team_of(cls, role: Role, clan: Clan | None = None) -> Team:
        return team_of(role, clan)

    @classmethod
    def letter_actions(cls, state: GameState, nick: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return letter_actions(state, nick)

    @classmethod
    def letter_mates(cls, state: GameState, nick: str) -> tuple[str, ...]:
        me = state.get(nick)
        if me.clan and me.role in MAFIOSI:
            return tuple(p.nick for p in state.clan_members(me.clan))
        return ()

    def request_changes(self) -> int | None:
        return self.settings.request_changes  # P-M.0

    def conditional_letter(self, state: GameState, move: Move, reason: str | None) -> bool:
        # P-M.8: a Don shoots himself only when he is his clan's last member; the day's
        # hanging (or a removal) comes before the night (P-O.1) and may leave him alone, so
        # his order stands until the deadline, where the engine checks it again
        return reason in ("don_executor", "no_executor")

    # --- set-up -----------------------------------------------------------------------------
    def new_game(self, seats: Sequence[Seat]) -> GameState:
        from engine.state import Player

        players = tuple(
            Player(
                nick=s.nick,
                role=s.role,
                team=team_of(s.role, s.clan),
                clan=s.clan,
                is_don=s.don,
            )
            for s in seats
        )
        state = GameState(ruleset=self.name, players=players, turn=0, phase="day")
        clans = {p.clan for p in players if p.role in MAFIOSI}
        return replace(state, dons_chosen=all(state.don(c) for c in clans if c))

    def role_table(self, players: int) -> dict[str, int]:
        """P-S.1 role counts, the host's `role_tables` entry winning."""
        custom = self.settings.role_tables.get(str(players))
        return dict(custom) if custom else default_role_table(players)

    def introductions(self, state: GameState) -> list[Event]:
        """P-S.3: role PMs; clans know members and bastard; commissar and sergeant meet."""
        return introductions(state)

    # --- moves ------------------------------------------------------------------------------
    def check_move(self, state: GameState, move: Move) -> str | None:
        return check_move(state, move)

    # --- the deadline -----------------------------------------------------------------------
    def resolve(
        self, state: GameState, inputs: TurnInputs, rng: random.Random
    ) -> tuple[GameState, list[Event]]:
        return resolve_turn(self.settings, state, inputs, rng)

    def winner(self, state: GameState) -> str | None:
        return winner(state)


# ============================================================================================
# Set-up (P-S.2, P-S.3)
# ============================================================================================
def told_role(role: Role) -> Role:
    """P-S.3: the bastard learns his role as `civilian`."""
    return "civilian" if role == "bastard" else role


def introductions(state: GameState) -> list[Event]:
    events: list[Event] = []
    t = state.turn
    for p in state.players:
        events.append(
            RoleDealt(
                turn=t,
                audience=player(p.nick),
                nick=p.nick,
                role=told_role(p.role),
                clan=p.clan if p.role in MAFIOSI else None,
            )
        )
    for clan in CLANS:
        members = [p for p in state.players if p.clan == clan and p.role in MAFIOSI]
        bastards = [p for p in state.players if p.clan == clan and p.role == "bastard"]
        for m in members:
            others = tuple((o.nick, o.role) for o in members if o.nick != m.nick)
            others += tuple((b.nick, "bastard") for b in bastards)
            events.append(
                AcquaintanceMade(
                    turn=t, audience=player(m.nick), nick=m.nick, others=others, reason="clan"
                )
            )
    com = state.by_role("commissar")
    sgt = state.by_role("sergeant")
    for a, b in ((com, sgt), (sgt, com)):
        for p in a:
            events.append(
                AcquaintanceMade(
                    turn=t,
                    audience=player(p.nick),
                    nick=p.nick,
                    others=tuple((o.nick, o.role) for o in b),
                    reason="commissar_sergeant",
                )
            )
    return events


def don_eligible(state: GameState, clan: Clan) -> list[str]:
    """P-S.2: a Don is a living member of the clan, never the kamikaze or the thug."""
    return [p.nick for p in state.clan_members(clan) if p.role == "mafia"]


def choose_dons(
    state: GameState, letters: Sequence[Move], rng: random.Random
) -> tuple[GameState, list[Event]]:
    """P-S.2 Don election on turn 0: most named eligible nick (ties: named first); none →
    appointed at random among the eligible (seeded)."""
    events: list[Event] = []
    for clan in CLANS:
        if not state.clan_members(clan) or state.don(clan) is not None:
            continue
        eligible = don_eligible(state, clan)
        if not eligible:
            continue
        count: dict[str, int] = {}
        first: dict[str, int] = {}
        for i, mv in enumerate(letters):
            sender = state.player(mv.actor)
            if mv.action != "don" or sender is None or sender.clan != clan or not mv.targets:
                continue
            if sender.role not in MAFIOSI or mv.targets[0] not in eligible:
                continue
            nick = mv.targets[0]
            count[nick] = count.get(nick, 0) + 1
            first.setdefault(nick, i)
        if count:
            don = max(count, key=lambda n: (count[n], -first[n]))
            how = "election"
        else:
            don = rng.choice(eligible)
            how = "appointment"
        state = state.with_player(don, is_don=True)
        for m in state.clan_members(clan):
            events.append(
                DonChosen(turn=state.turn, audience=player(m.nick), clan=clan, nick=don, by=how)
            )
        events.append(DonChosen(turn=state.turn, audience=HOST, clan=clan, nick=don, by=how))
    return replace(state, dons_chosen=True), events


# ============================================================================================
# Move validation (C-2, C-5, P-M.*)
# ============================================================================================
def check_move(state: GameState, move: Move) -> str | None:
    """Why this move cannot stand (a reason code), or None."""
    arity = {"army": (2,), "protect": (1, 2), "ambush": (0,), "don": (1,)}.get(move.action, (1,))
    reason = check_actor_and_targets(state, move, arity)
    if reason is not None:
        return reason
    actor = state.get(move.actor)
    if move.action == "don":
        return check_don_letter(state, move)
    if move.action not in ROLE_ACTIONS.get(actor.role, ()):
        return "wrong_role"
    if actor.role == "sergeant" and not actor.promoted:
        return "wrong_role"
    if state.turn == 0 and actor.role != "maniac":
        return "wrong_turn"  # P-S.2: on turn 0 only the maniac moves
    if actor.nick in move.targets:
        return "self_target"  # P-M.15 (and P-M.5, P-M.6 for doctor and necromancer)
    rule = _MOVE_RULES.get(move.action)
    return rule(state, actor.nick, move) if rule else None


def check_don_letter(state: GameState, move: Move) -> str | None:
    actor = state.get(move.actor)
    if actor.role not in MAFIOSI or actor.clan is None:
        return "wrong_role"
    if state.turn != 0 or state.don(actor.clan) is not None:
        return "wrong_turn"
    if move.targets[0] not in don_eligible(state, actor.clan):
        return "not_eligible"
    return None


def check_kill(state: GameState, nick: str, move: Move) -> str | None:
    """P-M.8: no clan may target a member of its own nor the bastard dealt into it; the Don's
    executor is a living clan member, the Don himself only once he is its last one. A
    member's letter counts only while the Don is silent, and then its sender executes
    whatever executor it names, so the name it gives is not checked."""
    actor = state.get(nick)
    if actor.role not in MAFIOSI:
        return None
    target = state.get(move.targets[0])
    if target.clan == actor.clan:
        return "own_bastard" if target.role == "bastard" else "own_clan"
    if not actor.is_don:
        return None
    if move.executor is not None:
        ex = state.player(move.executor)
        if ex is None or not ex.alive or ex.clan != actor.clan or ex.role not in MAFIOSI:
            return "executor_not_in_clan"
        if ex.is_don and actor.clan is not None and len(state.clan_members(actor.clan)) > 1:
            return "don_executor"
    elif actor.is_don and actor.clan is not None and len(state.clan_members(actor.clan)) > 1:
        return "no_executor"
    return None


def check_heal(state: GameState, nick: str, move: Move) -> str | None:
    """P-M.5: not the same player two turns running (a heal lost to a beating does not
    count)."""
    doc = state.get(nick)
    if doc.last_heal == move.targets[0] and doc.last_heal_turn == state.turn - 1:
        return "repeated_target"
    return None


def check_beat(state: GameState, nick: str, move: Move) -> str | None:
    """P-M.11: nobody is beaten twice a game, never the Triad's bastard."""
    target = state.get(move.targets[0])
    if target.beaten_once:
        return "already_beaten"
    if target.role == "bastard" and target.clan == state.get(nick).clan:
        return "own_bastard"
    return None


def check_blast(state: GameState, nick: str, move: Move) -> str | None:
    return "used" if state.get(nick).blast_used else None  # P-M.9: once a game


def check_ambush(state: GameState, nick: str, move: Move) -> str | None:
    return "used" if state.get(nick).ambush_used else None  # P-M.14: once a game


def check_protect(state: GameState, nick: str, move: Move) -> str | None:
    """P-M.6: two protects, in turns 1–2 only."""
    if state.turn not in (1, 2):
        return "wrong_turn"
    if state.get(nick).protects_given + len(move.targets) > 2:
        return "no_protects_left"
    return None


def check_army(state: GameState, nick: str, move: Move) -> str | None:
    return None if army_allowed(state, nick) else "army_not_allowed"


def letter_actions(state: GameState, nick: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The player's role actions and those allowed now: the Don election on turn 0
    (P-S.2), the sergeant only once promoted (P-M.2), on turn 0 only the maniac (P-S.2), and
    the once-a-game moves while unspent (P-M.6, P-M.7, P-M.9, P-M.14)."""
    me = state.get(nick)
    actions = ROLE_ACTIONS.get(me.role, ())
    if me.role in MAFIOSI and not state.dons_chosen and state.turn == 0:
        return (*actions, "don"), ("don",)
    if me.role == "sergeant" and not me.promoted:
        return actions, ()
    if state.turn == 0:
        return actions, (actions if me.role == "maniac" else ())
    allowed: list[str] = []
    for action in actions:
        if action == "blast" and me.blast_used:
            continue
        if action == "ambush" and me.ambush_used:
            continue
        if action == "protect" and (state.turn not in (1, 2) or me.protects_given >= 2):
            continue
        if action == "army" and not army_allowed(state, nick):
            continue
        allowed.append(action)
    return actions, tuple(allowed)


def army_allowed(state: GameState, necro: str) -> bool:
    """P-M.7: all town heroes died by mafia or maniac (`ARMY_CAUSES`), none hanged, ≥4 others
    alive, once."""
    if state.get(necro).army_used or state.hero_hanged:
        return False
    heroes = [p for p in state.players if p.role in HEROES]
    if not heroes:
        return False
    if any(p.alive or p.out_by not in ARMY_CAUSES for p in heroes):
        return False
    return len([p for p in state.living if p.nick != necro]) >= 4


_MOVE_RULES = {
    "kill": check_kill,
    "heal": check_heal,
    "beat": check_beat,
    "blast": check_blast,
    "ambush": check_ambush,
    "protect": check_protect,
    "army": check_army,
}


# ============================================================================================
# The turn (P-O.1)
# ============================================================================================
def resolve_turn(
    settings: RulesSettings, state: GameState, inputs: TurnInputs, rng: random.Random
) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    state, evs = apply_replacements(state, inputs.overrides)
    events += evs
    inputs = rename_inputs(inputs, inputs.overrides)
    allowed = 1 if inputs.posts_after_death is None else inputs.posts_after_death
    state, evs = flag_dead_posts(state, inputs.post_authors, lambda p: allowed)  # P-P.2
    events += evs
    letters, evs = take_moves(
        state, [m for m in inputs.moves if m.action == "don"], check_move, None
    )
    events += evs
    if not state.dons_chosen:  # P-S.2 (a game picked up after turn 0: appointed now)
        state, evs = choose_dons(state, letters.side, rng)
        events += evs

    testament: tuple[str, ...] = ()
    if state.turn > 0:
        events += beaten_posts_flagged(state, inputs.post_authors)
        state, evs, testament = play_day(settings, state, inputs)
        events += evs

    w = winner(state) if settings.pefl_check_win_after_day else None
    if w is None and any(p.alive for p in state.players):
        # the night's requests are taken as the night finds the town (after steps 1–3): the
        # hanged and the missing neither move nor are targets, and a Don left alone by the
        # day may execute his own order (P-M.8)
        night_moves = [m for m in inputs.moves if m.action != "don"]
        intake, evs = take_moves(state, night_moves, check_move, settings.request_changes)
        events += evs
        state, evs = play_night(settings, state, intake, testament)
        events += evs
        state, evs = step7_leavers(state, inputs)
        events += evs
        state, evs = promote_sergeant(state)
        events += evs
        state, evs = decide_end(state, rng)
        events += evs
    else:
        state, evs = decide_end(state, rng, after_night=False)
        events += evs

    events.append(TurnResolved(turn=state.turn, alive=state.living_nicks()))
    if state.over:
        return replace(state, phase="over"), events
    return replace(state, turn=state.turn + 1, phase="day"), events


# --- day: steps 1–3 -------------------------------------------------------------------------
def excused(state: GameState, nick: str) -> bool:
    """P-A.3: beaten last night → no post and no vote owed (and none allowed) this turn."""
    p = state.get(nick)
    return p.beaten_turn is not None and p.beaten_turn == state.turn - 1


def beaten_posts_flagged(state: GameState, post_authors: Sequence[str]) -> list[Event]:
    """P-A.3: a beaten player's posts in the turn after the beating are flagged to the host."""
    events: list[Event] = []
    seen: dict[str, int] = {}
    for nick in post_authors:
        p = state.player(nick)
        if p is None or not p.alive or not excused(state, nick):
            continue
        seen[nick] = seen.get(nick, 0) + 1
        events.append(
            PostFlagged(
                turn=state.turn, audience=HOST, nick=nick, count=seen[nick], reason="beaten"
            )
        )
    return events


def step1_missing(state: GameState, posters: Sequence[str]) -> tuple[GameState, list[Event]]:
    """P-A.1: a living player with no post this turn leaves at step 1, role revealed."""
    events: list[Event] = []
    posted = set(posters)
    for p in state.living:
        if p.nick in posted or excused(state, p.nick):
            continue
        state = take_out(state, p.nick, "missing")
        events.append(WentMissing(turn=state.turn, nick=p.nick, role=p.role, reason="no_post"))
    return state, events


def count_votes(
    state: GameState, votes: Sequence[Vote], day_living: set[str]
) -> tuple[GameState, list[Vote], list[Event]]:
    """P-V.1/P-V.3/P-A.3/C-5: first accepted vote of each living, non-beaten voter counts."""
    events: list[Event] = []
    counted: list[Vote] = []
    voted: set[str] = set()
    for v in votes:
        voter = state.player(v.voter)
        if voter is None:
            events.append(ignored_vote(state, v, "not_a_player"))
        elif v.voter not in day_living:
            events.append(ignored_vote(state, v, "dead"))
        elif excused(state, v.voter):
            events.append(ignored_vote(state, v, "beaten"))
        elif v.voter in voted:
            events.append(ignored_vote(state, v, "changed_vote"))
        elif v.target not in day_living:
            events.append(ignored_vote(state, v, "dead_target"))
        else:
            voted.add(v.voter)
            counted.append(v)
            state = record_vote(state, v)
    return state, counted, events


def hanging_choice(counted: Sequence[Vote], candidates: set[str]) -> str | None:
    """P-V.4: most votes hangs; a tie → the one who first reached that number."""
    tally: dict[str, int] = {}
    reached: dict[tuple[str, int], int] = {}
    for i, v in enumerate(counted):
        if v.target not in candidates:
            continue
        tally[v.target] = tally.get(v.target, 0) + 1
        reached[(v.target, tally[v.target])] = i
    if not tally:
        return None
    top = max(tally.values())
    tied = [n for n, c in tally.items() if c == top]
    return min(tied, key=lambda n: reached[(n, top)])


def play_day(
    settings: RulesSettings, state: GameState, inputs: TurnInputs
) -> tuple[GameState, list[Event], tuple[str, ...]]:
    """Steps 1–3 of P-O.1 with the day's vote (P-V.*, P-A.*)."""
    events: list[Event] = []
    t = state.turn
    day_living = set(state.living_nicks())
    state, evs = step1_missing(state, inputs.posters)
    events += evs
    missing = {e.nick for e in evs if isinstance(e, WentMissing)}

    votes = tuple(v for v in inputs.votes if v.kind in ("red", "vote"))
    votes, evs, _ = vote_overrides(replace(inputs, votes=votes), "red")
    events += [replace(e, turn=t) for e in evs]
    state, counted, evs = count_votes(state, votes, day_living)
    events += evs

    voters = {v.voter for v in counted}
    abstained = [
        n
        for n in cast_order(state, day_living)
        if n not in voters
        and not excused(state, n)
        and (settings.missing_abstain or n not in missing)
    ]
    for n in abstained:
        if n not in missing:
            state = state.with_player(n, abstentions=state.get(n).abstentions + 1)
    tally: dict[str, int] = {}
    for v in counted:
        tally[v.target] = tally.get(v.target, 0) + 1
    events.append(
        VotesCounted(
            turn=t,
            votes=tuple((n, tally[n]) for n in cast_order(state, tally)),
            abstained=tuple(abstained),
        )
    )

    # step 2: the hanging (P-V.4), or the host's forced hang (C-6)
    candidates = set(state.living_nicks())
    forced = [ov for ov in inputs.overrides if ov.kind == "hang"]
    hanged: str | None
    if forced:
        hanged = forced[-1].nick if forced[-1].nick in candidates else None
        events.append(OverrideApplied(turn=t, what="hang", nick=hanged))
    else:
        hanged = hanging_choice(counted, candidates)
    testament: tuple[str, ...] = ()
    if hanged is None:
        host = not forced and not settings.nobody_hanged_without_votes
        events.append(NobodyRemoved(turn=t, reason="host_to_decide" if host else "no_votes"))
    else:
        h = state.get(hanged)
        state = take_out(state, hanged, "hanged")
        events.append(Hanged(turn=t, nick=hanged, role=h.role, votes=tally.get(hanged, 0)))
        if h.role in HEROES:
            state = replace(state, hero_hanged=True)
        if h.role == "ninja":
            testament = ninja_testament_voters(counted, hanged)

    # step 3: rule-breakers removed by the host
    for ov in inputs.overrides:
        if ov.kind == "remove" and ov.step != 7 and ov.nick:
            state, evs = remove_player(state, ov.nick)
            events += evs
    return state, events, testament


def ninja_testament_voters(counted: Sequence[Vote], ninja: str) -> tuple[str, ...]:
    """P-M.4: the voters against the hanged ninja, in the order they voted."""
    return tuple(v.voter for v in counted if v.target == ninja)


def remove_player(state: GameState, nick: str) -> tuple[GameState, list[Event]]:
    """C-6 / P-O.1 step 3: the host removes a player; role revealed."""
    p = state.player(nick)
    if p is None or not p.alive:
        return state, []
    state = take_out(state, nick, "override")
    return state, [
        Removed(turn=state.turn, nick=nick, role=p.role),
        DeathRecorded(turn=state.turn, audience=HOST, nick=nick, cause="override"),
        OverrideApplied(turn=state.turn, what="remove", nick=nick),
    ]


# --- night: steps 4–6 -----------------------------------------------------------------------
def standing(
    state: GameState, intake: Intake, night: Night, actor: str, action: str
) -> Move | None:
    """The actor's request of this kind if he is alive and still has his move."""
    mv = intake.requests.get(actor)
    if mv is None or mv.action != action or actor in night.lost_move or actor in night.dead:
        return None
    p = state.player(actor)
    if p is None or not p.alive:
        return None
    return mv


def play_night(
    settings: RulesSettings,
    state: GameState,
    intake: Intake,
    testament: tuple[str, ...],
) -> tuple[GameState, list[Event]]:
    """Steps 4–6 of P-O.1 (no chance involved: the night is decided by the moves alone)."""
    events: list[Event] = []
    night = Night()
    # the day has passed since the moves arrived: the hanged, missing and removed neither
    # move nor can be targeted any more (C-5, P-O.1 steps 1–3), so every request is checked
    # again against the state at nightfall
    for actor, mv in intake.requests.items():
        reason = check_move(state, mv)
        if reason is not None:
            night.lost_move.add(actor)
            events.append(reject(state, mv, reason))
    ambusher = ambushing_maniac(state, intake, night)

    state = step4_blast_and_beat(state, intake, night, ambusher)
    attacks, state, evs = step5_collect(settings, state, intake, night, ambusher)
    events += evs
    state = step5_decide(settings, state, intake, night, attacks, ambusher, testament)
    state, evs = step6_checks_heals_resurrections(settings, state, intake, night, ambusher)
    events += evs
    state = ninja_harakiri(settings, state, intake, night)
    events += night.events
    state, evs = apply_night(state, night, settings.beaten_and_killed_named)
    events += evs
    return state, events


def ambushing_maniac(state: GameState, intake: Intake, night: Night) -> str | None:
    """P-M.14: the maniac sits in ambush tonight (a beating does not stop it, P-M.12)."""
    for m in state.by_role("maniac"):
        if standing(state, intake, night, m.nick, "ambush"):
            return m.nick
    return None


def step4_blast_and_beat(
    state: GameState, intake: Intake, night: Night, ambusher: str | None
) -> GameState:
    """Step 4: the kamikaze's blast and the thug's beating, with their accidents
    (P-M.9–P-M.12)."""
    blast: tuple[str, str] | None = None
    beat: tuple[str, str] | None = None
    for k in state.by_role("kamikaze"):
        mv = standing(state, intake, night, k.nick, "blast")
        if mv:
            blast = (k.nick, mv.targets[0])
            state = state.with_player(k.nick, blast_used=True)
    for th in state.by_role("thug"):
        mv = standing(state, intake, night, th.nick, "beat")
        if mv:
            beat = (th.nick, mv.targets[0])
    if beat:
        thug, victim = beat
        night.thug = thug
        v = state.get(victim)
        if v.role == "kamikaze":
            beating_the_kamikaze(night, thug, victim, blast)
            blast = None
        elif victim == ambusher:
            thug_beats_ambusher(night, thug)
        else:
            night.beaten = victim
    if blast:
        kamikaze, target = blast
        kamikaze_blast(state, night, kamikaze, target)
    if night.beaten and night.beaten not in night.dead:
        night.lost_move.add(night.beaten)
        lost = intake.requests.get(night.beaten)
        if lost is not None:  # P-M.11: his move of this night is gone; he is told so
            night.events.append(reject(state, lost, "beaten"))
        b = state.get(night.beaten)
        state = state.with_player(b.nick, beaten_once=True, beaten_turn=state.turn)
    elif night.beaten:
        night.beaten = None
    return state


def beating_the_kamikaze(
    night: Night, thug: str, kamikaze: str, blast: tuple[str, str] | None
) -> None:
    """P-M.10: the thug who beats the kamikaze dies with him; if the kamikaze was going
    to blast, his target dies too."""
    night.kill(thug, "kamikaze", kamikaze, final=True)
    night.kill(kamikaze, "kamikaze", kamikaze, final=True)
    night.beaten_kamikaze = kamikaze
    if blast:
        night.kill(blast[1], "kamikaze", kamikaze, final=True)


def thug_beats_ambusher(night: Night, thug: str) -> None:
    """P-M.12: a thug who beats the maniac on an ambush night dies; the ambush stands."""
    night.kill(thug, "thug_accident", None)


def kamikaze_blast(state: GameState, night: Night, kamikaze: str, target: str) -> None:
    """P-M.9: the target dies whatever protects him, and the kamikaze dies; blasting the
    thug also kills whoever the thug beat tonight (P-M.10)."""
    night.kill(target, "kamikaze", kamikaze, final=True)
    night.kill(kamikaze, "kamikaze", kamikaze, final=True)
    if state.get(target).role == "thug" and night.beaten and target == night.thug:
        night.kill(night.beaten, "kamikaze", kamikaze, final=True)


def clan_kill(
    settings: RulesSettings, state: GameState, intake: Intake, night: Night, clan: Clan
) -> tuple[Attack | None, list[Event]]:
    """P-M.8: the Don's letter (victim + executor) or, the Don silent, the first member's
    request with its sender as executor. A beaten or dead executor shoots nobody; the thug
    who beats cannot be the executor (P-M.11)."""
    events: list[Event] = []
    members = [p for p in state.clan_members(clan) if p.nick not in night.dead]
    if not members:
        return None, events
    don = state.don(clan)
    chosen: Move | None = None
    executor: str | None = None
    # A Don blown up at step 4 wrote his letter before the deadline; only its executor has
    # to be alive at step 5 (`blasted_don_order_stands`).
    if don is not None and (don.nick not in night.dead or settings.blasted_don_order_stands):
        mv = intake.requests.get(don.nick)
        silent = don.nick in night.lost_move and (
            don.nick != night.beaten or settings.beaten_don_counts_as_silent
        )
        if mv is not None and mv.action == "kill" and not silent:
            chosen = mv
            executor = mv.executor or don.nick
    if chosen is None:
        for actor in intake.order:
            p = state.get(actor)
            mv = intake.requests[actor]
            if p.clan != clan or p.role not in MAFIOSI or mv.action != "kill" or p.is_don:
                continue
            if actor in night.dead or actor in night.lost_move or not p.alive:
                continue
            chosen, executor = mv, actor
            break
    if chosen is None or executor is None:
        return None, events
    ex = state.get(executor)
    if executor in night.dead or not ex.alive:
        return None, events
    if executor == night.thug:
        events.append(reject(state, chosen, "executor_busy"))
        return None, events
    if executor == night.beaten and settings.beaten_executor_fails:
        return None, events
    return Attack(executor, clan, chosen.targets[0], chosen.story), events


def step5_collect(
    settings: RulesSettings,
    state: GameState,
    intake: Intake,
    night: Night,
    ambusher: str | None,
) -> tuple[list[Attack], GameState, list[Event]]:
    """Step 5, first half: every shot, protect and the army, collected (not yet applied)."""
    events: list[Event] = []
    attacks: list[Attack] = []
    for clan in CLANS:
        a, evs = clan_kill(settings, state, intake, night, clan)
        events += evs
        if a:
            attacks.append(a)
    for m in state.by_role("maniac"):
        mv = standing(state, intake, night, m.nick, "kill")
        if mv:
            attacks.append(Attack(m.nick, "maniac", mv.targets[0], mv.story))
        if m.nick == ambusher:
            state = state.with_player(m.nick, ambush_used=True)
    for n in state.by_role("ninja"):
        mv = standing(state, intake, night, n.nick, "kill")
        if mv:
            attacks.append(Attack(n.nick, "ninja", mv.targets[0], mv.story))
    for nec in state.by_role("necromancer"):
        mv = standing(state, intake, night, nec.nick, "protect")
        if mv:
            state = necromancer_protects(state, nec.nick, mv.targets)
        mv = standing(state, intake, night, nec.nick, "army")
        if mv and army_allowed(state, nec.nick):
            attacks += army_of_darkness(night, nec.nick, mv.targets)
            state = state.with_player(nec.nick, army_used=True)
    return attacks, state, events


def necromancer_protects(state: GameState, necro: str, targets: Sequence[str]) -> GameState:
    """P-M.6: protects handed out at step 5 (they last until they resurrect somebody)."""
    given = state.get(necro).protects_given + len(targets)
    state = state.with_player(necro, protects_given=given)
    new = tuple(Protect(target=t, given_turn=state.turn) for t in targets)
    return replace(state, protects=state.protects + new)


def army_of_darkness(night: Night, necro: str, targets: Sequence[str]) -> list[Attack]:
    """P-M.7: both targets die (nothing saves them) and so does the necromancer."""
    night.kill(necro, "army", necro, final=True)
    return [Attack(necro, "army", t) for t in targets]


def touch_the_kamikaze(night: Night, attack: Attack, kamikaze: str) -> None:
    """P-M.10: whoever tries to kill the kamikaze dies with him; heal/protect do not work.

    Causes by the P-M.14 ruling (the striker's rule names the cause): the kamikaze dies of
    the shot that hit him (`triad`, `maniac` …), the shooter of the `kamikaze`."""
    night.attacked.add(kamikaze)
    night.kill(kamikaze, attack.kind, attack.attacker, final=True)
    if attack.attacker:
        night.kill(attack.attacker, "kamikaze", kamikaze, final=True)


def shot_at_beaten_kamikaze(night: Night, attack: Attack, kamikaze: str) -> None:
    """P-M.12 Ruling (setting `shot_at_beaten_kamikaze_dies`): the beating at step 4 and a
    shot at step 5 meet in one blast, so whoever shot at the kamikaze the thug beat tonight
    dies with him (P-M.10: the executor for a clan kill; nothing saves him), though the
    kamikaze already fell at step 4."""
    night.attacked.add(kamikaze)
    if attack.attacker:
        night.kill(attack.attacker, "kamikaze", kamikaze, final=True)


def ambush_springs(
    night: Night, attack: Attack, ambusher: str, weighed: list[Attack] | None = None
) -> None:
    """P-M.14: whoever tries to kill the ambushing maniac dies (cause `ambush`). With
    `weighed` the ambush becomes the maniac's strike on the shooter, weighed with the
    night's other strikes against a heal (P-M.5); without it the shooter simply dies."""
    night.attacked.add(ambusher)
    night.saved.setdefault(ambusher, "ambush")
    if not attack.attacker:
        return
    if weighed is not None:
        weighed.append(Attack(ambusher, "ambush", attack.attacker))
    else:
        night.kill(attack.attacker, "ambush", ambusher)


#: P-M.5: the strikes a heal answers: the clans' and the maniac's (his ambush included; it
#: reaches the plain strikes only with `heal_stops_ambush`).
HEALABLE: tuple[Cause, ...] = ("yakuza", "triad", "maniac", "ambush")


def heal_works(attacks: Sequence[Attack]) -> bool:
    """P-M.5: one attack, by the mafia or the maniac (not twice, not ninja or kamikaze)."""
    return len(attacks) == 1 and attacks[0].kind in HEALABLE


def vest_stops(settings: RulesSettings, kinds: list[Cause]) -> list[Cause] | None:
    """P-M.13 Ruling: the vest stops one bullet of the kinds in `vest_stops`, once.
    Returns the remaining lethal strikes, or None when the vest stopped nothing."""
    for i, k in enumerate(kinds):
        if k in settings.vest_stops:
            return kinds[:i] + kinds[i + 1 :]
    return None


def fates(
    settings: RulesSettings,
    state: GameState,
    attacks: Sequence[Attack],
    heal_target: str | None,
) -> tuple[dict[str, list[Attack]], dict[str, Rescue], bool]:
    """Decide (not apply) who dies of the plain attacks: returns lethal strikes per target,
    who was saved and how, and whether the vest was used."""
    by_target: dict[str, list[Attack]] = {}
    for a in attacks:
        by_target.setdefault(a.target, []).append(a)
    lethal: dict[str, list[Attack]] = {}
    saved: dict[str, Rescue] = {}
    vest_used = False
    for target, strikes in by_target.items():
        p = state.get(target)
        if target == heal_target and heal_works(strikes):
            saved[target] = "heal"  # P-M.5: the heal comes first, the vest stays whole
            continue
        kinds = [a.kind for a in strikes]
        if p.role == "maniac" and p.vest:
            rest = vest_stops(settings, kinds)
            if rest is not None:
                vest_used = True
                if not rest:
                    saved[target] = "vest"
                    continue
                strikes = [a for a in strikes if a.kind in rest] or strikes
        lethal[target] = strikes
    return lethal, saved, vest_used


def strikes_past_the_traps(
    settings: RulesSettings,
    state: GameState,
    night: Night,
    attacks: list[Attack],
    ambusher: str | None,
) -> list[Attack]:
    """Step 5, first part: the kamikaze and the ambush take the hand strikes aimed at them;
    the strikes left over, to be weighed against heals and the vest, are returned.
    Apart from `step5_decide` because the traps fire before any heal is considered."""
    plain: list[Attack] = []
    weighed = plain if settings.heal_stops_ambush else None
    dead_at_step4 = set(night.dead)
    for a in attacks:
        if a.target in dead_at_step4:
            if (
                a.target == night.beaten_kamikaze
                and a.kind in HAND_STRIKES
                and settings.shot_at_beaten_kamikaze_dies
            ):
                shot_at_beaten_kamikaze(night, a, a.target)
            elif (
                a.target == ambusher
                and a.kind in HAND_STRIKES
                and settings.ambush_holds_after_death
            ):
                ambush_springs(night, a, ambusher, weighed)
            elif a.target not in night.unsaveable:
                night.attacked.add(a.target)
                plain.append(a)  # a protect may still bring him back: every strike counts
            continue  # blown up at step 4: the shot finds a dead man
        t = state.get(a.target)
        if a.kind in HAND_STRIKES and t.role == "kamikaze":
            touch_the_kamikaze(night, a, t.nick)
        elif a.kind in HAND_STRIKES and a.target == ambusher:
            ambush_springs(night, a, ambusher, weighed)
        else:
            plain.append(a)
    return plain


def step5_decide(
    settings: RulesSettings,
    state: GameState,
    intake: Intake,
    night: Night,
    attacks: list[Attack],
    ambusher: str | None,
    testament: tuple[str, ...],
) -> GameState:
    """Step 5, second half: the kamikaze and the ambush first, then heals and the vest;
    the ninja's testament takes the first voter not dying anyway (P-M.4)."""
    dead_at_step4 = set(night.dead)
    plain = strikes_past_the_traps(settings, state, night, attacks, ambusher)
    # strikers who died at step 5 (kamikaze, ambush) still fired: the shots were simultaneous
    heal_target, doctor = doctor_heal(state, intake, night)
    lethal, saved, _ = fates(settings, state, plain, heal_target)
    if doctor and doctor in lethal and not settings.doctor_killed_heals:
        heal_target = None  # P-M.5 Ruling: a doctor who dies at step 5 loses his heal
    if testament:
        dying = set(night.dead) | set(lethal)
        victim = next(
            (n for n in testament if state.get(n).alive and n not in dying),
            None,
        )
        if victim is not None:
            plain.append(Attack(None, "testament", victim))
    lethal, saved, vest_used = fates(settings, state, plain, heal_target)
    if doctor and doctor in lethal and not settings.doctor_killed_heals and heal_target:
        heal_target = None
        lethal, saved, vest_used = fates(settings, state, plain, heal_target)
    for a in plain:
        night.attacked.add(a.target)
        if a.story:
            night.stories.setdefault(a.target, a.story)
    for target, strikes in lethal.items():
        if target not in dead_at_step4 and any(a.kind == "ninja" for a in strikes):
            night.blade.add(target)  # P-M.3: his blade struck a living man and killed him
        cause = pick_cause([a.kind for a in strikes], settings.cause_priority)
        killer = next((a.attacker for a in strikes if a.kind == cause), None)
        night.kill(target, cause, killer, final=cause in UNDOABLE_NEVER)
    for target, how in saved.items():
        night.saved.setdefault(target, how)
    if vest_used:
        for m in state.by_role("maniac"):
            state = state.with_player(m.nick, vest=False)
    night.heal_target = heal_target
    return state


def doctor_heal(state: GameState, intake: Intake, night: Night) -> tuple[str | None, str | None]:
    for d in state.by_role("doctor"):
        mv = standing(state, intake, night, d.nick, "heal")
        if mv:
            return mv.targets[0], d.nick
    return None, None


def step6_checks_heals_resurrections(
    settings: RulesSettings,
    state: GameState,
    intake: Intake,
    night: Night,
    ambusher: str | None,
) -> tuple[GameState, list[Event]]:
    """Step 6: the commissar's check (copied to the sergeant), the doctor's heal is recorded,
    the necromancer resurrects the protected (P-M.1, P-M.2, P-M.5, P-M.6)."""
    events: list[Event] = []
    heal_target = night.heal_target
    for d in state.by_role("doctor"):
        mv = standing(state, intake, night, d.nick, "heal")
        if mv and heal_target is not None:
            state = state.with_player(d.nick, last_heal=heal_target, last_heal_turn=state.turn)
    for c in state.living:
        is_checker = c.role == "commissar" or (c.role == "sergeant" and c.promoted)
        if not is_checker:
            continue
        if c.nick in night.dead and not settings.commissar_killed_checks:
            continue
        mv = (
            standing(state, intake, night, c.nick, "check")
            if c.nick not in night.dead
            else (intake.requests.get(c.nick))
        )
        if mv is None or mv.action != "check":
            continue
        # P-M.14 setting: a dead ambusher's ambush holds only if the host says so
        lurking = ambusher
        if ambusher in night.dead and not settings.ambush_holds_after_death:
            lurking = None
        healed = settings.heal_stops_ambush and night.heal_target == c.nick
        events += commissar_check(state, night, c.nick, mv.targets[0], lurking, healed=healed)
    state, evs = necromancer_resurrects(state, night)
    events += evs
    return state, events


def role_the_commissar_sees(state: GameState, target: str) -> CheckSeen:
    """P-M.1: a mafioso shows his clan, the bastard `bastard`, others their exact role."""
    p = state.get(target)
    if p.role in MAFIOSI:
        return p.clan or "mafia"
    return p.role


def commissar_check(
    state: GameState,
    night: Night,
    checker: str,
    target: str,
    ambusher: str | None,
    *,
    healed: bool = False,
) -> list[Event]:
    """P-M.1 (+ thug's nick when the target was beaten), P-M.2 (sergeant's copy), P-M.14
    (checking the ambushing maniac kills the checker, unless the doctor healed him and
    nothing else struck him that night, P-M.5)."""
    if target == ambusher:
        night.attacked.add(ambusher)
        if healed and checker not in night.attacked:
            night.attacked.add(checker)
            night.saved.setdefault(checker, "heal")
            return []  # alive, but the ambusher tells him nothing
        night.saved.pop(checker, None)  # a heal does not hold against a second strike
        night.attacked.add(checker)
        night.kill(checker, "ambush", ambusher)
        return []
    result = role_the_commissar_sees(state, target)
    thug = night.thug if night.beaten == target else None
    by = "commissar"
    events: list[Event] = [
        CheckResult(
            turn=state.turn,
            audience=player(checker),
            by=by,
            target=target,
            result=result,
            thug=thug,
        )
    ]
    for s in state.by_role("sergeant"):
        if s.nick != checker and not s.promoted:
            events.append(
                CheckResult(
                    turn=state.turn,
                    audience=player(s.nick),
                    by="sergeant",
                    target=target,
                    result=result,
                    thug=thug,
                )
            )
    return events


def necromancer_resurrects(state: GameState, night: Night) -> tuple[GameState, list[Event]]:
    """P-M.6: a protected player killed tonight comes back if the necromancer lives at
    step 6; the protect is spent. Blasts, the kamikaze's touch and the army are final."""
    events: list[Event] = []
    necros = [p for p in state.by_role("necromancer") if p.nick not in night.dead]
    if not necros:
        return state, events
    protects = list(state.protects)
    for nick in list(night.dead):
        if nick in night.unsaveable:
            continue
        for i, pr in enumerate(protects):
            if pr.target == nick and pr.spent_turn is None:
                protects[i] = replace(pr, spent_turn=state.turn)
                del night.dead[nick]
                night.saved[nick] = "protect"
                events.append(Resurrected(turn=state.turn, audience=HOST, nick=nick))
                break
    return replace(state, protects=tuple(protects)), events


def ninja_harakiri(
    settings: RulesSettings, state: GameState, intake: Intake, night: Night
) -> GameState:
    """P-M.3: the ninja's second peaceful victim makes him commit harakiri the same night.
    Only deaths his blade caused count: a target blown up at step 4 was dead before the
    ninja struck at step 5, even if the blade "hit" him."""
    for n in state.by_role("ninja"):
        mv = standing(state, intake, night, n.nick, "kill")
        if mv is None:
            continue
        target = state.get(mv.targets[0])
        killed = target.nick in night.blade and (
            night.dead.get(target.nick) is not None
            or (settings.ninja_count_resurrected and night.saved.get(target.nick) == "protect")
        )
        if target.role in PEACEFUL and killed:
            count = n.peaceful_kills + 1
            state = state.with_player(n.nick, peaceful_kills=count)
            if count >= 2 and n.nick not in night.dead:
                night.kill(n.nick, "harakiri", n.nick, final=True)
    return state


def apply_night(
    state: GameState, night: Night, beaten_and_killed_named: bool = True
) -> tuple[GameState, list[Event]]:
    """Apply the night's decided deaths at once and say so (public: role and the killer's
    kind, never a nick, P-P.1; host: the exact cause and the striker). A player the thug
    beat at step 4 is named as beaten even when he dies later that night (P-M.11 ruling,
    setting `beaten_and_killed_named`)."""
    events: list[Event] = []
    t = state.turn
    # night.beaten is set only when the beating held at step 4 (the victim alive then)
    killed_after = night.beaten in night.dead
    if (
        night.beaten
        and state.get(night.beaten).alive
        and (beaten_and_killed_named or not killed_after)
    ):
        events.append(Beaten(turn=t, nick=night.beaten))
    for nick in list(night.dead):
        cause = night.dead[nick]
        p = state.get(nick)
        state = take_out(state, nick, cause)
        events.append(
            Killed(
                turn=t,
                nick=nick,
                role=p.role,
                clan=p.clan if p.role in MAFIOSI else None,
                by=cause,
                story=night.stories.get(nick),
            )
        )
        events.append(
            DeathRecorded(
                turn=t, audience=HOST, nick=nick, cause=cause, killer=night.killer.get(nick)
            )
        )
    for nick in cast_order(state, night.saved):
        if state.get(nick).alive:
            events.append(Saved(turn=t, audience=HOST, nick=nick, how=night.saved[nick]))
    return state, events


# --- step 7 and the end ---------------------------------------------------------------------
def step7_leavers(state: GameState, inputs: TurnInputs) -> tuple[GameState, list[Event]]:
    """P-A.2: second abstainers go missing at step 7, with the host's step-7 removals."""
    events: list[Event] = []
    for p in state.living:
        if p.abstentions >= 2:
            state = take_out(state, p.nick, "missing")
            events.append(
                WentMissing(turn=state.turn, nick=p.nick, role=p.role, reason="second_abstention")
            )
    for ov in inputs.overrides:
        if ov.kind == "remove" and ov.step == 7 and ov.nick:
            p2 = state.player(ov.nick)
            if p2 is not None and p2.alive:
                state = take_out(state, p2.nick, "missing")
                events.append(
                    WentMissing(turn=state.turn, nick=p2.nick, role=p2.role, reason="override")
                )
                events.append(OverrideApplied(turn=state.turn, what="remove", nick=p2.nick))
    return state, events


def promote_sergeant(state: GameState) -> tuple[GameState, list[Event]]:
    """P-M.2: the commissar dead, the sergeant takes the badge from the next turn."""
    if any(p.alive for p in state.by_role("commissar", alive=False)):
        return state, []
    events: list[Event] = []
    for s in state.by_role("sergeant"):
        if not s.promoted:
            state = state.with_player(s.nick, promoted=True)
            events.append(Promoted(turn=state.turn, audience=player(s.nick), nick=s.nick))
    return state, events


def camp(state: GameState, nick: str) -> str:
    p = state.get(nick)
    return p.clan or "mafia" if p.role in MAFIOSI else p.team


def winner(state: GameState) -> str | None:
    """P-W.1: the town, once no mafioso and no maniac is alive and it still has a player of
    its own; a clan, once it is the only side with anyone alive; the maniac, as the last one
    alive."""
    living = state.living
    if not living:
        return None
    camps = {camp(state, p.nick) for p in living}
    if len(camps) == 1:
        return camps.pop()
    if not any(p.role in MAFIOSI or p.role == "maniac" for p in living):
        return TOWN
    return None


def decide_end(
    state: GameState, rng: random.Random, *, after_night: bool = True
) -> tuple[GameState, list[Event]]:
    """P-W.1, and after a night P-E.2 / P-E.1 for the last two of opposing camps."""
    events: list[Event] = []
    living = state.living
    w = winner(state)
    how = "P-W.1"
    if w is None and after_night and len(living) == 2:
        a, b = living
        ca, cb = camp(state, a.nick), camp(state, b.nick)
        if ca != cb:
            w, how, evs = last_two(state, a.nick, b.nick, rng)
            events += evs
    if w is None and not living:
        events.append(GameWon(turn=state.turn, winner=None, how="P-W.1"))
        return replace(state, over=True), events
    if w is None:
        return state, events
    events.append(GameWon(turn=state.turn, winner=w, how=how, survivors=state.living_nicks()))
    return replace(state, winner=w, over=True), events


def last_two(state: GameState, a: str, b: str, rng: random.Random) -> tuple[str, str, list[Event]]:
    """P-E.2: when the two left are a mafioso and the bastard of his clan, the town wins.
    P-E.1: otherwise the winner is whoever drew fewer votes across the whole game; on equal
    counts the one voted against first loses; with no votes at all a coin decides."""
    pa, pb = state.get(a), state.get(b)
    for m, o in ((pa, pb), (pb, pa)):
        if m.role in MAFIOSI and o.role == "bastard" and o.clan == m.clan:
            return TOWN, "P-E.2", []
    va, vb = len(pa.votes_received), len(pb.votes_received)
    events: list[Event] = []
    if va != vb:
        win = a if va < vb else b
    elif va == 0:
        loser = rng.choice([a, b])
        events.append(DuelTossed(turn=state.turn, players=(a, b), loser=loser))
        win = b if loser == a else a
    else:
        first_a = min(v.seq for v in pa.votes_received)
        first_b = min(v.seq for v in pb.votes_received)
        win = b if first_a < first_b else a
    return camp(state, win), "P-E.1", events
