"""The engine's view of a letter's sender: what the move reader needs to read through his role.

A host reads «Иду к Кате с аптечкой» as a heal because he knows the letter is the doctor's.
`SenderView` carries that knowledge (role, clan, who is alive, the turn, which actions the
role has and which of them the rules allow right now); `sender_view` builds it from the
engine's `GameState` in one place, so the daemon and `mafiabot parse moves` agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from engine.actions import Move
from engine.kinds import (
    Clan,
    Exit,
    Role,
    RulesetName,
    as_clan,
    as_exit,
    as_role,
    as_ruleset,
)
from engine.rules import ruleset_class
from engine.settings import RulesSettings
from engine.state import GameState, Player


@dataclass(frozen=True, slots=True)
class SenderView:
    """Who wrote the letter, as the engine sees him.

    role_actions: every action the role has (RULES.md ids); empty when the role is not known
    (the reader then goes by the words alone). allowed: those the rules allow this turn.
    clan_mates: living members of the sender's mafia (himself included), the possible
    executors of a PEFL clan kill (P-M.8). ruleset: None when the letter is read with no
    game behind it (by its words alone). dead: players already out, so that a move on one
    is answered «not among the living», not read as an ordinary word.
    """

    nick: str
    ruleset: RulesetName | None = None
    role: Role | None = None
    clan: Clan | None = None
    turn: int = 1
    living: tuple[str, ...] = ()
    role_actions: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()
    clan_mates: tuple[str, ...] = ()
    is_don: bool = False
    dead: tuple[str, ...] = ()
    later: tuple[str, ...] = ()
    forbidden: tuple[tuple[str, str, str], ...] = ()
    bad_executors: tuple[tuple[str, str], ...] = ()

    # later: actions the rules do not allow now but may still take at the deadline (a
    # Gambler mafioso's kill while the godfather lives counts if the court jails him, G-M.5)
    # forbidden: (action, target, the engine's reason) for each living player the rules do
    # not let this role aim that action at (himself, P-M.15; his own clan or bastard, P-M.8,
    # P-M.11; G-M.7's second self-heal …), as the engine's own `check_move` says.
    # bad_executors: (clan mate, the engine's reason) for executors a Don may not name
    # (himself while the clan has others, P-M.8).

    def forbidden_reason(self, action: str, target: str) -> str | None:
        """The engine's reason why this role may not aim `action` at `target`, or None."""
        return next(
            (r for a, t, r in self.forbidden if a == action and t == target),
            None,
        )

    def executor_reason(self, executor: str) -> str | None:
        """The engine's reason why this Don may not name `executor`, or None."""
        return next((r for e, r in self.bad_executors if e == executor), None)

    @property
    def known(self) -> bool:
        return self.role is not None

    def moving_actions(self) -> tuple[str, ...]:
        """The role's actions that take a target or stand alone, the side choice and the Don
        election left out (they are read from their own words)."""
        return tuple(a for a in self.role_actions if a not in ("choose_side", "don"))


def sender_view(state: GameState, nick: str) -> SenderView | None:
    """The view of `nick` (exact, as the engine spells it); None for a non-player."""
    me = state.player(nick)
    if me is None:
        return None
    rules = ruleset_class(state.ruleset)
    actions, allowed = rules.letter_actions(state, nick)
    mates = rules.letter_mates(state, nick)
    if not me.alive:
        allowed = ()
    later = tuple(
        a
        for a in actions
        if a not in allowed
        and me.alive
        and rules(RulesSettings()).conditional_letter(state, Move(nick, a, ()), "wrong_role")
    )
    return SenderView(
        nick=nick,
        ruleset=state.ruleset,
        role=me.role,
        clan=me.clan,
        turn=state.turn,
        living=state.living_nicks(),
        role_actions=actions,
        allowed=allowed,
        clan_mates=mates,
        is_don=me.is_don,
        dead=tuple(p.nick for p in state.players if not p.alive),
        later=later,
        forbidden=_forbidden_targets(state, nick, (*allowed, *later)),
        bad_executors=_bad_executors(state, nick, mates),
    )


#: The engine's reasons (`RuleSet.check_move`) that concern the target itself, not the turn
#: or the role: what the reader answers as a target the rules forbid.
TARGET_REASONS: Final = frozenset(
    {
        "self_target",
        "own_clan",
        "own_bastard",
        "repeated_target",
        "already_beaten",
        "self_heal_used",
    }
)
#: The engine's reasons against the executor a Don names (P-M.8). «don_executor» is not
#: among them: the Don may yet be the last of his clan when the deadline comes (the day's
#: hanging), so only the engine, then, can refuse it.
EXECUTOR_REASONS: Final = frozenset({"executor_not_in_clan"})
_ONE_TARGET: Final = ("kill", "check", "heal", "block", "beat", "blast", "protect", "don")
#: what the reader answers as a target the rules forbid: the target reasons, and a Don
#: elected who may not be Don (P-S.2: a living plain mafioso of the clan)
_FORBIDDEN_REASONS: Final = TARGET_REASONS | {"not_eligible"}


