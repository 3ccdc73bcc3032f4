"""Reading a config file: every declared key checked (`declare.check_section`), then the
checks that need several keys, the `[rules]` settings through the engine's declaration, and
the overrides. All problems are collected and raised together as one `ConfigError`."""

from __future__ import annotations

import dataclasses
import math
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final, get_args
from zoneinfo import ZoneInfo

from engine.base import RuleSetBase
from engine.kinds import ROLES, RULESETS, Side
from engine.rules import ruleset_class
from engine.settings import RulesSettings
from mafiabot.config.declare import Problems, check_section, did_you_mean, unknown_keys
from mafiabot.config.sections import (
    OVERRIDE_KINDS,
    TOP_LEVEL,
    BoardConfig,
    Config,
    ConfigError,
    GameConfig,
    InterimCount,
    NewspaperConfig,
    Override,
    StorageConfig,
    role_hint,
)
from parser.identity import nick_key

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
SIDES: Final = get_args(Side)  # G-M.8: the prostitute's side

#: `[storage] url` schemes the store supports (a driver suffix like +psycopg is allowed)
DB_SCHEMES: Final = ("sqlite", "postgresql")


def _table(
    data: Mapping[str, Any], key: str, problems: Problems, *, required: bool
) -> dict[str, Any]:
    value = data.get(key)
    if value is None:
        if required:
            problems.append((key, "missing table"))
        return {}
    if not isinstance(value, dict):
        problems.append((key, "must be a table"))
        return {}
    return value


# --------------------------------------------------------------------------------------------
# [board]


def _check_board(p: Problems, data: Mapping[str, Any]) -> dict[str, Any]:
    b = _table(data, "board", p, required=True)
    values = check_section(BoardConfig, b, "board", p, {})
    raw = b.get("selectors")
    if isinstance(raw, dict) and raw:
        if values.get("kind") == "phpbb":
            p.append(
                ("board.selectors", "selector overrides apply to IPB boards only (board.kind)")
            )
        else:
            _check_selectors(p, raw)
    return values


# Keys naming an attribute rather than a CSS selector (parser.dialects.SELECTOR_KEYS)
_ATTRIBUTE_KEYS: Final = ("_attr", "_attrs")


def _check_selectors(p: Problems, selectors: dict[str, Any]) -> None:
    """Checked the way the IPB parser applies them: `Dialect.with_overrides` refuses unknown
    keys, and selectolax raises on a selector that does not parse — on every page."""
    from selectolax.lexbor import LexborHTMLParser, SelectolaxError

    from parser.dialects import SELECTOR_KEYS

    probe = LexborHTMLParser("<p></p>")
    for key, css in selectors.items():
        where = f"board.selectors.{key}"
        if key not in SELECTOR_KEYS:
            hint = did_you_mean(key, SELECTOR_KEYS) or f" ({', '.join(SELECTOR_KEYS)})"
            p.append((where, "unknown selector key" + hint))
        elif isinstance(css, str) and css.strip() and not key.endswith(_ATTRIBUTE_KEYS):
            try:
                probe.css(css)
            except SelectolaxError:
                p.append(
                    (
                        where,
                        f"{css!r} is not valid CSS: check its brackets and quotes (a browser's "
                        "developer tools can copy a working selector)",
                    )
                )


# --------------------------------------------------------------------------------------------
# [storage]


def _busy_timeout(p: Problems, data: Mapping[str, Any]) -> float:
    s = _table(data, "storage", p, required=False)
    checked = check_section(StorageConfig, s, "storage", p, {})
    return float(checked.get("busy_timeout", StorageConfig().busy_timeout))


def _check_storage(p: Problems, data: Mapping[str, Any], base: Path) -> str:
    s = _table(data, "storage", p, required=False)
    url: str = check_section(StorageConfig, s, "storage", p, {}).get("url", "")
    if not url:
        return "sqlite:///mafiabot.db"
    if "://" not in url:
        p.append(("storage.url", "must be a database URL (sqlite:///file.db, postgresql://…)"))
        return url
    scheme = url.split("://", 1)[0]
    if scheme.split("+", 1)[0].lower() not in DB_SCHEMES:
        # the store and its migrations are tested on these two only
        p.append(
            ("storage.url", f"unsupported database {scheme!r}: use sqlite:/// or postgresql://")
        )
        return url
    if not url.startswith("sqlite:///"):
        return url
    path = url.removeprefix("sqlite:///")
    if not path or path == ":memory:":
        return url
    # a relative SQLite path is relative to the config file, not the working directory;
    # the last part is not followed: a link named as the database is refused, not its target
    file = (base / path).parent.resolve() / Path(path).name
    from mafiabot.dbfile import not_a_file

    why = not_a_file(file)
    if why is not None:
        p.append(
            (
                "storage.url",
                f"{file} is {why}, not a file: name a file of the bot's own (a new name in "
                "an existing folder is fine)",
            )
        )
    elif not file.parent.is_dir():
        p.append(
            (
                "storage.url",
                f"the folder {file.parent} does not exist: create it (mkdir -p) or point the "
                "URL at an existing folder",
            )
        )
    return "sqlite:///" + str(file)


