"""Night letters read through the sender's role (RULES.md C-2, C-3, P-M.*, G-M.*).

`read_letter(text, view)` reads one PM body (the sender's own text, quotes dropped) the way
a careful host does: knowing who wrote it (`parser.sender.SenderView`). Every letter ends in
exactly one of

* a **move** (`LetterReading.code is None`, ``action`` set) whose ``confidence`` is at least
  the host's threshold (``[rules] move_confidence``, default 0.8);
* a **question** back to the player (``code`` below, ``text`` is Russian, ready to send);
* **no move** (``action`` and ``code`` both None): talk, a greeting, «ход пропускаю».

How a letter is read
--------------------
0. Lines quoted e-mail style («> Проверяю Судью» under «Re:») hold the letter answered,
   not tonight's move: they are not read.
1. Story lines — ``способ: …``, ``способ убийства — …``, ``как: …``, ``story:``, ``how:``,
   ``описание:``, ``легенда:`` up to the end of the line — are the kill's story (G-M.10)
   and are not searched for moves or nicks («как-то» is a word, not the label «как -»).
2. Sentences ending with «?» ask; they hold no move.
3. Nicks are found first, anywhere, by the resolution ladder of `parser.nicks` (case forms
   by pymorphy3 lemma included, one word of a multi-word nick, the other script, typos by
   similarity). «себя», «саму себя», «самого себя», «меня», "myself" name the sender; «к
   себе» / «ко мне» never do (the prostitute's "to my place", C-2). «его», «её», «него» …
   are pronouns: a move aimed at one is asked about. A nick right after «не», «вместо»,
   «кроме» is excluded («Лечу не Катю, а Ефима»). Nicks that are ordinary words: a
   lower-case one after an adjective is the word («на эту ночь» with a player Ночь); a
   vocabulary noun with a capital mid-sentence is a nick («Убиваю Пулю»), one that labels
   the move is not («Выстрел: Ли»); a nick followed in its clause by a capitalised word that
   is no player only starts a longer name («доктора Хауса» with a player Доктор), which
   is asked about. A dead player named is asked about as no living player.
4. Action words are looked up by lemma (`parser.vocab`), typos with a lower confidence.
   A past-tense verb is a story. An action word after «не» (a few filler words allowed
   between: «Не в засаде сегодня») is negated and names nothing.
   Motion verbs («иду к Кате», «загляну к Роме», «провожу ночь с Жанной») name the sender's
   own action: the one his role has (the doctor heals, the commissar checks, the
   prostitute invites); «иду на Катю» is an attack (kill or beat).
5. Each action word takes the first nick after it in its sentence (or, with none, the one
   just before it: «Катю — проверка»); «A или B» is a question. Army and protect take two.
   Once it has a player, a clause opened by «а»/«но» speaks of someone else («Проверяю
   Палача, а Яна завтра»). An action word ending its sentence takes the next sentence's
   nick only when it stands nearly alone or that sentence is little more than the nick.
6. Executor of a PEFL clan kill (P-M.8): after «исполнитель» / «исполняет» / «руками»; the
   nick in the nominative next to a verb in the third person («Рома идёт на Катю», «Катю
   убирает Рома», «стреляет Гена»); or, when the letter names two players and only one is
   a clan mate, the clan mate (a clan never shoots its own).
7. The role decides: words naming another role's action are set aside when the letter also
   holds one of the sender's own; a one-action role's letter that names exactly one living
   player is that move however phrased, provided something in it says it is a move (an
   action or motion word, «ход», «цель», a colon) or it is little more than the nick.
   A mafioso's clan mates are never the inferred target («Рыжий, я готов исполнять»), and
   a mate named by one short word of his nick is read as the executor.
8. Corrections: the host reads the **last** word. A later reading after «нет», «передумал»,
   «лучше», «вернее», «точнее», «исправляю», «поправка», «отмена», «стоп», «ой», «пусть»
   (or after «но»: «хотел вылечить Жанну, но лечу Игоря») replaces the earlier one; a
   correction may give just the nick («Лечу Жанну. Нет, лучше Ефима»; after several, the
   nick after the last one), and a clan mate named so corrects the executor. A reading the
   player comes back to wins («Убиваю Лёню или засада... убиваю Лёню»); «…, но не
   сегодня» and «завтра»/«потом» in the reading's clause take it back (and its players are
   not then inferred as the role's move); «Хотя нет, засада» corrects to the ambush; a
   correction counts in a letter read through the role with no action word too («Цель
   Доктор. Нет, лучше Судья»); «Хотя нет, не трогаю никого» is asked about. Two
   different readings with no such word are asked about, never guessed, and so is a
   fallback («если не получится — тогда Жанну»). «Второй: Павел» adds a second protect.
   Numbered lists («1) Ефим 2) Борис») are one sentence.

Confidence is the lowest of the action word's (1.0 by lemma, 0.85 one letter off, 0.8 two
letters off a long word; 0.9 when inferred from the role) and each nick's (`parser.nicks`
tiers; one word of a multi-word nick 0.85; fuzzy: the similarity).

Question codes (``LetterReading.code``)
---------------------------------------
=================  =========================================================================
no_target          an action but no nick: «Кого …? Напишите ник»
unknown_nick       a nick that matches no living player (with a suggestion when one is close)
ambiguous_nick     a nick that fits several players: they are named
which_target       two targets for a one-target action: «кого из двух: Катю или Ефима?»
pronoun            the target is a pronoun («его», «её»): who is meant?
which_action       the role has several actions and the letter does not say which
unparsed           two different moves in one letter and no correction word
low_confidence     a reading below the threshold: «Правильно ли я понял …?»
is_it_a_move       a one-action role's letter names one player but does not say it moves
=================  =========================================================================
(`parser.moves` adds ``not_a_player`` and ``dead`` for senders outside the game.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import pairwise
from typing import Any, Final

from engine.actions import InputRejected, Move
from engine.rules import ruleset_class
from parser.morph import common_word, parse
from parser.nicks import (
    AMBIGUOUS_NICK,
    STRICT_TIERS,
    NickMatch,
    NickResolver,
    casefold_key,
    spelled_alike,
)
from parser.sender import SenderView
from parser.vocab import lookup

DEFAULT_THRESHOLD: Final = 0.8

NO_TARGET: Final = "no_target"
UNKNOWN_NICK: Final = "unknown_nick"
AMBIGUOUS: Final = AMBIGUOUS_NICK
WHICH_TARGET: Final = "which_target"
PRONOUN: Final = "pronoun"
WHICH_ACTION: Final = "which_action"
UNPARSED: Final = "unparsed"
LOW_CONFIDENCE: Final = "low_confidence"
IS_IT_A_MOVE: Final = "is_it_a_move"
QUESTION_CODES: Final = (
    NO_TARGET,
    UNKNOWN_NICK,
    AMBIGUOUS,
    WHICH_TARGET,
    PRONOUN,
    WHICH_ACTION,
    UNPARSED,
    LOW_CONFIDENCE,
    IS_IT_A_MOVE,
)

ACTION_RU: Final = {
    "kill": "убийство",
    "check": "проверка",
    "heal": "лечение",
    "block": "приглашение",
    "beat": "избиение",
    "blast": "подрыв",
    "protect": "протект",
    "army": "армия тьмы",
    "ambush": "засада",
    "don": "выбор дона",
    "choose_side": "выбор стороны",
    "executor": "исполнитель",
}
_EXAMPLE: Final = {
    "kill": "Убиваю Ник",
    "check": "Проверяю Ник",
    "heal": "Лечу Ник",
    "block": "Приглашаю Ник",
    "beat": "Избиваю Ник",
    "blast": "Подрываю Ник",
    "protect": "Протект Ник",
    "army": "Армия тьмы: Ник1 и Ник2",
}

_STORY_RE: Final = re.compile(
    r"(?im)(?<!\w)(способ(?:\s+убийства)?|как|story|how|описание|легенда|сюжет)"
    # a hyphen joined to the next letter makes a word («как-то», «как-нибудь»), not a label
    r"(?:\s*[:—–]|\s+-|-(?!\w))\s*([^\n]*)"
)


def _ws(spec: str) -> frozenset[str]:
    return frozenset(spec.split())


_NEG: Final = _ws("не not ни никого некого вместо кроме no без")
_NEG_GAP: Final = _ws(
    "в во на буду будем стану станем хочу хотим сегодня сейчас я мы сажусь сяду сидим сижу "
    "иду пойду этой ночью ночью пока ещё еще"
)
_PREP: Final = _ws("в во к ко на по за у с со")
_SELF_WORDS: Final = _ws("себя себе собой меня мне myself me self")
_SELF_LEAD: Final = _ws("сам сама самого саму самой самому")
_PRONOUNS: Final = _ws(
    "его её ее него неё нее ему ей нему ней ним нею ими них их этого эту этой того ту him her"
)
# game words that are never nicks, capitalised or not («Якудза заказывает …»)
_GAME_WORDS: Final = _ws(
    "якудза триада триады мафия мафии клан клана дон дона комиссар шериф доктор врач "
    "маньяк ниндзя некромант громила камикадзе путана адвокат сержант ведущий жертва"
)
_OR: Final = _ws("или либо or")
_JOIN: Final = _ws("и или либо также + & and or / в на")
_CORRECTION: Final = _ws(
    "нет передумал передумала передумали лучше вернее точнее исправляю исправление "
    "поправка поправляюсь отмена отменяю стоп ой перепутал перепутала ошибся ошиблась "
    "пусть окончательно шучу шутка instead actually"
)
_CONTRAST: Final = _ws("но однако")
_LATER: Final = _ws("завтра послезавтра потом позже tomorrow later")
# words that leave an action word without a target («Лечу всех! Ну ладно, Машу»)
_NOTHING: Final = _ws("всех все всё сегодня ночью этой пожалуй пожалуйста наверное же тьмы тьма")
_SECOND: Final = _ws("второй второго второму вторым второе вторая вторую ещё еще также")
_IF: Final = _ws("если иначе тогда запасной запасная запасного вдруг")
_HANDS: Final = _ws("руками рукой руки силами")
# «думаю, Катя мафия»: an opinion about a player, not a move
_OPINION: Final = _ws(
    "думаю считаю кажется подозреваю уверен уверена чувствую похоже наверное видимо "
    "мафия мафиози маньяк мирный мирная мирных подозрительный подозрительная"
)
_INDICATORS: Final = _ws(
    "ход хожу хода ходом цель цели целью выбор выбираю мишень ночь ночью сегодня жертва жертву "
    "выход исполнитель исполнителем исполняет охота охоту охоте охотится"
)
_GREETING: Final = _ws(
    "привет приветствую здравствуй здравствуйте добрый доброй вечер ночи день утро "
    "ведущий ведущему хост спасибо пока удачи всем hi hello thanks пожалуйста плиз"
)
_VOTE_WORDS: Final = _ws("голосую голос выбираю выбираем предлагаю за vote")
_NO_NEED: Final = _ws("надо нужно буду будем стану станем хочу хотим могу стоит")
_GREETED: Final = _ws("день вечер утро ночи ночь вечера утра дня")
_VISIT_PREPS: Final = _ws("к ко")
_ATTACK_PREPS: Final = _ws("на")
_NIGHT: Final = _ws("ночь ночку")
_PARTIAL_MIN: Final = 4
_PARTIAL_CONFIDENCE: Final = 0.85
_INFERRED_CONFIDENCE: Final = 0.9
_TRANSLIT_CONFIDENCE: Final = 0.85
_SUGGEST_SCORE: Final = 70.0
_SHORT_LETTER: Final = 3  # words besides the nick and greetings that still make a bare move
_TWO: Final = {"army": 2, "protect": 2}
_VIOLENCE: Final = frozenset({"kill", "beat", "blast"})
_CARE: Final = frozenset({"heal", "protect"})
_FAMILY: Final = {
    "kill": _VIOLENCE,
    "beat": _VIOLENCE,
    "blast": _VIOLENCE,
    **dict.fromkeys(_CARE, _CARE),
}


@dataclass(frozen=True, slots=True)
class LetterReading:
    """What one letter says (see the module docstring for the codes)."""

    action: str | None = None
    targets: tuple[str, ...] = ()
    executor: str | None = None
    side: str | None = None
    story: str | None = None
    confidence: float = 0.0
    code: str | None = None
    text: str = ""

    @property
    def kind(self) -> str:
        if self.code is not None:
            return "question"
        return "move" if self.action is not None else "none"

    def to_json(self) -> dict[str, Any]:
        if self.code is not None:
            return {"kind": "question", "code": self.code, "text": self.text}
        if self.action is None:
            return {"kind": "none"}
        return {
            "kind": "move",
            "action": self.action,
            "targets": list(self.targets),
            "executor": self.executor,
            "side": self.side,
            "story": self.story,
            "confidence": round(self.confidence, 3),
        }

    def as_input(
        self, actor: str, *, at: datetime | None = None, source_id: int | None = None
    ) -> Move | InputRejected | None:
        """The engine's record: a `Move`, the question as an `InputRejected` (its detail is
        the Russian question), or None."""
        if self.code is not None:
            return InputRejected(actor, self.code, self.text, source_id=source_id)
        if self.action is None:
            return None
        return Move(
            actor,
            self.action,
            self.targets,
            executor=self.executor,
            story=self.story if self.action == "kill" else None,
            side=self.side,
            at=at,
            source_id=source_id,
        )


@dataclass(frozen=True, slots=True)
class _Mention:
    start: int
    end: int  # exclusive
    raw: str
    kind: str  # "nick" | "self" | "pronoun" | "unknown" | "ambiguous" | "either"
    nick: str | None = None
    confidence: float = 0.0
    nominative: bool = False  # written as the nick itself, not a case form
    candidates: tuple[str, ...] = ()
    negated: bool = False
    gone: bool = False  # a player already out: asked about, and his nick is no action word


@dataclass(slots=True)
class _Occ:
    """One action (or motion) word of the letter."""

    i: int
    actions: frozenset[str]
    confidence: float
    third: bool = False
    neutral: str = ""  # "visit" | "attack" | "night" for motion words
    targets: list[_Mention] = field(default_factory=list)
    alternatives: bool = False  # «A или B», «A и B»: two players where one may be meant
    either: bool = False  # «A или B»: the player hesitates
    executor: _Mention | None = None
    cancelled: bool = False  # «Убиваю Гену. Хотя нет, не трогаю никого»
    aimed: bool = False  # «Засада у дома Доктора»: an ambush said with a player after it


# -- words and sentences -----------------------------------------------------------------------

_SIDE_KEYS: Final = _ws(
    "сторона сторону стороны выбираю выбрала выбрал играю side choose chose join "
    # «Мафия, я ваша», «Я с вами, мирные»: belonging said to the side itself
    "ваша ваш ваши вами присоединяюсь"
)
_SIDE_TOWN: Final = _ws("мирных мирные мирным мирная мирный город города горожан town")
_SIDE_MAFIA: Final = _ws("мафию мафия мафии мафией mafia")
_CLAUSE_END: Final = re.compile(r"[,;:.!?…]+[»\"')\]]*$")
_SENTENCE_END: Final = re.compile(r"[.!?…]+[»\"')\]]*$")
_PUNCT_EDGES: Final = re.compile(r"^[\W_]+|[\W_]+$")
_LIST_MARKER: Final = re.compile(r"^\d{1,2}[.)]$")
_ABBREVIATION: Final = re.compile(r"^[A-Za-z]{1,3}\.$")


@dataclass(frozen=True, slots=True)
class _Token:
    raw: str  # as typed
    word: str  # case-folded, ё→е, punctuation at the edges removed
    clause_end: bool  # a , ; : . ! ? ends the clause right after this token
    sentence: int  # index of the sentence the token belongs to


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    sentence = 0
    for line in text.splitlines():
        parts = line.split()
        for n, raw in enumerate(parts):
            last = n == len(parts) - 1
            # pure punctuation («—», «:») becomes "" so that it is skipped like filler
            word = _PUNCT_EDGES.sub("", casefold_key(raw))
            # «1.», «2)» number a list; they end no sentence and name nobody
            marker = bool(_LIST_MARKER.match(raw))
            if marker:
                word = ""
            # «Dr. Watson»: a short Latin abbreviation ends no sentence either
            abbr = bool(_ABBREVIATION.match(raw))
            ends_sentence = bool(_SENTENCE_END.search(raw)) and not marker and not abbr
            tokens.append(_Token(raw, word, bool(_CLAUSE_END.search(raw)) or last, sentence))
            # a line break ends a clause (a nick never spans lines) but not a sentence:
            # «Проверяю:» on one line and the nick on the next is one move
            if ends_sentence:
                sentence += 1
    return tokens


def word_key(raw: str) -> str:
    """A typed word as the vocabulary looks it up: case-folded, ё→е, edge punctuation off."""
    return _PUNCT_EDGES.sub("", casefold_key(raw))


def _questions(tokens: list[_Token]) -> set[int]:
    """Sentences that end with «?»: they ask, they do not move."""
    return {t.sentence for t in tokens if t.raw.rstrip("»\"')]").endswith("?")}


_ASKING: Final = _ws("кого кто что ли можно если как когда зачем почему или либо")


def _question_tags(tokens: list[_Token]) -> list[_Token]:
    """«Проверяю Зелёного, он доктор?»: a sentence that opens with the sender's own action
    verb and ends with a question in a later clause moves, and only that clause asks. It
    becomes a sentence of its own, so that the «?» rule (2.) takes the question alone.
    «Убить Сашу или Машу?», «Кого проверить, Ли или Яна?» still ask as a whole."""
    if not any(t.raw.endswith("?") for t in tokens):
        return tokens
    out: list[_Token] = []
    shift = 0
    k = 0
    while k < len(tokens):
        sentence = tokens[k].sentence
        end = k
        while end + 1 < len(tokens) and tokens[end + 1].sentence == sentence:
            end += 1
        split = _tag_start(tokens, k, end)
        for n in range(k, end + 1):
            extra = 1 if split is not None and n >= split else 0
            out.append(replace(tokens[n], sentence=tokens[n].sentence + shift + extra))
        shift += 1 if split is not None else 0
        k = end + 1
    return out


def _tag_start(tokens: list[_Token], first: int, last: int) -> int | None:
    """Where the question tag of the sentence tokens[first..last] starts, or None."""
    if not tokens[last].raw.rstrip("»\"')]").endswith("?"):
        return None
    verb = lookup(tokens[first].word)
    if verb is None or not verb.actions or verb.past or verb.third or verb.infinitive:
        return None
    parses = parse(tokens[first].word)
    if parses and parses[0].pos != "VERB":
        return None  # «Проверка Ли, да?» names the move by a noun: asked as a whole
    breaks = [n for n in range(first, last) if tokens[n].clause_end]
    if not breaks or any(t.word in _ASKING for t in tokens[first : breaks[0] + 1]):
        return None
    return breaks[-1] + 1


def _windows(tokens: list[_Token], start: int, max_words: int) -> list[tuple[int, str]]:
    """Candidate texts starting at `start`, longest first, never crossing a clause end."""
    out: list[tuple[int, str]] = []
    end = start
    while end < len(tokens) and end - start < max_words:
        end += 1
        if tokens[end - 1].clause_end:
            break
    for stop in range(end, start, -1):
        out.append((stop, " ".join(t.raw for t in tokens[start:stop])))
    return out


def _side(tokens: list[_Token], questions: set[int]) -> str | None:
    by_sentence: dict[int, list[str]] = {}
    for t in tokens:
        if t.sentence not in questions:
            by_sentence.setdefault(t.sentence, []).append(t.word)
    for words in by_sentence.values():
        if not any(w in _SIDE_KEYS for w in words):
            continue
        town = any(w in _SIDE_TOWN for w in words)
        mafia = any(w in _SIDE_MAFIA for w in words)
        if town != mafia:
            return "town" if town else "mafia"
    return None


# -- nicks ------------------------------------------------------------------------------------


def _nick_confidence(m: NickMatch, raw: str) -> float:
    if m.method == "partial":
        letters = sum(c.isalpha() for c in raw)
        return _PARTIAL_CONFIDENCE if letters >= _PARTIAL_MIN else m.confidence
    if m.method == "translit":
        return _TRANSLIT_CONFIDENCE
    return m.confidence


_LADDERS: Final = (
    STRICT_TIERS,
    ("case_forms",),
    ("partial_inflected",),
    ("translit_inflected",),
    ("partial_translit",),
)


def _stopword(word: str) -> bool:
    return (
        word in _PREP
        or word in _NEG
        or word in _OR
        or word in _PRONOUNS
        or word in _SELF_WORDS
        or word in _SELF_LEAD
        or lookup(word) is not None
    )


def _nick_like(tok: _Token, first_in_sentence: bool) -> bool:
    """A word that is probably meant as a nick: not an ordinary Russian word, or written with
    a capital inside a sentence, or Latin/digits mixed in."""
    w = tok.word
    if len(w) < 2 or _stopword(w) or w in _GREETING or w in _GAME_WORDS:
        return False
    if any(c.isdigit() for c in w) or re.search("[a-z]", w):
        return bool(re.search("[а-я]", w)) or any(c.isdigit() for c in w) or len(w) >= 3
    if not first_in_sentence and tok.raw[:1].isupper():
        return True
    return not common_word(w)


def _find_mentions(
    tokens: Sequence[_Token], resolver: NickResolver, view: SenderView
) -> list[_Mention]:
    out: list[_Mention] = []
    # a player already out is named like any other; the move on him is asked about
    gone = NickResolver(view.dead, partial=False) if view.dead else None
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        w = tok.word
        if not w:
            i += 1
            continue
        found: _Mention | None = None
        if w == "я" and _coordinated(tokens, i):
            # «Протект: я и Ли»: «я» in a list of players is the sender
            found = _Mention(i, i + 1, tok.raw, "self", view.nick, 1.0, True)
        elif w in _SELF_WORDS:
            lead = i > 0 and tokens[i - 1].word in _SELF_LEAD
            # «к себе», «ко мне», «с собой»: the sender's place or company, not a target
            to_me = i > 0 and tokens[i - 1].word in (*_VISIT_PREPS, "с", "со")
            # bare «себе» is the sender («Протект себе и Доктору»); bare «мне» is talk
            # («мне кажется»)
            if (not to_me and w != "мне") or lead:
                start = i - 1 if lead else i
                found = _Mention(start, i + 1, tok.raw, "self", view.nick, 1.0, True)
        elif w in _PRONOUNS and not (
            i + 1 < len(tokens) and tokens[i + 1].word in ("ночью", "ночи", "ночь", "ночкой")
        ):
            found = _Mention(i, i + 1, tok.raw, "pronoun")
        if found is None:
            found = _strict_mention(tokens, i, resolver)
            if found is not None and found.kind == "nick":
                found = _cut_short(tokens, found, resolver)
        if found is None and gone is not None:
            found = _dead_mention(tokens, i, gone)
        if found is None:
            found = _fuzzy_mention(tokens, i, resolver)
        if found is not None:
            negated = _negated_at(tokens, found.start) or _denied_after(tokens, found.end - 1)
            out.append(replace(found, negated=negated))
            i = found.end
        else:
            i += 1
    return out


def _coordinated(tokens: Sequence[_Token], i: int) -> bool:
    """The word at `i` is joined by «и» to the next or the previous word («я и Ли»)."""
    before = i > 0 and tokens[i - 1].word == "и" and not tokens[i - 1].clause_end
    after = i + 1 < len(tokens) and tokens[i + 1].word == "и" and not tokens[i].clause_end
    return before or after


def _strict_mention(tokens: Sequence[_Token], i: int, resolver: NickResolver) -> _Mention | None:
    """A nick (or an ambiguous one) starting at token `i`, read exactly or by the strict
    ladders, the longest window first. Apart from `_find_mentions` because the ladder walk
    is its own policy: which words may be read loosely."""
    tok = tokens[i]
    w = tok.word
    windows = _windows(list(tokens), i, resolver.max_words + 1)
    stop_word = _stopword(w) or w in _GAME_WORDS
    plain = common_word(w) and not tok.raw[:1].isupper()
    if w in _GREETING and i + 1 < len(tokens) and tokens[i + 1].word in _GREETED:
        return None  # «Добрый день» with a player Добрый: a greeting
    named_noun = stop_word and _capital_noun(tokens, i)
    if plain and _modified(tokens, i):
        return None  # «на эту ночь» with a player Ночь: a word with an adjective is the word
    if stop_word and _labels(tokens, i):
        return None  # «Выстрел: Ли» with a player Выстрел: the word labels the move
    for n, ladder in enumerate(_LADDERS):
        if stop_word and n > 0 and not (named_noun and n == 1):
            break  # vocabulary words are nicks only when written exactly so
        if plain and n in (2, 4):
            # an ordinary lower-case word is a whole nick («серого волка»), never
            # one word of a longer one
            continue
        for stop, text in windows:
            m = resolver.resolve_strict(text, ladder)
            if m is None:
                continue
            raw = text.rstrip(",;:.!?…»)\"'")
            if m.ok:
                return _Mention(
                    i,
                    stop,
                    raw,
                    "nick",
                    m.nick,
                    _nick_confidence(m, raw),
                    m.method in STRICT_TIERS
                    or (m.method == "translit" and spelled_alike(raw, m.nick or "")),
                )
            return _Mention(i, stop, raw, "ambiguous", candidates=m.candidates)
    return None


def _modified(tokens: Sequence[_Token], i: int) -> bool:
    """Whether the word at `i` follows an adjective or a determiner in its clause («эту
    ночь», «прошлую ночь»): nicks are not qualified so, ordinary nouns are."""
    if i == 0 or tokens[i - 1].clause_end or tokens[i - 1].sentence != tokens[i].sentence:
        return False
    parses = parse(tokens[i - 1].word)
    return bool(parses) and parses[0].pos == "ADJF"


def _labels(tokens: Sequence[_Token], i: int) -> bool:
    """Whether token `i` ends with a colon or is followed by a dash: a label before the
    move's target («Выстрел: Ли», «Засада — да»)."""
    if tokens[i].raw.endswith(":"):
        return True
    return i + 1 < len(tokens) and tokens[i + 1].raw in ("—", "–", "-", ":", "->")


