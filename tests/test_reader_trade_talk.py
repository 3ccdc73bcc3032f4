"""C-2: trade talk aimed at a player, and a move put off by a clause of a later time.

A move's verb given a thing in the bare instrumental beside its player («Накрываю Тюленя
волной», «Травлю Рулевого байками», «Прикрываю Якоря брезентом») is said in the sense of the
writer's own world: the game's moves take a player and nothing more
(`parser.letters.sense.trade_instrument`). Alone it is a question, beside a proven move it
is talk. Times and manners of the game's own sense, the game's own instruments and an
executor by whose hands keep the move.

A move whose sentence holds a clause of the sender's own later time («когда зайдём в
порт», «как только вернусь с вахты», «полечу после тренировки») waits past tonight's deadline
(`parser.letters.promised.put_off_by_time`): asked; «когда» in a question, in a past clause
or with another's verb («когда все уснут») puts nothing off. Cast: `cast_tradetalk.json`
(PEFL turn 2; Шкипер the commissar, Лекарь the doctor, Кашевар the maniac, Судак and Прораб
the Dons)."""

from __future__ import annotations

import pytest

from parser.letters.promised import put_off_by_time
from parser.letters.reading import IS_IT_A_MOVE, UNDECIDED
from parser.letters.sense import trade_instrument
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


def _read(sender: str, text: str) -> tuple[str, str | None, list[str], str | None]:
    got = read_in_cast("tradetalk", sender, text)
    return (
        got.kind,
        got.code if got.kind == "question" else got.action,
        list(got.targets),
        (got.executor),
    )


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Кашевар", "Травлю Рулевого байками до самого утра"),  # P-M.13, a sea tale
        ("Кашевар", "Накрываю Тюленя волной."),  # a verb the game does not know
        ("Кашевар", "Валю Фазана с первого выстрела, дробью"),  # the hunt
        ("Лекарь", "Прикрываю Якоря брезентом от дождя"),  # P-M.5, a tarpaulin
        ("Кашевар", "Режу Форель скальпелем под наркозом"),  # the surgery
    ],
)
def test_C_2_a_thing_in_the_instrumental_beside_the_player_is_asked(sender: str, text: str) -> None:
    kind, code, _targets, _executor = _read(sender, text)
    assert (kind, code) == ("question", IS_IT_A_MOVE)


def test_C_2_P_M_1_trade_talk_beside_a_proven_move_is_talk() -> None:
    got = _read("Шкипер", "Травлю Рулевого байками весь вечер. Проверяю Кормчего.")
    assert got == ("move", "check", ["Кормчий"], None)
    got = _read("Лекарь", "Прикрываю Якоря брезентом, а то промокнет. Лечу Тюленя.")
    assert got == ("move", "heal", ["Тюлень"], None)


def test_P_M_8_a_dons_order_beside_trade_talk_stands() -> None:
    got = _read(
        "Судак", "Накрываем Барбоса сетью, рыба любит. Убиваем Стрелка, исполнитель Плотник."
    )
    assert got == ("move", "kill", ["Стрелок"], "Плотник")


@pytest.mark.parametrize(
    ("sender", "text", "want"),
    [
        ("Кашевар", "Убиваю Трала. Тихо и наверняка", ("move", "kill", ["Трал"], None)),
        ("Кашевар", "Режу Хирурга ночью", ("move", "kill", ["Хирург"], None)),
        ("Кашевар", "Убиваю Рулевого ножом", ("move", "kill", ["Рулевой"], None)),
        ("Лекарь", "Лечу Лосося таблетками", ("move", "heal", ["Лосось"], None)),
        ("Судак", "Убиваем Тренера руками Корсара", ("move", "kill", ["Тренер"], "Корсар")),
    ],
)
def test_C_2_times_manners_instruments_and_executors_keep_the_move(
    sender: str, text: str, want: tuple[str, str | None, list[str], str | None]
) -> None:
    assert _read(sender, text) == want


def test_C_2_trade_instrument_reads_the_grammar() -> None:
    tokens = tokenize("Травлю Рулевого байками")
    assert trade_instrument(tokens, 0, frozenset({1})) == 2
    # a thing of someone's, told of the act on the player, is no trade's material
    assert trade_instrument(tokenize("Задушу Миледи её же чулком"), 0, frozenset({1})) is None
    # another predicate's words after the move are not its arguments
    tokens = tokenize("лечу Нину потому что она угощает конфетами")
    assert trade_instrument(tokens, 0, frozenset({1})) is None


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Шкипер", "Проверю Тюленя, когда зайдём в порт"),  # P-M.1
        ("Кашевар", "Как только вернусь с вахты — убиваю Трала"),  # P-M.13
        ("Лекарь", "После того как сдам смену, лечу Форель"),  # P-M.5
        ("Шкипер", "Проверка Фазана — когда выйду из леса"),
        ("Лекарь", "Полечу Якоря после тренировки"),  # the perfective future (M1)
        ("Прораб", "Когда достроим баню, убиваем Маляра, исполнитель Печник"),  # P-M.8
    ],
)
def test_C_2_a_move_put_off_by_a_clause_of_later_time_is_asked(sender: str, text: str) -> None:
    kind, code, _targets, _executor = _read(sender, text)
    assert (kind, code) == ("question", UNDECIDED)


@pytest.mark.parametrize(
    ("sender", "text", "want"),
    [
        ("Шкипер", "Ведущий, когда дедлайн? Проверяю Тюленя.", ("move", "check", ["Тюлень"])),
        (
            "Шкипер",
            "Когда мы Якоря проверяли, он был чист. Теперь проверяю Барбоса.",
            ("move", "check", ["Барбос"]),
        ),
        ("Лекарь", "Когда все уснут, лечу Форель", ("move", "heal", ["Форель"])),
        ("Шкипер", "Проверяю Кормчего, пока он на вахте", ("move", "check", ["Кормчий"])),
        ("Лекарь", "Лечу Кормчего — когда ещё, как не сегодня", ("move", "heal", ["Кормчий"])),
    ],
)
def test_C_2_when_in_a_question_a_past_clause_or_anothers_verb_puts_nothing_off(
    sender: str, text: str, want: tuple[str, str, list[str]]
) -> None:
    assert _read(sender, text)[:3] == want


def test_C_2_put_off_by_time_quotes_the_clause() -> None:
    tokens = tokenize("Проверю Тюленя, когда зайдём в порт")
    assert put_off_by_time(tokens, 0, set()) == "когда зайдём"
    tokens = tokenize("Проверю Тюленя после обхода")
    assert put_off_by_time(tokens, 0, set()) == "после обхода"
    # a clause of later time inside a question asks, it puts off no move
    tokens = tokenize("Проверю Тюленя, когда зайдём в порт?")
    assert put_off_by_time(tokens, 0, {0}) is None


def test_C_2_a_move_put_off_with_nobody_named_waits() -> None:
    got = read_in_cast("tradetalk", "Шкипер", "Проверю после вахты.")
    assert got.kind == "none"
