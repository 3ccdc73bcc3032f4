"""Night moves from PM text (RULES.md C-2): free Russian or English text → a `Move`.

The reading itself lives in `parser.letters` (through the sender's role, morphology by
pymorphy3, questions instead of guesses; its docstring lists the vocabulary rules and the
question codes). This module is the engine-facing door:

* `move_from_pm(pm, living=…, players=…, view=…)` checks the sender (C-2/C-5) and reads his
  own text (`PrivateMessage.own_text`: quotes already dropped) into
  - a `Move` (engine/actions.py) with RULES.md action ids and targets resolved to living
    players — only when the reading's confidence reaches the threshold (``[rules]
    move_confidence``);
  - an `InputRejected` whose ``reason`` is a question or refusal code and whose ``detail``
    is a Russian sentence that can be sent back to the player as is;
  - None when the text holds no move at all (a question, a greeting, «ходов нет»).
  With ``view`` (`parser.sender.SenderView`, built from the game state by `sender_view`)
  the letter is read through the sender's role; without it, by its words alone.
* `read_pm(...)` is `move_from_pm` that also gives the reading's confidence (stored with the
  move for the host).
* `parse_move(text, actor=…, players=…)` reads a text by its words alone (no role).

All of them, the daemon, `mafiabot replay` and `mafiabot parse moves` read a letter through
one entry point, `read_letter_from(text, sender, living=…, state=…)`: the sender checked, the
letter read through his role as the engine sees him, and the engine's input made of it
(`LetterRead`). A letter the role may not make now (``no_moves``, ``not_now``,
``wrong_action``) is still handed to the engine as the move its words say, so the engine's
own intake refuses it with its rule's reason and the refusal is kept with the other moves;
the reader's Russian explanation goes back to the player with it.

Codes: the question codes of `parser.letters` (``no_target``, ``unknown_nick``,
``ambiguous_nick``, ``which_target``, ``pronoun``, ``which_action``, ``unparsed``,
``low_confidence``, ``is_it_a_move``, ``unaccounted``, ``undecided``, ``forbidden_part``),
its refusals (``no_moves``, ``not_now``, ``wrong_action``, ``forbidden_target``) and, for
senders, ``not_a_player`` (not in the game) and ``dead`` (out of it).

Corrections (ruling): a letter that changes its mind («Стреляю в Кот. Передумал, стреляю в
Шерлок», «Лечу Жанну. Нет, лучше Ефима») is read as its **last** word, as a host reads it;
two different moves with no word of correction between them are asked about (``unparsed``
or ``which_target``), never guessed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from engine.actions import InputRejected, Move
from engine.state import GameState
from parser.identity import account_key
from parser.letters.reader import read_letter
from parser.letters.reading import (
    DEFAULT_READING,
    NO_TARGET,
    UNPARSED,
    LetterReading,
    ReadingSettings,
)
from parser.letters.tokens import word_key
from parser.nicks import NickResolver
from parser.records import PrivateMessage
from parser.sender import SenderView, sender_view
from parser.vocab import lookup
from parser.votes.proof import stored_words_end

__all__ = [
    "DEAD",
    "NOT_A_PLAYER",
    "NO_TARGET",
    "UNPARSED",
    "LetterRead",
    "has_action_word",
    "letter_words",
    "move_from_pm",
    "parse_move",
    "read_letter_from",
    "read_pm",
    "reject_sender",
]

NOT_A_PLAYER: Final = "not_a_player"
DEAD: Final = "dead"


def _as_resolver(players: Iterable[str] | NickResolver) -> NickResolver:
    return players if isinstance(players, NickResolver) else NickResolver(players)


def parse_move(
    text: str,
    *,
    actor: str,
    players: Iterable[str] | NickResolver,
    at: datetime | None = None,
    source_id: int | None = None,
    view: SenderView | None = None,
    settings: ReadingSettings = DEFAULT_READING,
) -> Move | InputRejected | None:
    """Read one PM body (the sender's own text). `players`: the living players; `view`:
    the sender as the engine sees him (None: read by the words alone); `settings`: the
    host's reading settings (`ReadingSettings.of` his ``[rules]``)."""
    got = _read(
        text,
        actor,
        players,
        view,
        settings,
    )
    return got.as_input(actor, at=at, source_id=source_id)


def _read(
    text: str,
    actor: str,
    players: Iterable[str] | NickResolver,
    view: SenderView | None,
    settings: ReadingSettings,
) -> LetterReading:
    resolver = _as_resolver(players)
    if view is None:
        view = SenderView(actor, living=resolver.players)
    return read_letter(
        text,
        view,
        resolver=resolver,
        settings=settings,
    )


@dataclass(frozen=True, slots=True)
class LetterRead:
    """One letter as the bot reads it: the reading (None when the sender was refused before
    any reading) and the engine's input made of it."""

    reading: LetterReading | None
    input: Move | InputRejected | None

    @property
    def confidence(self) -> float | None:
        """The reader's confidence in the move handed on (None when it hands on none)."""
        if self.reading is None or not isinstance(self.input, Move):
            return None
        return self.reading.confidence

    @property
    def refused(self) -> bool:
        """Whether the reader found the move one the sender's role may not make now."""
        return self.reading is not None and self.reading.kind == "refused"


def read_letter_from(
    text: str,
    sender: str,
    *,
    living: Collection[str],
    players: Collection[str] | None = None,
    state: GameState | None = None,
    view: SenderView | None = None,
    resolver: NickResolver | None = None,
    settings: ReadingSettings = DEFAULT_READING,
    at: datetime | None = None,
    source_id: int | None = None,
) -> LetterRead:
    """The one way a letter is read (the daemon, replay and `parse moves` alike): the sender
    checked (C-2, C-5), then his text read through his role — `view`, or the one `state`
    gives (`sender_view`), or none (the words alone); `settings` as for `parse_move`."""
    refused = reject_sender(sender, living=living, players=players, source_id=source_id)
    if refused is not None:
        return LetterRead(None, refused)
    key = account_key(sender)  # the account as the board spells it: no look-alike folding
    actor = next((p for p in living if account_key(p) == key), sender)
    if view is None and state is not None:
        view = sender_view(state, actor)
    reading = _read(
        text,
        actor,
        resolver or NickResolver(living),
        view,
        settings,
    )
    return LetterRead(reading, reading.as_input(actor, at=at, source_id=source_id))


def has_action_word(text: str) -> bool:
    """Whether `text` names a night action at all (any form of a move word, a motion verb):
    a letter without one is talk or a question, not an attempted move."""
    for raw in text.split():
        found = lookup(word_key(raw))
        if found is not None and (found.actions or found.visit or found.call):
            return True
    return False


def reject_sender(
    sender: str,
    *,
    living: Collection[str],
    players: Collection[str] | None = None,
    source_id: int | None = None,
) -> InputRejected | None:
    """C-2/C-5: only a living player's own account moves. None when `sender` may move.

    `players` is everyone in the game, dead included (defaults to `living`). Account names
    are compared as the board keeps them unique (`parser.identity.account_key`: up to case);
    a look-alike spelling is another account, never the player's.
    """
    key = account_key(sender)
    if any(account_key(p) == key for p in living):
        return None
    if players is not None and any(account_key(p) == key for p in players):
        return InputRejected(
            sender, DEAD, "Вы выбыли из игры, ходы выбывших не принимаются.", source_id=source_id
        )
    return InputRejected(
        sender,
        NOT_A_PLAYER,
        "Вы не участвуете в этой игре, поэтому ход не принят.",
        source_id=source_id,
    )


def move_from_pm(
    pm: PrivateMessage,
    *,
    living: Collection[str],
    players: Collection[str] | None = None,
    resolver: NickResolver | None = None,
    view: SenderView | None = None,
    settings: ReadingSettings = DEFAULT_READING,
    state: GameState | None = None,
) -> Move | InputRejected | None:
    """The move a PM carries, after checking its sender (see `reject_sender`); `view` and
    `settings` as for `parse_move`. With the game
    `state` (and no `view`) the letter is read through the sender's role as the engine sees
    it (`sender_view`)."""
    return read_pm(
        pm,
        living=living,
        players=players,
        resolver=resolver,
        view=view,
        settings=settings,
        state=state,
    )[0]


def letter_words(pm: PrivateMessage) -> str:
    """The sender's own words in a letter: its own text cut before a signature he typed into
    it (`PrivateMessage.words_end`: a line of dashes or «С уважением,» and what follows, a
    motto that may name another player, is not what he asks tonight; C-2). A record stored
    before the readers kept the cut has its stored body read once."""
    end = pm.words_end
    if end is None:
        end = stored_words_end(pm.body_html, pm.own_text)
    return pm.own_text[:end]


def read_pm(
    pm: PrivateMessage,
    *,
    living: Collection[str],
    players: Collection[str] | None = None,
    resolver: NickResolver | None = None,
    view: SenderView | None = None,
    settings: ReadingSettings = DEFAULT_READING,
    state: GameState | None = None,
) -> tuple[Move | InputRejected | None, float | None]:
    """`move_from_pm` with the reader's confidence of the move it returns (None when it
    returns no `Move`): kept with the move so the host sees how surely it was read."""
    got = read_letter_from(
        letter_words(pm),
        pm.sender,
        living=living,
        players=players,
        state=state,
        view=view,
        resolver=resolver,
        settings=settings,
        at=pm.sent_at,
        source_id=pm.id,
    )
    return got.input, got.confidence
