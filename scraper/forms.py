"""Small readers for the *shape* of phpBB pages: forms, error boxes, login state, navigation.

This is what a client needs to drive the board (which form to submit, did it work, where is
the next page). Reading posts and messages themselves is the parser's job (`parser/`).
All functions are forgiving: they return None / empty on markup they do not recognise.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urljoin, urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from parser.pages import is_login_page as parser_is_login_page

_VALUE_TYPES = {"", "hidden", "text", "password", "email", "number", "search", "url", "tel"}


def _tree(html: str) -> LexborHTMLParser:
    return LexborHTMLParser(html)


@dataclass(frozen=True, slots=True)
class Control:
    name: str
    value: str
    kind: str  # "value" (always sent), "check" (sent when checked), "submit" (when pressed)
    checked: bool = False


@dataclass(frozen=True, slots=True)
class Form:
    """A form's successful controls in document order, like a browser without JavaScript."""

    action: str  # absolute URL
    method: str
    controls: tuple[Control, ...]
    form_id: str = ""

    def names(self) -> set[str]:
        return {c.name for c in self.controls}

    def value(self, name: str) -> str | None:
        for c in self.controls:
            if c.name == name and (c.kind == "value" or c.checked):
                return c.value
        return None

    def values(self, name: str) -> list[str]:
        return [c.value for c in self.controls if c.name == name and c.kind == "value"]

    def box(self, name: str) -> str | None:
        """The value a checkbox named `name` sends once ticked (None: no such box)."""
        for c in self.controls:
            if c.name == name and c.kind == "check":
                return c.value
        return None

    def submit_buttons(self) -> list[str]:
        return [c.name for c in self.controls if c.kind == "submit"]

    def fill(
        self, press: str | None, values: Mapping[str, str] | None = None
    ) -> list[tuple[str, str]]:
        """The body a browser would send: every value control, checked boxes, the pressed
        button, in document order. `values` overrides a control's value (a checkbox named
        there is sent checked with that value); names absent from the form are appended."""
        values = dict(values or {})
        out: list[tuple[str, str]] = []
        used: set[str] = set()
        for c in self.controls:
            if c.kind == "submit":
                if c.name == press:
                    out.append((c.name, c.value))
                continue
            if c.name in values:
                if c.name in used:
                    continue  # radio groups: one value
                used.add(c.name)
                out.append((c.name, values[c.name]))
                continue
            if c.kind == "value" or c.checked:
                out.append((c.name, c.value))
        out.extend((k, v) for k, v in values.items() if k not in used)
        return out


def find_form(html: str, base_url: str, selector: str) -> Form | None:
    node = _tree(html).css_first(selector)
    if node is None or node.tag != "form":
        return None
    controls: list[Control] = []
    for el in node.css("input, select, textarea, button"):
        attrs = el.attributes
        name = attrs.get("name")
        if not name or "disabled" in attrs:
            continue
        if el.tag == "input":
            typ = (attrs.get("type") or "").lower()
            val = attrs.get("value") or ""
            if typ in _VALUE_TYPES:
                controls.append(Control(name, val, "value"))
            elif typ in ("checkbox", "radio"):
                controls.append(Control(name, val or "on", "check", "checked" in attrs))
            elif typ in ("submit", "image"):
                controls.append(Control(name, val, "submit"))
            # file, reset, button: a browser sends none of them in a urlencoded body
        elif el.tag == "textarea":
            controls.append(Control(name, el.text(deep=True), "value"))
        elif el.tag == "select":
            controls.append(Control(name, _selected(el), "value"))
        elif el.tag == "button" and (attrs.get("type") or "submit").lower() == "submit":
            controls.append(Control(name, attrs.get("value") or "", "submit"))
    action = urljoin(base_url, node.attributes.get("action") or base_url)
    method = (node.attributes.get("method") or "get").lower()
    return Form(action, method, tuple(controls), node.attributes.get("id") or "")


def _selected(select: LexborNode) -> str:
    first: str | None = None
    for opt in select.css("option"):
        val = opt.attributes.get("value")
        if val is None:
            val = opt.text(deep=True)
        if first is None:
            first = val
        if "selected" in opt.attributes:
            return val
    return first or ""


# -- page state ------------------------------------------------------------------------------


def is_login_page(html: str) -> bool:
    """The board served its login form (a members-only page while logged out)."""
    return parser_is_login_page(html)


def has_logout_link(html: str) -> bool:
    return "mode=logout" in html


def error_text(html: str) -> str | None:
    """Text of the form error box: `p.error` on posting/PM forms, `div.error` on login."""
    tree = _tree(html)
    node = tree.css_first("form p.error") or tree.css_first("p.error")
    node = node or tree.css_first("form#login div.error") or tree.css_first("div.error")
    if node is None:
        return None
    text = " ".join(node.text(deep=True, separator=" ").split())
    return text or None


def info_message(html: str) -> str | None:
    """Text of an info/message page (`#message .inner p`), e.g. «Запрошенной темы не
    существует.» or «Ваше сообщение успешно отправлено.»."""
    node = _tree(html).css_first("#message .inner")
    if node is None:
        return None
    paras = [" ".join(p.text(deep=True, separator=" ").split()) for p in node.css("p")]
    text = " ".join(p for p in paras if p)
    return text or " ".join(node.text(deep=True, separator=" ").split()) or None


