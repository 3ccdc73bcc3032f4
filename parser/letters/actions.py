"""Action reading: the letter's action and motion words, what each means from the sender's
role, and the players each one takes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from parser.letters.corrections import correcting
from parser.letters.mentions import (
    Mention,
    also_by_name,
    denied_after,
    is_subject,
    mention_after,
    negated_at,
    nick_like,
    part_of_nicks,
    qualified,
    second_person,
    stopword,
)
from parser.letters.modal import governed_infinitive, requested, side_named
from parser.letters.mood import conditional_word
from parser.letters.reading import IS_IT_A_MOVE, LetterReading
from parser.letters.sense import (
    kin_of_object,
    noun_of_other_verb,
    owned_by_thing,
    set_aside,
    thing_in_phrase,
    thing_object,
    thing_of_talk,
)
from parser.letters.tokens import EDGE_MARKS, Token, clause_bounds, clause_of, typed_in_latin
from parser.letters.words import (
    ATTACK_PREPS,
    CANCEL,
    CONTRAST,
    FAMILY,
    GREETING,
    HANDS,
    JOIN,
    NEG,
    NIGHT,
    NO_NEED,
    NOTHING,
    OR,
    PARTIAL_CONFIDENCE,
    PARTIAL_MIN,
    PREP,
    TARGET_LABELS,
    TRANSLIT_CONFIDENCE,
    TWO,
    VISIT_PREPS,
)
from parser.morph import common_word, parse
from parser.nicks import NickResolver
from parser.roles import role_word_of_longer_nick
from parser.sender import SenderView
from parser.vocab import (
    Word,
    lookup,
    role_typo,
    scene_actions,
    ukrainian_false_friend,
    ukrainian_sentence,
)


@dataclass(slots=True)
class Occ:
    """One action (or motion) word of the letter."""

    i: int
    actions: frozenset[str]
    confidence: float
    third: bool = False
    neutral: str = ""  # "visit" | "attack" | "night" for motion words
    targets: list[Mention] = field(default_factory=list)
    alternatives: bool = False  # «A или B», «A и B»: two players where one may be meant
    either: bool = False  # «A или B»: the player hesitates
    executor: Mention | None = None
    cancelled: bool = False  # «Убиваю Гену. Хотя нет, не трогаю никого»
    aimed: bool = False  # «Засада у дома Доктора»: an ambush said with a player after it
    said: frozenset[str] = frozenset()  # what the word itself names, before the role reads it


# -- action words -----------------------------------------------------------------------------


_NOBODY: Final = frozenset({"никого", "никому", "ни"})


def _declines_all(tokens: Sequence[Token]) -> bool:
    """Whether the letter says one of its action words — or, with none in it, any verb of
    its sender's own doing («никого не трогаю», «никого сегодня не обижаю») — with «не» and
    «никого»: no one tonight."""
    return any(
        _declined_for_all(tokens, i)
        for i, t in enumerate(tokens)
        if t.word
        and (
            ((found := lookup(t.word)) is not None and found.actions)
            or (found is None and _own_verb(t.word))
        )
    )


def _own_verb(word: str) -> bool:
    """A verb in the first person of the present or future («трогаю», «трону»): the
    sender's own doing, whatever the verb."""
    top = parse(word)[:1]
    return bool(top) and top[0].pos == "VERB" and "1per" in top[0].grammemes


def _declined_for_all(tokens: Sequence[Token], i: int) -> bool:
    """«никого не режу», «не лечу никого», «ни в кого не стреляю»: the sender's action word
    said with «не» and «никого» in its clause — no one tonight."""
    if not negated_at(tokens, i):
        return False
    a, b = clause_bounds(tokens, i)
    return any(t.word in _NOBODY for t in tokens[a : b + 1])


def _in_ukrainian(tokens: Sequence[Token], i: int) -> bool:
    """Whether the sentence of the word at `i` is written in Ukrainian (a letter Russian
    lacks in one of its words)."""
    sentence = tokens[i].sentence
    return ukrainian_sentence([t.word for t in tokens if t.sentence == sentence])


def _action_word(tokens: Sequence[Token], i: int, own_actions: frozenset[str]) -> Word | None:
    """The vocabulary's reading of the word at `i`; for a word it does not hold and no
    phrase opens there, a slip in one of the role's own action words («лчеу»)."""
    w = lookup(tokens[i].word)
    if w is not None and w.actions and _in_ukrainian(tokens, i):
        # «чекаю звіт комісара»: a Ukrainian word that looks like a Russian action word
        return None if ukrainian_false_friend(tokens[i].word) else w
    if w is not None or not own_actions:
        return w
    nxt = tokens[i + 1].word if i + 1 < len(tokens) else ""
    nxt2 = tokens[i + 2].word if i + 2 < len(tokens) else ""
    if _phrase_occ(tokens, i, nxt, nxt2) is not None:
        return None
    return role_typo(tokens[i].word, own_actions)


