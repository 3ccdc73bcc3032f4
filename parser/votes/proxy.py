"""A vote cast for another player (P-V.1, G-N.1, C-5): «Петя просил передать: голос за <X>».

A seat votes through its own account (C-6's replacement ruling names the only other account
that may speak for it). So a post whose words say its vote is someone else's — asked to be
passed on, «голос жены», «это от Пети», another's private message told — is never counted
for that absent player, and never taken as the author's own vote either: the reader shows it
to the host (``proxied``). Where the same post also holds a vote that is clearly the
author's («мой голос и голос жены за <X>», «а я голосую против <Y>»), that one is read as
usual and the other is still shown. A court post (G-N.4) is one vote or none: `passed_on`.

How the words are read, sentence by sentence (a sentence ends at «.», «!», «?», «…» or a
line break):

* **a proxy cue** — a verb of asking not said by the author himself, with the vote to pass
  on after it (просить, попросить, велеть, поручить in any form but the first person:
  «просил передать», «попросила проголосовать»; «по просьбе …»); «передаёт», «передала»
  beside the noun «голос»; «голос» followed by a person in the
  genitive («голос жены», «голос Пети»); «от имени …»; «это от …» / «голос от …» naming a
  person; another's private message told («… пишет мне в личку», «Петя написал в ЛС»);
* **the author's own mark** — «мой голос», «мой выбор», «от себя», «от меня», or «я» with a
  vote word in the first person («а я голосую против …»).

«голос жены», «голос Пети» speak of the vote in their own sentence only; a vote passed on
(«просил передать», «это от …», «по просьбе …», a private message told) speaks of the whole
post. A coloured span those words reach stands for the author only in a sentence with his
own mark; the others are the other player's. A sentence with both («мой голос и голос
жены за <X>») is a vote of the author's that also carries another's: counted, and shown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from parser.morph import WORDS_KEPT, lemmas, parse
from parser.records import ColoredSpan
from parser.votes.records import WORD_RE, words_of

__all__ = ["Proxy", "passed_on", "proxy_of"]

#: a verb of asking or passing a vote on, said of another (not in the first person)
_ASK_LEMMAS: Final = frozenset(("просить", "попросить", "велеть", "поручить"))
_HAND_LEMMAS: Final = frozenset(("передавать", "передать"))
#: a verb telling what another wrote or said
_TELL_LEMMAS: Final = frozenset(("писать", "написать", "сказать", "говорить", "черкнуть"))
_PRIVATE: Final = re.compile(r"\b(?:в|из|во)\s+(?:личк\w*|личн\w*|лс|пм|pm|приват\w*|директ\w*)")
_OWN: Final = re.compile(r"\bмо[йяеё]\s+(?:голос\w*|выбор\w*)\b|\bот\s+(?:себя|меня)\b")
_OWN_VOTE_WORD: Final = frozenset(
    ("голосую", "проголосую", "выставляю", "зеленю", "вешаю", "против", "выдвигаю")
)
_VOICE: Final = frozenset(("голос", "голоса"))
_SENTENCE: Final = re.compile(r"[^.!?…\n]+[.!?…\n]*")
_SELF: Final = frozenset(("меня", "себя", "нас", "всех", "души", "сердца"))


@dataclass(frozen=True, slots=True)
class Proxy:
    """The post's coloured spans split by whose vote they are: `own` (the author's, read as
    usual), `shown` (another's, shown to the host as ``proxied``; a span of a sentence that
    holds both is in both)."""

    own: list[ColoredSpan]
    shown: list[ColoredSpan]


def proxy_of(own_text: str, spans: Sequence[ColoredSpan]) -> Proxy | None:
    """How the post's words share its coloured spans between the author and another player,
    or None when they say nothing of another's vote (the usual case: every span the
    author's)."""
    low = own_text.casefold().replace("ё", "е")
    sentences = [(m.start(), m.end(), m.group()) for m in _SENTENCE.finditer(low)]
    # a coloured word after «голос» is the vote's own nick («голос <Кота>»), not its owner
    coloured = frozenset(w for span in spans for w in _words(span.text.casefold()))
    cued = [_cue(text, coloured) for _s, _e, text in sentences]
    forwarded = _forwarded(low)
    if not any(cued) and not forwarded:
        return None
    # a sentence that only names another's vote («голос жены») speaks of its own spans; one
    # that tells a vote passed on («Петя просил передать.», «Это от Пети.») of the post's
    far = any(c == _FAR for c in cued)
    marked = [_own_mark(text) for _s, _e, text in sentences]
    own: list[ColoredSpan] = []
    shown: list[ColoredSpan] = []
    at = 0
    for span in spans:
        key = span.text.casefold().replace("ё", "е")
        found = low.find(key, at)
        if found < 0:
            found = low.find(key)
        at = found + len(key) if found >= 0 else at
        n = next((i for i, (s, e, _t) in enumerate(sentences) if s <= found < e), -1)
        if n >= 0 and marked[n]:
            own.append(span)
            if cued[n]:
                shown.append(span)
        elif far or (n >= 0 and cued[n]) or any(s <= found < e for s, e in forwarded):
            shown.append(span)
        else:
            own.append(span)
    if not shown:
        return None
    return Proxy(own, shown)


