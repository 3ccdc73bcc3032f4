"""Night moves from PM text (RULES.md C-2, C-3): the fixture game's PMs and the vocabulary."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import ACTIONS, InputRejected, Move
from parser.letters.reading import ReadingSettings
from parser.moves import move_from_pm, parse_move, reject_sender
from parser.records import PrivateMessage
from tests.conftest import FIXTURES

TRUTH = json.loads((FIXTURES / "phpbb" / "truth.json").read_text(encoding="utf-8"))
GAME = TRUTH["game12"]
DAY1, DAY2 = GAME["days"]
# Who is alive during each night: the day's living minus the one lynched that evening.
NIGHT1 = [p for p in DAY1["alive"] if p != DAY1["lynched"]]
NIGHT2 = [p for p in DAY2["alive"] if p != DAY2["lynched"]]
# truth.json names the verbs as the players wrote them; RULES.md action ids are coarser:
# the maniac's "shoot" is a kill (G-M.4) and the prostitute's "visit" is a block (G-M.1).
VERB_TO_ACTION = {
    "check": "check",
    "heal": "heal",
    "kill": "kill",
    "shoot": "kill",
    "visit": "block",
}


def _living_for(msg: dict[str, Any]) -> list[str]:
    # night-2 PMs are those the inbox shows with a relative date (Вчера/Сегодня)
    relative = msg["inbox_row"]["time_text"].startswith(("Вчера", "Сегодня"))
    return NIGHT2 if relative else NIGHT1


def _typed_text(msg: dict[str, Any]) -> str:
    view = msg.get("view")
    return str(view["text_outside_quotes"]) if view else str(msg["body_bbcode"])


PMS = TRUTH["pms_to_host"]


@pytest.mark.parametrize("msg", [m for m in PMS if m["from_is_player"]], ids=lambda m: m["key"])
def test_C_2_every_players_pm_in_truth_reads_as_expected(msg: dict[str, Any]) -> None:
    living = _living_for(msg)
    assert msg["from"] in living
    result = parse_move(
        _typed_text(msg), actor=msg["from"], players=living, source_id=msg["msg_id"]
    )
    expected = msg["expected_move"]
    if expected is None:
        assert result is None
        return
    assert isinstance(result, Move), result
    assert result.action == VERB_TO_ACTION[expected["verb"]]
    assert result.targets == (expected["target"],)
    assert (result.actor, result.source_id) == (msg["from"], msg["msg_id"])


def test_C_2_the_non_players_pm_is_read_but_its_sender_is_refused() -> None:
    (msg,) = [m for m in PMS if not m["from_is_player"]]
    # the text itself is a well-formed move (truth.json says check → Кот) …
    text_move = parse_move(_typed_text(msg), actor=msg["from"], players=GAME["players"])
    assert isinstance(text_move, Move) and text_move.targets == ("Кот",)
    # … but the sender is not in the game, so the PM helper refuses it
    pm = PrivateMessage(
        id=msg["msg_id"],
        sender=msg["from"],
        sender_id=msg["from_id"],
        recipients=tuple(msg["to"]),
        subject=msg["subject"],
        sent_at=None,
        body_html="",
        text=_typed_text(msg),
        own_text=_typed_text(msg),
    )
    refused = move_from_pm(pm, living=NIGHT1, players=GAME["players"])
    assert isinstance(refused, InputRejected)
    assert (refused.reason, refused.source_id) == ("not_a_player", msg["msg_id"])
    assert refused.detail  # a Russian sentence for the sender


def test_C_5_dead_players_pm_is_refused_as_dead() -> None:
    assert reject_sender("Кот", living=NIGHT1, players=GAME["players"]) == InputRejected(
        "Кот", "dead", "Вы выбыли из игры, ходы выбывших не принимаются."
    )
    assert reject_sender("шерлок", living=NIGHT1) is None  # account names are case-blind


def test_C_2_move_from_pm_uses_own_text_time_and_id() -> None:
    at = datetime(2026, 11, 27, 19, 5, tzinfo=UTC)
    pm = PrivateMessage(
        id=15,
        sender="Шерлок",
        sender_id=61,
        recipients=("Ведущий",),
        subject="Re: Мафия – 12: ваша роль",
        sent_at=at,
        body_html="",
        text="Ведущий писал(а): Ваша роль: Комиссар. Проверяйте кого хотите. Проверяю Mister X",
        own_text="Проверяю Mister X",
    )
    move = move_from_pm(pm, living=NIGHT1)
    assert move == Move("Шерлок", "check", ("Mister X",), at=at, source_id=15)


P = ["Вася", "Жора", "Егор", "Шерлок", "Mister X", "Граф Монте-Кристо", "Tanya-77", "Кот", "Марго"]


@pytest.mark.parametrize(
    ("text", "action", "targets"),
    [
        ("Проверяю Васю", "check", ("Вася",)),
        ("проверка: Егора", "check", ("Егор",)),
        ("check Mister X", "check", ("Mister X",)),
        ("Проверь Жору, пожалуйста", "check", ("Жора",)),
        ("стреляю в Nick".replace("Nick", "Mister X"), "kill", ("Mister X",)),
        ("Выстрел в Егора", "kill", ("Егор",)),
        ("убей Васю!", "kill", ("Вася",)),
        ("застрелить Шерлока", "kill", ("Шерлок",)),
        ("kill Tanya-77", "kill", ("Tanya-77",)),
        ("shoot at Кот", "kill", ("Кот",)),
        ("лечу Васю", "heal", ("Вася",)),
        ("Лечение — Егору", "heal", ("Егор",)),
        ("heal Марго", "heal", ("Марго",)),
        ("Приглашаю Жору", "block", ("Жора",)),
        ("иду в гости к Васе", "block", ("Вася",)),
        ("visit Кот", "block", ("Кот",)),
        ("избить Васю", "beat", ("Вася",)),
        ("beat Егор", "beat", ("Егор",)),
        ("подрыв Шерлок", "blast", ("Шерлок",)),
        ("взорвать Графа Монте-Кристо", "blast", ("Граф Монте-Кристо",)),
        ("blow up Кот", "blast", ("Кот",)),
        ("протект Васе", "protect", ("Вася",)),
        ("защищаю Егора и Жору", "protect", ("Егор", "Жора")),
        ("protect Марго", "protect", ("Марго",)),
        ("армия Васю и Жору", "army", ("Вася", "Жора")),
        ("army Кот, Марго", "army", ("Кот", "Марго")),
        ("засада", "ambush", ()),
        ("Сажусь в засаду на всю ночь.", "ambush", ()),
        ("ambush", "ambush", ()),
        ("дон Граф Монте-Кристо", "don", ("Граф Монте-Кристо",)),
        ("Доном выбрали Васю", "don", ("Вася",)),
        # greetings, several lines, Latin+digit nicks declined, fillers and punctuation
        ("Добрый вечер!\nЛечу\nTanya-77ой.\nСпасибо", "heal", ("Tanya-77",)),
        ("Mister X — проверка", "check", ("Mister X",)),
        ("Граф, приветствую. Проверяю игрока Марго", "check", ("Марго",)),
        ("Проверяю сегодня Васю", "check", ("Вася",)),  # filler between verb and nick
        ("стреляю ночью в Марго", "kill", ("Марго",)),
        ("Лечу себя", "heal", ("Жора",)),  # G-M.7: the doctor may heal himself once
        ("heal myself", "heal", ("Жора",)),
    ],
)
def test_C_2_vocabulary(text: str, action: str, targets: tuple[str, ...]) -> None:
    move = parse_move(text, actor="Жора", players=P)
    assert isinstance(move, Move), move
    assert (move.action, move.targets) == (action, targets)
    assert move.action in ACTIONS


def test_P_M_8_kill_with_executor_and_G_M_10_story() -> None:
    move = parse_move(
        "Я дон мафии. убить Марго, исполнитель: Mister X, способ: утопили в Неве",
        actor="Граф Монте-Кристо",
        players=P,
    )
    assert move == Move(
        "Граф Монте-Кристо", "kill", ("Марго",), executor="Mister X", story="утопили в Неве"
    )
    en = parse_move("kill Кот\nexecutor Васю\nstory: a dark alley", actor="Жора", players=P)
    assert isinstance(en, Move) and (en.executor, en.story) == ("Вася", "a dark alley")


def test_P_M_8_unknown_executor_is_rejected() -> None:
    r = parse_move("убить Марго, исполнитель Незнакомец", actor="Граф Монте-Кристо", players=P)
    assert isinstance(r, InputRejected) and r.reason == "unknown_nick"
    assert "Незнакомец" in r.detail


@pytest.mark.parametrize(
    ("text", "side"),
    [("Выбираю мирных", "town"), ("Моя сторона — мафия", "mafia"), ("I choose mafia", "mafia")],
)
def test_G_M_8_choose_side(text: str, side: str) -> None:
    assert parse_move(text, actor="Жора", players=P) == Move("Жора", "choose_side", (), side=side)


@pytest.mark.parametrize(
    "text",
    [
        "Можно ли голосовать за себя? Спрашиваю для подруги",
        "Я мирный, ходов нет. Но на вашем месте я бы проверил Mister X.",
        "Привет! Как дела?",
        "Не проверяю никого этой ночью",
        "Шерлок вчера убил Кота, а я лечил Васю",  # past tense: a story, not a move
        "",
    ],
)
def test_C_2_texts_without_a_move(text: str) -> None:
    assert parse_move(text, actor="Жора", players=P) is None


def test_C_2_ruling_a_move_asked_about_is_no_move_but_a_question() -> None:
    # setting `move_question`: asked back ("ask", the default) or let pass ("none")
    text = "Кого проверять — Васю или Жору?"
    asked = parse_move(text, actor="Жора", players=P)
    assert isinstance(asked, InputRejected) and asked.reason == "move_asked"
    let_pass = ReadingSettings(move_question="none")
    assert parse_move(text, actor="Жора", players=P, settings=let_pass) is None


def test_C_3_unknown_target_is_rejected_with_a_russian_reason() -> None:
    r = parse_move("Проверяю Незнакомца", actor="Жора", players=P, source_id=7)
    assert isinstance(r, InputRejected)
    assert (r.reason, r.author, r.source_id) == ("unknown_nick", "Жора", 7)
    assert "Незнакомца" in r.detail and "проверка" in r.detail


def test_C_3_unknown_target_is_not_replaced_by_a_later_nick() -> None:
    # the executor's nick after the comma must not become the victim
    r = parse_move("убить Незнакомца, исполнитель Mister X", actor="Граф Монте-Кристо", players=P)
    assert isinstance(r, InputRejected) and r.reason == "unknown_nick"
    assert "«Незнакомца»" in r.detail


def test_C_3_ambiguous_target_names_the_candidates() -> None:
    r = parse_move("лечу Кольку", actor="Жора", players=["Коля", "Коль", "Жора"])
    assert isinstance(r, InputRejected) and r.reason == "ambiguous_nick"
    assert "Коля" in r.detail and "Коль" in r.detail


def test_C_3_the_verbs_accusative_settles_a_form_of_two_close_nicks() -> None:
    # «Колю» is Коля's accusative and only Коль's dative (Коль's accusative is «Коля»)
    r = parse_move("лечу Колю", actor="Жора", players=["Коля", "Коль", "Жора"])
    assert isinstance(r, Move) and r.targets == ("Коля",)


def test_C_3_dead_target_is_not_resolved() -> None:
    # Шерлок is dead on night 2: a move at him names no living player
    r = parse_move("Проверяю Шерлока", actor="Dr.Watson", players=NIGHT2)
    assert isinstance(r, InputRejected) and r.reason == "unknown_nick"


def test_C_2_action_without_target() -> None:
    r = parse_move("Проверяю", actor="Жора", players=P)
    assert isinstance(r, InputRejected) and r.reason == "no_target"
    r2 = parse_move("армия Васю", actor="Жора", players=P)
    assert isinstance(r2, InputRejected)  # P-M.7 needs two targets


def test_C_2_first_resolvable_action_wins() -> None:
    # «дон мафии» is talk; the kill that follows is the move
    move = parse_move("Я дон мафии, стреляю в Жору", actor="Вася", players=P)
    assert isinstance(move, Move) and (move.action, move.targets) == ("kill", ("Жора",))


@given(st.text(max_size=120))
def test_parse_move_never_raises(text: str) -> None:
    result = parse_move(text, actor="Жора", players=P)
    assert result is None or isinstance(result, Move | InputRejected)
    if isinstance(result, Move):
        assert result.action in ACTIONS
        assert all(t in P for t in result.targets)


VERBS = ["Проверяю", "лечу", "убить", "стреляю в", "иду к", "избить", "протект", "check"]


@given(
    st.sampled_from(VERBS),
    st.sampled_from(P),
    st.sampled_from(["", "Привет!\n", "ну ", "Итак: "]),
    st.sampled_from(["", ".", "!", ", спасибо", "\nпока"]),
)
def test_parse_move_finds_the_target_among_noise(verb: str, nick: str, pre: str, post: str) -> None:
    move = parse_move(f"{pre}{verb} {nick}{post}", actor="Жора", players=P)
    assert isinstance(move, Move), move
    assert move.targets[:1] == (nick,)


def test_C_2_sender_matched_as_the_board_keeps_accounts_never_up_to_lookalikes() -> None:
    # only the player's own account moves for him: a Latin «a», an invisible character or
    # a stress mark is another account's name (case is not: one account on every board)
    assert reject_sender("макс", living=["Макс"]) is None
    for other in ("Мaкс", "Ма\u200bкс", "Ма\u0301кс", "Макс2"):
        refused = reject_sender(other, living=["Макс"], players=["Макс"])
        assert refused is not None and refused.reason == "not_a_player"


def test_C_3_nick_starting_with_a_filler_word() -> None:
    players = ["The Joker", "На дне", "Joker"]
    assert parse_move("kill The Joker", actor="x", players=players) == Move(
        "x", "kill", ("The Joker",)
    )
    assert parse_move("kill Joker", actor="x", players=players) == Move("x", "kill", ("Joker",))
    assert parse_move("проверяю На дне", actor="x", players=players) == Move(
        "x", "check", ("На дне",)
    )


def test_C_2_a_correction_is_read_as_its_last_word() -> None:
    # QA: «…Передумал, стреляю в Шерлок» was read as a shot at Кот (the first one); it was
    # then sent back as two moves, but a host reads the player's last word (ruling, see
    # parser/moves.py)
    cast = ["Шерлок", "Кот", "Вася", "Dr.Watson"]
    r = parse_move("Стреляю в Кот. Передумал, стреляю в Шерлок", actor="Вася", players=cast)
    assert isinstance(r, Move) and (r.action, r.targets) == ("kill", ("Шерлок",))


def test_C_2_two_different_moves_in_one_letter_are_sent_back_not_guessed() -> None:
    cast = ["Шерлок", "Кот", "Вася", "Dr.Watson"]
    two = parse_move("Стреляю в Кот. Стреляю в Шерлок", actor="Вася", players=cast)
    assert isinstance(two, InputRejected) and two.reason == "which_target"
    assert "Кот" in two.detail and "Шерлок" in two.detail
    other_action = parse_move("Проверяю Кота, лечу Шерлока", actor="Dr.Watson", players=cast)
    assert isinstance(other_action, InputRejected) and other_action.reason == "unparsed"
    # the same move twice, or one move with two targets, is one move
    same = parse_move("Стреляю в Кота. Да, убить Кота!", actor="Вася", players=cast)
    assert isinstance(same, Move) and (same.action, same.targets) == ("kill", ("Кот",))
    pair = parse_move("протект Шерлок и Кот", actor="Вася", players=cast)
    assert isinstance(pair, Move) and pair.targets == ("Шерлок", "Кот")


# C-3: nicks written in the other script, declined or not
TRANSLIT_LIVING = [*P, "Анна", "Игорь"]


@pytest.mark.parametrize(
    ("text", "action", "target"),
    [
        ("Проверяю Мистера Х", "check", "Mister X"),
        ("Проверяю Мистер Икс", "check", "Mister X"),
        ("Heal Anna", "heal", "Анна"),
        ("check Igor", "check", "Игорь"),
        ("стреляю в Таню", "kill", "Tanya-77"),
        ("лечу Таню-77", "heal", "Tanya-77"),
    ],
)
def test_C_3_translit_nicks_in_moves(text: str, action: str, target: str) -> None:
    move = parse_move(text, actor="Шерлок", players=TRANSLIT_LIVING)
    assert isinstance(move, Move), move
    assert (move.action, move.targets) == (action, (target,))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("лечу Джека", "unknown_nick"),  # Jack_Sparrow: no guessing of English sounds
        ("лечу Таню-78", "unknown_nick"),
    ],
)
def test_C_3_translit_no_guess_in_moves(text: str, reason: str) -> None:
    move = parse_move(text, actor="Шерлок", players=TRANSLIT_LIVING)
    assert isinstance(move, InputRejected) and move.reason == reason, move


def test_C_3_translit_two_living_matches_reject_the_move() -> None:
    # Вася and Вася2005 both spell «Vasya» without the digits: the sender is told, no guess
    move = parse_move("check Vasya", actor="Шерлок", players=[*P, "Вася2005"])
    assert isinstance(move, InputRejected) and move.reason == "ambiguous_nick", move
    assert "Вася2005" in move.detail and "Вася" in move.detail
