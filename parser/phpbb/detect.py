"""Whether a page is phpBB's, a login page, or served to a logged-in member; a page's text from
its bytes.
"""

from __future__ import annotations

import re
from datetime import tzinfo

Tz = str | tzinfo


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
    # the password field first: a plain search, and a page without one is no login form
    return 'type="password"' in html and _LOGIN_FORM_RE.search(html) is not None


# Marks of a guest's page when the login link itself is gone (a saved mirror renames links):
# phpBB shows the register link, and subsilver2 its icon, to guests only.
_GUEST_MARKS = ("mode=login", "mode=register", "icon_mini_register")


_GUEST_MARKS_B = tuple(m.encode() for m in _GUEST_MARKS)


def login_state(html: str | bytes) -> bool | None:
    if isinstance(html, bytes):
        if b"mode=logout" in html:
            return True
        return False if any(m in html for m in _GUEST_MARKS_B) else None
    if "mode=logout" in html:
        return True
    return False if any(m in html for m in _GUEST_MARKS) else None


def as_text(html: str | bytes) -> str:
    if isinstance(html, str):
        return html
    from parser.pages import decode_bytes

    return decode_bytes(html)
