"""What every part of the shell shares for one game: config, store, board client, renderer and
the rule set, plus the few look-ups they all make (the game row, its state, seats, accounts).

The loop owns one `Shell`; ingest, moves, tally, turn, outbox composition, flags and status are
functions of it, each in its own module.
"""

from __future__ import annotations

import dataclasses
import logging
from datetime import datetime
from typing import Any

from engine import GameState, RuleSet, get_ruleset
from mafiabot.config import Config
from mafiabot.daemon import calendar
from mafiabot.newspaper import Renderer
from mafiabot.store import Game, Player, SqlOutbox, Store, from_json
from parser.nicks import casefold_key
from scraper.board import BoardClient

log = logging.getLogger("mafiabot.daemon")


class Shell:
    """One game's collaborators. `cfg` and `rules` change when the config file is re-read."""

    def __init__(
        self, cfg: Config, store: Store, client: BoardClient, renderer: Renderer | None = None
    ) -> None:
        self.cfg = cfg
        self.store = store
        self.client = client
        self.renderer = renderer or Renderer(cfg.game.template_dir, cfg.game.language)
        self.rules: RuleSet = make_rules(cfg)
        # what a tick reads more than once, loaded once: the seats (a unit of work per tick)
        # and a memo of derived results keyed by what they were derived from
        self._players: list[Player] | None = None
        self._seats: dict[str, str] | None = None  # casefolded account -> seat
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
        return {casefold_key(n) for n in (self.cfg.board.username, *self.cfg.game.host_nicks)}

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
            )
            log.info("new game %s in topic %d (%s)", g.id, g.topic_id, g.ruleset)
        return g

    def outbox(self, g: Game) -> SqlOutbox:
        assert g.id is not None
        return self.store.outbox(g.id)

    def state(self, g: Game) -> GameState:
        assert g.state is not None
        st: GameState = from_json(GameState, g.state)
        return st

    def players(self, g: Game) -> list[Player]:
        """The game's seats, read once per unit of work."""
        assert g.id is not None
        if self._players is None or (self._players and self._players[0].game_id != g.id):
            self._players = self.store.players(g.id)
            self._seats = None
            seen = tuple((p.nick, p.account) for p in self._players)
            if seen != self._seen_players:
                self._seen_players = seen
                self.players_version += 1
        return self._players

    def seat_of(self, g: Game, account: str) -> str | None:
        """The seat an account plays (C-6: a replacement plays under the old nick)."""
        players = self.players(g)
        if self._seats is None:
            self._seats = {}
            for p in players:
                self._seats.setdefault(casefold_key(p.account), p.nick)
        return self._seats.get(casefold_key(account))

    def account(self, g: Game, nick: str) -> str:
        """The board account that plays the seat `nick` (where its PMs go)."""
        for p in self.players(g):
            if p.nick == nick:
                return p.account
        return nick

    def deadline_for(self, turn: int, phase: str) -> datetime:
        return calendar.deadline_for(self.cfg, turn, phase)

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
