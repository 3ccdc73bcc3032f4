"""Several games from one process (`mafiabot run -c a.toml -c b.toml`): one loop
(`mafiabot.daemon.host.Host`), one board session per account (`mafiabot.daemon.shared`), a
lock per game. The clock is injected: the loop's sleeps move it, nothing really waits."""

from __future__ import annotations

import argparse
import dataclasses
import json
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from test_daemon import played

from mafiabot.commands import run as run_cmd
from mafiabot.config import Config, load_config
from mafiabot.configs import config_paths, load_configs
from mafiabot.daemon import Daemon
from mafiabot.daemon.host import Host
from mafiabot.daemon.shared import SharedSession, claim_for
from mafiabot.demo.play import DEMO_TOKEN, demo_files, strip_marker
from mafiabot.exitcodes import InstanceLocked, UsageError
from mafiabot.memory_board import MemoryBoard
from mafiabot.store import Store, open_store

PEFL_TOPIC = 24  # the recorded PEFL game moved out of the Gambler game's topic 4
GAMBLER_TOKEN = "demo-g"


class Clock:
    """The loop's clock; its sleeps move it forward."""

    def __init__(self, start: datetime) -> None:
        self.now = start
        self.slept: list[float] = []

    def __call__(self) -> datetime:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += timedelta(seconds=seconds)


def _game(ruleset: str, db: str, poll: int, **game: Any) -> tuple[Config, dict[str, Any]]:
    path, data = demo_files(ruleset)
    cfg = load_config(path)
    cfg = dataclasses.replace(
        cfg,
        database_url=db,
        board=dataclasses.replace(cfg.board, poll_interval=poll),
        game=dataclasses.replace(cfg.game, **game),
    )
    return cfg, data


def _fill(board: MemoryBoard, cfg: Config, data: dict[str, Any]) -> None:
    tz = cfg.board.tz
    for p in data["posts"]:
        at = datetime.fromisoformat(p["at"]).replace(tzinfo=tz)
        topic = int(p.get("topic", cfg.game.topic))
        board.add_post(topic, p["author"], at, p["html"], p.get("key", ""))
    for m in data["pms"]:
        board.add_pm(m["from"], datetime.fromisoformat(m["at"]).replace(tzinfo=tz), "", m["html"])


def _daemon(cfg: Config, store: Store, session: SharedSession, token: str) -> Daemon:
    view = session.view()
    d = Daemon(cfg, store, view, salt=lambda: "demo-salt", token=lambda: token)
    view.claim = claim_for(d.shell)
    return d


def _bot_posts(board: MemoryBoard, topics: set[int]) -> list[str]:
    return [
        strip_marker(p.source)
        for p in board.posts
        if p.source and p.topic in topics and "votecount" not in p.source
    ]


class CountingBoard(MemoryBoard):
    logins = 0

    def login(self) -> None:
        self.logins += 1
        super().login()


