"""Posts as read from the board: each by its board id, every edit a new revision."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import chain
from typing import TYPE_CHECKING, Any, NamedTuple

import orjson
import sqlalchemy as sa
from sqlmodel import col, select

from mafiabot.store.codec import JsonObject, to_json
from mafiabot.store.database import Database
from mafiabot.store.tables import PostRevision, PostRow, UTCDateTime, utcnow

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


class PostIn(NamedTuple):
    """A post as read from a board page, to be stored (`Store.upsert_posts`). A named tuple:
    a first read makes 20,000 of them, and a frozen dataclass costs four times as much to
    build."""

    topic_id: int
    board_id: int
    author: str
    author_id: int | None
    posted_at: datetime | None
    body_html: str
    turn: int | None
    position: int | None = None
    edited_at: datetime | None = None
    #: the post's record: JSON, or the parser's record itself, which the store encodes
    #: (`record_value`: a first read's 20,000 records are written without a copy of each)
    record: JsonObject | DataclassInstance | None = None


@dataclass(frozen=True, slots=True)
class StoredPost:
    """A post as the daemon recomputes from it: its latest revision (or one at a time)."""

    board_id: int
    topic_id: int
    author: str
    author_id: int | None
    posted_at: datetime | None
    turn: int | None
    position: int | None
    body_html: str
    revision: int
    record: JsonObject | None = None  # the parser's Post record (to_json)
    revision_seen_at: datetime | None = None


#: the columns of the new posts `upsert_posts` inserts, in the order of its rows
POST_COLUMNS = (
    "game_id", "topic_id", "board_id", "author", "author_id", "posted_at", "turn", "position",
    "revisions", "first_seen",
)  # fmt: skip
#: the columns of the revisions `upsert_posts` inserts, in the order of its rows
REVISION_COLUMNS = (
    "post_id", "revision", "body_html", "body_hash", "record", "edited_at", "seen_at",
)  # fmt: skip


class JsonText(str):
    """A JSON column's value already encoded (`record_value`): bound as it is."""

    __slots__ = ()


def record_value(dialect: sa.Dialect, record: object) -> object:
    """A post's record as `insert_many` binds it. A parser's record (a dataclass) on SQLite
    is encoded by orjson straight from the dataclass — the same JSON value `to_json` and the
    column's `json.dumps` make (tuples as lists, datetimes in ISO form; held equal by
    tests/test_record_json.py), written compact and in UTF-8 — at a fifth of their cost; a
    value orjson cannot encode, another database, or a record given as JSON go the column's
    own way."""
    if record is None or isinstance(record, dict):
        return record
    if dialect.name == "sqlite" and _mark(dialect) is not None:
        try:
            return JsonText(orjson.dumps(record, default=_unordered).decode())
        except TypeError:
            pass
    return to_json(record)


def _unordered(value: object) -> object:
    """orjson's fallback: a set as `to_json` writes it (a list in its own order)."""
    if isinstance(value, set | frozenset):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def _bound_rows(
    dialect: sa.Dialect, table: sa.Table, columns: Sequence[str], rows: Sequence[tuple[object, ...]]
) -> list[tuple[object, ...]]:
    """`rows` as the driver takes them, each value converted by its column type's own bind
    processor (SQLAlchemy's, so what is stored is what SQLAlchemy would store; a zone-aware
    time on SQLite by `_sqlite_utc`, the same text at two thirds of the cost). A value met
    again in the same column (the batch's one `now`, posts stamped in the same minute) is
    converted once."""
    types = [table.c[c].type.dialect_impl(dialect) for c in columns]
    by_column = [list(col) for col in zip(*rows, strict=True)] if rows else []
    try:
        for i, t in enumerate(types):
            f = t.bind_processor(dialect)
            if f is None:  # ints and text go as they are
                continue
            by_column[i] = _bound_column(_sqlite_utc(t, dialect, f) or f, by_column[i])
    except (TypeError, ValueError) as exc:  # as SQLAlchemy reports a value it cannot bind
        raise sa.exc.StatementError(str(exc), f"INSERT INTO {table.name}", None, exc) from exc
    return list(zip(*by_column, strict=True))


