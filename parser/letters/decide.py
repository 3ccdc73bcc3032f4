"""Deciding between readings: corrections, contrast, deferral, pleas, fallbacks; the one
move left, or a question."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Final

from engine.words_ru import ACTION_WORDS
from parser.correction import correction_lemma
from parser.letters.actions import Occ, reading_key, width_of
from parser.letters.conditions import void_branch
from parser.letters.corrections import correcting
from parser.letters.executor import executor_confidence, executor_question
from parser.letters.mentions import Mention, believed, is_subject, remark, taken_back_marks
from parser.letters.mood import conditional_at, conditional_word
from parser.letters.promised import THEN, dash_clause, put_off
from parser.letters.proof import bare_act, redo_word
from parser.letters.questions import (
    actions_ru,
    bad_target,
    confident,
    question_reading,
    targets_raw,
)
from parser.letters.reading import (
    EXAMPLE,
    NO_TARGET,
    UNPARSED,
    WHICH_ACTION,
    WHICH_TARGET,
    LetterReading,
)
from parser.letters.sense import antecedent_in_other_sense, possessive_pronoun
from parser.letters.tokens import EDGE_MARKS, Token, clause_of
from parser.letters.words import (
    ASKING,
    CANCEL,
    CHOICE,
    CHOOSING_LEMMAS,
    CONTRAST,
    IF,
    INFERRED_CONFIDENCE,
    LATER,
    NEG,
    RESTATING,
    SECOND,
    TWO,
    ws,
)
from parser.morph import parse, pronoun_gender
from parser.nameforms import name_genders
from parser.sender import SenderView
from parser.vocab import SETTLED, lookup, undecided_words


def second_thoughts(
    occ: Occ, mentions: list[Mention], tokens: Sequence[Token], occs: list[Occ], me: str
) -> LetterReading | None:
    """Players named after the reading and bound to no action word: «Второй: Павел» adds
    the second protect; «если не получится — тогда Жанну» is a fallback the bot cannot
    keep, so the player is asked (module docstring, 8.)."""
    bound = {m.start for o in occs for m in o.targets}
    loose = [
        m
        for m in mentions
        if m.start > occ.i
        and m.start not in bound
        and m.kind in ("nick", "self")
        and not m.negated
        and m.nick not in {t.nick for t in occ.targets}
        and not put_off(tokens, m)  # «…, Боба завтра, если доживу»: not tonight's
        # «…, если бы не Сивый»: named under a might-have, no choice (`mood.conditional_at`)
        and not conditional_at(tokens, m.start, m.end)
    ]
    for m in loose:
        before = {t.word for t in tokens[max(0, m.start - 3) : m.start]}
        if width_of(occ) == 2 and len(occ.targets) == 1 and before & SECOND:
            # «Протект Бруно, а второй себе»: the second one is his too, even on himself
            # (the proof then refuses that half by P-M.6, never drops it in silence)
            occ.targets = [*occ.targets, m]
            continue
        if m.nick == me:
            continue
        sentence = {t.word for t in tokens if t.sentence == tokens[m.start].sentence}
        # «Режу Кинга; если Кинг уже в тюрьме — тогда Феникса» with Кинг living: the
        # fallback the cast rules out is no second choice
        void = void_branch(tokens, m.start, occ.i, mentions)
        if sentence & IF and occ.targets and not void:
            return question_reading(
                WHICH_TARGET,
                f"Кого из двух: {occ.targets[0].raw} или {m.raw}? Ход с условием бот "
                "выполнить не может — пришлите, пожалуйста, один ник.",
            )
    return None


def is_called_off(tokens: Sequence[Token], occ: Occ) -> bool:
    """«Хочу убить Катю, но не сегодня»: «но не» later in the sentence takes it back; «а Яна
    проверю завтра»: a word for a later night in the reading's own clause puts it off."""
    sentence = tokens[occ.i].sentence
    rest = [t.word for t in tokens[occ.i + 1 :] if t.sentence == sentence and t.word]
    # not «…, но это не точно», «но не уверен»: a doubt, which the proof asks about
    if any(
        w in CONTRAST and "не" in rest[k + 1 : k + 3] and not _unsure_after_not(rest[k + 1 : k + 4])
        for k, w in enumerate(rest)
    ):
        return True
    # «кикнуть бы Boomkin_13, но это после рейда», «…, но завтра»: «но» and a later time after
    # it in the sentence put the move off to then (M7)
    if any(w in CONTRAST and _later_after(rest[k + 1 :]) for k, w in enumerate(rest)):
        return True
    clause = [t.word for t in clause_of(tokens, occ.i)]
    if any(a == "другой" and b == "раз" for a, b in pairwise(clause)):
        return True  # «Засада — в другой раз»
    # «Убиваю Рокета — Боба потом»: after a dash the later night is another player's
    own = dash_clause(tokens, occ.i, occ.i + 1)
    later = [n for n, t in enumerate(own) if t.word in LATER]
    if later and all(own[n].word in THEN for n in later) and own[later[0]] is not own[-1]:
        # «проверяю тараса потом ульяну»: «потом» after the move's player opens the next
        # player's part of the same clause, not the move's later night (`promised.deferred_in`)
        return next(k for k, t in enumerate(tokens) if t is own[later[0]]) < occ.i
    return bool(later)


