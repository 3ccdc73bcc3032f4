"""The proof a vote needs when a post names several players in the vote's colour.

One coloured nick (or one player named several times) is the vote, as it always was. When
the coloured spans left after the retraction check (`parser.votes.negation`) name two or
more players, the post counts only if its structure proves which one is the vote:

* a **correction** between them — «ой», «нет», «стоп», «передумал», «точнее», «то есть»,
  «шучу» …
  («Голосую за <Лёву>… ой, за <Ассоль>», «<Пьеро>? Нет уж, оставляю <Сову>»): the player
  after the last correction («Был <Mister X>, теперь <Марго>» too); a contrast («Хотел
  выставить <Рыжего>, но выставляю <Хромого>») when the player after it is voted for;
* a **settled choice** — the last span names again one of the players weighed before it,
  after «выбираю», «пусть будет», «ладно» …: that player;
* an **update** written under the post («<Рома> … UPD: <Катя>»): the rule set's order
  within a turn decides — PEFL keeps the first vote (P-V.3), Gambler the last green (G-N.1);
* otherwise exactly one of them stands in a clause that **votes** («голосую», «голос»,
  «выставляю», «мой выбор», «против», «за <…>») while the others are only talked about
  («<Стрелка> не мафия, голосую <Белка>»); a clause telling what was («<Рома> выставил
  Костю») votes for nobody.

A vote corrected to a coloured name no player is read from («<Павла>… ой, нет,
<Гермоген>») proves nothing: it is refused as an unknown nick (`corrected_away`), never
counted for the name taken back.

Anything else («<Клаус> и <Габи> оба мутные», a row of coloured nicks) is not proven: the
post is refused as ``unclear`` and shown to the host, who may count it by an override
(C-6). In PEFL such a post is therefore never taken as the player's one vote (P-V.3): a
later, clear vote of his still counts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise
from typing import Final

from parser.correction import corrects_in
from parser.morph import WORDS_KEPT, Reading, lemmas, parse, word_nick
from parser.records import ColoredSpan, Post
from parser.signature import may_sign, signature_in
from parser.struck import stored_body
from parser.vocab import joked, lookup
from parser.votes.names import Pick, bare_word, is_cue
from parser.votes.negation import (
    JAIL_LEMMAS,
    LATER_WORDS,
    TIME_PREPS,
    TRUST_LEMMAS,
    answered_yes,
    in_doubt,
    live_negations,
    time_adjunct,
    unmeant,
    votes_word,
)
from parser.votes.records import UNCLEAR, words_of
from parser.votes.records import new_post as forget_words
from parser.votes.slip import restates, slip_only, slip_word
from parser.votes.typed import typed_in_latin

__all__ = [
    "UNCLEAR",
    "abstains",
    "accuses_him",
    "addressed_only",
    "asked_at",
    "corrected_away",
    "has_vote_grammar",
    "leaning",
    "nick_asked",
    "not_a_name",
    "own_verb_object",
    "own_vote_said",
    "place_use",
    "proven_pick",
    "put_off",
    "put_off_after",
    "put_off_clause",
    "reported_spans",
    "said_for_later",
    "settled_in_words",
    "spared_in_words",
    "stored_words_end",
    "told_of",
    "unaccounted",
    "unsigned_post",
    "vote_word_not_own",
    "word_use",
    "words_end",
]

_UPDATES: Final = frozenset(("upd", "апд", "update", "edit", "едит", "добавлено", "дополнение"))
_CONTRASTS: Final = frozenset(("но", "а", "однако", "зато"))
_JOINS: Final = frozenset(("и", "или", "либо", "да"))
_CHOICE: Final = frozenset(("выбор", "голос"))
_WORD: Final = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")
_LETTERS: Final = re.compile(r"[^\W\d_]+")
# what ends the clause before a span, and after it (a dash after the nick opens its
# sentence's verb: «<Клаус> — выставляю»)
_BEFORE_END: Final = re.compile(r"[,.;:!?\n()]|\s(?:а|но|однако|зато)\s")
_AFTER_END: Final = re.compile(r"[,.;:!?\n()]|\s(?:а|но|однако|зато)\s")


def proven_pick(own_text: str, picks: Sequence[Pick], policy: str = "last") -> Pick | None:
    """The pick the post proves among picks naming different players (see the module
    docstring), or None when it proves none. Picks naming one player: the first of them.
    `policy`: the rule set's order of votes in a turn ("first" or "last")."""
    if not picks:
        return None
    if len({p.match.nick for p in picks}) == 1:
        return picks[0]
    low = own_text.casefold()
    placed = _placed(low, picks)
    if placed is None:
        return None
    given = _given_instead(low, placed)
    if given is not None:
        return given
    if _updated(low, placed):
        return placed[0][0] if policy == "first" else placed[-1][0]
    cued = _shared(low, placed, [p for p, start, end in placed if _cued(low, placed, start, end)])
    corrected = _after_correction(low, placed, cued) or _settled(low, placed)
    if corrected is not None:
        return corrected
    if _second_thought(low, placed):
        return _settled_back(low, placed)
    if len({p.match.nick for p in cued}) == 1:
        return cued[-1]
    return None


def _shared(low: str, placed: list[tuple[Pick, int, int]], cued: list[Pick]) -> list[Pick]:
    """«Выставляю <Катю> и <Ефима>»: players joined by «и», «или» or a comma share the
    clause that votes, so either all of them are voted for or none."""
    # by identity: one player named twice («<Штык>, <Фугас> — мафия. Голос — <Штык>») is
    # two equal picks, and only the one in the voting clause is cued
    out = list(cued)
    for (a, _s, a_end), (b, b_start, _e) in pairwise(placed):
        joined = all(w in _JOINS for w in words_of(low[a_end:b_start]))
        a_in, b_in = any(p is a for p in out), any(p is b for p in out)
        if joined and a_in != b_in:
            out.append(b if a_in else a)
    return out


#: a pronoun pointing back at the player named before it: «не ставлю ему»
_BACK_TO_HIM: Final = frozenset(
    ("ему", "ей", "его", "ее", "её", "него", "нее", "неё", "нему", "ней")
)  # fmt: skip


def _refused_him(gap: str) -> bool:
    """«<Z900> молодец, но зелёный не ставлю ему — …»: a clause of `gap` (the words after a
    pick, up to the next) in which the author refuses the vote or the green to the one just
    named — a live «не» before his own verb of voting or giving (the first person), a word
    of voting or the green noun, and a pronoun pointing back at him (G-N.1, P-V.1)."""
    for clause in _CLAUSE.split(gap):
        words = words_of(clause)
        if _BACK_TO_HIM.isdisjoint(words):
            continue
        green = any(green_word(w) and _green_noun(w) for w in words)
        if not (green or votes_word(words)):
            continue
        for n in live_negations(words):
            verb = parse(words[n + 1])[:1] if n + 1 < len(words) else []
            own_verb = bool(verb) and verb[0].pos == "VERB" and "1per" in verb[0].grammemes
            if own_verb and (verb[0].lemma in _GIVE_LEMMAS or votes_word(words[n + 1 : n + 2])):
                return True
    return False


def _given_instead(low: str, placed: list[tuple[Pick, int, int]]) -> Pick | None:
    """«<Z900> молодец, но зелёный не ставлю ему — ставлю <Кардану>»: every pick but the
    players of one refused in the words after it (`_refused_him`), and that one voted for
    in its own clause (`_cued`) — the vote given instead (G-N.1, P-V.1). None otherwise."""
    ends = [s for _p, s, _e in placed[1:]] + [len(low)]
    kept = [
        (p, s, e) for (p, s, e), nxt in zip(placed, ends, strict=True)
        if not _refused_him(low[e:nxt])
    ]  # fmt: skip
    if len(kept) == len(placed) or len({p.match.nick for p, _s, _e in kept}) != 1:
        return None
    last, start, end = kept[-1]
    if _cued(low, placed, start, end):
        return last
    # «— ставлю <Кардану>»: the verb of giving the refusal negated, said of him unnegated
    prev_end = max((e for _p, _s, e in placed if e <= start), default=0)
    lead = words_of(_CLAUSE.split(low[prev_end:start])[-1])
    given = any(
        r.pos == "VERB" and "1per" in r.grammemes and r.lemma in _GIVE_LEMMAS
        for n, w in enumerate(lead)
        if not (n and lead[n - 1] in ("не", "ни"))
        for r in parse(w)[:1]
    )
    return last if given else None


def _updated(low: str, placed: list[tuple[Pick, int, int]]) -> bool:
    """An update line («UPD:») between the first span and a later one naming another
    player: the post was changed after it was written."""
    first = placed[0]
    for p, start, _end in placed[1:]:
        if p.match.nick != first[0].match.nick:
            between = {w for w in words_of(low[first[2] : start])}
            return bool(between & _UPDATES)
    return False


def _placed(low: str, picks: Sequence[Pick]) -> list[tuple[Pick, int, int]] | None:
    """Each pick with where its span stands in the own text, in order; None when a span
    cannot be found there (then nothing can be proven from the words around it)."""
    out: list[tuple[Pick, int, int]] = []
    pos = 0
    for p in picks:
        at = low.find(p.span.text.casefold(), pos)
        if at < 0:
            return None
        pos = at + len(p.span.text)
        out.append((p, at, pos))
    return out


def _after_correction(
    low: str, placed: list[tuple[Pick, int, int]], cued: Sequence[Pick]
) -> Pick | None:
    """The pick after the last correction word (or contrast, when the pick after it is
    voted for) that stands between two picks naming different players, when every pick
    after it names one player."""
    last: Pick | None = None
    for (a, _s, a_end), (b, b_start, _e) in pairwise(placed):
        if a.match.nick == b.match.nick:
            continue
        between = {bare_word(w) for w in words_of(low[a_end:b_start])}
        gap = low[a_end:b_start]
        # «<Клюкиной>, ой, очки не те надела — <Клюквиной>»: a slip's interjection corrects
        # only where the later nick restates the vote (`parser.votes.slip`)
        slipped = slip_only(gap)
        if (
            (restates(gap, _said(a), _said(b)) if slipped else corrects_in(gap))
            or "то есть" in low[a_end:b_start]
            or unmeant(low[a_end:b_start], between=True)
            # «<Мирона>) шучу-шучу», «<Ярину> — прикол»: any form of a joke said of it
            or joked(_LETTERS.findall(low[a_end:b_start].replace("ё", "е")))
            # «…, а не против <Мюллера>» names whom the vote is not for: no contrast to follow
            or (between & _CONTRASTS and b in cued and "не" not in between)
        ):
            last = b
    if last is None:
        return None
    rest = placed[[p for p, _s, _e in placed].index(last) :]
    return last if len({p.match.nick for p, _s, _e in rest}) == 1 else None


#: words that open a second thought on what was said: a concession, not yet a correction
_SECOND_THOUGHT: Final = frozenset(("хотя", "впрочем"))


def _second_thought(low: str, placed: list[tuple[Pick, int, int]]) -> bool:
    """«Против <Урала>… а хотя <Минск> тоже хорош»: a concession between two picks naming
    different players that takes nothing back (`_after_correction` read none) — the author
    weighs the later against the first, and the post proves neither (P-V.1, G-N.1)."""
    for (a, _s, a_end), (b, b_start, _e) in pairwise(placed):
        if a.match.nick != b.match.nick and set(words_of(low[a_end:b_start])) & _SECOND_THOUGHT:
            return True
    return False


#: what ends the clause a concession is settled in
_CLAUSE_END: Final = re.compile(r"[.!?\n;]")


def _settled_back(low: str, placed: list[tuple[Pick, int, int]]) -> Pick | None:
    """«Против <Урала>, хотя и <Минск> подозрителен, но Урал больше врёт»: a concession
    between two picks answered, after a «но»/«однако» that follows the later pick, by the
    first player named again in plain words with a reason against him (`_accusing`) and
    the later one not named there — the author weighed the later and kept the first
    (P-V.1, G-N.1). Only for two picks; any other shape stays unproven (None)."""
    if len(placed) != 2:
        return None
    (a, _s, _a_end), (b, _b_start, b_end) = placed
    if a.match.nick is None or b.match.nick is None or a.match.nick == b.match.nick:
        return None
    close = _CLAUSE_END.search(low, b_end)
    tail = low[b_end : close.start() if close else len(low)]
    but = re.search(r"\b(?:но|однако)\b", tail)
    if but is None:
        return None
    rest = tail[but.end() :]
    words = words_of(rest)

    def names(pick: Pick, word: str) -> bool:
        said = {t.casefold().replace("ё", "е") for t in _said(pick)}
        if word.replace("ё", "е") in said:
            return True
        nick = (pick.match.nick or "").casefold()
        return " " not in nick and bool(set(lemmas(word)) & set(lemmas(nick)))

    if not any(names(a, w) for w in words) or any(names(b, w) for w in words):
        return None
    return a if _accusing(rest) else None


def _said(pick: Pick) -> tuple[str, str]:
    return pick.span.text, pick.match.nick or pick.span.text


def corrected_away(
    own_text: str, read: Sequence[ColoredSpan], unread: Sequence[ColoredSpan]
) -> ColoredSpan | None:
    """The span no player was read from that a correction word puts after the last span
    `read` — a player, or a vote taken back («Голосую за <Павла>… ой, нет, <Гермоген>»): the
    voter took back the vote read, and what he put instead names no one the host can
    identify, so the post proves no vote and is shown to the host, never counted for the
    first name (P-V.1, G-N.1). None when no such span follows."""
    if not read or not unread:
        return None
    low = own_text.casefold()
    end = 0
    for span in read:
        at = low.find(span.text.casefold(), end)
        if at < 0:
            return None
        end = at + len(span.text)
    for span in unread:
        at = low.find(span.text.casefold(), end)
        if at < 0:
            continue
        gap = low[end:at]
        if corrects_in(gap) or "то есть" in gap or unmeant(gap, between=True):
            return span
    return None


