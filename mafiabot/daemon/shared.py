"""One board account, several games: the session they share and what each game sees of it.

Games hosted on the same board by the same account go through ONE board client — one
connection pool, one cookie jar, one write pacer — because the board's flood interval counts
per account, not per game, and two logins would rotate each other's session keys. The
account's inbox is shared too: each letter is opened once (which marks it read on the
board) and handed to the game it belongs to, so that no game misses a letter another game
opened first, and no game answers another game's move:

- a letter from a player of exactly one game goes to that game;
- from a player of several games (one person may play in two), to the game(s) it names —
  by the game's name or topic number in the subject or the text — else to each of them, and
  each game's own reading decides (a letter with no move there is only flagged);
- from nobody's player, to the first game on the account, which flags it for the host as
  it does today; the host's own letters go to every game (each skips them).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Collection
from typing import Any

from mafiabot.daemon import ingest
from mafiabot.daemon.context import Shell
from parser.records import PrivateMessage
from scraper.board import BoardClient, FetchedPM
from scraper.errors import LoginFailed

log = logging.getLogger("mafiabot.daemon")

#: how strongly a game claims a letter: not its own, its player's, its player's naming it
NOT_MINE, PLAYER, NAMED = 0, 1, 2

Claim = Callable[[FetchedPM], int]


class SharedSession:
    """The board client of one account, shared by its games' `GameView`s."""

    def __init__(self, client: BoardClient) -> None:
        self.client = client
        self.logged_in = False
        # a refused login is remembered: trying again for the next game would count as
        # another bad password (phpBB asks for a CAPTCHA after three)
        self.refused: LoginFailed | None = None
        self._letters: dict[int, FetchedPM] = {}
        self._views: list[GameView] = []

    def view(self) -> GameView:
        """A new game's view of this session (its letter claim is set once the game exists)."""
        v = GameView(self)
        self._views.append(v)
        return v

    def login(self) -> None:
        if self.refused is not None:
            raise self.refused
        if self.logged_in:
            return  # the client logs in again by itself when the session expires
        try:
            self.client.login()
        except LoginFailed as exc:
            self.refused = exc
            raise
        self.logged_in = True

    def letters_for(
        self, view: GameView, skip: Collection[int], newer_than: int | None
    ) -> list[FetchedPM]:
        """The letters `view`'s game has not seen yet and that belong to it. Opens only what
        no game has opened in this process; earlier openings come from memory."""
        skip = set(skip)
        fresh = self.client.fetch_unread_pms(
            skip=skip | self._letters.keys(), newer_than=newer_than
        )
        for f in fresh:
            self._letters[f.id] = f
        return [
            f
            for f in sorted(self._letters.values(), key=lambda f: f.id)
            if f.id not in skip and view in self.owners(f)
        ]

    def owners(self, f: FetchedPM) -> list[GameView]:
        """The games a letter goes to (see the module docstring)."""
        if len(self._views) == 1:
            return list(self._views)  # one game: its own reading decides, as without a session
        scores = [(v, v.claim(f)) for v in self._views]
        best = max((s for _v, s in scores), default=NOT_MINE)
        if best == NOT_MINE:
            return self._views[:1]
        return [v for v, s in scores if s == best]

    def close(self) -> None:
        self.client.close()


class GameView:
    """One game's handle on a shared session: the same client for everything, except that
    logging in happens once per account, closing is the session's business, and the inbox
    holds only this game's letters."""

    def __init__(self, session: SharedSession) -> None:
        self.session = session
        self.claim: Claim = lambda _f: NOT_MINE

    def __getattr__(self, name: str) -> Any:
        return getattr(self.session.client, name)

    @property
    def max_message_length(self) -> int | None:
        return self.session.client.max_message_length

    @max_message_length.setter
    def max_message_length(self, value: int | None) -> None:
        self.session.client.max_message_length = value

    def login(self) -> None:
        self.session.login()

    def close(self) -> None:
        return None  # the host closes the session once every game is done

    def fetch_unread_pms(
        self, skip: Collection[int] = (), newer_than: int | None = None
    ) -> list[FetchedPM]:
        return self.session.letters_for(self, skip, newer_than)


def claim_for(sh: Shell) -> Claim:
    """How strongly the game of `sh` claims a letter, read the way its own tick will read it."""

    # a letter another game owns is looked at again every tick: read each one once
    read: dict[int, PrivateMessage | None] = {}

    def claim(f: FetchedPM) -> int:
        g = sh.store.find_game(sh.cfg.game.topic)
        if g is None or g.status != "running":
            return NOT_MINE
        if f.id not in read:
            try:
                read[f.id] = ingest.read_pm(sh, f.raw.html, f.id, f.raw.fetched_at)
            except Exception:  # unreadable here: the game that gets it flags it
                log.debug("letter %d unreadable for %r", f.id, sh.cfg.game.name, exc_info=True)
                read[f.id] = None
        pm = read[f.id]
        if pm is None:
            return NOT_MINE
        if sh.is_host(pm.sender):
            return PLAYER
        if sh.seat_of(g, pm.sender, pm.sender_id) is None:
            return NOT_MINE
        return NAMED if names_game(sh, f"{pm.subject}\n{pm.own_text}") else PLAYER

    return claim


def names_game(sh: Shell, text: str) -> bool:
    """Whether a letter names this game: its name, or its topic number standing alone."""
    folded = text.casefold()
    name = sh.cfg.game.name.strip().casefold()
    if name and name in folded:
        return True
    return re.search(rf"(?<!\d){sh.cfg.game.topic}(?!\d)", folded) is not None
