"""The host's mailbox never fills: stored letters and spent Sent copies leave the board, and the
host hears well before the box reaches its quota.

A board gives every box a quota (IPB 1.3 and phpBB: 50 letters by default) and refuses or holds
back new letters once it is full — the players' night moves would never arrive (C-2). The bot
runs on the host's account, so:

- a letter the bot has stored (it is in the database, the dashboard and the host report) is
  removed from the inbox; a letter that is not the game's (the host's own mail, letters from
  before the game, the bot's reports to itself) stays where it is;
- a Sent copy the bot asked for (IPB 1.x/2.x keep one only when asked, and the copy is how the
  bot proves a PM went out) is removed once the message is recorded as sent;
- the box's fill, where the board shows it, is watched: from `WARN_SHARE` of the quota on, the
  host is told in the report and in `status` (the tick's line), and at the start if the box
  is that full already.

Only what the client listed anyway is looked at (the inbox is listed on every poll, the sent
folder after each PM the board gave no id for), so an idle tick asks the board nothing more.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection

from mafiabot.daemon import flags
from mafiabot.daemon.context import Shell
from mafiabot.newspaper.host_words import Count, note
from mafiabot.store.tables import Game
from scraper.board import PMRef
from scraper.errors import ScraperError

log = logging.getLogger("mafiabot.daemon")

#: the share of the quota from which the host is warned
WARN_SHARE = 0.8


def _listed(sh: Shell, folder: str) -> list[PMRef]:
    listed: Callable[[str], list[PMRef] | None] | None = getattr(sh.client, "listed_pms", None)
    rows = listed(folder) if listed is not None else None
    return rows or []


def _delete(sh: Shell, ids: Collection[int], folder: str) -> bool:
    delete: Callable[[Collection[int], str], None] | None = getattr(sh.client, "delete_pms", None)
    if delete is None or not ids or not sh.cfg.board.clean_mailbox:
        return False
    try:
        delete(ids, folder)
    except (ScraperError, NotImplementedError) as exc:
        # the letters are safe in the store: the next poll tries again
        log.warning("could not remove %d letter(s) from the %s folder: %s", len(ids), folder, exc)
        return False
    return True


def tidy_inbox(sh: Shell, g: Game, seen: Collection[int]) -> None:
    """Remove from the inbox the letters the bot has stored (after `ingest.poll_pms`)."""
    rows = [r for r in _listed(sh, "inbox") if r.id in seen and r.id not in sh.kept_pms]
    if not rows:
        return
    stored = {p.board_id for p in sh.store.pms(g.id)}
    mine = [r.id for r in rows if r.id in stored]
    sh.kept_pms.update(r.id for r in rows if r.id not in stored)  # not the game's: left alone
    _delete(sh, mine, "inbox")


def tidy_sent(sh: Shell, g: Game) -> None:
    """Remove the Sent copies of PMs the outbox has recorded as sent (after a flush)."""
    rows = [r for r in _listed(sh, "sentbox") if r.id not in sh.kept_pms]
    if not rows:
        return
    recorded = {
        i
        for row in sh.outbox(g).all()
        if row.channel == "pm" and row.status == "sent"
        for i in row.board_ids
    }
    mine = [r.id for r in rows if r.id in recorded]
    sh.kept_pms.update(r.id for r in rows if r.id not in recorded)
    _delete(sh, mine, "sentbox")


def watch_fill(sh: Shell, g: Game) -> str:
    """The box's fill as the board last showed it ("" where it does not), and a note for the
    host from `WARN_SHARE` of the quota on."""
    fill: tuple[int, int] | None = getattr(sh.client, "mailbox_fill", None)
    if not isinstance(fill, tuple) or fill[1] <= 0:
        return ""
    used, quota = fill
    if used >= WARN_SHARE * quota:
        flags.flag(
            sh.store,
            g,
            g.turn,
            note(
                "mailbox_filling" if sh.cfg.board.clean_mailbox else "mailbox_filling_clean",
                sh.rules,
                used=Count(used),
                quota=quota,
            ),
        )
    return f"mailbox {used}/{quota}"
