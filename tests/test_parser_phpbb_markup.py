# ruff: noqa: E501  (HTML fixtures read best one element a line)
"""Markup the captured game never produced (strike, spoilers, code, nested quotes, <font>,
signatures, soft-deleted posts, guests), on TEMPLATE-DERIVED pages: the real topic_p1.html
with post p52's body (and, where said, its class or author markup) replaced by what phpBB 3.3
prosilver renders for that BBCode. These pages are derived, not captured.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from parser.pages import parse_pm, parse_topic, read_page
from parser.records import Post
from tests.conftest import FIXTURES

PHPBB = FIXTURES / "phpbb"
REAL = read_page(PHPBB / "topic_p1.html")
REAL_BODY = '<div class="content"><span style="color:green">Mister X</span></div>'
REAL_CLASS = '<div id="p52" class="post has-profile bg2">'
REAL_AUTHOR = (
    '<strong><a href="./memberlist.php?mode=viewprofile&amp;u=64" class="username">Вася2005</a>'
    "</strong>"
)


def derived(body: str, *, post_class: str | None = None, author: str | None = None) -> Post:
    """topic_p1.html with p52's body replaced; returns the re-read p52."""
    assert REAL.count(REAL_BODY) == 1 and REAL.count(REAL_CLASS) == 1
    html = REAL.replace(REAL_BODY, f'<div class="content">{body}</div>')
    if post_class is not None:
        html = html.replace(REAL_CLASS, f'<div id="p52" class="{post_class}">')
    if author is not None:
        assert REAL_AUTHOR in html
        html = html.replace(REAL_AUTHOR, author)
    page = parse_topic(html)
    assert [p.id for p in page.posts] == list(range(48, 58)), "the other posts are untouched"
    (post,) = [p for p in page.posts if p.id == 52]
    return post


def spans(post: Post) -> list[tuple[str, str, bool]]:
    return [(c.color, c.text, c.struck) for c in post.colored]


def test_the_unmodified_post_reads_as_captured() -> None:
    assert spans(derived('<span style="color:green">Mister X</span>')) == [
        ("#008000", "Mister X", False)
    ]


@pytest.mark.parametrize("tag", ["s", "del", "strike"])
def test_struck_votes_are_marked(tag: str) -> None:
    post = derived(
        f'<{tag}><span style="color:green">Кот</span></{tag}> <span style="color:green">Марго</span>'
    )
    assert spans(post) == [("#008000", "Кот", True), ("#008000", "Марго", False)]


def test_line_through_style_is_struck() -> None:
    post = derived(
        '<span style="text-decoration:line-through"><span style="color:red">Кот</span></span>'
    )
    assert spans(post) == [("#ff0000", "Кот", True)]


def test_nested_wrappers_spoilers_links_and_font_colour() -> None:
    body = (
        '<strong class="text-strong"><em class="text-italics"><span style="color:#0f0">Кот</span></em></strong> '
        '<details class="spoiler"><summary>Спойлер</summary><div class="spoiler-content">'
        '<span style="color: rgb(255, 0, 0)">Марго</span></div></details> '
        '<a href="https://example.org" class="postlink"><span style="color:Green">Mister X</span></a> '
        '<font color="darkred">Шерлок</font> '
        '<span style="font-size:150%;line-height:116%">крупно</span> '
        '<span style="background-color:yellow">фон</span>'
    )
    post = derived(body)
    assert spans(post) == [
        ("#00ff00", "Кот", False),
        ("#ff0000", "Марго", False),
        ("#008000", "Mister X", False),
        ("#8b0000", "Шерлок", False),
    ]
    assert post.colored[0].wrappers == ("strong", "em")
    assert "details" in post.colored[1].wrappers
    assert "a" in post.colored[2].wrappers
    assert [c.raw_color for c in post.colored] == ["#0f0", "rgb(255, 0, 0)", "Green", "darkred"]


def test_code_blocks_show_bbcode_literally_and_give_no_spans() -> None:
    body = (
        '<div class="codebox"><p>Код: <a href="#" onclick="selectCode(this); return false;">'
        "Выделить всё</a></p><pre><code>[color=green]Кот[/color]</code></pre></div>"
        '<span style="color:red">Марго</span>'
    )
    post = derived(body)
    assert spans(post) == [("#ff0000", "Марго", False)]
    assert "[color=green]Кот[/color]" in post.text