def _later_after(words: Sequence[str]) -> bool:
    """The words after «но» up to a few on: a word of a later night («завтра», «потом»), or
    «после» and a noun in the genitive (an event the move waits for: «после рейда»)."""
    near = list(words[:4])
    if any(w in LATER for w in near):
        return True
    return any(
        a == "после" and any(p.pos == "NOUN" and "gent" in p.grammemes for p in parse(b)[:1])
        for a, b in pairwise(near)
    )


def _unsure_after_not(words: Sequence[str]) -> bool:
    """«не точно», «не уверен», «не знаю» among `words`: «не» saying a doubt."""
    unsure = undecided_words() | {"знаю"}
    return any(a == "не" and b in unsure for a, b in pairwise(words))


def is_plea(tokens: Sequence[Token], occ: Occ) -> bool:
    """An imperative action word («убейте», «проверьте») aimed at the sender himself."""
    if not occ.targets or any(m.kind != "self" for m in occ.targets):
        return False
    parses = parse(tokens[occ.i].word)
    return bool(parses) and "impr" in parses[0].grammemes


def resolve_pronouns(
    readings: list[Occ],
    tokens: Sequence[Token],
    mentions: Sequence[Mention] = (),
    me: str = "",
    own: frozenset[str] = frozenset(),
    everyone: Sequence[Mention] | None = None,
) -> list[Occ]:
    """«Лёня, иди к Ефиму и убей его»: a pronoun in the sentence of a reading that named a
    player is that player, so its reading adds nothing — unless its action is another of the
    sender's `own` actions than that reading's («Избиваю X и убиваю его»: a second move on
    him, `two_own_actions`), when it is kept with that player. A pronoun with nobody named
    before it in its sentence stays a question (module docstring, 3.) — unless the scene
    goes on from the sentence before (`_scene_antecedent`), or the letter names one player
    before it who can be its antecedent (`_sole_antecedent`: `everyone` holds every player
    named, questions and executors included, each another antecedent it may point to)."""
    every = mentions if everyone is None else everyone
    out: list[Occ] = []
    replaced: dict[int, Occ] = {}
    for occ in readings:
        if occ.targets and occ.targets[0].kind == "pronoun":
            sentence = tokens[occ.i].sentence
            named = [
                o
                for o in readings
                if o is not occ
                and o.i < occ.i
                and tokens[o.i].sentence == sentence
                and o.targets
                and o.targets[0].kind == "nick"
            ]
            if named and _another_own_action(named[-1], occ, own):
                out.append(replace(occ, targets=[named[-1].targets[0]]))
                continue
            if named:
                continue
            visit = _scene_antecedent(occ, readings, tokens, mentions, me)
            if visit is not None:
                # the visit and the deed are one move: the deed's action on the visited
                replaced[visit.i] = replace(occ, targets=[visit.targets[0]])
                continue
            said = (
                _said_before(occ, tokens, mentions, me)
                or _named_in_condition(occ, tokens, mentions, me)
                or _sole_antecedent(occ, readings, tokens, every, me)
            )
            if said is not None:
                occ = replace(
                    occ, targets=[said, *occ.targets[1:]]
                )  # «… на Голкипера. В смысле убиваю его»
        elif not occ.targets:
            # «Отправляю Бориса в долгий сон. То есть убиваю.»: the act restated, no object
            carried = _restated_without_object(occ, readings, tokens, every, me)
            if carried is not None:
                occ = replace(occ, targets=[carried])
        out.append(occ)
    return [replaced.get(o.i, o) for o in out]


def _scene_antecedent(
    occ: Occ, readings: list[Occ], tokens: Sequence[Token], mentions: Sequence[Mention], me: str
) -> Occ | None:
    """«Жора тихо заходит к Пете домой, пока Маша спит за стенкой. режет его и уходит»: a
    deed on a pronoun right after a sentence where the sender goes to one player (a visit
    with no action of its own) is done to that player, when he is the only player named
    since the visit, besides the sender, in the pronoun's gender (by the dictionary's
    nominative of each nick; a player of no known gender may be meant). An opinion or an executor
    named before a pronoun («Думаю, Рома мафия. Проверяю его.») is no visit: still asked."""
    # «займусь им»: a form the plural shares stands for the one player here
    gender = pronoun_gender(tokens[occ.targets[0].start].word, plural=True)
    if gender is None:
        return None
    sentence = tokens[occ.i].sentence
    visits = [
        o
        for o in readings
        if o.neutral == "visit"
        and o.i < occ.i
        and tokens[o.i].sentence == sentence - 1
        and len(o.targets) == 1
        and o.targets[0].kind == "nick"
    ]
    if len(visits) != 1:
        return None
    visit = visits[0]
    between = [
        m
        for m in mentions
        if visit.targets[0].start < m.start < occ.targets[0].start and m.nick != me
    ]
    if any(
        m.kind != "nick" or gender in _genders(m.nick or "") or not _genders(m.nick or "")
        for m in between
    ):
        return None  # another player who may be meant, or one of no gender the dictionary knows
    if gender not in _genders(visit.targets[0].nick or ""):
        return None
    return visit


