"""Russian morphology, shared by the move reader, the vote reader and the newspaper.

One analyzer per process: pymorphy3 with the Russian dictionary that ships as a package
(``pymorphy3-dicts-ru``), so nothing is downloaded at run time. Loading it takes a few tenths
of a second and ~15 MB, so it is built lazily, on first use, and cached.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final


@lru_cache(maxsize=1)
def analyzer() -> Any:
    """The process-wide ``pymorphy3.MorphAnalyzer`` (imported on first call)."""
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="ru")


@lru_cache(maxsize=1)
def _ukrainian() -> Any:
    """pymorphy3 with the Ukrainian dictionary (``pymorphy3-dicts-uk``), built only when a
    word the Russian one lacks may be Ukrainian (about 20 MB: never for Russian letters)."""
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="uk")


@lru_cache(maxsize=256)
def ukrainian_forms(lemma: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Every form of the Ukrainian `lemma` with its grammemes (the parse whose normal form
    it is, a verb or a noun), as `forms` gives a Russian lemma's."""
    for p in _ukrainian().parse(lemma):
        if str(p.tag.POS) in ("VERB", "INFN", "NOUN") and p.normal_form == lemma:
            return tuple(
                (f.word.replace("ʼ", "'"), frozenset(str(f.tag).replace(" ", ",").split(",")))
                for f in p.lexeme
            )
    return ()


def _safe_parse(word: str) -> list[Any]:
    """pymorphy3's parses; a character it has no name for (private-use, unassigned code
    points) makes it raise, and such a word is simply not Russian."""
    try:
        return list(analyzer().parse(word.casefold()))
    except (KeyError, ValueError):
        return []


@lru_cache(maxsize=65536)
def lemmas(word: str) -> tuple[str, ...]:
    """Every dictionary normal form pymorphy3 offers for `word` (lower case), best first."""
    seen: dict[str, None] = {}
    for p in _safe_parse(word):
        seen.setdefault(p.normal_form.replace("ё", "е"), None)
    return tuple(seen)


@dataclass(frozen=True, slots=True)
class Reading:
    """One pymorphy3 parse of a word, reduced to what the readers ask about it."""

    lemma: str  # normal form, ё→е
    pos: str  # part of speech ("VERB", "INFN", "NOUN", … or "" when unknown)
    grammemes: frozenset[str]
    score: float
    known: bool  # the word is in the dictionary (not predicted)


@lru_cache(maxsize=65536)
def parse(word: str) -> tuple[Reading, ...]:
    """Every parse pymorphy3 offers for `word` (lower case), best first."""
    out: list[Reading] = []
    for p in _safe_parse(word):
        grams = frozenset(str(p.tag).replace(" ", ",").split(","))
        out.append(
            Reading(
                p.normal_form.replace("ё", "е"),
                str(p.tag.POS or ""),
                grams,
                float(p.score),
                bool(p.is_known),
            )
        )
    return tuple(out)


_PROPER: Final = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init"})


@lru_cache(maxsize=65536)
def common_word(word: str) -> bool:
    """Whether `word` is an ordinary dictionary word (not a name, not predicted): such a
    word is never taken for a mistyped nick."""
    parses = parse(word)
    return bool(parses) and parses[0].known and not (parses[0].grammemes & _PROPER)


#: parts of speech of a word that does not decline as a name does: a nick that is such a word
#: («Жду», «Сплю», «Потом», «Пас») is the word itself unless it stands where a move's player
#: stands
_WORD_POS: Final = frozenset(
    {"VERB", "INFN", "ADVB", "PRED", "INTJ", "ADJS", "NPRO", "GRND", "PRTS"}
)


@lru_cache(maxsize=4096)
def word_nick(nick: str) -> bool:
    """A one-word nick that is an ordinary word that does not decline: a verb («Жду»), an
    adverb («Потом»), an interjection («Пас»), a pronoun («Никто»)."""
    if not nick.isalpha() or len(nick) < 3:
        return False  # «Ли», «Ян»: a short name, not the particle
    parses = parse(nick.lower().replace("ё", "е"))
    return bool(parses) and parses[0].known and parses[0].pos in _WORD_POS


@lru_cache(maxsize=4096)
def forms(
    lemma: str, pos: tuple[str, ...] = ("INFN", "NOUN")
) -> tuple[tuple[str, frozenset[str]], ...]:
    """Every word form of `lemma` (ё→е) with its grammemes, from the first parse of `lemma`
    whose part of speech is one of `pos` and whose normal form is `lemma` itself; unknown
    lemmas are inflected by pymorphy3's prediction."""
    for p in analyzer().parse(lemma):
        if str(p.tag.POS) in pos and p.normal_form.replace("ё", "е") == lemma.replace("ё", "е"):
            return tuple(
                (f.word.replace("ё", "е"), frozenset(str(f.tag).replace(" ", ",").split(",")))
                for f in p.lexeme
            )
    return ()


_GENDERS: Final = frozenset({"masc", "femn", "neut"})

#: how a host may write a player's gender (config `[game.genders]`): "m"/"f" and the words
#: a Russian host reaches for first
GENDER_WORDS: Final[dict[str, str]] = {
    "m": "m",
    "male": "m",
    "masc": "m",
    "м": "m",
    "муж": "m",
    "f": "f",
    "female": "f",
    "femn": "f",
    "ж": "f",
    "жен": "f",
}


def gender_word(value: object) -> str | None:
    """ "m"/"f" from how a host wrote a gender ("m", "ж", "female" …); anything else None."""
    return GENDER_WORDS.get(str(value).strip().casefold()) if value is not None else None


@lru_cache(maxsize=65536)
def adjective_readings(word: str, *, nominative: bool = False) -> frozenset[tuple[str, str]]:
    """(lemma, gender) of every singular adjective parse of `word` (lower case); with
    `nominative`, only parses in the nominative (a nick as given). Adjectives decline by
    gender, so «Рыжую» is a form of the nick Рыжая, never of Рыжий, though both share the
    dictionary lemma «рыжий»."""
    out: set[tuple[str, str]] = set()
    for r in parse(word):
        if r.pos != "ADJF" or "sing" not in r.grammemes:
            continue
        if nominative and "nomn" not in r.grammemes:
            continue
        for g in r.grammemes & _GENDERS:
            out.add((r.lemma, g))
    return frozenset(out)
