"""The executor of a PEFL clan kill (P-M.8): named after a cue word, by grammar, or the one
clan mate among two players named."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.rules import ruleset_class
from parser.letters.actions import Occ
from parser.letters.corrections import correcting
from parser.letters.mentions import (
    Mention,
    is_subject,
    mention_after,
    mention_before,
    taken_back_marks,
)
from parser.letters.questions import bad_target, question_reading
from parser.letters.reading import UNDECIDED, WHICH_TARGET, LetterReading
from parser.letters.tokens import EDGE_MARKS, Token, clause_of
from parser.letters.words import HANDS, OR, PARTIAL_CONFIDENCE, ws
from parser.morph import parse
from parser.nicks import DIMINUTIVE_CONFIDENCE, STRICT_TIERS, NickResolver, pet_match
from parser.sender import SenderView


def names_executor(view: SenderView) -> bool:
    """Whether the sender's kill letter may name who carries it out (P-M.8): his rule set
    says so; a letter read with no rule set known is read for one too."""
    return view.ruleset is None or ruleset_class(view.ruleset).kill_executor


def find_executors(
    tokens: Sequence[Token],
    mentions: list[Mention],
    occs: list[Occ],
    cues: list[tuple[int, Mention | None]],
    view: SenderView,
) -> list[Mention]:
    """Every player the letter names as the executor, in order (see 6. above)."""
    named = [m for i, found in cues if (m := cue_executor(tokens, mentions, i, found, view))]
    if named:
        return named
    one = _executor_by_grammar(tokens, mentions, occs, view)
    return [one] if one is not None else []


def executor_fixed(
    tokens: Sequence[Token], mentions: list[Mention], executor: Mention | None, view: SenderView
) -> Mention | None:
    """«Исполнитель Гена. Нет, Жора»: a clan mate named after a correction word that
    follows the executor corrects the executor (a clan never shoots its own)."""
    if executor is None or not view.clan_mates:
        return None
    marks = [k for k in range(executor.end, len(tokens)) if correcting(tokens, k)]
    own = {executor.nick} if executor.nick else set()
    marks = sorted({*marks, *taken_back_marks(tokens, mentions, own, executor.end)})
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
    if not mates and taken_back_marks(tokens, mentions, own, executor.end):
        # «Исполнитель Демид. Не Демид.»: taken back by name, nobody named instead
        return Mention(executor.start, executor.end, executor.raw, "withdrawn")
    return mates[0] if len(mates) == 1 else None


_SELF_WORDS: Final = frozenset(("я", "сам", "сама", "сами", "мной", "мною", "me", "myself"))


def _you_know_who(tokens: Sequence[Token], k: int) -> bool:
    """«исполнитель сами знаете кто», «сам знаешь кто»: a wink, not the sender himself; the
    clan mate, if the letter names one, follows."""
    rest = [t.word for t in tokens[k + 1 : k + 4] if t.word]
    return tokens[k].word.startswith("сам") and bool(rest) and rest[0].startswith("зна")


def cue_executor(
    tokens: Sequence[Token],
    mentions: list[Mention],
    i: int,
    found: Mention | None,
    view: SenderView,
) -> Mention | None:
    if found is not None:
        return found
    nxt = [k for k in range(i + 1, min(i + 3, len(tokens))) if tokens[k].word]
    if nxt and tokens[nxt[0]].word in _SELF_WORDS and not _you_know_who(tokens, nxt[0]):
        k = nxt[0]
        return Mention(k, k + 1, tokens[k].raw, "self", view.nick, 1.0, True)
    prv = [k for k in range(max(0, i - 2), i) if tokens[k].word]
    if prv and tokens[prv[-1]].word in ("я", "сам") and tokens[i].word.startswith("исполн"):
        k = prv[-1]
        return Mention(k, k + 1, tokens[k].raw, "self", view.nick, 1.0, True)
    before = mention_before(mentions, i, tokens)
    if before is not None and tokens[i].clause_end and tokens[i].raw.endswith((",", ".", ";", "!")):
        # «Гена - исполнитель, Ольга - цель» (the full stop of «исп.» cuts the word short)
        return before
    after = _instead(tokens, mentions, mention_after(mentions, i, tokens, any_kind=True))
    mates = view.clan_mates
    if before is not None and mates and before.nick not in mates:
        before = None  # the victim named before the word is not who shoots
    # «Лёня исполняет Катю»: of the two, the clan mate carries it out
    if before is not None and before.nick in mates and (after is None or after.nick not in mates):
        return before
    if after is not None and after.kind == "nick":
        other = mention_after(mentions, after.end - 1, tokens, span=2)
        gap = {t.word for t in tokens[after.end : other.start]} if other else set()
        if other is not None and gap & OR:
            # «исполнитель Гена или Жора»: the clan must choose, the bot does not
            return Mention(
                after.start,
                other.end,
                f"{after.raw} или {other.raw}",
                "either",
                candidates=(after.nick or "", other.nick or ""),
            )
    return after if after is not None else before


def _instead(
    tokens: Sequence[Token], mentions: list[Mention], after: Mention | None
) -> Mention | None:
    """«Исполнитель — не Евдоким, а Демид»: the clan mate set against the negated one
    carries it out (C-2: contrast is read by the sentence, not by the first name)."""
    if after is None or not after.negated:
        return after
    other = mention_after(mentions, after.end - 1, tokens, any_kind=True)
    gap = {t.word for t in tokens[after.end : other.start]} if other else set()
    return other if other is not None and "а" in gap and not other.negated else after


def _executor_by_grammar(
    tokens: Sequence[Token], mentions: list[Mention], occs: list[Occ], view: SenderView
) -> Mention | None:
    for occ in occs:
        if not occ.third or not (occ.actions & {"kill"} or occ.neutral):
            continue
        before = mention_before(mentions, _past_adverbs(tokens, occ.i), tokens)
        after = mention_after(mentions, occ.i, tokens, span=1)
        # «Киллер убивает Ли» from Killer: the sender telling of himself names no executor
        cands = [
            m
            for m in (before, after)
            if m is not None and m.nominative and not (m.kind == "nick" and m.nick == view.nick)
        ]
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
        near = [mention_before(mentions, k, tokens), mention_after(mentions, k, tokens, span=1)]
        mates = [m for m in near if m is not None and m.nominative and m.nick in view.clan_mates]
        if len(mates) == 1:
            return mates[0]
    # two players named, only one a clan mate: he carries the kill out — on a night the
    # clan kills (P-S.2: not on the election night, when «дон — X» names the one elected)
    only_kill = view.moving_actions() == ("kill",)
    kills_now = not view.known or "kill" in view.allowed
    if view.clan_mates and kills_now and (only_kill or any("kill" in o.actions for o in occs)):
        named = {m.nick: m for m in mentions if m.kind == "nick" and not m.negated}
        # «Сильвер молчит, …: убиваем Тимофея»: a mate who does something else is no executor
        mates = [
            m
            for n, m in named.items()
            if n in view.clan_mates and n != view.nick and not _busy_elsewhere(tokens, m)
        ]
        others = [m for n, m in named.items() if n not in view.clan_mates]
        if len(mates) == 1 and len(others) == 1:
            return mates[0]
    return None


def _past_adverbs(tokens: Sequence[Token], i: int) -> int:
    """The verb's place with the adverbs right before it in its clause skipped («Трофим
    сегодня навестит …»: the subject stands before «сегодня»)."""
    while i > 0 and not tokens[i - 1].clause_end and tokens[i - 1].word:
        top = parse(tokens[i - 1].word)[:1]
        if not top or top[0].pos != "ADVB":
            break
        i -= 1
    return i


def executor_confidence(executor: Mention, view: SenderView) -> float:
    """The executor is one of a few clan mates, not any player: one short word of a mate's
    nick («Кот, иди убей …» for Кот_Учёный) is as clear as a longer one."""
    if executor.nick in view.clan_mates:
        return max(executor.confidence, PARTIAL_CONFIDENCE)
    return executor.confidence


def executor_question(executor: Mention) -> LetterReading | None:
    """The question to send when a kill's executor is not one clear nick (two named, or
    a word matching nobody or several), or None when he is."""
    if executor.kind == "either":
        return question_reading(
            WHICH_TARGET,
            f"Кто исполнитель: {' или '.join(executor.candidates)}? Пришлите, пожалуйста, "
            "ход с одним исполнителем.",
        )
    if executor.kind in ("unknown", "ambiguous"):
        return bad_target(executor, "executor")
    if executor.kind == "withdrawn":
        return question_reading(
            UNDECIDED,
            f"Вы сняли исполнителя ({executor.raw}) и не назвали другого. Кто исполнитель? "
            "Пришлите, пожалуйста, приказ целиком одним письмом.",
        )
    return None


# verbs of carrying a thing out: a mate who is their subject is who shoots («Пусть сделает
# Волк», «Гриша идёт на …»)
_DOING: Final = ws(
    "сделать делать исполнить исполнять выполнить выполнять идти пойти сходить работать "
    "заняться заниматься"
)


def _busy_elsewhere(tokens: Sequence[Token], m: Mention) -> bool:
    """«Сильвер молчит, …»: the clan mate is the subject of a verb that is no carrying out
    of the kill — he is talked about, not sent."""
    if not is_subject(tokens, m):
        return False
    verbs = [
        p
        for t in clause_of(tokens, m.start)
        if t.word
        for p in parse(t.word)[:1]
        if p.pos in ("VERB", "INFN")
    ]
    return not any(p.lemma in _DOING for p in verbs)


# -- a clan mate where the grammar puts the executor ------------------------------------------

# verbs whose subject carries the kill out: «Расти идёт на дело», «Степана убирает нейл»
_SLOT_VERBS: Final = _DOING | ws("стрелять пострелять выстрелить убить убивать убрать убирать")


def mates_in_slots(
    tokens: Sequence[Token], mentions: list[Mention], view: SenderView
) -> list[Mention]:
    """`mentions` with the words the grammar gives an executor's place read as clan mates
    (P-M.8): after «исполнитель»/«руками», next to a verb of carrying out in the third person
    («Расти идёт», «убирает нейл», «пусть стреляет Хани»), a name spoken to («расти,
    сегодня ты»), a sentence of little more than a name («Хани.»). Only a clan mate can be
    the executor, so such a word is read against the few clan mates alone, by their name
    forms and sounds in any letter case («лаки» for Lucky Strike) — never against the rest."""
    mates = [n for n in view.clan_mates if n != view.nick]
    if not mates:
        return mentions
    resolver = NickResolver(mates)
    held = {k for m in mentions if m.kind != "unknown" for k in range(m.start, m.end)}
    out = list(mentions)
    for k in _slots(tokens):
        if k in held:
            continue
        found = _mate_at(tokens, k, resolver)
        if found is None:
            continue
        out = [m for m in out if not (m.start < found.end and found.start < m.end)]
        out.append(found)
        held.update(range(found.start, found.end))
    return sorted(out, key=lambda m: m.start)


def _slots(tokens: Sequence[Token]) -> list[int]:
    """Token indices where a letter's grammar puts the one who carries the kill out."""
    out: list[int] = []
    words = [k for k, t in enumerate(tokens) if t.word]
    for n, k in enumerate(words):
        t = tokens[k]
        prev = words[n - 1] if n > 0 else None
        nxt = words[n + 1] if n + 1 < len(words) else None
        if t.word.startswith(("исполн", "выполн")) or t.word in HANDS:
            out.extend(j for j in (nxt, prev) if j is not None)
            continue
        parses = parse(t.word)
        if parses and parses[0].lemma in _SLOT_VERBS and "3per" in parses[0].grammemes:
            if prev is not None and tokens[prev].word == "пусть" and n > 1:
                out.append(words[n - 2])  # «Крейзи пусть стреляет»
            out.extend(j for j in (prev, nxt) if j is not None)
            continue
        opens = prev is None or tokens[prev].sentence != t.sentence
        if opens:
            same = [j for j in words if tokens[j].sentence == t.sentence]
            # «расти, сегодня ты», «Хани.»: a name spoken to, or nearly alone
            if t.raw.endswith((",", "!")) or len(same) <= 2:
                out.append(k)
    return out


def _mate_at(tokens: Sequence[Token], k: int, resolver: NickResolver) -> Mention | None:
    """The clan mate the words at `k` name (two words first: «крэйзи фрог»), or None."""
    from parser.letters.mentions import stopword

    t = tokens[k]
    if stopword(t.word) or len(t.word) < 3 or t.word in ("пусть", "сегодня", "ночью"):
        return None
    texts = [(k + 1, t.raw)]
    if not t.clause_end and k + 1 < len(tokens) and tokens[k + 1].word:
        texts.insert(0, (k + 2, f"{t.raw} {tokens[k + 1].raw}"))
    for stop, text in texts:
        clean = text.strip(EDGE_MARKS)
        m = resolver.resolve(clean, inflected=True, fuzzy=False)
        if not m.ok:
            m = pet_match(resolver, clean, any_case=True) or m
        if m.ok and m.nick is not None:
            said = parse(tokens[k].word)
            nominative = m.method in STRICT_TIERS or (bool(said) and "nomn" in said[0].grammemes)
            return Mention(k, stop, clean, "nick", m.nick, DIMINUTIVE_CONFIDENCE, nominative)
    return None
