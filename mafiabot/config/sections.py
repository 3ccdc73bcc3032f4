"""Every key of the config file, declared once: type, default, help and check.

Each section is a frozen dataclass; a field's annotation carries the pydantic type and checks
and a `Key` with the help text the example file is generated from (`mafiabot.config.example`).
Checks that need two keys (a court topic only for Gambler, roles that match the rule set)
live in `mafiabot.config.checks`; the `[rules]` settings are declared by the engine
(`engine.settings.RulesSettings`).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from pathlib import Path
from typing import Annotated, Any, Final, Literal, get_args
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import AfterValidator, BeforeValidator, Field

from engine.base import RuleSetBase
from engine.kinds import (
    CLANS,
    ROLES,
    RULESETS,
    Clan,
    Role,
    RulesetName,
    as_clan,
    as_role,
)
from engine.rules import ruleset_class
from engine.settings import RulesSettings
from mafiabot.config.declare import (
    BoardId,
    BoardTime,
    Clock,
    Key,
    Seconds,
    StrictBool,
    StrictInt,
    StrictStr,
    Text,
    TopicId,
)


class ConfigError(Exception):
    """A config file that cannot be used; `problems` lists (dotted key, what is wrong)."""

    def __init__(self, path: str, problems: list[tuple[str, str]]) -> None:
        self.path = path
        self.problems = problems
        lines = "\n".join(f"  {key}: {msg}" for key, msg in problems)
        super().__init__(f"{path}: {len(problems)} problem(s)\n{lines}")


BoardKind = Literal["phpbb", "ipb", "auto"]
InterimMode = Literal["votes", "hours", "off"]
Gender = Literal["m", "f"]
BOARD_KINDS: Final = get_args(BoardKind)
INTERIM_MODES: Final = get_args(InterimMode)
GENDERS: Final = get_args(Gender)


# --------------------------------------------------------------------------------------------
# [board]


def _http_url(value: str) -> str:
    """A board address: http(s), a host, a plausible port, no credentials — never echoed
    back, since a URL with a password in it would be printed in every error line."""
    from urllib.parse import urlsplit

    if not value.startswith(("http://", "https://")):
        raise ValueError("must start with http:// or https://")
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:
        raise ValueError("is not a valid address (check the port: 1-65535)") from None
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise ValueError(
            "must not hold a user name or password (user:pass@…): the bot logs in with "
            "board.username and the password from board.password_env"
        )
    if not parts.hostname:
        raise ValueError("has no host name (e.g. https://forum.example.org/)")
    if port == 0:
        raise ValueError("port must be 1-65535")
    if parts.query or parts.fragment:
        raise ValueError("must be the forum's folder, without ?… or #…")
    return value


def _zone(value: str) -> str:
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"unknown time zone {value!r} (an IANA name like Europe/Moscow)") from None
    return value


def _env_name(value: str) -> str:
    if not value.replace("_", "").isalnum():
        raise ValueError("must be the NAME of an environment variable, not a password")
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardConfig:
    url: Annotated[
        Text,
        AfterValidator(_http_url),
        Key(
            "Address of the forum (the folder holding viewtopic.php / index.php).",
            example="https://forum.example.org/",
        ),
    ]
    kind: Annotated[
        BoardKind,
        Key('Board engine: "phpbb", "ipb" or "auto" (detect from the first page).'),
    ] = "auto"
    username: Annotated[
        Text,
        Key(
            "The account the bot posts as and whose inbox receives night moves (the host's "
            "account).",
            example="Ведущий",
        ),
    ]
    password_env: Annotated[
        Text,
        AfterValidator(_env_name),
        Key(
            "NAME of the environment variable holding that account's password. Never put the "
            "password itself in this file; check-config says when the variable is not set."
        ),
    ] = "MAFIABOT_PASSWORD"
    timezone: Annotated[
        Text,
        AfterValidator(_zone),
        Key("Time zone the board prints times in, for the bot's account (IANA name)."),
    ] = "Europe/Moscow"
    poll_interval: Annotated[
        StrictInt,
        Field(ge=10, le=86400),
        Key("Seconds between two polls of the board (at least 10, at most a day)."),
    ] = 120
    clean_mailbox: Annotated[
        StrictBool,
        Key(
            "Remove each letter from the account's inbox once the bot has stored it (and the "
            "Sent copies it needed once their messages are recorded), so that the box never "
            "reaches the board's quota and players' night moves never bounce (C-2). The "
            "letters stay in the bot's database, the dashboard and the host report. false: "
            "leave them; the bot still warns when the box nears its quota."
        ),
    ] = True
    request_delay: Annotated[
        Seconds,
        Field(ge=0, le=60),
        Key("Seconds to wait between two HTTP requests, to be kind to the board."),
    ] = 1.0
    flood_exempt: Annotated[
        StrictBool | None,
        Key(
            "Whether the bot's account is exempt from the board's flood control (phpBB "
            "u_ignoreflood, a moderator or admin). true: writes are never spaced; false: every "
            "write waits the board's flood interval; left out: no waiting until the board "
            "refuses a write once, then spaced as it asks.",
            example=True,
            commented=True,
        ),
    ] = None
    claim_stale: Annotated[
        StrictInt,
        Field(ge=60, le=86400),
        Key(
            "Seconds a message being sent stays claimed by the bot process sending it (the "
            "claim, kept in the database, is renewed before every part). A claim older than "
            "this is taken as left by a process that died, and another one takes the message "
            "over, first looking on the board for a part already sent. Keep it well above the "
            "longest flood wait of the board (at least 60)."
        ),
    ] = 600
    selectors: Annotated[
        Mapping[str, StrictStr],
        Key(
            "IPB boards only: when a skin moved something, CSS selectors that replace the stock "
            "ones (keys: parser/dialects.py SELECTOR_KEYS; check-config names an unknown key "
            "and a selector that does not parse).",
            example={"author": "span.nick a"},
            commented=True,
        ),
    ] = field(default_factory=dict)

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


# --------------------------------------------------------------------------------------------
# [storage]


@dataclass(frozen=True, slots=True, kw_only=True)
class StorageConfig:
    url: Annotated[
        Text,
        Key(
            "Database URL. Default: an SQLite file beside this config (a relative path is "
            "relative to this file; its folder must exist). For PostgreSQL:\n"
            '    url = "postgresql+psycopg://mafiabot:secret@localhost/mafiabot"'
        ),
    ] = "sqlite:///mafiabot.db"
    busy_timeout: Annotated[
        Seconds,
        Field(ge=0, le=600),
        Key(
            "SQLite only: seconds a statement waits for another process's lock on the "
            "database file (the dashboard reading while the daemon writes) before it gives "
            "up and the command says the database is locked."
        ),
    ] = 5.0


# --------------------------------------------------------------------------------------------
# [game]


@dataclass(frozen=True, slots=True, kw_only=True)
class InterimCount:
    mode: Annotated[
        InterimMode,
        Key(
            'Interim vote count in the topic: "votes" (after every `interim_every` new votes), '
            '"hours" (every `interim_every` hours), or "off".',
            toml="interim_count",
        ),
    ] = "votes"
    every: Annotated[
        StrictInt,
        Field(ge=1, le=10000),
        Key("N votes or H hours for `interim_count`.", toml="interim_every"),
    ] = 5


def _template_dir(value: Any, info: Any) -> Path | None:
    if value == "":
        return None  # an emptied key: our templates
    if not isinstance(value, str | Path):
        raise ValueError("must be a folder path")
    base = (info.context or {}).get("base", Path("."))
    path = (Path(base) / value).resolve()
    if not path.is_dir():
        raise ValueError(f"no such folder: {path}")
    return path


def _gender(value: object) -> object:
    """A gender as the host wrote it: "m"/"f", or м/ж, муж/жен, male/female (the renderer's
    own reading, `parser.morph.GENDER_WORDS`); anything else is left to be refused."""
    from parser.morph import gender_word

    return gender_word(value) or value


def _count(n: int) -> int:
    if not 0 <= n <= 1000:
        raise ValueError("must be a count from 0 to 1000")
    return n


def role_hint(name: str, rules: type[RuleSetBase] | None = None) -> str:
    """`; did you mean 'mafia'?` for a role name that misses: a slip («comissar»), the role's
    Russian name («мафия», «Комиссар»), a near miss of either; else nothing. Matched with
    rapidfuzz against the rule set's roles (every rule set's when it is not known)."""
    from rapidfuzz import fuzz, process

    rulesets = [rules] if rules is not None else [ruleset_class(n) for n in RULESETS]
    names: dict[str, str] = {}  # a way to write a role -> the role
    for rs in rulesets:
        for role in rs.roles:
            names.setdefault(role, role)
            names.setdefault(rs.role_words.get(role, role).casefold().replace("ё", "е"), role)
    folded = str(name).strip().casefold().replace("ё", "е")
    found = process.extract(folded, list(names), scorer=fuzz.ratio, limit=4, score_cutoff=70)
    roles = list(dict.fromkeys(names[written] for written, _score, _i in found))[:2]
    return f"; did you mean {' or '.join(map(repr, roles))}?" if roles else ""


#: A `[game.cast]` seat as the code reads it: the role and, for a PEFL clan role, the clan.
CastSeat = tuple[Role, Clan | None]


def _cast(value: Any, info: Any) -> CastSeat:
    """A cast entry written "role" or "role:clan" as its (role, clan) pair. A word that is
    no rule set's role is refused here (named after the game's rule set when the file gives
    a known one); a role of the other rule set, and a clan role without its clan, by the
    config check, which knows the game's rule set."""
    if not isinstance(value, str):
        raise ValueError("must be a string")
    role, _, clan = value.partition(":")
    if clan and clan not in CLANS:
        raise ValueError(f"clan must be yakuza or triad, not {clan!r}")
    if role not in ROLES:
        ruleset = (info.context or {}).get("ruleset")
        rules = ruleset if ruleset in RULESETS else None
        raise ValueError(
            f"not a {rules or 'known'} role: {role!r}"
            + role_hint(role, ruleset_class(rules) if rules else None)
        )
    return as_role(role), as_clan(clan) if clan else None


