"""The silent classes development batch 18 (`tests/letters/batch18.md`, `bar`/`bar_g`: a
lawyers' forum) showed, each read by the grammar of the words and the sender's role, never
by a phrase (C-2, C-3): an action infinitive a modal predicate governs is nobody's act now; an
infinitive the sender's negated intent governs is the move declined; a verb of the day's
phase aimed at a player is no night role's action."""

from __future__ import annotations

import pytest

from parser.letters.modal import governance
from parser.letters.reading import IS_IT_A_MOVE
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


def _governed(text: str, word: str) -> str | None:
    tokens = tokenize(text)
    return governance(tokens, next(k for k, t in enumerate(tokens) if t.word == word))


@pytest.mark.parametrize(
    ("text", "word", "kind"),
    [
        ("Убивать нельзя, отпустить Истца.", "убивать", "declined"),
        ("Лечить его не стоит.", "лечить", "declined"),
        ("Не нужно проверять Статуса.", "проверять", "declined"),
        ("Стрелять нельзя миловать — Мотыв.", "стрелять", "modal"),
        ("Проверить Статуса можно бы.", "проверить", "modal"),
        ("Надо бы убить Истца.", "убить", "modal"),
        ("Проверять никого не стану.", "проверять", "declined"),
        ("Убивать я сегодня не собираюсь.", "убивать", "declined"),
        ("Убить Истца.", "убить", None),
        ("Можно убить Истца?", "убить", None),  # a question is read where questions are
    ],
)
def test_C_2_an_infinitive_a_modal_or_a_declined_intent_governs_is_no_act_now(
    text: str, word: str, kind: str | None
) -> None:
    assert _governed(text, word) == kind


@pytest.mark.parametrize(
    "text",
    ["Убить нельзя, простить Истца. Сегодня без меча.", "Сегодня Истца бить не стоит."],
)
def test_C_2_P_M_3_an_act_a_negated_modal_governs_is_no_move(text: str) -> None:
    # the ninja's only targeted move would be inferred on the named player (P-M.3)
    got = read_in_cast("bar", "LexFortis", text)
    assert got.kind == "none", got


def test_C_2_G_M_4_a_modal_between_two_infinitives_decides_nothing_and_is_asked() -> None:
    # the maniac's kill (G-M.4) is his only move: the comma-less sentence may govern either
    got = read_in_cast("bar_g", "Апелляция", "Убить нельзя отпустить — Мотива.")
    assert got.kind == "question" and got.code == IS_IT_A_MOVE, got


@pytest.mark.parametrize(
    "text",
    [
        "Подозреваю Отвода, но стрелять в него сегодня не стану.",
        "Отвод виноват, однако убивать его я не буду.",
    ],
)
def test_C_2_G_M_4_the_sheriffs_declined_shot_is_no_move(text: str) -> None:
    got = read_in_cast("bar_g", "Обвинитель", text)
    assert got.kind == "none", got


def test_C_2_a_declined_move_beside_a_firm_one_leaves_the_firm_one() -> None:
    got = read_in_cast("bar_g", "Обвинитель", "Мотыва трогать не буду. Стреляю в Отвода.")
    assert got.kind == "move" and got.action == "kill" and got.targets == ("Отвод",), got


@pytest.mark.parametrize("text", ["Сажаю Статуса.", "Вешаю Статуса.", "Посажу Истца."])
def test_C_2_C_3_P_M_13_a_verb_of_the_days_court_is_no_maniacs_kill(text: str) -> None:
    # P-M.13: the maniac's kill is his; jailing and hanging are the day's, not his action
    got = read_in_cast("bar", "Статут", text)
    assert got.kind == "question" and got.code == IS_IT_A_MOVE, got


def test_C_2_P_M_13_a_slang_verb_with_the_player_alone_is_still_the_maniacs_kill() -> None:
    got = read_in_cast("bar", "Статут", "Кромсаю Статуса.")
    assert got.kind == "move" and got.action == "kill" and got.targets == ("Статус",), got


@pytest.mark.parametrize(
    "text",
    [
        "Лечу Мотыва при условии, что Отвода днём не посадят.",
        "Лечу Мотыва в случае, если Отвод сегодня проголосует за Мотыва.",
        "Лечу Мотыва при условии, что ведущий подтвердит мою роль.",
    ],
)
def test_C_2_G_M_7_a_condition_said_with_a_noun_is_a_condition(text: str) -> None:
    # «при условии, что …», «в случае, если …» open a condition as «если» does (one list of
    # conditions): on what the host does not know, the heal (G-M.7) is asked, never taken
    got = read_in_cast("bar_g", "Lex_Medica", text)
    assert got.kind == "question", got


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Lex_Medica", "Лечу Мотыва при условии, что его сегодня не посадят.", "heal", "Мотыв"),
        ("Обвинитель", "Стреляю в Отвода при условии, что днём его не посадят.", "kill", "Отвод"),
    ],
)
def test_G_M_1_a_condition_only_that_the_target_outlives_the_court_is_the_engines_own(
    sender: str, text: str, action: str, target: str
) -> None:
    # G-M.1: the jailed are out before the night's moves, and a move on a player out has no
    # effect — the condition says nothing the engine does not settle itself
    got = read_in_cast("bar_g", sender, text)
    assert got.kind == "move" and got.action == action and got.targets == (target,), got


