"""The store's tables (sqlmodel), and the column types they share.

The schema itself is made by the migrations (`mafiabot/migrations`); these classes are how the
code reads and writes the rows.

Every row's `id` is typed `int`: it is None only between a row's making and its insert, and
both happen inside the store, so every row the store hands out (a `Game` above all) carries
its id. JSON columns are typed by what they hold (`codec.JsonObject`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Dialect
from sqlmodel import Field, SQLModel

from mafiabot.store.codec import JsonObject


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


# sqlmodel's `Field` is typed Any: it stands in for the column's default in a class body
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

    id: int = Field(default=None, primary_key=True)
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
    state: JsonObject | None = _json_col()  # the engine's state snapshot
    config_fingerprint: str = ""
    # random, made once at creation (poster.outbox.new_game_token): in every marker of the
    # game's messages, so another game's posts (a fresh database, a second bot) are not ours
    token: str = Field(default="", sa_column_kwargs={"server_default": ""})
    # the daemon's last tick, for `mafiabot status` (which reads only the database)
    last_tick_at: datetime | None = _utc_col()
    last_tick_ok: bool | None = None
    last_tick_result: str = Field(default="", sa_column_kwargs={"server_default": ""})
    # the board's engine as the bot met it ("phpbb", "ipb"; "" not yet): the host's views
    # link to the board by it when the config leaves `[board] kind` to detection ("auto")
    board_kind: str = Field(default="", sa_column_kwargs={"server_default": ""})
    winner: str | None = None
    created_at: datetime | None = _utc_col()
    finished_at: datetime | None = _utc_col()


class Player(SQLModel, table=True):
    __tablename__ = "players"
    __table_args__ = (sa.UniqueConstraint("game_id", "nick"),)

    id: int = Field(default=None, primary_key=True)
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

    id: int = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    topic_id: int
    cursor: JsonObject | None = _json_col()  # the board client's TopicCursor (to_json)
    turn_start_page: int | None = None


class HostFlag(SQLModel, table=True):
    """A note for the host in a turn: raised while the turn ran (a flag), and whether a host
    report already carried it (notes of the deadline itself are recorded as reported)."""

    __tablename__ = "host_flags"
    __table_args__ = (sa.UniqueConstraint("game_id", "turn", "text"),)

    id: int = Field(default=None, primary_key=True)
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

    id: int = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    board_id: int


class VoteCountRow(SQLModel, table=True):
    """The last interim vote count of a phase ("turn/phase"): how many votes it showed, when."""

    __tablename__ = "vote_counts"
    __table_args__ = (sa.UniqueConstraint("game_id", "tag"),)

    id: int = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    tag: str
    votes: int = 0
    at: datetime | None = _utc_col()


class VoteRecordRow(SQLModel, table=True):
    """The votes counted in one closed phase ("turn/phase"), in order: the final post prints
    the whole game's record (who voted for whom) from these."""

    __tablename__ = "vote_records"
    __table_args__ = (sa.UniqueConstraint("game_id", "tag"),)

    id: int = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    tag: str
    votes: list[JsonObject] | None = _json_col()


class TallyRow(SQLModel, table=True):
    """The live tally of a phase ("turn/phase"), kept as posts arrive (`store.tallies`): what
    the vote reader made of the phase's topic up to the post `through`, and `key`, the
    fingerprint of everything else it read by (state, seats, rules, calendar). A tally whose
    key no longer matches, or that a later revision voids, is read again from the phase's
    first post."""

    __tablename__ = "tallies"
    __table_args__ = (sa.UniqueConstraint("game_id", "tag"),)

    id: int = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    tag: str
    topic_id: int
    key: str = ""
    through: int | None = None  # the highest board id read (None: no post yet)
    # the highest post_revisions id when it was kept: a revision above it of a post at or
    # below `through` (an edit, a post seen late) voids it
    revisions_through: int | None = None
    kind: str = ""
    votes: list[JsonObject] | None = _json_col()  # engine Votes (to_json), in the order cast
    agreed: JsonObject | None = _json_col()  # P-V.2: post id → target of its accepted vote
    notes: list[str] | None = _json_col()  # for the host (edits after the deadline)


class TallyRejectionRow(SQLModel, table=True):
    """A vote the live tally refused (an engine `InputRejected`, to_json), in reading order."""

    __tablename__ = "tally_rejections"

    id: int = Field(default=None, primary_key=True)
    tally_id: int = Field(foreign_key="tallies.id", index=True)
    record: JsonObject | None = _json_col()


class PostRow(SQLModel, table=True):
    __tablename__ = "posts"
    __table_args__ = (sa.UniqueConstraint("game_id", "board_id"),)

    id: int = Field(default=None, primary_key=True)
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

    id: int = Field(default=None, primary_key=True)
    post_id: int = Field(foreign_key="posts.id", index=True)
    revision: int
    body_html: str
    body_hash: str
    record: JsonObject | None = _json_col()  # the parser's Post record (to_json)
    edited_at: datetime | None = _utc_col()  # from the board's edit note, when shown
    seen_at: datetime | None = _utc_col()


class PMRow(SQLModel, table=True):
    __tablename__ = "pms"
    __table_args__ = (sa.UniqueConstraint("game_id", "board_id"),)

    id: int = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    board_id: int
    sender: str
    subject: str = ""
    sent_at: datetime | None = _utc_col()
    body_html: str = ""
    text: str = ""
    record: JsonObject | None = _json_col()  # the parser's PrivateMessage record
    turn: int | None = None
    handled: bool = False  # acknowledged or refused already
    seen_at: datetime | None = _utc_col()


class MoveRow(SQLModel, table=True):
    __tablename__ = "moves"

    id: int = Field(default=None, primary_key=True)
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

    id: int = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    turn: int
    seq: int
    kind: str
    audience: str  # "public" | "host" | a player's nick
    payload: JsonObject | None = _json_col()
    at: datetime | None = _utc_col()


class OutboxDBRow(SQLModel, table=True):
    """A `poster.outbox.OutboxRow` as stored; the poster adds the marker when it sends."""

    __tablename__ = "outbox"
    __table_args__ = (sa.UniqueConstraint("game_id", "turn", "kind", "recipient"),)

    id: int = Field(default=None, primary_key=True)
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
    search_from: JsonObject | None = _json_col()
    # scraper.board.Attachment as {name, mime, data (base64)}: queued with the row, so what
    # was composed is what goes out, however late the flush (migration 0006)
    attachment: JsonObject | None = _json_col()
    created_at: datetime | None = _utc_col()
    sent_at: datetime | None = _utc_col()
    # the sender sending the row now and when it last renewed (SqlOutbox.claim; 0007)
    claimed_by: str | None = None
    claimed_at: datetime | None = _utc_col()


class BanRow(SQLModel, table=True):
    """One removal (P-B.1); a player's ban length grows with his removal count."""

    __tablename__ = "bans"

    id: int = Field(default=None, primary_key=True)
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

    id: int = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    key: str
    kind: str
    description: str
    turn: int | None = None
    at: datetime | None = _utc_col()
