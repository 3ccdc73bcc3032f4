"""The night-move vocabulary by lemma (RULES.md C-2): which words name which action.

The vocabulary keeps *lemmas* (dictionary forms: «убить», «заказ», «отметелить»), never word
forms: every form of each lemma is generated once by pymorphy3 (`parser.morph.forms`), so
«заказываем», «убираем», «мочим», «зарежу», «отметелю» are all found without being listed.
A word that is no form of any lemma but is one or two letters away from a form of a verb
(«Провераю» for «проверяю») is read with a lower confidence (`TYPO_CONFIDENCE`).

A lemma may name several actions («защищать»: the doctor's heal and the necromancer's
protect); the sender's role picks one (see `parser.letters`). Past-tense forms are marked:
«убил», «проверил» tell a story, they do not move.

=========  ===============================================================================
action     lemmas (Russian) and English words
=========  ===============================================================================
kill       see `_LEMMAS["kill"]`: убить, стрелять, выстрел, убрать, устранить, заказать,
           заказ, мочить, зарезать, грохнуть, валить, прикончить, ликвидировать, казнить …
check      проверить, проверка, пробить, чекнуть, глянуть, посмотреть, допросить, обыскать …
heal       лечить, вылечить, лечение, спасти, исцелить, аптечка, укол …; shared with protect:
           защитить, защита, прикрыть, охранять, оберегать
block      пригласить, приглашение, навестить, посетить, соблазнить, развлечь, ночевать …;
           «провести ночь с …», «в гости к …»
beat       избить, избиение, побить, бить, отметелить, отделать, отлупить, поколотить,
           вырубить, навалять, отмутузить, дубасить …
blast      подорвать, подрыв, взорвать, взрыв, рвануть, самоподрыв
protect    протект, протектовать, защитить (see heal), оберег
army       армия («армия тьмы»)
ambush     засада, засесть, затаиться, караулить, залечь
=========  ===============================================================================

Motion verbs (иду, пойду, захожу, загляну, наведаюсь, отправляюсь …) name no action by
themselves: «иду к Кате» is the sender's own action on Катя, whatever his role does
(`VISIT`). Words that give up the move (пропускаю, пас, skip) are `SKIP`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import groupby
from typing import Final

from parser.latin import cyrillic_spellings
from parser.morph import each_lookup_released, forms, parse, ukrainian_forms
from parser.nicks import fold_lookalikes


def _w(spec: str) -> frozenset[str]:
    return frozenset(spec.replace("ё", "е").split())


_LEMMAS: Final[dict[str, frozenset[str]]] = {
    "kill": _w(
        "убить убивать убийство стрелять выстрелить выстрел застрелить пристрелить "
        "расстрелять подстрелить стрельнуть пальнуть шмальнуть убрать убирать устранить "
        "устранять устранение заказать заказывать заказ мочить замочить мочкануть зарезать "
        "резать прирезать грохнуть валить завалить вальнуть пришить ликвидировать "
        "ликвидация прикончить кокнуть шлепнуть казнить казнь задушить придушить отравить "
        "травить зарубить порешить укокошить выпилить ухлопать прихлопнуть добить "
        "пырнуть заколоть пристрелка отстрел отстрелить нейтрализовать мушка пуля "
        "кильнуть килять закилить ваншотнуть"  # gamers' slang: «кильнём», «ваншотну»
    ),
    "check": _w(
        "проверить проверять проверка проверочка пробить пробивать пробивка чекнуть чекать "
        "глянуть поглядеть посмотреть смотреть допросить допрашивать допрос обыскать "
        "обыскивать обыск расследовать расследование выяснить разузнать изучить изучать "
        "прощупать досье справка"
    ),
    "heal": _w(
        "лечить вылечить излечить подлечить полечить залечить лечение спасти спасать "
        "спасение исцелить исцелять исцеление аптечка укол реанимировать откачать "
        "врачевать лекарство перевязать защитить защищать защита прикрыть прикрывать "
        "охранять охрана оберегать уберечь беречь сберечь хилить отхилить захилить "
        "подхилить похилить"  # gamers' slang: «отхилю», «хилим»
    ),
    "block": _w(
        "пригласить приглашать приглашение блокировать заблокировать блок соблазнить "
        "соблазнять совратить отвлечь отвлекать развлечь развлекать ночевать переночевать "
        "заночевать ублажить ублажать звать позвать зазвать"
    ),
    "beat": _w(
        "избить избивать избиение побить бить отметелить метелить отделать отлупить "
        "лупить поколотить колотить вырубить вырубать навалять отмутузить мутузить "
        "дубасить отдубасить отпинать налупить нокаутировать оглушить оглушать вломить "
        "покалечить калечить поломать ломать сломать переломать"
    ),
    "blast": _w(
        "подорвать подрывать подрыв взорвать взрывать взрыв рвануть самоподрыв подорваться "
        "подрываться взорваться взрываться бахнуть"
    ),
    "protect": _w(
        "протект протектовать протектить защитить защищать защита прикрыть прикрывать "
        "охранять охрана оберегать оберег уберечь беречь сберечь"
    ),
    "army": _w("армия мертвец зомби нежить покойник"),
    "ambush": _w("засада засесть затаиться затаиваться караулить залечь подстерегать"),
}
_ENGLISH: Final[dict[str, frozenset[str]]] = {
    "kill": _w("kill kills killing shoot shoots shooting shot murder whack килл ваншот"),
    "check": _w("check checks checking investigate inspect чек"),  # «чек Ване»: chat slang
    "heal": _w("heal heals healing save saves cure хил хилл хилю хилка"),
    "block": _w("visit visits visiting block blocks blocking invite invites seduce"),
    "beat": _w("beat beats beating"),
    "blast": _w("blast blasts blow bomb explode бум бабах кабум"),  # and the sound of it
    "protect": _w("protect protects protection"),
    "army": _w("army"),
    "ambush": _w("ambush ambushes"),
}
# «иду к Кате», «загляну к Роме», «пойду на Катю»: the sender goes to someone
_VISIT_LEMMAS: Final = _w(
    "идти пойти зайти заходить заглянуть заглядывать наведаться наведываться отправиться "
    "отправляться прийти приходить направиться направляться ехать поехать съездить сходить "
    "нагрянуть явиться спешить поспешить бежать побежать мчаться примчаться go"
)
# «навещу Петровича», «визит к Бармалею»: a visit that names its guest without «к»
_CALL_LEMMAS: Final = _w("навестить навещать посетить посещать визит")
_SKIP_LEMMAS: Final = _w(
    "пропустить пропускать пас пасовать отложить откладывать повременить воздержаться skip pass"
)
# «исполнитель Рома», «исполняет Рома»: who carries out a clan kill (P-M.8)
_EXECUTOR_LEMMAS: Final = _w("исполнитель исполнять исполнить выполнять выполнить executor")

TYPO_CONFIDENCE: Final = 0.85  # one letter off a verb form: «провераю»
TYPO2_CONFIDENCE: Final = 0.8  # two letters off a long form


@dataclass(frozen=True, slots=True)
class Word:
    """What one word of a letter says about the move."""

    actions: frozenset[str]  # actions it names (empty for visit/skip/executor words)
    confidence: float
    past: bool = False  # «убил»: a story, not a move
    third: bool = False  # «убирает», «стреляет», «идёт»: someone else does it
    visit: bool = False  # a motion verb («иду»)
    call: bool = False  # a visit verb that takes its guest directly («навещу Петю»)
    skip: bool = False  # «пропускаю ход»
    executor: bool = False  # «исполнитель», «исполняет»
    infinitive: bool = False


_VERBISH: Final = frozenset({"VERB", "INFN", "PRTF", "PRTS", "GRND"})


_NO_GRAMMEMES: Final = frozenset[str]()


class _Index:
    """Every form of every lemma → what it says (`Word`, read at full confidence) from its
    readings [(kind, grammemes)], kind an action id or one of "visit", "call", "skip",
    "executor". Built once per process (`_index`).

    Stored without an object per form (~10,000 forms, ~18,000 readings), and built without
    one either: the forms sit in ~300 byte strings, one per first four letters, each
    a run of ``\\n<form>\\t<number>`` records (the form in UTF-8, the number in three bytes
    of 0x80–0xBF, so that neither separator occurs inside a record) where the number picks
    the form's `Word` in `words` (~50 distinct ones); the verb forms the typo
    search walks sit in one string per (length, first letter), back to back in alphabetical
    order. A dict of form → list of readings held ~3.7 MB and a few more while it was built.
    """

    __slots__ = ("_by_start", "_verbs", "words")

    def __init__(
        self,
        by_start: dict[str, bytes],
        words: tuple[Word, ...],
        verbs: dict[tuple[int, str], str],
    ) -> None:
        self._by_start = by_start
        self.words = words
        self._verbs = verbs

    def get(self, form: str) -> Word | None:
        """What `form` says at full confidence, or None when it is no form of the vocabulary."""
        if not form or "\n" in form or "\t" in form:
            return None
        records = self._by_start.get(form[:4])
        if records is None:
            return None
        key = _key(form)
        at = records.find(key)
        if at < 0:
            return None
        return self.words[_number(records, at + len(key))]

    def forms(self) -> Iterator[str]:
        """Every form (in no particular order)."""
        for records in self._by_start.values():
            for form, _code_number in _records(records):
                yield form

    def verb_forms(self, length: int, first: str) -> Iterator[str]:
        """The verb forms (verb, infinitive, participle, gerund) of `length` letters, at least
        five, that begin with `first`, in alphabetical order."""
        run = self._verbs.get((length, first), "")
        for at in range(0, len(run), length):
            yield run[at : at + length]


def _key(form: str) -> bytes:
    return b"\n" + form.encode() + b"\t"


def _code(number: int) -> bytes:
    """`number` (< 2¹⁸) in three bytes of 0x80–0xBF."""
    if not 0 <= number < 1 << 18:
        raise ValueError(f"{number}: too many distinct readings for the vocabulary's index")
    return bytes((0x80 | number >> 12, 0x80 | (number >> 6) & 0x3F, 0x80 | number & 0x3F))


def _number(records: bytes | bytearray, at: int) -> int:
    """The number whose three bytes begin at `at`."""
    return (records[at] & 0x3F) << 12 | (records[at + 1] & 0x3F) << 6 | records[at + 2] & 0x3F


def _records(records: bytes | bytearray) -> Iterator[tuple[str, int]]:
    """(form, number) of every record of one run."""
    for record in bytes(records).split(b"\n")[1:]:
        yield record[:-4].decode(), _number(record, len(record) - 3)


@lru_cache(maxsize=1)
def _index() -> _Index:
    """The vocabulary's forms (see `_Index`), generated once per process."""
    kinds: list[tuple[str, frozenset[str]]] = [
        *_LEMMAS.items(),
        ("visit", _VISIT_LEMMAS),
        ("call", _CALL_LEMMAS),
        ("skip", _SKIP_LEMMAS),
        ("executor", _EXECUTOR_LEMMAS),
    ]
    readings: dict[tuple[str, frozenset[str]], int] = {}  # (kind, grammemes) → its number
    sets: dict[tuple[int, ...], int] = {}  # a form's readings (sorted numbers) → its number
    numbered: list[tuple[int, ...]] = []  # the sets by their number
    by_start: dict[str, bytearray] = {}

    def number(readings_of_form: tuple[int, ...]) -> bytes:
        if readings_of_form not in sets:
            sets[readings_of_form] = len(numbered)
            numbered.append(readings_of_form)
        return _code(sets[readings_of_form])

    with each_lookup_released():  # a burst of lemmas, on top of what the process holds
        for kind, lemmas in kinds:
            for lemma in lemmas:
                for form, grams in (*forms(lemma), (lemma, _NO_GRAMMEMES)):
                    reading = readings.setdefault((kind, grams), len(readings))
                    records = by_start.setdefault(form[:4], bytearray())
                    key = _key(form)
                    at = records.find(key)
                    if at < 0:
                        records += key + number((reading,))
                        continue
                    at += len(key)
                    known = numbered[_number(records, at)]
                    if reading not in known:
                        records[at : at + 3] = number(tuple(sorted((*known, reading))))
    # what each form's readings say, numbered afresh; the verb forms, a first letter at a time
    # (so that they are never all held as strings at once)
    by_reading = list(readings)
    words: dict[Word, int] = {}
    said: dict[int, tuple[int, bool]] = {}  # a set's number → (its word's number, verbish)
    verbs: dict[tuple[int, str], str] = {}
    for _first, starts in groupby(sorted(by_start), key=lambda start: start[0]):
        run: dict[tuple[int, str], list[str]] = {}
        for start in starts:
            records = by_start[start]
            end = records.find(b"\t")
            while end >= 0:
                old = _number(records, end + 1)
                if old not in said:
                    entries = tuple(by_reading[r] for r in numbered[old])
                    word = _word_from(entries, 1.0)
                    verbish = any(g & _VERBISH for _k, g in entries)
                    said[old] = words.setdefault(word, len(words)), verbish
                word_number, verbish = said[old]
                if verbish:
                    form = records[records.rfind(b"\n", 0, end) + 1 : end].decode()
                    if len(form) >= 5:
                        run.setdefault((len(form), form[0]), []).append(form)
                records[end + 1 : end + 4] = _code(word_number)
                end = records.find(b"\t", end + 4)
        verbs.update((key, "".join(sorted(forms_))) for key, forms_ in run.items())
    by_start_bytes = {start: bytes(records) for start, records in by_start.items()}
    return _Index(by_start_bytes, tuple(words), verbs)


