"""Votes from topic posts: Gambler greens (G-N.1, G-N.2), court votes (G-N.4), PEFL red votes
(P-V.1–P-V.3). Pure functions over `Post` records; no HTML, no I/O, no clock.

`extract_votes(posts, ruleset=…, players=…)` reads a day's posts in board order and returns a
`VoteResult`: the counted votes (one per voter), the rejections to report, the tally and, for
every post looked at, a `PostReading` saying what was made of it.

How a post is read
------------------
1. Posts outside the window (``after_post_id``/``before_post_id``, ``since``/``until``,
   all exclusive of the ends) and posts by ``ignore_authors`` (the host) are skipped. The
   author is matched to a player by board user id where the page and ``player_ids`` both
   give one, else by `parser.identity.nick_key`: a look-alike account is an outsider.
2. Candidate spans: the post's coloured spans outside quotes (the parser already dropped
   quotes and signatures) whose colour matches the rule set's colour spec and that are not
   struck through (``<s>``/``<del>``). Colour specs: ``"any"``, ``"family:green"``,
   ``"family:red"`` (hue families of `parser.colors`), or any spelling of one colour
   (``"green"``, ``"#008000"``, ``"rgb(0,128,0)"``). Defaults: Gambler
   ``family:green`` + the usual spellings (G-N.1's configurable list), PEFL ``family:red``.
3. Each candidate is resolved to a living player (`parser.nicks`, C-3) by the ``vote_nicks``
   reading (C-3 ruling): ``as_moves`` (default) is the move reader's ladder — case forms
   («Рому», «Егора», «Костю»), one word of a multi-word nick, transliteration, typos — and
   ``exact`` only folds case, look-alikes and surrounding punctuation. Under ``as_moves`` a
   coloured phrase that names exactly one player is a vote for him («Голосую за Рому»,
   «Мой голос — Жанна»; see `_phrase_nick`). A span that does not resolve is not a vote;
   it is reported only when it looks like a nick (a single word that could be a name, or
   text close to a player's nick) and the post holds no resolvable span at all: red
   «Внимание всем!», a red «очень» or the host's green «Ник» in the rules post are text,
   not votes.
4. Within a post and across posts the policy picks the vote: ``last`` (Gambler G-N.1, a
   player may re-green) or ``first`` (PEFL P-V.3, a vote cannot be changed).
5. PEFL (setting ``require_reason``): the vote needs a reason (P-V.1), at least
   ``min_reason_words`` (default 3) words of the voter's own text outside quotes besides
   the nick — no copy or declined form of the voted nick counts, nor the other
   vote-coloured nicks of the post (see `reason_words` for the ruling). Without one it
   still counts as an agreement (P-V.2) when the post quotes an accepted vote (by board
   post id) for the same target, or links to one (``Post.linked_posts``, read by the board
   parsers outside quotes and signatures); a quote is looked at before a link.
6. A vote read from a post edited at or after ``until`` still counts (the board keeps no
   older text) but its `PostReading.note` says ``edited_after_deadline`` for the host.

Rejection reasons (``InputRejected.reason``)
--------------------------------------------
``not_a_player``  the author is not in the game (outsiders' nick-coloured posts)
``dead``          the author is in the game but dead (C-5)
``beaten``        the author was beaten last night and may not vote this turn (P-A.3)
``unknown_nick``  a nick-like coloured text names no living player
``ambiguous_nick`` a coloured text could mean several players
``dead_target``   the coloured nick is a dead player's
``self_vote``     a vote for oneself while the ``allow_self_vote`` setting is off
``no_reason``     PEFL: a red nick without a reason and not an agreement (P-V.1, P-V.2)
``changed_vote``  PEFL: a later vote for another target after an accepted one (P-V.3)
``not_a_nominee`` court: a vote for a player who is not on trial (G-N.4)

Ruling (RULES.md is silent on self-votes): ``allow_self_vote`` defaults to True for both rule
sets — Gambler counts silence as a self-green (G-N.2), so an explicit one is no worse, and
PEFL does not forbid it (P-M.15 is about night moves).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import Final, Literal

from engine.actions import InputRejected, Vote
from engine.kinds import RulesetName
from engine.rules import ruleset_class
from parser.colors import matches_colors
from parser.identity import Cast, nick_key
from parser.morph import common_word, lemmas
from parser.nicks import (
    AMBIGUOUS_NICK,
    STRICT_TIERS,
    UNKNOWN_NICK,
    NickMatch,
    NickResolver,
    cached_resolver,
    fold_text,
    lookalike_key,
    trimmed_key,
    word_inflects,
)
from parser.records import ColoredSpan, Post
from parser.struck import without_struck

Ruleset = RulesetName
Policy = Literal["first", "last"]
VoteNicks = Literal["as_moves", "exact"]
#: C-3 ruling, setting `vote_nicks`: the readings a host may choose for nicks in votes.
VOTE_NICKS: Final = ("as_moves", "exact")

NOT_A_PLAYER: Final = "not_a_player"
DEAD: Final = "dead"
BEATEN: Final = "beaten"
DEAD_TARGET: Final = "dead_target"
SELF_VOTE: Final = "self_vote"
NO_REASON: Final = "no_reason"
CHANGED_VOTE: Final = "changed_vote"
NOT_A_NOMINEE: Final = "not_a_nominee"


_WORD_RE: Final = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")


@dataclass(frozen=True, slots=True)
class VoteOptions:
    """Rule-set settings for reading votes; None (and for `colors` also ()) means "the rule
    set's default"."""

    colors: tuple[str, ...] | None = None
    policy: Policy | None = None  # gambler: "last", pefl: "first"
    require_reason: bool | None = None  # pefl: True (P-V.1)
    min_reason_words: int = 3
    allow_agreement: bool | None = None  # pefl: True (P-V.2)
    allow_self_vote: bool = True
    fuzzy_threshold: float = 85.0
    # C-3 ruling: "as_moves" reads a coloured nick by the move reader's ladder (case forms,
    # one word of a multi-word nick, transliteration, typos); "exact" only folds case,
    # look-alikes and surrounding punctuation
    vote_nicks: VoteNicks = "as_moves"
    ignore_authors: frozenset[str] = frozenset()  # the host's account(s)
    after_post_id: int | None = None
    before_post_id: int | None = None
    since: datetime | None = None
    until: datetime | None = None


