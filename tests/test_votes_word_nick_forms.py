"""Round `votes-41` (issue 17 item 2, C-3): two word nicks whose forms collide — a noun the
ending tables decline (Ока, Поля) beside one they do not, a neuter the dictionary declines
(Око, Поле). A coloured form the dictionary gives to both («Оку»: Ока's accusative, Око's
dative; «Оке»; «Полю») is shown naming both, never counted for one — unless the grammar
settles its case («Выставляю <Оку>», «за <Оку>»: the accusative, Ока's). A form only one
nick takes («Оком», «Полем»: the neuter's instrumental; «Окой», «Оки») is that nick's, and a
nick as listed that is the other's genitive («Ока», «Поля») is asked as twins are, settled
by the words agreeing with it (`parser.twins.settled_twin`)."""

from __future__ import annotations

import pytest

from parser.nicks import AMBIGUOUS_NICK, NickResolver
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Ока", "Око", "Поле", "Поля", "Сокол", "Белов", "Белова")

_read = reader_for(PLAYERS, by="Сокол")


@pytest.mark.parametrize(
    ("body", "shared"),
    [
        (f"{_red('Оку')} — весь день молчит и юлит.", {"Ока", "Око"}),
        (f"{_red('Оке')} — ноль доверия, весь день путается.", {"Ока", "Око"}),
        (f"{_red('Полю')} — весь вечер врёт про проверки.", {"Поле", "Поля"}),
        (f"{_red('Ока')} — весь день путается и врёт, голосую.", {"Ока", "Око"}),
        (f"Голосую против {_red('Поля')}, весь вечер врёт про проверки.", {"Поле", "Поля"}),
    ],
)
def test_C_3_a_form_two_word_nicks_share_is_shown_naming_both(body: str, shared: set[str]) -> None:
    got = _read(body, "pefl")
    assert (got.status, got.reason) == ("rejected", AMBIGUOUS_NICK), got
    match = NickResolver(PLAYERS).resolve(got.span or "", inflected=True)
    assert set(match.candidates) == shared, match


@pytest.mark.parametrize(
    ("body", "nick"),
    [
        # the grammar settles the case: the accusative of a vote verb or of «за»
        (f"Выставляю {_red('Оку')}: весь день молчит и юлит.", "Ока"),
        (f"Голосую за {_red('Оку')}, весь день молчит и путается.", "Ока"),
        (f"Выставляю {_red('Полю')}, весь вечер врёт про проверки.", "Поля"),
        # a form only one nick takes
        (f"Недоволен {_red('Оком')}, весь день молчит и юлит. Голосую.", "Око"),
        (f"Недоволен {_red('Полем')}, весь вечер врёт про проверки. Голосую.", "Поле"),
        (f"Недоволен {_red('Окой')}, весь день молчит и юлит. Голосую.", "Ока"),
        (f"Голосую против {_red('Оки')}, весь день путается в показаниях.", "Ока"),
        (f"Голосую за {_red('Око')}: весь день молчит и юлит.", "Око"),
        # a nick as listed settled by the past verb it is the subject of
        (f"{_red('Ока')} врала весь день, путалась в показаниях, голосую.", "Ока"),
        # the surname pair by the case «за» governs
        (f"Голосую за {_red('Белову')}, врёт про ночь и путается.", "Белова"),
    ],
)
def test_C_3_a_form_one_word_nick_takes_or_the_grammar_settles_is_counted(
    body: str, nick: str
) -> None:
    got = _read(body, "pefl")
    assert (got.status, got.target) == ("vote", nick), got


def test_C_3_the_dictionary_declines_a_neuter_nick_the_tables_miss() -> None:
    resolver = NickResolver(PLAYERS)
    assert resolver.resolve("Оком", inflected=True).nick == "Око"
    assert set(resolver.resolve("оку", inflected=True).candidates) == {"Ока", "Око"}
    # a word nick nobody shares reads as before
    assert resolver.resolve("Сокола", inflected=True).nick == "Сокол"
