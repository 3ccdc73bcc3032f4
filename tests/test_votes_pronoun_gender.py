"""C-3, P-V.1, G-N.1: a name two players can bear (a pet form of both names) is pinned by the
gender of the third-person pronoun that first follows it in its sentence — «<Полю> голосую:
она весь день молчит» is Аполлинария, not Ипполит. Near misses stay `ambiguous_nick`, shown
to the host: a pronoun both candidates agree with, a pronoun that may be plural, one in
another sentence, none at all (tests/votes/dev10/, `b24-17`, `b24-18`)."""

from __future__ import annotations

import pytest

from engine.kinds import RulesetName
from parser.morph import pronoun_gender
from parser.nicks import AMBIGUOUS_NICK, NickMatch, pinned_by_pronoun
from tests.vote_kit import nick_reader_for

PLAYERS = ("Аполлинария", "Ипполит", "Евгений", "Евгения", "Родион", "Нонна", "Полина")


_read = nick_reader_for(PLAYERS, by="Родион")


@pytest.mark.parametrize(
    ("rules", "text", "nick", "target"),
    [
        ("pefl", "Полю голосую: она весь день молчит", "Полю", "Аполлинария"),
        ("pefl", "Полю голосую, он весь день молчит и путает роли", "Полю", "Ипполит"),
        ("pefl", "Голосую против Жени, его логика хромает весь день", "Жени", "Евгений"),
        ("pefl", "Голосую против Жени, ей нечего сказать по ночи", "Жени", "Евгения"),
        # Russian typed in Latin letters, the name and the pronoun alike
        ("pefl", "Polyu golosuyu, ona molchit ves' den'", "Polyu", "Аполлинария"),
        ("gambler", "Выставляю Женю, он всю ночь молчал", "Женю", "Евгений"),
    ],
)
def test_C_3_a_shared_name_is_pinned_by_the_pronoun_after_it(
    rules: RulesetName, text: str, nick: str, target: str
) -> None:
    players = tuple(p for p in PLAYERS if p != "Полина")  # Поля is Полина's name too
    got = _read(rules, text, nick, players)
    assert (got.status, got.target) == ("vote", target), text


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        # no pronoun: the host is asked
        ("Голосую против Жени, весь день молчит и путается", "Жени"),
        # «им» may be plural (them): it proves no one
        ("Голосую против Жени, им всем выгодно молчать", "Жени"),
        # the pronoun is in the next sentence: it may be anyone's
        ("Голосую против Жени. Она весь день молчит", "Жени"),
        # three players can be Поля (Полина, too): «она» fits two of them
        ("Полю голосую: она весь день молчит", "Полю"),
    ],
)
def test_C_3_near_misses_of_the_pronoun_stay_ambiguous(text: str, nick: str) -> None:
    got = _read("pefl", text, nick)
    assert (got.status, got.reason) == ("rejected", AMBIGUOUS_NICK), text


def test_C_3_the_pronoun_pin_needs_every_candidate_of_one_known_gender() -> None:
    # a candidate the dictionary gives no gender (a word nick) leaves the name asked
    doubt = NickMatch("Полю", None, "diminutive", 0.8, AMBIGUOUS_NICK, ("Аполлинария", "Полюс"))
    assert pinned_by_pronoun(doubt, ["голосую", "она"]) is None
    # «оно» is neuter, «они» plural: no pin
    pair = NickMatch("Полю", None, "diminutive", 0.8, AMBIGUOUS_NICK, ("Аполлинария", "Ипполит"))
    assert pinned_by_pronoun(pair, ["оно", "молчит"]) is None
    assert pinned_by_pronoun(pair, ["они", "молчат"]) is None
    pinned = pinned_by_pronoun(pair, ["а", "ее", "никто", "не"])
    assert pinned is not None and pinned.nick == "Аполлинария"


def test_C_3_a_pronouns_gender_is_one_judgment_for_both_readers() -> None:
    # `parser.morph.pronoun_gender`: the letters' pronoun antecedents, the court's «его»/«её»
    # and the pin above all ask it; a form the plural shares is one gender only on request
    for word, gender in [("его", "masc"), ("Него", "masc"), ("нём", "masc"), ("она", "femn")]:
        assert pronoun_gender(word) == gender, word
    for word, gender in [("неё", "femn"), ("ею", "femn"), ("ей", "femn")]:
        assert pronoun_gender(word) == gender, word
    for word in ("им", "ним"):
        assert pronoun_gender(word) is None, word  # «им» may be «to them»
        assert pronoun_gender(word, plural=True) == "masc", word
    for word in ("их", "ими", "оно", "они", "себя", "этого", "Рома"):
        assert pronoun_gender(word, plural=True) is None, word
