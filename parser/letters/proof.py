"""The proof a move needs before it is accepted (issue: a reading proven, or a question).

The earlier stages find the reading a host would most likely give a letter. This stage asks
whether the letter supports *no other* reading, the way a careful host re-reads a letter
before he writes the move down:

1. **The role may make this move now.** A role without night moves (civilians, bastards)
   gets «у вашей роли нет ночных ходов», never a question about a nick; a move of another
   role is asked about; a move of the sender's own role that the rules do not allow this
   turn (turn 0, the sergeant before his promotion, a once-a-game move already spent, the
   army before its condition) is answered with why not.
2. **Every living player the letter names is accounted for**: a target, the executor, the
   sender, someone named in a negation, a question, a story told in the past, a move put
   off to later, a clause of belief or suspicion («пусть думают, что это Кот»), an opinion
   («Кот мафия»), an address («Кот, не подведи»), or a name replaced by a correction («…
   ой, нет, …»). A player the letter names for no reason the sentence structure shows is a
   doubt: the letter becomes a question that names him.
   A Don's kill order that names its executor in words no clan mate was read from (an
   unknown word after «исполнитель», «пусть стреляет наш новенький») is asked about, not
   accepted without its executor (P-M.8).
3. **The move is decided**: a conditional («бы»), a condition on something to come
   («если»), or a decision left to someone else («решает Дон», «решай сам») in the move's
   sentence is no move yet. A PEFL clan member who offers his Don a victim («предлагаю
   Ольгу», «голосую за то, чтобы убить …», «я за Ольгу») makes no request yet (P-M.8 ruling,
   setting `member_suggestion`: "ask"), nor does a Gambler mafioso who offers the living
   godfather one (G-M.5/G-M.6 ruling, setting `mafioso_suggestion`); a firm «Убиваем Ольгу»,
   or an offer that names himself as the one who shoots, is his request.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Final

from engine.words_ru import ACTION_WORDS
from parser.correction import correction_lemma
from parser.latin import cyrillic_spellings
from parser.letters.actions import Occ
from parser.letters.conditions import (
    CONSENT_LEMMAS,
    LEAVE,
    again_verb,
    engine_settles,
    immaterial,
    open_condition,
    same_every_branch,
    shrugged,
    void_branch,
)
from parser.letters.corrections import correcting, existential_no, whether_or_not
from parser.letters.mentions import (
    Mention,
    believed,
    is_subject,
    labelled_target,
    negated_at,
    punished_in_jest,
    remark,
)
from parser.letters.mood import conditional_at, conditional_word, plainly_governed
from parser.letters.promised import DEFERRED, dash_clause, deferred_in, put_off
from parser.letters.questions import bad_target, question_reading
from parser.letters.reading import (
    AMBIGUOUS,
    DEFAULT_SUGGESTION,
    EXAMPLE,
    FORBIDDEN_PART,
    FORBIDDEN_TARGET,
    IS_IT_A_MOVE,
    NO_MOVES,
    NO_TARGET,
    NOT_NOW,
    UNACCOUNTED,
    UNDECIDED,
    UNKNOWN_NICK,
    WHICH_ACTION,
    WHICH_TARGET,
    WRONG_ACTION,
    LetterReading,
    MemberSuggestion,
    offer_terms,
    offers_the_kill,
)
from parser.letters.sense import (
    booked_hour,
    everyday_frame,
    goal_off_frame,
    in_place_phrase,
    kin_of_object,
    off_frame,
    other_sense_verb,
    owned_by_thing,
    possessive_pronoun,
    set_aside,
    shelter_from_thing,
    thing_object,
    thing_object_at,
    thing_of_talk,
)
from parser.letters.tokens import EDGE_MARKS, Token, clause_bounds, subject_verb
from parser.letters.words import (
    ASKING,
    CHOICE,
    CORRECTION,
    DASHES,
    INDICATORS,
    NEG,
    OPINION,
    OR,
    PRONOUNS,
    RESTATING,
    SIDE_MAFIA,
    SIDE_TOWN,
    SUCCEED_LEMMAS,
    SUGGEST_SCORE,
    VIOLENCE,
    ws,
)
from parser.morph import common_word, parse, word_nick
from parser.nameforms import NAME_TAGS
from parser.nicks import near_a_nick, translit_key
from parser.roles import GAME_WORDS
from parser.sender import SenderView
from parser.vocab import (
    IN_RUSSIAN,
    MAYBE,
    SETTLED,
    UNSURE_WORDS,
    decided_words,
    doubt_verb,
    joked,
    lookup,
    suggest_words,
    undecided_words,
)

# the decision left to someone else: «решает Дон», «решай сам», «на твоё усмотрение»
_DEFER_LEMMAS: Final = ws("решать решить выбирать выбрать смотреть усмотрение")
# a sentence said as the sender's opinion («ИМХО», «по-моему»): a view offered, no move
_OPINION: Final = ws("имхо imho по-моему помоему")
_STORY_WORDS: Final = ws("вчера позавчера прошлой прошлую прошлый было был была были")
_NOT_MOVE_ROLES: Final = frozenset({"choose_side", "don"})
_SIDES: Final = {"town": "за мирных", "mafia": "за мафию"}


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the earlier stages saw in a letter, for the proof."""

    tokens: Sequence[Token]
    mentions: Sequence[Mention]  # every mention outside question sentences
    questions: set[int]  # the sentences that ask (`question_sentences`), found once a letter
    executors: frozenset[int] = frozenset()  # starts of mentions read as executors
    chosen: Occ | None = None  # the action word the reading came from (None: inferred)
    action_words: Sequence[Occ] = field(default_factory=tuple)
    withdrawn: frozenset[int] = frozenset()  # starts of mentions a called-off move took
    reported: frozenset[int] = frozenset()  # starts of speakers and players in their words


def prove(
    reading: LetterReading,
    evidence: Evidence,
    view: SenderView,
    suggestion: MemberSuggestion = DEFAULT_SUGGESTION,
) -> LetterReading:
    """`reading` when the letter proves it; otherwise the question naming the doubt.
    `suggestion`: how a clan member's offered victim is read (P-M.8, or G-M.5/G-M.6 for a
    Gambler mafioso: the host's setting for the sender's rule set, `_offered`)."""
    # «Проверяю тесто… Я мирный, ходов нет»: no move, said so — nothing for the role to bound
    # «проверяю проводку у Раствора» from a civilian: work talk, nothing to refuse
    talk = _talk_without_moves(evidence, view)
    bound = None if talk or _said_no_move(reading, evidence) else _role_bound(reading, view)
    if bound is not None:
        if bound.kind == "refused" and reading.kind == "move":
            # what the words say stays with the refusal: the engine refuses it by its rule
            return replace(reading, code=bound.code, text=bound.text)
        return bound
    if talk or _no_move_at_all(reading, evidence) or _hobby_object(reading, evidence, view):
        return LetterReading()
    on_condition = _choice_on_condition(reading, evidence) or _side_undecided(reading, evidence)
    if on_condition is not None:
        return on_condition
    if reading.kind != "move" or reading.action in _NOT_MOVE_ROLES:
        # a Don elected who may not be Don (P-S.2) is refused with the rule's reason
        elected = reading.kind == "move" and reading.action == "don"
        # «Дон Клюквина или Клюкина, не помню»: two players weighed under «или» and neither
        # chosen after — the election is not made yet, whoever of them may be Don (C-3)
        weighed = _weighed_question(reading, evidence) if elected else None
        # «Доном выбираю Персея и Деву»: one Don, two players named for him (P-S.2)
        weighed = weighed or (_elected_pair(reading, evidence) if elected else None)
        return weighed or (_target_bound(reading, view) if elected else None) or reading
    evidence = _in_cyrillic(evidence)
    reading = _plain_targets(reading, evidence, view)
    back = _taken_back(reading, evidence, view)
    if back is not None:
        return back
    limited = (
        _target_aside(reading, evidence)
        or _sheltered(reading, evidence)
        or _trade_goal(reading, evidence)
        or _booked(reading, evidence)
        or _everyday(reading, evidence)
        or _target_bound(reading, view)
        or _executor_question(reading, evidence, view)
        or _weighed_question(reading, evidence)
        or _one_of_them(reading, evidence, view)
        or _conditioned(reading, evidence)
        or _shared_executor(reading, evidence, view)
    )
    if limited is not None:
        return limited
    stray = _unaccounted(reading, evidence, view)
    if stray:
        said = spelled(reading)
        who = ", ".join(dict.fromkeys(m.raw.rstrip(" —–-:") for m in stray))
        return question_reading(
            UNACCOUNTED,
            f"Понял ваш ход так: {said}. Но в письме назван(а) ещё {who} — не понял, при чём "
            "он(а) здесь. Если ход верный, пришлите его ещё раз одной фразой, например: "
            f"«{example_of(reading)}».",
        )
    people = _unread_people(reading, evidence, view)
    if people:
        asked = bad_target(people[0], reading.action or "", view.nick)
        if asked is not None:
            return asked
    if _told_to_a_mate(reading, evidence, view):
        return question_reading(
            WHICH_ACTION,
            f"Вы пишете о ходе другой роли ({_said(evidence)}), и ваш ход из письма не ясен. "
            f"Если это ваш выстрел, напишите, например: «{example_of(reading)}, исполнитель "
            f"{reading.executor}».",
        )
    vague = (
        _described_after(reading, evidence)
        or _executor_or(reading, evidence)
        or _object_of_another_verb(reading, evidence)
    )
    if vague is not None:
        return question_reading(
            WHICH_TARGET,
            f"Не понял, кого вы имеете в виду под «{vague}»: {spelled(reading)}? Напишите "
            f"ход одним ником, например: «{example_of(reading)}».",
        )
    places = [m for m in evidence.mentions if m.kind == "nick" and m.nick in reading.targets]
    told = evidence.chosen is None and reading.executor is None
    if told and places and all(m.start in evidence.reported for m in places):
        # «Федя сказал: катана по шее Тандеру»: no action word of the sender's, and the
        # player is named only in another's words
        return question_reading(
            IS_IT_A_MOVE,
            f"Вы пересказываете чужие слова. Это ваш ход ({spelled(reading)})? Если да, "
            f"напишите его от себя, например: «{example_of(reading)}».",
        )
    pun = _own_nick_as_actor(reading, evidence, view)
    if pun is not None:
        return question_reading(
            IS_IT_A_MOVE,
            f"В письме «{pun}» — это вы о себе? Если это ваш ход ({spelled(reading)}), "
            f"напишите его прямо, например: «{example_of(reading)}».",
        )
    return _decided(reading, evidence, view, suggestion) or reading


def _conditional(tokens: Sequence[Token], m: Mention, nouns: Collection[int] = ()) -> bool:
    return conditional_at(tokens, m.start, m.end, nouns)


def _wished_beside_plain(tokens: Sequence[Token], m: Mention, anchors: Sequence[int]) -> bool:
    """«Защищаю Маргариту, хотя мог бы и Ладу»: the player is named under a predicate in the
    conditional mood while the move is said plainly (`mood.conditional_at`)."""
    return conditional_at(tokens, m.start, m.end) and any(_plain_anchor(tokens, k) for k in anchors)


def _plain_anchor(tokens: Sequence[Token], k: int) -> bool:
    """The move's action word at `k` not in the conditional mood, or its player at `k`
    governed by a present, future or imperative verb."""
    if parse(tokens[k].word) and parse(tokens[k].word)[0].pos in ("VERB", "INFN"):
        return not conditional_word(tokens, k)
    found = lookup(tokens[k].word) if tokens[k].word else None
    if found is not None and found.actions:
        return True  # an action noun: «Проверка — Сивый»
    return plainly_governed(tokens, k, k + 1)


def _action_nouns(evidence: Evidence) -> frozenset[int]:
    """Where the letter's action words stand that are no verbs («протект», «проверка»)."""
    tokens = evidence.tokens
    return frozenset(
        o.i
        for o in evidence.action_words
        if o.i < len(tokens) and not any(p.pos in ("VERB", "INFN") for p in parse(tokens[o.i].word))
    )


def _plain_targets(reading: LetterReading, evidence: Evidence, view: SenderView) -> LetterReading:
    """C-2: a player named only under a predicate in the conditional mood («…, хотя мог бы и
    Ладу», «хотел бы ещё Ветрову») is no target (`mood.conditional_at`). With another target
    named plainly, he is dropped; with none, the living player named plainly right after the
    action word, if the action word itself is plain, is the target. Otherwise
    the reading stays, and the proof asks it (`_undecided`)."""
    tokens = evidence.tokens
    nouns = _action_nouns(evidence)
    nicks = [m for m in evidence.mentions if m.kind == "nick" and m.nick is not None]
    wished = [
        n
        for n in reading.targets
        if any(m.nick == n for m in nicks)
        and all(_conditional(tokens, m, nouns) for m in nicks if m.nick == n)
    ]
    if not wished:
        return reading
    plain = [n for n in reading.targets if n not in wished]
    if plain:
        return replace(reading, targets=tuple(plain))
    chosen = evidence.chosen
    if chosen is None or len(reading.targets) != 1 or conditional_word(tokens, chosen.i):
        return reading
    others = {
        m.nick
        for m in nicks
        if m.nick not in reading.targets
        and m.nick in view.living
        and m.nick not in (view.nick, reading.executor)
        and m.start not in evidence.executors
        and not m.negated
        and m.start == chosen.i + 1
        and not _conditional(tokens, m, nouns)
    }
    if len(others) == 1:
        return replace(reading, targets=(others.pop(),))
    return reading


