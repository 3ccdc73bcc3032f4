"""The day reader's cheap first looks (P-V.1, issue 20 item 3): a check asks its dear
questions — a pattern tried at every position of a text, a word's grammar, a nick's folded
words — only of a text that holds what a yes needs, and asks each word's grammar once; every
answer is the one the full question gives."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parser.nicks import NickMatch
from parser.records import ColoredSpan
from parser.vocab import MAYBE, UNSURE_WORDS, joke_words
from parser.votes import negation, proof, proxy
from parser.votes.day import extract_votes
from parser.votes.names import Pick
from parser.votes.records import words_of
from tests.test_votes import RED, post

LIVING = ["Вася", "Петя", "Маша", "Анна Каренина"]
#: a plain red with its reason, as most reds of a long day are
PLAIN = "Маша — весь день отмалчивается и путает показания, голосую против"

#: pieces the first looks' words and patterns are made of, and their near misses
PIECES = [
    "не", "ни", "нет", "ненет", "если", "вчера", "позавчера", "прошлый", "прошл", "бы",
    "может", "возможно", "воздержусь", "подожду", "повременю", "отложу", "позже", "потом",
    "а то", "ато", "иначе", "наверное", "вроде", "подумаю", "хотя нет", "или  нет", "хочу",
    "хотела", "отставить", "не всерьёз", "не серьезно", "несерьёзно", "не считайте",
    "я пошутила", "я же шутил", "перепутала", "шутка", "шучу", "хз", "сними", "оправдать",
    "голосую", "против", "Маши", "день", "_", "1", "ё",
]  # fmt: skip
SEPARATORS = ["", " ", ", ", ". ", "?", "\n", "-", " — "]
texts = st.lists(st.tuples(st.sampled_from(PIECES), st.sampled_from(SEPARATORS)), max_size=10).map(
    lambda parts: "".join(p + s for p, s in parts)
)


def _look_by_patterns(low: str) -> bool:
    """The retraction check's first look as its patterns alone answer it."""
    words = set(words_of(low.replace("ё", "е")))
    return bool(
        any(stem in low for stem in negation._RETRACT_STEMS)
        or re.search(r"\b(?:не|ни|если|вчера|позавчера|прошл\w*|бы|может|возможно)\b", low)
        or re.search(r"воздерж|подожд|повремен|отлож|позже|потом|\bа то\b|иначе|наверн|вроде", low)
        or re.search(r"подума|\b(?:хотя|или)\s+нет\b|\bхоч|\bхотел", low)
        or negation._UNMEANT.search(low.replace("ё", "е"))
        or "?" in low
        or words & MAYBE
        or words & UNSURE_WORDS
        or words & joke_words()
    )


@settings(max_examples=400, deadline=None)
@given(texts)
def test_P_V_1_the_retraction_checks_first_look_answers_as_its_patterns(text: str) -> None:
    low = text.casefold()
    assert negation._worth_a_look(low) == _look_by_patterns(low)


@settings(max_examples=400, deadline=None)
@given(texts, st.booleans())
def test_P_V_1_a_post_taken_back_in_words_is_found_as_its_patterns_find_it(
    text: str, between: bool
) -> None:
    low = text.casefold().replace("ё", "е")
    want = negation._UNMEANT.search(low) is not None or (
        between and negation._SLIP.search(low) is not None
    )
    assert negation.unmeant(text.casefold(), between=between) == want