def passed_on(own_text: str) -> bool:
    """Whether a court post's words give its vote as another player's and none as the
    author's own («Петя просил передать: сажаю Рому»; G-N.4 reads the post's words, not its
    colours, so the post is one vote or none)."""
    low = own_text.casefold().replace("ё", "е")
    sentences = [m.group() for m in _SENTENCE.finditer(low)]
    return any(_cue(t) for t in sentences) and not any(_own_mark(t) for t in sentences)


def _words(text: str) -> list[str]:
    return words_of(text)


_NEAR: Final = "near"  # the sentence's own vote is another's («голос жены за <X>»)
_FAR: Final = "far"  # a vote passed on is told («Петя просил передать»): the post's votes


def _cue(sentence: str, coloured: frozenset[str] = frozenset()) -> str:
    """Whether the sentence says a vote in it (`_NEAR`), or told beside it (`_FAR`), is
    another player's; "" when it does not."""
    words = _words(sentence)
    voice = any(w in _VOICE for w in words)
    for n, w in enumerate(words):
        prev = words[n - 1] if n else ""
        nxt = words[n + 1] if n + 1 < len(words) else ""
        if w in _VOICE and nxt not in coloured and _person_genitive(nxt):
            return _NEAR
        if w == "имени" and prev == "от":
            return _FAR
        if w == "от" and prev in ("это", "голос") and nxt not in coloured and _person_genitive(nxt):
            return _FAR
        if w == "просьбе" and prev == "по":
            return _FAR
        if prev == "я":
            continue
        # «Петя просил передать», «жена попросила проголосовать» (not «просит не вешать»)
        if _said_by_another(w, _ASK_LEMMAS) and any(_passing(x) for x in words[n + 1 : n + 3]):
            return _FAR
        # «Петя передаёт свой голос», «передала: голос за …»
        if voice and _said_by_another(w, _HAND_LEMMAS):
            return _FAR
    if _PRIVATE.search(sentence) and "я" not in words:
        told = [w for w in words if _said_by_another(w, _TELL_LEMMAS | _ASK_LEMMAS)]
        # «пишет мне в личку», «Петя написал мне в ЛС»: a past form needs the «мне» that
        # says the author was written to (alone, «написал в личку» is his own doing)
        return _FAR if any("3per" in _grams(w) or "мне" in words for w in told) else ""
    return ""


#: verbs of forwarding a message: what follows them is another's words, whoever forwards
_FORWARD_LEMMAS: Final = frozenset(("переслать", "пересылать"))
_FORWARD_WORDS: Final = frozenset(("форвард", "пересылка"))
#: what opens the forwarded words: a colon or a quotation mark
_OPENS_QUOTE: Final = re.compile(r"[:«\"“„]")


