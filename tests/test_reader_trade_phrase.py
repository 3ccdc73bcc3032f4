"""C-2: a verb of the game said in a trade's phrase proves no move.

A move's verb takes its player, and only a few goals besides (a shot «в» something, a check
«на» what it seeks, an invitation «в гости»). A goal no move of the action takes — a
preposition with a thing in the accusative after the verb, governed by it («беру в кадр X»,
«режу X под каре», «пробиваю X в отпуск») — says the verb is the writer's trade: asked,
naming the verb (`sense.goal_off_frame`, `proof._trade_goal`; a verb outside the
vocabulary before a dash, `sense.trade_verb_before`). A verb whose own object or aim is a
thing or someone else («спасаю на работе отчёт», «стреляю глазами в зал», «бью по мячу»,
«спасаю котёнка») leaves the player of another clause no target (`sense.thing_object`).
Places and times («в подъезде», «на рассвете», «под утро»), the move's own scene words
(«на прицел») and a restated object («лечу мужа, то есть X») keep the move. Casts:
`cast_tradephrase.json` (Gambler turn 2: Грач the maniac, Зорин the sheriff, Аглая the
doctor, Лаврентий the commissar, Снежана the prostitute) and `cast_tradephrase_p.json`
(PEFL turn 2: Грач the maniac, Штурман the commissar, Аглая the doctor, Молот the thug)."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


def _read(cast: str, sender: str, text: str) -> tuple[str, str | None, list[str]]:
    got = read_in_cast(cast, sender, text)
    return (got.kind, got.code if got.kind == "question" else got.action, list(got.targets))


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        ("tradephrase_p", "Грач", "Режу в салоне Милену под каре"),  # `proof._trade_goal`
        ("tradephrase_p", "Штурман", "Пробиваю по базе Ульяну в отпуск"),
        ("tradephrase_p", "Штурман", "проверяю тараса в эксель на ошибки"),
        ("tradephrase", "Грач", "Беру в кадр Вадика"),  # a verb of choosing with a goal
        ("tradephrase", "Грач", "beru v kadr Vadika"),
        ("tradephrase", "Снежана", "Сажаю модель на стул — Милена"),  # `trade_verb_before`
    ],
)
def test_C_2_a_goal_no_move_takes_is_asked_naming_the_verb(
    cast: str, sender: str, text: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert got.kind == "question" and got.code == "is_it_a_move", got
    assert f"«{text.split()[0]}" in got.text, got.text  # the question names the verb


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        ("tradephrase", "Аглая", "спасаю на работе отчёт, Милена рядом сидит"),  # past a place
        ("tradephrase_p", "Грач", "Мочу в бане веники, Стёпа парится"),  # «мочу»: a noun first
        ("tradephrase_p", "Аглая", "спасаю на обрыве котёнка, Вадик держит верёвку"),
        ("tradephrase", "Зорин", "стреляю глазами в зал, там Милена"),  # an aim that is a thing
        ("tradephrase_p", "Молот", "Бью по мячу, Филипп на воротах"),
        ("tradephrase", "Лаврентий", "проверяю на складе накладные — Ульяна принесла"),
    ],
)
def test_C_2_a_verb_with_its_own_object_leaves_the_player_elsewhere_no_target(
    cast: str, sender: str, text: str
) -> None:
    assert _read(cast, sender, text)[0] != "move"


@pytest.mark.parametrize(
    ("cast", "sender", "text", "move"),
    [
        ("tradephrase", "Грач", "Беру Вадика на прицел", ("kill", ["Вадик"])),
        ("tradephrase", "Грач", "Убиваю Милену в подъезде", ("kill", ["Милена"])),
        ("tradephrase", "Зорин", "Стреляю в Тараса на рассвете", ("kill", ["Тарас"])),
        ("tradephrase", "Лаврентий", "Проверяю Ульяну на вшивость", ("check", ["Ульяна"])),
        ("tradephrase", "Снежана", "Зову Тараса на ночь к себе", ("block", ["Тарас"])),
        ("tradephrase", "Аглая", "Лечу Вадика на дому", ("heal", ["Вадик"])),
        ("tradephrase_p", "Грач", "Убиваю Ульяну под утро", ("kill", ["Ульяна"])),  # a time
        ("tradephrase_p", "Грач", "Режу Вадика на кусочки", ("kill", ["Вадик"])),
        ("tradephrase", "Аглая", "Лечу соседа) Ну то есть Тараса", ("heal", ["Тарас"])),
        (
            "tradephrase_p",
            "Грач",
            "Днём убиваю время на работу, а ночью убиваю Вадика",
            ("kill", ["Вадик"]),
        ),
    ],
)
def test_C_2_places_times_scene_words_and_the_moves_own_goals_keep_the_move(
    cast: str, sender: str, text: str, move: tuple[str, list[str]]
) -> None:
    assert _read(cast, sender, text) == ("move", *move)