def _set_aside(
    w: Word, tokens: Sequence[Token], i: int, in_mention: set[int], players: Sequence[Mention]
) -> bool:
    """An action word that names no move: told in the past, taken back, or said of a thing
    («Проверяю тесто»). A past form in the conditional mood on a living player named in its
    sentence («проверил бы Кота», C-2) is a wish, not a story: kept, so the move is asked
    (`proof._undecided`), never dropped; one on no player («я бы его полечила», of a son)
    names no move."""
    if w.past and not (conditional_word(tokens, i) and _player_in_sentence(tokens, i, players)):
        return True
    return (
        _taken_back(tokens, i)
        or thing_object(tokens, i, in_mention)
        or _noun_after_preposition(tokens, i)
    )


def _noun_after_preposition(tokens: Sequence[Token], i: int) -> bool:
    """«на берегу Оки»: an action word right after a preposition in its clause, where the
    dictionary reads the word both as a verb's form and as a noun («берегу»: беречь, and the
    locative of «берег»), is that noun — a preposition governs no verb (C-2)."""
    if i == 0 or tokens[i - 1].clause_end or tokens[i - 1].sentence != tokens[i].sentence:
        return False
    before = parse(tokens[i - 1].word)[:1] if tokens[i - 1].word else ()
    if not before or before[0].pos != "PREP":
        return False
    readings = parse(tokens[i].word)
    # a verb's form the noun shares («берегу»), not a noun of the move («в засаду», «на
    # проверку»), which a preposition governs as the move's own word
    return any(p.pos == "NOUN" for p in readings) and any(p.pos == "VERB" for p in readings)


def _player_in_sentence(tokens: Sequence[Token], i: int, players: Sequence[Mention]) -> bool:
    sentence = tokens[i].sentence
    return any(
        m.kind == "nick" and not m.gone and tokens[m.start].sentence == sentence for m in players
    )


def occurrences(
    tokens: Sequence[Token],
    mentions: list[Mention],
    questions: set[int],
    own_actions: frozenset[str] = frozenset(),
) -> tuple[list[Occ], bool, list[tuple[int, Mention | None]]]:
    """Action words (not negated, not past, not in questions), whether the letter gives up
    its move, and executor cues (token index, the executor mention when one is found).
    `own_actions`: the sender's role's actions, for a slip of the phone in one of its own
    action words (`parser.vocab.role_typo`)."""
    in_mention = {
        k for m in mentions for k in range(m.start, m.end) if m.kind != "unknown" or m.gone
    }
    occs: list[Occ] = []
    skip = False
    exec_cues: list[tuple[int, Mention | None]] = []
    for i, tok in enumerate(tokens):
        if i in in_mention or tok.sentence in questions or not tok.word:
            continue
        nxt = tokens[i + 1].word if i + 1 < len(tokens) else ""
        nxt2 = tokens[i + 2].word if i + 2 < len(tokens) else ""
        w = _action_word(tokens, i, own_actions)
        if tok.word in HANDS:
            exec_cues.append((i, mention_after(mentions, i, tokens, span=2)))
            continue
        if tok.word == "гости" and i > 0 and tokens[i - 1].word in ("в", "во"):
            occs.append(Occ(i, frozenset(), 1.0, neutral="visit"))
            continue
        if w is None:
            phrase = _phrase_occ(tokens, i, nxt, nxt2)
            if phrase is not None:
                occs.append(phrase)
            continue
        if w.skip and not negated_at(tokens, i):
            skip = True
            continue
        if _set_aside(w, tokens, i, in_mention, mentions):
            continue
        if w.executor:
            exec_cues.append((i, None))
            continue
        if w.call:
            occs.append(Occ(i, frozenset(), w.confidence, w.third, "visit"))
            continue
        if w.visit:
            if nxt in VISIT_PREPS or (nxt in GREETING and nxt2 in VISIT_PREPS):
                occs.append(Occ(i, frozenset(), w.confidence, w.third, "visit"))
            elif nxt in ATTACK_PREPS:
                occs.append(Occ(i, frozenset(), w.confidence, w.third, "attack"))
            continue
        if w.actions:
            occs.append(Occ(i, w.actions, w.confidence, w.third, said=w.actions))
    # «Сегодня никого не режу, пусть Тора поживёт»: the move given up, no other action word
    skip = skip or (not occs and _declines_all(tokens))
    # «ubivayu»: an action word typed in Latin letters is read as its Russian, and as sure
    # as the spelling it was read through (`TRANSLIT_CONFIDENCE`)
    occs = [
        replace(o, confidence=min(o.confidence, TRANSLIT_CONFIDENCE))
        if typed_in_latin(tokens[o.i])
        else o
        for o in occs
    ]
    return occs, skip, exec_cues


def _phrase_occ(tokens: Sequence[Token], i: int, nxt: str, nxt2: str) -> Occ | None:
    """An action said by a phrase, not by one word of the vocabulary: «провожу ночь с X»
    (the invitation), fire aimed at a player (the shot, `_fire`)."""
    word = tokens[i].word
    if word in ("провожу", "проведу", "проводить", "провести") and (nxt in NIGHT or nxt2 in NIGHT):
        return Occ(i, frozenset({"block"}), 1.0)
    if _fire(word, nxt) and not _taken_back(tokens, i) and not _fire_denied(tokens, i):
        return Occ(i, frozenset({"kill"}), 1.0, said=frozenset({"kill"}))
    return None