def test_two_games_one_process_one_board_session_no_cross_talk(tmp_path: Path) -> None:
    """The recorded PEFL and Gambler games hosted together on one board by one account:
    each newspaper comes out in its own topic exactly as when the game is hosted alone."""
    # a poll every six hours: the deadlines wake the loop in between (and the test stays fast)
    pefl, pdata = _game("pefl", f"sqlite:///{tmp_path / 'p.db'}", 6 * 3600, topic=PEFL_TOPIC)
    gambler, gdata = _game("gambler", f"sqlite:///{tmp_path / 'g.db'}", 6 * 3600)
    clock = Clock(pefl.game.start - timedelta(hours=1))
    board = CountingBoard(
        clock=clock, host=pefl.board.username, uids={**pdata["uids"], **gdata["uids"]}
    )
    _fill(board, pefl, pdata)
    _fill(board, gambler, gdata)
    session = SharedSession(board)
    stores = [open_store(pefl.database_url), open_store(gambler.database_url)]
    daemons = [
        _daemon(pefl, stores[0], session, DEMO_TOKEN),
        _daemon(gambler, stores[1], session, GAMBLER_TOKEN),
    ]
    host = Host(daemons)
    host.max_nap = 24 * 3600.0
    host.run(threading.Event(), clock=clock, wait=clock.sleep, max_rounds=2000)

    assert [d.game().status for d in daemons] == ["over", "over"]  # the loop ended by itself
    assert _bot_posts(board, {PEFL_TOPIC}) == played("pefl").topic_posts
    gambler_posts = [p.replace(GAMBLER_TOKEN, DEMO_TOKEN) for p in _bot_posts(board, {4, 5})]
    assert gambler_posts == played("gambler").topic_posts
    assert board.logins == 1  # one session for both games
    # every letter was read by the game of its sender, and only there
    p_pms = {r.board_id for r in stores[0].pms(daemons[0].game().id or 0)}
    g_pms = {r.board_id for r in stores[1].pms(daemons[1].game().id or 0)}
    assert p_pms and g_pms and not p_pms & g_pms
    for st in stores:
        st.close()


def _sessions(cfgs: list[Config], clock: Clock) -> list[tuple[MemoryBoard, SharedSession]]:
    out = []
    for cfg in cfgs:
        _path, data = demo_files(cfg.game.ruleset)
        board = MemoryBoard(clock=clock, host=cfg.board.username, uids=data["uids"])
        _fill(board, cfg, data)
        out.append((board, SharedSession(board)))
    return out


def test_one_games_failing_board_backs_off_that_game_only(tmp_path: Path) -> None:
    """Two games on two boards; one board is down: its game waits out a growing pause while
    the other starts and goes on polling on its own schedule."""
    ok, _ = _game("pefl", f"sqlite:///{tmp_path / 'ok.db'}", 600)
    down, _ = _game("pefl", f"sqlite:///{tmp_path / 'down.db'}", 600)
    clock = Clock(ok.game.start - timedelta(minutes=30))
    (_b1, s1), (b2, s2) = _sessions([ok, down], clock)
    b2.fail_next_reads = 10**6  # down for the whole test
    stores = [open_store(ok.database_url), open_store(down.database_url)]
    daemons = [_daemon(ok, stores[0], s1, "a"), _daemon(down, stores[1], s2, "b")]
    ticks: list[str] = []
    for name, d in zip(("ok", "down"), daemons, strict=True):
        tick = d.safe_tick

        def counted(now: datetime, name: str = name, tick: Any = tick) -> Any:
            ticks.append(name)
            return tick(now)

        d.safe_tick = counted  # type: ignore[method-assign]
    host = Host(daemons)
    host.max_nap = 3600.0
    host.run(threading.Event(), clock=clock, wait=clock.sleep, max_rounds=40)

    assert daemons[0].game().status == "running"  # started on time, polling
    assert stores[0].find_game(ok.game.topic).last_tick_ok is True  # type: ignore[union-attr]
    assert daemons[1].not_before is not None and daemons[1].not_before > clock.now - timedelta(
        hours=2
    )
    # the pause doubles: the failing game ticks ever more rarely, the other every 10 minutes
    assert ticks.count("down") < ticks.count("ok") / 2
    assert max(clock.slept) <= 600  # the loop woke for the healthy game, not the back-off
    for st in stores:
        st.close()


class MovingClock(Clock):
    """A clock two threads may move: the loop's sleeps, and a board whose hang ends."""

    def __init__(self, start: datetime) -> None:
        super().__init__(start)
        self._lock = threading.Lock()

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.now += timedelta(seconds=seconds)

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.advance(seconds)