@dataclass(frozen=True, slots=True)
class PostReading:
    """What was made of one post (status: vote, superseded, rejected, no_vote, ignored)."""

    post_id: int
    author: str
    status: str
    target: str | None = None
    reason: str | None = None
    span: str | None = None  # the coloured text read as the vote
    method: str | None = None  # nick resolution tier
    confidence: float | None = None
    agreed_with: int | None = None
    # "edited_after_deadline": the post was edited at or after `until`, so the vote read
    # may not be what stood at the deadline (the board keeps no older text) — for the host
    note: str | None = None


@dataclass(frozen=True, slots=True)
class VoteResult:
    votes: list[Vote]  # counted, one per voter, in the order they were cast
    rejected: list[InputRejected]
    tally: dict[str, int]  # target → votes, most first (ties: reached first, first)
    posts: list[PostReading] = field(default_factory=list)
    # P-V.2: post id → the target of each vote accepted from it (superseded ones included):
    # what a later agreement may refer to
    agreed: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class VotesSoFar:
    """Where the reading of a day (or a court) stands after its first posts: the later posts
    are read on from here (`extract_votes(…, so_far=…)`) exactly as if read in one go with
    the first. `votes`: counted so far, in the order cast; `agreed`: `VoteResult.agreed`."""

    votes: tuple[Vote, ...] = ()
    agreed: Mapping[int, str] = field(default_factory=dict)


# -- colours ----------------------------------------------------------------------------------


def color_matches(color: str, spec: Sequence[str]) -> bool:
    """Whether a span's colour is one the rule set reads as a vote (see module doc).

    ``"any"`` takes every colour; other entries are spellings or ``family:<name>`` as
    `parser.colors.matches_colors` reads them.
    """
    return _color_matches(color, tuple(spec))


@lru_cache(maxsize=1024)
def _color_matches(color: str, spec: tuple[str, ...]) -> bool:
    # a handful of distinct colours per game, read on every post
    if any(entry.strip().lower() == "any" for entry in spec):
        return True
    return matches_colors(color, spec)


# -- helpers ----------------------------------------------------------------------------------


def _defaults(ruleset: Ruleset, o: VoteOptions) -> tuple[tuple[str, ...], Policy, bool, bool]:
    rules = ruleset_class(ruleset)
    # an empty list would read no vote at all — never what a host means (a config's
    # `green_colors = []` is "the default"), so it is the rule set's default too
    colors = o.colors or rules.vote_colors
    policy: Policy = o.policy if o.policy is not None else rules.vote_order
    reason = o.require_reason if o.require_reason is not None else rules.vote_needs_reason
    agree = o.allow_agreement if o.allow_agreement is not None else rules.vote_agreement
    return colors, policy, reason, agree


def in_window(post: Post, o: VoteOptions) -> bool:
    if o.after_post_id is not None and post.id <= o.after_post_id:
        return False
    if o.before_post_id is not None and post.id >= o.before_post_id:
        return False
    if post.posted_at is not None:
        if o.since is not None and post.posted_at <= o.since:
            return False
        if o.until is not None and post.posted_at >= o.until:
            return False
    return True


class _Who:
    """Classifies post authors: living / dead / beaten / outsider / ignored.

    A player is found by board user id when the page and `ids` both give one, else by
    `parser.identity.nick_key` (authors are account names: the board keeps them unique up to
    case, and phpBB's username_clean also folds confusables, so a players list typed with a
    Cyrillic «а» for an account's Latin «a» still recognises that account). A look-alike
    account with another id than the player's is an outsider.
    """

    def __init__(
        self,
        living: Iterable[str],
        dead: Iterable[str],
        beaten: Iterable[str],
        ignore: Iterable[str],
        ids: Mapping[str, int | None] | None = None,
    ) -> None:
        living, dead = list(living), list(dead)
        self.cast = Cast([*living, *dead], ids)
        self.living = set(living)
        self.beaten = {nick_key(p) for p in beaten}
        self.ignore = {nick_key(p) for p in ignore}

    def status(self, author: str, author_id: int | None = None) -> tuple[str, str]:
        if nick_key(author) in self.ignore:
            return "ignored", author
        player = self.cast.player(author, author_id)
        if player is None:
            return "outsider", author
        if player in self.living:
            return ("beaten" if nick_key(player) in self.beaten else "living"), player
        return "dead", player


def _late_edit(post: Post, o: VoteOptions) -> str | None:
    edited_at = post.edited.at if post.edited is not None else None
    if o.until is not None and edited_at is not None and edited_at >= o.until:
        return "edited_after_deadline"
    return None


def _key_words(text: str) -> list[str]:
    """The words of `text` as look-alike-folded keys (the tokens `reason_words` counts)."""
    return _WORD_RE.findall(fold_text(text))


@lru_cache(maxsize=1024)
def _nick_words(text: str) -> tuple[str, ...]:
    return tuple(_WORD_RE.findall(lookalike_key(text)))


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
    """P-V.1: words of the author's own text outside quotes besides the nick.

    Ruling on "besides the nick": no mention of the voted player is a reason word — every
    copy of the nick, in any case or look-alike spelling, declined (Колю, Коле) or by one of
    its words (Граф for Граф Монте-Кристо), is left out, coloured or not; so is the text of
    the post's other vote-coloured spans that name players (`other_nicks`, one copy each): a
    row of red nicks is not a reason. Other words count whatever they are, other players'
    nicks in plain text included (logic is never judged). Quotes are not own text at all;
    struck words are taken back and count for nothing.

    `enough`: stop counting once that many words are found (the caller only compares with
    ``min_reason_words``; a long post need not be read to the end).
    """
    targets = [seq for seq in dict.fromkeys(_nick_words(t) for t in (nick_text, nick) if t) if seq]
    # a word of a multi-word nick on its own («Граф»), declined or not
    singles = [w for seq in targets if len(seq) > 1 for w in seq if len(w) >= 3]
    pending = [seq for seq in (_nick_words(o) for o in other_nicks) if seq]
    # struck words are taken back: a struck line is no reason (as a struck nick is no vote)
    words = _key_words(without_struck(post.own_text, post.body_html))
    count = i = 0
    while i < len(words):
        step = _nick_at(words, i, targets, pending)
        if step:
            i += step
            continue
        w = words[i]
        i += 1
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


def resolve_nick(
    resolver: NickResolver, text: str, mode: VoteNicks, *, fuzzy: bool = True
) -> NickMatch:
    """C-3 for a vote: `text` → one player by the `vote_nicks` reading (see VoteOptions).

    "as_moves" is the move reader's ladder, so a red «Рому» reads as «Рома» just as a red
    «Егора» reads as «Егор»; an ambiguous form names nobody and is reported as such.
    """
    if mode == "exact":
        found = resolver.resolve_strict(text, STRICT_TIERS)
        return found or NickMatch(text, None, reason=UNKNOWN_NICK)
    match = resolver.resolve(text, inflected=True, fuzzy=fuzzy)
    if match.ok or match.reason == AMBIGUOUS_NICK:
        return match
    # one word of a multi-word nick in a form the ending tables miss (an adjective:
    # «Белого» → Саша Белый) or in the other script («Ватсона» → Dr.Watson)
    return (
        resolver.resolve_strict(text, _WORD_OF_NICK_TIERS) or _diminutive(resolver, text) or match
    )


