"""`extract_court_votes`: a Gambler court topic (G-N.4), each post a nominee's nick, coloured
or in words."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import replace
from functools import partial
from typing import Final

from engine.actions import InputRejected, Vote
from parser.morph import common_word, lemmas, parse, pronoun_gender
from parser.nicks import (
    AMBIGUOUS_NICK,
    UNKNOWN_NICK,
    NickMatch,
    NickResolver,
    cached_resolver,
    nick_genders,
    pet_match,
    shared_name,
    trimmed_key,
)
from parser.records import Post
from parser.roles import role_word, side_word
from parser.struck import without_struck
from parser.vocab import MAYBE, UNSURE_WORDS, joked
from parser.votes.fragment import fragment_match
from parser.votes.names import (
    PHRASE_TIERS,
    Pick,
    bare_word,
    guess_detail,
    heard_handle,
    is_cue,
    nick_like,
    read_spans,
    resolve_nick,
    strict_match,
)
from parser.votes.negation import (
    CONTRAST,
    DASH,
    JAIL_LEMMAS,
    SPARE_LEMMAS,
    disowned,
    has_lemma,
    in_doubt,
    jails,
    joke_said,
    live_negations,
    not_retracted,
    wish_turned_down,
)
from parser.votes.proof import (
    addressed_only,
    asked_at,
    event_to_come,
    put_off_clause,
    spared_in_words,
)
from parser.votes.proxy import passed_on
from parser.votes.records import (
    DEAD,
    DEAD_TARGET,
    DOUBTED,
    HOST_DETAIL,
    NOT_A_NOMINEE,
    NOT_A_PLAYER,
    PROXIED,
    PUT_OFF,
    UNCLEAR,
    UNPROVEN,
    WISHED,
    Authors,
    PostReading,
    VoteNicks,
    VoteOptions,
    VoteResult,
    VotesSoFar,
    host_resolver,
    in_window,
    late_edit,
    refusal_detail,
    supersede,
    tally_of,
)
from parser.votes.talk import names_player, talked_of
from parser.votes.typed import as_cyrillic, typed_in_latin

# -- Gambler court (G-N.4) --------------------------------------------------------------------

# A clause ends at a punctuation mark followed by a space (not the dot inside «Dr.Watson»)
_COURT_CLAUSE: Final = re.compile(r"[!?;:,()\n]|[.…](?=\s|$)")


def _court_clauses(text: str, but: set[int] | None = None) -> list[list[str]]:
    """The clauses of a court post, as lists of its words (punctuation-only tokens dropped);
    a contrasting conjunction opens a new clause («Сажаю не Рому, а Катю»). `but`, when
    given, gets the indices of the clauses a «но» opens."""
    out: list[list[str]] = []
    for part in _COURT_CLAUSE.split(_TE.sub("то есть", text)):
        current: list[str] = []
        after_but = False
        for w in part.split():
            if not any(c.isalnum() for c in w):
                continue
            if bare_word(w) in CONTRAST:
                if current:
                    out.append(current)
                current = []
                after_but = bare_word(w) == "но"
                continue
            if after_but and but is not None:
                but.add(len(out))
            after_but = False
            current.append(w)
        if current:
            out.append(current)
    return out


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
            m = strict_match(resolver, chunk, PHRASE_TIERS)
            if m is None and k == 1:
                m = pet_match(resolver, chunk) or heard_handle(resolver, None, chunk, None)
            if m is not None and k == 1:
                m = shared_name(resolver, m)  # a short name two nominees answer to (C-3)
                # «Сажаю Мистера» of Мистер Шуруп: a part that carries no name (C-3)
                m = fragment_match(m, chunk, resolver.players)
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


#: a reason's lead after the nominee: «потому что» (run together or not), «ибо», «т.к.»
_BECAUSE: Final = re.compile(r"пот[оа]м[уо](?:ш?ч?т[оа])?|ибо|поскольку|т\.?к|так")


def _reason_after(clauses: list[list[str]]) -> bool:
    """«блик потомучто …», «Блик, потому что врёт» (G-N.4): a court post that opens with a
    word or two and then the lead of a reason gives its vote first and why after it — the
    words before the lead are the nominee, read as in a clause that jails (a nick that is an
    ordinary word too)."""
    low = [bare_word(w) for c in clauses[:2] for w in c]
    at = next((i for i, w in enumerate(low) if _BECAUSE.fullmatch(w)), None)
    if at is None or not 1 <= at <= 2:
        return False
    return low[at] != "так" or low[at + 1 : at + 2] == ["как"]


def _talked_of(own: str, pick: Pick, resolver: NickResolver) -> bool:
    """G-N.4, G-N.1: a coloured nick in a court post with no word of jailing or voting that
    the post's words make the subject of a story, a name in a retold line, an address in
    talk or a name in English talk (`parser.votes.talk`, as the day reader asks it) — or
    that only calls him out with a question or advice («<Урал>, ты чего молчишь?», «<Кама>,
    поменяй цепь»: `parser.votes.proof.addressed_only`, as the day reader shows it)."""
    if any(_jails(bare_word(w)) for w in own.split()):
        return False
    if addressed_only(as_cyrillic(own, [pick.span]), pick):
        return True
    return talked_of(own, own, pick, partial(names_player, resolver))


def _jails(word: str) -> bool:
    """A word of jailing or voting («посажу», «голосовать»)."""
    return is_cue(word) or bool(JAIL_LEMMAS.intersection(lemmas(word)))


def _doubted(text: str, clauses: list[list[str]]) -> bool:
    """A maybe or a doubt anywhere in a court post («…, не знаю», «наверное»)."""
    maybe = any(set(map(bare_word, c)) & (MAYBE | UNSURE_WORDS) for c in clauses)
    return maybe or in_doubt(text.casefold())


#: words that say the same again in other words: «то есть», «в смысле», «иначе говоря»
_RESTATING: Final = (("то", "есть"), ("в", "смысле"), ("иначе", "говоря"), ("тоесть",))
#: «то есть» shortened («т.е.», «т. е.»): its dots are no clause's end
_TE: Final = re.compile(r"(?<![^\W\d_])т\.\s?е\.", re.IGNORECASE)


def _restated(
    said: tuple[int, list[NickMatch], bool] | None, n: int, low: list[str], votes: bool
) -> tuple[tuple[int, list[NickMatch], bool] | None, list[NickMatch]]:
    """For clause `n` of a court post, naming nobody (bare lower-case words `low`; `votes`:
    it jails or votes): (the clause before that named a nominee, carried on past a restating
    lead alone in its clause — «…, иначе говоря, …» —, the nominees it jails). «Ультраса на
    скамейку, то есть в тюрьму»: a jailing said again in plain words, right after the clause
    naming him and letting no one off, jails that clause's nominee (G-N.4)."""
    if said is None or said[0] != n - 1:
        return said, []
    if tuple(low) in _RESTATING:
        return (n, said[1], True), []
    if votes and (said[2] or _restates(low)) and _set_aside(low, votes) is None:
        return said, said[1]
    return said, []


