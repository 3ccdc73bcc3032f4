"""P-S.2, M8 (batch 25), M6 (batch 24): the Don election however it is worded, on turn 0.

«Голосую, чтоб доном был я», «Пусть я буду доном», «дон — я, старший»: the sender's own
«я»/«сам» is the subject of «дон» in its clause, linked by the copula («был», «будет»,
«стал») or a dash (`parser.letters.infer._don_is_me`), and the election is read — then
refused by P-S.2 where the sender may not be Don (the kamikaze). «Не хочу, чтобы доном был
X, …»: a clause of wish governed by «не» refuses X (`_wish_refused`). «дон — X, старший. Не
перепутайте с Y»: on the election night nobody carries out a kill, so a second player named
is no executor that takes X from the election (`executor._executor_by_grammar`). Casts:
`cast_donwish.json` (PEFL; yakuza: Сёгун, Ронин, the kamikaze Гейша; triad: Дракон, Феникс,
the thug Лотос) and `cast_band.json` (Громкий of the triad, its Don Пётр Струнин and the
bastard Гоша Струнин)."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "elected"),
    [
        ("Ронин", "Голосую, чтобы доном был я.", "Ронин"),
        ("Ронин", "Пусть я буду доном.", "Ронин"),
        ("Дракон", "дон — я, старший", "Дракон"),
        ("Ронин", "Хочу, чтобы доном стал я", "Ронин"),
        ("Ронин", "Не хочу, чтобы доном был Сёгун, пусть доном будет Ронин.", "Ронин"),
        ("Ронин", "Не хочу, чтобы доном был Сёгун. Доном буду я.", "Ронин"),
    ],
)
def test_P_S_2_a_don_election_worded_as_a_wish_or_with_the_copula(
    sender: str, text: str, elected: str
) -> None:
    got = read_in_cast("donwish", sender, text, turn=0)
    assert (got.kind, got.action, list(got.targets)) == ("move", "don", [elected])


def test_P_S_2_the_kamikaze_electing_herself_by_a_wish_is_refused_with_the_reason() -> None:
    got = read_in_cast("donwish", "Гейша", "Голосую, чтоб доном была я.", turn=0)
    assert got.kind == "refused"
    assert got.action == "don"
    assert "доном" in got.text


def test_P_S_2_a_wish_about_a_don_on_another_turn_is_no_move() -> None:
    assert read_in_cast("donwish", "Ронин", "Пусть доном буду я.", turn=2).kind != "move"


def test_P_S_2_M6_a_second_player_named_on_the_election_night_is_no_executor() -> None:
    text = "дон — Пётр Струнин, старший. Не перепутайте с Гошей."
    got = read_in_cast("band", "Громкий", text, turn=0)
    assert (got.kind, got.action, list(got.targets)) == ("move", "don", ["Пётр Струнин"])