def _capital_noun(tokens: Sequence[_Token], i: int) -> bool:
    """A vocabulary noun written with a capital inside a sentence: «Убиваю Пулю» with a
    player called Пуля is his case form, as «Засаду» is the player Засада's."""
    tok = tokens[i]
    if i == 0 or tokens[i - 1].sentence != tok.sentence or not tok.raw[:1].isupper():
        return False
    if tokens[i - 1].raw.endswith((":", "—", "-", "–")) or lookup(tok.word) is None:
        return False  # «Выстрел: …», «Ход — Засада» start a label, not a name
    parses = parse(tok.word)
    return bool(parses) and parses[0].pos == "NOUN"


def _dead_mention(tokens: Sequence[_Token], i: int, gone: NickResolver) -> _Mention | None:
    """A player already out named at token `i` (exactly or in a case form): an unknown nick
    to ask about («Проверяю Пулю» when Пуля is dead), never an ordinary word to read past."""
    tok = tokens[i]
    if tok.word in _GAME_WORDS or tok.word in _GREETING:
        return None
    if _stopword(tok.word) and not _capital_noun(tokens, i):
        return None
    # an ordinary lower-case word is a dead player's nick only when written exactly so
    plain = common_word(tok.word) and not tok.raw[:1].isupper()
    for stop, text in _windows(list(tokens), i, gone.max_words + 1):
        ladder = STRICT_TIERS if plain else (*STRICT_TIERS, "case_forms")
        m = gone.resolve_strict(text, ladder)
        if m is not None and m.ok:
            return _Mention(i, stop, text.rstrip(",;:.!?…»)\"'"), "unknown", gone=True)
    return None


