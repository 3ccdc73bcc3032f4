"""Whether a word that sounds like a move is said in the game's sense (C-2, C-3).

Every world has verbs and nouns that sound like a role's action: a fan «убил игру» or
«удаляет с поля», a cook «убивает вкус», a player «копит на засаду». A word proves a move
only where the sentence around it uses it as the game does: the sender's own act now (a verb
in the first person or the imperative, not a story about someone else), with a living player
as its object — not a thing, not the subject of the verb, not the object of a preposition
after a verb of another sense. The rules here read that from the grammar (pymorphy3's parse
of each word), never from a list of phrases:

- `told_of`: a player written as the subject of a finite verb (past or third person, «Кобзев
  убил игру») is someone the letter tells of; by inference he is no move's target.
- `other_sense_verb`: a player who is the object of the sender's own verb that is no word
  of the game's vocabulary («Удаляю с поля X», «Сажаю на скамейку X») is named in that verb's
  sense, which proves no move — beside a move it is talk, alone it is a question.
- `object_of_own_verb`: `other_sense_verb`, a nick written as it stands right after the
  sender's own verb being its object as well («Сливаем Доджи»).
- `governing_other_verb`: the same verb right before the player (adverbs and the like
  between), whatever case the nick is written in — by itself such a letter is a question
  naming the verb, never the role's only action inferred on the player.
- `noun_of_other_verb`: an action noun governed by a preposition of purpose or lack («коплю
  на засаду», «без убийства») names no move tonight: the verb that governs it is another's
  sense, or the preposition says there is none.
- `given_to`: a player whose nick is a common word, in the dative beside the sender's verb
  of another sense that has its own object («Ставлю мат Слону»), may be the thing itself:
  that verb's recipient, not proven a move's target.
- `place_phrase`: an ordinary lower-case word in the prepositional (locative) case after
  «в»/«на» («я на трибуне») is a place, never the word nick of that spelling.
- `thing_in_phrase`: an ordinary lower-case word, a thing, governed by a preposition
  («Жульена на шампур», «убиваю время на эндшпиль с X») beside a player written as one is
  the phrase's thing, never a second player of the move.
- `staked_on`: the sender's verb of another sense with its own thing as its object and the
  player after a preposition («Ставлю стоп-лосс на X») puts that thing on him in the verb's
  sense, which proves no move.
- `blow_phrase`: a tool in the bare instrumental and «по» with the place of the blow, with no
  verb at all («Кистенем по шлему — X»), tells a field game's blow, not the role's move.
- `trade_instrument`: the sender's own verb with a player as its object and a thing in the
  bare instrumental after him («Накрываю X волной», «Травлю X байками», «Прикрываю X
  брезентом») is said in the sense of the writer's trade, whatever the game's vocabulary
  makes of the verb: the game's moves take no such argument. Beside a proven move it is talk,
  alone it is a question. A person or an animal there («Травлю X собаками», «Валю X
  соседями») says others do it: no move of the sender's own is proven either.
- `off_frame`: a player governed by a preposition no move takes its player with («капканы
  под Каменкой», «еду в Кедровку», «с Тимохой», «для Тимохи») is a place, a companion or a
  beneficiary of the sentence, never the move's target; `owned_by_thing`: a player in the
  genitive after a common noun («собаку Тимохи», «урожай Каменки») is whose thing it is, the
  thing being the verb's object.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from parser.letters.tokens import WORKING_HOURS, Token, clause_bounds, clock_hour, subject_verb
from parser.letters.words import NIGHT, RESTATING, VIOLENCE, ws
from parser.morph import Reading, common_word, forms, parse
from parser.nicks import written_word
from parser.roles import GAME_WORDS, role_word
from parser.vocab import lookup, scene_actions

if TYPE_CHECKING:
    from parser.letters.mentions import Mention

#: prepositions that make an action noun the aim, topic or lack of something else, never
#: the move itself («на засаду» after «коплю», «без убийства», «для проверки», «про подрыв»);
#: «в засаду» (where the sender sits down) stays the move
_AIM_PREPS: Final = ws("на без для ради про о об до после вместо")
#: «без» needs no verb to say «none of that»
_LACK: Final = ws("без вместо")
#: prepositions that take the locative of a place
_PLACE_PREPS: Final = ws("в во на")
#: the prepositions every move may take its player with: the aim of a shot or a visit
#: («стреляю в X», «иду на X», «иду к X»), and of an action noun («пуля для X», «дознание
#: над X»)
_AIM_PREPS_ANY: Final = ws("в во на к ко для над")
#: the prepositions a move of one action also takes its player with: a shot or a blow «по»
#: someone, a look «у» someone («гляну, что у X»), a night spent «у» or «с» someone (the
#: prostitute's visit), a watch kept «у», «возле», «около» someone (the ambush), a blast
#: «с» someone (the kamikaze takes him along)
_ACTION_PREPS: Final = {
    "kill": ws("по"),
    "beat": ws("по"),
    "check": ws("у"),
    "block": ws("у с со"),
    "ambush": ws("у возле около"),
    "blast": ws("с со"),
}
#: a verb of the sender's own doing now: first person (present or future) or imperative
_OWN: Final = (frozenset({"1per"}), frozenset({"impr"}))


def nick_word(nick: str, written: str) -> str:
    """C-3: the word a one-word nick is in the script of the word `written` in the letter
    (`parser.nicks.written_word`: «Volk» in «лечу волка» is «волк»)."""
    return written_word(nick, written)


def _finite(word: str) -> bool:
    top = parse(word)[:1]
    return bool(top) and top[0].pos == "VERB"


def _game_word(word: str) -> bool:
    """A word of the game's vocabulary: an action, a visit, a call, a skip, an executor."""
    found = lookup(word)
    return found is not None and (
        bool(found.actions) or found.visit or found.call or found.skip or found.executor
    )


def _own_other_verb(word: str, *, infinitive: bool = False, opening: bool = False) -> bool:
    """A verb of the sender's own doing now that the game's vocabulary does not know (with
    `infinitive`, an infinitive of such a verb too: «Подстраховать X»). A word the
    dictionary does not know is such a verb when any parse of it is one, or when it ends as
    the first person of the present does («станю», «ганкаю», «бафаем»): jargon verbs are
    mostly out of the dictionary, which then guesses them as nouns. With `opening` (the word
    opens the clause of the player after it), any parse of the first person or the
    imperative will do: «Пеку Серёгу», «Крашу Марину» — a noun in the dative opening a
    clause with an object after it has no verb to hang on, so the word is the verb (unless
    it may be a nominative: «Цель — X» names the label, never «целить»)."""
    if not word or _game_word(word):
        return False
    parses = parse(word)
    top = parses[:1]
    if infinitive and top and top[0].pos == "INFN":
        return True
    if parses and not any(p.known for p in parses):
        return any(_own_verb(p.pos, p.grammemes) for p in parses) or bool(
            _FIRST_PERSON_ENDING.search(word)
        )
    if opening and not any("nomn" in p.grammemes for p in parses):
        # (a word that may be a noun in the nominative — «Цель — X» — is the clause's label)
        return any(_own_verb(p.pos, p.grammemes) for p in parses)
    return bool(top) and _own_verb(top[0].pos, top[0].grammemes)


def _own_verb(pos: str, grammemes: frozenset[str]) -> bool:
    """A parse of a verb in the first person (present or future) or the imperative."""
    if pos != "VERB" or "past" in grammemes:
        return False
    return any(g <= grammemes for g in _OWN)


#: the endings of the first person of the present of the verbs that take «-ю» after a
#: vowel («делаю», «сеем», «рисую», «гуляем»), as a word the dictionary does not know ends
_FIRST_PERSON_ENDING: Final = re.compile(r"[аяеуюо](?:ю|ем)$")


def told_of(tokens: Sequence[Token], m: Mention) -> bool:
    """«Кобзев убил игру», «Кобзев забил на 89-й»: the player written as he is (nominative),
    and the next word of his clause a verb in the past or the third person — he is the one
    who does it, someone the letter tells of."""
    if not m.nominative or m.end >= len(tokens) or tokens[m.end - 1].clause_end:
        return False
    nxt = tokens[m.end]
    if nxt.sentence != tokens[m.start].sentence or not nxt.word:
        return False
    top = parse(nxt.word)[:1]
    if not top or top[0].pos != "VERB":
        return False
    # the past, or the present of a verb of the imperfective («забивает»); «Ян умрёт этой
    # ночью» (the perfective future) says what the sender means to happen, a move
    return "past" in top[0].grammemes or {"3per", "pres"} <= top[0].grammemes


def other_sense_verb(tokens: Sequence[Token], m: Mention) -> int | None:
    """The index of the sender's own verb of another sense whose object the player is: the
    verb before him in his clause («Удаляю с поля Кричалку», «Сажаю на скамейку Бульдозера»),
    a first-person or imperative verb the game's vocabulary does not know, with no word of
    the game between them or elsewhere in the clause, and the player not in the nominative
    (he is its object, not its subject). None when there is no such verb."""
    if m.nominative:
        return None
    a, b = clause_bounds(tokens, m.start)
    clause = range(a, b + 1)
    if any(
        _game_word(tokens[k].word) for k in clause if tokens[k].word and not m.start <= k < m.end
    ):
        return None
    verbs = [k for k in range(a, m.start) if _own_other_verb(tokens[k].word)]
    return verbs[-1] if verbs else None


def object_of_own_verb(tokens: Sequence[Token], m: Mention) -> int | None:
    """`other_sense_verb`, where a nick written as it stands (an indeclinable handle:
    «Сливаем Доджи») right after the sender's own verb in its clause is that verb's object
    too: a verb of the first person or the imperative has «я»/«мы» as its subject, never
    the player after it."""
    if m.nominative and m.start > 0:
        before = tokens[m.start - 1]
        if (
            not before.clause_end
            and before.sentence == tokens[m.start].sentence
            and _own_other_verb(before.word)
        ):
            return other_sense_verb(tokens, replace(m, nominative=False))
    return other_sense_verb(tokens, m)


#: the parts of speech that may stand between a verb and the player it governs: «Ганкаю
#: сегодня друида», «Станю этого Грифона»
_BETWEEN_VERB_AND_OBJECT: Final = frozenset({"ADVB", "PRCL", "ADJF", "PRTF", "NUMR", "NPRO"})


#: particles written after a verb with a hyphen: «вколю-ка», «скажу-таки»
_HYPHEN_PARTICLES: Final = ("-ка", "-то", "-таки", "-де")


def _jargon(word: str) -> bool:
    """A word the dictionary does not know (a hyphenated particle after it aside): the
    reader cannot tell what it says, so it cannot be read through the sender's role the way
    a Russian verb of care or violence is («Заштопаю X» from the doctor, «Кромсаю X» from
    the maniac) — the game's own slang loans («кильнуть», «хилить») are in its vocabulary.
    A word typed with Latin look-alikes or digits is a spelling of some word, no jargon."""
    for tail in _HYPHEN_PARTICLES:
        if word.endswith(tail) and len(word) > len(tail) + 1:
            word = word[: -len(tail)]
            break
    if not _CYRILLIC_WORD.fullmatch(word):
        return False  # «y6uBaю»: Latin look-alikes and digits type a word, they coin none
    return not any(p.known for p in parse(word))


_CYRILLIC_WORD: Final = re.compile("[а-яё]+")