# --------------------------------------------------------------------------------------------
# [game]


def _check_players(p: Problems, players: Sequence[str]) -> None:
    """Two nicks with one identity key (`parser.identity.nick_key`: case, look-alike letters,
    invisible characters folded) are one voter to the parser: the game could not run."""
    seen: dict[str, int] = {}
    for i, nick in enumerate(players):
        key = nick_key(nick)
        if key in seen:
            first = players[seen[key]]
            how = "duplicate nick" if first.casefold() == nick.casefold() else "looks the same as"
            p.append(
                (
                    f"game.players[{i}]",
                    f"{how} {first!r} (game.players[{seen[key]}]): the bot could not tell "
                    "their posts and votes apart; keep one of them",
                )
            )
        else:
            seen[key] = i


def _check_game(p: Problems, data: Mapping[str, Any], tz: ZoneInfo, base: Path) -> dict[str, Any]:
    g = _table(data, "game", p, required=True)
    # the rule set as written (a cast names a role against it)
    context = {"tz": tz, "base": base, "ruleset": g.get("ruleset")}
    v = check_section(GameConfig, g, "game", p, context)
    ruleset = v.get("ruleset")
    rules = _ruleset_or_none(ruleset)
    if rules is not None and not rules.court_topic:
        for key in ("court_topic", "court_forum"):
            if v.get(key) is not None:
                p.append((f"game.{key}", "only the Gambler rules have a court topic"))
    players: tuple[str, ...] = v.get("players", ())
    _check_players(p, players)
    seated = {nick_key(n): n for n in players}
    for i, nick in enumerate(v.get("host_nicks", ())):
        if nick_key(nick) in seated:
            p.append(
                (
                    f"game.host_nicks[{i}]",
                    f"{nick!r} plays in this game ({seated[nick_key(nick)]!r}): the host "
                    "report (every role) would go to a player — name a host account that "
                    "does not play",
                )
            )
    reg = v.get("registration_topic")
    if not players and reg is None and "players" in v and "registration_topic" in v:
        p.append(("game.players", "give the players list or a registration_topic"))
    elif players and reg is not None:
        # the daemon would take the list and silently ignore the sign-ups
        p.append(
            ("game.registration_topic", "give the players list or a registration_topic, not both")
        )
    start = v.get("start")
    prev = start
    for i, dt in enumerate(v.get("deadlines", ())):
        if prev is not None and dt <= prev:
            p.append(
                (f"game.deadlines[{i}]", "must be later than the start and the deadline before")
            )
        prev = dt
    if rules is not None and rules.host_deadlines and not v.get("deadlines") and "deadlines" in v:
        p.append(
            (
                "game.deadlines",
                f"{rules.title} needs the host's deadlines (turn {rules.first_turn} first)",
            )
        )
    _check_game_roles(p, v, rules, players)
    seats = {nick_key(n) for n in players}
    genders = g.get("genders")
    for nick in genders if isinstance(genders, dict) else ():
        if players and nick_key(nick) not in seats:
            p.append((f"game.genders.{nick}", f"{nick!r} is not one of game.players"))
    _check_user_ids(p, v.get("user_ids", {}), players)
    return v


def _check_user_ids(p: Problems, ids: Mapping[str, int], players: Sequence[str]) -> None:
    """Each id names a player of the list, and no two players share one (a vote would then
    count for both)."""
    seats = {nick_key(n) for n in players}
    owner: dict[int, str] = {}
    for nick, uid in ids.items():
        where = f"game.user_ids.{nick}"
        if players and nick_key(nick) not in seats:
            p.append((where, f"{nick!r} is not one of game.players"))
        if uid in owner:
            p.append((where, f"id {uid} is given to {owner[uid]!r} already: one account each"))
        owner.setdefault(uid, nick)


