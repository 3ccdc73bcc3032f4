"""Short forms of handles settled by the letter's own grammar (C-3): a name two players share
settled by a clarification right after it, and a handle's part spelt like a nominative
pronoun where no pronoun can stand. Anything else stays a question."""

from __future__ import annotations

import pytest

from parser.letters.reader import read_letter
from parser.sender import cast_state, sender_view
from tests.test_letters_conditions import _read


@pytest.mark.parametrize(
    "text",
    ["Хилю Стара... который Старфиш, не лорд", "Хилю Стара, в смысле Starfish"],
)
def test_C_3_a_shared_short_form_settled_right_after_it_is_read(text: str) -> None:
    got = _read("club_g", "MedKit", text)
    assert got["kind"] == "move" and got["targets"] == ["Starfish"], got


@pytest.mark.parametrize(
    "text",
    [
        "Хилю Стара... который Тоторо",  # names no one the short form fits
        "Хилю Стара. Старфиш мафия",  # an opinion, no clarification
        "Хилю Стара или Старфиш",  # two weighed
    ],
)
def test_C_3_a_shared_short_form_not_settled_stays_asked(text: str) -> None:
    got = _read("club_g", "MedKit", text)
    assert got["kind"] == "question", got


@pytest.mark.parametrize(
    ("sender", "text", "targets"),
    [
        ("Nightfall", "А сегодня проверяю Они.", ["Oni.Kuro"]),
        ("Nightfall", "Проверяю Они", ["Oni.Kuro"]),
    ],
)
def test_C_3_a_handle_part_spelt_as_a_pronoun_where_the_move_needs_its_object(
    sender: str, text: str, targets: list[str]
) -> None:
    # a nominative «они» is never a move's object: the one handle with that part is meant
    got = _read("club", sender, text)
    assert got["kind"] == "move" and got["targets"] == targets, got


def test_P_M_7_a_pronoun_spelt_part_joined_to_a_player_is_the_army_s_second() -> None:
    # the army named whole, refused as not open this turn rather than asked for a nick
    got = _read("club", "Tanuki_Sensei", "Армия тьмы: Рюдзи и Они")
    assert (got["kind"], got["code"]) == ("refused", "not_now"), got


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю, Они все мафия",  # after the clause: a subject
        "Проверяю Они мафия",  # a verbless predicate of its own follows
        "проверяю они.",  # not written as a name
    ],
)
def test_C_3_a_pronoun_the_grammar_leaves_a_place_stays_no_nick(text: str) -> None:
    got = _read("club", "Nightfall", text)
    assert got["kind"] != "move", got


def _read_cast(players: list[str], text: str) -> dict[str, object]:
    cast = {
        "ruleset": "pefl",
        "turn": 2,
        "players": {
            "Ефим": {"role": "commissar"},
            **{p: {"role": "civilian"} for p in players},
            "Рома": {"role": "mafia", "clan": "yakuza", "don": True},
        },
    }
    view = sender_view(cast_state(cast), "Ефим")
    assert view is not None
    return read_letter(text, view).to_json()


def test_C_3_a_short_case_form_of_the_given_name_heading_a_nick_is_read() -> None:
    # «Аню» is Аня Смирнова's own name, not a cut of a word (three letters are read so
    # only for a given name)
    got = _read_cast(["Аня Смирнова", "Катя"], "Проверяю Аню")
    assert got["kind"] == "move" and got["targets"] == ["Аня Смирнова"], got


@pytest.mark.parametrize("other", ["Анна", "Анна Петрова"])
def test_C_3_a_given_name_another_players_name_is_called_by_stays_asked(other: str) -> None:
    # Аня is a pet form of Анна: the reading is a doubt, asked to confirm
    got = _read_cast(["Аня Смирнова", other], "Проверяю Аню")
    assert got["kind"] == "question", got
