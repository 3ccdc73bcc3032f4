"""A move asked about, not made: «можно проверить Олега?», «а Олега лечить можно?», «мне можно
убить Олега или нет?», «Олега или Машу проверять?», «протект Паше? или лучше Яше?».

A question names a move of the sender's role and a player, and says nothing for certain: the
player asks the host's leave for that move, or has not made up his mind. No move stands on it
(C-2: a move is what the player's own letter names, and a question names none for certain),
yet the host does not let it pass in silence either: he answers with the reading spelt out,
for the player to confirm by a move of his own (setting `move_question`, "ask"; "none" keeps
the older reading, no move and no question).

Read as such a question: a sentence ending in «?» that holds an action word the sender's role
may make — a verb in the infinitive or the first person, or an action noun — and a living
player (or «себя»), or a question naming players right after a sentence with the action word
and no player of its own («Не знаю, кого убить. Может, Олега? Или Машу?»). Not read so, and
left as before: a question about someone else's move or about the rules («комиссар может
проверить сержанта?», «а если я проверю X, а он умрёт, я узнаю результат?»: a verb in the
third person or the past, or a condition, in the sentence), a player only spoken to («Рома, а
кого убиваем?»), a role with no night move (the daemon's own note answers it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import Final

from engine.words_ru import ACTION_WORDS
from parser.letters.mentions import Mention
from parser.letters.proof import addressed
from parser.letters.questions import question_reading
from parser.letters.reading import (
    DEFAULT_MOVE_QUESTION,
    EXAMPLE,
    MOVE_ASKED,
    NO_MOVES,
    UNDECIDED,
    WHICH_TARGET,
    LetterReading,
    MoveQuestion,
    as_move_question,
    offer_terms,
    offers_the_kill,
)
from parser.letters.tokens import Token, subject_verb
from parser.letters.words import CONDITION_WORDS, ws
from parser.morph import parse
from parser.sender import SenderView
from parser.vocab import lookup, suggest_words

__all__ = [
    "DEFAULT_MOVE_QUESTION",
    "MoveQuestion",
    "as_move_question",
    "asked_move",
    "offer_asked",
    "offered_to_the_don",
]

# the moves a player may ask about on a player (the side choice and the Don election are
# read from their own words, the ambush takes no player)
_ON_A_PLAYER: Final = frozenset(
    {"kill", "check", "heal", "block", "beat", "blast", "protect", "army"}
)
_NO: Final = ws("нет неа нее")
_SELF_WORDS: Final = ws("себя себе собой самого саму самому")
#: the words that put a player to someone as a choice: «может, X?», «давай X?»
_OFFER: Final = ws("может мб давай давайте")


def asked_move(
    tokens: Sequence[Token], questions: set[int], mentions: Sequence[Mention], view: SenderView
) -> LetterReading | None:
    """The question back for a letter that asks about a move of the sender's role on a
    player, or None when the letter asks no such thing: `tokens` the letter's words (its
    question tags split off, `question_tags`), `questions` its sentences that ask,
    `mentions` the players its words name."""
    allowed = set(view.moving_actions())
    # a role with no night move asking leave for one («мне можно лечить Иголку?», issue 17
    # item 1): any action word counts, and the answer is that the role has none
    idle = view.known and not allowed
    if not questions:
        return None
    actions: list[str] = []
    players: list[str] = []
    for _sentence, words, named, first in _weighing(tokens, questions, mentions, view):
        said = _actions(tokens, words, mentions, allowed)
        if not said and not actions:
            said = _actions_before(tokens, first, mentions, allowed)
        if not said and not actions:
            continue
        actions += [a for a in said if a not in actions]
        players += [p for p in named if p not in players]
    if not actions or not players or len(actions) > 1 or _answered_no(tokens, questions):
        return None
    if idle:
        return question_reading(
            NO_MOVES,
            "У вашей роли нет ночных ходов: письмо не засчитано как ход. Если вы думаете, "
            "что это ошибка, напишите ведущему.",
        )
    return _question(actions[0], players, view.nick)


#: the noun «дон» where an election names its man (`infer._DON_WORDS`)
_DON: Final = ws("дон дона доном доны донов don")


def asked_don(
    tokens: Sequence[Token], questions: set[int], mentions: Sequence[Mention], view: SenderView
) -> LetterReading | None:
    """The question back for a Don election weighed in a question (P-S.2, C-3): «Может,
    доном Клюквину или Куницу?», «Дон Клюквина или Куница?», «Кого доном? Клюквину или
    Куницу?» — on the election night (turn 0) a clan member's question sentence naming
    players, with «дон» in its run of questions or in the sentence right before the run
    (that one naming no player), votes for no one: asked which of them when it names several,
    whether he votes for him when it names one. A question put to a player
    (`_to_a_player`), one about another's doing (`_about_another`), one the sender answers
    with «нет» or by naming one of them again in a later plain sentence is no such doubt.
    None when the letter weighs no election so."""
    if view.turn != 0 or (view.known and not view.clan_mates) or not questions:
        return None
    named: list[str] = []
    for sentence, _words, players, first in _weighing(tokens, questions, mentions, view):
        run = [i for i, t in enumerate(tokens) if first <= t.sentence <= sentence]
        before = [i for i, t in enumerate(tokens) if t.sentence == first - 1]
        said = any(tokens[i].word in _DON for i in run) or (
            any(tokens[i].word in _DON for i in before)
            and not any(tokens[m.start].sentence == first - 1 for m in mentions)
        )
        if said:
            named += [p for p in players if p not in named]
    if not named or _answered_no(tokens, questions):
        return None
    last = max(questions)
    if any(m.nick in named and tokens[m.start].sentence > last for m in mentions):
        return None  # «Или всё-таки Куница? Нет, Клюквина.»: answered after
    if len(named) == 1:
        return _question("don", named, view.nick)
    who = " или ".join("себя" if p == view.nick else p for p in named)
    return question_reading(
        WHICH_TARGET,
        f"Кого из них вы выбираете доном: {who}? Вопрос — ещё не голос. Пришлите, "
        "пожалуйста, выбор с одним ником, например: «Дон — Ник».",
    )


def _weighing(
    tokens: Sequence[Token], questions: set[int], mentions: Sequence[Mention], view: SenderView
) -> Iterator[tuple[int, list[int], list[str], int]]:
    """The question sentences that weigh players for the sender's own choice, in order: each
    with its words, the players it names and the first sentence of its run of questions («…
    кого убить. Может, Ли? Или Яна?»). A question put to a player (`_to_a_player`), one about
    another's doing (`_about_another`) and one naming nobody are left out."""
    for sentence in sorted(questions):
        words = [i for i, t in enumerate(tokens) if t.sentence == sentence]
        if _about_another(tokens, words) or _to_a_player(tokens, mentions, sentence):
            continue
        named = _players(tokens, mentions, sentence, view)
        if not named:
            continue
        first = sentence
        while first - 1 in questions:
            first -= 1
        yield sentence, words, named, first


