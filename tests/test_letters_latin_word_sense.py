"""A word nick listed in Latin letters and met in Cyrillic in its everyday sense (C-2, C-3,
issue 17 item 1): the tests of a lower-case word nick spoken of as a creature or a thing —
a heal's cause of its own life («лечу волка от чумки»), a diminutive («волчонка»), a thing
with its owner after it («лапу у своей собаки») or the one it is done for («лапу овчарке
соседа») — weigh the word as written, whatever script the nick is listed in
(`sense.nick_word`): Volk in «волка» is the Russian word «волк», as the nick Волк is. A
Latin word nick is also heard in Cyrillic with its fleeting vowel («Орла», «Пса»: Orel,
Pes). Development letters: tests/letters/latinword.jsonl, latinword_g.jsonl."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.letters.sense import nick_word
from parser.nicks import NickResolver
from parser.sender import cast_state, sender_view

_LATIN: dict[str, str] = {
    "Lapa": "Лапа", "Volk": "Волк", "Sova": "Сова", "Rybka": "Рыбка", "Orel": "Орёл",
    "Pes": "Пёс",
}  # fmt: skip


def _read(script: str, sender: str, text: str) -> tuple[LetterReading, dict[str, str]]:
    """`text` from `sender` in a PEFL cast whose word nicks are listed in `script`; with the
    map from the Latin nicks to the nicks of that cast."""
    names = {n: (n if script == "lat" else c) for n, c in _LATIN.items()}
    players: dict[str, Any] = {
        "Тимур": {"role": "doctor"},
        "Лида": {"role": "commissar"},
        "Рустам": {"role": "maniac"},
        "Марат": {"role": "mafia", "clan": "triad", "don": True},
        "Зоя": {"role": "mafia", "clan": "triad"},
        "Глеб": {"role": "civilian"},
        **{nick: {"role": "civilian"} for nick in names.values()},
    }
    view = sender_view(cast_state({"ruleset": "pefl", "turn": 2, "players": players}), sender)
    assert view is not None
    return read_letter(text, view, resolver=NickResolver(view.living)), names


@pytest.mark.parametrize("script", ["lat", "cyr"])
@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Тимур", "лечу волка от чумки"),  # a cause of the creature's own life
        ("Тимур", "Сегодня лечу сову от лишая, совсем облезла"),
        ("Тимур", "лечу рыбку от манки"),
        ("Тимур", "lechu volka ot chumki"),  # typed in Latin: the Russian word as written
        ("Тимур", "лечу волчонка"),  # a diminutive built on the word
        ("Лида", "проверяю лапу у своей собаки"),  # a thing and whose it is
        ("Тимур", "лечу лапу овчарке соседа"),  # a thing and the one it is done for
        ("Тимур", "лечу больную лапу своему псу"),
    ],
)
def test_C_3_a_word_nick_in_its_everyday_sense_is_not_proven_whatever_its_script(
    script: str, sender: str, text: str
) -> None:
    got, _names = _read(script, sender, text)
    assert got.kind != "move"


@pytest.mark.parametrize("script", ["lat", "cyr"])
@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Лида", "Проверяю Лапу", "check", "Lapa"),  # capitalised, bare
        ("Лида", "проверяю лапу", "check", "Lapa"),  # nothing of a thing around it
        ("Тимур", "Лечу Лапу, она вчера подставилась", "heal", "Lapa"),
        ("Тимур", "лечу волка", "heal", "Volk"),  # no cause
        ("Тимур", "лечу волка от мафии", "heal", "Volk"),  # the game's own harm
        ("Тимур", "Лечу Орла", "heal", "Orel"),  # a fleeting vowel
        ("Лида", "Проверяю Пса", "check", "Pes"),
        ("Лида", "проверяю сову, она странно голосовала", "check", "Sova"),
    ],
)
def test_C_3_a_word_nick_as_the_player_stays_the_move_whatever_its_script(
    script: str, sender: str, text: str, action: str, target: str
) -> None:
    got, names = _read(script, sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (names[target],))


def test_C_3_the_nick_word_is_spelt_in_the_script_it_is_written_in() -> None:
    assert nick_word("Volk", "волка") == "волк"
    assert nick_word("Volk", "volka") == "volk"  # Latin as written: as it stands
    assert nick_word("Волк", "волка") == "волк"
    assert nick_word("Pes", "пса") == "пес"


def test_C_3_a_latin_word_nick_heard_in_cyrillic_with_its_fleeting_vowel() -> None:
    resolver = NickResolver(["Orel", "Pes", "Lev", "Глеб"])
    assert resolver.resolve("Орла", inflected=True).nick == "Orel"
    assert resolver.resolve("Пса", inflected=True).nick == "Pes"
    assert resolver.resolve("Льва", inflected=True).nick == "Lev"
    assert resolver.resolve("Орла").nick is None  # a case form only where moves decline
