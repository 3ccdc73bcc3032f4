"""The host's views — `mafiabot status`, the dashboard, the host report — in the host's
language (Russian by default, English as `[game] host_language = "en"`), times in board time;
who owes a move asked of the rule set; and a message the board refused for good shown first
everywhere the host looks (issue 16 items 4 and 5; C-4: a newspaper is never lost in silence).
"""

from __future__ import annotations

import dataclasses
import re
import tempfile
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Literal

import pytest
from rich.console import Console

from mafiabot.commands import status as status_cmd
from mafiabot.daemon.status import status
from mafiabot.demo.play import DemoRun, play, setup, tick_times
from mafiabot.newspaper.chart import flow_chart_svg, flow_from_votes, whole_ticks
from mafiabot.web.data import game_view
from scraper.board import PostResult
from scraper.errors import TopicLocked
from tests.web_kit import MSK, PEFL_MID_TURN_1, pefl_mid_turn, source

NICKS = (
    "Анна Каренина",
    "Mister X",
    "Шерлок",
    "Dr.Watson",
    "Кот",
    "Jack_Sparrow",
    "Марго",
    "Tanya-77",
    "Граф Монте-Кристо",
    "Вася2005",
)
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_'’-]*")


def latin_words(text: str, *, allowed: tuple[str, ...] = ()) -> list[str]:
    """Latin-letter words of `text` once the nicks (and `allowed`) are taken out."""
    for n in sorted((*NICKS, *allowed), key=len, reverse=True):
        text = text.replace(n, " ")
    return LATIN_WORD.findall(text)


def _status_text(run: DemoRun, when: datetime, lang: Literal["ru", "en"] = "ru") -> str:
    cfg = dataclasses.replace(run.cfg, game=dataclasses.replace(run.cfg.game, host_language=lang))
    sh = run.daemon.shell
    st = status(sh, when)
    console = Console(record=True, width=200)
    status_cmd._table(console, st, cfg)
    return console.export_text()


def test_status_speaks_russian_with_board_times_and_english_on_request() -> None:
    run = pefl_mid_turn()
    text = _status_text(run, PEFL_MID_TURN_1)
    assert "Ход 1 (день и ночь), дедлайн 28 ноября в 22:00 МСК" in text
    assert "За кого" in text and "Не прислали ход" in text and "В очереди на отправку" in text
    assert latin_words(text) == [], text  # no code, no English word: only nicks
    english = _status_text(run, PEFL_MID_TURN_1, "en")
    assert "Turn 1 (day)" in english and "No move yet" in english


def test_only_roles_with_a_move_tonight_owe_one() -> None:
    run = pefl_mid_turn()
    st = status(run.daemon.shell, PEFL_MID_TURN_1)
    # civilians have no night move (Анна, Кот, Марго, Tanya-77 in the demo's cast)
    assert not set(st["not_moved"]) & {"Анна Каренина", "Кот", "Марго", "Tanya-77"}
    assert set(st["not_moved"]) <= {
        "Mister X",
        "Шерлок",
        "Dr.Watson",
        "Jack_Sparrow",
        "Граф Монте-Кристо",
    }


def test_a_finished_game_owes_nothing() -> None:
    run = play("pefl", f"sqlite:///{tempfile.mkdtemp()}/over.sqlite")
    st = status(run.daemon.shell, run.clock[0])
    assert st["status"] == "over"
    assert st["not_moved"] == [] and st["not_voted"] == [] and st["not_posted"] == []
    view = game_view(source(run), run.clock[0])
    assert view["chart"] == ""  # no day to chart once the game is over


def test_the_dashboard_speaks_russian_and_links_to_the_board() -> None:
    run = pefl_mid_turn()
    view = game_view(source(run), PEFL_MID_TURN_1)
    assert view["status_word"] == "идёт игра" and view["phase_word"] == "день и ночь"
    assert view["deadline"] == "28 ноября в 22:00 МСК"
    assert view["topic_url"] == "http://127.0.0.1:8080/viewtopic.php?t=4"
    letter = view["letters"][0]
    assert letter["url"] == f"http://127.0.0.1:8080/ucp.php?i=pm&mode=view&p={letter['id']}"
    sent = [o for o in view["outbox"] if o["status"] == "sent" and o["channel"] == "topic"]
    assert sent and all(o["url"].startswith("http://127.0.0.1:8080/viewtopic.php?p=") for o in sent)
    for o in view["outbox"]:
        assert latin_words(o["what"] + " " + o["status_word"]) == [], o