def _fire(word: str, nxt: str) -> bool:
    """«Накрываю огнём X», «открыть огонь по X», «огонь по X», «пли по X»: fire aimed at a
    player is a shot, whatever verb carries it (the verb may be any: накрыть, открыть,
    поразить). Only fire said as a means (the instrumental «огнём») or aimed («… по X») — not
    «огонь» as praise («игра — огонь»)."""
    if word == "пли":
        return nxt == "по"
    return any(
        r.lemma == "огонь" and ("ablt" in r.grammemes or nxt == "по") for r in parse(word)[:1]
    )


def _fire_denied(tokens: Sequence[Token], i: int) -> bool:
    """«Не открываю огонь по X»: the verb carrying the fire is negated."""
    lead = [t for t in tokens[max(0, i - 3) : i] if t.sentence == tokens[i].sentence]
    while lead and lead[0].clause_end:
        lead = lead[1:]
    return any(t.word in NEG for t in lead)


def _plain_word(tokens: Sequence[Token], m: Mention) -> bool:
    tok = tokens[m.start]
    one = m.end - m.start == 1 and m.kind == "nick"
    return one and tok.raw[:1].islower() and common_word(tok.word)


def _taken_back(tokens: Sequence[Token], i: int) -> bool:
    """The action word at `i` is negated («не лечу», «протект не даю», «лечить не надо»)
    or names what happened («Засада была вчера»), or is a noun of aim or lack after a verb
    of another sense («коплю на засаду», «без убийства»: no move of that kind tonight)."""
    nxt = tokens[i + 1].word if i + 1 < len(tokens) else ""
    nxt2 = tokens[i + 2].word if i + 2 < len(tokens) else ""
    return (
        negated_at(tokens, i)
        or denied_after(tokens, i)
        or _past_clause(tokens, i)
        or (nxt in NEG and nxt2 in NO_NEED)
        # «Отставить проверку», «отмена засады»: the action named only to be taken back
        or (i > 0 and tokens[i - 1].word in CANCEL and not tokens[i - 1].clause_end)
        # «Ходатайствую о проверке X»: the noun a verb of asking governs is the move asked for
        or (noun_of_other_verb(tokens, i) and not requested(tokens, i))
        # «Казнить нельзя», «стрелять сегодня не буду»: an infinitive a modal predicate or
        # the sender's negated intent governs is nobody's act tonight
        or governed_infinitive(tokens, i)
        or side_named(tokens, i)  # «Сторона: защита»: a side in words of the sender's own
    )


def _past_clause(tokens: Sequence[Token], i: int) -> bool:
    """«Засада была вчера»: an action noun in a clause with a past-tense verb or «вчера»
    names what happened, not tonight's move (action verbs carry their own tense)."""
    parses = parse(tokens[i].word)
    if not parses or parses[0].pos != "NOUN":
        return False
    for t in clause_of(tokens, i):
        if t.word in ("вчера", "прошлой", "прошлую"):
            return True
        p = parse(t.word) if t.word else ()
        if p and p[0].pos == "VERB" and "past" in p[0].grammemes:
            return True
    return False


#: the actions a motion word means when the role strikes the player it goes to
STRIKES: Final = frozenset(("kill", "beat", "blast"))


def _infinitive_typed(tok: Token) -> str:
    """The token's word, or its infinitive where Latin typing left out the soft sign
    («pogovorit» → «поговорить»)."""
    if typed_in_latin(tok) and not tok.word.endswith("ь"):
        top = parse(tok.word + "ь")[:1]
        if top and top[0].pos == "INFN" and top[0].known:
            return tok.word + "ь"
    return tok.word


def weigh_purpose(occ: Occ, tokens: Sequence[Token]) -> None:
    """«Подсаживаюсь к X, поговорить о жизни»: a visit the role reads as a strike whose
    stated purpose is no strike proves none — its confidence is nil, so it is asked, never
    read as the kill (C-2, rulings §2)."""
    strike = occ.neutral == "visit" and bool(occ.actions) and occ.actions <= STRIKES
    if strike and purpose_of_talk(tokens, occ.i):
        occ.confidence = 0.0


def talk_not_move(
    allowed: Sequence[str], tokens: Sequence[Token], named: Sequence[Mention]
) -> LetterReading | None:
    """A player named as the goal of a motion («подсаживаюсь к X») with a purpose that is
    no strike, from a role whose one action on him would be a strike: nothing says the
    letter is the move — asked (C-2, rulings §2)."""
    strike = len(allowed) == 1 and allowed[0] in STRIKES
    goals = [m for m in named if _goal_of_motion(tokens, m)]
    if strike and any(
        purpose_of_talk(tokens, m.start) or _infinitive_of_talk(tokens, m) for m in goals
    ):
        return LetterReading(
            code=IS_IT_A_MOVE, text="Не понял, это ход? Напишите ход одной фразой."
        )
    return None


