"""The daemon on an IPS 4 board (tests/fakeboard_ipb.py: messenger pages are template-derived).

On IPB 3 / IPS 4-5 a PM is a conversation: several new messages between two polls arrive as
one page each; every message must be read on its own (/work ipb-api.md caveat)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path

from mafiabot.daemon import TickReport, ingest
from mafiabot.demo.play import setup
from scraper.ipb import IpbClient, IpbSettings
from tests.fakeboard_ipb import IPS4_BASE, FakeClock, FakeIps4


def test_several_new_messages_in_one_conversation_are_each_read(tmp_path: Path) -> None:
    run, _data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    board = FakeIps4(FakeClock())
    board.add_conversation_reply(88125, "Headache", 2673, "Лечу Кот")
    board.add_conversation_reply(88126, "Headache", 2673, "Проверяю Шерлок")
    client = IpbClient(
        IpbSettings(IPS4_BASE, "John0", "John-Pass-2026", tz="Europe/London", min_interval=0),
        transport=board.transport(),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    client.login()
    d = run.daemon
    d.client = client
    # the template conversation is dated 2017: let the game start before it
    d.cfg = dataclasses.replace(
        d.cfg,
        board=dataclasses.replace(d.cfg.board, kind="ipb"),
        game=dataclasses.replace(d.cfg.game, start=datetime(2017, 1, 1, tzinfo=UTC)),
    )
    g = run.store.create_game(name="t", ruleset="pefl", topic_id=4, seed=1, now=d.cfg.game.start)
    ingest.poll_pms(d.shell, g, datetime(2017, 4, 22, tzinfo=UTC), TickReport())
    got = {p.board_id: p.text for p in run.store.pms(g.id)}
    # the bot's own message (88124, John0) is not a letter; each new one keeps its own text
    assert set(got) == {88123, 88125, 88126}
    assert "Dinobot" in got[88123]
    assert got[88125] == "Лечу Кот" and got[88126] == "Проверяю Шерлок"
