"""Another player's words told in a letter (C-2): «Дымон сказал стреляем в Катю», «Дон велел
убрать Ефима», «Кот пишет в теме: «режь Лису»». What a letter reports someone else said, asked
or ordered is not the sender's move: a move is the sender's own decision, and a host does not
write down an order relayed in someone else's words (P-M.8: the Don's order counts from the
Don's own letter).

A verb of saying (сказать, говорить, велеть, предложить, написать, просить, приказать …)
reports when its subject is someone other than the sender: a player named in the nominative
next to it, a role word («дон», «крёстный»), «он»/«она»/«они», or nobody in a present or
plural form («говорят», «сказали»). A past form with no subject is the sender's own (Russian
drops «я»: «Сказал же в теме — убью Рому» is his). What the verb reports runs to the end of
its sentence, or to the end of a quotation that opens right after it, and stops at a clause
in which the sender speaks again: «я …», a verb in the first person singular, or a word of
his own conclusion («согласен», «поэтому», «так что»): «Дон сказал стреляем в Катю, я
согласен, стреляю» moves.

Apart from `parser.letters.relayed`, which settles first whether the whole letter was written
for someone (another player, or the account's own player by someone else): what is left here
is the sender's own letter, and only the words in it told as another's are set aside.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from parser.letters.actions import Occ
from parser.letters.mentions import Mention, negated_at
from parser.letters.questions import question_reading
from parser.letters.reading import EXAMPLE, IS_IT_A_MOVE, LetterReading
from parser.letters.tokens import Token, typed
from parser.letters.words import DASHES, DIRECTIVE_VERBS, INDICATORS, SAYING_VERBS, ws
from parser.morph import forms, parse
from parser.nicks import near_a_nick
from parser.roles import GAME_WORDS, ROLE_WORDS
from parser.sender import SenderView
from parser.vocab import lookup

# who may be a speaker besides a player's nick
_SPEAKERS: Final = GAME_WORDS | ws(
    "крестный крестного босс шеф главный главарь пахан он она они все народ кто-то"
)
_CLAN_WORDS: Final = ws("дон мафия клан якудза триада босс шеф главный главарь пахан")
# particles that mark the words around them as another's («Дон, мол, стреляем»)
_PARTICLES: Final = ws("мол дескать")
# the sender speaks again: the report has ended
_OWN: Final = ws("я согласен согласна согласны поэтому итак значит ладно окей ок хорошо так")


@dataclass(frozen=True, slots=True)
class Report:
    """One verb of saying with another speaker: the verb, the speaker's mention (if a
    player), and the tokens [start, end) of what it reports."""

    verb: int
    speaker: Mention | None
    start: int
    end: int
    directive: bool  # «велел», «предлагает»: what it reports is a move wanted


def reports(tokens: Sequence[Token], mentions: Sequence[Mention], view: SenderView) -> list[Report]:
    """Every report of another's words in the letter (see the module docstring)."""
    out: list[Report] = []
    for k, t in enumerate(tokens):
        relayed = _relayed_from(tokens, mentions, k, view)
        if relayed is not None:
            out.append(relayed)
            continue
        if t.word in _PARTICLES:
            # «Гордей, мол, стреляем»: the particle itself says the words are another's
            _speaker_, named = _speaker(tokens, mentions, k, view)
            if named != "me" and k + 1 < len(tokens):
                out.append(Report(k, _speaker_, k + 1, _scope_end(tokens, k), False))
            continue
        said = _saying(t.word)
        if said is None:
            continue
        grams = said
        if "1per" in grams or "impr" in grams or "INFN" in grams:
            continue  # «скажу», «скажи», «сказать»: the sender's own words or wish
        speaker, named = _speaker(tokens, mentions, k, view)
        if named == "me":
            continue
        if named == "none" and "past" in grams and "plur" not in grams:
            continue  # «Сказал же в теме — …»: «я» dropped, the sender speaks of himself
        directive = parse(t.word)[0].lemma in DIRECTIVE_VERBS
        quoted = _quoted_before(tokens, k)
        if quoted is not None:
            out.append(Report(k, speaker, quoted[0], quoted[1], directive))
            continue
        if _speaker_opens(tokens, k, speaker):
            # «Пишет Лебедь: проверяю …»: the speaker after the verb opens the words with a
            # colon — passed on as said, to the end of the sentence
            assert speaker is not None
            out.append(Report(k, speaker, speaker.end, _scope_end(tokens, k, True), directive))
            continue
        end = _clause_end(tokens, k) if _as_said(tokens, k) else _scope_end(tokens, k)
        if end > k + 1:
            out.append(Report(k, speaker, k + 1, end, directive))
    out.extend(_quotations(tokens, mentions, out))
    out.extend(_authors(tokens, mentions, view))
    return out


