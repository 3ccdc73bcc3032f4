"""C-2, M2 (batch 25): a condition said to the letter's reader governs no move.

«Если кто не понял: убиваю X», «Если честно, проверяю X», «Если кому интересно — …», «Если
вы не поняли прошлое письмо — …», «если в двух словах проверка X»: the clause of «если»
names no player, no person, no word of the game and no leave, and either has no verb or
has one in the past or present with the reader («кто», «вы») for its subject — a state of
the reader's knowing, nothing still to come (`parser.letters.conditions.aside`). A clause
with a player, a person («Дон»), a game act, the sender's own future («если доживу до
утра, убью …») or a particle standing for an answer («Если да — X») still holds the move.
«После X» with X a player in the move's sentence waits for something done to him: asked.
Cast: `cast_asides.json` (PEFL turn 2; Лоцман the commissar, Боцман the doctor, Кок the
maniac, Матрос a clan member)."""

from __future__ import annotations

import pytest

from parser.letters.conditions import aside
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Кок", "Если кто не понял: убиваю Якоря.", "kill", "Якорь"),  # P-M.13
        ("Кок", "если кто не понял, я убиваю юнгу", "kill", "Юнга"),
        ("Лоцман", "Если кому интересно — проверяю Якоря.", "check", "Якорь"),  # P-M.1
        ("Лоцман", "Если коротко: проверяю Якоря.", "check", "Якорь"),
        ("Лоцман", "если в двух словах проверка радиста", "check", "Радист"),
        ("Лоцман", "Если вы не поняли прошлое письмо — проверяю Радиста.", "check", "Радист"),
        ("Лоцман", "esli kto ne ponyal proveryayu yakorya", "check", "Якорь"),
        ("Боцман", "Если кто не в курсе — лечу Радиста.", "heal", "Радист"),  # P-M.5
        ("Кок", "Если по-честному, убиваю Волну.", "kill", "Волна"),
    ],
)
def test_C_2_M2_a_condition_said_to_the_reader_holds_no_move(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("asides", sender, text)
    assert (got.kind, got.action, list(got.targets)) == ("move", action, [target])


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Кок", "Если Радиста не проверят — убиваю Юнгу."),  # a game act, a player
        ("Матрос", "Если Дон согласится — убиваем Радиста."),  # a person's consent
        ("Кок", "Если кто-то убьёт Юнгу, я убиваю Волну."),  # anyone's game act
        ("Лоцман", "Если Шкипер не против — проверяю Якоря."),  # a player's leave
        ("Кок", "Если доживу до утра, убью Якоря."),  # the sender's own future
        ("Кок", "Если кто нападёт — убиваю Якоря."),  # a future act of anyone
        ("Лоцман", "Если вы не против — проверяю Якоря."),  # the host's leave
        ("Кок", "После Радиста убиваю Якоря."),  # «после» a player
        ("Кок", "Если кто не понял, убиваю Юнгу. А если Юнгу вылечат — тогда Волну."),
    ],
)
def test_C_2_M2_a_condition_on_the_game_still_holds_the_move(sender: str, text: str) -> None:
    assert read_in_cast("asides", sender, text).kind != "move"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("если честно, проверяю", True),
        ("если кто не понял: убиваю", True),
        ("если да — тогда", False),  # a particle standing for an answer
        ("если он уже под протектом — тогда", False),  # a player spoken of
        ("если кто спросит — убиваю", False),  # the future
    ],
)
def test_C_2_M2_aside_reads_the_clause_of_if(text: str, said: bool) -> None:
    assert aside(tokenize(text), 0) is said
