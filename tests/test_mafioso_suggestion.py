"""G-M.5/G-M.6 ruling, setting `mafioso_suggestion`: while the godfather lives he chooses the
mafia's victim, and a mafioso's own kill letter is only kept for a night the godfather is
jailed before. A mafioso's letter that only offers the godfather a victim and leaves him the
choice («Может, Эстета? Гроссмейстер, решай.», «Предлагаю Эстета, решай, босс», «я за Эстета»)
is not that letter: by default ("ask") the mafioso is asked whether it is his own kill letter
and told that a plain «Убиваем: Эстет» is one; "request" reads the offer as his kill letter,
kept on that condition. A firm kill letter, the godfather's own letters, a mafioso's letter
once the godfather is out (G-M.6: members send the kill then) and PEFL members (their own
setting, `member_suggestion`) are read alike under both values. The daemon, `mafiabot
replay` and `mafiabot parse moves` give one reading of the same letter for each value.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.actions import InputRejected, Move
from engine.settings import CHOICES, RulesSettings, SettingsError
from mafiabot.replay import ScenarioMove, read_move
from parser.letters.reader import read_letter
from parser.letters.reading import UNDECIDED, LetterReading, MemberSuggestion, ReadingSettings
from parser.nicks import NickResolver
from parser.sender import cast_state, sender_view
from tests.one_reading import DEMO_CAST, daemon_reads, parse_moves

LETTERS = Path(__file__).parent / "letters"
CAST = json.loads((LETTERS / "cast_chess_g.json").read_text(encoding="utf-8"))

#: Вилка is a mafioso, Гроссмейстер the godfather, Эстет_задач a civilian
#: (tests/letters/cast_chess_g.json)
OFFERS = (
    "Может, Эстета? Гроссмейстер, решай.",
    "Может, Эстета? Крёстный, как скажешь",
    "Предлагаю Эстета, решай, босс",
    "Гроссмейстер, предлагаю убить Эстета",
    "я за Эстета",
    "Гроссмейстер, давай уберём Эстета?",
)
FIRM = ("Убиваем Эстета", "Убиваем: Эстет_задач", "Заявка на убийство: Эстет", "Валим Эстета")


def _read(
    sender: str,
    text: str,
    mafioso: MemberSuggestion,
    *,
    cast: dict[str, Any] = CAST,
    member: MemberSuggestion = "ask",
) -> LetterReading:
    view = sender_view(cast_state(cast), sender)
    assert view is not None
    return read_letter(
        text,
        view,
        resolver=NickResolver(view.living),
        settings=ReadingSettings(suggestion=member, mafioso_suggestion=mafioso),
    )


def test_G_M_5_ruling_setting_mafioso_suggestion_default_and_values() -> None:
    assert RulesSettings().mafioso_suggestion == "ask"
    assert CHOICES["mafioso_suggestion"] == ("ask", "request")
    taken = RulesSettings.from_mapping({"mafioso_suggestion": "request"})
    assert taken.mafioso_suggestion == "request"
    with pytest.raises(SettingsError, match="mafioso_suggestion"):
        RulesSettings.from_mapping({"mafioso_suggestion": "order"})


@pytest.mark.parametrize("text", OFFERS)
def test_G_M_5_G_M_6_ruling_a_mafiosos_offer_to_the_godfather_is_asked_by_default(
    text: str,
) -> None:
    got = _read("Вилка", text, "ask")
    assert got.kind == "question" and got.code == UNDECIDED, got
    # the question names the player offered, who chooses, and the letter that would count
    assert "Эстет_задач" in got.text and "крёстный отец" in got.text, got.text
    assert "«Убиваем: Эстет_задач»" in got.text and "посадят" in got.text, got.text


@pytest.mark.parametrize("text", OFFERS)
def test_G_M_5_G_M_6_ruling_setting_request_reads_the_offer_as_his_kill_letter(
    text: str,
) -> None:
    got = _read("Вилка", text, "request")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Эстет_задач",)), got


@pytest.mark.parametrize("mafioso", ["ask", "request"])
@pytest.mark.parametrize("text", FIRM)
def test_G_M_6_a_mafiosos_firm_kill_letter_is_his_either_way(
    text: str, mafioso: MemberSuggestion
) -> None:
    got = _read("Вилка", text, mafioso)
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Эстет_задач",)), got


@pytest.mark.parametrize("mafioso", ["ask", "request"])
def test_G_M_5_the_godfathers_own_letters_are_read_as_before(mafioso: MemberSuggestion) -> None:
    # the one who chooses orders: «предлагаю» from him is his kill, his question his doubt
    got = _read("Гроссмейстер", "Предлагаю Эстета", mafioso)
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Эстет_задач",)), got
    assert _read("Гроссмейстер", "Может, Эстета?", mafioso).code != UNDECIDED


@pytest.mark.parametrize("mafioso", ["ask", "request"])
def test_G_M_6_once_the_godfather_is_out_a_mafiosos_letter_is_his_clan_kill(
    mafioso: MemberSuggestion,
) -> None:
    # no one is left to choose for him: «предлагаю убить X» is his letter of the clan kill
    out = json.loads(json.dumps(CAST))
    out["dead"] = {"Гроссмейстер": "jailed"}
    got = _read("Вилка", "Предлагаю убить Эстета", mafioso, cast=out)
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Эстет_задач",)), got


def test_P_M_8_a_pefl_member_follows_member_suggestion_not_mafioso_suggestion() -> None:
    pefl = json.loads((LETTERS / "cast_pefl.json").read_text(encoding="utf-8"))
    asked = _read("Гена", "Предлагаю Ольгу", "request", cast=pefl, member="ask")
    assert asked.kind == "question" and asked.code == UNDECIDED, asked
    taken = _read("Гена", "Предлагаю Ольгу", "ask", cast=pefl, member="request")
    assert (taken.kind, taken.action, taken.targets) == ("move", "kill", ("Ольга",)), taken


# -- one reading everywhere: `parse moves`, `replay` and the daemon, for the same letter -------

#: the demo game on the day of turn 2, before the court: Mister X is the living godfather,
#: Граф Монте-Кристо his mafioso
SENDER = "Граф Монте-Кристо"
LETTER = "Может, Кота? Mister X, решай."


def _parse_moves(
    value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> dict[str, Any]:
    flags = ["--mafioso-suggestion", value]
    return parse_moves(SENDER, LETTER, flags, tmp_path, monkeypatch, capsys)


def _replayed(value: str) -> Move | InputRejected | None:
    sm = ScenarioMove(SENDER, {"text": LETTER}, False, "", None)
    rules = RulesSettings(mafioso_suggestion=value)
    return read_move(sm, cast_state(DEMO_CAST), ReadingSettings.of(rules))


def _daemon(
    value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[str], list[tuple[str, list[str] | None, str]]]:
    """The daemon's answer to the letter and the moves it keeps of the sender on turn 2."""
    return daemon_reads("mafioso_suggestion", value, SENDER, LETTER, tmp_path, monkeypatch)


