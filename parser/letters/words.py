"""The word lists the letter reader's stages share: negation, correction, contrast,
self-reference, greetings, role-independent game words."""

from __future__ import annotations

from typing import Final

from parser.correction import PARTICLES
from parser.vocab import CONDITION_WORDS as _CONDITION_WORDS
from parser.vocab import TIME_WORDS as _TIME_WORDS


def ws(spec: str) -> frozenset[str]:
    return frozenset(spec.split())


NEG: Final = ws("не not ни никого некого вместо кроме no без")
NEG_GAP: Final = ws(
    "в во на буду будем стану станем хочу хотим сегодня сейчас я мы сажусь сяду сидим сижу "
    "иду пойду этой ночью ночью пока ещё еще"
)
PREP: Final = ws("в во к ко на по за у с со")
SELF_WORDS: Final = ws("себя себе собой меня мне myself me self")
SELF_LEAD: Final = ws("сам сама самого саму самой самому")
PRONOUNS: Final = ws(
    "его её ее него неё нее ему ей нему ней ним нею ими них их этого эту этой того ту him her"
)
OR: Final = ws("или либо or")
#: the words that open a condition by themselves («если», «ежели», «коли», "if", "when"):
#: the move's own condition (`parser.letters.conditions`) and a question's (`.asked`) —
#: the one-word part of the one list both readers share (`parser.vocab.CONDITION_OPENERS`)
CONDITION_WORDS: Final = _CONDITION_WORDS
#: the words that open a clause of a later time by themselves («когда», «едва»): the one-word
#: part of `parser.vocab.TIME_OPENERS`
TIME_WORDS: Final = _TIME_WORDS
#: words that restate what was just said in other words («то есть», «в смысле»): what
#: follows them says what the words before meant
RESTATING: Final = (("то", "есть"), ("в", "смысле"), ("иначе", "говоря"), ("а", "именно"))
#: a dash typed as a word of its own: it parts a clause as a comma does
DASHES: Final = frozenset(("—", "–", "-"))
#: «если получится», «если выйдет»: succeeding, a manner of speech in a condition
SUCCEED_LEMMAS: Final = ws("получиться выйти удаться")
# words that weigh players against each other («Боба или Рокета», «между Бобом и Рокетом»)
CHOICE: Final = OR | ws("между выбираю")
JOIN: Final = ws("и или либо также + & and or / в на")
#: the particles of a correction, read wherever they stand; its nouns and verbs («отмена»,
#: «перепутала», «отставить») are read by their place in the sentence
#: (`parser.letters.corrections.correcting`) — one recogniser for letters and votes
CORRECTION: Final = PARTICLES
# correction verbs that take the player they take back as their object: «Отставить
# Фугаса!», «отменяю Зарницу» — that player is withdrawn, as after «не»
CANCEL: Final = ws("отставить отставляю отставим отставь отменить отменяю отменяем отмена")
CONTRAST: Final = ws("но однако")
LATER: Final = ws("завтра послезавтра потом позже")
# words that leave an action word without a target («Лечу всех! Ну ладно, Машу»)
NOTHING: Final = ws("всех все всё сегодня ночью этой пожалуй пожалуйста наверное же тьмы тьма")
SECOND: Final = ws("второй второго второму вторым второе вторая вторую ещё еще также")
IF: Final = ws("если иначе тогда запасной запасная запасного вдруг")
HANDS: Final = ws("руками рукой руки силами")
# «думаю, Катя мафия»: an opinion about a player, not a move
OPINION: Final = ws(
    "дон дона доном думаю считаю кажется подозреваю уверен уверена чувствую похоже наверное видимо "
    "мафия мафиози маньяк мирный мирная мирных подозрительный подозрительная "
    # chat words of an opinion about a player: «Лиза норм», «он чист»
    "норм нормальный нормальная чист чиста чистый чистая мутный мутная"
)
# words that label the move's target: «Цель — X», «объект на сегодня — X»
TARGET_LABELS: Final = ws("цель объект мишень жертва")
INDICATORS: Final = ws(
    "ход хожу хода ходом цель цели целью выбор выбираю мишень ночь ночью сегодня жертва жертву "
    "выход исполнитель исполнителем исполняет охота охоту охоте охотится"
)
GREETING: Final = ws(
    "привет приветствую здравствуй здравствуйте добрый доброй вечер ночи день утро "
    "ведущий ведущему хост спасибо пока удачи всем hi hello thanks пожалуйста плиз "
    "please pls plz"
)
VOTE_WORDS: Final = ws("голосую голос выбираю выбираем предлагаю за vote")
NO_NEED: Final = ws("надо нужно буду будем стану станем хочу хотим могу стоит")
GREETED: Final = ws("день вечер утро ночи ночь вечера утра дня")
VISIT_PREPS: Final = ws("к ко")
ATTACK_PREPS: Final = ws("на")
NIGHT: Final = ws("ночь ночку")
PARTIAL_MIN: Final = 4
PARTIAL_CONFIDENCE: Final = 0.85
INFERRED_CONFIDENCE: Final = 0.9
TRANSLIT_CONFIDENCE: Final = 0.85
SUGGEST_SCORE: Final = 70.0
SHORT_LETTER: Final = 3  # words besides the nick and greetings that still make a bare move
TWO: Final = {"army": 2, "protect": 2}
VIOLENCE: Final = frozenset({"kill", "beat", "blast"})
_CARE: Final = frozenset({"heal", "protect"})
FAMILY: Final = {
    "kill": VIOLENCE,
    "beat": VIOLENCE,
    "blast": VIOLENCE,
    **dict.fromkeys(_CARE, _CARE),
}


