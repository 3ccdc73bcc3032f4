"""What a tick costs grows with what is new, not with the topic: an idle tick (nothing new on
the board) runs the same few SQL statements at 30 posts as at 600, and reads the seats once."""

from __future__ import annotations

import dataclasses
import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from mafiabot.config import InterimCount
from mafiabot.demo.play import DemoRun
from mafiabot.store.posts import PostIn
from mafiabot.store.tables import Game
from tests.demo_game_kit import TOPIC_PAGES, dealt_game, demo_game, tick, topic_fetch


def _statements(run: DemoRun, at: datetime) -> list[str]:
    seen: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
        seen.append(statement)

    sa.event.listen(run.store.engine, "before_cursor_execute", count)
    try:
        report = tick(run, at)
    finally:
        sa.event.remove(run.store.engine, "before_cursor_execute", count)
    assert report.new_posts == 0 and report.edited_posts == 0
    return seen


def _only_ours(run: DemoRun, now: datetime) -> None:
    """The recorded game stops here: only the posts this test adds appear from now on (the
    bot's own newspaper is read in first)."""
    run.board.posts = [p for p in run.board.posts if p.id]
    run.board.pms = [m for m in run.board.pms if m.at <= now]
    tick(run, now)


def _in_turn_one(run: DemoRun) -> datetime:
    """The game dealt, then ticked an hour into turn 1, and only this test's posts from then
    on (`_only_ours`); that moment."""
    t = run.cfg.game.deadlines[0] + timedelta(hours=1)
    for at in (run.cfg.game.start + timedelta(minutes=1), t):
        tick(run, at)
    _only_ours(run, t)
    return t


def _chatter(run: DemoRun, first: datetime, n: int) -> None:
    nicks = ["Шерлок", "Кот", "Марго", "Dr.Watson"]
    for i in range(n):
        html = f'<span style="color:red">Кот</span> молчит весь день, {i}' if i % 3 else "Хм."
        run.board.add_post(run.cfg.game.topic, nicks[i % 4], first + timedelta(seconds=i), html)


def _tally_every_tick(tmp_path: Path) -> DemoRun:
    """The demo game with the interim count on, so that the turn's tally is wanted every tick."""
    run = demo_game(tmp_path)
    game = dataclasses.replace(run.cfg.game, interim_count=InterimCount(mode="votes", every=10**6))
    run.daemon.cfg = dataclasses.replace(run.cfg, game=game)
    return run


def _read_at_once(sh: Any, g: Any, state: Any, posts: Any) -> Any:
    """The phase's votes read from every post of the turn at once, as the tally kept along
    the way must give them."""
    from mafiabot.daemon import tally
    from mafiabot.turn_inputs import phase_votes

    calendar = tally.calendar_of(sh, g, state.turn, None)
    return phase_votes(sh.rules, state, posts, [], calendar, sh.host_accounts, sh.player_ids(g))


def test_an_idle_tick_costs_the_same_at_any_topic_size(tmp_path: Path) -> None:
    # the interim count on: the turn's tally is wanted every tick
    run = _tally_every_tick(tmp_path)
    t = _in_turn_one(run)
    sizes = []
    for n in (30, 600):
        _chatter(run, t, n)
        t += timedelta(hours=2)
        assert tick(run, t).new_posts == n
        t += timedelta(minutes=1)
        idle = _statements(run, t)
        sizes.append(len(idle))
        # the seats are read once per tick, not once per post
        assert sum("FROM players" in s for s in idle) <= 1
        # no post is read back from the store: the tally is kept until something changes
        assert not any("FROM posts" in s or "FROM post_revisions" in s for s in idle)
    assert sizes[0] == sizes[1]


