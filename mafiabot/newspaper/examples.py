"""Example letters with the game's own nicks, for role PMs and replies (C-2): a host shows a
player how to write his move with players who are really there — never the player himself,
and a clan's victim never one of its own. The nicks are chosen by a hash of the recipient, so
the examples differ between players and mean nothing."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from mafiabot.newspaper.grammar import inflect
from mafiabot.newspaper.words import (
    LETTER_EXAMPLE_ALONE_RU,
    LETTER_EXAMPLE_ROLE_RU,
    LETTER_EXAMPLE_RU,
    RulesArg,
    name_of,
)

#: when the game has nobody else to name (a test game of one)
_PLACEHOLDER = "Ник"


@dataclass(frozen=True, slots=True)
class Examples:
    """The nicks a player's examples use: two targets and a clan mate (None: no mate)."""

    target: str
    other: str
    ally: str | None = None


def examples_for(nick: str, living: Sequence[str], allies: Sequence[str] = ()) -> Examples:
    """Nicks for `nick`'s examples: living players other than him and his allies (anyone
    else alive when those are all), and a living ally for an executor or a Don."""
    others = [p for p in living if p != nick and p not in allies] or [
        p for p in living if p != nick
    ]
    mates = [a for a in allies if a != nick and a in living]
    if not others:
        return Examples(_PLACEHOLDER, _PLACEHOLDER, mates[0] if mates else None)
    i = int(hashlib.sha256(nick.encode()).hexdigest(), 16) % len(others)
    return Examples(others[i], others[(i + 1) % len(others)], mates[0] if mates else None)


def example_letter(ruleset: RulesArg, role: str, action: str, ex: Examples) -> str:
    """One letter of `action` as `role` writes it («Проверяю Шерлока»); "" for an action
    with no example."""
    key = (name_of(ruleset), role, action)
    pattern = LETTER_EXAMPLE_ROLE_RU.get(key) or LETTER_EXAMPLE_RU.get(action)
    if pattern is None:
        return ""
    if "{ally}" in pattern and ex.ally is None:
        if action != "kill":
            return ""  # a Don election with nobody else to name
        pattern = LETTER_EXAMPLE_ALONE_RU
    return pattern.format(
        acc=inflect(ex.target, "accs") or ex.target,
        nom=ex.target,
        nom2=ex.other,
        ally=ex.ally or "",
    )


#: the letter reader's stand-ins for a nick in the example letters its questions and hints
#: carry (parser/letters/: «Проверяю Ник», «Армия тьмы: Ник1 и Ник2»)
_STAND_IN = re.compile(r"(?<![\w-])Ник[12]?(?![\w-])")
_QUOTED = re.compile(r"«[^«»]*»")
#: the verbs of the reader's examples, after which a nick stands in the accusative
_TRANSITIVE = re.compile(r"(?:убиваю|убиваем|проверяю|лечу|приглашаю|избиваю|подрываю)\s+$", re.I)


def with_game_nicks(text: str, ex: Examples) -> str:
    """`text` with the reader's stand-ins inside «…» replaced by the game's own nicks: the
    first by the example's target (in the accusative after a verb: «Проверяю Шерлока»), an
    executor by a clan mate when there is one, any other by the second example nick."""

    def quote(m: re.Match[str]) -> str:
        q = m.group(0)
        out, pos, n = [], 0, 0
        for s in _STAND_IN.finditer(q):
            before = q[pos : s.start()]
            out.append(before)
            if n == 0:
                said = ex.target
                if _TRANSITIVE.search(q[: s.start()]):
                    said = inflect(ex.target, "accs") or ex.target
            elif ex.ally and q[: s.start()].rstrip().endswith("исполнитель"):
                said = ex.ally
            else:
                said = ex.other
            out.append(said)
            pos, n = s.end(), n + 1
        out.append(q[pos:])
        return "".join(out)

    if ex.target == _PLACEHOLDER:
        return text
    return _QUOTED.sub(quote, text)
