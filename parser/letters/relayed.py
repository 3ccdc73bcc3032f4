"""A letter written for someone (C-2): «пишу за Февронию: она лечит Аду», «от имени
Февронии: лечу Аду», «Феврония просила передать — лечит Аду», «Это жена Никифора, он просил
передать: проверяет Аду».

C-2 takes a move only from the player's own account. So a letter that says it is written
for another player and names a move is no move of the account that sends it, nor of the
player it speaks for: it is refused, the answer saying that a move is taken only from the
player's own account (code `other_account`). A letter that says someone else wrote it for
the account's own player («муж просил передать: проверяю Аду» from the husband's account,
the writer his wife; «пишу за мужа») comes from the right account, yet the player did not
write it and the host cannot tell whether he decided it: it is asked back (code
`relayed`), the move it names spelt out — read from the whole letter, or else from the
words after the last that relay («муж просил передать: проверяю Аду») — for the player to
confirm by a letter of his own.

Told by structure, not by phrase: a verb of writing in the first person with «за» and a
person («пишу за Петю»), «от имени» / «от лица» and a person, a verb of asking with a verb
of passing word («просил передать», «попросила написать») and its subject, or the writer
introducing himself by a kinship word («это жена Никифора», «я брат Февронии»). The person
is a living player when the nick resolver places him (the sender's own nick is the account's
player), a pronoun the last player named before it (none: the account's player), and a
kinship word the account's player (the writer's relative). A letter with no action word
(«пишу за Петю: он заболел»), or none after the words that relay («Проверяю Аду, жена просила
передать привет»), relays no move and is left to the reader; so is a person the resolver
cannot place («пишу за Петю» with no such player: asked about as an unknown nick).

Apart from `parser.letters.reported`: this module asks who wrote the letter and for whom, once,
on the letter as written, before any move is read (`read_letter`); `reported` reads, inside a
letter that is the sender's own, the words it tells as someone else's. Both take their verbs
of asking and saying from `parser.letters.words` and quote by `tokens.typed`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from parser.letters.mentions import Mention
from parser.letters.tokens import Token, typed
from parser.letters.words import RELAY_ASKING, RELAY_PASSING, ws
from parser.morph import parse
from parser.vocab import lookup

__all__ = ["Relay", "written_for"]

_WRITE_LEMMAS: Final = ws("писать написать")
_ON_BEHALF: Final = ws("имени лица")
# the writer's relatives and friends: people who are no player, speaking for the account's one
_KIN_LEMMAS: Final = ws(
    "муж жена супруг супруга брат сестра мама мать папа отец сын дочь друг подруга парень "
    "девушка бабушка дедушка сосед соседка коллега внук внучка"
)
_HE: Final = ws("он она его ее него нее ему ей")


@dataclass(frozen=True, slots=True)
class Relay:
    """A letter written for someone: `owner` the player whose move it is (the sender's own
    nick for the account's player), `words` the words that say so, as written."""

    owner: str
    words: str
    own: str = ""  # the sender's own words before the sentence that relays, if any
    told: str = ""  # the words relayed: what follows the last words that say so


def written_for(tokens: Sequence[Token], mentions: Sequence[Mention], sender: str) -> Relay | None:
    """Whom the letter says it is written for, when it says so and an action word follows
    («…, жена просила передать привет ведущему» relays no move)."""
    found = _relay(tokens, mentions, sender, 0)
    if found is None:
        return None
    relay, at, end = found
    if not any(_action_word(t.word) for t in tokens[at + 1 :]):
        return None
    # «Это жена Никифора, он просил передать — проверяет Аду»: the words after the last
    while (more := _relay(tokens, mentions, sender, end)) is not None:
        end = more[2]
    own = [t.raw for t in tokens if t.sentence < tokens[at].sentence]
    told = [t.raw for t in tokens[end:]]
    return Relay(relay.owner, relay.words, " ".join(own), " ".join(told).strip(" ,;:—–-"))


def _relay(
    tokens: Sequence[Token], mentions: Sequence[Mention], sender: str, start: int
) -> tuple[Relay, int, int] | None:
    """The first words from `start` saying whom the letter is written for, where they start
    and where they end."""
    for k in range(start, len(tokens)):
        t = tokens[k]
        if not t.word:
            continue
        lemmas = _lemmas(t.word)
        nxt = k + 1 if k + 1 < len(tokens) and tokens[k + 1].sentence == t.sentence else None
        writes = lemmas & (_WRITE_LEMMAS | RELAY_PASSING) and _first_person(t.word)
        if writes and nxt is not None and tokens[nxt].word in ("за", "от"):
            who = _person(tokens, mentions, nxt + 1, sender)
            if who:  # «пишу за Петю», «передаю от Пети», not «пишу за мирных»
                return Relay(who, typed(tokens, k, nxt + 2)), k, nxt + 2
        if t.word == "от" and nxt is not None and tokens[nxt].word in _ON_BEHALF:
            who = _person(tokens, mentions, nxt + 1, sender)
            if who:
                return Relay(who, typed(tokens, k, nxt + 2)), k, nxt + 2
        if lemmas & RELAY_ASKING and nxt is not None and _lemmas(tokens[nxt].word) & RELAY_PASSING:
            if _passes_named_thing(tokens, nxt):
                continue  # «просила передать привет», «…, что задерживается»: no move passed
            who = _subject(tokens, mentions, k, sender)
            return Relay(who, typed(tokens, max(k - 1, 0), nxt + 1)), k, nxt + 1
        if lemmas & _KIN_LEMMAS and _introduces(tokens, k):
            after = _person(tokens, mentions, k + 1, sender) if nxt is not None else None
            return Relay(after or sender, typed(tokens, k - 1, k + 2)), k, k + 2
    return None


def _action_word(word: str) -> bool:
    """A word naming a move: an action word of the vocabulary, or the noun «дон» that names
    the election's choice (P-S.2: «дон Нина», «доном выбирает Тимофея»)."""
    found = lookup(word) if word else None
    if found is not None and found.actions:
        return True
    return bool(word) and any(p.lemma == "дон" and p.pos == "NOUN" for p in parse(word)[:1])


def _passes_named_thing(tokens: Sequence[Token], k: int) -> bool:
    """Whether the verb of passing word at `k` has its own object in its sentence — a noun in
    the accusative that names no person («передать привет») or a clause opened by «что»
    holding no move word («передать, что задерживается») — and no colon or dash after it:
    what is passed is that, and the sentences after it are the sender's own."""
    if tokens[k].raw.rstrip().endswith((":", "—", "–", "-")):
        return False
    rest = [u for u in tokens[k + 1 :] if u.sentence == tokens[k].sentence and u.word]
    if not rest:
        return False
    if rest[0].word == "что":
        return not any(_action_word(u.word) for u in rest[1:])
    return not _action_word(rest[0].word) and any(
        p.pos == "NOUN" and {"accs", "inan"} <= p.grammemes for p in parse(rest[0].word)
    )


def _lemmas(word: str) -> set[str]:
    return {p.lemma for p in parse(word)[:2]} if word else set()


def _first_person(word: str) -> bool:
    return any(p.pos == "VERB" and "1per" in p.grammemes for p in parse(word)[:2])


def _person(tokens: Sequence[Token], mentions: Sequence[Mention], at: int, sender: str) -> str:
    """The person named at token `at`: a player (a nick), a kinship word or a pronoun; ""
    when none is named there."""
    if at >= len(tokens):
        return ""
    m = next((m for m in mentions if m.start == at), None)
    if m is not None and m.kind == "nick" and m.nick:
        return m.nick
    if m is not None and m.kind == "self":
        return ""  # «пишу за себя»: the sender's own letter
    word = tokens[at].word
    if _lemmas(word) & _KIN_LEMMAS:
        return sender
    if word in _HE:
        return _before(tokens, mentions, at) or sender
    return ""


def _subject(tokens: Sequence[Token], mentions: Sequence[Mention], k: int, sender: str) -> str:
    """Who asked that word be passed: the person named last before the verb in its
    sentence, or the account's player when nobody is."""
    for j in range(k - 1, -1, -1):
        if tokens[j].sentence != tokens[k].sentence:
            break
        who = _person(tokens, mentions, j, sender)
        if who:
            return who
    return sender


def _before(tokens: Sequence[Token], mentions: Sequence[Mention], at: int) -> str:
    named = [m for m in mentions if m.kind == "nick" and m.nick and m.end <= at]
    return named[-1].nick or "" if named else ""


def _introduces(tokens: Sequence[Token], k: int) -> bool:
    """«Это жена Никифора», «Я брат Февронии», «Пишет жена»: the writer names himself by a
    kinship word opening the letter's first sentence."""
    if tokens[k].sentence != tokens[0].sentence:
        return False
    before = [t.word for t in tokens[:k] if t.word]
    return before in (["это"], ["я"], ["пишет"], ["здравствуйте", "это"], ["привет", "это"])
