"""P-M.8: a Don's order naming himself executor is held until the deadline, not refused."""

from __future__ import annotations

from engine import get_ruleset
from engine.actions import Move
from mafiabot.newspaper.render import Renderer


def test_P_M_8_the_dons_own_shot_is_a_conditional_letter() -> None:
    rules = get_ruleset("pefl")
    state = rules.new_game(())
    move = Move(actor="D", action="kill", targets=("X",), executor="D")
    assert rules.conditional_letter(state, move, "don_executor")
    assert rules.conditional_letter(state, move, "no_executor")
    assert not rules.conditional_letter(state, move, "own_clan")


def test_P_M_8_the_conditional_reply_names_the_dons_condition() -> None:
    text = Renderer().move_reply(
        nick="D",
        accepted=False,
        action="kill",
        targets=("X",),
        executor="D",
        reason="don_executor",
        conditional=True,
    )
    assert "условно" in text and "остался в клане один" in text
    assert "крёстный" not in text  # the Gambler godfather's condition is not this one
