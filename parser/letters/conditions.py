"""Every condition in a letter accounted for, or the reading is a question (C-2).

A host writes a move down only when nothing in the letter makes it depend on what he does
not know. The reader settles one kind of condition itself — whether a player is still in
the game — in one place, here: a whole letter «Если X ещё жив, проверяю его, иначе — Y» is
read as the branch the cast takes (`settled_by_cast`), «…, если он ещё жив» after the move
needs no branch (`_resolved`), nor does «…, если сегодня его не посадят» (only that the
move's player outlives the day's verdict, which the engine settles before the night: P-O.1,
G-M.1, `_spared_by_the_day`), and «…, если X уже в тюрьме — тогда Y» names a branch the cast
rules out (`false_by_cast`). It also knows a few manners of speech that condition nothing
(«если что — пишите», «если честно», «если получится»). Any other condition is not
understood, so by construction it is no proof:

* a condition («если», «ежели», «коли», «в случае», «при условии», «if», «раз» opening a
  clause — the noun's own clause after a comma too: «при условии, что …», «в случае, если
  …»; «когда», «как только», «после того как» when what they wait for is the sender
  being told, confirmed or learning something — «когда узнаю, кто меня проверял», «как
  только ведущий подтвердит»: what the host tells him after the letter is nothing the bot
  settles at the deadline) in a sentence that holds the move — its action word, its player
  or its executor — makes the move depend on it («Проверяю Олега, если его ещё не
  проверяли»);
* a condition or a fallback («иначе», «а то», «а если …», «otherwise») anywhere else in the
  letter whose words hold a move of their own — an action word of any role, a side, or (for
  a fallback) a player — offers another branch the host cannot choose («…; если его уже
  проверили — тогда Y»), and the letter is asked about, naming the condition, never read
  as its first branch.

A clause of what is told or learnt («если мне скажут, что шериф жив») is the condition's
own, never its consequence, and a player said alive there is what the sender is told, not
the cast. A side chosen with no action word (G-M.8) is the move of its side word's sentence.
A condition in a sentence of its own that holds no move («Если Боба повесят, то ладно»,
«Если он мафия — будет смешно») is a remark, and one about another night («Боба завтра,
если доживу») belongs to the move put off.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Sequence
from itertools import pairwise
from typing import Final

from parser.letters.dayverbs import day_verb
from parser.letters.mentions import Mention, negated_at
from parser.letters.tokens import Token, phrase_ends_at
from parser.letters.words import (
    CONDITION_WORDS,
    LATER,
    NEXT,
    SIDE_MAFIA,
    SIDE_TOWN,
    SUCCEED_LEMMAS,
    TIME_WORDS,
    ws,
)
from parser.morph import parse
from parser.nicks import NickResolver
from parser.vocab import CONDITION_OPENERS, SETTLED, TIME_OPENERS, lookup

__all__ = [
    "CONSENT_LEMMAS",
    "LEAVE",
    "again_verb",
    "aside",
    "engine_settles",
    "false_by_cast",
    "immaterial",
    "in_condition",
    "open_condition",
    "same_every_branch",
    "settled_by_cast",
    "shrugged",
    "void_branch",
]

_DASHES: Final = frozenset({"—", "–", "-", "--", "->", "=>", "→"})
_INFERENCE: Final = ws("значит значило выходит то-есть")
_FILLER: Final = ws("ну то тогда так")
# «когда», «как только», «после того как» open a condition when what they wait for is the
# sender being told or learning something («когда узнаю, кто меня проверял, …», «как только
# ведущий подтвердит»): what the host tells him after the letter, no fact of the night
#: the multi-word condition openers by their first two words, the noun that the comma may
#: part from the rest («при условии, что», «в случае, если»)
_CONDITION_LEADS: Final = tuple(" ".join(p.split()[:2]) for p in CONDITION_OPENERS if " " in p)
_TOLD_LEMMAS: Final = ws(
    "узнать узнавать сказать говорить подтвердить подтверждать сообщить сообщать ответить "
    "отвечать написать писать выяснить убедиться услышать уведомить доложить рассказать "
    "объявить"
)
# a clause of what is told or learnt, still the condition's own words
_COMPLEMENT: Final = ws("что чтобы будто кто кого кому кем как ли")
_FALLBACK: Final = ws("иначе otherwise else")
# «если что», «если честно», «если получится», «если не сложно»: manners of speech
_MANNER_NEXT: Final = ws("что чего честно вдруг интересно any")
# «если получится» (not «если не получится», which doubts the move) and the rest, said either way
_MANNER_LEMMAS: Final = ws("ошибаться сложно трудно жалко читать")
# «если никто не против», «если все согласны»: no one's leave in particular
_ANYONE: Final = ws("никто все всем")
# a player still in the game: the words the whole-letter pattern takes (`settled_by_cast`) and,
# with the plural and the comparative, those a condition's own clause is settled by
_ALIVE_FORMS: Final = ("жив", "жива", "живой", "живая")
_ALIVE: Final = frozenset({*_ALIVE_FORMS, "живы", "живее"})
# the sender's own nights to come: «…, если доживу», «если выживу»
_SURVIVE_LEMMAS: Final = ws("дожить выжить")
# a player out of the game already: «в тюрьме», «сидит», «повешен», «мёртв», «выбыл»,
# «не в игре» (said of the present or the past; never «посадят», what may still happen)
_OUT_WORDS: Final = ws(
    "сидит посажен посажена посадили повешен повешена повесили мертв мертва убит убита "
    "выбыл выбыла вылетел вылетела"
)
_OUT_PHRASES: Final = (("в", "тюрьме"), ("за", "решеткой"), ("не", "в", "игре"), ("вне", "игры"))
_HE: Final = ws("он она его ее него нее")
#: the words that open the clause of a condition said with a noun («при условии, что …»)
_NOUN_CLAUSE_OPENERS: Final = ws("что если когда чтобы")
_CONDITION_NOUNS: Final = ws("условии случае")
_NOT_A_CLAUSE_AFTER_RAZ: Final = ws("два и в во на за еще ещё уж уже")
_BEFORE_RAZ_NOT_IF: Final = ws("еще ещё в этот тот один первый последний каждый второй сто")


def open_condition(
    tokens: Sequence[Token],
    questions: set[int],
    move_at: set[int],
    players: Sequence[Mention],
    *,
    side: bool = False,
    targets: Collection[str] = (),
) -> str | None:
    """The words of the first condition the letter leaves open for its move, or None.
    `questions`: the sentences that ask (`question_sentences`); `move_at`: token indices of
    the move (its action word, its players, its executor); `players`: every living player
    the letter names; `side`: the move is a side chosen, so a side named after a condition
    is another branch; `targets`: the move's players."""
    move_sentences = {tokens[k].sentence for k in move_at}
    asked = questions - move_sentences
    if same_every_branch(tokens, move_at, players, set(targets)):
        return None  # «Если X мирная — проверка X, если мафия — всё равно проверка X»
    for k, t in enumerate(tokens):
        kind = _condition_word(tokens, k)
        if kind is None or _manner(tokens, k):
            continue
        if immaterial(tokens, k, {j for m in players for j in range(m.start, m.end)}):
            continue  # «Если кто не понял: убиваю X», «…, если свет не отключат»
        if t.sentence in asked and _settled_after(tokens, t.sentence, move_sentences):
            # «А если проверю Муската, мне скажут…? Ладно, проверяю Муската»: a question to
            # the host about the rules, then the move said firmly: the move stands
            continue
        region = [j for j in range(k + 1, len(tokens)) if tokens[j].sentence == t.sentence]
        if _resolved(tokens, k):
            if _another_target_on_state(tokens, k, move_at, region, players):
                return _quoted(tokens, k, region)
            continue
        if move_at and max(move_at) < k and _ruled_out(tokens, k, region, players, side=side):
            continue  # «Режу Кинга; если Кинг уже в тюрьме — тогда …» with Кинг living
        if kind == "if" and t.sentence in move_sentences:
            if _remark_after(tokens, k, move_at, region, players, side=side):
                continue  # «Лечу Шиномэ; если к нему придут двое — ну, значит, не судьба»
            return _quoted(tokens, k, region)
        # the branch: after a fallback word, its words; after «если …», what follows its clause
        branch = region if kind == "fallback" else _consequence(tokens, region)
        if _holds_a_move(tokens, branch, players, side=side):
            return _quoted(tokens, k, region)
    return None