def _restates(low: list[str]) -> bool:
    """Whether a clause (bare lower-case words) opens by restating the one before it."""
    return any(tuple(low[: len(lead)]) == lead for lead in _RESTATING)


def _court_let_off(words: list[str]) -> bool:
    """Whether a court clause (bare lower-case words) names its nominee only to let him off:
    a negation («Катю не сажать», «сажаю не Рому»), an acquittal («Оправдать Рому», «Рома
    невиновен») or «против» the jailing itself («Я против посадки Ромы»)."""
    if live_negations(words) or has_lemma(words, SPARE_LEMMAS):
        return True
    return any(
        w == "против" and nxt and JAIL_LEMMAS.intersection(lemmas(nxt))
        for w, nxt in zip(words, [*words[1:], ""], strict=True)
    )


def _dash_head(resolver: NickResolver, text: str) -> list[NickMatch]:
    """«Кот — врал весь день»: a post that opens with a bare nick and a dash gives the vote
    first and the reason after it, unless the reason lets him off («Кот — невиновен»)."""
    dash = DASH.search(text)
    if dash is None:
        return []
    words = text[: dash.start()].split()
    hits, used = _names_in(resolver, words, False) if words else ([], 0)
    if not hits or used != len(words):
        return []
    reason = _court_clauses(text[dash.end() :])
    if reason and _court_let_off([bare_word(w) for w in reason[0]]):
        return []
    return hits


def _clause_left(
    text: str, clauses: list[list[str]], but: set[int], n: int, hits: list[NickMatch], votes: bool
) -> str | None:
    """Why clause `n` of a court post, naming `hits` (`votes`: it jails or votes), gives no
    vote for them: "" when it lets them off (nothing to show), a refusal's code when it
    leaves the jailing open for the host to see — asked («Казнить Мирона? Не уверен…»,
    `_asked`), argued against in its own words («бруно в тюрьму умоляю не трогать его»),
    joked about («сажаю Кайдзю — шучу»), doubted, wished or put off (`_set_aside`) —
    (issue 17 item 2); None when it is the vote."""
    low = [bare_word(w) for w in clauses[n]]
    if votes and _asked(text, clauses, n, hits[-1].query):
        # «Мишку сажаю? Не знаю…»: asked and doubted is a doubt
        return DOUBTED if _doubted(text, clauses) else UNPROVEN
    aside = _set_aside(low, votes, wished=votes and _wished(low, clauses, but, n))
    if aside == "" and votes and spared_in_words(" ".join(low)):
        return UNPROVEN
    if aside is not None:
        return aside
    return UNPROVEN if votes and joked(low) else None


