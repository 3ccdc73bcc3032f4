"""The classes development batch 9 (`tests/letters/batch9.md`, `lecture`/`lecture_g`, votes
`dev10/`) showed, each read by the structure of the words, never by a phrase: a move told in
the third person of the sender's own role (C-2), a past-tense visit as a story, a condition
on another's leave, an order told in another's words, the executor as the subject of a verb
with an adverb between (P-M.8), a name with a patronymic the nick lacks, pet forms by the
double consonant said as one and a three-letter name by the table, Latin typing with ц as c
and ы as y (C-3), and a court vote corrected by «ой нет» (G-N.4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parser.latin import cyrillic_spellings
from parser.letters.reader import read_letter
from parser.letters.reading import UNDECIDED, LetterReading
from parser.nicks import NickResolver, diminutive_match
from parser.sender import cast_state, sender_view
from parser.votes.court import extract_court_votes
from tests.test_votes import post

LETTERS = Path(__file__).parent / "letters"


def _read(cast: str, sender: str, text: str) -> LetterReading:
    state = cast_state(json.loads((LETTERS / f"cast_{cast}.json").read_text(encoding="utf-8")))
    view = sender_view(state, sender)
    assert view is not None
    return read_letter(text, view, resolver=NickResolver(view.living))


def _move(got: LetterReading) -> tuple[object, ...]:
    return (got.kind, got.action, got.targets, got.executor)


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Родион", "Мой комиссар надевает плащ и идёт в гости к Трофиму.", "check", "Трофим"),
        ("Платон", "Мой маньяк открывает сезон: Ипполит.", "kill", "Ипполит"),
        ("Нонна", "Моя некромантка рисует охранный знак над дверью Ростика.", "protect", None),
    ],
)
def test_C_2_a_move_told_in_the_third_person_of_the_senders_role(
    sender: str, text: str, action: str, target: str | None
) -> None:
    got = _read("lecture", sender, text)
    assert got.kind == "move" and got.action == action, got
    assert target is None or got.targets == (target,)


def test_C_2_a_role_story_is_no_move_of_a_recipient_or_of_two_players() -> None:
    # the role's word as the subject, the player a bare dative: whom something is given to
    greeting = _read("lecture_g", "Кондратий", "Маньяк передаёт привет Стефании")
    assert greeting.kind != "move", greeting
    two = _read("lecture_g", "Кондратий", "Маньяк точит нож и думает о Стефании и о Зарине")
    assert two.kind == "question" and two.code == "which_target", two


def test_C_2_a_visit_told_in_the_past_is_a_story() -> None:
    got = _read("lecture", "Агафья", "Доктор обходит палаты: заглянул к Лебедеву.")
    assert got.kind != "move", got
    assert _read("lecture", "Агафья", "Загляну к Лебедеву.").targets == ("Лебедев",)


def test_C_2_G_M_5_a_move_on_another_players_leave_is_undecided() -> None:
    got = _read("lecture_g", "Белоусов", "Убиваю Зарину, если Евсей не против")
    assert got.kind == "question" and got.code == UNDECIDED, got
    # a condition that is a manner of speech stays a move
    assert _read("lecture_g", "Белоусов", "Убиваю Зарину, если он ещё жив").kind == "move"


def test_C_2_an_order_told_by_a_person_noun_is_not_the_senders_move() -> None:
    got = _read("lecture_g", "Юрий", "Папа велел валить Марьяну")
    assert got.kind != "move", got
    assert _read("lecture_g", "Юрий", "Прошу валить Марьяну").kind == "move"


def test_P_M_8_the_executor_is_the_subject_with_an_adverb_before_the_verb() -> None:
    got = _read("lecture", "Аполлинария", "Трофим сегодня навестит Агафью — насовсем.")
    assert _move(got) == ("move", "kill", ("Агафья",), "Трофим")


def test_C_3_a_name_with_a_patronymic_the_nick_lacks_is_that_player() -> None:
    got = _read(
        "lecture", "Родион", "Проверяю Прохора.\nP.S. Передумал — лучше Зиновия Аркадьевича."
    )
    assert _move(got) == ("move", "check", ("Зиновий",), None)


def test_C_3_pet_forms_a_double_consonant_and_a_tabled_three_letter_name() -> None:
    players = NickResolver(["Ипполит", "Аполлинария", "Евсей", "Арсений", "Юрий", "Катя"])
    # Апо|лл|инария is said Аполинария: Поля is hers as much as Ипполит's — asked
    both = diminutive_match(players, "Полю")
    assert both is not None and set(both.candidates) == {"Ипполит", "Аполлинария"}
    # Сеня: Арсений's by rule, Евсей's by the table
    seni = diminutive_match(players, "Сеню")
    assert seni is not None and set(seni.candidates) == {"Евсей", "Арсений"}
    # a three-letter word the dictionary gives first as a name is read by the table
    yura = diminutive_match(players, "Юру")
    assert yura is not None and yura.nick == "Юрий"
    assert diminutive_match(NickResolver(["Николай", "Катя"]), "Кол") is None  # a word first


def test_C_3_latin_typing_with_c_for_ts_and_y_for_hard_i() -> None:
    assert "воронцову" in cyrillic_spellings("voroncovu")
    assert "подрыв" in cyrillic_spellings("podryv")
    assert cyrillic_spellings("ubivayu") == ("убиваю",)


def test_G_N_4_a_court_vote_corrected_by_a_slip_word_is_the_later_nominee() -> None:
    result = extract_court_votes(
        [post(1, "Эльвира", text="Осипа сажаю. Ой нет, Осипова!")],
        nominees=["Осип", "Осипов"],
        players=["Осип", "Осипов", "Эльвира", "Прохор"],
    )
    (r,) = result.posts
    assert (r.status, r.target) == ("vote", "Осипов")


def test_C_3_a_pet_form_several_players_fit_is_asked_naming_them() -> None:
    # Слава of Ростислав and Вячеслав (a dictionary word too, «слава»): no guess of one
    got = _read("lecture", "Родион", "Проверяю Славу")
    assert got.code == "ambiguous_nick", got
    assert "Ростислав" in got.text and "Вячеслав" in got.text
