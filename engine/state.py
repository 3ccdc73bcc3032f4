"""The game as the engine sees it: frozen records, replaced (never mutated) by `step`.

Every per-game counter a rule needs lives here, so a state snapshot in the database is enough
to resume a game: nothing is hidden in the rule-set objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Final

from engine.kinds import Clan, Exit, Phase, Role, RulesetName, Side, Team

# Teams (camps). PEFL clans are their own camps; the Gambler prostitute is "solo" until
# recruited (G-M.8), the maniac always solo.
TOWN: Final = "town"
MAFIA: Final = "mafia"
MANIAC: Final = "maniac"
SOLO: Final = "solo"
YAKUZA: Final = "yakuza"
TRIAD: Final = "triad"

# How a player left the game (Player.out_by): a death cause (`kinds.DEATH_CAUSES`) or a day exit.
OUT_JAILED: Final = "jailed"
OUT_HANGED: Final = "hanged"
OUT_MISSING: Final = "missing"


@dataclass(frozen=True, slots=True)
class VoteRecord:
    """A counted vote against a player (P-E.1 needs all of them with their order)."""

    voter: str
    turn: int
    seq: int  # game-wide order in which the engine counted it (earlier = smaller)
    post_id: int | None = None
    at: datetime | None = None  # the post's time as the board shows it


@dataclass(frozen=True, slots=True)
class Protect:
    """A necromancer's protect (P-M.6): lives until it resurrects somebody."""

    target: str
    given_turn: int
    spent_turn: int | None = None


@dataclass(frozen=True, slots=True)
class Player:
    """One seat of the game, with every per-player counter the rules need."""

    nick: str
    role: Role
    team: Team
    clan: Clan | None = None  # PEFL: for mafia, thug, kamikaze, bastard
    alive: bool = True
    out_by: Exit | None = None  # a death cause or jailed | hanged | missing
    out_turn: int | None = None
    # Gambler
    self_heal_used: bool = False  # G-M.7 doctor
    invited: tuple[str, ...] = ()  # G-M.2 prostitute: everyone she has invited
    side: Side | None = None  # G-M.8 prostitute: once recruited
    # PEFL
    is_don: bool = False  # P-S.2
    promoted: bool = False  # P-M.2: a sergeant who took over the commissar's badge
    vest: bool = True  # P-M.13 maniac's vest still whole
    ambush_used: bool = False  # P-M.14
    blast_used: bool = False  # P-M.9
    army_used: bool = False  # P-M.7
    protects_given: int = 0  # P-M.6 necromancer
    beaten_once: bool = False  # P-M.11: nobody is beaten twice a game
    beaten_turn: int | None = None  # turn whose night he was beaten (P-A.3: excused next turn)
    last_heal: str | None = None  # P-M.5 doctor: whom he healed ...
    last_heal_turn: int | None = None  # ... and on which turn (only when the heal was done)
    peaceful_kills: int = 0  # P-M.3 ninja
    abstentions: int = 0  # P-V.5 / P-A.2
    votes_received: tuple[VoteRecord, ...] = ()  # P-E.1
    posts_after_death: int = 0  # P-P.2 / G-P.2: one post after death is allowed

    @property
    def camp(self) -> Team:
        """The side this player wins with."""
        if self.role == "prostitute":
            return self.side or SOLO
        return self.team


@dataclass(frozen=True, slots=True)
class GameState:
    """A whole game between two deadlines.

    `turn` is the turn being played (PEFL starts at 0, Gambler at 1); `phase` names the
    deadline the next `step` closes ("day" for PEFL and for the Gambler introduction turn,
    "greens" then "court" for Gambler full turns, "over" when the game has ended).
    """

    ruleset: RulesetName
    players: tuple[Player, ...]
    turn: int
    phase: Phase
    winner: str | None = None
    over: bool = False
    vote_seq: int = 0  # last VoteRecord.seq handed out
    nominees: tuple[str, ...] = ()  # Gambler: court nominees of the current turn (G-N.3)
    greens: tuple[tuple[str, int], ...] = ()  # Gambler: counted greens of the current turn
    pending_side_choice: bool = False  # G-M.8: both sides checked the prostitute
    hero_hanged: bool = False  # P-M.7: a town hero went to the gallows
    protects: tuple[Protect, ...] = ()  # P-M.6
    dons_chosen: bool = False  # P-S.2 done
    notes: tuple[str, ...] = field(default=())  # host-facing remarks kept with the state

    # --- look-ups -------------------------------------------------------------------------
    def player(self, nick: str) -> Player | None:
        """The seat with this nick (exact; the parser already resolved it), alive or not."""
        for p in self.players:
            if p.nick == nick:
                return p
        return None

    def get(self, nick: str) -> Player:
        p = self.player(nick)
        if p is None:
            raise KeyError(nick)
        return p

    @property
    def living(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.alive)

    def living_nicks(self) -> tuple[str, ...]:
        return tuple(p.nick for p in self.players if p.alive)

    def by_role(self, role: Role, *, alive: bool = True) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.role == role and (p.alive or not alive))

    def clan_members(self, clan: Clan, *, alive: bool = True) -> tuple[Player, ...]:
        """Mafiosi of a PEFL clan (mafia, thug, kamikaze), the bastard excluded."""
        return tuple(
            p
            for p in self.players
            if p.clan == clan and p.role != "bastard" and (p.alive or not alive)
        )

    def don(self, clan: Clan) -> Player | None:
        for p in self.players:
            if p.clan == clan and p.is_don and p.alive:
                return p
        return None

    # --- updates --------------------------------------------------------------------------
    def with_player(self, nick: str, **changes: object) -> GameState:
        """A copy with one player's fields replaced."""
        players = tuple(
            replace(p, **changes) if p.nick == nick else p  # type: ignore[arg-type]
            for p in self.players
        )
        return replace(self, players=players)


@dataclass(frozen=True, slots=True)
class Seat:
    """A dealt seat: what a new game starts from (dealing or a scenario's cast)."""

    nick: str
    role: Role
    clan: Clan | None = None
    don: bool = False