# Russian diminutive suffixes of names (ё folded to е): Ромка, Жорик, Катюша, Катька,
# Костян, Жанночка, Игорёк. The name is the stem, or the stem with «а»/«я»/«ь» back on.
_DIMINUTIVE: Final = (
    "ик", "ка", "ок", "ек", "ян", "чик", "ька", "очка", "ечка", "ушка", "юшка", "уша", "юша",
    "уля", "юля", "енька", "онька", "уська", "юська", "юха", "уха",
)  # fmt: skip
_BASE_TIERS: Final = (*STRICT_TIERS, "translit")


def _diminutive(resolver: NickResolver, text: str) -> NickMatch | None:
    """A single Cyrillic word that is a diminutive of exactly one player's nick, in any case:
    «Жорика» → Жора, «Ромку» → Рома, «Катюху» → Катя, «Танюшу» → Tanya-77. The word's
    dictionary forms lose a diminutive suffix and the name left is read by the strict tiers
    and transliteration (a host reads these at once; a typo on top of one is too far)."""
    key = trimmed_key(text)
    if len(key) < 4 or not _CYRILLIC_WORD.fullmatch(key):
        return None
    found: dict[str, None] = {}
    for form in {key, *lemmas(key)}:
        for suffix in _DIMINUTIVE:
            stem = form[: -len(suffix)]
            if not form.endswith(suffix) or len(stem) < 3:
                continue
            for base in (stem, stem + "а", stem + "я", stem + "ь"):
                m = resolver.resolve_strict(base, _BASE_TIERS)
                if m is not None:
                    found.update(dict.fromkeys(m.candidates if m.nick is None else (m.nick,)))
    if len(found) == 1:
        return NickMatch(text, next(iter(found)), "diminutive", 0.7)
    if found:
        return NickMatch(text, None, "diminutive", 0.7, AMBIGUOUS_NICK, tuple(found))
    return None


_CYRILLIC_WORD: Final = re.compile("[а-я]+")


# Tiers a word or a few words inside a coloured phrase are read by: no fuzzy matching, so an
# ordinary word near a nick is never taken for it.
_PHRASE_TIERS: Final = (
    *STRICT_TIERS,
    "inflected",
    "lemma",
    "partial_inflected",
    "partial_lemma",
    "translit_inflected",
    "partial_translit",
)
_WORD_OF_NICK_TIERS: Final = ("partial_lemma", "partial_translit")
_PHRASE_MAX_WORDS: Final = 12


def _phrase_nick(resolver: NickResolver, text: str) -> NickMatch | None:
    """A coloured phrase that names one player: «Голосую за Рому», «Мой голос — Жанна»,
    «против Рыжего». The host reads the player the phrase names; the other words are the
    voter's own. Two players named (or one word that could be either) is no vote: the
    phrase is returned as ambiguous. None when the phrase names nobody.

    Words are tried longest run first (a multi-word nick before its words), by the ladder
    without fuzzy matching. A nick that is itself an ordinary word (Ночь, Кот) counts only
    written with a capital letter or in a phrase that says it is a vote («выставляю кота»):
    «спокойной ночи» names nobody. The match's query is the words that named the player
    (the rest of the phrase may be the reason, P-V.1)."""
    words = [w for w in text.split() if any(c.isalnum() for c in w)]
    if len(words) < 2 or len(words) > _PHRASE_MAX_WORDS:
        return None
    cued = any(_is_cue(w) for w in words)
    named: dict[str, NickMatch] = {}
    mentioned: set[str] = set()  # every player the phrase names, as the vote or otherwise
    unsure: set[str] = set()
    i = 0
    while i < len(words):
        for k in range(min(resolver.max_words, len(words) - i), 0, -1):
            chunk = " ".join(words[i : i + k])
            m = resolver.resolve_strict(chunk, _PHRASE_TIERS)
            if m is not None:
                break
        else:
            i += 1
            continue
        longer = _cut_short(resolver, m.nick, words[i + k] if i + k < len(words) else "")
        if longer:  # «Сашу Б…»: Саша, or Саша Белый cut short?
            unsure.update((*longer, *([m.nick] if m.nick else [])))
        elif m.nick is not None:
            mentioned.add(m.nick)
            if cued or _named_here(chunk, m.nick, words[:i], len(words)):
                named.setdefault(m.nick, replace(m, query=chunk))
        elif m.nick is None:
            unsure.update(m.candidates)
        i += k
    if len(named) == 1 and not (unsure | mentioned) - set(named):
        ((nick, m),) = named.items()
        return NickMatch(m.query, nick, "phrase", round(m.confidence * 0.9, 3))
    if named or unsure:
        others = sorted((unsure | mentioned) - set(named))
        return NickMatch(text, None, "phrase", 0.0, AMBIGUOUS_NICK, (*named, *others))
    return None


def _cut_short(resolver: NickResolver, nick: str | None, following: str) -> list[str]:
    """Other players whose nick is `nick` plus more words, the next of which `following`
    begins: the phrase may name them with a nick cut short."""
    start = trimmed_key(following)
    if nick is None or not start:
        return []
    head = trimmed_key(nick) + " "
    return [
        p
        for p in resolver.players
        if p != nick
        and (key := trimmed_key(p)).startswith(head)
        and key[len(head) :].startswith(start)
    ]


# Words that make a coloured phrase a vote whatever its nick looks like (by lemma).
_CUE_LEMMAS: Final = frozenset(
    ("голосовать", "проголосовать", "голос", "выставлять", "выставить", "номинировать",
     "номинация", "против")
)  # fmt: skip


def _is_cue(word: str) -> bool:
    w = word.strip(".,:;!?—-«»\"'()").casefold().replace("ё", "е")
    return len(w) >= 5 and bool(_CUE_LEMMAS.intersection(lemmas(w)))


