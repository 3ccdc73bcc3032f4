"""Small readers for the *shape* of phpBB pages: forms, error boxes, login state, who is
logged in, a PM folder's next page.

This is what a client needs to drive the board (which form to submit, did it work, whose
session this is). Reading posts and messages — and a topic page's place among its pages — is
the parser's job (`parser/`), done once per page. All functions are forgiving: they return
None / empty on markup they do not recognise.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urljoin

from selectolax.lexbor import LexborHTMLParser, LexborNode

from parser.html import query_int as query_int  # the one reader of a URL's number parameters
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


# the header's member menu (prosilver 3.1+: `li#username_logged_in`) links the account's own
# profile, «./memberlist.php?mode=viewprofile&amp;u=2», before its logout link
_MEMBER_MENU = 'id="username_logged_in"'
_OWN_PROFILE = re.compile(r"mode=viewprofile&(?:amp;)?u=(\d+)")


def own_user_id(html: str) -> int | None:
    """The board user id of the account a page was served to, from the header's member menu
    (its link to the account's own profile); None where the page shows none (a guest's page,
    a style without the menu, a group that may not view profiles)."""
    at = html.find(_MEMBER_MENU)
    if at < 0:
        return None
    end = html.find("mode=logout", at)
    m = _OWN_PROFILE.search(html, at, end if end > 0 else at + 4000)
    return int(m.group(1)) if m else None


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


def pm_recipients(html: str) -> list[str]:
    """Names listed as recipients on a PM compose form (`ul.recipients`)."""
    return [
        " ".join(a.text(deep=True).split())
        for a in _tree(html).css("ul.recipients a")
        if a.text(deep=True).strip()
    ]
