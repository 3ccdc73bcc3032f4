"""Moderation flags reach the host once: the engine raises the post flags at the deadline
(P-P.2 / G-P.2 / P-A.3 from `TurnInputs.post_authors`); the daemon flags only outsiders live."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from mafiabot.demo.play import DemoRun, setup, strip_marker, tick_times
from parser.nicks import casefold_key


def _at(run: DemoRun, iso: str) -> datetime:
    return datetime.fromisoformat(iso).replace(tzinfo=run.cfg.board.tz)


def test_P_P_2_a_dead_players_extra_post_reaches_the_host_once(tmp_path: Path) -> None:
    # Mister X is hanged on day 1; on day 2 he writes twice: the second post is beyond
    # P-P.2. The engine flags it at the deadline (TurnInputs.post_authors); the daemon no
    # longer flags it live as well, so the host reads it once.
    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    for at in ("2026-11-29T10:30", "2026-11-29T10:45"):
        run.board.add_post(run.cfg.game.topic, "Mister X", _at(run, at), "Я ещё тут!")
    for t in tick_times(run, data):
        run.clock[0] = t
        run.daemon.tick(t)
    host = casefold_key(run.cfg.board.username)
    lines = [
        ln
        for m in run.board.sent
        if any(casefold_key(r) == host for r in m.to)
        for ln in strip_marker(m.html).splitlines()
        if "Mister X" in ln and ("выбыл" in ln or "выбытия" in ln)
    ]
    assert len(lines) == 1, lines
    assert "2-е" in lines[0]
