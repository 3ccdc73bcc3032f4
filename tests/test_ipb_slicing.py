"""Topic pages cut by their dialect's `PageSlice` before parsing read exactly as whole pages.

The slice keeps the posts and the chrome that is read (title, pagination, canonical link, page
id) and leaves the header, menus, reply editor and footer unparsed; the reference is the same
reader on the whole page (`sliced=False`). Every real IPB page, every template page and cut
copies of them are compared, read as every dialect.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from parser.dialects import DIALECTS, IPS4, Dialect
from parser.encoding import decode_html
from parser.ipb import _read_topic, _slice_blocks, detect_ipb, parse_ipb_topic
from parser.records import TopicPage
from tests.conftest import FIXTURES

MSK = "Europe/Moscow"
NOW = datetime(2021, 12, 19, 12, 0, tzinfo=UTC)
TEMPLATES = Path(__file__).parent / "ipb_template_pages"
PAGES = sorted((FIXTURES / "ipb").glob("*/*.html")) + sorted(TEMPLATES.glob("*.html"))
SLICED = [d for d in DIALECTS.values() if d.page_slice is not None]
RLLMUK = FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"


def _read(html: str, d: Dialect, *, sliced: bool) -> TopicPage:
    from parser.dates import get_tz

    return _read_topic(html, d, get_tz(MSK), NOW, "https://board.example/", sliced=sliced)


def _html(path: Path) -> str:
    return decode_html(path.read_bytes())


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
@pytest.mark.parametrize("cut", [1.0, 0.9, 0.7, 0.5, 0.3])
def test_sliced_reading_equals_whole_page_reading(path: Path, cut: float) -> None:
    html = _html(path)
    html = html[: int(len(html) * cut)]
    for d in SLICED:  # read as every dialect that slices, whatever the page's own markup
        assert _read(html, d, sliced=True) == _read(html, d, sliced=False), d.name


def test_real_ips4_page_is_cut_and_keeps_every_post() -> None:
    html = _html(RLLMUK)
    assert IPS4.page_slice is not None
    cut = _slice_blocks(html, IPS4.page_slice)
    assert cut is not None
    chrome, posts = cut
    # the header, menus, reply editor and footer are gone; the read chrome is kept
    assert len(chrome) + len(posts) < len(html) * 0.6
    assert "ipsPagination_active" in chrome and "<body" in chrome and "<title>" in chrome
    assert "replyArea" not in chrome and "<footer" not in chrome
    assert posts.count("<article") == 25
    page = parse_ipb_topic(html, tz=MSK)
    assert len(page.posts) == 25 and page.page == 12 and page.total_pages == 12


def test_missing_markers_fall_back_to_the_whole_page() -> None:
    html = _html(RLLMUK)
    # no post opening tag the slice knows: no slicing, the generic reader still finds posts
    renamed = html.replace("<article", "<ARTICLE")
    assert IPS4.page_slice is not None
    assert _slice_blocks(renamed, IPS4.page_slice) is None
    # without the top and bottom markers the chrome stretches stay whole
    bare = html
    for marker in ("ipsPageHeader", "ipsType_pageTitle", "replyForm", "replyArea", "<footer"):
        bare = bare.replace(marker, marker[:-2] + "X")
    cut = _slice_blocks(bare, IPS4.page_slice)
    assert cut is not None
    assert "ipsBreadcrumb" in cut[0] and "ipsComposeArea" in cut[0]
    for page in (renamed, bare):
        assert _read(page, IPS4, sliced=True) == _read(page, IPS4, sliced=False)
        assert len(_read(page, IPS4, sliced=True).posts) == 25


def test_page_cut_inside_its_last_post_keeps_that_post() -> None:
    html = _html(RLLMUK)
    last = html.rindex("<article")
    body = html.index("commentContent", last)
    short = html[: body + 400]  # the transfer stopped inside the last post's body
    assert detect_ipb(short) is IPS4
    page = parse_ipb_topic(short, tz=MSK)
    assert len(page.posts) == 25
    assert _read(short, IPS4, sliced=True) == _read(short, IPS4, sliced=False)
