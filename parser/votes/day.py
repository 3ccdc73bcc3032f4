"""`extract_votes`: a day's greens or red votes (G-N.1, G-N.2, P-V.1–P-V.3)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Final

from engine.actions import InputRejected, Vote
from engine.rules import ruleset_class
from parser.links import written_out_post_ids
from parser.morph import common_word, is_person_name, parse, word_nick
from parser.nicks import (
    AMBIGUOUS_NICK,
    UNKNOWN_NICK,
    NickResolver,
    cached_resolver,
    trimmed_key,
    written_word,
)
from parser.oldspelling import modern_post
from parser.records import ColoredSpan, Post, Quote
from parser.roles import role_word
from parser.struck import without_struck
from parser.votes.names import (
    REASON_LEAD,
    Pick,
    bare_word,
    guess_detail,
    heard_out,
    is_cue,
    nick_like,
    read_spans,
)
from parser.votes.negation import (
    ASKED,
    JAIL_LEMMAS,
    JOKED,
    disowned,
    has_lemma,
    left_open,
    live_negations,
    not_retracted,
)
from parser.votes.proof import (
    UNCLEAR,
    abstains,
    accuses_him,
    corrected_away,
    green_word,
    has_vote_grammar,
    leaning,
    new_post,
    nick_asked,
    not_a_name,
    own_verb_object,
    own_vote_said,
    place_use,
    proven_pick,
    put_off,
    put_off_after,
    refused_after,
    reported_spans,
    said_for_later,
    settled_in_words,
    span_starts,
    spared_in_words,
    told_of,
    unaccounted,
    unproven,
    unsigned_post,
    verb_use,
    vote_word_not_own,
    word_use,
)
from parser.votes.proxy import proxy_of
from parser.votes.reasons import reason_words
from parser.votes.records import (
    CHANGED_VOTE,
    CONDITIONAL,
    DEAD_TARGET,
    HOST_DETAIL,
    NO_REASON,
    PROXIED,
    PUT_OFF,
    REPEATED_VOTE,
    UNPROVEN,
    Authors,
    Policy,
    PostReading,
    Ruleset,
    VoteNicks,
    VoteOptions,
    VoteResult,
    VotesSoFar,
    account_text_key,
    color_matches,
    defaults_for,
    host_resolver,
    in_window,
    late_edit,
    names_host,
    refusal_detail,
    supersede,
    tally_of,
    voter_refusal,
)
from parser.votes.talk import names_player, talked_of, told_together
from parser.votes.typed import as_cyrillic


def _asked_before_a_vote(reason: str, author: str, counted: Mapping[str, Vote]) -> set[str]:
    """{author} when his post was asked about as a name several players answer to before
    any vote of his counted (C-3), else an empty set."""
    return {author} if reason == AMBIGUOUS_NICK and author not in counted else set()


def _after_unclear(
    previous: Vote | None, policy: str, author: str, unclear_first: Collection[str]
) -> str | None:
    """P-V.3, C-3: under the first-vote policy, a red from an author whose first vote named a
    name two players answer to is no proven first vote — it may be a change of that one:
    the host's to say, not the reader's (`UNCLEAR`)."""
    if previous is None and policy == "first" and author in unclear_first:
        return UNCLEAR
    return None


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
    colors, policy, need_reason, agreement = defaults_for(ruleset, o)
    kind = ruleset_class(ruleset).vote_kinds[0][1]  # the topic's votes: greens or reds
    resolver = cached_resolver(tuple(players), o.fuzzy_threshold)
    dead_resolver = cached_resolver(tuple(dead), partial=False) if dead else None
    who = Authors(players, dead, beaten, o.ignore_authors, player_ids)
    seated = {account_text_key(n) for n in (*players, *dead)}
    # the host's own account is no player either: a red or green on his name is a vote to
    # refuse and show him, as one for an outsider account is (P-V.1, G-N.1, C-3)
    known = (*o.accounts, *o.ignore_authors)
    accounts = {account_text_key(a) for a in known} - seated
    account_names = (
        cached_resolver(tuple(a for a in known if account_text_key(a) in accounts), partial=False)
        if accounts
        else None
    )
    host_names = host_resolver(o.ignore_authors, (*players, *dead))

    readings: list[PostReading] = []
    rejected: list[InputRejected] = []
    start = so_far or VotesSoFar()
    counted: dict[str, Vote] = {v.voter: v for v in start.votes}  # voter → vote that counts
    reading_of: dict[str, int] = {}  # voter → index in readings of that vote
    accepted_by_post = dict(start.agreed)  # P-V.2: post id → target of an accepted vote
    # the posts of accepted votes read now, in order (a quote naming no post is looked for
    # among them: `needs_earlier_posts`)
    seen: list[Post] = []

    def reject(post: Post, author: str, reason: str, **kw: str | None) -> None:
        text = kw.get("text")
        # the host's handle heard by its sound («Скипера» for Skipper) is his too (C-3)
        host = (
            reason == UNKNOWN_NICK
            and text is not None
            and host_names is not None
            and (names_host(text, host_names) or heard_out(host_names, text))
        )
        detail = (
            HOST_DETAIL.format(text=text)
            if host
            else refusal_detail(reason, kw.get("target"), text)
            + _guess(resolver, o.vote_nicks, reason, text)
        )
        rejected.append(
            InputRejected(
                author,
                reason,
                detail,
                post_id=post.id,
                target=kw.get("target") or kw.get("text"),
            )
        )
        readings.append(
            PostReading(post.id, author, "rejected", kw.get("target"), reason, kw.get("text"))
        )

    # P-V.3, C-3: authors whose vote was asked about (a name several players answer to)
    # before any vote of theirs counted — under "first" it may be the vote that stands
    unclear_first: set[str] = set()
    for post in posts:
        status, author = who.status(post.author, post.author_id)
        if post.deleted or not in_window(post, o) or status == "ignored":
            continue
        post = modern_post(post)  # «Противъ <Онѣгина>»: the pre-reform spelling (C-3)
        spans = _in_vote_colour(post, colors)
        if not spans:
            # no word in a vote's colour: no vote and nothing to refuse, as `_post_vote` reads
            # such a post (no span to resolve, to take back or to show), without its reading
            readings.append(PostReading(post.id, author, "no_vote"))
            continue
        spans = one_nick_spans(post.own_text, spans, resolver)
        # a key chord, a command, an emoticon in colour: decoration, whatever it spells
        spans = [s for s in spans if not not_a_name(s.text, resolver.players)]
        spans, outside = _apart(spans, accounts, account_names, resolver)
        # another player's vote in the post: shown to the host (a spectator or a player
        # out is told only that he does not vote, C-5)
        also: list[ColoredSpan] | None = [] if status in ("living", "beaten") else None
        pick, named, refusal_of_text = _post_vote(
            post,
            spans,
            resolver,
            dead_resolver,
            policy,
            o.vote_nicks,
            author,
            need_reason,
            also,
            spared_counted=o.argued_votes_counted,
        )
        if also and status == "living":
            text = also[0].text
            detail = refusal_detail(PROXIED, None, text)
            rejected.append(InputRejected(author, PROXIED, detail, post_id=post.id, target=text))
        if pick is None and refusal_of_text is None and outside:
            refusal_of_text = (UNKNOWN_NICK, outside[0].text)
        if pick is None:
            if status == "living" and refusal_of_text is not None:
                reject(post, author, refusal_of_text[0], text=refusal_of_text[1])
                unclear_first |= _asked_before_a_vote(refusal_of_text[0], author, counted)
            else:
                readings.append(PostReading(post.id, author, "no_vote"))
            continue
        target = pick.match.nick
        assert target is not None  # read_spans only picks resolved spans
        refusal = voter_refusal(status, author, target, o.allow_self_vote) or _after_unclear(
            counted.get(author), policy, author, unclear_first
        )
        if refusal is not None:
            reject(post, author, refusal, target=target, text=pick.span.text)
            continue
        previous = counted.get(author)
        if previous is not None and policy == "first":
            # P-V.3 comes before the reason check: once a vote is accepted, any later red
            # nick is at most a change attempt, whatever its wording
            # a red for the player already voted for is a later vote too: ignored and
            # reported, the first one standing (docs/rulings.md, P-V.3)
            again = REPEATED_VOTE if previous.target == target else CHANGED_VOTE
            reject(post, author, again, target=previous.target, text=pick.span.text)
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
                referred += written_out_post_ids(post.own_text)
                # IPB 1.3 quotes name the author and time, not the post: the quoted words
                # find it among that author's posts
                referred += [
                    n for q in post.quotes if q.post_id is None for n in quoted_posts(q, seen)
                ]
                agreed_with = next((n for n in referred if accepted_by_post.get(n) == target), None)
            if agreed_with is None:
                reject(post, author, NO_REASON, target=target, text=pick.span.text)
                continue
        if previous is not None:  # "last": the earlier vote is superseded
            supersede(readings, reading_of.get(author))
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
        seen.append(post)
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
                late_edit(post, o),
            )
        )

    votes = list(counted.values())
    # P-V.2: what a later post may agree with — nothing to carry on where there is no agreement
    agreed = accepted_by_post if agreement else {}
    return VoteResult(votes, rejected, tally_of(votes), readings, agreed)


def _guess(resolver: NickResolver, mode: VoteNicks, reason: str, text: str | None) -> str:
    """The player an unknown coloured word was shown for, named in the refusal: an
    autocorrect's word, a word of a Latin nick's sense, a fragment of his nick (C-3)."""
    if reason != UNKNOWN_NICK or text is None:
        return ""
    return guess_detail(resolver, text, mode)


def _in_vote_colour(post: Post, colors: Sequence[str]) -> list[ColoredSpan]:
    """The post's coloured spans in a vote's colour, struck ones left out (P-V.1, G-N.1)."""
    return [s for s in post.colored if not s.struck and color_matches(s.color, colors)]


def one_nick_spans(
    own_text: str, spans: Sequence[ColoredSpan], resolver: NickResolver
) -> list[ColoredSpan]:
    """The coloured spans with each run of adjacent ones that together spell one player's
    nick joined into one span (P-V.1, G-N.1, C-3): the same colour, only whitespace or
    nothing between them, and the joined text read as exactly one player in a form the
    reader recognises. Spans that each name a different player stay apart."""
    low = own_text.casefold()
    out: list[ColoredSpan] = []
    begin: list[int] = []
    for span, at in zip(spans, span_starts(low, spans), strict=True):
        if out and at >= 0 and begin[-1] >= 0:
            prev = out[-1]
            stop = begin[-1] + len(prev.text)
            text = own_text[begin[-1] : at + len(span.text)]
            if (
                stop <= at
                and not own_text[stop:at].strip()
                and (prev.color, prev.struck) == (span.color, span.struck)
                and _spells_one(text, prev.text, span.text, resolver)
            ):
                out[-1] = replace(prev, text=text)
                continue
        out.append(span)
        begin.append(at)
    return out


def _spells_one(text: str, first: str, second: str, resolver: NickResolver) -> bool:
    """Whether `text` is one player's nick in a recognised form — not by a part of it, not
    by a guess — and its two halves are not two players' whole nicks each."""
    match = resolver.resolve(text, inflected=True, fuzzy=False)
    if not match.ok or match.method in ("partial", "fuzzy"):
        return False
    halves = [resolver.resolve(t, inflected=True, fuzzy=False) for t in (first, second)]
    apart = {h.nick for h in halves if h.ok and h.method not in ("partial", "fuzzy")}
    return len(apart) < 2