class HungBoard(MemoryBoard):
    """A board that takes every request and never answers: each request hangs for `hang`
    seconds of the clock, then fails (as a board behind a dropped connection does, through
    the client's timeouts and retries)."""

    #: real seconds the clock may stand still during a hang before the hang ends in one jump
    STILL = 5.0

    def __init__(self, clock: MovingClock, stop: threading.Event, **kw: Any) -> None:
        super().__init__(clock=clock, **kw)
        self.moving = clock
        self.stop = stop
        self.hang = 60.0
        self.hanging = False
        self.changed: threading.Condition = threading.Condition()  # told when `hanging` flips

    def _hanging(self, value: bool) -> None:
        with self.changed:
            self.hanging = value
            self.changed.notify_all()

    def _check(self) -> None:
        from scraper.errors import BoardUnavailable

        self.requests += 1
        until = self.moving.now + timedelta(seconds=self.hang)
        self._hanging(True)
        try:
            # the loop moves the clock for the other game; a loop that waits for this
            # request instead never moves it — a hung process: once the clock has stood
            # still for a few real seconds the hang is over in one jump, as a timeout would
            # end it (a loop that goes on moves the clock at every healthy tick, however
            # slow the machine)
            seen, still = self.moving.now, time.monotonic()
            while self.moving.now < until and not self.stop.is_set():
                if self.moving.now != seen:
                    seen, still = self.moving.now, time.monotonic()
                elif time.monotonic() - still > self.STILL:
                    self.moving.advance((until - self.moving.now).total_seconds())
                    break
                time.sleep(0.002)
        finally:
            self._hanging(False)
        raise BoardUnavailable("the board did not answer in time (simulated hang)")


def test_a_hung_board_never_delays_the_other_games_ticks(tmp_path: Path) -> None:
    """Two games on two boards; one board hangs on every request for a minute (its retries,
    its timeouts). The other game ticks every poll interval all along — counted against the
    loop's clock — and ticks while the hung board's request is under way."""
    ok, _ = _game("pefl", f"sqlite:///{tmp_path / 'ok.db'}", 10)
    down, ddata = _game("pefl", f"sqlite:///{tmp_path / 'down.db'}", 10)
    begin = ok.game.start - timedelta(minutes=30)
    clock = MovingClock(begin)
    stop = threading.Event()
    (_b1, s1), _ = _sessions([ok, down], clock)
    hung = HungBoard(clock, stop, host=down.board.username, uids=ddata["uids"])
    s2 = SharedSession(hung)
    stores = [open_store(ok.database_url), open_store(down.database_url)]
    daemons = [_daemon(ok, stores[0], s1, "a"), _daemon(down, stores[1], s2, "b")]
    ticks: dict[str, list[datetime]] = {"ok": [], "down": []}
    during_hang: list[datetime] = []
    for name, d in zip(("ok", "down"), daemons, strict=True):
        tick = d.safe_tick

        def counted(now: datetime, name: str = name, tick: Any = tick) -> Any:
            ticks[name].append(now)
            if name == "ok" and hung.hanging:
                during_hang.append(now)
            return tick(now)

        d.safe_tick = counted  # type: ignore[method-assign]
    host = Host(daemons, patience=0)
    # the loop's own record of its ticks: started (`_busy`), ended and handed back (`_ended`,
    # under `_cv`); the hang's start and end are told under the same lock
    hung.changed = host._cv
    end = begin + timedelta(minutes=10)

    def settled() -> bool:
        """Every tick the loop has started has been handed back to it, but one stuck in the
        hung board's request: a healthy tick takes no time of the clock, a hang all of it."""
        running = len(host._busy) - len(host._ended)
        return running == (1 if hung.hanging else 0)

    def wait(seconds: float) -> None:
        # the clock moves on events, not on real time: once the loop has the healthy game's
        # tick back and the other game's tick has reached its hung request (the bound is
        # there only so that a broken loop fails instead of waiting for ever)
        with host._cv:
            host._cv.wait_for(settled, timeout=30.0)
        clock.sleep(seconds)
        if clock.now >= end:
            stop.set()

    # no real-time patience: the loop goes on at once without a tick that has not ended,
    # and the clock waits for the ticks as `wait` says
    host.run(stop, clock=clock, wait=wait)

    assert hung.requests >= 2  # the hung board was asked, again after its back-off
    assert ticks["down"] and len(ticks["down"]) < 10
    elapsed = (clock.now - begin).total_seconds()
    # every 10 s of the clock, give or take the last one: not one tick per hang of a minute
    assert len(ticks["ok"]) >= elapsed / 10 - 2, (len(ticks["ok"]), elapsed)
    gaps = [(b - a).total_seconds() for a, b in zip(ticks["ok"], ticks["ok"][1:], strict=False)]
    assert max(gaps) <= 11, gaps
    assert len(during_hang) >= 5  # the healthy game ticked while the other board hung
    for st in stores:
        st.close()


