"""Where the bot learns its own board user id, for every board generation it reads (issue 21).

"Is this post mine" is the bot account's board user id (`tests/test_own_posts_by_id.py`). The
id comes from the header of a page served to the bot's session (the member's own profile link
or the script variable that names him) and, where a style's header shows none (phpBB 3.0's
prosilver and subsilver2 link no profile there), from the session's own cookie, which every
board sets at login: phpBB 3.x `<prefix>u`, IPB 1.x-3.x `member_id`, IPS 4 `ips4_member_id`.

Shown on real saved pages of each generation, on the boards' recorded login answers replayed
as they were served, and on the fake phpBB 3.3 and IPB 1.3 boards with the header's member
links taken out (a style without them), where an account spelled like the bot up to case —
which the exact spelling alone cannot tell apart — posts the marker of a message not yet sent.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from mafiabot.dbfile import refuse_lost_database
from mafiabot.exitcodes import DatabaseUnusable
from parser.encoding import decode_html
from poster.outbox import InMemoryOutbox, OutboxKey, OutboxRow, marker_for, with_marker
from poster.poster import Poster
from scraper import forms
from scraper.ipb import IpbClient, IpbSettings
from scraper.ipb.pages import _own_member_id
from scraper.phpbb import PhpbbClient, PhpbbSettings
from tests import fakeboard_ipb13, fakeboard_phpbb

FIX = Path(__file__).resolve().parent.parent / "fixtures"
MARKER = marker_for(OutboxKey("1", 2, "newspaper", "topic"), token="0a1b2c3d4e")


def _page(rel: str) -> str:
    return decode_html((FIX / rel).read_bytes())


# (saved page, the id of the account it was served to; None: a guest's page)
PHPBB_PAGES = [
    ("phpbb/topic_p1.html", 2),  # phpBB 3.3 prosilver (ru), the host
    ("phpbb/http/login_ok/3.html", 76),  # the index after «Тестовый Игрок» logged in
    ("phpbb33/live/pm_inbox.html", 2),  # phpBB 3.3.11 (ru) live board, the host's inbox
    ("phpbb33/live/disabled_viewtopic.html", 66),  # a switched-off board, a member's view
    ("phpbb/topic_anon_p1.html", None),
    ("phpbb-variants/en_33_prosilver_dark_nesdev_t25574_guest.html", None),
    ("phpbb-variants/en_30_subclone_metallum_t66086_p1of121_guest.html", None),
    ("phpbb33/live/banned_viewtopic.html", None),  # a banned member is shown no menu
]
IPB_PAGES = [
    ("ipb13/live/topic_3_p1.html", 1),  # IPB 1.3 (ru) live board, the host's «Привет»
    ("ipb13/live/pm_inbox_host.html", 1),
    ("ipb13/live/pm_inbox.html", 1),
    ("ipb13/live/reply_form.html", 2),  # a player's reply form
    ("ipb13/live/pm_compose_form.html", 4),
    ("ipb13/http/login_ok/2.html", 3),  # where Рома's login landed
    ("ipb13/live/topic_2_guest.html", None),
    ("ipb13/live/offline_showtopic.html", None),
    ("ipb/1x-2x/ipb13ru_hustle-sa_showtopic2969_utf8.html", None),  # saved by a guest
    # IPB 2.x, 4PDA's fork: `c.member_id` in the page's script
    ("ipb/1x-2x/ipb2fork_4pda_mentions_cp1251.html", 1621715),
    ("ipb/1x-2x/ipb2fork_4pda_search_posts_page1_cp1251.html", 236113),
    ("ipb/1x-2x/ipb2fork_4pda_login_form_cp1251.html", None),
    # IPS 4.1: `ipsSettings.memberID`
    ("ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html", 5212),
    ("ipb/4x-5x/ic47_armbian_topic34923_fragment-from-readme-md.html", None),
]


@pytest.mark.parametrize(("rel", "member"), PHPBB_PAGES)
def test_phpbb_pages_name_the_account_they_were_served_to(rel: str, member: int | None) -> None:
    assert forms.own_user_id(_page(rel)) == member


@pytest.mark.parametrize(("rel", "member"), IPB_PAGES)
def test_invision_pages_name_the_member_they_were_served_to(rel: str, member: int | None) -> None:
    assert _own_member_id(_page(rel)) == member


def _no_member_links(body: str) -> str:
    """A page as a style without the header's member links would serve it: phpBB's member
    menu and IPB's member bar lose the markers the page readers look for."""
    for mark in ('id="username_logged_in"', 'id="userlinks"', "id='userlinks'"):
        body = body.replace(mark, "")
    return body


