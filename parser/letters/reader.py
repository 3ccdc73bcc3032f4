"""`read_letter`: one letter read through its sender's role, stage by stage."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property
from typing import Final

from parser.letters.actions import (
    Occ,
    bind,
    coordinated,
    occurrences,
    role_actions_for,
    weigh_purpose,
)
from parser.letters.asked import (
    MoveQuestion,
    asked_don,
    asked_move,
    offer_asked,
    offered_to_the_don,
)
from parser.letters.conditions import in_condition, settled_by_cast
from parser.letters.decide import (
    apply_corrections,
    choose_reading,
    finish,
    is_called_off,
    is_plea,
    resolve_pronouns,
    second_thoughts,
    settled_choice,
    then_in_the_night,
    wishes_settled,
)
from parser.letters.executor import (
    cue_executor,
    executor_fixed,
    find_executors,
    mates_in_slots,
    names_executor,
)
from parser.letters.foreign import unread_language
from parser.letters.gameline import marked_lines
from parser.letters.infer import side_beside, side_over_unnamed, without_action_word
from parser.letters.introduced import introduction_cut
from parser.letters.mentions import Mention, find_mentions
from parser.letters.promised import (
    held_back,
    left_to_another,
    move_put_off,
    promised_later,
    promises_word,
    put_off,
    put_off_by_promise,
    put_off_by_time,
)
from parser.letters.proof import Evidence, example_of, prove, spelled
from parser.letters.questions import confident, question_reading
from parser.letters.reading import (
    DEFAULT_READING,
    DEFAULT_VERB_OUTSIDE,
    EXAMPLE,
    IS_IT_A_MOVE,
    NO_TARGET,
    OTHER_ACCOUNT,
    RELAYED,
    UNACCOUNTED,
    UNDECIDED,
    UNKNOWN_NICK,
    WHICH_TARGET,
    LetterReading,
    MemberSuggestion,
    ReadingSettings,
    VerbOutside,
    offer_setting,
)
from parser.letters.relayed import written_for
from parser.letters.reported import (
    declines,
    heard_mentions,
    in_report,
    moves_told,
    reported_move,
    reports,
)
from parser.letters.scene import scene_action
from parser.letters.sense import trade_instrument
from parser.letters.spoken import (
    asks_itself,
    self_answer,
    spoken_marks,
    telegraph_marks,
    uncapped,
)
from parser.letters.tokens import (
    EDGE_MARKS,
    Token,
    question_sentences,
    question_tags,
    split_story,
    tokenize,
    unquoted,
)
from parser.letters.verbnick import verb_nicks_as_verbs
from parser.letters.words import NEG, SUGGEST_SCORE
from parser.morph import common_word
from parser.nicks import NickResolver, casefold_key, word_inflects
from parser.oldspelling import modern_spelling
from parser.sender import SenderView
from parser.signature import unsigned
from parser.vocab import lookup


def read_letter(
    text: str,
    view: SenderView,
    *,
    resolver: NickResolver | None = None,
    settings: ReadingSettings = DEFAULT_READING,
) -> LetterReading:
    """Read one letter from `view.nick` (see the module docstring) with the host's reading
    `settings` (`ReadingSettings`: the confidence threshold, the offered victim of a clan
    member (P-M.8) or a Gambler mafioso (G-M.5/G-M.6), a move asked about (C-2), a verb
    outside the game's words (C-2)); the reader's stages below take the one each needs."""
    threshold, move_question = settings.threshold, settings.move_question
    verb_outside = settings.verb_outside
    suggestion = offer_setting(view, settings.suggestion, settings.mafioso_suggestion)
    resolver = resolver or NickResolver(view.living)
    text = modern_spelling(text)  # «Провѣряю Онѣгина»: the pre-reform spelling (C-3)
    text = spoken_marks(text)  # «… точка», «… запятая» left by speech input
    text = telegraph_marks(text, view.living)  # «… ТЧК», «… ЗПТ» typed as a telegram
    text = uncapped(text)  # a letter all in capitals says nothing by its case
    # «это Весы, дон Персей», «… — Весы»: the writer naming herself is no move's player (C-2)
    text = introduction_cut(text, view, resolver)
    # «пишу за Февронию: она лечит Аду», «муж просил передать: проверяю Аду» (C-2)
    # «ubit Uroven» from a killer: the infinitive, its soft sign left out (C-2)
    killer = "kill" in view.moving_actions()
    words = _Words(text, resolver, killer=killer)
    relay = written_for(words.plain, words.plain_mentions(view), view.nick)
    if relay is not None and relay.owner != view.nick and relay.own:
        # «Проверяю Аду. Феврония просила передать, что …»: his own move, and another's
        own = _Words(relay.own, resolver, killer=killer)
        mine = _letter(own, view, threshold, suggestion, move_question, verb_outside)
        said = f"Понял ваш ход так: {spelled(mine)}. " if mine.kind == "move" else ""
        return question_reading(
            RELAYED,
            f"Письмо передаёт и ход другого игрока («{relay.words}»), а он принимается только "
            f"от самого игрока, с его аккаунта. {said}Пришлите свой ход отдельным письмом "
            f"только от себя, например: «{_example_for(mine, own)}».",
        )
    if relay is not None and relay.owner != view.nick:
        return LetterReading(
            code=OTHER_ACCOUNT,
            text=(
                f"Письмо написано за другого игрока («{relay.words}»). Ход принимается только "
                f"от самого игрока, с его собственного аккаунта: пусть {relay.owner} пришлёт "
                "свой ход сам. Если у вас есть свой ход, пришлите его отдельным письмом от себя."
            ),
        )
    got = _letter(words, view, threshold, suggestion, move_question, verb_outside)
    if got.kind == "question" and got.code in _TALK_BESIDE:
        # «Захожу к Кириллу за дрелью. Ход: Нина»: the letter's own marked line is the move
        # where the rest of it, read alone, is no move — talk (`gameline`)
        marked = marked_lines(text, resolver)
        if marked is not None:
            line = _letter(
                _Words(marked.line, resolver, killer=killer),
                view,
                threshold,
                suggestion,
                move_question,
                verb_outside,
            )
            if line.kind == "move":
                got = line
    if relay is None:
        return got
    if got.kind != "move" and relay.told:
        # «муж просил передать: проверяю Аду»: the move in the words relayed, to spell out
        got = _letter(
            _Words(relay.told, resolver, killer=killer),
            view,
            threshold,
            suggestion,
            move_question,
            verb_outside,
        )
    said = f" Понял ход так: {spelled(got)}." if got.kind == "move" else ""
    return question_reading(
        RELAYED,
        f"В письме сказано, что его написали за вас («{relay.words}»).{said} Ход принимается "
        "только от самого игрока: если это ваш ход, пришлите его сами, например: "
        f"«{_example_for(got, words)}».",
    )


#: the questions a letter is asked where talk on a move's verb names another player beside
#: its move: a marked line of the letter's own may settle them (`gameline`)
_TALK_BESIDE: Final = frozenset({WHICH_TARGET, UNACCOUNTED, IS_IT_A_MOVE})


def _example_for(reading: LetterReading, words: _Words) -> str:
    """The letter to send: the move read, or its action word's example."""
    if reading.kind == "move":
        return example_of(reading)
    return EXAMPLE.get(_asked_action(words), "Ход Ник")


class _Words:
    """One text of a letter split into words once, for every stage that reads it: the relay
    check (sentences as written), the move's reading and the move asked about (a question
    tag split off as a sentence of its own, `question_tags`), and the players each names."""

    def __init__(self, text: str, resolver: NickResolver, *, killer: bool = False) -> None:
        self.text = text
        self.resolver = resolver
        self.killer = killer  # the sender's role may kill now (`tokens.tokenize`)
        self.story, body = split_story(unsigned(unquoted(text)))
        self.plain = tokenize(body, killer=killer)
        self.tokens = question_tags(self.plain)
        self._mentions: dict[tuple[SenderView, bool], list[Mention]] = {}

    @cached_property
    def questions(self) -> set[int]:
        return question_sentences(self.tokens)

    def mentions(self, view: SenderView) -> list[Mention]:
        """The players `self.tokens` name, read for `view`."""
        return self._found(view, tagged=True)

    def plain_mentions(self, view: SenderView) -> list[Mention]:
        """The players `self.plain` names: the same list where no question tag was split."""
        return self._found(view, tagged=self.tokens == self.plain)

    def _found(self, view: SenderView, *, tagged: bool) -> list[Mention]:
        key = (view, tagged)
        if key not in self._mentions:
            tokens = self.tokens if tagged else self.plain
            # «Лечу Урала» with a player Лечу: the verb-form nick read as the verb it spells
            found = find_mentions(tokens, self.resolver, view)
            self._mentions[key] = verb_nicks_as_verbs(tokens, found)
        return self._mentions[key]


def _letter(
    words: _Words,
    view: SenderView,
    threshold: float,
    suggestion: MemberSuggestion,
    move_question: MoveQuestion,
    verb_outside: VerbOutside = DEFAULT_VERB_OUTSIDE,
) -> LetterReading:
    """The letter read as the sender's own words (`read_letter` without the relay)."""
    text = words.text
    resolver = words.resolver
    letter = words  # the letter's own words, whichever part of them is read below
    # «Кого лечить? Наверное Галю. Хотя нет. Да, Галю»: the answer the sender settled on
    settled = self_answer(text)
    # «Если Гаврила ещё жив, проверяю его, иначе — Ариадну»: the branch the cast settles
    branch = settled_by_cast(text, view.living, view.dead) if settled is None else None
    if branch == "":
        return LetterReading()
    if settled or branch:
        words = _Words(settled or branch or text, resolver, killer=words.killer)
    reading, evidence = _read(words, view, threshold, verb_outside)
    proven = prove(reading, evidence, view, suggestion)
    proven = side_beside(proven, evidence.tokens, evidence.questions, view)
    if settled is None and proven.kind == "none" and asks_itself(text):
        return question_reading(
            UNDECIDED,
            "Вы спрашиваете себя, кого выбрать, и не ответили окончательно. Пришлите ход "
            f"одним ником, например: «{EXAMPLE.get(_asked_action(letter), 'Ход Ник')}».",
        )
    if proven.kind == "none" and move_question == "ask":
        # «можно проверить Олега?», «Олега или Машу убить?»: a move asked about, not made
        # «Может, доном Клюквину или Куницу?»: an election weighed in a question (P-S.2)
        named = words.mentions(view)
        asked = asked_move(words.tokens, words.questions, named, view) or asked_don(
            words.tokens, words.questions, named, view
        )
        if asked is not None:
            return asked
    if proven.kind == "none" and proven.code is None:
        # «Может, Слона? Решай, Ферзь.»: a member's victim offered to his Don (P-M.8), or a
        # Gambler mafioso's to the godfather (G-M.5/G-M.6)
        offered = offered_to_the_don(words.tokens, words.questions, words.mentions(view), view)
        if offered is not None and offered.nick and suggestion == "ask":
            return offer_asked(offered.nick, view)
        if offered is not None and offered.nick and view.ruleset == "gambler":
            # "request": his kill letter, kept for a night the godfather is jailed before;
            # a PEFL member's offer put as a question stays as it was read before P-M.8's
            # setting (no move)
            return confident(
                LetterReading("kill", (offered.nick,), confidence=offered.confidence), threshold
            )
    promised = promised_later(evidence.tokens, evidence.mentions, evidence.questions)
    later = move_put_off(evidence.tokens, evidence.questions)
    if proven.code in (NO_TARGET, UNKNOWN_NICK) and (promised or later):
        return LetterReading()  # «Проверяю, кого — напишу позже»: the host waits for it
    if later and _only_words(proven, evidence):
        # «весь вечер хилю танка на рейде, ход завтра утром»: the move is still to come, and
        # the player read is a common word in lower case — the word of the talk (C-3)
        return LetterReading()
    if later and proven.kind == "move":
        # «хилю Танка, ход завтра утром»: a move, and the move said to come later — asked
        return question_reading(
            UNDECIDED,
            f"Вы пишете, что ход будет позже, а в письме я прочёл: {spelled(proven)}. Если это "
            f"ход на эту ночь, подтвердите его, например: «{example_of(proven)}».",
        )
    held = _held_back(proven, evidence)
    if held is not None:
        return held
    if proven.code == NO_TARGET and evidence.chosen is not None:
        return _doubt_named(proven, evidence, resolver)
    if proven.kind == "none":
        # «Elena Borisovna, men Paprikani taklif qilaman»: players named in words unread
        return unread_language(evidence.tokens, evidence.mentions, view) or proven
    return proven


def _only_words(reading: LetterReading, evidence: Evidence) -> bool:
    """A move whose every player is named only by a common word in lower case («танка» for
    the player Танк): in a letter that puts its move off, that word is the talk's own."""
    if reading.kind != "move" or not reading.targets:
        return False
    named = [m for m in evidence.mentions if m.nick in reading.targets]
    return bool(named) and all(
        m.end - m.start == 1
        and evidence.tokens[m.start].raw[:1].islower()
        and common_word(evidence.tokens[m.start].word)
        for m in named
    )


def _doubt_named(
    reading: LetterReading, evidence: Evidence, resolver: NickResolver
) -> LetterReading:
    """«лечу лимонад» with a player Лимон: the word after the action word is a dictionary
    word, so it is never read as the nick it is near (C-3), but the question names the doubt
    — the one player that close — for the sender to confirm."""
    assert evidence.chosen is not None
    at = evidence.chosen.i + 1
    tokens = evidence.tokens
    if at >= len(tokens) or tokens[at].sentence != tokens[at - 1].sentence:
        return reading
    scored = resolver.fuzzy(tokens[at].word)
    if not scored or scored[0][1] < SUGGEST_SCORE:
        return reading
    if len(scored) > 1 and scored[1][1] >= SUGGEST_SCORE:
        return reading  # two players that close: no one to name
    word = tokens[at].raw.strip(EDGE_MARKS)
    return replace(
        reading, text=f"{reading.text} Вы написали «{word}» — может быть, это {scored[0][0]}?"
    )


def _asked_action(words: _Words) -> str:
    """The one action the first action word of the letter's words names, or ""."""
    for t in words.plain:
        found = lookup(t.word)
        if found is not None and len(found.actions) == 1:
            return next(iter(found.actions))
    return ""


def _read(
    words: _Words,
    view: SenderView,
    threshold: float,
    verb_outside: VerbOutside = DEFAULT_VERB_OUTSIDE,
) -> tuple[LetterReading, Evidence]:
    """The most likely reading and the evidence it stands on (the proof is `prove`'s)."""
    if view.known and not view.moving_actions():
        # civilians and bastards have no night move (C-2): their letter is read by its words
        # and the engine refuses what it tries (wrong_role), as for any other role
        # (the turn kept: on the election night its «Главным будет X» reads as the election
        # the proof then refuses, P-S.2)
        view = SenderView(
            view.nick, ruleset=view.ruleset, turn=view.turn, living=view.living, dead=view.dead
        )
    resolver = words.resolver
    story, tokens, questions = words.story, words.tokens, words.questions
    every = words.mentions(view)  # questions' too: who a pronoun may point back to
    mentions = [m for m in every if tokens[m.start].sentence not in questions]
    if names_executor(view) and view.clan_mates:
        # «исполнитель расти», «Лаки идёт на дело»: a clan mate where the executor stands
        mentions = mates_in_slots(tokens, mentions, view)
    occs, skip, exec_cues = occurrences(
        tokens, mentions, questions, frozenset(view.moving_actions()) if view.known else frozenset()
    )
    # «Дымон сказал стреляем в Катю»: another player's words told are not the sender's move
    heard = reports(tokens, mentions, view)
    heard_at = heard_mentions(heard, mentions)
    told_occs = [o for o in occs if in_report(heard, o.i)]
    occs = [o for o in occs if not in_report(heard, o.i)]
    exec_cues = [c for c in exec_cues if not in_report(heard, c[0])]
    own = [m for m in mentions if m.start not in heard_at]

    is_mafioso = names_executor(view) and (not view.known or bool(view.clan_mates))
    executor: Mention | None = None
    used: set[int] = set()  # mention starts taken as executors
    if is_mafioso:
        named = find_executors(tokens, own, occs, exec_cues, view)
        used.update(m.start for m in named)
        # «исполнитель Dr.Watson. Ой, нет, исполнитель Лёня»: the last one named counts
        executor = named[-1] if named else None
        fixed = executor_fixed(tokens, own, executor, view)
        if fixed is not None:
            used.add(fixed.start)
            executor = fixed
    elif view.clan_mates and exec_cues:
        # a rule set without executors (G-M.5): a mate the words name as one («Ворон
        # исполняет») is still no second target
        used.update(
            m.start
            for i, found in exec_cues
            if (m := cue_executor(tokens, own, i, found, view)) is not None
        )

    live = [m for m in mentions if m.start not in used]
    taken = {k for m in mentions for k in range(m.start, m.end)}
    # «Сегодня Катю проверяю, Боба завтра»: a player put off is no target tonight
    tonight = [m for m in live if not put_off(tokens, m)]
    bindable = tonight if any(m.kind == "nick" for m in tonight) else live
    # «Протект Бусинке, даже если её не тронут»: a pronoun in a condition is the condition's
    bindable = [m for m in bindable if not (m.kind == "pronoun" and in_condition(tokens, m.start))]
    for n, occ in enumerate(occs):
        nxt_i = occs[n + 1].i if n + 1 < len(occs) else len(tokens)
        prev_i = occs[n - 1].i if n > 0 else -1
        bind(occ, bindable, tokens, questions, nxt_i, prev_i, taken, view.nick, resolver)
        occ.actions = role_actions_for(occ, view)
        weigh_purpose(occ, tokens)  # a visit to talk proves no strike
        if occ.actions == {"ambush"}:
            occ.aimed = any(
                m.kind == "nick"
                and m.start > occ.i
                and m.nick != view.nick
                and tokens[m.start].sentence == tokens[occ.i].sentence
                for m in occ.targets
            )
            occ.targets = []  # the ambush takes no target
    occs = coordinated(occs, tokens)
    traded, doubted = _traded(occs, tokens, mentions, view.nick, view.living)
    occs = [o for o in occs if o not in traded]

    # «стреляет Гена» with Гена the executor: the verb only named who shoots; «Протекты пока
    # не даю»: an action word without a target in a sentence that says «не» names nothing
    negative = {t.sentence for t in tokens if t.word in NEG}
    readings = [
        o
        for o in occs
        if o.actions
        and (
            o.targets
            or o.actions == {"ambush"}
            or not (o.third or tokens[o.i].sentence in negative)
        )
    ]
    # «Убейте меня уже 😂»: a plea to others to act on the sender is no move of his
    readings = [o for o in readings if not is_plea(tokens, o)]
    called_off = [o for o in readings if is_called_off(tokens, o)]
    own_actions = frozenset(view.moving_actions()) if view.known else frozenset()
    readings = [o for o in readings if o not in called_off]
    # «Бью Соню, а потом убиваю её»: a second own move the same night, asked (P-M.0)
    again = then_in_the_night(tokens, readings, called_off, own_actions)
    called_off = [o for o in called_off if o not in again]
    readings = sorted([*readings, *again], key=lambda o: o.i)
    # a player named in a move taken back is not then the role's move by inference
    withdrawn = {m.start for o in called_off for m in o.targets}
    withdrawn |= {m.start for m in live if m not in bindable}  # put off: not tonight's
    withdrawn |= {m.start for o in traded for m in o.targets}  # named in a trade's sense
    # a move told in another's words: its speaker and players are not the sender's move
    withdrawn |= heard_mentions(moves_told(heard, told_occs), mentions)
    if skip:  # «Подрыв откладываю», «ход пропускаю»
        readings = [o for o in readings if o.targets]
    named = [m for m in every if m.start not in used]
    readings = resolve_pronouns(readings, tokens, live, view.nick, own_actions, named)
    readings = apply_corrections(readings, live, tokens, occs)
    readings = settled_choice(tokens, live, readings, view, skip)
    readings = side_over_unnamed(readings, tokens, questions, view)
    chosen = choose_reading(wishes_settled(readings, tokens), view, tokens)
    chosen = _unless_promised(chosen, tokens, questions)
    chosen = _beside_doubted(chosen, doubted, tokens, view)
    evidence = Evidence(
        tokens,
        mentions,
        questions,
        frozenset(used),
        chosen if isinstance(chosen, Occ) else None,
        tuple(occs),
        frozenset(withdrawn),
        heard_at,
    )
    if isinstance(chosen, LetterReading):
        return chosen, evidence
    if chosen is not None:
        asked = second_thoughts(chosen, live, tokens, occs, view.nick)
        if asked is not None:
            return asked, evidence
    if chosen is None:
        rest = [m for m in live if m.start not in withdrawn]
        found = _trade_asked(traded, rest, view, tokens, questions) or without_action_word(
            tokens, questions, rest, occs, skip, view, story, threshold, verb_outside, executor
        )
        if found.action == "kill" and executor is not None:
            found = replace(found, executor=executor.nick)
        if found.kind == "none" and not skip and told_occs and not declines(tokens, heard):
            return reported_move(told_occs, heard, tokens), evidence
        return found, evidence
    return finish(_scene_told(chosen, tokens, mentions), executor, live, view, story, threshold), (
        evidence
    )


def _traded(
    occs: Sequence[Occ],
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    me: str,
    living: Sequence[str] = (),
) -> tuple[list[Occ], list[Occ]]:
    """«Накрываю Тюленя волной», «Прикрываю Якоря брезентом»: the action words said in the
    sense of the writer's trade (`sense.trade_instrument`: a thing in the instrumental beside
    the player), not the game's (C-2) — and an action noun of the same sentence on the same
    players («Валю Фазана с первого выстрела, дробью»), that trade's word too; and of the
    verbs so found, those whose tool is another player's nick, still in doubt."""
    players = frozenset(k for m in mentions for k in range(m.start, m.end))
    # the sender's own nick, as a mention or as a case form of a one-word nick the mentions
    # leave out («молотом» from Молот)
    key = casefold_key(me)
    own = frozenset(k for m in mentions if m.nick == me for k in range(m.start, m.end)) | {
        k
        for k, t in enumerate(tokens)
        if t.word and key and " " not in key and word_inflects(t.word, key)
    }
    starts = frozenset(m.start for m in mentions)
    # another living player's one-word nick, for a tool not among the mentions («секирой»)
    keys = [c for n in living if n != me and " " not in (c := casefold_key(n)) and c]
    tools = {
        id(o): k
        for o in occs
        if o.targets and (k := trade_instrument(tokens, o.i, players, own, starts)) is not None
    }
    traded = [o for o in occs if id(o) in tools]
    at = {(tokens[o.i].sentence, m.start) for o in traded for m in o.targets}
    # «бью Оруженосца секирой»: the tool is itself a player's nick written as a thing — that
    # accounts for the word, not for the verb, which stays one of the sender's moves on a
    # player written as a nick: beside another move it is a doubt, not talk (C-2, C-3)
    doubted = [
        o
        for o in traded
        if tools[id(o)] not in own
        and (
            tools[id(o)] in players
            or any(word_inflects(tokens[tools[id(o)]].word, c) for c in keys)
        )
        and o.actions
        and any(tokens[m.start].raw[:1].isupper() for m in o.targets)
    ]
    return traded + [
        o
        for o in occs
        if o not in traded
        and o.targets
        and all((tokens[o.i].sentence, m.start) in at for m in o.targets)
    ], doubted


def _beside_doubted(
    chosen: Occ | LetterReading | None,
    doubted: Sequence[Occ],
    tokens: Sequence[Token],
    view: SenderView,
) -> Occ | LetterReading | None:
    """A move of another sentence is proven by its own words, not by a doubted verb
    (`_traded`) being taken for the trade's: the two stand side by side, a question."""
    if not isinstance(chosen, Occ):
        return chosen
    other = [o for o in doubted if tokens[o.i].sentence != tokens[chosen.i].sentence]
    return choose_reading([other[0], chosen], view) if other else chosen


def _trade_asked(
    traded: Sequence[Occ],
    rest: Sequence[Mention],
    view: SenderView,
    tokens: Sequence[Token],
    questions: set[int],
) -> LetterReading | None:
    """«Травлю Рулевого байками»: the only players named are the objects of verbs said in the
    sense of the writer's trade — no proof of a move, a question. None when the letter names
    another player (the reading is his) or has no such verb; the sender's own nick is no
    other player («Бью Слона ферзём. Исполнитель — сам, ферзём же.» from Ферзь)."""
    if not traded or any(m.nick != view.nick for m in rest):
        return None
    if put_off_by_time(tokens, traded[0].i, questions) is not None:
        # «проверяю отвесом угол … по игре отпишусь после сдачи объекта»: trade talk, and the
        # game's move promised for later — nothing tonight, the host waits
        return LetterReading()
    occ = traded[0]
    actions = sorted(occ.actions or occ.said or frozenset(view.moving_actions()))
    example = EXAMPLE.get(actions[0], "Ход Ник") if len(actions) == 1 else "Ход Ник"
    return question_reading(
        IS_IT_A_MOVE,
        f"Не понял, это ход? «{occ.targets[0].raw}» назван(а) в письме не по-игровому. "
        f"Если да, напишите, например: «{example}».",
    )


def _held_back(proven: LetterReading, evidence: Evidence) -> LetterReading | None:
    """«Убиваю Лику. Хотя подожди, отвечу позже»: a move that a clause after its verb takes
    back or holds for a later letter (`promised.held_back`) is not proven — asked (C-2)."""
    chosen = evidence.chosen
    if proven.kind != "move" or chosen is None:
        return None
    named = {k for m in evidence.mentions if m.kind != "pronoun" for k in range(m.start, m.end)}
    held = held_back(evidence.tokens, chosen.i, evidence.questions, named)
    if held is None:
        return None
    return question_reading(
        UNDECIDED,
        f"Вы пишете «{held}», а в письме я прочёл: {spelled(proven)}. Если это ход на эту "
        f"ночь, подтвердите его, например: «{example_of(proven)}».",
    )


def _unless_promised(
    chosen: Occ | LetterReading | None, tokens: Sequence[Token], questions: set[int]
) -> Occ | LetterReading | None:
    """«Подрыв Бульдозера после матча напишу»: a move whose clause promises the letter for
    later is not sent yet — no move, the host waits (`put_off_by_promise`); one put off by
    a clause of a later time («…, когда зайдём в порт») is asked (`put_off_by_time`)."""
    if isinstance(chosen, Occ) and put_off_by_promise(tokens, chosen.i, questions):
        return LetterReading()
    waits = left_to_another(tokens, chosen.i, questions) if isinstance(chosen, Occ) else None
    if waits is not None:
        # «Лечу, кого Гоша попросит»: the player is whoever another names later (C-2)
        return question_reading(
            UNDECIDED,
            f"Ход ждёт чужого слова: «{waits}». Ночной ход нужен ваш и сейчас, до дедлайна — "
            "напишите, кого именно, одной фразой с ником.",
        )
    later = put_off_by_time(tokens, chosen.i, questions) if isinstance(chosen, Occ) else None
    if (
        later is not None
        and isinstance(chosen, Occ)
        and (
            all(m.kind == "pronoun" for m in chosen.targets)
            or (all(m.kind != "nick" for m in chosen.targets) and promises_word(tokens, questions))
        )
    ):
        # «Проверю после тура», «Как вернусь — напишу, кого лечу»: nobody named, the host
        # waits
        return LetterReading()
    if later is not None:
        # «Проверю Тюленя, когда зайдём в порт»: the move waits for a later time (C-2)
        return question_reading(
            UNDECIDED,
            f"Ход отложен: «{later}». Ночной ход нужен сейчас, до дедлайна — если он в силе, "
            "пришлите его без отсрочки одной фразой.",
        )
    return chosen


def _scene_told(occ: Occ, tokens: Sequence[Token], mentions: Sequence[Mention]) -> Occ:
    """«Громила заходит к Ростику и объясняет ему жизнь кулаками»: a word that fits several
    of the role's actions (a motion verb), one player its object (a pronoun after him is
    him again), and a scene around them
    whose words tell one of the actions — that one (`parser.letters.scene`)."""
    if len(occ.actions) < 2 or not occ.targets or occ.alternatives or occ.either:
        return occ
    target = occ.targets[0]
    # «… к Ростику и объясняет ему …»: a pronoun after the player is that player again
    if target.kind != "nick" or any(m.kind != "pronoun" for m in occ.targets[1:]):
        return occ
    where = {tokens[occ.i].sentence, tokens[target.start].sentence}
    action = scene_action(tokens, where, occ.actions, mentions)
    return occ if action is None else replace(occ, actions=frozenset({action}))
