"""decode_html on the real saved IPB pages (fixtures/ipb) and on edge cases; every entry point
reading a page whose meta tag lies about its charset, or that has none."""

from __future__ import annotations

import codecs
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parser.encoding import declared_charsets, decode_html, decode_html_ex
from parser.pages import parse_topic, read_page
from tests.conftest import FIXTURES, ROOT

IPB = FIXTURES / "ipb"
HUSTLE = [
    "1x-2x/ipb13ru_hustle-sa_showtopic2969_utf8.html",
    "1x-2x/ipb13ru_hustle-sa_showtopic3058_utf8.html",
    "1x-2x/ipb13ru_hustle-sa_showtopic3092_utf8.html",
]
PDA = {
    "1x-2x/ipb2fork_4pda_search_posts_page1_cp1251.html": "<title>Поиск - 4PDA</title>",
    "1x-2x/ipb2fork_4pda_mentions_cp1251.html": "<title>Упоминания - 4PDA</title>",
    "1x-2x/ipb2fork_4pda_login_form_cp1251.html": "<title>Вход - 4PDA</title>",
}


def _read(name: str) -> bytes:
    return (IPB / name).read_bytes()


@pytest.mark.parametrize("name", HUSTLE)
def test_meta_windows_1251_over_utf8_bytes_reads_utf8(name: str) -> None:
    data = _read(name)
    assert declared_charsets(data) == [("cp1251", "meta")]
    got = decode_html_ex(data)
    assert got.encoding == "utf-8"
    assert got.source == "utf-8 bytes"
    assert "Форум АСХ" in got.text
    # The same bytes read as the meta tag claims would be mojibake.
    assert "Форум АСХ" not in data.decode("cp1251", errors="replace")


def test_meta_lie_survives_a_matching_header_lie() -> None:
    data = _read(HUSTLE[0])
    got = decode_html_ex(data, "text/html; charset=windows-1251")
    assert got.encoding == "utf-8"
    assert "Хастл-Центр" in got.text


@pytest.mark.parametrize(("name", "title"), sorted(PDA.items()))
def test_real_windows_1251_page_by_meta(name: str, title: str) -> None:
    got = decode_html_ex(_read(name))
    assert got.encoding == "cp1251"
    assert got.source == "meta"
    assert title in got.text


def test_windows_1251_by_http_header() -> None:
    name = "1x-2x/ipb2fork_4pda_search_posts_page1_cp1251.html"
    got = decode_html_ex(_read(name), 'text/html; charset="Windows-1251"')
    assert (got.encoding, got.source) == ("cp1251", "header")
    assert "Сегодня, 13:24" in got.text


def test_header_claiming_utf8_on_cp1251_bytes_falls_back_to_meta() -> None:
    name = "1x-2x/ipb2fork_4pda_mentions_cp1251.html"
    got = decode_html_ex(_read(name), "text/html; charset=UTF-8")
    assert (got.encoding, got.source) == ("cp1251", "meta")
    assert "Упоминания" in got.text


def test_cp1251_without_any_declaration_goes_to_the_detector() -> None:
    # The real 4PDA page with its charset labels blanked (same length, same Cyrillic bytes).
    data = _read("1x-2x/ipb2fork_4pda_search_posts_page1_cp1251.html")
    data = data.replace(b"windows-1251", b"xxxxxxxxxxxx")
    assert declared_charsets(data) == []
    got = decode_html_ex(data)
    assert got.source == "detector"
    assert "Поиск - 4PDA" in got.text
    assert "Сообщение отредактировал" in got.text


def test_utf8_bom_is_stripped_and_wins() -> None:
    got = decode_html_ex(
        _read("4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html")
    )
    assert (got.encoding, got.source) == ("utf-8", "bom")
    assert not got.text.startswith("\ufeff")
    assert got.text.lstrip().startswith("<!DOCTYPE html>")
    assert "Mafiascum - sign up" in got.text


def test_undeclared_ascii_fragment_reads_as_utf8() -> None:
    text = decode_html(_read("4x-5x/ic47_armbian_topic34923_fragment-from-readme-md.html"))
    assert text.startswith("\t<strong>DISCLAIMERS (PLEASE READ):</strong>")


