"""The bot's own posts and messages are the ones its board user id wrote (issue 21 item 1).

Before a message goes out, and after a crash, the poster asks the board whether the bot has
already posted it: its own post holding the message's marker. A marker can be computed from
public data (a game's token shows in every marker the bot posted), so whose post holds it is
what proves the message was posted. A look-alike account of the bot's — a zero-width space in
the name, a combining accent, a Latin letter for a Cyrillic one — folds to the bot's name; the
client took its post for the bot's and the newspaper was never posted. Now "mine" is the
board's user id of the bot's account, read from the header of the pages served to its
session (at login, or on the first page of a restored session).

On the fake phpBB 3.3 board and the fake IPB 1.3 board, both serving the real boards' pages,
and on the fake IPS 4 messenger (template-derived) for letters in a conversation.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from poster.outbox import OutboxKey, marker_for, with_marker
from scraper.ipb import IpbClient, IpbSettings
from scraper.ipb.pages import _own_member_id
from scraper.phpbb import PhpbbClient, PhpbbSettings
from tests import fakeboard_ipb, fakeboard_ipb13, fakeboard_phpbb

# the newspaper of turn 2 of game 1, before the bot has posted it (the token is public)
MARKER = marker_for(OutboxKey("1", 2, "newspaper", "topic"), token="0a1b2c3d4e")


def _phpbb_client(board: fakeboard_phpbb.FakePhpbb, jar: Path | None = None) -> PhpbbClient:
    settings = PhpbbSettings(
        fakeboard_phpbb.BASE, "Ведущий", "HostPass-2026", min_interval=0, cookie_file=jar
    )
    return PhpbbClient(
        settings, transport=board.transport(), clock=board.clock, sleep=board.clock.sleep
    )


@pytest.mark.parametrize("twin", ["Веду\u200bщий", "Ведущи\u0301й"])  # zero-width space, accent
def test_a_lookalike_posting_the_bots_future_marker_is_not_the_bot_on_phpbb(
    twin: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(fakeboard_phpbb.USERS, twin, (90, "Twin-Pass-2026"))
    monkeypatch.setitem(fakeboard_phpbb.NAMES, 90, twin)
    board = fakeboard_phpbb.FakePhpbb(fakeboard_phpbb.FakeClock())
    jar = tmp_path / "cookies.json"
    client = _phpbb_client(board, jar)
    client.login()
    board.add_post_by(90, f"Газета\n\n{MARKER}")
    assert client.find_post_with_marker(4, MARKER) is None
    assert client.own_user_id == 2  # the page the login landed on named the account
    client.close()
    # a fresh process on the saved session (no login): the topic pages tell whose session
    again = _phpbb_client(board, jar)
    assert again.find_post_with_marker(4, MARKER) is None
    assert again.own_user_id == 2
    mine = again.post_reply(4, with_marker("Газета", MARKER)).post_id
    assert again.find_post_with_marker(4, MARKER) == mine


# a soft hyphen, a Latin «e» (IPB 1.3 shows a zero-width space as a space: another name)
@pytest.mark.parametrize("twin", ["Веду\u00adщий", "Вeдущий"])
def test_a_lookalike_posting_the_bots_future_marker_is_not_the_bot_on_ipb13(twin: str) -> None:
    board = fakeboard_ipb13.FakeIpb13(fakeboard_ipb13.FakeClock())
    board.members[twin] = (9, "Player-2026")
    client = IpbClient(
        IpbSettings(fakeboard_ipb13.BASE, "Ведущий", "HostPass-2026", min_interval=0),
        transport=board.transport(),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    client.login()
    board.add_post(9, f"Газета\n\n{MARKER}")
    assert client.find_post_with_marker(4, MARKER) is None
    assert client.own_user_id == 1
    mine = client.post_reply(4, with_marker("Газета", MARKER, client.marker_markup)).post_id
    assert client.find_post_with_marker(4, MARKER) == mine


def test_a_lookalikes_letter_in_a_conversation_is_read_not_taken_for_the_bots() -> None:
    """IPS 4/5: the bot's own messages in a conversation are skipped; a look-alike's are
    letters like any other (before, they were dropped as the bot's)."""
    board = fakeboard_ipb.FakeIps4(fakeboard_ipb.FakeClock())
    board.add_conversation_reply(88125, "J\u043ehn0", 9999, "Лечу Кот")  # a Cyrillic «о»
    client = IpbClient(
        IpbSettings(
            fakeboard_ipb.IPS4_BASE, "John0", "John-Pass-2026", tz="Europe/London", min_interval=0
        ),
        transport=board.transport(),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    client.login()
    got = {f.id for f in client.fetch_unread_pms()}
    assert 88125 in got
    assert 88124 not in got  # the bot's own message in the conversation
    assert client.own_user_id == 5212


FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
TEMPLATES = Path(__file__).resolve().parent / "ipb_template_pages"


@pytest.mark.parametrize(
    ("page", "member"),
    [
        (fakeboard_ipb13.body("topic_pages", 0), 1),  # IPB 1.3 «Привет, Ведущий», real
        (fakeboard_ipb13.body("topic_guest", 0), None),  # the same page seen by a guest
        ((FIXTURES / "ipb/1x-2x/ipb13ru_hustle-sa_showtopic2969_utf8.html").read_text(), None),
        ((TEMPLATES / "ipb13_pm_inbox.template.html").read_text(), 77),  # «Вы вошли как»
        ((TEMPLATES / "ipb3_topic.template.html").read_text(), 42),  # ipb.vars['member_id']
        (
            (
                FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
            ).read_text(),
            5212,  # ipsSettings memberID, real
        ),
        ((TEMPLATES / "ic5_topic.template.html").read_text(), None),  # memberID 0: a guest
    ],
)
def test_the_members_own_id_is_read_from_each_generations_markup(
    page: str, member: int | None
) -> None:
    assert _own_member_id(page) == member
