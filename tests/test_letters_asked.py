"""C-2 ruling, setting `move_question`: a letter that only asks the host about a move of the
sender's role on a player («можно проверить Аду?», «Сильвестра или Милослава проверять?»)
names no move — the player asks leave for it or has not decided — and is not let pass in
silence either: by default ("ask") the player is asked back with the reading spelt out
(question `move_asked`), for a move of his own to confirm it; "none" reads it as no move.
Questions about someone else's move, the rules, or put to a clan mate stay no move.
"""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest

from engine.actions import InputRejected
from engine.settings import CHOICES, RulesSettings, SettingsError
from mafiabot.cli import main as cli_main
from mafiabot.config import Config, load_config
from mafiabot.newspaper.words import REFUSAL_RU
from mafiabot.replay import ScenarioMove, read_move
from parser.letters.asked import MoveQuestion
from parser.letters.reader import read_letter
from parser.letters.reading import MOVE_ASKED, QUESTION_CODES, LetterReading, ReadingSettings
from parser.moves import read_letter_from
from parser.nicks import NickResolver
from parser.sender import cast_state, sender_view
from tests.test_daemon_moves import _play_with_letters

LETTERS = Path(__file__).parent / "letters"
CAST = LETTERS / "cast_relay.json"
STATE = cast_state(json.loads(CAST.read_text(encoding="utf-8")))
STATE_G = cast_state(json.loads((LETTERS / "cast_relay_g.json").read_text(encoding="utf-8")))


def _read(sender: str, text: str, asked: MoveQuestion = "ask", *, g: bool = False) -> LetterReading:
    view = sender_view(STATE_G if g else STATE, sender)
    assert view is not None
    settings = ReadingSettings(move_question=asked)
    return read_letter(text, view, resolver=NickResolver(view.living), settings=settings)


ASKED = (
    ("Никифор", "Ведущий, можно проверить Аду?", "проверка — Ада?", "«Проверяю Ада»"),
    ("Никифор", "а Фаддея проверять можно?", "проверка — Фаддей?", "«Проверяю Фаддей»"),
    ("Никифор", "мне можно проверить Капитолину или нет?", "проверка — Капитолина?", ""),
    ("Никифор", "Сильвестра или Милослава проверять?", "Сильвестр или Милослав?", ""),
    ("Феврония", "А себя лечить можно сегодня?", "лечение — себя?", "«Лечу Феврония»"),
    ("Изяслав", "Капитолину убить можно, ведущий?", "убийство — Капитолина?", ""),
    ("Радомир", "Можно я сегодня Велимиру зарежу?", "убийство — Велимира?", ""),
    ("Парамон", "Бить Сильвестра или Милослава? хм", "избиение — Сильвестр или", ""),
    ("Евпраксия", "протект Милославу можно дать?", "протект — Милослав?", ""),
    ("Никифор", "Не знаю, кого проверить. Может, Фаддея? Или Капитолину?", "Фаддей или", ""),
)


@pytest.mark.parametrize(("sender", "text", "spelt", "example"), ASKED)
def test_C_2_ruling_a_move_asked_about_is_asked_back_spelt_out(
    sender: str, text: str, spelt: str, example: str
) -> None:
    got = _read(sender, text)
    assert (got.kind, got.code) == ("question", MOVE_ASKED), got
    assert spelt in got.text and "не записан" in got.text, got.text
    assert example in got.text, got.text


