"""One correction recogniser for letters and votes (C-2, P-V.1, G-N.1): whether a word takes
back what the writer said before it, so that what follows it is his last word.

Two kinds of words correct. The particles and adverbs of a correction («ой», «нет», «стоп»,
«лучше», «вернее», «шучу») do so wherever they stand: the readers weigh their place
themselves. The nouns and verbs of cancelling, mistaking and amending — known by their
lemma, so that every form and diminutive is one word («отмена», «отменяю», «отставить»,
«поправка», «поправочка», «перепутала», «ошибся», «передумал», «отбой») — correct only by
what they do in their sentence:

- standing alone in their clause, or before a dash, a colon or a comma («Отмена, Y»,
  «Стоп, перепутал: Y», «…отбой, мирных», «Отставить!»), or before the sender's new move in
  a letter typed without punctuation («лечу X отмена лечу Y»): a correction;
- with an object or attribute of their own (a noun in an oblique case, a preposition, a
  predicate of the third person or the past: «Отмена голосования перенесена», «Отбой был в
  шесть», «Поправка к правилам», «Вчера перепутал ход»), governed by a preposition or
  negated («без отмены», «отменять не буду»), or after words of their own clause that are
  no particle («Вчера перепутала»): talk, which corrects nothing.

A preposition after the word corrects only where it repeats the construction said before
the word («за мирных отбой за мафию»): the corrected choice restated, not the word's own
attribute."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Final

from parser.morph import parse

#: the particles and adverbs of a correction, read wherever they stand
PARTICLES: Final = frozenset(
    [
        "нет",
        "передумал",
        "передумала",
        "передумали",
        "лучше",
        "вернее",
        "точнее",
        "поправлюсь",
        "поправляюсь",
        "стоп",
        "ой",
        "пусть",
        "окончательно",
        "шучу",
        "шутка",
        "теперь",
        "вместо",
        "уточняю",
        "instead",
        "actually",
    ]
)
#: the lemmas of the nouns and verbs of cancelling, amending and mistaking, read by their
#: place in the sentence (`stands_alone`)
LEMMAS: Final = frozenset(
    [
        "отмена",
        "отменить",
        "отменять",
        "отбой",
        "поправка",
        "поправить",
        "исправить",
        "исправлять",
        "исправление",
        "отставить",
        "отставлять",
        "перепутать",
        "ошибиться",
        "передумать",
    ]
)
_NEG: Final = frozenset(("не", "ни", "нет", "без"))
#: word classes that bind a correction word into a phrase of their own when right before
#: it: an adverb of time or manner, a preposition, an agreeing adjective or participle
_BOUND: Final = frozenset(("ADVB", "PREP", "ADJF", "PRTF", "NUMR", "INFN", "VERB", "PRED"))


def correction_lemma(word: str) -> str | None:
    """The correction lemma of a word (its dictionary lemma, or that of the noun a
    diminutive in «-очка»/«-ечка» is made from: «поправочка» → «поправка»), or None."""
    for p in parse(word)[:2]:
        if p.lemma in LEMMAS:
            return p.lemma
        if p.pos == "NOUN" and p.lemma.endswith(("очка", "ечка")):
            stem = p.lemma[:-4]
            for base in (stem + "ка", stem + "а"):
                if base in LEMMAS:
                    return base
    return None


def stands_alone(
    word: str, before: str | None, after: str | None, said_before: Collection[str] = ()
) -> bool:
    """Whether the correction word `word` (one `correction_lemma` knows) takes back what was
    said before it, by its place (module docstring). `before`: the word before it in its
    clause (None when it opens the clause); `after`: the word after it in its clause (None
    when a dash, colon, comma or the clause's end follows); `said_before`: the words of the
    text before it (a preposition after it repeating one of them restates the choice)."""
    if before is not None:
        if before in _NEG:
            return False  # «без отмены», «не ошиблась»
        lead = parse(before)[:1]
        if lead and lead[0].pos in _BOUND and not correction_lemma(before):
            # «Вчера перепутала», «После отмены», «дневная отмена»: a word of its own
            # phrase; a noun before it ends the clause before in a letter typed without
            # punctuation («лечу полину отменяю»)
            return False
    if after is None:
        return True
    if after in _NEG:
        return False  # «отмены не будет», «отменять не буду»
    top = parse(after)[:1]
    if not top or not top[0].known:
        return True  # a nick or a word typed in Latin: the new choice
    p = top[0]
    if p.pos in ("VERB",):
        # the sender's new move («отмена лечу Y»), not a predicate («Отбой был»)
        return "1per" in p.grammemes or "impr" in p.grammemes
    if p.pos == "PREP":
        return after in said_before  # «за мирных отбой за мафию», not «поправка к правилам»
    if p.pos in ("NOUN", "ADJF", "PRTF", "NPRO", "NUMR"):
        # an object or attribute of its own («отмена голосования», «отменяю ход»)
        return "nomn" in p.grammemes and "accs" not in p.grammemes and "gent" not in p.grammemes
    # «Отбой вчера», «перепутать невозможно»: its own adverb or predicate
    return p.pos not in ("ADVB", "PRTS", "INFN", "PRED", "ADJS", "COMP", "GRND")


_WORDS: Final = re.compile(r"[^\W_]+(?:-[^\W_]+)*|[—–:;,.!?()\n]")
_ENDS: Final = frozenset("—–:;,.!?()\n")


def corrects_in(text: str) -> bool:
    """Whether a stretch of text (case-folded) between two choices holds a word that takes
    back the first (`corrects`), each word read by its neighbours in its clause."""
    items = _WORDS.findall(text.replace("ё", "е"))
    for n, w in enumerate(items):
        if w in _ENDS:
            continue
        before = items[n - 1] if n > 0 and items[n - 1] not in _ENDS else None
        after = items[n + 1] if n + 1 < len(items) and items[n + 1] not in _ENDS else None
        if corrects(w, before, after):
            return True
    return False


def unrepeated(word: str) -> str:
    """A word said twice with a hyphen («нет-нет», «стоп-стоп», «ой-ой-ой») as the one word
    repeated: the repeat insists on it and changes nothing else; any other word as it is."""
    parts = word.split("-")
    return parts[0] if len(parts) > 1 and len(set(parts)) == 1 else word


def corrects(
    word: str, before: str | None, after: str | None, said_before: Collection[str] = ()
) -> bool:
    """Whether `word` takes back what came before it: a particle of correction anywhere, a
    noun or verb of correction by its place (`stands_alone`); a particle said twice with a
    hyphen («нет-нет») is that particle."""
    word = unrepeated(word)
    if word in PARTICLES:
        return before not in _NEG  # «Не шучу», «не передумала»: said to affirm
    return correction_lemma(word) is not None and stands_alone(word, before, after, said_before)