def governing_other_verb(tokens: Sequence[Token], m: Mention, *, known: bool = False) -> int | None:
    """The index of the sender's own verb of another sense that governs the player: a
    first-person or imperative verb neither the game's vocabulary nor the dictionary knows
    (`_own_other_verb`, `_jargon`: «Станю Грифона», «Фармлю Silence»), before him in
    his clause with nothing between but adverbs, particles, pronouns and words agreeing with
    him («Ганкаю сегодня друида»). A verb of the sender's own doing has «я»/«мы» as its
    subject, so the player after it is its object whatever case his nick is written in: the
    verb says something about him, but in its own sense, which proves no move of the game
    (C-2). None when no such verb governs him. With `known` (the `verb_outside_vocabulary`
    ruling's "ask"), a verb the dictionary knows counts too («Тушу Вовчика», «Снимаю X»):
    the game's vocabulary is the table of the verbs that name its moves, and a Russian verb
    outside it says what its own sense says, which the reader cannot tell from a role's
    slang («штопать», in the vocabulary) without that table."""
    a, _b = clause_bounds(tokens, m.start)
    k = m.start
    while k > a:
        k -= 1
        word = tokens[k].word
        if not word:
            continue
        coined = _jargon(word) or (known and _CYRILLIC_WORD.fullmatch(word) is not None)
        if coined and _own_other_verb(word, opening=known and k == a):
            return k
        top = parse(word)[:1]
        if top and top[0].pos == "NOUN" and (prep := _phrase_opened(tokens, k, a)) is not None:
            # «Беру в кадр Вадика»: a phrase of its own between the verb and its object
            k = prep
            continue
        if not top or top[0].pos not in _BETWEEN_VERB_AND_OBJECT:
            return None
    return None


def _phrase_opened(tokens: Sequence[Token], k: int, a: int) -> int | None:
    """The preposition that opens the phrase of the noun at `k` («в кадр», «на учёт», «под
    крыло»), words agreeing with the noun between; None when no preposition governs it."""
    for j in range(k - 1, a - 1, -1):
        word = tokens[j].word
        top = parse(word)[:1] if word else ()
        if top and top[0].pos == "PREP":
            return j
        if not top or top[0].pos not in _MODIFIERS:
            return None
    return None


def antecedent_in_other_sense(tokens: Sequence[Token], m: Mention) -> bool:
    """«Ставлю всё на Голкипера. В смысле убиваю его.», «Подстраховать Лайнсмена — лечу
    его.»: the player is the object of a verb (or infinitive) of another sense — what the
    sentence after it goes on to say in the game's words. Such a player may be what a
    pronoun right after points back to (`decide.resolve_pronouns`). The verb may close the
    clause as well («Памп Хомяку устрою — избиваю его»: Russian puts the verb where it
    likes; the player in an oblique case is its object or recipient all the same)."""
    if m.nominative:
        return False
    a, b = clause_bounds(tokens, m.start)
    lead = [tokens[k].word for k in range(a, m.start) if tokens[k].word]
    # after him, up to a dash that parts the clause («… устрою — избиваю его»)
    trail: list[str] = []
    for k in range(m.start + 1, b + 1):
        if not tokens[k].word:
            break  # (a dash the mention took in with the nick parts it all the same)
        if k >= m.end:
            trail.append(tokens[k].word)
    if any(_game_word(w) for w in (*lead, *trail)):
        return False
    return any(_own_other_verb(w, infinitive=True) for w in (*lead, *trail))


def removed_from_place(tokens: Sequence[Token], m: Mention) -> bool:
    """«Удаляю с поля Кричалку», «снимаю с доски Ферзя»: the player is the object of the
    sender's verb of another sense (`other_sense_verb`) that also names the place he is taken
    «from» — «с»/«со» and a common noun in the genitive in the same clause. A player taken
    off a field, a board or a bench is moved in that world's game, not in this one: by
    itself such a letter proves no move of the role (the host asks), while a verb of slang
    with the player alone («Кромсаю Гошу», «Беру на прицел Бармалея») is still the role's
    own move."""
    verb = other_sense_verb(tokens, m)
    if verb is None:
        return False
    a, b = clause_bounds(tokens, m.start)
    for k in range(a, b):
        if k == verb or tokens[k].word not in ("с", "со") or m.start <= k + 1 < m.end:
            continue
        parses = [p for p in parse(tokens[k + 1].word) if p.known and p.pos == "NOUN"]
        if parses and "gent" in parses[0].grammemes and "inan" in parses[0].grammemes:
            return True
    return False


def given_to(tokens: Sequence[Token], m: Mention) -> bool:
    """«Ставлю мат Слону», «Дарю партию Ладье»: the sender's verb of another sense
    (`other_sense_verb`) already has its own object — a common noun naming a thing, in the
    accusative, between the verb and the player — and the player stands in the dative with no
    preposition: he is the one that thing is given, said or done to, the verb's recipient, not
    its object — and his nick is itself a common word («Слон», «Ладья»), which the sentence
    may as well use for the thing it names (the piece that is mated). Unlike a verb of slang
    with the player alone («Кромсаю Гошу», the player is what is done) or a blow dealt to a
    person's name («Наношу удар Жоре»), such a sentence proves no move by itself; the host
    asks."""
    if not m.nick or not common_word(nick_word(m.nick, tokens[m.start].word)):
        return False
    verb = other_sense_verb(tokens, m)
    if verb is None:
        return False
    before = tokens[m.start - 1] if m.start > 0 else None
    if before is None or any(p.pos == "PREP" for p in parse(before.word)[:1]):
        return False
    if not any("datv" in p.grammemes for p in parse(tokens[m.start].word)[:2]):
        return False
    for k in range(verb + 1, m.start):
        # «мат», «шах»: a common noun that may be a thing in the accusative
        if any(
            p.known and p.pos == "NOUN" and {"accs", "inan"} <= p.grammemes
            for p in parse(tokens[k].word)[:3]
        ):
            return True
    return False


def staked_on(tokens: Sequence[Token], m: Mention) -> bool:
    """«Ставлю стоп-лосс на X», «Ставлю всё на X»: the sender's verb of another sense
    (`other_sense_verb`) already has its own object — a noun of a thing or a pronoun, known
    to the dictionary or not, between the verb and the player — and the player stands after
    a preposition: he is where that thing is put, bet or aimed in the verb's own sense, not
    the object of a move (the game's moves take the player himself). Such a sentence proves
    no move by itself; the host asks (C-2)."""
    # the player after a preposition may be written as he is (an indeclinable nick): the
    # preposition, not his case, makes him no subject
    verb = other_sense_verb(tokens, replace(m, nominative=False))
    if verb is None or m.start - verb < 3:
        return False
    before = parse(tokens[m.start - 1].word)[:1]
    if not before or before[0].pos != "PREP":
        return False
    for k in range(verb + 1, m.start - 1):
        top = parse(tokens[k].word)[:1]
        if top and (
            (top[0].pos == "NOUN" and "inan" in top[0].grammemes)
            or (top[0].pos in ("NPRO", "ADJF") and "neut" in top[0].grammemes)
        ):
            return True
    return False


def noun_of_other_verb(tokens: Sequence[Token], i: int) -> bool:
    """The action word at `i` is a noun right after a preposition of aim or lack, and its
    clause is governed by a verb of another sense (or by none, after «без»): «коплю на
    засаду», «сегодня без убийства» — no move of that kind tonight."""
    if i == 0 or tokens[i - 1].sentence != tokens[i].sentence or tokens[i - 1].clause_end:
        return False
    prep = tokens[i - 1].word
    if prep not in _AIM_PREPS:
        return False
    top = parse(tokens[i].word)[:1]
    if not top or top[0].pos != "NOUN":
        return False
    if prep in _LACK:
        return True
    a, _b = clause_bounds(tokens, i)
    lead = [tokens[k].word for k in range(a, i - 1) if tokens[k].word]
    return any(_own_other_verb(w) for w in lead) and not any(_game_word(w) for w in lead)


def place_phrase(tokens: Sequence[Token], i: int) -> bool:
    """«я на трибуне», «мы в раздевалке»: the word at `i` right after «в»/«на» in a form only
    the prepositional (locative) case has — a place the sentence is in, not a player the
    move is aimed at (who stands in the accusative after these prepositions)."""
    if i == 0 or tokens[i - 1].sentence != tokens[i].sentence or tokens[i - 1].clause_end:
        return False
    if tokens[i - 1].word not in _PLACE_PREPS:
        return False
    parses = [p for p in parse(tokens[i].word) if p.known and p.pos == "NOUN"]
    locative = [p for p in parses if p.grammemes & frozenset({"loct", "loc2"})]
    return bool(locative) and not any("accs" in p.grammemes for p in parses)


def thing_in_phrase(tokens: Sequence[Token], m: Mention) -> bool:
    """«Жульена на шампур», «время на эндшпиль с Janis_Riga»: the player's word is one
    lower-case word right after a preposition of its clause, and the dictionary knows it
    only as an inanimate noun (never a person or a name) — a thing the phrase is about. The
    caller weighs it so only beside another player the move names as players are written
    (C-3: a common-word nick in lower case is proven only where nothing else is the move's
    player; alone, «стреляю в трибуну», it stays the nick)."""
    if m.end - m.start != 1 or m.start == 0:
        return False
    tok, before = tokens[m.start], tokens[m.start - 1]
    if not tok.raw[:1].islower() or before.sentence != tok.sentence or before.clause_end:
        return False
    if not any(p.pos == "PREP" for p in parse(before.word)[:1]):
        return False
    nouns = [p for p in parse(tok.word) if p.known and p.pos == "NOUN"]
    return bool(nouns) and all("inan" in p.grammemes and not p.grammemes & _PERSON for p in nouns)


#: a noun that may be a person or a name: never a mere thing
_PERSON: Final = frozenset({"anim", "Name", "Surn", "Patr"})
#: a noun that is someone's name
_NAMED: Final = frozenset({"Name", "Surn", "Patr"})
#: the parts of speech that may stand between a verb and its object («пригоревшую сковороду»)
_BEFORE_OBJECT: Final = frozenset({"ADJF", "PRTF", "ADVB", "NUMR"})


def thing_object(
    tokens: Sequence[Token], i: int, named: frozenset[int] | set[int], *, alone: bool = False
) -> bool:
    """The action verb at `i` takes a thing as its direct object (`thing_object_at`)."""
    return thing_object_at(tokens, i, named, alone=alone) is not None


