"""C-3: a typo proven by its slip (`parser.nicks.proven_typo`) looks up only the one-edit
words that are some player's nick form (`_nick_forms`, made once a nick), not each of the
word's 250–700 one-edit words. The answer must be the one looking up every one-edit word
gives, and the slip kinds (a neighbouring key, a letter doubled or dropped, two swapped, a
syllable typed twice) are still required."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from parser.nicks import NickMatch, NickResolver, proven_typo

LETTERS = Path(__file__).parent / "letters"
_CYR = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
_LAT = "abcdefghijklmnopqrstuvwxyz"


@cache
def _cast(name: str) -> tuple[NickResolver, NickResolver | None]:
    cast = json.loads((LETTERS / f"cast_{name}.json").read_text("utf-8"))
    dead = [p for p, how in cast.get("dead", {}).items() if how == "hanged"]
    living = [p for p in cast["players"] if p not in dead]
    return NickResolver(living), (NickResolver(dead, partial=False) if dead else None)


class _EveryWord:
    """Stands for the nick forms when every one-edit word is to be looked up."""

    def __contains__(self, _word: object) -> bool:
        return True


def _every_edit_looked_up(
    resolver: NickResolver, word: str, gone: NickResolver | None
) -> NickMatch | None:
    with mock.patch("parser.nicks._cast_forms", lambda _players: _EveryWord()):
        return proven_typo(resolver, word, gone)


def test_C_3_a_word_two_slips_off_a_nick_is_no_typo_of_it() -> None:
    resolver, gone = _cast("scripts")
    for word in ("лсточк", "Пльмнь", "Ластчцу"):  # two letters off
        got = proven_typo(resolver, word, gone)
        assert got is None or got.nick is None, word
    # one edit of no plausible kind (ц is no neighbour of а) off a short nick: asked
    got = proven_typo(resolver, "Бурцн", gone)
    assert got is not None and got.nick is None and got.candidates == ("Буран",)
    # the slips themselves are read
    for word, nick in (("Бурвн", "Буран"), ("Ласточу", "Ласточка"), ("Kobbra", "Kobra")):
        got = proven_typo(resolver, word, gone)
        assert got is not None and got.nick == nick, word


@st.composite
def _slipped(draw: st.DrawFn) -> tuple[str, str]:
    """A player's nick of a development cast, maybe declined, with one or two edits of any
    kind (a letter changed, left out, put in, doubled, two swapped, a syllable repeated)."""
    name = draw(st.sampled_from(("scripts", "pefl")))
    resolver, gone = _cast(name)
    nicks = (*resolver.players, *(gone.players if gone is not None else ()))
    word = draw(st.sampled_from(nicks)).casefold()
    letters = _LAT if word.isascii() else _CYR
    word = word + draw(st.sampled_from(("", "", "а", "у", "ом", "ой", "ю", "е", "ы")))
    for _ in range(draw(st.integers(1, 2))):
        i = draw(st.integers(0, max(0, len(word) - 1)))
        edit = draw(st.sampled_from(("change", "drop", "put", "double", "swap", "syllable")))
        new = draw(st.sampled_from(letters))
        if edit == "change":
            word = word[:i] + new + word[i + 1 :]
        elif edit == "drop":
            word = word[:i] + word[i + 1 :]
        elif edit == "put":
            word = word[:i] + new + word[i:]
        elif edit == "double":
            word = word[: i + 1] + word[i:]
        elif edit == "swap" and i + 1 < len(word):
            word = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        elif edit == "syllable":
            word = word[: i + 3] + word[i : i + 3] + word[i + 3 :]
    return name, word


@settings(max_examples=300, deadline=None, derandomize=True)
@given(_slipped())
def test_C_3_nick_forms_answer_as_every_one_edit_word_looked_up(case: tuple[str, str]) -> None:
    name, word = case
    resolver, gone = _cast(name)
    assert proven_typo(resolver, word, gone) == _every_edit_looked_up(resolver, word, gone)
