"""The daemon knows players by board user id (issue 9 item 4): the id of each seated account
is learned from its first post, and from then on an account whose name only looks like a
player's («Кoт» with a Latin «o») is an outsider — his red vote is not the player's."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from pathlib import Path

import pytest

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
    _play_until(run, data, until)
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


def _play_until(run, data, until: datetime) -> None:  # type: ignore[no-untyped-def]
    for t in [*(t for t in tick_times(run, data) if t < until), until]:
        run.clock[0] = t
        run.daemon.tick(t)


def test_C_2_a_lookalike_posting_before_the_player_takes_neither_his_id_nor_his_vote(
    tmp_path: Path,
) -> None:
    """«Шер\u200bлок» (a zero-width space, an account of his own) votes before the real
    Шерлок has posted at all: the daemon learns no id from him, does not count his vote as
    Шерлок's, names him to the host with his id, and the real Шерлок is the player when he
    posts."""
    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.db'}")
    tz = run.cfg.board.tz
    fake = run.board.add_post(
        4,
        "Шер\u200bлок",
        datetime(2026, 11, 28, 9, 0, tzinfo=tz),
        RED.format("Tanya-77") + " — голосую, весь день отмалчивается и уходит от ответов.",
    )
    _play_until(run, data, datetime(2026, 11, 28, 10, 30, tzinfo=tz))
    sh = run.daemon.shell
    g = run.daemon.game()
    assert g.id is not None
    ids = {p.nick: p.user_id for p in run.store.players(g.id)}
    assert fake.uid != data["uids"]["Шерлок"]
    assert ids["Шерлок"] == data["uids"]["Шерлок"]  # his own first post taught it
    _kind, votes, rejected, _notes = tally.tally(sh, g, sh.state(g), None)
    assert [v.target for v in votes if v.voter == "Шерлок"] == ["Mister X"]
    assert any(r.post_id == fake.id for r in rejected)
    flagged = [f for f in run.daemon.flags(1) if f"сообщение {fake.id})" in f]
    assert len(flagged) == 1
    assert f"(номер {fake.uid})" in flagged[0] and "Шерлок" in flagged[0]


def test_C_2_the_hosts_user_ids_name_both_accounts_in_the_flag(tmp_path: Path) -> None:
    """With `[game.user_ids]` the player is his account from the first minute: a look-alike
    (Latin «o») is flagged with both ids before the player has written a word."""
    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.db'}")
    run.daemon.cfg = dataclasses.replace(
        run.cfg, game=dataclasses.replace(run.cfg.game, user_ids={"Шерлок": 61})
    )
    tz = run.cfg.board.tz
    fake = run.board.add_post(
        4,
        "Шерлoк",
        datetime(2026, 11, 28, 9, 0, tzinfo=tz),
        RED.format("Tanya-77") + " — голосую, весь день отмалчивается и уходит от ответов.",
    )
    _play_until(run, data, datetime(2026, 11, 28, 9, 30, tzinfo=tz))
    sh = run.daemon.shell
    g = run.daemon.game()
    assert sh.seat_of(g, "Шерлoк", fake.uid) is None
    assert sh.seat_of(g, "Holmes", 61) == "Шерлок"  # the id, whatever the name shown
    flagged = [f for f in run.daemon.flags(1) if f"сообщение {fake.id})" in f]
    assert len(flagged) == 1
    assert f"(номер {fake.uid})" in flagged[0] and "(номер учётной записи 61)" in flagged[0]


def test_C_2_a_lookalikes_letter_is_no_move_of_the_player(tmp_path: Path) -> None:
    """A night letter from «Шерлoк» (Latin «o») written before the real commissar's is not
    Шерлок's request (P-M.0 would let it stand as his first): refused unanswered, flagged."""
    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.db'}")
    tz = run.cfg.board.tz
    fake = run.board.add_pm(
        "Шерлoк", datetime(2026, 11, 28, 19, 50, tzinfo=tz), "ход", "Проверяю Jack_Sparrow"
    )
    _play_until(run, data, datetime(2026, 11, 28, 20, 30, tzinfo=tz))
    g = run.daemon.game()
    assert g.id is not None
    moves = run.store.moves(g.id, 1)
    assert all(m.pm_board_id != fake.id for m in moves)
    assert [m.targets for m in moves if m.actor == "Шерлок"] == [["Граф Монте-Кристо"]]
    assert any(
        f"ЛС {fake.id} от постороннего (отправитель — Шерлoк)" in f for f in run.daemon.flags(1)
    )