def test_utf16_bom() -> None:
    data = codecs.BOM_UTF16_LE + "<p>Голосую</p>".encode("utf-16-le")
    assert decode_html(data) == "<p>Голосую</p>"


def test_unknown_label_is_ignored() -> None:
    data = '<meta charset="x-no-such-charset"><p>Ночь</p>'.encode()
    assert decode_html(data) == '<meta charset="x-no-such-charset"><p>Ночь</p>'


def test_stray_undefined_byte_keeps_the_declared_single_byte_charset() -> None:
    # 0x98 is undefined in windows-1251; the rest of the page must still read as Cyrillic.
    data = b'<meta charset="windows-1251"><p>' + "Голосую против".encode("cp1251") + b"\x98</p>"
    text = decode_html(data)
    assert "Голосую против" in text


@given(st.binary(max_size=400), st.one_of(st.none(), st.text(max_size=40)))
def test_never_raises(data: bytes, content_type: str | None) -> None:
    assert isinstance(decode_html(data, content_type), str)


@given(st.text(alphabet="абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВЁ .,!?-", min_size=8, max_size=200))
def test_russian_cp1251_round_trips_when_declared(text: str) -> None:
    data = b'<meta charset="windows-1251">' + text.encode("cp1251")
    assert decode_html(data) == '<meta charset="windows-1251">' + text


# --- a page whose meta tag lies, or that has none: every entry point reads the bytes -----------
#
# A phpBB page whose board (or a proxy) serves windows-1251 under its «charset=utf-8» meta, and
# the real IPB 1.3 board's windows-1251 page with its meta tag saying UTF-8 or gone. The one
# decision is decode_html's; the phpBB reader's shortcut (reading UTF-8 bytes as they are) must
# never read such a page as UTF-8.

PHPBB_PAGE = FIXTURES / "phpbb" / "topic_p3.html"
IPB13_PAGE = FIXTURES / "ipb13" / "http" / "topic_pages" / "0.html"
IPB13_META = b'<meta http-equiv="content-type" content="text/html; charset=windows-1251" />'


def _phpbb_variants() -> dict[str, bytes]:
    cp = PHPBB_PAGE.read_text(encoding="utf-8").encode("cp1251", errors="replace")
    assert b'<meta charset="utf-8" />' in cp
    return {
        "phpbb meta lies": cp,
        "phpbb no meta": cp.replace(b'<meta charset="utf-8" />', b""),
    }


def _ipb13_variants() -> dict[str, bytes]:
    data = IPB13_PAGE.read_bytes()
    assert IPB13_META in data
    return {
        "ipb13 meta lies": data.replace(b"charset=windows-1251", b"charset=utf-8"),
        "ipb13 no meta": data.replace(IPB13_META, b""),
    }


def _truth(data: bytes) -> list[str]:
    return [p.author for p in parse_topic(data, tz="UTC").posts]


LYING = {**_phpbb_variants(), **_ipb13_variants()}


@pytest.mark.parametrize("case", sorted(LYING))
def test_every_entry_point_reads_a_lying_page_from_its_bytes(case: str, tmp_path: Path) -> None:
    true_page = PHPBB_PAGE if case.startswith("phpbb") else IPB13_PAGE
    want = _truth(true_page.read_bytes())
    assert want and all("\ufffd" not in nick for nick in want)
    data = LYING[case]
    path = tmp_path / "page.html"
    path.write_bytes(data)
    assert [p.author for p in parse_topic(data, tz="UTC").posts] == want  # bytes
    assert [p.author for p in parse_topic(read_page(path), tz="UTC").posts] == want  # text
    res = subprocess.run(
        [sys.executable, "-m", "mafiabot", "parse", "posts", "--tz", "UTC", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert res.returncode == 0, res.stderr
    assert [json.loads(line)["author"] for line in res.stdout.splitlines()] == want


def test_a_page_that_says_utf8_and_is_keeps_its_replacement_characters() -> None:
    # a real UTF-8 page where someone typed U+FFFD: read from its bytes, not decoded anew
    page = PHPBB_PAGE.read_text(encoding="utf-8").replace("Шерлок", "Шер\ufffdлок")
    got = parse_topic(page.encode("utf-8"), tz="UTC")
    assert "Шер\ufffdлок" in [p.author for p in got.posts]
