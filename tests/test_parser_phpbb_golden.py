"""Golden JSON: the full parse of every phpBB fixture page, compared field by field.

tests/golden/phpbb/<page>.json holds what the parser returns for fixtures/phpbb/<page>
(topic pages → TopicPage, PM folders → PMFolder, PM views → PrivateMessage), read with the
board's zone and the capture time from truth.json. After an intended change of the parser,
regenerate and review the diff:

    MAFIABOT_UPDATE_GOLDEN=1 python -m pytest tests/test_parser_phpbb_golden.py
"""

from __future__ import annotations

import dataclasses
import json
import os
from datetime import datetime
from typing import Any

import pytest

from parser.pages import parse_pm, parse_pm_folder, parse_topic, read_page
from tests.conftest import FIXTURES, ROOT

PHPBB = FIXTURES / "phpbb"
GOLDEN = ROOT / "tests" / "golden" / "phpbb"
TRUTH = json.loads((PHPBB / "truth.json").read_text(encoding="utf-8"))
NOW = datetime.fromisoformat(TRUTH["board"]["captured_at"])
TZ = TRUTH["board"]["timezone"]
UPDATE = os.environ.get("MAFIABOT_UPDATE_GOLDEN") == "1"

TOPICS = sorted(p.name for p in PHPBB.glob("*topic*.html"))
FOLDERS = ["pm_inbox.html", "pm_inbox_after_reading.html", "en_pm_inbox.html", "pm_sentbox.html"]
VIEWS = sorted(p.name for p in PHPBB.glob("pm_view_*.html"))


def to_json(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def snapshot(name: str) -> Any:
    html = read_page(PHPBB / name)
    if name in FOLDERS:
        record: Any = parse_pm_folder(html, tz=TZ, now=NOW)
    elif name in VIEWS:
        record = parse_pm(html, tz=TZ, now=NOW)
    else:
        record = parse_topic(html, tz=TZ, now=NOW)
    return {"fixture": name, "record": to_json(record)}


@pytest.mark.parametrize("name", TOPICS + FOLDERS + VIEWS)
def test_golden(name: str) -> None:
    path = GOLDEN / (name.removesuffix(".html") + ".json")
    got = snapshot(name)
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert path.exists(), f"no golden file for {name}; see this module's docstring"
    want = json.loads(path.read_text(encoding="utf-8"))
    assert got == want


def test_every_topic_golden_has_posts() -> None:
    # guards against regenerating goldens from a broken parser
    for name in TOPICS:
        if name.startswith("error_"):  # error_no_topic.html: a 404 page, no posts by design
            continue
        data = json.loads((GOLDEN / (name.removesuffix(".html") + ".json")).read_text("utf-8"))
        assert data["record"]["posts"], name
