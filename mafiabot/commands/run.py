"""`mafiabot run -c config.toml [-c more.toml | -c games/] [--dry-run] [--once]`: host the
games until they end or SIGTERM. One game is a host with one game: one config or several,
they go the same way into one `mafiabot.daemon.host.Host`.

Everything that can be refused is refused before anything starts: every config is read first
(a bad one is exit 2 naming its file), then one board session is opened per board account,
then each game's lock is taken (another process hosting any of the games: exit 1 naming the
game and the holder), and the databases are opened — one per game or shared, as configured.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from mafiabot import bootstrap
from mafiabot.commands.common import UsageError, configs
from mafiabot.config import Config, ConfigError
from mafiabot.daemon import Daemon, utcnow
from mafiabot.daemon.host import Host, stop_on_signals
from mafiabot.daemon.shared import GameView, SharedSession, claim_for
from mafiabot.dbfile import (
    DatabaseVanished,
    FileWatch,
    clear_note,
    note_path,
    refuse_lost_database,
    sqlite_path,
    write_note,
)
from mafiabot.exitcodes import (
    BoardShutOut,
    BoardUnreachable,
    DatabaseUnusable,
    HostError,
    LoginRefused,
)
from mafiabot.lock import GameLock, acquire_game_lock, game_identity, open_locked_store
from mafiabot.store import Store
from scraper.board import BoardClient
from scraper.errors import Interrupted, LoginFailed, ScraperError, ShutOut

log = logging.getLogger(__name__)

Game = tuple[Path, Config]


def main(args: argparse.Namespace) -> int:
    bootstrap.setup_logging()
    games = [(path, _dry(cfg) if args.dry_run else cfg) for path, cfg in configs(args.config)]
    # SIGTERM is honoured from here on, also before the loop starts (the first login, the
    # look at the board for a lost database): no further request, one line, exit 0
    stop = threading.Event()
    with stop_on_signals(stop):
        try:
            return _run(args, games, stop)
        except Interrupted:
            return _stopped()


def _stopped() -> int:
    log.info("stopped on request before hosting began: nothing was sent")
    return 0


def _run(args: argparse.Namespace, games: Sequence[Game], stop: threading.Event) -> int:
    sessions = open_sessions(games)
    for s in sessions.values():
        stop_on = getattr(s.client, "stop_on", None)
        if stop_on is not None:
            stop_on(stop)
    try:
        locks, stores, watches = open_games(games, sessions, check=not args.dry_run)
        try:
            if stop.is_set():
                return _stopped()
            return _host(args, games, sessions, stores, watches, stop)
        finally:
            close_games(locks, stores)
    except LoginFailed as exc:  # at the first look at the board, or while hosting
        refused = next(
            (cfg for _p, cfg in games if sessions[session_key(cfg)].refused is exc), games[0][1]
        )
        raise LoginRefused(login_refused(refused, exc)) from None
    except ShutOut as exc:
        raise BoardShutOut(str(exc)) from None
    finally:
        for s in sessions.values():
            s.close()


def dry_run_url(url: str) -> str:
    """A dry run keeps its own SQLite file, so nothing it "sends" counts as sent for real."""
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        return url + ".dry-run"
    return "sqlite:///mafiabot-dry-run.sqlite"


def _dry(cfg: Config) -> Config:
    return dataclasses.replace(cfg, dry_run=True, database_url=dry_run_url(cfg.database_url))


# -- what the games share: board sessions, locks, databases ------------------------------------


def session_key(cfg: Config) -> tuple[str, str]:
    """Games with the same board address and account share one session."""
    return cfg.board.url.rstrip("/").casefold(), cfg.board.username.casefold()


def open_sessions(games: Sequence[Game]) -> dict[tuple[str, str], SharedSession]:
    sessions: dict[tuple[str, str], SharedSession] = {}
    try:
        for path, cfg in games:
            key = session_key(cfg)
            if key not in sessions:
                try:
                    sessions[key] = SharedSession(bootstrap.make_client(cfg))
                except ConfigError as exc:
                    raise UsageError(_named(path, str(exc), len(games))) from exc
    except BaseException:
        for s in sessions.values():
            s.close()
        raise
    return sessions


def _named(path: str | Path, message: str, games: int) -> str:
    """A refusal's line: opened by the config file's name when there are several."""
    return f"{path}: {message}" if games > 1 else message


def open_games(
    games: Sequence[Game],
    sessions: dict[tuple[str, str], SharedSession] | None = None,
    *,
    check: bool = False,
) -> tuple[list[GameLock], dict[str, Store], list[FileWatch]]:
    """Each game's lock and the stores (one per database URL). SQLite locks a file, so the
    file's one lock covers every game kept in it; PostgreSQL locks each game by itself.
    With `check`, a database file not there yet is first looked for on the board; each
    SQLite file is watched (`guard_file`) from the moment it is open."""
    locks: list[GameLock] = []
    stores: dict[str, Store] = {}
    watches: list[FileWatch] = []
    try:
        for path, cfg in games:
            url = cfg.database_url
            ident = game_identity(cfg.board.url, cfg.game.topic)
            if url not in stores:
                # a handle on the shared session that is no game's (its login is the
                # session's one login, its letters nobody's)
                client = GameView(sessions[session_key(cfg)]) if sessions else None
                try:
                    lock, stores[url] = open_game_store(path, cfg, client, check=check)
                except DatabaseUnusable as exc:
                    write_note(note_path(url, path), str(exc))  # `status` says why
                    raise
                locks.append(lock)
                notes = [note_path(url, p) for p, c in games if c.database_url == url]
                watch = guard_file(stores[url], notes)
                if watch is not None:
                    watches.append(watch)
            elif sqlite_path(url) is None:
                try:
                    locks.append(acquire_game_lock(url, ident))
                except HostError as exc:
                    raise named_refusal(path, cfg, exc) from None
    except BaseException:
        close_games(locks, stores)
        raise
    return locks, stores, watches


def close_games(locks: Sequence[GameLock], stores: dict[str, Store]) -> None:
    for st in stores.values():
        st.close()
    for lock in locks:
        lock.release()


def guard_file(store: Store, notes: Sequence[Path]) -> FileWatch | None:
    """Stop at once if the SQLite file is deleted, moved or replaced under the running bot
    (checked before every transaction); the line is left in `notes` for `status`."""
    watch = FileWatch.of(store.url)
    if watch is not None:

        def tripped(line: str) -> None:
            for note in notes:
                write_note(note, line)

        watch.on_trip = tripped
        watch.attach(store.engine)
    return watch


def open_game_store(
    path: str | Path, cfg: Config, client: BoardClient | None = None, *, check: bool = False
) -> tuple[GameLock, Store]:
    """The game's lock and store; a refusal (another process holds the game, a damaged
    database) names the config file and the game, which matters once one process hosts
    several. With `check`, a database file that does not exist yet is first looked for on
    the board (`refuse_lost_database`) — a refusal creates nothing."""
    before: Callable[[], None] | None = None
    if check and client is not None:

        def before() -> None:
            _lost_database_check(None, client, cfg, strict=True)

    try:
        return open_locked_store(
            cfg.database_url,
            game_identity(cfg.board.url, cfg.game.topic),
            before,
            busy_timeout=cfg.busy_timeout,
        )
    except HostError as exc:
        raise named_refusal(path, cfg, exc) from None


def named_refusal(path: str | Path, cfg: Config, exc: HostError) -> HostError:
    """`exc` again, its line opened by the config file and the game it is about."""
    return type(exc)(f"{path}: game {cfg.game.name!r} (topic {cfg.game.topic}): {exc}")


# -- hosting ---------------------------------------------------------------------------------


def _host(
    args: argparse.Namespace,
    games: Sequence[Game],
    sessions: dict[tuple[str, str], SharedSession],
    stores: dict[str, Store],
    watches: Sequence[FileWatch] = (),
    stop: threading.Event | None = None,
) -> int:
    daemons: list[Daemon] = []
    for _path, cfg in games:
        view = sessions[session_key(cfg)].view()
        daemon = bootstrap.build_daemon(
            cfg,
            stores[cfg.database_url],
            view,  # a BoardClient by delegation to the session's client
            dry_run_out=sys.stdout if args.dry_run else None,
        )
        view.claim = claim_for(daemon.shell)
        daemons.append(daemon)
        log.info("hosting %r (%s) in topic %d", cfg.game.name, cfg.game.ruleset, cfg.game.topic)
    if len(daemons) > 1:
        log.info("%d games, %d board session(s)", len(daemons), len(sessions))
    if not args.dry_run and _check_all(games, daemons) is not None:
        return 1
    if stop is not None and stop.is_set():
        return _stopped()
    if args.once:
        return max(_once(d) for d in daemons)
    Host(daemons).run(stop)
    for watch in watches:
        if watch.tripped:
            raise DatabaseVanished(watch.tripped)
    if unsent := [d.cfg.game.name for d in daemons if d.has_refused_messages()]:
        # over (or stopped) with a message the board refused for good: not «done»
        log.error("the board refused messages of %s for good: see `mafiabot status`", unsent)
        return 1
    return 0


def login_refused(cfg: Config, exc: LoginFailed) -> str:
    """The one line a host reads when the board refuses the bot's account."""
    return (
        f"{exc}. Stopped without retrying (phpBB asks for a CAPTCHA after 3 bad passwords): "
        f"check [board] username and the password in ${cfg.board.password_env}, log in once in "
        "a browser, then start the bot again."
    )


