"""Words that name a role (RULES.md C-2, C-3): «маньяк», «моя некромантка», «крёстный».

Shared by the letter reader (a role word that names the sender, a player told of by his
role) and the vote reader (a role word in lower case is the role, not a player whose nick
starts with it), with the game words that are never a nick (`GAME_WORDS`), so neither
reader has to load the other to know them.
"""

from __future__ import annotations

from typing import Final

from parser.morph import parse

# a role's word by lemma (a sender may name himself so: «Крёстный отец приказывает убить
# Наташу» from the godfather)
ROLE_WORDS: Final = {
    "крестный": "godfather",
    "комиссар": "commissar",
    "шериф": "sheriff",
    "доктор": "doctor",
    "врач": "doctor",
    "маньяк": "maniac",
    "ниндзя": "ninja",
    "некромант": "necromancer",
    "громила": "thug",
    "камикадзе": "kamikaze",
    "путана": "prostitute",
    "адвокат": "lawyer",
    "сержант": "sergeant",
}


def _words(spec: str) -> frozenset[str]:
    return frozenset(spec.split())


#: game words that are never nicks, capitalised or not («Якудза заказывает …»): the roles',
#: the clans', the host's and the victim's
GAME_WORDS: Final = _words(
    "якудза триада триады мафия мафии клан клана дон дона комиссар шериф доктор врач "
    "маньяк ниндзя некромант громила камикадзе путана адвокат сержант ведущий жертва"
)


def role_word(word: str) -> str | None:
    """The role a word names as the player holding it («маньяк», «моя некромантка»,
    «крёстный»), or None."""
    lemma = next((p.lemma for p in parse(word)[:1]), word).replace("ё", "е")
    found = ROLE_WORDS.get(lemma, ROLE_WORDS.get(word))
    if found is None and lemma.endswith("ка"):
        found = ROLE_WORDS.get(lemma[:-2])  # «некромантка», «адвокатка»
    return found


# a side's word by lemma: the mafia, a PEFL clan, the civilians (P-S.1 and the like)
SIDE_WORDS: Final = {
    "мафия": "mafia",
    "мафиози": "mafia",
    "якудза": "yakuza",
    "триада": "triad",
    "клан": "clan",
    "мирный": "civilians",
    "мирняк": "civilians",
}


def side_word(word: str) -> str | None:
    """The side a word names («мафию», «якудзу», «мирных»), never one player, or None."""
    lemma = next((p.lemma for p in parse(word)[:1]), word).replace("ё", "е")
    return SIDE_WORDS.get(lemma, SIDE_WORDS.get(word))


def role_word_of_longer_nick(text: str, nick: str) -> bool:
    """C-3: a word that is a game word in any case form and with or without a capital
    («комиссара», «Доктора», «Комиссар»), read as a nick of which it is only one word
    (Комиссар Ярмарки, Доктор Сотов, Комиссар_матча): the role or the game's word, not
    provably the player — a title that opens a nick is no name of its own. The word written
    as the whole nick (a player Комиссар) keeps its reading. One answer for letters and
    votes."""
    word = text.strip(" .,!?:;()«»\"'—–-").casefold().replace("ё", "е")
    if not word.isalpha():
        return False
    top = parse(word)[:1]
    lemma = top[0].lemma.replace("ё", "е") if top else word
    if lemma not in GAME_WORDS and word not in GAME_WORDS:
        return False
    own = nick.casefold().replace("ё", "е").strip()
    return own not in (word, lemma)
