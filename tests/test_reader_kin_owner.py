"""C-2, P-M.8: a player named only as the owner or kin of the noun a move verb takes is no
target of the move — asked, never taken (cast `cast_kinobj.json`, PEFL turn 2).

- `parser.letters.sense.owned_by_thing` reads a visit verb that takes its guest directly
  («навещаю») as a move verb, a common noun with a rarer surname reading («машину») as a
  thing, and after a person or an animal a nick form the accusative shares as asked
  (owner, kin or apposition alike), save the game's word for a player («игрока Олега»).
- `sense.set_aside`: beside the move's own player, a noun's owner is accounted for.
- `proof._aside_words`: a possessive «её» before its noun aims no move.
- `actions.bind`: an owner put before the verb is none of its players.
- `actions.talk_not_move`: an infinitive of no action or going governing «к X» is no
  strike («поручаю Тимуру присмотреться к Вике»)."""

from __future__ import annotations

import pytest

from parser.letters.reading import IS_IT_A_MOVE
from tests.letter_kit import read_in_cast


def _read(sender: str, text: str) -> tuple[str, str | None, list[str], str | None]:
    got = read_in_cast("kinobj", sender, text)
    what = got.code if got.kind == "question" else got.action
    return (got.kind, what, list(got.targets), got.executor)


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Ася", "Навещаю бабушку Вики в больнице."),  # a visit verb's kin noun
        ("Ася", "Навещаю магазин Вики, куплю там хлеба"),  # a visit verb's thing
        ("Штерн", "проверяю машину Олега"),  # «машину» is a surname too
        ("Ася", "Лечу маму Антона, у неё давление"),  # a kin noun of another gender
        ("Ася", "лечу кота Мирона"),  # an animal of his gender: owner or name, no player
        ("Лёня", "бью посуду Светланы на её свадьбе, традиция такая"),  # «её» possessive
    ],
)
def test_C_2_the_owner_or_kin_of_the_verbs_noun_is_asked(sender: str, text: str) -> None:
    assert _read(sender, text)[:2] == ("question", IS_IT_A_MOVE)


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Ася", "Навещаю Вику", "heal", "Вика"),
        ("Штерн", "проверяю Олега, его машину видели у дома", "check", "Олег"),
        ("Штерн", "Проверяю игрока Олега", "check", "Олег"),  # the game's word for him
        ("Ася", "Лечу Вику, бабушку Лены", "heal", "Вика"),  # the owner set aside
        ("Штерн", "Проверяю Светлану, подругу Антона", "check", "Светлана"),
        ("Полина", "Режу Светлану, а торт Егора пусть сам режет", "kill", "Светлана"),
    ],
)
def test_C_2_the_player_as_the_verbs_object_stays_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read(sender, text)[:3] == ("move", action, [target])


@pytest.mark.parametrize(
    "text",
    ["Поручаю Жанне убить Вику", "поручаю убить Вику Жанне", "Жанне поручаю убить Вику"],
)
def test_P_M_8_a_dons_dative_beside_the_kills_infinitive_is_the_executor(text: str) -> None:
    assert _read("Бенедикт", text) == ("move", "kill", ["Вика"], "Жанна")


def test_P_M_8_an_order_to_look_at_a_player_is_no_kill() -> None:
    assert _read("Бенедикт", "Поручаю Тимуру присмотреться к Вике")[:2] == (
        "question",
        IS_IT_A_MOVE,
    )
    assert _read("Бенедикт", "Поручаю Жанне подумать")[0] != "move"
