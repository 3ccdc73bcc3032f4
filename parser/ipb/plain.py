"""Bodies without quotes, read fast: from lexbor's serialisation of the body (`serial_text`,
`serial_read`), coloured spans read around each coloured element (`shallow_spans`), or one node
walk without quote contexts (`plain_read`). Tests hold each equal to the full walk
(`parser.ipb.tree.read_tree`).
"""

from __future__ import annotations

import html as htmllib
import re

from selectolax.lexbor import LexborNode

from parser.colors import canonical_color
from parser.html import CLOSE, OPEN, TEXT, walk
from parser.ipb.spans import (
    COLOUR_OR_STRIKE,
    MAX_WRAPPERS,
    STRIKE_TAGS,
    WRAPPER_TAGS,
    Span,
    color_of,
    open_span,
    raw_color,
)
from parser.ipb.text import BLOCK_TAGS, SKIP_TAGS, attr_of, finish_text, select_all
from parser.links import post_id_from_href

# Elements whose content the serialiser writes raw (or which are not HTML): bodies holding
# any are read by walking their nodes.
_RAW_OPENERS = (
    "<xmp", "<iframe", "<noembed", "<noframes", "<plaintext", "<svg", "<math", "<textarea",
    "<title",
)  # fmt: skip


SKIP_OPENERS = tuple(f"<{t}" for t in SKIP_TAGS)


# The serialiser's own spelling of a comment, an end tag and a start tag (every attribute
# written name="value", the value's quotes, ampersands and angle brackets escaped), in one
# pattern; a "<" that is none of them matches with every group empty.
_SERIAL_TOKEN = re.compile(
    r"<(?:!--(.*?)-->|/([a-zA-Z][^\s/>\"=<]*)>"
    r"|([a-zA-Z][^\s/>\"=<]*)((?: [^\s=\"<>/]+=\"[^\"]*\")*)>)?",
    re.S,
)


_SERIAL_ATTR = re.compile(r" ([^\s=\"<>/]+)=\"([^\"]*)\"")


# Elements the serialiser writes without an end tag.
_VOID_TAGS = frozenset(
    ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
     "track", "wbr", "basefont", "bgsound", "frame", "keygen", "param")
)  # fmt: skip


def serial_read(  # noqa: C901  # one flat per-tag loop, state in locals: the parse hot path
    html: str, coloured: bool
) -> tuple[str, list[Span], tuple[int, ...]] | None:
    """`plain_read` from the body's markup as lexbor serialises it (`inner_html`): there,
    text holds no "<", every tag is well formed and nested, and every attribute is quoted,
    so one pass over its tags reads what the node walk reads, without a call per node.
    `coloured`: the markup mentions a colour (coloured spans are read from the tags' own
    attributes). None when the markup holds anything else (raw-text elements, foreign
    content, odd attribute names): then the nodes are walked."""
    if "<" in html and any(o in html for o in _RAW_OPENERS):
        return None
    parts: list[str] = []
    links: list[int] = []
    code = 0  # open <pre>/<code>: links there are shown, not made
    own_spans: list[Span] = []
    spans: list[Span] = []  # the open coloured elements, innermost last
    # per open element: (tag, opened a span, struck); wrappers of the open elements
    stack: list[tuple[str, bool, bool]] = []
    wrap_stack: list[str] = []
    struck = 0
    pos = 0
    for m in _SERIAL_TOKEN.finditer(html):
        start = m.start()
        if start > pos:
            piece = html[pos:start]
            if "&" in piece:
                piece = htmllib.unescape(piece)
            parts.append(piece)
            if spans and (not struck or spans[-1].struck):  # struck words are no colour's
                spans[-1].parts.append(piece)
        pos = m.end()
        tag = m.group(2)
        if tag is not None:  # an end tag
            if not stack or stack[-1][0] != tag:
                return None
            opened_span, struck_here = stack.pop()[1:]
        else:
            tag = m.group(3)
            if tag is None:
                if m.group(1) is None:
                    return None  # a "<" the serialiser would not write
                continue  # a comment
            attrs = m.group(4)
            if tag == "br" or tag in BLOCK_TAGS:
                parts.append("\n")
                if spans:
                    spans[-1].parts.append("\n")
            href = None
            if attrs and (tag == "a" or coloured):
                values = {k: htmllib.unescape(v) for k, v in _SERIAL_ATTR.findall(attrs)}
                href = values.get("href") if tag == "a" else None
            else:
                values = {}
            if href is not None and not code:
                pid = post_id_from_href(href.strip())
                if pid is not None:
                    links.append(pid)
            if tag == "pre" or tag == "code":
                code += 1
            opened_span = struck_here = False
            if coloured:
                raw = color_of(tag, values)
                style = values.get("style") or ""
                struck_here = tag in STRIKE_TAGS or "line-through" in style.lower()
                if raw is not None:
                    span = open_span(spans, raw, bool(struck) or struck_here, wrap_stack)
                    if not code:  # code shows its colours, it casts no vote
                        own_spans.append(span)
                    opened_span = True
                if tag in WRAPPER_TAGS:
                    wrap_stack.append(tag)
                if struck_here:
                    struck += 1
            if tag not in _VOID_TAGS:
                stack.append((tag, opened_span, struck_here))
                continue
        # the element closes (an end tag, or a void element right after its start)
        if coloured:
            if opened_span:
                spans.pop()
                if spans:
                    spans[-1].parts.append(" ")
            if tag in WRAPPER_TAGS and wrap_stack:
                wrap_stack.pop()
            if struck_here and struck:
                struck -= 1
        if tag in BLOCK_TAGS:
            parts.append("\n")
            if spans:
                spans[-1].parts.append("\n")
        if tag == "pre" or tag == "code":
            code -= 1
    if pos < len(html):
        piece = html[pos:]
        if "&" in piece:
            piece = htmllib.unescape(piece)
        parts.append(piece)
    if stack:
        return None
    return finish_text(parts), own_spans, tuple(links)


