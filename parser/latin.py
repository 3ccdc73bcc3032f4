"""Russian letters spelt in Latin ones: the one table the nick resolver (`parser.nicks`, its
transliteration tier) and the sound reading of Latin nicks (`parser.nameforms`) share; and
back, Russian typed in Latin letters read as its Cyrillic spellings (`cyrillic_spellings`),
for the readers' words and the name forms alike."""

from __future__ import annotations

import re
from typing import Final

# A plain Russian → Latin table in the spirit of the passport/BGN schemes players know
# (Вася → vasya, Женя → zhenya, Щука → shchuka); soft and hard signs vanish, as in most
# Latin spellings of Russian names (Игорь → Igor).
CYR_TO_LAT: Final = str.maketrans(
    {
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z",
        "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p",
        "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch",
        "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
    }
)  # fmt: skip


def spelt_in_latin(word: str) -> str:
    """A lower-case Cyrillic word letter by letter in the Latin table (х as kh)."""
    return word.translate(CYR_TO_LAT)


# spellings of one sound in the common schemes, brought to the one cyrtranslit reads
# (an apostrophe or backtick is the soft sign, which cyrtranslit reads from «'»)
_SCHEMES: Final = (("shch", "sč"), ("ja", "ya"), ("ju", "yu"), ("jo", "yo"), ("je", "ye"),
                   ("x", "ks"), ("w", "v"), ("`", "'"), ("’", "'"))  # fmt: skip


_HARD_Y: Final = re.compile(r"(?<=[bvgdzklmnprstfh])y(?![aeiouy])")
_C_TSE: Final = re.compile(r"c(?!h)")


def cyrillic_spellings(word: str) -> tuple[str, ...]:
    """The Cyrillic spellings of a Latin-typed Russian word (lower case, ё→е), in a fixed
    order: first through the one scheme cyrtranslit reads (the common schemes brought to it
    by `_SCHEMES`), then the word as typed («ubivayu», «ubivaju» → «убиваю»)."""
    import cyrtranslit

    plain = word
    for old, new in _SCHEMES:
        plain = plain.replace(old, new)
    out: list[str] = []
    # «podryv», «Voroncova»: ы typed as y after a consonant, ц as c (the GOST/ISO scheme),
    # read after the spellings cyrtranslit gives (it reads y as и and c as к)
    hard_y = _HARD_Y.sub("ы", plain)
    c_tse = _C_TSE.sub("ц", plain)
    both = _C_TSE.sub("ц", hard_y)
    # a fixed order, so the reading never depends on a set's order (a process's hash seed)
    # the soft sign typed, then left out («kapel'mejstera», «kapelmejstera»)
    unsigned = plain.replace("'", "")
    for latin in dict.fromkeys((plain, word, hard_y, c_tse, both, unsigned)):
        cyr = str(cyrtranslit.to_cyrillic(latin, "ru")).replace("ё", "е")
        if re.fullmatch("[а-я]+(?:-[а-я]+)*", cyr) and cyr not in out:
            out.append(cyr)
    # «ts» is ц in the passport and BGN schemes («Ogurtsa» → «огурца»), тс in cyrtranslit's
    # own («otsyuda»): both are read, cyrtranslit's first
    for cyr in list(out):
        if "тс" in cyr and cyr.replace("тс", "ц") not in out:
            out.append(cyr.replace("тс", "ц"))
    return tuple(out)