def _asked(text: str, clauses: list[list[str]], at: int, query: str) -> bool:
    """Issue 17 item 2 (G-N.4, as P-V.1, G-N.1 for coloured nicks): whether the clause of a
    court post naming the nominee (`query`, in clause `at`) asks of him — it runs to its
    sentence's question mark, weighs the jailing with «или», or its sentence ends in a
    question put to all (`proof.asked_at`). «Казнить Мирона, без вопросов», a question in
    another sentence, «…, а вы за кого?» ask nothing of him."""
    pos = 0
    for words in clauses[:at]:
        for w in words:
            pos = text.find(w, pos) + len(w)
    words = clauses[at]
    k = len(query.split())
    for i in range(len(words)):
        pos = text.find(words[i], pos) + len(words[i])
        if " ".join(words[max(0, i - k + 1) : i + 1]) == query:
            return asked_at(text.casefold().replace("ё", "е"), pos)
    return False


def argued(own: str, said: str) -> bool:
    """Issue 17 item 2 (G-N.4, `argued_votes_counted`): whether the author's own words argue
    against the court vote read from `said` — a plea to spare a player spoken of by a
    pronoun of the third person (`proof.spared_in_words`: «…, только не сажайте её»,
    «прошу вас не сажать его») or a joke («Сажаю Агату, шучу»), said after it. A plea for
    another player by name, for the author, «без вопросов», «и это не шутка» argue nothing."""
    at = own.casefold().rfind(said.casefold()) if said else -1
    if at < 0:
        return False
    # after the vote's nick: a plea before it («голкипер …, не сажайте его! сажаю стенку»)
    # is for the player its pronoun followed
    after = own[at + len(said) :]
    return spared_in_words(after) or joke_said(after.casefold())


def _asked_or_doubted(text: str, clauses: list[list[str]], at: int) -> bool:
    """Whether the clause `at` of a court post ends with a question mark, or the words after
    it leave the vote in doubt («…? Не знаю», «…, не уверена»)."""
    pos = 0
    for words in clauses[: at + 1]:
        for w in words:
            pos = text.find(w, pos) + len(w)
    tail = text[pos:]
    return tail.lstrip()[:1] == "?" or in_doubt(tail.casefold())


def _object_head(resolver: NickResolver, text: str, clauses: list[list[str]]) -> list[NickMatch]:
    """«Остапа, конечно, я не передумал»: a post that opens with a nominee's nick alone in
    its clause, in a case form (the object of the jailing left unsaid — «[сажаю] Остапа»,
    not an address «Рома, оправдывайся»), not asked about, and whose other clauses name no
    player, let no one off, doubt nothing and negate no vote: the vote (G-N.4)."""
    first = _COURT_CLAUSE.search(text)
    if len(clauses) < 2 or first is None or first.group() == "?":
        return []
    hits, used = _names_in(resolver, clauses[0], False)
    if len(hits) != 1 or used != len(clauses[0]) or hits[0].nick is None:
        return []
    # «Таль. Как Таль в 1960-м — смело, но пора.»: the nick as it stands, a sentence of its
    # own (a full stop, not the comma of an address «Рома, оправдывайся»), is the vote too
    sentence = first.group() in ".…!" or first.group() == "\n"
    bare = trimmed_key(hits[0].query) == trimmed_key(hits[0].nick)
    if bare and not sentence:
        return []  # the nick as it stands: an address or a remark, not the object
    for words in clauses[1:]:
        low = [bare_word(w) for w in words]
        voting = any(is_cue(w) for w in low) or jails(low)
        again = _names_in(resolver, words, voting)[0]
        if (
            # talk about him again («как Таль в 1960-м») names no one else
            any(m.nick != hits[0].nick for m in again)
            or (again and not sentence)
            or (bare and voting)  # «Рома. Её сажаю»: the jailing is another's
            or (bare and _spoken_to(low))  # «Таль. Объясни свой ход»: an address
            or has_lemma(low, SPARE_LEMMAS)
            or set(low) & (MAYBE | UNSURE_WORDS)
            or (voting and live_negations(low))
        ):
            return []
    return hits


#: the verdict of guilt, the court's jailing said as a judgment («Истец виновен», «признаю
#: его виновным»); its opposite, «невиновен», is in `SPARE_LEMMAS`
_GUILTY_LEMMAS: Final = frozenset(("виновный", "виноватый"))


def _guilty(low: list[str]) -> bool:
    """Whether a court clause (bare lower-case words) finds someone guilty (G-N.4): an
    adjective of guilt, short or full, in its likeliest reading."""
    for w in low:
        top = parse(w)[:1]
        if top and top[0].lemma in _GUILTY_LEMMAS and top[0].pos in ("ADJS", "ADJF"):
            return True
    return False


