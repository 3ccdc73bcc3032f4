"""Every ground-truth fact of fixtures/ipb/MANIFEST.md, asserted on the real saved pages."""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from selectolax.lexbor import LexborHTMLParser

from parser.dialects import IPB2, IPB2_4PDA, IPS4
from parser.encoding import decode_html
from parser.ipb.body import parse_ipb_body
from parser.ipb.detect import detect_ipb
from parser.ipb.forms import page_tokens, parse_forms
from parser.ipb.text import parse_board_date
from parser.ipb.topic import parse_ipb_topic
from parser.records import TopicPage
from tests.conftest import FIXTURES

IPB = FIXTURES / "ipb"
MSK = ZoneInfo("Europe/Moscow")
NBSP = "\u00a0"

H2969 = "1x-2x/ipb13ru_hustle-sa_showtopic2969_utf8.html"
H3058 = "1x-2x/ipb13ru_hustle-sa_showtopic3058_utf8.html"
H3092 = "1x-2x/ipb13ru_hustle-sa_showtopic3092_utf8.html"
PDA_SEARCH = "1x-2x/ipb2fork_4pda_search_posts_page1_cp1251.html"
PDA_MENTIONS = "1x-2x/ipb2fork_4pda_mentions_cp1251.html"
PDA_LOGIN = "1x-2x/ipb2fork_4pda_login_form_cp1251.html"
RLLMUK = "4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
RLLMUK_ONE = "4x-5x/ic41_rllmuk_topic286745_page12_trimmed-to-one-post-by-repo-author.html"
ARMBIAN = "4x-5x/ic47_armbian_topic34923_fragment-from-readme-md.html"

SHA256 = {
    H2969: "6ac9a776b07d3c5e3803e44401eed2b7593291a461cdf5eedc2d264960ade20f",
    H3058: "45757bd83d14a903cf0052c90ef017e1e32e871fff34e6af15ad1944726dcbe2",
    H3092: "26c030b13a9e479ea68023bf8c9ec17312140b7c919b7c398e6b2947f243850e",
    PDA_SEARCH: "e0520f2940249ac3633cff25e437d4a1e8e53c8d6136d265424d330f415934a6",
    PDA_MENTIONS: "9b7ed23ed93bd13cf5722387fad3e3b3c4e135d80b0e7708038ebd09366822df",
    PDA_LOGIN: "65d5045a4a88657c30f3b8493c9430d49cae5e22e15241ae477285ec76e4e8f8",
    RLLMUK: "336dcaf4f74a0143c00af2907315c3faf7c1fbc7171a8dcf567429d79d10df25",
    RLLMUK_ONE: "c9b3fc3fc082582aa5f34650dd14cc24aca301f55fd58bc6fed929356accc17e",
    ARMBIAN: "d6c41de9f399b6fd0aea094d529f065e229aaa461cb02494c30669bd55846de2",
}


def _html(name: str) -> str:
    return decode_html((IPB / name).read_bytes())


def _topic(name: str, **kw: object) -> TopicPage:
    return parse_ipb_topic(_html(name), **kw)  # type: ignore[arg-type]


def _msk(text: str) -> datetime:
    return datetime.strptime(text, "%d.%m.%Y - %H:%M").replace(tzinfo=MSK)


@pytest.mark.parametrize("name", sorted(SHA256))
def test_fixture_is_the_byte_exact_copy(name: str) -> None:
    assert hashlib.sha256((IPB / name).read_bytes()).hexdigest() == SHA256[name]


@pytest.mark.parametrize(
    ("name", "dialect"),
    [
        (H2969, IPB2),
        (H3058, IPB2),
        (H3092, IPB2),
        (PDA_SEARCH, IPB2_4PDA),
        (PDA_MENTIONS, IPB2_4PDA),
        (RLLMUK, IPS4),
        (RLLMUK_ONE, IPS4),
        (ARMBIAN, IPS4),
    ],
)
def test_auto_detects_the_generation(name: str, dialect: object) -> None:
    assert detect_ipb(_html(name)) is dialect