def _said_before(
    occ: Occ, tokens: Sequence[Token], mentions: Sequence[Mention], me: str
) -> Mention | None:
    """The player a pronoun right after the sender's words of another sense points back
    to: «Ставлю всё на Голкипера. В смысле убиваю его.» — the only player named from the
    sentence before the pronoun's on, the object of a verb of another sense there
    (`sense.antecedent_in_other_sense`), and of the pronoun's gender wherever the dictionary
    gives the nick's word one. Anyone else named in that span leaves it a question."""
    pronoun = occ.targets[0]
    gender = pronoun_gender(tokens[pronoun.start].word, plural=True)
    if gender is None:
        return None
    first = tokens[pronoun.start].sentence - 1
    span = [
        m
        for m in mentions
        if m.start < pronoun.start and tokens[m.start].sentence >= first and m.nick != me
    ]
    if len(span) != 1 or span[0].kind != "nick" or span[0].negated:
        return None
    found = span[0]
    if not antecedent_in_other_sense(tokens, found) or _thing_word(tokens, found, gender):
        return None
    if _common_noun_written(tokens, found, gender):
        return None  # «Перевожу ерша в карантин, лечу его там»: the fish as likely as Ёрш
    genders = _word_genders(found.nick or "")
    return found if not genders or gender in genders else None


def _sole_antecedent(
    occ: Occ,
    readings: Sequence[Occ],
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    me: str,
) -> Mention | None:
    """C-3: «Степан сегодня кашлял. Лечу его.», «Нина мутная. её проверяю»: a third-person
    singular pronoun as the move's object points back to the one player the letter names
    before it — when he is its only possible antecedent: nobody else (player, unknown name,
    the dead) is named before the pronoun, besides the sender; he agrees with it in gender
    wherever the dictionary gives his nick one; no animate noun of that gender and number
    stands between them («Степан подобрал кота. Лечу его»: the cat may be meant); he is
    named plainly, neither negated nor the player of another of the letter's action words
    («Ирму убью завтра. Сегодня убиваю её»: put off, tonight's is another); and the pronoun
    is no possessive before a noun («лечу его жену»). Anything else stays a question."""
    pronoun = occ.targets[0]
    gender = pronoun_gender(tokens[pronoun.start].word, plural=True)
    if gender is None and _plural_pronoun(tokens[pronoun.start].word):
        return _plural_antecedent(occ, readings, tokens, mentions, me)
    if gender is None or possessive_pronoun(tokens, pronoun):
        return None
    found = _one_player_before(mentions, pronoun.start, me)
    if found is None:
        return None
    if _thing_word(tokens, found, gender) or _object_of_another_move(found, occ, readings):
        return None
    if _common_noun_written(tokens, found, gender):
        return None  # «кот подозрительный, его и проверяю»: a cat as likely as Кот
    genders = _word_genders(found.nick or "") | _genders(found.nick or "")
    if genders and gender not in genders:
        return None
    if _person_between(tokens, found.end, pronoun.start, gender, mentions):
        return None
    return found


def _plural_pronoun(word: str) -> bool:
    """«их», «них», «ними»: a third-person pronoun every reading of which the dictionary
    gives as a personal pronoun is plural."""
    readings = [r for r in parse(word.casefold()) if r.pos == "NPRO"]
    return bool(readings) and all({"3per", "plur"} <= r.grammemes for r in readings)


def _plural_antecedent(
    occ: Occ,
    readings: Sequence[Occ],
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    me: str,
) -> Mention | None:
    """C-3: «Весы странно голосуют, проверяю их»: a plural pronoun as the move's object
    points back to the one player the letter names before it (the sender aside) when his
    nick is a plural noun — every reading the dictionary gives its word in the nominative
    is plural (Весы, Рыбы) — he is no other move's player, nothing joins him to others
    («Весы и мафия», «с друзьями») and no plural noun («маньяков», «документы») stands
    between them. A possessive («их лидера») and anything else stay a question."""
    pronoun = occ.targets[0]
    if possessive_pronoun(tokens, pronoun):
        return None
    found = _one_player_before(mentions, pronoun.start, me)
    if found is None or _object_of_another_move(found, occ, readings):
        return None
    nick = (found.nick or "").casefold().replace("ё", "е")
    nominative = [r for r in parse(nick) if r.pos == "NOUN" and "nomn" in r.grammemes]
    if " " in nick or not nominative or any("plur" not in r.grammemes for r in nominative):
        return None
    if found.start > 0 and tokens[found.start - 1].word in _JOINING:
        return None  # «Мафия и Весы …»: a group the pronoun may mean
    taken = {k for m in mentions for k in range(m.start, m.end)}
    for k in range(found.end, pronoun.start):
        if tokens[k].word in _JOINING:
            return None  # «Весы и мафия, убиваю их»: the pair, not Весы alone
        first = parse(tokens[k].word)[:1] if tokens[k].word and k not in taken else []
        if first and first[0].pos == "NOUN" and "plur" in first[0].grammemes:
            return None  # «Весы боятся маньяков», «… прячут документы»: they may be meant
    return found