def test_sigterm_stops_every_game(tmp_path: Path) -> None:
    a, _ = _game("pefl", f"sqlite:///{tmp_path / 'a.db'}", 600)
    b, _ = _game("gambler", f"sqlite:///{tmp_path / 'b.db'}", 600)
    clock = Clock(a.game.start - timedelta(minutes=30))
    (_b1, s1), (_b2, s2) = _sessions([a, b], clock)
    stores = [open_store(a.database_url), open_store(b.database_url)]
    daemons = [_daemon(a, stores[0], s1, "a"), _daemon(b, stores[1], s2, "b")]
    stop = threading.Event()

    def sleep_then_stop(seconds: float) -> None:
        clock.sleep(seconds)
        stop.set()  # SIGTERM during the first sleep

    Host(daemons).run(stop, clock=clock, wait=sleep_then_stop)
    assert len(clock.slept) == 1  # no second round once stopped
    for st in stores:
        st.close()


def _config_file(tmp_path: Path, name: str, folder: str) -> Path:
    src, _ = demo_files(name)
    (tmp_path / folder).mkdir(exist_ok=True)
    dst = tmp_path / folder / f"{name}.toml"
    text = src.read_text("utf-8")
    if name == "gambler":  # both recorded games were played in topic 4 of the same board
        text = text.replace("topic = 4", "topic = 14").replace(
            "court_topic = 5", "court_topic = 15"
        )
    dst.write_text(text, "utf-8")
    return dst


def test_each_game_has_its_lock_and_a_second_process_is_refused_naming_the_game(
    tmp_path: Path,
) -> None:
    a = _config_file(tmp_path, "pefl", "a")
    b = _config_file(tmp_path, "gambler", "b")
    games = load_configs([a, b])
    locks, stores, _ = run_cmd.open_games(games)
    try:
        assert len(locks) == 2 and len(stores) == 2  # one database per game, as configured
        with pytest.raises(InstanceLocked) as refused:
            run_cmd.open_games(load_configs([b]))  # another process wanting game 13
        text = str(refused.value)
        assert str(b) in text and "Мафия – 13" in text and "topic 14" in text and "pid" in text
    finally:
        run_cmd.close_games(locks, stores)
    locks, stores, _ = run_cmd.open_games(load_configs([b]))  # free again once released
    run_cmd.close_games(locks, stores)


def test_games_sharing_one_sqlite_database_share_its_store_and_lock(tmp_path: Path) -> None:
    _config_file(tmp_path, "pefl", "x")
    _config_file(tmp_path, "gambler", "x")  # same folder: the same mafiabot.db
    locks, stores, _ = run_cmd.open_games(load_configs([tmp_path / "x"]))
    try:
        assert len(locks) == 1 and len(stores) == 1
    finally:
        run_cmd.close_games(locks, stores)