_SETTLING: Final = frozenset(
    ("выбираю", "выбираем", "пусть", "ладно", "итого", "итак", "останавливаюсь", "решено",
     "решаю", "окончательно")
)  # fmt: skip


def _settled(low: str, placed: list[tuple[Pick, int, int]]) -> Pick | None:
    """«<Тимофей> или <Екатерина>… пусть будет <Екатерина>», «Между <A> и <B> выбираю <B>»:
    the last span names again one of the players weighed before it, after a word that
    settles the choice — that player is the vote."""
    last, start, _end = placed[-1]
    before = placed[:-1]
    earlier = {p.match.nick for p, _s, _e in before}
    if last.match.nick not in earlier or len(earlier) < 2:
        return None
    between = {bare_word(w) for w in words_of(low[before[-1][2] : start])}
    return last if between & _SETTLING else None


def _cued(low: str, placed: list[tuple[Pick, int, int]], start: int, end: int) -> bool:
    """Whether the clause around the span at [start, end) votes: a vote word before it in
    its clause, or right after it («<Клаус> — выставляю»), or «за» just before it."""
    prev_end = max((e for _p, _s, e in placed if e <= start), default=0)
    next_start = min((s for _p, s, _e in placed if s >= end), default=len(low))
    before = low[prev_end:start]
    cuts = list(_BEFORE_END.finditer(before))
    before = before[cuts[-1].end() :] if cuts else before
    after = low[end:next_start]
    cut = _AFTER_END.search(after)
    after = after[: cut.start()] if cut else after
    words = words_of(before) + words_of(after)
    if any(_told(w) for w in words):
        return False  # «<Рома> выставил Костю», «хотел выставить <Рыжего>»: told, not cast
    if any(is_cue(w) or w in _CHOICE for w in words):
        return True
    lead = words_of(before)
    return bool(lead) and lead[-1] in ("за", "на")


def _told(word: str) -> bool:
    """A verb in the past tense: its clause tells what was, it casts no vote."""
    return any(r.pos == "VERB" and "past" in r.grammemes for r in parse(word)[:1])


# -- a vote's grammar, an abstention, a signature ----------------------------------------------

_SENTENCE_END: Final = re.compile(r"[.!?\n]")


# Where each sentence before a nick begins, asked by check after check of one post: worked out
# once for the post being read (emptied with its words by `new_post`, bounded as they are).
_STARTS_SEEN: Final[dict[tuple[str, int], int]] = {}
_STARTS_KEPT: Final = 256


def new_post() -> None:
    """Forget the words and sentence starts of the post read before."""
    forget_words()
    _STARTS_SEEN.clear()


def _sentence_start(low: str, at: int) -> int:
    """Where the sentence holding position `at` of `low` begins: after the last sentence end
    before it (0 when there is none)."""
    got = _STARTS_SEEN.get((low, at))
    if got is None:
        if len(_STARTS_SEEN) >= _STARTS_KEPT:
            _STARTS_SEEN.clear()
        got = max((m.end() for m in _SENTENCE_END.finditer(low, 0, at)), default=0)
        _STARTS_SEEN[(low, at)] = got
    return got


_DASH_AFTER: Final = re.compile(r"\s*[—–-]")
_GREEN_LEMMAS: Final = frozenset(("зеленить", "позеленить", "зеленый", "зелень"))


def has_vote_grammar(own_text: str, pick: Pick) -> bool:
    """Whether the words around the pick's span make it a vote: a vote word before it in its
    sentence («голосую», «против», «мой голос:», «зеленю»), «за»/«против»/«на» just before
    it, a vote word inside the coloured phrase, a dash right after it opening the reason
    («<Жду> — мафия, …»), or the nick alone in its sentence («<Жду>.»). A nick with none of
    these is a word of the sentence."""
    low = own_text.casefold().replace("ё", "е")
    text = pick.span.text.casefold().replace("ё", "е")
    at = low.find(text)
    if at < 0:
        return True  # not placed in the words: nothing to judge it by
    start = _sentence_start(low, at)
    before = words_of(low[start:at])
    inside = words_of(text)
    if any(is_cue(w) or w in _CHOICE or green_word(w) for w in [*before, *inside]):
        return True
    if before and before[-1] in ("за", "против", "на"):
        return True
    if _DASH_AFTER.match(low, at + len(text)):
        return True
    if _named_guilty(_AFTER_END.split(low[at + len(text) :], maxsplit=1)[0]):
        return True
    end = _SENTENCE_END.search(low, at + len(text))
    if not before and not words_of(low[at + len(text) : end.start() if end else None]):
        # the nick alone in its sentence: the colour itself names him (G-N.1) — unless the
        # sentence is a question about him («<X>? Кто знает, где он был?», `unproven`)
        return end is None or end.group() != "?"
    # «<Ириска> зеленю»: a vote word right after the nick in its clause — not for a nick
    # that is itself a word of the sentence («<Потом> позеленю»: the adverb and its verb);
    # «<бригадира> в суд»: the court he is sent to (G-N.1: a green nominates for court)
    after = words_of(_AFTER_END.split(low[at + len(text) :], maxsplit=1)[0])[:2]
    return not word_nick(pick.match.nick) and any(
        is_cue(w) or green_word(w) or (len(w) >= 3 and JAIL_LEMMAS.intersection(lemmas(w)))
        for w in after
    )


def _named_guilty(clause: str) -> bool:
    """P-V.1: the clause after a nick opens with a noun of guilt in the nominative — the
    predicate said of him with the dash left out («<кошка> мафия, …», «<лезу> мафия, весь
    день молчит»): a statement of the vote, as «<X> — мафия» is."""
    words = _WORD.findall(clause)
    if not words:
        return False
    return any(
        r.pos == "NOUN" and "nomn" in r.grammemes and r.lemma in _ACCUSING_LEMMAS
        for r in parse(words[0])[:1]
    )


def accusing_noun(word: str) -> bool:
    """Whether `word` is a noun of guilt said of a player («мафия», «маф»), in any case."""
    return any(r.pos == "NOUN" and r.lemma in _ACCUSING_LEMMAS for r in parse(word)[:1])


def told_of(own_text: str, pick: Pick) -> bool:
    """«кст <Таня> вчера смешно пошутила про кота»: the nick is the subject of a verb in the
    past tense in its clause — a story told about the player, no vote (G-N.1, P-V.1)."""
    low = own_text.casefold().replace("ё", "е")
    text = pick.span.text.casefold().replace("ё", "е")
    at = low.find(text)
    if at < 0:
        return False
    clause = _AFTER_END.split(low[at + len(text) :], maxsplit=1)[0]
    return any(_told(w) for w in words_of(clause)[:4])


def _located(own_text: str, pick: Pick) -> tuple[str, int]:
    """The post's own words folded (case, «ё») and where the pick's text first stands in
    them (-1 when its text is not there as typed)."""
    low = own_text.casefold().replace("ё", "е")
    return low, low.find(pick.span.text.casefold().replace("ё", "е"))


def leaning(own_text: str, pick: Pick) -> bool:
    """P-V.1, G-N.1: the nick is where the author only leans or looks, not whom he votes
    for — the object of his own verb in the first person present that is no vote word,
    through «к» («склоняюсь к <X>», «присматриваюсь к <X>»: toward him, not against him),
    or through «на» after «пока», a stance held for now («пока думаю на <X>»)."""
    low, at = _located(own_text, pick)
    if at < 0:
        return False
    start = max((m.end() for m in _BEFORE_END.finditer(low, 0, at)), default=0)
    before = words_of(low[start:at])
    if len(before) < 2 or before[-1] not in ("к", "ко", "на"):
        return False
    verb = before[-2]
    if is_cue(verb) or green_word(verb):
        return False
    first = parse(verb)[:1]
    if not first or not {"1per", "pres"} <= first[0].grammemes:
        return False
    return before[-1] != "на" or (len(before) >= 3 and before[-3] == "пока")


def said_for_later(own_text: str, pick: Pick) -> bool:
    """«Скоро проголосую против <Тимура>, пока думаю»: the vote word before the pick in its
    sentence follows a word of later — the vote is put off, not cast."""
    low, at = _located(own_text, pick)
    if at < 0:
        return False
    start = _sentence_start(low, at)
    before = words_of(low[start:at])
    if LATER_WORDS.isdisjoint(before):
        return False  # both readings below need a word of later before the pick
    if any(a in LATER_WORDS and (is_cue(b) or green_word(b)) for a, b in pairwise(before)):
        return True
    # «завтра <Лимона> проголосую, а сегодня пас»: a word of later right before the pick
    # and the vote word right after it, in the pick's clause
    end = at + len(pick.span.text)
    after = words_of(_AFTER_END.split(low[end:], maxsplit=1)[0])[:2]
    return (
        bool(before)
        and before[-1] in LATER_WORDS
        and any(is_cue(b) or green_word(b) for b in after)
    )


@lru_cache(maxsize=WORDS_KEPT)
def green_word(word: str) -> bool:
    """A Gambler vote word of the green colour («зеленю», «позеленю», «зелёный»; G-N.1)."""
    return bool(_GREEN_LEMMAS.intersection(lemmas(word)))


def abstains(own_text: str) -> bool:
    """The post says its author does not vote (now), in a clause of its own: a word of
    skipping («пас», «пропускаю голосование», «воздержусь»), «пока не голосую»,
    «голосовать не буду», «сегодня без зелёных». A clause naming anyone else («Ириску
    зеленить не буду») spares one player, it abstains from nothing."""
    low = own_text.casefold().replace("ё", "е")
    for clause in _CLAUSE.split(low):
        words = [w for w in words_of(clause) if w not in _FILLER]
        if not words or not set(words) <= _ABSTAIN_WORDS | _SKIPPED:
            continue
        negated = "не" in words and bool(set(words) & _VOTING)
        without = "без" in words and bool(set(words) & _VOTES)
        if negated or without or any(_skip_now(w) for w in words):
            return True
    return False


_CLAUSE: Final = re.compile(r"[,.;:!?\n()—–]+|\s-\s|\s(?:но|а)\s")
_FILLER: Final = frozenset(
    ("пока", "сегодня", "еще", "я", "тогда", "вообще", "наверное", "никого", "ни", "за", "кого",
     "ничего", "так", "уж", "этот", "раз", "день", "сегодняшний", "что")
)  # fmt: skip
_VOTING: Final = frozenset(
    ("голосую", "проголосую", "голосовать", "проголосовать", "зеленю", "позеленю",
     "зеленить", "позеленить", "буду", "стану")
)  # fmt: skip
_VOTES: Final = frozenset(("голоса", "голосования", "зеленых", "зеленого", "зелени"))
_SKIPPED: Final = frozenset(("голосование", "голосования", "ход", "хода", "день"))
_ABSTAIN_WORDS: Final = _VOTING | _VOTES | frozenset(("не", "без", "пас"))


def _skip_now(word: str) -> bool:
    """A word of skipping said now: «пас», «пропускаю», «воздержусь» (not «пропустил»)."""
    found = lookup(word)
    if found is None or not found.skip:
        return False
    first = parse(word)[:1]
    return word == "пас" or bool(first and "1per" in first[0].grammemes)


def words_end(post: Post) -> int:
    """Where the author's own words end in `post.own_text`: at a signature he typed into the
    body, as the record keeps it (`Post.words_end`). A record stored before the readers kept
    it has its stored body read once, by the Invision body reader, whose own text keeps the
    body's lines."""
    if post.words_end is not None:
        return post.words_end
    return stored_words_end(post.body_html, post.own_text)


@lru_cache(maxsize=256)
def stored_words_end(body_html: str, own_text: str) -> int:
    """Where the own words of a record stored without its cut end: its stored body read
    once by the Invision body reader, whose own text keeps the body's lines."""
    if not may_sign(own_text):
        return len(own_text)
    at = signature_in(stored_body(body_html).own_text, own_text)
    return len(own_text) if at is None else at


def unsigned_post(post: Post, spans: Sequence[ColoredSpan]) -> tuple[Post, list[ColoredSpan]]:
    """The post with its own words cut before its signature, and the coloured spans that
    stand before it: a line of dashes or a sign-off («С уважением,») and what follows — the
    author's own nick with a motto — is no vote (G-N.1, P-V.1)."""
    end = words_end(post)
    if end >= len(post.own_text):
        return post, list(spans)
    starts = span_starts(post.own_text.casefold(), spans)
    kept = [span for span, at in zip(spans, starts, strict=True) if at < end]
    return replace(post, own_text=post.own_text[:end]), kept


def span_starts(low: str, spans: Sequence[ColoredSpan]) -> list[int]:
    """Where each span's text stands in `low`, looked up in order (-1: not found)."""
    out: list[int] = []
    pos = 0
    for span in spans:
        at = low.find(span.text.casefold(), pos)
        if at >= 0:
            pos = at + len(span.text)
        out.append(at)
    return out


# -- a single coloured nick in words that are no vote -------------------------------------------

