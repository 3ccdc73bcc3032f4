"""A rule scenario (tests/scenarios/*.json) played as a real game on a board, by the daemon.

`mafiabot replay` hands a scenario's posts and letters straight to the turn assembly. Here the
same scenario becomes what a host would actually see: a config (players, cast, seed, `[rules]`
settings, deadlines on the C-1 calendar), every post of a turn appearing in the game topic
(court votes in the court topic) at its time, every move arriving in the host's inbox as a
letter in plain Russian from its player, and the host's overrides added to the config as the
host would add them, mid-game. The daemon is then ticked through every deadline on its
injectable clock, and the outcome is read back from what it stored: the events of each turn
and the game state after it, shaped by replay's own `turn_output` so the comparison with
`<name>.expected.json` is the one tests/test_scenarios.py makes.

Two things a board cannot say, and what stands in for them:
- a Don chosen in advance (`"don": true`): on a board the clan elects him on turn 0 (P-S.2),
  so he writes the host an election letter naming himself on turn 0;
- structured moves (`action`/`targets`): written out as one plain phrasing per action,
  with nicks in the nominative and «себя» for the sender himself (the letter reader's own
  corpus covers other phrasings); a side choice (G-M.8) is written before the turn's first
  deadline, which is when it is due, every other letter on the turn's last evening.
"""

# mypy: disable-error-code="misc"
from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from engine import GameState
from engine import events as ev
from mafiabot.bootstrap import build_daemon
from mafiabot.config import Config, Override, load_config, turn_deadlines
from mafiabot.daemon import Daemon
from mafiabot.memory_board import BoardPost, MemoryBoard
from mafiabot.replay import turn_output
from mafiabot.store import Store, open_store
from mafiabot.store.codec import from_json
from parser.letters.reading import QUESTION_CODES
from scraper.board import BoardClient

MSK = ZoneInfo("Europe/Moscow")
GAME_TOPIC = 4
COURT_TOPIC = 5
HOST = "Ведущий"
START = datetime(2026, 3, 2, 12, 0, tzinfo=MSK)

#: Output keys a board game cannot be compared on: the votes the reader refused (`rejected`:
#: a post with no reason, a dead voter …) are told to the host in prose, in his report, and
#: no row keeps them; their effect on the count (`votes`, `greens`, `abstained`) is compared.
NOT_STORED = ("rejected",)

#: `rejected_moves` reasons no stored row keeps, so they are left out of the comparison: a
#: letter from outside the game or after the deadline, and the reader's questions back
#: (`unknown_nick`, `which_target` …), are answered by PM and kept nowhere else; a dead
#: player's letter leaves at most a host flag naming the sender, not the action. Every other
#: refusal is a stored move with its status and reason (C-2), or a MoveRejected event.
UNSTORED_MOVE_REASONS = frozenset({"not_a_player", "dead", "late", *QUESTION_CODES})


# ============================================================================================
# Letters: a structured move as a player would write it
# ============================================================================================
def letter(move: Mapping[str, Any]) -> str:
    """The PM text of a scenario move (its own `text` when it has one). A player naming
    himself writes «себя», as players do."""
    if "text" in move:
        return str(move["text"])
    action = move["action"]
    mine = move["action"] != "don"  # a Don is elected by name
    targets = ["себя" if mine and t == move["from"] else t for t in move.get("targets", [])]
    who = " и ".join(targets)
    if action == "kill":
        text = f"Убить: {who}"
        if move.get("executor"):
            text += f", исполнитель {move['executor']}"
        if move.get("story"):
            text += f". {move['story']}"
        return text
    if action == "choose_side":
        return "Выбираю сторону мафии" if move.get("side") == "mafia" else "Выбираю сторону города"
    words = {
        "check": "Проверка: {}",
        "heal": "Лечу: {}",
        "block": "Приглашаю к себе: {}",
        "beat": "Избить: {}",
        "blast": "Взрываю: {}",
        "protect": "Защита: {}",
        "ambush": "Засада",
        "army": "Армия тьмы: {}",
        "don": "Дон: {}",
    }
    return words[action].format(who)


