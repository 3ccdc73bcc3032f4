"""Forms and session tokens an Invision page carries (what the client submits)."""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser

from parser.ipb.text import attr_of


@dataclass(frozen=True, slots=True)
class HtmlForm:
    """A form as the page has it: where it posts and its fields (name → value)."""

    id: str | None
    name: str | None
    method: str
    action: str
    enctype: str | None
    fields: tuple[tuple[str, str, str], ...]  # (name, value, type) in document order

    def values(self) -> dict[str, str]:
        """Field values a browser would submit by default (checked boxes, first radio)."""
        out: dict[str, str] = {}
        for name, value, kind in self.fields:
            if not name or kind in ("checkbox", "radio", "submit", "button", "image", "file"):
                continue
            out.setdefault(name, value)
        return out


def parse_forms(html: str) -> tuple[HtmlForm, ...]:
    tree = LexborHTMLParser(html)
    forms: list[HtmlForm] = []
    for f in tree.css("form"):
        fields: list[tuple[str, str, str]] = []
        for inp in f.css("input, textarea, select, button"):
            name = attr_of(inp, "name") or ""
            kind0 = (attr_of(inp, "type") or ("submit" if inp.tag == "button" else "")).lower()
            if not name and kind0 != "submit":
                continue  # unnamed submit buttons are kept (name "") so callers see the label
            if inp.tag == "textarea":
                fields.append((name, inp.text(deep=True), "textarea"))
            elif inp.tag == "select":
                opt = inp.css_first("option[selected]") or inp.css_first("option")
                fields.append((name, (attr_of(opt, "value") or "") if opt else "", "select"))
            else:
                kind = (
                    attr_of(inp, "type") or ("submit" if inp.tag == "button" else "text")
                ).lower()
                value = attr_of(inp, "value") or (inp.text() if inp.tag == "button" else "")
                fields.append((name, value.strip() if inp.tag == "button" else value, kind))
        forms.append(
            HtmlForm(
                id=attr_of(f, "id"),
                name=attr_of(f, "name"),
                method=(attr_of(f, "method") or "get").upper(),
                action=htmllib.unescape(attr_of(f, "action") or ""),
                enctype=attr_of(f, "enctype"),
                fields=tuple(fields),
            )
        )
    return tuple(forms)


@dataclass(frozen=True, slots=True)
class PageTokens:
    """Session and anti-CSRF values an Invision page carries."""

    auth_key: str | None = None  # IPB 1.x-3.x form field / 2.x `ipb_md5_check` / 3.x secure_hash
    csrf_key: str | None = None  # IPS 4.x/5.x `csrfKey`
    session_id: str | None = None  # `s=` in IPB 1.x/2.x URLs, `ipb_var_s`, 3.x session_id
    member_id: int | None = None  # 0 for a guest where the page says so


def page_tokens(html: str) -> PageTokens:
    auth = None
    for pat in (
        r"name=[\"']auth_key[\"'][^>]*value=[\"']([0-9a-f]{32})",
        r"value=[\"']([0-9a-f]{32})[\"'][^>]*name=[\"']auth_key[\"']",
        r"ipb_md5_check\s*[=:]\s*[\"']([0-9a-f]{32})",
        r"ipb\.vars\[\s*['\"]secure_hash['\"]\s*\]\s*=\s*['\"]([0-9a-f]{32})",
        r"auth_key=([0-9a-f]{32})",
    ):
        m = re.search(pat, html)
        if m:
            auth = m.group(1)
            break
    csrf = None
    for pat in (
        r"csrfKey\s*:\s*[\"']([0-9a-f]{32})",
        r"name=[\"']csrfKey[\"'][^>]*value=[\"']([0-9a-f]{32})",
        r"csrfKey=([0-9a-f]{32})",
    ):
        m = re.search(pat, html)
        if m:
            csrf = m.group(1)
            break
    sid = None
    m = re.search(r"ipb_var_s\s*[=:]\s*[\"']([0-9a-f]{32})", html) or re.search(
        r"ipb\.vars\[\s*['\"]session_id['\"]\s*\]\s*=\s*['\"]([0-9a-f]{32})", html
    )
    if m is None:
        m = re.search(r"[?&;]s=([0-9a-f]{32})", html)
    if m:
        sid = m.group(1)
    member = None
    m = (
        re.search(r"memberID\s*:\s*(\d+)", html)
        or re.search(
            r"ipb\.vars\[\s*['\"]member_id['\"]\s*\]\s*=\s*(?:parseInt\(\s*)?['\"]?(\d+)", html
        )
        or re.search(r"ipb_member_id\s*[=:]\s*[\"']?(\d+)", html)
    )
    if m:
        member = int(m.group(1))
    return PageTokens(auth_key=auth, csrf_key=csrf, session_id=sid, member_id=member)
