"""Nick resolution (RULES.md C-3): free text → exactly one player, or a reason why not.

Players type nicks loosely: other case, a Cyrillic «а» for a Latin «a» (or the reverse), an
``@`` or quotes around the name, a trailing comma, a non-breaking space inside a two-word
nick, a typo. In PM moves they also decline nicks by Russian case («Проверяю Шерлока»).
`NickResolver` tries these tiers in order and stops at the first that yields an answer:

============  ===========================================================================
method        the text equals a nick …
============  ===========================================================================
exact         … as typed
casefold      … after Unicode NFKC, the pre-reform spelling modernised (`parser.oldspelling`:
              ѣ→е, a final ъ dropped …), case folding, ё→е, whitespace (NBSP, tabs, runs of
              spaces, zero-width characters) collapsed to single spaces
lookalike     … after also folding Latin letters that look Cyrillic onto Cyrillic (a, b, c,
              e, h, k, m, o, p, t, x, y — lower and upper case); both sides are folded, so
              'Мaкс' (Latin a) ≡ 'Макс' and 'Kот' (Latin K) ≡ 'Кот' either way round
trimmed       … after also stripping non-letters at both ends (@, quotes «», brackets,
              punctuation such as the comma in «Шерлок,»)
inflected     (only when asked, for moves) … as a Russian case form: the nick plus an ending
              (Егор→Егора/Егору/Егором, Шерлок→Шерлока, Tanya-77→Tanya-77ой) or with its
              final а/я/ь/й replaced by one (Вася→Васю/Васе/Васей/Васи, Жора→Жору); word by
              word, so multi-word nicks may be declined in any word (Анну Каренину); a
              fleeting е/ё drops out (Лев→Льва, Павел→Павла, Орёл→Орла); a digit tail
              stays put behind the declined letters (Вася2005→Васю2005, Васе-2005)
lemma         (only when asked, for moves) … word by word, as a Russian word form whose
              pymorphy3 normal form is the nick word («Рому», «Кате», «Лёне», «Жанной»,
              «Ефима»); nicks that are no dictionary word are inflected by pymorphy3's
              prediction («Шмыгу» → Шмыга), and a nick's digit tail may be left out
              («Васю» → Вася2005)
partial       one word of exactly one nick (≥ 3 letters): «Граф» → «Граф Монте-Кристо»
              (inflected too, for moves: «Графа»)
translit      the text is in the other script than the nick (Cyrillic for a Latin nick or
              the reverse) and both spell the same in one Latin form (`translit_key`):
              «Анна» ≡ Anna, «Vasya» ≡ Вася, «Мистер Икс»/«Мистер Х» ≡ Mister X; for moves
              also a Russian case form of it («Мистера Икс», «Таню» → Tanya-77). A nick's
              trailing digits with their separator («-77», «_2») may be left out, since
              nobody says them aloud; when two players share those letters (Tanya-77 and
              Tanya-78) it is ambiguous like any other tier. The text must have at least
              ``TRANSLIT_MIN_LETTERS`` (4) letters as typed, so «Кот» never meets Kate this way
fuzzy         rapidfuzz similarity (0–100) of the folded forms ≥ ``fuzzy_threshold``
              (default 85), with the runner-up at least ``ambiguity_margin`` (default 10)
              below; texts shorter than 4 letters never match fuzzily
============  ===========================================================================

Each tier that finds two or more players gives up with ``ambiguous_nick`` — never a guess;
nothing found at all gives ``unknown_nick``. The result is a `NickMatch` carrying the method
and a confidence (1.0 for exact … down to the fuzzy score / 100).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise
from typing import Any, Final

from parser.identity import LOOKALIKES
from parser.latin import CYR_TO_LAT, handle_parts
from parser.nameforms import MIN_CLIPPED, NAME_TAGS, form_word_genders, name_genders
from parser.oldspelling import modern_spelling

UNKNOWN_NICK: Final = "unknown_nick"
AMBIGUOUS_NICK: Final = "ambiguous_nick"

# Latin letters that render like Cyrillic ones (one table, parser/identity.py). Only comparison
# keys are folded, never names.
_LOOKALIKES: Final = LOOKALIKES
_INVISIBLE_RE: Final = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")
_LOOKALIKE_CHARS: Final = {chr(k): str(v) for k, v in _LOOKALIKES.items()}
_LOOKALIKE_RE: Final = re.compile(f"[{''.join(_LOOKALIKE_CHARS)}]")
_EDGE_JUNK: Final = re.compile(r"^[\W_]+|[\W_]+$")
_DOT_SPACE: Final = re.compile(r"\.\s+(?=\w)")
_DIGIT_SPACE: Final = re.compile(r"(?<=[^\W\d_]) (?=\d+(?:$|[^\w ]))")
# digits between letters part a handle's words too: «Pro100Лещ» is «pro» and «лещ»
_WORD_SPLIT: Final = re.compile(r"[\s_.\-]+|(?<=[^\W\d_])\d+(?=[^\W\d_])")
# a hyphen between letters joins the parts of a compound nick, each declined on its own
# («Рыбу-Пилу» of Рыба-Пила); one before digits is a tail's («Васе-2005»), left to the word
_DIGITS: Final = re.compile(r"\d+")
_DECLINED_SPLIT: Final = re.compile(r"[ _]|(?<=[^\W\d_])-(?=[^\W\d_])")

# Russian case endings a declined nick may carry (nouns of all three declensions, the
# adjective-like endings players use on nicks, and plural forms for teams of names).
_ENDINGS: Final = frozenset(
    re.split(" ", "а я у ю е и ы о ой ей ом ем ою ею ью ам ям ах ях ами ями ого его ому ему ым им")
)
# Final letters of a nick that a case ending replaces (Вася→Васю, Игорь→Игоря, Андрей→Андрея).
_REPLACEABLE: Final = ("а", "я", "ь", "й")
# Separators players put between a Latin/digit nick and a Cyrillic ending (Tanya-77-ой).
_ENDING_SEPARATORS: Final = "-'’`"


def normalize_space(text: str) -> str:
    """NFKC, drop zero-width characters, collapse every kind of whitespace to one space."""
    text = unicodedata.normalize("NFKC", text)
    # str.translate walks a non-ASCII text char by char through a dict; a regex that
    # usually finds nothing is several times cheaper on whole posts
    if _INVISIBLE_RE.search(text):
        text = _INVISIBLE_RE.sub("", text)
    return " ".join(text.split())


def fold_lookalikes(text: str) -> str:
    """Latin letters that look Cyrillic mapped onto Cyrillic (text already case-folded)."""
    return _fold_lookalikes(text)


def _fold_lookalikes(text: str) -> str:
    return _LOOKALIKE_RE.sub(_swap_lookalike, text) if _LOOKALIKE_RE.search(text) else text


def _swap_lookalike(m: re.Match[str]) -> str:
    return _LOOKALIKE_CHARS[m.group()]


# The keys below are pure functions of short texts (nicks, coloured spans, authors) that
# recur on every page of a game, so each distinct text is folded once. Long texts (a whole
# post, for reason words) go through `fold_text`, which does not fill the caches.
_KEY_CACHE: Final = 8192


@lru_cache(maxsize=_KEY_CACHE)
def casefold_key(text: str) -> str:
    """The `casefold` tier's comparison key."""
    return modern_spelling(normalize_space(text)).casefold().replace("ё", "е")


@lru_cache(maxsize=_KEY_CACHE)
def lookalike_key(text: str) -> str:
    """The `lookalike` tier's key: case-folded, Latin look-alikes mapped onto Cyrillic."""
    return _fold_lookalikes(casefold_key(text))


@lru_cache(maxsize=_KEY_CACHE)
def trimmed_key(text: str) -> str:
    """The `trimmed` tier's key: the look-alike key without non-letters at either end."""
    # «Dr. Watson» is Dr.Watson: a space after a dot inside a nick is typed or not; so is a
    # space between a handle's letters and its digits («Sol 0» is Sol0, «Вася 2005» Вася2005)
    key = _DOT_SPACE.sub(".", _EDGE_JUNK.sub("", lookalike_key(text)))
    return _DIGIT_SPACE.sub("", key)


def fold_text(text: str) -> str:
    """`lookalike_key` of a long text, uncached."""
    return _fold_lookalikes(modern_spelling(normalize_space(text)).casefold().replace("ё", "е"))


# the Cyrillic letters a Latin look-alike folds onto, back to Latin; and a word made only of
# Latin letters and such look-alikes (a Latin nick or word as its key spells it)
_UNFOLD: Final = {ord(v): k for k, v in _LOOKALIKE_CHARS.items() if k.islower()}
_LATINISH: Final = re.compile(f"[a-z0-9{''.join(chr(c) for c in _UNFOLD)}-]+")


def word_inflects(word: str, nick_word: str) -> bool:
    """True when `word` is `nick_word` or one of its Russian case forms (both already keys);
    a Latin nick typed with a Russian ending in Latin letters too («Boba», «Sherlocka»)."""
    if word == nick_word:
        return True
    if _LATINISH.fullmatch(nick_word) and _LATINISH.fullmatch(word):
        # keys fold Latin look-alikes onto Cyrillic: unfold them to read a Latin ending
        latin, nick_latin = word.translate(_UNFOLD), nick_word.translate(_UNFOLD)
        if _word_inflects_latin(latin, nick_latin):
            return True
    if len(nick_word) >= 1 and word.startswith(nick_word):
        rest = word[len(nick_word) :].lstrip(_ENDING_SEPARATORS)
        if rest in _ENDINGS:
            return True
    for final in _REPLACEABLE:
        stem = nick_word[: -len(final)]
        if (
            nick_word.endswith(final)
            and len(stem) >= 2
            and word.startswith(stem)
            and word[len(stem) :] in _ENDINGS
        ):
            return True
    return False


# A fleeting vowel: Лев→Льва, Павел→Павла, Орёл→Орла (ё is е in keys). Only the oblique
# endings with a consonant or «а/у/е/ы» — never «о», so «кто» is not a form of «Кот».
_FLEETING_RE: Final = re.compile(r"^(.*[бвгджзклмнпрстфхцчшщ])е([бвгджзклмнпрстфхцчшщ])$")
_FLEETING_ENDINGS: Final = frozenset(("а", "у", "е", "ом", "ы", "ов", "ам", "ами", "ах"))


def _fleeting(word: str, nick_word: str) -> bool:
    m = _FLEETING_RE.match(nick_word)
    if m is None:
        return False
    head, last = m.groups()
    # «ь» only after a lone first consonant (Лев→Льва): Олег is no «Ольга»
    stems = (head + last, head + "ь" + last) if len(head) == 1 else (head + last,)
    return any(word.startswith(s) and word[len(s) :] in _FLEETING_ENDINGS for s in stems)


#: the longest number whose words are made for a nick of digits (past it the library's
#: ordinals go wrong: «сотый тысяч пятисотый»), and no nick says a longer one aloud
_SPOKEN_DIGITS: Final = 4
#: the ending a number written in digits takes in a case («105-го», «105-му», «105-м»)
_DIGIT_CASE_ENDING: Final = re.compile(r"-?(?:ого|ому|ым|ом|ой|ую|го|му|ий|ый|ой|м|й|я|ю)")


@lru_cache(maxsize=256)
def number_forms(digits: str) -> frozenset[str]:
    """C-3: a nick of digits («105») said aloud, in every case: the cardinal («сто пять»,
    «ста пяти», each word in one case) and the ordinal («сто пятый», «сто пятого», «сто
    пятую»: its last word declined, in a man's or a woman's gender), the number's words by
    `num2words`, their forms by the dictionary (pymorphy3). Empty past `_SPOKEN_DIGITS`."""
    if not digits.isdigit() or len(digits) > _SPOKEN_DIGITS:
        return frozenset()
    from num2words import num2words

    from parser.morph import forms

    out: set[str] = set()
    cardinal = str(num2words(int(digits), lang="ru")).replace("ё", "е").split()
    by_case: list[dict[str, str]] = []
    for word in cardinal:
        cases: dict[str, str] = {}
        for form, tags in forms(word, ("NUMR", "ADJF")):
            for case in tags & _CASE_NAMES:
                cases.setdefault(case, form)
        by_case.append(cases)
    for case in _CASE_NAMES:
        said = [cases.get(case) for cases in by_case]
        if all(said):
            out.add(" ".join(w for w in said if w))
    out.add(" ".join(cardinal))
    ordinal = str(num2words(int(digits), lang="ru", to="ordinal")).replace("ё", "е").split()
    for form, tags in forms(ordinal[-1], ("ADJF",)):
        if "sing" in tags and tags & {"masc", "femn"} and not tags & {"Supr", "Cmpr"}:
            out.add(" ".join((*ordinal[:-1], form)))
    return frozenset(out)


def _digit_case_form(text_key: str, nick_key: str) -> bool:
    """«сто пятого», «105-го» for the player 105 (`number_forms`)."""
    if text_key.startswith(nick_key):
        return bool(_DIGIT_CASE_ENDING.fullmatch(text_key[len(nick_key) :]))
    return text_key in number_forms(nick_key)


def _inflects(text_key: str, nick_key: str) -> bool:
    if nick_key.isdigit():
        return _digit_case_form(text_key, nick_key)
    # "_" joins words in nicks like Лиса_Алиса; players decline both halves (Лису_Алису)
    words, nick_words = _DECLINED_SPLIT.split(text_key), _DECLINED_SPLIT.split(nick_key)
    if len(words) != len(nick_words):
        return False
    if all(
        word_inflects(w, n) or _fleeting(w, n) or _inflects_before_digits(w, n)
        for w, n in zip(words, nick_words, strict=True)
    ):
        return parts_agree(words, nick_words, compound="-" in nick_key)
    return len(words) > 1 and _heard_parts(words, nick_words)


def _heard_parts(words: Sequence[str], nick_words: Sequence[str]) -> bool:
    """«Гуппи Лав» for Гуппи_Love: a nick joining Cyrillic and Latin words written all in
    Cyrillic, each Latin word as its letters or, an English word, as the dictionary says it
    (`parser.english.sounds_as`), a case ending allowed; the Cyrillic words as forms of the
    nick's. A word of Latin letters alone (its look-alikes folded back) is Latin; a nick
    with no word of real Cyrillic letters is left to the translit tier."""
    from parser.english import english_word, sounds_as

    latin = [bool(_LATINISH.fullmatch(n)) for n in nick_words]
    if all(latin) or not any(latin):
        return False
    for w, n, is_latin in zip(words, nick_words, latin, strict=True):
        if not is_latin:
            if not (word_inflects(w, n) or _fleeting(w, n)):
                return False
            continue
        spelt = n.translate(_UNFOLD)
        if not _CYRILLIC_WORD.fullmatch(w) or not spelt.isalpha():
            return False
        by_letters = _word_inflects_latin(translit_key(w), translit_key(spelt))
        if not (by_letters or (english_word(spelt) and sounds_as(w, spelt))):
            return False
    return True


_OBLIQUE: Final = {"gen2": "gent", "acc2": "accs", "loc2": "loct"}
_CASE_NAMES: Final = frozenset(("nomn", "gent", "datv", "accs", "ablt", "loct", "voct"))


@lru_cache(maxsize=_KEY_CACHE)
def _word_cases(word: str, nick_word: str) -> frozenset[str] | None:
    """The cases the dictionary reads a Cyrillic `word` in as a form of the nick's word (a
    second genitive as the genitive); None when it knows no nominative of the nick's word
    (no proof either way), empty when it knows the nick's word and `word` is none of its forms
    («Неоно» of Неон). A masculine or neuter noun's genitive is its accusative too: a
    player is a person, and a person's accusative is his genitive («Проверяю Неона-Тетру»)."""
    from parser.morph import parse

    if not (_CYRILLIC_WORD.fullmatch(word) and _CYRILLIC_WORD.fullmatch(nick_word)):
        return None
    # the nick's word as it stands: its nominative («сом», not the genitive plural of «сома»)
    own = {r.lemma for r in parse(nick_word) if r.known and "nomn" in r.grammemes}
    if not own:
        return None  # «Сотов»: no word the dictionary declines, so no case to share
    readings = [r for r in parse(word) if r.known and r.lemma in own]
    cases: set[str] = set()
    for r in readings:
        found = {_OBLIQUE.get(g, g) for g in r.grammemes} & _CASE_NAMES
        if "gent" in found and r.pos == "NOUN" and r.grammemes & {"masc", "neut"}:
            found.add("accs")
        cases |= found
    return frozenset(cases)


def _agreement(readings: Iterable[Any]) -> set[tuple[str, str, str]]:
    """(case, number, gender or "") of each known reading of a word; the accusative as
    "accs" of a person (a masculine noun's genitive, an adjective's animate form: «Старого»)
    or "accs-inan" (an adjective's inanimate form: «второй» agrees with no «Ефима»)."""
    out: set[tuple[str, str, str]] = set()
    for r in readings:
        if not r.known:
            continue
        number = "plur" if "plur" in r.grammemes else "sing"
        gender = "" if number == "plur" else next(iter(r.grammemes & _AGREE_GENDERS), "")
        for case in {_OBLIQUE.get(g, g) for g in r.grammemes} & _CASE_NAMES:
            if case == "accs" and r.pos == "ADJF" and "inan" in r.grammemes:
                case = "accs-inan"
            out.add((case, number, gender))
            if case == "gent" and r.pos == "NOUN" and gender in ("masc", "neut"):
                out.add(("accs", number, gender))
    return out


_AGREE_GENDERS: Final = frozenset(("masc", "femn", "neut"))
#: adjectives that tell which or whose, never a name's word: «нашего», «второго»
_NOT_NAMING: Final = frozenset(("Apro", "Anum"))


@lru_cache(maxsize=_KEY_CACHE)
def attribute_of(word: str, head: str) -> bool:
    """C-3: `word` (lower case) is an adjective that agrees with `head` — one case, number
    and, in the singular, gender (a noun of common gender takes either) — so the two make
    one name: «Ночного Короля», «Сома Старого». A pronoun or an ordinal adjective
    («нашего», «второго») is no part of a name, nor is a word the dictionary does not know."""
    from parser.morph import parse

    if not (_CYRILLIC_WORD.fullmatch(word) and _CYRILLIC_WORD.fullmatch(head)):
        return False
    adjective = [r for r in parse(word) if r.pos == "ADJF" and not r.grammemes & _NOT_NAMING]
    said = _agreement(adjective)
    if not said:
        return False
    heads = [r for r in parse(head) if r.pos in ("NOUN", "ADJF")]
    either = any("ms-f" in r.grammemes for r in heads)
    for case, number, gender in _agreement(heads):
        if (case, number, gender) in said:
            return True
        if (either or not gender) and any((c, n) == (case, number) for c, n, _g in said):
            return True
    return False


def names_another_part(word: str, part: str, nick: str) -> bool:
    """`word` (lower case) is a form of a word of `nick` other than the one `part` (a word
    the sender wrote beside it) is a form of: «Сому» beside «Старого» for Старый Сом."""
    words = [w for w in _WORD_SPLIT.split(trimmed_key(nick)) if w]
    if len(words) < 2 or not _CYRILLIC_WORD.fullmatch(word):
        return False
    others = [n for n in words if not _declines(part, n)]
    return len(others) < len(words) and any(_declines(word, n) for n in others)


def longer_name(word: str, beside: str, nick: str, *, after: bool) -> bool:
    """C-3: `word` (lower case), one word of the multi-word `nick` read alone, and the word
    written beside it make a longer name the nick is not: `beside` is an adjective agreeing
    with it («Ночного Короля») or another word of the nick out of its order or case («Сома
    Старого», «Старого Сому»). Letters and votes ask it alike."""
    if len(trimmed_key(nick).split(" ")) < 2 or len(beside) < 3:
        return False
    # `beside` written after `word` or before it: the nick itself, each word a form of its
    # word in its place, in one case, is no other name («Морского Ежа», whose two-letter
    # word escapes the whole-form tiers)
    if forms_nick([word, beside] if after else [beside, word], nick):
        return False
    return attribute_of(beside, word) or names_another_part(beside, word, nick)


def forms_nick(said: Sequence[str], nick: str) -> bool:
    """The words `said` (lower case, in the written order) are the multi-word `nick`, each
    a form of its word in its place, all in one case («Морского Ежа» for Морской Ёж)."""
    nick_words = trimmed_key(nick).split(" ")
    return (
        len(said) == len(nick_words)
        and all(_declines(w, n) for w, n in zip(said, nick_words, strict=True))
        and parts_agree(said, nick_words)
    )


def parts_agree(words: Sequence[str], nick_words: Sequence[str], *, compound: bool = False) -> bool:
    """C-3: the words of a nick of several parts written in one case form of it: every part
    the sender declined («Старого Сома», «Рыбу-Пилу»; a part left as the nick has it —
    «Неон-Тетру», «Короля Ночи» — says nothing) can be read in one case the others share.
    «Старого Сому», «Рыбу-Пилой» are no form of the nick: each part is one, in two cases.
    A `compound` nick's (hyphenated) declined parts must each be a dictionary form of its
    part: «Неоно-Тетру» is none."""
    common: frozenset[str] | None = None
    for w, n in zip(words, nick_words, strict=True):
        if w == n:
            continue
        cases = _word_cases(w, n)
        if cases is None or (not cases and not compound):
            # a form the ending tables read that the dictionary puts under another word
            # is no proof against a nick of words (they have always been read so); a
            # compound nick's parts, read apart only by this rule, must each be a form of
            # its part («Неоно-Тетру» is none)
            continue
        common = cases if common is None else common & cases
        if not common:
            return False
    return True


def _inflects_before_digits(word: str, nick_word: str) -> bool:
    """«Васю2005», «Васе-2005» for Вася2005: the letters declined, the digit tail kept."""
    if not nick_word[-1:].isdigit() or word[-1:] != nick_word[-1:]:
        return False  # the cheap look first: this runs for every player a word is tried on
    bare, digits = _split_digit_tail(nick_word)
    if not digits or not word.endswith(digits):
        return False
    word_bare, word_digits = _split_digit_tail(word)
    return (
        word_digits == digits
        and word_bare != word
        and (word_inflects(word_bare, bare) or _fleeting(word_bare, bare))
    )


def _lemma_word(word: str, nick_word: str) -> bool:
    if word == nick_word:
        return True
    if len(word) < 3 or not word.isalpha():
        return False
    bare, _digits = _split_digit_tail(nick_word)
    if not bare.isalpha() or len(bare) < 3 or not _CYRILLIC_RE.search(bare):
        return False
    if word[:3] == bare[:3] and plural_form_of(word, bare):
        return True  # «Рыб», «Рыбам» of Рыбы; «Опят» of Опята
    if not set(_CYRILLIC_RE.sub("", word)) <= set(bare):
        # a letter not Cyrillic («kobbra» keyed «коbbра») stays in any lemma the dictionary
        # gives the word: one the nick lacks proves no lemma of it, and no parse is asked
        return False
    # only when the cheaper tiers found nothing
    from parser.morph import adjective_readings, lemmas

    # an adjective nick (Рыжий, Тихая) declines by its own gender: «Рыжую» is Рыжая's form,
    # and read as Рыжий's it would put a move on the wrong player
    as_adjective = adjective_readings(bare, nominative=True)
    if as_adjective:
        return bool(as_adjective & adjective_readings(word))
    return bare in lemmas(word)