# ============================================================================================
# The scenario as a game on a board
# ============================================================================================
@dataclass
class Release:
    """Something that happens at `at`: a post, a letter, or the host adding an override."""

    at: datetime
    kind: str  # "post" | "pm" | "override"
    data: dict[str, Any]


@dataclass
class BoardGame:
    name: str
    scenario: dict[str, Any]
    config_text: str
    # per turn: (its deadlines, the moments things happen in it)
    turns: list[tuple[int, tuple[datetime, ...], list[Release]]] = field(default_factory=list)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def config_text(scenario: Mapping[str, Any], court_topic: int | None = COURT_TOPIC) -> str:
    """The host's config.toml for the scenario: its seats, seed and rule settings; PEFL
    deadlines listed by the host one a day, Gambler on the daily 23:59 clock (C-1)."""
    ruleset = scenario["ruleset"]
    players = [p["nick"] for p in scenario["players"]]
    lines = [
        "[board]",
        'url = "http://127.0.0.1:8080/"',
        'kind = "phpbb"',
        f"username = {_toml(HOST)}",
        'password_env = "MAFIABOT_SCENARIO_PASSWORD"',
        'timezone = "Europe/Moscow"',
        "",
        "[game]",
        f'ruleset = "{ruleset}"',
        'name = "Мафия – сценарий"',
        f"topic = {GAME_TOPIC}",
        f"players = {_toml(players)}",
        f"seed = {int(scenario.get('seed', 0))}",
        f"start = {START.replace(tzinfo=None).isoformat()}",
        'interim_count = "off"',
    ]
    if ruleset == "pefl":
        n = len(scenario["turns"]) + 2
        first = START + timedelta(hours=10)
        listed = [(first + timedelta(days=i)).replace(tzinfo=None).isoformat() for i in range(n)]
        lines.append(f"deadlines = [{', '.join(listed)}]")
    else:
        if court_topic is not None:  # else the court sits in the game topic (G-N.4)
            lines.append(f"court_topic = {court_topic}")
        lines += ['deadline_time = "23:59"', "cycle_hours = 48"]
    lines += ["", "[game.cast]"]
    for p in scenario["players"]:
        role = p["role"] + (f":{p['clan']}" if p.get("clan") else "")
        lines.append(f"{_toml(p['nick'])} = {_toml(role)}")
    if scenario.get("options"):
        lines += ["", "[rules]"]
        lines += [f"{k} = {_toml(v)}" for k, v in scenario["options"].items()]
    return "\n".join(lines) + "\n"


def _don_letters(scenario: Mapping[str, Any]) -> list[dict[str, Any]]:
    """P-S.2 on a board: a Don fixed in advance is elected by his own turn-0 letter."""
    return [
        {"from": p["nick"], "action": "don", "targets": [p["nick"]]}
        for p in scenario["players"]
        if p.get("don")
    ]


def plan(name: str, scenario: dict[str, Any], cfg: Config) -> BoardGame:
    """When each post, letter and override of the scenario reaches the board."""
    game = BoardGame(name, scenario, "")
    prev_end = START
    dons = _don_letters(scenario)
    for t in scenario["turns"]:
        number = t["turn"]
        deadlines = turn_deadlines(cfg.game, number)
        end = deadlines[-1]
        opening = prev_end + timedelta(minutes=2)
        rel: list[Release] = []
        for o in t.get("overrides", []):
            if o["kind"] == "replace":  # a seat changes hands as the turn begins
                rel.append(Release(opening, "override", o))
        for i, p in enumerate(t["posts"]):
            rel.append(Release(opening + timedelta(minutes=1 + i), "post", {**p, "topic": 0}))
        # court votes after the nominations close (G-N.4); letters on the last evening
        court_from = deadlines[0] + timedelta(minutes=2)
        for i, p in enumerate(t.get("court_posts", [])):
            rel.append(Release(court_from + timedelta(minutes=i), "post", {**p, "topic": 1}))
        moves = list(t["moves"])
        if number == scenario["turns"][0]["turn"] and dons and number == 0:
            moves = dons + moves
        # the prostitute's side (G-M.8) is due by the turn's first deadline, the night's
        # letters by its last
        letters_from = end - timedelta(hours=3)
        sides_from = deadlines[0] - timedelta(hours=3)
        for i, m in enumerate(moves):
            at = sides_from if m.get("action") == "choose_side" else letters_from
            rel.append(Release(at + timedelta(minutes=i), "pm", m))
        for o in t.get("overrides", []):
            if o["kind"] != "replace":
                rel.append(Release(end - timedelta(minutes=30), "override", o))
        game.turns.append((number, deadlines, rel))
        prev_end = end
    return game


