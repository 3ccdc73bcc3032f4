"""Split a message that is longer than the board allows.

Boards count characters (phpBB: «Сообщение содержит 60001 символ. Максимальное разрешённое
количество символов: 60000.»). We cut on paragraph boundaries (blank lines) first, then on line
breaks, then on spaces, and only as a last resort inside a word, so a newspaper reads naturally
across parts. A cut is placed outside BBCode blocks when possible (a `[spoiler]` with the role
list must not be torn in two: each part is rendered on its own).
"""

from __future__ import annotations

import re

_TAG = re.compile(r"\[(/?)([a-z*]+)(?:=[^\]]*)?\]", re.IGNORECASE)
# tags that must be closed in the same post ([*] list items close themselves)
_PAIRED = {"b", "i", "u", "s", "color", "size", "quote", "spoiler", "code", "list", "url", "img"}


def split_text(text: str, limit: int) -> list[str]:
    """Parts of `text`, each at most `limit` characters; joined back they hold all the words.

    Whitespace at a cut is dropped; nothing else is changed.
    """
    if limit < 1:
        raise ValueError("limit must be positive")
    text = text.strip()
    if len(text) <= limit:
        return [text]
    parts: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = _best_cut(rest, limit)
        head, rest = rest[:cut].rstrip(), rest[cut:].lstrip()
        if head:
            parts.append(head)
    if rest:
        parts.append(rest)
    return parts


def _open_depth(text: str) -> int:
    depth = 0
    for m in _TAG.finditer(text):
        if m.group(2).lower() in _PAIRED:
            depth += -1 if m.group(1) else 1
    return depth


def _best_cut(text: str, limit: int) -> int:
    window = text[: limit + 1]
    # Outside any BBCode block, any paragraph break will do; otherwise a cut in the first
    # tenth would leave a silly stub, so prefer a finer separator then.
    for balanced, floor in ((True, 0), (False, limit // 10)):
        for sep in ("\n\n", "\n", " "):
            pos = window.rfind(sep)
            while pos > floor:
                if not balanced or _open_depth(text[:pos]) <= 0:
                    return pos
                pos = window.rfind(sep, 0, pos)
    return limit
