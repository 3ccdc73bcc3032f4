"""Every fact of fixtures/phpbb/truth.json about posts, pages and PMs, checked on the real pages.

Expected values come from truth.json (and, for PM times, from phpBB's own XML export of the
same inbox); nothing here is typed in by hand.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from datetime import datetime
from functools import cache
from typing import Any

import pytest

from parser.colors import canonical_color
from parser.dates import parse_date
from parser.pages import (
    detect_board,
    is_login_page,
    parse_pm,
    parse_pm_folder,
    parse_topic,
    read_page,
)
from parser.phpbb.topic import parse_topic as parse_phpbb_topic
from parser.records import PMFolder, Post, PrivateMessage, TopicPage
from tests.conftest import FIXTURES

PHPBB = FIXTURES / "phpbb"
TRUTH: dict[str, Any] = json.loads((PHPBB / "truth.json").read_text(encoding="utf-8"))
NOW = datetime.fromisoformat(TRUTH["board"]["captured_at"])
TZ = TRUTH["board"]["timezone"]
GAME = TRUTH["game12"]


@cache
def topic(name: str) -> TopicPage:
    return parse_topic(read_page(PHPBB / name), tz=TZ, now=NOW)


@cache
def folder(name: str) -> PMFolder:
    return parse_pm_folder(read_page(PHPBB / name), tz=TZ, now=NOW)


@cache
def pm(name: str) -> PrivateMessage | None:
    return parse_pm(read_page(PHPBB / name), tz=TZ, now=NOW)


def post_by_id(name: str, post_id: int) -> Post:
    found = [p for p in topic(name).posts if p.id == post_id]
    assert len(found) == 1, f"post {post_id} not found exactly once in {name}"
    return found[0]


def _pid(p: dict[str, Any]) -> str:
    return f"p{p['post_id']}"


# --- pages ----------------------------------------------------------------------------------

PAGE_FACTS = [
    (name, facts, GAME["topic_id"], GAME["title"])
    for name, facts in {**GAME["pages_host_view"], **GAME["pages_anonymous_view"]}.items()
] + [
    (name, facts, TRUTH["other_topic"]["topic_id"], TRUTH["other_topic"]["title"])
    for name, facts in TRUTH["other_topic"]["pages"].items()
]


@pytest.mark.parametrize(("name", "facts", "topic_id", "title"), PAGE_FACTS, ids=lambda v: v)
def test_topic_page_facts(name: str, facts: dict[str, Any], topic_id: int, title: str) -> None:
    page = topic(name)
    assert detect_board(read_page(PHPBB / name)) == "phpbb"
    assert page.topic_id == topic_id
    assert page.title == title
    assert page.page == facts["page"]
    assert [p.id for p in page.posts] == facts["post_ids"]
    total = int(re.match(r"\d+", facts["total_posts_text"]).group())  # type: ignore[union-attr]
    assert page.total_posts == total
    per_page = TRUTH["board"]["posts_per_page"]
    assert page.total_pages == -(-total // per_page)
    if page.page < page.total_pages:
        assert page.next_url is not None
        assert f"start={page.page * per_page}" in page.next_url
        assert f"t={topic_id}" in page.next_url
    else:
        assert page.next_url is None
    for i, post in enumerate(page.posts):
        assert post.position == (page.page - 1) * per_page + i + 1
    assert page.issues == ()


def test_logged_in_flag_follows_the_viewer() -> None:
    assert topic("topic_p1.html").logged_in is True
    assert topic("topic_anon_p1.html").logged_in is False


# --- game posts -----------------------------------------------------------------------------


@pytest.mark.parametrize("t", GAME["posts"], ids=_pid)
def test_game_post_identity_and_time(t: dict[str, Any]) -> None:
    post = post_by_id(t["file"], t["post_id"])
    assert post.author == t["author"]
    assert post.author_id == t["author_id"]
    assert post.subject == t["subject"]
    assert post.position == t["position"]
    assert post.posted_at_text == t["time_text"]
    expected = datetime.fromisoformat(t["time_datetime"])
    assert post.posted_at == expected
    assert post.posted_at is not None and post.posted_at.utcoffset() is not None
    # shown in the board's zone, so the printed wall time agrees with the absolute time
    assert post.posted_at.tzinfo is not None and str(post.posted_at.tzinfo) == TZ
    if re.search(r"\d\d:\d\d", t["time_text"]):
        assert post.posted_at.strftime("%H:%M") in t["time_text"]
    # the printed text alone (relative forms resolved against the capture time) agrees
    assert parse_date(t["time_text"], tz=TZ, now=NOW) == expected.replace(second=0)
    assert post.deleted == ("deleted" in t["classes"])


@pytest.mark.parametrize("t", GAME["posts"], ids=_pid)
def test_game_post_text(t: dict[str, Any]) -> None:
    post = post_by_id(t["file"], t["post_id"])
    assert post.text == t["text"]
    assert post.own_text == t["text_outside_quotes"]
    assert post.body_html.strip()


@pytest.mark.parametrize("t", GAME["posts"], ids=_pid)
def test_game_post_coloured_spans_outside_quotes(t: dict[str, Any]) -> None:
    post = post_by_id(t["file"], t["post_id"])
    got = [(c.color, c.raw_color, c.text, c.struck, c.wrappers) for c in post.colored]
    want = [
        (canonical_color(c["color"]), c["color"], c["text"], c["in_strike"], tuple(c["wrappers"]))
        for c in t["coloured_outside_quotes"]
    ]
    assert got == want
    for c, w in zip(post.colored, t["coloured_outside_quotes"], strict=True):
        assert ("a" in c.wrappers) == w["in_link"]
        assert ("details" in c.wrappers) == w["in_spoiler"]


@pytest.mark.parametrize("t", GAME["posts"], ids=_pid)
def test_game_post_quotes_and_coloured_spans_inside_them(t: dict[str, Any]) -> None:
    post = post_by_id(t["file"], t["post_id"])
    got_q = [
        (q.depth, q.author, q.author_id, q.post_id, q.msg_id, q.time_text) for q in post.quotes
    ]
    want_q = [
        (q["depth"], q["author"], q["author_id"], q["post_id"], q["msg_id"], q["time_text"])
        for q in t["quotes"]
    ]
    assert got_q == want_q
    got_in = [(c.color, c.text, q.depth) for q in post.quotes for c in q.colored]
    want_in = [
        (canonical_color(c["color"]), c["text"], c["quote_depth"])
        for c in t["coloured_inside_quotes"]
    ]
    assert got_in == want_in


@pytest.mark.parametrize("t", GAME["posts"], ids=_pid)
def test_game_post_edit_note(t: dict[str, Any]) -> None:
    post = post_by_id(t["file"], t["post_id"])
    notice = t["edit_notice"]
    if notice is None:
        assert post.edited is None
        return
    e = post.edited
    assert e is not None and e.by is not None and e.at is not None
    assert notice.startswith(f"Последний раз редактировалось {e.by} ")
    assert f"всего редактировалось {e.count} раз" in notice
    months = ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"]
    assert f"{e.at.day} {months[e.at.month - 1]} {e.at.year}, {e.at:%H:%M}" in notice
    assert e.at.tzinfo is not None
    if "Причина:" in notice:
        assert notice.endswith(f"Причина: {e.reason}")
    else:
        assert e.reason is None


@pytest.mark.parametrize("t", GAME["posts"], ids=_pid)
def test_game_post_vote_is_last_unstruck_coloured_player_nick(t: dict[str, Any]) -> None:
    """The house rule of truth.json read off our coloured spans (checks the span layer)."""
    post = post_by_id(t["file"], t["post_id"])
    lat2cyr = str.maketrans("aceopxyKMHTBAECOPX", "асеорхуКМНТВАЕСОРХ")

    def fold(s: str) -> str:
        return s.strip().lstrip("@").rstrip(".,!?;:").translate(lat2cyr).casefold()

    players = {fold(n): n for n in GAME["players"]}
    vote = None
    for c in post.colored:
        if not c.struck and fold(c.text) in players:
            vote = (c.raw_color, players[fold(c.text)])
    want = t["vote"]
    assert vote == (None if want is None else (want["color"], want["player"]))


def test_admin_coloured_username_is_not_a_body_span() -> None:
    host_posts = [t for t in GAME["posts"] if t["author_link_class"] == "username-coloured"]
    assert host_posts
    for t in host_posts:
        post = post_by_id(t["file"], t["post_id"])
        assert post.author == t["author"]
        admin_colour = canonical_color(t["author_style"].split(":", 1)[1].strip(" ;"))
        assert admin_colour not in {c.color for c in post.colored}


@pytest.mark.parametrize("t", GAME["anonymous_view_posts"], ids=_pid)
def test_anonymous_view_posts(t: dict[str, Any]) -> None:
    post = post_by_id(t["file"], t["post_id"])
    assert post.author == t["author"]
    assert post.posted_at_text == t["time_text"]


@pytest.mark.parametrize("t", TRUTH["other_topic"]["posts"], ids=_pid)
def test_other_topic_posts(t: dict[str, Any]) -> None:
    post = post_by_id(t["file"], t["post_id"])
    assert post.author == t["author"]
    assert post.author_id == t["author_id"]
    assert post.posted_at_text == t["time_text"]
    assert post.posted_at == datetime.fromisoformat(t["time_datetime"])
    assert post.text == t["text"]


# --- English locale -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("en", "ru"), [("en_topic_p1.html", "topic_p1.html"), ("en_topic_p8.html", "topic_p8.html")]
)
def test_english_topic_pages_read_like_the_russian_ones(en: str, ru: str) -> None:
    e, r = topic(en), topic(ru)
    assert (e.topic_id, e.title, e.page, e.total_pages, e.total_posts) == (
        r.topic_id,
        r.title,
        r.page,
        r.total_pages,
        r.total_posts,
    )
    assert e.posts and [p.id for p in e.posts] == [p.id for p in r.posts]
    for pe, pr in zip(e.posts, r.posts, strict=True):
        assert (pe.author, pe.author_id, pe.posted_at, pe.colored, pe.quotes, pe.text) == (
            pr.author,
            pr.author_id,
            pr.posted_at,
            pr.colored,
            pr.quotes,
            pr.text,
        )
        # the English absolute text read on its own gives the same minute
        assert pe.posted_at is not None
        assert parse_date(pe.posted_at_text, tz=TZ) == pe.posted_at.replace(second=0)


def test_english_inbox_matches_the_russian_one() -> None:
    e, r = folder("en_pm_inbox.html"), folder("pm_inbox.html")
    assert [(m.id, m.sender, m.sender_id, m.subject, m.sent_at) for m in e.messages] == [
        (m.id, m.sender, m.sender_id, m.subject, m.sent_at) for m in r.messages
    ]


# --- printable view -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "host_view"),
    [("topic_print.html", "topic_p1.html"), ("topic_print_p8.html", "topic_p8.html")],
)
def test_printable_view_returns_posts_and_records_missing_ids(name: str, host_view: str) -> None:
    printed, full = topic(name), topic(host_view)
    assert printed.posts
    assert printed.issues, "missing post ids must be reported"
    assert all(p.id == 0 and p.author_id is None for p in printed.posts)
    by_pos = {t["post_id"]: t for t in GAME["posts"]}
    for pp, pf in zip(printed.posts, full.posts, strict=True):
        t = by_pos[pf.id]
        assert pp.author == t["author"]
        assert pp.posted_at is not None and pf.posted_at is not None
        assert pp.posted_at == pf.posted_at.replace(second=0)
        assert pp.text == t["text"]
        assert pp.colored == pf.colored
    assert printed.page == full.page and printed.total_pages == full.total_pages
    if printed.page == 1:
        assert [p.position for p in printed.posts] == [p.position for p in full.posts]


# --- private messages -----------------------------------------------------------------------


def _export_dates() -> list[tuple[str, str, datetime]]:
    root = ET.parse(PHPBB / "pm_inbox_export.xml").getroot()
    return [
        (
            m.findtext("subject") or "",
            m.findtext("sender") or "",
            datetime.fromisoformat(m.findtext("date") or ""),
        )
        for m in root.iter("privmsg")
    ]


@pytest.mark.parametrize("name", ["pm_inbox.html", "pm_inbox_after_reading.html"])
def test_pm_inbox_rows(name: str) -> None:
    rows = folder(name).messages
    truth_rows = TRUTH["pm_inbox_rows"]
    assert [m.id for m in rows] == [r["msg_id"] for r in truth_rows]
    by_id = {p["msg_id"]: p for p in TRUTH["pms_to_host"]}
    exported = _export_dates()
    assert len(exported) == len(rows)
    for m, r, (x_subject, x_sender, x_date) in zip(rows, truth_rows, exported, strict=True):
        assert m.subject == r["subject"] == x_subject
        assert m.sender == r["from"] == x_sender
        assert m.sender_id == by_id[m.id]["from_id"]
        assert m.sent_at == x_date.replace(second=0)
        key = (
            "unread_in_pm_inbox_html"
            if name == "pm_inbox.html"
            else "unread_in_pm_inbox_after_reading_html"
        )
        assert m.unread == by_id[m.id][key]
    if name == "pm_inbox.html":
        assert [m.unread for m in rows] == [r["unread"] for r in truth_rows]
        assert folder(name).unread_count == sum(r["unread"] for r in truth_rows)


VIEWS = [p for p in TRUTH["pms_to_host"] if p.get("view_file")]


@pytest.mark.parametrize("t", VIEWS, ids=lambda t: t["view_file"])
def test_pm_view(t: dict[str, Any]) -> None:
    msg = pm(t["view_file"])
    v = t["view"]
    assert msg is not None
    assert msg.id == v["msg_id"] == t["msg_id"]
    assert msg.subject == v["subject"]
    assert msg.sender == v["from"]
    assert msg.sender_id == v["from_id"]
    assert list(msg.recipients) == v["to"]
    assert msg.text == v["text"]
    assert msg.own_text == v["text_outside_quotes"]
    got_q = [(q.depth, q.author, q.author_id, q.post_id, q.msg_id, q.time_text) for q in msg.quotes]
    want_q = [
        (q["depth"], q["author"], q["author_id"], q["post_id"], q["msg_id"], q["time_text"])
        for q in v["quotes"]
    ]
    assert got_q == want_q
    # the export lists the inbox in the same order as the inbox rows
    order = [r["msg_id"] for r in TRUTH["pm_inbox_rows"]]
    x_subject, x_sender, x_date = _export_dates()[order.index(msg.id)]
    assert (x_subject, x_sender) == (msg.subject, msg.sender)
    assert msg.sent_at == x_date.replace(second=0)
    assert msg.issues == ()
    # the conversation history below the message (newest first) is not mistaken for it
    if v["history_msg_ids"]:
        assert msg.id in v["history_msg_ids"]


def test_pm_parsers_say_none_when_there_is_no_message() -> None:
    for name in ("pm_inbox.html", "topic_p1.html", "login.html", "index.html"):
        assert pm(name) is None


def test_login_pages_are_recognised() -> None:
    for name in ("login.html", "login_failed.html", "pm_inbox_anon.html", "reply_form_anon.html"):
        assert is_login_page(read_page(PHPBB / name)), name
    for name in ("topic_p1.html", "topic_anon_p1.html", "index_anon.html", "pm_inbox.html"):
        assert not is_login_page(read_page(PHPBB / name)), name


def test_non_board_input_is_not_detected() -> None:
    assert detect_board("") is None
    assert detect_board("<html><body><p>hello</p></body></html>") is None
    page = parse_topic("<html><body><p>hello</p></body></html>")
    assert page.posts == () and page.issues


def test_dialect_functions_are_registered_under_phpbb() -> None:
    html = read_page(PHPBB / "topic_p1.html")
    assert parse_topic(html, board="phpbb") == parse_phpbb_topic(html)


def test_registry_routes_every_fixture_page_to_its_own_board() -> None:
    for path in sorted(PHPBB.glob("*.html")):
        assert detect_board(read_page(path)) == "phpbb", path.name
    ipb_topics = sorted((FIXTURES / "ipb").glob("*/*showtopic*.html"))
    assert ipb_topics
    for path in ipb_topics:
        html = read_page(path)
        assert detect_board(html) == "ipb", path.name
        page = parse_topic(html)
        assert page.posts, path.name
        # bytes in gives the same records (the IPB reader decodes them itself)
        assert parse_topic(path.read_bytes()) == page


def test_topic_pages_read_the_same_from_text_and_from_bytes() -> None:
    for name in ("topic_p3.html", "en_topic_p1.html", "topic_print.html", "other_topic_p2.html"):
        raw = (PHPBB / name).read_bytes()
        assert parse_topic(raw, tz=TZ, now=NOW) == topic(name)
    # a page whose bytes are windows-1251 (declared so) is decoded before slicing
    html = read_page(PHPBB / "topic_p3.html").replace('charset="utf-8"', 'charset="windows-1251"')
    assert 'charset="windows-1251"' in html
    cp = html.encode("cp1251", errors="replace")
    got = parse_topic(cp, tz=TZ, now=NOW)
    assert [p.author for p in got.posts] == [p.author for p in topic("topic_p3.html").posts]


def test_a_reader_bug_becomes_an_issue_not_an_exception(caplog: pytest.LogCaptureFixture) -> None:
    from parser import pages

    def broken(html: str | bytes, *, tz: object, now: object, base_url: object = None) -> TopicPage:
        raise RuntimeError("boom")

    real = pages._REGISTRY["phpbb"]
    pages.register_board(
        pages.BoardReader(
            name="phpbb",
            detect=real.detect,
            topic=broken,
            pm_folder=real.pm_folder,
            pm=real.pm,
            is_login=real.is_login,
        )
    )
    try:
        page = parse_topic(read_page(PHPBB / "topic_p1.html"))
    finally:
        pages.register_board(real)
    assert page.posts == () and "boom" in page.issues[0].message
    assert "phpbb topic reader failed" in caplog.text
    assert topic("topic_p1.html").posts  # the real reader is back