def _apart(
    spans: list[ColoredSpan], keys: set[str], names: NickResolver | None, players: NickResolver
) -> tuple[list[ColoredSpan], list[ColoredSpan]]:
    """(the spans that may name players, those naming a known non-player account)."""
    if names is None:
        return spans, []
    others = [span for span in spans if _names_account(span.text, keys, names, players)]
    return [span for span in spans if span not in others], others


def _names_account(
    text: str, keys: set[str], names: NickResolver | None, players: NickResolver
) -> bool:
    """A coloured text that is a known non-player account as written, or one of its case
    forms («Внучку» for the account Внучка) that names no player: that account (C-3). A form
    that names players — one, or several in a case clash («Кота» with Кот and Кота seated,
    which has no one reading) — is left to the vote reader, which asks about a clash."""
    if names is None:
        return False
    if account_text_key(text) in keys:
        return True
    return (
        names.resolve(text, inflected=True, fuzzy=False).ok
        and not players.resolve(text, inflected=True, fuzzy=False).candidates_or_nick
    )


def _post_vote(
    post: Post,
    spans: list[ColoredSpan],
    resolver: NickResolver,
    dead: NickResolver | None,
    policy: Policy,
    mode: VoteNicks,
    author: str,
    need_reason: bool = True,
    also: list[ColoredSpan] | None = None,
    spared_counted: bool = False,
) -> tuple[Pick | None, list[ColoredSpan], tuple[str, str] | None]:
    """(the post's vote, its spans naming players, or the refusal and the text it is about
    when it holds none a living voter is told of) — several players in the vote's colour
    count only when the words prove one (`parser.votes.proof`). A vote the words give as
    another player's (`parser.votes.proxy`) is refused ``proxied``; beside one of the
    author's own it is put in `also`, to be shown to the host as well."""
    new_post()  # the checks below share this post's words, not the last post's
    # struck words are taken back, in the retraction check as in the reason (P-V.1)
    struck = bool(spans)
    # a signature is who the author is, not his vote
    post, spans = unsigned_post(post, spans)
    as_typed = without_struck(post) if struck else post.own_text
    # Russian typed in Latin letters is read as the Cyrillic it stands for
    own = as_cyrillic(as_typed, spans)
    spans, proxied = _own_spans(own, spans, also)
    if proxied is not None:  # P-V.1, G-N.1, C-5: a seat votes only through its own account
        return None, [], (PROXIED, proxied)
    # «Y пишет: "голосую за <X>" — глупость», «все за <X>, а зря»: another's vote repeated
    reported = reported_spans(own, spans, partial(names_player, resolver))
    if reported:
        apart = {id(s) for s in reported}  # by identity: one nick may be coloured twice
        spans = [s for s in spans if id(s) not in apart]
        if not spans:  # no red of the author's own: shown to the host, never counted
            return None, [], (UNPROVEN, reported[0].text)
    before = spans
    spans = not_retracted(own, spans)
    if before and not spans:
        taken = _taken_back(
            own, as_typed, before, resolver, dead, policy, mode, author, need_reason
        )
        if taken is not None:
            return taken
    pick, failure, dead_hit, named, resolved = read_spans(
        spans, resolver, dead, policy, mode, author, own
    )
    kept = _accounted_picks(own, resolved, author)
    if len(kept) < len(resolved):  # the others stay named: accounted for, not unread
        resolved = kept
        pick = (resolved[-1] if policy == "last" else resolved[0]) if resolved else None
    if pick is not None and len({p.match.nick for p in resolved}) > 1:
        pick = proven_pick(own, resolved, policy)
        if pick is None:
            settled = _settled(as_typed, spans, resolver, dead, policy, mode, author)
            if settled is not None:
                return settled
            return None, named, (UNCLEAR, ", ".join(p.span.text for p in resolved))
    if failure is None or pick is not None:
        # «<Павла>… ой, нет, <Гермоген>»: the vote read (or taken back) was corrected to a
        # name no player bears — shown to the host, never counted for the first name
        read = [s for s in before if s in named or s not in spans]
        unread = [s for s in spans if s not in named and _unread_name(resolver, s.text)]
        away = corrected_away(own, read, unread)
        if away is not None:
            reason = failure.match.reason if failure and failure.span is away else None
            return None, named, (reason or UNKNOWN_NICK, away.text)
    if pick is not None:
        stop, refusal = _not_counted(own, pick, resolved, (before, spans, named), resolver, author)
        # a nick that corrects the vote read before it («Против <Гульсины>… ошибся —
        # <Мотылькова>») stands in that vote's grammar, whatever its own words are
        corrects = resolved and pick is not resolved[0] and has_vote_grammar(own, resolved[0])
        said_none, talk = (
            (False, None) if corrects else _said_no_vote(own, as_typed, pick, need_reason, resolver)
        )
        if stop or said_none:
            return None, named, refusal or talk
        refusal = _unproven_words(own, pick)
        if refusal is None and not spared_counted and spared_in_words(own):
            # «Голосую против <X>, но не трогайте её»: the words argue against the vote —
            # shown to the host, not counted (`argued_votes_counted`, issue 17 item 2)
            refusal = (UNPROVEN, pick.span.text)
        return (pick, named, None) if refusal is None else (None, named, refusal)
    return None, named, _no_pick(failure, dead_hit, spans, own)