def test_nested_quotes_have_depth_authors_and_their_own_spans() -> None:
    body = (
        '<blockquote cite="./viewtopic.php?p=50#p50"><div><cite><a href="./memberlist.php?mode=viewprofile&amp;u=66">Кот</a> '
        'писал(а): <a href="./viewtopic.php?p=50#p50" data-post-id="50">↑</a><span class="responsive-hide">27 ноя 2026, 12:07</span></cite>'
        '<blockquote><div><cite>Гость писал(а):</cite><span style="color:green">Марго</span></div></blockquote>'
        '<span style="color:red">Шерлок</span></div></blockquote>'
        "<blockquote><div>без автора <span style='color:blue'>Dr.Watson</span></div></blockquote>"
        'Мой голос: <span style="color:green">Mister X</span>'
    )
    post = derived(body)
    q = [(x.depth, x.author, x.author_id, x.post_id, x.time_text) for x in post.quotes]
    assert q == [
        (1, "Кот", 66, 50, "27 ноя 2026, 12:07"),
        (2, "Гость", None, None, ""),
        (1, None, None, None, ""),
    ]
    assert [(c.color, c.text) for c in post.quotes[0].colored] == [("#ff0000", "Шерлок")]
    assert [(c.color, c.text) for c in post.quotes[1].colored] == [("#008000", "Марго")]
    assert [(c.color, c.text) for c in post.quotes[2].colored] == [("#0000ff", "Dr.Watson")]
    assert spans(post) == [("#008000", "Mister X", False)]
    assert post.own_text == "Мой голос: Mister X"
    assert "Марго" in post.text and "Шерлок" in post.text


def test_nested_colours_give_each_text_its_visible_colour() -> None:
    post = derived('<span style="color:red">за <span style="color:green">Кот</span>!</span>')
    assert spans(post) == [("#ff0000", "за !", False), ("#008000", "Кот", False)]


def test_empty_and_unreadable_colours_are_skipped() -> None:
    post = derived('<span style="color:green"> </span><span style="color:bogus">Кот</span>x')
    assert post.colored == ()


def test_signature_is_not_part_of_the_body() -> None:
    # prosilver puts the signature after div.content, inside the post body
    html = REAL.replace(
        REAL_BODY,
        REAL_BODY
        + '<div id="sig52" class="signature"><span style="color:red">Кот</span> — мафия</div>',
    )
    (post,) = [p for p in parse_topic(html).posts if p.id == 52]
    assert spans(post) == [("#008000", "Mister X", False)]
    assert "мафия" not in post.text


def test_soft_deleted_post_seen_by_a_moderator() -> None:
    post = derived(
        '<span style="color:green">Mister X</span>',
        post_class="post has-profile bg2 deleted",
    )
    assert post.deleted is True
    assert spans(post) == [("#008000", "Mister X", False)]


def test_guest_or_deleted_user_has_no_user_id() -> None:
    post = derived(
        '<span style="color:green">Mister X</span>',
        author='<strong><span class="username">Удалённый\xa0игрок</span></strong>',
    )
    assert post.author == "Удалённый игрок"  # NBSP normalised
    assert post.author_id is None


def test_english_edit_note_with_reason() -> None:
    html = REAL.replace(
        REAL_BODY,
        REAL_BODY
        + '<div class="notice">Last edited by <a href="./memberlist.php?mode=viewprofile&amp;u=2" '
        'class="username-coloured" style="color: #AA0000;">Ведущий</a> on Fri Nov 27, 2026 2:50 pm, '
        "edited 3 times in total.<br><strong>Reason:</strong> <em>typo</em></div>",
    )
    (post,) = [p for p in parse_topic(html).posts if p.id == 52]
    assert post.edited is not None
    assert (post.edited.by, post.edited.count, post.edited.reason) == ("Ведущий", 3, "typo")
    assert post.edited.at == datetime.fromisoformat("2026-11-27T14:50:00+03:00")


def test_pm_without_message_block_is_none_and_broken_pm_records_issues() -> None:
    real = read_page(PHPBB / "pm_view_2.html")
    assert parse_pm(real) is not None
    broken = real.replace("<strong>Отправлено:</strong>", "<strong>???:</strong>")
    msg = parse_pm(broken)
    assert msg is not None and msg.sent_at is None and msg.issues


def test_relative_edit_time_without_fetch_time_is_an_issue_not_a_guess() -> None:
    notice = (
        '<div class="notice">Последний раз редактировалось <a href="./memberlist.php?mode=viewprofile&amp;u=64" '
        'class="username">Вася2005</a> Сегодня, 07:50, всего редактировалось 1 раз.</div>'
    )
    html = REAL.replace(REAL_BODY, REAL_BODY + notice)
    page = parse_topic(html)
    (post,) = [p for p in page.posts if p.id == 52]
    assert post.edited is not None and post.edited.by == "Вася2005" and post.edited.at is None
    assert any(i.where == "post 52" and "fetch time" in i.message for i in page.issues)
    later = parse_topic(html, now=datetime.fromisoformat("2026-11-30T09:00:00+03:00"))
    (post,) = [p for p in later.posts if p.id == 52]
    assert post.edited is not None
    assert post.edited.at == datetime.fromisoformat("2026-11-30T07:50:00+03:00")