def same_every_branch(
    tokens: Sequence[Token], move_at: set[int], players: Sequence[Mention], targets: set[str]
) -> bool:
    """C-2: «Если Ника мирная — проверка Ника, если мафия — всё равно проверка Ника»: the
    letter's conditions (two at least) each lead to a branch that names the move's own
    players and no one else, and whose action words (if any) are the move's — every branch
    gives the same move, so the condition decides nothing."""
    if not targets:
        return False
    actions = {
        a
        for k in move_at
        if tokens[k].word and (found := lookup(tokens[k].word)) is not None
        for a in found.actions
    }
    opens = [
        k
        for k in range(len(tokens))
        if (kind := _condition_word(tokens, k)) is not None and not _manner(tokens, k)
    ]
    branches = 0
    for n, k in enumerate(opens):
        # a branch ends where the next condition opens («…, если нет — …»)
        end = opens[n + 1] if n + 1 < len(opens) else len(tokens)
        region = [j for j in range(k + 1, end) if tokens[j].sentence == tokens[k].sentence]
        kind = _condition_word(tokens, k)
        branch = set(region if kind == "fallback" else _consequence(tokens, region))
        named = {m.nick for m in players if m.start in branch}
        if named != targets or any(tokens[j].word in _HE for j in branch):
            return False
        for j in branch:
            found = lookup(tokens[j].word) if tokens[j].word else None
            if found is not None and found.actions and actions and not found.actions & actions:
                return False
        branches += 1
    return branches >= 2