def _bound_column(f: Callable[[Any], Any], values: list[object]) -> list[object]:
    """A column's `values` converted by `f`, each distinct one once; a record encoded
    already (`JsonText`) as it is. Times of a clock's repeated hour are each converted:
    the second of them (`fold`) equals the first in the same zone, a different moment."""
    try:
        distinct = {v for v in values if type(v) is not JsonText}
    except TypeError:  # JSON objects are not hashable: each converted
        distinct = None
    if distinct is None or any(type(v) is datetime and v.fold for v in values):
        return [v if type(v) is JsonText else f(v) for v in values]
    bound = {v: f(v) for v in distinct}
    return [v if type(v) is JsonText else bound[v] for v in values]


def _sqlite_utc(
    t: sa.types.TypeEngine[Any], dialect: sa.Dialect, f: Callable[[Any], Any]
) -> Callable[[Any], Any] | None:
    """For the store's zone-aware times (`UTCDateTime`) on SQLite: the UTC text SQLAlchemy's
    processor `f` writes (SQLite's `DATETIME` storage format), as `datetime.isoformat` makes
    it — checked against `f` on times with and without microseconds, and used only when they
    agree (a `DATETIME` given another storage format is converted by `f`); anything but an
    aware `datetime` goes to `f`. None: not such a column."""
    if dialect.name != "sqlite" or not isinstance(t, UTCDateTime):
        return None

    def utc_text(value: Any) -> Any:
        if type(value) is not datetime or value.tzinfo is None:
            return f(value)  # None, or refused as `UTCDateTime` refuses a naive time
        offset = value.utcoffset()
        if offset is None:
            return f(value)
        return (value - offset).replace(tzinfo=None).isoformat(" ", "microseconds")

    probes = (datetime(2026, 3, 29, 1, 59, 59, 5, UTC), datetime(987, 1, 2, 3, 4, 5, tzinfo=UTC))
    if any(utc_text(p) != f(p) for p in probes):
        return None
    return utc_text


def _mark(dialect: sa.Dialect) -> str | None:
    """The driver's positional parameter mark (None: a driver with named parameters)."""
    return {"qmark": "?", "format": "%s", "pyformat": "%s"}.get(dialect.paramstyle)


def insert_many(
    conn: sa.Connection, table: sa.Table, columns: Sequence[str], rows: Sequence[tuple[object, ...]]
) -> None:
    """INSERT `rows` as one DB-API executemany (`_bound_rows`). A first read stores 20,000
    revisions, each with its JSON record: SQLAlchemy's per-row parameter handling cost a
    fifth of storing them."""
    dialect = conn.dialect
    mark = _mark(dialect)
    if mark is None:  # a driver with named parameters: SQLAlchemy's own executemany
        conn.execute(sa.insert(table), [dict(zip(columns, row, strict=True)) for row in rows])
        return
    names = ", ".join(dialect.identifier_preparer.quote(c) for c in columns)
    sql = f"INSERT INTO {table.name} ({names}) VALUES ({', '.join([mark] * len(columns))})"
    conn.exec_driver_sql(sql, _bound_rows(dialect, table, columns, rows))