_SID = ("s", "sid")


def _charset(raw: bytes) -> str:
    """The charset a recorded page was served in (IPB 1.3: windows-1251)."""
    return "windows-1251" if b"windows-1251" in raw[:2000].lower() else "utf-8"


def _replay(flow: Path, edit: Callable[[str], str]) -> httpx.MockTransport:
    """The recorded exchanges of `flow` served in their order to requests of the same method
    and address (the session id in the query aside), with their own status, headers (cookies
    included) and bodies."""
    pairs = json.loads(flow.with_suffix(".json").read_text())
    served: set[int] = set()

    def where(url: httpx.URL) -> tuple[str, list[tuple[str, str]]]:
        return url.path, sorted((k, v) for k, v in url.params.multi_items() if k not in _SID)

    def handle(request: httpx.Request) -> httpx.Response:
        for p in pairs:
            if p["n"] in served or p["request"]["method"] != request.method:
                continue
            if where(httpx.URL(p["request"]["url"])) != where(request.url):
                continue
            served.add(p["n"])
            resp = p["response"]
            raw = (flow.parent / resp["body_file"]).read_bytes()
            headers = [(k, v) for k, v in resp["headers"] if k.lower() != "content-length"]
            content = edit(decode_html(raw)).encode(_charset(raw), errors="xmlcharrefreplace")
            return httpx.Response(resp["status"], headers=headers, content=content)
        return httpx.Response(404, text="not recorded")

    return httpx.MockTransport(handle)


@pytest.mark.parametrize("edit", [str, _no_member_links], ids=["header", "cookie"])
def test_a_phpbb_login_learns_the_account_id_from_the_header_or_the_session_cookie(
    edit: Callable[[str], str], tmp_path: Path
) -> None:
    """phpBB 3.3's recorded login of «Тестовый Игрок» (user 76): its answer sets
    `phpbb3_mcta8_u=76`, its landing page's member menu links profile 76."""
    client = PhpbbClient(
        PhpbbSettings(
            "http://127.0.0.1:8080/",
            "Тестовый Игрок",
            "Tester-Pass-2026",
            min_interval=0,
            cookie_file=tmp_path / "jar.json",
        ),
        transport=_replay(FIX / "phpbb/http/login_ok", edit),
        sleep=lambda _s: None,
    )
    client.login()
    assert client.own_user_id == 76


@pytest.mark.parametrize("edit", [str, _no_member_links], ids=["header", "cookie"])
def test_an_ipb13_login_learns_the_member_id_from_the_header_or_the_session_cookie(
    edit: Callable[[str], str],
) -> None:
    """IPB 1.3's recorded login of «Рома» (member 3): its answer sets `member_id=3`, the
    page it lands on greets him with a link to profile 3."""
    client = IpbClient(
        IpbSettings(fakeboard_ipb13.BASE, "Рома", "Roma-Pass-2026", kind="ipb13", min_interval=0),
        transport=_replay(fakeboard_ipb13.HTTP13 / "login_ok", edit),
        sleep=lambda _s: None,
    )
    client.login()
    assert client.own_user_id == 3


def _stripped(transport: httpx.BaseTransport) -> httpx.MockTransport:
    """The fake board's transport, every page served without the header's member links."""

    def handle(request: httpx.Request) -> httpx.Response:
        resp = transport.handle_request(request)
        resp.read()
        if "html" not in resp.headers.get("content-type", ""):
            return resp
        text = decode_html(resp.content, resp.headers.get("content-type"))
        headers = [(k, v) for k, v in resp.headers.multi_items() if k.lower() != "content-length"]
        body = _no_member_links(text).encode(_charset(resp.content), errors="xmlcharrefreplace")
        return httpx.Response(resp.status_code, headers=headers, content=body)

    return httpx.MockTransport(handle)