_WORD_RE: Final = re.compile(r"[а-яё]+")


def _meant_as_nick(own: str, span: ColoredSpan) -> bool:
    """C-3, G-N.1, P-V.1: an ordinary word in the vote's colour — or a noun with its
    adjective («<Лунный свет>») — typed with a capital as a nick is, in a case form a vote
    puts its player in (not the nominative of a label or a cry) and in a sentence that
    votes or sends to court («<Машинку> на суд», «Против <Машинки>», «<Призрака> зеленю»),
    or a role's word in lower case in such a sentence («против <комиссара>»):
    meant as a nick, and it names no player — shown to the voter as unknown, not read as
    emphasis. Right after a vote verb in the first person the text is that verb's object
    whatever its case or letters («Выдвигаю <Сокол>», «голосую <лимонад>»)."""
    text = span.text.strip(" .,!?:;()«»\"'")
    words = text.split()
    if not 1 <= len(words) <= 2 or not all(_WORD_RE.fullmatch(w.casefold()) for w in words):
        return False
    if len(text) < 3:
        return False
    readings = [[r for r in parse(w.casefold()) if r.known] for w in words]
    if not all(readings) or readings[-1][0].pos != "NOUN":
        return False
    if len(words) == 2 and readings[0][0].pos != "ADJF":
        return False  # two words: an adjective and its noun, nothing else
    low = own.casefold().replace("ё", "е")
    at = low.find(text.casefold().replace("ё", "е"))
    if at < 0:
        return False
    # the object of a first-person vote verb right before it is meant as a nick however it
    # is typed — in the form such an object takes (the nominative or the accusative)
    capital = text[:1].isupper()
    if _object_of_vote_verb(low, at):
        return capital or any(r.grammemes & {"nomn", "accs"} for r in readings[-1])
    # «Голосую против <комиссара>»: a role in lower case is voted for as whoever holds it —
    # no player is named, and the host is shown it (C-3, P-V.1), not left unseen
    role = not capital and len(words) == 1 and role_word(text.casefold()) is not None
    if not capital and not role:
        return False
    # the nominative is a label or a cry («<Внимание>!»)
    if "nomn" in readings[-1][0].grammemes:
        return False
    start = max((m.end() for m in _SENTENCE_END.finditer(low, 0, at)), default=0)
    end = _SENTENCE_END.search(low, at)
    sentence = _WORD_RE.findall(low[start : end.start() if end else len(low)])
    own_words = {bare_word(w) for w in words}
    return any(
        w not in own_words and (is_cue(w) or green_word(w) or has_lemma((w,), JAIL_LEMMAS))
        for w in sentence
    )