def _cut_short(tokens: Sequence[_Token], found: _Mention, resolver: NickResolver) -> _Mention:
    """«Проверяю доктора Хауса» with a player Доктор and none called Хаус: the nick read is
    only the start of a longer name (a capitalised word mid-sentence that is no player; «Хаус»
    is a dictionary word too, so the capital decides), so the whole name is unknown and the
    player is asked, never the move put on the shorter nick."""
    last = tokens[found.end - 1]
    # an emoji, a dash or a bracket between them parts the words like a comma
    if last.clause_end or found.end >= len(tokens) or not last.raw[-1:].isalpha():
        return found
    nxt = tokens[found.end]
    w = nxt.word
    if (
        len(w) < 3
        or not nxt.raw[:1].isupper()
        or not w.isalpha()
        or _stopword(w)
        or w in _GREETING
        or w in _GAME_WORDS
        or _strict_mention(tokens, found.end, resolver) is not None
        or resolver.resolve_fuzzy(nxt.raw).ok
    ):
        return found
    raw = found.raw + " " + nxt.raw.rstrip(",;:.!?…»)\"'")
    return _Mention(found.start, found.end + 1, raw, "unknown", candidates=(found.nick or "",))


def _fuzzy_mention(tokens: Sequence[_Token], i: int, resolver: NickResolver) -> _Mention | None:
    """A nick-looking word at token `i` no strict ladder read: a fuzzy match, an ambiguous
    one, or an unknown nick with the closest suggestion — so the sender can be asked."""
    tok = tokens[i]
    first = i == 0 or tokens[i - 1].sentence != tok.sentence
    if not (_nick_like(tok, first) and len(tok.word) >= 4):
        return None
    m = resolver.resolve_fuzzy(tok.raw)
    raw = tok.raw.strip(",;:.!?…»«)(\"'")
    if m.ok:
        return _Mention(i, i + 1, raw, "nick", m.nick, m.confidence)
    if m.reason == AMBIGUOUS_NICK:
        return _Mention(i, i + 1, raw, "ambiguous", candidates=m.candidates)
    scored = resolver.fuzzy(tok.raw)
    best = scored[0] if scored and scored[0][1] >= _SUGGEST_SCORE else None
    return _Mention(i, i + 1, raw, "unknown", candidates=(best[0],) if best else ())