def _ruleset_or_none(name: object) -> type[RuleSetBase] | None:
    """The rule set's class, or None when `game.ruleset` is missing or already refused."""
    return ruleset_class(name) if isinstance(name, str) and name in RULESETS else None


def _check_game_roles(
    p: Problems, v: dict[str, Any], rules: type[RuleSetBase] | None, players: Sequence[str]
) -> None:
    if rules is None:
        return
    ruleset, known = rules.name, rules.roles
    roles = dict(v.get("roles", {}))
    for role in list(roles):
        if role not in known:
            p.append(
                (
                    f"game.roles.{role}",
                    f"not a {ruleset} role ({', '.join(known)})" + role_hint(role, rules),
                )
            )
            del roles[role]
    v["roles"] = roles
    if roles and players and sum(roles.values()) != len(players):
        p.append(("game.roles", f"counts add up to {sum(roles.values())}, players: {len(players)}"))
    cast = v.get("cast", {})
    for nick, (role, clan) in cast.items():
        if role not in known:
            p.append(
                (f"game.cast.{nick}", f"not a {ruleset} role: {role!r}" + role_hint(role, rules))
            )
        elif role in rules.clan_roles and not clan:
            p.append((f"game.cast.{nick}", f'a {rules.title} {role} needs a clan: "{role}:triad"'))
        elif (problem := rules.clan_problem(role, clan)) is not None:
            # a clan where the role has none ("mafia:yakuza" in Gambler, "doctor:triad"), an
            # unknown clan, or a role that belongs to one clan only, given the other
            p.append((f"game.cast.{nick}", f"{rules.title}: {problem}"))
    if cast and players and set(cast) != set(players):
        p.append(("game.cast", "must give a role to every player of game.players, and only them"))


# --------------------------------------------------------------------------------------------
# [rules]: declared by the engine (engine.settings.RulesSettings), checked here