# Verbs a player takes a vote back with («Снимаю зелёный с Ромы», «отзываю голос»).
_RETRACT_LEMMAS: Final = frozenset(
    ("снимать", "снять", "отзывать", "отозвать", "отменять", "отменить")
)
# Words that spare a player named next to them, before or after («Рому оправдываю», «Рыжего
# оставим на завтра», «отпускаю Катю»): the named player is let off, not voted for.
_SPARE_LEMMAS: Final = frozenset(
    ("оправдать", "оправдывать", "невиновный", "невиноватый", "пощадить", "щадить",
     "помиловать", "миловать", "отпустить", "отпускать", "оставить", "оставлять", "подождать")
)  # fmt: skip
# Verbs of voting and jailing: «не» next to one of them after the nick («Рому не
# выставляю», «Катю не сажать», «Рому я трогать не буду») takes the nick back, while «не»
# after a nick with another verb is the reason («Лёня — не отвечает на вопросы»).
_ACT_LEMMAS: Final = frozenset(
    ("трогать", "тронуть", "сажать", "посадить", "садить", "казнить", "вешать", "повесить",
     "линчевать", "зеленить")
)  # fmt: skip
# G-N.4: words that make a court post a vote for jailing the nominee they name.
_JAIL_LEMMAS: Final = frozenset(
    ("сажать", "посадить", "садить", "посадка", "тюрьма", "арест", "арестовать", "решетка",
     "нары", "казнить", "казнь", "суд", "осудить", "засадить")
)  # fmt: skip
_RETRACT_STEMS: Final = (  # a cheap first look before any lemma is asked for
    "сни", "сня", "отзыв", "отозв", "отмен", "оправд", "невинов", "невиноват", "щад", "милов",
    "отпус", "остав", "подожд", "пусть",
)  # fmt: skip
_CLAUSE_END: Final = re.compile(r"[.!?;:,(\n]")
# Conjunctions that open a new clause inside a sentence: a negation before them is not the
# nick's («Не знаю, кто мафия, но выставляю Лёню» — and without the comma too).
_CONTRAST: Final = frozenset(("но", "а", "однако", "зато", "хотя"))
_RETRACT_WINDOW: Final = 4  # words before a span a retraction verb is looked for in
_NEGATION_WINDOW: Final = 8  # words of its clause before a span a «не» is looked for in
_LINKS: Final = frozenset(("и", "поэтому", "значит", "следовательно", "потому"))
_NEGATIONS: Final = frozenset(("не", "ни"))
# «не могу не выставить», «нельзя не», «почему бы не»: a «не» after these is affirmative
_MODAL_LEMMAS: Final = frozenset(("мочь", "смочь", "удержаться"))


# A clause that opens with one of these is what the clause before it says about it: «Не
# думаю, что <Хромой> мафия» negates the nick through the comma.
_SUBORDINATE: Final = frozenset(("что", "чтобы", "будто", "якобы"))
# Words that open another statement after the nick, about him rather than about the vote:
# «Голосую за <Рому> потому что он не отвечает» — the «не» is the reason's.
_AFTER_STOP: Final = frozenset(
    ("потому", "что", "ведь", "поскольку", "так", "раз", "если", "когда", "он", "она",
     "они", "оно", "который", "которая", "которые", "т")
)  # fmt: skip


_DASH: Final = re.compile(r"[—–]|\s-\s")


def _contrast_cut(words: list[str], *, tail: bool) -> list[str]:
    cuts = [i for i, w in enumerate(words) if w in _CONTRAST]
    if tail:
        return words[cuts[-1] + 1 :] if cuts else words
    return words[: cuts[0]] if cuts else words


def _clause_words(text: str, *, tail: bool) -> list[str]:
    """The words (lower case, ё→е) of the clause of `text` that touches the nick: its last
    clause when `tail` (text before the nick; a clause opening with «что» takes in the one
    before it), else its first (text after it, up to a word opening another statement)."""
    parts = _CLAUSE_END.split(text.replace("ё", "е"))
    if not tail:
        # a dash after the nick opens the reason («Рому — не отвечает на вопросы»)
        words = _contrast_cut(_WORD_RE.findall(_DASH.split(parts[0], 1)[0]), tail=False)
        stop = next((i for i, w in enumerate(words) if w in _AFTER_STOP), len(words))
        return words[:stop]
    words = _contrast_cut(_WORD_RE.findall(parts[-1]), tail=True)
    whole = len(words) == len(_WORD_RE.findall(parts[-1]))  # no conjunction cut it
    if len(parts) > 1 and whole and words and words[0] in _SUBORDINATE:
        words = _contrast_cut(_WORD_RE.findall(parts[-2]), tail=True) + words
    return words


# «не только» adds, «не против» agrees: neither negates the vote
_NOT_NEGATED: Final = frozenset(("только", "против"))
# Words that set the nick's clause in a day gone by: «Вчера я выставляла <Лёню>» tells a
# story, it is not today's vote
_PAST_DAY: Final = frozenset(("вчера", "позавчера", "прошлый", "прошлого", "прошлом"))


def _told_of_the_past(words: Sequence[str]) -> bool:
    """Whether a day gone by is named after the clause's last «сегодня»/«сейчас»/«теперь»
    («Вчера врал — сегодня выставляю <Рому>» is today's vote)."""
    now = max((i for i, w in enumerate(words) if w in _TODAY), default=-1)
    return bool(_PAST_DAY.intersection(words[now + 1 :]))


_TODAY: Final = frozenset(("сегодня", "сейчас", "теперь"))


def _live_negations(words: Sequence[str]) -> list[int]:
    """Positions of «не»/«ни» in `words` that negate: a double negation («не могу не»,
    «нельзя не», «почему бы не») is affirmative, so neither of its «не» counts; «не
    только» adds and «не против» agrees rather than negates."""
    out: list[int] = []
    for i, w in enumerate(words):
        if w not in _NEGATIONS or (i + 1 < len(words) and words[i + 1] in _NOT_NEGATED):
            continue
        prev = words[i - 1] if i else ""
        if prev in ("нельзя", "бы", "если") or (
            i >= 2 and words[i - 2] in _NEGATIONS and _MODAL_LEMMAS.intersection(lemmas(prev))
        ):
            if out and out[-1] == i - 2:
                out.pop()  # «не могу» of «не могу не»
            continue
        out.append(i)
    return out


def _has_lemma(words: Sequence[str], wanted: frozenset[str]) -> bool:
    return any(len(w) >= 3 and wanted.intersection(lemmas(w)) for w in words)


_VOTE_ACTS: Final = _ACT_LEMMAS | _CUE_LEMMAS | _JAIL_LEMMAS
# verbs that a prefix only re-aims: перевыставлять, переголосовать, пересажать
_VOTE_VERBS: Final = tuple(w for w in _VOTE_ACTS if w.endswith("ть") and len(w) >= 6)


