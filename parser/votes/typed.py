"""Russian typed in Latin letters around a coloured nick, read as the Cyrillic it stands for.

The words that settle whether a coloured nick is a vote — a question answered «нет», a
maybe, a correction, a vote verb — are read in Cyrillic (`parser.votes.negation`,
`parser.votes.proof`). A player who types Russian in Latin letters («ne znayu za kogo…
<Valera> navernoe? ili net», «golosuyu <Kestrel>») says the same words: the own text is
read through the same transliteration the letter reader uses (`parser.latin`), the
coloured nicks left as written so that they are still found where they stand.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from parser.latin import cyrillic_spellings, latin_readings, unique_reading
from parser.records import ColoredSpan
from parser.vocab import IN_RUSSIAN

__all__ = ["as_cyrillic", "typed_in_latin"]

# a word of Latin letters, digits typed for letters among them («4to», «u6ivaju») as the
# letters read them (`parser.latin.TYPED_LETTERS`)
_LATIN: Final = re.compile(r"[a-zčšž0-9]*[a-zčšž][a-zčšž0-9]*(?:-[a-zčšž0-9]+)*(?:'[a-zčšž]+)?")
# words of a board's own markup or of an update line, read as written (`parser.votes.proof`)
_KEEP: Final = frozenset(("upd", "update", "edit", "ps", "pps", "imho"))
#: a Latin letter: each Latin word holds one. A text with none is given back as it is, not
#: scanned position by position for a word the patterns cannot find there
_A_LATIN: Final = re.compile(r"[a-zčšž]")
_A_LATIN_ANY_CASE: Final = re.compile(r"[A-Za-zčšžČŠŽ]")


def _word(match: re.Match[str]) -> str:
    word = match.group()
    if word in _KEEP:
        return word
    if word in IN_RUSSIAN:  # «jk», «maybe», «or»: the Russian word the checks read
        return IN_RUSSIAN[word]
    # the one reading of Latin typing the letters use (`parser.latin.latin_readings`):
    # its unique cheapest word, a dropped «ь»/«ъ» put back by the table walk («golosovat» →
    # «голосовать», «nelzya» → «нельзя», «obyavlyayu» → «объявляю»); a word two readings
    # fit alike stays as typed («moi»: мои or мой); a word the dictionary does not know
    # (a name) is spelt in Cyrillic by the first scheme as before
    readings = latin_readings(word)
    if readings:
        return unique_reading(readings) or word
    spelt = cyrillic_spellings(word)
    return spelt[0] if spelt else word


def typed_in_latin(text: str) -> str:
    """`text` with its Latin-typed words in Cyrillic and every word's capital kept («sazhaju
    Milanu» → «сажаю Милану»): a court post with no colour is read by its words, and a
    nick that is an ordinary word needs its capital there (G-N.4)."""
    if _A_LATIN_ANY_CASE.search(text) is None:
        return text
    return _LATIN_ANY_CASE.sub(_cased_word, text)


_LATIN_ANY_CASE: Final = re.compile(
    r"[A-Za-zčšžČŠŽ0-9]*[A-Za-zčšžČŠŽ][A-Za-zčšžČŠŽ0-9]*"
    r"(?:-[A-Za-zčšžČŠŽ0-9]+)*(?:'[A-Za-zčšžČŠŽ]+)?"
)


def _cased_word(match: re.Match[str]) -> str:
    word = match.group()
    low = word.casefold()
    spelt = _LATIN.sub(_word, low)
    return spelt[:1].upper() + spelt[1:] if word[:1].isupper() else spelt


def as_cyrillic(own_text: str, spans: Sequence[ColoredSpan]) -> str:
    """`own_text` in lower case with its Latin-typed words in Cyrillic, save the text of
    `spans` (the coloured nicks, in order): each keeps its place for the readers that look
    it up. A text with no Latin letters outside the spans comes back lower-cased only."""
    low = own_text.casefold()
    out: list[str] = []
    pos = 0
    for span in spans:
        at = low.find(span.text.casefold(), pos)
        if at < 0:
            continue
        out.append(_in_cyrillic(low[pos:at]))
        out.append(low[at : at + len(span.text)])
        pos = at + len(span.text)
    out.append(_in_cyrillic(low[pos:]))
    return "".join(out)


def _in_cyrillic(low: str) -> str:
    """`low` (lower case) with its Latin-typed words in Cyrillic."""
    return low if _A_LATIN.search(low) is None else _LATIN.sub(_word, low)