@lru_cache(maxsize=_KEY_CACHE)
def plural_form_of(word: str, nick: str) -> bool:
    """C-3: whether `word` is a plural form of the one-word `nick` that the dictionary reads
    as a plural noun in the nominative, of another headword (Рыбы of рыба, Опята of опёнок):
    «Рыб», «Рыбам», «Опят» are that plural's other cases, which no singular nick of the same
    noun takes (`plural_of_singular` keeps them from Рыба). A word with a singular reading of
    that noun too («рыбы»: Рыба's genitive) is still a form of the plural nick; which one it
    names is the sentence's to settle (`parser.twins.settled_twin`)."""
    from parser.morph import parse

    heads = {
        r.lemma
        for r in parse(nick)
        if r.known and r.pos == "NOUN" and {"plur", "nomn"} <= r.grammemes and r.lemma != nick
    }
    if not heads or any(
        r.known and {"sing", "nomn"} <= r.grammemes and r.lemma in heads for r in parse(nick)
    ):
        return False  # no plural noun, or one that is a singular nominative as well
    return any(r.known and r.lemma in heads and "plur" in r.grammemes for r in parse(word))


@lru_cache(maxsize=_KEY_CACHE)
def _lemma_matches(text_key: str, nick_key: str) -> bool:
    words, nick_words = _DECLINED_SPLIT.split(text_key), _DECLINED_SPLIT.split(nick_key)
    if len(words) != len(nick_words) or text_key == nick_key:
        return False
    return all(_lemma_word(w, n) for w, n in zip(words, nick_words, strict=True)) and (
        parts_agree(words, nick_words, compound="-" in nick_key)
    )


@lru_cache(maxsize=_KEY_CACHE)
def _pet_sibling(word: str, nick_word: str) -> bool:
    """Whether `word` is a case form of another pet form of the word a nick's word is a pet
    form of: «бабули» (бабуля) for Бабушка Галя — both бабуля and бабушка are баба's. Both
    must end in a diminutive suffix on one stem of three letters or more; a name is left to
    the name tables (`diminutive_match`)."""
    from parser.morph import lemmas, parse

    if len(word) < 4 or not nick_word.endswith(_DIMINUTIVE) or not _CYRILLIC_WORD.fullmatch(word):
        return False
    if any("Name" in r.grammemes for r in parse(nick_word)):
        return False
    stems = {nick_word[: -len(s)] for s in _DIMINUTIVE if nick_word.endswith(s)}
    return any(
        lemma != nick_word and lemma.endswith(s) and len(lemma) - len(s) >= 3
        and lemma[: -len(s)] in stems
        for lemma in lemmas(word)
        for s in _DIMINUTIVE
    )  # fmt: skip


def _declines(word: str, nick_word: str) -> bool:
    """`word` is a case form of one word of a longer nick: by ending, by a fleeting vowel
    («Пса» of Бешеный Пёс) or by lemma («Бешеного», «Серую», «Учёного»: adjectives in
    their own gender)."""
    gendered = _adjective_agreement(word, nick_word)
    if gendered is not None:
        return gendered
    return (
        word_inflects(word, nick_word) or _fleeting(word, nick_word) or _lemma_word(word, nick_word)
    )


def _adjective_agreement(word: str, nick_word: str) -> bool | None:
    """C-3: an adjective word of a nick (Бьорн Медвежий, Сигрид Медвежья) declines by its
    own gender, so a form the dictionary reads as an adjective names it only in that gender:
    «Медвежьего», «Медвежьему» are Медвежий's, «Медвежьей» Медвежья's — the ending tables
    alone allow both. None when either is no singular adjective the dictionary knows (the
    tables decide)."""
    if word == nick_word or len(word) < 3 or not word.isalpha():
        return None
    from parser.morph import adjective_readings

    own = adjective_readings(nick_word, nominative=True)
    said = adjective_readings(word) if own else frozenset()
    if own and not said and _plural_adjective(word) & {lemma for lemma, _g in own}:
        return True  # «Медвежьих»: the plural names every bearer (`_decide`)
    if not said:
        return None
    return bool(own & said)


def _plural_only(text: str) -> bool:
    """One Cyrillic word read only as a plural adjective («Медвежьих», «Волчьи»)."""
    key = trimmed_key(text)
    if " " in key or not _CYRILLIC_WORD.fullmatch(key):
        return False
    from parser.morph import adjective_readings

    return bool(_plural_adjective(key)) and not adjective_readings(key)


def _plural_adjective(word: str) -> frozenset[str]:
    """The lemmas of the plural adjective readings of a word no singular one has."""
    from parser.morph import parse

    return frozenset(r.lemma for r in parse(word) if r.pos == "ADJF" and "plur" in r.grammemes)


# -- transliteration (the `translit` tier) -------------------------------------------------
# The plain Russian → Latin table is `parser.latin.CYR_TO_LAT`. After it both sides are loosened
# by `_LATIN_LOOSE` so common English-style spellings of the same sounds meet (kh/h, w/v, j/y).
_LATIN_LOOSE: Final = (
    ("kh", "h"),
    ("ck", "k"),
    ("ph", "f"),
    ("w", "v"),
    ("ja", "ya"),
    ("ju", "yu"),
    ("jo", "yo"),
    ("x", "ks"),  # Alex ≡ Алекс
    ("th", "t"),  # Smith ≡ Смит, Arthur ≡ Артур: Russian spells the English th as т
)
_CYRILLIC_RE: Final = re.compile("[а-яё]")
_LATIN_RE: Final = re.compile("[a-z]")
# A nick's spoken-aloud-never tail: «Tanya-77», «Vasya_2», «Anna 1990».
_DIGIT_TAIL_RE: Final = re.compile(r"[\s_\-.]*\d+$")
# The Russian name of the letter X («Мистер Икс»), declined or not, and a lone Cyrillic «х».
_LETTER_X_RE: Final = re.compile(r"^(?:икс([а-я]*)|х)$")
TRANSLIT_MIN_LETTERS: Final = 4


def _cyr_word_to_latin(word: str) -> str:
    m = _LETTER_X_RE.match(word)
    if m is not None and (m.group(1) is None or m.group(1) in _ENDINGS or not m.group(1)):
        return "x" + (m.group(1) or "").translate(CYR_TO_LAT)
    return word.translate(CYR_TO_LAT)


def _script_counts(key: str) -> tuple[int, int]:
    return len(_CYRILLIC_RE.findall(key)), len(_LATIN_RE.findall(key))


def script_of(key: str) -> str:
    """The script most letters of a casefolded key are in: "cyr", "lat", "" for none."""
    cyr, lat = _script_counts(key)
    if cyr == lat == 0:
        return ""
    return "cyr" if cyr > lat else "lat"


@lru_cache(maxsize=_KEY_CACHE)
def translit_key(text: str) -> str:
    """One loose Latin spelling of `text` (casefolded, edges trimmed, words space-joined)."""
    # «Kroshka_Enot» is two words to a reader: «Крошку Енота»
    key = _EDGE_JUNK.sub("", casefold_key(text)).replace("_", " ")
    # a mixed-script word is read in its main script: look-alikes go over to it first
    if script_of(key) == "cyr":
        key = _fold_lookalikes(key)
    elif _CYRILLIC_RE.search(key):
        # «Liberо» with a Cyrillic «о»: a Latin word's look-alikes go back to Latin
        key = " ".join(w.translate(_UNFOLD) if _LATINISH.fullmatch(w) else w for w in key.split())
    words = [_word_to_latin(w) for w in key.split(" ")]
    out = " ".join(words)
    for old, new in _LATIN_LOOSE:
        if old in out:
            out = out.replace(old, new)
    if "j" in out:  # й as j before a consonant or at the end (Chajnik, Sergej): чайник
        out = _J_AS_Y.sub("y", out)
    return out


_J_AS_Y: Final = re.compile("j(?![aeiouy])")
# a handle joining a Latin and a Cyrillic word with digits or a dot: «pro100лещ», «mr.шуруп»
_SCRIPT_RUN: Final = re.compile("[a-z]+|[а-яё]+")
_JOINED_SCRIPTS: Final = re.compile("[a-z][^a-zа-яё]+[а-яё]|[а-яё][^a-zа-яё]+[a-z]")


def _word_to_latin(word: str) -> str:
    """One word of `translit_key`: a Latin word as it sounds, a Cyrillic one letter by
    letter, and a handle joining words of both scripts («Pro100Лещ», «Mr.Шуруп») each of
    its words in its own script's way, so «Про100Леща» is its case form (C-3)."""
    if _JOINED_SCRIPTS.search(word):
        return _SCRIPT_RUN.sub(
            lambda m: _english_sounds(m[0]) if _LATIN_RE.match(m[0]) else _cyr_word_to_latin(m[0]),
            word,
        )
    return _english_sounds(word) if _LATIN_RE.search(word) else _cyr_word_to_latin(word)


_SOFT_C: Final = re.compile(r"c(?=[eiy])")
_SILENT_E: Final = re.compile(r"(?<=[^aeiouy\W])e$")


def _english_sounds(word: str) -> str:
    """A Latin word spelt the way Russian writes its English sound: Alice → alis («Алиса»),
    Charlie → charli («Чарли»), Voodoo → vudu («Вуду»), Lucy → lusy («Люси»): a soft «c»,
    «ie» and a silent final «e» as Russian players spell them."""
    if len(word) < 4:
        return word
    out = word.replace("ee", "i").replace("oo", "u")
    out = _SOFT_C.sub("s", out)
    out = out[:-2] + "i" if out.endswith("ie") else _SILENT_E.sub("", out)
    return out


# Case endings and replaceable finals carried over into the Latin form.
_LAT_ENDINGS: Final = frozenset(e.translate(CYR_TO_LAT) for e in _ENDINGS)
_LAT_REPLACEABLE: Final = ("a", "ya", "y")


def _word_inflects_latin(word: str, nick_word: str) -> bool:
    if word == nick_word:
        return True
    if word.startswith(nick_word) and word[len(nick_word) :] in _LAT_ENDINGS:
        return True
    for final in _LAT_REPLACEABLE:
        stem = nick_word[: -len(final)]
        if (
            nick_word.endswith(final)
            and len(stem) >= 2
            and word.startswith(stem)
            and word[len(stem) :] in _LAT_ENDINGS
        ):
            return True
    return False


def proven_sound(word: str, latin_word: str) -> bool:
    """C-3: whether a lower-case Cyrillic word (a case ending allowed) is a reading of a
    Latin nick's word: its letters transliterated (`translit_key`, as the translit tier reads
    them: «Хунтера» for Hunter) or, where the word is English, one of its pronunciations the
    dictionary holds (`parser.english.sounds_as`: «Найта» for Knight, «Каубоя» for Cowboy).
    A word that only sounds near an English word («Кнехта», «Литера», «Хантира») is no
    proof of the nick."""
    from parser.english import english_word, sounds_as

    if not english_word(latin_word) or sounds_as(word, latin_word):
        # a word the dictionary does not hold has no pronunciation to prove against: its
        # sound as the other readings hear it (`parser.nameforms`, `parser.latin`) stands
        return True
    return _word_inflects_latin(translit_key(word), translit_key(latin_word))


def heard_proven(word: str, nick: str) -> bool:
    """C-3: whether a Cyrillic word heard as a Latin handle (`parser.latin.heard_as_handle`)
    is proven: heard only as a shortening of a part (its first syllables: «Стек» for
    Stacktrace), or, heard as a whole part, a reading of that part (`proven_sound`: its
    letters or its English pronunciation). «Хантира» for Hunter_X, «Ранжера» for Ranger
    share the consonants alone: no proof. Letters and votes ask it alike."""
    from parser.latin import heard_as_handle

    if not heard_as_handle(word, nick, shortened=False):
        return True
    return any(proven_sound(word, part.casefold()) for part in handle_parts(nick))


_SAID_SPLIT: Final = re.compile(r"[\s_\-.]+")
_LATIN_ONLY: Final = re.compile("[a-z]+")


#: the letters a one-word nick needs to be proven by its English sound alone: «Кейт» for
#: Kate is too short a word to tell a name heard from a name guessed
_ENGLISH_ALONE_MIN: Final = 5


def _said_as(word: str, latin: str, *, alone: bool = False) -> bool:
    """C-3: whether the Cyrillic `word` says the Latin nick word aloud, a case ending
    allowed: the Latin way or by its English sound, as `parser.latin.said_aloud` reads it;
    a nick of one word (`alone`) by its English sound only when it has
    `_ENGLISH_ALONE_MIN` letters or more and the word written is no ordinary word of the
    dictionary."""
    from parser.english import sounds_as
    from parser.latin import latin_word, said_in_latin

    if latin_word(latin) and said_in_latin(word, latin):
        return True
    if alone and (len(latin) < _ENGLISH_ALONE_MIN or dictionary_word(word)):
        # a one-word nick's English sound is no proof where the word written is short or
        # an ordinary Russian word of its own («Сани» beside Sunny): `fit_kind`'s "word"
        return False
    # the Latin reading was asked above: what `said_aloud` adds is the English sound alone
    return sounds_as(word, latin, strict=True)


def _said_in_part(word: str, latin: str) -> bool:
    """C-3: whether the Cyrillic `word` says one word of a Latin nick of several the Latin
    way («Морхеллу» of Morchella_esculenta); a part's English sound («Хауса» of Dr.House) is
    left to the handle readers, which weigh it against the nick's other parts."""
    from parser.latin import latin_word, said_in_latin

    return len(latin) >= TRANSLIT_MIN_LETTERS and latin_word(latin) and said_in_latin(word, latin)


def _split_digit_tail(key: str) -> tuple[str, str]:
    """«tanya-77» → («tanya», «77»); a nick of digits only keeps them as its letters part."""
    m = _DIGIT_TAIL_RE.search(key)
    if m is None or m.start() == 0:
        return key, ""
    return key[: m.start()], "".join(c for c in m.group() if c.isdigit())


def _bare_name(nick: str) -> str:
    """A nick's casefolded letters, its edge junk, digit tail and joiners at either end off
    («Zhenya_99» → zhenya): the name a pet form or a gender is read from."""
    return _split_digit_tail(_EDGE_JUNK.sub("", casefold_key(nick)))[0].strip("_-. ")


def _translit_matches(text_key: str, nick_key: str, *, inflected: bool) -> bool:
    if text_key == nick_key:
        return True
    if not inflected:
        return False
    words, nick_words = _DECLINED_SPLIT.split(text_key), _DECLINED_SPLIT.split(nick_key)
    return len(words) == len(nick_words) and all(
        _word_inflects_latin(w, n) for w, n in zip(words, nick_words, strict=True)
    )


@dataclass(frozen=True, slots=True)
class NickMatch:
    """The outcome of resolving one piece of text.

    nick: the player's nick exactly as given to the resolver, or None.
    method: the tier that decided ("exact", "casefold", "lookalike", "trimmed", "inflected",
    "partial", "translit", "fuzzy"), or "" when nothing matched.
    confidence: 0.0–1.0. reason: None, "unknown_nick" or "ambiguous_nick".
    candidates: the players an ambiguous text could mean.
    """

    query: str
    nick: str | None
    method: str = ""
    confidence: float = 0.0
    reason: str | None = None
    candidates: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.nick is not None

    @property
    def candidates_or_nick(self) -> bool:
        """Whether the text names a player, one or several (read or ambiguous)."""
        return self.nick is not None or bool(self.candidates)


_CONFIDENCE: Final = {
    "exact": 1.0,
    "casefold": 0.99,
    "lookalike": 0.97,
    "trimmed": 0.95,
    "inflected": 0.9,
    "lemma": 0.9,
    "case_forms": 0.9,
    "translit": 0.8,
    "partial": 0.75,
}
_CONFIDENCE["partial_translit"] = 0.8
STRICT_TIERS: Final = ("exact", "casefold", "lookalike", "trimmed")
#: the tiers that read a word as a form of a nick rather than the nick as it stands: their
#: readings must agree with the gender of the player's name (`agrees`)
_GENDERED_TIERS: Final = frozenset(
    (
        "inflected",
        "lemma",
        "case_forms",
        "partial",
        "partial_inflected",
        "partial_lemma",
        "translit",
        "translit_inflected",
        "partial_translit",
    )
)
#: the tiers that read a word as a case form of a nick (of the whole of a one-word nick, in
#: the partial tiers too): a plural is none of a singular nick's (`plural_of_singular`)
_CASE_FORM_TIERS: Final = frozenset(
    ("inflected", "lemma", "case_forms", "partial_inflected", "partial_lemma")
)
_MEMO_SIZE: Final = 4096


