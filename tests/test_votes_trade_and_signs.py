"""Votes, issue 17 (batch 24's classes VM1 and vs-latin), each built on development part 39.

- vs-latin (P-V.1, C-3): Russian typed in Latin letters drops the soft and hard signs
  («golosovat», «nelzya», «obyavlyayu»). A Latin word none of whose Cyrillic spellings is a
  word of the dictionary is read with a sign put back where transliteration drops one
  (`parser.latin.signed_spellings`): «ь» at the end after a consonant, «ь» after a consonant
  before another, «ь» or «ъ» before an iotated vowel; the dictionary picks. So «pora
  golosovat protiv <X>» is the infinitive governed by «пора», nobody's vote.
"""

from __future__ import annotations

import pytest

from mafiabot.replay_posts import post_from_body
from parser.latin import signed_spellings
from parser.votes.day import extract_votes
from parser.votes.records import PostReading
from parser.votes.typed import typed_in_latin

_PLAYERS = ("Регина", "Тарас", "Оксана", "Богдан", "Лука")


def _red(nick: str) -> str:
    return f'<span style="color:red">{nick}</span>'


def _reading(body: str, by: str = "Тарас") -> PostReading:
    post = post_from_body(1, by, body, 1)
    (reading,) = extract_votes([post], ruleset="pefl", players=_PLAYERS).posts
    return reading


def test_P_V_1_vs_latin_a_dropped_sign_is_put_back_where_the_dictionary_knows_the_word() -> None:
    assert typed_in_latin("pora golosovat") == "пора голосовать"
    assert typed_in_latin("nelzya vystavlyat") == "нельзя выставлять"
    assert typed_in_latin("obyavlyayu") == "объявляю"
    # a spelling the dictionary knows as typed is kept: «vret» stays «врет»
    assert typed_in_latin("vret") == "врет"
    assert "голосовать" in signed_spellings("голосоват")
    assert "нельзя" in signed_spellings("нелзя")
    assert "объявляю" in signed_spellings("обявляю")


@pytest.mark.parametrize(
    "body",
    [
        f"pora golosovat protiv {_red('Регины')} ona vret",
        f"nelzya golosovat protiv {_red('Оксаны')} bez prichiny, kollegi",
        f"PORA GOLOSOVAT PROTIV {_red('Богдана')} ON VRET VSEM",
    ],
)
def test_P_V_1_vs_latin_an_infinitive_typed_without_its_sign_is_nobodys_vote(body: str) -> None:
    got = _reading(body)
    assert got.status != "vote"


@pytest.mark.parametrize(
    ("body", "target"),
    [
        (f"golosuyu protiv {_red('Регины')}, ona vret ves den", "Регина"),
        (f"nelzya molchat! golos protiv {_red('Оксаны')}, ona yavno mafiya", "Оксана"),
        (f"ob'yavlyayu golos protiv {_red('Луки')}, on vret s utra", "Лука"),
    ],
)
def test_P_V_1_vs_latin_the_authors_own_vote_in_latin_is_counted(body: str, target: str) -> None:
    got = _reading(body)
    assert (got.status, got.target) == ("vote", target)
