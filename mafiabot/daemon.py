"""The daemon loop: one `tick(now)` after another, driven by a `schedule.Scheduler`.

A tick (ARCHITECTURE.md "Data flow"):

1. re-read the config if the file changed; new `[[override]]` tables are logged, recorded
   once in the store and applied from now on (C-6);
2. before the start: read sign-ups from the registration topic; at the start: deal roles
   (seeded), send role PMs, post the start message with the SHA-256 commitment;
3. poll the game (and court) topic from the stored cursor and the inbox; store posts by board
   id (an edit is a new revision) and PMs; flag what the host should see;
4. acknowledge or refuse each new move by PM (checked against the engine);
5. recompute the turn's tally from every stored post and post / edit the interim count;
6. at a deadline: re-read the turn's pages, build the turn's inputs as of the deadline, run
   `engine.step`, and commit state + events + outbox rows in one transaction;
7. flush the outbox through the poster (exactly once; markers cover a crash mid-send).

Everything a tick decides is recomputed from the store, so a crash anywhere loses nothing: the
next tick redoes what was not committed and the outbox keys stop anything going out twice.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import secrets
import signal
import sys
import threading
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TextIO

import schedule
from rich.console import Console
from rich.progress import track

from engine import Event, GameState, Move, RuleSet, TurnInputs, get_ruleset, step
from engine import events as ev
from engine.actions import InputRejected, Vote
from engine.common import take_moves
from engine.dealing import deal
from engine.state import Seat
from mafiabot.config import Config, ConfigError, gambler_deadlines, load_config
from mafiabot.dbfile import cookie_path
from mafiabot.newspaper import Renderer, commitment, event_dict, role_label
from mafiabot.store import Game, MoveRow, SqlOutbox, Store, StoredPost, from_json, to_json
from parser.moves import DEAD, NOT_A_PLAYER, has_action_word, move_from_pm
from parser.nicks import casefold_key
from parser.pages import parse_pm, parse_topic
from parser.records import Post, PrivateMessage, TopicPage
from parser.votes import VoteOptions, extract_court_votes, extract_votes
from poster.outbox import OutboxKey, OutboxRow
from poster.poster import Poster
from scraper.board import (
    BoardClient,
    FetchedPM,
    PMRef,
    PMResult,
    PostResult,
    RawPage,
    TopicCursor,
    TopicPageFetch,
    TopicPoll,
)
from scraper.errors import LoginFailed, ScraperError

log = logging.getLogger(__name__)

MAX_BACKOFF = 3600.0


def utcnow() -> datetime:
    return datetime.now(UTC)


# --------------------------------------------------------------------------------------------
# Dry run: reads go to the board, writes are printed


class DryRunClient:
    """A `BoardClient` that reads through `inner` and prints every write instead of sending.

    The daemon uses a separate database in dry-run mode, so nothing printed here is recorded
    as sent in the real one.
    """

    def __init__(self, inner: BoardClient | None, out: TextIO) -> None:
        self.inner = inner
        self.out = out
        self.max_message_length: int | None = None
        self._next = 0

    def _id(self) -> int:
        self._next -= 1
        return self._next

    def login(self) -> None:
        if self.inner is not None:
            self.inner.login()

    def close(self) -> None:
        if self.inner is not None:
            self.inner.close()

    def poll_topic(self, cursor: TopicCursor) -> TopicPoll:
        if self.inner is None:
            return TopicPoll((), (), cursor)
        return self.inner.poll_topic(cursor)

    def read_topic_pages(
        self, topic_id: int, first_page: int = 1, last_page: int | None = None
    ) -> list[TopicPageFetch]:
        if self.inner is None:
            return []
        return self.inner.read_topic_pages(topic_id, first_page, last_page)

    def list_pm_folder(self, folder: str = "inbox") -> list[PMRef]:
        return [] if self.inner is None else self.inner.list_pm_folder(folder)

    def read_pm(self, msg_id: int, folder: str = "inbox") -> RawPage:
        if self.inner is None:
            raise KeyError(msg_id)
        return self.inner.read_pm(msg_id, folder)

    def fetch_unread_pms(
        self, skip: Collection[int] = (), newer_than: int | None = None
    ) -> list[FetchedPM]:
        return [] if self.inner is None else self.inner.fetch_unread_pms(skip, newer_than)

    def find_post_with_marker(
        self, topic_id: int, marker: str, since: TopicCursor | None = None
    ) -> int | None:
        return None

    def find_sent_pm_with_marker(self, subject: str, marker: str) -> int | None:
        return None

    def post_reply(self, topic_id: int, text: str, subject: str | None = None) -> PostResult:
        print(f"===== post to topic {topic_id} =====\n{text}\n", file=self.out)
        return PostResult(self._id(), "")

    def new_topic(self, forum_id: int, subject: str, text: str) -> int:
        print(f"===== new topic in forum {forum_id}: {subject} =====\n{text}\n", file=self.out)
        return self._id()

    def find_topic_with_marker(self, forum_id: int, subject: str, marker: str) -> int | None:
        return None

    def edit_post(self, post_id: int, text: str, subject: str | None = None) -> PostResult:
        print(f"===== edit of post {post_id} =====\n{text}\n", file=self.out)
        return PostResult(post_id, "")

    def send_pm(self, recipients: Sequence[str], subject: str, text: str) -> PMResult:
        print(f"===== PM to {', '.join(recipients)}: {subject} =====\n{text}\n", file=self.out)
        return PMResult(self._id(), tuple(recipients))


def detect_kind(url: str, transport: Any = None) -> str:
    """`board.kind = "auto"`: fetch the board's index once and name its engine."""
    import httpx

    from parser.pages import detect_board

    try:
        with httpx.Client(transport=transport, timeout=30, follow_redirects=True) as http:
            html = http.get(url, headers={"User-Agent": "mafiabot/0.1 (board check)"}).text
    except httpx.HTTPError as exc:
        raise ConfigError("board", [("board.url", f"the board does not answer: {exc}")]) from exc
    name = detect_board(html)
    if name is None:
        raise ConfigError("board", [("board.kind", "could not tell the board engine; set it")])
    return "phpbb" if name == "phpbb" else "ipb"


def make_client(cfg: Config, transport: Any = None) -> BoardClient:
    """The board client for `[board]`: phpBB or IPB (`auto` looks at the board first)."""
    base = cfg.board.url if cfg.board.url.endswith("/") else cfg.board.url + "/"
    kind = cfg.board.kind if cfg.board.kind != "auto" else detect_kind(base, transport)
    cookies = cookie_path(cfg.database_url, cfg.path)  # state, not config: out of /etc
    if kind == "ipb":
        from scraper.ipb import IpbClient, IpbSettings

        return IpbClient(
            IpbSettings(
                base_url=base,
                username=cfg.board.username,
                password=cfg.board.password(),
                tz=cfg.board.timezone,
                cookie_file=cookies,
                min_interval=cfg.board.request_delay,
                selectors=dict(cfg.board.selectors),
            ),
            transport=transport,
        )
    from scraper.phpbb import PhpbbClient, PhpbbSettings

    settings = PhpbbSettings(
        base_url=base,
        username=cfg.board.username,
        password=cfg.board.password(),
        cookie_file=cookies,
        min_interval=cfg.board.request_delay,
    )
    return PhpbbClient(settings, transport=transport)