def _spoken_to(low: list[str]) -> bool:
    """Whether a clause speaks to someone: a verb in the imperative or the second person,
    or «ты»/«вы» in any case («Объясни свой ход», «Ты где был»)."""
    for w in low:
        top = parse(w)[:1]
        if top and top[0].pos == "NPRO" and "2per" in top[0].grammemes:
            return True
        if top and top[0].pos == "VERB" and top[0].grammemes & {"impr", "2per"}:
            return True
    return False


#: words that take back what was just said, standing alone in a clause («Ой нет, …»)
COURT_SLIPS: Final = frozenset(("ой", "нет", "точнее", "вернее", "поправка", "стоп", "уточняю"))


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
    but: set[int] = set()
    clauses = _court_clauses(text, but)
    size = sum(len(c) for c in clauses)
    cued: list[NickMatch] = []
    plain: list[NickMatch] = []
    named = False
    slip = False  # «Осипа сажаю. Ой нет, Осипова!»: a correction's nick replaces the vote
    cued_at = 0
    weighed: list[str] = []  # every player the post names
    left: tuple[str, list[NickMatch]] | None = None  # a jailing left open: shown, not counted
    # the last clause naming a nominee: (its index, its names, a restating lead after it)
    said: tuple[int, list[NickMatch], bool] | None = None
    seen: list[NickMatch] = []  # every name read, in order
    for n, words in enumerate(clauses):
        low = [bare_word(w) for w in words]
        votes = (
            any(is_cue(w) for w in words)
            or jails(low)
            or _guilty(low)
            or (n == 0 and _reason_after(clauses))
            or _under_label(resolver, clauses, n)
        )
        hits, used = _names_in(resolver, words, votes)
        if not hits:
            slip = slip or (bool(low) and all(w in COURT_SLIPS for w in low)) or joked(low)
            said, again = _restated(said, n, low, votes)
            cued, cued_at = (again, n) if again else (cued, cued_at)
            continue
        if slip and cued and used == len(words):
            votes, slip = True, False
        named = True
        weighed.extend(m.nick for m in hits if m.nick is not None)
        seen.extend(hits)
        why = _clause_left(text, clauses, but, n, hits, votes)
        said = (n, hits, False) if why is None and not joked(low) else None
        if why is not None:  # let off, asked, left open, put off or joked: no vote
            if why and left is None:
                left = (why, hits)  # shown to the host (`_left_open`)
            continue
        if votes:
            cued, cued_at = hits, n
        elif size <= 3 or (n == len(clauses) - 1 and used == len(words)):
            plain = hits
    cued, cued_at = (cued, cued_at) if cued else _pronoun_jailing(resolver, clauses)
    if not (cued or plain):
        plain = _dash_head(resolver, text) or _object_head(resolver, text, clauses)
    # «Бровку? Не уверена.», «Мускат, но не уверена»: a doubt of two words («не уверена»,
    # «не знаю») is one too
    bare = None if cued else _bare_set_aside(text, clauses, plain, seen)
    if bare is not None:
        left = left or bare
        plain = []  # shown, not counted
    if cued and _asked_or_doubted(text, clauses, cued_at):
        left = left or (DOUBTED, cued)
        cued = []  # «Мишку сажаю? Не знаю…»: asked, then left open
    hits = cued or plain
    if not hits and len(set(weighed)) > 1 and _doubted(text, clauses):
        # «Кайдзю или Яндере, не знаю»: several nominees weighed, none chosen — shown
        both = tuple(dict.fromkeys(weighed))
        # (unclear, not ambiguous: no nominee is read from the names a doubt leaves open)
        return NickMatch(text, None, "phrase", 0.0, UNCLEAR, both), True
    if not hits:
        return _left_open(left or _asked_head(resolver, text, clauses)), named
    # a fragment of a nick that carries no name («Мистера», `fragment_match`): shown naming
    # the player, never a nominee picked from it (C-3)
    whole = [m for m in hits if m.nick is not None or m.reason != UNKNOWN_NICK]
    if not whole:
        m = hits[-1]
        return NickMatch(m.query, None, "phrase", 0.0, UNKNOWN_NICK, m.candidates), True
    hits = whole
    players = dict.fromkeys(
        p for m in hits for p in (m.candidates if m.nick is None else (m.nick,))
    )
    if len(players) == 1 and all(m.nick for m in hits):
        m = hits[-1]
        return NickMatch(m.query, m.nick, "phrase", round(m.confidence * 0.9, 3)), True
    return NickMatch(text, None, "phrase", 0.0, AMBIGUOUS_NICK, tuple(players)), True


def _bare_set_aside(
    text: str, clauses: list[list[str]], plain: list[NickMatch], seen: list[NickMatch]
) -> tuple[str, list[NickMatch]] | None:
    """Why the names of a post with no jailing word are left open: a doubt beside them
    («Катю, наверное, но подумаю»), or a bare nominee put off to an event to come
    (`_event_after`); None when neither."""
    if _doubted(text, clauses):
        return DOUBTED, plain or seen
    if plain and _event_after(clauses):
        return PUT_OFF, plain
    return None


