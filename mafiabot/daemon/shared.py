"""One board account, several games: the session they share and what each game sees of it.

Games hosted on the same board by the same account go through ONE board client — one
connection pool, one cookie jar, one write pacer — because the board's flood interval counts
per account, not per game, and two logins would rotate each other's session keys. The
account's inbox is shared too: each letter is opened once (which marks it read on the
board) and handed to the game it belongs to, so that no game misses a letter another game
opened first, and no game answers another game's move.

A letter belongs to exactly one game, or to none — never to a game by elimination:

- one that names a game its sender plays in (the game's name or topic number, in the
  subject or the text) is that game's — and nobody's while that game is over: «Стол Запад:
  лечу Анна» is never read by «Восток» because «Запад» has ended;
- else it is the game's its sender is alive in, when that is one game (or, dead everywhere,
  the one game he was seated in, which tells him he is out);
- a player alive in several games who names none: nobody's (which game would it be?);
- from nobody's player, the first running game's, which flags it for the host; the host's
  own letters go to every game (each skips them).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Final

from mafiabot.daemon import ingest
from mafiabot.daemon.context import Shell
from parser.records import PrivateMessage
from scraper.board import BoardClient, FetchedPM
from scraper.errors import LoginFailed

log = logging.getLogger("mafiabot.daemon")


@dataclass(frozen=True, slots=True)
class Interest:
    """What a game makes of a letter: whether the game is running, whether the sender is
    the host or seated there (and alive), whether the letter names the game."""

    running: bool = False
    #: the game was running when the letter was written (a game over since still claims it)
    live: bool = False
    host: bool = False
    seated: bool = False
    alive: bool = False
    named: bool = False


NOBODY: Final = Interest()

Claim = Callable[[FetchedPM], Interest]


class SharedSession:
    """The board client of one account, shared by its games' `GameView`s."""

    def __init__(self, client: BoardClient) -> None:
        self.client = client
        self.logged_in = False
        # a refused login is remembered: trying again for the next game would count as
        # another bad password (phpBB asks for a CAPTCHA after three)
        self.refused: LoginFailed | None = None
        self._letters: dict[int, FetchedPM] = {}
        self._owners: dict[int, list[GameView]] = {}
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
        """The game a letter goes to — one or none (see the module docstring); every game
        for the host's own letters. Decided once, when the letter is first looked at: a
        game ending later does not hand its letters to another."""
        if f.id not in self._owners:
            self._owners[f.id] = self._decide(f)
        return self._owners[f.id]

    def _decide(self, f: FetchedPM) -> list[GameView]:
        if len(self._views) == 1:
            return list(self._views)  # one game: its own reading decides, as without a session
        seen = [(v, v.claim(f)) for v in self._views]
        if any(i.host for _v, i in seen):
            return [v for v, i in seen if i.running]

        def one(found: list[tuple[GameView, Interest]]) -> list[GameView]:
            # a game over now keeps what was written to it: nobody else reads it
            return [v for v, i in found if i.running] if len(found) == 1 else []

        named = [(v, i) for v, i in seen if i.named and i.seated]
        if named:
            return one(named)
        for pick in (
            [(v, i) for v, i in seen if i.live and i.alive],
            [(v, i) for v, i in seen if i.live and i.seated],
        ):
            if pick:
                return one(pick)
        if any(i.seated for _v, i in seen):
            return []  # a player of a game that is over: his letter is no other game's
        return [v for v, i in seen if i.running][:1]

    def close(self) -> None:
        self.client.close()


class GameView:
    """One game's handle on a shared session: the same client for everything, except that
    logging in happens once per account, closing is the session's business, and the inbox
    holds only this game's letters."""

    def __init__(self, session: SharedSession) -> None:
        self.session = session
        self.claim: Claim = lambda _f: NOBODY

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

    def games_seating(self, sender: str, sender_id: int | None = None) -> int:
        """How many games of this account seat `sender` (a reply to a player of several
        names its game)."""
        claims = [v.claim for v in self.session._views]
        return sum(c.seats(sender, sender_id) for c in claims if isinstance(c, ShellClaim))


class ShellClaim:
    """What the game of `shell` makes of a letter, read the way its own tick will read it
    (a `Claim`); it also knows the game, so the session can say who plays where."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        # a letter another game owns is looked at again every tick: read each one once
        self._read: dict[int, PrivateMessage | None] = {}

    def seats(self, sender: str, sender_id: int | None) -> bool:
        """Whether this game seats the sender (the host's accounts are no seat)."""
        g = self.shell.store.find_game(self.shell.cfg.game.topic)
        if g is None or g.state is None or self.shell.is_host(sender):
            return False
        return self.shell.seat_of(g, sender, sender_id) is not None

    def __call__(self, f: FetchedPM) -> Interest:
        sh = self.shell
        g = sh.store.find_game(sh.cfg.game.topic)
        if g is None or g.state is None:
            return NOBODY
        if f.id not in self._read:
            try:
                self._read[f.id] = ingest.read_pm(sh, f.raw.html, f.id, f.raw.fetched_at)
            except Exception:  # unreadable here: the game that gets it flags it
                log.debug("letter %d unreadable for %r", f.id, sh.cfg.game.name, exc_info=True)
                self._read[f.id] = None
        pm = self._read[f.id]
        running = g.status == "running"
        ended = g.finished_at if g.status == "over" else None
        sent = pm.sent_at if pm is not None else None
        live = running or (ended is not None and sent is not None and sent < ended)
        if pm is None:
            return Interest(running=running, live=live)
        if sh.is_host(pm.sender):
            return Interest(running=running, live=live, host=True)
        seat = sh.seat_of(g, pm.sender, pm.sender_id)
        if seat is None:
            return Interest(running=running, live=live)
        return Interest(
            running=running,
            live=live,
            seated=True,
            alive=seat in sh.state(g).living_nicks(),
            named=names_game(sh, f"{pm.subject}\n{pm.own_text}"),
        )


def claim_for(sh: Shell) -> Claim:
    """The letter claim of the game of `sh` (see `ShellClaim`)."""
    return ShellClaim(sh)


def names_game(sh: Shell, text: str) -> bool:
    """Whether a letter names this game: its name, or its topic number standing alone."""
    folded = text.casefold()
    name = sh.cfg.game.name.strip().casefold()
    if name and name in folded:
        return True
    return re.search(rf"(?<!\d){sh.cfg.game.topic}(?!\d)", folded) is not None
