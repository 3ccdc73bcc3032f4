"""The live tally kept in the store as posts arrive (issue "cost as the host sees it"): a tick
with nothing new — in a daemon running for weeks or in a process just started — costs the
same requests and SQL statements at any topic size and reads no post; read on from where it
stood, the tally is the one a reading of every post gives (P-V.1–P-V.3, G-N.1, G-N.4)."""

# The fake board modules are imported by their test-folder names, so mypy sees them as Any.
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import fakeboard_phpbb as fb
import pytest
import sqlalchemy as sa
from test_votes import LIVING, post

from engine.actions import InputRejected, Vote
from engine.kinds import RulesetName
from mafiabot.config import load_config
from mafiabot.daemon import Daemon, tally
from mafiabot.store import Store, open_store
from mafiabot.store.posts import PostIn
from mafiabot.store.tables import Game
from parser.records import Post
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import VoteResult, VotesSoFar
from scraper.phpbb import PhpbbClient, PhpbbSettings

MSK = ZoneInfo("Europe/Moscow")
RED, GREEN = "#ff0000", "#008000"
REASON = "весь день молчит и путается в показаниях"


def _post(
    pid: int, author: str, color: str, nick: str, text: str = "", quotes: tuple[int, ...] = ()
) -> Post:
    """A post with one coloured nick (none without a colour) and its own words after it."""
    spans = ((color, nick),) if color else ()
    return post(pid, author, *spans, text=f"{nick} {text}".strip(), quotes=quotes)


def _day(color: str) -> list[Post]:
    """Votes, changes of vote, refusals and agreements (P-V.2) over a dozen posts."""
    return [
        _post(1, "Вася", color, "Петя", REASON),
        _post(2, "Петя", color, "Вася"),  # no reason: refused under P-V.1, or counts
        _post(3, "Маша", color, "Петя", quotes=(1,)),  # agrees with post 1 (P-V.2)
        _post(4, "Вася", color, "Маша", REASON),  # a change: refused (P-V.3) or counts
        _post(5, "Чужой", color, "Петя", REASON),  # not a player
        _post(6, "Даша", "", "", "болтовня"),
        _post(7, "Даша", color, "Вася", REASON),
        _post(8, "Mister X", color, "Даша", quotes=(3,)),  # agrees with an agreement
        _post(9, "Петя", color, "Маша", REASON),
        _post(10, "Mister X", color, "Петя", quotes=(1,)),
        _post(11, "Маша", color, "Никто", REASON),  # unknown nick
    ]


def _split_equals_one_go(read: Any, posts: list[Post]) -> None:
    whole: VoteResult = read(posts, None)
    for k in range(len(posts) + 1):
        first: VoteResult = read(posts[:k], None)
        rest: VoteResult = read(posts[k:], VotesSoFar(tuple(first.votes), first.agreed))
        assert rest.votes == whole.votes, k
        assert [*first.rejected, *rest.rejected] == whole.rejected, k
        assert rest.agreed == whole.agreed, k
        assert rest.tally == whole.tally, k


@pytest.mark.parametrize("ruleset", ["pefl", "gambler"])
def test_P_V_2_G_N_1_a_day_read_on_from_any_post_is_the_day_read_in_one_go(
    ruleset: RulesetName,
) -> None:
    # PEFL: the first red counts (P-V.3), a reason or an agreement with a counted vote is
    # needed (P-V.1, P-V.2); Gambler: the last green counts (G-N.1)
    color = RED if ruleset == "pefl" else GREEN

    def read(posts: list[Post], so_far: VotesSoFar | None) -> VoteResult:
        return extract_votes(posts, ruleset=ruleset, players=LIVING, so_far=so_far)

    _split_equals_one_go(read, _day(color))
    assert read(_day(color), None).votes  # the day holds votes at all


def test_G_N_4_a_court_read_on_from_any_post_is_the_court_read_in_one_go() -> None:
    posts = [replace(p, colored=()) for p in _day(GREEN)]

    def read(ps: list[Post], so_far: VotesSoFar | None) -> VoteResult:
        return extract_court_votes(ps, nominees=["Петя", "Маша"], players=LIVING, so_far=so_far)

    _split_equals_one_go(read, posts)
    assert read(posts, None).votes


