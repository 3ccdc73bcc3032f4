"""Russian letters spelt in Latin ones: the one table the nick resolver (`parser.nicks`, its
transliteration tier) and the sound reading of Latin nicks (`parser.nameforms`) share; and
back, Russian typed in Latin letters read as its Cyrillic spellings (`cyrillic_spellings`),
for the readers' words and the name forms alike."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final, TypeVar

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
# «Selezniov», «Fiodor», «Piotr»: ё after a consonant typed as «io» (the Polish habit)
_IO_YO: Final = re.compile(r"(?<=[bvgdzklmnprstf])io(?=[bvgdzklmnprstfhcj])")


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
    # «io» for ё read last, after the spellings that keep it as «ио» («radio», «Antonio»)
    io_yo = _IO_YO.sub("yo", plain)
    for latin in dict.fromkeys((plain, word, hard_y, c_tse, both, unsigned, io_yo)):
        cyr = str(cyrtranslit.to_cyrillic(latin, "ru")).replace("ё", "е")
        if re.fullmatch("[а-я]+(?:-[а-я]+)*", cyr) and cyr not in out:
            out.append(cyr)
    # «ts» is ц in the passport and BGN schemes («Ogurtsa» → «огурца»), тс in cyrtranslit's
    # own («otsyuda»): both are read, cyrtranslit's first
    for cyr in list(out):
        if "тс" in cyr and cyr.replace("тс", "ц") not in out:
            out.append(cyr.replace("тс", "ц"))
    return tuple(out)


_CONSONANT: Final = frozenset("бвгджзклмнпрстфхцчшщ")


# spellings of Russian sounds in other languages' names: German «sch» and «tsch» (Jascha,
# Mischa), a й opening a syllable before «o» typed «y» or «j» (Yossi, Jossi), which the
# Russian schemes read as ё
_FOREIGN: Final = (("tsch", "ch"), ("sch", "sh"))
_IOTA_O: Final = re.compile("(?:^|(?<=[aeiou]))[jy](?=o)")
_INNER_X: Final = re.compile("(?<=[aeiouy])x(?=[aeiouy])")


def name_hearings(word: str) -> tuple[str, ...]:
    """C-3: the Cyrillic words a Latin-typed name (lower case) is heard as, in a fixed order:
    its `cyrillic_spellings`, then those of its foreign spellings brought to the Russian
    schemes («jascha» → «яша», «yossi» and «jossi» → «йосси»), and x between vowels as х
    («lexa» → «леха»)."""
    out = list(cyrillic_spellings(word))
    # Russian typed in Latin writes х as x between vowels («Lexa» is Лёха)
    inner_x = _INNER_X.sub("h", word)
    if inner_x != word:
        out.extend(c for c in cyrillic_spellings(inner_x) if c not in out)
    plain = word
    for old, new in _FOREIGN:
        plain = plain.replace(old, new)
    # each stretch between the й's read on its own, its first spelling taken
    pieces = [cyrillic_spellings(part)[:1] if part else ("",) for part in _IOTA_O.split(plain)]
    if all(pieces):
        cyr = "й".join(piece[0] for piece in pieces)
        if cyr not in out:
            out.append(cyr)
    return tuple(out)


# -- a Latin handle's parts and their sound ------------------------------------------------------

# a handle's parts: split at separators and digits, and where a lower-case letter meets a
# capital (camelCase: «TypeScripter» → Type, Scripter; «XMLParser» → XML, Parser)
_HANDLE_SPLIT: Final = re.compile(r"[\s_.\-+'’`]+|\d+|(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_LATIN_PART: Final = re.compile("[A-Za-z]{2,}")


def handle_parts(nick: str) -> tuple[str, ...]:
    """The parts of a Latin handle a player may call its owner by, as typed: «Kernel_Panic»
    → Kernel, Panic; «TypeScripter» → Type, Scripter; «Bash2000» → Bash. A one-part handle
    gives itself; parts in another script and one-letter parts are left out."""
    return tuple(p for p in _HANDLE_SPLIT.split(nick) if p and _LATIN_PART.fullmatch(p))


# English spellings of sounds, brought to the letters Russian writes them with; the keys are
# compared as consonant skeletons (`sound_skeleton`), so only consonants matter here
_ENGLISH_CONSONANTS: Final = (
    ("tch", "ch"), ("dge", "zh"), ("ck", "k"), ("ph", "f"), ("th", "t"), ("wh", "w"),
    ("qu", "kv"), ("q", "k"), ("x", "ks"), ("kh", "h"),
)  # fmt: skip
_SOFT_G: Final = re.compile(r"g(?=[eiy])")
_SOFT_C_SOUND: Final = re.compile(r"c(?=[eiy])")
_J_SOUND: Final = re.compile(r"j(?=[aeiou])|^j")
_VOWELS_OUT: Final = re.compile("[aeiouyjw']+")
_W_SOUND: Final = re.compile(r"(?:(?<=^)|(?<=[^aeiouy]))w(?=[aeiouy])")
_DOUBLED: Final = re.compile(r"(.)\1+")
#: Cyrillic letters as the consonants they sound (vowels, й and the signs vanish)
_CYR_SOUNDS: Final = str.maketrans(
    {
        "б": "b", "в": "v", "г": "g", "д": "d", "ж": "zh", "з": "z", "к": "k", "л": "l",
        "м": "m", "н": "n", "п": "p", "р": "r", "с": "s", "т": "t", "ф": "f", "х": "h",
        "ц": "ts", "ч": "ch", "ш": "sh", "щ": "sh", "а": "", "е": "", "ё": "", "и": "",
        "о": "", "у": "", "ы": "", "э": "", "ю": "", "я": "", "й": "", "ь": "", "ъ": "",
    }
)  # fmt: skip


def sound_skeleton(word: str) -> str:
    """The consonants a word is heard by, the same for a Latin handle's part and its Russian
    spelling: «Silent» and «Сайлент» → slnt, «Power» and «Пауэр» → pr (w, y and the vowels
    left out, a doubled letter said once, «ge», «j», ж, дж and дз heard alike, a «gh» after a
    vowel silent as in «Night»). A Latin part is heard as English spells it; `latin_skeletons`
    adds the Japanese romanisation's reading."""
    # a letter doubled is said once («Rollback», «Роллбэк»); consonants a vowel parts stay
    # two («Татьяна» is t-t-n, never Tanya's t-n)
    w = _DOUBLED.sub(r"\1", word.lower().replace("ё", "е"))
    if re.search("[а-я]", w):
        key = w.translate(_CYR_SOUNDS).replace("dzh", "zh").replace("dz", "zh")
    else:
        key = _SILENT_GH.sub("", w)
        for old, new in _ENGLISH_CONSONANTS:
            key = key.replace(old, new)
        key = _SOFT_G.sub("zh", key)
        key = _SOFT_C_SOUND.sub("s", key).replace("c", "k")
        key = _J_SOUND.sub("zh", key)
        key = _W_SOUND.sub("v", key)  # «Winter» is Винтер, «Power» Пауэр
        key = _VOWELS_OUT.sub("", key)
        key = key.replace("dzh", "zh").replace("dz", "zh")
    if not re.fullmatch("[a-z]*", key):
        return ""
    return key