def _sheltered(reading: LetterReading, evidence: Evidence) -> LetterReading | None:
    """A question when the heal's verb shelters the player from a thing outside the game
    (`sense.shelter_from_thing`: «Прикрываю от холода X»): a cover of the writer's life as
    likely as the night's heal — not proven (C-2)."""
    chosen = evidence.chosen
    if reading.action != "heal" or chosen is None:
        return None
    phrase = shelter_from_thing(evidence.tokens, chosen.i)
    if phrase is None:
        return None
    return question_reading(
        IS_IT_A_MOVE,
        f"Не понял, ход ли это ({spelled(reading)}): «{phrase}» — это не ночная опасность. "
        f"Если это ход, напишите его прямо, например: «{example_of(reading)}».",
    )


def _said_plainly_beside(
    reading: LetterReading, evidence: Evidence, framed: Callable[[int], object | None]
) -> bool:
    """Whether another word of the reading's action names one of its targets without the
    frame `framed` finds at a word's index: the move said plainly beside the framed verb
    (C-2), so the frame around the chosen verb leaves no doubt."""
    return any(
        o is not evidence.chosen
        and reading.action in o.actions
        and any(m.nick in reading.targets for m in o.targets)
        and framed(o.i) is None
        for o in evidence.action_words
    )


def _trade_goal(reading: LetterReading, evidence: Evidence) -> LetterReading | None:
    """A question when the move's verb takes its object to a goal no move of its action
    takes (`sense.goal_off_frame`: «Режу Милену под каре», «Пробиваю Ульяну в отпуск»): the
    verb is said in the sense of the writer's trade as likely as in the game's — not proven
    (C-2). The question names the verb and the goal."""
    chosen = evidence.chosen
    if chosen is None:
        return None
    goal = goal_off_frame(evidence.tokens, chosen.i, reading.action)
    if goal is None:
        return None
    # «Днём убиваю время на эндшпиль с X, а ночью убиваю X»: another word of the move on
    # the same player, with no such goal, says the move plainly
    if _said_plainly_beside(
        reading, evidence, lambda i: goal_off_frame(evidence.tokens, i, reading.action)
    ):
        return None
    verb = evidence.tokens[chosen.i].raw.strip(EDGE_MARKS)
    return question_reading(
        IS_IT_A_MOVE,
        f"Не понял, ход ли это ({spelled(reading)}): «{verb} … {goal}» — так о ночном ходе "
        f"не пишут. Если это ход, напишите его прямо, например: «{example_of(reading)}».",
    )


def _booked(reading: LetterReading, evidence: Evidence) -> LetterReading | None:
    """A question when the move's verb has a time of the working day in its clause
    (`sense.booked_hour`: «приглашаю на маникюр Лику к 15:00»): a booking of the writer's
    day as likely as the night's move — not proven (C-2)."""
    chosen = evidence.chosen
    if chosen is None:
        return None
    hour = booked_hour(evidence.tokens, chosen.i)
    if hour is None:
        return None
    return question_reading(
        IS_IT_A_MOVE,
        f"Не понял, ход ли это ({spelled(reading)}): «{hour}» — это время дня, похоже на "
        f"запись. Если это ночной ход, напишите его прямо, например: «{example_of(reading)}».",
    )


def _everyday(reading: LetterReading, evidence: Evidence) -> LetterReading | None:
    """A question when the move's verb stands in a frame of the sender's everyday life
    (`sense.everyday_frame`: «ночую у X на даче», «спасаю X от двойки», «прикрываю X весь
    вечер») and no other word of the move names the same player without one: the verb is
    said in its everyday sense as likely as in the game's — not proven (C-2)."""
    chosen = evidence.chosen
    if chosen is None:
        return None
    frame = everyday_frame(evidence.tokens, chosen.i)
    if frame is None:
        return None
    if _said_plainly_beside(reading, evidence, lambda i: everyday_frame(evidence.tokens, i)):
        return None
    verb = evidence.tokens[chosen.i].raw.strip(EDGE_MARKS)
    return question_reading(
        IS_IT_A_MOVE,
        f"Не понял, ход ли это ({spelled(reading)}): «{verb} … {frame}» — похоже на рассказ о "
        f"вашем дне. Если это ночной ход, напишите его прямо, например: «{example_of(reading)}».",
    )


def _target_aside(reading: LetterReading, evidence: Evidence) -> LetterReading | None:
    """A question when every place the letter names the move's player stands
    aside from any move: governed by a preposition no move of the action takes its player
    with (`sense.off_frame`: «капканы под Каменкой», «лечусь с Тимохой», «еду в Кедровку»),
    or in the genitive of a thing the verb takes as its object (`sense.owned_by_thing`:
    «лечу собаку Тимохи»). The reading then rests on no word that aims the move at him: not
    proven (C-2)."""
    thing = _thing_words(reading, evidence)
    if thing is not None:
        word, nick = thing
        return question_reading(
            IS_IT_A_MOVE,
            f"Не понял, ход ли это ({spelled(reading)}): «{word}» — это игрок {nick}? В письме "
            "это слово похоже на вещь, о которой вы рассказываете. Если это ход, напишите его "
            f"прямо, например: «{example_of(reading)}».",
        )
    aside = _aside_words(reading, evidence)
    if aside is None:
        return None
    return question_reading(
        IS_IT_A_MOVE,
        f"Не понял, ход ли это ({spelled(reading)}): {aside} назван(а) в письме не как "
        "цель хода, а как место, спутник или хозяин вещи. Если это ход, напишите его "
        f"прямо, например: «{example_of(reading)}».",
    )


def _thing_words(reading: LetterReading, evidence: Evidence) -> tuple[str, str] | None:
    """(the word, the nick) when every place the letter names the move's player is a
    lower-case word it speaks of as a thing of the sender's trade (`sense.thing_of_talk`:
    «Проверяю фокус на новом полтиннике»): the reading is not proven (C-3)."""
    tokens = evidence.tokens
    places = [m for m in evidence.mentions if m.kind == "nick" and m.nick in reading.targets]
    # «болеет ёрш. Лечу ерша от манки»: the word in the nominative, in lower case, is the
    # subject talk tells of, never the move's object — the places of the object decide
    objects = [m for m in places if not (m.nominative and tokens[m.start].raw[:1].islower())]
    places = objects or places
    if places and all(thing_of_talk(tokens, m, evidence.mentions) for m in places):
        return places[0].raw, places[0].nick or ""
    return None


def _aside_words(reading: LetterReading, evidence: Evidence) -> str | None:
    """The words naming the move's player, quoted, when they all stand aside (`_target_aside`)."""
    tokens = evidence.tokens
    places = [m for m in evidence.mentions if m.kind == "nick" and m.nick in reading.targets]
    # «Сбиваю пламя с Каски, лечу её»: a pronoun standing for him as the move's own object
    # aims the move at him, wherever his nick stands (C-3)
    at = evidence.chosen.i if evidence.chosen is not None else None
    if at is not None:
        a, b = clause_bounds(tokens, at)
        # «на её свадьбе»: a possessive owns its noun and aims nothing
        pronouns = [
            m
            for m in evidence.mentions
            if m.kind == "pronoun" and a <= m.start <= b and not possessive_pronoun(tokens, m)
        ]
        if any(not off_frame(tokens, m, reading.action, at) for m in pronouns):
            return None
    if places and all(
        off_frame(tokens, m, reading.action, at) or owned_by_thing(tokens, m) for m in places
    ):
        return f"«{places[0].raw}»"
    return None


def _shared_executor(
    reading: LetterReading, evidence: Evidence, view: SenderView
) -> LetterReading | None:
    """«Витя, валим Соню» from a Don whose clan mate and another player are both «Витя»:
    a name two players share, spoken to or named in an order that has no executor yet, may
    be the executor — asked naming them all, never the order kept without him (P-M.8)."""
    if reading.action != "kill" or reading.executor is not None or not view.clan_mates:
        return None
    if view.ruleset != "pefl":
        return None
    for m in evidence.mentions:
        if m.kind != "ambiguous" or m.negated or m.start in evidence.withdrawn:
            continue
        if not set(m.candidates) & set(view.clan_mates):
            continue
        if _social(_clause(evidence.tokens, m.start, m.end)):
            continue  # «Диме привет»: a greeting, no order
        return question_reading(
            AMBIGUOUS,
            f"Понял ваш приказ так: {spelled(reading)}. Но «{m.raw}» подходит к нескольким "
            f"игрокам ({', '.join(m.candidates)}) — кто исполнитель? Напишите его ник точно, "
            f"например: «{example_of(reading)}, исполнитель {m.candidates[0]}».",
        )
    return None


def _choice_on_condition(reading: LetterReading, evidence: Evidence) -> LetterReading | None:
    """The question for a side or a Don chosen on a condition: on the host's leave
    («Выбираю мирных, если можно», G-M.8) or on one the reader does not settle («Если X
    мафия — я за мафию, иначе за мирных»)."""
    if reading.kind != "move" or reading.action not in _NOT_MOVE_ROLES:
        return None
    if reading.action == "choose_side" and on_leave(evidence.tokens, evidence.questions):
        return question_reading(
            UNDECIDED,
            f"Вы выбираете сторону ({_SIDES.get(reading.side or '', reading.side)}), но с "
            "условием — спрашиваете разрешения. Выбор стороны засчитывается без условий: если "
            "он окончательный, напишите его ещё раз, например: «Выбираю мирных».",
        )
    return _conditioned(reading, evidence)


def _side_undecided(reading: LetterReading, evidence: Evidence) -> LetterReading | None:
    """G-M.8, C-2: a side named only as a wish («Выбрала бы мафию»: the side word under a
    predicate in the conditional mood) or with a doubt the letter does not settle
    («Наверное, за мафию… не знаю»): no choice made — asked, never taken."""
    if reading.kind != "move" or reading.action != "choose_side":
        return None
    tokens = evidence.tokens
    named = {m.start for m in evidence.mentions if m.kind == "nick"}
    at = [
        k
        for k, t in enumerate(tokens)
        if t.word in SIDE_TOWN | SIDE_MAFIA and t.sentence not in evidence.questions
    ]
    if not at:
        return None
    # a wish anywhere; a maybe before the first side named, a doubt after the last
    wished = any(conditional_at(tokens, k, k + 1) for k in at)
    if not (wished or _hedged_before(tokens, at[0]) or _doubted(tokens, at[-1], named)):
        return None
    return question_reading(
        UNDECIDED,
        f"Вы выбираете сторону ({_SIDES.get(reading.side or '', reading.side)}) — это "
        "окончательный выбор? Если да, напишите его без «бы» и сомнений, например: «Выбираю "
        "мирных».",
    )


def _conditioned(reading: LetterReading, evidence: Evidence) -> LetterReading | None:
    """The question for a move that a condition the reader does not settle leaves open
    (`parser.letters.conditions`): never its first branch."""
    if reading.kind != "move":
        return None
    tokens = evidence.tokens
    places = [
        m
        for m in evidence.mentions
        if m.kind == "nick" and (m.nick in reading.targets or m.nick == reading.executor)
    ]
    # the move's sentence: its action word's, or (read without one) its players'
    move_at = {k for m in places for k in range(m.start, m.end)}
    if evidence.chosen is not None:
        move_at = {evidence.chosen.i}
    if reading.action == "choose_side" and not move_at:
        # a side read without an action word (G-M.8): its sentence is the side word's
        # («Выбираю мирных, если мне скажут, что шериф жив»)
        move_at = {
            k
            for k, t in enumerate(tokens)
            if t.word in SIDE_TOWN | SIDE_MAFIA and t.sentence not in evidence.questions
        }
    players = [m for m in evidence.mentions if m.kind == "nick"]
    side = reading.action == "choose_side"
    said = open_condition(
        tokens, evidence.questions, move_at, players, side=side, targets=reading.targets
    )
    if said is None:
        return None
    return question_reading(
        UNDECIDED,
        f"Ваш ход зависит от условия: «{said}» — его я проверить не могу. Понял ход так: "
        f"{spelled(reading)}. Если он окончательный, пришлите его без условия, например: "
        f"«{example_of(reading)}».",
    )


def _decided(
    reading: LetterReading, evidence: Evidence, view: SenderView, suggestion: MemberSuggestion
) -> LetterReading | None:
    """The question for a move not yet decided (a wish, a condition, a decision left to
    someone else, a clan member's offer under `member_suggestion = "ask"`); None if decided."""
    if _undecided(reading, evidence):
        return question_reading(
            UNDECIDED,
            f"Это окончательный ход: {spelled(reading)}? Если да, напишите его без «бы» и "
            f"условий, например: «{example_of(reading)}».",
        )
    if suggestion == "ask" and _offered(reading, evidence, view):
        boss, what, counts = offer_terms(view)
        return question_reading(
            UNDECIDED,
            f"Вы предлагаете ({spelled(reading)}), но выбирает {boss}, и предложение — ещё не "
            f"заявка. Если это ваша заявка {what} (она засчитывается, {counts}), напишите "
            f"прямо, например: «Убиваем: {reading.targets[0]}».",
        )
    return None


# -- a skip, and a nick that is an ordinary word ------------------------------------------------


def _executor_question(
    reading: LetterReading, evidence: Evidence, view: SenderView
) -> LetterReading | None:
    unread = executor_unread(reading, evidence, view)
    if unread is None:
        return None
    return question_reading(
        UNKNOWN_NICK,
        f"Понял ваш приказ так: {spelled(reading)}. Но исполнителя не понял: «{unread}» — "
        "это кто? Напишите ник исполнителя из вашего клана, например: "
        f"«{example_of(reading)}, исполнитель Ник».",
    )


def _talk_without_moves(evidence: Evidence, view: SenderView) -> bool:
    """«проверяю проводку у Раствора в квартире» from a civilian: a role with no night move
    whose action word takes a thing as its object (`sense.thing_object`, the players named
    only as whose thing it is) talks of his work — no move he tries, nothing to refuse."""
    chosen = evidence.chosen
    if not view.known or view.moving_actions() or chosen is None:
        return False
    named = {k for m in evidence.mentions if m.kind != "unknown" for k in range(m.start, m.end)}
    return thing_object(evidence.tokens, chosen.i, named, alone=True)


