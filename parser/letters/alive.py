"""A move on a condition the cast settles: «Если Гаврила ещё жив, проверяю его, иначе —
Ариадну».

Whether a player is still in the game is no doubt for the host: the cast says it. So a
letter that opens with «если X (ещё) жив / жива / в игре», then the move (its player often a
pronoun for X: «его», «её»), then «иначе» (or «а если нет») and the fallback, is read as the
branch the cast settles — the move on X while he lives, the fallback once he is out — and
nothing else changes (C-2: the condition is resolved, not guessed). A letter the pattern
does not fit whole, a condition naming no player or more than one, or a fallback of
«никого» for a player out, is left to the reader as written (asked when it cannot be
proven).
"""

from __future__ import annotations

import re
from typing import Final

from parser.nicks import NickResolver

__all__ = ["settled_by_cast"]

_ALIVE_RE: Final = re.compile(
    r"^\s*если\s+(?P<who>[^,—–\-]+?)\s+(?:(?:ещё|еще|пока)\s+)?"
    r"(?:жив|жива|живой|живая|в\s+игре)\s*(?:[,—–\-]+\s*)+(?:то\s+)?"
    r"(?P<main>.+?)\s*[,;]?\s*(?:[,—–\-]\s*)?(?:а\s+)?(?:иначе|если\s+нет)\s*(?:[,—–\-:]+\s*)?"
    r"(?P<alt>[^.!?]+?)\s*[.!]*\s*$",
    re.IGNORECASE | re.DOTALL,
)
# a pronoun for the player of the condition, in the move
_HIM: Final = re.compile(r"(?<![\w-])(его|её|ее|него|неё|нее|ему|ей|ним|ней)(?![\w-])", re.I)
_NOBODY: Final = re.compile(r"^(?:никого|ничего|ни\s+в\s+кого|пас|пропускаю)$", re.I)


def settled_by_cast(text: str, living: tuple[str, ...], dead: tuple[str, ...]) -> str | None:
    """The letter as the cast settles its condition on a player being alive, or None when
    the letter is not such a condition (or the branch the cast takes moves nobody: "")."""
    m = _ALIVE_RE.match(text)
    if m is None:
        return None
    seated = NickResolver((*living, *dead), partial=False)
    found = seated.resolve(m.group("who").strip(), inflected=True, fuzzy=False)
    if found.nick is None:
        return None
    main, alt = m.group("main").strip(" ,—–-"), m.group("alt").strip(" ,—–-")
    if found.nick in living:
        return _HIM.sub(found.nick, main, count=1)
    if _NOBODY.match(alt):
        return ""
    if _HIM.search(main):
        return _HIM.sub(alt, main, count=1)
    return alt