#: words joining the player to others, whom a plural pronoun may mean with him
_JOINING: Final = frozenset({"и", "с", "со", "да", "или", "либо", "вместе", "оба", "обе"})


def _one_player_before(mentions: Sequence[Mention], at: int, me: str) -> Mention | None:
    """The one player the letter names before token `at` (the sender and pronouns aside),
    when he is named as a nick, plainly — neither negated nor gone; None otherwise."""
    before = [
        m for m in mentions if m.start < at and m.kind not in ("self", "pronoun") and m.nick != me
    ]
    if len(before) != 1 or before[0].kind != "nick" or before[0].negated or before[0].gone:
        return None
    return before[0]


def _restated_without_object(
    occ: Occ,
    readings: Sequence[Occ],
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    me: str,
) -> Mention | None:
    """C-3: «Отправляю Бориса в долгий сон. Навсегда. То есть убиваю.», «Присмотрю за
    Ульяной. В смысле лечу.»: an action word with no object, in a sentence after the one
    player the letter names — and him the object of the sender's verb of another sense
    (`sense.antecedent_in_other_sense`), what the bare action word restates in the game's
    words. A player named otherwise (the subject, a past move of the game's own words, two
    players) leaves the move without a player: asked."""
    sentence = tokens[occ.i].sentence
    if any(tokens[m.start].sentence == sentence for m in mentions) or not bare_act(tokens, occ.i):
        return None
    found = _one_player_before(mentions, occ.i, me)
    if found is None or tokens[found.start].sentence >= sentence:
        return None
    if _object_of_another_move(found, occ, readings):
        return None
    return found if antecedent_in_other_sense(tokens, found) else None


def _common_noun_written(tokens: Sequence[Token], m: Mention, gender: str) -> bool:
    """The player named by one lower-case word the dictionary knows as an ordinary noun of
    the pronoun's gender (no name): that noun, a creature or a thing, may be what the
    pronoun points back to as well as the player whose nick it equals (C-3)."""
    raw = tokens[m.start].raw.strip(EDGE_MARKS)
    if m.end - m.start != 1 or not raw[:1].islower():
        return False
    return any(
        r.known
        and r.pos == "NOUN"
        and "sing" in r.grammemes
        and gender in r.grammemes
        and not r.grammemes & _PERSONAL_NOUN
        for r in parse(tokens[m.start].word)
    )


def _object_of_another_move(found: Mention, occ: Occ, readings: Sequence[Occ]) -> bool:
    """Whether the player is the object of another of the letter's action words."""
    return any(o is not occ and any(t.start == found.start for t in o.targets) for o in readings)


def _person_between(
    tokens: Sequence[Token], a: int, b: int, gender: str, mentions: Sequence[Mention]
) -> bool:
    """An animate singular noun of `gender` (no player's nick) between tokens `a` and `b`:
    another antecedent a pronoun of that gender may point back to («кота», «сосед»)."""
    taken = {k for m in mentions for k in range(m.start, m.end)}
    for k in range(a, b):
        if k in taken or not tokens[k].word:
            continue
        # the dictionary's likeliest reading: «уже» is an adverb, not the snake's case
        first = parse(tokens[k].word)[:1]
        if first and first[0].pos == "NOUN" and {"anim", "sing", gender} <= first[0].grammemes:
            return True
    return False


def _named_in_condition(
    occ: Occ, tokens: Sequence[Token], mentions: Sequence[Mention], me: str
) -> Mention | None:
    """«Если Начкар жив — убиваю его»: the pronoun's sentence opens with a condition that
    names one player, of the pronoun's gender where the dictionary gives his nick one, and
    nobody else is named before the pronoun in the letter — the pronoun is him (C-3). The
    condition itself is weighed by the proof (settled by the cast or asked), as when the
    nick stands in place of the pronoun."""
    pronoun = occ.targets[0]
    gender = pronoun_gender(tokens[pronoun.start].word, plural=True)
    if gender is None:
        return None
    sentence = tokens[pronoun.start].sentence
    opening = next((t for t in tokens if t.sentence == sentence and t.word), None)
    if opening is None or opening.word != "если":
        return None
    before = [m for m in mentions if m.start < pronoun.start and m.nick != me]
    if len(before) != 1 or before[0].kind != "nick" or before[0].negated:
        return None
    found = before[0]
    if tokens[found.start].sentence != sentence or _thing_word(tokens, found, gender):
        return None
    genders = _word_genders(found.nick or "") | _genders(found.nick or "")
    return found if not genders or gender in genders else None


