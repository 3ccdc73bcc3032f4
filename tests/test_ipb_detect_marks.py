"""`detect_ipb` decides IPB 1.x/2.x from the top of a page's `<body>` (a bare `<body>` whose
first element is the stock skin's wrapper) before weighing the page's signals; every saved
page reads the same either way, and a page without the mark is judged as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from parser.dialects import IPB2, IPB2_4PDA, IPB3, IPS4
from parser.encoding import decode_html
from parser.ipb.detect import detect_ipb, detect_ipb_reference
from tests.conftest import FIXTURES

TESTS = Path(__file__).resolve().parent
SAVED = sorted(
    [*FIXTURES.rglob("*.html"), *(TESTS / "ipb_template_pages").glob("*.html")],
    key=str,
)
H2969 = FIXTURES / "ipb/1x-2x/ipb13ru_hustle-sa_showtopic2969_utf8.html"
PDA_LOGIN = FIXTURES / "ipb/1x-2x/ipb2fork_4pda_login_form_cp1251.html"
RLLMUK = FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
TITLE = "(2014-09-06) Открытие сезона (г.Москва)"


def _html(path: Path) -> str:
    return decode_html(path.read_bytes())


def test_every_saved_page_reads_the_same_generation_as_the_reference() -> None:
    marked = 0
    for path in SAVED:
        html = _html(path)
        assert detect_ipb(html) is detect_ipb_reference(html), path
        marked += '<body>\n<div id="ipbwrapper">' in html
    assert marked >= 50  # the IPB 1.3 pages are decided by the mark


@pytest.mark.parametrize(
    "words", ["elComment_7", "ipsSettings", "data-post=5 post_body", "ipb.vars['x']"]
)
def test_a_topic_title_naming_other_boards_markup_leaves_ipb13(words: str) -> None:
    # the title is a player's words, printed in the head's <title> and above the first post;
    # the weighed signals take some of these for another generation, the wrapper does not
    html = _html(H2969)
    assert html.count(TITLE) == 2
    titled = html.replace(TITLE, f"{TITLE} {words}")
    assert detect_ipb(titled) is IPB2


def test_ipb3_script_variables_in_the_head_disagree_with_the_wrapper() -> None:
    # an IPB 3 skin keeping IPB 2's bare body and wrapper: its head defines `ipb.vars`
    html = _html(H2969)
    script = "<script type='text/javascript'>ipb.vars['member_id'] = 0;</script>\n</head>"
    ipb3 = html.replace("</head>", script, 1)
    assert ipb3 != html
    assert detect_ipb(ipb3) is detect_ipb_reference(ipb3) is IPB3


def test_without_a_bare_body_the_signals_decide() -> None:
    html = _html(H2969).replace(TITLE, f"{TITLE} elComment_7")
    dressed = html.replace("<body>", '<body class="x">', 1)
    assert detect_ipb(dressed) is detect_ipb_reference(dressed)
    assert detect_ipb(dressed) is not IPB2  # what the signals read here


def test_the_wrapper_under_another_boards_body_tag_is_not_the_mark() -> None:
    html = _html(RLLMUK)
    body = html.index("<body")
    at = html.index(">", body) + 1
    wrapped = html[:at] + '\n<div id="ipbwrapper"></div>' + html[at:]
    assert detect_ipb(wrapped) is IPS4


def test_the_wrapper_must_open_the_body() -> None:
    html = _html(H2969)
    moved = html.replace('<body>\n<div id="ipbwrapper">', '<body>\n<p></p><div id="ipbwrapper">')
    assert moved != html
    moved = moved.replace(TITLE, f"{TITLE} elComment_7")
    assert detect_ipb(moved) is detect_ipb_reference(moved)
    assert detect_ipb(moved) is not IPB2


def test_a_bare_body_with_another_wrapper_is_not_the_mark() -> None:
    # 4PDA's fork: a bare <body> opening its own wrapper
    html = _html(PDA_LOGIN)
    assert html[html.index("<body") :].startswith("<body>")
    assert detect_ipb(html) is IPB2_4PDA


def test_a_wrapper_inside_the_body_tag_is_no_element() -> None:
    # `<body ` then `<div id=…>`: the tokenizer reads attributes of the body tag, not a div
    html = _html(H2969).replace(TITLE, f"{TITLE} elComment_7")
    inside = html.replace("<body>\n<div", "<body \n<div", 1)
    assert inside != html
    assert detect_ipb(inside) is detect_ipb_reference(inside)
    assert detect_ipb(inside) is not IPB2


_IPB3_SCRIPT = "<script type='text/javascript'>ipb.vars['member_id'] = 0;</script>"


def _titled(html: str, words: str) -> str:
    assert html.count(TITLE) == 2
    return html.replace(TITLE, f"{TITLE} {words}")


def test_a_title_naming_ipb3_variables_is_no_script() -> None:
    # the head's title is a player's words: IPB 3's variables count only inside a <script>,
    # whether the title comes before the head's scripts or after one of them
    titled = _titled(_html(H2969), "ipb.vars['member_id'] = 1")
    assert titled.index("ipb.vars[") < titled.index("<script")  # the title first
    assert detect_ipb(titled) is detect_ipb_reference(titled) is IPB2
    after = titled.replace("<title>", f"{_IPB3_SCRIPT.replace('ipb.vars', 'x.y')}\n<title>", 1)
    assert after.index("<script") < after.index("ipb.vars[")  # a script closed before it
    assert detect_ipb(after) is detect_ipb_reference(after) is IPB2


def test_ipb3_variables_in_a_script_after_a_title_naming_them_still_count() -> None:
    titled = _titled(_html(H2969), "ipb.vars[")
    ipb3 = titled.replace("</head>", f"{_IPB3_SCRIPT}\n</head>", 1)
    assert ipb3 != titled
    assert detect_ipb(ipb3) is detect_ipb_reference(ipb3) is IPB3


def test_ipb3_variables_without_the_wrapper_name_ipb3_from_the_head() -> None:
    # no IPB 1.3 wrapper: the head's script decides before any post opening is looked at
    html = _html(H2969).replace("<body>", '<body id="ipboard_body">', 1)
    ipb3 = html.replace("</head>", f"{_IPB3_SCRIPT}\n</head>", 1)
    assert detect_ipb(ipb3) is IPB3
    assert detect_ipb(_titled(html, "ipb.vars[")) is IPB2


@pytest.mark.parametrize("words", ["ipsSettings", "ipsSettings = {}"])
def test_an_ipb3_topic_titled_with_ips4s_settings_stays_ipb3(words: str) -> None:
    # IPS 4 defines `ipsSettings` in a head script; in the title it is a player's words
    html = (TESTS / "ipb_template_pages/ipb3_topic.template.html").read_text(encoding="utf-8")
    titled = html.replace("<title>Mafia Game 7", f"<title>Mafia Game 7 {words}", 1)
    assert titled != html
    assert detect_ipb(titled) is detect_ipb_reference(titled) is IPB3
    scripted = titled.replace("</head>", "<script>var ipsSettings = {};</script></head>", 1)
    assert scripted != titled
    assert detect_ipb(scripted) is IPS4  # the head's script names IPS 4, as before
