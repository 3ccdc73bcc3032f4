"""Nicks that name a family (C-3): «Лена_и_Сонечка», «Ксю_и_Мирон», «Мама_Тимоши».

Such a nick holds the player's own name or word and a second person: a given name after
«и» (Сонечка, Мирон: a child beside its mother) or a given name in the genitive after a
noun (Тимоши in «Мама_Тимоши»: the mother *of* Тимоша). The second person is no player:
«Лечу Сонечку» names the child, not Лена_и_Сонечка, so it is no proof of that player and
is asked. The player is named through the second person only with the parent word beside
it — «маму Мирона», «Мамочку Тимоши», «Папу Тимоши», «Дашину маму» — and the parent word
(or its pet form, «мамочка», «папуля») tells two parents of one child apart."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from parser.letters.tokens import EDGE_MARKS
from parser.morph import parse
from parser.nameforms import pet_form_kind

#: the parent nouns a nick or a letter names a player by, as a child's mother or father
PARENTS: Final = ("мама", "папа")

_PARTS: Final = re.compile(r"[\s_.\-]+")


def _key(word: str) -> str:
    return word.lower().replace("ё", "е").strip(EDGE_MARKS)


def _parts(nick: str) -> list[str]:
    return [p for p in (_key(w) for w in _PARTS.split(nick)) if p]


def _name_lemmas(word: str, *, case: str | None = None) -> frozenset[str]:
    """The given names the dictionary reads `word` as (in `case` only, when given)."""
    return frozenset(
        r.lemma.replace("ё", "е")
        for r in parse(word)
        if r.known and "Name" in r.grammemes and (case is None or case in r.grammemes)
    )


def parent_word(word: str) -> str | None:
    """«маму», «Мамочку», «папуля»: the parent noun a word is (in any case, or as its pet
    form), or None."""
    for r in parse(_key(word)):
        lemma = r.lemma.replace("ё", "е")
        if r.pos != "NOUN":
            continue
        for parent in PARENTS:
            if lemma == parent or pet_form_kind(lemma, parent) is not None:
                return parent
    return None


@lru_cache(maxsize=512)
def second_persons(nick: str) -> frozenset[str]:
    """The lemmas of the given names in `nick` that name a second person: after «и», or in
    the genitive after a noun of the nick (its owner's word: «Мама_Тимоши»)."""
    parts = _parts(nick)
    out: set[str] = set()
    for n, part in enumerate(parts[1:], 1):
        before = parts[n - 1]
        if before == "и":
            out |= _name_lemmas(part)
        elif part != "и" and any(r.pos == "NOUN" for r in parse(before)):
            # the likeliest reading a genitive («Тимоши»), not a rare one («Фёдор»: Федора's
            # genitive plural): a possessor, not the owner's own name in apposition
            top = parse(part)[:1]
            if top and {"Name", "gent", "sing"} <= top[0].grammemes:
                out.add(top[0].lemma.replace("ё", "е"))
    return frozenset(out)


@lru_cache(maxsize=512)
def parent_of(nick: str) -> str | None:
    """The parent noun a family nick opens with («Мама_Тимоши»: мама), or None."""
    parts = _parts(nick)
    return parent_word(parts[0]) if len(parts) > 1 else None


def child_in(word: str, nick: str) -> bool:
    """Whether `word` is a form of a second person's name inside `nick` («Сонечку»,
    «Мирона», «Тимоши»)."""
    second = second_persons(nick)
    return bool(second) and bool(_name_lemmas(_key(word)) & second)


def child_of_possessive(word: str) -> str | None:
    """«Дашину», «Миронова»: the given name a possessive adjective is made from, or None."""
    for r in parse(_key(word)):
        if r.pos != "ADJF" or "Poss" not in r.grammemes:
            continue
        stem = r.lemma.replace("ё", "е")
        for suffix, endings in (("ин", ("а", "я")), ("ын", ("а",)), ("ов", ("",)), ("ев", ("",))):
            if stem.endswith(suffix):
                for ending in endings:
                    names = _name_lemmas(stem[: -len(suffix)] + ending, case="nomn")
                    if names:
                        return next(iter(sorted(names)))
    return None


def parents_named(parent: str, child: str, players: tuple[str, ...] | list[str]) -> list[str]:
    """The players whose nick names `child` (a name's lemma) as its second person and whose
    own word is `parent` — or no parent word at all («Ксю_и_Мирон» for «маму Мирона»)."""
    return [p for p in players if child in second_persons(p) and parent_of(p) in (parent, None)]
