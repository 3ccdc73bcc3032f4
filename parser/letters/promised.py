"""A move whose player the sender promises to send later (C-2): «Проверяю, кого — напишу
позже», «Цель скину вечером». The host waits for that letter rather than asking for the
target now, so an action word with no player beside such a promise is no move yet.

The promise is told by morphology, not a phrase list: a verb of sending word (its lemma in
`_MESSAGE_LEMMAS`) in the first person, perfective future, indicative — the sender's own
letter still to come — not negated and not in a question."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parser.letters.mentions import Mention
from parser.letters.tokens import Token, clause_bounds
from parser.letters.words import LATER, NEG, ws
from parser.morph import parse

# verbs of sending word, by lemma: write, let know, say, send, drop a line, signal
_MESSAGE_LEMMAS: Final = ws(
    "написать дописать отписаться сообщить сказать прислать отправить скинуть черкнуть маякнуть"
)
_PROMISE: Final = frozenset({"1per", "futr", "perf", "indc"})


def _promise_word(word: str) -> bool:
    parses = parse(word)
    return any(
        p.pos == "VERB" and p.lemma in _MESSAGE_LEMMAS and p.grammemes >= _PROMISE
        for p in parses[:2]
    )


#: words of a later time that put off «ход» in its clause: «ход завтра утром»
_LATER_TIME: Final = LATER | ws("утром вечером позднее попозже скоро")


def move_put_off(tokens: Sequence[Token], questions: set[int]) -> bool:
    """«Ход после рейда», «ход завтра утром»: the noun «ход» (the move itself) in a clause
    with a word of a later time, or «после» and a noun of an event, unnegated and not in a
    question — the letter says its move is still to come, whatever it tells before."""
    for i, t in enumerate(tokens):
        if t.sentence in questions or not any(
            p.pos == "NOUN" and p.lemma == "ход" for p in parse(t.word)[:1]
        ):
            continue
        a, b = clause_bounds(tokens, i)
        words = [tokens[k].word for k in range(a, b + 1) if k != i]
        if set(words) & NEG:
            continue
        if set(words) & _LATER_TIME:
            return True
        for k in range(a, b):
            if tokens[k].word == "после" and any(
                p.pos == "NOUN" and "gent" in p.grammemes for p in parse(tokens[k + 1].word)[:1]
            ):
                return True
    return False


def promised_later(
    tokens: Sequence[Token], mentions: Sequence[Mention], questions: set[int]
) -> bool:
    """The letter names no living player and promises its move's player in a later letter
    («Как с кача вернусь — напишу, кого лечу»): a word the nick resolver could not place
    is no player the host should ask about, since the sender has said the move is still to
    come. `questions`: the sentences that ask (no promise is made in them)."""
    promises = {i for i in range(len(tokens)) if _promise(tokens, i, questions)}
    return bool(promises) and all(m.kind == "unknown" for m in mentions)


def put_off_by_promise(tokens: Sequence[Token], i: int, questions: set[int]) -> bool:
    """«Подрыв Бульдозера после матча напишу»: the clause of the action word at `i` holds
    the sender's promise to write later — the move itself is still to come, so the words
    before the promise are no move yet (the host waits for the letter promised). Only an
    action noun is put off so: a verb of the move in the first person («проверяю X и напишу
    утром») makes the move now, whatever is promised beside it."""
    top = parse(tokens[i].word)[:1]
    if not top or top[0].pos != "NOUN":
        return False
    a, b = clause_bounds(tokens, i)
    return any(_promise(tokens, k, questions) for k in range(a, b + 1) if k != i)


def _promise(tokens: Sequence[Token], i: int, questions: set[int]) -> bool:
    t = tokens[i]
    if t.sentence in questions or not _promise_word(t.word):
        return False
    before = tokens[i - 1] if i > 0 else None
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    if before is not None and before.sentence == t.sentence and before.word in NEG:
        return False  # «не напишу»: a refusal, no promise
    # «Напишу ли кого — не знаю»: a doubt, no promise
    return after is None or after.sentence != t.sentence or after.word != "ли"
