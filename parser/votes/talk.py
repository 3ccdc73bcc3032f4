"""A coloured nick in talk, not in a vote (P-V.1, G-N.1; issue 17 item 2).

Players' nicks are often names of book or film characters, and a red or green name then turns
up in talk about the book: as the subject of the story told («<Онегин> убил Ленского на
дуэли», «Там <Раскольников> в конце признаётся»), inside a line of the book retold in
quotation marks, as an address in a post that casts no vote («Я не доктор, <Мастер>, это ник
из романа!»), in English talk («Curious about <X> today»). The colour alone proves a vote only
where the post's grammar makes the nick the vote's object or a bare vote line; the caller asks
`talked_of` only of a pick with no vote grammar and no vote word of the author's own in the
post, so «<X> врёт весь день, голосую против» and «Голосую против <X>: он убил Ленского» stay
votes. A nick told of is shown to the host, never counted — and so the author's real vote
later in the thread is his first (P-V.3). The court reader asks the same of a coloured nick in
a court post with no word of jailing (G-N.4: `court._talked_of`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import Final

from parser.english import english_word
from parser.morph import lemmas, parse
from parser.nicks import NickResolver
from parser.roles import role_word
from parser.votes.names import Pick
from parser.votes.proof import accusing, accusing_noun
from parser.votes.records import words_of

_SENTENCE_END: Final = re.compile(r"[.!?\n]")
_CLAUSE_END: Final = re.compile(r"[,;:!?.\n()—–]|\s-\s")
#: quotation marks that open and close a line retold in the post's own words
_QUOTES: Final = {"«": "»", "„": "“", "“": "”"}
_STRAIGHT: Final = '"'
_TYPED_WORD: Final = re.compile(r"[А-Яа-яЁё]+")
_LATIN_WORD: Final = re.compile(r"[A-Za-z][A-Za-z']+")
_CYRILLIC: Final = re.compile(r"[А-Яа-яЁё]")
#: a link written out («./viewtopic.php?p=5000#p5000») or a word typed with digits for
#: letters («g0l0suyu»): no English words, and a link's «?» and «.» end no sentence
_LINK: Final = re.compile(r"\S*[/=#0-9]\S*")
#: English words that make a post's English a vote, a nomination or an accusation, as the
#: Russian vote words do: such a post is left to the vote reader as it stands
_ENGLISH_VOTE: Final = frozenset(
    (
        "vote",
        "votes",
        "voting",
        "voted",
        "lynch",
        "hang",
        "against",
        "mafia",
        "mafioso",
        "scum",
        "guilty",
        "kill",
        "execute",
        "court",
        "trial",
        "nominate",
        "nominating",
        "nominated",
        "nomination",
        "green",
        "greens",
        "sus",
        "suspect",
        "liar",
        "lying",
        "lies",
    )
)


#: nouns of a work told of — a book, a film, its plot («в этой книге», «в сериале», «в конце
#: романа»): a story set there is the work's, not the game's («серия» and «глава» are the
#: game's too: «в прошлой серии игр», «глава клана»)
_WORK_NOUNS: Final = frozenset(
    (
        "книга",
        "роман",
        "повесть",
        "рассказ",
        "поэма",
        "пьеса",
        "сказка",
        "фильм",
        "кино",
        "сериал",
        "мультфильм",
        "мультик",
        "экранизация",
        "сюжет",
        "эпизод",
    )
)
_NAMES: Final = frozenset(("Name", "Surn", "Patr", "Fixd"))
#: words of likeness: «как в книге» compares the game to a work, the story is the game's
_LIKE: Final = frozenset(("как", "словно", "будто", "точно", "прямо"))


def names_player(resolver: NickResolver, word: str) -> bool:
    """Whether a plain word is a player's nick or a sure form of it (no part, no fuzzy
    match): the subject a vote may be told of («Молот вчера голосовал против <X>»)."""
    match = resolver.resolve(word, inflected=True, fuzzy=False)
    return match.ok and match.method not in ("partial", "fuzzy")


def _fold(text: str) -> str:
    return text.casefold().replace("ё", "е")


def _located(own: str, pick: Pick) -> tuple[str, int, int] | None:
    """The post's own text folded, and where the span's folded text starts and ends in it;
    None when the span's text is not found there."""
    low = _fold(own)
    text = _fold(pick.span.text)
    at = low.find(text)
    return None if at < 0 else (low, at, at + len(text))


