"""Writing to the fake phpBB: replies, edits, PMs, refusals, and exactly-once delivery."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qsl

import httpx
import pytest

from poster.outbox import InMemoryOutbox, OutboxKey, OutboxRow, marker_for
from poster.poster import Poster, plan_parts
from scraper.errors import (
    FloodLimited,
    LoginFailed,
    MessageTooLong,
    NoPermission,
    NotFound,
    UnknownRecipient,
)
from scraper.phpbb import PhpbbClient, PhpbbSettings
from tests.fakeboard_phpbb import BASE, REPLY_FIELDS, FakeClock, FakePhpbb, page

BOT = "Тестовый Игрок"


def make(board: FakePhpbb | None = None, **kw: object) -> tuple[PhpbbClient, FakePhpbb, FakeClock]:
    board = board or FakePhpbb(FakeClock())
    settings = PhpbbSettings(BASE, BOT, "Tester-Pass-2026", **kw)  # type: ignore[arg-type]
    client = PhpbbClient(
        settings, transport=board.transport(), clock=board.clock, sleep=board.clock.sleep
    )
    return client, board, board.clock


def posts_sent(board: FakePhpbb) -> list[list[tuple[str, str]]]:
    return [
        parse_qsl(r.content.decode(), keep_blank_values=True)
        for r in board.requests
        if r.method == "POST" and r.url.path.endswith("posting.php")
    ]


def body_of(board: FakePhpbb, pid: int) -> str:
    return next(p.source for p in board.posts if p.id == pid)


# -- replies ------------------------------------------------------------------------------------


def test_reply_submits_every_form_field_like_a_browser() -> None:
    client, board, _ = make()
    result = client.post_reply(4, "Итоги дня: [b]Кот[/b]")
    assert result.post_id == 120 and result.url.endswith("viewtopic.php?p=120#p120")
    (sent,) = posts_sent(board)
    assert [k for k, _ in sent] == REPLY_FIELDS
    data = dict(sent)
    assert data["message"] == "Итоги дня: [b]Кот[/b]"
    assert data["topic_cur_post_id"] == "119"
    assert data["attach_sig"] == "on" and data["post"] == "Отправить"
    assert "preview" not in data and "save" not in data
    assert board.violations == []
    assert board.accepted_posts == [120]


def test_flood_refusal_is_waited_out_and_retried_once_posted() -> None:
    client, board, clock = make()
    client.login()
    board.last_write[76] = clock()  # this account posted a moment ago (another browser)
    result = client.post_reply(4, "После паузы")
    assert board.accepted_posts == [result.post_id]
    assert len(posts_sent(board)) == 2  # refused once, then accepted
    assert max(clock.slept) >= 15
    assert board.violations == []


def test_posts_and_pms_share_the_flood_timer_and_one_refusal_teaches_the_spacing() -> None:
    # issue 11 item 4: no deliberate wait until the board refuses; after one refusal every
    # later write is spaced by the board's interval, so it is never refused again
    client, board, _ = make()
    client.post_reply(4, "Новость")
    client.send_pm(["Ведущий"], "Отчёт", "Текст")  # shares the post's timer: refused once
    client.send_pm(["Шерлок"], "Отчёт", "Текст")
    client.post_reply(4, "Ещё новость")
    pm_posts = [
        t
        for t, r in zip(board.request_times, board.requests, strict=True)
        if r.method == "POST" and b"post=" in r.content and r.url.path.endswith("ucp.php")
    ]
    assert len(pm_posts) == 3  # the first PM twice (refused, then after the wait), the next once
    assert pm_posts[2] - pm_posts[1] >= 15
    assert client.pacer.refusals == 1
    assert len(board.sent_pms) == 2 and len(board.accepted_posts) == 2
    assert board.violations == []


def test_flood_that_never_ends_is_reported() -> None:
    client, board, clock = make(flood_retries=1)
    client.login()
    original = board._reply

    def keep_flooding(method, q, form, sess):  # type: ignore[no-untyped-def]
        board.last_write[76] = clock()
        return original(method, q, form, sess)

    board._reply = keep_flooding  # type: ignore[method-assign]
    with pytest.raises(FloodLimited, match="flood control") as info:
        client.post_reply(4, "Текст")
    assert "сразу после предыдущего" in info.value.board_says
    assert board.accepted_posts == []


def test_post_review_resubmits_the_returned_form() -> None:
    client, board, _ = make()
    client.login()
    board.after_get.append(("posting.php", lambda: board.add_post_by(77, "Я тоже читаю.")))
    result = client.post_reply(4, "Согласен с предыдущим оратором.")
    sent = posts_sent(board)
    assert [dict(s)["topic_cur_post_id"] for s in sent] == ["119", "120"]
    assert result.post_id == 121 and board.accepted_posts == [121]
    assert board.violations == []


def test_form_token_too_fast_waits_and_resubmits() -> None:
    client, board, _ = make(min_form_age=0.0, min_interval=0.0)
    result = client.post_reply(4, "Быстро")
    sent = posts_sent(board)
    assert len(sent) == 2  # the same-second submit was refused, the next one accepted
    times = [
        t
        for t, r in zip(board.request_times, board.requests, strict=True)
        if r.method == "POST" and r.url.path.endswith("posting.php")
    ]
    assert int(times[1]) - int(times[0]) >= 1  # waited past the form's second
    assert board.accepted_posts == [result.post_id]


def test_too_long_message_is_refused_with_the_boards_limit() -> None:
    client, board, _ = make(max_message_length=None)
    with pytest.raises(MessageTooLong) as info:
        client.post_reply(4, "Очень длинный текст. " * 3000)
    assert info.value.limit == 60000 and info.value.length == 63000
    assert board.accepted_posts == []


def test_reply_to_missing_topic_is_not_found() -> None:
    client, _, _ = make()
    with pytest.raises(NotFound, match="99999"):
        client.post_reply(99999, "Текст")


# -- edits --------------------------------------------------------------------------------------


def test_edit_own_post_replaces_its_text() -> None:
    client, board, _ = make()
    pid = client.post_reply(4, "Голоса: пока нет").post_id
    result = client.edit_post(pid, "Голоса: Кот — 2")
    assert result.post_id == pid
    assert body_of(board, pid) == "Голоса: Кот — 2"
    assert board.violations == []


def test_edit_of_someone_elses_post_is_no_permission() -> None:
    client, _, _ = make()
    with pytest.raises(NoPermission):
        client.edit_post(119, "Текст")


def test_edit_of_missing_post_is_not_found() -> None:
    client, _, _ = make()
    with pytest.raises(NotFound, match="Сообщение не существует"):
        client.edit_post(999999, "Текст")


# -- private messages ----------------------------------------------------------------------------


def test_pm_to_several_users_goes_through_add_to_then_post() -> None:
    client, board, _ = make()
    result = client.send_pm(["Ведущий", "Шерлок"], "Мафия – 12: ваша роль", "Вы — комиссар.")
    assert result.msg_id == 32 and result.recipients == ("Ведущий", "Шерлок")
    (pm,) = board.sent_pms
    assert pm.to == (2, 61) and pm.subject == "Мафия – 12: ваша роль"
    steps = [
        dict(parse_qsl(r.content.decode(), keep_blank_values=True))
        for r in board.requests
        if r.method == "POST" and "compose" in str(r.url)
    ]
    assert steps[0]["username_list"] == "Ведущий\nШерлок" and "add_to" in steps[0]
    assert "post" in steps[1] and steps[1]["address_list[u][61]"] == "to"
    assert board.violations == []


def test_pm_to_unknown_user_is_a_clear_error_and_nothing_is_sent() -> None:
    client, board, _ = make()
    with pytest.raises(UnknownRecipient) as info:
        client.send_pm(["Нет_такого_игрока"], "Ход", "Текст")
    assert "Нет_такого_игрока" in str(info.value)
    assert "не существуют" in info.value.board_says
    assert board.sent_pms == []


def test_pm_flood_refusal_is_waited_out() -> None:
    client, board, clock = make()
    client.login()
    board.last_write[76] = clock()
    result = client.send_pm(["Ведущий"], "Отчёт", "Текст")
    assert result.msg_id == 32 and len(board.sent_pms) == 1
    assert max(clock.slept) >= 15


# -- exactly once ---------------------------------------------------------------------------------


class CrashingOutbox(InMemoryOutbox):
    """Dies once right after the board accepted a part, before recording it."""

    def __init__(self) -> None:
        super().__init__()
        self.crash_next = False

    def record_part(self, key: OutboxKey, part: int, board_id: int) -> None:
        if self.crash_next:
            self.crash_next = False
            raise KeyboardInterrupt("process killed")
        super().record_part(key, part, board_id)


def newspaper(text: str = "Газета: этой ночью убит Шерлок.") -> OutboxRow:
    return OutboxRow(OutboxKey("12", 3, "newspaper", "topic"), "topic", text, topic_id=4)


def test_in_flight_part_not_on_the_board_is_sent_again() -> None:
    board = FakePhpbb(FakeClock())
    outbox = InMemoryOutbox()
    outbox.add(newspaper())
    outbox.begin_part(newspaper().key, 0)  # crashed before the submit reached the board
    client, _, _ = make(board)
    report = Poster(client, outbox).flush()
    assert report.sent == [newspaper().key] and len(board.accepted_posts) == 1


def test_marker_is_rendered_and_found_in_own_post_only() -> None:
    board = FakePhpbb(FakeClock())
    client, _, _ = make(board)
    outbox = InMemoryOutbox()
    outbox.add(newspaper())
    Poster(client, outbox).flush()
    marker = marker_for(newspaper().key, 0)
    assert f"[size=50]{marker}[/size]" in body_of(board, 120)
    assert client.find_post_with_marker(4, marker) == 120
    # a player quoting the bot's post does not count as the bot's post
    other = FakePhpbb(FakeClock())
    other.add_post_by(77, f"[quote]{marker}[/quote] ну и новости")
    other.add_post_by(77, f"подделка: {marker}")
    client3, _, _ = make(other)
    assert client3.find_post_with_marker(4, marker) is None


def test_same_key_is_enqueued_once() -> None:
    outbox = InMemoryOutbox()
    assert outbox.add(newspaper()) is True
    assert outbox.add(newspaper("другой текст")) is False
    assert outbox.get(newspaper().key) == newspaper()


def test_plan_parts_is_deterministic_across_restarts() -> None:
    row = newspaper("\n\n".join("абзац " * 40 for _ in range(5)))
    assert plan_parts(row, 500) == plan_parts(row, 500)
    assert len({p.marker for p in plan_parts(row, 500)}) == len(plan_parts(row, 500))


def test_permanent_refusal_fails_the_row_with_a_host_readable_reason() -> None:
    board = FakePhpbb(FakeClock())
    client, _, _ = make(board)
    outbox = InMemoryOutbox()
    key = OutboxKey("12", 1, "ack", "Нет_такого_игрока")
    outbox.add(OutboxRow(key, "pm", "Принято", "Ход", recipients=("Нет_такого_игрока",)))
    report = Poster(client, outbox).flush()
    assert report.failed and "no such user on the board: Нет_такого_игрока" in report.failed[0][1]
    row = outbox.get(key)
    assert row is not None and row.status == "failed"
    assert Poster(client, outbox).flush().failed == []  # not retried


def test_board_outage_defers_the_row() -> None:
    board = FakePhpbb(FakeClock())
    client, _, _ = make(board, retries=2)
    client.login()
    board.fail_next("503", 2)  # both attempts at the reply form
    outbox = InMemoryOutbox()
    outbox.add(newspaper())
    report = Poster(client, outbox).flush()
    assert report.deferred and "503" in report.deferred[0][1]
    assert outbox.pending() and board.accepted_posts == []
    assert Poster(client, outbox).flush().sent == [newspaper().key]
    assert len(board.accepted_posts) == 1


def test_update_post_keeps_the_rows_marker() -> None:
    board = FakePhpbb(FakeClock())
    client, _, _ = make(board)
    key = OutboxKey("12", 3, "votecount", "topic")
    outbox = InMemoryOutbox()
    outbox.add(OutboxRow(key, "topic", "Голоса: нет", topic_id=4))
    Poster(client, outbox).flush()
    row = outbox.get(key)
    assert row is not None
    Poster(client, outbox).update_post(row.board_ids[0], "Голоса: Кот — 1", key=key)
    body = body_of(board, row.board_ids[0])
    assert body.startswith("Голоса: Кот — 1") and marker_for(key, 0) in body


def test_form_older_than_its_token_lifetime_is_fetched_again() -> None:
    client, board, clock = make(max_form_age=10.0)
    client.login()
    board.last_write[76] = clock()  # the flood wait (15 s) outlives the form (10 s here)
    result = client.post_reply(4, "Текст")
    assert board.accepted_posts == [result.post_id]
    assert board.count("posting.php", "GET") == 2
    assert board.violations == []


def test_post_held_for_moderation_fails_the_row_instead_of_queueing_duplicates() -> None:
    board = FakePhpbb(FakeClock())
    board.moderated = True
    client, _, _ = make(board)
    outbox = InMemoryOutbox()
    outbox.add(newspaper())
    report = Poster(client, outbox).flush()
    assert report.failed and "moderator approval" in report.failed[0][1]
    assert Poster(client, outbox).flush().failed == []
    assert len(board.queued) == 1


def test_pm_with_one_unknown_among_several_names_only_the_unknown_and_sends_nothing() -> None:
    client, board, _ = make()
    with pytest.raises(UnknownRecipient) as info:
        client.send_pm(["Ведущий", "Нет_такого_игрока", "Шерлок"], "Ход", "Текст")
    assert info.value.names == ("Нет_такого_игрока",)
    assert str(info.value).endswith("no such user on the board: Нет_такого_игрока")
    assert board.sent_pms == []


def test_board_down_stops_the_flush_instead_of_hammering_it_row_by_row() -> None:
    board = FakePhpbb(FakeClock())
    client, _, _ = make(board, retries=2)
    client.login()
    outbox = InMemoryOutbox()
    outbox.add(newspaper())
    key = OutboxKey("12", 3, "role", "Шерлок")
    outbox.add(OutboxRow(key, "pm", "Текст", "Роль", recipients=("Шерлок",)))
    board.fail_next("502", 50)
    board.reset_counts()
    report = Poster(client, outbox).flush()
    assert [k for k, _ in report.deferred] == [newspaper().key, key]
    assert board.count() == 2  # one row's retries, then stop


def test_refused_login_is_raised_not_retried_per_row() -> None:
    board = FakePhpbb(FakeClock())
    settings = PhpbbSettings(BASE, BOT, "wrong-password")
    client = PhpbbClient(
        settings, transport=board.transport(), clock=board.clock, sleep=board.clock.sleep
    )
    outbox = InMemoryOutbox()
    outbox.add(newspaper())
    outbox.add(
        OutboxRow(OutboxKey("12", 3, "role", "Шерлок"), "pm", "Т", "Р", recipients=("Шерлок",))
    )
    with pytest.raises(LoginFailed):
        Poster(client, outbox).flush()
    assert board.count("ucp.php", "POST") == 1


def test_phpbb30_style_success_page_gives_the_post_id() -> None:
    board = FakePhpbb(FakeClock())
    board.legacy_success = True  # template-derived info page, see the fake
    client, _, _ = make(board)
    result = client.post_reply(4, "Текст")
    assert result.post_id == 120 and board.accepted_posts == [120]


def test_login_page_answering_the_submit_leads_to_relogin_and_one_post() -> None:
    client, board, _ = make(remember_me=False)
    client.login()
    board.after_get.append(("posting.php", board.drop_sessions))  # expires while typing
    result = client.post_reply(4, "Текст")
    assert board.accepted_posts == [result.post_id]
    assert board.count("ucp.php", "POST") == 2  # the first login and one re-login
    assert board.count("posting.php", "POST") == 2  # refused as a guest, then accepted
    assert board.violations == []


def test_marker_is_found_when_later_posts_pushed_ours_to_an_earlier_page() -> None:
    board = FakePhpbb(FakeClock())
    outbox = CrashingOutbox()
    outbox.add(newspaper())
    outbox.crash_next = True
    client, _, _ = make(board)
    with pytest.raises(KeyboardInterrupt):
        Poster(client, outbox).flush()
    for i in range(15):  # the topic moved on while the bot was down: 88 posts, 9 pages
        board.add_post_by(77, f"обсуждение {i}")
    client2, _, _ = make(board)
    report = Poster(client2, outbox).flush()
    assert report.recovered == [newspaper().key] and board.accepted_posts == [120]


def test_login_and_reply_make_the_same_requests_as_the_recorded_browser() -> None:
    flow = json.loads(
        (Path(__file__).parent.parent / "fixtures/phpbb/http/reply_ok.json").read_text("utf-8")
    )
    recorded = [
        (x["request"]["method"], httpx.URL(x["request"]["url"]).path) for x in flow[:5]
    ]  # login form, login, follow the redirect, reply form, reply (we skip following it)
    client, board, _ = make()
    client.login()
    client.post_reply(4, "Всем привет!")
    assert [(r.method, r.url.path) for r in board.requests] == recorded


def test_refusal_in_the_boards_own_words_fails_the_row_for_the_host() -> None:
    board = FakePhpbb(FakeClock())
    client, _, _ = make(board)
    original = board._reply

    def too_many_smilies(method, q, form, sess):  # type: ignore[no-untyped-def]
        if method == "POST":  # phpBB's TOO_MANY_SMILIES, in a derived copy of a refusal page
            body = page("http/reply_flood/4.html").replace(
                "Вы не можете отправить следующее сообщение сразу после предыдущего. "
                "Пожалуйста, попробуйте чуть позже.",
                "Ваше сообщение содержит слишком много смайликов.",
            )
            return board._html(board._reply_form_page(body, sess))
        return original(method, q, form, sess)

    board._reply = too_many_smilies  # type: ignore[method-assign]
    outbox = InMemoryOutbox()
    outbox.add(newspaper())
    report = Poster(client, outbox).flush()
    assert report.failed and "слишком много смайликов" in report.failed[0][1]
    assert board.accepted_posts == []