def _a_being_named(own: str, span: ColoredSpan) -> bool:
    """C-3, P-V.1, G-N.1: a capitalised singular animate common noun — a being, as word
    nicks are (Кот, Сова, Призрак) — in the vote's colour at the head of its sentence
    («<Призрак> мутный какой-то»): meant as a nick, and it names no player. So is any
    capitalised singular noun there in the object's case with a reason's lead after it
    («<Штопор> за то что молчит»: the vote with its verb left out). A role is no one's
    name («<Маньяк> сегодня промахнулся»), a plural no one player («<Друзья>, …»)."""
    word = span.text.strip(" .,!?:;()«»\"'")
    if not word[:1].isupper() or not _WORD_RE.fullmatch(word.casefold()) or len(word) < 3:
        return False
    readings = [r for r in parse(word.casefold()) if r.known]
    if not readings or role_word(word.casefold()) is not None:
        return False
    if any(r.grammemes & {"Name", "Surn", "Patr"} for r in readings):
        return False
    low = own.casefold().replace("ё", "е")
    at = low.find(word.casefold().replace("ё", "е"))
    if at < 0:
        return False
    start = max((m.end() for m in _SENTENCE_END.finditer(low, 0, at)), default=0)
    if _WORD_RE.findall(low[start:at]):
        return False
    top = readings[0]
    if top.pos == "NOUN" and {"anim", "sing", "nomn"} <= top.grammemes:
        return True
    # «<Галку> за то что вчера весь день молчал»: a being in the object a vote puts its
    # player in, with the reason's lead after it — the vote said with its verb left out
    # («<Штопор> за то что молчит»: any singular noun in the object's case, the reason's
    # lead after it says it was the vote's player)
    being = any(r.pos == "NOUN" and {"sing", "accs"} <= r.grammemes for r in readings)
    return being and bool(REASON_LEAD.match(low, at + len(word)))


def _alone(own: str, span: ColoredSpan) -> bool:
    """G-N.1, P-V.1: a noun of the dictionary — or an adjective and its noun — in the vote's
    colour that is all the words of its post («<Солнышко> 🙏», «<лимонад>»): the colour
    alone names it as the vote, and it names no player."""
    words = _WORD_RE.findall(own.casefold())
    text = span.text.casefold()
    if words != _WORD_RE.findall(text) or not 1 <= len(words) <= 2 or len(text) < 3:
        return False
    if span.text.rstrip().endswith(":") or any(is_cue(w) for w in words):
        return False  # a label («Голос:»), a vote word («Голос»): layout, no name
    tops = [next((r for r in parse(w) if r.known), None) for w in words]
    if any(t is None for t in tops) or tops[-1] is None or tops[-1].pos != "NOUN":
        return False
    return len(words) == 1 or (tops[0] is not None and tops[0].pos == "ADJF")