class NickResolver:
    """Resolves free text to exactly one of `players` (see the module docstring)."""

    def __init__(
        self,
        players: Iterable[str],
        *,
        fuzzy_threshold: float = 85.0,
        ambiguity_margin: float = 10.0,
        partial: bool = True,
    ) -> None:
        # dict keeps the caller's order and drops duplicates
        self.players: tuple[str, ...] = tuple(dict.fromkeys(p for p in players if p.strip()))
        self.fuzzy_threshold = fuzzy_threshold
        self.ambiguity_margin = ambiguity_margin
        self.partial = partial
        self._casefold = [casefold_key(p) for p in self.players]
        self._lookalike = [lookalike_key(p) for p in self.players]
        self._trimmed = [trimmed_key(p) for p in self.players]
        self.trimmed_keys: tuple[str, ...] = tuple(self._trimmed)
        # a nick's own words (a second person it names — «…_и_Мирон», «Мама_Тимоши» — aside)
        self._words = [tuple(w for w in own_words(k) if len(w) >= 3) for k in self._trimmed]
        self.max_words = max((len(k.split(" ")) for k in self._trimmed), default=1)
        # a nick of digits said in words («сто двадцать пятого» for 125)
        for k in self._trimmed:
            if k.isdigit():
                spoken = (len(f.split(" ")) for f in number_forms(k))
                self.max_words = max(self.max_words, *spoken)
        # each distinct text is resolved once per player list (spans repeat across a day)
        self._memo: dict[tuple[str, bool, bool], NickMatch] = {}
        # `name_sharers`' answers, by (text, nick): like the spans, they repeat across a day
        self.sharers_memo: dict[tuple[str, str], tuple[str, ...]] = {}
        # built on first use: most texts resolve in the cheaper tiers
        self._translit: dict[tuple[str, str], list[tuple[str, str, str]]] | None = None
        self._typed_keys: tuple[str, ...] | None = None

    def __contains__(self, nick: object) -> bool:
        return nick in self.players

    # -- tiers ------------------------------------------------------------------------------

    def tier(self, text: str, method: str) -> list[str]:
        """Players that `text` matches under one tier (not fuzzy); may be empty or several.
        A tier that reads a form of a nick keeps only the players whose name's gender the
        form can carry (`agrees`): «Гордеевой» is no form of Гордеев."""
        if method in _PARTIAL_TIERS and not any(c.isalpha() for c in text):
            return []  # a number alone («ст. 105») is no part of Кодекс_105: letters prove him
        found = self._tier(text, method)
        if found and method in _CASE_FORM_TIERS:
            key = trimmed_key(text)
            found = [p for p in found if not plural_of_singular(key, trimmed_key(p))]
        if found and method in _GENDERED_TIERS:
            return [p for p in found if agrees(text, p)]
        return found

    def _tier(self, text: str, method: str) -> list[str]:
        if method == "exact":
            return [p for p in self.players if p == text]
        if method == "casefold":
            key = casefold_key(text)
            return [p for p, k in zip(self.players, self._casefold, strict=True) if k == key]
        if method == "lookalike":
            key = lookalike_key(text)
            return [p for p, k in zip(self.players, self._lookalike, strict=True) if k == key]
        key = trimmed_key(text)
        if not key:
            return []
        if method == "trimmed":
            return [p for p, k in zip(self.players, self._trimmed, strict=True) if k == key]
        if method == "inflected":
            return [
                p for p, k in zip(self.players, self._trimmed, strict=True) if _inflects(key, k)
            ]
        if method == "case_forms":
            # both case-form tiers at once: «Васю» is Вася and Вася2005 alike
            both = self._tier(text, "inflected") + self._tier(text, "lemma")
            return list(dict.fromkeys(both))
        if method == "lemma":
            return [
                p
                for p, k in zip(self.players, self._trimmed, strict=True)
                if _lemma_matches(key, k)
            ]
        if method in ("partial", "partial_inflected"):
            if " " in key or len(key) < 3:
                return []
            inflect = method == "partial_inflected"
            return [
                p
                for p, words in zip(self.players, self._words, strict=True)
                if any((_declines(key, w) if inflect else key == w) for w in words)
            ]
        if method == "partial_translit":
            return self._partial_translit(text)
        if method == "partial_lemma":
            # one word of a multi-word nick as a dictionary form of it: «Белого» → Саша
            # Белый (adjectives decline past what the ending tables know)
            if " " in key or len(key) < 3:
                return []
            return [
                p
                for p, words in zip(self.players, self._words, strict=True)
                if len(words) > 1
                and any(_lemma_word(key, w) or _pet_sibling(key, w) for w in words)
            ]
        if method in ("translit", "translit_inflected"):
            return self._translit_or_said(text, inflected=method == "translit_inflected")
        raise ValueError(f"unknown tier {method!r}")

    def _translit_forms(self) -> dict[tuple[str, str], list[tuple[str, str, str]]]:
        """(script, first two Latin letters) → [(player, Latin form without its digit tail,
        that tail's digits or "")]. Every match (equal, or a case form of a stem of at least
        two letters) shares the first two letters, so a text meets only its own bucket."""
        if self._translit is None:
            index: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
            for p, k in zip(self.players, self._casefold, strict=True):
                script = script_of(k)
                bare, digits = _split_digit_tail(translit_key(p))
                if script and len(bare) >= 2:
                    index.setdefault((script, bare[:2]), []).append((p, bare, digits))
                if script == "lat" and _INNER_X.search(k):
                    # Russian typed in Latin writes х as x between vowels («Lexa» is Лёха)
                    alt, _ = _split_digit_tail(translit_key(k.replace("x", "h")))
                    if alt != bare and len(alt) >= 2:
                        index.setdefault((script, alt[:2]), []).append((p, alt, digits))
            self._translit = index
        return self._translit

    def _translit_tier(self, text: str, *, inflected: bool) -> list[str]:
        # whole posts come through here too (a vote typed without colour): a text with more
        # words than any nick can match no nick word for word, so it is dropped unread
        if len(text) > 80 or text.count(" ") >= self.max_words + 2:
            return []
        folded = casefold_key(text)
        if folded.count(" ") >= self.max_words:
            return []
        cyr, lat = _script_counts(folded)
        # letters as typed, not as transliterated: «Щи» is two letters, not five
        if cyr + lat < TRANSLIT_MIN_LETTERS - 1:
            return []
        # a three-letter word only when it spells the whole nick exactly («Lis» ≡ Лис)
        short = cyr + lat < TRANSLIT_MIN_LETTERS
        declined = inflected  # a headword's forms, a short one too («Пса»: Pes)
        inflected = inflected and not short
        script = "cyr" if cyr > lat else "lat"
        bare, digits = _split_digit_tail(translit_key(text))
        # same script was the cheaper tiers' job; looser spelling there only adds risk
        other = "lat" if script == "cyr" else "cyr"
        found = [
            (p, nick_bare)
            for p, nick_bare, nick_digits in self._translit_forms().get((other, bare[:2]), ())
            # digits typed must be the player's; left out, the letters alone may do
            # a three-letter word spelling all of a nick's letters is that nick, its digit
            # tail left out as with any other («Нео» ≡ Neo-1, as «Lis» ≡ Лис)
            if (not digits or digits == nick_digits)
            and _translit_matches(bare, nick_bare, inflected=inflected)
            # all of the nick's letters, a silent «e» its key drops included: «кат» is no Kate
            and not (short and _SILENT_E.search(casefold_key(p).rstrip("0123456789_-. ")))
        ]
        # «Sotko» spells Сотко letter for letter and is only a case form of Сотка: the nick
        # spelt whole wins over another's case form, as the exact tier does before the
        # inflected one in one script (C-3)
        whole = [p for p, nick_bare in found if nick_bare == bare]
        players = whole if len(found) > 1 and len(whole) == 1 else [p for p, _ in found]
        if script == "lat" and _DECLINED_SPLIT.search(folded) and not _CYRILLIC_RE.search(folded):
            # «Starogo Soma», «Rybu-Pilu»: a Cyrillic nick of several parts typed in Latin
            # letters is read as the Cyrillic words they spell, so its parts must make one
            # case form of it as written in Cyrillic («Rybu-Piloy» makes none)
            spelt, disagree = self._spelt_parts(folded)
            players = list(dict.fromkeys((*(p for p in players if p not in disagree), *spelt)))
        if script == "cyr" and declined and " " not in folded:
            # C-3: «Орла», «Пса» for Orel, Pes: a Latin word nick heard in Cyrillic declines
            # as the Russian word it spells, a fleeting vowel and all
            players = list(dict.fromkeys((*players, *self._latin_by_lemma(folded))))
        if script == "lat" and " " not in folded:
            # C-2, C-3: the word read by every scheme's letters against the Cyrillic nicks;
            # the nicks its cheapest readings spell join those the loose key found, so a
            # word two schemes read as two players («Wilku»: Вилку or Шилку) names both
            players = list(dict.fromkeys((*players, *self._typed_nicks(folded))))
        return players

    def _translit_or_said(self, text: str, *, inflected: bool) -> list[str]:
        """The translit tier; where it finds no one and case forms are read, a Latin nick
        said aloud, every word of it: «Бетельгейзе», «Флай-агарика», «Морхеллу эскуленту»
        (`_said_aloud`, C-3)."""
        found = self._translit_tier(text, inflected=inflected)
        if found or not inflected or len(text) > 80 or text.islower():
            # a word written in lower case may be the everyday word it spells: a sound
            # reading of it is no proof
            return found
        return self._said_aloud(_EDGE_JUNK.sub("", casefold_key(text)))

    def _said_aloud(self, folded: str) -> list[str]:
        """C-3: the Latin nicks of as many words as the Cyrillic `folded` whose every word it
        says aloud, in a case form (`_said_as`: the Latin reading, or an English word's
        pronunciation) — read where case forms are (moves, votes read as moves)."""

        words = [w for w in _SAID_SPLIT.split(folded.strip()) if w]
        if not 0 < len(words) <= 3 or not all(_CYRILLIC_WORD.fullmatch(w) for w in words):
            return []
        found: list[str] = []
        for p, k in zip(self.players, self._casefold, strict=True):
            if script_of(k) != "lat":
                continue
            parts = [w for w in _SAID_SPLIT.split(k) if w]
            if len(parts) != len(words) or not all(_LATIN_ONLY.fullmatch(w) for w in parts):
                continue
            alone = len(parts) == 1
            if all(_said_as(w, n, alone=alone) for w, n in zip(words, parts, strict=True)):
                found.append(p)
        return found

    def _latin_by_lemma(self, word: str) -> list[str]:
        """The one-word Latin nicks whose Cyrillic spelling (`as_cyrillic`) is the headword
        of a singular common noun the dictionary reads the Cyrillic `word` as: «орла» →
        «орёл» → Orel, «пса» → «пёс» → Pes — the forms whose stem the ending tables miss."""
        from parser.morph import parse

        lemmas = {
            r.lemma.replace("ё", "е")
            for r in parse(word)
            if r.known and r.pos == "NOUN" and "sing" in r.grammemes and not r.grammemes & NAME_TAGS
        }
        if not lemmas:
            return []
        return [
            p
            for p, k in zip(self.players, self._casefold, strict=True)
            if script_of(k) == "lat" and k.isalpha() and as_cyrillic(p).replace("ё", "е") in lemmas
        ]

    def _spelt_parts(self, folded: str) -> tuple[list[str], set[str]]:
        """The Cyrillic nicks of several parts a Latin-typed text of as many parts spells
        as a case form (the `inflected` and `lemma` tiers), each part by its first two
        Cyrillic spellings (`parser.latin.cyrillic_spellings`); and those it spells part by
        part only in two cases («Rybu-Piloy»), which no looser reading may take."""
        from itertools import product

        from parser.latin import cyrillic_spellings

        parts = _DECLINED_SPLIT.split(folded)
        seps = _DECLINED_SPLIT.findall(folded)
        options = [cyrillic_spellings(w)[:2] or (w,) for w in parts]
        found: dict[str, None] = {}
        split: set[str] = set()
        for words in product(*options):
            spelt = words[0] + "".join(sep + w for sep, w in zip(seps, words[1:], strict=True))
            for method in ("inflected", "lemma"):
                found.update(dict.fromkeys(self.tier(spelt, method)))
            for p, k in zip(self.players, self._trimmed, strict=True):
                nick_words = _DECLINED_SPLIT.split(k)
                if len(nick_words) == len(words) and all(
                    _declines(w, n) for w, n in zip(words, nick_words, strict=True)
                ):
                    split.add(p)
        return list(found), split - set(found)

    def _typed_nicks(self, word: str) -> list[str]:
        """The Cyrillic one-word nicks the cheapest of a Latin-typed word's readings
        (`parser.latin.typed_readings`, walked against the nicks' own letters) is a form of."""
        from parser.latin import typed_readings

        if self._typed_keys is None:
            self._typed_keys = tuple(
                k
                for k in dict.fromkeys(self._trimmed)
                if k and script_of(k) == "cyr" and " " not in k
            )
        keys = self._typed_keys
        if not keys:
            return []
        stems = tuple(k[:-1] if k[-1] in "аеиоуыэюяйь" else k for k in keys)

        def step(sofar: str, letters: str) -> str | None:
            out = sofar + letters.replace("ё", "е")
            for key, stem in zip(keys, stems, strict=True):
                if key.startswith(out) or (out.startswith(stem) and len(out) - len(stem) <= 3):
                    return out
            return None

        readings = typed_readings(word, "", step, lambda sofar: len(sofar) >= 3)
        by_cost: dict[int, list[str]] = {}
        for reading, cost in readings.items():
            hit = self.tier(reading, "trimmed") or self.tier(reading, "inflected")
            if hit:
                by_cost.setdefault(cost, []).extend(hit)
        return list(dict.fromkeys(by_cost[min(by_cost)])) if by_cost else []

    def _partial_translit(self, text: str) -> list[str]:
        """One word of a nick in the other script, case forms allowed: «Енота» →
        Kroshka_Enot, «Ватсон» → Dr.Watson (words of at least four letters)."""
        folded = casefold_key(text)
        if " " in folded or sum(c.isalpha() for c in folded) < TRANSLIT_MIN_LETTERS:
            return []
        script = script_of(folded)
        if not script:
            return []
        word = translit_key(text)
        found: list[str] = []
        for p, k in zip(self.players, self._casefold, strict=True):
            if script_of(k) in ("", script):
                continue
            words = [w for w in _WORD_SPLIT.split(translit_key(p)) if len(w) >= 4]
            # a handle's camelCase parts too: «Макса» is Max_Power's and MedicMax's alike
            words += [w for part in handle_parts(p) if len(w := translit_key(part)) >= 4]
            if any(_word_inflects_latin(word, w) for w in words):
                found.append(p)
            elif (
                script == "cyr"
                and not text.islower()
                and _CYRILLIC_WORD.fullmatch(bare := _EDGE_JUNK.sub("", folded))
                and len(parts := [w for w in _SAID_SPLIT.split(k) if _LATIN_ONLY.fullmatch(w)]) > 1
                and any(_said_in_part(bare, w) for w in parts)
            ):
                # C-3: one word of a Latin nick of several said aloud («Морхеллу» for
                # Morchella_esculenta); a word two nicks have names neither (`_decide`)
                found.append(p)
        return found

    def fuzzy(self, text: str) -> list[tuple[str, float]]:
        """(player, score 0–100) best first, for texts long enough to compare fuzzily."""
        key = trimmed_key(text)
        if len(key) < 4:
            return []
        from rapidfuzz import fuzz  # only when the cheap tiers found nothing

        scored = [(p, fuzz.ratio(key, k)) for p, k in zip(self.players, self._trimmed, strict=True)]
        scored.sort(key=lambda pair: -pair[1])
        return scored

    # -- the whole ladder -------------------------------------------------------------------

    def resolve(self, text: str, *, inflected: bool = False, fuzzy: bool = True) -> NickMatch:
        """Resolve `text`; `inflected` adds the Russian-case tiers used for moves."""
        memo_key = (text, inflected, fuzzy)
        hit = self._memo.get(memo_key)
        if hit is None:
            if len(self._memo) >= _MEMO_SIZE:
                self._memo.clear()
            hit = self._memo[memo_key] = self._resolve(text, inflected=inflected, fuzzy=fuzzy)
        return hit

    def _resolve(self, text: str, *, inflected: bool, fuzzy: bool) -> NickMatch:
        methods: list[str] = list(STRICT_TIERS)
        if inflected:
            methods.extend(("inflected", "lemma"))
        if self.partial:
            methods.append("partial_inflected" if inflected else "partial")
        methods.append("translit_inflected" if inflected else "translit")
        for method in methods:
            found = self.tier(text, method)
            if found:
                if method == "inflected":
                    found = [*found, *self.word_sharers(text, found)]
                decided = self._decide(text, method, found)
                return self.case_clash(decided) if inflected else decided
        if fuzzy:
            return self.resolve_fuzzy(text)
        return NickMatch(text, None, reason=UNKNOWN_NICK)

    def word_sharers(self, text: str, found: Sequence[str]) -> list[str]:
        """C-3: the players besides `found` whose one-word nick is a noun the dictionary
        declines in ways the ending tables miss (a neuter in «-о»/«-е»: Око, Поле), and
        of which the word `text` is a singular case form by the dictionary — «Оку» is
        Ока's accusative by the tables and Око's dative by the dictionary, «Полю» Поля's
        and Поле's. They are weighed beside the players the tables found, so a form two
        nicks share names neither and one only the dictionary allows («Оком») names its
        own (`_decide`'s denial of the tables' reading)."""
        key = trimmed_key(text)
        if " " in key or not _CYRILLIC_WORD.fullmatch(key):
            return []
        return [
            p
            for p, k in zip(self.players, self._trimmed, strict=True)
            if p not in found and _dictionary_case_form(key, k) and agrees(text, p)
        ]

    def resolve_strict(self, text: str, methods: Sequence[str]) -> NickMatch | None:
        """The first of `methods` that finds anyone decides; None when none does."""
        declines = any(m in ("inflected", "case_forms", "translit_inflected") for m in methods)
        for method in methods:
            found = self.tier(text, method)
            if found:
                decided = self._decide(text, method, found)
                # a reading that takes case forms takes them of every player alike
                return self.case_clash(decided) if declines else decided
        return None

    def resolve_fuzzy(self, text: str) -> NickMatch:
        scored = self.fuzzy(text)
        if not scored or scored[0][1] < self.fuzzy_threshold:
            swapped = self.transposed(text) or self.slipped(text)
            if swapped is not None:
                return swapped
            return NickMatch(text, None, "fuzzy", 0.0, UNKNOWN_NICK)
        best, score = scored[0]
        if not agrees(text, best) or plural_of_singular(trimmed_key(text), trimmed_key(best)):
            # «Гордеевой» typed for Гордеев: the letters are close, the gender is not his;
            # «гидранты» for Гидрант: the plural of the nick's noun, no slip of the nick
            return NickMatch(text, None, "fuzzy", 0.0, UNKNOWN_NICK)
        close = [
            p for p, s in scored if s >= self.fuzzy_threshold and score - s < self.ambiguity_margin
        ]
        if len(close) > 1:
            return NickMatch(text, None, "fuzzy", score / 100, AMBIGUOUS_NICK, tuple(close))
        return NickMatch(text, best, "fuzzy", score / 100)

    def transposed(self, text: str) -> NickMatch | None:
        """A one-word nick typed with two neighbouring letters swapped, in a case form
        («Мафру» for Марфа): exactly one player's nick is the word with one such swap, its
        last letters (a case ending) left aside when both end in a vowel, and no dictionary
        word explains the word. None when that is not proven."""
        from parser.morph import common_word

        key = trimmed_key(text)
        if len(key) < 4 or " " in key or common_word(key):
            return None
        found = [
            p
            for p, k in zip(self.players, self._trimmed, strict=True)
            if " " not in k and len(k) >= 4 and _one_swap(key, k)
        ]
        if len(found) != 1 or not agrees(text, found[0]):
            return None
        return NickMatch(text, found[0], "fuzzy", TRANSPOSED_CONFIDENCE)

    def slipped(self, text: str) -> NickMatch | None:
        """A one-letter slip of a long nick, declined or not («Портрв», «Обьектива»): exactly
        one player's nick is one letter off the word (`fit_kind`'s "edit": no other nick
        within two letters), and the word is no dictionary word of its own. None when that
        is not proven."""
        key = trimmed_key(text)
        if self.fuzzy_threshold > SLIP_CONFIDENCE * 100:
            return None  # a host who asks closer fits than a slip's reads none
        if len(key) < SLIP_MIN - 1 or " " in key or not key.isalpha():
            return None
        from parser.morph import parse

        if any(r.known for r in parse(key)):
            return None  # a word or a name the dictionary knows is no slip («Игорька»)
        found = [p for p in self.players if _slip(key, p, self.players) == "edit"]
        if len(found) != 1 or lemma_is_nick(key, found[0]):
            return None
        if not agrees(text, found[0]) or plural_of_singular(key, trimmed_key(found[0])):
            return None
        return NickMatch(text, found[0], "fuzzy", SLIP_CONFIDENCE)

    def heard(self, words: Sequence[str]) -> NickMatch | None:
        """A nick that speech input broke into words («фен рыр» for Фенрир): the words run
        together are close to exactly one player's nick (`HEARD_SCORE`, every other player
        well below), and no dictionary explains them better — the run is no word, and one
        of the words is none either. None when that is not proven."""
        from parser.morph import common_word

        key = "".join(trimmed_key(w) for w in words)
        # speech input writes the language's words: Cyrillic letters alone
        if len(words) < 2 or len(key) < 5 or not _SPOKEN.fullmatch(key) or common_word(key):
            return None
        parts = [trimmed_key(w) for w in words]
        if all(common_word(w) for w in parts) or any(
            len(w) < 3 or _function_word(w) for w in parts
        ):
            return None
        if any(self.resolve(w, inflected=True, fuzzy=False).candidates_or_nick for w in parts):
            return None  # «на Машу»: a word and a player's own name, no broken nick
        scored = self.fuzzy(key)
        if not scored or scored[0][1] < HEARD_SCORE:
            return None
        best, score = scored[0]
        if any(score - s < self.ambiguity_margin for _p, s in scored[1:]):
            return None
        return NickMatch(" ".join(words), best, "fuzzy", score / 100)

    def case_clash(self, match: NickMatch, *, besides: Sequence[str] = ()) -> NickMatch:
        """A nick spelt as it stands that is also a case form of another player's nick
        («Александра» beside Александр, «Кота» beside Кот) is no proof of either: players
        often write a nick undeclined, and as often decline the other one. Such a match
        becomes ambiguous between them; any other match, or one whose only other reading is
        a player in `besides` (the writer: a player names himself «себя», not by his nick),
        is returned as it is. A form only one of them can be («Александрой», «Александр»)
        is left alone."""
        if match.nick is None:
            return match
        key = trimmed_key(match.query)
        if match.method == "translit":
            # «Karpova» beside Карпов and Карпова, «Громова» beside Gromov and Gromova: a nick
            # spelt as it stands in the other script is a case form of the other nick as well
            word = as_cyrillic(match.query)
            if " " in word or word != as_cyrillic(match.nick):
                return match
            others = [
                p
                for p in self.players
                if p != match.nick
                and p not in besides
                and word_inflects(word, as_cyrillic(p))
                and _case_form_of(word, as_cyrillic(p))
            ]
        elif match.method in STRICT_TIERS and script_of(key) == "lat":
            # «Valentina» beside Valentin and Valentina: a Latin nick as listed that is the
            # other's case form as both are spelt in Cyrillic (Max and Maxim are names of
            # their own: «Максим» is no case form of «Макс»)
            word = as_cyrillic(match.query)
            if " " in word or not word.isalpha():
                return match
            others = [
                p
                for p in self.players
                if p != match.nick
                and p not in besides
                and script_of(trimmed_key(p)) == "lat"
                and as_cyrillic(p) != word  # Julian and Yulian: one name, heard alike
                and word_inflects(word, as_cyrillic(p))
                and _case_form_of(word, as_cyrillic(p))
            ]
        elif match.method not in STRICT_TIERS or script_of(key) != "cyr":
            return match
        else:
            # a nick the tables do not decline is weighed by the dictionary («Ока» is Око's
            # genitive as well: `word_sharers`)
            tabled = self.tier(match.query, "inflected")
            others = [
                p
                for p in (*tabled, *self.word_sharers(match.query, (*tabled, match.nick)))
                if p != match.nick and p not in besides and _case_form_of(key, trimmed_key(p))
            ]
        if not others:
            return match
        return NickMatch(
            match.query,
            None,
            match.method,
            match.confidence,
            AMBIGUOUS_NICK,
            (match.nick, *others),
        )

    def _decide(self, text: str, method: str, found: list[str]) -> NickMatch:
        name = method if method in _CONFIDENCE else method.split("_", 1)[0]
        if method in _PARTIAL_TIERS:
            found = self._name_sharers(text, method, found)
        if len(found) > 1 and method in ("inflected", "case_forms"):
            # «Ярославы» fits Ярослав by the ending tables, but as a plural only: the
            # player whose singular case form it is, when there is exactly one, is meant
            key = trimmed_key(text)
            kept = [
                p
                for p in found
                if not _denied_case_form(key, trimmed_key(p))
                and not _declension_denies(as_cyrillic(text), as_cyrillic(p))
            ]
            found = kept if len(kept) == 1 else found
        if len(found) > 1 or (method in _PARTIAL_TIERS and _plural_only(text)):
            # «Медвежьих»: an adjective word of nicks in the plural names them all — several
            # players, or a family beside the one seated: never one player's vote (C-3)
            return NickMatch(text, None, name, _CONFIDENCE[name], AMBIGUOUS_NICK, tuple(found))
        return NickMatch(text, found[0], name, _CONFIDENCE[name])

    def _name_sharers(self, text: str, method: str, found: list[str]) -> list[str]:
        """C-3: one Cyrillic word read as a word of a longer nick names that player by a
        part of his nick, not by the nick itself, so every other player that word can name
        as well is weighed beside him (two make it ambiguous): a Latin handle one of whose
        parts the word spells in the other script («папы»: Папа_Тимоши and Papa_Dima), and
        a player whose one-word nick is a pet form of the given name that word is («Лену»:
        Лена_и_Сонечка and Ленусик, a pet form of Лена). A handle the word spells whole is
        left to the later `translit` tier («Граф»: Граф Монте-Кристо before Graf)."""
        key = trimmed_key(text)
        if not _CYRILLIC_WORD.fullmatch(key):
            return found
        out = dict.fromkeys(found)
        # a part of a handle stands as a word of a nick does; a word spelling a whole
        # one-part handle is the `translit` tier's, which comes after (Граф before Graf)
        parts = [p for p in self._partial_translit(text) if len(handle_parts(p)) > 1]
        out.update(dict.fromkeys(parts))
        names = {
            w
            for p in found
            for w in self._words[self.players.index(p)]
            if _CYRILLIC_WORD.fullmatch(w) and _word_fits(key, w, method)
        }
        out.update(
            dict.fromkeys(
                q
                for q in self.players
                if q not in out and any(_pet_of(q, n.capitalize()) for n in names)
            )
        )
        return list(out)

    def looks_like_nick(self, text: str) -> bool:
        """Whether an unresolved coloured text was probably meant as a nick.

        A single word is (a typo'd or unknown nick); longer text only when it is close to
        some player's nick or shares a word with one. «Внимание всем!» is not; «Граф Монте
        Кристо» (no hyphen) is.
        """
        key = trimmed_key(text)
        if not key or len(key) > 40:
            return False
        if " " not in key:
            return True
        if any(self.tier(w, "partial") for w in key.split(" ")):
            return True
        scored = self.fuzzy(text)
        return bool(scored) and scored[0][1] >= 60


_PARTIAL_TIERS: Final = frozenset(("partial", "partial_inflected", "partial_lemma"))


def _word_fits(word: str, nick_word: str, method: str) -> bool:
    """Whether `word` is the nick word `nick_word` under the partial tier `method`."""
    if method == "partial":
        return word == nick_word
    if method == "partial_lemma":
        return _lemma_word(word, nick_word)
    return _declines(word, nick_word)


@lru_cache(maxsize=4096)
def own_words(key: str) -> tuple[str, ...]:
    """The words of a nick's key (`trimmed_key`) that name its bearer (C-3). A nick of
    several words may name a second person beside the player: a given name after «и»
    («Ксю_и_Мирон», «Лена_и_Сонечка»: a mother and her child) or a given name in the
    genitive after another word («Мама_Тимоши», «Мамочка_Даши»: whose mother she is). Such
    a word alone names that other person, not the player; the player is named by the
    other words, or by the whole nick in any case form («Маму Тимоши»). A name in the
    nominative beside a word is the player's own («Бабушка Галя»)."""
    words = [w for w in _WORD_SPLIT.split(key) if w]
    if len(words) < 2:
        return tuple(words)
    from parser.morph import is_given_name, parse

    out: list[str] = []
    after_and = False
    for n, w in enumerate(words):
        if n and w == "и":
            after_and = True
            continue
        if n and after_and and is_given_name(w):
            continue  # «…_и_Мирон»: the second person of the nick
        if n and _genitive_name(parse(w)):
            continue  # «Мама_Тимоши»: Тимоша's mother, not Тимоша
        out.append(w)
    return tuple(out)


def pinned_by_words(match: NickMatch, words: Sequence[str]) -> NickMatch | None:
    """C-3: an ambiguous name pinned by the words said right after it to the one candidate
    whose nick holds another of them («Насти, которая с Викой»: Настя_и_Вика, not
    Настюша) — a case form of a word of that nick the name itself is not. None when no
    word or several candidates are so named."""
    if match.ok or match.reason != AMBIGUOUS_NICK or len(match.candidates) < 2:
        return None
    said = trimmed_key(match.query)
    hits = []
    for nick in match.candidates:
        others = [
            w
            for w in _WORD_SPLIT.split(trimmed_key(nick))
            if len(w) >= 3 and w != said and not _declines(said, w)
        ]
        if any(_declines(trimmed_key(t), w) for t in words if len(t) >= 3 for w in others):
            hits.append(nick)
    if len(hits) != 1:
        return None
    return NickMatch(match.query, hits[0], match.method, match.confidence)


