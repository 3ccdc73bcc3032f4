"""Letters are read on top of whatever the tick already holds — on a first start, a long
topic's pages (issue 20, item 3): the dictionary's mapped pages their words touch are given
back after every lookup while the tick's letters are read, not every fourth; a tick with no
letter does not change how they are given back. Counted on the IPB 1.3 board of the
recorded exchanges."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from parser import morph
from parser import moves as parser_moves
from parser.moves import read_letter_from
from tests.ipb13_game_kit import START, new_game


def test_a_ticks_letters_are_read_giving_the_pages_back_after_each_lookup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bursts: list[int] = []  # `each_lookup_released` blocks under way at each letter read

    def reading(*args: Any, **kwargs: Any) -> Any:
        bursts.append(morph._bursts[0])
        return read_letter_from(*args, **kwargs)

    monkeypatch.setattr(parser_moves, "read_letter_from", reading)
    game = new_game(tmp_path, monkeypatch)
    board = game.board
    d = game.daemon()
    t = START + timedelta(minutes=1)
    for _ in range(3):  # the deal, then the bot's own post and Sent copies seen
        game.requests(d, t)
        t += timedelta(seconds=10)
    assert bursts == []  # no letter yet: nothing read
    board.give_letter("Рома", "Ведущий", "ход", "Лечу Гену")
    board.give_letter("Гена", "Ведущий", "ход", "Проверяю Рому")
    game.requests(d, t)
    assert bursts == [1, 1]  # both letters, each read inside the block
    assert morph._bursts == [0]  # and the block is over when the tick goes on
    t += timedelta(seconds=10)
    game.requests(d, t)  # the replies go out; nothing is read twice
    assert bursts == [1, 1]


def test_each_letter_gives_the_pages_back_before_the_next_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # what one letter's reading and reply touched (its walks, its last lookup) is not left
    # under the next letter's reading: the peak of a first poll's letters is one letter's
    events: list[str] = []

    def reading(*args: Any, **kwargs: Any) -> Any:
        events.append("read")
        return read_letter_from(*args, **kwargs)

    monkeypatch.setattr(parser_moves, "read_letter_from", reading)
    game = new_game(tmp_path, monkeypatch)
    board = game.board
    d = game.daemon()
    t = START + timedelta(minutes=1)
    for _ in range(3):
        game.requests(d, t)
        t += timedelta(seconds=10)
    monkeypatch.setattr(morph, "_count_lookup", lambda: None)  # only the letters' own releases
    monkeypatch.setattr(morph, "release_pages", lambda: events.append("release"))
    board.give_letter("Рома", "Ведущий", "ход", "Лечу Гену")
    board.give_letter("Гена", "Ведущий", "ход", "Проверяю Рому")
    game.requests(d, t)
    assert events == ["read", "release", "read", "release"]
