"""Turning the bytes of a board page into text.

Russian IPB 1.x/2.x boards (and some phpBB 2 boards) serve windows-1251; newer boards serve
UTF-8. A page says what it is in three places — a byte-order mark, the HTTP `Content-Type`
header and a `<meta>` tag — and any of them can be wrong: saved copies are often transcoded to
UTF-8 while keeping their `<meta charset=windows-1251>` (see fixtures/ipb/MANIFEST.md), and
proxies relabel pages. So a declaration is only a candidate; it is accepted when the bytes
decode strictly under it, and bytes that are valid UTF-8 with non-ASCII in them are read as
UTF-8 whatever a single-byte label says (a single-byte codec such as windows-1251 decodes
almost any byte string, so "it decoded" proves nothing for it, while real Cyrillic
windows-1251 text is practically never valid UTF-8). When nothing fits, charset_normalizer
guesses, and the last resort is UTF-8 with replacement characters — this never raises.
"""

from __future__ import annotations

import codecs
import logging
import re
from collections.abc import Iterable

__all__ = [
    "DecodedText",
    "declared_charsets",
    "decode_html",
    "decode_html_ex",
    "misread",
    "utf8_declared",
]

log = logging.getLogger(__name__)

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# How far into the page to look for <meta charset>. The HTML standard's prescan stops at
# 1024 bytes, but old forum skins put long comments and scripts before the meta tag.
_META_SCAN_BYTES = 8192

_ANY_BOM = tuple(bom for bom, _name in _BOMS)

_HEADER_CHARSET = re.compile(r"""charset\s*=\s*["']?\s*([A-Za-z0-9._:\-]+)""", re.IGNORECASE)
_META_TAG = re.compile(rb"<meta\b[^>]*>", re.IGNORECASE)
_META_CHARSET = re.compile(rb"""\bcharset\s*=\s*["']?\s*([A-Za-z0-9._:\-]+)""", re.IGNORECASE)
_XML_DECL = re.compile(rb"""^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:\-]+)""")


class DecodedText:
    """Decoded page text and how the encoding was chosen (for logs and tests)."""

    # a plain class: the readers import this module, a dataclass costs their start a quarter ms
    __slots__ = ("encoding", "source", "text")

    def __init__(self, text: str, encoding: str, source: str) -> None:
        self.text = text
        self.encoding = encoding  # Python codec name, e.g. "utf-8", "cp1251"
        # "bom" | "header" | "meta" | "utf-8 bytes" | "detector" | "fallback"
        self.source = source


def _codec_name(label: str | None) -> str | None:
    """Python's canonical codec name for a charset label, or None when unknown."""
    if not label:
        return None
    label = label.strip().strip("\"'").lower()
    # The HTML standard maps these labels to windows-1252 / UTF-8 respectively; a page that
    # declares utf-16 in a <meta> tag cannot really be utf-16 (the tag was readable as ASCII).
    if label in ("iso-8859-1", "latin1", "latin-1", "us-ascii", "ascii"):
        label = "windows-1252"
    try:
        name = codecs.lookup(label).name
    except LookupError:
        return None
    if name.startswith("utf-16") or name.startswith("utf-32"):
        return "utf-8"
    return name


def _header_charset(content_type: str | None) -> str | None:
    if not content_type:
        return None
    m = _HEADER_CHARSET.search(content_type)
    return m.group(1) if m else None


def _meta_charsets(data: bytes) -> list[str]:
    head = data[:_META_SCAN_BYTES]
    found: list[str] = []
    m = _XML_DECL.match(head)
    if m:
        found.append(m.group(1).decode("ascii", "replace"))
    for tag in _META_TAG.finditer(head):
        cm = _META_CHARSET.search(tag.group(0))
        if cm:
            found.append(cm.group(1).decode("ascii", "replace"))
    return found


