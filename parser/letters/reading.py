"""What a letter reading is: `LetterReading`, the question codes and the example letters the
questions show (the actions' Russian names are `engine.words_ru.ACTION_WORDS`, shared with the
replies and the newspaper)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final, Literal

from engine.actions import InputRejected, Move
from parser.nicks import AMBIGUOUS_NICK

if TYPE_CHECKING:
    from engine.settings import RulesSettings
    from parser.sender import SenderView

DEFAULT_THRESHOLD: Final = 0.8

#: P-M.8 ruling, setting `member_suggestion`: a PEFL clan member's letter that offers a victim
#: («предлагаю Ольгу», «голосую за то, чтобы убить …») is asked about ("ask"), or read as his
#: kill request, which counts when the Don stays silent ("request").
MemberSuggestion = Literal["ask", "request"]
DEFAULT_SUGGESTION: Final[MemberSuggestion] = "ask"


def as_suggestion(value: str) -> MemberSuggestion:
    """The `member_suggestion` or `mafioso_suggestion` setting's word (engine/settings.py
    checks it) as the reader's."""
    return "request" if value == "request" else "ask"


#: C-2 ruling, setting `verb_outside_vocabulary` (docs/rulings.md): the sender's own verb
#: that the dictionary knows but the game's vocabulary does not («Тушу Вовчика»), governing a
#: player, proves no move and is asked ("ask"), or is read as the role's only move, as a host
#: reading through the role would ("role", the reading before the ruling).
VerbOutside = Literal["ask", "role"]
DEFAULT_VERB_OUTSIDE: Final[VerbOutside] = "ask"


def as_verb_outside(value: str) -> VerbOutside:
    """The `verb_outside_vocabulary` setting's word (engine/settings.py checks it) as the
    reader's."""
    return "role" if value == "role" else "ask"


# G-M.5/G-M.6 ruling, setting `mafioso_suggestion`: a Gambler mafioso's letter, while the
# godfather lives, that offers him a victim («Может, X? Решай, босс», «Предлагаю X») is
# asked about ("ask"), or read as his kill letter, kept for a night the godfather is jailed
# before ("request"): the same two words as `member_suggestion`, `MemberSuggestion`.


#: Setting `move_question`: a question naming a move and a player is asked back ("ask") or
#: read as no move ("none", the reading before the setting; `parser.letters.asked`).
MoveQuestion = Literal["ask", "none"]
DEFAULT_MOVE_QUESTION: Final[MoveQuestion] = "ask"


def as_move_question(value: str) -> MoveQuestion:
    """The `move_question` setting's word (engine/settings.py checks it) as the reader's."""
    return "none" if value == "none" else "ask"


@dataclass(frozen=True, slots=True)
class ReadingSettings:
    """The host's reading settings (``[rules]``, engine/settings.py), as the reader takes
    them: one object every entry point (`parser.moves`, the daemon, `mafiabot replay`, the
    CLI) passes on whole, so no caller reads with a default it forgot to replace (issue 17:
    one reading everywhere).

    `threshold`: `move_confidence` (C-2: a reading below it is asked about); `suggestion`:
    `member_suggestion` (P-M.8); `move_question`: `move_question` (C-2: a move asked about,
    not made); `mafioso_suggestion`: `mafioso_suggestion` (G-M.5/G-M.6); `verb_outside`:
    `verb_outside_vocabulary` (C-2: a verb outside the game's words)."""

    threshold: float = DEFAULT_THRESHOLD
    suggestion: MemberSuggestion = DEFAULT_SUGGESTION
    move_question: MoveQuestion = DEFAULT_MOVE_QUESTION
    mafioso_suggestion: MemberSuggestion = DEFAULT_SUGGESTION
    verb_outside: VerbOutside = DEFAULT_VERB_OUTSIDE

    @classmethod
    def of(cls, rules: RulesSettings) -> ReadingSettings:
        """The settings of the host's ``[rules]`` (the daemon's, a scenario's, or the
        defaults the CLI's flags change one by one)."""
        return cls(
            threshold=rules.move_confidence,
            suggestion=as_suggestion(rules.member_suggestion),
            move_question=as_move_question(rules.move_question),
            mafioso_suggestion=as_suggestion(rules.mafioso_suggestion),
            verb_outside=as_verb_outside(rules.verb_outside_vocabulary),
        )


#: the reading with every setting at its default (a config that sets none of them)
DEFAULT_READING: Final = ReadingSettings()


def offers_the_kill(view: SenderView) -> bool:
    """Whether the sender may only offer his clan's victim to the one who chooses it: a PEFL
    clan member beside his Don (P-M.8), or a Gambler mafioso while the godfather lives (G-M.5:
    the godfather sends the kill; the mafioso's own kill letter only counts if the godfather
    is jailed before the night, G-M.6, so it is the one letter the engine keeps for later)."""
    if "kill" not in view.role_actions or view.is_don:
        return False
    if view.ruleset == "pefl":
        return bool(view.clan_mates)
    return view.ruleset == "gambler" and "kill" in view.later


