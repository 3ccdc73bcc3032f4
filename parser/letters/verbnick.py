"""A player whose nick is a verb form of the move's own verb (C-2, C-3): «Лечу» is both the
doctor's «I heal» and a player's name, and the word does not decline, so its form proves
nothing by case. It is read by its place in the sentence instead.

* The first such word in its clause that is the clause's first move verb, with another
  player named in the same clause after it («Лечу Урала», «Лечу Лечу», «Сегодня лечу
  Лечу»), or with an object-case player right before it («Урала лечу»), is the verb.
* The same word after a move verb in its clause («Проверяю Лечу», the second «Лечу» of
  «Лечу Лечу») is that verb's object, the player: an undeclining word in the object's
  place is read by the place, the only proof such a word can give.
* It stays the player's nick where the clause names no one else («Лечу, проверяю
  Урала»: talk before the check; «Лечу к вам в тред»: no one), where it is joined to
  another player by «и»/«или» («Урал и Лечу подозрительны»), and where a verb of the third
  person or of the past in its clause makes it a subject («Лечу вчера врал»).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parser.letters.mentions import Mention
from parser.letters.tokens import Token, clause_bounds, subject_verb
from parser.morph import parse, word_nick
from parser.nicks import casefold_key
from parser.vocab import lookup

#: words that join a nick to the player before it in a list, not a verb to its object
_JOINING: Final = frozenset(("и", "или", "либо", "да", "не", "а", "но"))


def _move_verb(word: str) -> bool:
    """A finite verb of the present or the future in the first person singular that is an
    action word of the move vocabulary («лечу», «проверяю»)."""
    if not word:
        return False
    top = parse(word)[:1]
    if not top or top[0].pos != "VERB" or not {"1per", "sing"} <= top[0].grammemes:
        return False
    found = lookup(word)
    return found is not None and bool(found.actions)


#: the parts of speech of a verb's own forms: any of them before the nick is the clause's verb
_VERB_POS: Final = frozenset(("VERB", "INFN", "GRND", "PRTF", "PRTS"))


def _verb_or_action(word: str) -> bool:
    """A verb form of any person, number or mood, or any word of the move vocabulary (an
    action noun: «Лечение:», «Выстрел»)."""
    if not word:
        return False
    top = parse(word)[:1]
    if top and top[0].pos in _VERB_POS:
        return True
    found = lookup(word)
    return found is not None and bool(found.actions)


def _subject_verb(tokens: Sequence[Token], a: int, b: int, skip: int) -> bool:
    """A verb of the third person or of the past in the clause other than at `skip`: the
    clause has a subject for it, which a verb-form nick opening the clause may be."""
    for k in range(a, b + 1):
        if k == skip or not tokens[k].word:
            continue
        if subject_verb(tokens[k].word):
            return True
    return False


def _as_verb(tokens: Sequence[Token], m: Mention, kept: Sequence[Mention]) -> bool:
    i = m.start
    a, b = clause_bounds(tokens, i)
    verbs_before = [
        k
        for k in range(a, i)
        if _verb_or_action(tokens[k].word) and not any(p.start <= k < p.end for p in kept)
    ]
    if verbs_before:
        # «Проверяю Лечу», «Хочу вылечить Лечу», «Убиваем Лечу руками …»: the first verb
        # of the clause stands before it, so it is an object, not the verb
        return False
    if i > a and tokens[i - 1].word in _JOINING:
        return False  # «Урал и Лечу»: a player in a list
    if _subject_verb(tokens, a, b, i):
        return False  # «Лечу вчера врал»: the subject of another verb
    others = [p for p in kept if p is not m and a <= p.start <= b and p.kind != "withdrawn"]
    if any(p.start > i for p in others):
        return True  # «Лечу Урала», «Лечу Лечу»: the verb before its object
    before = [p for p in others if p.end == i]
    # «Урала лечу»: an object before the verb, in a case form, not the nominative
    return any(p.kind == "nick" and not p.nominative for p in before)


def verb_nicks_as_verbs(tokens: Sequence[Token], mentions: Sequence[Mention]) -> list[Mention]:
    """`mentions` without those of a verb-form nick that the sentence's structure makes the
    move's verb (module docstring); the token is then read as the action word it spells."""
    kept = list(mentions)
    for m in mentions:
        if m.kind != "nick" or m.nick is None or m.end != m.start + 1:
            continue
        word = tokens[m.start].word
        if casefold_key(m.nick) != casefold_key(word) or not word_nick(m.nick):
            continue
        if not _move_verb(word):
            continue
        if _as_verb(tokens, m, kept):
            kept.remove(m)
    return kept