def _event_after(clauses: list[list[str]]) -> bool:
    """«Bitkoin, как закроется свеча»: a clause after the first opens with an event to come
    (`proof.event_to_come`) — a bare nominee before it is put off to that event, and when it
    comes against the court's end is unknown (C-1)."""
    return any(event_to_come([bare_word(w) for w in c], 0) for c in clauses[1:] if c)


#: a third person's object pronoun: «его», «её» — the nominee just named
_OBJECT_PRONOUNS: Final = frozenset(("его", "ее", "её", "него", "нее", "неё"))


def _pronoun_jailing(
    resolver: NickResolver, clauses: list[list[str]]
) -> tuple[list[NickMatch], int]:
    """«Станислав. Его и сажаю» (G-N.4): a clause that jails or votes, names nobody and
    whose object is «его»/«её», right after a clause that is one nominee's nick alone — the
    pronoun is that nominee. Not when the clause lets him off, doubts, puts the jailing off
    or is a joke, nor with anything after it naming a player, taking it back or joking
    («Станислав. Его сажаю. Хотя нет, Bob»). (the vote's matches, its clause's index), or
    ([], 0)."""
    for n in range(1, len(clauses)):
        low = [bare_word(w) for w in clauses[n]]
        votes = any(is_cue(w) for w in low) or jails(low)
        if not votes or _names_in(resolver, clauses[n], True)[0]:
            continue
        if _SECOND_PERSON & set(low):
            # «Каска, прости — сажаю тебя»: «тебя» is the one nominee spoken to before it
            spoken = _addressee(resolver, clauses[:n])
            if spoken and _set_aside(low, votes) is None and not _taken_back(resolver, clauses[n:]):
                return spoken, n
            continue
        if not _OBJECT_PRONOUNS & set(low):
            continue
        hits, used = _names_in(resolver, clauses[n - 1], False)
        alone = len(hits) == 1 and used == len(clauses[n - 1]) and _agrees(hits[0].nick, low)
        if alone and _set_aside(low, votes) is None and not _taken_back(resolver, clauses[n:]):
            return hits, n
    return [], 0


def _under_label(resolver: NickResolver, clauses: list[list[str]], n: int) -> bool:
    """«Приём. Суд: Гидрант. Конец связи.»: clause `n` is a nick alone under a label clause
    (`_label`) — the vote, whatever talk frames it (G-N.4)."""
    if n == 0 or not _label(clauses[n - 1]):
        return False
    hits, used = _names_in(resolver, clauses[n], False)
    return bool(hits) and used == len(clauses[n])


def _label(words: list[str]) -> bool:
    """A clause that is only the court's word («Суд:», «Посадка —», «Голос:»): a label, and
    the nick alone in the clause after it is the vote however the post goes on (G-N.4)."""
    low = [bare_word(w) for w in words]
    return len(low) == 1 and (jails(low) or is_cue(low[0]))


#: the second person's object pronoun: the player the post speaks to
_SECOND_PERSON: Final = frozenset(("тебя", "тя"))


def _addressee(resolver: NickResolver, clauses: list[list[str]]) -> list[NickMatch]:
    """«Ара, Каска джан, прости — сажаю тебя» (G-N.4): the one player the clauses before
    the jailing name, written as his nick (the nominative an address takes) — «тебя» is
    him. Nobody or several named, or the one named in a case form (spoken about, not to):
    no addressee."""
    named: list[NickMatch] = []
    for words in clauses:
        hits, _used = _names_in(resolver, words, False)
        named.extend(hits)
    if len({m.nick for m in named}) != 1 or named[0].nick is None:
        return []
    m = named[0]
    if trimmed_key(m.query) != trimmed_key(m.nick):
        return []
    return [m]


def _agrees(nick: str | None, low: list[str]) -> bool:
    """Whether the clause's pronoun may stand for `nick`: «его» not for a woman's name, «её»
    not for a man's (a nick the dictionary gives no one gender takes either: `nick_genders`,
    the pronoun's gender `pronoun_gender`)."""
    if nick is None:
        return False
    genders = nick_genders(nick)
    said = {pronoun_gender(w) for w in low if w in _OBJECT_PRONOUNS}
    return not genders or bool(genders & said)


def _taken_back(resolver: NickResolver, clauses: list[list[str]]) -> bool:
    """Whether a jailing clause (the first of `clauses`) is joked about, or the clauses
    after it name a player, take it back or joke («…, шучу», «Хотя нет, Bob»)."""
    for n, words in enumerate(clauses):
        low = [bare_word(w) for w in words]
        slip = bool(low) and (bool(set(low) & COURT_SLIPS) or joked(low))
        if slip or (n and _names_in(resolver, words, False)[0]):
            return True
    return False


