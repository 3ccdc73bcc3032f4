"""Words that take a coloured nick back, negate it or spare him, read in the nick's own
clause: retractions, «не», acquittals, conditions, questions, days gone by."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from parser.morph import Reading, lemmas, parse
from parser.records import ColoredSpan
from parser.vocab import (
    CONDITION_OPENERS,
    MAYBE,
    SETTLED,
    UNSURE_WORDS,
    decided_words,
    joke_words,
    joked,
    undecided_words,
)
from parser.votes.names import ACT_LEMMAS, CUE_LEMMAS
from parser.votes.records import CONDITIONAL, DOUBTED, PUT_OFF, WISHED, WITHDRAWN, words_of
from parser.votes.slip import excuse_blanked

#: why a nick was set aside: None keeps it; "" sets it aside with nothing to tell the host
#: (negated, spared, taken back, a day gone by); a refusal code (`DOUBTED`, `WISHED`,
#: `CONDITIONAL`, `PUT_OFF`), `ASKED` or `JOKED` sets it aside as a vote the host must hear of
Why = str | None
#: the nick asked about: the caller decides (`parser.votes.day._left_open`)
ASKED: Final = "asked"
#: the vote said to be a joke or not serious in the author's own words (issue 17 item 2)
JOKED: Final = "joked"

# Verbs a player takes a vote back with («Снимаю зелёный с Ромы», «отзываю голос»).
_RETRACT_LEMMAS: Final = frozenset(
    ("снимать", "снять", "отзывать", "отозвать", "отменять", "отменить")
)
# The class of withdrawal, by lemma and form (`_withdrawal_word`): those verbs and
# «аннулировать» as the author's own act or a command («Аннулирую голос за …», «Отставить
# …»), the noun «отбой» said as a command («Отбой по …», not «после отбоя»), the predicate
# «недействителен» («Голос за <X> недействителен»).
_WITHDRAW_LEMMAS: Final = _RETRACT_LEMMAS | frozenset(
    ("отставить", "отставлять", "аннулировать", "аннулировывать", "отбой", "недействительный")
)
#: verbs of counting a vote: with a live «не» before them they take the vote back
#: («Прошу не считать <X>», «не засчитывайте <X>»)
_COUNT_LEMMAS: Final = frozenset(("считать", "засчитывать", "засчитать", "учитывать", "учесть"))
# Words that spare a player named next to them, before or after («Рому оправдываю», «Рыжего
# оставим на завтра», «отпускаю Катю»): the named player is let off, not voted for.
SPARE_LEMMAS: Final = frozenset(
    ("оправдать", "оправдывать", "невиновный", "невиноватый", "пощадить", "щадить",
     "помиловать", "миловать", "отпустить", "отпускать", "оставить", "оставлять", "подождать")
)  # fmt: skip
# Verbs of voting and jailing: «не» next to one of them after the nick («Рому не
# выставляю», «Катю не сажать», «Рому я трогать не буду») takes the nick back, while «не»
# after a nick with another verb is the reason («Лёня — не отвечает на вопросы»).
_ACT_LEMMAS: Final = ACT_LEMMAS
# G-N.4: words that make a court post a vote for jailing the nominee they name.
JAIL_LEMMAS: Final = frozenset(
    ("сажать", "посадить", "садить", "посадка", "тюрьма", "арест", "арестовать", "решетка",
     "нары", "казнить", "казнь", "суд", "осудить", "засадить")
)  # fmt: skip
_RETRACT_STEMS: Final = (  # a cheap first look before any lemma is asked for
    "сни", "сня", "отзыв", "отозв", "отмен", "оправд", "невинов", "невиноват", "щад", "милов",
    "отпус", "остав", "подожд", "пусть", "отстав", "отбо", "аннулир", "недействит", "счит",
)  # fmt: skip
_CLAUSE_END: Final = re.compile(r"[.!?;:,()\n]")
# Conjunctions that open a new clause inside a sentence: a negation before them is not the
# nick's («Не знаю, кто мафия, но выставляю Лёню» — and without the comma too).
CONTRAST: Final = frozenset(("но", "а", "однако", "зато", "хотя"))
_RETRACT_WINDOW: Final = 4  # words before a span a retraction verb is looked for in
_NEGATION_WINDOW: Final = 8  # words of its clause before a span a «не» is looked for in
_LINKS: Final = frozenset(("и", "поэтому", "значит", "следовательно", "потому"))
_NEGATIONS: Final = frozenset(("не", "ни"))
# «не могу не выставить», «нельзя не», «почему бы не»: a «не» after these is affirmative
_MODAL_LEMMAS: Final = frozenset(("мочь", "смочь", "удержаться"))


# A clause that opens with one of these is what the clause before it says about it: «Не
# думаю, что <Хромой> мафия» negates the nick through the comma.
_SUBORDINATE: Final = frozenset(("что", "чтобы", "будто", "якобы"))
# Words that open another statement after the nick, about him rather than about the vote:
# «Голосую за <Рому> потому что он не отвечает» — the «не» is the reason's.
_AFTER_STOP: Final = frozenset(
    ("потому", "что", "ведь", "поскольку", "так", "раз", "если", "когда", "он", "она",
     "они", "оно", "который", "которая", "которые", "т")
)  # fmt: skip


DASH: Final = re.compile(r"[—–]|\s-\s")


def _contrast_cut(words: list[str], *, tail: bool) -> list[str]:
    cuts = [i for i, w in enumerate(words) if w in CONTRAST]
    if tail:
        return words[cuts[-1] + 1 :] if cuts else words
    return words[: cuts[0]] if cuts else words


def _clause_words(text: str, *, tail: bool) -> list[str]:
    """The words (lower case, ё→е) of the clause of `text` that touches the nick: its last
    clause when `tail` (text before the nick; a clause opening with «что» takes in the one
    before it), else its first (text after it, up to a word opening another statement)."""
    parts = _CLAUSE_END.split(text.replace("ё", "е"))
    if not tail:
        # a dash after the nick opens the reason («Рому — не отвечает на вопросы»)
        words = _contrast_cut(words_of(DASH.split(parts[0], 1)[0]), tail=False)
        stop = next((i for i, w in enumerate(words) if w in _AFTER_STOP), len(words))
        return words[:stop]
    last = parts[-1]
    # «не ставлю ему — ставлю <X>»: a dash followed by a finite verb of its own opens a new
    # clause, out of reach of what the clause before the dash negated
    dashed = DASH.split(last)
    if len(dashed) > 1 and any(_verb(w) is not None for w in words_of(dashed[-1])):
        last = dashed[-1]
    words = _contrast_cut(words_of(last), tail=True)
    whole = len(words) == len(words_of(last))  # no conjunction cut it
    if len(parts) > 1 and whole and words and words[0] in _SUBORDINATE:
        words = _contrast_cut(words_of(parts[-2]), tail=True) + words
    return words


# «не только» adds, «не против» agrees: neither negates the vote
_NOT_NEGATED: Final = frozenset(("только", "против"))
# Words that set the nick's clause in a day gone by: «Вчера я выставляла <Лёню>» tells a
# story, it is not today's vote
_PAST_DAY: Final = frozenset(("вчера", "позавчера", "прошлый", "прошлого", "прошлом"))


def _told_of_the_past(words: Sequence[str]) -> bool:
    """Whether a day gone by is named after the clause's last «сегодня»/«сейчас»/«теперь»
    («Вчера врал — сегодня выставляю <Рому>» is today's vote)."""
    now = max((i for i, w in enumerate(words) if w in _TODAY), default=-1)
    return bool(_PAST_DAY.intersection(words[now + 1 :]))


_TODAY: Final = frozenset(("сегодня", "сейчас", "теперь"))


def live_negations(words: Sequence[str]) -> list[int]:
    """Positions of «не»/«ни» in `words` that negate: a double negation («не могу не»,
    «нельзя не», «почему бы не») is affirmative, so neither of its «не» counts; «не
    только» adds and «не против» agrees rather than negates."""
    out: list[int] = []
    for i, w in enumerate(words):
        if w not in _NEGATIONS or (i + 1 < len(words) and words[i + 1] in _NOT_NEGATED):
            continue
        prev = words[i - 1] if i else ""
        if prev in ("нельзя", "бы", "если") or (
            i >= 2 and words[i - 2] in _NEGATIONS and _MODAL_LEMMAS.intersection(lemmas(prev))
        ):
            if out and out[-1] == i - 2:
                out.pop()  # «не могу» of «не могу не»
            continue
        out.append(i)
    return out


#: verbs of trust: negated with the nick as their object («Не верю <X>», «не доверяю <X>»)
#: they accuse him — distrust is the reason, not a vote taken back (P-V.1)
TRUST_LEMMAS: Final = frozenset(("верить", "поверить", "доверять", "доверить"))


def _negated_before(words: Sequence[str]) -> bool:
    """Whether a «не» in the words of the nick's clause before it negates the vote: any
    live one (`live_negations`) but one on a verb of trust whose object the nick is — «Не
    верю <X> ни на грош» accuses; «Не верю, что <X> мафия» (a «что» clause) still negates."""
    for i in live_negations(words):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        rest = words[i + 2 :]
        if votes_word([nxt]) and _of_another(words, i):
            # «Тимофей не голосует весь день — <Тимофей>»: another's act of voting told,
            # the reason for the vote, not the author's vote negated (P-V.1)
            continue
        trust = len(nxt) >= 4 and TRUST_LEMMAS.intersection(lemmas(nxt))
        if not trust or _SUBORDINATE.intersection(rest) or live_negations(rest):
            return True
    return False


def has_lemma(words: Sequence[str], wanted: frozenset[str]) -> bool:
    return any(len(w) >= 3 and wanted.intersection(lemmas(w)) for w in words)


#: the guardhouse, said with «на» («на губу», «на гауптвахту»): the army's «to jail»
_GUARDHOUSE_LEMMAS: Final = frozenset(("губа", "гауптвахта", "губвахта"))


def jails(words: Sequence[str]) -> bool:
    """Whether a court clause's words (bare, lower case) jail: a word of jailing by lemma
    (G-N.4), or the guardhouse after «на» («Скифа на губу»; «губа» alone is the lip)."""
    if has_lemma(words, JAIL_LEMMAS):
        return True
    return any(a == "на" and _GUARDHOUSE_LEMMAS.intersection(lemmas(b)) for a, b in pairwise(words))


_VOTE_ACTS: Final = _ACT_LEMMAS | CUE_LEMMAS | JAIL_LEMMAS
# verbs that a prefix only re-aims: перевыставлять, переголосовать, пересажать
_VOTE_VERBS: Final = tuple(w for w in _VOTE_ACTS if w.endswith("ть") and len(w) >= 6)


def votes_word(words: Sequence[str]) -> bool:
    """Whether a word of `words` is a verb or noun of voting or jailing, any form, a
    prefixed verb included («перевыставлять»)."""
    for w in words:
        if len(w) < 3:
            continue
        for lemma in lemmas(w):
            if lemma in _VOTE_ACTS or (len(lemma) > 6 and lemma.endswith(_VOTE_VERBS)):
                return True
    return False


# «Если Рома не ответит, выставлю <Рому>», «Выставлю <Рому>, если…»: a promise, not a vote
# yet («если что» is only "just in case")
# («Если не <Рома>, то кто?» is no condition: it names him)
# the openers of the one condition list, a phrase's words parted by spaces or commas
# («при условии, что», «в случае если»); a one-word opener after the nick needs its comma,
# a longer one is a conjunction wherever it stands («Зеленю <X> при условии, что …»)
_IF_WORD: Final = "|".join(w for w in CONDITION_OPENERS if " " not in w)
_IF_PHRASE: Final = "|".join(
    r"\W+".join(w.split()) for w in sorted(CONDITION_OPENERS, key=len, reverse=True) if " " in w
)
_IF_FIRST: Final = re.compile(
    rf"^\W*(?:{_IF_PHRASE}|{_IF_WORD})\b(?!\W+что\b)(?!\W+не\W*$)(?!\W+[^\W\d_]+\s*,)"
)
_IF_AFTER: Final = re.compile(
    rf"^[^.!?;]*?(?:,\W*(?:{_IF_PHRASE}|{_IF_WORD})|\W(?:{_IF_PHRASE}))\b(?!\W+что\b)"
)
_SENTENCE_END: Final = re.compile(r"[.!?\n…]")


def _let_off(before: str, after: str, *, follows_nick: bool = False) -> Why:
    """Why the words around a nick (`before`, `after`: the text either side) take it back,
    negate it, spare him, ask about the vote or set it on a condition, in the nick's own
    clause (`Why`; None: they do not) — see `not_retracted`. `follows_nick`: `before` runs
    from another coloured nick."""
    words = _clause_words(before, tail=True)
    # «<X> — отставить, <Y>»: a withdrawal said in the sentence of the nick before it takes
    # that one back (a correction, `parser.votes.proof`), not the nick after it
    corrects = follows_nick and _SENTENCE_END.search(before) is None
    if _withdrawn(words, after, before_too=not corrects):
        return WITHDRAWN
    # a «не» before «и»/«поэтому» negated another verb: «Он не отвечает и поэтому голосую за»
    link = max((i for i, w in enumerate(words) if w in _LINKS), default=-1)
    if _negated_before(words[link + 1 :][-_NEGATION_WINDOW:]):
        return ""
    # a question about voting («Может, <Рыжего> выставить?») or a condition is not a
    # decision yet; «<Рома>? Ты где был ночью» only asks him
    ends = _SENTENCE_END.search(after)
    if (
        ends is not None
        and ends.group() == "?"
        and not _remark_asked(after[: ends.start()])
        and not question_of_its_own(after[: ends.start()])
    ):
        asked = _SENTENCE_END.split(before)[-1] + " " + after[: ends.start()]
        rest = after[ends.end() :]
        if (
            votes_word(words_of(asked.replace("ё", "е")))
            and not answered_yes(_SENTENCE_END.split(rest)[0])
            and not vote_said_of_him(rest)
        ):
            return ASKED
    if _IF_FIRST.search(_SENTENCE_END.split(before)[-1]) or _IF_AFTER.search(after):
        return CONDITIONAL
    # «Если наши выиграют — <X> выдвину, если нет — <Y>»: the other branch of a condition
    # opens the nick's own clause
    if _IF_FIRST.search(_CLAUSE_END.split(before)[-1]):
        return CONDITIONAL
    near = words[-_RETRACT_WINDOW:]
    follow = _clause_words(after, tail=False)
    if follow == ["не"]:
        # «против <X>… не, не буду»: a bare «не» set off on its own answers the vote, and
        # the clause after it says what it takes back
        follow = follow + _clause_words(_CLAUSE_END.split(after, maxsplit=2)[-1], tail=False)
    if _spared_before(near, follow, after) or _told_of_the_past(words):
        return ""
    if not follow:
        return None
    if "пусть" in follow and has_lemma(follow, frozenset(("жить",))):
        return ""  # «Рома пусть живёт»
    if has_lemma(follow, SPARE_LEMMAS):
        return ""
    # «Рому не выставляю», «Голосовать за Рому я не стану»: a «не» after the nick negates
    # the vote when a verb of voting stands in the clause, on either side of the nick
    if votes_word(follow):
        # «<X> — он не голосовал вчера»: another's act of voting is the reason (P-V.1)
        own_act = [i for i in live_negations(follow) if not _of_another(follow, i)]
        return "" if own_act else None
    # «— и <Липе> тоже не ставлю»: «тоже не» and the author's own verb after the nick
    # repeat a refusal said before it of him — the verb needs no vote word of its own
    live = live_negations(follow)
    for i in live:
        verb = _verb(follow[i + 1]) if i + 1 < len(follow) else None
        if i and follow[i - 1] in _ALSO and verb is not None and "1per" in verb.grammemes:
            return ""
    # «ни» beside a «не» only strengthens it («не верю ни одному слову»): the «не» decides
    heads = [i for i in live if follow[i] == "не"] or live
    negated = votes_word(words) and any(not _of_another(follow, i) for i in heads)
    return "" if negated else None


#: «тоже не ставлю»: what was said of the one before is said of him as well
_ALSO: Final = frozenset(("тоже", "также"))


def _of_another(words: Sequence[str], at: int) -> bool:
    """P-V.1: whether the «не» at `at` negates a finite verb of someone else's — the third
    person («против <X>… весь день врёт и ничего не объясняет», «… мне не нравится как он
    играет»), or of the author's distrust: a reason, not his vote taken back («… не буду»)."""
    verb = next((r for w in words[at + 1 : at + 3] if (r := _verb(w)) is not None), None)
    if verb is None:
        return False
    # a past tense tells no person: its subject, a pronoun of the third person right before
    # the «не», does («… он не голосовал вчера»)
    told = "past" in verb.grammemes and at > 0 and words[at - 1] in _THIRD_PERSON
    # distrust is the reason too («… не верю ни одному его слову», `TRUST_LEMMAS`)
    return "3per" in verb.grammemes or told or verb.lemma in TRUST_LEMMAS


_THIRD_PERSON: Final = frozenset(("он", "она", "оно", "они"))


def _verb(word: str) -> Reading | None:
    first = parse(word)[:1]
    return first[0] if first and first[0].pos == "VERB" else None


#: a clause's stop inside a sentence: the nick's clause ends there (a dash right after the
#: nick opens what is said of him, no clause of its own)
_INNER_STOP: Final = re.compile(r"[,;:()—–]|\s-\s")
_LEAD_STOP: Final = re.compile(r"^\s*(?:[—–]|-\s)")


def question_of_its_own(after: str) -> bool:
    """Issue 17 item 2 (P-V.1, G-N.1): whether the question mark ending a nick's sentence
    (`after`: the words from the nick to that mark) closes a clause of its own rather than
    the nick's clause — a later clause, past a comma, colon or dash, with its own subject or
    predicate: a question word («…, а зачем мирному врать?»), a pronoun in the nominative
    («…, а вы за кого?», «…, потому что кто ещё так путает?»), a finite verb or a short
    adjective («…, согласны?»). Such a question asks something else; the nick's own clause
    is no question. A clause opened by «или» is the alternative to the nick's clause, and
    an infinitive alone («<X>, может, выставить?») still asks of him."""
    clauses = _INNER_STOP.split(_LEAD_STOP.sub("", after.replace("ё", "е")))
    if len(clauses) < 2:
        return False
    words = words_of(clauses[-1])
    if not words or words[0] in ("или", "либо"):
        return False
    for w in words:
        first = parse(w)[:1]
        if not first:
            continue
        r = first[0]
        if "Ques" in r.grammemes or r.pos == "ADJS":
            return True
        if r.pos == "NPRO" and "nomn" in r.grammemes:
            return True
        if r.pos == "VERB" and "indc" in r.grammemes and r.lemma != "мочь":
            return True
    return False


def vote_said_of_him(rest: str) -> bool:
    """P-V.1: whether a later sentence of the author's that asks nothing says his vote for
    the player asked about — a vote word beside a pronoun of the third person («<X>? …
    Голосую против него»): the question was his own way to the vote."""
    for sentence in re.split(r"(?<=[.!?\n…])", rest.replace("ё", "е")):
        if sentence.rstrip().endswith("?"):
            continue
        words = words_of(sentence)
        him = any(r.pos == "NPRO" and "3per" in r.grammemes for w in words for r in parse(w))
        if him and votes_word(words) and not live_negations(words):
            return True
    return False


def _withdrawal_word(word: str, before: str = "") -> bool:
    """A word of the withdrawal class (`_WITHDRAW_LEMMAS`) in its likeliest reading, said
    now by the author or as a command: a verb in the first person, the imperative or the
    infinitive (not «снимал», «он отменил»), the noun in the nominative, the short
    adjective — and not negated («не снимаю»)."""
    if len(word) < 4 or before in _NEGATIONS:
        return False
    first = parse(word)[:1]
    if not first or first[0].lemma not in _WITHDRAW_LEMMAS:
        return False
    pos, grams = first[0].pos, first[0].grammemes
    if pos == "VERB":
        return bool({"1per", "impr"} & grams) and "past" not in grams
    return pos == "INFN" or (pos == "NOUN" and "nomn" in grams) or pos == "ADJS"


#: the forms of a counting verb that ask for the vote not to be counted: «не считать»,
#: «не считайте», «не засчитывайте»
_ASKED_FORMS: Final = frozenset(("INFN", "impr"))
_LEAD_DASH: Final = re.compile(r"^\s*(?:[—–]|-\s)")


def _withdrawn(words: Sequence[str], after: str, *, before_too: bool = True) -> bool:
    """P-V.3, G-N.1: whether the nick's own clause takes the vote for him back — a word of
    withdrawal just before him («Отменяю <X>», «Отставить <X>», «Отбой по <X>», «Аннулирую
    голос за <X>»), «не» with a counting verb asked for («Прошу не считать <X>»), or the
    word opening what follows him, a dash between or not («<X> — снимаю», «Голос за <X>
    недействителен»). A withdrawal told of a day gone by («вчера отменял …») takes back
    nothing today."""
    if _told_of_the_past(words):
        return False
    near = words[-_RETRACT_WINDOW:] if before_too else []
    if any(
        _withdrawal_word(w, near[n - 1] if n else "")
        and not _object_of_its_own(near[n + 1 :], after)
        for n, w in enumerate(near)
    ):
        return True
    for a, b in pairwise(near):
        if a == "не" and any(
            p.lemma in _COUNT_LEMMAS and _ASKED_FORMS & p.grammemes for p in parse(b)[:1]
        ):
            return True
    first = words_of(_CLAUSE_END.split(_LEAD_DASH.sub("", after.replace("ё", "е")), 1)[0])
    return bool(first) and _withdrawal_word(first[0])


def _object_of_its_own(between: Sequence[str], after: str) -> bool:
    """VM1 (P-V.1, P-V.3): whether the retraction verb before a nick takes a thing of its
    own — a noun in the accusative between the verb and the nick that is neither the vote
    nor a word of voting («Снимаю звук с <X>», «снимаю мерку с <X>», «Снимаю шляпу перед
    <X>»: a trade's or an idiom's object) — while the words after the nick say a vote: the
    verb is talk and takes nothing back. The vote itself as the object («снимаю голос с»,
    «снимаю свой выбор», «снимаю красный» — an adjective standing for the vote), or the nick
    as the object («Снимаю <X>»), takes it back; so does any object when no vote is said
    after the nick («Снимаю обвинение с <X>, он чист»: nothing is counted either way)."""
    things = [
        w
        for w in between
        if w not in _VOTE_OBJECTS
        and not votes_word([w])
        and (said := parse(w))
        and said[0].pos == "NOUN"
        and any(p.pos == "NOUN" and "accs" in p.grammemes for p in said)
    ]
    return bool(things) and votes_word(words_of(after.replace("ё", "е")))


#: a question answered yes at once («<Слона>? Да, точно его», «Против <X>? Да.»)
_YES: Final = frozenset(("да", "точно", "конечно", "именно", "ага", "угу"))


def answered_yes(sentence: str) -> bool:
    """Whether the sentence after a question opens with a yes: the question is answered,
    the nick asked about is the vote (P-V.1, G-N.1)."""
    words = words_of(sentence.casefold().replace("ё", "е"))
    # «Да нет, вряд ли»: the yes of «да нет» is a no
    return bool(words) and words[0] in _YES and words[1:2] != ["нет"]


#: after the nick, a clause of its own with its own subject: «…, он вообще чей папа?»
_OWN_SUBJECT: Final = re.compile(r"^[^,;:—–]*[,;:—–]\s*(?:а\s+|и\s+)?(?:он|она|они|оно|ты|вы)\b")


def _remark_asked(after: str) -> bool:
    """P-V.1: whether the question after a nick is a remark of its own about him — a clause
    with its own subject after a comma that says nothing of voting («Против <Димы>, он
    вообще чей папа?») — so the vote said before the nick stands; «Может, <Рыжего>
    выставить?» asks the vote itself."""
    low = after.casefold().replace("ё", "е")
    cut = _OWN_SUBJECT.match(low)
    return cut is not None and not votes_word(words_of(low[cut.end() :]))


_KEEP_LEMMAS: Final = frozenset(("оставить", "оставлять"))


def _spared_before(near: Sequence[str], follow: Sequence[str], after: str = "") -> bool:
    """Whether a verb of taking back or sparing stands just before the nick. «Оставляю
    <Сову>» with nothing after the nick in its clause keeps the green on Сова — a vote
    (G-N.1), as in «<Пьеро>? Нет уж, оставляю <Сову>»; «оставляю в живых <Рому>», «<Рому>
    оставлю на завтра» spare him."""
    # VM1: a verb of taking back with a thing of its own, a vote said after the nick
    near = [
        w
        for n, w in enumerate(near)
        if not (has_lemma([w], _RETRACT_LEMMAS) and _object_of_its_own(near[n + 1 :], after))
    ]
    if not has_lemma(near, _RETRACT_LEMMAS | SPARE_LEMMAS):
        return False
    kept = bool(near) and _KEEP_LEMMAS.intersection(lemmas(near[-1])) and not follow
    return not (kept and not has_lemma(near[:-1], _RETRACT_LEMMAS | SPARE_LEMMAS))


def not_retracted(own_text: str, spans: list[ColoredSpan]) -> list[ColoredSpan]:
    """`spans` without those taken back, negated or spared in words (see `_retracted`)."""
    return _retracted(own_text, spans)[0]


def choice_left_open(own_text: str, spans: list[ColoredSpan]) -> bool:
    """Whether the words leave the post's whole choice open — a doubt, a joke at the end, a
    row of players only asked about — rather than take each nick back one by one."""
    return _retracted(own_text, spans)[1]


def left_open(own_text: str, spans: list[ColoredSpan]) -> tuple[bool, Why]:
    """(`choice_left_open`, why the first nick set aside was: `Why`) — a doubt, a wish, a
    condition, a vote put off or a question is a vote the host must hear of (issue 17 item
    2); a negation, a sparing, a retraction, a day gone by or a joke is none to tell."""
    _kept, open_, why = _retracted(own_text, spans)
    return open_, why


#: a negation, a condition, a day gone by, a maybe: whole words
_LOOK_WORDS: Final = re.compile(r"\b(?:не|ни|если|вчера|позавчера|прошл\w*|бы|может|возможно)\b")
#: a wait, a vote put off, a maybe, any of them inside a word
_LOOK_STEMS: Final = (
    "воздерж", "подожд", "повремен", "отлож", "позже", "потом", "иначе", "наверн", "вроде",
)  # fmt: skip
_OR_ELSE: Final = re.compile(r"\bа то\b")
_MIND_CHANGED: Final = re.compile(r"подума|\b(?:хотя|или)\s+нет\b|\bхоч|\bхотел")


def _worth_a_look(low: str) -> bool:
    """The retraction check's cheap first look: whether `low` (lower case) holds any word of
    taking back, negating, waiting, a condition, a doubt, a joke or a question at all. Each
    pattern that opens with a word boundary and a few literal words is searched only where
    one of its words stands (a plain substring test first: the regular expression engine
    tries such a pattern at every position of the text, the test does not), so the answer
    is what the patterns alone give."""
    return (
        "?" in low
        or any(stem in low for stem in _RETRACT_STEMS)
        or _LOOK_WORDS.search(low) is not None
        or any(stem in low for stem in _LOOK_STEMS)
        or ("а то" in low and _OR_ELSE.search(low) is not None)
        or (
            ("подума" in low or "нет" in low or "хоч" in low or "хотел" in low)
            and _MIND_CHANGED.search(low) is not None
        )
        or unmeant(low)
        or _doubt_cue(low)
    )


def _retracted(own_text: str, spans: list[ColoredSpan]) -> tuple[list[ColoredSpan], bool, Why]:
    """`spans` without those the author takes back, negates or spares in words in the same
    clause: «Снимаю зелёный с <Ромы>» is no green for Рома, and in «Снимаю <Рому>,
    выставляю <Костю>», «Голосую не за <Рому>, а за <Катю>», «<Катю> (а не <Рому>)»,
    «Выставляю <Катю>, <Рома> пусть живёт», «<Костю>. <Рому> не выставляю» only the other is
    one. A clause ends at punctuation or a contrasting conjunction (но, а, однако …); a
    double negation («Не могу не выставить <Катю>») is a vote. A span whose text cannot be
    placed in the own text stays."""
    low = own_text.casefold()
    if len(spans) > 1:
        # «<Клюкиной>, ой, очки не те надела — <Клюквиной>»: the excuse of a slip negates
        # the wrong one taken, not a coloured nick (`parser.votes.slip`)
        low = excuse_blanked(low)
    if not spans or not _worth_a_look(low):
        return spans, False, None
    kept: list[ColoredSpan] = []
    why: Why = None
    pos = 0
    for n, span in enumerate(spans):
        at = low.find(span.text.casefold(), pos)
        if at < 0:
            kept.append(span)
            continue
        end = at + len(span.text)
        nxt = min((i for i in (low.find(o.text.casefold(), end) for o in spans) if i > 0),
                  default=len(low))  # fmt: skip
        # the next coloured nick is one of the spans after this one: the same word in
        # lower case later in the talk («<Блиц>? Кто играет блиц …») is no span
        later = min((i for i in (low.find(o.text.casefold(), end) for o in spans[n + 1 :])
                     if i > 0), default=len(low))  # fmt: skip
        # a joke said after the post's last coloured nick («<Сову>, шучу)) пока не
        # голосую»); one before a later nick is a correction (`parser.votes.proof`)
        tail_joke = nxt == len(low) and (joke_said(low[end:]) or unmeant(low[end:]))
        hedged_before = _undecided_before(low[:at]) and not _conceded(low[end:nxt])
        doubt = in_doubt(low[end:nxt]) or hedged_before or _asked_other(low[end:nxt])
        if doubt or tail_joke or (nxt < len(low) and _ASKED_ONLY.fullmatch(low[end:nxt])):
            # «<Марго> или <Ирина>… не знаю», «<Лену>? <Леру>? …»: a doubt, or a row of
            # players only asked about — the whole choice is left open
            return [], True, DOUBTED if doubt else (JOKED if tail_joke else ASKED)
        # «<X> — это не окончательно», «<X> (это не голос, просто прикидка)»: this nick's
        # naming said to be no vote yet, up to the next coloured nick — shown to the host
        hedged = _hedge_said(low[end:nxt])
        off = DOUBTED if hedged else _let_off(low[pos:at], low[end:], follows_nick=n > 0)
        if off is None:
            off = _not_meant(low[pos:at], low[end:nxt])
        if off is None and _ASKED_ONLY.match(low, end) and _decision_put_off(low[end:later]):
            off = PUT_OFF  # «<Блиц>? … Завтра решу.»: asked about, and the choice put off
        if off is None:
            kept.append(span)
        elif why is None or (off and not why):
            why = off
        pos = end
    return kept, False, why


_JOKE_CLAUSE: Final = re.compile(r"[.!?…,;:()\n—–]+|\s-\s")
#: words before a joke noun that say it of what was written («это шутка», «ради шутки»)
_JOKE_LEAD: Final = frozenset(("это", "ради", "в", "для", "просто", "лишь", "всего", "была"))


def joke_said(after: str) -> bool:
    """Whether the words after the post's last coloured nick say the post was a joke: the
    author's own «шучу», or a joke noun said of it — closing its clause («— шутка», «(шутка)»)
    or after «это», «ради», «в» … («это шутка», «в шутку»). A joke noun that opens a clause
    telling of jokes («<Тамерлан> в ударе :) шутки одна за другой») is his jokes, not the
    author taking the vote back (P-V.1)."""
    text = after.replace("ё", "е")
    for mark in [None, *_JOKE_CLAUSE.finditer(text)]:
        start = mark.end() if mark is not None else 0
        end = _JOKE_CLAUSE.search(text, start)
        clause = text[start : end.start() if end is not None else len(text)]
        words = words_of(clause)
        if not joked(words):
            continue
        if any(_told_to_others(w) for w in words):
            continue  # «оставьте свои шутки»: the others' jokes, not the author's
        if "не" in words and _corrected_to_vote(words_of(_SENTENCE_END.split(text[start:])[0])):
            continue  # «не номинация ради шутки, а номинация всерьёз»: the joke denied
        for n, w in enumerate(words):
            if not joked([w]) or (n and not joked(words[n - 1 : n + 1])):
                continue
            verb = any(r.pos == "VERB" for r in parse(w)[:1])
            if verb or n == len(words) - 1 or (n and words[n - 1] in _JOKE_LEAD):
                return True
        if "не" in words:
            return True  # «не всерьёз»
    return False


def _told_to_others(word: str) -> bool:
    """A verb in the imperative or the second person plural: the clause speaks to others."""
    first = parse(word)[:1]
    return (
        bool(first)
        and first[0].pos == "VERB"
        and ("impr" in first[0].grammemes or {"2per", "plur"} <= first[0].grammemes)
    )


# «подожду», «воздержусь», «повременю», «отложу»: the vote put off, whatever came before
_PUT_OFF_LEMMAS: Final = frozenset(("воздержаться", "подождать", "повременить", "отложить"))
_LATER_VOTE: Final = re.compile(r"\b(?:голос\w*|проголосую|выставлю)\s+(?:позже|потом)\b")
_CONTRAST_NOT: Final = re.compile(r"\b(?:а|но)\s+не\s+(?:за|против|на)?\s*$")
_FIRST_CLAUSE: Final = re.compile(r"[.,;:!?\n(]")
_INTERROGATIVES: Final = frozenset(
    ("кто", "кого", "кому", "почему", "зачем", "неужели", "разве", "может", "ли", "а")
)
_THREAT: Final = re.compile(r"\b(?:а то|иначе)\b[^.!?]*\b(?:голос\w*|проголосую|выставлю)")


def _undecided_before(before: str) -> bool:
    """«Пока не решила. <X> — …», «Может быть, <X> …»: the post says before the nick that
    the sender has not decided, or hedges the nick's own sentence with a maybe — unless a
    word after the doubt settles it («не знаю… ладно, <X>»)."""
    before = before.replace("ё", "е")
    # «не решила», «подумаю»; not «не уверен», which before a nick answers someone else's
    # words (a real page: «<quote> Не уверен. <Марго>» greens Марго)
    words = words_of(before)
    doubts = [
        n
        for n, w in enumerate(words)
        if (w in decided_words() and n and words[n - 1] == "не") or w == "подумаю"
    ]
    if doubts and not set(words[doubts[-1] + 1 :]) & SETTLED:
        return True
    own = _SENTENCE_END.split(before)[-1]
    if _UNSURE_OF.search(own):
        return True  # «Не уверена насчёт <Грача>»: the doubt is about him
    # «Может, я и ошибаюсь, но голосую против <X>»: a «но» settles a maybe before it
    hedged = bool(set(_contrast_cut(words_of(own), tail=True)) & MAYBE)
    return hedged and not re.search(r"\bесли\s+не\b|почему", own)


def _conceded(after: str) -> bool:
    """«Может, <Кардан> и не мафия, но выдвигаю его»: a maybe before the nick conceded —
    in the nick's sentence after it a «но» or «однако» opens a clause whose first words
    hold the author's own vote verb in the first person, not negated (G-N.1, P-V.1)."""
    sentence = _SENTENCE_END.split(after.replace("ё", "е"), maxsplit=1)[0]
    words = words_of(sentence)
    for n, w in enumerate(words):
        if w not in ("но", "однако"):
            continue
        head = words[n + 1 : n + 3]
        if "не" in head:
            continue
        if any(CUE_LEMMAS.intersection(lemmas(h)) and _first_person(h) for h in head):
            return True
    return False


def _first_person(word: str) -> bool:
    """A verb in the first person («выдвигаю», «голосую»)."""
    return any(r.pos == "VERB" and "1per" in r.grammemes for r in parse(word)[:1])


#: a doubt said of the nick that follows: «не уверена насчёт <X>», «не уверен в <X>»
_UNSURE_OF: Final = re.compile(
    r"\bне\s+уверен[аы]?\s+(?:насч[её]т|на\s+сч[её]т|в|во|про|по\s+поводу|относительно)\s*$"
)


def _asked_other(after: str) -> bool:
    """«<X> — весь день молчит. Или Федю?», «… А может Грозу?»: a question after the nick
    that offers another choice."""
    return any(
        _OTHER_CHOICE.match(q.strip()) for q in re.findall(r"[^.!?…]*\?", after.replace("ё", "е"))
    )


_OTHER_CHOICE: Final = re.compile(r"(?:или|либо|а может|может)\b")
_ASKED_ONLY: Final = re.compile(r"[\s.…]*\?[\s?!.…]*")


def _not_meant(before: str, after: str) -> Why:
    """Why the words around a coloured nick say it is not (yet) the vote (`Why`; None: they
    do not): a wish («Я бы отдал голос за <Рому>», «Выставлял бы <Егора>» — not «почему бы
    не»), the vote put off or taken back after it («<Катя>… нет, воздержусь пока», «<Ефим>
    — голос позже»), a maybe («Может быть, выставлю <Жору>»; not one a «но» settles: «Может,
    я и ошибаюсь, но голосую против <X>») or a threat («<Саша>, объясни, а то проголосую»).
    `after` runs to the post's next coloured nick."""
    words = _clause_words(before, tail=True)
    for n, w in enumerate(words):
        rhetorical = n and words[n - 1] in ("почему", "отчего", "ли")
        if w == "бы" and not rhetorical and words[n + 1 : n + 2] != ["не"]:
            return WISHED
    if wish_turned_down(words, after):
        return WISHED
    sentence = words_of(_SENTENCE_END.split(before.replace("ё", "е"))[-1])
    sentence = _contrast_cut(sentence, tail=True)
    if {"может", "возможно"} & set(sentence) and votes_word(sentence):
        return DOUBTED
    if _CONTRAST_NOT.search(before):
        return ""  # «…, а не против <Мюллера>»: the player the vote is not for
    first = words_of(_FIRST_CLAUSE.split(after.replace("ё", "е"), 1)[0])
    own_act = [i for i in live_negations(first) if not _of_another(first, i)]
    sentence_after = words_of(_SENTENCE_END.split(after.replace("ё", "е"))[0])
    if own_act and votes_word(first) and not _corrected_to_vote(sentence_after):
        # «<Штирлиц> — не голосую, просто выделил»; not «<X> — он не голосовал вчера»,
        # another's act told as the reason, nor «<X> — не голос за мирного, а голос за
        # мафию», the kind of vote corrected (P-V.1)
        return ""
    sentence_start = _SENTENCE_END.split(before)[-1]
    ends = _SENTENCE_END.search(after)
    asks = words_of(sentence_start.replace("ё", "е"))[:1]
    rhetorical = re.search(r"\bесли\s+не\s*$", before) is not None  # «Кто, если не <Кот>?»
    # «Кто за <Бормана>?»: asked, not cast — unless a later sentence casts it («Почему <X>
    # молчала? Голосую против неё»)
    asked = ends is not None and ends.group() == "?" and set(asks) & _INTERROGATIVES
    if asked and ends is not None and not rhetorical and not vote_said_of_him(after[ends.end() :]):
        return ASKED
    return _not_meant_after(after)


#: verbs of making up one's mind: in the first person of the future beside a word of later
#: they say the choice is still to be made («Завтра решу», «определюсь позже»)
_DECIDE_LEMMAS: Final = frozenset(("решить", "определиться", "подумать"))
#: words of a later time, shared with the day reader's «скоро проголосую …» (parser.votes.proof)
LATER_WORDS: Final = frozenset(
    ("скоро", "потом", "позже", "позднее", "попозже", "завтра", "вечером", "утром")
)


#: prepositions whose inanimate noun is a time to come beside an act of the author's own
#: to come: «до вечера», «ближе к ночи», «через час», «после обеда» (`time_adjunct`)
TIME_PREPS: Final = frozenset(("до", "к", "ко", "через", "после"))


def time_adjunct(words: Sequence[str], n: int) -> bool:
    """Whether words[n] opens a time to come beside the author's own act to come: a
    preposition of time and an inanimate noun it governs («до вечера», «ближе к ночи»)."""
    if words[n] not in TIME_PREPS or n + 1 >= len(words):
        return False
    noun = parse(words[n + 1])[:1]
    return bool(noun) and noun[0].pos == "NOUN" and "inan" in noun[0].grammemes


def _decision_put_off(after: str) -> bool:
    """P-V.1: a sentence after a question about the nick that puts the decision off — a verb
    of deciding in the first person future with a word of later in the same sentence («<Блиц>?
    Кто играет блиц в час ночи… Завтра решу.»): the player was only asked about, no vote yet."""
    for sentence in _SENTENCE_END.split(after.replace("ё", "е")):
        words = words_of(sentence)
        if not LATER_WORDS.intersection(words):
            continue
        for w in words:
            top = parse(w)[:1]
            if (
                top
                and _DECIDE_LEMMAS.intersection(lemmas(w))
                and {"1per", "futr"} <= top[0].grammemes
            ):
                return True
    return False


def _not_meant_after(after: str) -> Why:
    """`_not_meant` for the words after the nick: put off, a threat, taken back, a wish."""
    tail = words_of(after.replace("ё", "е"))
    if _put_off_said(tail) or _LATER_VOTE.search(after):
        return PUT_OFF
    if _LATER_DASH.match(after):
        return PUT_OFF  # «Голос против <X> — позже»: the vote said for later
    if _THREAT.search(after):
        return CONDITIONAL
    if _taken_back_later(tail):
        return WITHDRAWN
    doubted = _doubted_after(after.replace("ё", "е"))
    if doubted is not None:
        return doubted
    follow = _clause_words(after, tail=False)
    return WISHED if "бы" in follow[:3] else None


# «хочется», «хотелось», «хочу»: a wish to vote (P-V.1, G-N.1 count a vote, not a wish)
_WISH_LEMMAS: Final = frozenset(("хотеться", "хотеть", "захотеться"))
# «…, но пока не буду», «…, но она мне нравится»: the clause a «но» opens after the nick
_BUT_CLAUSE: Final = re.compile(r"^[^.!?…]*?(?:,|\s)\s*но\b([^.!?…]*)")


def wish_turned_down(before: Sequence[str], after: str) -> bool:
    """P-V.1, G-N.1, G-N.4: a wish to vote for the nick («Очень хочется проголосовать
    против <X>», «Хочется выдвинуть <X>») that a «но» after the nick turns down in the same
    sentence («…, но пока не буду», «…, но она мне нравится») is no vote: the «но» clause
    says why the wish is not acted on. One that votes after all («…, но голосую») does not
    turn it down. `before`: the nick's clause before it (`_clause_words`); `after`: the
    words after the nick."""
    if not has_lemma(before, _WISH_LEMMAS):
        return False
    but = _BUT_CLAUSE.match(after.casefold().replace("ё", "е"))
    return but is not None and not votes_word(words_of(but.group(1)))


def _put_off_said(words: Sequence[str]) -> bool:
    """«подожду», «воздержусь», «отложу голос»: a verb of putting off — not one the sender
    tells of as past («сначала хотела подождать, но хватит»)."""
    from parser.morph import parse

    for n, w in enumerate(words):
        if len(w) < 3 or not _PUT_OFF_LEMMAS.intersection(lemmas(w)):
            continue
        said = parse(w)[:1]
        told = n and said and said[0].pos == "INFN" and _past(words[n - 1])
        if not told:
            return True
    return False


def _past(word: str) -> bool:
    from parser.morph import parse

    first = parse(word)[:1]
    return bool(first) and "past" in first[0].grammemes


# «— позже», «— потом», «— вечером»: a dash after the nick and a word of later opening the
# words after it
# — the word alone: «— позже допишу подробнее» puts off more words, not the vote
# (`parser.votes.proof.put_off_after` reads a later act said after the nick)
_LATER_DASH: Final = re.compile(
    r"\s*(?:[—–]|-\s)\s*(?:чуть\s+)?(?:позже|попозже|потом|вечером)\b(?!\s+[^\W\d_])"
)


# words a retraction verb takes when it takes the vote back: «снимаю голос», «отзываю свой»
_VOTE_OBJECTS: Final = frozenset(("голос", "свой", "его", "ее", "мой", "выбор", "вариант"))
_TAKE_BACK_ALONE: Final = frozenset(("отзывать", "отозвать"))


def _taken_back(word: str, nxt: str) -> bool:
    """«отзываю», «снимаю голос», «отменяю свой»: the sender's own verb of taking back (first
    person, not past), alone («отзывать») or with the vote as its object."""
    from parser.morph import parse

    said = parse(word)
    if not said or said[0].lemma not in _RETRACT_LEMMAS or "1per" not in said[0].grammemes:
        return False
    return said[0].lemma in _TAKE_BACK_ALONE or not nxt or nxt in _VOTE_OBJECTS


def _taken_back_later(tail: Sequence[str]) -> bool:
    """«Голосую <Тимофей> … Хотя нет, отзываю»: after the nick (up to the post's next
    coloured nick) the sender takes his vote back — not «голос не отзываю»."""
    for n, w in enumerate(tail):
        if not w.startswith(("отзыв", "отзов", "сним", "отмен")):
            continue
        if n and tail[n - 1] in _NEGATIONS:
            continue
        if _taken_back(w, tail[n + 1] if n + 1 < len(tail) else ""):
            return True
    return False


# the subject of a remark of its own after the nick: «вроде она мафия»
_SUBJECTS: Final = frozenset(("он", "она", "они", "это"))
# a doubt that ends its clause («…не уверен», «не знаю.»)
_CLAUSE_CLOSE: Final = re.compile(r"[.!?…,]")
# the vote taken back after the nick: «хотя нет», «или нет», «или все-таки нет»
_UNSAID_AFTER: Final = re.compile(r"\b(?:хотя|или)\s+(?:вс[её]-таки\s+)?нет\b")
_UNSAID_END: Final = re.compile(r"\b(?:хотя|или)\s+(?:вс[её]-таки\s+)?нет\W*$")


def in_doubt(after: str) -> bool:
    """Whether the words after a coloured nick (up to the post's next one; a dash opens the
    reason and ends the look) leave the vote in doubt — a maybe right after the nick or an
    «не уверен», «не знаю» closing its clause. A doubt leaves the post's whole choice open:
    no coloured nick of it is a proven vote (P-V.1, G-N.1)."""
    own = DASH.split(after.replace("ё", "е"), 1)[0]
    # a maybe right after the nick («<Валера> наверное», «<Жора> может быть…»), not one
    # opening a remark with its own subject («<Рокки>, вроде она вчера путалась»)
    first = words_of(own)[:2]
    if set(first[:1]) & MAYBE and not set(first[1:]) & _SUBJECTS:
        return True
    # «не уверен», «не знаю», «хз» closing its clause
    for clause in _CLAUSE_CLOSE.split(own):
        last = words_of(clause)[-2:]
        if last[-1:] and last[-1] in UNSURE_WORDS:
            return True
        if last[:1] == ["не"] and last[1:] and (last[1] in undecided_words() or last[1] == "знаю"):
            return True
    # the sender says after the nick, reason or not, that she has not decided: «<X> —
    # наверное мафия. Не уверена, подумаю до вечера»
    words = words_of(after.replace("ё", "е"))
    return any(
        (w in undecided_words() and n and words[n - 1] == "не") or w == "подумаю"
        for n, w in enumerate(words)
    )


#: the clauses a hedge is read in: punctuation, a dash, a contrast
_HEDGE_CLAUSE: Final = re.compile(r"[.!?…,;:()\n—–]|\s-\s|\b(?:но|а|однако|зато|хотя|впрочем)\b")
#: words «не» may stand on after «это» that do not hedge: «не только», «не просто так»
_NOT_HEDGES: Final = frozenset(("только", "просто", "против"))


def _hedge_said(text: str) -> bool:
    """Whether a clause of `text` hedges the naming (`_hedged`) and its sentence does not set
    the hedge against a vote after «а»/«но» («это не эмоции, а голос по делу»: the vote's
    kind told, `_corrected_to_vote`)."""
    for sentence in _SENTENCE_END.split(text.replace("ё", "е")):
        hedges = any(_hedged(words_of(c)) for c in _HEDGE_CLAUSE.split(sentence))
        if hedges and not _corrected_to_vote(words_of(sentence)):
            return True
    return False


def _hedged(words: Sequence[str]) -> bool:
    """P-V.1, G-N.1: a clause after the nick that says of its naming — «это» — that it is not
    yet the vote: «это не окончательно», «это пока не голос», «это не точно», «это не
    окончательный голос». The predicate «не» negates is an adverb or a neuter short form
    (agreeing with «это», not with a player), or an inanimate noun, alone or after its
    adjective; a pronominal adverb («не так»), a joke word («это не шутка» is earnest) or
    «не только» hedges nothing."""
    for i, w in enumerate(words):
        if w != "это":
            continue
        rest = words[i + 1 : i + 4]
        if "не" not in rest:
            continue
        j = i + 1 + rest.index("не")
        if any(v not in ("пока", "еще", "совсем") for v in words[i + 1 : j]):
            continue
        said = words[j + 1 : j + 3]
        if not said or said[0] in _NOT_HEDGES or joked(said[:1]):
            continue
        first = parse(said[0])[:1]
        if not first or {"Dmns", "Ques"} & first[0].grammemes:
            continue
        pos, grams = first[0].pos, first[0].grammemes
        if pos == "ADJF" and said[1:]:
            noun = parse(said[1])[:1]
            pos, grams = (noun[0].pos, noun[0].grammemes) if noun else (pos, grams)
        if (
            pos == "ADVB"
            or (pos == "ADJS" and "neut" in grams)
            or (pos == "NOUN" and "inan" in grams)
        ):
            return True
    return False


# an answer that turns the question down: «<Пьеро>? Нет уж…», «<Лиса>? Не, …»
_REFUSED: Final = frozenset(("нет", "не", "неа", "нее"))


def _doubted_after(after: str) -> Why:
    """Why the words after a coloured nick (up to the post's next one) take it back
    (P-V.1, G-N.1: only a vote the words prove counts): «хотя нет» before a dash, the nick
    asked about and the question answered no («<Пьеро>? Нет уж, оставляю <Сову>» — the one
    kept is the vote: nothing to tell), or a wish after it («<Ириска> — вот кого я бы зеленила»,
    to its sentence's end or the post's). None: none of these."""
    if _UNSAID_AFTER.search(DASH.split(after, 1)[0]):
        return ""
    # «<X> — весь день молчит. Хотя нет.»: taken back at the end, past the reason too
    if _UNSAID_END.search(after):
        return ""
    ends = _SENTENCE_END.search(after)
    if ends is not None and ends.group() == "?":
        answer = words_of(after[ends.end() :])[:3]
        if answer[:1] == ["не"] or "нет" in answer or set(answer[:1]) & _REFUSED:
            return ""
    return WISHED if _wished(words_of(after[: ends.start() if ends else None])) else None


def _wished(words: Sequence[str]) -> bool:
    """«вот кого я бы выставил»: a «бы» next to a verb of voting — a wish, not a vote (not
    the rhetorical «почему бы не»)."""
    for n, w in enumerate(words):
        if w != "бы" or (n and words[n - 1] in ("почему", "отчего", "ли")):
            continue
        if words[n + 1 : n + 2] != ["не"] and votes_word(words[max(0, n - 2) : n + 3]):
            return True
    return False


def _doubt_cue(low: str) -> bool:
    """A cheap first look: whether the post says any word of doubt or of a joke at all."""
    words = words_of(low.replace("ё", "е"))
    return not (
        MAYBE.isdisjoint(words)
        and UNSURE_WORDS.isdisjoint(words)
        and joke_words().isdisjoint(words)
    )


#: taking back what was said before in words: «отставить», «не всерьёз», «я пошутила», «не
#: считайте»; between two coloured nicks also «перепутала» (after the last one it explains the
#: slip corrected before it: «за <Леру>… ой, за <Грозу>, перепутала»)
_UNMEANT: Final = re.compile(
    r"\bотставить\b|\bне\s+всерь[её]з|\bне\s*серь[её]зно\b|\bне\s+счита(?:йте|ть)\b"
    r"|\bя\s+(?:же\s+)?(?:по)?шутил[аи]?\b"
)
_SLIP: Final = re.compile(r"\bперепутал[аи]?\b")
#: a run of letters every match of `_UNMEANT` holds
_UNMEANT_RUNS: Final = ("отставить", "серь", "счита", "шутил")


def unmeant(text: str, *, between: bool = False) -> bool:
    """Whether `text` (lower case) takes back what was said before it (see `_UNMEANT`);
    `between`: said between two coloured nicks, where a slip word corrects too."""
    text = text.replace("ё", "е")
    # a pattern opening with a word boundary is tried at every position of the text: asked
    # only where one of the letter runs its every match holds stands (the same answer)
    unmeant_ = any(run in text for run in _UNMEANT_RUNS) and _UNMEANT.search(text) is not None
    return unmeant_ or (between and "перепутал" in text and _SLIP.search(text) is not None)


#: words that aid a negated infinitive of the author's act: «не буду голосовать»
_AUX: Final = frozenset(("буду", "будем", "стану", "станем"))
_OWN_CLAUSE_END: Final = re.compile(r"[.!?;:()\n…]")


def _act_lemma(lemma: str) -> bool:
    """A vote word the votes know (`CUE_LEMMAS`) or the verbal noun of one («голосование» of
    «голосовать»); the preposition «против» is no act."""
    if lemma == "против":
        return False
    if lemma in CUE_LEMMAS:
        return True
    return lemma.endswith(("ание", "ение")) and lemma[:-3] + "ть" in CUE_LEMMAS


def _authors_act(word: str, *, aided: bool = False) -> bool:
    """Whether `word` names the post's own act of voting: a vote verb in the first person
    («голосую», «номинирую»), or an infinitive after «буду»/«стану» (`aided`); a verb of
    counting as an infinitive or an imperative («не считать», «не засчитывайте»); a vote
    noun in the nominative («голос», «номинация», «голосование»). Not another's act
    («голосует», «голосовал», «не голосуйте»), a wish («жаль не выставить»), the author's
    opinion («не считаю мирным») nor a plea for a player («не трогайте»)."""
    for r in parse(word):
        first = "1per" in r.grammemes or (aided and r.pos == "INFN")
        if r.pos in ("VERB", "INFN") and first and _act_lemma(r.lemma):
            return True
        if r.lemma in _COUNT_LEMMAS and (r.pos == "INFN" or "impr" in r.grammemes):
            return True
        if r.pos == "NOUN" and "nomn" in r.grammemes and _act_lemma(r.lemma):
            return True
    return False


def _corrected_to_vote(rest: Sequence[str]) -> bool:
    """«не голос за мирного, а голос за мафию», «не голос отчаяния, а взвешенный»: the
    negated act is set against a vote after «а»/«но» — the kind of vote corrected, not the
    vote disowned (an adjective there agrees with the vote noun left out)."""
    for n, w in enumerate(rest):
        if w not in ("а", "но"):
            continue
        after = rest[n + 1 : n + 3]
        if votes_word(after[:2]):
            return True
        first = parse(after[0]) if after else ()
        if first and first[0].pos in ("ADJF", "ADJS", "PRTF"):
            return True
    return False


#: verbs a vote is given with, its noun their object («голос отдаю», «голос даю»): negated in
#: the first person («Голос пока не отдаю») they say the author gives none
_GIVE_LEMMAS: Final = frozenset(
    ("отдать", "отдавать", "дать", "давать", "подать", "подавать", "ставить", "поставить")
)
#: how far from its verb of giving the vote noun may stand in the clause («Голос свой пока
#: не отдаю»)
_GIVEN_WINDOW: Final = 3


def _vote_noun(word: str) -> bool:
    """A vote noun as an object or a subject («голос», «голосование»; not «голоса» of
    another's votes counted)."""
    return any(
        r.pos == "NOUN" and {"nomn", "accs"} & r.grammemes and _act_lemma(r.lemma)
        for r in parse(word)
    )


def _vote_withheld(words: Sequence[str], at: int) -> int | None:
    """The position of the vote noun a negated first-person verb of giving at `at` takes as
    its object («Голос пока не отдаю», «не дам голос никому»), or None."""
    first = parse(words[at])[:1]
    if not first or first[0].pos != "VERB" or "1per" not in first[0].grammemes:
        return None
    if first[0].lemma not in _GIVE_LEMMAS:
        return None
    near = range(max(0, at - _GIVEN_WINDOW - 1), min(len(words), at + _GIVEN_WINDOW + 1))
    return next((k for k in near if k != at and _vote_noun(words[k])), None)


def disowned(own: str) -> bool:
    """P-V.1, G-N.1: whether the author says in his own words that the post casts no vote
    («<X> — это не голос», «не номинация, просто цвет», «это не голосование, а цитата: <X>»,
    «(не считать) <X>», «Голос пока не отдаю»): a live «не» on a word of his own act of
    voting (`_authors_act`) or on his verb of giving with a vote noun as its object
    (`_vote_withheld`), with no target of its own after it («не голосую за Y» speaks of Y), not
    corrected into a vote (`_corrected_to_vote`), and no vote of his said unnegated
    anywhere in the post («Не голосую за Y, голосую <X>»)."""
    low = own.casefold().replace("ё", "е")
    if "не" not in words_of(low):
        return False
    said_no = False
    for clause in _OWN_CLAUSE_END.split(low):
        words = words_of(clause)
        negated: set[int] = set()
        for n in live_negations(words):
            at = n + 1
            while at < len(words) and words[at] in _AUX:
                at += 1
            if at >= len(words):
                continue
            # «Голос пока не отдаю»: the vote noun is the object of a verb of giving the
            # author negates — the noun is no vote said, and none is given (P-V.1, G-N.1)
            withheld = _vote_withheld(words, at)
            if withheld is not None:
                negated.add(withheld)
                # «не дам голос за Y» speaks of Y, as «не голосую за Y» does
                last = max(at, withheld)
                said_no = said_no or words[last + 1 : last + 2] not in (["за"], ["против"])
                continue
            if not _authors_act(words[at], aided=at > n + 1):
                continue
            negated.add(at)
            if words[at + 1 : at + 2] in (["за"], ["против"]):
                continue
            if not _corrected_to_vote(words[at + 1 :]):
                said_no = True
        for k, w in enumerate(words):
            if k in negated or not votes_word([w]):
                continue
            if w == "против" or _authors_act(w, aided=True):
                return False  # a vote said unnegated elsewhere in the post
    return said_no
