"""C-3: a Latin name nick is called by its Cyrillic name cut short after a consonant with the
bare ending «а»/«я» — «Капу» (Кап|а) for Kapitolina, read as Капитолина — even where the
dictionary knows that pet name as a name of its own; a name of its own that only starts alike
(«Маркуса» beside Marco) is not his, and a name of the other gender is no one's
(tests/votes/dev10/ `b24-9`, tests/letters/lecture.jsonl line 19)."""

from __future__ import annotations

import pytest

from mafiabot.replay_posts import post_from_body
from parser.nicks import NickResolver, _cut_of
from parser.votes.day import extract_votes
from parser.votes.names import resolve_nick

CAST = ["Kapitolina", "Marco", "Родион", "Нонна"]


@pytest.mark.parametrize("text", ["Капу", "Капа", "Капой", "КАПУ"])
def test_C_3_a_latin_name_nick_is_called_by_its_name_cut_short(text: str) -> None:
    assert resolve_nick(NickResolver(CAST), text, "as_moves").nick == "Kapitolina", text


@pytest.mark.parametrize("text", ["Маркуса", "Маркусу"])
def test_C_3_a_name_of_its_own_that_only_starts_alike_is_not_his(text: str) -> None:
    assert resolve_nick(NickResolver(CAST), text, "as_moves").nick is None, text


def test_C_3_the_cut_keeps_the_names_own_letters_and_a_bare_ending() -> None:
    assert _cut_of(["капа"], "капитолина")
    assert not _cut_of(["маркус"], "марко")  # «ус» is no bare ending
    assert not _cut_of(["мария"], "мариана")  # cut after a vowel: a name of its own
    assert not _cut_of(["иван"], "иванка")  # no «а»/«я» ending
    assert not _cut_of(["капитолина"], "капитолина")  # the whole name is no cut of it


def test_P_V_1_a_red_pet_name_of_a_latin_name_nick_is_a_vote() -> None:
    body = '<span style="color:red">Капу</span> — давно подозреваю, слишком добрая ко всем'
    post = post_from_body(1, "Родион", body, 1)
    (got,) = extract_votes([post], ruleset="pefl", players=CAST).posts
    assert (got.status, got.target) == ("vote", "Kapitolina")
