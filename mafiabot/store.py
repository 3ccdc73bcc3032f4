"""Storage: everything the daemon has read, decided and must still send (sqlmodel).

One SQLite file by default, PostgreSQL by URL. The schema is created and upgraded by the
alembic migrations in `mafiabot/migrations` (`Store.migrate()`), never by `create_all`, so a
database made by an older version is brought forward in place.

What the tables guarantee:
- posts and PMs are keyed by their board ids: refetching a page changes nothing; an edit
  (different body) adds a revision instead of overwriting, so a vote edited after the deadline
  can still be counted as it stood at the deadline and flagged (ARCHITECTURE "recompute");
- outbox rows are unique on (game, turn, kind, recipient): the same newspaper or PM can be
  queued any number of times after a crash and still goes out once;
- bans (P-B.1) are not tied to one game's rows, so they follow a player across games.
"""

from __future__ import annotations

import base64
import collections.abc
import dataclasses
import functools
import hashlib
import logging
import reprlib
import sys
import threading
import types
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Dialect
from sqlmodel import Field, Session, SQLModel, col, create_engine, select

from engine import bans as engine_bans
from poster.outbox import OutboxKey, OutboxRow, SearchFrom
from scraper.board import Attachment

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# the newest migration: revision ids are the 4-digit prefixes of the files in versions/ (a
# test holds this to alembic's own idea of the head)
SCHEMA_HEAD = max(p.name[:4] for p in (MIGRATIONS / "versions").glob("[0-9][0-9][0-9][0-9]_*.py"))


def _plain_mako_errors() -> None:
    """alembic renders migration templates with mako, whose error pages are highlighted by
    pygments when it is installed (rich brings it): ~60 lexers and ~4 MB loaded for pages
    the bot never shows. Without the plugin mako falls back to plain HTML escaping."""
    sys.modules.setdefault("mako.ext.pygmentplugin", None)  # type: ignore[arg-type]


# P-B.1: the 1st…5th removal bans for this many games (the 5th and later: 16).
BAN_GAMES = engine_bans.BAN_GAMES  # P-B.1: the rule lives in engine/bans.py


class UTCDateTime(sa.types.TypeDecorator[datetime]):
    """Aware datetimes in, aware UTC datetimes out, on SQLite (no zones) and PostgreSQL alike."""

    impl = sa.DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the store; times must carry a zone")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _utc_col(nullable: bool = True) -> Any:
    return Field(default=None, sa_type=UTCDateTime, nullable=nullable)


def _json_col() -> Any:
    return Field(default=None, sa_type=sa.JSON, nullable=True)


def utcnow() -> datetime:
    return datetime.now(UTC)


# --------------------------------------------------------------------------------------------
# Tables


class Game(SQLModel, table=True):
    __tablename__ = "games"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    ruleset: str
    topic_id: int = Field(index=True)
    court_topic_id: int | None = None
    seed: int = Field(sa_type=sa.BigInteger)
    salt: str = ""
    commitment: str = ""  # SHA-256 of the dealt role list (+ seed, salt), published at start
    status: str = "registration"  # registration | running | over
    turn: int = 0
    deadline: datetime | None = _utc_col()
    state: dict[str, Any] | None = _json_col()  # the engine's state snapshot
    config_fingerprint: str = ""
    # random, made once at creation (poster.outbox.new_game_token): in every marker of the
    # game's messages, so another game's posts (a fresh database, a second bot) are not ours
    token: str = Field(default="", sa_column_kwargs={"server_default": ""})
    # the daemon's last tick, for `mafiabot status` (which reads only the database)
    last_tick_at: datetime | None = _utc_col()
    last_tick_ok: bool | None = None
    last_tick_result: str = Field(default="", sa_column_kwargs={"server_default": ""})
    winner: str | None = None
    created_at: datetime | None = _utc_col()
    finished_at: datetime | None = _utc_col()


