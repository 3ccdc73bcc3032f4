"""The host's config file, read once into typed objects.

`load_config(path)` parses TOML with tomllib and checks every key; a bad file raises
`ConfigError` carrying *all* problems at once, each naming its dotted key
(`game.deadlines[2]`, `override[3].player`), so a host fixes the file in one go.

Passwords never live in the file: `[board] password_env` names an environment variable and
`BoardConfig.password()` reads it when the daemon logs in.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.settings import RulesSettings

BOARD_KINDS: Final = ("phpbb", "ipb", "auto")
COLOR_FAMILIES: Final = (
    "black",
    "white",
    "gray",
    "red",
    "orange",
    "brown",
    "yellow",
    "green",
    "cyan",
    "blue",
    "purple",
    "pink",
)  # parser.colors.color_family
SIDES: Final = ("town", "mafia")  # G-M.8: the prostitute's side
WIN_SIDES_GAMBLER: Final = ("maniac", "mafia", "town")  # G-W.1
RULESETS: Final = ("gambler", "pefl")
INTERIM_MODES: Final = ("votes", "hours", "off")

# Host overrides (C-6): the engine's `engine.inputs.Override` fields (kind, nick, new_nick,
# target, post_id, step, reason) plus what only the daemon uses: the turn it applies to,
# `until` (a deadline change), `pm_id` (a late move) and a `note` for the host report.
# Each kind names the keys it needs besides `kind`.
OVERRIDE_KINDS: Final[dict[str, tuple[str, ...]]] = {
    "hang": ("turn",),  # PEFL: hang `nick` (none: nobody) instead of the vote (P-V.4)
    "jail": ("turn",),  # Gambler: jail `nick` (none: nobody) instead of the court
    "duel": ("turn", "nick"),  # Gambler G-N.5: `nick` lost the real duel and is jailed
    "remove": ("turn", "nick"),  # remove a rule-breaker (P-O.1 step 3); counts for P-B.1
    "replace": ("turn", "nick", "new_nick"),  # a substitute account plays on from this turn
    "extend_deadline": ("turn", "until"),  # move the turn's deadline
    "count_vote": ("post_id", "nick", "target"),  # count a vote the bot refused
    "ignore_vote": ("post_id",),  # drop a post's vote the bot accepted
    "accept_move": ("pm_id",),  # accept a PM move that came after the deadline
}
OVERRIDE_KEYS: Final = frozenset(
    {
        "kind",
        "turn",
        "nick",
        "new_nick",
        "target",
        "post_id",
        "pm_id",
        "step",
        "reason",
        "until",
        "note",
    }
)


class ConfigError(Exception):
    """A config file that cannot be used; `problems` lists (dotted key, what is wrong)."""

    def __init__(self, path: str, problems: list[tuple[str, str]]) -> None:
        self.path = path
        self.problems = problems
        lines = "\n".join(f"  {key}: {msg}" for key, msg in problems)
        super().__init__(f"{path}: {len(problems)} problem(s)\n{lines}")


# --------------------------------------------------------------------------------------------
# Typed config objects


@dataclass(frozen=True, slots=True)
class BoardConfig:
    url: str
    kind: str
    username: str
    password_env: str
    timezone: str
    poll_interval: int  # seconds between ticks
    request_delay: float = 1.0  # seconds between HTTP requests (be kind to the board)
    # [board.selectors]: CSS selector overrides for an IPB skin (parser.dialects.SELECTOR_KEYS)
    selectors: Mapping[str, str] = field(default_factory=dict)

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def password(self) -> str:
        """The bot account's password, read from the environment at use (never logged)."""
        value = os.environ.get(self.password_env)
        if not value:
            raise ConfigError(
                "environment", [("board.password_env", f"${self.password_env} is not set")]
            )
        return value


@dataclass(frozen=True, slots=True)
class InterimCount:
    mode: str = "votes"  # votes | hours | off
    every: int = 5  # N new votes, or H hours


