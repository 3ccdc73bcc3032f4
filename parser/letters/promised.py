"""A move whose player the sender promises to send later (C-2): «Проверяю, кого — напишу
позже», «Цель скину вечером». The host waits for that letter rather than asking for the
target now, so an action word with no player beside such a promise is no move yet.

The promise is told by morphology, not a phrase list: a verb of sending word (its lemma in
`_MESSAGE_LEMMAS`) in the first person, perfective future, indicative — the sender's own
letter still to come — not negated and not in a question.

A move is put off as well by a clause of a later time in its sentence (`put_off_by_time`):
«когда», «как только», «после того как», «лишь только», «едва» opening a clause whose verb is
the sender's own perfective future («Проверю X, когда зайдём в порт», «Как только вернусь
с вахты — убиваю Y»), or «после» with a noun of an event in the move's own clause («Лечу X
после тренировки») or in a sentence of its own that promises word then and says nothing
else («… по игре отпишусь после сдачи объекта»: the game's move is what is promised). The
move waits for that time, which is not tonight's deadline: the host asks. «Когда» in a
question, in a past clause or with another's verb («когда все уснут»: the night itself) puts
nothing off."""

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


#: words that open a clause of a later time (with «как только», «лишь только», «после того
#: как» read by the word before them)
_WHEN: Final = ws("когда едва")
_ONLY_AFTER: Final = ws("как лишь")
_OWN_LATER: Final = frozenset({"1per", "futr", "perf", "indc"})
_SCOPE_END: Final = frozenset({"—", "–", "-", "--"})


def _time_opener(tokens: Sequence[Token], k: int) -> bool:
    """Whether the word at `k` opens a clause of a later time."""
    word = tokens[k].word
    prev = tokens[k - 1].word if k > 0 and tokens[k - 1].sentence == tokens[k].sentence else ""
    if word in _WHEN:
        return prev != "после"  # «после того как» is read at its «как»
    if word == "только":
        return prev in _ONLY_AFTER
    if word == "как":
        return prev == "того" and k > 1 and tokens[k - 2].word == "после"
    return False


def _own_later_verb(word: str) -> bool:
    """«зайдём», «вернусь», «сдам», «закончу»: the sender's own perfective future."""
    return any(p.pos == "VERB" and p.grammemes >= _OWN_LATER for p in parse(word)[:2])


def put_off_by_time(tokens: Sequence[Token], i: int, questions: set[int]) -> str | None:
    """The clause of a later time that puts off the move whose action word is at `i`, as
    written (for the question), or None. The clause opens in the move's sentence and holds
    the sender's own perfective future before its end (a comma or a dash); or «после» and a
    noun in the genitive stand in the move's clause with no other verb between them and the
    move («Проверяю X после обхода палаты»; «…, потому что она угощает конфетами после
    занятий» tells of another's habit)."""
    sentence = tokens[i].sentence
    if sentence in questions:
        return None
    elsewhere = _word_sent_later(tokens, sentence, questions)
    if elsewhere is not None:
        return elsewhere
    span = [k for k in range(len(tokens)) if tokens[k].sentence == sentence]
    for k in span:
        if _event_to_come(tokens, k):
            # «…, как закроется свеча»: the move waits for an event whose time against the
            # deadline the letter does not give (C-1); quoted to its clause's end
            end = k + 1
            while (
                end + 1 <= span[-1]
                and not tokens[end].clause_end
                and tokens[end + 1].raw not in _SCOPE_END
            ):
                end += 1
            return _quote(tokens, k, end)
        if not _time_opener(tokens, k):
            continue
        for j in range(k + 1, span[-1] + 1):
            if tokens[j].raw in _SCOPE_END:
                break
            if _own_later_verb(tokens[j].word):
                return _quote(tokens, k, j)
            if tokens[j].clause_end:
                break
    a, b = clause_bounds(tokens, i)
    for k in range(a, b):
        if tokens[k].word != "после" or k == i:
            continue
        between = range(min(i, k) + 1, max(i, k))
        if any(_verb(tokens[j].word) for j in between):
            continue
        nouns = [p for p in parse(tokens[k + 1].word) if p.known and p.pos == "NOUN"]
        if nouns and "gent" in nouns[0].grammemes and "inan" in nouns[0].grammemes:
            return _quote(tokens, k, k + 1)
    return None


