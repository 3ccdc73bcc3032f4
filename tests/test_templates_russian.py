"""The host report and role PMs speak Russian: every engine event kind has a Russian line in
the host report, and every role with a move is told how to send it (C-2)."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from engine import events as ev
from engine.events import player
from engine.gambler import ROLE_ACTIONS as GAMBLER_ACTIONS
from engine.kinds import Clan, Role
from engine.pefl import ROLE_ACTIONS as PEFL_ACTIONS
from engine.rules import ruleset_class
from mafiabot.newspaper.render import Renderer

EVENT_KINDS = sorted(
    name
    for name, cls in inspect.getmembers(ev, inspect.isclass)
    if issubclass(cls, ev.Event) and cls is not ev.Event and dataclasses.is_dataclass(cls)
)


@pytest.mark.parametrize("kind", EVENT_KINDS)
def test_every_engine_event_has_a_russian_host_report_line(kind: str) -> None:
    # a plain dict as the store keeps events; values are placeholders of the field's shape
    d: dict[str, object] = {"kind": kind, "audience": "host", "turn": 1}
    for f in dataclasses.fields(getattr(ev, kind)):
        if f.name in ("turn", "audience"):
            continue
        t = str(f.type)
        d[f.name] = [["a", "b"]] if "tuple[tuple" in t else ["a"] if "tuple" in t else "x"
    text = Renderer(None, "ru").host_report(game_name="Игра", turn=1, events=[d])
    line = next(ln for ln in text.splitlines() if ln.startswith("• ") and "[ведущему]" in ln)
    assert kind not in line and "=" not in line, line


@pytest.mark.parametrize(
    ("ruleset", "role"),
    [("gambler", r) for r in GAMBLER_ACTIONS] + [("pefl", r) for r in PEFL_ACTIONS],
)
def test_C_2_role_pm_tells_how_to_send_the_move(ruleset: str, role: Role) -> None:
    help_text = ruleset_class(ruleset).move_help.get(role)
    assert help_text, f"no move help for {ruleset} {role}"
    clan: Clan | None = (
        "yakuza" if ruleset == "pefl" and role in ("mafia", "thug", "kamikaze") else None
    )
    e = ev.RoleDealt(turn=0, audience=player("Коля"), nick="Коля", role=role, clan=clan)
    text = Renderer(None, "ru").player_pm(
        ruleset=ruleset, game_name="Игра", nick="Коля", turn=0, events=[e]
    )
    assert help_text in text
    assert "«" in text and "личным сообщением" in text


def test_a_civilian_gets_no_move_instructions() -> None:
    e = ev.RoleDealt(turn=0, audience=player("Коля"), nick="Коля", role="civilian")
    text = Renderer(None, "ru").player_pm(
        ruleset="pefl", game_name="Игра", nick="Коля", turn=0, events=[e]
    )
    assert "мирный житель" in text and "личным сообщением" not in text
