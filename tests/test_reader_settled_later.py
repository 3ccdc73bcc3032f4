"""C-2: a question, a condition or a wish settled by a firm move said after it (batch 15,
class M3). «А если проверю X, мне скажут…? Ладно, проверяю X.»: the question asks the host
about the rules and the later sentence, opening by settling it, makes the move; «Проверить
бы X… Проверяю Y.»: the plain move said later is the one made, the wish set aside. A move
that hangs on the question («Тогда проверяю X») or a wish alone stays asked."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "target"),
    [
        (
            "Сациви",
            "Вадим, а если проверю Меренгу, её завербуют к нам? Ладно, проверяю Меренгу.",
            "Меренга",
        ),
        ("Сациви", "А если проверю Кинзу, мне скажут правду? Всё равно проверяю Кинзу.", "Кинза"),
        ("Сациви", "Проверить бы Лагмана... Проверяю Шампура.", "Шампур"),
        (
            "Сациви",
            "Проверить бы Лагмана... хотя лагман я сегодня уже ел)) Проверяю Шампура.",
            "Шампур",
        ),
    ],
)
def test_C_2_a_firm_move_after_a_question_or_a_wish_stands(
    sender: str, text: str, target: str
) -> None:
    got = read_in_cast("kitchen_g", sender, text)
    assert got.kind == "move" and list(got.targets) == [target], got


@pytest.mark.parametrize(
    "text",
    [
        "Вопрос: если Кинзу повесят, проверка сгорит? Тогда проверяю Меренгу.",
        "Проверить бы Лагмана...",
    ],
)
def test_C_2_a_move_hanging_on_the_question_or_a_wish_alone_is_asked(text: str) -> None:
    got = read_in_cast("kitchen_g", "Сациви", text)
    assert got.kind != "move", got