def _hobby_object(reading: LetterReading, evidence: Evidence, view: SenderView) -> bool:
    """«Проверяю юстировку зеркала, потом спать», «Убиваю время до рассвета», «Стреляю
    взглядом в облака» (C-2, C-3): the sender's action word found no player, and its object,
    by the clause's structure (`sense.thing_object_at`), is an ordinary inanimate noun of the
    dictionary written in lower case and no word of the game («цель»). Where the letter
    names no one at all — no player, no unknown name, no «себя», no word that is a nick's
    form or a near spelling of one (`nicks.near_a_nick`: «ноту» beside Ната, «у Бита» beside
    Бит, «лимонад» beside Лимон stay asked) — and every action word of it is so spent on a
    thing, the verb is said in its everyday sense: hobby talk, no move and nothing to ask.
    A bare verb («Проверяю»), or a pronoun or a numeral before the thing («всех на
    вечеринку», «двух ноль»), is no thing of the verb's and stays as it was read."""
    chosen = evidence.chosen
    if reading.code != NO_TARGET or chosen is None or evidence.mentions:
        return False
    evidence = _in_cyrillic(evidence)
    tokens = evidence.tokens
    occs = evidence.action_words or (chosen,)
    verbs = {o.i for o in occs}
    for occ in occs:
        if tokens[occ.i].sentence in evidence.questions:
            return False
        k = thing_object_at(tokens, occ.i, frozenset(), alone=True)
        if k is None or tokens[k].word in INDICATORS or lookup(tokens[k].word) is not None:
            return False
        top = parse(tokens[k].word)[:1]
        if not top or "anim" in top[0].grammemes:
            return False  # «спасаю котёнка»: someone, not a thing
        between = (parse(tokens[j].word)[:1] for j in range(occ.i + 1, k) if tokens[j].word)
        if any(p and (p[0].pos in ("NPRO", "NUMR") or "Apro" in p[0].grammemes) for p in between):
            return False  # «Приглашаю всех на вечеринку»: the verb's object is «всех»
    return not any(
        len(t.word) >= 4 and k not in verbs and near_a_nick(t.word, view.living, SUGGEST_SCORE)
        for k, t in enumerate(tokens)
    )


def _said_no_move(reading: LetterReading, evidence: Evidence) -> bool:
    """A letter that says outright it makes no move («ходов нет», `_no_move_said`) beside
    a move that skip stands over: no move, before the role's bounds are weighed (a refusal
    would answer a move the sender says he does not make)."""
    k = _skip_at(reading, evidence)
    if k is None or not _no_move_said(evidence.tokens, k, evidence.questions):
        return False
    return _no_move_at_all(reading, evidence)


def _no_move_at_all(reading: LetterReading, evidence: Evidence) -> bool:
    """A letter that moves no one: a question for a letter that gives up its turn and has
    no action word of its own («Пас. Олег странный, но завтра»: nothing to ask); a move
    beside a skip that stands (`_skip_stands`), or on a nick that is an ordinary word used
    as one (`_word_nick_unslotted`)."""
    if reading.kind == "question" and evidence.chosen is not None:
        if reading.code == NO_TARGET and _rests(evidence):
            return True  # «бью плитку 30х60, мафия сегодня отдыхает»: work talk, and a rest
        return _skip_stands(reading, evidence)  # «Знаю, кого надо прикрыть… Пропускаю»
    if reading.kind == "question":
        return _skip_at(reading, evidence) is not None or _declined_beside_words(evidence)
    if reading.kind != "move" or reading.action in _NOT_MOVE_ROLES:
        return False
    evidence = _in_cyrillic(evidence)
    return (
        _skip_stands(reading, evidence)
        or _word_nick_unslotted(reading, evidence)
        or _greeted_only(reading, evidence)
    )


#: verbs of resting: a night off said in words
_REST_LEMMAS: Final = ws("отдыхать отдохнуть")


def _rests(evidence: Evidence) -> bool:
    """«мафия сегодня отдыхает», «я отдыхаю»: a verb of resting, in the present or the
    future, not negated and not asked — the letter's own word that no one is moved tonight.
    Weighed only where the action word found no player («бью плитку»): beside a named
    player the move is read as written."""
    tokens = evidence.tokens
    for k, t in enumerate(tokens):
        if not t.word or t.sentence in evidence.questions or negated_at(tokens, k):
            continue
        top = parse(t.word)[:1]
        if top and top[0].pos == "VERB" and top[0].lemma in _REST_LEMMAS:
            return "past" not in top[0].grammemes
    return False


def _greeted_only(reading: LetterReading, evidence: Evidence) -> bool:
    """«Privet Ostapu», «Спасибо Кате!»: a letter with no action word whose only player is
    named in a greeting, thanks or a message passed on — talk, not that role's move."""
    if evidence.chosen is not None:
        return False
    places = [m for m in evidence.mentions if m.kind == "nick" and m.nick in reading.targets]
    tokens = evidence.tokens
    return bool(places) and all(_social(_clause(tokens, m.start, m.end)) for m in places)


def _declined_beside_words(evidence: Evidence) -> bool:
    """«Никого не лечу. Сплю.», «Лечить никого не буду, жду утра»: the letter says «не» to
    a move word of the sender's, and every player it seems to name is a nick that is an
    ordinary word (`word_nick`) standing in no action word's slot: nothing to ask."""
    tokens = evidence.tokens
    nicks = [m for m in evidence.mentions if m.kind == "nick" and m.start not in evidence.reported]
    if not nicks or not all(m.nick is not None and word_nick(m.nick) for m in nicks):
        return False
    return any(_declined(tokens, k) for k in range(len(tokens)))


def _declined(tokens: Sequence[Token], k: int) -> bool:
    """A move word said with «не»: «не лечу», or an infinitive before «не буду»/«не стану»
    in its clause («Лечить никого не буду»)."""
    w = lookup(tokens[k].word) if tokens[k].word else None
    if w is None or not w.actions:
        return False
    if negated_at(tokens, k):
        return True
    clause = _clause(tokens, k, k + 1)
    words = [t.word for t in clause]
    return w.infinitive and any(
        a == "не" and b in ("буду", "будем", "стану") for a, b in pairwise(words)
    )


def _places(reading: LetterReading, evidence: Evidence) -> list[Mention]:
    return [m for m in evidence.mentions if m.kind == "nick" and m.nick in reading.targets]


def _word_nick_unslotted(reading: LetterReading, evidence: Evidence) -> bool:
    """A target whose nick is an ordinary word (`word_nick`) and that no action word of the
    sender's puts in a move's slot — none in its clause, no «Проверка:» label just before
    it: the word is used in its own sense («Сплю сегодня, устал», «…, жду, что скажут»),
    and names no one (C-2)."""
    tokens, chosen = evidence.tokens, evidence.chosen
    places = _places(reading, evidence)
    for m in places:
        if m.nick is None or not word_nick(m.nick):
            continue
        if chosen is None:
            return True
        clause = _clause(tokens, chosen.i, chosen.i + 1)
        labelled = tokens[chosen.i].raw.endswith(":") and m.start == chosen.i + 1
        if labelled or any(t is tokens[m.start] for t in clause):
            continue
        # «Лечу всё время молчит, проверяю Лечу»: the same nick in the action word's clause
        # too — the word is used as the player's name there
        if any(p.nick == m.nick and any(t is tokens[p.start] for t in clause) for p in places):
            continue
        # «Лечу вчера врал, проверяю его»: the nick the subject of a verb, the pronoun in
        # the action word's clause pointing back to him — a name, not the word's own sense
        if _subject_of_clause(tokens, m) and _pronoun_in(clause, evidence):
            continue
        return True
    return False


#: how many words after a nick its verb may stand («Лечу вчера весь день врал»)
_SUBJECT_SPAN: Final = 4


def _subject_of_clause(tokens: Sequence[Token], m: Mention) -> bool:
    """The nick written as listed is the subject of a verb of the third person or of the
    past within its own clause («Лечу вчера врал»), a verb no action word: a first-person
    word in its own sense has no such verb in its clause («Сплю сегодня, устал»)."""
    if not m.nominative or tokens[m.end - 1].clause_end:
        return False
    for k in range(m.end, min(len(tokens), m.end + _SUBJECT_SPAN)):
        t = tokens[k]
        if t.sentence != tokens[m.start].sentence:
            return False
        if subject_verb(t.word):
            found = lookup(t.word)
            return found is None or not found.actions
        if t.clause_end:
            return False
    return False


def _pronoun_in(clause: Sequence[Token], evidence: Evidence) -> bool:
    """A pronoun mention among the tokens of `clause`."""
    return any(
        m.kind == "pronoun" and any(t is evidence.tokens[m.start] for t in clause)
        for m in evidence.mentions
    )


def _skip_at(reading: LetterReading, evidence: Evidence) -> int | None:
    """Where the letter gives up its turn: a word of skipping not negated («пас»,
    «пропускаю»), «ничего» closing its clause or before «не» («Сегодня ничего», «ничего
    не делаю»), «без» before a word of the move («без хода», «без проверки»). A skip word
    that is the nick of the player an action word before it aims at («Убиваю Пас») is
    that player."""
    tokens, chosen = evidence.tokens, evidence.chosen
    aimed = {k for m in _places(reading, evidence) for k in range(m.start, m.end)}
    for k, t in enumerate(tokens):
        if not t.word or (chosen is not None and k in aimed and k > chosen.i):
            continue
        nxt = tokens[k + 1].word if k + 1 < len(tokens) else ""
        w = lookup(t.word)
        if _if_before(tokens, k):
            continue  # «Если будет выезд, пропускаю»: a skip on a condition (`_conditioned`)
        if w is not None and w.skip and not negated_at(tokens, k):
            return k
        if w is None and _skip_noun(t.word) and not negated_at(tokens, k):
            return k  # «по игре пропуск»
        if t.word == "ничего" and (t.clause_end or nxt == "не"):
            return k
        if t.word == "без" and nxt and (nxt in ("хода", "ходов") or _action_noun(nxt)):
            return k
        if _no_move_said(tokens, k, evidence.questions):
            if t.word == "никого" and reading.action == "ambush":
                continue  # «Засада. Никого не трогаю, жду гостей»: the ambush touches no one
            return k
    return None


#: «ход» in the forms a sentence saying there is no move puts it in («ходов нет», «хода не
#: будет»), and the words of time a bare «никого» may stand with («Сегодня никого.»)
_MOVE_FORMS: Final = frozenset(("хода", "ходов"))
_TONIGHT: Final = frozenset(("сегодня", "сейчас", "ночью", "пока", "я"))


def _no_move_said(tokens: Sequence[Token], k: int, questions: set[int]) -> bool:
    """C-2: a clause that says outright the letter makes no move — «Ходов нет», «хода не
    будет», «нет хода», or a bare «Сегодня никого.» — stands over an action word elsewhere
    in the letter (an idiom, «взрываю мозг кондитеру», or a kitchen verb on food): the
    sender's own word that he does not move is the plainer reading."""
    t = tokens[k]
    if t.sentence not in questions and _disclaimed(tokens, k):
        return True  # «Это не ход», «прошу не считать это ходом», «ход не нужен»
    named_move = t.word in _MOVE_FORMS or _action_noun_genitive(t.word)
    if not named_move and t.word != "никого":
        return False
    if t.sentence in questions:
        return False  # «почему у меня нет ходов?»: asked, not said
    # «лечения сегодня нет»: words of time between the move's noun and «нет»
    nxt = [x.word for x in tokens[k + 1 : k + 4] if x.sentence == t.sentence]
    nxt = [w for w in nxt if w not in _TONIGHT or w == "я"][:2]
    if named_move:
        prev = tokens[k - 1].word if k > 0 and tokens[k - 1].sentence == t.sentence else ""
        return nxt[:1] == ["нет"] or nxt[:2] == ["не", "будет"] or prev == "нет"
    clause = _clause(tokens, k, k + 1)
    if t.word == "никого" and (t.clause_end or k + 1 == len(tokens)):
        return all(x.word in _TONIGHT or x is t for x in clause)
    # «ночью никого не трогаю»: «никого» and a verb of the sender's own that names no move,
    # said with «не» — no one tonight (not «больше никого»: no one else beside a move; «в
    # засаде, никого не убиваю» declines one action, not the move)
    if any(x.word in _ELSE for x in clause):
        return False
    return len(nxt) == 2 and nxt[0] == "не" and _first_person(nxt[1]) and lookup(nxt[1]) is None


def _disclaimed(tokens: Sequence[Token], k: int) -> bool:
    """C-2: the noun «ход» at `k` (nominative, accusative or instrumental: «не ход», «не
    считать ходом», «ход не нужен») with «не» in its clause and no contrast («а», «но») or
    past verb between them or in the clause: the letter says of itself that it is no move
    («Вчерашнее было не ход, а ошибка» tells of another letter, in the past)."""
    word = tokens[k].word
    if not word or not any(
        p.pos == "NOUN" and p.lemma == "ход" and p.grammemes & _DISCLAIMED_CASES
        for p in parse(word)[:1]
    ):
        return False
    a, b = clause_bounds(tokens, k)
    nots = [j for j in range(a, b + 1) if tokens[j].word == "не"]
    if not nots:
        return False
    if any(
        p.pos == "VERB" and "past" in p.grammemes
        for j in range(a, b + 1)
        if tokens[j].word
        for p in parse(tokens[j].word)[:1]
    ):
        return False
    return any(
        not any(tokens[x].word in _CONTRAST for x in range(min(j, k), max(j, k))) for j in nots
    )


#: the cases «ход» stands in when a letter calls itself no move
_DISCLAIMED_CASES: Final = frozenset({"nomn", "accs", "ablt"})
#: the words of a contrast that put a «не» on another thing («это ход, а не шутка»)
_CONTRAST: Final = frozenset({"а", "но"})


