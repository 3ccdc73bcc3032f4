"""`mafiabot parse votes`: the votes found in saved topic pages, as one JSON object.

    mafiabot parse votes --ruleset gambler|pefl --players NICKS.txt [--members LIST.html] PAGE.html…

prints ``{"votes": [...], "rejected": [...], "tally": {...}}`` (see README.md). Pages are
read in the order given; a post that appears on two pages is read once.

A post is a player's by his board user id — from the players file (``Шерлок = 61`` or a
tab before the id), the board's member list (``--members``, matched by exact spelling), or
his own post on these pages — and otherwise only under his exact spelling: a voter's name
is never folded (an account «Шерлoк» with a Latin «o» is someone else).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mafiabot.commands.common import (
    UsageError,
    iso,
    parse_now,
    read_cast,
    read_html,
    read_nicks,
    refuse_overlap,
)


def board_ids(args: argparse.Namespace, cast: dict[str, int | None]) -> dict[str, int]:
    """The ids the command line gives: the players file's, else the member lists'."""
    from parser.identity import ids_by_spelling, member_ids

    ids = {nick: uid for nick, uid in cast.items() if uid is not None}
    members: dict[str, int] = {}
    for path in getattr(args, "members", None) or ():
        members.update(member_ids(read_html(path)))
    for nick, uid in ids_by_spelling(cast, members).items():
        ids.setdefault(nick, uid)
    return ids


def main(args: argparse.Namespace) -> int:
    from parser.identity import learn_ids
    from parser.pages import is_board_page, parse_topic
    from parser.records import Post
    from parser.votes.day import extract_votes, self_greens
    from parser.votes.records import VoteOptions

    cast = read_cast(args.players)
    players = list(cast)
    if not players:
        raise UsageError(f"the players file {args.players} lists no nicks")
    dead_cast = read_cast(getattr(args, "dead", None), "dead players")
    dead = list(dead_cast)
    beaten = read_nicks(getattr(args, "beaten", None), "beaten players")
    refuse_overlap(players, dead)
    now = parse_now(args.now)
    tz = args.tz or "Europe/Moscow"

    posts: dict[int, Post] = {}
    for path in args.pages:
        html = read_html(path)
        if not is_board_page(html):
            raise UsageError(f"{path}: not a page of a known board")
        page = parse_topic(html, board=args.board, tz=tz, now=now)
        if not page.posts and page.topic_id is None:
            raise UsageError(f"{path}: not a topic page")
        if all(p.id == 0 for p in page.posts):
            # a printable view: without board ids posts cannot be told apart (one would
            # swallow the rest), nor quoted for agreement or windowed by post id
            raise UsageError(f"{path}: posts carry no board ids (printable view?); use topic pages")
        for p in page.posts:
            if p.id == 0:
                print(
                    f"mafiabot: warning: {path}: a post without a board id skipped", file=sys.stderr
                )
                continue
            posts.setdefault(p.id, p)

    colors = getattr(args, "colors", None)
    min_words = getattr(args, "min_reason_words", None)  # 0 is a setting, not "unset"
    options = VoteOptions(
        colors=tuple(c.strip() for c in colors.split(",") if c.strip()) if colors else None,
        policy=getattr(args, "policy", None),
        min_reason_words=3 if min_words is None else min_words,
        ignore_authors=frozenset(getattr(args, "host", None) or ()),
        after_post_id=getattr(args, "after_post", None),
        before_post_id=getattr(args, "before_post", None),
        vote_nicks="exact" if getattr(args, "vote_nicks", None) == "exact" else "as_moves",
    )
    # each player's board user id from his own posts on these pages: a look-alike account
    # voting in his name is then an outsider
    ordered = sorted(posts.values(), key=lambda p: p.id)
    ids: dict[str, int] = board_ids(args, {**cast, **dead_cast})
    learned = learn_ids([*players, *dead], ((p.author, p.author_id) for p in ordered))
    for nick, uid in learned.items():
        ids.setdefault(nick, uid)
    result = extract_votes(
        posts.values(),
        ruleset=args.ruleset,
        players=players,
        options=options,
        dead=dead,
        beaten=beaten,
        player_ids=dict(ids),
    )
    if getattr(args, "self_greens", False):
        result = self_greens(result, players)

    out: dict[str, Any] = {
        "votes": [
            {
                "voter": v.voter,
                "target": v.target,
                "kind": v.kind,
                "post_id": v.post_id,
                "at": iso(v.at),
                "agreed_with": v.agreed_with,
            }
            for v in result.votes
        ],
        "rejected": [
            {"author": r.author, "reason": r.reason, "detail": r.detail, "post_id": r.post_id}
            for r in result.rejected
        ],
        "tally": result.tally,
    }
    if getattr(args, "details", False):
        out["posts"] = [
            {
                "post_id": p.post_id,
                "author": p.author,
                "status": p.status,
                "target": p.target,
                "reason": p.reason,
                "span": p.span,
                "method": p.method,
                "confidence": p.confidence,
                "agreed_with": p.agreed_with,
                "note": p.note,
            }
            for p in result.posts
        ]
    sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    return 0
