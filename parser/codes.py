"""Latin model and catalogue codes as Russian speaks them (C-3): a nick such as R1, MT-09,
GSX-R750 or CBR600RR is written in a letter by the Russian names of its Latin letters and
its digits in words, cardinal or ordinal, in any case («эр один», «эр первого», «эм-тэ
девятого», «джи-эс-икс-эр семьсот пятьдесят»), or by its digits alone («шестисотого»).

The number is compared by its lemmas: num2words gives the code's number as a cardinal and
as an ordinal, pymorphy3 the lemma of every word of both and of the words written, so that
any case of either fits («шестисот», «шестисотому»). The letters, when named, must be the
letters right before the code's digits or all its letters before them («эр» or
«джи-эс-икс-эр» for GSX-R750). A reading can be a proof only when exactly one living
code fits and no other nick leaves it in doubt; several fits are named back. The letter
reader offers even one fit in its question, not yet as the move (`parser.letters.mentions`).
A number alone names a code only when it has two digits or more: «первого», «двух» are a
rank and a count of everyday talk; where it may stand (not after a preposition or a
determiner, not before the noun it counts) is judged from the words around it.

Shared by the readers of letters and votes (the vote reader does not call it yet)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from parser.morph import parse

#: the Russian names of the Latin letters, as they are said and written out; a name of one
#: letter («а», «о», «у», «и») is a word of its own and is left out
LETTER_NAMES: Final[dict[str, str]] = {
    "эй": "a", "би": "b", "бэ": "b", "си": "c", "цэ": "c", "це": "c", "ди": "d", "дэ": "d",
    "эф": "f", "джи": "g", "гэ": "g", "эйч": "h", "аш": "h", "ай": "i", "джей": "j",
    "йот": "j", "кей": "k", "ка": "k", "эл": "l", "эль": "l", "эм": "m", "эн": "n",
    "пи": "p", "пэ": "p", "кью": "q", "ку": "q", "эр": "r", "ар": "r", "эс": "s", "ти": "t",
    "тэ": "t", "те": "t", "ви": "v", "вэ": "v", "икс": "x", "экс": "x", "уай": "y",
    "игрек": "y", "зет": "z", "зэт": "z", "зед": "z", "зи": "z",
}  # fmt: skip
_CODE: Final = re.compile(r"[A-Za-z0-9]+(?:[-_ .][A-Za-z0-9]+)*")
_GROUPS: Final = re.compile(r"[A-Za-z]+|\d+")
#: the longest run of letters a code holds: its letters are an abbreviation
_RUN_LETTERS: Final = 3
#: the smallest number said alone that may name a code
_ALONE_FROM: Final = 10


@lru_cache(maxsize=256)
def code_keys(nick: str) -> tuple[tuple[frozenset[str], int], ...]:
    """For a code nick (Latin letters and digits, both present, each run of letters in
    capitals and no longer than an abbreviation's), each digit group's
    number with the letter runs that may be named before it: the group right before it
    and all the letters before it («GSX-R750»: {"r", "gsxr"}, 750). Empty for any other
    nick."""
    if not _CODE.fullmatch(nick) or not re.search(r"\d", nick) or not re.search("[A-Za-z]", nick):
        return ()
    written = _GROUPS.findall(nick)
    if any(not g.isdigit() and (len(g) > _RUN_LETTERS or not g.isupper()) for g in written):
        return ()  # «Kotik_92», «Ira2005», «Neo-1»: a name with a number, no code's capitals
    groups = [g.lower() for g in written]
    out: list[tuple[frozenset[str], int]] = []
    for n, g in enumerate(groups):
        if not g.isdigit():
            continue
        before = [x for x in groups[:n] if not x.isdigit()]
        runs = {before[-1], "".join(before)} if before else set()
        out.append((frozenset(runs), int(g)))
    return tuple(out)


@lru_cache(maxsize=512)
def _number_lemmas(value: int) -> frozenset[tuple[str, ...]]:
    """The lemma sequences of `value` said as a cardinal and as an ordinal."""
    from num2words import num2words  # loaded only for a cast with a code

    said = (num2words(value, lang="ru"), num2words(value, lang="ru", to="ordinal"))
    return frozenset(tuple(_lemma(w) for w in s.split()) for s in said)


def _lemma(word: str) -> str:
    top = parse(word)[:1]
    return top[0].lemma if top else word


def number_word(word: str) -> bool:
    """A numeral or an ordinal («шестьсот», «первого»), or digits."""
    if word.isdigit():
        return True
    top = parse(word)[:1]
    return bool(top) and (top[0].pos == "NUMR" or "Anum" in top[0].grammemes)


def spoken_code(parts: Sequence[str]) -> tuple[int, str, tuple[str, ...]] | None:
    """From the start of `parts` (case-folded words, hyphenated ones split): how many parts
    say a code, the letters named («mt») and the number's lemmas or digits; None when no
    number is said (a letter's name alone is no code: «эм…» is a hesitation)."""
    n = 0
    letters = ""
    while n < len(parts) and parts[n] in LETTER_NAMES:
        letters += LETTER_NAMES[parts[n]]
        n += 1
    start = n
    while n < len(parts) and number_word(parts[n]):
        n += 1
    if n == start:
        return None
    said = tuple(p if p.isdigit() else _lemma(p) for p in parts[start:n])
    return n, letters, said


def codes_fitting(letters: str, said: tuple[str, ...], players: Sequence[str]) -> tuple[str, ...]:
    """The code nicks among `players` that `letters` and the number `said` name."""
    out: list[str] = []
    for nick in players:
        for runs, value in code_keys(nick):
            if letters and letters not in runs:
                continue
            if not letters and value < _ALONE_FROM:
                continue
            digits = len(said) == 1 and said[0].isdigit() and int(said[0]) == value
            if digits or said in _number_lemmas(value):
                out.append(nick)
                break
    return tuple(out)


def any_code(players: Sequence[str]) -> bool:
    """Whether any of `players` is a code nick."""
    return any(code_keys(p) for p in players)


#: parts of speech of a word after a number said alone that make it a count, a rank or a
#: measure of that word («десять часов», «шестисотом километре», «шестисотый в очереди»)
_COUNTED: Final = frozenset(("NOUN", "ADJF", "PREP", "NUMR"))


def _stands_alone(before: str | None, after: str | None) -> bool:
    """A number said alone may be a nick where no preposition governs it («в десять»), no
    determiner picks it out of a row («каждого десятого»), and no noun, adjective or
    preposition after it in its clause makes it a count or a rank."""
    if before:
        top = parse(before)[:1]
        if top and top[0].pos in ("PREP", "ADJF"):
            return False  # «в десять», «каждого десятого»
    if after:
        top = parse(after)[:1]
        if top and top[0].pos in _COUNTED:
            return False
    return True


def _holds(nick: str, value: int) -> bool:
    """Whether `nick` holds `value` as one of its groups of digits («Sanya_10», «600»)."""
    return any(g.isdigit() and int(g) == value for g in _GROUPS.findall(nick))


def read_code(
    words: Sequence[str],
    before: str | None,
    players: Sequence[str],
    others: Sequence[str] = (),
) -> tuple[int, tuple[str, ...], tuple[str, ...]] | None:
    """A code nick said from the start of `words` (the case-folded words of a clause from
    here on; `before`: the clause's word before them, if any): how many words it takes,
    the living code nicks it fits, and the nicks that leave it in doubt — `others` (the
    players already out) that it fits too, and, for a number said alone, any other nick
    of `players` or `others` that holds that number («Sanya_10» beside ZX-10R). Proven
    only with one fit and no doubt; None when it names no code of `players` or `others`."""
    if not any_code(players):
        return None
    parts: list[str] = []
    owner: list[int] = []
    for k, word in enumerate(words):
        for part in word.split("-"):
            if part:
                parts.append(part)
                owner.append(k)
    read = spoken_code(parts)
    if read is None:
        return None
    n, letters, said = read
    if n < len(parts) and owner[n] == owner[n - 1]:
        return None  # the reading ends inside a hyphenated word
    taken = owner[n - 1] + 1
    if not letters and not _stands_alone(before, words[taken] if taken < len(words) else None):
        return None
    fits = codes_fitting(letters, said, players)
    doubt = list(codes_fitting(letters, said, others))
    if not fits and not doubt:
        return None
    if not letters:
        values = {v for nick in (*fits, *doubt) for _runs, v in code_keys(nick)}
        doubt += [
            nick
            for nick in (*players, *others)
            if nick not in fits and nick not in doubt and any(_holds(nick, v) for v in values)
        ]
    return taken, fits, tuple(doubt)
