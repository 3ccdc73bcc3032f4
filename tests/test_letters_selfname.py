"""The writer naming herself, and a plural pronoun pointing back to one player (C-2, C-3,
P-S.2; issue 17 item 1). The sender's own nick after «это», «пишет», «с вами», «на связи»,
«я —», before «на связи», or as a signature after a dash or on the last line (where the
words before it name another player) is who writes — accounted for, never the move's
player (`parser.letters.introduced`); her nick as the move's own object stays as it was
read. Another player after a verb of saying put first and his colon («Пишет Лебедь: …») is
the speaker of the words after it, not the sender's move (`reported._speaker_opens`). A Don
election naming two players joined by «и» is asked (`proof._elected_pair`). «их» after the
one player named before it, whose nick is a plural noun (Весы), is that player
(`decide._plural_antecedent`). Development letters: tests/letters/selfname*.jsonl,
anaphora*.jsonl."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import PRONOUN, WHICH_TARGET, LetterReading
from parser.nicks import NickResolver
from parser.sender import at_turn, cast_state, sender_view

_PEFL: dict[str, Any] = {
    "Зенит": {"role": "commissar"},
    "Кассиопея": {"role": "doctor"},
    "Орион": {"role": "maniac"},
    "Дева": {"role": "mafia", "clan": "yakuza", "don": True},
    "Весы": {"role": "mafia", "clan": "yakuza"},
    "Персей": {"role": "mafia", "clan": "yakuza"},
    "Овен": {"role": "mafia", "clan": "triad", "don": True},
    "Плутон": {"role": "civilian"},
    "Лебедь": {"role": "civilian"},
    "Стрелец": {"role": "civilian"},
    "Андромеда": {"role": "civilian"},
}
_GAMBLER: dict[str, Any] = {
    "Зенит": {"role": "commissar"},
    "Весы": {"role": "sheriff"},
    "Кассиопея": {"role": "doctor"},
    "Рыба": {"role": "godfather"},
    "Персей": {"role": "mafia"},
    "Плутон": {"role": "civilian"},
    "Стрелец": {"role": "civilian"},
    "Андромеда": {"role": "civilian"},
}


def _read(sender: str, text: str, *, ruleset: str = "pefl", turn: int = 2) -> LetterReading:
    players = _PEFL if ruleset == "pefl" else _GAMBLER
    state = at_turn(cast_state({"ruleset": ruleset, "turn": 2, "players": players}), turn)
    view = sender_view(state, sender)
    assert view is not None
    return read_letter(text, view, resolver=NickResolver(view.living))


@pytest.mark.parametrize(
    ("sender", "text", "ruleset", "turn", "action", "target"),
    [
        # P-S.2: the opening name was read as a Don election of herself
        ("Весы", "председатель добрый вечер это весы дон персей", "pefl", 0, "don", "Персей"),
        ("Весы", "пишет Весы доном предлагаю Персея", "pefl", 0, "don", "Персей"),
        ("Весы", "это весы дон персей голосую за него", "pefl", 0, "don", "Персей"),
        # a signature after a dash was a second target
        ("Весы", "Стреляю в Плутона — Весы", "gambler", 3, "kill", "Плутон"),
        ("Кассиопея", "Пишет Кассиопея: лечу Ориона", "pefl", 2, "heal", "Орион"),
        ("Рыба", "с вами Рыба, убиваем Зенита", "gambler", 3, "kill", "Зенит"),
    ],
)
def test_C_2_the_sender_introducing_herself_is_no_target(
    sender: str, text: str, ruleset: str, turn: int, action: str, target: str
) -> None:
    got = _read(sender, text, ruleset=ruleset, turn=turn)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


@pytest.mark.parametrize(
    ("sender", "text", "ruleset", "turn", "target"),
    [
        # G-M.7: her own nick after a dash with nobody else named is the self-heal
        ("Кассиопея", "Лечу — Кассиопея", "gambler", 3, "Кассиопея"),
        ("Кассиопея", "Лечу Кассиопею", "gambler", 3, "Кассиопея"),
        # P-S.2: her own nick as the election's object, no introducing word
        ("Весы", "Дон — Весы", "pefl", 0, "Весы"),
        ("Весы", "Доном выбираю Весы", "pefl", 0, "Весы"),
        # «это» after a word heading the move: she names herself for it
        ("Весы", "Дон — это Весы", "pefl", 0, "Весы"),
    ],
)
def test_C_2_the_senders_nick_as_the_moves_object_stays(
    sender: str, text: str, ruleset: str, turn: int, target: str
) -> None:
    got = _read(sender, text, ruleset=ruleset, turn=turn)
    assert got.kind == "move" and got.targets == (target,)


@pytest.mark.parametrize(
    ("sender", "text", "ruleset", "turn"),
    [
        ("Весы", "Доном выбираю Персея, а если нет — Весы", "pefl", 0),
        ("Кассиопея", "Лечу Стрельца, а если нет — Кассиопея", "gambler", 3),
    ],
)
def test_C_2_a_fallback_after_a_dash_is_no_signature(
    sender: str, text: str, ruleset: str, turn: int
) -> None:
    # the words before the dash end on «нет», not on another player: the nick is theirs
    got = _read(sender, text, ruleset=ruleset, turn=turn)
    assert got.kind == "question"


def test_C_2_another_player_after_eto_is_talk_not_an_introduction() -> None:
    got = _read("Орион", "это Плутон убил Лебедя, убиваю Плутона")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Плутон",))
    assert _read("Зенит", "это Стрелец убил Лебедя").kind != "move"


@pytest.mark.parametrize(
    "text", ["Пишет Лебедь: проверяю Плутона", "Говорит Лебедь: проверяю Плутона"]
)
def test_C_2_words_after_a_speaker_put_after_his_verb_are_his(text: str) -> None:
    # the speaker's colon opens his words: no check of the sender's
    assert _read("Зенит", text).kind != "move"


@pytest.mark.parametrize(
    "text",
    ["Доном выбираю Персея и Деву", "Это Весы. Доном выбираю Персея и Деву", "Дон Персей и Дева"],
)
def test_P_S_2_a_don_election_naming_two_is_asked(text: str) -> None:
    got = _read("Весы", text, turn=0)
    assert (got.kind, got.code) == ("question", WHICH_TARGET)


def test_C_3_a_plural_pronoun_is_the_one_plural_nick_named_before_it() -> None:
    got = _read("Зенит", "Весы странно голосуют, проверяю их")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Весы",))


@pytest.mark.parametrize(
    "text",
    [
        "Весы и Андромеда врут, проверяю их",  # two players
        "Весы странно голосуют, проверяю их лидера",  # a possessive
        "Проверяю их",  # nobody named
        "Плутон мутный, проверяю их",  # a singular nick
        "Весы и Плутон врут, проверяю их",  # joined to another
        "Весы и мафия заодно, проверяю их",  # joined to a group
        "Весы прячут документы, проверяю их",  # a plural thing between
    ],
)
def test_C_3_a_plural_pronoun_without_one_plural_antecedent_is_asked(text: str) -> None:
    got = _read("Зенит", text)
    assert (got.kind, got.code) == ("question", PRONOUN)


def test_C_2_a_signature_after_a_pronoun_leaves_the_pronoun_to_its_player() -> None:
    # «его» is another player: the sender's nick after the dash signs the letter
    got = _read("Зенит", "Плутон вчера врал, проверяю его — Зенит")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Плутон",))


def test_C_3_a_pronoun_resolved_beside_another_nick_after_a_dash_is_asked() -> None:
    # «его — Лебедь»: the pronoun's player and another player offered; the second is kept
    # with the first, so the letter is asked which (it broke the reading before)
    got = _read("Зенит", "Плутон вчера врал, проверяю его — Лебедь")
    assert (got.kind, got.code) == ("question", WHICH_TARGET)
