"""`mafiabot parse posts PAGE.html…`: JSON lines on the real pages, exit 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from parser.colors import canonical_color
from tests.conftest import FIXTURES, ROOT

PHPBB = FIXTURES / "phpbb"
TRUTH = json.loads((PHPBB / "truth.json").read_text(encoding="utf-8"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mafiabot", "parse", "posts", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )


@pytest.fixture(scope="module")
def lines() -> list[dict[str, Any]]:
    pages = [str(PHPBB / f"topic_p{i}.html") for i in range(1, 9)]
    res = run(*pages)
    assert res.returncode == 0, res.stderr
    return [json.loads(line) for line in res.stdout.splitlines()]


def test_one_json_object_per_post_with_every_truth_fact(lines: list[dict[str, Any]]) -> None:
    posts = TRUTH["game12"]["posts"]
    assert [x["id"] for x in lines] == [t["post_id"] for t in posts]
    for x, t in zip(lines, posts, strict=True):
        assert x["author"] == t["author"]
        assert x["author_id"] == t["author_id"]
        posted = datetime.fromisoformat(x["posted_at"])
        assert posted.utcoffset() is not None and x["posted_at"].endswith("+03:00")
        assert posted == datetime.fromisoformat(t["time_datetime"])
        assert x["text"] == t["text"]
        assert x["colored"] == [
            {"color": canonical_color(c["color"]), "text": c["text"], "struck": c["in_strike"]}
            for c in t["coloured_outside_quotes"]
        ]
        assert [{"author": q["author"], "post_id": q["post_id"]} for q in x["quotes"]] == [
            {"author": q["author"], "post_id": q["post_id"]} for q in t["quotes"]
        ]
        assert x["deleted"] is False
        if t["edit_notice"] is None:
            assert x["edited"] is None
        else:
            e = x["edited"]
            assert set(e) >= {"by", "at", "count"}
            assert t["edit_notice"].startswith(f"Последний раз редактировалось {e['by']} ")
            assert f"всего редактировалось {e['count']} раз" in t["edit_notice"]
            assert datetime.fromisoformat(e["at"]).strftime("%H:%M") in t["edit_notice"]


def test_relative_times_need_and_use_now() -> None:
    # post times come from <time datetime>; --now is accepted and must be ISO
    res = run(str(PHPBB / "topic_p8.html"), "--now", "2026-11-30T09:00:00+03:00")
    assert res.returncode == 0
    assert len(res.stdout.splitlines()) == 2
    bad = run(str(PHPBB / "topic_p8.html"), "--now", "yesterday")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_printable_view_prints_null_ids_and_warns() -> None:
    res = run(str(PHPBB / "topic_print.html"))
    assert res.returncode == 0
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert len(rows) == 10 and all(r["id"] is None and r["author_id"] is None for r in rows)
    assert "warning" in res.stderr


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("no/such/page.html", "cannot read"),
        (f"--board=nonsense|{PHPBB / 'topic_p1.html'}", "unknown board kind"),
        (f"{PHPBB / 'topic_p1.html'}|no/such/page.html", "cannot read"),
        (str(PHPBB / "pm_inbox_export.xml"), "not a page of a known board"),
        (str(PHPBB / "MANIFEST.md"), "not a page of a known board"),
        (str(PHPBB / "login.html"), "login page"),
        (str(PHPBB / "index.html"), "not a topic page"),
        (str(PHPBB), "cannot read"),
    ],
)
def test_bad_input_exits_2_with_one_line(target: str, words: str) -> None:
    res = run(*target.split("|"))
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.count("\n") == 1 and words in res.stderr


def test_parse_posts_imports_only_what_it_needs() -> None:
    code = (
        "import sys, io, contextlib\n"
        "from mafiabot.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['parse', 'posts', {str(PHPBB / 'topic_p3.html')!r}])\n"
        "heavy = ['httpx', 'sqlmodel', 'sqlalchemy', 'jinja2', 'rapidfuzz', 'lxml',\n"
        "         'charset_normalizer', 'rich', 'alembic', 'engine',\n"
        "         'scraper', 'poster', 'parser.ipb',\n"
        "         'parser.dialects', 'parser.votes', 'parser.moves',\n"
        # a start pays for every import: annotations-only modules stay out too
        "         'typing', 'pathlib', 'urllib.parse', 'json']\n"
        "print([m for m in heavy if m in sys.modules])\n"
    )
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "[]"


def test_invision_pages_go_through_the_same_command() -> None:
    from parser.pages import parse_topic, read_page

    for path in sorted((FIXTURES / "ipb").glob("*/*topic*.html")):
        res = run(str(path))
        assert res.returncode == 0, (path.name, res.stderr)
        rows = [json.loads(line) for line in res.stdout.splitlines()]
        assert rows
        assert [r["author"] for r in rows] == [p.author for p in parse_topic(read_page(path)).posts]


def _every_post() -> list[Any]:
    from parser.pages import parse_topic, read_page
    from parser.records import ColoredSpan, EditNote, Post, Quote

    posts: list[Any] = []
    for path in sorted(FIXTURES.rglob("*topic*.html")):
        posts += parse_topic(read_page(path), tz="Europe/Moscow").posts
    odd = 'a "quote" \\ back\nslash\t\x00\x1f\u2028 😀 «ё»'
    posts.append(
        Post(
            id=0,
            author=odd,
            author_id=None,
            posted_at=None,
            body_html="",
            text=odd,
            own_text="",
            colored=(ColoredSpan(color="#ff0000", text=odd, struck=True),),
            quotes=(Quote(author=None, depth=3), Quote(author=odd, author_id=7, post_id=9)),
            edited=EditNote(by=None, at=None, count=0, reason=odd),
            deleted=True,
            subject=odd,
            linked_posts=(1, 22),
        )
    )
    return posts


def test_each_line_is_what_the_json_encoder_makes_of_the_post() -> None:
    # `post_line` writes the JSON out by hand for speed: it must match the encoder byte for byte
    from json.encoder import encode_basestring

    from mafiabot.commands.parse_posts import post_json, post_line

    encode = json.JSONEncoder(ensure_ascii=False).encode
    posts = _every_post()
    assert len(posts) > 100 and any(p.edited for p in posts) and any(p.quotes for p in posts)
    for name in ("topic_p1.html", 'odd "name".html'):
        for post in posts:
            assert post_line(post, encode_basestring(name)) == encode(post_json(post, name)) + "\n"


def test_a_long_run_keeping_freed_memory_prints_what_short_runs_print(tmp_path: Path) -> None:
    # from `_MANY_PAGES` pages on, the command keeps the memory a page frees for the next one
    # (glibc's mallopt): the lines must be the same as those of runs below that size
    from mafiabot.heap import MANY_PAGES as _MANY_PAGES

    pages = []
    for i in range(_MANY_PAGES + 2):
        page = tmp_path / f"{i:02d}_topic_p{i % 8 + 1}.html"
        page.write_bytes((PHPBB / f"topic_p{i % 8 + 1}.html").read_bytes())
        pages.append(str(page))
    long = run(*pages)
    assert long.returncode == 0, long.stderr
    short = [run(*pages[k : k + 4]) for k in range(0, len(pages), 4)]
    assert all(res.returncode == 0 for res in short)
    assert long.stdout == "".join(res.stdout for res in short)
    assert long.stdout.count("\n") > 10 * _MANY_PAGES