#: words that settle what was weighed before them («Ладно, всё равно проверяю …»)
_SETTLING: Final = SETTLED - {"но", "однако"}


def _settled_after(tokens: Sequence[Token], asked: int, move_sentences: set[int]) -> bool:
    """Whether the move is said in a later sentence than the question `asked`, and that
    sentence opens by settling it («Ладно, …», «Всё равно …», «Решено: …») rather than as
    its consequence («Тогда проверяю …» still hangs on the question)."""
    if not move_sentences or asked >= min(move_sentences):
        return False
    first = min(move_sentences)
    words = [t.word for t in tokens if t.sentence == first and t.word][:3]
    if not words:
        return False
    return words[0] in _SETTLING or words[:2] == ["все", "равно"] or words[:2] == ["всё", "равно"]


def false_by_cast(tokens: Sequence[Token], k: int, players: Sequence[Mention]) -> bool:
    """Whether the condition at `k` says a living player is out of the game already
    («если Кинг уже в тюрьме», «если он уже выбыл»): the cast makes it false, so its branch
    is never taken. A pronoun stands for the one living player named before it."""
    if tokens[k].word not in CONDITION_WORDS:
        return False
    living = [m for m in players if m.kind == "nick" and not m.gone and m.nick]
    at = next((m for m in living if m.start == k + 1), None)
    if at is not None:
        rest = k + 1 + (at.end - at.start)
    elif k + 1 < len(tokens) and tokens[k + 1].word in _HE:
        if len({m.nick for m in living if m.start < k}) != 1:
            return False
        rest = k + 2
    else:
        return False
    words = [t.word for t in tokens[rest : rest + 4] if t.sentence == tokens[k].sentence]
    if words[:1] == ["уже"]:
        words = words[1:]
    if words[:1] and words[0] in _OUT_WORDS:
        return True
    return any(tuple(words[: len(p)]) == p for p in _OUT_PHRASES)


def _ruled_out(
    tokens: Sequence[Token],
    k: int,
    region: Sequence[int],
    players: Sequence[Mention],
    *,
    side: bool = False,
) -> bool:
    """A fallback after the move on a condition the cast makes false: the condition says a
    living player is out already, and its consequence holds a move of its own (a move's own
    condition after it, «Режу Феникса, если Блейд уже выбыл», has none: not ruled out)."""
    if not false_by_cast(tokens, k, players):
        return False
    return _holds_a_move(tokens, _consequence(tokens, region), players, side=side)


def void_branch(tokens: Sequence[Token], j: int, after: int, players: Sequence[Mention]) -> bool:
    """Whether position `j` lies in a fallback the cast rules out (`_ruled_out`: its
    condition or its consequence), said after the move at `after`."""
    before = [k for k in range(after + 1, j) if tokens[k].sentence == tokens[j].sentence]
    k = next((k for k in reversed(before) if tokens[k].word in CONDITION_WORDS), None)
    if k is None:
        return False
    region = [i for i in range(k + 1, len(tokens)) if tokens[i].sentence == tokens[k].sentence]
    return j in region and _ruled_out(tokens, k, region, players)


def shrugged(tokens: Sequence[Token], k: int) -> bool:
    """Whether the condition at `k` has a consequence of its own that draws an inference
    («…, если к нему придут двое — ну, значит, не судьба»): a remark, not the move's
    condition."""
    region = [j for j in range(k + 1, len(tokens)) if tokens[j].sentence == tokens[k].sentence]
    for n in range(len(region)):
        if _ends_condition(tokens, region, n):
            rest = [r for r in region[n + 1 :] if tokens[r].word and tokens[r].word not in _FILLER]
            return bool(rest) and tokens[rest[0]].word in _INFERENCE
    return False


