"""PhpbbClient reading flows against the fake phpBB built from the recorded board."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl

import httpx
import pytest

from scraper.board import TopicCursor
from scraper.errors import BoardUnavailable, LoginFailed, NotFound, SessionExpired
from scraper.phpbb import PhpbbClient, PhpbbSettings
from tests.fakeboard_phpbb import (
    BASE,
    LOGIN_FIELDS,
    USERS,
    FakeClock,
    FakePhpbb,
    derived_member_bar,
    page,
)

BOT = "Тестовый Игрок"
PASSWORD = "Tester-Pass-2026"


def make(
    board: FakePhpbb | None = None,
    clock: FakeClock | None = None,
    **kw: object,
) -> tuple[PhpbbClient, FakePhpbb, FakeClock]:
    clock = clock or (board.clock if board else FakeClock())
    board = board or FakePhpbb(clock)
    settings = PhpbbSettings(BASE, kw.pop("username", BOT), kw.pop("password", PASSWORD), **kw)  # type: ignore[arg-type]
    client = PhpbbClient(settings, transport=board.transport(), clock=clock, sleep=clock.sleep)
    return client, board, clock


def form_of(request: httpx.Request) -> list[tuple[str, str]]:
    return parse_qsl(request.content.decode(), keep_blank_values=True)


def test_login_sends_every_hidden_field_in_browser_order_with_remember_me() -> None:
    client, board, _ = make()
    client.login()
    posts = [r for r in board.requests if r.method == "POST"]
    assert len(posts) == 1
    sent = form_of(posts[0])
    assert [k for k, _ in sent] == LOGIN_FIELDS  # order recorded from a real browser
    data = dict(sent)
    assert data["autologin"] == "on"
    assert [v for k, v in sent if k == "redirect"][1] == "index.php"
    assert data["sid"] and posts[0].url.params["sid"] == data["sid"]
    assert board.violations == []
    assert client.cookie_prefix == "phpbb3_mcta8_"


def test_cookie_prefix_is_read_from_the_board_not_assumed() -> None:
    clock = FakeClock()
    board = FakePhpbb(clock, prefix="forum_x7q2_")
    client, _, _ = make(board)
    client.login()
    assert client.cookie_prefix == "forum_x7q2_"
    assert client.list_pm_folder()  # the session works with the other prefix
    assert board.count("ucp.php", "POST") == 1


def test_login_waits_a_second_after_the_form_was_served() -> None:
    client, board, _clock = make()
    client.login()
    get_at, post_at = board.request_times[0], board.request_times[1]
    assert int(post_at) - int(get_at) >= 1  # phpBB refuses the same second
    assert board.violations == []


def test_wrong_password_is_a_login_failure_worded_for_the_host() -> None:
    client, board, _ = make(password="wrong-password-123")
    with pytest.raises(LoginFailed) as info:
        client.login()
    msg = str(info.value)
    assert msg.startswith(f"login refused for user {BOT}: wrong password or inactive account")
    assert "неверный пароль" in info.value.board_says
    assert board.count("ucp.php", "POST") == 1  # never retried


def test_unknown_user_is_a_login_failure() -> None:
    client, _, _ = make(username="Нет_такого")
    with pytest.raises(LoginFailed, match="Нет_такого"):
        client.login()


def test_autologin_key_recreates_a_lost_session_silently(tmp_path: Path) -> None:
    client, board, _ = make(cookie_file=tmp_path / "c.json")
    client.login()
    board.drop_sessions()  # session expired on the board; the autologin key is still valid
    board.reset_counts()
    rows = client.list_pm_folder()
    assert [r.id for r in rows][:3] == [29, 28, 27]
    assert board.count("ucp.php", "POST") == 0
    assert board.count() == 1


def test_login_form_served_mid_session_triggers_relogin() -> None:
    client, board, _ = make(remember_me=False)
    client.login()
    board.drop_sessions()
    board.reset_counts()
    rows = client.list_pm_folder()
    assert len(rows) == 14
    assert board.count("ucp.php", "POST") == 1  # one silent login
    assert board.violations == []


def test_topic_page_without_logout_link_triggers_relogin() -> None:
    client, board, _ = make(remember_me=False)
    client.login()
    board.drop_sessions()
    poll = client.poll_topic(TopicCursor(4, page=8, start=70, last_post_id=119))
    assert poll.pages[-1].post_ids == (118, 119)
    assert "mode=logout" in poll.pages[-1].raw.html


def test_session_that_never_sticks_is_reported() -> None:
    client, board, _ = make(remember_me=False)
    client.login()
    original = board._route

    def always_logged_out(method, path, q, form, sess):  # type: ignore[no-untyped-def]
        if path == "ucp.php" and q.get("i") == "pm":
            board.drop_sessions()
            sess.uid = 1
        return original(method, path, q, form, sess)

    board._route = always_logged_out  # type: ignore[method-assign]
    with pytest.raises(SessionExpired, match="still logged out"):
        client.list_pm_folder()


def test_persistent_outage_raises_board_unavailable_with_the_cause() -> None:
    client, board, _ = make(retries=3)
    client.login()
    board.fail_next("timeout", 10, path="viewtopic.php")
    with pytest.raises(BoardUnavailable, match="did not answer in time") as info:
        client.poll_topic(TopicCursor(4))
    assert isinstance(info.value.__cause__, httpx.TimeoutException)
    assert board.count("viewtopic.php") == 3


def test_first_poll_reads_the_whole_topic_and_returns_a_cursor() -> None:
    client, _board, _ = make()
    poll = client.poll_topic(TopicCursor(4))
    assert [p.page for p in poll.pages] == list(range(1, 9))
    assert poll.new_post_ids == tuple(range(48, 120))
    assert poll.cursor == TopicCursor(4, page=8, start=70, last_post_id=119)


def test_steady_state_poll_with_nothing_new_costs_at_most_two_requests() -> None:
    client, board, _ = make()
    cursor = client.poll_topic(TopicCursor(4)).cursor
    board.reset_counts()
    poll = client.poll_topic(cursor)
    assert board.count() <= 2
    assert poll.new_post_ids == ()
    assert poll.cursor == cursor


def test_poll_follows_new_pages_only() -> None:
    client, board, _ = make()
    cursor = client.poll_topic(TopicCursor(4)).cursor
    new = [board.add_post_by(77, f"сообщение {i}") for i in range(9)]  # 81 posts: page 9 appears
    board.reset_counts()
    poll = client.poll_topic(cursor)
    assert [p.page for p in poll.pages] == [8, 9]
    assert poll.new_post_ids == tuple(new)
    assert poll.cursor == TopicCursor(4, page=9, start=80, last_post_id=new[-1])
    assert board.count() == 2


def test_deadline_reread_reads_the_requested_range() -> None:
    client, _board, _ = make()
    pages = client.read_topic_pages(4, 6)
    assert [p.page for p in pages] == [6, 7, 8]
    assert pages[0].post_ids[0] == 98
    # the recorded page as the board serves it to the client's account (its member menu)
    want = derived_member_bar(page("topic_p6.html"), USERS[BOT][0])
    assert pages[0].raw.html == want
    assert [p.page for p in client.read_topic_pages(4, 2, 3)] == [2, 3]


def test_missing_topic_is_not_found() -> None:
    client, _, _ = make()
    with pytest.raises(NotFound, match="Запрошенной темы не существует"):
        client.poll_topic(TopicCursor(99999))


def test_missing_pm_is_not_found() -> None:
    client, _, _ = make()
    with pytest.raises(NotFound, match="Личное сообщение не найдено"):
        client.read_pm(999999)


def test_unread_pms_are_returned_for_storing_and_marked_read_on_the_board() -> None:
    client, _board, _ = make()
    fetched = client.fetch_unread_pms()
    assert [m.id for m in fetched] == [25, 26, 27, 28, 29]
    assert 'id="post-25"' in fetched[0].raw.html
    assert not any(r.unread for r in client.list_pm_folder())
    processed = {m.id for m in fetched}
    assert client.fetch_unread_pms(skip=processed, newer_than=29) == []


def test_pm_opened_before_a_crash_is_not_lost() -> None:
    client, _board, _ = make()
    processed = {15, 16, 17, 18, 19, 20, 21, 22, 23}
    client.fetch_unread_pms(skip=processed)  # "crash": nothing stored
    # After the restart they are read on the board, but still not processed:
    assert client.fetch_unread_pms(skip=processed) == []  # read state alone would lose them
    again = client.fetch_unread_pms(skip=processed, newer_than=23)
    assert [m.id for m in again] == [25, 26, 27, 28, 29]


def test_rotated_autologin_key_is_saved_so_a_restart_still_works(tmp_path: Path) -> None:
    jar = tmp_path / "c.json"
    client, board, _ = make(cookie_file=jar)
    client.login()
    board.drop_sessions()
    client.list_pm_folder()  # the board re-created the session from k and rotated k
    # crash: no close(); the jar on disk must already hold the new key
    board.drop_sessions()
    board.reset_counts()
    again, _, _ = make(board, cookie_file=jar)
    again.login()
    assert again.list_pm_folder()
    assert board.count("ucp.php", "POST") == 0


def test_settings_never_show_the_password() -> None:
    settings = PhpbbSettings(BASE, BOT, PASSWORD)
    assert PASSWORD not in repr(settings) and PASSWORD not in str(settings)


def test_pm_read_in_the_hosts_browser_is_still_fetched_with_newer_than() -> None:
    client, board, _ = make()
    board.read_pms.update({25, 26})  # the host opened two of them in a browser
    processed = set(range(15, 24))
    assert [m.id for m in client.fetch_unread_pms(skip=processed)] == [27, 28, 29]
    got = client.fetch_unread_pms(skip=processed | {27, 28, 29}, newer_than=23)
    assert [m.id for m in got] == [25, 26]


def test_session_idle_for_over_an_hour_is_renewed() -> None:
    client, board, clock = make(remember_me=False)
    cursor = client.poll_topic(TopicCursor(4)).cursor
    clock.now += 2 * 3600  # phpBB's session_length is 3600 s
    board.reset_counts()
    poll = client.poll_topic(cursor)
    assert poll.new_post_ids == () and "mode=logout" in poll.pages[0].raw.html
    assert board.count("ucp.php", "POST") == 1


def test_the_standing_stop_ends_before_the_next_request_and_during_a_wait() -> None:
    """The process's stop flag (SIGTERM), installed for as long as it runs: once set, no
    request starts — reads too, not only writes — and a retry's wait ends at once."""
    import threading

    from scraper.errors import Interrupted

    client, board, _clock = make()
    stop = threading.Event()
    client.stop_on(stop)
    client.login()  # not set: goes on as ever
    asked = len(board.requests)
    stop.set()
    with pytest.raises(Interrupted):
        client.read_topic_pages(4)
    assert len(board.requests) == asked  # nothing more reached the board
    with pytest.raises(Interrupted):
        client._sleep(30.0)  # a backoff wait
    client.stop_on(None)
    client.read_topic_pages(4)  # removed: requests go again
    assert len(board.requests) > asked


def test_the_last_page_of_a_one_page_topic_starts_at_its_first_post() -> None:
    """The last page is asked for past the end (phpBB shows its last page): on a topic of one
    page, which shows no page size, that address says nothing of where the page starts."""
    client, board, _ = make()
    del board.posts[5:]
    last = client._last_page(4)
    assert (last.page, last.total_pages, last.start, len(last.post_ids)) == (1, 1, 0, 5)
    assert client.poll_topic(TopicCursor(4, 1, last.start)).cursor.start == 0


def test_the_last_page_asked_for_past_the_end_starts_where_its_page_size_says() -> None:
    """Page 2 of 2 shows no page size (no jump box, its one link leads to page 1 without an
    offset, as the live board's does): its offset is the page size an earlier page showed,
    never the huge offset it was asked for by."""
    client, board, _ = make()
    del board.posts[15:]
    assert [(p.page, p.start) for p in client.read_topic_pages(4)] == [(1, 0), (2, 10)]
    last = client._last_page(4)
    assert (last.page, last.total_pages, last.start) == (2, 2, 10)
