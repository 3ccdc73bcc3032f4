"""A case form two nicks share by their declension (C-3, issue 17 item 1): Толстой, a
surname declined as an adjective, and Толстый, an adjective nick, both give «Толстого»,
«Толстому», «Толстым». The noun endings of a nick in «-й» (Андрей: Андрея, Андрею) once denied
Толстой those forms (`nicks._declension_denies`), so the shared form was silently Толстый's.
A form the dictionary reads as the nick's own name, in the nick's gender, is no longer denied
by the noun table, so the form names both and the letter or vote reader asks naming both.
Forms only one of them has («Сухую», «Сухого», «Вишневскую») and a nick written as listed
stay read. Development letters: tests/letters/twinforms.jsonl, twinforms_g.jsonl."""

from __future__ import annotations

from typing import Any

import pytest

from mafiabot.replay_posts import post_from_body
from parser.letters.reading import LetterReading
from parser.nicks import NickResolver
from parser.votes.day import extract_votes
from tests.letter_kit import read_among

_PLAYERS: dict[str, Any] = {
    "Ленский": {"role": "commissar"},
    "Башмачкин": {"role": "maniac"},
    "Грибоедов": {"role": "mafia", "clan": "triad", "don": True},
    "Толстой": {"role": "civilian"},
    "Толстый": {"role": "civilian"},
    "Сухой": {"role": "civilian"},
    "Сухая": {"role": "civilian"},
    "Вишневский": {"role": "civilian"},
    "Вишневская": {"role": "civilian"},
}


def _read(sender: str, text: str) -> LetterReading:
    return read_among(_PLAYERS, sender, text)


@pytest.mark.parametrize("word", ["Толстого", "Толстому", "Толстым"])
def test_C_3_a_form_both_adjective_nicks_take_names_both(word: str) -> None:
    found = NickResolver(["Толстой", "Толстый", "Ленский"]).resolve_strict(word, ("case_forms",))
    assert found is not None
    assert (found.nick, set(found.candidates)) == (None, {"Толстой", "Толстый"})


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Ленский", "Проверяю Толстого."),
        ("Башмачкин", "убить толстого"),
        ("Башмачкин", "Взрываю Толстого."),
    ],
)
def test_C_3_a_move_on_the_shared_form_is_asked_naming_both(sender: str, text: str) -> None:
    got = _read(sender, text)
    assert (got.kind, got.code) == ("question", "ambiguous_nick")
    assert "Толстой" in got.text and "Толстый" in got.text


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Проверяю Толстой", "Толстой"),  # as listed
        ("Проверяю Толстый", "Толстый"),
        ("Проверяю Сухую", "Сухая"),  # forms only one of a pair has
        ("Проверяю Сухого", "Сухой"),
        ("Проверяю Вишневскую", "Вишневская"),
        ("Проверяю Вишневского", "Вишневский"),
    ],
)
def test_C_3_a_form_only_one_nick_has_is_read(text: str, target: str) -> None:
    got = _read("Ленский", text)
    assert (got.kind, got.action, got.targets) == ("move", "check", (target,))


def test_C_3_a_vote_on_the_shared_form_is_shown_not_counted() -> None:
    body = 'Голосую против <span style="color:red">Толстого</span>, весь день молчит'
    players = ("Толстой", "Толстый", "Ленский")
    post = post_from_body(1, "Ленский", body, 1)
    (got,) = extract_votes([post], ruleset="pefl", players=players).posts
    assert (got.status, got.reason) == ("rejected", "ambiguous_nick")
