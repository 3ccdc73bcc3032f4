"""IPB readers never raise on odd markup: truncated or mangled real pages give records + issues."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from parser.encoding import decode_html
from parser.ipb.messenger import parse_ipb_pm, parse_ipb_pm_folder
from parser.ipb.topic import parse_ipb_topic
from parser.records import TopicPage
from tests.conftest import FIXTURES

PAGES = [
    decode_html(p.read_bytes())
    for p in sorted((FIXTURES / "ipb").glob("*/*.html"))
    if "login" not in p.name
]


@given(
    st.sampled_from(PAGES),
    st.floats(0.0, 1.0),
    st.floats(0.0, 1.0),
    st.integers(0, 4000),
    st.sampled_from(["auto", "ipb2", "ipb2-4pda", "ipb3", "ips4"]),
)
def test_mangled_real_pages_never_raise(
    page: str, cut: float, hole: float, width: int, kind: str
) -> None:
    end = int(len(page) * max(cut, 0.05))
    start = int(end * hole)
    mangled = page[:start] + page[start + width : end]
    now = datetime(2021, 12, 19, 12, 0, tzinfo=UTC)
    topic = parse_ipb_topic(mangled, dialect=kind, now=now)
    assert isinstance(topic, TopicPage)
    for post in topic.posts:
        assert post.id > 0
    parse_ipb_pm_folder(mangled, dialect=kind)
    parse_ipb_pm(mangled, dialect=kind)


def test_truncated_page_keeps_the_posts_before_the_cut() -> None:
    page = next(p for p in PAGES if "Форум АСХ -> (2014-09-06)" in p)
    cut = page.index("<!--Begin Msg Number 19176-->")
    topic = parse_ipb_topic(page[:cut])
    assert [p.id for p in topic.posts] == [19014, 19053, 19166]