@dataclass(frozen=True, slots=True)
class GameConfig:
    ruleset: str
    name: str
    topic: int
    court_topic: int | None
    players: tuple[str, ...]
    registration_topic: int | None
    seed: int
    start: datetime  # board-time start of turn 0 (PEFL) / day 1 (Gambler), tz-aware
    deadlines: tuple[datetime, ...]  # PEFL explicit deadlines, turn 0 first
    deadline_time: time  # Gambler: the daily 23:59
    cycle_hours: int  # Gambler: a turn lasts 48 h (C-1)
    turn_hours: int  # PEFL: the length of a turn past the explicit list
    language: str
    template_dir: Path | None
    interim_count: InterimCount
    roles: dict[str, int]  # optional role table for dealing; empty -> the rule set's default
    host_nicks: tuple[str, ...] = ()  # accounts that are not outsiders in the topic
    cast: dict[str, tuple[str, str | None]] = field(default_factory=dict)  # host-dealt roles
    last_word_hours: int = 12  # G-P.2: a killed civilian's last word
    posts_after_death: int = 1  # P-P.2: posts a dead player may leave
    # Gambler: the forum where the bot opens each day's court topic (G-N.3/G-N.4); used
    # only without `court_topic`. None: the court runs in the game topic.
    court_forum: int | None = None


@dataclass(frozen=True, slots=True)
class Override:
    """One `[[override]]` table. `index` is its position in the file (for logs and keys)."""

    index: int
    kind: str
    turn: int | None = None
    nick: str | None = None
    new_nick: str | None = None
    target: str | None = None
    post_id: int | None = None
    pm_id: int | None = None
    step: int = 3
    reason: str = ""
    until: datetime | None = None
    note: str = ""

    def key(self) -> str:
        """A stable identity so a re-read file does not re-apply the same override."""
        parts = [self.kind, str(self.turn), str(self.nick), str(self.new_nick), str(self.until)]
        parts += [str(self.post_id), str(self.pm_id), str(self.target), str(self.step)]
        return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]

    def to_engine(self) -> Any:
        """The engine's `Override` record (what `step` takes in TurnInputs)."""
        from engine.inputs import Override as EngineOverride

        return EngineOverride(
            kind=self.kind,
            nick=self.nick,
            new_nick=self.new_nick,
            target=self.target,
            post_id=self.post_id,
            step=self.step,
            reason=self.reason,
        )

    def describe(self) -> str:
        """One line for the log and the host report."""
        bits = [self.kind]
        for name in ("turn", "nick", "new_nick", "target", "post_id", "pm_id", "until"):
            v = getattr(self, name)
            if v is not None:
                bits.append(f"{name}={v}")
        if self.note:
            bits.append(f"({self.note})")
        return " ".join(bits)


