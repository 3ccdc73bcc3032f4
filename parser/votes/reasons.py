"""P-V.1 reasons: the words of a voter's own text besides the nick."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Final

from parser.nicks import (
    fold_text,
    lookalike_key,
    word_inflects,
)
from parser.records import Post
from parser.struck import without_struck
from parser.votes.proof import words_end
from parser.votes.records import WORD_RE

#: a web address written out: a link, not words (P-V.1 asks for a reason in words; a link
#: to an accepted vote is P-V.2's agreement, read from the post's links)
_ADDRESS: Final = re.compile(r"(?:\b[a-z][a-z0-9+.-]*://|\bwww\.)\S+", re.IGNORECASE)


def _key_words(text: str) -> list[str]:
    """The words of `text` as look-alike-folded keys (the tokens `reason_words` counts),
    web addresses left out."""
    return WORD_RE.findall(fold_text(_ADDRESS.sub(" ", text)))


@lru_cache(maxsize=1024)
def _nick_words(text: str) -> tuple[str, ...]:
    return tuple(WORD_RE.findall(lookalike_key(text)))


def _is_nick_form(word: str, nick_word: str) -> bool:
    # short nick words («X» of «Mister X») only as themselves: a one- or two-letter stem
    # would swallow ordinary words
    if len(nick_word) < 3:
        return word == nick_word
    return word_inflects(word, nick_word)


def reason_words(
    post: Post,
    nick_text: str,
    nick: str | None = None,
    other_nicks: Sequence[str] = (),
    *,
    enough: int | None = None,
) -> int:
    """P-V.1: the words the author wrote himself, outside quotes, other than the nick.

    Ruling on "besides the nick": no mention of the voted player is a reason word — every
    copy of the nick, in any case or look-alike spelling, declined (Колю, Коле) or by one of
    its words (Граф for Граф Монте-Кристо), is left out, coloured or not; so is the text of
    the post's other vote-coloured spans that name players (`other_nicks`, one copy each): a
    row of red nicks is not a reason. Other words count whatever they are, other players'
    nicks in plain text included (logic is never judged). Quotes are not own text at all;
    struck words are taken back and count for nothing. A word has letters: a number alone
    («1 2 3») or a web address written out is no word of a reason (the rule asks for a
    reason in words; a link to a vote is P-V.2's agreement). Own text ends where a signature
    typed into the body begins (`parser.signature`): its motto or sign-off is no reason. The
    board's edit note is never own text (the page readers keep it apart).

    `enough`: stop counting once that many words are found (the caller only compares with
    ``min_reason_words``; a long post need not be read to the end).
    """
    targets = [seq for seq in dict.fromkeys(_nick_words(t) for t in (nick_text, nick) if t) if seq]
    # a word of a multi-word nick on its own («Граф»), declined or not
    singles = [w for seq in targets if len(seq) > 1 for w in seq if len(w) >= 3]
    pending = [seq for seq in (_nick_words(o) for o in other_nicks) if seq]
    # a signature typed into the body (from a line of dashes or a sign-off on) is who the
    # author is, not what he says today: no reason, as it is no vote (`unsigned_post`)
    end = words_end(post)
    if end < len(post.own_text):
        post = replace(post, own_text=post.own_text[:end])
    # struck words are taken back: a struck line is no reason (as a struck nick is no vote)
    words = _key_words(without_struck(post))
    count = i = 0
    while i < len(words):
        step = _nick_at(words, i, targets, pending)
        if step:
            i += step
            continue
        w = words[i]
        i += 1
        if not any(ch.isalpha() for ch in w):
            continue  # a number is no word of a reason («1 2 3»)
        if singles and any(w.startswith(n[:2]) and word_inflects(w, n) for n in singles):
            continue
        count += 1
        if enough is not None and count >= enough:
            break
    return count


def _nick_at(
    words: list[str], i: int, targets: list[tuple[str, ...]], pending: list[tuple[str, ...]]
) -> int:
    """How many words from `i` on are a copy of the voted nick or of a pending other nick
    (which is then used up); 0 when none starts there."""
    w = words[i]
    for seq in targets:
        k = len(seq)
        # every form of a nick word starts with its first two letters (word_inflects keeps a
        # stem of at least two): a cheap filter before the inflection test; inside a whole
        # multi-word nick even a short word may be declined (Mister Xа)
        if not w.startswith(seq[0][:2]) or i + k > len(words):
            continue
        form = _is_nick_form if k == 1 else word_inflects
        if all(form(words[i + j], seq[j]) for j in range(k)):
            return k
    for n, seq in enumerate(pending):
        k = len(seq)
        if w == seq[0] and tuple(words[i : i + k]) == seq:
            del pending[n]
            return k
    return 0
