"""Round `votes-36` (issue 17 item 2, C-3): a coloured word the letters do not prove is the
nick is shown to the host naming the player, never counted.

- A dictionary word one slip from a Cyrillic nick — a phone's autocorrect («Экспорт» for
  Эксперт, «Ракета» for Ракетка) — is that word, no proven typo (`nicks.dictionary_word`, the
  letters' `proven_typo` check). A typo that is no word, a doubled or dropped letter, a
  swapped pair and the nick's own case forms are read as before.
- A Russian word of a Latin nick's sense that is no spelling of it — a diminutive of the
  word the nick spells («Лапки» for Lapa, «Котика» for Kot) — is shown; a Cyrillic spelling
  in any case form («Корону», «Кота») and a name's pet form (Masha → «Машеньку») are read."""

from __future__ import annotations

from typing import Literal

import pytest

from mafiabot.replay_posts import post_from_body
from parser.nicks import UNKNOWN_NICK, cached_resolver
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.names import NEAR_WORD, SENSE, resolve_nick
from tests.vote_kit import green as _green
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Эксперт", "Шторм", "Ракетка", "Lapa", "Korona", "Kot", "Masha", "Тимур")


_read = reader_for(PLAYERS, by="Тимур")


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Голосую против {_red('Экспорт')}, весь день юлит и молчит", "pefl"),
        (f"голосую против {_red('экспорт')} слился вчера вечером и молчит", "pefl"),
        (f"зеленю {_green('Ракета')}, слишком тихо сидит", "gambler"),
        (f"{_green('Лапки')} за то что весь день прячется", "gambler"),
        (f"Голосую против {_red('Короночки')}, слишком важничает весь день", "pefl"),
        (f"{_green('Котика')} в зелень, мурлычет не по делу", "gambler"),
    ],
)
def test_C_3_a_word_the_letters_do_not_prove_is_shown_not_counted(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason, got.target) == ("rejected", UNKNOWN_NICK, None), got


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (f"Голосую против {_red('Эксперта')}, весь день юлит и молчит", "pefl", "Эксперт"),
        (f"Против {_red('Эксерт')}, весь день юлит и молчит", "pefl", "Эксперт"),
        (f"Голосую против {_red('Экспертт')}, весь день юлит и молчит", "pefl", "Эксперт"),
        (f"{_green('Штром')} за то что молчит весь день", "gambler", "Шторм"),
        (f"{_green('Шорм')} за то что молчит весь день", "gambler", "Шторм"),
        (f"Голосую против {_red('Корону')}, слишком важничает весь день", "pefl", "Korona"),
        (f"Против {_red('Кота')}, мурлычет не по делу весь день", "pefl", "Kot"),
        (f"{_green('Машеньку')} в зелень, слишком хитрая", "gambler", "Masha"),
    ],
)
def test_C_3_a_typo_a_case_form_a_spelling_or_a_pet_name_is_read(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    got = _read(body, rules)
    assert (got.status, got.target) == ("vote", nick), got


@pytest.mark.parametrize(
    ("text", "method", "nick"),
    [("Экспорт", NEAR_WORD, "Эксперт"), ("Ракета", NEAR_WORD, "Ракетка"), ("Лапку", SENSE, "Lapa")],
)
def test_C_3_the_refusal_names_the_likely_player(text: str, method: str, nick: str) -> None:
    got = resolve_nick(cached_resolver(PLAYERS), text, "as_moves")
    assert (got.ok, got.method, got.candidates) == (False, method, (nick,)), got


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (f"Голосую против {_red('Экспорт')}, весь день юлит и молчит", "pefl", "Эксперт"),
        (f"{_green('Лапки')} за то что весь день прячется", "gambler", "Lapa"),
    ],
)
def test_C_3_the_voter_is_told_the_likely_player(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    post = post_from_body(1, "Тимур", body, 1)
    (refusal,) = extract_votes([post], ruleset=rules, players=PLAYERS).rejected
    assert f"имели в виду {nick}?" in refusal.detail, refusal


def test_G_N_4_a_court_word_one_slip_from_a_nominee_is_shown_naming_him() -> None:
    post = post_from_body(1, "Тимур", "Сажаю Экспорт", 1)
    result = extract_court_votes([post], nominees=("Эксперт", "Шторм"), players=PLAYERS)
    assert not result.votes
    (refusal,) = result.rejected
    assert refusal.reason == UNKNOWN_NICK and "имели в виду Эксперт?" in refusal.detail


@pytest.mark.parametrize(
    "body",
    [
        f"{_green('Штопор')} за то что молчит весь день",
        f"{_green('Утюг')}, потому что весь день молчит",
    ],
)
def test_G_N_1_a_noun_with_a_reasons_lead_after_it_is_meant_as_a_nick(body: str) -> None:
    got = _read(body, "gambler")
    assert (got.status, got.reason) == ("rejected", UNKNOWN_NICK), got


def test_G_N_1_a_noun_without_a_vote_or_its_reason_stays_a_word() -> None:
    assert _read(f"{_green('Штопор')} потерялся опять, кто брал?", "gambler").status == "no_vote"