def purpose_of_talk(tokens: Sequence[Token], i: int) -> bool:
    """C-2 (rulings §2): the visit at `i` states a purpose that is no strike — an infinitive
    after it in its clause (a comma or a dash may stand between) that is no action word and
    takes no personal pronoun for its object («подсаживаюсь к X, поговорить о жизни», «иду
    к X, чтобы посидеть»; not «навещает X — отправить её в больницу», an act on him) — and
    no infinitive of an action word stands there («иду к X резать»). A strike is then not
    proven: the motion word only says where he goes."""
    sentence = tokens[i].sentence
    purpose = False
    for j in range(i + 1, len(tokens)):
        tok = tokens[j]
        if tok.sentence != sentence:
            break
        # «зайду к X на чай»: a call in the visit's clause, no strike — unless the sentence
        # says the strike itself («иду к X на чай и убиваю его»)
        if (
            social_call(tokens, j)
            and not any(t.clause_end for t in tokens[i:j])
            and not any(_acts(t) for t in tokens[j:] if t.sentence == sentence)
        ):
            purpose = True
        word = _infinitive_typed(tok) if tok.word else ""
        top = parse(word)[:1] if word else []
        if top and top[0].pos == "INFN":
            w = lookup(word)
            if w is not None and (w.actions or w.visit):
                return False  # «иду к X резать»: the strike is the purpose
            nxt = tokens[j + 1].word if j + 1 < len(tokens) else ""
            on_him = any(r.pos == "NPRO" and "accs" in r.grammemes for r in parse(nxt)[:2])
            if not negated_at(tokens, j) and not on_him:
                purpose = True
        if tok.clause_end and tok.raw.rstrip()[-1:] in ";:.!?":
            break  # «цель — X; … доложить по исполнении»: another clause's infinitive
    return purpose


def _acts(tok: Token) -> bool:
    """The token is an action word of the game said of now («убиваю», «режу»; not «звал»)."""
    found = lookup(tok.word) if tok.word else None
    return found is not None and bool(found.actions) and not found.past


def social_call(tokens: Sequence[Token], j: int) -> bool:
    """«… к X на чай», «на кофе», «на ужин с пирогами»: «на» at `j` before a thing in the
    accusative (an adjective may stand before it) that is no word of the game's vocabulary
    and no thing of a move's scene — the visit's purpose said by a noun, the way a call is
    said (C-2, rulings §2). The strike's own phrases of that shape keep the strike: «на
    прицел» (a scene word), «на тот свет» (not a thing of the dictionary alone), a player
    or a pronoun after «на» (no thing)."""
    if tokens[j].word != "на":
        return False
    for k in range(j + 1, min(j + 3, len(tokens))):
        tok = tokens[k]
        if not tok.word or tok.sentence != tokens[j].sentence:
            return False
        top = parse(tok.word)[:1]
        if not top or not top[0].known:
            return False
        if top[0].pos in ("ADJF", "PRTF") and not tok.clause_end:
            continue  # «на вечерний чай»
        if top[0].pos != "NOUN" or "inan" not in top[0].grammemes:
            return False
        if not any("accs" in r.grammemes for r in parse(tok.word) if r.lemma == top[0].lemma):
            return False
        if tok.raw[:1].isupper() and not (k == 0 or tokens[k - 1].clause_end):
            return False  # a capital inside the sentence: a name, perhaps a player
        return lookup(tok.word) is None and not scene_actions(tok.word)
    return False


def _infinitive_of_talk(tokens: Sequence[Token], m: Mention) -> bool:
    """«Поручаю Тимуру присмотреться к Вике»: the word that governs «к X» is an infinitive
    of no action and no going — what is asked of someone is to turn to him, look at him, talk
    to him: no strike's motion (C-2, rulings §2)."""
    k = m.start - 2
    if k < 0 or tokens[k].sentence != tokens[m.start].sentence or tokens[k].clause_end:
        return False
    word = _infinitive_typed(tokens[k]) if tokens[k].word else ""
    top = parse(word)[:1] if word else []
    if not top or top[0].pos != "INFN" or not top[0].known:
        return False
    w = lookup(word)
    return w is None or not (w.actions or w.visit or w.call)


def verb_toward(tokens: Sequence[Token], m: Mention) -> int | None:
    """«Присматриваюсь к Вике», «Пристаю с расспросами к Вике»: the index of the finite verb
    that governs «к X» (`governing_toward`) when it is neither a word of the game's
    vocabulary nor a verb of going (`going_by_root`) — the player is what the sender turns
    to, looks at or gets used to, no goal of a move (C-2, rulings §2). None when no such
    verb governs him (a verb of going, the game's own word, no verb at all)."""
    k = governing_toward(tokens, m)
    if k is None:
        return None
    found = lookup(tokens[k].word)
    if found is not None and (found.actions or found.visit or found.call):
        return None
    return None if going_by_root(parse(tokens[k].word)[0].lemma) else k


