"""Letters as speech input writes them, and letters that argue with themselves.

* **Dictated punctuation.** A phone's speech input leaves the punctuation a player said as
  words: «проверяю Фенрира точка», «Тамару запятая исполнитель Кузьмич». `spoken_marks`
  puts the mark in its place, so that the sentence and clause rules read the letter as
  typed. Only a mark word standing alone where a mark stands — after a word, at the end or
  before the next word, never after a preposition or an adjective («на точку», «в конце
  точка» keep the word) — is a mark.
* **Telegraph punctuation.** A letter typed as a telegram spells its marks as the
  telegraph did: «ПРОВЕРЯЮ МАРКУ ТЧК», «УБИВАЕМ X ЗПТ ИСПОЛНИТЕЛЬ Y», «ВСКЛ», «КВК … КВК».
  `telegraph_marks` puts the mark in the place of such a word standing alone (in any case,
  typed in Latin letters too), so that it ends the sentence or clause and never joins a
  nick. A word that is a living player's nick stays the nick: the cast wins (C-3).
* **A letter all in capitals.** Its case tells nothing: every word is a capital, so a
  common word is not thereby a nick («ПРОВЕРЯЮ ТОРМОЗА У X» keeps «тормоза» the trade's
  thing). `uncapped` reads it in lower case, as the reader reads any lower-case letter
  (nicks are matched without regard to case).
* **A dialogue with oneself.** «Кого лечить? Наверное Галю. Хотя нет. Да, Галю»: the letter
  asks itself whom its action word takes, and answers. `self_answer` gives the letter the
  sender settled on — the action word, in the first person, and the last answer — only when
  that answer is confirmed by «да» in a sentence of its own and takes back nothing after it.
  An answer left open («… может Лимона? или Нюру?», «… не знаю») is no move; the proof asks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from parser.latin import cyrillic_spellings
from parser.morph import forms, parse
from parser.nicks import casefold_key
from parser.vocab import lookup

__all__ = ["asks_itself", "self_answer", "spoken_marks", "telegraph_marks", "uncapped"]

_MARKS: Final = {
    "точка": ".",
    "запятая": ",",
    "двоеточие": ":",
    "вопросительный знак": "?",
    "восклицательный знак": "!",
    "тире": " —",
}
_MARK_RE: Final = re.compile(
    r"(?<=\S)\s+(" + "|".join(sorted(_MARKS, key=len, reverse=True)) + r")(?=[\s.,!?]|$)",
    re.IGNORECASE,
)
_QUALIFIERS: Final = frozenset({"PREP", "ADJF", "PRTF", "NUMR"})
_MARK_WORDS: Final = "(?:" + "|".join(sorted(_MARKS, key=len, reverse=True)) + ")"
# «точка запятая нет просто точка»: marks said, then «нет» and the mark meant — the «нет»
# corrects the punctuation, not the move, so only the last mark stands
_MARK_FIXED: Final = re.compile(
    rf"(?<=\S)\s+{_MARK_WORDS}(?:\s+{_MARK_WORDS})*\s*,?\s+нет\s*,?\s+(?:просто\s+|лучше\s+)?"
    rf"({_MARK_WORDS})(?=[\s.,!?]|$)",
    re.IGNORECASE,
)


def spoken_marks(text: str) -> str:
    """`text` with its dictated marks («точка», «запятая» …) as the marks themselves."""
    if not _MARK_RE.search(text):
        return text
    text = _MARK_FIXED.sub(lambda found: " " + found.group(1), text)

    def mark(found: re.Match[str]) -> str:
        before = text[: found.start()].split()
        last = before[-1].strip(",.;:!?«»\"'()").casefold() if before else ""
        said = parse(last)[:1]
        if said and said[0].known and said[0].pos in _QUALIFIERS:
            return found.group(0)  # «на точку», «первая запятая»: the word itself
        return _MARKS[found.group(1).casefold()]

    return _MARK_RE.sub(mark, text)


#: the telegram's marks as the telegraph spelt them: full stop, comma, exclamation mark, quotes
_TELEGRAPH: Final = {"тчк": ".", "зпт": ",", "вскл": "!", "квк": '"'}
_EDGES: Final = ",;:.!?…»«)(\"'"
_SPACED: Final = re.compile(r"(\s+)")


def _telegraph_mark(word: str, nicks: frozenset[str]) -> str | None:
    """The mark a word of a telegram spells («ТЧК», «зпт», «tchk»), or None; never for a word
    that is a living player's nick."""
    key = casefold_key(word.strip(_EDGES))
    if not key or key in nicks:
        return None
    if key in _TELEGRAPH:
        return _TELEGRAPH[key]
    if key.isascii() and key.isalpha() and len(key) <= 6:
        return next((_TELEGRAPH[c] for c in cyrillic_spellings(key) if c in _TELEGRAPH), None)
    return None


