"""A post or PM body read in one walk: text, own text, coloured spans, quotes, links and struck
words (`read_tree`); bodies without quotes or strikes take the fast readings of
`parser.ipb.plain` first.

Every node is visited once, whatever the nesting (`parser.html.walk`). What the text under an
element belongs to is a stack of context frames (the author's own words, a quote's box, its
citation, its body, or nothing at all); an element changes the context only when it is one
of the quote's parts, found by selector queries before the walk (`_Walk.quote_marks`), so the
per-element work is a few set and dict look-ups.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from selectolax.lexbor import LexborNode

from parser.colors import canonical_color
from parser.dialects import Dialect
from parser.html import CLOSE, COMMENT, OPEN, TEXT, first_int, walk
from parser.ipb.plain import serial_text, shallow_spans, skip_opened
from parser.ipb.quotes import (
    TITLE_POST,
    QuoteInfo,
    QuoteRead,
    cite_quote,
    comment_quote_info,
    comment_text,
    quote_boxes,
    start_quote,
)
from parser.ipb.spans import (
    MAX_WRAPPERS,
    WRAPPER_TAGS,
    Span,
    colours_of,
    spans_out,
    strike_marked,
)
from parser.ipb.text import (
    BLOCK_TAGS,
    SKIP_TAGS,
    attr_of,
    collapse_text,
    finish_text,
    ids_of,
    normalize_nick,
)
from parser.links import post_id_from_href
from parser.records import Body, ColoredSpan, ParseIssue, Quote

# Context frames of the body walk: what the text under an element belongs to.
_OWN, _BOX, _TITLE, _BODY, _SKIP = 0, 1, 2, 3, 4


def has_strike(low: str) -> bool:
    """Whether a body's lowercased markup may strike words through (the cheap test before
    the walk looks for them)."""
    return strike_marked(low)


@dataclass(slots=True)
class _Frame:
    elem: int  # mem_id of the element that opened the frame
    kind: int
    quote: int | None  # the quote it belongs to
    wrap_from: int  # first index of `wrap_stack` inside this context
    struck: int  # struck elements open inside this context


def read_tree(
    root: LexborNode,
    dialect: Dialect,
    where: str,
    issues: list[ParseIssue],
    low: str | None = None,
    *,
    html: str | None = None,
    plain: bool = True,
) -> Body:
    """Text, own text, coloured spans, quotes, links and struck words of a body.

    A quote's text and colours are its own, the quotes nested in it being their own records;
    a coloured element around a quote does not colour the quote (C-3: a quoted nick is no
    vote). `html` and `low`: the body's markup as serialised now, and lowercased, where
    known. `plain=False` walks every body (the reference the fast readings are held to)."""
    if html is None:
        html = root.inner_html or ""
    if low is None:
        low = html.lower()
    quotes, boxes, titles_before = quote_boxes(root, dialect, low)
    strikes = has_strike(low)
    if plain and not quotes and not strikes and not skip_opened(low):
        # most posts: no quote, nothing struck or hidden — all the text is the author's own,
        # read from the body's serialised markup; coloured spans, where they are few and
        # shallow, from the tree around each
        fast = serial_text(html, low)
        shallow = (shallow_spans(root, low) if "color" in low else []) if fast else None
        if fast is not None and shallow is not None:
            spans = tuple(spans_out(shallow, where, issues))
            text = fast[0]
            return Body(html.strip(), text, text, colored=spans, links=fast[1])
    colours, strike_ids = colours_of(root) if ("color" in low or strikes) else ({}, set())
    w = _Walk(root, dialect, quotes, boxes, titles_before, colours, strike_ids)
    msgnumber = w.msgnumber
    for event, node in walk(root):
        if event == TEXT:
            if w.frames[-1].kind != _SKIP:
                w.put(node.text_content or "")
        elif event == OPEN:
            w.open(node)
        elif event == CLOSE:
            w.close(node)
        elif event == COMMENT and msgnumber and node.tag == "-comment":
            w.comment(node)
    return w.finish(html, where, issues)


class _Walk:
    """The state of one body's walk (see the module docstring)."""

    __slots__ = (
        "a_attr",
        "all_parts",
        "body_ids",
        "body_sel",
        "boxes",
        "code",
        "colours",
        "frames",
        "links",
        "msgnumber",
        "own_parts",
        "own_spans",
        "own_strikes",
        "p_attr",
        "pending",
        "q_index",
        "quote_depth",
        "quote_marks",
        "reads",
        "span_at",
        "spans",
        "strike_ids",
        "struck_parts",
        "title_ids",
        "titles_before",
        "u_attr",
        "wrap_stack",
    )

    def __init__(
        self,
        root: LexborNode,
        dialect: Dialect,
        quotes: list[LexborNode],
        boxes: dict[int, int],
        titles_before: dict[int, int],
        colours: dict[int, str],
        strike_ids: set[int],
    ) -> None:
        self.q_index = {q.mem_id: i for i, q in enumerate(quotes)}
        self.boxes = boxes
        self.titles_before = titles_before
        body_sel = self.body_sel = dialect.sel("quote_body")
        self.body_ids = ids_of(root, body_sel) if body_sel and quotes else set()
        self.title_ids = ids_of(root, dialect.sel("quote_title")) if quotes else set()
        # every element that opens or shapes a quote context: one set look-up per element
        self.quote_marks = (
            set(boxes) | set(titles_before) | set(self.q_index) | self.body_ids | self.title_ids
        )
        self.colours = colours
        self.strike_ids = strike_ids
        self.msgnumber = dialect.layout == "msgnumber"
        self.a_attr = dialect.sel("quote_author_attr")
        self.p_attr = dialect.sel("quote_post_attr")
        self.u_attr = dialect.sel("quote_userid_attr")
        self.all_parts: list[str] = []
        self.own_parts: list[str] = []
        self.reads: list[QuoteRead | None] = [None] * len(quotes)
        self.own_spans: list[Span] = []
        self.links: list[int] = []
        self.pending: deque[QuoteInfo] = deque()  # QuoteBegin comments not yet paired
        self.frames = [_Frame(root.mem_id, _OWN, None, 0, 0)]
        self.spans: list[Span | None] = []  # innermost coloured element per context
        self.span_at: list[int] = []  # mem_id that pushed each entry of `spans`
        self.wrap_stack: list[str] = []
        self.code = 0  # open <pre>/<code>: links there are shown, not made
        self.quote_depth = 0
        self.own_strikes: set[int] = set()  # struck elements open in the author's own words
        self.struck_parts: list[list[str]] = []  # the author's struck-out words, per element

    # -- text --------------------------------------------------------------------------

    def put(self, piece: str) -> None:
        """Text in the current context: the whole text, and its owner's (the author's own
        words, a quote's citation, box or body) and its colour's."""
        self.all_parts.append(piece)
        f = self.frames[-1]
        if f.kind == _OWN:
            self.own_parts.append(piece)
            if self.own_strikes:
                self.struck_parts[-1].append(piece)
        elif f.kind != _SKIP and f.quote is not None:
            r = self.reads[f.quote]
            if r is not None:
                if f.kind == _BODY:
                    r.parts.append(piece)
                else:
                    (r.title if f.kind == _TITLE else r.box).append(piece)
        span = self.spans[-1] if self.spans else None
        # struck words inside a colour are not its text: <red><s>Рома</s></red> names nobody
        if span is not None and (not f.struck or span.struck):
            span.parts.append(piece)

    def comment(self, node: LexborNode) -> None:
        """IPB 1.x/2.x: a QuoteBegin/quoteo comment names the quote that follows."""
        info = comment_quote_info(comment_text(node))
        if info is not None:
            self.pending.append(info)

    # -- elements ----------------------------------------------------------------------

    def push(self, elem: int, kind: int, quote: int | None) -> None:
        self.frames.append(_Frame(elem, kind, quote, len(self.wrap_stack), 0))
        self.spans.append(None)
        self.span_at.append(elem)

    def open(self, node: LexborNode) -> None:
        tag = node.tag or ""
        if tag == "pre" or tag == "code":
            self.code += 1
        if self.frames[-1].kind == _SKIP:
            return
        mid = node.mem_id
        if tag in SKIP_TAGS:
            self.push(mid, _SKIP, None)
            return
        if mid in self.quote_marks:
            self.quote_part(node, mid)
        f = self.frames[-1]
        if tag == "br" or tag in BLOCK_TAGS:
            self.put("\n")
        if tag == "a" and (f.kind == _OWN or f.kind == _TITLE):
            self.link(node, f)
        raw = self.colours.get(mid)
        if raw is not None and (f.kind == _OWN or f.kind == _BODY):
            self.colour(mid, raw, f)
        if tag in WRAPPER_TAGS:
            self.wrap_stack.append(tag)
        if mid in self.strike_ids:
            f.struck += 1
            if f.kind == _OWN:
                if not self.own_strikes:
                    self.struck_parts.append([])
                self.own_strikes.add(mid)

    def quote_part(self, node: LexborNode, mid: int) -> None:
        """An element that is part of a quote: its citation before it, its box, the quote
        itself, or (inside the box) its citation line or its body."""
        msgnumber = self.msgnumber
        if mid in self.titles_before:
            i = self.titles_before[mid]
            start_quote(self.reads, i, self.quote_depth, self.pending, msgnumber)
            self.push(mid, _TITLE, i)
            self.reads[i].has_title = True  # type: ignore[union-attr]
        box_i = self.boxes.get(mid)
        if box_i is not None:
            start_quote(self.reads, box_i, self.quote_depth, self.pending, msgnumber)
            self.push(mid, _BOX, box_i)
        qi = self.q_index.get(mid)
        if qi is not None:
            qr = start_quote(self.reads, qi, self.quote_depth, self.pending, msgnumber)
            if self.frames[-1].quote != qi:
                self.push(mid, _BOX, qi)
            self.quote_attrs(node, qr)
        f = self.frames[-1]
        r = self.reads[f.quote] if f.kind == _BOX and f.quote is not None else None
        if r is None or r.body_open:
            return
        if mid in self.title_ids and not r.has_title:
            r.has_title = True
            self.push(mid, _TITLE, f.quote)
        elif (qi is not None and not self.body_sel) or mid in self.body_ids:
            r.body_open = True
            r.depth = self.quote_depth + 1
            self.quote_depth += 1
            self.push(mid, _BODY, f.quote)

    def quote_attrs(self, node: LexborNode, qr: QuoteRead) -> None:
        """What the quote element's own attributes say (IPB 3, IPS 4)."""
        if self.a_attr and attr_of(node, self.a_attr):
            qr.info.author = normalize_nick(attr_of(node, self.a_attr) or "")
        if self.p_attr:
            qr.info.post_id = first_int(attr_of(node, self.p_attr)) or qr.info.post_id
        if self.u_attr:
            qr.info.author_id = first_int(attr_of(node, self.u_attr)) or qr.info.author_id

    def link(self, node: LexborNode, f: _Frame) -> None:
        """A link in the author's words names a post (P-V.2); in a citation line, the quoted
        post (IPB 2, 3)."""
        href = attr_of(node, "href")
        if href is None:
            return
        if f.kind == _OWN:
            pid = post_id_from_href(href.strip()) if not self.code else None
            if pid is not None:
                self.links.append(pid)
        elif f.quote is not None and not self.msgnumber:
            r = self.reads[f.quote]
            pm = TITLE_POST.search(href)
            if r is not None and pm and r.info.post_id is None:
                r.info.post_id = int(pm.group(1))

    def colour(self, mid: int, raw: str, f: _Frame) -> None:
        """A coloured element opens a span; it is listed where it starts (spans come out in
        document order), and not at all in code, which shows colours but casts no vote."""
        spans = self.spans
        if spans and spans[-1] is not None:
            spans[-1].parts.append(" ")
        span = Span(
            color=canonical_color(raw),
            raw=raw,
            struck=bool(f.struck) or mid in self.strike_ids,
            wrappers=tuple(self.wrap_stack[f.wrap_from :][-MAX_WRAPPERS:]),
            quote=f.quote if f.kind == _BODY else None,
        )
        spans.append(span)
        self.span_at.append(mid)
        if self.code:
            return
        if span.quote is None:
            self.own_spans.append(span)
            return
        r = self.reads[span.quote]
        if r is not None:
            r.spans.append(span)

    def close(self, node: LexborNode) -> None:
        mid = node.mem_id
        tag = node.tag or ""
        spans, span_at = self.spans, self.span_at
        while spans and span_at[-1] == mid:
            span = spans.pop()
            span_at.pop()
            if span is not None and spans and spans[-1] is not None:
                spans[-1].parts.append(" ")  # the inner colour's text is not the outer's
        frames = self.frames
        if frames[-1].kind != _SKIP:
            if tag in BLOCK_TAGS:
                self.put("\n")
            if tag in WRAPPER_TAGS and self.wrap_stack:
                self.wrap_stack.pop()
            if mid in self.strike_ids and frames[-1].struck:
                frames[-1].struck -= 1
                self.own_strikes.discard(mid)
        if tag == "pre" or tag == "code":
            self.code -= 1
        while len(frames) > 1 and frames[-1].elem == mid:
            if frames.pop().kind == _BODY:
                self.quote_depth -= 1

    # -- the records -------------------------------------------------------------------

    def finish(self, html: str, where: str, issues: list[ParseIssue]) -> Body:
        out_quotes: list[Quote] = []
        for r in self.reads:
            if r is None:
                continue
            cite_quote(r, self.msgnumber)
            out_quotes.append(
                Quote(
                    author=r.info.author,
                    author_id=r.info.author_id,
                    post_id=r.info.post_id,
                    depth=r.depth,
                    # a quote box without the dialect's body element: all of it is the quote
                    text=finish_text(r.parts if r.body_open else r.box),
                    time_text=r.info.time_text,
                    colored=tuple(spans_out(r.spans, where, None)),
                )
            )
        colored: list[ColoredSpan] = spans_out(self.own_spans, where, issues)
        struck = (collapse_text("".join(parts)) for parts in self.struck_parts)
        return Body(
            html=html.strip(),
            text=finish_text(self.all_parts),
            own_text=finish_text(self.own_parts),
            colored=tuple(colored),
            quotes=tuple(out_quotes),
            links=tuple(self.links),
            struck=tuple(s for s in struck if s),
        )