def _object_of_vote_verb(low: str, at: int) -> bool:
    """Whether the word right before position `at` of `low` is a vote verb in the first
    person («выдвигаю», «голосую», «зеленю»): what follows is its object."""
    before = _WORD_RE.findall(low[max(0, at - 40) : at])
    if not before or not is_cue(before[-1]):
        return False
    return any(r.pos == "VERB" and "1per" in r.grammemes for r in parse(before[-1])[:1])


def _own_spans(
    own: str, spans: list[ColoredSpan], also: list[ColoredSpan] | None
) -> tuple[list[ColoredSpan], str | None]:
    """(the spans that are the author's own vote, the text of another's vote when the post
    holds no vote of his own) — `parser.votes.proxy`. Another player's vote beside one of
    the author's is put in `also`, to be shown to the host as well; `also` None: the author
    casts no vote at all (a spectator, a player out), so whose vote it is does not matter."""
    proxy = proxy_of(own, spans) if also is not None else None
    if proxy is None or not proxy.shown:
        return spans, None
    if not proxy.own:
        return [], proxy.shown[0].text
    if also is not None:
        also.extend(proxy.shown)
    return proxy.own, None


def _taken_back(
    own: str,
    as_typed: str,
    spans: list[ColoredSpan],
    resolver: NickResolver,
    dead: NickResolver | None,
    policy: Policy,
    mode: VoteNicks,
    author: str,
    need_reason: bool = True,
) -> tuple[Pick | None, list[ColoredSpan], tuple[str, str] | None] | None:
    """The reading of a post whose every coloured span is taken back: a choice settled on one
    of them (`_settled`), a nick left open (`_left_open`), or — «Против <Клинка> — он всё
    равно в мертвятнике, шучу)» — a red on a dead player, a seat out of the game, shown to
    the host as `dead_target` (C-5, P-V.1); a companion in a story of a day gone by
    (`_told_together`) is shown as `unproven`. None: nothing to tell (a living player's red
    taken back as a joke)."""
    settled = _settled(as_typed, spans, resolver, dead, policy, mode, author)
    if settled is not None:
        return settled
    open_ = _left_open(own, spans, resolver, dead, policy, mode, author)
    if open_ is not None:
        return open_
    alive, _failure, dead_named, named, _picks = read_spans(
        spans, resolver, dead, policy, mode, author, own
    )
    if alive is not None and len(spans) == 1:
        # «Вчера с <Ямахой> спорили — он врал и юлил»: the story of a day gone by is the
        # reason against him — a red's reason, or a green's beside the author's own
        # «выдвигаю» — so the day-gone-by rule takes nothing back (P-V.1, G-N.1); a green
        # with no vote word is shown below, as before
        if told_together(own, alive, accused_ok=True):
            accused = not told_together(own, alive) and accuses_him(own)
            if accused and (need_reason or _own_vote_word(own)):
                return alive, named, None
            # «Вчера с <Ямахой> гоняли до заправки»: a day gone by is no vote to tell of, but
            # a player named in colour as the author's companion in it is shown, whatever the
            # story says of him — never dropped unseen (G-N.1, P-V.1)
            return None, named, (UNPROVEN, alive.span.text)
        if _talked_of(own, as_typed, alive, resolver):
            # «вчера в трубу видел <Вегу>»: set in a day gone by, and a sight, a line or a
            # story besides — shown to the host as any nick talked of is (P-V.1, G-N.1)
            return None, [alive.span], (UNPROVEN, alive.span.text)
    return (None, [], (DEAD_TARGET, dead_named)) if alive is None and dead_named else None


def _not_counted(
    own: str,
    pick: Pick,
    resolved: list[Pick],
    spans_of: tuple[list[ColoredSpan], list[ColoredSpan], list[ColoredSpan]],
    resolver: NickResolver,
    author: str,
) -> tuple[bool, tuple[str, str] | None]:
    """(stop, the refusal) for a pick the words do not prove: a coloured name beside him
    unread, his own nick in others' words (`_unproven_pick`), the vote put off, one of two
    weighed nicks refused and the other only asked about, a thanks or a question to him —
    each shown to the host. (False, None): read on."""
    before, spans, named = spans_of
    doubt = _unproven_pick(own, pick, resolved, spans, named, resolver, author)
    if doubt is not None:
        return True, doubt
    if said_for_later(own, pick) or put_off(own, pick) or put_off_after(own, pick):
        return True, (PUT_OFF, pick.span.text)  # shown to the host, not counted
    if place_use(own, pick, _common_nick(pick.match.nick or "")):
        return True, (UNPROVEN, pick.span.text)  # «в <Каменке>»: the place, not the player
    if verb_use(own, pick):
        return True, (UNPROVEN, pick.span.text)  # «<крашу> до вечера»: the author's own verb
    if own_verb_object(own, pick):
        return True, (UNPROVEN, pick.span.text)  # «везу <X> на дачу»: the author's errand
    if leaning(own, pick):
        return True, (UNPROVEN, pick.span.text)  # «склоняюсь к <X>»: leant to, not voted
    if disowned(own):
        # «<X> — это я своему псу, не голос»: the author says the post casts no vote
        return True, (UNPROVEN, pick.span.text)
    if vote_word_not_own(own, pick):
        # «пора голосовать», a vote word in a question: nobody's vote said (P-V.1)
        return True, (UNPROVEN, pick.span.text)

    def names_other(word: str) -> bool:
        match = resolver.resolve(word, inflected=True, fuzzy=False)
        ok = match.ok and match.method not in ("partial", "fuzzy")
        return ok and match.nick != pick.match.nick

    if len(spans) == 1 and refused_after(own, pick, names_other):
        # «<X> врал тренеру. Но голосовать против ребёнка не буду»: the only candidate
        # refused in a later clause — shown to the host, not counted (P-V.1, G-N.1)
        return True, (UNPROVEN, pick.span.text)
    copies = [p for p in resolved if p.match.nick == pick.match.nick] or [pick]
    # «<Блика> — или <Блица>? Пардон: против <Блица>»: a later copy not asked answers it
    if len(spans) < len(before) and all(_asked_about(own, p, before) for p in copies):
        # «<Тихон> или <Милена>? Не голосую за Милену»: one weighed nick refused, the other
        # only asked about — no vote of his said; shown to the host (P-V.1, G-N.1)
        return True, (UNPROVEN, pick.span.text)
    return False, None