@dataclass(frozen=True, slots=True, kw_only=True)
class GameConfig:
    ruleset: Annotated[
        RulesetName,
        Key('Rule set: "gambler" (the Gambler rules) or "pefl" (the PEFL rules).', example="pefl"),
    ]
    name: Annotated[Text, Key("Game name used in newspapers.", example="Мафия – 12")] = "Мафия"
    topic: Annotated[
        TopicId, Key("Game topic: a topic id or its URL (viewtopic.php?t=4).", example=4)
    ]
    court_topic: Annotated[
        TopicId | None,
        Key(
            "Gambler only: the court topic (Суд Слона, G-N.4). Leave out for PEFL.",
            example=5,
            commented=True,
        ),
    ] = None
    court_forum: Annotated[
        BoardId | None,
        Key(
            "Gambler only, instead of court_topic: the forum where the bot opens a court topic "
            "«Суд Слона — день N» itself after each greens deadline with nominees. Neither: "
            "the court runs in the game topic.",
            example=2,
            commented=True,
        ),
    ] = None
    players: Annotated[
        tuple[Text, ...],
        Key(
            "Players: a list of forum nicks exactly as the board shows them (two nicks that "
            "differ only in case or Latin/Cyrillic look-alike letters are refused: their "
            "votes could not be told apart) ...",
            example=("Анна Каренина", "Мaкс", "Mister X", "Шерлок", "Dr.Watson", "Лиса_Алиса"),
        ),
    ] = ()
    registration_topic: Annotated[
        TopicId | None,
        Key(
            "... or a registration topic where players sign up with a post (G-B.2 style); "
            "banned players (P-B.1) are refused. Give one or the other.",
            example=3,
            commented=True,
        ),
    ] = None
    seed: Annotated[
        StrictInt,
        Key(
            "Seed of the bot's random generator: role dealing, coin tosses (G-N.5, P-E.1), Don "
            "appointment (P-S.2). Its SHA-256 commitment is published at the start, the seed "
            "at the end.",
            example=20261127,
        ),
    ]
    start: Annotated[
        BoardTime,
        Key(
            "When the game starts (turn 0 for PEFL, day 1 for Gambler), board time. "
            "check-config warns when it is long past (a config copied from an old game).",
            example=datetime(2026, 11, 27, 12, 0),
        ),
    ]
    deadlines: Annotated[
        tuple[BoardTime, ...],
        Key(
            "PEFL: the host names every deadline, turn 0 first (C-1). Past the end of this "
            "list each turn lasts `turn_hours`.",
            example=(
                datetime(2026, 11, 27, 22),
                datetime(2026, 11, 28, 22),
                datetime(2026, 11, 29, 22),
            ),
        ),
    ] = ()
    turn_hours: Annotated[
        StrictInt, Field(ge=1, le=720), Key("PEFL: hours of a turn past the end of `deadlines`.")
    ] = 24
    deadline_time: Annotated[
        Clock,
        Key(
            "Gambler: a turn lasts `cycle_hours` (48); the first `deadline_time` ends the "
            "greens, the second one ends court votes and night letters (C-1).",
            example="23:59",
        ),
    ] = time(23, 59)
    cycle_hours: Annotated[
        StrictInt, Field(ge=1, le=720), Key("Gambler: hours of one turn (day + night).")
    ] = 48
    rehearsal: Annotated[
        StrictBool,
        Key(
            "Rehearsal: every span of the calendar counts minutes instead of hours, so a "
            "whole game can be tried on a test topic in an afternoon. The time from `start` "
            "to each deadline shrinks sixty-fold (a Gambler turn of 48 hours lasts 48 "
            "minutes; a PEFL deadline 10 hours after the start comes 10 minutes after it), "
            "and so do `turn_hours`, `last_word_hours` and an hourly interim count. Never "
            "for a real game."
        ),
    ] = False
    rehearsal_speedup: Annotated[
        StrictInt,
        Field(ge=2, le=3600),
        Key(
            "Rehearsal: how many times faster than real the calendar runs (60: an hour lasts "
            "a minute; 600: six seconds, a Gambler turn five minutes — for trying whole games "
            "on a test board). Posts are still stamped to the minute by the board, so keep "
            "deadlines at least two minutes apart (C-1)."
        ),
    ] = 60
    max_catchup: Annotated[
        StrictInt,
        Field(ge=0, le=1000),
        Key(
            "Deadlines found already past when the bot starts or wakes (downtime, a config "
            "copied from an old game): it closes at most this many of them by itself, then "
            "stops and tells the host (0: closes none without the host). Counted for this "
            "game alone, also when one process hosts several games."
        ),
    ] = 1
    language: Annotated[
        Literal["ru"],
        Key(
            'Language of everything the bot writes: "ru" (the one template set shipped; for '
            "another language put your own templates in `template_dir`)."
        ),
    ] = "ru"
    host_language: Annotated[
        Literal["ru", "en"],
        Key(
            'Language of what only the host reads — `mafiabot status` and the dashboard: "ru" '
            '(the default) or "en". Players always read the game\'s own `language`.'
        ),
    ] = "ru"
    template_dir: Annotated[
        Path | None,
        BeforeValidator(_template_dir),
        Key(
            "Your own template folder (Jinja2 → BBCode); templates missing there fall back to "
            "ours. Relative to this file.",
            example="my-templates",
            commented=True,
        ),
    ] = None
    interim_count: Annotated[InterimCount, Key("", flatten=True)] = field(
        default_factory=InterimCount
    )
    host_nicks: Annotated[
        tuple[Text, ...],
        Key(
            "Other accounts of the host (moderators) that are not outsiders when they post in "
            "the topic. The first one receives the host report by PM (none: the bot's own "
            "account gets it)."
        ),
    ] = ()
    last_word_hours: Annotated[
        StrictInt,
        Field(ge=0, le=720),
        Key(
            "G-P.2: hours a killed civilian has for his last word (later posts are flagged "
            "to the host)."
        ),
    ] = 12
    posts_after_death: Annotated[
        StrictInt,
        Field(ge=0, le=10000),
        Key("P-P.2: posts a dead player may leave before further ones are flagged to the host."),
    ] = 1
    cast: Annotated[
        Mapping[str, Annotated[CastSeat, BeforeValidator(_cast)]],
        Key(
            'Roles dealt by the host himself instead of the bot: every player, nick = "role" '
            'or, for a PEFL mafioso / thug / kamikaze / bastard, "role:clan". Leave out to let '
            "the bot deal.",
            example={"Шерлок": "commissar", "Mister X": "mafia:yakuza"},
            commented=True,
        ),
    ] = field(default_factory=dict)
    roles: Annotated[
        Mapping[str, Annotated[StrictInt, AfterValidator(_count)]],
        Key(
            "Role table for dealing (role = count, adding up to the number of players). Leave "
            "it out to use the rule set's default table for the player count (G-S.1, P-S.1) — "
            "those need 12+ players for PEFL and 9+ for Gambler; for a smaller game like this "
            "one give the table here (check-config names the key when a table cannot be dealt).",
            example={"civilian": 2, "commissar": 1, "doctor": 1, "mafia": 2},
        ),
    ] = field(default_factory=dict)
    genders: Annotated[
        Mapping[str, Annotated[Gender, BeforeValidator(_gender)]],
        Key(
            'Grammatical gender of players, nick = "m" or "f" ("м" / "ж" too), so the '
            "newspaper agrees its verbs and adjectives («убит» / «убита»). Players left out are "
            "guessed from the nick.",
            example={"Анна Каренина": "f", "Шерлок": "m"},
            commented=True,
        ),
    ] = field(default_factory=dict)
    user_ids: Annotated[
        Mapping[str, BoardId],
        Key(
            "Board user ids of players, when the host knows them (the number in a profile "
            "link: memberlist.php?mode=viewprofile&u=61, showuser=61): such a player is his "
            "account from the first minute, whatever name it shows. A player left out is "
            "known by his first post under his nick spelled exactly as in `players`; an "
            "account whose name only looks like a player's is an outsider, and the host "
            "report names it with both ids.",
            example={"Шерлок": 61},
            commented=True,
        ),
    ] = field(default_factory=dict)

    def gender(self, nick: str) -> Gender | None:
        """The host's `[game.genders]` entry for `nick`, matched the way the parser matches
        nicks (`parser.identity.nick_key`: case, look-alikes, invisible characters folded);
        None: not given."""
        from parser.identity import nick_key

        key = nick_key(nick)
        return next((g for n, g in self.genders.items() if nick_key(n) == key), None)

    @property
    def hour(self) -> timedelta:
        """One hour of this game's calendar: a minute in a rehearsal (`rehearsal`)."""
        return timedelta(hours=1) / self.rehearsal_speedup if self.rehearsal else timedelta(hours=1)