def _to_a_player(tokens: Sequence[Token], mentions: Sequence[Mention], sentence: int) -> bool:
    """«Профессор, давай убьём Шерифа?»: a question put to another player (a clan mate), not
    to the host."""
    return any(
        m.kind == "nick" and tokens[m.start].sentence == sentence and addressed(tokens, m)
        for m in mentions
    )


def _answered_no(tokens: Sequence[Token], questions: set[int]) -> bool:
    """«Подрываю Ефима? Нет, рано ещё»: the sender answers his own question with «нет» —
    nothing is left to ask."""
    last = max(questions)
    after = [t for t in tokens if t.sentence > last and t.word]
    if not after:
        return False
    # «Нет, рано ещё», «Не, рано» — not «не могу решить»
    return after[0].word in _NO or (after[0].word == "не" and after[0].clause_end)


def _about_another(tokens: Sequence[Token], words: Sequence[int]) -> bool:
    """A question about someone else's move, the past or a hypothetical: a verb in the third
    person or the past («комиссар может проверить …?», «результат пришёл?») or a condition."""
    for i in words:
        word = tokens[i].word
        if not word:
            continue
        if word in CONDITION_WORDS:  # a hypothetical about the rules, no leave asked
            return True
        if word == "может" and (i == words[0] or tokens[i].clause_end):
            continue  # «Может, Олега?»: «maybe», no one else's «may»
        if subject_verb(word):
            return True
    return False