@dataclass(frozen=True, slots=True)
class Config:
    path: Path
    board: BoardConfig
    game: GameConfig
    rules: RulesSettings
    overrides: tuple[Override, ...]
    database_url: str
    dry_run: bool = False
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False)

    def fingerprint(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()


# --------------------------------------------------------------------------------------------
# Checking


class _Checker:
    """Collects every problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[tuple[str, str]] = []

    def err(self, key: str, msg: str) -> None:
        self.problems.append((key, msg))

    def table(self, data: Mapping[str, Any], key: str, *, required: bool = True) -> dict[str, Any]:
        value = data.get(key)
        if value is None:
            if required:
                self.err(key, "missing table")
            return {}
        if not isinstance(value, dict):
            self.err(key, "must be a table")
            return {}
        return value

    def unknown(
        self, prefix: str, data: Mapping[str, Any], known: set[str] | frozenset[str]
    ) -> None:
        for k in data:
            if k not in known:
                self.err(f"{prefix}.{k}", "unknown key")

    def str_(
        self, data: Mapping[str, Any], prefix: str, key: str, default: str | None = None
    ) -> str:
        value = data.get(key, default)
        if value is None:
            self.err(f"{prefix}.{key}", "missing")
            return ""
        if not isinstance(value, str) or not value.strip():
            self.err(f"{prefix}.{key}", "must be a non-empty string")
            return ""
        return value

    def choice(
        self,
        data: Mapping[str, Any],
        prefix: str,
        key: str,
        options: tuple[str, ...],
        default: str | None = None,
    ) -> str:
        value = self.str_(data, prefix, key, default)
        if value and value not in options:
            self.err(f"{prefix}.{key}", f"must be one of {', '.join(options)} (got {value!r})")
        return value

    def int_(
        self,
        data: Mapping[str, Any],
        prefix: str,
        key: str,
        default: int | None = None,
        *,
        minimum: int | None = None,
    ) -> int:
        value = data.get(key, default)
        if value is None:
            self.err(f"{prefix}.{key}", "missing")
            return 0
        if isinstance(value, bool) or not isinstance(value, int):
            self.err(f"{prefix}.{key}", "must be an integer")
            return 0
        if minimum is not None and value < minimum:
            self.err(f"{prefix}.{key}", f"must be at least {minimum}")
        return value

    def opt_int(self, data: Mapping[str, Any], prefix: str, key: str) -> int | None:
        if data.get(key) is None:
            return None
        return self.int_(data, prefix, key, minimum=1)


def _topic_id(value: Any) -> int | None:
    """A topic given as an id or as a board URL (`viewtopic.php?t=4`, `showtopic=12`)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if value > 0 else None
    if isinstance(value, str):
        import re

        m = re.search(r"(?:[?&](?:t|showtopic)=|/topic/)(\d+)", value)
        if m:
            return int(m.group(1))
        if value.isdigit():
            return int(value)
    return None


def _datetime(value: Any, tz: ZoneInfo | None) -> datetime | None:
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, date):
        dt = datetime.combine(value, time(0, 0))
    elif isinstance(value, str):
        try:
            dt = datetime.fromisoformat(value.strip().replace(" ", "T", 1))
        except ValueError:
            return None
    else:
        return None
    if dt.tzinfo is None and tz is not None:
        dt = dt.replace(tzinfo=tz)
    return dt


def _check_board(c: _Checker, data: Mapping[str, Any]) -> BoardConfig:
    b = c.table(data, "board")
    c.unknown(
        "board",
        b,
        {
            "url",
            "kind",
            "username",
            "password_env",
            "timezone",
            "poll_interval",
            "request_delay",
            "selectors",
        },
    )
    kind = c.choice(b, "board", "kind", BOARD_KINDS, "auto")
    selectors = _check_selectors(c, b.get("selectors"), kind)
    url = c.str_(b, "board", "url")
    if url and not url.startswith(("http://", "https://")):
        c.err("board.url", "must start with http:// or https://")
    tz_name = c.str_(b, "board", "timezone", "Europe/Moscow")
    try:
        ZoneInfo(tz_name)
    except (ZoneInfoNotFoundError, ValueError):
        c.err("board.timezone", f"unknown time zone {tz_name!r}")
        tz_name = "UTC"
    pw = c.str_(b, "board", "password_env", "MAFIABOT_PASSWORD")
    if pw and not pw.replace("_", "").isalnum():
        c.err("board.password_env", "must be the NAME of an environment variable, not a password")
    delay = b.get("request_delay", 1.0)
    if isinstance(delay, bool) or not isinstance(delay, (int, float)) or delay < 0:
        c.err("board.request_delay", "must be a non-negative number of seconds")
        delay = 1.0
    return BoardConfig(
        url=url,
        kind=kind,
        username=c.str_(b, "board", "username"),
        password_env=pw,
        timezone=tz_name,
        poll_interval=c.int_(b, "board", "poll_interval", 120, minimum=10),
        request_delay=float(delay),
        selectors=selectors,
    )


