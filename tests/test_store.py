"""The store on SQLite, and on PostgreSQL too when MAFIABOT_TEST_PG holds a database URL."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

from mafiabot.store import Store, open_store
from mafiabot.store.bans import BAN_GAMES
from mafiabot.store.codec import Json, JsonObject, decode, from_json, to_json
from mafiabot.store.posts import PostIn, body_hash
from mafiabot.store.tables import MoveRow
from poster.outbox import OutboxKey, OutboxRow

MSK = ZoneInfo("Europe/Moscow")
T0 = datetime(2026, 11, 27, 12, 0, tzinfo=MSK)

BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("MAFIABOT_TEST_PG") else [])


def test_ci_runs_the_store_on_postgresql_too() -> None:
    # .ci/run starts a local PostgreSQL and sets the URL; a CI run without it proves less
    if os.environ.get("CI"):
        assert os.environ.get("MAFIABOT_TEST_PG"), "CI must set MAFIABOT_TEST_PG (.ci/pg start)"
    assert "sqlite" in BACKENDS


def _reset_pg(url: str) -> None:
    eng = sa.create_engine(url)
    with eng.begin() as conn:
        conn.execute(sa.text("DROP SCHEMA public CASCADE"))
        conn.execute(sa.text("CREATE SCHEMA public"))
    eng.dispose()


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'test.db'}"
    else:
        url = os.environ["MAFIABOT_TEST_PG"]
        _reset_pg(url)
    st = open_store(url)
    yield st
    st.close()


def _game(store: Store) -> int:
    g = store.create_game(name="Мафия – 12", ruleset="pefl", topic_id=4, seed=7, now=T0)
    return g.id


def test_migration_creates_exactly_the_model_schema(store: Store) -> None:
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
    assert diff == []
    store.migrate()  # idempotent: a second run at head changes nothing


def test_the_schema_head_is_alembics(store: Store) -> None:
    from alembic.config import Config as AlembicConfig
    from alembic.script import ScriptDirectory

    from mafiabot.store.database import MIGRATIONS, SCHEMA_HEAD

    cfg = AlembicConfig()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(cfg).get_current_head() == SCHEMA_HEAD
    assert store.schema_version() == SCHEMA_HEAD


def test_a_database_at_the_head_is_opened_without_alembic(tmp_path: Path) -> None:
    # a restarted daemon keeps what it imports for weeks: alembic only when there is work
    url = f"sqlite:///{tmp_path / 'g.db'}"
    open_store(url).close()
    code = (
        "import sys\n"
        "from mafiabot.store import open_store\n"
        f"open_store({url!r}).close()\n"
        "print('alembic' in sys.modules, 'pygments' in sys.modules)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["False", "False"]
    # an empty one is migrated, alembic's template engine without its syntax highlighter
    fresh = url.replace("g.db", "new.db")
    res = subprocess.run(
        [sys.executable, "-c", code.replace(url, fresh)], capture_output=True, text=True
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["True", "False"]
    assert Store(fresh).schema_version() is not None


def test_refetch_changes_nothing_and_edit_is_a_new_revision(store: Store) -> None:
    gid = _game(store)
    kw = dict(topic_id=4, board_id=57, author="Кот", author_id=66, posted_at=T0, turn=1)
    assert store.upsert_post(gid, body_html="<span>Марго</span>", now=T0, **kw) == "new"  # type: ignore[arg-type]
    assert store.upsert_post(gid, body_html="<span>Марго</span>", now=T0, **kw) == "same"  # type: ignore[arg-type]
    later = T0 + timedelta(hours=2)
    assert store.upsert_post(gid, body_html="<b>Кот</b>", now=later, **kw) == "edited"  # type: ignore[arg-type]
    posts = store.posts(gid, turn=1)
    assert len(posts) == 1 and posts[0].revision == 2 and posts[0].body_html == "<b>Кот</b>"
    # as it stood before the edit
    before = store.posts(gid, turn=1, as_of=T0 + timedelta(hours=1))
    assert before[0].body_html == "<span>Марго</span>"
    assert [r.revision for r in store.revisions(gid, 57)] == [1, 2]
    assert posts[0].posted_at == T0  # zone-aware round trip
    assert posts[0].posted_at is not None and posts[0].posted_at.tzinfo is not None


def test_a_page_of_posts_is_stored_in_one_transaction(store: Store) -> None:
    gid = _game(store)

    def item(board_id: int, body: str) -> PostIn:
        return PostIn(
            topic_id=4, board_id=board_id, author="Кот", author_id=66, posted_at=T0,
            body_html=body, turn=1, position=board_id,
        )  # fmt: skip

    assert store.upsert_posts(gid, [item(1, "a"), item(2, "b")], now=T0) == ["new", "new"]
    commits: list[int] = []
    sa.event.listen(store.engine, "commit", lambda _conn: commits.append(1))
    later = T0 + timedelta(hours=1)
    got = store.upsert_posts(gid, [item(1, "a"), item(2, "b2"), item(3, "c")], now=later)
    assert got == ["same", "edited", "new"]
    assert len(commits) == 1
    assert [(p.board_id, p.revision, p.body_html) for p in store.posts(gid, turn=1)] == [
        (1, 1, "a"),
        (2, 2, "b2"),
        (3, 1, "c"),
    ]


def test_posts_are_read_in_batches_the_same_as_at_once(store: Store) -> None:
    # the tally folds a long turn batch by batch (issue 10, cost item): every batch size
    # gives the posts of `posts()`, in board order, each at its latest revision (or as of)
    gid = _game(store)

    def item(board_id: int, body: str, turn: int = 1, topic: int = 4) -> PostIn:
        return PostIn(
            topic_id=topic, board_id=board_id, author="Кот", author_id=66, posted_at=T0,
            body_html=body, turn=turn, position=board_id, record={"id": board_id},
        )  # fmt: skip

    store.upsert_posts(gid, [item(i, f"p{i}") for i in (9, 3, 5, 1, 7)], now=T0)
    store.upsert_posts(gid, [item(11, "other turn", turn=2), item(12, "court", topic=8)], now=T0)
    later = T0 + timedelta(hours=1)
    store.upsert_posts(gid, [item(5, "p5 edited"), item(13, "new later")], now=later)
    for as_of in (None, T0):
        whole = store.posts(gid, topic_id=4, turn=1, as_of=as_of)
        for batch in (1, 2, 3, 500):
            got = list(store.iter_posts(gid, topic_id=4, turn=1, as_of=as_of, batch=batch))
            assert got == whole
    assert [(p.board_id, p.revision) for p in store.posts(gid, topic_id=4, turn=1)] == [
        (1, 1), (3, 1), (5, 2), (7, 1), (9, 1), (13, 1),
    ]  # fmt: skip
    # as it stood before the later read: the edit and the new post not seen yet
    assert [(p.board_id, p.body_html) for p in store.posts(gid, turn=1, as_of=T0)][2] == (5, "p5")
    assert [p.board_id for p in store.posts(gid, turn=1, as_of=T0)] == [1, 3, 5, 7, 9, 12]
    assert store.posts(gid, topic_id=4, turn=1)[0].record == {"id": 1}


def test_the_database_leaves_out_posts_without_coloured_text(store: Store) -> None:
    # the day's tally asks only for posts that may hold a vote: a post stored once whose
    # record has no coloured span is left out by SQL (JSON functions of each backend)
    gid = _game(store)
    span: Json = {"color": "#ff0000", "text": "Кот"}

    def item(board_id: int, colored: list[Json] | None, body: str = "") -> PostIn:
        record: JsonObject | None = (
            None if colored is None else {"id": board_id, "colored": colored}
        )
        return PostIn(
            topic_id=4, board_id=board_id, author="Марго", author_id=68, posted_at=T0,
            body_html=body or f"p{board_id}", turn=1, record=record,
        )  # fmt: skip

    store.upsert_posts(
        gid, [item(1, []), item(2, [span]), item(3, None), item(4, []), item(5, [span, span])]
    )
    edit = store.upsert_posts(gid, [item(4, [], "p4, edited")], now=T0 + timedelta(hours=1))
    assert edit == ["edited"]  # an edited post is kept: its earlier text may have counted
    got = [p.board_id for p in store.iter_posts(gid, turn=1, colored_only=True, batch=2)]
    assert got == [2, 4, 5]
    assert [p.board_id for p in store.iter_posts(gid, turn=1)] == [1, 2, 3, 4, 5]


def test_posts_stored_in_batches_are_stored_as_sqlalchemy_stores_them(store: Store) -> None:
    # upsert_posts inserts through the driver's executemany with each column's own bind
    # processor: every column holds exactly what the ORM writes for the same values
    from mafiabot.store.tables import PostRevision, PostRow

    gid = _game(store)
    other = store.create_game(name="b", ruleset="pefl", topic_id=5, seed=1, now=T0).id
    at, seen = T0 + timedelta(minutes=3, microseconds=5), T0 + timedelta(hours=1)
    record: JsonObject = {"id": 7, "text": "Кот — «красный»", "colored": [{"color": "#f00"}]}
    store.upsert_posts(
        gid,
        [PostIn(4, 7, "Кот", 66, at, "<b>x</b>", 1, 3, edited_at=at, record=record)],
        now=seen,
    )
    with store.session() as s:
        row = PostRow(
            game_id=other, topic_id=4, board_id=7, author="Кот", author_id=66, posted_at=at,
            turn=1, position=3, revisions=1, first_seen=seen,
        )  # fmt: skip
        s.add(row)
        s.flush()
        s.add(
            PostRevision(
                post_id=row.id, revision=1, body_html="<b>x</b>", body_hash=body_hash("<b>x</b>"),
                record=record, edited_at=at, seen_at=seen,
            )
        )  # fmt: skip
    cols = "p.topic_id, p.board_id, p.author, p.author_id, p.posted_at, p.turn, p.position, "
    cols += "p.revisions, p.first_seen, r.revision, r.body_html, r.body_hash, r.record, "
    cols += "r.edited_at, r.seen_at"
    q = f"SELECT {cols} FROM posts p JOIN post_revisions r ON r.post_id = p.id WHERE p.game_id = "
    with store.engine.connect() as conn:
        ours = conn.exec_driver_sql(q + str(gid)).all()
        orms = conn.exec_driver_sql(q + str(other)).all()
    assert ours == orms and len(ours) == 1


def test_a_kept_tallys_refusals_read_back_as_the_reader_made_them(store: Store) -> None:
    # keep_tally encodes each refusal itself (the reader's record or JSON) and inserts them a
    # few hundred a statement: every one reads back, in order, as to_json makes it
    from engine.actions import InputRejected
    from mafiabot.store.tallies import REJECTIONS_AT_ONCE, KeptTally

    gid = _game(store)
    refused: list[Any] = [
        InputRejected(
            f"Кот {i}",
            "changed_vote",
            "Голос уже засчитан — «первый»",
            post_id=i,
            target=None if i % 3 else "Пёс",
        )
        for i in range(2 * REJECTIONS_AT_ONCE + 7)
    ]
    refused[5] = to_json(refused[5])  # given as JSON already: the column's own way
    kept = KeptTally(topic_id=4, key="k", through=9, kind="red")
    assert store.keep_tally(gid, "1/day", kept, refused)
    want = [x if isinstance(x, dict) else to_json(x) for x in refused]
    assert store.tally_rejections(gid, "1/day") == want
    more = [InputRejected("Пёс", "no_reason", "", post_id=10_000)]
    assert store.keep_tally(gid, "1/day", replace(kept, through=10), more, read_on_from=kept)
    assert store.tally_rejections(gid, "1/day") == [*want, to_json(more[0])]


def test_naive_datetime_is_refused(store: Store) -> None:
    gid = _game(store)
    with pytest.raises(sa.exc.StatementError):
        store.upsert_post(
            gid, topic_id=4, board_id=1, author="a", author_id=None,
            posted_at=datetime(2026, 1, 1), body_html="x", turn=1,
        )  # fmt: skip


def _row(kind: str = "newspaper", text: str = "газета") -> OutboxRow:
    return OutboxRow(
        key=OutboxKey(game="1", turn=2, kind=kind, recipient="topic"),
        channel="topic",
        text=text,
        topic_id=4,
    )


def test_outbox_key_is_unique_per_game_turn_kind_recipient(store: Store) -> None:
    gid = _game(store)
    ob = store.outbox(gid)
    assert ob.add(_row()) is True
    assert ob.add(_row(text="газета ещё раз")) is False
    (pend,) = ob.pending()
    assert pend.text == "газета" and pend.key.game == str(gid)
    ob.mark_sent(pend.key)
    assert ob.pending() == []
    assert ob.add(_row()) is False  # sent stays sent
    other = store.outbox(_game(store))  # another game: its own keys
    assert other.add(_row()) is True


def test_outbox_parts_survive_a_crash_between_begin_and_record(store: Store) -> None:
    gid = _game(store)
    ob = store.outbox(gid)
    ob.add(_row())
    key = ob.pending()[0].key
    ob.begin_part(key, 0)
    # a new process opens the same database
    again = Store(store.url).outbox(gid)
    got = again.get(key)
    assert got is not None and got.in_flight_part == 0 and got.board_ids == ()
    again.record_part(key, 0, 501)
    again.record_part(key, 0, 777)  # recorded twice: the first id stays
    again.begin_part(key, 1)
    again.record_part(key, 1, 502)
    again.mark_sent(key)
    final = ob.get(key)
    assert final is not None
    assert final.board_ids == (501, 502) and final.status == "sent"
    assert final.in_flight_part is None
    ob.add(_row(kind="role"))
    k2 = ob.pending()[0].key
    ob.mark_failed(k2, "unknown recipient")
    f2 = ob.get(k2)
    assert f2 is not None and f2.status == "failed" and ob.pending() == []


def test_outbox_conforms_to_the_poster_protocol(store: Store) -> None:
    from poster.outbox import InMemoryOutbox

    gid = _game(store)
    sql, mem = store.outbox(gid), InMemoryOutbox()
    for ob in (sql, mem):
        ob.add(_row())
        ob.add(_row(kind="votecount", text="1"))
        k = ob.pending()[0].key
        ob.begin_part(k, 0)
        ob.record_part(k, 0, 9)
        ob.mark_sent(k)
    strip = [(r.key.kind, r.text, r.status, r.board_ids) for r in sql.pending()]
    assert strip == [(r.key.kind, r.text, r.status, r.board_ids) for r in mem.pending()]
    assert sql.get(_row().key) is not None


def test_commit_turn_is_atomic(store: Store) -> None:
    gid = _game(store)
    with pytest.raises(sa.exc.StatementError):
        store.commit_turn(
            gid,
            turn=1,
            state={"turn": 2},
            events=[("Hanged", "public", {"nick": "Кот"})],
            outbox=[_row()],
            game_values={"turn": 2, "deadline": datetime(2026, 1, 1)},  # naive: refused
        )
    g = store.get_game(gid)
    assert g.turn == 0 and g.state is None
    assert store.events(gid) == [] and store.outbox(gid).all() == []
    store.commit_turn(
        gid,
        turn=1,
        state={"turn": 2},
        events=[("Hanged", "public", {"nick": "Кот"}), ("CheckResult", "Шерлок", {"r": "x"})],
        outbox=[_row()],
        game_values={"turn": 2},
    )
    assert store.get_game(gid).turn == 2
    assert [(e.seq, e.audience) for e in store.events(gid, 1)] == [(0, "public"), (1, "Шерлок")]
    assert len(store.outbox(gid).pending()) == 1


def test_P_B_1_bans_double_and_follow_the_player_across_games(store: Store) -> None:
    g1 = _game(store)
    assert store.ban("Кот") is None
    r1 = store.record_removal("Кот", g1, "passivity", now=T0)
    assert r1.games == BAN_GAMES[0] == 1
    assert store.record_removal("КОТ", g1, "again", now=T0).removal_no == 1  # once per game
    ban = store.ban("кот")
    assert ban is not None and ban.games_left == 1
    g2 = _game(store)  # he sits this one out
    assert store.ban("Кот", current_game=g2) is not None
    assert store.ban("Кот") is None  # and is free for the next one
    r2 = store.record_removal("Кот", g2, "rules", now=T0)
    assert r2.games == 2
    _game(store)
    ban = store.ban("Кот")
    assert ban is not None and ban.games_left == 1
    _game(store)
    assert store.ban("Кот") is None
    for _ in range(4):
        gid = _game(store)
        last = store.record_removal("Кот", gid, "rules")
    assert last.removal_no == 6 and last.games == 16


def test_pms_and_moves(store: Store) -> None:
    gid = _game(store)
    kw = dict(sender="Шерлок", subject="ход", sent_at=T0, body_html="<p>проверяю Кот</p>")
    assert store.upsert_pm(gid, board_id=15, text="проверяю Кот", turn=1, **kw) is True  # type: ignore[arg-type]
    assert store.upsert_pm(gid, board_id=15, text="проверяю Кот", turn=1, **kw) is False  # type: ignore[arg-type]
    assert [p.board_id for p in store.pms(gid, unhandled=True)] == [15]
    store.mark_pm_handled(gid, 15)
    assert store.pms(gid, unhandled=True) == []
    m = store.add_move(
        MoveRow(game_id=gid, turn=1, actor="Шерлок", action="check", targets=["Кот"], at=T0)
    )
    store.set_move_status(m.id, "replaced", "second letter")
    (got,) = store.moves(gid, 1)
    assert got.targets == ["Кот"] and got.status == "replaced"
    assert got.at == T0.astimezone(UTC)


def test_overrides_applied_once(store: Store) -> None:
    gid = _game(store)
    assert store.mark_override(gid, "k1", "hang", "force hang Кот", 2) is True
    assert store.mark_override(gid, "k1", "hang", "force hang Кот", 2) is False
    assert store.override_applied(gid, "k1")
    assert [o.kind for o in store.applied_overrides(gid, 2)] == ["hang"]


def test_players(store: Store) -> None:
    gid = _game(store)
    store.add_players(gid, ["Кот", "Марго"])
    store.add_players(gid, ["Кот"])
    store.update_player(gid, "Кот", role="mafia", clan="triad", account="Кот2")
    ps = store.players(gid)
    assert [(p.nick, p.account, p.role) for p in ps] == [
        ("Кот", "Кот2", "mafia"),
        ("Марго", "Марго", None),
    ]


def test_records_round_trip_through_json() -> None:
    from engine.state import GameState, Player, Protect, VoteRecord
    from parser.records import ColoredSpan, EditNote, Post, Quote

    post = Post(
        id=5,
        author="Кот",
        author_id=66,
        posted_at=T0,
        body_html="<b>x</b>",
        text="x",
        own_text="x",
        colored=(ColoredSpan("#ff0000", "Марго"),),
        quotes=(Quote("Анна", 58, 4),),
        edited=EditNote("Кот", T0, 2),
    )
    assert from_json(Post, to_json(post)) == post
    state = GameState(
        ruleset="pefl",
        players=(
            Player("Кот", "mafia", "triad", clan="triad", votes_received=(VoteRecord("A", 1, 1),)),
        ),
        turn=2,
        phase="day",
        protects=(Protect("Кот", 1),),
        greens=(("Кот", 2),),
    )
    assert from_json(GameState, to_json(state)) == state


def test_a_stored_state_with_a_word_the_engine_does_not_know_is_refused_on_load() -> None:
    """Roles, phases and causes are the engine's closed vocabularies: a snapshot naming
    something else fails where it is read, not later inside a rule."""
    from engine.state import GameState, Player

    state = GameState(
        ruleset="pefl", players=(Player("Кот", "civilian", "town"),), turn=1, phase="day"
    )
    data = to_json(state)
    assert from_json(GameState, data) == state
    with pytest.raises(ValueError, match="'dusk'"):
        from_json(GameState, {**data, "phase": "dusk"})
    with pytest.raises(ValueError, match="'chess'"):
        from_json(GameState, {**data, "ruleset": "chess"})


@dataclass(frozen=True)
class Leaf:
    n: int
    at: datetime | None = None
    tags: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Tree:
    name: str
    leaves: tuple[Leaf, ...] = ()
    pair: tuple[int, str] = (0, "")
    by_name: dict[str, Leaf] = field(default_factory=dict)
    either: int | str = 0
    odd: datetime | int | None = None
    child: Tree | None = None


def test_json_decoding_follows_the_type_hints_in_every_shape() -> None:
    # the decoder is worked out once per type: the shapes it must still tell apart

    tree = Tree(
        "корень",
        (Leaf(1, T0, frozenset({"a"})), Leaf(2)),
        (3, "x"),
        {"k": Leaf(4)},
        "строка",
        7,
        Tree("лист", either=5),
    )
    assert from_json(Tree, to_json(tree)) == tree
    # a key left out takes the field's default; None stays None whatever the type
    assert from_json(Tree, {"name": "n", "child": None}) == Tree("n")
    assert from_json(Leaf, None) is None and decode(tuple[int, ...], None) is None
    # a union refuses data no member fits (as a single type would)
    with pytest.raises(ValueError, match="fits none of"):
        decode(datetime | int | None, [1])
    assert from_json(float, 2) == 2 and decode(list[float], [1, 2.5]) == [1, 2.5]
    with pytest.raises(TypeError):
        from_json(int, "1")
    with pytest.raises(TypeError):
        from_json(Leaf, {"n": "1"})


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_whole_game_through_the_daemon_on_each_backend(backend: str, tmp_path: Path) -> None:
    """The recorded Gambler game with the store on each backend: the same newspapers."""
    from test_daemon import played

    from mafiabot.demo.play import play

    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'game.db'}"
    else:
        url = os.environ["MAFIABOT_TEST_PG"]
        _reset_pg(url)
    run = play("gambler", url)
    try:
        assert run.topic_posts == played("gambler").topic_posts
        assert run.daemon.game().winner == "town"
    finally:
        run.store.close()


def test_outbox_counts_refused_attempts_across_a_restart(store: Store) -> None:
    from tests.outbox_contract import check_attempts_contract

    check_attempts_contract(lambda: store.outbox(_game(store)))
    gid = _game(store)
    ob = store.outbox(gid)
    ob.add(_row())
    assert ob.note_attempt(_row().key, "flood") == 1
    again = Store(store.url).outbox(gid)  # a new process sees the count
    assert again.note_attempt(_row().key, "flood") == 2
    got = again.get(_row().key)
    assert got is not None and got.attempts == 2 and got.error == "flood"


def test_sql_outbox_keeps_each_rows_game_token_and_queued_position(store: Store) -> None:
    """Issue 11 item 2: the marker search after a crash needs both, across a restart too."""
    from tests.outbox_contract import check_positions_contract

    check_positions_contract(lambda: store.outbox(_game(store)))


def test_sql_outbox_lets_one_sender_claim_a_row(store: Store) -> None:
    """Issue 11 item 1: the claim is one conditional UPDATE on each backend."""
    from tests.outbox_contract import check_claims_contract

    check_claims_contract(lambda: store.outbox(_game(store)))


def test_a_games_token_is_kept_with_it(store: Store) -> None:
    g = store.create_game(name="M", ruleset="pefl", topic_id=9, seed=1, token="c0ffee1234")
    assert Store(store.url).get_game(g.id).token == "c0ffee1234"


#: a running game as an older schema holds it (the columns every version has)
_OLD_GAME = sa.text(
    "INSERT INTO games (id, name, ruleset, topic_id, seed, salt, commitment, status,"
    " turn, config_fingerprint) VALUES (1, 'M', 'pefl', 4, 7, '', '', 'running', 1, '')"
)


def test_a_database_from_before_game_tokens_upgrades_and_keeps_its_markers(
    tmp_path: Path,
) -> None:
    """Migration 0004 on a running game's database: the game and its queued rows get no
    token and no position — the markers and search they were queued with."""
    from alembic import command
    from alembic.config import Config as AlembicConfig

    from mafiabot.store.database import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'old.db'}"
    old = Store(url)
    cfg = AlembicConfig()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with old.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
        conn.execute(_OLD_GAME)
        conn.execute(
            sa.text(
                "INSERT INTO outbox (game_id, turn, kind, recipient, channel, text, subject,"
                " status, error, attempts, in_flight_part) VALUES"
                " (1, 1, 'newspaper', 'topic', 'topic', 'Газета', '', 'pending', '', 0, 0)"
            )
        )
    old.close()
    st = open_store(url)
    assert st.get_game(1).token == ""
    row = st.outbox(1).get(OutboxKey("1", 1, "newspaper", "topic"))
    assert row is not None and row.marker_token == "" and row.search_from is None
    assert row.in_flight_part == 0  # the poster searches for it the old way
    st.close()


def _alembic(store: Store, target: str, down: bool = False) -> None:
    from alembic import command
    from alembic.config import Config as AlembicConfig

    from mafiabot.store.database import MIGRATIONS

    cfg = AlembicConfig()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        (command.downgrade if down else command.upgrade)(cfg, target)


def test_migration_0003_carries_a_running_games_bookkeeping(tmp_path: Path) -> None:
    import json

    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    _alembic(store, "0002")
    cursors: dict[str, Any] = {
        "topics": {"4": {"topic_id": 4, "page": 3, "last_post_id": 57}},
        "turn_start_page": {"4": 2},
        "flags": {"1": ["посторонний Зритель пишет в теме игры (сообщение 9)"]},
        "flags_reported": {"1": ["посторонний Зритель пишет в теме игры (сообщение 9)", "правка"]},
        "pms": [25, 26],
        "votecount": {"1/day": {"votes": 4, "at": "2026-11-28T10:00:00+03:00"}},
        "deaths": {"Кот": "2026-11-27T22:00:00+03:00"},
    }
    with store.engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO games (id, name, ruleset, topic_id, seed, salt, commitment, status,"
                " turn, config_fingerprint, cursors) VALUES (1, 'g', 'pefl', 4, 7, '', '',"
                " 'running', 1, '', :c)"
            ),
            {"c": json.dumps(cursors, ensure_ascii=False)},
        )
        conn.execute(
            sa.text(
                "INSERT INTO players (game_id, nick, account, alive, posts_after_death)"
                " VALUES (1, 'Кот', 'Кот', 0, 0)"
            )
        )
    _alembic(store, "head")
    assert store.topic_cursors(1)[4].cursor == cursors["topics"]["4"]
    assert store.topic_cursors(1)[4].turn_start_page == 2
    assert [f.text for f in store.host_flags(1, 1)] == cursors["flags"]["1"]
    assert store.reported_flags(1, 1) == set(cursors["flags_reported"]["1"])
    assert sorted(store.seen_pms(1)) == [25, 26]
    vc = store.vote_count(1, "1/day")
    assert vc is not None and vc.votes == 4
    assert vc.at == datetime(2026, 11, 28, 7, 0, tzinfo=UTC)
    assert store.deaths(1) == {"Кот": datetime(2026, 11, 27, 19, 0, tzinfo=UTC)}
    _alembic(store, "0002", down=True)  # and back: the JSON holds the same bookkeeping
    with store.engine.connect() as conn:
        raw = conn.execute(sa.text("SELECT cursors FROM games WHERE id = 1")).scalar_one()
    back: dict[str, Any] = json.loads(raw) if isinstance(raw, str) else raw
    assert back["topics"] == cursors["topics"] and back["pms"] == [25, 26]
    assert back["flags"] == cursors["flags"] and back["turn_start_page"] == {"4": 2}
    assert set(back["flags_reported"]["1"]) == set(cursors["flags_reported"]["1"])
    assert back["deaths"] == {"Кот": "2026-11-27T19:00:00+00:00"}
    store.close()


def test_migration_0009_keeps_the_moves_read_before_with_an_unknown_confidence(
    tmp_path: Path,
) -> None:
    """Moves stored before the reader's confidence was kept come through with None (the
    dashboard then guesses from the letter's words); a new move keeps its figure."""
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    _alembic(store, "0007")
    with store.engine.begin() as conn:
        conn.execute(_OLD_GAME)
        conn.execute(
            sa.text(
                "INSERT INTO moves (game_id, turn, pm_board_id, actor, action, targets, status,"
                " reason) VALUES (1, 1, 25, 'Dr.Watson', 'heal', '[\"Кот\"]', 'accepted', '')"
            )
        )
    _alembic(store, "head")
    (old,) = store.moves(1, 1)
    assert old.actor == "Dr.Watson" and old.confidence is None
    store.add_move(MoveRow(game_id=1, turn=1, actor="Шерлок", action="check", confidence=0.85))
    assert [m.confidence for m in store.moves(1, 1)] == [None, 0.85]
    _alembic(store, "0007", down=True)  # and back: the column goes, the moves stay
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM moves")).scalar_one() == 2
    store.close()


