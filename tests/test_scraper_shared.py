"""Flow and fault tests every board client must pass, run on the fake phpBB and the fake IPBs.

Each test takes a `Board` harness (`tests/fakeboard_phpbb.py`, `tests/fakeboard_ipb.py`: real
recorded pages, template-derived pages named as such) so the clients are held to the same
behaviour by the same test body: the shared transport (`scraper.http`), the error tree and
the poster's exactly-once flow.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from parser.records import Post, TopicPage
from scraper.board import BoardClient, RawPage, TopicCursor, TopicPageFetch
from scraper.errors import BoardUnavailable, NotFound
from scraper.http import BoardHttp, redact
from scraper.ipb import IpbClient, IpbSettings
from scraper.phpbb import PhpbbClient, PhpbbSettings
from tests import fakeboard_ipb as ipb
from tests import fakeboard_phpbb as phpbb


@dataclass
class Board:
    """One fake board with a client on it, plus the facts the shared tests need."""

    name: str
    client: PhpbbClient | IpbClient
    fake: Any  # FakePhpbb | FakeIpb2 | FakeIps4
    clock: phpbb.FakeClock
    topic: int  # a topic with several pages (phpBB, IPB 2) or one full page (IPS 4)
    topic_path: str  # URL fragment of that topic's pages, for fault injection
    first_cursor: TopicCursor
    secret_url: Callable[[str], str]  # a URL carrying the session id the board uses
    session_value: Callable[[], str]

    def requests(self) -> list[httpx.Request]:
        return list(self.fake.requests)

    def times(self) -> list[float]:
        return list(self.fake.request_times)


def _phpbb(fake: Any = None, **kw: Any) -> Board:
    fake = fake or phpbb.FakePhpbb(phpbb.FakeClock())
    settings = PhpbbSettings(phpbb.BASE, "Тестовый Игрок", "Tester-Pass-2026", **kw)
    client = PhpbbClient(
        settings, transport=fake.transport(), clock=fake.clock, sleep=fake.clock.sleep
    )

    def sid() -> str:
        return next(c.value or "" for c in client._http.cookies.jar if c.name.endswith("_sid"))

    return Board(
        "phpbb",
        client,
        fake,
        fake.clock,
        4,
        "viewtopic.php",
        TopicCursor(4),
        lambda s: client.url(f"ucp.php?i=pm&sid={s}"),
        sid,
    )


def _ipb2(fake: Any = None, **kw: Any) -> Board:
    fake = fake or ipb.FakeIpb2(ipb.FakeClock())
    settings = IpbSettings(ipb.IPB2_BASE, "Ivanov_Vladimir", "Vlad-Pass-2026", **kw)
    client = IpbClient(
        settings, transport=fake.transport(), clock=fake.clock, sleep=fake.clock.sleep
    )

    def sid() -> str:
        return next(c.value or "" for c in client._http.cookies.jar if c.name == "session_id")

    return Board(
        "ipb2",
        client,
        fake,
        fake.clock,
        2969,
        "showtopic=2969",
        TopicCursor(2969),
        # IPB 1.x/2.x put the session in the URL (`s=`) next to the form's auth_key
        lambda s: client.url(f"index.php?s={s}&act=Msg&CODE=01&auth_key={s}"),
        sid,
    )


def _ips4(fake: Any = None, **kw: Any) -> Board:
    fake = fake or ipb.FakeIps4(ipb.FakeClock())
    settings = IpbSettings(ipb.IPS4_BASE, "John0", "John-Pass-2026", tz="Europe/London", **kw)
    client = IpbClient(
        settings, transport=fake.transport(), clock=fake.clock, sleep=fake.clock.sleep
    )

    def sid() -> str:
        return next(
            c.value or "" for c in client._http.cookies.jar if c.name == "ips4_IPSSessionFront"
        )

    return Board(
        "ips4",
        client,
        fake,
        fake.clock,
        286745,
        "/topic/286745",
        TopicCursor(286745, page=12),
        lambda s: client.url(f"index.php?/messenger/&csrfKey={s}&session={s}"),
        sid,
    )


MAKERS: dict[str, Callable[..., Board]] = {"phpbb": _phpbb, "ipb2": _ipb2, "ips4": _ips4}
BOARDS = list(MAKERS)


@pytest.mark.parametrize("kind", BOARDS)
def test_client_satisfies_board_protocol(kind: str) -> None:
    assert isinstance(MAKERS[kind]().client, BoardClient)


@pytest.mark.parametrize("kind", BOARDS)
@pytest.mark.parametrize("fault", ["500", "502", "503", "429", "timeout", "connect", "truncated"])
def test_transient_faults_are_retried_with_backoff(kind: str, fault: str) -> None:
    b = MAKERS[kind]()
    b.client.login()
    want = b.client.poll_topic(b.first_cursor).new_post_ids
    b.fake.fail_next(fault, 2, path=b.topic_path)
    b.clock.slept.clear()
    before = sum(1 for r in b.requests() if b.topic_path in str(r.url))
    poll = b.client.poll_topic(b.first_cursor)
    assert poll.new_post_ids == want
    tried = sum(1 for r in b.requests() if b.topic_path in str(r.url)) - before
    assert tried == len(poll.pages) + 2  # the two failures, then every page once
    assert [s for s in b.clock.slept if s >= 2.0][:2] == [2.0, 4.0]  # exponential backoff


@pytest.mark.parametrize("kind", BOARDS)
def test_persistent_429_is_board_unavailable_after_the_retries(kind: str) -> None:
    b = MAKERS[kind](retries=3)
    b.client.login()
    b.fake.fail_next("429", 10, path=b.topic_path)
    with pytest.raises(BoardUnavailable, match="429"):
        b.client.poll_topic(b.first_cursor)
    assert sum(1 for r in b.requests() if b.topic_path in str(r.url)) == 3


@pytest.mark.parametrize("kind", BOARDS)
@pytest.mark.parametrize("fault", ["502", "connect", "timeout"])
def test_error_messages_and_logs_do_not_leak_the_session_id(
    kind: str, fault: str, caplog: pytest.LogCaptureFixture
) -> None:
    b = MAKERS[kind](retries=2)
    b.client.login()
    secret = b.session_value()
    assert len(secret) >= 8
    b.fake.fail_next(fault, 5)
    caplog.set_level(logging.DEBUG)
    with pytest.raises(BoardUnavailable) as info:
        b.client._send("GET", b.secret_url(secret))
    assert secret not in str(info.value)
    assert "***" in str(info.value)
    assert caplog.records and secret not in caplog.text


def test_redact_hides_every_session_and_token_parameter() -> None:
    url = (
        "http://f/index.php?s=abc123&showtopic=5&sid=d34db33f&auth_key=k3y&"
        "md5check=m5&csrfKey=c5rf&session_id=x1&st=20#entry9"
    )
    shown = redact(url)
    for secret in ("abc123", "d34db33f", "k3y", "m5", "c5rf", "x1"):
        assert secret not in shown
    assert "showtopic=5" in shown and "st=20" in shown and shown.endswith("#entry9")
    assert redact("index.php?showtopic=5&amp;s=abc123") == "index.php?showtopic=5&amp;s=***"


@pytest.mark.parametrize("kind", BOARDS)
def test_requests_are_spaced_by_the_polite_interval(kind: str) -> None:
    b = MAKERS[kind](min_interval=2.5)
    b.client.login()
    b.client.read_topic_pages(b.topic)
    times = b.times()
    gaps = [y - x for x, y in itertools.pairwise(times)]
    assert len(gaps) >= 2 and min(gaps) >= 2.5


@pytest.mark.parametrize("kind", BOARDS)
def test_user_agent_names_the_bot(kind: str) -> None:
    b = MAKERS[kind]()
    b.client.login()
    b.client.poll_topic(b.first_cursor)
    assert b.requests()
    assert all("mafiabot" in r.headers["user-agent"] for r in b.requests())
    assert b.fake.violations == []


@pytest.mark.parametrize("kind", BOARDS)
def test_steady_state_poll_with_nothing_new_costs_at_most_two_requests(kind: str) -> None:
    b = MAKERS[kind]()
    cursor = b.client.poll_topic(b.first_cursor).cursor
    before = len(b.requests())
    poll = b.client.poll_topic(cursor)
    assert poll.new_post_ids == ()
    assert len(b.requests()) - before <= 2


@pytest.mark.parametrize("kind", BOARDS)
def test_reading_never_deletes_messages(kind: str) -> None:
    b = MAKERS[kind]()
    fetched = b.client.fetch_unread_pms()
    assert fetched  # every fake inbox holds an unread message
    b.client.list_pm_folder("sentbox")
    assert b.requests()
    for r in b.requests():
        assert "delete" not in str(r.url).lower()
        assert b"delete" not in r.content.lower()


@pytest.mark.parametrize("kind", BOARDS)
def test_missing_pm_is_not_found(kind: str) -> None:
    b = MAKERS[kind]()
    with pytest.raises(NotFound):
        b.client.read_pm(987654)


@pytest.mark.parametrize("kind", BOARDS)
def test_cookie_jar_survives_a_restart(kind: str, tmp_path: Any) -> None:
    jar = tmp_path / "cookies.json"
    b = MAKERS[kind](cookie_file=jar)
    b.client.login()
    b.client.close()
    logins = sum(1 for r in b.requests() if r.method == "POST")
    assert jar.exists() and jar.stat().st_mode & 0o077 == 0  # a secret: owner only
    settings = b.client.settings
    again: PhpbbClient | IpbClient
    if isinstance(settings, PhpbbSettings):
        again = PhpbbClient(
            settings, transport=b.fake.transport(), clock=b.clock, sleep=b.clock.sleep
        )
    else:
        again = IpbClient(
            settings, transport=b.fake.transport(), clock=b.clock, sleep=b.clock.sleep
        )
    again.poll_topic(b.first_cursor)
    assert sum(1 for r in b.requests() if r.method == "POST") == logins  # no second login


def _paged(b: Board, per_page: int) -> None:
    if b.name == "phpbb":
        b.fake.pm_per_page = per_page
    else:
        b.fake.inbox_per_page = per_page


def _folder_requests(b: Board) -> int:
    needle = "folder=inbox" if b.name == "phpbb" else "act=Msg&CODE=01"
    return sum(1 for r in b.requests() if needle in str(r.url))


@pytest.mark.parametrize(("kind", "per_page"), [("phpbb", 5), ("ipb2", 1)])
def test_pm_folder_listing_follows_every_page(kind: str, per_page: int) -> None:
    b = MAKERS[kind]()
    b.client.login()
    whole = [r.id for r in b.client.list_pm_folder("inbox")]
    assert _folder_requests(b) == 1  # a one-page folder costs one request
    _paged(b, per_page)
    before = _folder_requests(b)
    paged = [r.id for r in b.client.list_pm_folder("inbox")]
    pages = -(-len(whole) // per_page)
    assert pages >= 2
    assert paged == whole  # nothing beyond the first page is lost, nothing twice
    assert _folder_requests(b) - before == pages


@pytest.mark.parametrize(("kind", "per_page"), [("phpbb", 5), ("ipb2", 1)])
def test_pm_folder_pages_are_capped(kind: str, per_page: int) -> None:
    b = MAKERS[kind](pm_folder_pages=2)
    b.client.login()
    whole = [r.id for r in b.client.list_pm_folder("inbox")]
    _paged(b, per_page)
    assert [r.id for r in b.client.list_pm_folder("inbox")] == whole[: 2 * per_page]


LOGIN_POST = {"phpbb": "mode=login", "ipb2": "act=Login", "ips4": "/login/"}


@pytest.mark.parametrize("kind", BOARDS)
def test_login_page_mid_session_triggers_one_relogin_and_the_read_goes_on(kind: str) -> None:
    b = MAKERS[kind](remember_me=False)
    cursor = b.client.poll_topic(b.first_cursor).cursor
    b.fake.drop_sessions()  # the board forgot us: members-only pages now show a login form

    def logins() -> int:
        return sum(1 for r in b.requests() if r.method == "POST" and LOGIN_POST[kind] in str(r.url))

    assert logins() == 1
    poll = b.client.poll_topic(cursor)
    assert poll.new_post_ids == () and poll.pages
    assert logins() == 2
    assert b.fake.violations == []


@pytest.mark.parametrize("kind", BOARDS)
def test_settings_never_show_the_password(kind: str) -> None:
    settings = MAKERS[kind]().client.settings
    assert settings.password and settings.password not in repr(settings)
    assert settings.password not in str(settings)


def _page_with(*posts: tuple[int, str, int | None, str]) -> TopicPageFetch:
    """A fetched page whose reading holds these (id, author, author id, own text) posts."""
    records = tuple(Post(pid, who, uid, None, "", text, text) for pid, who, uid, text in posts)
    parsed = TopicPage(topic_id=4, title="", page=1, total_pages=1, posts=records)
    raw = RawPage(f"{phpbb.BASE}viewtopic.php?t=4", "", datetime(2026, 12, 4, tzinfo=UTC))
    return TopicPageFetch(raw, 1, 1, 0, tuple(p.id for p in records), parsed=parsed)


@pytest.mark.parametrize(
    ("shown", "exact"),
    [
        ("Bедущий", False),  # the host typed a Latin «B» in the config: phpBB folds it at login
        ("Ведущий\u200b", False),  # a zero-width character the skin left in the name
        ("ВЕДУЩИЙ", True),  # boards keep account names unique up to case
        ("Ведущий\u00a0", False),  # a no-break space at the end: another account
        ("Веду\u2009щий", False),  # a thin space inside
        ("  Ведущий ", True),  # markup's own spaces around the name
    ],
)
def test_own_post_is_recognised_by_the_board_user_id(shown: str, exact: bool) -> None:
    """ "Is this post mine" is the board's user id of the bot's account (issue 21): the
    marker search finds the bot's post however the page spells the account's name, and a
    look-alike account's post (another id) never counts. Only on a board whose pages show no
    ids does the spelling decide, and then exactly (`parser.identity.account_key`), never
    folded. (Before, both were decided by the folded `nick_key`.)"""
    client = PhpbbClient(PhpbbSettings(base_url=phpbb.BASE, username="Ведущий", password="x"))
    marker = "mafiabot 1/2 ab.cd"
    client._own_id = 2  # as the header of the pages served to its session shows
    quoted = (7, "Игрок", 58, f"цитата: {marker}")
    assert (
        client._own_post_in([_page_with(quoted, (8, shown, 2, f"Газета\n{marker}"))], marker) == 8
    )
    twin = _page_with(quoted, (9, shown, 99, f"Газета\n{marker}"))
    assert client._own_post_in([twin], marker) is None
    # a post without an id among posts that show theirs: a guest's, whatever name it gives
    guest = _page_with(quoted, (8, shown, None, f"Газета\n{marker}"))
    assert client._own_post_in([guest], marker) is None
    client._own_id = None  # a board whose pages show no ids: the exact spelling decides
    bare = _page_with(
        (7, "Игрок", None, f"цитата: {marker}"), (8, shown, None, f"Газета\n{marker}")
    )
    assert (client._own_post_in([bare], marker) == 8) is exact


@pytest.mark.parametrize(("kind", "per_page"), [("phpbb", 5), ("ipb2", 1)])
def test_a_pm_folder_page_is_parsed_once(
    kind: str, per_page: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a folder page's rows and its link onward come from one parse of the page
    # (PMFolder.next_links), as a topic page's posts and navigation do
    import sys

    from selectolax.lexbor import LexborHTMLParser

    parsed: list[str] = []

    class Counting(LexborHTMLParser):
        def __init__(self, html: str | bytes, *a: Any, **k: Any) -> None:
            parsed.append(html if isinstance(html, str) else html.decode("utf-8", "replace"))
            super().__init__(html, *a, **k)

    for mod in list(sys.modules.values()):
        if getattr(mod, "LexborHTMLParser", None) is LexborHTMLParser:
            monkeypatch.setattr(mod, "LexborHTMLParser", Counting)
    b = MAKERS[kind]()
    b.client.login()
    _paged(b, per_page)
    before = _folder_requests(b)
    parsed.clear()
    rows = b.client.list_pm_folder("inbox")
    pages = _folder_requests(b) - before
    assert pages >= 2 and len(rows) > per_page
    assert len(parsed) == pages


def test_a_retried_multipart_request_sends_its_file_every_time() -> None:
    """A request retried after a transient fault goes out whole each time: the file of a
    multipart form is not dropped from the second attempt on."""
    bodies: list[bytes] = []

    def board(request: httpx.Request) -> httpx.Response:
        bodies.append(request.read())
        return httpx.Response(503 if len(bodies) == 1 else 200, text="ok")

    net = BoardHttp(
        user_agent="mafiabot test",
        min_interval=0,
        retries=2,
        backoff=0,
        sleep=lambda _s: None,
        transport=httpx.MockTransport(board),
    )
    try:
        resp = net.send(
            "POST",
            "http://board.test/posting.php",
            [("subject", "x")],
            files=[("fileupload", ("move.txt", b"FILE-BYTES", "text/plain"))],
        )
    finally:
        net.close()
    assert resp.status_code == 200
    assert len(bodies) == 2
    assert all(b"FILE-BYTES" in body and b'name="fileupload"' in body for body in bodies)
