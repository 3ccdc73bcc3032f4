"""C-2 (LS2): a move held back by a clause after it — «хотя» with a word that takes back or
doubts (an imperative to wait, «нет»/«не», a parenthetical doubt, a promise of word to
come), or a sentence opening with an imperative to wait and promising word — is asked, never
taken as the move (`parser.letters.promised.held_back`). A concession that holds nothing
back, a wait said before the move, and a correction or confirmation naming a player leave
the reading as it was. Casts: `cast_heldback.json` (PEFL), `cast_heldback_g.json`
(Gambler)."""

from __future__ import annotations

import pytest

from parser.letters.promised import held_back
from parser.letters.reading import UNDECIDED
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


def _read(cast: str, sender: str, text: str) -> tuple[str, str | None, list[str]]:
    got = read_in_cast(cast, sender, text)
    return (got.kind, got.code if got.kind == "question" else got.action, list(got.targets))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Гоша", "Убиваю Марфу. Хотя подожди, отвечу позже"),
        ("Гоша", "Убиваю Марфу. Хотя нет, напишу позже"),
        ("Варя", "Лечу Таисию. Хотя, может, и нет"),  # a parenthetical doubt
        ("Люба", "Приглашаю Нину. Хотя стоп... напишу чуть позже"),  # a promise after «хотя»
        ("Гоша", "Ubivayu Marfu. Hotya podozhdi, otvechu pozzhe"),
    ],
)
def test_C_2_a_move_held_back_after_it_is_asked(sender: str, text: str) -> None:
    assert _read("heldback_g", sender, text)[:2] == ("question", UNDECIDED)


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Полина", "Режу Данилу. Подожди, отвечу позже"),  # an imperative and a promise
        ("Кирилл", "Защищаю Маргариту. Хотя погодите, сначала спрошу у ведущего, можно ли"),
        ("Штерн", "проверяю мирона хотя подожди"),
    ],
)
def test_C_2_a_wait_after_the_move_holds_it(sender: str, text: str) -> None:
    assert _read("heldback", sender, text)[:2] == ("question", UNDECIDED)


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Гоша", "Убиваю Марфу. Хотя она милая", "kill", "Марфа"),
        ("Варя", "Лечу Таисию. Подробности напишу позже", "heal", "Таисия"),
        ("Алла", "Стреляю в Белову. Хотя бы так", "kill", "Белова"),
        ("Смирнов", "Хотя подожди... Проверяю Рената", "check", "Ренат"),
        ("Гоша", "Убиваю Марфу. Хотя нет, Белову", "kill", "Белова"),  # the correction
    ],
)
def test_C_2_a_concession_or_a_correction_holds_nothing_back(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read("heldback_g", sender, text) == ("move", action, [target])


def test_C_2_held_back_quotes_the_words_and_yields_to_a_player_named_after() -> None:
    tokens = tokenize("Убиваю Лику. Хотя подожди, отвечу позже")
    assert held_back(tokens, 0, set()) == "Хотя подожди, отвечу позже"
    tokens = tokenize("Проверяю Павла. Хотя нет... всё-таки Павла")
    assert held_back(tokens, 0, set()) == "Хотя нет"
    assert held_back(tokens, 0, set(), named={5}) is None
