"""An action infinitive that is nobody's act tonight (C-2): the infinitive says what the move
would be, and the word that governs it says whose it is and when.

- **A modal or impersonal predicate** («нельзя», «можно», «надо», «нужно», «необходимо»,
  «стоит», «следует», with or without «не») governs the infinitive in its clause: the
  sentence weighs whether the act is allowed, needed or wise, and no one is named as doing
  it now («Казнить нельзя, помиловать …», «не стоит его проверять», «надо бы убить …»). The
  words are told by their grammar, not listed: a predicative (pymorphy's PRED) or a verb in
  the impersonal third person singular.
- **A negated future or intent of the sender** («не буду», «не стану», «не хочу», «не
  собираюсь») in the infinitive's clause: the sender declines that move («…, но стрелять
  сегодня не буду», «не стану никого проверять»).

Either way the action word is no move of the sender's; what else the letter says is read as
if that word were not there (talk, another move, or a question).

The other way round, **a verb of asking** («прошу», «ходатайствую», «настаиваю») that governs
an action noun through its preposition («о проверке X», «на проверке X») asks the host for
that move: the noun is the sender's move, not a noun of another sense (`requested`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parser.letters.tokens import Token, clause_bounds
from parser.letters.words import NEG
from parser.morph import parse
from parser.vocab import lookup

#: how far (in words) a governing word may stand from the infinitive in its clause
_REACH: Final = 3
#: verbs of the sender's future or intent: with «не», the move declined
_INTENT_LEMMAS: Final = frozenset(("быть", "стать", "хотеть", "собираться", "планировать"))


def _infinitive(word: str) -> bool:
    top = parse(word)[:1]
    return bool(top) and top[0].pos == "INFN"


def _modal(word: str) -> bool:
    """A predicative («нельзя», «можно», «надо») or an impersonal verb («стоит», «следует»)."""
    top = parse(word)[:1]
    if not top:
        return False
    if top[0].pos == "PRED":
        return True
    grammemes = top[0].grammemes
    return top[0].pos == "VERB" and bool({"Impe", "Impx"} & grammemes) and "sing" in grammemes


def _intent_declined(words: Sequence[str], k: int) -> bool:
    """«не буду», «не стану», «не хочу», «не собираюсь» at `k` (the «не»)."""
    if words[k] not in NEG or k + 1 >= len(words):
        return False
    top = parse(words[k + 1])[:1]
    if not top or top[0].lemma not in _INTENT_LEMMAS or top[0].pos != "VERB":
        return False
    return "past" not in top[0].grammemes and bool({"1per"} & top[0].grammemes)


def _asks(tokens: Sequence[Token], i: int) -> bool:
    """The sentence of `i` asks («Аду лечить можно?»): the question is read where questions
    are (`parser.letters.asked`), not here."""
    sentence = tokens[i].sentence
    return any(t.sentence == sentence and "?" in t.raw for t in tokens[i:])


def governance(tokens: Sequence[Token], i: int) -> str | None:
    """How the action word at `i` is governed, if it is an infinitive governed at all (not in
    a question): "declined" by the sender's negated intent («стрелять не буду») or a negated
    modal («лечить не надо», «не стоит», «Казнить нельзя,»), "modal" by a modal that leaves
    the act open («надо бы проверить», «можно убить») — or by a negated one standing between
    two infinitives of its clause, either of which it may govern («Казнить нельзя
    помиловать»: the sentence decides nothing); None when nothing governs it."""
    if not tokens[i].word or not _infinitive(tokens[i].word) or _asks(tokens, i):
        return None
    a, b = clause_bounds(tokens, i)
    words = [t.word for t in tokens[a : b + 1]]
    if any(_intent_declined(words, k) for k in range(len(words))):
        return "declined"
    at = i - a
    near = [
        k
        for k in range(max(0, at - _REACH), min(len(words), at + _REACH + 1))
        if k != at and words[k] and _modal(words[k])
    ]
    if not near:
        return None
    k = near[0]
    negative = words[k] == "нельзя" or (k > 0 and words[k - 1] in NEG)
    if not negative:
        return "modal"
    other_side = range(k + 1, len(words)) if k > at else range(0, k)
    if any(words[j] and _infinitive(words[j]) for j in other_side):
        return "modal"
    return "declined"


def governed_infinitive(tokens: Sequence[Token], i: int) -> bool:
    """Whether the action word at `i` is an infinitive a modal predicate or the sender's
    negated intent governs (`governance`): nobody's act tonight."""
    return governance(tokens, i) is not None


def governed_move_word(tokens: Sequence[Token]) -> str | None:
    """How the letter's governed action words are governed (`governance`): "declined" if any
    is declined («Обвиняю X, но стрелять сегодня не буду»: no move is inferred on the player
    he names), else "modal" if any is left open (the host asks); None if none is governed."""
    kinds = {
        governance(tokens, i)
        for i, t in enumerate(tokens)
        if t.word and (found := lookup(t.word)) is not None and found.actions
    }
    if "declined" in kinds:
        return "declined"
    return "modal" if "modal" in kinds else None


#: verbs of asking formally for something: what they ask for is the sender's own request
_REQUEST_LEMMAS: Final = frozenset(
    ("просить", "попросить", "ходатайствовать", "требовать", "потребовать", "настаивать")
)


def requested(tokens: Sequence[Token], i: int) -> bool:
    """«Ходатайствую о проверке X», «Прошу о защите X», «Настаиваю на проверке X»: the action
    noun at `i`, after its preposition, is what the sender's own verb of asking (first
    person, present) asks for — the move requested of the host, not a noun of another sense
    (C-2). Only a verb of asking right before the preposition, in the same clause."""
    if i < 2 or tokens[i - 1].clause_end or tokens[i - 2].clause_end:
        return False
    if tokens[i - 2].sentence != tokens[i].sentence:
        return False
    top = parse(tokens[i - 2].word)[:1] if tokens[i - 2].word else []
    return (
        bool(top)
        and top[0].pos == "VERB"
        and top[0].lemma in _REQUEST_LEMMAS
        and {"1per", "pres"} <= top[0].grammemes
        and not (i > 2 and tokens[i - 3].word in NEG)
    )


#: the label of a side chosen (G-M.8): the word after it names a side, not an action
_SIDE_LABELS: Final = frozenset(("сторона", "сторону", "side"))


def side_named(tokens: Sequence[Token], i: int) -> bool:
    """«Сторона: защита. То есть мафия.»: the word at `i` stands right after the side label
    (a colon or a dash between, or none) and so names the side chosen in words of the
    sender's own — an action noun there is no action (G-M.8); the side is read from the side's
    own words where the letter says them."""
    lead = [t for t in tokens[:i] if t.sentence == tokens[i].sentence and t.word]
    return bool(lead) and lead[-1].word in _SIDE_LABELS
