"""`mafiabot replay`: play a scenario file (SCENARIO.md) through the parser and the engine.

No network, no clock: posts are given as board HTML bodies, moves as structured records or
PM text, and the RNG is seeded from the scenario. The output JSON follows SCENARIO.md; keys
beyond it (`rejected_moves`, `duels`, `overrides`) are additions, never changes.

Host overrides (`turns[].overrides[]`, the same tables as config `[[override]]`):

==========================================  ===============================================
``{"kind": "hang", "nick": "X"}``           hang (PEFL) / jail (Gambler) X instead of the
                                            vote; ``"nick": null`` → nobody. ``"jail"`` is
                                            the same under its Gambler name.
``{"kind": "duel", "loser": "X"}``          G-N.5: the real duel's loser is jailed.
``{"kind": "remove", "nick": "X"}``         P-O.1 step 3 removal (death cause `override`);
                                            ``"step": 7`` → passive/voluntary leaver.
``{"kind": "replace", "nick": "A",          the seat of A is played by account B from this
"new_nick": "B"}``                          turn on (posts and moves as B).
``{"kind": "count_vote", "post_id": N,      count a vote the parser refused.
"nick": "Voter", "target": "X"}``
``{"kind": "ignore_vote", "post_id": N}``   drop a counted vote.
``{"kind": "accept_move", "from": "X"}``    accept X's moves marked ``"late": true``.
==========================================  ===============================================
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine import (
    RULESETS,
    Event,
    GameState,
    InputRejected,
    Move,
    Override,
    RulesSettings,
    Seat,
    SettingsError,
    get_ruleset,
    step,
)
from engine import events as ev
from engine.actions import ACTIONS
from engine.base import RuleSetBase
from engine.common import apply_replacements
from engine.inputs import OVERRIDE_KINDS
from engine.kinds import RulesetName, as_clan, as_role, as_ruleset
from engine.rules import ruleset_class
from mafiabot.config import OVERRIDE_KEYS
from mafiabot.exitcodes import UsageError
from mafiabot.turn_inputs import TurnPost, build_turn_inputs
from parser.letters.reading import DEFAULT_READING, ReadingSettings
from parser.records import Post

SYNTHETIC_POST_ID = -1  # ids for posts the scenario gives without one count down from here


class ScenarioError(UsageError):
    """A malformed scenario; the message names the offending field."""


# ============================================================================================
# Reading the scenario
# ============================================================================================
@dataclass(frozen=True, slots=True)
class ScenarioPost:
    id: int
    author: str
    html: str


@dataclass(frozen=True, slots=True)
class ScenarioMove:
    sender: str
    move: Mapping[str, Any]
    late: bool
    field: str
    pm_id: int | None = None


@dataclass(frozen=True, slots=True)
class ScenarioTurn:
    turn: int
    posts: tuple[ScenarioPost, ...]
    court_posts: tuple[ScenarioPost, ...]
    moves: tuple[ScenarioMove, ...]
    overrides: tuple[Override, ...]


@dataclass(frozen=True, slots=True)
class Scenario:
    ruleset: RulesetName
    seed: int
    settings: RulesSettings
    seats: tuple[Seat, ...]
    turns: tuple[ScenarioTurn, ...]
    # the host's account(s), as the daemon's `host_accounts`: his posts are no votes, a vote
    # on his name is refused and shown (P-V.1, G-N.1, G-N.4, C-3); none when not given
    hosts: tuple[str, ...] = ()


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise ScenarioError(f"{where}: {what}")


def load_scenario(data: Any) -> Scenario:
    """Check and read a scenario (SCENARIO.md); ScenarioError names the first bad field."""
    _need(isinstance(data, dict), "scenario", "must be a JSON object")
    raw_ruleset = data.get("ruleset")
    _need(
        raw_ruleset in RULESETS,
        "ruleset",
        f"must be {' or '.join(RULESETS)}, got {raw_ruleset!r}",
    )
    ruleset = as_ruleset(raw_ruleset)
    shape = ruleset_class(ruleset)
    seed = data.get("seed", 0)
    _need(isinstance(seed, int) and not isinstance(seed, bool), "seed", "must be an integer")
    options = data.get("options", {})
    _need(isinstance(options, dict), "options", "must be an object")
    try:
        settings = RulesSettings.from_mapping(options)
    except SettingsError as exc:
        raise ScenarioError(f"options.{exc.key}: {str(exc).split(': ', 1)[1]}") from None
    seats = _load_players(shape, data.get("players"))
    hosts = _load_hosts(data.get("host"), {s.nick for s in seats})
    # moves may name a replacement account, from the turn the host hands it the seat (C-6)
    nicks = {s.nick for s in seats} | _replacement_nicks(data.get("turns", []))
    turns_raw = data.get("turns", [])
    _need(isinstance(turns_raw, list), "turns", "must be a list")
    first = shape.first_turn
    turns: list[ScenarioTurn] = []
    next_post_id = SYNTHETIC_POST_ID
    seen_ids: dict[int, str] = {}
    for i, t in enumerate(turns_raw):
        where = f"turns[{i}]"
        _need(isinstance(t, dict), where, "must be an object")
        number = t.get("turn")
        _need(
            isinstance(number, int) and not isinstance(number, bool),
            f"{where}.turn",
            "must be an integer",
        )
        # a scenario may start later than the first turn ("a part of a game"); then turns
        # follow one another
        expected = first + i if not turns else turns[-1].turn + 1
        ok = number >= first if not turns else number == expected
        _need(ok, f"{where}.turn", f"out of order: expected {expected}, got {number}")
        posts, next_post_id = _load_posts(
            t.get("posts", []), f"{where}.posts", next_post_id, seen_ids
        )
        court, next_post_id = _load_posts(
            t.get("court_posts", []), f"{where}.court_posts", next_post_id, seen_ids
        )
        _need(shape.court_topic or not court, f"{where}.court_posts", "Gambler only")
        moves = _load_moves(t.get("moves", []), f"{where}.moves", nicks)
        overrides = _load_overrides(t.get("overrides", []), f"{where}.overrides", nicks, number)
        turns.append(ScenarioTurn(number, posts, court, moves, overrides))
    return Scenario(ruleset, seed, settings, seats, tuple(turns), hosts)


def _load_hosts(raw: Any, players: set[str]) -> tuple[str, ...]:
    """The optional `host`: the host's board account, or a list of them (his second account,
    the bot's own). A host holds no seat of the game."""
    if raw is None:
        return ()
    names = [raw] if isinstance(raw, str) else raw
    _need(
        isinstance(names, list) and all(isinstance(n, str) and n.strip() for n in names),
        "host",
        "must be a nick or a list of nicks",
    )
    for n in names:
        _need(n not in players, "host", f"{n!r} is a player: the host holds no seat")
    return tuple(names)