# --------------------------------------------------------------------------------------------
# [newspaper]


@dataclass(frozen=True, slots=True, kw_only=True)
class NewspaperConfig:
    vote_chart: Annotated[
        StrictBool,
        Key(
            "Attach a chart of the day's vote flow (who voted for whom, and when) to the "
            "newspaper as a PNG image, on boards that take attachments from the bot's account; "
            "elsewhere, or if the board refuses the file, the newspaper goes out without it and "
            "the host report says so. Needs the renderer: pip install 'mafiabot[chart]' (and "
            "the system cairo library); check-config refuses true without it."
        ),
    ] = False


# --------------------------------------------------------------------------------------------
# [[override]] (C-6)

#: kind → (keys it needs besides `kind`, one line for the example file)
_KINDS: Final[dict[str, tuple[tuple[str, ...], str, str]]] = {
    "hang": (("turn",), "turn [, nick]", "PEFL: hang `nick` (no nick: nobody) instead (P-V.4)"),
    "jail": (("turn",), "turn [, nick]", "Gambler: jail `nick` (no nick: nobody) instead"),
    "duel": (("turn", "nick"), "turn, nick", "Gambler G-N.5: `nick` lost the real duel"),
    "remove": (
        ("turn", "nick"),
        "turn, nick [, step]",
        "remove a player: step 3 rule-breaker (default), step 7 passive/voluntary leaver; "
        "counts for the ban (P-B.1)",
    ),
    "replace": (
        ("turn", "nick", "new_nick"),
        "turn, nick, new_nick",
        "account `new_nick` plays `nick`'s seat from `turn`",
    ),
    "extend_deadline": (("turn", "until"), "turn, until", "move the deadline of `turn`"),
    "count_vote": (
        ("post_id", "nick", "target"),
        "post_id, nick, target",
        "count the vote of board post `post_id`",
    ),
    "ignore_vote": (("post_id",), "post_id", "ignore the vote of board post `post_id`"),
    "accept_move": (("pm_id",), "pm_id", "accept the late night move of PM `pm_id`"),
}
# Host overrides (C-6): the engine's `engine.inputs.Override` fields (kind, nick, new_nick,
# target, post_id, step, reason) plus what only the daemon uses: the turn it applies to,
# `until` (a deadline change), `pm_id` (a late move) and a `note` for the host report.
OVERRIDE_KINDS: Final[dict[str, tuple[str, ...]]] = {k: v[0] for k, v in _KINDS.items()}
OVERRIDE_USAGE: Final[dict[str, tuple[str, str]]] = {k: (v[1], v[2]) for k, v in _KINDS.items()}


