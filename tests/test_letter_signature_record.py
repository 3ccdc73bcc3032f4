"""A signature typed into a letter is cut by the letter's record, as a post's is (C-2, G-N.1):
the PM readers find where it begins by the body's lines (`PrivateMessage.words_end`) — on
phpBB, whose own text of a body is one line, and on Invision, whose own text keeps the lines —
and the move reader, the daemon's included, reads the sender's words alone
(`parser.moves.letter_words`). The letters are real saved PM view pages (phpBB 3.3, IPB 1.3)
with their body's words replaced."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from engine.actions import Move
from mafiabot.store.codec import from_json, to_json
from parser.moves import letter_words, read_pm
from parser.pages import parse_pm
from parser.records import PrivateMessage

FIX = Path(__file__).resolve().parent.parent / "fixtures"
PHPBB_BODY = '<div class="content">Проверяю Шерлока</div>'


def _phpbb(body: str) -> str:
    page = (FIX / "phpbb/pm_view_4.html").read_text(encoding="utf-8")
    assert PHPBB_BODY in page
    return page.replace(PHPBB_BODY, f'<div class="content">{body}</div>')


def _ipb13(body: str) -> str:
    page = (FIX / "ipb13/live/pm_view_12_move.html").read_bytes().decode("cp1251")
    found = re.compile(r"<span class='postcolor'>.*?</span>", re.S)
    assert found.search(page) is not None
    return found.sub(f"<span class='postcolor'>{body}</span>", page, count=1)


PAGES = {"phpbb": _phpbb, "ipb13": _ipb13}
# the signature names another living player: read with the letter, the move has two nicks
SIGNED = {
    "dashes": "Проверяю Шерлока<br />--<br />Ватсон, друг Мориарти",
    "sign-off": "Проверяю Шерлока<br /><br />С уважением,<br />ваш Мориарти, проверяю всех",
}


def _letter(board: str, body: str) -> PrivateMessage:
    pm = parse_pm(PAGES[board](body), board="auto", tz="Europe/Moscow")
    assert pm is not None
    return pm


def _read(pm: PrivateMessage) -> object:
    return read_pm(pm, living=[pm.sender, "Шерлок", "Мориарти", "Ватсон"])[0]


@pytest.mark.parametrize("kind", SIGNED)
@pytest.mark.parametrize("board", PAGES)
def test_C_2_a_letters_signature_is_cut_by_its_record(board: str, kind: str) -> None:
    pm = _letter(board, SIGNED[kind])
    assert pm.words_end is not None
    assert " ".join(letter_words(pm).split()) == "Проверяю Шерлока"
    got = _read(pm)
    assert isinstance(got, Move) and got.action == "check" and got.targets == ("Шерлок",)
    # the stored record keeps the cut, so the daemon's reading of it is the same
    stored = from_json(PrivateMessage, to_json(pm))
    assert stored is not None and stored.words_end == pm.words_end


@pytest.mark.parametrize("kind", SIGNED)
def test_C_2_on_phpbb_the_cut_is_what_keeps_the_signatures_nick_out(kind: str) -> None:
    pm = _letter("phpbb", SIGNED[kind])
    assert "\n" not in pm.own_text  # phpBB's own text of a body is one line
    uncut = _read(replace(pm, words_end=len(pm.own_text)))
    assert not isinstance(uncut, Move)  # two nicks, and no way to tell the signature


@pytest.mark.parametrize("board", PAGES)
def test_a_letter_without_a_signature_keeps_all_its_words(board: str) -> None:
    pm = _letter(board, "Проверяю Шерлока<br />-- он тихий, а Ватсон нет")
    assert pm.words_end == len(pm.own_text)  # a dash in a line of words signs nothing
    assert letter_words(pm) == pm.own_text


@pytest.mark.parametrize("board", PAGES)
def test_a_letter_stored_before_it_kept_the_cut_reads_its_stored_body_once(board: str) -> None:
    pm = _letter(board, SIGNED["dashes"])
    record = dict(to_json(pm))
    del record["words_end"]  # as a record of an older release was stored
    old = from_json(PrivateMessage, record)
    assert old is not None and old.words_end is None
    assert letter_words(old) == letter_words(pm)
    got = _read(old)
    assert isinstance(got, Move) and got.targets == ("Шерлок",)


def test_the_saved_letters_read_as_before() -> None:
    pm = parse_pm((FIX / "phpbb/pm_view_4.html").read_text(encoding="utf-8"))
    assert pm is not None and letter_words(pm) == pm.own_text == "Проверяю Шерлока"