# -- quotations and their authors -------------------------------------------------------------

#: verbs of reading and quoting, by lemma: what the sender reads out is another's words
_READING: Final = ws(
    "читать прочитать прочесть почитать перечитывать перечитать зачитывать зачитать "
    "цитировать процитировать"
)
_OPENING: Final = ("«", "„", "“", '"')
_CLOSING: Final = ("»", "“", "”", '"')
#: prepositions whose person in the genitive («у Перельмана», «из Перельмана») or dative
#: («по Куликовскому») is the source of what is said, not a move's player
_SOURCE_GENT: Final = ws("у из")
_SOURCE_DATV: Final = ws("по")


def _quotations(
    tokens: Sequence[Token], mentions: Sequence[Mention], found: Sequence[Report]
) -> list[Report]:
    """Quotations the sender brings in as someone else's words (C-2, C-3): text inside
    quotation marks («…», „…“, "…") that a verb of reading opens («Читаю Фламмариона:
    «…»»), or that follows a colon after a head of the sender's own talk («Из Перельмана:
    «…»», «Стишок: «…»»). A head with a word of the game's move lines («Мой ход:», «Цель:»),
    an action word or a player's nick is the sender's own line (`gameline`), and so is a
    quotation holding an action word or nothing but players' nicks after a bare colon: «Мой
    ход: «Проверяю Ориона»» stays his move. A quotation a verb of saying already reports
    («Орион пишет: «…»») is left to that report."""
    out: list[Report] = []
    k = 0
    while k < len(tokens):
        end = _quotation_end(tokens, k)
        if end is None:
            k += 1
            continue
        if not any(r.start <= k < r.end for r in found) and _introduced(tokens, mentions, k, end):
            out.append(Report(k, None, k, end, False))
        k = end
    return out


def _quotation_end(tokens: Sequence[Token], k: int) -> int | None:
    """The end (exclusive) of the quotation opening at `k`, within its sentence and the next
    two, or None when no quotation opens there."""
    raw = tokens[k].raw.rstrip(".,!?…;:")
    if not raw.startswith(_OPENING):
        return None
    if len(raw) > 1 and raw[1:].endswith(_CLOSING):
        return k + 1  # «"Ориона"»: one word quoted
    for j in range(k + 1, len(tokens)):
        if tokens[j].sentence > tokens[k].sentence + 2 or tokens[j].raw[:1] in "«„":
            return None  # too far, or another quotation opens first: no pair found
        if tokens[j].raw.rstrip(".,!?…;:").endswith(_CLOSING):
            return j + 1
    return None


def _introduced(tokens: Sequence[Token], mentions: Sequence[Mention], k: int, end: int) -> bool:
    """Whether the quotation [k, end) is brought in as someone else's words (`_quotations`)."""
    sentence = tokens[k].sentence
    head = [j for j in range(k) if tokens[j].sentence == sentence]
    if not head:
        return False
    reading = any(_reading_verb(tokens[j].word) for j in head[-3:])
    colon = tokens[head[-1]].raw.endswith(":")
    if not (colon or reading):
        return False
    own_line = any(
        tokens[j].word in INDICATORS or _action_word(tokens[j].word) for j in head
    ) or any(m.kind in ("nick", "self") and m.start in head for m in mentions)
    if own_line:
        return False  # «Мой ход: «…»», «Цель: «Орион»», «Орион: «…»»
    if reading:
        return True
    inner = range(k, end)
    if any(_action_word(tokens[j].word) for j in inner):
        return False  # «Проверка: «Проверяю Ориона»»: the move in marks, the sender's own
    players = {j for m in mentions if m.kind == "nick" for j in range(m.start, m.end)}
    return any(tokens[j].word and j not in players for j in inner)


