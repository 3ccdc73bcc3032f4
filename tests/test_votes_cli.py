"""`mafiabot parse votes` and `mafiabot parse pm` on the real phpBB pages."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mafiabot.cli import main
from tests.conftest import FIXTURES, ROOT

PHPBB = FIXTURES / "phpbb"
TRUTH = json.loads((PHPBB / "truth.json").read_text(encoding="utf-8"))
GAME = TRUTH["game12"]
DAY1, DAY2 = GAME["days"]
NOW = ["--now", TRUTH["board"]["captured_at"], "--tz", "Europe/Moscow"]
PAGES = [str(PHPBB / name) for name in GAME["pages_host_view"]]


def nicks_file(tmp_path: Path, nicks: list[str], name: str = "players.txt") -> str:
    path = tmp_path / name
    path.write_text("\n".join(nicks) + "\n", encoding="utf-8")
    return str(path)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def test_parse_votes_house_rule_day1_matches_truth(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = nicks_file(tmp_path, DAY1["alive"])
    argv = ["parse", "votes", "--ruleset", "gambler", "--players", players, *NOW]
    argv += ["--colors", "any", "--policy", "last", "--host", GAME["host"]]
    argv += [
        "--after-post",
        str(DAY1["after_post_id"]),
        "--before-post",
        str(DAY1["before_post_id"]),
    ]
    rc, out, _ = run([*argv, *PAGES], capsys)
    assert rc == 0
    assert out.count("\n") == 1  # one JSON object
    data = json.loads(out)
    assert set(data) == {"votes", "rejected", "tally"}
    assert data["tally"] == {t: len(v) for t, v in DAY1["tally"].items()}
    assert {v["voter"]: v["target"] for v in data["votes"]} == DAY1["final_votes"]
    assert data["rejected"] == [
        {
            "author": "Зритель",
            "reason": "not_a_player",
            "detail": data["rejected"][0]["detail"],
            "post_id": 69,
        }
    ]
    first = data["votes"][0]
    assert set(first) == {"voter", "target", "kind", "post_id", "at", "agreed_with"}
    assert first["at"].endswith("+03:00") or first["at"].endswith("+00:00")


def test_parse_votes_pefl_reports_no_reason_and_details(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = nicks_file(tmp_path, DAY2["alive"])
    dead = nicks_file(tmp_path, ["Шерлок", "Кот"], "dead.txt")
    argv = ["parse", "votes", "--ruleset", "pefl", "--players", players, "--dead", dead, *NOW]
    argv += ["--host", GAME["host"], "--after-post", "96", "--before-post", "116", "--details"]
    rc, out, _ = run([*argv, *PAGES[4:]], capsys)
    assert rc == 0
    data = json.loads(out)
    assert data["tally"] == {"Граф Монте-Кристо": 3, "Mister X": 1}
    assert [(r["author"], r["reason"]) for r in data["rejected"]] == [
        ("Jack_Sparrow", "no_reason"),
        ("Мaкс", "no_reason"),
        ("Mister X", "no_reason"),
    ]
    statuses = {p["post_id"]: p["status"] for p in data["posts"]}
    assert statuses[97] == "vote" and statuses[105] == "rejected"


def test_parse_votes_min_reason_words_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = nicks_file(tmp_path, DAY2["alive"])
    argv = ["parse", "votes", "--ruleset", "pefl", "--players", players, *NOW]
    argv += ["--host", GAME["host"], "--after-post", "96", "--before-post", "116"]
    rc, out, _ = run([*argv, "--min-reason-words", "1", *PAGES[4:]], capsys)
    assert rc == 0
    # Мaкс's «Я за» is the vote's formula, no reason whatever the minimum (P-V.1)
    assert json.loads(out)["tally"] == {"Граф Монте-Кристо": 4, "Mister X": 1}


@pytest.mark.parametrize("what", ["missing", "not_board", "no_players"])
def test_parse_votes_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str
) -> None:
    players = nicks_file(tmp_path, DAY1["alive"])
    page = PAGES[0]
    if what == "missing":
        page = str(tmp_path / "nope.html")
    elif what == "not_board":
        junk = tmp_path / "junk.html"
        junk.write_text("<html><body><p>hello</p></body></html>", encoding="utf-8")
        page = str(junk)
    else:
        players = str(tmp_path / "no-such-players.txt")
    rc, out, err = run(["parse", "votes", "--ruleset", "pefl", "--players", players, page], capsys)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("mafiabot: ")


def _night_living(msg: dict[str, Any]) -> list[str]:
    night2 = msg["inbox_row"]["time_text"].startswith(("Вчера", "Сегодня"))
    day = DAY2 if night2 else DAY1
    return [p for p in day["alive"] if p != day["lynched"]]


VIEWED = [m for m in TRUTH["pms_to_host"] if m["view_file"]]
ACTION_OF_VERB = {
    "check": "check",
    "heal": "heal",
    "kill": "kill",
    "shoot": "kill",
    "visit": "block",
}


@pytest.mark.parametrize("msg", VIEWED, ids=lambda m: m["view_file"])
def test_parse_pm_reads_each_real_pm_view(
    msg: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    living = nicks_file(tmp_path, _night_living(msg))
    argv = ["parse", "pm", str(PHPBB / msg["view_file"]), "--players", living, *NOW]
    rc, out, _ = run(argv, capsys)
    assert rc == 0
    data = json.loads(out)
    assert data["pm"]["id"] == msg["msg_id"] and data["pm"]["sender"] == msg["from"]
    if not msg["from_is_player"]:  # pm_view_6: «Зритель» is refused as a sender
        assert data["move"] is None and data["rejected"]["reason"] == "not_a_player"
    elif msg["expected_move"] is None:
        assert data["move"] is None and data["rejected"] is None
    else:
        move = data["move"]
        assert move["action"] == ACTION_OF_VERB[msg["expected_move"]["verb"]]
        assert move["targets"] == [msg["expected_move"]["target"]]
        assert move["actor"] == msg["from"]
        assert 0 < move["confidence"] <= 1  # the reader's surety, as `parse moves` prints it


def test_parse_pm_on_a_topic_page_exits_2(tmp_path: Path) -> None:
    living = nicks_file(tmp_path, DAY1["alive"])
    proc = subprocess.run(
        [sys.executable, "-m", "mafiabot", "parse", "pm", PAGES[0], "--players", living],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "not a private message page" in proc.stderr


IPB_NOT_PM = sorted(
    str(p)
    for p in (FIXTURES / "ipb").rglob("*.html")
    if "login_form" not in p.name  # a login page has its own one-line error
)
IPB_TEMPLATES = ROOT / "tests" / "ipb_template_pages"


@pytest.mark.parametrize("page", IPB_NOT_PM, ids=lambda p: Path(p).name)
def test_parse_pm_on_an_ipb_topic_or_mention_page_exits_2(
    page: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # real IPB topic/mention/search pages carry post markup but are not a messenger page
    living = nicks_file(tmp_path, ["John0", "Вася"])
    rc, out, err = run(["parse", "pm", page, "--players", living], capsys)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and "not a private message page" in err


@pytest.mark.parametrize(
    "name",
    [
        "ipb13_pm_view.template.html",
        "ipb3_pm_conversation.template.html",
        "ips4_messenger_conversation.template.html",
    ],
)
def test_parse_pm_still_reads_ipb_messenger_pages(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # minimal template-derived messenger pages (tests/ipb_template_pages/README.md)
    living = nicks_file(tmp_path, ["John0", "Mr. Grin", "daveoreardon"])
    rc, out, _err = run(["parse", "pm", str(IPB_TEMPLATES / name), "--players", living], capsys)
    assert rc == 0
    assert json.loads(out)["pm"]["sender"] in ("John0", "Mr. Grin", "daveoreardon")


def test_parse_votes_min_reason_words_zero_is_a_setting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `--min-reason-words 0` was read as "unset" (falsy) and became 3
    players = nicks_file(tmp_path, DAY2["alive"])
    argv = ["parse", "votes", "--ruleset", "pefl", "--players", players, *NOW]
    argv += ["--host", GAME["host"], "--after-post", "96", "--before-post", "116"]
    rc, out, _ = run([*argv, "--min-reason-words", "0", *PAGES[4:]], capsys)
    assert rc == 0
    data = json.loads(out)
    assert not [r for r in data["rejected"] if r["reason"] == "no_reason"]
    assert sum(data["tally"].values()) >= 6  # every red vote of the window counts


@pytest.mark.parametrize("command", ["votes", "pm"])
def test_parse_refuses_a_nick_both_living_and_dead(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = nicks_file(tmp_path, DAY2["alive"])
    dead = nicks_file(tmp_path, ["Шерлок", DAY2["alive"][0]], "dead.txt")
    page = PAGES[0] if command == "votes" else str(PHPBB / "pm_view_1.html")
    argv = ["parse", command, "--players", players, "--dead", dead, page]
    if command == "votes":
        argv[2:2] = ["--ruleset", "pefl"]
    rc, out, err = run(argv, capsys)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and DAY2["alive"][0] in err and "dead" in err


def test_parse_votes_refuses_a_printable_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # every post of topic_print.html has id 0: only the first one used to be read
    players = nicks_file(tmp_path, DAY1["alive"])
    argv = ["parse", "votes", "--ruleset", "gambler", "--colors", "any", "--players", players]
    rc, out, err = run([*argv, str(PHPBB / "topic_print.html")], capsys)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and "no board ids" in err


def test_parse_pm_warns_when_a_relative_date_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    msg = next(m for m in VIEWED if m["view_file"] == "pm_view_7.html")
    living = nicks_file(tmp_path, _night_living(msg))
    rc, out, err = run(["parse", "pm", str(PHPBB / "pm_view_7.html"), "--players", living], capsys)
    assert rc == 0 and json.loads(out)["pm"]["sent_at"] is None
    assert "warning" in err and "relative date" in err
    rc, out, err = run(
        ["parse", "pm", str(PHPBB / "pm_view_7.html"), "--players", living, *NOW], capsys
    )
    assert rc == 0 and json.loads(out)["pm"]["sent_at"] is not None and err == ""


def test_parse_pm_lists_a_folder_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the inbox used to be refused as "not a private message page"
    living = nicks_file(tmp_path, DAY1["alive"])
    rc, out, _ = run(
        ["parse", "pm", str(PHPBB / "pm_inbox.html"), "--players", living, *NOW], capsys
    )
    assert rc == 0
    rows = json.loads(out)["folder"]
    assert {r["id"] for r in rows} == {m["msg_id"] for m in TRUTH["pms_to_host"]}
    assert set(rows[0]) == {"id", "sender", "sender_id", "subject", "sent_at", "unread"}
    assert all(r["sent_at"] is not None for r in rows)  # --now reads «Сегодня, 07:00»


def test_parse_pm_on_a_login_page_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    living = nicks_file(tmp_path, DAY1["alive"])
    rc, out, err = run(
        ["parse", "pm", str(PHPBB / "pm_inbox_anon.html"), "--players", living], capsys
    )
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and "login page" in err


def _cast(tmp_path: Path, roles: dict[str, str], dead: tuple[str, ...] = ()) -> str:
    path = tmp_path / "cast.json"
    players = {nick: {"role": role} for nick, role in roles.items()}
    data = {"ruleset": "gambler", "turn": 2, "players": players, "dead": list(dead)}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_C_2_parse_pm_with_a_cast_reads_the_letter_by_the_senders_role(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # pm_view_10: Лиса_Алиса writes «Иду к Мaкс». By its words alone a visit is the
    # prostitute's invitation; with the cast the sender's role decides, as in the daemon
    page = str(PHPBB / "pm_view_10.html")
    living = nicks_file(tmp_path, ["Лиса_Алиса", "Мaкс", "Кот"])
    rc, out, _ = run(["parse", "pm", page, "--players", living, *NOW], capsys)
    assert rc == 0 and json.loads(out)["move"]["action"] == "block"
    for role, action in (("doctor", "heal"), ("commissar", "check"), ("prostitute", "block")):
        cast = _cast(tmp_path, {"Лиса_Алиса": role, "Мaкс": "civilian", "Кот": "maniac"})
        rc, out, _ = run(["parse", "pm", page, "--cast", cast, *NOW], capsys)
        assert rc == 0, role
        move = json.loads(out)["move"]
        assert (move["action"], move["targets"], move["actor"]) == (action, ["Мaкс"], "Лиса_Алиса")
        # the same letter through `parse moves` shows the same reading and confidence (C-2)
        letter = {"from": "Лиса_Алиса", "text": json.loads(out)["pm"]["text"]}
        monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(letter, ensure_ascii=False)))
        rc, out, _ = run(["parse", "moves", "--ruleset", "gambler", "--cast", cast], capsys)
        read = json.loads(out)
        assert rc == 0 and (read["action"], read["confidence"]) == (action, move["confidence"])
    # the cast's dead: the sender out of the game is refused, a dead target is asked about
    roles = {"Лиса_Алиса": "doctor", "Мaкс": "civilian", "Кот": "maniac"}
    rc, out, _ = run(
        ["parse", "pm", page, "--cast", _cast(tmp_path, roles, ("Лиса_Алиса",))], capsys
    )
    assert rc == 0 and json.loads(out)["rejected"]["reason"] == "dead"
    rc, out, _ = run(["parse", "pm", page, "--cast", _cast(tmp_path, roles, ("Мaкс",))], capsys)
    data = json.loads(out)
    # the target out of the game is named as listed and another player asked for (C-3)
    assert data["move"] is None and data["rejected"]["reason"] == "dead_target"
    assert "игрок Мaкс уже выбыл из игры" in data["rejected"]["detail"]


@pytest.mark.parametrize(
    "extra",
    [["--players", "PLAYERS"], ["--dead", "PLAYERS"], ["--ruleset", "pefl"], []],
    ids=["players", "dead", "other-ruleset", "none"],
)
def test_parse_pm_cast_usage_errors_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    living = nicks_file(tmp_path, ["Лиса_Алиса", "Мaкс"])
    cast = ["--cast", _cast(tmp_path, {"Лиса_Алиса": "doctor", "Мaкс": "civilian"})]
    argv = ["parse", "pm", str(PHPBB / "pm_view_10.html")]
    argv += [living if a == "PLAYERS" else a for a in extra] + (cast if extra else [])
    rc, out, err = run(argv, capsys)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("mafiabot: ")


def _page(tmp_path: Path, posts: list[tuple[int, str, int, str]]) -> str:
    """A phpBB topic page (derived from the recorded one the in-memory board renders)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from mafiabot.memory_board import BoardPost, MemoryBoard

    at = datetime(2026, 11, 28, 12, 0, tzinfo=ZoneInfo("Europe/Moscow"))
    rows = [BoardPost(pid, 4, who, uid, at, html) for pid, who, uid, html in posts]
    path = tmp_path / "page.html"
    path.write_text(MemoryBoard().topic_html(4, rows), encoding="utf-8")
    return str(path)


