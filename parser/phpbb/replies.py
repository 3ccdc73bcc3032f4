"""The usual quoting reply read without the body walk: a body whose quotes are each a child of
the body with one `<cite>` header (prosilver's `[quote="Nick" …]`), nothing struck, no code,
signature or subsilver2 markup. Its own words, its quotes' words and the coloured spans placed
around each colour give what the walk of `parser.phpbb.walk` gives (tests hold the two
equal); any other body is left to the walk.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from parser.links import post_id_from_href
from parser.phpbb.colours import place_colours
from parser.phpbb.quotes import cite_info, first_cite
from parser.records import Body, ColoredSpan, Quote

# Markup the walk reads with meanings of its own (subsilver2 quotes, code, signatures).
_WALK_ONLY = ("quotecontent", "quotetitle", "<pre", "<code", "codebox", "signature")


def shallow_quotes(content: LexborNode, html: str, text: str, has_color: bool) -> Body | None:
    """The walk's reading of a quoting reply (see the module docstring) whose body has no
    strike (the caller checks); None where the body is not one."""
    if any(m in html for m in _WALK_ONLY):
        return None
    quotes = [n for n in content.iter() if n.tag == "blockquote"]
    count = len(quotes)
    # every quote a child of the body, each with its one header and no other <cite> anywhere
    if not count or html.count("<blockquote") != count or html.count("<cite") != count:
        return None
    cites = [first_cite(q) for q in quotes]
    index = {q.mem_id: i for i, q in enumerate(quotes)}
    budget = len(html) // 8 + 16  # steps up from colours and links: linear in the body
    placed = place_colours(content, budget, index) if has_color else []
    links = _own_links(content, index, budget)
    if placed is None or links is None or any(c is None for c in cites):
        return None
    # nothing declines below: the headers are read, then taken out of their quotes' words
    heads = [cite_info(q) for q in quotes]
    own_text = _own_words(content, index)
    spans: list[list[ColoredSpan]] = [[] for _ in quotes]
    own_spans: list[ColoredSpan] = []
    for quote, span in placed:
        (own_spans if quote is None else spans[quote]).append(span)
    records: list[Quote] = []
    for q, cite, head, colored in zip(quotes, cites, heads, spans, strict=True):
        author, author_id, post_id, msg_id, time_text, _cite_text = head
        cite.decompose()  # type: ignore[union-attr]  # (none is None: checked above)
        words = " ".join(q.text(separator=" ").split())
        records.append(
            Quote(author, author_id, post_id, msg_id, 1, words, time_text, tuple(colored))
        )
    return Body(
        html=html,
        text=text,
        own_text=own_text,
        colored=tuple(own_spans),
        quotes=tuple(records),
        links=links,
    )


def _own_links(content: LexborNode, quotes: dict[int, int], budget: int) -> tuple[int, ...] | None:
    """The post ids the author's own links name (the links outside the quotes), in document
    order; None past `budget` steps up."""
    found: list[int] = []
    stop = content.mem_id
    for a in content.css("a[href]"):
        p = a.parent
        while p is not None and (mid := p.mem_id) != stop and mid not in quotes:
            budget -= 1
            if budget < 0:
                return None
            p = p.parent
        if p is None or p.mem_id == stop:
            pid = post_id_from_href((a.attributes.get("href") or "").strip())
            if pid is not None:
                found.append(pid)
    return tuple(found)


def _own_words(content: LexborNode, quotes: dict[int, int]) -> str:
    """The text of the body's children other than its quotes, whitespace collapsed."""
    parts: list[str] = []
    for child in content.iter(include_text=True):
        tag = child.tag or ""
        if tag == "-text":
            parts.append(child.text_content or "")
        elif tag[:1] not in ("-", "!") and child.mem_id not in quotes:
            parts.append(child.text(separator=" "))
    return " ".join(" ".join(parts).split())
