"""Which Invision generation wrote a page, and what kind of page it is: detection from the
page's own markup (STRUCTURE.md §0), login pages, messenger views and the login state a page
shows.
"""

from __future__ import annotations

import re

from parser.dialects import IPB2, IPB2_4PDA, IPB3, IPS4, Dialect, dialect_by_name
from parser.html import scan

# Page-wide scans go through `scan` (str.find speed) from the literal each pattern starts
# with, or run only once a rarer word of the pattern is known to be on the page.
_COMMENT_CONTENT = re.compile(r"data-role=[\"']commentContent")


_POST_BLOCK = re.compile(r"class=[\"'][^\"']*\bpost_block\b")


_DATA_POST = re.compile(r"data-post=[\"']\d")


_NORMALNAME = re.compile(r"class=[\"']normalname")


_MSG_CODE = re.compile(r"act=Msg&(?:amp;)?CODE=")


def detect_ipb(html: str) -> Dialect | None:
    """The Invision dialect a page is written in, or None when it is not an Invision page.

    First the one mark that names a generation where no player writes, read at the top of
    the `<body>` (`_body_mark`); without it, `detect_ipb_reference`. Both agree on every
    saved real page (`tests/test_ipb_detect_marks.py`)."""
    h = html[:400_000]
    body = h.find("<body")
    if body >= 0:
        found = _body_mark(h, body)
        if found is not None:
            return found
    return _detect(h, body)


# IPB 1.x/2.x's stock skin (IPB 1.3's, seen on every saved page of it): a bare `<body>` whose
# first element is the board's wrapper. IPS 4 gives its <body> tag classes and its page
# controller, stock IPB 3 an id, and 4PDA's fork has a wrapper of its own, so the mark is one
# generation's; it lies above every topic title, navigation strip and post, so no player's
# words can come before it. An IPB 3 skin that kept IPB 2's body would still define its
# script variables in the head: that disagrees, and the signals decide.
_BARE_BODY = "<body>"
_IPB2_WRAPPER = '<div id="ipbwrapper">'
_HTML_SPACE = " \t\n\r\f"


def _body_mark(h: str, body: int) -> Dialect | None:
    """The generation named by the top of the page's `<body>` (found at `body`), or None:
    `_detect` weighs the page's signals."""
    if not h.startswith(_BARE_BODY, body):
        return None
    at = body + len(_BARE_BODY)
    top = h[at : at + 64].lstrip(_HTML_SPACE)
    if top.startswith(_IPB2_WRAPPER) and not _head_script_has(h, _IPB3_VARS, body):
        return IPB2
    return None


_IPB3_VARS = "ipb.vars["


def _head_script_has(h: str, word: str, body: int) -> bool:
    """Whether `word` stands inside a `<script>` element of the head (above `body`): where
    IPB 3 defines its variables and IPS 4 its settings. The head's `<title>` is a topic's
    title, a player's words, and a board prints no `<script` in it (its `<` is escaped), so
    a title naming the word lies after a script's close, or before any script: not inside
    one."""
    i = h.find(word, 0, body)
    while i >= 0:
        if h.rfind("<script", 0, i) > h.rfind("</script", 0, i):
            return True
        i = h.find(word, i + len(word), body)
    return False


def detect_ipb_reference(html: str) -> Dialect | None:
    """`detect_ipb` without the `<body>` mark: the page's signals weighed as `_detect` does
    (the reference the mark is held to)."""
    h = html[:400_000]
    return _detect(h, h.find("<body"))


def _detect(h: str, body: int) -> Dialect | None:
    """The generation by the page's signals, read from the top: the head's scripts (IPS 4's
    `ipsSettings`, IPB 3's `ipb.vars`), then the earliest post opening of any generation —
    everything after it is players' words, which may name any marker. A page without
    either (fragments, messenger and login pages) is judged by every signal anywhere
    (`_detect_anywhere`). Scans are `str.find`s bounded as they go: a Russian page is
    searched several times slower than a Latin one. `body`: where the `<body` tag opens
    (-1: none)."""
    posts_from = 0  # where posts may open: below the head
    if body >= 0:
        posts_from = h.find(">", body) + 1 or body + 1  # the head and the <body> tag
        # IPS 4 names its page controller on the <body> tag itself
        if (
            _head_script_has(h, "ipsSettings", body)
            or h.find("data-pagecontroller", body, posts_from) >= 0
        ):
            return IPS4
        if _head_script_has(h, _IPB3_VARS, body):
            return IPB3
    first, found = -1, None
    for marker, dialect in _POST_OPENINGS:
        i = h.find(marker, posts_from, first + len(marker) if first >= 0 else len(h))
        if i >= 0 and (first < 0 or i < first):
            first, found = i, dialect
    if found is not None and _opens_post(h, first, found):
        return found
    return _detect_anywhere(h)


# Where each generation's first post opens (IPB 1.x/2.x, IPS 4, IPB 3, 4PDA), and the check
# that the earliest one found really is that markup (else every signal is weighed).
_POST_OPENINGS: tuple[tuple[str, Dialect], ...] = (
    ("<!--Begin Msg Number", IPB2),
    ("elComment_", IPS4),
    ("post_block", IPB3),
    ("data-post=", IPB2_4PDA),
)