def _reading_verb(word: str) -> bool:
    top = parse(word)[:1] if word else ()
    return bool(top) and top[0].pos in ("VERB", "INFN") and top[0].lemma in _READING


def _action_word(word: str) -> bool:
    found = lookup(word) if word else None
    return found is not None and bool(found.actions or found.visit)


def _authors(
    tokens: Sequence[Token], mentions: Sequence[Mention], view: SenderView
) -> list[Report]:
    """An author's name the letter cites, no player's nick (C-3): a capitalised word no
    ladder read — no candidate offered for it, no near spelling of a nick and no given name
    the dictionary knows (a surname, or a name it only guesses at) — that is the
    object of the sender's verb of reading («Читаю Куликовского»), a person in the genitive
    after «у»/«из» or in the dative after «по» («у Перельмана», «По Куликовскому»), or the
    genitive of a noun inside a phrase of place («в книге Куликовского»). He is whose words
    or book the letter speaks of, no target: accounted for as a source (a report with no
    words of its own, or none beyond a quotation)."""
    out: list[Report] = []
    for m in mentions:
        if m.kind != "unknown" or m.gone or m.candidates or m.end - m.start != 1 or m.start < 1:
            continue
        t = tokens[m.start]
        if not t.raw[:1].isupper() or near_a_nick(t.word, view.living):
            continue
        if any(r.known and "Name" in r.grammemes for r in parse(t.word)):
            continue  # «у Маши»: a given name the dictionary knows may be a player's after all
        before = tokens[m.start - 1]
        if before.clause_end:
            continue
        cases = {g for p in parse(t.word)[:4] for g in p.grammemes}
        source = (
            (_reading_verb(before.word) and cases & {"gent", "accs"})
            or (before.word in _SOURCE_GENT and "gent" in cases)
            or (before.word in _SOURCE_DATV and "datv" in cases)
            or ("gent" in cases and _noun_in_phrase(tokens, m.start - 1))
        )
        if source:
            out.append(Report(m.start, m, m.start, m.start, False))
    return out


def _noun_in_phrase(tokens: Sequence[Token], k: int) -> bool:
    """The word at `k` is a lower-case inanimate noun right after a preposition («в книге»,
    «на странице»): the place or the text whose author's genitive follows it."""
    if k < 1 or tokens[k - 1].clause_end or not tokens[k].raw[:1].islower():
        return False
    top = parse(tokens[k].word)[:1]
    prep = parse(tokens[k - 1].word)[:1]
    return (
        bool(top)
        and bool(prep)
        and top[0].pos == "NOUN"
        and "inan" in top[0].grammemes
        and prep[0].pos == "PREP"
    )


# «по приказу Дона:», «по словам Кота:», «со слов Дона:»: whose words follow
_BY_WORD: Final = ws("приказ указание поручение слово веление распоряжение")


def _relayed_from(
    tokens: Sequence[Token], mentions: Sequence[Mention], k: int, view: SenderView
) -> Report | None:
    """Words passed on from someone named in a phrase of source closed by a colon: «от
    Дона:» (after a verb of passing, «Передаю от дона: …»), «по приказу Иду:», «по словам
    Кота:», «со слов дона:». What follows the colon, to the end of the sentence, is the
    speaker's, not the sender's (P-M.8: the Don's order counts from his own letter)."""
    word = tokens[k].word
    at = k + 1
    if word in ("по", "со") and at < len(tokens):
        lemma = next((p.lemma for p in parse(tokens[at].word)[:1]), "")
        if lemma not in _BY_WORD or tokens[at].clause_end:
            return None
        at += 1
    elif word != "от" or not any(
        _saying(tokens[j].word) for j in range(max(0, k - 2), k) if tokens[j].word
    ):
        return None
    if at >= len(tokens):
        return None
    speaker = next((m for m in mentions if m.start == at and m.kind == "nick"), None)
    end = speaker.end if speaker is not None else at + 1
    if speaker is not None and speaker.nick == view.nick:
        return None
    spelled = {n.lower().replace("ё", "е") for n in view.living if n != view.nick}
    if speaker is None and (
        (tokens[at].word in _SPEAKERS and _names_me(tokens[at].word, view))
        or tokens[at].word not in _SPEAKERS | spelled  # «по приказу Иду:»: a word nick
    ):
        return None
    if not tokens[end - 1].raw.endswith(":"):
        return None
    sentence = tokens[k].sentence
    stop = end
    while stop < len(tokens) and tokens[stop].sentence == sentence:
        stop += 1
    return Report(k, speaker, end, stop, True) if stop > end else None


