"""IPB 1.x/2.x's page-jump call (`multi_page_jump('…', posts, per page)`) is searched for once
a page: the topic's post count and the posts a page both come from that one match."""

from __future__ import annotations

from parser.ipb.topic import parse_ipb_topic
from tests.fakeboard_ipb13 import body


def test_posts_a_page_and_post_count_from_the_page_jump() -> None:
    # a recorded IPB 1.3 topic page (56 posts, 15 a page, as its page-jump link prints)
    html = body("topic_pages", 1)
    assert "multi_page_jump('" in html and ",56,15)" in html
    page = parse_ipb_topic(html)
    assert (page.total_posts, page.per_page, page.page, page.total_pages) == (56, 15, 2, 4)


def test_posts_a_page_from_the_page_jump_alone() -> None:
    # the same page with no link carrying a post offset: only the page jump tells the page
    # size, so the pagination must read it from the match the page's one search found
    html = body("topic_pages", 1).replace("st=", "sx=")
    page = parse_ipb_topic(html)
    assert (page.total_posts, page.per_page, page.page, page.total_pages) == (56, 15, 2, 4)
    assert page.start == 15  # the second page's first post, from the page size
