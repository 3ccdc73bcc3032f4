"""The names the shell files things under, each spelt once: a phase's `TurnTag` ("3/greens",
the key of its vote record and interim count, and what a tick reports it closed) and every
outbox row's kind — what each message the bot sends is called (`OutboxKind`).

The words are stored in live databases (outbox keys, vote records) and folded into the
markers of posts already on the board, so they never change; only where they are built
does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NewType

from engine.kinds import PHASES, Phase, as_phase
from poster.outbox import OutboxKey

# -- turn tags --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TurnTag:
    """A phase of a turn: the deadline that closes it and what it decided are kept under
    `str(tag)`, "turn/phase"."""

    turn: int
    phase: Phase

    def __str__(self) -> str:
        return f"{self.turn}/{self.phase}"

    @classmethod
    def parse(cls, text: str) -> TurnTag:
        """The tag `str(tag)` wrote; `ValueError` for anything else."""
        turn, sep, phase = text.partition("/")
        if not sep or not turn.isdigit():
            raise ValueError(f"not a turn tag: {text!r}")
        return cls(int(turn), as_phase(phase))

    def order(self) -> tuple[int, int]:
        """Turn by turn, and within a turn in the order the phases are played."""
        return self.turn, PHASES.index(self.phase)


# -- outbox kinds -----------------------------------------------------------------------------

#: What a message is, as its outbox key names it (with the game, the turn and the recipient).
OutboxKind = NewType("OutboxKind", str)

#: The recipient of a post in a topic (a PM's recipient is the player's nick).
TOPIC: Final = "topic"

#: The start post: the players, the first deadline, the commitment to the deal.
START: Final = OutboxKind("start")
#: Each player's role PM at the deal (G-S.3, P-S.3).
ROLE: Final = OutboxKind("role")
#: The host's report of the deal.
DEAL_REPORT: Final = OutboxKind("deal_report")
#: A sign-up refused for a ban (P-B.1), by PM.
REGISTRATION_REFUSED: Final = OutboxKind("registration_refused")
#: A turn's newspaper (C-4) — the paper of the deadline that ends a turn.
NEWSPAPER: Final = OutboxKind("newspaper")
#: The court topic the bot opens for the nominees (G-N.3).
COURT_TOPIC: Final = OutboxKind("court_topic")
#: The game's last post: the winner, every role, the deal's proof, the vote record.
FINAL: Final = OutboxKind("final")


def paper(phase: Phase, ends_turn: bool) -> OutboxKind:
    """The paper of the deadline closing `phase`: "newspaper" for the deadline that ends the
    turn, else the phase's own name (Gambler's nominations: "greens")."""
    return NEWSPAPER if ends_turn else OutboxKind(phase)


def phase_pms(phase: Phase) -> OutboxKind:
    """The players' PMs of the deadline closing `phase` (checks, news for one player)."""
    return OutboxKind(f"pm-{phase}")


def host_report(phase: Phase) -> OutboxKind:
    """The host's report of the deadline closing `phase`."""
    return OutboxKind(f"host_report-{phase}")


def vote_count(phase: Phase) -> OutboxKind:
    """The interim vote count of `phase`, posted and then edited in place."""
    return OutboxKind(f"votecount-{phase}")


def reply(pm_id: int) -> OutboxKind:
    """The answer to the letter with board id `pm_id` (C-2)."""
    return OutboxKind(f"ack-{pm_id}")


def failure_notice(refused: OutboxKey) -> OutboxKind:
    """The host's PM about the message `refused`, which the board refused for good (with its
    text, to post or forward by hand)."""
    return OutboxKind(f"failed-{refused.kind}-{refused.recipient}")


def is_failure_notice(kind: str) -> bool:
    return kind.startswith("failed-")


def key(game: int, turn: int, kind: OutboxKind, recipient: str = TOPIC) -> OutboxKey:
    """The outbox key of a game's message."""
    return OutboxKey(str(game), turn, kind, recipient)