#: what is said *to* or *about* a player other than that he is the one to hang, by sense —
#: the one place these classes are kept (the match talk of `votes-21` reads them too):
#: gratitude («Спасибо <Виолетте> за поддержку», «Благодарю <X>»)
_GRATITUDE_LEMMAS: Final = frozenset(
    ("спасибо", "спс", "благодарить", "поблагодарить", "благодарность", "благодарный", "мерси")
)
#: approval of the player («<X> красавчик», «Горжусь <X>», «Уважаю <X>», «Восхищаюсь <X>»)
_APPROVAL_LEMMAS: Final = frozenset(
    ("респект", "уважуха", "браво", "молодец", "умница", "умничка", "красавчик", "красава",
     "красавица", "хвалить", "похвалить", "гордиться", "восхищаться", "восхищать", "уважать",
     "обожать", "поздравлять", "поздравить")
)  # fmt: skip
#: trust in him («Я доверяю <X>», «<X> — единственный, кому верю»); the same verbs
#: negated accuse him (`parser.votes.negation`, «Не верю <X>»)
_TRUST_LEMMAS: Final = TRUST_LEMMAS
#: a greeting
_GREETING_LEMMAS: Final = frozenset(("привет", "приветствовать", "здравствуйте", "здравствовать"))
_COURTESY_LEMMAS: Final = _GRATITUDE_LEMMAS | _APPROVAL_LEMMAS | _TRUST_LEMMAS | _GREETING_LEMMAS
_COURTESY_PHRASES: Final = re.compile(r"\bв ударе\b|\bс дн[её]м рождения\b|\bс днюх")
#: what a vote's reason says of its player: with one of these in his sentence a thanks is
#: sarcasm and a question an accusation («<Steel> явно в ударе — топит мирных, мафия»)
_ACCUSING_LEMMAS: Final = frozenset(
    ("мафия", "мафиози", "мафиозный", "маньяк", "подозрительный", "подозревать",
     "подозрение", "мутный", "врать", "соврать", "наврать", "лгать", "солгать", "лжец",
     "врун", "врунья", "сливать", "слить", "топить", "крыса", "убийца", "дон", "обвинять",
     "обвинить", "вранье", "ложь")
)  # fmt: skip
_CLAUSE_STOP: Final = re.compile(r"[,;:()\n—–]|\s-\s")


def unproven(own_text: str, pick: Pick) -> bool:
    """A single coloured nick whose words do not make it a vote (issue 17, P-V.1, G-N.1): no
    vote grammar around it (`has_vote_grammar`) and no vote word anywhere in the post, and
    its sentence thanks, greets or praises him («Спасибо <Виолетте> за поддержку»,
    «<Тамерлан> сегодня в ударе :)»), asks about him in the nick's own clause («А <Лютик>
    где был ночью?») or only addresses him with a request («<Изольда>, объясни свой пост») —
    unless his sentence (or, for a question or a request, the one after it) accuses him.
    Such a post is shown to the host, not counted; a red with its reason around it («<Гном>
    весь день врёт») is still the vote."""
    low = own_text.casefold().replace("ё", "е")
    text = pick.span.text.casefold().replace("ё", "е")
    at = low.find(text)
    if at < 0 or _vote_word_in(low):
        return False
    end = at + len(text)
    start = _sentence_start(low, at)
    close = _SENTENCE_END.search(low, end)
    stop = close.end() if close else len(low)
    sentence = low[start:stop]
    # praise, thanks, trust said of him in his own clause (or a relative clause on him:
    # «<X> — единственный, кому верю»), a toast to him, or an exclamation of praise — none
    # of them a vote word, so the dash or the «за» before him is no vote either
    if _praise_of(low, start, at, end, stop):
        return not _accusing(sentence)
    # «<X> — мафия? Что думаете?», «<X> мафия или нет»: his own clause asks of him, and
    # (no vote word in the post) no later sentence of the author's says his vote
    # («Кто, если не <Гном>?» names him as the answer: rhetorical, no question about him)
    rhetorical = re.search(r"\bесли\s+не\s*$", low[start:at]) is not None
    if not rhetorical and _clause_asks(low, end, stop):
        after = _SENTENCE_END.search(low, stop)
        nxt = low[stop : after.end() if after else len(low)]
        said = not nxt.rstrip().endswith("?") and (answered_yes(nxt) or _accusing(nxt))
        return not said
    if _defended(low, start, at, end, stop):
        return not _accused(sentence)
    # «<Кама>, спокойной ночи всем!», «<X>, с добрым утром»: called out with a greeting or
    # a wish — a formula said to him (and all), no vote
    if _vocative(pick) and _address_lead(low[start:at]) and _wished(low[end:stop]):
        return not _accusing(sentence)
    if has_vote_grammar(own_text, pick):
        return False
    # «<Кобзев> вчера забил на 89-й, красавчик!»: a story of his match with praise in its
    # sentence and no grounds against him — talk about the player, no reason to hang him
    if told_of(own_text, pick) and _praised(sentence) and not _accusing(sentence):
        return True
    # «Кто, если не <Гном>?» names him as the answer: rhetorical, no question about him
    asked = _asked_in_clause(low, end) and not re.search(r"\bесли\s+не\s*$", low[start:at])
    # «ну всё, <X>, готовься к суду»: an address that sends him to court or the gallows
    # is the vote said to him (G-N.1, P-V.1)
    spoken = _vocative(pick) and _requested(low[start:at], low[end:stop])
    if not (asked or (spoken and not _sent_off(low[start:stop]))):
        return False
    after = _SENTENCE_END.search(low, stop)
    if answered_yes(low[stop : after.start() if after else len(low)]):
        return False  # «<Слона>? Да, точно его»: the question answered at once
    return not _accuses_him(low[start : after.end() if after else len(low)])


#: those a wish may be said to before its words: «всем доброй ночи», «вам удачи»
_WISHED_TO: Final = frozenset(("всем", "вам", "тебе", "и"))


def _wished(rest: str) -> bool:
    """Whether `rest`, the words after an address to the end of its sentence, is only a
    greeting or a wish (P-V.1, G-N.1): no verb in it, and it opens (after the ones it is said
    to: «всем», «вам») with the genitive a wish puts its thing in, no preposition before it
    («спокойной ночи», «удачи», «хороших снов»), with «с» and the instrumental of a
    greeting («с добрым утром», «с праздником»), or with a word of greeting («привет»). The
    address is set off by a comma or a dash, and every word is a dictionary word: «<X>
    го», «<X>, ахпер, без обид» say nothing of the kind."""
    if re.match(r"\s*(?:[,—–]|-\s)", rest) is None:
        return False  # an address is set off from what is said to him
    words = words_of(rest)
    if not words or any(
        r.pos in ("VERB", "INFN", "PRED") or not r.known or r.lemma in _NONE_OF
        for w in words
        for r in parse(w)[:1]
    ):
        return False
    while words and words[0] in _WISHED_TO:
        words = words[1:]
    if not words:
        return False
    head = parse(words[0])
    if _GREETING_LEMMAS.intersection(r.lemma for r in head):
        return True
    if words[0] in ("с", "со") and len(words) > 1:
        return any("ablt" in r.grammemes and r.pos in ("ADJF", "NOUN") for r in parse(words[1]))
    return (
        bool(head)
        and head[0].pos in ("ADJF", "NOUN")
        and any("gent" in r.grammemes and r.pos in ("ADJF", "NOUN") for r in head)
    )


#: a genitive of negation, no wish: «<X>, никаких сомнений»
_NONE_OF: Final = frozenset(("никакой", "ни", "нет", "ноль"))


def addressed_only(own_text: str, pick: Pick) -> bool:
    """G-N.4, P-V.1 (issue 17 item 2): the nick is called out at the head of its sentence
    (`_vocative`, `_requested`) and what follows asks him a question or advises him — it
    ends in a question mark or holds a verb in the imperative («<Урал>, ты чего молчишь?»,
    «<Кама>, поменяй цепь, а то слетит») — with no vote word in the post and no accusation
    of him in his sentence or the next (`_accuses_him`). A statement to him («<X>, ты весь
    день путаешься») is not asked here: read as the reader reads it."""
    low = own_text.casefold().replace("ё", "е")
    text = pick.span.text.casefold().replace("ё", "е")
    at = low.find(text)
    if at < 0 or _vote_word_in(low) or not _vocative(pick):
        return False
    end = at + len(text)
    start = _sentence_start(low, at)
    close = _SENTENCE_END.search(low, end)
    stop = close.end() if close else len(low)
    if not _requested(low[start:at], low[end:stop]):
        return False
    rest = low[end:stop]
    advised = any(
        r.pos == "VERB" and "impr" in r.grammemes for w in words_of(rest) for r in parse(w)[:1]
    )
    if not (rest.rstrip().endswith("?") or advised):
        return False
    after = _SENTENCE_END.search(low, stop)
    return not _accuses_him(low[start : after.end() if after else len(low)])


#: words opening a relative clause on the word before it: «<X> — единственный, кому верю»
_RELATIVE: Final = frozenset(
    ("кому", "кого", "кем", "который", "которая", "которое", "которому", "которой", "которого",
     "которым", "которую")
)  # fmt: skip
#: words a toast may open with before its «за <X>!»: «Выпьем за <X>!», «Поднимаю бокал за»
_TOAST_LEMMAS: Final = frozenset(("выпить", "пить", "поднимать", "поднять", "бокал", "тост"))


def _praise_of(low: str, start: int, at: int, end: int, stop: int) -> bool:
    """P-V.1, G-N.1: whether the sentence [start, stop) of the nick at [at, end) praises,
    thanks or trusts him rather than votes: a word of those senses (`_courtesy`) in his own
    clause («<X> красавчик», «Горжусь <X>», «Спасибо <X> за разбор») or in a relative
    clause on him («<X> — единственный, кому я верю»), not after «против»/«на»; a toast
    («За <X>!» alone, or after «выпьем», with praise after it in the post); or a sentence
    ending in «!» that praises (`_praised`). The caller has made sure no vote word stands
    anywhere in the post."""
    before = words_of(low[start:at])
    if before[-1:] in (["против"], ["на"]):
        return False
    clause = _own_clause(low, start, at, end, stop)
    cut = low.find(clause, start) + len(clause)
    nxt = _CLAUSE_STOP.split(low[cut:stop].lstrip(",;:()\n—–- "), maxsplit=1)[0]
    relative = nxt if words_of(nxt)[:1] and words_of(nxt)[0] in _RELATIVE else ""
    if _courtesy(clause) or (relative and _courtesy(relative)):
        return True
    exclaimed = low[start:stop].rstrip().endswith("!")
    if not exclaimed or words_of(low[end:stop]):
        return exclaimed and _praised(low[start:stop])
    if before[-1:] != ["за"] or not all(_TOAST_LEMMAS.intersection(lemmas(w)) for w in before[:-1]):
        return _praised(low[start:stop])
    # «За <X>! Лучший игрок партии, ура!»: a toast, when the post goes on to praise him
    return _praised(low[stop:]) and not _accusing(low[stop:])


#: defence of the player, the fourth sense beside gratitude, approval and trust: a
#: guarantee given for him («ручаюсь за него»), his innocence said («он честный»)
_GUARANTEE_LEMMAS: Final = frozenset(("ручаться", "поручиться", "гарантировать"))
#: «чист» is the word of a check that found no mafia: said of a player, his innocence
_INNOCENCE_LEMMAS: Final = frozenset(("честный", "невиновный", "невинный", "мирный", "чистый"))
#: the author's own error owned («я ошибалась»): what she said against him taken back
_ERROR_LEMMAS: Final = frozenset(("ошибаться", "ошибиться"))
#: what a plea spares him from, negated in the imperative («не трогайте его»)
_HARM_LEMMAS: Final = frozenset(
    ("трогать", "тронуть", "вешать", "повесить", "казнить", "линчевать", "убивать", "убить",
     "сливать", "слить", "топить", "утопить", "гнобить", "обижать", "обидеть", "валить")
)  # fmt: skip
#: guilt negated clears him as a negated accusation does («он не виноват»)
_GUILT_LEMMAS: Final = frozenset(("виноватый", "виновный", "виновать"))
#: «<X> тут ни при чём»: he has nothing to do with it
_NOT_INVOLVED: Final = re.compile(r"\bни\s*при\s*ч[её]м\b")
#: a third-person pronoun: a later clause about the player, not about someone else
_HIM: Final = frozenset(
    ("он", "его", "него", "ему", "нему", "им", "ним", "она", "ее", "нее", "ей", "ней", "ею")
)


def _defended(low: str, start: int, at: int, end: int, stop: int) -> bool:
    """P-V.1, G-N.1: whether the nick at [at, end) is defended in its sentence [start, stop)
    rather than accused — in his own clause, or in a later clause of the sentence that
    speaks of him by a pronoun: an accusation or his guilt negated («<X> тут ни при чём»,
    «он не мафия», «он не виноват»), a plea not to harm him (a negated imperative of a verb
    of harm: «не трогайте его»), a guarantee for him or trust in him («я за него
    ручаюсь», «я ему верю»), or his innocence said («он честный»). The caller has made sure
    no vote word stands anywhere in the post; an accusation not negated keeps the vote."""
    clauses = [_own_clause(low, start, at, end, stop)]
    cut = low.find(clauses[0], start) + len(clauses[0])
    clauses += [c for c in _CLAUSE_STOP.split(low[cut:stop]) if _HIM.intersection(words_of(c))]
    if any(_defence(c) for c in clauses):
        return True
    return any(_error_owned(c) for c in _CLAUSE_STOP.split(low[start:stop]))


def _error_owned(clause: str) -> bool:
    """«…, я ошибалась»: the author owns in the past tense that she was wrong — her suspicion
    of the player taken back, a defence of him, not a vote (P-V.1). Negated («я не
    ошибся»: she was right), put as a condition or a doubt, or in the present («может, я
    ошибаюсь»: a hedge kept beside a vote) it clears nobody."""
    words = words_of(clause)
    if _HYPOTHETICAL.intersection(words) or clause.rstrip().endswith("?"):
        return False
    if not {"я", "мы"}.intersection(words):
        return False
    for n, w in enumerate(words):
        if n > 0 and words[n - 1] in ("не", "ни"):
            continue
        first = parse(w)[:1]
        if first and first[0].lemma in _ERROR_LEMMAS and "past" in first[0].grammemes:
            return True
    return False


