"""German phpBB pages: dates, edit notes and pagination words as the phpBB.de language pack
prints them.

No real German page was found (see fixtures/phpbb-variants/MANIFEST.md), so the strings here
come from the language pack's templates: `DATE_FORMAT` '|d. M Y|' with the month 'Mär', the
board default 'D j. M Y, H:i', 'Heute'/'Gestern', 'EDITED_TIMES_TOTAL' => 'Zuletzt geändert von
%1$s am %2$s, insgesamt %3$d-mal geändert.', 'PAGE_OF' and 'VIEW_TOPIC_POSTS'. The one page
below is template-derived (prosilver 3.3 markup with those strings), named as such.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from parser.dates import read_date
from parser.pages import parse_topic

NOW = datetime(2026, 11, 30, 12, 0)


@pytest.mark.parametrize(
    ("shown", "want"),
    [
        ("Mo 3. Jan 2022, 10:00", datetime(2022, 1, 3, 10, 0)),
        ("01. Mär 2007", datetime(2007, 3, 1, 0, 0)),
        ("So 15. Dez 2019, 22:01", datetime(2019, 12, 15, 22, 1)),
        ("12. Oktober 2020, 08:05", datetime(2020, 10, 12, 8, 5)),
        ("Heute, 08:15", datetime(2026, 11, 30, 8, 15)),
        ("Gestern, 23:59", datetime(2026, 11, 29, 23, 59)),
        ("vor 5 Minuten", datetime(2026, 11, 30, 11, 55)),
    ],
)
def test_german_dates(shown: str, want: datetime) -> None:
    got, why = read_date(shown, tz="Europe/Berlin", now=NOW)
    assert why is None
    assert got is not None and got.replace(tzinfo=None) == want


TEMPLATE_DERIVED_DE_TOPIC = """<!DOCTYPE html><html lang="de"><body id="phpbb">
<h2 class="topic-title"><a href="./viewtopic.php?t=9">Mafia 3</a></h2>
<div class="pagination">13 Beiträge &bull; Seite <strong>1</strong> von <strong>2</strong>
<ul><li class="active"><span>1</span></li>
<li><a class="button" href="./viewtopic.php?t=9&amp;start=10" role="button">2</a></li></ul></div>
<div id="p41" class="post has-profile bg2"><div class="inner"><div class="postbody">
<div id="post_content41"><h3 class="first"><a href="#p41">Mafia 3</a></h3>
<p class="author"><span class="responsive-hide">von <strong><a
 href="./memberlist.php?mode=viewprofile&amp;u=7" class="username">Kater</a></strong>
 &raquo; </span>Mo 3. Jan 2022, 10:00</p>
<div class="content">Ich stimme für <span style="color:green">Hans</span>.</div>
<div class="notice">Zuletzt geändert von <a
 href="./memberlist.php?mode=viewprofile&amp;u=7" class="username">Kater</a>
 am Mo 3. Jan 2022, 10:05, insgesamt 2-mal geändert.</div>
</div></div></div></div>
<a href="./ucp.php?mode=login">Anmelden</a></body></html>"""


def test_german_template_derived_topic() -> None:
    page = parse_topic(TEMPLATE_DERIVED_DE_TOPIC, tz="Europe/Berlin", now=NOW)
    assert (page.topic_id, page.title, page.page, page.total_pages) == (9, "Mafia 3", 1, 2)
    assert page.total_posts == 13
    (post,) = page.posts
    assert (post.id, post.author, post.author_id) == (41, "Kater", 7)
    assert post.posted_at is not None
    assert post.posted_at.replace(tzinfo=None) == datetime(2022, 1, 3, 10, 0)
    assert [(c.color, c.text) for c in post.colored] == [("#008000", "Hans")]
    assert post.edited is not None
    assert (post.edited.by, post.edited.count) == ("Kater", 2)
    assert post.edited.at is not None
    assert post.edited.at.replace(tzinfo=None) == datetime(2022, 1, 3, 10, 5)
