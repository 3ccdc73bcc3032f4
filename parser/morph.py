"""Russian morphology, shared by the move reader, the vote reader and the newspaper.

One analyzer per process: pymorphy3 with the Russian dictionary that ships as a package
(``pymorphy3-dicts-ru``), so nothing is downloaded at run time. It is built lazily, on first
use, once per process (under a lock: two threads asking at once still build one).

Its memory: DAWG2-Python reads each of the dictionary's DAWG files whole into an ``array``
(~14 MB: words.dawg 7.4 MB, prediction-suffixes-0.dawg 4 MB, p_t_given_w.intdawg 2.9 MB), and
finding the dictionary through the packages' entry points imports ``importlib.metadata``
and its friends (~3 MB). Here the dictionary is named by its own package, and the DAWG files
are mapped read-only instead (`_mapped_dawgs`): the same integers behind the same indexing,
read from clean file-backed pages, which count in the process's memory only once a lookup
touches them and which `release_pages` gives back (the next lookup reads them again from
the page cache). That loading reaches into DAWG2-Python's internals, so it is used only with
the versions it was checked against and with the pure-Python DAWG reader; anything else
loads the dictionary the library's own way (`tests/test_morph_loading.py` holds the two equal
over every word of the corpora).
"""

from __future__ import annotations

import mmap
import struct
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, BinaryIO, Final, Literal

#: the versions whose DAWG loading `_mapped_dawgs` replaces (their ``wrapper.Dictionary`` and
#: ``wrapper.Guide`` read a 4-byte count, then that many units, into ``self._units``)
CHECKED_VERSIONS: Final = {"dawg_python": "0.9.0", "pymorphy3": "2.0.6"}

_lock = threading.Lock()
_built: list[Any] = []  # the analyzer, once built
_maps: list[memoryview] = []  # the mapped DAWG files' views (see `release_pages`)
_mapped_with: list[mmap.mmap] = []  # other files given back with them (`map_with_dictionary`)
#: how many analyzers this process has built (a test holds it at one)
builds = 0


def analyzer() -> Any:
    """The process-wide ``pymorphy3.MorphAnalyzer`` (built on first call, once)."""
    global builds
    if _built:
        return _built[0]
    with _lock:
        if not _built:
            builds += 1
            _built.append(_build(mapped=True))
    return _built[0]


def _build(*, mapped: bool) -> Any:
    """A Russian analyzer; with `mapped`, its DAWG files mapped when the versions allow."""
    import pymorphy3
    import pymorphy3_dicts_ru

    path = pymorphy3_dicts_ru.get_path()
    if mapped and mappable():
        with _mapped_dawgs():
            return pymorphy3.MorphAnalyzer(path=path, lang="ru")
    return pymorphy3.MorphAnalyzer(path=path, lang="ru")


def mappable() -> bool:
    """Whether the installed DAWG reader is the one `_mapped_dawgs` was checked against: the
    pure-Python DAWG2-Python (not the C ``dawg`` extension) at the checked version, under the
    checked pymorphy3, with the reading methods it replaces."""
    try:
        from importlib.metadata import version

        import dawg_python.wrapper as w
        from pymorphy3 import dawg
    except ImportError:
        return False
    if getattr(dawg, "EXTENSION_AVAILABLE", True):
        return False
    for dist, want in CHECKED_VERSIONS.items():
        try:
            name = "DAWG2-Python" if dist == "dawg_python" else dist
            if version(name) != want:
                return False
        except Exception:  # no metadata: not the checked install
            return False
    return all(callable(getattr(c, "read", None)) for c in (w.Dictionary, w.Guide))


def _mapped_units(fp: BinaryIO, typecode: Literal["I", "B"], per_count: int) -> memoryview:
    """What ``array(typecode).fromfile`` would read at `fp` (a 4-byte count, then count ×
    `per_count` units), as a read-only view of the mapped file; `fp` is left after it."""
    (count,) = struct.unpack("=I", fp.read(4))
    start = fp.tell()
    size = count * per_count * struct.calcsize(typecode)
    mapped = mmap.mmap(fp.fileno(), 0, access=mmap.ACCESS_READ)
    if start + size > len(mapped):
        raise ValueError(f"{getattr(fp, 'name', 'a DAWG file')}: shorter than it says")
    view = memoryview(mapped)[start : start + size].cast(typecode)
    fp.seek(start + size)
    _maps.append(view)
    return view


