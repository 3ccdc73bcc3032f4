"""The one reader of a move put off (C-2): every way a letter says its move, or one of its
players, is not for tonight is decided here, for the stages that ask it (`reader`,
`decide`, `proof`).

A player is put off by a word of what is to come in his own clause (`put_off`: «Катю
завтра», «Рокета в следующий раз»); the move itself by a clause of a later time or an event
(`put_off_by_time`), by «ход» said with a later time (`move_put_off`), or by a promise of
the letter to come (`promised_later`, `put_off_by_promise`).

A move whose player the sender promises to send later (C-2): «Проверяю, кого — напишу
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

from collections.abc import Collection, Sequence
from typing import Final

from parser.letters.corrections import others_word
from parser.letters.mentions import Mention
from parser.letters.tokens import Token, clause_bounds, phrase_ends_at
from parser.letters.words import DASHES, LATER, NEG, NEXT, NIGHT, TIME_WORDS, ws
from parser.morph import parse
from parser.vocab import TIME_OPENERS

#: words of what is to come: a player named in a clause with one is put off to later
#: («Катю завтра», «Боба оставлю на потом», «Рокета в следующий раз»)
DEFERRED: Final = (
    LATER
    | NEXT
    | ws("подождет подождёт подождать потерпит следующей следующую следующий следующем следующего")
)


def dash_clause(tokens: Sequence[Token], start: int, end: int) -> list[Token]:
    """The clause of tokens[start:end], a dash parting clauses too («Убиваю Рокета — Боба
    потом» is two)."""
    a = start
    while a > 0 and not tokens[a - 1].clause_end and tokens[a - 1].raw not in DASHES:
        a -= 1
    b = end - 1
    while b > start and not tokens[b].word:
        b -= 1  # «Рокета —»: a mention's window may take in the dash after it
    while b < len(tokens) - 1 and not tokens[b].clause_end and tokens[b + 1].raw not in DASHES:
        b += 1
    return [t for t in tokens[a : b + 1] if t.word]


def put_off(tokens: Sequence[Token], m: Mention) -> bool:
    """«Катю завтра», «Боба оставлю на потом»: the player is named in a clause that puts him
    off to a later night, or right after it «это потом» says so of him («Гошу. Но это
    потом»: `_this_later`); or in a clause that leaves him to others (`left_to_others`):
    either way he is no target of the sender's tonight."""
    clause = dash_clause(tokens, m.start, m.end)
    if deferred_in(clause, tokens, m) or left_to_others(clause, tokens, m):
        return True
    return _this_later(tokens, m.end - 1, set()) is not None


#: verbs of leaving or handing something over, by lemma («оставлю другим», «отдаю остальным»)
_LEAVE_LEMMAS: Final = ws("оставить оставлять отдать отдавать уступить уступать")


def left_to_others(clause: Sequence[Token], tokens: Sequence[Token], m: Mention) -> bool:
    """C-2: «Урала пусть другие», «а Каму оставлю остальным», «пусть кто-нибудь другой
    берёт Минска»: the player is handed to other people in his `clause` — a word of others
    as a group (plural «другие», «остальные», or «кто-то») joined to him by nothing but
    «пусть», a verb of leaving or handing over, another's verb (not the sender's, in the
    first person) or the others' own words, with «пусть» or a verb of leaving in that
    phrase or right before it. The sender makes no move on him; after a correction he is
    the player corrected away, named again as left to others, not the new choice. A word
    of another kind between them («давай Минск Урала пусть другие»: Минск) keeps the phrase
    from reaching him."""
    at = {id(t): k for k, t in enumerate(tokens)}
    spots = [at[id(t)] for t in clause if others_word(t.word)]
    for k in spots:
        lo, hi = (m.end, k) if k >= m.end else (k + 1, m.start)
        between = [t.word for t in tokens[lo:hi] if t.word]
        if not all(_joins(w) for w in between):
            continue
        first = min(m.start, k)
        phrase = [t.word for t in tokens[max(first - 1, 0) : max(m.end, k + 1)] if t.word]
        if "пусть" in phrase or any(_leaving(w) for w in phrase):
            return True
    return False