# ============================================================================================
# Playing it
# ============================================================================================
@dataclass
class Played:
    daemon: Daemon
    board: BoardClient  # what the daemon talked to
    pages: MemoryBoard  # the board's content: posts, letters, what the bot sent
    store: Store
    states: dict[int, GameState]  # the state after each turn's last deadline
    ids: dict[int, int]  # scenario post id -> board post id


def _override(o: Mapping[str, Any], turn: int, ids: Mapping[int, int], index: int) -> Override:
    kw: dict[str, Any] = {"kind": o["kind"], "turn": turn}
    nick = o.get("nick")
    if nick is None:
        nick = o.get("loser") if o["kind"] == "duel" else o.get("from")
    for key, value in (
        ("nick", nick),
        ("new_nick", o.get("new_nick")),
        ("target", o.get("target")),
        ("reason", o.get("reason")),
        ("step", o.get("step")),
    ):
        if value is not None:
            kw[key] = value
    if o.get("post_id") is not None:
        kw["post_id"] = ids[int(o["post_id"])]
        kw.pop("turn")  # a post's override belongs to the post's turn
    return Override(index=index, **kw)


def load_board_config(
    tmp: Path, scenario: Mapping[str, Any], court_topic: int | None = COURT_TOPIC
) -> Config:
    path = tmp / "config.toml"
    path.write_text(config_text(scenario, court_topic), "utf-8")
    return dataclasses.replace(load_config(path), database_url=f"sqlite:///{tmp / 'game.db'}")


def play_on_board(
    name: str,
    scenario: dict[str, Any],
    tmp: Path,
    *,
    client: Callable[[Config, MemoryBoard], tuple[BoardClient, Callable[[datetime], None]]]
    | None = None,
    court_topic: int | None = COURT_TOPIC,
) -> Played:
    """Play the scenario through the daemon on the in-memory board (or, with `client`, on
    a board client built over its content, e.g. the real phpBB client against the fake
    board: `client` gives the client and what to do before each tick at a moment).

    Every post and letter is put on the board up front with its time (the board shows it
    once the clock passes it); the daemon ticks after each batch of them, after each
    override the host adds, and just after each deadline."""
    cfg = load_board_config(tmp, scenario, court_topic)
    clock = [START - timedelta(hours=1)]
    pages = MemoryBoard(clock=lambda: clock[0], host=HOST, tz="Europe/Moscow")
    board: BoardClient = pages
    sync: Callable[[datetime], None] = _nothing
    if client is not None:
        board, sync = client(cfg, pages)
    store = open_store(cfg.database_url)
    daemon = build_daemon(cfg, store, board, salt=lambda: "s", token=lambda: "t")
    game = plan(name, scenario, cfg)
    posted: dict[int, BoardPost] = {}
    states: dict[int, GameState] = {}

    def board_ids() -> dict[int, int]:
        pages._release()
        return {sid: bp.id for sid, bp in posted.items() if bp.id}

    def tick(at: datetime) -> None:
        clock[0] = max(clock[0], at)
        sync(clock[0])
        daemon.tick(clock[0])

    for _number, _deadlines, rel in game.turns:
        for r in rel:
            d = r.data
            if r.kind == "post":
                topic = court_topic if d["topic"] and court_topic else GAME_TOPIC
                bp = pages.add_post(topic, d["author"], r.at, _html(d["html"]), key=str(d["id"]))
                posted[int(d["id"])] = bp
            elif r.kind == "pm":
                pages.add_pm(d["from"], r.at, "ход", _escape(letter(d)))
    tick(START + timedelta(minutes=1))  # the deal
    for number, deadlines, rel in game.turns:
        # a tick after the last item of each kind (and time) of release, and at each deadline
        batches: dict[tuple[str, datetime], datetime] = {}
        for r in rel:
            if r.kind == "override":
                continue
            phase = next((dl for dl in deadlines if r.at < dl), deadlines[-1])
            key = (r.kind, phase)
            batches[key] = max(batches.get(key, r.at), r.at)
        moments = sorted(
            {at + timedelta(minutes=1) for at in batches.values()}
            | {r.at for r in rel if r.kind == "override"}
            | {dl + timedelta(minutes=1) for dl in deadlines}
        )
        for at in moments:
            for r in rel:
                if r.kind == "override" and r.at == at:
                    clock[0] = max(clock[0], at)
                    o = _override(r.data, number, board_ids(), len(daemon.cfg.overrides))
                    daemon.cfg = dataclasses.replace(
                        daemon.cfg, overrides=(*daemon.cfg.overrides, o)
                    )
            tick(at)
        states[number] = daemon.shell.state(daemon.game())
    return Played(daemon, board, pages, store, states, board_ids())


