"""Bodies without quotes or strikes, read fast: the text and links from lexbor's serialisation of
the body (`serial_text`), coloured spans read around each coloured element (`shallow_spans`).
Where either declines, the body walk of `parser.ipb.tree` reads the body; tests hold the fast
reading equal to the walk.
"""

from __future__ import annotations

import html as htmllib
import re

from selectolax.lexbor import LexborNode

from parser.colors import canonical_color
from parser.ipb.spans import (
    COLOUR,
    COLOUR_OR_STRIKE,
    MAX_WRAPPERS,
    STRIKE_TAGS,
    WRAPPER_TAGS,
    Span,
    color_of,
    strike_marked,
)
from parser.ipb.text import BLOCK_TAGS, SKIP_TAGS, finish_text, select_all
from parser.links import post_id_from_href

# Elements whose content the serialiser writes raw (or which are not HTML): bodies holding
# any are read by walking their nodes.
_RAW_OPENERS = re.compile(
    "<(?:xmp|iframe|noembed|noframes|plaintext|svg|math|textarea|title)"
)  # lexbor's serialisation spells tag names in lowercase


SKIP_OPENERS = tuple(f"<{t}" for t in SKIP_TAGS)


def skip_opened(low: str) -> bool:
    """Whether lowercased markup opens one of `SKIP_TAGS` (`SKIP_OPENERS` spelt out)."""
    return (
        "<script" in low
        or "<style" in low
        or "<noscript" in low
        or "<template" in low
        or "<-comment" in low
    )


_SERIAL_ATTR = re.compile(r" ([^\s=\"<>/]+)=\"([^\"]*)\"")


_SERIAL_COMMENT = re.compile(r"<!--.*?-->", re.S)


_SERIAL_HR = re.compile(r"<hr(?: [^>]*)?>")


_SERIAL_BLOCK = re.compile(
    r"</?(?:br|" + "|".join(sorted(BLOCK_TAGS - {"hr"}, key=len, reverse=True)) + r")(?: [^>]*)?>"
)


_SERIAL_ANY_TAG = re.compile(r"<[^>]*>")


_SERIAL_A = re.compile(r"<a((?: [^\s=\"<>/]+=\"[^\"]*\")*)>")


def serial_text(html: str, low: str) -> tuple[str, tuple[int, ...]] | None:
    """The text and links the body walk reads, by whole-string substitutions: every block
    tag (start or end) and <br> a line break, a rule two, other tags and comments nothing,
    then the text's escapes undone (in lexbor's serialisation every "&" of the text is an
    escape, so undoing them on the joined text is undoing them piece by piece). `low`: the
    body's markup lowercased. None where the walk is needed (links inside code,
    markup the serialiser writes raw, attributes it spells oddly): the walk reads those."""
    if "<" not in html:
        text = htmllib.unescape(html) if "&" in html else html
        return finish_text([text]), ()
    if _RAW_OPENERS.search(html) is not None:
        return None
    if "<!--" in html:
        html = _SERIAL_COMMENT.sub("", html)
    links: tuple[int, ...] = ()
    if "<a " in html:
        if "<pre" in low or "<code" in low:
            return None  # a link in code is shown, not made: the walk knows where
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


# Ancestors looked at above one coloured element before the walk is left to decide.
_SHALLOW = 48


def shallow_spans(root: LexborNode, low: str) -> list[Span] | None:
    """The walk's coloured spans of a body, read around each coloured element (its
    ancestors for strikes and formatting, its own markup for its text); None where a
    colour sits inside another (whose text is then split) or deeper than `_SHALLOW`."""
    found: list[tuple[LexborNode, str]] = []
    struck_ids: set[int] = set()
    struck_nodes: list[LexborNode] = []
    seen: set[int] = set()
    strikes = strike_marked(low)
    for node in select_all(root, COLOUR_OR_STRIKE if strikes else COLOUR):
        mid = node.mem_id
        if mid in seen:
            continue  # matched by two parts of the selector: listed twice
        seen.add(mid)
        tag, attrs = node.tag, node.attributes  # a fresh dict per access: read it once
        raw = color_of(tag, attrs)
        if raw is not None:
            found.append((node, raw))
        style = str(attrs.get("style") or "") if strikes else ""
        if strikes and (tag in STRIKE_TAGS or "line-through" in style.lower()):
            struck_ids.add(mid)
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
        if up is None:
            return None
        inner = _span_text(node, low)
        if inner is None:
            return None
        wrappers.reverse()
        spans.append(
            Span(
                color=canonical_color(raw),
                raw=raw,
                struck=struck,
                wrappers=tuple(wrappers[-MAX_WRAPPERS:]),
                quote=None,
                parts=[inner],
            )
        )
    return spans


# Elements whose text lexbor serialises unescaped: their text is read from their markup.
_RAW_TEXT_TAGS = frozenset(
    ("script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript")
)


def _span_text(node: LexborNode, low: str, *, fast: bool = True) -> str | None:
    """A coloured element's text as `serial_text` reads its markup (None where that
    declines). A vote's colour usually holds one text node: its text is then taken as it
    stands, which is what `serial_text` gives back of its serialisation (every "&", "<", ">"
    and no-break space of the text escaped, no tag: the escapes undone, the words
    collapsed). `fast=False` reads every element's markup (the reference)."""
    child = node.child
    if (
        fast
        and child is not None
        and child.next is None
        and child.tag == "-text"
        and node.tag not in _RAW_TEXT_TAGS
    ):
        return finish_text([child.text_content or ""])
    inner = serial_text(node.inner_html or "", low)
    return None if inner is None else inner[0]