@pytest.mark.parametrize("name", [H2969, PDA_SEARCH, RLLMUK])
def test_players_words_naming_other_boards_markup_do_not_change_the_generation(
    name: str,
) -> None:
    # every generation's markers written as a player's text into the page's last stretch
    words = (
        " ipsSettings data-pagecontroller elComment_7 ipsQuote ipb.vars[ IP.Board 3"
        " post_block index.php?act=auth &lt;!--Begin Msg Number 9--&gt; normalname "
    )
    html = _html(name)
    cut = html.rindex("</div>")
    written = html[:cut] + words + html[cut:]
    assert detect_ipb(written) is detect_ipb(html)
    assert detect_ipb(written) is not None


# --- IPB 1.3 (hustle-sa) ---------------------------------------------------------------------

# (post id, author, date as shown, member id) from the MANIFEST tables
GT_2969 = [
    (19014, "Хастл-Центр", "31.07.2014 - 12:57", 41141),
    (19053, f"Mr.{NBSP}Grin", "15.08.2014 - 14:32", 251),
    (19166, f"Mr.{NBSP}Grin", "5.09.2014 - 14:55", 251),
    (19176, "Ivanov_Vladimir", "6.09.2014 - 18:16", 437),
    (19177, "Ivanov_Vladimir", "6.09.2014 - 21:30", 437),
    (19178, "Ivanov_Vladimir", "6.09.2014 - 21:31", 437),
    (19179, "Danila", "6.09.2014 - 21:57", 11371),
    (19180, "Ronin", "6.09.2014 - 23:26", 21714),
    (19181, "Makedonsky", "7.09.2014 - 01:17", 4),
    (19182, "Ronin", "7.09.2014 - 01:32", 21714),
    (19184, "kolyan55584", "7.09.2014 - 16:50", 11044),
    (19185, "Ivanov_Vladimir", "7.09.2014 - 21:55", 437),
    (19186, "Ivanov_Vladimir", "7.09.2014 - 21:58", 437),
    (19202, "Denegin", "11.09.2014 - 23:02", 3),
    (19219, "Denegin", "19.09.2014 - 04:49", 3),
]
GT_3058 = [
    (19349, "Shadow", "8.10.2014 - 20:47", 896),
    (19474, "Shadow", "25.10.2014 - 21:46", 896),
    (19475, "Shadow", "25.10.2014 - 22:28", 896),
    (19476, "Shadow", "25.10.2014 - 23:35", 896),
    (19534, "Denegin", "31.10.2014 - 00:24", 3),
]
GT_3092 = [
    (19488, f"алена{NBSP}селиванова", "28.10.2014 - 08:33", 10174),
    (19566, f"Mr.{NBSP}Grin", "31.10.2014 - 17:53", 251),
    (19684, "KeT4yn", "14.11.2014 - 18:51", 20860),
    (19691, "KeT4yn", "16.11.2014 - 07:34", 20860),
    (19692, "KeT4yn", "16.11.2014 - 07:36", 20860),
    (19693, "KeT4yn", "16.11.2014 - 07:37", 20860),
    (19694, "KeT4yn", "16.11.2014 - 07:39", 20860),
    (19695, "KeT4yn", "16.11.2014 - 07:40", 20860),
    (19741, "Denegin", "21.11.2014 - 03:02", 3),
]


@pytest.mark.parametrize(
    ("name", "gt", "title"),
    [
        (H2969, GT_2969, "(2014-09-06) Открытие сезона (г.Москва)"),
        (H3058, GT_3058, "(2014-10-25) Шаг Вперед"),
        (H3092, GT_3092, "(2014-11-15) Осенний Кубок Ренессанса"),
    ],
)
def test_ipb13_posts_authors_dates_member_ids(
    name: str, gt: list[tuple[int, str, str, int]], title: str
) -> None:
    html = _html(name)
    assert f"<title>Форум АСХ -> {title}</title>" in html
    page = parse_ipb_topic(html, tz="Europe/Moscow")
    assert page.title == title
    assert [p.id for p in page.posts] == [g[0] for g in gt]
    for post, (_, author, shown, mid) in zip(page.posts, gt, strict=True):
        assert post.author == author.replace(NBSP, " ")
        assert NBSP not in post.author
        assert post.posted_at_text == shown
        assert post.posted_at == _msk(shown)
        assert post.author_id == mid
    assert (page.page, page.total_pages, page.next_url) == (1, 1, None)
    assert page.logged_in is False  # «Здравствуйте Гость»
    assert page.issues == ()


def test_ipb13_topic_id_from_links() -> None:
    assert _topic(H2969).topic_id == 2969
    assert _topic(H3058).topic_id == 3058
    assert _topic(H3092).topic_id == 3092