def _unproven_words(own: str, pick: Pick) -> tuple[str, str] | None:
    """A thanks, praise, a question or a request to him (`parser.votes.proof.unproven`):
    shown to the host, not counted."""
    return (UNPROVEN, pick.span.text) if unproven(own, pick) else None


def _settled(
    own: str,
    spans: list[ColoredSpan],
    resolver: NickResolver,
    dead: NickResolver | None,
    policy: Policy,
    mode: VoteNicks,
    author: str,
) -> tuple[Pick, list[ColoredSpan], None] | None:
    """The vote when several players weighed in colour are settled in plain words after the
    last of them («…, но голос за Лену»: `parser.votes.proof.settled_in_words`), every
    coloured span naming a player and none of them the author; None otherwise."""
    *_, named, resolved = read_spans(spans, resolver, dead, policy, mode, author)
    players = {p.match.nick for p in resolved}
    if len(players) < 2 or author in players or len(named) != len(spans):
        return None

    def one_player(text: str) -> str | None:
        match = resolver.resolve(text, inflected=mode == "as_moves", fuzzy=False)
        ok = match.ok and match.method not in ("partial", "fuzzy")
        return match.nick if ok else None

    pick = settled_in_words(own, resolved, one_player)
    return (pick, named, None) if pick is not None else None


def _no_pick(
    failure: Pick | None, dead_hit: str | None, spans: list[ColoredSpan], own: str = ""
) -> tuple[str, str] | None:
    """What a post whose coloured spans name no living player is refused for, if anything:
    a nick-like text no player bears, a dead player, an ordinary word nominated as a nick
    («<Машинку> на суд»: `_meant_as_nick`), two names weighed in one colour."""
    if failure is not None:
        return failure.match.reason or UNKNOWN_NICK, failure.span.text
    if dead_hit is not None:
        return DEAD_TARGET, dead_hit
    meant = next(
        (s for s in spans if _meant_as_nick(own, s) or _a_being_named(own, s) or _alone(own, s)),
        None,
    )
    if meant is not None:
        return UNKNOWN_NICK, meant.text
    weighed = next((s for s in spans if _weighs_names(s.text)), None)
    if weighed is not None:  # «<Кайдзю или Шиномэ>»: two names in one colour, none read
        return AMBIGUOUS_NICK, weighed.text
    return None


_SENTENCE_END: Final = re.compile(r"[.!?\n]")


def _left_open(
    own: str,
    before: list[ColoredSpan],
    resolver: NickResolver,
    dead: NickResolver | None,
    policy: Policy,
    mode: VoteNicks,
    author: str,
) -> tuple[None, list[ColoredSpan], tuple[str, str]] | None:
    """The refusal for a post whose words set every coloured nick aside, when the host must
    see it (issue 17 item 2): one player's nick only asked about («А <Лютик> где был
    ночью?», «Может, <Рыжего> выставить?») is `unproven`; several players with the choice
    left open by a doubt or a question («<Брика>… или <Тору>? не знаю») are `unclear`; one
    player left open by a doubt, a wish, a condition or put off («Может быть, <Грач>… не
    уверена», «я бы выставил <X>», «голосую против <X>, если…», «<X> — позже») is refused
    with the code naming why (`parser.votes.negation.left_open`). None: no vote and nothing
    to show (each nick negated, spared, taken back or joked about in words)."""
    asked, *_, named, resolved = read_spans(before, resolver, dead, policy, mode, author)
    open_, why = left_open(own, before)
    players = {p.match.nick for p in resolved if p.match.nick != author}
    # several players each set on a condition («если … — <X>, если нет — <Y>») are a
    # choice the host must see as well (issue 17 item 2)
    if len(players) > 1 and (open_ or why == CONDITIONAL):
        return None, named, (UNCLEAR, ", ".join(p.span.text for p in resolved))
    if asked is None or len(players) > 1:
        return None
    if len(before) == 1 and (_asked_about(own, asked) or nick_asked(own, asked)):
        return None, [asked.span], (UNPROVEN, asked.span.text)
    if asked.match.nick == author:
        return None
    argued = why == JOKED or (why == "" and spared_in_words(own))
    if argued and not _own_vote_word(own):
        return None  # «<X> опять подсказывает, шучу»: no vote of his to tell of
    if why == ASKED or argued:
        # «Голосую против <X> в шутку», «голосую против <X> не трогайте её»: the post's own
        # words argue against its vote — shown to the host, not counted (issue 17 item 2)
        return None, named, (UNPROVEN, asked.span.text)
    return (None, named, (why, asked.span.text)) if why else None


