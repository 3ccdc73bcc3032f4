"""A coloured vote taken back by a slip of the author's (P-V.1, G-N.1, C-3): «Против
<Клюкиной>, ой, очки не те надела — <Клюквиной>!».

The slip is announced by an interjection («ой», «упс», «блин»: a word the dictionary reads as
an interjection first) and often excused in a clause of its own, and the vote follows with no
correction word. Two things are read here, both by the grammar of the words, not by a list
of excuses:

- the excuse negates a demonstrative — «не те», «не та», «не туда», «не того»: the wrong
  one was taken — so its «не» negates the slip, not either coloured nick (`excuse_blanked`);
- an interjection between two coloured nicks corrects the first only where the second
  restates the vote (`restates`): it stands where the vote's own nick stands — opening its
  clause, after the vote's word or preposition repeated, or as the object of a verb of the
  author's («я хотела <X>», «не ту написал <X>») — and in the same form as the first (both
  declined, or both as the nick is written), so a nick that is the subject of a remark
  after the interjection («ой, как она врала! А <Клюквина> молодец») is no correction.
"""

from __future__ import annotations

import re
from typing import Final

from parser.correction import corrects_in, unrepeated
from parser.morph import parse
from parser.votes.names import is_cue

#: interjections the dictionary does not know (read as unknown words)
_UNLISTED: Final = frozenset(("упс", "упс-упс", "oops", "ups"))
_VOTE_PREPOSITIONS: Final = frozenset(("за", "против", "на"))
_WORD: Final = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_CLAUSE_MARK: Final = re.compile(r"[—–:;,.!?()\n]|\s-\s")
_DEMONSTRATIVE_LEMMAS: Final = frozenset(("тот", "туда", "так", "там"))


def slip_word(word: str) -> bool:
    """An interjection: the dictionary's first reading of the word, or one it lacks; said
    twice with a hyphen («ой-ой») it is still one."""
    word = unrepeated(word)
    if word in _UNLISTED:
        return True
    top = parse(word)[:1]
    return bool(top) and top[0].pos == "INTJ"


def _demonstrative(word: str) -> bool:
    """«те», «ту», «того», «туда», «так»: a pronoun or adverb pointing at the one meant."""
    return any(
        r.lemma in _DEMONSTRATIVE_LEMMAS and ("Apro" in r.grammemes or "Dmns" in r.grammemes)
        for r in parse(word)[:3]
    )


def excuse_blanked(low: str, start: int = 0) -> str:
    """`low` (case-folded) with each «не» after `start` that negates a demonstrative and
    follows a slip word replaced by spaces (positions kept): «ой, очки не те надела» says the
    wrong one was taken, it negates no vote."""
    words = list(_WORD.finditer(low, start))
    out = low
    seen_slip = False
    for n, m in enumerate(words):
        w = m.group().replace("ё", "е")
        if slip_word(w):
            seen_slip = True
            continue
        if w == "не" and seen_slip and n + 1 < len(words) and _demonstrative(words[n + 1].group()):
            out = out[: m.start()] + "  " + out[m.end() :]
    return out


def slip_only(gap: str) -> bool:
    """Whether the only word taking back the first nick in `gap` (the text between two
    coloured nicks) is an interjection: then the second nick must restate the vote."""
    words = [w.replace("ё", "е") for w in _WORD.findall(gap)]
    slips = [w for w in words if slip_word(w)]
    if not slips:
        return False
    rest = _WORD.sub(lambda m: " " if slip_word(m.group().replace("ё", "е")) else m.group(), gap)
    return not corrects_in(rest)


def _form(text: str, nick: str) -> str | None:
    """ "declined" when the coloured text is not the nick as written, "written" when it is
    and the nick's last word is a nominative that declines (it ends as the declensions'
    nominatives do: a consonant, «-а», «-я», «-й», «-ь»; not indeclinable), None when no
    case can be told (a verb form, a handle, a word with digits, «Пышко»)."""
    said, own = text.casefold().replace("ё", "е"), nick.casefold().replace("ё", "е")
    if said != own:
        return "declined"
    last = own.split()[-1] if own.split() else ""
    if not re.fullmatch(r"[а-я]+", last) or last[-1] in "еиоуыэю":
        return None
    readings = parse(last)[:3]
    if any("Fixd" in r.grammemes for r in readings):
        return None
    top = readings[:1]
    if top and top[0].pos in ("NOUN", "ADJF") and "nomn" in top[0].grammemes:
        return "written"
    return None


def _authors_verb(words: list[str]) -> bool:
    """«я хотела <Фиалку>», «не ту написал <Мохера>»: the nick follows a verb with no
    subject in its clause but the author («я», «мы») — the verb's object, the author's own
    word on whom he meant."""
    top = parse(words[-1])[:1]
    if not top or top[0].pos not in ("VERB", "INFN"):
        return False
    for w in words[:-1]:
        first = parse(w)[:1]
        if w in ("я", "мы") or slip_word(w) or not first:
            continue
        if first[0].pos in ("NOUN", "NPRO") and "nomn" in first[0].grammemes:
            return False  # «Сонечка нажала», «он написал»: another's verb
    return True


def restates(gap: str, first: tuple[str, str], second: tuple[str, str]) -> bool:
    """Whether the second coloured nick (its text and nick) after `gap` restates the vote
    the first (text, nick) was: see the module docstring."""
    marks = list(_CLAUSE_MARK.finditer(gap))
    tail = gap[marks[-1].end() :] if marks else gap
    words = [w.replace("ё", "е") for w in _WORD.findall(tail)]
    if words and (words[-1] in _VOTE_PREPOSITIONS or is_cue(words[-1])):
        return True  # «…, упс, не туда нажала — против <Кромки>»
    if words and not slip_word(words[-1]) and not _authors_verb(words):
        return False  # «как у <X>», «а <X> молодец», «жаль <X>»: a clause of its own
    a, b = _form(*first), _form(*second)
    return a is None or b is None or a == b
