"""The body walk: one pass over a body's nodes for its quotes, colours, strikes and links, and the
`Body` it fills."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from selectolax.lexbor import LexborNode

from parser.colors import canonical_color
from parser.html import CLOSE, COMMENT, TEXT, walk
from parser.links import post_id_from_href
from parser.phpbb.quotes import QuoteAcc, cite_info, quotetitle_info, quotetitle_of
from parser.records import ColoredSpan, ParseIssue, Quote

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


@dataclass(slots=True)
class Body:
    """What a post or PM body holds, read in one pass over its div.content."""

    html: str = ""
    text: str = ""
    own_text: str = ""
    colored: tuple[ColoredSpan, ...] = ()
    quotes: tuple[Quote, ...] = ()
    issues: list[ParseIssue] = field(default_factory=list)
    links: tuple[int, ...] = ()  # post ids linked outside quotes and signatures (P-V.2)


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


MAX_WRAPPERS = 32  # formatting tags reported around one span at most


@dataclass(slots=True)
class _SpanAcc:
    raw: str
    canon: str
    struck: bool
    wrappers: tuple[str, ...]
    quote: int | None
    shown: bool  # False inside code or a quote header: read for nesting, never reported
    parts: list[str] = field(default_factory=list)


# What an element is to the body walk (bits, undone when it closes).
_F_FOREIGN, _F_SKIP, _F_STRIKE, _F_CITE, _F_TITLE, _F_QUOTE, _F_WRAP, _F_OWNER = (
    1 << i for i in range(8)
)


_CLASSY = frozenset(("div", "span", "p", "font"))


# One flat loop on purpose: it runs per node on the parse hot path with its state in locals;
# splitting the per-node steps into calls or a state object would slow every page.
def walk_body(  # noqa: C901
    content: LexborNode, body: Body, has_quote: bool, has_color: bool
) -> None:
    titles: set[int] = set()
    if "quotecontent" in body.html:  # subsilver2: the title sits before its quote
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

    quote_rows: list[QuoteAcc] = []
    quote_parts: list[list[str]] = []
    open_quotes: list[int] = []  # indices of the quotes enclosing the current node
    own_parts: list[str] = []
    spans: list[_SpanAcc] = []
    # innermost coloured element whose text the current text is; None at a quote's edge
    owner: list[_SpanAcc | None] = []
    wrap_stack: list[str] = []
    wrap_from: list[int] = [0]  # where the innermost quote's wrappers start
    flag_stack: list[int] = []
    links: list[int] = []
    hidden = 0  # open quote titles (text of no one)
    cites = 0  # open <cite>: a quote header, not quoted text
    skip = 0  # open code/pre/cite/codebox: spans there are not text
    struck = 0
    foreign = 0  # open quotes, code, signatures…: links there are not the author's

    for event, node in walk(content):
        if event == TEXT:
            piece = node.text_content or ""
            if open_quotes:
                if not cites and not hidden:
                    quote_parts[open_quotes[-1]].append(piece)
            elif not hidden:
                own_parts.append(piece)
            # struck words inside a colour are not its text: <red><s>Рома</s></red> names nobody
            if owner and owner[-1] is not None and (not struck or owner[-1].struck):
                owner[-1].parts.append(piece)
            continue
        if event == COMMENT:
            continue
        if event == CLOSE:
            f = flag_stack.pop()
            if f:
                if f & _F_OWNER:
                    owner.pop()
                if f & _F_WRAP:
                    wrap_stack.pop()
                if f & _F_STRIKE:
                    struck -= 1
                if f & _F_SKIP:
                    skip -= 1
                if f & _F_CITE:
                    cites -= 1
                if f & _F_TITLE:
                    hidden -= 1
                    owner.pop()
                if f & _F_FOREIGN:
                    foreign -= 1
                if f & _F_QUOTE:
                    open_quotes.pop()
                    wrap_from.pop()
                    owner.pop()
            continue
        tag = node.tag or ""
        f = 0
        cls = style = ""
        if tag in _CLASSY:
            attrs = node.attributes
            cls = attrs.get("class") or ""
            style = attrs.get("style") or ""
        if tag == "blockquote" or (tag == "div" and "quotecontent" in cls.split()):
            f |= _F_QUOTE | _F_FOREIGN
        elif tag in ("pre", "code"):
            f |= _F_FOREIGN | _F_SKIP
        elif tag == "cite":
            f |= _F_SKIP | _F_CITE
        elif tag == "a":
            if not foreign:
                href = node.attributes.get("href")
                if href is not None:
                    pid = post_id_from_href(href.strip())
                    if pid is not None:
                        links.append(pid)
        elif tag in STRUCK_TAGS:
            f |= _F_STRIKE
        if cls and ("quotetitle" in cls or "signature" in cls or "codebox" in cls):
            f |= _F_FOREIGN
            if tag == "div" and "codebox" in cls:
                f |= _F_SKIP
        if tag in ("span", "font") and "line-through" in style and LINE_THROUGH_RE.search(style):
            f |= _F_STRIKE
        mid = node.mem_id
        if f & _F_QUOTE:
            if tag == "blockquote":
                author, author_id, post_id, msg_id, time_text, _cite = cite_info(node)
            else:
                author, author_id, post_id, msg_id, time_text, _cite = quotetitle_info(node)
            open_quotes.append(len(quote_rows))
            quote_rows.append(
                QuoteAcc(author, author_id, post_id, msg_id, len(open_quotes), "", time_text)
            )
            quote_parts.append([])
            wrap_from.append(len(wrap_stack))
            owner.append(None)  # the quote's words are not the colour around it
        if titles and mid in titles:
            f |= _F_TITLE
            hidden += 1
            owner.append(None)
        if f & _F_FOREIGN:
            foreign += 1
        if f & _F_CITE:
            cites += 1
        shown = skip == 0 and not hidden
        if f & _F_SKIP:
            skip += 1
        if f & _F_STRIKE:
            struck += 1
        entry = entries.get(mid) if entries else None
        if entry is not None:
            if tag not in _CLASSY:
                style = node.attributes.get("style") or ""
            span = _SpanAcc(
                raw=entry[0],
                canon=entry[1],
                struck=struck > 0
                or ("line-through" in style and LINE_THROUGH_RE.search(style) is not None),
                wrappers=tuple(wrap_stack[wrap_from[-1] :][-MAX_WRAPPERS:]),
                quote=open_quotes[-1] if open_quotes else None,
                shown=shown,
            )
            spans.append(span)
            owner.append(span)
            f |= _F_OWNER
        if tag in WRAPPER_TAGS:
            wrap_stack.append(tag)
            f |= _F_WRAP
        flag_stack.append(f)

    colored: list[ColoredSpan] = []
    for span in spans:
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
            quote_rows[span.quote].colored.append(cs)
    body.colored = tuple(colored)
    body.quotes = tuple(
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
        for q, parts in zip(quote_rows, quote_parts, strict=True)
    )
    body.links = tuple(links)
    body.own_text = " ".join(" ".join(own_parts).split())