def _said_no_vote(
    own: str, as_typed: str, pick: Pick, need_reason: bool, resolver: NickResolver
) -> tuple[bool, tuple[str, str] | None]:
    """(whether the words say no vote, the refusal shown to the host): a pick with no vote
    grammar read as a word or a story (`_no_vote_said`: nothing to show), or a nick talked
    of (`_talked_of`: shown, never counted) or told of as the author's companion in a
    story (`told_together`: shown, never counted)."""
    # no vote grammar around the nick and no vote word of the author's own (as `_talked_of`
    # asks it): asked once, for the companion's story and the talk below alike
    free = not (has_vote_grammar(own, pick) or _own_vote_word(own))
    if free and told_together(own, pick):
        return True, (UNPROVEN, pick.span.text)
    said = _no_vote_said(own, pick, need_reason)
    if said and need_reason:
        return True, None
    # a green told of that is also a line retold, a phrase or a sight is shown, as a red's
    # would be (G-N.1: «"<Андромеду> приковали к скале"» names nobody's green)
    if free and talked_of(own, as_typed, pick, partial(names_player, resolver)):
        return True, (UNPROVEN, pick.span.text)
    return said, None


def _talked_of(own: str, as_typed: str, pick: Pick, resolver: NickResolver) -> bool:
    """P-V.1, G-N.1: a coloured nick with no vote grammar around it, in a post with no vote
    word of the author's own, that the words make the subject of a story, a name in a
    retold line, an address in talk or a name in English talk (`parser.votes.talk`) —
    shown to the host, never counted, so the author's real vote later is his first."""
    if has_vote_grammar(own, pick) or _own_vote_word(own):
        return False
    return talked_of(own, as_typed, pick, partial(names_player, resolver))


def _own_vote_word(own: str) -> bool:
    """A vote word of the author's own in the post, not negated («голосую», not «пока не
    голосую»): a joke or a plea beside it argues against a vote he did cast."""
    words = _WORD_RE.findall(own.casefold())
    return any(
        is_cue(w) and not live_negations(words[max(0, n - 2) : n]) for n, w in enumerate(words)
    )


def _accounted_picks(own: str, resolved: list[Pick], author: str) -> list[Pick]:
    """The picks that may be the vote: without an ordinary word coloured in lower case with
    no vote grammar (the word, not the player), and — beside a pick of another player — the
    author's own nick in his protest or question («почему опять <Тора>? … Мой голос —
    <Кайдзю>»), which the words account for as no vote."""
    # «Выдвигаю <себя>» names the author by a pronoun, never as a word of his nick
    kept = [
        p
        for p in resolved
        if p.match.method == "self"
        or not word_use(own, p, _common_nick(p.match.nick or "", p.span.text))
    ]
    others = [p for p in kept if p.match.nick != author]
    if others and len(others) < len(kept):
        weighed = _weighed_against(own, kept)
        kept = [
            p
            for p in kept
            if p.match.nick != author
            or p.match.method == "self"
            or own_vote_said(own, p)
            or id(p) in weighed
        ]
    return kept


def _weighed_against(own: str, picks: list[Pick]) -> set[int]:
    """The picks (by id) joined to the next coloured pick by «или»/«либо» alone: «<Беркут>
    или <Тайфун> — завтра решу» by Тайфун weighs his own nick as one side of a choice, so it
    stays a pick and the choice is left to the proof (G-N.1, P-V.1), never dropped as the
    author's name with the other side counted."""
    low = own.casefold()
    starts = span_starts(low, [p.span for p in picks])
    out: set[int] = set()
    for n in range(len(picks) - 1):
        a, b = starts[n], starts[n + 1]
        if a < 0 or b < 0:
            continue
        between = re.findall(r"[а-яёa-z]+", low[a + len(picks[n].span.text) : b])
        if len(between) == 1 and between[0] in _CHOICE_JOINS:
            out.update((id(picks[n]), id(picks[n + 1])))
    return out


def _weighs_names(text: str) -> bool:
    """A coloured phrase weighing two names with «или»: «Кайдзю или Шиномэ», «Моти или
    Кума» — words with a capital on either side."""
    words = text.split()
    return any(
        w.casefold() in _CHOICE_JOINS
        and 0 < n < len(words) - 1
        and words[n - 1][:1].isupper()
        and words[n + 1][:1].isupper()
        for n, w in enumerate(words)
    )


_CHOICE_JOINS: Final = frozenset(("или", "либо", "or"))


def _common_nick(nick: str, written: str = "") -> bool:
    """A one-word nick that is an ordinary dictionary word (Суббота, Шериф, Туча), in the
    script it is `written` in: a Latin nick written in Cyrillic is the Russian word its
    letters spell (Capella as «капелла», `parser.nicks.written_word`; C-3)."""
    key = trimmed_key(nick)
    if " " in key or not key.isalpha():
        return False
    if common_word(key):  # «MAPKET» by its look-alike letters is «маркет»
        return True
    return bool(written) and common_word(written_word(nick, written.strip()))


def _unproven_pick(
    own: str,
    pick: Pick,
    resolved: list[Pick],
    spans: list[ColoredSpan],
    named: list[ColoredSpan],
    resolver: NickResolver,
    author: str,
) -> tuple[str, str] | None:
    """The refusal that shows the host a pick the words do not prove (issue 17 item 2), or
    None: a coloured phrase weighing him against another with «или»; a coloured name beside
    him that no player is read from and nothing takes back; his own nick in the author's
    protest or in others' words."""
    if pick.match.method == "phrase" and _CHOICE_JOINS & set(pick.span.text.casefold().split()):
        return AMBIGUOUS_NICK, pick.span.text
    unread = [s for s in spans if s not in named and _unread_name(resolver, s.text)]
    others = [s for s in spans if s not in named and s not in unread]
    left = unaccounted(own, pick, unread, others)
    if left:
        return UNCLEAR, ", ".join([*(p.span.text for p in resolved), *(s.text for s in left)])
    if pick.match.nick == author and pick.match.method != "self" and not own_vote_said(own, pick):
        return UNPROVEN, pick.span.text
    return None


