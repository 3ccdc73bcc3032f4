"""Reading small, board-generated pieces of a page from its raw markup, without a parser.

A post header that the board software prints in fixed markup (IPB 1.x/2.x: the nick in
``<span class='normalname'>``, the time in ``<span class='postdetails'>``) is read faster by
string search than by parsing it and querying selectors (a lexbor document and each selector
query cost more than the whole header's search). Every function here answers only when the
markup is plainly what it looks like and returns None otherwise — a comment it cannot place,
a raw-text element (script, style, textarea …), a tag of a kind it does not read, a malformed
tag, a numeric character reference — so the caller reads that piece with the parser instead,
and an odd page is never read differently, only more slowly.
"""

from __future__ import annotations

import html as htmllib
import re

__all__ = ["caseless", "in_comment", "markup_ok", "opens_tag", "tag_attr", "text_of"]


_Trie = dict[str, "_Trie"]  # a word's next letter → the rest ("" marks a word's end)


def caseless(*words: str) -> str:
    """An alternation of `words` matching them in any ASCII case, as HTML reads tag names,
    written as a trie (words sharing a start share its test): an IGNORECASE pattern loses
    the search for its literal opening and is tried at every character of the text, and a
    flat alternation tries every word at every candidate."""
    trie: _Trie = {}
    for word in words:
        node = trie
        for c in word:
            node = node.setdefault(c.lower(), {})
        node[""] = {}  # a word ends here
    return _trie_pattern(trie)


def _trie_pattern(node: _Trie) -> str:
    branches: list[str] = []
    for c, sub in node.items():
        if c == "":
            continue
        head = f"[{c}{c.upper()}]" if c.isalpha() else re.escape(c)
        branches.append(head + _trie_pattern(sub))
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if "" in node else body


# Markup that changes how the text after it is tokenized (declarations and bogus comments,
# abruptly closed comments, raw-text and RCDATA elements, template contents, foreign content):
# a region holding any of it is not read by string search. Well-formed comments are placed
# by `in_comment`.
_TOKENIZER_TAGS = (
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript",
    "plaintext", "template", "svg", "math",
)  # fmt: skip
# (the lookahead lets a "<" that none of them can follow be passed over at once)
_FIRSTS = "".join(sorted({c for t in _TOKENIZER_TAGS for c in (t[0], t[0].upper())}))
_TOKENIZER_MARK = re.compile(
    rf"<(?=[?!{_FIRSTS}])(?:\?|!(?!--(?!-?>))|(?:" + caseless(*_TOKENIZER_TAGS) + "))"
)

# The whitespace the HTML tokenizer separates names and attributes by (not Python's `\s`, which
# takes NBSP and other Unicode spaces the tokenizer reads as part of a name).
_WS = r" \t\n\f\r"

# A tag's attributes as the tokenizer reads them when they are well formed: names without
# quotes, "<" or "=", each value after its name's "=" either quoted (holding anything but its
# quote) or plain (no quote, "<", "=" or backtick, and ended by whitespace or the tag's ">").
# A quote anywhere else (inside a name or a plain value, after a stray "=") is text to the
# tokenizer, not a value's start, so markup holding one is not read here.
_ATTR_LIST = (
    rf"(?:[{_WS}/]++|[^{_WS}/<>\"'=]++(?:[{_WS}]*+=[{_WS}]*+"
    rf"(?:\"[^\"]*+\"|'[^']*+'|[^{_WS}<>\"'=`]++(?=[{_WS}>])))?)*+"
)

# A start or end tag as the HTML tokenizer reads it when it is well formed: a name, then
# attributes as above. Anything else starting with "<" is not read here.
_TAG = re.compile(rf"<(/?)([a-zA-Z][a-zA-Z0-9]*+)(?=[{_WS}/>])({_ATTR_LIST})>")
_ATTR = re.compile(
    rf"([^{_WS}\"'<>/=]+)(?:[{_WS}]*=[{_WS}]*(?:\"([^\"]*)\"|'([^']*)'|([^{_WS}\"'=<>`]+)))?"
)

# Tags whose text is just their content's text (no line of their own).
_INLINE = frozenset(
    ("a", "b", "strong", "i", "em", "u", "s", "font", "img", "small", "big", "sup", "sub", "nobr")
)


def markup_ok(html: str, start: int, end: int) -> bool:
    """True when `html[start:end]` holds nothing that changes tokenizing except well-formed
    comments (``<!-- … -->``) and tags, so a literal tag found there where `opens_tag` says
    the tokenizer meets it is a tag."""
    if html.find("<", start, end) < 0:
        return True
    if _TOKENIZER_MARK.search(html, start, end) is not None:
        return False
    first = html.find("<!--", start, end)
    if first < 0:
        return True
    # every comment opened here is closed, none early by "--!>": the last opening's close
    # follows every opening, and no "--!>" stands between the first opening and that close
    close = html.find("-->", html.rfind("<!--", first, end) + 4)
    return close >= 0 and html.find("--!>", first + 4, close) < 0