def offer_setting(
    view: SenderView, member: MemberSuggestion, mafioso: MemberSuggestion
) -> MemberSuggestion:
    """The host's setting for this sender's offer: `mafioso_suggestion` in a Gambler game,
    `member_suggestion` in a PEFL one."""
    return mafioso if view.ruleset == "gambler" else member


def offer_terms(view: SenderView) -> tuple[str, str, str]:
    """The words the question back about an offer uses for the sender's rule set: who
    chooses the victim, what the sender's own letter is, and when it counts."""
    if view.ruleset == "gambler":
        return "крёстный отец", "на убийство", "если крёстного отца посадят до ночи"
    return "Дон", "на выстрел клана", "если Дон не пришлёт приказа"


NO_TARGET: Final = "no_target"
UNKNOWN_NICK: Final = "unknown_nick"
AMBIGUOUS: Final = AMBIGUOUS_NICK
WHICH_TARGET: Final = "which_target"
PRONOUN: Final = "pronoun"
WHICH_ACTION: Final = "which_action"
UNPARSED: Final = "unparsed"
LOW_CONFIDENCE: Final = "low_confidence"
IS_IT_A_MOVE: Final = "is_it_a_move"
UNACCOUNTED: Final = "unaccounted"  # a living player named for no reason the letter shows
UNDECIDED: Final = "undecided"  # a wish or a decision left to someone else, not a move
MOVE_ASKED: Final = "move_asked"  # a move asked about («можно проверить X?»), not made
RELAYED: Final = "relayed"  # written for the account's player by someone else («муж просил …»)
NO_MOVES: Final = "no_moves"  # the sender's role has no night moves
NOT_NOW: Final = "not_now"  # the role's move, not open this turn
WRONG_ACTION: Final = "wrong_action"  # another role's move
FORBIDDEN_TARGET: Final = "forbidden_target"  # every target one the rules forbid this role
FORBIDDEN_PART: Final = "forbidden_part"  # a forbidden target or executor beside an allowed part
OTHER_ACCOUNT: Final = "other_account"  # written for another player: his own account moves
DEAD_TARGET: Final = "dead_target"  # the move's player is already out: another one asked for
QUESTION_CODES: Final = (
    NO_TARGET,
    UNKNOWN_NICK,
    AMBIGUOUS,
    WHICH_TARGET,
    PRONOUN,
    WHICH_ACTION,
    UNPARSED,
    LOW_CONFIDENCE,
    IS_IT_A_MOVE,
    UNACCOUNTED,
    UNDECIDED,
    MOVE_ASKED,
    RELAYED,
    FORBIDDEN_PART,
    DEAD_TARGET,
)
#: Refusals of a reading the sender's role may not make now (not questions: nothing to ask)
REFUSAL_CODES: Final = (NO_MOVES, NOT_NOW, WRONG_ACTION, FORBIDDEN_TARGET, OTHER_ACCOUNT)

EXAMPLE: Final = {
    "kill": "Убиваю Ник",
    "check": "Проверяю Ник",
    "heal": "Лечу Ник",
    "block": "Приглашаю Ник",
    "beat": "Избиваю Ник",
    "blast": "Подрываю Ник",
    "protect": "Протект Ник",
    "army": "Армия тьмы: Ник1 и Ник2",
}


@dataclass(frozen=True, slots=True)
class LetterReading:
    """What one letter says (see the module docstring for the codes)."""

    action: str | None = None
    targets: tuple[str, ...] = ()
    executor: str | None = None
    side: str | None = None
    story: str | None = None
    confidence: float = 0.0
    code: str | None = None
    text: str = ""

    @property
    def kind(self) -> str:
        if self.code in REFUSAL_CODES:
            return "refused"  # the role may not make it now: nothing to ask
        if self.code is not None:
            return "question"
        return "move" if self.action is not None else "none"

    def to_json(self) -> dict[str, Any]:
        if self.code in REFUSAL_CODES:  # what the words say, and why the role may not
            return {
                "kind": "refused",
                "code": self.code,
                "text": self.text,
                "action": self.action,
                "targets": list(self.targets),
                **({"executor": self.executor} if self.executor else {}),
            }
        if self.code is not None:
            return {"kind": self.kind, "code": self.code, "text": self.text}
        if self.action is None:
            return {"kind": "none"}
        return {
            "kind": "move",
            "action": self.action,
            "targets": list(self.targets),
            "executor": self.executor,
            "side": self.side,
            "story": self.story,
            "confidence": round(self.confidence, 3),
        }

    def as_input(
        self, actor: str, *, at: datetime | None = None, source_id: int | None = None
    ) -> Move | InputRejected | None:
        """The engine's record: a `Move`, the question as an `InputRejected` (its detail is
        the Russian question), or None. A move the role may not make now (a refused reading)
        is still the `Move` its words say: the engine's intake refuses it by its own rule,
        and the refusal is kept with the turn's moves."""
        if self.code is not None and (self.code not in REFUSAL_CODES or self.action is None):
            return InputRejected(actor, self.code, self.text, source_id=source_id)
        if self.action is None:
            return None
        return Move(
            actor,
            self.action,
            self.targets,
            executor=self.executor,
            story=self.story if self.action == "kill" else None,
            side=self.side,
            at=at,
            source_id=source_id,
        )
