"""Mutated real pages never make a parser raise: truncation, deleted or duplicated tags and
random byte edits of the phpBB fixtures still give records (plus issues)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from parser.pages import (
    decode_bytes,
    detect_board,
    is_login_page,
    parse_pm,
    parse_pm_folder,
    parse_topic,
)
from parser.phpbb.messages import parse_pm as parse_phpbb_pm
from parser.phpbb.messages import parse_pm_folder as parse_phpbb_pm_folder
from parser.phpbb.topic import parse_topic as parse_phpbb_topic
from parser.records import PMFolder, PrivateMessage, TopicPage
from tests.conftest import FIXTURES

PHPBB = FIXTURES / "phpbb"
PAGES = {
    name: (PHPBB / name).read_bytes()
    for name in (
        "topic_p2.html",
        "topic_p3.html",
        "topic_p8.html",
        "topic_anon_p1.html",
        "en_topic_p1.html",
        "topic_print.html",
        "other_topic_p2.html",
        "pm_inbox.html",
        "en_pm_inbox.html",
        "pm_view_1.html",
        "pm_view_9.html",
        "login.html",
    )
}
NAMES = sorted(PAGES)
_TAG_RE = re.compile(rb"<[^<>]{0,200}>")


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = PAGES[draw(st.sampled_from(NAMES))]
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["truncate", "drop_tag", "dup_tag", "bytes", "cut_range"]))
        if not data:
            break
        if kind == "truncate":
            data = data[: draw(st.integers(0, len(data)))]
        elif kind in ("drop_tag", "dup_tag"):
            tags = [m.span() for m in _TAG_RE.finditer(data)]
            if not tags:
                continue
            a, b = tags[draw(st.integers(0, len(tags) - 1))]
            data = data[:a] + data[b:] if kind == "drop_tag" else data[:b] + data[a:b] + data[b:]
        elif kind == "bytes":
            for _ in range(draw(st.integers(1, 20))):
                i = draw(st.integers(0, len(data) - 1))
                new = draw(st.sampled_from([b"<", b">", b'"', b"/", b"\x00", b"\xd0", b"&", b" "]))
                data = data[:i] + new + data[i + 1 :]
        else:
            a = draw(st.integers(0, len(data) - 1))
            b = draw(st.integers(a, min(len(data), a + 4000)))
            data = data[:a] + data[b:]
    return data


def _all_readers(data: bytes) -> list[Any]:
    text = decode_bytes(data)
    results: list[Any] = [
        detect_board(text),
        is_login_page(text),
        # the dialect functions directly: the dispatcher's safety net must not be what saves us
        parse_phpbb_topic(text, now=None),
        parse_phpbb_topic(data),
        parse_phpbb_pm_folder(text),
        parse_phpbb_pm(text),
        parse_topic(text),
        parse_topic(data),
        parse_pm_folder(text),
        parse_pm(text),
    ]
    return results


@settings(max_examples=120)
@given(mutated())
def test_mutated_pages_never_raise(data: bytes) -> None:
    out = _all_readers(data)
    for page in (out[2], out[3], out[6], out[7]):
        assert isinstance(page, TopicPage)
        assert page.page >= 1 and page.total_pages >= 1
        assert all(isinstance(p.id, int) for p in page.posts)
    for folder in (out[4], out[8]):
        assert isinstance(folder, PMFolder)
    for msg in (out[5], out[9]):
        assert msg is None or isinstance(msg, PrivateMessage)


# What the boards' detectors take for their own marks. Hypothesis also tries the string
# constants of the code under test, so "random" bytes may spell one (``id="phpbb"``): those
# bytes are that board's page; bytes holding none are no board's.
_BOARD_MARKS = (
    b'id="phpbb"', b"styles/prosilver", b"phpBB Group", b"phpbb.com/", b"ucp.php",
    b"Begin Msg Number", b"THE POST", b"elComment_", b"ipsSettings", b"data-pagecontroller",
    b"ipsEntry__", b"ipsQuote", b"commentContent", b"ipb.vars[", b"post_block", b"IP.Board",
    b"data-post=", b"act=auth", b"ipb_var_s", b"ipb_md5_check", b"Invision Power Board",
    b"normalname", b"act=Msg&", b'<div id="ipbwrapper">',
)  # fmt: skip


@settings(max_examples=40)
@given(st.binary(max_size=3000))
def test_random_bytes_never_raise(data: bytes) -> None:
    out = _all_readers(data)
    # random bytes are no board's page, unless they spell a board's own mark
    assert out[0] is None or any(mark in data for mark in _BOARD_MARKS), (out[0], data)
    assert all(isinstance(page, TopicPage) and page.issues for page in (out[2], out[3]))
    assert out[5] is None and out[9] is None


def _check_stable(fn: Callable[[bytes], object], data: bytes) -> None:
    assert fn(data) == fn(data)


def test_truncated_topic_page_keeps_the_posts_it_still_has_and_says_so() -> None:
    data = PAGES["topic_p3.html"]
    cut = data.index(b'<div id="p75"')
    page = parse_phpbb_topic(data[:cut])
    assert [p.id for p in page.posts] == [68, 69, 70, 71, 72, 73, 74]
    whole = parse_phpbb_topic(data)
    assert page.posts == whole.posts[:7]
    _check_stable(parse_phpbb_topic, data[:cut])


def test_post_without_body_or_time_is_returned_with_issues() -> None:
    text = decode_bytes(PAGES["topic_p3.html"])
    broken = text.replace('<div class="content">', '<div class="contentX">', 1)
    broken = broken.replace(
        '<time datetime="2026-11-27T11:31:03+00:00">27 ноя 2026, 14:31</time>', ""
    )
    page = parse_phpbb_topic(broken)
    first = page.posts[0]
    assert first.id == 68 and first.text == "" and first.posted_at is None
    wheres = {i.where for i in page.issues}
    assert "post 68" in wheres
