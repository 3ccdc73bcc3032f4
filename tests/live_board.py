"""Whole games on a live board: the harness behind `pytest -m live_ipb` and `pytest -m live`
(IPB 1.3 and phpBB 3.3 the same way).

A game is a scenario (SCENARIO.md shape) written for the board's own accounts. The harness:

1. opens a fresh game topic as the host, writes the host's config (the board, the accounts,
   the seed, the cast, the deadlines: PEFL listed minutes apart, Gambler on a rehearsal clock
   `speedup` times faster, its court topics opened by the bot in the game's forum);
2. runs `mafiabot run -c config.toml` as a separate process and leaves it alone, except that a
   seeded chooser kills it with SIGKILL at random moments and starts it again at once;
3. plays the players: each turn, once the previous deadline's minute is over, every post of the
   turn is written by its author's own account (chat that spreads the votes over several topic
   pages, coloured votes, Gambler court votes in the court topic the bot opened) and every
   letter is sent to the host, all on the board's clock before the deadline;
4. when the game is over and the bot has sent everything, stops the bot and reads the board:
   every message of the bot by its marker (a marker seen twice is a duplicate), every player's
   letters from the host, the replies to moves and when they came;
5. compares the turns the bot stored with `mafiabot replay` of the same scenario.

`run_live_game` returns the figures (`LiveFigures`); `whole_game` plays one and asserts what
every board's module asserts; `reporter` prints the figures and appends them to a JSON-lines
file. Nothing here runs unless a live test is asked for.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from engine import GameState
from engine import events as ev
from mafiabot.replay import run_file, turn_output
from mafiabot.store import open_store
from mafiabot.store.codec import from_json
from scraper.board import BoardClient
from scraper.errors import FloodLimited

MSK = ZoneInfo("Europe/Moscow")
# a message marker (`poster.outbox.marker_for`): game/turn, then the game token (1-32 letters,
# digits, "-" or "_") and a dot, or no token, then the key's 8-hex digest
MARKER = re.compile(r"mafiabot \S+/\d+ (?:[0-9A-Za-z_-]{1,32}\.)?[0-9a-f]{8}")
COMPARED = ("nominees", "removed_by_vote", "greens", "votes", "deaths", "saved", "checks", "winner")


@dataclass(frozen=True)
class LiveBoard:
    """Where the live board is and who may write on it (from the environment)."""

    kind: str  # "ipb" | "phpbb"
    url: str
    host: str
    host_password: str
    forum: int
    players: tuple[str, ...]
    player_password: str

    def client(
        self, user: str, password: str, cookies: Path, *, player: bool = False
    ) -> BoardClient:
        """A session for `user`; a player's keeps no Sent copies, as a browser's does not."""
        if self.kind == "phpbb":
            from scraper.phpbb import PhpbbClient, PhpbbSettings

            return PhpbbClient(
                PhpbbSettings(self.url, user, password, cookie_file=cookies, min_interval=0.3)
            )
        from scraper.ipb import IpbClient, IpbSettings

        settings = IpbSettings(
            self.url,
            user,
            password,
            cookie_file=cookies,
            min_interval=0.3,
            keep_sent_copies=not player,
        )
        return IpbClient(settings)


def board_from_env(prefix: str, kind: str) -> LiveBoard | None:
    env = os.environ
    need = ("URL", "USER", "PASSWORD", "FORUM", "PLAYERS", "PLAYER_PASSWORD")
    if any(not env.get(prefix + k) for k in need):
        return None
    return LiveBoard(
        kind,
        env[prefix + "URL"],
        env[prefix + "USER"],
        env[prefix + "PASSWORD"],
        int(env[prefix + "FORUM"]),
        tuple(n.strip() for n in env[prefix + "PLAYERS"].split(",") if n.strip()),
        env[prefix + "PLAYER_PASSWORD"],
    )


# ------------------------------------------------------------------------------------------
# the games: scenarios for six accounts, with their posts as BBCode
# ------------------------------------------------------------------------------------------
def _red(nick: str, why: str) -> str:
    return f"[color=red]{nick}[/color] — {why}"


def _green(nick: str) -> str:
    return f"Мой выбор на сегодня: [color=green]{nick}[/color]"


def bbcode_html(text: str) -> str:
    """The few tags the players write, as a board renders them (for the scenario)."""
    text = re.sub(r"\[color=(\w+)\](.*?)\[/color\]", r'<span style="color:\1">\2</span>', text)
    return text.replace("\n", "<br>")


CHAT = (
    "Доброе утро, город. Читаю тему.",
    "Кто что думает про вчерашнее?",
    "Мне кажется, мафия среди молчунов.",
    "Давайте без паники и по фактам.",
    "Я бы присмотрелся к тем, кто голосует последним.",
)


def pefl_game(p: Sequence[str], chat: int = 12) -> dict[str, Any]:
    """Four PEFL turns for six accounts: a saved victim on night 0, the maniac hanged on day 1,
    a kill and a check on night 1, the Don hanged on day 2 (town wins), day 3 unused."""
    anna, roma, gena, boris, serg, lisa = p[:6]
    why = "весь день молчит, уходит от ответов и путается в словах"
    turns: list[dict[str, Any]] = [
        {
            "turn": 0,
            "posts": [],
            "moves": [
                {"from": serg, "action": "don", "targets": [serg]},  # P-S.2 on a board
                {"from": serg, "action": "kill", "targets": [gena], "executor": serg},
                {"from": roma, "action": "heal", "targets": [gena]},
                {"from": anna, "action": "check", "targets": [lisa]},
            ],
        },
        {
            "turn": 1,
            "posts": [
                *({"author": p[i % 6], "bb": CHAT[i % len(CHAT)] + f" ({i})"} for i in range(chat)),
                {"author": anna, "bb": _red(lisa, why)},
                {"author": roma, "bb": _red(lisa, why)},
                {"author": gena, "bb": _red(lisa, why)},
                {"author": boris, "bb": _red(serg, why)},
                {"author": serg, "bb": _red(boris, why)},
                {"author": lisa, "bb": _red(boris, why)},
            ],
            "moves": [
                {"from": serg, "action": "kill", "targets": [boris], "executor": serg},
                {"from": roma, "action": "heal", "targets": [anna]},
                {"from": anna, "action": "check", "targets": [serg]},
            ],
        },
        {
            "turn": 2,
            "posts": [
                *({"author": p[i % 6], "bb": CHAT[i % len(CHAT)] + f" ({i})"} for i in range(chat)),
                {"author": anna, "bb": _red(serg, why)},
                {"author": roma, "bb": _red(serg, why)},
                {"author": gena, "bb": _red(serg, why)},
                {"author": serg, "bb": _red(anna, why)},
            ],
            "moves": [],
        },
    ]
    return {
        "ruleset": "pefl",
        "seed": 41,
        "players": [
            {"nick": anna, "role": "commissar"},
            {"nick": roma, "role": "doctor"},
            {"nick": gena, "role": "civilian"},
            {"nick": boris, "role": "civilian"},
            {"nick": serg, "role": "mafia", "clan": "yakuza", "don": True},
            {"nick": lisa, "role": "maniac"},
        ],
        "turns": turns,
    }


def gambler_game(p: Sequence[str], chat: int = 10) -> dict[str, Any]:
    """Three Gambler turns for six accounts: the introduction day, the maniac jailed on day 2
    and a kill healed that night, the godfather jailed on day 3 (town wins)."""
    anna, roma, gena, boris, serg, lisa = p[:6]
    return {
        "ruleset": "gambler",
        "seed": 43,
        "players": [
            {"nick": anna, "role": "commissar"},
            {"nick": roma, "role": "doctor"},
            {"nick": gena, "role": "civilian"},
            {"nick": boris, "role": "civilian"},
            {"nick": serg, "role": "godfather"},
            {"nick": lisa, "role": "maniac"},
        ],
        "turns": [
            {
                "turn": 1,
                "posts": [{"author": n, "bb": f"Всем привет, я {n}."} for n in p[:6]],
                "court_posts": [],
                "moves": [],
            },
            {
                "turn": 2,
                "posts": [
                    *(
                        {"author": p[i % 6], "bb": CHAT[i % len(CHAT)] + f" ({i})"}
                        for i in range(chat)
                    ),
                    {"author": anna, "bb": _green(lisa)},
                    {"author": roma, "bb": _green(lisa)},
                    {"author": gena, "bb": _green(lisa)},
                ],
                "court_posts": [{"author": n, "bb": lisa} for n in (anna, roma, gena, boris)],
                "moves": [
                    {"from": serg, "action": "kill", "targets": [boris]},
                    {"from": roma, "action": "heal", "targets": [boris]},
                    {"from": anna, "action": "check", "targets": [serg]},
                ],
            },
            {
                "turn": 3,
                "posts": [
                    *(
                        {"author": p[i % 6], "bb": CHAT[i % len(CHAT)] + f" ({i})"}
                        for i in range(chat)
                    ),
                    {"author": anna, "bb": _green(serg)},
                    {"author": roma, "bb": _green(serg)},
                ],
                "court_posts": [{"author": n, "bb": serg} for n in (anna, roma, gena, boris)],
                "moves": [],
            },
        ],
    }


def as_scenario(game: dict[str, Any]) -> dict[str, Any]:
    """The game as `mafiabot replay` reads it (posts as rendered HTML, ids in order)."""
    out: dict[str, Any] = json.loads(json.dumps(game))
    n = 1000
    for t in out["turns"]:
        for key in ("posts", "court_posts"):
            if key not in t:
                continue
            for post in t[key]:
                n += 1
                post["id"] = n
                post["html"] = bbcode_html(post.pop("bb"))
        t.setdefault("overrides", [])
        # a Don fixed in advance ("don": true) is elected on the board by his own letter
        t["moves"] = [m for m in t.get("moves", []) if m.get("action") != "don"]
    return out


# ------------------------------------------------------------------------------------------
# the run
# ------------------------------------------------------------------------------------------
@dataclass
class LiveFigures:
    ruleset: str
    topic: int
    turns: int = 0
    winner: str | None = None
    kills: int = 0
    restarts: int = 0
    emptied: list[str] = field(default_factory=list)  # near-full inboxes emptied first
    player_posts: int = 0
    player_letters: int = 0
    topic_pages: int = 0
    bot_posts: int = 0
    bot_pms: int = 0
    duplicates: int = 0
    acks: int = 0
    acks_before_deadline: int = 0
    acks_not_sent: list[str] = field(default_factory=list)
    replay_equal: bool = False
    replay_diff: list[str] = field(default_factory=list)
    minutes: float = 0.0

    def as_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)


class Bot:
    """`mafiabot run` as a separate process, killed with SIGKILL and started again."""

    def __init__(self, config: Path, env: dict[str, str], log: Path) -> None:
        self.config, self.env, self.log = config, env, log
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mafiabot", "run", "-c", str(self.config)],
            env=self.env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        self.starts += 1

    def kill9(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.kill9()


def _config(
    board: LiveBoard,
    game: dict[str, Any],
    topic: int,
    start: datetime,
    db: Path,
    speedup: int,
    spacing: int,
) -> str:
    def q(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False)

    lines = [
        "[board]",
        f"url = {q(board.url)}",
        f'kind = "{board.kind}"',
        f"username = {q(board.host)}",
        'password_env = "MAFIABOT_LIVE_HOST_PASSWORD"',
        'timezone = "Europe/Moscow"',
        "poll_interval = 10",
        "request_delay = 0.2",
        "",
        "[storage]",
        f'url = "sqlite:///{db}"',
        "",
        "[game]",
        f'ruleset = "{game["ruleset"]}"',
        f'name = "Мафия – live {topic}"',
        f"topic = {topic}",
        f"players = {q([p['nick'] for p in game['players']])}",
        f"seed = {game['seed']}",
        f"start = {start.astimezone(MSK).replace(tzinfo=None).isoformat(timespec='seconds')}",
    ]
    if game["ruleset"] == "pefl":
        dls = [start + timedelta(seconds=spacing * (i + 1)) for i in range(len(game["turns"]) + 2)]
        listed = ", ".join(
            d.astimezone(MSK).replace(tzinfo=None).isoformat(timespec="seconds") for d in dls
        )
        lines.append(f"deadlines = [{listed}]")
    else:
        # the first greens deadline half an hour (real) after the start: seconds in rehearsal
        first = (start + timedelta(minutes=30)).astimezone(MSK)
        lines += [
            f"court_forum = {board.forum}",
            f'deadline_time = "{first:%H:%M}"',
            "cycle_hours = 48",
            "rehearsal = true",
            f"rehearsal_speedup = {speedup}",
        ]
    lines += ["", "[game.cast]"]
    for p in game["players"]:
        role = p["role"] + (f":{p['clan']}" if p.get("clan") else "")
        lines.append(f"{q(p['nick'])} = {q(role)}")
    return "\n".join(lines) + "\n"


def letter_text(move: dict[str, Any]) -> str:
    """A move as the player writes it (the scenario harness's wording)."""
    from tests.scenario_board import letter

    return letter(move)


#: free places a box must have before a game: a player's for the bot's replies to his letters
#: and its role letter, the host's for the letters and the bot's reports to itself (a full box
#: refuses or holds them back, and the board says so)
ROOM = 25


def _make_room(client: BoardClient) -> bool:
    """Empty an inbox of earlier games' letters when it is near its quota (True: it was): the
    test accounts play game after game, and a box the board reports full refuses or holds back
    what is written to it, which is the account's box failing, not the bot. The host's box
    keeps the bot's reports to itself, as the bot leaves them for a real host to read."""
    rows = client.list_pm_folder("inbox")
    fill = getattr(client, "mailbox_fill", None)
    if rows and fill is not None and fill[1] - fill[0] < ROOM:
        client.delete_pms([r.id for r in rows], "inbox")  # type: ignore[attr-defined]
        return True
    return False


class Players:
    """The players' accounts, each writing through its own session, flood-paced."""

    def __init__(self, board: LiveBoard, tmp: Path) -> None:
        self.board = board
        self.clients: dict[str, BoardClient] = {}
        self.emptied: list[str] = []  # the accounts whose near-full inboxes were emptied
        self.last: dict[str, float] = {}
        for nick in board.players:
            cookies = tmp / f"cookies-{len(self.clients)}.json"
            c = board.client(nick, board.player_password, cookies, player=True)
            c.login()
            if _make_room(c):
                self.emptied.append(nick)
            self.clients[nick] = c
        self.posts = 0
        self.letters = 0

    def post(self, nick: str, topic: int, text: str) -> int:
        wait = self.last.get(nick, 0.0) + 6.5 - time.time()
        if wait > 0:
            time.sleep(wait)
        for _ in range(5):
            try:
                pid = self.clients[nick].post_reply(topic, text).post_id
                self.last[nick] = time.time()
                self.posts += 1
                return pid
            except FloodLimited as exc:
                time.sleep(exc.retry_after + 1)
        raise RuntimeError(f"{nick} could not post in topic {topic}")

    def write(self, nick: str, to: str, subject: str, text: str) -> None:
        self.clients[nick].send_pm([to], subject, text)
        self.letters += 1


def _deadlines_of(db: Path, config: Path, turn: int) -> tuple[datetime, ...]:
    from mafiabot.config import load_config, turn_deadlines

    cfg = load_config(config)
    return turn_deadlines(cfg.game, turn)


def _game_row(db: Path, topic: int) -> Any:
    store = open_store(f"sqlite:///{db}")
    try:
        return store.find_game(topic)
    finally:
        store.close()


def _court_topic(db: Path, topic: int, turn: int) -> int | None:
    from poster.outbox import OutboxKey

    store = open_store(f"sqlite:///{db}")
    try:
        g = store.find_game(topic)
        if g is None or g.id is None:
            return None
        row = store.outbox(g.id).get(OutboxKey(str(g.id), turn, "court_topic", "topic"))
        return row.board_ids[0] if row is not None and row.board_ids else None
    finally:
        store.close()


def _wait(until: datetime, stop: Callable[[], bool] | None = None) -> None:
    while datetime.now(UTC) < until:
        if stop is not None and stop():
            return
        time.sleep(min(2.0, max(0.05, (until - datetime.now(UTC)).total_seconds())))


def run_live_game(
    board: LiveBoard,
    ruleset: str,
    tmp: Path,
    *,
    kills: int = 3,
    seed: int = 1,
    speedup: int = 600,
    spacing: int = 180,
    timeout: float = 2400.0,
    report: Callable[[str], None] = print,
) -> LiveFigures:
    """Play one whole game on the live board (see the module docstring)."""
    began = time.time()
    game = pefl_game(board.players) if ruleset == "pefl" else gambler_game(board.players)
    host = board.client(board.host, board.host_password, tmp / "cookies-host.json")
    host.login()
    host_emptied = _make_room(host)
    title = f"Мафия – live {ruleset} {int(began)}"
    topic = host.new_topic(board.forum, title, "Игра начнётся через минуту. Ведущий — бот.")
    figures = LiveFigures(ruleset, topic)
    start = (datetime.now(UTC) + timedelta(seconds=40)).replace(microsecond=0)
    db = tmp / "game.db"
    config = tmp / "config.toml"
    config.write_text(_config(board, game, topic, start, db, speedup, spacing), "utf-8")
    env = {**os.environ, "MAFIABOT_LIVE_HOST_PASSWORD": board.host_password}
    bot = Bot(config, env, tmp / "bot.log")
    players = Players(board, tmp)
    figures.emptied = [board.host] * host_emptied + players.emptied
    rng = random.Random(seed)
    done = threading.Event()

    def killer() -> None:
        left = kills
        while left > 0 and not done.wait(rng.uniform(25, 70)):
            bot.kill9()
            figures.kills += 1
            left -= 1
            time.sleep(rng.uniform(0.5, 3))
            bot.start()

    bot.start()
    chaos = threading.Thread(target=killer, daemon=True)
    chaos.start()
    try:
        _play(board, game, players, topic, db, config, start, report)
        # the bot finishes by itself: the game over and everything sent
        deadline = time.time() + timeout
        while time.time() < deadline:
            g = _game_row(db, topic)
            if g is not None and g.status == "over" and _pending(db, topic) == 0:
                break
            if bot.proc is not None and bot.proc.poll() is not None and not done.is_set():
                time.sleep(3)
                if bot.proc.poll() is not None and _game_row(db, topic).status != "over":
                    bot.start()  # exited by itself before the end: start it again, as systemd does
                    figures.restarts += 1
            time.sleep(3)
    finally:
        done.set()
        chaos.join(10)
        bot.stop()
    figures.player_posts, figures.player_letters = players.posts, players.letters
    _count(board, host, players, topic, db, game, figures)
    _acks(db, topic, figures, config)
    _compare(db, topic, game, tmp, figures)
    figures.minutes = round((time.time() - began) / 60, 1)
    report(figures.as_json())
    return figures


def _pending(db: Path, topic: int) -> int:
    store = open_store(f"sqlite:///{db}")
    try:
        g = store.find_game(topic)
        return len(store.outbox(g.id).pending()) if g is not None and g.id is not None else 1
    finally:
        store.close()


def _play(
    board: LiveBoard,
    game: dict[str, Any],
    players: Players,
    topic: int,
    db: Path,
    config: Path,
    start: datetime,
    report: Callable[[str], None],
) -> None:
    """Every turn's posts and letters, each after the previous deadline's minute is over."""
    opened = start + timedelta(seconds=20)
    for t in game["turns"]:
        number = t["turn"]
        deadlines = _deadlines_of(db, config, number)
        _wait(opened)
        report(f"turn {number}: posting until {deadlines[-1].isoformat()}")
        for post in t.get("posts", []):
            players.post(post["author"], topic, post["bb"])
        for move in t.get("moves", []):
            players.write(move["from"], board.host, "ход", letter_text(move))
        if t.get("court_posts"):
            # court votes once the greens are closed and the bot has opened the court topic
            _wait(deadlines[0].replace(second=0, microsecond=0) + timedelta(minutes=1, seconds=5))
            court = None
            for _ in range(60):
                court = _court_topic(db, topic, number)
                if court is not None:
                    break
                time.sleep(3)
            if court is None:
                raise RuntimeError(f"turn {number}: the bot opened no court topic")
            for post in t["court_posts"]:
                players.post(post["author"], court, post["bb"])
        late = datetime.now(UTC) > deadlines[-1]
        if late:
            raise RuntimeError(f"turn {number}: the players could not write before the deadline")
        opened = deadlines[-1].replace(second=0, microsecond=0) + timedelta(minutes=1, seconds=15)


def _count(
    board: LiveBoard,
    host: BoardClient,
    players: Players,
    topic: int,
    db: Path,
    game: dict[str, Any],
    figures: LiveFigures,
) -> None:
    """The bot's messages of this game on the board, by marker (the game's own token: the
    accounts' inboxes may hold letters of earlier games); a marker seen twice is a duplicate."""
    markers: Counter[str] = Counter()
    token = _game_row(db, topic).token

    def mine(text: str) -> list[str]:
        return [m for m in MARKER.findall(text) if f" {token}." in m]

    pages = host.read_topic_pages(topic)
    figures.topic_pages = len(pages)
    from parser.pages import parse_topic

    topics = [topic]
    for n in range(1, 10):
        court = _court_topic(db, topic, n)
        if court is not None:
            topics.append(court)
    for tid in topics:
        for page in host.read_topic_pages(tid):
            for post in parse_topic(page.raw.html, board="auto").posts:
                found = mine(post.own_text) if post.author == board.host else []
                if found:
                    figures.bot_posts += 1
                    markers.update(found)
    from parser.pages import parse_pm

    for c in [*players.clients.values(), host]:
        for row in c.list_pm_folder("inbox"):
            if row.correspondent != board.host:
                continue
            pm = parse_pm(c.read_pm(row.id).html, board="auto", tz="Europe/Moscow")
            found = mine(pm.own_text) if pm is not None else []
            if found:
                figures.bot_pms += 1
                markers.update(found)
    figures.duplicates = sum(n - 1 for n in markers.values() if n > 1)


def _acks(db: Path, topic: int, figures: LiveFigures, config: Path) -> None:
    """Replies to letters (outbox rows `ack-<letter>`): how many went out before the turn
    they answer closed (its deadline's minute over, C-1)."""
    import sqlite3

    from mafiabot.config import load_config, turn_deadlines

    cfg = load_config(config)
    con = sqlite3.connect(db)
    try:
        gid = con.execute("SELECT id FROM games WHERE topic_id = ?", (topic,)).fetchone()[0]
        rows = con.execute(
            "SELECT turn, sent_at, status, recipient, error FROM outbox"
            " WHERE game_id = ? AND kind LIKE 'ack-%'",
            (gid,),
        ).fetchall()
    finally:
        con.close()
    for turn, sent_at, status, recipient, error in rows:
        figures.acks += 1
        if status != "sent":
            # a reply the board refused (a full box, a closed account) is not a late one
            figures.acks_not_sent.append(f"{recipient}: {status} {error}".strip())
            continue
        close = turn_deadlines(cfg.game, turn)[-1].replace(second=0, microsecond=0)
        close += timedelta(minutes=1)
        at = datetime.fromisoformat(sent_at) if sent_at else None
        if at is not None and at.tzinfo is None:
            at = at.replace(tzinfo=UTC)
        if at is not None and at <= close:
            figures.acks_before_deadline += 1


def _compare(db: Path, topic: int, game: dict[str, Any], tmp: Path, figures: LiveFigures) -> None:
    """The turns the bot stored against `mafiabot replay` of the same game."""
    scenario = as_scenario(game)
    path = tmp / "scenario.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), "utf-8")
    replayed = run_file(str(path))
    store = open_store(f"sqlite:///{db}")
    try:
        g = store.find_game(topic)
        assert g is not None and g.id is not None and g.state is not None
        final = from_json(GameState, g.state)
        stored: dict[int, dict[str, Any]] = {}
        for t in scenario["turns"]:
            number = t["turn"]
            events = []
            for row in store.events(g.id, number):
                cls = getattr(ev, row.kind, None)
                if isinstance(cls, type) and issubclass(cls, ev.Event):
                    payload = {
                        k: v
                        for k, v in (row.payload or {}).items()
                        if k not in ("kind", "audience")
                    }
                    events.append(from_json(cls, payload))
            stored[number] = turn_output(number, final, events, {})
        figures.turns = len([n for n in stored if any(store.events(g.id, n))])
        figures.winner = g.winner
    finally:
        store.close()
    diff = []
    for t in replayed["turns"]:
        mine = stored.get(t["turn"], {})
        for key in COMPARED:
            if t.get(key) != mine.get(key):
                diff.append(
                    f"turn {t['turn']} {key}: replay {t.get(key)!r}, board {mine.get(key)!r}"
                )
    if replayed.get("winner") != figures.winner:
        diff.append(f"winner: replay {replayed.get('winner')!r}, board {figures.winner!r}")
    figures.replay_diff = diff
    figures.replay_equal = not diff


def reporter(env_name: str) -> Callable[[str], None]:
    """Print each line; append the games' figures (JSON lines) to the file `env_name` names."""

    def report(line: str) -> None:
        print(line, flush=True)
        path = os.environ.get(env_name)
        if path and line.startswith("{"):
            with open(path, "a", encoding="utf-8") as f:
                f.write(line + "\n")

    return report


def whole_game(
    board: LiveBoard, ruleset: str, tmp: Path, *, kills: int, report: Callable[[str], None]
) -> LiveFigures:
    """One whole game with `kills` SIGKILLs, and what it must show on any board."""
    figures = run_live_game(board, ruleset, tmp, kills=kills, seed=7, report=report)
    # the duplicate count means something only if the bot's messages were found by marker
    if not (figures.bot_posts > 0 and figures.bot_pms > 0):
        raise AssertionError(f"no bot message found by its marker: {figures.as_json()}")
    checks = {
        "a marker seen twice": figures.duplicates == 0,
        "fewer than three turns": figures.turns >= 3,
        "no winner": figures.winner is not None,
        f"not equal to replay: {figures.replay_diff}": figures.replay_equal,
        f"a move reply not sent: {figures.acks_not_sent}": not figures.acks_not_sent,
        "a move reply after its deadline": figures.acks
        == figures.acks_before_deadline + len(figures.acks_not_sent),
        "the topic never reached a second page": figures.topic_pages >= 2,
    }
    failed = [what for what, ok in checks.items() if not ok]
    if failed:
        raise AssertionError("; ".join(failed) + f": {figures.as_json()}")
    return figures