def _denied_after(tokens: Sequence[_Token], i: int) -> bool:
    """«в засаду не сажусь», «протект не даю»: a noun followed by «не» and a verb."""
    if tokens[i].clause_end or any(p.pos == "VERB" for p in parse(tokens[i].word)[:1]):
        return False  # «Лечу не Катю»: after a finite verb «не» belongs to the target
    rest = [t for t in tokens[i + 1 : i + 4] if t.sentence == tokens[i].sentence]
    if rest and rest[0].word in ("нельзя", "никак"):
        return True  # «Протект на меня нельзя»
    for n, t in enumerate(rest[:-1]):
        if t.word in ("не", "not"):
            nxt = rest[n + 1].word
            return any(p.pos in ("VERB", "INFN") for p in parse(nxt)[:1])
        if t.clause_end:
            break
    return False


def _negated_at(tokens: Sequence[_Token], start: int) -> bool:
    j = start - 1
    steps = 0
    while j >= 0 and steps < 3 and tokens[j].sentence == tokens[start].sentence:
        if tokens[j].clause_end:
            return False  # «Не бью никого, стреляю в Павла»
        w = tokens[j].word
        if w in _NEG:
            return True
        if w not in _PREP and w not in _NEG_GAP and w:
            return False
        j -= 1
        steps += 1
    return False


# -- action words -----------------------------------------------------------------------------


def _occurrences(
    tokens: Sequence[_Token], mentions: list[_Mention], questions: set[int]
) -> tuple[list[_Occ], bool, list[tuple[int, _Mention | None]]]:
    """Action words (not negated, not past, not in questions), whether the letter gives up
    its move, and executor cues (token index, the executor mention when one is found)."""
    in_mention = {
        k for m in mentions for k in range(m.start, m.end) if m.kind != "unknown" or m.gone
    }
    occs: list[_Occ] = []
    skip = False
    exec_cues: list[tuple[int, _Mention | None]] = []
    for i, tok in enumerate(tokens):
        if i in in_mention or tok.sentence in questions or not tok.word:
            continue
        w = lookup(tok.word)
        nxt = tokens[i + 1].word if i + 1 < len(tokens) else ""
        nxt2 = tokens[i + 2].word if i + 2 < len(tokens) else ""
        if tok.word in _HANDS:
            exec_cues.append((i, _mention_after(mentions, i, tokens, span=2)))
            continue
        if tok.word == "гости" and i > 0 and tokens[i - 1].word in ("в", "во"):
            occs.append(_Occ(i, frozenset(), 1.0, neutral="visit"))
            continue
        if w is None:
            if tok.word in ("провожу", "проведу", "проводить", "провести") and (
                nxt in _NIGHT or nxt2 in _NIGHT
            ):
                occs.append(_Occ(i, frozenset({"block"}), 1.0))
            continue
        if w.skip and not _negated_at(tokens, i):
            skip = True
            continue
        if w.past or _taken_back(tokens, i):
            continue
        if w.executor:
            exec_cues.append((i, None))
            continue
        if w.call:
            occs.append(_Occ(i, frozenset(), w.confidence, w.third, "visit"))
            continue
        if w.visit:
            if nxt in _VISIT_PREPS or (nxt in _GREETING and nxt2 in _VISIT_PREPS):
                occs.append(_Occ(i, frozenset(), w.confidence, w.third, "visit"))
            elif nxt in _ATTACK_PREPS:
                occs.append(_Occ(i, frozenset(), w.confidence, w.third, "attack"))
            continue
        if w.actions:
            occs.append(_Occ(i, w.actions, w.confidence, w.third))
    return occs, skip, exec_cues


def _taken_back(tokens: Sequence[_Token], i: int) -> bool:
    """The action word at `i` is negated («не лечу», «протект не даю», «лечить не надо»)
    or names what happened («Засада была вчера»)."""
    nxt = tokens[i + 1].word if i + 1 < len(tokens) else ""
    nxt2 = tokens[i + 2].word if i + 2 < len(tokens) else ""
    return (
        _negated_at(tokens, i)
        or _denied_after(tokens, i)
        or _past_clause(tokens, i)
        or (nxt in _NEG and nxt2 in _NO_NEED)
    )


def _past_clause(tokens: Sequence[_Token], i: int) -> bool:
    """«Засада была вчера»: an action noun in a clause with a past-tense verb or «вчера»
    names what happened, not tonight's move (action verbs carry their own tense)."""
    parses = parse(tokens[i].word)
    if not parses or parses[0].pos != "NOUN":
        return False
    start = i
    while start > 0 and not tokens[start - 1].clause_end:
        start -= 1
    end = i
    while end < len(tokens) - 1 and not tokens[end].clause_end:
        end += 1
    for t in tokens[start : end + 1]:
        if t.word in ("вчера", "прошлой", "прошлую"):
            return True
        p = parse(t.word) if t.word else ()
        if p and p[0].pos == "VERB" and "past" in p[0].grammemes:
            return True
    return False


def _mention_after(
    mentions: list[_Mention],
    i: int,
    tokens: Sequence[_Token],
    span: int = 3,
    *,
    any_kind: bool = False,
) -> _Mention | None:
    """The nick right after token `i` (fewer than `span` words between); `any_kind` also
    takes a nick that did not resolve, so that it can be asked about."""
    for m in mentions:
        if m.start > i and tokens[m.start].sentence == tokens[i].sentence:
            gap = [t for t in tokens[i + 1 : m.start] if t.word]
            ok = m.kind == "nick" or (any_kind and m.kind in ("unknown", "ambiguous"))
            return m if len(gap) < span and ok else None
    return None


def _mention_before(mentions: list[_Mention], i: int, tokens: Sequence[_Token]) -> _Mention | None:
    for m in reversed(mentions):
        if m.end <= i and tokens[m.start].sentence == tokens[i].sentence:
            gap = [t for t in tokens[m.end : i] if t.word]
            return m if not gap and m.kind == "nick" else None
    return None


# -- the reader -------------------------------------------------------------------------------


def _split_story(text: str) -> tuple[str | None, str]:
    m = _STORY_RE.search(text)
    if m is None:
        return None, text
    story = m.group(2).strip() or None
    return story, text[: m.start()] + "\n" + text[m.end() :]


def _role_actions_for(occ: _Occ, view: SenderView) -> frozenset[str]:
    """What this word means coming from this sender."""
    mine = frozenset(view.moving_actions())
    if occ.neutral:
        if not view.known:
            return frozenset({"block"}) if occ.neutral == "visit" else frozenset({"kill"})
        if occ.neutral == "attack":
            hit = mine & {"kill", "beat", "blast"}
            return hit or mine
        if "block" in mine:
            return frozenset({"block"})
        return mine - {"ambush", "army"} if len(mine) > 1 else mine
    if not view.known:
        return occ.actions
    if occ.actions & mine:
        return occ.actions & mine
    # «Ниндзя бьёт Марго»: a word of the same kind as the role's only such action means it
    kin = frozenset().union(*(_FAMILY.get(a, frozenset({a})) for a in occ.actions)) & mine
    return kin if len(kin) == 1 else occ.actions


def _names_executor(view: SenderView) -> bool:
    """Whether the sender's kill letter may name who carries it out (P-M.8): his rule set
    says so; a letter read with no rule set known is read for one too."""
    return view.ruleset is None or ruleset_class(view.ruleset).kill_executor


