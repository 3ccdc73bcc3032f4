"""Split a message that is longer than the board allows.

Boards count characters (phpBB: «Сообщение содержит 60001 символ. Максимальное разрешённое
количество символов: 60000.»). We cut on paragraph boundaries (blank lines) first, then on line
breaks, then on spaces, and only as a last resort inside a word, so a newspaper reads naturally
across parts.
"""

from __future__ import annotations


def split_text(text: str, limit: int) -> list[str]:
    """Parts of `text`, each at most `limit` characters, joined back they hold all the words.

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


def _best_cut(text: str, limit: int) -> int:
    window = text[: limit + 1]
    for sep in ("\n\n", "\n", " "):
        pos = window.rfind(sep)
        # a cut in the first tenth would leave a silly stub; prefer a finer separator then
        if pos > limit // 10:
            return pos
    return limit
