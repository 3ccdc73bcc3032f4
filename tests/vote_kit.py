"""Shared helpers of the day-vote unit tests: a coloured nick as a board's post body shows it,
and readers of one post by a cast member.

`red` / `green` write the plain ``<span style="color:…">`` markup most vote tests use; a test
that needs another spelling (hex colours, nested tags, BBCode, a prose tail) keeps its own.
`reader_for` builds the ``_read(body, rules)`` those tests share: the body is put into a post
(`post_from_body`) by the given author and read by `extract_votes` against the cast.
`nick_reader_for` builds the ``_read(rules, text, nick)`` of the tests that write a plain
sentence and colour the nick's first occurrence in the ruleset's colour.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal, Protocol

from mafiabot.replay_posts import post_from_body
from parser.votes.day import extract_votes
from parser.votes.records import PostReading, VoteOptions

Rules = Literal["pefl", "gambler"]


class Reader(Protocol):
    """Reads one post body under a ruleset."""

    def __call__(self, body: str, rules: Rules = "pefl") -> PostReading: ...


class NickReader(Protocol):
    """Reads one plain sentence with `nick` coloured in the ruleset's colour."""

    def __call__(
        self, rules: Rules, text: str, nick: str, players: tuple[str, ...] = ...
    ) -> PostReading: ...


def red(nick: str) -> str:
    """A nick in red, as a board renders a BBCode ``[color=red]``."""
    return f'<span style="color:red">{nick}</span>'


def green(nick: str) -> str:
    """A nick in green, as a board renders a BBCode ``[color=green]``."""
    return f'<span style="color:green">{nick}</span>'


def reader_for(
    players: tuple[str, ...],
    *,
    by: str,
    options: VoteOptions | None = None,
    dead: Collection[str] = (),
) -> Reader:
    """A reader of one post written by `by` (post 1, minute 1) in a game of `players`."""

    def read(body: str, rules: Rules = "pefl") -> PostReading:
        post = post_from_body(1, by, body, 1)
        (reading,) = extract_votes(
            [post], ruleset=rules, players=players, options=options, dead=dead
        ).posts
        return reading

    return read


def nick_reader_for(players: tuple[str, ...], *, by: str) -> NickReader:
    """A reader of one sentence by `by` whose first `nick` is coloured red (PEFL) or green
    (Gambler); a call may name another cast."""
    cast = players

    def read(rules: Rules, text: str, nick: str, players: tuple[str, ...] = cast) -> PostReading:
        color = "red" if rules == "pefl" else "green"
        body = text.replace(nick, f'<span style="color:{color}">{nick}</span>', 1)
        post = post_from_body(1, by, body, 1)
        (reading,) = extract_votes([post], ruleset=rules, players=players).posts
        return reading

    return read
