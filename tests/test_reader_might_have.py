"""C-2 (might-have): a player named under a predicate in the conditional mood — «бы» with a
past form, an infinitive or a predicative word, or with no verb («вот бы ещё X») — is no
target of the move said plainly beside it (`parser.letters.mood.conditional_at`); «чтобы»,
a «бы» after a question word, and a «бы» clause that names nobody leave the move as it was.
Cast: `cast_mightdo.json` (PEFL, turn 2, the necromancer's protects open)."""

from __future__ import annotations

import pytest

from parser.letters.mood import conditional_at, conditional_word
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


def _read(sender: str, text: str) -> tuple[str, str | None, list[str]]:
    got = read_in_cast("mightdo", sender, text)
    return (got.kind, got.code if got.kind == "question" else got.action, list(got.targets))


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Кирилл", "Защищаю Маргариту, хотя мог бы и Ладу", "protect", "Маргарита"),
        ("Кирилл", "протект маргарита, ладу бы тоже прикрыл кароч но низя", "protect", "Маргарита"),
        ("Полина", "убиваю мирона хотя хотелось бы ладу", "kill", "Мирон"),
        ("Лёня", "Бью Мирона. Вот Ладу бы побить, да жалко", "beat", "Мирон"),
        ("Ася", "Лечу Сивого. Вот бы ещё Мирона, но одного можно", "heal", "Сивый"),
        (
            "Штерн",
            "Проверяю Мирона. Вчера все бы проголосовали за Ладу, если бы не Сивый",
            "check",
            "Мирон",
        ),
    ],
)
def test_C_2_a_player_under_a_might_have_is_no_target(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read(sender, text) == ("move", action, [target])


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Кирилл", "Если бы не Лада, я бы не выжил. Защищаю Ладу", "protect", "Лада"),
        ("Штерн", "Проверяю Мирона, чтобы знать наверняка", "check", "Мирон"),
        ("Полина", "Убиваю Мирона, чтобы Лада не мешала", "kill", "Мирон"),
        ("Лёня", "бью сивого хоть бы раз попасть", "beat", "Сивый"),
        ("Ася", "Лечу Маргариту — без неё было бы скучно", "heal", "Маргарита"),
        ("Штерн", "Проверил бы Ветрову, но сегодня проверяю Q-7", "check", "Q-7"),
    ],
)
def test_C_2_near_misses_stay_moves(sender: str, text: str, action: str, target: str) -> None:
    assert _read(sender, text) == ("move", action, [target])


def test_C_2_the_mood_is_read_from_the_predicate_not_a_phrase() -> None:
    tokens = tokenize("Защищаю Маргариту, хотя мог бы и Ладу")
    assert not conditional_at(tokens, 1, 2)
    assert conditional_at(tokens, 6, 7)
    assert not conditional_word(tokens, 0)
    assert conditional_word(tokens, 3)
    # «чтобы» is one word, a conjunction: no particle
    purpose = tokenize("Убиваю Мирона, чтобы Лада не мешала")
    assert not conditional_at(purpose, 3, 4)
