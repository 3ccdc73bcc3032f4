"""P-V.1's minimum reason, counted as the rule words it: words the voter wrote himself,
outside quotes, besides the nick, at least `[rules] min_reason_words` of them (docs/rulings.md,
P-V.1). A number alone or a web address written out is no word of a reason."""

from __future__ import annotations

import pytest

from engine.settings import RulesSettings
from mafiabot.replay_posts import post_from_body
from parser.votes.day import extract_votes
from parser.votes.records import VoteOptions

PLAYERS = ("Ратибор", "Злотана", "Полина")
RED = '<span style="color:red">Ратибор</span>'


def _status(body: str, min_words: int = 3) -> tuple[str, str | None]:
    post = post_from_body(1, "Полина", body, 1)
    options = VoteOptions(min_reason_words=min_words)
    (got,) = extract_votes([post], ruleset="pefl", players=PLAYERS, options=options).posts
    return got.status, got.reason


@pytest.mark.parametrize(
    "tail",
    [
        " https://forum.example.ru/viewtopic.php?p=123#p123",
        " www.example.ru/game/day2",
        " 1 2 3",
        " мафия, 100% врёт",
    ],
)
def test_P_V_1_numbers_and_web_addresses_are_no_words_of_a_reason(tail: str) -> None:
    assert _status(RED + tail) == ("rejected", "no_reason"), tail


@pytest.mark.parametrize(
    "tail",
    [" в 3 ночи врал", " врёт весь день", " — мафия, см. https://example.ru/p1 и ещё"],
)
def test_P_V_1_three_own_words_beside_numbers_or_links_are_a_reason(tail: str) -> None:
    assert _status(RED + tail) == ("vote", None), tail


def test_P_V_1_the_minimum_is_the_rules_setting_not_a_constant() -> None:
    assert RulesSettings().min_reason_words == 3  # the ruling's default, `[rules]` setting
    assert _status(RED + " мафия врёт", 2) == ("vote", None)
    assert _status(RED + " мафия врёт", 3) == ("rejected", "no_reason")
