"""Letters from a cast whose nicks are ordinary words (verbs in the first person, adverbs,
«Пас»), skips followed by named players, a member deferring to the Don, an order relayed in
the Don's words, and signatures (C-2, C-3, P-M.8, G-M.5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parser.letters.reader import read_letter
from parser.sender import cast_state, sender_view
from parser.signature import unsigned

CAST = json.loads(
    (Path(__file__).parent / "letters" / "cast_verbs.json").read_text(encoding="utf-8")
)


def _read(sender: str, text: str) -> dict[str, object]:
    view = sender_view(cast_state(CAST), sender)
    assert view is not None
    return read_letter(text, view).to_json()


@pytest.mark.parametrize(
    "text",
    [
        "Сплю сегодня, устал",  # the doctor's own «сплю»: no heal of the player Сплю
        "Лечить сегодня не буду, жду, что скажут",
        "Сплю этой ночью, лечить не буду",
    ],
)
def test_C_2_a_verb_nick_in_its_own_sense_is_no_target(text: str) -> None:
    assert _read("Алёна", text)["kind"] == "none"


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Алёна", "Никого не лечу. Сплю."),
        ("Тимур", "Этой ночью никого не проверяю. жду, что завтра скажет Марина"),
    ],
)
def test_C_2_a_declined_move_beside_word_nicks_asks_nothing(sender: str, text: str) -> None:
    assert _read(sender, text)["kind"] == "none"


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Тимур", "Проверяю Жду", "check", "Жду"),
        ("Тимур", "Жду проверяю, слишком тихий", "check", "Жду"),
        ("Алёна", "Лечу Верю", "heal", "Верю"),
        ("Потом", "Убиваю Пас", "kill", "Пас"),  # a skip word as the nick the verb aims at
        ("Тимур", "Проверка: Сплю", "check", "Сплю"),  # the label's slot
    ],
)
def test_C_2_a_verb_nick_in_a_move_slot_is_the_target(
    sender: str, text: str, action: str, target: str
) -> None:
    got = _read(sender, text)
    assert (got["kind"], got["action"], got["targets"]) == ("move", action, [target])


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Тимур", "Пас. Марина мутная, но подожду"),
        ("Потом", "Сегодня ничего. Марину убить успею"),
        ("Вера", "Сегодня без хода, Олег и так живучий"),
        ("Тимур", "Хочу проверить Нину, но пока рано. Сегодня без хода"),
    ],
)
def test_C_2_an_explicit_skip_stands_beside_named_players(sender: str, text: str) -> None:
    assert _read(sender, text)["kind"] == "none"


def test_C_2_a_plain_move_after_a_skip_still_moves() -> None:
    got = _read("Алёна", "Пропускаю. Ой, нет — лечу Олега")
    assert (got["kind"], got["targets"]) == ("move", ["Олег"])


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Скоро", "ИМХО надо валить Олега"),
        ("Люблю", "Иду велел передать: исполнителем буду я, цель Олег"),
        ("Люблю", "Передаю от дона: убиваем Нину, исполняю я"),
        ("Скоро", "По приказу Иду: цель Олег, исполнитель я"),
        ("Скоро", "Если дон не против, убиваем Нину"),
    ],
)
def test_P_M_8_a_members_opinion_or_a_relayed_order_is_no_move(sender: str, text: str) -> None:
    assert _read(sender, text)["kind"] != "move"


def test_P_M_8_the_dons_own_order_still_moves() -> None:
    got = _read("Иду", "Убиваем Марину, исполнитель Люблю")
    assert (got["kind"], got["targets"], got["executor"]) == ("move", ["Марина"], "Люблю")


def test_C_2_a_signature_is_cut_before_reading() -> None:
    assert unsigned("Проверяю Нину.\n--\nЖду, верю, надеюсь") == "Проверяю Нину.\n"
    assert unsigned("Пас\nС уважением, Тимур") == "Пас\n"
    assert unsigned("-- \nтолько подпись") == "-- \nтолько подпись"  # nothing before it
    got = _read("Тимур", "Проверяю Нину.\n--\nЖду, верю, надеюсь")
    assert (got["kind"], got["targets"]) == ("move", ["Нина"])
    assert _read("Хочу", "Ход пропускаю.\n--\nХочу всё знать!")["kind"] == "none"