# -- the daemon over HTTP: the fake phpBB board, the real client, parser and SQLite store ------

PLAYERS = {
    "Анна Каренина": 58,
    "Mister X": 60,
    "Шерлок": 61,
    "Dr.Watson": 62,
    "Кот": 66,
    "Марго": 68,
    "Tanya-77": 69,
}
START = datetime(2026, 11, 27, 12, 0, tzinfo=MSK)
CONFIG = """
[board]
url = "{url}"
kind = "phpbb"
username = "Ведущий"
password_env = "MAFIABOT_DEMO_PASSWORD"
timezone = "Europe/Moscow"
request_delay = 0
flood_exempt = true

[game]
ruleset = "pefl"
name = "Мафия"
topic = 4
players = {players}
seed = 1
start = 2026-11-27T12:00:00
deadlines = [2026-11-27T13:00:00, 2027-06-01T22:00:00]
interim_count = "votes"
interim_every = 10000

[game.cast]
"Анна Каренина" = "civilian"
"Mister X" = "mafia:yakuza"
"Шерлок" = "commissar"
"Dr.Watson" = "doctor"
"Кот" = "civilian"
"Марго" = "civilian"
"Tanya-77" = "civilian"

[storage]
url = "sqlite:///{db}"
"""


@dataclass
class Game1:
    """A PEFL game past turn 0 on the fake phpBB board; `fresh()` is a new process's bot."""

    tmp: Path
    board: Any
    clock: Any
    cfg: Any
    store: Store
    daemon: Daemon
    now: datetime
    next_id: int = 1000

    def fresh(self) -> None:
        """The bot as a new process builds it: a new store, client and daemon (no memo)."""
        self.daemon.client.close()
        self.store.close()
        self.store = open_store(self.cfg.database_url)
        self.daemon = Daemon(self.cfg, self.store, _client(self), salt=lambda: "t")

    def tick(self, minutes: int = 1) -> Any:
        self.now += timedelta(minutes=minutes)
        self.clock.now = self.now.timestamp()
        return self.daemon.tick(self.now)

    def add(self, n: int) -> None:
        """`n` posts of the players: chatter, and a red vote with a reason in every third."""
        from mafiabot.memory_board import BoardPost, _post_block, _split_first_post

        _head, block, _tail = _split_first_post(_topic_template())
        nicks = list(PLAYERS)
        for k in range(n):
            i = self.next_id - 1000  # the game's post count so far
            nick = nicks[i % len(nicks)]
            target = nicks[(i * 3 + i // 7 + 1) % len(nicks)]  # a change of vote now and then
            html = f'<span style="color:red">{target}</span> — {REASON}' if i % 3 == 0 else "Хм."
            at = self.now - timedelta(seconds=n - k)
            post = BoardPost(self.next_id, 4, nick, PLAYERS[nick], at, html)
            fragment = _post_block(block, post, MSK)
            self.board.posts.append(fb.FakePost(self.next_id, PLAYERS[nick], fragment, ""))
            self.next_id += 1

    def say(self, nick: str, html: str) -> int:
        """One post of `nick` with the body `html`; its board id."""
        from mafiabot.memory_board import BoardPost, _post_block, _split_first_post

        _head, block, _tail = _split_first_post(_topic_template())
        post = BoardPost(self.next_id, 4, nick, PLAYERS[nick], self.now, html)
        fragment = _post_block(block, post, MSK)
        self.board.posts.append(fb.FakePost(self.next_id, PLAYERS[nick], fragment, ""))
        self.next_id += 1
        return post.id

    def game(self) -> Game:
        return self.daemon.game()


def _topic_template() -> str:
    from mafiabot.memory_board import MemoryBoard

    return MemoryBoard(clock=lambda: START)._topic_page


def _client(g: Game1) -> PhpbbClient:
    settings = PhpbbSettings(
        base_url=fb.BASE,
        username="Ведущий",
        password="HostPass-2026",
        cookie_file=g.tmp / "cookies.json",
        min_interval=0.0,
        flood_exempt=True,
    )
    return PhpbbClient(settings, transport=g.board.transport(), clock=g.clock, sleep=g.clock.sleep)


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Game1]:
    for nick, uid in PLAYERS.items():
        monkeypatch.setitem(fb.USERS, nick, (uid, None))
        monkeypatch.setitem(fb.NAMES, uid, nick)
    monkeypatch.setenv("MAFIABOT_DEMO_PASSWORD", "HostPass-2026")
    players = json.dumps(list(PLAYERS), ensure_ascii=False)
    text = CONFIG.format(url=fb.BASE, players=players, db=tmp_path / "g.db")
    (tmp_path / "g.toml").write_text(text, "utf-8")
    cfg = load_config(tmp_path / "g.toml")
    clock = fb.FakeClock(START.timestamp() - 3600)
    first = fb.FakePost(100, 2, fb._derived_post(100, 2, "Игра начинается"), "")
    board = fb.FakePhpbb(clock=clock, per_page=20, posts=[first], flood_exempt=True)
    store = open_store(cfg.database_url)
    g = Game1(tmp_path, board, clock, cfg, store, None, START)  # type: ignore[arg-type]
    g.daemon = Daemon(cfg, store, _client(g), salt=lambda: "t")
    g.tick()  # the start post, role PMs
    g.tick(60)  # turn 0 closes
    assert g.game().turn == 1
    g.now += timedelta(hours=1)
    g.tick()  # the bot's own posts read in
    yield g
    g.daemon.client.close()
    g.store.close()


@contextmanager
def _counting(g: Game1) -> Iterator[list[str]]:
    """The SQL statements run and HTTP requests made inside the block: (statements list;
    the requests are appended at the end as "HTTP <method> <path>")."""
    seen: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
        seen.append(statement)

    before = len(g.board.requests)
    sa.event.listen(g.store.engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        sa.event.remove(g.store.engine, "before_cursor_execute", count)
    seen += [f"HTTP {r.method} {r.url.path}" for r in g.board.requests[before:]]


def _reads_posts(statement: str) -> bool:
    """A statement that reads stored posts back (their records or bodies), as a recount does;
    the look-up of the last page's posts by their board ids (is this one new? edited?)
    reads only their ids and hashes."""
    return "post_revisions.record" in statement or "post_revisions.body_html" in statement


def test_an_idle_tick_and_a_process_start_cost_the_same_at_two_topic_sizes(game: Game1) -> None:
    """Counted, not timed: 100 stored posts, then 5,000. An idle tick of the running daemon is
    one request (the topic page, whose header's inbox badge says no letter is new) and the
    same SQL statements at both sizes; a fresh process's first tick is the topic page and one
    look at the inbox, and the same statements at both sizes; neither reads a stored post."""
    running: list[tuple[int, list[str]]] = []  # (SQL statements, requests) of an idle tick
    started: list[tuple[int, list[str]]] = []  # the same for a fresh process's first tick
    for n in (100, 4900):
        game.add(n)
        assert game.tick().new_posts == n
        with _counting(game) as idle:
            assert game.tick().new_posts == 0
        game.fresh()
        with _counting(game) as first:
            assert game.tick().new_posts == 0
        for name, seen in (("idle", idle), ("first", first)):
            assert not [s for s in seen if _reads_posts(s)], name
        for into, seen in ((running, idle), (started, first)):
            http = [s for s in seen if s.startswith("HTTP")]
            into.append((len(seen) - len(http), http))
    assert game.next_id - 1000 == 5000
    assert running[0] == running[1], running
    assert started[0] == started[1], started
    assert running[0][1] == ["HTTP GET /viewtopic.php"], running
    assert started[0][1] == ["HTTP GET /viewtopic.php", "HTTP GET /ucp.php"], started


def _recount(g: Game1) -> tuple[str, list[Vote], list[InputRejected], list[str]]:
    """The phase's tally read from every post, nothing kept: on a copy of the database with
    the kept tally voided."""
    copy = g.tmp / f"recount-{g.next_id}.db"
    with sqlite3.connect(g.tmp / "g.db") as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
        dst.execute("UPDATE tallies SET key = ''")
    store = Store(f"sqlite:///{copy}")
    d = Daemon(g.cfg, store, _client(g), salt=lambda: "t")
    gm = d.game()
    try:
        return tally.tally(d.shell, gm, d.shell.state(gm), None)
    finally:
        d.client.close()
        store.close()


def _live(g: Game1) -> tuple[str, list[Vote], list[InputRejected], list[str]]:
    gm = g.game()
    return tally.tally(g.daemon.shell, gm, g.daemon.shell.state(gm), None)


def test_P_V_1_the_kept_tally_follows_new_posts_edits_and_restarts(game: Game1) -> None:
    game.add(30)
    game.tick()
    kept = game.store.kept_tally(game.game().id, "1/day")
    assert kept is not None and kept.votes and kept.through == game.next_id - 1
    assert _live(game) == _recount(game)
    refused = len(_live(game)[2])
    assert refused > 0  # P-V.3: changes of vote refused, kept in the store
    # more posts: read on from where the tally stood, from the records just stored
    game.add(12)
    with _counting(game) as seen:
        game.tick()
    assert not any(_reads_posts(s) for s in seen)
    # a process started later reads on from the kept tally: only the posts stored since
    game.fresh()
    game.add(6)
    game.daemon.shell.cfg = replace(  # a bot without the interim count stores them
        game.cfg,
        game=replace(game.cfg.game, interim_count=replace(game.cfg.game.interim_count, mode="off")),
    )
    game.tick()
    game.fresh()
    with _counting(game) as seen:
        game.tick()
    reads = [s for s in seen if _reads_posts(s)]
    assert reads and all("posts.board_id >" in s for s in reads if "posts.author" in s)
    assert _live(game) == _recount(game)
    assert len(_live(game)[2]) > refused
    # an edit of a post the tally has read: the tally is read again, the edit counted
    voter = game.board.posts[-3]
    html = fb._derived_post(voter.id, voter.uid, "передумал, без голоса")
    game.board.posts[-3] = replace(voter, fragment=html)
    with _counting(game) as seen:
        report = game.tick()
    assert report.edited_posts == 1
    assert any("posts.author" in s and "posts.board_id >" not in s for s in seen)
    assert _live(game) == _recount(game)
    # a restart: the same tally, with its refusals, from the store
    before = _live(game)
    game.fresh()
    game.tick()
    assert _live(game) == before


def test_a_post_seen_late_below_what_the_tally_read_voids_it(game: Game1) -> None:
    game.add(20)
    game.tick()
    gid = game.game().id
    kept = game.store.kept_tally(gid, "1/day")
    assert kept is not None and kept.through is not None
    # a post the board shows only now with a lower id (approved late by a moderator)
    late = PostIn(
        topic_id=4, board_id=kept.through - 100, author="Кот", author_id=66,
        posted_at=game.now - timedelta(minutes=30), body_html="x", turn=1,
    )  # fmt: skip
    game.store.upsert_posts(gid, [late])
    assert game.store.kept_tally(gid, "1/day") is None  # void: read again from the first post


def test_edits_of_chatter_after_the_tally_do_not_void_it(game: Game1) -> None:
    # only what the tally read can be voided: a post above `through` is read on as new
    game.add(9)
    game.tick()
    gid = game.game().id
    kept = game.store.kept_tally(gid, "1/day")
    assert kept is not None and kept.key
    game.store.upsert_posts(
        gid,
        [
            PostIn(
                topic_id=4, board_id=(kept.through or 0) + 50, author="Кот", author_id=66,
                posted_at=game.now, body_html="y", turn=1,
            )
        ],
    )  # fmt: skip
    assert game.store.kept_tally(gid, "1/day") == kept


def test_P_V_2_an_agreement_quoting_a_kept_vote_without_its_post_id_is_read_again(
    game: Game1,
) -> None:
    # a quote that names its author but no post (as IPB 1.3 writes every quote) agrees with
    # the accepted vote whose words it holds: the kept tally keeps no words, so the phase is
    # read again from its first post, as a reading in one go would read it
    voted = game.say("Шерлок", f'<span style="color:red">Кот</span> — {REASON}')
    game.add(5)
    game.tick()
    kept = game.store.kept_tally(game.game().id, "1/day")
    assert kept is not None and kept.through is not None and kept.through > voted
    quote = f"<blockquote><div><cite>Шерлок писал(а):</cite>Кот — {REASON}</div></blockquote>"
    game.say("Марго", quote + '<span style="color:red">Кот</span> согласна')
    game.tick()
    live = _live(game)
    agreed = [v for v in live[1] if v.voter == "Марго"]
    assert [(v.target, v.agreed_with) for v in agreed] == [("Кот", voted)], live
    assert live == _recount(game)
