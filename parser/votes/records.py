"""What the vote reader takes and gives: `VoteOptions`, `PostReading`, `VoteResult`, the
refusal codes and their Russian details, the colour and window filters, the tally."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import Final, Literal

from engine.actions import InputRejected, Vote
from engine.kinds import RulesetName
from engine.rules import ruleset_class
from parser.colors import matches_colors
from parser.identity import Cast, account_key, nick_key
from parser.nicks import (
    AMBIGUOUS_NICK,
    UNKNOWN_NICK,
    NickResolver,
    cached_resolver,
    fold_text,
)
from parser.records import Post

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
#: P-V.3: a later red for the player the accepted vote already names — ignored, reported
REPEATED_VOTE: Final = "repeated_vote"
NOT_A_NOMINEE: Final = "not_a_nominee"
UNCLEAR: Final = "unclear"  # several players in the vote's colour, none proven (votes/proof)
#: one player in the vote's colour in words that thank, praise, ask or only address him
UNPROVEN: Final = "unproven"
#: one player in the vote's colour whose words leave the vote open — shown to the host, never
#: counted and never dropped unseen (issue 17 item 2; docs/rulings.md): a doubt or a maybe
#: («Может быть, <X>… не уверена»), a wish («я бы проголосовал за <X>»), a condition or a
#: threat («голосую против <X>, если он не ответит»), the vote said for later («<X> — позже»)
DOUBTED: Final = "doubted"
WISHED: Final = "wished"
CONDITIONAL: Final = "conditional"
PUT_OFF: Final = "put_off"
#: a vote the post's words give as another player's («Петя просил передать: голос за <X>»,
#: «голос жены»): a seat votes only through its own account (P-V.1, G-N.1, C-5) — shown to
#: the host, never counted for the absent player nor taken as the author's own
PROXIED: Final = "proxied"
#: one player in the vote's colour taken back in words («Отменяю <X>», «Отставить <X>»,
#: «<X> — снимаю», «Прошу не считать <X>»): neither rule set makes taking a vote back a move
#: of its own (P-V.3: the first accepted vote stands; G-N.1: only another green replaces a
#: green), so it is no vote and the host is shown it (issue 17 item 2)
WITHDRAWN: Final = "withdrawn"


WORD_RE: Final = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")

# One post's words, asked again by check after check (the clause before the nick, the
# sentence around it, the whole post ...): each text's words worked out once for the post
# being read. `new_post` empties the memo as a post's reading begins; the bound keeps a
# caller that never calls it from holding more than a few posts' worth.
_WORDS_SEEN: Final[dict[str, list[str]]] = {}
_WORDS_KEPT: Final = 256


def new_post() -> None:
    """Forget the words of the texts read before (`words_of`)."""
    _WORDS_SEEN.clear()


def words_of(text: str) -> list[str]:
    """`text`'s words in order (`WORD_RE`), in a list of the caller's own."""
    got = _WORDS_SEEN.get(text)
    if got is None:
        if len(_WORDS_SEEN) >= _WORDS_KEPT:
            _WORDS_SEEN.clear()
        got = _WORDS_SEEN[text] = WORD_RE.findall(text)
    return got.copy()


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
    # P-V.1, G-N.1 ruling (issue 17 item 2): a red or green whose author's own words ask the
    # others to spare the same player («не трогайте её») is shown to the host, not counted;
    # True counts it as the colour and the reason alone would
    argued_votes_counted: bool = False
    fuzzy_threshold: float = 85.0
    # C-3 ruling: "as_moves" reads a coloured nick by the move reader's ladder (case forms,
    # one word of a multi-word nick, transliteration, typos); "exact" only folds case,
    # look-alikes and surrounding punctuation
    vote_nicks: VoteNicks = "as_moves"
    ignore_authors: frozenset[str] = frozenset()  # the host's account(s)
    # board accounts known not to be players (outsiders, look-alike accounts): a coloured
    # text that is one of them as written («Limon» beside the player Лимон) is that account,
    # never a player's nick in another spelling (C-3)
    accounts: frozenset[str] = frozenset()
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
    the first — but for a post that quotes without naming the post (`day.needs_earlier_posts`):
    the day is read again from its first post for it where agreements count. `votes`: counted
    so far, in the order cast; `agreed`: `VoteResult.agreed`."""

    votes: tuple[Vote, ...] = ()
    agreed: Mapping[int, str] = field(default_factory=dict)


def supersede(readings: list[PostReading], i: int | None) -> None:
    """Mark the reading of a vote a later one replaced (None: a vote cast before the posts
    read now, `VotesSoFar`, whose reading is not among them)."""
    if i is not None:
        readings[i] = replace(readings[i], status="superseded")


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


def defaults_for(ruleset: Ruleset, o: VoteOptions) -> tuple[tuple[str, ...], Policy, bool, bool]:
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