def _opens_post(h: str, at: int, dialect: Dialect) -> bool:
    if dialect is IPB3:
        return _POST_BLOCK.search(h, max(0, at - 300), at + len("post_block")) is not None
    if dialect is IPB2_4PDA:
        return _DATA_POST.match(h, at) is not None and "post_body" in h
    return True


def _detect_anywhere(h: str) -> Dialect | None:
    """`detect_ipb` by every signal anywhere on the page, in the generations' order; 4PDA
    is checked before stock IPB 2 because its pages carry IPB 2's JavaScript variables over
    their own post markup. Works on fragments (no <head>)."""
    if (
        "data-pagecontroller" in h
        or "ipsSettings" in h
        or "elComment_" in h
        or "ipsEntry__" in h
        or "ipsQuote" in h
        or scan(h, "data-role=", _COMMENT_CONTENT)
    ):
        return IPS4
    if "ipb.vars[" in h or ("post_block" in h and _POST_BLOCK.search(h)) or "IP.Board 3" in h:
        return IPB3
    if ("post_body" in h and scan(h, "data-post=", _DATA_POST)) or "index.php?act=auth" in h:
        return IPB2_4PDA
    if (
        "<!--Begin Msg Number" in h
        or "<!-- THE POST" in h
        or "ipb_var_s" in h
        or "ipb_md5_check" in h
        or "Invision Power Board" in h
        or ("normalname" in h and _NORMALNAME.search(h))
        or scan(h, "act=Msg&", _MSG_CODE)
    ):
        return IPB2
    return None


def resolve_dialect(html: str, kind: str | Dialect = "auto") -> Dialect | None:
    """A dialect from `board.kind` ("auto", "ipb", a dialect name) or an explicit Dialect."""
    if isinstance(kind, Dialect):
        return kind
    k = kind.strip().lower()
    if k in ("auto", "ipb", "invision", "ips"):
        return detect_ipb(html)
    return dialect_by_name(k)


_GUEST_GREETING_RU = re.compile(r"Здравствуйте\s*,?\s*(?:Гость|Guest)")


_GUEST_GREETING_EN = re.compile(r"Welcome\s*,?\s*(?:Гость|Guest)")


_MEMBER_JS = re.compile(r"memberID\s*:\s*(\d+)")


_MEMBER_VARS = (
    re.compile(r"ipb\.vars\[\s*['\"]member_id['\"]\s*\]\s*=\s*parseInt\(\s*(\d+)"),
    re.compile(r"ipb\.vars\[\s*['\"]member_id['\"]\s*\]\s*=\s*['\"]?(\d+)"),
)


# Logout links, each with the literal it starts with.
_LOGOUT = (
    ("act=Login&", re.compile(r"act=Login&(?:amp;)?CODE=03")),
    ("act=logout", re.compile(r"act=logout")),
    ("do=logout", re.compile(r"do=logout")),
    ("section=login&", re.compile(r"section=login&(?:amp;)?do=logout")),
)


def login_state(html: str, dialect: Dialect) -> bool | None:
    m = scan(html, "memberID", _MEMBER_JS)
    if m:
        return int(m.group(1)) > 0
    m = None
    if "ipb.vars[" in html:
        m = scan(html, "ipb.vars[", _MEMBER_VARS[0]) or scan(html, "ipb.vars[", _MEMBER_VARS[1])
    if m:
        return int(m.group(1)) > 0
    if scan(html, "Здравствуйте", _GUEST_GREETING_RU) or scan(html, "Welcome", _GUEST_GREETING_EN):
        return False
    if ("logout" in html or "CODE=03" in html) and any(
        scan(html, literal, pattern) for literal, pattern in _LOGOUT
    ):
        return True
    return None


def page_logged_in(html: str, dialect: Dialect | None = None) -> bool | None:
    """Whether the page was served to a logged-in member (None: the page does not say)."""
    return login_state(html, dialect or detect_ipb(html) or IPB2)


_CONTENT_MARKERS = re.compile(
    r"<!--\s*Begin Msg Number|data-post=[\"']\d|id=[\"']elComment_\d|id=[\"']post_id_\d"
    r"|data-messageid=|id=[\"']MT_\d|act=Msg&(?:amp;)?CODE=03",
)


# A messenger view (IPB 1.x/2.x MSID links, IPB 3 reply form, IPS 4/5 page controller): topic,
# mention and search pages carry the same post markup, so without this they read as a PM.
MESSENGER_MARKERS = re.compile(
    r"MSID=\d|do=(?:sendReply|showConversation)|data-pagecontroller=[\"']messenger"
    r"|messenger_content_\d"
)


_LOGIN_FORMS = re.compile(
    r"<form[^>]+(?:name=[\"']LOGIN[\"']|id=[\"'](?:login|auth|elSignIn_form)[\"']"
    r"|action=[\"'][^\"']*(?:act=Login|act=auth|section=login|/login/?)[^\"']*[\"'])",
    re.I,
)


def is_ipb_login(html: str) -> bool:
    """True for a page whose business is logging in (the session is gone), not a content page
    that merely carries a sign-in box in its header."""
    if _CONTENT_MARKERS.search(html):
        return False
    return bool(
        _LOGIN_FORMS.search(html) and re.search(r"<input[^>]+type=[\"']password", html, re.I)
    )