def _check_selectors(c: _Checker, raw: Any, kind: str) -> dict[str, str]:
    """`[board.selectors]`: IPB skin fixes, checked the way the parser applies them
    (`Dialect.with_overrides` names every key it does not know)."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        c.err("board.selectors", 'must be a table key = "CSS selector"')
        return {}
    if kind == "phpbb":
        c.err("board.selectors", "selector overrides apply to IPB boards only (board.kind)")
        return {}
    from parser.dialects import IPB2, SELECTOR_KEYS, UnknownSelector

    good: dict[str, str] = {}
    for k, v in raw.items():
        if not isinstance(v, str):
            c.err(f"board.selectors.{k}", "must be a CSS selector string")
        else:
            good[k] = v
    try:
        IPB2.with_overrides(good)
    except UnknownSelector:
        for k in sorted(set(good) - set(SELECTOR_KEYS)):
            c.err(f"board.selectors.{k}", f"unknown selector key ({', '.join(SELECTOR_KEYS)})")
            good.pop(k)
    return good


_GAME_KEYS = {
    "ruleset",
    "name",
    "topic",
    "court_topic",
    "court_forum",
    "players",
    "registration_topic",
    "seed",
    "start",
    "deadlines",
    "deadline_time",
    "cycle_hours",
    "turn_hours",
    "language",
    "template_dir",
    "interim_count",
    "interim_every",
    "roles",
    "host_nicks",
    "last_word_hours",
    "posts_after_death",
    "cast",
}


def _check_game(c: _Checker, data: Mapping[str, Any], tz: ZoneInfo, base: Path) -> GameConfig:
    g = c.table(data, "game")
    c.unknown("game", g, _GAME_KEYS)
    ruleset = c.choice(g, "game", "ruleset", RULESETS)

    topic = _topic_id(g.get("topic"))
    if topic is None:
        c.err("game.topic", "missing, or not a topic id / topic URL")
    court_topic = _topic_id(g["court_topic"]) if g.get("court_topic") is not None else None
    if g.get("court_topic") is not None and court_topic is None:
        c.err("game.court_topic", "not a topic id / topic URL")
    if ruleset == "pefl" and court_topic is not None:
        c.err("game.court_topic", "only the Gambler rules have a court topic")
    court_forum: int | None = None
    if g.get("court_forum") is not None:
        raw_forum = g["court_forum"]
        if isinstance(raw_forum, int) and not isinstance(raw_forum, bool) and raw_forum > 0:
            court_forum = raw_forum
        else:
            c.err("game.court_forum", "not a forum id (a positive number, e.g. 2)")
        if ruleset == "pefl":
            c.err("game.court_forum", "only the Gambler rules have a court topic")
    reg = _topic_id(g["registration_topic"]) if g.get("registration_topic") is not None else None
    if g.get("registration_topic") is not None and reg is None:
        c.err("game.registration_topic", "not a topic id / topic URL")

    players: list[str] = []
    raw_players = g.get("players", [])
    if not isinstance(raw_players, list):
        c.err("game.players", "must be a list of nicks")
    else:
        seen: set[str] = set()
        for i, p in enumerate(raw_players):
            if not isinstance(p, str) or not p.strip():
                c.err(f"game.players[{i}]", "must be a non-empty nick")
            elif p.casefold() in seen:
                c.err(f"game.players[{i}]", f"duplicate nick {p!r}")
            else:
                seen.add(p.casefold())
                players.append(p)
    if not players and reg is None:
        c.err("game.players", "give the players list or a registration_topic")
    elif players and reg is not None:
        # the daemon would take the list and silently ignore the sign-ups
        c.err("game.registration_topic", "give the players list or a registration_topic, not both")

    seed = c.int_(g, "game", "seed")

    start = _datetime(g.get("start"), tz)
    if start is None:
        c.err("game.start", "missing or not a date-time like 2026-12-01T12:00")
        start = datetime(1970, 1, 1, tzinfo=tz)

    deadlines: list[datetime] = []
    raw_dl = g.get("deadlines", [])
    if not isinstance(raw_dl, list):
        c.err("game.deadlines", "must be a list of date-times")
        raw_dl = []
    prev = start
    for i, v in enumerate(raw_dl):
        dt = _datetime(v, tz)
        if dt is None:
            c.err(f"game.deadlines[{i}]", "not a date-time like 2026-12-02T22:00")
            continue
        if dt <= prev:
            c.err(f"game.deadlines[{i}]", "must be later than the start and the deadline before")
        prev = dt
        deadlines.append(dt)
    if ruleset == "pefl" and not deadlines:
        c.err("game.deadlines", "PEFL needs the host's deadlines (turn 0 first)")

    dtime_raw = g.get("deadline_time", "23:59")
    dtime = time(23, 59)
    if isinstance(dtime_raw, time):
        dtime = dtime_raw
    else:
        try:
            dtime = time.fromisoformat(str(dtime_raw))
        except ValueError:
            c.err("game.deadline_time", "must be a time like 23:59")

    template_dir = None
    if g.get("template_dir"):
        if not isinstance(g["template_dir"], str):
            c.err("game.template_dir", "must be a folder path")
        else:
            template_dir = (base / g["template_dir"]).resolve()
            if not template_dir.is_dir():
                c.err("game.template_dir", f"no such folder: {template_dir}")

    mode = c.choice(g, "game", "interim_count", INTERIM_MODES, "votes")
    every = c.int_(g, "game", "interim_every", 5, minimum=1)

    roles: dict[str, int] = {}
    raw_roles = g.get("roles", {})
    if not isinstance(raw_roles, dict):
        c.err("game.roles", "must be a table role = count")
    else:
        from engine.actions import GAMBLER_ROLES, PEFL_ROLES

        known = GAMBLER_ROLES if ruleset == "gambler" else PEFL_ROLES
        for role, n in raw_roles.items():
            if role not in known:
                c.err(f"game.roles.{role}", f"not a {ruleset} role ({', '.join(known)})")
            elif isinstance(n, bool) or not isinstance(n, int) or n < 0:
                c.err(f"game.roles.{role}", "must be a count >= 0")
            else:
                roles[role] = n
        if roles and players and sum(roles.values()) != len(players):
            c.err("game.roles", f"counts add up to {sum(roles.values())}, players: {len(players)}")

    cast: dict[str, tuple[str, str | None]] = {}
    raw_cast = g.get("cast", {})
    if not isinstance(raw_cast, dict):
        c.err("game.cast", 'must be a table nick = "role" or "role:clan"')
    else:
        from engine.actions import GAMBLER_ROLES, PEFL_ROLES

        known_roles = GAMBLER_ROLES if ruleset == "gambler" else PEFL_ROLES
        for nick, spec in raw_cast.items():
            role, _, clan = str(spec).partition(":")
            if role not in known_roles:
                c.err(f"game.cast.{nick}", f"not a {ruleset} role: {role!r}")
            elif clan and clan not in ("yakuza", "triad"):
                c.err(f"game.cast.{nick}", f"clan must be yakuza or triad, not {clan!r}")
            elif (
                ruleset == "pefl" and role in ("mafia", "thug", "kamikaze", "bastard") and not clan
            ):
                c.err(f"game.cast.{nick}", f'a PEFL {role} needs a clan: "{role}:triad"')
            else:
                cast[nick] = (role, clan or None)
        if cast and players and set(cast) != set(players):
            c.err("game.cast", "must give a role to every player of game.players, and only them")

    host_nicks = g.get("host_nicks", [])
    if not isinstance(host_nicks, list) or not all(isinstance(h, str) for h in host_nicks):
        c.err("game.host_nicks", "must be a list of nicks")
        host_nicks = []

    return GameConfig(
        ruleset=ruleset,
        name=str(g.get("name", "Мафия")),
        topic=topic or 0,
        court_topic=court_topic,
        players=tuple(players),
        registration_topic=reg,
        seed=seed,
        start=start,
        deadlines=tuple(deadlines),
        deadline_time=dtime,
        cycle_hours=c.int_(g, "game", "cycle_hours", 48, minimum=1),
        turn_hours=c.int_(g, "game", "turn_hours", 24, minimum=1),
        # only the Russian template set exists; a host's template_dir can hold any language
        language=c.choice(g, "game", "language", ("ru",), "ru"),
        template_dir=template_dir,
        interim_count=InterimCount(mode=mode, every=every),
        roles=roles,
        host_nicks=tuple(host_nicks),
        cast=cast,
        last_word_hours=c.int_(g, "game", "last_word_hours", 12, minimum=0),
        posts_after_death=c.int_(g, "game", "posts_after_death", 1, minimum=0),
        court_forum=court_forum,
    )


def _coerce_setting(c: _Checker, key: str, value: Any, default: Any) -> Any:
    """Check one [rules] value against the type of its default."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            c.err(key, "must be true or false")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            c.err(key, "must be an integer")
        return value
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            c.err(key, "must be a number")
        return float(value) if isinstance(value, (int, float)) else value
    if isinstance(default, str):
        if not isinstance(value, str):
            c.err(key, "must be a string")
        return value
    if isinstance(default, (tuple, list, frozenset)):
        if not isinstance(value, list):
            c.err(key, "must be a list")
            return default
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    if isinstance(default, Mapping):
        if not isinstance(value, dict):
            c.err(key, "must be a table")
            return default
        return dict(value)
    return value