def _kind(value: str) -> str:
    if value not in _KINDS:
        raise ValueError(f"must be one of {', '.join(_KINDS)} (got {value!r})")
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class Override:
    """One `[[override]]` table. `index` is its position in the file (for logs and keys)."""

    index: int
    kind: Annotated[Text, AfterValidator(_kind), Key("What the host decides (the kinds above).")]
    turn: Annotated[
        StrictInt | None,
        Field(ge=0, le=10000),
        Key("The turn it applies to (0 = PEFL's turn 0)."),
    ] = None
    nick: Annotated[Text | None, Key("The player (a nick of game.players).")] = None
    new_nick: Annotated[Text | None, Key("The account that takes the seat over.")] = None
    target: Annotated[Text | None, Key("Whom the counted vote names.")] = None
    post_id: Annotated[BoardId | None, Key("A board post id (#p123 in its link).")] = None
    pm_id: Annotated[BoardId | None, Key("A private message id of the bot's inbox.")] = None
    step: Annotated[
        Literal[3, 7],
        Key(
            "remove: 3 (rule-breaker) or 7 (passive/voluntary leaver; the default with "
            'reason = "passivity").'
        ),
    ] = 3
    reason: Annotated[StrictStr, Key("Why, for the host report.")] = ""
    until: Annotated[BoardTime | None, Key("extend_deadline: the new deadline.")] = None
    note: Annotated[StrictStr, Key("A note for the host report.")] = ""

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


# --------------------------------------------------------------------------------------------
# The whole file


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
    newspaper: NewspaperConfig = field(default_factory=NewspaperConfig)
    #: `[storage] busy_timeout`: seconds an SQLite statement waits for another's lock
    busy_timeout: float = 5.0

    def fingerprint(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()


#: The file's tables in the order the example shows them, with their declarations.
SECTIONS: Final[dict[str, type]] = {
    "board": BoardConfig,
    "storage": StorageConfig,
    "game": GameConfig,
    "newspaper": NewspaperConfig,
}
TOP_LEVEL: Final = ("board", "storage", "game", "newspaper", "rules", "override")
