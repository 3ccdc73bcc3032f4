"""Real phpBB pages from boards other than our test board: other versions, styles and viewers.

The pages in fixtures/phpbb-variants/ were rendered by public phpBB 3.0–3.3 boards (see its
MANIFEST.md for where each comes from); truth.json holds what a person reads on each page.
Everything here goes through `parser.pages`, the way the daemon and the CLI read a page, and
every expected value comes from truth.json.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta, timezone
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parser.pages import detect_board, parse_topic
from parser.records import Post, TopicPage
from tests.conftest import FIXTURES, ROOT

VARIANTS = FIXTURES / "phpbb-variants"
TRUTH: dict[str, Any] = json.loads((VARIANTS / "truth.json").read_text(encoding="utf-8"))
PAGES: dict[str, Any] = TRUTH["pages"]


def _offset(text: str | None) -> timezone:
    if not text:
        return UTC
    sign = -1 if text.startswith("-") else 1
    hours, minutes = text.lstrip("+-").split(":")
    return timezone(sign * timedelta(hours=int(hours), minutes=int(minutes)))


@cache
def topic(name: str) -> TopicPage:
    raw = (VARIANTS / name).read_bytes()
    return parse_topic(raw, tz=_offset(PAGES[name]["utc_offset"]), now=None)


def _post(name: str, post_id: int) -> Post:
    posts = {p.id: p for p in topic(name).posts}
    assert post_id in posts, f"post {post_id} not read from {name}"
    return posts[post_id]


POST_CASES = [
    pytest.param(name, p, id=f"{name.split('_')[1]}-{name.split('_')[2]}-p{p['id']}")
    for name, page in PAGES.items()
    for p in page["posts"]
]
PAGE_CASES = [pytest.param(name, id=name.removesuffix(".html")) for name in PAGES]


@pytest.mark.parametrize("name", PAGE_CASES)
def test_variant_is_recognised_as_phpbb(name: str) -> None:
    html = (VARIANTS / name).read_text(encoding="utf-8")
    assert detect_board(html) == "phpbb"


@pytest.mark.parametrize("name", PAGE_CASES)
def test_variant_page_facts(name: str) -> None:
    want = PAGES[name]
    page = topic(name)
    assert page.topic_id == want["topic_id"]
    assert page.title == want["title"]
    assert (page.page, page.total_pages) == (want["page"], want["total_pages"])
    assert page.total_posts == want["total_posts"]


@pytest.mark.parametrize("name", PAGE_CASES)
def test_variant_reads_every_post_in_order(name: str) -> None:
    assert [p.id for p in topic(name).posts] == [p["id"] for p in PAGES[name]["posts"]]


@pytest.mark.parametrize("name", PAGE_CASES)
def test_variant_guest_view_is_not_logged_in(name: str) -> None:
    assert PAGES[name]["viewer"] == "guest"
    assert topic(name).logged_in is False


@pytest.mark.parametrize(("name", "want"), POST_CASES)
def test_variant_post_author(name: str, want: dict[str, Any]) -> None:
    post = _post(name, want["id"])
    assert (post.author, post.author_id) == (want["author"], want["author_id"])


@pytest.mark.parametrize(("name", "want"), POST_CASES)
def test_variant_post_time(name: str, want: dict[str, Any]) -> None:
    post = _post(name, want["id"])
    assert post.posted_at_text == want["shown"]
    assert post.posted_at is not None and post.posted_at.tzinfo is not None
    shown_in = _offset(PAGES[name]["utc_offset"])
    wall = post.posted_at.astimezone(shown_in).replace(tzinfo=None, second=0)
    assert wall == datetime.fromisoformat(want["wall"])
    if "iso" in want:
        assert post.posted_at == datetime.fromisoformat(want["iso"])


@pytest.mark.parametrize(("name", "want"), POST_CASES)
def test_variant_post_subject_and_colours(name: str, want: dict[str, Any]) -> None:
    post = _post(name, want["id"])
    assert post.subject == want["subject"]
    assert [[c.color, c.text] for c in post.colored] == want["colored"]


@pytest.mark.parametrize(("name", "want"), POST_CASES)
def test_variant_post_text(name: str, want: dict[str, Any]) -> None:
    post = _post(name, want["id"])
    assert post.own_text
    if "own_text_has" in want:
        assert want["own_text_has"] in post.own_text
    if "own_text_lacks" in want:
        assert want["own_text_lacks"] not in post.own_text
        assert want["own_text_lacks"] in post.text  # the quote is still part of the whole text
    if "signature_not_in_text" in want:
        assert want["signature_not_in_text"] not in post.text
        assert "_________________" not in post.text


QUOTE_CASES = [
    pytest.param(name, p, id=f"{name.split('_')[1]}-{name.split('_')[2]}-p{p['id']}")
    for name, page in PAGES.items()
    for p in page["posts"]
    if "quotes" in p
]


@pytest.mark.parametrize(("name", "want"), QUOTE_CASES)
def test_variant_post_quotes(name: str, want: dict[str, Any]) -> None:
    post = _post(name, want["id"])
    got = [
        {
            "author": q.author,
            "author_id": q.author_id,
            "post_id": q.post_id,
            "depth": q.depth,
            "time_text": q.time_text,
        }
        for q in post.quotes
    ]
    assert got == want["quotes"]


_RAW = {name: (VARIANTS / name).read_bytes() for name in PAGES}
_TAG_RE = re.compile(rb"<[^<>]{0,200}>")


@st.composite
def _mutated_variant(draw: st.DrawFn) -> bytes:
    data = _RAW[draw(st.sampled_from(sorted(_RAW)))]
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        kind = draw(st.sampled_from(["truncate", "drop_tag", "cut_range"]))
        if kind == "truncate":
            data = data[: draw(st.integers(0, len(data)))]
        elif kind == "drop_tag":
            tags = [m.span() for m in _TAG_RE.finditer(data)]
            if tags:
                a, b = tags[draw(st.integers(0, len(tags) - 1))]
                data = data[:a] + data[b:]
        else:
            a = draw(st.integers(0, len(data) - 1))
            data = data[:a] + data[draw(st.integers(a, min(len(data), a + 4000))) :]
    return data


@settings(max_examples=60, deadline=None)
@given(_mutated_variant())
def test_mutated_variant_pages_never_raise(data: bytes) -> None:
    for page in (
        parse_topic(data, tz="UTC", now=None),
        parse_topic(data.decode("utf-8", "replace")),
    ):
        assert isinstance(page, TopicPage)
        assert page.page >= 1 and page.total_pages >= 1
        assert all(isinstance(p.id, int) for p in page.posts)


EDIT_CASES = [
    pytest.param(name, p, id=f"{name.split('_')[1]}-{name.split('_')[2]}-p{p['id']}")
    for name, page in PAGES.items()
    for p in page["posts"]
    if "edited" in p
]


@pytest.mark.parametrize(("name", "want"), EDIT_CASES)
def test_variant_post_edit_note(name: str, want: dict[str, Any]) -> None:
    post = _post(name, want["id"])
    assert post.edited is not None
    assert (post.edited.by, post.edited.count) == (want["edited"]["by"], want["edited"]["count"])
    assert post.edited.at is not None
    shown_in = _offset(PAGES[name]["utc_offset"])
    wall = post.edited.at.astimezone(shown_in).replace(tzinfo=None)
    assert wall == datetime.fromisoformat(want["edited"]["wall"])


@pytest.mark.parametrize("name", PAGE_CASES)
def test_variant_posts_without_edit_note_have_none(name: str) -> None:
    noted = {p["id"] for p in PAGES[name]["posts"] if "edited" in p}
    assert {p.id for p in topic(name).posts if p.edited is not None} == noted


def test_cli_parse_posts_reads_every_variant_page() -> None:
    """`mafiabot parse posts` (the host's first check of a new board) on all variant pages."""
    names = sorted(PAGES)
    res = subprocess.run(
        [sys.executable, "-m", "mafiabot", "parse", "posts", *(str(VARIANTS / n) for n in names)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert res.returncode == 0, res.stderr
    got = [json.loads(line) for line in res.stdout.splitlines()]
    want = [(n, p["id"], p["author"]) for n in names for p in PAGES[n]["posts"]]
    assert [(g["page"], g["id"], g["author"]) for g in got] == want
    coloured = {g["id"]: [[c["color"], c["text"]] for c in g["colored"]] for g in got}
    for n in names:
        for p in PAGES[n]["posts"]:
            assert coloured[p["id"]] == p["colored"]