def _sentence(low: str, at: int, end: int) -> tuple[int, int]:
    """(start, end) of the sentence holding the span at `at`…`end` of `low`."""
    start = max((m.end() for m in _SENTENCE_END.finditer(low, 0, at)), default=0)
    stop = _SENTENCE_END.search(low, end)
    return start, stop.start() if stop else len(low)


def _nominative(text: str, nick: str) -> bool:
    """Whether the coloured text may be a subject: the nick as listed (its nominative,
    however the dictionary reads the word: «Раскольников»), or its last word read in the
    nominative (a Latin nick, which does not decline, always may)."""
    if _fold(text).strip() == _fold(nick):
        return True
    words = words_of(_fold(text))
    if not words:
        return True
    return any("nomn" in r.grammemes for r in parse(words[-1])[:3]) or not parse(words[-1])


def _circumstance(words: list[str]) -> bool:
    """The words before the nick in its sentence set the scene of a story: a pointing adverb
    of place or time («там», «тогда») or a preposition with a noun in the prepositional case
    («в финале», «в романе») — no word of the author himself."""
    if not words:
        return False
    firsts = [parse(w)[:1] for w in words]
    if any(r and r[0].pos == "ADVB" and "Dmns" in r[0].grammemes for r in firsts):
        return True
    return any(
        a and b and a[0].pos == "PREP" and b[0].pos == "NOUN" and "loct" in b[0].grammemes
        for a, b in pairwise(firsts)
    )


def _of_a_work(words: list[str]) -> bool:
    """The words speak of a book or a film: a noun of a work as the place of the story — in
    the prepositional case («в этой книге», «в сериале»), in the genitive after such a noun
    («в конце романа») or in the dative after «по» («по сюжету») — that no word of likeness
    leads to within four words («как в своей любимой книге» compares), or the readers asked
    to recall it: «помнить» in the second person or the imperative («помните?», «вспомни»),
    not «помню» or «помнит». A work as an object («рассказывает сказки», «пишет роман») is
    the game's talk."""
    cases = [{g for r in parse(w) for g in r.grammemes} for w in words]
    for n, word in enumerate(words):
        # the cases the word's readings as a work allow («повести» reads first as a plural;
        # a name's or an undeclined surname's readings, «Роман», are no work)
        work = {
            g
            for r in parse(word)
            if r.pos == "NOUN" and r.lemma in _WORK_NOUNS and not _NAMES & r.grammemes
            for g in r.grammemes
        }
        place = (
            "loct" in work
            or (n > 0 and "gent" in work and "loct" in cases[n - 1])
            or (n > 0 and "datv" in work and words[n - 1] == "по")
        )
        if place and not _LIKE.intersection(words[max(0, n - 4) : n]):
            return True
        first = parse(word)[:1]
        recall = {"помнить", "вспомнить", "припомнить"} & set(lemmas(word))
        if recall and first and first[0].pos == "VERB" and {"2per", "impr"} & first[0].grammemes:
            return True
    return False