def _name_gender(nick: str) -> frozenset[str]:
    """The genders the dictionary gives a nick as a name in the nominative: a one-word nick's
    own word (both for Саша); a nick of several words by its words together (Гриша Ульянов a
    man's, Зоя Ульянова a woman's: `nick_genders`), so that a surname's form two spouses'
    nicks share is settled by gender as a one-word nick's is (C-3)."""
    key = trimmed_key(nick)
    return nick_genders(nick) if " " in key else name_genders(key, nominative=True)


def pinned_by_pronoun(match: NickMatch, words: Sequence[str]) -> NickMatch | None:
    """C-3: an ambiguous name pinned by the gender of the third-person pronoun that first
    follows it («<Полю> голосую: она весь день молчит» — Поля of Аполлинария and of Ипполит,
    and «она» can only be her). The pronoun must be singular and of one gender in every
    reading the dictionary gives it («им», «ним» may be plural: no pin), every candidate's
    nick a name the dictionary gives one gender, and exactly one of the pronoun's. None when
    no pronoun is among `words` (lower case, the few words right after the name in its
    sentence) or it pins no single candidate."""
    from parser.morph import pronoun_gender

    if match.ok or match.reason != AMBIGUOUS_NICK or len(match.candidates) < 2:
        return None
    pronoun = next((g for w in words if (g := pronoun_gender(w)) is not None), None)
    if pronoun is None:
        return None
    genders = {p: _name_gender(p) for p in match.candidates}
    if not all(len(g) == 1 for g in genders.values()):
        return None  # a nick the dictionary gives no single gender: the pronoun proves nothing
    kept = [p for p, g in genders.items() if pronoun in g]
    if len(kept) != 1:
        return None
    return NickMatch(match.query, kept[0], match.method, match.confidence)


def possessive_match(resolver: NickResolver, text: str) -> NickMatch | None:
    """C-3: a two-word nick of a word and a given name in the genitive said with the name
    as a possessive adjective — «Тимошиного папы» for Папа_Тимоши, «Дашину маму» for
    Мама_Даши: the adjective's name is the nick's genitive name, the other word a case form
    of the nick's first word (or a pet form of that word: «маму» for Мамочка_Даши). One
    player so named is read, several are ambiguous; None when the text is no such pair."""
    from parser.morph import is_given_name, lemmas, parse

    words = trimmed_key(text).split(" ")
    if len(words) != 2:
        return None
    found: list[str] = []
    for poss, noun in (words, words[::-1]):
        # «тимошиного» (Тимошин), «тимошину» (read as the surname Тимошин, Тимошина)
        stems = {
            lemma[:-2]
            for r in parse(poss)
            if (lemma := r.lemma.removesuffix("а")).endswith(("ин", "ын"))
        }
        owners = {b for s in stems for b in (s + "а", s + "я") if is_given_name(b)}
        if not owners:
            continue
        kinds = {noun, *lemmas(noun)}
        for p, k in zip(resolver.players, resolver.trimmed_keys, strict=True):
            parts = [w for w in _WORD_SPLIT.split(k) if w]
            if len(parts) != 2 or own_words(k) != (parts[0],):
                continue
            head, tail = parts
            if owners & set(lemmas(tail)) and any(
                head == w or (head.startswith(w[:-1]) and head.endswith(_DIMINUTIVE))
                for w in kinds
                if len(w) >= 3
            ):
                found.append(p)
    if not found:
        return None
    return _decided_form(text, list(dict.fromkeys(found)))


def _decided_form(text: str, found: Sequence[str]) -> NickMatch:
    if len(found) == 1:
        return NickMatch(text, found[0], "inflected", _CONFIDENCE["inflected"])
    confidence = _CONFIDENCE["inflected"]
    return NickMatch(text, None, "inflected", confidence, AMBIGUOUS_NICK, tuple(found))


def _genitive_name(readings: Sequence[Any]) -> bool:
    """Whether a word's readings as a given name are a genitive singular and never the
    nominative singular (Тимоши, Даши; not Галя)."""
    names = [r.grammemes for r in readings if r.known and "Name" in r.grammemes]
    sole = [g for g in names if "sing" in g]
    return any("gent" in g for g in sole) and not any("nomn" in g for g in sole)


def _case_form_of(word: str, nick: str) -> bool:
    """Whether `word` (a key) is a singular case form of the one-word Cyrillic `nick` (a
    key) that the ending tables already matched: «Александра» of Александр, «Кота» of Кот.
    Never a nick of several words or with digits (their case forms are no single word)."""
    return " " not in nick and nick.isalpha() and not _denied_case_form(word, nick)


@lru_cache(maxsize=_KEY_CACHE)
def plural_of_singular(word: str, nick: str) -> bool:
    """C-3: whether `word` (a key) is only a plural of the one-word `nick` (a key) the
    dictionary knows as a singular common noun: «гидранты» is the plural of гидрант, no case
    form of the player Гидрант — a case form names one player, a plural a set of things or
    people. The number is the dictionary's (pymorphy3): a word with a singular reading of the
    nick's noun («каски», «пены»: genitives) stays a form; a nick that is itself a plural
    noun, a surname (its plural names the family: `name_sharers`), a name (the name rules
    decide) and a nick the dictionary does not know are left to the tables. Shared by the
    letter and vote readers, which both resolve through `NickResolver.tier`."""
    from parser.morph import parse

    if word == nick or " " in nick or not nick.isalpha() or not word.isalpha():
        return False
    own = [r for r in parse(nick) if r.known and r.lemma == nick and r.pos == "NOUN"]
    if not own or not any("sing" in r.grammemes and "nomn" in r.grammemes for r in own):
        return False  # unknown, or a plural noun itself
    if any(g in r.grammemes for r in own for g in ("Surn", "Name", "Patr")):
        return False
    said = [r for r in parse(word) if r.lemma == nick and r.pos == "NOUN"]
    return bool(said) and all("plur" in r.grammemes for r in said)


@lru_cache(maxsize=_KEY_CACHE)
def _dictionary_case_form(word: str, nick: str) -> bool:
    """Whether the dictionary knows the one-word Cyrillic `nick` (a key) as a noun in the
    nominative singular and reads `word` (a key) as one of its singular forms: «оку», «оке»,
    «ока» of Око, «полю» of Поле (C-3). A common noun's: a name's forms are the name
    rules' to weigh (an old vocative «Ян» is no form of Яна a player is called by)."""
    from parser.morph import parse

    if word == nick or not _CYRILLIC_WORD.fullmatch(nick) or len(nick) < 3:
        return False
    lemma = nick.replace("ё", "е")

    def of_nick(r: Any) -> bool:
        return (
            r.known
            and r.pos == "NOUN"
            and r.lemma.replace("ё", "е") == lemma
            and "sing" in r.grammemes
            and not r.grammemes & (NAME_TAGS | {"voct"})
        )

    if not any(of_nick(r) and "nomn" in r.grammemes for r in parse(nick)):
        return False
    return any(of_nick(r) for r in parse(word))


def _denied_case_form(word: str, nick: str) -> bool:
    """Whether the dictionary, knowing the one-word `nick` as a noun or a name, denies that
    `word` is a singular case form of it, though the ending tables allow it: «Верю» is no
    form of Вера, «Ярославы» none of Ярослав (a plural). A nick the dictionary does not know
    is left to the ending tables (False)."""
    from parser.morph import parse

    if " " in nick or not nick.isalpha() or word == nick:
        return False
    if not any(r.known and r.lemma == nick and r.pos == "NOUN" for r in parse(nick)):
        return False  # not known as a noun that declines («Коль»): the tables decide
    return not any(r.lemma == nick and "sing" in r.grammemes for r in parse(word))


#: the singular endings a one-word Cyrillic nick takes by its last letter, in every case
#: but the prepositional (where a player is talked about, never voted for or moved at):
#: Морвен — Морвена, Морвену, Морвеном; Морвена — Морвены, Морвене, Морвеной
_HARD_ENDINGS: Final = frozenset(("", "а", "у", "ом"))
_DECLENSION: Final = {
    "а": frozenset(("а", "ы", "и", "е", "у", "ой", "ою")),
    "я": frozenset(("я", "и", "е", "ю", "ей", "ею")),
    "ь": frozenset(("ь", "я", "ю", "ем", "и", "ью")),
    "й": frozenset(("й", "я", "ю", "ем")),
    "о": frozenset(("о", "а", "у", "ом")),
}
_CONSONANTS: Final = frozenset("бвгджзклмнпрстфхцчшщ")


def _declension_denies(word: str, nick: str) -> bool:
    """C-3: whether the ending `word` puts on the one-word Cyrillic `nick`'s stem is none its
    declension takes in the singular outside the prepositional, though the shared ending
    tables allow it: «Морвены» is no singular form of Морвен (a plural), «Морвене» only his
    prepositional, «Морвеном» no form of Морвена. A word not built on the stem as written
    (a fleeting vowel: «Льва») and a nick ending otherwise (indeclinable «Ингвэ») are left
    to the tables (False). Used only to tell apart players the tables both allow (a Latin
    pair by the Cyrillic spellings of its form and nicks, `as_cyrillic`: «Gromovoy» is no
    form of Gromov, as «Громовой» is none of Громов)."""
    if " " in nick or not nick.isalpha() or len(nick) < 3 or not _CYRILLIC_RE.search(nick):
        return False
    if _dictionary_form_of(word, nick):
        # «Толстого» of Толстой: a surname declined as an adjective, which the dictionary
        # knows as that surname's form — its endings are no noun's table (C-3)
        return False
    last = nick[-1]
    if last in _CONSONANTS:
        stem, endings = nick, _HARD_ENDINGS
    elif last in _DECLENSION:
        stem, endings = nick[:-1], _DECLENSION[last]
    else:
        return False
    return word.startswith(stem) and word[len(stem) :] not in endings


@lru_cache(maxsize=1024)
def _dictionary_form_of(word: str, nick: str) -> bool:
    """Whether the dictionary reads `word` as a singular form of the name `nick` itself, in
    the gender the nick has as it stands (both Cyrillic, any case: «толстого» of Толстой)."""
    from parser.morph import parse

    lemma = nick.lower().replace("ё", "е")
    # the genders the nick has as that name's nominative: «Достоевскую» has the lemma
    # «достоевский» too, but in the feminine — no form of Достоевский
    own = {
        g
        for r in parse(lemma)
        if r.known and "nomn" in r.grammemes and r.lemma.replace("ё", "е") == lemma
        for g in r.grammemes & _ADJ_GENDERS
    }
    return any(
        r.known
        and "sing" in r.grammemes
        and r.lemma.replace("ё", "е") == lemma
        and bool(r.grammemes & own)
        for r in parse(word.lower().replace("ё", "е"))
    )


#: a nick with two neighbouring letters swapped, no dictionary word (`NickResolver.transposed`)
TRANSPOSED_CONFIDENCE: Final = 0.85
_VOWELS: Final = frozenset("аеёиоуыэюяaeiouy")


def _swapped(a: str, b: str) -> bool:
    """Whether `a` is `b` with exactly two neighbouring (different) letters swapped."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


def _one_swap(word: str, nick: str) -> bool:
    """`word` is `nick` with one swap of neighbouring letters, as typed or with a case
    ending in place of the nick's final vowel («мафру» and «марфа»: «мафр», «марф»)."""
    if _swapped(word, nick):
        return True
    if word[-1] in _VOWELS and nick[-1] in _VOWELS:
        return _swapped(word[:-1], nick[:-1])
    # an ending put after a nick's last consonant as well («Ефмиа» for Ефим) is two slips
    # at once: asked, as the corpus has always had it
    return False


#: how close the words of a nick broken up by speech input must be to it, run together
#: («фенрыр» and «фенрир»: one letter of six)
HEARD_SCORE: Final = 80.0
_SPOKEN: Final = re.compile("[а-яё]+")
_FUNCTION_POS: Final = frozenset({"PREP", "CONJ", "PRCL", "NPRO", "INTJ"})


def _function_word(word: str) -> bool:
    """A preposition, conjunction, particle, pronoun or interjection: no piece of a name."""
    from parser.morph import parse

    found = parse(word)
    return bool(found) and found[0].known and found[0].pos in _FUNCTION_POS


@lru_cache(maxsize=32)
def cached_resolver(
    players: tuple[str, ...], fuzzy_threshold: float = 85.0, partial: bool = True
) -> NickResolver:
    """One resolver (and its memo) per player list: a day's pages share their answers."""
    return NickResolver(players, fuzzy_threshold=fuzzy_threshold, partial=partial)


# Russian diminutive suffixes of names (ё folded to е): Ромка, Жорик, Катюша, Катька,
# Костян, Жанночка, Игорёк. The name is the stem, or the stem with «а»/«я»/«ь» back on.
_DIMINUTIVE: Final = (
    "ик", "ка", "ок", "ек", "ян", "чик", "ька", "очка", "ечка", "ушка", "юшка", "уша", "юша",
    "уля", "юля", "енька", "онька", "уська", "юська", "юха", "уха",
)  # fmt: skip
_BASE_TIERS: Final = (*STRICT_TIERS, "translit")


def diminutive_match(
    resolver: NickResolver, text: str, *, any_case: bool = False
) -> NickMatch | None:
    """A single Cyrillic word that is a diminutive of exactly one player's nick, in any case:
    «Жорика» → Жора, «Ромку» → Рома, «Катюху» → Катя, «Танюшу» → Tanya-77. The word's
    dictionary forms lose a diminutive suffix and the name left is read by the strict tiers
    and transliteration (a host reads these at once; a typo on top of one is too far). When
    that finds nobody: a pet form of a name nick by rule («Риту» → Маргарита, «Стаса» →
    Станислав) or a Latin nick as it sounds, typed with a capital («Тандера» → Thunder,
    «Найт Оула» → Night Owl, word for word) — `parser.nameforms`. `any_case`: the text is
    where only a few players can be meant (a clan's executor, P-M.8), so a sound or a pet
    form counts in lower case and for a word of the dictionary too («исполнитель расти»)."""
    key = trimmed_key(text)
    capital = any_case or text.lstrip("@«\"'([")[:1].isupper()
    if " " in key and capital:
        return _heard_words(resolver, text)
    typed = _EDGE_JUNK.sub("", casefold_key(text))  # its letters: the key folds look-alikes
    if len(typed) >= 4 and _LATIN_TYPED.fullmatch(typed):
        return _typed_in_latin(resolver, text, typed, any_case=any_case)
    if len(key) < 3 or not _CYRILLIC_WORD.fullmatch(key):
        return None
    if len(key) == 3:  # «Ксю»: a three-letter pet name by the table, else by a syllable
        tabled = _tabled_only(resolver, key)
        return tabled if tabled is not None else _by_syllable(resolver, text, key, capital, ())
    found, by_head = _suffix_readings(resolver, key)
    if by_head and not any_case and _explained_otherwise(key, found):
        # «марка» for Марфа: a word of the dictionary (a noun, another name) whose letters
        # only start a name nick proves no player — offered as a guess (C-3)
        return NickMatch(text, None, "diminutive", GUESS_CONFIDENCE, UNKNOWN_NICK, tuple(found))
    if by_head and not any_case and len(found) == 1 and _own_word(key, next(iter(found))):
        # «Липку» for the village Липовка: a dictionary word of its own that only starts a
        # word nick proves no player; the player is still the likeliest, so asked (C-3)
        return NickMatch(text, next(iter(found)), "diminutive", OWN_WORD_CONFIDENCE)
    guessed = False
    if not found:
        # «Риту», «Серёгу», «Стаса» (pet forms of a name), «Тандера», «Сильвера» (a Latin
        # nick as it sounds): read by rule in parser.nameforms, only when nothing else did
        names, loose = _name_forms(resolver, key, sounds=capital, lenient=any_case)
        found.update(dict.fromkeys(names))
        guessed = loose
    if guessed and found:
        # «Ксюху» for Ксения, «Мишу» for Михаил: a pet consonant the name lacks, which fits
        # any name of that syllable — no proof of the player (C-3): named nobody, with the
        # guess offered to the sender; unless it is a short pet form of a syllable of one
        # player's name that fits no one else (`_by_syllable`: «Люсю» for Людмила)
        short = _by_syllable(resolver, text, key, capital, tuple(found))
        if short is not None:
            return short
        return NickMatch(text, None, "diminutive", GUESS_CONFIDENCE, UNKNOWN_NICK, tuple(found))
    if not found:
        return _by_syllable(resolver, text, key, capital, ())
    if len(found) == 1:
        return NickMatch(text, next(iter(found)), "diminutive", DIMINUTIVE_CONFIDENCE)
    if found:
        return NickMatch(
            text, None, "diminutive", DIMINUTIVE_CONFIDENCE, AMBIGUOUS_NICK, tuple(found)
        )
    return None


def _by_syllable(
    resolver: NickResolver, text: str, key: str, capital: bool, guessed: Sequence[str]
) -> NickMatch | None:
    """C-3: a short pet form of a syllable of a player's given name («Валю», «Эля», «Фаю»,
    «Гелю», «Аду», «Люсю», «Осю»: `parser.nameforms.syllable_pet`), read when it fits that
    one living player alone — no other player's name gives it, and no guess the other rules
    made (`guessed`) names another — and the word is no ordinary one: the dictionary knows
    it as a name, or, written with a capital, in no case a player's word stands in (the
    nominative, the accusative: «Гелю» is only the dative of «гель»); a name the dictionary
    gives one gender is no pet form of a name of the other. Several players are
    asked about; a pet form the table gives a name no one here has, on a stem that is not
    the player's own letters («Пашу» of Павел, with a Прасковья seated), is a guess,
    offered in the question and never read."""
    from parser.morph import parse
    from parser.nameforms import syllable_pet, tabled_pets

    readings = [r for r in parse(key) if r.known]
    names = [r.lemma for r in readings if "Name" in r.grammemes]
    ordinary = [r for r in readings if not r.grammemes & _PROPER_TAGS]
    if ordinary and not capital:
        return None  # «убиваю таю»: in lower case a word (таять) is that word
    if not names and any(r.grammemes & _PLAYER_CASES for r in ordinary):
        return None  # «Фею»: the accusative of фея, no name
    forms = tuple(dict.fromkeys((*names, *_short_nominatives(key))))
    said = name_genders(key, nominative=False)
    found: list[str] = []
    for p, k in zip(resolver.players, resolver.trimmed_keys, strict=True):
        name = _given_name(k) if _typed_cyrillic(p) else None
        if name is None or not _known_given_name(name):
            continue  # (a surname, Осипов, or a word nick has no pet forms of a name)
        own = name_genders(name, nominative=True)
        if said and own and not said & own:
            continue  # «Витю» (a boy's name) is no Виталина's, «Иру» no Ираклий's
        if any(syllable_pet(f, name) for f in forms):
            found.append(p)
    if not found:
        return None
    doubts = list(dict.fromkeys((*found, *guessed)))
    if len(doubts) > 1:
        return NickMatch(
            text, None, "diminutive", DIMINUTIVE_CONFIDENCE, AMBIGUOUS_NICK, tuple(doubts)
        )
    stems = [stem for f in forms for _name, stem in tabled_pets(f)]
    letters = trimmed_key(found[0]).replace("ё", "е")
    if stems and not any(letters.startswith(stem) for stem in stems):
        # «Пашу» (the table's Павел) for Прасковья: the pet form's stem is another name's,
        # not her own letters (as «Эля», the table's Элеонора, is Эльвира's own «Эл»)
        return NickMatch(text, None, "diminutive", GUESS_CONFIDENCE, UNKNOWN_NICK, tuple(found))
    return NickMatch(text, found[0], "diminutive", DIMINUTIVE_CONFIDENCE)


@lru_cache(maxsize=1024)
def _known_given_name(name: str) -> bool:
    """Whether the dictionary knows `name` (lower case) as a given name (in some case: it
    reads Таира only as a form of Таир), and not as a surname (Осипов) or only a word."""
    from parser.morph import parse

    readings = [r for r in parse(name) if r.known]
    surname = any({"Surn", "nomn"} <= r.grammemes for r in readings)
    return not surname and any("Name" in r.grammemes for r in readings)


#: the cases a player's name stands in as a move's target or executor
_PLAYER_CASES: Final = frozenset({"nomn", "accs"})


def _short_nominatives(key: str) -> tuple[str, ...]:
    """The nominatives in «-а»/«-я» a short word may be a case form of («фаю» → фая,
    «гелю» → геля, «аду» → ада), and itself."""
    out = [key]
    for ending in ("ой", "ей", "у", "ю", "е", "и", "ы", "а", "я"):
        stem = key[: -len(ending)]
        if key.endswith(ending) and len(stem) >= 2:
            out += [stem + "а", stem + "я"]
    return tuple(dict.fromkeys(out))


def one_gender(
    match: NickMatch, case: str | None = None, *, by_dictionary: bool = False
) -> NickMatch:
    """C-3 (docs/rulings.md, case forms of two close nicks): a case form that only one of
    the ambiguous players can take is that player's — «Соколовой» is the feminine
    Соколова's alone (the masculine's genitive is «Соколова»), «Соколовым» the masculine's
    alone. The dictionary's singular readings of the word as a name, surname or patronymic
    must all be of one gender, every candidate's nick a name the dictionary knows, and
    exactly one of that gender; a form either can be («Соколову», «Александре») stays ambiguous
    — unless the grammar names the `case` the player stands in: «Гордееву» is the feminine
    accusative or the masculine dative, so an object of a verb (accusative) is Гордеева and
    the receiver of a thing given («пулю Гордееву», dative) is Гордеев. `by_dictionary`
    (the vote reader): a candidate no ending declines (Око, Поле) is weighed by the cases
    the dictionary reads the form in (`_form_in_case`); otherwise such a pair stays
    ambiguous whatever the case."""
    if match.reason != AMBIGUOUS_NICK:
        return match
    # «Gromovu», «karpovu», «Громову» of Gromov and Gromova: a pair in either script, or
    # typed in the other, declines by the Cyrillic spellings of the form and of the nicks
    word = as_cyrillic(match.query)
    if " " in word or not word.isalpha():
        return match
    # «Медвежьего»: an adjective's ending tells the gender of the nick word it declines
    by_adjective = _one_adjective(match, word, case)
    if by_adjective is not None:
        return by_adjective
    keys = [as_cyrillic(p) for p in match.candidates]
    # a word of multi-word nicks («Ульянову» of Гриша Ульянов and Зоя Ульянова) is a form
    # of each nick's own word: its gender settles it as a one-word nick's form does
    partial = match.method in ("partial", "partial_inflected") and all(" " in k for k in keys)
    if match.method not in ("inflected", "lemma", "case_forms", "translit") and not partial:
        return match
    if match.method == "translit" and (
        word in keys or not all(case_form_pair(a, b) for a, b in pairwise(match.candidates))
    ):
        # «Karpova»: her nick as listed, and his accusative — the case settles none; and a
        # spelling two nicks fit by their letters («Wilku»: Вилка, Шилка) is no case's doubt
        return match
    in_case = (
        None
        if case is None
        else [
            _form_in_case(word, k, case) if by_dictionary else _tabled_in_case(word, k, case)
            for k in keys
        ]
    )
    if in_case is not None and None not in in_case:
        # «Убиваем Морвену»: Морвен's dative, Морвена's accusative — the verb's case settles
        # (every candidate a Cyrillic word whose declension its ending gives, or a noun the
        # dictionary declines: «Выставляю Оку» is Ока's accusative, Око's «оку» a dative)
        declined = [p for p, hit in zip(match.candidates, in_case, strict=True) if hit]
        if len(declined) == 1:
            return NickMatch(match.query, declined[0], match.method, match.confidence)
    genders = name_genders(word, nominative=False)
    # «Проверяю Ульянова»: his accusative, and her nick's word as it stands — players write
    # a nick as listed after any verb, so the case settles no word a candidate's nick holds
    as_listed = partial and any(word in k.split(" ") for k in keys)
    if partial and case is not None and not as_listed:
        # «Убиваем Рельсову» of Виктор Рельсов and Галина Рельсова, a surname the dictionary
        # does not hold: her accusative, only his dative — the verb's case settles which
        # nick's word it declines, as for one-word nicks
        declined = [
            p
            for p, k in zip(match.candidates, keys, strict=True)
            if any(_DECLINABLE.fullmatch(w) and declined_in(word, w, case) for w in k.split(" "))
        ]
        if len(declined) == 1:
            return NickMatch(match.query, declined[0], match.method, match.confidence)
    if len(genders) > 1 and case is not None and not as_listed:
        genders = name_genders(word, nominative=False, case=case)
    if len(genders) != 1:
        return match
    nicks = {p: _name_gender(k) for p, k in zip(match.candidates, keys, strict=True)}
    if not all(nicks.values()):
        return match  # a nick the dictionary does not know as a name (Вик): its forms unknown
    kept = [p for p, g in nicks.items() if g == genders]
    if len(kept) != 1:
        return match
    return NickMatch(match.query, kept[0], match.method, match.confidence)