def _word_from(entries: Sequence[tuple[str, frozenset[str]]], confidence: float) -> Word:
    actions = frozenset(k for k, _g in entries if k in _LEMMAS)
    grams: frozenset[str] = frozenset().union(*(g for _k, g in entries))
    # a form that is past tense in every reading is past («убил»); «убит» too
    past = (
        bool(entries)
        and all("past" in g or "PRTS" in g or "PRTF" in g for _k, g in entries if g)
        and any(g for _k, g in entries)
    )
    return Word(
        actions=actions,
        confidence=confidence,
        past=past,
        third="3per" in grams and "1per" not in grams,
        visit=any(k == "visit" for k, _g in entries),
        call=any(k == "call" for k, _g in entries),
        skip=any(k == "skip" for k, _g in entries),
        executor=any(k == "executor" for k, _g in entries),
        infinitive="INFN" in grams,
    )


@lru_cache(maxsize=65536)
def lookup(word: str) -> Word | None:
    """What `word` (case-folded, ё→е, no edge punctuation) names, or None."""
    if not word or len(word) > 30:
        return None
    if word.endswith("-ка"):  # «проверь-ка», «грохну-ка»
        word = word[:-3]
    if re.search("[а-я]", word) and re.search("[a-z]", word):
        word = fold_lookalikes(word)  # «Прoверяю» with a Latin o
    for action, words in _ENGLISH.items():
        if word in words:
            return Word(frozenset({action}), 1.0)
    if word in ("go", "goes", "going"):
        return Word(frozenset(), 1.0, visit=True)
    if word in ("skip", "pass"):
        return Word(frozenset(), 1.0, skip=True)
    if word == "executor":
        return Word(frozenset(), 1.0, executor=True)
    index = _index()
    found = index.get(word)
    if found is not None:
        return found
    if _LATIN_WORD.fullmatch(word):
        return _transliterated(word)
    # a form pymorphy3 knows whose lemma is in the vocabulary (rare forms, participles)
    for p in parse(word):
        of_lemma = index.get(p.lemma) if p.known else None
        if of_lemma is not None:
            return of_lemma
    return _ukrainian(word) or _typo(word)