def _replacement_nicks(turns: Any) -> set[str]:
    """Every account a `replace` override of the scenario hands a seat to (C-6)."""
    found: set[str] = set()
    for t in turns if isinstance(turns, list) else []:
        for o in t.get("overrides", []) if isinstance(t, dict) else []:
            if isinstance(o, dict) and o.get("kind") == "replace":
                new = o.get("new_nick")
                if isinstance(new, str) and new:
                    found.add(new)
    return found


def _load_players(rules: type[RuleSetBase], raw: Any) -> tuple[Seat, ...]:
    _need(isinstance(raw, list) and len(raw) > 0, "players", "must be a non-empty list")
    roles = rules.roles
    seats: list[Seat] = []
    seen: set[str] = set()
    for i, p in enumerate(raw):
        where = f"players[{i}]"
        _need(isinstance(p, dict), where, "must be an object")
        nick = p.get("nick")
        _need(isinstance(nick, str) and nick.strip() != "", f"{where}.nick", "must be a nick")
        _need(nick not in seen, f"{where}.nick", f"duplicate nick {nick!r}")
        seen.add(nick)
        raw_role = p.get("role")
        _need(raw_role in roles, f"{where}.role", f"unknown role {raw_role!r} for {rules.name}")
        role = as_role(raw_role, roles)
        clan = p.get("clan")
        don = p.get("don", False)
        _need(isinstance(don, bool), f"{where}.don", "must be true or false")
        problem = rules.clan_problem(role, clan)
        _need(problem is None, f"{where}.clan", problem or "")
        _need(not don or role == "mafia", f"{where}.don", "only a plain mafia can be Don (P-S.2)")
        seats.append(
            Seat(nick=nick, role=role, clan=None if clan is None else as_clan(clan), don=don)
        )
    return tuple(seats)