#: «больше никого», «никого кроме …»: no one else, beside a move
_ELSE: Final = frozenset(("больше", "кроме", "ещё", "еще", "другого", "других"))


def _first_person(word: str) -> bool:
    top = parse(word)[:1]
    return bool(top) and top[0].pos == "VERB" and "1per" in top[0].grammemes


def _action_noun_genitive(word: str) -> bool:
    """«лечения», «проверки», «убийства»: a noun of a move in the genitive, as «нет» and «не
    будет» take it («лечения сегодня нет» says there is no heal, as «хода нет» no move)."""
    if not word or not _action_noun(word):
        return False
    top = parse(word)[:1]
    return bool(top) and "gent" in top[0].grammemes and "sing" in top[0].grammemes


def _same(word: str, chosen: Occ) -> bool:
    """The action word names one of the chosen reading's actions."""
    found = lookup(word)
    return found is not None and bool(found.actions & chosen.actions)


def _skip_noun(word: str) -> bool:
    """«пропуск»: a noun in the nominative singular whose verb (the noun's stem with «-ать»)
    is a word of skipping the move («пропускать»), by the dictionary's reading, not a list."""
    nouns = [p for p in parse(word)[:2] if p.pos == "NOUN" and "nomn" in p.grammemes]
    if not nouns or nouns[0].lemma != word:
        return False
    verb = lookup(nouns[0].lemma + "ать")
    return verb is not None and verb.skip


def _action_noun(word: str) -> bool:
    w = lookup(word)
    return w is not None and bool(w.actions) and any(p.pos == "NOUN" for p in parse(word)[:1])


def _if_before(tokens: Sequence[Token], k: int) -> bool:
    """Whether «если» stands before token `k` in its sentence: what `k` says holds on that
    condition only (C-2) — a skip there gives up nothing for sure."""
    return any(t.word == "если" and t.sentence == tokens[k].sentence for t in tokens[:k])


def _skip_stands(reading: LetterReading, evidence: Evidence) -> bool:
    """An explicit skip and a move read beside it: the skip stands unless the move is said
    plainly after it with its own action word, not an infinitive («Пас. Ой, не пас — лечу
    Олега» moves; «Сегодня ничего. Марину убить успею» does not). A skip after the move
    takes it back when it gives up the whole turn, not another action («Убиваю Олега,
    подрыв откладываю» moves)."""
    k = _skip_at(reading, evidence)
    if k is None:
        return False
    chosen = evidence.chosen
    if chosen is None:
        return True
    word = lookup(evidence.tokens[chosen.i].word)
    # a wish («…я бы проверил X») is no plain move either: the skip stands over it
    plain = (
        word is not None and not word.infinitive and not conditional_word(evidence.tokens, chosen.i)
    )
    if chosen.i > k:
        return not plain
    skipped = _clause(evidence.tokens, k, k + 1)
    # «Убиваю Олега, подрыв откладываю»: another action given up; «лечу трещину … лечения
    # сегодня нет»: the move's own action said to be none
    other = any(t.word and _action_noun(t.word) and not _same(t.word, chosen) for t in skipped)
    return not plain or not other


_LATIN_WORD: Final = re.compile(r"[a-z]+(?:'[a-z]+)?")


def _in_cyrillic(evidence: Evidence) -> Evidence:
    """The letter's words typed in Latin letters read as the Russian they spell («i» → и,
    «ili net» → или нет, «Vasyu» → Васю), save the players' nicks, so that every check
    below reads a letter typed in Latin as it reads one in Cyrillic (C-2: the same
    standard whatever the alphabet)."""
    nicks = {
        k for m in evidence.mentions if m.kind in ("nick", "self") for k in range(m.start, m.end)
    }
    tokens = list(evidence.tokens)
    changed = False
    for k, t in enumerate(tokens):
        if k in nicks or not _LATIN_WORD.fullmatch(t.word):
            continue
        spelt = (IN_RUSSIAN[t.word],) if t.word in IN_RUSSIAN else cyrillic_spellings(t.word)
        if spelt:
            tokens[k] = replace(t, word=spelt[0])
            changed = True
    return replace(evidence, tokens=tuple(tokens)) if changed else evidence


# -- 1. the role ------------------------------------------------------------------------------


def _role_bound(reading: LetterReading, view: SenderView) -> LetterReading | None:
    """The answer for a reading the sender's role may not make now, or None."""
    if not view.known or reading.kind == "none":
        return None
    if not view.moving_actions():
        # a clan's bastard (P-S.3), or on the election night any role with no night move
        # (P-S.2, P-S.3: a bastard believes himself a civilian, so both get one answer)
        election_night = view.ruleset == "pefl" and view.turn == 0
        no_vote = reading.action == "don" and (bool(view.clan_mates) or election_night)
        talk = reading.action in _NOT_MOVE_ROLES and reading.action not in view.role_actions
        if talk and not no_vote:
            return LetterReading()  # «Я за мирных» from a civilian: talk
        if (reading.action == "choose_side" or reading.action == "don") and not no_vote:
            return None
        return question_reading(
            NO_MOVES,
            "У вашей роли нет ночных ходов: письмо не засчитано как ход. Если вы думаете, "
            "что это ошибка, напишите ведущему.",
        )
    if reading.kind != "move" or reading.action is None:
        return None
    action = reading.action
    if action == "don" and "don" not in view.allowed:
        if not view.clan_mates:
            return LetterReading()  # «Дон — Кот» from outside a clan: an opinion
        return question_reading(
            NOT_NOW,
            "Дона клан выбирает только в нулевой ход; сейчас это письмо не засчитано как ход. "
            "Если вы хотели сделать выстрел, напишите, например: «Убиваем Ник, исполнитель Ник».",
        )
    if action not in view.role_actions:
        own = ", ".join(ACTION_WORDS.get(a, a) for a in view.moving_actions())
        return question_reading(
            WRONG_ACTION,
            f"Ход «{ACTION_WORDS.get(action, action)}» вашей роли недоступен (ваши ходы: {own}). "
            "Пришлите, пожалуйста, ход своей роли.",
        )
    if action in view.allowed or action in view.later:
        return None
    return question_reading(NOT_NOW, _why_not_now(action, view))


#: Why the rules forbid a target, in the player's words, by the engine's reason code.
_FORBIDDEN_WHY: Final = {
    "self_target": "на себя этот ход направить нельзя",
    "own_clan": "клан не стреляет в своих",
    "own_bastard": "свой ВСБ неприкосновенен для клана",
    "repeated_target": "этого игрока вы уже выбирали, повторять нельзя",
    "already_beaten": "этого игрока уже избивали в этой игре, дважды нельзя",
    "self_heal_used": "себя доктор лечит только раз за игру, и этот раз уже был",
    "not_eligible": "доном может стать только живой рядовой мафиози вашего клана",
}
_EXECUTOR_WHY: Final = {
    "executor_not_in_clan": "исполнитель должен быть живым членом вашего клана",
}


def _target_bound(reading: LetterReading, view: SenderView) -> LetterReading | None:
    """A move aimed (in whole or in part) where the rules forbid this role to aim it, or a
    Don's executor the rules refuse: the engine's own reasons (`SenderView.forbidden`,
    P-M.5, P-M.6, P-M.8, P-M.11, P-M.15, G-M.2, G-M.7), said to the player — never the
    allowed half accepted with the forbidden half dropped in silence."""
    action = reading.action or ""
    what = ACTION_WORDS.get(action, action)
    bad = [(t, r) for t in reading.targets if (r := view.forbidden_reason(action, t)) is not None]
    if bad:
        why = "; ".join(
            _FORBIDDEN_WHY.get(r, r) if t == view.nick else f"{t} — {_FORBIDDEN_WHY.get(r, r)}"
            for t, r in bad
        )
        rest = [t for t in reading.targets if t not in {b for b, _ in bad}]
        if not rest:
            return replace(
                reading,
                code=FORBIDDEN_TARGET,
                text=f"Ход «{what}» не засчитан: {why}. Пришлите ход на другого игрока, "
                f"например: «{EXAMPLE.get(action, 'Ход Ник')}».",
            )
        kept = replace(reading, targets=tuple(rest))
        return replace(  # a question; what the words say is kept with it
            reading,
            code=FORBIDDEN_PART,
            text=f"Часть хода не засчитана: {why}. Остальное ({spelled(kept)}) пока тоже не "
            f"засчитано: если оно в силе, пришлите его отдельным письмом, например: "
            f"«{example_of(kept)}».",
        )
    if reading.executor is not None and action == "kill":
        reason = view.executor_reason(reading.executor)
        outside = reading.executor not in (*view.clan_mates, view.nick)
        if reason is None and view.clan_mates and outside:
            reason = "executor_not_in_clan"  # P-M.8: the Don names a member of his clan
        if reason is not None:
            return question_reading(
                FORBIDDEN_PART,
                f"Понял выстрел так: {spelled(reading)}. Но {_EXECUTOR_WHY.get(reason, reason)}"
                f". Кто исполнитель? Напишите, например: «{example_of(reading).split(',')[0]}, "
                "исполнитель Ник».",
            )
    return None


def _why_not_now(action: str, view: SenderView) -> str:
    what = ACTION_WORDS.get(action, action)
    if view.role == "sergeant":
        return (
            "Сержант проверяет, только когда комиссара уже нет в игре; пока проверяет "
            "комиссар, ваш ход не засчитывается."
        )
    if view.ruleset == "pefl" and view.turn == 0:
        return "В нулевой ход ходит только маньяк (а мафия выбирает дона): ход не засчитан."
    if view.ruleset == "gambler" and view.turn < 2:
        return "В первый день (знакомство) ночных ходов нет: ход не засчитан."
    if action in ("blast", "ambush"):
        return f"Ход «{what}» бывает раз за игру и уже использован."
    if action == "protect":
        return "Протекты даются только в первые два хода, два за игру: ход не засчитан."
    if action == "army":
        return "Армия тьмы сейчас недоступна: её условия не выполнены. Ход не засчитан."
    if action == "choose_side":
        return "Сторону выбирают, только когда вас проверили обе стороны."
    return f"Ход «{what}» сейчас недоступен вашей роли."


# -- 2. every player accounted for ------------------------------------------------------------


def _taken_back(
    reading: LetterReading, evidence: Evidence, view: SenderView
) -> LetterReading | None:
    """The reading's own target named again after its action word and put off to later
    («Режу Катю. Ой, нет, Катю завтра, сегодня …»), or a clan mate target who is
    only spoken to («Ликвидировать …, Стас»): the letter took the reading back, so it is no
    proof of it. The question names a word the reader could not read, if one follows."""
    tokens = evidence.tokens
    chosen = evidence.chosen
    places = [m for m in evidence.mentions if m.kind == "nick" and m.nick in reading.targets]
    after = chosen.i if chosen is not None else -1
    back = [
        m
        for m in places
        if m.start > after
        and put_off(tokens, m)
        and m.start not in {t.start for t in (chosen.targets if chosen else ())}
    ]
    # a clan mate spoken to after the kill's words is who is told to shoot, not its victim
    spoken_to = bool(places) and all(
        m.nick in view.clan_mates and addressed(tokens, m) and m.start > after >= 0 for m in places
    )
    # every place the target is named puts him off («убиваю Танюху, Мишаню в следующий раз»
    # with Танюха unread): the letter names no one for tonight
    later = bool(places) and all(put_off(tokens, m) for m in places)
    if not back and not spoken_to and not later:
        return None
    since = min((m.start for m in back), default=after if not later else -1)
    unread = [m for m in evidence.mentions if m.start > since and m.kind == "unknown"]
    if unread:
        return bad_target(unread[0], reading.action or "", view.nick)
    return question_reading(
        UNACCOUNTED,
        f"Не понял, остаётся ли ход в силе: {spelled(reading)}. Пришлите, пожалуйста, одним "
        f"письмом ход, который остаётся в силе, например: «{example_of(reading)}».",
    )


def _unaccounted(reading: LetterReading, evidence: Evidence, view: SenderView) -> list[Mention]:
    tokens = evidence.tokens
    named = {*reading.targets, reading.executor, view.nick}
    anchors = [m.start for m in evidence.mentions if m.nick in reading.targets]
    places = tuple(anchors)
    if evidence.chosen is not None:
        anchors.append(evidence.chosen.i)
    out: list[Mention] = []
    for m in evidence.mentions:
        if m.kind != "nick" or m.nick in named or m.negated or m.nick not in view.living:
            continue
        if m.start in evidence.executors or m.start in evidence.withdrawn:
            continue
        if m.start in evidence.reported or _named_back(m, evidence.mentions, places):
            continue
        if anchors and void_branch(tokens, m.start, min(anchors), evidence.mentions):
            continue  # the fallback of a condition the cast rules out
        if _plain_word(tokens, m) or _accounted(
            tokens, m, anchors, view, chosen=places, mentions=evidence.mentions
        ):
            continue
        out.append(m)
    return out


def _named_back(m: Mention, mentions: Sequence[Mention], places: Sequence[int]) -> bool:
    """«Убиваем Лавра. Исполнитель Демид. Не Лавра, а Аглаю»: the player named again, now
    negated, before where the reading's player is named — taken back by name (C-2)."""
    return any(
        o.negated and o.nick == m.nick and o.start > m.start and any(k > o.start for k in places)
        for o in mentions
    )