def test_chart_counts_in_whole_numbers_and_draws_nothing_without_votes() -> None:
    assert whole_ticks(0) == [0, 1] and whole_ticks(3) == [0, 1, 2, 3]
    assert whole_ticks(25) == [0, 3, 6, 9, 12, 15, 18, 21, 24, 27]
    at = datetime(2026, 12, 1, 10, tzinfo=MSK)
    votes = [(at + timedelta(minutes=i), f"v{i}", "Кот" if i % 3 else "Марго") for i in range(5)]
    svg = flow_chart_svg(flow_from_votes(votes), MSK)
    ticks = re.findall(r'class="axis y[^"]*">.*?</g></g>', svg, re.S)
    labels = re.findall(r"<text[^>]*>([^<]+)</text>", ticks[0]) if ticks else []
    assert labels and all(x.isdigit() for x in labels), labels
    # a day with no vote yet: no chart on the page, no empty plot
    run, data = setup("pefl", f"sqlite:///{tempfile.mkdtemp()}/empty.sqlite")
    first = sorted(tick_times(run, data))[0]
    run.clock[0] = first
    run.daemon.tick(first)
    assert game_view(source(run), first)["chart"] == ""


# --- a message the board refused for good ------------------------------------------------


def _refusing_game(tmp: Path) -> tuple[DemoRun, datetime]:
    """The recorded PEFL game on a board whose topic refuses turn 1's newspaper for good
    (the topic was locked just then); everything else goes out."""
    run, data = setup("pefl", f"sqlite:///{tmp / 'refused.sqlite'}")
    real: Callable[..., PostResult] = run.board.post_reply

    def post_reply(topic_id: int, text: str, subject: str | None = None) -> PostResult:
        if "выпуск 1[/b]" in text:
            raise TopicLocked(topic_id, "Тема закрыта, вы не можете отвечать в ней.")
        return real(topic_id, text, subject)

    run.board.post_reply = post_reply  # type: ignore[method-assign]
    after = datetime(2026, 11, 28, 22, 1, tzinfo=MSK)
    for t in tick_times(run, data):
        if t > after + timedelta(minutes=2):
            break
        run.clock[0] = t
        run.daemon.safe_tick(t)
    return run, after


def test_C_4_a_newspaper_refused_for_good_is_shown_first_everywhere_the_host_looks(
    tmp_path: Path,
) -> None:
    run, _after = _refusing_game(tmp_path)
    g = run.daemon.game()
    assert g.last_tick_ok is False  # never «ok» while a paper is lost
    st = status(run.daemon.shell, run.clock[0])
    assert [(f["kind"], f["turn"]) for f in st["failed"]] == [("newspaper", 1)]
    assert "тема закрыта" in st["failed"][0]["why"]
    text = _status_text(run, run.clock[0])
    lines = text.splitlines()
    assert lines[1].startswith("НЕ ОТПРАВЛЕНО") and "газета" in lines[2], text
    view = game_view(source(run), run.clock[0])
    assert view["failed"] and "газета" in view["failed"][0]["what"]
    page = Path(__file__).parent.parent / "templates" / "web" / "game.html.j2"
    assert page.read_text("utf-8").index('id="failed"') < page.read_text("utf-8").index("flags")
    # the host got the paper's text by PM, to post it by hand, and a flag in his report
    notice = next(m for m in run.board.sent if "не отправлено" in m.subject)
    assert "выпуск 1" in notice.html and "Опубликуйте текст ниже" in notice.html
    assert any("не отправлено: газета" in f for f in view["flags"]) or any(
        "не отправлено: газета" in f.text for t in range(3) for f in run.store.host_flags(g.id, t)
    )


