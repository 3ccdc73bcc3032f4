"""C-2, P-M.1, P-M.5, G-M.3, G-M.4: a one-target move names one player a night — two
players for it, not parted by a time that puts the second on a later night, prove neither.

«Потом», «позже», «после» order the players of one night as well as they put one off: the
verb said before both goes on to the player after them («Проверяю Вадика, а потом Милену»,
«проверяю тараса потом ульяну», «Сначала Тарас, потом Ульяна») — the letter is asked,
naming both. «Потом» closing the player's own clause («Боба потом»), a verb of his own
(«Филиппа проверю потом») or a night named plainly («а завтра Милену», «следующей ночью»)
puts him off, and the first is the move. A second player who is the subject of another's
verb, negated or corrected is accounted for; the necromancer's two protects (P-M.6) are
one move. Cast: `cast_twotargets.json` (PEFL turn 2: Штурман the commissar, Аглая the
doctor, Грач the maniac, Молот the thug, Некрас the necromancer, Хозяин a Don) and
`cast_twotargets_g.json` (Gambler turn 2: Лаврентий the commissar, Зорин the sheriff)."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


def _read(cast: str, sender: str, text: str) -> tuple[str, str | None, list[str]]:
    got = read_in_cast(cast, sender, text)
    return (got.kind, got.action, list(got.targets))


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        ("twotargets", "Штурман", "Проверяю Вадика, а потом Милену"),  # `promised.deferred_in`
        ("twotargets", "Грач", "Убиваю Стёпу, потом Филиппа"),
        ("twotargets", "Штурман", "proveryayu Vadika, potom Milenu"),
        ("twotargets", "Штурман", "проверяю тараса потом ульяну"),  # `decide.is_called_off`
        ("twotargets", "Штурман", "Сначала Тарас, потом Ульяна"),  # `infer._later_said`
        ("twotargets_g", "Лаврентий", "Проверяю Вадика, а после Милену"),  # `sense._adverb_here`
        ("twotargets_g", "Зорин", "Стреляю в Стёпу, а потом в Филиппа"),
    ],
)
def test_C_2_two_players_for_one_target_move_the_same_night_are_asked(
    cast: str, sender: str, text: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert got.kind == "question"
    # the question names the second player as he is written
    second = text.replace(",", " ").split()[-1]
    assert second.lower() in got.text.lower(), got.text


@pytest.mark.parametrize(
    ("cast", "sender", "text", "move"),
    [
        ("twotargets", "Штурман", "Проверяю Вадика, а завтра Милену", ("check", ["Вадик"])),
        ("twotargets", "Штурман", "Проверяю Стёпу, Филиппа проверю потом", ("check", ["Стёпа"])),
        ("twotargets", "Штурман", "Проверяю Вадика, не Милену", ("check", ["Вадик"])),
        ("twotargets", "Некрас", "Протект Вадику и Милене", ("protect", ["Вадик", "Милена"])),
        ("twotargets_g", "Лаврентий", "Проверяю Вадика, Тарас советовал", ("check", ["Вадик"])),
        ("twotargets_g", "Зорин", "Стреляю в Стёпу — Филиппа потом", ("kill", ["Стёпа"])),
    ],
)
def test_C_2_a_second_player_put_off_or_accounted_for_leaves_the_move(
    cast: str, sender: str, text: str, move: tuple[str, list[str]]
) -> None:
    assert _read(cast, sender, text) == ("move", *move)