def _unread_people(reading: LetterReading, evidence: Evidence, view: SenderView) -> list[Mention]:
    """Words that look like a reference to a person (a name-like word no ladder read, or one
    that fits several players) which the reading does not account for: «лечу Димку и Катю»
    with no player Дима — the host cannot know whether Катя alone is the move (C-3: an
    unknown nick is no move), so the letter is no proof of its reading."""
    tokens = evidence.tokens
    anchors = [m.start for m in evidence.mentions if m.nick in reading.targets]
    if evidence.chosen is not None:
        anchors.append(evidence.chosen.i)
    out: list[Mention] = []
    for m in evidence.mentions:
        if m.kind not in ("unknown", "ambiguous") or m.negated or m.gone:
            continue
        if m.kind == "unknown" and _listed_before_target(tokens, m, reading, evidence):
            out.append(m)  # «проверяю Миху и Ксюшу»: a first player of the move's own list
            continue
        if m.kind == "unknown" and not _names_someone(tokens, m, evidence.mentions):
            continue
        if m.start in evidence.executors or m.start in evidence.withdrawn:
            continue
        if m.start in evidence.reported:
            continue
        if _joined_to_target(tokens, m, reading, evidence):
            out.append(m)  # «…Алекса и Федьку»: a second player of the move's own list
            continue
        if _plain_word(tokens, m) or _accounted(tokens, m, anchors, view, unread=True):
            continue
        out.append(m)
    return out


def _joined_to_target(
    tokens: Sequence[Token], m: Mention, reading: LetterReading, evidence: Evidence
) -> bool:
    """The word stands right after «и»/«или» that follows a place of the move's target."""
    at = m.start - 1 if _after_list_word(tokens, m.start) and m.start >= 3 else m.start
    if at < 2 or tokens[at - 1].word not in _LISTED:
        return False
    ends = {t.end for t in evidence.mentions if t.kind == "nick" and t.nick in reading.targets}
    return at - 1 in ends and not tokens[at - 2].clause_end


def _after_list_word(tokens: Sequence[Token], k: int) -> bool:
    """The word at `k` follows «и»/«или» and a preposition of aim («… или в Снеговика»)."""
    return (
        k >= 2
        and tokens[k - 1].word in _AIMED
        and tokens[k - 2].word in _LISTED
        and not tokens[k - 2].clause_end
        and not tokens[k - 1].clause_end
    )


def _listed_before_target(
    tokens: Sequence[Token], m: Mention, reading: LetterReading, evidence: Evidence
) -> bool:
    """A name-like word right before «и»/«или» whose next word is a place of the move's
    target: the list's other player, whom the reading leaves out."""
    if m.end + 1 >= len(tokens) or tokens[m.end].word not in _LISTED:
        return False
    if tokens[m.end - 1].clause_end or not tokens[m.start].raw[:1].isupper():
        return False
    starts = {t.start for t in evidence.mentions if t.kind == "nick" and t.nick in reading.targets}
    return m.end + 1 in starts


_OBJECT_CASES: Final = frozenset({"accs", "gent", "datv", "ablt", "loct", "acc2", "gen2"})
_LISTED: Final = ws("и или либо")
#: prepositions a move's player follows («иду на Фокса», «загляну к Фоксу», «стреляю в …»)
_AIMED: Final = ws("на к ко в во")


def _names_someone(tokens: Sequence[Token], m: Mention, mentions: Sequence[Mention] = ()) -> bool:
    """Whether an unread word is a reference to a person a move could be aimed at: one word
    the dictionary knows as a name, a surname or a patronymic (pymorphy3), in a case form a
    move's object takes («Димку», «Саню», «Иваныча»), or in the nominative beside «и»/«или»
    in a list of players («Туман или Лёха»); and any unread word after «и»/«или» («Рэмбо
    и Кешу»: a second player the move would take, whatever the dictionary says of it). A
    name in the nominative on its own is the sender's signature or someone's speech
    («Маша.», «Вадик подсказал»), not a target."""
    if m.end - m.start != 1:
        return False
    near = [tokens[k] for k in (m.start - 1, m.end) if 0 <= k < len(tokens)]
    listed = any(t.word in _LISTED and t.sentence == tokens[m.start].sentence for t in near)
    if listed and m.start > 0 and tokens[m.start - 1].word in _LISTED:
        return True  # «проверяю Рэмбо и Кешу»: a second name in the move's list of players
    if _after_list_word(tokens, m.start):
        return True  # «стреляю в Блейда или в Снеговика»
    word = tokens[m.start].word
    person = [r for r in parse(word) if r.known and r.grammemes & NAME_TAGS]
    if not person:
        return _name_like(tokens, m, mentions)
    return listed or any(r.grammemes & _OBJECT_CASES for r in person)


def _name_like(tokens: Sequence[Token], m: Mention, mentions: Sequence[Mention] = ()) -> bool:
    """A word no dictionary and no nick form explains, written as a name is — with a capital
    inside a sentence — where a move's player stands: in a case a move's object takes
    («Мерджа», «Фоксу»), after a preposition of aim («на Фокса»), or in Latin letters
    («Проверяю Kafku, Foxa …»); not a place or a brand the dictionary knows. It may be
    the player meant, so the letter proves no reading that leaves it out (the structure
    may still account for it: a greeting, a subject, an opinion)."""
    tok = tokens[m.start]
    word = tok.word
    opens = m.start == 0 or tokens[m.start - 1].sentence != tok.sentence
    if common_word(word) or len(word) < 3 or not tok.raw[:1].isupper() or opens:
        return False
    if _rest_of_nick(tokens, m, mentions) or _place_or_brand(word):
        return False
    if re.fullmatch("[a-z]{3,}", word):
        return True  # «Проверяю Kafku, Foxa»: a Latin name
    if m.start > 0 and tokens[m.start - 1].word in _AIMED and not tokens[m.start - 1].clause_end:
        return True
    parses = parse(word)
    return bool(parses) and bool(parses[0].grammemes & _OBJECT_CASES)


def _place_or_brand(word: str) -> bool:
    """A place, an organisation or a trade name the dictionary knows («в Москве»)."""
    return any(r.known and r.grammemes & {"Geox", "Orgn", "Trad"} for r in parse(word))


def _rest_of_nick(tokens: Sequence[Token], m: Mention, mentions: Sequence[Mention]) -> bool:
    """«Black Mamb'у»: the word runs on from a player read by one word of his nick and
    starts as the nick's next word does — the rest of the same nick, no one else."""
    if m.start == 0 or tokens[m.start - 1].clause_end:
        return False
    head = translit_key(tokens[m.start].word)[:3]
    for before in mentions:
        if before.end != m.start or before.kind != "nick" or before.nick is None:
            continue
        if any(translit_key(w).startswith(head) for w in re.split(r"[\s_.\-]+", before.nick)[1:]):
            return True
    return False


def _plain_word(tokens: Sequence[Token], m: Mention) -> bool:
    """«ночью», «Ночью ниндзя …» with a player Ночь: an ordinary word used as a word (lower
    case, or capitalised only because it opens the sentence) refers to nobody."""
    if m.end - m.start != 1:
        return False
    tok = tokens[m.start]
    opens = m.start == 0 or tokens[m.start - 1].sentence != tok.sentence
    # «Re: Ночь 2»: a word numbered is the game's night, not the player
    numbered = m.end < len(tokens) and tokens[m.end].word.isdigit()
    return common_word(tok.word) and (not tok.raw[:1].isupper() or opens or numbered)


def _move_set_apart(tokens: Sequence[Token], m: Mention, anchors: Sequence[int]) -> bool:
    """«Как адвокат, защищаю подсудимого X — но ход: проверяю Y», «…, а в игре проверяю Y»:
    after the player, a contrast («но», «а», «однако») opens the move with a word naming it
    as the game's move («ход», «в игре», «по игре»), and the move is said only after it —
    what came before is the sender's talk of the world outside the game (C-2)."""
    if not anchors or min(anchors) <= m.start:
        return False
    first = min(anchors)
    for k in range(m.end, first):
        if tokens[k].word not in ("но", "а", "однако"):
            continue
        nxt = [t.word for t in tokens[k + 1 : first] if t.word][:2]
        if nxt[:1] == ["ход"] or nxt in (["в", "игре"], ["по", "игре"]):
            return True
    return False


def _owner_of_thing(tokens: Sequence[Token], m: Mention) -> bool:
    """The player stands after «у» in the clause of an action word that takes a thing as its
    object (`sense.thing_object`): «проверяю проводку у Раствора» — whose wiring it is."""
    at = set(range(m.start, m.end))
    for k in range(m.start - 1, -1, -1):
        if tokens[k].sentence != tokens[m.start].sentence or tokens[k].clause_end:
            return False
        found = lookup(tokens[k].word) if tokens[k].word else None
        if found is not None and found.actions:
            return thing_object(tokens, k, at, alone=True)
    return False


def _accounted(
    tokens: Sequence[Token],
    m: Mention,
    anchors: Sequence[int],
    view: SenderView,
    *,
    unread: bool = False,
    chosen: Sequence[int] = (),
    mentions: Sequence[Mention] = (),
) -> bool:
    """Whether the sentence structure says why the player (or, `unread`, the unread name)
    is named (`chosen`: where the move's players are named). A choice weighed between a
    player and a name the reader could not read («Катьку или Димку») is no proof of the
    player: the name may be the one chosen. `mentions`: every mention of the letter, for a
    lower-case word spoken of as a thing (`sense.thing_of_talk`)."""
    clause = _clause(tokens, m.start, m.end)
    sentence = [t for t in tokens if t.sentence == tokens[m.start].sentence]
    words = {t.word for t in clause}
    if words & (_STORY_WORDS | NEG) or deferred_in(clause, tokens, m):
        return True  # put off, told, or denied in its own clause
    if unread:
        # an opinion about the name itself, next to it («Федька мафия»), not a role word
        # elsewhere in the clause («Маньяк убивает Алекса и Федьку»)
        near = {t.word for t in tokens[max(m.start - 1, 0) : m.end + 1]}
        if near & OPINION:
            return True
    elif words & OPINION:
        return True  # an opinion in its own clause
    if any(_told(t.word) for t in clause):
        return True
    if not unread and (
        other_sense_verb(tokens, m) is not None
        or _owner_of_thing(tokens, m)
        or (anchors and set_aside(tokens, m))
        or (anchors and in_place_phrase(tokens, m))
        or any(kin_of_object(tokens, m, c.end) for c in mentions if c.start in chosen)
        or (anchors and _wished_beside_plain(tokens, m, anchors))
        or (bool(mentions) and thing_of_talk(tokens, m, mentions))
    ):
        # «Сажаю на скамейку Бульдозера»: the object of a verb of another sense; «проверяю
        # проводку у Раствора»: whose thing a work verb takes; «Лечу Тимоху, он живёт под
        # Каменкой»: a place, a source, no player of the move
        return True
    if _move_set_apart(tokens, m, anchors):
        return True  # «защищаю подсудимого X — но ход: проверяю Y»: talk before the move
    if (
        addressed(tokens, m)
        or is_subject(tokens, m)
        or believed(tokens, m.start)
        or remark(tokens, m)
    ):
        return True
    moved = {tokens[k].sentence for k in anchors}
    if _social(clause) or (tokens[m.start].sentence not in moved and _social(sentence)):
        return True  # «Привет Онисиму!», «Спасибо Суфлёру за …», «Милане передай, что …»
    if tokens[m.start].sentence not in moved and punished_in_jest(sentence):
        return True  # «Штыку — наряд вне очереди за болтовню»: a joke, no role's move
    if view.clan_mates and m.nick in view.clan_mates and _near_executor_word(sentence):
        return True
    # «Если Боба повесят, то ладно. Проверяю Рокета»: named in a condition of a sentence
    # apart from the move's, about what the day may bring
    if tokens[m.start].sentence not in moved and any(t.word == "если" for t in sentence):
        return True
    # «Проверить бы Лагмана… Проверяю Шампура»: named in a wish of an earlier sentence, which
    # the move said plainly after it settles (`parser.letters.decide.wishes_settled`)
    if _wished(clause) and all(tokens[k].sentence > tokens[m.start].sentence for k in anchors):
        return True
    # weighed against the chosen player in a sentence of choice, and the choice made after
    # him («Боба или Рокета… Боба», «…или Рокета — всё-таки Боба»); «Или Боб, или Рокет — не
    # знаю» weighs and chooses nobody
    if (
        not unread
        and {t.word for t in sentence} & CHOICE
        and any(tokens[k].sentence == tokens[m.start].sentence for k in anchors)
        and (any(k > m.start for k in chosen) or any(t.word in SETTLED for t in tokens[m.end :]))
    ):
        return True
    # replaced by a correction: a correction word between him and the reading, or «не её»
    return any(
        k > m.start
        and any(
            _corrects(tokens, j) or redo_word(tokens, j) or _not_that_one(tokens, j)
            for j in range(m.end, k)
        )
        for k in anchors
    )


#: words of a greeting, thanks or a message passed on: a remark to or about a player
_SOCIAL: Final = ws("привет приветик приветствую здравствуй здравствуйте спасибо благодарю поклон")
_PASS_ON: Final = ws("передать передавать")


def _weighed_question(reading: LetterReading, evidence: Evidence) -> LetterReading | None:
    weighed = _weighed(reading, evidence)
    if weighed is None:
        return None
    if reading.action == "don":  # P-M.8: the clan's election, no night move
        return question_reading(
            WHICH_TARGET,
            f"Кого из двух вы выбираете доном: {weighed[0]} или {weighed[1]}? Пришлите, "
            "пожалуйста, выбор с одним ником.",
        )
    return question_reading(
        WHICH_TARGET,
        f"Кого из двух: {weighed[0]} или {weighed[1]}? Пришлите, пожалуйста, ход с одним ником.",
    )


#: «кто-то из них», «один из двоих», «кого-нибудь из обоих»: one of a set, not said which
_SOME: Final = ws("кто-то кто-нибудь кого-то кого-нибудь один одна одного одну кто")
_THEM: Final = ws("них двоих обоих обеих")


