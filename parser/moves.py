"""Night moves from PM text (RULES.md C-2): free Russian or English text → a `Move`.

`parse_move(text, actor=…, players=…)` returns

* a `Move` (engine/actions.py) with RULES.md action ids and targets resolved to living
  players (C-3, Russian case forms included: «Проверяю Шерлока» → Шерлок);
* an `InputRejected` when the text holds a move the bot cannot carry out as written — its
  ``detail`` is a Russian sentence that can be sent back to the player as is;
* None when the text holds no move at all (a question, a greeting, «ходов нет»).

The text read is the sender's own text (`PrivateMessage.own_text`: quotes already dropped).

Reading
-------
1. ``способ: …`` / ``story: …`` / ``how: …`` — the rest of that line is the kill's story
   (G-M.10) and is not searched for verbs.
2. ``исполнитель NICK`` / ``executor NICK`` (``:``/``—`` allowed) names the executor of a
   PEFL clan kill (P-M.8).
3. Sentences ending with «?» are questions and hold no move. A verb right after «не» / "not" /
   "don't" is negated and skipped. Past tense (проверил, убил, стрелял) is a story, not a
   move, and is not in the vocabulary: «я бы проверил Mister X» is no move.
4. The first action word (below) whose target resolves gives the move; a second complete move
   that differs from it (another action or other targets — «Стреляю в Кот. Передумал,
   стреляю в Шерлок») makes the letter ambiguous: it is rejected ``unparsed`` with both moves
   named, never guessed (the same move twice is fine). Prepositions and filler after it
   are skipped (в, во, к, ко, на, по, за, у, игрока, ника, цель, at, to, on, the, player, up,
   «:», «—»). The target is the longest run of words (up to the longest nick) that names a
   living player — strict tiers first, then Russian case forms, then one word of a nick,
   then the nick written in the other script («Мистера Х», «Heal Anna»), then fuzzy. If
   nothing follows the verb, the words before it in the same clause are tried («Mister X —
   проверка»).
5. When no action word has a resolvable target, the first action word found decides the
   rejection (``no_target``, ``unknown_nick``, ``ambiguous_nick``).

Vocabulary (case-insensitive, ё = е; whole words)
-------------------------------------------------
=============  ====================================================================================
action         words
=============  ====================================================================================
kill           убить убей убейте убиваю убиваем убивай убивает убью убьем убийство убийства
               убрать уберите убери устранить устраняю стрелять стреляю стреляем стреляй
               стреляйте стреляет стрельни выстрел выстрела выстрелом выстрелить выстрелю выстрели
               застрелить застрелю застрели застрелите пристрелить пристрелю пристрели
               kill kills killing shoot shoots shooting shot
check          проверить проверяю проверяем проверю проверим проверь проверьте проверяй проверяет
               проверка проверку проверки проверкой check checks checking
heal           лечить лечу лечим лечи лечите лечение лечения вылечить вылечи вылечу исцеляю спасти
               спасаю спасаем спаси спасу heal heals healing save saves
block          пригласить приглашаю приглашаем приглашу пригласи приглашение приглашения навестить
               навещаю навещу visit visits visiting block blocks blocking invite invites;
               «иду/пойду/захожу/зайду/отправляюсь к|ко NICK»; «в гости к NICK»
beat           избить избиваю избиваем избей избейте изобью избиение избиения побить побью бить
               бью beat beats beating
blast          подрыв подрыва подрывом подрываю подорвать подорву подорви взорвать взорву взорви
               взрываю взрыв взрыва blast blasts blow (up)
ambush         засада засаду засаде засадой ambush ambushes — no target
protect        протект протекта протектом протекты протектую защищаю защищаем защитить защищу
               защити защита защиту protect protects protection — one or two targets (P-M.6)
army           армия армию армией армии army — two targets (P-M.7): «армия A и B», "army A, B"
don            дон дона доном don — PEFL turn 0 Don election (P-S.2), read only when the text
               holds no other action (so «я дон мафии, убить X» is a kill)
choose_side    a side word — town: мирных мирные мирным мирная мирный город города горожан
               town; mafia: мафию мафия мафии мафией mafia — together with сторона/сторону/
               выбираю/выбрала/выбрал/играю/side/choose/chose/join in the same sentence
               (G-M.8); ``side`` is "town" or "mafia"
executor       исполнитель исполнителем исполнителя executor (see 2.)
story          способ story how (see 1.)
=============  ====================================================================================

Two targets are separated by «и», «,», «+», «&», "and". «себя»/«себе»/«собой»/"myself"/"me"/
"self" right after the action word names the sender himself (the doctor's self-heal, G-M.7;
whether a self-target is allowed is the engine's call, P-M.15).

Rejection reasons: ``no_target`` (an action word but no nick after it), ``unparsed`` (two
different moves, see 4.), ``unknown_nick``, ``ambiguous_nick``, ``not_a_player`` (sender is
not in the game), ``dead`` (sender is dead) — the last two come from `reject_sender` /
`move_from_pm`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from engine.actions import InputRejected, Move
from parser.nicks import (
    AMBIGUOUS_NICK,
    STRICT_TIERS,
    UNKNOWN_NICK,
    NickMatch,
    NickResolver,
    casefold_key,
    lookalike_key,
)
from parser.records import PrivateMessage

NO_TARGET: Final = "no_target"
# two different complete moves in one letter («Стреляю в Кот. Передумал, стреляю в Шерлок»):
# which one the player means is a guess, so the letter is sent back (the code is the one the
# host report and REFUSAL_RU already know)
UNPARSED: Final = "unparsed"
NOT_A_PLAYER: Final = "not_a_player"
DEAD: Final = "dead"


def _words(spec: str) -> frozenset[str]:
    return frozenset(spec.split())


_VERBS: Final[dict[str, frozenset[str]]] = {
    "kill": _words(
        "убить убей убейте убиваю убиваем убивай убивает убью убьем убийство убийства убрать "
        "уберите убери устранить устраняю стрелять стреляю стреляем стреляй стреляйте стреляет "
        "стрельни выстрел выстрела выстрелом выстрелить выстрелю выстрели застрелить застрелю "
        "застрели застрелите пристрелить пристрелю пристрели kill kills killing shoot shoots "
        "shooting shot"
    ),
    "check": _words(
        "проверить проверяю проверяем проверю проверим проверь проверьте проверяй проверяет "
        "проверка проверку проверки проверкой check checks checking"
    ),
    "heal": _words(
        "лечить лечу лечим лечи лечите лечение лечения вылечить вылечи вылечу исцеляю спасти "
        "спасаю спасаем спаси спасу heal heals healing save saves"
    ),
    "block": _words(
        "пригласить приглашаю приглашаем приглашу пригласи приглашение приглашения навестить "
        "навещаю навещу visit visits visiting block blocks blocking invite invites гости"
    ),
    "beat": _words(
        "избить избиваю избиваем избей избейте изобью избиение избиения побить побью бить бью "
        "beat beats beating"
    ),
    "blast": _words(
        "подрыв подрыва подрывом подрываю подорвать подорву подорви взорвать взорву взорви "
        "взрываю взрыв взрыва blast blasts blow"
    ),
    "ambush": _words("засада засаду засаде засадой ambush ambushes"),
    "protect": _words(
        "протект протекта протектом протекты протектую защищаю защищаем защитить защищу защити "
        "защита защиту protect protects protection"
    ),
    "army": _words("армия армию армией армии army"),
    "don": _words("дон дона доном don"),
}
# «иду к Васе»: these only mean a visit when «к»/«ко» follows
_GO_VERBS: Final = _words("иду пойду захожу зайду отправляюсь схожу")
_GO_PREPS: Final = _words("к ко")
_EXECUTOR: Final = _words("исполнитель исполнителем исполнителя исполнители executor")
_STORY_RE: Final = re.compile(r"(?i)(?<!\w)(способ|story|how)\s*[:\-—–]\s*([^\n]*)")
_SIDE_KEYS: Final = _words(
    "сторона сторону стороны выбираю выбрала выбрал играю side choose chose join"
)
_SIDE_TOWN: Final = _words("мирных мирные мирным мирная мирный город города горожан town")
_SIDE_MAFIA: Final = _words("мафию мафия мафии мафией mafia")
_NEGATIONS: Final = _words("не not don't dont никого")
_SKIP: Final = _words(
    "в во к ко на по за у игрока игроку игроком ника ник цель цели at to on the player up"
)
_AND: Final = _words("и + & and")  # «,» alone is punctuation, skipped anyway
_SELF: Final = _words("себя себе собой myself me self")
_MAX_FILLER: Final = 3  # words allowed between an action word and its target
_TWO_TARGETS: Final = {"army": 2, "protect": 2}
_NO_TARGET_ACTIONS: Final = frozenset({"ambush"})
_CLAUSE_END: Final = re.compile(r"[,;:.!?…]+[»\"')\]]*$")
_SENTENCE_END: Final = re.compile(r"[.!?…]+[»\"')\]]*$")
_PUNCT_EDGES: Final = re.compile(r"^[\W_]+|[\W_]+$")

_ACTION_RU: Final = {
    "kill": "убийство",
    "check": "проверка",
    "heal": "лечение",
    "block": "приглашение",
    "beat": "избиение",
    "blast": "подрыв",
    "protect": "протект",
    "army": "армия тьмы",
    "don": "выбор дона",
    "executor": "исполнитель",
}


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
            ends_sentence = bool(_SENTENCE_END.search(raw))
            tokens.append(_Token(raw, word, bool(_CLAUSE_END.search(raw)) or last, sentence))
            # a line break ends a clause (a nick never spans lines) but not a sentence:
            # «Проверяю:» on one line and the nick on the next is one move
            if ends_sentence:
                sentence += 1
    return tokens


def _questions(tokens: list[_Token]) -> set[int]:
    """Sentences that end with «?»: they ask, they do not move."""
    return {t.sentence for t in tokens if t.raw.rstrip("»\"')]").endswith("?")}


def _action_of(tokens: list[_Token], i: int) -> str | None:
    word = tokens[i].word
    if word in _GO_VERBS:
        nxt = tokens[i + 1].word if i + 1 < len(tokens) else ""
        return "block" if nxt in _GO_PREPS else None
    if word == "гости":  # «в гости к …»
        return "block" if i > 0 and tokens[i - 1].word in ("в", "во") else None
    for action, words in _VERBS.items():
        if word in words:
            return action
    return None


def _negated(tokens: list[_Token], i: int) -> bool:
    return (
        i > 0 and tokens[i - 1].word in _NEGATIONS and tokens[i - 1].sentence == tokens[i].sentence
    )


@dataclass(frozen=True, slots=True)
class _Found:
    match: NickMatch
    start: int
    end: int  # exclusive token index


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


def _resolve_at(tokens: list[_Token], start: int, resolver: NickResolver) -> _Found | None:
    """The nick that starts at token `start` (see module docstring, step 4)."""
    if start >= len(tokens):
        return None
    windows = _windows(tokens, start, resolver.max_words + 1)
    ladders: tuple[tuple[str, ...], ...] = (
        STRICT_TIERS,
        ("inflected",),
        ("partial_inflected",) if resolver.partial else (),
        ("translit_inflected",),
    )
    for ladder in ladders:
        for stop, text in windows:
            m = resolver.resolve_strict(text, ladder)
            if m is not None:
                return _Found(m, start, stop)
    best: _Found | None = None
    for stop, text in windows:
        m = resolver.resolve_fuzzy(text)
        if (m.ok or m.reason == AMBIGUOUS_NICK) and (
            best is None or m.confidence > best.match.confidence
        ):
            best = _Found(m, start, stop)
    if best is not None:
        return best
    # nothing: report the clause's first words as what the player wrote
    stop, text = windows[0]
    text = text.rstrip(",;:.!?…") or text
    return _Found(NickMatch(text, None, reason=UNKNOWN_NICK), start, stop)


def _skip(tokens: list[_Token], i: int, skip: frozenset[str] = _SKIP) -> int:
    while i < len(tokens) and (tokens[i].word in skip or not tokens[i].word):
        i += 1
    return i


def _target_after(
    tokens: list[_Token], i: int, resolver: NickResolver, *, sentence: int
) -> _Found | None:
    if i < len(tokens) and tokens[i].sentence == sentence and tokens[i].word:
        # a nick that itself starts with a filler word («The Joker», «На дне») wins over
        # skipping that word
        whole = _strict_at(tokens, i, resolver)
        if whole is not None and whole.ok:
            return _resolve_at(tokens, i, resolver)
    j = _skip(tokens, i)
    if j >= len(tokens) or tokens[j].sentence != sentence:
        return None
    if _strict_at(tokens, j, resolver) is None:
        # «Проверяю сегодня Васю», «стреляю ночью в Марго»: a few filler words of the same
        # clause may stand between the action word and the nick; only a strict or
        # case-form match may jump them, so a typo right after the verb is still reported
        k = j
        while not tokens[k].clause_end and k < j + _MAX_FILLER:
            k = _skip(tokens, k + 1)
            if k >= len(tokens) or tokens[k].sentence != sentence:
                break
            if _strict_at(tokens, k, resolver) is not None:
                return _resolve_at(tokens, k, resolver)
    return _resolve_at(tokens, j, resolver)


def _strict_at(tokens: list[_Token], j: int, resolver: NickResolver) -> NickMatch | None:
    for _stop, text in _windows(tokens, j, resolver.max_words + 1):
        m = resolver.resolve_strict(text, (*STRICT_TIERS, "inflected"))
        if m is not None:
            return m
    return None


def _target_before(tokens: list[_Token], i: int, resolver: NickResolver) -> _Found | None:
    """«Mister X — проверка»: a nick that ends right before the action word, same clause."""
    j = i - 1
    while j >= 0 and not tokens[j].word:
        j -= 1
    if j < 0 or tokens[j].sentence != tokens[i].sentence:
        return None
    for start in range(max(0, j - resolver.max_words + 1), j + 1):
        if any(t.clause_end for t in tokens[start:j]):
            continue
        text = " ".join(t.raw for t in tokens[start : j + 1])
        m = resolver.resolve_strict(text, (*STRICT_TIERS, "inflected"))
        if m is not None:
            return _Found(m, start, j + 1)
    return None


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


def _rejection(
    actor: str, action: str, found: _Found | None, source_id: int | None
) -> InputRejected:
    what = _ACTION_RU.get(action, action)
    if found is None:
        return InputRejected(
            actor,
            NO_TARGET,
            f"Не нашёл ник цели для хода «{what}». Напишите, например: «Проверяю Ник».",
            source_id=source_id,
        )
    m = found.match
    if m.reason == AMBIGUOUS_NICK:
        return InputRejected(
            actor,
            AMBIGUOUS_NICK,
            f"Ход «{what}» не принят: «{m.query}» подходит к нескольким игрокам "
            f"({', '.join(m.candidates)}). Напишите ник полностью.",
            source_id=source_id,
        )
    return InputRejected(
        actor,
        UNKNOWN_NICK,
        f"Ход «{what}» не принят: не нашёл среди живых игроков «{m.query}». "
        "Проверьте ник и пришлите ход ещё раз.",
        source_id=source_id,
    )


def _two_moves(
    actor: str, first: Move, action: str, targets: tuple[str, ...], source_id: int | None
) -> InputRejected:
    def say(act: str, who: tuple[str, ...]) -> str:
        return f"«{_ACTION_RU.get(act, act)} — {' и '.join(who)}»"

    return InputRejected(
        actor,
        UNPARSED,
        f"В письме два разных хода: {say(first.action, first.targets)} и "
        f"{say(action, targets)}. Пришлите, пожалуйста, одно письмо с одним ходом.",
        source_id=source_id,
    )


def _as_resolver(players: Iterable[str] | NickResolver) -> NickResolver:
    return players if isinstance(players, NickResolver) else NickResolver(players)


def parse_move(
    text: str,
    *,
    actor: str,
    players: Iterable[str] | NickResolver,
    at: datetime | None = None,
    source_id: int | None = None,
) -> Move | InputRejected | None:
    """Read one PM body (the sender's own text). `players`: the living players."""
    resolver = _as_resolver(players)
    story: str | None = None
    m_story = _STORY_RE.search(text)
    if m_story:
        story = m_story.group(2).strip() or None
        text = text[: m_story.start()] + text[m_story.end() :]

    tokens = _tokenize(text)
    questions = _questions(tokens)

    executor: str | None = None
    executor_fail: _Found | None = None
    consumed: set[int] = set()
    for i, tok in enumerate(tokens):
        if tok.word in _EXECUTOR and tok.sentence not in questions:
            found = _target_after(tokens, i + 1, resolver, sentence=tok.sentence)
            consumed.add(i)
            if found is not None:
                consumed.update(range(found.start, found.end))
                if found.match.ok:
                    executor = found.match.nick
                else:
                    executor_fail = found
            else:
                executor_fail = _Found(NickMatch(tok.raw, None, reason=UNKNOWN_NICK), i, i + 1)
            break

    first_failure: tuple[str, _Found | None] | None = None
    don_candidate: tuple[int, str] | None = None
    chosen: Move | None = None
    for i, tok in enumerate(tokens):
        if i in consumed or tok.sentence in questions:
            continue
        action = _action_of(tokens, i)
        if action is None or _negated(tokens, i):
            continue
        if action == "don" and don_candidate is None:
            don_candidate = (i, action)
            continue
        if action == "don":
            continue
        if action in _NO_TARGET_ACTIONS:
            return Move(actor, action, (), story=story, at=at, source_id=source_id)
        move = _read_targets(tokens, i, action, resolver, actor)
        if isinstance(move, tuple):
            if executor_fail is not None and action == "kill":
                return _rejection(actor, "executor", executor_fail, source_id)
            if chosen is None:
                chosen = Move(
                    actor,
                    action,
                    move,
                    executor=executor if action == "kill" else None,
                    story=story if action == "kill" else None,
                    at=at,
                    source_id=source_id,
                )
            elif (action, move) != (chosen.action, chosen.targets):
                return _two_moves(actor, chosen, action, move, source_id)
            continue
        if first_failure is None:
            first_failure = (action, move)
    if chosen is not None:
        return chosen

    side = _side(tokens, questions)
    if first_failure is None and side is not None:
        return Move(actor, "choose_side", (), side=side, at=at, source_id=source_id)
    if first_failure is None and don_candidate is not None:
        i, action = don_candidate
        found = _target_after(tokens, i + 1, resolver, sentence=tokens[i].sentence)
        if found is not None and found.match.ok and found.match.nick is not None:
            return Move(actor, "don", (found.match.nick,), at=at, source_id=source_id)
        return None  # «дон мафии» and the like: talk, not an election
    if first_failure is not None:
        return _rejection(actor, first_failure[0], first_failure[1], source_id)
    return None


def _read_targets(
    tokens: list[_Token], i: int, action: str, resolver: NickResolver, actor: str
) -> tuple[str, ...] | _Found | None:
    """Targets of the action word at `i`: a tuple of nicks, or what failed (None: nothing)."""
    sentence = tokens[i].sentence
    j = _skip(tokens, i + 1)
    if j < len(tokens) and tokens[j].sentence == sentence and tokens[j].word in _SELF:
        # «лечу себя» (G-M.7 allows it once): whether it is allowed is the engine's call
        return (actor,)
    found = _target_after(tokens, i + 1, resolver, sentence=sentence)
    if found is None:
        found = _target_before(tokens, i, resolver)
    if found is None or not found.match.ok or found.match.nick is None:
        return found
    targets = [found.match.nick]
    want = _TWO_TARGETS.get(action, 1)
    pos = found.end
    while len(targets) < want:
        j = _skip(tokens, pos, _AND | _SKIP)
        if j >= len(tokens) or tokens[j].sentence != sentence:
            break
        more = _resolve_at(tokens, j, resolver)
        if more is None or not more.match.ok or more.match.nick is None:
            if action == "army":
                return more
            break
        targets.append(more.match.nick)
        pos = more.end
    if action == "army" and len(targets) < 2:
        return None
    return tuple(targets)


def has_action_word(text: str) -> bool:
    """Whether `text` names a night action at all (any of the move verbs): a letter without
    one is talk or a question, not an attempted move."""
    words = {_PUNCT_EDGES.sub("", w).casefold() for w in text.split()}
    return any(words & verbs for verbs in _VERBS.values()) or bool(words & _GO_VERBS)


def reject_sender(
    sender: str,
    *,
    living: Collection[str],
    players: Collection[str] | None = None,
    source_id: int | None = None,
) -> InputRejected | None:
    """C-2/C-5: only a living player's own account moves. None when `sender` may move.

    `players` is everyone in the game, dead included (defaults to `living`). Account names
    are compared up to case and Latin/Cyrillic look-alikes (boards keep them unique so).
    """
    key = lookalike_key(sender)  # as votes.py: account names compared up to look-alikes
    if any(lookalike_key(p) == key for p in living):
        return None
    if players is not None and any(lookalike_key(p) == key for p in players):
        return InputRejected(
            sender, DEAD, "Вы выбыли из игры, ходы выбывших не принимаются.", source_id=source_id
        )
    return InputRejected(
        sender,
        NOT_A_PLAYER,
        "Вы не участвуете в этой игре, поэтому ход не принят.",
        source_id=source_id,
    )


def move_from_pm(
    pm: PrivateMessage,
    *,
    living: Collection[str],
    players: Collection[str] | None = None,
    resolver: NickResolver | None = None,
) -> Move | InputRejected | None:
    """The move a PM carries, after checking its sender (see `reject_sender`)."""
    refused = reject_sender(pm.sender, living=living, players=players, source_id=pm.id)
    if refused is not None:
        return refused
    key = lookalike_key(pm.sender)
    actor = next((p for p in living if lookalike_key(p) == key), pm.sender)
    return parse_move(
        pm.own_text,
        actor=actor,
        players=resolver or NickResolver(living),
        at=pm.sent_at,
        source_id=pm.id,
    )