def _remark_after(
    tokens: Sequence[Token],
    k: int,
    move_at: set[int],
    region: Sequence[int],
    players: Sequence[Mention],
    *,
    side: bool,
) -> bool:
    """A condition after the move in its sentence with a consequence of its own that holds
    no move (an inference, a shrug): a remark on the move, not its condition."""
    if any(j > k for j in move_at) or not any(j < k for j in move_at):
        return False
    for n in range(len(region)):
        if _ends_condition(tokens, region, n):
            rest = [r for r in region[n + 1 :] if tokens[r].word and tokens[r].word not in _FILLER]
            if not rest:
                return False
            if tokens[rest[0]].word in _INFERENCE:
                return True
            return not _holds_a_move(tokens, region[n + 1 :], players, side=side)
    return False


def _ends_condition(tokens: Sequence[Token], region: Sequence[int], n: int) -> bool:
    """Whether the condition's own words end at `region[n]` (a clause break or a dash): not
    where a clause of what is told or learnt follows («если мне скажут, что шериф жив, …»,
    «когда узнаю, кто меня проверял, …»), which is still the condition's."""
    j = region[n]
    if not (tokens[j].clause_end or (not tokens[j].word and tokens[j].raw in _DASHES)):
        return False
    rest = [r for r in region[n + 1 :] if tokens[r].word]
    return not (rest and tokens[rest[0]].word in _COMPLEMENT)


def _consequence(tokens: Sequence[Token], region: Sequence[int]) -> list[int]:
    """The words after a condition's own clause, in its sentence («Если Боба повесят, то
    ладно» → «то ладно»); none when what follows draws an inference («…— значит …»)."""
    for n in range(len(region)):
        if _ends_condition(tokens, region, n):
            rest = [r for r in region[n + 1 :] if tokens[r].word and tokens[r].word not in _FILLER]
            if rest and tokens[rest[0]].word in _INFERENCE:
                return []
            return list(region[n + 1 :])
    return []


def _condition_word(tokens: Sequence[Token], k: int) -> str | None:
    """ "if" for a word opening a condition, "fallback" for one opening the other branch."""
    word = tokens[k].word
    prev = tokens[k - 1] if k > 0 else None
    nxt = tokens[k + 1].word if k + 1 < len(tokens) else ""
    if word in CONDITION_WORDS:
        # «а если нет — …», «а если его вылечат, то …»: the other branch
        return "fallback" if prev is not None and prev.word == "а" else "if"
    if phrase_ends_at(tokens, k, _CONDITION_LEADS):
        return "if"  # «при условии, что …», «в случае, если …»: read at their noun
    after = word in TIME_WORDS and prev is not None and prev.word == "после"
    if not after and phrase_ends_at(tokens, k, TIME_OPENERS):
        # «когда узнаю», «как только ведущий подтвердит», «после того как узнаю …»
        return "if" if _told_in_clause(tokens, k) else None
    if word in _FALLBACK:
        return "fallback"
    if word == "то" and prev is not None and prev.word == "а" and not prev.clause_end:
        return "fallback"  # «…, а то …»
    opens = prev is None or prev.clause_end or prev.sentence != tokens[k].sentence
    if word == "раз" and opens and nxt and nxt not in _NOT_A_CLAUSE_AFTER_RAZ:
        return "if" if not (prev and prev.word in _BEFORE_RAZ_NOT_IF) else None
    return None


def _told_in_clause(tokens: Sequence[Token], k: int) -> bool:
    """Whether the clause after the word at `k` waits for the sender being told or learning
    something: a verb of telling, confirming or learning («узнаю», «скажут», «подтвердит»),
    not a request to be told («если что — пишите»: a manner of speech)."""
    return any(
        p.pos == "VERB" and p.lemma in _TOLD_LEMMAS and "impr" not in p.grammemes
        for w in _clause_words(tokens, k)
        for p in parse(w)[:2]
    )


def _manner(tokens: Sequence[Token], k: int) -> bool:
    """«если что», «в случае чего», «если честно», «если получится», «если не сложно»,
    «если никто не против»: words of manner, no condition of the move."""
    clause = _clause_words(tokens, k)
    if not clause:
        return tokens[k].word != "иначе"
    if _told_in_clause(tokens, k):
        return False  # «при условии, что ведущий подтвердит»: no «если что»
    if clause[0] in _MANNER_NEXT or (clause[0] == "не" and clause[1:2] == ["ошибаюсь"]):
        return True
    if clause[0] in _ANYONE:
        return True
    lemmas = {p.lemma for w in clause[:3] for p in parse(w)[:1]}
    negated = "не" in clause[:2]
    if lemmas & SUCCEED_LEMMAS and not negated:
        return True
    return bool(lemmas & _MANNER_LEMMAS)