def _load_posts(
    raw: Any, where: str, next_id: int, seen: dict[int, str]
) -> tuple[tuple[ScenarioPost, ...], int]:
    """Posts of one list; `seen` collects post ids across the scenario (they are unique on a
    board, and quotes point at them)."""
    _need(isinstance(raw, list), where, "must be a list")
    posts: list[ScenarioPost] = []
    for i, p in enumerate(raw):
        w = f"{where}[{i}]"
        _need(isinstance(p, dict), w, "must be an object")
        author = p.get("author")
        _need(isinstance(author, str) and author != "", f"{w}.author", "must be a nick")
        html = p.get("html", "")
        _need(isinstance(html, str), f"{w}.html", "must be a string")
        pid = p.get("id")
        if pid is None:
            pid = next_id  # negative: never a board's id, never a given one
            next_id -= 1
        _need(isinstance(pid, int) and not isinstance(pid, bool), f"{w}.id", "must be a number")
        _need(pid not in seen, f"{w}.id", f"duplicate post id {pid} (also {seen.get(pid)})")
        seen[pid] = w
        posts.append(ScenarioPost(pid, author, html))
    return tuple(posts), next_id


def _load_moves(raw: Any, where: str, nicks: set[str]) -> tuple[ScenarioMove, ...]:
    _need(isinstance(raw, list), where, "must be a list")
    moves: list[ScenarioMove] = []
    for i, m in enumerate(raw):
        w = f"{where}[{i}]"
        _need(isinstance(m, dict), w, "must be an object")
        sender = m.get("from")
        _need(isinstance(sender, str) and sender != "", f"{w}.from", "must be a nick")
        if "text" in m:
            _need(isinstance(m["text"], str), f"{w}.text", "must be a string")
        else:
            action = m.get("action")
            _need(action in ACTIONS, f"{w}.action", f"unknown action {action!r}")
            targets = m.get("targets", [])
            _need(
                isinstance(targets, list) and all(isinstance(t, str) for t in targets),
                f"{w}.targets",
                "must be a list of nicks",
            )
            for j, t in enumerate(targets):
                _need(t in nicks, f"{w}.targets[{j}]", f"unknown nick {t!r}")
            ex = m.get("executor")
            _need(ex is None or ex in nicks, f"{w}.executor", f"unknown nick {ex!r}")
            side = m.get("side")
            _need(side in (None, "town", "mafia"), f"{w}.side", "town or mafia")
            story = m.get("story")
            _need(story is None or isinstance(story, str), f"{w}.story", "must be a string")
        late = m.get("late", False)
        _need(isinstance(late, bool), f"{w}.late", "must be true or false")
        pm_id = m.get("id")
        _need(pm_id is None or isinstance(pm_id, int), f"{w}.id", "must be a PM id (a number)")
        moves.append(ScenarioMove(sender, m, late, w, pm_id))
    return tuple(moves)


#: Keys of an override table: the config's `[[override]]` keys, plus the replay aliases
#: `loser` (duel) and `from` (accept_move).
OVERRIDE_TABLE_KEYS = OVERRIDE_KEYS | {"loser", "from"}


def _load_overrides(raw: Any, where: str, nicks: set[str], turn: int) -> tuple[Override, ...]:
    """Override tables with the keys of config.toml `[[override]]` (C-6)."""
    _need(isinstance(raw, list), where, "must be a list")
    out: list[Override] = []
    for i, o in enumerate(raw):
        w = f"{where}[{i}]"
        _need(isinstance(o, dict), w, "must be an object")
        kind = o.get("kind")
        _need(kind in OVERRIDE_KINDS, f"{w}.kind", f"unknown override {kind!r}")
        for key in o:
            _need(key in OVERRIDE_TABLE_KEYS, f"{w}.{key}", "unknown key")
        if o.get("turn") is not None:
            _need(o["turn"] == turn, f"{w}.turn", f"this table is in turn {turn}")
        nick = o.get("nick")
        if nick is None:
            nick = o.get("loser") if kind == "duel" else o.get("from")
        if kind in ("remove", "duel", "replace", "count_vote"):
            _need(isinstance(nick, str), f"{w}.nick", "must be a nick")
        if nick is not None and kind not in ("replace", "count_vote"):
            _need(nick in nicks, f"{w}.nick", f"unknown nick {nick!r}")
        new_nick = o.get("new_nick")
        if kind == "replace":
            _need(isinstance(new_nick, str) and new_nick != "", f"{w}.new_nick", "must be a nick")
        post_id = o.get("post_id")
        if kind in ("count_vote", "ignore_vote"):
            _need(isinstance(post_id, int), f"{w}.post_id", "must be a post id")
        target = o.get("target")
        if kind == "count_vote":
            _need(isinstance(target, str), f"{w}.target", "must be a nick")
        pm_id = o.get("pm_id")
        if kind == "accept_move":
            _need(
                isinstance(pm_id, int) or isinstance(nick, str),
                f"{w}.pm_id",
                "name the late move by pm_id (or its sender by from/nick)",
            )
        reason = str(o.get("reason", ""))
        # as config.toml: a removal for passivity is a step-7 leaver unless said otherwise
        step_no = o.get("step", 7 if kind == "remove" and reason == "passivity" else 3)
        _need(step_no in (3, 7), f"{w}.step", "3 or 7")
        out.append(
            Override(
                kind=kind,
                nick=nick,
                new_nick=new_nick,
                target=target,
                post_id=post_id,
                step=step_no,
                reason=reason,
                pm_id=pm_id if isinstance(pm_id, int) else None,
            )
        )
    return tuple(out)


