"""A letter in a language the reader does not read that names players (C-2): «Elena
Borisovna, men Paprikani taklif qilaman» (Uzbek in Latin letters). Read word by word it
holds no move, yet it names living players and may well be one: it is asked, never dropped.

A word counts as unread when it is typed in Latin letters, is no English word of the
vocabulary, and none of its Cyrillic spellings is a word the Russian dictionary knows. The
letter is asked when it names a living player besides the sender, has two unread words or
more, and they are at least half of its words besides the players' names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parser.letters.mentions import Mention
from parser.letters.questions import question_reading
from parser.letters.reading import IS_IT_A_MOVE, LetterReading
from parser.letters.tokens import Token, unread
from parser.sender import SenderView

_MIN_UNREAD: Final = 2


def unread_language(
    tokens: Sequence[Token], mentions: Sequence[Mention], view: SenderView
) -> LetterReading | None:
    """The question for a letter naming players in words the reader does not know, or
    None (module docstring)."""
    if not view.known or not any(a in view.allowed for a in view.moving_actions()):
        return None
    named = [m for m in mentions if m.kind == "nick" and m.nick and m.nick != view.nick]
    if not named:
        return None
    inside = {k for m in mentions if m.kind != "unknown" for k in range(m.start, m.end)}
    words = [t.word for k, t in enumerate(tokens) if k not in inside and t.word]
    unread_words = [w for w in words if unread(w)]
    if len(unread_words) < _MIN_UNREAD or 2 * len(unread_words) < len(words):
        return None
    names = ", ".join(dict.fromkeys(m.nick or "" for m in named))
    return question_reading(
        IS_IT_A_MOVE,
        f"Не понял письмо: в нём назван(ы) {names}, а остальные слова мне незнакомы. Если это "
        "ход, напишите его по-русски, например: «Ход — Ник».",
    )
