"""Cookie jar persisted to a file, so a restarted daemon keeps its board session.

phpBB's autologin key (`<prefix>_k`) changes every time the board re-creates a session from
it, so the jar is saved after every response that set a cookie, not only at shutdown.
The file holds a session secret: it is written with mode 0600 and never logged.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from http.cookiejar import Cookie
from pathlib import Path

import httpx

log = logging.getLogger(__name__)


def save_cookies(jar: httpx.Cookies, path: Path) -> None:
    rows = [
        {
            "name": c.name,
            "value": c.value,
            "domain": c.domain,
            "path": c.path,
            "expires": c.expires,
            "secure": c.secure,
        }
        for c in jar.jar
    ]
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.parent.mkdir(parents=True, exist_ok=True)
    # a stale temporary file (a crash mid-save) or anything planted under its name is
    # removed, never written through: the new file is created here, with the secret's mode,
    # and the rename puts it in place of the jar (a link there is replaced, not followed)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(tmp, flags, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(rows, fh)
    os.replace(tmp, path)


def load_cookies(path: Path) -> httpx.Cookies:
    jar = httpx.Cookies()
    if not path.exists():
        return jar
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.warning("ignoring unreadable cookie file %s: %s", path, exc)
        return jar
    for row in rows:
        try:
            jar.jar.set_cookie(_cookie(row))
        except (KeyError, TypeError) as exc:
            log.warning("ignoring a malformed cookie in %s: %s", path, exc)
    return jar


def _cookie(row: dict[str, object]) -> Cookie:
    domain = str(row["domain"])
    expires = row.get("expires")
    return Cookie(
        version=0,
        name=str(row["name"]),
        value=str(row["value"]),
        port=None,
        port_specified=False,
        domain=domain,
        domain_specified=domain.startswith("."),
        domain_initial_dot=domain.startswith("."),
        path=str(row.get("path") or "/"),
        path_specified=True,
        secure=bool(row.get("secure")),
        expires=int(expires) if isinstance(expires, int | float) else None,
        discard=False,
        comment=None,
        comment_url=None,
        rest={"HttpOnly": ""},
    )


def facts_path(cookie_file: Path) -> Path:
    """Where a client keeps what it learned about the board beside its cookie jar."""
    return cookie_file.with_name(cookie_file.name + ".board")


def load_facts(cookie_file: Path | None) -> dict[str, object]:
    """What an earlier process learned about the board (its generation, its page size), so
    a fresh process need not ask again; {} when unknown or unreadable."""
    if cookie_file is None:
        return {}
    path = facts_path(cookie_file)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_facts(cookie_file: Path | None, facts: dict[str, object]) -> None:
    if cookie_file is None:
        return
    path = facts_path(cookie_file)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(facts), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:  # only a cost: the next process asks the board again
        log.debug("could not keep the board's facts in %s: %s", path, exc)
