"""A fragment of a longer nick in a vote's colour (C-3, P-V.1, G-N.1, G-N.4).

A nick of several parts — words, a hyphenated pair, a Latin head run into a Cyrillic word or
a digit run («Pro100Сом») — is called by the part that carries its name: «Шурупа» for Мистер
Шуруп, «Окуня» for Старый Окунь, «Тетру» for Неон-Тетра. The other parts are no proof that the
voter means him: a title or a modifier standing before the name in apposition («Мистера»,
«Неона»), an adjective without its noun («Старого», «Рыжую»), the Latin head of a mixed nick
(«Pro»). Such a fragment is shown to the host naming the player, never counted (digits alone
name no nick at all: no vote, nothing to report).

The part is told by its shape and grammar (pymorphy3: part of speech, case, number, a name's
grammemes), never by a list of titles. A given name, surname or patronymic carries a name
wherever it stands («Сашу» for Саша Белый), and so does the last part of the nick; a head noun
followed by a word in an oblique case is the nick's own head («Комиссара» for Комиссар
выставки).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from parser.morph import parse
from parser.nicks import UNKNOWN_NICK, NickMatch, cached_resolver

#: a nick's parts: runs of Cyrillic letters, of Latin letters, of digits
_PART: Final = re.compile(r"[а-яё]+|[a-z]+|[0-9]+")
_NAME_GRAMMEMES: Final = frozenset({"Name", "Surn", "Patr"})
#: the method of a match that is a fragment of a nick, naming its owner for the host
FRAGMENT: Final = "fragment"


def _cyrillic(part: str) -> bool:
    return part[:1].isalpha() and not part[:1].isascii()


def _is_part(word: str, part: str) -> bool:
    """Whether the coloured word is this one part of a nick: as written, in a case form,
    typed in the other script."""
    if word == part:
        return True
    if part.isdigit():
        return False
    return cached_resolver((part,), partial=False).resolve(word, inflected=True, fuzzy=False).ok


def _words(nick: str) -> list[list[str]]:
    """A nick's words (split at spaces, underscores, dots), each its parts (`_PART`: a
    hyphenated word, a Latin head run into Cyrillic letters or digits)."""
    found = (_PART.findall(w) for w in re.split(r"[\s_.]+", nick.casefold()))
    return [w for w in found if w]


def _modifies(part: str, later: str) -> bool:
    """Whether the Cyrillic word `part`, standing before the word `later` of the nick, only
    qualifies it: an adjective before a noun («Старый Окунь», «Серый Волк»), or a common
    noun in apposition to a common noun in the nominative of the same number («Мистер
    Шуруп»). A given name, surname or patronymic is a name itself; a noun before a name
    («Лиса Алиса»), a word the dictionary does not know («Граф Монте-Кристо»), a
    preposition («Ёжик в тумане») or a word in an oblique case («Комиссар выставки»)
    leaves it the nick's head."""
    own = parse(part)
    after = parse(later)
    if not _cyrillic(later) or any(r.known and r.grammemes & _NAME_GRAMMEMES for r in own):
        return False
    if not after or after[0].pos in ("PREP", "CONJ", "PRCL"):
        return False
    nouns = [r for r in after if r.pos == "NOUN"]
    if any(r.pos == "ADJF" and "nomn" in r.grammemes for r in own):
        return bool(nouns)
    if any(not r.known or r.grammemes & _NAME_GRAMMEMES for r in nouns):
        return False
    for head in (r for r in own if r.pos == "NOUN" and "nomn" in r.grammemes):
        number = head.grammemes & {"sing", "plur"}
        if any("nomn" in r.grammemes and number <= r.grammemes for r in nouns):
            return True
    return False


@lru_cache(maxsize=4096)
def names_no_one(word: str, nick: str) -> bool:
    """C-3: whether the one coloured `word`, read as the player `nick`, is only a part of his
    nick that does not carry its name (see the module's docstring)."""
    words = _words(nick)
    parts = [(n, p) for n, w in enumerate(words) for p in w]
    key = word.strip(" .,:;!?—-«»\"'()@").casefold()
    if len(parts) < 2 or not key or " " in key:
        return False
    hits = [at for at, (_, p) in enumerate(parts) if _is_part(key, p)]
    letters = [at for at, (_, p) in enumerate(parts) if not p.isdigit()]
    if not hits or not letters or letters[-1] in hits:
        return False
    n, part = parts[hits[0]]
    if part.isdigit():
        return True
    rest = [p for _, p in parts[hits[0] + 1 :]]
    if not _cyrillic(part):
        # the Latin head of a nick whose name is written in Cyrillic («Pro100Сом»)
        return any(_cyrillic(p) for p in rest)
    inside = words[n][words[n].index(part) + 1 :]
    if any(not p.isdigit() for p in inside):
        # the head of a hyphenated word («Неон» of Неон-Тетра): it qualifies the part after it
        return True
    later = next((w[0] for w in words[n + 1 :] if w), "")
    return bool(later) and _modifies(part, later)


def _told_apart(word: str, nick: str, players: tuple[str, ...]) -> bool:
    """Whether the fragment is what tells its nick from another living nick that shares the
    rest of it («Ферзевого» of Ферзевый_гамбит beside Королевский_гамбит): then it is the
    part that carries the name."""
    key = word.strip(" .,:;!?—-«»\"'()@").casefold()
    rest = {p for w in _words(nick) for p in w if not _is_part(key, p)}
    return any(rest & {p for w in _words(other) for p in w} for other in players if other != nick)


def fragment_match(match: NickMatch, word: str, players: tuple[str, ...] = ()) -> NickMatch:
    """The match, or — when `word` is only a fragment of the matched nick that does not
    carry its name (and does not tell it from another of `players`) — an unknown nick
    naming him, for the host to see."""
    if not match.ok or match.nick is None or not names_no_one(word, match.nick):
        return match
    if _told_apart(word, match.nick, players):
        return match
    return NickMatch(match.query, None, FRAGMENT, 0.0, UNKNOWN_NICK, (match.nick,))
