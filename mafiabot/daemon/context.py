"""What every part of the shell shares for one game: config, store, board client, renderer and
the rule set, plus the few look-ups they all make (the game row, its state, seats, accounts).

The loop owns one `Shell`; ingest, moves, tally, turn, outbox composition, flags and status are
functions of it, each in its own module.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from engine import GameState, RuleSet, get_ruleset
from engine.kinds import Phase
from mafiabot.config import Config
from mafiabot.daemon import calendar, flags
from mafiabot.daemon.compose import Composer, host_recipient
from mafiabot.dbfile import topic_token
from mafiabot.newspaper.host_words import NOTE_RU, note
from mafiabot.newspaper.links import board_engine
from mafiabot.store import SqlOutbox, Store
from mafiabot.store.codec import from_json
from mafiabot.store.tables import Game, Player
from parser.identity import Cast, account_key, nick_key
from poster.outbox import OutboxRow, SearchFrom, new_game_token
from poster.poster import Poster
from scraper.board import BoardClient

if TYPE_CHECKING:
    from mafiabot.newspaper.render import Renderer

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
        if token is new_game_token:
            # random in production, led by the topic so that every marker on the board names
            # the game it belongs to, even for a bot whose database is lost (`dbfile`)
            token = lambda: topic_token(cfg.game.topic)  # noqa: E731
        self._token = token  # fixed where output must be reproducible
        self.store = store
        self.client = client
        # built on first use (Jinja2 and the templates' helpers are imported then): a poll
        # that writes nothing never needs it; made with the config it was given here
        self._renderer = renderer
        self._renderer_args = (cfg.game.template_dir, cfg.game.language)
        self.rules: RuleSet = make_rules(cfg)
        # what a tick reads more than once, loaded once: the seats (a unit of work per tick)
        # and a memo of derived results keyed by what they were derived from
        self._players: list[Player] | None = None
        self._seats: tuple[Cast, dict[str, str]] | None = None  # accounts; account -> seat
        self._players_of: int | None = None  # the game whose seats `_players` holds
        # (account, board id) -> its seat or None, while the cast stands (a first read asks
        # for every post's author, a few accounts many thousand times)
        self._seat_of: dict[tuple[str, int | None], str | None] = {}
        self._seen_players: tuple[tuple[str, str], ...] = ()
        self.players_version = 0
        self.posts_version = 0
        self.config_version = 0
        self.memo: dict[str, tuple[object, object]] = {}
        # the game topic's authors met, (game id, topic) -> (author, user id) pairs
        self._met: tuple[tuple[int, int], set[tuple[str, int | None]]] | None = None
        self._host_names: tuple[str, ...] = ()
        self._host_keys: frozenset[str] = frozenset()
        # letters on the board that are not the game's (the host's own mail): left alone
        self.kept_pms: set[int] = set()
        # the inbox was read to the end by this process: from then on it is read again only
        # when a topic page's header shows new letters (`ingest.poll_pms`)
        self.inbox_read = False

    @property
    def renderer(self) -> Renderer:
        """The game's renderer (`mafiabot.newspaper.render.Renderer`), made when first asked."""
        if self._renderer is None:
            from mafiabot.newspaper.render import Renderer

            self._renderer = Renderer(*self._renderer_args)
        return self._renderer

    def reconfigure(self, cfg: Config) -> None:
        self.cfg = cfg
        self.rules = make_rules(cfg)
        self._seats = None  # the host's [game.user_ids] may have changed
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
    def host_accounts(self) -> frozenset[str]:
        """The host's accounts, the bot's own included: their posts are never votes, their
        letters never moves (compared as the config spells them: `account_key`)."""
        return frozenset({self.cfg.board.username, *self.cfg.game.host_nicks})

    def is_host(self, author: str) -> bool:
        """Whether `author` is one of the host's accounts (the bot's own included), spelled
        as the config spells it: a look-alike of the host's name is an outsider."""
        names = (self.cfg.board.username, *self.cfg.game.host_nicks)
        if names != self._host_names:  # their keys, worked out once, not once a post
            self._host_names = names
            self._host_keys = frozenset(account_key(n) for n in names)
        return account_key(author) in self._host_keys

    @property
    def host_recipient(self) -> str:
        return host_recipient(self.cfg)

    @property
    def composer(self) -> Composer:
        """What the game's messages are made with: config, rule set, renderer — no store."""
        return Composer(self.cfg, self.rules, self.renderer, board_engine(self.client))

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
        """A row being queued, with the game's marker token and where the board stood."""
        return self.stamper(g)(row)

    def stamper(self, g: Game) -> Callable[[OutboxRow], OutboxRow]:
        """Stamps rows being queued with the game's marker token and where the board stands
        now (the stored cursors, read once here: an older position only makes a marker search
        read more). A game made before tokens existed keeps "" — its markers as they always
        were."""
        seen = self.store.seen_pms(g.id)
        pm_since = SearchFrom(pm_id=max(seen) if seen else None)
        topic_since = {
            topic: SearchFrom(page=at.page, start=at.start, post_id=at.last_post_id)
            for topic, at in self.store.topic_positions(g.id).items()
        }

        def stamp(row: OutboxRow) -> OutboxRow:
            if row.marker_token or row.search_from is not None:
                return row
            since = SearchFrom()  # no cursor yet: from the topic's first page, never a window
            if row.channel == "pm":
                since = pm_since
            elif row.channel == "topic" and row.topic_id is not None:
                since = topic_since.get(row.topic_id, since)
            return dataclasses.replace(row, marker_token=g.token, search_from=since)

        return stamp

    def state(self, g: Game) -> GameState:
        assert g.state is not None
        st: GameState = from_json(GameState, g.state)
        return st

    def players(self, g: Game) -> list[Player]:
        """The game's seats, read once per unit of work."""
        gid = g.id
        if self._players is None or (self._players and self._players_of != gid):
            self._players = self.store.players(gid)
            self._players_of = gid
            self._seats = None
            seen = tuple((p.nick, p.account) for p in self._players)
            if seen != self._seen_players:
                self._seen_players = seen
                self.players_version += 1
        return self._players

    def cast(self, g: Game) -> Cast:
        """The seated accounts with their board ids: the host's `[game.user_ids]` first,
        else the id learned from the account's own first post (`learn_user_id`)."""
        players = self.players(g)
        if self._seats is None:
            given = {nick_key(n): uid for n, uid in self.cfg.game.user_ids.items()}
            ids = {p.account: given.get(nick_key(p.account), p.user_id) for p in players}
            cast = Cast([p.account for p in players], ids)
            self._seats = (cast, {p.account: p.nick for p in reversed(players)})
            self._seat_of = {}
        return self._seats[0]

    def seat_of(self, g: Game, account: str, user_id: int | None = None) -> str | None:
        """The seat an account plays (C-6: a replacement plays under the old nick). Known by
        board id where one is known, else by the exact spelling of the account: a name that
        only reads like a player's is nobody's seat (`parser.identity.Cast`)."""
        cast = self.cast(g)
        known = self._seat_of
        key = (account, user_id)
        if key in known:
            return known[key]
        found = cast.player(account, user_id)
        assert self._seats is not None
        seat = known[key] = None if found is None else self._seats[1][found]
        return seat

    def lookalike(self, g: Game, account: str, user_id: int | None) -> str | None:
        """For an outsider whose name reads like a seated account's: a note naming both
        accounts with their board ids (for the host's flags), else None."""
        cast = self.cast(g)
        twin = cast.lookalike_of(account, user_id)
        if twin is None:
            return None
        theirs = cast.id_of(twin)
        unknown = NOTE_RU["id_unknown"]
        return note(
            "lookalike",
            self.rules,
            twin=twin,
            twin_id=theirs or unknown,
            own_id=user_id or unknown,
        )

    def flag_outsider(
        self, g: Game, turn: int, key: str, account: str, user_id: int | None, **fields: Any
    ) -> None:
        """Flag for the host a post or letter from an account with no seat (`outsider_note`)."""
        flags.flag(self.store, g, turn, self.outsider_note(g, key, account, user_id, **fields))

    def outsider_note(
        self, g: Game, key: str, account: str, user_id: int | None, **fields: Any
    ) -> str:
        """The host's note on a post or letter from an account with no seat: the note `key`,
        or its `_lookalike` form naming the seated account this one reads like."""
        twin = self.lookalike(g, account, user_id)
        return note(f"{key}_lookalike" if twin else key, self.rules, twin=twin, **fields)

    def outsider_accounts(self, g: Game) -> frozenset[str]:
        """The accounts with no seat that have written in the game topic (the ones
        `flag_outsider` flags), the host's left out: a coloured text naming one of them as
        written is that account, refused, never a player's nick in another spelling (C-3,
        `parser.votes.VoteOptions.accounts`). Worked out again when an account is met or
        the seats, their ids or the config change."""
        met = self._authors_met(g)
        cast = self.cast(g)
        key = (len(met), self.players_version, self.config_version, g.id)
        held = self.memo.get("outsider_accounts")
        if held is not None and held[0] == key and isinstance(held[1], tuple):
            was_cast, found = held[1]
            if was_cast is cast and isinstance(found, frozenset):
                return found
        found = frozenset(
            author
            for author, user_id in met
            if not self.is_host(author) and self.seat_of(g, author, user_id) is None
        )
        self.memo["outsider_accounts"] = (key, (cast, found))
        return found

    def _authors_met(self, g: Game) -> set[tuple[str, int | None]]:
        """The (author, board user id) pairs of the game topic's stored posts: read from the
        store once, then added to as ingest stores posts (`posts_stored`), so that a long read
        does not ask the store for them again after every batch."""
        key = (g.id, self.cfg.game.topic)
        if self._met is None or self._met[0] != key:
            met = set(self.store.post_authors(g.id, topic_id=self.cfg.game.topic))
            self._met = (key, met)
        return self._met[1]

    def posts_stored(self, g: Game, topic: int, authors: Iterable[tuple[str, int | None]]) -> None:
        """Posts of `topic` by `authors` (author, board user id) were stored (committed):
        results derived from the posts are stale, and the accounts met are these too."""
        self.posts_changed()
        if self._met is not None and self._met[0] == (g.id, topic):
            self._met[1].update(authors)

    def player_ids(self, g: Game) -> dict[str, int | None]:
        """Seat → the board user id of the account playing it, where known (votes are
        matched to players by it)."""
        cast = self.cast(g)
        ids = {p.nick: cast.id_of(p.account) for p in self.players(g)}
        return {nick: uid for nick, uid in ids.items() if uid is not None}

    def learn_user_id(self, g: Game, author: str, user_id: int | None) -> tuple[str, int] | None:
        """The board user id of a seated account, from its first post that shows one: taken
        into the seats this unit of work reads, and returned as (seat, id) for the caller to
        store with the posts that taught it (`Store.set_user_ids`); None when it teaches
        nothing. Only an author spelled exactly as the account (`parser.identity.account_key`)
        teaches it: a look-alike account posting first must not take the player's id."""
        if user_id is None:
            return None
        key = account_key(author)
        for p in self.players(g):
            if p.user_id is None and account_key(p.account) == key:
                p.user_id = user_id  # a row read for this unit of work, not tracked by the store
                self._seats = None  # the cast is made again, with the id
                return p.nick, user_id
        return None

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

    def turn_finder(self, current: int) -> calendar.TurnFinder:
        """`turn_at(…, current)` for many moments, the calendar worked out once."""
        return calendar.TurnFinder(self.cfg, self.rules, current)

    def closes_at(self, deadline: datetime) -> datetime:
        """When (on this machine's clock) the turn ending at `deadline` may close: once the
        board's clock is past its minute (C-1; `calendar.closes_at`)."""
        offset = getattr(self.client, "board_clock_offset", None)
        board_offset = offset if isinstance(offset, int | float) else None
        return calendar.closes_at(self.cfg, deadline, board_offset)


def make_rules(cfg: Config) -> RuleSet:
    """The rule set with the host's `[game] roles` table for this game's size."""
    settings = cfg.rules
    if cfg.game.roles:
        n = str(sum(cfg.game.roles.values()))
        settings = dataclasses.replace(
            settings, role_tables={**settings.role_tables, n: dict(cfg.game.roles)}
        )
    return get_ruleset(cfg.game.ruleset, settings)
