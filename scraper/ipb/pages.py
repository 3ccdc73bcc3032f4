"""Small readers of Invision pages and URLs the client stages share: error boxes, forms,
page links, ids in redirect targets, refusal phrases, the member a page was served to."""

from __future__ import annotations

import html as htmlmod
import re
from collections.abc import Sequence
from urllib.parse import parse_qs, parse_qsl, urlsplit

import httpx
from selectolax.lexbor import LexborHTMLParser

from scraper import forms
from scraper.http import page_text
from scraper.ipb.caps import _ERROR_SELECTORS


def _stated_wait(says: str) -> float | None:
    """Seconds a flood refusal names («подождите 30 секунд», «wait 30 seconds»), if any."""
    m = re.search(r"(\d+)\s*(?:сек|second|s\b)", says.lower())
    return float(m.group(1)) if m else None


def _text(resp: httpx.Response) -> str:
    return page_text(resp)


# Where each generation names the member a page was served to, each with the literal it
# starts with: IPS 4/5 `ipsSettings = { … memberID: 5212 }`, 4PDA's IPB 2 fork
# `window.CONFIG … c.member_id=1621715`, IPB 3 `ipb.vars['member_id'] = parseInt( 42 )` (0 for
# a guest: no member).
_MEMBER_VARS = (
    ("memberID", re.compile(r"memberID\s*:\s*(\d+)")),
    ("c.member_id", re.compile(r"c\.member_id\s*=\s*(\d+)")),
    (
        "ipb.vars[",
        re.compile(r"ipb\.vars\[\s*['\"]member_id['\"]\s*\]\s*=\s*(?:parseInt\(\s*)?['\"]?(\d+)"),
    ),
)
# IPB 1.x/2.x: the member bar (`#userlinks`) greets the member with a link to his own profile
# («Привет, <a href='…showuser=1'>Ведущий</a>», «Вы вошли как: …») before its logout link
_MEMBER_BAR = ("id='userlinks'", 'id="userlinks"')
_LOGOUT = re.compile(r"act=Login&(?:amp;)?CODE=03")
_SHOWUSER = re.compile(r"showuser=(\d+)")


def _own_member_id(html: str) -> int | None:
    """The member id of the account a page was served to, as the page's own markup says it;
    None for a guest's page or markup that does not say."""
    for literal, pattern in _MEMBER_VARS:
        at = html.find(literal)
        m = pattern.search(html, at) if at >= 0 else None
        if m is not None:
            return int(m.group(1)) or None
    for literal in _MEMBER_BAR:
        at = html.find(literal)
        if at < 0:
            continue
        logout = _LOGOUT.search(html, at, at + 4000)
        m = _SHOWUSER.search(html, at, logout.start()) if logout is not None else None
        return int(m.group(1)) if m else None
    return None


def _has(text: str, phrases: Sequence[str]) -> bool:
    low = text.lower()
    return any(p in low for p in phrases)


def _member_cookie(name: str) -> bool:
    # IPB 1.x-3.x `member_id` (with the board's cookie prefix), IPS 4 `ips4_member_id`
    return name.endswith("member_id")


def _member_cookie_set(http: httpx.Client) -> bool:
    return any(c.value not in ("", "0") for c in http.cookies.jar if _member_cookie(c.name))


def _member_cookie_id(http: httpx.Client) -> int | None:
    """The member id the session's cookie names (IPB 1.x-3.x `member_id`, IPS 4
    `ips4_member_id`; set by the board at login), None for none or a guest's 0."""
    for c in http.cookies.jar:
        if _member_cookie(c.name) and c.value is not None and c.value.isdigit():
            return int(c.value) or None
    return None


def _error_text(html: str) -> str | None:
    tree = LexborHTMLParser(html)
    for sel in _ERROR_SELECTORS:
        node = tree.css_first(sel)
        if node is not None:
            text = " ".join(node.text(deep=True).split())
            if text:
                return text
    return None


def _form_selector(node_attrs: dict[str, str | None], index: int) -> str:
    if node_attrs.get("id"):
        return f"form#{node_attrs['id']}"
    if node_attrs.get("name"):
        return f"form[name='{node_attrs['name']}']"
    return f"form[data-mafiabot-form='{index}']"


def _form_with(html: str, base_url: str, field_name: str) -> forms.Form | None:
    """The first form holding a control named `field_name`."""
    tree = LexborHTMLParser(html)
    for i, node in enumerate(tree.css("form")):
        if node.css_first(f"[name='{field_name}']") is None:
            continue
        node.attrs["data-mafiabot-form"] = str(i)
        attrs = {k: v for k, v in node.attributes.items()}
        return forms.find_form(tree.html or html, base_url, _form_selector(attrs, i))
    return None


def _password_form(html: str, base_url: str) -> forms.Form | None:
    tree = LexborHTMLParser(html)
    for i, node in enumerate(tree.css("form")):
        if node.css_first("input[type='password']") is None:
            continue
        node.attrs["data-mafiabot-form"] = str(i)
        attrs = {k: v for k, v in node.attributes.items()}
        return forms.find_form(tree.html or html, base_url, _form_selector(attrs, i))
    return None


def _page_key(url: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A URL compared as a page: query order ignored, and a first page's explicit
    `st=0`/`start=0`/`page=1` the same as none (page 2 links back to page 1 that way)."""
    parts = urlsplit(url)
    first = {("st", "0"), ("start", "0"), ("page", "1")}
    query = tuple(
        sorted(q for q in parse_qsl(parts.query, keep_blank_values=True) if q not in first)
    )
    return (parts.path, query)


def _reply_link(html: str, topic_id: int) -> str | None:
    tree = LexborHTMLParser(html)
    for a in tree.css("a[href]"):
        href = htmlmod.unescape(a.attributes.get("href") or "")
        q = parse_qs(urlsplit(href).query)
        if (
            q.get("t") == [str(topic_id)]
            and (q.get("CODE") == ["02"] or q.get("do") == ["reply_post"])
            and "qpid" not in q
        ):
            return href
    return None


def _post_id_from_url(url: str) -> int | None:
    if not url:
        return None
    q = parse_qs(urlsplit(url).query)
    for key in ("p", "pid", "comment"):
        if q.get(key) and q[key][0].isdigit():
            return int(q[key][0])
    m = re.search(r"#(?:entry|comment-|findComment-)(\d+)", url)
    return int(m.group(1)) if m else None


def _topic_id_from_url(url: str) -> int | None:
    if not url:
        return None
    q = parse_qs(urlsplit(url).query)
    for key in ("showtopic", "t"):
        if q.get(key) and q[key][0].isdigit():
            return int(q[key][0])
    m = re.search(r"/topic/(\d+)-", url)
    return int(m.group(1)) if m else None


def _pm_id_from_url(url: str) -> int | None:
    if not url:
        return None
    q = parse_qs(urlsplit(url).query)
    for key in ("MSID", "topicID"):
        if q.get(key) and q[key][0].isdigit():
            return int(q[key][0])
    m = re.search(r"/messenger/(\d+)", url)
    return int(m.group(1)) if m else None
