"""The classes development batch 8 showed (C-2, C-3, P-V.1, G-N.1), each on words and nicks
of its own: letters dictated to a phone (its punctuation said as words, a nick broken into
words), gamers' slang verbs, action words in Ukrainian, a dialogue with oneself, Russian
typed in the passport scheme («ts» for ц), a vote put off after its nick, and a coloured
name of a board account that is no player."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import UNDECIDED, LetterReading
from parser.letters.spoken import spoken_marks
from parser.nicks import NickResolver
from parser.sender import cast_state, sender_view
from parser.votes.day import extract_votes
from parser.votes.records import VoteOptions
from tests.test_votes import RED, post

CAST: dict[str, Any] = {
    "ruleset": "pefl",
    "turn": 2,
    "players": {
        "Сорока": {"role": "commissar"},
        "Ефросинья": {"role": "doctor"},
        "Вольдемар": {"role": "maniac"},
        "Гарпун": {"role": "mafia", "clan": "yakuza", "don": True},
        "Тимофей": {"role": "mafia", "clan": "yakuza"},
        "Огурец": {"role": "civilian"},
        "Марфа": {"role": "civilian"},
        "Лука": {"role": "civilian"},
    },
}


def letter(sender: str, text: str) -> LetterReading:
    view = sender_view(cast_state(CAST), sender)
    assert view is not None
    return read_letter(text, view, resolver=NickResolver(view.living))


def move(reading: LetterReading) -> tuple[str | None, tuple[str, ...], str | None]:
    assert reading.kind == "move", reading
    return reading.action, reading.targets, reading.executor


# -- C-2: dictated punctuation, slang, Ukrainian ----------------------------------------------


def test_dictated_marks_are_the_marks_and_a_word_after_a_preposition_is_the_word() -> None:
    assert spoken_marks("проверяю Марфу точка") == "проверяю Марфу."
    assert spoken_marks("Марфу запятая исполнитель Тимофей") == "Марфу, исполнитель Тимофей"
    assert spoken_marks("кого вопросительный знак") == "кого?"
    assert spoken_marks("иду на точку") == "иду на точку"  # the word, after a preposition


def test_C_2_a_dictated_letter_reads_as_typed() -> None:
    got = letter("Гарпун", "режем марфу точка исполнитель тимофей точка")
    assert move(got) == ("kill", ("Марфа",), "Тимофей")


@pytest.mark.parametrize(
    ("sender", "text", "action"),
    [
        ("Вольдемар", "кильнём Луку", "kill"),
        ("Вольдемар", "ваншотну Луку", "kill"),
        ("Ефросинья", "отхилю Луку", "heal"),
        ("Сорока", "чекну Луку", "check"),
    ],
)
def test_C_2_gamers_slang_verbs_are_action_words_by_their_lemmas(
    sender: str, text: str, action: str
) -> None:
    assert move(letter(sender, text))[:2] == (action, ("Лука",))


@pytest.mark.parametrize(
    ("sender", "text", "want"),
    [
        ("Сорока", "перевіряю Луку", ("check", ("Лука",), None)),
        ("Ефросинья", "лікую Марфу", ("heal", ("Марфа",), None)),
        ("Гарпун", "хлопці, вбиваємо Луку, виконавець Тимофей", ("kill", ("Лука",), "Тимофей")),
    ],
)
def test_C_2_action_words_in_ukrainian_by_its_dictionary(
    sender: str, text: str, want: tuple[str, tuple[str, ...], str | None]
) -> None:
    assert move(letter(sender, text)) == want


# -- C-3: a nick broken by speech input, and one heard as a dictionary word --------------------


def test_C_3_a_nick_broken_into_words_reads_when_exactly_one_player_is_that_close() -> None:
    assert move(letter("Сорока", "проверяю вольде мар"))[:2] == ("check", ("Вольдемар",))
    # a preposition before a player's own case form is no broken nick
    assert move(letter("Сорока", "проверяю на Луку"))[:2] == ("check", ("Лука",))


def test_C_3_words_a_dictionary_explains_are_no_broken_nick() -> None:
    players = NickResolver(["Лимонад Петрович", "Фенрир", "Лимон"])
    heard = players.heard(["фен", "рыр"])
    assert heard is not None and heard.nick == "Фенрир"
    assert players.heard(["лимо", "над"]) is None  # «лимонад»: the word itself
    assert players.heard(["фен", "дом"]) is None  # every word a dictionary word


def test_C_3_a_dictionary_word_near_one_nick_is_asked_naming_that_player() -> None:
    got = letter("Ефросинья", "лечу сорочка")  # a shirt, one letter from Сорока alone
    assert got.kind == "question" and "Сорока" in (got.text or "")
    assert "может быть" not in (letter("Ефросинья", "лечу хлеб").text or "")


def test_C_3_latin_typed_russian_in_the_passport_scheme() -> None:
    assert move(letter("Сорока", "proveryayu Ogurtsa"))[:2] == ("check", ("Огурец",))


# -- a dialogue with oneself ----------------------------------------------------------------


def test_C_2_a_dialogue_with_oneself_settled_by_da_is_the_last_answer() -> None:
    got = letter("Ефросинья", "Кого лечить? Может Марфу. Хотя нет. Да, Марфу")
    assert move(got)[:2] == ("heal", ("Марфа",))


@pytest.mark.parametrize(
    "text", ["кого лечить? может Марфу? или Луку?", "Кого лечить? Может Марфу? Не знаю"]
)
def test_C_2_a_dialogue_with_oneself_left_open_is_asked(text: str) -> None:
    got = letter("Ефросинья", text)
    assert got.kind == "question" and got.code == UNDECIDED


def test_C_2_asking_the_host_whom_is_still_no_question_back() -> None:
    assert letter("Ефросинья", "Кого лечить? Подскажите").kind == "none"


# -- votes: put off after the nick; a board account that is no player -------------------------


def _status(text: str, nick: str, **options: Any) -> tuple[str, str | None]:
    # written by a player none of these reds names (his own nick would be his protest, not
    # his vote: docs/rulings.md, the row on coloured spans)
    p = post(1, "Огурец", (RED, nick), text=text)
    got = extract_votes(
        [p],
        ruleset="pefl",
        players=list(CAST["players"]),
        options=VoteOptions(**options),
    ).posts[0]
    return got.status, got.reason


def test_P_V_1_a_vote_put_off_after_its_nick_is_no_vote() -> None:
    text = "завтра Марфу проголосую, а сегодня пас"
    # no vote, and shown to the host as put off (issue 17 item 2: never dropped unseen)
    assert _status(text, "Марфу") == ("rejected", "put_off")
    assert _status("Марфу проголосую, весь день путает показания", "Марфу")[0] == "vote"


def test_C_3_a_known_account_that_is_no_player_is_not_a_spelling_of_a_player() -> None:
    text = "Luka весь день путает всех подряд"
    assert _status(text, "Luka")[0] == "vote"  # no such account known: Лука in Latin
    assert _status(text, "Luka", accounts=frozenset({"Luka"})) == ("rejected", "unknown_nick")
    # the account in a case form («Внучку» for the account Внучка)
    known = frozenset({"Внучка"})
    text = "Внучку весь день в теме видно"
    assert _status(text, "Внучку", accounts=known) == ("rejected", "unknown_nick")
