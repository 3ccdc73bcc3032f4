"""A post's record written by orjson straight from the parser's dataclass (issue 20, item 3:
a first read stores 20,000 of them) holds the same JSON value as the column's own way —
`to_json` and `json.dumps` — over every saved topic page of every board in fixtures/; what
orjson cannot encode, and other databases, still go the column's way."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from mafiabot.store import Store
from mafiabot.store.codec import from_json, to_json
from mafiabot.store.posts import JsonText, PostIn, record_value
from parser.pages import parse_topic
from parser.records import Post
from tests.test_store import store  # noqa: F401 (the store on each database)

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SQLITE = sqlite.dialect(paramstyle="qmark")
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def _saved_posts() -> tuple[list[Post], set[str]]:
    posts: list[Post] = []
    boards: set[str] = set()  # the fixture folders (boards) the posts come from
    for path in sorted(FIXTURES.rglob("*.htm*")):
        try:
            page = parse_topic(path.read_bytes(), board="auto", tz="Europe/Moscow", now=NOW)
        except Exception:  # not a page of a board's topic
            continue
        posts += page.posts
        if page.posts:
            boards.add(path.relative_to(FIXTURES).parts[0])
    return posts, boards


POSTS, BOARDS = _saved_posts()


def _text(value: object) -> str:
    assert type(value) is JsonText, value  # orjson's way, not the fallback
    return value


def _column_way(post: Post) -> object:
    return json.loads(json.dumps(to_json(post)))


def test_every_saved_post_is_written_as_the_same_json_value() -> None:
    assert len(POSTS) >= 200 and len(BOARDS) >= 4, (len(POSTS), BOARDS)
    for post in POSTS:
        text = record_value(SQLITE, post)
        assert type(text) is JsonText, post.id  # orjson's way, not the fallback
        assert json.loads(text) == _column_way(post), post.id
        assert from_json(Post, json.loads(text)) == post, post.id
    # the records hold what makes the comparison worth making
    assert any(p.colored for p in POSTS) and any(p.quotes for p in POSTS)
    assert any(p.edited is not None for p in POSTS) and any(p.posted_at for p in POSTS)


@pytest.mark.parametrize(
    "when",
    [
        datetime(2026, 11, 27, 12, 0, 3, tzinfo=timezone(timedelta(hours=3))),
        datetime(2026, 11, 27, 12, 0, 3, 120, tzinfo=UTC),
        datetime(2026, 11, 27, 12, 0, 3),
    ],
)
def test_times_are_written_as_isoformat_writes_them(when: datetime) -> None:
    post = dataclasses.replace(POSTS[0], posted_at=when)
    assert json.loads(_text(record_value(SQLITE, post)))["posted_at"] == when.isoformat()


def test_what_orjson_cannot_encode_and_other_databases_go_the_columns_way() -> None:
    @dataclasses.dataclass(frozen=True)
    class Odd:
        tags: frozenset[str]
        big: int

    odd = Odd(frozenset({"a"}), 1)
    assert json.loads(_text(record_value(SQLITE, odd))) == {"tags": ["a"], "big": 1}
    huge = Odd(frozenset(), 2**70)  # past orjson's 64-bit integers
    assert record_value(SQLITE, huge) == to_json(huge)
    pg = postgresql.dialect()  # type: ignore[no-untyped-call]
    assert record_value(pg, POSTS[0]) == to_json(POSTS[0])
    as_json = {"id": 1}
    assert record_value(SQLITE, as_json) is as_json and record_value(SQLITE, None) is None


def test_the_store_reads_back_what_it_was_given(store: Store) -> None:  # noqa: F811
    # on SQLite and (where the tests have one) PostgreSQL alike
    g = store.create_game(name="g", ruleset="pefl", topic_id=1, seed=1)
    assert g.id is not None
    post = POSTS[0]
    items = [
        PostIn(1, post.id, post.author, post.author_id, post.posted_at, post.body_html, 0, 1,
               None, post),
        PostIn(1, post.id + 1, post.author, None, None, "<b>x</b>", 0, 2, None, to_json(post)),
    ]  # fmt: skip
    with store.transaction():
        assert store.upsert_posts(g.id, items, now=NOW) == ["new", "new"]
    with store.engine.connect() as c:
        stored = [r[0] for r in c.execute(sa.text("SELECT record FROM post_revisions ORDER BY id"))]
    # SQLite hands the column's text back, PostgreSQL's driver the decoded value
    assert [json.loads(s) if isinstance(s, str) else s for s in stored] == [_column_way(post)] * 2
    assert [s.record for s in store.posts(g.id)] == [_column_way(post)] * 2


_ZONES = [UTC, timezone(timedelta(hours=3)), timezone(timedelta(hours=-9, minutes=-30))]


def _times() -> list[datetime | None]:
    from zoneinfo import ZoneInfo

    msk, berlin = ZoneInfo("Europe/Moscow"), ZoneInfo("Europe/Berlin")
    base = datetime(2026, 3, 29, 0, 59, 59, 999999, tzinfo=berlin)  # the clocks go forward
    times: list[datetime | None] = [base + timedelta(minutes=7 * k) for k in range(40)]
    times += [datetime(2025, 10, 26, 2, 30, fold=f, tzinfo=berlin) for f in (0, 1)]  # twice
    times += [datetime(y, 1, 1, 0, 0, 0, us, tzinfo=z) for y in (2, 999, 2026) for us in (0, 1)
              for z in _ZONES]  # fmt: skip
    times += [datetime(2026, 12, 1, 12, 0, tzinfo=msk), None, None]
    return times + times[:5]  # met again: converted once, written the same


def _plain(row: tuple[object, ...]) -> tuple[object, ...]:
    """A bound row with a driver's JSON wrapper (compared by identity) as the value it holds."""
    return tuple(getattr(v, "adapted", getattr(v, "obj", v)) for v in row)


def test_rows_are_bound_as_sqlalchemy_binds_them() -> None:
    # the store's own conversion of a batch's rows (`_bound_rows`: times on SQLite through
    # isoformat, each distinct value once, records encoded already left as they are) gives
    # what SQLAlchemy's processors give for every value, one at a time
    from mafiabot.store.posts import REVISION_COLUMNS, _bound_rows
    from mafiabot.store.tables import PostRevision

    table = PostRevision.__table__  # type: ignore[attr-defined]
    encoded = _text(record_value(SQLITE, POSTS[0]))
    records: list[object] = [encoded, {"a": [1]}, None, JsonText(encoded), encoded[:-1] + " }"]
    rows = [
        (k, 1, "<b>x</b>", "h", records[k % len(records)], when, NOW)
        for k, when in enumerate(_times())
    ]
    pg = postgresql.dialect()  # type: ignore[no-untyped-call]
    for dialect in (SQLITE, pg):
        types = [table.c[c].type.dialect_impl(dialect) for c in REVISION_COLUMNS]
        procs = [t.bind_processor(dialect) for t in types]
        want = [
            tuple(
                v if p is None or type(v) is JsonText else p(v)
                for v, p in zip(row, procs, strict=True)
            )
            for row in rows
        ]
        got = _bound_rows(dialect, table, REVISION_COLUMNS, rows)
        assert [_plain(row) for row in got] == [_plain(row) for row in want]
    naive = [(1, 1, "x", "h", None, datetime(2026, 1, 1), NOW)]
    with pytest.raises(sa.exc.StatementError):
        _bound_rows(SQLITE, table, REVISION_COLUMNS, naive)
