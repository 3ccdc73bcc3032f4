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

# -- a name's gender ---------------------------------------------------------------------------

#: the dictionary's tags of a word read as a person's name: given name, surname, patronymic
NAME_TAGS: Final = frozenset({"Name", "Surn", "Patr"})
_GENDERS: Final = frozenset({"masc", "femn"})


@lru_cache(maxsize=8192)
def name_genders(word: str, *, nominative: bool = False, case: str | None = None) -> frozenset[str]:
    """The genders the dictionary reads `word` (lower case, ё as е) in as a singular given
    name, surname or patronymic (`nominative`: as a nick stands, its nominative only; `case`:
    in that case only); empty for a word it does not know so. The one judgment of a name's
    gender: a nick's (`parser.nicks.nick_genders`), a form's (`form_word_genders`), a pet
    form's, a pronoun's antecedent's."""
    from parser.morph import parse

    found: set[str] = set()
    for r in parse(word):
        if not (r.known and "sing" in r.grammemes and r.grammemes & NAME_TAGS):
            continue
        if nominative and "nomn" not in r.grammemes:
            continue
        if case is not None and case not in r.grammemes:
            continue
        found |= r.grammemes & _GENDERS
    return frozenset(found)


def form_word_genders(word: str) -> frozenset[str]:
    """The genders of every singular reading the dictionary knows of a word it reads as a
    name form in some reading: «Витю» a man's, «Гордеевой» a woman's, «Сашу» (common
    gender) either; «Валика» either, since besides a rare woman's name it is the genitive of
    the noun «валик», the very form a boy's pet name Валик takes."""
    from parser.morph import parse

    readings = [r for r in parse(word) if r.known and "sing" in r.grammemes]
    if not any(r.grammemes & NAME_TAGS for r in readings):
        return frozenset()
    out: set[str] = set()
    for r in readings:
        out |= r.grammemes & _GENDERS
        if "ms-f" in r.grammemes:
            out |= _GENDERS
    return frozenset(out)


# -- pet forms --------------------------------------------------------------------------------