_SILENT_GH: Final = re.compile("(?<=[aeiou])gh")
# the Japanese romanisation as Russian writes it (Поливанов): chi ти, shi си, ts ц, n before
# a labial м («Mochi» Моти, «Shinome» Синомэ, «Ranpo» Рампо)
_JAPANESE: Final = (("ch", "t"), ("sh", "s"))
_N_LABIAL: Final = re.compile("n(?=[pbm])")


def latin_skeletons(part: str) -> frozenset[str]:
    """The skeletons of a Latin handle's part as English and as romanised Japanese are said
    in Russian."""
    low = part.lower()
    japanese = _N_LABIAL.sub("m", low)
    for old, new in _JAPANESE:
        japanese = japanese.replace(old, new)
    return frozenset(k for k in (sound_skeleton(low), sound_skeleton(japanese)) if k)


#: honorifics joined to a name by a hyphen («Они-сана», «Сакуру-тян», «Рюдзи-кун»): the name
#: is the part before them
_HONORIFIC: Final = re.compile(
    r"^(?P<name>[а-яё]{2,})-(?:сан|сама|кун|тян|чан|сэмпай|семпай|сенсей|сэнсэй|доно)[а-я]{0,3}$"
)


def without_honorific(word: str) -> str:
    """A Cyrillic word without a hyphenated honorific («они-сана» → «они»)."""
    m = _HONORIFIC.match(word)
    return m.group("name") if m is not None else word


