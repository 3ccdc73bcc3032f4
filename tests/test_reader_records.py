"""Every real saved page reads into the same records, whatever is done to make the readers fast.

For each page under fixtures/ (and the Invision template pages of tests/), every reading the
entry points of `parser.pages` give — the board detected, login page or not, the topic read
from its text and from its bytes (board detected, and named), the Invision generation named,
the PM folder and the PM — is turned into JSON and hashed; `tests/golden/readers.json` holds
the hashes. A change of any field of any record of any page fails here, naming the page and
the reading. The readers' speed work (issue 20) must leave them all equal.

After an intended change of what the readers give, regenerate and review with the full
golden parses (`tests/test_parser_phpbb_golden.py`) and the readers' own tests:

    MAFIABOT_UPDATE_GOLDEN=1 python -m pytest tests/test_reader_records.py
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from parser.ipb.detect import detect_ipb
from parser.pages import (
    detect_board,
    is_login_page,
    parse_pm,
    parse_pm_folder,
    parse_topic,
    read_page,
)
from tests.conftest import FIXTURES, ROOT

GOLDEN = ROOT / "tests" / "golden" / "readers.json"
UPDATE = os.environ.get("MAFIABOT_UPDATE_GOLDEN") == "1"
# a fixed fetch time, so that «Сегодня» and "N minutes ago" read the same on every run
NOW = datetime(2026, 12, 4, 21, 30, tzinfo=timezone(timedelta(hours=3)))
BASE = "https://board.example/forum/index.php?showtopic=1"
PAGES = sorted(FIXTURES.rglob("*.html")) + sorted((ROOT / "tests").rglob("*.html"))


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def to_json(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def readings(path: Path) -> dict[str, Any]:
    """Every reading of one page, as JSON values."""
    data = path.read_bytes()
    text = read_page(path)
    board = detect_board(text)
    out: dict[str, Any] = {
        "board": board,
        "login": is_login_page(text),
        "topic from text": parse_topic(text, now=NOW),
        "topic from bytes": parse_topic(data, now=NOW),
        "topic, no fetch time": parse_topic(text, tz="UTC"),
        "folder": parse_pm_folder(text, now=NOW),
        "pm": parse_pm(text, now=NOW),
    }
    if board is not None:
        out["topic from text, board named"] = parse_topic(text, board=board, now=NOW)
        out["topic from bytes, board named"] = parse_topic(data, board=board, now=NOW)
    dialect = detect_ipb(text)
    if dialect is not None:
        out["topic, generation named"] = parse_topic(
            text, board=dialect.name, now=NOW, base_url=BASE
        )
    return {k: to_json(v) for k, v in out.items()}


def digest(value: Any) -> str:
    encoded = json.dumps(value, ensure_ascii=False, sort_keys=True).encode("utf-8")
    return hashlib.sha256(encoded).hexdigest()[:20]


def _golden() -> dict[str, dict[str, str]]:
    if not GOLDEN.exists():
        return {}
    loaded: dict[str, dict[str, str]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return loaded


def _digests(path: Path) -> dict[str, str]:
    return {k: digest(v) for k, v in readings(path).items()}


if UPDATE:
    GOLDEN.write_text(
        json.dumps({_name(p): _digests(p) for p in PAGES}, indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )
_WANT = _golden()


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_every_reading_of_every_real_page_is_unchanged(path: Path) -> None:
    got = _digests(path)
    want = _WANT.get(_name(path))
    assert want is not None, f"no golden readings for {_name(path)}; see this module's docstring"
    changed = sorted(k for k in want.keys() | got.keys() if want.get(k) != got.get(k))
    assert not changed, f"{_name(path)}: these readings changed: {', '.join(changed)}"


def test_the_golden_readings_cover_every_page_and_hold_posts() -> None:
    # a page added without its golden readings, or goldens made from a reader that read
    # nothing, fail here
    assert sorted(_WANT) == sorted(_name(p) for p in PAGES)
    topics = [FIXTURES / "phpbb" / f"topic_p{i}.html" for i in range(1, 9)]
    topics += sorted((FIXTURES / "ipb").glob("*/*topic*.html"))
    assert all(readings(p)["topic from text"]["posts"] for p in topics)