def told_as_story(own: str, as_typed: str, pick: Pick, is_player: Callable[[str], bool]) -> bool:
    """«<Онегин> убил Ленского на дуэли», «Там <Раскольников> в конце признаётся»: the nick,
    in the nominative, is the subject of the first finite verb of its clause, within a few
    words and with no conjunction before it — a verb in the past or the third person present
    when a circumstance of the story opens the sentence («там», «в финале») or the sentence
    (or the one after it) speaks of a book or a film («<X> всё время врёт в этой книге»,
    «<X> убил старуху топором, помните?»: `_of_a_work`), or a verb in the past whose clause
    names a person who plays no part in the game. «Вот <X> и попался» (a conjunction
    between), «<X> не ответил ни на один вопрос» (a deed in the game: the reason of a red),
    «Сегодня <X> врёт» (no scene set) and «<X> путает версии, прямо как в книге» (a likeness:
    the game's story) are not."""
    found = _located(own, pick)
    if found is None or not _nominative(pick.span.text, pick.match.nick or ""):
        return False
    low, at, end = found
    start, stop = _sentence(low, at, end)
    _, after = _sentence(low, stop + 1, stop + 1) if stop < len(low) else (stop, stop)
    told = _circumstance(words_of(low[start:at])) or _of_a_work(words_of(low[start:after]))
    clause = _CLAUSE_END.split(low[end:], maxsplit=1)[0]
    for word in words_of(clause)[:6]:
        first = parse(word)[:1]
        if not first or first[0].pos == "CONJ":
            return False  # «Вот <X> и попался»: a conjunction joins another predicate
        reading = first[0]
        if reading.pos == "VERB" and "indc" in reading.grammemes:
            if told:
                return "past" in reading.grammemes or "3per" in reading.grammemes
            # «<Онегин> убил Ленского на дуэли»: a past deed done to a person outside the game
            return "past" in reading.grammemes and _outsider_named(as_typed, pick, is_player)
    return False


def _outsider_named(as_typed: str, pick: Pick, is_player: Callable[[str], bool]) -> bool:
    """Whether the clause after the nick, as typed, names a person by a capitalised given
    name, surname or patronymic that is no player's — a character of the story, not someone
    of the game (a word in lower case read as a rare name, «юлит», is the word)."""
    at = as_typed.find(pick.span.text)
    if at < 0:
        return False
    clause = _CLAUSE_END.split(as_typed[at + len(pick.span.text) :], maxsplit=1)[0]
    return any(
        w[:1].isupper() and {"Name", "Surn", "Patr"} & r.grammemes and not is_player(w)
        for w in _TYPED_WORD.findall(clause)
        for r in parse(w.casefold())[:1]
    )


def in_retold_line(own: str, pick: Pick) -> bool:
    """«…у Гоголя: «<Собакевич> был мужик ловкий…»»: the nick stands inside quotation marks
    («…», „…“, “…” or straight "…") of the post's own text that hold other words too — a
    line retold, not the author's vote.
    Quotation marks around the nick alone («за «<X>»») are his name set off, not a line."""
    found = _located(own, pick)
    if found is None:
        return False
    low, at, end = found
    for opening, closing in _QUOTES.items():
        left = low.rfind(opening, 0, at)
        if left < 0 or closing in low[left + 1 : at]:
            continue
        right = low.find(closing, end)
        if right >= 0 and words_of(low[left + 1 : at]) + words_of(low[end:right]):
            return True
    # straight quotes open and close alike: the span is inside a pair when an odd number
    # of them stands before it in the post («Вспомнился Гомер: "<Орион> охотился …"»)
    before = low.count(_STRAIGHT, 0, at)
    if before % 2 and _STRAIGHT in low[end:]:
        left = low.rfind(_STRAIGHT, 0, at)
        right = low.find(_STRAIGHT, end)
        return bool(words_of(low[left + 1 : at]) + words_of(low[end:right]))
    return False


def addressed_in_talk(own: str, pick: Pick) -> bool:
    """«Я не доктор по роли, <Мастер>, это просто ник из романа!»: the nick set off by commas
    inside a sentence in which the author speaks of himself (a pronoun or verb of the first
    person) and to nobody else — a vocative beside his own account, not a vote. A taunt said
    to the player («Шах и мат тебе, <X>, …»: the second person) and a sentence holding a
    noun of guilt («…, <X>, ты мафия») stay the board's accusation."""
    found = _located(own, pick)
    if found is None:
        return False
    low, at, end = found
    if not low[:at].rstrip().endswith(",") or not low[end:].lstrip().startswith(","):
        return False
    start, stop = _sentence(low, at, end)
    before = words_of(low[start:at])
    rest = before + words_of(low[end:stop])
    if not before or any(accusing_noun(w) for w in rest):
        return False
    persons = [r.grammemes for w in rest for r in parse(w)[:1] if r.pos in ("NPRO", "VERB")]
    return any("1per" in g for g in persons) and not any("2per" in g for g in persons)


