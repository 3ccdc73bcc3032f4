"""C-2 ruling, setting `verb_outside_vocabulary` (docs/rulings.md): a move must be proven, and
the game's vocabulary is the table of the verbs that name its moves. The sender's own verb
(first person or imperative) that the dictionary knows but the vocabulary does not, governing
a player («Тушу Вовчика», «Снимаю Наташу»), names a deed of its own trade: by default ("ask")
the player is asked, the question naming the verb and the move it might be; "role" reads it
as the role's only move. The vocabulary's verbs in every form, their slips, Russian typed in
Latin, a nominal line («Цель — X», never «целить»), a bare nick, the game's slang that joined
the vocabulary («кромсать», «штопать», «латать»), verbs of offering and a move handed to a
clan mate are moves (or offers) under both values. The daemon, `mafiabot replay` (scenario
`options`) and `mafiabot parse moves`/`parse pm` (`--verb-outside-vocabulary`) give one reading
of the same letter for each value.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.settings import CHOICES, RulesSettings, SettingsError
from mafiabot.cli import main as cli_main
from mafiabot.replay import load_scenario, play
from parser.letters.reader import read_letter
from parser.letters.reading import (
    IS_IT_A_MOVE,
    UNDECIDED,
    LetterReading,
    ReadingSettings,
    VerbOutside,
)
from parser.nicks import NickResolver
from parser.sender import cast_state, sender_view
from parser.vocab import lookup
from tests.one_reading import DEMO_CAST, daemon_reads, parse_moves

LETTERS = Path(__file__).parent / "letters"
GAMBLER = json.loads((LETTERS / "cast_outverbs.json").read_text(encoding="utf-8"))
PEFL = json.loads((LETTERS / "cast_outverbs_p.json").read_text(encoding="utf-8"))


def _read(
    sender: str, text: str, outside: VerbOutside = "ask", cast: dict[str, Any] = GAMBLER
) -> LetterReading:
    view = sender_view(cast_state(cast), sender)
    assert view is not None
    settings = ReadingSettings(verb_outside=outside)
    return read_letter(text, view, resolver=NickResolver(view.living), settings=settings)


#: (sender, letter, the role's one move it would be read as under "role", its target)
OUTSIDE = (
    ("Айболит", "Тушу Вовчика", "heal", "Вовчик"),
    ("Потрошитель", "Снимаю Наташу", "kill", "Наташа"),
    ("Барон", "Поливаем Тимура", "kill", "Тимур"),
    ("Сыщик", "Уважаемый ведущий, этой ночью фотографирую Ксюшу.", "check", "Ксюша"),
    ("Потрошитель", "tushu Vovchika", "kill", "Вовчик"),
    ("Потрошитель", "Пеку Серёгу в духовке", "kill", "Серёга"),
    ("Роза", "Крашу Марину", "block", "Марина"),
)


@pytest.mark.parametrize(("sender", "text", "action", "target"), OUTSIDE)
def test_C_2_ruling_a_verb_outside_the_vocabulary_is_asked_naming_verb_and_move(
    sender: str, text: str, action: str, target: str
) -> None:
    got = _read(sender, text)
    assert got.kind == "question" and got.code == IS_IT_A_MOVE, got
    assert "Вы написали" in got.text and target in got.text, got.text


@pytest.mark.parametrize(("sender", "text", "action", "target"), OUTSIDE)
def test_C_2_ruling_setting_role_reads_the_roles_only_move(
    sender: str, text: str, action: str, target: str
) -> None:
    got = _read(sender, text, "role")
    assert (got.kind, got.action, got.targets) == ("move", action, (target,)), got


#: near misses: moves under both values
MOVES = (
    ("Айболит", "Лечу Вовчика", "heal", "Вовчик"),
    ("Сыщик", "Провераю Тимура", "check", "Тимур"),
    ("Потрошитель", "ubivayu Ksyushu", "kill", "Ксюша"),
    ("Айболит", "Вовчик", "heal", "Вовчик"),
    ("Сыщик", "Проверка: Наташа", "check", "Наташа"),
    ("Айболит", "Заштопаю Ксюшу", "heal", "Ксюша"),
    ("Потрошитель", "Кромсаю Вовчика", "kill", "Вовчик"),
    ("Айболит", "Подлатаю Серёгу", "heal", "Серёга"),
)


@pytest.mark.parametrize("outside", ["ask", "role"])
@pytest.mark.parametrize(("sender", "text", "action", "target"), MOVES)
def test_C_2_ruling_the_games_words_stay_moves(
    sender: str, text: str, action: str, target: str, outside: VerbOutside
) -> None:
    got = _read(sender, text, outside)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,)), got


def test_C_2_the_games_slang_joined_the_vocabulary_by_sense() -> None:
    for word, action in (("кромсаю", "kill"), ("заштопаю", "heal"), ("подлатаю", "heal")):
        found = lookup(word)
        assert found is not None and action in found.actions, word


def test_C_2_ruling_a_nominative_label_is_no_verb() -> None:
    # «цель» is also the imperative of «целить»: a word that may be a nominative labels
    got = _read("Артём", "Цель — Марина, исполнитель Богдан", cast=PEFL)
    assert (got.kind, got.targets, got.executor) == ("move", ("Марина",), "Богдан"), got


def test_C_2_ruling_offers_and_a_move_handed_to_a_mate_keep_their_reading() -> None:
    assert _read("Богдан", "Предлагаю Зою", cast=PEFL).code == UNDECIDED
    got = _read("Артём", "Богдану поручаю Зою", cast=PEFL)
    assert (got.kind, got.targets, got.executor) == ("move", ("Зоя",), "Богдан"), got


def test_C_2_ruling_setting_verb_outside_vocabulary_default_and_values() -> None:
    assert RulesSettings().verb_outside_vocabulary == "ask"
    assert CHOICES["verb_outside_vocabulary"] == ("ask", "role")
    taken = RulesSettings.from_mapping({"verb_outside_vocabulary": "role"})
    assert taken.verb_outside_vocabulary == "role"
    with pytest.raises(SettingsError, match="verb_outside_vocabulary"):
        RulesSettings.from_mapping({"verb_outside_vocabulary": "move"})


# -- one reading everywhere: the daemon, `parse moves`, `parse pm` and `replay` ---------------

#: the demo game on turn 2, everyone alive: Jack_Sparrow is the maniac, whose one move is
#: the kill
SENDER = "Jack_Sparrow"
#: a dictionary verb (a firefighter's «тушить») the game's vocabulary does not hold
LETTER = "Тушу Кота"
ASK = {"verb_outside_vocabulary": "ask"}


def _parse_moves(
    extra: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> dict[str, Any]:
    return parse_moves(SENDER, LETTER, extra, tmp_path, monkeypatch, capsys)


def _parse_pm(
    extra: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> dict[str, Any]:
    """`parse pm` on a saved phpBB letter page (its sender Граф Монте-Кристо, made the
    maniac of the demo's cast here) whose words are the letter."""
    fixture = Path(__file__).resolve().parent.parent / "fixtures/phpbb/pm_view_4.html"
    body = '<div class="content">Проверяю Шерлока</div>'
    page = fixture.read_text(encoding="utf-8")
    assert body in page
    (tmp_path / "pm.html").write_text(
        page.replace(body, f'<div class="content">{LETTER}</div>'), encoding="utf-8"
    )
    players = dict(DEMO_CAST["players"])
    players["Граф Монте-Кристо"], players[SENDER] = {"role": "maniac"}, {"role": "mafia"}
    cast = tmp_path / "pm_cast.json"
    cast.write_text(json.dumps({**DEMO_CAST, "players": players}, ensure_ascii=False), "utf-8")
    argv = ["parse", "pm", str(tmp_path / "pm.html"), "--cast", str(cast), *extra]
    assert cli_main(argv) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def _replayed(options: dict[str, str]) -> dict[str, Any]:
    """`mafiabot replay` of turn 2 of the demo's cast with the letter, the host's `options`."""
    scenario = {
        "ruleset": "gambler",
        "seed": 1,
        "options": options,
        "players": [{"nick": n, "role": r["role"]} for n, r in DEMO_CAST["players"].items()],
        "turns": [{"turn": 2, "moves": [{"from": SENDER, "text": LETTER}]}],
    }
    (turn,) = play(load_scenario(scenario))["turns"]
    return dict(turn)


def _daemon(
    value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, list[tuple[str, list[str] | None, str]]]:
    """The daemon's answer to the letter and the moves it keeps of the sender on turn 2."""
    answers, kept = daemon_reads(
        "verb_outside_vocabulary", value, SENDER, LETTER, tmp_path, monkeypatch
    )
    (answer,) = answers
    return answer, kept


def test_C_2_ruling_ask_one_reading_in_the_daemon_parse_moves_and_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the default and "ask" given in so many words read alike
    for extra, options in (([], {}), (["--verb-outside-vocabulary", "ask"], ASK)):
        parsed = _parse_moves(extra, tmp_path, monkeypatch, capsys)
        assert (parsed["kind"], parsed["code"]) == ("question", IS_IT_A_MOVE), parsed
        assert "«Тушу»" in parsed["text"] and "Кот" in parsed["text"], parsed
        pm = _parse_pm(extra, tmp_path, capsys)
        assert pm["move"] is None and pm["rejected"]["reason"] == IS_IT_A_MOVE, pm
        replayed = _replayed(options)
        assert "Кот" in replayed["alive"] and replayed["deaths"] == [], replayed
        assert {"from": SENDER, "action": "?", "reason": IS_IT_A_MOVE} in replayed[
            "rejected_moves"
        ], replayed
    answer, kept = _daemon("ask", tmp_path, monkeypatch)
    # the daemon asks the reader's question back and keeps no move
    assert "«Тушу»" in answer and "Кот" in answer and kept == [], (answer, kept)


def test_C_2_ruling_role_one_reading_in_the_daemon_parse_moves_and_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    parsed = _parse_moves(["--verb-outside-vocabulary", "role"], tmp_path, monkeypatch, capsys)
    assert (parsed["kind"], parsed["action"], parsed["targets"]) == ("move", "kill", ["Кот"])
    assert parsed["answer"]["status"] == "accepted", parsed
    pm = _parse_pm(["--verb-outside-vocabulary", "role"], tmp_path, capsys)
    assert (pm["move"]["action"], pm["move"]["targets"]) == ("kill", ["Кот"]), pm
    replayed = _replayed({"verb_outside_vocabulary": "role"})
    assert "Кот" not in replayed["alive"] and "Кот" in str(replayed["deaths"]), replayed
    answer, kept = _daemon("role", tmp_path, monkeypatch)
    assert "ваш ход принят" in answer, answer
    assert kept == [("kill", ["Кот"], "accepted")]


#: a verb that takes the player to a goal of its own world (batch 25's S2): asked under both
#: values — the setting is about a verb outside the vocabulary, not about a goal no move takes
TRADE_GOALS = (
    ("Айболит", "Беру на буксир Вовчика."),
    ("Айболит", "беру на буксир вовчика"),
    ("Айболит", "Беру под крыло Марину."),
    ("Роза", "Тащу Тимура на рыбалку."),
    ("Потрошитель", "Кидаю Тимура в чёрный список."),
    ("Марина", "Записываю Ксюшу в должники."),  # the goal of joining a rank
)


@pytest.mark.parametrize("outside", ["ask", "role"])
@pytest.mark.parametrize(("sender", "text"), TRADE_GOALS)
def test_C_2_ruling_a_goal_off_the_actions_frame_is_asked_under_both_values(
    sender: str, text: str, outside: VerbOutside
) -> None:
    got = _read(sender, text, outside)
    assert got.kind == "question" and got.code == IS_IT_A_MOVE, got


#: near misses: a goal the action takes, a place, a goal of another verb — moves under both
GOALS_IN_FRAME = (
    ("Потрошитель", "Беру на прицел Наташу.", "kill", "Наташа"),
    ("Сыщик", "Проверяю Ксюшу на вшивость.", "check", "Ксюша"),
    ("Роза", "Приглашаю Серёгу в гости.", "block", "Серёга"),
    ("Айболит", "Лечу Вовчика в больнице.", "heal", "Вовчик"),
    ("Айболит", "Выхожу на смену и лечу Серёгу", "heal", "Серёга"),
    ("Айболит", "Беру на буксир состав. Лечу Вовчика.", "heal", "Вовчик"),
)


@pytest.mark.parametrize("outside", ["ask", "role"])
@pytest.mark.parametrize(("sender", "text", "action", "target"), GOALS_IN_FRAME)
def test_C_2_ruling_a_goal_of_the_action_or_of_another_verb_stays_a_move(
    sender: str, text: str, action: str, target: str, outside: VerbOutside
) -> None:
    got = _read(sender, text, outside)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,)), got