#: a clause put as a condition or a doubt says nothing of him for sure: «если он мирный,
#: пусть докажет»
_HYPOTHETICAL: Final = frozenset(("если", "ли", "разве", "вдруг", "якобы", "типа"))


def _defence(clause: str) -> bool:
    words = words_of(clause)
    if _HYPOTHETICAL.intersection(words) or clause.rstrip().endswith("?"):
        return False
    if _NOT_INVOLVED.search(clause):
        return True
    for n, w in enumerate(words):
        negated = n > 0 and words[n - 1] in ("не", "ни")
        senses = lemmas(w)
        if negated and (_ACCUSING_LEMMAS | _GUILT_LEMMAS).intersection(senses):
            return True
        first = parse(w)[:1]
        if negated and first and "impr" in first[0].grammemes and first[0].lemma in _HARM_LEMMAS:
            return True
        if negated:
            continue
        if _sense(w) in _GUARANTEE_LEMMAS | _TRUST_LEMMAS:
            return True
        # «он честный», «<X> мирный»: said of him, not «строит из себя мирного», nor the
        # attribute of a noun after it («мирный житель с 2004 года» is a motto)
        nxt = parse(words[n + 1])[:1] if n + 1 < len(words) else []
        said = (
            first
            and (first[0].pos == "ADJS" or "nomn" in first[0].grammemes)
            and not (nxt and nxt[0].pos == "NOUN")
        )
        if said and _sense(w) in _INNOCENCE_LEMMAS:
            return True
    return False


def _accused(text: str) -> bool:
    """An accusation in `text` not negated: «он не мафия» accuses nobody, «не мафия, а
    маньяк» still does."""
    words = words_of(text)
    return any(
        _ACCUSING_LEMMAS.intersection(lemmas(w)) and not (n and words[n - 1] in ("не", "ни"))
        for n, w in enumerate(words)
    )


def _own_clause(low: str, start: int, at: int, end: int, stop: int) -> str:
    """The clause of the nick at [at, end) within its sentence [start, stop): «привет всем,
    <X> весь день молчит» thanks nobody in <X>'s clause. A nick alone in its clause is an
    address, and the clause after it is what is said to him («<X>, с днём рождения!»)."""
    cuts = [m.end() for m in _CLAUSE_STOP.finditer(low, start, at)]
    head = cuts[-1] if cuts else start
    tail = _CLAUSE_STOP.search(low, end, stop)
    if tail is not None and not words_of(low[head:at]) and not words_of(low[end : tail.start()]):
        tail = _CLAUSE_STOP.search(low, tail.end(), stop)
        # «Спасибо, <X>, за разбор»: an address inside its sentence takes the clause before
        head = cuts[-2] if len(cuts) > 1 else start
    return low[head : tail.start() if tail else stop]


def _courtesy(sentence: str) -> bool:
    """A word of gratitude, approval, trust or greeting in `sentence`, not negated («не
    доверяю», «не уважаю» say the opposite)."""
    words = words_of(sentence)
    return bool(_COURTESY_PHRASES.search(sentence)) or any(
        _sense(w) in _COURTESY_LEMMAS and not (n and words[n - 1] in ("не", "ни"))
        for n, w in enumerate(words)
    )


def _sense(word: str) -> str:
    """The lemma of a word's likeliest reading: a sense is read from it, not from a rarer
    reading («вери» is no form of «верить»)."""
    first = parse(word)[:1]
    return first[0].lemma if first else word


#: praise of how someone played or did: with a story of his day it says nothing against him
_PRAISE_LEMMAS: Final = frozenset(
    ("отлично", "отличный", "классно", "классный", "круто", "крутой", "здорово", "хороший",
     "красиво", "красивый", "шикарно", "шикарный", "великолепно", "великолепный", "супер")
)  # fmt: skip


def _praised(sentence: str) -> bool:
    """A thanks, a greeting or praise anywhere in the sentence (`_courtesy`, `_PRAISE_LEMMAS`)."""
    words = words_of(sentence)
    return _courtesy(sentence) or any(_PRAISE_LEMMAS.intersection(lemmas(w)) for w in words)


def _accusing(text: str) -> bool:
    return any(_ACCUSING_LEMMAS.intersection(lemmas(w)) for w in words_of(text))


def _accuses_him(text: str) -> bool:
    """`_accusing`, save a noun of guilt that is the object of another word — in an oblique
    case with no preposition before it («как ты вчера мафию угадал?», «маньяка ищешь?»):
    what he did to the mafia, not that he is it. A noun of guilt in the nominative or the
    instrumental («ты мафия?», «мафией играешь»), after a preposition («за мафию играешь?»),
    and a verb or adjective of guilt («врёшь», «мутный») accuse as before (P-V.1)."""
    words = words_of(text)
    for n, w in enumerate(words):
        hits = [r for r in parse(w) if r.lemma in _ACCUSING_LEMMAS]
        if not hits:
            continue
        if hits[0].pos != "NOUN" or any({"nomn", "ablt"} & r.grammemes for r in hits):
            return True
        if n and any(r.pos == "PREP" for r in parse(words[n - 1])[:1]):
            return True
    return False


def accuses_him(text: str) -> bool:
    """`accusing`, save a noun of guilt in an oblique case no preposition governs («вместе
    ловили мафию»: what was done to the mafia, not that he is it) — `_accuses_him`."""
    return _accuses_him(text.casefold().replace("ё", "е"))


def accusing(text: str) -> bool:
    """Whether `text` holds a word of what a vote's reason says of its player — a noun of
    guilt, lying, leaking («мафия», «врёт», «сливает»): read beside a coloured nick that is
    a word of talk, it makes the talk a red's reason."""
    return _accusing(text)


def nick_asked(own_text: str, pick: Pick) -> bool:
    """Whether the clause the pick's nick stands in asks of him (`_clause_asks`): «<X> мафия
    или нет» — read when the words set the nick aside, to show it to the host (issue 17)."""
    low, at = _located(own_text, pick)
    if at < 0:
        return False
    return asked_at(low, at + len(pick.span.text))


def asked_at(low: str, end: int) -> bool:
    """Whether the clause of `low` (lower case, ё→е) a nick ending at `end` stands in asks of
    him (`_clause_asks`, to the end of its sentence) — for a coloured nick, or the nominee of
    a court vote in words (G-N.4: «Казнить <X>? Не уверен…»)."""
    close = _SENTENCE_END.search(low, end)
    return _clause_asks(low, end, close.end() if close else len(low))


#: a clause of the post, for a plea: its marks, a dash, «но», «а», «так что»
_PLEA_CLAUSE: Final = re.compile(r"[,;:.!?\n()—–]+|\s(?:-|но|а|только)\s")
#: what a plea leaves him in: «оставьте его (в покое)»
_LEAVE_LEMMAS: Final = frozenset(("оставить", "оставлять"))


def spared_in_words(own_text: str) -> bool:
    """Issue 17 item 2 (P-V.1, G-N.1, `argued_votes_counted`): whether the author's own
    words ask the others to spare a player spoken of by a pronoun of the third person — a
    verb of harm, of hanging or jailing, or of voting in the imperative, negated («не
    трогайте её», «за него не голосуйте», «не сажайте его»), or «оставьте его». Beside a
    single red or green it is that player: the post argues against its own vote, which the
    host must see rather than count. «Не жалейте его» (no verb of harm), «не трогайте меня»,
    «не трогайте Агату» (no pronoun of him) spare nobody the vote is for."""
    low = own_text.casefold().replace("ё", "е")
    head: list[str] = []  # the clause before, when it is only the author's verb («Умоляю, …»)
    for clause in _PLEA_CLAUSE.split(low):
        words = words_of(clause)
        before, head = head, (words if words and all(map(_asking_head, words)) else [])
        if not any(map(_him, words)):
            continue
        for n, w in enumerate(words):
            first = parse(w)[:1]
            if not first or first[0].pos != "VERB" or "impr" not in first[0].grammemes:
                continue
            lemma = first[0].lemma
            negated = n > 0 and words[n - 1] in ("не", "ни")
            harm = lemma in _HARM_LEMMAS or bool(JAIL_LEMMAS.intersection(lemmas(w)))
            if negated and (harm or is_cue(w)):
                return True
            if not negated and lemma in _LEAVE_LEMMAS:
                return True
        if _asked_not_to(words, before):
            return True
    return False


@lru_cache(maxsize=WORDS_KEPT)
def _him(word: str) -> bool:
    """A pronoun of the third person not in the nominative («её», «него», «его»), by either
    of the word's two first readings."""
    return any(
        r.pos == "NPRO" and "3per" in r.grammemes and "nomn" not in r.grammemes
        for r in parse(word)[:2]
    )


def _asked_not_to(words: list[str], before: list[str]) -> bool:
    """«Прошу вас не голосовать за него», «Умоляю, не вешать её»: an infinitive of harm,
    hanging, jailing or voting, negated, governed by a finite verb of the author's own in the
    first person that is not negated itself (`_asking_head`: only pronouns, adverbs and
    particles between them; the verb may close the clause before, `before`). The author asks
    that the player be spared — as the imperative does («не вешайте её»). «Не могу не
    голосовать за него» (the governing verb negated) and «глупо не голосовать за него» (no
    verb of the author's) ask nothing."""
    for n, w in enumerate(words):
        first = parse(w)[:1]
        if not first or first[0].pos != "INFN" or n == 0 or words[n - 1] != "не":
            continue
        if not (first[0].lemma in _HARM_LEMMAS or JAIL_LEMMAS.intersection(lemmas(w)) or is_cue(w)):
            continue
        lead = [*before, *words[: n - 1]]
        k = len(lead) - 1
        while k >= 0 and _asking_head(lead[k]) and not _own_verb(lead[k]):
            k -= 1
        if k >= 0 and _own_verb(lead[k]) and (k == 0 or lead[k - 1] not in ("не", "ни")):
            return True
    return False


@lru_cache(maxsize=WORDS_KEPT)
def _own_verb(word: str) -> bool:
    """A finite verb in the first person, present or future: the author's own act now."""
    first = parse(word)[:1]
    return bool(first) and first[0].pos == "VERB" and "1per" in first[0].grammemes


@lru_cache(maxsize=WORDS_KEPT)
def _asking_head(word: str) -> bool:
    """A word that may stand between the author's verb and what he asks: the verb itself, a
    pronoun («вас», «всех»), an adverb («очень»), a particle."""
    first = parse(word)[:1]
    if not first:
        return False
    r = first[0]
    return _own_verb(word) or r.pos in ("NPRO", "ADVB", "PRCL") or "Apro" in r.grammemes


_LEAD_DASH: Final = re.compile(r"\s*(?:[—–]|-\s)")


def _clause_asks(low: str, end: int, stop: int) -> bool:
    """Issue 17 item 2 (P-V.1, G-N.1): whether the clause a nick (ending at `end`) stands in
    is a question — it runs to the question mark closing its sentence (a dash right after
    the nick opens what is asked of him: «<X> — мафия? Что думаете?»), or it weighs what he
    is with «или» («<X> — шериф или мафия, кто знает?», «<X> мафия или нет» with no mark at
    all). A clause after a comma that asks of its own («<X>, потому что кто ещё так путает?»)
    leaves the nick's clause a statement."""
    dash = _LEAD_DASH.match(low, end)
    head = dash.end() if dash else end
    tail = _CLAUSE_STOP.search(low, head, stop)
    # «<X> уже придумала, что скажет?»: a clause of what is said or thought completes his
    while tail is not None and words_of(low[tail.end() : stop])[:1] in (["что"], ["ли"]):
        tail = _CLAUSE_STOP.search(low, tail.end(), stop)
    clause = low[head : tail.start() if tail else stop]
    if tail is not None and low[head:stop].rstrip().endswith("?"):
        # «<X> мафия, как думаете?»: the question closing his sentence is put to all
        last = words_of(_CLAUSE_STOP.split(low[tail.end() : stop])[-1])
        if any(_asks_you(w) for w in last):
            return True
    words = words_of(clause)
    if "или" in words and words.index("или") + 1 < len(words):
        # «<X> или нет» right after the nick too («Сажаем <X> или нет»); a choice weighed
        # («<X> или <Y>?») needs a word of what he is before it
        at = words.index("или")
        either = words[at + 1]
        if either in ("нет", "не") or (at and low[head:stop].rstrip().endswith("?")):
            return True
    return tail is None and low[head:stop].rstrip().endswith("?")


def _asked_in_clause(low: str, end: int) -> bool:
    """The nick's own clause ends its sentence with a question mark: «А <Лютик> где был
    ночью?», «Как думаете, <Steel> вообще играет?» — not «<Steel> молчит, не странно ли?»,
    whose question is a clause of its own."""
    close = _SENTENCE_END.search(low, end)
    if close is None or close.group() != "?":
        return False
    return _CLAUSE_STOP.search(low, end, close.start()) is None


#: the second person singular the author speaks to the nick with
_YOU: Final = frozenset(("ты", "тебя", "тебе", "тобой"))


