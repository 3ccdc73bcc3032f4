"""Which player a coloured text names (C-3): a nick by the `vote_nicks` ladder, a diminutive,
a phrase that names one player, the voter himself, a player already out."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from parser.latin import (
    cyrillic_spellings,
    handle_parts,
    heard_as_handle,
    heard_run_together,
    spelt_whole,
    without_honorific,
)
from parser.morph import (
    WORDS_KEPT,
    common_word,
    is_given_name,
    is_patronymic,
    is_person_name,
    lemmas,
    parse,
    patronymic_of,
)
from parser.nicks import (
    AMBIGUOUS_NICK,
    STRICT_TIERS,
    UNKNOWN_NICK,
    NickMatch,
    NickResolver,
    dictionary_word,
    forms_nick,
    heard_proven,
    longer_name,
    one_gender,
    pet_match,
    pinned_by_pronoun,
    pinned_by_words,
    plural_form_of,
    plural_of_singular,
    possessive_match,
    script_of,
    shared_name,
    trimmed_key,
    ukrainian_sharers,
    unread_sharers,
)
from parser.records import ColoredSpan
from parser.roles import role_word_of_longer_nick
from parser.twins import settled_twin, words_of_post
from parser.vocab import ukrainian_text
from parser.votes.fragment import FRAGMENT, fragment_match
from parser.votes.records import GUESS_DETAIL, UNCLEAR, Policy, VoteNicks


def resolve_nick(
    resolver: NickResolver, text: str, mode: VoteNicks, *, fuzzy: bool = True
) -> NickMatch:
    """C-3 for a vote: `text` → one player by the `vote_nicks` reading (see VoteOptions).

    "as_moves" is the move reader's ladder, so a red «Рому» reads as «Рома» just as a red
    «Егора» reads as «Егор»; an ambiguous form names nobody and is reported as such. A
    reading the words do not prove is shown to the host naming the player, never counted:
    a dictionary word one slip from a nick (`NEAR_WORD`), a Russian word of a Latin nick's
    sense that is no spelling of it (`SENSE`).
    """
    match = _ladder(resolver, text, mode, fuzzy=fuzzy)
    if not match.ok or match.nick is None:
        return match
    cyrillic = script_of(trimmed_key(match.nick)) == "cyr"
    if match.method == "fuzzy" and cyrillic and dictionary_word(text, names=False):
        # «Экспорт» for Эксперт, «Ракета» for Ракетка: a phone's autocorrect turns a nick
        # into a word of its own, and a word of the dictionary is that word — no proven
        # slip of the nick (C-3, the letters' `proven_typo`). A Latin nick near a Cyrillic
        # word («Дока» for Doc) is a spelling of it in the other script, read as before.
        return NickMatch(text, None, NEAR_WORD, 0.0, UNKNOWN_NICK, (match.nick,))
    if match.method == "fuzzy" and _english_near_word(text, match.nick):
        # «Hunted» for Hunter, «Ranged» for Ranger: an English autocorrect's word near a Latin
        # nick is that word, as a Russian one is near a Cyrillic nick (C-3)
        return NickMatch(text, None, NEAR_WORD, 0.0, UNKNOWN_NICK, (match.nick,))
    if match.method == "diminutive" and _word_sense_of_latin(text, match.nick):
        # «Лапки» for Lapa, «Котика» for Kot: a diminutive of the Russian word a Latin nick
        # spells is another word of its sense, not a spelling of the nick (C-3)
        return NickMatch(text, None, SENSE, 0.0, UNKNOWN_NICK, (match.nick,))
    return match


#: the method of a dictionary word one slip from a nick, and of a word of a Latin nick's sense:
#: each names its player for the host, never read as the vote
NEAR_WORD: Final = "near_word"
SENSE: Final = "sense"
_LATIN_WORD: Final = re.compile(r"[a-z]+")


def guess_detail(resolver: NickResolver, text: str, mode: VoteNicks) -> str:
    """The hint a refusal carries for a coloured word shown naming one player — a dictionary
    word one slip from his nick, a word of his Latin nick's sense, a fragment of his nick
    (C-3) — or "" for any other reading."""
    match = resolve_nick(resolver, text, mode)
    if match.ok and len(text.split()) == 1:
        match = fragment_match(match, text, resolver.players)
    shown = match.method in (NEAR_WORD, SENSE, FRAGMENT) and not match.ok
    if not shown or len(match.candidates) != 1:
        return ""
    return GUESS_DETAIL.format(nick=match.candidates[0])


def _english_near_word(text: str, nick: str) -> bool:
    """C-3: whether a one-word Latin `text` the fuzzy rung reads as the one-word Latin `nick`
    is a word the English dictionary knows (`parser.english.english_word`, the CMU
    dictionary the project already reads) — «Hunted», «Ranged», «Shallow» — that neither is
    an English form of the nick itself (its plural «Hunters») nor sounds as it does
    («Bitcoin» for Bitkoin, «Mack» for Mac: the nick respelled). Such a word proves no slip
    of the nick; a slip that is no word («Huntr», «Shadw») is read as before."""
    said = text.strip(_EDGES).casefold()
    key = nick.casefold()
    if not (_LATIN_WORD.fullmatch(said) and _LATIN_WORD.fullmatch(key)):
        return False
    if said in (key, f"{key}s", f"{key}es"):
        return False
    from parser.english import english_word, pronunciations, sounds_as

    if not english_word(said):
        return False
    # a word that sounds as the nick («Bitcoin» for Bitkoin, «Mack» for Mac) is the nick
    # respelled by the word it stands for, read as before
    heard = set(pronunciations(said))
    return not (
        heard & set(pronunciations(key)) or any(sounds_as(c, said) for c in cyrillic_spellings(key))
    )


def _word_sense_of_latin(text: str, nick: str) -> bool:
    """Whether `nick` is one Latin word whose Cyrillic spelling is an ordinary word of the
    dictionary (Lapa → лапа, Kot → кот) and no person's name (Masha → Маша, whose pet forms
    the name tables prove as they do for a Cyrillic name nick), and `text` is another word
    built on that word's stem («Лапки», «Котика»; not its own case form), not heard from
    the nick's sound («Каубоя» for Cowboy, ковбой: the handle as it sounds, read as
    before)."""
    key = nick.casefold()
    if not _LATIN_WORD.fullmatch(key):
        return False
    spelt = cyrillic_spellings(key)
    if any(is_person_name(w) for w in spelt):
        return False
    said = trimmed_key(text).replace("ё", "е")
    # a case form of the spelt word itself («Дока» for Doc, док) is a spelling of the nick
    forms = set(lemmas(said))
    return any(
        common_word(w)
        and w not in forms
        and len(stem := w.rstrip("аеиоуыэюяйь")) >= 3
        and said.startswith(stem)
        for w in spelt
    )


def _ladder(resolver: NickResolver, text: str, mode: VoteNicks, *, fuzzy: bool = True) -> NickMatch:
    """`resolve_nick`'s ladder, before the readings it does not count are set apart."""
    if mode == "exact":
        found = resolver.resolve_strict(text, STRICT_TIERS)
        return found or NickMatch(text, None, reason=UNKNOWN_NICK)
    match = one_gender(resolver.resolve(text, inflected=True, fuzzy=fuzzy))
    if match.ok and match.nick is not None and _role_word(text, match.nick):
        # «Против <комиссара>, он уже кого-то проверил»: the role, not Комиссар_матча
        return NickMatch(text, None, match.method, 0.0, UNKNOWN_NICK)
    if match.ok and match.nick is not None and trimmed_key(match.nick) != trimmed_key(text):
        shared = _stem_of(resolver, text)
        key, own = trimmed_key(text), trimmed_key(match.nick)
        if plural_form_of(key, own):
            # «Рыб» with Рыба and Рыбы: a form of the plural nick that is only a plural of
            # the singular's noun names the plural nick alone (`plural_of_singular`, C-3)
            shared = tuple(
                p for p in shared if p == match.nick or not plural_of_singular(key, trimmed_key(p))
            )
        if len(shared) > 1:
            # «Ультр» of Ультра and Ультрас, «Торпед» of Торпеда and Торпедо: a stem two
            # nicks open with names neither, whatever form of one it also is
            return NickMatch(text, None, match.method, 0.0, AMBIGUOUS_NICK, shared)
    if match.ok or match.reason == AMBIGUOUS_NICK:
        return shared_name(resolver, match)
    shared = _stem_of(resolver, text)
    if len(shared) > 1:
        # «Торпед»: the plural of one nick's noun names no player (`plural_of_singular`),
        # and a stem two nicks open with names neither — shown as both, never unknown
        return NickMatch(text, None, match.method, 0.0, AMBIGUOUS_NICK, shared)
    # one word of a multi-word nick in a form the ending tables miss (an adjective:
    # «Белого» → Саша Белый) or in the other script («Ватсона» → Dr.Watson); a short given
    # name another player answers to as well is asked about (`shared_name`)
    found = shared_name(
        resolver,
        resolver.resolve_strict(text, _WORD_OF_NICK_TIERS)
        or possessive_match(resolver, text)
        or pet_match(resolver, text)
        or match,
    )
    if found.ok or found.reason == AMBIGUOUS_NICK:
        return found
    # «Ники» of Вероника and Доминика, «Рельсовых» of both spouses: a form that fits two
    # players by a known short form or as their surname's plural names neither — shown to
    # the host as both, never refused as unknown nor dropped
    both = unread_sharers(resolver, text)
    if both:
        return NickMatch(text, None, found.method, 0.0, AMBIGUOUS_NICK, both)
    return found