def _votes_word(words: Sequence[str]) -> bool:
    """Whether a word of `words` is a verb or noun of voting or jailing, any form, a
    prefixed verb included («перевыставлять»)."""
    for w in words:
        if len(w) < 3:
            continue
        for lemma in lemmas(w):
            if lemma in _VOTE_ACTS or (len(lemma) > 6 and lemma.endswith(_VOTE_VERBS)):
                return True
    return False


# «Если Рома не ответит, выставлю <Рому>», «Выставлю <Рому>, если…»: a promise, not a vote
# yet («если что» is only "just in case")
# («Если не <Рома>, то кто?» is no condition: it names him)
_IF_FIRST: Final = re.compile(r"^\W*если\b(?!\W+что\b)(?!\W+не\W*$)")
_IF_AFTER: Final = re.compile(r"^[^.!?;]*?,\W*если\b(?!\W+что\b)")
_SENTENCE_END: Final = re.compile(r"[.!?\n…]")


def _let_off(before: str, after: str) -> bool:
    """Whether the words around a nick (`before`, `after`: the text either side) take it
    back, negate it or spare him, in the nick's own clause — see `_not_retracted`."""
    words = _clause_words(before, tail=True)
    # a «не» before «и»/«поэтому» negated another verb: «Он не отвечает и поэтому голосую за»
    link = max((i for i, w in enumerate(words) if w in _LINKS), default=-1)
    if _live_negations(words[link + 1 :][-_NEGATION_WINDOW:]):
        return True
    # a question about voting («Может, <Рыжего> выставить?») or a condition is not a
    # decision yet; «<Рома>? Ты где был ночью» only asks him
    ends = _SENTENCE_END.search(after)
    if ends is not None and ends.group() == "?":
        asked = _SENTENCE_END.split(before)[-1] + " " + after[: ends.start()]
        if _votes_word(_WORD_RE.findall(asked.replace("ё", "е"))):
            return True
    if _IF_FIRST.search(_SENTENCE_END.split(before)[-1]) or _IF_AFTER.search(after):
        return True
    near = words[-_RETRACT_WINDOW:]
    if _has_lemma(near, _RETRACT_LEMMAS | _SPARE_LEMMAS) or _told_of_the_past(words):
        return True
    follow = _clause_words(after, tail=False)
    if not follow:
        return False
    if "пусть" in follow and _has_lemma(follow, frozenset(("жить",))):
        return True  # «Рома пусть живёт»
    if _has_lemma(follow, _SPARE_LEMMAS):
        return True
    # «Рому не выставляю», «Голосовать за Рому я не стану»: a «не» after the nick negates
    # the vote when a verb of voting stands in the clause, on either side of the nick
    return bool(_live_negations(follow)) and (_votes_word(follow) or _votes_word(words))


def _not_retracted(own_text: str, spans: list[ColoredSpan]) -> list[ColoredSpan]:
    """`spans` without those the author takes back, negates or spares in words in the same
    clause: «Снимаю зелёный с <Ромы>» is no green for Рома, and in «Снимаю <Рому>,
    выставляю <Костю>», «Голосую не за <Рому>, а за <Катю>», «<Катю> (а не <Рому>)»,
    «Выставляю <Катю>, <Рома> пусть живёт», «<Костю>. <Рому> не выставляю» only the other is
    one. A clause ends at punctuation or a contrasting conjunction (но, а, однако …); a
    double negation («Не могу не выставить <Катю>») is a vote. A span whose text cannot be
    placed in the own text stays."""
    low = own_text.casefold()
    if not spans or not (
        any(stem in low for stem in _RETRACT_STEMS)
        or re.search(r"\b(?:не|ни|если|вчера|позавчера|прошл\w*)\b", low)
        or "?" in low
    ):
        return spans
    kept: list[ColoredSpan] = []
    pos = 0
    for span in spans:
        at = low.find(span.text.casefold(), pos)
        if at < 0:
            kept.append(span)
            continue
        end = at + len(span.text)
        if not _let_off(low[pos:at], low[end:]):
            kept.append(span)
        pos = end
    return kept


# Words that may stand before the nick of a phrase that says nothing else: «за Рому».
_LEAD_WORDS: Final = frozenset(("за", "против", "на"))


def _named_here(chunk: str, nick: str, before: list[str], size: int) -> bool:
    """Whether a phrase with no vote cue names `nick` as a vote: the nick heads it («Жанна —
    мафия», «Рыжий, ты мафия!»), follows only «за»/«против»/«на», or is one of two words
    («Доктор Ватсон»). «Спасибо Жанне за игру», «Итоги дня от Ромы» name him otherwise.
    A nick that is an ordinary word needs its capital («Кот, признавайся»)."""
    lead = [w.strip(".,:;!?—-«»\"'()").casefold() for w in before]
    placed = size <= 2 or all(w in _LEAD_WORDS or not w for w in lead)
    if not placed:
        return False
    key = trimmed_key(nick)
    if " " in key or not common_word(key):
        return True
    first = next((c for c in chunk if c.isalpha()), "")
    return first.isupper()


def _nick_like(resolver: NickResolver, text: str) -> bool:
    """Whether an unresolved coloured text was meant as a nick (worth telling the voter it
    names nobody). Beyond `NickResolver.looks_like_nick`: a lone ordinary word (red
    «очень», green «Выставляю»), a label ending in a colon («Голос:») and a text without
    letters («22:00») are emphasis or layout, not a nick."""
    if not resolver.looks_like_nick(text):
        return False
    key = trimmed_key(text)
    if " " in key:
        return True
    if not any(c.isalpha() for c in key) or text.rstrip().endswith(":"):
        return False
    # a one- or two-letter word is too short to tell a preposition from a cut-off nick
    return len(key) < 3 or not common_word(key)


@dataclass(frozen=True, slots=True)
class _Pick:
    span: ColoredSpan
    match: NickMatch


def _read_spans(
    spans: Sequence[ColoredSpan],
    resolver: NickResolver,
    dead: NickResolver | None,
    policy: Policy,
    mode: VoteNicks,
    author: str | None = None,
) -> tuple[_Pick | None, _Pick | None, str | None, list[ColoredSpan]]:
    """(chosen resolved span, first nick-like failure, dead-target text, spans naming a
    player — living or dead) of one post. `author`, a living player, is who «себя»/«меня»
    in a span names (C-2 reads those words as the sender)."""
    resolved: list[_Pick] = []
    named: list[ColoredSpan] = []
    failure: _Pick | None = None
    dead_hit: str | None = None
    for span in spans:
        m = resolve_nick(resolver, span.text, mode)
        if not m.ok and m.reason != AMBIGUOUS_NICK and mode == "as_moves":
            m = _phrase_nick(resolver, span.text) or m
            if not m.ok and author in resolver.players and _names_self(span.text):
                m = NickMatch(span.text, author, "self", 1.0)
        if m.ok:
            resolved.append(_Pick(span, m))
            named.append(span)
            continue
        if dead is not None and _names_dead(dead, span.text, mode):
            dead_hit = dead_hit or span.text
            named.append(span)
            continue
        if failure is None and (m.reason == AMBIGUOUS_NICK or _nick_like(resolver, span.text)):
            failure = _Pick(span, m)
    if not resolved:
        return None, failure, dead_hit, named
    return (resolved[-1] if policy == "last" else resolved[0]), failure, dead_hit, named