def test_shared_html_helpers() -> None:
    from selectolax.lexbor import LexborHTMLParser

    from parser.html import (
        iter_ancestors,
        node_text,
        query_int,
        text_outside,
        user_id_from_href,
    )

    tree = LexborHTMLParser(
        "<div id='c'>Да <blockquote><div><cite>X писал(а):</cite> нет</div></blockquote>"
        "<b>ну <i id='i'>и\xa0ладно</i></b></div>"
    )
    c = tree.css_first("#c")
    i = tree.css_first("#i")
    assert c is not None and i is not None
    assert node_text(c) == "Да X писал(а): нет ну и ладно"
    assert text_outside(c, "blockquote") == "Да ну и ладно"
    assert node_text(c) == "Да X писал(а): нет ну и ладно"  # the original is untouched
    assert [a.tag for a in iter_ancestors(i, stop=c)] == ["b"]
    assert query_int("./viewtopic.php?t=4&amp;start=20", "start") == 20
    assert query_int("./viewtopic.php?t=4&start=20", "t") == 4
    assert query_int("./viewtopic.php?st=7", "t") is None
    assert user_id_from_href("./memberlist.php?mode=viewprofile&amp;u=61") == 61
    assert user_id_from_href("./memberlist.php?mode=viewprofile") is None


def test_pm_view_with_english_labels() -> None:
    """pm_view_9.html with the header labels and date as the English language pack prints them."""
    real = read_page(PHPBB / "pm_view_9.html")
    html = (
        real.replace(
            "<strong>Отправлено:</strong> Сегодня, 02:30",
            "<strong>Sent:</strong> Mon Nov 30, 2026 2:30 am",
        )
        .replace("<strong>От:</strong>", "<strong>From:</strong>")
        .replace("<strong>Получатель:</strong>", "<strong>Recipients:</strong>")
    )
    assert html.count("<strong>Sent:</strong>") == 1 and "Recipients:" in html
    msg = parse_pm(html)
    ru = parse_pm(real, now=datetime.fromisoformat("2026-11-30T09:00:00+03:00"))
    assert msg is not None and ru is not None
    assert (msg.id, msg.sender, msg.sender_id, msg.recipients, msg.sent_at, msg.own_text) == (
        ru.id,
        ru.sender,
        ru.sender_id,
        ru.recipients,
        ru.sent_at,
        ru.own_text,
    )
    assert msg.recipients == ("Ведущий", "Марго")


def test_phpbb30_style_title_and_post_header_without_time_tag() -> None:
    """topic_p1.html with the 3.0 prosilver title (<h2> without class) and a <p class="author">
    that prints the date as text after » instead of a <time> tag."""
    html = REAL.replace('<h2 class="topic-title">', "<h2>")
    html = html.replace(
        '<time datetime="2026-11-27T09:15:03+00:00">27 ноя 2026, 12:15</time>', "27 ноя 2026, 12:15"
    )
    assert '<h2 class="topic-title">' not in html and 'datetime="2026-11-27T09:15:03' not in html
    page = parse_topic(html)
    assert page.title == "Мафия – 12. Старт игры" and page.topic_id == 4
    (post,) = [p for p in page.posts if p.id == 52]
    assert post.posted_at == datetime.fromisoformat("2026-11-27T12:15:00+03:00")
    assert post.posted_at_text == "27 ноя 2026, 12:15"
    assert post.author == "Вася2005" and post.author_id == 64


def test_coloured_name_in_a_quote_header_is_not_a_span() -> None:
    body = (
        '<blockquote><div><cite><a href="./memberlist.php?mode=viewprofile&amp;u=2" style="color: #AA0000;">'
        'Ведущий</a> писал(а): <a href="./viewtopic.php?p=48#p48" data-post-id="48">↑</a></cite>'
        '<span style="color:red">Ник</span></div></blockquote>'
    )
    post = derived(body)
    assert post.colored == ()
    (q,) = post.quotes
    assert (q.author, q.author_id, q.post_id) == ("Ведущий", 2, 48)
    assert [(c.color, c.text) for c in q.colored] == [("#ff0000", "Ник")]
