"""The newspaper's attachment: the day's vote-flow chart as a PNG (`[newspaper] vote_chart`).

The figure is the dashboard's (`mafiabot.web.flow`), drawn from the phase's counted votes —
the same record the newspaper prints — so the picture never shows a vote the text does not.
Rendering is optional (the `chart` extra): where it fails the newspaper goes without the
chart and the host is told, never held back.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from mafiabot.web.flow import flow_chart_png, flow_from_votes
from scraper.board import Attachment

log = logging.getLogger(__name__)


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