def read_letter(
    text: str,
    view: SenderView,
    *,
    resolver: NickResolver | None = None,
    threshold: float = DEFAULT_THRESHOLD,
) -> LetterReading:
    """Read one letter from `view.nick` (see the module docstring)."""
    resolver = resolver or NickResolver(view.living)
    if view.known and not view.role_actions:
        # civilians and bastards have no night move (C-2): their letter is read by its words
        # and the engine refuses what it tries (wrong_role), as for any other role
        view = SenderView(view.nick, living=view.living, dead=view.dead)
    story, body = _split_story(_unquoted(text))
    tokens = _question_tags(_tokenize(body))
    questions = _questions(tokens)
    mentions = [
        m
        for m in _find_mentions(tokens, resolver, view)
        if tokens[m.start].sentence not in questions
    ]
    occs, skip, exec_cues = _occurrences(tokens, mentions, questions)

    is_mafioso = _names_executor(view) and (not view.known or bool(view.clan_mates))
    executor: _Mention | None = None
    used: set[int] = set()  # mention starts taken as executors
    if is_mafioso:
        named = _find_executors(tokens, mentions, occs, exec_cues, view)
        used.update(m.start for m in named)
        # «исполнитель Dr.Watson. Ой, нет, исполнитель Лёня»: the last one named counts
        executor = named[-1] if named else None
        fixed = _executor_fixed(tokens, mentions, executor, view)
        if fixed is not None:
            used.add(fixed.start)
            executor = fixed
    elif view.clan_mates and exec_cues:
        # a rule set without executors (G-M.5): a mate the words name as one («Ворон
        # исполняет») is still no second target
        used.update(
            m.start
            for i, found in exec_cues
            if (m := _cue_executor(tokens, mentions, i, found, view)) is not None
        )

    live = [m for m in mentions if m.start not in used]
    taken = {k for m in mentions for k in range(m.start, m.end)}
    for n, occ in enumerate(occs):
        nxt_i = occs[n + 1].i if n + 1 < len(occs) else len(tokens)
        prev_i = occs[n - 1].i if n > 0 else -1
        _bind(occ, live, tokens, nxt_i, prev_i, taken, view.nick, resolver)
        occ.actions = _role_actions_for(occ, view)
        if occ.actions == {"ambush"}:
            occ.aimed = any(
                m.kind == "nick"
                and m.start > occ.i
                and m.nick != view.nick
                and tokens[m.start].sentence == tokens[occ.i].sentence
                for m in occ.targets
            )
            occ.targets = []  # the ambush takes no target

    # «стреляет Гена» with Гена the executor: the verb only named who shoots; «Протекты пока
    # не даю»: an action word without a target in a sentence that says «не» names nothing
    negative = {t.sentence for t in tokens if t.word in _NEG}
    readings = [
        o
        for o in occs
        if o.actions
        and (
            o.targets
            or o.actions == {"ambush"}
            or not (o.third or tokens[o.i].sentence in negative)
        )
    ]
    # «Убейте меня уже 😂»: a plea to others to act on the sender is no move of his
    readings = [o for o in readings if not _plea(tokens, o)]
    called_off = [o for o in readings if _called_off(tokens, o)]
    readings = [o for o in readings if o not in called_off]
    # a player named in a move taken back is not then the role's move by inference
    withdrawn = {m.start for o in called_off for m in o.targets}
    if skip:  # «Подрыв откладываю», «ход пропускаю»
        readings = [o for o in readings if o.targets]
    readings = _resolve_pronouns(readings, tokens)
    readings = _apply_corrections(readings, live, tokens, occs)
    chosen = _choose(readings, view)
    if isinstance(chosen, LetterReading):
        return chosen
    if chosen is not None:
        asked = _second_thoughts(chosen, live, tokens, occs, view.nick)
        if asked is not None:
            return asked
    if chosen is None:
        rest = [m for m in live if m.start not in withdrawn]
        found = _without_action_word(tokens, questions, rest, occs, skip, view, story, threshold)
        if found.action == "kill" and executor is not None:
            found = replace(found, executor=executor.nick)
        return found
    return _finish(chosen, executor, live, view, story, threshold)


_QUOTED_LINE: Final = re.compile(r"^[ \t]*>.*$\n?", re.MULTILINE)


def _unquoted(text: str) -> str:
    """The letter without e-mail style quoted lines («> Проверяю Судью» under «Re:»): they
    hold the earlier letter the player answers, not tonight's move."""
    if ">" not in text:
        return text
    return _QUOTED_LINE.sub("", text)


def _without_signature(
    after: list[_Mention], tokens: Sequence[_Token], occ_i: int, me: str
) -> list[_Mention]:
    """The mentions after an action word without the sender's own nick where it is a
    signature («--\nБорис, ваш доктор») or the sender speaking of himself («Енот идёт на
    дело»): his nick counts only when it follows the action word (or a kept target) at once."""
    kept: list[_Mention] = []
    for m in after:
        if m.nick == me and m.kind != "self":
            prev_end = kept[-1].end if kept else occ_i + 1
            gap = tokens[prev_end - 1 : m.start]
            close = all(
                t.word in _JOIN or t.word in _PREP or not t.word for t in gap[1:]
            ) and not any(t.clause_end and not t.raw.endswith((",", ":")) for t in gap)
            if not close:
                continue
        kept.append(m)
    return kept


def _before_contrast(after: list[_Mention], tokens: Sequence[_Token]) -> list[_Mention]:
    """«Проверяю Палача, а Яна проверю завтра»: once the action word has its player, a
    clause opened by «а»/«но» speaks of someone else. («Лечу не Катю, а Ефима» keeps Ефим:
    the player before the «а» was denied.)"""
    kept: list[_Mention] = []
    for m in after:
        if kept:
            gap = tokens[kept[-1].end - 1 : m.start]
            opens = any(
                t.clause_end and k + 1 < len(gap) and gap[k + 1].word in _CONTRAST | {"а"}
                for k, t in enumerate(gap)
            )
            if opens:
                break
        kept.append(m)
    return kept


def _unique_mentions(after: list[_Mention]) -> list[_Mention]:
    """Each nick once, first place kept («Проверяю Ольгу, Ольгу, Ольгу!»); mentions without
    a nick (pronouns, unknown words) all stay."""
    seen: set[str] = set()
    unique: list[_Mention] = []
    for m in after:
        if m.nick is None or m.nick not in seen:
            unique.append(m)
            seen.add(m.nick or "")
    return unique


def _bind(
    occ: _Occ,
    mentions: list[_Mention],
    tokens: Sequence[_Token],
    nxt_i: int,
    prev_i: int,
    taken: set[int],
    me: str,
    resolver: NickResolver,
) -> None:
    sentence = tokens[occ.i].sentence
    after = [
        m
        for m in mentions
        if occ.i < m.start < nxt_i and tokens[m.start].sentence == sentence and not m.negated
    ]
    after = _without_signature(after, tokens, occ.i, me)
    after = _before_contrast(after, tokens)
    if not after:
        # «Проверка:» at a line's end and the nick on the next line (a sentence on its own)
        rest = [
            t
            for t in tokens[occ.i + 1 : nxt_i]
            if t.word and t.sentence == sentence and t.word not in _NOTHING
        ]
        # … when the action word stands nearly alone or the next sentence is hardly more
        # than the nick («Кого бы проверить... Маша!»): «Долго думал, кого проверить. Вчера
        # Ветер странно голосовал» tells a story, and its players are not targets
        filler = _NOTHING | _GREETING
        lead = [t for t in tokens[: occ.i] if t.sentence == sentence and t.word not in filler]
        named = {k for m in mentions for k in range(m.start, m.end)}
        # «Лечу. Кого? Ночь!»: a question the player asks himself is stepped over
        asked = {t.sentence for t in tokens if t.raw.rstrip("»\"')]").endswith("?")}
        following = sentence + 1
        while following in asked:
            following += 1
        then = [
            t
            for k, t in enumerate(tokens[occ.i + 1 :], occ.i + 1)
            if t.sentence == following and k not in named and t.word and t.word not in filler
        ]
        if not rest and (len([t for t in lead if t.word]) <= 1 or len(then) <= 1):
            after = [
                m
                for m in mentions
                if occ.i < m.start < nxt_i
                and tokens[m.start].sentence == following
                and not m.negated
            ][:2]
    after = _unique_mentions(after)
    if any(m.kind == "nick" for m in after):
        # a word taken for an unknown nick («Армия Тьмы: …») gives way to real nicks
        after = [m for m in after if m.kind != "unknown"]
    if after:
        occ.targets = after[:2]
        if len(after) > 1:
            second = after[1]
            between = [t.word for t in tokens[after[0].end : second.start] if t.word]
            # «A или B», «A и B», «A, B» for a one-target action: which one is meant?
            occ.either = bool(set(between) & _OR)
            occ.alternatives = second.kind in ("nick", "ambiguous", "self") and (
                all(w in _JOIN for w in between) or occ.either
            )
        return
    before = [
        m
        for m in mentions
        if prev_i < m.start
        and m.end <= occ.i
        and tokens[m.start].sentence == sentence
        and not m.negated
        and (m.nick != me or m.kind == "self")
    ]
    if before:
        # «1) Ефим 2) Борис — это протекты»: a two-target word takes two from before
        two = bool(occ.actions & {"protect", "army"})
        occ.targets = before[-2:] if two else before[-1:]
        return
    # nothing resolved: the first nick-looking word after the action word is reported
    for k in range(occ.i + 1, min(nxt_i, len(tokens))):
        t = tokens[k]
        if t.sentence != sentence or k in taken:
            break
        if not t.word or _stopword(t.word) or t.word in _GREETING:
            continue
        # «убить волка»: an ordinary word right after the action word may still be one word
        # of a longer nick (Серый Волк) when it is of exactly one
        part = resolver.resolve_strict(t.raw, ("partial_inflected",))
        if part is not None and part.ok and sum(c.isalpha() for c in t.raw) >= _PARTIAL_MIN:
            raw = t.raw.strip(",;:.!?…»«)(\"'")
            occ.targets = [_Mention(k, k + 1, raw, "nick", part.nick, _PARTIAL_CONFIDENCE)]
            break
        first = k == 0 or tokens[k - 1].sentence != t.sentence
        if _nick_like(t, first) or (t.raw[:1].isupper() and not common_word(t.word)):
            occ.targets = [_Mention(k, k + 1, t.raw.strip(",;:.!?…»«)(\"'"), "unknown")]
        break


def _find_executors(
    tokens: Sequence[_Token],
    mentions: list[_Mention],
    occs: list[_Occ],
    cues: list[tuple[int, _Mention | None]],
    view: SenderView,
) -> list[_Mention]:
    """Every player the letter names as the executor, in order (see 6. above)."""
    named = [m for i, found in cues if (m := _cue_executor(tokens, mentions, i, found, view))]
    if named:
        return named
    one = _executor_by_grammar(tokens, mentions, occs, view)
    return [one] if one is not None else []


def _executor_fixed(
    tokens: Sequence[_Token], mentions: list[_Mention], executor: _Mention | None, view: SenderView
) -> _Mention | None:
    """«Исполнитель Гена. Нет, Жора»: a clan mate named after a correction word that
    follows the executor corrects the executor (a clan never shoots its own)."""
    if executor is None or not view.clan_mates:
        return None
    marks = [k for k in range(executor.end, len(tokens)) if tokens[k].word in _CORRECTION]
    if not marks:
        return None
    mates = [
        m
        for m in mentions
        if m.start > marks[0]
        and m.kind == "nick"
        and m.nick in view.clan_mates
        and m.nick != executor.nick
        and not m.negated
    ]
    return mates[0] if len(mates) == 1 else None