def test_on_a_phpbb_style_without_the_member_menu_a_case_twin_is_not_the_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the header's id, the exact spelling alone takes «ВЕДУЩИЙ» for «Ведущий» (the
    boards keep names unique up to case, so the spelling must ignore it); the session's
    cookie names the bot's account, and the twin's post of the marker is another account's."""
    monkeypatch.setitem(fakeboard_phpbb.USERS, "ВЕДУЩИЙ", (90, "Twin-Pass-2026"))
    monkeypatch.setitem(fakeboard_phpbb.NAMES, 90, "ВЕДУЩИЙ")
    board = fakeboard_phpbb.FakePhpbb(fakeboard_phpbb.FakeClock())
    jar = tmp_path / "cookies.json"

    def client() -> PhpbbClient:
        settings = PhpbbSettings(
            fakeboard_phpbb.BASE, "Ведущий", "HostPass-2026", min_interval=0, cookie_file=jar
        )
        return PhpbbClient(
            settings,
            transport=_stripped(board.transport()),
            clock=board.clock,
            sleep=board.clock.sleep,
        )

    first = client()
    first.login()
    assert first.own_user_id == 2
    first.close()
    board.add_post_by(90, f"Газета\n\n{MARKER}")
    again = client()  # a fresh process on the saved session: the cookie says whose it is
    assert again.find_post_with_marker(4, MARKER) is None
    assert again.own_user_id == 2
    mine = again.post_reply(4, with_marker("Газета", MARKER)).post_id
    assert again.find_post_with_marker(4, MARKER) == mine


def test_on_an_ipb13_skin_without_the_member_bar_a_case_twin_is_not_the_bot() -> None:
    board = fakeboard_ipb13.FakeIpb13(fakeboard_ipb13.FakeClock())
    board.members["ВЕДУЩИЙ"] = (9, "Player-2026")
    client = IpbClient(
        IpbSettings(fakeboard_ipb13.BASE, "Ведущий", "HostPass-2026", min_interval=0),
        transport=_stripped(board.transport()),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    client.login()
    assert client.own_user_id == 1
    board.add_post(9, f"Газета\n\n{MARKER}")
    assert client.find_post_with_marker(4, MARKER) is None
    mine = client.post_reply(4, with_marker("Газета", MARKER, client.marker_markup)).post_id
    assert client.find_post_with_marker(4, MARKER) == mine


def test_the_stripped_pages_really_show_no_member_links() -> None:
    """The two tests above test the cookie only if the pages name no member any more."""
    for rel in ("phpbb/topic_p1.html", "ipb13/live/topic_3_p1.html"):
        page = _no_member_links(_page(rel))
        assert forms.own_user_id(page) is None and _own_member_id(page) is None
        assert re.search(r"mode=logout|CODE=03", page)  # still a member's page


def test_a_newspaper_begun_before_a_crash_goes_out_though_a_twin_posted_its_marker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The daemon's side of it: the newspaper's part was begun when the process died; a case
    twin posted its marker meanwhile. The restarted bot, on a style without the member menu,
    finds no post of its own with the marker and posts the newspaper once; the twin's marker
    does not make a fresh start believe the game had begun (the lost-database guard), the
    bot's own newspaper does."""
    monkeypatch.setitem(fakeboard_phpbb.USERS, "ВЕДУЩИЙ", (90, "Twin-Pass-2026"))
    monkeypatch.setitem(fakeboard_phpbb.NAMES, 90, "ВЕДУЩИЙ")
    board = fakeboard_phpbb.FakePhpbb(fakeboard_phpbb.FakeClock())
    settings = PhpbbSettings(
        fakeboard_phpbb.BASE,
        "Ведущий",
        "HostPass-2026",
        min_interval=0,
        cookie_file=tmp_path / "cookies.json",
    )

    def client() -> PhpbbClient:
        transport = _stripped(board.transport())
        return PhpbbClient(
            settings, transport=transport, clock=board.clock, sleep=board.clock.sleep
        )

    key, token = OutboxKey("1", 2, "newspaper", "topic"), "0a1b2c3d4e"
    marker = marker_for(key, 0, token)
    outbox = InMemoryOutbox()
    outbox.add(OutboxRow(key, "topic", "Газета: убит Шерлок.", topic_id=4, marker_token=token))
    first = client()
    first.login()
    outbox.begin_part(key, 0)  # the process dies here, before the submit
    first.close()
    board.add_post_by(90, f"Газета\n\n{marker}")
    restarted = client()
    refuse_lost_database(None, restarted, 4, "1")  # the twin's marker proves nothing
    report = Poster(restarted, outbox).flush()
    assert report.sent == [key] and report.recovered == []
    assert [p.uid for p in board.posts if marker in p.source] == [90, 2]
    with pytest.raises(DatabaseUnusable):  # the bot's own newspaper does
        refuse_lost_database(None, client(), 4, "1")