def _vocative(pick: Pick) -> bool:
    """Whether the coloured text may be a name called out: the nick as written, or a word
    form in the nominative — «<Ираклия Гивиевича>, …» is a case form, no address. A nick
    typed in Latin letters is read in the Cyrillic it stands for («<Ural>, …» is Урал called
    out, «<Urala>» a case form)."""
    text = pick.span.text.strip(" .,!?:;()«»\"'")
    nick = (pick.match.nick or "").casefold().replace("ё", "е")
    if any(t.casefold().replace("ё", "е") == nick for t in (text, typed_in_latin(text))):
        return True
    words = words_of(text.casefold())
    return bool(words) and any("nomn" in r.grammemes for r in parse(words[-1]))


def _vote_word_in(low: str) -> bool:
    """Whether the post holds a vote word — not the noun «голос» told with another's
    possessive («объясни свой вчерашний голос», «ваш голос был странным»): the vote spoken
    of, no vote cast (P-V.1, issue 17 item 2)."""
    words = words_of(low)
    for n, w in enumerate(words):
        if not (is_cue(w) or green_word(w)):
            continue
        first = parse(w)[:1]
        near = words[max(0, n - 2) : n]
        if (
            first
            and first[0].pos == "NOUN"
            and any(_POSSESSED.intersection(lemmas(x)) for x in near)
        ):
            continue
        return True
    return False


#: possessives of another or of the one spoken to: a vote noun they go with is his
_POSSESSED: Final = frozenset(("свой", "твой", "ваш"))


def _address_lead(before: str) -> bool:
    """The words before a nick that leave it an address (P-V.1, issue 17 item 2): none, a
    courtesy adjective agreeing with it in the nominative («Уважаемый <X>», «Дорогая
    <X>»), or a clause set off by a comma before it («Слушай, <X>, …»)."""
    words = _WORD.findall(before)
    if not words or before.rstrip().endswith(","):
        return True
    return all(any(r.pos == "ADJF" and "nomn" in r.grammemes for r in parse(w)[:1]) for w in words)


def _requested(before: str, sentence: str) -> bool:
    """The nick opens its sentence as an address — a vocative, a comma after it (or «ты»,
    «вы» right after it, typed without one) — and what follows speaks to him: a request
    («<Изольда>, объясни …», «<Мичман>, ответь уже …», a verb in the imperative), «ты» or
    «вы», their possessive («ваш разбор», «твоя логика») or a verb in the second person
    («<X>, ты где пропадал?», «<X>, почему молчишь?»), or a question ending the sentence
    (`sentence`: the words after the nick to the end of its sentence, its mark included)."""
    if not _address_lead(before):
        return False
    m = re.match(r"\s*,\s*([^\W\d_]+)", sentence)
    n = re.match(r"\s*([^\W\d_]+)", sentence)
    if m is None and (n is None or not _you_word(n.group(1))):
        return False
    words = words_of(sentence)
    if sentence.rstrip().endswith("?"):
        # «<X>, потому что кто ещё так путает?»: a clause with a subject of its own in the
        # third person asks of someone else, not of him (a reason given, issue 17 item 2)
        return not any(_third_subject(w) for w in words) or any(_to_you(w) for w in words)
    for word in words:
        if word in _YOU or _you_word(word):
            return True
        first = parse(word)[:1]
        if (
            first
            and first[0].pos == "VERB"
            and ({"impr"} & first[0].grammemes or "2per" in first[0].grammemes)
        ):
            return True
    return False


def _you_word(word: str) -> bool:
    """«ты», «вы» in any case, or their possessive: the one spoken to."""
    first = parse(word)[:1]
    if not first:
        return False
    if first[0].pos == "NPRO" and "2per" in first[0].grammemes:
        return True
    return first[0].lemma in ("твой", "ваш")


def _asks_you(word: str) -> bool:
    """A verb in the second person plural: «думаете», «считаете» — the others asked."""
    first = parse(word)[:1]
    return bool(first) and first[0].pos == "VERB" and {"2per", "plur"} <= first[0].grammemes


def _third_subject(word: str) -> bool:
    """A pronoun in the nominative that is not the one spoken to: «кто», «он», «они»."""
    first = parse(word)[:1]
    return (
        bool(first)
        and first[0].pos == "NPRO"
        and "nomn" in first[0].grammemes
        and not ({"1per", "2per"} & first[0].grammemes)
    )


def _to_you(word: str) -> bool:
    """«ты», «тебя», a verb in the second person or the imperative: words spoken to him."""
    if word in _YOU:
        return True
    first = parse(word)[:1]
    return bool(first) and first[0].pos == "VERB" and bool({"impr", "2per"} & first[0].grammemes)


# -- every coloured span accounted for ---------------------------------------------------------
#
# A vote is proven only when every coloured span of the post is accounted for: the vote's
# nick, a nick negated, asked about, quoted or taken back, or decoration the reader knows. A
# span that is no nick in an exact or well-derived form is never counted for the player it
# merely resembles (issue 17 item 2).

#: a key chord («Alt+Tab», «Ctrl + Z»): letters joined by a plus
_CHORD: Final = re.compile(r"[^\W_]\s*\+\s*[^\W_]")
#: a chat or board command («/kick», «!vote»)
_COMMAND: Final = re.compile(r"^\s*[/!][^\W\d_]")
#: an emoticon typed in letters and signs («:D», «xD», «:-P», «=)»)
_EMOTICON: Final = re.compile(r"^\s*(?:[:;=8][-'^o]?[()\[\]DPpОоOo|\\/3*]+|[xXхХ][DdДд]+)\s*$")


def not_a_name(text: str, players: Sequence[str]) -> bool:
    """Whether a coloured text is plainly no nick, whatever nick its letters spell: a key
    chord, a command, an emoticon — unless a player's nick is written that way itself."""
    if _CHORD.search(text):
        return not any("+" in p for p in players)
    if _COMMAND.match(text):
        return not any(p.lstrip()[:1] in "/!" for p in players)
    return _EMOTICON.match(text) is not None or _chant(text, players)


#: a cheer opening a chant: an adverb or an interjection («вперёд», «ура», «браво»)
_CHEER_POS: Final = frozenset(("ADVB", "INTJ"))


def _chant(text: str, players: Sequence[str]) -> bool:
    """«ВПЕРЁД ЗАРЕЧЬЕ», «Ура Ракета»: a cheer and then words in the nominative only, none a
    word of voting — a chant for a club or a side, not a nick in the vote's colour (the
    nominative names no vote's object), unless a player's nick is the phrase itself."""
    low = text.casefold().replace("ё", "е")
    words = _LETTERS.findall(low)
    if len(words) < 2 or any(_plain_key(p) == " ".join(words) for p in players):
        return False
    first = parse(words[0])[:1]
    if not first or first[0].pos not in _CHEER_POS:
        return False
    rest = words[1:]
    if any(is_cue(w) or green_word(w) or w in ("за", "против", "на") for w in rest):
        return False
    return all(any("nomn" in r.grammemes for r in parse(w)[:1]) for w in rest)


@lru_cache(maxsize=WORDS_KEPT)
def _plain_key(nick: str) -> str:
    """A nick's words folded and joined by single spaces (kept per nick: `_chant` asks it of
    every player for every coloured phrase of two words or more)."""
    return " ".join(_LETTERS.findall(nick.casefold().replace("ё", "е")))


def word_use(own_text: str, pick: Pick, common: bool) -> bool:
    """A one-word nick that is an ordinary word (`common`: Суббота, Шериф, Туча), coloured in
    lower case with no grammar of a vote around it («в <субботу> у меня отпуск», «<туча> на
    горизонте»): the word, not the player (G-N.1, P-V.1). The same word capitalised, or with
    a vote word, «за»/«против» or a dash, is the nick («<субботу> голосую», «против
    <шерифа>»)."""
    text = pick.span.text
    if not common or not any(c.isalpha() for c in text) or not text.islower():
        return False
    if has_vote_grammar(own_text, pick):
        return False
    # heading its sentence as the subject of a verb («<огурцы> весь день мутит воду»): a
    # statement about the player, his red's reason (P-V.1)
    low = own_text.casefold().replace("ё", "е")
    at = low.find(text.casefold().replace("ё", "е"))
    start = _sentence_start(low, max(at, 0))
    if at < 0 or words_of(low[start:at]):
        return True
    clause = _AFTER_END.split(low[at + len(text) :], maxsplit=1)[0]
    verb = next((r for w in words_of(clause) if (r := _finite(w)) is not None), None)
    # the subject of a verb is the nick only when the verb does not agree with the word
    # itself: «<огурцы> … мутит» (a plural word, a singular verb) is a person; «<акация> в
    # этом году отцвела» agrees with the plant and proves no player (C-3) — unless a vote
    # word stands in the post («<маркет> сливает нас третий день, голосую»): the red is the
    # vote it casts, as a vote word keeps a red said in praise or defence counted
    if verb is None:
        return True
    if any(is_cue(w) or green_word(w) for w in words_of(low)):
        return False
    return _agrees_with_word(text.casefold().replace("ё", "е"), verb)


#: prepositions of place, way and distance that govern a common-word nick used as the word
#: («в <Каменке>», «до <Хутора>», «из <Заречья>»); «за», «против» and «на» with the
#: accusative are vote grammar (`has_vote_grammar`), read apart
_PLACE_PREPS: Final = frozenset(
    ("в", "во", "из", "до", "у", "от", "через", "под", "около", "возле", "с", "со", "на")
)


def place_use(own_text: str, pick: Pick, common: bool) -> bool:
    """P-V.1, G-N.1: a one-word nick that is an ordinary word (`common`: Каменка, Хутор,
    Пасека) governed by a preposition of place or way right before it — «в <Каменке> свет
    отключили», «до <Хутора> автобус ходит?», «из <Заречья> только паром» — is the word, a
    place, whatever its capital: shown to the host, never counted. «на» is the place only
    with the prepositional case («на <Пасеке>») or after a verb not the author's own vote
    («едем на <Опушку>»); «на <X> голос», «думаю на <X>» stay the vote's grammar. A vote
    word before the nick in its clause («голосую за того, кто в <X>…») keeps it a vote."""
    if not common:
        return False
    low, at = _located(own_text, pick)
    if at < 0:
        return False
    start = max((m.end() for m in _BEFORE_END.finditer(low, 0, at)), default=0)
    before = words_of(low[start:at])
    if not before or before[-1] not in _PLACE_PREPS:
        return False
    if any(is_cue(w) or green_word(w) or w in _CHOICE for w in before):
        return False
    said = [r for r in parse(words_of(pick.span.text.casefold())[0]) if r.pos == "NOUN"]
    # «с <Гайкой> не согласен, выдвигаю»: «с» with the instrumental is «with» someone — a
    # counterpart, not a place — when the post holds the author's own live vote word or
    # accuses him; read on as a player
    withed = before[-1] in ("с", "со") and any("ablt" in r.grammemes for r in said[:3])
    if withed and (_live_vote_word(low) or _accuses_him(low)):
        return False
    if before[-1] != "на":
        return True
    if said and {"loct", "loc2"} & said[0].grammemes:
        return True
    verb = parse(before[-2])[:1] if len(before) >= 2 else []
    return bool(verb) and verb[0].pos == "VERB" and not {"1per", "sing"} <= verb[0].grammemes


def verb_use(own_text: str, pick: Pick) -> bool:
    """P-V.1, G-N.1: a one-word nick that is a verb form, coloured in lower case with no
    grammar of a vote around it, standing as the predicate of the author's own sentence —
    a finite verb of the first person singular («<крашу> до вечера», «сегодня <крашу> маму
    в блонд») with a word it governs right after it (an object, a phrase, an adverb), no
    finite verb before it in its clause and none of another person after it whose object
    or subject it could be instead («<грею> подозреваю больше всех», «<режу> слишком тихо
    сидит»): the author's own
    doing, not the player — shown to the host, never counted. Typed in Latin («<reju>
    kolbasu»), it is read as the nick it names and its words in their Cyrillic spelling."""
    text = pick.span.text.strip()
    if not text.isalpha() or not text.islower() or has_vote_grammar(own_text, pick):
        return False
    # typed in Latin («reju»): the nick it was read as spells the word
    word = (text if not text.isascii() else pick.match.nick or "").casefold().replace("ё", "е")
    if not any(_own_present(r) for r in parse(word)[:2]):
        return False
    low, at = _located(own_text, pick)
    if at < 0:
        return False
    start = max((m.end() for m in _BEFORE_END.finditer(low, 0, at)), default=0)
    before = [w for w in _words_typed(low[start:at]) if _finite(w) is not None]
    clause = _words_typed(_AFTER_END.split(low[at + len(text) :], maxsplit=1)[0])
    if before or not clause or not _governed(clause[0]):
        return False
    # another's verb in the clause makes the word its subject or object («<режу> слишком
    # тихо сидит»); the author's own verbs beside it are his sentence's predicates too
    # («<грею> ужин и сажусь читать»)
    return not any((r := _finite(w)) is not None and not _own_present(r) for w in clause)


def own_verb_object(own_text: str, pick: Pick) -> bool:
    """P-V.1, G-N.1 (issue 17 item 2): a coloured nick that is the object of the author's
    own verb that casts no vote — a finite verb of the first person singular right before
    it in its clause, with a word that verb governs right after the nick («Завтра везу <X>
    на дачу», «помогаю <X> с переездом», «учу <X> играть») — and no word of a vote, a jail
    or an accusation in the clause: the author's errand with the player, not a vote —
    shown to the host, never counted. «Подозреваю <X>, …» (nothing governed after him),
    «Отправляю <X> на виселицу», «Предлагаю <X> повесить» stay votes."""
    low, at = _located(own_text, pick)
    if at < 0:
        return False
    text = pick.span.text.casefold().replace("ё", "е")
    start = max((m.end() for m in _BEFORE_END.finditer(low, 0, at)), default=0)
    before = _words_typed(low[start:at])
    if not before:
        return False  # the nick opens its clause: no verb of the author's before it
    clause = _words_typed(_AFTER_END.split(low[at + len(text) :], maxsplit=1)[0])
    if not clause or not _governed(clause[0]):
        return False
    # «Глушу <X> — слишком громко дудит»: a dash after the nick opens the reason; «Не
    # доверяю <X>» negated says his guilt, no errand
    if _DASH_AFTER.match(low, at + len(text)) or before[-2:-1] == ["не"]:
        return False
    verb = _finite(before[-1])
    if verb is None or not {"1per", "sing"} <= verb.grammemes:
        return False
    said = [*before, *clause]
    if any(is_cue(w) or green_word(w) or w in _CHOICE for w in said) or votes_word(said):
        return False
    return not _sent_off(" ".join(said)) and not _accusing(" ".join(said))