#: «как и вчера», «как ни крути», «так же, как …», «как только», «кто как проголосует» (an
#: indirect question: how, not when): no «как» of an event
_NOT_EVENT_AFTER: Final = ws("и ни только")
_NOT_EVENT_BEFORE: Final = ws("так же также точно того кто что где куда кого кому")
_EVENT: Final = frozenset({"3per", "futr", "perf", "indc"})


def _event_to_come(tokens: Sequence[Token], k: int) -> bool:
    """«как закроется свеча», «как откроется биржа»: «как» opening a clause whose verb, right
    after it, is the perfective future of the third person — when something is to happen,
    not a comparison («как и вчера») nor the past of an agreement («как договаривались»)."""
    if tokens[k].word != "как" or tokens[k].clause_end or k + 1 >= len(tokens):
        return False
    same = tokens[k].sentence
    prev = tokens[k - 1] if k > 0 else None
    if (
        prev is not None
        and prev.sentence == same
        and not prev.clause_end
        and prev.word in _NOT_EVENT_BEFORE
    ):
        return False
    nxt = tokens[k + 1]
    if nxt.sentence != same or nxt.word in _NOT_EVENT_AFTER:
        return False
    return any(p.pos == "VERB" and p.grammemes >= _EVENT for p in parse(nxt.word)[:1])


def _word_sent_later(tokens: Sequence[Token], sentence: int, questions: set[int]) -> str | None:
    """«… по игре отпишусь после сдачи объекта»: another sentence of the letter (not the
    move's, not a question) is the sender's promise to send word (`_promise`) after a later
    time — «после» and a noun in the genitive after the promise — and says nothing else: no
    other verb, no «кто»/«что» of a report to come («напишу после игры, кто она» promises
    news, not the move). The letter's move is
    what is promised: none is made tonight. The words as written, or None."""
    for s in sorted({t.sentence for t in tokens} - {sentence} - questions):
        span = [k for k in range(len(tokens)) if tokens[k].sentence == s]
        promise = [k for k in span if _promise(tokens, k, questions)]
        if len(promise) != 1:
            continue
        words = [k for k in span if tokens[k].word]
        if any(
            k not in promise
            and any(p.pos in ("VERB", "INFN") or p.pos == "NPRO" for p in parse(tokens[k].word)[:1])
            for k in words
        ):
            continue
        for k in span:
            if tokens[k].word != "после" or k + 1 > span[-1] or k < promise[0]:
                continue
            nouns = [p for p in parse(tokens[k + 1].word) if p.known and p.pos == "NOUN"]
            if nouns and "gent" in nouns[0].grammemes and "inan" in nouns[0].grammemes:
                end = k + 1
                while end + 1 <= span[-1] and tokens[end + 1].word and not tokens[end].clause_end:
                    end += 1
                return _quote(tokens, promise[0], end)
    return None


def _verb(word: str) -> bool:
    return bool(word) and any(p.pos in ("VERB", "INFN") for p in parse(word)[:1])


def _quote(tokens: Sequence[Token], start: int, end: int) -> str:
    """The words of the clause from `start` through `end`, as typed («когда зайдём»)."""
    while (
        start > 0
        and tokens[start - 1].word in ("как", "лишь", "после", "того")
        and (not tokens[start - 1].clause_end)
    ):
        start -= 1
    return " ".join(t.raw for t in tokens[start : end + 1]).strip(" ,;:.!?—–-")