def _forwarded(low: str) -> list[tuple[int, int]]:
    """Where the post holds a forwarded message (start, end in `low`): «Пересылаю голос
    Кречета: «Против <X>, …»», «Переслано от Пети: …» — the words in quotation
    marks after a verb of forwarding (in any person: the author forwarding is no more the
    voter), or after its colon up to the end of the line, are another's (C-2: a seat speaks
    through its own account). «Пересылаю свой голос» forwards the author's own."""
    out: list[tuple[int, int]] = []
    for m in WORD_RE.finditer(low):
        if not _forwarding(m.group()):
            continue
        rest = low[m.end() :]
        if re.match(r"\s+(?:свой|свое|мой)\b", rest):
            continue
        line_end = low.find("\n", m.end())
        line_end = len(low) if line_end < 0 else line_end
        opening = _OPENS_QUOTE.search(low, m.end(), line_end)
        if opening is None:
            continue
        if opening.group() == ":":
            after = _OPENS_QUOTE.search(low, opening.end(), line_end)
            if after is None or low[opening.end() : after.start()].strip():
                out.append((opening.end(), line_end))
                continue
            opening = after
        close = low.find(_CLOSES.get(opening.group(), opening.group()), opening.end())
        out.append((opening.end(), len(low) if close < 0 else close))
    return out


@lru_cache(maxsize=WORDS_KEPT)
def _forwarding(word: str) -> bool:
    """A word of forwarding a message («пересылаю», «переслано», «форвард»)."""
    return word in _FORWARD_WORDS or bool(_FORWARD_LEMMAS.intersection(lemmas(word)))


_CLOSES: Final = {"«": "»", "“": "”", "„": "“"}


#: infinitives a request to pass a vote on carries («просил передать», «просит проголосовать»)
_PASS_LEMMAS: Final = frozenset(
    (
        "передать",
        "переслать",
        "проголосовать",
        "отдать",
        "засчитать",
        "учесть",
        "выставить",
        "повесить",
    )
)


def _passing(word: str) -> bool:
    return len(word) >= 5 and any(r.pos == "INFN" and r.lemma in _PASS_LEMMAS for r in parse(word))


@lru_cache(maxsize=WORDS_KEPT)
def _grams(word: str) -> frozenset[str]:
    readings = parse(word)
    return readings[0].grammemes if readings else frozenset()


@lru_cache(maxsize=WORDS_KEPT)
def _said_by_another(word: str, wanted: frozenset[str]) -> bool:
    """A finite form of one of `wanted` that is not the first person («просил», «просит»,
    «передаёт»; not «прошу», «передаю», nor the infinitive «передать»)."""
    if len(word) < 4 or not wanted.intersection(lemmas(word)):
        return False
    return any(
        r.lemma in wanted
        and r.pos == "VERB"
        and not r.grammemes & {"1per", "impr"}
        and r.grammemes & {"past", "3per"}
        for r in parse(word)
    )


@lru_cache(maxsize=WORDS_KEPT)
def _person_genitive(word: str) -> bool:
    """A person in the genitive: an animate noun or a name («жены», «Пети», «мужа»), not
    the author himself or a figure of speech («голос разума», «от души»)."""
    if len(word) < 3 or word in _SELF:
        return False
    return any(
        r.pos == "NOUN" and "gent" in r.grammemes and r.grammemes & {"anim", "Name", "Surn"}
        for r in parse(word)
    )


def _own_mark(sentence: str) -> bool:
    """Whether the sentence marks a vote as the author's own («мой голос», «от себя», «а я
    голосую против …»)."""
    if _OWN.search(sentence):
        return True
    words = _words(sentence)
    return any(
        w == "я" and any(v in _OWN_VOTE_WORD for v in words[n + 1 : n + 4])
        for n, w in enumerate(words)
    )