def english_talk(as_typed: str, pick: Pick) -> bool:
    """«Curious about <Gatsby> today»: the sentence holding the nick is English — no Cyrillic,
    at least two Latin words (of two letters or more) besides the nick that the pronouncing
    dictionary knows as English, three in four of them at least — with no English word of a
    vote or an accusation."""
    text = _LINK.sub(lambda m: " " * len(m.group()), as_typed)
    at = text.find(pick.span.text)
    if at < 0:
        return False
    end = at + len(pick.span.text)
    start, stop = _sentence(text, at, end)
    rest = text[start:at] + " " + text[end:stop]
    if _CYRILLIC.search(rest):
        return False
    words = [w.casefold() for w in _LATIN_WORD.findall(rest)]
    known = [w for w in words if english_word(w)]
    # one word in four the dictionary lacks («rewatched») may stand among them; Russian typed
    # in Latin letters («nu net, ostavlyayu») is more of words it lacks
    return len(known) >= 2 and 4 * len(known) >= 3 * len(words) and _ENGLISH_VOTE.isdisjoint(words)


#: grammemes of a proper noun: a common noun names a thing, these name someone or somewhere
_PROPER: Final = frozenset(("Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr"))
_CASES: Final = frozenset(
    ("nomn", "gent", "datv", "accs", "ablt", "loct", "voct", "gen2", "acc2", "loc2")
)
#: what an adjective agrees with its noun in, besides the case
_AGREEMENT: Final = _CASES | frozenset(("masc", "femn", "neut", "sing", "plur"))
#: a word right before or after the span, with nothing but spaces between
_WORD_BEFORE: Final = re.compile(r"([а-яё]+)[ \t\u00a0]+$")
_WORD_AFTER: Final = re.compile(r"^[ \t\u00a0]+([а-яё]+)\b(?![-])")
#: verbs of seeing and admiring, with the case their object takes: what the author saw or
#: admired is a thing or a sight, not a vote («видел <Вегу> в трубу», «любуюсь <Венерой>»)
_SEEING: Final = {
    "видеть": "accs",
    "увидеть": "accs",
    "наблюдать": "accs",
    "понаблюдать": "accs",
    "рассматривать": "accs",
    "рассмотреть": "accs",
    "разглядывать": "accs",
    "разглядеть": "accs",
    "созерцать": "accs",
    "любоваться": "ablt",
    "полюбоваться": "ablt",
}
_DASH_LEAD: Final = re.compile(r"^(.*?)\s*(?:[—–]|\s-)\s*(.*)$")


def _forms(text: str) -> list[frozenset[str]] | None:
    """The readings of a coloured nick's last word as a noun or an adjective (their
    grammemes); None when the nick is not a Russian word the dictionary reads (a Latin nick,
    which does not decline, fits any case)."""
    words = words_of(_fold(text))
    if not words or not _TYPED_WORD.fullmatch(words[-1]):
        return None
    readings = [r.grammemes for r in parse(words[-1]) if r.known and r.pos in ("NOUN", "ADJF")]
    return readings or None


def _common_noun(word: str, is_player: Callable[[str], bool]) -> list[frozenset[str]]:
    """The readings of `word` as a common noun of a thing (inanimate, no proper noun, no
    noun of guilt or role, no player's nick): «звёздочка», «планета», «звезда»."""
    if len(word) < 3 or accusing_noun(word) or role_word(word) is not None or is_player(word):
        return []
    return [
        r.grammemes
        for r in parse(word)
        if r.known and r.pos == "NOUN" and "inan" in r.grammemes and not _PROPER & r.grammemes
    ]