def test_the_tally_is_read_again_once_a_new_post_arrives(tmp_path: Path) -> None:
    run = demo_game(tmp_path)
    t = _in_turn_one(run)
    before = run.daemon.status(t)["tally"]
    run.board.add_post(
        run.cfg.game.topic, "Шерлок", t, '<span style="color:red">Кот</span> молчит и путается'
    )
    t += timedelta(minutes=5)
    tick(run, t)
    after = run.daemon.status(t)["tally"]
    assert "Шерлок" in after.get("Кот", []) and after != before


def test_the_tally_skips_plain_posts_and_counts_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a post stored once with no coloured text outside quotes is never decoded for the day's
    # tally (P-V.1: a vote is a coloured nick): the votes and refusals are those of a reading
    # of every post, an edit that adds a vote to a plain post included
    from mafiabot.daemon import tally

    run = demo_game(tmp_path)
    t = _in_turn_one(run)
    topic = run.cfg.game.topic
    red = '<span style="color:red">{}</span>'
    run.board.add_post(topic, "Шерлок", t, red.format("Кот") + " молчит и путается весь день")
    run.board.add_post(topic, "Кот", t + timedelta(seconds=1), "Хм, а я тут при чём?")
    plain = run.board.add_post(topic, "Dr.Watson", t + timedelta(seconds=2), "Пока думаю.")
    quoted = f"<blockquote>{red.format('Кот')} без причины</blockquote> Не согласен."
    run.board.add_post(topic, "Шерлок", t + timedelta(seconds=3), quoted)
    run.board.add_post(topic, "Кот", t + timedelta(seconds=4), red.format("Шерлок") + " да")
    t += timedelta(minutes=5)
    assert tick(run, t).new_posts == 5
    sh = run.daemon.shell
    g = run.daemon.game()
    # Dr.Watson's plain post edited into a vote: its second revision reads as Шерлок's vote does
    stored = {p.board_id: p for p in sh.store.posts(g.id, topic_id=topic)}
    was, vote = stored[plain.id], next(p for p in stored.values() if p.author == "Шерлок")
    assert was.record is not None and vote.record is not None
    edited = {**vote.record, "id": was.board_id, "author": "Dr.Watson", "author_id": was.author_id}
    edited["posted_at"] = was.record["posted_at"]
    item = PostIn(
        topic_id=topic, board_id=was.board_id, author="Dr.Watson", author_id=was.author_id,
        posted_at=was.posted_at, body_html=vote.body_html, turn=was.turn, record=edited,
    )  # fmt: skip
    assert sh.store.upsert_posts(g.id, [item], now=t) == ["edited"]
    state = sh.state(g)
    sh.posts_changed()  # no kept tally: read the store again
    decoded: list[int] = []
    decode = tally.stored_record

    def counted(sp: Any) -> Any:
        decoded.append(sp.board_id)
        return decode(sp)

    monkeypatch.setattr(tally, "stored_record", counted)
    kind, votes, rejected, _notes = tally.tally(sh, g, state, None)
    # the two votes as written and the edited post; not the chatter, quote, newspaper
    assert len(decoded) == 3 and was.board_id in decoded
    monkeypatch.undo()
    everything, _ = tally.turn_posts(sh, g, topic, state.turn, None)
    assert len(everything) == 6  # ours and the newspaper
    whole = _read_at_once(sh, g, state, everything)
    assert (kind, votes, rejected) == (whole.kind, list(whole.votes), list(whole.rejected))
    assert [(v.voter, v.target) for v in votes] == [("Шерлок", "Кот"), ("Dr.Watson", "Кот")]
    assert [(r.author, r.reason) for r in rejected] == [("Кот", "no_reason")]  # P-V.1