def test_ipb13_split_postcolor_divs_do_not_split_posts() -> None:
    html = _html(H2969)
    assert html.count("class='postcolor'") == 19  # 15 posts, 4 quotes re-open the div
    assert len(_topic(H2969).posts) == 15


def test_ipb13_quotes_from_quotebegin_comments() -> None:
    posts = {p.id: p for p in _topic(H2969).posts}
    got = {
        pid: [(q.author, q.time_text, q.post_id, q.depth) for q in p.quotes]
        for pid, p in posts.items()
        if p.quotes
    }
    # the quoted post's id is not in IPB 1.3 markup: it is the post on the page by that
    # author at that time (19181 Makedonsky 7.09.2014 - 01:17, 19184, 19179)
    assert got == {
        19181: [(None, "", None, 1)],
        19182: [("Makedonsky", "7.09.2014 - 01:17", 19181, 1)],
        19185: [("kolyan55584", "7.09.2014 - 16:50", 19184, 1)],
        19186: [("Danila", "6.09.2014 - 21:57", 19179, 1)],
    }
    anon = posts[19181]
    assert anon.quotes[0].text.startswith("7.10. В номинациях «хастл ДнД»")
    assert "7.10. В номинациях" in anon.text
    assert "7.10. В номинациях" not in anon.own_text
    assert anon.own_text.startswith("Ronin")
    ronin = posts[19182]
    assert ronin.quotes[0].text == "Ronin\n\nОтвет на ваш вопрос содержится в правилах"
    assert ronin.own_text == "Спасибо, всё ясно. Этот момент я упустил."
    assert "Цитата" not in ronin.own_text


def test_ipb13_signature_is_not_body() -> None:
    posts = {p.id: p for p in _topic(H2969).posts}
    assert "РК АСХ" not in posts[19181].text
    assert "signature" not in posts[19181].body_html
    assert "Обучением парным танцам" not in posts[19176].text


def test_ipb13_edit_notes() -> None:
    want = {
        (H2969, 19184): ("kolyan55584", "7.09.2014 - 16:55"),
        (H3058, 19349): ("Shadow", "24.10.2014 - 21:25"),
        (H3058, 19474): ("Shadow", "25.10.2014 - 22:48"),
        (H3058, 19475): ("Shadow", "25.10.2014 - 23:02"),
        (H3058, 19476): ("Shadow", "25.10.2014 - 23:46"),
        (H3092, 19488): ("алена селиванова", "10.11.2014 - 21:49"),
    }
    for name in (H2969, H3058, H3092):
        for post in _topic(name).posts:
            expected = want.get((name, post.id))
            if expected is None:
                assert post.edited is None, post.id
                continue
            assert post.edited is not None
            assert (post.edited.by, post.edited.at) == (expected[0], _msk(expected[1]))
            assert "отредактировал" not in post.own_text


def _spans(name: str, pid: int) -> list[tuple[str, str]]:
    post = next(p for p in _topic(name).posts if p.id == pid)
    return [(c.raw_color, c.text) for c in post.colored]


def test_ipb13_coloured_spans_single_quoted_style() -> None:
    spans = _spans(H2969, 19014)
    assert [c for c, _ in spans] == ["red", "red", "royalblue", "red"]
    assert spans[0][1] == "Традиционный ежегодный турнир ОТКРЫТИЕ СЕЗОНА 2014-2015"
    assert spans[1][1] == "6 сентября 2014"
    assert spans[2][1] == "Предварительная регистрация (до 13:00 5 сентября):"
    assert spans[3][1].startswith(
        "ВНИМАНИЕ!!! ПЕРЕД РЕГИСТРАЦИЕЙ ОЗНАКОМЬТЕСЬ С КОММЕНТАРИЯМИ К ОБНОВЛЕ"
    )
    post = next(p for p in _topic(H2969).posts if p.id == 19014)
    assert [c.color for c in post.colored] == ["#ff0000", "#ff0000", "#4169e1", "#ff0000"]
    assert _spans(H2969, 19053) == [
        ("red", "ЗАПУЩЕНА РЕГИСТРАЦИЯ НА ТУРНИР «ОТКРЫТИЕ СЕЗОНА 2014-2015»")
    ]


