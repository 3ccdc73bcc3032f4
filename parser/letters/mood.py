"""The mood of the predicate a player is named under (C-2): a might-have or a wish.

«Защищаю Маргариту, хотя мог бы и Ладу»: the second player is named under a predicate in the
conditional mood — the particle «бы» (or «б») with a past form, an infinitive or a predicative
word («мог бы», «Ладу бы побить», «хотелось бы», «надо было бы»), or with no verb at all («вот
бы ещё Мирона») — and so is no target of the move said plainly beside it. Nothing here is a
list of phrases: a stretch of the sentence is cut at its joining words (`_JOINS`) and, within
it, the player belongs to the predicate nearest to him; that predicate's mood is read from
pymorphy3's tags (tense, infinitive, predicative) and the particle in its stretch.

A «бы» after a question word («кого бы проверить…», «кто бы мог подумать») asks, it wishes
nothing (`words.ASKING`); «чтобы» is one word, a conjunction of purpose, and no particle.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from parser.letters.tokens import Token
from parser.letters.words import ASKING, ws
from parser.morph import parse

#: the conditional particle, in full and clipped
_PARTICLE: Final = ws("бы б")
#: words that join two predicates of one sentence: a stretch of it ends at them
_JOINS: Final = ws("хотя но а однако зато если чтобы чтоб что потому поскольку ведь пусть")
#: predicates that never stand in the conditional: the present, the future and the imperative
_PLAIN_TENSES: Final = frozenset(("pres", "futr", "impr"))


def _stretch(tokens: Sequence[Token], i: int) -> tuple[int, int]:
    """[a, b): the part of `i`'s sentence between the joining words around it."""
    sentence = tokens[i].sentence
    a = i
    while a > 0 and tokens[a - 1].sentence == sentence and tokens[a - 1].word not in _JOINS:
        a -= 1
    if a > 0 and tokens[a - 1].sentence == sentence:
        a -= 1  # the joining word opens the stretch («если бы не Лада»)
    b = i + 1
    while b < len(tokens) and tokens[b].sentence == sentence and tokens[b].word not in _JOINS:
        b += 1
    return a, b


def _predicate(word: str) -> str | None:
    """ "plain" for a present, future or imperative verb; "past" for a past form, an
    infinitive or a predicative word (what «бы» makes conditional); None for anything else.
    Judged by the word's best reading."""
    parses = parse(word) if word else ()
    if not parses:
        return None
    best = parses[0]
    if best.pos == "VERB":
        return "plain" if best.grammemes & _PLAIN_TENSES else "past"
    if best.pos in ("INFN", "PRED"):
        return "past"
    return None


def _beside_particle(tokens: Sequence[Token], k: int, a: int, b: int) -> bool:
    return any(a <= j < b and _particle(tokens, j) for j in (k - 1, k + 1))


def _apart(tokens: Sequence[Token], i: int, k: int) -> bool:
    """Whether a comma or other clause mark stands between the words at `i` and `k`."""
    return any(tokens[j].clause_end for j in range(min(i, k), max(i, k)))


def _particle(tokens: Sequence[Token], k: int) -> bool:
    return tokens[k].word in _PARTICLE and not (k > 0 and tokens[k - 1].word in ASKING)


def conditional_word(tokens: Sequence[Token], k: int) -> bool:
    """Whether the word at `k`, a predicate, is itself in the conditional mood (a past form,
    an infinitive or a predicative word with «бы» in its stretch, no plain predicate
    between); a word that is no predicate (an action noun: «протект», «проверка») is plain."""
    if _predicate(tokens[k].word) != "past":
        return False
    a, b = _stretch(tokens, k)
    plain = [j for j in range(a, b) if _predicate(tokens[j].word) == "plain"]
    return any(
        _particle(tokens, q) and not any(min(k, q) < j < max(k, q) for j in plain)
        for q in range(a, b)
    )


def conditional_at(
    tokens: Sequence[Token], start: int, end: int, plain: Collection[int] = ()
) -> bool:
    """Whether the player named at tokens [start, end) is named under a predicate in the
    conditional mood: the predicate nearest to him in his stretch of the sentence (one in
    his own comma clause first; the earlier on a tie) is a past form, an infinitive or a
    predicative word with «бы» in the stretch and no plain predicate between them; with no
    predicate in the stretch, «бы» in it is enough («Ветрову бы тоже»). `plain`: action
    words that are no verbs («протект Маргарита»), each a plain predicate of its stretch."""
    found = _governing(tokens, start, end, plain)
    if found is None:
        return False
    a, b, preds, k, kind = found
    particles = [q for q in range(a, b) if _particle(tokens, q)]
    if not particles:
        return False
    if k < 0:
        return True
    if kind != "past":
        return False
    # the particle belongs to this predicate: no plain predicate stands between them
    plainly = [j for j, pk in preds if pk == "plain"]
    return any(not any(min(k, q) < j < max(k, q) for j in plainly) for q in particles)


def plainly_governed(
    tokens: Sequence[Token], start: int, end: int, plain: Collection[int] = ()
) -> bool:
    """Whether the predicate nearest to the player at [start, end) (as `conditional_at`
    finds it) is a present, future or imperative verb: «бью сивого хоть бы раз попасть»."""
    found = _governing(tokens, start, end, plain)
    return found is not None and found[4] == "plain"


def _governing(
    tokens: Sequence[Token], start: int, end: int, plain: Collection[int]
) -> tuple[int, int, list[tuple[int, str]], int, str] | None:
    """The stretch [a, b) around the player, its predicates, and the nearest one (k, kind);
    k is -1 when the stretch has none."""
    if not tokens or start >= len(tokens):
        return None
    a, b = _stretch(tokens, start)
    b = max(b, _stretch(tokens, end - 1)[1]) if end - 1 < len(tokens) else b
    inside = set(range(start, end))
    preds = [
        (k, kind)
        for k in range(a, b)
        if k not in inside
        and (kind := "plain" if k in plain else _predicate(tokens[k].word)) is not None
    ]
    # a particle right beside a present form («убиваю бы X», a slip for the conditional)
    # makes it conditional all the same
    preds = [
        (k, "past" if kind == "plain" and _beside_particle(tokens, k, a, b) else kind)
        for k, kind in preds
    ]
    if not preds:
        return a, b, preds, -1, ""
    k, kind = min(preds, key=lambda p: (_apart(tokens, start, p[0]), abs(p[0] - start), p[0]))
    return a, b, preds, k, kind