def thing_object_at(
    tokens: Sequence[Token], i: int, named: frozenset[int] | set[int], *, alone: bool = False
) -> int | None:
    """The index of the word the action verb at `i` takes as its thing, or None. The verb
    takes a thing as its direct object when the first noun after it in its clause (past
    adjectives and adverbs) is an ordinary lower-case word the dictionary
    knows as an inanimate noun in the accusative, never as a person or a name, and no
    player's (`named`: token indices of the players read) — «Проверяю тесто», «режу лук».
    The verb is said in the sense of the sender's trade, on a thing, which proves no move —
    read so only where the clause names no player and the letter names one elsewhere (the
    move, if any, is there). A player after «у» in the clause is whose thing it is
    («проверяю проводку у Сани»), not the verb's object: he does not count as named in it.
    `alone`: the letter need name no player elsewhere (for a role with no move to make,
    whose letter is talk or nothing)."""
    top = parse(tokens[i].word)[:1]
    if not top or (top[0].pos not in ("VERB", "INFN") and not _own_verb_at(tokens[i].word)):
        return None  # («мочу»: a noun's form comes first)
    a, b = clause_bounds(tokens, i)
    # a dash after the verb closes its phrase: «проверяю накладные — Ульяна принесла»
    b = next((k - 1 for k in range(i + 1, b + 1) if tokens[k].raw in _DASH_MARKS), b)
    inside = [k for k in named if a <= k <= b and not _possessor(tokens, k, named)]
    elsewhere = [k for k in named if not a <= k <= b]
    if inside or not (elsewhere or alone):
        # a player in the verb's own clause («Ломаю ноги Павлу»), or none in the letter
        # («убиваю валенки»: a nick mistyped?) — the host asks, as before
        return None
    k = i
    while k < b:
        k += 1
        t = tokens[k]
        if not t.word:
            continue
        if k in named or not t.raw[:1].islower():
            return None
        parses = [p for p in parse(t.word) if p.known]
        if not parses:
            return None
        if parses[0].pos in _BEFORE_OBJECT:
            closing = t.clause_end or k == b or not tokens[k + 1].word
            if closing and any({"NOUN", "inan", "accs"} <= p.grammemes | {p.pos} for p in parses):
                return k  # «проверяю накладные — …»: an adjective used as the noun
            continue
        if parses[0].pos == "PREP" and (end := _phrase_end(tokens, k, b, named)) is not None:
            if _aimed_thing(t.word, tokens[end]):
                return end  # «стреляю в зал», «бью по мячу»: the verb's aim is a thing
            k = end  # «спасаю на работе отчёт»: a place or a time before the object
            continue
        if parses[0].pos == "NOUN" and not any("accs" in p.grammemes for p in parses):
            continue  # «стреляю глазами в зал»: a manner or a tool before the object
        if parses[0].pos != "NOUN":
            return None  # a preposition, a pronoun, another verb: no direct object here
        nouns = [p for p in parses if p.pos == "NOUN"]
        thing = any("inan" in p.grammemes and "accs" in p.grammemes for p in nouns)
        if thing and not any(p.grammemes & _PERSON for p in nouns):
            return k
        # someone the verb takes who is no player («спасаю котёнка», «лечу соседа»):
        # animate in the accusative in every reading, and no name and no role word
        someone = (
            all("anim" in p.grammemes for p in nouns)
            and any("accs" in p.grammemes for p in nouns)
            and not any(p.grammemes & _NAMED for p in nouns)
            and role_word(t.word) is None
            and not any(_restated(tokens, j) or tokens[j - 1].raw in _DASH_MARKS for j in elsewhere)
        )
        return k if someone else None
    return None


def _aimed_thing(prep: str, t: Token) -> bool:
    """A thing a move's verb may aim at, after its preposition of aim: «в»/«на» with a goal
    noun in the accusative (`_goal_noun`: «в зал», not «на работе»), or «по» with a lower-case
    inanimate noun in the dative no game word names («по мячу»)."""
    if prep in ("в", "во", "на"):
        return _goal_noun(t)
    if prep != "по" or not t.raw[:1].islower():
        return False
    parses = parse(t.word)
    return (
        bool(parses)
        and parses[0].pos == "NOUN"
        and {"inan", "datv"} <= parses[0].grammemes
        and not (_game_word(t.word) or scene_actions(t.word))
    )


_DASH_MARKS: Final = frozenset({"—", "–", "-", "--"})


def _restated(tokens: Sequence[Token], k: int) -> bool:
    """The player at `k` follows a word of restating («Лечу мужа) Ну то есть Штыка»): he is
    who the object before was, in other words."""
    words = tuple(t.word for t in tokens[max(0, k - 3) : k] if t.word)
    return any(words[-len(marker) :] == marker for marker in RESTATING)


def _phrase_end(
    tokens: Sequence[Token], k: int, b: int, named: frozenset[int] | set[int]
) -> int | None:
    """The index of the lower-case noun that closes the phrase the preposition at `k` opens
    (words agreeing with it between), no player's; None when no such noun follows."""
    for j in range(k + 1, b + 1):
        word = tokens[j].word
        if j in named or not word or not tokens[j].raw[:1].islower():
            return None
        top = parse(word)[:1]
        if top and top[0].pos == "NOUN":
            return j
        if not top or top[0].pos not in _MODIFIERS:
            return None
    return None


def _possessor(tokens: Sequence[Token], k: int, named: frozenset[int] | set[int]) -> bool:
    """The player's word at `k` stands after «у» (his nick's earlier words between): «у сани
    электрика», «у Раствора» — the one whose thing it is."""
    j = k - 1
    while j >= 0 and j in named and tokens[j].sentence == tokens[k].sentence:
        j -= 1
    return j >= 0 and tokens[j].word == "у" and tokens[j].sentence == tokens[k].sentence


#: the parts of speech that may stand between a preposition and its noun («с первого …»)
_MODIFIERS: Final = frozenset({"ADJF", "PRTF", "NUMR", "PRCL"})


def _bare_thing_instrumental(
    tokens: Sequence[Token], k: int, players: frozenset[int], *, own: bool = False
) -> bool:
    """The word at `k` is a thing in the instrumental governed by no preposition: a lower-case
    common noun the dictionary knows only as inanimate, never a person or a name, in the
    instrumental in its first reading, with no adverb reading («ночью», «тайком», «силой»:
    a time or a manner of the game's own sense), no word of the game's vocabulary or a move's
    scene («ножом», «пулей», «таблетками»: the game's own instruments), and no player right
    after it («руками Корсара»: the executor). `own`: the word is the sender's own nick, which
    is never the move's object in the instrumental — a person reading of it («болгарка», a
    Bulgarian woman) does not keep it from being the tool it names."""
    t = tokens[k]
    if not t.word or not t.raw[:1].islower():
        return False
    parses = parse(t.word)
    if not parses or not parses[0].known or parses[0].pos != "NOUN":
        return False
    if "ablt" not in parses[0].grammemes or (not own and role_word(t.word) is not None):
        return False  # «маньяком»: the role the sender plays, not who does the deed
    if any(p.pos == "ADVB" or (not own and p.grammemes & _NAMED) for p in parses):
        return False  # «ночью», «силой»: a time or a manner; «Петром»: a name, no tool
    # «собаками», «соседями»: a person or an animal in the instrumental is who does the
    # deed — others, not the sender, whatever is said of whose they are («своими псами»)
    living = not own and any(p.grammemes & _PERSON for p in parses)
    if lookup(t.word) is not None or scene_actions(t.word):
        return False
    if k + 1 in players:
        return False
    j = k - 1
    while j >= 0 and tokens[j].sentence == t.sentence and not tokens[j].clause_end:
        top = parse(tokens[j].word)[:1] if tokens[j].word else []
        if not living and top and (top[0].pos == "NPRO" or "Apro" in top[0].grammemes):
            # «её же чулком», «своим шарфом»: a thing of someone's, a scene told of the act
            # on the player, not the material of a trade
            return False
        if top and top[0].pos in _MODIFIERS:
            j -= 1
            continue
        # «с первого выстрела», «под наркозом»: a preposition's phrase, not a bare argument
        return not (top and top[0].pos == "PREP")
    return True


def trade_instrument(
    tokens: Sequence[Token],
    i: int,
    players: frozenset[int],
    own: frozenset[int] = frozenset(),
    starts: frozenset[int] | None = None,
) -> int | None:
    """The index of a thing in the bare instrumental that the sender's own verb at `i` takes
    beside its player (`players`: the token indices of the players named), or None.

    «Накрываю Тюленя волной», «Травлю Рулевого байками», «Прикрываю Якоря брезентом», «Валю
    Тренера подкатом»: the game's moves take a player and nothing more — no tool, material or
    force of nature in the instrumental — so a verb given one is said in the sense of the
    writer's own world (a wave, tales, a tarpaulin, a tackle), not the role's (C-2). The verb
    is a finite verb of the first person or the imperative; the thing stands after a player
    of the verb's clause, in that clause or in a clause after it that has no verb or player of
    its own («Валю X с первого выстрела, дробью»). Times and manners that keep the game's
    sense («ночью», «тихо», «наверняка»), the game's own instruments («ножом») and an executor
    named by whose hands («руками Y») are no such thing, nor is the sender's own nick so
    written after another player of the verb written as a nick («Бью X молотом» from Молот:
    his weapon is himself). `own`: the token indices of the sender's own nick, a mention or
    a case form of it; `starts`: where each player's words start (`_nick_as_thing`)."""
    # «режу», «мочу»: a verb in its first or second reading (a rare noun may come first)
    verbs = [p for p in parse(tokens[i].word)[:2] if p.pos == "VERB"] if tokens[i].word else []
    if not any(g <= p.grammemes for p in verbs for g in _OWN):
        return None
    _a, b = clause_bounds(tokens, i)
    if not any(i < k <= b for k in players):
        return None
    first = min(k for k in players if i < k <= b)
    k = first
    while k < len(tokens) and tokens[k].sentence == tokens[i].sentence:
        if k > b:
            # a clause after the verb's: only a bare phrase without a verb or a player
            nb = clause_bounds(tokens, k)[1]
            if any(j in players or _predicate(tokens[j].word) for j in range(k, nb + 1)):
                return None
            b = nb
        if k in own and _named_before(tokens, range(first, k), players, own):
            # «Бью Милоша молотом» from Молот: the sender's own nick as the tool after a
            # player written as one is the role's own weapon, and the verb keeps the game's
            # sense (P-M.11); after no such player («режу арматуру болгаркой») it is the
            # trade's tool
            k += 1
            continue
        if k in players:
            if _nick_as_thing(tokens, k, players, own, starts):
                return k  # «проверяю отвесом угол», «режу арматуру болгаркой»
            k += 1
            continue
        if _predicate(tokens[k].word):
            # «… потому что она угощает конфетами»: another predicate's words from here on
            return None
        if _bare_thing_instrumental(tokens, k, players):
            return k
        k += 1
    return None


def blow_phrase(tokens: Sequence[Token], sentence: int) -> bool:
    """The sentence tells a blow without a word of any action: a thing in the bare
    instrumental (the tool) and «по» with a thing in the dative (where it lands), and no verb —
    «Кистенем по шлему — X», «Молотом по щиту». A field game's blow is not the role's move:
    no word of the game says what is done to the player after it (C-2), so the nick it
    leads to proves no move by itself. The tool may be written as a nick (the sender's own
    weapon nick, in any letter case): its case and the missing verb decide, not the spelling."""
    words = [t for t in tokens if t.sentence == sentence and t.word]
    if any(_predicate(t.word) or lookup(t.word) is not None for t in words):
        return False
    tool = landing = False
    for n, t in enumerate(words):
        top = parse(t.word)[:1]
        if not top or top[0].pos != "NOUN":
            continue
        before = parse(words[n - 1].word)[:1] if n > 0 else ()
        after_prep = bool(before) and before[0].pos == "PREP"
        if {"ablt", "inan"} <= top[0].grammemes and not after_prep:
            tool = True
        elif {"datv", "inan"} <= top[0].grammemes and n > 0 and words[n - 1].word == "по":
            # «по шлему», «по щиту»: where a thing lands («по Игорю» is the player himself)
            landing = True
    return tool and landing


def _named_before(
    tokens: Sequence[Token], span: range, players: frozenset[int], own: frozenset[int]
) -> bool:
    """A player other than the sender stands in `span` written as a nick (capitalised)."""
    return any(j in players and j not in own and tokens[j].raw[:1].isupper() for j in span)


