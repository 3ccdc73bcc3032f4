"""A rehearsal (`[game] rehearsal = true`) counts every hour of the config as a minute: the
calendar's deadlines, and also the spans the daemon measures itself — G-P.2's last word and
the interim count every H hours."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

from test_config_checks import EXAMPLE, _example, _gambler
from test_daemon_turn_inputs import DIED, _gambler_court, _post

from engine import get_ruleset
from mafiabot.config import Config, parse_config
from mafiabot.daemon.calendar import turn_calendar
from mafiabot.daemon.tally import count_due
from mafiabot.store.tables import VoteCountRow
from mafiabot.turn_inputs import build_turn_inputs


def _rehearsal(data: dict[str, object], on: bool = True) -> Config:
    game = data["game"]
    assert isinstance(game, dict)
    game["rehearsal"] = on
    return parse_config(data, EXAMPLE)


def test_G_P_2_the_last_word_window_is_minutes_in_a_rehearsal() -> None:
    cfg = _rehearsal(_gambler(_example()))
    deaths = {"Анна": DIED}
    gambler = get_ruleset("gambler")
    cal = turn_calendar(cfg, gambler, 3, DIED + timedelta(hours=1), deaths)
    assert cal.last_word == timedelta(minutes=cfg.game.last_word_hours)
    real = turn_calendar(_rehearsal(_gambler(_example()), False), gambler, 3, None, deaths)
    assert real.last_word == timedelta(hours=cfg.game.last_word_hours)
    # a dead civilian writing a quarter of an hour after dying has missed a 12-"hour" window
    late = _post(10, "Анна", "Я всё-таки скажу: это Вера!", DIED + timedelta(minutes=15))
    built = build_turn_inputs(get_ruleset("gambler"), _gambler_court(), posts=[late], calendar=cal)
    assert built.inputs.post_authors == ()
    assert "позже чем через 12 минут после гибели" in built.flags[0]
    assert "последним словом оно уже не считается" in built.flags[0]


def test_the_interim_count_every_h_hours_comes_every_h_minutes_in_a_rehearsal() -> None:
    cfg = _rehearsal(_example())
    game = dataclasses.replace(
        cfg.game, interim_count=dataclasses.replace(cfg.game.interim_count, mode="hours", every=3)
    )
    cfg = dataclasses.replace(cfg, game=game)
    last = VoteCountRow(game_id=1, tag="1/day", votes=4, at=DIED)
    assert not count_due(cfg, last, 4, DIED + timedelta(minutes=2))
    assert count_due(cfg, last, 4, DIED + timedelta(minutes=3))
    live = dataclasses.replace(cfg, game=dataclasses.replace(game, rehearsal=False))
    assert not count_due(live, last, 4, DIED + timedelta(minutes=3))
    assert count_due(live, last, 4, DIED + timedelta(hours=3))
