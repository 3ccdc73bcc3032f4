"""Votes, issue 17 (batch 24's classes VM1 and vs-latin), each built on development part 39.

- vs-latin (P-V.1, C-3): Russian typed in Latin letters drops the soft and hard signs
  («golosovat», «nelzya», «obyavlyayu»). The table walk of Latin typing the letters use
  (`parser.latin.latin_readings`) puts a sign back after a consonant where the typist left
  it out — «ь» anywhere, «ъ» before an iotated vowel; the dictionary picks. So «pora
  golosovat protiv <X>» is the infinitive governed by «пора», nobody's vote.
- VM1 (P-V.1, P-V.3): «Снимаю звук с <X> … — голос против него» is a trade's phrase and a
  vote, not a vote taken back.
"""

from __future__ import annotations

import pytest

from mafiabot.replay_posts import post_from_body
from parser.latin import latin_reading
from parser.votes.day import extract_votes
from parser.votes.records import PostReading
from parser.votes.typed import typed_in_latin
from tests.vote_kit import red as _red

_PLAYERS = ("Регина", "Тарас", "Оксана", "Богдан", "Лука")


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
    assert latin_reading("golosovat") == "голосовать"
    assert latin_reading("nelzya") == "нельзя"
    assert latin_reading("obyavlyayu") == "объявляю"


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


# VM1 (P-V.1, P-V.3): «снимаю» takes a vote back only when its object is the vote (or the
# nick itself); a thing of its own between the verb and the nick, with a vote said after
# the nick, makes the verb talk (`parser.votes.negation._object_of_its_own`).
@pytest.mark.parametrize(
    ("body", "target"),
    [
        (f"Снимаю звук с {_red('Регины')}, пусть помолчит — голос против неё.", "Регина"),
        (f"Снимаю мерку с {_red('Оксаны')}, она в чужом костюме. Голос против неё.", "Оксана"),
        (f"Снимаю шляпу перед {_red('Лукой')}, но голосую против него — юлит весь день.", "Лука"),
    ],
)
def test_P_V_3_VM1_a_retraction_verb_with_a_trade_object_takes_nothing_back(
    body: str, target: str
) -> None:
    got = _reading(body)
    assert (got.status, got.target) == ("vote", target)


@pytest.mark.parametrize(
    "body",
    [
        f"Снимаю голос с {_red('Регины')}, погорячился.",
        f"Снимаю свой выбор с {_red('Оксаны')}, голос против неё был поспешным.",
        f"Снимаю {_red('Луку')}, перепутал.",
        f"Снимаю красный с {_red('Богдана')}, пока думаю.",
    ],
)
def test_P_V_3_VM1_the_vote_or_the_nick_as_the_object_is_taken_back(body: str) -> None:
    got = _reading(body)
    assert (got.status, got.reason) == ("rejected", "withdrawn")
