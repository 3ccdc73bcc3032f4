"""Name forms no spelling table reaches (C-3): a Russian pet form of a name nick, and a Latin
nick written the way it sounds in Cyrillic.

Both are read only after every tier of `parser.nicks` found nobody, only for one player at
a time (two players fit → ambiguous, asked), and only by rule, never from a list of names:

* **Pet forms** (`pet_form_of`). A Russian pet form is the full name cut after its first
  syllable (or later), or its last syllables, plus a pet suffix: Маргарита → Марг|оша,
  Рит|а; Сергей → Сер|ёга, Сер|ый; Ирина → Ир|ишка; Наталья → Нат|аха; Григорий → Гри|шка;
  Станислав → Ста|сик; Святослав → Слав|ик; Екатерина → Кат|юша. The suffix is read by one
  pattern (`_PET_SUFFIX`: an optional vowel, an optional consonant or pair, an ending); a
  stem that ends in a vowel takes a suffix that opens with a consonant (Лю|ся, Ма|ша). A
  nick cut short («Барр»: at least four letters of a longer name) counts too. The
  word is first brought to its dictionary forms (pymorphy3) and with its case ending off.
* **English sounds** (`sounds_like`). «Лаки» for Lucky, «Тандера» for Thunder, «Райдер» for
  Rider, «Оскар» for Oscar, «Дейзи» for Daisy: Russian writes an English nick as it sounds,
  so both sides are brought to one sound key — the Cyrillic word spelt in Latin letters (дж
  as j, х as h), then Metaphone (jellyfish) for both, th and w read as Russian hears them
  (т, в) — and compared word by word, a Russian case ending allowed on the Cyrillic word.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from parser.latin import spelt_in_latin

# -- pet forms --------------------------------------------------------------------------------

_VOWELS: Final = frozenset("аеёиоуыэюя")
# an optional vowel, a consonant with an optional «ь» and «к» (Ир|ишка, Бор|ька, Ви|тька),
# an ending; not «н», which makes words of names (Кат|ана is no Катя)
_PET_SUFFIX: Final = re.compile(r"[уюоеаиы]?(?:[шжхгскчлтд]?ь?к?)(?:а|я|ик|ок|ек|ян|ый|ий|ша)?")
_CASE_ENDINGS: Final = ("ой", "ей", "ом", "ем", "у", "ю", "е", "и", "ы", "а", "я")
MIN_CLIPPED: Final = 4  # letters a nick cut short keeps («Барр» of Барракуда)


@lru_cache(maxsize=4096)
def word_forms(word: str) -> tuple[str, ...]:
    """A lower-case Cyrillic word, its dictionary forms and itself with its case ending off
    (with «а»/«я» put back): the nominatives a pet form may stand in."""
    from parser.morph import lemmas

    out = dict.fromkeys((word, *lemmas(word)))
    for ending in _CASE_ENDINGS:
        stem = word[: -len(ending)]
        if word.endswith(ending) and len(stem) >= 3:
            out.update(dict.fromkeys((stem, stem + "а", stem + "я")))
    return tuple(out)


def _suffix_fits(stem: str, suffix: str) -> bool:
    if not suffix or not _PET_SUFFIX.fullmatch(suffix):
        return False
    # «Лю|ся», «Ма|ша»: after a vowel the suffix opens with a consonant
    return not (stem[-1] in _VOWELS and suffix[:1] in _VOWELS)


def _head_stems(name: str) -> list[str]:
    """Cuts of `name` a pet form may keep: from its first vowel on, never the whole name."""
    first = next((i for i, c in enumerate(name) if c in _VOWELS), None)
    if first is None:
        return []
    return [name[:j] for j in range(max(first + 1, 2), len(name))]


def pet_form_kind(form: str, name: str) -> str | None:
    """How `form` (a nominative, lower case, ё→е) is a pet form of the one-word name `name`
    (a nick's key), or None: "clipped" (the name cut short), "head" (a cut of its head past
    the first vowel's consonant, plus a pet suffix: Ир|ишка, Сер|ёга), "tail" (a later
    syllable on, followed in the name by a vowel or its end: Рит|а, Слав|ик), "short" (the
    head up to its first vowel only: Лю|ся, Ви|тя — such a cut fits many names, so it is
    read with less confidence)."""
    if len(form) < 3 or form == name or not name.isalpha():
        return None
    if len(form) >= MIN_CLIPPED and name.startswith(form) and len(name) - len(form) >= 2:
        return "clipped"  # «Барр»
    short = False
    for stem in _head_stems(name):
        if form.startswith(stem) and _suffix_fits(stem, form[len(stem) :]):
            if stem[-1] not in _VOWELS or len(stem) > 2:
                return "head"  # Сер|ёга, Гри|шка
            short = True  # Лю|ся, Ви|тя
    for i in range(1, len(name) - 2):
        if name[i] in _VOWELS:
            continue
        for j in range(i + 3, len(name) + 1):
            stem = name[i:j]
            then = name[j : j + 1]
            fits = form.startswith(stem) and form != stem
            if (not then or then in _VOWELS) and fits and _suffix_fits(stem, form[len(stem) :]):
                return "tail"
    return "short" if short else None


# -- English sounds ---------------------------------------------------------------------------

_RU_ENDINGS: Final = ("ом", "ой", "ем", "ей", "а", "у", "е", "и", "ы", "я", "ю")
MIN_SOUND_LETTERS: Final = 3


def _key(latin: str) -> str:
    import jellyfish  # only when every cheaper reading found nobody

    # Russian hears the English th as т and writes w as в
    return str(jellyfish.metaphone(latin)).replace("0", "T").replace("W", "F")


@lru_cache(maxsize=4096)
def latin_sound(word: str) -> str:
    """The sound key of a Latin word («Thunder» → TNTR)."""
    return _key(word) if word.isascii() and word.isalpha() else ""


@lru_cache(maxsize=4096)
def cyrillic_sounds(word: str) -> tuple[str, ...]:
    """The sound keys of a lower-case Cyrillic word, as written and with a Russian case
    ending off («Тандера» → TNTR), spelt in Latin as an English reader would («дж» → j)."""
    if len(word) < MIN_SOUND_LETTERS or not re.fullmatch("[а-яё]+", word):
        return ()
    forms = [word] + [
        word[: -len(e)] for e in _RU_ENDINGS if word.endswith(e) and len(word) - len(e) >= 3
    ]
    keys: dict[str, None] = {}
    for f in forms:
        # the passport-style spelling, «дж» as j and х as h, as an English reader would
        latin = spelt_in_latin(f.replace("ё", "е").replace("дж", "j")).replace("kh", "h")
        key = _key(latin)
        if len(key) >= 2:
            keys.setdefault(key, None)
    return tuple(keys)


def sounds_like(word: str, latin_word: str) -> bool:
    """Whether the Cyrillic `word` (lower case) is the Latin `latin_word` (lower case) as it
    sounds, in any case: «лаки» ≡ lucky, «тандера» ≡ thunder, «оскара» ≡ oscar."""
    target = latin_sound(latin_word)
    return len(target) >= 2 and target in cyrillic_sounds(word)