_SELF_WORDS: Final = frozenset(("себя", "меня"))
_SELF_OTHER: Final = frozenset(("сам", "сама", "самого", "саму", "самой", "я"))


def _names_self(text: str) -> bool:
    """Whether a coloured text names its author by a pronoun and says nothing else but that
    it votes: «себя», «Выставляю себя», «за меня», «голосую за самого себя»."""
    words = [_bare(w) for w in text.split()]
    words = [w for w in words if w]
    if not _SELF_WORDS.intersection(words) or len(words) > 4:
        return False
    return all(
        w in _SELF_WORDS or w in _SELF_OTHER or w in _LEAD_WORDS or _is_cue(w) for w in words
    )


def _names_dead(dead: NickResolver, text: str, mode: VoteNicks) -> bool:
    """Whether a coloured text that names no living player names a dead one (bare or in a
    phrase: «Голосую за Олега»), so the voter is told he is out of the game."""
    if resolve_nick(dead, text, mode, fuzzy=False).ok:
        return True
    found = _phrase_nick(dead, text) if mode == "as_moves" else None
    return found is not None and found.ok


def _tally(votes: Iterable[Vote]) -> dict[str, int]:
    counts: dict[str, int] = {}
    reached: dict[tuple[str, int], int] = {}  # (target, count) → order it was reached
    for n, v in enumerate(votes):
        counts[v.target] = counts.get(v.target, 0) + 1
        reached[(v.target, counts[v.target])] = n
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], reached[(kv[0], kv[1])], kv[0])))


def _detail(reason: str, target: str | None = None, text: str | None = None) -> str:
    return {
        NOT_A_PLAYER: "Вы не участвуете в игре, голос не засчитан.",
        DEAD: "Выбывшие игроки не голосуют.",
        BEATEN: "Избитый игрок в этот ход не голосует (P-A.3).",
        UNKNOWN_NICK: f"Не нашёл среди живых игроков «{text}»: голос не засчитан.",
        AMBIGUOUS_NICK: f"«{text}» подходит к нескольким игрокам: напишите ник полностью.",
        DEAD_TARGET: f"«{text}» уже выбыл(а) из игры: голос не засчитан.",
        SELF_VOTE: "Голос за себя не засчитывается.",
        NO_REASON: f"Голос за {target} без обоснования не засчитан (нужна причина словами).",
        CHANGED_VOTE: f"Голос менять нельзя: засчитан первый, за {target}.",
        NOT_A_NOMINEE: f"{target} не на суде: голосовать можно только за номинантов.",
    }.get(reason, reason)


# -- the day's votes --------------------------------------------------------------------------


_REFUSAL_OF_STATUS = {"outsider": NOT_A_PLAYER, "dead": DEAD, "beaten": BEATEN}


def _voter_refusal(status: str, author: str, target: str, allow_self_vote: bool) -> str | None:
    """Why a readable vote cannot count because of who cast it (not a player, out of the
    game, beaten under P-A.3, or for himself), or None. Kept apart from `extract_votes` so
    the loop there reads as: who may vote, then what the vote says."""
    refusal = _REFUSAL_OF_STATUS.get(status)
    if refusal is None and target == author and not allow_self_vote:
        return SELF_VOTE
    return refusal


def _supersede(readings: list[PostReading], i: int | None) -> None:
    """Mark the reading of a vote a later one replaced (None: a vote cast before the posts
    read now, `VotesSoFar`, whose reading is not among them)."""
    if i is not None:
        readings[i] = replace(readings[i], status="superseded")