def going_toward(tokens: Sequence[Token], m: Mention) -> bool:
    """«Приезжаю на машине к Антону», «Подкрадываюсь в темноте к Антону»: the player after
    «к» is the goal of a verb of going (`going_by_root`) in the present or the future that
    governs him (`governing_toward`) — the visit rulings §2 reads as the move of a role whose
    one action on a player it can only be, whatever phrase stands between."""
    k = governing_toward(tokens, m)
    if k is None:
        return False
    top = parse(tokens[k].word)[0]
    return "past" not in top.grammemes and going_by_root(top.lemma)


def governing_toward(tokens: Sequence[Token], m: Mention) -> int | None:
    """The index of the finite verb of the clause that governs «к X» at `m` — by the
    sentence's structure, not a window of words: between the verb and «к» may stand
    adverbs, particles, pronouns, a phrase in the instrumental («этой ночью», «тихонько»)
    and whole prepositional phrases, each a preposition with its noun group («с
    расспросами», «по важному делу», «на машине», «с утра»). A noun group no preposition
    opens (the verb's own object: «несу торт к X») or a word the dictionary does not know
    ends the search: None."""
    if not _goal_of_motion(tokens, m):
        return None
    a, _b = clause_bounds(tokens, m.start)
    # the noun group passed since the last preposition: None (none), "ablt" (in the
    # instrumental, which needs no preposition: «этой ночью»), "open" (one a preposition
    # must take)
    group: str | None = None
    for k in range(m.start - 2, a - 1, -1):
        word = tokens[k].word
        if not word:
            return None
        top = parse(word)[:1]
        if not top or not top[0].known:
            return None
        pos, grammemes = top[0].pos, top[0].grammemes
        if pos == "VERB":
            return None if group == "open" else k
        if pos == "PREP":
            if group is None:
                return None  # a preposition with nothing after it but «к X»
            group = None
            continue
        if pos in _GROUP or (pos == "NPRO" and group is not None):
            # a noun by its first reading; its adjective by any («этой ночью»: «ночью» read
            # as the adverb, «этой» has an instrumental among its readings)
            ablt = "ablt" in grammemes or (
                pos != "NOUN" and any("ablt" in r.grammemes for r in parse(word))
            )
            # «этой ночью», «с расспросами» (its preposition still ahead): the instrumental
            group = "ablt" if ablt and group in (None, "ablt") else "open"
            continue
        if pos in _BEFORE_TOWARD:
            if group == "ablt":
                group = None
            continue
        return None
    return None


#: the words of a noun group a preposition takes («по важному делу», «с тремя друзьями»)
_GROUP: Final = frozenset(("NOUN", "ADJF", "PRTF", "NUMR", "ADJS"))


#: the parts of speech that may stand between a verb and its «к X»
_BEFORE_TOWARD: Final = frozenset(("ADVB", "COMP", "PRCL", "NPRO", "INTJ", "PRED"))

#: the infinitives of the Russian verbs of motion (both of each pair, and the stems their
#: prefixed imperfectives take: «подъезжать», «подкрадываться», «заплывать») — the closed
#: grammatical class a verb of going to someone is built on
_MOTION_TAILS: Final = (
    "идти", "йти", "ходить", "ехать", "езжать", "ездить", "бежать", "бегать", "лететь",
    "летать", "плыть", "плывать", "плавать", "ползти", "ползать", "лезть", "лезать",
    "брести", "бродить", "красться", "крадываться", "скакивать", "скочить",
)  # fmt: skip
#: verbal prefixes (with their «о» and «ъ» variants: «подойти», «подъехать»)
_VERB_PREFIXES: Final = frozenset(
    (
        "", "в", "во", "въ", "вы", "вз", "взъ", "до", "за", "из", "изо", "на", "о", "об",
        "обо", "объ", "от", "ото", "отъ", "пере", "по", "под", "подо", "подъ", "при", "про",
        "раз", "разъ", "с", "со", "съ", "у",
    )
)  # fmt: skip


def going_by_root(lemma: str) -> bool:
    """Whether the verb of `lemma` is a verb of going: a verbal prefix (or none) and the
    root of a Russian verb of motion («подкрадываться», «приезжать», «подплывать»; not
    «приглядываться», «привыкать») — built on the closed class, not listed phrase by phrase."""
    lemma = lemma.replace("ё", "е")
    forms = (lemma, lemma[:-2]) if lemma.endswith(("ся", "сь")) else (lemma,)
    return any(
        form.endswith(tail) and form[: -len(tail)] in _VERB_PREFIXES
        for form in forms
        for tail in _MOTION_TAILS
    )


def _goal_of_motion(tokens: Sequence[Token], m: Mention) -> bool:
    """«… к Анне Ильиничне»: the player named after «к», the goal of a motion."""
    return m.start > 0 and tokens[m.start - 1].word in ("к", "ко")


