"""IPS 4 post headers read by a template learnt from a header lexbor has read, so that a post
whose header fits one is handed to lexbor as its article's tag and its body alone.

A template is one header's markup from its `<article` to its body's opening tag, every tag as
written, each text read up to the next `<` and each quoted value up to its closing quote (as
the tokenizer reads them: a character reference consumes neither): a header it matches whole
is the same sequence of tokens, tag names, attribute names and quoting as the template's,
whatever its values and texts. Learning proves of that sequence, by the tree builder's rules
(`learn`), that from an article opened in the body it builds its tree with no implied open or
close, leaves no formatting element open and ends with only `<div>`s open around the body.
Such a header leaves lexbor in the state that `x<div>…<div>` (as many) leaves it in; that
stand-in is what lexbor is given before the body, and the header's fields (the author's nick,
the profile link's address, the post's first time) are read from the match, as `blocks` reads
them from the tree (`blocks._ips4_pane`, `_post_time`). The values the reader's structure
depends on (`itemprop`, `data-role`, the article's `id` prefix) are kept as written; a field
holding a character reference, a carriage return, a NUL or a lone surrogate (which lexbor's
input would change) fits no template.

What the proof assumes of the state before the article (no formatting element to reconstruct,
the article put where it stands) is checked in the tree lexbor builds (`verified`): the
stand-in's text and its first `<div>` must be the article's first children, that `<div>`
carrying a nonce drawn for the page (so no markup on the page can pose as it: a stand-in
swallowed by a comment or a raw-text element is missed), and the article a child of the
document's `<body>`. A page where that fails is read whole, as before.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import NamedTuple

from selectolax.lexbor import LexborNode

from parser.ipb.text import member_id_in, normalize_nick

# Tags a template's header may hold between its article and its body. None of them changes
# the tokenizer's state (no raw text, no foreign content, no `<pre>`'s first newline), the
# insertion mode (no table, form, select, frameset) or needs a form or head pointer.
_ALLOWED = frozenset(
    (
        "a",
        "aside",
        "b",
        "br",
        "div",
        "em",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "i",
        "img",
        "li",
        "ol",
        "p",
        "section",
        "small",
        "span",
        "strong",
        "time",
        "u",
        "ul",
    )
)
_VOID = frozenset(("br", "img"))
_HEADINGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))
# start tags that close an open `<p>` (of those allowed)
_CLOSES_P = frozenset(("aside", "div", "li", "ol", "p", "section", "ul", *_HEADINGS))
# attributes whose values the reader's structure reads: kept as written
_VERBATIM = frozenset(("itemprop", "data-role"))

# A tag as learning reads it (the learnt header is the board's own markup): its name, and its
# attributes, each quoted or bare.
_TAG = re.compile(
    r"<(/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s/>\"'=<]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'))?)*)\s*(/?)>"
)
_ATTR = re.compile(r"(\s+)([^\s/>\"'=<]+)(?:(\s*=\s*)(?:\"([^\"]*)\"|'([^']*)'))?")

# A text reads up to the next `<` and a quoted value up to its closing quote, as the tokenizer
# reads them (a character reference in either consumes neither); each a class of one
# character left out, which the pattern engine runs through fastest.
_TEXT = "[^<]*+"
_ID = "elComment_"


def _free(quote: str) -> str:
    return f"[^{quote}]*+"


def _field(quote: str) -> str:
    # a field's value as lexbor stores it: no character reference to decode, no carriage return
    # or NUL for the input stream to change
    return f"[^{quote}<>&\\x00\\r\\ud800-\\udfff]*+"


_FIELD_CHARS = "[^<&\\x00\\r\\ud800-\\udfff]"
_FIELD_TEXT = _FIELD_CHARS + "*+"


@dataclass(frozen=True)
class Template:
    """A header's template: `pattern` matches from the `<article` to the end of the body's
    opening tag (group `body` that tag); `opens`, the elements the header leaves open around
    the body; the groups of the fields (`nick*` the nick's texts in order, `href` its profile
    link's address, `time_text` and `time_<attr>` the post's first time, `""` for an attribute
    it lacks); `lt`, the count of `<` from the article's tag to the body's, both included."""

    pattern: re.Pattern[str]
    opens: tuple[str, ...]
    nick: tuple[str, ...]
    time_attrs: tuple[str, ...]
    lt: int


class Fields(NamedTuple):
    """What the reader takes from a header, as read from a template's match (a tuple: made
    for every matched header)."""

    author: str
    author_id: int
    shown: str
    attrs: tuple[str | None, ...]  # the time's `date_attrs` values, in that order


class _El:
    __slots__ = ("attrs", "children", "name", "parent")

    def __init__(self, name: str, attrs: dict[str, str | None], parent: _El | None) -> None:
        self.name = name
        self.attrs = attrs
        self.parent = parent
        self.children: list[_El] = []


def _tags(markup: str) -> list[re.Match[str]] | None:
    """The header's tags, one after the other with only text between them (no `>` in it), or
    None when anything else is in it (a comment, a stray `<` or `>`)."""
    out: list[re.Match[str]] = []
    pos = 0
    while pos < len(markup):
        lt = markup.find("<", pos)
        if lt < 0:
            return None  # text after the body's tag: not a header as cut
        if ">" in markup[pos:lt]:
            return None
        m = _TAG.match(markup, lt)
        if m is None:
            return None
        out.append(m)
        pos = m.end()
    return out


def _attrs(tag: re.Match[str]) -> list[tuple[re.Match[str], str, str | None]] | None:
    """A tag's attributes: the match, the name lowercased, the value (None when bare); None
    when a name comes twice (lexbor keeps the first: a template keeps no such tag)."""
    out: list[tuple[re.Match[str], str, str | None]] = []
    seen: set[str] = set()
    for a in _ATTR.finditer(tag.string, tag.start(3), tag.end(3)):
        name = a.group(2).lower()
        if name in seen:
            return None
        seen.add(name)
        out.append((a, name, a.group(4) if a.group(4) is not None else a.group(5)))
    return out


def _first(el: _El) -> _El | None:
    return el.children[0] if el.children else None


def _within(el: _El | None, outer: _El) -> bool:
    while el is not None:
        if el is outer:
            return True
        el = el.parent
    return False


def learn(markup: str, date_attrs: tuple[str, ...]) -> Template | None:
    """The template of one header (`markup` from its `<article` to the end of its body's
    opening tag), or None when the header is not one whose effect a template can prove (what
    is refused: any other tag, an end tag that does not close the element just opened, an
    implied close, a link in a link, a second attribute of one name, a formatting or any but a
    `<div>` element open around the body), or whose fields are not where IPS 4's author pane
    and post time put them (`blocks._ips4_pane`, the first `time[datetime]`)."""
    tags = _tags(markup)
    if not tags:
        return None
    built = _build(tags)
    if built is None:
        return None
    els, slots, opens = built
    root = els[0]
    assert root is not None
    pane = _pane(root)
    time_el = next(
        (e for e in els[1:-1] if e is not None and e.name == "time" and "datetime" in e.attrs),
        None,
    )
    if pane is None or time_el is None or time_el.children:
        return None
    if sum(1 for s in slots if s is time_el) != 1:
        return None  # the shown time: its one text
    nick, link = pane
    parts: list[str] = []
    nick_groups: list[str] = []
    time_groups: dict[str, str] = {}
    for k, tag in enumerate(tags):
        if k:
            inside = slots[k - 1]
            if inside is time_el:
                parts.append(f"(?P<time_text>{_FIELD_CHARS}++)")
            elif _within(inside, nick):
                nick_groups.append(f"n{k}")
                parts.append(f"(?P<n{k}>{_FIELD_TEXT})")
            else:
                parts.append(_TEXT)
        fields = {"href": "href"} if els[k] is link else {}
        if els[k] is time_el:
            fields = {n: f"time_{n.replace('-', '_')}" for n in date_attrs}
            time_groups.update(
                (n, g) for n, g in fields.items() if time_el.attrs.get(n) is not None
            )
        pattern = _tag_pattern(markup, tag, fields, k == 0)
        if pattern is None:
            return None
        group = "article" if k == 0 else "body" if k == len(tags) - 1 else ""
        parts.append(f"(?P<{group}>{pattern})" if group else pattern)
    return Template(
        pattern=re.compile("".join(parts)),
        opens=opens,
        nick=tuple(nick_groups),
        time_attrs=tuple(time_groups.get(n, "") for n in date_attrs),
        lt=markup.count("<"),
    )


def _tag_pattern(
    markup: str, tag: re.Match[str], fields: dict[str, str], article: bool
) -> str | None:
    """A tag's pattern: as written, its attributes' values as classes, those named in
    `fields` as groups (of those names), those `_VERBATIM` as written; the article's `id` by
    its prefix. None when a value kept as written holds a character reference."""
    pattern = [re.escape(markup[tag.start() : tag.start(3)])]
    pos = tag.start(3)
    for a, name, value in _attrs(tag) or ():
        if value is None:
            continue
        vstart = a.start(4) if a.group(4) is not None else a.start(5)
        quote = markup[vstart - 1]
        pattern.append(re.escape(markup[pos:vstart]))
        if name in _VERBATIM:
            if "&" in value:
                return None
            pattern.append(re.escape(value))
        elif article and name == "id":
            pattern.append(re.escape(_ID) + _free(quote))
        elif name in fields:
            pattern.append(f"(?P<{fields[name]}>{_field(quote)})")
        else:
            pattern.append(_free(quote))
        pos = vstart + len(value)
    pattern.append(re.escape(markup[pos : tag.end()]))
    return "".join(pattern)


def _build(tags: list[re.Match[str]]) -> tuple[list[_El | None], list[_El], tuple[str, ...]] | None:
    """The tree the tags build as the tree builder builds it from an article opened in the
    body, where these rules leave no choice: each tag's element (None for an end tag), the
    element each text slot lies in (before each tag but the first), the names of the
    elements open around the body's; None where the rules would choose (see `learn`)."""
    els: list[_El | None] = []
    slots: list[_El] = []
    stack: list[_El] = []
    last = len(tags) - 1
    for k, tag in enumerate(tags):
        close, name, slash = tag.group(1), tag.group(2).lower(), tag.group(4)
        attrs = _attrs(tag)
        if attrs is None:
            return None
        values = {n: v for _a, n, v in attrs}
        if k == 0:
            if close or name != "article" or not (values.get("id") or "").startswith(_ID):
                return None
            if values.get("itemprop") == "name":
                return None
            stack.append(_El(name, values, None))
            els.append(stack[0])
            continue
        slots.append(stack[-1])
        names = [e.name for e in stack]
        if k == last:
            # the body's opening tag: only plain elements open around it
            if close or slash or name != "div" or values.get("data-role") != "commentContent":
                return None
            if len(names) < 2 or any(n != "div" for n in names[1:]):
                return None  # (one at least: the stand-in's first carries its mark)
            els.append(_El(name, values, stack[-1]))
            return els, slots, tuple(names[1:])
        if close:
            if slash or attrs or len(stack) < 2 or names[-1] != name:
                return None  # only an end tag closing the element open innermost
            stack.pop()
            els.append(None)
            continue
        if not _may_open(name, names, bool(slash)) or values.get("data-role") == "commentContent":
            return None
        el = _El(name, values, stack[-1])
        stack[-1].children.append(el)
        els.append(el)
        if name not in _VOID:
            stack.append(el)
    return None