RED = '<span style="color:red">{}</span> весь день прячется за чужими спинами'


def test_parse_votes_vote_nicks_setting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """C-3 ruling: a case form («Кота») counts by default and not with --vote-nicks exact."""
    players = nicks_file(tmp_path, ["Анна", "Кот", "Шерлок"])
    page = _page(tmp_path, [(10, "Анна", 58, RED.format("Кота"))])
    argv = ["parse", "votes", "--ruleset", "pefl", "--players", players, page]
    rc, out, _ = run(argv, capsys)
    assert rc == 0 and json.loads(out)["tally"] == {"Кот": 1}
    rc, out, _ = run([*argv, "--vote-nicks", "exact"], capsys)
    assert rc == 0 and json.loads(out)["votes"] == []


def test_parse_votes_knows_players_by_the_id_of_their_own_posts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Кот's id is learned from his own post; «Кoт» (Latin «o», another account) voting
    before him is an outsider, not Кот's first vote."""
    players = nicks_file(tmp_path, ["Анна", "Кот", "Шерлок"])
    page = _page(
        tmp_path,
        [(10, "Кoт", 140, RED.format("Анна")), (11, "Кот", 66, RED.format("Шерлок"))],
    )
    rc, out, _ = run(["parse", "votes", "--ruleset", "pefl", "--players", players, page], capsys)
    data = json.loads(out)
    assert rc == 0 and data["tally"] == {"Шерлок": 1}
    assert [r["post_id"] for r in data["rejected"]] == [10]