# the action words in Ukrainian, whose words players mix into Russian («хлопці, вбиваємо
# Тамару, виконавець Кузьмич»): lemmas, every form by pymorphy3's Ukrainian dictionary
_UKRAINIAN: Final[dict[str, frozenset[str]]] = {
    "kill": _w("вбити вбивати убити убивати стріляти застрелити вистрілити"),
    "check": _w("перевірити перевіряти перевірка"),
    "heal": _w("лікувати вилікувати полікувати рятувати врятувати"),
    "block": _w("запросити запрошувати"),
    "beat": _w("побити бити"),
    "executor": _w("виконавець виконувати виконати"),
    "skip": _w("пропустити пропускати"),
}
# a letter Russian lacks, or Ukrainian's apostrophe before a soft vowel («вб'ємо»; not the
# one players put before a Russian ending of a Latin nick, «Fox'а»)
_UKRAINIAN_LETTERS: Final = re.compile("[іїєґ]|['ʼ][яюєї]")


@lru_cache(maxsize=1)
def _ukrainian_index() -> dict[str, list[tuple[str, frozenset[str]]]]:
    out: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for kind, lemmas in _UKRAINIAN.items():
        for lemma in lemmas:
            for form, grams in ukrainian_forms(lemma):
                out.setdefault(form, []).append((kind, grams))
    return out