def _may_open(name: str, names: list[str], slash: bool) -> bool:
    """Whether a start tag `name` opens its element where `names` are open without the tree
    builder closing or reopening any other."""
    if name not in _ALLOWED or (slash and name not in _VOID):
        return False
    if name in _CLOSES_P and "p" in names:
        return False  # an implied close
    if name in _HEADINGS and any(n in _HEADINGS for n in names):
        return False
    if name == "li" and names[-1] not in ("ul", "ol"):
        return False  # the list item's walk down the open elements stops at once
    return not (name == "a" and "a" in names)


def _pane(root: _El) -> tuple[_El, _El] | None:
    """The nick and its profile link where `blocks._ips4_pane` finds them (the article's first
    element, its first (an `h3[itemprop=creator]`), its first (`[itemprop=name]`), its first
    (a link with an address)); None when the header is otherwise built."""
    aside = _first(root)
    if aside is None or aside.attrs.get("itemprop") == "name":
        return None
    h3 = _first(aside)
    if h3 is None or h3.name != "h3" or h3.attrs.get("itemprop") != "creator":
        return None
    nick = _first(h3)
    if nick is None or nick.attrs.get("itemprop") != "name":
        return None
    link = _first(nick)
    if link is None or link.name != "a" or link.attrs.get("href") is None:
        return None
    return nick, link


