"""Part 7's silent classes, read by structure (issue 17 item 1), from the development batch
`doubt`/`doubt_g`: a pet form read only as one of the player's own name (C-3); a Don
election corrected to the sender himself (P-S.2); a choice made on the host's leave (C-2,
G-M.8); a kill mused on with another offered and the decision put off (C-2)."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.sender import at_turn, cast_state, sender_view

PEFL: dict[str, Any] = {
    "ruleset": "pefl",
    "turn": 2,
    "players": {
        "Marat": {"role": "commissar"},
        "Вениамин": {"role": "maniac"},
        "Герасим": {"role": "mafia", "clan": "yakuza", "don": True},
        "Рустам": {"role": "mafia", "clan": "yakuza"},
        "Эльдар": {"role": "mafia", "clan": "triad", "don": True},
        "Nastya": {"role": "mafia", "clan": "triad"},
        "Bobik": {"role": "civilian"},
        "Barsik": {"role": "civilian"},
        "Bogdan": {"role": "civilian"},
        "Клим": {"role": "civilian"},
        "Мирон": {"role": "civilian"},
    },
}
GAMBLER: dict[str, Any] = {
    "ruleset": "gambler",
    "turn": 3,
    "pending_side_choice": True,
    "players": {
        "Лукерья": {"role": "prostitute"},
        "Тарас": {"role": "sheriff"},
        "Ефрем": {"role": "godfather"},
        "Остап": {"role": "civilian"},
        "Кузьма": {"role": "civilian"},
    },
}


def _read(cast: dict[str, Any], sender: str, text: str, turn: int | None = None) -> LetterReading:
    state = cast_state(cast)
    view = sender_view(at_turn(state, state.turn if turn is None else turn), sender)
    assert view is not None
    return read_letter(text, view)


@pytest.mark.parametrize("text", ["Проверяю Вовку", "Проверяю Вовика", "Проверяю Бориску"])
def test_C_3_a_pet_form_of_a_name_nobody_bears_is_no_player_merely_close(text: str) -> None:
    # Вовка is Владимир's, Бориска Борис's: Bobik's Latin B only looks like В, and Barsik
    # only sounds like Бориска — a pet form must come from the player's own name
    got = _read(PEFL, "Marat", text)
    assert got.kind == "question" and got.code == "unknown_nick", got


def test_C_3_a_pet_form_of_a_latin_name_nick_and_its_own_word_are_read() -> None:
    assert _read(PEFL, "Marat", "Проверяю Богдашку").targets == ("Bogdan",)
    assert _read(PEFL, "Marat", "Проверяю Барсика").targets == ("Barsik",)
    assert _read(PEFL, "Marat", "Проверяю Бобика").targets == ("Bobik",)


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Рустам", "Дон — Герасим. Хотя нет, лучше я сам"),
        ("Рустам", "В доны Герасима... хотя нет, давайте меня"),
        ("Nastya", "Голосую за Эльдара доном. Нет, лучше себя"),
        ("Эльдар", "дон Nastya, хотя нет, дон я"),
    ],
)
def test_P_S_2_a_don_election_corrected_to_the_sender_elects_the_sender(
    sender: str, text: str
) -> None:
    got = _read(PEFL, sender, text, turn=0)
    assert (got.kind, got.action, got.targets) == ("move", "don", (sender,))


def test_P_S_2_a_correction_naming_nobody_leaves_the_election_asked() -> None:
    got = _read(PEFL, "Рустам", "Дон — Герасим. Хотя нет, лучше Вася", turn=0)
    assert got.kind == "question" and got.action is None
    plain = _read(PEFL, "Рустам", "Дон — Герасим", turn=0)
    assert (plain.action, plain.targets) == ("don", ("Герасим",))


@pytest.mark.parametrize(
    "text", ["Выбираю мирных, если можно", "Если разрешишь, я за мафию", "Играю за город. Можно?"]
)
def test_G_M_8_a_side_chosen_on_the_hosts_leave_is_asked(text: str) -> None:
    got = _read(GAMBLER, "Лукерья", text)
    assert (got.kind, got.code) == ("question", "undecided")
    assert _read(GAMBLER, "Лукерья", "Выбираю мирных").side == "town"


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Marat", "Проверяю Клима, если можно"),
        ("Вениамин", "если ведущий разрешит, убиваю Клима"),
        ("Вениамин", "Убиваю Клима. Можно ведь? Если нельзя — напиши"),
    ],
)
def test_C_2_a_move_on_the_hosts_leave_is_asked(sender: str, text: str) -> None:
    assert _read(PEFL, sender, text).code == "undecided"


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        (PEFL, "Вениамин", "Думаю убить Клима, но может Мирона, решу завтра"),
        (GAMBLER, "Тарас", "Думаю стрельнуть в Остапа, но может в Кузьму. Решу завтра"),
    ],
)
def test_C_2_a_kill_mused_on_with_another_offered_is_no_move(
    cast: dict[str, Any], sender: str, text: str
) -> None:
    assert _read(cast, sender, text).kind != "move"


def test_C_2_a_maybe_about_another_night_leaves_tonights_move() -> None:
    got = _read(PEFL, "Marat", "Сегодня проверка — Клим. Завтра, возможно, Мирон")
    assert (got.action, got.targets) == ("check", ("Клим",))
    settled = _read(PEFL, "Вениамин", "Думаю убить Клима, но, может, Мирона. Ладно, Клима.")
    assert (settled.action, settled.targets) == ("kill", ("Клим",))


# -- batch 10's classes, in words of the tests' own -------------------------------------------

THEATRE_LIKE: dict[str, Any] = {
    "ruleset": "pefl",
    "turn": 2,
    "players": {
        "Marat": {"role": "commissar"},
        "Вениамин": {"role": "maniac"},
        "Эдуард": {"role": "civilian"},
        "Подкова": {"role": "civilian"},
        "Клим": {"role": "civilian"},
        "Мирон": {"role": "civilian"},
        "Степанида": {"role": "civilian"},
        "Герасим": {"role": "mafia", "clan": "yakuza", "don": True},
        "Рустам": {"role": "mafia", "clan": "yakuza"},
    },
}


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю Клима. Привет Мирону!",
        "Проверяю Клима, а Мирону передай, что он молодец.",
        "Проверяю Клима. Спасибо Мирону за вчерашнее.",
    ],
)
def test_C_2_a_greeting_thanks_or_message_naming_a_player_is_a_remark(text: str) -> None:
    got = _read(THEATRE_LIKE, "Marat", text)
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Клим",)), got


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю то ли Клима, то ли Мирона.",
        "Или Клим, или Мирон — не знаю, кого проверить.",
        "То ли Клим, то ли Мирон — сам не знаю.",
    ],
)
def test_C_2_a_letter_weighing_two_players_is_asked_naming_both(text: str) -> None:
    got = _read(THEATRE_LIKE, "Marat", text)
    assert (got.kind, got.code) == ("question", "which_target"), got
    assert "Клим" in got.text and "Мирон" in got.text


def test_C_2_a_story_of_two_visits_one_of_whom_falls_is_asked() -> None:
    got = _read(
        THEATRE_LIKE,
        "Вениамин",
        "Маньяк идёт к Климу, а потом к Мирону, и один из них не проснётся.",
    )
    assert (got.kind, got.code) == ("question", "which_target"), got


def test_C_3_a_name_of_its_own_is_no_pet_form_of_a_close_nick() -> None:
    # Эрик shares only a vowel and a consonant with Эраст — as every name so begun does
    cast = {**THEATRE_LIKE, "players": {**THEATRE_LIKE["players"], "Эраст": {"role": "civilian"}}}
    assert _read(cast, "Marat", "Проверяю Эрика").kind != "move"
    assert _read(cast, "Marat", "Проверяю Эраста").targets == ("Эраст",)


def test_C_3_a_name_is_no_pet_form_of_a_word_nick() -> None:
    cast = {
        **THEATRE_LIKE,
        "players": {**THEATRE_LIKE["players"], "Капельмейстер": {"role": "civilian"}},
    }
    assert _read(cast, "Marat", "Проверяю Капу").kind != "move"
    assert _read(cast, "Marat", "Проверяю Капельмейстера").targets == ("Капельмейстер",)


@pytest.mark.parametrize(
    ("text", "side"),
    [("Za mafiju", "mafia"), ("Za mirnyh. Privet Ostapu", "town"), ("I choose mafia", "mafia")],
)
def test_G_M_8_a_side_typed_in_latin_is_chosen_beside_a_greeting(text: str, side: str) -> None:
    got = _read(GAMBLER, "Лукерья", text)
    assert (got.kind, got.action, got.side) == ("move", "choose_side", side), got


@pytest.mark.parametrize(
    "text",
    [
        "То ли за мирных, то ли за мафию… завтра решу.",
        "Если ответишь, что мирные сильнее, — я за мирных.",
    ],
)
def test_G_M_8_both_sides_weighed_or_a_side_on_the_hosts_answer_is_asked(text: str) -> None:
    got = _read(GAMBLER, "Лукерья", text)
    assert (got.kind, got.code) == ("question", "undecided"), got


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Proverjaju Kapel'mejstera", "Капельмейстер"),
        ("ub'ju Klima", "Клим"),
        ("Proveryayu Kapel`mejstera", "Капельмейстер"),
    ],
)
def test_C_3_russian_typed_in_latin_with_an_apostrophe_for_the_soft_sign(
    text: str, target: str
) -> None:
    cast = {
        **THEATRE_LIKE,
        "players": {**THEATRE_LIKE["players"], "Капельмейстер": {"role": "civilian"}},
    }
    sender = "Вениамин" if text.startswith("ub") else "Marat"
    assert _read(cast, sender, text).targets == (target,)


@pytest.mark.parametrize(
    "text",
    [
        "Между Климом и Мироном выбирал долго… всё-таки Мирон. Проверка.",
        "Проверяю. Между Климом и Мироном выбираю… всё-таки Мирона.",
    ],
)
def test_C_2_a_choice_settled_after_weighing_is_read(text: str) -> None:
    got = _read(THEATRE_LIKE, "Marat", text)
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Мирон",)), got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Если Клим ещё жив, проверяю его, иначе — Мирона.", ("Клим",)),
        ("Если Агата ещё жива, проверяю её, иначе Мирона.", ("Мирон",)),
    ],
)
def test_C_2_a_condition_on_a_player_alive_is_settled_by_the_cast(
    text: str, expected: tuple[str, ...]
) -> None:
    cast = {**THEATRE_LIKE, "dead": {"Агата": "yakuza"}}
    cast["players"] = {**THEATRE_LIKE["players"], "Агата": {"role": "civilian"}}
    got = _read(cast, "Marat", text)
    assert (got.kind, got.targets) == ("move", expected), got
    assert (
        _read(cast, "Вениамин", "Если Агата ещё жива, то убиваю её, иначе никого.").kind == "none"
    )


@pytest.mark.parametrize(
    ("sender", "text", "elected"),
    [
        ("Рустам", "Главным у нас буду я.", "Рустам"),
        ("Рустам", "Голосую, чтобы Герасим рулил.", "Герасим"),
        ("Герасим", "Пусть Рустам будет за старшего. Хотя нет, давайте я.", "Герасим"),
    ],
)
def test_P_S_2_a_don_elected_without_the_word_don(sender: str, text: str, elected: str) -> None:
    got = _read(THEATRE_LIKE, sender, text, turn=0)
    assert (got.kind, got.action, got.targets) == ("move", "don", (elected,)), got
