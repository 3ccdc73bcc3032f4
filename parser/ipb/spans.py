"""Coloured spans of a body: the colour an element sets, spans as the walks read them, and the
`ColoredSpan` records they become.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from selectolax.lexbor import LexborNode

from parser.ipb.text import attr_of, collapse_text, select_all
from parser.records import ColoredSpan, ParseIssue

_STYLE_COLOR = re.compile(r"(?:^|;)\s*color\s*:\s*([^;]+)", re.I)


STRIKE_TAGS = frozenset(("s", "del", "strike"))


def raw_color(node: LexborNode) -> str | None:
    return color_of(node.tag, node.attributes)


def color_of(tag: str | None, attrs: dict[str, str | None]) -> str | None:
    """`raw_color` of an element from its tag and attributes (read once by the caller)."""
    if tag == "font":
        value = attrs.get("color")
        if value:
            return str(value).strip()
    style = attrs.get("style")
    if style:
        m = _STYLE_COLOR.search(str(style))
        if m:
            return m.group(1).strip()
    return None


# Formatting around a coloured span, as the phpBB reader reports it (`ColoredSpan.wrappers`).
WRAPPER_TAGS = frozenset(
    {"strong", "b", "em", "i", "u", "a", "s", "del", "strike", "details", "summary", "li",
     "sup", "sub", "big", "small", "font", "ins", "mark", "code", "pre", "h1", "h2", "h3",
     "h4", "h5", "h6"}
)  # fmt: skip


@dataclass(slots=True)
class Span:
    """A coloured element being read: its text is the text whose nearest coloured ancestor
    (inside the same quote) it is."""

    color: str | None
    raw: str
    struck: bool
    wrappers: tuple[str, ...]
    quote: int | None  # index of the quote it sits in, None: the author's own words
    parts: list[str] = field(default_factory=list)


# Formatting tags reported around one span at most (pathological nesting stays linear).
MAX_WRAPPERS = 32


# Coloured elements and struck ones, found by one query (a query's set-up costs as much as
# reading a short body); in a body whose markup strikes nothing, the coloured ones alone.
COLOUR_OR_STRIKE = "[style*='color' i], font[color], s, del, strike, [style*='line-through' i]"
COLOUR = "[style*='color' i], font[color]"
# Where a body's lowercased markup may strike words through: without any, no element does.
STRIKE_MARKS = ("<s>", "<s ", "<del", "<strike", "line-through")


def strike_marked(low: str) -> bool:
    """Whether lowercased markup holds one of `STRIKE_MARKS` (spelt out: a generator over
    them costs more than the tests, twice a body)."""
    return (
        "<s>" in low or "<s " in low or "<del" in low or "<strike" in low or "line-through" in low
    )


def colours_of(root: LexborNode) -> tuple[dict[int, str], set[int]]:
    """The body's coloured elements (mem_id → raw colour; background colours are none) and its
    struck elements' mem_ids."""
    colours: dict[int, str] = {}
    struck: set[int] = set()
    for node in select_all(root, COLOUR_OR_STRIKE):
        raw = raw_color(node)
        if raw is not None:
            colours[node.mem_id] = raw
        if node.tag in STRIKE_TAGS or "line-through" in (attr_of(node, "style") or "").lower():
            struck.add(node.mem_id)
    return colours, struck


def spans_out(spans: list[Span], where: str, issues: list[ParseIssue] | None) -> list[ColoredSpan]:
    out: list[ColoredSpan] = []
    for span in spans:
        text = collapse_text("".join(span.parts))
        if not text:
            continue
        if span.color is None:
            if issues is not None:
                issues.append(ParseIssue(where, f"unreadable colour {span.raw!r}"))
            continue
        out.append(
            ColoredSpan(
                color=span.color,
                text=text,
                struck=span.struck,
                raw_color=span.raw,
                wrappers=span.wrappers,
            )
        )
    return out
