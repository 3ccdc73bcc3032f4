"""The host's mailbox never fills (issue 18, item 4), on phpBB as on IPB: the box's fill is read
where the folder page shows it, stored letters are removed through the board's own forms, and
from 80% of the quota — a box one letter short of it included — the host is told.

phpBB's pages are the live 3.3.11 test board's (`fixtures/phpbb33/live`); IPB 1.3's are in
`tests/test_ipb13_board.py` and the live module."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from urllib.parse import parse_qsl

import httpx
import pytest

from mafiabot.daemon import mailbox
from mafiabot.demo.play import setup
from scraper.phpbb import PhpbbClient, PhpbbSettings

LIVE = Path(__file__).resolve().parent.parent / "fixtures" / "phpbb33" / "live"


def _phpbb(posts: list[list[tuple[str, str]]]) -> PhpbbClient:
    inbox = (LIVE / "pm_inbox.html").read_bytes()
    confirm = (LIVE / "pm_delete_confirm.html").read_bytes()
    done = (LIVE / "pm_deleted.html").read_bytes()

    def handle(request: httpx.Request) -> httpx.Response:
        body = inbox
        if request.method == "POST":
            form = parse_qsl(request.content.decode("ascii"), keep_blank_values=True)
            posts.append(form)
            body = done if "confirm_key" in str(request.url) else confirm
        return httpx.Response(
            200, content=body, headers={"Content-Type": "text/html; charset=UTF-8"}
        )

    c = PhpbbClient(
        PhpbbSettings("http://127.0.0.1:8080/", "Ведущий", "HostPass-2026", min_interval=0),
        transport=httpx.MockTransport(handle),
    )
    c._logged_in = True
    return c


def test_phpbb_reads_the_boxs_fill_and_deletes_letters_through_its_forms() -> None:
    posts: list[list[tuple[str, str]]] = []
    c = _phpbb(posts)
    rows = c.list_pm_folder("inbox")
    assert c.mailbox_fill == (2, 50)  # «Папка заполнена на 4% (2 из 50 сообщений)»
    c.delete_pms([rows[0].id], "inbox")
    marked, confirmed = posts
    assert ("marked_msg_id[]", str(rows[0].id)) in marked
    assert ("mark_option", "delete_marked") in marked and any(k == "submit_mark" for k, _ in marked)
    assert ("confirm", "Да") in confirmed
    with pytest.raises(ValueError):  # a letter deleted from the outbox never reaches anyone
        c.delete_pms([1], "outbox")


def test_a_box_one_letter_short_of_its_quota_is_told_to_the_host(tmp_path: Path) -> None:
    run, _data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    d = run.daemon
    d.safe_tick(d.cfg.game.start + timedelta(minutes=1))  # the deal
    g = d.game()
    d.shell.client.mailbox_fill = (49, 50)  # type: ignore[attr-defined]
    assert mailbox.watch_fill(d.shell, g) == "mailbox 49/50"
    assert any("49 писем из 50" in n for n in d.flags(g.turn))
    d.shell.client.mailbox_fill = (10, 50)  # type: ignore[attr-defined]
    before = len(d.flags(g.turn))  # a box far from full adds nothing
    mailbox.watch_fill(d.shell, g)
    assert len(d.flags(g.turn)) == before
