"""Two living nicks where one, written exactly as listed, is a case form of the other
(C-3, docs/rulings.md: a nick may stand undeclined): Августин and Августина, Ян and Яна, Кот
and Кота, Valentin and Valentina. Such a word names either; the words agreeing with it may
settle which (`settled_twin`). The letter reader (`parser.letters.mentions`) and the vote
reader (`parser.votes.names`) ask the same check over the letters' tokens."""

from __future__ import annotations

from collections.abc import Sequence

from parser.letters.tokens import Token
from parser.morph import Reading, parse
from parser.nicks import as_cyrillic, nick_genders

__all__ = ["agreeing", "settled_twin"]


def settled_twin(
    tokens: Sequence[Token], start: int, end: int, listed: str, twins: Sequence[str]
) -> str | None:
    """C-3 (docs/rulings.md, a nick written as listed): a word that is one player's nick as
    listed and another's case form («Августина» beside Августин and Августина, «Яна» beside
    Ян and Яна, «Кота» beside Кот and Кота) names the one the words agreeing with it allow —
    an adjective or a pronoun right before it, in its gender and (for the case form) its
    case («нашего Августина»: his accusative; «нашу Августина»: hers, undeclined), a
    relative pronoun opening the next clause («Яна, который …»), or a past-tense verb right
    after it whose subject it is (a nominative, which only the nick as listed is). None when
    nothing agreeing settles it, or it allows more than one of them."""
    word = tokens[start].word
    allowed = [p for p in twins if _twin_agrees(tokens, start, end, word, p, p == listed)]
    return allowed[0] if len(allowed) == 1 and len(allowed) < len(twins) else None


def _twin_agrees(
    tokens: Sequence[Token], start: int, end: int, word: str, nick: str, listed: bool
) -> bool:
    """Whether the words agreeing with the form at `start` allow it to name `nick`: as his
    nick undeclined (`listed`), any case of his gender; else as his case form, his gender in
    a case the form is of him."""
    genders = nick_genders(nick)
    cases = None if listed else _form_cases(word, nick)
    sentence = tokens[start].sentence
    before = start - 1
    if before >= 0 and not tokens[before].clause_end and tokens[before].sentence == sentence:
        adjs = [r for r in parse(tokens[before].word) if r.known and r.pos in ("ADJF", "PRTF")]
        if adjs and not agreeing(adjs, genders, cases):
            return False
    if end < len(tokens) and tokens[end - 1].clause_end:
        after = [r for r in parse(tokens[end].word) if r.known and r.lemma == "который"]
        if after and not agreeing(after, genders, None):
            return False
    elif end < len(tokens) and tokens[end].sentence == sentence:
        past = [
            r
            for r in parse(tokens[end].word)
            if r.known and r.pos == "VERB" and {"past", "sing"} <= r.grammemes
        ]
        if past and len(past) == len(parse(tokens[end].word)):
            # the form is the subject: a nominative, which no case form of another nick is
            return listed and agreeing(past, genders, None)
    return True


def agreeing(
    readings: Sequence[Reading], genders: frozenset[str], cases: frozenset[str] | None
) -> bool:
    """Whether one singular reading is of one of `genders` (any when empty) and, when
    `cases` is given, of one of them (an animate masculine accusative, spelt as the
    genitive, counts as either)."""
    for r in readings:
        if "sing" not in r.grammemes:
            continue
        gender = r.grammemes & {"masc", "femn", "neut"}
        if genders and gender and not gender & genders:
            continue
        if cases is not None and not r.grammemes & cases:
            continue
        return True
    return False


def _form_cases(word: str, nick: str) -> frozenset[str] | None:
    """The cases `word` stands in as a form of the one-word `nick` by the dictionary (both
    spelt in Cyrillic); None when it does not know."""
    lemma = as_cyrillic(nick).lower().replace("ё", "е")
    said = as_cyrillic(word).lower().replace("ё", "е")
    out = {
        g
        for r in parse(said)
        if r.known and r.lemma.replace("ё", "е") == lemma and "sing" in r.grammemes
        for g in r.grammemes & {"nomn", "gent", "datv", "accs", "ablt", "loct"}
    }
    return frozenset(out) or None
