"""The host report and role PMs speak Russian: every engine event kind has a Russian line in
the host report, and every role with a move is told how to send it (C-2)."""

from __future__ import annotations

import dataclasses
import inspect
import re

import pytest

from engine import events as ev
from engine.actions import Move
from engine.events import player
from engine.gambler import ROLE_ACTIONS as GAMBLER_ACTIONS
from engine.kinds import Clan, Role
from engine.pefl import ROLE_ACTIONS as PEFL_ACTIONS
from engine.rules import ruleset_class
from engine.state import Seat
from mafiabot.newspaper.render import Renderer
from parser.moves import parse_move

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


# a game to write examples in: the recipient Коля and others of every kind of nick
OTHERS = ["Шерлок", "Tanya-77", "Граф Монте-Кристо", "Марго", "Вася2005", "Нина"]


def _seats(ruleset: str, role: Role) -> list[Seat]:
    """Коля with `role`; in PEFL a clan mate (a plain mafioso) for a mafioso's executor."""
    clan: Clan | None = None
    if ruleset == "pefl" and role in ("mafia", "thug", "kamikaze", "bastard"):
        clan = "yakuza" if role == "kamikaze" else "triad"
    seats = [Seat("Коля", role, clan)]
    if clan is not None:
        seats.append(Seat("Вова", "mafia", clan))
    filler: Role = "civilian"
    seats += [Seat(n, filler) for n in OTHERS]
    return seats


@pytest.mark.parametrize(
    ("ruleset", "role"),
    [("gambler", r) for r in GAMBLER_ACTIONS] + [("pefl", r) for r in PEFL_ACTIONS],
)
def test_C_2_role_pm_teaches_its_moves_with_the_games_own_nicks(ruleset: str, role: Role) -> None:
    """Every example letter of a role PM is one the bot reads as that role's move, names
    players who are in the game and never the recipient himself."""
    seats = _seats(ruleset, role)
    mates = tuple((s.nick, s.role) for s in seats[1:] if s.clan is not None)
    evs: list[ev.Event] = [
        ev.RoleDealt(turn=0, audience=player("Коля"), nick="Коля", role=role, clan=seats[0].clan)
    ]
    if mates:
        evs.append(
            ev.AcquaintanceMade(
                turn=0, audience=player("Коля"), nick="Коля", others=mates, reason="clan"
            )
        )
    living = [s.nick for s in seats]
    text = Renderer(None, "ru").player_pm(
        ruleset=ruleset, game_name="Игра", nick="Коля", turn=0, events=evs, players=living
    )
    assert "в личные сообщения" in text, text
    quoted = re.findall(r"«([^«»]+)»", text)
    letters = [x for x in quoted if x not in ("Игра", "Гэмблер") and "…" not in x]
    actions = set(ruleset_class(ruleset).role_actions[role]) - {"choose_side"}
    read: set[str] = set()
    for letter in letters:
        move = parse_move(letter, actor="Коля", players=living)
        assert isinstance(move, Move), (letter, move)
        assert "Коля" not in (*move.targets, move.executor), letter  # never his own nick
        assert set(move.targets) <= set(OTHERS) | {"Вова"}, letter
        read.add(move.action)
    # every move of the role is shown, and nothing else is (the Don election aside)
    assert actions <= read and read - actions <= {"don"}, (read, text)


def test_a_civilian_is_told_what_he_does_by_day_and_gets_no_move_letters() -> None:
    for ruleset in ("pefl", "gambler"):
        e = ev.RoleDealt(turn=0, audience=player("Коля"), nick="Коля", role="civilian")
        text = Renderer(None, "ru").player_pm(
            ruleset=ruleset, game_name="Игра", nick="Коля", turn=0, events=[e], players=OTHERS
        )
        assert "мирный житель" in text and "Ночных ходов у вас нет" in text
        assert "в личные сообщения" not in text and "Как написать" not in text
        assert ("красным" if ruleset == "pefl" else "зелёным") in text  # the day's duty


def test_P_S_2_a_clan_member_is_told_to_elect_a_don_with_an_eligible_mate() -> None:
    evs: list[ev.Event] = [
        ev.RoleDealt(turn=0, audience=player("Коля"), nick="Коля", role="thug", clan="triad"),
        ev.AcquaintanceMade(
            turn=0,
            audience=player("Коля"),
            nick="Коля",
            others=(("Гена", "bastard"), ("Вова", "mafia")),
            reason="clan",
        ),
    ]
    text = Renderer(None, "ru").player_pm(
        ruleset="pefl", game_name="Игра", nick="Коля", turn=0, events=evs,
        players=["Коля", "Гена", "Вова", *OTHERS],
    )  # fmt: skip
    assert "клан выбирает Дона" in text and "«Дон: Вова»" in text  # not the bastard, not him
    assert "не громила и не камикадзе" in text and "назначу я" in text
