"""A coloured nick that is a verb form said as the author's own verb (P-V.1, G-N.1; round
`reader-53`, class VS1 of batch 26): lower case, no vote grammar around it, a finite verb of
the first person with a word it governs right after it and no other person's verb in its
clause («Сегодня <крашу> маму в блонд») — shown to the host (`unproven`), never counted.
With a vote word, «за»/«против», a dash or alone it is the vote; as another verb's subject
or object («<режу> слишком тихо сидит», «<грею> подозреваю») the rule leaves it alone."""

from __future__ import annotations

from typing import Literal

import pytest

from parser.votes.records import UNPROVEN
from tests.vote_kit import green as _green
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Крашу", "Режу", "Грею", "Ною", "Остап", "Фаина", "Ульяна")


_read = reader_for(PLAYERS, by="Ульяна")


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Сегодня у меня окрашивание, {_red('крашу')} до вечера, потом почитаю тему", "pefl"),
        (f"Сегодня {_green('крашу')} маму в блонд, в тему загляну позже", "gambler"),
        (f"{_red('грею')} ужин и сажусь читать тему", "pefl"),
        (f"с утра {_red('ною')} про погоду, простите", "pefl"),
        (f"opyat' {_red('reju')} kolbasu na buterbrody", "pefl"),
    ],
)
def test_P_V_1_G_N_1_a_verb_nick_said_as_the_authors_verb_is_shown(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", UNPROVEN), got


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (f"Голосую за {_red('Крашу')} — вчера путалась в показаниях", "pefl", "Крашу"),
        (f"Против {_red('грею')}, врёт про проверку", "pefl", "Грею"),
        (f"{_red('режу')} слишком тихо сидит весь день, голосую", "pefl", "Режу"),
        (f"{_red('грею')} подозреваю больше всех, голосую против него", "pefl", "Грею"),
        (f"Выставляю {_green('режу')}", "gambler", "Режу"),
    ],
)
def test_P_V_1_G_N_1_a_verb_nick_in_vote_grammar_is_the_vote(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    got = _read(body, rules)
    assert got.status == "vote" and got.target == nick, got