# case endings that carry a consonant (vowel endings vanish from a skeleton by themselves)
_CONSONANT_ENDINGS: Final = ("ами", "ями", "ого", "его", "ому", "ему", "ом", "ем", "ой", "ей",
                             "ам", "ям", "ах", "ях", "ым", "им", "ию")  # fmt: skip


#: case endings a part spelt letter for letter may take («Они-сана» is «они» + «сана»: the
#: honorific is cut before; «Кафку» is «кафк» + «у»)
_ENDINGS_SPELT: Final = ("а", "у", "ом", "е", "ой", "ы", "и", "ю", "ем", "я")


def heard_as_handle(word: str, nick: str, *, shortened: bool = True) -> bool:
    """Whether a Cyrillic `word` (lower case, a case ending allowed) is a Latin handle's part
    as Russian writes its sound, or an office shortening of one to its first syllables:
    «Сайлента» for SilentBlade, «Пауэра» for Max_Power, «Тайпа» for TypeScripter, «Стек» for
    Stacktrace. Compared by consonant skeletons (`sound_skeleton`): the whole part, or its
    first two consonants or more when the part has more; a word of under three letters, or a
    handle with no Latin part, is never heard so. `shortened=False` hears whole parts only
    (a dictionary word — «Лису» — may be a shortening of one handle and a translation of
    another's part: no proof of either)."""
    if len(word) < 3 or not re.fullmatch("[а-яё]+", word):
        return False
    keys = {sound_skeleton(word)}
    for ending in _CONSONANT_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            keys.add(sound_skeleton(word[: -len(ending)]))
    keys = {k for k in keys if len(k) >= 2}
    spelt = {
        spelt_in_latin(word),
        *(spelt_in_latin(word[: -len(e)]) for e in _ENDINGS_SPELT if word.endswith(e)),
    }
    for part in handle_parts(nick):
        if part.lower() in spelt:
            return True  # «Они-сана» for Oni.Kuro: the part spelt letter for letter
        if not _opens_alike(word, part):
            continue
        for whole in latin_skeletons(part):
            if len(whole) < 2:
                continue
            if whole in keys:
                return True
            if shortened and any(len(k) < len(whole) and whole.startswith(k) for k in keys):
                return True
    return False


# the Russian vowels an English vowel letter is written with at a word's first syllable
# («Barsik» is Барсик, never Бориска; «Silent» Сайлент; «Type» Тайп; «Rubber» Раббер)
_FIRST_VOWELS: Final = {
    "a": "аэеяй",
    "e": "еэи",
    "i": "иаыйя",
    "o": "оауё",
    "u": "уаюё",
    "y": "иаыйю",
}
_CYR_VOWEL: Final = re.compile("[аеёиоуыэюя]")
_LAT_VOWEL: Final = re.compile("[aeiouy]")


def _opens_alike(word: str, part: str) -> bool:
    """Whether a Cyrillic word and a Latin part open alike: both with a vowel or both with
    a consonant, and the first vowel one the English letter is written with."""
    low = part.lower()
    if bool(_CYR_VOWEL.match(word)) != bool(_LAT_VOWEL.match(low)):
        return False
    cyr, lat = _CYR_VOWEL.search(word), _LAT_VOWEL.search(low)
    if cyr is None or lat is None:
        return cyr is None and lat is None
    return cyr.group() in _FIRST_VOWELS[lat.group()]


def spelt_whole(word: str, nick: str) -> bool:
    """A hyphenated Cyrillic word that spells a handle's parts letter for letter, a case
    ending allowed («неко-сама», «неко-саму» for Neko_Sama): the letters' and the votes'
    reading alike."""
    parts = [p.lower() for p in handle_parts(nick)]
    if len(parts) < 2:
        return False
    spelt = spelt_in_latin(word.replace("-", ""))
    joined = "".join(parts)
    return spelt == joined or (spelt[:-1] == joined[:-1] and len(spelt) == len(joined))


