"""The body walk: one pass over a body's nodes for its quotes, colours, strikes and links.

What an element means to the walk is looked up, not branched on: `_TAG_FLAGS` gives a tag's
own meaning (a quote, code, a quote header, a strike), `_class_flags` what its class and style
add (subsilver2's quotes and titles, signatures, code boxes, struck spans); each meaning is a
bit, set when the element opens and undone when it closes (`_Walk.enter`, `_Walk.leave`).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from parser.colors import canonical_color
from parser.html import CLOSE, OPEN, TEXT, walk
from parser.links import post_id_from_href
from parser.phpbb.quotes import QuoteAcc, cite_info, quotetitle_info, quotetitle_of
from parser.records import Body, ColoredSpan, Quote

_STYLE_COLOR_RE = re.compile(r"(?:^|[;\s\"'])color\s*:\s*([^;\"']+)", re.IGNORECASE)
LINE_THROUGH_RE = re.compile(r"text-decoration[^;]*line-through", re.IGNORECASE)

# Tags that are formatting wrappers around a coloured span (reported as `wrappers`).
WRAPPER_TAGS = frozenset(
    {"strong", "b", "em", "i", "u", "a", "s", "del", "strike", "details", "summary", "li",
     "sup", "sub", "big", "small", "font", "ins", "mark", "code", "pre", "h1", "h2", "h3",
     "h4", "h5", "h6"}
)  # fmt: skip
STRUCK_TAGS = frozenset({"s", "del", "strike"})
COLOR_SELECTOR = "[style*='color' i], font[color]"
MAX_WRAPPERS = 32  # formatting tags reported around one span at most


def span_color(node: LexborNode) -> tuple[str, str] | None:
    """(raw, canonical) colour of an element, or None when it sets no colour."""
    attrs = node.attributes
    raw: str | None = None
    style = attrs.get("style")
    if style:
        m = _STYLE_COLOR_RE.search(style)
        if m:
            raw = m.group(1).strip()
    if raw is None and node.tag == "font":
        raw = attrs.get("color")
    if not raw:
        return None
    canon = canonical_color(raw)
    if canon is None:
        return None
    return raw, canon


def struck_style(style: str) -> bool:
    """An inline style that strikes its text through."""
    return "line-through" in style and LINE_THROUGH_RE.search(style) is not None


class _SpanAcc:
    """A coloured element as the walk reads it: its colour, where it sits, its words."""

    __slots__ = ("canon", "parts", "quote", "raw", "shown", "struck", "wrappers")

    def __init__(
        self,
        raw: str,
        canon: str,
        struck: bool,
        wrappers: tuple[str, ...],
        quote: int | None,
        shown: bool,  # False inside code or a quote header: read for nesting, never reported
    ) -> None:
        self.raw = raw
        self.canon = canon
        self.struck = struck
        self.wrappers = wrappers
        self.quote = quote
        self.shown = shown
        self.parts: list[str] = []


# What an element is to the body walk (bits, undone when it closes).
_F_FOREIGN, _F_SKIP, _F_STRIKE, _F_CITE, _F_TITLE, _F_QUOTE, _F_WRAP, _F_OWNER, _F_OWN_STRIKE = (
    1 << i for i in range(9)
)
# A tag's own meaning: quotes and code hold words that are not the author's links; code and
# quote headers show colours that vote for no one.
_TAG_FLAGS = {
    "blockquote": _F_QUOTE | _F_FOREIGN,
    "pre": _F_FOREIGN | _F_SKIP,
    "code": _F_FOREIGN | _F_SKIP,
    "cite": _F_SKIP | _F_CITE,
    "s": _F_STRIKE,
    "del": _F_STRIKE,
    "strike": _F_STRIKE,
}
_CLASSY = frozenset(("div", "span", "p", "font"))


def _class_flags(tag: str, cls: str, style: str) -> int:
    """What an element's class and style add to its tag's meaning."""
    f = 0
    if tag == "div" and "quotecontent" in cls.split():
        f |= _F_QUOTE | _F_FOREIGN  # subsilver2's quote
    if "quotetitle" in cls or "signature" in cls or "codebox" in cls:
        f |= _F_FOREIGN
        if tag == "div" and "codebox" in cls:
            f |= _F_SKIP
    if (tag == "span" or tag == "font") and struck_style(style):
        f |= _F_STRIKE
    return f


class _Walk:
    """The state of one body's walk: where the current text belongs (the author, a quote, a
    colour, a struck-out word) and what is open around it."""

    __slots__ = (
        "cites",
        "entries",
        "foreign",
        "hidden",
        "links",
        "open_quotes",
        "own_parts",
        "own_struck",
        "owner",
        "quote_parts",
        "quote_rows",
        "skip",
        "spans",
        "struck",
        "struck_parts",
        "titles",
        "wrap_from",
        "wrap_stack",
    )

    def __init__(self, titles: set[int], entries: dict[int, tuple[str, str]]) -> None:
        self.titles = titles
        self.entries = entries  # coloured elements: mem_id → (raw, canonical colour)
        self.quote_rows: list[QuoteAcc] = []
        self.quote_parts: list[list[str]] = []
        self.open_quotes: list[int] = []  # indices of the quotes enclosing the current node
        self.own_parts: list[str] = []
        self.struck_parts: list[list[str]] = []  # the author's struck-out words, per element
        self.spans: list[_SpanAcc] = []
        # innermost coloured element whose text the current text is; None at a quote's edge
        self.owner: list[_SpanAcc | None] = []
        self.wrap_stack: list[str] = []
        self.wrap_from: list[int] = [0]  # where the innermost quote's wrappers start
        self.links: list[int] = []
        self.hidden = 0  # open quote titles (text of no one)
        self.cites = 0  # open <cite>: a quote header, not quoted text
        self.skip = 0  # open code/pre/cite/codebox: spans there are not text
        self.struck = 0
        self.own_struck = 0  # struck elements open in the author's own words
        self.foreign = 0  # open quotes, code, signatures…: links there are not the author's

    def text(self, piece: str) -> None:
        if self.open_quotes:
            if not self.cites and not self.hidden:
                self.quote_parts[self.open_quotes[-1]].append(piece)
        elif not self.hidden:
            self.own_parts.append(piece)
            if self.own_struck:
                self.struck_parts[-1].append(piece)
        owner = self.owner
        # struck words inside a colour are not its text: <red><s>Рома</s></red> names nobody
        if owner and owner[-1] is not None and (not self.struck or owner[-1].struck):
            owner[-1].parts.append(piece)

    def open(self, node: LexborNode) -> int:
        """An element opens: its meaning as bits (undone by `leave`)."""
        tag = node.tag or ""
        f = _TAG_FLAGS.get(tag, 0)
        style = ""
        if tag in _CLASSY:
            attrs = node.attributes
            style = attrs.get("style") or ""
            cls = attrs.get("class") or ""
            if cls or style:
                f |= _class_flags(tag, cls, style)
        elif tag == "a" and not self.foreign:
            href = node.attributes.get("href")
            pid = post_id_from_href(href.strip()) if href is not None else None
            if pid is not None:
                self.links.append(pid)
        mid = node.mem_id
        if self.titles and mid in self.titles:
            f |= _F_TITLE
        entry = self.entries.get(mid) if self.entries else None
        if f:
            f = self.enter(node, f)
        if entry is not None:
            self.colour(node, tag, style, entry)
            f |= _F_OWNER
        if f & _F_SKIP:
            self.skip += 1  # after the colour: a coloured code element is shown itself
        if tag in WRAPPER_TAGS:
            self.wrap_stack.append(tag)
            f |= _F_WRAP
        return f

    def enter(self, node: LexborNode, f: int) -> int:
        if f & _F_QUOTE:
            self.quote(node)
        if f & _F_TITLE:
            self.hidden += 1
            self.owner.append(None)
        if f & _F_FOREIGN:
            self.foreign += 1
        if f & _F_CITE:
            self.cites += 1
        if f & _F_STRIKE:
            if not self.open_quotes and not self.hidden:
                f |= _F_OWN_STRIKE
                if not self.own_struck:
                    self.struck_parts.append([])
                self.own_struck += 1
            self.struck += 1
        return f

    def quote(self, node: LexborNode) -> None:
        if node.tag == "blockquote":
            author, author_id, post_id, msg_id, time_text, _cite = cite_info(node)
        else:
            author, author_id, post_id, msg_id, time_text, _cite = quotetitle_info(node)
        self.open_quotes.append(len(self.quote_rows))
        self.quote_rows.append(
            QuoteAcc(author, author_id, post_id, msg_id, len(self.open_quotes), time_text)
        )
        self.quote_parts.append([])
        self.wrap_from.append(len(self.wrap_stack))
        self.owner.append(None)  # the quote's words are not the colour around it

    def colour(self, node: LexborNode, tag: str, style: str, entry: tuple[str, str]) -> None:
        if tag not in _CLASSY:
            style = node.attributes.get("style") or ""
        span = _SpanAcc(
            raw=entry[0],
            canon=entry[1],
            struck=self.struck > 0 or struck_style(style),
            wrappers=tuple(self.wrap_stack[self.wrap_from[-1] :][-MAX_WRAPPERS:]),
            quote=self.open_quotes[-1] if self.open_quotes else None,
            # code and quote headers are read for their nesting, never reported
            shown=self.skip == 0 and not self.hidden,
        )
        self.spans.append(span)
        self.owner.append(span)

    def leave(self, f: int) -> None:
        """An element with meaning `f` closes: undo what it opened."""
        if f & _F_OWNER:
            self.owner.pop()
        if f & _F_WRAP:
            self.wrap_stack.pop()
        if f & _F_STRIKE:
            self.struck -= 1
        if f & _F_OWN_STRIKE:
            self.own_struck -= 1
        if f & (_F_SKIP | _F_CITE | _F_TITLE | _F_FOREIGN | _F_QUOTE):
            self.leave_context(f)

    def leave_context(self, f: int) -> None:
        if f & _F_SKIP:
            self.skip -= 1
        if f & _F_CITE:
            self.cites -= 1
        if f & _F_TITLE:
            self.hidden -= 1
            self.owner.pop()
        if f & _F_FOREIGN:
            self.foreign -= 1
        if f & _F_QUOTE:
            self.open_quotes.pop()
            self.wrap_from.pop()
            self.owner.pop()


def walk_body(content: LexborNode, html: str, text: str, has_quote: bool, has_color: bool) -> Body:
    """A body read in one walk over its nodes: quotes, colours, strikes and links (`text` is
    the body's whole text, `html` its markup; without a quote the own text is all of it)."""
    titles: set[int] = set()
    if "quotecontent" in html:  # subsilver2: the title sits before its quote
        for q in content.css("div.quotecontent"):
            title = quotetitle_of(q)
            if title is not None:
                titles.add(title.mem_id)
    entries: dict[int, tuple[str, str]] = {}
    if has_color:
        for node in content.css(COLOR_SELECTOR):
            if "username" in (node.attributes.get("class") or ""):
                continue  # group-coloured member names are not body colour
            col = span_color(node)
            if col is not None:
                entries[node.mem_id] = col
    w = _Walk(titles, entries)
    flags: list[int] = []
    put, open_, leave = w.text, w.open, w.leave  # bound once: called per node
    for event, node in walk(content):
        if event == TEXT:
            put(node.text_content or "")
        elif event == OPEN:
            flags.append(open_(node))
        elif event == CLOSE:
            f = flags.pop()
            if f:
                leave(f)
        # COMMENT: nothing to read
    return _walked(w, html, text, has_quote)


def _walked(w: _Walk, html: str, text: str, has_quote: bool) -> Body:
    """The body a finished walk read."""
    colored: list[ColoredSpan] = []
    for span in w.spans:
        if not span.shown:
            continue
        span_text = " ".join(" ".join(span.parts).split())
        if not span_text:
            continue
        cs = ColoredSpan(
            color=span.canon,
            text=span_text,
            struck=span.struck,
            raw_color=span.raw,
            wrappers=span.wrappers,
        )
        if span.quote is None:
            colored.append(cs)
        else:
            w.quote_rows[span.quote].colored.append(cs)
    quotes = tuple(
        Quote(
            author=q.author,
            author_id=q.author_id,
            post_id=q.post_id,
            msg_id=q.msg_id,
            depth=q.depth,
            text=" ".join(" ".join(parts).split()),
            time_text=q.time_text,
            colored=tuple(q.colored),
        )
        for q, parts in zip(w.quote_rows, w.quote_parts, strict=True)
    )
    struck = (" ".join(" ".join(parts).split()) for parts in w.struck_parts)
    return Body(
        html=html,
        text=text,
        own_text=" ".join(" ".join(w.own_parts).split()) if has_quote else text,
        colored=tuple(colored),
        quotes=quotes,
        links=tuple(w.links),
        struck=tuple(s for s in struck if s),
    )