# ============================================================================================
# Posts and moves through the parser
# ============================================================================================
def post_record(post: ScenarioPost, position: int) -> Post:
    """A scenario post as the board parser would hand it over."""
    from mafiabot.replay_posts import post_from_body

    return post_from_body(post.id, post.author, post.html, position)


def read_move(
    sm: ScenarioMove, state: GameState, settings: ReadingSettings = DEFAULT_READING
) -> Move | InputRejected | None:
    """A structured move as it is, or PM text through the move parser (C-2, C-3), with the
    host's reading `settings` (`ReadingSettings.of` the scenario's ``[rules]``) as the daemon
    reads it."""
    m = sm.move
    if "text" in m:
        from mafiabot.replay_posts import parse_pm

        return parse_pm(m["text"], sm.sender, state.living_nicks(), state, settings)
    return Move(
        actor=sm.sender,
        action=m["action"],
        targets=tuple(m.get("targets", [])),
        executor=m.get("executor"),
        story=m.get("story"),
        side=m.get("side"),
    )


# ============================================================================================
# Playing
# ============================================================================================
def play(scenario: Scenario) -> dict[str, Any]:
    rules = get_ruleset(scenario.ruleset, scenario.settings)
    state = rules.new_game(scenario.seats)
    if scenario.turns and scenario.turns[0].turn > state.turn:
        start = scenario.turns[0].turn
        phase = rules.turn_phases[0]
        state = replace(state, turn=start, phase=phase)
    rng = random.Random(scenario.seed)
    out_turns: list[dict[str, Any]] = []
    final_winner: str | None = None
    for turn in scenario.turns:
        if state.over:
            out_turns.append(_empty_turn(turn.turn, state))
            continue
        _need(state.turn == turn.turn, f"turns[{turn.turn}].turn", "does not follow the game")
        state, events, extra = play_turn(scenario, rules.name, state, turn, rng)
        result = turn_output(turn.turn, state, events, extra)
        if result["winner"] is not None:
            final_winner = result["winner"]
        out_turns.append(result)
    return {"turns": out_turns, "winner": final_winner, "alive": list(state.living_nicks())}


def _empty_turn(number: int, state: GameState) -> dict[str, Any]:
    return {
        "turn": number,
        "nominees": [],
        "removed_by_vote": None,
        "greens": {},
        "votes": {},
        "rejected": [],
        "abstained": [],
        "missing": [],
        "deaths": [],
        "saved": [],
        "beaten": [],
        "checks": [],
        "recruited": None,
        "alive": list(state.living_nicks()),
        "winner": None,
    }


