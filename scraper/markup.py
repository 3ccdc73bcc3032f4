"""Our BBCode as the HTML an IPS 4/5 editor field takes.

The templates write BBCode, which phpBB and IPB 1.x-3.x render natively, but the IPS 4/5
editor field takes HTML — BBCode sent there shows up as literal brackets. `bbcode_to_html`
converts the tags our templates use into the HTML the IPS editor itself produces (`<p>`,
`<strong>`, `<span style="color:#…;">`, `<blockquote class="ipsQuote">`), escaping everything
else. It lives beside the board clients (which apply it to what they submit, as the board's
markup capability says) and depends on nothing else in the project, so the poster and the
clients can both import it without importing each other.
"""

from __future__ import annotations

import html
import re

__all__ = ["bbcode_to_html"]

# [size=N]: IPB's 1-7 scale, or phpBB-style percent (our marker uses [size=50]).
_IPB_SIZES = {1: "8px", 2: "10px", 3: "12px", 4: "14px", 5: "18px", 6: "24px", 7: "36px"}
_COLOR = re.compile(r"^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]{3,20})$")
_URL = re.compile(r"^(?:https?://|/)[^\s\"'<>]*$")

_SIMPLE = {"b": "strong", "i": "em", "u": "u", "s": "s"}


def _size(value: str) -> str | None:
    if not value.isdigit():
        return None
    n = int(value)
    if n in _IPB_SIZES:
        return _IPB_SIZES[n]
    return f"{min(max(n, 30), 300)}%"


def _convert_inline(text: str) -> str:
    """Paired inline tags, innermost first, until nothing changes (handles nesting)."""
    for _ in range(20):
        before = text
        for tag, el in _SIMPLE.items():
            text = re.sub(
                rf"\[{tag}\](.*?)\[/{tag}\]", rf"<{el}>\1</{el}>", text, flags=re.S | re.I
            )

        def color(m: re.Match[str]) -> str:
            value = html.unescape(m.group(1)).strip()
            if not _COLOR.match(value):
                return m.group(2)
            return f'<span style="color:{value};">{m.group(2)}</span>'

        text = re.sub(r"\[color=([^\]]+)\](.*?)\[/color\]", color, text, flags=re.S | re.I)

        def size(m: re.Match[str]) -> str:
            value = _size(m.group(1).strip())
            if value is None:
                return m.group(2)
            return f'<span style="font-size:{value};">{m.group(2)}</span>'

        text = re.sub(r"\[size=([^\]]+)\](.*?)\[/size\]", size, text, flags=re.S | re.I)

        def url(m: re.Match[str]) -> str:
            target = html.unescape((m.group(1) or m.group(2)).strip())
            if not _URL.match(target):
                return m.group(2)
            href = html.escape(target, quote=True)
            return f'<a href="{href}" rel="external nofollow">{m.group(2)}</a>'

        text = re.sub(r"\[url(?:=([^\]]+))?\](.*?)\[/url\]", url, text, flags=re.S | re.I)
        if text == before:
            break
    return text


def _paragraphs(text: str) -> str:
    parts = [p for p in re.split(r"\n\s*\n", text.strip("\n")) if p.strip()]
    return "".join(f"<p>{p.strip().replace(chr(10), '<br>')}</p>" for p in parts)


def bbcode_to_html(text: str) -> str:
    """BBCode (as our templates write it) → HTML for the IPS 4/5 editor field."""
    escaped = html.escape(text, quote=False)
    # block tags first: quotes and spoilers hold paragraphs of their own
    out: list[str] = []
    pos = 0
    block = re.compile(r"\[(quote|spoiler)(?:=([^\]]*))?\](.*?)\[/\1\]", flags=re.S | re.I)
    for m in block.finditer(escaped):
        out.append(_paragraphs(_convert_inline(escaped[pos : m.start()])))
        inner = bbcode_to_html(html.unescape(m.group(3)))
        if m.group(1).lower() == "quote":
            who = m.group(2)
            attrs = (
                f' data-ipsquote-username="{html.escape(html.unescape(who).strip(), quote=True)}"'
                if who
                else ""
            )
            out.append(
                f'<blockquote class="ipsQuote" data-ipsquote=""{attrs}>'
                f'<div class="ipsQuote_contents">{inner}</div></blockquote>'
            )
        else:
            out.append(f'<div class="ipsSpoiler" data-ipsspoiler="">{inner}</div>')
        pos = m.end()
    out.append(_paragraphs(_convert_inline(escaped[pos:])))
    return "".join(out)