def _cue_executor(
    tokens: Sequence[_Token],
    mentions: list[_Mention],
    i: int,
    found: _Mention | None,
    view: SenderView,
) -> _Mention | None:
    if found is not None:
        return found
    nxt = [k for k in range(i + 1, min(i + 3, len(tokens))) if tokens[k].word]
    if nxt and tokens[nxt[0]].word in ("я", "сам", "мной", "мною", "me", "myself"):
        k = nxt[0]
        return _Mention(k, k + 1, tokens[k].raw, "self", view.nick, 1.0, True)
    prv = [k for k in range(max(0, i - 2), i) if tokens[k].word]
    if prv and tokens[prv[-1]].word in ("я", "сам") and tokens[i].word.startswith("исполн"):
        k = prv[-1]
        return _Mention(k, k + 1, tokens[k].raw, "self", view.nick, 1.0, True)
    before = _mention_before(mentions, i, tokens)
    if before is not None and tokens[i].raw.endswith((",", ".", ";", "!")):
        return before  # «Гена - исполнитель, Ольга - цель»
    after = _mention_after(mentions, i, tokens, any_kind=True)
    mates = view.clan_mates
    if before is not None and mates and before.nick not in mates:
        before = None  # the victim named before the word is not who shoots
    # «Лёня исполняет Катю»: of the two, the clan mate carries it out
    if before is not None and before.nick in mates and (after is None or after.nick not in mates):
        return before
    if after is not None and after.kind == "nick":
        other = _mention_after(mentions, after.end - 1, tokens, span=2)
        gap = {t.word for t in tokens[after.end : other.start]} if other else set()
        if other is not None and gap & _OR:
            # «исполнитель Гена или Жора»: the clan must choose, the bot does not
            return _Mention(
                after.start,
                other.end,
                f"{after.raw} или {other.raw}",
                "either",
                candidates=(after.nick or "", other.nick or ""),
            )
    return after if after is not None else before


def _executor_by_grammar(
    tokens: Sequence[_Token], mentions: list[_Mention], occs: list[_Occ], view: SenderView
) -> _Mention | None:
    for occ in occs:
        if not occ.third or not (occ.actions & {"kill"} or occ.neutral):
            continue
        before = _mention_before(mentions, occ.i, tokens)
        after = _mention_after(mentions, occ.i, tokens, span=1)
        cands = [m for m in (before, after) if m is not None and m.nominative]
        if view.clan_mates:
            # «Якудза заказывает Марго»: only a clan mate can be the one who shoots
            cands = [m for m in cands if m.nick in view.clan_mates]
        if cands:
            return cands[0]
    # «сегодня работает Нео»: who works tonight is who shoots, whoever else is named
    for k, t in enumerate(tokens):
        parses = parse(t.word) if t.word else ()
        if not parses or parses[0].lemma != "работать" or "3per" not in parses[0].grammemes:
            continue
        near = [_mention_before(mentions, k, tokens), _mention_after(mentions, k, tokens, span=1)]
        mates = [m for m in near if m is not None and m.nominative and m.nick in view.clan_mates]
        if len(mates) == 1:
            return mates[0]
    # two players named, only one a clan mate: he carries the kill out
    only_kill = view.moving_actions() == ("kill",)
    if view.clan_mates and (only_kill or any("kill" in o.actions for o in occs)):
        named = {m.nick: m for m in mentions if m.kind == "nick" and not m.negated}
        mates = [m for n, m in named.items() if n in view.clan_mates and n != view.nick]
        others = [m for n, m in named.items() if n not in view.clan_mates]
        if len(mates) == 1 and len(others) == 1:
            return mates[0]
    return None


def _second_thoughts(
    occ: _Occ, mentions: list[_Mention], tokens: Sequence[_Token], occs: list[_Occ], me: str
) -> LetterReading | None:
    """Players named after the reading and bound to no action word: «Второй: Павел» adds
    the second protect; «если не получится — тогда Жанну» is a fallback the bot cannot
    keep, so the player is asked (module docstring, 8.)."""
    bound = {m.start for o in occs for m in o.targets}
    loose = [
        m
        for m in mentions
        if m.start > occ.i
        and m.start not in bound
        and m.kind == "nick"
        and m.nick != me
        and not m.negated
        and m.nick not in {t.nick for t in occ.targets}
    ]
    for m in loose:
        before = {t.word for t in tokens[max(0, m.start - 3) : m.start]}
        if _width(occ) == 2 and len(occ.targets) == 1 and before & _SECOND:
            occ.targets = [*occ.targets, m]
            continue
        sentence = {t.word for t in tokens if t.sentence == tokens[m.start].sentence}
        if sentence & _IF and occ.targets:
            return _question(
                WHICH_TARGET,
                f"Кого из двух: {occ.targets[0].raw} или {m.raw}? Ход с условием бот "
                "выполнить не может — пришлите, пожалуйста, один ник.",
            )
    return None


def _called_off(tokens: Sequence[_Token], occ: _Occ) -> bool:
    """«Хочу убить Катю, но не сегодня»: «но не» later in the sentence takes it back; «а Яна
    проверю завтра»: a word for a later night in the reading's own clause puts it off."""
    sentence = tokens[occ.i].sentence
    rest = [t.word for t in tokens[occ.i + 1 :] if t.sentence == sentence and t.word]
    if any(w in _CONTRAST and "не" in rest[k + 1 : k + 3] for k, w in enumerate(rest)):
        return True
    clause = [t.word for t in _clause(tokens, occ.i)]
    if any(a == "другой" and b == "раз" for a, b in pairwise(clause)):
        return True  # «Засада — в другой раз»
    start = occ.i
    while start > 0 and not tokens[start - 1].clause_end:
        start -= 1
    end = occ.i
    while end < len(tokens) - 1 and not tokens[end].clause_end:
        end += 1
    return any(t.word in _LATER for t in tokens[start : end + 1])


def _plea(tokens: Sequence[_Token], occ: _Occ) -> bool:
    """An imperative action word («убейте», «проверьте») aimed at the sender himself."""
    if not occ.targets or any(m.kind != "self" for m in occ.targets):
        return False
    parses = parse(tokens[occ.i].word)
    return bool(parses) and "impr" in parses[0].grammemes


def _resolve_pronouns(readings: list[_Occ], tokens: Sequence[_Token]) -> list[_Occ]:
    """«Лёня, иди к Ефиму и убей его»: a pronoun in the sentence of a reading that named a
    player is that player, so its reading adds nothing. A pronoun with nobody named before
    it in its sentence stays a question (module docstring, 3.)."""
    out: list[_Occ] = []
    for occ in readings:
        if occ.targets and occ.targets[0].kind == "pronoun":
            sentence = tokens[occ.i].sentence
            named = [
                o
                for o in readings
                if o is not occ
                and o.i < occ.i
                and tokens[o.i].sentence == sentence
                and o.targets
                and o.targets[0].kind == "nick"
            ]
            if named:
                continue
        out.append(occ)
    return out


def _apply_corrections(
    readings: list[_Occ], mentions: list[_Mention], tokens: Sequence[_Token], occs: list[_Occ]
) -> list[_Occ]:
    """The last word counts when the player corrects himself (module docstring, 8.)."""
    if not readings:
        return readings
    out = [readings[0]]
    for occ in readings[1:]:
        between = {t.word for t in tokens[out[-1].i : occ.i]}
        # «Хотела вылечить Катю, но лечу Ефима»: after «но» comes the decision
        # a move that takes no target («…Хотя нет, засада») corrects like any other
        if between & (_CORRECTION | _CONTRAST) and (occ.targets or occ.actions == {"ambush"}):
            out[-1] = occ
        else:
            out.append(occ)
    # a bare correction after the last reading: «… Нет, лучше Ефима»
    last = out[-1]
    bound = {m.start for o in occs for m in o.targets}
    marks = [k for k in range(last.i + 1, len(tokens)) if tokens[k].word in _CORRECTION]
    if marks:
        loose = [
            m
            for m in mentions
            if m.start > marks[0] and m.start not in bound and not m.negated and m.kind == "nick"
        ]
        # «Нет, Лёлю. Окончательно Лёлю»: after the last correction word, one player
        final = [m for m in loose if m.start > marks[-1]] or loose
        unique = list({m.nick: m for m in reversed(final)}.values())
        if len(unique) == 1:
            out[-1] = _Occ(last.i, last.actions, last.confidence, targets=unique)
        elif not loose and any(tokens[k].word in _NEG for k in range(marks[0], len(tokens))):
            out[-1] = _Occ(last.i, last.actions, last.confidence, cancelled=True)
    return out


def _key(occ: _Occ) -> tuple[frozenset[str], tuple[str | None, ...]]:
    return occ.actions, tuple(m.nick or m.raw for m in occ.targets[: _width(occ)])


def _width(occ: _Occ) -> int:
    return max((_TWO.get(a, 1) for a in occ.actions), default=1)


