"""`mafiabot demo [--game pefl|gambler]`: play a recorded game offline, print every newspaper.

It runs the same code as `mafiabot run` — parser, engine, templates, store, daemon loop — with
an offline board (`mafiabot.memory_board.MemoryBoard`) built from real phpBB pages in place of
the forum. Nothing touches the network.
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from pathlib import Path

from mafiabot.demo.play import play
from mafiabot.newspaper.grammar import plural
from mafiabot.newspaper.words import WINNER_RU


def main(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    with tempfile.TemporaryDirectory(prefix="mafiabot-demo-") as tmp:
        db = Path(args.db) if args.db else Path(tmp) / "demo.sqlite"
        run = play(args.game, f"sqlite:///{db}", sys.stdout)
        g = run.daemon.game()
        posts, pms = len(run.topic_posts), len(run.board.sent)
        print(
            f"Игра окончена: {WINNER_RU.get(g.winner or '', 'победителей нет')}. "
            f"Сыграно ходов: {g.turn}; бот написал в теме {posts} "
            f"{plural(posts, 'сообщение', 'сообщения', 'сообщений')} и разослал {pms} "
            f"{plural(pms, 'личное сообщение', 'личных сообщения', 'личных сообщений')}."
        )
        run.store.close()
    return 0