def _tabled_in_case(word: str, key: str, case: str) -> bool | None:
    """Whether `word` is the one-word nick `key` in `case` by the ending its letters give it
    (`declined_in`); None for a nick no such ending declines."""
    return declined_in(word, key, case) if _DECLINABLE.fullmatch(key) else None


def _form_in_case(word: str, key: str, case: str) -> bool | None:
    """Whether `word` is the one-word nick `key` in `case`: by the ending its letters give
    it (`declined_in`), or for a nick no such ending declines (Око, Поле) by the cases the
    dictionary reads the word in as its singular form (`form_cases`); None
    when neither can tell."""
    if _DECLINABLE.fullmatch(key):
        return declined_in(word, key, case)
    if not _dictionary_case_form(word, key):
        return None
    cases = form_cases(word, key)
    return None if cases is None else case in cases


def form_cases(word: str, nick: str) -> frozenset[str] | None:
    """The cases `word` stands in as a form of the one-word `nick` by the dictionary (both
    spelt in Cyrillic); None when it does not know. The twins' check (`parser.twins`) and
    the case a vote's grammar governs (`one_gender`) ask it alike."""
    from parser.morph import parse

    lemma = as_cyrillic(nick).lower().replace("ё", "е")
    said = as_cyrillic(word).lower().replace("ё", "е")
    out = {
        g
        for r in parse(said)
        if r.known and r.lemma.replace("ё", "е") == lemma and "sing" in r.grammemes
        for g in r.grammemes & {"nomn", "gent", "datv", "accs", "ablt", "loct"}
    }
    return frozenset(out) or None


def _one_adjective(match: NickMatch, word: str, case: str | None) -> NickMatch | None:
    """C-3: a form of an adjective that several nicks hold in different genders («Медвежьего»
    for Бьорн Медвежий and Сигрид Медвежья, «Вороньей» for Рагнар Вороний and Астрид
    Воронья) names the nick whose word is of the form's gender: the dictionary's singular
    readings of the form (in `case`, when the grammar names it) give its genders, and each
    candidate's word of that adjective, in its nominative, its own. None when the form is
    no adjective of the candidates' words or does not settle one of them."""
    from parser.morph import parse

    readings = [r for r in parse(word) if r.known and r.pos == "ADJF" and "sing" in r.grammemes]
    if case is not None and any(case in r.grammemes for r in readings):
        readings = [r for r in readings if case in r.grammemes]
    if not readings:
        return None
    lemma = readings[0].lemma
    said = {g for r in readings if r.lemma == lemma for g in r.grammemes & _ADJ_GENDERS}
    kept: list[str] = []
    for p in match.candidates:
        own: set[str] = set()
        for w in trimmed_key(p).split(" "):
            for r in parse(w):
                if r.known and r.pos == "ADJF" and r.lemma == lemma and "nomn" in r.grammemes:
                    own |= r.grammemes & _ADJ_GENDERS
        if not own:
            return None  # a candidate with no such adjective: the form settles nothing
        if own & said:
            kept.append(p)
    if len(kept) != 1:
        return None
    return NickMatch(match.query, kept[0], match.method, match.confidence)


_ADJ_GENDERS: Final = frozenset({"masc", "femn", "neut"})

#: the endings of the singular noun declensions by case (C-3): the first (a nick ending in
#: «а»/«я»: its stem and these), the second (a nick ending in a consonant, «й» or «ь»)
_FIRST_DECLENSION: Final[dict[str, frozenset[str]]] = {
    "nomn": frozenset({"а", "я"}),
    "gent": frozenset({"ы", "и"}),
    "datv": frozenset({"е", "и"}),
    "accs": frozenset({"у", "ю"}),
    "ablt": frozenset({"ой", "ей", "ою", "ею"}),
    "loct": frozenset({"е", "и"}),
}
_SECOND_DECLENSION: Final[dict[str, frozenset[str]]] = {
    "nomn": frozenset({""}),
    "gent": frozenset({"а", "я"}),
    "datv": frozenset({"у", "ю"}),
    "accs": frozenset({"", "а", "я"}),
    "ablt": frozenset({"ом", "ем", "ём"}),
    "loct": frozenset({"е", "и"}),
}


_DECLINABLE: Final = re.compile("[а-я]+[аяйьбвгджзклмнпрстфхцчшщ]")


@lru_cache(maxsize=_KEY_CACHE)
def as_cyrillic(text: str) -> str:
    """The key of a one-word `text` (a form or a nick), spelt in Cyrillic when it is typed
    in Latin letters — the first way `parser.latin.cyrillic_spellings` reads it («Gromovu» →
    «громову») — so that a Latin pair of surnames (Gromov, Gromova), or a Cyrillic pair typed
    in Latin, declines by the endings a Cyrillic pair does (C-3); any other text's key (in
    Cyrillic, of several words, with digits or marks, or with no Cyrillic spelling) as it is.
    The script is judged on the text as written, not on its key, where Latin look-alikes
    are folded onto Cyrillic letters."""
    from parser.latin import cyrillic_spellings

    key = trimmed_key(text)
    latin = casefold_key(text).strip()
    if not _LATIN_WORD.fullmatch(latin):
        return key
    from parser.morph import parse

    spelt = cyrillic_spellings(latin)
    # «Gromovym»: «громовим» by the first scheme, «громовым» (y for ы) the word the
    # dictionary knows — the first spelling it knows, else the first
    known = [w for w in spelt if any(r.known for r in parse(w))]
    return (known or list(spelt) or [key])[0]


def written_word(nick: str, written: str) -> str:
    """C-3: the word a one-word nick is, lower case with ё as е, in the script of the word
    `written` in the text: a Latin nick heard in Cyrillic is the Russian word its letters
    spell («Volk» in «лечу волка» is «волк», «Capella» in «капелла поёт» is «капелла»:
    `as_cyrillic`), so that the tests of a word nick's everyday sense, in letters and votes
    alike, weigh the word as written whatever script the nick is listed in; any other nick
    as it stands."""
    key = nick.lower().replace("ё", "е")
    if key.isascii() and key.isalpha() and _CYRILLIC_WORD.fullmatch(written.lower()):
        return as_cyrillic(nick).replace("ё", "е")
    return key


def declined_in(word: str, nick: str, case: str) -> bool:
    """C-3: whether `word` is the one-word nick `nick` (both keys) declined as a noun into
    `case` by the ending its own letters give it: «морвену» is Морвена's accusative, and
    only Морвен's dative. A nick of another shape (several words, indeclinable, not a
    Cyrillic word) is no such form."""
    if " " in nick or not nick.isalpha() or not re.fullmatch("[а-я]+", nick):
        return False
    if nick[-1] in "ая":
        stem, table = nick[:-1], _FIRST_DECLENSION
    elif nick[-1] in "йь":
        stem, table = nick[:-1], _SECOND_DECLENSION
    elif nick[-1] in "бвгджзклмнпрстфхцчшщ":
        stem, table = nick, _SECOND_DECLENSION
    else:
        return False  # «Ингвэ»: a vowel the declensions do not end in — indeclinable
    return word.startswith(stem) and word[len(stem) :] in table.get(case, frozenset())


def agrees(text: str, nick: str) -> bool:
    """C-3: whether a form (`text`) may name the player `nick` by gender. A form the
    dictionary reads only as a man's (or only as a woman's) name, surname or patronymic —
    «Витю», «Гордеевой», «Валентиной», «Петровым» — is no form of a nick whose name is of
    the other gender; a form of either gender («Гордееву», «Сашу») and a nick of no known
    gender (a word, a handle) agree with anything."""
    said = form_genders(text)
    if not said:
        return True
    own = nick_genders(nick)
    return not own or bool(said & own)


@lru_cache(maxsize=_KEY_CACHE)
def form_genders(text: str) -> frozenset[str]:
    """The one gender every Cyrillic word of `text` carries as a singular name form (a
    word of either gender, or of none, tells nothing); empty when they carry none or
    contradict each other."""
    out: frozenset[str] = frozenset()
    for word in _WORD_SPLIT.split(trimmed_key(text).replace("ё", "е")):
        if not _CYRILLIC_WORD.fullmatch(word):
            continue
        genders = form_word_genders(word)
        if len(genders) != 1:
            continue
        if out and out != genders:
            return frozenset()
        out = genders
    return out


@lru_cache(maxsize=_KEY_CACHE)
def nick_genders(nick: str) -> frozenset[str]:
    """The gender of a player's name as the dictionary knows it in the nominative: a
    Cyrillic nick's words (a given name, a surname, a patronymic: Виталина, Гордеев, Анна
    Гордеева), or a one-word Latin nick spelt in Cyrillic (Vitalina); empty when unknown,
    of both genders (Саша) or mixed. Only the player's own words count: Ксю_и_Мирон is no
    man's nick for his son's name."""
    from parser.latin import cyrillic_spellings

    key = _bare_name(nick)
    # the player's own words: not the second person of «Ксю_и_Мирон» (`own_words`)
    words = list(own_words(key.replace("ё", "е")))
    if len(words) == 1 and _LATIN_WORD.fullmatch(words[0]):
        spelt = frozenset(
            g for cyr in cyrillic_spellings(words[0]) for g in name_genders(cyr, nominative=True)
        )
        return spelt if len(spelt) == 1 else frozenset()
    out: set[str] = set()
    for word in words:
        if _CYRILLIC_WORD.fullmatch(word):
            out |= name_genders(word, nominative=True)
    return frozenset(out) if len(out) == 1 else frozenset()


def pet_match(resolver: NickResolver, text: str, *, any_case: bool = False) -> NickMatch | None:
    """`diminutive_match`, and a pet form two players' names share named as ambiguous
    (C-3, docs/rulings.md: two fits are `ambiguous_nick`). When one player's nick is itself
    a pet form of the other's name (Златка of Злата, Алёнка of Алёна), or of the name the
    text is (Таська of Тася, the name «Тасю» is, read as Таисия), a pet form read as one of
    them («Златочку», «Алёнушку», «Тасю») fits the other as well; only the nicks' own case
    forms, read before this, tell them apart."""
    from parser.morph import lemmas

    m = diminutive_match(resolver, text, any_case=any_case)
    if m is not None:
        m = _pet_gender(m)
    if m is None or m.nick is None or m.method != "diminutive":
        return m
    found = m.nick
    names = tuple(n.capitalize() for n in lemmas(trimmed_key(text)) if n.isalpha())
    kin = [
        p
        for p in resolver.players
        if p != found
        and (
            _pet_of(p, found)
            or _pet_of(found, p)
            or any(_pet_of(p, n) for n in names)
            or _same_stem(p, found)
        )
    ]
    if not kin:
        return m
    return NickMatch(m.query, None, m.method, m.confidence, AMBIGUOUS_NICK, (found, *kin))


@lru_cache(maxsize=1024)
def _same_stem(nick: str, other: str) -> bool:
    """C-3: whether two one-word Cyrillic nicks are one stem with another ending — the
    singular and the plural of one noun (Рыба and Рыбы), a twin by case form (Кот and
    Кота): a pet form built on that stem («Рыбку», «Котика») fits both, and proves neither.
    Nicks whose stems differ (Опёнок and Опята: «опён-», «опят-») are not of one stem, nor
    a man's and a woman's name (Александр, Александра), whose pet forms carry a gender."""
    a, b = trimmed_key(nick).replace("ё", "е"), trimmed_key(other).replace("ё", "е")
    if not (_CYRILLIC_WORD.fullmatch(a) and _CYRILLIC_WORD.fullmatch(b)) or a == b:
        return False
    stem_a, stem_b = a.rstrip(_STEM_ENDINGS), b.rstrip(_STEM_ENDINGS)
    if len(stem_a) < 3 or stem_a != stem_b:
        return False
    # a man's and a woman's name of one stem (Александр, Александра) are told apart by the
    # pet form's own gender (`_pet_gender`, the name rules), not made kin here
    ga, gb = nick_genders(nick), nick_genders(other)
    return not (ga and gb and not ga & gb)


#: the endings a nick's stem is read without (its nominative's vowel, soft sign or «й»)
_STEM_ENDINGS: Final = "аяыиоеьй"


def word_pet_match(resolver: NickResolver, text: str) -> NickMatch | None:
    """C-3: a word of the dictionary that is a pet form of a word nick by the nick's own
    stem — a diminutive suffix off the word, the stem's alternations undone, and the nick
    left («рыбку» → Рыба, «сапожка» → Сапог, «венерку» → Венера): `pet_match`, read only
    when the suffix leaves a living nick itself (not a name the stem only starts, no pet
    form of a given name by rule, no guess), and only in a case a move's object stands in:
    «лечу сорочка» (a nominative alone) is the word. «ручку», «звёздочку» leave no nick:
    None. A stem two nicks share names both (`_same_stem`: «рыбку» with Рыба and Рыбы)."""
    from parser.morph import parse

    key = trimmed_key(text)
    if len(key) < 4 or not _CYRILLIC_WORD.fullmatch(key):
        return None
    readings = [r for r in parse(key) if r.known]
    if readings and all("nomn" in r.grammemes for r in readings):
        return None  # «лечу сорочка»: a nominative only, no move's object — the word itself
    found, by_head = _suffix_readings(resolver, key)
    if not found or by_head:
        return None
    m = pet_match(resolver, text, any_case=True)
    if m is None or not (m.ok or m.reason == AMBIGUOUS_NICK):
        return None
    return m


def _pet_gender(m: NickMatch) -> NickMatch:
    """C-3: a pet form names only players whose name is of the gender the dictionary gives
    it («Витю» is a boy's: no Виталина's, though the head of her name fits). A player the
    form contradicts is dropped from a reading, an ambiguity and a guess alike. One player
    left of an ambiguity is read only when the others were dropped by gender and his own
    name's gender is known («Витю» with Виталий and Виталина: Виталий); a name the
    dictionary gives no gender (Таира, which it reads only as Таир's form) keeps whatever
    the pet rules made of it, as before."""
    said = form_genders(m.query)
    if not said:
        return m
    players = (m.nick,) if m.nick is not None else m.candidates
    kept = [p for p in players if agrees(m.query, p)]
    if m.nick is not None:
        return m if kept else NickMatch(m.query, None, m.method, 0.0, UNKNOWN_NICK)
    if len(kept) == len(players):
        return m
    if m.reason == AMBIGUOUS_NICK and kept:
        # the dictionary's gender of a pet form is not proof enough to pick one of several
        # players (it files «Сашка» as a boy's though Саша is either): only drop to a question
        return m
    reason = m.reason if kept else UNKNOWN_NICK
    return NickMatch(m.query, None, m.method, m.confidence, reason, tuple(kept))


_CYRILLIC_NAME: Final = re.compile("[а-яё]{3,}")


@lru_cache(maxsize=1024)
def _pet_of(nick: str, name: str) -> bool:
    """Whether the one-word Cyrillic nick `nick` is a pet form of the name `name` (Златка
    of Злата, Таська of Тася) by the diminutive reading — not a mere case form of it
    (Соколов beside Соколова), nor a guess; the nick must end in a diminutive suffix. A digit
    tail is no part of the name (Вовчик112 is a pet form of Вова)."""
    key = _split_digit_tail(trimmed_key(nick))[0]
    nick = key.capitalize()
    if not (_CYRILLIC_NAME.fullmatch(key) and _CYRILLIC_NAME.fullmatch(trimmed_key(name))):
        return False
    if not key.endswith(_DIMINUTIVE):
        return False  # a name of its own (Марк beside Марфа), not a pet form
    alone = NickResolver([name])
    if alone.resolve_strict(nick, (*STRICT_TIERS, "inflected", "lemma")) is not None:
        return False
    m = diminutive_match(alone, nick)
    return m is not None and m.nick == name


def _suffix_readings(resolver: NickResolver, key: str) -> tuple[dict[str, None], bool]:
    """Players a Cyrillic word is a diminutive of by its suffix: the name left once the
    suffix is off (with its ending back), else the full name that stem starts (the second
    value: found only so, by the head of the name); and the near-identical longer nicks
    such a form may mean too (`_longer_forms`)."""
    from parser.morph import lemmas  # only when the cheaper readings found nothing
    from parser.nameforms import word_forms

    found: dict[str, None] = {}
    by_head = False
    for form in dict.fromkeys((key, *lemmas(key), *word_forms(key))):
        for suffix in _DIMINUTIVE:
            stem = form[: -len(suffix)]
            if not form.endswith(suffix) or len(stem) < 3:
                continue
            for base in _bases(stem, suffix):
                m = resolver.resolve_strict(base, _BASE_TIERS)
                if m is not None:
                    found.update(dict.fromkeys(m.candidates if m.nick is None else (m.nick,)))
        if not found:
            # «Ромку» → Роман, «Светку» → Светлана: the stem starts the full name
            found.update(dict.fromkeys(_name_from_stem(resolver, form)))
            by_head = bool(found)
    # «Владьку» with players Vlad and Vladik: a pet form of Влад, and Vladik is one of his
    # too — the two are near-identical, and the form proves neither
    found.update(dict.fromkeys(_longer_forms(resolver, found)))
    return found, by_head


def _explained_otherwise(key: str, found: Iterable[str]) -> bool:
    """Whether the dictionary knows `key` as a word that is no name form of any of the
    `found` players whose nick is a given name: «марка» (a noun, and the genitive of Марк)
    is no pet form of Марфа, while «Нинку» (a pet name the dictionary derives from Нина)
    and «Ромку» (no dictionary word at all: a pet form or a typo) are. A nick the dictionary
    does not know as a name (Друг and its «дружок») is left to the suffix rules."""
    from parser.morph import parse

    readings = parse(key)
    if not any(r.known for r in readings):
        return False
    names = [trimmed_key(p).replace("ё", "е") for p in found]
    names = [n for n in names if any("Name" in r.grammemes for r in parse(n))]
    if not names:
        return False
    lemmas = {r.lemma.replace("ё", "е") for r in readings if "Name" in r.grammemes}
    return not any(_pet_lemma_of(lemma, n) for lemma in lemmas for n in names)


def _own_word(key: str, nick: str) -> bool:
    """Whether `key`, read as a pet form by the head of a word nick (no given name), is a
    dictionary word of its own: known to the dictionary, with no lemma that is the nick's
    (so no case form of it), and not keeping the nick's whole stem («Липку»: липка, no form of
    Липовка; «Пчельников» keeps Пчельники's stem and is its case form)."""
    from parser.morph import parse

    name = trimmed_key(nick).replace("ё", "е")
    if " " in name or len(name) <= 3 or any("Name" in r.grammemes for r in parse(name)):
        return False
    readings = [r for r in parse(key) if r.known]
    if not readings or key.startswith(name[:-1]):
        return False
    own = {r.lemma.replace("ё", "е") for r in parse(name) if r.known} | {name}
    return not any(r.lemma.replace("ё", "е") in own for r in readings)


def _pet_lemma_of(lemma: str, name: str) -> bool:
    """Whether a name the dictionary gives (`lemma`) is `name` itself or a pet form of it:
    a diminutive ending on the name's first letters (Нинка, Марфуша, Павлик), not another
    full name that shares them (Марк beside Марфа)."""
    if lemma == name:
        return True
    head = 0
    for a, b in zip(lemma, name, strict=False):
        if a != b:
            break
        head += 1
    return head >= 3 and lemma.endswith(_DIMINUTIVE)


def _bases(stem: str, suffix: str = "") -> tuple[str, ...]:
    """The names a stem left by a diminutive `suffix` may stand for: itself, with «а», «я» or
    «ь» back on, and with the consonant a suffix softens put back (Шре|ч|ка of Shrek, Дру|ж|ок
    of Друг, Лё|ш|ка of Лёха). C-3, a word nick's own alternations: a soft sign a pet suffix
    puts after the stem taken off (Квартал|ь|чик), and a noun in «-ец», whose «е» is fleeting
    and whose «ц» a pet suffix turns into «ч» or drops (Стрелец: стрель|ч|ик, стрель|чик;
    Огурец: огур|ч|ик; Скворец: сквор|ушка), given its «-ец» back."""
    out = [stem, stem + "а", stem + "я", stem + "ь"]
    hard = _SOFTENED_BACK.get(stem[-1])
    if hard is not None:
        out += [stem[:-1] + hard, stem[:-1] + hard + "а"]
    if stem.endswith("ь") and len(stem) > 3:
        out.append(stem[:-1])
    if stem.endswith("ч") or suffix.startswith("ч") or suffix in _FLEETING_EC_SUFFIXES:
        bare = stem[:-1] if stem.endswith("ч") else stem
        out.append(bare.removesuffix("ь") + "ец")
    return tuple(dict.fromkeys(out))


#: pet suffixes before which a noun's «-ец» goes whole (сквор|ец → сквор|ушка)
_FLEETING_EC_SUFFIXES: Final = ("ушка", "юшка")


_SOFTENED_BACK: Final = {"ч": "к", "ж": "г", "ш": "х"}
_LATIN_WORD: Final = re.compile("[a-z]+")
#: a Latin-typed Russian word, its soft sign typed as an apostrophe («Kapel'mejstera»)
_LATIN_TYPED: Final = re.compile(r"[a-z]+(?:['`’][a-z]+)*")