def test_G_M_5_ruling_ask_one_reading_in_parse_moves_replay_and_the_daemon(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    parsed = _parse_moves("ask", tmp_path, monkeypatch, capsys)
    assert (parsed["kind"], parsed["code"]) == ("question", UNDECIDED), parsed
    replayed = _replayed("ask")
    assert isinstance(replayed, InputRejected) and replayed.reason == UNDECIDED, replayed
    answers, kept = _daemon("ask", tmp_path, monkeypatch)
    (answer,) = answers
    # asked as any player with a move is (his own kill letter is kept on the court's jailing
    # of the godfather): the reader's question with its example in the game's nicks, never
    # «хода у вас нет» (tests/test_mafioso_reply.py)
    assert "я не совсем понял ваше письмо" in answer and "«Убиваем: Кот»" in answer, answer
    assert "хода у вас нет" not in answer and kept == [], (answer, kept)


def test_G_M_5_ruling_request_one_reading_in_parse_moves_replay_and_the_daemon(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    parsed = _parse_moves("request", tmp_path, monkeypatch, capsys)
    assert (parsed["kind"], parsed["action"], parsed["targets"]) == ("move", "kill", ["Кот"])
    assert parsed["answer"]["status"] == "conditional", parsed
    replayed = _replayed("request")
    assert isinstance(replayed, Move) and (replayed.action, replayed.targets) == (
        "kill",
        ("Кот",),
    )
    answers, kept = _daemon("request", tmp_path, monkeypatch)
    (answer,) = answers
    assert "письмо принято условно" in answer, answer
    assert kept == [("kill", ["Кот"], "conditional")]
