"""Who is who: the one comparison key for nicks, and account identity by board user id.

Two questions are kept apart here:

* **Do two names read the same?** `nick_key` answers it for the whole project: a nick a
  player typed in a vote or a letter, duplicate nicks in a config, ban records. Two nicks
  with equal keys are the same name as far as a reader can tell — and so a config may not
  seat both (`key_clashes`).
* **Is this post's author that player?** A name is only a claim, and a look-alike name
  («Шерлoк» with a Latin «o», «Шер\u200bлок» with a zero-width space) is another account.
  The board's user id decides wherever it is known: the host's `[game.user_ids]`, or the
  id of the player's own first post. That first post counts as his only when its author is
  spelled exactly as the cast spells him (`account_key`: Unicode normalisation, case and
  runs of spaces aside — what a board itself keeps unique — and nothing else: no
  look-alike letter, no invisible character). Until an id is known, the same exact
  spelling is the only way a name is the player's; a name that merely reads like his
  (`lookalike_of`) is an outsider the host is told about with both ids.

What `nick_key` folds, in order
-------------------------------
1. Unicode NFKC (full-width letters, ligatures, compatibility spaces, composed й/ё) and
   case folding.
2. Invisible characters: every format character (Unicode category Cf — zero-width space and
   joiners, word joiner, BOM, soft hyphen, bidi marks) and every diacritic mark left over
   after composition (a stress mark «Шерло́к»); none of them changes how a name reads.
3. «ё» → «е» (Russian writes both for one letter).
4. Whitespace: every kind (NBSP, tabs, line breaks, runs) becomes one space, ends trimmed.
5. **Look-alike letters fold**: the Latin letters that render like Cyrillic ones (a, b, c,
   e, h, k, m, o, p, t, x, y) become those Cyrillic letters, whatever script the rest of
   the nick is in. Why: C-3 reads nicks with Cyrillic/Latin look-alikes folded; phpBB's own
   ``username_clean`` folds confusables, so a board would not register both spellings; and
   a key is used to *refuse confusion* (two players whose nicks fold together cannot both
   be seated — `key_clashes`) and to *recognise a name however it was typed* (a host's cast
   list with a Cyrillic «а» for an account's Latin «a»). Telling a look-alike account from
   the player is not the key's job: the user id does it.

The key is a comparison value only — never shown to anyone, never stored as a name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Final

# Latin letters that render like Cyrillic ones, after case folding (the set C-3 names; the
# nick resolver's look-alike tier folds the same table).
LOOKALIKES: Final = str.maketrans(
    {
        "a": "а",
        "b": "в",
        "c": "с",
        "e": "е",
        "h": "н",
        "k": "к",
        "m": "м",
        "o": "о",
        "p": "р",
        "t": "т",
        "x": "х",
        "y": "у",
    }
)
_SPACES: Final = re.compile(r"\s+")
# Diacritic blocks only: marks that sit on Latin/Cyrillic letters as decoration. Scripts whose
# vowels are combining marks (Devanagari, Thai …) keep theirs.
_DIACRITICS: Final = re.compile(
    "[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]"
)


def _visible(text: str) -> str:
    """`text` without format characters (Cf) and stray diacritic marks."""
    if text.isascii():
        return text
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return _DIACRITICS.sub("", text)


_ASCII_SPACES: Final = re.compile(r"[ \t\r\n\f]+")


@lru_cache(maxsize=8192)
def nick_key(nick: str) -> str:
    """The project's identity key of a nick (see the module docstring for what folds)."""
    # case folding may decompose («İ» → «i» + a dot above): normalized again, then cleaned
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", nick).casefold())
    text = _visible(text).replace("ё", "е")
    text = _SPACES.sub(" ", text).strip()
    return text.translate(LOOKALIKES)


@lru_cache(maxsize=8192)
def account_key(name: str) -> str:
    """The key under which a board shows one account: canonical Unicode composition (NFC: a
    composed «й» and «и» + breve are one letter), lower case, ASCII space runs as one space
    and trimmed (a page's markup may wrap a name). Phpbb and Invision keep account names
    unique up to case, so two names with one `account_key` are one account; nothing else is
    folded — a Latin «o», a no-break, thin or zero-width space, a soft hyphen or a
    compatibility form makes another account."""
    text = unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).lower())
    return _ASCII_SPACES.sub(" ", text).strip(" ")


def same_nick(a: str, b: str) -> bool:
    """Whether two names read the same (equal `nick_key`)."""
    return nick_key(a) == nick_key(b)


