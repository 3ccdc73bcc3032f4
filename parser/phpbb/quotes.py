"""Quote headers: prosilver's `<cite>` (author, ids, time) and subsilver2's `div.quotetitle`."""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from parser.html import first_int, node_text, query_int, user_id_from_href
from parser.records import ColoredSpan

_CITE_SUFFIX_RE = re.compile(
    r"\s*(?:писал\(а\)|писал|писала|wrote|hat geschrieben)\s*:.*$", re.IGNORECASE | re.DOTALL
)


_VIEW_P_RE = re.compile(r"[?&;]p=(\d+)")


class QuoteAcc:
    """A quote as the body walk reads it (its words are gathered beside it)."""

    # a plain class: a dataclass costs a quarter of a millisecond to define at every start
    __slots__ = ("author", "author_id", "colored", "depth", "msg_id", "post_id", "time_text")

    def __init__(
        self,
        author: str | None,
        author_id: int | None,
        post_id: int | None,
        msg_id: int | None,
        depth: int,
        time_text: str,
    ) -> None:
        self.author = author
        self.author_id = author_id
        self.post_id = post_id
        self.msg_id = msg_id
        self.depth = depth
        self.time_text = time_text
        self.colored: list[ColoredSpan] = []


def first_cite(bq: LexborNode) -> LexborNode | None:
    """The quote's <cite>: phpBB renders <blockquote><div><cite>…</cite>…</div></blockquote>,
    so it is the first element of the first element (older styles put it straight in the
    blockquote). Only those two places are looked at: a cite deeper down is quoted text."""
    for first in bq.iter():
        if first.tag == "cite":
            return first
        if first.tag == "div":
            for inner in first.iter():
                return inner if inner.tag == "cite" else None
        return None
    return None


def _cite_attr_post(bq: LexborNode) -> int | None:
    """The quoted post's id from the blockquote's own `cite` URL, when it carries one."""
    cite_attr = bq.attributes.get("cite")
    if cite_attr and "viewtopic" in cite_attr:
        m = _VIEW_P_RE.search(cite_attr)
        if m:
            return int(m.group(1))
    return None


def cite_info(bq: LexborNode) -> tuple[str | None, int | None, int | None, int | None, str, str]:
    """Author, author id, post id, PM id, time text and the cite's text for a blockquote."""
    cite = first_cite(bq)
    post_id = _cite_attr_post(bq)
    msg_id: int | None = None
    if cite is None:
        return None, None, post_id, None, "", ""
    author: str | None = None
    author_id: int | None = None
    time_text = ""
    t = None
    for a in cite.iter():
        if a.tag == "span" or a.tag == "div":  # 3.3 prints the time in a span, 3.2 in a div
            if t is None and "responsive-hide" in (a.attributes.get("class") or ""):
                t = a
            continue
        if a.tag != "a":
            continue
        attrs = a.attributes
        href = attrs.get("href") or ""
        if "data-post-id" in attrs:
            post_id = first_int(attrs.get("data-post-id")) or post_id
        elif "data-msg-id" in attrs:
            msg_id = first_int(attrs.get("data-msg-id"))
        elif "memberlist" in href and author is None:
            author = node_text(a)
            author_id = user_id_from_href(href)
        elif "viewtopic" in href and post_id is None:
            m = _VIEW_P_RE.search(href)
            if m:
                post_id = int(m.group(1))
        elif "i=pm" in href and msg_id is None:
            msg_id = query_int(href, "p")
    if t is not None:
        time_text = node_text(t)
    cite_text = node_text(cite)
    if author is None:
        # [quote="Name"] by a guest or a deleted user: the name is plain text before "писал(а):"
        name = _CITE_SUFFIX_RE.sub("", cite_text).strip()
        author = name or None
    return author, author_id, post_id, msg_id, time_text, cite_text


_QUOTE_SEL = "blockquote, div.quotecontent"


def quotetitle_of(quote: LexborNode) -> LexborNode | None:
    """The div.quotetitle right before a subsilver2 div.quotecontent, if any."""
    if quote.tag == "blockquote":
        return None
    prev = quote.prev
    while prev is not None and prev.tag == "-text" and not (prev.text_content or "").strip():
        prev = prev.prev
    if (
        prev is not None
        and prev.tag == "div"
        and "quotetitle" in (prev.attributes.get("class") or "")
    ):
        return prev
    return None


def quotetitle_info(
    quote: LexborNode,
) -> tuple[str | None, int | None, int | None, int | None, str, str]:
    """Author of a subsilver2 quote from its title ("X wrote:"); no ids or time are printed."""
    title = quotetitle_of(quote)
    if title is None:
        return None, None, None, None, "", ""
    name = _CITE_SUFFIX_RE.sub("", node_text(title)).strip()
    return name or None, None, None, None, "", ""