def _sent_off(text: str) -> bool:
    """A word of court, jail or the gallows in `text`: where a vote sends a player."""
    sent = JAIL_LEMMAS | _SENT_OFF_LEMMAS
    return any(sent.intersection(lemmas(w)) for w in _WORD.findall(text) if len(w) >= 3)


#: where a vote sends a player out of the day: «Отправляю <X> на виселицу», «на выбывание»
_SENT_OFF_LEMMAS: Final = frozenset(("виселица", "выбывание", "вылет", "эшафот", "плаха"))


def _words_typed(text: str) -> list[str]:
    """The words of `text`, those typed in Latin read in Cyrillic."""
    return [w.casefold().replace("ё", "е") for w in words_of(typed_in_latin(text))]


def _own_present(r: Reading) -> bool:
    """A finite verb of the author's own: the first person singular, indicative."""
    return r.pos == "VERB" and {"1per", "sing", "indc"} <= r.grammemes


#: the parts of speech a verb governs or is modified by right after it
_GOVERNED_POS: Final = frozenset({"NOUN", "NPRO", "PREP", "ADVB", "INFN", "ADJF", "NUMR"})


def _governed(word: str) -> bool:
    """A word a verb may govern or be modified by: an object in an oblique case, a
    preposition opening its phrase, an adverb, an infinitive — not a nominative noun alone
    (the verb form's noun reading with its subject)."""
    readings = parse(word)
    if readings[:1] and readings[0].pos in _GOVERNED_POS - {"NOUN", "ADJF"}:
        return True
    return any(r.pos in ("NOUN", "ADJF", "NPRO") and bool(r.grammemes & _OBLIQUE) for r in readings)


#: the cases a verb's object or phrase stands in
_OBLIQUE: Final = frozenset({"gent", "datv", "accs", "ablt", "loct"})


def _finite(word: str) -> Reading | None:
    first = parse(word)[:1]
    return first[0] if first and first[0].pos == "VERB" else None


def _agrees_with_word(word: str, verb: Reading) -> bool:
    """Whether a finite `verb` agrees in number, and in the past tense in gender, with some
    nominative reading of the ordinary noun `word` as the dictionary gives it."""
    for r in parse(word):
        if not r.known or r.pos != "NOUN" or "nomn" not in r.grammemes:
            continue
        number = {"sing", "plur"} & verb.grammemes
        if number and not number & r.grammemes:
            continue
        gender = {"masc", "femn", "neut"} & verb.grammemes
        if gender and not gender & r.grammemes:
            continue
        return True
    return False


#: verbs that report another's words: «Хмурый пишет: голосую за <Ярину>»
_SPEECH_LEMMAS: Final = frozenset(
    ("писать", "написать", "говорить", "сказать", "заявлять", "заявить", "утверждать",
     "предлагать", "предложить", "кричать", "орать")
)  # fmt: skip


def own_vote_said(own_text: str, pick: Pick) -> bool:
    """Whether a coloured nick naming the post's own author is his vote for himself: the
    sender's own vote word (first person — «голосую», «выставляю», «зеленю» — or «мой
    голос», «мой выбор») in the nick's sentence, which is no question and reports nobody
    else's words. «Почему опять все против <Мирона>?», «Вы зря за <Ярину> голосуете» by
    those players are a protest, not a self-vote (P-V.1, G-N.1)."""
    low = own_text.casefold().replace("ё", "е")
    text = pick.span.text.casefold().replace("ё", "е")
    at = low.find(text)
    if at < 0:
        return False
    start = _sentence_start(low, at)
    close = _SENTENCE_END.search(low, at + len(text))
    if close is not None and close.group() == "?":
        return False
    words = words_of(low[start : close.start() if close else len(low)])
    if words == words_of(text):
        return True  # the nick alone in its sentence: the colour itself names him (G-N.1)
    first = [parse(w)[:1] for w in words]
    if any(r and r[0].lemma in _SPEECH_LEMMAS and "1per" not in r[0].grammemes for r in first):
        return False
    for n, (w, r) in enumerate(zip(words, first, strict=True)):
        if not (is_cue(w) or green_word(w) or w in _CHOICE):
            continue
        if w in _CHOICE or (r and r[0].pos == "NOUN"):
            if n and words[n - 1] in ("мой", "моя"):
                return True
        elif r and "1per" in r[0].grammemes:
            return True
    return False


#: who is said to vote when it is not the author: «все за <X>», «вы тут за <X> топите»
_OTHERS: Final = frozenset(
    ("все", "вы", "они", "многие", "некоторые", "народ", "кто-то", "кое-кто")
)
_QUOTES: Final = (("«", "»"), ('"', '"'), ("“", "”"), ("„", "“"))
#: the clause of a nick for `reported`: it ends at punctuation, a dash or a contrast
_REPORT_CLAUSE: Final = re.compile(r"[,;:()\n—–.!?]|\s-\s|\s(?:а|но|однако|зато|и)\s")


def reported_spans(
    own_text: str, spans: Sequence[ColoredSpan], player: Callable[[str], bool] | None = None
) -> list[ColoredSpan]:
    """The coloured spans the author repeats from someone else rather than casts (P-V.1,
    G-N.1: a vote is the poster's own words): a span inside an inline quotation («…», "…")
    that a verb of saying not in the first person introduces («Y пишет: "голосую за <X>"»),
    or one in a clause that gives the vote to others — the object of such a verb («Кто-то
    предлагает <X>», «Тут предлагают <X> повесить») or «все», «вы», «они» … before him with
    no verb of the author's own («не понимаю, почему все за <X>», «Вы тут за <X> топите»).
    A red of the author's own beside it («… — поддерживаю, тоже за <X>») is not among them.
    A vote told in the past tense with another subject (`player`: whether a word names a
    player) is reported too (`_vote_told_of_another`)."""
    low = own_text.casefold().replace("ё", "е")
    out: list[ColoredSpan] = []
    for span, at in zip(spans, span_starts(low, spans), strict=True):
        if at >= 0 and _reported(low, at, at + len(span.text), player):
            out.append(span)
    return out


def _reported(low: str, at: int, end: int, player: Callable[[str], bool] | None = None) -> bool:
    opened = _quote_open(low, at, end)
    if opened is not None:
        lead = _sentence_start(low, opened)
        return any(_said_by_another(w) for w in words_of(low[lead:opened]))
    start = _sentence_start(low, at)
    cuts = [m.end() for m in _REPORT_CLAUSE.finditer(low, start, at)]
    head = cuts[-1] if cuts else start
    tail = _REPORT_CLAUSE.search(low, end)
    before = words_of(low[head:at])
    words = before + words_of(low[end : tail.start() if tail else len(low)])
    if any(_first_person(w) for w in words):
        return False
    said = [i for i, w in enumerate(before) if _said_by_another(w)]
    if said and not _own_slip(before[: said[0]]):
        return True
    if _vote_told_of_another(low, head, (at, end), tail.start() if tail else len(low), player):
        return True
    # «все за <X>», «вы тут за <X> топите», «все зеленят <X>»: the others as the subject of
    # a vote — a lead before him or their own verb («всё же <X>» is no subject)
    return bool(_OTHERS.intersection(before)) and (
        before[-1] in ("за", "против", "на") or any(_their_verb(w) for w in words)
    )


def _own_slip(lead: Sequence[str]) -> bool:
    """«против <Спицы> блин не ту написал <Мохера>»: the verb of writing follows the
    author's interjection of a slip with no subject between — his own excuse, not another's
    words (`parser.votes.slip`)."""
    slips = [i for i, w in enumerate(lead) if slip_word(w)]
    if not slips:
        return False
    between = lead[slips[-1] + 1 :]
    return not any(
        r.pos in ("NOUN", "NPRO") and "nomn" in r.grammemes for w in between for r in parse(w)[:1]
    )


#: the author's own subject: «я вчера голосовал против <X>» tells his own vote
_AUTHOR: Final = frozenset(("я", "мы"))
#: third-person subjects a vote may be told of: «он вчера голосовал против <X>»
_THIRD: Final = frozenset(("он", "она", "они"))


def _vote_told_of_another(
    low: str, head: int, span: tuple[int, int], tail: int, player: Callable[[str], bool] | None
) -> bool:
    """«Молот сегодня против <Иголки> проголосовал», «вчера Y голосовал против <X>»: the
    span's clause [head, tail) tells a vote in the past tense (a vote verb whose likeliest
    reading is past) and has a subject of its own — a third-person pronoun or a player's
    nick in plain words (`player`) — and no «я»/«мы»: another player's vote reported, not
    the author's (P-V.1, G-N.1)."""
    at, end = span
    words = [m.group() for m in _WORD.finditer(low, head, tail) if not at <= m.start() < end]
    if _AUTHOR.intersection(words) or not any(is_cue(w) and _told(w) for w in words):
        return False
    return bool(_THIRD.intersection(words)) or (
        player is not None and any(not is_cue(w) and player(w) for w in words)
    )


def _quote_open(low: str, at: int, end: int) -> int | None:
    """Where the inline quotation the span [at, end) stands in opens — on its line, closed
    after it on the same line — or None."""
    line = low.rfind("\n", 0, at) + 1
    line_end = low.find("\n", end)
    line_end = len(low) if line_end < 0 else line_end
    for first, last in _QUOTES:
        opened = low.rfind(first, line, at)
        if opened < 0:
            continue
        if first == last and low.count(first, line, at) % 2 == 0:
            continue
        if first != last and low.find(last, opened + 1, at) >= 0:
            continue
        if low.find(last, end, line_end) >= 0:
            return opened
    return None


@lru_cache(maxsize=WORDS_KEPT)
def _said_by_another(word: str) -> bool:
    """A verb of saying or proposing (`_SPEECH_LEMMAS`) said of another, not the author."""
    first = parse(word)[:1]
    return (
        bool(first)
        and first[0].lemma in _SPEECH_LEMMAS
        and first[0].pos == "VERB"
        and "1per" not in first[0].grammemes
    )


@lru_cache(maxsize=WORDS_KEPT)
def _their_verb(word: str) -> bool:
    """A finite verb in the plural of the second or third person («топите», «зеленят»)."""
    return any(
        r.pos == "VERB" and "plur" in r.grammemes and {"2per", "3per"} & r.grammemes
        for r in parse(word)[:1]
    )


@lru_cache(maxsize=WORDS_KEPT)
def _first_person(word: str) -> bool:
    """A verb of the author's own: the first person singular («голосую», «поддерживаю»)."""
    return any(r.pos == "VERB" and {"1per", "sing"} <= r.grammemes for r in parse(word)[:1])


#: a later time or no time now, said beside a vote verb that is not cast now
_LATER_ANY: Final = LATER_WORDS | frozenset(("некогда", "todo"))
#: the words `_later` can answer yes at: a word of later, the conjunctions of a clause of
#: time or of an event to come, «после» (a text holding none of them says no time to come)
_LATER_HEADS: Final = _LATER_ANY | frozenset(("как", "когда", "только", "после"))
#: and those `time_adjunct` can answer yes at: its prepositions of time
_LATER_OR_TIME_HEADS: Final = _LATER_HEADS | TIME_PREPS


def put_off(own_text: str, pick: Pick) -> bool:
    """«Чуть позже отдам голос за <Ярину>», «Надо будет вечером проголосовать за <X>»,
    «TODO: проголосовать за <X> вечером, сейчас некогда»: a word of later anywhere in the
    nick's sentence, and the vote said with a verb not of now — a vote verb in the
    infinitive or the future, or a vote noun after such a verb («отдам голос») — the vote is
    put off, not cast. A later word told of the past («вчера вечером») puts nothing off."""
    low, at = _located(own_text, pick)
    if at < 0:
        return False
    start = _sentence_start(low, at)
    close = _SENTENCE_END.search(low, at + len(pick.span.text))
    words = words_of(low[start : close.start() if close else len(low)])
    if _LATER_HEADS.isdisjoint(words) or not any(_later(words, n) for n in range(len(words))):
        return False
    # «Поставлю <X> после рыбалки»: the author's own verb in the future governs the nick
    head = words_of(low[start:at])
    if head and _own_later(head[-1]):
        return True
    if any(_vote_not_now(words, n) for n in range(len(words))):
        return True
    return _now_put_off(low[start : close.start() if close else len(low)])


