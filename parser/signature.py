"""Where a signature the author typed into a post or letter begins.

A signature is who the writer is (a motto, his own nick, «мирный житель с 2004 года»), not
what he says tonight or today (C-2, G-N.1, P-V.1): everything from a line of dashes or
underscores alone (the «-- » convention of mail and forums), or from a sign-off line («С
уважением,», «С ув.», «Искренне ваш», «Regards»), when words stand before it. It is found by
its *lines*, so the page readers find it where they still see the body's lines
(`parser.records.post_record`); the readers of votes and letters then read the record.
"""

from __future__ import annotations

import re

__all__ = ["may_sign", "signature_in", "signature_start", "unsigned"]

# (no annotations: `mafiabot parse posts` loads this module and must not load typing)
_SIGNATURE = re.compile(
    r"^[ \t]*(?:[-—–_]{2,}[ \t]*"
    r"|(?:с[ \t]+уважением|с[ \t]+ув\.|искренне|best[ \t]+regards|regards)\b.*)$",
    re.IGNORECASE | re.MULTILINE,
)
# what a signature's first line holds, looked for in a text whatever its lines: a text
# without it has no signature, and a reader need not look for its lines
_CUE = re.compile(r"[-—–_]{2,}|уважением|с\s+ув\.|искренне|regards", re.IGNORECASE)


def signature_start(text: str) -> int | None:
    """Where `text`'s signature begins (by its lines), or None."""
    for found in _SIGNATURE.finditer(text):
        if text[: found.start()].strip():
            return found.start()
    return None


def unsigned(text: str) -> str:
    """The text without its signature (see the module's docstring)."""
    at = signature_start(text)
    return text if at is None else text[:at]


def may_sign(text: str) -> bool:
    """Whether `text` (its lines joined or not) holds what a signature's first line holds."""
    return _CUE.search(text) is not None


def signature_in(lines: str, flat: str) -> int | None:
    """Where the signature of `lines` (a text with its line breaks) begins in `flat` (the
    same words with every line break a space, as a board reader's text of a body): found by
    the signature's first line, the last place `flat` holds it."""
    at = signature_start(lines)
    if at is None:
        return None
    first = " ".join(lines[at:].strip().splitlines()[0].split())
    found = flat.casefold().rfind(first.casefold())
    return found if found > 0 else None
