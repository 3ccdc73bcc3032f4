"""One reading everywhere (C-2): `mafiabot parse moves`, `mafiabot replay` and the daemon read
a letter through one entry point (`parser.moves.read_letter_from`) and so give the same
reading for the same letter and cast.

Before, a one-letter replay of «Дон — Кот» from a Don on turn 1 killed Кот while `parse
moves` read no move for a cast where Кот was his clan mate; both now read the Don's name
(the election, not open after turn 0) and the engine refuses it.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import parser.moves
from engine.actions import InputRejected, Move
from engine.settings import RulesSettings
from engine.state import GameState
from mafiabot.cli import main as cli_main
from mafiabot.replay import ScenarioMove, read_move
from mafiabot.store.codec import from_json
from parser.letters.reading import DEFAULT_READING, ReadingSettings
from parser.moves import LetterRead
from parser.nicks import NickResolver
from parser.sender import at_turn
from tests.one_reading import (
    FLAGS,
    ODD_VALUES,
    daemon_reads,
    parse_moves,
    replay_reads,
    settings_seen,
)
from tests.test_daemon_moves import _play_with_letters
from tests.test_letters_corpus import CORPORA, LETTERS, _load, replay_readings


def _engine_input(got: Move | InputRejected | None) -> tuple[Any, ...]:
    if isinstance(got, Move):
        return ("move", got.action, got.targets, got.executor, got.side)
    if isinstance(got, InputRejected):
        return ("rejected", got.reason)
    return ("none",)


def _cli_input(line: dict[str, Any]) -> tuple[Any, ...]:
    """What `parse moves` says the engine is handed: a move, or the question, or nothing.
    A refused reading is handed on as the move its words say (the engine refuses it)."""
    if line["kind"] == "move" or (line["kind"] == "refused" and line.get("action")):
        return ("move", line["action"], tuple(line["targets"]), line.get("executor"),
                line.get("side"))  # fmt: skip
    if line["kind"] in ("question", "refused"):
        return ("rejected", line["code"])
    return ("none",)


def _parse_moves(
    cast: Path, rows: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> list[dict[str, Any]]:
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    ruleset = json.loads(cast.read_text(encoding="utf-8"))["ruleset"]
    assert cli_main(["parse", "moves", "--ruleset", ruleset, "--cast", str(cast)]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


#: what `parser.moves.read_letter_from` is given: text, sender, living, players, state, settings
ReadKey = tuple[
    str, str, tuple[str, ...], tuple[str, ...] | None, GameState | None, ReadingSettings
]


def _replayed_by_input(name: str) -> dict[ReadKey, LetterRead]:
    """Replay's reading of each letter of a corpus (`replay_readings`, read once a session),
    by everything `read_pm_text` handed the one reader for it."""
    state, rows = _load(name)
    settings = ReadingSettings.of(RulesSettings())
    known: dict[ReadKey, LetterRead] = {}
    for row, read in zip(rows, replay_readings(name), strict=True):
        turn_state = at_turn(state, row.get("turn", state.turn))
        players = tuple(p.nick for p in turn_state.players)
        key = (row["text"], row["from"], tuple(turn_state.living_nicks()), players, turn_state)
        known[(*key, settings)] = read
    return known


def _read_once(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`parse moves` handed replay's reading wherever it asks the one reader exactly what
    replay asked it — the same text, sender, living players, players, game state and settings,
    and a resolver of the same players with the default tolerances (the reader's answer is a
    function of those): a letter is then read once for both, not twice. Any other call — a
    living list, a turn's state or a setting the command made otherwise — is read anew, so a
    command that reads with other inputs still reads otherwise and fails the comparison."""
    known = _replayed_by_input(name)
    real = parser.moves.read_letter_from

    def read(text: str, sender: str, **kw: Any) -> LetterRead:
        resolver, players = kw.get("resolver"), kw.get("players")
        living = tuple(kw["living"])
        plain = NickResolver(living)
        same_resolver = resolver is None or (
            isinstance(resolver, NickResolver)
            and (resolver.players, resolver.fuzzy_threshold, resolver.ambiguity_margin)
            == (plain.players, plain.fuzzy_threshold, plain.ambiguity_margin)
            and resolver.partial == plain.partial
        )
        given = {k for k, v in kw.items() if v is not None}
        rest = given - {"living", "players", "state", "resolver", "settings"}
        if same_resolver and not rest:
            key = (text, sender, living, None if players is None else tuple(players))
            got = known.get((*key, kw.get("state"), kw.get("settings", DEFAULT_READING)))
            if got is not None:
                return got
        return real(text, sender, **kw)

    monkeypatch.setattr(parser.moves, "read_letter_from", read)


#: corpora `parse moves` still reads itself, through its resolver shared by a turn's letters
#: (replay makes one a letter): the casts of hard nicks, where the resolver works hardest
READ_TWICE = ("pefl_b", "gambler_b")


