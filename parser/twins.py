"""Two living nicks where one, written exactly as listed, is a case form of the other
(C-3, docs/rulings.md: a nick may stand undeclined): Августин and Августина, Ян and Яна, Кот
and Кота, Valentin and Valentina. Such a word names either; the words agreeing with it may
settle which (`settled_twin`). The letter reader (`parser.letters.mentions`, over its tokens)
and the vote reader (`parser.votes.names`, over a post's `Word`s) ask the same check; this
module loads nothing of the letter reader."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from parser.morph import Reading, parse
from parser.nicks import form_cases, nick_genders

__all__ = ["Word", "agreeing", "form_cases", "settled_twin", "words_of_post"]


class Token(Protocol):
    """A word as the check reads it: the letters' `parser.letters.tokens.Token`, or a
    post's `Word` (the vote reader loads nothing of the letter reader)."""

    @property
    def raw(self) -> str: ...  # as typed

    @property
    def word(self) -> str: ...  # case-folded, ё→е, punctuation at the edges removed

    @property
    def clause_end(self) -> bool: ...  # a , ; : . ! ? ends the clause right after it

    @property
    def sentence(self) -> int: ...  # the index of its sentence


@dataclass(frozen=True, slots=True)
class Word:
    raw: str
    word: str
    clause_end: bool
    sentence: int


_CLAUSE_END: Final = re.compile(r"[,;:.!?…]+[»\"')\]]*$")
_SENTENCE_END: Final = re.compile(r"[.!?…]+[»\"')\]]*$")
_PUNCT_EDGES: Final = re.compile(r"^[\W_]+|[\W_]+$")


def words_of_post(text: str) -> list[Word]:
    """A post's own text as the check's words, by the letters' marks of a clause's and a
    sentence's end (a line ends a clause, not a sentence)."""
    out: list[Word] = []
    sentence = 0
    for line in text.splitlines():
        parts = line.split()
        for n, raw in enumerate(parts):
            word = _PUNCT_EDGES.sub("", raw.casefold().replace("ё", "е"))
            ended = bool(_CLAUSE_END.search(raw)) or n == len(parts) - 1
            out.append(Word(raw, word, ended, sentence))
            if _SENTENCE_END.search(raw):
                sentence += 1
    return out


def settled_twin(
    tokens: Sequence[Token],
    start: int,
    end: int,
    listed: str,
    twins: Sequence[str],
    *,
    me: str | None = None,
) -> str | None:
    """C-3 (docs/rulings.md, a nick written as listed): a word that is one player's nick as
    listed and another's case form («Августина» beside Августин and Августина, «Яна» beside
    Ян and Яна, «Кота» beside Кот and Кота) names the one the words agreeing with it allow —
    an adjective or a pronoun right before it, in its gender and (for the case form) its
    case («нашего Августина»: his accusative; «нашу Августина»: hers, undeclined), a
    relative pronoun opening the next clause («Яна, который …»), or a past-tense verb right
    after it whose subject it is (a nominative, which only the nick as listed is). Where the
    sender `me` is one of them, a third person's pronoun opening the next clause («лечу
    Августина, он просил» from Августина) also settles it: the writer is never the one it
    speaks of (she says «я»), so it leaves the twin of its gender. Between two other players
    such a pronoun proves nothing (it may speak of anyone: `caseclash:11`). None when
    nothing agreeing settles it, or it allows more than one of them."""
    word = tokens[start].word
    told = me in twins
    allowed = [
        p
        for p in twins
        if _twin_agrees(tokens, start, end, word, p, p == listed, told=told, sender=p == me)
    ]
    return allowed[0] if len(allowed) == 1 and len(allowed) < len(twins) else None


