"""C-2: conditions that hold a move, and words that only look like conditions; G-M.8: a side
chosen with the invitation put off (`parser.letters.conditions.immaterial`,
`conditions.same_every_branch`, `corrections.whether_or_not`, `actions._set_aside`,
`infer.side_over_unnamed`, `proof._side_undecided`).
Casts: `cast_branches.json` (PEFL, turn 2), `cast_branches_g.json` (Gambler, turn 3, the
prostitute's side choice pending)."""

from __future__ import annotations

import pytest

from parser.letters.conditions import concessive, own_access
from parser.letters.corrections import whether_or_not
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


def _read(cast: str, sender: str, text: str) -> tuple[str, str | None, list[str]]:
    got = read_in_cast(cast, sender, text)
    kind = got.kind
    return (kind, got.code if kind != "move" else got.action, list(got.targets))


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Ростислав", "Проверяю Матвея, если свет не отключат.", "check", "Матвей"),
        ("Злата", "режу хана если успею до дедлайна", "kill", "Хан"),
        ("Варвара", "Если связь будет — лечу Нику.", "heal", "Ника"),
        (
            "Ростислав",
            "Если связи не будет, считайте заявкой: проверка Снежаны.",
            "check",
            "Снежана",
        ),
    ],
)
def test_C_2_a_condition_on_the_senders_access_conditions_no_move(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read("branches", sender, text) == ("move", action, [target])


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Злата", "Режу Хана, если он не доктор."),
        ("Варвара", "Лечу Нику, если её сегодня будут бить."),
        ("Ростислав", "Если свет не отключат и Ника окажется мирной — проверяю Матвея."),
        ("Кузьма", "Убиваю Снежану, если Дон разрешит."),
    ],
)
def test_C_2_a_condition_on_the_game_still_holds_the_move(sender: str, text: str) -> None:
    kind, code, _targets = _read("branches", sender, text)
    assert (kind, code) == ("question", "undecided")


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Гоша", "убиваю нику даже если она доктор", "kill", "Ника"),
        ("Фёдор", "Протект Бусинке, даже если её не тронут", "protect", "Бусинка"),
        ("Злата", "Режу Людмилу. Мирная она или нет — без разницы.", "kill", "Людмила"),
        (
            "Ростислав",
            "Если Ника мирная — проверка Ника, если мафия — всё равно проверка Ника.",
            "check",
            "Ника",
        ),
    ],
)
def test_C_2_a_concession_or_branches_of_one_move_hold_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read("branches", sender, text) == ("move", action, [target])


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Варвара", "Если Ника мирная — лечу Нику, если нет — Людмилу."),
        ("Злата", "Если Дон согласен — режу Матвея, если нет — всё равно режу, но Снежану."),
    ],
)
def test_C_2_branches_of_different_moves_are_asked(sender: str, text: str) -> None:
    kind, _code, _targets = _read("branches", sender, text)
    assert kind == "question"


def test_C_2_branches_with_a_pronoun_for_another_player_are_asked() -> None:
    kind, _code, _targets = _read(
        "branches_g", "Клим", "Если Оксана доктор — режу её, если нет — режу Майю."
    )
    assert kind == "question"


@pytest.mark.parametrize(
    ("sender", "text", "target"),
    [
        ("Ростислав", "Проверил бы Матвея.", "Матвей"),
        ("Варвара", "Я бы полечила Нику", "Ника"),
        ("Гоша", "убил бы ярика", "Ярик"),
    ],
)
def test_C_2_a_move_only_in_the_conditional_is_asked(sender: str, text: str, target: str) -> None:
    got = read_in_cast("branches", sender, text)
    assert (got.kind, got.code) == ("question", "undecided")
    assert target in got.text  # the reading spelt out in the question


def test_C_2_a_wish_on_no_player_names_no_move() -> None:
    got = read_in_cast("branches", "Варвара", "У меня сын болеет, я бы его полечила")
    assert got.kind == "none"


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("Выбираю сторону: мафия. Кого приглашу — напишу завтра", "mafia"),
        ("Выбираю мафию. Кого позвать — ещё думаю.", "mafia"),
        ("выбираю мирных кого приглашу напишу позже", "town"),
    ],
)
def test_G_M_8_a_side_with_the_invitation_put_off_is_the_side(text: str, side: str) -> None:
    got = read_in_cast("branches_g", "Вероника", text)
    assert (got.kind, got.action, got.side) == ("move", "choose_side", side)


@pytest.mark.parametrize(
    "text", ["Выбрала бы мафию", "Наверное, за мафию... не знаю, напишу позже."]
)
def test_G_M_8_a_side_wished_or_doubted_is_asked(text: str) -> None:
    got = read_in_cast("branches_g", "Вероника", text)
    assert (got.kind, got.code) == ("question", "undecided")


def test_C_2_the_recognisers_by_the_structure_of_the_clause() -> None:
    toks = tokenize("Лечу Нику, даже если её не тронут")
    k = next(i for i, t in enumerate(toks) if t.word == "если")
    assert concessive(toks, k)
    toks = tokenize("Лечу Нику, если свет не отключат")
    k = next(i for i, t in enumerate(toks) if t.word == "если")
    assert own_access(toks, k) and not concessive(toks, k)
    toks = tokenize("Лечу Нику, если концерт не перенесут")
    k = next(i for i, t in enumerate(toks) if t.word == "если")
    assert not own_access(toks, k)
    toks = tokenize("Мирная она или нет — всё равно")
    assert whether_or_not(toks, next(i for i, t in enumerate(toks) if t.word == "нет"))
    toks = tokenize("Проверяю Лену, или нет")
    assert not whether_or_not(toks, next(i for i, t in enumerate(toks) if t.word == "нет"))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Ростислав", "Сегодня пропускаю. Я бы проверил Матвея, но не буду."),
        ("Снежана", "Я мирный, ходов нет. Но на вашем месте я бы проверил Матвея."),
    ],
)
def test_C_2_a_skip_stands_over_a_wish(sender: str, text: str) -> None:
    assert read_in_cast("branches", sender, text).kind == "none"