def _agree(nick: list[frozenset[str]] | None, noun: list[frozenset[str]], *, full: bool) -> bool:
    """Whether a reading of the nick shares its case with a reading of the noun (`full`: and
    its gender and number, as an adjective agrees); a Latin nick fits any case."""
    if nick is None:
        return True
    return any(
        (a & b & _CASES) and (not full or a & _AGREEMENT <= b & _AGREEMENT)
        for a in nick
        for b in noun
    )


def _modifier_of(word: str, noun: list[frozenset[str]]) -> bool:
    """Whether `word` is an adjective or a pronoun adjective agreeing with a reading of the
    noun in case, gender and number («какая … звёздочка», «яркая … звезда»)."""
    readings = [r.grammemes for r in parse(word) if r.known and r.pos in ("ADJF", "PRTF")]
    return bool(readings) and _agree(readings, noun, full=True)


def in_noun_phrase(as_typed: str, pick: Pick, is_player: Callable[[str], bool]) -> bool:
    """«Какая <Полярная> звёздочка сегодня яркая», «Какая <Альтаир> звёздочка красивая»,
    «Планета <Марс> видна без телескопа»: the coloured nick is a word of a noun phrase about
    a thing, a common noun (`_common_noun`) typed in Cyrillic right beside it on its line —
    an adjective nick agreeing with the noun after it in case, gender and number; a noun
    nick between that noun and an adjective agreeing with it («какая <X> звёздочка»); or a
    noun nick in the nominative after a noun in the nominative that no preposition governs,
    in a sentence going on after it (apposition: «звезда <X> сегодня низко»; «Спойлер <X>»
    closing its line is a label and the vote). A noun of guilt, a role or a player's nick
    is no such noun, nor a noun after a preposition («в суд <X>», «из пати <X>»: where he
    is sent), and a sentence that says what a red's reason says («<X> звезда нашей игры,
    весь день врёт»: `proof.accusing`) is the vote's."""
    found = _located(as_typed, pick)
    if found is None:
        return False
    low, at, end = found
    if accusing(low[slice(*_sentence(low, at, end))]):
        return False  # «<Полярная> звезда нашей игры, весь день врёт»: the red's reason
    nick = _forms(pick.span.text)
    adjective = nick is not None and all("ADJF" in g for g in nick[:1])
    before = _WORD_BEFORE.search(low[:at])
    after = _WORD_AFTER.match(low[end:])
    if after:
        noun = _common_noun(after.group(1), is_player)
        if noun and adjective:
            return _agree(nick, noun, full=True)
        if noun and before and _modifier_of(before.group(1), noun):
            return _agree(nick, noun, full=False)
    if before is None or adjective:
        return False
    noun = [g for g in _common_noun(before.group(1), is_player) if "nomn" in g]
    governed = _WORD_BEFORE.search(low[: before.start()])
    if governed and any(r.pos == "PREP" for r in parse(governed.group(1))[:1]):
        return False
    nominative = nick is None or any("nomn" in g for g in nick)
    # «Спойлер <Рома>»: a noun and the nick closing the line is a label and its vote; the
    # apposition is a word of a sentence that goes on («звезда <X> сегодня низко»)
    _, stop = _sentence(low, at, end)
    return bool(noun) and nominative and bool(words_of(low[end:stop]))


def seen_or_admired(own: str, pick: Pick) -> bool:
    """«вчера в трубу видел <Вегу> и Лиру», «Любуюсь <Венерой> каждый вечер»: the coloured
    nick is the object of a verb of seeing or admiring right before it, in the case that
    verb puts its object in (a Latin nick fits any), in a sentence with no word of what a
    red's reason says («Вижу <X> насквозь, весь день врёт»: `proof.accusing`) — a sight
    the author saw, not his vote. «Видел, как <X> сливала мирных» (the nick the
    subject of what was seen) is not."""
    found = _located(own, pick)
    if found is None:
        return False
    low, at, end = found
    before = _WORD_BEFORE.search(low[:at])
    if before is None:
        return False
    verb = next(
        (r for r in parse(before.group(1)) if r.pos in ("VERB", "GRND") and r.lemma in _SEEING),
        None,
    )
    if verb is None:
        return False
    nick = _forms(pick.span.text)
    if nick is not None and not any(_SEEING[verb.lemma] in g for g in nick):
        return False
    return not accusing(low[slice(*_sentence(low, at, end))])