def _nick_as_thing(
    tokens: Sequence[Token],
    k: int,
    players: frozenset[int],
    own: frozenset[int],
    starts: frozenset[int] | None,
) -> bool:
    """The player's word at `k` is itself the thing in the bare instrumental: a one-word
    nick that is a tool or a material of the dictionary (Отвес, Болгарка), written in lower
    case in the instrumental with no preposition — «проверяю отвесом угол», «режу арматуру
    болгаркой». A move takes its player as its object, never as its tool: the word is the
    verb's instrument, not its target (C-3), and the verb is said in the writer's trade.
    `own`: the token indices of the sender's own nick (`_bare_thing_instrumental`);
    `starts`: where each player's words start, when known (else a player's word right before
    is taken for the same nick)."""
    if (k not in starts) if starts is not None else (k - 1 in players):
        return False  # a later word of a longer nick
    return _bare_thing_instrumental(tokens, k, players, own=k in own)


def _predicate(word: str) -> bool:
    """A word that opens or heads another predicate: a verb form or a conjunction."""
    return bool(word) and any(
        p.pos in ("VERB", "INFN", "GRND", "PRTS", "CONJ") for p in parse(word)[:1]
    )


def _governing_preposition(tokens: Sequence[Token], m: Mention) -> int | None:
    """The index of the preposition that governs the player, words agreeing with him
    between («с моим другом Егерем»), or None when he follows none in his clause."""
    k = m.start - 1
    while k >= 0 and tokens[k].sentence == tokens[m.start].sentence and not tokens[k].clause_end:
        word = tokens[k].word
        top = parse(word)[:1] if word else ()
        if top and top[0].pos == "PREP":
            return None if _adverb_here(word, tokens[m.start]) else k
        if not top or top[0].pos not in _MODIFIERS or top[0].pos == "PRCL":
            return None
        k -= 1
    return None


def _adverb_here(word: str, nick: Token) -> bool:
    """«Проверяю Вадика, а после Милену»: a preposition that is an adverb too («после»,
    «около», «возле»: each governs the genitive) before a player written in a form no
    genitive has is the adverb — the player is the verb's, not the preposition's."""
    if not any(p.pos == "ADVB" for p in parse(word)) or not _CYRILLIC_WORD.match(
        nick.raw[:1].lower()
    ):
        return False
    return not any("gent" in p.grammemes for p in parse(nick.word))


def _motion_before(tokens: Sequence[Token], k: int) -> bool:
    """The verb that governs the phrase at `k` (the nearest verb before it in its clause)
    is a verb of going somewhere («еду», «наведаюсь»)."""
    a, _b = clause_bounds(tokens, k)
    for j in range(k - 1, a - 1, -1):
        word = tokens[j].word
        found = lookup(word) if word else None
        if found is not None and found.visit:
            return True  # «еду» (a noun's form first in the dictionary), «наведаюсь»
        if word and _finite(word):
            return False
    return False


#: prepositions of a way or a direction: along («по», «вдоль»), across («через»), past
#: («мимо»), as far as («до»), into or onto («в», «на» with the accusative)
_ROUTE_PREPS: Final = ws("по вдоль через мимо до в во на")


def _going_sense_before(tokens: Sequence[Token], k: int) -> bool:
    """C-2: «Лечу в Минск к брату», «Валю под сто сорок по Чуйскому тракту», «valyu po
    Uralu»: the verb that governs the phrase at `k` (the nearest verb before it in its
    clause) is a move word the dictionary reads both as a transitive verb (the move: «лечить»,
    «валить» someone) and as an intransitive one (going: «лететь», «валить» off). A move
    verb takes its player as its direct object; a way or a direction after it belongs to
    its intransitive sense — where the sender goes, not whom he strikes. A verb with one
    sense only keeps its aims («стреляю в X», «стреляю по X»), and a verb of visiting
    («иду», «захожу») is weighed by `_motion_before`."""
    a, _b = clause_bounds(tokens, k)
    for j in range(k - 1, a - 1, -1):
        word = tokens[j].word
        if not word or not _finite(word):
            continue
        found = lookup(word)
        if found is None or not found.actions or found.visit:
            return False
        verbs = [p for p in parse(word) if p.pos == "VERB"]
        return any("intr" in p.grammemes for p in verbs) and any(
            "tran" in p.grammemes for p in verbs
        )
    return False


def off_frame(
    tokens: Sequence[Token], m: Mention, action: str | None, action_word: int | None = None
) -> bool:
    """The player is governed by a preposition no move of `action` takes its player with:
    a place, a companion or a beneficiary of the sentence, not the move's target (C-2).

    A move takes its player as the verb's direct object, or after a preposition of aim: «в»,
    «на» with the accusative («стреляю в X», «иду на X»), «к» («захожу к X»), «для», «над»
    (an action noun's: «пуля для X»), and for some actions one more (`_ACTION_PREPS`:
    «стреляю по X», «ночую у X», «взрываюсь рядом с X»). Any other preposition says where,
    with whom or from where («капканы под Каменкой», «лечусь с Тимохой», «из Липовки
    вернусь»); «в»/«на» with a form only the locative has («в Кедровке») is a place, and «в»
    after a verb of going («еду в Кедровку») the place one goes into — a person is gone to
    «к» him. Nor is a phrase other than the plain aim the player's when the verb's object
    is already a thing (`_thing_taken`: «Режу хлеб для Тимохи», «Проверяю ружьё у Егеря»);
    `action_word`: where the move's own word stands, a noun of a phrase that names the move
    («Открываю огонь по X») being no such thing."""
    k = _governing_preposition(tokens, m)
    if k is None:
        return False
    prep = tokens[k].word
    # a case form read off Cyrillic letters («Кедровке»), not off a Latin nick's spelling
    cyrillic = bool(_CYRILLIC_WORD.match(tokens[m.start].raw[:1].lower()))
    if prep in _PLACE_PREPS and cyrillic and _locative_only(tokens[m.start].word):
        return True
    if prep in ("в", "во") and _motion_before(tokens, k):
        return True
    if prep in _ROUTE_PREPS and _going_sense_before(tokens, k):
        return True
    if prep == "за" and _accusative_only(tokens[m.start].word):
        return False  # «я за Ольгу»: for whom, a choice offered (P-M.8), not where
    if prep not in _AIM_PREPS_ANY and prep not in _ACTION_PREPS.get(action or "", frozenset()):
        return True
    return prep not in _PLACE_PREPS | _TO and _thing_taken(tokens, k, m, action_word)


#: «к», «ко»: the way to a person
_TO: Final = ws("к ко")


def _thing_taken(tokens: Sequence[Token], k: int, m: Mention, action_word: int | None) -> bool:
    """The verb whose clause holds the phrase at `k` has a thing as its direct object: the
    first noun of the clause after the verb that no preposition governs, outside the player's
    words, is a lower-case common noun in the accusative that the dictionary knows only as
    inanimate and the game's vocabulary does not know («хлеб», «ружьё», «документы»)."""
    a, b = clause_bounds(tokens, k)
    verb = next(
        (j for j in range(k - 1, a - 1, -1) if tokens[j].word and _own_verb_at(tokens[j].word)),
        None,
    )
    if verb is None:
        return False
    after_prep = False
    for j in range(verb + 1, b + 1):
        word = tokens[j].word
        if not word or m.start <= j < m.end:
            after_prep = False
            continue
        if j == action_word:
            return False  # «огонь» in «Открываю огонь по X»: the move's own word
        top = parse(word)[:1]
        if not top:
            continue
        if top[0].pos == "PREP":
            after_prep = True
            continue
        if top[0].pos != "NOUN":
            continue
        if after_prep:
            after_prep = False
            continue
        nouns = [p for p in parse(word) if p.known and p.pos == "NOUN"]
        return (
            tokens[j].raw[:1].islower()
            and bool(nouns)
            and lookup(word) is None
            and word not in NIGHT  # «провожу ночь у X»: the visit's own phrase
            and any("accs" in p.grammemes for p in nouns)
            and all("inan" in p.grammemes and not p.grammemes & _NAMED for p in nouns)
        )
    return False


def _own_verb_at(word: str) -> bool:
    """A verb of the sender's own doing in the word's first two readings («лечу», «травлю»:
    a noun's form may come first)."""
    return any(_own_verb(p.pos, p.grammemes) for p in parse(word)[:2])


def _accusative_only(word: str) -> bool:
    """A form the accusative has and the instrumental has not («Ольгу», not «Ольгой»)."""
    parses = parse(word)
    return any("accs" in p.grammemes for p in parses) and not any(
        "ablt" in p.grammemes for p in parses
    )


def _locative_only(word: str) -> bool:
    """A form the locative has and the accusative has not («Кедровке», «Каменке»)."""
    parses = [p for p in parse(word) if p.pos == "NOUN"]
    return any(p.grammemes & frozenset({"loct", "loc2"}) for p in parses) and not any(
        "accs" in p.grammemes for p in parses
    )


def possessive_pronoun(tokens: Sequence[Token], pronoun: Mention) -> bool:
    """«лечу его жену», «на её свадьбе»: «его»/«её» right before a noun or an adjective of
    the same clause owns that word — the pronoun names no move's player."""
    k = pronoun.end
    if k >= len(tokens) or tokens[pronoun.end - 1].clause_end:
        return False
    if tokens[k].sentence != tokens[pronoun.start].sentence or not tokens[k].word:
        return False
    first = parse(tokens[k].word)[:1]
    return bool(first) and first[0].pos in ("NOUN", "ADJF", "ADJS", "PRTF")


def owned_by_thing(tokens: Sequence[Token], m: Mention) -> bool:
    """«Лечу собаку Тимохи», «Спасаю волосы Вике», «Проверяю оттенок 5.3», «Режу Медовой
    кончики»: the object slot of the sender's move verb is filled by a lower-case common
    noun the game's vocabulary does not know, and the player stands beside it in a case the
    verb's object never takes — the genitive of its owner or the dative of the one it is
    done for, after the noun or between the verb and the noun — or, written as a code that
    does not decline («5.3», «Q-7»), in apposition to an inanimate noun, naming the thing
    itself. The noun is the verb's object, the player no move's target (C-2). A player in
    the accusative after an animate noun («соседа Тимоху», «игрока Q-7») is the noun's
    apposition, and the player himself."""
    if m.start == 0:
        return False
    if m.nominative and _nick_readings(tokens[m.start].word, m.nick or "") is not None:
        return False  # written as the nick's own nominative, which no owner stands in
    return _owner_after_thing(tokens, m) or _owner_before_thing(tokens, m)


def _owner_after_thing(tokens: Sequence[Token], m: Mention) -> bool:
    """The player right after the thing the move verb takes (`owned_by_thing`)."""
    if not _owner_of_noun(tokens, m):
        return False
    # the noun is the object of the sender's verb, not of a phrase («на прицел», «у постели»)
    return _verb_right_before(tokens, m.start - 1) or _verb_right_after(tokens, m)


def _owner_of_noun(tokens: Sequence[Token], m: Mention) -> bool:
    """The player right after a lower-case common noun that may be a verb's object, in a
    case that makes him its owner or the one it is for, never its apposition: the genitive
    or the dative, a form the accusative shares only after a thing or a noun of another
    gender («маму Антона»)."""
    if m.start == 0:
        return False
    before = tokens[m.start - 1]
    if before.sentence != tokens[m.start].sentence or before.clause_end:
        return False
    nouns = _object_nouns(before)
    if not nouns:
        return False
    own = _nick_readings(tokens[m.start].word, m.nick or "")
    if own is None:  # a code in apposition: the thing's name, unless the noun is a person
        return "inan" in nouns[0].grammemes
    if not any(p.grammemes & _OWNER_CASES for p in own):
        return False
    if "inan" in nouns[0].grammemes or not any({"accs", "sing"} <= p.grammemes for p in own):
        return True
    # after a person or an animal, a form the accusative shares is the noun's owner or kin
    # («кота Мирона», «маму Антона») or its apposition («соседа Егора»): no grammar tells
    # them apart where the two agree in gender, and neither reading is proven the player —
    # save where the noun is the game's own word for him («игрока Олега», «доктора Олега»)
    # or the other word of his own longer nick («мистера Смита»: Mr.Smith)
    if not _may_agree(nouns, own):
        return True  # «маму Антона», «собаку Олега»: no apposition of another gender
    return not (_player_noun(before.word) or _part_of_nick(m))