def _set_aside(low: list[str], votes: bool, *, wished: bool = False) -> str | None:
    """Why a court clause naming a player is no vote for him: "" when it lets him off,
    `DOUBTED` when it names him with a maybe («сажаю Жеку наверное»), `PUT_OFF` when it
    says the jailing for later («завтра посажу Яндере»), `WISHED` when it is a wish
    (`wished`: «Юлу бы посадила, но она милая… Ладно, Погремушку»); None when it is none
    of these."""
    if _court_let_off(low):
        return ""
    if set(low) & (MAYBE | UNSURE_WORDS):
        return DOUBTED
    if wished:
        return WISHED
    return PUT_OFF if votes and put_off_clause(low, _jails) else None


def _wished(low: list[str], clauses: list[list[str]], but: set[int], at: int) -> bool:
    """G-N.4 (as P-V.1, G-N.1 for day votes): a jailing clause said as a wish — a «бы» by
    its verb («Юлу бы посадила»), or a verb of wanting turned down by a «но» clause that
    jails nobody after it («Хочется посадить Юлу, но она милая») — is no vote; a later
    clause («Ладно, Погремушку») may still give one."""
    if any(
        w == "бы"
        and not (n and low[n - 1] in ("почему", "отчего", "ли"))
        and low[n + 1 :][:1] != ["не"]
        for n, w in enumerate(low)
    ):
        return True
    if at + 1 not in but:
        return False
    after = " ".join(clauses[at + 1])
    return wish_turned_down(low, ", но " + after)


def _asked_head(
    resolver: NickResolver, text: str, clauses: list[list[str]]
) -> tuple[str, list[NickMatch]] | None:
    """«Катю? Не знаю даже», «Остапа?»: a post that opens with a nominee alone in a case form
    (the object of an unsaid jailing, not an address) and a question mark — asked about
    (`UNPROVEN`), or asked and doubted (`DOUBTED`): shown to the host, not counted."""
    first = _COURT_CLAUSE.search(text)
    if not clauses or first is None or first.group() != "?":
        return None
    hits, used = _names_in(resolver, clauses[0], False)
    if len(hits) != 1 or used != len(clauses[0]) or hits[0].nick is None:
        return None
    if trimmed_key(hits[0].query) == trimmed_key(hits[0].nick):
        return None  # the nick as it stands: an address («Рома? Ты где был»)
    return (DOUBTED if in_doubt(text[first.end() :].casefold()) else UNPROVEN), hits


def _left_open(left: tuple[str, list[NickMatch]] | None) -> NickMatch | None:
    """One nominee's jailing left open by a doubt or put off, as the refusal that shows it to
    the host (issue 17 item 2: never dropped unseen); None when there is none, or when its
    names are not one player (several weighed are `unclear`, read before this)."""
    if left is None:
        return None
    code, hits = left
    players = {m.nick for m in hits}
    if len(players) != 1 or None in players:
        return None
    return NickMatch(hits[-1].query, None, "phrase", 0.0, code, tuple(p for p in players if p))


