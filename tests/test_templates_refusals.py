"""Player PMs never show English: every refusal code the engine can emit has a Russian line,
and an unknown code (or an English detail) becomes a generic Russian sentence."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine import events as ev
from engine.events import player
from mafiabot.newspaper.render import Renderer
from mafiabot.newspaper.words import REFUSAL_GENERIC_RU, REFUSAL_RU

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def _result_strings(node: ast.expr | None) -> set[str]:
    """String constants an expression can evaluate to (`"x"`, `"x" if c else "y"`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _result_strings(node.body) | _result_strings(node.orelse)
    return set()


def engine_refusal_codes() -> set[str]:
    """Every code the engine can refuse a move with: what its check functions
    (`-> str | None`) return, and the code of every `reject(state, move, "code")` call."""
    codes: set[str] = set()
    for f in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(f.read_text("utf-8"))):
            if (
                isinstance(node, ast.FunctionDef)
                and node.returns is not None
                and ast.unparse(node.returns) == "str | None"
            ):
                for r in ast.walk(node):
                    if isinstance(r, ast.Return):
                        codes |= _result_strings(r.value)
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "reject"
                and len(node.args) >= 3
            ):
                codes |= _result_strings(node.args[2])
    return codes


def test_the_engine_code_scan_finds_the_known_codes() -> None:
    # guards the scan itself: it must see codes returned, returned conditionally and rejected
    found = engine_refusal_codes()
    assert {"wrong_role", "army_not_allowed", "third_request", "executor_busy"} <= found


@pytest.mark.parametrize("code", sorted(engine_refusal_codes()))
def test_every_engine_refusal_code_has_a_russian_line(code: str) -> None:
    assert code in REFUSAL_RU, f"no Russian refusal for engine code {code!r}"
    text = Renderer(None, "ru").move_reply(nick="Коля", accepted=False, action="kill", reason=code)
    assert code not in text


def test_unknown_code_and_english_detail_fall_back_to_russian() -> None:
    r = Renderer(None, "ru")
    text = r.move_reply(
        nick="Коля", accepted=False, action="kill", reason="brand_new_code", detail="the thug x"
    )
    assert REFUSAL_GENERIC_RU in text
    assert "brand_new_code" not in text and "thug" not in text
    # a known code's English detail is dropped too; a Russian hint from the parser stays
    text = r.move_reply(
        nick="Коля", accepted=False, action="kill", reason="executor_busy", detail="the thug beats"
    )
    assert "thug" not in text and REFUSAL_RU["executor_busy"] in text
    hint = "Напишите ник полностью."
    text = r.move_reply(
        nick="Коля", accepted=False, action="kill", reason="ambiguous_nick", detail=hint
    )
    assert hint in text


def test_refusals_in_a_player_pm_are_russian() -> None:
    e = ev.MoveRejected(
        turn=1,
        audience=player("Коля"),
        nick="Коля",
        action="army",
        reason="army_not_allowed",
        detail="needs three dead heroes",
    )
    text = Renderer(None, "ru").player_pm(
        ruleset="pefl", game_name="Игра", nick="Коля", turn=1, events=[e]
    )
    assert REFUSAL_RU["army_not_allowed"] in text and "Армия Тьмы" in text
    assert "army" not in text and "heroes" not in text


def test_P_M_0_third_letter_refusal_does_not_invite_another_letter() -> None:
    r = Renderer(None, "ru")
    third = r.move_reply(nick="Коля", accepted=False, action="heal", reason="third_request")
    assert "только один раз" in third and "Исправленный ход" not in third
    other = r.move_reply(nick="Коля", accepted=False, action="heal", reason="wrong_role")
    assert "Исправленный ход" in other and "только один раз" not in other