def _player_noun(word: str) -> bool:
    """A noun that names a player in the game's own terms: a role («доктора») or the
    game's word for a player («игрока», «участника»)."""
    lemma = next((p.lemma for p in parse(word)[:1]), word).replace("ё", "е")
    return role_word(word) is not None or lemma in GAME_WORDS or lemma in _PLAYER_WORDS


#: the game's words for one who plays
_PLAYER_WORDS: Final = ws("игрок участник")


def _part_of_nick(m: Mention) -> bool:
    """The mention names one word of a nick of more words («Смита» of Mr.Smith, «Андрея» of
    Dad_Andrey): the word before may be the rest of it, in another tongue or script."""
    words = re.findall(r"[^\W\d_]+", m.nick or "")
    return len(words) > m.end - m.start


def kin_of_object(tokens: Sequence[Token], m: Mention, first_end: int) -> bool:
    """«Лечу Вику, бабушку Лены», «Проверяю Светлану, подругу Антона»: the player is the
    owner or kin (`_owner_of_noun`) of a noun standing right after the move's own player
    (ending at `first_end`) and a comma — that player's apposition, saying who he is. The
    genitive names no second player of the move (C-2)."""
    if m.start - 1 != first_end or first_end == 0:
        return False
    if not tokens[first_end - 1].raw.rstrip().endswith(","):
        return False
    return _owner_of_noun(tokens, m)


def _may_agree(nouns: Sequence[Reading], own: Sequence[Reading]) -> bool:
    """The animate noun in the accusative and the nick's accusative may be one person named
    twice: a gender the nick's form has is the noun's, or the noun is of common gender
    («коллегу», «сироту») or names none."""
    genders = frozenset().union(*(p.grammemes & _GENDERS for p in own if "accs" in p.grammemes))
    for p in nouns:
        if "accs" not in p.grammemes:
            continue
        said = p.grammemes & _GENDERS
        if not said or not genders or "ms-f" in p.grammemes or said & genders:
            return True
    return False


def _owner_before_thing(tokens: Sequence[Token], m: Mention) -> bool:
    """«Режу Медовой кончики», «Лечу Маргарите спину»: the player right after the move verb
    in a form that is no accusative of his nick, and the thing right after him
    (`owned_by_thing`)."""
    if m.end >= len(tokens):
        return False
    thing = tokens[m.end]
    if thing.sentence != tokens[m.start].sentence or tokens[m.end - 1].clause_end:
        return False
    if not _object_nouns(thing) or not _verb_right_before(tokens, m.start):
        return False
    own = _nick_readings(tokens[m.start].word, m.nick or "")
    if own is None:
        return False
    return any(p.grammemes & _OWNER_CASES for p in own) and not any(
        "accs" in p.grammemes for p in own
    )


#: the cases of a thing's owner (the genitive) and of the one it is done to or for (the
#: dative). The dative may be the player himself («бью морду Жанне», «лечу ожоги Пене») as
#: well as someone a thing of the trade is done for («спасаю волосы Вике»), and no grammar
#: tells the two apart: either way the verb's object is the thing, and the move is asked
_OWNER_CASES: Final = frozenset({"gent", "datv"})


def _object_nouns(t: Token) -> list[Reading]:
    """The noun readings of a lower-case common noun no word of the game that may stand as
    a verb's direct object (an accusative reading), the dictionary's first reading a noun
    and none a name; empty when the word is none such."""
    if not t.word or not t.raw[:1].islower() or lookup(t.word) is not None:
        return []
    first = parse(t.word)[:1]
    if not first or not first[0].known or first[0].pos != "NOUN":
        return []
    nouns = [p for p in parse(t.word) if p.known and p.pos == "NOUN"]
    if first[0].grammemes & _NAMED or any(p.grammemes & _GIVEN for p in nouns):
        return []  # «машу», «марку»: a person's given name may be meant
    # «машину» is a surname too («Машин»), read after the common noun: no object's reading
    nouns = [p for p in nouns if not p.grammemes & _NAMED]
    if not any("accs" in p.grammemes for p in nouns):
        return []
    return nouns


def _nick_readings(word: str, nick: str) -> list[Reading] | None:
    """The readings of the word as written as a form of the nick: those of the lemma and the
    gender of the nick's own nominative (Медовая's «Медовой» is the feminine's genitive or
    dative, not a masculine's accusative), else all its noun and adjective readings. None
    for a word the dictionary cannot decline (a code or a Latin handle: «5.3», «Q-7»)."""
    readings = [p for p in parse(word) if p.pos in _DECLINED]
    if not readings:
        return None if not _CYRILLIC_WORD.fullmatch(word) else []
    heads = nick.split()
    head = nick_word(heads[0], word) if heads else ""
    if not heads or head == word:
        return readings  # the nick as written: no lemma of its own to tell its forms by
    named = [p for p in parse(head) if "nomn" in p.grammemes]
    lemmas = {p.lemma for p in named}
    genders = frozenset().union(*(p.grammemes & _GENDERS for p in named))

    def own(p: Reading) -> bool:
        said = p.grammemes & _GENDERS
        return p.lemma in lemmas and (not said or not genders or bool(said & genders))

    return [p for p in readings if own(p)] or readings


#: a noun's readings as a given name or a patronymic: the word may name a person
_GIVEN: Final = frozenset({"Name", "Patr"})
#: the parts of speech that decline as a nick does
_DECLINED: Final = frozenset({"NOUN", "ADJF"})
#: the genders a nick's nominative gives its forms
_GENDERS: Final = frozenset({"masc", "femn", "neut"})


def _verb_right_after(tokens: Sequence[Token], m: Mention) -> bool:
    """«торт Егора пусть сам режет», «машину Олега проверяю»: the noun before the player opens
    its clause and a verb naming a move follows the player, only particles and words agreeing
    with the doer between — the noun is that verb's object, put first (`owned_by_thing`)."""
    a, _b = clause_bounds(tokens, m.start)
    if m.start - 1 != a and not (
        m.start - 2 >= a and any(p.pos == "CONJ" for p in parse(tokens[m.start - 2].word)[:1])
    ):
        return False  # the noun is not put first in its clause («а торт Егора …»)
    j = m.end
    while j < len(tokens) and tokens[j].sentence == tokens[m.start].sentence:
        word = tokens[j].word
        found = lookup(word) if word else None
        if found is not None and (found.actions or found.call):
            return any(p.pos == "VERB" for p in parse(word)[:2])
        top = parse(word)[:1] if word else ()
        if not top or top[0].pos not in _MODIFIERS or tokens[j].clause_end:
            return False
        j += 1
    return False


def _verb_right_before(tokens: Sequence[Token], k: int) -> bool:
    """The noun at `k` follows the sender's own verb that names a move («проверяю»,
    «лечу»), words agreeing with it between; a verb of another sense («Провожу привод X — то
    есть избиваю») is read by what restates it."""
    j = k - 1
    while j >= 0 and tokens[j].sentence == tokens[k].sentence and not tokens[j].clause_end:
        word = tokens[j].word
        if word and _own_verb_at(word):
            found = lookup(word)
            # «навещаю»: a visit verb that takes its guest as its object names the move too
            return found is not None and (bool(found.actions) or found.call)
        top = parse(word)[:1] if word else ()
        if not top or top[0].pos not in _MODIFIERS:
            return False
        j -= 1
    return False


def set_aside(tokens: Sequence[Token], m: Mention) -> bool:
    """A player named beside a move's own player in a phrase no move takes its player with
    (`off_frame` for any action: «Лечу Марфу в Кедровке», «Спасаю Марфу от Лесника», «под
    Каменкой живёт»): the place, the source or the whereabouts of the sentence — accounted
    for, never a second player of the move. A player after a preposition some move takes
    its player with («по Y», «у Y», «с Глухарём») is not so set aside: he may be a second
    player of the move."""
    k = _governing_preposition(tokens, m)
    if k is None or tokens[k].word in _ANY_ACTION_PREPS:
        return False
    return off_frame(tokens, m, None)


#: the prepositions some move takes its player with («стреляю по Y», «ночую у Y»): a player
#: after one of them may be the move's second player, never set aside by it
_ANY_ACTION_PREPS: Final = frozenset().union(*_ACTION_PREPS.values())


#: the game's verbs of a heal that shelter rather than treat: a cover, a guard, a rescue. Said
#: with «от» and a thing, they shelter from that thing («прикрываю от холода»); a verb of
#: treating with «от» names an illness it cures («лечу X от простуды»), the heal itself
_SHELTER_LEMMAS: Final = ws(
    "прикрыть прикрывать укрыть укрывать защитить защищать охранять оберегать уберечь "
    "беречь сберечь спасти спасать"
)
#: nouns of the harm a heal guards against in the game itself, whatever the verb
_GAME_HARMS: Final = ws("смерть гибель нападение покушение расправа угроза опасность")


def shelter_from_thing(tokens: Sequence[Token], i: int) -> str | None:
    """«Прикрываю от холода Буркуна», «Прикрою Кислицу от дождя»: the heal's verb at `i` is
    one of shelter (`_SHELTER_LEMMAS`) and its clause holds «от» with a lower-case common
    noun in the genitive that the dictionary knows only as inanimate and the game does not
    know — no move's word («от пули»), no role, no being («от маньяка»), no clan («от
    мафии»), no night and no harm of the game («от смерти»). The cover is from the weather
    or the like, the sense of the writer's life, not the night's heal (C-2). The phrase as
    written, or None."""
    verbs = [p for p in parse(tokens[i].word)[:3] if p.pos in ("VERB", "INFN")]
    if not any(p.lemma.replace("ё", "е") in _SHELTER_LEMMAS for p in verbs):
        return None  # «прикрою»: прикрыть, beside the rarer «прикроить»
    a, b = clause_bounds(tokens, i)
    for k in range(a, b):
        if tokens[k].word != "от" or tokens[k].clause_end:
            continue
        nxt = tokens[k + 1]
        if not nxt.raw[:1].islower() or nxt.word in NIGHT:
            continue
        nouns = [p for p in parse(nxt.word) if p.known and p.pos == "NOUN"]
        if not nouns or not any("gent" in p.grammemes for p in nouns[:1]):
            continue
        if not all("inan" in p.grammemes and not p.grammemes & _NAMED for p in nouns):
            continue
        if lookup(nxt.word) is not None or role_word(nxt.word) is not None:
            continue
        if {p.lemma.replace("ё", "е") for p in nouns} & (_GAME_HARMS | NIGHT | _CLANS):
            continue
        return f"{tokens[k].raw} {nxt.raw}".strip(" ,;:.!?")
    return None


#: the clans a player is guarded from, inanimate in the dictionary («от мафии»)
_CLANS: Final = ws("мафия якудза триада банда")


