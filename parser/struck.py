"""A post's own text without the words its author struck through.

A host reads a struck word as taken back: «<s>Рома</s> Катя» names Катя alone. Coloured spans
carry their own `struck` flag; plain struck words are kept by the page readers in the post's
record (`Post.struck`: the text of each struck element of the author's own words, read in
the same pass as the rest of the body), so nothing here reads markup.

A record stored before the readers kept struck words has `struck=None`; its stored body is
read once by the Invision body reader with every board's quote markup as its quotes.
"""

from __future__ import annotations

import re
from functools import lru_cache

from parser.html import collapse
from parser.records import Body, Post

__all__ = ["stored_body", "struck_words", "without_struck"]


def struck_words(post: Post) -> tuple[str, ...]:
    """The texts of the post's struck elements outside quotes, in document order."""
    if post.struck is not None:
        return post.struck
    return _stored_struck(post.body_html)


# Every board's quotes: phpBB's blockquote and subsilver2 quotecontent, IPB 1.3's quote cell,
# IPB 2's quotemain, 4PDA's quote block, IPB 3's and IPS 4's blockquotes.
_EVERY_QUOTE = {
    "quote": "blockquote, td#QUOTE, div.quotemain, div.quotecontent, div.post-block.quote",
    "quote_title": "div.quotetop, div.quotetitle",
}


def _stored_struck(body_html: str) -> tuple[str, ...]:
    low = body_html.lower()
    if "<s" not in low and "<del" not in low and "line-through" not in low:
        return ()
    return stored_body(body_html).struck


@lru_cache(maxsize=256)
def stored_body(body_html: str) -> Body:
    """A stored body read again, for what its record was stored without: by the Invision body
    reader (whose own text keeps the body's lines), with every board's quote markup as its
    quotes."""
    from parser.dialects import IPB2
    from parser.ipb.body import parse_ipb_body

    body, _issues = parse_ipb_body(body_html, dialect=IPB2.with_overrides(_EVERY_QUOTE))
    return body


def _fragment_re(fragment: str) -> re.Pattern[str]:
    # the readers join a body's text nodes with or without a space («Ро<b>ма</b>» may read
    # «Ро ма» or «Рома»), so any spacing is allowed between the fragment's characters
    chars = "".join(fragment.split())
    return re.compile(r"(?<!\w)" + r"\s*".join(re.escape(c) for c in chars) + r"(?!\w)")


def without_struck(post: Post) -> str:
    """The post's own text with its struck words cut out, each at its first occurrence after
    the previous one (they come in document order)."""
    fragments = struck_words(post)
    if not fragments:
        return post.own_text
    text, pos = post.own_text, 0
    for fragment in fragments:
        m = _fragment_re(fragment).search(text, pos)
        if m is None:
            continue  # e.g. struck text the reader does not show: nothing to cut
        text = text[: m.start()] + " " + text[m.end() :]
        pos = m.start()
    return collapse(text)