@pytest.mark.parametrize("name", CORPORA)
def test_C_2_parse_moves_and_replay_read_every_corpus_letter_alike(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _state, rows = _load(name)
    if name not in READ_TWICE:
        _read_once(name, monkeypatch)
    letters = [
        {"from": r["from"], "text": r["text"], **({"turn": r["turn"]} if "turn" in r else {})}
        for r in rows
    ]
    printed = _parse_moves(LETTERS / f"cast_{name}.json", letters, monkeypatch, capsys)
    assert len(printed) == len(rows)
    # replay's side: `read_move` of a text move is `parse_pm`, the input of `read_pm_text`'s
    # reading — read once a session and shared with the corpus test (`replay_readings`)
    replay = replay_readings(name)
    for row, line, read in zip(rows, printed, replay, strict=True):
        assert _engine_input(read.input) == _cli_input(line), row["text"]


def _cast_of(state: GameState) -> dict[str, Any]:
    return {
        "ruleset": state.ruleset,
        "turn": state.turn,
        "players": {
            p.nick: {"role": p.role, **({"clan": p.clan} if p.clan else {}), "don": p.is_don}
            for p in state.players
        },
        "dead": {p.nick: p.out_by or "override" for p in state.players if not p.alive},
    }


def test_C_2_the_daemon_reads_a_letter_as_parse_moves_and_replay_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Mister X is the yakuza Don of the recorded PEFL game; on turn 1 he writes the Don's
    # name, then a kill, then a wish
    letters = ["Дон — Кот", "Убиваем Кота", "Я бы Кота убрал"]
    times = ["2026-11-28T19:40", "2026-11-28T19:45", "2026-11-28T19:50"]
    run, answers = _play_with_letters(
        "pefl", tmp_path, "Mister X", list(zip(times, letters, strict=True)), "2026-11-28T21:00"
    )
    g = run.daemon.game()
    assert g.id is not None and g.state is not None
    state = from_json(GameState, g.state)
    cast = tmp_path / "cast.json"
    cast.write_text(json.dumps(_cast_of(state), ensure_ascii=False), encoding="utf-8")
    printed = _parse_moves(
        cast, [{"from": "Mister X", "text": t} for t in letters], monkeypatch, capsys
    )
    cli = [_cli_input(line) for line in printed]
    replayed = [
        _engine_input(read_move(ScenarioMove("Mister X", {"text": t}, False, "", None), state))
        for t in letters
    ]
    assert cli == replayed
    # the daemon stored a row for each letter handed on as a move, and only for those
    added = {pm.id for pm in run.board.pms if pm.subject == "доп. письмо"}
    stored = [
        ("move", m.action, tuple(m.targets or ()), m.executor, m.side)
        for m in run.store.moves(g.id, 1)
        if m.pm_board_id in added
    ]
    assert stored == [c for c in cli if c[0] == "move"]
    # «Дон — Кот» names the Don: refused as the election, never a kill of Кот
    assert cli[0][:3] == ("move", "don", ("Кот",))
    assert "Дона клан выбирает только в нулевой ход" in answers[0]
    assert cli[1][:3] == ("move", "kill", ("Кот",))
    assert cli[2][0] != "move"  # a wish is no move


def test_P_V_1_a_red_on_the_hosts_name_is_read_alike_by_parse_votes_replay_and_the_daemon(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # P-V.1, C-3: the host is no player; the daemon knows his account from the config,
    # `parse votes` from `--host`, replay from the scenario's `host` — each refuses a red on
    # his name (a case form here) as `unknown_nick`, none reads it as no vote
    from mafiabot.replay import load_scenario, play
    from tests.one_post import read_three_ways
    from tests.test_daemon_identity import RED

    body = RED.format("Ведущего") + " — голосую против Ведущего, он всё подстроил."
    got = read_three_ways(tmp_path, capsys, "Шерлок", body)
    assert got.daemon == got.cli == got.replayed == [("Шерлок", "unknown_nick")]
    assert all("ведущий игры" in r["detail"] for r in got.printed["rejected"])
    # without the host's account replay reads the red as no vote at all (the gap closed)
    del got.scenario["host"]
    assert play(load_scenario(got.scenario))["turns"][0]["rejected"] == []


def test_C_2_the_reader_and_the_config_share_the_reading_settings_defaults() -> None:
    assert ReadingSettings.of(RulesSettings()) == DEFAULT_READING


@pytest.mark.parametrize("setting", sorted(ODD_VALUES))
def test_C_2_each_reading_setting_of_the_config_reaches_the_reader_alike_everywhere(
    setting: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # a caller that dropped a setting on its way to the reader would read with its default
    value = ODD_VALUES[setting]
    wanted = ReadingSettings.of(RulesSettings.from_mapping({setting: value}))
    assert wanted != DEFAULT_READING
    seen = settings_seen(monkeypatch)
    daemon_dir = tmp_path / "daemon"
    daemon_dir.mkdir()
    daemon_reads(setting, value, "Шерлок", "Проверяю Кота", daemon_dir, monkeypatch)
    daemon = set(seen)
    seen.clear()
    replay_reads(setting, value, tmp_path, capsys)
    replayed = set(seen)
    seen.clear()
    flags = [FLAGS[setting], str(value)]
    parse_moves("Шерлок", "Проверяю Кота", flags, tmp_path, monkeypatch, capsys)
    assert daemon == replayed == set(seen) == {wanted}