class _Searches:
    """A compiled pattern whose searches are counted."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.count = 0

    def search(self, *args: Any) -> Any:
        self.count += 1
        return self.pattern.search(*args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pattern, name)


def test_P_V_1_no_pattern_is_tried_at_every_position_where_none_of_its_words_stands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = extract_votes(
        [post(1, "Вася", (RED, "Маша"), text=PLAIN)], ruleset="pefl", players=LIVING
    )
    searched = {name: _Searches(getattr(negation, name)) for name in ("_UNMEANT", "_MIND_CHANGED")}
    for name, wrapper in searched.items():
        monkeypatch.setattr(negation, name, wrapper)
    after = extract_votes(
        [post(1, "Вася", (RED, "Маша"), text=PLAIN)], ruleset="pefl", players=LIVING
    )
    assert {name: w.count for name, w in searched.items()} == {"_UNMEANT": 0, "_MIND_CHANGED": 0}
    assert after.votes == before.votes and after.posts == before.posts
    # a post holding one of their words is searched, and taken back as before
    text = "Маша — весь день молчит, голосую против. Хотя нет, подумаю ещё"
    taken = extract_votes(
        [post(2, "Вася", (RED, "Маша"), text=text)], ruleset="pefl", players=LIVING
    )
    assert searched["_MIND_CHANGED"].count > 0
    assert not taken.votes


def _counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> Counter[str]:
    seen: Counter[str] = Counter()
    real: Callable[..., Any] = getattr(owner, name)

    def counted(*args: Any) -> Any:
        seen[name] += 1
        return real(*args)

    monkeypatch.setattr(owner, name, counted)
    return seen


def test_P_V_1_a_text_with_no_word_of_later_is_asked_no_question_of_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = _counting(monkeypatch, proof, "_later")
    plain = extract_votes(
        [post(1, "Вася", (RED, "Маша"), text=PLAIN)], ruleset="pefl", players=LIVING
    )
    assert seen["_later"] == 0
    assert [v.target for v in plain.votes] == ["Маша"]
    # «вечером» is a word of later: asked, and the vote put off, not counted
    text = "Проголосую против Маши вечером, весь день путает показания"
    later = extract_votes(
        [post(2, "Вася", (RED, "Маши"), text=text)], ruleset="pefl", players=LIVING
    )
    assert seen["_later"] > 0
    assert not later.votes


def _pick(nick: str) -> Pick:
    return Pick(ColoredSpan(RED, nick), NickMatch(nick, nick, "exact", 1.0))


def test_P_V_1_a_later_clause_with_no_negation_is_asked_no_names() -> None:
    asked: list[str] = []

    def names_other(word: str) -> bool:
        asked.append(word)
        return False

    assert not proof.refused_after(PLAIN, _pick("Маша"), names_other)
    assert asked == []
    # a clause refusing the vote: its words are asked, the candidate taken back
    text = "Маша весь день врала. Но голосовать против неё не буду"
    assert proof.refused_after(text, _pick("Маша"), names_other)
    assert asked


@pytest.mark.parametrize(
    ("owner", "check"),
    [
        *((proof, name) for name in ("_own_verb", "_asking_head", "_said_by_another")),
        *((proof, name) for name in ("_their_verb", "_first_person", "_own_now")),
        (proof, "_him"),
        (proxy, "_person_genitive"),
        (proxy, "_grams"),
    ],
)
def test_P_V_1_a_words_grammar_is_asked_once_however_often_a_check_asks_it(
    monkeypatch: pytest.MonkeyPatch, owner: Any, check: str
) -> None:
    question = getattr(owner, check)
    question.cache_clear()
    seen = _counting(monkeypatch, owner, "parse")
    answers = {question(w) for w in ["голосую", "предлагают", "голосую", "предлагают"] * 3}
    assert seen["parse"] <= 2 * 2, check  # each of the two words once (or twice, `_asking_head`)
    question.cache_clear()
    monkeypatch.undo()
    assert answers == {question(w) for w in ["голосую", "предлагают"]}


def test_P_V_1_C_3_each_players_folded_words_are_worked_out_once_for_every_chant_asked() -> None:
    proof._plain_key.cache_clear()
    for text in ["Ура Вася", "Вперёд Маша", "Анна Каренина"] * 3:
        proof.not_a_name(text, LIVING)
    # each nick folded once, however many coloured phrases of two words were asked about
    assert proof._plain_key.cache_info().misses == len(LIVING)
    assert proof.not_a_name("Ура Вася", LIVING) and not proof.not_a_name("Анна Каренина", LIVING)


@settings(max_examples=400, deadline=None)
@given(texts)
def test_P_V_1_a_pleas_clauses_are_cut_where_the_patterns_alternatives_cut_them(
    text: str,
) -> None:
    low = text.casefold()
    old = re.compile(r"[,;:.!?\n()—–]+|\s-\s|\s(?:но|а|только)\s")
    assert proof._PLEA_CLAUSE.split(low) == old.split(low)


#: Latin typing among the pieces: «golosuyu», «ne znayu», a nick typed in Latin
LATIN = ["golosuyu", "ne znayu", "Valera", "4to", "upd", "čšž", "x"]
mixed = st.lists(
    st.tuples(st.sampled_from(PIECES + LATIN), st.sampled_from(SEPARATORS)), max_size=8
).map(lambda parts: "".join(p + s for p, s in parts))


@settings(max_examples=300, deadline=None)
@given(mixed)
def test_P_V_1_a_text_with_no_latin_letter_comes_back_as_typed(text: str) -> None:
    from parser.votes import typed

    low = text.casefold()
    spans = [ColoredSpan(RED, "Маши")] if "маши" in low else []
    want = typed._LATIN.sub(typed._word, low) if not spans else None
    got = typed.as_cyrillic(text, spans)
    if want is not None:
        assert got == want
    assert typed.typed_in_latin(text) == typed._LATIN_ANY_CASE.sub(typed._cased_word, text)


def test_P_V_1_a_cyrillic_post_is_not_scanned_for_latin_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from parser.votes import typed

    searched = {name: _Searches(getattr(typed, name)) for name in ("_LATIN", "_LATIN_ANY_CASE")}
    subs: Counter[str] = Counter()
    for name, wrapper in searched.items():
        real = wrapper.pattern

        def sub(*args: Any, _name: str = name, _real: re.Pattern[str] = real) -> Any:
            subs[_name] += 1
            return _real.sub(*args)

        wrapper.sub = sub  # type: ignore[attr-defined]
        monkeypatch.setattr(typed, name, wrapper)
    text = "Голосую против Маши: весь день путает показания"
    plain = extract_votes(
        [post(1, "Вася", (RED, "Маши"), text=text)], ruleset="pefl", players=LIVING
    )
    assert [v.target for v in plain.votes] == ["Маша"]
    assert subs == Counter()
    latin = "golosuyu protiv Mashi: ves den putaet pokazaniya"
    extract_votes([post(2, "Вася", (RED, "Mashi"), text=latin)], ruleset="pefl", players=LIVING)
    assert subs["_LATIN"] > 0


def test_P_V_1_a_nick_opening_its_clause_is_no_object_and_its_clause_is_not_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = _counting(monkeypatch, proof, "_words_typed")
    assert not proof.own_verb_object(PLAIN, _pick("Маша"))
    assert seen["_words_typed"] == 1  # the words before the nick only: there are none
    # «Везу <Машу> на дачу»: the author's own verb before the nick, a word it governs after
    assert proof.own_verb_object("Завтра везу Машу на дачу", _pick("Машу"))