def role_actions_for(occ: Occ, view: SenderView) -> frozenset[str]:
    """What this word means coming from this sender."""
    mine = frozenset(view.moving_actions())
    if occ.neutral:
        if not view.known:
            return frozenset({"block"}) if occ.neutral == "visit" else frozenset({"kill"})
        if occ.neutral == "attack":
            hit = mine & {"kill", "beat", "blast"}
            return hit or mine
        if "block" in mine:
            return frozenset({"block"})
        return mine - {"ambush", "army"} if len(mine) > 1 else mine
    if not view.known:
        return occ.actions
    if occ.actions & mine:
        return occ.actions & mine
    # «Ниндзя бьёт Марго»: a word of the same kind as the role's only such action means it
    kin = frozenset().union(*(FAMILY.get(a, frozenset({a})) for a in occ.actions)) & mine
    return kin if len(kin) == 1 else occ.actions


def _without_signature(
    after: list[Mention], tokens: Sequence[Token], occ_i: int, me: str
) -> list[Mention]:
    """The mentions after an action word without the sender's own nick where it is a
    signature («--\nБорис, ваш доктор») or the sender speaking of himself («Енот идёт на
    дело»): his nick counts only when it follows the action word (or a kept target) at once."""
    kept: list[Mention] = []
    for m in after:
        if m.nick == me and m.kind != "self":
            prev_end = kept[-1].end if kept else occ_i + 1
            gap = tokens[prev_end - 1 : m.start]
            close = all(
                t.word in JOIN or t.word in PREP or not t.word for t in gap[1:]
            ) and not any(t.clause_end and not t.raw.endswith((",", ":")) for t in gap)
            if not close:
                continue
        kept.append(m)
    return kept


def _before_contrast(after: list[Mention], tokens: Sequence[Token]) -> list[Mention]:
    """«Проверяю Палача, а Яна проверю завтра»: once the action word has its player, a
    clause opened by «а»/«но» speaks of someone else. («Лечу не Катю, а Ефима» keeps Ефим:
    the player before the «а» was denied.)"""
    kept: list[Mention] = []
    for m in after:
        if kept:
            gap = tokens[kept[-1].end - 1 : m.start]
            opens = any(
                t.clause_end and k + 1 < len(gap) and gap[k + 1].word in CONTRAST | {"а"}
                for k, t in enumerate(gap)
            )
            if opens:
                break
        kept.append(m)
    return kept


def _unique_mentions(after: list[Mention]) -> list[Mention]:
    """Each nick once, first place kept («Проверяю Ольгу, Ольгу, Ольгу!»); mentions without
    a nick (pronouns, unknown words) all stay."""
    seen: set[str] = set()
    unique: list[Mention] = []
    for m in after:
        if m.nick is None or m.nick not in seen:
            unique.append(m)
            seen.add(m.nick or "")
    return unique