def test_ipb13_twelve_coloured_spans_in_one_post() -> None:
    assert _spans(H3092, 19684) == [
        ("blue", "Е класс"),
        ("blue", "D класс"),
        ("red", "В поиске"),
        ("red", "В поиске"),
        ("blue", "С класс"),
        ("red", "В поиске"),
        ("red", "В поиске"),
        ("red", "В поиске"),
        ("blue", "JnJ Beginner - Партнёр"),
        ("blue", "JnJ Beginner - Партнёрша"),
        ("blue", "JnJ Rising Star - Партнёр"),
        ("blue", "JnJ Rising Star - Партнёрша"),
    ]


def test_ipb13_no_other_post_has_colour() -> None:
    coloured = {
        (name, p.id) for name in (H2969, H3058, H3092) for p in _topic(name).posts if p.colored
    }
    assert coloured == {(H2969, 19014), (H2969, 19053), (H3092, 19684)}


@pytest.mark.parametrize(("name", "gt"), [(H2969, GT_2969), (H3058, GT_3058), (H3092, GT_3092)])
def test_ipb13_guest_session_and_buttons(name: str, gt: list[tuple[int, str, str, int]]) -> None:
    html = _html(name)
    found = re.search(r"showtopic(\d+)", name)
    assert found is not None
    tid = int(found.group(1))
    tokens = page_tokens(html)
    assert tokens.session_id is not None and re.fullmatch(r"[0-9a-f]{32}", tokens.session_id)
    assert f"s={tokens.session_id}&amp;act=Post&amp;CODE=02&amp;f=6&amp;t={tid}'" in html
    assert "Здравствуйте Гость" in html and "act=Login&amp;CODE=00" in html
    for pid, author, _, mid in gt:
        # a quote button per post; the nick links to javascript:ins(), the id is only in MID=
        assert f"act=Post&amp;CODE=06&amp;f=6&amp;t={tid}&amp;p={pid}'" in html
        assert f"act=Msg&amp;CODE=04&amp;MID={mid}'" in html
        assert f"javascript:ins('{author.replace(NBSP, '&nbsp;')}')" in html


# --- 4PDA (IPB 2 fork, windows-1251) ----------------------------------------------------------

NOW_4PDA = datetime(2021, 12, 19, 14, 21, tzinfo=MSK)  # the page footer: «Сейчас: 19.12.21, 14:21»

# (post id, date as shown, quotes, edit note, edit reason)
GT_SEARCH: list[tuple[int, str, list[str], str | None, str | None]] = [
    (111795901, "Сегодня, 13:24", [], None, None),
    (111652474, "13.12.21, 14:42", [], "16.12.21, 10:33", "c668"),
    (111677446, "14.12.21, 13:50", [], None, None),
    (111673089, "14.12.21, 10:20", ["Matuhan @ 13.12.21, 19:42"], None, None),
    (9233031, "02.10.11, 13:35", [], "14.12.21, 10:15", "3.5.9 beta"),
    (111659821, "13.12.21, 19:40", ["Matuhan @ 13.12.2021, 19:15"], None, None),
    (111652896, "13.12.21, 15:00", ["George Yves @ 12.12.21, 17:08"], None, None),
    (
        111466943,
        "06.12.21, 11:38",
        ["evgen_tg59 @ 03.12.21, 00:49", "Anatoliy @ 03.12.21, 01:04"],
        None,
        None,
    ),
    (111236686, "27.11.21, 13:00", ["weterOKS @ 26.11.21, 22:39"], "27.11.21, 13:15", None),
    (111208677, "26.11.21, 10:37", ["PanaceaRU91 @ 26.11.21, 10:25"], None, None),
    (106891840, "22.05.21, 14:16", [], "25.11.21, 17:42", "3.5.8.7"),
    (111191789, "25.11.21, 17:08", [], "25.11.21, 17:18", None),
    (111139219, "23.11.21, 17:23", ["[Steel @ 23.11.21, 16:59"], None, None),
    (111105404, "22.11.21, 11:19", [], None, None),
    (111090285, "21.11.21, 18:21", [], None, None),
    (110955049, "16.11.21, 11:58", [], None, None),
    (110935211, "15.11.21, 15:48", [], None, None),
    (110934439, "15.11.21, 15:17", ["swap @ 14.11.21, 22:58"], "15.11.21, 15:22", None),
    (110859360, "12.11.21, 14:58", [], None, None),
    (110859344, "12.11.21, 14:57", [], None, None),
]


