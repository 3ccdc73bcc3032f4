"""What the engine says happened: past-tense, frozen, each with an audience.

The poster routes on `audience` alone: `PUBLIC` events are what the newspaper may print
(G-P.1, P-P.1 — a public event never carries a secret: no killer's nick, no executor, no
ambushing maniac, in Gambler no cause of a killing); `player(nick)` events become PMs;
`HOST` events go into the host's report. A newspaper is rendered from the public events of
a turn alone; the host report from all of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from engine.kinds import Cause, CheckSeen, Clan, Rescue, Role


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may read an event: kind is "public", "host" or "player" (then nick is set)."""

    kind: str
    nick: str | None = None

    def __str__(self) -> str:
        return self.nick if self.kind == "player" and self.nick else self.kind


PUBLIC: Final = Audience("public")
HOST: Final = Audience("host")


def player(nick: str) -> Audience:
    """The audience of a PM to one player."""
    return Audience("player", nick)


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of every event: the turn it belongs to and who may read it."""

    turn: int
    audience: Audience = PUBLIC

    @property
    def kind(self) -> str:
        return type(self).__name__


# --- dealing and acquaintance (G-S.3, P-S.2, P-S.3, G-M.9) -----------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class RoleDealt(Event):
    """A player was told his role (a bastard is told `civilian`, P-S.3). To the player."""

    nick: str
    role: Role  # the role as told
    clan: Clan | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AcquaintanceMade(Event):
    """A player was told who the others are. To that player.

    reason: "clan" (P-S.3 / G-S.3 mafia), "commissar_sergeant" (P-S.3),
    "commissar_sheriff" / "lawyer_mafia" (G-M.9).
    """

    nick: str
    others: tuple[tuple[str, Role], ...]  # (nick, role as told)
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DonChosen(Event):
    """A clan's Don was elected (`by="election"`) or appointed (`"appointment"`). To members."""

    clan: Clan
    nick: str
    by: str


# --- input handling (C-2, C-3, P-M.0, P-A.3) ------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class MoveAccepted(Event):
    """A night move was taken (`replaced=True` when it replaced the earlier one). To actor."""

    nick: str
    action: str
    targets: tuple[str, ...]
    executor: str | None = None
    replaced: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveRejected(Event):
    """A move was refused. To the sender; `reason` is a code of
    engine.reasons.MOVE_REJECT_REASONS (the wording is the templates'); `detail` stays empty."""

    nick: str
    action: str
    reason: str
    detail: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class VoteIgnored(Event):
    """A vote/green/court vote the engine did not count (dead voter, beaten voter …). Host."""

    nick: str
    reason: str
    post_id: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PostFlagged(Event):
    """Host: a player posted where the rules forbid it: dead beyond his one post (P-P.2,
    G-P.2; reason "dead") or beaten last night (P-A.3; reason "beaten")."""

    nick: str
    count: int  # his forbidden posts so far
    reason: str = "dead"


@dataclass(frozen=True, slots=True, kw_only=True)
class OverrideApplied(Event):
    """A host override changed the result (C-6); public so the newspaper can say so.

    what: the override kind; detail: data, not prose (the old nick of a `replace`, the post
    id of a vote override, the target of a counted vote)."""

    what: str
    nick: str | None = None
    detail: str = ""


# --- day -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class GreensCounted(Event):
    """Greens were counted and the court nominees named (G-N.1–G-N.3)."""

    greens: tuple[tuple[str, int], ...]
    threshold: int
    nominees: tuple[str, ...]
    self_greened: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class VotesCounted(Event):
    """The day's vote (PEFL) or court vote (Gambler) was counted."""

    votes: tuple[tuple[str, int], ...]
    abstained: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DuelTossed(Event):
    """A tie went to a duel decided by the seeded coin (G-N.5, P-E.1)."""

    players: tuple[str, ...]
    loser: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Jailed(Event):
    """Gambler: the court jailed a player (G-N.4); role revealed."""

    nick: str
    role: Role