_VOWELS: Final = frozenset("аеёиоуыэюя")
# an optional vowel, a consonant with an optional «ь» and «к» (Ир|ишка, Бор|ька, Ви|тька),
# an ending; not «н», which makes words of names (Кат|ана is no Катя)
_PET_SUFFIX: Final = re.compile(r"[уюоеаиы]?(?:[шжхгскчлтд]?ь?к?)(?:а|я|ик|ок|ек|ян|ый|ий|ша)?")
_CASE_ENDINGS: Final = ("ой", "ей", "ом", "ем", "у", "ю", "е", "и", "ы", "а", "я")
_PET_CONSONANTS: Final = frozenset("шс")
MIN_FULL_NAME: Final = 5
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
    head up to its first vowel only, and a consonant of the name: Ви|тя — such a cut fits
    many names, so it is read with less confidence), "guess" (such a head with the pet
    consonant ш or с instead: Ми|ша, Лю|ся, Па|ша — a guess to ask about)."""
    if len(form) < 3 or form == name or not name.isalpha():
        return None
    if len(form) >= MIN_CLIPPED and name.startswith(form) and len(name) - len(form) >= 2:
        return "clipped"  # «Барр»
    short: str | None = None
    for stem in _head_stems(name):
        if form.startswith(stem) and _suffix_fits(stem, form[len(stem) :]):
            if len(stem) == 2 and stem[0] in _VOWELS:
                # Эр|ик of Эраст: a vowel and one consonant start many names (Эрик is a
                # name of its own) — a cut that short proves no one
                short = short or "short"
                continue
            if stem[-1] not in _VOWELS or len(stem) > 2:
                return "head"  # Сер|ёга, Гри|шка
            # Ви|тя of Виктор keeps a consonant of the name; Ми|ша of Михаил, Лю|ся of
            # Людмила take the pet consonant ш or с in its place — which fits any name of
            # that head (Лёша is no Леонид: "guess"); Ми|тя of Михаил takes a consonant
            # from nowhere, and is no form of it
            consonant = form[len(stem)]
            if consonant in name[len(stem) :]:
                short = "short"
            elif consonant in _PET_CONSONANTS and short is None:
                short = "guess"
    # a double consonant is said as one (Апо|лл|инария → Поля, Ин|есс|а → Неся)
    for spoken in dict.fromkeys((name, _DOUBLED.sub(r"\1", name))):
        if _tail_of(form, spoken):
            return "tail"
    return short


_DOUBLED: Final = re.compile(r"([бвгджзклмнпрстфхцчшщ])\1")


def _tail_of(form: str, name: str) -> bool:
    """A later syllable of `name` on, followed in it by a vowel or its end (Рит|а, Слав|ик)."""
    for i in range(1, len(name) - 2):
        if name[i] in _VOWELS:
            continue
        for j in range(i + 3, len(name) + 1):
            stem = name[i:j]
            then = name[j : j + 1]
            fits = form.startswith(stem) and form != stem
            if (not then or then in _VOWELS) and fits and _suffix_fits(stem, form[len(stem) :]):
                return True
    return False


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


# -- hypocoristics by rule -------------------------------------------------------------------

# the endings a Russian pet name puts after its core: Са|н|я, Са|н|ёк, Ми|ш|аня, Та|н|юха,
# Са|ш|ка, Ди|м|он, Се|р|ёга (ё as е); not «ыч»: Саныч is an Александрович, not Александр
_HYPO_TAILS: Final = frozenset(
    (
        *("а", "я", "ка", "ня", "ок", "ек", "ик", "ан", "аня", "ян", "он", "уха", "юха"),
        *("ура", "ушка", "юшка", "ечка", "очка", "уля", "юля", "уша", "юша", "енька"),
        *("онька", "ька", "чик", "ега", "ена"),
    )
)
# a consonant a pet name puts for the name's own: Ми|х|аил → Ми|ш|а, Па|в|ел → Па|ш|а (not
# р: Ма|р|ия → Маша, but Ле|р|а → Лёша is no form of Лера)
_SH_PARTNERS: Final = frozenset("хв")
# the pet consonants any name may take after its first syllable (Ксю|ш|а, Ксю|х|а,
# Та|н|я, Лю|с|я): a core with one of these fits every name of that syllable
_ANY_PET: Final = frozenset("шхнс")
_SOFTENED: Final = {"е": "ею", "и": "и", "а": "а", "о": "о", "у": "у", "я": "я", "ю": "ю"}
_CONSONANTS: Final = frozenset("бвгджзклмнпрстфхцчшщ")


@lru_cache(maxsize=1024)
def _name_cores(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """The cores a pet name of the full name `name` (lower case, ё as е) may keep: a
    syllable's onset (a consonant cluster, or one of its consonants) and vowel (е softened
    to ю: Ксе|ния → Ксю), then a consonant of the cluster after it or its pet partner —
    «sure» cores (Ми|х → миш, Са|н → сан, Ди|м → дим); and the same onset and vowel with
    any pet consonant — «guess» cores (Ксю|ш, Та|н), which fit any name of that syllable."""
    sure: set[str] = set()
    guess: set[str] = set()
    first = True
    for v, vowel in enumerate(name):
        if vowel not in _SOFTENED or v == len(name) - 1:
            continue
        j = v
        while j > 0 and name[j - 1] in _CONSONANTS:
            j -= 1
        cluster = name[j:v]
        if not cluster:
            first = first and v != 0  # Ига|рь: the vowel opening the name is no syllable
            continue
        onsets = {cluster, *cluster} if j == 0 else {cluster, cluster[-1]}
        k = v + 1
        while k < len(name) and name[k] in _CONSONANTS:
            k += 1
        nxt = set(name[v + 1 : k])
        # the partner only for a lone consonant (Ми|х|аил → Миша), not in a cluster (Дми|тр|ий)
        nxt |= {"ш"} if len(nxt) == 1 and nxt & _SH_PARTNERS else set()
        if j == 0 and len(cluster) == 2:
            nxt.add(cluster[1])  # Дм|итрий → Ди|м|а: the cluster's second consonant moves on
        for onset in onsets:
            for soft in _SOFTENED[vowel]:
                # only the name's first syllable makes a sure core: a later one (Иго|р|ь →
                # Гоша, Ива|н → Ваня) is a guess, as many names share a later syllable
                (sure if first else guess).update(onset + soft + c for c in nxt)
                guess.update(onset + soft + c for c in _ANY_PET)
        first = False
    return frozenset(sure), frozenset(guess - sure)


def hypocoristic_kind(form: str, name: str) -> str | None:
    """How `form` (a nominative, lower case, ё as е) is a Russian pet name of the full name
    `name` by the productive rule of `_name_cores`: "sure" (Мишаня, Санёк, Дима for
    Михаил, Александр, Дмитрий), "guess" (Ксюха, Танюха for Ксения, Татьяна: a pet
    consonant the name does not have), or None."""
    if len(name) < MIN_FULL_NAME or form == name or not name.isalpha():
        return None  # Лера, Лена are pet names already, not the full names others come from
    sure, guess = _name_cores(name)
    for size in (3, 4, 5):
        core, tail = form[:size], form[size:]
        if tail not in _HYPO_TAILS:
            continue
        if core in sure:
            return "sure"
        if core in guess:
            return "guess"
    return None


# -- short pet forms from a syllable of the name ----------------------------------------------


@lru_cache(maxsize=1024)
def _syllable_pets(name: str) -> frozenset[str]:
    """The short pet forms (nominatives, ё as е) one syllable of the full name `name` gives
    with the name's own letters: the syllable (an onset — the consonant before its vowel,
    or the cluster opening the name or any of its consonants — and its vowel; no onset for a
    vowel that opens the name or follows another), then the one consonant that follows it in
    the name before a vowel or a soft sign, and «я» (Ва|л|ентина → Валя, Э|л|ьвира →
    Эля, Ге|л|ина of Ангелина → Геля, О|с|ип → Ося); or, before another vowel, «я» alone
    (Фа|ина → Фая). Not a consonant the name lacks there (Люся is no Любава's, Лёля no
    Лера's), nor the first of a cluster (Ося is no Остап's, Ада no Ариадна's by rule), nor
    the name's ending; and not «а» (Вера is a name of its own, no Вероника's)."""
    out: set[str] = set()
    for v, vowel in enumerate(name):
        if vowel not in _VOWELS or v >= len(name) - 1:
            continue
        j = v
        while j > 0 and name[j - 1] in _CONSONANTS:
            j -= 1
        cluster = name[j:v]
        if cluster:
            onsets = {cluster, *cluster} if j == 0 else {cluster[-1]}
        elif v == 0 or name[v - 1] in _VOWELS:
            onsets = {""}
        else:
            continue  # (after a soft or hard sign: no syllable of its own)
        after, then = name[v + 1], name[v + 2 : v + 3]
        for onset in onsets:
            syllable = onset + vowel
            if after in _VOWELS:
                out.add(syllable + "я")
            elif after in _CONSONANTS and then and (then in _VOWELS or then == "ь"):
                out.add(syllable + after + "я")
    return frozenset(f for f in out if len(f) >= 3 and f != name)


def syllable_pet(form: str, name: str) -> bool:
    """Whether `form` (a nominative, lower case, ё as е) is a short pet form of the full name
    `name` (lower case, ё as е) made from one of its syllables (`_syllable_pets`). Such a
    form fits every name with that syllable: it proves a player only where it fits him
    alone (`parser.nicks`)."""
    if len(name) < MIN_SYLLABLE_NAME or not name.isalpha() or tabled_pets(name):
        return False  # (Лена, Саня: pet names already, not the full names others come from)
    return form in _syllable_pets(name)


MIN_SYLLABLE_NAME: Final = 4  # Осип, Ираида


# -- pet names whose letters differ from the name: data ---------------------------------------

#: Russian given names and the stems their everyday pet names start with, where the rules
#: above cannot reach them: a consonant the name lacks (Саша, Шура of Александр; Женя, Жека
#: of Евгений; Гоша, Жора of Георгий; Лёха of Алексей; Ксюха of Ксения; Ваня of Иван), a
#: later syllable (Митя of Дмитрий, Настя of Анастасия, Толя of Анатолий, Коля of Николай),
#: another sound (Вова of Владимир, Яша of Яков) — the common pet names, not every rarer
#: one. It is data: the package index has no maintained library of Russian names and their
#: diminutives that ships its table. A pet name is a stem and a pet ending or nothing
#: (`PET_TAILS`); a stem may belong to several names (Саша: Александр and Александра), and a
#: pet form that fits two living players is asked about, never read (`parser.nicks`). A name
#: the table holds is read by the table alone: «Дима» is no Владимир, whatever its letters.
#: ё is written е.
PET_STEMS: Final[dict[str, tuple[str, ...]]] = {
    "александр": ("саш", "шур", "сан"),
    "александра": ("саш", "шур", "сан"),
    "алексей": ("леш", "лех", "алеш"),
    "анастасия": ("наст",),
    "анатолий": ("тол",),
    "анна": ("ан", "нюр", "нют", "нюш"),
    "валентин": ("вал",),
    "валентина": ("вал",),
    "василий": ("вас",),
    "виктор": ("вит",),
    "виктория": ("вик",),
    "владимир": ("вов", "волод"),
    "владислав": ("влад", "слав"),
    "вячеслав": ("слав",),
    "святослав": ("свят", "слав"),
    "ярослав": ("яр", "слав"),
    "ростислав": ("слав",),
    "мирослав": ("мир", "слав"),
    "бронислав": ("слав",),
    "агриппина": ("груш", "грун"),
    "галина": ("гал",),
    "геннадий": ("ген",),
    "георгий": ("гош", "жор", "гог"),
    "григорий": ("гриш",),
    "дарья": ("даш",),
    "дмитрий": ("дим", "мит"),
    "евсей": ("сен",),
    "евгений": ("жен", "жек"),
    "евгения": ("жен", "жек"),
    "екатерина": ("кат",),
    "елена": ("лен",),
    "елизавета": ("лиз",),
    "элеонора": ("эл",),
    "иван": ("ван",),
    "ирина": ("ир",),
    "ксения": ("ксю",),
    "любовь": ("люб",),
    "людмила": ("люд", "люс", "мил"),
    "мария": ("маш", "мар", "мус"),
    "милана": ("мил",),
    "михаил": ("миш", "мих"),
    "надежда": ("над",),
    "наталья": ("нат",),
    "наталия": ("нат",),
    "николай": ("кол",),
    "ольга": ("ол",),
    "павел": ("паш",),
    "петр": ("пет",),
    "семен": ("сем",),
    "сергей": ("сер",),
    "софья": ("сон", "соф"),
    "софия": ("сон", "соф"),
    "станислав": ("стас", "слав"),
    "татьяна": ("тан",),
    "федор": ("фед",),
    "юлия": ("юл",),
    "юрий": ("юр",),
    "яков": ("яш",),
}
#: the endings a pet name puts after its stem (ё as е): Саш|а, Сань|ка, Лёх|а, Тол|ян, Вов|ан,
#: Дим|он, Жор|ик, Сан|ек, Ксю|ша, Ксю|ха, Кат|юха, Мар|уся, Ир|ишка, Мит|яй, Нат|аха
PET_TAILS: Final = _HYPO_TAILS | frozenset(
    ("ша", "ха", "ька", "я", "ик", "ек", "ок", "ян", "ан", "он", "яй", "уся", "юся", "ишка",
     "иша", "аша", "аха", "ежа", "енька", "ечка", "очка", "ушка", "юшка", "уля", "юля", "уня",
     "юня")
)  # fmt: skip
#: endings of a boy's pet name only (Санёк, Шурик, Толян, Вован, Димон, Митяй): no form of a
#: woman's name
_MASCULINE_TAILS: Final = frozenset(("ек", "ок", "ик", "ян", "ан", "он", "яй", "чик"))


def feminine(name: str) -> bool:
    """Whether a full name of the table is a woman's."""
    return name.endswith(("а", "я")) or name == "любовь"