def extract_votes(
    posts: Iterable[Post],
    *,
    ruleset: Ruleset,
    players: Collection[str],
    options: VoteOptions | None = None,
    dead: Collection[str] = (),
    beaten: Collection[str] = (),
    player_ids: Mapping[str, int | None] | None = None,
    so_far: VotesSoFar | None = None,
) -> VoteResult:
    """Read the votes of one day (see the module docstring).

    players: the living players. dead: players out of the game (their posts are rejected as
    ``dead``, votes for them as ``dead_target``). beaten: living players under P-A.3.
    player_ids: nick → board user id of the cast, where known: a post counts as a player's
    only if its ``author_id`` is his whenever both are known (`parser.identity.Cast`).
    so_far: the reading of the day's earlier posts (`VotesSoFar`), `posts` being the ones
    after them: the votes are the whole day's, the rejections and readings the new posts'.
    """
    o = options or VoteOptions()
    colors, policy, need_reason, agreement = _defaults(ruleset, o)
    kind = ruleset_class(ruleset).vote_kinds[0][1]  # the topic's votes: greens or reds
    resolver = cached_resolver(tuple(players), o.fuzzy_threshold)
    dead_resolver = cached_resolver(tuple(dead), partial=False) if dead else None
    who = _Who(players, dead, beaten, o.ignore_authors, player_ids)

    readings: list[PostReading] = []
    rejected: list[InputRejected] = []
    start = so_far or VotesSoFar()
    counted: dict[str, Vote] = {v.voter: v for v in start.votes}  # voter → vote that counts
    reading_of: dict[str, int] = {}  # voter → index in readings of that vote
    accepted_by_post = dict(start.agreed)  # P-V.2: post id → target of an accepted vote

    def reject(post: Post, author: str, reason: str, **kw: str | None) -> None:
        rejected.append(
            InputRejected(
                author, reason, _detail(reason, kw.get("target"), kw.get("text")), post_id=post.id
            )
        )
        readings.append(
            PostReading(post.id, author, "rejected", kw.get("target"), reason, kw.get("text"))
        )

    for post in posts:
        if post.deleted or not in_window(post, o):
            continue
        status, author = who.status(post.author, post.author_id)
        if status == "ignored":
            continue
        spans = [s for s in post.colored if not s.struck and color_matches(s.color, colors)]
        # struck words are taken back, in the retraction check as in the reason (P-V.1)
        own = without_struck(post.own_text, post.body_html) if spans else post.own_text
        spans = _not_retracted(own, spans)
        pick, failure, dead_hit, named = _read_spans(
            spans, resolver, dead_resolver, policy, o.vote_nicks, author
        )
        if pick is None:
            if status in ("living",) and failure is not None:
                reject(post, author, failure.match.reason or UNKNOWN_NICK, text=failure.span.text)
            elif status == "living" and dead_hit is not None:
                reject(post, author, DEAD_TARGET, text=dead_hit)
            else:
                readings.append(PostReading(post.id, author, "no_vote"))
            continue
        target = pick.match.nick
        assert target is not None  # _read_spans only picks resolved spans
        refusal = _voter_refusal(status, author, target, o.allow_self_vote)
        if refusal is not None:
            reject(post, author, refusal, target=target, text=pick.span.text)
            continue
        previous = counted.get(author)
        if previous is not None and policy == "first":
            # P-V.3 comes before the reason check: once a vote is accepted, any later red
            # nick is at most a change attempt, whatever its wording
            if previous.target != target:
                reject(post, author, CHANGED_VOTE, target=previous.target, text=pick.span.text)
            else:  # the same vote again: nothing changes, nothing to report
                readings.append(
                    PostReading(post.id, author, "superseded", target, span=pick.span.text)
                )
            continue
        agreed_with: int | None = None
        others = [s.text for s in named if s is not pick.span]
        # a phrase's other words may be the reason: only the words naming him are the nick
        nick_text = pick.match.query if pick.match.method == "phrase" else pick.span.text
        words = (
            reason_words(post, nick_text, target, others, enough=o.min_reason_words)
            if need_reason
            else 0
        )
        if need_reason and words < o.min_reason_words:
            if agreement:
                # P-V.2: a quoted accepted vote first, then one the post links to
                referred = [q.post_id for q in post.quotes if q.post_id is not None]
                referred += post.linked_posts
                agreed_with = next((n for n in referred if accepted_by_post.get(n) == target), None)
            if agreed_with is None:
                reject(post, author, NO_REASON, target=target, text=pick.span.text)
                continue
        if previous is not None:  # "last": the earlier vote is superseded
            _supersede(readings, reading_of.get(author))
            del counted[author]  # re-inserted below: the order of votes is the order cast
        vote = Vote(
            author,
            target,
            kind,
            post.id,
            post.posted_at,
            agreed_with,
        )
        counted[author] = vote
        accepted_by_post[post.id] = target
        reading_of[author] = len(readings)
        readings.append(
            PostReading(
                post.id,
                author,
                "vote",
                target,
                None,
                pick.span.text,
                pick.match.method,
                pick.match.confidence,
                agreed_with,
                _late_edit(post, o),
            )
        )

    votes = list(counted.values())
    return VoteResult(votes, rejected, _tally(votes), readings, accepted_by_post)


def self_green_votes(votes: Iterable[Vote], living: Iterable[str]) -> list[Vote]:
    """G-N.2: the implicit self-greens (kind "self") of living players with no green."""
    voted = {v.voter for v in votes}
    return [Vote(p, p, "self") for p in living if p not in voted]


def self_greens(result: VoteResult, living: Iterable[str]) -> VoteResult:
    """G-N.2 applied to a day's result: the silent living players green themselves."""
    votes = [*result.votes, *self_green_votes(result.votes, living)]
    return VoteResult(votes, list(result.rejected), _tally(votes), list(result.posts))


# -- Gambler court (G-N.4) --------------------------------------------------------------------

# A clause ends at a punctuation mark followed by a space (not the dot inside «Dr.Watson»)
_COURT_CLAUSE: Final = re.compile(r"[!?;:,()\n]|[.…](?=\s|$)")


def _court_clauses(text: str) -> list[list[str]]:
    """The clauses of a court post, as lists of its words (punctuation-only tokens dropped);
    a contrasting conjunction opens a new clause («Сажаю не Рому, а Катю»)."""
    out: list[list[str]] = []
    for part in _COURT_CLAUSE.split(text):
        current: list[str] = []
        for w in part.split():
            if not any(c.isalnum() for c in w):
                continue
            if _bare(w) in _CONTRAST:
                if current:
                    out.append(current)
                current = []
                continue
            current.append(w)
        if current:
            out.append(current)
    return out


def _bare(word: str) -> str:
    return word.strip(".,:;!?—-«»\"'()").casefold().replace("ё", "е")


def _names_in(resolver: NickResolver, words: list[str], cued: bool) -> tuple[list[NickMatch], int]:
    """The players a clause names (longest run of words first, no typo matching, a
    diminutive as one word) and how many of its words name them. A nick that is an ordinary
    word (Ночь, Кот) names him only with its capital letter, or in a clause that votes
    (`cued`: «Сажаю кота»)."""
    found: list[NickMatch] = []
    used = i = 0
    while i < len(words):
        for k in range(min(resolver.max_words, len(words) - i), 0, -1):
            chunk = " ".join(words[i : i + k])
            m = resolver.resolve_strict(chunk, _PHRASE_TIERS)
            if m is None and k == 1:
                m = _diminutive(resolver, chunk)
            if m is not None:
                break
        else:
            i += 1
            continue
        key = trimmed_key(m.nick) if m.nick else ""
        if (
            cued
            or m.nick is None
            or " " in key
            or not common_word(key)
            or chunk.lstrip('@«"')[:1].isupper()
        ):
            found.append(replace(m, query=chunk))
            used += k
        i += k
    return found, used


def _court_let_off(words: list[str]) -> bool:
    """Whether a court clause (bare lower-case words) names its nominee only to let him off:
    a negation («Катю не сажать», «сажаю не Рому»), an acquittal («Оправдать Рому», «Рома
    невиновен») or «против» the jailing itself («Я против посадки Ромы»)."""
    if _live_negations(words) or _has_lemma(words, _SPARE_LEMMAS):
        return True
    return any(
        w == "против" and nxt and _JAIL_LEMMAS.intersection(lemmas(nxt))
        for w, nxt in zip(words, [*words[1:], ""], strict=True)
    )


def _dash_head(resolver: NickResolver, text: str) -> list[NickMatch]:
    """«Кот — врал весь день»: a post that opens with a bare nick and a dash gives the vote
    first and the reason after it, unless the reason lets him off («Кот — невиновен»)."""
    dash = _DASH.search(text)
    if dash is None:
        return []
    words = text[: dash.start()].split()
    hits, used = _names_in(resolver, words, False) if words else ([], 0)
    if not hits or used != len(words):
        return []
    reason = _court_clauses(text[dash.end() :])
    if reason and _court_let_off([_bare(w) for w in reason[0]]):
        return []
    return hits