def _typed_in_latin(
    resolver: NickResolver, text: str, key: str, *, any_case: bool
) -> NickMatch | None:
    """A Russian name form typed in Latin letters («Mishu», «Lyohu», «Maksimku»): read as
    its Cyrillic spellings (the letter reader's transliteration), each as a case form of a
    nick and then as a pet form, the first that names anyone deciding."""
    from parser.latin import cyrillic_spellings

    for cyr in cyrillic_spellings(key):
        shown = cyr.capitalize() if text.lstrip("@«\"'([")[:1].isupper() else cyr
        m = resolver.resolve_strict(shown, ("inflected", "lemma"))
        if m is None:
            m = diminutive_match(resolver, shown, any_case=any_case)
            # «Vityu» is «Витю» and a boy's: the gender of its Cyrillic spelling (C-3)
            m = None if m is None else _pet_gender(m)
        if m is not None and (m.ok or m.candidates):
            return replace(m, query=text)
    return None


def _tabled_only(resolver: NickResolver, key: str) -> NickMatch | None:
    """A three-letter word read only as a pet name of the table («Ксю» for Ксения)."""
    from parser.morph import parse

    readings = [r for r in parse(key) if r.known]
    if readings and not readings[0].grammemes & _PROPER_TAGS:
        return None  # «кол», «сан»: a word of the dictionary first («Юру», «Осю»: a name)
    names = [r.lemma.replace("ё", "е") for r in readings if "Name" in r.grammemes]
    found = _tabled(resolver, tuple(dict.fromkeys((key, *names))))
    if found is None or not found[0]:
        return None
    return _found_match(key, found[0] + found[1])


def _found_match(text: str, found: Sequence[str]) -> NickMatch:
    if len(found) == 1:
        return NickMatch(text, found[0], "diminutive", DIMINUTIVE_CONFIDENCE)
    return NickMatch(text, None, "diminutive", DIMINUTIVE_CONFIDENCE, AMBIGUOUS_NICK, tuple(found))


def _table_reading(
    resolver: NickResolver, key: str, forms: Sequence[str]
) -> tuple[list[str], list[str]] | None:
    """`_tabled` for a word and its nominatives; «Санька», «Женька» where a move or a vote
    takes its player are the oblique case of a boy's pet name in -ёк (Санёк, Женёк), whose
    own case would be «Саньку»."""
    if key.endswith("ька") and len(key) > 5:
        boy = _tabled(resolver, (key[:-3] + "ек",))
        if boy is not None:
            return boy
    return _tabled(resolver, forms)


def _tabled(resolver: NickResolver, forms: Sequence[str]) -> tuple[list[str], list[str]] | None:
    """Players `forms` (nominatives, lower case) name as a pet name of the table
    (`parser.nameforms.PET_STEMS`): None when no form is a pet name the table knows (the
    rules may read it then); else the players of that name — a full name, or a nick that is
    a pet name of the same stem (Лёха for Lexa) — and, apart, the players whose nick is
    another pet name of that name (Гоша for a player Жора, Алёша for Lexa): he may be
    called so, or not, so he is a doubt, never a reading."""
    from parser.nameforms import PET_STEMS, tabled_pets

    wanted: set[tuple[str, str]] = set()
    for form in forms:
        wanted |= tabled_pets(form.replace("ё", "е"))
    # a full name of the table («Галину») may mean a player called by a pet name of it
    # (Бабушка Галя) — or someone else of that name: a doubt, as another pet name is
    full = {f.replace("ё", "е") for f in forms} & PET_STEMS.keys()
    if not wanted and not full:
        return None
    names = {name for name, _stem in wanted} | full
    sure: list[str] = []
    maybe: list[str] = []
    for p in resolver.players:
        # the nick's own letters: the trimmed key folds Latin look-alikes into Cyrillic
        pets = _nick_pets(_EDGE_JUNK.sub("", casefold_key(p)))
        if pets & wanted:
            sure.append(p)
        elif {name for name, _stem in pets} & names:
            maybe.append(p)
    return sure, maybe


@lru_cache(maxsize=4096)
def _nick_pets(key: str) -> frozenset[tuple[str, str]]:
    """(full name, stem) of the table's pet names a nick's key may be called by: by its
    given name (Cyrillic, or a Latin nick in Cyrillic: Alexandr, Evgeniy, and x as х
    between vowels: Lexa is Лёха), or by its own stem when the nick is a pet name itself
    (Tolik, Vovan, Zhenya_99: a digit tail is no part of the name)."""
    from parser.nameforms import name_pets

    # «Zhenya_99», «Миша1987», «Tanya-77»: the name without its digits
    key = _split_digit_tail(key)[0].strip("_-. ")
    name = _given_name(key)
    if name is not None:
        return name_pets(name)
    if _LATIN_WORD.fullmatch(key):
        return _latin_pets(key)
    # a nick of several parts: the pet names of its own words that are names (Ксю of
    # Ксю_и_Мирон, Галя of Бабушка Галя, Dima of Papa_Dima; not the child Мирон)
    out: frozenset[tuple[str, str]] = frozenset()
    for word in own_words(key):
        if _LATIN_WORD.fullmatch(word):
            out |= _latin_pets(word)
        elif _CYRILLIC_WORD.fullmatch(word) and not _common_word(word):
            out |= name_pets(word)
    return out


def _latin_pets(key: str) -> frozenset[tuple[str, str]]:
    """`_nick_pets` of one Latin word: the pet names of the names it spells in Cyrillic."""
    from parser.nameforms import name_pets

    out: frozenset[tuple[str, str]] = frozenset()
    for latin in dict.fromkeys((key, _INNER_X.sub("h", key))):
        for cyr in _named_spellings(latin):
            out |= name_pets(cyr)
    return out


_SOFT_SLOT: Final = re.compile("[бвдзлмнпрстф](?=[бвгдзклмнпрстфхцчшщ]|$)")


@lru_cache(maxsize=1024)
def _named_spellings(latin: str) -> tuple[str, ...]:
    """The Cyrillic spellings of a Latin word, and those with a soft sign a Latin spelling
    leaves out put back where the dictionary then knows a given name (Olga → Ольга, Igor →
    Игорь)."""
    from parser.latin import cyrillic_spellings
    from parser.morph import is_given_name

    out: dict[str, None] = {}
    for cyr in cyrillic_spellings(latin):
        out[cyr] = None
        if is_given_name(cyr):
            continue
        for m in _SOFT_SLOT.finditer(cyr):
            soft = cyr[: m.end()] + "ь" + cyr[m.end() :]
            if is_given_name(soft):
                out[soft] = None
    return tuple(out)


def _longer_forms(resolver: NickResolver, found: dict[str, None]) -> list[str]:
    """Other players whose nick is a found nick with more letters after it, in either script
    (Vladik beside Vlad): near-identical nicks a diminutive of the shorter may mean."""
    if len(found) != 1:
        return []
    (nick,) = found
    base = translit_key(nick)
    return [
        p
        for p in resolver.players
        if p != nick
        and len(base) >= 3
        and (k := translit_key(p)).startswith(base)
        and k[len(base) :].isalpha()  # Vladik, not the two words of Саша Белый
    ]


def _heard_words(resolver: NickResolver, text: str) -> NickMatch | None:
    """«Найт Оула» for Night Owl: a Latin nick of several words written in Cyrillic as it
    sounds, word for word (a case ending on any word)."""
    from parser.nameforms import sounds_like

    words = casefold_key(text).replace("ё", "е").split(" ")
    if not all(_CYRILLIC_WORD.fullmatch(w) for w in words):
        return None
    found = []
    for p in resolver.players:
        latin = [w for w in _WORD_SPLIT.split(casefold_key(p)) if w]
        same = len(latin) == len(words) and all(w.isascii() and w.isalpha() for w in latin)
        if same and all(
            sounds_like(c, w) and proven_sound(c, w) for c, w in zip(words, latin, strict=True)
        ):
            found.append(p)
    if len(found) == 1:
        return NickMatch(text, found[0], "diminutive", DIMINUTIVE_CONFIDENCE)
    return None


def _name_forms(
    resolver: NickResolver, key: str, *, sounds: bool, lenient: bool = False
) -> tuple[list[str], bool]:
    """Players `key` (one lower-case Cyrillic word) is a pet form of, or (`sounds`: typed
    with a capital, as a name is) whose Latin nick it sounds like in one of its words. A
    pet form outranks a sound («Натаху» is Наталья before Night Owl); a form that fits
    many names at once (the head of a name up to its first vowel, «Витя») counts only
    when nothing firmer fits anyone, and is flagged (the second value) as such a guess."""
    from parser.morph import parse
    from parser.nameforms import sounds_like, word_forms

    readings = parse(key)
    names = [r.lemma for r in readings if "Name" in r.grammemes]
    proper = bool(names) or any(r.grammemes & _PROPER_TAGS for r in readings)
    # an ordinary word of the dictionary («Серого», «Рыжую», «Сажаю») is no pet form; a
    # name the dictionary knows is read as that name («Жану» is Жан, not Жанна)
    pet = proper or lenient or not any(r.known for r in readings)
    forms = tuple(names) if names else word_forms(key)
    # «Грушу», «Милочку» typed with a capital: a dictionary word that is also a pet name
    # the table holds is read by the table (its rules still need a name)
    tabled = _table_reading(resolver, key, forms) if pet or sounds else None
    # «Бориску»: a pet form of a name the dictionary knows is heard as that name, not as
    # its letters («Бориска» sounds like Barsik, Борис does not)
    hearing = _named_bases(forms) or (key,)
    own_name = any(r.known and "Name" in r.grammemes for r in readings)
    firm: dict[str, None] = {}
    heard: dict[str, None] = {}
    unproven: dict[str, None] = {}
    loose: dict[str, None] = {}
    guessed = False
    for p, k in zip(resolver.players, resolver.trimmed_keys, strict=True):
        if tabled is not None and " " not in k and _nick_pets(k):
            continue  # a name the table holds is read by the table alone («Диму»: no Владимир)
        # a Latin name nick's pet forms only for a word that is no name of its own
        # («Маркуса» is Маркус, not Marco's), or whose name is the nick's name cut short
        # («Капу»: Кап|а of Kapitolina, Капитолина)
        names_of_p = _pet_keys(p, k) if pet else ()
        if own_name and not _typed_cyrillic(p):
            names_of_p = tuple(n for n in names_of_p if _cut_of(names, n))
        for strength in _pet_strengths(forms, names_of_p, names=bool(names), own_name=own_name):
            if strength == "firm":
                firm[p] = None
            else:
                loose[p] = None
                guessed = guessed or strength == "guess"
        if sounds and (latin := casefold_key(p)).isascii():
            words = [w for w in _WORD_SPLIT.split(latin) if len(w) >= 3 and w.isalpha()]
            # a handle's camelCase parts are words of it too («Альт»: AltCoiner as well as
            # Alt_Season), so a sound two handles share names both (C-3)
            words += [w for part in handle_parts(p) if len(w := part.casefold()) >= 3]
            fits = [(h, w) for w in words for h in hearing if sounds_like(h, w)]
            if fits:
                heard[p] = None
                if not any(proven_sound(h, w) for h, w in fits):
                    # «Кнехта» for Knight, «Литера» for Later: the consonants agree, but the
                    # word writes no reading of the nick — a doubt, never a proof (C-3)
                    unproven[p] = None
    if tabled is not None:
        # a pet name the table knows: the players of that name, a player called by another
        # pet name of it (a doubt), and any other player whose name the table does not hold
        # that the rules find: one is read, more are asked about
        sure, maybe = tabled
        if sure:  # a pet name outranks a sound (as below: «Натаху» is Наталья, not Night Owl)
            heard = {}
        found = list(dict.fromkeys((*sure, *firm, *heard, *maybe)))
        return (found, False) if sure or firm or heard else (maybe, bool(maybe))
    if firm:
        return list(firm), False
    if heard:
        # a sound no reading proves is a guess when it is all there is (asked naming the
        # player), and a doubt beside a proven one (asked naming both)
        return list(heard), all(p in unproven for p in heard)
    sure, guessed_names = _hypocoristics(resolver, forms, own_name) if pet else ([], [])
    if sure:
        return sure, False  # «Мишаня»: Ми|х|аил's own consonant, firmer than a short form
    if loose:
        return list(loose), guessed
    return guessed_names, bool(guessed_names)


def _cut_of(names: Sequence[str], full: str) -> bool:
    """C-3: whether one of `names` (the dictionary's name lemmas of a word) is the full name
    `full` cut short after a consonant, with the bare ending «а» or «я» — a pet name made of
    the name's own opening letters (Кап|а of Капитолина, Мар|а of Марина), not a name of its
    own that merely starts alike (Маркус beside Марко: «ус» is no bare ending)."""
    full = full.replace("ё", "е")
    for name in names:
        stem = name.replace("ё", "е")[:-1]
        if name[-1:] not in ("а", "я") or len(stem) < 3 or stem[-1] in _VOWELS:
            continue
        if full.startswith(stem) and len(full) - len(stem) >= 3:
            return True
    return False


def _pet_strengths(
    forms: Sequence[str], keys: Sequence[str], *, names: bool, own_name: bool
) -> list[str]:
    """How each of `forms` is a pet form of each name key of a player: "firm", "loose" (a
    short cut of a full name: «Витя», «Люся») or "guess" (such a cut with a pet consonant)."""
    from parser.nameforms import pet_form_kind

    out: list[str] = []
    for form, k in ((f, n) for f in forms for n in keys):
        kind = pet_form_kind(form, k)
        if kind is None or (kind == "clipped" and names):
            continue  # «Алекс» is a name of its own, not only Александр cut short
        if kind != "clipped" and _common_word(k) and (own_name or kind == "tail"):
            # «Капу» (the name Капа) is no pet form of the word Капельмейстер; and a later
            # syllable of a word («Санса» of Сапсан, «Рузу» of Кукуруза) is no form a host
            # knows: a name gives its tail (Рита of Маргарита), a word only its diminutive
            # («Машиночку» of Машинка) — offered as a guess, never read (C-3)
            continue
        full = len(k) >= _FULL_NAME or (len(k) >= _FULL_NAME - 1 and k[-1] not in "ая")
        if kind in ("short", "guess") and form[-1:] in ("а", "я") and full:
            # «Витя», «Люся»: the head up to its vowel and a suffix, of a full name
            # (Костя is a short name itself, Кот no name: Коля is neither's)
            out.append("guess" if kind == "guess" else "loose")
        elif kind not in ("short", "guess"):
            out.append("firm")
    return out


def _pet_keys(nick: str, key: str) -> tuple[str, ...]:
    """The one-word Cyrillic names a pet form of this player is made from: his nick typed
    in Cyrillic, or the Cyrillic spelling of his one-word Latin nick when it is a given name
    the dictionary knows (Bogdan → Богдан, so «Богдашку» is his)."""
    if " " in key:
        return ()
    if _CYRILLIC_WORD.fullmatch(key) and _typed_cyrillic(nick):
        return (key,)  # (a word nick has no pet forms but a clipped one: `_common_word`)
    latin = _bare_name(nick)
    if not _LATIN_WORD.fullmatch(latin):
        return ()
    return _latin_given_names(latin)


@lru_cache(maxsize=1024)
def _latin_given_names(latin: str) -> tuple[str, ...]:
    from parser.latin import cyrillic_spellings
    from parser.morph import parse

    return tuple(
        cyr.replace("ё", "е")
        for cyr in (*cyrillic_spellings(latin), *_named_spellings(latin))
        if len(cyr) >= _FULL_NAME - 1
        and any(r.known and r.lemma == cyr and {"Name", "nomn"} <= r.grammemes for r in parse(cyr))
    )


@lru_cache(maxsize=1024)
def _common_word(key: str) -> bool:
    """Whether a one-word nick is an ordinary word the dictionary knows and no given name
    (Капельмейстер, Кулиса): it has no pet forms of a name."""
    from parser.morph import parse

    readings = [r for r in parse(key) if r.known]
    return bool(readings) and not any("Name" in r.grammemes for r in readings)


def _named_bases(forms: Sequence[str]) -> tuple[str, ...]:
    """The given names `forms` (nominatives, lower case) are diminutives of: a name the
    dictionary knows, in the nominative, left once a diminutive suffix is off (Борис of
    «Бориска», Вова of «Вовка»)."""
    from parser.morph import parse

    out: dict[str, None] = {}
    for form in forms:
        for suffix in _DIMINUTIVE:
            stem = form[: -len(suffix)]
            if not form.endswith(suffix) or len(stem) < 3:
                continue
            for base in _bases(stem):
                if any(
                    r.known and r.lemma == base and {"Name", "nomn"} <= r.grammemes
                    for r in parse(base)
                ):
                    out[base] = None
    return tuple(out)


def _hypocoristics(
    resolver: NickResolver, forms: Sequence[str], own_name: bool = False
) -> tuple[list[str], list[str]]:
    """Players a pet name among `forms` is formed from by the productive rule of
    `parser.nameforms.hypocoristic_kind` (Санёк → Александр, Мишаня → Михаил; «Серёга» →
    Сергей Палыч, a name and patronymic by its name): the sure ones, and the guessed ones
    (a pet consonant the name lacks: Ксюха → Ксения), which are asked about."""
    from parser.nameforms import hypocoristic_kind

    sure: dict[str, None] = {}
    guess: dict[str, None] = {}
    for p, k in zip(resolver.players, resolver.trimmed_keys, strict=True):
        name = _given_name(k)
        if name is None or (own_name and _common_word(name)):
            continue  # a name («Капу») is no pet form of a word nick (Капельмейстер)
        for form in forms:
            kind = hypocoristic_kind(form.replace("ё", "е"), name)
            if kind == "sure":
                sure[p] = None
            elif kind == "guess":
                guess[p] = None
    return list(sure), [p for p in guess if p not in sure]


def _given_name(key: str) -> str | None:
    """The full given name of a nick's key: the nick itself when it is one Cyrillic word,
    or the first word of a name and a patronymic or a surname (Сергей Палыч, Аня Смирнова)
    when the dictionary knows it as a given name."""
    from parser.morph import parse

    words = key.replace("ё", "е").split(" ")
    if not all(_CYRILLIC_WORD.fullmatch(w) for w in words) or len(words) > 2:
        return None
    if len(words) == 2 and not any("Name" in r.grammemes for r in parse(words[0])):
        return None
    return words[0]


def _name_from_stem(resolver: NickResolver, form: str) -> list[str]:
    """Players whose one-word Cyrillic nick starts with the stem `form` keeps once a
    diminutive suffix is off, a few letters longer: the full name of «Ромка», «Светка». The
    nick's own letters, not its look-alike key: «Вовку» is no pet form of Bober, whose Latin
    B only looks like a Cyrillic В (a pet form must come from the player's own name)."""
    keys = [
        k if _typed_cyrillic(p) else ""
        for p, k in zip(resolver.players, resolver.trimmed_keys, strict=True)
    ]
    found = _name_from_stem_keys(form, keys)
    return [p for p, k in zip(resolver.players, keys, strict=True) if k and k in found]


def _typed_cyrillic(nick: str) -> bool:
    """Whether a nick is typed in Cyrillic letters alone (its look-alike key aside)."""
    return bool(_CYRILLIC_WORD.fullmatch(_EDGE_JUNK.sub("", casefold_key(nick))))


def _name_from_stem_keys(form: str, keys: Sequence[str]) -> set[str]:
    """The one-word `keys` that start with the stem `form` keeps once a diminutive suffix is
    off, a few letters longer (`_name_from_stem`)."""
    out: set[str] = set()
    for suffix in ("ка", "ку", "ке", "кой", "ки", "ик", "ика", "ику"):
        stem = form[: -len(suffix)] if form.endswith(suffix) else ""
        if len(stem) < 3:
            continue
        out.update(
            k for k in keys if " " not in k and k.startswith(stem) and 1 < len(k) - len(stem) <= 4
        )
    return out


_CYRILLIC_WORD: Final = re.compile("[а-я]+")
_INNER_X: Final = re.compile("(?<=[aeiouy])x(?=[aeiouy])")  # «Lexa», not «Max»
_PROPER_TAGS: Final = frozenset({"Name", "Surn", "Patr", "Geox"})
# letters of a full name ending in а/я (Людмила, not Костя), one fewer for others (Павел)
_FULL_NAME: Final = 6
DIMINUTIVE_CONFIDENCE: Final = 0.85
#: a dictionary word of its own read as a word nick by the nick's head (`_own_word`): the
#: likeliest player, below the reader's move threshold (0.8), so the sender is asked
OWN_WORD_CONFIDENCE: Final = 0.75
#: a pet form guessed by a pet consonant the name lacks («Ксюху» for Ксения): offered to the
#: sender as a suggestion, never read as the player
GUESS_CONFIDENCE: Final = 0.7


def spelled_alike(text: str, nick: str) -> bool:
    """Whether `text` spells `nick` in the other script as it stands, not as a case form
    («Нео» for Neo-1, «Vasya» for Вася2005): such a word is the nick in the nominative."""
    return _split_digit_tail(translit_key(text))[0] == _split_digit_tail(translit_key(nick))[0]


def name_sharers(resolver: NickResolver, text: str, nick: str) -> tuple[str, ...]:
    """C-3: the other living players a one-word given-name form read as `nick` fits as well —
    «Лену», «Lena» for FoodieLena (a handle's part, in either script) and for Елена
    Борисовна (the usual short form of her given name). A short given name two players
    answer to proves neither, whichever path read it; both readers weigh it here. Only a
    word the dictionary knows as a person's given name counts; a form written as the nick
    itself (its own case forms), or one the other player's gender excludes («Витю» is no
    Виталина), names no other player."""
    if nick not in resolver:
        return ()
    memo = resolver.sharers_memo
    hit = memo.get((text, nick))
    if hit is None:
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        heard = heard_alike(resolver, text, nick)
        given = _given_name_sharers(resolver, text, nick)
        family = _surname_sharers(resolver, text, nick)
        twins = digit_twins(resolver, text, nick)
        parts = _part_sharers(resolver, text, nick)
        short = short_form_sharers(resolver, text, nick)
        hit = memo[text, nick] = tuple(
            dict.fromkeys((*heard, *given, *family, *twins, *parts, *short))
        )
    return hit


def short_form_sharers(resolver: NickResolver, text: str, nick: str) -> tuple[str, ...]:
    """C-3: the other living players a short form of a given name read as `nick` may belong
    to as well — every player whose name the form is a known short form of (`fit_kind`'s
    "short_form": «Лину» of Алина and of Полина Гай, «Юлю» of Юлия and Юлиана), or whose
    one-word name it only looks like a case form of while the dictionary declines that name
    otherwise (Лев declines «Льва», «Льву»: «Лёву» is a short form there, not his case).
    Nobody else is added when the form is a player's own nick or its dictionary case form
    («Костю» for a player Костя, «Сашу» for a Саша): a nick written as it is stays his. The
    gender of the form sorts the owners first (`agrees`)."""
    if nick not in resolver:
        return ()
    key = _EDGE_JUNK.sub("", casefold_key(text)).replace("ё", "е")
    if not key or " " in key or not key.isalpha():
        return ()
    words = _named_spellings(key) if key.isascii() else (key,)
    if not any(_short_given_name(w) for w in words):
        return ()  # only a word the dictionary knows as a given name is a short form
    players = resolver.players
    if any(_own_nick_form(text, p) for p in players):
        return ()
    strength = {p: _short_form_of(text, p) for p in players if agrees(text, p)}
    fits = [p for p, k in strength.items() if k]
    if any(strength[p] == 2 for p in fits):
        # a form the name table or the pet rule gives, or the name's own opening, beside
        # one made from an inner syllable of another name (Дима: Дмитрий, not Владимир)
        fits = [p for p in fits if strength[p] == 2]
    # a one-word nick that is the very name another nick opens with (Саша beside Саша
    # Белый): the pet form is the one-word nick's, as the whole nick outranks its word
    whole = {trimmed_key(p).replace("ё", "е") for p in fits if " " not in trimmed_key(p)}
    fits = [p for p in fits if " " not in trimmed_key(p) or not whole & set(_nick_words(p)[0])]
    if nick not in fits or len(fits) < 2:
        return ()
    return tuple(p for p in fits if p != nick)


