"""`mafiabot run -c config.toml [--dry-run] [--once]`: host the game until it ends or SIGTERM."""

from __future__ import annotations

import argparse
import dataclasses
import logging
import sys

from mafiabot.cli import UsageError
from mafiabot.config import ConfigError, load_config
from mafiabot.daemon import Daemon, DryRunClient, make_client, setup_logging, utcnow
from mafiabot.store import open_store

log = logging.getLogger(__name__)


def dry_run_url(url: str) -> str:
    """A dry run keeps its own SQLite file, so nothing it "sends" counts as sent for real."""
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        return url + ".dry-run"
    return "sqlite:///mafiabot-dry-run.sqlite"


def main(args: argparse.Namespace) -> int:
    setup_logging()
    try:
        cfg = load_config(args.config)
    except ConfigError as exc:
        raise UsageError(str(exc)) from exc
    if args.dry_run:
        cfg = dataclasses.replace(cfg, dry_run=True, database_url=dry_run_url(cfg.database_url))
    try:
        client = make_client(cfg)
    except ConfigError as exc:
        raise UsageError(str(exc)) from exc
    if args.dry_run:
        client = DryRunClient(client, sys.stdout)
    store = open_store(cfg.database_url)
    daemon = Daemon(cfg, store, client)
    log.info("hosting %r (%s) in topic %d", cfg.game.name, cfg.game.ruleset, cfg.game.topic)
    try:
        if args.once:
            report = daemon.safe_tick(utcnow())
            daemon.client.close()
            return 0 if report is not None else 1
        daemon.run()
    finally:
        store.close()
    return 0