@pytest.mark.parametrize(
    "name",
    ["Кoт", "Ко\u0301т", "К\u00adот", "Кот\u200b"],  # Latin o, accent, soft hyphen, zero width
)
def test_C_2_parse_votes_never_folds_a_voters_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """No post of Кот's own on the page, no id given: a look-alike voter is still not Кот."""
    players = nicks_file(tmp_path, ["Анна", "Кот", "Шерлок"])
    page = _page(tmp_path, [(10, name, 140, RED.format("Анна"))])
    rc, out, _ = run(["parse", "votes", "--ruleset", "pefl", "--players", players, page], capsys)
    data = json.loads(out)
    assert rc == 0 and data["votes"] == [] and data["tally"] == {}
    assert [(r["post_id"], r["reason"]) for r in data["rejected"]] == [(10, "not_a_player")]


def test_C_2_parse_votes_takes_the_players_ids_from_the_players_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """«Кот = 66»: the account 66 is Кот under any name it shows; another account spelled
    «Кот» is not."""
    players = nicks_file(tmp_path, ["Анна\t58", "Кот = 66", "Шерлок"])
    page = _page(
        tmp_path,
        [(10, "Кот", 140, RED.format("Анна")), (11, "Котофей", 66, RED.format("Шерлок"))],
    )
    rc, out, _ = run(["parse", "votes", "--ruleset", "pefl", "--players", players, page], capsys)
    data = json.loads(out)
    assert rc == 0 and [(v["voter"], v["target"]) for v in data["votes"]] == [("Кот", "Шерлок")]
    assert [r["post_id"] for r in data["rejected"]] == [10]