def _one_of_them(
    reading: LetterReading, evidence: Evidence, view: SenderView
) -> LetterReading | None:
    """«…заходит к Эрасту, а потом к Нелли, и кто-то из них утром не выходит»: the letter
    names two players and says the move takes one of them without saying which — asked,
    naming them."""
    tokens = evidence.tokens
    some = [
        t.sentence
        for k, t in enumerate(tokens)
        if t.word == "из"
        and k + 1 < len(tokens)
        and tokens[k + 1].word in _THEM
        and k > 0
        and tokens[k - 1].word in _SOME
    ]
    if not some:
        return None
    if len(reading.targets) == 1 and any(
        m.kind == "nick" and m.nick == reading.targets[0] and tokens[m.start].sentence > some[-1]
        for m in evidence.mentions
    ):
        return None  # «…, один из них точно. Беру Дымова.»: a later sentence chose him
    named = [m.raw for m in evidence.mentions if m.kind == "nick" and m.nick != view.nick]
    named = list(dict.fromkeys(n.strip(EDGE_MARKS) for n in named))
    if len(named) < 2:
        return None
    return question_reading(
        WHICH_TARGET,
        f"Кого из них: {' или '.join(named)}? Пришлите, пожалуйста, ход с одним ником.",
    )


def _elected_pair(reading: LetterReading, evidence: Evidence) -> LetterReading | None:
    """P-S.2: «Доном выбираю Персея и Деву», «дон Персей и Дева»: the elected player and
    another living player joined by «и» with nothing else between them — a clan has one
    Don, and the letter names two for him: asked which, never the first taken."""
    tokens = evidence.tokens
    nicks = sorted((m for m in evidence.mentions if m.kind == "nick"), key=lambda m: m.start)
    for a, b in pairwise(nicks):
        between = [t.word for t in tokens[a.end : b.start] if t.word]
        if between not in (["и"], ["and"]) or a.nick == b.nick or a.negated or b.negated:
            continue
        if any(t.clause_end for t in tokens[a.end - 1 : b.start]):
            continue  # «Доном Персея, и Дева согласна»: another clause
        if {a.nick, b.nick} & set(reading.targets):
            return question_reading(
                WHICH_TARGET,
                f"Доном клан выбирает одного игрока: {a.raw.strip(EDGE_MARKS)} или "
                f"{b.raw.strip(EDGE_MARKS)}? Пришлите, пожалуйста, выбор с одним ником.",
            )
    return None


def _weighed(reading: LetterReading, evidence: Evidence) -> tuple[str, str] | None:
    """«Или Клим, или Мирон — не знаю», «то ли Клима, то ли Мирона»: the move's player and
    another living player joined by «или» with nothing between them, and no choice made
    after the pair (neither named again, no «всё-таки», «пусть», «ладно» …): the letter
    weighs the two and chooses neither — the pair, as written."""
    tokens = evidence.tokens
    nicks = sorted((m for m in evidence.mentions if m.kind == "nick"), key=lambda m: m.start)
    for a, b in pairwise(nicks):
        between = [t.word for t in tokens[a.end : b.start] if t.word]
        if not between or any(w not in OR for w in between) or a.nick == b.nick:
            continue
        if not {a.nick, b.nick} & set(reading.targets) or {a.nick, b.nick} <= set(reading.targets):
            continue
        later = [m for m in nicks if m.start >= b.end and m.nick in (a.nick, b.nick)]
        if later or any(t.word in SETTLED for t in tokens[b.end :]):
            continue
        return a.raw.strip(EDGE_MARKS), b.raw.strip(EDGE_MARKS)
    return None


def _social(clause: Sequence[Token]) -> bool:
    """A greeting, thanks or a message passed on through the host («Привет X», «Спасибо X
    за …», «передай X, что …»): a remark naming a player, no move on him."""
    for t in clause:
        if t.word in _SOCIAL:
            return True
        parses = parse(t.word) if t.word else ()
        if parses and parses[0].lemma in _PASS_ON and "impr" in parses[0].grammemes:
            return True
    return False


def _not_that_one(tokens: Sequence[Token], j: int) -> bool:
    """«… тьфу, не её.»: a clause opening with «не» and a pronoun — the player named before
    is taken back (`mentions.taken_back_marks`)."""
    opens = j == 0 or tokens[j - 1].clause_end or tokens[j - 1].sentence != tokens[j].sentence
    return (
        opens
        and tokens[j].word == "не"
        and j + 1 < len(tokens)
        and tokens[j + 1].sentence == tokens[j].sentence
        and tokens[j + 1].word in PRONOUNS
    )


def redo_word(tokens: Sequence[Token], k: int) -> bool:
    """«переделываю:», «перерешал —», «переиграю:»: the sender's own verb (first person, or
    the past) of doing again — «пере-» before a verb the dictionary knows by itself —
    closing its clause or before a dash, so that it takes no object of its own (not
    «переделываю ванную»): a correction word, the move after it replacing the one before,
    as after «исправляю». Not a word of the game's vocabulary («перепроверяю» checks)."""
    t = tokens[k]
    if lookup(t.word) is not None:
        return False
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    closes = t.clause_end or nxt is None or nxt.raw in ("—", "–", "-", "--")
    if not closes:
        return False
    return again_verb(t.word, past=True)


def _correction_word(word: str) -> bool:
    return word in CORRECTION or word == "есть" or correction_lemma(word) is not None


def _corrects(tokens: Sequence[Token], k: int) -> bool:
    return correcting(tokens, k) or tokens[k].word == "есть"  # «то есть»


def _clause(tokens: Sequence[Token], start: int, end: int) -> list[Token]:
    a = start
    while (
        a > 0 and not tokens[a - 1].clause_end and tokens[a - 1].sentence == tokens[start].sentence
    ):
        a -= 1
    b = end - 1
    while b < len(tokens) - 1 and not tokens[b].clause_end:
        b += 1
    return [t for t in tokens[a : b + 1] if t.word]


def _told(word: str) -> bool:
    parses = parse(word) if word else ()
    return bool(parses) and parses[0].pos == "VERB" and "past" in parses[0].grammemes


def addressed(tokens: Sequence[Token], m: Mention) -> bool:
    """«Портос, держись!», «Shrek, не подведи», «Ворон, Лёха — …», «Ян — отдыхай»,
    «Держись, Портос»: the player spoken to."""
    last = next(
        tokens[j] for j in range(m.end - 1, m.start - 1, -1) if tokens[j].word or j == m.start
    )
    k = m.start
    # a row of names opening the sentence: «Ворон, Лёха — сегодня Сова»
    while k > 0 and tokens[k - 1].sentence == last.sentence and tokens[k - 1].raw.endswith(","):
        k -= 1
        while k > 0 and tokens[k - 1].sentence == last.sentence and not tokens[k - 1].clause_end:
            k -= 1
    first = k == 0 or tokens[k - 1].sentence != last.sentence
    end = tokens.index(last) + 1
    nxt = tokens[end] if end < len(tokens) else None
    if first and last.raw.rstrip("»\"')").endswith((",", "!")):
        # «Портос, держись!» calls him by his nick; «Ивана Петровича, конечно» is a case
        # form, the object of the move said again, not a name called
        return m.nominative or not _oblique(last.word)
    if first and nxt is not None and nxt.raw in ("—", "–", "-") and end + 1 < len(tokens):
        after = tokens[end + 1]
        return k < m.start or after.raw.endswith(",") or _imperative(after.word)
    at_end = nxt is None or nxt.sentence != last.sentence
    before = tokens[m.start - 1] if m.start > 0 else None
    called = m.nominative or not _oblique(last.word)  # «Держись, Портос», not «нет, Сову»
    return at_end and before is not None and before.raw.endswith(",") and called


def _oblique(word: str) -> bool:
    """Whether every reading of `word` the dictionary knows is in an oblique case
    («Петровича»): a word no one is called by."""
    parses = [r for r in parse(word) if r.known] if word else []
    return bool(parses) and not any(r.grammemes & {"nomn", "voct"} for r in parses)


def _imperative(word: str) -> bool:
    parses = parse(word) if word else ()
    return bool(parses) and "impr" in parses[0].grammemes


def _near_executor_word(sentence: Sequence[Token]) -> bool:
    return any(t.word.startswith(("исполн", "выполн")) for t in sentence)


def _told_to_a_mate(reading: LetterReading, evidence: Evidence, view: SenderView) -> bool:
    """«Рокки, бей Атоса» from a Don: the word names another role's move (the thug's
    beating) and a clan mate is told to make it — an order to him, not the Don's kill
    with him as its executor."""
    chosen = evidence.chosen
    if not view.known or chosen is None or not chosen.said:
        return False
    if reading.executor in (None, view.nick):
        return False
    if (
        chosen.said & VIOLENCE
        and "kill" in view.moving_actions()
        and _cued(evidence)
        and not _player_before(evidence, chosen.i)
    ):
        # «Клан бьёт Иголку, исполнитель Сигрид»: a word of violence in its broad sense, and
        # the executor named as one by the executor's word — the clan's shot she carries
        # out (P-M.8), not another role's move she is told to make
        return False
    return not chosen.said & set(view.role_actions)


def _player_before(evidence: Evidence, i: int) -> bool:
    """A player is named in the clause of the word at `i`, before it: its subject, the one
    told to act («а Фитиль пусть подорвёт Марко»), not the clan as a whole."""
    a, _b = clause_bounds(evidence.tokens, i)
    return any(m.kind == "nick" and a <= m.start < i for m in evidence.mentions)


def _cued(evidence: Evidence) -> bool:
    """The letter names its executor by the executor's word («исполнитель», «исп.»)."""
    return any(t.word.startswith(("исполн", "выполн")) for t in evidence.tokens)


def _own_nick_as_actor(reading: LetterReading, evidence: Evidence, view: SenderView) -> str | None:
    """«Пушка стреляет по Мише» from the player Пушка, «Пельмень варит Катю» from Пельмень:
    the sender's nick, the name of a thing, stands before the move's player in the move's
    sentence as the one who acts — a pun on the nick, which may tell another action than
    the role's (a clan member's «стреляет» beside her own blast) or, with no action word
    at all, none. Her move is then not proven by the words. A signature on a line of its
    own, a nick that is a person or an animal («Медведь стреляет в Ворона»), or a role's
    own action word from a role that has no clan shot beside it, is plain."""
    tokens = evidence.tokens
    targets = [m for m in evidence.mentions if m.kind == "nick" and m.nick in reading.targets]
    stem = view.nick.lower().replace("ё", "е")[:4]
    thing = _thing(view.nick)
    if not targets or (not thing and (" " in stem or len(stem) < 4)):
        return None
    member_shot = reading.action == "kill" and bool(view.clan_mates) and not view.is_don
    if evidence.chosen is not None and not member_shot:
        return None
    first = targets[0]
    if labelled_target(tokens, first) and set(view.moving_actions()) == {reading.action}:
        # «Кинжал выходит на охоту: цель X» from the maniac Кинжал: the target is labelled
        # as the move's, and his role has that move alone — the nick is the sender himself
        return None
    for m in evidence.mentions:
        if m.kind != "nick" or m.nick != view.nick or m.start >= first.start:
            continue
        if tokens[m.start].sentence != tokens[first.start].sentence:
            continue
        if _own_clause_says_it(tokens, m.end - 1, first.start):
            continue
        between = [t for t in tokens[m.end : first.start] if t.word]
        # «Вжик вжикает Никиту»: the nick made a verb is a pun whatever the nick is
        if any(_finite(t.word) and (thing or t.word.startswith(stem)) for t in between):
            return " ".join(t.raw for t in tokens[m.start : first.end])
    return None


def _own_clause_says_it(tokens: Sequence[Token], after: int, target: int) -> bool:
    """«Ладья идёт на h7: стреляю в X» from Ладья: a clause ends between the sender's nick
    and the player, and the player's own clause has the sender's verb in the first person
    before him — the move is told in the sender's own voice, the nick's clause is talk."""
    ends = [k for k in range(after, target) if tokens[k].clause_end]
    if not ends:
        return False
    for k in range(ends[-1] + 1, target):
        top = parse(tokens[k].word)[:1] if tokens[k].word else []
        if top and top[0].pos == "VERB" and "1per" in top[0].grammemes:
            return True
    return False


def _described_after(reading: LetterReading, evidence: Evidence) -> str | None:
    """«Ветер, Сова, Гроза — убиваю среднюю»: the players named before the action word, and
    after it, in place of a nick, a word that picks one of them by a description (an
    adjective or an ordinal in the object's case) — which one is meant is not proven."""
    tokens = evidence.tokens
    chosen = evidence.chosen
    if chosen is None or not reading.targets or any(m.start > chosen.i for m in evidence.mentions):
        return None
    sentence = tokens[chosen.i].sentence
    if not any(
        m.kind == "nick" and tokens[m.start].sentence == sentence for m in evidence.mentions
    ):
        return None
    for t in tokens[chosen.i + 1 :]:
        if t.sentence != tokens[chosen.i].sentence:
            break
        if not t.word:
            continue
        parses = parse(t.word)
        if not parses or t.word in PRONOUNS:
            return None
        top = parses[0]
        if _counted_both(reading, evidence):
            return None
        if top.pos in ("ADJF", "PRTF", "NUMR") and top.grammemes & {"accs", "gent", "datv"}:
            return t.raw.strip(",.;:!?…»«)(\"'")
        return None
    return None


def _counted_both(reading: LetterReading, evidence: Evidence) -> bool:
    """«Ныряю за X и Y: протект обоим»: right after the move's word a form of «оба» (the
    dictionary's lemma), and the players named before it in its sentence exactly the two the
    move holds — a move that takes two (P-M.6) — so the word counts them, picks neither, and
    whatever verb named them first, they are the move's (C-2). Three named, or others, and
    «обоим» does not say which two: not this."""
    chosen = evidence.chosen
    if chosen is None or len(set(reading.targets)) != 2:
        return False
    tokens = evidence.tokens
    sentence = tokens[chosen.i].sentence
    nxt = next((t for t in tokens[chosen.i + 1 :] if t.word), None)
    if nxt is None or nxt.sentence != sentence:
        return False
    if not any(r.lemma == "оба" for r in parse(nxt.word)[:1]):
        return False
    before = {
        m.nick
        for m in evidence.mentions
        if m.start < chosen.i and tokens[m.start].sentence == sentence and not m.negated
    }
    return before == set(reading.targets)