#: the goals each action's verb takes a thing to, in the accusative after a preposition: a
#: shot or a blow lands «в» something and leaves its victim «на» pieces («стреляю в голову»,
#: «режу на кусочки»), a check looks «на» what it seeks («проверяю на вшивость»), an
#: invitation is «в» or «на» an outing («в гости», «на свидание»). Any other such goal says
#: where the verb puts or takes its object in the writer's own world («беру в кадр», «режу
#: под каре», «ставлю на учёт», «пробиваю в отпуск»).
_GOAL_PREPS: Final = {
    "kill": ws("в во на"),
    "beat": ws("в во на"),
    "check": ws("на"),
    "block": ws("в во на"),
}
#: the prepositions of a goal in the accusative
_GOAL_ANY: Final = ws("в во на под подо")


def goal_off_frame(tokens: Sequence[Token], verb: int, action: str | None) -> str | None:
    """C-2: the words of a goal the verb at `verb` takes its object to that no move of
    `action` takes («в кадр», «под каре», «на учёт», «в отпуск»; with no `action`, any
    goal): a preposition of a lower-case inanimate noun that may be an accusative (not a
    form only the locative has: «в салоне», «на работе» say where), no word of the game
    (its action, scene and night words: «на прицел», «на ночь») and no time of day («под
    утро»: a noun whose instrumental is an adverb too), after that verb and governed by it —
    the nearest verb before the preposition in the clause («выходит на смену и лечит»: the
    goal of another verb). Such a goal puts the verb in its
    trade's sense, whoever its object is: the move is not proven. None when there is no
    such goal, or the word at `verb` is a verb of going («спешит на помощь»)."""
    found = lookup(tokens[verb].word) if tokens[verb].word else None
    if found is not None and (found.visit or found.call):
        return None
    a, b = clause_bounds(tokens, verb)
    allowed = _GOAL_PREPS.get(action or "", frozenset())
    for k in range(verb + 1, b):  # (a phrase before the verb is most often a time: «в
        # нулевой ход выношу приговор», «в этот раз»)
        if tokens[k].word not in _GOAL_ANY or tokens[k].word in allowed:
            continue
        j = k + 1
        while j <= b and (top := parse(tokens[j].word)[:1]) and top[0].pos in _MODIFIERS:
            j += 1
        if j > b or _governing_verb(tokens, k, a, b) != verb:
            continue
        if not (_goal_noun(tokens[j]) or (tokens[k].word in _INTO and _rank_noun(tokens[j]))):
            continue
        return " ".join(t.raw for t in tokens[k : j + 1]).strip(" ,.!?;:—–-")
    return None


def booked_hour(tokens: Sequence[Token], verb: int) -> str | None:
    """C-2: a time on the clock in the clause of the move's verb at `verb`, its hour one of
    the working day («приглашаю на маникюр Лику к 15:00», «лечу Таисию в 12:00»): the verb
    books the writer's day — the night's moves are made by night — so the move is not
    proven. The time as written, or None (an hour of the night, «в 03:00», says when the
    move is made)."""
    a, b = clause_bounds(tokens, verb)
    for k in range(a, b + 1):
        hour = clock_hour(tokens[k].raw)
        if hour is not None and hour in WORKING_HOURS:
            return tokens[k].raw.strip(" ,.!?;:—–-")
    return None


def _governing_verb(tokens: Sequence[Token], k: int, a: int, b: int) -> int | None:
    """The verb of the clause [a, b] that governs the phrase opened at `k`: the nearest verb
    (of any person) before it, else the nearest after it."""

    def verb(j: int) -> bool:
        word = tokens[j].word
        return bool(word) and (_finite(word) or _own_verb_at(word))

    before = [j for j in range(a, k) if verb(j)]
    if before:
        return before[-1]
    return next((j for j in range(k + 1, b + 1) if verb(j)), None)


def _goal_noun(t: Token) -> bool:
    """A lower-case Cyrillic noun, inanimate in its first reading, that may be an accusative,
    is no game word and names no time of day (`goal_off_frame`)."""
    word = t.word
    if not word or not t.raw[:1].islower() or word in NIGHT or not _CYRILLIC_WORD.fullmatch(word):
        return False
    parses = parse(word)
    if not parses or parses[0].pos != "NOUN" or "inan" not in parses[0].grammemes:
        return False
    if not any(
        p.pos == "NOUN" and ("accs" in p.grammemes or "Fixd" in p.grammemes) for p in parses
    ):
        return False
    if _game_word(word) or scene_actions(word) or lookup(word) is not None:
        return False
    return not _time_noun(parses[0].lemma)


#: the prepositions of the «into a rank» goal («в должники», «в солдаты»)
_INTO: Final = ws("в во")


def _rank_noun(t: Token) -> bool:
    """A lower-case animate noun in the plural nominative and no accusative after «в»
    («записываю в должники», «гожусь в солдаты»): Russian's goal of joining a rank, whose
    noun keeps the nominative's form — never a player, who would stand in the accusative
    («в должников» is no such form) — and no word of the game (`goal_off_frame`)."""
    word = t.word
    if not word or not t.raw[:1].islower() or not _CYRILLIC_WORD.fullmatch(word):
        return False
    parses = parse(word)
    if not parses or parses[0].pos != "NOUN":
        return False
    if not {"anim", "plur", "nomn"} <= parses[0].grammemes:
        return False
    if any("accs" in p.grammemes for p in parses):
        return False
    return not (_game_word(word) or scene_actions(word) or lookup(word) is not None)


def _time_noun(lemma: str) -> bool:
    """A noun of a time of day or year («утро», «вечер», «зима»): its instrumental is an
    adverb too («утром», «зимой»)."""
    return any(
        {"ablt", "sing"} <= grammemes and any(p.pos == "ADVB" for p in parse(form))
        for form, grammemes in forms(lemma, ("NOUN",))
    )


def trade_verb_before(tokens: Sequence[Token], m: Mention) -> int | None:
    """C-2: the sender's own verb outside the game's vocabulary, before the player in his
    sentence, that takes its object to a goal of its own world («Сажаю модель на стул —
    Милена»: `goal_off_frame`): what follows it is that world's talk, the player named in
    it proves no move of the role. None when there is no such verb."""
    sentence = tokens[m.start].sentence
    first = next(k for k in range(m.start + 1) if tokens[k].sentence == sentence)
    for k in range(first, m.start):
        word = tokens[k].word
        if not word or not _CYRILLIC_WORD.fullmatch(word):
            continue
        if _own_other_verb(word, opening=k == first) and goal_off_frame(tokens, k, None):
            return k
    return None


#: a word of another part of speech that may stand between a thing's word and a phrase or
#: a predicate that tells of it («… — опять течёт»)
_LEAD: Final = frozenset({"ADVB", "PRCL"})
#: a consonant closing a word: the bare stem of a masculine noun («зум», «строй»)
_HARD_END: Final = re.compile("[бвгджзйклмнпрстфхцчшщ]$")


def _thing_readings(word: str) -> tuple[bool, bool]:
    """(may be a person, written as a thing): whether the dictionary reads the word as an
    animate noun or a name in a case a move's player takes (the nominative, accusative or
    genitive; «улей» is also «Улей», the instrumental of «Уля», which no target stands in),
    and whether it reads it as an inanimate noun in the accusative («фокус», «плёнку») — or,
    a word it does not know, as a masculine stem written bare («зум»), where a person would
    be written with «-а» («Зума»)."""
    nouns = [p for p in parse(word) if p.known and p.pos == "NOUN"]
    cases = frozenset({"nomn", "accs", "gent"})
    thing = any({"inan", "accs"} <= p.grammemes for p in nouns)
    person = any(
        p.grammemes & _PERSON
        and p.grammemes & cases
        # «мел»: a name only in the nominative («Мел», accusative «Мела») beside a thing's
        # accusative of the same form is the player written uninflected at most — the
        # signs around the word weigh it, as for any thing; an animal («лис») stays one
        and not (thing and p.grammemes & _NAMED and p.grammemes & cases == {"nomn"})
        for p in nouns
    )
    if nouns:
        return person, thing
    known = any(p.known for p in parse(word))
    return person, not known and bool(_CYRILLIC_WORD.fullmatch(word) and _HARD_END.search(word))


def _plain_thing(
    tokens: Sequence[Token], k: int, players: frozenset[int], *, anyone: bool = False
) -> bool:
    """The word at `k` is an ordinary lower-case noun no player's word, no word of the game
    (its vocabulary, a role, a clan, the night), the dictionary reading it first as a thing
    («баянов», though also a surname) — or, `anyone`, as any common noun, a person's too
    («у соседа»), but no name."""
    t = tokens[k]
    if k in players or not t.word or not t.raw[:1].islower():
        return False
    if lookup(t.word) is not None or role_word(t.word) or t.word in NIGHT | _CLANS:
        return False
    first = [p for p in parse(t.word)[:1] if p.known and p.pos == "NOUN"]
    return bool(first) and not first[0].grammemes & (_NAMED if anyone else _PERSON)


def _skip(tokens: Sequence[Token], k: int, end: int, kinds: frozenset[str]) -> int:
    """The first index from `k` (up to `end`) whose word is not of the parts of speech `kinds`."""
    while k <= end and (
        not tokens[k].word or any(p.pos in kinds for p in parse(tokens[k].word)[:1])
    ):
        k += 1
    return k


def _agreeing_before(tokens: Sequence[Token], m: Mention) -> bool:
    """An adjective or a participle right before the word, agreeing with it in case and
    number («старую плёнку», «новый фокус»)."""
    k = m.start - 1
    if k < 0 or tokens[k].sentence != tokens[m.start].sentence or tokens[k].clause_end:
        return False
    adjectives = [p for p in parse(tokens[k].word) if p.pos in ("ADJF", "PRTF")]
    nouns = [p for p in parse(tokens[m.start].word) if p.pos == "NOUN"]
    keys = frozenset({"nomn", "accs", "gent", "datv", "ablt", "loct", "sing", "plur"})
    return any(
        a.grammemes & keys and a.grammemes & keys <= n.grammemes for a in adjectives for n in nouns
    )


def _complement_after(tokens: Sequence[Token], m: Mention, players: frozenset[int]) -> bool:
    """A phrase right after the word that belongs to a thing: a preposition and a thing's
    noun («на новом полтиннике», «у баянов», «от царапин», «у своей собаки»), a thing's
    noun in the genitive («объектива», «куртки»), or a common noun in the dative, the one
    the thing is done for («лапу овчарке соседа», «своему псу»). A phrase of the game's own
    words («на мафию», «на эту ночь») or with a pronoun's adjective other than a possessive
    («на всякий случай») is none."""
    last = m.start
    if tokens[last].clause_end:
        return False
    _a, b = clause_bounds(tokens, last)
    k = last + 1
    if k > b or not tokens[k].word:
        return False
    prep = any(p.pos == "PREP" for p in parse(tokens[k].word)[:1])
    if prep:
        k += 1
    j = _skip(tokens, k, b, _MODIFIERS - {"PRCL"})
    if j > b or any(
        "Apro" in p.grammemes and p.lemma not in _POSSESSIVE
        for t in tokens[k:j]
        if t.word
        for p in parse(t.word)[:1]
    ):
        return False
    top = parse(tokens[j].word)[:1]
    # «лапу овчарке соседа»: a noun in the dative, the one the thing is done for
    dative = not prep and any("datv" in p.grammemes for p in top)
    if not _plain_thing(tokens, j, players, anyone=prep or dative):
        return False
    return prep or dative or any("gent" in p.grammemes for p in top)