def test_each_closed_phase_keeps_the_votes_it_counted_for_the_final_record(store: Store) -> None:
    """P-E.1 / the final post's whole record: every phase's counted votes survive a restart,
    and a phase closed again (a crash before the outbox went out) replaces, never doubles."""
    gid = _game(store)
    vote: JsonObject = {
        "turn": 1, "voter": "Анна", "target": "Егор", "kind": "red", "agreed_with": None
    }  # fmt: skip
    store.commit_turn(gid, turn=1, state=None, events=[], votes=("1/day", [vote]))
    store.commit_turn(gid, turn=1, state=None, events=[], votes=("1/day", [vote]))
    store.commit_turn(gid, turn=2, state=None, events=[], votes=("2/day", []))
    assert Store(store.url).vote_records(gid) == {"1/day": [vote], "2/day": []}


@pytest.mark.parametrize("how", ["one statement", "a statement per two rows", "sqlalchemy"])
def test_new_posts_are_inserted_alike_however_the_statements_are_cut(
    store: Store, how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # new posts go in as multi-row INSERT … RETURNING statements within the database's
    # parameter limit, or through SQLAlchemy's own insert where the database cannot return
    # rows (SQLite before 3.35): each post gets its own row and revision either way
    dialect = store.engine.dialect
    if how == "a statement per two rows":
        monkeypatch.setattr(dialect, "insertmanyvalues_max_parameters", 25)  # 10 columns a row
    elif how == "sqlalchemy":
        monkeypatch.setattr(dialect, "insert_returning", False)
    gid = _game(store)
    inserts: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO POSTS"):
            inserts.append(statement)

    sa.event.listen(store.engine, "before_cursor_execute", count)
    at = [T0 + timedelta(minutes=i // 2) for i in range(7)]  # two posts a minute
    items = [PostIn(4, 10 + i, "Кот", 66, at[i], f"p{i}", 1, i) for i in range(7)]
    assert store.upsert_posts(gid, items, now=T0) == ["new"] * 7
    sa.event.remove(store.engine, "before_cursor_execute", count)
    if how == "one statement":
        assert len(inserts) == 1
    elif how == "a statement per two rows":
        assert len(inserts) == 4
    else:
        assert len(inserts) == 7
    got = [(p.board_id, p.body_html, p.posted_at, p.position) for p in store.posts(gid)]
    assert got == [(10 + i, f"p{i}", T0 + timedelta(minutes=i // 2), i) for i in range(7)]
    assert [r.post_id for r in store.revisions(gid, 13)] == [
        next(i for i, b in _post_ids(store, gid) if b == 13)
    ]


def _post_ids(store: Store, gid: int) -> list[tuple[int, int]]:
    with store.engine.connect() as conn:
        rows = conn.exec_driver_sql(f"SELECT id, board_id FROM posts WHERE game_id = {gid}")
        return [(int(a), int(b)) for a, b in rows]