_SERIAL_COMMENT = re.compile(r"<!--.*?-->", re.S)


_SERIAL_HR = re.compile(r"<hr(?: [^>]*)?>")


_SERIAL_BLOCK = re.compile(
    r"</?(?:br|" + "|".join(sorted(BLOCK_TAGS - {"hr"}, key=len, reverse=True)) + r")(?: [^>]*)?>"
)


_SERIAL_ANY_TAG = re.compile(r"<[^>]*>")


_SERIAL_A = re.compile(r"<a((?: [^\s=\"<>/]+=\"[^\"]*\")*)>")


def serial_text(html: str, low: str) -> tuple[str, tuple[int, ...]] | None:
    """The text and links `serial_read` reads, by whole-string substitutions: every block
    tag (start or end) and <br> a line break, a rule two, other tags and comments nothing,
    then the text's escapes undone (in lexbor's serialisation every "&" of the text is an
    escape, so undoing them on the joined text is undoing them piece by piece). `low`: the
    body's markup lowercased. None where the token reading is needed (links inside code,
    markup the serialiser writes raw, attributes it spells oddly)."""
    if "<" not in html:
        text = htmllib.unescape(html) if "&" in html else html
        return finish_text([text]), ()
    if any(o in html for o in _RAW_OPENERS):
        return None
    if "<!--" in html:
        html = _SERIAL_COMMENT.sub("", html)
    links: tuple[int, ...] = ()
    if "<a " in html:
        if "<pre" in low or "<code" in low:
            return None  # a link in code is shown, not made: the token reading knows where
        tags = _SERIAL_A.findall(html)
        if len(tags) != html.count("<a "):
            return None  # an attribute the serialiser spells oddly
        found: list[int] = []
        for attrs in tags:
            href = next((v for k, v in _SERIAL_ATTR.findall(attrs) if k == "href"), None)
            pid = post_id_from_href(htmllib.unescape(href).strip()) if href is not None else None
            if pid is not None:
                found.append(pid)
        links = tuple(found)
    if "<hr" in html:
        html = _SERIAL_HR.sub("\n\n", html)
    text = _SERIAL_ANY_TAG.sub("", _SERIAL_BLOCK.sub("\n", html))
    if "&" in text:
        text = htmllib.unescape(text)
    return finish_text([text]), links


# Ancestors looked at above one coloured element before the token reading is left to decide.
_SHALLOW = 48