def _as_said(tokens: Sequence[Token], k: int) -> bool:
    """«Как велел Дон, …»: the verb in a clause of «как» tells whose word the sender
    follows; what comes after is his own."""
    j = k - 1
    while j >= 0 and not tokens[j].clause_end and tokens[j].sentence == tokens[k].sentence:
        if tokens[j].word == "как":
            return True
        j -= 1
    return False


def _clause_end(tokens: Sequence[Token], k: int) -> int:
    j = k
    while j < len(tokens) and not tokens[j].clause_end:
        if j > k and tokens[j].raw in DASHES:
            return j
        j += 1
    return min(j + 1, len(tokens))


def _quoted_before(tokens: Sequence[Token], k: int) -> tuple[int, int] | None:
    """«„Стреляем", — сказал Дон»: the quotation just before the verb is what it reports."""
    j = k - 1
    while j >= 0 and not tokens[j].word and tokens[j].sentence == tokens[k].sentence:
        j -= 1  # the dash between
    if j < 0 or not tokens[j].raw.rstrip(",.!?…—-– ").endswith(("»", '"', "”")):
        return None
    for i in range(j, -1, -1):
        if tokens[i].raw.startswith(("«", '"', "“")):
            return i, j + 1
        if tokens[i].sentence != tokens[j].sentence and i < j - 20:
            break
    return None


def _saying(word: str) -> frozenset[str] | None:
    """The grammemes of `word` as a verb of saying, or None: its dictionary reading, or for
    a word no dictionary knows, the form it stands for — typed in Latin letters («skazal»),
    one letter off («скзал»), or said as people say it («грит»)."""
    if not word:
        return None
    if word in _COLLOQUIAL:
        return _saying(_COLLOQUIAL[word])
    parses = parse(word)
    if parses and parses[0].lemma in SAYING_VERBS:
        return parses[0].grammemes if parses[0].pos in ("VERB", "INFN") else None
    if any(p.known for p in parses):
        return None  # a word of its own
    if re.fullmatch("[a-z']{4,}", word):
        import cyrtranslit

        cyr = str(cyrtranslit.to_cyrillic(word, "ru")).replace("ё", "е")
        return _saying(cyr) if re.fullmatch("[а-я]+", cyr) else None
    if len(word) < 5 or not re.fullmatch("[а-я]+", word):
        return None
    from rapidfuzz.distance import Levenshtein

    close = sorted(
        f
        for f in _saying_forms()
        if abs(len(f) - len(word)) <= 1 and f[0] == word[0]
        if Levenshtein.distance(word, f, score_cutoff=1) <= 1
    )
    return _saying_forms()[close[0]] if close else None


@lru_cache(maxsize=1)
def _saying_forms() -> dict[str, frozenset[str]]:
    """Every form of the verbs of saying, of five letters or more, with its grammemes."""
    out: dict[str, frozenset[str]] = {}
    for lemma in sorted(SAYING_VERBS):
        for form, grams in forms(lemma):
            if len(form) >= 5 and "VERB" in grams:
                out.setdefault(form, grams)
    return out


# how people say them: «грит» for «говорит»
_COLLOQUIAL: Final = {"грит": "говорит", "грят": "говорят", "грил": "говорил"}


