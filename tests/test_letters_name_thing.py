"""C-3: a lower-case nick that is a first name only in the nominative («Мел», «Лавр»:
their accusative is «Мела», «Лавра») and a thing's accusative, written with a thing's signs
around it («проверяю мел у доски», «лечу старый лавр»), is weighed as a thing — asked, not
the player (`parser.letters.sense._thing_readings`; cast `cast_namething.json`)."""

from __future__ import annotations

import pytest

from parser.letters.reading import IS_IT_A_MOVE
from parser.letters.sense import _thing_readings
from tests.letter_kit import read_in_cast


def _read(sender: str, text: str) -> tuple[str, str | None, list[str]]:
    got = read_in_cast("namething", sender, text)
    what = got.code if got.kind == "question" else got.action
    return (got.kind, what, list(got.targets))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Штерн", "проверяю мел в коробке, хватит ли на урок"),
        ("Ася", "Лечу старый лавр, совсем засох."),
        ("Штерн", "проверяю мел у доски"),
    ],
)
def test_C_3_a_name_that_is_a_thing_with_a_things_signs_is_asked(sender: str, text: str) -> None:
    assert _read(sender, text)[:2] == ("question", IS_IT_A_MOVE)


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Штерн", "проверяю мел", "check", "Мел"),
        ("Ася", "лечу лавра от простуды", "heal", "Лавр"),
        ("Штерн", "проверяю марс, он мафия", "check", "Марс"),
    ],
)
def test_C_3_the_nick_alone_or_as_a_person_stays_the_player(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read(sender, text) == ("move", action, [target])


@pytest.mark.parametrize(
    ("word", "person"), [("мел", False), ("лис", True), ("олег", True), ("розу", True)]
)
def test_C_3_only_a_nominative_name_beside_a_things_accusative_is_no_person(
    word: str, person: bool
) -> None:
    assert _thing_readings(word)[0] is person