def test_config_list_bad_file_is_named_and_nothing_starts(tmp_path: Path) -> None:
    a = _config_file(tmp_path, "pefl", "games")
    b = _config_file(tmp_path, "gambler", "games")
    assert config_paths([tmp_path / "games"]) == [b, a]  # sorted by name
    assert config_paths([a, tmp_path / "games"]) == [a, b]  # a file named twice is one game
    b.write_text(b.read_text("utf-8").replace('ruleset = "gambler"', 'ruleset = "poker"'))
    with pytest.raises(UsageError) as bad:
        load_configs([tmp_path / "games"])
    assert str(b) in str(bad.value) and "ruleset" in str(bad.value) and str(a) not in str(bad.value)
    # the run refuses before opening a session or a database: exit 2
    from mafiabot.cli import main

    assert main(["run", "-c", str(a), "-c", str(b)]) == 2
    assert not (tmp_path / "games" / "mafiabot.db").exists()


def test_the_same_game_twice_is_refused(tmp_path: Path) -> None:
    a = _config_file(tmp_path, "pefl", "one")
    b = _config_file(tmp_path, "pefl", "two")
    with pytest.raises(UsageError, match="hosts topic 4"):
        load_configs([a, b])


def test_check_config_names_the_file_of_every_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from mafiabot.commands import check_config

    monkeypatch.setenv("MAFIABOT_DEMO_PASSWORD", "x")

    a = _config_file(tmp_path, "pefl", "c")
    b = _config_file(tmp_path, "gambler", "d")
    b.write_text(b.read_text("utf-8").replace("topic = 14", "topic = -4"))
    rc = check_config.main(argparse.Namespace(config=[str(a), str(b)]))
    captured = capsys.readouterr()
    assert rc == 2
    assert f"{a}: всё в порядке" in captured.out
    assert str(b) in captured.err and "topic" in captured.err


def test_status_lists_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mafiabot.commands import status as status_cmd
    from mafiabot.demo.play import setup

    paths = [_config_file(tmp_path, "pefl", "p"), _config_file(tmp_path, "gambler", "g")]
    for name, path in zip(("pefl", "gambler"), paths, strict=True):
        run, _ = setup(name, f"sqlite:///{path.parent / 'mafiabot.db'}")
        t = run.cfg.game.start + timedelta(minutes=1)
        run.clock[0] = t
        run.daemon.tick(t)
        run.store.close()
    assert status_cmd.main(argparse.Namespace(config=[str(p) for p in paths], json=True)) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [g["config"] for g in listed] == [str(p) for p in paths]
    assert [g["game"] for g in listed] == ["Мафия – 12", "Мафия – 13"]
    assert status_cmd.main(argparse.Namespace(config=[str(p) for p in paths], json=False)) == 0
    out = capsys.readouterr().out
    assert "Мафия – 12" in out and "Мафия – 13" in out