def _thing_word(tokens: Sequence[Token], m: Mention, gender: str) -> bool:
    """C-3: whether the pronoun's antecedent is a thing, not the player whose nick it
    equals: the word written in lower case, and every reading the dictionary gives it in
    the pronoun's gender and the singular an inanimate common noun («сбиваю пламя с каски,
    лечу её»: a helmet's «её», not Каска's). A pronoun points back to the nearest noun of its
    gender and number; a lower-case thing word is that noun first of all, so the nick that
    merely equals it proves nobody — the pronoun stays a question."""
    raw = "".join(t.raw for t in tokens[m.start : m.end]).strip(EDGE_MARKS)
    if not raw or not raw[:1].islower() or m.end - m.start != 1:
        return False
    agreeing = [
        r
        for r in parse(tokens[m.start].word)
        if r.pos == "NOUN" and "sing" in r.grammemes and gender in r.grammemes
    ]
    return bool(agreeing) and all(
        "inan" in r.grammemes and not r.grammemes & _PERSONAL_NOUN for r in agreeing
    )


#: the dictionary's marks of a noun that names a person (a name, a surname, a patronymic)
_PERSONAL_NOUN: Final = frozenset({"Name", "Surn", "Patr"})


def _word_genders(nick: str) -> frozenset[str]:
    """The genders the dictionary gives the nick's word in the nominative, as a name or as
    an ordinary noun («Голкипер»: masculine)."""
    return frozenset(
        g
        for r in parse(nick.lower().replace("ё", "е"))
        if "nomn" in r.grammemes and r.pos == "NOUN"
        for g in r.grammemes & {"masc", "femn"}
    )


def _genders(nick: str) -> frozenset[str]:
    """The genders the dictionary gives a nick as a name in the nominative (none for a name
    it does not know so: such a player's gender is not proven)."""
    return name_genders(nick.lower().replace("ё", "е"), nominative=True)


def apply_corrections(
    readings: list[Occ], mentions: list[Mention], tokens: Sequence[Token], occs: list[Occ]
) -> list[Occ]:
    """The last word counts when the player corrects himself (module docstring, 8.)."""
    if not readings:
        return readings
    out = [readings[0]]
    for occ in readings[1:]:
        between = {t.word for t in tokens[out[-1].i : occ.i]}
        redone = any(redo_word(tokens, k) or correcting(tokens, k) for k in range(out[-1].i, occ.i))
        # «Хотела вылечить Катю, но лечу Ефима»: after «но» comes the decision
        # a move that takes no target («…Хотя нет, засада») corrects like any other
        if (between & CONTRAST or redone) and (occ.targets or occ.actions == {"ambush"}):
            out[-1] = occ
        else:
            out.append(occ)
    # a bare correction after the last reading: «… Нет, лучше Ефима»
    last = out[-1]
    bound = {m.start for o in occs for m in o.targets}
    marks = [
        k for k in range(last.i + 1, len(tokens)) if correcting(tokens, k) or redo_word(tokens, k)
    ]
    # «… то есть на Сумрака»: a restating pair names what the move meant, and takes back
    # nothing by itself
    restated = [k for k in range(last.i + 1, len(tokens)) if _restates(tokens, k)]
    own = {m.nick for m in last.targets if m.nick}
    marks = sorted({*marks, *taken_back_marks(tokens, mentions, own, last.i + 1)})
    cancels = bool(marks)
    marks = sorted({*marks, *restated})
    if marks:
        # «Пусть думают, что это Кот»: a player in what others are to think corrects nothing
        loose = [
            m
            for m in mentions
            if m.start > marks[0]
            and m.start not in bound
            and not m.negated
            and m.kind == "nick"
            and not believed(tokens, m.start)
            and not is_subject(tokens, m)
            # «Ой, Бориса завтра, сегодня Дейзи»: a player put off corrects nothing
            and not put_off(tokens, m)
            and not remark(tokens, m)
            and not _told_of(tokens, m)
        ]
        # «Нет, Лёлю. Окончательно Лёлю»: after the last correction word, one player
        final = [m for m in loose if m.start > marks[-1]] or loose
        unique = list({m.nick: m for m in reversed(final)}.values())
        if len(unique) == 1:
            out[-1] = Occ(last.i, last.actions, last.confidence, targets=unique)
        elif (
            cancels
            and not loose
            # «Проверяю X, отставить, Y»: the player after the word is the move's already
            # (`bind`), so the word took back X, not the move
            and not any(m.start > marks[0] for m in last.targets)
            and any(
                # «Проверяю Гранату. Отставить!»: a word that takes the move back, and no other
                tokens[k].word in NEG
                or tokens[k].word in CANCEL
                or correction_lemma(tokens[k].word) is not None
                for k in range(marks[0], len(tokens))
            )
        ):
            out[-1] = Occ(last.i, last.actions, last.confidence, cancelled=True)
    return out