def _object_of_another_verb(reading: LetterReading, evidence: Evidence) -> str | None:
    """«Сову убью, Грозу пощажу»: every place the target is named stands in a clause of its
    own with a verb that is no action word («пощажу», «жалко», «оставлю») and not the move's
    own word — the player is that verb's object, and the move's player is not proven."""
    chosen = evidence.chosen
    if chosen is None or _counted_both(reading, evidence):
        return None
    tokens = evidence.tokens
    places = [m for m in evidence.mentions if m.kind == "nick" and m.nick in reading.targets]
    if not places:
        return None
    if any(
        m.kind == "pronoun"
        and m.start > chosen.i
        and any(t is tokens[chosen.i] for t in dash_clause(tokens, m.start, m.end))
        for m in evidence.mentions
    ):
        return None  # «… на Голкипера. В смысле убиваю его»: the move names him again by a pronoun
    if _restated(tokens, chosen.i, places, evidence.mentions):
        return None
    for m in places:
        clause = dash_clause(tokens, m.start, m.end)
        if any(t is tokens[chosen.i] for t in clause):
            return None
        own = {id(t) for t in tokens[m.start : m.end]}  # the nick's own word («Сплю»)
        if not any(
            _own_verb(t.word)
            for t in clause
            if t.word and not _correction_word(t.word) and id(t) not in own
        ):
            return None
    return f"{places[-1].raw}"


def _restated(
    tokens: Sequence[Token], i: int, places: Sequence[Mention], mentions: Sequence[Mention]
) -> bool:
    """«Провожу привод X — то есть избиваю», «Удостоверяю личность X — проверка»: the move's
    bare action word after a word of restating («то есть», «в смысле») or a dash, in the
    sentence that named the player before it in words of another sense: the later statement
    says what the earlier one meant, so the player is the move's (C-2). Not when the action
    word has a player of its own after it («… — то есть убиваю Y»)."""
    sentence = tokens[i].sentence
    if (
        places
        and all(tokens[m.start].sentence < sentence for m in places)
        and not any(tokens[m.start].sentence == sentence for m in mentions)
        and bare_act(tokens, i)
    ):
        # «Отправляю Бориса в долгий сон. То есть убиваю.»: the bare action word's sentence
        # restates the one before (`decide._restated_without_object`)
        return True
    if not places or any(tokens[m.start].sentence != sentence or m.start > i for m in places):
        return False
    if any(m.start > i and tokens[m.start].sentence == sentence for m in mentions):
        return False
    lead = [t for t in tokens[:i] if t.sentence == sentence]
    dash = bool(lead) and (
        (not lead[-1].word and lead[-1].raw in DASHES) or lead[-1].raw.endswith(tuple(DASHES))
    )
    words = tuple(t.word for t in lead if t.word)
    return dash or any(words[-len(marker) :] == marker for marker in RESTATING)


def bare_act(tokens: Sequence[Token], i: int) -> bool:
    """The action word at `i` has no object: no noun, pronoun or adjective follows it in its
    sentence («То есть убиваю.», «В смысле лечу.»)."""
    for t in tokens[i + 1 :]:
        if t.sentence != tokens[i].sentence:
            break
        first = parse(t.word)[:1] if t.word else []
        if first and first[0].pos in ("NOUN", "NPRO", "ADJF", "PRTF"):
            return False
        if t.word and not first:
            return False
    return True


def _own_verb(word: str) -> bool:
    """A verb of the sender's (first person or an infinitive) that names no move; not a
    verb of going to someone («Иду к Ксаверию. Режу его.»), which is the move's way there."""
    found = lookup(word)
    if found is not None and (found.actions or found.visit or found.call):
        return False
    parses = parse(word)
    return bool(parses) and (
        (parses[0].pos == "VERB" and "1per" in parses[0].grammemes) or parses[0].pos == "INFN"
    )


def _executor_or(reading: LetterReading, evidence: Evidence) -> str | None:
    """«исполнитель Туман или кто свободен»: the executor offered as one of a choice."""
    if reading.executor is None:
        return None
    tokens = evidence.tokens
    for m in evidence.mentions:
        if m.nick != reading.executor or m.end >= len(tokens):
            continue
        if tokens[m.end - 1].clause_end:
            continue
        nxt = next((t for t in tokens[m.end :] if t.word), None)
        if nxt is not None and nxt.word in ("или", "либо"):
            return f"{m.raw} {nxt.raw}"
    return None


def _thing(nick: str) -> bool:
    """A one-word nick that is an inanimate noun of the dictionary (Пушка, Пельмень)."""
    word = nick.lower().replace("ё", "е")
    if " " in word or not common_word(word) or word in GAME_WORDS:
        return False
    parses = parse(word)
    return parses[0].pos == "NOUN" and "inan" in parses[0].grammemes


def _finite(word: str) -> bool:
    parses = parse(word)
    return bool(parses) and parses[0].pos == "VERB" and "3per" in parses[0].grammemes


def _said(evidence: Evidence) -> str:
    said = evidence.chosen.said if evidence.chosen is not None else frozenset()
    return ", ".join(ACTION_WORDS.get(a, a) for a in sorted(said))


# -- the Don's executor ------------------------------------------------------------------------

# words that leave the executor to the host or the clan: no one is named, nothing to ask
_LEFT_OPEN: Final = ws(
    "усмотрение любой любого выбор твой твое твоё ваш ваше свой сам сами неважно равно "
    "кто угодно хочет хотите желающий"
)
_EXECUTOR_CUES: Final = ("исполн", "выполн")
_SLOT_VERBS: Final = ws(
    "стрелять пострелять выстрелить убить убивать убрать убирать сделать делать исполнить "
    "исполнять выполнить выполнять идти пойти сходить работать"
)


def executor_unread(reading: LetterReading, evidence: Evidence, view: SenderView) -> str | None:
    """The words of a Don's kill order that name its executor where no clan mate was read
    (P-M.8: the Don's order needs an executor while his clan has another member): an
    unknown word, «исполнитель» followed by words that are no one's nick («исполнитель тот
    же, что вчера»), or a verb of carrying out with a person of no nick as its subject
    («пусть стреляет наш новенький»). None when the order names no executor at all (the
    engine answers it as P-M.8 says) or leaves him open («на твоё усмотрение»)."""
    if reading.action != "kill" or reading.executor is not None or not view.is_don:
        return None
    if len(view.clan_mates) < 2:
        return None
    tokens = evidence.tokens
    named = {k for m in evidence.mentions if m.kind != "unknown" for k in range(m.start, m.end)}
    unknown = [m for m in evidence.mentions if m.kind == "unknown" and not m.gone]
    if unknown:
        return unknown[0].raw
    for k, t in enumerate(tokens):
        if not t.word:
            continue
        if t.word.startswith(_EXECUTOR_CUES):
            words = _slot_words(tokens, k + 1, named)
        else:
            parses = parse(t.word)
            if not parses or parses[0].lemma not in _SLOT_VERBS:
                continue
            if "3per" not in parses[0].grammemes:
                continue
            words = _slot_words(tokens, k + 1, named, people=True)
        if words:
            return " ".join(words)
    return None


def _slot_words(
    tokens: Sequence[Token], start: int, named: set[int], *, people: bool = False
) -> list[str]:
    """The words of the clause from `start` that stand where a name would (no nick read, no
    preposition's object, no word leaving the choice open); `people`: only words that can
    name a person in the nominative («наш новенький», «тот»)."""
    out: list[str] = []
    for k in range(start, len(tokens)):
        t = tokens[k]
        if k in named:
            return []  # a player stands there: someone was named
        if t.word and t.word not in GAME_WORDS and t.word not in ("же", "это", "пусть"):
            if t.word in _LEFT_OPEN or (out == [] and t.word in ("на", "по", "в", "к")):
                return []
            if not people or _person_word(t.word):
                out.append(t.raw.strip(EDGE_MARKS))
        if t.clause_end:
            break
    return out


def _person_word(word: str) -> bool:
    parses = parse(word)
    return (
        bool(parses)
        and parses[0].pos in ("NOUN", "ADJF", "NPRO")
        and ("nomn" in parses[0].grammemes)
    )


# -- 3. decided -------------------------------------------------------------------------------


def _undecided(reading: LetterReading, evidence: Evidence) -> bool:
    """The move said only as a wish («я бы глянул Кота»: «бы» in the clause of every place
    the letter names its player, not after a question word — «Кого бы проверить… Маша!»
    decides) or with the decision left to someone else («решает Кощей», «Дон, решай»)."""
    tokens = evidence.tokens
    places = [m for m in evidence.mentions if m.nick in reading.targets]
    clauses = [_clause(tokens, m.start, m.end) for m in places]
    if evidence.chosen is not None and not places:
        clauses = [_clause(tokens, evidence.chosen.i, evidence.chosen.i + 1)]
    if (
        clauses
        and all(_wished(c) for c in clauses)
        and not any(plainly_governed(tokens, m.start, m.end) for m in places)
    ):
        return True
    players = [m for m in evidence.mentions if m.kind == "nick"]
    if (
        evidence.chosen is not None
        and (
            _consequence(tokens, evidence.chosen.i, evidence.mentions)
            or _trailing_condition(tokens, evidence.chosen.i, evidence.mentions)
        )
        and not same_every_branch(tokens, {evidence.chosen.i}, players, set(reading.targets))
    ):
        return True
    if evidence.chosen is not None and _after_a_player(
        tokens, evidence.chosen.i, evidence.mentions
    ):
        return True
    # the target named in the doubt's own clause («…, не уверен, что Урала», «не уверен,
    # убивать ли Урала») is what is doubted, not named again to settle it
    kept = [m.end - 1 for m in places if not _doubted_object(tokens, m.start)]
    at = max([evidence.chosen.i if evidence.chosen else -1, *kept])
    named = {m.start for m in evidence.mentions if m.kind == "nick"}
    if at >= 0 and _doubted(tokens, at, named):
        return True
    first = evidence.chosen.i if evidence.chosen else min((m.start for m in places), default=-1)
    if first >= 0 and _hedged_before(tokens, first):
        return True
    if first >= 0 and any(t.word in _OPINION for t in _clause(tokens, first, first + 1)):
        return True  # «ИМХО надо валить Олега»: an opinion offered, not an order
    return _deferred_to_another(tokens, evidence) or _asked_after(tokens, at, evidence.questions)


def _offered(reading: LetterReading, evidence: Evidence, view: SenderView) -> bool:
    """«Предлагаю Ольгу», «Дон, голосую за то, чтобы убить Ольгу», «я за Ольгу» from a PEFL
    clan member (not the Don) or a Gambler mafioso while the godfather lives
    (`offers_the_kill`): the sentence where the kill is said last offers the victim to the
    one who decides — no request of his yet (P-M.8 ruling; G-M.5/G-M.6 ruling). A member
    who names himself as the one who shoots («…, исполнитель я») volunteers: that is his
    request."""
    if reading.action != "kill" or reading.executor == view.nick or not reading.targets:
        return False
    if not offers_the_kill(view):
        return False
    tokens = evidence.tokens
    places = [m.start for m in evidence.mentions if m.nick in reading.targets]
    last = max([*places, evidence.chosen.i if evidence.chosen else -1])
    if last < 0:
        return False
    lead = [t.word for t in tokens[:last] if t.word and t.sentence == tokens[last].sentence]
    offers = suggest_words()
    return any(w in offers for w in lead) or any(a == "я" and b == "за" for a, b in pairwise(lead))


def _asked_after(tokens: Sequence[Token], at: int, asked: set[int]) -> bool:
    """«Проверяю Лену. Или Федьку?», «…? А может Грозу?»: a question after the move that
    offers another choice («или», «либо», «может») or names a person — the move is put in
    doubt by the sender herself (C-2)."""
    if at < 0:
        return False
    for t in tokens[at + 1 :]:
        if t.sentence == tokens[at].sentence or t.sentence not in asked or not t.word:
            continue
        if t.word in ("или", "либо", "может", "а") or t.word in LEAVE:
            return True  # another choice offered, or leave asked («Можно ведь?»)
        if any(r.known and r.grammemes & NAME_TAGS for r in parse(t.word)):
            return True
    return False


_TAKE_BACK: Final = ws("или хотя ой а")
#: the subject of a remark of its own: «походу он комиссар», «вроде она мафия»
_SUBJECTS: Final = ws("он она они это")
_PAST_NIGHT: Final = ws("вчера позавчера")
_THIS_NIGHT: Final = ws("сегодня сейчас теперь нынче этой эту")
_ASKED_WHOM: Final = ws("кого кому кто кем чей чью какого")


def _after_a_player(tokens: Sequence[Token], i: int, mentions: Sequence[Mention]) -> bool:
    """C-2, M2 (batch 25): «После Радиста убиваю Якоря»: «после» governing a player, in the
    move's sentence — the move waits for something done to or by that player, no time of
    the sender's evening (`promised`: «после ужина» is one, an event noun)."""
    sentence = tokens[i].sentence
    return any(
        m.kind == "nick"
        and m.start > 0
        and tokens[m.start - 1].word == "после"
        and tokens[m.start].sentence == sentence
        for m in mentions
    )


