"""A player called by a form of the name one part of his nick carries (C-3): «Олю»,
«Олечку» for Olga1989, «Андрюшу» for Dad_Andrey, «Ксюшу» for Ксю_и_Мирон, «Галину» for
Бабушка Галя, «Машеньку» for Машуня.

A nick of several parts (or one part and a digit tail) often holds its owner's given name, in
Latin or Cyrillic, full or as a pet form. A word is weighed against each such part by the
name dictionary the reader already has (`parser.nameforms`): the word's lemma and the full
names the pet-form table gives for it, against the part's own name and the full names the
table gives for it — or, for a Latin part, against its Cyrillic spellings and the Latin
spelling of those names. A pet form only a suffix rule derives («Игорька») stays a doubt.
A family nick's second person (`parser.letters.family`) is never its owner's name."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from parser.latin import cyrillic_spellings, handle_parts, spelt_in_latin
from parser.letters.family import second_persons
from parser.morph import parse
from parser.nameforms import tabled_pets

_CYR_PARTS: Final = re.compile(r"[\s_.\-]+|\d+")


def _latin_key(word: str) -> str:
    """A Latin spelling with the schemes' differences folded (y and j alike, no soft sign)."""
    return word.lower().replace("'", "").replace("y", "j").replace("kh", "h")


def _low(word: str) -> str:
    return word.lower().replace("ё", "е")


@lru_cache(maxsize=2048)
def _forms(word: str) -> frozenset[str]:
    """The lemmas `word` may be, and the full names the pet-form table gives for them."""
    lemmas = {_low(r.lemma) for r in parse(_low(word))}
    fulls = {full for lemma in lemmas for full, _stem in tabled_pets(lemma)}
    return frozenset(lemmas | fulls)


@lru_cache(maxsize=1024)
def name_parts(nick: str) -> tuple[str, ...]:
    """The parts of `nick` that may be its owner's name: a Latin handle's parts, or the
    Cyrillic words of a nick of several (a digit tail dropped) — not «и», not a family
    nick's second person; empty for a nick of one plain word (its forms are read by the
    nick ladders)."""
    if nick.isascii():
        parts = [p for p in handle_parts(nick) if p.isalpha()]
        several = len(parts) > 1 or any(c.isdigit() for c in nick)
    else:
        parts = [p for p in _CYR_PARTS.split(nick) if p and p.isalpha()]
        several = len(parts) > 1
    if not several:
        return ()
    second = second_persons(nick)
    return tuple(
        p for p in parts if _low(p) != "и" and not {_low(r.lemma) for r in parse(_low(p))} & second
    )


@lru_cache(maxsize=4096)
def fits_part(word: str, part: str) -> bool:
    """Whether `word` is a form of the name `part` carries (full, pet or short)."""
    forms = _forms(word)
    if part.isascii():
        latin = _latin_key(part)
        # a full name spelt in Latin as the part is («ольга»: Olga, «андрей»: Andrey)
        if any(_latin_key(spelt_in_latin(f)) == latin for f in forms):
            return True
        names = frozenset(cyrillic_spellings(part.lower()))
    else:
        names = _forms(part) | {_low(part)}
    # the table's pet forms only: a pet form guessed by its suffix («Игорька», «Серого»)
    # stays a doubt, asked as before
    return bool(forms & names)


def players_by_name_part(word: str, players: tuple[str, ...] | list[str]) -> list[str]:
    """The players one of whose nick's name parts `word` is a form of."""
    if len(word) < 3 or not word.isalpha() or not _a_name(word):
        return []
    return [p for p in players if any(fits_part(word, part) for part in name_parts(p))]


@lru_cache(maxsize=2048)
def _a_name(word: str) -> bool:
    """Whether `word` is a given name or a pet form the table knows («Олю», «Галочке») — not
    a pronoun or another word that happens to spell a handle's part («Они»: Oni.Kuro)."""
    readings = parse(_low(word))
    if any(r.known and "Name" in r.grammemes for r in readings):
        return True
    return any(tabled_pets(_low(r.lemma)) for r in readings)
