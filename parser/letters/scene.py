"""A move told as a scene (C-2): the one action of the sender's role its words tell.

«Мой камикадзе обнимает Платона покрепче и выдёргивает кольцо», «Громила заходит к Ростику
и объясняет ему жизнь кулаками», «Обнимаю Элеонору и дёргаю чеку»: a player with a role of
several actions (the kamikaze's blast and his clan's shot, P-M.9; the thug's beating and
the shot, P-M.11; the maniac's kill and ambush, P-M.13/P-M.14) tells what he does with a
story instead of an action word, or with a word of motion that fits every action of his.
The scene's words, by lemma (`parser.vocab.scene_actions`: the action vocabulary in any
person or tense, and the things only one action uses — a grenade's pin, fists, a trigger),
decide it when they tell exactly one of the role's actions; words of two of them, or of
none, leave the question which action (C-3: a reading the letter does not prove is asked).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parser.letters.mentions import Mention
from parser.letters.tokens import Token
from parser.letters.words import NEG
from parser.vocab import scene_actions


def scene_action(
    tokens: Sequence[Token],
    sentences: Iterable[int],
    candidates: Iterable[str],
    mentions: Sequence[Mention],
) -> str | None:
    """The one of `candidates` that the words of `sentences` tell, or None: every word but
    the players' own (a nick is no thing of the scene) and those said with «не»/«без» before
    them («без ножа»)."""
    wanted = frozenset(candidates)
    where = frozenset(sentences)
    named = {k for m in mentions for k in range(m.start, m.end)}
    told: set[str] = set()
    for k, t in enumerate(tokens):
        if t.sentence not in where or k in named or not t.word:
            continue
        if k > 0 and tokens[k - 1].sentence == t.sentence and tokens[k - 1].word in NEG:
            continue
        told |= scene_actions(t.word) & wanted
    return next(iter(told)) if len(told) == 1 else None