def play_turn(
    scenario: Scenario, ruleset: str, state: GameState, turn: ScenarioTurn, rng: random.Random
) -> tuple[GameState, list[Event], dict[str, Any]]:
    rules = get_ruleset(ruleset, scenario.settings)
    extra: dict[str, Any] = {"rejected": [], "rejected_moves": []}
    # a deadline change is the daemon's: replay has no clock, so it is only recorded
    extra["noted"] = [o.kind for o in turn.overrides if o.kind == "extend_deadline"]
    renames = {o.nick: o.new_nick for o in turn.overrides if o.kind == "replace" and o.nick}
    known = {p.nick for p in state.players} | {n for n in renames.values() if n}
    # posts and PMs of the turn are read as the town stands once the host's replacements are
    # in (C-6): the new account's posts are his seat's (the engine applies the same renames)
    reading, _ = apply_replacements(state, turn.overrides)

    moves: list[Move] = []
    late_ok = [o for o in turn.overrides if o.kind == "accept_move"]
    for sm in turn.moves:
        accepted = any(
            (o.pm_id is not None and o.pm_id == sm.pm_id)
            or (o.pm_id is None and o.nick == sm.sender)
            for o in late_ok
        )
        if sm.late and not accepted:
            extra["rejected_moves"].append({"from": sm.sender, "action": "?", "reason": "late"})
            continue
        if sm.sender not in known:
            extra["rejected_moves"].append(
                {"from": sm.sender, "action": "?", "reason": "not_a_player"}
            )
            continue
        # C-6: in the turn of a replacement both accounts speak for the seat
        seat = renames.get(sm.sender) or sm.sender
        got = read_move(replace(sm, sender=seat), reading, ReadingSettings.of(rules.settings))
        if isinstance(got, InputRejected):
            extra["rejected_moves"].append({"from": sm.sender, "action": "?", "reason": got.reason})
        elif got is not None:
            moves.append(got)

    def seated(posts: Sequence[ScenarioPost]) -> list[TurnPost]:
        return [
            TurnPost(post_record(p, i + 1), p.author if p.author in known else None)
            for i, p in enumerate(posts)
        ]

    posts = seated(turn.posts)
    court_posts = seated(turn.court_posts)
    events: list[Event] = []
    # each deadline of the turn in order (PEFL one; Gambler the introduction day, or the
    # greens and then the court with the night), each through the daemon's own assembly
    while True:
        phase = state.phase
        built = build_turn_inputs(
            rules,
            state,
            posts=posts,
            court_posts=court_posts,
            moves=moves,
            overrides=turn.overrides,
            ignore_authors=scenario.hosts,
        )
        extra["rejected"] += built.inputs.rejected
        state, evs = step(state, built.inputs, None, rng, rules)
        events += evs
        if rules.ends_turn(phase) or state.over:
            return state, events, extra


def _record_outcome(out: dict[str, Any], e: Event) -> bool:
    """Write an event that maps straight onto one field of the turn's output (counts,
    removals, checks, the winner) and say whether it was one. Apart from `turn_output`,
    which keeps the events that need gathering or de-duplication."""
    if isinstance(e, ev.GreensCounted):
        out["nominees"] = list(e.nominees)
        out["greens"] = dict(e.greens)
    elif isinstance(e, ev.VotesCounted):
        out["votes"] = dict(e.votes)
        out["abstained"] = list(e.abstained)
    elif isinstance(e, ev.Jailed | ev.Hanged):
        out["removed_by_vote"] = e.nick
    elif isinstance(e, ev.WentMissing):
        out["missing"].append(e.nick)
    elif isinstance(e, ev.Saved):
        out["saved"].append(e.nick)
    elif isinstance(e, ev.Beaten):
        out["beaten"].append(e.nick)
    elif isinstance(e, ev.CheckResult):
        c: dict[str, Any] = {"by": e.by, "target": e.target, "result": e.result}
        if e.thug:
            c["thug"] = e.thug
        out["checks"].append(c)
    elif isinstance(e, ev.Recruited):
        out["recruited"] = e.side
    elif isinstance(e, ev.GameWon):
        out["winner"] = e.winner
    else:
        return False
    return True


def turn_output(
    number: int, state: GameState, events: Sequence[Event], extra: Mapping[str, Any]
) -> dict[str, Any]:
    """One turn of the output (SCENARIO.md), derived from the events alone."""
    out = _empty_turn(number, state)
    rejected: list[dict[str, Any]] = [
        {"author": r.author, "reason": r.reason} for r in extra.get("rejected", [])
    ]
    rejected_moves = list(extra.get("rejected_moves", []))
    deaths: list[dict[str, Any]] = []
    duels: list[dict[str, Any]] = []
    applied: list[str] = []
    for e in events:
        if _record_outcome(out, e):
            continue
        if isinstance(e, ev.DeathRecorded):
            role = state.get(e.nick).role
            deaths.append({"nick": e.nick, "role": role, "cause": e.cause})
        elif isinstance(e, ev.VoteIgnored):
            item = {"author": e.nick, "reason": e.reason}
            if item not in rejected:
                rejected.append(item)
        elif isinstance(e, ev.MoveRejected):
            rejected_moves.append({"from": e.nick, "action": e.action, "reason": e.reason})
        elif isinstance(e, ev.DuelTossed):
            duels.append({"players": list(e.players), "loser": e.loser})
        elif isinstance(e, ev.OverrideApplied):
            applied.append(e.what)
    applied += list(extra.get("noted", []))
    out["deaths"] = deaths
    out["rejected"] = rejected
    out["rejected_moves"] = rejected_moves
    if duels:
        out["duels"] = duels
    if applied:
        out["overrides"] = applied
    out["alive"] = list(state.living_nicks())
    return out


def run_file(path: str) -> dict[str, Any]:
    """Read, check and play a scenario file."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        raise ScenarioError(f"{path}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
    return play(load_scenario(data))