@lru_cache(maxsize=1)
def _ukrainian_starts() -> frozenset[str]:
    return frozenset(lemma[:5] for lemmas in _UKRAINIAN.values() for lemma in lemmas)


def _ukrainian(word: str) -> Word | None:
    """An action word in Ukrainian, looked up only when the word has a letter Russian lacks
    or, unknown to the Russian dictionary, begins with the first five letters of one of the
    Ukrainian lemmas («виконавець»): the Ukrainian dictionary (some 20 MB) is not loaded for
    a letter in Russian."""
    if not (_UKRAINIAN_LETTERS.search(word) or word[:5] in _ukrainian_starts()):
        return None
    if any(p.known for p in parse(word)):
        return None
    entries = _ukrainian_index().get(word.replace("ʼ", "'"))
    return _word_from(entries, 1.0) if entries else None


_LATIN_WORD: Final = re.compile("[a-z']{3,}")
TRANSLIT_CONFIDENCE: Final = 0.85  # Russian typed in Latin letters: «ubivayu», «zasada»


def _transliterated(word: str) -> Word | None:
    """A Russian word typed in Latin letters, in any common scheme («ubivayu», «ubivaju»,
    «zasada», «ispolnitel»): read through its Cyrillic spellings (cyrtranslit, the schemes
    above, a soft sign players leave out), with a lower confidence. English words were
    looked up before this."""
    for cyr in cyrillic_spellings(word):
        if "-" in cyr:
            continue
        for candidate in (cyr, cyr + "ь", cyr.replace("шч", "щ")):
            found = _index().get(candidate)
            if found is not None:
                return replace(found, confidence=TRANSLIT_CONFIDENCE)
        found_typo = _typo(cyr)
        if found_typo is not None:
            return found_typo
    return None


