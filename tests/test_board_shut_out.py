"""A ban, a switched-off board and a CAPTCHA stop the game's ticks: one line in the log, a note
for the host report, the last tick's result in `status` — and no retry (issue 21, item 6).

The pages are the real boards' answers, saved from the live phpBB 3.3 and IPB 1.3 test boards
(`fixtures/phpbb33/live`, `fixtures/ipb13/live`)."""

from __future__ import annotations

import logging
from datetime import timedelta
from email.utils import formatdate
from pathlib import Path

import httpx
import pytest

from mafiabot.demo.play import setup
from mafiabot.newspaper.host_words import tick_result
from scraper.board import TopicPoll
from scraper.errors import AccountBanned, BoardDisabled, CaptchaRequired, ShutOut
from scraper.ipb import IpbClient, IpbSettings
from scraper.phpbb import PhpbbClient, PhpbbSettings

FIX = Path(__file__).resolve().parent.parent / "fixtures"
PHPBB = FIX / "phpbb33" / "live"
IPB = FIX / "ipb13" / "live"


def _serving(page: bytes, ctype: str, log: list[str]) -> httpx.MockTransport:
    """A board that answers every request with `page` (as the real one did, for every page)."""

    def handle(request: httpx.Request) -> httpx.Response:
        log.append(f"{request.method} {request.url}")
        return httpx.Response(
            200, content=page, headers={"Content-Type": ctype, "Date": formatdate(usegmt=True)}
        )

    return httpx.MockTransport(handle)


def _phpbb(name: str, log: list[str]) -> PhpbbClient:
    page = (PHPBB / name).read_bytes()
    c = PhpbbClient(
        PhpbbSettings("http://127.0.0.1:8080/", "Нарушитель", "Player-2026", min_interval=0),
        transport=_serving(page, "text/html; charset=UTF-8", log),
    )
    c._logged_in = True  # a session from before: the board's answer changed under it
    return c


def test_a_banned_phpbb_account_is_stopped_not_retried() -> None:
    log: list[str] = []
    with pytest.raises(AccountBanned, match="Вам закрыт доступ к конференции"):
        _phpbb("banned_viewtopic.html", log).read_topic_pages(2)
    assert len(log) <= 3  # the topic, perhaps a login, the index: never a loop


def test_a_switched_off_phpbb_board_is_told_by_its_index_showing_the_same() -> None:
    # the administrator's own text names nothing: the index saying the same does
    log: list[str] = []
    with pytest.raises(BoardDisabled, match="Технические работы до вечера"):
        _phpbb("disabled_viewtopic.html", log).read_topic_pages(2)


@pytest.mark.parametrize(
    ("page", "error"),
    [("login_captcha_answer.html", CaptchaRequired), ("banned_login_answer.html", AccountBanned)],
)
def test_a_phpbb_login_answered_with_a_captcha_or_a_ban_is_not_a_wrong_password(
    page: str, error: type[ShutOut]
) -> None:
    form = (FIX / "phpbb" / "http" / "login_ok" / "0.html").read_bytes()
    answer = (PHPBB / page).read_bytes()

    def handle(request: httpx.Request) -> httpx.Response:
        body = answer if request.method == "POST" else form
        return httpx.Response(
            200, content=body, headers={"Content-Type": "text/html; charset=UTF-8"}
        )

    c = PhpbbClient(
        PhpbbSettings(
            "http://127.0.0.1:8080/", "Гость_Форума", "Player-2026", min_interval=0, min_form_age=0
        ),
        transport=httpx.MockTransport(handle),
    )
    with pytest.raises(error):
        c.login()


def test_a_banned_ipb13_account_is_stopped_not_retried() -> None:
    log: list[str] = []
    page = (IPB / "banned_showtopic.html").read_bytes()
    c = IpbClient(
        IpbSettings("http://127.0.0.1:8090/", "Нарушитель", "Player-2026", min_interval=0),
        transport=_serving(page, "text/html", log),
    )
    c._logged_in = True
    with pytest.raises(AccountBanned, match="Вам запрещён доступ в этот форум"):
        c.read_topic_pages(2)


def test_a_shut_out_stops_the_games_ticks_with_one_line_a_note_and_a_status(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    run, _data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    d = run.daemon
    start = d.cfg.game.start
    assert d.safe_tick(start + timedelta(minutes=1)) is not None  # the deal

    def banned(_cursor: object) -> TopicPoll:
        raise AccountBanned("Вам закрыт доступ к конференции.")

    d.shell.client.poll_topic = banned  # type: ignore[method-assign,assignment]
    caplog.set_level(logging.ERROR, logger="mafiabot.daemon")
    with pytest.raises(AccountBanned):
        d.safe_tick(start + timedelta(minutes=2))
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(lines) == 1 and "banned" in lines[0]
    g = d.game()
    assert g.last_tick_ok is False and (g.last_tick_result or "").startswith("stopped:")
    assert any("бот остановлен" in n for n in d.flags(g.turn))
    status = d.status(start + timedelta(minutes=3))
    assert any("бот остановлен" in n for n in status["notes"])
    # the host reads why and what to do in Russian, the board's own words kept
    note = next(n for n in d.flags(g.turn) if "бот остановлен" in n)
    assert note == (
        "бот остановлен: аккаунт бота забанен на форуме: попросите администрацию снять бан и "
        "запустите бота снова (форум пишет: «Вам закрыт доступ к конференции.»)"
    )
    assert tick_result("ru", g.last_tick_result or "", None) == note


def test_a_switched_off_ipb13_board_is_told_by_its_title() -> None:
    # IPB 1.x's switched-off page has no error box, only its title and a login form
    log: list[str] = []
    page = (IPB / "offline_showtopic.html").read_bytes()
    c = IpbClient(
        IpbSettings("http://127.0.0.1:8090/", "Гость_Форума", "Player-2026", min_interval=0),
        transport=_serving(page, "text/html", log),
    )
    with pytest.raises(BoardDisabled, match="профилактике"):
        c.read_topic_pages(2)
    assert len(log) <= 3