def in_comment(html: str, pos: int, start: int = 0) -> bool:
    """True when `pos` lies inside a comment opened after `start` (the region must have
    passed `markup_ok`, so comments are well formed)."""
    opened = html.rfind("<!--", start, pos)
    return opened >= 0 and html.find("-->", opened + 4, pos) < 0


def opens_tag(html: str, pos: int, start: int = 0) -> bool:
    """True when the "<" at `pos` is met by the tokenizer, reading from `start`, in its data
    state (`html[start:pos]` must have passed `markup_ok`): outside a comment, outside any
    tag, and outside any quoted attribute value — a value may hold markup-like text
    (``title="a > b"``, ``alt='<span class="x">'``), so a "<" or ">" found by string search
    need not open or close anything. Checked from the nearest marks alone:

    * inside a quoted value, `pos` would follow that value's opening quote with no quote of
      its kind between, so the last quote of each kind before `pos` must not be one that
      opens a value (right after an "=" and optional whitespace);
    * inside a tag, the last "<" before `pos` belongs to it (or to a value in it), and so
      does any ">" after that "<": such a ">" lies inside one of the tag's values, whose
      closing quote then stands between it and `pos` (or the value holds `pos`). So the last
      "<" before `pos` must be followed by a ">", with no quote from that ">" on.
    """
    if in_comment(html, pos, start):
        return False
    last = html.rfind("<", start, pos)
    if last >= 0:
        gt = html.rfind(">", last, pos)
        if gt < 0:
            return False
        between = html[gt:pos]  # the text before the tag: mostly a line's indent
        if "'" in between or '"' in between:
            return False
    at = html.rfind("'", start, pos)
    if at > start and html[at - 1] in _OPENER_BEFORE and _opens_value(html, at, start):
        return False
    at = html.rfind('"', start, pos)
    return not (at > start and html[at - 1] in _OPENER_BEFORE and _opens_value(html, at, start))


def _opens_value(html: str, quote: int, start: int) -> bool:
    """Whether the quote at `quote` is written where a value opens: after an "=" and
    optional whitespace (the tokenizer opens a quoted value nowhere else)."""
    i = quote
    while i > start and html[i - 1] in _SPACES:
        i -= 1
    return i > start and html[i - 1] == "="


_SPACES = " \t\n\f\r"
_OPENER_BEFORE = "=" + _SPACES  # what may stand right before a quote that opens a value


def tag_attr(html: str, start: int, name: str) -> tuple[str, str | None, int] | None:
    """The well-formed start tag at `start`: (lowercased name, the value of its first
    attribute called `name` decoded, or None, the tag's end). None for anything else, and
    for a value holding character references other than ``&amp;`` (the parser decodes those
    by rules this does not repeat)."""
    m = _TAG.match(html, start)
    if m is None or m.group(1):
        return None
    attrs = m.group(3)
    value: str | None = None
    lead = len(name) + 2  # " name="
    quote = attrs[lead : lead + 1]
    if quote in ("'", '"') and attrs.startswith(name, 1) and attrs[0] + attrs[lead - 1] == " =":
        # the usual spelling, the attribute first: its value runs to the closing quote
        value = attrs[lead + 1 : attrs.find(quote, lead + 1)]
    if value is None:
        for a in _ATTR.finditer(attrs):
            if a.group(1).lower() != name:
                continue
            value = a.group(2) if a.group(2) is not None else a.group(3)
            if value is None:
                value = a.group(4) or ""
            break
    if value is not None and "&" in value:
        if "&" in value.replace("&amp;", ""):
            return None
        value = value.replace("&amp;", "&")
    return m.group(2).lower(), value, m.end()


# An inline tag as `text_of` reads it (start or end, its attributes as `_ATTR_LIST` reads
# them), and a line break.
_ATTRS = rf"(?=[{_WS}/>]){_ATTR_LIST}>"  # possessive: nothing to retry
_INLINE_TAG = re.compile(r"</?(?:" + caseless(*_INLINE) + r")" + _ATTRS)
_BR = re.compile(r"</?" + caseless("br") + _ATTRS)
# both in one left-to-right pass: a <br> inside another tag's attributes is no tag of its own
_TAG_OR_BR = re.compile(f"({_BR.pattern})|{_INLINE_TAG.pattern}")


def text_of(piece: str, *, lines: bool) -> str | None:
    """The text of a piece of markup made of text and well-formed inline tags, as the parser
    would give it: tags dropped, character references decoded, and with `lines` a <br> as a
    line break (else nothing, as lexbor's `text()`). None when the piece holds anything else."""
    if "\r" in piece or "\x00" in piece or "&#" in piece:
        return None  # newline normalisation, NUL handling, numeric references: the parser's
    if "<" in piece:
        br = "\n" if lines else ""
        piece = _TAG_OR_BR.sub(lambda m: br if m.group(1) else "", piece)
        if "<" in piece:
            return None  # a tag of another kind, or one not well formed
    return htmllib.unescape(piece) if "&" in piece else piece