@dataclass(frozen=True, slots=True, kw_only=True)
class Hanged(Event):
    """PEFL: the vote hanged a player (P-V.4); role revealed."""

    nick: str
    role: Role
    votes: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class NobodyRemoved(Event):
    """No jailing / hanging this turn (rulings of G-N.4 and P-V.4)."""

    reason: str  # "no_nominee" | "no_votes"


@dataclass(frozen=True, slots=True, kw_only=True)
class WentMissing(Event):
    """A player left for inactivity (P-A.1 step 1, P-A.2 step 7); role revealed."""

    nick: str
    role: Role
    reason: str  # "no_post" | "second_abstention" | "override"


@dataclass(frozen=True, slots=True, kw_only=True)
class Removed(Event):
    """The host removed a player (P-O.1 step 3 / C-6); role revealed."""

    nick: str
    role: Role


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerReplaced(Event):
    """A seat changed account (C-6)."""

    old: str
    new: str


# --- night -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class Killed(Event):
    """A player died in the night; role revealed.

    by: what the newspaper may say about the killer — PEFL "yakuza", "triad", "maniac",
    "ninja", "kamikaze", "testament", "army", "harakiri", "ambush", "thug_accident"
    (never a nick, P-P.1); Gambler None (G-P.1: not by whom). story: G-M.10, quoted.
    """

    nick: str
    role: Role
    clan: Clan | None = None
    by: str | None = None
    story: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DeathRecorded(Event):
    """Host's view of a death: the exact cause (SCENARIO.md ids) and who struck."""

    nick: str
    cause: Cause
    killer: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Saved(Event):
    """Host: a player was attacked and lived, and how."""

    nick: str
    how: Rescue


@dataclass(frozen=True, slots=True, kw_only=True)
class Beaten(Event):
    """PEFL: a player was beaten by the thug (P-M.11); public, the thug is not named."""

    nick: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckResult(Event):
    """What a checker was told (to him; the sergeant gets a copy, P-M.2).

    by: the checking role (commissar | sergeant | lawyer); result: a role id, a clan id for
    a PEFL mafioso (P-M.1), "bastard"; thug: the beater's nick when the target was beaten.
    """

    by: str
    target: str
    result: CheckSeen
    thug: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckAnnounced(Event):
    """Gambler (G-P.1): whether the commissar's / lawyer's check was made and the role seen."""

    by: str
    made: bool
    result: Role | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HealAnnounced(Event):
    """Gambler (G-P.1): whom the doctor healed."""

    nick: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveBlocked(Event):
    """Gambler (G-P.1): one of the characters did not move; what did not happen.

    role is the blocked role's id (the newspaper says "the sheriff did not shoot"), never
    the nick.
    """

    role: Role
    missed: str  # "kill" | "check" | "heal" | "mafia_kill"


@dataclass(frozen=True, slots=True, kw_only=True)
class MafiaMissed(Event):
    """Gambler (G-M.6): the clan's letters named different victims."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Recruited(Event):
    """Gambler (G-M.8): the prostitute was recruited (side: town | mafia)."""

    side: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SideChoiceAsked(Event):
    """Gambler (G-M.8): both sides checked the prostitute; she must choose. To her."""

    nick: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Resurrected(Event):
    """Host: a protect brought a killed player back (P-M.6)."""

    nick: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Promoted(Event):
    """The sergeant took over the commissar's badge (P-M.2). To him."""

    nick: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GameWon(Event):
    """The game ended; winner is town | mafia | yakuza | triad | maniac (None: nobody left)."""

    winner: str | None
    how: str = ""  # rule id that decided it, e.g. "G-W.1", "P-E.1"
    survivors: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnResolved(Event):
    """The turn's resolution is complete (the newspaper's cue)."""

    alive: tuple[str, ...]
