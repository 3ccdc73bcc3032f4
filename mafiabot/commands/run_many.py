"""`mafiabot run` with several configs: every game from one process (`mafiabot.daemon.host`).

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
from collections.abc import Sequence
from pathlib import Path

from mafiabot import bootstrap
from mafiabot.commands.run import (
    _lost_database_check,
    _once,
    dry_run_url,
    guard_file,
    login_refused,
    named_refusal,
    open_game_store,
)
from mafiabot.config import Config, ConfigError
from mafiabot.daemon import Daemon
from mafiabot.daemon.host import Host
from mafiabot.daemon.shared import GameView, SharedSession, claim_for
from mafiabot.dbfile import clear_note, note_path, sqlite_path, write_note
from mafiabot.exitcodes import DatabaseUnusable, HostError, LoginRefused, UsageError
from mafiabot.lock import GameLock, acquire_game_lock, game_identity
from mafiabot.store import Store
from scraper.errors import LoginFailed

log = logging.getLogger(__name__)

Game = tuple[Path, Config]


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
                    raise UsageError(f"{path}: {exc}") from exc
    except BaseException:
        for s in sessions.values():
            s.close()
        raise
    return sessions


def open_games(
    games: Sequence[Game],
    sessions: dict[tuple[str, str], SharedSession] | None = None,
    *,
    check: bool = False,
) -> tuple[list[GameLock], dict[str, Store]]:
    """Each game's lock and the stores (one per database URL). SQLite locks a file, so the
    file's one lock covers every game kept in it; PostgreSQL locks each game by itself.
    With `check`, a database file not there yet is first looked for on the board."""
    locks: list[GameLock] = []
    stores: dict[str, Store] = {}
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
                    write_note(note_path(url, path), str(exc))
                    raise
                locks.append(lock)
                notes = [note_path(url, p) for p, c in games if c.database_url == url]
                guard_file(stores[url], notes)
            elif sqlite_path(url) is None:
                try:
                    locks.append(acquire_game_lock(url, ident))
                except HostError as exc:
                    raise named_refusal(path, cfg, exc) from None
    except BaseException:
        close_games(locks, stores)
        raise
    return locks, stores


def close_games(locks: Sequence[GameLock], stores: dict[str, Store]) -> None:
    for st in stores.values():
        st.close()
    for lock in locks:
        lock.release()


def run_many(args: argparse.Namespace, loaded: Sequence[Game]) -> int:
    games = [(path, _dry(cfg) if args.dry_run else cfg) for path, cfg in loaded]
    sessions = open_sessions(games)
    try:
        locks, stores = open_games(games, sessions, check=not args.dry_run)
        try:
            return _host(args, games, sessions, stores)
        finally:
            close_games(locks, stores)
    finally:
        for s in sessions.values():
            s.close()


def _dry(cfg: Config) -> Config:
    return dataclasses.replace(cfg, dry_run=True, database_url=dry_run_url(cfg.database_url))


def _host(
    args: argparse.Namespace,
    games: Sequence[Game],
    sessions: dict[tuple[str, str], SharedSession],
    stores: dict[str, Store],
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
    log.info("%d games, %d board session(s)", len(daemons), len(sessions))
    try:
        if not args.dry_run:
            for (path, cfg), d in zip(games, daemons, strict=True):
                try:
                    if _lost_database_check(d.store, d.client, cfg) is not None:
                        return 1
                except DatabaseUnusable as exc:
                    line = str(named_refusal(path, cfg, exc))
                    write_note(note_path(cfg.database_url, path), line)
                    raise DatabaseUnusable(line) from None
                clear_note(note_path(cfg.database_url, path))
        if args.once:
            return max(_once(d) for d in daemons)
        Host(daemons).run()
    except LoginFailed as exc:
        refused = next(
            (cfg for _p, cfg in games if sessions[session_key(cfg)].refused is exc), games[0][1]
        )
        raise LoginRefused(login_refused(refused, exc)) from None
    return 0
