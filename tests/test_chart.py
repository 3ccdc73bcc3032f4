"""The day's vote-flow chart as a PNG for the newspaper (issue 12 item 5; G-N.1, P-V.3)."""

from __future__ import annotations

import io
import struct
import sys
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafiabot.config import Config, parse_config
from mafiabot.config.preflight import preflight
from mafiabot.web.flow import (
    flow_chart_png,
    flow_chart_svg,
    flow_from_votes,
    png_renderer_problem,
    vote_flow,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "config.example.toml"
MSK = ZoneInfo("Europe/Moscow")
ENV = {"MAFIABOT_PASSWORD": "s"}
T0 = datetime(2026, 12, 1, 9, tzinfo=UTC)


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def test_the_png_is_the_dashboard_chart_drawn_as_an_image() -> None:
    # PEFL reds: the first red of a voter counts, later ones never move it (P-V.3)
    flow = flow_from_votes(
        [(T0, "Кот", "Марго"), (T0 + timedelta(hours=1), "Нина", "Шерлок"),
         (T0 + timedelta(hours=2), "Кот", "Шерлок"), (T0 + timedelta(hours=3), "Ян", "Марго")]
    )  # fmt: skip
    png = flow_chart_png(flow, MSK, title="Мафия – 12, день 2")
    assert _png_size(png) == (900, 360)  # the dashboard's figure, same size
    # the same pygal figure: the SVG it rasterises names every target in its legend
    svg = flow_chart_svg(flow, MSK, title="Мафия – 12, день 2")
    assert "Марго" in svg and "Шерлок" in svg
    assert png_renderer_problem() is None


def test_a_day_without_votes_still_draws_a_picture() -> None:
    png = flow_chart_png(vote_flow([]))
    assert _png_size(png) == (900, 360)
    assert len(png) > 500  # the «no votes yet» text, not an empty file
    assert io.BytesIO(png).read(4) == b"\x89PNG"


def _config(vote_chart: bool) -> Config:
    data = tomllib.loads(EXAMPLE.read_text("utf-8"))
    data["newspaper"] = {"vote_chart": vote_chart}
    return parse_config(data, EXAMPLE)


def test_check_config_refuses_the_chart_without_the_renderer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = datetime(2026, 11, 1, tzinfo=MSK)
    assert preflight(_config(True), before, environ=ENV).errors == []
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # as if the extra were not installed
    [(key, msg)] = preflight(_config(True), before, environ=ENV).errors
    assert key == "newspaper.vote_chart"
    assert "mafiabot[chart]" in msg and "false" in msg
    # default off: nothing to render, nothing to check
    assert preflight(_config(False), before, environ=ENV).errors == []
