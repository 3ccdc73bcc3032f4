"""Nick candidates: every player (living or out), pronoun and self-reference a letter names,
resolved by the ladders of `parser.nicks`, with whether each is negated."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Final

from parser.codes import read_code
from parser.latin import (
    cyrillic_spellings,
    handle_parts,
    heard_as_handle,
    latin_readings,
    spelt_whole,
    without_honorific,
)
from parser.letters.family import (
    child_in,
    child_of_possessive,
    parent_word,
    parents_named,
    second_persons,
)
from parser.letters.nameparts import players_by_name_part
from parser.letters.sense import nick_word, place_phrase
from parser.letters.tokens import (
    CLOSING_MARKS,
    EDGE_MARKS,
    Token,
    clause_bounds,
    nick_windows,
    subject_verb,
    unread,
)
from parser.letters.words import (
    CANCEL,
    GREETED,
    GREETING,
    NEG,
    NEG_GAP,
    OR,
    PARTIAL_CONFIDENCE,
    PARTIAL_MIN,
    PREP,
    PRONOUNS,
    SELF_LEAD,
    SELF_WORDS,
    SUGGEST_SCORE,
    TARGET_LABELS,
    TRANSLIT_CONFIDENCE,
    VISIT_PREPS,
)
from parser.morph import Reading, common_word, numeral_compound, parse, patronymic_of
from parser.nameforms import NAME_TAGS, pet_form_kind, tabled_pets
from parser.nicks import (
    AMBIGUOUS_NICK,
    STRICT_TIERS,
    NickMatch,
    NickResolver,
    fit_confidence,
    fit_kind,
    heard_proven,
    longer_name,
    name_sharers,
    nick_genders,
    one_gender,
    pet_match,
    plural_form_of,
    proven_typo,
    script_of,
    spelled_alike,
    translit_key,
    trimmed_key,
    word_inflects,
    word_pet_match,
)
from parser.roles import GAME_WORDS, role_word_of_longer_nick
from parser.sender import SenderView
from parser.twins import agreeing, form_cases, settled_twin
from parser.vocab import lookup


@dataclass(frozen=True, slots=True)
class Mention:
    start: int
    end: int  # exclusive
    raw: str
    kind: str  # "nick" | "self" | "pronoun" | "unknown" | "ambiguous" | "either" | "withdrawn"
    nick: str | None = None
    confidence: float = 0.0
    nominative: bool = False  # written as the nick itself, not a case form
    candidates: tuple[str, ...] = ()
    negated: bool = False
    gone: bool = False  # a player already out: asked about, and his nick is no action word
    out: str = ""  # the nick of that player as listed («Мирон» for «Мирона»), to name him
    proven: bool = False  # a typo proven by its kind of slip (`proven_typo`): no loose fit


# -- nicks ------------------------------------------------------------------------------------


def _nick_confidence(m: NickMatch, raw: str, players: Sequence[str] = ()) -> float:
    if m.method == "partial":
        letters = sum(c.isalpha() for c in raw)
        if letters >= PARTIAL_MIN or _given_name_of(raw, m.nick or "", players):
            return PARTIAL_CONFIDENCE
        return m.confidence
    if m.method == "translit":
        return TRANSLIT_CONFIDENCE
    return m.confidence


def _given_name_of(raw: str, nick: str, players: Sequence[str]) -> bool:
    """«Аню» for Аня Смирнова: a short word that is a case form of the given name heading a
    nick of several words — the person's own name, not a short cut of a word («Пса» for
    Бешеный Пёс stays below the threshold) — and no pet form of another player's given
    name (Анна's «Аню» is a doubt: left below the threshold)."""
    words = nick.split()
    if len(words) < 2:
        return False
    head = {p.lemma for p in parse(words[0].lower()) if "Name" in p.grammemes}
    said = {p.lemma for p in parse(raw.strip(EDGE_MARKS).lower()) if "Name" in p.grammemes}
    if not head & said:
        return False
    others = {
        w.lower().replace("ё", "е")
        for p in players
        if p != nick
        for w in p.split()[:1]
        if any("Name" in q.grammemes for q in parse(w.lower()))
    }
    return not any(
        pet_form_kind(form, name) or any(full == name for full, _ in tabled_pets(form))
        for form in said
        for name in others
    )


_LADDERS: Final = (
    STRICT_TIERS,
    ("case_forms",),
    ("partial_inflected",),
    ("translit_inflected",),
    ("partial_translit",),
)


def stopword(word: str) -> bool:
    return (
        word in PREP
        or word in NEG
        or word in OR
        or word in PRONOUNS
        or word in SELF_WORDS
        or word in SELF_LEAD
        or lookup(word) is not None
    )


def reduplicated(word: str) -> bool:
    """A hyphenated word made of one part said again («тук-тук», «баю-баюшки-баю»): a
    refrain or a sound, where a name's hyphen joins two different words («Они-сана»)."""
    parts = [p for p in word.split("-") if p]
    if len(parts) < 2:
        return False
    return any(
        a.startswith(b) or b.startswith(a) for n, a in enumerate(parts) for b in parts[n + 1 :]
    )


def nick_like(tok: Token, first_in_sentence: bool) -> bool:
    """A word that is probably meant as a nick: not an ordinary Russian word, or written with
    a capital inside a sentence, or Latin/digits mixed in."""
    w = tok.word
    if len(w) < 2 or stopword(w) or w in GREETING or w in GAME_WORDS:
        return False
    if len(w) >= 3 and len(set(w)) == 1:
        return False  # «аааааа», «5555»: one key held down (a child at the keyboard), no name
    if tok.raw[:1].islower() and _CONSONANTS_ONLY.fullmatch(w):
        return False  # «ггвп», «спс», «пжлст»: chat shorthand of consonants alone, no name
    if reduplicated(w):
        return False  # «баю-баюшки-баю», «тук-тук»: a refrain, no name
    if chess_notation(w):
        return False  # «h7», «Кf3», «0-0-0»: a square or a move on the board, no name
    if measure(w):
        return False  # «30х60», «3x4»: a size, no name
    if any(c.isdigit() for c in w) or re.search("[a-z]", w):
        if _russian_in_latin(tok):
            return False
        return bool(re.search("[а-я]", w)) or any(c.isdigit() for c in w) or len(w) >= 3
    if not first_in_sentence and tok.raw[:1].isupper():
        return True
    # «в восьмидюймовый»: a numeral and a dictionary word joined, as Russian builds them
    return not common_word(w) and not (tok.raw[:1].islower() and numeral_compound(w))


#: a square (a file a–h and a rank 1–8), optionally after a piece letter (Latin or Russian:
#: К, Ф, Л, С, Кр) and a capture mark, or a castling: chess notation, never a name (C-3)
_NOTATION: Final = re.compile(r"(?:кр|[кфлсkqrbn])?[a-h]?x?[a-h][1-8][+#]?|[0o](?:-[0o]){1,2}")


#: a Cyrillic word of consonants alone: no Russian name is written so, chat shorthand is
_CONSONANTS_ONLY: Final = re.compile("[бвгджзйклмнпрстфхцчшщьъ]{2,}")


def chess_notation(word: str) -> bool:
    """Whether the word is a chess square or move in notation («h7», «кf3», «exd5», «0-0»)."""
    return _NOTATION.fullmatch(word.casefold()) is not None


#: sizes: numbers joined by a times sign (Cyrillic «х», Latin «x», «×», «*»), a unit after
_MEASURE: Final = re.compile(r"\d+(?:[.,]\d+)?(?:[хx×*]\d+(?:[.,]\d+)?)+(?:мм|см|м|mm|cm|m)?")


def measure(word: str) -> bool:
    """Whether the word is a size written as numbers times numbers («30х60», «3x4», «100×200
    мм» as one word): a measure of a thing, never a name (C-3)."""
    return _MEASURE.fullmatch(word.casefold()) is not None


def _russian_in_latin(tok: Token) -> bool:
    """«segodnya bez hoda»: a word typed in lower-case Latin letters that spells an
    ordinary Russian word is that word, not a nick (C-3: Russian as it is typed); a nick in
    Latin letters is typed as a name is, with its capital, or is no dictionary word."""
    w = tok.word
    if not w.isascii() or not w.isalpha() or not tok.raw[:1].islower():
        return False
    return any(common_word(c) for c in cyrillic_spellings(w)[:1])


def find_mentions(
    tokens: Sequence[Token], resolver: NickResolver, view: SenderView
) -> list[Mention]:
    out: list[Mention] = []
    # a player already out is named like any other; the move on him is asked about
    gone = NickResolver(view.dead, partial=False) if view.dead else None
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        w = tok.word
        if not w:
            i += 1
            continue
        found: Mention | None = None
        if w == "я" and _coordinated(tokens, i):
            # «Протект: я и Ли»: «я» in a list of players is the sender
            found = Mention(i, i + 1, tok.raw, "self", view.nick, 1.0, True)
        elif w in SELF_WORDS:
            lead = i > 0 and tokens[i - 1].word in SELF_LEAD
            # «к себе», «ко мне», «с собой»: the sender's place or company, not a target;
            # «у меня …»: what the sender has or where, the genitive of having (no move's
            # object stands after «у»)
            to_me = i > 0 and tokens[i - 1].word in (*VISIT_PREPS, "с", "со", "у")
            # bare «себе» is the sender («Протект себе и Доктору»); bare «мне» is talk
            # («мне кажется»)
            if (not to_me and w != "мне") or lead:
                start = i - 1 if lead else i
                found = Mention(start, i + 1, tok.raw, "self", view.nick, 1.0, True)
        elif w in _NOMINATIVE_PRONOUNS:
            # «проверяю Они.» with Oni.Kuro: a handle's part, where no pronoun can stand
            found = _pronoun_handle(tokens, i, resolver, view, out)
        elif w in PRONOUNS and not (
            i + 1 < len(tokens) and tokens[i + 1].word in ("ночью", "ночи", "ночь", "ночкой")
        ):
            found = Mention(i, i + 1, tok.raw, "pronoun")
        if found is None:
            found = _family_phrase(tokens, i, resolver) or _read_strict(tokens, i, resolver, view)
        if found is None:
            found = _code_mention(tokens, i, resolver, gone)  # «эр первого» for R1
        if found is None and gone is not None:
            found = _dead_mention(tokens, i, gone)
        if found is None and not english_talk(w, resolver):
            found = _fuzzy_mention(tokens, i, resolver, gone)
            if found is not None and found.kind == "unknown":
                # no player's nick nor name form: perhaps a Latin handle by its sound
                found = _handle_mention(tokens, i, resolver, view) or found
            if found is not None:
                found = _fit_weighed(found, resolver, gone)
        if found is not None:
            found = _name_shared(found, resolver, view.nick)
            found = _titled_surname(tokens, found, out, resolver)
            negated = (
                negated_at(tokens, found.start)
                or denied_after(tokens, found.end - 1)
                or withdrawn_at(tokens, found.start)
            )
            # a name that takes in the word before it («Старого Кота») replaces what that
            # word was read as
            out = [m for m in out if m.end <= found.start]
            out.append(replace(found, negated=negated))
            i = found.end
        else:
            i += 1
    out = _attributes_dropped(tokens, out)
    kept = _clarified(tokens, _children_accounted(tokens, _instruments_dropped(tokens, out)))
    return _settled_by_name(tokens, kept)


def _code_mention(
    tokens: Sequence[Token], i: int, resolver: NickResolver, gone: NickResolver | None
) -> Mention | None:
    """A Latin code nick said in Russian from token `i` on (`parser.codes.read_code`), to
    ask about: the one living code it fits offered in the question («Может быть, вы имели
    в виду R1?»), every nick it fits named when several do (a player already out, another
    nick holding the number said alone), a player out asked about as one. It is not read
    as the move by itself: on letters of another hand the reading named the wrong player
    where the host read another move, so a proof of it is left for later."""
    a, b = clause_bounds(tokens, i)
    before = tokens[i - 1].word if i > a else None
    others = gone.players if gone is not None else ()
    read = read_code([t.word for t in tokens[i : b + 1]], before, resolver.players, others)
    if read is None:
        return None
    taken, fits, doubt = read
    end = i + taken
    raw = " ".join(t.raw for t in tokens[i:end]).rstrip(CLOSING_MARKS)
    if not fits and len(doubt) == 1 and doubt[0] in others:
        return Mention(i, end, raw, "unknown", gone=True, out=doubt[0])  # a player out
    if len(fits) + len(doubt) > 1:
        return Mention(i, end, raw, "ambiguous", candidates=(*fits, *doubt))
    # one fit: offered in the question, not read as the move by itself
    return Mention(i, end, raw, "unknown", candidates=fits)


def _attributes_dropped(tokens: Sequence[Token], mentions: list[Mention]) -> list[Mention]:
    """«Проверяю этого Яна», «эту Яна»: a pronoun right before a player's nick in its
    clause, which the dictionary reads as a pronoun adjective of the nick's gender, is the
    nick's attribute (it settles which of two twins is meant: `settled_twin`), no second
    player of the move."""
    out: list[Mention] = []
    for n, m in enumerate(mentions):
        nxt = mentions[n + 1] if n + 1 < len(mentions) else None
        if (
            m.kind == "pronoun"
            and nxt is not None
            and nxt.kind == "nick"
            and nxt.nick is not None
            and nxt.start == m.end
            and not tokens[m.start].clause_end
        ):
            adjs = [r for r in parse(tokens[m.start].word) if r.known and r.pos == "ADJF"]
            if adjs and agreeing(adjs, nick_genders(nxt.nick), None):
                continue
        out.append(m)
    return out


def _fit_weighed(found: Mention, resolver: NickResolver, gone: NickResolver | None) -> Mention:
    """C-3: a one-word reading no strict tier made (a pet form, a handle by its sound, a
    fuzzy match) is worth what its fit is (`parser.nicks.fit_kind`): a cut of a nick, a
    dictionary word of its own or a slip as near to another nick proves no player, so it
    falls below the move threshold and is asked."""
    if found.kind != "nick" or found.nick is None or found.end - found.start != 1:
        return found
    if found.proven:
        return found  # «Ворогу»: one slip of one player's nick, no word of its own
    weighed = fit_confidence(found.raw, found.nick, found.confidence, resolver.players)
    if weighed == found.confidence:
        return found
    typo = proven_typo(resolver, found.raw, gone)
    if typo is not None and typo.nick == found.nick:
        return found  # «Ласточу»: not a cut of Ласточка but her case form, a letter dropped
    return replace(found, confidence=weighed)


def _instruments_dropped(tokens: Sequence[Token], found: list[Mention]) -> list[Mention]:
    """M3 of C-2: «Рублю катаной Vortex_77», «режу ножом Васю»: a player no nick was read from
    (unknown or fitting several) written as one lower-case word in the instrumental, in a
    clause whose player is written as a player — the thing the deed is done with, never a
    second target beside him. A word read as a nick is such a thing too where it is written
    as one after a capitalised player («Бью Милоша молотом» from Молот)."""
    if not any(m.kind == "nick" for m in found):
        return found
    return [m for m in found if not _instrument(tokens, m, found)]


def _instrument(tokens: Sequence[Token], m: Mention, found: list[Mention]) -> bool:
    if m.kind not in ("unknown", "ambiguous", "nick") or m.end - m.start != 1:
        return False
    tok = tokens[m.start]
    if not tok.raw[:1].islower():
        return False
    top = parse(tok.word)[:1]
    if not top or top[0].pos != "NOUN" or "ablt" not in top[0].grammemes:
        return False
    a, b = clause_bounds(tokens, m.start)
    if m.kind == "nick":
        # «Бью Милоша молотом», «Бью Иголку секирой»: a weapon nick (the sender's own, or
        # another's) written as a thing — lower case, a dictionary noun of no person, in the
        # instrumental with no preposition — after a player written as one with a capital
        # is the tool, not a second player (L6, C-2/C-3)
        before = parse(tokens[m.start - 1].word)[:1] if m.start > a else ()
        thing = top[0].known and "inan" in top[0].grammemes
        if not thing or (before and before[0].pos == "PREP"):
            return False
        return any(
            n is not m
            and n.kind == "nick"
            and a <= n.start < m.start
            and tokens[n.start].raw[:1].isupper()
            for n in found
        )
    return any(n.kind == "nick" and a <= n.start <= b for n in found)


def _name_shared(found: Mention, resolver: NickResolver, me: str) -> Mention:
    """«Лену» read as one player by any path — a handle's part heard, a pet form of a given
    name — where the same short given name fits another living player too (C-3,
    `parser.nicks.name_sharers`, the votes' reading alike): asked naming them all. The
    sender is left out of the others (a player names himself «я», «себя»)."""
    if found.kind != "nick" or found.nick is None or found.end - found.start != 1:
        return found
    others = [p for p in name_sharers(resolver, found.raw, found.nick) if p != me]
    if not others:
        return found
    return replace(
        found, kind="ambiguous", nick=None, confidence=0.0, candidates=(found.nick, *others)
    )


#: nouns of a person's title or calling that stand before a surname («графа Толстого»,
#: «писателя Толстого», «господина Толстого»)
_TITLE_NOUNS: Final = frozenset(
    (
        "граф",
        "князь",
        "барон",
        "господин",
        "писатель",
        "поэт",
        "мистер",
        "сэр",
        "товарищ",
        "гражданин",
        "сударь",
    )
)
_CASES: Final = frozenset(("nomn", "gent", "datv", "accs", "ablt", "loct"))


def _titled_surname(
    tokens: Sequence[Token], found: Mention, out: list[Mention], resolver: NickResolver
) -> Mention:
    """C-3: a one-word form two nicks share by their declension («Толстого»: Толстой the
    surname, Толстый the adjective) is the surname when right before it, in its clause,
    stand a first name or a patronymic or a title noun in its gender and case («Льва
    Толстого», «Фёдора Михайловича Толстого», «графа Толстого») and exactly one of the
    nicks is a surname the form declines. The name words, naming no player, join the
    mention (no second target); one that may name a player leaves the form asked, and so
    does a phrase a noun or a preposition before it governs («за книгой Льва Толстого»,
    «по совету писателя Толстого»: the writer talked of, no move's object)."""
    if found.kind != "ambiguous" or found.end - found.start != 1 or len(found.candidates) < 2:
        return found
    word = tokens[found.start].word
    surnames = {
        nick: [
            r
            for r in parse(word)
            if r.known
            and "Surn" in r.grammemes
            and r.lemma.replace("ё", "е") == _low(nick)
            # in the nick's own gender: «Каренину» is his dative and her accusative, both
            # under his lemma, so «Анну Каренину» names no form of Каренин
            and not (nick_genders(nick) and not r.grammemes & nick_genders(nick))
        ]
        for nick in found.candidates
    }
    named = [n for n, rs in surnames.items() if rs]
    if len(named) != 1:
        return found
    forms = surnames[named[0]]
    start = found.start
    while start > 0:
        before = tokens[start - 1]
        if before.clause_end or before.sentence != tokens[found.start].sentence:
            break
        if not any(_agrees(r, forms) for r in parse(before.word) if r.known and _name_word(r)):
            break
        start -= 1
    if start == found.start or _governed(tokens, start):
        return found
    if any(m.start < found.start and m.end > start and m.kind != "unknown" for m in out):
        return found  # a name word read as a player: perhaps a second target, asked
    if _names_player(tokens[start : found.start], resolver.players):
        return found  # «Льва» beside a player Лев Гумилёв: it may be him, asked
    return replace(
        found,
        start=start,
        kind="nick",
        nick=named[0],
        confidence=PARTIAL_CONFIDENCE,
        candidates=(),
    )


def _names_player(words: Sequence[Token], players: Sequence[str]) -> bool:
    """Whether a word of `words` is, by its dictionary lemma, a word of a player's nick."""
    lemmas = {_low(r.lemma) for t in words for r in parse(t.word) if r.known}
    return any(
        _low(r.lemma) in lemmas
        for p in players
        for part in re.findall(r"[а-яёА-ЯЁ]+", p)
        for r in parse(part.lower())
        if r.known
    )


def _governed(tokens: Sequence[Token], start: int) -> bool:
    """Whether the word right before `start`, in its clause, is a noun or a preposition
    (by its likeliest reading, and no verb by any), which the name phrase from `start`
    may depend on."""
    if start == 0 or tokens[start - 1].clause_end:
        return False
    if tokens[start - 1].sentence != tokens[start].sentence:
        return False
    known = [r for r in parse(tokens[start - 1].word) if r.known]
    if any(r.pos in ("VERB", "INFN") for r in known):
        return False  # «режу» (a verb, whatever its likeliest reading)
    return any(r.pos in ("NOUN", "PREP") for r in known[:1])


def _low(nick: str) -> str:
    return nick.lower().replace("ё", "е")


def _name_word(r: Reading) -> bool:
    """A first name, a patronymic or a title noun: a word a surname may follow."""
    return r.pos == "NOUN" and bool(
        r.grammemes & {"Name", "Patr"} or r.lemma.replace("ё", "е") in _TITLE_NOUNS
    )


def _agrees(r: Reading, forms: Sequence[Reading]) -> bool:
    """Whether `r` is singular in the gender and a case of one of the surname's `forms`."""
    if "sing" not in r.grammemes:
        return False
    return any(
        f.grammemes & r.grammemes & _CASES and f.grammemes & r.grammemes & {"masc", "femn"}
        for f in forms
    )


def _children_accounted(tokens: Sequence[Token], mentions: list[Mention]) -> list[Mention]:
    """«Убиваю Лену_и_Сонечку, хотя Сонечку жалко», «Зову Тоню, Ярика пусть оставит»: a
    child's name from a family nick (`second_person`) where the letter names that player
    too is accounted for by the player — the same family, no other person to ask about."""
    named = list(dict.fromkeys(m.nick for m in mentions if m.kind == "nick" and m.nick is not None))
    out: list[Mention] = []
    for m in mentions:
        if m.kind == "unknown" and m.end - m.start == 1 and not m.gone:
            families = [n for n in named if child_in(tokens[m.start].word, n)]
            if len(families) == 1:
                m = replace(
                    m, kind="nick", nick=families[0], confidence=PARTIAL_CONFIDENCE, candidates=()
                )
        out.append(m)
    return out


def _read_strict(
    tokens: Sequence[Token], i: int, resolver: NickResolver, view: SenderView
) -> Mention | None:
    """`_strict_mention` at token `i`, with the checks a strict reading of a nick must pass."""
    found = _strict_mention(tokens, i, resolver)
    if found is not None and found.kind == "nick":
        found = _cut_short(tokens, found, resolver)
        found = _longer_name(tokens, found)
        found = _other_than_self(tokens, found, resolver, view.nick)
        found = _case_clash(tokens, found, resolver, view.nick)
        found = _another_word(tokens, found)
        found = _shared_part(found, tokens, resolver, view.nick)
        found = also_by_name(tokens, found, resolver, view.nick)
    if found is not None and found.kind == "ambiguous":
        found = _twin_clash(tokens, found, resolver, view.nick)
    return None if found is None else second_person(tokens, found)


#: words that open a clarification of the name before them: «Стара... который Старфиш»,
#: «Неко — та, что NekoMancer», «Макса, в смысле MedicMax», «то есть …»
_CLARIFY_OPEN: Final = frozenset(
    ("который", "которая", "которого", "которую", "которому", "которой", "тот", "та", "того",
     "ту", "тому", "той", "смысле", "есть", "именно", "точнее")
)  # fmt: skip
_CLARIFY_FILL: Final = frozenset(
    ("в", "то", "что", "а", "ну", "из", "который", "которая", "с", "со")
)


def _clarified(tokens: Sequence[Token], mentions: list[Mention]) -> list[Mention]:
    """A name two players share, settled by the writer right after it: the next mention is
    a player among its candidates and only words of clarification stand between them
    («Хилю Стара... который Старфиш, не лорд»). Then the name is that player; a
    clarification naming anyone else (or nobody) settles nothing and stays asked."""
    # «Лену. Ту, которая с Сонечкой»: a pronoun that opens the clarification is one of its
    # words, not a player of its own
    out = [
        m for m in mentions if not (m.kind == "pronoun" and tokens[m.start].word in _CLARIFY_OPEN)
    ]
    for n, m in enumerate(out[:-1]):
        nxt = out[n + 1]
        if m.kind != "ambiguous" or nxt.negated:
            continue
        settles = _settled_by(tokens, m, nxt)
        if settles is None or nxt.start - m.end > 4:
            continue
        between = [t.word for t in tokens[m.end : nxt.start] if t.word]
        if not between or between[0] not in _CLARIFY_OPEN | {"то", "в", "а"}:
            continue
        if not set(between) & _CLARIFY_OPEN or not set(between) <= _CLARIFY_OPEN | _CLARIFY_FILL:
            continue
        out[n] = replace(m, kind="nick", nick=settles, confidence=PARTIAL_CONFIDENCE, candidates=())
        if nxt.kind == "unknown":
            # the child who settled it is accounted for by the player it settled
            out[n + 1] = replace(nxt, kind="nick", nick=settles, confidence=PARTIAL_CONFIDENCE)
    # a clarifying pronoun no clarification took stays as it was read
    kept = [
        m
        for m in mentions
        if m.kind == "pronoun" and tokens[m.start].word in _CLARIFY_OPEN and not _inside(m, out)
    ]
    return sorted([*out, *kept], key=lambda m: m.start)


def _settled_by_name(tokens: Sequence[Token], mentions: list[Mention]) -> list[Mention]:
    """«Проверяю Шпалову... или Шпалова? Таню, короче.», «Лечу Зорину. Лену, не Аню.»: a form
    players share (a surname), settled later in the letter by a bare answer — a sentence
    holding nothing but players' names and function words (`_bare_answer`) — that names
    exactly one of them plainly. A player named with a verb («…, а Лену пощажу») or a word
    of opinion («Старфиш мафия») is something else said of her and settles nothing; two of
    them named, or none, leave it asked (C-3)."""
    out = list(mentions)
    for n, m in enumerate(mentions):
        if m.kind != "ambiguous" or len(m.candidates) < 2:
            continue
        answers = {
            a.nick
            for a in mentions[n + 1 :]
            if a.kind == "nick"
            and not a.negated
            and a.nick in m.candidates
            and tokens[a.start].sentence > tokens[m.start].sentence
            and _bare_answer(tokens, tokens[a.start].sentence, mentions)
        }
        if len(answers) == 1:
            nick = answers.pop()
            out[n] = replace(
                m, kind="nick", nick=nick, confidence=PARTIAL_CONFIDENCE, candidates=()
            )
    return out


#: the parts of speech a bare answer may hold besides names: particles, conjunctions,
#: prepositions, adverbs, interjections («Таню, короче», «Лену, не Аню», «ну Веру же»)
_FUNCTION_POS: Final = frozenset(("PRCL", "CONJ", "PREP", "ADVB", "INTJ", "COMP"))


def _bare_answer(tokens: Sequence[Token], sentence: int, mentions: Sequence[Mention]) -> bool:
    """The sentence asks nothing and holds only players' names and function words: no verb,
    noun or adjective of its own — the writer's answer to his own doubt."""
    if any("?" in t.raw for t in tokens if t.sentence == sentence):
        return False
    named = {k for m in mentions for k in range(m.start, m.end)}
    words = [
        t.word for k, t in enumerate(tokens) if t.sentence == sentence and t.word and k not in named
    ]
    for w in words:
        found = lookup(w)
        if found is not None and found.actions:
            return False
        first = parse(w)[:1]
        if not first or first[0].pos not in _FUNCTION_POS:
            return False
    return True


def _inside(p: Mention, mentions: Sequence[Mention]) -> bool:
    """Whether pronoun `p` stands inside a clarification taken (between a name settled by
    it and the player who settled it)."""
    return any(
        a.kind == "nick" and b.nick == a.nick and a.end <= p.start < b.start
        for a, b in pairwise(mentions)
    )


def _settled_by(tokens: Sequence[Token], m: Mention, nxt: Mention) -> str | None:
    """The candidate of `m` the clarifying mention `nxt` names: the player himself, or
    («Лену. Ту, которая с Сонечкой») the one whose family nick holds the child named."""
    if nxt.kind == "nick" and nxt.nick in m.candidates:
        return nxt.nick
    if nxt.kind != "unknown" or nxt.end - nxt.start != 1:
        return None
    word = tokens[nxt.start].word
    fits = [c for c in m.candidates if child_in(word, c)]
    return fits[0] if len(fits) == 1 else None


def _family_phrase(tokens: Sequence[Token], i: int, resolver: NickResolver) -> Mention | None:
    """«маму Мирона», «Мамочку Тимоши», «Дашину маму» (C-3): a parent word (or its pet
    form) beside a child's name — in the genitive after it, or as a possessive before it —
    names the player whose family nick holds that child as its second person and opens
    with that parent word (`parser.letters.family`). One such player is read; two are
    asked naming them; none leaves the words to the other ladders."""
    if i + 1 >= len(tokens) or tokens[i].clause_end or tokens[i + 1].sentence != tokens[i].sentence:
        return None
    first, second = tokens[i], tokens[i + 1]
    parent = parent_word(first.word)
    if parent is not None:
        children = [n for p in resolver.players for n in _child_names(second.word, p)]
    else:
        parent = parent_word(second.word)
        child = child_of_possessive(first.word) if parent is not None else None
        children = [child] if child is not None else []
    if parent is None or not children:
        return None
    fits = list(
        dict.fromkeys(p for c in children for p in parents_named(parent, c, resolver.players))
    )
    if not fits:
        return None
    raw = f"{first.raw} {second.raw}".strip(EDGE_MARKS)
    if len(fits) > 1:
        return Mention(i, i + 2, raw, "ambiguous", candidates=tuple(fits))
    return Mention(i, i + 2, raw, "nick", fits[0], PARTIAL_CONFIDENCE)


def _child_names(word: str, nick: str) -> list[str]:
    """The lemmas of `nick`'s second persons that `word` is a form of."""
    return [c for c in second_persons(nick) if child_in(word, nick) and c in _lemmas_of(word)]


def _lemmas_of(word: str) -> set[str]:
    return {r.lemma.replace("ё", "е") for r in parse(word)}


def second_person(tokens: Sequence[Token], found: Mention) -> Mention:
    """«Лечу Сонечку», «проверяю Мирона» (C-3): one word read as a family nick
    («Лена_и_Сонечка», «Ксю_и_Мирон») by its second person — the child named in it, who
    is no player — proves no player: asked, the nick offered as a guess. The player's own
    part («Лену», «Ксюшу») or the nick whole stays read."""
    if found.end - found.start != 1 or found.kind not in ("nick", "ambiguous"):
        return found
    named = (found.nick,) if found.kind == "nick" and found.nick else found.candidates
    word = tokens[found.start].word
    children = [p for p in named if child_in(word, p)]
    if not children or len(children) != len(named):
        return found
    return replace(found, kind="unknown", nick=None, confidence=0.0, candidates=tuple(children))


def also_by_name(
    tokens: Sequence[Token], found: Mention, resolver: NickResolver, me: str
) -> Mention:
    """«Лену» read as Лена_и_Сонечка by one word of her nick, where Ленусик's nick is a pet
    form of that name; «папу» read as Папа_Тимоши, where Papa_Dima's handle has that word in
    Latin (C-3): a form is weighed against every nick it can be — by a word of it, by the
    name a pet-form nick stands for, by a handle's part heard in Cyrillic — and two
    players it fits are asked naming both, never one picked."""
    if found.kind != "nick" or found.nick is None or found.end - found.start != 1:
        return found
    if len([w for w in re.split(r"[\s_.\-]+", found.nick) if w]) < 2:
        return found  # a one-word nick in its own case form is read as before
    tok = tokens[found.start]
    if trimmed_key(found.raw) == trimmed_key(found.nick):
        return found
    others: dict[str, None] = {}
    pet = pet_match(resolver, tok.raw, any_case=True)
    if pet is not None and pet.ok and pet.nick is not None:
        others[pet.nick] = None
    elif pet is not None and pet.reason == AMBIGUOUS_NICK:
        others.update(dict.fromkeys(pet.candidates))
    if tok.word.isalpha() and script_of(tok.word) == "cyr":
        others.update(dict.fromkeys(p for p in resolver.players if _spelt_part(tok.word, p)))
    # a pet form is weighed against Cyrillic nicks (Ленусик for «Лену»); a Latin handle only
    # by its part spelt in Cyrillic (`_spelt_part`), never by a looser sound
    others = {
        p: None for p in others if script_of(trimmed_key(p)) == "cyr" or _spelt_part(tok.word, p)
    }
    others.pop(found.nick, None)
    others.pop(me, None)
    if not others:
        return found
    return replace(
        found, kind="ambiguous", nick=None, confidence=0.0, candidates=(found.nick, *others)
    )


def _spelt_part(word: str, nick: str) -> bool:
    """«папу» for Papa_Dima: a Cyrillic word that is a case form of a Latin handle's part
    spelt letter for letter in Cyrillic (`parser.latin.cyrillic_spellings`)."""
    key = word.lower().replace("ё", "е")
    return any(
        word_inflects(key, spelling)
        for part in handle_parts(nick)
        if part.isascii()
        for spelling in cyrillic_spellings(part.lower())
    )


def part_of_nicks(tokens: Sequence[Token], k: int, resolver: NickResolver) -> Mention | None:
    """The word at `k` right after an action word, that no ladder read, as a part of
    several-part nicks (C-3): a part several nicks share («папу»: Папа_Тимоши, Papa_Dima)
    asked naming them; else the name one part of a nick carries («убиваю диму»), lower case
    too (`by_name_part`)."""
    raw = tokens[k].raw.strip(EDGE_MARKS)
    shared = _parts_shared(tokens[k].word, resolver.players)
    if len(shared) > 1:
        return Mention(k, k + 1, raw, "ambiguous", candidates=tuple(shared))
    return by_name_part(tokens, k, raw, resolver)


def _parts_shared(word: str, players: Sequence[str]) -> list[str]:
    """The players of several-part nicks one of whose parts `word` is a case form of: a
    Cyrillic part as written («папу»: Папа_Тимоши), a Latin one spelt in Cyrillic («папу»:
    Papa_Dima) — never a family nick's second person."""
    key = word.lower().replace("ё", "е")
    if len(key) < 3 or not key.isalpha():
        return []
    out: list[str] = []
    for p in players:
        parts = [w for w in re.split(r"[\s_.\-]+", p) if w]
        if len(parts) < 2 or child_in(word, p):
            continue
        cyr = [w.lower().replace("ё", "е") for w in parts if not w.isascii()]
        if any(word_inflects(key, w) for w in cyr if w != "и") or _spelt_part(word, p):
            out.append(p)
    return out


def _other_than_self(
    tokens: Sequence[Token], found: Mention, resolver: NickResolver, me: str
) -> Mention:
    """A case form of the sender's own nick right after an action word that is also the
    accusative — the case a move takes — of exactly one other living player's nick is that
    player. The sender's nick as written («лечу Евгения» from Евгения beside Евгений) is
    none of this: it is her nick undeclined as well as his accusative, a twin clash
    `_case_clash` weighs with the sender among the readings (C-3, docs/rulings.md: a
    player's own nick in her move); nor is a form that is the other's in another case only
    («Лечу Августину» from Августина: her accusative, his dative) — herself, which the
    rules then judge."""
    if found.nick != me or found.end - found.start != 1 or found.start == 0:
        return found
    if found.nominative:
        return found
    before = lookup(tokens[found.start - 1].word) if tokens[found.start - 1].word else None
    if before is None or not before.actions or tokens[found.start - 1].clause_end:
        return found
    word = tokens[found.start].raw
    others = [p for p in resolver.tier(word, "inflected") if p != me]
    if len(others) != 1 or "accs" not in (form_cases(word, others[0]) or {"accs"}):
        return found
    return replace(found, nick=others[0])


def _case_clash(
    tokens: Sequence[Token], found: Mention, resolver: NickResolver, me: str
) -> Mention:
    """«Проверяю Александра» with players Александр and Александра: the nick as written,
    or the other's case form — both live readings, so the mention is ambiguous between
    them (`NickResolver.case_clash`). The sender is one of the readings as any player is
    (docs/rulings.md, a player's own nick in her move): the rules forbidding a move on
    oneself do not tell the host which player she meant, so she is asked unless the words
    agreeing with the form settle it (`settled_twin`)."""
    if found.kind != "nick" or found.nick is None or not found.nominative:
        return found
    exact = resolver.resolve_strict(found.raw, STRICT_TIERS)
    if exact is None or exact.nick != found.nick:
        return found
    # the sender is a reading only where the form stands as the move's player, right after
    # the action word (or its preposition); elsewhere (a signature, «я, Августина, …») a
    # player's own nick is herself as before
    clash = resolver.case_clash(exact, besides=() if _after_action(tokens, found.start) else (me,))
    if clash.ok:
        return found
    settled = settled_twin(tokens, found.start, found.end, found.nick, clash.candidates, me=me)
    if settled is not None:
        return found if settled == found.nick else replace(found, nick=settled, nominative=False)
    return replace(found, kind="ambiguous", nick=None, confidence=0.0, candidates=clash.candidates)


def _after_action(tokens: Sequence[Token], k: int) -> bool:
    """The word at `k` stands right after an action word of the game, or after a preposition
    right after one («Стреляю в Александра»), or right before one as its object put first
    («Александра убиваю»), in the same clause: where a move's player stands."""
    nxt = tokens[k + 1] if k + 1 < len(tokens) and not tokens[k].clause_end else None
    if nxt is not None and nxt.word and (after := lookup(nxt.word)) is not None and after.actions:
        # the sender's own verb (first person, imperative, infinitive), of which the word is
        # no subject: «Августина лечит …» tells of the player named, herself as listed
        top = parse(nxt.word)[:1]
        return bool(top) and (top[0].pos == "INFN" or bool(top[0].grammemes & {"1per", "impr"}))
    j = k - 1
    if j >= 0 and tokens[j].word and any(p.pos == "PREP" for p in parse(tokens[j].word)[:1]):
        j -= 1
    if j < 0 or not tokens[j].word or tokens[j].clause_end:
        return False
    found = lookup(tokens[j].word)
    return found is not None and bool(found.actions)


def _word_pet_mention(tokens: Sequence[Token], i: int, resolver: NickResolver) -> Mention | None:
    """«режу венерку», «Сапожка режу»: a dictionary word standing as the move's player (right
    after the action word, or right before it as its object put first) that is a pet form of
    a word nick by the nick's own stem (C-3, `word_pet_match`); «ручку» names no one, and a
    stem two nicks share («рыбку»: Рыба, Рыбы) is asked naming both."""
    if not (_after_action(tokens, i) or _object_first(tokens, i)):
        return None
    raw = tokens[i].raw.strip(EDGE_MARKS)
    pet = word_pet_match(resolver, tokens[i].raw)
    if pet is None:
        return None
    if pet.ok:
        return Mention(i, i + 1, raw, "nick", pet.nick, pet.confidence)
    return Mention(i, i + 1, raw, "ambiguous", candidates=pet.candidates)


def _object_first(tokens: Sequence[Token], k: int) -> bool:
    """The word at `k` stands right before an action word of the sender's own (a verb's
    first person, imperative or infinitive in any of its readings: «Сапожка режу», where the
    dictionary reads «режу» first as a noun), in its clause: the move's object put first."""
    if k + 1 >= len(tokens) or tokens[k].clause_end:
        return False
    nxt = tokens[k + 1]
    said = lookup(nxt.word) if nxt.word else None
    if said is None or not said.actions or nxt.sentence != tokens[k].sentence:
        return False
    return any(
        r.pos == "INFN" or (r.pos == "VERB" and bool(r.grammemes & {"1per", "impr"}))
        for r in parse(nxt.word)
    )


def _twin_clash(
    tokens: Sequence[Token], found: Mention, resolver: NickResolver, me: str
) -> Mention:
    """An ambiguous one-word mention whose candidates are a nick written as listed and the
    other nicks it is a case form of (the resolver's own `case_clash`): settled as
    `_case_clash` settles it, by the words that agree with it (`settled_twin`)."""
    if found.kind != "ambiguous" or found.end - found.start != 1 or len(found.candidates) < 2:
        return found
    exact = resolver.resolve_strict(found.raw, STRICT_TIERS)
    if exact is None or exact.nick is None or exact.nick not in found.candidates:
        return found
    clash = resolver.case_clash(exact)
    if clash.ok or set(clash.candidates) != set(found.candidates):
        return found
    settled = settled_twin(tokens, found.start, found.end, exact.nick, clash.candidates, me=me)
    if settled is None:
        return found
    return replace(
        found,
        kind="nick",
        nick=settled,
        confidence=exact.confidence,
        nominative=settled == exact.nick,
        candidates=(),
    )


#: the case a preposition before a move's player governs («к куму»: the dative); a player
#: without one stands in the accusative, the case every move takes its object in
_GOVERNED: Final = {"к": "datv", "ко": "datv", "по": "datv", "в": "accs", "во": "accs",
                    "на": "accs", "за": "accs", "про": "accs"}  # fmt: skip


def _another_word(tokens: Sequence[Token], found: Mention) -> Mention:
    """«лечу куму» with a player Кум: a lower-case word read as a case form of a nick that is
    an ordinary word, which the dictionary also knows as a form of a word of its own (кума,
    a kinship word, not кум; «лису»: лиса's, not Лис's) proves the nick only when the grammar
    places the nick's form, and not the other word's, where the move's player stands: the
    accusative, or the case the preposition before it governs. Otherwise it is asked, the
    player offered as a guess (C-3). A capital keeps the nick's reading (C-3)."""
    if found.kind != "nick" or found.nick is None or found.nominative:
        return found
    tok = tokens[found.start]
    if found.end - found.start != 1 or not tok.raw[:1].islower() or " " in found.nick:
        return found
    # a Latin word nick heard in Cyrillic is weighed as the Russian word it spells («Lis»
    # in «лечу лису»: `sense.nick_word`)
    nick = nick_word(found.nick, tok.word)
    if not nick.isalpha() or script_of(nick) != "cyr" or not common_word(nick):
        return found  # a name, a Latin handle: its forms are read by the nick ladders
    nouns = [r for r in parse(tok.word) if r.known and r.pos == "NOUN"]
    # another word that can name a person where the move's player stands: «кума», «сватья»
    others = [r for r in nouns if r.lemma != nick and "anim" in r.grammemes]
    others = [r for r in others if not r.grammemes & NAME_TAGS]
    if plural_form_of(tok.word, nick):
        # «убиваю рыб» with a player Рыбы: the plural's own forms are the nick's, no other word
        others = [r for r in others if "plur" not in r.grammemes]
    if not others:
        return found
    before = tokens[found.start - 1].word if found.start else ""
    case = _GOVERNED.get(before, "accs")
    theirs = any(case in r.grammemes for r in others)
    if not theirs:
        return found
    return replace(found, kind="unknown", nick=None, confidence=0.0, candidates=(found.nick,))


def _governed_case(tokens: Sequence[Token], i: int) -> str | None:
    """The case the words around token `i` put a player in, when the grammar says (C-3): a
    preposition's own case («к Гордееву»: the dative), the dative of the one a thing is
    given to after that thing («пулю Гордееву», «укол Гордееву»), or after a verb whose own
    inanimate object stands before it in the clause («исполнение поручаю Лебедеву»), the
    accusative of an action verb's object or its infinitive's («убиваю Гордееву», «прошу
    проверить Гордееву»), adverbs between them aside («проверяю сегодня ночью Гордееву»),
    or of the action verb right after it («Гордееву лечу»); None when nothing says."""
    before = _governing_word(tokens, i)
    if before is None:
        return _verb_after(tokens, i)
    if before in _GOVERNED:
        return _GOVERNED[before]
    readings = [r for r in parse(before) if r.known]
    if readings and all(r.pos == "NOUN" for r in readings):
        # a thing only the accusative spells, no person: the player after it receives it
        # («чек», «укол» may be a label in the nominative: nothing said)
        if all({"inan", "accs"} <= r.grammemes for r in readings):
            return "datv"
        return None
    verb = any(r.pos in ("VERB", "INFN") for r in readings)
    said = lookup(before)
    if verb and said is not None and said.actions:
        return "accs"
    if verb and _own_object_before(tokens, i):
        return "datv"
    return _verb_after(tokens, i)


def _governing_word(tokens: Sequence[Token], i: int) -> str | None:
    """The word before token `i` in its clause that may govern it, adverbs passed over
    («спасаю сегодня ночью Карпову»: «спасаю»); None at the clause's opening."""
    j = i - 1
    while j >= 0 and not tokens[j].clause_end and tokens[j].sentence == tokens[i].sentence:
        readings = [r for r in parse(tokens[j].word) if r.known]
        if not readings or not any(r.pos == "ADVB" for r in readings):
            return tokens[j].word
        j -= 1
    return None


def _own_object_before(tokens: Sequence[Token], i: int) -> bool:
    """Whether the verb right before token `i` (a verb of no move: «поручаю», «отдаю») has
    its own object before it in the clause: an inanimate noun that may be in the accusative
    with no preposition before it («Исполнение поручаю Лебедеву») — so the player after the
    verb is the one the thing goes to, in the dative."""
    j = i - 2
    while j >= 0 and not tokens[j].clause_end and tokens[j].sentence == tokens[i].sentence:
        readings = [r for r in parse(tokens[j].word) if r.known]
        nouns = [r for r in readings if r.pos == "NOUN"]
        governed = j > 0 and not tokens[j - 1].clause_end and tokens[j - 1].word in PREP
        if nouns and not governed and all("inan" in r.grammemes for r in nouns):
            return any("accs" in r.grammemes for r in nouns)
        j -= 1
    return False


def _verb_after(tokens: Sequence[Token], i: int) -> str | None:
    """«Карпову лечу»: the object before its action verb, in the verb's accusative — the
    verb the next word of the clause, in the first person."""
    if tokens[i].clause_end or i + 1 >= len(tokens):
        return None
    after = tokens[i + 1]
    if after.sentence != tokens[i].sentence:
        return None
    said = lookup(after.word)
    readings = [r for r in parse(after.word) if r.known and r.pos == "VERB"]
    if said is None or not said.actions or not readings:
        return None
    return "accs" if any("1per" in r.grammemes for r in readings) else None


def _coordinated(tokens: Sequence[Token], i: int) -> bool:
    """The word at `i` is joined by «и» to the next or the previous word («я и Ли»)."""
    before = i > 0 and tokens[i - 1].word == "и" and not tokens[i - 1].clause_end
    after = i + 1 < len(tokens) and tokens[i + 1].word == "и" and not tokens[i].clause_end
    return before or after


def _strict_mention(tokens: Sequence[Token], i: int, resolver: NickResolver) -> Mention | None:
    """A nick (or an ambiguous one) starting at token `i`, read exactly or by the strict
    ladders, the longest window first. Apart from `find_mentions` because the ladder walk
    is its own policy: which words may be read loosely."""
    tok = tokens[i]
    w = tok.word
    windows = nick_windows(list(tokens), i, resolver.max_words + 1)
    stop_word = stopword(w) or w in GAME_WORDS
    plain = common_word(w) and not tok.raw[:1].isupper()
    if w in GREETING and i + 1 < len(tokens) and tokens[i + 1].word in GREETED:
        return None  # «Добрый день» with a player Добрый: a greeting
    named_noun = stop_word and _capital_noun(tokens, i)
    if plain and qualified(tokens, i):
        return None
    if plain and place_phrase(tokens, i):
        return None  # «я на трибуне» with a player Трибуна: a place, in the locative
    if stop_word and _labels(tokens, i):
        return None  # «Выстрел: Ли» with a player Выстрел: the word labels the move
    # «he is the oldest trader here» beside trader_2008: a word of a sentence in a language
    # the reader does not read is that sentence's word, never a part of a longer handle
    plain = plain or _foreign_talk(tokens, i)
    for n, ladder in enumerate(_LADDERS):
        if stop_word and n > 0 and not (named_noun and n == 1):
            break  # vocabulary words are nicks only when written exactly so
        if plain and n in (2, 4):
            # an ordinary lower-case word is a whole nick («серого волка»), never
            # one word of a longer one
            continue
        for stop, text in windows:
            m = resolver.resolve_strict(text, ladder)
            if m is None:
                continue
            # «Соколовой»: a form only one of two close nicks takes; «Гордееву», either's
            # form, by the case the words before it put the player in
            m = one_gender(m, _governed_case(tokens, i))
            raw = text.rstrip(CLOSING_MARKS)
            if m.ok and m.nick is not None and role_word_of_longer_nick(raw, m.nick):
                # «Убиваем комиссара», «Проверяю Доктора» with Комиссар Ярмарки, Доктор
                # Сотов: the role, not provably the player whose title opens his nick
                return Mention(i, stop, raw, "unknown", candidates=(m.nick,))
            if m.ok:
                return Mention(
                    i,
                    stop,
                    raw,
                    "nick",
                    m.nick,
                    _nick_confidence(m, raw, resolver.players),
                    m.method in STRICT_TIERS
                    or (m.method == "translit" and spelled_alike(raw, m.nick or ""))
                    # «Сильвер молчит»: one word of a nick spelt as it stands
                    or (
                        m.method == "partial_translit"
                        and m.nick is not None
                        and any(spelled_alike(raw, w) for w in re.split(r"[\s_.\-]+", m.nick))
                    ),
                )
            return Mention(i, stop, raw, "ambiguous", candidates=m.candidates)
    return None


#: words of a language the reader does not read, besides the word itself, that make its
#: clause a sentence of that language
_FOREIGN_WORDS: Final = 2


def _foreign_talk(tokens: Sequence[Token], i: int) -> bool:
    """M1 of C-3: the word at `i` is typed in lower-case Latin letters that read as no
    Russian word (`tokens.unread`), in a clause with at least two more such words — a
    sentence in English or another language, whose word it is as much as theirs."""
    tok = tokens[i]
    if not tok.raw.strip(EDGE_MARKS).islower() or not unread(tok.word):
        return False
    a, b = clause_bounds(tokens, i)
    others = [k for k in range(a, b + 1) if k != i and unread(tokens[k].word)]
    return len(others) >= _FOREIGN_WORDS


def qualified(tokens: Sequence[Token], i: int) -> bool:
    """«на эту ночь» with a player Ночь, «шершня у летка» with a player Шершень: an ordinary
    word qualified by an adjective or by the thing it is at is the word, not the player
    (C-3; the caller asks only of a lower-case ordinary word)."""
    return _modified(tokens, i) or _placed(tokens, i)


def _modified(tokens: Sequence[Token], i: int) -> bool:
    """Whether the word at `i` follows an adjective or a determiner in its clause («эту
    ночь», «прошлую ночь»): nicks are not qualified so, ordinary nouns are."""
    if i == 0 or tokens[i - 1].clause_end or tokens[i - 1].sentence != tokens[i].sentence:
        return False
    parses = parse(tokens[i - 1].word)
    return bool(parses) and parses[0].pos == "ADJF"


#: prepositions of place that qualify a thing by what it is at («шершень у летка»)
_AT: Final = frozenset(("у", "возле", "около", "близ"))


def _placed(tokens: Sequence[Token], i: int) -> bool:
    """Whether the word at `i` is followed in its clause by a preposition of place and an
    inanimate noun («шершня у летка», «осу возле окна»): a thing placed by another thing —
    a player is not qualified so, an ordinary noun is (C-3). The caller asks only of a
    lower-case ordinary word; the noun after the preposition, in lower case and inanimate in
    every reading, is read as a thing whatever nicks are seated."""
    if tokens[i].clause_end or i + 2 >= len(tokens):
        return False
    prep, noun = tokens[i + 1], tokens[i + 2]
    if prep.word not in _AT or prep.sentence != tokens[i].sentence or prep.clause_end:
        return False
    if not noun.raw[:1].islower():
        return False
    readings = [r for r in parse(noun.word) if r.known]
    return bool(readings) and all(r.pos == "NOUN" and "inan" in r.grammemes for r in readings)


def _labels(tokens: Sequence[Token], i: int) -> bool:
    """Whether token `i` ends with a colon or is followed by a dash: a label before the
    move's target («Выстрел: Ли», «Засада — да»)."""
    if tokens[i].raw.endswith(":"):
        return True
    return i + 1 < len(tokens) and tokens[i + 1].raw in ("—", "–", "-", ":", "->")


def _capital_noun(tokens: Sequence[Token], i: int) -> bool:
    """A vocabulary noun written with a capital inside a sentence: «Убиваю Пулю» with a
    player called Пуля is his case form, as «Засаду» is the player Засада's."""
    tok = tokens[i]
    if i == 0 or tokens[i - 1].sentence != tok.sentence or not tok.raw[:1].isupper():
        return False
    if tokens[i - 1].raw.endswith((":", "—", "-", "–")) or lookup(tok.word) is None:
        return False  # «Выстрел: …», «Ход — Засада» start a label, not a name
    parses = parse(tok.word)
    return bool(parses) and parses[0].pos == "NOUN"


def _dead_mention(tokens: Sequence[Token], i: int, gone: NickResolver) -> Mention | None:
    """A player already out named at token `i` (exactly or in a case form): an unknown nick
    to ask about («Проверяю Пулю» when Пуля is dead), never an ordinary word to read past."""
    tok = tokens[i]
    if tok.word in GAME_WORDS or tok.word in GREETING:
        return None
    if stopword(tok.word) and not _capital_noun(tokens, i):
        return None
    # an ordinary lower-case word is a dead player's nick only when written exactly so
    plain = common_word(tok.word) and not tok.raw[:1].isupper()
    for stop, text in nick_windows(list(tokens), i, gone.max_words + 1):
        ladder = STRICT_TIERS if plain else (*STRICT_TIERS, "case_forms")
        m = gone.resolve_strict(text, ladder)
        if m is not None and m.ok:
            raw = text.rstrip(CLOSING_MARKS)
            return Mention(i, stop, raw, "unknown", gone=True, out=m.nick or "")
    return None


def _longer_name(tokens: Sequence[Token], found: Mention) -> Mention:
    """C-3: one word of a nick of several words, read alone, beside a word that makes it a
    longer name the nick is not — an adjective agreeing with it («Ночного Короля», «Старого
    доброго Сома» for Король Ночи, Старый Сом) or another word of the nick written out of
    its order or case («Сома Старого», «Старого Сому»): the whole name said is unknown,
    asked naming the player, never the move put on him (the nick's own form, «Старого
    Сома», is read whole before this)."""
    nick = found.nick
    if found.kind != "nick" or nick is None or found.end - found.start != 1:
        return found
    word = tokens[found.start].word
    sides = []
    if found.start > 0:
        before = tokens[found.start - 1]
        if before.sentence == tokens[found.start].sentence and not before.clause_end:
            sides.append(found.start - 1)
    last = tokens[found.start]
    after = tokens[found.end] if found.end < len(tokens) else None
    if after is not None and not last.clause_end and after.sentence == last.sentence:
        sides.append(found.end)
    for j in sides:
        other = tokens[j].word
        if stopword(other) or other in GAME_WORDS:
            continue
        # a one-word nick is all its name: «Ночь мирная» says something of the night
        if longer_name(word, other, nick, after=j > found.start):
            start, end = min(j, found.start), max(j + 1, found.end)
            raw = " ".join(t.raw for t in tokens[start:end]).rstrip(CLOSING_MARKS)
            return Mention(start, end, raw, "unknown", candidates=(nick,))
    return found


def _cut_short(tokens: Sequence[Token], found: Mention, resolver: NickResolver) -> Mention:
    """«Проверяю доктора Хауса» with a player Доктор and none called Хаус: the nick read is
    only the start of a longer name (a capitalised word mid-sentence that is no player; «Хаус»
    is a dictionary word too, so the capital decides), so the whole name is unknown and the
    player is asked, never the move put on the shorter nick."""
    last = tokens[found.end - 1]
    # an emoji, a dash or a bracket between them parts the words like a comma
    if last.clause_end or found.end >= len(tokens) or not last.raw[-1:].isalpha():
        return found
    nxt = tokens[found.end]
    w = nxt.word
    # «ГОРДЕЙ СКАЗАЛ» typed in capitals: the capital tells nothing of a name
    shouted = nxt.raw.isupper() and found.raw.isupper() and common_word(w)
    if (
        len(w) < 3
        or shouted
        or not nxt.raw[:1].isupper()
        or not w.isalpha()
        or stopword(w)
        or w in GREETING
        or w in GAME_WORDS
        or _strict_mention(tokens, found.end, resolver) is not None
        or resolver.resolve_fuzzy(nxt.raw).ok
    ):
        return found
    raw = found.raw + " " + nxt.raw.rstrip(CLOSING_MARKS)
    if patronymic_of(found.raw, w, found.nick or ""):
        # «Зиновия Аркадьевича» for the player Зиновий: the name and a patronymic the nick
        # lacks, in one case and gender — the player, named more formally
        return replace(found, end=found.end + 1, raw=raw)
    return Mention(found.start, found.end + 1, raw, "unknown", candidates=(found.nick or "",))


#: a handle heard by its sound: as sure as a transliteration (the host's threshold reads it)
HANDLE_CONFIDENCE: Final = TRANSLIT_CONFIDENCE


def _handle_mention(
    tokens: Sequence[Token], i: int, resolver: NickResolver, view: SenderView
) -> Mention | None:
    """A Latin handle written by its Russian sound, a part of it or an office shortening
    («Сайлента» for SilentBlade, «Пауэра» for Max_Power, «Стек» for Stacktrace), derived
    from the cast's own handles (`parser.latin.heard_as_handle`): one living player so
    heard is read, several are asked about naming them, and a player out heard so (alone or
    beside living ones) leaves it unknown. A word the dictionary gives as a word or as a
    person's name is heard only as a whole part, never as a shortening."""
    tok = tokens[i]
    first = i == 0 or tokens[i - 1].sentence != tok.sentence
    w = without_honorific(tok.word)  # «Они-сана»: a name by its honorific, even a word's
    titled = w != tok.word
    whole = [p for p in resolver.players if spelt_whole(tok.word, p)]
    if titled and len(whole) == 1:
        # «Неко-сама» for Neko_Sama: the honorific is the handle's own second part
        raw = tok.raw.strip(EDGE_MARKS)
        return Mention(i, i + 1, raw, "nick", whole[0], HANDLE_CONFIDENCE, False)
    if len(w) < 3 or not w.isalpha():
        return None
    if not titled and not nick_like(tok, first):
        return None
    # a dictionary word may translate another player's handle («Лису»: Lisichka or a
    # …_fox), and a name is a person's own («Марта» is no Mortal_Kombat): either is heard
    # only as a whole part («Моти» — Mochi), never as a shortening
    short = titled or not (common_word(w) or _known_name(w))
    living = _heard_players(w, resolver.players, view.nick, shortened=short)
    if not living:
        return None
    raw = tok.raw.strip(EDGE_MARKS)
    # C-3: a whole part heard by its consonants alone («Хантира», «Вортакса») is a sound
    # near the handle, not a reading of it — asked naming the player, never taken (beside a
    # proven one it is a doubt: asked naming both, below)
    loose = [p for p in living if not heard_proven(w, p)]
    if loose and len(loose) == len(living):
        return Mention(i, i + 1, raw, "unknown", candidates=tuple(loose[:1]))
    gone = any(heard_as_handle(w, p, shortened=short) for p in view.dead)
    if gone or _joined_to_unknown(tokens, i, living):
        # a player out heard so too, or a word of a longer name nobody bears («ксакс
        # килера»): the name is not proven
        return Mention(i, i + 1, raw, "unknown", candidates=tuple(living[:1]))
    if len(living) > 1:
        return Mention(i, i + 1, raw, "ambiguous", candidates=tuple(living))
    said = parse(w)
    nominative = bool(said) and "nomn" in said[0].grammemes
    return Mention(i, i + 1, raw, "nick", living[0], HANDLE_CONFIDENCE, nominative)


#: pronouns only ever in the nominative: never the object of a move
_NOMINATIVE_PRONOUNS: Final = frozenset(("они", "он", "она", "оно"))


def _pronoun_handle(
    tokens: Sequence[Token],
    i: int,
    resolver: NickResolver,
    view: SenderView,
    before: Sequence[Mention],
) -> Mention | None:
    """A handle's part spelt like a nominative pronoun («Они» for Oni.Kuro), read only
    where the grammar leaves the pronoun no place: capitalised inside its sentence, the
    object of the action word right before it («проверяю Они.») or joined by «и» to a
    player just named («Рюдзи и Они»), and closing its clause (no verb of its own after
    it). A nominative pronoun is never a move's object, so the one living player whose
    handle has that whole part is meant; anywhere else it stays a pronoun (asked)."""
    tok = tokens[i]
    if tok.word not in _NOMINATIVE_PRONOUNS or i == 0 or not tok.raw[:1].isupper():
        return None
    prev = tokens[i - 1]
    if prev.sentence != tok.sentence or prev.clause_end:
        return None
    last = tok.clause_end or i + 1 == len(tokens) or tokens[i + 1].sentence != tok.sentence
    if not last:
        return None
    found = lookup(prev.word)
    aimed = found is not None and bool(found.actions)
    joined = prev.word == "и" and bool(before) and before[-1].kind == "nick"
    if not (aimed or (joined and before[-1].end == i - 1)):
        return None
    living = _heard_players(tok.word, resolver.players, view.nick, shortened=False)
    if len(living) != 1 or any(heard_as_handle(tok.word, p, shortened=False) for p in view.dead):
        return None
    raw = tok.raw.strip(EDGE_MARKS)
    return Mention(i, i + 1, raw, "nick", living[0], HANDLE_CONFIDENCE, True)


def _heard_players(word: str, players: Sequence[str], me: str, *, shortened: bool) -> list[str]:
    """The players a Cyrillic word is heard as (`heard_as_handle`); the sender left out
    when anyone else is heard too — a player names himself «себя», not by his handle."""
    found = [p for p in players if heard_as_handle(word, p, shortened=shortened)]
    others = [p for p in found if p != me]
    return others if others else found


def _shared_part(
    found: Mention, tokens: Sequence[Token], resolver: NickResolver, me: str
) -> Mention:
    """«Стара» read as StarLord by his handle's part, where it is also the first syllables of
    Starfish's: a short form two players share is no proof of either — asked naming them."""
    if found.kind != "nick" or found.end - found.start != 1 or found.nick is None:
        return found
    word = without_honorific(tokens[found.start].word)
    if not word.isalpha() or not re.fullmatch("[а-яё]+", word):
        return found
    if trimmed_key(found.raw) == trimmed_key(found.nick) or len(handle_parts(found.nick)) < 2:
        return found  # the nick as it is spelt, or read whole («Макса» is Max, not Maxim's)
    if _spelt_whole(found.raw, found.nick):
        return found  # «Неко-сама»: every part of Neko_Sama, in the other script
    others = [
        p
        for p in _heard_players(word, resolver.players, me, shortened=True)
        if p not in (found.nick, me)
    ]
    if not others:
        return found
    return replace(
        found, kind="ambiguous", nick=None, confidence=0.0, candidates=(found.nick, *others)
    )


def _spelt_whole(raw: str, nick: str) -> bool:
    """`raw` spells every part of `nick` letter for letter in the other script, a hyphen
    or a space for its separator («Неко-сама» for Neko_Sama)."""

    def parts(text: str) -> list[str]:
        return [w for w in re.split(r"[\s_.\-]+", translit_key(text)) if w]

    return len(parts(nick)) > 1 and parts(raw) == parts(nick)


def _joined_to_unknown(tokens: Sequence[Token], i: int, players: Sequence[str]) -> bool:
    """Whether the word at `i` runs on, with nothing between, into a neighbour that is no
    ordinary word and not a part of the same handle: one name of two words, half unread."""
    around = []
    if i > 0 and not tokens[i - 1].clause_end and tokens[i - 1].sentence == tokens[i].sentence:
        around.append(tokens[i - 1])
    if i + 1 < len(tokens) and not tokens[i].clause_end:
        around.append(tokens[i + 1])
    for t in around:
        w = t.word
        if len(w) < 2 or stopword(w) or w in GREETING or w in GAME_WORDS or common_word(w):
            continue
        if not any(heard_as_handle(w, p) for p in players):
            return True
    return False


def _known_name(word: str) -> bool:
    """A person's name, surname or patronymic the dictionary holds (not one it guesses)."""
    return any(r.known and r.grammemes & {"Name", "Surn", "Patr"} for r in parse(word))


#: `fit_kind`'s fits a host reads at once
_FIRM_FITS: Final = frozenset(("exact", "declension", "short_form", "edit"))


def english_talk(word: str, resolver: NickResolver) -> bool:
    """C-3: a word of Latin letters that is English talk, not a nick candidate («Done.»,
    «I guess», «I mean it» after a Latin-typed move): no Russian word typed in Latin
    (`latin_readings` reads none), a word the English dictionary knows
    (`parser.english.english_word`), and no player's nick resembles it (the resolver's
    fuzzy score below the suggestion's) — a word near a nick («night» beside Knight) stays
    a nick candidate and is asked about. A living nick is read before this by the strict
    tiers whatever it means in English."""
    from parser.english import english_word

    if not (word.isascii() and word.isalpha()) or latin_readings(word):
        return False
    if not english_word(word):
        return False
    scored = resolver.fuzzy(word)
    if scored and scored[0][1] >= SUGGEST_SCORE:
        return False
    # «old» beside OldGuard_2014: a word of a handle resembles it
    return not any(part.casefold() == word for p in resolver.players for part in handle_parts(p))


def _fuzzy_mention(
    tokens: Sequence[Token], i: int, resolver: NickResolver, gone: NickResolver | None = None
) -> Mention | None:
    """A nick-looking word at token `i` no strict ladder read: a typo proven by its kind of
    slip (`proven_typo`, players out weighed as rivals through `gone`), a fuzzy match, an
    ambiguous one, or an unknown nick with the closest suggestion — so the sender can be
    asked."""
    tok = tokens[i]
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    if nxt is not None and nxt.sentence == tok.sentence and not tok.clause_end:
        heard = resolver.heard([tok.raw, nxt.raw])  # «фен рыр»: a nick speech input broke
        if heard is not None:
            raw = f"{tok.raw} {nxt.raw}".strip(EDGE_MARKS)
            return Mention(i, i + 2, raw, "nick", heard.nick, heard.confidence)
    first = i == 0 or tokens[i - 1].sentence != tok.sentence
    raw = tok.raw.strip(EDGE_MARKS)
    if _named_action_word(tokens, i):
        # «убиваю Валю»: a name form that is also an action word («валю»: валить), with a
        # capital right after the action word, is the player when it is his pet form
        named = pet_match(resolver, tok.raw)
        if named is not None and named.ok:
            return Mention(i, i + 1, raw, "nick", named.nick, named.confidence)
        return None
    if not nick_like(tok, first):
        return _word_pet_mention(tokens, i, resolver)
    if len(tok.word) < 3:
        return None
    if len(tok.word) == 3:  # «Юру», «Осю»: a three-letter pet name only by the table
        three = pet_match(resolver, tok.raw)
        if three is None or not (three.ok or three.reason == AMBIGUOUS_NICK):
            return by_name_part(tokens, i, raw, resolver)
        if three.ok:
            return Mention(i, i + 1, raw, "nick", three.nick, three.confidence)
        return Mention(i, i + 1, raw, "ambiguous", candidates=three.candidates)
    # «Ромку», «Генку», «Светку»: a diminutive of exactly one player's name
    small = pet_match(resolver, tok.raw)
    if small is not None and small.ok:
        # «Сильвер молчит»: a name form in the nominative is written as the player himself
        said = parse(tok.word)
        nominative = bool(said) and "nomn" in said[0].grammemes
        return Mention(i, i + 1, raw, "nick", small.nick, small.confidence, nominative)
    if small is not None and len(small.candidates) > 1:
        # «Славу» with Ростислав and Вячеслав: a form several players fit — asked naming them
        return Mention(i, i + 1, raw, "ambiguous", candidates=small.candidates)
    if small is not None and small.candidates:
        # «Ксюху» guessed as Ксения: unknown, the guess offered in the question
        return Mention(i, i + 1, raw, "unknown", candidates=small.candidates[:1])
    by_part = by_name_part(tokens, i, raw, resolver)
    if by_part is not None:
        return by_part
    return _typo_or_fuzzy(i, tok.raw, resolver, gone)


def _typo_or_fuzzy(
    i: int, typed: str, resolver: NickResolver, gone: NickResolver | None
) -> Mention:
    """The last reading of a nick-like word: a typo proven by its slip (`proven_typo`), else
    a fuzzy fit a host reads at once (`fit_kind`'s firm fits), else unknown with the
    nearest nick offered."""
    raw = typed.strip(EDGE_MARKS)
    typo = proven_typo(resolver, typed, gone)
    m = typo if typo is not None else resolver.resolve_fuzzy(typed)
    loose = m.method == "fuzzy" and typo is None and m.nick is not None
    if m.ok and loose and fit_kind(typed, m.nick or "", resolver.players) not in _FIRM_FITS:
        # letters near a nick, no player one slip away («Лсточк»): a guess, asked (C-3)
        return Mention(i, i + 1, raw, "unknown", candidates=(m.nick or "",))
    if m.ok:
        return Mention(i, i + 1, raw, "nick", m.nick, m.confidence, proven=m.method == "typo")
    if m.reason == AMBIGUOUS_NICK:
        return Mention(i, i + 1, raw, "ambiguous", candidates=m.candidates)
    if m.candidates:  # one edit from a player out too, or not a slip a host reads at once
        return Mention(i, i + 1, raw, "unknown", candidates=m.candidates[:1])
    scored = resolver.fuzzy(typed)
    best = scored[0] if scored and scored[0][1] >= SUGGEST_SCORE else None
    return Mention(i, i + 1, raw, "unknown", candidates=(best[0],) if best else ())


def by_name_part(
    tokens: Sequence[Token], i: int, raw: str, resolver: NickResolver
) -> Mention | None:
    """«Олю», «Олечку» for Olga1989, «Ксюшу» for Ксю_и_Мирон: a form of the name one part of
    a nick carries, by the name table (`parser.letters.nameparts`); two such players asked."""
    found = players_by_name_part(raw, resolver.players)
    if len(found) == 1:
        said = parse(tokens[i].word)
        nominative = bool(said) and "nomn" in said[0].grammemes
        return Mention(i, i + 1, raw, "nick", found[0], PARTIAL_CONFIDENCE, nominative)
    if found:
        return Mention(i, i + 1, raw, "ambiguous", candidates=tuple(found))
    return None


def _named_action_word(tokens: Sequence[Token], i: int) -> bool:
    """Whether token `i` is an action word written with a capital inside its sentence right
    after another action word, that the dictionary also knows as a given name («убиваю
    Валю»): the object of the first, not a second action."""
    tok = tokens[i]
    if i == 0 or tokens[i - 1].sentence != tok.sentence:
        return False
    if tokens[i - 1].clause_end and not tokens[i - 1].raw.endswith(":"):
        return False  # («Проверка: Валю» is its label and its player)
    if not tok.raw[:1].isupper() or tokens[i - 1].raw.isupper():
        return False
    before, this = lookup(tokens[i - 1].word), lookup(tok.word)
    if before is None or not before.actions or this is None or not this.actions:
        return False
    return any(r.known and "Name" in r.grammemes for r in parse(tok.word))


def taken_back_marks(
    tokens: Sequence[Token], mentions: Sequence[Mention], own: set[str], start: int
) -> list[int]:
    """«Убиваем Лавра. Исполнитель Демид. Не Лавра, а Аглаю»: from token `start` on, each
    sentence opening with «не» before a player of `own` (the reading's target, or its
    executor) takes him back as a correction word would (C-2) — wherever the order's other
    lines stand: the player set against him by «а» replaces him, and nobody named calls the
    move off (asked). «Убиваю Ультру... тьфу, не её. Ультраса!»: a clause opening with «не»
    right before a pronoun («не её», «не его») takes back the player named before it in the
    same way — the pronoun can point at nobody else."""
    out: list[int] = []
    for k in range(start, len(tokens)):
        opens = k == 0 or tokens[k - 1].sentence != tokens[k].sentence
        clause_opens = opens or tokens[k - 1].clause_end
        if tokens[k].word != "не" or not clause_opens:
            continue
        here = tokens[k].sentence
        after = [m for m in mentions if m.start > k and tokens[m.start].sentence == here]
        if (opens and after and after[0].negated and after[0].nick in own) or (
            own and after and after[0].kind == "pronoun" and after[0].start == k + 1
        ):
            out.append(k)
    return out


def denied_after(tokens: Sequence[Token], i: int) -> bool:
    """«в засаду не сажусь», «протект не даю»: a noun followed by «не» and a verb."""
    if tokens[i].clause_end or any(p.pos == "VERB" for p in parse(tokens[i].word)[:1]):
        return False  # «Лечу не Катю»: after a finite verb «не» belongs to the target
    rest = [t for t in tokens[i + 1 : i + 4] if t.sentence == tokens[i].sentence]
    if rest and rest[0].word in ("нельзя", "никак"):
        return True  # «Протект на меня нельзя»
    for n, t in enumerate(rest[:-1]):
        if t.word in ("не", "not"):
            nxt = rest[n + 1].word
            return any(p.pos in ("VERB", "INFN") for p in parse(nxt)[:1])
        if t.clause_end:
            break
    return False


def withdrawn_at(tokens: Sequence[Token], start: int) -> bool:
    """«Отставить Фугаса!», «отменяю Зарницу»: the player is the object of a verb that takes
    a choice back (C-2: the host reads the last word), so he is withdrawn as after «не».
    Only the object right after the verb in its clause: «Отставить — Бурана» names the new
    choice after the correction word."""
    before = tokens[start - 1] if start > 0 else None
    return (
        before is not None
        and before.sentence == tokens[start].sentence
        and not before.clause_end
        and before.word in CANCEL
    )


def negated_at(tokens: Sequence[Token], start: int) -> bool:
    j = start - 1
    steps = 0
    while j >= 0 and steps < 3 and tokens[j].sentence == tokens[start].sentence:
        if tokens[j].clause_end:
            return False  # «Не бью никого, стреляю в Павла»
        w = tokens[j].word
        if w in NEG:
            return True
        if w not in PREP and w not in NEG_GAP and w:
            return False
        j -= 1
        steps += 1
    return False


def mention_after(
    mentions: list[Mention],
    i: int,
    tokens: Sequence[Token],
    span: int = 3,
    *,
    any_kind: bool = False,
) -> Mention | None:
    """The nick right after token `i` (fewer than `span` words between); `any_kind` also
    takes a nick that did not resolve, so that it can be asked about."""
    for m in mentions:
        if m.start > i and tokens[m.start].sentence == tokens[i].sentence:
            gap = [t for t in tokens[i + 1 : m.start] if t.word]
            ok = m.kind == "nick" or (any_kind and m.kind in ("unknown", "ambiguous"))
            return m if len(gap) < span and ok else None
    return None


def mention_before(mentions: list[Mention], i: int, tokens: Sequence[Token]) -> Mention | None:
    for m in reversed(mentions):
        if m.end <= i and tokens[m.start].sentence == tokens[i].sentence:
            gap = [t for t in tokens[m.end : i] if t.word]
            return m if not gap and m.kind == "nick" else None
    return None


# verbs of belief and suspicion: a player in the clause they open is what someone thinks
_BELIEF_LEMMAS: Final = frozenset(
    [
        "думать",
        "подумать",
        "считать",
        "решить",
        "подозревать",
        "заподозрить",
        "поверить",
        "верить",
        "свалить",
        "валить",
        "списать",
        "сказать",
        "говорить",
        "казаться",
        "показаться",
    ]
)


def believed(tokens: Sequence[Token], start: int) -> bool:
    """The word at `start` is in what someone thinks or will be told: a verb of belief
    before it in its sentence («пусть думают, что это Кот», «думают на Ирбиса», «свалят
    на Кота»)."""
    sentence = tokens[start].sentence
    for t in tokens[:start]:
        if t.sentence != sentence or not t.word:
            continue
        parses = parse(t.word)
        found = lookup(t.word)
        if found is not None and found.actions:
            continue  # «Валю Бориса»: the move's own verb, not «свалят на Кота»
        if parses and parses[0].lemma in _BELIEF_LEMMAS:
            return True
    return False


def is_subject(tokens: Sequence[Token], m: Mention) -> bool:
    """«Ли пусть спит спокойно», «пусть Лис сделает красиво», «Лето сделает»: the player
    written as his nick is the subject of a verb in the third person — he does something,
    nobody does it to him."""
    if not m.nominative:
        return False
    a = m.start
    while a > 0 and not tokens[a - 1].clause_end and tokens[a - 1].sentence == tokens[a].sentence:
        a -= 1
    lead = [t.word for t in tokens[a : m.start] if t.word]
    if "пусть" in lead:
        # «пусть будет Кузя»: the sender's choice said so, not Кузя doing something
        return not any(w in ("будет", "будут", "это") for w in lead)
    rest = [t for t in tokens[m.end : m.end + 2] if t.sentence == tokens[m.start].sentence]
    for t in rest:
        # a verb of the third person, or of the past («Тарас советовал»)
        if subject_verb(t.word):
            found = lookup(t.word)
            return found is None or not found.actions
    return False


def remark(tokens: Sequence[Token], m: Mention) -> bool:
    """«…, хотя Фрост тоже мутный», «Кот странный»: the player written as his nick, then
    «тоже» or an adjective in his clause — something said about him, not a move on him."""
    if not m.nominative:
        return False
    rest = [t for t in tokens[m.end : m.end + 3] if t.sentence == tokens[m.start].sentence]
    for t in rest:
        if t.word in ("тоже", "также", "тож"):
            return True
        parses = parse(t.word) if t.word else ()
        if parses and parses[0].pos in ("ADJF", "ADJS") and "nomn" in parses[0].grammemes:
            return True
        if parses and parses[0].pos == "ADJS":
            return True
        if t.clause_end:
            break
    return False


#: punishments of army discipline (a duty out of turn, the guardhouse, a reprimand): no
#: role's night move deals them, so a player given one is joked about, not moved on
_PUNISHMENT_LEMMAS: Final = frozenset({"наряд", "губа", "гауптвахта", "губвахта", "выговор"})


def punished_in_jest(sentence: Sequence[Token]) -> bool:
    """«<X>у — наряд вне очереди за болтовню», «<X>у — на губу, много болтает»: a sentence
    apart from the move's that gives a player a punishment no role deals and holds no
    action word — a joke about him (C-2), which accounts for his name."""
    words = [t.word for t in sentence if t.word]
    if any((found := lookup(w)) is not None and (found.actions or found.skip) for w in words):
        return False
    return any(r.lemma in _PUNISHMENT_LEMMAS for w in words for r in parse(w)[:1])


def labelled_target(tokens: Sequence[Token], m: Mention) -> bool:
    """«…: цель X», «объект — X»: the player right after a word that labels the move's
    target (a dash or colon between allowed)."""
    k = m.start - 1
    while k >= 0 and not tokens[k].word and tokens[k].sentence == tokens[m.start].sentence:
        k -= 1
    return (
        k >= 0
        and tokens[k].sentence == tokens[m.start].sentence
        and (tokens[k].word in TARGET_LABELS)
    )
