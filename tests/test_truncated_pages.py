"""A page cut short (a transfer that stopped, a half-saved file) says so.

Every board page ends with ``</html>``; a page that opened a document and lost its end gets a
ParseIssue on the record (topic page, PM folder, PM), so the caller knows posts, rows or the
end of a message may be missing instead of taking the short page as the whole truth. phpBB
pages also carry their own counters (posts in the topic, posts per page): a page holding
fewer posts than they promise is reported even when its end survived.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parser.encoding import decode_html
from parser.html import CUT_SHORT, cut_short
from parser.ipb.messenger import parse_ipb_conversation, parse_ipb_pm, parse_ipb_pm_folder
from parser.ipb.topic import parse_ipb_topic
from parser.phpbb.messages import parse_pm as parse_phpbb_pm
from parser.phpbb.messages import parse_pm_folder as parse_phpbb_pm_folder
from parser.phpbb.topic import parse_topic as parse_phpbb_topic
from parser.records import ParseIssue
from tests.conftest import FIXTURES

PHPBB = FIXTURES / "phpbb"
TEMPLATES = Path(__file__).parent / "ipb_template_pages"


def _cut(issues: tuple[ParseIssue, ...]) -> bool:
    return any(i.message == CUT_SHORT for i in issues)


def _text(path: Path) -> str:
    return decode_html(path.read_bytes())


PHP_TOPICS = sorted(p.name for p in PHPBB.glob("*topic*.html"))
IPB_TOPICS = sorted(
    p.relative_to(FIXTURES / "ipb").as_posix()
    for p in (FIXTURES / "ipb").glob("*/*.html")
    if "login" not in p.name and "fragment" not in p.name
)


@pytest.mark.parametrize("name", PHP_TOPICS)
def test_whole_phpbb_pages_are_not_called_cut(name: str) -> None:
    data = (PHPBB / name).read_bytes()
    assert not cut_short(data)
    assert not _cut(parse_phpbb_topic(data).issues)


@pytest.mark.parametrize("name", PHP_TOPICS)
@pytest.mark.parametrize("where", [0.35, 0.6, 0.9])
def test_phpbb_topic_cut_anywhere_says_so(name: str, where: float) -> None:
    data = (PHPBB / name).read_bytes()
    short = data[: int(len(data) * where)]
    for page in (parse_phpbb_topic(short), parse_phpbb_topic(short.decode("utf-8", "ignore"))):
        assert _cut(page.issues)


def test_phpbb_cut_mid_post_keeps_what_it_has_and_says_so() -> None:
    data = (PHPBB / "topic_p3.html").read_bytes()
    whole = parse_phpbb_topic(data)
    mid = data.index(b'<div id="p75"') + 900  # inside post 75
    page = parse_phpbb_topic(data[:mid])
    assert [p.id for p in page.posts][:7] == [68, 69, 70, 71, 72, 73, 74]
    assert page.posts[:7] == whole.posts[:7]
    assert _cut(page.issues)


def test_phpbb_page_with_fewer_posts_than_its_counters_says_so() -> None:
    text = (PHPBB / "topic_p3.html").read_text(encoding="utf-8")
    a = text.index('<div id="p75"')
    b = text.index('<div class="action-bar bar-bottom">')
    page = parse_phpbb_topic(text[:a] + text[b:])  # the end survived, three posts did not
    assert [p.id for p in page.posts] == [68, 69, 70, 71, 72, 73, 74]
    assert not _cut(page.issues)
    assert any("counters promise 10" in i.message for i in page.issues)
    assert not any("counters" in i.message for i in parse_phpbb_topic(text).issues)


@pytest.mark.parametrize("name", ["pm_inbox.html", "en_pm_inbox.html", "pm_sentbox.html"])
def test_phpbb_pm_folder_cut_says_so(name: str) -> None:
    text = (PHPBB / name).read_text(encoding="utf-8")
    assert not _cut(parse_phpbb_pm_folder(text).issues)
    assert _cut(parse_phpbb_pm_folder(text[: len(text) * 2 // 3]).issues)


@pytest.mark.parametrize("name", ["pm_view_1.html", "pm_view_9.html"])
def test_phpbb_pm_cut_mid_message_says_so(name: str) -> None:
    text = (PHPBB / name).read_text(encoding="utf-8")
    whole = parse_phpbb_pm(text)
    assert whole is not None and not _cut(whole.issues)
    i = text.index('<div class="content">') + len('<div class="content">') + 5
    msg = parse_phpbb_pm(text[:i])
    assert msg is not None and msg.id == whole.id and _cut(msg.issues)


@pytest.mark.parametrize("name", IPB_TOPICS)
def test_ipb_topic_cut_says_so(name: str) -> None:
    text = _text(FIXTURES / "ipb" / name)
    whole = parse_ipb_topic(text)
    assert not _cut(whole.issues)
    for where in (0.5, 0.95):
        short = parse_ipb_topic(text[: int(len(text) * where)])
        assert _cut(short.issues)
        assert len(short.posts) <= len(whole.posts)


def test_ipb_fragment_is_not_judged() -> None:
    text = _text(FIXTURES / "ipb/4x-5x/ic47_armbian_topic34923_fragment-from-readme-md.html")
    assert not _cut(parse_ipb_topic(text).issues)


@pytest.mark.parametrize(
    ("name", "marker"),
    [
        ("ipb13_pm_view", "class='postcolor'"),
        ("ipb3_pm_conversation", "entry-content"),
        ("ips4_messenger_conversation", 'data-role="commentContent"'),
    ],
)
def test_ipb_pm_cut_says_so(name: str, marker: str) -> None:
    text = (TEMPLATES / f"{name}.template.html").read_text(encoding="utf-8")
    assert not _cut(parse_ipb_pm(text).issues)
    short = text[: text.rindex(marker) + 200]
    msg = parse_ipb_pm(short)
    assert _cut(msg.issues) or _cut(
        tuple(i for m in parse_ipb_conversation(short) for i in m.issues)
    )


@pytest.mark.parametrize("name", ["ipb13_pm_inbox", "ipb3_pm_folder", "ips4_messenger_list"])
def test_ipb_pm_folder_cut_says_so(name: str) -> None:
    text = (TEMPLATES / f"{name}.template.html").read_text(encoding="utf-8")
    assert not _cut(parse_ipb_pm_folder(text).issues)
    assert _cut(parse_ipb_pm_folder(text[: len(text) * 2 // 3]).issues)
