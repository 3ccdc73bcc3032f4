"""A post or PM body read in one walk: text, own text, coloured spans, quotes and links
(`read_tree`); bodies without quotes go to the fast readings of `parser.ipb.plain`.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from selectolax.lexbor import LexborNode

from parser.colors import canonical_color
from parser.dialects import Dialect
from parser.html import CLOSE, COMMENT, TEXT, first_int, walk
from parser.ipb.plain import SKIP_OPENERS, plain_read, serial_read, serial_text, shallow_spans
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
from parser.ipb.spans import MAX_WRAPPERS, WRAPPER_TAGS, Span, colours_of, spans_out
from parser.ipb.text import BLOCK_TAGS, SKIP_TAGS, attr_of, finish_text, ids_of, normalize_nick
from parser.links import post_id_from_href
from parser.records import ColoredSpan, ParseIssue, Quote

# Context frames of the body walk: what the text under an element belongs to.
_OWN, _BOX, _TITLE, _BODY, _SKIP = 0, 1, 2, 3, 4


@dataclass(slots=True)
class _Frame:
    elem: int  # mem_id of the element that opened the frame
    kind: int
    quote: int | None  # the quote it belongs to
    wrap_from: int  # first index of `wrap_stack` inside this context
    struck: int  # struck elements open inside this context


def read_tree(  # noqa: C901  # one flat per-node loop, state in locals: the parse hot path
    root: LexborNode,
    dialect: Dialect,
    where: str,
    issues: list[ParseIssue],
    low: str | None = None,
    *,
    html: str | None = None,
    plain: bool = True,
    serial: bool = True,
) -> tuple[str, str, list[ColoredSpan], list[Quote], tuple[int, ...]]:
    """Text, own text, coloured spans, quotes and links of a body, in one walk.

    Every node is visited once, whatever the nesting (see `parser.html.walk`): a quote's text
    and colours are its own, the quotes nested in it being their own records; a coloured
    element around a quote does not colour the quote (C-3: a quoted nick is no vote).
    `html` and `low`: the body's markup as serialised now, and lowercased, where known."""
    if html is None:
        html = root.inner_html or ""
    if low is None:
        low = html.lower()
    quotes, boxes, titles_before = quote_boxes(root, dialect, low)
    q_index = {q.mem_id: i for i, q in enumerate(quotes)}
    body_sel = dialect.sel("quote_body")
    body_ids = ids_of(root, body_sel) if body_sel and quotes else set()
    title_ids = ids_of(root, dialect.sel("quote_title")) if quotes else set()
    if plain and not quotes and not any(o in low for o in SKIP_OPENERS):
        # most posts: no quote and nothing hidden — all the text is the author's own, read
        # from the body's serialised markup where that is plain, else by walking its nodes
        coloured = "color" in low
        if serial:
            fast = serial_text(html, low)
            # coloured spans, where they are few and shallow, from the tree around each
            shallow = (shallow_spans(root, low) if coloured else []) if fast else None
            if fast is not None and shallow is not None:
                return fast[0], fast[0], spans_out(shallow, where, issues), [], fast[1]
        read = serial_read(html, coloured) if serial else None
        if read is None:
            colours, strike_ids = colours_of(root) if "color" in low else ({}, set())
            read = plain_read(root, colours, strike_ids)
        text, plain_spans, links_only = read
        return text, text, spans_out(plain_spans, where, issues), [], links_only
    colours, strike_ids = colours_of(root) if "color" in low else ({}, set())
    msgnumber = dialect.layout == "msgnumber"
    a_attr = dialect.sel("quote_author_attr")
    p_attr = dialect.sel("quote_post_attr")
    u_attr = dialect.sel("quote_userid_attr")

    all_parts: list[str] = []
    own_parts: list[str] = []
    reads: list[QuoteRead | None] = [None] * len(quotes)
    own_spans: list[Span] = []
    links: list[int] = []
    pending: deque[QuoteInfo] = deque()  # IPB 1.x/2.x QuoteBegin comments not yet paired
    frames: list[_Frame] = [_Frame(root.mem_id, _OWN, None, 0, 0)]
    spans: list[Span | None] = []  # innermost coloured element per context, None = none
    span_at: list[int] = []  # mem_id that pushed each entry of `spans`
    wrap_stack: list[str] = []
    code = 0  # open <pre>/<code>: links there are shown, not made
    quote_depth = 0

    def sink() -> list[str] | None:
        f = frames[-1]
        if f.kind == _OWN:
            return own_parts
        if f.kind == _SKIP or f.quote is None:
            return None
        r = reads[f.quote]
        if r is None:
            return None
        if f.kind == _BODY:
            return r.parts
        return r.title if f.kind == _TITLE else r.box

    def push(elem: int, kind: int, quote: int | None) -> None:
        frames.append(_Frame(elem, kind, quote, len(wrap_stack), 0))
        spans.append(None)
        span_at.append(elem)

    def put(piece: str) -> None:
        all_parts.append(piece)
        out = sink()
        if out is not None:
            out.append(piece)
        span = spans[-1] if spans else None
        # struck words inside a colour are not its text: <red><s>Рома</s></red> names nobody
        if span is not None and (not frames[-1].struck or span.struck):
            span.parts.append(piece)

    for event, node in walk(root):
        if event == TEXT:
            if frames[-1].kind != _SKIP:
                put(node.text_content or "")
            continue
        if event == COMMENT:
            if msgnumber and node.tag == "-comment":
                info = comment_quote_info(comment_text(node))
                if info is not None:
                    pending.append(info)
            continue
        mid = node.mem_id
        tag = node.tag or ""
        if event == CLOSE:
            while spans and span_at[-1] == mid:
                span = spans.pop()
                span_at.pop()
                if span is not None and spans and spans[-1] is not None:
                    spans[-1].parts.append(" ")  # the inner colour's text is not the outer's
            if frames[-1].kind != _SKIP:
                if tag in BLOCK_TAGS:
                    put("\n")
                if tag in WRAPPER_TAGS and wrap_stack:
                    wrap_stack.pop()
                if mid in strike_ids and frames[-1].struck:
                    frames[-1].struck -= 1
            if tag in ("pre", "code"):
                code -= 1
            while len(frames) > 1 and frames[-1].elem == mid:
                f = frames.pop()
                if f.kind == _BODY and f.quote is not None:
                    quote_depth -= 1
            continue
        # OPEN
        if tag in ("pre", "code"):
            code += 1
        if frames[-1].kind == _SKIP:
            continue
        if tag in SKIP_TAGS:
            push(mid, _SKIP, None)
            continue
        if mid in titles_before:
            i = titles_before[mid]
            start_quote(reads, i, quote_depth, pending, msgnumber)
            push(mid, _TITLE, i)
            reads[i].has_title = True  # type: ignore[union-attr]
        box_i = boxes.get(mid)
        if box_i is not None:
            start_quote(reads, box_i, quote_depth, pending, msgnumber)
            push(mid, _BOX, box_i)
        qi = q_index.get(mid)
        if qi is not None:
            qr = start_quote(reads, qi, quote_depth, pending, msgnumber)
            if frames[-1].quote != qi:
                push(mid, _BOX, qi)
            if a_attr and attr_of(node, a_attr):
                qr.info.author = normalize_nick(attr_of(node, a_attr) or "")
            if p_attr:
                qr.info.post_id = first_int(attr_of(node, p_attr)) or qr.info.post_id
            if u_attr:
                qr.info.author_id = first_int(attr_of(node, u_attr)) or qr.info.author_id
        f = frames[-1]
        if f.kind == _BOX and f.quote is not None:
            r = reads[f.quote]
            if r is not None and not r.body_open:
                if mid in title_ids and not r.has_title:
                    r.has_title = True
                    push(mid, _TITLE, f.quote)
                elif (qi is not None and not body_sel) or mid in body_ids:
                    r.body_open = True
                    r.depth = quote_depth + 1
                    quote_depth += 1
                    push(mid, _BODY, f.quote)
        f = frames[-1]
        if tag == "br" or tag in BLOCK_TAGS:
            put("\n")
        if tag == "a" and f.kind in (_OWN, _TITLE):
            href = attr_of(node, "href")
            if href is not None:
                if f.kind == _OWN and not code:
                    pid = post_id_from_href(href.strip())
                    if pid is not None:
                        links.append(pid)
                elif f.kind == _TITLE and f.quote is not None and not msgnumber:
                    r = reads[f.quote]
                    pm = TITLE_POST.search(href)
                    if r is not None and pm and r.info.post_id is None:
                        r.info.post_id = int(pm.group(1))
        raw = colours.get(mid)
        struck_here = mid in strike_ids
        if raw is not None and f.kind in (_OWN, _BODY):
            if spans and spans[-1] is not None:
                spans[-1].parts.append(" ")
            wraps = wrap_stack[f.wrap_from :][-MAX_WRAPPERS:]
            span = Span(
                color=canonical_color(raw),
                raw=raw,
                struck=bool(f.struck) or struck_here,
                wrappers=tuple(wraps),
                quote=f.quote if f.kind == _BODY else None,
            )
            spans.append(span)
            span_at.append(mid)
            # listed where it starts: spans come out in document order; code shows its
            # colours, it casts no vote
            r = reads[span.quote] if span.quote is not None else None
            if code:
                pass  # listed nowhere
            elif span.quote is None:
                own_spans.append(span)
            elif r is not None:
                r.spans.append(span)
        if tag in WRAPPER_TAGS:
            wrap_stack.append(tag)
        if struck_here:
            f.struck += 1

    out_quotes: list[Quote] = []
    for r in reads:
        if r is None:
            continue
        cite_quote(r, msgnumber)
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
    colored = spans_out(own_spans, where, issues)
    return finish_text(all_parts), finish_text(own_parts), colored, out_quotes, tuple(links)
