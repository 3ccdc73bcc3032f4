"""phpBB 3.x (prosilver) pages → records: topic pages, PM folders, PM views.

Speed matters (a week-long game is re-read on every tick, and `bench/parse.py` holds the
figures), so a topic page is not parsed whole: the block from the topic title to the bottom
action bar is cut out with plain string search, per-post chrome nothing reads (buttons, the
profile column) is dropped the same way, and only that is given to lexbor — about a fifth
of the page's bytes. When the markers are missing (odd or truncated markup) the whole page is
parsed instead. One CSS query in document order then finds every post's parts.

Inside a post, work is skipped when the body's HTML shows it is not needed (no ``color`` → no
span walk, no ``<blockquote`` → own text = text).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import AnyStr

from selectolax.lexbor import LexborHTMLParser, LexborNode

from parser.colors import canonical_color
from parser.dates import get_tz, parse_iso, read_date
from parser.html import (
    CLOSE,
    COMMENT,
    CUT_SHORT,
    TEXT,
    collapse,
    cut_short,
    first_int,
    node_text,
    parse_html,
    query_int,
    user_id_from_href,
    walk,
)
from parser.links import post_id_from_href
from parser.pages import BoardReader, register_board
from parser.records import (
    ColoredSpan,
    EditNote,
    ParseIssue,
    PMFolder,
    PMSummary,
    Post,
    PrivateMessage,
    Quote,
    TopicPage,
)

__all__ = ["detect", "is_login", "parse_pm", "parse_pm_folder", "parse_topic", "read_body"]

Tz = str | tzinfo

_POST_ID_RE = re.compile(r"p(\d+)\Z")
_PM_ID_RE = re.compile(r"post-(\d+)\Z")
_STYLE_COLOR_RE = re.compile(r"(?:^|[;\s\"'])color\s*:\s*([^;\"']+)", re.IGNORECASE)
_LINE_THROUGH_RE = re.compile(r"text-decoration[^;]*line-through", re.IGNORECASE)
# Language-pack words (Russian, English, German phpBB.de): "Страница 1 из 8", "Page 1 of 8",
# "Seite 1 von 8"; "72 сообщения", "4 posts", "13 Beiträge".
_PAGE_OF_RE = re.compile(r"(?:Страница|Page|Seite)\s+(\d+)\s+(?:из|of|von)\s+(\d+)", re.IGNORECASE)
_TOTAL_POSTS_RE = re.compile(
    r"(\d+)\s+(?:сообщени|posts?\b|ответ|messages?\b|beitr[äa]ge?\b)", re.IGNORECASE
)
_TOPIC_LINK_RE = re.compile(r"viewtopic\.php\?(?:[^\"'#<>]*?(?:&amp;|&|;))?t=(\d+)")
_EDIT_RE = re.compile(
    r"(?:Последний раз редактировалось|Last edited by|Zuletzt geändert von)\s+(?P<rest>.*?)"
    r"(?:,\s*всего редактировалось|,\s*edited|,\s*insgesamt)\s+(?P<count>\d+)",
    re.IGNORECASE | re.DOTALL,
)
_REASON_RE = re.compile(r"(?:Причина|Reason)\s*:\s*(?P<reason>.+)$", re.IGNORECASE | re.DOTALL)
_CITE_SUFFIX_RE = re.compile(
    r"\s*(?:писал\(а\)|писал|писала|wrote|hat geschrieben)\s*:.*$", re.IGNORECASE | re.DOTALL
)
_VIEW_P_RE = re.compile(r"[?&;]p=(\d+)")
_START_RE = re.compile(r"(?:[?&;]|&amp;)start=(\d+)")  # as parser.html.query_int(…, "start")

# Tags that are formatting wrappers around a coloured span (reported as `wrappers`).
_WRAPPER_TAGS = frozenset(
    {"strong", "b", "em", "i", "u", "a", "s", "del", "strike", "details", "summary", "li",
     "sup", "sub", "big", "small", "font", "ins", "mark", "code", "pre", "h1", "h2", "h3",
     "h4", "h5", "h6"}
)  # fmt: skip
_STRUCK_TAGS = frozenset({"s", "del", "strike"})
# a strike anywhere in a body: struck words inside a colour are cut from its text by the walk
_STRIKE_MARK_RE = re.compile(r"<(?:s|del|strike)[\s>]|line-through", re.IGNORECASE)
_COLOR_SELECTOR = "[style*='color' i], font[color]"


# --- detection ------------------------------------------------------------------------------


# phpBB 3.0's copyright meta (both styles) and the "Powered by phpBB" footer link every style
# keeps (phpBB asks boards to); IPB and other boards print neither.
_HEAD_MARKS = ('phpBB Group" />', 'phpBB Group">')
_FOOTER_MARKS = (
    'href="https://www.phpbb.com/">phpBB</a>',
    'href="http://www.phpbb.com/">phpBB</a>',
)


def detect(html: str) -> bool:
    """prosilver marks its <body id="phpbb">; older/custom styles still link ucp.php + viewtopic."""
    head = html[:8192]
    if 'id="phpbb"' in head or "styles/prosilver" in head:
        return True
    if 'id="phpbb"' in html:
        return True
    # styles without <body id="phpbb"> (subsilver2 and its derivatives, saved mirrors whose
    # links were renamed) still carry phpBB's own marks
    if any(mark in head for mark in _HEAD_MARKS) or any(mark in html for mark in _FOOTER_MARKS):
        return True
    # other styles: links to phpBB's own scripts in real markup, not just mentions in text
    return "<a " in html and 'href="./ucp.php' in html and 'href="./viewtopic.php' in html


_LOGIN_FORM_RE = re.compile(r"<form[^>]+id=[\"']login[\"']", re.IGNORECASE)


def is_login(html: str) -> bool:
    """The page's main form is the login form (phpBB answers protected URLs with it)."""
    return bool(_LOGIN_FORM_RE.search(html)) and 'type="password"' in html


# --- bodies (posts and PMs) -----------------------------------------------------------------


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