@contextmanager
def _mapped_dawgs() -> Iterator[None]:
    """While the analyzer is built (under `_lock`): DAWG2-Python's units mapped, not read."""
    import dawg_python.wrapper as w

    def read_dictionary(self: Any, fp: BinaryIO) -> None:
        self._units = _mapped_units(fp, "I", 1)

    def read_guide(self: Any, fp: BinaryIO) -> None:
        self._units = _mapped_units(fp, "B", 2)

    saved = w.Dictionary.read, w.Guide.read
    w.Dictionary.read, w.Guide.read = read_dictionary, read_guide
    try:
        yield
    finally:
        w.Dictionary.read, w.Guide.read = saved


def release_pages() -> None:
    """Give back the mapped dictionary pages the lookups so far have touched (they are clean
    and file-backed: the next lookup that needs one reads it again from the page cache),
    those of every file mapped with them (`map_with_dictionary`) too."""
    dontneed = getattr(mmap, "MADV_DONTNEED", None)
    if dontneed is None:
        return
    for view in _maps:
        if isinstance(view.obj, mmap.mmap):
            view.obj.madvise(dontneed)
    for mapped in _mapped_with:
        mapped.madvise(dontneed)


def map_with_dictionary(mapped: mmap.mmap) -> None:
    """Give `mapped`'s pages back whenever the dictionary's are (`release_pages`): another
    read-only file the readers search by its pages (the English dictionary, `parser.english`)."""
    _mapped_with.append(mapped)


#: the mapped pages are given back after this many lookups the caches did not answer: the
#: kernel maps a fault's cached neighbours too (64 KB at a time), so a single word can bring
#: in a megabyte and a few hundred words most of the dictionary's 14 MB; mapping them again
#: is a minor fault per 64 KB, not measurable beside the lookup (`bench/letters.py`)
RELEASE_EVERY: Final = 4
_looked_up = [0]
_bursts = [0]  # `each_lookup_released` blocks under way (in any thread)
_bursts_lock = threading.Lock()


def _count_lookup() -> None:
    _looked_up[0] += 1
    if _bursts[0] or _looked_up[0] % RELEASE_EVERY == 0:
        release_pages()


@contextmanager
def each_lookup_released() -> Iterator[None]:
    """A burst of lookups (the letter vocabulary's ~270 lemmas, once a process): the mapped
    pages given back after every lookup the caches miss, not every `RELEASE_EVERY`-th, so
    that the burst holds one lookup's pages at a time (0.3–2.4 MB) instead of up to four's
    (~3.4 MB) — it runs on top of whatever the process already holds, a first poll's pages
    included. Readings are the same; a lookup costs a few minor faults more."""
    with _bursts_lock:
        _bursts[0] += 1
    try:
        yield
    finally:
        with _bursts_lock:
            _bursts[0] -= 1
        # what the block's last lookup touched, and what the walks that count no lookup
        # touched (`dictionary_step`, the English dictionary's search), is given back as it
        # ends: not left under whatever the process reads next
        release_pages()


#: a tag's text → its grammemes: one shared set per tag (the dictionary has a few thousand
#: tags; the letter reader's vocabulary alone holds some 25,000 forms, each with its set)
_GRAMMEMES: dict[str, frozenset[str]] = {}


def _grammemes(tag: object) -> frozenset[str]:
    """The grammemes of a pymorphy3 tag («NOUN,anim,masc sing,nomn»), shared per tag."""
    text = str(tag)
    grams = _GRAMMEMES.get(text)
    if grams is None:
        grams = frozenset(sys.intern(g) for g in text.replace(" ", ",").split(","))
        _GRAMMEMES[text] = grams
    return grams


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