def _check_color_spec(c: _Checker, key: str, value: Any) -> None:
    from parser.colors import canonical_color

    if not isinstance(value, str):
        c.err(key, "must be a colour: a name, #rrggbb or family:<name>")
    elif value.strip().lower() == "any":
        return
    elif value.strip().lower().startswith("family:"):
        fam = value.strip().lower().removeprefix("family:").strip()
        if fam not in COLOR_FAMILIES:
            c.err(key, f"unknown colour family {fam!r} ({', '.join(COLOR_FAMILIES)})")
    elif canonical_color(value) is None:
        c.err(key, f"not a colour: {value!r} (a name, #rrggbb or family:<name>)")


def _check_names(c: _Checker, key: str, value: Any, allowed: Sequence[str]) -> None:
    if not isinstance(value, tuple):
        return  # the type error is already reported
    for i, v in enumerate(value):
        if v not in allowed:
            c.err(f"{key}[{i}]", f"unknown value {v!r} ({', '.join(allowed)})")
    if len(set(value)) != len(value):
        c.err(key, "lists a value twice")


def _check_rule_values(c: _Checker, values: Mapping[str, Any], ruleset: str | None) -> None:
    """Values of the right type can still be impossible: shapes, ranges, names (an engine
    setting that cannot work fails every tick at a deadline, so it is refused here)."""
    if "green_colors" in values and isinstance(values["green_colors"], tuple):
        for i, spec in enumerate(values["green_colors"]):
            _check_color_spec(c, f"rules.green_colors[{i}]", spec)
    ct = values.get("court_thresholds")
    if isinstance(ct, tuple):
        for i, row in enumerate(ct):
            ok = (
                isinstance(row, tuple)
                and len(row) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in row)
            )
            if not ok:
                c.err(
                    f"rules.court_thresholds[{i}]",
                    "must be a pair [minimum living players, greens needed], e.g. [14, 3]",
                )
            elif row[0] < 0 or row[1] < 1:
                c.err(
                    f"rules.court_thresholds[{i}]",
                    "living players must be >= 0 and greens needed >= 1",
                )
        if not ct:
            c.err("rules.court_thresholds", "must list at least one [living, greens] pair")
    for key, minimum in (("min_reason_words", 0), ("request_changes", 0)):
        v = values.get(key)
        if isinstance(v, int) and not isinstance(v, bool) and v < minimum:
            c.err(f"rules.{key}", f"must be >= {minimum}")
    side = values.get("unanswered_side")
    if isinstance(side, str) and side not in SIDES:
        c.err("rules.unanswered_side", f"must be one of {', '.join(SIDES)}")
    if "gambler_win_priority" in values:
        _check_names(
            c, "rules.gambler_win_priority", values["gambler_win_priority"], WIN_SIDES_GAMBLER
        )
    causes = RulesSettings().cause_priority
    if "cause_priority" in values:
        _check_names(c, "rules.cause_priority", values["cause_priority"], causes)
    if "vest_stops" in values:
        _check_names(c, "rules.vest_stops", values["vest_stops"], causes)
    tables = values.get("role_tables")
    if isinstance(tables, dict):
        from engine.actions import GAMBLER_ROLES, PEFL_ROLES

        known = {"gambler": GAMBLER_ROLES, "pefl": PEFL_ROLES}.get(
            ruleset or "", (*GAMBLER_ROLES, *PEFL_ROLES)
        )
        for size, table in tables.items():
            key = f"rules.role_tables.{size}"
            if not str(size).isdigit():
                c.err(key, 'the key must be a player count, e.g. "20"')
                continue
            if not isinstance(table, dict):
                c.err(key, "must be a table role = count")
                continue
            for role, n in table.items():
                if role not in known:
                    c.err(f"{key}.{role}", f"not a {ruleset or 'known'} role ({', '.join(known)})")
                elif isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    c.err(f"{key}.{role}", "must be a count >= 0")
            counts = [n for n in table.values() if isinstance(n, int) and not isinstance(n, bool)]
            if len(counts) == len(table) and sum(counts) != int(size):
                c.err(key, f"counts add up to {sum(counts)}, not {size}")


