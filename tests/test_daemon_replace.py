"""C-6: a seat handed to a new account is played by that account from the turn the host
names, even when the old account's board id is already known."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from pathlib import Path

from mafiabot.config import Override
from mafiabot.demo.play import setup, tick_times


def test_C_6_new_account_posts_for_the_seat_whose_old_account_id_is_known(
    tmp_path: Path,
) -> None:
    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    tz = run.cfg.board.tz
    turn2 = datetime(2026, 11, 28, 22, 1, tzinfo=tz)
    for t in [t for t in tick_times(run, data) if t <= turn2]:
        run.clock[0] = t
        run.daemon.tick(t)
    g = run.daemon.game()
    assert g.turn == 2
    old = next(p for p in run.store.players(g.id) if p.nick == "Кот")
    assert old.user_id is not None  # Кот posted on turn 0: the board id of his account is known
    # the host hands the seat over as turn 2 begins; the new account posts right away
    o = Override(index=0, kind="replace", turn=2, nick="Кот", new_nick="Кот2")
    run.daemon.cfg = dataclasses.replace(run.daemon.cfg, overrides=(o,))
    at = datetime(2026, 11, 28, 22, 5, tzinfo=tz)
    run.board.add_post(4, "Кот2", at, "Я теперь играю за Кота, всем привет.")
    run.clock[0] = at
    run.daemon.tick(at)
    assert run.daemon.shell.seat_of(g, "Кот2", run.board.uid("Кот2")) == "Кот"
    assert not [f for f in run.daemon.flags(2) if "Кот2" in f]  # not taken for an outsider