def _twin_agrees(
    tokens: Sequence[Token],
    start: int,
    end: int,
    word: str,
    nick: str,
    listed: bool,
    *,
    told: bool = False,
    sender: bool = False,
) -> bool:
    """Whether the words agreeing with the form at `start` allow it to name `nick`: as his
    nick undeclined (`listed`), any case of his gender; else as his case form, his gender in
    a case the form is of him. Weighed when `told`: a third person's pronoun opening the
    next clause, which agrees with him in gender and never speaks of the `sender`."""
    genders = nick_genders(nick)
    cases = None if listed else form_cases(word, nick)
    sentence = tokens[start].sentence
    before = start - 1
    if before >= 0 and not tokens[before].clause_end and tokens[before].sentence == sentence:
        adjs = [r for r in parse(tokens[before].word) if r.known and r.pos in ("ADJF", "PRTF")]
        if adjs and not agreeing(adjs, genders, cases):
            return False
    if cases is not None and labelled(tokens, start) and not cases & _LABELLED:
        return False  # «исполнитель Рыбы»: Рыба's genitive where a label takes a nominative
    if end < len(tokens) and tokens[end - 1].clause_end:
        after = [r for r in parse(tokens[end].word) if r.known and r.lemma == "который"]
        if after and not agreeing(after, genders, None):
            return False
        person = [r for r in parse(tokens[end].word)[:1] if _third_person(r)]
        if told and person and tokens[end].sentence == sentence:
            return not sender and agreeing(person, genders, None)
    elif end < len(tokens) and tokens[end].sentence == sentence:
        if _plural_verb(tokens[end].word):
            # «Рыбы плывут …»: the subject of a plural verb, a nominative, which a singular
            # nick's case form never is
            return listed
        past = [
            r
            for r in parse(tokens[end].word)
            if r.known and r.pos == "VERB" and {"past", "sing"} <= r.grammemes
        ]
        if past and len(past) == len(parse(tokens[end].word)):
            # the form is the subject: a nominative, which no case form of another nick is
            return listed and agreeing(past, genders, None)
    return True


#: after a label the player stands in the nominative, or in the accusative of the move's
#: verb left out («Цель: Кота», «Проверка: Васю»): never in the genitive
_LABELLED: Final = frozenset({"nomn", "accs"})
_LABEL_MARKS: Final = (":", "—", "–", "-")


def labelled(tokens: Sequence[Token], start: int) -> bool:
    """C-3: whether the form at `start` stands right after a label of the move's player —
    the executor word («исполнитель Рыбы»), or a noun in the nominative ended by a colon or
    a dash («жертва — Рыбы», «цель: Рыбы») — where a player is named in the nominative, or
    in the accusative of the move's verb left out, never in the genitive: «Рыбы» there is
    the plural nick Рыбы, not Рыба's genitive. A verb or a preposition before the form
    settles nothing of the kind: after «убиваю» the accusative of Рыба is «Рыбу» and of the
    plural (a person) «Рыб», so «Рыбы» is neither's and stays asked; «против» takes the
    genitive, which both are."""
    from parser.vocab import lookup

    j = start - 1
    while j >= 0 and not tokens[j].word and tokens[j].sentence == tokens[start].sentence:
        j -= 1  # a dash standing alone («исполнитель — Рыбы»)
    if j < 0 or tokens[j].sentence != tokens[start].sentence:
        return False
    word = tokens[j].word
    said = lookup(word)
    if said is not None and said.executor and word in ("исполнитель", "исполняет", "исполнит"):
        return True
    dashed = j < start - 1 or tokens[j].raw.rstrip().endswith(_LABEL_MARKS)
    return dashed and _noun_label(word)


def _noun_label(word: str) -> bool:
    """A noun in the nominative that labels what follows a colon or a dash («цель:»,
    «жертва —», «исполнитель —»)."""
    return any(r.known and r.pos == "NOUN" and "nomn" in r.grammemes for r in parse(word)[:1])


def _plural_verb(word: str) -> bool:
    """A finite verb every reading of which is plural («плывут», «врут», «ушли»)."""
    readings = [r for r in parse(word) if r.known]
    return bool(readings) and all(r.pos == "VERB" and "plur" in r.grammemes for r in readings)


def _third_person(r: Reading) -> bool:
    """A personal pronoun of the third person in the nominative, a person's («он», «она»)."""
    return (
        r.pos == "NPRO"
        and {"3per", "nomn", "sing"} <= r.grammemes
        and bool(r.grammemes & {"masc", "femn"})
    )


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