# -- words and sentences -----------------------------------------------------------------------

SIDE_KEYS: Final = ws(
    "сторона сторону стороны выбираю выбрала выбрал играю side choose chose join "
    # «Мафия, я ваша», «Я с вами, мирные»: belonging said to the side itself
    "ваша ваш ваши вами присоединяюсь "
    # «Остаюсь с мирными», «Перехожу к мафии»: staying or crossing over says the side
    "остаюсь перехожу"
)
SIDE_TOWN: Final = ws(
    "мирных мирные мирным мирными мирная мирный город города горожан горожанами town"
)
SIDE_MAFIA: Final = ws("мафию мафия мафии мафией mafia")


ASKING: Final = ws("кого кто что ли можно если как когда зачем почему или либо")


# «сегодня», «ночью» say when, not that the letter moves: a story may say them too
WEAK_INDICATORS: Final = ws("ночь ночью сегодня")
# «Сова, ты следующая»: a threat for a later night, asked about, not read as tonight's
NEXT: Final = LATER | ws("следующий следующая следующим следующей следующего следующую")
TOLD: Final = ws("вчера вчерашний вчерашняя вчерашнюю вчерашнего спасибо благодарю thanks")


# -- another's words: a letter written for someone (`relayed`), or the words of someone else
# told in the sender's own letter (`reported`) --------------------------------------------------

#: verbs of asking and ordering: what they report is a move someone else wants made
DIRECTIVE_VERBS: Final = ws(
    "велеть повелеть предложить предлагать просить попросить приказать приказывать "
    "требовать потребовать советовать посоветовать распорядиться настаивать настоять"
)
#: verbs of saying: what they report is another's words, a move only if it names one
SAYING_VERBS: Final = DIRECTIVE_VERBS | ws(
    "сказать говорить написать писать передать передавать сообщить сообщать объявить "
    "объявлять заявить заявлять орать кричать намекнуть намекать"
)
#: a letter's writer asked to write it («муж просил передать», «поручила написать»): the
#: asking, then the passing on
RELAY_ASKING: Final = ws("просить попросить велеть поручить")
RELAY_PASSING: Final = ws("передать передавать написать сообщить отправить прислать")

#: the verbs of taking one of several, by the dictionary's lemma: «Беру Дымова», «Выберу Y» —
#: the game's choosing, whatever the vocabulary holds
CHOOSING_LEMMAS: Final = frozenset(("брать", "взять", "выбирать", "выбрать"))