#: the possessive pronouns, a closed class of the language: «у своей собаки», «моему псу»
#: say whose the thing is, as a noun after it does (`_complement_after`)
_POSSESSIVE: Final = ws("мой твой свой наш ваш")


def _things_listed(tokens: Sequence[Token], m: Mention, players: frozenset[int]) -> bool:
    """Another thing the sender's own verb takes in the letter, or joined to the word by
    «и» («проверяю экспозицию …, затем проверяю зум», «затвор и шторку»): the word stands
    in a list of the trade's things."""
    for k, t in enumerate(tokens):
        if m.start <= k < m.end or not _plain_thing(tokens, k, players):
            continue
        if not any("accs" in p.grammemes for p in parse(t.word) if p.pos == "NOUN"):
            continue
        j = k - 1
        while (
            j >= 0
            and tokens[j].word
            and any(p.pos in _BEFORE_OBJECT for p in parse(tokens[j].word)[:1])
        ):
            j -= 1
        if j < 0 or tokens[j].clause_end or tokens[j].sentence != t.sentence:
            continue
        if _own_verb_at(tokens[j].word) or (tokens[j].word == "и" and j == m.start + 1):
            return True
    return False


def _capitalised_elsewhere(
    tokens: Sequence[Token], m: Mention, mentions: Sequence[Mention]
) -> bool:
    """Another player named in the letter with a capital inside his sentence (not the
    capital a sentence opens with): the sender writes nicks capitalised."""
    for other in mentions:
        if other.start == m.start or other.kind not in ("nick", "self") or other.nick == m.nick:
            continue
        k = other.start
        opens = k == 0 or tokens[k - 1].sentence != tokens[k].sentence
        if not opens and tokens[k].raw[:1].isupper():
            return True
    return False


def _told_of_after(tokens: Sequence[Token], m: Mention) -> bool:
    """The word closes its clause and the next clause tells of it with no subject of its
    own: a verb in the third person or the past, only adverbs and particles before it
    («лечу рукав — опять течёт»). A pronoun there («он мафия») or a noun is a subject of its
    own, and a person's pronoun refers back to a player."""
    k = m.start + 1
    while k < len(tokens) and not tokens[k].word and tokens[k].sentence == tokens[m.start].sentence:
        k += 1  # a dash
    if k >= len(tokens) or tokens[k].sentence != tokens[m.start].sentence:
        return False
    if k == m.start + 1 and not tokens[m.start].clause_end:
        return False  # no break between: the same clause goes on
    _a, b = clause_bounds(tokens, k)
    j = _skip(tokens, k, b, _LEAD)
    if j > b:
        return False
    return subject_verb(tokens[j].word)


def thing_of_talk(tokens: Sequence[Token], m: Mention, mentions: Sequence[Mention]) -> bool:
    """C-3: a one-word nick written in lower case that the letter speaks of as a thing of the
    sender's trade, not as the player: «Проверяю фокус на новом полтиннике», «проверю строй
    у баянов», «лечу рукав — опять течёт». Read off the grammar around the word; no one of
    these proves it alone, two of them do:
    - the word written as a thing (`_thing_readings`): an inanimate accusative of the
      dictionary, or a bare masculine stem it does not know — a person is written «Фокуса»;
    - an adjective agreeing with it before it;
    - a thing's phrase after it: a preposition and a noun, or a noun in the genitive;
    - another thing of the trade the sender's verb takes in the letter, or one joined to it;
    - another player written with a capital inside his sentence (the sender capitalises
      nicks);
    - the next clause telling of it with no subject of its own.
    One proves it alone: the word as the bare object of a verb of things (`_everyday_object`:
    «режу морковку», «точу ледоруб»).
    A word the dictionary reads as a person or an animal («лис», «лиса») is never a thing;
    a bare nick («проверяю фокус»), a player's pronoun after it («он мафия»), the animate
    accusative («фокуса»), a letter typed all in lower case with nothing of a thing stay the
    player's."""
    if m.kind != "nick" or m.nick is None:
        return False
    if [k for k in range(m.start, m.end) if tokens[k].word] != [m.start]:
        return False  # a nick of one word, a dash after it taken along («рукав —»)
    tok = tokens[m.start]
    if not tok.raw[:1].islower() or not tok.word.isalpha():
        return False
    if _everyday_object(tokens, m, mentions) or _creature_in_care(tokens, m):
        return True
    person, written_thing = _thing_readings(tok.word)
    if person:
        return False
    players = frozenset(k for x in mentions for k in range(x.start, x.end))
    cues = (
        written_thing,
        _agreeing_before(tokens, m),
        _complement_after(tokens, m, players),
        _things_listed(tokens, m, players),
        _capitalised_elsewhere(tokens, m, mentions),
        _told_of_after(tokens, m),
    )
    return sum(cues) >= 2


#: the prepositions of a source in the genitive («от двойки», «из бара»)
_SOURCE_PREPS: Final = ws("от ото из изо")


def everyday_frame(tokens: Sequence[Token], verb: int) -> str | None:
    """C-2: the words of a frame of the sender's everyday life around the move's verb at
    `verb`, when it holds two kinds of sign, none being proof alone (a place or a time beside
    a kill is the night's scene: «убиваю X в подъезде», «лечу X от простуды»):
    - a place in the locative governed by the verb in its clause («ночую у X на даче»);
    - a source that is a thing of that life in the genitive («спасаю X от двойки», «из бара»);
    - a stretch of the day in the accusative with a word agreeing with it («весь вечер»);
    - a reason of the sender's own life later in the sentence: the sender in an oblique case
      or his possessive («у меня ремонт», «моя сгорела»), or another clause telling of a
      thing of that life («духовка опять чудит»).
    Each noun is a lower-case inanimate common noun the dictionary knows, no word of the
    game, the night or a clan, no role, no harm of the game and no time of day. Such a frame
    puts the verb in its everyday sense as likely as in the game's: the move is not proven.
    The first phrase as written, or None."""
    a, b = clause_bounds(tokens, verb)
    kinds: dict[str, str] = {}
    for k in range(verb + 1, b + 1):
        word = tokens[k].word
        if word in _PLACE_PREPS or word in _SOURCE_PREPS:
            j = _skip(tokens, k + 1, b, _MODIFIERS)
            if j > b or _governing_verb(tokens, k, a, b) != verb:
                continue
            case = "gent" if word in _SOURCE_PREPS else "loct"
            if _life_noun(tokens[j], case):
                phrase = " ".join(t.raw for t in tokens[k : j + 1]).strip(" ,.!?;:—–-")
                kinds.setdefault(case, phrase)
        elif _stretch_of_day(tokens, k, b) and _governing_verb(tokens, k, a, b) == verb:
            kinds.setdefault("accs", " ".join(t.raw for t in tokens[k : k + 2]).strip(" ,.!?;:—–-"))
    if not kinds:
        return None
    if len(kinds) < 2 and not _life_reason(tokens, verb, b):
        return None
    return next(iter(kinds.values()))


def _life_reason(tokens: Sequence[Token], verb: int, b: int) -> bool:
    """A reason of the sender's own life after the verb at `verb` in its sentence
    (`everyday_frame`): the sender in an oblique case («у меня», «мне») or his possessive
    («моя», «свою») anywhere after the verb, or a clause after the verb's own (which ends at
    `b`) whose subject is a lower-case inanimate common noun with a finite verb of its own
    («духовка опять чудит»)."""
    sentence = tokens[verb].sentence
    k = verb + 1
    while k < len(tokens) and tokens[k].sentence == sentence:
        parses = parse(tokens[k].word)[:2] if tokens[k].word else []
        if any(
            (p.pos == "NPRO" and "1per" in p.grammemes and "nomn" not in p.grammemes)
            or (p.pos == "ADJF" and p.lemma in _OWN_POSSESSIVES)
            for p in parses
        ):
            return True
        k += 1
    k = b + 1
    while k < len(tokens) and tokens[k].sentence == sentence:
        c, d = clause_bounds(tokens, k)
        if _thing_told_of(tokens, c, d):
            return True
        k = d + 1
    return False


#: the possessives of the sender's own («моя сгорела», «свою комнату затопили»)
_OWN_POSSESSIVES: Final = frozenset({"мой", "свой", "наш"})


def _thing_told_of(tokens: Sequence[Token], a: int, b: int) -> bool:
    """A clause [a, b] whose subject is a lower-case inanimate common noun in the nominative
    that the game does not know, with a finite verb of the third person or the past."""
    subject = any(_life_subject(tokens[k]) for k in range(a, b + 1) if tokens[k].word)
    told = any(
        p.pos == "VERB" and ("3per" in p.grammemes or "past" in p.grammemes)
        for k in range(a, b + 1)
        if tokens[k].word
        for p in parse(tokens[k].word)[:1]
    )
    return subject and told


def _life_subject(t: Token) -> bool:
    if not t.raw[:1].islower() or not _CYRILLIC_WORD.fullmatch(t.word):
        return False
    top = parse(t.word)[:1]
    if not top or top[0].pos != "NOUN" or not top[0].known:
        return False
    if not {"inan", "nomn"} <= top[0].grammemes or top[0].grammemes & _NAMED:
        return False
    return not (_game_word(t.word) or scene_actions(t.word) or lookup(t.word) is not None)


def _life_noun(t: Token, case: str) -> bool:
    """A lower-case Cyrillic common noun the dictionary knows only as inanimate, that stands
    in `case` («gent»: a source; «loct»: a place — a form the accusative has not), and is no
    word of the game, its scenes, the night, a clan, a role, a harm of the game or a time of
    day (`everyday_frame`)."""
    word = t.word
    if not word or not t.raw[:1].islower() or not _CYRILLIC_WORD.fullmatch(word):
        return False
    nouns = [p for p in parse(word) if p.known and p.pos == "NOUN"]
    if not nouns or not all("inan" in p.grammemes and not p.grammemes & _NAMED for p in nouns):
        return False
    if case == "loct":
        if not _locative_only(word):
            return False
    elif "gent" not in nouns[0].grammemes:
        return False
    return _of_everyday_life(word, nouns)


def _stretch_of_day(tokens: Sequence[Token], k: int, b: int) -> bool:
    """«весь вечер», «целый день»: a word agreeing in the accusative with a time of day
    after it, the night aside («всю ночь» is the night of the move), no preposition before
    it (`everyday_frame`)."""
    if k + 1 > b or tokens[k].clause_end:
        return False
    if k > 0 and parse(tokens[k - 1].word)[:1] and parse(tokens[k - 1].word)[0].pos == "PREP":
        return False
    nxt = tokens[k + 1]
    if not nxt.word or nxt.word in NIGHT:
        return False
    nouns = [p for p in parse(nxt.word) if p.known and p.pos == "NOUN" and "accs" in p.grammemes]
    if not nouns or not _time_noun(nouns[0].lemma) or nouns[0].lemma in NIGHT:
        return False
    mods = [
        p
        for p in parse(tokens[k].word)
        if p.pos in ("ADJF", "NPRO") and "accs" in p.grammemes and "Anum" not in p.grammemes
    ]
    return any(
        p.grammemes & _AGREEMENT == nouns[0].grammemes & _AGREEMENT for p in mods
    ) and not _game_word(tokens[k].word)


#: the grammemes a word agreeing with a noun shares with it: gender, or the plural
_AGREEMENT: Final = frozenset({"masc", "femn", "neut", "plur"})


