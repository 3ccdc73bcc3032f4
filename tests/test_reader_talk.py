"""C-2 (a move verb in its everyday sense): a frame of the sender's own day around the move's
verb — two kinds of sign of `parser.letters.sense.everyday_frame`: a place in the locative, a
source that is a thing in the genitive, a stretch of the day, a reason of the sender's own
life later in the sentence — makes the letter a question, never the move; one sign alone is
the night's scene and leaves the move. Cast: `cast_talk.json` (Gambler, turn 2)."""

from __future__ import annotations

import pytest

from parser.letters.sense import _verb_of_things, everyday_frame
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


def _read(sender: str, text: str) -> tuple[str, str | None, list[str]]:
    got = read_in_cast("talk", sender, text)
    return (got.kind, got.code if got.kind == "question" else got.action, list(got.targets))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Вероника", "Ночую у Эмиля в бытовке, у меня дома травят тараканов"),
        ("Вероника", "ночую у стаса на сеновале пока у меня покраска"),
        ("Платон", "Спасаю Ларису от подгоревшего пирога весь вечер"),
        ("Платон", "Прикрываю Эмиля на дежурстве весь день, он к стоматологу"),
    ],
)
def test_C_2_a_move_verb_in_a_frame_of_everyday_life_is_asked(sender: str, text: str) -> None:
    assert _read(sender, text) == ("question", "is_it_a_move", [])


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Вероника", "Ночую у Эмиля в бытовке", "block", "Эмиль"),
        ("Фаина", "Режу Стаса в подсобке", "kill", "Стас"),
        ("Платон", "Лечу Ларису от гриппа", "heal", "Лариса"),
        ("Платон", "Лечу Эмиля второй раз", "heal", "Эмиль"),
        ("Тарас", "Проверяю Стаса, весь вечер молчал", "check", "Стас"),
        ("Платон", "Прикрываю Ларису всю ночь", "heal", "Лариса"),
    ],
)
def test_C_2_one_sign_of_a_scene_leaves_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read(sender, text) == ("move", action, [target])


def test_C_2_the_frame_is_named_by_its_first_phrase() -> None:
    tokens = tokenize("Ночую у Эмиля в бытовке, у меня дома травят тараканов")
    assert everyday_frame(tokens, 0) == "в бытовке"
    assert everyday_frame(tokenize("Режу Стаса в подсобке"), 0) is None


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Вероника", "Это не ход. Вчера у Ларисы в теплице собирали огурцы"),
        ("Вероника", "Прошу не считать ходом: у Эмиля на кухне опять сгорела каша"),
        ("Вероника", "ход не нужен, просто у Стаса в гараже ночью шумели"),
    ],
)
def test_C_2_a_letter_that_calls_itself_no_move_is_none(sender: str, text: str) -> None:
    assert _read(sender, text) == ("none", None, [])


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Платон", "Лечу Стаса. Это ход, а не шутка", "heal", "Стас"),
        ("Тарас", "Вчерашнее письмо было не ход. Сегодня проверяю Ларису", "check", "Лариса"),
        ("Тарас", "Не шутка, проверяю Эмиля", "check", "Эмиль"),
    ],
)
def test_C_2_a_negation_of_something_else_leaves_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read(sender, text) == ("move", action, [target])


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Фаина", "режу морковку"),
        ("Фаина", "режу шланг"),
        ("Фаина", "ломаю мел"),
        ("Кузьма", "режу свечу пополам"),
        ("Фаина", "режу тёрку"),
    ],
)
def test_C_3_a_word_nick_as_the_bare_object_of_a_verb_of_things_is_asked(
    sender: str, text: str
) -> None:
    assert _read(sender, text) == ("question", "is_it_a_move", [])


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Фаина", "Режу Морковку", "kill", "Морковка"),
        ("Фаина", "режу шланга", "kill", "Шланг"),
        ("Платон", "лечу лопату", "heal", "Лопата"),
        ("Евдокия", "убиваем тёрку", "kill", "Тёрка"),
        ("Фаина", "режу морковку, она мафия", "kill", "Морковка"),
        ("Фаина", "режу стаса", "kill", "Стас"),
    ],
)
def test_C_3_a_capital_a_person_or_a_verb_of_persons_leaves_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read(sender, text) == ("move", action, [target])


def test_C_3_a_verb_of_things_has_an_adjective_of_its_participle() -> None:
    assert _verb_of_things("резать") and _verb_of_things("ломать")
    assert not _verb_of_things("убивать") and not _verb_of_things("проверять")
