"""`mafiabot parse posts PAGE.html…`: one JSON object per post, one per line.

Output keys (stable): id (board post id; null in a printable view), author, author_id (null
for a deleted user or guest), posted_at (ISO 8601 with offset, or null), posted_at_text,
subject, text, own_text (outside quotes), colored [{color, text, struck}] (outside quotes, in
order), quotes [{author, author_id, post_id, depth}], linked_posts (post ids linked outside
quotes and signatures, in order), edited (null or {by, at, count, reason}), deleted, page
(file name), position. Parse issues go to stderr as warnings.
"""

from __future__ import annotations

import sys

# the JSON encoder's own string quoting (what `json.encoder.encode_basestring` is), without the
# json package's decoder and its patterns
from _json import encode_basestring

from mafiabot import heap
from mafiabot.commands.common import UsageError, iso, parse_now

# for annotations only (the command starts without typing and argparse's namespace type)
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from datetime import datetime
    from typing import Any


def post_json(post: Any, page: str) -> dict[str, Any]:
    """The stable JSON shape of one Post."""
    edited = post.edited
    return {
        "id": post.id or None,
        "author": post.author,
        "author_id": post.author_id,
        "posted_at": iso(post.posted_at),
        "posted_at_text": post.posted_at_text,
        "subject": post.subject,
        "text": post.text,
        "own_text": post.own_text,
        "colored": [{"color": c.color, "text": c.text, "struck": c.struck} for c in post.colored],
        "quotes": [
            {
                "author": q.author,
                "author_id": q.author_id,
                "post_id": q.post_id,
                "depth": q.depth,
            }
            for q in post.quotes
        ],
        "linked_posts": list(getattr(post, "linked_posts", ())),
        "edited": None
        if edited is None
        else {
            "by": edited.by,
            "at": iso(edited.at),
            "count": edited.count,
            "reason": edited.reason,
        },
        "deleted": post.deleted,
        "page": page,
        "position": post.position,
    }


def _str(value: str | None) -> str:
    return "null" if value is None else encode_basestring(value)


def _int(value: int | None) -> str:
    return "null" if value is None else int.__repr__(value)


def _bool(value: bool) -> str:
    return "true" if value else "false"


def post_line(post: Any, page: str) -> str:
    """`post_json` as one JSON line, written out field by field: exactly what
    `json.JSONEncoder(ensure_ascii=False)` makes of it (tests/test_parser_phpbb_cli.py holds
    them equal), at a third less of a post's cost. `page`: the file name, JSON-quoted. The
    records' text fields are never None: they are quoted as they are."""
    q = encode_basestring
    colored = (
        ", ".join(
            f'{{"color": {q(c.color)}, "text": {q(c.text)}, "struck": {_bool(c.struck)}}}'
            for c in post.colored
        )
        if post.colored
        else ""
    )
    quotes = (
        ", ".join(
            f'{{"author": {_str(x.author)}, "author_id": {_int(x.author_id)}, '
            f'"post_id": {_int(x.post_id)}, "depth": {_int(x.depth)}}}'
            for x in post.quotes
        )
        if post.quotes
        else ""
    )
    e = post.edited
    edited = (
        "null"
        if e is None
        else f'{{"by": {_str(e.by)}, "at": {_str(iso(e.at))}, "count": {_int(e.count)}, '
        f'"reason": {_str(e.reason)}}}'
    )
    linked = ", ".join(map(int.__repr__, getattr(post, "linked_posts", ())))
    at = post.posted_at
    return (
        f'{{"id": {_int(post.id or None)}, "author": {q(post.author)}, '
        f'"author_id": {_int(post.author_id)}, '
        f'"posted_at": {"null" if at is None else q(at.isoformat())}, '
        f'"posted_at_text": {q(post.posted_at_text)}, "subject": {q(post.subject)}, '
        f'"text": {q(post.text)}, "own_text": {q(post.own_text)}, '
        f'"colored": [{colored}], "quotes": [{quotes}], "linked_posts": [{linked}], '
        f'"edited": {edited}, "deleted": {_bool(post.deleted)}, "page": {page}, '
        f'"position": {_int(post.position)}}}\n'
    )


def main(args: argparse.Namespace) -> int:
    tz = args.tz or "Europe/Moscow"
    if args.tz:
        from parser.dates import zone_or_none

        if zone_or_none(args.tz) is None:
            raise UsageError(f"--tz: unknown time zone {args.tz!r}")
    now = parse_now(args.now)
    try:
        _run(args, tz, now)
    except BrokenPipeError:
        # `mafiabot parse posts … | head`: the reader left; that is not an error.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


def _run(args: argparse.Namespace, tz: str, now: datetime | None) -> None:
    import os

    from parser.pages import board_names

    if args.board != "auto" and args.board not in board_names():
        known = ", ".join(("auto", *board_names()))
        raise UsageError(f"--board: unknown board kind {args.board!r} (known: {known})")
    # Check every path before printing anything, so a typo does not leave half an output.
    for path in args.pages:
        if not os.path.isfile(path) or not os.access(path, os.R_OK):
            why = "no such file" if not os.path.exists(path) else "not a readable file"
            raise UsageError(f"cannot read {path}: {why}")
    # JSON lines are UTF-8 whatever the console's encoding is.
    buffer = getattr(sys.stdout, "buffer", None)
    if len(args.pages) >= heap.MANY_PAGES:
        heap.keep_freed_memory()
    # What is loaded by now lives as long as the command: kept out of the collector's passes
    # (a fifth of them went over the modules' objects), given back to it when done.
    with heap.frozen():
        _read_pages(args, tz, now, buffer)
    if buffer is not None:
        buffer.flush()


def _read_pages(args: argparse.Namespace, tz: str, now: datetime | None, buffer: Any) -> None:
    import os

    from parser.pages import detect_board, head_text, is_login_page, parse_topic

    for path in args.pages:
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as exc:
            raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
        # The raw bytes go to the parser (a UTF-8 page needs no decoding); only the top of
        # the page is decoded to recognise the board.
        head = head_text(data, 16384)  # phpBB says who it is in its first lines
        board = args.board
        if board == "auto":
            board = detect_board(head)
            if board is None and len(data) > 16384:
                head = head_text(data, len(data))  # other boards may need all of the page
                board = detect_board(head)
            if board is None:
                raise UsageError(f"{path}: not a page of a known board")
        if is_login_page(head):
            raise UsageError(f"{path}: a login page, not a topic (session lost?)")
        if board != "phpbb":
            heap.invision_page()  # large pages: kept memory from the second on
        page = parse_topic(data, board=board, tz=tz, now=now)
        if not page.posts:
            raise UsageError(f"{path}: not a topic page (no posts found)")
        for issue in page.issues:
            print(f"mafiabot: warning: {path}: {issue.where}: {issue.message}", file=sys.stderr)
        name = encode_basestring(os.path.basename(path))
        lines = "".join(post_line(post, name) for post in page.posts)
        if buffer is not None:
            buffer.write(lines.encode("utf-8"))
        else:
            sys.stdout.write(lines)