def bind(
    occ: Occ,
    mentions: list[Mention],
    tokens: Sequence[Token],
    asked: set[int],  # the sentences that ask (`question_sentences`)
    nxt_i: int,
    prev_i: int,
    taken: set[int],
    me: str,
    resolver: NickResolver,
) -> None:
    sentence = tokens[occ.i].sentence
    after = [
        m
        for m in mentions
        if occ.i < m.start < nxt_i and tokens[m.start].sentence == sentence and not m.negated
    ]
    after = _without_signature(after, tokens, occ.i, me)
    after = _before_contrast(after, tokens)
    if any(m.kind == "nick" and not _plain_word(tokens, m) for m in after):
        # «Жульена на шампур»: a lower-case thing after a preposition, beside a player
        # written as one, is the phrase's thing, no second player (C-3)
        after = [m for m in after if not (_plain_word(tokens, m) and thing_in_phrase(tokens, m))]
    talk = [m for m in after if thing_of_talk(tokens, m, mentions)]
    if (
        talk
        and len(talk) == len(after)
        and any(
            m.kind == "nick" and not m.negated and m.nick != t.nick and m not in talk
            for m in mentions
            for t in talk
        )
    ):
        # «Проверяю фокус на новом полтиннике. Проверка — Нина»: a lower-case word the
        # letter speaks of as a thing is no player of the move beside a player named as one
        # in another sentence (C-3); alone, or beside a player of its own sentence, it stays,
        # and the proof asks about it
        after = []
    if not after:
        # «Проверка:» at a line's end and the nick on the next line (a sentence on its own)
        rest = [
            t
            for t in tokens[occ.i + 1 : nxt_i]
            if t.word and t.sentence == sentence and t.word not in NOTHING
        ]
        # … when the action word stands nearly alone or the next sentence is hardly more
        # than the nick («Кого бы проверить... Маша!»): «Долго думал, кого проверить. Вчера
        # Ветер странно голосовал» tells a story, and its players are not targets
        filler = NOTHING | GREETING
        lead = [t for t in tokens[: occ.i] if t.sentence == sentence and t.word not in filler]
        named = {k for m in mentions for k in range(m.start, m.end)}
        # «Лечу. Кого? Ночь!»: a question the player asks himself is stepped over
        following = sentence + 1
        while following in asked:
            following += 1
        then = [
            t
            for k, t in enumerate(tokens[occ.i + 1 :], occ.i + 1)
            if t.sentence == following and k not in named and t.word and t.word not in filler
        ]
        if not rest and (len([t for t in lead if t.word]) <= 1 or len(then) <= 1):
            after = [
                m
                for m in mentions
                if occ.i < m.start < nxt_i
                and tokens[m.start].sentence == following
                and not m.negated
            ][:2]
    after = _unique_mentions(after)
    # «Лечу Марфу в Кедровке»: a player in a phrase of place or source beside the first
    # player is none of the move's (C-2)
    after = after[:1] + [m for m in after[1:] if not set_aside(tokens, m)]
    # «Лечу Вику, бабушку Лены»: the kin of the first player's apposition is none either
    after = after[:1] + [m for m in after[1:] if not kin_of_object(tokens, m, after[0].end)]
    # «Убиваем Ветра, Лето сделает»: a player doing something himself is not a second target
    after = after[:1] + [m for m in after[1:] if not is_subject(tokens, m)]
    if any(m.kind == "nick" for m in after):
        # a word taken for an unknown nick («Армия Тьмы: …») gives way to real nicks
        after = [m for m in after if m.kind != "unknown"]
    if len(after) > 1 and any(correcting(tokens, k) for k in range(after[0].end, after[1].start)):
        after = after[1:]  # «Убиваю Оскара — нет, стоп, сначала Полину»: the second replaces
    if after:
        occ.targets = after[:2]
        if len(after) > 1:
            second = after[1]
            between = [t.word for t in tokens[after[0].end : second.start] if t.word]
            # «A или B», «A и B», «A, B» for a one-target action: which one is meant?
            occ.either = bool(set(between) & OR)
            occ.alternatives = second.kind in ("nick", "ambiguous", "self") and (
                all(w in JOIN for w in between) or occ.either
            )
        return
    before = [
        m
        for m in mentions
        if prev_i < m.start
        and m.end <= occ.i
        and tokens[m.start].sentence == sentence
        and not m.negated
        and (m.nick != me or m.kind == "self")
        # «С утра думал, кого проверить» with a player Утро: a word in lower case before
        # the action word is the word, not the player it names
        and not _plain_word(tokens, m)
        # «а торт Егора пусть сам режет»: the owner of the verb's thing put first is none
        # of its players (C-2)
        and not owned_by_thing(tokens, m)
    ]
    if before:
        # «1) Ефим 2) Борис — это протекты»: a two-target word takes two from before
        two = bool(occ.actions & {"protect", "army"})
        occ.targets = before[-2:] if two else before[-1:]
        return
    labelled = _labelled_line_target(occ, mentions, tokens, prev_i) or _named_line_target(
        occ, mentions, tokens, prev_i, me
    )
    if labelled is not None:
        occ.targets = [labelled]
        return
    # nothing resolved: the first nick-looking word after the action word is reported
    reported = _first_nick_like(occ, tokens, nxt_i, taken, me, resolver)
    if reported is not None:
        occ.targets = [reported]


def _first_nick_like(
    occ: Occ,
    tokens: Sequence[Token],
    nxt_i: int,
    taken: set[int],
    me: str,
    resolver: NickResolver,
) -> Mention | None:
    """The first nick-looking word after the action word in its sentence, when no player was
    read for it: a part of exactly one longer nick, or an unknown nick to ask about."""
    sentence = tokens[occ.i].sentence
    for k in range(occ.i + 1, min(nxt_i, len(tokens))):
        t = tokens[k]
        if t.sentence != sentence or k in taken:
            return None
        if not t.word or stopword(t.word) or t.word in GREETING:
            continue
        if common_word(t.word) and t.raw[:1].islower() and qualified(tokens, k):
            return None  # «убиваю шершня у летка»: the word, placed by a thing (C-3)
        # «убить волка»: an ordinary word right after the action word may still be one word
        # of a longer nick (Серый Волк) when it is of exactly one
        part = resolver.resolve_strict(t.raw, ("partial_inflected",))
        if part is not None and part.ok and sum(c.isalpha() for c in t.raw) >= PARTIAL_MIN:
            raw = t.raw.strip(EDGE_MARKS)
            if part.nick is not None and role_word_of_longer_nick(raw, part.nick):
                # «Убиваем комиссара» with Комиссар Ярмарки: the role, asked (C-3)
                return Mention(k, k + 1, raw, "unknown", candidates=(part.nick,))
            found = Mention(k, k + 1, raw, "nick", part.nick, PARTIAL_CONFIDENCE)
            # «Взрываю папу»: weighed against every nick the word can be (C-3)
            return second_person(tokens, also_by_name(tokens, found, resolver, me))
        by_part = part_of_nicks(tokens, k, resolver)
        if by_part is not None:
            return by_part
        first = k == 0 or tokens[k - 1].sentence != t.sentence
        if nick_like(t, first) or (t.raw[:1].isupper() and not common_word(t.word)):
            return Mention(k, k + 1, t.raw.strip(EDGE_MARKS), "unknown")
        return None
    return None