def test_C_4_run_once_exits_non_zero_when_the_board_refuses_a_message_for_good(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from mafiabot.commands import run as run_cmd

    run, data = setup("pefl", f"sqlite:///{tmp_path / 'once.sqlite'}")

    def locked(topic_id: int, text: str, subject: str | None = None) -> PostResult:
        raise TopicLocked(topic_id)

    run.board.post_reply = locked  # type: ignore[method-assign]
    first = sorted(tick_times(run, data))[0]
    run.clock[0] = first
    monkeypatch.setattr(run_cmd, "utcnow", lambda: first)
    assert run_cmd._once(run.daemon) == 1  # the start post could not go out
    assert "не отправлено: стартовое сообщение" in capsys.readouterr().err
    assert run.daemon.game().last_tick_ok is False


def _refusal_notes(tmp: Path) -> list[str]:
    """Every line a refused run leaves for `status`, made by the code that says it."""
    from types import SimpleNamespace
    from typing import Any, cast

    from mafiabot.commands.run import named_refusal
    from mafiabot.dbfile import FileWatch, corrupt, refuse_lost_database
    from mafiabot.exitcodes import DatabaseUnusable

    class Board:
        def __init__(self, post: int | None, pm: int | None) -> None:
            self.post, self.pm, self.sent_folders = post, pm, ("sentbox",)

        def find_post_with_marker(self, *_a: Any, **_k: Any) -> int | None:
            return self.post

        def list_pm_folder(self, _folder: str) -> list[Any]:
            return [SimpleNamespace(id=self.pm, subject="Мафия – 12")] if self.pm else []

        def read_pm(self, _id: int, _folder: str) -> Any:
            return SimpleNamespace(html=f"<!-- mafiabot 1/1 t4-ab.0123abcd --> {self.pm}")

    lines = [
        str(corrupt(tmp / "g.db", "it is not an SQLite database")),
        str(corrupt(tmp / "g.db", "database disk image is malformed")),
    ]
    for board in (Board(61, None), Board(None, 15)):
        with pytest.raises(DatabaseUnusable) as lost:
            refuse_lost_database(None, cast(Any, board), 4, "Мафия – 12")
        lines.append(str(lost.value))
    db = tmp / "w.db"
    for replace in (False, True):
        db.write_text("x")
        watch = FileWatch.of(f"sqlite:///{db}")
        assert watch is not None
        if replace:  # a backup copied over it: another file at the same path
            (tmp / "backup.db").write_text("y")
            (tmp / "backup.db").replace(db)
        else:
            db.unlink()
        with pytest.raises(DatabaseUnusable) as gone:
            watch.check()
        lines.append(str(gone.value))
    cfg = SimpleNamespace(game=SimpleNamespace(name="Мафия – 12", topic=4))
    lines.append(str(named_refusal("game12.toml", cast(Any, cfg), DatabaseUnusable(lines[2]))))
    return [f"2026-12-03T19:00:00+00:00 {line}" for line in lines]


def test_status_says_why_the_last_run_refused_in_the_hosts_language(tmp_path: Path) -> None:
    """A refused run leaves its line for `status` in English (the log's); the host reads it
    in Russian, the moment in board time — English stays for `host_language = "en"`."""
    from mafiabot.newspaper.host_words import refusal_note

    notes = _refusal_notes(tmp_path)
    seen = []
    for note in notes:
        when, line = refusal_note("ru", note, MSK)
        assert when == "3 декабря в 22:00 МСК"
        words = re.sub(r"\S*(?:/|\.toml|\.db)\S*|\[storage\] url|SQLite", " ", line)
        assert re.findall(r"[A-Za-z]+", words) == [], line
        seen.append(line)
    assert "это не база SQLite" in seen[0] and "файл базы повреждён" in seen[1]
    assert "сообщение бота №61" in seen[2] and "личное сообщение этой игры №15" in seen[3]
    assert "удалили или переместили" in seen[4] and "подменили другим файлом" in seen[5]
    assert seen[6].startswith("game12.toml: игра «Мафия – 12» (тема 4): в базе игры нет игры")
    assert all("Восстановите" in s or "Верните" in s for s in seen)  # what to do, every time
    assert refusal_note("en", notes[2], MSK) == tuple(notes[2].split(" ", 1))
    # the database named with its path, as a server database is
    named = "the game database /srv/g.db has no game for topic 4, but the topic already holds "
    named += "the bot's post #120: the game has begun and its database was lost. Nothing was sent."
    said = refusal_note("ru", f"2026-12-03T19:00:00+00:00 {named}", MSK)[1]
    assert said.startswith("в базе игры /srv/g.db нет игры из темы 4, но в теме уже есть")
    # a line the table does not know yet: Russian words around it, nothing lost
    assert refusal_note("ru", "2026-12-03T19:00:00+00:00 something new", MSK)[1] == (
        "причина — в журнале бота: something new"
    )


def test_the_status_table_heads_a_refused_run_in_russian() -> None:
    """A game whose database is there but whose last run refused (a database swapped under
    it): the table's first red line is Russian words, the moment in board time."""
    run = pefl_mid_turn()
    st = status(run.daemon.shell, PEFL_MID_TURN_1)
    st["refused"] = (
        "2026-12-03T19:00:00+00:00 the game database /srv/g.db was deleted or moved while the "
        "bot was running: it stopped at once and sent nothing more. Put it back (or name it in "
        "[storage] url) and run again — what was sent is on the board."
    )
    console = Console(record=True, width=400)
    status_cmd._table(console, st, run.cfg)
    first = next(ln for ln in console.export_text().splitlines() if "/srv/g.db" in ln)
    assert first.startswith("Последний запуск бота не удался (3 декабря в 22:00 МСК): "), first
    words = re.sub(r"\S*/\S*|\[storage\] url", " ", first)
    assert latin_words(words) == [], first


@pytest.mark.parametrize(("found", "linked"), [("phpbb", True), ("", False)])
def test_an_auto_board_is_linked_as_the_bot_found_it(found: str, linked: bool) -> None:
    """`[board] kind = "auto"`: the dashboard links the outbox's posts and the letters the
    way it does for a named engine once the daemon has met the board (`Game.board_kind`);
    before that, none (a guessed link would lead nowhere)."""
    run = pefl_mid_turn()
    board = dataclasses.replace(run.cfg.board, kind="auto")
    src = source(run)
    src.cfg = dataclasses.replace(run.cfg, board=board)
    g = run.store.find_game(run.cfg.game.topic)
    assert g is not None
    run.store.update_game(g.id, board_kind=found)
    view = game_view(src, PEFL_MID_TURN_1)
    sent = [o for o in view["outbox"] if o["status"] == "sent" and o["channel"] == "topic"]
    assert sent
    if linked:
        assert all(o["url"].startswith("http://127.0.0.1:8080/viewtopic.php?p=") for o in sent)
        letter = view["letters"][0]
        assert letter["url"] == f"http://127.0.0.1:8080/ucp.php?i=pm&mode=view&p={letter['id']}"
    else:
        assert all(o["url"] is None for o in sent)


def test_the_daemon_keeps_the_engine_its_client_talks_to() -> None:
    from mafiabot.newspaper.links import board_engine
    from scraper.ipb import IpbClient, IpbSettings
    from scraper.phpbb import PhpbbClient, PhpbbSettings

    phpbb = PhpbbClient(PhpbbSettings(base_url="http://b/", username="u", password="p"))
    ipb = IpbClient(IpbSettings(base_url="http://b/", username="u", password="p"))
    assert (board_engine(phpbb), board_engine(ipb)) == ("phpbb", "ipb")
    run = pefl_mid_turn()  # the in-memory board names no engine: what was kept stays
    g = run.store.find_game(run.cfg.game.topic)
    assert g is not None
    run.store.update_game(g.id, board_kind="ipb")
    run.daemon.record_tick(PEFL_MID_TURN_1, "0 new post(s), 0 edited", ok=True)
    assert run.store.find_game(run.cfg.game.topic).board_kind == "ipb"  # type: ignore[union-attr]
    run.daemon.client = phpbb
    run.daemon.record_tick(PEFL_MID_TURN_1, "0 new post(s), 0 edited", ok=True)
    assert run.store.find_game(run.cfg.game.topic).board_kind == "phpbb"  # type: ignore[union-attr]