#: a verb's forms that say something still to come or the sender's own act («если доживу»,
#: «если кто нападёт»): what the host cannot know when he writes the move down
_TO_COME: Final = frozenset({"futr", "1per", "impr"})
#: the letter's reader: the host addressed, or whoever reads («если кто не понял»)
_READER: Final = ws("вы вас вам вами ты тебя тебе тобой кто кого кому ком кем")


def aside(tokens: Sequence[Token], k: int, named: Collection[int] = ()) -> bool:
    """C-2, M2 (batch 25): a condition said to the letter's reader, which governs nothing in
    the game: «если кто не понял», «если вы не поняли прошлое письмо», «если честно», «если
    кому интересно», «если в двух словах». The clause of «если» at `k` (to its end, or to the
    first action word said as the sender's own or as a noun when nothing marks the end)
    names no player (`named`: the token indices of players), no person, no word of the game
    (an action word of any role, a side) and no leave asked — and either has no verb at all
    (an adverb of manner, a predicative, a noun phrase of speech) or its verb is in the past
    or the present with the reader as its subject («кто», «вы», «ты»): a state of the
    reader's knowing, nothing still to come. A verb in the future or in the first person
    («если доживу», «если кто спросит», «если вас не затруднит») waits for something, and
    is no aside; nor is one with a noun for its subject («если Дон согласится»)."""
    if tokens[k].word not in CONDITION_WORDS:
        return False
    region = _aside_clause(tokens, k)
    words = [tokens[j].word for j in region if tokens[j].word]
    if not words or any(j in named for j in region):
        return False
    verbs = []
    content = False
    for w in words:
        found = lookup(w)
        if (found is not None and found.actions) or w in SIDE_MAFIA | SIDE_TOWN:
            return False
        top = parse(w)[:1]
        if not top:
            continue
        grams = top[0].grammemes
        if top[0].lemma in _LEAVE_LEMMAS:
            return False  # «если можно», «если вы не против»: leave asked
        if top[0].pos == "NOUN" and grams & _PERSON_TAGS:
            return False  # «если Дон согласится»: a person of the game acts
        if top[0].pos == "NPRO" and grams & {"1per", "3per"}:
            return False  # «если он уже под протектом», «если меня проверят»
        if top[0].pos in _CONTENT and not any(p.pos == "PRCL" for p in parse(w)):
            content = True
        if top[0].pos in ("VERB", "INFN", "PRTS", "GRND"):
            verbs.append(grams)
    if not verbs:
        # «если честно», «если в двух словах»; not «если да», «если нет», «если так» (a
        # particle standing for a proposition said before: an answer awaited)
        return content
    reader = any(w in _READER or w.startswith(("кто-", "кого-", "кому-")) for w in words)
    return reader and not any(g & _TO_COME or "INFN" in g for g in verbs)


#: a person, as the dictionary marks it: no aside speaks of one
_PERSON_TAGS: Final = frozenset({"anim", "Name", "Surn", "Patr"})
#: words of leave the host gives: «если можно», «если так можно», «если нельзя, то …»
LEAVE: Final = ws("можно нельзя разрешено позволено допустимо")
#: the lemmas of another's consent: «если Евсей не против», «если разрешишь»
CONSENT_LEMMAS: Final = ws("против согласный разрешить позволить одобрить возражать")
_LEAVE_LEMMAS: Final = LEAVE | CONSENT_LEMMAS


def immaterial(tokens: Sequence[Token], k: int, named: Collection[int] = ()) -> bool:
    """Whether the condition at `k` conditions nothing the host must settle: said to the
    reader (`aside`), a concession («даже если …»: `concessive`), or a condition on the
    sender's own access or the letter's delivery (`own_access`)."""
    return aside(tokens, k, named) or concessive(tokens, k) or own_access(tokens, k, named)


def in_condition(tokens: Sequence[Token], i: int) -> bool:
    """Whether the word at `i` stands in the clause of a condition («…, даже если её не
    тронут»): a condition word before it in its clause. A pronoun there is the condition's
    own (its subject or object), never a target of the move."""
    for j in range(i - 1, -1, -1):
        t = tokens[j]
        if t.sentence != tokens[i].sentence or t.clause_end or t.raw in _DASHES:
            return False
        if t.word in CONDITION_WORDS:
            return True
    return False


def concessive(tokens: Sequence[Token], k: int) -> bool:
    """C-2: «…, даже если её уже проверяли»: a condition the particle «даже» opens is a
    concession — the move holds whether or not it is met, so it has no other branch."""
    if tokens[k].word not in CONDITION_WORDS or k == 0:
        return False
    prev = tokens[k - 1]
    return prev.sentence == tokens[k].sentence and prev.word == "даже"