def shallow_spans(root: LexborNode, low: str) -> list[Span] | None:
    """`plain_read`'s coloured spans of a body, read around each coloured element (its
    ancestors for strikes and formatting, its own markup for its text); None where a
    colour sits inside another (whose text is then split) or deeper than `_SHALLOW`."""
    found: list[tuple[LexborNode, str]] = []
    struck_ids: set[int] = set()
    struck_nodes: list[LexborNode] = []
    seen: set[int] = set()
    for node in select_all(root, COLOUR_OR_STRIKE):
        if node.mem_id in seen:
            continue  # matched by two parts of the selector: listed twice
        seen.add(node.mem_id)
        raw = raw_color(node)
        if raw is not None:
            found.append((node, raw))
        if node.tag in STRIKE_TAGS or "line-through" in (attr_of(node, "style") or "").lower():
            struck_ids.add(node.mem_id)
            struck_nodes.append(node)
    coloured = {node.mem_id for node, _raw in found}
    stop = root.mem_id
    for node in struck_nodes:
        # a strike inside a colour takes words out of its text: the walk knows which
        up, depth = node.parent, 0
        while up is not None and up.mem_id != stop:
            depth += 1
            if up.mem_id in coloured or depth > _SHALLOW:
                return None
            up = up.parent
    spans: list[Span] = []
    for node, raw in found:
        wrappers: list[str] = []
        struck = node.mem_id in struck_ids
        up = node.parent
        depth = 0
        while up is not None and up.mem_id != stop:
            mid = up.mem_id
            depth += 1
            if mid in coloured or depth > _SHALLOW:
                return None
            struck = struck or mid in struck_ids
            tag = up.tag or ""
            if tag == "pre" or tag == "code":
                return None  # code shows colours without casting votes: the walk knows
            if tag in WRAPPER_TAGS:
                wrappers.append(tag)
            up = up.parent
        inner = serial_text(node.inner_html or "", low)
        if up is None or inner is None:
            return None
        wrappers.reverse()
        spans.append(
            Span(
                color=canonical_color(raw),
                raw=raw,
                struck=struck,
                wrappers=tuple(wrappers[-MAX_WRAPPERS:]),
                quote=None,
                parts=[inner[0]],
            )
        )
    return spans


def plain_read(  # noqa: C901  # one flat per-node loop, state in locals: the parse hot path
    root: LexborNode, colours: dict[int, str], strike_ids: set[int]
) -> tuple[str, list[Span], tuple[int, ...]]:
    """`read_tree`'s text, coloured spans and links of a body without quotes or hidden
    elements: the same walk without its quote contexts."""
    parts: list[str] = []
    links: list[int] = []
    code = 0  # open <pre>/<code>: links there are shown, not made
    block = BLOCK_TAGS
    own_spans: list[Span] = []
    spans: list[Span] = []  # the open coloured elements, innermost last
    span_at: list[int] = []
    wrap_stack: list[str] = []
    struck = 0
    for event, node in walk(root):
        if event == TEXT:
            piece = node.text_content or ""
            parts.append(piece)
            if spans and (not struck or spans[-1].struck):  # struck words are no colour's
                spans[-1].parts.append(piece)
        elif event == OPEN:
            tag = node.tag
            if tag == "br" or tag in block:
                parts.append("\n")
                if spans:
                    spans[-1].parts.append("\n")
            if tag == "a":
                if not code:
                    href = node.attributes.get("href")
                    if href is not None:
                        pid = post_id_from_href(str(href).strip())
                        if pid is not None:
                            links.append(pid)
            elif tag == "pre" or tag == "code":
                code += 1
            if colours:
                mid = node.mem_id
                raw = colours.get(mid)
                struck_here = mid in strike_ids
                if raw is not None:
                    span = open_span(spans, raw, bool(struck) or struck_here, wrap_stack)
                    span_at.append(mid)
                    if not code:  # code shows its colours, it casts no vote
                        own_spans.append(span)
                if tag in WRAPPER_TAGS:
                    wrap_stack.append(tag or "")
                if struck_here:
                    struck += 1
        elif event == CLOSE:
            tag = node.tag
            if colours:
                mid = node.mem_id
                while spans and span_at[-1] == mid:
                    spans.pop()
                    span_at.pop()
                    if spans:
                        spans[-1].parts.append(" ")
                if tag in WRAPPER_TAGS and wrap_stack:
                    wrap_stack.pop()
                if mid in strike_ids and struck:
                    struck -= 1
            if tag in block:
                parts.append("\n")
                if spans:
                    spans[-1].parts.append("\n")
            if tag == "pre" or tag == "code":
                code -= 1
    return finish_text(parts), own_spans, tuple(links)