def _typo(word: str) -> Word | None:
    """«Провераю» → «проверяю»: a verb form one letter away (two for long words), when the
    word itself is no dictionary word."""
    if len(word) < 6 or not word.isalpha() or any(p.known for p in parse(word)):
        return None
    from rapidfuzz.distance import Levenshtein

    limit = 2 if len(word) >= 9 else 1
    best: tuple[int, str] | None = None
    index = _index()
    for n in range(len(word) - limit, len(word) + limit + 1):
        for form in index.verb_forms(n, word[0]):
            d = Levenshtein.distance(word, form, score_cutoff=limit)
            # ties go to the first form in alphabetical order: the vocabulary is built from
            # sets, and a reading must not depend on their order
            if d <= limit and (best is None or (d, form) < best):
                best = (d, form)
    if best is None:
        return None
    conf = TYPO_CONFIDENCE if best[0] <= 1 else TYPO2_CONFIDENCE
    found = index.get(best[1])
    return replace(found, confidence=conf) if found is not None and found.actions else None


# -- doubt: words that leave a move or a vote unsettled (C-2, P-V.1, G-N.1) ---------------------
# One vocabulary for both readers (`parser.letters.proof`, `parser.votes.negation`); where a
# word is a form of a lemma, every form comes from pymorphy3 (`parser.morph.forms`). Each
# reader decides *where* a word must stand to count (its sentence, its clause, right after the
# player); the words are the same.

