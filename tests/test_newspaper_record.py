"""The vote record the deadline hands to the newspaper: the counted votes only (P-V.1, G-N.1,
G-N.4), kept phase by phase for the final post's whole-game record and P-E.1 tally."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from engine import events as E
from engine.actions import Vote
from engine.events import HOST
from mafiabot.daemon.compose import counted_votes, game_votes
from mafiabot.newspaper.record import tally_by_reach, votes_against
from mafiabot.newspaper.render import Renderer

MSK = ZoneInfo("Europe/Moscow")


def _at(h: int) -> datetime:
    return datetime(2026, 12, 2, h, 0, tzinfo=MSK)


def test_votes_the_engine_ignored_stay_out_of_the_record() -> None:
    votes = [
        Vote("Анна", "Егор", "red", post_id=1, at=_at(10)),
        Vote("Битый", "Егор", "red", post_id=2, at=_at(11)),  # beaten (P-A.3)
        Vote("Борис", "Анна", "red", post_id=3, at=_at(12), agreed_with=None),
    ]
    events = [E.VoteIgnored(turn=2, audience=HOST, nick="Битый", reason="beaten", post_id=2)]
    rec = counted_votes(2, votes, events)
    assert [(r["voter"], r["target"], r["turn"]) for r in rec] == [
        ("Анна", "Егор", 2),
        ("Борис", "Анна", 2),
    ]
    assert rec[0]["at"] == _at(10).isoformat()  # JSON-ready: kept in the game's cursors


def test_game_record_in_phase_order_and_P_E_1_tally() -> None:
    def row(turn: int, voter: str, target: str, h: int, kind: str = "red") -> dict[str, Any]:
        return {
            "turn": turn,
            "voter": voter,
            "target": target,
            "kind": kind,
            "post_id": None,
            "at": _at(h).isoformat(),
            "agreed_with": None,
        }

    record = game_votes(
        {
            "10/day": [row(10, "Анна", "Егор", 15)],
            "2/day": [row(2, "Анна", "Борис", 9), row(2, "Егор", "Анна", 10)],
        }
    )
    assert [r["turn"] for r in record] == [2, 2, 10]  # turn 10 after turn 2, not before
    # P-E.1: Анна and Борис and Егор have one vote against each; the earlier first vote first
    assert [(a["nick"], a["count"]) for a in votes_against(record)] == [
        ("Борис", 1),
        ("Анна", 1),
        ("Егор", 1),
    ]
    text = Renderer().final_post(
        ruleset="pefl",
        game_name="M",
        winner="town",
        seats=[("Анна", "civilian", None)],
        seed=1,
        salt="s",
        commitment="c",
        vote_record=record,
        tz=MSK,
    )
    assert "Ход 2:\n1. Анна → Борис (02.12 09:00)\n2. Егор → Анна (02.12 10:00)\nХод 10:" in text
    assert "Борис — 1 (первый голос 02.12 09:00)" in text


def test_gambler_final_record_has_greens_then_court_per_day() -> None:
    record = [
        {"turn": 2, "voter": "Анна", "target": "Егор", "kind": "green"},
        {"turn": 2, "voter": "Анна", "target": "Егор", "kind": "court"},
    ]
    text = Renderer().final_post(
        ruleset="gambler",
        game_name="M",
        winner="town",
        seats=[("Анна", "civilian", None)],
        seed=1,
        salt="s",
        commitment="c",
        vote_record=record,
    )
    assert "День 2, зелёные:\nЕгор — 1: Анна\nДень 2, Суд Слона:\nЕгор — 1: Анна" in text
    assert "Голосов против" not in text  # P-E.1 is PEFL's


def test_a_nick_in_the_record_cannot_inject_bbcode() -> None:
    evil = "[/b][color=red]Я[/color]"
    votes = [Vote(evil, evil, "red", post_id=1, at=_at(10))]
    paper = Renderer().newspaper(
        ruleset="pefl", game_name="M", turn=2, events=[], votes=votes, tz=MSK
    )
    greens = Renderer().newspaper(
        ruleset="gambler",
        game_name="M",
        turn=2,
        phase="greens",
        events=[],
        votes=[Vote(evil, evil, "green")],
    )
    for text in (paper, greens):
        assert "[color=red]" not in text and "Я" in text
        assert "\u200b\u200b" not in text  # escaped once, not twice


def test_P_V_4_equal_counts_are_ordered_by_who_reached_them_first() -> None:
    """Кот had the first vote but Марго reached two first: Марго is listed (and would hang)
    first — in the paper's count, the record and the interim count alike."""
    cast = [("a", "Кот"), ("b", "Марго"), ("c", "Марго"), ("d", "Кот")]
    assert [t for t, _v in tally_by_reach(cast)] == ["Марго", "Кот"]
    at = datetime(2026, 12, 2, 14, 0, tzinfo=MSK)
    votes = [Vote(v, t, "red", post_id=i, at=at) for i, (v, t) in enumerate(cast, 1)]
    paper = Renderer().newspaper(
        ruleset="pefl",
        game_name="M",
        turn=2,
        events=[
            E.VotesCounted(turn=2, votes=(("Кот", 2), ("Марго", 2))),
            E.Hanged(turn=2, nick="Марго", role="civilian", votes=2),
        ],
        votes=votes,
    )
    assert "Голоса: Марго — 2, Кот — 2." in paper
    assert "по правилам уходит тот, кто первым набрал это число" in paper