@pytest.mark.parametrize(("sender", "text", "spelt", "example"), ASKED)
def test_C_2_ruling_setting_none_reads_a_move_asked_about_as_no_move(
    sender: str, text: str, spelt: str, example: str
) -> None:
    assert _read(sender, text, "none").kind == "none"


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Вавила", "Проверить Мартына можно?"),
        ("Любомир", "Лечить Дарёну или Варлаама? подскажите"),
        ("Gideon", "Убить Ерофея или Mistral?"),
        ("Гордана", "Можно застрелить Ерофея?"),
        ("Веста", "Можно пригласить Мартына?"),
    ],
)
def test_C_2_ruling_gambler_roles_asking_about_their_move_are_asked_back(
    sender: str, text: str
) -> None:
    got = _read(sender, text, g=True)
    assert (got.kind, got.code) == ("question", MOVE_ASKED), got


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Никифор", "Комиссар может проверить сержанта?"),  # a rules question, third person
        ("Никифор", "А если я проверю Аду, а её ночью убьют, результат придёт?"),  # hypothetical
        ("Аксинья", "Мстислав, убиваем Фаддея?"),  # put to the Don, not to the host
        ("Ратибор", "Подорвать Аду? Не, рано"),  # answered «не» by the sender himself
        ("Велимира", "Можно мне проверить Аду?"),  # a civilian: no move to ask leave for
        ("Никифор", "А убить Аду мне можно?"),  # not the commissar's move
    ],
)
def test_C_2_a_question_that_asks_no_leave_for_the_senders_move_stays_no_move(
    sender: str, text: str
) -> None:
    got = _read(sender, text)
    assert got.code != MOVE_ASKED and got.kind != "move", got


def test_C_2_a_question_answered_by_the_move_reads_the_move() -> None:
    for text in ("Проверить Аду? Да, проверяю Аду.", "Проверяю Милослава? Нет, рано. Проверяю Аду"):
        got = _read("Никифор", text)
        assert (got.kind, got.action, got.targets) == ("move", "check", ("Ада",)), got


def test_C_2_ruling_setting_move_question_default_values_and_wording() -> None:
    assert RulesSettings().move_question == "ask"
    assert CHOICES["move_question"] == ("ask", "none")
    assert RulesSettings.from_mapping({"move_question": "none"}).move_question == "none"
    with pytest.raises(SettingsError, match="move_question"):
        RulesSettings.from_mapping({"move_question": "move"})
    # a question of its own, answered as the host's question, with its own words for the host
    assert MOVE_ASKED in QUESTION_CODES and MOVE_ASKED in REFUSAL_RU


def test_C_2_ruling_parse_moves_and_replay_take_the_setting_alike(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def parse_moves(extra: list[str]) -> dict[str, Any]:
        line = json.dumps({"from": "Никифор", "text": "можно проверить Аду?"}, ensure_ascii=False)
        monkeypatch.setattr("sys.stdin", io.StringIO(line + "\n"))
        assert cli_main(["parse", "moves", "--ruleset", "pefl", "--cast", str(CAST), *extra]) == 0
        out: dict[str, Any] = json.loads(capsys.readouterr().out)
        return out

    assert (parse_moves([])["code"]) == MOVE_ASKED
    assert parse_moves(["--move-question", "none"])["kind"] == "none"
    sm = ScenarioMove("Никифор", {"text": "можно проверить Аду?"}, False, "", None)
    replayed = read_move(sm, STATE)
    assert isinstance(replayed, InputRejected) and replayed.reason == MOVE_ASKED
    assert read_move(sm, STATE, ReadingSettings(move_question="none")) is None


@pytest.mark.parametrize("value", ["ask", "none"])
def test_C_2_ruling_the_daemon_reads_letters_by_the_hosts_move_question(
    value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The daemon hands its `[rules] move_question` to the one letter reader."""
    import mafiabot.demo.play as demo_play
    from parser import moves as parser_moves  # the daemon imports it when a letter comes

    def load(path: str | Path) -> Config:
        cfg = load_config(path)
        return dataclasses.replace(cfg, rules=dataclasses.replace(cfg.rules, move_question=value))

    seen: list[str] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs["settings"].move_question)
        return read_letter_from(*args, **kwargs)

    monkeypatch.setattr(demo_play, "load_config", load)
    monkeypatch.setattr(parser_moves, "read_letter_from", spy)
    _play_with_letters(
        "pefl", tmp_path, "Mister X", [("2026-11-28T19:40", "Убиваем Кота")], "2026-11-28T21:00"
    )
    assert seen and set(seen) == {value}