def test_C_3_a_red_naming_an_outsider_met_in_the_topic_is_refused_not_read_as_a_player(
    tmp_path: Path,
) -> None:
    """The daemon passes the accounts with no seat it has met in the game topic to the vote
    reader (`VoteOptions.accounts`): a red «Sherlok» naming the outsider Sherlok as written is
    that account, refused, never the player Шерлок typed in Latin letters (C-3)."""
    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.db'}")
    tz = run.cfg.board.tz
    run.board.add_post(
        4, "Sherlok", datetime(2026, 11, 28, 10, 0, tzinfo=tz), "Можно я посмотрю вашу игру?"
    )
    # before Кот's own vote of turn 1 (12:00): under PEFL's first-vote policy a vote taken
    # for Шерлок here would be the one that counts
    named = run.board.add_post(
        4,
        "Кот",
        datetime(2026, 11, 28, 11, 0, tzinfo=tz),
        RED.format("Sherlok") + " — пусть уйдёт из темы, мешает играть весь день.",
    )
    until = datetime(2026, 11, 28, 12, 30, tzinfo=tz)
    _play_until(run, data, until)
    sh = run.daemon.shell
    g = run.daemon.game()
    assert sh.outsider_accounts(g) == frozenset({"Sherlok"})
    _kind, votes, rejected, _notes = tally.tally(sh, g, sh.state(g), None)
    assert [v.target for v in votes if v.voter == "Кот"] == ["Mister X"]
    assert [r.reason for r in rejected if r.post_id == named.id] == ["unknown_nick"]


def test_C_3_an_outsider_met_after_a_red_naming_him_makes_the_tally_read_again(
    tmp_path: Path,
) -> None:
    """A red «Sherlok» read while no account Sherlok had written is Шерлок typed in Latin
    letters; once the outsider Sherlok writes in the topic, the day's tally — the one the
    daemon holds and the one it keeps, whose fingerprint now names the outsiders met — is
    read again, and the red is that account, refused (C-3)."""
    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.db'}")
    tz = run.cfg.board.tz
    named = run.board.add_post(
        4,
        "Кот",
        datetime(2026, 11, 28, 10, 0, tzinfo=tz),
        RED.format("Sherlok") + " — пусть уйдёт из темы, мешает играть весь день.",
    )
    _play_until(run, data, datetime(2026, 11, 28, 10, 30, tzinfo=tz))
    sh = run.daemon.shell
    g = run.daemon.game()
    before = tally._fingerprint(sh, g, sh.state(g), 4, tally.calendar_of(sh, g, 1, None))
    _kind, votes, _rejected, _notes = tally.tally(sh, g, sh.state(g), None)
    assert [v.target for v in votes if v.voter == "Кот"] == ["Шерлок"]  # no outsider yet
    run.board.add_post(
        4, "Sherlok", datetime(2026, 11, 28, 11, 0, tzinfo=tz), "Можно я посмотрю вашу игру?"
    )
    _play_until(run, data, datetime(2026, 11, 28, 12, 30, tzinfo=tz))
    g = run.daemon.game()
    assert sh.outsider_accounts(g) == frozenset({"Sherlok"})
    after = tally._fingerprint(sh, g, sh.state(g), 4, tally.calendar_of(sh, g, 1, None))
    assert after != before
    _kind, votes, rejected, _notes = tally.tally(sh, g, sh.state(g), None)
    assert [v.target for v in votes if v.voter == "Кот"] == ["Mister X"]
    assert [r.reason for r in rejected if r.post_id == named.id] == ["unknown_nick"]


def test_C_6_an_accounts_seat_is_worked_out_once_while_the_cast_stands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a first read asks for the seat of 20,000 posts' authors, a few accounts each many
    # times: the cast answers each once, and again once the seats have changed
    from parser.identity import Cast

    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.db'}")
    _play_until(run, data, datetime(2026, 11, 28, 11, 0, tzinfo=run.cfg.board.tz))
    sh = run.daemon.shell
    g = run.daemon.game()
    asked: list[str] = []
    player = Cast.player

    def counted(cast: Cast, author: str, author_id: int | None = None) -> str | None:
        asked.append(author)
        return player(cast, author, author_id)

    monkeypatch.setattr(Cast, "player", counted)
    uid = data["uids"]["Кот"]
    for _ in range(3):
        assert sh.seat_of(g, "Кот", uid) == "Кот"
        assert sh.seat_of(g, "Незнакомец", 999) is None
    assert asked == ["Кот", "Незнакомец"]
    sh.players_changed()  # a seat changed (a replacement, an id learnt): asked again
    assert sh.seat_of(g, "Кот", uid) == "Кот"
    assert asked == ["Кот", "Незнакомец", "Кот"]
