"""P-V.1 reasons: the words of a voter's own text besides the nick."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Final

from parser.morph import WORDS_KEPT, parse
from parser.nicks import (
    fold_text,
    lookalike_key,
    word_inflects,
)
from parser.records import Post
from parser.struck import without_struck
from parser.votes.names import is_cue
from parser.votes.proof import green_word, words_end
from parser.votes.records import WORD_RE
from parser.votes.typed import typed_in_latin

#: a web address written out: a link, not words (P-V.1 asks for a reason in words; a link
#: to an accepted vote is P-V.2's agreement, read from the post's links)
_ADDRESS: Final = re.compile(r"(?:\b[a-z][a-z0-9+.-]*://|\bwww\.)\S+", re.IGNORECASE)


def _key_words(text: str) -> list[str]:
    """The words of `text` as look-alike-folded keys (the tokens `reason_words` counts),
    web addresses left out."""
    return WORD_RE.findall(fold_text(_ADDRESS.sub(" ", text)))


def _plain_words(text: str) -> list[str]:
    """The words of `text` as typed, one for each of `_key_words(text)` (the look-alike fold
    keeps every letter a letter), so a key's word can be read by its grammar."""
    return WORD_RE.findall(_ADDRESS.sub(" ", text))


#: parts of speech that tie words together and give no reason of their own: prepositions,
#: conjunctions, particles, interjections (pymorphy3's tags)
_FUNCTION_POS: Final = frozenset(("PREP", "CONJ", "PRCL", "INTJ"))
#: the possessive of the voter's own first person («мой голос», «наш голос»): pymorphy3 tags
#: no person on a pronominal adjective, so its two lemmas stand for the grammeme
_OWN_POSSESSIVE: Final = frozenset(("мой", "наш"))


#: the sentences a reason is looked for in: a sentence that gives one counts every word
#: of its own, its vote words included («<Егор> мутный тип, голосую» — as P-V.1 always
#: counted), one that is only the formula counts none
_UNIT_STOP: Final = re.compile(r"[.!?;\n…]+")


def _gives_reason(word: str) -> bool:
    """P-V.1: a word that may give a reason — any word but the vote's formula
    (`formula_word`) or a pointing adverb («тогда», «так»: «Ну я тогда тоже против <X>»).
    Another player's name counts, as the ruling on other nicks in plain text says."""
    if formula_word(word):
        return False
    first = parse(typed_in_latin(word.casefold()).replace("ё", "е"))[:1]
    return not first or not first[0].known or "Dmns" not in first[0].grammemes


@lru_cache(maxsize=WORDS_KEPT)
def formula_word(word: str) -> bool:
    """P-V.1: whether `word` belongs to the vote's own formula rather than to a reason — «А я
    против <X>», «Я тоже за <X>», «Ну и я <X>», «Мой голос тоже против <X>» say whom, never
    why. Read by grammar (pymorphy3's likeliest reading), not from a list of phrases: a
    preposition, conjunction, particle or interjection («за», «против», «и», «а», «тоже»,
    «ну», «вот», «да», «пожалуй»); the voter's own pronoun of the first person («я», «мы»)
    or possessive («мой голос»); the author's own vote word (a vote verb in the first
    person, the imperative or the infinitive, the noun «голос», a green word). A vote verb
    told of someone in the past or the third person («он странно голосовал») is a word of
    the reason. A word typed in Latin letters is read as the Russian it spells («ya tozhe
    protiv»); a word the dictionary does not know is never taken for the formula."""
    low = typed_in_latin(word.casefold()).replace("ё", "е")
    first = parse(low)[:1]
    if not first or not first[0].known:
        return False
    reading = first[0]
    if reading.pos in _FUNCTION_POS:
        return True
    if reading.pos == "NPRO" and "1per" in reading.grammemes:
        return True
    if reading.pos == "ADJF" and "Apro" in reading.grammemes and reading.lemma in _OWN_POSSESSIVE:
        return True
    if is_cue(low) or green_word(low):
        told = reading.pos == "VERB" and bool({"past", "3per"} & reading.grammemes)
        return not told
    return False


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
    count = 0
    for unit in _UNIT_STOP.split(_ADDRESS.sub(" ", without_struck(post))):
        words = _key_words(unit)
        typed = _plain_words(unit)
        if len(typed) != len(words):
            typed = words
        counted: list[str] = []
        reasoned = formula = False
        i = 0
        while i < len(words):
            step = _nick_at(words, i, targets, pending)
            if step:
                # «А я против <X>», «Я тоже за <X>»: the nick's own sentence made only of the
                # vote's formula says whom, not why — its words count only beside a word
                # that gives a reason (another sentence counts as it always did)
                formula = formula or _nick_words_at(words, i, targets)
                i += step
                continue
            w = words[i]
            i += 1
            if not any(ch.isalpha() for ch in w):
                continue  # a number is no word of a reason («1 2 3»)
            if singles and any(w.startswith(n[:2]) and word_inflects(w, n) for n in singles):
                continue
            counted.append(typed[i - 1])
            reasoned = reasoned or _gives_reason(counted[-1])
            if reasoned and enough is not None and count + len(counted) >= enough:
                return count + len(counted)
        if reasoned or not formula:
            count += len(counted)
            if enough is not None and count >= enough:
                break
    return count


def _nick_words_at(words: list[str], i: int, targets: list[tuple[str, ...]]) -> bool:
    """Whether the copy found at `i` is of the voted nick (not of another coloured one)."""
    return _nick_at(words, i, targets, []) > 0


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
