"""A Don election weighed in a question (P-S.2, C-3, issue 17 item 1): on the election night
a clan member's question sentence that names players beside «дон» («Может, доном Клюквину
или Куницу?», «Кого доном? Клюквину или Куницу?») votes for no one — it is asked which of
them (`asked.asked_don`), never read as no move. A question put to a clan mate, a question
naming a player but no Don, or one answered after stay as they were; a clan mate spoken to
at the head of the sentence is no one elected. Development letters: tests/letters/
donask.jsonl, devsilent.jsonl (`:3`)."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import MOVE_ASKED, WHICH_TARGET, LetterReading
from parser.nicks import NickResolver
from parser.sender import at_turn, cast_state, sender_view

_PLAYERS: dict[str, Any] = {
    "Клюквина": {"role": "mafia", "clan": "yakuza", "don": True},
    "Зайцева": {"role": "mafia", "clan": "yakuza"},
    "Куница": {"role": "mafia", "clan": "yakuza"},
    "Кречет": {"role": "mafia", "clan": "triad", "don": True},
    "Ольга": {"role": "commissar"},
    "Антон": {"role": "civilian"},
}


def _read(text: str) -> LetterReading:
    """`text` from a yakuza member on the election night (turn 0, no Don chosen yet)."""
    state = at_turn(cast_state({"ruleset": "pefl", "turn": 2, "players": _PLAYERS}), 0)
    view = sender_view(state, "Зайцева")
    assert view is not None
    return read_letter(text, view, resolver=NickResolver(view.living))


@pytest.mark.parametrize(
    "text",
    [
        "Может, доном Клюквину или Куницу?",
        "Доном Клюквину или Куницу? Не знаю.",
        "Дон Клюквина или Куница?",
        "Кого доном? Клюквину или Куницу?",  # «дон» in the run of questions
        "Голосую за дона: Клюквина или Куница? Не уверена.",
    ],
)
def test_P_S_2_an_election_weighed_in_a_question_asks_which(text: str) -> None:
    got = _read(text)
    assert got.kind == "question" and got.code == WHICH_TARGET
    assert "Клюквина" in (got.text or "") and "Куница" in (got.text or "")


def test_P_S_2_one_player_asked_for_don_is_asked_back() -> None:
    got = _read("Может, доном Клюквину?")
    assert got.kind == "question" and got.code == MOVE_ASKED
    assert "Клюквина" in (got.text or "")


@pytest.mark.parametrize(
    "text",
    [
        "Голосую за дона Клюквину. Куница, согласна?",  # the question put to a clan mate
        "Дон — Клюквина. Кто будет исполнителем?",  # a question naming no one
        "Доном — Клюквина. Что делать, если Куница против?",  # no Don in the question
        "Дон Клюквина. Или всё-таки Куница? Нет, Клюквина.",  # answered after
    ],
)
def test_P_S_2_a_plain_election_beside_a_question_stands(text: str) -> None:
    got = _read(text)
    assert (got.kind, got.action, got.targets) == ("move", "don", ("Клюквина",))


def test_P_S_2_a_clan_mate_spoken_to_is_not_elected() -> None:
    got = _read("Куница, кого ты хочешь доном, Клюквину?")
    assert not (got.kind == "move" and got.targets == ("Куница",))