def _choose(readings: list[_Occ], view: SenderView) -> _Occ | LetterReading | None:
    if not readings:
        return None
    # readings without a target add nothing when another one has the same action
    with_target = [o for o in readings if o.targets or o.actions == {"ambush"}]
    if with_target:
        readings = with_target
    # another role's words are set aside when the letter holds one of the sender's own
    if view.known:
        mine = frozenset(view.moving_actions())
        own = [o for o in readings if o.actions & mine]
        if own:
            readings = own
    merged: list[_Occ] = []
    for occ in readings:
        same = next((m for m in merged if _key(m) == _key(occ)), None)
        if same is not None:
            continue
        # a motion word and a specific word about the same player: the specific one says it
        twin = next(
            (
                m
                for m in merged
                if m.targets
                and occ.targets
                and m.targets[0].nick == occ.targets[0].nick
                and (m.actions >= occ.actions or occ.actions >= m.actions)
            ),
            None,
        )
        if twin is not None:
            if len(occ.actions) < len(twin.actions):
                merged[merged.index(twin)] = occ
            continue
        # «первый протект — A, второй — B»: two-target actions gather their targets
        joined = next(
            (
                m
                for m in merged
                if m.actions == occ.actions and _width(m) == 2 and len(m.targets) < 2
            ),
            None,
        )
        if joined is not None and occ.targets:
            joined.targets = [*joined.targets[:1], occ.targets[0]]
            continue
        merged.append(occ)
    if len(merged) == 1:
        return merged[0]
    last = _key(readings[-1])
    if any(_key(r) != last for r in readings) and any(_key(r) == last for r in readings[:-1]):
        # «Убиваю Лёню или сижу в засаде... убиваю Лёню»: he came back to it, that is the move
        return readings[-1]
    a, b = merged[0], merged[1]
    if a.actions == b.actions and len(a.actions) == 1:
        return _question(
            WHICH_TARGET,
            f"Кого из двух: {_raw(a.targets)} или {_raw(b.targets)}? "
            "Пришлите, пожалуйста, ход с одним ником.",
        )
    return _question(
        UNPARSED,
        f"В письме два разных хода: «{_ru(a)} — {_raw(a.targets)}» и «{_ru(b)} — "
        f"{_raw(b.targets)}». Пришлите, пожалуйста, одно письмо с одним ходом.",
    )


def _ru(occ: _Occ) -> str:
    return " или ".join(ACTION_RU.get(a, a) for a in sorted(occ.actions))


def _raw(targets: Sequence[_Mention]) -> str:
    return " и ".join(m.raw for m in targets) or "?"


def _question(code: str, text: str) -> LetterReading:
    return LetterReading(code=code, text=text)


def _finish(
    occ: _Occ,
    executor: _Mention | None,
    mentions: list[_Mention],
    view: SenderView,
    story: str | None,
    threshold: float,
) -> LetterReading:
    if occ.cancelled:
        return _question(
            UNPARSED,
            f"Не понял, отменяете ли вы ход «{_ru(occ)}». Пришлите, пожалуйста, одним "
            "письмом ход, который остаётся в силе (или напишите, что хода нет).",
        )
    if len(occ.actions) > 1 and len(occ.targets) == 2 and not occ.either:
        pairs = [a for a in occ.actions if _TWO.get(a, 1) == 2]
        if len(pairs) == 1:
            occ = replace(occ, actions=frozenset(pairs))  # «защищаю Егора и Жору»
    if len(occ.actions) > 1:
        acts = sorted(occ.actions)
        who = f" на игрока {occ.targets[0].nick}" if occ.targets and occ.targets[0].nick else ""
        return _question(
            WHICH_ACTION,
            f"Какой ход{who}: "
            + " или ".join(ACTION_RU.get(a, a) for a in acts)
            + "? Напишите, например: «"
            + _EXAMPLE.get(acts[0], "Ход Ник")
            + "».",
        )
    action = next(iter(occ.actions))
    if action == "ambush":
        return _ambush(occ)
    width = _TWO.get(action, 1)
    targets = occ.targets
    if not targets:
        return _question(
            NO_TARGET,
            f"Не нашёл ник цели для хода «{ACTION_RU[action]}». Напишите, например: "
            f"«{_EXAMPLE.get(action, 'Ход Ник')}».",
        )
    if width == 1 and occ.alternatives:
        return _question(
            WHICH_TARGET,
            f"Кого из двух: {targets[0].raw} или {targets[1].raw}? "
            "Пришлите, пожалуйста, ход с одним ником.",
        )
    if action not in ("heal", "protect") and targets[0].kind == "self" and len(targets) > 1:
        targets = targets[1:]  # «Взрываю себя вместе с Ефимом»: he goes anyway
    if action == "blast" and all(m.kind == "self" for m in targets):
        return _question(  # «Подрываю себя»: the kamikaze goes anyway — but with whom?
            NO_TARGET,
            "Кого вы подрываете вместе с собой? Напишите, например: «Подрываю Ник».",
        )
    targets = targets[:width]
    for m in targets:
        bad = _bad_target(m, action)
        if bad is not None:
            return bad
    if action == "army" and len(targets) < 2:
        return _question(
            NO_TARGET,
            "Для армии тьмы нужны два ника. Напишите, например: «Армия тьмы: Ник1 и Ник2».",
        )
    nicks = tuple(m.nick for m in targets if m.nick is not None)
    confidence = min([occ.confidence, *(m.confidence for m in targets)])
    ex: str | None = None
    if action == "kill" and executor is not None:
        bad_ex = _executor_question(executor)
        if bad_ex is not None:
            return bad_ex
        ex = executor.nick
        confidence = min(confidence, _executor_confidence(executor, view))
    reading = LetterReading(
        action, nicks, executor=ex, story=story if action == "kill" else None, confidence=confidence
    )
    return _confident(reading, threshold)


def _ambush(occ: _Occ) -> LetterReading:
    """The ambush waits at home for whoever comes (P-M.14): a player named with it in its
    sentence means the sender thinks of a target — a kill, or an ambush after all?"""
    if occ.aimed:
        return _question(
            WHICH_ACTION,
            "Засада ставится у себя и цели не имеет. Вы ставите засаду или убиваете? "
            "Напишите, например: «Засада» или «Убиваю Ник».",
        )
    return LetterReading("ambush", confidence=occ.confidence)


def _executor_confidence(executor: _Mention, view: SenderView) -> float:
    """The executor is one of a few clan mates, not any player: one short word of a mate's
    nick («Кот, иди убей …» for Кот_Учёный) is as clear as a longer one."""
    if executor.nick in view.clan_mates:
        return max(executor.confidence, _PARTIAL_CONFIDENCE)
    return executor.confidence


def _executor_question(executor: _Mention) -> LetterReading | None:
    """The question to send when a kill's executor is not one clear nick (two named, or
    a word matching nobody or several), or None when he is."""
    if executor.kind == "either":
        return _question(
            WHICH_TARGET,
            f"Кто исполнитель: {' или '.join(executor.candidates)}? Пришлите, пожалуйста, "
            "ход с одним исполнителем.",
        )
    if executor.kind in ("unknown", "ambiguous"):
        return _bad_target(executor, "executor")
    return None


def _confident(reading: LetterReading, threshold: float) -> LetterReading:
    if reading.confidence >= threshold:
        return reading
    said = f"{ACTION_RU.get(reading.action or '', reading.action)} — {', '.join(reading.targets)}"
    if reading.executor:
        said += f", исполнитель {reading.executor}"
    return _question(
        LOW_CONFIDENCE,
        f"Правильно ли я понял ваш ход: {said}? Если да, пришлите ход ещё раз, написав ник точно.",
    )


def _bad_target(m: _Mention, action: str) -> LetterReading | None:
    what = ACTION_RU.get(action, action)
    if m.kind == "pronoun":
        return _question(
            PRONOUN,
            f"Кого вы имеете в виду под «{m.raw}»? Напишите ник, например: "
            f"«{_EXAMPLE.get(action, 'Ход Ник')}».",
        )
    if m.kind == "ambiguous":
        return _question(
            AMBIGUOUS,
            f"Ход «{what}»: «{m.raw}» подходит к нескольким игрокам ({', '.join(m.candidates)}). "
            "Кого вы имеете в виду? Напишите ник полностью.",
        )
    if m.kind == "unknown":
        hint = f" Может быть, вы имели в виду {m.candidates[0]}?" if m.candidates else ""
        return _question(
            UNKNOWN_NICK,
            f"Ход «{what}»: не нашёл среди живых игроков «{m.raw}».{hint} "
            "Пришлите ход ещё раз с точным ником.",
        )
    return None


def _without_action_word(
    tokens: Sequence[_Token],
    questions: set[int],
    mentions: list[_Mention],
    occs: list[_Occ],
    skip: bool,
    view: SenderView,
    story: str | None,
    threshold: float,
) -> LetterReading:
    """No action word named a move: the side choice, the Don election, or the role's only
    action when the letter names one player (module docstring, 7.)."""
    side = _side(list(tokens), questions) or _side_for(tokens, questions)
    if side is not None and (not view.known or "choose_side" in view.role_actions):
        return LetterReading("choose_side", side=side, confidence=1.0)
    if skip:
        return LetterReading()
    don = _don(tokens, mentions, view)
    if don is not None:
        return don
    mine = view.moving_actions()
    if not view.known or not mine:
        return LetterReading()
    told = _told_targets(tokens, mentions)
    named = [
        m
        for m in mentions
        if not m.negated
        and m.nick != view.nick
        and m.kind != "self"
        and m.start not in told
        # «Доктор в отпуске» from the doctor: a role noun opening a sentence is its subject,
        # the sender himself as much as the player of that name
        and not (
            m.nominative
            and tokens[m.start].word in _GAME_WORDS
            and (m.start == 0 or tokens[m.start - 1].sentence != tokens[m.start].sentence)
        )
    ]
    if any(m.kind == "nick" for m in named):
        named = [m for m in named if m.kind == "nick"]  # «Катана для Гены»
    if view.clan_mates and all(a in _VIOLENCE for a in mine):
        # «Рыжий, я готов исполнять»: a mafioso names his Don or a mate to talk to him; a
        # clan does not attack its own by a move the letter never spelled out
        named = [m for m in named if m.nick not in view.clan_mates]
    if not named:
        return LetterReading()
    named = _last_word(named, tokens)
    nicks = list(dict.fromkeys(m.nick or m.raw for m in named))
    with_target = [a for a in mine if a not in ("ambush",)]
    if not any(a in view.allowed for a in with_target):
        return LetterReading()  # nothing the sender could do now: talk, not a move
    # a role with two actions that take targets is asked which one, whatever is allowed
    allowed = with_target
    if "army" in allowed and "protect" in allowed and len(nicks) == 1:
        allowed = ["protect"]  # the army needs two
    if len(allowed) > 1:
        # «Вчера избил Доктора, сегодня Шерифа»: the verb of last night carries over
        before = {a for t in tokens if t.word for a in _past_actions(t.word)}
        if len(before & set(allowed)) == 1:
            allowed = [a for a in allowed if a in before]
    if len(allowed) != 1:
        if len(nicks) == 1 and _says_move(tokens, questions, named):
            return _question(
                WHICH_ACTION,
                f"Какой ход на игрока {nicks[0]}: "
                + " или ".join(ACTION_RU.get(a, a) for a in sorted(allowed))
                + "?",
            )
        return LetterReading()
    return _inferred_move(allowed[0], nicks, named, tokens, questions, story, threshold)