def _check_all(games: Sequence[Game], daemons: Sequence[Daemon]) -> int | None:
    """`_lost_database_check` for every game; a refusal is named and left for `status`."""
    for (path, cfg), d in zip(games, daemons, strict=True):
        try:
            if _lost_database_check(d.store, d.client, cfg) is not None:
                return 1
        except DatabaseUnusable as exc:
            line = str(named_refusal(path, cfg, exc))
            write_note(note_path(cfg.database_url, path), line)
            raise DatabaseUnusable(line) from None
        clear_note(note_path(cfg.database_url, path))
    return None


def _lost_database_check(
    store: Store | None, client: BoardClient, cfg: Config, *, strict: bool = False
) -> int | None:
    """Refuse to start the game over on a fresh database when the board shows it began (a
    dry run has a database of its own, new on first use, so it skips this). A board that
    cannot be read here is one line and exit 1: systemd starts the bot again later (with
    `strict`, raised: the database is not created until the board has answered)."""
    if store is not None and store.find_game(cfg.game.topic) is not None:
        return None  # the game is in the database: nothing to prove from the board
    try:
        client.login()  # the sent folders are the account's own
        refuse_lost_database(store, client, cfg.game.topic, cfg.game.name)
    except (LoginFailed, Interrupted, ShutOut):
        raise
    except ScraperError as exc:
        if strict:
            raise BoardUnreachable(
                f"cannot tell from the board whether this game already began ({exc}); "
                "nothing was created or sent — the bot tries again when started again"
            ) from None
        print(f"mafiabot: {exc}", file=sys.stderr)
        return 1
    return None


def _once(daemon: Daemon) -> int:
    """One tick, no back-off: a board error is one line for the host and exit code 1."""
    now = utcnow()
    try:
        report = daemon.tick(now)
    except (LoginFailed, HostError):
        raise
    except Interrupted:
        log.info("the tick stopped on request")
        return 0
    except ShutOut as exc:
        daemon.shut_out(now, exc)
        raise
    except ScraperError as exc:
        print(f"mafiabot: {exc}", file=sys.stderr)
        daemon.record_tick(now, f"failed: {exc}", ok=False)
        return 1
    except Exception as exc:
        log.exception("the tick failed")
        daemon.record_tick(now, f"failed: {exc}", ok=False)
        return 1
    finally:
        daemon.client.close()
    summary = daemon.summary(report)
    if report.failed:  # the board refused a message for good: not a tick that went well
        log.error("tick: %s", summary)
        for line in report.failed:
            print(f"mafiabot: {line}", file=sys.stderr)
        daemon.record_tick(now, summary, ok=False)
        return 1
    log.info("tick: %s", summary)
    daemon.record_tick(now, summary, ok=True)
    return 0