def telegraph_marks(text: str, living: Iterable[str] = ()) -> str:
    """`text` with its telegraph mark words («ТЧК», «ЗПТ», «ВСКЛ», «КВК») as the marks
    themselves (see the module's docstring); `living`: the nicks that stay words."""
    nicks = frozenset(casefold_key(n) for n in living)
    pieces = _SPACED.split(text)  # words at even places, the spaces between at odd ones
    quoted = False
    for n in range(0, len(pieces), 2):
        mark = _telegraph_mark(pieces[n], nicks)
        if mark is None:
            continue
        rest = pieces[n].strip(_EDGES) and pieces[n][len(pieces[n].rstrip(_EDGES)) :]
        if mark == '"':
            # the opening quote joins the next word, the closing one the word before
            mark = "»" if quoted else "«"
            quoted = not quoted
            if mark == "«":
                pieces[n] = ""
                if n + 1 < len(pieces):
                    pieces[n + 1] = " «" if n else "«"
                continue
        pieces[n] = mark + rest
        if n and "\n" not in pieces[n - 1]:
            pieces[n - 1] = ""  # the mark closes the word before it
    return "".join(pieces)


def uncapped(text: str) -> str:
    """`text` in lower case when every cased letter of it is a capital (a few letters at
    least: «ОК» alone is left); else `text` itself."""
    cased = [c for c in text if c.lower() != c.upper()]
    if len(cased) > 3 and all(c.isupper() for c in cased):
        return text.lower()
    return text


_WHOM: Final = frozenset({"кого", "кому", "кем"})
_YES: Final = frozenset({"да", "ага", "угу", "так", "точно"})
_OPEN: Final = frozenset({"или", "может", "наверное", "наверно", "хотя", "не"})
_SENTENCE: Final = re.compile(r"[^.!?\n]+[.!?\n]*")
_WORD: Final = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def self_answer(text: str) -> str | None:
    """The letter the sender settled on in a dialogue with himself (see the module's
    docstring), or None when the letter is no such dialogue or its last answer is not
    confirmed."""
    dialogue = _dialogue(text)
    if dialogue is None:
        return None
    sentences, asked = dialogue
    verb = next((_first_person(w) for w in asked if _acts(w)), None)
    last = [w.casefold() for w in _WORD.findall(sentences[-1])]
    if verb is None or len(last) < 2 or last[0] not in _YES or _OPEN.intersection(last):
        return None
    if sentences[-1].endswith("?"):
        return None
    answer = sentences[-1].split(None, 1)[1].lstrip(" ,—–-")
    return f"{verb} {answer}"


def asks_itself(text: str) -> bool:
    """The letter opens by asking itself whom its action word takes («Кого лечить?») and
    goes on: a dialogue with oneself, settled or not."""
    dialogue = _dialogue(text)
    return dialogue is not None and any(_acts(w) for w in dialogue[1])


def _dialogue(text: str) -> tuple[list[str], list[str]] | None:
    """(the letter's sentences, the words of its first) when it opens with a short question
    of whom («Кого лечить?») and goes on; else None."""
    sentences = [s.strip() for s in _SENTENCE.findall(text) if s.strip()]
    # the question and two answers at least: «Кого лечить? Подскажите» asks the host
    if len(sentences) < 3 or not sentences[0].endswith("?"):
        return None
    asked = [w.casefold() for w in _WORD.findall(sentences[0])]
    if not _WHOM.intersection(asked) or len(asked) > 4:
        return None
    return sentences, asked


def _acts(word: str) -> bool:
    found = lookup(word.replace("ё", "е"))
    return found is not None and bool(found.actions) and not found.past


def _first_person(word: str) -> str | None:
    """The sender's own form of an action verb asked about («лечить» → «лечу», «чекнуть»
    → «чекну»), or the word itself when it is no verb («кого на проверку»)."""
    said = parse(word.replace("ё", "е"))[:1]
    if not said or said[0].pos not in ("INFN", "VERB"):
        return word
    for form, grams in forms(said[0].lemma):
        if {"1per", "sing"} <= grams and "past" not in grams and "impr" not in grams:
            return form
    return None