class Authors:
    """Classifies post authors: living / dead / beaten / outsider / ignored.

    A player is found by board user id when the page and `ids` both give one, else by
    the exact spelling of his account (`parser.identity.account_key`: authors are account
    names, which the board keeps unique up to case). A name that only reads like a player's
    (a look-alike letter, an invisible character) is another account: an outsider.
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
        self.ignore = {account_key(p) for p in ignore}

    def status(self, author: str, author_id: int | None = None) -> tuple[str, str]:
        if account_key(author) in self.ignore:
            return "ignored", author
        player = self.cast.player(author, author_id)
        if player is None:
            return "outsider", author
        if player in self.living:
            return ("beaten" if nick_key(player) in self.beaten else "living"), player
        return "dead", player


def late_edit(post: Post, o: VoteOptions) -> str | None:
    edited_at = post.edited.at if post.edited is not None else None
    if o.until is not None and edited_at is not None and edited_at >= o.until:
        return "edited_after_deadline"
    return None


def tally_of(votes: Iterable[Vote]) -> dict[str, int]:
    counts: dict[str, int] = {}
    reached: dict[tuple[str, int], int] = {}  # (target, count) → order it was reached
    for n, v in enumerate(votes):
        counts[v.target] = counts.get(v.target, 0) + 1
        reached[(v.target, counts[v.target])] = n
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], reached[(kv[0], kv[1])], kv[0])))


def refusal_detail(reason: str, target: str | None = None, text: str | None = None) -> str:
    return {
        NOT_A_PLAYER: "Вы не участвуете в игре, голос не засчитан.",
        DEAD: "Выбывшие игроки не голосуют.",
        BEATEN: "Избитый игрок в этот ход не голосует (P-A.3).",
        UNKNOWN_NICK: f"Не нашёл среди живых игроков «{text}»: голос не засчитан.",
        AMBIGUOUS_NICK: f"«{text}» подходит к нескольким игрокам: напишите ник так, как он "
        "стоит в списке игроков.",
        DEAD_TARGET: f"«{text}» уже выбыл(а) из игры: голос не засчитан.",
        SELF_VOTE: "Голос за себя не засчитывается.",
        NO_REASON: f"Голос за {target} без обоснования не засчитан (нужна причина словами).",
        CHANGED_VOTE: f"Голос менять нельзя: засчитан первый, за {target}.",
        REPEATED_VOTE: f"Ваш голос уже засчитан — первый, за {target}; повторять его не нужно.",
        NOT_A_NOMINEE: f"{target} не на суде: голосовать можно только за номинантов.",
        UNCLEAR: f"В сообщении выделено несколько ников ({text}), и не ясно, за кого голос: "
        "он не засчитан, ведущий посмотрит сам.",
        UNPROVEN: f"«{text}» выделен(а) цветом, но из слов не видно, что это голос: он не "
        "засчитан, ведущий посмотрит сам. Если это голос — напишите его с причиной.",
        DOUBTED: f"Голос за «{text}» написан с сомнением и не засчитан: если решили — "
        "напишите голос ещё раз, без «может быть».",
        WISHED: f"«Я бы…» про «{text}» — пожелание, а не голос: он не засчитан. Если это "
        "голос — напишите его прямо.",
        CONDITIONAL: f"Голос за «{text}» дан с условием и не засчитан: когда решите — "
        "напишите голос без условия.",
        PUT_OFF: f"Голос за «{text}» вы отложили на потом: пока он не засчитан.",
        PROXIED: f"Голос за «{text}» подан за другого игрока и не засчитан: каждый игрок "
        "голосует сам, со своего аккаунта.",
        WITHDRAWN: f"Вы отказались от голоса за «{text}»: отозвать голос правила не "
        "позволяют, ведущий посмотрит сам.",
    }.get(reason, reason)


# -- the day's votes --------------------------------------------------------------------------


_REFUSAL_OF_STATUS = {"outsider": NOT_A_PLAYER, "dead": DEAD, "beaten": BEATEN}


def voter_refusal(status: str, author: str, target: str, allow_self_vote: bool) -> str | None:
    """Why a readable vote cannot count because of who cast it (not a player, out of the
    game, beaten under P-A.3, or for himself), or None. Kept apart from `extract_votes` so
    the loop there reads as: who may vote, then what the vote says."""
    refusal = _REFUSAL_OF_STATUS.get(status)
    if refusal is None and target == author and not allow_self_vote:
        return SELF_VOTE
    return refusal


#: what a player is told of a red or green (or a court vote) on the host's own name (the
#: code is ``unknown_nick``: he names no player, as an outsider's account names none)
HOST_DETAIL: Final = "«{text}» — ведущий игры, а не игрок: голос за него не засчитан."
#: the player a coloured word not proven to be his is likeliest to mean, told with the refusal
GUESS_DETAIL: Final = " Может быть, вы имели в виду {nick}? Тогда напишите ник, как в списке."


def account_text_key(text: str) -> str:
    """A nick or a coloured text as written, its case, look-alikes and edge marks folded."""
    return fold_text(text).strip(" ,.;:!?…«»\"'()[]@")


def host_resolver(hosts: Iterable[str], seated: Iterable[str]) -> NickResolver | None:
    """The host's accounts (`VoteOptions.ignore_authors`) that hold no seat of the game, read
    as written or in a case form («Ведущему»); None when there are none. A player whose nick
    is the host's word stays a player (C-3)."""
    taken = {account_text_key(n) for n in seated}
    own = tuple(a for a in hosts if account_text_key(a) not in taken)
    return cached_resolver(own, partial=False) if own else None


def names_host(text: str, hosts: NickResolver | None) -> bool:
    """Whether a text no player was read from is the host's account (see `host_resolver`)."""
    return hosts is not None and hosts.resolve(text, inflected=True, fuzzy=False).ok
