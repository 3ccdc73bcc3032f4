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


@pytest.mark.parametrize("words", ["elComment_7", "ipsSettings", "data-post=5 post_body"])
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
