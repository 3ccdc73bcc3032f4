"""`[board] claim_stale`: how long a sender's claim on an outbox row holds (poster claims,
migration 0007) is the host's setting, read by the daemon's sender at every flush."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from mafiabot.config import ConfigError, load_config, parse_config
from mafiabot.demo.play import setup, tick_times
from poster.outbox import DEFAULT_CLAIM_STALE, OutboxKey, OutboxRow

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "config.example.toml"


def _example() -> dict[str, Any]:
    import tomllib

    return tomllib.loads(EXAMPLE.read_text("utf-8"))


def test_claim_stale_defaults_to_the_poster_default_and_is_read() -> None:
    assert load_config(EXAMPLE).board.claim_stale == DEFAULT_CLAIM_STALE.total_seconds()
    data = _example()
    data["board"]["claim_stale"] = 120
    assert parse_config(data, EXAMPLE).board.claim_stale == 120


@pytest.mark.parametrize("bad", [0, 59, -600, 1.5, "600", True])
def test_claim_stale_is_a_whole_number_of_seconds_of_at_least_a_minute(bad: object) -> None:
    data = _example()
    data["board"]["claim_stale"] = bad
    with pytest.raises(ConfigError) as ei:
        parse_config(data, EXAMPLE)
    assert "board.claim_stale" in dict(ei.value.problems)


def test_the_daemons_sender_takes_over_a_claim_older_than_the_configured_span(
    tmp_path: Path,
) -> None:
    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    first = tick_times(run, data)[0]
    run.clock[0] = first
    run.daemon.tick(first)
    g = run.daemon.game()
    ob = run.daemon.outbox(g)
    key = OutboxKey(str(g.id), g.turn, "note", "topic")
    ob.add(OutboxRow(key, "topic", "Объявление ведущего.", topic_id=run.cfg.game.topic))
    # another host's sender claimed it five minutes ago and has not renewed the claim since
    # (another host: never taken for a process of ours that is gone)
    five_ago = datetime.now(UTC) - timedelta(minutes=5)
    assert ob.claim(key, "elsewhere:4242:ab12", five_ago, DEFAULT_CLAIM_STALE)

    run.daemon.flush(g)  # the default 600 s: the claim still holds, the row waits
    row = ob.get(key)
    assert row is not None and row.status == "pending" and row.claimed_by == "elsewhere:4242:ab12"

    cfg = run.daemon.cfg
    run.daemon.cfg = dataclasses.replace(cfg, board=dataclasses.replace(cfg.board, claim_stale=120))
    run.daemon.flush(g)  # 120 s: five minutes is stale, the row is taken over and sent
    row = ob.get(key)
    assert row is not None and row.status == "sent" and row.board_ids