def _court_match(
    post: Post,
    resolver: NickResolver,
    dead: NickResolver | None,
    mode: VoteNicks,
    author: str | None = None,
) -> tuple[NickMatch | None, str]:
    """(what a court post names — a player, or an ambiguous, unknown or dead player's nick
    to report — or None for no vote, the text it was read from). Its coloured spans first
    (any colour, the last that names a player, none taken back in words), then its whole
    own text as a bare nick, then as a phrase (`_court_phrase`); a short text that could be
    a nick but names nobody is reported. Struck words are taken back: the own text is read
    without them (`without_struck`), as struck coloured spans are skipped."""
    own = without_struck(post)
    colored = [s for s in post.colored if not s.struck]
    spans = not_retracted(as_cyrillic(own, colored), colored)
    # the post's own words settle twins in colour as the day reader settles them
    # (`names.settled_in_colour`, `parser.twins.settled_twin`, the author as `me`)
    pick, failure, dead_hit, _, _ = read_spans(spans, resolver, dead, "last", mode, author, own)
    if pick is not None:
        if _talked_of(own, pick, resolver):
            # «<Раскольников> убил старуху топором, помните?»: a character of a book told
            # of in a court topic is shown to the host, never a vote to jail (G-N.4, G-N.1)
            return replace(pick.match, reason=UNPROVEN), pick.span.text
        return pick.match, pick.span.text
    if failure is not None and failure.match.reason == AMBIGUOUS_NICK:
        # a coloured name two players answer to that nothing settles: shown naming both
        # (or the one on trial, `_one_nominee`), never passed over as talk (G-N.4, C-3)
        return failure.match, failure.span.text
    whole = resolve_nick(resolver, own, mode)
    if whole.ok or whole.reason == AMBIGUOUS_NICK:
        return whole, own
    phrase, named = (None, False)
    typed = typed_in_latin(own) if mode == "as_moves" else own
    if typed != own:
        # «sazhaju Milanu», «ne sazhaju Romu»: Russian typed in Latin letters is read as the
        # Cyrillic it stands for, its negations and jailing words too (a Latin nick it holds
        # is read as written when the Cyrillic names nobody)
        phrase, named = _court_phrase(resolver, typed)
    if mode == "as_moves" and phrase is None and not named:
        phrase, named = _court_phrase(resolver, own)
    if phrase is not None:
        return phrase, phrase.query
    if named:  # a player named only to be let off or spoken to: no vote
        return None, own
    if dead_hit is None and dead is not None and mode == "as_moves":
        gone, _ = _court_phrase(dead, own)
        # «Сажаю Бабла»: a dead player's Latin handle heard by its sound is his too, proven
        # or not — the vote is for the dead, never an unknown nick (C-3, C-5)
        heard = gone is not None and gone.method == "phrase" and bool(gone.candidates)
        out = heard and gone is not None and set(gone.candidates) <= set(dead.players)
        dead_hit = own if gone is not None and (gone.ok or out) else None
    if dead_hit is not None:  # «Сажаю Олега»: he is out of the game already
        return NickMatch(dead_hit, None, reason=DEAD_TARGET), dead_hit
    if failure is not None:
        return failure.match, failure.span.text
    words = own.split()
    # three ordinary words («Какой хитрый кот») are talk, not a mistyped nick
    talk = len(words) > 1 and all(common_word(bare_word(w)) for w in words)
    if len(words) <= 3 and not talk and nick_like(resolver, own):
        return whole, own
    jailed = _jailed_nobody(own)
    if jailed is not None:  # «Кирпича в тюрьму»: meant as a nick, and it names no player
        return NickMatch(jailed, None, reason=UNKNOWN_NICK), jailed
    return None, own


#: prepositions that lead to the place of jailing: «в тюрьму», «на нары», «за решётку»
_TO_JAIL: Final = frozenset(("в", "на", "за"))


def _jailed_nobody(own: str) -> str | None:
    """G-N.4, C-3: the object of the one jailing clause of a court post that names no
    player — a noun, or an adjective and its noun, in the accusative or the genitive, right
    after a jailing verb in the first person («сажаю лунный свет») or right before the
    place of jailing («Кирпича в тюрьму»). The post jails someone by a name no player
    bears: shown to the host as unknown, never dropped unseen. None when the jailing is
    negated, doubted or asked, or there are several jailing clauses, or no such object."""
    clauses = _court_clauses(own)
    jailing = [c for c in clauses if jails([bare_word(w) for w in c])]
    if len(jailing) != 1 or "?" in own:
        return None
    words = jailing[0]
    low = [bare_word(w) for w in words]
    if set(low) & (_NEGATED | MAYBE | UNSURE_WORDS):
        return None
    for i, w in enumerate(low):
        if not has_lemma((w,), JAIL_LEMMAS):
            continue
        if any(r.pos == "VERB" and "1per" in r.grammemes for r in parse(w)[:1]):
            # its object after it, or before it («Кирпича сажаю»)
            span = _noun_phrase(words[i + 1 : i + 3]) or _noun_phrase(
                words[max(0, i - 2) : i], before=True
            )
        elif i >= 1 and low[i - 1] in _TO_JAIL:
            span = _noun_phrase(words[max(0, i - 3) : i - 1], before=True)
        else:
            continue
        # a role or a side is no one's name («Маньяка на нары», «Мафию в тюрьму»: whoever
        # they are, no player is named, so there is nothing to show the host)
        last = bare_word(span.split()[-1]) if span is not None else ""
        if span is not None and role_word(last) is None and side_word(last) is None:
            return span
    return None


_NEGATED: Final = frozenset(("не", "ни", "нет"))


def _noun_phrase(words: list[str], *, before: bool = False) -> str | None:
    """The noun phrase next to the jailing word — `words` after it, or (`before`) those
    before it — in the accusative or the genitive: an ordinary noun alone, or an adjective
    and its noun («лунный свет», «Лунного света»). None when the nearest words are no such
    phrase."""
    near = words[::-1] if before else words
    readings = [[r for r in parse(bare_word(w)) if r.known] for w in near]
    cases = {"accs", "gent"}

    def noun(n: int) -> bool:
        # its likeliest reading an ordinary noun («по» is no «ПО»), in an object's case
        return (
            bool(readings[n])
            and readings[n][0].pos == "NOUN"
            and not readings[n][0].grammemes & _PROPER
            and any(r.pos == "NOUN" and r.grammemes & cases for r in readings[n])
        )

    def adjective(n: int) -> bool:
        first = readings[n][0] if readings[n] else None
        return first is not None and first.pos == "ADJF" and "Apro" not in first.grammemes

    if not near:
        return None
    # the noun next to the jailing word, its adjective beyond it («Лунного света в тюрьму»)
    # or the adjective next to it, its noun beyond («сажаю лунный свет»)
    if before and noun(0):
        picked = near[:2][::-1] if len(near) > 1 and adjective(1) else near[:1]
    elif not before and noun(0):
        picked = near[:1]
    elif not before and len(near) > 1 and adjective(0) and noun(1):
        picked = near[:2]
    else:
        return None
    return " ".join(w.strip(".,!?:;«»\"'") for w in picked)