def _check_rules(c: _Checker, data: Mapping[str, Any], ruleset: str | None = None) -> Any:
    r = c.table(data, "rules", required=False)
    defaults = RulesSettings()
    names = {f.name for f in dataclasses.fields(RulesSettings)}
    values: dict[str, Any] = {}
    for k, v in r.items():
        if k not in names:
            c.err(f"rules.{k}", "unknown rule setting")
            continue
        values[k] = _coerce_setting(c, f"rules.{k}", v, getattr(defaults, k))
    _check_rule_values(c, values, ruleset)
    try:
        return dataclasses.replace(defaults, **values)
    except (TypeError, ValueError) as exc:
        c.err("rules", str(exc))
        return defaults


def _check_overrides(c: _Checker, data: Mapping[str, Any], tz: ZoneInfo) -> tuple[Override, ...]:
    raw = data.get("override", [])
    if not isinstance(raw, list):
        c.err("override", "use [[override]] tables")
        return ()
    out: list[Override] = []
    for i, o in enumerate(raw):
        p = f"override[{i}]"
        if not isinstance(o, dict):
            c.err(p, "must be a table")
            continue
        c.unknown(p, o, OVERRIDE_KEYS)
        kind = o.get("kind")
        if kind not in OVERRIDE_KINDS:
            c.err(f"{p}.kind", f"must be one of {', '.join(OVERRIDE_KINDS)}")
            continue
        for need in OVERRIDE_KINDS[kind]:
            if o.get(need) is None:
                c.err(f"{p}.{need}", f"required for kind = {kind!r}")
        turn = o.get("turn")
        if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int) or turn < 0):
            c.err(f"{p}.turn", "must be a turn number >= 0")
            turn = None
        until = None
        if o.get("until") is not None:
            until = _datetime(o["until"], tz)
            if until is None:
                c.err(f"{p}.until", "not a date-time like 2026-12-02T22:00")
        for k in ("post_id", "pm_id"):
            v = o.get(k)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v <= 0):
                c.err(f"{p}.{k}", "must be a board id (a positive integer)")
        step = o.get("step", 7 if kind == "remove" and o.get("reason") == "passivity" else 3)
        if step not in (3, 7):
            c.err(f"{p}.step", "must be 3 (rule-breaker) or 7 (passive/voluntary leaver)")
            step = 3
        for k in ("nick", "new_nick", "target", "reason", "note"):
            v = o.get(k)
            if v is not None and not isinstance(v, str):
                c.err(f"{p}.{k}", "must be a string")
        out.append(
            Override(
                index=i,
                kind=kind,
                turn=turn,
                nick=o.get("nick"),
                new_nick=o.get("new_nick"),
                target=o.get("target"),
                post_id=o.get("post_id"),
                pm_id=o.get("pm_id"),
                step=step,
                reason=str(o.get("reason", "")),
                until=until,
                note=str(o.get("note", "")),
            )
        )
    return tuple(out)


