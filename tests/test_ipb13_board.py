"""The IPB 1.3 client against the real board's own answers (`fixtures/ipb13/http`, served by
`tests/fakeboard_ipb13.py`): navigation, the Sent copy and exactly-once PMs, the PM subject,
the marker's size, the board's refusals, the mailbox's quota and its tidy-up."""

# The fake board module is imported by its test-folder name, so mypy sees it as Any.
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

import re
from pathlib import Path

import pytest

from parser.pages import parse_pm
from poster.outbox import InMemoryOutbox, OutboxKey, OutboxRow
from poster.poster import Poster, plan_parts
from scraper.board import TopicCursor
from scraper.errors import FloodLimited, NotFound, PostingRefused
from scraper.ipb import IpbClient, IpbSettings
from tests.fakeboard_ipb13 import BASE, HTTP13, FakeClock, FakeIpb13, body

LIVE13 = HTTP13.parent / "live"


def client(board: FakeIpb13, user: str = "Ведущий", password: str = "HostPass-2026") -> IpbClient:
    c = IpbClient(
        IpbSettings(BASE, user, password, min_interval=0, flood_interval=5),
        transport=board.transport(),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    c.login()
    return c


def _nav(html: str) -> str:
    return re.search(r"Страницы:</a>.*?\( <a", html).group(0)  # type: ignore[union-attr]


def test_the_fake_serves_topic_4_as_the_real_board_did() -> None:
    # every page's posts and page links are the recorded page's: the fake is the real board
    board = FakeIpb13(FakeClock())
    c = client(board)
    for n, page in enumerate(c.read_topic_pages(4)):
        real = body("topic_pages", n)
        assert _nav(page.raw.html) == _nav(real)
        assert page.post_ids == tuple(int(i) for i in re.findall(r"<a name='entry(\d+)'>", real))
    assert board.violations == []


def test_no_page_of_an_ipb13_topic_is_skipped() -> None:
    # IPB 1.3 links its pages as bare numbers: a poll from page 1 reads all four, and a topic
    # that grows to six pages is read to its end from the cursor
    board = FakeIpb13(FakeClock())
    c = client(board)
    poll = c.poll_topic(TopicCursor(4))
    assert [p.page for p in poll.pages] == [1, 2, 3, 4]
    assert sum(len(p.post_ids) for p in poll.pages) == 56
    for i in range(30):
        board.add_post(2 + i % 6, f"реплика {i}")
    again = c.poll_topic(poll.cursor)
    assert [p.page for p in again.pages] == [4, 5, 6]
    assert len(again.new_post_ids) == 30


def test_a_pm_is_sent_with_a_sent_copy_and_its_id_is_found() -> None:
    # IPB 1.3 keeps a copy only when `add_sent` is ticked; the bot ticks it, so the poster
    # learns the message's id from the sent folder («Отправлено: <subject>»)
    board = FakeIpb13(FakeClock())
    c = client(board)
    outbox = InMemoryOutbox()
    key = OutboxKey("1", 1, "role", "Рома")
    outbox.add(
        OutboxRow(key, "pm", "Ваша роль: мирный житель.", "Мафия: роль", recipients=("Рома",))
    )
    Poster(c, outbox).flush()
    copy = [m for m in board.letters if m.folder == "sent"]
    assert len(copy) == 1
    assert outbox.get(key).board_ids == (copy[0].id,)  # type: ignore[union-attr]
    sent = [r for r in board.requests if r.method == "POST" and b"entered_name" in r.content]
    assert b"add_sent=no" in sent[0].content  # the box's own value, as a browser sends it


def test_a_pm_begun_before_a_crash_is_found_not_sent_again() -> None:
    board = FakeIpb13(FakeClock())
    c = client(board)
    outbox = InMemoryOutbox()
    key = OutboxKey("1", 1, "role", "Гена")
    row = OutboxRow(key, "pm", "Ваша роль: доктор.", "Мафия: роль", recipients=("Гена",))
    outbox.add(row)
    # the process died after the board took the PM, before the poster recorded it
    outbox.begin_part(key, 0)
    part = plan_parts(row, c.max_message_length, markup=c.marker_markup)[0]
    c.send_pm(["Гена"], part.subject, part.text)
    report = Poster(client(board), outbox).flush()
    assert len([m for m in board.letters if m.owner == 4]) == 1
    assert report.recovered == [key] and report.unverified == []


def test_a_board_that_keeps_no_copy_is_never_sent_to_twice_and_the_host_is_told() -> None:
    class NoCopies(FakeIpb13):
        def _messenger(self, q: dict[str, str], member: int):  # type: ignore[no-untyped-def]
            resp = super()._messenger(q, member)
            if q.get("CODE") != "04":
                return resp
            page = resp.content.decode("cp1251")
            page = re.sub(r"<input[^>]*name='add_sent'[^>]*>", "", page)
            return self._answer(200, page)

    board = NoCopies(FakeClock())
    outbox = InMemoryOutbox()
    key = OutboxKey("1", 1, "role", "Гена")
    outbox.add(OutboxRow(key, "pm", "Ваша роль: доктор.", "Мафия: роль", recipients=("Гена",)))
    outbox.begin_part(key, 0)
    board.give_letter("Ведущий", "Гена", "Мафия: роль", "Ваша роль: доктор.")  # it went out
    report = Poster(client(board), outbox).flush()
    assert len([m for m in board.letters if m.owner == 4]) == 1  # never a second copy
    assert report.unverified == [key]
    assert outbox.get(key).status == "sent"  # type: ignore[union-attr]


def test_the_pm_subject_is_the_messages_own_not_the_side_menus() -> None:
    # every PM page has the side menu «Личный Ящик» as its first pformstrip
    pm = parse_pm(body("pm_read", 2), board="auto", tz="Europe/Moscow")
    assert pm is not None and pm.subject == "Проверка чтения"
    move = (LIVE13 / "pm_view_12_move.html").read_bytes().decode("cp1251")
    got = parse_pm(move, board="auto", tz="Europe/Moscow")
    assert got is not None and got.subject != "Личный Ящик" and "ход" in got.subject


def test_the_marker_is_written_in_the_boards_smallest_print() -> None:
    # IPB 1.3 draws [size=N] at N+7 pt (capped at 30): [size=50] was the biggest text of the
    # post; the marker now goes as [size=1] = 8 pt, under the post's own 12 px
    board = FakeIpb13(FakeClock())
    c = client(board)
    outbox = InMemoryOutbox()
    key = OutboxKey("1", 1, "newspaper", "topic")
    outbox.add(OutboxRow(key, "topic", "Газета.", topic_id=4))
    Poster(c, outbox).flush()
    post = [r for r in board.requests if r.method == "POST" and b"CODE=03" in r.content][-1]
    sent = post.content.decode("ascii")
    assert "%5Bsize%3D1%5D" in sent and "%5Bsize%3D50%5D" not in sent
    last = c.read_topic_pages(4)[-1].raw.html
    size = re.search(r"font-size:(\d+)pt;line-height:100%'>mafiabot", last)
    assert size is not None and int(size.group(1)) * 4 / 3 < 12  # pt to px: under the text


def test_the_boards_refusals_are_read_from_its_error_page() -> None:
    # «Сообщение Форума» / «Обнаружена ошибка:»: the flood refusal names its wait, a full box
    # and a missing topic are refusals in the board's words
    board = FakeIpb13(FakeClock())
    c = client(board)
    flood = c._refusal(body("reply_flood", 2), "reply to topic 4", 4)
    assert isinstance(flood, FloodLimited) and flood.retry_after == 30
    for i in range(board.quota):
        board.give_letter("Гена", "Полный_Ящик", f"письмо {i}", "текст")
    with pytest.raises(PostingRefused, match="переполнен"):
        c.send_pm(["Полный_Ящик"], "ход", "текст")
    with pytest.raises(NotFound):
        c.read_topic_pages(99999)


def test_the_mailbox_fill_is_read_and_stored_letters_can_be_removed() -> None:
    board = FakeIpb13(FakeClock())
    for i in range(3):
        board.give_letter("Гена", "Ведущий", f"ход {i}", "Лечу Рому")
    c = client(board)
    rows = c.list_pm_folder("inbox")
    assert c.mailbox_fill == (3, 50)  # «У Вас 3 писем из 50»
    c.delete_pms([rows[0].id, rows[1].id], "inbox")
    assert [m.id for m in board.letters if m.owner == 1] == [rows[2].id]
    c.list_pm_folder("inbox")
    assert c.mailbox_fill == (1, 50)
    assert board.violations == []


def test_recorded_pages_stay_byte_for_byte(tmp_path: Path) -> None:
    # the fixtures are the board's output as recorded: windows-1251, never re-encoded
    raw = (HTTP13 / "topic_pages" / "0.html").read_bytes()
    assert raw.decode("cp1251").encode("cp1251") == raw
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
