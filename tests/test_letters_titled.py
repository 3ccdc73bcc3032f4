"""A first name, a patronymic or a title noun before a case form two nicks share by their
declension settles it as the surname (C-3, issue 17 item 1): with Толстой (a surname) and
Толстый (an adjective) in the cast, «Льва Толстого», «Фёдора Михайловича Толстого» and
«графа Толстого» name Толстой, and the name words name no second target. A name word that
may be a player's, a phrase a noun before it governs, a name in another case or gender
(«Анну Каренину»: her accusative, his dative) leave the form asked. Development cases:
tests/letters/titled.jsonl, titled_g.jsonl."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("cast", "sender", "text", "action"),
    [
        ("titled", "Ленский", "Проверяю Льва Толстого.", "check"),
        ("titled", "Башмачкин", "Режу графа Толстого этой ночью", "kill"),
        ("titled", "Татьяна", "Лечу писателя Толстого", "heal"),
        ("titled_g", "Татьяна", "Лечу Фёдора Михайловича Толстого", "heal"),
    ],
)
def test_C_3_a_first_name_or_a_title_settles_the_shared_form_as_the_surname(
    cast: str, sender: str, text: str, action: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert (got.action, got.targets) == (action, ("Толстой",))


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        ("titled", "Ленский", "Проверяю Толстого."),  # the form alone
        ("titled", "Ленский", "Проверяю Льву Толстого"),  # a name in another case
        ("titled", "Татьяна", "Лечу Толстого графа"),  # the title after it
        ("titled", "Татьяна", "Лечу по совету писателя Толстого"),  # governed by a noun
        ("titled_g", "Ленский", "Проверяю Льва Толстого."),  # Лев is a player
        ("titled_g", "Ленский", "Проверяю Анну Каренину"),  # her gender, not his
    ],
)
def test_C_3_the_shared_form_stays_asked_without_an_agreeing_name(
    cast: str, sender: str, text: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert got.action is None and got.code is not None, got