def _speaker(
    tokens: Sequence[Token], mentions: Sequence[Mention], k: int, view: SenderView
) -> tuple[Mention | None, str]:
    """Who says the verb at `k`: (the player's mention or None, "other" | "me" | "none")."""
    sentence = tokens[k].sentence
    a = k
    while a > 0 and not tokens[a - 1].clause_end and tokens[a - 1].sentence == sentence:
        a -= 1
    # «Кот сказал», «Кот в теме пишет», «сказал Кот»: the subject in the verb's clause
    before = [m for m in mentions if a <= m.start and m.end <= k]
    after = [m for m in mentions if m.start == k + 1 and not tokens[k].clause_end]
    for m in [*reversed(before), *after]:
        if m.kind == "self" or m.nick == view.nick:
            return None, "me"
        if m.kind == "nick" and _nominative(tokens, m):
            return m, "other"
    words = [tokens[j].word for j in range(a, k)]
    if k + 1 < len(tokens) and not tokens[k].clause_end:
        words.append(tokens[k + 1].word)
    if "я" in words or "мы" in words:
        return None, "me"
    roles = [w for w in words if w in _SPEAKERS]
    if roles:
        return None, "me" if all(_names_me(w, view) for w in roles) else "other"
    # a word read as no player («лейзи сказал») is still someone other than «я»
    for m in [*reversed(before), *after]:
        if m.kind in ("unknown", "ambiguous") and not m.gone and _nominative(tokens, m):
            return m, "other"
    # «Папа велел …»: a person named by a noun in the nominative before a verb of ordering
    # in the past tense, its subject
    verb = parse(tokens[k].word)[:1]
    said = bool(verb) and verb[0].lemma in DIRECTIVE_VERBS and "past" in verb[0].grammemes
    if said and any(_person(w) for w in words[: k - a]):
        return None, "other"
    # «Поля велела …»: a capitalised given name in the nominative whose gender the past verb
    # agrees with, though the name is also a common word («поля»: fields) or no nick read
    if said and any(_named_subject(tokens[j], verb[0].grammemes) for j in range(a, k)):
        return None, "other"
    return None, "none"


def _person(word: str) -> bool:
    """A word whose likeliest reading is an animate noun in the nominative («папа»)."""
    top = parse(word)[:1] if word else ()
    return bool(top) and {"NOUN", "anim", "nomn"} <= top[0].grammemes


_GENDERS: Final = frozenset({"masc", "femn"})


def _named_subject(t: Token, verb: frozenset[str]) -> bool:
    """A capitalised word with a reading as a given name in the nominative, of the gender of
    the past-tense verb it stands before (the subject the verb agrees with)."""
    gender = verb & _GENDERS
    if not t.word or not t.raw[:1].isupper() or not gender:
        return False
    return any({"Name", "nomn"} <= p.grammemes and gender <= p.grammemes for p in parse(t.word))


def _names_me(word: str, view: SenderView) -> bool:
    """Whether a role word names the sender («Дон приказывает …» from the Don)."""
    lemma = next((p.lemma for p in parse(word)[:1]), word)
    if lemma in _CLAN_WORDS or word in _CLAN_WORDS:
        return view.is_don or view.role == "godfather"
    return ROLE_WORDS.get(lemma, ROLE_WORDS.get(word)) == view.role


def _nominative(tokens: Sequence[Token], m: Mention) -> bool:
    """The player's word can be a subject: written as his nick, or no reading of it as a
    noun in another case («Расти сказал»: no noun at all; «Агату сказал»: accusative)."""
    if m.nominative:
        return True
    word = tokens[m.start].word
    nouns = [p for p in parse(word)[:3] if p.pos in ("NOUN", "ADJF", "NPRO")] if word else []
    return not nouns or any("nomn" in p.grammemes for p in nouns)


def _speaker_opens(tokens: Sequence[Token], k: int, speaker: Mention | None) -> bool:
    """The verb at `k` stands first, its speaker (a player) right after it, and the
    speaker's word ends with a colon: «Пишет Лебедь: …», «Говорит Дон: …» (C-2)."""
    return (
        speaker is not None
        and speaker.start == k + 1
        and tokens[speaker.end - 1].raw.rstrip().endswith(":")
    )


def _scope_end(tokens: Sequence[Token], k: int, colon: bool = False) -> int:
    """Where the words reported by the verb at `k` end (exclusive); `colon`: they are
    opened by a colon after the verb's speaker, passed on as said."""
    sentence = tokens[k].sentence
    nxt = k + 1
    while nxt < len(tokens) and not tokens[nxt].word and tokens[nxt].sentence == sentence:
        nxt += 1
    if nxt < len(tokens) and tokens[nxt].raw.startswith(("«", '"', "“", "'")):
        # «пишет: «режь Лису»»: the quotation is the report
        for j in range(nxt, len(tokens)):
            if tokens[j].raw.rstrip(".,!?…;:").endswith(("»", '"', "”", "'")) and (
                j > nxt or len(tokens[j].raw) > 2
            ):
                return j + 1
    verbatim = colon or _verbatim(tokens, k)
    j = k + 1
    while j < len(tokens) and tokens[j].sentence == sentence:
        parted = tokens[j - 1].clause_end or tokens[j - 1].raw in DASHES
        if parted and j - 1 > k and _sender_again(tokens, j, verbatim=verbatim):
            return j
        j += 1
    return j


