"""Coloured spans read around each coloured element, without walking the whole body: each
element's ancestors up to the body say whether it is struck, shown (not in code or a quote
header), wrapped in formatting and in which quote it sits. Where colours nest or sit deep, the
callers leave the body to the walk of `parser.phpbb.walk`.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from parser.phpbb.walk import (
    COLOR_SELECTOR,
    LINE_THROUGH_RE,
    MAX_WRAPPERS,
    STRUCK_TAGS,
    WRAPPER_TAGS,
    span_color,
)
from parser.records import ColoredSpan

# A coloured element placed by walking up to the body: the walk's span for it, and the index of
# the quote it sits in (None: the author's own words).
Placed = tuple[int | None, ColoredSpan]


def place_colours(content: LexborNode, budget: int, quotes: dict[int, int]) -> list[Placed] | None:
    """The body's coloured spans as the walk reads them, each placed by walking up from its
    element, in document order; `quotes`: the quote elements that are the body's children,
    by mem_id (a span under one is that quote's). None where a colour sits inside another or
    is a quote, or the walks up would take more than `budget` steps (the walk reads those)."""
    entries, colored_ids = _color_entries(content)
    climb = _Climb(content.mem_id, budget, colored_ids, quotes)
    placed: list[tuple[LexborNode, str, str, bool, list[str], int | None]] = []
    for node, raw, canon in entries:
        if node.mem_id in quotes or not climb.up(node):
            return None
        if climb.skip:
            continue
        struck = climb.struck
        st = node.attributes.get("style") or ""
        if "line-through" in st and LINE_THROUGH_RE.search(st):
            struck = True
        placed.append((node, raw, canon, struck, climb.wrappers, climb.quote))
    if climb.outer:
        return None  # colours inside colours: the walk splits their text
    return _placed_spans(placed)


class _Climb:
    """What lies above one coloured element, up to the body: strikes, code or a quote header
    (not shown), formatting wrappers, the quote it is in; and the budget of steps left."""

    __slots__ = (
        "budget",
        "colored",
        "outer",
        "quote",
        "quotes",
        "skip",
        "stop",
        "struck",
        "wrappers",
    )

    def __init__(self, stop: int, budget: int, colored: set[int], quotes: dict[int, int]) -> None:
        self.stop, self.budget, self.colored, self.quotes = stop, budget, colored, quotes
        self.outer: set[int] = set()  # coloured elements with a coloured element inside
        self.skip = self.struck = False
        self.quote: int | None = None
        self.wrappers: list[str] = []

    def up(self, node: LexborNode) -> bool:
        """Walk up from `node`; False when the budget runs out."""
        self.skip = self.struck = False
        self.quote = None
        self.wrappers = wrappers = []
        stop, quotes = self.stop, self.quotes
        p = node.parent
        while p is not None and (mid := p.mem_id) != stop:
            self.budget -= 1
            if self.budget < 0:
                return False
            tag = p.tag
            if mid in self.colored:
                self.outer.add(mid)
            if tag in STRUCK_TAGS:
                self.struck = True
            elif tag == "div":
                if "codebox" in (p.attributes.get("class") or ""):
                    self.skip = True
            elif tag in ("pre", "code", "cite"):
                self.skip = True  # code shows BBCode literally; a header is not text
            elif tag in ("span", "font"):
                st = p.attributes.get("style") or ""
                if "line-through" in st and LINE_THROUGH_RE.search(st):
                    self.struck = True
            elif tag == "blockquote" and mid in quotes:
                self.quote = quotes[mid]
            if tag in WRAPPER_TAGS:
                wrappers.append(tag or "")
            p = p.parent
        return True


# `place_colours` is split into its three passes (find, place, report); each helper runs
# once per post, never per node, so the split costs the parse hot path nothing measurable.
def _color_entries(content: LexborNode) -> tuple[list[tuple[LexborNode, str, str]], set[int]]:
    """The body's coloured elements (node, raw colour, canonical colour) in document order,
    and their ids, group-coloured member names left out."""
    entries: list[tuple[LexborNode, str, str]] = []
    colored_ids: set[int] = set()
    for node in content.css(COLOR_SELECTOR):
        if "username" in (node.attributes.get("class") or ""):
            continue  # group-coloured member names are not body colour
        col = span_color(node)
        if col is not None:
            colored_ids.add(node.mem_id)
            entries.append((node, col[0], col[1]))
    return entries, colored_ids


def _placed_spans(
    placed: list[tuple[LexborNode, str, str, bool, list[str], int | None]],
) -> list[Placed]:
    """The placed coloured elements as spans: those with text, wrappers outermost first."""
    out: list[Placed] = []
    for node, raw, canon, struck, wrappers, quote in placed:
        span_text = " ".join(node.text(separator=" ").split())
        if span_text:
            wrappers.reverse()
            span = ColoredSpan(
                color=canon,
                text=span_text,
                struck=struck,
                raw_color=raw,
                wrappers=tuple(wrappers[-MAX_WRAPPERS:]),
            )
            out.append((quote, span))
    return out