#: words that join two verbs sharing one object («Избиваю и убиваю Метель»)
_VERB_JOIN: Final = frozenset({"и", "или", "либо", "да", "and", "or"})


def coordinated(occs: list[Occ], tokens: Sequence[Token]) -> list[Occ]:
    """«Избиваю и убиваю Метель»: two action words joined by «и»/«или» share the object of
    the second, so the first adds its actions to it — the letter then names two moves for
    one player and is asked which (C-2; P-M.11 never allows a beating and a shot together),
    never read as the second alone with the first dropped for want of a target."""
    out: list[Occ] = []
    for n, occ in enumerate(occs):
        nxt = occs[n + 1] if n + 1 < len(occs) else None
        if (
            nxt is not None
            and not occ.targets
            and occ.actions
            and nxt.actions
            and occ.actions != {"ambush"}
            and tokens[occ.i].sentence == tokens[nxt.i].sentence
            and not tokens[occ.i].clause_end
            and (between := [t for t in tokens[occ.i + 1 : nxt.i] if t.word])
            and all(t.word in _VERB_JOIN and not t.clause_end for t in between)
        ):
            nxt.actions = nxt.actions | occ.actions
            continue
        out.append(occ)
    return out


_DASHES: Final = frozenset({"—", "–", "-", "--"})


def _labelled_line_target(
    occ: Occ, mentions: list[Mention], tokens: Sequence[Token], prev_i: int
) -> Mention | None:
    """«Объект на сегодня — Скиф. Проверка.», «Цель номер два — Штык. Проверить.»: an action
    word that is a sentence on its own takes the one player of the sentence just before it
    when that sentence is a labelled report line — a label word, then a dash or a colon, then
    that player ending it (C-2: the label and the order read as one move). A sentence that
    tells anything else about a player is no such line."""
    sentence = tokens[occ.i].sentence
    alone = [t for t in tokens if t.sentence == sentence and t.word and t.word not in NOTHING]
    if len(alone) != 1 or sentence == 0:
        return None
    line = [(k, t) for k, t in enumerate(tokens) if t.sentence == sentence - 1 and k > prev_i]
    if not line:
        return None
    label = next((n for n, (_k, t) in enumerate(line) if t.word in TARGET_LABELS), None)
    if label is None:
        return None
    mark = next(
        (
            n
            for n, (_k, t) in enumerate(line[label:], label)
            if t.raw in _DASHES or t.raw.endswith(":")
        ),
        None,
    )
    if mark is None:
        return None
    after = line[mark][0] + (0 if line[mark][1].raw in _DASHES else 1)
    found = [
        m
        for m in mentions
        if m.start > after - 1 and tokens[m.start].sentence == sentence - 1 and not m.negated
    ]
    last = line[-1][0]
    if len(found) != 1 or found[0].kind != "nick" or found[0].end - 1 != last:
        return None
    return found[0]


def _named_line_target(
    occ: Occ, mentions: list[Mention], tokens: Sequence[Token], prev_i: int, me: str
) -> Mention | None:
    """«Шах и мат, Блик! Убиваю.», «Рыжий. Проверка.»: an action word that is a sentence on
    its own takes the one player of the sentence just before it when that sentence is a
    nominal line ending on him — no verb in it (nothing it tells him doing or done to), no
    greeting or thanks (an address before a move of no target), no negation, no question —
    so that the two sentences read as one «X — убиваю» (C-2). Any other player named in the
    line, a verb in it, or another action word since leaves the action without a target."""
    sentence = tokens[occ.i].sentence
    alone = [t for t in tokens if t.sentence == sentence and t.word and t.word not in NOTHING]
    if len(alone) != 1 or sentence == 0:
        return None
    line = [(k, t) for k, t in enumerate(tokens) if t.sentence == sentence - 1]
    if not line or line[0][0] <= prev_i or line[-1][1].raw.rstrip("»\"')]").endswith("?"):
        return None
    found = [m for m in mentions if tokens[m.start].sentence == sentence - 1]
    # «Шах и мат …» from Шах: the sender's own nick as a word of the line is no player in it
    mine = {k for m in found if m.nick == me for k in range(m.start, m.end)}
    found = [m for m in found if m.nick != me]
    if len(found) != 1 or found[0].kind != "nick" or found[0].negated:
        return None
    own = {*range(found[0].start, found[0].end), *mine}
    if found[0].end - 1 != line[-1][0]:
        return None  # the player does not end the line: «Блик ходит конём.»
    for k, t in line:
        if k in own or not t.word:
            continue
        if t.word in GREETING or t.word in NEG or lookup(t.word) is not None:
            return None
        if any(p.pos in ("VERB", "INFN", "PRTS", "GRND") for p in parse(t.word)[:1]):
            return None
    return found[0]


def reading_key(occ: Occ) -> tuple[frozenset[str], tuple[str | None, ...]]:
    return occ.actions, tuple(m.nick or m.raw for m in occ.targets[: width_of(occ)])


def width_of(occ: Occ) -> int:
    return max((TWO.get(a, 1) for a in occ.actions), default=1)