class Player(SQLModel, table=True):
    __tablename__ = "players"
    __table_args__ = (sa.UniqueConstraint("game_id", "nick"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    nick: str  # the game's name for him (stays when a substitute account takes over)
    account: str  # the board account that posts and moves for him now
    user_id: int | None = None
    role: str | None = None
    clan: str | None = None
    alive: bool = True
    died_turn: int | None = None
    died_at: datetime | None = _utc_col()  # the deadline he left at (G-P.2's window)
    posts_after_death: int = 0


class TopicCursorRow(SQLModel, table=True):
    """Where the bot stands in a topic it reads, and the page the current turn began on."""

    __tablename__ = "topic_cursors"
    __table_args__ = (sa.UniqueConstraint("game_id", "topic_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    topic_id: int
    cursor: dict[str, Any] | None = _json_col()  # the board client's TopicCursor (to_json)
    turn_start_page: int | None = None


class HostFlag(SQLModel, table=True):
    """A note for the host in a turn: raised while the turn ran (a flag), and whether a host
    report already carried it (notes of the deadline itself are recorded as reported)."""

    __tablename__ = "host_flags"
    __table_args__ = (sa.UniqueConstraint("game_id", "turn", "text"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    turn: int
    text: str
    raised: bool = True
    reported: bool = False


class SeenPM(SQLModel, table=True):
    """An inbox message the bot has dealt with (stored, or skipped: the host's own, older
    than the game, unreadable)."""

    __tablename__ = "seen_pms"
    __table_args__ = (sa.UniqueConstraint("game_id", "board_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    board_id: int


class VoteCountRow(SQLModel, table=True):
    """The last interim vote count of a phase ("turn/phase"): how many votes it showed, when."""

    __tablename__ = "vote_counts"
    __table_args__ = (sa.UniqueConstraint("game_id", "tag"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    tag: str
    votes: int = 0
    at: datetime | None = _utc_col()


class VoteRecordRow(SQLModel, table=True):
    """The votes counted in one closed phase ("turn/phase"), in order: the final post prints
    the whole game's record (who voted for whom) from these."""

    __tablename__ = "vote_records"
    __table_args__ = (sa.UniqueConstraint("game_id", "tag"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    tag: str
    votes: list[dict[str, Any]] | None = _json_col()


class PostRow(SQLModel, table=True):
    __tablename__ = "posts"
    __table_args__ = (sa.UniqueConstraint("game_id", "board_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    topic_id: int
    board_id: int  # the board's post id
    author: str
    author_id: int | None = None
    posted_at: datetime | None = _utc_col()
    turn: int | None = Field(default=None, index=True)
    position: int | None = None
    revisions: int = 1
    first_seen: datetime | None = _utc_col()


class PostRevision(SQLModel, table=True):
    __tablename__ = "post_revisions"
    __table_args__ = (sa.UniqueConstraint("post_id", "revision"),)

    id: int | None = Field(default=None, primary_key=True)
    post_id: int = Field(foreign_key="posts.id", index=True)
    revision: int
    body_html: str
    body_hash: str
    record: dict[str, Any] | None = _json_col()  # the parser's Post record (to_json)
    edited_at: datetime | None = _utc_col()  # from the board's edit note, when shown
    seen_at: datetime | None = _utc_col()


class PMRow(SQLModel, table=True):
    __tablename__ = "pms"
    __table_args__ = (sa.UniqueConstraint("game_id", "board_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    board_id: int
    sender: str
    subject: str = ""
    sent_at: datetime | None = _utc_col()
    body_html: str = ""
    text: str = ""
    record: dict[str, Any] | None = _json_col()  # the parser's PrivateMessage record
    turn: int | None = None
    handled: bool = False  # acknowledged or refused already
    seen_at: datetime | None = _utc_col()


class MoveRow(SQLModel, table=True):
    __tablename__ = "moves"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    turn: int = Field(index=True)
    pm_board_id: int | None = None
    actor: str
    action: str
    targets: list[str] | None = _json_col()
    executor: str | None = None
    story: str | None = None
    side: str | None = None
    status: str = "accepted"  # accepted | refused | replaced | ignored
    reason: str = ""
    at: datetime | None = _utc_col()
    # how surely the letter reader read this move (parser.letters, 0..1); None: stored before
    # it was kept (migration 0009)
    confidence: float | None = None


class EventRow(SQLModel, table=True):
    __tablename__ = "events"
    __table_args__ = (sa.UniqueConstraint("game_id", "turn", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    turn: int
    seq: int
    kind: str
    audience: str  # "public" | "host" | a player's nick
    payload: dict[str, Any] | None = _json_col()
    at: datetime | None = _utc_col()


class OutboxDBRow(SQLModel, table=True):
    """A `poster.outbox.OutboxRow` as stored; the poster adds the marker when it sends."""

    __tablename__ = "outbox"
    __table_args__ = (sa.UniqueConstraint("game_id", "turn", "kind", "recipient"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    turn: int
    kind: str  # newspaper | votecount | role | ack | host_report | start | final …
    recipient: str  # "topic" for public posts, a nick (or "a,b") for PMs
    channel: str  # topic | pm | newtopic (topic_id holds the forum id)
    text: str
    subject: str = ""
    topic_id: int | None = None
    recipients: list[str] | None = _json_col()
    status: str = Field(default="pending", index=True)  # pending | sent | failed
    board_ids: list[int] | None = _json_col()  # post / PM id of every part sent so far
    in_flight_part: int | None = None  # begun but not confirmed (see poster.poster)
    error: str = ""
    # refused tries (flood, tokens); kept here so the poster's cap survives a restart
    attempts: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    marker_token: str = Field(default="", sa_column_kwargs={"server_default": ""})
    # poster.outbox.SearchFrom as a dict: where the marker search after a crash starts
    search_from: dict[str, Any] | None = _json_col()
    # scraper.board.Attachment as {name, mime, data (base64)}: queued with the row, so what
    # was composed is what goes out, however late the flush (migration 0006)
    attachment: dict[str, Any] | None = _json_col()
    created_at: datetime | None = _utc_col()
    sent_at: datetime | None = _utc_col()
    # the sender sending the row now and when it last renewed (SqlOutbox.claim; 0007)
    claimed_by: str | None = None
    claimed_at: datetime | None = _utc_col()


class BanRow(SQLModel, table=True):
    """One removal (P-B.1); a player's ban length grows with his removal count."""

    __tablename__ = "bans"

    id: int | None = Field(default=None, primary_key=True)
    nick_key: str = Field(index=True)  # casefolded nick, so a ban survives case changes
    nick: str
    game_id: int | None = Field(default=None, foreign_key="games.id")
    removal_no: int
    games: int  # how many following games he sits out
    reason: str = ""
    at: datetime | None = _utc_col()


class AppliedOverride(SQLModel, table=True):
    __tablename__ = "applied_overrides"
    __table_args__ = (sa.UniqueConstraint("game_id", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    key: str
    kind: str
    description: str
    turn: int | None = None
    at: datetime | None = _utc_col()


# --------------------------------------------------------------------------------------------
# Access


@dataclass(frozen=True, slots=True)
class PostIn:
    """A post as read from a board page, to be stored (`Store.upsert_posts`)."""

    topic_id: int
    board_id: int
    author: str
    author_id: int | None
    posted_at: datetime | None
    body_html: str
    turn: int | None
    position: int | None = None
    edited_at: datetime | None = None
    record: dict[str, Any] | None = None


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
    record: dict[str, Any] | None = None  # the parser's Post record (to_json)
    revision_seen_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Ban:
    nick: str
    removals: int
    games_left: int


# --------------------------------------------------------------------------------------------
# Frozen dataclasses (engine state, parser records) to JSON and back, driven by type hints


_PLAIN = frozenset({str, int, float, bool, type(None)})
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # dataclass -> its field names


def to_json(value: Any) -> Any:
    """A JSON-able copy of a dataclass tree (tuples become lists, datetimes ISO strings)."""
    cls = type(value)
    if cls in _PLAIN:  # the bulk of a record's leaves: nothing to look up
        return value
    names = _FIELD_NAMES.get(cls)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(value))
    if names is not None:
        out = {}
        for name in names:  # plain leaves copied here: a call each cost a post's encoding
            v = getattr(value, name)
            out[name] = v if type(v) in _PLAIN else to_json(v)
        return out
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (list, tuple, frozenset, set)):
        return [to_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    return value


@functools.cache
def _hints(tp: type[Any]) -> dict[str, Any]:
    return typing.get_type_hints(tp)


def from_json(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from `to_json` output."""
    return _decoder(tp)(data)


_Decode = Callable[[Any], Any]
_DECODERS: dict[Any, _Decode] = {}


def _decoder(tp: Any) -> _Decode:
    """How to rebuild a `tp` from JSON, worked out once per type from its hints (reading the
    hints on every value cost more than the rest of a post's decoding). None is None for every
    type; a union tries its members in order and refuses a value none of them fits."""
    dec = _DECODERS.get(tp)
    if dec is None:
        inner = _build_decoder(tp)

        def dec(data: Any) -> Any:
            return None if data is None else inner(data)

        _DECODERS[tp] = dec
    return dec


def _build_decoder(tp: Any) -> _Decode:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        alts = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(alts) == 1:  # `X | None`: X's own error says what is wrong
            return _decoder(alts[0])
        return _union_decoder(alts)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _dataclass_decoder(tp)
    args: tuple[Any, ...] = typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _each(tuple, args[0])
        return _positional(args)
    if origin in (list, collections.abc.Sequence):
        return _each(list, args[0] if args else Any)
    if origin is frozenset:
        return _each(frozenset, args[0] if args else Any)
    if origin in (dict, collections.abc.Mapping):
        return _values(args[1] if len(args) == 2 else Any)
    if tp is datetime:
        return _datetime
    if tp in (int, float, str, bool):
        return _scalar(tp)
    if origin is typing.Literal:
        return _literal(args)
    return _same


def _same(data: Any) -> Any:
    return data


def _datetime(data: Any) -> datetime:
    if not isinstance(data, str):
        raise TypeError("datetime expected")
    return datetime.fromisoformat(data)


def _scalar(tp: type[Any]) -> _Decode:
    def dec(data: Any) -> Any:
        if not isinstance(data, tp) and not (tp is float and isinstance(data, int)):
            raise TypeError(f"{tp.__name__} expected, got {data!r}")
        return data

    return dec


def _union_decoder(alts: list[Any]) -> _Decode:
    """The first alternative the value fits; one that fits none (a role of no rule set in
    `GamblerRole | PeflRole`) is refused as a single `Literal` would refuse it."""

    def dec(data: Any) -> Any:
        errors: list[str] = []
        for a in alts:
            try:
                return _decoder(a)(data)
            except (TypeError, ValueError, KeyError) as e:
                errors.append(str(e))
        raise ValueError(f"{reprlib.repr(data)} fits none of: {'; '.join(errors)}")

    return dec


def _literal(words: tuple[Any, ...]) -> _Decode:
    """The engine's words (roles, causes, phases): a stored value outside them is refused
    here, where it comes in, rather than met later as a surprise by a rule."""

    def dec(data: Any) -> Any:
        if data not in words:
            raise ValueError(f"{data!r} is not one of {', '.join(map(repr, words))}")
        return data

    return dec


def _dataclass_decoder(tp: Any) -> _Decode:
    fields: list[tuple[str, _Decode]] = []  # filled on first use: a type may contain itself

    def dec(data: Any) -> Any:
        if not fields:
            hints = _hints(tp)
            fields[:] = [(f.name, _decoder(hints[f.name])) for f in dataclasses.fields(tp)]
        return tp(**{name: d(data[name]) for name, d in fields if name in data})

    return dec


def _each(kind: Callable[[Iterator[Any]], Any], item: Any) -> _Decode:
    def dec(data: Any) -> Any:
        d = _decoder(item)
        return kind(d(v) for v in data)

    return dec


def _positional(args: tuple[Any, ...]) -> _Decode:
    def dec(data: Any) -> Any:
        return tuple(_decoder(a)(v) for a, v in zip(args, data, strict=False))

    return dec


def _values(item: Any) -> _Decode:
    def dec(data: Any) -> Any:
        d = _decoder(item)
        return {k: d(v) for k, v in data.items()}

    return dec


def body_hash(html: str) -> str:
    return hashlib.sha256(html.encode("utf-8")).hexdigest()


class Store:
    """The daemon's database. Methods open their own short transaction unless given one."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine = create_engine(url, **kwargs)
        # the open unit of work of this thread (`transaction`), if any
        self._unit = threading.local()
        if url.startswith("sqlite"):
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)

    def close(self) -> None:
        self.engine.dispose()

    # -- schema ----------------------------------------------------------------------------

    def migrate(self) -> None:
        """Bring the schema to the newest migration (creates it in an empty database).

        A database already there is left alone without loading alembic: a daemon keeps what
        it imports for weeks, and alembic with its template engine is ~10 MB of it."""
        if self.schema_version() == SCHEMA_HEAD:
            return
        _plain_mako_errors()
        from alembic import command
        from alembic.config import Config as AlembicConfig

        cfg = AlembicConfig()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def schema_version(self) -> str | None:
        """The migration the database stands at (None: a database alembic never touched)."""
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(sa.text("SELECT version_num FROM alembic_version")).all()
        except sa.exc.DBAPIError:  # no such table: an empty database
            return None
        return str(rows[0][0]) if len(rows) == 1 else None

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A method's own short transaction — or, inside `transaction()`, the unit of work's
        session, committed with the rest of it."""
        shared: Session | None = getattr(self._unit, "session", None)
        if shared is not None:
            yield shared
            return
        with Session(self.engine, expire_on_commit=False) as s:
            try:
                yield s
                s.commit()
            except BaseException:
                s.rollback()
                raise

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """A unit of work: every method called inside shares one session and the writes of
        all of them are committed at the end at once, or — on any exception, or a crash —
        not at all. A transaction inside a transaction is part of the outer one."""
        if getattr(self._unit, "session", None) is not None:
            yield
            return
        with Session(self.engine, expire_on_commit=False) as s:
            self._unit.session = s
            try:
                yield
                s.commit()
            except BaseException:
                s.rollback()
                raise
            finally:
                self._unit.session = None

    # -- games and players -----------------------------------------------------------------

    def create_game(
        self,
        *,
        name: str,
        ruleset: str,
        topic_id: int,
        seed: int,
        court_topic_id: int | None = None,
        token: str = "",
        now: datetime | None = None,
    ) -> Game:
        with self.session() as s:
            g = Game(
                name=name,
                ruleset=ruleset,
                topic_id=topic_id,
                court_topic_id=court_topic_id,
                seed=seed,
                token=token,
                created_at=now or utcnow(),
            )
            s.add(g)
            s.flush()
            s.refresh(g)
            return g

    def find_game(self, topic_id: int) -> Game | None:
        """The newest game in a topic (a topic hosts one game; reruns make a new one)."""
        with self.session() as s:
            return s.exec(
                select(Game).where(Game.topic_id == topic_id).order_by(col(Game.id).desc())
            ).first()

    def get_game(self, game_id: int) -> Game:
        with self.session() as s:
            g = s.get(Game, game_id)
            if g is None:
                raise KeyError(f"no game {game_id}")
            return g

    def update_game(self, game_id: int, **values: Any) -> Game:
        with self.session() as s:
            g = s.get(Game, game_id)
            if g is None:
                raise KeyError(f"no game {game_id}")
            for k, v in values.items():
                setattr(g, k, v)
            s.add(g)
            s.flush()
            s.refresh(g)
            return g

    def add_players(self, game_id: int, nicks: Sequence[str]) -> None:
        with self.session() as s:
            have = {p.nick for p in s.exec(select(Player).where(Player.game_id == game_id))}
            for n in nicks:
                if n not in have:
                    s.add(Player(game_id=game_id, nick=n, account=n))

    def players(self, game_id: int) -> list[Player]:
        with self.session() as s:
            return list(
                s.exec(select(Player).where(Player.game_id == game_id).order_by(col(Player.id)))
            )

    def update_player(self, game_id: int, seat: str, **values: Any) -> None:
        """Change a seat's row (`values` may rename it: nick=…)."""
        with self.session() as s:
            p = s.exec(select(Player).where(Player.game_id == game_id, Player.nick == seat)).one()
            for k, v in values.items():
                setattr(p, k, v)
            s.add(p)

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
        record: dict[str, Any] | None = None,
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
        """Store a page's posts in one transaction (a few statements, not a few per post):
        "new", "edited" (a new revision) or "same" for each, in order."""
        now = now or utcnow()
        if not items:
            return []
        # SQLAlchemy Core, not the ORM: a first read stores a thousand pages, and the ORM's
        # per-object bookkeeping cost more than parsing them
        posts_t, revs_t = PostRow.__table__, PostRevision.__table__  # type: ignore[attr-defined]
        with self.engine.begin() as conn:
            ids = [it.board_id for it in items]
            known: dict[int, tuple[int, int | None, int]] = {}  # board id -> id, position, revs
            for r in conn.execute(
                sa.select(
                    posts_t.c.id, posts_t.c.board_id, posts_t.c.position, posts_t.c.revisions
                ).where(posts_t.c.game_id == game_id, posts_t.c.board_id.in_(ids))
            ):
                known[r.board_id] = (r.id, r.position, r.revisions)
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
            changed: dict[int, dict[str, Any]] = {}  # post row id -> columns to update
            revisions: list[dict[str, Any]] = []  # new revisions of known posts
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
                revisions.append(
                    {
                        "post_id": row_id,
                        "revision": revs,
                        "body_html": it.body_html,
                        "body_hash": h,
                        "record": it.record,
                        "edited_at": it.edited_at,
                        "seen_at": now,
                    }
                )
                out.append("edited")
            for row_id, values in changed.items():  # edits are few: one UPDATE each
                conn.execute(sa.update(posts_t).where(posts_t.c.id == row_id).values(**values))
            if fresh:
                # new posts (the bulk of a first read): two multi-row inserts
                new_ids = dict(
                    (board_id, pid)
                    for pid, board_id in conn.execute(
                        sa.insert(posts_t).returning(posts_t.c.id, posts_t.c.board_id),
                        [
                            {
                                "game_id": game_id,
                                "topic_id": it.topic_id,
                                "board_id": it.board_id,
                                "author": it.author,
                                "author_id": it.author_id,
                                "posted_at": it.posted_at,
                                "turn": it.turn,
                                "position": it.position,
                                "revisions": 1,
                                "first_seen": now,
                            }
                            for it, _h in fresh.values()
                        ],
                    )
                )
                revisions += [
                    {
                        "post_id": new_ids[it.board_id],
                        "revision": 1,
                        "body_html": it.body_html,
                        "body_hash": h,
                        "record": it.record,
                        "edited_at": it.edited_at,
                        "seen_at": now,
                    }
                    for it, h in fresh.values()
                ]
            if revisions:
                conn.execute(sa.insert(revs_t), revisions)
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
    ) -> Iterator[StoredPost]:
        """`posts`, read `batch` posts at a time (each batch its own short transaction, no
        cursor left open while the caller works): a turn of 20,000 posts is folded into a
        tally without ever being in memory at once.

        `colored_only` leaves out the posts stored once whose record has no coloured span,
        picked out by the database (its JSON functions) so that they are not even decoded."""
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
        after: int | None = None  # keyset paging on the board id: (game, board id) is unique
        while True:
            page = q if after is None else q.where(posts_t.c.board_id > after)
            with self.engine.connect() as conn:
                rows = conn.execute(page.order_by(posts_t.c.board_id).limit(batch)).all()
                if not rows:
                    return
                newest: dict[int, Any] = {}  # post row id -> its newest (visible) revision
                for each in conn.execute(
                    revs.where(revs_t.c.post_id.in_([r.id for r in rows])).order_by(
                        revs_t.c.revision.desc()
                    )
                ):
                    newest.setdefault(each.post_id, each)
            for r in rows:
                rev = newest.get(r.id)
                if rev is None:
                    continue
                yield StoredPost(
                    board_id=r.board_id,
                    topic_id=r.topic_id,
                    author=r.author,
                    author_id=r.author_id,
                    posted_at=r.posted_at,
                    turn=r.turn,
                    position=r.position,
                    body_html=rev.body_html,
                    revision=rev.revision,
                    record=rev.record,
                    revision_seen_at=rev.seen_at,
                )
            if len(rows) < batch:
                return
            after = rows[-1].board_id

    def _span_count(self, record: Any) -> Any:
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

    # -- PMs and moves ---------------------------------------------------------------------

    def upsert_pm(
        self,
        game_id: int,
        *,
        board_id: int,
        sender: str,
        subject: str,
        sent_at: datetime | None,
        body_html: str,
        text: str,
        turn: int | None,
        record: dict[str, Any] | None = None,
        now: datetime | None = None,
    ) -> bool:
        """Store a PM; True when it is new (PMs cannot be edited on the boards we serve)."""
        with self.session() as s:
            exists = s.exec(
                select(PMRow).where(PMRow.game_id == game_id, PMRow.board_id == board_id)
            ).first()
            if exists is not None:
                return False
            s.add(
                PMRow(
                    game_id=game_id,
                    board_id=board_id,
                    sender=sender,
                    subject=subject,
                    sent_at=sent_at,
                    body_html=body_html,
                    text=text,
                    record=record,
                    turn=turn,
                    seen_at=now or utcnow(),
                )
            )
            return True

    def pms(self, game_id: int, *, unhandled: bool = False) -> list[PMRow]:
        with self.session() as s:
            q = select(PMRow).where(PMRow.game_id == game_id)
            if unhandled:
                q = q.where(PMRow.handled == False)  # noqa: E712 (SQL comparison)
            return list(s.exec(q.order_by(col(PMRow.board_id))))

    def mark_pm_handled(self, game_id: int, board_id: int) -> None:
        with self.session() as s:
            pm = s.exec(
                select(PMRow).where(PMRow.game_id == game_id, PMRow.board_id == board_id)
            ).one()
            pm.handled = True
            s.add(pm)

    def add_move(self, move: MoveRow) -> MoveRow:
        with self.session() as s:
            s.add(move)
            s.flush()
            s.refresh(move)
            return move

    def moves(self, game_id: int, turn: int, *, status: str | None = None) -> list[MoveRow]:
        with self.session() as s:
            q = select(MoveRow).where(MoveRow.game_id == game_id, MoveRow.turn == turn)
            if status is not None:
                q = q.where(MoveRow.status == status)
            return list(s.exec(q.order_by(col(MoveRow.id))))

    def set_move_status(self, move_id: int, status: str, reason: str = "") -> None:
        with self.session() as s:
            m = s.get(MoveRow, move_id)
            if m is None:
                raise KeyError(move_id)
            m.status = status
            m.reason = reason
            s.add(m)

    # -- a resolved turn: state + events + outbox in ONE transaction -----------------------

    def commit_turn(
        self,
        game_id: int,
        *,
        turn: int,
        state: dict[str, Any] | None,
        events: Sequence[tuple[str, str, dict[str, Any]]],
        outbox: Sequence[OutboxRow] = (),
        game_values: dict[str, Any] | None = None,
        reported: Sequence[str] = (),
        deaths: Mapping[str, datetime] | None = None,
        new_turn_pages: bool = False,
        votes: tuple[str, Sequence[dict[str, Any]]] | None = None,
        now: datetime | None = None,
    ) -> None:
        """Record a turn's resolution atomically: a crash leaves either all of it or none.

        reported: the host notes of `turn` its report carries; deaths: when each seat left;
        new_turn_pages: the next turn's posts start on the page each topic cursor stands on;
        votes: ("turn/phase", the votes that phase counted) for the game's vote record."""
        now = now or utcnow()
        with self.session() as s:
            g = s.get(Game, game_id)
            if g is None:
                raise KeyError(game_id)
            if state is not None:
                g.state = state
            for k, v in (game_values or {}).items():
                setattr(g, k, v)
            s.add(g)
            start = s.exec(
                select(sa.func.count())
                .select_from(EventRow)
                .where(EventRow.game_id == game_id, EventRow.turn == turn)
            ).one()
            for i, (kind, audience, payload) in enumerate(events):
                s.add(
                    EventRow(
                        game_id=game_id,
                        turn=turn,
                        seq=int(start) + i,
                        kind=kind,
                        audience=audience,
                        payload=payload,
                        at=now,
                    )
                )
            for row in outbox:
                self._enqueue(s, game_id, row, now)
            for text in reported:
                flag = self._flag_row(s, game_id, turn, text)
                if flag is None:
                    s.add(
                        HostFlag(game_id=game_id, turn=turn, text=text, raised=False, reported=True)
                    )
                else:
                    flag.reported = True
                    s.add(flag)
            for nick, at in (deaths or {}).items():
                p = s.exec(
                    select(Player).where(Player.game_id == game_id, Player.nick == nick)
                ).first()
                if p is not None:
                    p.died_at = at
                    s.add(p)
            if new_turn_pages:
                for tc in s.exec(select(TopicCursorRow).where(TopicCursorRow.game_id == game_id)):
                    tc.turn_start_page = int((tc.cursor or {}).get("page", 1))
                    s.add(tc)
            if votes is not None:
                tag, counted = votes
                rec = s.exec(
                    select(VoteRecordRow).where(
                        VoteRecordRow.game_id == game_id, VoteRecordRow.tag == tag
                    )
                ).first() or VoteRecordRow(game_id=game_id, tag=tag)
                rec.votes = list(counted)
                s.add(rec)

    # -- bookkeeping: cursors, host flags, seen PMs, interim counts --------------------------

    def topic_cursors(self, game_id: int) -> dict[int, TopicCursorRow]:
        with self.session() as s:
            rows = s.exec(select(TopicCursorRow).where(TopicCursorRow.game_id == game_id))
            return {r.topic_id: r for r in rows}

    def save_topic_cursor(self, game_id: int, topic_id: int, cursor: dict[str, Any]) -> None:
        with self.session() as s:
            row = s.exec(
                select(TopicCursorRow).where(
                    TopicCursorRow.game_id == game_id, TopicCursorRow.topic_id == topic_id
                )
            ).first()
            row = row or TopicCursorRow(game_id=game_id, topic_id=topic_id)
            row.cursor = cursor
            s.add(row)

    @staticmethod
    def _flag_row(s: Session, game_id: int, turn: int, text: str) -> HostFlag | None:
        return s.exec(
            select(HostFlag).where(
                HostFlag.game_id == game_id, HostFlag.turn == turn, HostFlag.text == text
            )
        ).first()

    def add_flag(self, game_id: int, turn: int, text: str) -> bool:
        """Raise a note for the host in `turn`; False when it was raised already."""
        with self.session() as s:
            row = self._flag_row(s, game_id, turn, text)
            if row is not None and row.raised:
                return False
            row = row or HostFlag(game_id=game_id, turn=turn, text=text)
            row.raised = True
            s.add(row)
            return True

    def host_flags(self, game_id: int, turn: int) -> list[HostFlag]:
        """The notes raised in `turn`, in the order they were raised."""
        with self.session() as s:
            return list(
                s.exec(
                    select(HostFlag)
                    .where(HostFlag.game_id == game_id, HostFlag.turn == turn, col(HostFlag.raised))
                    .order_by(col(HostFlag.id))
                )
            )

    def reported_flags(self, game_id: int, turn: int) -> set[str]:
        with self.session() as s:
            rows = s.exec(
                select(HostFlag).where(
                    HostFlag.game_id == game_id, HostFlag.turn == turn, col(HostFlag.reported)
                )
            )
            return {r.text for r in rows}

    def seen_pms(self, game_id: int) -> list[int]:
        with self.session() as s:
            return [r.board_id for r in s.exec(select(SeenPM).where(SeenPM.game_id == game_id))]

    def mark_pms_seen(self, game_id: int, board_ids: Sequence[int]) -> None:
        with self.session() as s:
            known = set(
                s.exec(
                    select(SeenPM.board_id).where(
                        SeenPM.game_id == game_id, col(SeenPM.board_id).in_(list(board_ids))
                    )
                )
            )
            for b in dict.fromkeys(board_ids):
                if b not in known:
                    s.add(SeenPM(game_id=game_id, board_id=b))

    def vote_count(self, game_id: int, tag: str) -> VoteCountRow | None:
        with self.session() as s:
            return s.exec(
                select(VoteCountRow).where(VoteCountRow.game_id == game_id, VoteCountRow.tag == tag)
            ).first()

    def save_vote_count(self, game_id: int, tag: str, votes: int, at: datetime) -> None:
        with self.session() as s:
            row = s.exec(
                select(VoteCountRow).where(VoteCountRow.game_id == game_id, VoteCountRow.tag == tag)
            ).first()
            row = row or VoteCountRow(game_id=game_id, tag=tag)
            row.votes, row.at = votes, at
            s.add(row)

    def vote_records(self, game_id: int) -> dict[str, list[dict[str, Any]]]:
        """The votes each closed phase counted, by "turn/phase" (see `commit_turn`)."""
        with self.session() as s:
            rows = s.exec(select(VoteRecordRow).where(VoteRecordRow.game_id == game_id))
            return {r.tag: list(r.votes or []) for r in rows}

    def deaths(self, game_id: int) -> dict[str, datetime]:
        """When each seat left the game (the deadline that removed him)."""
        with self.session() as s:
            rows = s.exec(select(Player).where(Player.game_id == game_id))
            return {p.nick: p.died_at for p in rows if p.died_at is not None}

    def events(self, game_id: int, turn: int | None = None) -> list[EventRow]:
        with self.session() as s:
            q = select(EventRow).where(EventRow.game_id == game_id)
            if turn is not None:
                q = q.where(EventRow.turn == turn)
            return list(s.exec(q.order_by(col(EventRow.turn), col(EventRow.seq))))

    # -- outbox ----------------------------------------------------------------------------

    @staticmethod
    def _enqueue(s: Session, game_id: int, row: OutboxRow, now: datetime) -> bool:
        k = row.key
        same = s.exec(
            select(OutboxDBRow).where(
                OutboxDBRow.game_id == game_id,
                OutboxDBRow.turn == k.turn,
                OutboxDBRow.kind == k.kind,
                OutboxDBRow.recipient == k.recipient,
            )
        ).first()
        if same is not None:
            return False
        s.add(
            OutboxDBRow(
                game_id=game_id,
                turn=k.turn,
                kind=k.kind,
                recipient=k.recipient,
                channel=row.channel,
                text=row.text,
                subject=row.subject,
                topic_id=row.topic_id,
                recipients=list(row.recipients),
                status=row.status,
                board_ids=list(row.board_ids),
                in_flight_part=row.in_flight_part,
                error=row.error,
                marker_token=row.marker_token,
                search_from=None if row.search_from is None else to_json(row.search_from),
                attachment=_attachment_json(row.attachment),
                created_at=now,
            )
        )
        return True

    def outbox(
        self, game_id: int, stamp: Callable[[OutboxRow], OutboxRow] | None = None
    ) -> SqlOutbox:
        """The game's outbox as the poster's `Outbox` protocol (`stamp`: see SqlOutbox)."""
        return SqlOutbox(self, game_id, stamp)

    # -- bans (P-B.1) ----------------------------------------------------------------------

    def record_removal(
        self, nick: str, game_id: int | None, reason: str, now: datetime | None = None
    ) -> BanRow:
        """A removal for passivity or rule-breaking: the n-th earns `ban_games(n)` (P-B.1)."""
        key = nick.casefold()
        with self.session() as s:
            n = s.exec(
                select(sa.func.count()).select_from(BanRow).where(BanRow.nick_key == key)
            ).one()
            if game_id is not None:
                dup = s.exec(
                    select(BanRow).where(BanRow.nick_key == key, BanRow.game_id == game_id)
                ).first()
                if dup is not None:  # one removal per game: re-recording changes nothing
                    return dup
            no = int(n) + 1
            row = BanRow(
                nick_key=key,
                nick=nick,
                game_id=game_id,
                removal_no=no,
                games=engine_bans.ban_games(no),
                reason=reason,
                at=now or utcnow(),
            )
            s.add(row)
            s.flush()
            s.refresh(row)
            return row

    def ban(self, nick: str, current_game: int | None = None) -> Ban | None:
        """The player's ban: games started since his last removal (before `current_game`,
        the one he wants to join) are the games he has sat out."""
        key = nick.casefold()
        with self.session() as s:
            last = s.exec(
                select(BanRow).where(BanRow.nick_key == key).order_by(col(BanRow.removal_no).desc())
            ).first()
            if last is None:
                return None
            q = select(sa.func.count()).select_from(Game)
            if last.game_id is not None:
                q = q.where(col(Game.id) > last.game_id)
            elif last.at is not None:
                q = q.where(col(Game.created_at) > last.at)
            if current_game is not None:
                q = q.where(col(Game.id) < current_game)
            played = int(s.exec(q).one())
            left = last.games - played
            if left <= 0:
                return None
            return Ban(nick=last.nick, removals=last.removal_no, games_left=left)

    # -- overrides -------------------------------------------------------------------------

    def override_applied(self, game_id: int, key: str) -> bool:
        with self.session() as s:
            return (
                s.exec(
                    select(AppliedOverride).where(
                        AppliedOverride.game_id == game_id, AppliedOverride.key == key
                    )
                ).first()
                is not None
            )

    def mark_override(
        self,
        game_id: int,
        key: str,
        kind: str,
        description: str,
        turn: int | None,
        now: datetime | None = None,
    ) -> bool:
        with self.session() as s:
            if s.exec(
                select(AppliedOverride).where(
                    AppliedOverride.game_id == game_id, AppliedOverride.key == key
                )
            ).first():
                return False
            s.add(
                AppliedOverride(
                    game_id=game_id,
                    key=key,
                    kind=kind,
                    description=description,
                    turn=turn,
                    at=now or utcnow(),
                )
            )
            return True

    def applied_overrides(self, game_id: int, turn: int | None = None) -> list[AppliedOverride]:
        with self.session() as s:
            q = select(AppliedOverride).where(AppliedOverride.game_id == game_id)
            if turn is not None:
                q = q.where(AppliedOverride.turn == turn)
            return list(s.exec(q.order_by(col(AppliedOverride.id))))


def _to_row(r: OutboxDBRow, game: str) -> OutboxRow:
    return OutboxRow(
        key=OutboxKey(game=game, turn=r.turn, kind=r.kind, recipient=r.recipient),
        channel="pm" if r.channel == "pm" else "newtopic" if r.channel == "newtopic" else "topic",
        text=r.text,
        subject=r.subject,
        topic_id=r.topic_id,
        recipients=tuple(r.recipients or ()),
        status="sent" if r.status == "sent" else "failed" if r.status == "failed" else "pending",
        board_ids=tuple(r.board_ids or ()),
        in_flight_part=r.in_flight_part,
        error=r.error,
        attempts=r.attempts or 0,
        marker_token=r.marker_token or "",
        search_from=None if r.search_from is None else from_json(SearchFrom, r.search_from),
        attachment=_attachment_of(r.attachment),
        claimed_by=r.claimed_by,
        claimed_at=r.claimed_at,
    )


def _attachment_json(a: Attachment | None) -> dict[str, Any] | None:
    if a is None:
        return None
    return {"name": a.name, "mime": a.mime, "data": base64.b64encode(a.data).decode("ascii")}


def _attachment_of(d: dict[str, Any] | None) -> Attachment | None:
    if not d:
        return None
    return Attachment(str(d["name"]), base64.b64decode(d["data"]), str(d.get("mime", "")))


class SqlOutbox:
    """The poster's `Outbox` protocol on the store: one transaction per call, so the
    begin/record steps around each submit survive a crash (poster.poster explains why)."""

    def __init__(
        self,
        store: Store,
        game_id: int,
        stamp: Callable[[OutboxRow], OutboxRow] | None = None,
    ) -> None:
        self.store = store
        self.game_id = game_id
        self.game = str(game_id)
        # the daemon's: puts the game's token and the board's position on a row being queued
        self.stamp = stamp

    def _find(self, s: Session, key: OutboxKey) -> OutboxDBRow | None:
        return s.exec(
            select(OutboxDBRow).where(
                OutboxDBRow.game_id == self.game_id,
                OutboxDBRow.turn == key.turn,
                OutboxDBRow.kind == key.kind,
                OutboxDBRow.recipient == key.recipient,
            )
        ).first()

    def _must(self, s: Session, key: OutboxKey) -> OutboxDBRow:
        r = self._find(s, key)
        if r is None:
            raise KeyError(f"no outbox row {key}")
        return r

    def add(self, row: OutboxRow) -> bool:
        if self.stamp is not None:
            row = self.stamp(row)
        with self.store.session() as s:
            return Store._enqueue(s, self.game_id, row, utcnow())

    def get(self, key: OutboxKey) -> OutboxRow | None:
        with self.store.session() as s:
            r = self._find(s, key)
            return None if r is None else _to_row(r, self.game)

    def pending(self) -> list[OutboxRow]:
        with self.store.session() as s:
            rows = s.exec(
                select(OutboxDBRow)
                .where(OutboxDBRow.game_id == self.game_id, OutboxDBRow.status == "pending")
                .order_by(col(OutboxDBRow.id))
            )
            return [_to_row(r, self.game) for r in rows]

    def all(self) -> list[OutboxRow]:
        with self.store.session() as s:
            rows = s.exec(
                select(OutboxDBRow)
                .where(OutboxDBRow.game_id == self.game_id)
                .order_by(col(OutboxDBRow.id))
            )
            return [_to_row(r, self.game) for r in rows]

    def refresh_unsent(self, key: OutboxKey, text: str) -> bool:
        """Replace the text of a row nothing of which has gone out yet (pending, no part
        begun or recorded): a recomputed message, such as the live vote count queued before a
        crash, goes out as it stands now. False, and no change, for any other row."""
        with self.store.session() as s:
            r = self._must(s, key)
            if r.status != "pending" or r.in_flight_part is not None or r.board_ids:
                return False
            r.text = text
            s.add(r)
            return True

    def begin_part(self, key: OutboxKey, part: int) -> None:
        with self.store.session() as s:
            r = self._must(s, key)
            r.in_flight_part = part
            s.add(r)

    def record_part(self, key: OutboxKey, part: int, board_id: int) -> None:
        with self.store.session() as s:
            r = self._must(s, key)
            ids = list(r.board_ids or ())
            if part >= len(ids):  # already recorded: keep the first id
                r.board_ids = [*ids, board_id]
            r.in_flight_part = None
            s.add(r)

    def mark_sent(self, key: OutboxKey) -> None:
        with self.store.session() as s:
            r = self._must(s, key)
            r.status = "sent"
            r.in_flight_part = None
            r.sent_at = utcnow()
            s.add(r)

    def mark_failed(self, key: OutboxKey, error: str) -> None:
        with self.store.session() as s:
            r = self._must(s, key)
            r.status = "failed"
            r.error = error[:2000]
            s.add(r)

    def note_attempt(self, key: OutboxKey, error: str) -> int:
        """`poster.outbox.CountsAttempts`: one more refused try, in its own transaction."""
        with self.store.session() as s:
            r = self._must(s, key)
            r.attempts = (r.attempts or 0) + 1
            r.error = error[:2000]
            s.add(r)
            return r.attempts

    def _where_key(self, key: OutboxKey) -> list[Any]:
        t = OutboxDBRow
        return [
            col(t.game_id) == self.game_id,
            col(t.turn) == key.turn,
            col(t.kind) == key.kind,
            col(t.recipient) == key.recipient,
        ]

    def claim(
        self,
        key: OutboxKey,
        owner: str,
        now: datetime,
        stale: timedelta,
        dead: str | None = None,
    ) -> bool:
        """`poster.outbox.Claims`: one conditional UPDATE, so of two senders claiming at once
        the database lets exactly one through (the other's WHERE no longer matches)."""
        t = OutboxDBRow
        free = sa.or_(
            col(t.claimed_by).is_(None),
            col(t.claimed_by).in_([owner] if dead is None else [owner, dead]),
            col(t.claimed_at).is_(None),
            col(t.claimed_at) < now - stale,
        )
        stmt = (
            sa.update(t)
            .where(*self._where_key(key), col(t.status) == "pending", free)
            .values(claimed_by=owner, claimed_at=now)
        )
        with self.store.session() as s:
            result = s.execute(stmt)
            return bool(result.rowcount == 1)  # type: ignore[attr-defined]

    def release(self, key: OutboxKey, owner: str) -> None:
        t = OutboxDBRow
        stmt = (
            sa.update(t)
            .where(*self._where_key(key), col(t.claimed_by) == owner)
            .values(claimed_by=None, claimed_at=None)
        )
        with self.store.session() as s:
            s.execute(stmt)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    # WAL + synchronous=NORMAL: a commit survives a crash of the process (what exactly-once
    # needs) without an fsync per transaction; only a power cut may lose the last one.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def open_store(url: str) -> Store:
    """Open and migrate a store (what the daemon, status and demo all call)."""
    st = Store(url)
    st.migrate()
    return st