def heard_run_together(word: str, nick: str) -> bool:
    """A Cyrillic word that writes a two-part Latin handle's sound run together, a case
    ending allowed on the last part («свитмам», «Свитмаму» for Sweet_Mom): the word splits
    into a head heard as the first part whole and a rest heard as the second part whole
    (`heard_as_handle` without shortening, each part of three letters or more)."""
    parts = handle_parts(nick)
    if len(parts) != 2 or not re.fullmatch("[а-яё]+", word):
        return False
    first, second = parts
    return any(
        heard_as_handle(word[:cut], first, shortened=False)
        and heard_as_handle(word[cut:], second, shortened=False)
        for cut in range(3, len(word) - 2)
    )


# -- Russian typed in Latin, read back by the letters of any scheme ------------------------------

#: C-2: the Latin letters, digits and signs players type each Russian letter with, in the
#: passport, BGN, ISO/GOST, Polish and chat (volapük) schemes and by ear; each with the cost
#: of that reading (0: a scheme's own letter; 1: a looser habit — «ia» for я, «u» for ю, «w»
#: for щ, «g» or «j» for ж, «c» for к, «q» or «9» for я, a German «sch» for ш, «e» for э,
#: which most schemes write «è», «eh» or «ė»). Letters, not words: a word is read by walking
#: its letters through every correspondence (`typed_readings`).
TYPED_LETTERS: Final[tuple[tuple[str, str, int], ...]] = (
    ("shch", "щ", 0), ("sch", "щ", 0), ("sch", "ш", 1), ("tch", "ч", 0), ("ch", "ч", 0),
    ("sh", "ш", 0), ("zh", "ж", 0), ("kh", "х", 0), ("ts", "ц", 0), ("tz", "ц", 1),
    ("ya", "я", 0), ("ja", "я", 0), ("ia", "я", 1), ("yu", "ю", 0), ("ju", "ю", 0),
    ("iu", "ю", 1), ("yo", "ё", 0), ("jo", "ё", 0), ("io", "ё", 1), ("ye", "е", 0),
    ("je", "е", 0), ("a", "а", 0), ("b", "б", 0), ("v", "в", 0), ("w", "в", 0), ("w", "ш", 0),
    ("w", "щ", 1),
    ("g", "г", 0), ("g", "ж", 1), ("d", "д", 0), ("e", "е", 0), ("e", "э", 1), ("è", "э", 0),
    ("e", "ё", 1),
    ("z", "з", 0), ("i", "и", 0), ("i", "й", 0), ("y", "ы", 0), ("y", "й", 0), ("y", "и", 1),
    ("j", "й", 0), ("j", "ж", 1), ("k", "к", 0), ("l", "л", 0), ("m", "м", 0), ("n", "н", 0),
    ("o", "о", 0), ("p", "п", 0), ("r", "р", 0), ("s", "с", 0), ("t", "т", 0), ("u", "у", 0),
    ("u", "ю", 1), ("f", "ф", 0), ("h", "х", 0), ("x", "х", 0), ("x", "кс", 0), ("c", "ц", 0),
    ("c", "к", 1), ("q", "я", 1), ("'", "ь", 0), ("'", "ъ", 1), ("`", "ь", 0), ("’", "ь", 0),
    ("4", "ч", 0), ("6", "б", 0), ("9", "я", 1), ("3", "з", 1),
    # the scholarly scheme's letters with a háček («Ščukin», «čto», «Žanna»)
    ("šč", "щ", 0), ("č", "ч", 0), ("š", "ш", 0), ("ž", "ж", 0),
)  # fmt: skip
#: the cost of a soft or hard sign the typist left out («Elzu» for Эльзу, «lapot» for
#: лапоть, «podyezd» for подъезд)
_UNTYPED_SIGN: Final = 1
#: the vowels a hard sign may stand before: Russian spelling writes «ъ» only between a
#: consonant (a prefix's or a compound's first part's last) and е, ё, ю or я
_AFTER_HARD_SIGN: Final = "еёюя"
_VOWELS: Final = "аеёиоуыэюя"
#: the costliest reading kept: two loose habits in one word at most
MAX_TYPED_COST: Final = 2
_BY_FIRST: Final[dict[str, tuple[tuple[str, str, int], ...]]] = {
    first: tuple(t for t in TYPED_LETTERS if t[0][0] == first)
    for first in dict.fromkeys(t[0][0] for t in TYPED_LETTERS)
}
_TYPED_WORD: Final = re.compile(r"[a-zčšžè0-9'`’а-яё-]*[a-zčšžè][a-zčšžè0-9'`’а-яё-]*")

State = TypeVar("State")


