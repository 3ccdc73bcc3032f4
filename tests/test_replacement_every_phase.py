"""C-6 ruling (replacement): in the turn the host hands a seat to a new account, the old and the
new account both act for that seat in each phase — greens, court votes, red votes and letters — and
`mafiabot replay` takes structured moves naming the new account.

Before, the Gambler court (read after the replacement took effect with the greens) took the
old account for an outsider while the greens counted him, and a scenario's move naming the
new account was refused as «unknown nick».
"""

from __future__ import annotations

from typing import Any

from mafiabot.replay import load_scenario, play

GREEN = '<span style="color:green">{}</span>'
RED = '<span style="color:red">{}</span>'

GAMBLER_SEATS = [
    {"nick": "Анна", "role": "commissar"},
    {"nick": "Борис", "role": "sheriff"},
    {"nick": "Вера", "role": "doctor"},
    {"nick": "Глеб", "role": "maniac"},
    {"nick": "Даша", "role": "prostitute"},
    {"nick": "Егор", "role": "godfather"},
    {"nick": "Жора", "role": "mafia"},
    {"nick": "Зоя", "role": "lawyer"},
    {"nick": "Игорь", "role": "civilian"},
    {"nick": "Катя", "role": "civilian"},
    {"nick": "Лёва", "role": "civilian"},
]


def _post(pid: int, author: str, html: str) -> dict[str, Any]:
    return {"id": pid, "author": author, "html": html}


def _gambler(turn2: dict[str, Any]) -> dict[str, Any]:
    return {
        "ruleset": "gambler",
        "seed": 3,
        "players": GAMBLER_SEATS,
        "turns": [{"turn": 1}, {"turn": 2, **turn2}],
    }


def test_C_6_the_old_account_votes_for_the_seat_at_the_greens_and_at_the_court() -> None:
    # Игорь's seat goes to «Игорёк» on turn 2; the old account greens Жора and votes him to
    # jail, the new one writes nothing: both of his votes are the seat's
    greens = [
        _post(2001, "Игорь", "Выставляю " + GREEN.format("Жора")),
        _post(2002, "Анна", "Выставляю " + GREEN.format("Жора")),
        _post(2003, "Катя", "Выставляю " + GREEN.format("Лёва")),
    ]
    court = [
        _post(2101, "Игорь", "Жора"),
        _post(2102, "Анна", "Лёва"),
        _post(2103, "Катя", "Лёва"),
        _post(2104, "Борис", "Жора"),
        _post(2105, "Вера", "Жора"),
    ]
    turn2 = {
        "posts": greens,
        "court_posts": court,
        "overrides": [{"kind": "replace", "nick": "Игорь", "new_nick": "Игорёк"}],
    }
    out = play(load_scenario(_gambler(turn2)))["turns"][1]
    # the old account's green counted: Анна's, his and Жора's own silent self-green (G-N.2)
    assert out["greens"]["Жора"] == 3
    # not taken for an outsider at the court: his vote is the seat's, 3 to 2
    assert not [r for r in out["rejected"] if r["author"] in ("Игорь", "Игорёк")]
    assert out["votes"] == {"Жора": 3, "Лёва": 2}
    assert out["removed_by_vote"] == "Жора"


def test_C_6_replay_takes_structured_moves_naming_the_replacement_account() -> None:
    # the sheriff shoots the new account; the new account's own letter is the seat's
    turn2 = {
        "moves": [
            {"from": "Борис", "action": "kill", "targets": ["Игорёк"]},
            {"from": "Игорёк", "text": "Привет, я за Игоря теперь"},
        ],
        "overrides": [{"kind": "replace", "nick": "Игорь", "new_nick": "Игорёк"}],
    }
    out = play(load_scenario(_gambler(turn2)))["turns"][1]
    assert [d["nick"] for d in out["deaths"]] == ["Игорёк"]


def test_C_6_the_old_account_s_letter_is_the_seat_s_in_the_replacement_turn() -> None:
    # PEFL: the commissar's seat goes to «Аня» on turn 2; the old account still writes the
    # check, and it is the seat's
    seats: list[dict[str, Any]] = [
        {"nick": "Анна", "role": "commissar"},
        {"nick": "Егор", "role": "civilian"},
        {"nick": "Жора", "role": "civilian"},
        {"nick": "Коля", "role": "mafia", "clan": "yakuza", "don": True},
        {"nick": "Миша", "role": "mafia", "clan": "triad", "don": True},
        {"nick": "Олег", "role": "maniac"},
    ]
    chatter = [_post(3000 + n, s["nick"], "Я тут, читаю тему.") for n, s in enumerate(seats)]
    votes = [_post(3100, "Анна", RED.format("Коля") + " путается в показаниях весь день")]
    data = {
        "ruleset": "pefl",
        "seed": 7,
        "players": seats,
        "turns": [
            {"turn": 0},
            {"turn": 1, "posts": chatter},
            {
                "turn": 2,
                "posts": [{**p, "id": p["id"] + 50} for p in chatter[1:]] + votes,
                "moves": [{"from": "Анна", "text": "Проверяю Мишу"}],
                "overrides": [{"kind": "replace", "nick": "Анна", "new_nick": "Аня"}],
            },
        ],
    }
    out = play(load_scenario(data))["turns"][2]
    assert out["votes"].get("Коля") == 1  # the old account's red vote is the seat's
    assert [(c["by"], c["target"]) for c in out["checks"]] == [("commissar", "Миша")]
    assert not [r for r in out["rejected_moves"] if r["from"] in ("Анна", "Аня")]
