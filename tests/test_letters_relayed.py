"""C-2: only the player's own account moves for him. A letter written for another player
(«пишу за Февронию: она лечит Аду», «Феврония просила передать, что …», «от имени …») is
no move of the account that sends it: refused, the answer saying that a move is taken only
from the player's own account (`other_account`). A letter someone else wrote for the
account's own player («муж просил передать: проверяю Аду», «это жена Никифора, …») comes
from the right account but not in his own words: asked back (`relayed`) for him to confirm.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parser.letters.reading import OTHER_ACCOUNT, REFUSAL_CODES, RELAYED, LetterReading
from tests.letter_kit import read_in_cast
from tests.test_daemon_moves import _play_with_letters


def _read(sender: str, text: str, cast: str = "relay") -> LetterReading:
    return read_in_cast(cast, sender, text)


@pytest.mark.parametrize(
    ("sender", "text", "owner"),
    [
        ("Никифор", "Пишу за Февронию: она лечит Аду", "Феврония"),
        ("Никифор", "От имени Февронии: лечу Аду", "Феврония"),
        ("Никифор", "Феврония просила передать, что лечит Аду", "Феврония"),
        ("Аксинья", "Мстислав просил передать: убиваем Фаддея, исполнитель Аксинья", "Мстислав"),
        ("Евпраксия", "Ратибор просил передать: подрывает Мстислава", "Ратибор"),
    ],
)
def test_C_2_a_move_written_for_another_player_is_refused_naming_the_rule(
    sender: str, text: str, owner: str
) -> None:
    got = _read(sender, text)
    assert (got.kind, got.code, got.action) == ("refused", OTHER_ACCOUNT, None), got
    assert OTHER_ACCOUNT in REFUSAL_CODES
    assert "только от самого игрока" in got.text and f"пусть {owner} пришлёт" in got.text


@pytest.mark.parametrize(
    "text",
    [
        "Муж просил передать: проверяю Аду",
        "Это жена Никифора, он просил передать — проверяет Аду",
        "Пишу за мужа, он на работе: проверяю Аду",
        "Пишу за Никифора: проверяю Аду",
    ],
)
def test_C_2_a_move_written_by_someone_else_for_the_accounts_player_is_asked(text: str) -> None:
    got = _read("Никифор", text)
    assert (got.kind, got.code) == ("question", RELAYED), got
    assert "написали за вас" in got.text, got.text
    # the move it names spelt out, and the letter that would make it his own
    assert "проверка — Ада" in got.text and "«Проверяю Ада»" in got.text, got.text


def test_C_2_the_senders_own_move_beside_another_players_is_asked_spelt_out() -> None:
    got = _read("Никифор", "Проверяю Аду. Феврония просила передать, что будет лечить себя")
    assert (got.kind, got.code) == ("question", RELAYED), got
    assert "проверка — Ада" in got.text and "«Проверяю Ада»" in got.text, got.text


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю Аду. Пишу за себя, не за команду",
        "пишу с телефона жены, проверяю Аду",
        "Проверяю Аду, жена просила передать привет ведущему",
    ],
)
def test_C_2_the_senders_own_words_about_writing_leave_his_move(text: str) -> None:
    got = _read("Никифор", text)
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Ада",)), got


def test_C_2_a_letter_for_another_player_with_no_move_is_no_move() -> None:
    assert _read("Никифор", "Пишу за Февронию: она заболела и просит замену").kind == "none"


def test_C_2_the_daemon_refuses_a_move_written_for_another_player(tmp_path: Path) -> None:
    """The refusal goes back with the rule in the player's words."""
    _run, answers = _play_with_letters(
        "pefl",
        tmp_path,
        "Dr.Watson",
        [("2026-11-28T19:50", "Пишу за Шерлока: он проверяет Кота")],
        until="2026-11-28T21:00",
    )
    assert len(answers) == 1, answers
    (reply,) = answers
    assert "только от самого игрока" in reply and "Шерлок" in reply, reply