@dataclass(slots=True)
class _QuoteAcc:
    author: str | None
    author_id: int | None
    post_id: int | None
    msg_id: int | None
    depth: int
    text: str
    time_text: str
    colored: list[ColoredSpan] = field(default_factory=list)


def _span_color(node: LexborNode) -> tuple[str, str] | None:
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


def _first_cite(bq: LexborNode) -> LexborNode | None:
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


def _cite_info(bq: LexborNode) -> tuple[str | None, int | None, int | None, int | None, str, str]:
    """Author, author id, post id, PM id, time text and the cite's text for a blockquote."""
    cite = _first_cite(bq)
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


def _quotetitle_of(quote: LexborNode) -> LexborNode | None:
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


def _quotetitle_info(
    quote: LexborNode,
) -> tuple[str | None, int | None, int | None, int | None, str, str]:
    """Author of a subsilver2 quote from its title ("X wrote:"); no ids or time are printed."""
    title = _quotetitle_of(quote)
    if title is None:
        return None, None, None, None, "", ""
    name = _CITE_SUFFIX_RE.sub("", node_text(title)).strip()
    return name or None, None, None, None, "", ""


def read_body(content: LexborNode, where: str) -> Body:
    """Read a div.content: HTML, text, own text, coloured spans, quotes and links.

    The body is walked once, iteratively (`parser.html.walk`), and only when its HTML holds
    a quote, a colour or a link: nesting depth costs neither stack nor quadratic time. A
    quote's text and colours are its own (nested quotes are their own records); a coloured
    element wrapped around a quote does not colour the quoted words (C-3)."""
    body = Body()
    html = content.inner_html or ""
    body.html = html
    text = " ".join(content.text(separator=" ").split())
    body.text = text
    # prosilver quotes are <blockquote>s; subsilver2 (phpBB 3.0) renders
    # <div class="quotetitle">X wrote:</div><div class="quotecontent">…</div>
    has_quote = "<blockquote" in html or "quotecontent" in html
    has_color = "olor" in html or "OLOR" in html
    has_href = "href" in html
    if has_href and not has_quote:
        # links matter only when one of them points at a post (P-V.2)
        has_href = any(
            post_id_from_href((a.attributes.get("href") or "").strip()) is not None
            for a in content.css("a[href]")
        )
    if not (has_quote or has_color or has_href):
        body.own_text = text
        return body
    if has_color and not (has_quote or has_href or _STRIKE_MARK_RE.search(html)):
        # the usual vote post: a few coloured spans near the top of a shallow body, read
        # upwards from each span while that stays within a budget linear in the body's size
        shallow = _shallow_colors(content, len(html) // 8 + 16)
        if shallow is not None:
            body.colored = shallow
            body.own_text = text
            return body
    _walk_body(content, body, has_quote, has_color)
    if not has_quote:
        body.own_text = text
    return body


def _shallow_colors(content: LexborNode, budget: int) -> tuple[ColoredSpan, ...] | None:
    """Coloured spans of a body without quotes or post links, read by walking up from each
    span; None when that would take more than `budget` steps (deep nesting: walk instead)."""
    entries, colored_ids = _color_entries(content)
    stop = content.mem_id
    outer: set[int] = set()
    placed: list[tuple[LexborNode, str, str, bool, list[str]]] = []
    for node, raw, canon in entries:
        struck = False
        skip = False
        wrappers: list[str] = []
        p = node.parent
        while p is not None and p.mem_id != stop:
            budget -= 1
            if budget < 0:
                return None
            tag = p.tag
            if p.mem_id in colored_ids:
                outer.add(p.mem_id)
            if tag in _STRUCK_TAGS:
                struck = True
            elif tag == "div":
                if "codebox" in (p.attributes.get("class") or ""):
                    skip = True
            elif tag in ("pre", "code", "cite"):
                skip = True  # code shows BBCode literally; a header is not text
            elif tag in ("span", "font"):
                st = p.attributes.get("style") or ""
                if "line-through" in st and _LINE_THROUGH_RE.search(st):
                    struck = True
            if tag in _WRAPPER_TAGS:
                wrappers.append(tag or "")
            p = p.parent
        if skip:
            continue
        st = node.attributes.get("style") or ""
        if "line-through" in st and _LINE_THROUGH_RE.search(st):
            struck = True
        placed.append((node, raw, canon, struck, wrappers))
    if outer:
        return None  # colours inside colours: the walk splits their text
    return _placed_spans(placed)


# `_shallow_colors` is split into its three passes (find, place, report); each helper runs
# once per post, never per node, so the split costs the parse hot path nothing measurable.
def _color_entries(content: LexborNode) -> tuple[list[tuple[LexborNode, str, str]], set[int]]:
    """The body's coloured elements (node, raw colour, canonical colour) in document order,
    and their ids, group-coloured member names left out."""
    entries: list[tuple[LexborNode, str, str]] = []
    colored_ids: set[int] = set()
    for node in content.css(_COLOR_SELECTOR):
        if "username" in (node.attributes.get("class") or ""):
            continue  # group-coloured member names are not body colour
        col = _span_color(node)
        if col is not None:
            colored_ids.add(node.mem_id)
            entries.append((node, col[0], col[1]))
    return entries, colored_ids


def _placed_spans(
    placed: list[tuple[LexborNode, str, str, bool, list[str]]],
) -> tuple[ColoredSpan, ...]:
    """The placed coloured elements as spans: those with text, wrappers outermost first."""
    out: list[ColoredSpan] = []
    for node, raw, canon, struck, wrappers in placed:
        span_text = " ".join(node.text(separator=" ").split())
        if span_text:
            wrappers.reverse()
            out.append(
                ColoredSpan(
                    color=canon,
                    text=span_text,
                    struck=struck,
                    raw_color=raw,
                    wrappers=tuple(wrappers[-_MAX_WRAPPERS:]),
                )
            )
    return tuple(out)


_MAX_WRAPPERS = 32  # formatting tags reported around one span at most


@dataclass(slots=True)
class _SpanAcc:
    raw: str
    canon: str
    struck: bool
    wrappers: tuple[str, ...]
    quote: int | None
    shown: bool  # False inside code or a quote header: read for nesting, never reported
    parts: list[str] = field(default_factory=list)


def _safe_body(content: LexborNode, where: str, issues: list[ParseIssue]) -> Body:
    """`read_body`, and should a post's markup still defeat it, that post alone is read
    empty with an issue: one hostile post never costs the page its other posts."""
    try:
        return read_body(content, where)
    except Exception as exc:  # the records promise issues, not exceptions
        issues.append(ParseIssue(where, f"body unreadable: {exc!r}"))
        return Body()


# What an element is to the body walk (bits, undone when it closes).
_F_FOREIGN, _F_SKIP, _F_STRIKE, _F_CITE, _F_TITLE, _F_QUOTE, _F_WRAP, _F_OWNER = (
    1 << i for i in range(8)
)
_CLASSY = frozenset(("div", "span", "p", "font"))


# One flat loop on purpose: it runs per node on the parse hot path with its state in locals;
# splitting the per-node steps into calls or a state object would slow every page.
def _walk_body(  # noqa: C901
    content: LexborNode, body: Body, has_quote: bool, has_color: bool
) -> None:
    titles: set[int] = set()
    if "quotecontent" in body.html:  # subsilver2: the title sits before its quote
        for q in content.css("div.quotecontent"):
            title = _quotetitle_of(q)
            if title is not None:
                titles.add(title.mem_id)
    entries: dict[int, tuple[str, str]] = {}
    if has_color:
        for node in content.css(_COLOR_SELECTOR):
            if "username" in (node.attributes.get("class") or ""):
                continue  # group-coloured member names are not body colour
            col = _span_color(node)
            if col is not None:
                entries[node.mem_id] = col

    quote_rows: list[_QuoteAcc] = []
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
        elif tag in _STRUCK_TAGS:
            f |= _F_STRIKE
        if cls and ("quotetitle" in cls or "signature" in cls or "codebox" in cls):
            f |= _F_FOREIGN
            if tag == "div" and "codebox" in cls:
                f |= _F_SKIP
        if tag in ("span", "font") and "line-through" in style and _LINE_THROUGH_RE.search(style):
            f |= _F_STRIKE
        mid = node.mem_id
        if f & _F_QUOTE:
            if tag == "blockquote":
                author, author_id, post_id, msg_id, time_text, _cite = _cite_info(node)
            else:
                author, author_id, post_id, msg_id, time_text, _cite = _quotetitle_info(node)
            open_quotes.append(len(quote_rows))
            quote_rows.append(
                _QuoteAcc(author, author_id, post_id, msg_id, len(open_quotes), "", time_text)
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
                or ("line-through" in style and _LINE_THROUGH_RE.search(style) is not None),
                wrappers=tuple(wrap_stack[wrap_from[-1] :][-_MAX_WRAPPERS:]),
                quote=open_quotes[-1] if open_quotes else None,
                shown=shown,
            )
            spans.append(span)
            owner.append(span)
            f |= _F_OWNER
        if tag in _WRAPPER_TAGS:
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


# --- topic pages ----------------------------------------------------------------------------


def _author(post: LexborNode) -> tuple[str, int | None]:
    node = post.css_first(
        "dl.postprofile dt a.username, dl.postprofile dt a.username-coloured, "
        "dl.postprofile dt .username, dl.postprofile dt .username-coloured"
    )
    if node is None:
        node = post.css_first("p.author .username, p.author .username-coloured, p.author strong")
    if node is None:
        return "", None
    href = node.attributes.get("href") if node.tag == "a" else None
    return collapse(node.text()), user_id_from_href(href)


def _edit_note(
    notice: LexborNode, tz: tzinfo, now: datetime | None, issues: list[ParseIssue], where: str
) -> EditNote | None:
    raw = node_text(notice)
    m = _EDIT_RE.search(raw)
    if not m:
        return None
    rest = m.group("rest")
    by: str | None = None
    link = notice.css_first("a.username, a.username-coloured, a")
    if link is not None:
        by = node_text(link)
    when_text = rest
    if by and rest.startswith(by):
        when_text = rest[len(by) :]
    elif by is None:
        # no link (deleted editor): the name is everything before the date
        parts = rest.split(" ")
        by = parts[0] if parts else None
        when_text = " ".join(parts[1:])
    when_text = when_text.strip()
    if when_text.lower().startswith(("on ", "am ")):  # "… by X on DATE", "… von X am DATE"
        when_text = when_text[3:]
    at, why = read_date(when_text, tz=tz, now=now)
    if why:
        issues.append(ParseIssue(where, f"edit time: {why}"))
    reason: str | None = None
    em = notice.css_first("em")
    rm = _REASON_RE.search(raw)
    if rm:
        reason = node_text(em) if em is not None else rm.group("reason").strip()
    return EditNote(by=by or None, at=at, count=int(m.group("count")), reason=reason or None)


# One query finds every per-post element; lexbor returns matches in document order, so each
# element belongs to the div.post that precedes it (posts do not nest). Cheaper than a query
# per post (selector set-up) or a parent walk per element.
_POST_PARTS_SEL = (
    "div.post, p.author strong, p.author time, div.postbody h3, div.content, div.notice"
)


@dataclass(slots=True)
class _Parts:
    node: LexborNode
    id: int
    deleted: bool
    author: LexborNode | None = None
    time: LexborNode | None = None
    h3: LexborNode | None = None
    content: LexborNode | None = None
    notices: list[LexborNode] = field(default_factory=list)


def _read_posts(
    root: LexborNode,
    tz: tzinfo,
    now: datetime | None,
    issues: list[ParseIssue],
    first_position: int | None,
) -> list[Post]:
    # One pass over the page groups the parts; then one record per post. The per-post
    # helpers run once per post, never per node, so the split costs the hot path nothing.
    posts: list[Post] = []
    for i, g in enumerate(_group_post_parts(root)):
        pid = g.id
        where = f"post {pid}"
        author, author_id = _post_author(g, where, issues)
        posted_at, posted_text = _post_time(g, tz, now, issues, where)
        content = g.content
        body = _post_body(content, where, issues, "div.content")
        edited = _post_edit_note(g.notices, tz, now, issues, where)
        h3 = g.h3
        posts.append(
            _post_record(
                pid,
                author,
                author_id,
                posted_at,
                body,
                edited=edited,
                deleted=g.deleted,
                subject=node_text(h3),
                position=None if first_position is None else first_position + i,
                shown=posted_text,
            )
        )
    return posts


def _group_post_parts(root: LexborNode) -> list[_Parts]:
    """One query in document order: every part (author, time, subject, body, notices)
    belongs to the div.post before it; a div.post without a board id is not a topic post."""
    groups: list[_Parts] = []
    cur: _Parts | None = None
    for node in root.css(_POST_PARTS_SEL):
        tag = node.tag
        if tag == "div":
            classes = (node.attributes.get("class") or "").split()
            if "post" in classes:
                m = _POST_ID_RE.search(node.id or "")
                # a div.post without a board id is not a topic post: skip its parts
                cur = _Parts(node, int(m.group(1)), "deleted" in classes) if m else None
                if cur is not None:
                    groups.append(cur)
            elif cur is None:
                continue
            elif "content" in classes:
                if cur.content is None:
                    cur.content = node
            elif "notice" in classes:
                cur.notices.append(node)
        elif cur is None:
            continue
        elif tag == "strong":
            if cur.author is None:
                cur.author = node
        elif tag == "time":
            if cur.time is None:
                cur.time = node
        elif tag == "h3" and cur.h3 is None:
            cur.h3 = node
    return groups


def _post_author(g: _Parts, where: str, issues: list[ParseIssue]) -> tuple[str, int | None]:
    """The post's author and board user id (None for a guest's plain-text name)."""
    a: LexborNode | None = None
    if g.author is not None:
        a = g.author
        for child in g.author.iter():  # <strong><a …>Nick</a></strong> or a <span> for guests
            if child.tag in ("a", "span"):
                a = child
                break
    if a is None:
        issues.append(ParseIssue(where, "no author"))
        return "", None
    author = " ".join(a.text().split())
    author_id = user_id_from_href(a.attributes.get("href")) if a.tag == "a" else None
    if not author:
        issues.append(ParseIssue(where, "no author"))
    return author, author_id


def _post_time(
    g: _Parts, tz: tzinfo, now: datetime | None, issues: list[ParseIssue], where: str
) -> tuple[datetime | None, str]:
    """When the post was made and the time as printed: the <time datetime> attribute
    where the style has one, else the printed text after «» in p.author."""
    posted_at: datetime | None = None
    posted_text = ""
    t = g.time
    if t is not None:
        posted_text = " ".join(t.text().split())
        dt_attr = t.attributes.get("datetime")
        if dt_attr:
            posted_at = parse_iso(dt_attr, tz)
    else:
        pa = g.node.css_first("p.author")
        if pa is not None:
            posted_text = node_text(pa).rsplit("»", 1)[-1].strip()
    if posted_at is None:
        if posted_text:
            posted_at, why = read_date(posted_text, tz=tz, now=now)
            if why:
                issues.append(ParseIssue(where, why))
        else:
            issues.append(ParseIssue(where, "no post time"))
    return posted_at, posted_text


def _post_edit_note(
    notices: list[LexborNode],
    tz: tzinfo,
    now: datetime | None,
    issues: list[ParseIssue],
    where: str,
) -> EditNote | None:
    """The first readable edit note among the post's notices; unreadable ones are issues."""
    for notice in notices:
        ncls = notice.attributes.get("class") or ""
        if "post_deleted_msg" in ncls:
            continue
        edited = _edit_note(notice, tz, now, issues, where)
        if edited is not None:
            return edited
        issues.append(ParseIssue(where, "unreadable notice: " + node_text(notice)[:80]))
    return None


@dataclass(slots=True)
class _PageInfo:
    topic_id: int | None = None
    title: str = ""
    page: int | None = None
    total_pages: int | None = None
    per_page: int | None = None
    start: int | None = None
    total_posts: int | None = None
    next_url: str | None = None


def _page_info(root: LexborNode | None, html: str | bytes) -> _PageInfo:
    info = _PageInfo()
    if root is None:
        return info
    h2 = (
        root.css_first("h2.topic-title a")
        or root.css_first("h2.topic-title")
        # phpBB 3.0 prosilver: a plain <h2><a href="./viewtopic.php?f=…&t=…">
        or root.css_first("h2 a[href*='viewtopic']")
    )
    if h2 is not None:
        info.title = node_text(h2)
        href = h2.attributes.get("href") if h2.tag == "a" else None
        info.topic_id = query_int(href, "t")
        info.start = query_int(href, "start")
    if info.topic_id is None:
        m = _TOPIC_LINK_RE.search(_as_text(html))
        if m:
            info.topic_id = int(m.group(1))
    pag = root.css_first("div.pagination")
    if pag is None:
        _page_info_from_head(info, _as_text(html))
        return info
    ptext = node_text(pag)
    m = _TOTAL_POSTS_RE.search(ptext)
    if m:
        info.total_posts = int(m.group(1))
    m = _PAGE_OF_RE.search(ptext)
    if m:
        info.page, info.total_pages = int(m.group(1)), int(m.group(2))
    if info.page is None:
        active = pag.css_first("li.active")
        if active is not None:
            info.page = first_int(node_text(active))
    _page_size_from_links(info, pag)
    return info


def _page_size_from_links(info: _PageInfo, pag: LexborNode) -> None:
    """Fill the next page's link, the page size and (when not printed) the page count from
    the pagination links' `start` offsets. Apart from `_page_info`, which reads what the
    page prints; this infers what it does not. Runs once per page: no hot-path cost."""
    starts: list[int] = []
    for a in pag.css("a"):
        attrs = a.attributes  # a fresh dict per access: read it once
        href = attrs.get("href") or ""
        if "viewtopic" not in href:
            continue
        m = _START_RE.search(href)  # query_int(href, "start") without its per-call cache lookup
        starts.append(int(m.group(1)) if m else 0)
        if info.next_url is None and attrs.get("rel") == "next":
            info.next_url = href
    if info.start is not None:
        starts.append(info.start)
    positive = [s for s in starts if s > 0]
    if positive:
        info.per_page = math.gcd(*positive)
        if info.page and info.page > 1 and info.start:
            # the page's own offset pins the page size exactly
            info.per_page = info.start // (info.page - 1) or info.per_page
        if info.total_pages is None:
            info.total_pages = max(positive) // info.per_page + 1
            if info.page is not None:
                info.total_pages = max(info.total_pages, info.page)


# --- table layouts (subsilver2 and its derivatives, phpBB 3.0) ---------------------------------
#
# A post is a run of table rows: <a name="pN"></a><b class="postauthor">Nick</b>, a header cell
# td.gensmall with two divs (subject, then the post link and the time, each after a bold
# label in the board's language), the body div.postbody, then an optional signature
# (span.postbody), edit note (span.gensmall) and a bottom row whose profile button links the
# author's profile (the name itself is plain text). One query in document order, like
# _read_posts: every part belongs to the anchor before it.
_TABLE_PARTS_SEL = (
    "a[name], a[href*='viewprofile'], b.postauthor, td.gensmall, div.gensmall, div.postbody, "
    "span.gensmall"
)
_ANCHOR_ID_RE = re.compile(r"p(\d+)\Z")


@dataclass(slots=True)
class _TableParts:
    id: int
    author: LexborNode | None = None  # b.postauthor
    author_link: LexborNode | None = None  # styles that print the name as a profile link
    header: list[LexborNode] = field(default_factory=list)
    body: LexborNode | None = None
    notices: list[LexborNode] = field(default_factory=list)
    profile: LexborNode | None = None


def _after_label(div: LexborNode) -> str:
    """A header div's text without its bold label ("Post subject:", "Заголовок сообщения:")."""
    text = node_text(div)
    label = div.css_first("b, strong")
    if label is not None:
        lt = node_text(label)
        i = text.find(lt)
        if i >= 0:
            text = text[i + len(lt) :]
    return text.strip()


def _table_header(cells: list[LexborNode]) -> tuple[str, str]:
    """Subject and printed time from a post's header: the part holding the post's own link
    (its icon) carries the time, another labelled part the subject (styles may drop it)."""
    parts: list[LexborNode] = []
    for cell in cells:
        inner = cell.css("div") if cell.tag == "td" else []
        parts.extend(inner or [cell])
    subject = ""
    posted = ""
    for part in parts:
        text = _after_label(part)
        if not text:
            continue
        if not posted and part.css_first("a[href*='#p']") is not None:
            posted = text
        elif not subject and part.css_first("b, strong") is not None:
            subject = text
    return subject, posted


def _read_table_posts(
    root: LexborNode,
    tz: tzinfo,
    now: datetime | None,
    issues: list[ParseIssue],
    first_position: int | None,
) -> list[Post]:
    # As in _read_posts: one pass groups the parts, then per-post helpers (never per node).
    posts: list[Post] = []
    for i, g in enumerate(_group_table_parts(root)):
        where = f"post {g.id}"
        author, author_id = _table_author(g, where, issues)
        subject, posted_text = _table_header(g.header)
        posted_at: datetime | None = None
        if posted_text:
            posted_at, why = read_date(posted_text, tz=tz, now=now)
            if why:
                issues.append(ParseIssue(where, why))
        else:
            issues.append(ParseIssue(where, "no post time"))
        body = _post_body(g.body, where, issues, "div.postbody")
        edited: EditNote | None = None
        for notice in g.notices:
            edited = _edit_note(notice, tz, now, issues, where)
            if edited is not None:
                break
        posts.append(
            _post_record(
                g.id,
                author,
                author_id,
                posted_at,
                body,
                edited=edited,
                deleted=False,
                subject=subject,
                position=None if first_position is None else first_position + i,
                shown=posted_text,
            )
        )
    return posts


def _post_body(node: LexborNode | None, where: str, issues: list[ParseIssue], what: str) -> Body:
    """A post's read body (its issues added to the page's), or an empty one reported missing."""
    if node is None:
        issues.append(ParseIssue(where, f"no post body ({what})"))
        return Body()
    body = _safe_body(node, where, issues)
    issues.extend(body.issues)
    return body


def _post_record(
    pid: int,
    author: str,
    author_id: int | None,
    posted_at: datetime | None,
    body: Body,
    *,
    edited: EditNote | None,
    deleted: bool,
    subject: str,
    position: int | None,
    shown: str,
) -> Post:
    """One post's record from its header facts and its read body (both layouts)."""
    return Post(
        id=pid,
        author=author,
        author_id=author_id,
        posted_at=posted_at,
        body_html=body.html,
        text=body.text,
        own_text=body.own_text,
        colored=body.colored,
        quotes=body.quotes,
        linked_posts=body.links,
        edited=edited,
        deleted=deleted,
        subject=subject,
        position=position,
        posted_at_text=shown,
    )


def _group_table_parts(root: LexborNode) -> list[_TableParts]:
    """One query in document order: every part belongs to the `<a name="pN">` before it."""
    groups: list[_TableParts] = []
    cur: _TableParts | None = None
    for node in root.css(_TABLE_PARTS_SEL):
        tag = node.tag
        if tag == "a":
            m = _ANCHOR_ID_RE.match(node.attributes.get("name") or "")
            if m:
                cur = _TableParts(int(m.group(1)))
                groups.append(cur)
            elif cur is not None:
                _table_link(cur, node)
            continue
        if cur is None:
            continue
        if tag == "b":
            if cur.author is None:
                cur.author = node
        elif tag == "td" or (tag == "div" and "gensmall" in (node.attributes.get("class") or "")):
            if cur.body is None:
                cur.header.append(node)
        elif tag == "div":
            if cur.body is None:
                cur.body = node
        elif tag == "span" and cur.body is not None:
            cur.notices.append(node)

    return groups


def _table_link(cur: _TableParts, node: LexborNode) -> None:
    """A profile link of the current post: the author's name before the body (styles that
    print it as a link), the bottom row's profile button after it."""
    if cur.body is None:
        if cur.author_link is None and node_text(node):
            cur.author_link = node
    elif cur.profile is None:
        # the profile button of the bottom row, not a link inside the body
        parent = node.parent
        if parent is not None and "gensmall" in (parent.attributes.get("class") or ""):
            cur.profile = node


def _table_author(g: _TableParts, where: str, issues: list[ParseIssue]) -> tuple[str, int | None]:
    """The author's name (bold, or a profile link in some styles) and user id, the id
    taken from the bottom row's profile button when the name carries none."""
    author_id: int | None = None
    if g.author is not None:
        author = node_text(g.author)
        link = g.author.css_first("a[href]")
        if link is not None:
            author_id = user_id_from_href(link.attributes.get("href"))
    else:
        author = node_text(g.author_link)
        if g.author_link is not None:
            author_id = user_id_from_href(g.author_link.attributes.get("href"))
    if not author:
        issues.append(ParseIssue(where, "no author"))
    if author_id is None and g.profile is not None:
        author_id = user_id_from_href(g.profile.attributes.get("href"))
    return author, author_id


_FIRST_POST_RE = re.compile(r"""<(?:div\s+id|a\s+name)=["']p\d+["']""")
_TAG_RE = re.compile(r"<[^>]*>")
_PER_PAGE_RE = re.compile(r"""per_page\s*=\s*['"]?(\d+)""")


def _page_info_from_head(info: _PageInfo, html: str) -> None:
    """Pagination for styles without div.pagination (subsilver2's td.nav, custom action bars):
    the "Page x of y" and "N posts" texts printed above the first post, and the page size
    from phpBB's own jump-to-page script."""
    m = _FIRST_POST_RE.search(html)
    head = html[: m.start()] if m else html
    # above the first post first; some styles print it only below the last one
    rest = list(_FIRST_POST_RE.finditer(html, m.end() if m else len(html)))
    tail = html[rest[-1].end() :] if rest else ""
    for part in (head, tail):
        text = collapse(_TAG_RE.sub(" ", part).replace("&nbsp;", " "))
        pm = _PAGE_OF_RE.search(text)
        if pm and info.page is None:
            info.page, info.total_pages = int(pm.group(1)), int(pm.group(2))
        tm = _TOTAL_POSTS_RE.search(text)
        if tm and info.total_posts is None:
            info.total_posts = int(tm.group(1))
    sm = _PER_PAGE_RE.search(head)
    if sm and info.per_page is None:
        info.per_page = int(sm.group(1)) or None


def _title_from_subject(tree_title: str, posts: list[Post]) -> str:
    """A style without a title heading: the first post's subject (less "Re: ") when the
    browser title carries it."""
    if not posts or not tree_title:
        return ""
    subject = posts[0].subject
    if subject[:4].lower() == "re: ":
        subject = subject[4:]
    return subject if subject and subject in tree_title else ""


# Per-post chrome nothing reads (edit/quote/report buttons, the contact dropdown): two thirds
# of the posts block. Cut out with str.find before parsing; bodies cannot contain these tags
# as markup (phpBB escapes user HTML), so the cut never reaches into a post body.
_CHROME = (
    ('<ul class="post-buttons">', "</ul>"),
    ('<dl class="postprofile"', "</dl>"),  # the author is read from p.author instead
    ('<div class="back2top">', "</div>"),
)
_CHROME_B = tuple((o.encode(), c.encode()) for o, c in _CHROME)


def _drop_chrome(block: AnyStr, chrome: tuple[tuple[AnyStr, AnyStr], ...]) -> AnyStr:
    for opener, closer in chrome:
        i = block.find(opener)
        if i < 0:
            continue
        parts: list[AnyStr] = []
        pos = 0
        while i >= 0:
            j = block.find(closer, i)
            if j < 0:
                break
            parts.append(block[pos:i])
            pos = j + len(closer)
            i = block.find(opener, pos)
        parts.append(block[pos:])
        block = block[:0].join(parts)
    return block


def _first_post_at(html: AnyStr, opener: AnyStr, tail: AnyStr) -> int:
    i = html.find(opener)
    n = len(opener)
    while i >= 0:
        j = k = i + n
        while k < len(html) and html[k : k + 1].isdigit():
            k += 1
        if k > j and html.startswith(tail, k):
            return i
        i = html.find(opener, k)
    return -1


def _slice(html: AnyStr) -> AnyStr | None:
    """The title/pagination block and the posts block of a prosilver topic page, chrome
    removed, or None when the page does not have the usual shape. Works on text or on UTF-8
    bytes (bytes skip a decode and lexbor's re-encode)."""
    if isinstance(html, bytes):
        return _slice_of(html, _MARKS_B, _CHROME_B)
    return _slice_of(html, _MARKS, _CHROME)


_MARKS = ('<div id="p', '" class="post', '<div class="action-bar bar-bottom">',
          '<h2 class="topic-title"', '<div id="page-body"',
          '<div class="action-bar bar-top">', '<div class="pagination">')  # fmt: skip
_MARKS_B = tuple(m.encode() for m in _MARKS)


def _slice_of(
    html: AnyStr, marks: tuple[AnyStr, ...], chrome: tuple[tuple[AnyStr, AnyStr], ...]
) -> AnyStr | None:
    start = _first_post_at(html, marks[0], marks[1])
    if start < 0:
        return None
    end = html.rfind(marks[2], start)  # from the end: the footer is short
    if end < 0:
        end = len(html)
    top = html.rfind(marks[3], 0, start)
    if top < 0:
        top = html.rfind(marks[4], 0, start)
    if top < 0:
        top = 0
    # The top bar's buttons, topic tools and search form (a sixth of what is left to parse)
    # sit between the bar's opening tag and its pagination, which is all that is read there:
    # cut them, keeping the bar's own tags so the tree around the pagination stays as it was.
    bar = html.find(marks[5], top, start)
    if bar >= 0:
        bar += len(marks[5])
        pag = html.find(marks[6], bar, start)
        if pag >= 0:
            return html[top:bar] + html[pag:start] + _drop_chrome(html[start:end], chrome)
    return html[top:start] + _drop_chrome(html[start:end], chrome)


# Marks of a guest's page when the login link itself is gone (a saved mirror renames links):
# phpBB shows the register link, and subsilver2 its icon, to guests only.
_GUEST_MARKS = ("mode=login", "mode=register", "icon_mini_register")
_GUEST_MARKS_B = tuple(m.encode() for m in _GUEST_MARKS)


def _logged_in(html: str | bytes) -> bool | None:
    if isinstance(html, bytes):
        if b"mode=logout" in html:
            return True
        return False if any(m in html for m in _GUEST_MARKS_B) else None
    if "mode=logout" in html:
        return True
    return False if any(m in html for m in _GUEST_MARKS) else None


_CHARSET_RE = re.compile(rb"""charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE)


def _utf8_bytes(data: bytes) -> bool:
    """True when the page declares UTF-8 or nothing (phpBB 3 always serves UTF-8)."""
    m = _CHARSET_RE.search(data, 0, 4096)
    return m is None or m.group(1).lower().replace(b"_", b"-") in (b"utf-8", b"utf8")


def _as_text(html: str | bytes) -> str:
    if isinstance(html, str):
        return html
    from parser.pages import decode_bytes

    return decode_bytes(html)


def parse_topic(
    html: str | bytes, *, tz: Tz = "Europe/Moscow", now: datetime | None = None
) -> TopicPage:
    """Read one phpBB topic page (normal or printable view); `html` may be text or the raw
    bytes of the page (faster: no decoding when the page is UTF-8)."""
    zone = get_tz(tz)
    issues: list[ParseIssue] = []
    if isinstance(html, bytes) and not _utf8_bytes(html):
        html = _as_text(html)
    sl: str | bytes | None = _slice(html) if isinstance(html, str) else _slice(html)  # noqa: RUF034 (narrows AnyStr for mypy)
    tree = parse_html(html if sl is None else sl)
    root = tree.root
    if (
        sl is None
        and tree.css_first("div.post div.date") is not None
        and not any(_POST_ID_RE.search(n.id or "") for n in tree.css("div.post"))
    ):
        return _parse_print(tree, _as_text(html), zone, now)
    info = _page_info(root, html)
    if info.topic_id is None:
        issues.append(ParseIssue("page", "no topic id"))
    page = info.page or 1
    per_page = info.per_page
    first_position: int | None = None
    if per_page:
        first_position = (page - 1) * per_page + 1
    elif page == 1:
        first_position = 1
    posts = _read_posts(root, zone, now, issues, first_position) if root is not None else []
    if not posts and root is not None and root.css_first("div.postbody") is not None:
        posts = _read_table_posts(root, zone, now, issues, first_position)
    title = info.title
    if not title:
        title = _title_from_subject(node_text(tree.css_first("title")), posts)
    if not posts:
        issues.append(ParseIssue("page", "no posts found"))
    if cut_short(html):
        issues.append(ParseIssue("page", CUT_SHORT))
    elif posts and info.total_posts and per_page and sl is not None:
        # the page's own counters: every page but the last holds a full page of posts
        expected = min(per_page, info.total_posts - (page - 1) * per_page)
        if len(posts) < expected:
            issues.append(
                ParseIssue(
                    "page",
                    f"{len(posts)} posts on page {page}, its counters promise {expected}: "
                    "the page may be cut short",
                )
            )
    total_pages = info.total_pages or page
    if info.total_pages is None and info.total_posts and per_page:
        total_pages = max(page, math.ceil(info.total_posts / per_page))
    next_url = info.next_url
    if next_url is None and page < total_pages and info.topic_id is not None and per_page:
        next_url = f"./viewtopic.php?t={info.topic_id}&start={page * per_page}"
    return TopicPage(
        topic_id=info.topic_id,
        title=title,
        page=page,
        total_pages=total_pages,
        posts=tuple(posts),
        next_url=next_url,
        total_posts=info.total_posts,
        logged_in=_logged_in(html),
        issues=tuple(issues),
    )


def _parse_print(tree: LexborHTMLParser, html: str, tz: tzinfo, now: datetime | None) -> TopicPage:
    """The printable view (view=print): no post or user ids anywhere; posts are still read."""
    issues: list[ParseIssue] = [
        ParseIssue("page", "printable view: posts carry no board ids (id=0) and no user ids")
    ]
    title_node = tree.css_first("#page-header h2") or tree.css_first("h2")
    title = node_text(title_node)
    topic_id = None
    m = _TOPIC_LINK_RE.search(html)
    if m:
        topic_id = int(m.group(1))
    page, total_pages = 1, 1
    pn = tree.css_first("div.page-number")
    if pn is not None:
        pm = _PAGE_OF_RE.search(node_text(pn))
        if pm:
            page, total_pages = int(pm.group(1)), int(pm.group(2))
    posts: list[Post] = []
    for i, node in enumerate(tree.css("div.post")):
        where = f"post #{i + 1}"
        an = node.css_first("div.author strong") or node.css_first("div.author")
        author = node_text(an)
        dn = node.css_first("div.date strong") or node.css_first("div.date")
        dtext = node_text(dn)
        posted_at, why = read_date(dtext, tz=tz, now=now) if dtext else (None, "no post time")
        if why:
            issues.append(ParseIssue(where, why))
        content = node.css_first("div.content")
        body = _safe_body(content, where, issues) if content is not None else Body()
        posts.append(
            Post(
                id=0,
                author=author,
                author_id=None,
                posted_at=posted_at,
                body_html=body.html,
                text=body.text,
                own_text=body.own_text,
                colored=body.colored,
                quotes=body.quotes,
                linked_posts=body.links,
                subject=node_text(node.css_first("h3")),
                # the page size is not printed; only page 1's positions are certain
                position=i + 1 if page == 1 else None,
                posted_at_text=dtext,
            )
        )
    if cut_short(html):
        issues.append(ParseIssue("page", CUT_SHORT))
    return TopicPage(
        topic_id=topic_id,
        title=title,
        page=page,
        total_pages=total_pages,
        posts=tuple(posts),
        logged_in=None,
        issues=tuple(issues),
    )


# --- private messages -----------------------------------------------------------------------


def _unread_badge(root: LexborNode | None) -> int | None:
    if root is None:
        return None
    for a in root.css("a"):
        href = a.attributes.get("href") or ""
        if "i=pm" in href and "folder=inbox" in href:
            badge = a.css_first("strong.badge")
            if badge is not None:
                return first_int(node_text(badge))
            return 0
    return None


def parse_pm_folder(
    html: str, *, tz: Tz = "Europe/Moscow", now: datetime | None = None
) -> PMFolder:
    """Read a PM folder listing (ul.pmlist li.row)."""
    zone = get_tz(tz)
    issues: list[ParseIssue] = []
    tree = parse_html(html)
    root = tree.root
    rows: list[PMSummary] = []
    for li in tree.css("ul.pmlist li.row"):
        dl = li.css_first("dl.row-item") or li.css_first("dl")
        classes = ((dl.attributes.get("class") if dl is not None else "") or "").split()
        link = li.css_first("a.topictitle")
        msg_id = query_int(link.attributes.get("href") if link is not None else None, "p")
        if msg_id is None:
            issues.append(ParseIssue("pm row", "row without a message id"))
            continue
        where = f"pm {msg_id}"
        sender_node = li.css_first(
            "div.list-inner a.username, div.list-inner a.username-coloured, "
            "div.list-inner span.username, div.list-inner span.username-coloured"
        )
        sender = node_text(sender_node)
        sender_id = (
            user_id_from_href(sender_node.attributes.get("href"))
            if sender_node is not None
            else None
        )
        inner = li.css_first("div.list-inner")
        sent_text = node_text(inner).rsplit("»", 1)[-1].strip() if inner is not None else ""
        sent_at, why = read_date(sent_text, tz=zone, now=now) if sent_text else (None, "no time")
        if why:
            issues.append(ParseIssue(where, why))
        rows.append(
            PMSummary(
                id=msg_id,
                sender=sender,
                sender_id=sender_id,
                subject=node_text(link),
                sent_at=sent_at,
                unread=any(c.startswith("pm_unread") for c in classes),
            )
        )
    if not rows and tree.css_first("ul.pmlist") is None:
        issues.append(ParseIssue("page", "no PM list on this page"))
    if cut_short(html):
        issues.append(ParseIssue("page", CUT_SHORT))
    return PMFolder(
        messages=tuple(rows),
        unread_count=_unread_badge(root),
        logged_in=_logged_in(html),
        issues=tuple(issues),
    )


_SENT_LABELS = ("отправлено", "sent", "дата", "date")
_FROM_LABELS = ("от", "from", "автор", "author")
_TO_LABELS = ("получатель", "получатели", "кому", "to", "recipient", "recipients", "копия", "bcc")


def _pm_header(
    pa: LexborNode,
    sender: str,
    sender_id: int | None,
    recipients: list[str],
    sent_parts: list[str],
) -> tuple[str, int | None]:
    """Walk a PM's labelled header line («Отправлено:», «Кому:», «От:»): recipients and the
    sent time's text go into the given lists; the sender (when the page named none
    elsewhere) is returned. Apart from `parse_pm`: the label state machine is its own job."""
    label = ""
    for child in pa.iter(include_text=True):
        tag = child.tag
        if tag == "strong":
            label = node_text(child).rstrip(":").strip().lower()
        elif tag == "br":
            label = ""
        elif tag == "a" or (tag == "span" and "username" in (child.attributes.get("class") or "")):
            name = node_text(child)
            if label in _TO_LABELS and name:
                recipients.append(name)
            elif label in _FROM_LABELS and not sender:
                sender = name
                sender_id = user_id_from_href(child.attributes.get("href"))
        elif child.is_text_node and label in _SENT_LABELS:
            sent_parts.append(child.text_content or "")
    return sender, sender_id


def parse_pm(
    html: str, *, tz: Tz = "Europe/Moscow", now: datetime | None = None
) -> PrivateMessage | None:
    """Read a PM view page: the message in div.post.pm (not the #topicreview history)."""
    zone = get_tz(tz)
    tree = parse_html(html)
    node = None
    for cand in tree.css("div.post.pm"):
        if _PM_ID_RE.search(cand.id or ""):
            node = cand
            break
    if node is None:
        return None
    issues: list[ParseIssue] = []
    m = _PM_ID_RE.search(node.id or "")
    msg_id = int(m.group(1)) if m else 0
    where = f"pm {msg_id}"
    sender, sender_id = _author(node)
    recipients: list[str] = []
    sent_parts: list[str] = []
    pa = node.css_first("p.author")
    if pa is not None:
        sender, sender_id = _pm_header(pa, sender, sender_id, recipients, sent_parts)
    sent_text = collapse(" ".join(sent_parts))
    sent_at: datetime | None = None
    if sent_text:
        sent_at, why = read_date(sent_text, tz=zone, now=now)
        if why:
            issues.append(ParseIssue(where, why))
    else:
        issues.append(ParseIssue(where, "no sent time"))
    if not sender:
        issues.append(ParseIssue(where, "no sender"))
    subj = node.css_first("div.postbody h3") or node.css_first("h3")
    content = node.css_first("div.content")
    if content is None:
        issues.append(ParseIssue(where, "no message body (div.content)"))
        body = Body()
    else:
        body = _safe_body(content, where, issues)
    if cut_short(html):
        issues.append(ParseIssue(where, CUT_SHORT))
    return PrivateMessage(
        id=msg_id,
        sender=sender,
        sender_id=sender_id,
        recipients=tuple(recipients),
        subject=node_text(subj),
        sent_at=sent_at,
        body_html=body.html,
        text=body.text,
        own_text=body.own_text,
        quotes=body.quotes,
        issues=tuple(issues),
    )


def _topic(html: str | bytes, *, tz: Tz, now: datetime | None) -> TopicPage:
    return parse_topic(html, tz=tz, now=now)


def _folder(html: str, *, tz: Tz, now: datetime | None) -> PMFolder:
    return parse_pm_folder(html, tz=tz, now=now)


def _pm(html: str, *, tz: Tz, now: datetime | None) -> PrivateMessage | None:
    return parse_pm(html, tz=tz, now=now)


register_board(
    BoardReader(
        name="phpbb", detect=detect, topic=_topic, pm_folder=_folder, pm=_pm, is_login=is_login
    )
)
