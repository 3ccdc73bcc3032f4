"""A letter into tokens, clauses and sentences: quoted lines and the kill's story set aside,
questions found, list markers and abbreviations kept from ending a sentence."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from parser.correction import correction_lemma
from parser.latin import cyrillic_spellings, latin_reading, latin_readings
from parser.letters.words import (
    ASKING,
    CONDITION_WORDS,
    CORRECTION,
    DASHES,
    RESTATING,
    SIDE_KEYS,
    SIDE_MAFIA,
    SIDE_TOWN,
    TIME_WORDS,
)
from parser.morph import Reading, parse
from parser.nicks import casefold_key
from parser.vocab import IN_RUSSIAN, english_word, joked, lookup

_STORY_RE: Final = re.compile(
    r"(?im)(?<!\w)(способ(?:\s+убийства)?|как|story|how|описание|легенда|сюжет|рассказ|история)"
    # a hyphen joined to the next letter makes a word («как-то», «как-нибудь»), not a label
    r"(?:\s*[:—–]|\s+-|-(?!\w))\s*([^\n]*)"
)
_CLAUSE_END: Final = re.compile(r"[,;:.!?…]+[»\"')\]]*$")
_SENTENCE_END: Final = re.compile(r"[.!?…]+[»\"')\]]*$")
_PUNCT_EDGES: Final = re.compile(r"^[\W_]+|[\W_]+$")
_CYRILLIC_ONLY: Final = re.compile("[а-яё-]+")
_CLOCK: Final = re.compile(r"(?:[01]?\d|2[0-3])[:.][0-5]\d")
_LIST_MARKER: Final = re.compile(r"^\d{1,2}[.)]$")
_ABBREVIATION: Final = re.compile(r"^[A-Za-z]{1,3}\.$")
#: the noun of the one who carries out a clan kill (P-M.8), which players shorten
EXECUTOR_NOUN: Final = "исполнитель"
#: a Cyrillic word cut short by a full stop («исп.») or contracted by a hyphen («исп-ль»)
_CUT_WORD: Final = re.compile(r"([а-я]{3,})(?:(\.)|-([а-я]{1,4})\.?)?[,;:]?")
#: the marks around a typed word that are no part of it (a nick or a word quoted back)
EDGE_MARKS: Final = ",;:.!?…»«)(\"'"
#: the marks that may close a typed word (a nick read at the end of a clause)
CLOSING_MARKS: Final = ",;:.!?…»)\"'"


@dataclass(frozen=True, slots=True)
class Token:
    raw: str  # as typed
    word: str  # case-folded, ё→е, punctuation at the edges removed
    clause_end: bool  # a , ; : . ! ? ends the clause right after this token
    sentence: int  # index of the sentence the token belongs to


def _says_no(tokens: Sequence[Token], sentence: int) -> bool:
    """A «не» ending its clause says «нет» where it follows a word that opens a correction
    («хотя не, …», «ой не, …»). Opening a sentence it may open anything; «Не, не Кума, а
    Лиса» is read by the player it takes back (`mentions.taken_back_marks`)."""
    if not tokens or tokens[-1].sentence != sentence:
        return False
    return tokens[-1].word in ("хотя", "ой", "а") and not tokens[-1].clause_end


def _alone(tokens: Sequence[Token], sentence: int) -> bool:
    """The word about to be added opens its sentence, after another one: said alone and
    ended («… . не. …»), it answers what came before, as «нет» does."""
    return bool(tokens) and tokens[-1].sentence != sentence


def russian_in_latin(word: str) -> str | None:
    """C-2: the Russian word a Latin-typed word (case-folded) spells, or None: a word that
    is no English word of the vocabulary, read by the one reading of Latin typing
    (`parser.latin.latin_reading`: its unique cheapest reading by the table of every
    scheme's letters, the dictionary's spellings among its candidates — «ne» → «не»,
    «zavtra» → «завтра», «ubivat» → «убивать», «kto-to» → «кто-то»; «moi», мои or мой,
    stays unread). A word of one letter is read only as a preposition («k sebe» → «к
    себе», «v Bee» → «в Bee»): «i» and «a» are English words as well as Russian ones."""
    if len(word) == 1 and word.isascii() and word.isalpha():
        spelt = cyrillic_spellings(word)
        prep = spelt[:1] and any(r.known and r.pos == "PREP" for r in parse(spelt[0]))
        return spelt[0] if prep else None
    if len(re.findall("[a-zčšž]", word)) < 2 or english_word(word):
        return None
    return latin_reading(word)


def _clause_rest(parts: Sequence[str], n: int) -> list[str]:
    """The raw words after `parts[n]` on its line up to the one that ends its clause."""
    if _CLAUSE_END.search(parts[n]):
        return []
    out: list[str] = []
    for raw in parts[n + 1 :]:
        out.append(raw)
        if _CLAUSE_END.search(raw):
            break
    return out


def _infinitive_typed(
    latin: str,
    word: str,
    tokens: Sequence[Token],
    sentence: int,
    after: Sequence[str],
    *,
    killer: bool = False,
) -> str:
    """C-2: «ubit Petrova» — a Latin-typed verb `latin` read as its short passive participle
    (`word`, «убит»: the cheapest reading, every letter typed) that is also an infinitive
    with its soft sign left out («убить», one of its dearer readings) is that infinitive
    where the participle has no subject and a verb's object follows: no noun or pronoun
    before it in its clause that may be its subject, and the next noun or pronoun after it
    in its clause («Petrova», «Gleba», «ego») is in the accusative and no nominative
    agreeing with the participle («ubit Petrov» is «убит Петров», a death told). The
    participle is kept otherwise («Petrov ubit»). `after`: the raw words after it on its
    line, up to the one that ends its clause. `killer` (the sender's role may kill now): a
    word opening its clause before an inanimate noun whose nominative and accusative are
    one form («ubit Uroven»: «уровень») is the infinitive — the killer's own verb, the
    noun its object; a word before it in the clause («vchera ubit Kamen») or an animate
    nominative («ubit Petrov») keeps the participle, a death told."""
    participle = [r for r in parse(word) if r.pos == "PRTS"]
    infinitive = word + "ь"
    if not participle or infinitive not in dict(latin_readings(latin)):
        return word
    if not any(r.pos == "INFN" for r in parse(infinitive)):
        return word
    agree = participle[0].grammemes & {"masc", "femn", "neut", "sing", "plur"}
    opens = True
    for t in reversed(tokens):
        if t.sentence != sentence or t.clause_end:
            break
        opens = opens and not t.word
        if _may_be_subject(t.word, agree):
            return word
    for raw in after:
        key = _PUNCT_EDGES.sub("", casefold_key(raw))
        said = russian_in_latin(key) or key
        top = parse(said)[:1] if said else []
        if top and top[0].pos in ("ADVB", "PRCL"):
            continue  # «ubit segodnya Petrova»
        nouns = [r for r in parse(said) if r.pos in ("NOUN", "NPRO")] if said else []
        if killer and opens and _object_alike(nouns):
            return infinitive  # «ubit Uroven» from a killer
        if not nouns or _may_be_subject(said, agree):
            return word
        return infinitive if any("accs" in r.grammemes for r in nouns) else word
    return word


def _particle_typed(latin: str, word: str, tokens: Sequence[Token], sentence: int) -> str:
    """C-2: «Urala pust drugie», «pust budet Minsk» — a Latin-typed word read as a short
    adjective (`word`, «пуст»: the cheapest reading, every letter typed) that is also a
    particle or conjunction with its soft sign left out («пусть», a dearer reading) is that
    particle, unless the word right before it in its clause may be the adjective's subject
    («dom pust»: a noun or pronoun in the nominative agreeing with it, `_may_be_subject`).
    The soft sign is what Latin typing drops most; a short adjective without its subject
    is no reading of a letter's words."""
    short = [r for r in parse(word) if r.pos == "ADJS"]
    signed = word + "ь"
    if not short or signed not in dict(latin_readings(latin)):
        return word
    if not any(r.pos in ("PRCL", "CONJ") for r in parse(signed)):
        return word
    agree = short[0].grammemes & {"masc", "femn", "neut", "sing", "plur"}
    before = tokens[-1] if tokens else None
    if before is None or before.sentence != sentence or before.clause_end:
        return signed
    return word if _may_be_subject(before.word, agree) else signed


def _object_alike(nouns: Sequence[Reading]) -> bool:
    """The readings `nouns` of a word after «ubit» are those of an inanimate noun the
    dictionary knows whose accusative is its nominative («уровень», «камень»): the
    participle's subject and the infinitive's object alike."""
    known = [r for r in nouns if r.known]
    return (
        bool(known)
        and all(r.pos == "NOUN" and "inan" in r.grammemes for r in known)
        and any("accs" in r.grammemes for r in known)
        and any("nomn" in r.grammemes for r in known)
    )


def subject_verb(word: str) -> bool:
    """Whether `word` reads first as a verb of the third person or of the past (which has no
    person and agrees with its subject): a verb that has a subject in its clause."""
    top = parse(word)[:1] if word else ()
    return bool(top) and top[0].pos == "VERB" and bool(top[0].grammemes & {"3per", "past"})


def _may_be_subject(word: str, agree: frozenset[str]) -> bool:
    """Whether `word` (a token's reading word) may be the subject of a short participle of
    the gender and number `agree`: a noun or a pronoun in the nominative agreeing with it, or
    a word the dictionary cannot read at all (a Latin nick: no proof it is none)."""
    if not word:
        return False
    readings = parse(word)
    if not any(r.known for r in readings) and not _CYRILLIC_ONLY.fullmatch(word):
        return True
    return any(
        r.pos in ("NOUN", "NPRO") and "nomn" in r.grammemes and agree <= r.grammemes
        for r in readings
    )


def tokenize(text: str, *, killer: bool = False) -> list[Token]:
    """The letter's words (`Token`), sentence by sentence. `killer`: the sender's role may
    kill now, which settles a Latin-typed «ubit» before a word that is its object and its
    subject alike (`_infinitive_typed`)."""
    tokens: list[Token] = []
    sentence = 0
    for line in text.splitlines():
        parts = line.split()
        words = [_PUNCT_EDGES.sub("", casefold_key(raw)) for raw in parts]
        brackets = 0  # brackets opened and not yet closed on the line
        for n, raw in enumerate(parts):
            last = n == len(parts) - 1
            # pure punctuation («—», «:») becomes "" so that it is skipped like filler
            word = _PUNCT_EDGES.sub("", casefold_key(raw))
            # «1.», «2)» number a list; they end no sentence and name nobody
            marker = bool(_LIST_MARKER.match(raw))
            # «ne ubivayu Uroven»: Russian typed in Latin letters is read as the Russian it
            # spells by every stage (negation, «бы», modals, put-offs, conditions); the
            # raw text, which nicks are matched by, keeps the letters as typed
            latin = word
            word = russian_in_latin(latin) or latin
            if word != latin:
                # «ubit Petrova»: the infinitive with its soft sign left out
                word = _infinitive_typed(
                    latin, word, tokens, sentence, _clause_rest(parts, n), killer=killer
                )
                # «Urala pust drugie»: the particle with its soft sign left out
                word = _particle_typed(latin, word, tokens, sentence)
            if marker or _CLOCK.fullmatch(word):
                # «в 03:00», «после 22.00»: a clock time says when, and names nobody
                word = ""
            # «Dr. Watson»: a short Latin abbreviation ends no sentence either
            abbr = bool(_ABBREVIATION.match(raw))
            cut = executor_abbreviation(raw)
            if cut:
                word, abbr = EXECUTOR_NOUN, True  # «исп. Молот»: the executor word (P-M.8)
            ends_sentence = bool(_SENTENCE_END.search(raw)) and not marker and not abbr
            if ends_sentence and _pause(raw, word, words[n + 1] if not last else ""):
                ends_sentence = False
            # «режу Шречка) кст …»: a smiley closes the clause as a comma would; a bracket
            # closing one opened before it on the line does not
            brackets += raw.count("(") - raw.count(")")
            smiley = raw.endswith(")") and brackets < 0 and word != ""
            brackets = max(brackets, 0)
            ended = bool(_CLAUSE_END.search(raw)) or last or smiley
            if cut:
                ended = last or bool(_CLAUSE_END.search(raw.rstrip(".")))  # its stop cuts it
            # «…уже ел)) Проверяю Шампура»: a smiley of two brackets or more before a
            # capital closes the sentence, as a full stop would
            if smiley and raw.endswith("))") and not last and parts[n + 1][:1].isupper():
                ends_sentence = True
            if word == "не" and ended and not last and _says_no(tokens, sentence):
                word = "нет"  # «хотя не, Аглаю», «ой не, Лизу»: «не,» says no
            elif word == "не" and ends_sentence and _alone(tokens, sentence):
                word = "нет"  # «Проверю Зосиму. не. Созона»: a sentence of «не» alone
            tokens.append(Token(raw, word, ended, sentence))
            # a line break ends a clause (a nick never spans lines) but not a sentence:
            # «Проверяю:» on one line and the nick on the next is one move
            if ends_sentence:
                sentence += 1
    return _either_or(tokens)


def executor_abbreviation(raw: str) -> bool:
    """«исп.», «испол.», «исп-ль», a lower-case «исп»: the executor noun shortened (P-M.8).
    Told by shape, not by a list of spellings: a word of three letters or more that begins
    the noun — cut short there (a full stop, or nothing after it in lower case), or
    contracted to its start and its end around a hyphen — and that the dictionary knows as
    no word of its own (an abbreviation it lists, «исп.» for «испанский», is still one)."""
    m = _CUT_WORD.fullmatch(casefold_key(raw))
    if m is None:
        return False
    head, stop, tail = m.groups()
    if not EXECUTOR_NOUN.startswith(head) or head == EXECUTOR_NOUN:
        return False
    if tail is not None:
        if not EXECUTOR_NOUN.endswith(tail) or len(head) + len(tail) >= len(EXECUTOR_NOUN):
            return False
    elif stop is None and not raw[:1].islower():
        return False  # a capitalised bare word may be a nick of that spelling
    return not any(p.known and "Abbr" not in p.grammemes for p in parse(head))


def _either_or(tokens: list[Token]) -> list[Token]:
    """«то ли X, то ли Y» weighs two as «или X, или Y» does: each «то ли» read as «или»
    (when the letter says it twice, as the pair always goes)."""
    at = [
        k
        for k in range(len(tokens) - 1)
        if tokens[k].word == "то" and tokens[k + 1].word == "ли" and not tokens[k].clause_end
    ]
    if len(at) < 2:
        return tokens
    for k in at:
        tokens[k] = replace(tokens[k], word="")
        tokens[k + 1] = replace(tokens[k + 1], word="или")
    return tokens


def _pause(raw: str, word: str, nxt: str) -> bool:
    """«Убиваю... эх... Тимофея», «Стреляю... ну... в Оскара»: an ellipsis next to a filler
    (an interjection, «ну») is the sender hesitating, not a sentence ending."""
    if not raw.rstrip("»\"')]").endswith(("...", "…")):
        return False
    return _filler(word) or _filler(nxt)


def _filler(word: str) -> bool:
    if not word or word in CORRECTION or correction_lemma(word):
        return False  # «… ой, не в Лизу»: a correction, not a pause
    if word == "ну":
        return True
    parses = parse(word)
    return bool(parses) and parses[0].pos == "INTJ"


def typed_in_latin(tok: Token) -> bool:
    """Whether the token's reading word is Russian the player typed in Latin letters
    (`russian_in_latin`)."""
    key = word_key(tok.raw)
    return key != tok.word and key.isascii() and russian_in_latin(key) == tok.word


def word_key(raw: str) -> str:
    """A typed word as the vocabulary looks it up: case-folded, ё→е, edge punctuation off."""
    return _PUNCT_EDGES.sub("", casefold_key(raw))


def question_sentences(tokens: list[Token]) -> set[int]:
    """Sentences that end with «?»: they ask, they do not move."""
    return {t.sentence for t in tokens if t.raw.rstrip("»\"')]").endswith("?")}


def question_tags(tokens: list[Token]) -> list[Token]:
    """«Проверяю Зелёного, он доктор?»: a sentence that opens with the sender's own action
    verb and ends with a question in a later clause moves, and only that clause asks. It
    becomes a sentence of its own, so that the «?» rule (2.) takes the question alone.
    «Убить Сашу или Машу?», «Кого проверить, Ли или Яна?» still ask as a whole."""
    if not any(t.raw.endswith("?") for t in tokens):
        return tokens
    out: list[Token] = []
    shift = 0
    k = 0
    while k < len(tokens):
        sentence = tokens[k].sentence
        end = k
        while end + 1 < len(tokens) and tokens[end + 1].sentence == sentence:
            end += 1
        split = _tag_start(tokens, k, end)
        for n in range(k, end + 1):
            extra = 1 if split is not None and n >= split else 0
            out.append(replace(tokens[n], sentence=tokens[n].sentence + shift + extra))
        shift += 1 if split is not None else 0
        k = end + 1
    return out


def _tag_start(tokens: list[Token], first: int, last: int) -> int | None:
    """Where the question tag of the sentence tokens[first..last] starts, or None."""
    if not tokens[last].raw.rstrip("»\"')]").endswith("?"):
        return None
    verb = lookup(tokens[first].word)
    if verb is None or not verb.actions or verb.past or verb.third or verb.infinitive:
        return None
    parses = parse(tokens[first].word)
    if parses and parses[0].pos != "VERB":
        return None  # «Проверка Ли, да?» names the move by a noun: asked as a whole
    breaks = [n for n in range(first, last) if tokens[n].clause_end]
    if not breaks or any(t.word in ASKING for t in tokens[first : breaks[0] + 1]):
        return None
    return breaks[-1] + 1


def nick_windows(tokens: list[Token], start: int, max_words: int) -> list[tuple[int, str]]:
    """Candidate texts starting at `start`, longest first, never crossing a clause end."""
    out: list[tuple[int, str]] = []
    end = start
    while end < len(tokens) and end - start < max_words:
        end += 1
        if tokens[end - 1].clause_end:
            break
    for stop in range(end, start, -1):
        out.append((stop, " ".join(t.raw for t in tokens[start:stop])))
    return out


def side_by_keys(tokens: list[Token], questions: set[int]) -> str | None:
    by_sentence: dict[int, list[str]] = {}
    for t in tokens:
        if t.sentence not in questions:
            by_sentence.setdefault(t.sentence, []).append(t.word)
    # «Сторона: защита. То есть мафия.»: a sentence opening by restating goes on the one
    # before it, which it says again in other words
    for n in sorted(by_sentence):
        opening = tuple(w for w in by_sentence[n] if w)[:2]
        if n - 1 in by_sentence and any(opening[: len(r)] == r for r in RESTATING):
            by_sentence[n - 1] += by_sentence.pop(n)
    for words in by_sentence.values():
        if not any(w in SIDE_KEYS for w in words):
            continue
        town = any(w in SIDE_TOWN for w in words)
        mafia = any(w in SIDE_MAFIA for w in words)
        if town != mafia:
            return "town" if town else "mafia"
    return None


# -- the reader -------------------------------------------------------------------------------


def split_story(text: str) -> tuple[str | None, str]:
    m = _STORY_RE.search(text)
    if m is None:
        return None, text
    story = m.group(2).strip() or None
    return story, text[: m.start()] + "\n" + text[m.end() :]


_QUOTED_LINE: Final = re.compile(r"^[ \t]*>.*$\n?", re.MULTILINE)


def unquoted(text: str) -> str:
    """The letter without e-mail style quoted lines («> Проверяю Судью» under «Re:»): they
    hold the earlier letter the player answers, not tonight's move."""
    if ">" not in text:
        return text
    return _QUOTED_LINE.sub("", text)


def sides_refused(tokens: Sequence[Token], questions: set[int]) -> tuple[set[str], set[str]]:
    """(sides said, sides refused) by their words outside questions: a side word in a clause
    with «не», «нет», «против» is refused («За мафию играть не хочу»), any other is said.
    Only where one is refused does this decide the choice (G-M.8: «Я за мирных» after it)."""
    said: set[str] = set()
    refused: set[str] = set()
    for k, t in enumerate(tokens):
        side = "town" if t.word in SIDE_TOWN else "mafia" if t.word in SIDE_MAFIA else None
        if side is None or t.sentence in questions:
            continue
        clause = {c.word for c in _dash_part(clause_of(tokens, k), t)}
        (refused if clause & _REFUSING or _jest_after(tokens, k) else said).add(side)
    return said - refused, refused


def _jest_after(tokens: Sequence[Token], k: int) -> bool:
    """«Сторона — мафия. Шутка! Мирные.»: the clause right after the side's says it was
    a joke — the side is taken back, as one refused."""
    end = k
    while end < len(tokens) - 1 and not tokens[end].clause_end:
        end += 1
    if end + 1 >= len(tokens):
        return False
    after = clause_of(tokens, end + 1)
    return joked([c.word for c in after if c.word])


def _dash_part(clause: Sequence[Token], t: Token) -> Sequence[Token]:
    """The part of `clause` between dashes that holds `t` when it chooses the side in its own
    words: «Выбираю сторону мафии — с ними не пропадёшь» says the side, then its reason,
    whose «не» refuses nothing."""
    parts: list[list[Token]] = [[]]
    for c in clause:
        if c.raw in DASHES:
            parts.append([])
        else:
            parts[-1].append(c)
    part = next((p for p in parts if any(c is t for c in p)), list(clause))
    # only a side chosen in words of its own part («Выбираю сторону мафии — …»); «За мафию
    # — не хочу» refuses it across the dash
    if any(c.word in SIDE_KEYS for c in part):
        return part
    # «Если Батя пообещает не трогать меня — за мафию»: a condition's «не» is the
    # condition's, and refuses no side (the condition itself is for the proof to weigh)
    kept = [p for p in parts if not (p and p[0].word in _CONDITION_OPENERS)]
    return [c for p in kept for c in p]


#: a condition's or a later time's opening word (`parser.vocab`'s one list of each)
_CONDITION_OPENERS: Final = CONDITION_WORDS | TIME_WORDS


_REFUSING: Final = frozenset(("не", "нет", "против", "not", "никогда"))


def side_after_za(tokens: Sequence[Token], questions: set[int]) -> str | None:
    """«Я за мафию», «за мирных» (G-M.8): «за» and a side word."""
    for k, t in enumerate(tokens[:-1]):
        if t.word == "за" and t.sentence not in questions:
            nxt = tokens[k + 1].word
            if nxt in SIDE_TOWN:
                return "town"
            if nxt in SIDE_MAFIA:
                return "mafia"
    return None


def typed(tokens: Sequence[Token], start: int, end: int, edges: str = " ,;:.!?—–-") -> str:
    """The words of tokens[start:end] as the player typed them (for a question to quote),
    without the `edges` marks around them."""
    return " ".join(t.raw for t in tokens[max(start, 0) : min(end, len(tokens))]).strip(edges)


def phrase_ends_at(tokens: Sequence[Token], k: int, phrases: Sequence[str]) -> str | None:
    """The phrase of `phrases` (words parted by spaces) whose last word is the token at `k`,
    its other words typed right before it in the same sentence («как только», «после того
    как»), or None."""
    for phrase in sorted(phrases, key=lambda p: -len(p.split())):  # the longest first
        words = phrase.split()
        start = k - len(words) + 1
        if start < 0:
            continue
        run = tokens[start : k + 1]
        if [t.word for t in run] == words and all(t.sentence == tokens[k].sentence for t in run):
            return phrase
    return None


#: the hours of the working day, when a time on the clock is a booking, not the night's
WORKING_HOURS: Final = range(8, 20)


def clock_hour(raw: str) -> int | None:
    """The hour of a time on the clock as written («15:00», «к 9.30,» → 15, 9), or None."""
    m = _CLOCK.fullmatch(_PUNCT_EDGES.sub("", raw.strip()))
    return int(m.group().replace(".", ":").split(":")[0]) if m else None


def clause_bounds(tokens: Sequence[Token], i: int) -> tuple[int, int]:
    """The first and last index of the clause of token `i`, within its sentence."""
    a = i
    while a > 0 and not tokens[a - 1].clause_end and tokens[a - 1].sentence == tokens[i].sentence:
        a -= 1
    b = i
    while b + 1 < len(tokens) and not tokens[b].clause_end:
        b += 1
    return a, b


def clause_of(tokens: Sequence[Token], i: int) -> Sequence[Token]:
    start = i
    while start > 0 and not tokens[start - 1].clause_end:
        start -= 1
    end = i
    while end < len(tokens) - 1 and not tokens[end].clause_end:
        end += 1
    return tokens[start : end + 1]


_LATIN_WORD: Final = re.compile("[a-z']{2,}")


def unread(word: str) -> bool:
    """A word typed in Latin letters that is no English word of the vocabulary and that
    spells no Russian word the dictionary knows (`parser.latin.latin_readings`): a word of
    a language the reader does not read (`parser.letters.foreign`)."""
    if not _LATIN_WORD.fullmatch(word) or word in IN_RUSSIAN or lookup(word) is not None:
        return False
    return not latin_readings(word)
