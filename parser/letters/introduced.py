"""The writer naming herself (C-2, C-3): «это Весы, дон Персей», «Пишет Кассиопея: лечу
Ориона», «с вами Рыба, убиваем Зенита», «Зенит на связи. Проверяю Рака», «я — Кассиопея»,
and a signature at the end: «Стреляю в Ориона — Весы», «Убиваю Стрельца⏎Орион».

A host reads the sender's own nick in such a place as who is writing — accounted for, never
the move's player: the move is what the rest of the letter says. The nick must be written as
it is (its nominative, any letter case, «ё» as «е»), right after a word that introduces the
writer («это», «пишет», «вам пишет», «с вами», «на связи», «я —», «я:») or right before «на
связи»; any other player there is talk about him («это Зенит убил Лебедя») and is left to the
reader. A signature is the sender's nick alone after a dash or on the letter's last line, and
only where the words before it name another living player: «Дон — Весы», «Лечу —
Кассиопея» with nobody else named stay her own nick as the move's player (a self-election, a
self-heal where the rules allow it), read as before. The sender's nick as a move's object
(«Лечу Кассиопею», «Доном выбираю Весы») is never cut.
"""

from __future__ import annotations

import re
from typing import Final

from parser.letters.mentions import find_mentions
from parser.letters.tokens import tokenize
from parser.morph import parse, pronoun_gender
from parser.nicks import NickResolver
from parser.sender import SenderView

__all__ = ["introduction_cut"]

_EDGE: Final = r"(?:^|(?<=[\s.,!?;:()«»\"—–-]))"
_AFTER: Final = r"(?=$|[\s.,!?;:()«»\"—–-])"
#: words that introduce the writer before her nick
_BEFORE: Final = r"(?:это|пишет(?:\s+вам)?|вам\s+пишет|с\s+вами|на\s+связи|я\s*[—–-]+|я\s*:)"
_DASH: Final = r"[—–-]+"


def _nick_pattern(nick: str) -> str:
    """The nick as written, its words apart by any spaces, «ё» and «е» alike."""
    words = ["".join("[её]" if c in "её" else re.escape(c) for c in w) for w in nick.split()]
    return r"\s+".join(words)


def introduction_cut(text: str, view: SenderView, resolver: NickResolver) -> str:
    """`text` without the sender introducing herself (see the module docstring): each such
    introduction becomes a sentence break, a signature is dropped."""
    nick = _nick_pattern(view.nick.casefold())
    if not nick:
        return text
    flags = re.IGNORECASE
    intro = re.compile(
        _EDGE
        + rf"(?:{_BEFORE}\s*[,:—–-]?\s*(?P<a>{nick})|(?P<b>{nick})\s*,?\s*на\s+связи)"
        + _AFTER
        + r"\s*[,.!:;—–-]*",
        flags,
    )

    def cut(found: re.Match[str]) -> str:
        if found.group("a") is not None and _past_verb_after(text, found.end()):
            return found.group(0)  # «это Весы убили …»: she tells of herself, no greeting
        if found.group("a") is not None and _names_the_move_before(text[: found.start()]):
            return found.group(0)  # «Дон — это Весы»: she names herself for the move
        return " . "

    out = intro.sub(cut, text)
    signed = re.compile(
        rf"(?:{_DASH}|\n)\s*(?:(?:ваш|ваша|твой|твоя)\s+)?{nick}\s*[.!)]*\s*$", flags
    )
    found = signed.search(out)
    if found is not None and _closed_on_another(out[: found.start()], view, resolver):
        out = out[: found.start()]
    return out


#: words after which the nick is the move's own («Дон — это Весы», «Цель: это Весы»)
_MOVE_HEADS: Final = frozenset(
    {"дон", "доном", "доны", "цель", "ход", "выбор", "исполнитель", "исполнителем"}
)


def _names_the_move_before(before: str) -> bool:
    """Whether the words right before «это» head the move: a dash or a colon, or a word
    of the move's line («дон», «цель», «ход» …) in the same clause."""
    clause = re.split(r"[.!?;\n]", before)[-1].strip()
    if clause.endswith(("—", "–", "-", ":")):
        return True
    words = re.findall(r"[а-яё]+", clause.casefold())
    return bool(words) and words[-1] in _MOVE_HEADS


def _past_verb_after(text: str, at: int) -> bool:
    """Whether the word at `at` is a verb in the past tense (the nick its subject)."""
    word = re.match(r"\s*([а-яё]+)", text[at:].casefold())
    if word is None:
        return False
    top = parse(word.group(1))[:1]
    return bool(top) and top[0].pos == "VERB" and "past" in top[0].grammemes


def _closed_on_another(text: str, view: SenderView, resolver: NickResolver) -> bool:
    """Whether `text`, the words before a signature, ends on another living player named
    (its last word his nick: «Стреляю в Ориона — Весы»), or ends a sentence and names one:
    then the nick after it stands apart. «…, а если нет — Весы», «исполнитель — Весы» end
    on a word of their own and the nick after the dash is still theirs."""
    tokens = tokenize(text)
    mentions = find_mentions(tokens, resolver, view)
    others = [m for m in mentions if m.kind == "nick" and m.nick != view.nick]
    if not others:
        return False
    if text.rstrip().endswith((".", "!", ")")):
        return True
    last = max((k for k, t in enumerate(tokens) if t.word), default=-1)
    if last >= 0 and pronoun_gender(tokens[last].word, plural=True) is not None:
        return True  # «Орион врал, убиваю его — Рыбы»: «его» is another player
    return any(m.start <= last < m.end and not m.negated for m in others)
