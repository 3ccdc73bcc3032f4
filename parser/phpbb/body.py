"""A post or PM body (`div.content`) read into the records' `Body`: text, own text, coloured
spans, quotes, links and struck words — the usual vote post by a shallow read, anything else by
the walk of `parser.phpbb.walk`.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from parser.bodylines import LineMarkup, read_lines
from parser.links import post_id_from_href
from parser.phpbb.colours import place_colours
from parser.phpbb.replies import shallow_quotes
from parser.phpbb.walk import walk_body
from parser.records import Body, ColoredSpan, ParseIssue
from parser.signature import may_sign, signature_in

# A strike anywhere in a body (struck words are kept apart, and cut from a colour's text by the
# walk), in lexbor's serialisation, whose tag names are lowercase; a style in any case.
_LINE_THROUGH_ANY = re.compile(r"line-through", re.IGNORECASE)


def _has_strike(html: str) -> bool:
    if "<s>" in html or "<s " in html or "<del" in html or "<strike" in html:
        return True
    return ("hrough" in html or "HROUGH" in html) and _LINE_THROUGH_ANY.search(html) is not None


def read_body(content: LexborNode, where: str) -> Body:
    """Read a div.content: HTML, text, own text, coloured spans, quotes, links, struck words
    and where a signature typed into it begins (`_signature_at`)."""
    body = _read_body(content)
    if may_sign(body.own_text) and _LINE_MARKUP.search(body.html):
        body.signature_at = _signature_at(content, body.own_text)
    return body


def _read_body(content: LexborNode) -> Body:
    """A div.content's HTML, text, own text, coloured spans, quotes, links and struck words.

    The body is walked once, iteratively (`parser.html.walk`), and only when its HTML holds
    a quote, a colour, a link or a strike: nesting depth costs neither stack nor quadratic
    time. A quote's text and colours are its own (nested quotes are their own records); a
    coloured element wrapped around a quote does not colour the quoted words (C-3)."""
    html = content.inner_html or ""
    text = " ".join(content.text(separator=" ").split())
    # prosilver quotes are <blockquote>s; subsilver2 (phpBB 3.0) renders
    # <div class="quotetitle">X wrote:</div><div class="quotecontent">…</div>
    has_quote = "<blockquote" in html or "quotecontent" in html
    has_color = "olor" in html or "OLOR" in html
    has_strike = _has_strike(html)
    has_href = "href" in html
    if has_href and not has_quote:
        # links matter only when one of them points at a post (P-V.2)
        has_href = any(
            post_id_from_href((a.attributes.get("href") or "").strip()) is not None
            for a in content.css("a[href]")
        )
    if not (has_quote or has_color or has_href or has_strike):
        return Body(html=html, text=text, own_text=text)
    if has_color and not (has_quote or has_href or has_strike):
        # the usual vote post: a few coloured spans near the top of a shallow body, read
        # upwards from each span while that stays within a budget linear in the body's size
        shallow = _shallow_colors(content, len(html) // 8 + 16)
        if shallow is not None:
            return Body(html=html, text=text, own_text=text, colored=shallow)
    if has_quote and not has_strike:
        # the usual reply: quotes with their headers, then the author's words
        replied = shallow_quotes(content, html, text, has_color)
        if replied is not None:
            return replied
    return walk_body(content, html, text, has_quote, has_color)


# markup that starts a new line of the body
_LINE_MARKUP = re.compile(r"<br|</(?:p|div|li)>", re.IGNORECASE)
_LINE_TAGS = frozenset(("br", "p", "div", "li"))


def _typed_lines(parts: list[str]) -> str:
    """Every line of the body as typed, blank ones kept, spaces collapsed; text nodes joined
    by a space, as the body's text is (`text(separator=" ")`)."""
    return "\n".join(" ".join(line.split()) for line in " ".join(parts).split("\n"))


# A body's own lines as the markup breaks them (`<br>`, a paragraph, a block, a list item),
# its quotes left out: a quote of prosilver (`<blockquote>`) or subsilver2 (its title and
# content divs).
OWN_LINES = LineMarkup(
    hidden_tags=frozenset(("blockquote",)),
    hidden_classes={"div": ("quotecontent", "quotetitle")},
    break_open=_LINE_TAGS,
    break_close=_LINE_TAGS,
    layout=_typed_lines,
)


def _signature_at(content: LexborNode, own_text: str) -> int | None:
    """Where in `own_text` (one line: every line break of the body a space) a signature
    typed into the body begins, found by the body's own lines (`OWN_LINES`;
    `parser.signature`)."""
    return signature_in(read_lines(content, OWN_LINES), own_text)


def _shallow_colors(content: LexborNode, budget: int) -> tuple[ColoredSpan, ...] | None:
    """Coloured spans of a body without quotes or post links, read by walking up from each
    span; None when that would take more than `budget` steps (deep nesting: walk instead)."""
    placed = place_colours(content, budget, {})
    return None if placed is None else tuple(span for _quote, span in placed)


def safe_body(content: LexborNode, where: str, issues: list[ParseIssue]) -> Body:
    """`read_body`, and should a post's markup still defeat it, that post alone is read
    empty with an issue: one hostile post never costs the page its other posts."""
    try:
        return read_body(content, where)
    except Exception as exc:  # the records promise issues, not exceptions
        issues.append(ParseIssue(where, f"body unreadable: {exc!r}"))
        return Body()


def post_body(node: LexborNode | None, where: str, issues: list[ParseIssue], what: str) -> Body:
    """A post's read body, or an empty one reported missing."""
    if node is None:
        issues.append(ParseIssue(where, f"no post body ({what})"))
        return Body()
    return safe_body(node, where, issues)