#: the means by which the sender reaches the host and his letter arrives: power, the line,
#: the device, the board, the letter itself («если свет не отключат», «если письмо дойдёт»)
_CHANNELS: Final = ws(
    "свет электричество связь интернет инет сеть вайфай wifi телефон мобильник смартфон "
    "комп компьютер ноутбук ноут планшет зарядка батарея аккумулятор роутер форум сайт "
    "письмо сообщение почта личка"
)
#: the sender as the condition's subject («я»), or as its owner («у меня будет связь»)
_SENDER_SUBJECT: Final = ws("я")


def own_access(tokens: Sequence[Token], k: int, named: Collection[int] = ()) -> bool:
    """C-2: a condition on the sender's own access or the letter's delivery, no condition
    on the move: «…, если свет не отключат», «если связь будет», «если успею до дедлайна»,
    «если не усну», «если письмо дойдёт» (not «если концерт не перенесут», an event of the
    sender's life, nor «если доживу», his survival). The clause of «если» at `k` names no
    player, no person (no animate noun, no pronoun but the sender's «я» or «у меня»), no
    word of the game (an action word of any role, a side, a verb of the day) and no leave;
    it has a verb that is not «получиться»/«выйти»/«удаться» in the third person (the
    move's own success, a fallback's condition); and it speaks of the sender himself (a verb
    in the first person singular) or of his means of reaching the host (`_CHANNELS`) —
    nothing the game decides. The host reads the move the letter names: its words are the
    standing instruction."""
    if tokens[k].word not in CONDITION_WORDS:
        return False
    region = _aside_clause(tokens, k)
    if not region or any(j in named for j in region):
        return False
    own = thing = verb = False
    for j in region:
        w = tokens[j].word
        if not w:
            continue
        found = lookup(w)
        if (found is not None and found.actions) or w in SIDE_MAFIA | SIDE_TOWN or day_verb(w):
            return False
        top = parse(w)[:1]
        if not top:
            continue
        best = top[0]
        grams = best.grammemes
        if best.lemma in _LEAVE_LEMMAS:
            return False
        if best.lemma in SUCCEED_LEMMAS and "1per" not in grams:
            return False  # «если не выйдет»: the move's own success; «не выйду на связь» is his
        if best.pos == "NPRO":
            owner = j > 0 and tokens[j - 1].word == "у" and "1per" in grams and "sing" in grams
            if w not in _SENDER_SUBJECT and not owner:
                return False
            continue
        if best.pos == "NOUN":
            if grams & _PERSON_TAGS:
                return False
            thing = thing or best.lemma in _CHANNELS or w in _CHANNELS
        if best.lemma in _SURVIVE_LEMMAS:
            return False  # «если доживу до утра»: the sender's survival, the game's to decide
        if best.pos == "VERB":
            verb = True
            own = own or {"1per", "sing"} <= grams
    return verb and (own or thing)


#: the parts of speech that say something of their own in a clause without a verb
_CONTENT: Final = frozenset({"ADVB", "PRED", "ADJS", "ADJF", "NOUN", "COMP"})


def _aside_clause(tokens: Sequence[Token], k: int) -> list[int]:
    """The token indices of the clause the «если» at `k` opens, for `aside`: to its end, a
    dash, or the first action word that opens the move's own clause."""
    region: list[int] = []
    for j in range(k + 1, len(tokens)):
        t = tokens[j]
        if t.sentence != tokens[k].sentence or t.raw in _DASHES:
            break
        found = lookup(t.word) if t.word else None
        if found is not None and found.actions and _opens_a_move(t.word):
            break  # «если в двух словах проверка радиста»: the move's own word ends it
        region.append(j)
        if t.clause_end:
            break
    return region


def _opens_a_move(word: str) -> bool:
    """An action word that opens the move's own clause: the sender's own form (first
    person, infinitive) or a noun in the nominative («проверка радиста»), not one a
    preposition governs («под протектом»)."""
    top = parse(word)[:1]
    if not top:
        return True
    grams = top[0].grammemes
    return "1per" in grams or top[0].pos == "INFN" or (top[0].pos == "NOUN" and "nomn" in grams)


def _another_target_on_state(
    tokens: Sequence[Token],
    k: int,
    move_at: set[int],
    region: Sequence[int],
    players: Sequence[Mention],
) -> bool:
    """«Проверяю Пупсика, если Ватрушка ещё жива — то её» (C-2): a condition on a player's
    state said *after* the move, whose consequence offers a player of its own (named, or a
    pronoun) — a second target on a state the host cannot settle when the letter comes in
    (alive now, alive when the move is played?), and one that would set the move aside. The
    letter is asked. A state the cast settles before the move («Если Гаврила ещё жив,
    проверяю его, иначе — Ариадну», read as the branch the cast takes) or a bare «…, если
    он ещё жив» with no consequence stays read."""
    if not move_at or not any(j < k for j in move_at):
        return False
    if not set(_clause_words(tokens, k)) & _ALIVE:
        return False
    branch = _consequence(tokens, region)
    inside = set(branch)
    if any(m.start in inside for m in players):
        return True
    return any(tokens[j].word in _HE for j in branch)


