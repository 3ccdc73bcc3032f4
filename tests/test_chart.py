"""The day's vote-flow chart as a PNG for the newspaper (issue 12 item 5; G-N.1, P-V.3)."""

from __future__ import annotations

import io
import struct
import sys
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from mafiabot.config import Config, parse_config
from mafiabot.config.preflight import preflight
from mafiabot.newspaper.chart import (
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


def test_the_queued_newspaper_keeps_its_chart_in_the_store(tmp_path: Path) -> None:
    # a later flush (another process) sends exactly the file that was composed
    from mafiabot.store import open_store
    from poster.outbox import OutboxKey, OutboxRow
    from scraper.board import Attachment

    url = f"sqlite:///{tmp_path / 'm.db'}"
    st = open_store(url)
    g = st.create_game(name="M", ruleset="pefl", topic_id=4, seed=7, now=T0)
    png = flow_chart_png(flow_from_votes([(T0, "Кот", "Марго")]))
    key = OutboxKey(str(g.id), 2, "newspaper", "topic")
    plain = OutboxKey(str(g.id), 2, "host_report", "Ведущий")
    ob = st.outbox(g.id)
    ob.add(OutboxRow(key, "topic", "Газета", topic_id=4, attachment=Attachment("d2.png", png)))
    ob.add(OutboxRow(plain, "pm", "Отчёт", "s", recipients=("Ведущий",)))
    st.close()
    again = open_store(url).outbox(g.id)
    row = again.get(key)
    assert row is not None and row.attachment == Attachment("d2.png", png, "image/png")
    other = again.get(plain)
    assert other is not None and other.attachment is None


def test_the_newspaper_chart_draws_counted_votes_and_skips_what_it_cannot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mafiabot.newspaper import chart as newspaper_chart

    votes: list[dict[str, Any]] = [
        {"voter": "Кот", "target": "Марго", "kind": "red", "at": T0.isoformat()},
        {"voter": "Ян", "target": None, "kind": "self", "at": T0.isoformat()},  # abstained
    ]
    chart = newspaper_chart.vote_chart(votes, game_name="М", turn=2, phase="day", tz=MSK)
    assert chart is not None and chart.name == "vote-flow-2-day.png"
    assert _png_size(chart.data) == (900, 360)
    # a night or a day nobody voted: nothing to draw, the newspaper goes as it always did
    assert newspaper_chart.vote_chart([], game_name="М", turn=2, phase="night", tz=MSK) is None
    only_self = votes[1:]
    assert newspaper_chart.vote_chart(only_self, game_name="М", turn=2, phase="day", tz=MSK) is None

    def missing(*_a: object, **_k: object) -> bytes:
        raise OSError("no library called cairo was found")

    # the renderer gone since check-config: the newspaper is never held back for it
    monkeypatch.setattr(newspaper_chart, "flow_chart_png", missing)
    assert newspaper_chart.vote_chart(votes, game_name="М", turn=2, phase="day", tz=MSK) is None