def _asked_about(own: str, pick: Pick, spans: Sequence[ColoredSpan] = ()) -> bool:
    """Whether the sentence holding the pick's nick ends with a question mark. `spans`: the
    post's coloured spans in order, to find the pick's own copy of a nick coloured twice
    («<Блица>? … против <Блица>»); without them, its first copy."""
    low = own.casefold()
    text = pick.span.text.casefold()
    same = [s for s in spans if s.text.casefold() == text]
    nth = next((i for i, s in enumerate(same) if s is pick.span), 0)
    at = -1
    for _ in range(nth + 1):
        at = low.find(text, at + 1)
    end = _SENTENCE_END.search(low, at + len(pick.span.text)) if at >= 0 else None
    return end is not None and end.group() == "?"


#: the author speaking of himself in colour («почему опять <я>?»): no other player's name
_AUTHOR_PRONOUNS: Final = frozenset(("я", "меня", "мне", "мной", "мною"))


def _unread_name(resolver: NickResolver, text: str) -> bool:
    """Whether a coloured text no player was read from was meant as someone's name: it
    looks like a nick, or the dictionary reads one of its words as a given name, a surname
    or a patronymic («Зиновию Ивановну») — not a pronoun of the author himself."""
    if text.strip(" .,!?:;()«»\"'").casefold() in _AUTHOR_PRONOUNS:
        return False
    return nick_like(resolver, text) or any(
        is_person_name(w) for w in text.casefold().replace("ё", "е").split()
    )


def _no_vote_said(own: str, pick: Pick, need_reason: bool = True) -> bool:
    """The pick with no grammar of a vote around it (`has_vote_grammar`) is no vote when its
    nick is an ordinary word used as one («<Молчу>, молчу, больше ни слова»), when the post
    says its author does not vote («Сегодня пас. <Нина> мутная») (G-N.1, P-V.1; a vote said
    for later is refused as `put_off` before this is asked); a green that needs no reason,
    also when the nick is the subject of a story («кст <Таня> вчера смешно пошутила»: a
    red's words after the nick are its reason, P-V.1)."""
    if has_vote_grammar(own, pick):
        return False
    # «Видел, как <Вега> вчера сливала мирных — зеленю»: a story with the author's own green
    # verb after it is the green's reason (G-N.1)
    # and so is one with the author's own vote word and an accusation of him («С <X>
    # гоняли, он мафия — выдвигаю»: the story is the reason, G-N.1)
    reason = _own_green_verb(own) or (_own_vote_word(own) and accuses_him(own))
    story = not need_reason and told_of(own, pick) and not reason
    # «после <антракта> поговорим»: a green nick that is an ordinary word, typed in lower
    # case inside a sentence with no vote grammar, is that word (G-N.1)
    # («<себя>» names the author by a pronoun, whatever word his nick is)
    word = (
        not need_reason
        and pick.match.method != "self"
        and pick.span.text.islower()
        and _common_nick(pick.match.nick or "", pick.span.text)
    )
    return word_nick(pick.match.nick) or abstains(own) or story or word


def _own_green_verb(own: str) -> bool:
    """A green verb of the author's own in the post, in the first person and not negated
    («зеленю», «позеленю»; not «не зеленю», nor the adjective «зелёный»)."""
    words = _WORD_RE.findall(own.casefold())
    return any(
        green_word(w)
        and any(r.pos == "VERB" and "1per" in r.grammemes for r in parse(w)[:1])
        and not live_negations(words[max(0, n - 2) : n])
        for n, w in enumerate(words)
    )


def self_green_votes(votes: Iterable[Vote], living: Iterable[str]) -> list[Vote]:
    """G-N.2: the implicit self-greens (kind "self") of living players with no green."""
    voted = {v.voter for v in votes}
    return [Vote(p, p, "self") for p in living if p not in voted]


def self_greens(result: VoteResult, living: Iterable[str]) -> VoteResult:
    """G-N.2 applied to a day's result: the silent living players green themselves."""
    votes = [*result.votes, *self_green_votes(result.votes, living)]
    return VoteResult(votes, list(result.rejected), tally_of(votes), list(result.posts))


def _plain(text: str) -> str:
    return " ".join(text.casefold().split())


def needs_earlier_posts(post: Post) -> bool:
    """Whether `post` quotes without naming the post (IPB 1.3: only the author and time), so
    that P-V.2 looks for the quoted words among the day's earlier accepted votes: a reading
    read on from a `VotesSoFar` holds their ids, not their words, and must read the day
    again from its first post instead."""
    return any(q.post_id is None and q.author is not None and q.text.strip() for q in post.quotes)


def quoted_posts(quote: Quote, posts: Sequence[Post]) -> list[int]:
    """The ids of `posts` a quote that carries no post id is taken from (P-V.2 on boards
    whose quotes name only the author): its author's, whose words hold all its words."""
    words = _plain(quote.text)
    if not words or quote.author is None:
        return []
    who = _plain(quote.author)
    return [p.id for p in reversed(posts) if _plain(p.author) == who and words in _plain(p.text)]