def meta_refresh_url(html: str, base_url: str) -> str | None:
    for meta in _tree(html).css("meta"):
        if (meta.attributes.get("http-equiv") or "").lower() == "refresh":
            content = meta.attributes.get("content") or ""
            m = re.search(r"url=(.+)$", content, re.I)
            if m:
                return str(urljoin(base_url, m.group(1).strip()))
    return None


def is_complete(html: str) -> bool:
    """A whole page has its closing </html> near the end (servers sometimes append a comment
    after it); a dropped connection leaves the page cut short without one."""
    return "</html>" in html[-4096:].lower()


def query_int(url: str, name: str) -> int | None:
    vals = parse_qs(urlsplit(url).query).get(name)
    if not vals:
        return None
    try:
        return int(vals[0])
    except ValueError:
        return None


# -- topic navigation ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TopicNav:
    page: int
    total_pages: int
    post_ids: tuple[int, ...]
    next_url: str | None
    page_starts: dict[int, int] = field(default_factory=dict)  # page number -> start offset
    per_page: int | None = None


_START = re.compile(r"[?&;]start=(\d+)")
# a div opening tag that may be a post's or the pagination's (checked by class after): the
# few hundred others of a page are skipped by the regex engine, not a Python loop
_DIV_NAV = re.compile(r"<div\s[^>]*(?:post|pagination)[^>]*>", re.IGNORECASE)
_DIV_EDGE = re.compile(r"<(/?)div\b[^>]*>", re.IGNORECASE)
_CLASS = re.compile(r"""\bclass\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.IGNORECASE)
_POST_ID = re.compile(r"""(?<![\w-])id\s*=\s*["']?p(\d+)["'\s>]""", re.IGNORECASE)


def _has_class(tag: str, name: str) -> bool:
    m = _CLASS.search(tag)
    return m is not None and name in (m.group(1) or m.group(2) or "").split()


def _balanced_div(html: str, start: int) -> str:
    """The `<div>` opening at `start` up to its matching `</div>` (to the end if unclosed)."""
    depth = 0
    for m in _DIV_EDGE.finditer(html, start):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            return html[start : m.end()]
    return html[start:]


def topic_nav(html: str, base_url: str) -> TopicNav | None:
    """Page number, page count, post ids and the next-page link of a viewtopic page;
    None if this is not a topic page.

    A string scan, not a parse of the page: the posts are parsed once, by the reader that
    stores them. Post ids come from the `div.post` opening tags; only the first
    `div.pagination` block is cut out and parsed."""
    ids: list[int] = []
    pag_at: int | None = None
    for m in _DIV_NAV.finditer(html):
        tag = m.group(0)
        if pag_at is None and _has_class(tag, "pagination"):
            pag_at = m.start()
        elif _has_class(tag, "post"):
            pid = _POST_ID.search(tag)
            if pid:
                ids.append(int(pid.group(1)))
    pag = None if pag_at is None else _tree(_balanced_div(html, pag_at)).css_first("div.pagination")
    if not ids and pag is None:
        return None
    page, total, next_url = 1, 1, None
    starts: dict[int, int] = {}
    per_page: int | None = None
    if pag is not None:
        active = pag.css_first("li.active span")
        if active is not None and active.text(deep=True).strip().isdigit():
            page = int(active.text(deep=True).strip())
        total = page
        for a in pag.css("a.button"):
            attrs = a.attributes
            label = a.text(deep=True).strip()
            if label.isdigit():
                # a page's offset straight from the raw href: a style that lists every page
                # has a thousand links on each page of a long topic
                total = max(total, int(label))
                offset = _START.search(attrs.get("href") or "")
                starts[int(label)] = int(offset.group(1)) if offset else 0
            if next_url is None and attrs.get("rel") == "next":
                next_url = urljoin(base_url, attrs.get("href") or "")
        jump = pag.css_first("input[data-per-page]")
        if jump is not None and (jump.attributes.get("data-per-page") or "").isdigit():
            per_page = int(jump.attributes.get("data-per-page") or "0") or None
    if per_page is None:  # styles without the page-jump box: derive it from the links
        guesses = [s // (p - 1) for p, s in starts.items() if p > 1 and s > 0]
        per_page = min(guesses) if guesses else None
    return TopicNav(page, total, tuple(ids), next_url, starts, per_page)


def next_page_url(html: str, base_url: str) -> str | None:
    """The `rel="next"` link of a page's pagination block (topics and PM folders alike)."""
    for pag in _tree(html).css("div.pagination"):
        a = pag.css_first("a[rel='next']")
        if a is not None and a.attributes.get("href"):
            return urljoin(base_url, a.attributes.get("href") or "")
    return None


def pm_recipients(html: str) -> list[str]:
    """Names listed as recipients on a PM compose form (`ul.recipients`)."""
    return [
        " ".join(a.text(deep=True).split())
        for a in _tree(html).css("ul.recipients a")
        if a.text(deep=True).strip()
    ]