def same_account(name: str, user_id: int | None, other: str, other_id: int | None) -> bool:
    """Whether two (name, board user id) pairs are one account: the ids decide when both
    are known, the exact spelling (`account_key`) otherwise."""
    if user_id is not None and other_id is not None:
        return user_id == other_id
    return account_key(name) == account_key(other)


def key_clashes(nicks: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs (earlier, later) of distinct entries whose nicks fold to one key: a cast that
    cannot be told apart by reading (for a config check to refuse)."""
    first: dict[str, str] = {}
    out: list[tuple[str, str]] = []
    for nick in nicks:
        key = nick_key(nick)
        if key in first:
            out.append((first[key], nick))
        else:
            first[key] = nick
    return out


def learn_ids(players: Iterable[str], authors: Iterable[tuple[str, int | None]]) -> dict[str, int]:
    """nick → board user id of each player, from the first (author, id) pair spelled as
    him (`account_key`) that shows an id. A look-alike spelling («Кoт», Latin «o») is
    another account and must not lend the player its id."""
    want = {account_key(p): p for p in players}
    ids: dict[str, int] = {}
    for author, uid in authors:
        player = want.get(account_key(author))
        if player is not None and uid is not None and player not in ids:
            ids[player] = uid
    return ids


class Cast:
    """Matches post or letter authors to seated players: by board user id where the page and
    the cast both give one, else by the exact spelling (`account_key`); never by a folded
    name (see the module docstring).

    players: the seated accounts. ids: account → board user id for those whose id is known
    (keys are matched by `nick_key`: the map is the host's or ours, not a post's claim).
    """

    def __init__(self, players: Iterable[str], ids: Mapping[str, int | None] | None = None):
        self._by_account: dict[str, str] = {}
        self._by_key: dict[str, str] = {}
        for p in players:
            self._by_account.setdefault(account_key(p), p)
            self._by_key.setdefault(nick_key(p), p)
        self._id_of: dict[str, int] = {}
        self._by_id: dict[int, str] = {}
        for nick, uid in (ids or {}).items():
            player = self._by_key.get(nick_key(nick))
            if player is not None and uid is not None:
                self._id_of[player] = uid
                self._by_id.setdefault(uid, player)

    def player(self, author: str, author_id: int | None = None) -> str | None:
        """The seated player who wrote as (author, author_id), or None for an outsider."""
        if author_id is not None and author_id in self._by_id:
            # the board's id wins over the name shown (an account renamed mid-game)
            return self._by_id[author_id]
        player = self._by_account.get(account_key(author))
        if player is None:
            return None
        known = self._id_of.get(player)
        if known is not None and author_id is not None and known != author_id:
            return None  # the player's name on another account (re-registered, a guest)
        return player

    def id_of(self, player: str) -> int | None:
        """The board user id known for a seated account."""
        return self._id_of.get(player)

    def lookalike_of(self, author: str, author_id: int | None = None) -> str | None:
        """The seated player whose name `author` only reads like (equal `nick_key`) while
        being another account — an outsider to flag to the host — else None."""
        if self.player(author, author_id) is not None:
            return None
        return self._by_key.get(nick_key(author))


# Profile links that carry a board user id: phpBB `memberlist.php?mode=viewprofile&u=61`,
# IPB 1.x-3.x `showuser=61`, IPS 4/5 `/profile/61-name/`.
_PROFILE_ID: Final = re.compile(r"(?:[?&;](?:amp;)?(?:u|showuser)=|/profile/)(\d+)")


def member_ids(html: str) -> dict[str, int]:
    """Account name → board user id from every profile link of a page (a board's member
    list; any page whose links name accounts). A name linked to two ids is left out: it
    cannot say which account a player is."""
    from selectolax.lexbor import LexborHTMLParser

    found: dict[str, int] = {}
    clash: set[str] = set()
    for a in LexborHTMLParser(html).css("a[href]"):
        m = _PROFILE_ID.search(a.attributes.get("href") or "")
        name = " ".join(a.text(separator=" ").split())
        if m is None or not name:
            continue
        uid = int(m.group(1))
        if found.setdefault(name, uid) != uid:
            clash.add(name)
    return {name: uid for name, uid in found.items() if name not in clash}


def ids_by_spelling(players: Iterable[str], members: Mapping[str, int]) -> dict[str, int]:
    """nick → id of the member spelled exactly as the player (`account_key`); a look-alike
    member lends nothing."""
    by_key = {account_key(name): uid for name, uid in members.items()}
    return {p: by_key[account_key(p)] for p in players if account_key(p) in by_key}