def _players(
    tokens: Sequence[Token], mentions: Sequence[Mention], sentence: int, view: SenderView
) -> list[str]:
    """The living players a question sentence names (the sender by «себя»), not those only
    spoken to."""
    out: list[str] = []
    for m in mentions:
        if tokens[m.start].sentence != sentence or m.gone or m.negated:
            continue
        if m.kind == "nick" and m.nick and m.nick != view.nick and not addressed(tokens, m):
            out.append(m.nick)
        elif m.kind == "self" and tokens[m.start].word in _SELF_WORDS:
            out.append(view.nick)
    return out


def _actions(
    tokens: Sequence[Token], words: Sequence[int], mentions: Sequence[Mention], allowed: set[str]
) -> list[str]:
    """The moves the sender's role may make that the words name as his own: an infinitive,
    a verb in the first person or an action noun (never a player's nick)."""
    in_nick = {k for m in mentions if m.kind != "unknown" for k in range(m.start, m.end)}
    out: list[str] = []
    for i in words:
        if i in in_nick:
            continue
        found = lookup(tokens[i].word)
        if found is None or not found.actions or found.past or found.third:
            continue
        parses = parse(tokens[i].word)
        if parses and parses[0].pos == "VERB" and "2per" in parses[0].grammemes:
            continue  # «ты проверишь Олега?»: asked of someone else
        mine = sorted(found.actions & allowed) if allowed else sorted(found.actions)
        out += [a for a in mine if a in _ON_A_PLAYER and a not in out]
    return out


def _actions_before(
    tokens: Sequence[Token], sentence: int, mentions: Sequence[Mention], allowed: set[str]
) -> list[str]:
    """«Не знаю, кого убить. Может, Олега?»: the action word of the sentence just before the
    question, when that sentence names no player of its own."""
    before = [i for i, t in enumerate(tokens) if t.sentence == sentence - 1]
    if not before or any(tokens[m.start].sentence == sentence - 1 for m in mentions):
        return []
    if _about_another(tokens, before):
        return []
    return _actions(tokens, before, mentions, allowed)


def _question(action: str, players: Sequence[str], sender: str) -> LetterReading:
    """The question back: the move asked about spelt out, and how to make it."""
    named = " или ".join("себя" if p == sender else p for p in players)
    example = EXAMPLE.get(action, "Ход Ник").replace("Ник1 и Ник2", "Ник")
    example = example.replace("Ник", players[0])
    if len(players) == 1:
        ask = "Если вы его делаете, подтвердите ходом"
    else:
        ask = "Выбор за вами: пришлите ход одним ником"
    return LetterReading(
        code=MOVE_ASKED,
        text=(
            f"Вы спрашиваете о ходе: {ACTION_WORDS.get(action, action)} — {named}? Вопрос — "
            f"ещё не ход, и он не записан. {ask}, например: «{example}»."
        ),
    )