def test_run_with_two_configs_hosts_both_through_one_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`mafiabot run -c a -c b --once`: one tick of each game, one board client for the one
    board account, each game in its own database."""
    from mafiabot.cli import main

    monkeypatch.setenv("MAFIABOT_DEMO_PASSWORD", "x")
    paths = [_config_file(tmp_path, "pefl", "p"), _config_file(tmp_path, "gambler", "g")]
    cfgs = [cfg for _p, cfg in load_configs(paths)]
    clock = Clock(cfgs[0].game.start + timedelta(minutes=1))
    board = CountingBoard(clock=clock, host=cfgs[0].board.username)
    made: list[Config] = []

    def make_client(cfg: Config, transport: object = None) -> MemoryBoard:
        made.append(cfg)
        return board

    monkeypatch.setattr("mafiabot.bootstrap.make_client", make_client)
    monkeypatch.setattr("mafiabot.commands.run.utcnow", clock)
    assert main(["run", "-c", str(paths[0]), "-c", str(paths[1]), "--once"]) == 0
    assert len(made) == 1 and board.logins == 1
    st = open_store(f"sqlite:///{paths[0].parent / 'mafiabot.db'}")
    assert st.find_game(4).status == "running"  # type: ignore[union-attr]  # PEFL started
    st.close()
    st = open_store(f"sqlite:///{paths[1].parent / 'mafiabot.db'}")
    assert st.find_game(14).status == "registration"  # type: ignore[union-attr]  # not yet
    st.close()


def test_a_letter_belongs_to_one_game_or_none_never_by_elimination() -> None:
    """The routing of a shared inbox: a letter naming a game its sender plays in is that
    game's (nobody's once it is over); else the one game its sender is alive in; alive in
    two and naming none, nobody's; nobody's player's, the first running game's (which flags
    it); the host's own, every game's."""
    from mafiabot.daemon.shared import Interest
    from scraper.board import FetchedPM, RawPage

    session = SharedSession(MemoryBoard())
    a, b = session.view(), session.view()
    run, over = Interest(running=True, live=True), Interest()
    alive = dataclasses.replace(run, seated=True, alive=True)
    named = dataclasses.replace(alive, named=True)
    claims = {
        1: (alive, run),  # a player of game a only
        2: (alive, named),  # alive in both, names b
        3: (alive, alive),  # alive in both, names neither
        4: (run, run),  # nobody's player
        5: (alive, dataclasses.replace(over, seated=True, alive=True, named=True)),  # b is over
        6: (alive, dataclasses.replace(over, seated=True, alive=True)),  # b over, not named
        7: (dataclasses.replace(run, seated=True), run),  # dead in a, nowhere else
        8: (dataclasses.replace(run, host=True), dataclasses.replace(run, host=True)),
        9: (run, dataclasses.replace(over, seated=True)),  # only a finished game's player
        # b ended after the letter was written: still b's to decide, so nobody's
        10: (alive, dataclasses.replace(over, live=True, seated=True, alive=True)),
    }
    a.claim = lambda f: claims[f.id][0]
    b.claim = lambda f: claims[f.id][1]
    letters = {n: FetchedPM(n, RawPage("u", "", datetime(2026, 1, 1))) for n in claims}
    owners = {n: session.owners(f) for n, f in letters.items()}
    assert owners == {
        **{1: [a], 2: [b], 3: [], 4: [a], 5: [], 6: [a], 7: [a], 8: [a, b], 9: []},
        10: [],
    }


def test_two_games_on_one_board_one_ends_mid_night_its_letters_stay_its_own(
    tmp_path: Path,
) -> None:
    """Two PEFL games, the same nine players, one account. «Запад» ends during the night;
    Dr.Watson (the doctor in both) wrote «Стол Восток: лечу Кот», then «Стол Запад: лечу
    Анна Каренина»: the second letter is not Восток's (it names Запад), so Восток's move
    stays «Кот»; a letter naming no game while both run is nobody's; and Восток's reply
    names its game (the sender plays in two)."""
    west, _ = _game("pefl", f"sqlite:///{tmp_path / 'w.db'}", 600, topic=24, name="Запад")
    east, _ = _game("pefl", f"sqlite:///{tmp_path / 'e.db'}", 600, topic=34, name="Восток")
    tz = west.board.tz
    clock = Clock(west.game.start + timedelta(minutes=1))
    board = MemoryBoard(clock=clock, host=west.board.username)
    session = SharedSession(board)
    stores = [open_store(west.database_url), open_store(east.database_url)]
    daemons = [_daemon(west, stores[0], session, "w"), _daemon(east, stores[1], session, "e")]
    for d in daemons:
        d.tick(clock.now)
    at = west.game.start.replace(tzinfo=tz)
    unnamed = board.add_pm("Dr.Watson", at + timedelta(minutes=5), "ход", "Лечу Марго")
    clock.now = at + timedelta(minutes=10)
    for d in daemons:
        d.tick(clock.now)
    g_west = daemons[0].game()
    assert g_west.id is not None
    # «Запад» ends mid-night
    stores[0].update_game(g_west.id, status="over", finished_at=at + timedelta(minutes=15))
    first = board.add_pm("Dr.Watson", at + timedelta(minutes=20), "Стол Восток", "Лечу Кот")
    second = board.add_pm(
        "Dr.Watson", at + timedelta(minutes=30), "Стол Запад", "Лечу Анна Каренина"
    )
    clock.now = at + timedelta(minutes=40)
    for d in daemons:
        d.tick(clock.now)
    g_east = daemons[1].game()
    assert g_east.id is not None
    moves = stores[1].moves(g_east.id, g_east.turn)
    assert [m.pm_board_id for m in moves if m.actor == "Dr.Watson"] == [first.id]
    assert [m.targets for m in moves if m.actor == "Dr.Watson"] == [["Кот"]]
    for st, g in ((stores[0], g_west), (stores[1], g_east)):
        assert g.id is not None
        got = {r.board_id for r in st.pms(g.id)}
        assert second.id not in got and unnamed.id not in got
    replies = [m for m in board.sent if m.to == ("Dr.Watson",) and m.subject.startswith("Re:")]
    assert [m.subject for m in replies] == ["Re: Стол Восток"]  # one reply: Восток's
    assert replies[0].html.startswith("Игра «Восток».")
    for st in stores:
        st.close()


def test_names_game_by_name_or_topic_number_standing_alone(tmp_path: Path) -> None:
    from mafiabot.daemon.shared import names_game

    cfg, _ = _game("pefl", f"sqlite:///{tmp_path / 'n.db'}", 60, topic=124)
    sh = Daemon(cfg, open_store(cfg.database_url), MemoryBoard()).shell
    assert names_game(sh, "ход в игре МАФИЯ – 12: проверяю Кота")
    assert names_game(sh, "тема 124, лечу Кота")
    assert not names_game(sh, "тема 1245, лечу Кота")
    assert not names_game(sh, "лечу Кота")
    sh.store.close()


def test_C_1_each_game_of_one_process_has_its_own_catch_up_allowance(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """`[game] max_catchup` is counted per game: the process was down over deadlines of two
    games, and the first game's catch-up does not use up the second's."""
    start = datetime(2026, 12, 1, 12, 0)
    pefl, pdata = _game(
        "pefl", f"sqlite:///{tmp_path / 'p.db'}", 600, topic=PEFL_TOPIC, deadlines=()
    )
    gambler, gdata = _game("gambler", f"sqlite:///{tmp_path / 'g.db'}", 600)
    tz = pefl.board.tz
    pefl = dataclasses.replace(
        pefl, game=dataclasses.replace(pefl.game, start=start.replace(tzinfo=tz))
    )
    clock = Clock(pefl.game.start + timedelta(minutes=1))
    board = MemoryBoard(
        clock=clock, host=pefl.board.username, uids={**pdata["uids"], **gdata["uids"]}
    )
    session = SharedSession(board)
    stores = [open_store(pefl.database_url), open_store(gambler.database_url)]
    daemons = [
        _daemon(pefl, stores[0], session, DEMO_TOKEN),
        _daemon(gambler, stores[1], session, GAMBLER_TOKEN),
    ]
    assert [d.cfg.game.max_catchup for d in daemons] == [1, 1]
    host = Host(daemons)
    host.run(threading.Event(), clock=clock, wait=clock.sleep, max_rounds=1)
    assert [d.game().status for d in daemons] == ["running", "running"]
    first = [d.game().deadline for d in daemons]

    clock.now = start.replace(tzinfo=tz) + timedelta(days=6)  # down over days of both games
    with caplog.at_level("WARNING", logger="mafiabot.daemon"):
        host.run(threading.Event(), clock=clock, wait=clock.sleep, max_rounds=1)
    caught = [r.getMessage() for r in caplog.records if "catch-up 1 of at most 1" in r.getMessage()]
    assert len(caught) == 2  # one late deadline closed in each game, not two in one
    for d, was in zip(daemons, first, strict=True):
        g = d.game()
        assert g.deadline is not None and was is not None and g.deadline > was
        assert any("ждёт вашего решения" in f for f in d.flags(g.turn)), d.cfg.game.name