def _pda_date(shown: str) -> datetime:
    if shown.startswith("Сегодня, "):
        hh, mm = shown.removeprefix("Сегодня, ").split(":")
        return NOW_4PDA.replace(hour=int(hh), minute=int(mm))
    return datetime.strptime(shown, "%d.%m.%y, %H:%M").replace(tzinfo=MSK)


def test_4pda_search_page_posts() -> None:
    html = _html(PDA_SEARCH)
    assert "<title>Поиск - 4PDA</title>" in html
    page = parse_ipb_topic(html, now=NOW_4PDA, tz=MSK)
    assert page.title == "Поиск - 4PDA"
    assert [p.id for p in page.posts] == [g[0] for g in GT_SEARCH]
    for post, (pid, shown, quotes, edit_at, reason) in zip(page.posts, GT_SEARCH, strict=True):
        assert post.author == "slartus", pid  # not «slartusᵥ»: the icon glyph is dropped
        assert post.author_id == 236113
        assert post.posted_at_text == shown
        assert post.posted_at == _pda_date(shown)
        assert [f"{q.author} @ {q.time_text}" for q in post.quotes] == quotes
        if edit_at is None:
            assert post.edited is None, pid
        else:
            assert post.edited is not None
            assert post.edited.by == "slartus"
            assert post.edited.at == _pda_date(edit_at)
            assert post.edited.reason == reason
            assert "Причина редактирования" not in post.text


def test_4pda_relative_date_needs_now() -> None:
    # Without an injected time the page footer («Сейчас: 19.12.21, 14:21») is the clock.
    page = _topic(PDA_SEARCH, tz=MSK)
    assert page.posts[0].posted_at == datetime(2021, 12, 19, 13, 24, tzinfo=MSK)
    later = _topic(PDA_SEARCH, tz=MSK, now=datetime(2021, 12, 20, 1, 0, tzinfo=MSK))
    assert later.posts[0].posted_at == datetime(2021, 12, 20, 13, 24, tzinfo=MSK)


def test_4pda_quote_links_and_text_are_outside_own_text() -> None:
    post = next(p for p in _topic(PDA_SEARCH, now=NOW_4PDA).posts if p.id == 111673089)
    (quote,) = post.quotes
    assert quote.post_id == 111659895
    assert (
        quote.text
        == "Андроид 11. Поверх программа вставать не стала, встала рядом. И не запускается."
    )
    assert post.own_text == "fixed"
    assert "Андроид 11" in post.text


def test_4pda_attachment_label_is_not_an_edit_note() -> None:
    post = next(p for p in _topic(PDA_SEARCH, now=NOW_4PDA).posts if p.id == 110859344)
    assert post.edited is None
    assert "Прикрепленные файлы" in post.text


def test_4pda_pagination_and_tokens() -> None:
    html = _html(PDA_SEARCH)
    page = parse_ipb_topic(html, now=NOW_4PDA, base_url="https://4pda.to/forum/index.php")
    assert (page.page, page.total_pages) == (1, 231)
    assert page.next_url is not None and page.next_url.startswith("https://4pda.to/forum/")
    assert page.next_url.endswith("&st=20")
    tokens = page_tokens(html)
    assert tokens.auth_key == "f9f8836641cd3fbc0e0c69d2c492cc51"
    m = re.search(r"ipb_md5_check\s*[=:]\s*\"([0-9a-f]+)\"", html)
    assert m is not None and m.group(1) == tokens.auth_key


def test_4pda_mentions_page() -> None:
    html = _html(PDA_MENTIONS)
    assert "<title>Упоминания - 4PDA</title>" in html
    now = datetime(2022, 12, 19, 14, 0, tzinfo=MSK)
    page = parse_ipb_topic(html, now=now, tz=MSK)
    got = [(p.id, p.author, p.posted_at_text, p.posted_at) for p in page.posts]
    assert got == [
        (119513650, "slartus", "Сегодня, 13:30", datetime(2022, 12, 19, 13, 30, tzinfo=MSK)),
        (119510833, "slartus", "Сегодня, 11:22", datetime(2022, 12, 19, 11, 22, tzinfo=MSK)),
        (119201356, "ruslan_prosto", "05.12.22, 15:31", datetime(2022, 12, 5, 15, 31, tzinfo=MSK)),
    ]
    prefixes = [
        "tilks,по идее то же самое должен показывать клиент. если смо",
        "tilks @ 18.12.2022, 13:40 в QMS иногда получается текст, кот",
        "tilks,И в правду. АПК файл оказался битым. Спасибо больше за",
    ]
    # The MANIFEST prefixes are the body's text() with <br> dropped: compare without whitespace.
    for post, prefix in zip(page.posts, prefixes, strict=True):
        assert "".join(post.text.split()).startswith("".join(prefix.split()))