def _past_actions(word: str) -> frozenset[str]:
    w = lookup(word)
    return w.actions if w is not None and w.past else frozenset()


def _told_targets(tokens: Sequence[_Token], mentions: list[_Mention]) -> set[int]:
    """Mentions that a past-tense action word took («Вчера убил Доброго», «Лечил Сову
    вчера»): players of a story, never the role's move by inference."""
    out: set[int] = set()
    for k, t in enumerate(tokens):
        w = lookup(t.word) if t.word else None
        if w is None or not w.past or not w.actions:
            continue
        for m in mentions:
            if m.start > k and tokens[m.start].sentence == t.sentence:
                gap = tokens[k : m.start]
                if not any(g.clause_end for g in gap):
                    out.add(m.start)
                break
    return out


def _last_word(named: list[_Mention], tokens: Sequence[_Token]) -> list[_Mention]:
    """«Цель Доктор. Нет, лучше Судья» with no action word: after a correction word the
    players named after it replace those before, as with an action word (module docstring,
    8.)."""
    # the correction word opens its clause («Нет, лучше …»), not «ходов у меня нет»
    marks = [
        k
        for k, t in enumerate(tokens)
        if t.word in _CORRECTION and (k == 0 or tokens[k - 1].clause_end)
    ]
    if not marks or named[0].start > marks[-1]:
        return named
    later = [m for m in named if m.start > marks[-1]]
    return later or named


def _inferred_move(
    action: str,
    nicks: list[str],
    named: list[_Mention],
    tokens: Sequence[_Token],
    questions: set[int],
    story: str | None,
    threshold: float,
) -> LetterReading:
    """The role's only action taken as meant for the players the letter names, once the
    letter reads as a move; otherwise a question, or nothing when it is plain talk. Apart
    from `_without_action_word`, which decides whether there is one action to infer."""
    width = _TWO.get(action, 1)
    if len(nicks) > width:
        if not _says_move(tokens, questions, named):
            return LetterReading()
        firsts = list(dict.fromkeys(m.raw for m in named))
        return _question(
            WHICH_TARGET,
            f"Кого из двух: {firsts[0]} или {firsts[1]}? Пришлите, пожалуйста, ход с одним ником.",
        )
    if action == "army" and len(nicks) < 2:
        return LetterReading()
    if not _says_move(tokens, questions, named):
        if _talks(tokens, questions, named):
            return LetterReading()
        return _question(
            IS_IT_A_MOVE,
            f"Не понял, это ход? Если да, напишите, например: «{_EXAMPLE.get(action, 'Ход Ник')}».",
        )
    picked = list({(m.nick or m.raw): m for m in named}.values())[:width]
    for m in picked:
        bad = _bad_target(m, action)
        if bad is not None:
            return bad
    conf = min([_INFERRED_CONFIDENCE, *(m.confidence for m in picked)])
    reading = LetterReading(
        action,
        tuple(m.nick for m in picked if m.nick),
        story=story if action == "kill" else None,
        confidence=conf,
    )
    return _confident(reading, threshold)


def _side_for(tokens: Sequence[_Token], questions: set[int]) -> str | None:
    """«Я за мафию», «за мирных» (G-M.8): «за» and a side word."""
    for k, t in enumerate(tokens[:-1]):
        if t.word == "за" and t.sentence not in questions:
            nxt = tokens[k + 1].word
            if nxt in _SIDE_TOWN:
                return "town"
            if nxt in _SIDE_MAFIA:
                return "mafia"
    return None


def _says_move(tokens: Sequence[_Token], questions: set[int], named: list[_Mention]) -> bool:
    """Whether a letter without an action word still says it moves: a move word, a colon
    before the nick, «сегодня» beside the nick in a clause telling no story, or hardly
    anything besides the nick. Opinions and stories are read in the sentences that name
    the players («Мафия голодна. Сегодня Сова» moves; «Думаю, Катя мафия» does not)."""
    in_named = {k for m in named for k in range(m.start, m.end)}
    rest = [t for k, t in enumerate(tokens) if k not in in_named and t.sentence not in questions]
    scope = {tokens[m.start].sentence for m in named}
    near = [t for t in rest if t.sentence in scope]
    if any(t.word in _INDICATORS - _WEAK_INDICATORS for t in rest):
        return True
    # «Судья, Шериф и Доктор — мирные»: an opinion, whatever the dash
    if any(t.word in _OPINION for t in near):
        return False
    if any(t.raw.endswith((":", "—", "–", "->")) or t.raw in ("-", "=>") for t in rest):
        return True
    # «Вчера избил Доктора, сегодня Шерифа»: the nick's own clause speaks of tonight
    if any(_tonight_clause(tokens, m.start, in_named) for m in named):
        return True
    # «Ян сегодня голосовал против меня»: a story of tonight is still a story
    if _talks(tokens, questions, named) or any(t.word in _NEXT for t in near):
        return False
    if any(t.word in _WEAK_INDICATORS for t in rest):
        return True
    rest = [t for t in rest if t.word]
    content = [t for t in rest if t.word not in _GREETING and len(t.word) > 1]
    return len(content) <= _SHORT_LETTER and not any(_names_action(t.word) for t in content)


# «сегодня», «ночью» say when, not that the letter moves: a story may say them too
_WEAK_INDICATORS: Final = _ws("ночь ночью сегодня")
# «Сова, ты следующая»: a threat for a later night, asked about, not read as tonight's
_NEXT: Final = _LATER | _ws("следующий следующая следующим следующей следующего следующую")
_TOLD: Final = _ws("вчера вчерашний вчерашняя вчерашнюю вчерашнего спасибо благодарю thanks")


def _clause(tokens: Sequence[_Token], i: int) -> Sequence[_Token]:
    start = i
    while start > 0 and not tokens[start - 1].clause_end:
        start -= 1
    end = i
    while end < len(tokens) - 1 and not tokens[end].clause_end:
        end += 1
    return tokens[start : end + 1]


def _told(t: _Token) -> bool:
    """A word that tells of what was or how things are: a past-tense verb, a short
    adjective («жива», «здорова»), «вчера», thanks."""
    if t.word in _TOLD:
        return True
    parses = parse(t.word) if t.word else ()
    return bool(parses) and (
        (parses[0].pos == "VERB" and "past" in parses[0].grammemes) or parses[0].pos == "ADJS"
    )


def _tonight_clause(tokens: Sequence[_Token], i: int, in_named: set[int]) -> bool:
    """The clause of the nick at `i` says «сегодня»/«ночью» (not as a nick: the player
    Ночь is no «ночь») and tells no story."""
    start = i
    while start > 0 and not tokens[start - 1].clause_end:
        start -= 1
    clause = [t for k, t in enumerate(_clause(tokens, i), start) if k not in in_named and t.word]
    return any(t.word in _WEAK_INDICATORS for t in clause) and not any(_told(t) for t in clause)


def _talks(tokens: Sequence[_Token], questions: set[int], named: list[_Mention]) -> bool:
    """Whether a letter with no action word tells of what was rather than moves, in the
    sentences that name its players: a verb in the past tense («Ночь была интересной»,
    «Медведь вчера был хорош»), «вчера», thanks, a short adjective saying how a player is
    («Ли жива»). Such a letter is talk, not the named player's move."""
    in_named = {k for m in named for k in range(m.start, m.end)}
    scope = {tokens[m.start].sentence for m in named}
    if any(_described(tokens, m) for m in named):
        return True
    return any(
        _told(t)
        for k, t in enumerate(tokens)
        if k not in in_named and t.sentence in scope and t.sentence not in questions
    )


def _described(tokens: Sequence[_Token], m: _Mention) -> bool:
    """«Ночь тёмная», «Ветер холодный»: a nick as written, then an adjective in the
    nominative right after it in its clause — a description of the player, not a move."""
    if not m.nominative or m.end >= len(tokens) or tokens[m.end - 1].clause_end:
        return False
    parses = parse(tokens[m.end].word) if tokens[m.end].word else ()
    return bool(parses) and parses[0].pos == "ADJF" and "nomn" in parses[0].grammemes


def _names_action(word: str) -> bool:
    found = lookup(word)
    return found is not None and bool(found.actions)


def _don(
    tokens: Sequence[_Token], mentions: list[_Mention], view: SenderView
) -> LetterReading | None:
    """P-S.2: «дон Рома», «Доном выбираем Рому» on turn 0, from a mafioso."""
    if view.known and "don" not in view.allowed:
        return None
    for k, t in enumerate(tokens):
        if t.word in ("дон", "дона", "доном", "don"):
            for m in sorted(mentions, key=lambda m: abs(m.start - k)):
                if m.kind == "nick" and tokens[m.start].sentence == t.sentence:
                    return LetterReading("don", (m.nick or "",), confidence=m.confidence)
    if not view.known or not view.clan_mates:
        return None
    # «Голосую за Палача» on the election night: the one vote a mafioso has then is for his
    # Don, so a vote word and exactly one clan mate named say it without «дон»
    mates = {m.nick: m for m in mentions if m.kind == "nick" and not m.negated}
    mates = {n: m for n, m in mates.items() if n in view.clan_mates}
    if len(mates) == 1 and any(t.word in _VOTE_WORDS for t in tokens):
        m = next(iter(mates.values()))
        return LetterReading("don", (m.nick or "",), confidence=m.confidence)
    return None