#: a maybe — in the sentence before a move or vote («Может быть, проверяю …»), or right after
#: its player («ну Влад наверно», «<Валера> наверное»); not «наверняка», which is sure
MAYBE: Final = _w("может возможно наверное наверно вероятно видимо вроде мб походу скорее")
#: a one-word «не знаю» in chat: «хз»
UNSURE_WORDS: Final = _w("хз незнаю")
#: English function words a post or letter typed in English uses where the readers' checks
#: read Russian ones: a joke, a maybe, «или», «не», «завтра» said in English
IN_RUSSIAN: Final = {
    "and": "и", "or": "или", "maybe": "может", "perhaps": "возможно", "kidding": "шучу",
    "joke": "шутка", "jk": "шучу", "not": "не", "no": "нет", "if": "если",
    "tomorrow": "завтра", "later": "потом", "yesterday": "вчера",
}  # fmt: skip
#: words that settle a choice after a doubt («не знаю… ладно, пусть будет Жанна», «не уверен,
#: но выставляю <Рому>»)
SETTLED: Final = _w("пусть ладно итак решено выбираю всё-таки давай окончательно но однако")
#: a word before a joke word that makes it earnest: «не шучу», «без шуток»
_EARNEST: Final = _w("не без кроме")
#: the joke said of a move or vote: every form of the nouns, the sender's own verb (first
#: person) — «(шутка)», «шучу», «прикол», «прикалываюсь» — and the ways it is typed short
_JOKE_NOUNS: Final = ("шутка", "прикол")
_JOKE_VERBS: Final = ("шутить", "пошутить", "прикалываться")
_JOKE_TYPED: Final = _w("шутю jk")
#: the sender's own verbs of doubt (first person): «боюсь», «сомневаюсь», «подумаю»
DOUBT_LEMMAS: Final = _w("бояться сомневаться подумать")
#: «не» before these says the sender has not decided or is unsure: «не решил(а)», «не решено»,
#: «не уверен(а)», «не точно» (pymorphy3's short forms of «уверенный» are spelt «уверенна»,
#: so its four forms are given here)
_DECIDE_LEMMA: Final = "решить"
_SURE: Final = _w("уверен уверена уверено уверены точно")


@lru_cache(maxsize=1)
def joke_words() -> frozenset[str]:
    """Every word that says «a joke» of what came before (see `_JOKE_NOUNS`, `_JOKE_VERBS`)."""
    out = set(_JOKE_TYPED)
    for lemma in _JOKE_NOUNS:
        out.update(form for form, _g in forms(lemma))
    for lemma in _JOKE_VERBS:
        out.update(form for form, grams in forms(lemma) if "1per" in grams)
    return frozenset(out)


def joked(words: Sequence[str]) -> bool:
    """Whether `words` (lower case, ё→е) say it was a joke — not «не шучу», «без шуток»:
    said in earnest."""
    jokes = joke_words()
    return any(w in jokes and (n == 0 or words[n - 1] not in _EARNEST) for n, w in enumerate(words))


@lru_cache(maxsize=1)
def undecided_words() -> frozenset[str]:
    """Words that «не» before makes a doubt: the decision's past forms («не решил», «не
    решила», «не решено») and «не уверен(а)»."""
    decided = {
        form
        for form, grams in forms(_DECIDE_LEMMA)
        if ("VERB" in grams and "past" in grams) or "PRTS" in grams
    }
    return frozenset(decided | _SURE)


def decided_words() -> frozenset[str]:
    """«не решил(а)», «не решено»: the forms of the decision alone (not «уверен»)."""
    return undecided_words() - _SURE


def doubt_verb(word: str) -> bool:
    """«боюсь», «сомневаюсь», «подумаю»: the sender's own verb of doubt (first person)."""
    parses = parse(word)
    return bool(parses) and parses[0].lemma in DOUBT_LEMMAS and "1per" in parses[0].grammemes


# -- a suggestion: a clan member's word that offers a victim rather than asks for the shot ------
#: «предлагаю», «предложу», «голосую» (the sender's own word: first person), said to the Don
#: who decides (P-M.8, setting `member_suggestion`)
_SUGGEST_LEMMAS: Final = _w("предлагать предложить голосовать проголосовать")


@lru_cache(maxsize=1)
def suggest_words() -> frozenset[str]:
    """Every first-person form of the verbs of offering a choice to someone who decides:
    «предлагаю», «предлагаем», «предложу», «голосую», «проголосую»."""
    out: set[str] = set()
    for lemma in _SUGGEST_LEMMAS:
        out.update(form for form, grams in forms(lemma) if "1per" in grams)
    return frozenset(out)