class _PostWrites:
    """The store's transactions that touch the posts, each as its statements on `posts` and
    `post_revisions`, read off the store's own engine events (the other transactions of a
    read, seats learnt and outsiders flagged, are not the storing of posts)."""

    def __init__(self, run: DemoRun) -> None:
        self.engine = run.store.engine
        self.done: list[list[str]] = []  # committed transactions that touched the posts
        self._open: list[str] = []
        sa.event.listen(self.engine, "before_cursor_execute", self._statement)
        sa.event.listen(self.engine, "commit", self._commit)

    def _statement(self, _conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
        if re.search(r"\b(posts|post_revisions)\b", statement):
            self._open.append(statement)

    def _commit(self, _conn: Any) -> None:
        if self._open:
            self.done.append(self._open)
        self._open = []

    def take(self) -> list[list[str]]:
        done, self.done = self.done, []
        return done

    def close(self) -> None:
        sa.event.remove(self.engine, "before_cursor_execute", self._statement)
        sa.event.remove(self.engine, "commit", self._commit)


def _writes(statements: list[str]) -> list[str]:
    return [s for s in statements if not s.lstrip().upper().startswith("SELECT")]


def test_posts_are_stored_a_few_pages_at_a_time_and_a_repeat_is_compared(tmp_path: Path) -> None:
    # issue 20 item 3: a first read stores its posts a transaction per a few pages (hundreds
    # of posts), each a few statements however many posts it holds, not a transaction per
    # page or statements per post; a repeat poll of unchanged pages only compares (reads,
    # writes nothing); a post shown again on a later page (the topic shifted while read) is
    # compared with its first reading, as it would be a page at a time: an edit in between
    # is a new revision
    from mafiabot.daemon import ingest

    run, start = dealt_game(tmp_path)
    sh, g = run.daemon.shell, run.daemon.game()
    texts = [p.read_text() for p in TOPIC_PAGES]
    pages = [topic_fetch(text, start, n) for n, text in enumerate(texts, 1)]
    assert len(pages) == 8 and sh.store.posts(g.id) == []
    seen = _PostWrites(run)
    try:
        report = ingest.TickReport()
        ingest.ingest_pages(sh, g, 4, pages[:5], start, report)
        assert (report.new_posts, report.edited_posts) == (50, 0)
        # five pages' 50 posts in one transaction of a few statements
        done = seen.take()
        assert len(done) == 1, f"5 pages stored in {len(done)} transactions"
        assert len(done[0]) <= 4, done[0]
        # polled again, unchanged: one transaction that reads the posts and writes none
        report = ingest.TickReport()
        ingest.ingest_pages(sh, g, 4, pages[:5], start, report)
        assert (report.new_posts, report.edited_posts) == (0, 0)
        done = seen.take()
        assert len(done) == 1, f"5 pages compared in {len(done)} transactions"
        assert len(done[0]) <= 4 and _writes(done[0]) == [], done[0]
        # the rest, the topic shifted while read: page 6 shown twice, post 98 edited between
        edited = texts[5].replace("Я его не уберёг.", "Я его не уберёг, увы.", 1)
        assert edited != texts[5]
        shifted = [pages[5], topic_fetch(edited, start, 6), *pages[6:]]
        report = ingest.TickReport()
        ingest.ingest_pages(sh, g, 4, shifted, start, report)
        assert (report.new_posts, report.edited_posts) == (22, 1)
        # the first reading stored before the second is compared with it: two transactions
        done = seen.take()
        assert len(done) == 2, f"4 pages, one shown twice, stored in {len(done)} transactions"
    finally:
        seen.close()
    stored = sh.store.posts(g.id)
    assert len(stored) == 72
    assert [(p.board_id, p.revision) for p in stored if p.revision != 1] == [(98, 2)]
    assert "увы" in next(p.body_html for p in stored if p.board_id == 98)


class _Transactions:
    """Every transaction the store commits, as its statements, read off its engine's events."""

    def __init__(self, run: DemoRun) -> None:
        self.engine = run.store.engine
        self.done: list[list[str]] = []
        self._open: list[str] = []
        sa.event.listen(self.engine, "before_cursor_execute", self._statement)
        sa.event.listen(self.engine, "commit", self._commit)

    def _statement(self, _conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
        self._open.append(" ".join(statement.split()))

    def _commit(self, _conn: Any) -> None:
        self.done.append(self._open)
        self._open = []

    def close(self) -> None:
        sa.event.remove(self.engine, "before_cursor_execute", self._statement)
        sa.event.remove(self.engine, "commit", self._commit)


@dataclasses.dataclass
class _FirstRead:
    """The dealt demo game and the 8 real pages of its topic (72 posts), with what their
    first read must store: a note for each post by an outsider (C-3), in board order, and
    each seat's board id from its first post that shows one."""

    run: DemoRun
    game: Game
    pages: list[Any]
    at: datetime
    outsiders: list[int]
    taught: dict[str, int]

    @classmethod
    def make(cls, tmp: Path) -> _FirstRead:
        from mafiabot.daemon import ingest

        run, start = dealt_game(tmp)
        sh, g = run.daemon.shell, run.daemon.game()
        pages = [topic_fetch(p.read_text(), start, n) for n, p in enumerate(TOPIC_PAGES, 1)]
        posts = [p for f in pages for p in ingest.page_of(sh, f, start).posts]
        seats = {p.account for p in sh.store.players(g.id)}
        outsiders = [p.id for p in posts if p.author not in seats and not sh.is_host(p.author)]
        taught: dict[str, int] = {}
        for p in posts:
            if p.author in seats and p.author_id is not None:
                taught.setdefault(p.author, p.author_id)
        assert len(posts) == 72 and len(outsiders) >= 10 and len(taught) == len(seats)
        return cls(run, g, pages, start, outsiders, taught)

    def read(self) -> Any:
        """The pages read and stored, as a tick does (the seats read again, once)."""
        from mafiabot.daemon import ingest

        sh = self.run.daemon.shell
        sh.begin_tick()
        report = ingest.TickReport()
        ingest.ingest_pages(sh, self.game, 4, self.pages, self.at, report)
        return report

    def notes(self) -> list[str]:
        with self.run.store.engine.connect() as c:
            return [r[0] for r in c.execute(sa.text("SELECT text FROM host_flags ORDER BY id"))]

    def check_stored(self) -> None:
        """Every outsider's post noted once, in board order; every seat's id learnt."""
        stored = self.notes()
        noted = [re.search(r"(\d+)\)", n) for n in stored]
        assert [int(m.group(1)) if m else None for m in noted] == self.outsiders, stored
        g = self.run.daemon.game()
        players = self.run.store.players(g.id)
        assert {p.account: p.user_id for p in players} == self.taught


def test_a_batch_stores_its_posts_seats_and_host_notes_in_one_transaction(
    tmp_path: Path,
) -> None:
    # issue 20 item 3: no per-post round trips. The first read of the 8 real pages (one
    # batch) teaches the seats their board ids and raises a note for every post by an
    # outsider: all of it in the posts' own transaction, a statement or two a table however
    # many posts, not a transaction per outsider's post or per new author. A read again
    # (a restart after the commit) raises no note twice.
    first = _FirstRead.make(tmp_path)
    seen = _Transactions(first.run)
    try:
        assert first.read().new_posts == 72
        done = seen.done
    finally:
        seen.close()
    assert len(done) == 1, (
        f"72 posts, {len(first.outsiders)} by outsiders, stored in {len(done)} transactions: "
        + "; ".join(" | ".join(s[:30] for s in t) for t in done[:4])
    )
    per_table = {
        table: sum(1 for s in done[0] if re.search(rf"\b{table}\b", s))
        for table in ("posts", "post_revisions", "players", "host_flags")
    }
    # players: the tick's one reading of the seats, and the ids learnt in one statement
    assert max(per_table.values()) <= 2 and per_table["host_flags"] >= 1, per_table
    first.check_stored()
    stored = first.notes()
    assert first.read().new_posts == 0
    assert first.notes() == stored


def test_a_crash_before_a_batch_commits_stores_none_of_it_and_notes_each_once_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the process dies (kill -9) after the posts and seats are written, before the notes
    # are: nothing of the batch stays, so the next read finds the posts new and raises every
    # note, once; a note's key (game, turn, text) keeps a read again from raising it twice
    from mafiabot.store import Store

    first = _FirstRead.make(tmp_path)
    raise_flags = Store.raise_flags

    def killed(*_a: Any) -> Any:
        raise KeyboardInterrupt("killed")

    monkeypatch.setattr(Store, "raise_flags", killed)
    with pytest.raises(KeyboardInterrupt):
        first.read()
    g = first.run.daemon.game()
    assert first.run.store.posts(g.id) == [] and first.notes() == []
    assert all(p.user_id is None for p in first.run.store.players(g.id))
    monkeypatch.setattr(Store, "raise_flags", raise_flags)
    assert first.read().new_posts == 72
    first.check_stored()
    stored = first.notes()
    assert first.read().new_posts == 0
    assert first.notes() == stored


def test_a_read_asks_the_outbox_once_a_closed_turn_not_once_a_post(tmp_path: Path) -> None:
    # issue 20 item 3: no per-post round trips. A first read at turn 4 (or a restart reading
    # back) meets posts of the turns the bot has closed; whether each stands after the bot's
    # close (C-1) is asked of the outbox once a closed turn for the whole read, not once a
    # post, and every post goes where it did: before the newspaper, its stamp's turn; after
    # it, the turn under way; a closed turn whose newspaper is not on the board, its stamp's
    from mafiabot.daemon import ingest
    from poster.outbox import OutboxKey, OutboxRow

    run, start = dealt_game(tmp_path)
    sh, g = run.daemon.shell, run.daemon.game()
    assert g.id is not None
    pages = [topic_fetch(p.read_text(), start, n) for n, p in enumerate(TOPIC_PAGES, 1)]
    posts = [p for f in pages for p in ingest.page_of(sh, f, start).posts]
    g = run.store.update_game(g.id, turn=4)
    assert g.id is not None
    stamped = sh.turn_finder(g.turn)
    closed = {stamped(p.posted_at) for p in posts if not ingest.before_the_game(sh, p.posted_at)}
    assert closed == {0, 1, 2, 3}
    # turns 0 and 1 closed by newspapers the board shows (turn 0's amid its own posts: a
    # lagging board clock), turns 2 and 3 not on the board yet
    newspapers = {0: 80, 1: 100}
    for turn, board_id in newspapers.items():
        key = OutboxKey(str(g.id), turn, "newspaper", "topic")
        sh.outbox(g).add(OutboxRow(key, "topic", "Газета", topic_id=4))
        sh.outbox(g).begin_part(key, 0)
        sh.outbox(g).record_part(key, 0, board_id)
        sh.outbox(g).mark_sent(key)
    asked: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT") and re.search(r"\boutbox\b", statement):
            asked.append(statement)

    sa.event.listen(run.store.engine, "before_cursor_execute", count)
    try:
        report = ingest.TickReport()
        ingest.ingest_pages(sh, g, 4, pages, start, report)
    finally:
        sa.event.remove(run.store.engine, "before_cursor_execute", count)
    assert report.new_posts == 72
    # one look-up per closed turn, both kinds of closing post (newspaper, final post) in it:
    # a turn whose newspaper is not on the board yet costs no second look for a final post
    assert len(asked) == len(closed), f"72 posts, 4 closed turns: {len(asked)} outbox SELECTs"
    turns = {p.board_id: p.turn for p in run.store.posts(g.id, topic_id=4)}
    for p in posts:
        if ingest.before_the_game(sh, p.posted_at):
            continue
        turn = stamped(p.posted_at)
        close = newspapers.get(turn)
        assert turns[p.id] == (g.turn if close is not None and p.id > close else turn), p.id
    # both sides of each newspaper met: the attribution above is not vacuous
    moved = [p.id for p in posts if turns[p.id] == g.turn]
    assert turns[80] == 0 and turns[100] == 1  # the newspapers' own neighbours stay
    assert min(moved) == 81 and 101 in moved and 110 not in moved


def test_the_closing_post_of_a_turn_is_its_newspaper_else_its_final_post(tmp_path: Path) -> None:
    # the one look-up of both kinds answers what a look-up of each did: the newspaper's
    # first board id where the board has it, else the final post's, else none (C-1)
    from mafiabot import keys
    from mafiabot.daemon import ingest
    from poster.outbox import OutboxRow

    run, _start = dealt_game(tmp_path)
    sh, g = run.daemon.shell, run.daemon.game()
    assert g.id is not None
    box = sh.outbox(g)

    def queue(turn: int, kind: keys.OutboxKind, board_id: int | None) -> None:
        key = keys.key(g.id, turn, kind)
        box.add(OutboxRow(key, "topic", "Текст", topic_id=4))
        if board_id is not None:
            box.begin_part(key, 0)
            box.record_part(key, 0, board_id)
            box.mark_sent(key)

    queue(5, keys.NEWSPAPER, 500)
    queue(5, keys.FINAL, 501)
    queue(6, keys.FINAL, 600)
    queue(7, keys.NEWSPAPER, None)  # queued, not on the board yet
    queue(7, keys.FINAL, 700)
    queue(8, keys.NEWSPAPER, None)
    assert [ingest.closing_post(sh, g, turn) for turn in (5, 6, 7, 8, 9)] == [
        500,
        600,
        700,
        None,
        None,
    ]


def test_a_pages_reading_problem_is_noted_in_its_batchs_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 20 item 3: a page the parser could not read cleanly raises its note for the
    # host in the batch's own transaction, before the posts' notes, not in one of its own;
    # read again, it is not raised twice
    from mafiabot.daemon import ingest
    from parser.records import ParseIssue

    first = _FirstRead.make(tmp_path)
    page_of = ingest.page_of
    issue = ParseIssue("post 13", "no author")

    def with_issue(sh: Any, fetch: Any, now: Any) -> Any:
        page = page_of(sh, fetch, now)
        return dataclasses.replace(page, issues=(issue,)) if page.page == 3 else page

    monkeypatch.setattr(ingest, "page_of", with_issue)
    seen = _Transactions(first.run)
    try:
        assert first.read().new_posts == 72
        done = seen.done
    finally:
        seen.close()
    assert len(done) == 1, [" | ".join(s[:30] for s in t) for t in done]
    notes = first.notes()
    assert len(notes) == len(first.outsiders) + 1
    assert notes[0].startswith("страница темы 4: сообщение 13"), notes[0]
    noted = [re.search(r"(\d+)\)", n) for n in notes[1:]]
    assert [int(m.group(1)) if m else None for m in noted] == first.outsiders
    assert first.read().new_posts == 0
    assert first.notes() == notes


def test_a_pages_reading_problem_without_posts_to_store_is_still_noted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a page whose only news is its reading problem (every post stored already) raises it
    from mafiabot.daemon import ingest
    from parser.records import ParseIssue

    first = _FirstRead.make(tmp_path)
    assert first.read().new_posts == 72
    before = first.notes()
    page_of = ingest.page_of
    issue = ParseIssue("page", "navigation unreadable")

    def with_issue(sh: Any, fetch: Any, now: Any) -> Any:
        page = page_of(sh, fetch, now)
        return dataclasses.replace(page, issues=(issue,)) if page.page == 8 else page

    monkeypatch.setattr(ingest, "page_of", with_issue)
    assert first.read().new_posts == 0
    after = first.notes()
    assert after[: len(before)] == before and len(after) == len(before) + 1
    assert after[-1].startswith("страница темы 4"), after[-1]


def test_the_accounts_met_in_the_topic_are_read_once_then_follow_the_posts_stored(
    tmp_path: Path,
) -> None:
    # issue 20 item 3: the live tally asks for the outsider accounts met in the topic (C-3)
    # after every batch a read stores; they were read from the store again each time (a
    # statement per batch over the whole topic, growing with it). Now the store is asked
    # once a process, and every batch stored adds its authors: a new outsider is still met
    run = _tally_every_tick(tmp_path)
    t = _in_turn_one(run)
    sh = run.daemon.shell
    assert sh.outsider_accounts(run.daemon.game()) == frozenset()
    authors_asked: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
        if re.search(r"SELECT DISTINCT posts\.author\b", statement):
            authors_asked.append(statement)

    sa.event.listen(run.store.engine, "before_cursor_execute", count)
    try:
        _chatter(run, t, 30)
        t += timedelta(hours=2)
        assert tick(run, t).new_posts == 30
        run.board.add_post(
            run.cfg.game.topic, "Sherlok", t + timedelta(minutes=1), "Можно посмотреть игру?"
        )
        t += timedelta(minutes=2)
        assert tick(run, t).new_posts == 1
        assert sh.outsider_accounts(run.daemon.game()) == frozenset({"Sherlok"})
    finally:
        sa.event.remove(run.store.engine, "before_cursor_execute", count)
    assert authors_asked == []


def test_a_long_read_keeps_its_refusals_on_the_way_and_they_are_the_whole_readings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 20 item 3: a first read of a long topic refuses thousands of votes (P-V.1: a
    # repeated vote, a vote for oneself); the live tally held every refusal in memory until
    # the interim count kept it at the end of the tick. Now it is kept whenever
    # `UNKEPT_AT_MOST` refusals are held, and what the tally then gives is still the reading
    # of every post at once
    from mafiabot.daemon import ingest, tally

    run = _tally_every_tick(tmp_path)
    t = _in_turn_one(run)
    sh = run.daemon.shell
    monkeypatch.setattr(ingest, "STORE_BATCH", 5)
    monkeypatch.setattr(tally, "UNKEPT_AT_MOST", 3)
    held: list[int] = []  # the refusals handed to the store at each keeping
    keep = sh.store.keep_tally

    def counted(*a: Any, **kw: Any) -> bool:
        held.append(len(a[3]))
        return keep(*a, **kw)

    _chatter(run, t, 4)  # every author's account learnt first (a seat's id read again)
    t += timedelta(minutes=5)
    assert tick(run, t).new_posts == 4
    # the demo board hands a poll's posts over as one page: ten a page, as a real board's
    progress = ingest._progress

    def paged(pages: Any, topic: int) -> Any:
        for fetch in progress(pages, topic):
            whole = ingest.page_of(sh, fetch, t)
            for k in range(0, len(whole.posts), 10):
                part = dataclasses.replace(whole, posts=whole.posts[k : k + 10])
                yield dataclasses.replace(fetch, parsed=part, tz=sh.cfg.board.timezone)

    monkeypatch.setattr(ingest, "_progress", paged)
    monkeypatch.setattr(sh.store, "keep_tally", counted)
    _chatter(run, t, 60)
    t += timedelta(minutes=5)
    assert tick(run, t).new_posts == 60
    monkeypatch.undo()
    # kept on the way, never more than a batch's refusals over the limit at a time
    assert len(held) > 3 and sum(held) > 3 * max(held)
    g = run.daemon.game()
    state = sh.state(g)
    kind, votes, rejected, _notes = tally.tally(sh, g, state, None)
    everything, _ = tally.turn_posts(sh, g, run.cfg.game.topic, state.turn, None)
    whole = _read_at_once(sh, g, state, everything)
    assert len(whole.rejected) >= sum(held) and len(whole.votes) >= 1
    assert (kind, votes, rejected) == (whole.kind, list(whole.votes), list(whole.rejected))