def _may_follow(out: str, cyr: str) -> bool:
    """Whether Russian spelling lets `cyr` follow the letters read so far: «ъ» only before
    е, ё, ю or я; й only after a vowel, or opening a word before one («Ivan» is no «Йван»,
    «iod» is «йод»)."""
    if out.endswith("ъ") and cyr[0] not in _AFTER_HARD_SIGN:
        return False
    if cyr == "й" and out and out[-1] not in _VOWELS:
        return False
    return not (out == "й" and cyr[0] not in _VOWELS)


def typed_readings(
    word: str,
    start: State,
    step: Callable[[State, str], State | None],
    ends: Callable[[State], bool],
) -> dict[str, int]:
    """C-2: every Cyrillic reading of a Latin-typed `word` (lower case; digits and Cyrillic
    letters typed among the Latin ones allowed) by `TYPED_LETTERS`, with its cost (the
    cheapest way to it, ё read as е), up to `MAX_TYPED_COST`. The readings are walked letter
    by letter through a checker — `start`, then `step` with each Russian letter (None where
    nothing it knows begins so), `ends` where a word it knows ends —, so only the readings it
    knows are built: the dictionary's words (`dictionary_readings`) or a cast's nicks."""
    if not _TYPED_WORD.fullmatch(word):
        return {}
    found: dict[str, int] = {}

    def walk(at: int, state: State, out: str, cost: int) -> None:
        if at == len(word) and ends(state):
            key = out.replace("ё", "е")
            found[key] = min(cost, found.get(key, cost))
        # a sign left out after a consonant: the soft one anywhere («ubivat» for убивать,
        # «Elzu» for Эльзу), the hard one before an iotated vowel («podyezd» for подъезд)
        if out and out[-1] in _CONSONANT and cost + _UNTYPED_SIGN <= MAX_TYPED_COST:
            for sign in "ьъ":
                signed = step(state, sign)
                if signed is not None:
                    walk(at, signed, out + sign, cost + _UNTYPED_SIGN)
        if at == len(word):
            return
        char = word[at]
        if "а" <= char <= "я" or char in "ё-":
            # a Cyrillic letter typed among the Latin ones, a hyphen inside a word
            # («kto-to», «po-moemu»: the dictionary's own hyphenated words)
            options: tuple[tuple[str, str, int], ...] = ((char, char, 0),)
        else:
            options = _BY_FIRST.get(char, ())
        for latin, cyr, more in options:
            if more + cost > MAX_TYPED_COST or not word.startswith(latin, at):
                continue
            if not _may_follow(out, cyr):
                continue
            # ё in the dictionary, е as typed: both walked for е
            for letters in (cyr, "ё") if cyr == "е" else (cyr,):
                nxt = step(state, letters)
                if nxt is not None:
                    walk(at + len(latin), nxt, out + letters, cost + more)

    walk(0, start, "", 0)
    return found


@lru_cache(maxsize=4096)
def dictionary_readings(word: str) -> tuple[tuple[str, int], ...]:
    """The readings of a Latin-typed word (`typed_readings`) that are words of the Russian
    dictionary, cheapest first (then in alphabetical order, for a fixed order)."""
    from parser.morph import dictionary_root, dictionary_step, dictionary_word_ends

    found = typed_readings(word, dictionary_root(), dictionary_step, dictionary_word_ends)
    return tuple(sorted(found.items(), key=lambda kv: (kv[1], kv[0])))


def unique_reading(readings: tuple[tuple[str, int], ...]) -> str | None:
    """The cheapest of `readings` when no other is as cheap, else None: a word two readings
    fit equally stays unread."""
    if not readings:
        return None
    best = readings[0][1]
    cheapest = [r for r, cost in readings if cost == best]
    return cheapest[0] if len(cheapest) == 1 else None


#: the dictionary's marks of a form that is no word of its own: a distortion, a typo
_MARKED: Final = frozenset(("Dist", "Erro"))


_LATIN_LETTER: Final = re.compile("[a-zčšžè]")
_LATIN_ONLY: Final = re.compile("[a-z']+")


