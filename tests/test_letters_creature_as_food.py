"""An animal's word nick as the food a verb of things is done for (C-2, C-3, issue 17
item 1): «режу рыбку на ужин» — the lower-case word of a creature as the bare object of the
sender's verb of things (`sense._everyday_object`), with the purpose it is cut or cooked for
right after it («на ужин», «к столу», «для ухи»: `sense._purpose_after`) — is the thing as
likely as the player, so the kill is not proven and the letter is asked. A capital, a bare
object, a person's pronoun after it, a time after «к»/«на» stay the player's. Development
letters: tests/letters/food.jsonl, latinword.jsonl (`:12`)."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.nicks import NickResolver
from parser.sender import cast_state, sender_view

_NICKS: dict[str, str] = {"Rybka": "Рыбка", "Okun": "Окунь", "Kuritsa": "Курица"}


def _read(script: str, text: str) -> tuple[LetterReading, dict[str, str]]:
    """`text` from the maniac of a PEFL cast whose word nicks are listed in `script`."""
    names = {n: (n if script == "lat" else c) for n, c in _NICKS.items()}
    players: dict[str, Any] = {
        "Тимур": {"role": "doctor"},
        "Рустам": {"role": "maniac"},
        "Марат": {"role": "mafia", "clan": "triad", "don": True},
        "Глеб": {"role": "civilian"},
        **{nick: {"role": "civilian"} for nick in names.values()},
    }
    view = sender_view(cast_state({"ruleset": "pefl", "turn": 2, "players": players}), "Рустам")
    assert view is not None
    return read_letter(text, view, resolver=NickResolver(view.living)), names


@pytest.mark.parametrize("script", ["lat", "cyr"])
@pytest.mark.parametrize(
    "text",
    [
        "режу рыбку на ужин",
        "режу окуня на уху",
        "режу рыбку для ухи",
        "rezhu rybku na uzhin",  # typed in Latin: the Russian words as written
        "режу курицу на праздничный обед",  # an adjective before the purpose
    ],
)
def test_C_3_an_animals_word_cut_for_a_meal_is_no_proven_kill(script: str, text: str) -> None:
    got, _names = _read(script, text)
    assert got.kind != "move"


@pytest.mark.parametrize("script", ["lat", "cyr"])
@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Режу Рыбку", "Rybka"),  # capital, bare
        ("режу рыбку, она опасна", "Rybka"),  # a person's pronoun after it
        ("Убиваю Окуня на рассвете", "Okun"),  # a time, no purpose
        ("Режу Курицу к утру", "Kuritsa"),  # a time after «к»
        ("режу курицу на тот свет", "Kuritsa"),  # the strike's own phrase
    ],
)
def test_C_3_an_animals_word_as_the_player_stays_the_kill(
    script: str, text: str, target: str
) -> None:
    got, names = _read(script, text)
    assert (got.kind, got.action, got.targets) == ("move", "kill", (names[target],))