def _own_nick_form(text: str, nick: str) -> bool:
    """Whether `text` is `nick` as it stands (any script or case of letters) or, for a nick
    the dictionary knows as a given name, one of its dictionary case forms («Костю» of
    Костя; not «Лёву» of Лев)."""
    from parser.morph import parse

    if NickResolver([nick]).resolve_strict(text, STRICT_TIERS) is not None:
        return True
    if spelled_alike(text, nick):
        return True
    said = _EDGE_JUNK.sub("", casefold_key(text))
    own = trimmed_key(nick).replace("ё", "е")
    if not _CYRILLIC_WORD.fullmatch(own):
        # a handle: its own case forms in either script («Lyoshu», «Влада» for Vlad)
        return NickResolver([nick]).resolve_strict(text, _OWN_FORM_TIERS) is not None
    if said.isascii():
        # a Latin-typed form: judged as the Cyrillic words it spells («Yulyu» is «Юлю»)
        return any(_own_nick_form(w, nick) for w in _named_spellings(said) if not w.isascii())
    if any(r.known and "Name" in r.grammemes for r in parse(own)):
        # the name's own readings only: «Леву» is also the dative of the noun «лев»
        return any(
            r.known and "Name" in r.grammemes and r.lemma.replace("ё", "е") == own
            for r in parse(said)
        )
    return NickResolver([nick]).resolve_strict(text, _OWN_FORM_TIERS) is not None


def _short_form_of(text: str, nick: str) -> int:
    """`short_form_sharers`' test of one player: 2 when `text` is a short form the name
    table or the pet rule gives one of the given names of the nick, or one made from the
    name's opening (Юля of Юлиана), or a one-word given-name nick the form only seems to
    decline (Лёва for Лев); 1 when it is made from an inner syllable of the name only (Лина
    of Алина); 0 when it is no short form of his name. A patronymic or a surname among the
    nick's words is no name a short form is made of (Ваня of Иван Петрович, not of Алексей
    Иванович; Ося of Осип, not of Осипов)."""
    from parser.nameforms import hypocoristic_kind, tabled_pets, word_forms

    key = _EDGE_JUNK.sub("", casefold_key(text)).replace("ё", "е")
    typed = _nick_words(nick)[0]
    if len(typed) == 1 and fit_kind(text, nick) == "declension" and not _own_nick_form(text, nick):
        return 2 if _CYRILLIC_WORD.fullmatch(typed[0]) else 0
    names = [w.replace("ё", "е") for w in typed if _given_name_word(w)]
    names += [n for part in handle_parts(nick) for n in _latin_given_names(part.casefold())]
    best = 0
    spelt = _named_spellings(key) if key.isascii() else (key,)
    forms = dict.fromkeys(
        f for w in spelt for f in (w, *word_forms(w), *_short_nominatives(w)) if not f.isascii()
    )
    for name in dict.fromkeys(names):
        if fit_kind(text, name.capitalize()) != "short_form":
            continue
        best = max(best, 1)
        for f in forms:
            stem = f.rstrip("аяь")
            if (
                any(n == name for n, _stem in tabled_pets(f))
                or hypocoristic_kind(f, name) == "sure"
                or (len(stem) >= 2 and name.startswith(stem))
            ):
                return 2
    return best


def _given_name_word(word: str) -> bool:
    """A nick's word that may be a given name: a Cyrillic word the dictionary does not read
    as a patronymic or a surname alone."""
    from parser.morph import parse

    if not _CYRILLIC_WORD.fullmatch(word):
        return False
    readings = [r for r in parse(word) if r.known]
    if not readings:
        return True
    # the word's own readings (its lemma is itself): «Осипов» is also Осип's genitive plural
    own = [r for r in readings if r.lemma.replace("ё", "е") == word.replace("ё", "е")]
    return not own or any(not r.grammemes & {"Patr", "Surn"} for r in own)


def _part_sharers(resolver: NickResolver, text: str, nick: str) -> tuple[str, ...]:
    """C-3: a Cyrillic word heard as one part of a Latin handle of several parts («Найта»:
    NightOwl's «Night») names every other handle it is heard in as well — a whole part of it,
    or its opening syllables (Nightfall): a short form two handles share (the letters'
    `_shared_part`, whichever path read it). A word spelling the nick whole names him."""
    key = _EDGE_JUNK.sub("", casefold_key(text))
    if not _CYRILLIC_WORD.fullmatch(key) or len(handle_parts(nick)) < 2:
        return ()
    if script_of(casefold_key(nick)) != "lat" or spelled_alike(text, nick):
        return ()
    from parser.latin import heard_as_handle

    if not heard_as_handle(key, nick):
        return ()
    return tuple(
        p
        for p in resolver.players
        if p != nick and script_of(casefold_key(p)) == "lat" and heard_as_handle(key, p)
    )


#: the letters a digit inside a handle stands for, as players read it aloud (Sol0 is «Соло»,
#: Tick3r «Тикер», L1ly «Лили»): a digit is no sound of its own in such a nick
_DIGIT_LETTERS: Final = {"0": "o", "1": "il", "3": "e", "4": "a", "5": "s", "7": "t"}
_NOT_ALNUM: Final = re.compile(r"[\W_]+")


@lru_cache(maxsize=4096)
def _digit_readings(nick: str) -> frozenset[str]:
    """A Latin nick's letters with each digit read as a letter it looks like («sol0» →
    «solo»; «1» as «i» or «l»), separators out; empty when it has no such digit."""
    key = _NOT_ALNUM.sub("", casefold_key(nick))
    if not key.isascii() or not any(c in _DIGIT_LETTERS for c in key):
        return frozenset()
    out = [""]
    for c in key:
        out = [o + x for o in out for x in _DIGIT_LETTERS.get(c, c)]
        if len(out) > 16:
            return frozenset()
    return frozenset(o for o in out if o.isalpha())


def digit_twins(resolver: NickResolver, text: str, nick: str) -> tuple[str, ...]:
    """C-3: the other living players whose nick is `nick` with a digit read as the letter it
    looks like, or the other way round (Sol0 and Solo, Tick3r and Ticker), when `text` has
    no digit and does not spell `nick` as it stands: «Sol», «Соло», «Тикера» drop or say the
    digit, and whether the writer meant the digit or the letter is not written — no proof
    of either. A text typed with the digit, or with the very letters of one nick, names it."""
    if any(c.isdigit() for c in text):
        return ()
    if NickResolver([nick]).resolve_strict(text, ("exact", "casefold")) is not None:
        return ()
    mine = _digit_readings(nick)
    plain = _NOT_ALNUM.sub("", casefold_key(nick))
    out: list[str] = []
    for p in resolver.players:
        if p == nick:
            continue
        theirs = _digit_readings(p)
        other = _NOT_ALNUM.sub("", casefold_key(p))
        if (mine and other in mine) or (theirs and plain in theirs):
            out.append(p)
    return tuple(out)


def _surname_sharers(resolver: NickResolver, text: str, nick: str) -> tuple[str, ...]:
    """C-3: a surname in the plural («Веретенниковых», «Ивановы») names the family — every
    living player whose nick holds that surname as a word of its own, first or after a given
    name, his or her form alike (Веретенников and Веретенникова, Гриша Ульянов and Зоя
    Ульянова): when the one read has a namesake, the plural names both."""
    key = _EDGE_JUNK.sub("", casefold_key(text)).replace("ё", "е")
    if not _CYRILLIC_WORD.fullmatch(key):
        return ()
    stem = next((key[: -len(e)] for e in _PLURAL_SURNAME if key.endswith(e)), "")
    if len(stem) < 5 or not stem.endswith(_SURNAME_SUFFIXES):
        return ()

    def words(player: str) -> set[str]:
        # the surname may open the nick (Веретенников) or follow a given name (Гриша
        # Ульянов, Зоя Ульянова): any word of it, his form or hers
        return set(re.split(r"[\s_.]+", trimmed_key(player).replace("ё", "е")))

    bearers = [p for p in resolver.players if words(p) & {stem, stem + "а"}]
    if nick not in bearers or len(bearers) < 2:
        return ()
    return tuple(p for p in bearers if p != nick)


#: the plural endings of a Russian surname in -ов/-ев/-ин (nominative, genitive and
#: accusative, instrumental), longest first; the dative «-ым» is his instrumental too
#: («Белкиным»: the man's, `one_gender`), so it names no family
_PLURAL_SURNAME: Final = ("ыми", "ых", "ы")
_SURNAME_SUFFIXES: Final = ("ов", "ев", "ин", "ын")


def heard_alike(resolver: NickResolver, text: str, nick: str) -> tuple[str, ...]:
    """C-3: the other living players whose nick is heard as the one-word name form `text`
    read as `nick`, where one of the two nicks is Latin: Cyrillic nicks as written, Latin
    ones through their Cyrillic hearings (`parser.latin.name_hearings`), a name's pet forms
    (`diminutive_match`) — «Яшу» with Яша and Jascha, «Йоси» with Yossi and Jossi, «Галю»
    with Galja and Galina_K. The exact nick spelt in Cyrillic proves nothing, as players
    write Latin nicks the way they hear them; the Latin spelling typed as it stands
    («Jascha», «Galja»), a part only one nick has and a gender the other cannot take settle
    it. A full name («Галину») is no form of a pet name nick (Galja)."""
    key = _EDGE_JUNK.sub("", casefold_key(text))
    if not _NAME_WORD.fullmatch(key):
        return ()
    latin = key.isascii()
    if not latin:
        # «Лёню» is no form of Lena: a ё typed is kept (a form typed with е may mean either)
        typed = _EDGE_JUNK.sub("", text.casefold())
        key = typed if _NAME_WORD.fullmatch(typed) else key
    if latin and script_of(casefold_key(nick)) == "lat":
        as_typed = (*STRICT_TIERS, "inflected", "partial", "partial_inflected")
        if NickResolver([nick]).resolve_strict(text, as_typed) is not None:
            return ()  # the Latin spelling typed as it stands
    forms = _name_hearings(key) if latin else (key,)
    if not any(_name_like(f.replace("ё", "е")) for f in forms):
        return ()  # a word of the language (Кота beside Kot and Кот): no name form
    if not any(_heard_as(f, h) for f in forms for h in _nick_hearings(nick)):
        return ()  # read by another path (a sound, a word of the nick): not weighed here
    own_latin = bool(_latin_hearings(nick))
    # a Cyrillic nick written as it stands (its case forms) wins over a Latin nick of several
    # parts heard only in one of them: «Ориона» is Орион's, not Orion_Nebula's
    whole = not latin and script_of(casefold_key(nick)) == "cyr"
    return tuple(
        p
        for p in resolver.players
        if p != nick
        and not (whole and len(handle_parts(p)) > 1)
        and not case_form_pair(nick, p)
        and agrees(text, p)
        and _part_agrees(text, p)
        and (
            _cut_heard(forms, nick, p)
            or (
                bool(own_latin or _latin_hearings(p))
                and any(_heard_as(f, h) for f in forms for h in _nick_hearings(p))
            )
        )
    )


_NAME_WORD: Final = re.compile("[a-z]{3,}|[а-яё]{3,}")


def case_form_pair(nick: str, other: str) -> bool:
    """C-3: whether two one-word nicks are each other's case forms as spelt in Cyrillic
    (`as_cyrillic`): Gromov and Gromova, Карпов and Karpova — a surname two spouses share.
    Which of them a form names is the case the grammar puts it in (`one_gender`), weighed
    where the form is read; hearing the form as the other nick reopens no such question."""
    a, b = as_cyrillic(nick), as_cyrillic(other)
    if a == b or not a.isalpha() or not b.isalpha():
        return False
    return word_inflects(a, b) or word_inflects(b, a)


def _cut_heard(forms: Sequence[str], nick: str, other: str) -> bool:
    """Whether the name form read as `nick` is one player's short name that is only a part
    of his nick and the other's given name cut bare (`_bare_cut`): «Макса» beside MaxDPS
    and Maxim_Tankov, or Макс_Р and Максим Танков — a short name both answer to, in
    whatever script the nicks are typed. A nick that is the short name alone (Max, Макс)
    is the player himself, as a one-part handle heard whole is (`_given_name_sharers`)."""
    from parser.morph import lemmas

    said = {w.replace("ё", "е") for f in forms for w in (f, *lemmas(f))}
    for short, long in ((nick, other), (other, nick)):
        key = _EDGE_JUNK.sub("", casefold_key(short))
        if _NAME_WORD.fullmatch(key) and len(handle_parts(short)) <= 1:
            continue  # the short name is the whole nick
        for heard in _nick_hearings(short):
            own = heard.replace("ё", "е")
            if said.isdisjoint((own, *lemmas(own))):
                continue
            if any(_bare_cut(own, full.replace("ё", "е")) for full in _nick_hearings(long)):
                return True
    return False


def _name_like(word: str) -> bool:
    """A Cyrillic word that is a given name's form, or no word of the dictionary at all
    («Йоси»): a name form, not a common word a nick happens to be."""
    from parser.morph import common_word

    return _short_given_name(word) or not common_word(word)


def _name_hearings(word: str) -> tuple[str, ...]:
    from parser.latin import name_hearings

    return name_hearings(word)


@lru_cache(maxsize=1024)
def _latin_hearings(nick: str) -> tuple[str, ...]:
    """The Cyrillic hearings of a Latin nick's name: of a one-part handle whole, of a longer
    handle's parts the dictionary knows as given names («Galina» of Galina_K); () for a
    nick not typed in Latin."""
    if script_of(casefold_key(nick)) != "lat":
        return ()
    parts = [part.casefold() for part in handle_parts(nick) if len(part) >= 3]
    out: dict[str, None] = {}
    for part in parts:
        for h in _name_hearings(part):
            if len(parts) == 1 or _short_given_name(h):
                out[h] = None
    return tuple(out)


@lru_cache(maxsize=1024)
def _nick_hearings(nick: str) -> tuple[str, ...]:
    """The Cyrillic nominatives a nick is heard as: a Latin nick's `_latin_hearings`, a
    one-word Cyrillic nick as written, a Cyrillic name nick's given name (Аня Смирнова)."""
    latin = _latin_hearings(nick)
    if latin:
        return latin
    typed = _EDGE_JUNK.sub("", nick.casefold())
    if _NAME_WORD.fullmatch(typed) and not typed.isascii():
        return (typed,)  # a ё kept: «Лёня» is heard with it
    name = _given_name(trimmed_key(nick))
    return (name,) if name is not None else ()


def _once(word: str) -> str:
    """A double consonant said as one (Yossi is heard «Йоси»)."""
    return _DOUBLE_LETTER.sub(r"\1", word)


_DOUBLE_LETTER: Final = re.compile(r"([бвгджзклмнпрстфхцчшщ])\1")


@lru_cache(maxsize=4096)
def _heard_as(form: str, heard: str) -> bool:
    """Whether the Cyrillic word `form` is the nominative `heard` — itself, a case form, or
    a pet form of it when `heard` is a given name the dictionary knows (Галю of Галина)."""
    from parser.morph import lemmas

    def spoken(word: str) -> str:
        # a ё the writer typed is heard; one he left undotted may be either
        return _once(word if "ё" in form else word.replace("ё", "е"))

    said, name = spoken(form), spoken(heard)
    if said == name or _fleeting(said, name):
        return True
    if word_inflects(said, name) and _ending_fits(said, name):
        return True
    names = {spoken(w) for w in (form, *lemmas(form))}
    if name in names:
        return True
    if any(_diminutive_of(name, n) or _diminutive_of(n, name) for n in names):
        # «Влада» is Влад's, «Владика» Vladik's: a diminutive suffix on the whole name makes
        # a nick of its own beside it, not a name form the other answers to
        return False
    if not _short_given_name(heard):
        return False
    if not agrees(form, heard.capitalize()):
        return False  # «Лёню» is a boy's: no pet form of Лена
    alone = NickResolver([heard.capitalize()])
    if alone.resolve_strict(form, (*STRICT_TIERS, "inflected", "lemma")) is not None:
        return False  # a case form the ending fits, not a pet form (`_ending_fits`)
    m = diminutive_match(alone, form.capitalize())
    if m is not None and m.nick is not None and m.method == "diminutive":
        return True
    # a pet name the table of pet stems gives the name (Лёша of Алексей)
    from parser.nameforms import tabled_pets

    full = heard.replace("ё", "е")
    return any(full == n for w in names for n, _stem in tabled_pets(w.replace("ё", "е")))


def _bare_cut(word: str, full: str) -> bool:
    """C-3: whether `word` (a nominative) is the given name `full` cut short after a
    consonant with no ending at all — Макс of Максим, Алекс of Александр, Влад of
    Владислав: a name of its own as well, yet one the full name's bearer answers to, so two
    players one of whom bears each are both heard in it (the bare-ending cut, Кап|а of
    Капитолина, is `_cut_of`'s)."""
    return (
        len(word) >= MIN_CLIPPED
        and word[-1] not in _VOWELS
        and word[-1] not in "ьй"
        and full.startswith(word)
        and len(full) - len(word) >= 2
        and not _diminutive_of(full, word)  # Глебик is Глеб's pet name, not a name cut short
    )


def _diminutive_of(pet: str, name: str) -> bool:
    """Whether `pet` is `name` (its final а/я/ь off) with a diminutive suffix (Владик of
    Влад): the name itself then is no form of the pet name."""
    stem = name.rstrip("аяь")
    return len(stem) >= 3 and pet.startswith(stem) and pet[len(stem) :] in _DIMINUTIVE


def _ending_fits(said: str, name: str) -> bool:
    """A hard «а» name takes no soft ending («Лену», never «Леню», of Лена), a soft «я» name
    no hard one («Галю», never «Галу», of Галя)."""
    stem = name[:-1]
    ending = said[len(stem) :] if said.startswith(stem) else ""
    if name.endswith("а"):
        return ending[:1] not in ("ю", "я")
    if name.endswith("я"):
        return ending[:1] not in ("у", "а", "ы")
    return True


def _given_name_sharers(resolver: NickResolver, text: str, nick: str) -> tuple[str, ...]:
    """`name_sharers` for a short given name (reader-24's rule): a handle's part and a
    Cyrillic name nick's given name or its usual short form."""
    from parser.morph import lemmas

    key = _EDGE_JUNK.sub("", casefold_key(text)).replace("ё", "е")
    if not key or " " in key:
        return ()
    latin = bool(re.fullmatch("[a-z]+", key))
    words = _named_spellings(key) if latin else (key,)
    if not any(_short_given_name(w) for w in words):
        return ()
    if NickResolver([nick]).resolve_strict(text, _OWN_FORM_TIERS) is not None:
        return ()  # the nick itself, in a case form or the other script: settled by the text
    if len(handle_parts(nick)) == 1 and any(_heard_part(w, nick) for w in words if not latin):
        return ()  # «Моти» for Mochi: a one-part handle heard whole is the nick itself
    # the nick read is a handle one of whose parts is this name (not a sound of it)
    by_part = _name_part_of(nick, key, words, latin=latin)
    out: list[str] = []
    for p in resolver.players:
        if p == nick or not agrees(text, p):
            continue
        alone = NickResolver([p])
        if _name_part_of(p, key, words, latin=latin):
            if _part_agrees(text, p):
                out.append(p)
            continue
        if not by_part or not _CYRILLIC_WORDS.fullmatch(trimmed_key(p)):
            continue  # pet forms among Cyrillic names are `pet_match`'s own reading
        name = _given_name(trimmed_key(p))
        if name is None:
            continue
        if any(name in (w, *lemmas(w)) for w in words):
            out.append(p)  # «Ольгу», «Olga»: the given name itself, in a case form
            continue
        shown = text if not latin else words[0].capitalize() if words else text
        m = diminutive_match(alone, shown if latin else text.capitalize())
        if m is not None and m.nick == p and m.method == "diminutive":
            out.append(p)
    return tuple(out)


def unread_sharers(resolver: NickResolver, text: str) -> tuple[str, ...]:
    """C-3: the living players a one-word form no ladder reads fits all together — a short
    form of given names two players bear («Ники» of Вероника and Доминика: `fit_kind`'s
    "short_form"), or a surname in the plural naming the family («Рельсовых» of Виктор
    Рельсов and Галина Рельсова: `_surname_sharers`). Two or more, or none: a form that
    fits only one is left to the ladders, which did not read it."""
    if " " in trimmed_key(text):
        return ()
    for nick in resolver.players:
        family = _surname_sharers(resolver, text, nick)
        if family:
            return (nick, *family)
    fits = tuple(p for p in resolver.players if fit_kind(text, p, resolver.players) == "short_form")
    return fits if len(fits) > 1 else ()


def shared_name(resolver: NickResolver, match: NickMatch) -> NickMatch:
    """`match` as an ambiguous nick when its one-word name form fits other living players
    too (`name_sharers`), naming them all; else `match` as it is."""
    if not match.ok or match.nick is None:
        return match
    others = name_sharers(resolver, match.query, match.nick)
    if not others:
        return match
    return NickMatch(match.query, None, match.method, 0.0, AMBIGUOUS_NICK, (match.nick, *others))


#: the tiers that read a word as a nick's own form (a case form, the other script), not as
#: a name form another player may share
_OWN_FORM_TIERS: Final = (*STRICT_TIERS, "inflected", "lemma", "translit", "translit_inflected")
_CYRILLIC_WORDS: Final = re.compile("[а-яё]+(?: [а-яё]+)?")


@lru_cache(maxsize=1024)
def _short_given_name(word: str) -> bool:
    """Whether the dictionary knows a lower-case Cyrillic word as a given name (in any case
    form: «лену», «зину»)."""
    from parser.morph import parse

    return bool(_CYRILLIC_WORD.fullmatch(word)) and any(
        r.known and "Name" in r.grammemes for r in parse(word)
    )


def _name_part_of(nick: str, key: str, words: Sequence[str], *, latin: bool) -> bool:
    """Whether a handle of several parts has the name `key` as one whole part: as typed
    («Lena» of FoodieLena) or written in Cyrillic as it sounds («Лену»)."""
    parts = [part.casefold() for part in handle_parts(nick)]
    if len(parts) < 2:
        return False
    return (latin and key in parts) or any(_heard_part(w, nick) for w in words)


def _part_agrees(text: str, nick: str) -> bool:
    """C-3 by gender for a handle's name part: a form the dictionary gives one gender only
    («Валентины») names no handle whose part is a name of the other (Valentin_Pro)."""
    from parser.latin import cyrillic_spellings

    said = form_genders(text)
    if not said:
        return True
    own: set[str] = set()
    for part in handle_parts(nick):
        for word in cyrillic_spellings(part.casefold()):
            own |= name_genders(word, nominative=True)
    return not own or bool(said & own)