def _leaving(word: str) -> bool:
    return any(p.pos == "VERB" and p.lemma in _LEAVE_LEMMAS for p in parse(word)[:1])


def _joins(word: str) -> bool:
    """A word that may stand between a player and the others he is left to: «пусть», «а»,
    «и», a verb of leaving, another's verb (not in the first person), the others' words."""
    if word in ("пусть", "а", "и") or others_word(word) or _leaving(word):
        return True
    top = parse(word)[:1]
    if top and top[0].lemma == "другой":
        return True
    return bool(top) and top[0].pos == "VERB" and "1per" not in top[0].grammemes


def deferred_in(clause: Sequence[Token], tokens: Sequence[Token], m: Mention) -> bool:
    """The player's `clause` puts him off to a later night: a word of what is to come, but
    not «потом» that carries the clause's one verb on to him (`_next_in_the_night`)."""
    deferred = {t.word for t in clause} & DEFERRED
    return bool(deferred) and not _next_in_the_night(deferred, clause, tokens, m)


#: words of «after that» that name no night: «потом», «позже» may be later the same night
THEN: Final = ws("потом позже later")


def _next_in_the_night(
    deferred: set[str], clause: Sequence[Token], tokens: Sequence[Token], m: Mention
) -> bool:
    """«Проверяю Вадика, а потом Милену», «проверяю тараса потом ульяну»: the only word of
    later is «потом» or «позже», standing before the player with no verb of the clause after
    it, or after him with more words following — the verb said first goes on to the player
    after «потом», so each is a player of the same night's move, not one put off to a later
    night. «Потом» closing the player's clause («Боба потом», «а Вадика потом») puts him
    off, as a verb of his own does («Филиппа проверю потом», «потом проверю Филиппа»), and
    a night named plainly («завтра», «следующей ночью») always."""
    if not deferred <= THEN:
        return False
    at = {id(t): k for k, t in enumerate(tokens)}
    weak = min(at[id(t)] for t in clause if t.word in deferred)
    if weak > m.start:
        following = [t.word for t in clause if at[id(t)] > weak and t.word not in deferred]
        return bool(following) and not any(_verb(w) for w in following)
    return not any(
        _verb(t.word)
        for t in clause
        if at[id(t)] > weak and not m.start <= at[id(t)] < m.end and t.word not in deferred
    )