def test_P_O_1_a_condition_that_the_target_is_not_hanged_is_the_engines_own() -> None:
    # P-O.1: the hanged leave before the night's shots
    got = read_in_cast(
        "bar", "Гурьева_Н.П.", "Лечу Свидетеля при условии, что его днём не повесят."
    )
    assert got.kind == "move" and got.action == "heal" and got.targets == ("Свидетель",), got


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        (
            "Судебный_Пристав",
            "Вручаю повестку Председателю — то есть избиваю.",
            "beat",
            "Председатель",
        ),
        ("Судебный_Пристав", "Беру под стражу Свидетеля, в смысле избиваю.", "beat", "Свидетель"),
        ("Лемехов_С.Т.", "Запрашиваю досье Статуса — проверка.", "check", "Статус"),
    ],
)
def test_C_2_P_M_1_P_M_11_the_move_restated_after_a_dash_or_то_есть_is_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    # the player named in words of another sense, then the bare action word restating them:
    # the later statement says what was meant (the thug's beating P-M.11, the check P-M.1)
    got = read_in_cast("bar", sender, text)
    assert got.kind == "move" and got.action == action and got.targets == (target,), got


def test_C_2_a_restating_action_word_with_its_own_player_keeps_the_first_asked() -> None:
    got = read_in_cast("bar", "Судебный_Пристав", "Вручаю повестку Председателю — избиваю Истца.")
    assert not (got.kind == "move" and got.targets == ("Председатель",)), got


@pytest.mark.parametrize(
    ("sender", "text", "action", "targets"),
    [
        ("Лемехов_С.Т.", "Прошу суд о проверке Статуса.", None, None),
        ("Лемехов_С.Т.", "Настаиваю на проверке Статуса.", "check", ("Статус",)),
        ("Лемехов_С.Т.", "Прошу о проверке Истца.", "check", ("Истец",)),
        (
            "Ходатай",
            "Ходатайствую о защите Понятого и Свидетеля.",
            "protect",
            ("Понятой", "Свидетель"),
        ),
    ],
)
def test_C_2_P_M_1_P_M_6_an_action_noun_a_verb_of_asking_governs_is_the_move(
    sender: str, text: str, action: str | None, targets: tuple[str, ...] | None
) -> None:
    # the commissar's check (P-M.1) or the necromancer's protects (P-M.6) asked for formally;
    # a verb of asking with its own object between («Прошу суд о …») is not read so
    got = read_in_cast("bar", sender, text)
    if action is None:
        assert got.kind != "move", got
    else:
        assert got.kind == "move" and got.action == action and got.targets == targets, got


def test_C_2_an_action_noun_after_a_negated_verb_of_asking_is_no_move() -> None:
    got = read_in_cast("bar", "Лемехов_С.Т.", "Не прошу о проверке Статуса.")
    assert got.kind != "move", got


@pytest.mark.parametrize(
    "text",
    [
        "Утром у меня допрос, а в игре проверяю Истца.",
        "У меня сегодня проверка документов. Проверяю Истца.",
    ],
)
def test_C_2_P_M_1_у_меня_is_having_not_a_self_target(text: str) -> None:
    # «у меня» is the genitive of having: no move's object; the check (P-M.1) is Истец alone
    got = read_in_cast("bar", "Лемехов_С.Т.", text)
    assert got.kind == "move" and got.action == "check" and got.targets == ("Истец",), got


@pytest.mark.parametrize(
    "text",
    [
        "Как защитник, защищаю Мотива в процессе — но ход: проверяю Отвода.",
        "В суде защищаю Мотива, а в игре проверяю Отвода.",
    ],
)
def test_C_2_G_M_3_a_player_in_talk_before_the_move_set_apart_is_talk(text: str) -> None:
    # the lawyer's check (G-M.3), said after a contrast naming it the game's move
    got = read_in_cast("bar_g", "LexNotarius", text)
    assert got.kind == "move" and got.action == "check" and got.targets == ("Отвод",), got


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("Сторона: обвинение. То есть мирные.", "town"),
        ("Сторона — защита. В смысле мафия.", "mafia"),
    ],
)
def test_G_M_8_a_side_named_in_words_of_its_own_then_restated_is_the_side(
    text: str, side: str
) -> None:
    # the prostitute's pending side (G-M.8): the word after «Сторона:» names the side, no
    # action, and the sentence restating it says which
    got = read_in_cast("bar_g", "Присяжная", text)
    assert got.kind == "move" and got.action == "choose_side" and got.side == side, got


def test_G_M_8_an_action_noun_after_the_side_label_is_no_move() -> None:
    got = read_in_cast("bar_g", "Присяжная", "Сторона: защита.")
    assert got.kind != "move", got