def put_off_after(own_text: str, pick: Pick) -> bool:
    """P-V.1, G-N.1: the words after the nick put the choice off — «<X> — но это после обеда
    решу», «<X>, хотя завтра скажу точнее», «<X>. Впрочем, окончательное решение я приму ближе
    к вечеру», «Предварительно <X>, вечером подтвержу или поменяю». Read in the clauses that
    refer back to the nick: the rest of its sentence and the sentence after it. One of them
    holds the author's own act to come (`_choice_later`) with a time to come in its sentence,
    no vote verb of now cast the vote before the nick («Голосую против <X>, вечером объясню
    подробнее»), and nothing after the nick says the vote stands now («но голос ставлю
    сейчас», «зелёный уже стоит»). A later act with a complement of its own is about
    something else: «завтра добавлю аргументов», «завтра объясню почему», «вечером отвечу на
    вопросы» leave the vote; so does a negated one («завтра не переголосую»)."""
    low, at = _located(own_text, pick)
    if at < 0:
        return False
    # «Голосую против <X>, вечером объясню подробнее»: a vote verb of now cast the vote
    # before the nick; what comes later is more words about it
    start = _sentence_start(low, at)
    if any((is_cue(w) or green_word(w)) and _own_now(w) for w in words_of(low[start:at])):
        return False
    end = at + len(pick.span.text)
    sentences: list[str] = []
    pos = end
    for m in [*_SENTENCE_END.finditer(low, end), None]:
        stop = m.start() if m else len(low)
        text = low[pos:stop]
        if words_of(text) or not sentences:
            sentences.append(text)
        pos = m.end() if m else len(low)
        if len(sentences) == 2:
            break
    if any(_said_now(words_of(s)) for s in sentences):
        return False
    for sentence in sentences:
        words = words_of(sentence)
        if _LATER_OR_TIME_HEADS.isdisjoint(words) or not any(
            _later(words, n) or time_adjunct(words, n) for n in range(len(words))
        ):
            continue
        if any(_choice_later(words_of(c)) for c in _LATER_CLAUSE.split(sentence)):
            return True
    return False


#: the clauses a sentence after a nick is read in: punctuation, a dash, a contrast
_LATER_CLAUSE: Final = re.compile(r"[,;:()\n—–]|\s-\s|\b(?:но|а|однако|зато|хотя|впрочем)\b")
#: words of now, said of the vote after the nick («голос ставлю сейчас», «уже стоит»)
_NOW_WORDS: Final = frozenset(("сейчас", "уже"))


def _said_now(words: Sequence[str]) -> bool:
    """«сейчас», «уже» not negated and not «сейчас некогда»: the vote stands now."""
    return any(
        w in _NOW_WORDS and (not n or words[n - 1] != "не") and words[n + 1 : n + 2] != ["некогда"]
        for n, w in enumerate(words)
    )


#: nouns the author's later act may take and still be about the vote («голос отдам»,
#: «решение приму»)
_CHOICE_NOUNS: Final = _CHOICE | frozenset(("решение",))


def _choice_later(words: Sequence[str]) -> bool:
    """Whether a clause holds the author's own act to come that is the choice itself: a
    verb in the first person future (or «буду» with an infinitive, or «будет» with a vote
    noun) not negated, which is a verb of voting or deciding, takes a vote noun («голос
    отдам»), stands beside another such act by «или» («подтвержу или поменяю»), or has no
    complement of its own but a word saying how («скажу точнее», «гляну ещё»). A noun, a
    pronoun, a question word or a clause it governs makes it an act about something else."""
    acts = [n for n in range(len(words)) if _act_to_come(words, n)]
    for n in acts:
        if _NEGATIONS.intersection(words[max(0, n - 2) : n]):  # «не скажу», «не буду …»
            continue
        w = words[n]
        if votes_word([w]) or _DECIDE.intersection(lemmas(w)):
            return True
        window = _act_window(words, n)
        if _CHOICE_NOUNS.intersection(window):
            return True
        if any(_complement(v) for v in window):
            continue
        joined = any(m != n and abs(m - n) == 2 and words[min(m, n) + 1] == "или" for m in acts)
        if joined or any(_manner(v) for v in window):
            return True
    return False


#: verbs of making up one's mind
_DECIDE: Final = frozenset(("решить", "определиться", "подумать", "выбрать"))
_NEGATIONS: Final = frozenset(("не", "ни"))


def _act_to_come(words: Sequence[str], n: int) -> bool:
    """The author's own act to come: a finite verb in the first person future, an
    infinitive beside «буду», «будет» with a vote noun in the clause («голос будет позже»)."""
    first = parse(words[n])[:1]
    if not first:
        return False
    grams = first[0].grammemes
    if first[0].pos == "VERB" and {"1per", "futr"} <= grams:
        return words[n] != "буду"
    if first[0].pos == "INFN":
        return "буду" in words[max(0, n - 1) : n + 2]
    return words[n] == "будет" and bool(_CHOICE_NOUNS.intersection(words))


def _act_window(words: Sequence[str], n: int) -> list[str]:
    """The words of the act at words[n]: from the previous act, «и»/«или», to the next one,
    without its time (a word of later, a preposition of time and the nouns it governs)."""
    lo = n
    while lo > 0 and words[lo - 1] not in ("и", "или") and not _act_to_come(words, lo - 1):
        lo -= 1
    hi = n + 1
    while hi < len(words) and words[hi] not in ("и", "или") and not _act_to_come(words, hi):
        hi += 1
    out: list[str] = []
    skip = False
    for k in range(lo, hi):
        if k == n or words[k] in ("буду", "я", "это"):
            continue
        if words[k] in _LATER_ANY or time_adjunct(words, k) or words[k] == "ближе":
            skip = words[k] in TIME_PREPS
            continue
        first = parse(words[k])[:1]
        if skip and first and first[0].pos in ("NOUN", "ADJF"):
            continue  # «после ответа Кузьмича»: the time's own nouns
        skip = False
        out.append(words[k])
    return out


def _complement(word: str) -> bool:
    """A noun, a pronoun, a preposition or a question word: what the act is about."""
    first = parse(word)[:1]
    if not first:
        return False
    return first[0].pos in ("NOUN", "NPRO", "PREP") or bool({"Ques"} & first[0].grammemes)


def _manner(word: str) -> bool:
    """An adverb or comparative saying how the act is done («точно», «ещё», «точнее»)."""
    first = parse(word)[:1]
    return bool(first) and (first[0].pos in ("ADVB", "COMP") or "Prnt" in first[0].grammemes)


#: «сейчас некогда», «не сейчас»: the author says the vote is not cast now
_NOT_NOW: Final = re.compile(r"\bнекогда\b|\bне\s+сейчас\b")


def _now_put_off(sentence: str) -> bool:
    """«голосую против <X> после сдачи объекта, сейчас некогда»: a vote verb of now in
    the first person with a time to come in its own clause (`_later`: a word of later,
    «после» an event, a clause of time in the future), and the sentence saying the vote is
    not cast now — Russian puts a planned act in the present tense, so the time and the
    «not now» together put the vote off. A time alone beside a present vote verb
    («голосую против <X> после проверки») may be the vote's ground and leaves it."""
    if not _NOT_NOW.search(sentence):
        return False
    for clause in _CLAUSE_STOP.split(sentence):
        words = words_of(clause)
        if any(is_cue(w) and _own_now(w) for w in words) and any(
            _later(words, n) for n in range(len(words)) if words[n] != "некогда"
        ):
            return True
    return False


@lru_cache(maxsize=WORDS_KEPT)
def _own_now(word: str) -> bool:
    """A verb in the first person singular present («голосую»)."""
    first = parse(word)[:1]
    return bool(first) and {"pres", "1per", "sing"} <= first[0].grammemes


def _later(words: Sequence[str], n: int) -> bool:
    """Whether words[n] says a time to come: a word of later not told of the past («вчера
    вечером»), «после» and an event noun in the genitive («после матча», «после
    работы») — not «после вчерашнего» —, or a subordinate clause of time whose verb is in
    the future («когда дочитаю», «как только вернусь», «после того как он ответит»; not
    «когда его спросили», a clause told of the past)."""
    w = words[n]
    if w in _LATER_ANY:
        return not n or words[n - 1] != "вчера"
    if event_to_come(words, n):
        return True
    if _time_clause(words, n):
        return _first_verb_future(words[n + 1 : n + 7])
    if w != "после" or n + 1 >= len(words):
        return False
    # a noun «после» governs is a genitive, whichever reading the dictionary puts first
    # («после раид», an English event typed as it sounds, has no case of its own to show)
    return any(r.pos == "NOUN" and "gent" in r.grammemes for r in parse(words[n + 1]))


#: «так же, как …», «как и вчера», «как ни крути», «как только», «кто как проголосует» (an
#: indirect question: how, not when): no «как» of an event
_NOT_EVENT_BEFORE: Final = frozenset(
    ("так", "же", "также", "точно", "того", "кто", "что", "где", "куда", "кого", "кому")
)
_NOT_EVENT_AFTER: Final = frozenset(("и", "ни", "только"))
_EVENT: Final = frozenset({"3per", "futr", "perf", "indc"})


def event_to_come(words: Sequence[str], n: int) -> bool:
    """Whether words[n] is a «как» opening a clause of an event to come: the perfective
    future of the third person right after it («как закроется свеча», «как откроется
    биржа») — when the vote is to be cast is that event's, not now; not a comparison («как
    и вчера», «так же, как»)."""
    if words[n] != "как" or n + 1 >= len(words) or words[n + 1] in _NOT_EVENT_AFTER:
        return False
    if n and words[n - 1] in _NOT_EVENT_BEFORE:
        return False
    first = parse(words[n + 1])[:1]
    return bool(first) and first[0].pos == "VERB" and first[0].grammemes >= _EVENT


def _time_clause(words: Sequence[str], n: int) -> bool:
    """Whether words[n] closes a conjunction opening a clause of time: «когда», «как
    только», «после того как» (the last word of each)."""
    w = words[n]
    if w == "когда":
        return True
    if w == "только":
        return n > 0 and words[n - 1] == "как"
    return w == "как" and tuple(words[max(0, n - 2) : n]) == ("после", "того")


def _first_verb_future(words: Sequence[str]) -> bool:
    """Whether the first finite verb among `words` is in the future tense."""
    for word in words:
        first = parse(word)[:1]
        if first and first[0].pos == "VERB":
            return "futr" in first[0].grammemes
    return False


def _vote_not_now(words: Sequence[str], n: int) -> bool:
    """Whether words[n] is a vote verb not of now, or a vote noun after one."""
    w = words[n]
    if not (is_cue(w) or green_word(w) or w in _CHOICE):
        return False
    # «некогда» is no time to come but no time now: «<себя> выдвигаю, некогда мне» is cast
    later = n + 1 < len(words) and words[n + 1] != "некогда" and _later(words, n + 1)
    if (n and words[n - 1] == "буду") or later:
        # «буду голосую» (an English «will vote» read word for word), «голосую завтра»,
        # «голосую после работы»: the present said of a time to come
        return True
    first = parse(w)[:1]
    if first and first[0].pos in ("NOUN", "ADJF"):
        # «отдам голос за <X>», «Зелёный <X> дам попозже»: the verb before or after it;
        # «Голос против <X> после матча дам»: the author's own verb further on
        # («…, что он ответит, но зелёный уже стоит»: not a verb across a contrast)
        lead = words[max(0, n - 2) : n]
        cut = max((k + 1 for k, v in enumerate(lead) if v in _CONTRASTS), default=0)
        near = (*lead[cut:], *words[n + 1 : n + 3])
        return any(_not_now(v) for v in near) or any(_own_later(v) for v in words[n + 1 :])
    return _not_now(w)


def _own_later(word: str) -> bool:
    """A verb the author says of himself, not of now: the first person future («дам»)."""
    first = parse(word)[:1]
    return bool(first) and {"futr", "1per"} <= first[0].grammemes


def put_off_clause(words: Sequence[str], votes: Callable[[str], bool]) -> bool:
    """A clause (lower-case words) that says a vote for later: a word of later (not «вчера
    вечером») and a vote word (`votes`) in the infinitive or the future — «завтра посажу
    <X>», «вечером проголосую»."""
    later = any(w in _LATER_ANY and (not n or words[n - 1] != "вчера") for n, w in enumerate(words))
    return later and any(votes(w) and _not_now(w) for w in words)


def _not_now(word: str) -> bool:
    first = parse(word)[:1]
    return bool(first) and (first[0].pos == "INFN" or "futr" in first[0].grammemes)


def unaccounted(
    own_text: str, pick: Pick, unread: Sequence[ColoredSpan], others: Sequence[ColoredSpan]
) -> list[ColoredSpan]:
    """The coloured spans no player was read from that the words do not account for beside
    the vote (`pick`): `unread` may be names (`nick_like`), and of `others` those typed with
    a capital and joined to a span read as a player by «и», «или», a comma or a slash alone
    stand where a name stands («<Лотоса> или <Шмеля>»). One before the vote with a
    correction between them («<Тёму>… ой, <Ульяну>») is taken back; any other leaves the
    vote unproven — two coloured names with no choice in words («<Ульяну> и <Тёму>, не могу
    выбрать»)."""
    low = own_text.casefold()
    at = low.find(pick.span.text.casefold())
    if at < 0:
        return []
    joined = [s for s in others if _name_shaped(s.text) and _joined(low, s, pick.span)]
    # a nick-like text counts against the vote only where a vote stands: joined to it, or
    # with a vote's grammar of its own («<Ульяну>. <Тёму>.»); «<Брика> … <GG>, день
    # проигран», a trailing «<ИМХО>» are remarks
    placed = [s for s in unread if _joined(low, s, pick.span) or _own_grammar(own_text, s)]
    out: list[ColoredSpan] = []
    for span in [*placed, *joined]:
        where = low.find(span.text.casefold())
        if where < 0 or span in out:
            continue
        if where < at:
            between = low[where + len(span.text) : at]
            if corrects_in(between) or "то есть" in between or unmeant(between, between=True):
                continue
        elif _joked_after(low, where + len(span.text)):
            continue  # «А <Моти> — шучу, Моти не трогаем»: taken back in its own sentence
        elif _settled_after(low, where + len(span.text), pick.span.text.casefold()):
            continue  # «<Машуни> или <Машинки>… ой, … Против <Машуни>»: settled on the vote
        out.append(span)
    return out