def _restates(tokens: Sequence[Token], k: int) -> bool:
    """«… на Тень... то есть на Сумрака», «Иголку, в смысле Сумрака»: the word at `k` ends a
    pair that restates what came before it — the player after it is what the move meant,
    as after a correction, whether what it restates was a player or a word of no one."""
    return any(
        k >= len(pair) - 1
        and tuple(t.word for t in tokens[k - len(pair) + 1 : k + 1]) == pair
        and tokens[k - len(pair) + 1].sentence == tokens[k].sentence
        for pair in RESTATING
    )


def _told_of(tokens: Sequence[Token], m: Mention) -> bool:
    """«Ой, Иру я лечил вчера. Тогда Наталью»: a player in a clause whose action word is in
    the past is the reason for the correction, told of, not the new choice."""
    for t in clause_of(tokens, m.start):
        found = lookup(t.word) if t.word else None
        if found is not None and found.past and found.actions:
            return True
    return False


def wishes_settled(readings: list[Occ], tokens: Sequence[Token]) -> list[Occ]:
    """C-2: «Проверить бы Лагмана… Проверяю Шампура»: a move said as a wish («бы» in its
    clause) and the same action said plainly in a later sentence (no «бы», not an
    infinitive) — the later, firm move is the one the sender makes; the wish is set aside.
    An action word itself in the conditional mood («Вот Ладу бы побить»,
    `mood.conditional_word`) is set aside beside any plain one with a player."""

    def wished(o: Occ) -> bool:
        clause = [t.word for t in clause_of(tokens, o.i)]
        return any(w == "бы" and not (n and clause[n - 1] in ASKING) for n, w in enumerate(clause))

    def firm(o: Occ) -> bool:
        word = lookup(tokens[o.i].word)
        return not wished(o) and word is not None and not word.infinitive and not o.third

    out = [
        o
        for o in readings
        if not (
            conditional_word(tokens, o.i)
            and any(f.targets and not conditional_word(tokens, f.i) for f in readings)
        )
        and not (
            wished(o)
            and any(
                f.actions == o.actions
                and tokens[f.i].sentence > tokens[o.i].sentence
                and firm(f)
                and f.targets
                for f in readings
            )
        )
    ]
    return out or readings


def choose_reading(
    readings: list[Occ], view: SenderView, tokens: Sequence[Token] = ()
) -> Occ | LetterReading | None:
    if not readings:
        return None
    two = two_own_actions(readings, view, tokens)
    if two is not None:
        return two
    # readings without a target add nothing when another one has the same action
    with_target = [o for o in readings if o.targets or o.actions == {"ambush"}]
    if with_target:
        readings = with_target
    # another role's words are set aside when the letter holds one of the sender's own
    if view.known:
        mine = frozenset(view.moving_actions())
        own = [o for o in readings if o.actions & mine]
        if own:
            readings = own
    merged: list[Occ] = []
    for occ in readings:
        same = next((m for m in merged if reading_key(m) == reading_key(occ)), None)
        if same is not None:
            continue
        # a motion word and a specific word about the same player: the specific one says it
        twin = next(
            (
                m
                for m in merged
                if m.targets
                and occ.targets
                and m.targets[0].nick == occ.targets[0].nick
                and (m.actions >= occ.actions or occ.actions >= m.actions)
            ),
            None,
        )
        if twin is not None:
            if len(occ.actions) < len(twin.actions):
                merged[merged.index(twin)] = occ
            continue
        # «первый протект — A, второй — B»: two-target actions gather their targets
        joined = next(
            (
                m
                for m in merged
                if m.actions == occ.actions and width_of(m) == 2 and len(m.targets) < 2
            ),
            None,
        )
        if joined is not None and occ.targets:
            joined.targets = [*joined.targets[:1], occ.targets[0]]
            continue
        merged.append(occ)
    if len(merged) == 1:
        return merged[0]
    last = reading_key(readings[-1])
    if any(reading_key(r) != last for r in readings) and any(
        reading_key(r) == last for r in readings[:-1]
    ):
        # «Убиваю Лёню или сижу в засаде... убиваю Лёню»: he came back to it, that is the move
        return readings[-1]
    a, b = merged[0], merged[1]
    if a.actions == b.actions and len(a.actions) == 1:
        return question_reading(
            WHICH_TARGET,
            f"Кого из двух: {targets_raw(a.targets)} или {targets_raw(b.targets)}? "
            "Пришлите, пожалуйста, ход с одним ником.",
        )
    return question_reading(
        UNPARSED,
        f"В письме два разных хода: «{actions_ru(a)} — {targets_raw(a.targets)}» и "
        f"«{actions_ru(b)} — {targets_raw(b.targets)}». Пришлите, пожалуйста, одно письмо "
        "с одним ходом.",
    )


def _another_own_action(first: Occ, later: Occ, own: frozenset[str]) -> bool:
    """Whether `later` says one of the sender's `own` actions and `first` another one, each
    word one action: two moves of one role (P-M.0: one request a night)."""
    return (
        len(first.actions) == 1
        and len(later.actions) == 1
        and first.actions != later.actions
        and (first.actions | later.actions) <= own
        and not (first.third or later.third)
        and "ambush" not in first.actions | later.actions
    )


