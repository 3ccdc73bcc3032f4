"""A letter with no action word: the side choice, the Don election, or the role's only
action when the letter says it moves and names one player."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from itertools import pairwise
from typing import Final

from engine.words_ru import ACTION_WORDS
from parser.correction import correction_lemma
from parser.letters.actions import Occ, going_toward, talk_not_move, verb_toward
from parser.letters.corrections import correcting
from parser.letters.dayverbs import day_verb
from parser.letters.mentions import (
    Mention,
    is_subject,
    labelled_target,
    punished_in_jest,
    reduplicated,
)
from parser.letters.modal import governed_move_word
from parser.letters.promised import THEN, put_off
from parser.letters.proof import addressed
from parser.letters.questions import bad_target, confident, question_reading
from parser.letters.reading import (
    EXAMPLE,
    IS_IT_A_MOVE,
    UNDECIDED,
    WHICH_ACTION,
    WHICH_TARGET,
    LetterReading,
    VerbOutside,
)
from parser.letters.scene import scene_action
from parser.letters.sense import (
    blow_phrase,
    given_to,
    goal_off_frame,
    governing_other_verb,
    object_of_own_verb,
    other_sense_verb,
    removed_from_place,
    staked_on,
    thing_in_phrase,
    told_of,
    trade_instrument,
    trade_verb_before,
)
from parser.letters.tokens import (
    EDGE_MARKS,
    Token,
    clause_bounds,
    clause_of,
    side_after_za,
    side_by_keys,
    sides_refused,
    unread,
)
from parser.letters.words import (
    CHOOSING_LEMMAS,
    DASHES,
    GREETING,
    INDICATORS,
    INFERRED_CONFIDENCE,
    NEG,
    NEXT,
    OPINION,
    OR,
    PARTIAL_CONFIDENCE,
    SHORT_LETTER,
    TARGET_LABELS,
    TOLD,
    TWO,
    VIOLENCE,
    VOTE_WORDS,
    WEAK_INDICATORS,
)
from parser.morph import parse
from parser.roles import GAME_WORDS, role_word
from parser.sender import SenderView
from parser.vocab import joke_words, lookup, role_typo, suggest_words


def without_action_word(
    tokens: Sequence[Token],
    questions: set[int],
    mentions: list[Mention],
    occs: list[Occ],
    skip: bool,
    view: SenderView,
    story: str | None,
    threshold: float,
    verb_outside: VerbOutside = "ask",
    executor: Mention | None = None,
) -> LetterReading:
    """No action word named a move: the side choice, the Don election, or the role's only
    action when the letter names one player (module docstring, 7.). `verb_outside`: the
    host's `verb_outside_vocabulary` setting (`_other_verb_doubt`); `executor`: the clan
    mate the letter names as the executor, if any."""
    chosen = _side_choice(tokens, questions, view)
    if chosen is not None:
        return chosen
    if skip:
        return LetterReading()
    don = _don(tokens, mentions, view)
    if don is not None:
        return don
    mine = view.moving_actions()
    if not view.known or not mine:
        return LetterReading()
    told = _told_targets(tokens, mentions)
    named = [
        m
        for m in mentions
        if not m.negated
        and m.nick != view.nick
        and m.kind != "self"
        and m.start not in told
        # «Доктор в отпуске» from the doctor: a role noun opening a sentence is its subject,
        # the sender himself as much as the player of that name
        and not (
            m.nominative
            and tokens[m.start].word in GAME_WORDS
            and (m.start == 0 or tokens[m.start - 1].sentence != tokens[m.start].sentence)
        )
    ]
    if any(m.kind == "nick" for m in named):
        named = [m for m in named if m.kind == "nick"]  # «Катана для Гены»
    # «…: «Кобзев убил игру»»: a player who does something is told of, not moved on
    named = _without_things([m for m in named if not told_of(tokens, m)], tokens)
    if view.clan_mates and all(a in VIOLENCE for a in mine):
        # «Рыжий, я готов исполнять»: a mafioso names his Don or a mate to talk to him; a
        # clan does not attack its own by a move the letter never spelled out
        # — unless it is spelt out: «Цель — Кречет» labels a mate as the target, and the
        # proof refuses it (P-M.8), never leaves the order unanswered
        named = [m for m in named if m.nick not in view.clan_mates or labelled_target(tokens, m)]
    unproven = _not_the_roles(tokens, named) if named else LetterReading()
    if unproven is not None:
        return unproven
    named = _last_word(named, tokens)
    nicks = list(dict.fromkeys(m.nick or m.raw for m in named))
    with_target = [a for a in mine if a not in ("ambush",)]
    if not any(a in view.allowed for a in with_target):
        return LetterReading()  # nothing the sender could do now: talk, not a move
    # a role with two actions that take targets is asked which one, whatever is allowed
    allowed = with_target
    if "army" in allowed and "protect" in allowed and len(nicks) == 1:
        allowed = ["protect"]  # the army needs two
    if len(allowed) > 1:
        # «Вчера избил Доктора, сегодня Шерифа»: the verb of last night carries over
        before = {a for t in tokens if t.word for a in _past_actions(t.word)}
        if len(before & set(allowed)) == 1:
            allowed = [a for a in allowed if a in before]
    # «Мой маньяк открывает сезон: Ипполит», «Громила заходит к Ростику …»: the sender's
    # own role is the subject of the sentence naming the player — his move, told as a story
    told_as_role = _role_story(tokens, questions, named, view) or _member_offer(tokens, named, view)
    scene = None
    if len(allowed) > 1 and len(nicks) == 1:
        # «Обнимаю Элеонору и дёргаю чеку»: a scene whose words tell one of the actions
        where = {tokens[m.start].sentence for m in named}
        scene = scene_action(tokens, where, allowed, mentions)
        allowed = allowed if scene is None else [scene]
    # «Подсаживаюсь к X, поговорить о жизни»: a purpose that is no strike (C-2)
    doubt = (
        talk_not_move(allowed, tokens, named)
        or _toward_doubt(tokens, named, allowed)
        or _other_verb_doubt(tokens, named, view, allowed)
        or _outside_doubt(
            tokens,
            named,
            view,
            allowed,
            [*mentions, *([executor] if executor else [])]
            if verb_outside == "ask" and scene is None
            else None,
        )
    )
    if len(allowed) != 1:
        if not (told_as_role or _says_move(tokens, questions, named)):
            return LetterReading()
        return doubt or _which_action(nicks, allowed)
    move = _inferred_move(
        allowed[0], nicks, named, tokens, questions, story, threshold, told_as_role
    )
    return move if doubt is None or move.kind != "move" else doubt


def _which_action(nicks: list[str], allowed: Sequence[str]) -> LetterReading:
    """A letter that says it moves on one player, from a role with several actions it does
    not choose between: asked which one; with several players, nothing to ask about."""
    if len(nicks) != 1:
        return LetterReading()
    return question_reading(
        WHICH_ACTION,
        f"Какой ход на игрока {nicks[0]}: "
        + " или ".join(ACTION_WORDS.get(a, a) for a in sorted(allowed))
        + "?",
    )


def _other_verb_doubt(
    tokens: Sequence[Token],
    named: list[Mention],
    view: SenderView,
    allowed: Sequence[str],
    mentions: Sequence[Mention] | None = None,
) -> LetterReading | None:
    """S1 of C-2: a player governed by the sender's own verb that the game does not know
    («Станю Грифона», «Фармлю Silence»; `sense.governing_other_verb`) — and no slip of one of
    the role's own action words (`vocab.role_typo`) — is named in that verb's sense. It
    proves no move, so the role's only action is never inferred on him: the letter is asked
    about, naming the verb and the player.

    With `mentions` (the `verb_outside_vocabulary` ruling, "ask"), a verb the dictionary
    knows counts as well («Тушу Вовчика»): the question spells out the move it might be.
    A clan mate in the dative in the verb's clause («Гене поручаю Павла») is the one the
    move is handed to: the verb gives the clan's move, it names no other deed. A verb that
    takes the player to a goal no move takes («Беру на буксир X»: `sense.trade_verb_before`)
    is asked under both values: that doubt is the goal's, not the verb's vocabulary."""
    known = mentions is not None
    for m in named:
        k = governing_other_verb(tokens, m, known=known)
        if k is None:
            # a verb taking him to a goal of its own world («Беру на буксир X»,
            # `sense.trade_verb_before`) is doubt under either setting: the setting is about
            # a verb outside the vocabulary, not about a goal off the action's frame
            k = trade_verb_before(tokens, m)
        if k is None or role_typo(tokens[k].word, frozenset(view.moving_actions())):
            continue
        # a verb of choosing takes its player, unless it takes him to a goal of another
        # world («Беру в кадр Вадика», `sense.goal_off_frame`)
        chosen = _choosing(tokens[k].word) and goal_off_frame(tokens, k, None) is None
        if known and (chosen or _handed_to_mate(tokens, m, mentions or (), view)):
            continue
        verb = tokens[k].raw.strip(EDGE_MARKS)
        example = EXAMPLE.get(allowed[0], "Ход Ник") if len(allowed) == 1 else "Ход Ник"
        if known and len(allowed) == 1:
            what = ACTION_WORDS.get(allowed[0], allowed[0])
            return question_reading(
                IS_IT_A_MOVE,
                f"Вы написали «{verb}» — это {what}: {m.nick or m.raw}? Слово «{verb}» не "
                f"знаю как ночной ход. Если это ход, напишите, например: «{example}».",
            )
        said = " ".join(t.raw for t in tokens[k : m.end]).strip(EDGE_MARKS)
        return question_reading(
            IS_IT_A_MOVE,
            f"Не понял, «{said}» — это ход? Слово «{tokens[k].raw.strip(EDGE_MARKS)}» не "
            f"знаю как ночной ход. Если это ход, напишите, например: «{example}».",
        )
    return None


def _toward_doubt(
    tokens: Sequence[Token], named: list[Mention], allowed: Sequence[str]
) -> LetterReading | None:
    """«Присматриваюсь к Вике»: every player the letter names stands after «к» governed by
    a finite verb neither the game's vocabulary nor the verbs of going know
    (`actions.verb_toward`) — he is what the sender turns to, not a move's goal; the role's
    action is never inferred on him: asked, naming the words (C-2, rulings §2). Save for
    the check: looking at a player, turning one's attention to him, is what the check does
    (development's «Присмотрюсь к X» from the commissar is his check)."""
    if list(allowed) == ["check"]:
        return None  # «Присмотрюсь к X» from the commissar: to look at him is the check
    verbs = [(k, m) for m in named if (k := verb_toward(tokens, m)) is not None]
    if not verbs or len(verbs) != len(named):
        return None
    k, m = verbs[0]
    said = " ".join(t.raw for t in tokens[k : m.end]).strip(EDGE_MARKS)
    example = EXAMPLE.get(allowed[0], "Ход Ник") if len(allowed) == 1 else "Ход Ник"
    return question_reading(
        IS_IT_A_MOVE,
        f"Не понял, «{said}» — это ход? Если это ход, напишите, например: «{example}».",
    )


def _outside_doubt(
    tokens: Sequence[Token],
    named: list[Mention],
    view: SenderView,
    allowed: Sequence[str],
    mentions: Sequence[Mention] | None,
) -> LetterReading | None:
    """The `verb_outside_vocabulary` ruling ("ask", given `mentions`): a Russian verb outside
    the game's words governing the player is asked about too, when the role's one action
    would be inferred — unless a scene's own words told the action (no `mentions` then)."""
    if mentions is None or len(allowed) != 1:
        return None
    return _other_verb_doubt(tokens, named, view, allowed, mentions)


def _choosing(word: str) -> bool:
    """A verb of the game's choosing and offering («предлагаю», «выбираем», «голосую»:
    `words.VOTE_WORDS`, by lemma): the game's own word, read by the offer's rules."""
    lemmas = _vote_lemmas() | CHOOSING_LEMMAS  # «Беру Дымова»: one of several taken
    return word in VOTE_WORDS or any(p.lemma in lemmas for p in parse(word))


@cache
def _vote_lemmas() -> frozenset[str]:
    return frozenset(p.lemma for w in VOTE_WORDS for p in parse(w)[:1] if p.pos == "VERB")


def _handed_to_mate(
    tokens: Sequence[Token], m: Mention, mentions: Sequence[Mention], view: SenderView
) -> bool:
    """Whether a clan mate of the sender stands in an oblique case in the player's clause
    («Гене поручаю Павла»): the verb's second object, the one the clan's move is handed to."""
    a, b = clause_bounds(tokens, m.start)
    return any(
        o is not m and o.nick in view.clan_mates and not o.nominative and a <= o.start <= b
        for o in mentions
    )


def _not_the_roles(tokens: Sequence[Token], named: list[Mention]) -> LetterReading | None:
    """The answer when the letter's own words show the players it names are no move of the
    sender's role (C-2, C-3), or None: an action infinitive the sender declines («Обвиняю X,
    но стрелять сегодня не буду»: no move) or that only a modal predicate governs («Казнить
    нельзя помиловать — X»: the act weighed, not done), or every player the object of the
    sender's verb of the day's phase («Сажаю X» from the maniac: the court's word) — asked."""
    governed = governed_move_word(tokens)
    if governed == "declined":
        return LetterReading()
    ask = question_reading(IS_IT_A_MOVE, "Не понял, это ход? Напишите ход одной фразой.")
    if governed == "modal":
        return ask
    verbs = [object_of_own_verb(tokens, m) for m in named]
    if verbs and all(v is not None and day_verb(tokens[v].word) for v in verbs):
        return ask
    return None


def _without_things(named: list[Mention], tokens: Sequence[Token]) -> list[Mention]:
    """«Жульена на шампур»: a lower-case thing after a preposition is no second player beside
    the players written as players (`sense.thing_in_phrase`); alone it stays a candidate."""
    if all(thing_in_phrase(tokens, m) for m in named):
        return named
    return [m for m in named if not thing_in_phrase(tokens, m)]


def _member_offer(tokens: Sequence[Token], named: list[Mention], view: SenderView) -> bool:
    """«Дон, предлагаю Сомелье, он много знает»: a PEFL clan member (not the Don) offering
    a player in the sentence that names him — an offer, whatever reason follows, which the
    proof answers by the `member_suggestion` ruling (P-M.8)."""
    if view.ruleset != "pefl" or not view.clan_mates or view.is_don:
        return False
    offers = suggest_words()
    where = {tokens[m.start].sentence for m in named}
    return any(t.word in offers and t.sentence in where for t in tokens)


def _role_story(
    tokens: Sequence[Token], questions: set[int], named: list[Mention], view: SenderView
) -> bool:
    """Whether every sentence naming the players has the sender's own role as its subject,
    before them and unnegated («Мой маньяк …: Ипполит», «Адвокат листает дело Кондратия»):
    the sender telling his own move in the third person."""
    if not named or not view.role:
        return False
    for m in named:
        sentence = tokens[m.start].sentence
        if sentence in questions:
            return False
        lead = [t.word for t in tokens[: m.start] if t.sentence == sentence and t.word]
        if set(lead) & NEG or not any(role_word(w) == view.role for w in lead):
            return False
        if _bare_dative(tokens, m):
            return False  # «Маньяк передаёт привет Ночи»: whom a thing is given or said to
    return True


def _bare_dative(tokens: Sequence[Token], m: Mention) -> bool:
    """The player's word may be a dative with no preposition before it: a recipient («…
    передаёт привет Ночи»), not the one the move is aimed at."""
    before = tokens[m.start - 1] if m.start > 0 else None
    if before is not None and any(p.pos == "PREP" for p in parse(before.word)[:1]):
        return False
    return any("datv" in p.grammemes for p in parse(tokens[m.start].word))


def _past_actions(word: str) -> frozenset[str]:
    w = lookup(word)
    return w.actions if w is not None and w.past else frozenset()


def _told_targets(tokens: Sequence[Token], mentions: list[Mention]) -> set[int]:
    """Mentions that a past-tense action or motion word took («Вчера убил Доброго», «Лечил
    Сову вчера», «заглянул к Лебедеву»): players of a story, never the role's move by
    inference."""
    out: set[int] = set()
    for k, t in enumerate(tokens):
        w = lookup(t.word) if t.word else None
        if w is None or not w.past or not (w.actions or w.visit):
            continue
        for m in mentions:
            if m.start > k and tokens[m.start].sentence == t.sentence:
                gap = tokens[k : m.start]
                if not any(g.clause_end for g in gap):
                    out.add(m.start)
                break
    return out


def _last_word(named: list[Mention], tokens: Sequence[Token]) -> list[Mention]:
    """«Цель Доктор. Нет, лучше Судья» with no action word: after a correction word the
    players named after it replace those before, as with an action word (module docstring,
    8.)."""
    # the correction word opens its clause («Нет, лучше …»), not «ходов у меня нет»
    marks = [
        k
        for k, t in enumerate(tokens)
        if correcting(tokens, k) and (k == 0 or tokens[k - 1].clause_end)
    ]
    if not marks or named[0].start > marks[-1]:
        return named
    later = [m for m in named if m.start > marks[-1]]
    return later or named


def _inferred_move(
    action: str,
    nicks: list[str],
    named: list[Mention],
    tokens: Sequence[Token],
    questions: set[int],
    story: str | None,
    threshold: float,
    told_as_role: bool = False,
) -> LetterReading:
    """The role's only action taken as meant for the players the letter names, once the
    letter reads as a move (`told_as_role`: told in the third person of the sender's role);
    otherwise a question, or nothing when it is plain talk. Apart from
    `without_action_word`, which decides whether there is one action to infer."""
    players = frozenset(k for m in named for k in range(m.start, m.end))
    if all(
        # «Приезжаю на машине к X»: the goal of a verb of going is no thing of a trade,
        # whatever means of travel the phrase between names
        not going_toward(tokens, m)
        and (
            removed_from_place(tokens, m)
            or given_to(tokens, m)
            or staked_on(tokens, m)
            or _traded(tokens, m, players)
        )
        for m in named
    ):
        # «Удаляю с поля Кричалку»: the player is taken off a place of another world's game
        # by the sender's verb of that world, which proves no move of this one; «Ставлю мат
        # Слону»: the player is only that verb's recipient; «Накрываю Тюленя волной»: a thing
        # in the instrumental beside him says the verb's trade; «Ставлю стоп-лосс на X»: a
        # thing of the verb's own is put on him (C-2); the host asks
        return question_reading(
            IS_IT_A_MOVE,
            f"Не понял, это ход? Если да, напишите, например: «{EXAMPLE.get(action, 'Ход Ник')}».",
        )
    # «Приговор: X. Исполнитель: Y»: an order with its executor is a kill in any wording
    ordered = any((w := lookup(t.word)) is not None and w.executor for t in tokens if t.word)
    if named and not ordered and all(other_trade_label(tokens, m, named) for m in named):
        # «Сегодня мой трофей — Тарас», «Мой пациент — Лукьян»: the line names the player as
        # what a noun of another trade says he is, not as the move's target (C-2): asked
        label = other_trade_label(tokens, named[0], named)
        return question_reading(
            IS_IT_A_MOVE,
            f"Не понял, это ход? «{label}» — не слово хода. Если это ход, напишите, например: "
            f"«{EXAMPLE.get(action, 'Ход Ник')}».",
        )
    width = TWO.get(action, 1)
    says = told_as_role or _says_move(tokens, questions, named)
    if len(nicks) > width:
        if not (says or _weighed(tokens, named)):
            if any(_amid_unread(tokens, m) for m in named):
                # «Bugun Muskatni tekshiraman»: players named in words the reader cannot read
                # may well be a move (C-2): asked, never dropped
                return question_reading(
                    IS_IT_A_MOVE,
                    f"Не понял, это ход? Если да, напишите, например: "
                    f"«{EXAMPLE.get(action, 'Ход Ник')}».",
                )
            return LetterReading()
        firsts = list(dict.fromkeys(m.raw for m in named))
        return question_reading(
            WHICH_TARGET,
            f"Кого из двух: {firsts[0]} или {firsts[1]}? Пришлите, пожалуйста, ход с одним ником.",
        )
    if action == "army" and len(nicks) < 2:
        return LetterReading()
    if not says:
        if _talks(tokens, questions, named):
            return LetterReading()
        return question_reading(
            IS_IT_A_MOVE,
            f"Не понял, это ход? Если да, напишите, например: «{EXAMPLE.get(action, 'Ход Ник')}».",
        )
    picked = list({(m.nick or m.raw): m for m in named}.values())[:width]
    for m in picked:
        bad = bad_target(m, action)
        if bad is not None:
            return bad
    conf = min([INFERRED_CONFIDENCE, *(m.confidence for m in picked)])
    reading = LetterReading(
        action,
        tuple(m.nick for m in picked if m.nick),
        story=story if action == "kill" else None,
        confidence=conf,
    )
    return confident(reading, threshold)


def _weighed(tokens: Sequence[Token], named: list[Mention]) -> bool:
    """«Гошу или Пашу… короч не знаю»: two players the letter weighs against each other with
    «или» between them — a choice the host asks to settle, not talk."""
    starts = sorted(m.start for m in named)
    return any(
        any(t.word in OR for t in tokens[a:b]) and tokens[a].sentence == tokens[b].sentence
        for a, b in pairwise(starts)
    )


def _says_move(tokens: Sequence[Token], questions: set[int], named: list[Mention]) -> bool:
    """Whether a letter without an action word still says it moves: a move word, a colon
    before the nick, «сегодня» beside the nick in a clause telling no story, or hardly
    anything besides the nick. Opinions and stories are read in the sentences that name
    the players («Мафия голодна. Сегодня Сова» moves; «Думаю, Катя мафия» does not)."""
    in_named = {k for m in named for k in range(m.start, m.end)}
    rest = [t for k, t in enumerate(tokens) if k not in in_named and t.sentence not in questions]
    scope = {tokens[m.start].sentence for m in named}
    near = [t for t in rest if t.sentence in scope]
    if any(t.word in INDICATORS - WEAK_INDICATORS for t in rest):
        return True
    # «Судья, Шериф и Доктор — мирные»: an opinion, whatever the dash
    if any(t.word in OPINION for t in near):
        return False
    # «Урагану — наряд вне очереди»: a joke punishment, whatever the dash
    if any(punished_in_jest([t for t in tokens if t.sentence == n]) for n in scope):
        return False
    # «Кистенем по шлему — X»: a blow told with its tool and no action word, whatever the dash
    if any(blow_phrase(tokens, n) for n in scope):
        return False
    if any(t.raw.endswith((":", "—", "–", "->")) or t.raw in ("-", "=>") for t in rest):
        return True
    # «Вчера избил Доктора, сегодня Шерифа»: the nick's own clause speaks of tonight
    if any(_tonight_clause(tokens, m.start, in_named) for m in named):
        return True
    # «Ян сегодня голосовал против меня»: a story of tonight is still a story
    if _talks(tokens, questions, named) or _later_said(tokens, near, named):
        return False
    if any(t.word in WEAK_INDICATORS for t in rest):
        return True
    # «Приезжаю на машине к X»: a verb of going in the present or future governs the player
    # after «к» — the visit that rulings §2 reads as the move, whatever phrase stands between
    if any(going_toward(tokens, m) for m in named if tokens[m.start].sentence not in questions):
        return True
    rest = [t for t in rest if t.word]
    # a refrain («баю-баюшки-баю», «тук-тук») says no more than a smiley
    content = [
        t for t in rest if t.word not in GREETING and len(t.word) > 1 and not reduplicated(t.word)
    ]
    if len(content) > SHORT_LETTER or any(_names_action(t.word) for t in content):
        return False
    # «Roger that», «ok, Storm is coming», «Hope dies last»: a short letter still says a
    # move only where the player is its message, not a word of its talk
    return not any(_in_talk(tokens, m) for m in named)


def _later_said(tokens: Sequence[Token], near: Sequence[Token], named: list[Mention]) -> bool:
    """A word of a later night beside the players: the letter speaks of another night —
    save «потом» that only orders players of the same night («Сначала Тарас, потом
    Ульяна»: a player after it is not put off, `promised.deferred_in`)."""
    later = [t for t in near if t.word in NEXT]
    if not later:
        return False
    return any(t.word not in THEN for t in later) or all(put_off(tokens, m) for m in named)


def _in_talk(tokens: Sequence[Token], m: Mention) -> bool:
    """C-2, C-3: whether the player's word stands inside a sentence of talk rather than as
    the letter's message: he is the subject of a verb in the third person («Ясень шумит»,
    `mentions.is_subject`), or his sentence holds a Latin word the reader cannot read —
    English talk around a handle that is an English word too («Roger that», «ok, Storm is
    coming»). A nick alone on its own line, or in a nominal line («Цель: Storm», «Lucky.»,
    «Привет! Lucky. Удачи», «Nova, pls»), is the message."""
    if _own_line(tokens, m):
        return False
    return is_subject(tokens, m) or _amid_unread(tokens, m)


def _amid_unread(tokens: Sequence[Token], m: Mention) -> bool:
    """The player's sentence holds a Latin word the reader cannot read (`_in_talk`)."""
    sentence = tokens[m.start].sentence
    return any(
        t.word not in GREETING and unread(t.word)
        for k, t in enumerate(tokens)
        if t.sentence == sentence and not m.start <= k < m.end and t.word and t.word != m.nick
    )


def _own_line(tokens: Sequence[Token], m: Mention) -> bool:
    """The player's word alone between two line breaks (or the letter's edges): no comma,
    colon or sentence mark joins it to the words around it."""
    before = tokens[m.start - 1] if m.start > 0 else None
    if before is not None and (not before.clause_end or before.raw[-1:] in ",;:—-"):
        return False
    last = tokens[m.end - 1]
    return last.clause_end and last.raw[-1:] not in ",;:—-"


def _told(t: Token) -> bool:
    """A word that tells of what was or how things are: a past-tense verb, a short
    adjective («жива», «здорова»), «вчера», thanks."""
    if t.word in TOLD:
        return True
    parses = parse(t.word) if t.word else ()
    return bool(parses) and (
        (parses[0].pos == "VERB" and "past" in parses[0].grammemes) or parses[0].pos == "ADJS"
    )


def _tonight_clause(tokens: Sequence[Token], i: int, in_named: set[int]) -> bool:
    """The clause of the nick at `i` says «сегодня»/«ночью» (not as a nick: the player
    Ночь is no «ночь») and tells no story."""
    start = i
    while start > 0 and not tokens[start - 1].clause_end:
        start -= 1
    clause = [t for k, t in enumerate(clause_of(tokens, i), start) if k not in in_named and t.word]
    return any(t.word in WEAK_INDICATORS for t in clause) and not any(_told(t) for t in clause)


def _talks(tokens: Sequence[Token], questions: set[int], named: list[Mention]) -> bool:
    """Whether a letter with no action word tells of what was rather than moves, in the
    sentences that name its players: a verb in the past tense («Ночь была интересной»,
    «Медведь вчера был хорош»), «вчера», thanks, a short adjective saying how a player is
    («Ли жива»). Such a letter is talk, not the named player's move."""
    in_named = {k for m in named for k in range(m.start, m.end)}
    scope = {tokens[m.start].sentence for m in named}
    if any(_described(tokens, m) for m in named):
        return True
    return any(
        _told(t)
        for k, t in enumerate(tokens)
        if k not in in_named and t.sentence in scope and t.sentence not in questions
    )


def _described(tokens: Sequence[Token], m: Mention) -> bool:
    """«Ночь тёмная», «Ветер холодный»: a nick as written, then an adjective in the
    nominative right after it in its clause — a description of the player, not a move."""
    if not m.nominative or m.end >= len(tokens) or tokens[m.end - 1].clause_end:
        return False
    parses = parse(tokens[m.end].word) if tokens[m.end].word else ()
    return bool(parses) and parses[0].pos == "ADJF" and "nomn" in parses[0].grammemes


def _names_action(word: str) -> bool:
    found = lookup(word)
    return found is not None and bool(found.actions)


def _don(
    tokens: Sequence[Token], mentions: list[Mention], view: SenderView
) -> LetterReading | None:
    """P-S.2: «дон Рома», «Доном выбираем Рому» on turn 0, from a mafioso. Outside the
    election a mafioso's «Дон — Рома» is still the Don's name, never a kill of him: it is
    read as the election, which the proof then answers as not open now."""
    # the PEFL election night from a role with no vote (a bastard, a civilian: P-S.2,
    # P-S.3): his election is still read, and the proof refuses it by his role
    # (`reader._read` reads such a letter by its words alone, with the ruleset and turn kept)
    voteless = view.ruleset == "pefl" and view.turn == 0 and not view.moving_actions()
    if view.known and "don" not in view.allowed and not view.clan_mates and not voteless:
        return None
    for k, t in enumerate(tokens):
        if t.word in _DON_WORDS and not _don_addressed(tokens, k):
            if _wish_refused(tokens, k):
                continue  # «Не хочу, чтобы доном был X, …»: X is refused, not elected
            if _don_is_me(tokens, mentions, k):
                # «Дон — я.»: the sender names himself (P-S.2: a member may)
                first = LetterReading("don", (view.nick,), confidence=INFERRED_CONFIDENCE)
                return _don_corrected(tokens, mentions, view, k + 1) or first
            # the player of «дон»'s own clause first («Не путать с X: доном выбираю Y»)
            for m in sorted(
                mentions,
                key=lambda m: (
                    _clause_no(tokens, m.start) != _clause_no(tokens, k),
                    abs(m.start - k),
                ),
            ):
                if tokens[m.start].sentence != t.sentence or m.negated or _spoken_to(tokens, m):
                    continue
                if m.kind == "ambiguous":
                    # «Дон Лосев.» with Сергей Лосев of the clan and Дима Лосев outside it:
                    # the rules leave one to elect (P-S.2), so the name is his
                    electable = _electable(m.candidates, view)
                    if electable == (view.nick,) and not _points_at_self(tokens, t.sentence):
                        # «Дон — Сомов.» from a Сомов whose brother bears it too: the sender
                        # naming himself by a name he shares is no proof (C-3) — asked,
                        # unless his own words say it is he («я», «сам», «себя»)
                        return bad_target(m, "don")
                    if len(electable) == 1:
                        return LetterReading("don", electable, confidence=PARTIAL_CONFIDENCE)
                    # «Дон — Неко.» with Neko_Sama and NekoMancer: a name two players share
                    # elects neither — asked naming them (C-3)
                    return bad_target(m, "don")
                if m.kind in ("nick", "self") and m.nick:
                    # «Выбираю доном себя»: the sender himself, as any player named there
                    first = LetterReading("don", (m.nick,), confidence=m.confidence)
                    return _don_corrected(tokens, mentions, view, max(k, m.end - 1)) or first
    head = _head_named(tokens, mentions, view)
    if head is not None:
        return head
    if not voteless and (not view.known or not view.clan_mates or "don" not in view.allowed):
        return None
    # «Голосую за Палача» on the election night: the one vote a mafioso has then is for his
    # Don, so a vote word and exactly one clan mate named say it without «дон»; from a role
    # with no vote then («я за Арама» from the triad's bastard, who knows no clan mates)
    # one player named so is that vote too, refused by the proof (P-S.2), never unanswered
    mates = {m.nick: m for m in mentions if m.kind == "nick" and not m.negated}
    mates = {
        n: m for n, m in mates.items() if n in view.clan_mates or (voteless and n != view.nick)
    }
    if len(mates) == 1 and any(t.word in VOTE_WORDS for t in tokens):
        m = next(iter(mates.values()))
        return LetterReading("don", (m.nick or "",), confidence=m.confidence)
    return None


def _spoken_to(tokens: Sequence[Token], m: Mention) -> bool:
    """«Куница, кого ты хочешь доном, Клюквину?»: a player called by his nick at the head of
    the sentence (`proof.addressed`) — the one the letter speaks to, not the one elected."""
    opens = m.start == 0 or tokens[m.start - 1].sentence != tokens[m.start].sentence
    return m.kind == "nick" and opens and addressed(tokens, m)


def _clause_no(tokens: Sequence[Token], k: int) -> int:
    """The number of the clause the token at `k` is in (clause ends counted before it)."""
    return sum(1 for t in tokens[:k] if t.clause_end)


def _don_addressed(tokens: Sequence[Token], k: int) -> bool:
    """«Дон, предлагаю Сомелье»: «дон» opening its sentence as an address (a comma after
    it) before a clause with a verb of the sender's own — the Don spoken to, not elected."""
    t = tokens[k]
    opens = k == 0 or tokens[k - 1].sentence != t.sentence
    if not (opens and t.raw.endswith(",")):
        return False
    rest = [u for u in tokens[k + 1 :] if u.sentence == t.sentence and u.word]
    for u in rest:
        parses = parse(u.word)
        if parses and parses[0].pos == "VERB" and "1per" in parses[0].grammemes:
            return True
        if u.clause_end:
            break
    return False


def _don_is_me(tokens: Sequence[Token], mentions: Sequence[Mention], k: int) -> bool:
    """«Дон — я», «Доном — сама», «Дон триады — я», «дон — я, старший», «чтоб доном был я»,
    «Пусть я буду доном»: the sender's own «я»/«сам(а)» is the subject of «дон» in its
    clause — after it, with only whose Don (a noun in the genitive) and the copula between,
    or before it with only the copula (and the conjunction or particle opening the clause:
    «чтобы», «пусть») — and the clause says nothing else."""
    a, b = clause_bounds(tokens, k)
    before = [u for u in tokens[a:k] if u.word]
    after = [u for u in tokens[k + 1 : b + 1] if u.word]
    if after and after[-1].word in _I_SUBJECT:
        # «Дон триады — я», «Дон клана — сам»: whose Don may come between
        between = after[:-1]
        return all(_genitive_noun(u.word) or _copula(u.word) for u in between) and not [
            u for u in before if not _opens_clause(u.word)
        ]
    if after or not any(u.word in _I_SUBJECT for u in before):
        return False
    return all(u.word in _I_SUBJECT or _copula(u.word) or _opens_clause(u.word) for u in before)


#: the sender as the subject of «дон»: «Дон — я», «Доном — сама»
_I_SUBJECT: Final = frozenset(("я", "сам", "сама"))


def _genitive_noun(word: str) -> bool:
    top = parse(word)[:1]
    return bool(top) and top[0].pos == "NOUN" and "gent" in top[0].grammemes


def _copula(word: str) -> bool:
    """A form of the copula that links «дон» to its man: «был», «будет», «стал», «является»."""
    top = parse(word)[:1]
    return bool(top) and top[0].pos == "VERB" and top[0].lemma in ("быть", "стать", "являться")


def _opens_clause(word: str) -> bool:
    """A conjunction or a particle opening a clause of wish: «чтобы», «чтоб», «пусть», «да»."""
    return any(p.pos in ("CONJ", "PRCL") for p in parse(word)[:1])


def _wish_refused(tokens: Sequence[Token], k: int) -> bool:
    """«Не хочу, чтобы доном был X»: the clause of «дон» at `k` is one of wish («чтобы …»)
    and the clause it depends on, right before it in the sentence, says «не»."""
    a, _b = clause_bounds(tokens, k)
    opener = parse(tokens[a].word)[:1] if tokens[a].word else ()
    if not opener or opener[0].pos != "CONJ" or not opener[0].lemma.startswith("чтоб"):
        return False
    if a == 0 or tokens[a - 1].sentence != tokens[k].sentence:
        return False
    lead, _end = clause_bounds(tokens, a - 1)
    return any(u.word in NEG for u in tokens[lead:a])


#: words for the clan's head other than «дон»: «главным будет X», «X у нас за старшего»,
#: «голосую, чтобы X рулил»
_HEAD_LEMMAS: Final = frozenset(
    ("главный", "старший", "босс", "глава", "лидер", "шеф", "пахан", "рулить", "руководить",
     "командовать", "верховодить")
)  # fmt: skip
_I_WILL: Final = frozenset(("я", "сам", "сама", "меня", "буду"))


def _head_named(
    tokens: Sequence[Token], mentions: list[Mention], view: SenderView
) -> LetterReading | None:
    """P-S.2 said without «дон», in a clan member's letter on the election night (turn 0):
    a word for the clan's head and, in its sentence, one player («главным будет Рома»,
    «голосую, чтобы Рома рулил») or the sender himself («Главным буду я», «Буду главным»).
    A letter read by its words alone that night (a role with no night move) is read so too:
    the proof answers it by the sender's role."""
    if view.turn != 0 or (view.known and not view.clan_mates):
        return None
    tokens = _spelt_in_cyrillic(tokens)  # «glavnym budet …»
    for k, t in enumerate(tokens):
        parses = parse(t.word) if t.word else ()
        if not parses or parses[0].lemma not in _HEAD_LEMMAS:
            continue
        near = [m for m in mentions if m.kind in ("nick", "self") and m.nick]
        near = [m for m in near if tokens[m.start].sentence == t.sentence and not m.negated]
        if len({m.nick for m in near}) == 1:
            first = LetterReading("don", (near[0].nick or "",), confidence=near[0].confidence)
            return _don_corrected(tokens, mentions, view, max(k, near[0].end - 1)) or first
        if not near and any(u.word in _I_WILL for u in tokens if u.sentence == t.sentence):
            first = LetterReading("don", (view.nick,), confidence=INFERRED_CONFIDENCE)
            return _don_corrected(tokens, mentions, view, k) or first
    return None


#: the noun «дон» where an election names its man: «дон Рома», «Рому в доны», «доном Рому»
_DON_WORDS: Final = frozenset(("дон", "дона", "доном", "доны", "донов", "don"))
#: words that take back what was just said: «хотя нет», «нет, лучше», «передумал», «ой»
_TAKE_BACK: Final = frozenset(
    ("передумал", "передумала", "лучше", "вернее", "точнее", "поправка", "ой", "стоп")
)
#: the sender named as the one elected: «лучше я сам», «давайте меня», «нет, лучше себя»
_ME: Final = frozenset(("я", "сам", "сама", "меня", "себя", "мне"))


def _don_corrected(
    tokens: Sequence[Token], mentions: list[Mention], view: SenderView, after: int
) -> LetterReading | None:
    """«Дон — Рома. Хотя нет, лучше я сам», «дон Катя, хотя нет, дон я»: an election taken
    back after its man is named (P-S.2). The correction wins: the first player or the
    sender himself named after it is the one elected; a correction naming nobody the
    reader knows leaves the election undecided — asked, never the first name."""
    start = next((k for k in range(after + 1, len(tokens)) if _takes_back(tokens, k)), None)
    if start is None:
        return None
    by_start = {m.start: m for m in mentions}
    for k in range(start + 1, len(tokens)):
        m = by_start.get(k)
        if m is not None and m.kind in ("nick", "self") and m.nick:
            return LetterReading("don", (m.nick,), confidence=m.confidence)
        if tokens[k].word in _ME:
            return LetterReading("don", (view.nick,), confidence=INFERRED_CONFIDENCE)
    return question_reading(
        UNDECIDED,
        "Вы передумали, кого выбираете доном, но не понял, на ком остановились. Напишите "
        "одной фразой, например: «Дон — Ник» (или «Дон — я»).",
    )


def _points_at_self(tokens: Sequence[Token], sentence: int) -> bool:
    """Whether the sentence holds the sender's own first-person pronoun, the reflexive
    «себя» or the emphatic «сам»: words by which he names himself (pymorphy3's person and
    lemma, no list of phrases)."""
    for k, u in enumerate(tokens):
        if u.sentence != sentence or not u.word:
            continue
        for r in parse(u.word)[:2]:
            if r.lemma in ("себя", "сам"):
                return True
            if (
                r.pos == "NPRO"
                and {"1per", "sing"} <= r.grammemes
                and r.grammemes & {"nomn", "accs"}
            ):
                # «я» as the one named, not the subject of a verb of his own («я думаю»)
                a, b = clause_bounds(tokens, k)
                if not any(_own_verb(v.word) for v in tokens[a : b + 1] if v.word):
                    return True
    return False


def _own_verb(word: str) -> bool:
    """A finite verb other than the copula «быть»."""
    parses = parse(word)
    return bool(parses) and parses[0].pos == "VERB" and parses[0].lemma != "быть"


def _electable(candidates: Sequence[str], view: SenderView) -> tuple[str, ...]:
    """The players among `candidates` the rules let the sender elect Don (P-S.2: the engine's
    own refusals, `SenderView.forbidden`); all of them when the role is not known."""
    if not view.known:
        return tuple(candidates)
    barred = {target for action, target, _why in view.forbidden if action == "don"}
    return tuple(c for c in candidates if c not in barred)


def _takes_back(tokens: Sequence[Token], k: int) -> bool:
    """A word that takes back the election before it: one of `_TAKE_BACK`, a joke word
    opening its sentence, or «нет» after
    «хотя», «ой», «или», «а» or opening its clause («…. Нет, лучше …»)."""
    word = tokens[k].word
    if word in _TAKE_BACK or (correction_lemma(word) is not None and correcting(tokens, k)):
        return True
    if word in joke_words() and (k == 0 or tokens[k - 1].sentence != tokens[k].sentence):
        return True  # «Дон — X. Шучу)) Дон Y»: the name before said in jest
    if word != "нет":
        return False
    before = tokens[k - 1] if k > 0 else None
    return before is None or before.clause_end or before.word in ("хотя", "ой", "или", "а")


def _side_choice(
    tokens: Sequence[Token], questions: set[int], view: SenderView
) -> LetterReading | None:
    """The side choice a letter makes (G-M.8), a question when it weighs both, or None."""
    spelt = _spelt_in_cyrillic(tokens)
    side, both = _side(tokens, questions)
    if side is None and not both:
        tokens = spelt
        side, both = _side(tokens, questions)  # «Za mafiju»
    if side is not None or both:
        corrected = _side_corrected(tokens, questions, view)
        if corrected is not None:
            return corrected
    if both and view.known and "choose_side" in view.role_actions:
        # «то ли за мирных, то ли за мафию»: both sides weighed, neither chosen
        return question_reading(
            UNDECIDED,
            "Вы называете обе стороны — за мирных и за мафию. Какую выбираете? Напишите, "
            "например: «Выбираю мирных».",
        )
    if side is not None and (not view.known or "choose_side" in view.role_actions):
        return LetterReading("choose_side", side=side, confidence=1.0)
    return None


_SETTLING: Final = frozenset(("окончательно", "пусть"))


def _side_word(word: str) -> bool:
    """A word naming a side by its lemma («мирные», «мафию», «мафии»)."""
    return bool(word) and any(p.lemma in ("мирный", "мафия") for p in parse(word)[:2])


def _side_corrected(
    tokens: Sequence[Token], questions: set[int], view: SenderView
) -> LetterReading | None:
    """G-M.8, C-2: a side named, then taken back by a correction word («За мафию. Стоп, не
    так — за мирных», «Выбираю мафию. Хотя нет, отбой»): the side after the last correction
    that follows a side is the choice; none after it leaves the choice undecided — asked,
    never the first side. None where no correction follows a side."""
    # «окончательно», «пусть»: words that settle what they stand by, taking nothing back
    marks = [
        k
        for k in range(1, len(tokens))
        if correcting(tokens, k) and tokens[k].word not in _SETTLING
    ]
    for k in reversed(marks):
        before_side, before_both = _side(tokens[:k], questions)
        if before_side is None and not before_both:
            continue
        # the side of the first clause after the correction's own that names one («Стоп,
        # не так — за мирных»: the correction's «не так» refuses nothing)
        side, both = None, False
        for j in range(k + 1, len(tokens)):
            if j == k + 1 or tokens[j - 1].clause_end or tokens[j - 1].raw in DASHES:
                side, both = _side(tokens[j:], questions)
                if side is not None or both:
                    break
        if side is not None and not both:
            if view.known and "choose_side" not in view.role_actions:
                return None
            return LetterReading("choose_side", side=side, confidence=1.0)
        if both or before_both:
            return None  # both sides weighed: the reader of both answers it
        if any(_side_word(t.word) for t in tokens[k + 1 :]):
            return None  # «Шутка! Мирные.»: a side after it, said bare — read as before
        return question_reading(
            UNDECIDED,
            "Вы отменили выбор стороны, но не написали новый. Какую сторону выбираете? "
            "Напишите, например: «Выбираю мирных».",
        )
    return None


def _side_either_script(tokens: Sequence[Token], questions: set[int]) -> tuple[str | None, bool]:
    """`_side` of the letter as written, or, when that names no side, of its Latin-typed
    words spelt in Cyrillic (G-M.8)."""
    side, both = _side(tokens, questions)
    if side is None and not both:
        side, both = _side(_spelt_in_cyrillic(tokens), questions)
    return side, both


def side_over_unnamed(
    readings: list[Occ], tokens: Sequence[Token], questions: set[int], view: SenderView
) -> list[Occ]:
    """G-M.8, C-2: «Выбираю сторону: мафия. Кого приглашу — напишу завтра» from the
    prostitute whose side choice is pending: the action words beside the side name no player
    (the invitation is put off, not made), so they are no move — the side chosen is the
    letter's move (`without_action_word`). `readings` is returned unchanged otherwise."""
    if not readings or any(o.targets for o in readings):
        return readings
    if "choose_side" not in view.allowed:
        return readings
    side, both = _side_either_script(tokens, questions)
    return [] if side is not None and not both else readings


def side_beside(
    reading: LetterReading, tokens: Sequence[Token], questions: set[int], view: SenderView
) -> LetterReading:
    """«Приглашаю Кума. Выбираю мафию.» from the prostitute whose side choice is pending
    (G-M.8): two moves in one letter, and a reading holds one. Read as the move alone, the
    side would be dropped unseen — and with no choice by the deadline the side goes against
    her words — so the letter is asked, naming both (C-2: two moves, no correction between
    them)."""
    if reading.kind != "move" or reading.action == "choose_side":
        return reading
    if "choose_side" not in view.allowed:
        return reading
    side, both = _side_either_script(tokens, questions)
    if side is None and not both:
        return reading
    return question_reading(
        UNDECIDED,
        "В письме два хода: ночной ход и выбор стороны. Пришлите выбор стороны отдельным "
        "письмом («Выбираю мирных» или «Выбираю мафию»), а ход — своим письмом.",
    )


def _side(tokens: Sequence[Token], questions: set[int]) -> tuple[str | None, bool]:
    """The side a letter chooses (G-M.8), and whether it names both without refusing one."""
    said, refused = sides_refused(tokens, questions)
    if refused:
        # «За мафию не хочу. Мирные»: the side refused is never the choice; the other one
        # only when the letter says it
        return (next(iter(said)) if len(said) == 1 else None), False
    if len(said) > 1:
        return None, True
    return side_by_keys(list(tokens), questions) or side_after_za(tokens, questions), False


def _spelt_in_cyrillic(tokens: Sequence[Token]) -> list[Token]:
    """The letter's words typed in Latin letters as the Russian they spell (their first
    Cyrillic spelling: «za mafiju» → за мафию), for the words of a side choice."""
    from parser.latin import cyrillic_spellings

    out = list(tokens)
    for k, t in enumerate(out):
        if t.word.isascii() and t.word.isalpha():
            spelt = cyrillic_spellings(t.word)
            if spelt:
                # the spelling the dictionary knows («mirnyh»: мирных, not мирних)
                known = (c for c in spelt if any(r.known for r in parse(c)))
                out[k] = replace(t, word=next(known, spelt[0]))
    return out


def _traded(tokens: Sequence[Token], m: Mention, players: frozenset[int]) -> bool:
    """«Накрываю Тюленя волной»: the player is the object of the sender's verb of another
    sense that also takes a thing in the bare instrumental (`sense.trade_instrument`)."""
    verb = other_sense_verb(tokens, m)
    return verb is not None and trade_instrument(tokens, verb, players) is not None


def _label_words(tokens: Sequence[Token], m: Mention, mentions: Sequence[Mention]) -> list[Token]:
    """The words of the nick's own line before it (`other_trade_label`): from the start of its
    clause, or from a dash or colon inside it, to the nick, which they join with a dash, a
    colon or nothing («Мой выбор — X», «Проверка: X», «мой улов сегодня X»). Empty where a
    preposition governs the nick («дознание над X») or the line names another player."""
    k = m.start - 1
    while k >= 0 and not tokens[k].word and tokens[k].sentence == tokens[m.start].sentence:
        k -= 1  # a dash typed as a word of its own
    if k < 0 or tokens[k].sentence != tokens[m.start].sentence:
        return []
    if tokens[k].clause_end and not tokens[k].raw.endswith((":", "—", "–", "-")):
        return []  # «Лечу Олю, Тарас»: a comma parts the nick from the words before
    last = parse(tokens[k].word) if tokens[k].word else ()
    if last and last[0].pos == "PREP":
        return []
    words = [tokens[k]]
    while k > 0 and not tokens[k - 1].clause_end and tokens[k - 1].sentence == tokens[k].sentence:
        if tokens[k - 1].raw in DASHES or tokens[k - 1].raw.endswith(("—", "–")):
            break  # «Ворон, Лёха — сегодня Сова»: the line after the dash
        k -= 1
        words.append(tokens[k])
    others = {j for n in mentions if n is not m for j in range(n.start, n.end)}
    if any(j in others for j in range(k, m.start)):
        return []
    return [t for t in reversed(words) if t.word]


def _head_noun(label: Sequence[Token]) -> Token | None:
    """The subject of a verbless label: its first noun in the nominative, or a substantive
    adjective or participle in the nominative no noun in the nominative follows («Подопечный
    на ночь»,
    «Проверяемый»); None when the label holds a verb, or no such word."""
    parsed = [(t, parse(t.word)) for t in label]
    if any(p and p[0].pos in ("VERB", "INFN") for _t, p in parsed):
        return None
    governed = False  # a preposition governs the next noun: «на ужин», «по танцам»
    for n, (t, p) in enumerate(parsed):
        if p and p[0].pos == "PREP":
            governed = True
            continue
        if governed and p and p[0].pos == "NOUN":
            governed = False
            continue
        if not p or "nomn" not in p[0].grammemes or t.word in GREETING:
            continue
        if p[0].pos == "NOUN":
            return t
        if p[0].pos in ("ADJF", "PRTF") and "Apro" not in p[0].grammemes:
            after = parsed[n + 1][1] if n + 1 < len(parsed) else ()
            if not (after and after[0].pos == "NOUN" and "nomn" in after[0].grammemes):
                return t  # no noun it agrees with follows: the adjective is the noun
    return None


def _move_noun(t: Token) -> bool:
    """A noun that names a move or its target in the game's sense: a word of the game's
    vocabulary for an action (its nouns and participles: «проверка», «лечение»,
    «проверяемый», «выстрел»), a target label («цель», «жертва»), a word that says a move
    («ход», «выбор»), or a role's name («Дон — X»)."""
    found = lookup(t.word)
    if found is not None and found.actions:
        return True
    lemmas = {t.word, *(p.lemma for p in parse(t.word)[:1])}
    # «заявка»: the game's own noun for a clan member's request (P-M.8)
    said = TARGET_LABELS | INDICATORS - WEAK_INDICATORS | GAME_WORDS | {"заявка"}
    return bool(lemmas & said) or role_word(t.word) is not None


def other_trade_label(
    tokens: Sequence[Token], m: Mention, mentions: Sequence[Mention]
) -> str | None:
    """C-2: the noun of a verbless line that names the player as what another trade calls
    him («Сегодня мой трофей — X», «Мой клиент на ночь — X», «мой улов сегодня X»), or None
    where the line's noun names the move or its target, or the line is no nominal line. The
    line's subject is read by its case and part of speech (pymorphy3), the move's nouns by
    the game's vocabulary, which holds the nouns and participles of the roles' verbs."""
    label = _label_words(tokens, m, mentions)
    head = _head_noun(label)
    if head is None or not m.nominative or any(_move_noun(t) for t in label):
        return None  # «Объект проверки — X»: a word of the move in the line names it
    return head.raw.strip(" —–-:,.")
