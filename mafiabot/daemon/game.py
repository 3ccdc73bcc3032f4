"""One game: its tick — the order of a tick's work — the back-off after a failed tick, the
catch-up after downtime and the config re-read when its file changes. The loop that drives
the ticks is `mafiabot.daemon.host.Host`, for one game as for several (`Daemon.run`).

A tick (ARCHITECTURE.md "One tick"):

1. re-read the config if the file changed; new `[[override]]` tables are logged, recorded
   once in the store and applied from now on (C-6) — `overrides`;
2. before the start: read sign-ups from the registration topic; at the start: deal roles
   (seeded), send role PMs, post the start message with the SHA-256 commitment —
   `registration`;
3. poll the game (and court) topic from the stored cursor and the inbox; store posts by board
   id (an edit is a new revision) and PMs; flag what the host should see — `ingest`;
4. acknowledge or refuse each new move by PM (checked against the engine) — `moves`;
5. at a deadline: re-read the turn's pages, gather what the deadline needs from the store,
   run `engine.step`, render every message from that data and write it all in one
   transaction — `turn`, `compose`;
6. recompute the turn's tally from every stored post and post / edit the interim count —
   `tally`;
7. flush the outbox through the poster (exactly once; markers cover a crash mid-send).

Everything a tick decides is recomputed from the store, so a crash anywhere loses nothing: the
next tick redoes what was not committed and the outbox keys stop anything going out twice.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import RuleSet
from mafiabot.config import Config, ConfigError, load_config
from mafiabot.daemon import flags as host_flags
from mafiabot.daemon import ingest, mailbox, moves, overrides, registration, tally, turn
from mafiabot.daemon import status as status_model
from mafiabot.daemon.context import Shell
from mafiabot.daemon.host import Host, utcnow
from mafiabot.daemon.ingest import TickReport
from mafiabot.dbfile import as_host_error
from mafiabot.exitcodes import HostError
from mafiabot.newspaper.host_words import Count, Nick, Turn, note
from mafiabot.newspaper.links import board_engine
from mafiabot.newspaper.words import (
    failure_ru,
    format_when,
    outbox_kind_ru,
    shut_out_ru,
    turn_word,
)
from mafiabot.store import SqlOutbox, Store
from mafiabot.store.tables import Game
from poster.outbox import OutboxKey, new_game_token
from scraper.board import BoardClient
from scraper.errors import Interrupted, LoginFailed, ScraperError, ShutOut

if TYPE_CHECKING:
    from mafiabot.newspaper.render import Renderer

log = logging.getLogger("mafiabot.daemon")

MAX_BACKOFF = 3600.0


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
        token: Callable[[], str] = new_game_token,
    ) -> None:
        self.shell = Shell(cfg, store, client, renderer, token)
        self._load = config_loader
        self._salt = salt  # random in production: players cannot brute-force the deal
        self._fingerprint = self._file_fingerprint()
        self._failures = 0
        #: what the board refused for good in the current tick, in words (see `flush`)
        self.refused: list[str] = []
        self._not_before: datetime | None = None
        self._logged_in = False
        self._caught_up = 0  # late deadlines closed since the bot was last up to date
        self._held: set[datetime] = set()  # late deadlines left for the host (logged once)
        self.nap = 1.0  # the longest sleep of `run`'s loop between looks at the clock
        # the loop's stop flag (SIGTERM), also handed to each flush: a stop is honoured
        # between two writes and during the waits before one, not only between ticks
        self._stop: threading.Event | None = None

    # -- what the loop hosts ---------------------------------------------------------------

    @property
    def cfg(self) -> Config:
        return self.shell.cfg

    @cfg.setter
    def cfg(self, cfg: Config) -> None:
        self.shell.reconfigure(cfg)

    @property
    def store(self) -> Store:
        return self.shell.store

    @property
    def client(self) -> BoardClient:
        return self.shell.client

    @client.setter
    def client(self, client: BoardClient) -> None:
        self.shell.client = client

    @property
    def rules(self) -> RuleSet:
        return self.shell.rules

    def game(self) -> Game:
        return self.shell.game()

    def outbox(self, g: Game) -> SqlOutbox:
        return self.shell.outbox(g)

    def flags(self, turn: int) -> list[str]:
        """The host's notes for `turn` of this game."""
        return host_flags.flags(self.store, self.game(), turn)

    def status(self, now: datetime) -> dict[str, Any]:
        return status_model.status(self.shell, now)

    def _file_fingerprint(self) -> str:
        try:
            return self.cfg.fingerprint()
        except OSError:
            return ""

    # -- the loop ------------------------------------------------------------------------

    def run(
        self,
        stop: threading.Event | None = None,
        clock: Callable[[], datetime] = utcnow,
        max_ticks: int | None = None,
    ) -> None:
        """Host this game alone: a `Host` with one game, ticking every `poll_interval`
        seconds (and at its start and deadlines) until `stop` is set (SIGTERM/SIGINT set
        it) or the game is over and everything is sent."""
        Host([self], on_close=self.client.close, max_nap=self.nap).run(
            stop, clock, max_ticks=max_ticks
        )

    @property
    def not_before(self) -> datetime | None:
        """While backing off after failed ticks: no tick before this moment."""
        return self._not_before

    def attach_stop(self, stop: threading.Event | None) -> None:
        """The stop flag of a loop that drives this daemon from outside (`daemon.host`): each
        flush honours it between two writes, as under `run`."""
        self._stop = stop
        stop_on = getattr(self.client, "stop_on", None)  # a board client of scraper's
        if stop_on is not None:
            stop_on(stop)  # no request starts once the flag is set

    @property
    def board(self) -> object:
        """The board session this game shares with others (their ticks go in turn)."""
        return getattr(self.client, "session", self.client)

    def next_wake(self) -> datetime | None:
        """The next moment the game changes by the clock alone: the start while it has not
        begun, else the deadline of the phase under way (None once over)."""
        g = self.store.find_game(self.cfg.game.topic)
        if g is None or g.status == "registration":
            return self.cfg.game.start
        if g.status != "running" or g.deadline is None:
            return None
        return self.shell.closes_at(g.deadline)  # C-1: once its minute is over on the board

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
        except Interrupted as exc:
            # SIGTERM mid-tick: nothing failed; what was not done is done at the next start
            log.info("tick stopped on request: %s", exc)
            return None
        except (LoginFailed, HostError):
            # not transient: phpBB demands a CAPTCHA after 3 bad passwords, so logging in again
            # every tick would lock the host's account; a database that vanished under the
            # bot must not be written on. The caller stops and tells the host in one line
            raise
        except ShutOut as exc:
            # a ban, a switched-off board, a CAPTCHA: no retry helps until a person acts
            self.shut_out(now, exc)
            raise
        except Exception as exc:
            self._failures += 1
            pause = min(self.cfg.board.poll_interval * 2 ** (self._failures - 1), MAX_BACKOFF)
            self._not_before = now + timedelta(seconds=pause)
            known = as_host_error(exc)  # the database or the disk: one line, not a traceback
            if known is not None:
                n = self._failures
                log.error("tick failed (%d in a row): %s; next try in %.0f s", n, known, pause)
                log.debug("tick failure details", exc_info=True)
            elif isinstance(exc, ScraperError):
                # a board error is a sentence for the host; the traceback only helps at DEBUG
                log.error(
                    "tick failed (%d in a row): %s; next try in %.0f s", self._failures, exc, pause
                )
                log.debug("tick failure details", exc_info=True)
            else:
                log.exception(
                    "tick failed (%d in a row); next try in %.0f s", self._failures, pause
                )
            self.record_tick(now, f"failed ({self._failures} in a row): {exc}", ok=False)
            return None
        self._failures = 0
        self._not_before = None
        summary = self.summary(report)
        # a message the board refused for good is a failed tick for the host's eyes
        log.log(logging.ERROR if report.failed else logging.INFO, "tick: %s", summary)
        self.record_tick(now, summary, ok=not report.failed)
        return report

    def shut_out(self, now: datetime, exc: ShutOut) -> None:
        """The board shuts the bot out: one line in the log, a note for the host report and
        the last tick's result (`status`) say why the game's ticks stop."""
        log.error("the game stops: %s", exc)
        self.record_tick(now, f"stopped: {exc}", ok=False)
        try:
            g = self.store.find_game(self.cfg.game.topic)
            if g is not None and g.id is not None:
                said = shut_out_ru(type(exc).__name__, exc.board_says)
                host_flags.flag(self.store, g, g.turn, note("stopped", self.rules, said=said))
        except Exception:
            log.debug("could not note the stop for the host", exc_info=True)

    def summary(self, report: TickReport) -> str:
        """The per-tick line: what came in, what was decided and sent, what comes next."""
        parts = [
            f"{report.new_posts} new post(s), {report.edited_posts} edited",
            f"{report.new_pms} new PM(s)",
        ]
        if report.started:
            parts.append("game started")
        if report.closed:
            parts.append("closed " + ", ".join(map(str, report.closed)))
        parts.append(f"sent {report.sent}")
        if report.failed:
            parts.append(f"NOT SENT, refused for good: {len(report.failed)}")
        if report.mailbox:
            parts.append(report.mailbox)
        g = self.store.find_game(self.cfg.game.topic)
        wake = g.deadline if g is not None and g.status == "running" else self.next_wake()
        parts.append(
            f"next deadline {wake.astimezone(self.cfg.board.tz).isoformat() if wake else 'none'}"
        )
        return "; ".join(parts)

    def record_tick(self, now: datetime, summary: str, *, ok: bool) -> None:
        """Keep the last tick's time and result in the store for `mafiabot status` (which
        reads only the database). A store that cannot take it is only logged."""
        try:
            g = self.store.find_game(self.cfg.game.topic)
            if g is None or g.id is None:
                return
            self.store.update_game(
                g.id,
                last_tick_at=now,
                last_tick_ok=ok,
                last_tick_result=summary[:500],
                board_kind=board_engine(self.client) or g.board_kind,
            )
        except Exception:
            log.debug("could not record the last tick", exc_info=True)

    def tick(self, now: datetime) -> TickReport:
        sh = self.shell
        sh.begin_tick()
        report = TickReport()
        if not self._logged_in:
            self.client.login()  # the client re-logs in by itself when a session expires
            self._logged_in = True
        self._reload_config()
        g = sh.game()
        if g.status == "registration":
            if now < self.cfg.game.start:
                registration.read_registrations(sh, g)
            else:
                registration.start(sh, g, now, self._salt)
                report.started = True
        g = sh.game()
        if g.status == "running":
            overrides.apply_new_overrides(sh, g, now)
            ingest.poll_topics(sh, g, now, report)
            ingest.poll_pms(sh, g, now, report)
            moves.answer_moves(sh, g, now)
            while True:
                g = sh.game()
                if g.status != "running" or g.deadline is None or now < sh.closes_at(g.deadline):
                    self._caught_up = 0  # up to date: a later outage gets its own allowance
                    break
                if not self._may_close(g, g.deadline, now):
                    break
                report.closed.append(turn.close_deadline(sh, g, g.deadline, now))
                moves.answer_moves(sh, sh.game(), now)
            g = sh.game()
            if g.status == "running":
                tally.interim_count(sh, g, now)
        self.refused = []
        report.sent = self.flush(sh.game())
        report.failed = self.refused
        return report

    def _may_close(self, g: Game, deadline: datetime, now: datetime) -> bool:
        """Close a deadline now? One passed within a poll or two is on time. One passed long
        ago (the bot was down, or the config is an old game's) is a catch-up: at most
        `[game] max_catchup` of those in a row, then the bot leaves the rest to the host —
        who raises max_catchup or moves the deadline with an `extend_deadline` override —
        rather than resolve days of a game nobody watched in one tick."""
        late = now - deadline
        if late <= timedelta(seconds=2 * self.cfg.board.poll_interval + 60):
            return True
        allowed = self.cfg.game.max_catchup
        if self._caught_up < allowed:
            self._caught_up += 1
            log.warning(
                "deadline %s passed %s ago (the bot was not running): closing it now, "
                "catch-up %d of at most %d",
                deadline.isoformat(),
                _span(late),
                self._caught_up,
                allowed,
            )
            self._flag_posts_after(g, deadline)
            return True
        if deadline not in self._held:
            self._held.add(deadline)
            log.error(
                "deadline %s passed %s ago and %d late deadline(s) were closed already "
                "([game] max_catchup = %d): waiting for the host — raise max_catchup or move "
                "the deadline with an extend_deadline override; the config is re-read by itself",
                deadline.isoformat(),
                _span(late),
                self._caught_up,
                allowed,
            )
            host_flags.flag(
                self.store,
                g,
                g.turn,
                note(
                    "deadline_held",
                    self.rules,
                    deadline=format_when(deadline, self.cfg.board.tz),
                    allowed=allowed,
                ),
            )
        return False

    def _flag_posts_after(self, g: Game, deadline: datetime) -> None:
        """Posts written in the game topic after a deadline the bot missed are already left out
        of that turn by their time (C-1); the host hears of them once, since players may have
        meant them for the closed turn."""
        bot = self.cfg.board.username.casefold()
        late = [
            p
            for p in self.store.posts(g.id, topic_id=self.cfg.game.topic)
            if p.posted_at is not None and p.posted_at > deadline and p.author.casefold() != bot
        ]
        if late:
            host_flags.flag(
                self.store,
                g,
                g.turn,
                note(
                    "posts_after_missed_deadline_one"
                    if len(late) == 1
                    else "posts_after_missed_deadline",
                    self.rules,
                    turn=Turn(g.turn),
                    count=Count(len(late)),
                    next=turn_word(self.rules),
                ),
            )

    def flush(self, g: Game) -> int:
        """Send what is queued; how many went out. A message the board refused for good is
        never silent: the host is flagged (report, dashboard, `status`) and sent its text by
        PM to post or pass on by hand — a player's full box included — and the tick says so
        (`refused`, in words); those PMs go out in the same tick."""
        fr = self.shell.poster(g).flush(stop=self._stop)
        self._refused(g, fr.failed)
        if fr.failed and not fr.interrupted:  # the host's notices go out now, not next tick
            again = self.shell.poster(g).flush(stop=self._stop)
            self._refused(g, again.failed)
            fr.sent += again.sent
            fr.recovered += again.recovered
        if fr.sent or fr.recovered:
            mailbox.tidy_sent(self.shell, g)  # the Sent copies the bot needed are spent
        for key, why in fr.without_attachment:  # the text went; the host hears of the file
            host_flags.flag(
                self.store,
                g,
                g.turn,
                note("paper_without_chart", self.rules, turn=Turn(key.turn), why=failure_ru(why)),
            )
        for key in fr.unverified:  # begun before a crash, and the board shows no sent copy
            host_flags.flag(
                self.store,
                g,
                g.turn,
                note(
                    "pm_unverified",
                    self.rules,
                    kind=outbox_kind_ru(key.kind),
                    to=Nick(key.recipient),
                    turn=Turn(key.turn),
                ),
            )
        return len(fr.sent) + len(fr.recovered)

    def _refused(self, g: Game, failed: list[tuple[OutboxKey, str]]) -> None:
        """Tell the host of each message the board refused for good: a flag and a PM with
        its text (`Composer.failure_notice`); the tick's report lists them."""
        sh = self.shell
        for key, err in failed:
            log.error("could not send %s: %s", key, err)
            row = sh.outbox(g).get(key)
            line, notice = sh.composer.failure_notice(g.id, key, err, row.text if row else "")
            host_flags.flag(self.store, g, g.turn, line)
            if notice is not None:
                sh.outbox(g).add(notice)
            self.refused.append(line)

    def has_refused_messages(self) -> bool:
        """Whether a message of this game was refused by the board for good."""
        g = self.store.find_game(self.cfg.game.topic)
        return g is not None and any(r.status == "failed" for r in self.outbox(g).all())

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
        self.shell.reconfigure(dataclasses.replace(new, dry_run=self.cfg.dry_run))
        self._fingerprint = fp


def _span(delta: timedelta) -> str:
    """`3 h 05 min` / `2 d 4 h`: how late, for a log line."""
    minutes = int(delta.total_seconds() // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    return f"{days} d {hours} h" if days else f"{hours} h {mins:02d} min"