def test_4pda_login_form_fields() -> None:
    html = _html(PDA_LOGIN)
    assert "<title>Вход - 4PDA</title>" in html
    forms = {f.id: f for f in parse_forms(html)}
    assert {"auth", "reg", "lostpass"} <= set(forms)
    auth = forms["auth"]
    assert (auth.method, auth.action) == ("POST", "//4pda.to/forum/index.php?act=auth")
    kinds = {name: kind for name, _, kind in auth.fields}
    assert kinds["login"] == "text"
    assert kinds["password"] == "password"
    assert kinds["remember"] == "checkbox"
    assert kinds["hidden"] == "checkbox"
    assert kinds["captcha"] == "text"
    assert kinds["nocaptcha"] == "checkbox"
    values = auth.values()
    assert values["return"] == "//4pda.to/"
    assert values["captcha-time"] == "1621310326"
    assert values["captcha-sig"] == "70908825fe6110ecc3d4c53c633dd459"
    assert any(kind == "submit" and value == "Войти" for _, value, kind in auth.fields)


# --- IPS 4.1 (rllmuk) -------------------------------------------------------------------------

GT_RLLMUK = [
    (11352560, "stefcha", "2017-04-19T17:01:59Z", "19/04/17 18:01 "),
    (11352813, "Liamness", "2017-04-19T19:02:47Z", "19/04/17 20:02 "),
    (11353878, "Dinobot", "2017-04-20T11:46:17Z", "20/04/17 12:46 "),
    (11354295, "The Donald", "2017-04-20T15:17:11Z", "20/04/17 16:17 "),
    (11354299, "Illyria", "2017-04-20T15:18:34Z", "20/04/17 16:18 "),
    (11354308, "gospvg", "2017-04-20T15:21:25Z", "20/04/17 16:21 "),
    (11354317, "TehStu", "2017-04-20T15:28:24Z", "20/04/17 16:28 "),
    (11354337, "Headache", "2017-04-20T15:40:43Z", "20/04/17 16:40 "),
    (11354377, "Huz", "2017-04-20T15:58:10Z", "20/04/17 16:58 "),
    (11354528, "Pants McSkill", "2017-04-20T17:11:38Z", "20/04/17 18:11 "),
    (11354725, "Danster", "2017-04-20T19:21:58Z", "20/04/17 20:21 "),
    (11355083, "Timmo", "2017-04-20T22:02:49Z", "20/04/17 23:02 "),
    (11355330, "Gerry Helmet", "2017-04-21T07:00:21Z", "21/04/17 08:00 "),
    (11355351, "redbloodcel", "2017-04-21T07:16:07Z", "21/04/17 08:16 "),
    (11357016, "Starbreaker", "2017-04-21T19:23:40Z", "21/04/17 20:23 "),
    (11357048, "GMass", "2017-04-21T19:49:43Z", "21/04/17 20:49 "),
    (11360895, "The Grand Pursuivant", "2017-04-24T16:13:45Z", "24/04/17 17:13 "),
    (11362334, "Cool Ben", "2017-04-25T13:57:17Z", "25/04/17 14:57 "),
    (11362365, "gospvg", "2017-04-25T14:13:52Z", "25/04/17 15:13 "),
    (11362371, "Cool Ben", "2017-04-25T14:19:16Z", "25/04/17 15:19 "),
    (11362390, "John0", "2017-04-25T14:29:00Z", "25/04/17 15:29 "),
    (11362398, "Illyria", "2017-04-25T14:33:45Z", "25/04/17 15:33 "),
    (11362690, "footle", "2017-04-25T17:53:16Z", "25/04/17 18:53 "),
    (11363789, "Baring", "2017-04-26T12:08:41Z", "26/04/17 13:08 "),
    (11363916, "John0", "2017-04-26T13:04:54Z", "26/04/17 14:04 "),
]
GT_RLLMUK_QUOTES = {
    11354337: [("The Donald", 11354295)],
    11354377: [("TehStu", 11354317)],
    11362365: [("Cool Ben", 11362334)],
    11362690: [("John0", 11362390)],
}


