"""Scenario posts and PMs through the real parser.

A scenario gives a post as its body HTML (what the board renders inside the post); this
module reads it with the board's body reader into the same `Post` record the topic parsers
produce (the turn's assembly, `mafiabot.turn_inputs`, reads their votes) and hands PM text
to the move parser (`parser.moves`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from engine import GameState, InputRejected, Move
from parser.html import parse_html
from parser.moves import parse_move
from parser.phpbb.body import read_body
from parser.records import Post
from parser.sender import sender_view

# quotes the scenario may mark more plainly than phpBB does: <blockquote data-post-id="3">
_POST_REF = re.compile(r"(?:[?&]p=|#p)(\d+)")


def post_from_body(pid: int, author: str, html: str, position: int) -> Post:
    """A `Post` record from a post body's HTML (quotes split off, coloured spans read)."""
    tree = parse_html(f'<div class="content">{html}</div>')
    content = tree.css_first("div.content")
    if content is None:  # unreachable for the wrapper above; keeps the record total
        return Post(pid, author, None, None, html, "", "", position=position)
    plain_ids = [_plain_quote_id(bq.attributes) for bq in content.css("blockquote")]
    body = read_body(content, f"post {pid}")
    quotes = tuple(
        replace(q, post_id=plain_ids[i]) if q.post_id is None and i < len(plain_ids) else q
        for i, q in enumerate(body.quotes)
    )
    return Post(
        id=pid,
        author=author,
        author_id=None,
        posted_at=None,
        body_html=html,
        text=body.text,
        own_text=body.own_text,
        colored=body.colored,
        quotes=quotes,
        position=position,
        linked_posts=body.links,  # P-V.2 "(or links to)": read as on a real board page
    )


def _plain_quote_id(attrs: dict[str, str | None]) -> int | None:
    for key in ("data-post-id", "data-postid"):
        v = attrs.get(key)
        if v and v.isdigit():
            return int(v)
    cite = attrs.get("cite") or ""
    m = _POST_REF.search(cite)
    return int(m.group(1)) if m else None


def parse_pm(
    text: str, actor: str, living: Sequence[str], state: GameState | None = None
) -> Move | InputRejected | None:
    """A PM body → Move via the move parser (C-2, C-3), through the sender's role when the
    game `state` is given."""
    view = sender_view(state, actor) if state is not None else None
    return parse_move(text, actor=actor, players=living, view=view)