@lru_cache(maxsize=4096)
def latin_readings(word: str) -> tuple[tuple[str, int], ...]:
    """C-2: the Russian words a Latin-typed word (lower case) may spell, cheapest first —
    the one reading of Russian typed in Latin letters, for the letters' words and the
    votes' alike. The table walk's dictionary readings (`dictionary_readings`); a hyphenated
    word the dictionary does not hold whole («ubivayu-ka») read part by part and joined,
    when each part reads (`unique_reading`), at the dearest part's cost. Where the table
    reads no word at all, the spellings of cyrtranslit's scheme (`cyrillic_spellings`) the
    dictionary knows stand as its candidates («sherlock» → «шерлок»), dearer than any of
    the table's (a scheme letter the table has not, such as «ck»)."""
    from parser.morph import parse

    found = dictionary_readings(word)
    # a word the dictionary holds only as a distortion of another or a typo («ето», «ети»
    # for «это», «эти») is a reading only where no other word is
    ordinary = tuple(
        (c, cost) for c, cost in found if any(not r.grammemes & _MARKED for r in parse(c))
    )
    if ordinary or found:
        return ordinary or found
    parts = word.split("-")
    # each part typed in Latin letters («kaznachey-а» is a Latin nick and a Cyrillic ending)
    if len(parts) > 1 and all(_LATIN_LETTER.search(p) for p in parts):
        read = [(unique_reading(latin_readings(p)), latin_readings(p)) for p in parts]
        if all(r is not None for r, _ in read):
            cost = max(options[0][1] for _, options in read)
            return (("-".join(r for r, _ in read if r is not None), cost),)
        return ()
    if not _LATIN_ONLY.fullmatch(word):
        return ()  # «Mamb'у», «Max'а»: a Latin nick and a Cyrillic ending, no Russian word
    known = [c for c in cyrillic_spellings(word) if any(p.known for p in parse(c))]
    return tuple((c, MAX_TYPED_COST + 1) for c in known[:1])


def latin_reading(word: str) -> str | None:
    """C-2: the Russian word a Latin-typed word spells — its unique cheapest reading
    (`latin_readings`, `unique_reading`) —, or None: «moi» (мои or мой) stays unread."""
    return unique_reading(latin_readings(word))


# -- a Latin word said aloud: the Latin (scientific) reading ---------------------------------

#: how Russian says the letters of a Latin name — a star's, a species', a genus' (the school
#: reading of Latin, with the German habits Russian took its star names through): each
#: spelling, longest first, with the Cyrillic letters it may be said with. A letter doubled is
#: said once (both words are compared with their doubles collapsed), the soft sign is left
#: out (both sides), and «c» before e/i/y/ae/oe is ц, else к (`_c_said`)
_LATIN_SAID: Final = (
    ("sch", "(?:сх|ш)"), ("ch", "(?:х|к|ч)"), ("ph", "ф"), ("th", "(?:т|с|ф)"), ("rh", "р"),
    ("sh", "ш"), ("zh", "ж"), ("kh", "х"), ("ck", "к"), ("qu", "кв"), ("ae", "(?:е|э)"),
    ("oe", "(?:е|э|о)"), ("eu", "(?:ей|эй|ев|эв|еу|ю)"), ("au", "(?:ау|ав|о)"),
    ("ei", "(?:ей|эй|е|еи)"), ("a", "а"), ("b", "б"), ("d", "д"), ("e", "(?:е|э)"),
    ("f", "ф"), ("h", "(?:х|г)"), ("i", "(?:и|й)"), ("ju", "ю"), ("j", "(?:й|и)"), ("k", "к"),
    ("l", "л"), ("m", "м"), ("n", "н"), ("o", "о"), ("p", "п"), ("q", "к"), ("r", "р"),
    ("s", "(?:с|з)"), ("t", "т"), ("u", "у"), ("v", "в"), ("w", "(?:в|у)"),
    ("x", "кс"), ("y", "(?:и|ы|й)"), ("z", "(?:з|ц)"),
)  # fmt: skip
#: the vowels before which Latin «c» and «g» are said soft (ц, г/ж/дж)
_SOFT_AFTER: Final = ("e", "i", "y")
#: the Russian case endings of a name said aloud: a masculine noun's after a final consonant
#: or «-us»/«-um» (Лактариус|а, Цигнус|ом), a feminine one's in place of a final «-a»
#: (Морхелл|у, Кассиопе|ю); a word ending in another vowel does not decline
_MASCULINE: Final = "(?:а|у|ом|е|ы|ов|ам|ами|ах)?"
_FEMININE: Final = "(?:а|у|ы|и|е|ой|ою|ам|ами|ах)"
_LATIN_WORD_RE: Final = re.compile("[a-z]{4,}")