def _utc(iso: str) -> datetime:
    return datetime.fromisoformat(iso.replace("Z", "+00:00"))


@pytest.mark.parametrize(("name", "ids"), [(RLLMUK, None), (RLLMUK_ONE, [11354295])])
def test_ips4_comments(name: str, ids: list[int] | None) -> None:
    gt = [g for g in GT_RLLMUK if ids is None or g[0] in ids]
    page = _topic(name)
    assert [p.id for p in page.posts] == [g[0] for g in gt]
    for post, (pid, author, iso, title) in zip(page.posts, gt, strict=True):
        assert post.author == author
        assert post.posted_at == _utc(iso)
        # time[title] is the same instant printed in the board's zone (UK, BST in April)
        shown = parse_board_date(title, tz="Europe/London")
        assert shown is not None and shown == post.posted_at.replace(second=0)
        assert [(q.author, q.post_id) for q in post.quotes] == GT_RLLMUK_QUOTES.get(pid, [])
        assert post.edited is None
    assert page.issues == ()
    assert page.title == "Mafiascum - sign up"
    assert page.topic_id == 286745
    assert (page.page, page.total_pages, page.next_url) == (12, 12, None)
    assert page.logged_in is True


def test_ips4_member_ids_from_profile_links_and_quote_data() -> None:
    posts = {p.id: p for p in _topic(RLLMUK).posts}
    assert posts[11354337].author_id == 2673  # /profile/2673-headache/
    assert posts[11362390].author_id == 5212  # John0 is the logged-in member
    headache_quote = posts[11354337].quotes[0]
    assert headache_quote.author_id == 27615
    assert posts[11354295].author_id == 27615  # the quoted post's author


def test_ips4_quote_is_not_own_text_and_plain_vote_line_is() -> None:
    posts = {p.id: p for p in _topic(RLLMUK).posts}
    quoting = posts[11354337]
    assert "most beautiful game of Mafiascum" in quoting.quotes[0].text
    assert "most beautiful game of Mafiascum" not in quoting.own_text
    assert "said:" not in quoting.quotes[0].text  # the citation line is not quoted text
    assert "Vote: The Grand Pursuivant" in posts[11363916].own_text


def test_ips4_tokens_and_reply_form() -> None:
    html = _html(RLLMUK)
    tokens = page_tokens(html)
    assert tokens.csrf_key == "1ddf8ce6ec7b6c3c2b32fc6f2ee74891"
    assert tokens.member_id == 5212
    assert "csrfKey=1ddf8ce6ec7b6c3c2b32fc6f2ee74891" in html  # logout link
    reply = next(
        f
        for f in parse_forms(html)
        if "commentform_286745_submitted" in dict((n, v) for n, v, _ in f.fields)
    )
    assert reply.method == "POST"
    assert reply.action == (
        "https://www.rllmukforum.com/index.php?/topic/286745-mafiascum-sign-up/&page=12"
    )
    assert reply.enctype == "multipart/form-data"
    names = [n for n, _, _ in reply.fields]
    for field_name in (
        "commentform_286745_submitted",
        "csrfKey",
        "_contentReply",
        "MAX_FILE_SIZE",
        "plupload",
        "topic_comment_286745_noscript",
        "topic_comment_286745",
        "topic_auto_follow",
        "topic_auto_follow_checkbox",
    ):
        assert field_name in names
    values = reply.values()
    assert values["commentform_286745_submitted"] == "1"
    assert values["csrfKey"] == "1ddf8ce6ec7b6c3c2b32fc6f2ee74891"
    assert values["_contentReply"] == "1"
    assert values["MAX_FILE_SIZE"] == "7340032"
    assert values["plupload"] == "0171954a8a31430a015366a8aaa275df"
    assert values["topic_auto_follow"] == "0"