def _heard_part(word: str, nick: str) -> bool:
    from parser.latin import heard_as_handle

    return heard_as_handle(word, nick, shortened=False)


#: the oblique endings of a Ukrainian man's noun in -о after a consonant (Петро: Петра,
#: Петру, Петрові, Петром, Петрі) — Сотко's genitive is «Сотка»
_UKRAINIAN_O_ENDINGS: Final = ("а", "у", "ові", "ом", "і")


def ukrainian_sharers(resolver: NickResolver, text: str, nick: str) -> tuple[str, ...]:
    """C-3: the other living players whose one-word nick in -о (Сотко) has, declined as a
    Ukrainian man's noun, the form `text` read exactly as `nick` (Сотка): in a post written
    in Ukrainian «проти Сотка» names either, so it proves neither. The caller asks only of
    text in Ukrainian; in Russian such a nick does not decline."""
    key = trimmed_key(text).replace("ё", "е")
    if not _CYRILLIC_WORD.fullmatch(key) or trimmed_key(nick).replace("ё", "е") != key:
        return ()
    out: list[str] = []
    for p, k in zip(resolver.players, resolver.trimmed_keys, strict=True):
        if (
            p == nick
            or not _CYRILLIC_WORD.fullmatch(k)
            or not re.fullmatch(".+[^аеиоуыэюяіїєь]о", k)
        ):
            continue
        if any(key == k[:-1] + e for e in _UKRAINIAN_O_ENDINGS):
            out.append(p)
    return tuple(out)


# -- how a written word fits a nick (C-3: a loose fit is asked, not taken) ------------------

#: a reading made by a loose fit (`fit_kind`): the likeliest player, below the reader's move
#: threshold (0.8), so the sender is asked with the reading spelt out
LOOSE_CONFIDENCE: Final = 0.7
#: a one-letter slip of a long nick («Портрв» for Портра), read as a host reads it
SLIP_CONFIDENCE: Final = 0.85
#: letters a nick (its noise tail off) needs before one slip in it is read at once
SLIP_MIN: Final = 6
#: the kinds of fit that prove no player: a nick cut short that is no known short form, a
#: dictionary word of its own, and a slip another player's nick is nearly as close to
LOOSE_FITS: Final = frozenset(("cut", "word", "near"))
# a handle's noise tail: digits, or a short code with a digit («_D7», «-77», «v2», «1985»)
_NOISE_WORD: Final = re.compile(r"(?=\D{0,2}\d)\w{1,4}")
_FIT_SPLIT: Final = re.compile(r"[\s_.\-]+")


def _nick_words(nick: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A nick's words as typed (trimmed keys) and in Latin (`translit_key`), its noise tail
    (`_NOISE_WORD`: a word of digits or a short code with a digit) left out: nobody says
    «_D7» aloud, so Nikon_D7 is Nikon when spoken of."""
    typed = [w for w in _FIT_SPLIT.split(trimmed_key(nick)) if w]
    latin = [w for w in _FIT_SPLIT.split(translit_key(nick)) if w]
    typed = [w for w in typed if not _NOISE_WORD.fullmatch(w)] or typed
    latin = [w for w in latin if not _NOISE_WORD.fullmatch(w)] or latin
    return tuple(_split_digit_tail(w)[0] or w for w in typed), tuple(
        _split_digit_tail(w)[0] or w for w in latin
    )


def _stems(word: str) -> tuple[str, ...]:
    """A written word and what is left of it once a case ending is off."""
    return (word, *(word[: -len(e)] for e in _ENDINGS if word.endswith(e) and len(word) > len(e)))


def _edits(word: str, nick_word: str) -> int:
    """Letters to change, add or drop to make `word` the nick's word, a case ending in place
    of the nick's final vowel or after its last consonant not counted."""
    from rapidfuzz.distance import Levenshtein

    best = Levenshtein.distance(word, nick_word)
    heads = {nick_word, nick_word[:-1] if nick_word[-1:] in _REPLACEABLE else nick_word}
    for stem in _stems(word)[1:]:
        for head in heads:
            best = min(best, Levenshtein.distance(stem, head))
    return best


def near_a_nick(word: str, players: Sequence[str], score: float = 70.0) -> bool:
    """Whether `word` may be a player's nick mistyped or misheard: one of the nick's words
    of three letters or more (a Latin nick's also in its Cyrillic spellings) written with at
    most one letter changed, added or dropped, a case ending aside (`_edits`: «ноту» beside
    Ната, «холи» beside Holly), or the whole word as close as the fuzzy tier's `score`
    («лимонад» beside Лимон). Such a word is no proof that no player is meant."""
    from rapidfuzz import fuzz

    from parser.latin import cyrillic_spellings

    key = trimmed_key(word)
    for p in players:
        typed, latin = _nick_words(p)
        heard = [c for w in latin for c in cyrillic_spellings(w)] if _LATIN.search(p) else []
        words = [w for w in (*typed, *heard) if len(w) >= 3]
        if any(_edits(key, w) <= 1 for w in words):
            return True
        if any(fuzz.ratio(key, w) >= score for w in (trimmed_key(p), " ".join(heard[:1]))):
            return True
    return False


#: a Latin letter: a nick typed in Latin, heard in Cyrillic by its spellings
_LATIN: Final = re.compile("[A-Za-z]")


def _known_short_form(key: str, nick: str, typed: Sequence[str]) -> bool:
    """Whether `key` is a short form a host knows of the name a nick is or holds: one the
    name table gives it (Саша of Александр, Ваня of Иван Петрович), a sure pet form by rule
    (Валя, Рома) or a pet form of a syllable of the name (Таю of Таира, Осю of Осип)."""
    from parser.morph import lemmas
    from parser.nameforms import hypocoristic_kind, syllable_pet, tabled_pets, word_forms

    cyrillic = (w.replace("ё", "е") for w in typed if _CYRILLIC_WORD.fullmatch(w))
    # a Latin handle's parts that spell a given name (Olga_Mom: Ольга, so «Олю» is hers)
    parts = (n for part in handle_parts(nick) for n in _latin_given_names(part.casefold()))
    names = {*_pet_keys(nick, trimmed_key(nick)), *cyrillic, *parts}
    if not names:
        return False
    forms = dict.fromkeys((key, *lemmas(key), *word_forms(key), *_short_nominatives(key)))
    for form in forms:
        if any(name.replace("ё", "е") in names for name, _stem in tabled_pets(form)):
            return True
        if any(hypocoristic_kind(form, n) == "sure" or syllable_pet(form, n) for n in names):
            return True
        if _head_of_known_name(form, names):
            return True
    return False


def _head_of_known_name(form: str, names: Iterable[str]) -> bool:
    """«Валера» of Валерий: the head of a given name with a pet ending, where the dictionary
    knows both the form and the name as given names (not «Нико», which it only guesses)."""
    from parser.morph import parse
    from parser.nameforms import pet_form_kind

    if not any(r.known and "Name" in r.grammemes and r.lemma == form for r in parse(form)):
        return False
    return any(pet_form_kind(form, n) == "head" and _known_given_name(n) for n in names)


def _dictionary_word(key: str, nick_words: Sequence[str]) -> bool:
    """Whether the dictionary knows `key` as a word of its own (a noun, a place; not a
    person's name) whose normal form is no spelling of a nick's word: «порта» (порт) beside
    Портра, «объектов» (объект) beside Объектив; «поляроид» is Полароид spelt otherwise."""
    from parser.morph import parse

    readings = [r for r in parse(key) if r.known]
    if not readings or any(r.grammemes & {"Name", "Surn", "Patr"} for r in readings):
        return False
    from rapidfuzz.distance import Levenshtein

    return not any(
        Levenshtein.distance(r.lemma.replace("ё", "е"), w) <= 1
        for r in readings
        for w in nick_words
    )


def fit_kind(text: str, nick: str, players: Sequence[str] = ()) -> str:
    """How one written word fits `nick` (C-3), as a host weighs it: "exact" (the nick or a
    whole word or part of it, its noise tail left out), "declension" (a case form of it, in
    either script or by its sound: «Портру», «Никона» for Nikon_D7, «Крона» for Cron_Job),
    "short_form" (one a host knows: «Сашу» for Александр, «Валю», «Ваню» for Иван
    Петрович), "edit" (one letter off a nick of `SLIP_MIN`+ letters, no other player's as
    close), and the loose kinds `LOOSE_FITS`: "cut" (the nick's opening letters, no known
    short form: «Нико», «Полар»), "word" (a dictionary word of its own: «Объектов»), "near"
    (a slip another player's nick is as near to: «Варину»); "other" when none of these
    tells (a diminutive by its suffix, a handle by its sound)."""
    key = trimmed_key(text)
    if not key or " " in key:
        return "other"
    said_digits, own_digits = _DIGITS.findall(key), _DIGITS.findall(trimmed_key(nick))
    if said_digits and own_digits and said_digits != own_digits:
        return "near"  # «Pro200Лещ» for Pro100Лещ: a handle's number is its mark, no slip
    from parser.latin import cyrillic_spellings
    from parser.nameforms import cyrillic_sounds, latin_sound

    typed, latin_words = _nick_words(nick)
    parts = tuple(translit_key(p).replace(" ", "") for p in handle_parts(nick))
    latin_words = tuple(dict.fromkeys((*latin_words, *parts)))
    # a Latin-typed word weighed as the Cyrillic word it spells too («Agafe» for Агафья)
    as_typed = _EDGE_JUNK.sub("", casefold_key(text))
    spelt = cyrillic_spellings(as_typed)[:2] if as_typed.isascii() and as_typed.isalpha() else ()
    keys = tuple(dict.fromkeys((key, *(trimmed_key(c) for c in spelt))))
    # a soft sign is not typed in Latin letters: «Agafe» is Агафье
    softless = tuple(dict.fromkeys((*typed, *(w.replace("ь", "") for w in typed))))
    for k in keys:
        kind = _firm_fit(k, nick, typed if k == key else softless, latin_words)
        if kind is not None:
            return kind
    # a Latin handle's words as typed, heard as an English reader says them
    latin_typed = [
        w
        for w in (
            *_FIT_SPLIT.split(casefold_key(nick)),
            *(x.casefold() for x in handle_parts(nick)),
        )
        if w.isascii() and w.isalpha() and len(w) >= 3
    ]
    heard = [latin_sound(w) for w in dict.fromkeys(latin_typed)]
    sounds = cyrillic_sounds(key) if _CYRILLIC_WORD.fullmatch(key) else ()
    if any(s in heard for s in sounds):
        return "declension"  # «Крона» for Cron_Job, «Дока» for Doc: the word as it sounds
    cut = any(
        len(s) >= 2 and w.startswith(s) and w != s
        for k in keys
        for stem in _stems(k)
        for s in (stem, translit_key(stem))
        for w in (*typed, *latin_words)
    )
    # «Фуджи» for Fujifilm: the opening sounds of a Latin word of the nick
    if cut or any(h != s and h.startswith(s) for s in sounds for h in heard):
        return "cut"
    if _dictionary_word(key, typed):
        return "word"
    return _slip(key, nick, players) or "other"


def _firm_fit(key: str, nick: str, typed: Sequence[str], latin_words: Sequence[str]) -> str | None:
    """`fit_kind`'s kinds a host reads at once, of one key: exact, declension, short form."""
    from parser.morph import lemmas

    latin = translit_key(key).replace(" ", "")
    if key in typed or latin in latin_words or key == " ".join(typed):
        return "exact"
    if any(word_inflects(key, w) or _fleeting(key, w) or _lemma_word(key, w) for w in typed):
        return "declension"
    if any(_word_inflects_latin(latin, w) for w in latin_words):
        return "declension"
    if _known_short_form(key, nick, typed):
        return "short_form"
    named = [lemma.replace("ё", "е") for lemma in lemmas(key)]
    if any(_pet_lemma_of(lemma, w) for lemma in named for w in typed if len(w) >= 3):
        return "short_form"  # «Галочке» for Бабушка Галя: a pet name the dictionary derives
    return None


def _slip(key: str, nick: str, players: Sequence[str]) -> str | None:
    """The slip kind: "edit" when `key` is one letter off a one-word nick of `SLIP_MIN`+
    letters (its noise tail off, a case ending aside) that no other player's nick is within
    two letters of; "near" when one is; None when the word is no such slip."""
    typed = _nick_words(nick)[0]
    # one-word nicks only: a slip in a short word of a longer nick is a word of its own
    if len(typed) != 1 or len(typed[0]) < SLIP_MIN or _edits(key, typed[0]) != 1:
        return None
    rivals = [
        p
        for p in players
        if p != nick and min((_edits(key, w) for w in _nick_words(p)[0]), default=9) <= 2
    ]
    return "near" if rivals else "edit"


def fit_confidence(text: str, nick: str, confidence: float, players: Sequence[str]) -> float:
    """A reading's confidence as its fit allows: a loose fit (`LOOSE_FITS`) is asked."""
    if fit_kind(text, nick, players) in LOOSE_FITS:
        return min(confidence, LOOSE_CONFIDENCE)
    return confidence


def lemma_is_nick(key: str, nick: str) -> bool:
    """Whether a dictionary reading of `key` has the nick's own word as its normal form: a
    case form the gender and agreement rules judge («Добрую» of Добрый), no slip of it."""
    from parser.morph import lemmas

    return trimmed_key(nick).replace("ё", "е") in {x.replace("ё", "е") for x in lemmas(key)}


# -- typos proven by the kind of slip ------------------------------------------------------------

#: the letter rows of the keyboards players type on (ЙЦУКЕН, QWERTY): keys side by side in a
#: row, and a key and the two under it in the row below (the rows are staggered)
_KEY_ROWS: Final = (
    ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"),
    ("qwertyuiop", "asdfghjkl", "zxcvbnm"),
)


@lru_cache(maxsize=1)
def _neighbours() -> dict[str, frozenset[str]]:
    near: dict[str, set[str]] = {}
    for rows in _KEY_ROWS:
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                keys = {row[c - 1] if c > 0 else "", row[c + 1] if c + 1 < len(row) else ""}
                if r + 1 < len(rows):
                    below = rows[r + 1]
                    keys |= {below[c - 1] if 0 < c <= len(below) else ""}
                    keys |= {below[c] if c < len(below) else ""}
                for k in keys - {""}:
                    near.setdefault(ch, set()).add(k)
                    near.setdefault(k, set()).add(ch)
    return {k: frozenset(v) for k, v in near.items()}


_CYR_LETTERS: Final = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
_LAT_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"
#: the plausible slips a host reads at once; any other one edit is a rival's distance only
_PLAUSIBLE: Final = frozenset(("key", "doubled", "dropped", "swapped", "syllable"))
TYPO_CONFIDENCE: Final = 0.85


def _one_edits(word: str) -> dict[str, str]:
    """Every word one edit from `word` (lower case), each with the kind of slip that edit
    undoes: a neighbouring key hit, a letter doubled, a letter dropped, two swapped, a
    syllable typed twice — or "other" (any other letter put in, left out or changed)."""
    from rapidfuzz.distance import OSA

    letters = _CYR_LETTERS if re.search("[а-я]", word) else _LAT_LETTERS
    near = _neighbours()
    out: dict[str, str] = {}

    def add(cand: str, kind: str) -> None:
        if cand and (out.get(cand, "other") == "other"):
            out[cand] = kind

    for i, ch in enumerate(word):
        doubled = (i > 0 and word[i - 1] == ch) or word[i + 1 : i + 2] == ch
        add(word[:i] + word[i + 1 :], "doubled" if doubled else "other")
        for new in letters:
            if new != ch:
                add(word[:i] + new + word[i + 1 :], "key" if new in near.get(ch, ()) else "other")
        if i + 1 < len(word) and word[i + 1] != ch:
            add(word[:i] + word[i + 1] + ch + word[i + 2 :], "swapped")
    for i in range(len(word) + 1):
        for new in letters:
            add(word[:i] + new + word[i:], "dropped")
    for once in _syllable_typed_once(word):
        add(once, "syllable")
    return {c: k for c, k in out.items() if k == "syllable" or OSA.distance(c, word) == 1}


def _near_heads(key: str, heads: tuple[str, ...]) -> tuple[str, ...]:
    """The heads a word one edit from `key` (a letter changed, put in, left out, or two
    neighbours swapped) may open with: those `key`'s own opening is within one such edit of
    (rapidfuzz's OSA distance over the opening one letter shorter, as long, or one longer).
    An edit past the head leaves the opening as it is; one inside it changes it by one."""
    from rapidfuzz.distance import OSA

    return tuple(
        h
        for h in heads
        if any(
            OSA.distance(key[:n], h, score_cutoff=1) <= 1
            for n in (len(h) - 1, len(h), len(h) + 1)
            if 0 < n <= len(key)
        )
    )


@lru_cache(maxsize=_KEY_CACHE)
def _nick_forms(nick: str) -> frozenset[str]:
    """Every one-word key the tiers `proven_typo` asks ("casefold", "inflected", "lemma")
    read as `nick`, look-alike letters folded as `trimmed_key` folds them: the nick itself,
    its forms by the ending tables (`word_inflects`, `_fleeting`, the Latin endings), and
    every form of each lexeme the dictionary reads its word in (the lemma tier's). A word
    of letters alone that is none of these is read as no one by those tiers."""
    from parser.morph import lexeme_words

    keys = {_fold_lookalikes(casefold_key(nick)), trimmed_key(nick)}
    out = set(keys)
    for key in keys:
        if _DECLINED_SPLIT.search(key):
            continue  # a word alone is no form of a nick of several words
        bare_key, _digits = _split_digit_tail(key)
        if len(bare_key) >= 3 and _CYRILLIC_RE.search(bare_key):
            out.update(lexeme_words(bare_key))  # «Васю» for Вася2005 by its lemma
        if not key.isalpha():
            continue  # a digit tail is typed with the word the ending tables read
        stems = {key, *(key[: -len(f)] for f in _REPLACEABLE if key.endswith(f))}
        out.update(s + e for s in stems if len(s) >= 2 for e in _ENDINGS)
        fleeting = _FLEETING_RE.match(key)
        if fleeting is not None:
            head, last = fleeting.groups()
            bare = (head + last, head + "ь" + last) if len(head) == 1 else (head + last,)
            out.update(s + e for s in bare for e in _FLEETING_ENDINGS)
        if _LATINISH.fullmatch(key):
            latin = key.translate(_UNFOLD)
            stems = {latin, *(latin[: -len(f)] for f in _LAT_REPLACEABLE if latin.endswith(f))}
            out.update(_fold_lookalikes(s + e) for s in stems if len(s) >= 2 for e in _LAT_ENDINGS)
    return frozenset(out)


@lru_cache(maxsize=64)
def _cast_forms(players: tuple[str, ...]) -> frozenset[str]:
    """`_nick_forms` of every player of a cast, as one set."""
    return frozenset().union(*(_nick_forms(p) for p in players))


def _syllable_typed_once(word: str) -> Iterator[str]:
    """`word` with each syllable (two to four letters) it has typed twice in a row kept
    once: «ласточточку» → «ласточку»."""
    for size in (2, 3, 4):
        for i in range(len(word) - 2 * size + 1):
            if word[i : i + size] == word[i + size : i + 2 * size]:
                yield word[: i + size] + word[i + 2 * size :]


def _has_syllable_twice(key: str, heads: tuple[str, ...]) -> bool:
    """Whether `key` with a syllable typed twice taken out once opens with a head."""
    return any(once.startswith(heads) for once in _syllable_typed_once(key))


def dictionary_word(text: str, *, names: bool = True) -> bool:
    """C-3: whether a one-word text is a word the dictionary knows in some form (pymorphy3's
    own reading, not a guess at an unknown word): such a word one slip from a nick is that
    word — an autocorrect's «Экспорт» for Эксперт — and proves no typo of the nick.
    `names` False: a person's name, surname or patronymic is no such word («Ромма», a
    surname's form, is a doubled letter of Рома as well)."""
    from parser.morph import parse

    key = _EDGE_JUNK.sub("", casefold_key(text)).replace("ё", "е")
    if " " in key or not key.isalpha():
        return False
    return any(r.known and (names or not r.grammemes & NAME_TAGS) for r in parse(key))


def proven_typo(resolver: NickResolver, text: str, gone: NickResolver | None) -> NickMatch | None:
    """C-3: a one-word nick typed with one slip a host reads at once — a neighbouring key on
    the layout in use («лвсточку», «Kobta»), a letter doubled or dropped («Kobbra»,
    «Ласточу»), two letters swapped («Пельмнея»), a syllable typed twice («Ласточточку») —
    read when exactly one player, living or out, is one edit (of any kind) from the word,
    and he is living and the edit is one of those slips (or `_slip`'s one letter off a long
    nick), and the word is no dictionary word of its own; one edit from several players
    («Тимор»: Тимон and Тимур, out), or an edit of another kind, is asked naming the
    nearest. The word's case ending is read with the nick's (`resolve_strict`). None when
    no player is one edit away."""
    key = _EDGE_JUNK.sub("", casefold_key(text)).replace("ё", "е")
    if len(key) < 4 or " " in key or not key.isalpha():
        return None
    if dictionary_word(key):
        return None  # «Добрую», «Порту»: a word of the dictionary is that word, no slip
    methods = ("casefold", "inflected", "lemma")
    # a case form keeps its nick's letters but the last two (a fleeting vowel, an ending
    # «щег|ла», «ласточ|ку»): only words that open so are looked up
    keys = [
        _EDGE_JUNK.sub("", casefold_key(p)).replace("ё", "е")
        for p in (*resolver.players, *(gone.players if gone is not None else ()))
    ]
    heads = tuple({k[: max(2, len(k) - 2)] for k in keys if k})
    # a word one slip from a word opening with a head opens with that head up to one slip
    # (`_near_heads`): the other heads are never looked up, and a word near none is no typo
    # of anyone's without its one-edit words made at all
    near = _near_heads(key, heads)
    if not near and not _has_syllable_twice(key, heads):
        return None
    living: dict[str, str] = {}
    out: set[str] = set()
    # the strict tiers read a word as a player only when it is one of his nick's forms
    # (`_nick_forms`, made once a nick): the one-edit words that are none are not looked up
    forms = _cast_forms((*resolver.players, *(gone.players if gone is not None else ())))
    for cand, kind in _one_edits(key).items():
        if not cand.startswith(heads if kind == "syllable" else near):
            continue
        if _fold_lookalikes(cand) not in forms:
            continue
        m = resolver.resolve_strict(cand, methods)
        if m is not None:
            for p in (m.nick,) if m.nick else m.candidates:
                if living.get(p, "other") == "other":
                    living[p] = kind
        dead = gone.resolve_strict(cand, methods) if gone is not None else None
        if dead is not None:
            out.update((dead.nick,) if dead.nick else dead.candidates)
    if not living and not out:
        return None
    if len(living) == 1 and not out:
        nick, kind = next(iter(living.items()))
        # any other one letter off a long nick no other player's is near («Поляроид» for
        # Полароид: `_slip`'s "edit") reads as well
        slip = kind in _PLAUSIBLE or _slip(key, nick, resolver.players) == "edit"
        if slip and agrees(text, nick):
            return NickMatch(text, nick, "typo", TYPO_CONFIDENCE)
    return NickMatch(text, None, "typo", 0.0, UNKNOWN_NICK, tuple(living))