# verbs of sending word, by lemma: write, let know, say, send, drop a line, signal
_MESSAGE_LEMMAS: Final = ws(
    "написать дописать отписаться ответить сообщить сказать прислать отправить скинуть черкнуть"
    " маякнуть"
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


def promises_word(tokens: Sequence[Token], questions: set[int]) -> bool:
    """Whether the letter promises a letter still to come («…, напишу, кого лечу»)."""
    return any(_promise(tokens, k, questions) for k in range(len(tokens)))


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


_OWN_LATER: Final = frozenset({"1per", "futr", "perf", "indc"})
_SCOPE_END: Final = frozenset({"—", "–", "-", "--"})


def _time_opener(tokens: Sequence[Token], k: int) -> bool:
    """Whether the word at `k` ends a word or phrase that opens a clause of a later time (the
    one list, `parser.vocab.TIME_OPENERS`): «когда», «как только», «после того как»."""
    prev = tokens[k - 1].word if k > 0 and tokens[k - 1].sentence == tokens[k].sentence else ""
    if tokens[k].word in TIME_WORDS and prev == "после":
        return False  # «после того как» is read at its «как»
    return phrase_ends_at(tokens, k, TIME_OPENERS) is not None


#: «как и вчера», «как ни крути», «так же, как …»: the «как» of a comparison or a manner
_LIKE_AFTER: Final = ws("и ни")
_LIKE_BEFORE: Final = ws("так же также точно")


def _as_when(tokens: Sequence[Token], k: int) -> bool:
    """«Как вернусь с охоты — проверю X», «…, как допишу диплом»: a «как» that is no part
    of a longer opener, a comparison («как и вчера», «так же, как») or an idiom («как ни
    крути») — whether it opens a clause of time is for its verb to say: the sender's own
    perfective future (`put_off_by_time`), where a comparison tells of the past or of
    habit («как договаривались», «как обычно»)."""
    if tokens[k].word != "как":
        return False
    same = tokens[k].sentence
    before = tokens[k - 1] if k > 0 else None
    prev = before.word if before and before.sentence == same and not before.clause_end else ""
    nxt = tokens[k + 1].word if k + 1 < len(tokens) and tokens[k + 1].sentence == same else ""
    if nxt in _LIKE_AFTER or nxt == "только" or prev in _LIKE_BEFORE or prev == "того":
        return False
    # «Как арбитр фиксирую»: «как» and a noun in the nominative say in what capacity
    said = parse(nxt)[:1] if nxt else []
    if said and said[0].pos == "NOUN" and "nomn" in said[0].grammemes:
        return False
    return not tokens[k].clause_end


def _own_later_verb(word: str, top: int = 2) -> bool:
    """«зайдём», «вернусь», «сдам», «закончу»: the sender's own perfective future (in the
    `top` readings of the word: after «как» only the first, since «как арбитр фиксирую»
    is a present a verb of both aspects reads as a future too)."""
    return any(p.pos == "VERB" and p.grammemes >= _OWN_LATER for p in parse(word)[:top])


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
    elsewhere = _word_sent_later(tokens, sentence, questions) or _event_put_off(tokens, sentence)
    if elsewhere is not None:
        return elsewhere
    span = [k for k in range(len(tokens)) if tokens[k].sentence == sentence]
    for k in span:
        as_when = _as_when(tokens, k)
        if not as_when and not _time_opener(tokens, k):
            continue
        for j in range(k + 1, span[-1] + 1):
            if tokens[j].raw in _SCOPE_END or (as_when and j == i):
                break  # «как обычно проверю X»: the move's own verb is no clause of time
            if _own_later_verb(tokens[j].word, top=1 if as_when else 2):
                return _quote(tokens, k, j)
            if tokens[j].clause_end:
                break
    a, b = clause_bounds(tokens, i)
    for k in range(a, b):
        if k == i or tokens[k].word not in _EVENT_PREPS:
            continue
        between = range(min(i, k) + 1, max(i, k))
        if any(_verb(tokens[j].word) for j in between):
            continue
        end = _event_after(tokens, k)
        if end is None:
            continue
        if end > k + 1 and k < i and not _own_later_verb(tokens[i].word):
            continue  # «После долгих раздумий проверяю X»: a time gone by, the move is now
        if not _own_later_verb(tokens[i].word) and not _day_named(tokens, k, end, b):
            continue  # «Проверяю X после репетиции»: the evening's event, tonight's move
        return _quote(tokens, k, end)
    return _this_later(tokens, i, questions)


def _day_named(tokens: Sequence[Token], k: int, end: int, b: int) -> bool:
    """M1 (C-2): whether the time the preposition at `k` opens (its event ending at `end`,
    the move's clause ending at `b`) may lie past tonight's deadline: the event is an adjective
    standing for days («после выходных»), or the clause names a later day — a word of what is
    to come («завтра», «следующей») or «в» with an inanimate noun in the accusative, the case
    of a day in a time («в субботу», «в понедельник»; not «в клубе»). An event with no day
    («после репетиции», «после обхода палаты») is one of the sender's evening: the move a
    present tense makes is tonight's."""
    first = [p for p in parse(tokens[end].word) if p.known][:1]
    if first and first[0].pos in ("ADJF", "PRTF"):
        return True
    words = [t.word for t in tokens[k : max(b, end) + 1]]
    if set(words) & DEFERRED:
        return True
    for n, word in enumerate(words[:-1]):
        if word not in ("в", "во"):
            continue
        parses = [p for p in parse(words[n + 1]) if p.known][:2]
        if any(p.pos == "NOUN" and {"accs", "inan"} <= p.grammemes for p in parses) and not any(
            "loct" in p.grammemes or "ablt" in p.grammemes for p in parses[:1]
        ):
            return True
    return False


#: prepositions of a time after an event, by the case of the noun they govern: «после
#: сдачи заказа» (genitive), «по окончании сессии» (the locative, which «по» takes only of
#: time: «по приезде», «по возвращении»)
_EVENT_PREPS: Final = {"после": "gent", "по": "loct"}


def _event_after(tokens: Sequence[Token], k: int) -> int | None:
    """The index of the last word of the event the preposition at `k` governs, or None: an
    inanimate noun in the preposition's case, after any adjectives that agree with it
    («после родительского собрания»), or an adjective standing for a noun («после
    выходных»)."""
    case = _EVENT_PREPS[tokens[k].word]
    j = k + 1
    while j < len(tokens) and tokens[j].word and tokens[j].sentence == tokens[k].sentence:
        parses = [p for p in parse(tokens[j].word) if p.known]
        # «после дежурства»: a noun whose first reading is another case («дежурства»,
        # nominative plural) is read in the case the preposition gives it
        nouns = [p for p in parses[:3] if p.pos == "NOUN"]
        if (
            nouns
            and len(nouns) == len(parses[:3])
            and any({case, "inan"} <= p.grammemes for p in nouns)
        ):
            parses = [p for p in nouns if case in p.grammemes] + parses
        if any(p.pos == "NOUN" and {case, "inan"} <= p.grammemes for p in parses[:1]):
            # «по базе», «по игре» may be the dative of a topic: only a form no dative
            # shares says a time («по окончании», «по приезде»)
            if case == "gent" or not any("datv" in p.grammemes for p in parses):
                return j
            return None
        if j == k + 1 and case == "gent" and parses[:1] and parses[0].pos == "NOUN":
            return None  # «после Марата»: a player, no event
        adjective = [p for p in parses[:3] if p.pos in ("ADJF", "PRTF") and case in p.grammemes]
        if not adjective:
            return None
        if tokens[j].clause_end or j + 1 >= len(tokens) or not _agrees(tokens[j + 1].word, case):
            # «после выходных»: an adjective standing for its noun, the clause's last word
            # or followed by a word it cannot agree with («после выходных проверяю X»)
            return j if "plur" in adjective[0].grammemes else None
        j += 1
    return None


def _agrees(word: str, case: str) -> bool:
    """Whether `word` may be a noun or an adjective in `case` (empty words do not)."""
    return bool(word) and any(
        p.pos in ("NOUN", "ADJF", "PRTF") and case in p.grammemes for p in parse(word)[:3]
    )


def _this_later(tokens: Sequence[Token], i: int, questions: set[int]) -> str | None:
    """«Гошу. Но это потом», «Ульяну полечу — но это уже после собрания»: right after the
    move — a clause after a dash or a sentence of its own, with no verb — «это» (the move
    just said) and a word of later or an event: the move is put off to then."""
    sentence = tokens[i].sentence
    start = i + 1
    while start < len(tokens) and tokens[start].sentence == sentence:
        if tokens[start].raw in _SCOPE_END and start > i + 1:
            break
        start += 1
    span = [
        k
        for k in range(start, len(tokens))
        if tokens[k].word and tokens[k].sentence <= sentence + 1
    ]
    if not span or tokens[span[0]].sentence in questions:
        return None
    # the part up to the end of its clause: «но это потом, сначала разберусь с делами»
    end = next((n for n, k in enumerate(span) if tokens[k].clause_end), len(span) - 1)
    part = span[: end + 1]
    words = [tokens[k].word for k in part]
    if "это" not in words[:2] or any(_verb(w) for w in words):
        return None
    if set(words) & _LATER_TIME:
        return _quote(tokens, part[0], part[-1])
    for k in part:
        if tokens[k].word in _EVENT_PREPS and _event_after(tokens, k) is not None:
            return _quote(tokens, part[0], part[-1])
    return None


#: «как и вчера», «как ни крути», «так же, как …», «как только», «кто как проголосует» (an
#: indirect question: how, not when): no «как» of an event
_NOT_EVENT_AFTER: Final = ws("и ни только")
_NOT_EVENT_BEFORE: Final = ws("так же также точно того кто что где куда кого кому")
_EVENT: Final = frozenset({"3per", "futr", "perf", "indc"})


def _event_put_off(tokens: Sequence[Token], sentence: int) -> str | None:
    """«…, как закроется свеча»: the move's sentence holds a clause of an event to come
    (`_event_to_come`) — the move waits for it, and when it comes against the deadline the
    letter does not say (C-1). The clause as written, to its end, or None."""
    span = [k for k in range(len(tokens)) if tokens[k].sentence == sentence]
    for k in span:
        if not _event_to_come(tokens, k):
            continue
        end = k + 1
        while (
            end + 1 <= span[-1]
            and not tokens[end].clause_end
            and tokens[end + 1].raw not in _SCOPE_END
        ):
            end += 1
        return _quote(tokens, k, end)
    return None


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
    verb = [p for p in parse(nxt.word)[:1] if p.pos == "VERB" and p.grammemes >= _EVENT]
    if not verb or verb[0].lemma.replace("ё", "е") in _NIGHTFALL:
        return False  # «как стемнеет», «как все уснут»: the night itself, no later time
    after = tokens[k + 2] if k + 2 < len(tokens) and not nxt.clause_end else None
    return after is None or after.word not in NIGHT  # «как наступит ночь»


#: verbs whose event is the night falling: a clause of them names the move's own night
_NIGHTFALL: Final = ws("стемнеть смеркнуться завечереть уснуть заснуть")


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


#: a relative pronoun that stands for the move's player: «кого», «на кого», «которого»
_WHO_LEMMAS: Final = ws("кто который")


def left_to_another(tokens: Sequence[Token], i: int, questions: set[int]) -> str | None:
    """«Убью, кого Дон скажет», «Проверю того, на кого укажет X», «Лечу, кого X попросит»:
    the move's player is whoever another will name — a relative «кто»/«который» in the
    move's sentence, in the clause of the action word at `i` or the clause right after it,
    not its subject, whose own verb is another's (the third person) and in the future. No
    player of the sender's own is named: the words as written, or None. A word already
    given («на которую указал X») names nobody to wait for."""
    sentence = tokens[i].sentence
    if sentence in questions:
        return None
    awaited = _word_awaited(tokens, i)
    if awaited is not None:
        return awaited
    a, b = clause_bounds(tokens, i)
    if b + 1 < len(tokens) and tokens[b + 1].sentence == sentence:
        b = clause_bounds(tokens, b + 1)[1]
    for k in range(a, b + 1):
        who = parse(tokens[k].word)[:1]
        if k == i or not who or who[0].lemma not in _WHO_LEMMAS or "nomn" in who[0].grammemes:
            continue  # «кто с топором ходит»: the pronoun the subject, a player described
        for j in range(k + 1, b + 1):
            if not tokens[j].word or tokens[j].raw in _SCOPE_END:
                break
            verb = [p for p in parse(tokens[j].word)[:3] if p.pos == "VERB"]
            if verb and tokens[j].word not in NEG:
                grams = verb[0].grammemes
                if "futr" not in grams or "3per" not in grams:
                    break  # «на которую указал X», «кого хотите»: no word still to come
                return _quote(tokens, k, j)
            if tokens[j].clause_end:
                break
        told = _answer_told(tokens, k, sentence)
        if told is not None:
            return told
    return None


#: words opening a clause of what another is to say or do: «что скажет», «пока ответит»,
#: «как решит», «кого назовёт» (the lemmas of the subordinating words, a closed class)
_AWAITED_OPENERS: Final = ws("что пока как кто")


def _word_awaited(tokens: Sequence[Token], i: int) -> str | None:
    """«Жду, что скажет X, тогда убиваю Y», «Дождусь, пока X ответит, и проверяю Y»: before
    the move's clause, in its sentence, a clause of the sender's own verb (the first person,
    not past, not negated) governs the clause right after it, opened by a subordinating word
    and holding another's verb in the future of the third person, not negated — the move
    waits on what another is still to say. A word already given («X сказал, что …»), the
    waiting denied («Не жду, что …», «Неважно, что …»), a contrast to the move («Знаю, что
    скажет X, но лечу Y») or a clause after the move («…, посмотрим, что он скажет») leave
    the move firm. The words from the sender's verb to the other's, or None."""
    sentence = tokens[i].sentence
    start, _end = clause_bounds(tokens, i)
    if tokens[start].word in _CONTRAST:
        return None
    first = start
    while first > 0 and tokens[first - 1].sentence == sentence:
        first -= 1
    for k in range(first + 1, start):
        if not tokens[k - 1].clause_end:
            continue  # the subordinating word opens its clause
        if not any(p.lemma in _AWAITED_OPENERS for p in parse(tokens[k].word)[:1]):
            continue
        ga, _gb = clause_bounds(tokens, k - 1)
        own = [
            g
            for g in range(ga, k)
            if tokens[g].word
            and any(
                p.pos == "VERB" and "1per" in p.grammemes and "past" not in p.grammemes
                for p in parse(tokens[g].word)[:1]
            )
            and not any(tokens[h].word in NEG for h in range(ga, g))
        ]
        if not own:
            continue
        for j in range(k + 1, start):
            if (
                tokens[j].word
                and tokens[j - 1].word not in NEG
                and any(
                    p.pos == "VERB" and {"futr", "3per"} <= p.grammemes
                    for p in parse(tokens[j].word)[:1]
                )
            ):
                return _quote(tokens, own[0], j)
            if tokens[j].clause_end:
                break
    return None


#: a conjunction of contrast opening the move's clause: what came before is set against it
_CONTRAST: Final = ws("но однако")


def _answer_told(tokens: Sequence[Token], k: int, sentence: int) -> str | None:
    """«Кого проверить, подскажет X», «X скажет, кому лечить»: the «кто» form at `k` and an
    infinitive right after it make a clause of an indirect question — whom to act on — and
    the clause next to it, before or after, holds another's answer to come: a verb of the
    third person in the future, not negated. The words from the pronoun to that verb (or
    from the verb to the infinitive), or None."""
    if k + 1 >= len(tokens) or tokens[k].clause_end:
        return None
    if not any(p.pos == "INFN" for p in parse(tokens[k + 1].word)[:1]):
        return None
    a, b = clause_bounds(tokens, k)
    near: list[int] = []
    if b + 1 < len(tokens) and tokens[b + 1].sentence == sentence:
        near += range(b + 1, clause_bounds(tokens, b + 1)[1] + 1)
    if a > 0 and tokens[a - 1].sentence == sentence:
        near += range(clause_bounds(tokens, a - 1)[0], a)
    for j in near:
        if not tokens[j].word or (j > 0 and tokens[j - 1].word in NEG):
            continue
        verb = [p for p in parse(tokens[j].word)[:1] if p.pos == "VERB"]
        if verb and {"futr", "3per"} <= verb[0].grammemes:
            return _quote(tokens, min(j, k), max(j, k + 1))
    return None


#: the concessive conjunction that, after a move, may take it back («Убиваю X. Хотя нет»)
_THOUGH: Final = "хотя"
#: «хотя» said flatly taking back: «нет», «не …»
_NO: Final = NEG | ws("нет")


def held_back(
    tokens: Sequence[Token], i: int, questions: set[int], named: Collection[int] = ()
) -> str | None:
    """C-2: a clause after the move's verb at `i` that holds the move back — «хотя» with,
    right after it, a word that takes back or doubts what was said: an imperative to the
    host to wait («Хотя подожди», «хотя погодите»), «нет»/«не» («Хотя нет, не уверена»), a
    parenthetical word of doubt («Хотя, наверное, не его», «хотя, может, и нет») or the
    sender's promise of word to come («Хотя стоп… напишу позже»); or a sentence after the
    move opening with such an imperative and promising word to come («Подожди, отвечу
    позже»). A concession that holds nothing back («хотя она милая», «хотя бы так», «хотя
    устала») and a wait said before the move («Хотя подожди… Проверяю X») leave the move
    standing, and so does a correction or a confirmation naming a player in it or after it
    (`named`: the tokens of the letter's players: «Хотя нет, Белову», «Хотя нет… всё-таки
    Павла»), read as such. Not in a question. The words as written, or
    None."""
    for k in range(i + 1, len(tokens)):
        t = tokens[k]
        if t.sentence in questions or not t.word:
            continue
        span: tuple[int, int] | None = None
        if t.word == _THOUGH:
            nxt = _next_word(tokens, k)
            if nxt is not None and (_takes_back(tokens[nxt].word) or _promise_near(tokens, nxt)):
                span = (k, _sentence_end(tokens, nxt))
        elif _opens_sentence(tokens, k) and _imperative(t.word):
            end = _sentence_end(tokens, k)
            if any(_promise(tokens, j, questions) for j in range(k + 1, end + 1)):
                span = (k, end)
        # a player named in it or after it («Хотя нет, Белову», «Хотя нет… всё-таки
        # Павла»): a correction or the move said again, read as such
        if span is not None and not any(j >= span[0] for j in named):
            return _quote(tokens, *span)
    return None


def _next_word(tokens: Sequence[Token], k: int) -> int | None:
    """The next word of the sentence after `k` (past marks of punctuation alone)."""
    for j in range(k + 1, len(tokens)):
        if tokens[j].sentence != tokens[k].sentence:
            return None
        if tokens[j].word:
            return j
    return None


def _takes_back(word: str) -> bool:
    """A word that takes back or doubts what was said, right after «хотя»: «нет»/«не», an
    imperative («подожди»), a parenthetical word («наверное», «может»)."""
    if word in _NO or _imperative(word):
        return True
    return any("Prnt" in p.grammemes for p in parse(word)[:2])


def _imperative(word: str) -> bool:
    """An imperative in the word's first two readings («погодите» is a future too)."""
    return any(p.pos == "VERB" and "impr" in p.grammemes for p in parse(word)[:2])


def _promise_near(tokens: Sequence[Token], k: int) -> bool:
    """«Хотя стоп… напишу позже»: the sender's promise of word in the sentence from `k` or
    in the one right after it."""
    sentences = {tokens[k].sentence, tokens[k].sentence + 1}
    return any(
        _promise(tokens, j, set()) for j in range(k, len(tokens)) if tokens[j].sentence in sentences
    )


def _opens_sentence(tokens: Sequence[Token], k: int) -> bool:
    return k == 0 or tokens[k - 1].sentence != tokens[k].sentence


def _sentence_end(tokens: Sequence[Token], k: int) -> int:
    end = k
    while end + 1 < len(tokens) and tokens[end + 1].sentence == tokens[k].sentence:
        end += 1
    return end
