"""P-M.8 ruling, setting `member_suggestion`: a PEFL clan member's letter that only offers his
Don a victim («Предлагаю Ольгу», «Дон, голосую за то, чтобы убить Ольгу», «я за Ольгу») is no
request yet — the Don decides — so by default ("ask") the member is asked and told that a
plain «Убиваем: Ольга» is his request; "request" reads the offer as his kill request (which
counts when the Don stays silent). A firm request, an offer naming himself as the one who
shoots, and the Don's own letters are read alike under both values. The daemon, `mafiabot
replay` and `mafiabot parse moves` take the setting the same way.
"""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest

from engine.actions import InputRejected, Move
from engine.settings import CHOICES, RulesSettings, SettingsError
from mafiabot.cli import main as cli_main
from mafiabot.config import Config, load_config
from mafiabot.replay import ScenarioMove, read_move
from parser.letters.reader import read_letter
from parser.letters.reading import UNDECIDED, LetterReading, MemberSuggestion, ReadingSettings
from parser.moves import read_letter_from
from parser.nicks import NickResolver
from parser.sender import cast_state, sender_view
from tests.test_daemon_moves import _play_with_letters

CAST = Path(__file__).parent / "letters" / "cast_pefl.json"
STATE = cast_state(json.loads(CAST.read_text(encoding="utf-8")))

#: Гена is a yakuza member, Рома his Don (tests/letters/cast_pefl.json)
OFFERS = (
    "Предлагаю Ольгу",
    "предлагаю убить Ольгу",
    "Дон, голосую за то, чтобы убить Ольгу",
    "я за Ольгу",
    "Рома, предлагаю завалить Ольгу",
)
FIRM = ("Убиваем Ольгу", "Моя заявка: Ольга", "Убиваем: Ольга", "Ольга")


def _read(sender: str, text: str, suggestion: MemberSuggestion) -> LetterReading:
    view = sender_view(STATE, sender)
    assert view is not None
    settings = ReadingSettings(suggestion=suggestion)
    return read_letter(text, view, resolver=NickResolver(view.living), settings=settings)


def test_P_M_8_ruling_setting_member_suggestion_default_and_values() -> None:
    assert RulesSettings().member_suggestion == "ask"
    assert CHOICES["member_suggestion"] == ("ask", "request")
    assert RulesSettings.from_mapping({"member_suggestion": "request"}).member_suggestion == (
        "request"
    )
    with pytest.raises(SettingsError, match="member_suggestion"):
        RulesSettings.from_mapping({"member_suggestion": "order"})


@pytest.mark.parametrize("text", OFFERS)
def test_P_M_8_ruling_a_members_offer_is_asked_about_by_default(text: str) -> None:
    got = _read("Гена", text, "ask")
    assert got.kind == "question" and got.code == UNDECIDED, got
    # the question names the doubt and how to make it a request
    assert "Ольга" in got.text and "Дон" in got.text and "«Убиваем: Ольга»" in got.text


@pytest.mark.parametrize("text", OFFERS)
def test_P_M_8_ruling_setting_request_reads_a_members_offer_as_his_request(text: str) -> None:
    got = _read("Гена", text, "request")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Ольга",))


@pytest.mark.parametrize("suggestion", ["ask", "request"])
@pytest.mark.parametrize("text", FIRM)
def test_P_M_8_a_members_firm_request_is_his_request_either_way(
    text: str, suggestion: MemberSuggestion
) -> None:
    got = _read("Гена", text, suggestion)
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Ольга",))


@pytest.mark.parametrize("suggestion", ["ask", "request"])
def test_P_M_8_an_offer_naming_himself_as_who_shoots_and_the_dons_order_stand(
    suggestion: MemberSuggestion,
) -> None:
    own = _read("Гена", "Предлагаю убить Павла, исполнитель я", suggestion)
    assert (own.kind, own.action, own.targets, own.executor) == (
        "move",
        "kill",
        ("Павел",),
        "Гена",
    )
    don = _read("Рома", "Предлагаю Ольгу, исполнитель Гена", suggestion)
    assert (don.kind, don.action, don.targets, don.executor) == (
        "move",
        "kill",
        ("Ольга",),
        "Гена",
    )


@pytest.mark.parametrize("suggestion", ["ask", "request"])
def test_P_M_8_an_offer_left_to_the_don_in_words_is_no_move_either_way(
    suggestion: MemberSuggestion,
) -> None:
    # «…, но решает Рома»: the decision is left to the Don in so many words
    got = _read("Гена", "Предлагаю убить Ольгу, но решает Рома", suggestion)
    assert got.kind != "move", got


def _parse_moves(
    extra: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> dict[str, Any]:
    line = json.dumps({"from": "Гена", "text": "Предлагаю Ольгу"}, ensure_ascii=False) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(line))
    assert cli_main(["parse", "moves", "--ruleset", "pefl", "--cast", str(CAST), *extra]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def _replayed(suggestion: str | None) -> Move | InputRejected | None:
    sm = ScenarioMove("Гена", {"text": "Предлагаю Ольгу"}, False, "", None)
    if suggestion is None:
        return read_move(sm, STATE)
    rules = RulesSettings(member_suggestion=suggestion)
    return read_move(sm, STATE, ReadingSettings.of(rules))


def test_P_M_8_ruling_parse_moves_and_replay_take_the_setting_alike(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked = _parse_moves([], monkeypatch, capsys)
    assert (asked["kind"], asked["code"]) == ("question", UNDECIDED)
    replayed = _replayed(None)
    assert isinstance(replayed, InputRejected) and replayed.reason == UNDECIDED

    taken = _parse_moves(["--member-suggestion", "request"], monkeypatch, capsys)
    assert (taken["kind"], taken["action"], taken["targets"]) == ("move", "kill", ["Ольга"])
    replayed = _replayed("request")
    assert isinstance(replayed, Move) and (replayed.action, replayed.targets) == (
        "kill",
        ("Ольга",),
    )


@pytest.mark.parametrize("value", ["ask", "request"])
def test_P_M_8_ruling_the_daemon_reads_letters_by_the_hosts_setting(
    value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The daemon hands its `[rules] member_suggestion` to the one letter reader."""
    import mafiabot.demo.play as demo_play
    from parser import moves as parser_moves  # the daemon imports it when a letter comes

    def load(path: str | Path) -> Config:
        cfg = load_config(path)
        return dataclasses.replace(
            cfg, rules=dataclasses.replace(cfg.rules, member_suggestion=value)
        )

    seen: list[str] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs["settings"].suggestion)
        return read_letter_from(*args, **kwargs)

    monkeypatch.setattr(demo_play, "load_config", load)
    monkeypatch.setattr(parser_moves, "read_letter_from", spy)
    _play_with_letters(
        "pefl", tmp_path, "Mister X", [("2026-11-28T19:40", "Убиваем Кота")], "2026-11-28T21:00"
    )
    assert seen and set(seen) == {value}
