"""The vote flow of a day: how many votes each target had over time, and who switched — the
dashboard's chart and the newspaper's optional attachment (`[newspaper] vote_chart`).

Input is a series of snapshots — at time t, the vote each voter's posts count as (voter →
target) — so the same code serves PEFL reds (a vote never changes, P-V.3) and Gambler greens
and court votes (the last one counts, G-N.1/G-N.4). The chart is drawn by pygal as SVG with no
script (the page works without JavaScript) — and, for the newspaper's attachment, the same
chart as PNG through cairosvg (the optional `chart` extra).

The newspaper's chart is drawn from the phase's counted votes — the same record the newspaper
prints — so the picture never shows a vote the text does not. Rendering is optional: where it
fails the newspaper goes without the chart and the host is told, never held back.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from scraper.board import Attachment

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Switch:
    """A voter moved his vote from one target to another (or withdrew it: `new` None)."""

    at: datetime
    voter: str
    old: str
    new: str | None


@dataclass(frozen=True, slots=True)
class Flow:
    times: tuple[datetime, ...]
    #: target → votes at each of `times`, targets ordered by their final count (most first)
    series: dict[str, tuple[int, ...]]
    switches: tuple[Switch, ...] = field(default=())


def vote_flow(snapshots: Sequence[tuple[datetime, Mapping[str, str]]]) -> Flow:
    """Counts per target at each snapshot, and every change of a voter's vote between two
    consecutive snapshots. Snapshots are taken in time order."""
    times: list[datetime] = []
    counts: list[dict[str, int]] = []
    switches: list[Switch] = []
    before: Mapping[str, str] = {}
    for at, votes in snapshots:
        per: dict[str, int] = {}
        for target in votes.values():
            per[target] = per.get(target, 0) + 1
        times.append(at)
        counts.append(per)
        for voter, old in before.items():
            new = votes.get(voter)
            if new != old:
                switches.append(Switch(at, voter, old, new))
        before = dict(votes)
    final = counts[-1] if counts else {}
    targets: dict[str, None] = {}
    for per in counts:
        for t in per:
            targets.setdefault(t, None)
    ordered = sorted(targets, key=lambda t: -final.get(t, 0))  # stable: first seen first
    series = {t: tuple(per.get(t, 0) for per in counts) for t in ordered}
    return Flow(tuple(times), series, tuple(switches))


def flow_from_votes(votes: Sequence[tuple[datetime, str, str]]) -> Flow:
    """The flow of votes that never change (PEFL reds): one snapshot per vote cast."""
    current: dict[str, str] = {}
    snaps: list[tuple[datetime, Mapping[str, str]]] = []
    for at, voter, target in sorted(votes, key=lambda v: v[0]):
        current.setdefault(voter, target)
        snaps.append((at, dict(current)))
    return vote_flow(snaps)


def flow_chart_svg(flow: Flow, tz: ZoneInfo | None = None, title: str = "") -> str:
    """The flow as an inline SVG step chart (pygal, no scripts): one line per target."""
    svg: Any = _chart(flow, tz, title).render(is_unicode=True)
    return str(svg)


#: the extra that brings the PNG renderer (cairosvg over the system cairo library)
PNG_EXTRA = "mafiabot[chart]"


def png_renderer_problem() -> str | None:
    """Why the chart cannot be drawn as PNG here (None: it can). cairosvg is an optional
    extra, and it also needs the system cairo library, which only shows on import."""
    try:
        import cairosvg  # noqa: F401
    except ImportError as exc:
        return f"the PNG renderer is not installed ({exc}); pip install '{PNG_EXTRA}'"
    except OSError as exc:  # cairocffi found no libcairo
        return f"the PNG renderer cannot load the cairo library ({exc}); install libcairo2"
    return None


def flow_chart_png(flow: Flow, tz: ZoneInfo | None = None, title: str = "") -> bytes:
    """The same chart as `flow_chart_svg`, as PNG bytes for a board attachment (pygal hands
    its SVG to cairosvg). Raises ImportError/OSError where `png_renderer_problem` says so."""
    png: Any = _chart(flow, tz, title).render_to_png()
    return bytes(png)


def _chart(flow: Flow, tz: ZoneInfo | None, title: str) -> Any:
    """The pygal step chart both renderings share."""
    import pygal
    from pygal.style import CleanStyle

    chart = pygal.DateTimeLine(
        title=title or None,
        style=CleanStyle,
        js=[],  # no script from anywhere: the dashboard works without JavaScript
        width=900,
        height=360,
        show_dots=True,
        dots_size=2,
        x_label_rotation=25,
        truncate_legend=30,
        legend_at_bottom=True,
        x_value_formatter=lambda d: d.strftime("%d.%m %H:%M"),
        disable_xml_declaration=True,
        no_data_text="голосов пока нет",
        value_formatter=lambda v: f"{v:.0f}",
        # votes are whole: ticks at whole numbers from 0, never «2.5 голоса»
        **_whole_axis(flow),
    )
    for target, counts in flow.series.items():
        points: list[tuple[datetime, int]] = []
        prev: int | None = None
        for at, n in zip(flow.times, counts, strict=True):
            at = _local(at, tz)
            if prev is not None and n != prev:
                points.append((at, prev))  # a step, not a slope: votes jump
            points.append((at, n))
            prev = n
        chart.add(target, points)
    return chart


def _whole_axis(flow: Flow) -> dict[str, Any]:
    """The y axis of a flow with votes: whole-number ticks from 0 (none for an empty one:
    pygal then draws its «no data» text)."""
    top = max((max(c) for c in flow.series.values() if c), default=0)
    if not top:
        return {}
    return {"y_labels": whole_ticks(top), "range": (0, top)}


def whole_ticks(top: int) -> list[int]:
    """The y axis's ticks for counts up to `top`: whole numbers from 0, at most about ten."""
    top = max(1, top)
    step = max(1, -(-top // 10))
    return list(range(0, top + step, step))


def _local(at: datetime, tz: ZoneInfo | None) -> datetime:
    """Board time without a zone: pygal turns aware times into UTC labels."""
    if tz is not None and at.tzinfo is not None:
        at = at.astimezone(tz)
    return at.replace(tzinfo=None)


def chart_name(turn: int, phase: str) -> str:
    """The file's name on the board: plain ASCII, as every board keeps it."""
    return f"vote-flow-{turn}-{phase}.png"


def vote_chart(
    votes: Sequence[Mapping[str, Any]],
    *,
    game_name: str,
    turn: int,
    phase: str,
    tz: ZoneInfo | None,
) -> Attachment | None:
    """The chart of a phase's counted votes (`compose.counted_votes` rows), or None when
    there is nothing to draw (a night, nobody voted) or the renderer is missing."""
    cast: list[tuple[datetime, str, str]] = []
    for v in votes:
        at, target = v.get("at"), v.get("target")
        if v.get("kind") == "self" or not at or not target:
            continue  # self-votes (abstentions) are named in the text, not drawn
        cast.append((datetime.fromisoformat(str(at)), str(v["voter"]), str(target)))
    if not cast:
        return None
    title = f"{game_name}: голоса, ход {turn}"
    try:
        png = flow_chart_png(flow_from_votes(cast), tz, title=title)
    except (ImportError, OSError) as exc:
        log.error("the vote chart cannot be drawn (%s); the newspaper goes without it", exc)
        return None
    return Attachment(chart_name(turn, phase), png)
