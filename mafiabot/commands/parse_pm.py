"""`mafiabot parse pm`: a saved PM view page and the night move it carries.

    mafiabot parse pm PAGE.html… --players NICKS.txt [--dead NICKS.txt]
    mafiabot parse pm PAGE.html… --cast CAST.json [--ruleset pefl|gambler]

prints one JSON object a line per page: ``{"pm": {...}, "move": {...} | null,
"rejected": {...} | null}`` (see README.md; the move carries the reader's ``confidence`` as
in `parse moves`); for a PM folder page (inbox, sentbox) it is
``{"folder": [{id, sender, sender_id, subject, sent_at, unread}, ...]}``. ``--players``
lists the living players; the sender must be one of them (C-2), targets resolve among them
(C-3), and the letter is read by its words alone. ``--cast`` (the CAST.json of `parse moves`)
names the game instead: the letter is read through the sender's role, as the daemon reads it,
so the doctor's «иду к Кате» is a heal and a question comes back as ``rejected`` with its code.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from mafiabot.commands.common import (
    UsageError,
    load_cast,
    parse_now,
    read_html,
    read_nicks,
    reading_settings,
    refuse_overlap,
)

if TYPE_CHECKING:
    from engine.state import GameState


def main(args: argparse.Namespace) -> int:
    from engine.actions import InputRejected, Move
    from parser.moves import read_pm
    from parser.nicks import NickResolver
    from parser.pages import is_board_page, is_login_page, parse_pm, parse_pm_folder

    settings = reading_settings(args)
    state: GameState | None = None
    if args.cast is not None:
        if args.players is not None or args.dead is not None:
            raise UsageError("--cast already lists the players and the dead: drop --players/--dead")
        state = load_cast(args.cast, args.ruleset)
        living = list(state.living_nicks())
        everyone = [p.nick for p in state.players]
    elif args.players is None:
        raise UsageError("give the players: --players NICKS.txt or --cast CAST.json")
    else:
        living = read_nicks(args.players)
        if not living:
            raise UsageError(f"the players file {args.players} lists no nicks")
        dead = read_nicks(args.dead, "dead players")
        refuse_overlap(living, dead)
        everyone = [*living, *dead]
    now = parse_now(args.now)
    tz = args.tz or "Europe/Moscow"
    resolver = NickResolver(living)

    lines: list[str] = []
    for path in args.pages:
        html = read_html(path)
        if not is_board_page(html):
            raise UsageError(f"{path}: not a page of a known board")
        pm = parse_pm(html, board=args.board, tz=tz, now=now)
        if pm is None:
            folder = parse_pm_folder(html, board=args.board, tz=tz, now=now)
            if not folder.messages:
                if is_login_page(html):
                    raise UsageError(f"{path}: a login page, not a message (session lost?)")
                raise UsageError(f"{path}: not a private message page")
            for issue in folder.issues:
                print(f"mafiabot: warning: {path}: {issue.where}: {issue.message}", file=sys.stderr)
            rows = [
                {
                    "id": m.id,
                    "sender": m.sender,
                    "sender_id": m.sender_id,
                    "subject": m.subject,
                    "sent_at": m.sent_at.isoformat() if m.sent_at else None,
                    "unread": m.unread,
                }
                for m in folder.messages
            ]
            lines.append(json.dumps({"folder": rows}, ensure_ascii=False))
            continue
        for issue in pm.issues:  # e.g. «Вчера, 22:10» read without --now: sent_at is null
            print(f"mafiabot: warning: {path}: {issue.where}: {issue.message}", file=sys.stderr)
        result, confidence = read_pm(
            pm,
            living=living,
            players=everyone,
            resolver=resolver,
            state=state,
            settings=settings,
        )
        out: dict[str, Any] = {
            "pm": {
                "id": pm.id,
                "sender": pm.sender,
                "sender_id": pm.sender_id,
                "recipients": list(pm.recipients),
                "subject": pm.subject,
                "sent_at": pm.sent_at.isoformat() if pm.sent_at else None,
                "text": pm.own_text,
            },
            "move": None,
            "rejected": None,
        }
        if isinstance(result, Move):
            out["move"] = {
                "actor": result.actor,
                "action": result.action,
                "targets": list(result.targets),
                "executor": result.executor,
                "story": result.story,
                "side": result.side,
                # the reader's surety, printed as `parse moves` prints it
                "confidence": None if confidence is None else round(confidence, 3),
            }
        elif isinstance(result, InputRejected):
            out["rejected"] = {
                "author": result.author,
                "reason": result.reason,
                "detail": result.detail,
            }
        lines.append(json.dumps(out, ensure_ascii=False))
    sys.stdout.write("".join(line + "\n" for line in lines))
    return 0