# --------------------------------------------------------------------------------------------
# The daemon


@dataclass
class TickReport:
    """What one tick did (for logs, `--once` and tests)."""

    new_posts: int = 0
    edited_posts: int = 0
    new_pms: int = 0
    closed: list[str] = field(default_factory=list)  # "turn/phase" of deadlines closed
    sent: int = 0
    started: bool = False


class Daemon:
    """Hosts one game: the config's topic. All state lives in the store."""

    def __init__(
        self,
        cfg: Config,
        store: Store,
        client: BoardClient,
        *,
        renderer: Renderer | None = None,
        config_loader: Callable[[Path], Config] = load_config,
        salt: Callable[[], str] = lambda: secrets.token_hex(8),
    ) -> None:
        self.cfg = cfg
        self.store = store
        self.client = client
        self.renderer = renderer or Renderer(cfg.game.template_dir, cfg.game.language)
        self._load = config_loader
        self._salt = salt  # random in production: players cannot brute-force the deal
        self._fingerprint = self._file_fingerprint()
        self._failures = 0
        self._not_before: datetime | None = None
        self._logged_in = False
        self.rules: RuleSet = self._make_rules()

    # -- set-up --------------------------------------------------------------------------

    def _make_rules(self) -> RuleSet:
        settings = self.cfg.rules
        if self.cfg.game.roles:
            n = str(sum(self.cfg.game.roles.values()))
            settings = dataclasses.replace(
                settings, role_tables={**settings.role_tables, n: dict(self.cfg.game.roles)}
            )
        return get_ruleset(self.cfg.game.ruleset, settings)

    def _file_fingerprint(self) -> str:
        try:
            return self.cfg.fingerprint()
        except OSError:
            return ""

    @property
    def tz(self) -> Any:
        return self.cfg.board.tz

    @property
    def host_accounts(self) -> set[str]:
        return {casefold_key(n) for n in (self.cfg.board.username, *self.cfg.game.host_nicks)}

    @property
    def host_recipient(self) -> str:
        return self.cfg.game.host_nicks[0] if self.cfg.game.host_nicks else self.cfg.board.username

    def game(self) -> Game:
        g = self.store.find_game(self.cfg.game.topic)
        if g is None:
            g = self.store.create_game(
                name=self.cfg.game.name,
                ruleset=self.cfg.game.ruleset,
                topic_id=self.cfg.game.topic,
                court_topic_id=self.cfg.game.court_topic,
                seed=self.cfg.game.seed,
            )
            log.info("new game %s in topic %d (%s)", g.id, g.topic_id, g.ruleset)
        return g

    def outbox(self, g: Game) -> SqlOutbox:
        assert g.id is not None
        return self.store.outbox(g.id)

    # -- the loop ------------------------------------------------------------------------

    def run(
        self,
        stop: threading.Event | None = None,
        clock: Callable[[], datetime] = utcnow,
        max_ticks: int | None = None,
    ) -> None:
        """Tick every `poll_interval` seconds until `stop` is set (SIGTERM/SIGINT set it)."""
        stop = stop or threading.Event()
        previous: dict[signal.Signals, Any] = {}
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGTERM, signal.SIGINT):
                previous[sig] = signal.signal(sig, lambda *_: stop.set())
        try:
            self._loop(stop, clock, max_ticks)
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def _loop(
        self, stop: threading.Event, clock: Callable[[], datetime], max_ticks: int | None
    ) -> None:
        scheduler = schedule.Scheduler()
        ticks = 0

        def job() -> None:
            nonlocal ticks
            ticks += 1
            self.safe_tick(clock())

        scheduler.every(self.cfg.board.poll_interval).seconds.do(job)
        try:
            job()  # at once, not after the first interval
            while not stop.is_set() and (max_ticks is None or ticks < max_ticks):
                scheduler.run_pending()
                if self.finished():
                    log.info("the game is over and everything is sent: stopping")
                    break
                stop.wait(1.0)
        finally:
            # also when a refused login (LoginFailed) ends the loop
            log.info("stopping: closing the board session")
            self.client.close()

    def finished(self) -> bool:
        """The game is over and its last messages are out (nothing left to do)."""
        g = self.store.find_game(self.cfg.game.topic)
        return g is not None and g.status == "over" and not self.outbox(g).pending()

    def safe_tick(self, now: datetime) -> TickReport | None:
        """A tick that never raises: failures are logged and retried with a growing pause."""
        if self._not_before is not None and now < self._not_before:
            return None
        try:
            report = self.tick(now)
        except LoginFailed:
            # not transient: phpBB demands a CAPTCHA after 3 bad passwords, so logging in again
            # every tick would lock the host's account; the caller stops and tells the host
            raise
        except Exception as exc:
            self._failures += 1
            pause = min(self.cfg.board.poll_interval * 2 ** (self._failures - 1), MAX_BACKOFF)
            self._not_before = now + timedelta(seconds=pause)
            if isinstance(exc, ScraperError):
                # a board error is a sentence for the host; the traceback only helps at DEBUG
                log.error(
                    "tick failed (%d in a row): %s; next try in %.0f s", self._failures, exc, pause
                )
                log.debug("tick failure details", exc_info=True)
            else:
                log.exception(
                    "tick failed (%d in a row); next try in %.0f s", self._failures, pause
                )
            return None
        self._failures = 0
        self._not_before = None
        return report

    def tick(self, now: datetime) -> TickReport:
        report = TickReport()
        if not self._logged_in:
            self.client.login()  # the client re-logs in by itself when a session expires
            self._logged_in = True
        self._reload_config()
        g = self.game()
        if g.status == "registration":
            if now < self.cfg.game.start:
                self._read_registrations(g)
            else:
                self._start(g, now)
                report.started = True
        g = self.game()
        if g.status == "running":
            self._apply_new_overrides(g, now)
            self._poll_topics(g, now, report)
            self._poll_pms(g, now, report)
            self._answer_moves(g, now)
            while True:
                g = self.game()
                if g.status != "running" or g.deadline is None or now < g.deadline:
                    break
                report.closed.append(self._close_deadline(g, g.deadline, now))
                self._answer_moves(self.game(), now)
            g = self.game()
            if g.status == "running":
                self._interim_count(g, now)
        report.sent = self.flush(self.game())
        return report

    def flush(self, g: Game) -> int:
        fr = Poster(self.client, self.outbox(g)).flush()
        for key, err in fr.failed:
            log.error("could not send %s: %s", key, err)
        return len(fr.sent) + len(fr.recovered)

    # -- config and overrides (C-6) ------------------------------------------------------

    def _reload_config(self) -> None:
        fp = self._file_fingerprint()
        if not fp or fp == self._fingerprint:
            return
        try:
            new = self._load(self.cfg.path)
        except ConfigError as exc:
            log.error("config changed but is not valid, keeping the old one:\n%s", exc)
            self._fingerprint = fp
            return
        log.info("config file changed: re-read (%d overrides)", len(new.overrides))
        self.cfg = dataclasses.replace(new, dry_run=self.cfg.dry_run)
        self._fingerprint = fp
        self.rules = self._make_rules()

    def _apply_new_overrides(self, g: Game, now: datetime) -> None:
        """Record each override the first time it is seen; effects that are not the
        engine's (deadlines, accounts, late moves) happen here, the rest at the deadline."""
        assert g.id is not None
        for o in self.cfg.overrides:
            if self.store.override_applied(g.id, o.key()):
                continue
            turn = o.turn if o.turn is not None else g.turn
            if o.kind == "replace" and turn > g.turn:
                continue  # the new account takes the seat when its turn begins
            if o.kind == "extend_deadline" and o.until is not None and turn == g.turn:
                self.store.update_game(g.id, deadline=o.until)
            elif o.kind == "replace" and o.nick and o.new_nick:
                self.store.update_player(g.id, o.nick, account=o.new_nick)
            elif o.kind == "accept_move" and o.pm_id is not None:
                self._accept_late_pm(g, o.pm_id, now)
            elif o.kind == "remove" and o.nick:
                reason = "passivity" if o.step == 7 else "rules"
                self.store.record_removal(o.nick, g.id, reason, now=now)
            self.store.mark_override(g.id, o.key(), o.kind, o.describe(), turn, now=now)
            log.warning("host override applied: %s", o.describe())

    def _engine_overrides(self, g: Game, turn: int, phase: str) -> tuple[Any, ...]:
        out = []
        for o in self.cfg.overrides:
            if o.kind in ("extend_deadline", "accept_move"):
                continue
            t = o.turn
            if t is None and o.post_id is not None:
                t = self._post_turn(g, o.post_id)
            if t != turn:
                continue
            # Gambler: replacements take effect with the greens; verdicts with the court
            if self.cfg.game.ruleset == "gambler" and (phase == "greens") != (o.kind == "replace"):
                continue
            out.append(o.to_engine())
        return tuple(out)

    def _post_turn(self, g: Game, board_id: int) -> int | None:
        assert g.id is not None
        for p in self.store.posts(g.id):
            if p.board_id == board_id:
                return p.turn
        return None

    # -- deadlines and turns -------------------------------------------------------------

    def deadline_for(self, turn: int, phase: str) -> datetime:
        game = self.cfg.game
        extended = [
            o.until
            for o in self.cfg.overrides
            if o.kind == "extend_deadline" and o.turn == turn and o.until is not None
        ]
        if game.ruleset == "gambler":
            greens, court = gambler_deadlines(game, turn)
            if phase == "greens":
                return greens
            return extended[-1] if extended else court
        if extended:
            return extended[-1]
        from mafiabot.config import turn_deadline

        return turn_deadline(game, turn)

    def turn_at(self, when: datetime | None, current: int) -> int:
        """The turn whose window holds `when` (C-1: after a deadline is the next turn)."""
        if when is None:
            return current
        first = self.rules.first_turn
        t = first
        while t < current + 50:
            if when <= self.deadline_for(t, "court"):
                return t
            t += 1
        return t

    def state(self, g: Game) -> GameState:
        assert g.state is not None
        st: GameState = from_json(GameState, g.state)
        return st

    # -- registration and the start ------------------------------------------------------

    def _read_registrations(self, g: Game) -> list[str]:
        """Sign-ups (Gambler B.2 style): every non-host author of the registration topic,
        in the order of their first post; banned players (P-B.1) are refused by PM."""
        if self.cfg.game.players or self.cfg.game.registration_topic is None:
            return list(self.cfg.game.players)
        assert g.id is not None
        topic = self.cfg.game.registration_topic
        pages = self.client.read_topic_pages(topic)
        nicks: list[str] = []
        for fetch in pages:
            page = self._parse_topic(fetch.raw.html, None)
            for post in page.posts:
                if casefold_key(post.author) in self.host_accounts or post.deleted:
                    continue
                if post.author in nicks:
                    continue
                ban = self.store.ban(post.author, current_game=g.id)
                if ban is not None:
                    self.outbox(g).add(
                        OutboxRow(
                            key=OutboxKey(str(g.id), 0, "registration_refused", post.author),
                            channel="pm",
                            subject=f"{self.cfg.game.name}: запись",
                            text=(
                                f"{post.author}, запись не принята: за удаления из прошлых игр "
                                f"вы пропускаете ещё {ban.games_left} игр(ы) (P-B.1)."
                            ),
                            recipients=(post.author,),
                        )
                    )
                    continue
                nicks.append(post.author)
        return nicks

    def _start(self, g: Game, now: datetime) -> None:
        assert g.id is not None
        nicks = self._read_registrations(g)
        seed = self.cfg.game.seed
        if self.cfg.game.cast:
            seats = tuple(Seat(n, *self.cfg.game.cast[n]) for n in nicks if n in self.cfg.game.cast)
        else:
            seats = deal(self.rules, nicks, random.Random(seed))
        state = self.rules.new_game(seats)
        intro = self.rules.introductions(state)
        salt = self._salt()
        triples = [(s.nick, s.role, s.clan) for s in seats]
        commit = commitment(triples, seed, salt)
        deadline = self.deadline_for(state.turn, state.phase)
        key = str(g.id)
        rows = [
            OutboxRow(
                key=OutboxKey(key, state.turn, "start", "topic"),
                channel="topic",
                topic_id=self.cfg.game.topic,
                text=self.renderer.start_post(
                    ruleset=self.cfg.game.ruleset,
                    game_name=self.cfg.game.name,
                    players=nicks,
                    commitment=commit,
                    first_deadline=deadline,
                    tz=self.tz,
                ),
            )
        ]
        rows += self._player_pms(g, state.turn, intro, kind="role")
        rows.append(
            self._host_report_row(
                g,
                state.turn,
                "deal_report",
                intro,
                notes=[f"{n} — {role_label(self.cfg.game.ruleset, r, c)}" for n, r, c in triples],
            )
        )
        self.store.add_players(g.id, nicks)
        for s in seats:
            self.store.update_player(g.id, s.nick, role=s.role, clan=s.clan)
        self.store.commit_turn(
            g.id,
            turn=state.turn,
            state=to_json(state),
            events=[_event_row(e) for e in intro],
            outbox=rows,
            game_values={
                "status": "running",
                "turn": state.turn,
                "deadline": deadline,
                "salt": salt,
                "commitment": commit,
                "cursors": {"flags": {}, "pms": [], "deaths": {}},
            },
            now=now,
        )
        log.info("game started: %d players, first deadline %s", len(nicks), deadline)

    # -- reading the board ---------------------------------------------------------------

    def _board(self) -> str:
        # the parser picks the IPB generation from the page itself
        return "phpbb" if self.cfg.board.kind == "phpbb" else "auto"

    def _parse_topic(self, html: str, now: datetime | None) -> TopicPage:
        dialect = getattr(self.client, "dialect", None) if self.cfg.board.selectors else None
        if dialect is not None:
            # the host's [board.selectors] fix the skin's markup: read with the client's
            # dialect, overrides applied, instead of auto-detecting the stock one
            from parser.ipb import parse_ipb_topic

            return parse_ipb_topic(html, dialect=dialect, tz=self.tz, now=now)
        return parse_topic(html, board=self._board(), tz=self.tz, now=now)

    def _parse_pm(self, html: str, msg_id: int, now: datetime) -> PrivateMessage | None:
        """One fetched PM. An IPB 3 / IPS 4-5 conversation page holds several messages and
        the client hands back one per new message (ipb-api.md): each is read by its own id,
        with the client's dialect so that the host's [board.selectors] apply."""
        dialect = getattr(self.client, "dialect", None) if self._board() != "phpbb" else None
        if dialect is None:
            return parse_pm(html, board=self._board(), tz=self.tz, now=now)
        from parser.ipb import parse_ipb_pm

        pm = parse_ipb_pm(html, dialect=dialect, tz=self.tz, now=now, msg_id=msg_id)
        if not pm.sender or (dialect.layout != "msgnumber" and pm.id != msg_id):
            return None  # not this message (parse_ipb_pm falls back to the newest one)
        return pm

    def _topics(self, g: Game) -> list[int]:
        ts = [self.cfg.game.topic]
        court = self._court_topic_id(g, g.turn)
        if court != self.cfg.game.topic:
            ts.append(court)
        return ts

    def _court_topic_id(self, g: Game, turn: int) -> int:
        """Where the turn's court votes are read (G-N.4): the host's `court_topic`, else the
        topic the bot opened in `court_forum` for this turn (once the board accepted it),
        else the game topic."""
        if self.cfg.game.court_topic:
            return self.cfg.game.court_topic
        if self.cfg.game.court_forum and g.id is not None:
            row = self.outbox(g).get(OutboxKey(str(g.id), turn, "court_topic", "topic"))
            if row is not None and row.board_ids:
                return row.board_ids[0]
        return self.cfg.game.topic

    def _poll_topics(self, g: Game, now: datetime, report: TickReport) -> None:
        assert g.id is not None
        cursors = dict(g.cursors or {})
        tc = dict(cursors.get("topics", {}))
        for topic in self._topics(g):
            raw = tc.get(str(topic))
            cursor = from_json(TopicCursor, raw) if raw else TopicCursor(topic)
            poll = self.client.poll_topic(cursor)
            self._ingest_pages(g, topic, poll.pages, now, report)
            tc[str(topic)] = to_json(poll.cursor)
        self._set_cursor(g, "topics", tc)

    def _before_the_game(self, when: datetime | None) -> bool:
        """Written before `[game] start` (a post or PM whose time the board did not show
        counts as the game's)."""
        return when is not None and when < self.cfg.game.start

    def _ingest_pages(
        self,
        g: Game,
        topic: int,
        pages: Iterable[TopicPageFetch],
        now: datetime,
        report: TickReport,
    ) -> None:
        assert g.id is not None
        pages = list(pages)
        # a long scan (first start on a big topic, a deadline re-read) shows progress on a
        # terminal; under systemd (no TTY) it stays silent
        for fetch in track(
            pages,
            description=f"тема {topic}: чтение страниц",
            disable=len(pages) < 5 or not sys.stderr.isatty(),
            transient=True,
            console=Console(stderr=True),
        ):
            page = self._parse_topic(fetch.raw.html, now)
            for issue in page.issues:
                self._flag(g, g.turn, f"страница темы {topic}: {issue.where}: {issue.message}")
            for post in page.posts:
                if self._before_the_game(post.posted_at):
                    continue  # registration chatter, an earlier game: not this game's input
                turn = self.turn_at(post.posted_at, g.turn)
                status = self.store.upsert_post(
                    g.id,
                    topic_id=topic,
                    board_id=post.id,
                    author=post.author,
                    author_id=post.author_id,
                    posted_at=post.posted_at,
                    body_html=post.body_html,
                    turn=turn,
                    position=post.position,
                    edited_at=post.edited.at if post.edited else None,
                    record=to_json(post),
                    now=now,
                )
                if status == "new":
                    report.new_posts += 1
                    self._moderate(g, topic, post, turn)
                elif status == "edited":
                    report.edited_posts += 1

    def _poll_pms(self, g: Game, now: datetime, report: TickReport) -> None:
        assert g.id is not None
        cursors = dict(g.cursors or {})
        processed = [int(x) for x in cursors.get("pms", [])]
        fetched = self.client.fetch_unread_pms(
            skip=set(processed), newer_than=max(processed) if processed else None
        )
        for f in fetched:
            pm = self._parse_pm(f.raw.html, f.id, now)
            if pm is None:
                self._flag(g, g.turn, f"ЛС {f.id}: не удалось прочитать")
                processed.append(f.id)
                continue
            if casefold_key(pm.sender) in self.host_accounts:
                processed.append(f.id)
                continue
            if self._before_the_game(pm.sent_at):
                # the bot runs on the host's own account, whose inbox holds older letters
                # (an earlier game's moves, questions): seen now, never answered
                log.info("PM %d from %s predates the game: not read as a move", f.id, pm.sender)
                processed.append(f.id)
                continue
            new = self.store.upsert_pm(
                g.id,
                board_id=f.id,
                sender=pm.sender,
                subject=pm.subject,
                sent_at=pm.sent_at,
                body_html=pm.body_html,
                text=pm.own_text,
                # accept_move (C-6): a PM written after the deadline counts for this turn
                turn=g.turn if f.id in self._accepted_pms() else self.turn_at(pm.sent_at, g.turn),
                record=to_json(pm),
                now=now,
            )
            report.new_pms += int(new)
            processed.append(f.id)  # stored first, then marked processed (board-api.md)
        self._set_cursor(g, "pms", sorted(set(processed)))

    # -- moves (C-2) ---------------------------------------------------------------------

    def _seat_of(self, g: Game, account: str) -> str | None:
        assert g.id is not None
        key = casefold_key(account)
        for p in self.store.players(g.id):
            if casefold_key(p.account) == key:
                return p.nick
        return None

    def _answer_moves(self, g: Game, now: datetime, only: Collection[int] = ()) -> None:
        """Acknowledge or refuse each stored, unanswered PM of the current (or a past) turn."""
        assert g.id is not None
        state = self.state(g)
        for row in self.store.pms(g.id, unhandled=True):
            if only and row.board_id not in only:
                continue
            if row.turn is not None and row.turn > g.turn:
                continue  # written after the deadline: it waits for its own turn
            pm: PrivateMessage = from_json(PrivateMessage, row.record)
            seat = self._seat_of(g, pm.sender)
            if seat is not None and seat != pm.sender:
                pm = dataclasses.replace(pm, sender=seat)
            late = row.turn is not None and row.turn < g.turn and not only
            got = move_from_pm(
                pm, living=state.living_nicks(), players=[p.nick for p in state.players]
            )
            nick = seat or pm.sender
            if late and got is not None:
                got = InputRejected(nick, "late", "", source_id=row.board_id)
            replaced = False
            if isinstance(got, Move):
                reason, replaced = self._intake(g, state, got)
                status, why = ("accepted", "") if reason is None else ("refused", reason)
                if self._conditional(state, got, reason):
                    status = "conditional"
                self.store.add_move(
                    MoveRow(
                        game_id=g.id,
                        turn=g.turn,
                        pm_board_id=row.board_id,
                        actor=got.actor,
                        action=got.action,
                        targets=list(got.targets),
                        executor=got.executor,
                        story=got.story,
                        side=got.side,
                        status=status,
                        reason=why,
                        at=got.at or row.sent_at,
                    )
                )
                text = self.renderer.move_reply(
                    nick=nick,
                    accepted=reason is None,
                    action=got.action,
                    targets=got.targets,
                    executor=got.executor,
                    reason=why,
                    replaced=replaced,
                    turn=g.turn,
                    conditional=status == "conditional",
                )
            elif isinstance(got, InputRejected) and not self._unanswered(g, row, pm, got):
                text = self.renderer.move_reply(
                    nick=nick, accepted=False, action="", reason=got.reason, detail=got.detail
                )
            elif got is None and has_action_word(pm.own_text):
                # a living player named an action but no move could be read: a short note,
                # not a refusal (it may have been a question about the action)
                text = self.renderer.move_reply(nick=nick, accepted=False, action="", no_move=True)
            else:
                if got is None:
                    self._flag(
                        g,
                        g.turn,
                        f"ЛС {row.board_id} от {pm.sender}: хода нет (вопрос или разговор), "
                        "не отвечено",
                    )
                self.store.mark_pm_handled(g.id, row.board_id)
                continue
            self.outbox(g).add(
                OutboxRow(
                    key=OutboxKey(str(g.id), g.turn, f"ack-{row.board_id}", nick),
                    channel="pm",
                    subject=f"Re: {pm.subject}" if pm.subject else self.cfg.game.name,
                    text=text,
                    recipients=(pm.sender if seat is None else self._account(g, nick),),
                )
            )
            self.store.mark_pm_handled(g.id, row.board_id)

    def _unanswered(self, g: Game, row: Any, pm: PrivateMessage, got: InputRejected) -> bool:
        """Letters from outside the game get no answer (the bot writes from the host's
        account, whose inbox also holds unrelated mail) but the host sees them; a dead
        player's letter is answered only when it looks like a move."""
        if got.reason == NOT_A_PLAYER:
            self._flag(g, g.turn, f"ЛС {row.board_id} от {pm.sender} (не игрок): не отвечено")
            return True
        if got.reason == DEAD and not has_action_word(pm.own_text):
            self._flag(g, g.turn, f"ЛС {row.board_id} от выбывшего {pm.sender}: не отвечено")
            return True
        return False

    def _intake(self, g: Game, state: GameState, move: Move) -> tuple[str | None, bool]:
        """How the engine will take this letter at the deadline: (refusal code or None,
        whether it replaces an earlier request). The actor's earlier standing letters of the
        turn go through the engine's own intake with the new one last, so the answer is the
        engine's P-M.0 decision: PEFL takes a first request and one change and refuses a third
        (`third_request`); Gambler lets each new letter replace the last."""
        assert g.id is not None
        earlier = [m for m in self._turn_moves(g, g.turn) if m.actor == move.actor]
        changes = self.rules.settings.request_changes if self.rules.name == "pefl" else None
        _intake, events = take_moves(state, [*earlier, move], self.rules.check_move, changes)
        verdict = events[-1] if events else None
        if isinstance(verdict, ev.MoveRejected):
            return verdict.reason, False
        if isinstance(verdict, ev.MoveAccepted):
            return None, verdict.replaced
        return self.rules.check_move(state, move), False

    def _conditional(self, state: GameState, move: Move, reason: str | None) -> bool:
        """G-M.5/G-M.6: a mafioso's kill letter while the godfather lives is refused now but
        counts if the court jails the godfather before the night (letters and court share the
        deadline). The engine checks it again at the deadline."""
        if reason != "wrong_role" or self.cfg.game.ruleset != "gambler" or move.action != "kill":
            return False
        actor = state.player(move.actor)
        return actor is not None and actor.role == "mafia"

    def _accepted_pms(self) -> set[int]:
        return {o.pm_id for o in self.cfg.overrides if o.kind == "accept_move" and o.pm_id}

    def _accept_late_pm(self, g: Game, pm_id: int, now: datetime) -> None:
        """accept_move override: a PM written after the deadline counts for the current turn
        (one not read yet is taken as this turn's when it is read, see `_poll_pms`)."""
        assert g.id is not None
        for row in self.store.pms(g.id):
            if row.board_id == pm_id and (row.handled or (row.turn or 0) > g.turn):
                if row.handled and any(
                    m.pm_board_id == pm_id for m in self.store.moves(g.id, g.turn)
                ):
                    return  # already a move of this turn
                self._redo_pm(g, pm_id)
        self._answer_moves(g, now, only=[pm_id])

    def _redo_pm(self, g: Game, pm_id: int) -> None:
        assert g.id is not None
        with self.store.session() as s:
            from sqlmodel import select

            from mafiabot.store import PMRow

            row = s.exec(select(PMRow).where(PMRow.game_id == g.id, PMRow.board_id == pm_id)).one()
            row.handled = False
            row.turn = g.turn
            s.add(row)

    def _account(self, g: Game, nick: str) -> str:
        assert g.id is not None
        for p in self.store.players(g.id):
            if p.nick == nick:
                return p.account
        return nick

    def _turn_moves(self, g: Game, turn: int, deadline: datetime | None = None) -> list[Move]:
        assert g.id is not None
        out = []
        for m in self.store.moves(g.id, turn):
            if m.status not in ("accepted", "conditional"):
                continue
            out.append(
                Move(
                    actor=m.actor,
                    action=m.action,
                    targets=tuple(m.targets or ()),
                    executor=m.executor,
                    story=m.story,
                    side=m.side,
                    at=m.at,
                    source_id=m.pm_board_id,
                )
            )
        return out

    # -- votes (recomputed from the store) -----------------------------------------------

    def _posts_as_of(
        self, g: Game, topic: int, turn: int, deadline: datetime | None
    ) -> tuple[list[Post], list[str]]:
        """The turn's posts, each as it stood at the deadline; flags for later edits."""
        assert g.id is not None
        out: list[Post] = []
        flags: list[str] = []
        for sp in self.store.posts(g.id, topic_id=topic, turn=turn):
            post = self._post_record(g, sp, deadline)
            if post is None:
                continue
            if deadline is not None and post.posted_at is not None and post.posted_at > deadline:
                continue
            latest = _record(sp)
            if latest is not None and latest.body_html != post.body_html:
                flags.append(
                    f"сообщение {sp.board_id} ({sp.author}) отредактировано после дедлайна; "
                    "засчитан текст на момент дедлайна"
                )
            seat = self._seat_of(g, post.author)
            if seat is not None and seat != post.author:
                post = dataclasses.replace(post, author=seat)
            out.append(post)
        return out, flags

    def _post_record(self, g: Game, sp: StoredPost, deadline: datetime | None) -> Post | None:
        latest = _record(sp)
        if deadline is None or latest is None or sp.revision == 1:
            return latest
        assert g.id is not None
        chosen = latest
        for rev in reversed(self.store.revisions(g.id, sp.board_id)):
            rec: Post | None = from_json(Post, rev.record) if rev.record else None
            if rec is None:
                continue
            chosen = rec
            edited_at = rec.edited.at if rec.edited else None
            if edited_at is None or edited_at <= deadline:
                break
        return chosen

    def tally(
        self, g: Game, state: GameState, deadline: datetime | None
    ) -> tuple[str, list[Vote], list[InputRejected], list[str]]:
        """The current phase's votes: (kind, votes, rejected, flags)."""
        turn = state.turn
        dead = [p.nick for p in state.players if not p.alive]
        living = list(state.living_nicks())
        beaten = [
            p.nick for p in state.living if p.beaten_turn is not None and p.beaten_turn == turn - 1
        ]
        opts = VoteOptions(
            min_reason_words=self.cfg.rules.min_reason_words,
            ignore_authors=frozenset({self.cfg.board.username, *self.cfg.game.host_nicks}),
        )
        if self.cfg.game.ruleset == "pefl":
            if turn == 0:
                return "red", [], [], []
            posts, flags = self._posts_as_of(g, self.cfg.game.topic, turn, deadline)
            res = extract_votes(
                posts, ruleset="pefl", players=living, options=opts, dead=dead, beaten=beaten
            )
            return "red", res.votes, res.rejected, flags
        if state.phase == "day":
            return "green", [], [], []
        if state.phase == "greens":
            greens_dl = self.deadline_for(turn, "greens")
            posts, flags = self._posts_as_of(g, self.cfg.game.topic, turn, deadline or greens_dl)
            posts = [p for p in posts if p.posted_at is None or p.posted_at <= greens_dl]
            res = extract_votes(
                posts,
                ruleset="gambler",
                players=living,
                # G-N.1: the host's colour list, or the parser's default greens when empty
                options=dataclasses.replace(
                    opts, colors=tuple(self.cfg.rules.green_colors) or None
                ),
                dead=dead,
            )
            return "green", res.votes, res.rejected, flags
        court_topic = self._court_topic_id(g, turn)
        posts, flags = self._posts_as_of(g, court_topic, turn, deadline)
        greens_dl = self.deadline_for(turn, "greens")
        posts = [p for p in posts if p.posted_at is None or p.posted_at > greens_dl]
        res = extract_court_votes(
            posts, nominees=state.nominees, players=living, options=opts, dead=dead
        )
        return "court", res.votes, res.rejected, flags

    def posters(self, g: Game, turn: int, deadline: datetime | None) -> tuple[str, ...]:
        assert g.id is not None
        out: dict[str, None] = {}
        for sp in self.store.posts(g.id, topic_id=self.cfg.game.topic, turn=turn):
            if deadline is not None and sp.posted_at is not None and sp.posted_at > deadline:
                continue
            seat = self._seat_of(g, sp.author)
            if seat is not None:
                out[seat] = None
        return tuple(out)

    def post_authors(self, g: Game, turn: int, deadline: datetime) -> tuple[str, ...]:
        """The seat of every game-topic post of the turn up to the deadline, in board order."""
        assert g.id is not None
        out = []
        for sp in self.store.posts(g.id, topic_id=self.cfg.game.topic, turn=turn):
            if sp.posted_at is not None and sp.posted_at > deadline:
                continue
            seat = self._seat_of(g, sp.author)
            if seat is not None:
                out.append(seat)
        return tuple(out)

    # -- interim vote count --------------------------------------------------------------

    def _interim_count(self, g: Game, now: datetime) -> None:
        mode = self.cfg.game.interim_count
        if mode.mode == "off":
            return
        assert g.id is not None
        state = self.state(g)
        kind, votes, _rej, _flags = self.tally(g, state, None)
        if not votes and kind != "court":
            return
        cursors = dict(g.cursors or {})
        vc = dict(cursors.get("votecount", {}))
        tag = f"{state.turn}/{state.phase}"
        last = vc.get(tag, {})
        n = len(votes)
        due = False
        if mode.mode == "votes":
            due = n - int(last.get("votes", 0)) >= mode.every  # every N new votes
        else:
            at = last.get("at")
            due = at is None or now - datetime.fromisoformat(at) >= timedelta(hours=mode.every)
        if not due:
            return
        text = self._vote_count_text(g, state, kind, votes, now)
        key = OutboxKey(str(g.id), state.turn, f"votecount-{state.phase}", "topic")
        ob = self.outbox(g)
        row = ob.get(key)
        if row is None:
            ob.add(OutboxRow(key=key, channel="topic", topic_id=self.cfg.game.topic, text=text))
        elif row.status == "sent" and row.board_ids:
            Poster(self.client, ob).update_post(row.board_ids[0], text, key)
        vc[tag] = {"votes": n, "at": now.isoformat()}
        self._set_cursor(g, "votecount", vc)

    def _vote_count_text(
        self, g: Game, state: GameState, kind: str, votes: Sequence[Vote], now: datetime
    ) -> str:
        by_target: dict[str, list[str]] = {}
        for v in votes:
            by_target.setdefault(v.target, []).append(v.voter)
        tally = sorted(by_target.items(), key=lambda kv: -len(kv[1]))
        voted = {v.voter for v in votes}
        threshold = None
        if kind == "green":
            from engine.gambler import court_threshold

            threshold = court_threshold(self.cfg.rules, len(state.living))
        return self.renderer.vote_count(
            ruleset=self.cfg.game.ruleset,
            game_name=self.cfg.game.name,
            turn=state.turn,
            kind=kind,
            tally=tally,
            not_voted=[n for n in state.living_nicks() if n not in voted],
            as_of=now,
            deadline=self.deadline_for(state.turn, state.phase),
            tz=self.tz,
            threshold=threshold,
        )

    # -- the deadline --------------------------------------------------------------------

    def _close_deadline(self, g: Game, deadline: datetime, now: datetime) -> str:
        """Resolve the phase that `deadline` closes and queue everything it produces."""
        gid = g.id
        assert gid is not None
        state = self.state(g)
        turn, phase = state.turn, state.phase
        log.info("deadline %s: closing turn %d (%s)", deadline, turn, phase)
        # full re-read: edits and late-seen posts of the turn are in the store before counting
        report = TickReport()
        for topic in self._topics(g):
            # from the page the turn began on: a long game is not re-read from page 1
            first = int((g.cursors or {}).get("turn_start_page", {}).get(str(topic), 1))
            self._ingest_pages(
                g, topic, self.client.read_topic_pages(topic, first_page=first), now, report
            )
        g = self.game()
        _kind, votes, rejected, flags = self.tally(g, state, deadline)
        posters = self.posters(g, turn, deadline)
        moves = self._turn_moves(g, turn, deadline)
        if self.cfg.game.ruleset == "gambler" and phase == "greens":
            moves = [m for m in moves if m.action == "choose_side"]
        elif self.cfg.game.ruleset == "gambler":
            moves = [m for m in moves if m.action != "choose_side"]
        inputs = TurnInputs(
            votes=tuple(votes),
            rejected=tuple(rejected),
            posters=posters,
            moves=tuple(moves),
            overrides=self._engine_overrides(g, turn, phase),
            # P-P.2 / G-P.2 counters live in the engine state: give each post once per turn
            post_authors=() if phase == "greens" else self.post_authors(g, turn, deadline),
        )
        # a fixed RNG per deadline: a crash before the commit replays the same coin tosses
        rng = random.Random(f"{self.cfg.game.seed}/{turn}/{phase}")
        new_state, events = step(state, inputs, deadline, rng, self.rules)
        rows = self._turn_outbox(g, state, new_state, events, rejected, flags, deadline)
        game_values: dict[str, Any] = {"turn": new_state.turn}
        if new_state.over:
            game_values.update(
                status="over", deadline=None, winner=new_state.winner, finished_at=now
            )
        else:
            game_values["deadline"] = self.deadline_for(new_state.turn, new_state.phase)
        cursors = dict(g.cursors or {})
        fr = dict(cursors.get("flags_reported", {}))
        fr[str(turn)] = sorted({*fr.get(str(turn), []), *self._flags(g, turn), *flags})
        cursors["flags_reported"] = fr
        deaths = dict(cursors.get("deaths", {}))
        for e in events:
            if isinstance(e, ev.Killed | ev.Hanged | ev.Jailed | ev.WentMissing | ev.Removed):
                deaths[e.nick] = deadline.isoformat()
        cursors["deaths"] = deaths
        # the next turn's posts start on the page the topic cursor stands on now
        cursors["turn_start_page"] = {
            str(t): int(c.get("page", 1)) for t, c in cursors.get("topics", {}).items()
        }
        game_values["cursors"] = cursors
        self.store.commit_turn(
            gid,
            turn=turn,
            state=to_json(new_state),
            events=[_event_row(e) for e in events],
            outbox=rows,
            game_values=game_values,
            now=now,
        )
        for e in events:
            # P-B.1: removals for passivity or rule-breaking count toward a ban
            if isinstance(e, ev.WentMissing):
                self.store.record_removal(e.nick, gid, "passivity", now=now)
            elif isinstance(e, ev.Removed):
                self.store.record_removal(e.nick, gid, "rules", now=now)
        for e in events:
            if isinstance(e, ev.PlayerReplaced):
                # the engine renames the seat to the new account (C-6); so does the store
                self.store.update_player(gid, e.old, nick=e.new, account=e.new)
        for p in new_state.players:
            if not p.alive:
                self.store.update_player(gid, p.nick, alive=False, died_turn=p.out_turn)
        return f"{turn}/{phase}"

    def _turn_outbox(
        self,
        g: Game,
        before: GameState,
        after: GameState,
        events: Sequence[Event],
        rejected: Sequence[InputRejected],
        flags: Sequence[str],
        deadline: datetime,
    ) -> list[OutboxRow]:
        assert g.id is not None
        turn, phase = before.turn, before.phase
        next_deadline = None if after.over else self.deadline_for(after.turn, after.phase)
        rows: list[OutboxRow] = []
        gambler = self.cfg.game.ruleset == "gambler"
        last_word = deadline + timedelta(hours=self.cfg.game.last_word_hours) if gambler else None
        paper = self.renderer.newspaper(
            ruleset=self.cfg.game.ruleset,
            game_name=self.cfg.game.name,
            turn=turn,
            phase=phase,
            events=events,
            next_deadline=next_deadline,
            tz=self.tz,
            announce_check_roles=self.cfg.rules.announce_check_roles,
            last_word_until=last_word,
            clans={p.nick: p.clan for p in after.players if not p.alive},
        )
        rows.append(
            OutboxRow(
                key=OutboxKey(
                    str(g.id), turn, "greens" if phase == "greens" else "newspaper", "topic"
                ),
                channel="topic",
                topic_id=self.cfg.game.topic,
                text=paper,
            )
        )
        # a host-named court_topic wins over court_forum
        court_forum = None if self.cfg.game.court_topic else self.cfg.game.court_forum
        if gambler and phase == "greens" and after.nominees and court_forum:
            # G-N.3/G-N.4: the bot opens the day's court topic; the outbox records its
            # id (board_ids[0]) and the court votes are read there
            subject, text = self.renderer.court_topic(
                game_name=self.cfg.game.name,
                turn=turn,
                nominees=after.nominees,
                deadline=next_deadline,
                tz=self.tz,
            )
            rows.append(
                OutboxRow(
                    key=OutboxKey(str(g.id), turn, "court_topic", "topic"),
                    channel="newtopic",
                    topic_id=court_forum,
                    subject=subject,
                    text=text,
                )
            )
        rows += self._player_pms(g, turn, events, kind=f"pm-{phase}")
        reported = set((g.cursors or {}).get("flags_reported", {}).get(str(turn), []))
        all_flags = [f for f in [*self._flags(g, turn), *flags] if f not in reported]
        rows.append(
            self._host_report_row(
                g, turn, f"host_report-{phase}", events, rejected=rejected, flags=all_flags
            )
        )
        if after.over:
            seats = [(p.nick, p.role, p.clan) for p in after.players]
            rows.append(
                OutboxRow(
                    key=OutboxKey(str(g.id), turn, "final", "topic"),
                    channel="topic",
                    topic_id=self.cfg.game.topic,
                    text=self.renderer.final_post(
                        ruleset=self.cfg.game.ruleset,
                        game_name=self.cfg.game.name,
                        winner=after.winner,
                        seats=seats,
                        seed=self.cfg.game.seed,
                        salt=g.salt,
                        commitment=g.commitment,
                    ),
                )
            )
        return rows

    def _player_pms(
        self, g: Game, turn: int, events: Sequence[Event], *, kind: str
    ) -> list[OutboxRow]:
        """One PM per player with everything the engine told him (role, allies, checks)."""
        by_nick: dict[str, list[Event]] = {}
        for e in events:
            if e.audience.kind == "player" and e.audience.nick:
                if isinstance(e, ev.MoveAccepted | ev.MoveRejected):
                    continue  # answered on arrival already
                by_nick.setdefault(e.audience.nick, []).append(e)
        rows = []
        for nick, evs in by_nick.items():
            rows.append(
                OutboxRow(
                    key=OutboxKey(str(g.id), turn, kind, nick),
                    channel="pm",
                    subject=f"{self.cfg.game.name}: ход {turn}",
                    text=self.renderer.player_pm(
                        ruleset=self.cfg.game.ruleset,
                        game_name=self.cfg.game.name,
                        nick=nick,
                        turn=turn,
                        events=evs,
                    ),
                    recipients=(self._account(g, nick),),
                )
            )
        return rows

    def _host_report_row(
        self,
        g: Game,
        turn: int,
        kind: str,
        events: Sequence[Event],
        *,
        rejected: Sequence[InputRejected] = (),
        flags: Sequence[str] = (),
        notes: Sequence[str] = (),
    ) -> OutboxRow:
        assert g.id is not None
        applied = [o.description for o in self.store.applied_overrides(g.id, turn)]
        return OutboxRow(
            key=OutboxKey(str(g.id), turn, kind, self.host_recipient),
            channel="pm",
            subject=f"{self.cfg.game.name}: отчёт, ход {turn}",
            text=self.renderer.host_report(
                game_name=self.cfg.game.name,
                turn=turn,
                events=events,
                rejected=[
                    {
                        "author": r.author,
                        "reason": r.reason,
                        "detail": r.detail,
                        "post_id": r.post_id,
                    }
                    for r in rejected
                ],
                flags=list(flags),
                overrides=applied,
                notes=list(notes),
                ruleset=self.cfg.game.ruleset,
            ),
            recipients=(self.host_recipient,),
        )

    # -- moderation flags ----------------------------------------------------------------

    def _set_cursor(self, g: Game, name: str, value: Any) -> None:
        """Write one entry of the game's cursors, re-reading the rest (flags may have been
        added meanwhile)."""
        assert g.id is not None
        cursors = dict(self.store.get_game(g.id).cursors or {})
        cursors[name] = value
        self.store.update_game(g.id, cursors=cursors)

    def _flag(self, g: Game, turn: int, text: str) -> None:
        gid = g.id
        assert gid is not None
        g = self.store.get_game(gid)
        cursors = dict(g.cursors or {})
        flags = dict(cursors.get("flags", {}))
        items = list(flags.get(str(turn), []))
        if text not in items:
            items.append(text)
            log.warning("flag for the host (turn %d): %s", turn, text)
        flags[str(turn)] = items
        cursors["flags"] = flags
        self.store.update_game(gid, cursors=cursors)

    def _flags(self, g: Game, turn: int) -> list[str]:
        assert g.id is not None
        cursors = self.store.get_game(g.id).cursors or {}
        return list(cursors.get("flags", {}).get(str(turn), []))

    def _moderate(self, g: Game, topic: int, post: Post, turn: int) -> None:
        """Outsiders writing in the game topic (the engine only sees the seated players)."""
        if topic != self.cfg.game.topic or casefold_key(post.author) in self.host_accounts:
            return
        if g.state is None:
            return
        if self._seat_of(g, post.author) is None:
            self._flag(
                g, turn, f"посторонний {post.author} пишет в теме игры (сообщение {post.id})"
            )
        # a seated player's posts (dead beyond P-P.2 / G-P.2, beaten under P-A.3) are the
        # engine's to flag at the deadline from TurnInputs.post_authors: flagging them here
        # too put every such post in the host report twice

    # -- status --------------------------------------------------------------------------

    def status(self, now: datetime) -> dict[str, Any]:
        """Turn, deadline, live tally, and who has not posted / voted / moved."""
        g = self.store.find_game(self.cfg.game.topic)
        if g is None or g.state is None:
            return {
                "game": self.cfg.game.name,
                "status": "registration" if g is None else g.status,
                "start": self.cfg.game.start.isoformat(),
            }
        state = self.state(g)
        kind, votes, rejected, _ = self.tally(g, state, None)
        tally: dict[str, list[str]] = {}
        for v in votes:
            tally.setdefault(v.target, []).append(v.voter)
        posters = set(self.posters(g, state.turn, None))
        assert g.id is not None
        moved = {m.actor for m in self.store.moves(g.id, state.turn, status="accepted")}
        voted = {v.voter for v in votes}
        living = list(state.living_nicks())
        return {
            "game": self.cfg.game.name,
            "status": g.status,
            "turn": state.turn,
            "phase": state.phase,
            "deadline": g.deadline.astimezone(self.tz).isoformat() if g.deadline else None,
            "vote_kind": kind,
            "tally": {t: vs for t, vs in sorted(tally.items(), key=lambda kv: -len(kv[1]))},
            "rejected": [{"author": r.author, "reason": r.reason} for r in rejected],
            "not_posted": [n for n in living if n not in posters],
            "not_voted": [n for n in living if n not in voted],
            "not_moved": [
                p.nick
                for p in state.living
                if p.role not in ("civilian", "bastard") and p.nick not in moved
            ],
            "alive": living,
            "winner": g.winner,
            "pending_messages": len(self.outbox(g).pending()),
        }


def _record(sp: StoredPost) -> Post | None:
    if sp.record is None:
        return None
    rec: Post = from_json(Post, sp.record)
    return rec


def _event_row(e: Event) -> tuple[str, str, dict[str, Any]]:
    d = event_dict(e)
    return (e.kind, str(e.audience), to_json(d))


def setup_logging(verbose: bool = False) -> None:
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    # alembic announces every plugin and migration step at INFO: noise in the host's log
    logging.getLogger("alembic").setLevel(logging.DEBUG if verbose else logging.WARNING)
