"""Every parser entry point against generated hostile input, on both boards.

Post and PM bodies are generated from the markup players can produce (colours, formatting,
strikes, code, links to posts, each board's quotes) nested at random, optionally buried under
up to 1,500 levels of plain elements, wrapped in a colour, put into a real page of each board
and the page optionally cut short. Whatever comes out: no exception, the other posts of the
page kept, no word that stood only inside a quote read as the author's own or coloured
(C-3: a quoted vote is not a vote), and a cut page saying so. Example counts are small: the
suite stays fast, the generator's variety does the work over many runs.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from parser.colors import canonical_color, color_family, matches_colors
from parser.dates import read_date, read_formatted_date
from parser.dialects import IPB2, IPS4
from parser.encoding import decode_html
from parser.html import CUT_SHORT, parse_html
from parser.ipb.body import parse_ipb_body
from parser.ipb.messenger import parse_ipb_conversation, parse_ipb_pm, parse_ipb_pm_folder
from parser.ipb.topic import parse_ipb_topic
from parser.links import linked_post_ids, post_id_from_href
from parser.pages import parse_pm, parse_pm_folder, parse_topic
from parser.phpbb.messages import parse_pm as parse_phpbb_pm
from parser.phpbb.messages import parse_pm_folder as parse_phpbb_pm_folder
from parser.phpbb.topic import parse_topic as parse_phpbb_topic
from parser.records import PMFolder, PrivateMessage, TopicPage
from tests.conftest import FIXTURES

QUOTED = "цитатослово"  # stands only inside quotes in every generated body
TEMPLATES = Path(__file__).parent / "ipb_template_pages"

PHP_TOPIC = (FIXTURES / "phpbb/topic_p1.html").read_text(encoding="utf-8")
PHP_BODY = '<div class="content"><span style="color:green">Mister X</span></div>'
PHP_PM = (FIXTURES / "phpbb/pm_view_1.html").read_text(encoding="utf-8")
PHP_FOLDER = (FIXTURES / "phpbb/pm_inbox.html").read_text(encoding="utf-8")
IPB13 = decode_html((FIXTURES / "ipb/1x-2x/ipb13ru_hustle-sa_showtopic2969_utf8.html").read_bytes())
IPS4_PAGE = decode_html(
    (
        FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
    ).read_bytes()
)
IPB_PMS = {
    name: (TEMPLATES / f"{name}.template.html").read_text(encoding="utf-8")
    for name in (
        "ipb13_pm_view",
        "ipb3_pm_conversation",
        "ips4_messenger_conversation",
        "ipb13_pm_inbox",
        "ipb3_pm_folder",
        "ips4_messenger_list",
    )
}

QUOTES = {
    "phpbb": "<blockquote><div><cite>Кот писал(а):</cite>" + QUOTED + " {}</div></blockquote>",
    "ipb2": "<div class='quotetop'>Цитата(Кот @ 1.1.2020, 10:00)</div><div class='quotemain'>"
    + QUOTED
    + " {}</div>",
    "ips4": "<blockquote class='ipsQuote' data-ipsquote-username='Кот'><div class="
    "'ipsQuote_citation'>Кот said:</div><div class='ipsQuote_contents'>" + QUOTED + " {}</div>"
    "</blockquote>",
}
WRAPPERS = (
    '<span style="color:red">{}</span>',
    '<span style="color: #008000; text-decoration: line-through">{}</span>',
    '<font color="green">{}</font>',
    '<strong style="color:rgb(255,0,0)">{}</strong>',
    "<b>{}</b>",
    "<em>{}</em>",
    "<s>{}</s>",
    "<div>{}</div>",
    "<span>{}</span>",
    "<code>{}</code>",
    "<ul><li>{}</li></ul>",
)
LEAVES = (
    "Шерлок",
    "за Ватсона",
    " ",
    "&amp; ",
    "<br>",
    '<a href="./viewtopic.php?p=5#p5">за</a>',
    "<a href='index.php?showtopic=3&amp;view=findpost&amp;p=7'>тут</a>",
    "١٢ ",
)


def bodies(board: str) -> st.SearchStrategy[str]:
    wrappers = (*WRAPPERS, QUOTES[board])

    def extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.tuples(st.sampled_from(wrappers), st.lists(children, max_size=3)).map(
            lambda t: t[0].format("".join(t[1]))
        )

    return st.recursive(st.sampled_from(LEAVES), extend, max_leaves=16)


@st.composite
def hostile(draw: st.DrawFn, board: str) -> str:
    """A body: generated markup, maybe buried deep, maybe inside a colour."""
    body = draw(bodies(board))
    depth = draw(st.sampled_from([0, 0, 3, 200, 1_500]))
    tag = draw(st.sampled_from(["span", "div", "b", "font"]))
    body = f"<{tag}>" * depth + body + f"</{tag}>" * depth
    if draw(st.booleans()):
        body = f'<span style="color:red">{body}</span>'
    return body


cuts = st.one_of(st.none(), st.floats(0.02, 0.995))


def _cut(page: str, at: float | None) -> str:
    return page if at is None else page[: int(len(page) * at)]


def _after(page: str, marker: str, payload: str) -> str:
    i = page.index(marker)
    j = page.index(">", i) + 1
    return page[:j] + payload + page[j:]


def _said_so(issues: tuple[object, ...]) -> bool:
    return any(getattr(i, "message", "") == CUT_SHORT for i in issues)


def _quotes_are_not_own(own_text: str, colored: tuple[object, ...]) -> None:
    assert QUOTED not in own_text
    assert all(QUOTED not in getattr(c, "text", "") for c in colored)


@settings(max_examples=15, deadline=None)
@given(hostile("phpbb"), cuts)
def test_phpbb_topic_and_pm(body: str, at: float | None) -> None:
    page_html = _cut(PHP_TOPIC.replace(PHP_BODY, f'<div class="content">{body}</div>'), at)
    for forced, page in (
        (False, parse_topic(page_html)),
        (False, parse_topic(page_html.encode())),
        (True, parse_phpbb_topic(page_html)),
    ):
        assert isinstance(page, TopicPage)
        if at is None:
            assert [p.id for p in page.posts] == list(range(48, 58))
            assert not _said_so(page.issues)
        else:
            # cut before the board shows itself, the dispatcher says "no known board"
            assert _said_so(page.issues) if forced else page.issues
        for post in page.posts:
            _quotes_are_not_own(post.own_text, post.colored)
            assert all(q.depth >= 1 for q in post.quotes)
    pm_html = _cut(_after(PHP_PM, '<div class="content"', body), at)
    for msg in (parse_pm(pm_html), parse_phpbb_pm(pm_html)):
        assert msg is None or isinstance(msg, PrivateMessage)
        if msg is not None:
            _quotes_are_not_own(msg.own_text, ())
            assert (at is None) != _said_so(msg.issues)


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(["ipb2", "ips4"]), st.data(), cuts)
def test_ipb_topics(board: str, data: st.DataObject, at: float | None) -> None:
    body = data.draw(hostile(board))
    if board == "ipb2":
        page_html, count = _after(IPB13, "<!-- THE POST ", body), 15
    else:
        page_html, count = _after(IPS4_PAGE, "data-role='commentContent'", body), 25
    page_html = _cut(page_html, at)
    dialect = IPB2 if board == "ipb2" else IPS4
    for forced, page in (
        (True, parse_ipb_topic(page_html, dialect=dialect)),
        (False, parse_ipb_topic(page_html)),
        (False, parse_topic(page_html, board="ipb")),
    ):
        assert isinstance(page, TopicPage)
        if at is None:
            assert len(page.posts) == count
            assert not _said_so(page.issues)
            first = page.posts[0]
            _quotes_are_not_own(first.own_text, first.colored)
            assert first.quotes or QUOTED not in body
        else:
            assert len(page.posts) <= count
            assert _said_so(page.issues) if forced else page.issues


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["ipb2", "ips4"]), st.data())
def test_ipb_bodies(board: str, data: st.DataObject) -> None:
    body = data.draw(hostile(board))
    parts, issues = parse_ipb_body(body, dialect=IPB2 if board == "ipb2" else IPS4)
    _quotes_are_not_own(parts.own_text, parts.colored)
    assert len(parts.quotes) == body.count(QUOTED)
    assert [q.depth for q in parts.quotes][:1] in ([], [1])
    assert all(isinstance(i.message, str) for i in issues)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(sorted(IPB_PMS)), hostile("ipb2"), cuts)
def test_ipb_pms_and_folders(name: str, body: str, at: float | None) -> None:
    page = IPB_PMS[name]
    for marker in ("class='postcolor'", "entry-content", 'data-role="commentContent"', "<td"):
        if marker in page:
            page = _after(page, marker, body)
            break
    page = _cut(page, at)
    msg = parse_ipb_pm(page)
    assert isinstance(msg, PrivateMessage)
    assert all(isinstance(m, PrivateMessage) for m in parse_ipb_conversation(page))
    folder = parse_ipb_pm_folder(page)
    assert isinstance(folder, PMFolder)
    assert isinstance(parse_pm_folder(page, board="ipb"), PMFolder)
    if at is not None:
        assert folder.issues  # cut (or cut before the page shows its board)


@settings(max_examples=15, deadline=None)
@given(hostile("phpbb"), cuts)
def test_phpbb_pm_folders(body: str, at: float | None) -> None:
    page = _cut(_after(PHP_FOLDER, '<ul class="topiclist cplist pmlist', body), at)
    folder = parse_phpbb_pm_folder(page)
    assert (at is None) != _said_so(folder.issues)
    auto = parse_pm_folder(page)
    assert isinstance(auto, PMFolder) and (at is None or auto.issues)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40), st.sampled_from(["family:red", "family:green", "red", "#0f0"]))
def test_colours(value: str, spec: str) -> None:
    canon = canonical_color(value)
    assert canon is None or (len(canon) == 7 and canon.startswith("#"))
    assert color_family(value) is None or canon is not None
    assert isinstance(matches_colors(value, [spec]), bool)


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=80))
def test_links_and_dates(text: str) -> None:
    pid = post_id_from_href(text)
    assert pid is None or pid >= 0
    value, why = read_date(text)
    assert (value is None) != (why is None)
    value, why = read_formatted_date(text, IPB2.date_formats)
    assert (value is None) != (why is None)


@settings(max_examples=20, deadline=None)
@given(hostile("phpbb"))
def test_linked_post_ids_skip_quotes(body: str) -> None:
    root = parse_html(f"<div id='r'>{body}</div>").css_first("#r")
    assert root is not None
    ids = linked_post_ids(root, lambda n: n.tag in ("blockquote", "code"))
    assert set(ids) <= {5, 7}