def then_in_the_night(
    tokens: Sequence[Token], readings: Sequence[Occ], off: Sequence[Occ], own: frozenset[str]
) -> list[Occ]:
    """The readings of `off` (put off by `is_called_off`) that only «потом»/«позже» put
    off, said after another of the sender's own actions on a player in the same sentence
    («Бью Соню, а потом убиваю её»): «а потом» goes on with the same night's deed, a second
    move of one role (`two_own_actions`), not a later night's."""
    back: list[Occ] = []
    for o in off:
        later = {t.word for t in dash_clause(tokens, o.i, o.i + 1)} & LATER
        if not later or not later <= THEN:
            continue
        if any(
            r.i < o.i
            and r.targets
            and tokens[r.i].sentence == tokens[o.i].sentence
            and _another_own_action(r, o, own)
            for r in readings
        ):
            back.append(o)
    return back


def two_own_actions(
    readings: Sequence[Occ], view: SenderView, tokens: Sequence[Token] = ()
) -> LetterReading | None:
    """P-M.0, P-M.11: a role with two actions takes one a night («избиение» or the shot,
    the blast or the clan's kill), so two of the sender's own action words on one player —
    the same nick, a pronoun after him («Избиваю X и убиваю его», «Избиваю X. Убиваю её
    тоже»), or the second verb with no object of its own in his sentence («X избиваю и
    убиваю») — prove neither move: asked which (a question naming both, C-2). A word in the
    third person tells another's deed («а убивает его пусть Шило»); the ambush takes no
    player, so it is no second move on him."""
    own = frozenset(view.moving_actions()) if view.known else frozenset()
    for n, a in enumerate(readings):
        if not a.targets or a.targets[0].kind != "nick":
            continue
        for b in readings[n + 1 :]:
            if not _another_own_action(a, b, own):
                continue
            bare = not b.targets and bool(tokens) and tokens[b.i].sentence == tokens[a.i].sentence
            if bare or (
                b.targets
                and (b.targets[0].kind == "pronoun" or b.targets[0].nick == a.targets[0].nick)
            ):
                who = f" на игрока {a.targets[0].nick}"
                return _which_action(a.actions | b.actions, who, " За ночь — только один.")
    return None


def _which_action(actions: frozenset[str], who: str, rule: str = "") -> LetterReading:
    """The question naming the actions the letter holds for one player (`who`: « на игрока X»
    or empty), with an example of the first; `rule`: a sentence on why only one counts."""
    acts = sorted(actions)
    return question_reading(
        WHICH_ACTION,
        f"Какой ход{who}: "
        + " или ".join(ACTION_WORDS.get(x, x) for x in acts)
        + f"?{rule} Напишите, например: «"
        + EXAMPLE.get(acts[0], "Ход Ник")
        + "».",
    )


def finish(
    occ: Occ,
    executor: Mention | None,
    mentions: list[Mention],
    view: SenderView,
    story: str | None,
    threshold: float,
) -> LetterReading:
    if occ.cancelled:
        return question_reading(
            UNPARSED,
            f"Не понял, отменяете ли вы ход «{actions_ru(occ)}». Пришлите, пожалуйста, одним "
            "письмом ход, который остаётся в силе (или напишите, что хода нет).",
        )
    if len(occ.actions) > 1 and len(occ.targets) == 2 and not occ.either:
        pairs = [a for a in occ.actions if TWO.get(a, 1) == 2]
        if len(pairs) == 1:
            occ = replace(occ, actions=frozenset(pairs))  # «защищаю Егора и Жору»
    if len(occ.actions) > 1:
        who = f" на игрока {occ.targets[0].nick}" if occ.targets and occ.targets[0].nick else ""
        return _which_action(occ.actions, who)
    action = next(iter(occ.actions))
    if action == "ambush":
        return _ambush(occ)
    width = TWO.get(action, 1)
    targets = occ.targets
    if not targets:
        return question_reading(
            NO_TARGET,
            f"Не нашёл ник цели для хода «{ACTION_WORDS[action]}». Напишите, например: "
            f"«{EXAMPLE.get(action, 'Ход Ник')}».",
        )
    if width == 1 and occ.alternatives:
        return question_reading(
            WHICH_TARGET,
            f"Кого из двух: {targets[0].raw} или {targets[1].raw}? "
            "Пришлите, пожалуйста, ход с одним ником.",
        )
    if action not in ("heal", "protect") and targets[0].kind == "self" and len(targets) > 1:
        targets = targets[1:]  # «Взрываю себя вместе с Ефимом»: he goes anyway
    if action == "blast" and all(m.kind == "self" for m in targets):
        return question_reading(  # «Подрываю себя»: the kamikaze goes anyway — but with whom?
            NO_TARGET,
            "Кого вы подрываете вместе с собой? Напишите, например: «Подрываю Ник».",
        )
    targets = targets[:width]
    for m in targets:
        bad = bad_target(m, action, view.nick)
        if bad is not None:
            return bad
    if action == "army" and len(targets) < 2:
        return question_reading(
            NO_TARGET,
            "Для армии тьмы нужны два ника. Напишите, например: «Армия тьмы: Ник1 и Ник2».",
        )
    nicks = tuple(m.nick for m in targets if m.nick is not None)
    confidence = min([occ.confidence, *(m.confidence for m in targets)])
    ex: str | None = None
    if action == "kill" and executor is not None:
        bad_ex = executor_question(executor)
        if bad_ex is not None:
            return bad_ex
        ex = executor.nick
        confidence = min(confidence, executor_confidence(executor, view))
    reading = LetterReading(
        action, nicks, executor=ex, story=story if action == "kill" else None, confidence=confidence
    )
    return confident(reading, threshold)


