"""IpbClient flows and faults against fake Invision boards built from real pages.

tests/fakeboard_ipb.py says which pages are real (topic pages, the IPS 4 reply form, the 4PDA
login page) and which are template-derived (login/reply/PM forms of IPB 1.3, error pages).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import httpx
import pytest

from parser.dialects import DIALECTS
from parser.ipb.messenger import parse_ipb_pm
from parser.ipb.topic import parse_ipb_topic
from poster.outbox import InMemoryOutbox, OutboxKey, OutboxRow
from poster.poster import Poster
from scraper.board import BoardClient, TopicCursor
from scraper.errors import (
    BoardUnavailable,
    LoginFailed,
    NoPermission,
    NotFound,
    SessionExpired,
    UnknownRecipient,
)
from scraper.ipb import IPB_CAPS, IpbClient, IpbSettings
from tests.fakeboard_ipb import (
    IPB2_BASE,
    IPB3_BASE,
    IPS4_BASE,
    FakeClock,
    FakeIpb2,
    FakeIpb3,
    FakeIps4,
)

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "ipb"
BOT2 = "Ivanov_Vladimir"
BOT4 = "John0"


def make2(
    board: FakeIpb2 | None = None, password: str = "Vlad-Pass-2026", **kw: Any
) -> tuple[IpbClient, FakeIpb2, FakeClock]:
    board = board or FakeIpb2(FakeClock())
    settings = IpbSettings(IPB2_BASE, BOT2, password, **kw)
    client = IpbClient(
        settings, transport=board.transport(), clock=board.clock, sleep=board.clock.sleep
    )
    return client, board, board.clock


def make4(
    board: FakeIps4 | None = None, password: str = "John-Pass-2026", **kw: Any
) -> tuple[IpbClient, FakeIps4, FakeClock]:
    board = board or FakeIps4(FakeClock())
    settings = IpbSettings(IPS4_BASE, BOT4, password, tz="Europe/London", **kw)
    client = IpbClient(
        settings, transport=board.transport(), clock=board.clock, sleep=board.clock.sleep
    )
    return client, board, board.clock


def posts_of(board: FakeIpb2 | FakeIpb3 | FakeIps4, needle: str) -> list[httpx.Request]:
    return [r for r in board.requests if r.method == "POST" and needle in str(r.url)]


# -- IPB 1.3/2.x ----------------------------------------------------------------------------------


def test_ipb2_detects_the_dialect_and_logs_in_with_the_boards_form() -> None:
    client, board, _ = make2()
    client.login()
    assert client.dialect.name == "ipb2"
    (login,) = posts_of(board, "act=Login")
    sent = parse_qsl(login.content.decode(), keep_blank_values=True)
    assert [k for k, _ in sent] == ["referer", "UserName", "PassWord", "CookieDate"]
    assert dict(sent)["CookieDate"] == "1"
    assert board.violations == []


def test_ipb2_wrong_password_is_a_login_failure_worded_for_the_host() -> None:
    client, _, _ = make2(password="nope")
    with pytest.raises(LoginFailed) as info:
        client.login()
    assert str(info.value).startswith(f"login refused for user {BOT2}")
    assert "Неверный пароль" in info.value.board_says


def test_4pda_real_login_page_with_captcha_is_refused_clearly() -> None:
    page = (FIX / "1x-2x/ipb2fork_4pda_login_form_cp1251.html").read_bytes()
    posted: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        if request.method == "POST":
            posted.append(request)
        return httpx.Response(200, content=page, headers={"Content-Type": "text/html"})

    client = IpbClient(
        IpbSettings("https://4pda.to/forum/", "bot", "pw", kind="4pda", min_interval=0),
        transport=httpx.MockTransport(handler),
    )
    with pytest.raises(LoginFailed, match="CAPTCHA"):
        client.login()
    assert posted == []  # nothing is submitted to a form the bot cannot complete


def test_ipb2_poll_follows_pages_then_costs_one_request() -> None:
    client, board, _ = make2()
    poll = client.poll_topic(TopicCursor(2969))
    assert [p.page for p in poll.pages] == [1, 2, 3]
    assert len(poll.new_post_ids) == 15 and poll.new_post_ids[0] == 19014
    assert poll.cursor == TopicCursor(2969, 3, 10, 19219)
    before = len(board.requests)
    again = client.poll_topic(poll.cursor)
    assert again.new_post_ids == () and len(board.requests) - before == 1


def test_ipb2_deadline_reread_reads_the_requested_range() -> None:
    client, _, _ = make2()
    pages = client.read_topic_pages(2969, 2, 2)
    assert [p.page for p in pages] == [2]
    assert pages[0].post_ids == (19178, 19179, 19180, 19181, 19182)


def test_ipb2_missing_topic_is_not_found() -> None:
    client, _, _ = make2()
    with pytest.raises(NotFound):
        client.poll_topic(TopicCursor(1))


def test_ipb2_guest_page_mid_session_triggers_one_relogin() -> None:
    client, board, _ = make2()
    client.login()
    board.drop_sessions()
    poll = client.poll_topic(TopicCursor(3058))
    assert len(poll.new_post_ids) == 5
    assert len(posts_of(board, "act=Login")) == 2


def test_ipb2_session_that_never_sticks_is_reported() -> None:
    client, board, _ = make2()
    client.login()
    board.sessions.clear()
    original = board._new_session

    def forgetful(member: int, seed: str) -> str:
        sid = original(member, seed)
        board.sessions.clear()
        return sid

    board._new_session = forgetful  # type: ignore[method-assign]
    with pytest.raises(SessionExpired):
        client.poll_topic(TopicCursor(3058))


def test_ipb2_persistent_outage_is_board_unavailable_with_the_cause() -> None:
    client, board, _ = make2(retries=3)
    client.login()
    board.fail_next("timeout", 10)
    with pytest.raises(BoardUnavailable) as info:
        client.poll_topic(TopicCursor(3092))
    assert isinstance(info.value.__cause__, httpx.TimeoutException)


def test_ipb2_reply_uses_the_topics_own_reply_button_and_auth_key() -> None:
    client, board, _ = make2()
    result = client.post_reply(3092, "Голосую против Denegin")
    (post,) = posts_of(board, "index.php")[-1:]
    assert post.headers["content-type"].startswith("application/x-www-form-urlencoded")
    sent = dict(parse_qsl(post.content.decode("ascii"), encoding="cp1251"))
    assert sent["f"] == "6" and sent["t"] == "3092" and sent["CODE"] == "03"
    assert sent["auth_key"] == "7b3c1a2e9f0d4c5b6a7e8f9012345678"
    assert sent["Post"] == "Голосую против Denegin"  # windows-1251 on the wire
    assert result.post_id == 30000
    assert board.violations == []
    page = client.read_topic_pages(3092)[-1]
    mine = parse_ipb_topic(page.raw.html).posts[-1]
    assert (mine.id, mine.author, mine.own_text) == (30000, BOT2, "Голосую против Denegin")


def test_ipb2_flood_refusal_is_waited_out_and_resubmitted() -> None:
    client, board, clock = make2(flood_interval=5.0)  # the bot thinks 5 s; the board says 30
    client.post_reply(3092, "первый")
    client.post_reply(3092, "второй")
    assert board.flood_refusals >= 1
    assert len(board.extra_posts[3092]) == 2
    assert any(s >= 30 for s in clock.slept)


def test_ipb2_own_writes_are_spaced_by_the_flood_interval() -> None:
    # issue 11 item 4: one refusal teaches the client the board's interval (the board names
    # it: 30 s); later writes are spaced by it and never refused again
    client, board, _ = make2()
    client.post_reply(3092, "раз")
    client.send_pm(["Denegin"], "Ночь 1", "ход")
    client.post_reply(3092, "два")
    client.send_pm(["Denegin"], "Ночь 2", "ход")
    assert board.flood_refusals == 1
    assert client.pacer.interval == 30.0
    assert len(board.extra_posts[3092]) == 2 and len(board.sent_pms) == 2


def test_ipb2_pm_never_goes_to_a_recipient_the_form_brought_along() -> None:
    # issue 11 item 2: every recipient field is ours on every (re)submission
    client, board, clock = make2()
    board.compose_cc = "Ivanov_Vladimir"  # a draft's copy recipient left in the form
    client.login()
    board.last_write[437] = clock()  # refused first: the resubmission uses a fresh form
    client.send_pm(["Denegin"], "Ночь 1", "ход")
    (pm,) = board.sent_pms
    assert pm["entered_name"] == "Denegin" and pm["carbon_copy"] == ""
    assert board.flood_refusals == 1


def test_every_known_dialect_has_its_capabilities() -> None:
    assert set(DIALECTS) <= set(IPB_CAPS)


def test_ipb2_host_says_the_account_is_flood_limited() -> None:
    client, board, _ = make2(flood_exempt=False)
    client.post_reply(3092, "раз")
    client.send_pm(["Denegin"], "Ночь 1", "ход")
    assert board.flood_refusals == 0


def test_ipb2_messenger_read_and_unread() -> None:
    client, _, _ = make2()
    rows = client.list_pm_folder()
    assert [(r.id, r.unread, r.correspondent) for r in rows] == [
        (901, True, "Mr. Grin"),
        (899, False, "Ivanov_Vladimir"),
    ]
    fetched = client.fetch_unread_pms()
    assert [f.id for f in fetched] == [901]
    assert "Проверяю Ronin" in fetched[0].raw.html
    with pytest.raises(NotFound):
        client.read_pm(12345)


def test_ipb2_send_pm_with_carbon_copy() -> None:
    client, board, _ = make2()
    result = client.send_pm(["Denegin", "Mr. Grin"], "Ночь 1: ваша роль", "Вы — комиссар.")
    assert result.recipients == ("Denegin", "Mr. Grin")
    (sent,) = board.sent_pms
    assert sent["entered_name"] == "Denegin" and sent["carbon_copy"] == "Mr. Grin"
    assert sent["msg_title"] == "Ночь 1: ваша роль" and sent["Post"] == "Вы — комиссар."


def test_ipb2_pm_to_unknown_user_is_a_clear_error() -> None:
    client, board, _ = make2()
    with pytest.raises(UnknownRecipient) as info:
        client.send_pm(["Никто"], "тема", "текст")
    assert info.value.names == ("Никто",)
    assert board.sent_pms == []


class CrashingOutbox(InMemoryOutbox):
    def __init__(self) -> None:
        super().__init__()
        self.crash_next = False

    def record_part(self, key: OutboxKey, part: int, board_id: int) -> None:
        if self.crash_next:
            self.crash_next = False
            raise KeyboardInterrupt("process killed")
        super().record_part(key, part, board_id)


# -- IPS 4.x --------------------------------------------------------------------------------------


def test_ips4_login_sends_csrf_key_and_standard_fields() -> None:
    client, board, _ = make4()
    client.login()
    assert client.dialect.name == "ips4"
    (login,) = posts_of(board, "/login/")
    sent = dict(parse_qsl(login.content.decode(), keep_blank_values=True))
    assert sent["csrfKey"] == "1ddf8ce6ec7b6c3c2b32fc6f2ee74891"
    assert sent["login__standard_submitted"] == "1"
    assert (sent["auth"], sent["remember_me"]) == (BOT4, "1")
    assert board.violations == []


def test_ips4_wrong_password() -> None:
    client, _, _ = make4(password="bad")
    with pytest.raises(LoginFailed) as info:
        client.login()
    assert "incorrect" in info.value.board_says


def test_ips4_poll_reads_the_real_page() -> None:
    client, _, _ = make4()
    poll = client.poll_topic(TopicCursor(286745, page=12))
    assert len(poll.new_post_ids) == 25
    assert poll.cursor.page == 12 and poll.cursor.last_post_id == 11363916


def test_ips4_reply_posts_the_real_comment_form_as_multipart() -> None:
    client, board, _ = make4()
    result = client.post_reply(286745, "Vote: The Grand Pursuivant")
    assert result.post_id == 11370000
    (post,) = posts_of(board, "/topic/286745")
    assert post.headers["content-type"].startswith("multipart/form-data")
    assert board.violations == []
    body = post.content.decode()
    assert "0171954a8a31430a015366a8aaa275df" in body  # the form's own plupload key
    assert "<p>Vote: The Grand Pursuivant</p>" in body
    assert client.find_post_with_marker(286745, "Grand Pursuivant") == 11370000


def test_ips4_flood_refusal_is_waited_out() -> None:
    client, board, _ = make4(flood_interval=1.0)
    client.post_reply(286745, "one")
    client.post_reply(286745, "two")
    assert board.flood_refusals >= 1 and len(board.comments) == 2


def test_ipb2_edit_own_post_through_its_buttons() -> None:
    client, board, _ = make2()
    made = client.post_reply(3092, "Голосую против Denegin")
    result = client.edit_post(made.post_id, "Голосую против Ronin")
    assert result.post_id == made.post_id
    assert board.own_posts[made.post_id][2] == "Голосую против Ronin"
    edits = [r for r in posts_of(board, "index.php") if b"CODE=09" in r.content]
    assert len(edits) == 1 and board.violations == []
    # after a restart the bot finds the post's topic through findpost
    client2, _, _ = make2(board)
    client2.edit_post(made.post_id, "Голосую против Danila")
    assert board.own_posts[made.post_id][2] == "Голосую против Danila"


def test_ipb2_edit_of_someone_elses_post_is_refused() -> None:
    client, _, _ = make2()
    with pytest.raises((NoPermission, NotFound)):
        client.edit_post(19684, "чужое")


def test_ipb2_poster_updates_a_live_vote_count_in_place() -> None:
    board = FakeIpb2(FakeClock())
    outbox = InMemoryOutbox()
    row = OutboxRow(OutboxKey("7", 1, "tally", "topic"), "topic", "Голоса: нет", topic_id=3092)
    outbox.add(row)
    client, _, _ = make2(board)
    Poster(client, outbox).flush()
    stored = outbox.get(row.key)
    assert stored is not None and stored.status == "sent"
    Poster(client, outbox).update_post(stored.board_ids[0], "Голоса: Ronin 1", key=row.key)
    text = board.own_posts[stored.board_ids[0]][2]
    assert text.startswith("Голоса: Ronin 1") and "mafiabot 7/1" in text


# -- IPB 3.x (template-derived board: unverified against a live board) ---------------------------


def make3(password: str = "Host-Pass-2026", **kw: Any) -> tuple[IpbClient, FakeIpb3, FakeClock]:
    board = FakeIpb3(FakeClock())
    settings = IpbSettings(IPB3_BASE, "Host", password, tz="UTC", **kw)
    client = IpbClient(
        settings, transport=board.transport(), clock=board.clock, sleep=board.clock.sleep
    )
    return client, board, board.clock


def test_ipb3_login_sends_auth_key_and_ips_fields() -> None:
    client, board, _ = make3()
    client.login()
    assert client.dialect.name == "ipb3"
    (login,) = posts_of(board, "section=login")
    sent = dict(parse_qsl(login.content.decode(), keep_blank_values=True))
    assert sent["auth_key"] == "11112222333344445555666677778888"
    assert (sent["ips_username"], sent["ips_password"], sent["rememberMe"]) == (
        "Host",
        "Host-Pass-2026",
        "1",
    )
    assert "anonymous" not in sent  # an unchecked box is not sent
    assert board.violations == []


def test_ipb3_wrong_password() -> None:
    client, _, _ = make3(password="bad")
    with pytest.raises(LoginFailed) as info:
        client.login()
    assert "incorrect" in info.value.board_says


def test_ipb3_fast_reply_and_flood() -> None:
    client, board, clock = make3(flood_interval=1.0)
    first = client.post_reply(900, "##Vote TehStu")
    second = client.post_reply(900, "##Vote Huz")
    assert (first.post_id, second.post_id) == (3201, 3202)
    assert [r["Post"] for r in board.replies] == ["##Vote TehStu", "##Vote Huz"]
    assert board.flood_refusals == 1 and any(s >= 30 for s in clock.slept)
    assert board.violations == []


def test_ipb3_conversations() -> None:
    client, board, _ = make3()
    rows = client.list_pm_folder()
    assert [(r.id, r.unread) for r in rows] == [(5001, True), (4990, False)]
    (fetched,) = client.fetch_unread_pms()
    # conversation 5001 holds message 7701: ids are message ids on conversation boards
    assert fetched.id == 7701 and fetched.raw.url.endswith("topicID=5001#comment-7701")
    assert "Check <strong>TehStu</strong>" in fetched.raw.html
    with pytest.raises(NotFound):
        client.read_pm(1)
    result = client.send_pm(["daveoreardon"], "Night 2", "Your move?")
    assert result.msg_id == 5002
    assert board.sent_pms[0]["msgContent"] == "Your move?"
    with pytest.raises(UnknownRecipient):
        client.send_pm(["nobody"], "Night 2", "?")


def test_ips4_guest_page_mid_session_triggers_relogin() -> None:
    client, board, _ = make4()
    client.login()
    board.drop_sessions()
    poll = client.poll_topic(TopicCursor(286745, page=12))
    assert len(poll.new_post_ids) == 25
    assert len(posts_of(board, "/login/")) == 2


def test_ips4_a_lost_answer_to_a_reply_is_not_resent_blindly() -> None:
    client, board, _ = make4()
    client.login()
    original = board._reply

    def accept_then_drop(member: int, form: dict[str, str]) -> httpx.Response:
        original(member, form)  # the board stores the comment …
        raise httpx.ReadTimeout("answer lost")  # … but the answer never arrives

    board._reply = accept_then_drop  # type: ignore[method-assign]
    with pytest.raises(BoardUnavailable):
        client.post_reply(286745, "Vote: Timmo")
    assert len(board.comments) == 1  # exactly one submit; the poster's marker check decides


def test_ips4_messenger_read_and_send() -> None:
    # messenger pages are template-derived (unverified against a live board)
    client, board, _ = make4()
    rows = client.list_pm_folder()
    assert [(r.id, r.unread, r.subject) for r in rows] == [
        (7001, True, "Night 1 action"),
        (6990, False, "Your role"),
    ]
    (fetched,) = client.fetch_unread_pms()  # 88124 is the bot's own reply: not a move
    assert fetched.id == 88123 and "Kill" in fetched.raw.html
    assert parse_ipb_pm(fetched.raw.html, msg_id=fetched.id).own_text == "Kill Dinobot"
    with pytest.raises(NotFound):
        client.read_pm(6990)
    result = client.send_pm(["Headache", "John0"], "Night 2", "[b]Your move?[/b]")
    assert result.msg_id == 7002
    (sent,) = board.sent_pms
    assert sent["messenger_to"] == "Headache\nJohn0"
    assert sent["messenger_content"] == "<p><strong>Your move?</strong></p>"
    assert board.violations == []
    with pytest.raises(UnknownRecipient):
        client.send_pm(["Nobody"], "Night 2", "?")


def test_ips4_a_new_reply_in_a_processed_conversation_is_not_lost() -> None:
    client, board, _ = make4()
    first = [f.id for f in client.fetch_unread_pms()]
    assert first == [88123]
    board.add_conversation_reply(88130, "Headache", 2673, "Night 2: kill Timmo")
    again = client.fetch_unread_pms(skip=set(first))
    assert [f.id for f in again] == [88130]
    msg = parse_ipb_pm(again[0].raw.html, msg_id=88130)
    assert (msg.sender, msg.own_text) == ("Headache", "Night 2: kill Timmo")


def test_ipb2_login_form_served_mid_session_triggers_relogin() -> None:
    client, board, _ = make2()
    client.login()
    board.drop_sessions()  # the messenger now answers with the login form
    rows = client.list_pm_folder()
    assert [r.id for r in rows] == [901, 899]
    assert len(posts_of(board, "act=Login")) == 2


def test_ipb2_crash_between_accept_and_mark_does_not_duplicate_a_pm() -> None:
    board = FakeIpb2(FakeClock())
    outbox = CrashingOutbox()
    key = OutboxKey("7", 0, "role", "Denegin")
    outbox.add(
        OutboxRow(key, "pm", "Вы — комиссар.", "Мафия 7: ваша роль", recipients=("Denegin",))
    )
    outbox.crash_next = True
    client, _, _ = make2(board)
    with pytest.raises(KeyboardInterrupt):
        Poster(client, outbox).flush()
    assert len(board.sent_pms) == 1
    client2, _, _ = make2(board)
    report = Poster(client2, outbox).flush()
    assert report.recovered == [key]
    assert len(board.sent_pms) == 1  # found in the sent folder by its marker, not resent
    row = outbox.get(key)
    assert row is not None and row.status == "sent" and row.board_ids == (951,)


def test_daemon_builds_an_ipb_client_for_kind_ipb(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mafiabot.bootstrap import make_client
    from mafiabot.config import load_config

    example = (Path(__file__).resolve().parent.parent / "config.example.toml").read_text(
        encoding="utf-8"
    )
    assert 'kind = "auto"' in example
    cfg_file = tmp_path / "game.toml"
    cfg_file.write_text(example.replace('kind = "auto"', 'kind = "ipb"', 1), encoding="utf-8")
    monkeypatch.setenv("MAFIABOT_PASSWORD", "secret")
    client = make_client(load_config(cfg_file))
    assert isinstance(client, IpbClient) and isinstance(client, BoardClient)
    assert client.settings.password == "secret"
    assert client.settings.tz == "Europe/Moscow"
    client.close()


def test_ips4_edit_own_comment_also_after_a_restart() -> None:
    client, board, _ = make4()
    made = client.post_reply(286745, "Votes: none")
    client.edit_post(made.post_id, "Votes: Timmo 1")
    assert "<p>Votes: Timmo 1</p>" in board.comments[0][2]
    # a new client learns where its own comment is from the next poll of the topic
    client2, _, _ = make4(board)
    with pytest.raises(NotFound):
        client2.edit_post(made.post_id, "Votes: Timmo 2")
    client2.poll_topic(TopicCursor(286745, page=12))
    client2.edit_post(made.post_id, "Votes: Timmo 2")
    assert "<p>Votes: Timmo 2</p>" in board.comments[0][2]
    assert board.violations == []