#: the prefix of doing again: «пере-» before a verb the dictionary knows on its own
_AGAIN: Final = "пере"
#: verbs of the day's hanging (P-V.4, resolved at P-O.1's second step); «посадят» is left
#: asked (`ipb:90`): in PEFL it names no step of the turn
_PUT_OUT_LEMMAS: Final = ws("повесить казнить линчевать")


def again_verb(word: str, *, past: bool = False) -> bool:
    """«переделываю», «передумаю», «перерешу»: the sender's own verb (first person; with
    `past`, a past form too) of doing again — «пере-» before a verb the dictionary knows by
    itself (its lemma without the prefix is an infinitive of the dictionary)."""
    if not word.startswith(_AGAIN):
        return False
    top = parse(word)[:1]
    if not top or top[0].pos != "VERB":
        return False
    if not ("1per" in top[0].grammemes or (past and "past" in top[0].grammemes)):
        return False
    rest = top[0].lemma[len(_AGAIN) :]
    return any(p.known and p.pos == "INFN" and p.lemma == rest for p in parse(rest)[:3])


def engine_settles(clause: Sequence[str]) -> bool:
    """A condition said with «не» that the rules settle without the host (C-2): «если его
    днём не повесят» — the day's hanging or jail comes before the night's moves (P-O.1), and
    a move at a player put out has no one to act on, so it is the engine's own condition, as
    «если он ещё жив» is; «если до вечера не передумаю» — the sender may change his move
    anyway (P-M.0), so his not doing so conditions nothing."""
    for a, b in pairwise(clause):
        if a != "не":
            continue
        top = parse(b)[:1]
        if top and top[0].pos == "VERB" and top[0].lemma in _PUT_OUT_LEMMAS:
            return "3per" in top[0].grammemes and "plur" in top[0].grammemes
        if again_verb(b):
            return True
    return False


def _resolved(tokens: Sequence[Token], k: int) -> bool:
    """A condition the cast settles («если он ещё жив»), one the rules settle
    (`engine_settles`), or one about the sender's nights to come beside a move put off
    («Боба завтра, если доживу»)."""
    clause = _clause_words(tokens, k)
    if _told_in_clause(tokens, k):
        return False  # «если мне скажут что шериф жив»: what he is told, not the cast
    if set(clause) & _ALIVE or (len(clause) > 1 and "в" in clause and "игре" in clause):
        return True
    if engine_settles(clause):
        return True
    if any(p.lemma in _SURVIVE_LEMMAS for w in clause for p in parse(w)[:1]):
        return True
    if _spared_by_the_day(clause):
        return True
    before = [t.word for t in tokens[:k] if t.sentence == tokens[k].sentence and t.word][-4:]
    return bool(set(clause + before) & (LATER | NEXT))


def _spared_by_the_day(clause: Sequence[str]) -> bool:
    """«…, если сегодня его не посадят», «при условии, что днём его не повесят»: the condition
    is only that the move's player (a pronoun) is not taken out by the day's verdict. The
    engine settles it itself: the hanged or jailed leave before the night (P-O.1, G-M.1) and
    a move on a player out of the game has no effect — so the move stands as said. A named
    player in the clause (another's fate) is no such condition and stays open."""
    if not set(clause) & _HE:
        return False
    return any(a == "не" and day_verb(b) and b not in _HE for a, b in itertools.pairwise(clause))


def _clause_words(tokens: Sequence[Token], k: int) -> list[str]:
    """The words of the condition's own clause after its word (to the clause's end)."""
    out: list[str] = []
    if tokens[k].clause_end:
        nxt = tokens[k + 1] if k + 1 < len(tokens) else None
        if (
            tokens[k].word not in _CONDITION_NOUNS
            or nxt is None
            or nxt.sentence != tokens[k].sentence
            or nxt.word not in _NOUN_CLAUSE_OPENERS
        ):
            return out
        k += 1  # «при условии, что …», «в случае, если …»: the clause its «что» opens
    for t in tokens[k + 1 :]:
        if t.word and t.word != "случае":
            out.append(t.word)
        if t.clause_end or t.sentence != tokens[k].sentence:
            break
    return out