def ukrainian_word(word: str) -> bool:
    """Whether the Ukrainian dictionary knows `word` (lower case) as a verb or a noun, by its
    best parse (loads that dictionary: ask only of a sentence written in Ukrainian)."""
    parses = _ukrainian().parse(word)[:1]
    return (
        bool(parses) and parses[0].is_known and str(parses[0].tag.POS) in ("VERB", "INFN", "NOUN")
    )


def ukrainian_known(word: str) -> bool:
    """Whether the Ukrainian dictionary knows `word` (lower case) in any reading (loads that
    dictionary: ask only of a word written with a letter Russian lacks, such as «і»)."""
    return any(p.is_known for p in _ukrainian().parse(word))


def _safe_parse(word: str) -> list[Any]:
    """pymorphy3's parses; a character it has no name for (private-use, unassigned code
    points) makes it raise, and such a word is simply not Russian."""
    _count_lookup()
    try:
        return list(analyzer().parse(word.casefold()))
    except (KeyError, ValueError):
        return []


#: how many words' answers a reader's per-word question of the dictionary keeps (`lru_cache`:
#: «is this a vote word?» is asked of every word around every coloured nick, and answering
#: it again — the lemmas' lookup, a set built to intersect them — cost more than keeping it)
WORDS_KEPT: Final = 4096


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
        grams = _grammemes(p.tag)
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
_CASES: Final = frozenset(("nomn", "gent", "datv", "accs", "ablt", "loct"))


def is_person_name(word: str) -> bool:
    """Whether the dictionary reads `word` (lower case) as a given name, a surname or a
    patronymic in some parse."""
    return any(r.grammemes & {"Name", "Surn", "Patr"} for r in parse(word.strip(".,:;!?—-«»\"'()")))


def is_given_name(nick: str) -> bool:
    """Whether the dictionary reads the one-word `nick` as a given name in its own right
    (Зиновий, Светлана): a parse that is a name whose normal form is the nick."""
    own = nick.lower().replace("ё", "е")
    return " " not in own and any("Name" in r.grammemes and r.lemma == own for r in parse(own))


def is_patronymic(word: str) -> bool:
    """Whether the dictionary reads `word` (lower case) as a patronymic in some parse."""
    return any("Patr" in r.grammemes for r in parse(word))


def patronymic_of(name: str, word: str, nick: str) -> bool:
    """Whether `word` is a patronymic agreeing with the given name `name` (a case form of the
    one-word name nick `nick`): the same case and gender in some reading of each that is the
    nick's own name — «Зиновию Ивановну» agrees only as the woman's name Зиновия, which is no
    form of the player Зиновий, so it names someone else."""
    own = nick.lower().replace("ё", "е")
    names = [r.grammemes for r in parse(name.lower()) if "Name" in r.grammemes and r.lemma == own]
    patrs = [r.grammemes for r in parse(word.lower()) if "Patr" in r.grammemes]
    return any((n & p & _CASES) and (n & p & {"masc", "femn"}) for n in names for p in patrs)


@lru_cache(maxsize=65536)
def common_word(word: str) -> bool:
    """Whether `word` is an ordinary dictionary word (not a name, not predicted): such a
    word is never taken for a mistyped nick."""
    parses = parse(word)
    return bool(parses) and parses[0].known and not (parses[0].grammemes & _PROPER)


def numeral_compound(word: str) -> bool:
    """A word Russian builds of a cardinal numeral's genitive and a dictionary adjective or
    noun («восьмидюймовый», «сорокаградусный», «трехлетка»), which the dictionary may not
    list: an ordinary word of the language, no name. The tail must be four letters or more
    and a known word; the head a known numeral in the genitive («восьми», «трёх», «ста»)."""
    word = word.replace("ё", "е")
    for cut in range(3, len(word) - 3):
        head, tail = word[:cut], word[cut:]
        if not any(r.known and r.pos == "NUMR" and "gent" in r.grammemes for r in parse(head)[:1]):
            continue
        top = parse(tail)[:1]
        if top and top[0].known and top[0].pos in ("ADJF", "NOUN") and common_word(tail):
            return True
    return False


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
    key = nick.lower().replace("ё", "е")
    parses = parse(key)
    if not (parses and parses[0].known and parses[0].pos in _WORD_POS):
        return False
    # «Молот»: its likeliest reading a form of another word (молотый, молоть), and a noun
    # that is the nick itself as likely — the nick is that noun, which declines
    top = parses[0]
    return top.lemma == key or not any(
        r.pos == "NOUN" and r.lemma == key and r.score >= top.score for r in parses[1:]
    )


