"""`mafiabot run -c config.toml [-c more.toml | -c games/] [--dry-run] [--once]`: host the
game (or several: `mafiabot.daemon.host`) until it ends or SIGTERM."""

from __future__ import annotations

import argparse
import dataclasses
import logging
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from mafiabot import bootstrap
from mafiabot.cli import UsageError
from mafiabot.config import Config, ConfigError, load_config
from mafiabot.configs import given_configs, load_configs
from mafiabot.daemon import Daemon, utcnow
from mafiabot.dbfile import (
    DatabaseVanished,
    FileWatch,
    clear_note,
    note_path,
    refuse_lost_database,
    write_note,
)
from mafiabot.exitcodes import BoardUnreachable, DatabaseUnusable, HostError, LoginRefused
from mafiabot.lock import GameLock, game_identity, open_locked_store
from mafiabot.store import Store
from scraper.board import BoardClient
from scraper.errors import LoginFailed, ScraperError

log = logging.getLogger(__name__)


def dry_run_url(url: str) -> str:
    """A dry run keeps its own SQLite file, so nothing it "sends" counts as sent for real."""
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        return url + ".dry-run"
    return "sqlite:///mafiabot-dry-run.sqlite"


def main(args: argparse.Namespace) -> int:
    bootstrap.setup_logging()
    given = given_configs(args.config)
    if len(given) > 1 or Path(given[0]).is_dir():
        from mafiabot.commands.run_many import run_many

        return run_many(args, load_configs(given))
    try:
        cfg = load_config(given[0])
    except ConfigError as exc:
        raise UsageError(str(exc)) from exc
    if args.dry_run:
        cfg = dataclasses.replace(cfg, dry_run=True, database_url=dry_run_url(cfg.database_url))
    try:
        client = bootstrap.make_client(cfg)
    except ConfigError as exc:
        raise UsageError(str(exc)) from exc
    note = note_path(cfg.database_url, Path(given[0]))
    try:
        return _run(args, given[0], cfg, client)
    except LoginFailed as exc:
        raise LoginRefused(login_refused(cfg, exc)) from None
    except DatabaseUnusable as exc:
        write_note(note, str(exc))  # `status` says why, even with no database to read
        raise


def _run(args: argparse.Namespace, path: str | Path, cfg: Config, client: BoardClient) -> int:
    lock, store = open_game_store(path, cfg, client, check=not args.dry_run)
    try:
        watch = guard_file(store, [note_path(cfg.database_url, Path(path))])
        daemon = bootstrap.build_daemon(
            cfg, store, client, dry_run_out=sys.stdout if args.dry_run else None
        )
        log.info("hosting %r (%s) in topic %d", cfg.game.name, cfg.game.ruleset, cfg.game.topic)
        if not args.dry_run and _lost_database_check(store, client, cfg) is not None:
            return 1
        clear_note(note_path(cfg.database_url, Path(path)))
        if args.once:
            return _once(daemon)
        daemon.run()
        if watch is not None and watch.tripped:
            raise DatabaseVanished(watch.tripped)
    finally:
        store.close()
        lock.release()
    return 0


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
            cfg.database_url, game_identity(cfg.board.url, cfg.game.topic), before
        )
    except HostError as exc:
        raise named_refusal(path, cfg, exc) from None


def named_refusal(path: str | Path, cfg: Config, exc: HostError) -> HostError:
    """`exc` again, its line opened by the config file and the game it is about."""
    return type(exc)(f"{path}: game {cfg.game.name!r} (topic {cfg.game.topic}): {exc}")


def login_refused(cfg: Config, exc: LoginFailed) -> str:
    """The one line a host reads when the board refuses the bot's account."""
    return (
        f"{exc}. Stopped without retrying (phpBB asks for a CAPTCHA after 3 bad passwords): "
        f"check [board] username and the password in ${cfg.board.password_env}, log in once in "
        "a browser, then start the bot again."
    )


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
    except LoginFailed:
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
    log.info("tick: %s", summary)
    daemon.record_tick(now, summary, ok=True)
    return 0
