"""One vocabulary of doubt for both readers (C-2, P-V.1): a joke, a maybe, «не решил(а)» are
the same words in a night letter and in a day post (`parser.vocab`), with every form of a
lemma from the dictionary — so a form no one listed by hand leaves a move and a vote
unsettled alike."""

from __future__ import annotations

from typing import Any

import pytest

from parser import vocab
from parser.letters.reader import read_letter
from parser.nicks import NickResolver
from parser.sender import cast_state, sender_view
from parser.votes.day import extract_votes
from tests.test_votes import RED, post

CAST: dict[str, Any] = {
    "ruleset": "pefl",
    "turn": 2,
    "players": {
        "Валерия": {"role": "commissar"},
        "Прохор": {"role": "doctor"},
        "Олег": {"role": "civilian"},
        "Зоя": {"role": "civilian"},
    },
}
WHY = " — весь день путается в словах"


def _letter_moves(text: str) -> bool:
    view = sender_view(cast_state(CAST), "Валерия")
    assert view is not None
    return read_letter(text, view, resolver=NickResolver(view.living)).kind == "move"


def _vote_counts(text: str) -> bool:
    result = extract_votes(
        [post(1, "Зоя", (RED, "Олег"), text=text)], ruleset="pefl", players=list(CAST["players"])
    )
    return result.posts[0].status == "vote"


def test_joke_words_are_every_form_of_their_lemmas() -> None:
    jokes = vocab.joke_words()
    # nouns in every case, the sender's own verb in the first person, and the typed short forms
    assert {"шутка", "шуткой", "шутку", "приколы", "приколом"} <= jokes
    assert {"шучу", "пошучу", "прикалываюсь", "шутю", "jk"} <= jokes
    assert "шутит" not in jokes  # someone else joking says nothing of the sender's move


@pytest.mark.parametrize("tail", ["прикалываюсь", "это такая шуточка... нет, шуткой", "jk"])
def test_C_2_P_V_1_a_joke_unsettles_a_move_and_a_vote_alike(tail: str) -> None:
    assert not _letter_moves(f"Проверяю Олега. {tail}")
    assert not _vote_counts(f"Олег{WHY}. {tail}")


@pytest.mark.parametrize("earnest", ["не шучу", "без шуток", "не прикалываюсь"])
def test_C_2_P_V_1_a_joke_denied_is_said_in_earnest(earnest: str) -> None:
    assert _letter_moves(f"Проверяю Олега, {earnest}")
    assert _vote_counts(f"Олег{WHY}, {earnest}")


def test_C_2_P_V_1_a_maybe_before_unsettles_both_and_a_settling_word_decides() -> None:
    for maybe in sorted(vocab.MAYBE):
        assert not _letter_moves(f"{maybe.capitalize()}, проверяю Олега"), maybe
    assert not _vote_counts("Видимо, голосую за Олег" + WHY)
    assert _letter_moves("Не знаю... ладно, проверяю Олега")


def test_C_2_P_V_1_not_decided_in_any_form_of_the_verb() -> None:
    assert {"решил", "решила", "решили", "решено"} <= vocab.decided_words()
    for said in ("Пока не решила.", "Пока не решили."):
        assert not _letter_moves(f"{said} Проверяю Олега"), said
        assert not _vote_counts(f"{said} Олег{WHY}"), said