# few: each caller (the letter reader's vocabulary, its reported-speech verbs) keeps its own
# index of what it asked for, built once; a large cache here held all 25,000 forms twice
@lru_cache(maxsize=16)
def forms(
    lemma: str, pos: tuple[str, ...] = ("INFN", "NOUN")
) -> tuple[tuple[str, frozenset[str]], ...]:
    """Every word form of `lemma` (ё→е) with its grammemes, from the first parse of `lemma`
    whose part of speech is one of `pos` and whose normal form is `lemma` itself; unknown
    lemmas are inflected by pymorphy3's prediction."""
    _count_lookup()
    for p in analyzer().parse(lemma):
        if str(p.tag.POS) in pos and p.normal_form.replace("ё", "е") == lemma.replace("ё", "е"):
            return tuple((f.word.replace("ё", "е"), _grammemes(f.tag)) for f in p.lexeme)
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


@lru_cache(maxsize=WORDS_KEPT)
def pronoun_gender(word: str, *, plural: bool = False) -> str | None:
    """The gender ("masc" or "femn") of `word` when it is a third-person singular personal
    pronoun of that one gender in every pronoun reading the dictionary gives it («она»,
    «его», «ей», «неё»), else None («оно» is neuter, «их» only plural, any other word is no
    such pronoun). The one judgment of a pronoun's gender, for the letters' and the votes'
    pronouns alike. «им», «ним» are the plural's forms too: None, unless `plural` lets a
    form the plural shares stand for the singular («убей его» and «займусь им» alike)."""
    readings = [r for r in parse(word.casefold().replace("ё", "е")) if r.pos == "NPRO"]
    if not readings or not all("3per" in r.grammemes for r in readings):
        return None
    if not plural and any("plur" in r.grammemes for r in readings):
        return None
    found = {g for r in readings for g in r.grammemes & {"masc", "femn"}}
    return next(iter(found)) if len(found) == 1 else None


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


# -- the dictionary's words by their beginnings ------------------------------------------------
# The words DAWG keys each word's UTF-8 bytes, then a separator byte, then its record: a walk
# down it letter by letter says whether any word begins so, and at the separator whether one
# ends there. `parser.latin.typed_readings` prunes its readings of a Latin-typed word so.
_WORD_END: Final = 1  # the byte that ends a word in the words DAWG (RecordDAWG's separator)


def dictionary_root() -> int:
    """The words DAWG's root: the walk's start (`dictionary_step`)."""
    return int(analyzer().dictionary.words.dct.ROOT)


def dictionary_step(index: int, letters: str) -> int | None:
    """The walk from `index` on over `letters` (lower case, ё as the dictionary spells it),
    or None when no dictionary word goes on so."""
    dct = analyzer().dictionary.words.dct
    at: int | None = index
    for byte in letters.encode():
        at = dct.follow_char(byte, at)
        if at is None:
            return None
    return at


def dictionary_word_ends(index: int) -> bool:
    """Whether a dictionary word ends where the walk stands."""
    return analyzer().dictionary.words.dct.follow_char(_WORD_END, index) is not None


@lru_cache(maxsize=256)
def lexeme_words(word: str) -> frozenset[str]:
    """Every word form (ё→е) of every lexeme pymorphy3 reads `word` (lower case) in: the
    forms whose normal form a reading of the word is (its own lexemes, predicted for a word
    the dictionary lacks)."""
    return frozenset(f.word.replace("ё", "е") for p in _safe_parse(word) for f in p.lexeme)
