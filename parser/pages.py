"""Entry points: a saved or fetched board page → records.

Callers never pick a parser by hand: `detect_board` looks at the page and names its dialect,
and `parse_topic` / `parse_pm_folder` / `parse_pm` dispatch through a small registry
(`register_board`). A dialect module registers a detector and its three readers; adding an IPB
generation is one `register_board(...)` call, nothing here changes.

Every function here is total: odd, truncated or foreign markup gives a record with
`ParseIssue`s (or None for "no PM on this page"), never an exception.
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Callable
from datetime import datetime, tzinfo

from parser.records import ParseIssue, PMFolder, PrivateMessage, TopicPage

# The readers' signatures, for mypy: a reader starts without typing and pathlib (mypy reads a
# `TYPE_CHECKING` block whatever defines the name).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from os import PathLike
    from typing import Protocol

    class _TopicFn(Protocol):
        def __call__(
            self, html: str | bytes, *, tz: Tz, now: datetime | None, base_url: str | None = None
        ) -> TopicPage: ...

    class _FolderFn(Protocol):
        def __call__(self, html: str, *, tz: Tz, now: datetime | None) -> PMFolder: ...

    class _PMFn(Protocol):
        def __call__(self, html: str, *, tz: Tz, now: datetime | None) -> PrivateMessage | None: ...


__all__ = [
    "BoardReader",
    "board_names",
    "decode_bytes",
    "detect_board",
    "head_text",
    "is_board_page",
    "is_login_page",
    "parse_pm",
    "parse_pm_folder",
    "parse_topic",
    "read_page",
    "register_board",
]

Tz = str | tzinfo
log = logging.getLogger(__name__)


class BoardReader:
    """One board dialect: how to recognise its pages and how to read them."""

    # a plain class: a dataclass costs every start of `mafiabot parse posts` a quarter ms
    __slots__ = ("detect", "is_login", "name", "pm", "pm_folder", "topic")

    def __init__(
        self,
        name: str,
        detect: Callable[[str], bool],
        topic: _TopicFn,
        pm_folder: _FolderFn,
        pm: _PMFn,
        is_login: Callable[[str], bool] | None = None,
    ) -> None:
        self.name = name
        self.detect = detect
        self.topic = topic
        self.pm_folder = pm_folder
        self.pm = pm
        self.is_login = is_login


_REGISTRY: dict[str, BoardReader] = {}
# Dialects that live in other modules of this package register themselves on import (named
# relative to it); listed here so that
# `detect_board` can find them without callers importing anything.
_DIALECT_MODULES: tuple[str, ...] = (".phpbb.register",)
# Loaded only when no common dialect matches (see `_load_late`).
_LATE_DIALECT_MODULES: tuple[str, ...] = (".ipb.register",)
_loaded = False


def register_board(reader: BoardReader) -> None:
    """Add (or replace) a dialect. Detectors run in registration order."""
    _REGISTRY[reader.name] = reader


def _ensure_loaded() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for mod in _DIALECT_MODULES:
        try:
            importlib.import_module(mod, __package__)
        except ImportError:  # a dialect still being written must not break the others
            continue


_late_loaded = False


def _load_late() -> bool:
    """Load the dialects that are only needed when the common ones do not match (IPB).

    Kept out of `_ensure_loaded` so reading a phpBB page does not import the IPB tables."""
    global _late_loaded
    if _late_loaded:
        return False
    _late_loaded = True
    before = len(_REGISTRY)
    for mod in _LATE_DIALECT_MODULES:
        try:
            importlib.import_module(mod, __package__)  # registers its readers (ipb, ipb2, …)
        except ImportError:
            continue
    return len(_REGISTRY) > before


def detect_board(html: str) -> str | None:
    """Name the board dialect that rendered `html` ("phpbb", …) or None if none matches."""
    _ensure_loaded()
    if not isinstance(html, str) or not html:
        return None
    while True:
        for reader in _REGISTRY.values():
            try:
                if reader.detect(html):
                    return reader.name
            except Exception:  # a detector bug must not hide the other dialects
                log.warning("%s detector failed", reader.name, exc_info=True)
                continue
        if not _load_late():
            return None


def board_names() -> tuple[str, ...]:
    """The board kinds `board=` accepts besides "auto" (every dialect loaded)."""
    _ensure_loaded()
    _load_late()
    return tuple(_REGISTRY)


def is_board_page(html: str) -> bool:
    """True when some registered dialect recognises the page."""
    return detect_board(html) is not None


_LOGIN_FORM_RE = re.compile(
    r"""<form[^>]+(?:id=["']login["']|action=["'][^"']*(?:mode=login|act=login|/login)[^"']*["'])""",
    re.IGNORECASE,
)
_PASSWORD_RE = re.compile(r"""<input[^>]+type=["']password["']""", re.IGNORECASE)


def is_login_page(html: str) -> bool:
    """True when the page is a login form (session lost or not logged in), on any board.

    A page that merely has a small login box in its header is NOT a login page if it also
    shows board content; boards answer a protected URL with a page whose main form is login.
    """
    if not isinstance(html, str) or not html:
        return False
    _ensure_loaded()
    for reader in _REGISTRY.values():
        if reader.is_login is None:
            continue
        try:
            if reader.detect(html):
                return reader.is_login(html)
        except Exception:
            continue
    return bool(_LOGIN_FORM_RE.search(html) and _PASSWORD_RE.search(html))


def no_login_page(data: bytes) -> bool:
    """True when a page's bytes alone show that `is_login_page` of its text is False: the
    first reader asked, phpBB's, takes the page for its own (its `<body id="phpbb">`) and
    its login test wants a password field the bytes do not hold. Meant for bytes whose ASCII
    is the text's ASCII (UTF-8, or a charset that keeps ASCII as it is); False: ask
    `is_login_page`."""
    _ensure_loaded()
    first = next(iter(_REGISTRY.values()), None)
    if first is None or first.name != "phpbb" or first.is_login is None:
        return False
    return b'id="phpbb"' in data and b'type="password"' not in data


def _reader(html: str, board: str) -> tuple[BoardReader | None, str]:
    _ensure_loaded()
    name = detect_board(html) if board in ("auto", "", None) else board
    if name is None:
        return None, "not a page of a known board"
    if name not in _REGISTRY:
        _load_late()
    reader = _REGISTRY.get(name)
    if reader is None:
        return None, f"unknown board kind {name!r}"
    return reader, ""


def parse_topic(
    html: str | bytes,
    *,
    board: str = "auto",
    tz: Tz = "Europe/Moscow",
    now: datetime | None = None,
    base_url: str | None = None,
) -> TopicPage:
    """Read one topic page. `now` = fetch time (needed for «Сегодня»/«N минут назад»);
    `base_url`, the page's own address, makes the navigation's addresses absolute and tells
    an off-grid page where it starts.

    `html` may be the page's text or its raw bytes; bytes let a UTF-8 page skip decoding."""
    if isinstance(html, bytes) and board not in ("auto", "", None):
        reader, why = _reader("", board)  # the board is named: nothing to decode to detect it
    elif isinstance(html, bytes):
        # Boards name themselves near the top: try a short head first, the long one only when
        # it does not tell (decoding 64 KB of every page cost ~5% of a topic read).
        reader, why = _reader(head_text(html, 8192), board)
        if reader is None and board in ("auto", "", None):
            reader, why = _reader(head_text(html), board)
    else:
        reader, why = _reader(html, board)
    if reader is None:
        return TopicPage(
            topic_id=None,
            title="",
            page=1,
            total_pages=1,
            posts=(),
            issues=(ParseIssue("page", why),),
        )
    try:
        return reader.topic(html, tz=tz, now=now, base_url=base_url)
    except Exception as exc:  # last line of defence: parsers promise records, not exceptions
        log.warning("%s topic reader failed", reader.name, exc_info=True)
        return TopicPage(
            topic_id=None,
            title="",
            page=1,
            total_pages=1,
            posts=(),
            issues=(ParseIssue("page", f"{reader.name} topic reader failed: {exc!r}"),),
        )


def parse_pm_folder(
    html: str, *, board: str = "auto", tz: Tz = "Europe/Moscow", now: datetime | None = None
) -> PMFolder:
    """Read a PM folder listing (inbox, sentbox…)."""
    reader, why = _reader(html, board)
    if reader is None:
        return PMFolder(messages=(), issues=(ParseIssue("page", why),))
    try:
        return reader.pm_folder(html, tz=tz, now=now)
    except Exception as exc:
        log.warning("%s folder reader failed", reader.name, exc_info=True)
        return PMFolder(
            messages=(),
            issues=(ParseIssue("page", f"{reader.name} folder reader failed: {exc!r}"),),
        )


def parse_pm(
    html: str, *, board: str = "auto", tz: Tz = "Europe/Moscow", now: datetime | None = None
) -> PrivateMessage | None:
    """Read a PM view page; None when the page holds no message (nothing is raised)."""
    reader, _why = _reader(html, board)
    if reader is None:
        return None
    try:
        return reader.pm(html, tz=tz, now=now)
    except Exception:
        log.warning("%s PM reader failed", reader.name, exc_info=True)
        return None


def head_text(data: bytes, size: int = 65536) -> str:
    """The text of the first `size` bytes of a page: enough to recognise its board.

    The cut is moved back to a UTF-8 character boundary so that a cut character does not
    make the decoder doubt the page's encoding (and fall back to slow detection)."""
    if len(data) <= size:
        return decode_bytes(data)
    cut = size
    while cut > size - 4 and (data[cut] & 0xC0) == 0x80:
        cut -= 1
    return decode_bytes(data[:cut])


# --- decoding -------------------------------------------------------------------------------


def decode_bytes(data: bytes, content_type: str | None = None) -> str:
    """Bytes of a page → text (BOM, declared charset checked against the bytes, windows-1251
    boards, detection as a last resort): `parser.encoding.decode_html`, imported when first
    needed so that reading UTF-8 pages from bytes does not load it."""
    from parser.encoding import decode_html

    return decode_html(data, content_type)


def read_page(path: str | PathLike[str]) -> str:
    """Read a saved page from disk as text (raises OSError for a missing/unreadable file)."""
    with open(path, "rb") as f:
        return decode_bytes(f.read())
