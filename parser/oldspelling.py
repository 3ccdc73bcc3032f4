"""Russian typed in the pre-reform orthography, read as its modern spelling (C-3).

A player may write in the old spelling for fun: «Провѣряю Онѣгина», «Убиваемъ Акакія
Акакіевича». `modern_spelling` gives the text as it is spelled today, so every later stage
(morphology, the game's verbs, nick matching) sees ordinary Russian:

- ѣ → е, ѳ → ф, ѵ → и: letters the modern alphabet dropped, used by no other language a
  player of these boards types;
- a hard sign ending a word after a consonant is dropped («вотъ», «Онѣгинъ»); one inside a
  word is today's separating sign and stays («объявляю», «подъѣзжаю»);
- і → и inside a Cyrillic word («Акакія»), but only in a text that shows one of the marks
  above, or a word with і that the Ukrainian dictionary knows in no reading while its modern
  spelling is a Russian dictionary word («Акакіевича», «показанія»): a Ukrainian text writes
  і as a letter of its own («Перевіряю Івана», «він брехав» stay; one with ї, є or ґ is never
  folded by і), and a Latin «i» of Latin-typed Russian is another character altogether;
- the old genitive ending of adjectives «-аго»/«-яго» («Тугоуховскаго») becomes «-ого»/«-его»
  where the word is no dictionary word as written («Чикаго» stays), in such a text only;
- the old plural ending of adjectives «-ыя»/«-ія» («Алыя», «синія») becomes «-ые»/«-ие»
  where the word is no dictionary word as written («выя» stays) and today's form is one,
  in such a text only.

A text without any of those marks is returned unchanged, so the fold costs one scan.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Final

from parser.morph import parse, ukrainian_known
from parser.records import Post

# the letters no modern Russian word holds, each with today's letter
_DROPPED: Final = str.maketrans({"ѣ": "е", "Ѣ": "Е", "ѳ": "ф", "Ѳ": "Ф", "ѵ": "и", "Ѵ": "И"})
_CONSONANTS: Final = "бвгджзклмнпрстфхцчшщѳ"
# a hard sign ending a word after a Cyrillic consonant (either case)
_FINAL_HARD: Final = re.compile(
    rf"(?<=[{_CONSONANTS}{_CONSONANTS.upper()}])[ъЪ](?![а-яёА-ЯЁѣѢіІѳѲѵѴ])"
)
_OLD_MARK: Final = re.compile(
    rf"[ѣѢѳѲѵѴ]|[{_CONSONANTS}{_CONSONANTS.upper()}][ъЪ](?![а-яёА-ЯЁѣѢіІ])"
)
# a Cyrillic word holding і (U+0456/U+0406)
_I_WORD: Final = re.compile("[а-яёА-ЯЁіІ]*[іІ][а-яёА-ЯЁіІ]*")
_UKRAINIAN_ONLY: Final = re.compile("[їєґ]")
# a word ending in the old plural «-ыя»/«-ія» (checked before і is folded)
_YA_WORD: Final = re.compile("[а-яёА-ЯЁіІ]+[ыЫіІ][яЯ](?![а-яёА-ЯЁіІ])")
_AGO_WORD: Final = re.compile("[а-яёА-ЯЁ]+[ая][гГ][оО]\\b|[а-яёА-ЯЁ]+[АЯ][гГ][оО]\\b")


def old_spelling(text: str) -> bool:
    """True when `text` shows a mark of the pre-reform orthography (see the module)."""
    if _OLD_MARK.search(text) is not None:
        return True
    low = text.lower()
    if "і" not in low or _UKRAINIAN_ONLY.search(low):
        return False  # «ї», «є», «ґ»: a Ukrainian text, whose і is its own letter
    return any(_old_i(w) for w in _I_WORD.findall(low))


@lru_cache(maxsize=1024)
def _old_i(word: str) -> bool:
    """«акакіевича»: a word with і that is no Ukrainian word, a Russian one spelled today."""
    modern = word.replace("і", "и")
    if modern == word or not any(p.known for p in parse(modern)):
        return False
    return not ukrainian_known(word)


def modern_spelling(text: str, *, old: bool | None = None) -> str:
    """`text` in today's spelling when it shows the old one (see the module); else as is.
    `old`: whether the text is known to be in the old spelling (a piece of a post whose
    whole decides it), instead of asking `old_spelling` of the piece alone."""
    if not (old_spelling(text) if old is None else old):
        return text
    text = _FINAL_HARD.sub("", text.translate(_DROPPED))
    text = _YA_WORD.sub(lambda m: _modern_plural(m.group()), text)
    text = _I_WORD.sub(_modern_i, text)
    return _AGO_WORD.sub(lambda m: _modern_adjective(m.group()), text)


def _modern_i(m: re.Match[str]) -> str:
    word = m.group()
    if not any(c not in "іІ" for c in word):
        return word  # a lone і is no Russian word to fold
    return word.replace("і", "и").replace("І", "И")


@lru_cache(maxsize=1024)
def _modern_plural(word: str) -> str:
    """«Алыя» → «Алые», «синія» → «синие»: the old plural, where the word as written (with
    і as и) is no dictionary word and today's form is one; else the word as written."""
    folded = word.replace("і", "и").replace("І", "И")
    if any(p.known for p in parse(folded.lower())):
        return word  # «выя», «Акакія» (Акакия): a word today's dictionary knows
    modern = folded[:-1] + ("Е" if word[-1] == "Я" else "е")
    return modern if any(p.known for p in parse(modern.lower())) else word


@lru_cache(maxsize=1024)
def _modern_adjective(word: str) -> str:
    lower = word.lower()
    if any(p.known for p in parse(lower)):
        return word  # a word today's dictionary knows as written («Чикаго», «благо»)
    stem, vowel = word[:-3], word[-3]
    modern = "ого" if vowel in "аА" else "его"
    if word[-2:].isupper():
        modern = modern.upper()
    return stem + modern


def modern_post(post: Post) -> Post:
    """`post` with its own words, its text and its coloured spans in today's spelling when
    its own words show the old one (a span alone may not: «<Iрина>, молчитъ»); else itself."""
    if not old_spelling(post.own_text):
        return post

    def modern(text: str) -> str:
        return modern_spelling(text, old=True)

    end = post.words_end
    return replace(
        post,
        text=modern(post.text),
        own_text=modern(post.own_text),
        colored=tuple(replace(s, text=modern(s.text)) for s in post.colored),
        struck=None if post.struck is None else tuple(modern(s) for s in post.struck),
        # the signature's start, counted in the words as they are now spelled
        words_end=None if end is None else len(modern(post.own_text[:end])),
    )
