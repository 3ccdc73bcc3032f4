"""C-2: one correction recogniser for letters and votes (`parser.correction`). A noun or verb
of correction («отмена», «отбой», «поправочка», «отменяю», «отставить», «перепутала») takes
back what came before it only standing alone in its clause or before a dash, colon or comma;
with an object or predicate of its own, governed by a preposition or negated, it is talk. A
side choice (G-M.8) and a Don election (P-S.2) take the choice after the last correction,
and a correction with nothing after it is asked, never the first choice."""

from __future__ import annotations

import pytest

from parser.correction import correction_lemma, corrects, corrects_in
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("word", "lemma"),
    [("поправочка", "поправка"), ("отмена", "отмена"), ("отменяю", "отменять"),
     ("отставить", "отставить"), ("перепутала", "перепутать"), ("отбой", "отбой")],
)  # fmt: skip
def test_C_2_correction_words_are_known_by_their_lemma(word: str, lemma: str) -> None:
    assert correction_lemma(word) == lemma


@pytest.mark.parametrize(
    ("text", "taken_back"),
    [
        ("отмена,", True),
        ("стоп, перепутал:", True),
        ("отбой лечу", True),
        ("отмена голосования перенесена", False),
        ("отбой тревоги был в шесть", False),
        ("отбой был в шесть", False),
        ("поправка к правилам", False),
        ("без отмены", False),
        ("отменять не буду", False),
        ("вчера перепутала, за кого", False),
    ],
)
def test_C_2_a_correction_word_corrects_by_its_place(text: str, taken_back: bool) -> None:
    assert corrects_in(text) is taken_back


def test_C_2_a_particle_corrects_wherever_it_stands() -> None:
    assert corrects("ой", "за", "мафию")


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("За мафию. Стоп, не так — за мирных.", "town"),
        ("Выбираю мафию. Отмена, выбираю мирных.", "town"),
        ("Играю за мирных. Отставить! Играю за мафию.", "mafia"),
        ("vybirayu mirnyh. stop, ne tak, za mafiyu", "mafia"),
    ],
)
def test_G_M_8_the_side_after_the_last_correction_is_chosen(text: str, side: str) -> None:
    got = read_in_cast("amend_g", "Эльвира", text)
    assert (got.kind, got.action, got.side) == ("move", "choose_side", side)


@pytest.mark.parametrize(
    "text", ["Выбираю мафию. Хотя нет, отбой.", "Выбираю мирных. Отмена.", "За мафию... отставить."]
)
def test_G_M_8_a_side_taken_back_with_none_after_is_asked(text: str) -> None:
    assert read_in_cast("amend_g", "Эльвира", text).kind == "question"


@pytest.mark.parametrize(
    "text", ["Выбираю мафию. Отмена голосования днём меня удивила.", "За мирных, без отмены."]
)
def test_G_M_8_a_correction_word_of_talk_keeps_the_side(text: str) -> None:
    got = read_in_cast("amend_g", "Эльвира", text)
    assert (got.kind, got.action) == ("move", "choose_side")


@pytest.mark.parametrize(
    ("sender", "text", "don"),
    [
        ("Агата", "Доном выбираю Демида. Отмена, доном Всеволода.", "Всеволод"),
        ("Демид", "дон агата отбой дон всеволод", "Всеволод"),
        ("Агата", "Голосую за Демида в доны. Поправочка — за Всеволода.", "Всеволод"),
        ("Агата", "Не путать с Демидом: доном выбираю Всеволода.", "Всеволод"),
        ("Демид", "Доном выбираю Всеволода. Отбой тревоги был в шесть, все спят.", "Всеволод"),
    ],
)
def test_P_S_2_the_don_after_the_last_correction_is_elected(
    sender: str, text: str, don: str
) -> None:
    got = read_in_cast("amend", sender, text, turn=0)
    assert (got.kind, got.action, got.targets) == ("move", "don", (don,))


@pytest.mark.parametrize(("sender", "text"), [("Агата", "Доном выбираю Демида. Отменяю."),
                                              ("Демид", "Дон — Агата. Отбой!")])  # fmt: skip
def test_P_S_2_an_election_taken_back_with_none_after_is_asked(sender: str, text: str) -> None:
    assert read_in_cast("amend", sender, text, turn=0).kind == "question"


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Ростислав", "Лечу Нонну. Отменяю, лечу Тараса.", "heal", "Тарас"),
        ("Маргарита", "Режу Прохора. Отставить! Режу Евгению.", "kill", "Евгения"),
        ("Ульяна", "Отбой был в шесть, а проверяю Тараса.", "check", "Тарас"),
        ("Ульяна", "Не путать с Тарасом: проверяю Прохора.", "check", "Прохор"),
        ("Ростислав", "Лечу Тараса. Поправка к правилам мне не нравится.", "heal", "Тарас"),
    ],
)
def test_C_2_a_target_after_a_correction_and_near_misses(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("amend", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_2_a_move_cancelled_with_none_after_is_asked() -> None:
    assert read_in_cast("amend_g", "Мирон", "лечу полину отменяю").kind == "question"