def _court_phrase(resolver: NickResolver, text: str) -> tuple[NickMatch | None, bool]:
    """G-N.4 read from a court post's own words when it is more than a bare nick: (the vote's
    match — a player, or ambiguous — or None, whether the post names a player at all).

    A host reads the clause that says it jails or votes («Сажаю Рому», «За посадку Кати»,
    «Белого на нары», «Мой голос — Катя» at the end of a long post), the last such clause
    when there are several; with none, a short post (three words at most) or a clause that
    is just the nick and ends the post («Передумал. Катя», «Рому оправдываю, Катя») or
    opens it before a dash («Кот — врал весь день»). A
    clause that lets its nominee off (`_court_let_off`) is no vote for him, and a nick that
    is only spoken to or about in passing («Рома, оправдывайся», «Спасибо Кате за игру») is
    none either."""
    clauses = _court_clauses(text)
    size = sum(len(c) for c in clauses)
    cued: list[NickMatch] = []
    plain: list[NickMatch] = []
    named = False
    for n, words in enumerate(clauses):
        low = [_bare(w) for w in words]
        votes = any(_is_cue(w) for w in words) or _has_lemma(low, _JAIL_LEMMAS)
        hits, used = _names_in(resolver, words, votes)
        if not hits:
            continue
        named = True
        if _court_let_off(low):
            continue
        if votes:
            cued = hits
        elif size <= 3 or (n == len(clauses) - 1 and used == len(words)):
            plain = hits
    if not (cued or plain):
        plain = _dash_head(resolver, text)
    hits = cued or plain
    if not hits:
        return None, named
    players = dict.fromkeys(
        p for m in hits for p in (m.candidates if m.nick is None else (m.nick,))
    )
    if len(players) == 1 and all(m.nick for m in hits):
        m = hits[-1]
        return NickMatch(m.query, m.nick, "phrase", round(m.confidence * 0.9, 3)), True
    return NickMatch(text, None, "phrase", 0.0, AMBIGUOUS_NICK, tuple(players)), True


def _court_match(
    post: Post, resolver: NickResolver, dead: NickResolver | None, mode: VoteNicks
) -> tuple[NickMatch | None, str]:
    """(what a court post names — a player, or an ambiguous, unknown or dead player's nick
    to report — or None for no vote, the text it was read from). Its coloured spans first
    (any colour, the last that names a player, none taken back in words), then its whole
    own text as a bare nick, then as a phrase (`_court_phrase`); a short text that could be
    a nick but names nobody is reported. Struck words are taken back: the own text is read
    without them (`without_struck`), as struck coloured spans are skipped."""
    own = without_struck(post.own_text, post.body_html)
    spans = _not_retracted(own, [s for s in post.colored if not s.struck])
    pick, failure, dead_hit, _ = _read_spans(spans, resolver, dead, "last", mode)
    if pick is not None:
        return pick.match, pick.span.text
    whole = resolve_nick(resolver, own, mode)
    if whole.ok or whole.reason == AMBIGUOUS_NICK:
        return whole, own
    phrase, named = _court_phrase(resolver, own) if mode == "as_moves" else (None, False)
    if phrase is not None:
        return phrase, phrase.query
    if named:  # a player named only to be let off or spoken to: no vote
        return None, own
    if dead_hit is None and dead is not None and mode == "as_moves":
        gone, _ = _court_phrase(dead, own)
        dead_hit = own if gone is not None and gone.ok else None
    if dead_hit is not None:  # «Сажаю Олега»: he is out of the game already
        return NickMatch(dead_hit, None, reason=DEAD_TARGET), dead_hit
    if failure is not None:
        return failure.match, failure.span.text
    words = own.split()
    # three ordinary words («Какой хитрый кот») are talk, not a mistyped nick
    talk = len(words) > 1 and all(common_word(_bare(w)) for w in words)
    if len(words) <= 3 and not talk and _nick_like(resolver, own):
        return whole, own
    return None, own


def extract_court_votes(
    posts: Iterable[Post],
    *,
    nominees: Collection[str],
    players: Collection[str],
    options: VoteOptions | None = None,
    dead: Collection[str] = (),
    player_ids: Mapping[str, int | None] | None = None,
    so_far: VotesSoFar | None = None,
) -> VoteResult:
    """G-N.4: each post holds just a nominee's nick (coloured or not); a player's last counts.

    The nick is read from the post's coloured spans (any colour, last resolvable one) or else
    from its own text, a bare nick or a phrase («Сажаю Рому», «За посадку Кати»; see
    `_court_match`). A vote for a living player who is not a nominee is rejected
    ``not_a_nominee``; chatter that names nobody is not a vote and is not reported.
    `so_far`: as for `extract_votes`.
    """
    o = options or VoteOptions()
    resolver = cached_resolver(tuple(players), o.fuzzy_threshold)
    dead_resolver = cached_resolver(tuple(dead), partial=False) if dead else None
    nominee_set = set(nominees)
    who = _Who(players, dead, (), o.ignore_authors, player_ids)
    readings: list[PostReading] = []
    rejected: list[InputRejected] = []
    counted: dict[str, Vote] = {v.voter: v for v in (so_far or VotesSoFar()).votes}
    reading_of: dict[str, int] = {}

    for post in posts:
        if post.deleted or not in_window(post, o):
            continue
        status, author = who.status(post.author, post.author_id)
        if status == "ignored":
            continue
        match, text = _court_match(post, resolver, dead_resolver, o.vote_nicks)
        if match is None:
            readings.append(PostReading(post.id, author, "no_vote"))
            continue
        reason: str | None = None
        if status in ("outsider", "dead"):
            reason = NOT_A_PLAYER if status == "outsider" else DEAD
        elif not match.ok:
            reason = match.reason or UNKNOWN_NICK
        elif match.nick not in nominee_set:
            reason = NOT_A_NOMINEE
        if reason is not None:
            rejected.append(
                InputRejected(author, reason, _detail(reason, match.nick, text), post_id=post.id)
            )
            readings.append(PostReading(post.id, author, "rejected", match.nick, reason, text))
            continue
        target = match.nick
        assert target is not None
        if author in counted:
            _supersede(readings, reading_of.get(author))
            del counted[author]
        counted[author] = Vote(author, target, "court", post.id, post.posted_at)
        reading_of[author] = len(readings)
        readings.append(
            PostReading(
                post.id,
                author,
                "vote",
                target,
                None,
                text,
                match.method,
                match.confidence,
                note=_late_edit(post, o),
            )
        )
    votes = list(counted.values())
    return VoteResult(votes, rejected, _tally(votes), readings)
