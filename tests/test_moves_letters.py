"""Night letters read through the sender's role (C-2, C-3, P-M.*, G-M.*): the rules the
corpus (tests/letters) leans on, one by one, with the game state built the engine's way."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import ACTIONS, InputRejected, Move
from engine.settings import RulesSettings, SettingsError
from mafiabot import cli
from parser.letters.reader import read_letter
from parser.letters.reading import QUESTION_CODES, LetterReading, ReadingSettings
from parser.moves import has_action_word, move_from_pm
from parser.records import PrivateMessage
from parser.sender import CastError, SenderView, at_turn, cast_state, sender_view
from parser.vocab import TYPO_CONFIDENCE, lookup

PEFL: dict[str, Any] = {
    "ruleset": "pefl",
    "turn": 2,
    "players": {
        "Катя": {"role": "civilian"},
        "Ефим": {"role": "commissar"},
        "Борис": {"role": "doctor"},
        "Tanya-77": {"role": "necromancer"},
        "Ёжик в тумане": {"role": "ninja"},
        "Вася2005": {"role": "civilian"},
        "Жанна": {"role": "civilian"},
        "Рома": {"role": "mafia", "clan": "yakuza", "don": True},
        "Гена": {"role": "mafia", "clan": "yakuza"},
        "Жора": {"role": "kamikaze", "clan": "yakuza"},
        "Костя": {"role": "mafia", "clan": "triad", "don": True},
        "Лёня": {"role": "thug", "clan": "triad"},
        "Марго": {"role": "maniac"},
        "Олег": {"role": "civilian"},
    },
    "dead": {"Олег": "yakuza"},
}
GAMBLER: dict[str, Any] = {
    "ruleset": "gambler",
    "turn": 2,
    "players": {
        "Миледи": {"role": "prostitute"},
        "Айболит": {"role": "doctor"},
        "Ефим": {"role": "commissar"},
        "Бармалей": {"role": "godfather"},
        "Лис": {"role": "mafia"},
        "Саша": {"role": "civilian"},
        "Маша": {"role": "civilian"},
    },
}


def read(nick: str, text: str, cast: dict[str, Any] = PEFL, **kw: Any) -> LetterReading:
    view = sender_view(cast_state(cast), nick)
    assert view is not None
    return read_letter(text, view, **kw)


def move(r: LetterReading) -> tuple[str | None, tuple[str, ...], str | None]:
    assert r.kind == "move", r
    return r.action, r.targets, r.executor


# -- C-2: the role decides what the words mean ------------------------------------------------


@pytest.mark.parametrize(
    ("nick", "text", "expected"),
    [
        ("Борис", "Иду к Кате с аптечкой", ("heal", ("Катя",), None)),
        ("Ефим", "Иду к Кате", ("check", ("Катя",), None)),
        ("Борис", "Защищаю Жанну", ("heal", ("Жанна",), None)),
        ("Tanya-77", "Защищаю Жанну", ("protect", ("Жанна",), None)),
        ("Ефим", "Жанна.", ("check", ("Жанна",), None)),
        ("Марго", "Жертва этой ночи — Борис", ("kill", ("Борис",), None)),
    ],
)
def test_C_2_a_one_action_role_letter_is_that_move(
    nick: str, text: str, expected: tuple[str, tuple[str, ...], None]
) -> None:
    assert move(read(nick, text)) == expected


def test_C_2_two_action_roles_are_asked_which() -> None:
    r = read("Лёня", "Иду к Ефиму")  # P-M.11: the thug beats or shoots
    assert r.code == "which_action" and "избиение" in r.text and "убийство" in r.text
    assert read("Жора", "Ефим").code == "which_action"  # P-M.9: kill or blast


def test_C_2_roles_without_a_night_move_are_told_so_not_asked_about_a_nick() -> None:
    # a civilian's attempt is answered «no night moves», whatever nick it names; talk stays
    # talk
    for text in ("Убиваю Рому", "Проверяю Вовочку", "Лечу Катю"):
        r = read("Катя", text)
        assert (r.kind, r.code) == ("refused", "no_moves"), text
        assert "нет ночных ходов" in r.text
    assert read("Катя", "Привет всем!").kind == "none"


def test_P_S_2_an_election_from_a_role_without_a_vote_is_answered_by_the_rules() -> None:
    # P-S.2/P-S.3: on the election night a civilian's or a bastard's «Дон — X» (the bastard
    # believes himself a civilian: both get one answer) is refused naming why, not talk
    night0 = {
        **PEFL,
        "turn": 0,
        "dead": {},
        "players": {**PEFL["players"], "Вася2005": {"role": "bastard", "clan": "yakuza"}},
    }
    for nick in ("Катя", "Вася2005"):
        for text in ("Дон — Рома", "Главным будет Рома", "glavnym budet Roma"):
            r = read(nick, text, night0)
            assert (r.kind, r.code) == ("refused", "no_moves"), (nick, text)
    # after the election night the same words from a civilian are an opinion: talk
    assert read("Катя", "Дон — Рома").kind == "none"


def test_C_2_an_opinion_naming_one_player_is_asked_about() -> None:
    assert read("Ефим", "Думаю, Катя мафия").code == "is_it_a_move"


# -- C-2 rulings: «к себе», «себя» -------------------------------------------------------------


def test_C_2_k_sebe_is_the_prostitutes_place_not_a_self_target() -> None:
    assert move(read("Миледи", "Приглашаю к себе Сашу", GAMBLER)) == ("block", ("Саша",), None)


@pytest.mark.parametrize("text", ["Лечу себя", "Лечу самого себя", "Лечу меня", "Лечу сам себя"])
def test_C_2_self_words_name_the_sender_G_M_7(text: str) -> None:
    assert move(read("Айболит", text, GAMBLER)) == ("heal", ("Айболит",), None)


def test_P_M_9_the_kamikazes_sebya_is_no_target() -> None:
    assert move(read("Жора", "Взрываю себя вместе с Ефимом")) == ("blast", ("Ефим",), None)


# -- P-M.8: executors in every form ------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Заказ: Катя, исполнитель Гена",
        "Убить Катю, исполнитель — Гена",
        "Убить Катю руками Гены",
        "Гена идёт на Катю",
        "Катю убирает Гена",
        "Заказ: Катя. Стреляет Гена",
        "Гена Катю убирает",
        "Исполнитель Гена, жертва — Катя",
        "Гена, мочи Катю",
    ],
)
def test_P_M_8_executor_in_every_form(text: str) -> None:
    assert move(read("Рома", text)) == ("kill", ("Катя",), "Гена")


def test_P_M_8_executor_is_the_last_one_named_and_unknown_ones_are_asked() -> None:
    r = read("Костя", "Убиваем Ефима. Исполнитель Рома. Ой, нет, исполнитель Лёня")
    assert move(r) == ("kill", ("Ефим",), "Лёня")
    assert read("Рома", "Заказ: Катя, исполнитель Незнакомец").code == "unknown_nick"
    assert move(read("Гена", "Убить Жанну, исполнитель я")) == ("kill", ("Жанна",), "Гена")


def test_G_M_10_story_lines_are_story_not_targets() -> None:
    r = read("Рома", "Убить Жанну. Способ убийства: бью молотом по голове Гену")
    assert move(r) == ("kill", ("Жанна",), None)
    assert r.story == "бью молотом по голове Гену"
    r2 = read("Бармалей", "Убиваем Машу. Как: отравленный торт", GAMBLER)
    assert (r2.targets, r2.story) == (("Маша",), "отравленный торт")


# -- P-M.6 / P-M.7 -----------------------------------------------------------------------------


def test_P_M_6_two_protects_given_apart() -> None:
    r = read("Tanya-77", "Первый протект — Рома, второй — Борис")
    assert move(r) == ("protect", ("Рома", "Борис"), None)


#: P-M.7 open: every town hero died by the mafia or the maniac, none hanged
ARMY_OPEN: dict[str, Any] = {
    **PEFL,
    "turn": 4,
    "dead": {"Олег": "yakuza", "Ефим": "yakuza", "Борис": "maniac", "Ёжик в тумане": "triad"},
}


def test_P_M_7_army_of_darkness_names_two() -> None:
    r = read("Tanya-77", "Армия Тьмы: Рома и Жанна", ARMY_OPEN)
    assert move(r) == ("army", ("Рома", "Жанна"), None)
    assert read("Tanya-77", "Армия тьмы на Рому", ARMY_OPEN).code == "no_target"


def test_P_M_7_the_army_before_its_condition_is_answered_why_not() -> None:
    r = read("Tanya-77", "Армия Тьмы: Рома и Жанна")
    assert (r.kind, r.code) == ("refused", "not_now") and "Армия тьмы" in r.text


# -- negation, corrections, questions ------------------------------------------------------


@pytest.mark.parametrize(
    ("nick", "text", "expected"),
    [
        ("Борис", "Лечу не Катю, а Ефима", ("heal", ("Ефим",), None)),
        ("Борис", "Вместо Кати лечу Жанну", ("heal", ("Жанна",), None)),
        ("Марго", "Не в засаде сегодня, убиваю Катю", ("kill", ("Катя",), None)),
        ("Марго", "Убиваю Гену, а в засаду не сажусь", ("kill", ("Гена",), None)),
        ("Лёня", "Не бью никого, стреляю в Жанну", ("kill", ("Жанна",), None)),
    ],
)
def test_C_2_negation(nick: str, text: str, expected: tuple[str, tuple[str, ...], None]) -> None:
    assert move(read(nick, text)) == expected


@pytest.mark.parametrize("text", ["Сегодня не лечу", "Никого не лечу", "Пропускаю ход"])
def test_C_2_a_move_given_up_is_no_move(text: str) -> None:
    assert read("Борис", text).kind == "none"


@pytest.mark.parametrize(
    "text",
    [
        "Лечу Жанну. Нет, лучше Ефима",
        "Лечу Жанну. Передумал, лечу Ефима",
        "Лечу Жанну. Ой, Ефима",
        "Лечу Жанну или Катю, не знаю, пусть будет Ефим",
    ],
)
def test_C_2_corrections_read_the_last_word(text: str) -> None:
    assert move(read("Борис", text)) == ("heal", ("Ефим",), None)


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("Лечу Катю или Ефима", "which_target", ("Катю", "Ефима")),
        ("Лечу Катю и Ефима", "which_target", ("Катю", "Ефима")),
        ("Лечу Катю. Лечу Ефима.", "which_target", ("Катю", "Ефима")),
        ("Лечу его", "pronoun", ("«его»",)),
        ("Лечу", "no_target", ("лечение",)),
        ("Лечу Колю", "unknown_nick", ("Колю",)),
        ("Лечу Жанну. Хотя нет, не лечу никого", "unparsed", ("лечение",)),
    ],
)
def test_C_2_unclear_letters_are_asked_never_guessed(
    text: str, code: str, words: tuple[str, ...]
) -> None:
    r = read("Борис", text)
    assert r.code == code and r.code in QUESTION_CODES
    assert all(w in r.text for w in words), r.text


def test_C_2_bare_questions_hold_no_move() -> None:
    # a move asked about is asked back, the reading spelt out (C-2 ruling, setting
    # `move_question = "ask"`): still no move
    asked = read("Ефим", "Кого проверять — Жанну или Катю?")
    assert (asked.kind, asked.code) == ("question", "move_asked")
    assert read("Ефим", "Кого проверять сегодня?").kind == "none"


# -- C-3 / morphology --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "action"),
    [
        ("заказываем", "kill"),
        ("убираем", "kill"),
        ("мочим", "kill"),
        ("зарежу", "kill"),
        ("отметелю", "beat"),
        ("грохну-ка", "kill"),
        ("пробиваю", "check"),
        ("протектую", "protect"),
        ("подорву", "blast"),
    ],
)
def test_C_2_action_words_by_lemma(word: str, action: str) -> None:
    found = lookup(word)
    assert found is not None and action in found.actions and found.confidence == 1.0


def test_C_2_past_tense_is_a_story_and_typos_lower_the_confidence() -> None:
    killed = lookup("убил")
    assert killed is not None and killed.past
    typo = lookup("провераю")
    assert typo is not None and typo.actions == {"check"} and typo.confidence == TYPO_CONFIDENCE
    assert lookup("привет") is None


def test_C_2_provesti_noch_is_the_prostitutes_visit() -> None:
    r = read("Миледи", "Провожу ночь с Сашей", GAMBLER)
    assert move(r) == ("block", ("Саша",), None)


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Проверяю Рому", "Рома"),
        ("Проверяю Костю", "Костя"),
        ("Проверяю Лёне", "Лёня"),
        ("Провожу проверку над Жанной", "Жанна"),
        ("Проверяю Васю", "Вася2005"),
        ("Проверка на сегодня: Ёжик в тумане", "Ёжик в тумане"),
        ("Проверяю Ёжика", "Ёжик в тумане"),
        ("Прoверяю Гену", "Гена"),  # a Latin «o» in the verb
    ],
)
def test_C_3_nick_case_forms_and_one_word_of_a_nick(text: str, target: str) -> None:
    assert move(read("Ефим", text))[1] == (target,)


def test_C_3_two_players_sharing_a_stem_are_asked_about() -> None:
    cast = {**PEFL, "players": {**PEFL["players"], "Вася": {"role": "civilian"}}}
    r = read("Ефим", "Проверяю Васю", cast)
    assert r.code == "ambiguous_nick" and "Вася2005" in r.text


def test_C_2_confidence_below_the_threshold_is_asked_about() -> None:
    r = read("Ефим", "Провераю Жанну")  # a typo in the verb: 0.85
    assert r.kind == "move" and r.confidence == pytest.approx(TYPO_CONFIDENCE)
    asked = read("Ефим", "Провераю Жанну", settings=ReadingSettings(threshold=0.9))
    assert asked.code == "low_confidence" and "проверка — Жанна" in asked.text


# -- the engine's view of the sender --------------------------------------------------------


def test_sender_view_follows_the_turn() -> None:
    state = cast_state(PEFL)
    necro = sender_view(state, "Tanya-77")
    assert necro is not None and necro.allowed == ("protect",)  # P-M.6: turns 1–2
    late = sender_view(at_turn(state, 3), "Tanya-77")
    assert late is not None and late.allowed == () and "army" in late.role_actions
    zero = at_turn(state, 0)
    # P-S.2: the first night comes before any day, so on turn 0 Олег (killed by the yakuza
    # on a later night) is still in the game
    assert sender_view(zero, "Ефим") == SenderView(
        "Ефим",
        "pefl",
        "commissar",
        None,
        0,
        zero.living_nicks(),
        ("check",),
        (),
        (),
        dead=(),
    )
    maniac = sender_view(zero, "Марго")
    assert maniac is not None and maniac.allowed == ("kill", "ambush")  # P-S.2
    member = sender_view(zero, "Гена")
    assert member is not None and member.allowed == ("don",)
    don = sender_view(state, "Рома")
    assert don is not None and don.is_don and set(don.clan_mates) == {"Рома", "Гена", "Жора"}
    assert sender_view(state, "Никто") is None


def test_sender_view_gambler() -> None:
    state = cast_state(GAMBLER)
    mafia = sender_view(state, "Лис")
    assert mafia is not None and mafia.allowed == ()  # G-M.5: the godfather sends the kill
    intro = sender_view(at_turn(state, 1), "Айболит")
    assert intro is not None and intro.allowed == ()  # G-S.2
    pending = cast_state({**GAMBLER, "pending_side_choice": True})
    lady = sender_view(pending, "Миледи")
    assert lady is not None and lady.allowed == ("block", "choose_side")  # G-M.8


@pytest.mark.parametrize(
    "cast",
    [
        {"ruleset": "chess", "players": {"A": {"role": "civilian"}}},
        {"ruleset": "pefl", "players": {}},
        {"ruleset": "pefl", "players": {"A": {"role": "godfather"}}},
        {"ruleset": "pefl", "players": {"A": {"role": "civilian"}}, "dead": ["B"]},
        {"ruleset": "pefl", "players": {"A": {"role": "civilian"}}, "turn": "two"},
    ],
)
def test_cast_errors_name_the_problem(cast: dict[str, Any]) -> None:
    with pytest.raises(CastError):
        cast_state(cast)


# -- the PM door and the setting ----------------------------------------------------------


def test_C_2_move_from_pm_reads_through_the_view() -> None:
    state = cast_state(PEFL)
    pm = PrivateMessage(
        id=5,
        sender="Борис",
        sender_id=1,
        recipients=("Ведущий",),
        subject="ход",
        sent_at=None,
        body_html="",
        text="Иду к Кате с аптечкой",
        own_text="Иду к Кате с аптечкой",
    )
    got = move_from_pm(pm, living=state.living_nicks(), view=sender_view(state, "Борис"))
    assert got == Move("Борис", "heal", ("Катя",), source_id=5)
    asked = move_from_pm(
        dataclasses.replace(pm, own_text="Лечу Катю или Жанну"),
        living=state.living_nicks(),
        view=sender_view(state, "Борис"),
    )
    assert isinstance(asked, InputRejected) and asked.reason == "which_target"
    assert "Катю или Жанну" in asked.detail


def test_has_action_word_by_lemma() -> None:
    assert has_action_word("Заказываем Катю")
    assert has_action_word("Иду к Кате")
    assert not has_action_word("Привет, как дела?")


def test_C_2_move_confidence_setting() -> None:
    assert RulesSettings().move_confidence == 0.8
    assert RulesSettings.from_mapping({"move_confidence": 0.9}).move_confidence == 0.9
    assert RulesSettings.from_mapping({"move_confidence": 1}).move_confidence == 1.0
    for bad in (1.5, "high", True):
        with pytest.raises(SettingsError):
            RulesSettings.from_mapping({"move_confidence": bad})


# -- `mafiabot parse moves` ------------------------------------------------------------------


def test_parse_moves_cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cast = tmp_path / "cast.json"
    cast.write_text(json.dumps(PEFL, ensure_ascii=False), encoding="utf-8")
    letters = [
        {"from": "Рома", "text": "Катю убирает Гена. Способ: нож"},
        {"from": "Борис", "text": "Лечу Катю или Жанну"},
        {"from": "Катя", "text": "Привет!"},
        {"from": "Олег", "text": "Проверяю Катю"},
        {"from": "Гена", "text": "Дон — Рома", "turn": 0},
    ]
    stdin = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in letters)
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    assert cli.main(["parse", "moves", "--ruleset", "pefl", "--cast", str(cast)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out[0] == {
        "from": "Рома",
        "kind": "move",
        "action": "kill",
        "targets": ["Катя"],
        "executor": "Гена",
        "side": None,
        "story": "нож",
        "confidence": 0.9,
        "answer": {"status": "accepted", "reason": None},
    }
    assert (out[1]["kind"], out[1]["code"]) == ("question", "which_target")
    assert out[2] == {"from": "Катя", "kind": "none"}
    assert (out[3]["kind"], out[3]["code"]) == ("refused", "dead")
    assert (out[4]["action"], out[4]["targets"]) == ("don", ["Рома"])


@pytest.mark.parametrize(
    ("cast", "letter", "answer"),
    [
        # G-M.5/G-M.6: a mafioso's kill while the godfather lives stands only if he is jailed
        (GAMBLER, {"from": "Лис", "text": "Убиваю Сашу"}, ("conditional", "wrong_role")),
        # P-M.8 with P-O.1: the Don shoots himself only as his clan's last member, which the
        # day's hanging may yet make him, so his order stands on that condition
        (
            PEFL,
            {"from": "Рома", "text": "Убиваем Катю, исполняю сам"},
            ("conditional", "don_executor"),
        ),
        (PEFL, {"from": "Ефим", "text": "Проверяю Катю"}, ("accepted", None)),
    ],
)
def test_parse_moves_says_how_the_daemon_answers_the_move_at_receipt(
    cast: dict[str, Any],
    letter: dict[str, Any],
    answer: tuple[str, str | None],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A move read from the words may still not stand: `parse moves` prints the answer the
    daemon gives at receipt beside the reading, so the two never tell a host different
    things about one letter (C-2)."""
    path = tmp_path / "cast.json"
    path.write_text(json.dumps(cast, ensure_ascii=False), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(letter, ensure_ascii=False) + "\n"))
    assert cli.main(["parse", "moves", "--ruleset", cast["ruleset"], "--cast", str(path)]) == 0
    (line,) = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert line["kind"] == "move"
    assert (line["answer"]["status"], line["answer"]["reason"]) == answer


def test_parse_moves_cli_refuses_a_cast_of_the_other_ruleset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cast = tmp_path / "cast.json"
    cast.write_text(json.dumps(GAMBLER, ensure_ascii=False), encoding="utf-8")
    assert cli.main(["parse", "moves", "--ruleset", "pefl", "--cast", str(cast)]) == 2
    assert "gambler cast" in capsys.readouterr().err


# -- never raises ------------------------------------------------------------------------------

ROLES = ["Ефим", "Борис", "Tanya-77", "Рома", "Лёня", "Жора", "Марго", "Катя"]


@given(st.sampled_from(ROLES), st.text(max_size=160))
def test_read_letter_never_raises(nick: str, text: str) -> None:
    r = read(nick, text)
    # a refusal is an answer too: the role may not make the move it names («AMBUSH» from
    # the commissar: wrong_action)
    assert r.kind in ("move", "question", "none", "refused")
    if r.kind == "move":
        assert r.action in ACTIONS and r.confidence >= 0.8
        assert all(t in PEFL["players"] for t in r.targets)
    if r.kind == "question":
        assert r.code in QUESTION_CODES and r.text
