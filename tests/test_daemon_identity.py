"""The daemon knows players by board user id (issue 9 item 4): the id of each seated account
is learned from its first post, and from then on an account whose name only looks like a
player's («Кoт» with a Latin «o») is an outsider — his red vote is not the player's."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from pathlib import Path

from engine import get_ruleset
from mafiabot.daemon import tally
from mafiabot.demo.play import setup, tick_times
from mafiabot.replay_posts import post_from_body
from mafiabot.turn_inputs import TurnPost, phase_votes

RED = '<span style="color:red">{}</span>'


def test_C_3_a_lookalike_account_is_an_outsider_not_the_player(tmp_path: Path) -> None:
    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.db'}")
    tz = run.cfg.board.tz
    # before the real Кот's first vote of turn 1 (12:00): under PEFL's first-vote policy a
    # vote taken for his would be the one that counts
    fake = run.board.add_post(
        4,
        "Кoт",  # Latin «o»: another account
        datetime(2026, 11, 28, 11, 30, tzinfo=tz),
        RED.format("Tanya-77") + " — голосую, потому что она молчит весь день.",
    )
    until = datetime(2026, 11, 28, 12, 30, tzinfo=tz)
    for t in [t for t in tick_times(run, data) if t <= until]:
        run.clock[0] = t
        run.daemon.tick(t)
    sh = run.daemon.shell
    g = run.daemon.game()
    ids = {p.nick: p.user_id for p in run.store.players(g.id)}
    assert ids["Кот"] == data["uids"]["Кот"]  # learned from his own first post
    assert sh.seat_of(g, "Кoт", fake.uid) is None
    assert sh.seat_of(g, "кот", data["uids"]["Кот"]) == "Кот"
    _kind, votes, rejected, _notes = tally.tally(sh, g, sh.state(g), None)
    assert [v.target for v in votes if v.voter == "Кот"] == ["Mister X"]
    assert any(r.post_id == fake.id for r in rejected)
    assert any("посторонний Кoт" in f for f in run.daemon.flags(1))


def _pefl_posts(*bodies: tuple[int, str, str]) -> list[TurnPost]:
    return [TurnPost(post_from_body(pid, who, html, pid), who) for pid, who, html in bodies]


def test_C_3_vote_nicks_setting_reaches_the_vote_reader() -> None:
    """`[rules] vote_nicks`: "as_moves" reads a case form («Кота») like a letter does;
    "exact" does not (C-3 ruling)."""
    from engine import Seat

    seats = (Seat("Анна", "civilian"), Seat("Кот", "mafia", "yakuza"), Seat("Шерлок", "commissar"))
    posts = _pefl_posts((1, "Анна", RED.format("Кота") + " прячется за чужими спинами весь день"))
    counted = {}
    for mode in ("as_moves", "exact"):
        rules = get_ruleset("pefl")
        rules = get_ruleset("pefl", dataclasses.replace(rules.settings, vote_nicks=mode))
        state = dataclasses.replace(rules.new_game(seats), turn=1)
        got = phase_votes(rules, state, posts, posts)
        counted[mode] = [(v.voter, v.target) for v in got.votes]
    assert counted == {"as_moves": [("Анна", "Кот")], "exact": []}


def test_the_players_board_ids_reach_the_vote_reader() -> None:
    """A post whose board id is not the seat's is no vote of his, whatever the name."""
    from engine import Seat

    seats = (Seat("Анна", "civilian"), Seat("Кот", "mafia", "yakuza"), Seat("Шерлок", "commissar"))
    rules = get_ruleset("pefl")
    state = dataclasses.replace(rules.new_game(seats), turn=1)
    post = post_from_body(1, "Анна", RED.format("Кот") + " прячется за чужими спинами весь день", 1)
    posts = [TurnPost(dataclasses.replace(post, author_id=999), "Анна")]
    assert len(phase_votes(rules, state, posts, posts).votes) == 1  # no ids known: by name
    got = phase_votes(rules, state, posts, posts, player_ids={"Анна": 58})
    assert got.votes == () and got.rejected