def _check_deal(c: _Checker, game: GameConfig, rules: RulesSettings) -> None:
    """G-S.1 / P-S.1: the role table for the cast must add up with no negative count —
    else the game could never start (dealing fails at the start, every tick)."""
    if game.cast or not game.players:
        return  # a cast is dealt by hand; a registration's size is known only at the start
    from engine import get_ruleset
    from engine.dealing import DealError, role_slots

    settings = rules
    key = "game.players"
    n = len(game.players)
    if game.roles:
        key = "game.roles"
        settings = dataclasses.replace(
            rules, role_tables={**rules.role_tables, str(n): dict(game.roles)}
        )
    elif str(n) in rules.role_tables:
        key = f"rules.role_tables.{n}"
    try:
        role_slots(get_ruleset(game.ruleset, settings), n)
    except DealError:
        table = get_ruleset(game.ruleset, settings).role_table(n)
        bad = ", ".join(f"{r} {k}" for r, k in table.items() if k < 0)
        rule = "G-S.1" if game.ruleset == "gambler" else "P-S.1"
        why = f"negative counts: {bad}" if bad else f"counts add up to {sum(table.values())}"
        c.err(
            key,
            f"the {game.ruleset} role table for {n} players cannot be dealt ({why}; {rule}); "
            "give [game.roles], [game.cast] or a rules.role_tables entry for this size",
        )


