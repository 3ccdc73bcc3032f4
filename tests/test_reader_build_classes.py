"""The classes development batch 19 (`tests/letters/batch19.md`, `build`/`build_g`: a
builders' forum) showed, each read by rule from the grammar, the rules and the sender's
role — never from its phrases.

- C-3: a tool nick in lower case in the bare instrumental is the verb's tool, not its
  target (`sense.trade_instrument`), the sender's own nick included («режу арматуру
  болгаркой» from Болгарка).
- C-2: a sentence of its own that only promises word after a later time («по игре
  отпишусь после сдачи объекта») puts the game's move off (`promised.put_off_by_time`).
- C-2: the letter's own no-move words — «никого не трогаю», «пропуск», «лечения сегодня
  нет», «отдыхает» — stand over work talk on a thing or a size (`proof`); a size is no nick
  (`mentions.measure`).
- C-2, P-S.3: a player after «у» is whose thing a work verb takes, not its object; a role
  with no night move talking of his work is answered nothing (`sense.thing_object`).
- C-2: a verb of doing again closing its clause («переделываю:») corrects the move before
  it (`proof.redo_word`).
- C-2, P-O.1, P-M.0: «если его днём не повесят», «если не передумаю» are conditions the
  rules settle (`conditions.engine_settles`).

Casts: `cast_build.json` (PEFL turn 2: Перфоратор the commissar, KranMan the ninja,
Штукатурка the doctor, Болгарка the maniac, Пётр Шурупов the yakuza Don with Кирка, Саня
Электрик a civilian) and `cast_build_g.json` (Gambler turn 3: Уровень the doctor,
Hilti_TE70 the godfather)."""

from __future__ import annotations

import pytest

from parser.letters.mentions import measure
from parser.letters.proof import redo_word
from parser.letters.reading import IS_IT_A_MOVE, UNDECIDED
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


def _read(cast: str, sender: str, text: str) -> tuple[str, str | None, list[str], str | None]:
    got = read_in_cast(cast, sender, text)
    return (
        got.kind,
        got.code if got.kind in ("question", "refused") else got.action,
        list(got.targets),
        got.executor,
    )


@pytest.mark.parametrize(
    "text",
    [
        "проверяю отвесом угол на третьем этаже",
        "проверяю киркой грунт под фундамент",
    ],
)
def test_C_3_P_M_1_a_tool_nick_in_the_instrumental_is_the_verbs_tool(text: str) -> None:
    kind, code, _targets, _executor = _read("build", "Перфоратор", text)
    assert (kind, code) == ("question", IS_IT_A_MOVE)


def test_C_3_P_M_13_the_senders_own_nick_as_the_tool_is_no_second_target() -> None:
    got = _read("build", "Болгарка", "режу арматуру болгаркой весь день. ночью режу Бригадира")
    assert got == ("move", "kill", ["Бригадир"], None)


def test_C_2_a_move_promised_after_a_later_time_in_a_sentence_of_its_own() -> None:
    later = "по игре отпишусь после сдачи объекта"
    assert _read("build", "Перфоратор", f"проверяю отвесом угол. {later}")[0] == "none"
    assert _read("build", "Перфоратор", f"Проверяю. {later}")[0] == "none"
    assert _read("build", "Перфоратор", f"Проверяю Кирку. {later}")[:2] == ("question", UNDECIDED)
    # news promised, not the move: «кто она» is a report to come
    got = _read("build", "Перфоратор", "Проверяю Кирку. Напишу после игры, кто она")
    assert got == ("move", "check", ["Кирка"], None)


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        ("build", "KranMan", "Валю дерево у соседа на даче. ночью никого не трогаю"),
        ("build", "KranMan", "добиваю кладку сегодня, сдача в пятницу. по игре пропуск"),
        ("build", "Штукатурка", "лечу трещину в стене у соседа. лечения сегодня нет"),
        ("build_g", "Hilti_TE70", "бью плитку 30х60, мафия сегодня отдыхает"),
    ],
)
def test_C_2_the_letters_own_no_move_words_stand_over_work_talk(
    cast: str, sender: str, text: str
) -> None:
    assert _read(cast, sender, text)[0] == "none"


def test_C_2_P_M_14_nobody_beside_a_move_or_an_ambush_is_no_skip() -> None:
    got = _read("build", "KranMan", "Валю Кирку. Больше никого не трогаю")
    assert got == ("move", "kill", ["Кирка"], None)
    got = _read("build", "Болгарка", "Засада. Никого не трогаю, жду гостей.")
    assert got == ("move", "ambush", [], None)


def test_C_3_a_size_is_no_nick() -> None:
    assert measure("30х60") and measure("3x4") and measure("100×200мм")
    assert not measure("Makita18") and not measure("te70")


def test_C_2_P_M_1_a_player_after_u_is_whose_thing_the_work_verb_takes() -> None:
    text = "проверяю проводку у Сани Плиточника, он просил. а ночью проверка Кирки"
    assert _read("build", "Перфоратор", text) == ("move", "check", ["Кирка"], None)


def test_C_2_P_S_3_a_civilians_work_talk_is_no_refused_move() -> None:
    got = _read("build", "Саня Электрик", "проверяю проводку у Раствора в квартире")
    assert got[0] == "none"
    # a move on the player himself is still refused: the role has none
    got = _read("build", "Саня Электрик", "Проверяю Раствора")
    assert got[:2] == ("refused", "no_moves")


def test_C_2_a_verb_of_doing_again_corrects_the_move_before_it() -> None:
    got = _read("build_g", "Уровень", "лечу Витю Бетонщика. переделываю: лечу Виктора Палыча")
    assert got == ("move", "heal", ["Виктор Палыч"], None)
    tokens = tokenize("переделываю: лечу. переделываю ванную. перепроверяю: Катю")
    assert redo_word(tokens, 0)
    assert not redo_word(tokens, 3)  # it has its own object
    assert not redo_word(tokens, 5)  # a word of the game's vocabulary (a check)


def test_C_2_P_O_1_P_M_0_conditions_the_rules_settle_are_no_doubt() -> None:
    text = "проверь пожалуйста Лёшу Шурупова если его днём не повесят"
    assert _read("build", "Перфоратор", text) == ("move", "check", ["Лёша Шурупов"], None)
    text = "убиваем Ионела, стреляет Кирка, если до вечера не передумаю"
    got = _read("build", "Пётр Шурупов", text)
    assert got == ("move", "kill", ["Ionel_MD"], "Кирка")
    # another player's hanging is no condition the move's own player settles
    text = "проверь Кирку если Балку днём не повесят"
    assert _read("build", "Перфоратор", text)[:2] == ("question", UNDECIDED)
