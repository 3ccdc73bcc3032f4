"""G-M.5/G-M.6: while the godfather lives he chooses the mafia's victim, yet a Gambler
mafioso's own kill letter is kept for a night the court jails the godfather before. So the
replies to such a mafioso's letters never tell him he has no move tonight: a refusal, a letter
with no move in it and a letter asked back (the `mafioso_suggestion` ruling) say that his move
is a conditional kill, what it waits for, and give an example in the game's nicks; the asked
reply carries the reader's own question. A PEFL clan member whose Don lives (P-M.8, his
request counts when the Don sends none) has the kill among his moves and is answered as any
player with a move.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.rules import get_ruleset
from mafiabot.daemon.moves import reply_context
from mafiabot.newspaper.render import Renderer
from parser.sender import cast_state

LETTERS = Path(__file__).parent / "letters"
#: Вилка is a mafioso, Гроссмейстер the godfather, Эстет_задач a civilian; turn 3
GAMBLER: dict[str, Any] = json.loads((LETTERS / "cast_chess_g.json").read_text(encoding="utf-8"))
#: Гена is a yakuza member, Рома his Don; turn 2
PEFL: dict[str, Any] = json.loads((LETTERS / "cast_pefl.json").read_text(encoding="utf-8"))

#: the reader's question on «Предлагаю Эстета, решай, босс» (parser/letters/, asked by default)
QUESTION = (
    "Вы предлагаете цель клана: Эстет_задач? Выбирает крёстный отец, и предложение — ещё не "
    "заявка. Если это ваша заявка на убийство (она засчитывается, если крёстного отца посадят "
    "до ночи), напишите прямо, например: «Убиваем: Эстет_задач»."
)
NO_MOVE_WORDS = ("хода у вас нет", "хода у вас и нет")
R = Renderer(None, "ru")


def _context(cast: dict[str, Any], nick: str) -> dict[str, Any]:
    return reply_context(get_ruleset(cast["ruleset"]), cast_state(cast), nick)


def _says_the_condition(text: str) -> bool:
    return "условный — убийство" in text and "суд посадит его до ночи" in text


def test_G_M_5_a_mafioso_has_a_conditional_kill_while_the_godfather_lives() -> None:
    ctx = _context(GAMBLER, "Вилка")
    assert (tuple(ctx["moves_now"]), tuple(ctx["moves_if"])) == ((), (("kill", "wrong_role"),))


def test_G_M_6_once_the_godfather_is_out_the_kill_is_a_plain_move() -> None:
    cast = json.loads(json.dumps(GAMBLER))
    cast["dead"] = {"Гроссмейстер": "jailed"}
    ctx = _context(cast, "Вилка")
    assert "kill" in ctx["moves_now"] and not ctx["moves_if"], ctx


def test_G_S_2_no_conditional_kill_on_the_introduction_day() -> None:
    cast = {**GAMBLER, "turn": 1}
    ctx = _context(cast, "Вилка")
    assert not ctx["moves_now"] and not ctx["moves_if"], ctx


def test_G_M_5_the_asked_reply_passes_the_question_and_an_example() -> None:
    text = R.move_reply(
        nick="Вилка",
        accepted=False,
        action="",
        reason="undecided",
        detail=QUESTION,
        **_context(GAMBLER, "Вилка"),
    )
    assert QUESTION in text and "«Убиваем: Эстет_задач»" in text, text
    assert _says_the_condition(text) and not any(w in text for w in NO_MOVE_WORDS), text


def test_G_M_5_a_refusal_names_his_conditional_kill_with_an_example() -> None:
    ctx = _context(GAMBLER, "Вилка")
    text = R.move_reply(nick="Вилка", accepted=False, action="check", reason="wrong_role", **ctx)
    assert _says_the_condition(text) and not any(w in text for w in NO_MOVE_WORDS), text
    # the example is a kill letter naming a living player outside the mafia
    example = text.split("например: «", 1)[1].split("»", 1)[0]
    assert example.startswith("Убить"), text
    mafia = {"Вилка", "Гроссмейстер", "Гарри1963"}
    assert not any(m in example for m in mafia), text


def test_G_M_5_a_letter_with_no_move_is_not_told_he_has_none() -> None:
    text = R.move_reply(
        nick="Вилка", accepted=False, action="", no_move=True, **_context(GAMBLER, "Вилка")
    )
    assert _says_the_condition(text) and "например: «Убить" in text, text
    assert not any(w in text for w in NO_MOVE_WORDS), text


def test_G_M_5_a_question_keeps_his_standing_kill_with_its_condition() -> None:
    ctx = _context(GAMBLER, "Вилка")
    text = R.move_question(
        nick="Вилка",
        question=QUESTION,
        action="kill",
        targets=["Дебют"],
        condition="wrong_role",
        players=ctx["players"],
        clan=ctx["clan"],
    )
    assert "в силе ваш прежний ход: убийство — Дебют (условно:" in text, text
    assert "суд посадит его до ночи" in text, text


@pytest.mark.parametrize(
    "kwargs",
    [
        {"no_move": True},
        {"reason": "undecided", "detail": "Вы предлагаете Ольгу? Напишите «Убиваем: Ольга»."},
        {"reason": "wrong_role", "action": "check"},
    ],
)
def test_P_M_8_a_member_whose_don_lives_is_answered_as_one_with_a_move(
    kwargs: dict[str, Any],
) -> None:
    ctx = _context(PEFL, "Гена")
    assert "kill" in ctx["moves_now"] and not ctx["moves_if"], ctx
    args = {"action": "", **kwargs}
    text = R.move_reply(nick="Гена", accepted=False, **args, **ctx)
    assert not any(w in text for w in NO_MOVE_WORDS) and "условн" not in text, text
    assert "например: «" in text or "«Убиваем: Ольга»" in text, text