def declared_charsets(data: bytes, content_type: str | None = None) -> list[tuple[str, str]]:
    """The charsets the page and the header claim, as (codec name, "header"|"meta"), in order
    of precedence, unknown labels dropped and duplicates removed."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    labelled = [(_header_charset(content_type), "header")]
    labelled += [(label, "meta") for label in _meta_charsets(data)]
    for label, where in labelled:
        name = _codec_name(label)
        if name and name not in seen:
            seen.add(name)
            out.append((name, where))
    return out


def _strict(data: bytes, encoding: str) -> str | None:
    try:
        return data.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return None


def _is_utf8(name: str) -> bool:
    return name in ("utf-8", "utf-8-sig")


def _detect(data: bytes) -> DecodedText | None:
    try:
        from charset_normalizer import from_bytes
    except ImportError:  # pragma: no cover - a declared dependency, but never crash on it
        return None
    best = from_bytes(data).best()
    if best is None:
        return None
    name = _codec_name(best.encoding) or best.encoding
    text = _strict(data, name)
    if text is None:
        return None
    return DecodedText(text, name, "detector")


def decode_html_ex(data: bytes, content_type: str | None = None) -> DecodedText:
    """Decode a page and say which encoding was used and why (see the module docstring)."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            text = _strict(body, name)
            if text is None:
                log.warning("page has a %s byte-order mark but invalid %s bytes", name, name)
                text = body.decode(name, errors="replace")
            return DecodedText(text, name, "bom")

    as_utf8 = _strict(data, "utf-8")
    has_non_ascii = not data.isascii()
    declared = declared_charsets(data, content_type)

    for name, where in declared:
        if _is_utf8(name):
            if as_utf8 is not None:
                return DecodedText(as_utf8, "utf-8", where)
            log.info("page declared UTF-8 (%s) but its bytes are not UTF-8", where)
            continue
        if as_utf8 is not None and has_non_ascii:
            # A transcoded copy that kept its old label: the bytes are UTF-8.
            log.info(
                "page declared %s (%s) but its bytes are valid UTF-8; reading UTF-8", name, where
            )
            return DecodedText(as_utf8, "utf-8", "utf-8 bytes")
        text = _strict(data, name)
        if text is not None:
            return DecodedText(text, name, where)
        # A byte or two undefined in the declared single-byte charset (0x98 in windows-1251)
        # is a stray, not evidence of another charset; the detector would guess worse.
        loose = data.decode(name, errors="replace")
        if loose.count("\ufffd") * 1000 <= max(len(data), 1000):
            log.info("page declared %s (%s); a few bytes are undefined in it", name, where)
            return DecodedText(loose, name, where)
        log.info("page declared %s (%s) but its bytes do not decode as %s", name, where, name)

    if as_utf8 is not None:
        return DecodedText(as_utf8, "utf-8", "utf-8 bytes")
    detected = _detect(data)
    if detected is not None:
        return detected
    return DecodedText(data.decode("utf-8", errors="replace"), "utf-8", "fallback")


def decode_html(data: bytes, content_type: str | None = None) -> str:
    """Decode the bytes of a board page to text; never raises.

    `content_type` is the HTTP `Content-Type` header value when the page came over HTTP.
    """
    # Bytes that are valid UTF-8 with non-ASCII in them are read as UTF-8 whatever is declared
    # (`decode_html_ex`: every branch gives that text), so the declarations need not be read
    # unless the log is to say that a label was wrong.
    if not data.startswith(_ANY_BOM) and not data.isascii() and not log.isEnabledFor(logging.INFO):
        text = _strict(data, "utf-8")
        if text is not None:
            return text
    return decode_html_ex(data, content_type).text


# The one decision on a page's encoding is `decode_html`'s. A reader may instead hand a page's
# bytes to lexbor as they are (no decoding, no re-encoding) while they read as UTF-8, which is
# what `decode_html` makes of bytes that are valid UTF-8; a page whose bytes turn out not to be
# (a meta tag that lies) is read again from `decode_html`'s text.

_CHARSET_BYTES = re.compile(rb"""charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE)


def utf8_declared(data: bytes) -> bool:
    """Whether a page may be read from its bytes as UTF-8: no byte-order mark but UTF-8's, and
    a declared charset of UTF-8 or none (`misread` checks the reading afterwards)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return False
    m = _CHARSET_BYTES.search(data, 0, 4096)
    return m is None or m.group(1).lower().replace(b"_", b"-") in (b"utf-8", b"utf8")


def utf8_header(content_type: str | None) -> bool:
    """Whether an HTTP `Content-Type` names UTF-8 or no charset (`utf8_declared`'s header)."""
    label = _header_charset(content_type)
    return label is None or label.lower().replace("_", "-") in ("utf-8", "utf8")


def misread(data: bytes, texts: Iterable[str]) -> bool:
    """Whether a reading of `data` as UTF-8 bytes went wrong: the texts read from it hold the
    replacement character and the bytes are not UTF-8 (a page that says UTF-8 but is not)."""
    if not any("\ufffd" in t for t in texts):
        return False
    return _strict(data, "utf-8") is None
