"""One day post read three ways — by the daemon's tally, by `mafiabot parse votes` and by
`mafiabot replay` — for the tests that hold the three to one reading (issue 17 item 6)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from mafiabot.cli import main as cli_main


@dataclass
class ThreeReadings:
    post_id: int
    host: str
    daemon: list[tuple[str, str]]  # (author, reason) of the daemon's rejections of the post
    cli: list[tuple[str, str]]
    replayed: list[tuple[str, str]]
    printed: dict[str, Any]  # `parse votes` output, whole
    counted: bool  # the daemon counted a vote from the post
    rejected: list[Any]  # the daemon's rejection records of the post
    scenario: dict[str, Any]  # the one-post scenario replay read


def read_three_ways(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], author: str, body: str
) -> ThreeReadings:
    """`body` posted by `author` on the demo PEFL game's first day, read by each of the three."""
    from mafiabot.daemon import tally
    from mafiabot.demo.play import setup
    from mafiabot.replay import load_scenario, play
    from tests.test_daemon_identity import _play_until

    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.db'}")
    tz = run.cfg.board.tz
    host = run.cfg.board.username
    sent = run.board.add_post(4, author, datetime(2026, 11, 28, 9, 30, tzinfo=tz), body)
    _play_until(run, data, datetime(2026, 11, 28, 12, 30, tzinfo=tz))
    sh, g = run.daemon.shell, run.daemon.game()
    state = sh.state(g)
    _kind, votes, rejected, _notes = tally.tally(sh, g, state, None)
    mine = [r for r in rejected if r.post_id == sent.id]

    page = tmp_path / "page.html"
    page.write_text(run.board.topic_html(4, [sent]), encoding="utf-8")
    nicks = tmp_path / "players.txt"
    nicks.write_text("".join(f"{n}\n" for n in state.living_nicks()), encoding="utf-8")
    argv = ["parse", "votes", "--ruleset", "pefl", "--players", str(nicks), "--host", host]
    assert cli_main([*argv, str(page)]) == 0
    printed = json.loads(capsys.readouterr().out)
    cli = [(r["author"], r["reason"]) for r in printed["rejected"] if r["post_id"] == sent.id]

    scenario: dict[str, Any] = {
        "ruleset": "pefl",
        "host": host,
        "players": [
            {"nick": p.nick, "role": p.role, **({"clan": p.clan} if p.clan else {})}
            for p in state.players
        ],
        "turns": [{"turn": 1, "posts": [{"id": sent.id, "author": author, "html": body}]}],
    }
    replayed = [
        (r["author"], r["reason"]) for r in play(load_scenario(scenario))["turns"][0]["rejected"]
    ]
    return ThreeReadings(
        post_id=sent.id,
        host=host,
        daemon=[(r.author, r.reason) for r in mine],
        cli=cli,
        replayed=replayed,
        printed=printed,
        counted=any(v.post_id == sent.id for v in votes),
        rejected=mine,
        scenario=scenario,
    )
