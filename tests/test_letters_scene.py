"""A move told as a scene for a role with several actions (C-2, C-3): the scene's words, by
lemma, decide the action when they tell exactly one of the role's, with one player its
object; words of two actions, of none, or two players leave the question which action.
The kamikaze's blast and his clan's shot (P-M.9), the thug's beating and the shot (P-M.11).
Development letters: tests/letters/lecture.jsonl, tests/letters/theatre.jsonl; a deed on a
pronoun after a visit: tests/letters/syllables.jsonl, tests/letters/pets.jsonl."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.sender import cast_state, sender_view
from parser.vocab import scene_actions

LETTERS = Path(__file__).parent / "letters"


def _read(sender: str, text: str) -> LetterReading:
    cast = json.loads((LETTERS / "cast_lecture.json").read_text(encoding="utf-8"))
    view = sender_view(cast_state(cast), sender)
    assert view is not None
    return read_letter(text, view)


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Мой камикадзе обнимает Платона покрепче и выдёргивает кольцо.", "Платон"),
        ("Обнимаю Агафью и дёргаю чеку.", "Агафья"),
        ("Иду к Агафье с гранатой.", "Агафья"),
    ],
)
def test_C_2_P_M_9_a_scene_of_a_grenade_is_the_kamikazes_blast(text: str, target: str) -> None:
    got = _read("Никодим", text)
    assert (got.kind, got.action, got.targets) == ("move", "blast", (target,))


def test_C_2_P_M_9_a_scene_of_a_pistol_is_the_clans_shot() -> None:
    got = _read("Никодим", "Иду к Родиону с пистолетом.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Родион",))


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Громила заходит к Ростику и объясняет ему жизнь кулаками.", "Ростислав"),
        ("Громила навещает Нонну — отправить её в больницу.", "Нонна"),
        ("Захожу к Прохору и бью его по шее.", "Прохор"),
    ],
)
def test_C_2_P_M_11_a_scene_of_fists_is_the_thugs_beating(text: str, target: str) -> None:
    got = _read("Ипполит", text)
    assert (got.kind, got.action, got.targets) == ("move", "beat", (target,))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Никодим", "Иду к Родиону с гранатой и пистолетом."),  # words of both actions
        ("Ипполит", "Захожу к Агафье с кулаками и ножом."),
        ("Ипполит", "Захожу к Прохору поговорить по душам."),  # words of neither
        ("Ипполит", "Захожу к Прохору с битой."),  # a bat beats or kills
        ("Никодим", "Иду к Родиону, но без гранаты."),  # a thing said with «без»
        ("Никодим", "Обнимаю Агафью."),
    ],
)
def test_C_3_a_scene_that_tells_two_actions_or_none_is_asked(sender: str, text: str) -> None:
    got = _read(sender, text)
    assert (got.kind, got.code) == ("question", "which_action")


def test_C_3_a_scene_with_two_players_is_asked() -> None:
    assert _read("Никодим", "Иду к Родиону и Агафье с гранатой.").kind == "question"


def test_C_2_scene_words_are_read_by_lemma_and_a_description_is_no_deed() -> None:
    assert scene_actions("кулаками") == {"beat"}
    assert scene_actions("чеку") == {"blast"}
    assert scene_actions("бьёт".replace("ё", "е")) == {"beat"}
    # «с битой»: the bat, or the participle «битый» of «бить» — no deed of the scene
    assert scene_actions("битой") == frozenset()


# -- C-2: a deed on a pronoun after a visit in the sentence before --------------------------


def _read_syllables(sender: str, text: str) -> LetterReading:
    cast = json.loads((LETTERS / "cast_syllables.json").read_text(encoding="utf-8"))
    view = sender_view(cast_state(cast), sender)
    assert view is not None
    return read_letter(text, view)


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Ираклий", "Иду к Ксаверию, пока Элина спит. Режу его.", "kill", "Ксаверий"),
        ("Раиса", "Захожу к Элине. Лечу её, бедняжку.", "heal", "Элина"),
    ],
)
def test_C_2_a_deed_on_a_pronoun_after_a_visit_is_done_to_the_visited(
    sender: str, text: str, action: str, target: str
) -> None:
    got = _read_syllables(sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Ираклий", "Иду к Ксаверию, а Венедикт сторожит дверь. Режу его."),  # two men
        ("Ираклий", "Иду к Элине. Режу его."),  # the pronoun does not agree
        ("Ираклий", "Иду к Ксаверию, пока Таира спит. Режу его."),  # no sure gender
    ],
)
def test_C_3_a_pronoun_two_players_or_none_may_take_is_asked(sender: str, text: str) -> None:
    assert _read_syllables(sender, text).kind == "question"