def _everyday_object(tokens: Sequence[Token], m: Mention, mentions: Sequence[Mention]) -> bool:
    """C-3: the lower-case nick at `m`, a common noun the dictionary knows only as inanimate
    (a first name of the same spelling aside) and reads in the accusative singular (not
    «рукава», the animate accusative of «Рукав»),
    stands as the bare object of the sender's own verb of violence right before it (words
    agreeing with it between) that is a verb of things: its past passive participle, with
    one «н», is an adjective of the dictionary («режу» → «резаный», «точу» → «точёный»,
    «ломаю» → «ломаный», «мочу» → «мочёный»), as Russian forms for a verb whose action is
    done to things — the game's sense of such a verb is a figure, its everyday object a
    thing («режу морковку», «режу шланг»). The word is that verb's object as likely as the
    player: not proven. A heal's verb is left out (a patient or a body part is its everyday
    object, a thing is not: «лечу плёнку» is the heal). The letter must be one sentence
    naming no other player: another sentence may say what the word is («не клиентке, а
    игроку»), and an executor named says the letter is the clan's order. A person's
    pronoun after it («она мафия») keeps it the player's."""
    tok = tokens[m.start]
    # (a first name the dictionary also knows, «Мел», is no reading of a word written in
    # lower case: its common readings decide)
    nouns = [p for p in parse(tok.word) if p.pos == "NOUN" and p.known and not p.grammemes & _NAMED]
    if not nouns or not any({"accs", "sing"} <= p.grammemes for p in nouns):
        return False
    if not all("inan" in p.grammemes for p in nouns) and not _purpose_after(tokens, m):
        return False  # a creature's word is a thing only with the purpose it is cut for
    if any(t.sentence != tok.sentence for t in tokens if t.word):
        return False
    if any(x.kind == "nick" and x.nick != m.nick for x in mentions):
        return False
    a, _b = clause_bounds(tokens, m.start)
    k = m.start - 1
    while (
        k >= a
        and tokens[k].word
        and any(p.pos in ("ADJF", "PRTF") for p in parse(tokens[k].word)[:1])
    ):
        k -= 1
    if k < a or not tokens[k].word:
        return False
    found = lookup(tokens[k].word)
    if found is None or not found.actions & VIOLENCE:
        return False
    verbs = [p for p in parse(tokens[k].word)[:2] if _own_verb(p.pos, p.grammemes)]
    if not verbs or not any(_verb_of_things(p.lemma) for p in verbs):
        return False
    return not _person_after(tokens, m)


#: a preposition of purpose and the case of the thing it takes: «на ужин», «к столу», «для ухи»
_PURPOSE_PREPS: Final = {"на": "accs", "к": "datv", "ко": "datv", "для": "gent"}


def _purpose_after(tokens: Sequence[Token], m: Mention) -> bool:
    """C-2/C-3: right after the nick at `m`, in its clause, the purpose a thing is cut or
    cooked for: «на», «к» or «для» before a lower-case common noun of everyday life
    (`_of_everyday_life`: no word of the game, its scenes, the night or a time of day — «к
    утру», «на тот свет», «на прицел» stay the strike's) in the accusative, dative or
    genitive, each reading inanimate; an adjective may stand between («на праздничный
    ужин»). «режу рыбку на ужин», «режу окуня на уху», «режу рыбку для ухи»: a creature's
    word so spoken of is food, a thing (`_everyday_object`), as likely as the player."""
    _a, b = clause_bounds(tokens, m.start)
    k = m.end
    if k > b or tokens[m.end - 1].clause_end:
        return False
    case = _PURPOSE_PREPS.get(tokens[k].word)
    if case is None:
        return False
    j = _skip(tokens, k + 1, b, frozenset({"ADJF"}))
    if j > b:
        return False
    t = tokens[j]
    if not t.raw[:1].islower() or not _CYRILLIC_WORD.fullmatch(t.word):
        return False
    nouns = [p for p in parse(t.word) if p.known and p.pos == "NOUN"]
    if not nouns or not all("inan" in p.grammemes and not p.grammemes & _NAMED for p in nouns):
        return False
    if not any(case in p.grammemes for p in nouns):
        return False
    return _of_everyday_life(t.word, nouns)


def _creature_in_care(tokens: Sequence[Token], m: Mention) -> bool:
    """C-2/C-3: the lower-case nick at `m` is a word nick (its own word a common noun of the
    dictionary, no name: a fish, an animal, a tool) spoken of in its everyday sense — the
    object of a heal's verb right before it with a cause of the sender's life after it in
    its clause, «от» and a noun `_life_noun` reads as such («лечу ерша от манки»: not «от
    мафии», «от выстрела»), or written as another noun of the dictionary built on it, a
    diminutive («лечу барсучка» of a player Барсук). The creature is as likely as the
    player: not proven. A capital, a name nick («лечу марфу от простуды») and the nick's
    own case forms with no cause («лечу ерша») stay the player's."""
    nick = nick_word(m.nick or "", tokens[m.start].word)
    if not nick.isalpha() or not common_word(nick) or parse(nick)[0].grammemes & _NAMED:
        return False
    if not any(p.pos == "NOUN" and p.lemma.replace("ё", "е") == nick for p in parse(nick)):
        return False  # the nick a noun's own headword («Барсук»), not one of its forms
    word = tokens[m.start].word
    nouns = [p for p in parse(word) if p.pos == "NOUN"]
    if (
        word[: len(nick) - 1] == nick[:-1]
        and nouns
        and all(p.lemma.replace("ё", "е") != nick for p in nouns)
    ):
        return True  # «барсучка»: «барсучок», a noun of its own built on the nick's word
    a, b = clause_bounds(tokens, m.start)
    if m.start - 1 < a or not tokens[m.start - 1].word:
        return False
    found = lookup(tokens[m.start - 1].word)
    if found is None or "heal" not in found.actions:
        return False
    for k in range(m.end, b + 1):
        if tokens[k].word in ("от", "ото"):
            j = _skip(tokens, k + 1, b, _MODIFIERS)
            return j <= b and _cause_noun(tokens[j])
    return False


def _cause_noun(t: Token) -> bool:
    """A lower-case Cyrillic common noun whose genitive readings the dictionary knows, each
    inanimate and no name («манки», «сыпи», «грибка»), that is no word of the game, its
    scenes, the night, a clan, a role, a harm of the game or a time of day: a cause of the
    sender's life after «от» (`_creature_in_care`)."""
    word = t.word
    if not word or not t.raw[:1].islower() or not _CYRILLIC_WORD.fullmatch(word):
        return False
    nouns = [p for p in parse(word) if p.known and p.pos == "NOUN" and "gent" in p.grammemes]
    if not nouns or not all("inan" in p.grammemes and not p.grammemes & _NAMED for p in nouns):
        return False
    return _of_everyday_life(word, nouns)


def _of_everyday_life(word: str, nouns: Sequence[Reading]) -> bool:
    """No word of the game, its scenes, the night, a clan, a role, a harm of the game or a
    time of day: what `_life_noun` and `_cause_noun` ask of their noun's readings `nouns`."""
    if _game_word(word) or scene_actions(word) or lookup(word) is not None:
        return False
    if role_word(word) is not None:
        return False
    lemmas = {p.lemma.replace("ё", "е") for p in nouns}
    return not lemmas & (_GAME_HARMS | NIGHT | _CLANS) and not _time_noun(nouns[0].lemma)


def _verb_of_things(lemma: str) -> bool:
    """A verb whose past passive participle («резанный») loses an «н» into an adjective the
    dictionary knows («резаный»): a verb whose action Russian speaks of as done to things."""
    for form, grammemes in forms(lemma, ("INFN",)):
        if grammemes >= _PAST_PASSIVE and form.endswith("нный"):
            adjective = form[:-4] + "ный"
            if any(
                p.pos == "ADJF" and p.known and p.lemma.replace("ё", "е") == adjective
                for p in parse(adjective)
            ):
                return True
    return False


_PAST_PASSIVE: Final = frozenset({"PRTF", "pssv", "past", "masc", "nomn", "sing"})


def _person_after(tokens: Sequence[Token], m: Mention) -> bool:
    """A third-person personal pronoun after the nick in its sentence («она мафия»)."""
    sentence = tokens[m.start].sentence
    k = m.end
    while k < len(tokens) and tokens[k].sentence == sentence:
        if any(
            p.pos == "NPRO" and "3per" in p.grammemes and "neut" not in p.grammemes
            for p in parse(tokens[k].word)[:1]
        ):
            return True
        k += 1
    return False


#: the preposition of a blow's path: a noun after it may be the victim's own part
#: («бью по голове X»), so a player hanging on it is no place
_BLOW_PATH: Final = ws("по")


#: prepositions of where or whither a player may stand in after a noun of place («дорога на
#: Минск», «дача у Волги»); «с», «для», «от» name a companion, a beneficiary, a source
_WHERE: Final = ws("в во на до под за у возле около близ через вдоль мимо по")


def in_place_phrase(tokens: Sequence[Token], m: Mention) -> bool:
    """«Лечу Каму, она живёт на берегу Оки», «Валю Урала у дороги на Минск», «а потом в
    отпуск на Каму»: the player hangs on a lower-case inanimate common noun — right after
    it, or after a preposition right after it — and that noun stands after a preposition
    itself: a phrase of place, the player its part, no player of the move (C-2). Not when
    the noun's phrase may be a blow's aim at the player's own part — «в»/«на» with the
    noun in the accusative («стреляю в голову X»), «по» («бью по ногам X») — unless its
    clause has no verb at all (a clause of going: «а потом в отпуск на X»)."""
    k = m.start - 1
    if k < 1 or not _joined(tokens, k, m.start):
        return False
    top = parse(tokens[k].word)[:1] if tokens[k].word else ()
    if top and top[0].pos == "PREP":
        if tokens[k].word not in _WHERE:
            return False  # «в отпуск с X»: a companion, no place
        k -= 1  # «дороги на Минск»: the player after the noun's own preposition
        if k < 1 or not _joined(tokens, k, k + 1):
            return False
    noun = tokens[k]
    if not noun.word or not noun.raw[:1].islower():
        return False
    nouns = [p for p in parse(noun.word) if p.known and p.pos == "NOUN"]
    if not nouns or any(p.grammemes & (_NAMED | _GIVEN) or "anim" in p.grammemes for p in nouns):
        return False
    j = k - 1
    while j >= 0 and _joined(tokens, j, j + 1):
        head = parse(tokens[j].word)[:1] if tokens[j].word else ()
        if head and head[0].pos == "PREP":
            break
        if not head or head[0].pos not in _MODIFIERS:
            return False
        j -= 1
    else:
        return False
    prep = tokens[j].word
    aimed = prep in _BLOW_PATH or (
        prep in _PLACE_PREPS and any("accs" in p.grammemes for p in nouns)
    )
    return not aimed or not _verb_in_clause(tokens, j)


def _joined(tokens: Sequence[Token], a: int, b: int) -> bool:
    """The tokens at `a` and `b` (a before b) stand in one clause of one sentence."""
    return tokens[a].sentence == tokens[b].sentence and not tokens[a].clause_end


def _verb_in_clause(tokens: Sequence[Token], k: int) -> bool:
    """Whether the clause holding `k` has a verb form or an action word of the game."""
    a, b = clause_bounds(tokens, k)
    for t in tokens[a : b + 1]:
        if not t.word:
            continue
        top = parse(t.word)[:1]
        if top and top[0].pos in ("VERB", "INFN", "GRND", "PRTS"):
            return True
        found = lookup(t.word)
        if found is not None and found.actions:
            return True
    return False