def _coerce_setting(p: Problems, key: str, value: Any, default: Any) -> Any:
    """Check one [rules] value against the type of its default."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            p.append((key, "must be true or false"))
        return value
    if isinstance(default, float):
        # a share (move_confidence): nan, inf or 2 would refuse every letter for ever
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        if not ok or not math.isfinite(value) or not 0 <= value <= 1:
            p.append((key, "must be a number from 0 to 1 (e.g. 0.8)"))
            return default
        return float(value)
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            p.append((key, "must be an integer"))
        elif not -1_000_000 <= value <= 1_000_000:
            p.append((key, "is out of range (at most a million)"))
            return default
        return value
    if isinstance(default, str):
        if not isinstance(value, str):
            p.append((key, "must be a string"))
        return value
    if isinstance(default, tuple | list | frozenset):
        if not isinstance(value, list):
            p.append((key, "must be a list"))
            return default
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    if isinstance(default, Mapping):
        if not isinstance(value, dict):
            p.append((key, "must be a table"))
            return default
        return dict(value)
    return value


def _check_color_spec(p: Problems, key: str, value: Any) -> None:
    from parser.colors import canonical_color

    if not isinstance(value, str):
        p.append((key, "must be a colour: a name, #rrggbb or family:<name>"))
    elif value.strip().lower() == "any":
        return
    elif value.strip().lower().startswith("family:"):
        fam = value.strip().lower().removeprefix("family:").strip()
        if fam not in COLOR_FAMILIES:
            p.append((key, f"unknown colour family {fam!r} ({', '.join(COLOR_FAMILIES)})"))
    elif canonical_color(value) is None:
        p.append((key, f"not a colour: {value!r} (a name, #rrggbb or family:<name>)"))


def _check_names(p: Problems, key: str, value: Any, allowed: Sequence[str]) -> None:
    if not isinstance(value, tuple):
        return  # the type error is already reported
    for i, v in enumerate(value):
        if v not in allowed:
            p.append((f"{key}[{i}]", f"unknown value {v!r} ({', '.join(allowed)})"))
    if len(set(value)) != len(value):
        p.append((key, "lists a value twice"))


def _check_court_thresholds(p: Problems, ct: tuple[Any, ...]) -> None:
    for i, row in enumerate(ct):
        ok = (
            isinstance(row, tuple)
            and len(row) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in row)
        )
        if not ok:
            p.append(
                (
                    f"rules.court_thresholds[{i}]",
                    "must be a pair [minimum living players, greens needed], e.g. [14, 3]",
                )
            )
        elif row[0] < 0 or row[1] < 1:
            p.append(
                (
                    f"rules.court_thresholds[{i}]",
                    "living players must be >= 0 and greens needed >= 1",
                )
            )
    if not ct:
        p.append(("rules.court_thresholds", "must list at least one [living, greens] pair"))


def _check_role_tables(p: Problems, tables: dict[str, Any], ruleset: str | None) -> None:
    rules = _ruleset_or_none(ruleset)
    known = rules.roles if rules is not None else ROLES
    for size, table in tables.items():
        key = f"rules.role_tables.{size}"
        if not str(size).isdigit():
            p.append((key, 'the key must be a player count, e.g. "20"'))
            continue
        if not isinstance(table, dict):
            p.append((key, "must be a table role = count"))
            continue
        for role, n in table.items():
            if role not in known:
                p.append(
                    (
                        f"{key}.{role}",
                        f"not a {ruleset or 'known'} role ({', '.join(known)})"
                        + role_hint(role, rules),
                    )
                )
            elif isinstance(n, bool) or not isinstance(n, int) or n < 0:
                p.append((f"{key}.{role}", "must be a count >= 0"))
        counts = [n for n in table.values() if isinstance(n, int) and not isinstance(n, bool)]
        if len(counts) == len(table) and sum(counts) != int(size):
            p.append((key, f"counts add up to {sum(counts)}, not {size}"))


def _check_rule_values(p: Problems, values: Mapping[str, Any], ruleset: str | None) -> None:
    """Values of the right type can still be impossible: shapes, ranges, names (an engine
    setting that cannot work fails every tick at a deadline, so it is refused here)."""
    if isinstance(values.get("green_colors"), tuple):
        for i, spec in enumerate(values["green_colors"]):
            _check_color_spec(p, f"rules.green_colors[{i}]", spec)
    if isinstance(values.get("court_thresholds"), tuple):
        _check_court_thresholds(p, values["court_thresholds"])
    for key, minimum in (("min_reason_words", 0), ("request_changes", 0)):
        v = values.get(key)
        if isinstance(v, int) and not isinstance(v, bool) and v < minimum:
            p.append((f"rules.{key}", f"must be >= {minimum}"))
    side = values.get("unanswered_side")
    if isinstance(side, str) and side not in SIDES:
        p.append(("rules.unanswered_side", f"must be one of {', '.join(SIDES)}"))
    if "gambler_win_priority" in values:
        sides = RulesSettings().gambler_win_priority  # the engine's sides (G-W.1)
        _check_names(p, "rules.gambler_win_priority", values["gambler_win_priority"], sides)
    causes = RulesSettings().cause_priority
    for key in ("cause_priority", "vest_stops"):
        if key in values:
            _check_names(p, f"rules.{key}", values[key], causes)
    if isinstance(values.get("role_tables"), dict):
        _check_role_tables(p, values["role_tables"], ruleset)


def _check_rules(p: Problems, data: Mapping[str, Any], ruleset: str | None) -> RulesSettings:
    r = _table(data, "rules", p, required=False)
    defaults = RulesSettings()
    names = [f.name for f in dataclasses.fields(RulesSettings)]
    values: dict[str, Any] = {}
    for k, v in r.items():
        if k not in names:
            p.append((f"rules.{k}", "unknown rule setting" + did_you_mean(k, names)))
            continue
        values[k] = _coerce_setting(p, f"rules.{k}", v, getattr(defaults, k))
    _check_rule_values(p, values, ruleset)
    try:
        return dataclasses.replace(defaults, **values)
    except (TypeError, ValueError) as exc:
        p.append(("rules", str(exc)))
        return defaults


# --------------------------------------------------------------------------------------------
# [[override]] (C-6)


def _check_overrides(p: Problems, data: Mapping[str, Any], tz: ZoneInfo) -> tuple[Override, ...]:
    raw = data.get("override", [])
    if not isinstance(raw, list):
        p.append(("override", "use [[override]] tables"))
        return ()
    out: list[Override] = []
    for i, o in enumerate(raw):
        where = f"override[{i}]"
        if not isinstance(o, dict):
            p.append((where, "must be a table"))
            continue
        before = len(p)
        v = check_section(Override, o, where, p, {"tz": tz})
        kind = v.get("kind")
        if kind is None:
            continue
        for need in OVERRIDE_KINDS[kind]:
            if o.get(need) is None:
                p.append((f"{where}.{need}", f"required for kind = {kind!r}"))
        if "step" not in o and kind == "remove" and o.get("reason") == "passivity":
            v["step"] = 7
        if len(p) == before:
            out.append(Override(index=i, **v))
    return tuple(out)


def _check_override_nicks(
    p: Problems, overrides: Sequence[Override], players: Sequence[str]
) -> None:
    """An override's `nick` and `target` name a seat of game.players (a typo would make the
    override silently do nothing); `new_nick` is the incoming account, so it must NOT be one.
    With a registration topic the players are not known yet: nothing to check against."""
    if not players:
        return
    seats = {nick_key(n) for n in players}
    for o in overrides:
        where = f"override[{o.index}]"
        for k, v in (("nick", o.nick), ("target", o.target)):
            if isinstance(v, str) and nick_key(v) not in seats:
                p.append((f"{where}.{k}", f"{v!r} is not one of game.players"))
        if isinstance(o.new_nick, str) and nick_key(o.new_nick) in seats:
            p.append((f"{where}.new_nick", f"{o.new_nick!r} already plays in this game"))


def _check_deal(p: Problems, game: GameConfig, rules: RulesSettings) -> None:
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
        rule = ruleset_class(game.ruleset).setup_rule
        why = f"negative counts: {bad}" if bad else f"counts add up to {sum(table.values())}"
        p.append(
            (
                key,
                f"the {game.ruleset} role table for {n} players cannot be dealt ({why}; {rule}); "
                "give [game.roles], [game.cast] or a rules.role_tables entry for this size",
            )
        )


# --------------------------------------------------------------------------------------------


def _game(values: dict[str, Any]) -> GameConfig:
    interim = {
        d: values.pop(d) for d in ("mode", "every") if d in values
    }  # the flattened [game] interim_count / interim_every
    return GameConfig(interim_count=InterimCount(**interim), **values)


def _check_topics_board(p: Problems, data: Mapping[str, Any], board_url: str | None) -> None:
    """A topic given as a URL must be on the board of `board.url`: a link copied from
    another forum would have the bot read and post in the wrong place."""
    from urllib.parse import urlsplit

    game = data.get("game")
    if not board_url or not isinstance(game, dict):
        return
    home = (urlsplit(board_url).hostname or "").casefold().removeprefix("www.")
    for key in ("topic", "court_topic", "registration_topic"):
        value = game.get(key)
        if not isinstance(value, str) or "://" not in value:
            continue
        try:
            there = (urlsplit(value.strip()).hostname or "").casefold().removeprefix("www.")
        except ValueError:
            continue
        if there and there != home:
            p.append(
                (
                    f"game.{key}",
                    f"is a topic on {there}, but board.url is on {home}: copy the topic's "
                    "address from the bot's own board (or give just its number)",
                )
            )


def parse_config(data: Mapping[str, Any], path: Path) -> Config:
    """Check an already-parsed TOML document; raise ConfigError listing every problem."""
    p: Problems = []
    unknown_keys("", data, list(TOP_LEVEL), p)
    board = _check_board(p, data)
    tz = ZoneInfo(board.get("timezone", "UTC"))
    _check_topics_board(p, data, board.get("url"))
    game = _check_game(p, data, tz, path.parent)
    for i, nick in enumerate(game.get("players", ())):
        if "username" in board and nick_key(nick) == nick_key(board["username"]):
            p.append(
                (
                    f"game.players[{i}]",
                    f"{nick!r} is the bot's own account (board.username): the bot would read "
                    "its own posts as his and send him the host's report — host from another "
                    "account",
                )
            )
    rules = _check_rules(p, data, game.get("ruleset"))
    overrides = _check_overrides(p, data, tz)
    _check_override_nicks(p, overrides, game.get("players", ()))
    database_url = _check_storage(p, data, path.parent)
    busy_timeout = _busy_timeout([], data)  # its problems are said by `_check_storage`
    news = check_section(
        NewspaperConfig, _table(data, "newspaper", p, required=False), "newspaper", p, {}
    )
    if p:
        raise ConfigError(str(path), p)
    cfg = Config(
        path=path,
        board=BoardConfig(**board),
        game=_game(game),
        rules=rules,
        overrides=overrides,
        database_url=database_url,
        raw=data,
        newspaper=NewspaperConfig(**news),
        busy_timeout=busy_timeout,
    )
    _check_deal(p, cfg.game, rules)
    if p:
        raise ConfigError(str(path), p)
    return cfg


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