def _holds_a_move(
    tokens: Sequence[Token], branch: Sequence[int], players: Sequence[Mention], *, side: bool
) -> bool:
    """Whether a branch holds a move of its own: an action word said by the sender (not a
    past story, nor someone else's third-person verb), a side for a side choice, or a player
    who is not the subject of what the branch tells («Сова или Гроза — пусть пеняет на
    себя» is about whoever comes)."""
    inside = set(branch)
    told = any(_told_of_another(tokens[j].word) for j in branch if tokens[j].word)
    for m in players:
        if m.start in inside and not (m.nominative and told):
            return True
    for j in branch:
        word = tokens[j].word
        if not word:
            continue
        if side and word in SIDE_TOWN | SIDE_MAFIA:
            return True
        found = lookup(word)
        if found is not None and found.actions and not _told_of_another(word):
            return True
        if found is not None and found.skip and not negated_at(tokens, j):
            return True  # «Если будет, пропускаю»: giving the turn up is the branch's move
    return False


def _told_of_another(word: str) -> bool:
    """A verb in the past or the third person, or «пусть»: told of someone, not done by the
    sender."""
    if word == "пусть":
        return True
    parses = parse(word)
    if not parses or parses[0].pos != "VERB":
        return False
    return bool(parses[0].grammemes & {"past", "3per"})


def _quoted(tokens: Sequence[Token], k: int, region: Sequence[int]) -> str:
    """The condition as written, for the question: its word and its clause («при условии,
    что …», «как только …», «после того как …» with the words that open it)."""
    words = [tokens[k].raw]
    opening = {"условии": 1, "только": 1, "как": 2}.get(tokens[k].word, 0)
    for j in range(k - 1, max(k - 1 - opening, -1), -1):
        if tokens[j].sentence != tokens[k].sentence:
            break
        words.insert(0, tokens[j].raw)
    for j in region:
        words.append(tokens[j].raw)
        if tokens[j].clause_end or len(words) >= 8:
            break
    return " ".join(words).strip(" ,;:.!?—–-")


# -- the whole letter on a condition the cast settles --------------------------------------
# «Если Гаврила ещё жив, проверяю его, иначе — Ариадну»: whether a player is still in the game
# is no doubt for the host, the cast says it. A letter that opens with «если X (ещё) жив /
# жива / в игре», then the move (its player often a pronoun for X), then — or not — «иначе»
# (or «а если нет») and the fallback, is read as the branch the cast takes — the move on X while he
# lives, the fallback once he is out — and nothing else changes (C-2: the condition is
# resolved, not guessed). A letter the pattern does not fit whole, a condition naming no
# player or more than one, or a fallback of «никого» for a player out, is left to the rest
# of this module as written (asked when it cannot be proven).

_ALIVE_ALT: Final = "|".join(sorted(_ALIVE_FORMS, key=len, reverse=True))
_ALIVE_RE: Final = re.compile(
    r"^\s*если\s+(?P<who>[^,—–\-]+?)\s+(?:(?:ещё|еще|пока)\s+)?"
    rf"(?:{_ALIVE_ALT}|в\s+игре)\s*(?:[,—–\-]+\s*)+(?:то\s+)?"
    r"(?P<main>.+?)(?:\s*[,;]?\s*(?:[,—–\-]\s*)?(?:а\s+)?(?:иначе|если\s+нет)\s*(?:[,—–\-:]+\s*)?"
    r"(?P<alt>[^.!?]+?))?\s*[.!]*\s*$",
    re.IGNORECASE | re.DOTALL,
)
# a pronoun for the player of the condition, in the move
_HIM: Final = re.compile(r"(?<![\w-])(его|её|ее|него|неё|нее|ему|ей|ним|ней)(?![\w-])", re.I)
_NOBODY: Final = re.compile(r"^(?:никого|ничего|ни\s+в\s+кого|пас|пропускаю)$", re.I)


def settled_by_cast(text: str, living: tuple[str, ...], dead: tuple[str, ...]) -> str | None:
    """The letter as the cast settles its condition on a player being alive, or None when
    the letter is not such a condition (or the branch the cast takes moves nobody: "")."""
    m = _ALIVE_RE.match(text)
    if m is None:
        return None
    seated = NickResolver((*living, *dead), partial=False)
    found = seated.resolve(m.group("who").strip(), inflected=True, fuzzy=False)
    if found.nick is None:
        return None
    main, alt = m.group("main").strip(" ,—–-"), (m.group("alt") or "").strip(" ,—–-")
    if found.nick in living:
        return _HIM.sub(found.nick, main, count=1)
    if not alt:
        return ""  # «Если X жив — убиваю его» with X out: the move is on nobody
    if _NOBODY.match(alt):
        return ""
    if _HIM.search(main):
        return _HIM.sub(alt, main, count=1)
    return alt
