"""What every part of the shell shares for one game: config, store, board client, renderer and
the rule set, plus the few look-ups they all make (the game row, its state, seats, accounts).

The loop owns one `Shell`; ingest, moves, tally, turn, outbox composition, flags and status are
functions of it, each in its own module.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from engine import GameState, RuleSet, get_ruleset
from engine.kinds import Phase
from mafiabot.config import Config
from mafiabot.daemon import calendar
from mafiabot.newspaper.render import Renderer
from mafiabot.store import SqlOutbox, Store
from mafiabot.store.codec import from_json
from mafiabot.store.tables import Game, Player
from parser.identity import Cast, nick_key
from parser.nicks import casefold_key
from poster.outbox import OutboxRow, SearchFrom, new_game_token
from poster.poster import Poster
from scraper.board import BoardClient

log = logging.getLogger("mafiabot.daemon")


class Shell:
    """One game's collaborators. `cfg` and `rules` change when the config file is re-read."""

    def __init__(
        self,
        cfg: Config,
        store: Store,
        client: BoardClient,
        renderer: Renderer | None = None,
        token: Callable[[], str] = new_game_token,
    ) -> None:
        self.cfg = cfg
        self._token = token  # random in production; fixed where output must be reproducible
        self.store = store
        self.client = client
        self.renderer = renderer or Renderer(cfg.game.template_dir, cfg.game.language)
        self.rules: RuleSet = make_rules(cfg)
        # what a tick reads more than once, loaded once: the seats (a unit of work per tick)
        # and a memo of derived results keyed by what they were derived from
        self._players: list[Player] | None = None
        self._seats: tuple[Cast, dict[str, str]] | None = None  # accounts; account -> seat
        self._seen_players: tuple[tuple[str, str], ...] = ()
        self.players_version = 0
        self.posts_version = 0
        self.config_version = 0
        self.memo: dict[str, tuple[object, object]] = {}

    def reconfigure(self, cfg: Config) -> None:
        self.cfg = cfg
        self.rules = make_rules(cfg)
        self.config_version += 1

    def begin_tick(self) -> None:
        """A new unit of work: the seats are read again (once) from the store."""
        self._players = None

    def players_changed(self) -> None:
        """The shell changed a seat (deal, replacement, death): read them again."""
        self._players = None

    def posts_changed(self) -> None:
        """A post was stored or edited: results derived from the posts are stale."""
        self.posts_version += 1

    def version(self) -> tuple[int, int, int]:
        """Changes whenever posts, seats or the config change (memo keys)."""
        return (self.posts_version, self.players_version, self.config_version)

    @property
    def tz(self) -> Any:
        return self.cfg.board.tz

    @property
    def host_accounts(self) -> set[str]:
        return {nick_key(n) for n in (self.cfg.board.username, *self.cfg.game.host_nicks)}

    def is_host(self, author: str) -> bool:
        """Whether `author` is one of the host's accounts (the bot's own included)."""
        return nick_key(author) in self.host_accounts

    @property
    def host_recipient(self) -> str:
        return self.cfg.game.host_nicks[0] if self.cfg.game.host_nicks else self.cfg.board.username

    def game(self) -> Game:
        g = self.store.find_game(self.cfg.game.topic)
        if g is None:
            g = self.store.create_game(
                name=self.cfg.game.name,
                ruleset=self.cfg.game.ruleset,
                topic_id=self.cfg.game.topic,
                court_topic_id=self.cfg.game.court_topic,
                seed=self.cfg.game.seed,
                token=self._token(),
            )
            log.info("new game %s in topic %d (%s)", g.id, g.topic_id, g.ruleset)
        return g

    def outbox(self, g: Game) -> SqlOutbox:
        """The game's outbox; a row added through it is `stamp`ed."""
        return self.store.outbox(g.id, lambda row: self.stamp(g, row))

    def poster(self, g: Game) -> Poster:
        """A sender for the game's outbox, built from the config as it stands now (a re-read
        file's `[board] claim_stale` holds from the next flush)."""
        return Poster(
            self.client, self.outbox(g), claim_stale=timedelta(seconds=self.cfg.board.claim_stale)
        )

    def stamp(self, g: Game, row: OutboxRow) -> OutboxRow:
        """A row being queued, with the game's marker token and where the board stood (the
        stored cursors: an older position only makes a marker search read more).
        A game made before tokens existed keeps "" — its markers as they always were."""
        if row.marker_token or row.search_from is not None:
            return row
        since = SearchFrom()  # no cursor yet: from the topic's first page, never a window
        if row.channel == "pm":
            seen = self.store.seen_pms(g.id)
            since = SearchFrom(pm_id=max(seen) if seen else None)
        elif row.channel == "topic" and row.topic_id is not None:
            at = self.store.topic_positions(g.id).get(row.topic_id)
            if at is not None:
                since = SearchFrom(page=at.page, start=at.start, post_id=at.last_post_id)
        return dataclasses.replace(row, marker_token=g.token, search_from=since)

    def state(self, g: Game) -> GameState:
        assert g.state is not None
        st: GameState = from_json(GameState, g.state)
        return st

    def players(self, g: Game) -> list[Player]:
        """The game's seats, read once per unit of work."""
        if self._players is None or (self._players and self._players[0].game_id != g.id):
            self._players = self.store.players(g.id)
            self._seats = None
            seen = tuple((p.nick, p.account) for p in self._players)
            if seen != self._seen_players:
                self._seen_players = seen
                self.players_version += 1
        return self._players

    def seat_of(self, g: Game, account: str, user_id: int | None = None) -> str | None:
        """The seat an account plays (C-6: a replacement plays under the old nick). With the
        board's `user_id` of the author, a look-alike of a player's name on another account
        is nobody's seat (`parser.identity.Cast`)."""
        players = self.players(g)
        if self._seats is None:
            cast = Cast([p.account for p in players], {p.account: p.user_id for p in players})
            self._seats = (cast, {p.account: p.nick for p in reversed(players)})
        cast, seat = self._seats
        found = cast.player(account, user_id)
        return None if found is None else seat[found]

    def player_ids(self, g: Game) -> dict[str, int | None]:
        """Seat → the board user id of the account playing it, where known (votes are
        matched to players by it)."""
        return {p.nick: p.user_id for p in self.players(g) if p.user_id is not None}

    def learn_user_id(self, g: Game, author: str, user_id: int | None) -> None:
        """Keep the board user id of a seated account from its first post that shows one.
        Only an author spelled as the account (up to case: the board keeps names unique that
        way) teaches it: a look-alike account posting first must not take the player's id."""
        if user_id is None:
            return
        for p in self.players(g):
            if p.user_id is None and casefold_key(p.account) == casefold_key(author):
                self.store.update_player(g.id, p.nick, user_id=user_id)
                self.players_changed()
                return

    def account(self, g: Game, nick: str) -> str:
        """The board account that plays the seat `nick` (where its PMs go)."""
        for p in self.players(g):
            if p.nick == nick:
                return p.account
        return nick

    def deadline_for(self, turn: int, phase: Phase) -> datetime:
        return calendar.deadline_for(self.cfg, self.rules, turn, phase)

    def turn_at(self, when: datetime | None, current: int) -> int:
        return calendar.turn_at(self.cfg, self.rules, when, current)


def make_rules(cfg: Config) -> RuleSet:
    """The rule set with the host's `[game] roles` table for this game's size."""
    settings = cfg.rules
    if cfg.game.roles:
        n = str(sum(cfg.game.roles.values()))
        settings = dataclasses.replace(
            settings, role_tables={**settings.role_tables, n: dict(cfg.game.roles)}
        )
    return get_ruleset(cfg.game.ruleset, settings)