def fields(t: Template, m: re.Match[str]) -> Fields | None:
    """A matched header's fields as the reader reads them from the tree; None when the tree
    would send the reader elsewhere (no member id in the link's address: the post's other
    links and its quote data are asked) or leave a field missing."""
    href = m.group("href")
    if "/profile/" not in href and "showuser=" not in href:
        return None
    author_id = member_id_in(href)
    if author_id is None:
        return None
    author = normalize_nick("".join(m.group(g) for g in t.nick))
    if not author:
        return None
    return Fields(
        author=author,
        author_id=author_id,
        shown=m.group("time_text"),
        attrs=tuple(m.group(g) if g else None for g in t.time_attrs),
    )


def nonce() -> str:
    """A page's nonce for the stand-ins' first `<div>`: drawn, so no markup can carry it."""
    return secrets.token_hex(8)


def stand_in(t: Template, key: str, k: int) -> str:
    """What lexbor is given instead of a matched header (after its article's tag, before its
    body's): a text (where a formatting element left open before would be made again, and
    seen) and the elements the header leaves open, the first marked as the page's `k`th."""
    return f"x<div data-head='{key}-{k}'>" + "<div>" * (len(t.opens) - 1)


def verified(article: LexborNode, key: str, opens: dict[int, int]) -> tuple[int, LexborNode] | None:
    """(k, body) when `article` is a stand-in's as lexbor built it: a child of the `<body>`,
    its first child the text `x`, then the `k`th stand-in `<div>` with the other `<div>`s each
    the first child of the one before and the body's element the first of the last; else
    None."""
    up = article.parent
    if up is None or up.tag != "body":
        return None
    text = article.child
    if text is None or text.tag != "-text" or text.text_content != "x":
        return None
    div = text.next
    if div is None or div.tag != "div":
        return None
    mark = div.attrs.get("data-head") or ""
    if not mark.startswith(key + "-"):
        return None
    try:
        k = int(mark[len(key) + 1 :])
    except ValueError:
        return None
    if k not in opens:
        return None
    for _ in range(opens[k] - 1):
        div = div.child
        if div is None or div.tag != "div":
            return None
    body = div.child
    if body is None or body.tag != "div":
        return None
    return k, body


def article_id(markup: str) -> str | None:
    """The `id` of the tag `markup` opens with, as lexbor reads it when it holds no character
    reference (None otherwise, or when the tag is not read)."""
    tag = _TAG.match(markup)
    attrs = _attrs(tag) if tag is not None else None
    if attrs is None:
        return None
    for _a, name, value in attrs:
        if name == "id":
            return value if value is not None and "&" not in value else None
    return None
