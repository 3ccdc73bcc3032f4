"""Russian letters spelt in Latin ones: the one table the nick resolver (`parser.nicks`, its
transliteration tier) and the sound reading of Latin nicks (`parser.nameforms`) share."""

from __future__ import annotations

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