def _insert_returning(
    conn: sa.Connection,
    table: sa.Table,
    columns: Sequence[str],
    rows: Sequence[tuple[object, ...]],
    returning: Sequence[str],
) -> list[tuple[Any, ...]]:
    """INSERT `rows` and return the `returning` columns of each (in no particular order):
    multi-row VALUES … RETURNING statements as the driver takes them (`_bound_rows`), as
    many rows a statement as the database's parameter limit allows. Where the database
    cannot return rows (SQLite before 3.35) or the driver names its parameters, SQLAlchemy's
    own insert a row at a time (`returning` holds inserted columns and the primary key)."""
    dialect = conn.dialect
    mark = _mark(dialect)
    if mark is None or not dialect.insert_returning:
        # a row at a time, the primary key as the driver reports it
        (key,) = table.primary_key.columns
        back_rows: list[tuple[Any, ...]] = []
        for row in rows:
            named = dict(zip(columns, row, strict=True))
            pk = conn.execute(sa.insert(table), named).inserted_primary_key
            named[key.name] = pk[0] if pk is not None else None
            back_rows.append(tuple(named[c] for c in returning))
        return back_rows
    prep = dialect.identifier_preparer
    names = ", ".join(prep.quote(c) for c in columns)
    back = ", ".join(prep.quote(c) for c in returning)
    one = "(" + ", ".join([mark] * len(columns)) + ")"
    values = _bound_rows(dialect, table, columns, rows)
    per = max(1, min(len(values), dialect.insertmanyvalues_max_parameters // len(columns)))
    out: list[tuple[Any, ...]] = []
    for k in range(0, len(values), per):
        chunk = values[k : k + per]
        sql = (
            f"INSERT INTO {table.name} ({names}) VALUES {', '.join([one] * len(chunk))} "
            f"RETURNING {back}"
        )
        done = conn.exec_driver_sql(sql, tuple(chain.from_iterable(chunk)))
        out += [tuple(r) for r in done]
    return out


def _known_posts(
    conn: sa.Connection, posts_t: sa.Table, game_id: int, ids: Sequence[int]
) -> list[tuple[Any, ...]]:
    """(id, board id, position, revisions) of the game's stored posts among the board ids
    `ids`: one SELECT … IN (…) as the driver takes it, its ids bound as they are (as many a
    statement as the database's parameter limit allows; a batch's few hundred are one) —
    SQLAlchemy's expanding parameter was worked out again for every batch of a first read.
    A driver with named parameters: SQLAlchemy's own select."""
    cols = (posts_t.c.id, posts_t.c.board_id, posts_t.c.position, posts_t.c.revisions)
    mark = _mark(conn.dialect)
    if mark is None:
        q = sa.select(*cols).where(
            posts_t.c.game_id == game_id,
            posts_t.c.board_id.in_(sa.bindparam("ids", expanding=True)),
        )
        return [tuple(r) for r in conn.execute(q, {"ids": list(ids)})]
    prep = conn.dialect.identifier_preparer
    names = ", ".join(prep.quote(c.name) for c in cols)
    per = max(1, conn.dialect.insertmanyvalues_max_parameters - 1)
    out: list[tuple[Any, ...]] = []
    for k in range(0, len(ids), per):
        chunk = list(ids[k : k + per])
        sql = (
            f"SELECT {names} FROM {posts_t.name} WHERE game_id = {mark} "
            f"AND board_id IN ({', '.join([mark] * len(chunk))})"
        )
        out += [tuple(r) for r in conn.exec_driver_sql(sql, (game_id, *chunk))]
    return out


def body_hash(html: str) -> str:
    return hashlib.sha256(html.encode("utf-8")).hexdigest()


class PostStore(Database):
    """Posts and their revisions."""

    # -- posts -----------------------------------------------------------------------------

    def upsert_post(
        self,
        game_id: int,
        *,
        topic_id: int,
        board_id: int,
        author: str,
        author_id: int | None,
        posted_at: datetime | None,
        body_html: str,
        turn: int | None,
        position: int | None = None,
        edited_at: datetime | None = None,
        record: JsonObject | None = None,
        now: datetime | None = None,
    ) -> str:
        """Store a post read from the board: "new", "edited" (a new revision) or "same"."""
        item = PostIn(
            topic_id=topic_id,
            board_id=board_id,
            author=author,
            author_id=author_id,
            posted_at=posted_at,
            body_html=body_html,
            turn=turn,
            position=position,
            edited_at=edited_at,
            record=record,
        )
        return self.upsert_posts(game_id, [item], now=now)[0]

    def upsert_posts(
        self, game_id: int, items: Sequence[PostIn], *, now: datetime | None = None
    ) -> list[str]:
        """Store a page's posts in one transaction (a few statements, not a few per post) —
        the caller's unit of work inside `transaction()`: "new", "edited" (a new revision)
        or "same" for each, in order."""
        now = now or utcnow()
        if not items:
            return []
        # SQLAlchemy Core, not the ORM: a first read stores a thousand pages, and the ORM's
        # per-object bookkeeping cost more than parsing them
        posts_t, revs_t = PostRow.__table__, PostRevision.__table__  # type: ignore[attr-defined]
        with self.connection() as conn:
            ids = [it.board_id for it in items]
            known: dict[int, tuple[int, int | None, int]] = {}  # board id -> id, position, revs
            for r in _known_posts(conn, posts_t, game_id, ids):
                known[r[1]] = (r[0], r[2], r[3])
            latest: dict[int, str] = {}  # post row id -> the body hash of its newest revision
            if known:
                for rev in conn.execute(
                    sa.select(revs_t.c.post_id, revs_t.c.body_hash)
                    .where(revs_t.c.post_id.in_([k[0] for k in known.values()]))
                    .order_by(revs_t.c.revision.desc())
                ):
                    latest.setdefault(rev.post_id, rev.body_hash)
            out: list[str] = []
            fresh: dict[int, tuple[PostIn, str]] = {}  # board id -> new post, its hash
            changed: dict[int, dict[str, object]] = {}  # post row id -> columns to update
            revisions: list[tuple[object, ...]] = []  # new revisions (REVISION_COLUMNS)
            for it in items:
                h = body_hash(it.body_html)
                if it.board_id in fresh:  # the same post twice on one page: the first stands
                    out.append("same")
                    continue
                row = known.get(it.board_id)
                if row is None:
                    fresh[it.board_id] = (it, h)
                    out.append("new")
                    continue
                row_id, position, revs = row
                if it.position is not None and position != it.position:
                    position = it.position
                    changed.setdefault(row_id, {})["position"] = position
                if latest.get(row_id) == h:
                    known[it.board_id] = (row_id, position, revs)
                    out.append("same")
                    continue
                revs += 1
                known[it.board_id] = (row_id, position, revs)
                changed.setdefault(row_id, {})["revisions"] = revs
                latest[row_id] = h
                rec = record_value(conn.dialect, it.record)
                revisions.append((row_id, revs, it.body_html, h, rec, it.edited_at, now))
                out.append("edited")
            for row_id, values in changed.items():  # edits are few: one UPDATE each
                conn.execute(sa.update(posts_t).where(posts_t.c.id == row_id).values(**values))
            if fresh:  # new posts (the bulk of a first read): one multi-row insert
                inserted = _insert_returning(
                    conn,
                    posts_t,
                    POST_COLUMNS,
                    [
                        (
                            game_id,
                            it.topic_id,
                            it.board_id,
                            it.author,
                            it.author_id,
                            it.posted_at,
                            it.turn,
                            it.position,
                            1,
                            now,
                        )
                        for it, _h in fresh.values()
                    ],
                    ("board_id", "id"),
                )
                new_ids: dict[int, int] = {r[0]: r[1] for r in inserted}
                dialect = conn.dialect
                revisions += [
                    (
                        new_ids[it.board_id],
                        1,
                        it.body_html,
                        h,
                        record_value(dialect, it.record),
                        it.edited_at,
                        now,
                    )
                    for it, h in fresh.values()
                ]
            if revisions:
                insert_many(conn, revs_t, REVISION_COLUMNS, revisions)
            return out

    def posts(
        self,
        game_id: int,
        *,
        topic_id: int | None = None,
        turn: int | None = None,
        as_of: datetime | None = None,
    ) -> list[StoredPost]:
        """Posts in board order, each as its latest revision (or the latest seen by `as_of`)."""
        return list(self.iter_posts(game_id, topic_id=topic_id, turn=turn, as_of=as_of))

    def iter_posts(
        self,
        game_id: int,
        *,
        topic_id: int | None = None,
        turn: int | None = None,
        as_of: datetime | None = None,
        batch: int = 500,
        colored_only: bool = False,
        after: int | None = None,
        upto: int | None = None,
    ) -> Iterator[StoredPost]:
        """`posts`, read `batch` posts at a time (each batch its own short transaction, no
        cursor left open while the caller works): a turn of 20,000 posts is folded into a
        tally without ever being in memory at once.

        `colored_only` leaves out the posts stored once whose record has no coloured span,
        picked out by the database (its JSON functions) so that they are not even decoded.
        `after` / `upto`: only the posts whose board id is above / at most this."""
        posts_t, revs_t = PostRow.__table__, PostRevision.__table__  # type: ignore[attr-defined]
        q = sa.select(
            posts_t.c.id,
            posts_t.c.board_id,
            posts_t.c.topic_id,
            posts_t.c.author,
            posts_t.c.author_id,
            posts_t.c.posted_at,
            posts_t.c.turn,
            posts_t.c.position,
        ).where(posts_t.c.game_id == game_id)
        if topic_id is not None:
            q = q.where(posts_t.c.topic_id == topic_id)
        if turn is not None:
            q = q.where(posts_t.c.turn == turn)
        if upto is not None:
            q = q.where(posts_t.c.board_id <= upto)
        if colored_only:
            spans = sa.select(revs_t.c.id).where(
                revs_t.c.post_id == posts_t.c.id, self._span_count(revs_t.c.record) > 0
            )
            q = q.where(sa.or_(posts_t.c.revisions > 1, spans.exists()))
        revs = sa.select(
            revs_t.c.post_id,
            revs_t.c.revision,
            revs_t.c.body_html,
            revs_t.c.record,
            revs_t.c.seen_at,
        )
        if as_of is not None:
            revs = revs.where(revs_t.c.seen_at <= as_of)
        # keyset paging on the board id: (game, board id) is unique
        while True:
            page = q if after is None else q.where(posts_t.c.board_id > after)
            with self.engine.connect() as conn:
                rows = conn.execute(page.order_by(posts_t.c.board_id).limit(batch)).all()
                if not rows:
                    return
                # post row id -> its newest (visible) revision: number, body, record, seen
                newest: dict[int, tuple[int, str, JsonObject | None, datetime | None]] = {}
                for each in conn.execute(
                    revs.where(revs_t.c.post_id.in_([r.id for r in rows])).order_by(
                        revs_t.c.revision.desc()
                    )
                ):
                    if each.post_id not in newest:
                        newest[each.post_id] = (
                            each.revision,
                            each.body_html,
                            each.record,
                            each.seen_at,
                        )
            for r in rows:
                rev = newest.get(r.id)
                if rev is None:
                    continue
                revision, body_html, record, seen_at = rev
                yield StoredPost(
                    board_id=r.board_id,
                    topic_id=r.topic_id,
                    author=r.author,
                    author_id=r.author_id,
                    posted_at=r.posted_at,
                    turn=r.turn,
                    position=r.position,
                    body_html=body_html,
                    revision=revision,
                    record=record,
                    revision_seen_at=seen_at,
                )
            if len(rows) < batch:
                return
            after = rows[-1].board_id

    def last_board_id(self, game_id: int) -> int | None:
        """The highest board id of the game's stored posts (None: none yet); one look into
        the (game, board id) index, whatever the game's size."""
        posts_t = PostRow.__table__  # type: ignore[attr-defined]
        q = sa.select(sa.func.max(posts_t.c.board_id)).where(posts_t.c.game_id == game_id)
        with self.engine.connect() as conn:
            found = conn.execute(q).scalar()
        return None if found is None else int(found)

    def post_authors(
        self, game_id: int, *, topic_id: int | None = None
    ) -> list[tuple[str, int | None]]:
        """The distinct (author, board user id) pairs of the game's stored posts (of one
        topic): the accounts met there, without reading a post's text."""
        posts_t = PostRow.__table__  # type: ignore[attr-defined]
        q = sa.select(posts_t.c.author, posts_t.c.author_id).where(posts_t.c.game_id == game_id)
        if topic_id is not None:
            q = q.where(posts_t.c.topic_id == topic_id)
        with self.engine.connect() as conn:
            rows = conn.execute(q.distinct().order_by(posts_t.c.author)).all()
        return [(str(r.author), None if r.author_id is None else int(r.author_id)) for r in rows]

    def _span_count(self, record: sa.ColumnElement[JsonObject]) -> sa.ColumnElement[int]:
        """SQL for the number of coloured spans in a stored post record (NULL without one)."""
        if self.engine.dialect.name == "postgresql":
            return sa.func.json_array_length(record.op("->")("colored"))
        return sa.func.json_array_length(record, "$.colored")  # SQLite's JSON functions

    def revisions(self, game_id: int, board_id: int) -> list[PostRevision]:
        with self.session() as s:
            row = s.exec(
                select(PostRow).where(PostRow.game_id == game_id, PostRow.board_id == board_id)
            ).one()
            return list(
                s.exec(
                    select(PostRevision)
                    .where(PostRevision.post_id == row.id)
                    .order_by(col(PostRevision.revision))
                )
            )
