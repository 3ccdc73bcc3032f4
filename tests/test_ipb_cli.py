"""`mafiabot parse posts` on real IPB pages, through parser.pages dispatch (--board auto|ipb)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mafiabot.cli import main
from parser.pages import detect_board, is_login_page, parse_topic, read_page
from tests.conftest import FIXTURES

IPB = FIXTURES / "ipb"
H3092 = str(IPB / "1x-2x/ipb13ru_hustle-sa_showtopic3092_utf8.html")
PDA = str(IPB / "1x-2x/ipb2fork_4pda_search_posts_page1_cp1251.html")
PDA_LOGIN = str(IPB / "1x-2x/ipb2fork_4pda_login_form_cp1251.html")
RLLMUK = str(IPB / "4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html")


def _posts(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, object]]:
    assert main(["parse", "posts", *argv]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_cli_parse_posts_ipb13_auto(capsys: pytest.CaptureFixture[str]) -> None:
    posts = _posts(capsys, H3092)
    assert [p["id"] for p in posts][:3] == [19488, 19566, 19684]
    assert posts[0]["author"] == "алена селиванова"
    assert posts[0]["posted_at"] == "2014-10-28T08:33:00+03:00"
    assert len(posts[2]["colored"]) == 12  # type: ignore[arg-type]
    assert posts[0]["edited"] == {
        "by": "алена селиванова",
        "at": "2014-11-10T21:49:00+03:00",
        "count": 1,
        "reason": None,
    }


def test_cli_parse_posts_windows_1251_with_now(capsys: pytest.CaptureFixture[str]) -> None:
    posts = _posts(capsys, "--board", "ipb", "--now", "2021-12-19T14:21:00+03:00", PDA)
    assert len(posts) == 20
    assert posts[0]["posted_at"] == "2021-12-19T13:24:00+03:00"
    assert posts[0]["posted_at_text"] == "Сегодня, 13:24"


def test_cli_parse_posts_ips4_quotes(capsys: pytest.CaptureFixture[str]) -> None:
    posts = {p["id"]: p for p in _posts(capsys, "--tz", "Europe/London", RLLMUK)}
    assert len(posts) == 25
    assert posts[11354337]["quotes"] == [
        {"author": "The Donald", "author_id": 27615, "post_id": 11354295, "depth": 1}
    ]
    assert posts[11363916]["posted_at"] == "2017-04-26T13:04:54+00:00"


def test_cli_refuses_an_ipb_login_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "posts", PDA_LOGIN]) == 2
    assert "login page" in capsys.readouterr().err


def test_dispatch_names_ipb_and_keeps_phpbb() -> None:
    assert detect_board(read_page(H3092)) == "ipb"
    assert detect_board(read_page(FIXTURES / "phpbb" / "topic_p1.html")) == "phpbb"
    assert is_login_page(read_page(PDA_LOGIN))
    assert not is_login_page(read_page(RLLMUK))  # header sign-in box on a content page
    forced = parse_topic(read_page(RLLMUK), board="ips4", tz="UTC")
    assert len(forced.posts) == 25
    wrong = parse_topic(read_page(RLLMUK), board="ipb3", tz="UTC")
    assert wrong.posts == () and wrong.issues  # a wrong forced dialect says so, never raises


TEMPLATES = FIXTURES.parent / "tests" / "ipb_template_pages"


def test_cli_parse_votes_on_a_template_derived_ipb2_page(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # template-derived page (tests/ipb_template_pages/README.md): green vote, quoted red vote,
    # struck green vote, a blue signature — only the live green vote counts
    nicks = tmp_path / "nicks.txt"
    nicks.write_text("Ведущий\nИгрок Два\nMakedonsky\nDanila\nRonin\n", encoding="utf-8")
    page = str(TEMPLATES / "ipb2_stock_topic.template.html")
    argv = ["parse", "votes", "--ruleset", "gambler", "--players", str(nicks), page]
    assert main([*argv[:2], "--now", "2016-06-18T15:00:00+03:00", *argv[2:]]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(v["voter"], v["target"], v["post_id"]) for v in out["votes"]] == [
        ("Ведущий", "Makedonsky", 7001)
    ]
    assert out["tally"] == {"Makedonsky": 1}


def test_cli_parse_pm_on_a_template_derived_ipb13_pm(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    nicks = tmp_path / "nicks.txt"
    nicks.write_text("Mr. Grin\nRonin\nDanila\n", encoding="utf-8")
    page = str(TEMPLATES / "ipb13_pm_view.template.html")
    assert main(["parse", "pm", "--players", str(nicks), page]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["pm"]["id"] == 901 and out["pm"]["sender"] == "Mr. Grin"
    assert out["pm"]["text"] == "Проверяю Ronin"  # the quoted «Пришлите ход» is not the move
    assert out["move"]["targets"] == ["Ronin"]


def test_ipb_detector_never_claims_a_phpbb_page() -> None:
    from parser.ipb.detect import detect_ipb

    pages = sorted((FIXTURES / "phpbb").glob("*.html"))
    assert len(pages) > 30
    assert [p.name for p in pages if detect_ipb(read_page(p)) is not None] == []