@pytest.mark.parametrize("name", [RLLMUK, RLLMUK_ONE])
def test_ips4_page_markers(name: str) -> None:
    html = _html(name)
    tree = LexborHTMLParser(html)
    title = tree.css_first("title")
    assert title is not None
    assert title.text() == "Mafiascum - sign up - Page 12 - Off Topic - rllmuk"
    body = tree.css_first("body")
    assert body is not None
    assert body.attributes.get("data-pagecontroller") == "topic"
    assert "data-pageid" not in body.attributes  # 4.4+ only; the parser uses the canonical
    jump = tree.css_first("li.ipsPagination_pageJump")
    assert jump is not None and " ".join(jump.text().split()) == "Page 12 of 12"
    pages = tree.css_first("ul.ipsPagination[data-pages]")
    assert pages is not None and pages.attributes.get("data-pages") == "12"
    canonical = tree.css_first("link[rel='canonical']")
    assert canonical is not None and canonical.attributes.get("href") == (
        "https://www.rllmukforum.com/index.php?/topic/286745-mafiascum-sign-up/&page=12"
    )
    assert tree.css_first("link[rel='next']") is None
    assert tree.css_first("li.ipsPagination_next.ipsPagination_inactive") is not None
    page = parse_ipb_topic(html)
    assert (page.topic_id, page.page, page.total_pages, page.next_url) == (286745, 12, 12, None)


# --- IPS 4.7 fragment (armbian) ---------------------------------------------------------------


def test_ips47_fragment_without_head_parses() -> None:
    page = _topic(ARMBIAN)
    got = [(p.id, p.author, p.posted_at, p.posted_at_text) for p in page.posts]
    assert got == [
        (92583, "fabiobassa", _utc("2020-01-08T22:09:53Z"), "January 8, 2020"),
        (93235, "knaerzche", _utc("2020-01-18T22:12:13Z"), "January 18, 2020"),
    ]
    assert [p.author_id for p in page.posts] == [13603, 14286]
    assert " ".join(page.posts[0].own_text.split()).startswith("@jock Well, simply speachless .")
    assert " ".join(page.posts[1].own_text.split()).startswith(
        "Hey, great - somebody else is working on this too"
    )
    for post, title in zip(page.posts, ["01/08/20 10:09  PM", "01/18/20 10:12  PM"], strict=True):
        assert post.posted_at is not None
        assert parse_board_date(title, tz="UTC") == post.posted_at.replace(second=0)


def test_ips47_ckeditor_colours_in_the_leading_fragment() -> None:
    html = _html(ARMBIAN)
    lead = html[: html.index("<article")]
    body, issues = parse_ipb_body(lead, dialect="ips4")
    assert issues == ()
    assert len(body.colored) == 16
    assert [(c.color, c.text) for c in body.colored[:7]] == [
        ("#ff00ff", "Unbrick:"),
        ("#ff00ff", "NAND vs eMMC vs eMCP difference:"),
        ("#ff00ff", "NAND bootloader upgrade:"),
        ("#e74c3c", "don't do this is you have an eMMC or eMCP"),
        ("#ff00ff", "Multimedia:"),
        ("#ff00ff", "Brief explanation about kernel naming:"),
        ("#e74c3c", "suggested"),
    ]
    assert 'style="color:#ff00ff;"' in lead  # the raw value carries the trailing ';'


def test_ips47_article_classes_have_real_double_spaces() -> None:
    html = _html(ARMBIAN)
    assert (
        "cPost ipsBox ipsResponsive_pull  ipsComment  ipsComment_parent ipsClearfix ipsClear "
        "ipsColumns ipsColumns_noSpacing ipsColumns_collapsePhone"
    ) in html
    assert len(_topic(ARMBIAN).posts) == 2


def test_times_are_aware() -> None:
    for name in (H2969, PDA_SEARCH, RLLMUK):
        for p in _topic(name, now=NOW_4PDA).posts:
            assert p.posted_at is not None and p.posted_at.tzinfo is not None
    assert _utc("2017-04-19T17:01:59Z").tzinfo == UTC


def test_players_words_are_not_page_chrome() -> None:
    # a post quoting a board's greeting, script variables and pager text: the login state,
    # post count and page count still come from the page's own markup
    html = _html(H2969)
    mark = "<!-- THE POST 19053 -->"
    at = html.index(mark) + len(mark)
    words = "Здравствуйте, Гость! memberID: 5 multi_page_jump('x', 999, 20) Страниц: (77) "
    page, written = parse_ipb_topic(html), parse_ipb_topic(html[:at] + words + html[at:])
    assert (written.logged_in, written.total_posts, written.total_pages) == (
        page.logged_in,
        page.total_posts,
        page.total_pages,
    )
    assert written.posts[1].text.startswith("Здравствуйте, Гость!")