def _forbidden_targets(
    state: GameState, nick: str, actions: tuple[str, ...]
) -> tuple[tuple[str, str, str], ...]:
    """Each (action, living target, reason) the engine refuses for its target alone."""
    rules = ruleset_class(state.ruleset)(RulesSettings())
    out: list[tuple[str, str, str]] = []
    for action in dict.fromkeys(actions):
        if action not in _ONE_TARGET:
            continue
        for target in state.living_nicks():
            reason = rules.check_move(state, Move(nick, action, (target,)))
            if reason in _FORBIDDEN_REASONS:
                out.append((action, target, reason))
    return tuple(out)


def _bad_executors(
    state: GameState, nick: str, mates: tuple[str, ...]
) -> tuple[tuple[str, str], ...]:
    """Each clan mate (the Don himself included) the engine refuses as this Don's executor."""
    me = state.get(nick)
    if not me.is_don or not mates:
        return ()
    rules = ruleset_class(state.ruleset)(RulesSettings())
    target = next((p.nick for p in state.players if p.alive and p.clan != me.clan), None)
    if target is None:
        return ()
    out: list[tuple[str, str]] = []
    for mate in dict.fromkeys((*mates, nick)):
        reason = rules.check_move(state, Move(nick, "kill", (target,), executor=mate))
        if reason in EXECUTOR_REASONS:
            out.append((mate, reason))
    return tuple(out)


class CastError(ValueError):
    """A CAST.json that does not describe a game; the message says what is wrong."""


def cast_state(data: Mapping[str, Any]) -> GameState:
    """A `GameState` from a cast description (the CAST.json of `mafiabot parse moves`):

    ``{"ruleset": "pefl"|"gambler", "turn": 2, "players": {nick: {"role": …, "clan": …,
    "don": true}}, "dead": {nick: how} or [nick, …], "pending_side_choice": false}``.
    ``dead`` lists players already out (``how`` is a death cause or jailed/hanged/missing,
    default ``"override"``); on PEFL turn 0 with no Don marked the Dons are still to elect.
    """
    try:
        rules = ruleset_class(as_ruleset(data.get("ruleset")))
    except ValueError:
        raise CastError('"ruleset" must be "pefl" or "gambler"') from None
    players = data.get("players")
    if not isinstance(players, Mapping) or not players:
        raise CastError('"players" must map each nick to {"role": …}')
    roles = rules.roles
    dead_raw = data.get("dead", {})
    try:
        dead: dict[str, Exit] = (
            {str(k): as_exit(v) for k, v in dead_raw.items()}
            if isinstance(dead_raw, Mapping)
            else {str(n): "override" for n in dead_raw}
        )
    except ValueError as e:
        raise CastError(f'"dead": {e}') from None
    seats: list[Player] = []
    for nick, spec in players.items():
        if not isinstance(spec, Mapping) or spec.get("role") not in roles:
            raise CastError(f"{nick}: role must be one of {', '.join(roles)}")
        role = as_role(spec["role"], roles)
        try:
            clan = as_clan(spec["clan"]) if spec.get("clan") else None
        except ValueError as e:
            raise CastError(f"{nick}: {e}") from None
        team = rules.team_of(role, clan)
        seats.append(
            Player(
                nick=str(nick),
                role=role,
                team=team,
                clan=clan,
                alive=nick not in dead,
                out_by=dead.get(str(nick)),
                is_don=bool(spec.get("don", False)),
                promoted=bool(spec.get("promoted", False)),
            )
        )
    unknown = set(dead) - {p.nick for p in seats}
    if unknown:
        raise CastError(f'"dead" names players not in the cast: {", ".join(sorted(unknown))}')
    turn = data.get("turn", 1)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        raise CastError('"turn" must be a whole number')
    return GameState(
        ruleset=rules.name,
        players=tuple(seats),
        turn=turn,
        phase="day",
        pending_side_choice=bool(data.get("pending_side_choice", False)),
        dons_chosen=any(p.is_don for p in seats) or not rules.elects_dons,
    )


def at_turn(state: GameState, turn: int) -> GameState:
    """`state` moved to `turn` (for reading a letter of another turn); PEFL turn 0 is the
    Don election (P-S.2), so there the Dons are not chosen yet — and, the game's first night
    coming before any day, every seat is still in the game while its letters are written: a
    player that night's moves took out (the maniac's victim) is a living target in them."""
    if turn == state.turn:
        return state
    rules = ruleset_class(state.ruleset)
    if turn == rules.first_turn and rules.elects_dons:
        players = tuple(replace(p, is_don=False, alive=True, out_by=None) for p in state.players)
        return replace(state, turn=0, players=players, dons_chosen=False)
    return replace(state, turn=turn)