def _role_word(text: str, nick: str) -> bool:
    """C-3 as the letters read it: a game word («комиссара», «маньяку», a red «Комиссар») is
    the role, not a player whose nick only opens with it (Комиссар_матча, Комиссар Ярмарки) —
    a nick only when it is that word alone (a player Комиссар): `role_word_of_longer_nick`."""
    return role_word_of_longer_nick(text, nick)


def _stem_of(resolver: NickResolver, text: str) -> tuple[str, ...]:
    """The players whose nicks open with `text` and go on past it (C-3: a shortened nick is
    read only when one player's fits; the stem of several fits them all)."""
    key = trimmed_key(text)
    if len(key) < 3:
        return ()
    return tuple(
        p for p in resolver.players if (k := trimmed_key(p)).startswith(key) and len(k) > len(key)
    )


def strict_match(resolver: NickResolver, text: str, tiers: Sequence[str]) -> NickMatch | None:
    """`NickResolver.resolve_strict`, a case form only one of two close nicks can take read
    as that nick (`one_gender`)."""
    found = resolver.resolve_strict(text, tiers)
    return None if found is None else one_gender(found)


# Tiers a word or a few words inside a coloured phrase are read by: no fuzzy matching, so an
# ordinary word near a nick is never taken for it.
PHRASE_TIERS: Final = (
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
    cued = any(is_cue(w) for w in words)
    named: dict[str, NickMatch] = {}
    mentioned: set[str] = set()  # every player the phrase names, as the vote or otherwise
    unsure: set[str] = set()
    i = 0
    while i < len(words):
        for k in range(min(resolver.max_words, len(words) - i), 0, -1):
            chunk = " ".join(words[i : i + k])
            m = strict_match(resolver, chunk, PHRASE_TIERS)
            if m is not None:
                break
        else:
            i += 1
            continue
        following = words[i + k] if i + k < len(words) else ""
        if m.nick is not None and _other_patronymic(resolver, chunk, following, m.nick):
            return None  # «Зиновию Ивановну»: a name and patronymic no player bears
        longer = _cut_short(resolver, m.nick, following)
        if m.nick is not None and k == 1 and _longer_name(resolver, words, i, m.nick):
            unsure.add(m.nick)  # «Сома Старого», «Ночного Короля»: a name the nick is not
        elif longer:  # «Сашу Б…»: Саша, or Саша Белый cut short?
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


def _longer_name(resolver: NickResolver, words: Sequence[str], i: int, nick: str) -> bool:
    """One word of a multi-word nick read alone in a coloured phrase, beside a word that
    makes it another name (`parser.nicks.longer_name`: an agreeing adjective, the nick's
    other word out of order or case), or followed by a capitalised word that names no
    player and is no vote word («Короля Дня»): the phrase names someone else."""
    word = bare_word(words[i])
    for j in (i - 1, i + 1):
        if not 0 <= j < len(words):
            continue
        other = bare_word(words[j])
        if other and longer_name(word, other, nick, after=j > i):
            return True
    if i + 1 < len(words) and len(trimmed_key(nick).split(" ")) > 1:
        nxt = words[i + 1]
        other = bare_word(nxt)
        capital = nxt[:1].isupper() and not nxt.isupper() and len(other) >= 3
        capital = capital and not forms_nick([word, other], nick)
        if capital and not is_cue(nxt) and resolver.resolve_strict(nxt, PHRASE_TIERS) is None:
            return True
    return False


def _other_patronymic(resolver: NickResolver, chunk: str, following: str, nick: str) -> bool:
    """Whether the word after a given-name nick read in a phrase is a patronymic, no player's
    nick, that does not agree with that player's own name («Зиновию Ивановну» beside the
    player Зиновий): the phrase names another person, whom no player's nick names."""
    word = bare_word(following)
    if not word or not is_patronymic(word) or not is_given_name(nick):
        return False
    return resolver.resolve_strict(following, PHRASE_TIERS) is None and not patronymic_of(
        chunk, word, nick
    )


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
CUE_LEMMAS: Final = frozenset(
    ("голосовать", "проголосовать", "голос", "выставлять", "выставить", "номинировать",
     "номинация", "выдвигать", "выдвинуть", "против")
)  # fmt: skip


#: verbs of a vote's act besides the vote words: touching, jailing, hanging, greening — «не»
#: beside one takes the nick back (`parser.votes.negation`); the player is their object
ACT_LEMMAS: Final = frozenset(
    ("трогать", "тронуть", "сажать", "посадить", "садить", "казнить", "вешать", "повесить",
     "линчевать", "зеленить")
)  # fmt: skip


@lru_cache(maxsize=WORDS_KEPT)
def is_cue(word: str) -> bool:
    """A vote word («голосую», «выставляю», «против»): asked of every word around every
    coloured nick, so each word's answer is kept (`WORDS_KEPT`)."""
    w = word.strip(".,:;!?—-«»\"'()").casefold().replace("ё", "е")
    return len(w) >= 5 and bool(CUE_LEMMAS.intersection(lemmas(w)))


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


def nick_like(resolver: NickResolver, text: str) -> bool:
    """Whether an unresolved coloured text was meant as a nick (worth telling the voter it
    names nobody). Beyond `NickResolver.looks_like_nick`: a lone ordinary word (red
    «очень», green «Выставляю»), a label ending in a colon («Голос:»), a text without
    letters («22:00») and a number cited («ст. 105») are emphasis or layout, not a nick."""
    if not resolver.looks_like_nick(text):
        return False
    if _cited_number(text):
        return False
    key = trimmed_key(text)
    if " " in key:
        return True
    if not any(c.isalpha() for c in key) or text.rstrip().endswith(":"):
        return False
    # a one- or two-letter word is too short to tell a preposition from a cut-off nick; a
    # word typed with a capital that the dictionary also knows as a name («Капу», «Эрика»)
    # was meant as someone's name
    named = text.lstrip("@«\"'([")[:1].isupper() and is_person_name(key.replace("ё", "е"))
    return len(key) < 3 or not common_word(key) or named


def _cited_number(text: str) -> bool:
    """A number with only lower-case words of the language beside it («ст. 105», «пункт
    3»): a citation or an amount, emphasis — no nick, whose number comes with its name."""
    words = re.findall(r"[^\W_]+", text)
    numbers = [w for w in words if w.isdigit()]
    named = [w for w in words if not w.isdigit()]
    return bool(numbers) and all(w.islower() and _word_or_abbreviation(w) for w in named)


def _word_or_abbreviation(word: str) -> bool:
    """A word of the language, or an abbreviation the dictionary knows («ст», «п», «гл»)."""
    return common_word(word) or any(r.known and "Abbr" in r.grammemes for r in parse(word))


@dataclass(frozen=True, slots=True)
class Pick:
    span: ColoredSpan
    match: NickMatch


def read_spans(
    spans: Sequence[ColoredSpan],
    resolver: NickResolver,
    dead: NickResolver | None,
    policy: Policy,
    mode: VoteNicks,
    author: str | None = None,
    own: str = "",
) -> tuple[Pick | None, Pick | None, str | None, list[ColoredSpan], list[Pick]]:
    """(chosen resolved span, first nick-like failure, dead-target text, spans naming a
    player — living or dead, every resolved span) of one post. `author`, a living player,
    is who «себя»/«меня» in a span names (C-2 reads those words as the sender). `own`, the
    post's own text, lets the words right after an ambiguous name pin it
    (`parser.nicks.pinned_by_words`: «<Насти>, которая с Викой»), or the gender of the
    pronoun that first follows it (`parser.nicks.pinned_by_pronoun`: «<Полю> голосую: она
    …»)."""
    resolved: list[Pick] = []
    named: list[ColoredSpan] = []
    failure: Pick | None = None
    dead_hit: str | None = None
    for span in spans:
        m = _span_nick(resolver, dead, span.text, mode, author)
        if m.ok and m.nick is not None and own and ukrainian_text(own.casefold()):
            # «Голосую проти <Сотка>, він …»: Сотка's nominative, Сотко's Ukrainian genitive
            also = ukrainian_sharers(resolver, span.text, m.nick)
            if also:
                m = NickMatch(span.text, None, m.method, 0.0, AMBIGUOUS_NICK, (m.nick, *also))
        if m.reason == AMBIGUOUS_NICK and own:
            after = _words_after(own, span.text)
            by_pronoun = pinned_by_pronoun(m, after)
            if by_pronoun is not None and by_pronoun.nick == author:
                # «<Августина>, она …» from Августина: the writer says «я», never «она», of
                # herself — the pronoun pins nobody, and nobody is left by taking her out (C-3)
                by_pronoun = None
            m = pinned_by_words(m, after) or by_pronoun or m
        if m.reason == AMBIGUOUS_NICK and own and not unread_sharers(resolver, span.text):
            # «Выставляю <Рельсову>», «против <Евгении>»: the case the word before the nick
            # puts it in is a form only one of the two takes (C-3, `one_gender`) — unless it
            # is a surname's plural naming them all («против <Гвоздевы>»: the family, not
            # her genitive mis-declined as a noun's)
            m = one_gender(m, governed_case(own, span.text), by_dictionary=True)
        if m.reason == AMBIGUOUS_NICK and own:
            # «<Августина> врала», «нашего <Августина>»: a nick as listed that is another's
            # case form, settled by the words agreeing with it as the letters settle it
            m = settled_in_colour(resolver, span.text, m, own, me=author) or m
        if m.ok:
            resolved.append(Pick(span, m))
            named.append(span)
            continue
        if dead is not None and _names_dead(dead, span.text, mode):
            dead_hit = dead_hit or span.text
            named.append(span)
            continue
        named_one = m.reason == AMBIGUOUS_NICK or m.method in (FRAGMENT, NEAR_WORD, SENSE)
        if failure is None and (named_one or nick_like(resolver, span.text)):
            failure = Pick(span, m)
    if not resolved:
        return None, failure, dead_hit, named, resolved
    if failure is not None and failure.match.method == FRAGMENT:
        # «<Мистера> или <Леща>»: a fragment naming a player beside another nick — the words
        # prove neither (C-3): shown to the host, the other never counted alone
        texts = ", ".join([p.span.text for p in resolved] + [failure.span.text])
        unclear = NickMatch(texts, None, FRAGMENT, 0.0, UNCLEAR, failure.match.candidates)
        return None, Pick(failure.span, unclear), dead_hit, named, resolved
    chosen = resolved[-1] if policy == "last" else resolved[0]
    return chosen, failure, dead_hit, named, resolved


def settled_in_colour(
    resolver: NickResolver, text: str, match: NickMatch, own: str, *, me: str | None = None
) -> NickMatch | None:
    """C-3 (docs/rulings.md, a nick written as listed): a coloured word that is one player's
    nick as listed and the case form of the others it is asked between (`NickResolver.
    case_clash`: «Августина» beside Августин and Августина, «Valentina» beside Valentin)
    names the one the words agreeing with it allow — the letters' check over the post's own
    words (`parser.twins.settled_twin`). `me`, the post's author, is weighed as the letters
    weigh the sender: a third person's pronoun after the form never speaks of him, and he is
    never taken out to leave the other twin by elimination. None when nothing settles it."""
    exact = resolver.resolve_strict(text, STRICT_TIERS)
    if exact is None or exact.nick is None or exact.nick not in match.candidates:
        return None
    clash = resolver.case_clash(exact)
    if clash.ok or set(clash.candidates) != set(match.candidates):
        return None
    # a page's text may hold a space between the colour's end and the comma after it
    tokens = words_of_post(_SPACE_BEFORE_MARK.sub(r"\1", own))
    said = text.strip(_EDGES).casefold()
    at = next((n for n, t in enumerate(tokens) if t.raw.strip(_EDGES).casefold() == said), None)
    if at is None:
        return None
    settled = settled_twin(tokens, at, at + 1, exact.nick, clash.candidates, me=me)
    if settled is None:
        return None
    method = exact.method if settled == exact.nick else "inflected"
    return NickMatch(text, settled, method, exact.confidence)


_EDGES: Final = " .,:;!?—–-«»\"'()"
_SPACE_BEFORE_MARK: Final = re.compile(r"\s+([,.;:!?…])")


def _span_nick(
    resolver: NickResolver,
    dead: NickResolver | None,
    text: str,
    mode: VoteNicks,
    author: str | None,
) -> NickMatch:
    """One coloured span read as a nick: the ladder, then (as moves read) a phrase naming
    one player, words broken by speech input, «себя», a Latin handle heard. A part of a
    longer nick that does not carry its name («Мистера» of Мистер Шуруп, «Pro» of Pro100Сом)
    is shown to the host naming the player, never counted (C-3, `parser.votes.fragment`)."""
    m = resolve_nick(resolver, text, mode)
    shown = m.method in (NEAR_WORD, SENSE)  # a player named for the host, no other reading
    if not m.ok and m.reason != AMBIGUOUS_NICK and mode == "as_moves" and not shown:
        m = _phrase_nick(resolver, text) or m
        if not m.ok and len(text.split()) == 2:
            m = resolver.heard(text.split()) or m  # «Фен рыр»: broken by speech input
        if not m.ok and author in resolver.players and _names_self(text):
            m = NickMatch(text, author, "self", 1.0)
        if not m.ok and m.reason != AMBIGUOUS_NICK:
            m = heard_handle(resolver, dead, text, author) or m
    if m.ok and len(text.split()) == 1:
        m = fragment_match(m, text, resolver.players)
    return m


#: a reason's lead right after a coloured object: «за то, что», «потому что», «ибо», «т.к.»
REASON_LEAD: Final = re.compile(
    r"[\s,—–-]*(?:за\s+то,?\s+что|пот[оа]м[уо],?\s*ч?т[оа]|ибо|поскольку|так\s+как|т\.\s?к\.)"
)


#: the case a preposition before a vote's nick governs («против <Евгении>»: the genitive)
_PREP_CASE: Final = {"против": "gent", "у": "gent", "от": "gent", "для": "gent",
                     "без": "gent", "кроме": "gent", "за": "accs", "про": "accs",
                     "на": "accs", "к": "datv", "ко": "datv"}  # fmt: skip


def governed_case(own: str, text: str) -> str | None:
    """C-3: the case the word right before a coloured nick puts it in, when the grammar
    says — a preposition's own case, or the accusative of a vote verb of the author's first
    person whose object it is («Выставляю <Валентину>», «Вешаю <Ковалёва>»; not «голосую»,
    whose player stands after «за»/«против»); None when nothing right before it says."""
    low = own.casefold().replace("ё", "е")
    at = low.find(text.casefold().replace("ё", "е"))
    if at < 0:
        return None
    before = re.findall(r"[^\W\d_]+|[,.;:!?()\n—–]", low[:at])
    if not before or not before[-1].isalpha():
        # «<Яну> за то что молчит»: a nick opening its sentence with a reason's lead after
        # it is the object of the vote's verb left out — the accusative
        opens = not before or before[-1] in ".!?\n"
        return "accs" if opens and REASON_LEAD.match(low, at + len(text)) else None
    word = before[-1]
    if word in _PREP_CASE:
        return _PREP_CASE[word]
    first = parse(word)[:1]
    if not first or first[0].pos != "VERB" or "1per" not in first[0].grammemes:
        return None
    # «голосую <Александру>»: voting takes its player after «за»/«против», so a form right
    # after the verb itself is no object of it — no case said
    said = set(lemmas(word))
    if not (CUE_LEMMAS | ACT_LEMMAS) & said or _BY_PREPOSITION & said:
        return None
    return "accs"


#: vote verbs whose player stands after a preposition, never as their direct object
_BY_PREPOSITION: Final = frozenset(("голосовать", "проголосовать"))


_AFTER_WORDS: Final = 4  # words after a name that may pin it: «, которая с Викой»
_SENTENCE: Final = re.compile(r"[.!?\n…]")


def _words_after(own: str, text: str) -> list[str]:
    """The first few words after `text` in the post's own text, within its sentence."""
    low = own.casefold()
    at = low.find(text.casefold())
    if at < 0:
        return []
    tail = _SENTENCE.split(low[at + len(text) :], maxsplit=1)[0]
    return re.findall(r"[^\W\d_]+", tail)[:_AFTER_WORDS]


_SELF_WORDS: Final = frozenset(("себя", "меня"))
_SELF_OTHER: Final = frozenset(("сам", "сама", "самого", "саму", "самой", "я"))


def _names_self(text: str) -> bool:
    """Whether a coloured text names its author by a pronoun and says nothing else but that
    it votes: «себя», «Выставляю себя», «за меня», «голосую за самого себя»."""
    words = [bare_word(w) for w in text.split()]
    words = [w for w in words if w]
    if not _SELF_WORDS.intersection(words) or len(words) > 4:
        return False
    return all(w in _SELF_WORDS or w in _SELF_OTHER or w in _LEAD_WORDS or is_cue(w) for w in words)


def _names_dead(dead: NickResolver, text: str, mode: VoteNicks) -> bool:
    """Whether a coloured text that names no living player names a dead one (bare or in a
    phrase: «Голосую за Олега»), or is heard as a whole part of a dead player's Latin handle
    («Бабла» for Bubble, `heard_out`), so the voter is told he is out of the game."""
    if resolve_nick(dead, text, mode, fuzzy=False).ok:
        return True
    if mode == "as_moves" and heard_out(dead, text):
        return True
    found = _phrase_nick(dead, text) if mode == "as_moves" else None
    return found is not None and found.ok


def bare_word(word: str) -> str:
    return word.strip(".,:;!?—-«»\"'()").casefold().replace("ё", "е")


#: a handle heard by its sound: as sure as the letters' reading of it
HEARD_CONFIDENCE: Final = 0.85
_CYRILLIC_WORD: Final = re.compile("[а-яё]+(?:-[а-яё]+)?")


def heard_handle(
    resolver: NickResolver, dead: NickResolver | None, text: str, author: str | None
) -> NickMatch | None:
    """A Latin handle written in colour by its Russian sound, a part of it or a shortening
    («Кайдзю» for Kaiju, «Моти» for Mochi, «Неко-сама» for Neko_Sama) — the letters' rule
    (`parser.latin.heard_as_handle`, as `parser.letters.mentions` reads it): one living
    player so heard is read, several are an ambiguous nick, a player out heard so too leaves
    it unknown. A dictionary word or a known name is heard only as a whole part. A whole
    part heard by its consonants alone, no reading of it (`parser.nicks.heard_proven`), is
    an unknown nick naming the player. None when no handle is heard."""
    word = text.strip(" .,!?:;()«»\"'@").casefold()
    mixed = _MIXED_WORD.fullmatch(word)
    if mixed is not None:
        return _mixed_handle(resolver, dead, text, mixed.group("latin"), mixed.group("cyr"))
    if re.fullmatch("[a-z]+", word):
        # «Kaidzyu»: the Russian spelling typed back in Latin letters, read as its Cyrillic
        spelt = (heard_handle(resolver, dead, c, author) for c in cyrillic_spellings(word))
        return next((m for m in spelt if m is not None), None)
    if not _CYRILLIC_WORD.fullmatch(word):
        return None
    bare = without_honorific(word)
    titled = bare != word
    whole = [p for p in resolver.players if spelt_whole(word, p)]
    if titled and len(whole) == 1:
        return NickMatch(text, whole[0], "heard", HEARD_CONFIDENCE)
    if len(bare) < 3 or not bare.isalpha():
        return None
    short = titled or not (common_word(bare) or _known_name(bare))
    found = [p for p in resolver.players if heard_as_handle(bare, p, shortened=short)]
    # «Свитмам»: a two-part handle's sound run together into one word
    found += [p for p in resolver.players if p not in found and heard_run_together(bare, p)]
    others = [p for p in found if p != author]
    living = others or found
    if not living:
        return None
    # C-3: a whole part heard by its consonants alone («Хантира» for Hunter_X, «Ранжера» for
    # Ranger) is a sound near the handle, not a reading of it: shown to the host naming the
    # player, never counted (beside a proven one, a doubt naming both: below), as the
    # letters ask it
    loose = [p for p in living if not heard_proven(bare, p)]
    if len(loose) == len(living):
        return NickMatch(text, None, "heard", 0.0, UNKNOWN_NICK, tuple(loose[:1]))
    gone = dead is not None and any(heard_as_handle(bare, p, shortened=short) for p in dead.players)
    if gone:
        return NickMatch(text, None, "heard", 0.0, UNKNOWN_NICK, tuple(living[:1]))
    if len(living) > 1:
        return NickMatch(text, None, "heard", 0.0, AMBIGUOUS_NICK, tuple(living))
    return shared_name(resolver, NickMatch(text, living[0], "heard", HEARD_CONFIDENCE))


def heard_out(dead: NickResolver, text: str) -> bool:
    """C-3, C-5: whether a coloured word that names no living player is heard as a whole part
    of a dead player's Latin handle by its sound («Бабла», «Баббла» for Bubble): the sound
    reading (`heard_handle`) weighs the players out as owners too, so such a word is refused
    as a vote for the dead, not as an unknown nick. A shortening is not enough."""
    word = text.strip(" .,!?:;()«»\"'@").casefold()
    if re.fullmatch("[a-z]+", word):
        return any(heard_out(dead, c) for c in cyrillic_spellings(word))
    if not _CYRILLIC_WORD.fullmatch(word) or len(word) < 3:
        return False
    return any(heard_as_handle(word, p, shortened=False) for p in dead.players)


#: a handle's Latin part with a Cyrillic part joined by a hyphen («Tanuki-сенсея»)
_MIXED_WORD: Final = re.compile(r"(?P<latin>[a-z]{2,})-(?P<cyr>[а-яё]{2,})")


def _mixed_handle(
    resolver: NickResolver, dead: NickResolver | None, text: str, latin: str, cyr: str
) -> NickMatch | None:
    """«Tanuki-сенсея» (C-3): a word mixing scripts across a hyphen is a handle when its
    Latin part is a whole part of the handle as typed and its Cyrillic part an honorific in
    any case form («сенсея», «-сану») or the handle's next part as Russian says it («Tanuki-
    сэнсэя» for Tanuki_Sensei). One living player so read is the nick; several are an
    ambiguous nick; a player out so read leaves it unknown. None when none fits."""
    forms = (cyr, *lemmas(cyr))
    titled = any(without_honorific(f"аа-{f}") != f"аа-{f}" for f in forms)

    def fits(nick: str) -> bool:
        parts = [p.casefold() for p in handle_parts(nick)]
        if latin not in parts:
            return False
        rest = parts[parts.index(latin) + 1 :]
        return titled or any(
            heard_as_handle(f, p, shortened=False) for f in forms for p in rest[:1]
        )

    living = [p for p in resolver.players if fits(p)]
    if not living:
        return None
    if dead is not None and any(fits(p) for p in dead.players):
        return NickMatch(text, None, "heard", 0.0, UNKNOWN_NICK, tuple(living[:1]))
    if len(living) > 1:
        return NickMatch(text, None, "heard", 0.0, AMBIGUOUS_NICK, tuple(living))
    return NickMatch(text, living[0], "heard", HEARD_CONFIDENCE)


def _known_name(word: str) -> bool:
    """A person's name, surname or patronymic the dictionary holds (not one it guesses)."""
    return any(r.known and r.grammemes & {"Name", "Surn", "Patr"} for r in parse(word))