def named_a_sight(own: str, pick: Pick, is_player: Callable[[str], bool]) -> bool:
    """«<Венера> на закате — загляденье»: the coloured nick opens its sentence, in the
    nominative, and the sentence says what it is after a dash — a common noun of a thing
    (inanimate, no noun of guilt or role), perhaps with its adjective, ending the sentence —
    with only a circumstance between (a preposition with its noun, an adverb): a thing
    admired, not a player accused («<X> — мафия», «<X> мафия — факт» stay the red's
    reason: `proof.accusing`)."""
    found = _located(own, pick)
    if found is None or not _nominative(pick.span.text, pick.match.nick or ""):
        return False
    low, at, end = found
    start, stop = _sentence(low, at, end)
    if words_of(low[start:at]) or accusing(low[start:stop]):
        return False
    parts = _DASH_LEAD.match(low[end:stop])
    if parts is None:
        return False
    between, predicate = parts.group(1), words_of(parts.group(2))
    if not predicate or any(
        not r or r[0].pos not in ("PREP", "NOUN", "ADVB", "ADJF")
        for r in (parse(w)[:1] for w in words_of(between))
    ):
        return False
    *lead, head = predicate
    if len(lead) > 1 or any(parse(w)[:1] and parse(w)[0].pos != "ADJF" for w in lead):
        return False
    return bool(_common_noun(head, is_player))


#: the preposition of company: «с <Ямахой> гоняли» — the player done something with
_WITH: Final = frozenset(("с", "со"))


def told_together(own: str, pick: Pick, *, accused_ok: bool = False) -> bool:
    """«Вчера с <Ямахой> гоняли до заправки»: the nick, after «с»/«со» and in the
    instrumental (or as listed, a nick that does not decline), is the author's companion in
    a clause whose finite verb is in the past — a story of something done together, not a
    nomination (G-N.1, P-V.1). A clause with no past verb («С <X> всё ясно») is not one,
    nor — unless `accused_ok` — a sentence that accuses him («с <X> спорили — он врал»:
    the red's reason)."""
    found = _located(own, pick)
    if found is None:
        return False
    low, at, end = found
    start = max((m.end() for m in _CLAUSE_END.finditer(low, 0, at)), default=0)
    before = words_of(low[start:at])
    if not before or before[-1] not in _WITH:
        return False
    words = words_of(_fold(pick.span.text))
    as_listed = _fold(pick.span.text).strip() == _fold(pick.match.nick or "")
    readings = parse(words[-1]) if words else []
    if not (as_listed or any("ablt" in r.grammemes for r in readings[:3])):
        return False
    stop = _CLAUSE_END.search(low, end)
    clause = before[:-1] + words_of(low[end : stop.start() if stop else len(low)])
    past = any(r.pos == "VERB" and "past" in r.grammemes for w in clause for r in parse(w)[:1])
    s_start, s_stop = _sentence(low, at, end)
    sentence = words_of(low[s_start:at]) + words_of(low[end:s_stop])
    return past and (accused_ok or not accusing(" ".join(sentence)))


def talked_of(own: str, as_typed: str, pick: Pick, is_player: Callable[[str], bool]) -> bool:
    """Whether the pick's nick is talked of, not voted for: the subject of a story, inside a
    retold line, addressed in talk, named in English talk, a word of a noun phrase about a
    thing, a sight seen or admired, or a thing admired after a dash (the caller has found
    no vote grammar around it and no vote word of the author's own in the post).
    `is_player`: whether a word names a player of the game."""
    return (
        in_retold_line(own, pick)
        or english_talk(as_typed, pick)
        or addressed_in_talk(own, pick)
        or told_as_story(own, as_typed, pick, is_player)
        or in_noun_phrase(as_typed, pick, is_player)
        or seen_or_admired(own, pick)
        or named_a_sight(own, pick, is_player)
    )