def _hedged_before(tokens: Sequence[Token], i: int) -> bool:
    """«Может быть, проверяю Сильвера», «Пока не решил. Думаю: проверяю Рокета»: a maybe in
    the move's sentence before its word, or a sentence of its own before it saying that the
    sender has not decided (not one that asks whom: «Не знаю, кого проверить. Проверяю
    Лену» decides) — the move is not final (C-2)."""
    sentence = tokens[i].sentence
    lead = [t.word for t in tokens[:i] if t.word and t.sentence == sentence]
    if set(lead) & SETTLED:
        return False  # «…не знаю. Пусть будет Жанна»: the choice is made
    if set(lead) & MAYBE:
        return True
    # «Вчера: проверяю Рокета»: the move's sentence tells of a night gone, not this one
    # in the move's own clause before its word («Вчера проверяю …»), or as the sentence's
    # label («Вчера: …»); not in a clause about someone («Оскар, что вчера путал, …»)
    own = {t.word for t in dash_clause(tokens, i, i + 1) if tokens.index(t) < i}
    opening = next((t for t in tokens[:i] if t.word and t.sentence == sentence), None)
    label = opening is not None and opening.raw.endswith((":", "—")) and opening.word in _PAST_NIGHT
    if (own & _PAST_NIGHT or label) and not set(lead) & _THIS_NIGHT:
        return True
    words = [t.word for t in tokens[:i] if t.word and t.sentence < sentence]
    for n, w in enumerate(words[:-1]):
        near = set(words[max(n - 3, 0) : n] + words[n + 2 : n + 4])
        # not yet decided («Пока не решил.»); «не уверен» before a move answers someone
        # else's words
        if w == "не" and words[n + 1] in decided_words() and not near & _ASKED_WHOM:
            return True
    return False


def _doubted(
    tokens: Sequence[Token], i: int, named: frozenset[int] | set[int] = frozenset()
) -> bool:
    """«Хочу проверить Лену, но боюсь», «Убиваю Сову. Не уверена», «…, подумаю ещё», «ну
    Влад наверно», «стреляю в Шапку (шутка)»: the sender says after the move's word (or
    its player) that she doubts it, has not decided or jokes — the move is
    not final (C-2: a move the letter does not settle is no move). Only after the last
    place the target is named («…, не знаю, пусть будет Кузя» settles it), and not of
    another night («завтра подумаю»)."""
    at = [k for k in range(i + 1, len(tokens)) if tokens[k].word]
    words = [tokens[k].word for k in at]
    # a maybe right after the move's player («Ирку убью наверное. или нет»), unless it is
    # about another night («…, может завтра Лису») or opens a remark with its own subject
    # («чек Вовану, походу он комиссар»)
    if words[:1] and words[0] in MAYBE and not set(words[1:3]) & (DEFERRED | _SUBJECTS):
        return True
    # «…, но может Мирона, решу завтра»: a maybe that offers another player in the move's
    # place (not put off to another night: «…, может завтра Лису») — the choice is open
    for n, w in enumerate(words):
        player = next((p for p in range(n + 1, min(n + 4, len(at))) if at[p] in named), None)
        if w in MAYBE and player is not None and not set(words[max(n - 2, 0) : player]) & DEFERRED:
            return True
    if set(words) & DEFERRED:
        return False
    if joked(words):  # a joke said of it («(шутка)»)
        return True
    # «Проверяю Лену. Или нет», «…, хотя нет»: taken back, and no one named after it
    # or «Нет.» opening a sentence of its own
    for n, w in enumerate(words):
        if w != "нет" or any(k > at[n] for k in named) or whether_or_not(tokens, at[n]):
            continue
        if existential_no(tokens, at[n]):
            continue  # «…, нет смысла ждать»: something not there, nothing taken back
        if n == 0 or words[n - 1] in _TAKE_BACK or tokens[at[n - 1]].clause_end:
            return True
    for n, w in enumerate(words):
        # «не уверен», «не решила», «не знаю», «хз»; «…, но боюсь», «подумаю ещё»
        unsure = w in undecided_words() or w == "знаю"
        if doubt_verb(w) and _own_topic([*words[max(n - 3, 0) : n], "", *words[n + 1 : n + 4]]):
            continue  # «…, а про остальных подумаю»: a doubt of something else
        if unsure and w != "знаю" and _doubt_of_another(tokens, at[n], named):
            continue  # «…, хотя не уверен, что он мафия»: the player's side doubted
        if (unsure and n > 0 and words[n - 1] == "не") or doubt_verb(w) or w in UNSURE_WORDS:
            return True
    return False


def _doubted_object(tokens: Sequence[Token], start: int) -> bool:
    """C-2: whether the player at `start` stands in the clause of a doubt said before him in
    his sentence — «не уверен(а)» and only «что», «ли», «именно» or an infinitive between
    («…, хотя не уверен, что Урала», «не уверен, убивать ли Урала»): the doubt's object,
    not the target named again after it."""
    for j in range(start - 1, -1, -1):
        t = tokens[j]
        if t.sentence != tokens[start].sentence:
            return False
        if not t.word:
            continue
        if t.word in _SURE_FORMS:
            return j > 0 and tokens[j - 1].word == "не"
        if t.word in ("что", "ли", "именно"):
            continue
        if any(p.pos == "INFN" for p in parse(t.word)[:1]):
            continue
        return False
    return False


#: «уверен(а)»: the forms «не» before makes a doubt of the sender's
_SURE_FORMS: Final = ws("уверен уверена уверены")
#: a third person that a doubt's clause may be about: «что он мафия», «что Днепр мафия»
_THIRD: Final = ws("он она оно они")
#: the need of the move doubted, not the move: «не уверена, что надо»
_NEED: Final = ws("надо нужно необходимо")
#: words that point back at the move itself: «не уверен, что это правильно», «что так»
_THE_MOVE: Final = ws("это то так")


def _doubt_clause(tokens: Sequence[Token], k: int) -> list[int]:
    """The indices of the words of the clause «что …» right after the word of doubt at `k`
    («не уверен, что он мафия»), or none when «что» does not follow it."""
    after = [j for j in range(k + 1, len(tokens)) if tokens[j].word]
    if not after or tokens[after[0]].word != "что":
        return []
    if tokens[after[0]].sentence != tokens[k].sentence:
        return []
    out: list[int] = []
    for j in after[1:]:
        if tokens[j].sentence != tokens[k].sentence:
            break
        out.append(j)
        if tokens[j].clause_end:
            break
    return out


def _doubt_of_another(tokens: Sequence[Token], k: int, named: Collection[int]) -> bool:
    """C-2: «Убиваю Урала, хотя и не уверен, что он мафия», «Лечу Оку, хотя не уверена, что
    надо»: the doubt's clause «что …» after «не уверен(а)» at `k` is about something other
    than the move — the player's side or role (a third person or a nick as the subject, with
    a predicate after it), what others will do (a verb of the third person) or the need of
    it — so it takes nothing back. Not when the clause names the target alone («что
    Урала», «что её», «что он, а не Минск»), holds the sender's own verb or an infinitive
    («что убью именно его»), a question «ли», or points back at the move («что это
    правильно»)."""
    clause = _doubt_clause(tokens, k)
    if not clause:
        return False
    words = [tokens[j].word for j in clause]
    if set(words) & (_THE_MOVE | {"ли", "не", "или"}):
        return False
    said = False  # a verb of the third person before an infinitive: «что её будут бить»
    for w in words:
        p = parse(w)[:1]
        if p and ("1per" in p[0].grammemes or (p[0].pos == "INFN" and not said)):
            return False
        said = said or bool(p and p[0].pos == "VERB" and "3per" in p[0].grammemes)
    if words[0] in _NEED and len(words) == 1:
        return True
    first = clause[0]
    if words[0] in _THIRD or first in named:
        # a subject with something said of it: «он мафия», «Днепр мафия»
        return len(words) > 1 and clause[1] not in named
    if any(j in named for j in clause):
        return False
    return any(p.pos == "VERB" and "3per" in p.grammemes for w in words for p in parse(w)[:1])


#: prepositions that name what a thought is about: «подумаю о Гоше», «про остальных»
_ABOUT: Final = ws("о об обо про")


def _own_topic(words: Sequence[str]) -> bool:
    """Whether the words around a verb of doubt name its own topic: «о»/«про» and a word
    that is no pronoun («подумаю про остальных», «про остальных подумаю», not «подумаю о
    нём»)."""
    for a, b in pairwise(words):
        if a in _ABOUT:
            return not any(p.pos == "NPRO" for p in parse(b)[:1])
    return False


def _consequence(tokens: Sequence[Token], i: int, mentions: Sequence[Mention] = ()) -> bool:
    """«Если меня убьют — взорвусь с Ли», «Если Кощей выживет на суде — стреляю в него»: the
    move is the consequence of a condition on what is still to come, said before it in its
    sentence. («Убью Рому, если он ещё жив» states its move first; «если что» and «если
    можно» are manners of speech.)"""
    lead = [t for t in tokens[:i] if t.sentence == tokens[i].sentence and t.word]
    named = {k for m in mentions if m.kind == "nick" for k in range(m.start, m.end)}
    for n, t in enumerate(lead):
        if t.word == "если":
            nxt = lead[n + 1].word if n + 1 < len(lead) else ""
            if _leave_asked(tokens, tokens.index(t)):
                return True
            if nxt not in ("что", "не") and not immaterial(tokens, tokens.index(t), named):
                return True
    return False


def _leave_asked(tokens: Sequence[Token], k: int) -> bool:
    """Whether the «если» at `k` opens a condition of leave: «если можно», «если так можно»,
    «если разрешишь», «если ведущий не против» — the move waits for the host's answer."""
    for t in tokens[k + 1 :]:
        if t.word and (t.word in LEAVE or _consent(t.word) or _to_the_host(t.word)):
            return True
        if t.clause_end:
            break
    return False


def _to_the_host(word: str) -> bool:
    """A verb in the second person in a condition: the host addressed («если ответишь»,
    «если скажешь, что можно») — the move waits for his answer."""
    parses = parse(word)
    return bool(parses) and parses[0].pos == "VERB" and "2per" in parses[0].grammemes


def on_leave(tokens: Sequence[Token], asked: set[int]) -> bool:
    """A letter that makes its choice on the host's leave, anywhere in it: a condition of
    leave («…, если можно», «Если разрешишь, …») or a question asking it («Можно ведь?»):
    `asked`, the sentences that ask."""
    return any(
        (t.word == "если" and _leave_asked(tokens, k)) or (t.sentence in asked and t.word in LEAVE)
        for k, t in enumerate(tokens)
    )


#: a person a condition may speak of («если он полезет ко мне», «если её не посадят»)
_PERSONS: Final = PRONOUNS | ws("он она они")


def _trailing_condition(tokens: Sequence[Token], i: int, mentions: Sequence[Mention]) -> bool:
    """«Убиваю Семёна, если Таню не повесят», «Стреляю в Харитона, а если не выйдет — в
    себя»: a condition after the move on what will be done to another player (a verb of
    the future in the third person, the player named in the condition), or a fallback for
    the move failing — nothing the host knows when he writes the move down. («Убью Рому,
    если он ещё жив» and «…, Боба завтра, если доживу» say no such thing; «если что»,
    «если получится» are manners of speech.)"""
    sentence = tokens[i].sentence
    named = {k for m in mentions if m.kind == "nick" for k in range(m.start, m.end)}
    after = [k for k in range(i + 1, len(tokens)) if tokens[k].sentence == sentence]
    for n, k in enumerate(after):
        if tokens[k].word != "если" or shrugged(tokens, k) or immaterial(tokens, k, named):
            continue
        cond = [j for j in after[n + 1 :] if tokens[j].word]
        if any(_consent(tokens[j].word) or tokens[j].word in LEAVE for j in cond):
            return True  # «…, если Евсей не против», «…, если можно»: left to another's leave
        if not any(c in named for c in cond) and engine_settles([tokens[j].word for j in cond]):
            continue  # «…, если его днём не повесят»: the rules settle it (P-O.1)
        for pos, j in enumerate(cond):
            parses = parse(tokens[j].word)
            if not parses or parses[0].pos != "VERB":
                continue
            grams = parses[0].grammemes
            if "futr" not in grams or "3per" not in grams:
                continue
            negated = pos > 0 and tokens[cond[pos - 1]].word in NEG
            if parses[0].lemma in SUCCEED_LEMMAS:  # «если (не) получится»: a manner, or a fallback
                if negated:
                    return True
                continue
            if any(c in named or tokens[c].word in _PERSONS for c in cond):
                return True
    return False


#: words of another's leave: «если Дон не против», «если босс согласен», «если разрешит»


def _consent(word: str) -> bool:
    parses = parse(word)
    return bool(parses) and parses[0].lemma in CONSENT_LEMMAS


def _wished(clause: Sequence[Token]) -> bool:
    for n, t in enumerate(clause):
        if t.word == "бы" and not (n > 0 and clause[n - 1].word in ASKING):
            return True
    return False


def _deferred_to_another(tokens: Sequence[Token], evidence: Evidence) -> bool:
    """«решает Кощей», «Кощей решит», «решай сам», «выбирай, Дон»: a verb of deciding in
    the imperative, or in the third person next to a player or «дон»."""
    names = {k for m in evidence.mentions for k in range(m.start, m.end)}
    for k, t in enumerate(tokens):
        parses = parse(t.word) if t.word else ()
        if not parses or parses[0].lemma not in _DEFER_LEMMAS:
            continue
        grams = parses[0].grammemes
        if "impr" in grams:
            return True
        near = {k - 1, k + 1}
        if k > 0 and tokens[k - 1].word == "пусть":
            near |= {k - 2}  # «Влад пусть решит»
        if "3per" in grams and (
            near & names
            or any(0 <= j < len(tokens) and tokens[j].word in ("дон", "сам") for j in near)
        ):
            return True
    return False


# -- the question's words ---------------------------------------------------------------------


def spelled(reading: LetterReading) -> str:
    said = ACTION_WORDS.get(reading.action or "", reading.action or "")
    if reading.targets:
        said += " — " + ", ".join(reading.targets)
    if reading.executor:
        said += f", исполнитель {reading.executor}"
    return said


def example_of(reading: LetterReading) -> str:
    from parser.letters.reading import EXAMPLE

    base = EXAMPLE.get(reading.action or "", "Ход Ник")
    if reading.targets:
        base = base.replace("Ник1 и Ник2", " и ".join(reading.targets)).replace(
            "Ник", reading.targets[0]
        )
    return base
