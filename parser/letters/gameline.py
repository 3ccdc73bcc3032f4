"""A letter's own line for the game beside talk (C-2, issue 17): «Навещаю магазин Вики, там
скидки. По игре: проверяю Степана.», «Захожу к Кириллу за дрелью. Ход: Нина». Players put a
short head before the move — a few words and a colon or a dash — to set it apart from the
talk around it; the head's shape marks the line, whatever its words («По игре», «Ход», «По
делу», «Для игры»), so no list of heads is kept.

A sentence is a marked line when it opens with a head of one to three words, then a colon or
a dash, then the rest of the sentence: no head word names a player (a name before a colon
is an address or a quoted speaker: «Вика: проверь Нину») and none is a verb (a clause of its
own: «Кирилл сказал: …»). The reader (`reader.read_letter`) weighs the marked lines only
where the whole letter is asked because talk on a move's verb names another player
(`which_target`, `unaccounted`, `is_it_a_move`), and only when they close the letter — a
sentence after them may correct the move or put a condition on it, and a correction keeps
the last word: then the marked lines read alone, when they are a move, are the letter's
move, and the talk before them is none."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from parser.morph import parse
from parser.nicks import NickResolver

#: a sentence's end: its mark and the spaces after it, or a line break
_SENTENCE_END: Final = re.compile(r"(?<=[.!?…])\s+|\s*\n+\s*")
#: a head of a few words (commas allowed: «Итак, ход»), a colon or a dash, the line
_HEAD: Final = re.compile(r"(?P<head>[^\W\d_][\w ,]*?)\s*(?::|\s[—–-]|—|–)\s*(?P<body>\S.*)", re.S)
_HEAD_WORDS: Final = 3
_VERB_POS: Final = frozenset({"VERB", "INFN", "GRND", "PRTS"})


@dataclass(frozen=True, slots=True)
class GameLine:
    """The marked lines of a letter (`line`) and the rest of it (`rest`), each as text."""

    line: str
    rest: str


def marked_lines(text: str, resolver: NickResolver) -> GameLine | None:
    """The letter's marked lines and its other sentences, when it has both; None otherwise."""
    sentences = [s for s in _SENTENCE_END.split(text.strip()) if s.strip()]
    first = next((k for k, s in enumerate(sentences) if _marked(s, resolver)), None)
    if not first or not all(_marked(s, resolver) for s in sentences[first:]):
        # none, the whole letter, or a sentence after the line: a later word may correct
        # the move or put a condition on it (C-2 keeps the last word), so the line is the
        # letter's own last word only where it closes it
        return None
    return GameLine(" ".join(sentences[first:]), " ".join(sentences[:first]))


def _marked(sentence: str, resolver: NickResolver) -> bool:
    m = _HEAD.fullmatch(sentence.strip())
    if m is None:
        return False
    words = re.findall(r"[^\W\d_]+", m.group("head"))
    if not 1 <= len(words) <= _HEAD_WORDS:
        return False
    for word in words:
        found = resolver.resolve(word, inflected=True, fuzzy=False)
        if found.nick is not None or found.candidates:
            return False  # «Вика: проверь Нину»: a player addressed or quoted
        if any(r.known and r.pos in _VERB_POS for r in parse(word.lower())[:1]):
            return False  # «Кирилл сказал: …»: a clause of its own
    return True