def _nothing(_at: datetime) -> None:
    """The in-memory board needs nothing before a tick: it reads the clock itself."""


def _escape(text: str) -> str:
    import html

    return html.escape(text, quote=False)


def _html(body: str) -> str:
    """A scenario body as the board renders it; quotes that name a post by its scenario id
    point at the board id that post got ({post:KEY} is resolved when it is released)."""
    import re

    return re.sub(
        r'(data-post-id="|[?&]p=|#p)(\d+)', lambda m: m.group(1) + "{post:" + m.group(2) + "}", body
    )


# ============================================================================================
# What the daemon stored, as replay's output
# ============================================================================================
def stored_events(store: Store, game_id: int, turn: int) -> list[ev.Event]:
    out: list[ev.Event] = []
    for row in store.events(game_id, turn):
        cls = getattr(ev, row.kind, None)
        if cls is None or not isinstance(cls, type) or not issubclass(cls, ev.Event):
            continue
        payload = {k: v for k, v in (row.payload or {}).items() if k not in ("kind", "audience")}
        out.append(from_json(cls, payload))
    return out


def output(played: Played, scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The game as `mafiabot replay` would print it, rebuilt from the store."""
    gid = played.daemon.game().id
    turns = []
    winner = None
    last: GameState | None = None
    for t in scenario["turns"]:
        number = t["turn"]
        state = played.states[number]
        events = stored_events(played.store, gid, number)
        # a letter refused on arrival never reaches the engine: its stored row is the record
        refused = [
            {"from": m.actor, "action": m.action, "reason": m.reason}
            for m in played.store.moves(gid, number)
            if m.status == "refused"
        ]
        result = turn_output(number, state, events, {"rejected_moves": refused})
        if result["winner"] is not None:
            winner = result["winner"]
        turns.append(result)
        last = state
    assert last is not None
    return {"turns": turns, "winner": winner, "alive": list(last.living_nicks())}


def comparable(expected: dict[str, Any]) -> dict[str, Any]:
    """The expected output without what a board game does not store (NOT_STORED, and the
    move refusals of UNSTORED_MOVE_REASONS)."""
    turns = []
    for t in expected["turns"]:
        kept = {k: v for k, v in t.items() if k not in NOT_STORED}
        if "rejected_moves" in kept:
            kept["rejected_moves"] = [
                r for r in kept["rejected_moves"] if r.get("reason") not in UNSTORED_MOVE_REASONS
            ]
        turns.append(kept)
    return {**expected, "turns": turns}
