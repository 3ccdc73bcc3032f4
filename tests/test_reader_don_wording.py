"""P-S.2, P-M.8: the Don election in the words clan members write (batch 15, class M6).
«Дон — я.» names the sender herself; «Дон, предлагаю X» on a later night speaks to the Don
and offers X — a member's offer (the `member_suggestion` ruling), never an election refused
as out of season; «Дон — X» and «Доном X» still elect."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize("text", ["Дон — я.", "Дон — я. Лена.", "Дон - сама."])
def test_P_S_2_the_don_named_as_the_sender_herself(text: str) -> None:
    got = read_in_cast("kitchen", "Елена Борисовна", text, turn=0)
    assert (got.kind, got.action, list(got.targets)) == ("move", "don", ["Елена Борисовна"]), got


@pytest.mark.parametrize(
    "text",
    [
        "Дон, предлагаю Сомелье, он слишком много знает про вина.",
        "Дон, предлагаю Опару.",
        "Предлагаю Сомелье, он мафия.",
    ],
)
def test_P_M_8_the_don_addressed_with_an_offer_is_a_member_s_offer(text: str) -> None:
    got = read_in_cast("kitchen", "Шафран", text)
    assert (got.kind, got.code) == ("question", "undecided"), got


def test_P_S_2_the_don_named_after_the_word_still_elects() -> None:
    got = read_in_cast("kitchen", "Шафран", "Дон — Ираклий Гивиевич.", turn=0)
    assert (got.kind, got.action, list(got.targets)) == ("move", "don", ["Ираклий Гивиевич"])
    got = read_in_cast("kitchen", "Тесак", "Голосую за Ираклия доном.", turn=0)
    assert (got.kind, got.action, list(got.targets)) == ("move", "don", ["Ираклий Гивиевич"])


def test_P_M_8_an_offer_from_outside_a_clan_is_no_member_s_offer() -> None:
    got = read_in_cast("kitchen", "Нонна Витальевна", "Предлагаю Сомелье, он мафия.")
    assert got.code != "undecided", got