def test_C_2_parse_votes_takes_the_players_ids_from_the_boards_member_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The real member list (fixtures/phpbb/memberlist.html) gives Кот's id (66): a
    same-named post from another account (140) before any of his is an outsider's."""
    players = nicks_file(tmp_path, ["Анна Каренина", "Кот", "Шерлок"])
    page = _page(
        tmp_path,
        [(10, "Кот", 140, RED.format("Шерлок")), (11, "Кот", 66, RED.format("Анна Каренина"))],
    )
    argv = ["parse", "votes", "--ruleset", "pefl", "--players", players, page]
    rc, out, _ = run([*argv, "--members", str(PHPBB / "memberlist.html")], capsys)
    data = json.loads(out)
    assert rc == 0
    assert [(v["voter"], v["target"]) for v in data["votes"]] == [("Кот", "Анна Каренина")]
    assert [r["post_id"] for r in data["rejected"]] == [10]


def test_parse_votes_players_file_with_a_bad_id_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = nicks_file(tmp_path, ["Анна = пятьдесят"])
    page = _page(tmp_path, [(10, "Анна", 58, RED.format("Анна"))])
    rc, _out, err = run(["parse", "votes", "--ruleset", "pefl", "--players", players, page], capsys)
    assert rc == 2 and "board user id" in err and err.count("\n") == 1
