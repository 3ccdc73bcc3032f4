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
from parser.letters.reading import DEFAULT_READING, ReadingSettings
from parser.moves import LetterRead, read_letter_from
from parser.phpbb.body import read_body
from parser.records import Body, Post, post_record

# quotes the scenario may mark more plainly than phpBB does: <blockquote data-post-id="3">
_POST_REF = re.compile(r"(?:[?&]p=|#p)(\d+)")


def post_from_body(pid: int, author: str, html: str, position: int) -> Post:
    """A `Post` record from a post body's HTML (quotes split off, coloured spans read)."""
    tree = parse_html(f'<div class="content">{html}</div>')
    content = tree.css_first("div.content")
    if content is None:  # unreachable for the wrapper above; keeps the record total
        return post_record(pid, author, None, None, Body(html=html), position=position)
    plain_ids = [_plain_quote_id(bq.attributes) for bq in content.css("blockquote")]
    body = read_body(content, f"post {pid}")
    quotes = tuple(
        replace(q, post_id=plain_ids[i]) if q.post_id is None and i < len(plain_ids) else q
        for i, q in enumerate(body.quotes)
    )
    # the scenario's own markup is the post's; links are read as on a real board page (P-V.2)
    return post_record(
        pid, author, None, None, replace(body, html=html, quotes=quotes), position=position
    )


def _plain_quote_id(attrs: dict[str, str | None]) -> int | None:
    for key in ("data-post-id", "data-postid"):
        v = attrs.get(key)
        if v and v.isdigit():
            return int(v)
    cite = attrs.get("cite") or ""
    m = _POST_REF.search(cite)
    return int(m.group(1)) if m else None


def read_pm_text(
    text: str,
    actor: str,
    living: Sequence[str],
    state: GameState | None = None,
    settings: ReadingSettings = DEFAULT_READING,
) -> LetterRead:
    """A PM body read as replay reads it: through the one letter reader the daemon and `parse
    moves` use (`parser.moves.read_letter_from`: C-2, C-3), through the sender's role when the
    game `state` is given, with the host's reading `settings`; the reading and the engine's
    input made of it."""
    players = [p.nick for p in state.players] if state is not None else None
    return read_letter_from(
        text, actor, living=living, players=players, state=state, settings=settings
    )


def parse_pm(
    text: str,
    actor: str,
    living: Sequence[str],
    state: GameState | None = None,
    settings: ReadingSettings = DEFAULT_READING,
) -> Move | InputRejected | None:
    """A PM body → the engine's input, as `read_pm_text` reads it."""
    return read_pm_text(text, actor, living, state, settings).input
