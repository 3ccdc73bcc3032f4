"""The known-miss classes that recur across the development batches (14-16: football, cooks,
chess), each read by a rule of the language and the sender's role, never by a phrase (C-2,
C-3, P-M.8, G-M.5)."""

from __future__ import annotations

import json

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import NO_TARGET, UNDECIDED, ReadingSettings
from parser.sender import cast_state, sender_view
from tests.letter_kit import LETTERS, read_in_cast


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Шах и мат, Блик! Убиваю.", "Блик"),
        ("Блик. Убиваю.", "Блик"),
        ("Бедный Блик! Убиваю.", "Блик"),
    ],
)
def test_C_2_a_bare_action_word_takes_the_one_player_a_nominal_line_before_it_ends_on(
    text: str, target: str
) -> None:
    # the maniac's kill word is a sentence on its own; the sentence before names one player
    # and tells nothing of him (no verb): the two read as one «X — убиваю»
    got = read_in_cast("chess", "Цейтнот", text)
    assert got.kind == "move" and got.action == "kill" and got.targets == (target,), got


@pytest.mark.parametrize(
    "text",
    [
        "Спасибо, Блик. Убиваю.",  # an address with thanks: the move names no one
        "Блик ходит конём. Убиваю.",  # a line telling what he does
        "Блик? Убиваю.",  # a question
        "Не Блик. Убиваю.",  # a negation
        "Блик и Слон. Убиваю.",  # two players: which one?
        "Блик. Подумаю ещё. Убиваю.",  # not the sentence right before
    ],
)
def test_C_2_a_line_that_tells_more_than_the_player_gives_a_bare_action_word_no_target(
    text: str,
) -> None:
    got = read_in_cast("chess", "Цейтнот", text)
    assert got.kind != "move", got


def test_C_2_a_bare_action_word_with_no_line_before_it_is_still_asked_for_a_target() -> None:
    got = read_in_cast("chess", "Цейтнот", "Убиваю.")
    assert got.kind == "question" and got.code == NO_TARGET, got


@pytest.mark.parametrize(
    ("sender", "text", "offered"),
    [
        ("Ладья", "Может, Слона? Решай, Ферзь.", "Слон"),
        ("КМС_2150", "Таль, может Этюдиста? Он задачник.", "Этюдист"),
        ("Ладья", "Ферзь, давай Слона?", "Слон"),
    ],
)
def test_P_M_8_a_members_victim_offered_to_his_don_as_a_question_is_asked(
    sender: str, text: str, offered: str
) -> None:
    # P-M.8 ruling (`member_suggestion = "ask"`): the member offers, the Don decides — asked
    # whether it is his request, the player offered named in the question
    got = read_in_cast("chess", sender, text)
    assert got.kind == "question" and got.code == UNDECIDED and offered in got.text, got


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Ферзь", "Может, Слона?"),  # the Don's own doubt: no offer to anyone
        ("Ладья", "Ферзь, может Слон уже убил кого?"),  # a question about another's move
        ("Ладья", "Может, Слона или Блика?"),  # two players: no one offered
    ],
)
def test_P_M_8_a_question_that_offers_the_don_no_one_is_no_offer(sender: str, text: str) -> None:
    got = read_in_cast("chess", sender, text)
    assert got.code != UNDECIDED, got


def test_P_M_8_the_offer_rule_follows_the_setting_of_the_senders_rule_set() -> None:
    # the host's `member_suggestion = "request"`, `mafioso_suggestion` left at "ask"
    offer_request = ReadingSettings(suggestion="request")
    state = cast_state(json.loads((LETTERS / "cast_chess.json").read_text(encoding="utf-8")))
    view = sender_view(state, "Ладья")
    assert view is not None
    got = read_letter("Может, Слона? Решай, Ферзь.", view, settings=offer_request)
    assert got.kind == "none", got
    # G-M.5/G-M.6: a Gambler mafioso's offer follows `mafioso_suggestion`, not the PEFL
    # `member_suggestion` (tests/test_mafioso_suggestion.py)
    state = cast_state(json.loads((LETTERS / "cast_chess_g.json").read_text(encoding="utf-8")))
    view = sender_view(state, "Вилка")
    assert view is not None
    text = "Может, Эстета? Гроссмейстер, решай."
    got = read_letter(text, view, settings=offer_request)
    assert got.kind == "question" and got.code == UNDECIDED, got


def test_C_3_a_lower_case_thing_after_a_preposition_is_no_second_player() -> None:
    # «эндшпиль» is a player's nick and a chess word; after «на», in lower case, beside a
    # player written as a nick, it is the phrase's thing
    got = read_in_cast(
        "chess", "Блиц", "Днём убиваю время на эндшпиль с Janis_Riga, а ночью убиваю Janis_Riga."
    )
    assert got.kind == "move" and got.targets == ("Janis_Riga",), got
    # no action word: the Don's order in kitchen words, «шампур» (the maniac) a skewer
    got = read_in_cast("kitchen_g", "Шеф Гурам", "Кинза, Аджика — Жульена на шампур!")
    assert got.kind == "move" and got.action == "kill" and got.targets == ("Жульен",), got


def test_C_3_a_lower_case_word_nick_that_alone_names_the_player_is_still_read() -> None:
    # «в эндшпиль» with no other player: the word nick is the only candidate, read as before
    got = read_in_cast("chess", "Блиц", "Стреляю в эндшпиль.")
    assert got.kind == "move" and got.targets == ("Эндшпиль",), got