def _settled_after(low: str, end: int, vote: str) -> bool:
    """Whether, after a name weighed against the vote's (ending at `end`), a correction
    («ой», «нет», …) is followed by the vote's own text again: the sender settled the
    choice on the vote (P-V.1, G-N.1), the other name set aside."""
    again = low.find(vote, end)
    if again < 0:
        return False
    between = low[end:again]
    return corrects_in(between) or unmeant(between, between=True)


def _joked_after(low: str, end: int) -> bool:
    """Whether the sentence after a span at `end` says it was a joke or not meant."""
    close = _SENTENCE_END.search(low, end)
    after = low[end : close.start() if close else len(low)]
    return joked(_LETTERS.findall(after.replace("ё", "е"))) or unmeant(after)


def _name_shaped(text: str) -> bool:
    """A coloured text typed as a name is: one word with a capital, no label's colon or
    sentence's end after it, no vote word or verb («Голосую», «Номинация:» are the vote's
    own words, «Внимание всем!» a phrase)."""
    words = words_of(text.casefold().replace("ё", "е"))
    if not text.strip()[:1].isupper() or len(words) != 1 or text.rstrip()[-1:] in (":!?."):
        return False
    return not any(is_cue(w) or green_word(w) or _verb(w) for w in words)


def _verb(word: str) -> bool:
    first = parse(word)[:1]
    return bool(first) and first[0].pos in ("VERB", "INFN")


_JOINER: Final = re.compile(r"\s*(?:[,/]|\b(?:и|или|либо)\b)[\s,/]*(?:\b(?:и|или|либо)\b)?\s*")


def _own_grammar(own_text: str, span: ColoredSpan) -> bool:
    """Whether an unread coloured text stands where a vote's nick stands: right after a vote
    word or «за»/«против»/«на», before a dash, or alone in its sentence («<Ульяну>. <Тёму>.»)
    — not a remark closing a sentence that voted before it («… голосую за <Брика>. <GG>»)."""
    low = own_text.casefold().replace("ё", "е")
    text = span.text.casefold().replace("ё", "е")
    at = low.find(text)
    if at < 0:
        return False
    start = _sentence_start(low, at)
    before = words_of(low[start:at])[-1:]
    lead = before[-1] if before else ""
    if lead in ("за", "против", "на") or (lead and (is_cue(lead) or green_word(lead))):
        return True
    end = at + len(text)
    if _DASH_AFTER.match(low, end):
        return True
    close = _SENTENCE_END.search(low, end)
    return not before and not words_of(low[end : close.start() if close else None])


def _joined(low: str, span: ColoredSpan, read: ColoredSpan) -> bool:
    """Whether `span` and `read` stand side by side with only «и», «или», «либо», a comma or
    a slash between them."""
    a, b = low.find(span.text.casefold()), low.find(read.text.casefold())
    if a < 0 or b < 0:
        return False
    first = span if a < b else read
    start = min(a, b) + len(first.text)
    end = max(a, b)
    return start <= end and _JOINER.fullmatch(low[start:end]) is not None


# -- a choice settled in plain words ----------------------------------------------------------

#: words between a vote word and the nick it names («голос за Лену», «голосую против Maxim»,
#: «мой выбор — Лена»)
_SETTLE_LEAD: Final = frozenset(("за", "против", "на", "все-таки", "всё-таки", "таки", "же"))
_MAX_NICK_WORDS: Final = 3


def settled_in_words(
    own_text: str, picks: Sequence[Pick], resolve: Callable[[str], str | None]
) -> Pick | None:
    """«<Лену>. Или <Леру>? Не знаю, обе мутные, но голос за Лену», «<Max> или <Maxim> —
    кто-то из них мафия. Голосую за Maxim» (P-V.1, G-N.1): several players weighed in the
    vote's colour, then the choice said after the last of them in plain words — a vote word
    («голос», «голосую», «выставляю», «выбор» …), «за»/«против», and a word that names exactly
    one of the coloured players (`resolve`: a player as written or in a case form, no guess).
    That player's coloured pick is the vote when nothing after contradicts it: no second
    choice in words naming another, no question or doubt after the name, no «не» before the
    vote word. None otherwise (the post stays with the host)."""
    low = own_text.casefold().replace("ё", "е")
    starts = span_starts(low, [p.span for p in picks])
    if any(e < 0 for e in starts):
        return None
    last_end = max(e + len(p.span.text) for e, p in zip(starts, picks, strict=True))
    tail = low[last_end:]
    words = list(_WORD.finditer(tail))
    weighed = {p.match.nick for p in picks}
    chosen: list[tuple[str, int]] = []
    for n, m in enumerate(words):
        w = m.group()
        if not (is_cue(w) or w in _CHOICE):
            continue
        if n and words[n - 1].group() == "не":
            return None  # «не голосую за Лену»: refused in words, nothing settled
        k = n + 1
        while k < len(words) and words[k].group() in _SETTLE_LEAD:
            k += 1
        named = None
        for size in range(_MAX_NICK_WORDS, 0, -1):
            if k + size > len(words):
                continue
            text = tail[words[k].start() : words[k + size - 1].end()]
            named = resolve(text)
            if named is not None:
                chosen.append((named, words[k + size - 1].end()))
                break
    if not chosen or len({nick for nick, _e in chosen}) != 1:
        return None
    nick, end = chosen[-1]
    if nick not in weighed:
        return None
    after = tail[end:]
    sentence = _SENTENCE_END.search(after)
    if (sentence is not None and sentence.group() == "?") or in_doubt(after) or unmeant(after):
        return None
    # «Голосую за Лену. Хотя нет, за Леру», «…, шучу»: a correction or another player after
    later = words_of(after)
    if corrects_in(after) or any(w == "хотя" or resolve(w) not in (None, nick) for w in later):
        return None
    return next(p for p in reversed(picks) if p.match.nick == nick)


# -- a vote refused in a later clause -----------------------------------------------------------


_WILL_LEMMAS: Final = frozenset(("быть", "стать"))


def refused_after(own_text: str, pick: Pick, names_other: Callable[[str], bool]) -> bool:
    """«… <Пашка> на тренировке врал тренеру. Но голосовать против ребёнка не буду.»: a
    clause after the nick's own clause in which the author refuses to vote — a live «не»
    before his own verb (the first person: «не буду», «не стану», «не проголосую») with a
    word of voting in the clause — and that names no other player (`names_other`) takes
    the post's only candidate back: no vote proven (P-V.1, G-N.1). So does the green
    itself refused in a post that casts no vote elsewhere: «<R1> молодец, но зелёный пока
    не ставлю», «зелёный ему не дам» — the green noun the object of the author's own verb
    of giving, negated (G-N.1: the colour nominates only where the words let it)."""
    low, at = _located(own_text, pick)
    if at < 0:
        return False
    rest = _CLAUSE.split(low[at + len(pick.span.text) :])[1:]
    for clause in rest:
        words = words_of(clause)
        if _NEGATIONS.isdisjoint(words):
            continue  # no «не»/«ни» in it: no live negation to refuse the vote with
        green = any(green_word(w) and _green_noun(w) for w in words)
        if not (votes_word(words) or green) or any(names_other(w) for w in words):
            continue
        for n in live_negations(words):
            verb = parse(words[n + 1])[:1] if n + 1 < len(words) else []
            if not verb or verb[0].pos != "VERB" or "1per" not in verb[0].grammemes:
                continue
            # the vote verb itself negated, or «буду»/«стану» before it («не отзываю»
            # negates a retraction: the vote stands; so does «не переголосую», a vote
            # again refused: the one cast holds)
            again = verb[0].lemma.startswith("пере")
            if verb[0].lemma in _WILL_LEMMAS or (votes_word(words[n + 1 : n + 2]) and not again):
                return True
            if green and verb[0].lemma in _GIVE_LEMMAS and not _live_vote_word(low):
                return True
    return False


#: verbs a green is given with: «ставлю зелёный», «дам зелёный», «отдаю зелёный»
_GIVE_LEMMAS: Final = frozenset(
    ("ставить", "поставить", "давать", "дать", "отдавать", "отдать", "кидать", "кинуть")
)


def _green_noun(word: str) -> bool:
    """«зелёный», «зелёного», «зелень»: the green as a thing given (a noun, or the adjective
    standing for one), not the verb «зеленю»."""
    return any(r.pos in ("NOUN", "ADJF") for r in parse(word)[:1])


def _live_vote_word(low: str) -> bool:
    """A vote verb or noun of the author's own anywhere in the post with no live «не» in
    the two words before it in its clause («выдвигаю», not «пока не выдвигаю»; in «не
    согласен, выдвигаю» the «не» is another clause's)."""
    for clause in _CLAUSE.split(low):
        words = words_of(clause)
        if any(
            is_cue(w) and not live_negations(words[max(0, n - 2) : n]) for n, w in enumerate(words)
        ):
            return True
    return False


# -- a vote word that is not the author's own vote ---------------------------------------------

#: the vote verbs among the vote words (`CUE_LEMMAS`): their form tells whose vote it is
_VOTE_VERBS: Final = frozenset(
    ("голосовать", "проголосовать", "выставлять", "выставить", "номинировать", "выдвигать",
     "выдвинуть")
)  # fmt: skip


def _sentences(low: str) -> list[tuple[int, int, bool]]:
    """(start, end, a question) of each sentence of the text."""
    out: list[tuple[int, int, bool]] = []
    start = 0
    for m in _SENTENCE_END.finditer(low):
        out.append((start, m.end(), m.group() == "?"))
        start = m.end()
    if low[start:].strip():
        out.append((start, len(low), False))
    return out


def _vote_verbs(words: Sequence[str]) -> list[tuple[int, Reading]]:
    """The places and first readings of the vote verbs among `words`."""
    found = []
    for n, w in enumerate(words):
        r = parse(w)[:1]
        if r and r[0].lemma in _VOTE_VERBS and r[0].pos in ("VERB", "INFN"):
            found.append((n, r[0]))
    return found


#: words that may stand between a modal word and its infinitive: «пора уже всем голосовать»
_BETWEEN_MODAL: Final = frozenset(("бы", "ли", "уже", "же", "всем", "нам", "вам", "всё", "все"))


def _governed_infinitive(words: Sequence[str], n: int) -> bool:
    """The vote verb at `n` is an infinitive governed by a predicative («пора», «надо»,
    «нельзя») or by an impersonal verb of the third person («стоит», «следует»): the words
    say what is due, nobody's vote — or by an imperative, asked of another («не забудь
    проголосовать»). «Нельзя не номинировать <X>» (a double negation), «Есть выдвинуть»,
    «Прошу голосовать» (the author's own verb) are the author's vote."""
    if n == 0 or words[n - 1] in ("не", "ни"):
        return False
    k = n - 1
    while k > 0 and words[k] in _BETWEEN_MODAL:
        k -= 1
    readings = parse(words[k])
    if any(p.pos == "PRED" for p in readings):
        return True  # «пора» is a noun first, a predicative too
    r = readings[:1]
    if r and r[0].pos == "VERB" and "impr" in r[0].grammemes:
        # «<X>, не забудь проголосовать»: asked of the one spoken to — his vote to come, not
        # the author's («давай голосовать» is the author's own, with the others)
        return r[0].lemma not in ("давать", "дать")
    return bool(
        r
        and r[0].pos == "VERB"
        and "sing" in r[0].grammemes
        and ({"Impe", "Impx", "3per"} & r[0].grammemes)
        and r[0].lemma not in ("быть", "есть")
    )


def _own_vote_in(words: Sequence[str]) -> bool:
    """A sentence's own vote: a vote verb of the first person not negated («голосую»,
    «выставляю»), or the vote noun («мой голос», «Голос против <X>»)."""
    for n, w in enumerate(words):
        r = parse(w)[:1]
        if not r or (n and words[n - 1] in ("не", "ни")):
            continue
        if r[0].lemma in _VOTE_VERBS and r[0].pos == "VERB" and "1per" in r[0].grammemes:
            return True
        if r[0].lemma == "голос" and r[0].pos == "NOUN":
            return True
    return False


def vote_word_not_own(own_text: str, pick: Pick) -> bool:
    """«<X> всех запутал, пора голосовать», «Надо бы голосовать против <X>», «<X> мафия?
    Стоит ли за неё голосовать?»: the vote verb in the nick's sentence (or the sentence right
    after it) is no vote of the author's — an infinitive governed by a predicative or an
    impersonal verb («пора», «надо», «нельзя», «стоит»: what is due, nobody's vote yet), or
    a vote verb not of the first person in a question —
    and no sentence of the post that is no question holds his own vote (a first-person vote
    verb not negated, or the vote noun). The red is shown to the host, not counted (P-V.1,
    issue 17 item 2)."""
    low = own_text.casefold().replace("ё", "е")
    text = pick.span.text.casefold().replace("ё", "е")
    at = low.find(text)
    if at < 0:
        return False
    sentences = _sentences(low)
    if any(not q and _own_vote_in(words_of(low[a:b])) for a, b, q in sentences):
        return False
    here = next((n for n, (a, b, _q) in enumerate(sentences) if a <= at < b), None)
    if here is None:
        return False
    for a, b, question in sentences[here : here + 2]:
        words = words_of(low[a:b])
        verbs = _vote_verbs(words)
        if question and any("1per" not in r.grammemes for _n, r in verbs):
            return True
        if any(r.pos == "INFN" and _governed_infinitive(words, n) for n, r in verbs):
            return True
    return False