def _c_said(rest: str) -> str:
    return "(?:ц|с)" if rest.startswith(_SOFT_AFTER) else "к"


def _g_said(rest: str) -> str:
    return "(?:г|ж|дж)" if rest.startswith(_SOFT_AFTER) else "г"


@lru_cache(maxsize=4096)
def _latin_pattern(latin: str) -> re.Pattern[str] | None:
    """The Cyrillic words a lower-case Latin word (four letters or more) is said as, read
    the Latin way, with its Russian case endings; None for any other word."""
    word = _DOUBLED.sub(r"\1", latin)
    if not _LATIN_WORD_RE.fullmatch(word):
        return None
    ending = ""
    if word.endswith("a"):
        word, ending = word[:-1], _FEMININE
    elif word[-1] not in "eiouy":
        ending = _MASCULINE
    out: list[str] = []
    i = 0
    while i < len(word):
        rest = word[i + 1 :]
        if word[i] == "c" and not word.startswith(("ch", "ck"), i):
            out.append(_c_said(rest))
            i += 1
            continue
        if word[i] == "g" and not word.startswith("gh", i):
            out.append(_g_said(rest))
            i += 1
            continue
        for spelling, said in _LATIN_SAID:
            if word.startswith(spelling, i):
                out.append(said)
                i += len(spelling)
                break
        else:
            return None
    return re.compile("".join(out) + ending)


#: a vowel before «я», «ю», «е», «ё» (their й heard: «Кассиопея» is кассиопейа)
_IOTATED: Final = re.compile("(?<=[аеиоуыэюя])([яюе])")
_IOTA: Final = {"я": "йа", "ю": "йу", "е": "йе"}


def said_in_latin(cyrillic: str, latin: str) -> bool:
    """C-3: whether a lower-case Cyrillic word says a Latin word (a star's, a species' name)
    the way Russian reads Latin, a Russian case ending allowed: «Цигнуса» for Cygnus,
    «Морхеллу» for Morchella, «Бетельгейзе» for Betelgeuse, «Кассиопею» for Cassiopeia,
    «Археоптерикса» for Archaeopteryx. The word must be one of the readings exactly (its
    doubled letters and soft signs aside): a word one letter off them («Цегнуса»,
    «Бетельгейза») is no reading."""
    pattern = _latin_pattern(latin.lower())
    if pattern is None:
        return False
    word = _DOUBLED.sub(r"\1", cyrillic.lower().replace("ё", "е").replace("ь", "").replace("ъ", ""))
    if pattern.fullmatch(word):
        return True
    glided = _IOTATED.sub(lambda m: _IOTA[m.group(1)], word)
    return glided != word and pattern.fullmatch(glided) is not None


#: the marks of a Latin word: its digraphs and its endings (Betelgeuse, Archaeopteryx,
#: Phoenix, Cygnus, Capella, Cassiopeia); an English word without them («Ranger», «Hunter»)
#: is said only the English way
_LATIN_MARK: Final = re.compile("ae|oe|eu|ph|y[^aeiou]|(?:us|um|a|is|ix|yx|ex)$")


def latin_word(latin: str) -> bool:
    """Whether a lower-case Latin word is read the Latin way: a word the English dictionary
    does not hold (Morchella, Agaric), or one it holds that bears a Latin mark
    (`_LATIN_MARK`: a star's or a species' name the dictionary lists among its names)."""
    from parser.english import english_word

    return not english_word(latin) or _LATIN_MARK.search(latin) is not None


def said_aloud(cyrillic: str, latin: str) -> bool:
    """C-3: whether a lower-case Cyrillic word says a Latin word aloud: the Latin way
    (`said_in_latin`, for a word `latin_word` allows) or, for an English word, one of the
    pronunciations the CMU dictionary holds (`parser.english.sounds_as`, strict: «Шэдоу»,
    «Найта», «Флай»; «Сандер» only hears Thunder, «Ранжер» and «Гюнтер» are no reading of
    Ranger and Hunter)."""
    from parser.english import sounds_as

    low = latin.lower()
    return (latin_word(low) and said_in_latin(cyrillic, low)) or sounds_as(
        cyrillic, low, strict=True
    )