def parse_config(data: Mapping[str, Any], path: Path) -> Config:
    """Check an already-parsed TOML document; raise ConfigError listing every problem."""
    c = _Checker()
    c.unknown("", data, {"board", "game", "rules", "override", "storage"})
    c.problems = [(k.lstrip("."), m) for k, m in c.problems]
    board = _check_board(c, data)
    try:
        tz = ZoneInfo(board.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        tz = ZoneInfo("UTC")
    game = _check_game(c, data, tz, path.parent)
    rules = _check_rules(c, data, game.ruleset)
    if not c.problems:
        _check_deal(c, game, rules)
    overrides = _check_overrides(c, data, tz)
    storage = c.table(data, "storage", required=False)
    c.unknown("storage", storage, {"url"})
    db_url = storage.get("url", "sqlite:///mafiabot.db")
    if not isinstance(db_url, str) or "://" not in db_url:
        c.err("storage.url", "must be a database URL (sqlite:///file.db, postgresql://…)")
        db_url = "sqlite:///mafiabot.db"
    elif db_url.startswith("sqlite:///") and not db_url.startswith("sqlite:////"):
        # a relative SQLite path is relative to the config file, not the working directory
        rel = db_url.removeprefix("sqlite:///")
        if rel and rel != ":memory:":
            db_url = "sqlite:///" + str((path.parent / rel).resolve())
    if c.problems:
        raise ConfigError(str(path), c.problems)
    return Config(
        path=path,
        board=board,
        game=game,
        rules=rules,
        overrides=overrides,
        database_url=db_url,
        raw=data,
    )


def load_config(path: str | Path) -> Config:
    """Read and check a config file (errors name the key; all of them at once)."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise ConfigError(str(p), [("(file)", f"cannot read: {exc.strerror}")]) from exc
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ConfigError(str(p), [("(file)", "not UTF-8 text")]) from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(str(p), [("(syntax)", str(exc))]) from exc
    return parse_config(data, p)


def gambler_deadlines(game: GameConfig, turn: int) -> tuple[datetime, datetime]:
    """C-1 Gambler: turn n's greens close at the first `deadline_time` (23:59) on or after
    its start, court votes and night letters at the same time one day later; each turn
    is `cycle_hours` (48 h) long. Day 1 (G-S.2) is turn 1."""
    day_start = game.start + timedelta(hours=game.cycle_hours * (turn - 1))
    first = day_start.replace(
        hour=game.deadline_time.hour,
        minute=game.deadline_time.minute,
        second=0,
        microsecond=0,
    )
    if first <= day_start:
        first += timedelta(days=1)
    return first, first + timedelta(days=1)


def turn_deadline(game: GameConfig, turn: int) -> datetime:
    """The deadline that closes `turn` (Gambler: the second one of the 48 h cycle)."""
    if game.ruleset == "gambler":
        return gambler_deadlines(game, turn)[1]
    if turn < len(game.deadlines):
        return game.deadlines[turn]
    last = game.deadlines[-1] if game.deadlines else game.start
    return last + timedelta(hours=game.turn_hours * (turn - len(game.deadlines) + 1))