def _verbatim(tokens: Sequence[Token], k: int) -> bool:
    """The verb at `k` (or it and an infinitive of saying: «велел передать») opens the
    words it reports with a colon: they are passed on as said, and an «я» in
    them is the speaker's word about the sender («Дон велел передать: исполнителем буду
    я»), not the sender speaking again."""
    j = k
    if j + 1 < len(tokens) and not tokens[j].clause_end:
        nxt = parse(tokens[j + 1].word)[:1] if tokens[j + 1].word else ()
        if nxt and nxt[0].pos == "INFN" and nxt[0].lemma in SAYING_VERBS:
            j += 1
    return tokens[j].raw.endswith(":")


def _sender_again(tokens: Sequence[Token], j: int, *, verbatim: bool = False) -> bool:
    """The clause opening at `j` is the sender's own: «я …», «и я», «а я», a word of his own
    conclusion, or a verb in the first person singular — in words passed on verbatim, only
    a word of his own conclusion («согласен», «поэтому»)."""
    sentence = tokens[j].sentence
    clause: list[Token] = []
    for t in tokens[j:]:
        if t.sentence != sentence:
            break
        clause.append(t)
        if t.clause_end:
            break
    words = [t.word for t in clause if t.word]
    if not words:
        return False
    lead = words[1:2] if words[0] in ("и", "а", "но") else words[:1]
    if lead and lead[0] in _OWN and not (verbatim and lead[0] == "я"):
        return True
    if verbatim:
        return False
    return any(
        p.pos == "VERB" and "1per" in p.grammemes and "sing" in p.grammemes
        for w in words
        for p in parse(w.removesuffix("-ка"))[:1]  # «проверю-ка»
    )


def heard_mentions(reports_: Sequence[Report], mentions: Sequence[Mention]) -> frozenset[int]:
    """Starts of the mentions a report accounts for: its speaker and the players its words
    name."""
    out: set[int] = set()
    for r in reports_:
        if r.speaker is not None:
            out.add(r.speaker.start)
        out.update(m.start for m in mentions if r.start <= m.start < r.end)
    return frozenset(out)


def declines(tokens: Sequence[Token], found: Sequence[Report]) -> bool:
    """«Не бью сегодня, Дон сказал стреляем»: outside what he reports, the sender says «не»
    to a move word of his own — he tells why he does not move, he asks nothing."""
    for k, t in enumerate(tokens):
        if in_report(found, k) or not t.word:
            continue
        w = lookup(t.word)
        if w is not None and (w.actions or w.visit) and negated_at(tokens, k):
            return True
    return False


def moves_told(found: Sequence[Report], occs: Sequence[Occ]) -> list[Report]:
    """The reports that tell a move: an action word in them, or a verb of asking or
    ordering («Оскар предлагает Бориса»)."""
    return [r for r in found if r.directive or any(r.start <= o.i < r.end for o in occs)]


def in_report(reports_: Sequence[Report], i: int) -> bool:
    return any(r.start <= i < r.end for r in reports_)


def reported_move(
    occs: Sequence[Occ], found: Sequence[Report], tokens: Sequence[Token]
) -> LetterReading:
    """The question for a letter whose only move words are another's told: is it the
    sender's own move? (A host does not take a relayed order for the sender's.)"""
    occ = occs[0]
    first = next(r for r in found if r.start <= occ.i < r.end)
    words = typed(tokens, first.start, first.end, _EDGES)
    who = first.speaker.raw if first.speaker is not None else "другой игрок"
    example = next((EXAMPLE[a] for a in sorted(occ.actions) if a in EXAMPLE), "Ход Ник")
    return question_reading(
        IS_IT_A_MOVE,
        f"Вы пересказываете чужие слова ({who}: «{words}»). Это ваш ход? Если да, "
        f"напишите его от себя, например: «{example}».",
    )


_EDGES: Final = " ,.:;—-–«»\"'“”"