def offered_to_the_don(
    tokens: Sequence[Token], questions: set[int], mentions: Sequence[Mention], view: SenderView
) -> Mention | None:
    """«Может, Слона? Решай, Ферзь.», «Таль, может Этюдиста?», «Босс, кого валим? Может
    Трибуну?»: a clan member who does not choose the clan's victim (`offers_the_kill`: a PEFL
    member beside his Don, P-M.8; a Gambler mafioso while the godfather lives, G-M.5) puts
    one player to the one who decides, as a question with a word of offering. A Gambler
    mafioso's plain sentence with his own verb of offering or «я за» («Предлагаю Эстета,
    решай, босс», «я за Эстета») offers alike: his kill is not open while the godfather
    lives, so no earlier stage reads it. Such a letter makes no move and is no request of
    his yet; the host's setting for the sender's rule set (`member_suggestion`,
    `mafioso_suggestion`) says whether he is asked or it counts as his request. The player
    offered is one living player, not a clan mate, the sender or someone spoken to; a
    sentence about another's move or the past (`_about_another`) offers nothing. Returns the
    mention of the player offered, or None when the letter offers no one so."""
    if not offers_the_kill(view):
        return None  # the one who decides orders; his question is his own doubt
    offered: list[Mention] = []
    offers = _OFFER | suggest_words()
    plain = view.ruleset == "gambler"  # a PEFL member's plain offer is read by the proof
    for sentence in sorted({t.sentence for t in tokens}):
        words = [i for i, t in enumerate(tokens) if t.sentence == sentence]
        wish = False
        if sentence in questions:
            if not any(tokens[i].word in offers for i in words) and not _wish_after(
                tokens, sentence
            ):
                continue
        elif not (wish := _wish_in(tokens, words)) and (
            not plain or not _offer_said(tokens, words)
        ):
            continue
        # «Таль, может Этюдиста?»: «может» with no infinitive to govern is «maybe», not
        # someone else's «may» (`_about_another` reads it so only first or before a comma)
        modal = any(p.pos == "INFN" for i in words for p in parse(tokens[i].word)[:1])
        told = [i for i in words if modal or tokens[i].word != "может"]
        # «я бы убила»: the past form with «бы» is the sender's conditional, not the past
        if not (sentence not in questions and wish) and _about_another(tokens, told):
            continue
        named = [p for p in _players(tokens, mentions, sentence, view) if p not in view.clan_mates]
        for nick in named:
            if nick != view.nick and all(m.nick != nick for m in offered):
                offered.append(_mention_of(nick, sentence, tokens, mentions))
    return offered[0] if len(offered) == 1 else None


def _wish_after(tokens: Sequence[Token], sentence: int) -> bool:
    """«Тиндаэль, może Секиру? Я бы его убила.»: the sentence after the question tells the
    sender's wish — an action word in the conditional («бы») — so the question puts the
    player forward, whatever language its own words are in."""
    after = [t for t in tokens if t.sentence == sentence + 1 and t.word]
    if not any(t.word == "бы" for t in after):
        return False
    return any((w := lookup(t.word)) is not None and bool(w.actions) for t in after)


def _wish_in(tokens: Sequence[Token], words: Sequence[int]) -> bool:
    """«Гриша, я бы убила Вячеслава, решай»: the sender's own action word in the conditional
    («я … бы» and an action word of the vocabulary) in a sentence that is no question — a
    wish put to the one who decides, not his order nor the member's request (P-M.8)."""
    said = [tokens[i].word for i in words if tokens[i].word]
    if "бы" not in said or "я" not in said:
        return False
    return any((w := lookup(t)) is not None and bool(w.actions) for t in said)


def _offer_said(tokens: Sequence[Token], words: Sequence[int]) -> bool:
    """A sentence with the sender's own verb of offering («предлагаю», «голосую») or «я за»."""
    said = [tokens[i].word for i in words if tokens[i].word]
    offers = suggest_words()
    return any(w in offers for w in said) or any(a == "я" and b == "за" for a, b in pairwise(said))


def _mention_of(
    nick: str, sentence: int, tokens: Sequence[Token], mentions: Sequence[Mention]
) -> Mention:
    return next(m for m in mentions if m.nick == nick and tokens[m.start].sentence == sentence)


def offer_asked(offered: str, view: SenderView) -> LetterReading:
    """The question back for a victim offered to the one who decides (`offered_to_the_don`,
    under the setting "ask"): the doubt named, and the plain letter that is his request."""
    boss, what, counts = offer_terms(view)
    return LetterReading(
        code=UNDECIDED,
        text=(
            f"Вы предлагаете цель клана: {offered}? Выбирает {boss}, и предложение — ещё не "
            f"заявка. Если это ваша заявка {what} (она засчитывается, {counts}), напишите "
            f"прямо, например: «Убиваем: {offered}»."
        ),
    )
