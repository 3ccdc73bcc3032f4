"""Russian grammar for what the bot writes: a player's gender and his nick in a case.

A host writes «убита Нина», «лечил Шерлока», «проверил Марго». The newspaper does the same when
it can be sure, and otherwise picks a phrasing that needs neither (never a wrong form):

* gender: the host's per-player setting first (config `[game.genders]`, a plain mapping
  nick → "m"/"f"), else the dictionary's word that the nick is a given name of one gender
  (Нина, Егор; the first word of «Анна Каренина»), else unknown;
* case: a nick made of Cyrillic words the dictionary knows as nouns of a person (or as
  indeclinable, like Марго) is declined word by word; a nick with Latin letters, digits or an
  unknown or ambiguous word is left alone, and the template says «игрока Tanya-77» instead.

The analyzer is the project's shared pymorphy3 instance (`parser.morph`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Literal

from parser.morph import analyzer, gender_word
from parser.nicks import lookalike_key

Gender = Literal["m", "f"]
#: The grammatical cases a template may ask for (pymorphy3's tags).
CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct"})


# only letters of the Russian alphabet, words joined by spaces or hyphens
_RUSSIAN_NICK = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*(?: [А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*)*")


def normalize_gender(value: object) -> Gender | None:
    """ "m"/"f" from a config value ("m", "ж", "female" …: `parser.morph.GENDER_WORDS`);
    anything else → None."""
    word = gender_word(value)
    return "m" if word == "m" else "f" if word == "f" else None


def _override(nick: str, genders: Mapping[str, str] | None) -> Gender | None:
    """The host's entry for `nick`, matched as the parser matches nicks (case and Latin /
    Cyrillic look-alikes folded), like the config's own `GameConfig.gender`."""
    if not genders:
        return None
    if nick in genders:
        return normalize_gender(genders[nick])
    key = lookalike_key(nick)
    for k, v in genders.items():
        if lookalike_key(k) == key:
            return normalize_gender(v)
    return None


def gender_of(nick: str, genders: Mapping[str, str] | None = None) -> Gender | None:
    """The player's gender when known for sure: the host's setting, else a given name."""
    said = _override(nick, genders)
    if said is not None:
        return said
    return _name_gender(nick.strip())


@lru_cache(maxsize=4096)
def _name_gender(nick: str) -> Gender | None:
    if not _RUSSIAN_NICK.fullmatch(nick):
        return None
    first = nick.split(" ")[0]
    if "-" in first:
        return None
    parses = analyzer().parse(first)
    if not parses:
        return None
    top = max(p.score for p in parses)
    names = [
        p
        for p in parses
        if p.is_known and "Name" in p.tag and p.tag.case == "nomn" and p.score >= top * 0.5
    ]
    if not names:
        return None
    found = {p.tag.gender for p in names}
    # Саша, Женя are both (ms-f): no agreement can be chosen from the name alone
    if found == {"masc"}:
        return "m"
    if found == {"femn"}:
        return "f"
    return None


def _candidates(word: str) -> list[Any]:
    """Parses of `word` as a person's name in the nominative, the likely ones only."""
    parses = analyzer().parse(word.casefold())
    if not parses:
        return []
    top = max(p.score for p in parses)
    cands = [
        p
        for p in parses
        if p.is_known
        and p.tag.POS == "NOUN"
        and p.tag.case == "nomn"
        and p.tag.number in ("sing", None)
        and ("anim" in p.tag or "Fixd" in p.tag)
    ]
    if not cands or max(p.score for p in cands) < top:
        return []  # the word is more likely something else (a verb, another case …)
    best = max(p.score for p in cands)
    return [p for p in cands if p.score >= best * 0.5]


def _restore_case(original: str, form: str) -> str:
    """Capitals where the nick had them (endings change, the stem's capitals stay)."""
    if "ё" not in original.casefold():
        form = form.replace("ё", "е")
    if original.isupper() and len(original) > 1:
        return form.upper()
    out = [
        ch.upper() if i < len(original) and original[i].isupper() else ch
        for i, ch in enumerate(form)
    ]
    return "".join(out)


def _inflect_word(word: str, case: str) -> str | None:
    cands = _candidates(word)
    if not cands:
        return None
    forms = set()
    for p in cands:
        if "Fixd" in p.tag:
            forms.add(word.casefold())
            continue
        f = p.inflect({case})
        if f is None:
            return None
        forms.add(f.word)
    if len(forms) != 1:
        return None  # the readings disagree: not sure, so not declined
    return _restore_case(word, forms.pop())


@lru_cache(maxsize=8192)
def inflect(nick: str, case: str) -> str | None:
    """`nick` in `case` («Шерлок», "accs" → «Шерлока»; «Марго» stays), or None when the nick
    is not something the dictionary can decline with confidence (Latin, digits, unknown)."""
    if case not in CASES:
        raise ValueError(f"unknown case {case!r}")
    nick = nick.strip()
    if case == "nomn":
        return nick
    if not _RUSSIAN_NICK.fullmatch(nick):
        return None
    out = []
    for word in nick.split(" "):
        parts = word.split("-")
        if len(parts) > 1:
            # a hyphenated word (Монте-Кристо) is known as a whole or not at all
            whole = _inflect_word(word, case)
            if whole is None:
                return None
            out.append(whole)
            continue
        one = _inflect_word(word, case)
        if one is None:
            return None
        out.append(one)
    return " ".join(out)


@lru_cache(maxsize=64)
def noun_in_case(word: str, case: str) -> str:
    """One of the bot's own nouns in `case`, singular («день», "gent" → «дня»; «ход», "ablt"
    → «ходом»), as the dictionary declines it."""
    if case not in CASES:
        raise ValueError(f"unknown case {case!r}")
    for p in analyzer().parse(word):
        if p.tag.POS == "NOUN" and p.tag.case == "nomn":
            form = p.inflect({case, "sing"})
            if form is not None:
                return str(form.word)
    raise ValueError(f"the dictionary cannot decline {word!r}")


def pick(gender: str | None, masc: str, femn: str, neutral: str = "") -> str:
    """The word that agrees with `gender`; `neutral` when it is unknown."""
    return masc if gender == "m" else femn if gender == "f" else neutral


#: «игрок» in each case: a nick that cannot be declined stands after it, as a name does
PLAYER_IN_CASE = {
    "nomn": "игрок",
    "gent": "игрока",
    "datv": "игроку",
    "accs": "игрока",
    "ablt": "игроком",
    "loct": "игроке",
}


def in_case(nick: str, case: str) -> str:
    """`nick` standing in `case`: declined when the dictionary is sure («Шерлока»), else
    after «игрок» in that case («игрока Tanya-77»), which needs nothing of the nick."""
    declined = inflect(nick, case)
    return declined if declined is not None else f"{PLAYER_IN_CASE[case]} {nick}"


def plural(n: int, one: str, few: str, many: str) -> str:
    """The noun that agrees with the number `n`: 1 сообщение, 3 сообщения, 5 сообщений."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many