_PROPER: Final = frozenset(("Name", "Surn", "Patr", "Abbr"))


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
    `so_far`: as for `parser.votes.day.extract_votes`.
    """
    o = options or VoteOptions()
    resolver = cached_resolver(tuple(players), o.fuzzy_threshold)
    dead_resolver = cached_resolver(tuple(dead), partial=False) if dead else None
    nominee_set = set(nominees)
    who = Authors(players, dead, (), o.ignore_authors, player_ids)
    hosts = host_resolver(o.ignore_authors, (*players, *dead))
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
        match, text = _court_match(post, resolver, dead_resolver, o.vote_nicks, author)
        host = _host_vote(post, match, hosts, o.vote_nicks)
        if host is not None:  # a court vote on the host's name: refused and shown (G-N.4)
            match, text = NickMatch(host, None, reason=UNKNOWN_NICK), host
        if match is None:
            readings.append(PostReading(post.id, author, "no_vote"))
            continue
        on_trial = _one_nominee(match, nominee_set)
        if on_trial is not None:
            # «Сашу» with two players Саша, one of them on trial: the court votes only for a
            # nominee (G-N.4), so the name is his
            match = replace(match, nick=on_trial, reason=None)
        reason: str | None = None
        if status in ("outsider", "dead"):
            reason = NOT_A_PLAYER if status == "outsider" else DEAD
        elif not match.ok or match.reason == UNPROVEN:  # a nick talked of, read as his
            reason = match.reason or UNKNOWN_NICK
        elif passed_on(without_struck(post)):
            reason = PROXIED  # a seat votes through its own account (G-N.4, C-5)
        elif not o.argued_votes_counted and argued(without_struck(post), text):
            reason = UNPROVEN  # the author's own words argue against it: shown (issue 17)
        elif disowned(as_cyrillic(without_struck(post), post.colored)):
            # «<Тимур> — это не голос, просто цвет прилип»: the author says the post casts
            # no vote, as the day's reader reads it (`negation.disowned`): shown, not counted
            reason = UNPROVEN
        elif match.nick not in nominee_set:
            reason = NOT_A_NOMINEE
        if reason is not None:
            # the player an unknown word was shown for, named in the refusal (C-3)
            guessed = guess_detail(resolver, text, o.vote_nicks) if reason == UNKNOWN_NICK else ""
            rejected.append(
                InputRejected(
                    author,
                    reason,
                    HOST_DETAIL.format(text=text)
                    if host is not None
                    else refusal_detail(reason, match.nick, text) + guessed,
                    post_id=post.id,
                    target=match.nick or text,
                )
            )
            readings.append(PostReading(post.id, author, "rejected", match.nick, reason, text))
            continue
        target = match.nick
        assert target is not None
        if author in counted:
            supersede(readings, reading_of.get(author))  # None: cast before `so_far`
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
                note=late_edit(post, o),
            )
        )
    votes = list(counted.values())
    return VoteResult(votes, rejected, tally_of(votes), readings)


def _host_vote(
    post: Post, match: NickMatch | None, hosts: NickResolver | None, mode: VoteNicks
) -> str | None:
    """The host's name as a court post gives it, when the post names no player but reads as
    a vote for the host's account (a bare «Ведущий», «Сажаю ведущего», his name in colour);
    None otherwise. The host is no player: such a vote is refused and shown to him, as a
    green on his name is (G-N.1, G-N.4, C-3), not read as talk."""
    if hosts is None or (match is not None and match.reason != UNKNOWN_NICK):
        return None
    named, text = _court_match(post, hosts, None, mode)
    if named is None:
        return None
    # his handle heard by its sound alone («Сажаю Скипера» for Skipper) names him too (C-3)
    heard = bool(named.candidates) and set(named.candidates) <= set(hosts.players)
    return text if named.ok or heard else None


def _one_nominee(match: NickMatch, nominees: set[str]) -> str | None:
    """The one nominee among an ambiguous name's candidates, or None."""
    if match.ok or match.reason != AMBIGUOUS_NICK:
        return None
    on_trial = [c for c in match.candidates if c in nominees]
    return on_trial[0] if len(on_trial) == 1 else None