def _ambush(occ: Occ) -> LetterReading:
    """The ambush waits at home for whoever comes (P-M.14): a player named with it in its
    sentence means the sender thinks of a target — a kill, or an ambush after all?"""
    if occ.aimed:
        return question_reading(
            WHICH_ACTION,
            "Засада ставится у себя и цели не имеет. Вы ставите засаду или убиваете? "
            "Напишите, например: «Засада» или «Убиваю Ник».",
        )
    return LetterReading("ambush", confidence=occ.confidence)


# words a closing sentence settles a choice with, around the one player it names
_SETTLE: Final = ws(
    "ладно пусть будет окончательно итак значит тогда решаю решено выбираю выбор ну так "
    "хорошо давай все всё остановлюсь"
)


def settled_choice(
    tokens: Sequence[Token],
    mentions: list[Mention],
    readings: list[Occ],
    view: SenderView,
    skip: bool,
) -> list[Occ]:
    """`readings` with a choice the letter's closing sentence settles (`_settled`) as its
    target: the last action word's, or with no action word the role's one move."""
    settled = _settled(tokens, mentions)
    if settled is None:
        return readings
    if readings:
        last = readings[-1]
        return [Occ(last.i, last.actions, last.confidence, targets=[settled])]
    own = [a for a in view.moving_actions() if a != "ambush"]  # a player chosen: aimed at him
    if len(own) == 1 and not skip:
        # «Вероника или Райдер... Ладно, Райдер»: a choice of a player is the role's move
        return [Occ(settled.start, frozenset(own), INFERRED_CONFIDENCE, targets=[settled])]
    return readings


def _settling_sentence(tokens: Sequence[Token], mentions: list[Mention]) -> int:
    """The last sentence that names a player, save an executor's line after it («…всё-таки
    Эля. Проверка.», «… всё-таки Рома. Исполнитель Гена.»: the choice, then the move's word
    or its executor)."""
    named = {tokens[m.start].sentence for m in mentions if m.kind == "nick"}
    for sentence in sorted(named, reverse=True):
        first = next((t.word for t in tokens if t.sentence == sentence and t.word), "")
        if first not in _EXECUTOR_WORDS:
            return sentence
    return tokens[-1].sentence


_EXECUTOR_WORDS: Final = ws("исполнитель исполняет исполнит исполнителем руками")


def _choosing_verb(word: str) -> bool:
    """The sender's own verb of taking or choosing (first person, present or future): after
    a choice weighed, «Беру Дымова» settles it as «пусть будет Дымов» does (C-2)."""
    top = parse(word)[:1]
    return (
        bool(top)
        and top[0].pos == "VERB"
        and top[0].lemma in CHOOSING_LEMMAS
        and "1per" in top[0].grammemes
    )


def _settled(tokens: Sequence[Token], mentions: list[Mention]) -> Mention | None:
    """«Фокс или Тандер... пусть будет Тандер», «Думаю между Бобом и Рокетом. Ладно,
    Рокет»: the letter's last sentence names one player and nothing else but words of
    settling, and he was one of the players an earlier sentence weighed against each other.
    That player is the choice."""
    if not tokens:
        return None
    last = _settling_sentence(tokens, mentions)
    named = [m for m in mentions if tokens[m.start].sentence == last and m.kind == "nick"]
    if len(named) != 1:
        return None
    pick = named[0]
    rest = [
        t.word
        for k, t in enumerate(tokens)
        if t.sentence == last and t.word and not pick.start <= k < pick.end
    ]
    if any(w not in _SETTLE and w not in SETTLED and not _choosing_verb(w) for w in rest):
        return None
    weighed = {
        tokens[m.start].sentence
        for m in mentions
        if m.kind == "nick" and m.nick == pick.nick and tokens[m.start].sentence != last
    }
    for sentence in weighed:
        words = {t.word for t in tokens if t.sentence == sentence}
        others = {
            m.nick
            for m in mentions
            if tokens[m.start].sentence == sentence and m.kind == "nick" and m.nick != pick.nick
        }
        if words & CHOICE and others:
            return pick
    return None
