"""The questions a letter can come back as: each names its doubt in Russian, ready to send."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.words_ru import ACTION_WORDS
from parser.letters.actions import Occ
from parser.letters.mentions import Mention
from parser.letters.reading import (
    AMBIGUOUS,
    DEAD_TARGET,
    EXAMPLE,
    LOW_CONFIDENCE,
    PRONOUN,
    UNKNOWN_NICK,
    LetterReading,
)
from parser.nicks import casefold_key

_WORDS = re.compile(r"[\s_]+")


def actions_ru(occ: Occ) -> str:
    return " или ".join(ACTION_WORDS.get(a, a) for a in sorted(occ.actions))


def targets_raw(targets: Sequence[Mention]) -> str:
    return " и ".join(m.raw for m in targets) or "?"


def question_reading(code: str, text: str) -> LetterReading:
    return LetterReading(code=code, text=text)


def confident(reading: LetterReading, threshold: float) -> LetterReading:
    if reading.confidence >= threshold:
        return reading
    said = (
        f"{ACTION_WORDS.get(reading.action or '', reading.action)} — {', '.join(reading.targets)}"
    )
    if reading.executor:
        said += f", исполнитель {reading.executor}"
    return question_reading(
        LOW_CONFIDENCE,
        f"Правильно ли я понял ваш ход: {said}? Если да, пришлите ход ещё раз, написав ник точно.",
    )


def bad_target(m: Mention, action: str, me: str | None = None) -> LetterReading | None:
    """The question a mention that names no one player asks; `me`, the sender, is spoken to
    as «вы сами» where she is one of its readings (docs/rulings.md, a twin pair with the
    writer in it)."""
    what = ACTION_WORDS.get(action, action)
    if m.kind == "pronoun":
        return question_reading(
            PRONOUN,
            f"Кого вы имеете в виду под «{m.raw}»? Напишите ник, например: "
            f"«{EXAMPLE.get(action, 'Ход Ник')}».",
        )
    as_written = [c for c in m.candidates if casefold_key(c) == casefold_key(m.raw)]
    if m.kind == "ambiguous" and as_written:
        # «Александра» beside Александр: the nick as written, or the other's case form
        others = ", ".join(c for c in m.candidates if c not in as_written)
        if me is not None and me in m.candidates:
            # the writer among the readings: herself as listed, or her nick in a case
            listed = "вы сами" if me in as_written else f"игрок {as_written[0]}"
            cased = ", ".join(
                f"вы сами (ваш ник {c} в падеже)" if c == me else f"игрок {c} (ник в падеже)"
                for c in m.candidates
                if c not in as_written
            )
            return question_reading(
                AMBIGUOUS,
                f"Ход «{what}»: «{m.raw}» — это {listed} или {cased}? Пришлите ход ещё раз, "
                "написав ник так, как он стоит в списке игроков, не склоняя его.",
            )
        return question_reading(
            AMBIGUOUS,
            f"Ход «{what}»: «{m.raw}» — это игрок {as_written[0]} или {others} "
            "(ник в падеже)? Пришлите ход ещё раз, написав ник так, как он стоит в списке "
            "игроков, не склоняя его.",
        )
    if m.kind == "ambiguous":
        return question_reading(
            AMBIGUOUS,
            f"Ход «{what}»: «{m.raw}» подходит к нескольким игрокам ({', '.join(m.candidates)}). "
            f"Кого вы имеете в виду? {_write_it(m.raw, m.candidates)}",
        )
    if m.kind == "unknown" and m.gone and m.out:
        # «Проверяю Мирона» when Мирон is out: he is named as listed, and another player asked
        # for (the move's action and its dead player kept for the answer's own words)
        if action == "executor":
            said = f"Исполнитель {m.out} уже выбыл из игры. Назовите, пожалуйста, другого"
        else:
            said = f"Ход «{what}»: игрок {m.out} уже выбыл из игры. Выберите, пожалуйста, другого"
        return LetterReading(
            action=action,
            targets=(m.out,),
            code=DEAD_TARGET,
            text=f"{said} и пришлите ход ещё раз.",
        )
    if m.kind == "unknown":
        hint = f" Может быть, вы имели в виду {m.candidates[0]}?" if m.candidates else ""
        return question_reading(
            UNKNOWN_NICK,
            f"Ход «{what}»: не нашёл среди живых игроков «{m.raw}».{hint} "
            "Пришлите ход ещё раз с точным ником.",
        )
    return None


def _write_it(raw: str, candidates: Sequence[str]) -> str:
    """How to name the player so that one fits, by what the sender wrote: a part of a longer
    nick («Саша» for Саша Белый and Саша Серый) is to be written whole; a whole word — a pet
    form, a case form, a typo — as the nick stands in the list of players."""
    words = len(_WORDS.split(raw.strip()))
    if candidates and all(len(_WORDS.split(c.strip())) > words for c in candidates):
        return "Напишите ник полностью."
    return "Напишите ник точно так, как он стоит в списке игроков."
