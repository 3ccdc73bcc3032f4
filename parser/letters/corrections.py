"""The shared correction recogniser (`parser.correction`) applied to a letter's tokens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parser.correction import corrects
from parser.letters.tokens import Token
from parser.letters.words import CANCEL, DASHES
from parser.morph import parse
from parser.vocab import lookup


def whether_or_not(tokens: Sequence[Token], k: int) -> bool:
    """C-2: «Мирная она или нет — без разницы», «неважно, проверял его кто-то или нет»: the
    «нет» at `k` after «или» closes an alternative — a clause with words of its own before
    «или» and no action word said as tonight's (not past) — that asks whether or not
    something holds; it takes back nothing («Проверяю Лену, или нет» does: nothing of its
    own stands in its clause before «или»)."""
    if tokens[k].word != "нет" or k < 2 or tokens[k - 1].word != "или":
        return False
    sentence = tokens[k].sentence
    own: list[str] = []
    for j in range(k - 2, -1, -1):
        u = tokens[j]
        if u.sentence != sentence or u.clause_end or u.raw in DASHES:
            break
        if u.word:
            own.append(u.word)
    if not own:
        return False
    for w in own:
        found = lookup(w)
        if found is not None and found.actions and not found.past:
            return False
    return True


#: the dictionary's marks of a proper name: a genitive so marked may be a nick corrected to
_PROPER: Final = frozenset(("Name", "Surn", "Patr", "Geox", "Orgn", "Trad"))


def existential_no(tokens: Sequence[Token], k: int) -> bool:
    """C-2: «Проверяю Каму, нет смысла ждать», «лечу Оку, нет ничего важнее», «net smysla»:
    the «нет» at `k` says that something is not there — a common noun or pronoun in the
    genitive follows it in its clause (lower case, no proper name, and no form the
    accusative shares — «нет его», «нет кота», «нет Днепра» may name the player corrected
    to). It is a predicate of its own clause and takes nothing back."""
    t = tokens[k]
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    if t.word != "нет" or t.clause_end or nxt is None or nxt.sentence != t.sentence:
        return False
    if not nxt.word or nxt.raw in DASHES or not nxt.raw[:1].islower():
        return False
    found = parse(nxt.word)[:3]
    if not found or found[0].grammemes & _PROPER:
        return False
    if any("accs" in p.grammemes for p in parse(nxt.word) if p.known):
        return False  # «нет его», «нет кота»: the accusative of a player corrected to
    return any(
        p.known
        and p.pos in ("NOUN", "NPRO")
        and "gent" in p.grammemes
        and not p.grammemes & _PROPER
        for p in found
    )


def _conceding(tokens: Sequence[Token], k: int) -> bool:
    """«…, пусть даже её никто не тронет»: «пусть» before «даже» concedes, it corrects
    nothing (C-2)."""
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    return tokens[k].word == "пусть" and nxt is not None and nxt.word == "даже"


#: the words of other people as a group, by lemma: plural «другие», «остальные»; «кто-то»
_OTHERS_LEMMAS: Final = frozenset(("другой", "остальной"))
_SOMEONE_LEMMAS: Final = frozenset(("кто-то", "кто-нибудь", "кто-либо"))


def others_word(word: str) -> bool:
    """Whether `word` names other people as a group: plural «другие», «остальные», or
    «кто-то», «кто-нибудь» (`promised.left_to_others`, `_others_let`)."""
    return any(
        (p.lemma in _OTHERS_LEMMAS and "plur" in p.grammemes) or p.lemma in _SOMEONE_LEMMAS
        for p in parse(word)[:2]
    )


def _others_let(tokens: Sequence[Token], k: int) -> bool:
    """«Урала пусть другие», «пусть все думают, что это Кот»: «пусть» before a word of
    other people («другие», «кто-то», «все», «они») lets them do something; it corrects
    nothing (C-2)."""
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    if tokens[k].word != "пусть" or nxt is None or nxt.sentence != tokens[k].sentence:
        return False
    return others_word(nxt.word) or nxt.word in ("все", "они")


def correcting(tokens: Sequence[Token], k: int) -> bool:
    """Whether the word at `k` takes back what the letter said before it (C-2): a particle
    of correction anywhere, a noun or verb of correction by its place in its clause; not
    the «нет» of a whether-or-not (`whether_or_not`) or of something not there
    (`existential_no`), nor a conceding «пусть даже» or a «пусть» letting others act
    (`_others_let`)."""
    t = tokens[k]
    if (
        not t.word
        or whether_or_not(tokens, k)
        or existential_no(tokens, k)
        or _conceding(tokens, k)
        or _others_let(tokens, k)
    ):
        return False
    opens = k == 0 or tokens[k - 1].clause_end or tokens[k - 1].sentence != t.sentence
    before = None if opens or tokens[k - 1].raw in DASHES else tokens[k - 1].word or None
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    closes = (
        t.clause_end
        or t.raw.endswith(("—", "–", "...", "…"))
        or nxt is None
        or nxt.sentence != t.sentence
        or nxt.raw in DASHES
    )
    after = None if closes or nxt is None else nxt.word or None
    said = {u.word for u in tokens[:k]}
    top = parse(t.word)[:1]
    if after is not None and t.word in CANCEL and top and top[0].pos == "NOUN":
        found = lookup(after)
        if found is not None and found.actions:
            return True  # «Отмена проверки.»: the move itself is what it cancels
    if after is not None and t.word in CANCEL and top and top[0].pos != "NOUN":
        # «Отставить Фугаса!», «отменяю Зарницу»: a cancelling verb with the player it takes
        # back as its object takes back what was said of him (`mentions`, as after «не»)
        return before is None
    return corrects(t.word, before, after, said)