def _womans_name(man: str) -> str | None:
    """The woman's name a man's name of the table makes by its ending (Владислав →
    Владислава, Анатолий → Анатолия), where the dictionary knows it as a woman's given name
    in the nominative; None otherwise (Иван makes no «Ивана», Михаил no «Михаила")."""
    if man.endswith("ий"):
        woman = man[:-2] + "ия"
    elif man[-1:] in _CONSONANTS:
        woman = man + "а"
    else:
        return None
    return woman if "femn" in name_genders(woman, nominative=True) else None


@lru_cache(maxsize=1)
def table_stems() -> dict[str, tuple[str, ...]]:
    """`PET_STEMS` with the woman's name of each man's name in it that the table does not
    hold itself: a pet name is made from the name's letters, not its gender, so the woman's
    name takes the man's stems (Слава is Владислава's as it is Владислав's and Вячеслав's;
    a boy's ending stays his, `tabled_pets`). Two players of such names share the pet form,
    and it is asked about (C-3)."""
    out = dict(PET_STEMS)
    for man, stems in PET_STEMS.items():
        if feminine(man):
            continue
        woman = _womans_name(man)
        if woman is not None and woman not in out:
            out[woman] = stems
    return out


@lru_cache(maxsize=4096)
def tabled_pets(form: str) -> frozenset[tuple[str, str]]:
    """(full name, stem) of each pet name of `PET_STEMS` that `form` (a nominative, lower
    case, ё as е) is: a stem and a pet ending, or a stem of three letters or more alone
    («Ксю», «Стас»); a boy's ending only for a man's name."""
    out: set[tuple[str, str]] = set()
    for name, stems in table_stems().items():
        if form == name:
            continue
        for stem in stems:
            if not form.startswith(stem):
                continue
            tail = form[len(stem) :]
            if (tail in PET_TAILS or (not tail and len(stem) >= 3)) and not (
                tail in _MASCULINE_TAILS and feminine(name)
            ):
                out.add((name, stem))
    return frozenset(out)


def name_pets(name: str) -> frozenset[tuple[str, str]]:
    """(full name, stem) of the pet names a nick's given name (lower case, ё as е) may be
    called by: every stem of a full name the table holds; only its own stem for a nick that
    is a pet name itself (Tolik: Толя, Толян; not another pet name of Анатолий)."""
    own = frozenset((name, stem) for stem in table_stems().get(name, ()))
    return own | tabled_pets(name)
