"""C-2, P-M.13, P-M.3 (rulings §2; `reader-62`, batch 27's KS3): a motion word toward a
player is a striking role's move only when nothing says otherwise — a purpose stated for the
visit that is no strike («подсаживаюсь к X, поговорить о жизни», «иду к X, чтобы посидеть») proves
no kill, so the letter is asked; a purpose that is the strike itself, an instrument, or talk
told in the past leaves the kill (development corpus `visit62`)."""

from __future__ import annotations

import pytest

from engine.settings import RulesSettings
from mafiabot.replay_posts import read_pm_text
from parser.letters.reading import ReadingSettings
from parser.sender import cast_state

CAST = {
    "ruleset": "pefl",
    "turn": 2,
    "players": {
        "Кочерга": {"role": "maniac"},
        "Ухват": {"role": "ninja"},
        "Чугунок": {"role": "commissar"},
        "Лучина": {"role": "doctor"},
        "Лавка": {"role": "civilian"},
        "Печкин": {"role": "civilian"},
        "Горшков": {"role": "mafia", "clan": "yakuza", "don": True},
        "Сито": {"role": "mafia", "clan": "triad", "don": True},
    },
    "dead": {},
}


def _read(sender: str, text: str) -> tuple[str, str | None, tuple[str, ...]]:
    state = cast_state(CAST)
    settings = ReadingSettings.of(RulesSettings())
    got = read_pm_text(text, sender, state.living_nicks(), state, settings).reading
    assert got is not None
    return got.kind, got.action, tuple(got.targets)


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Кочерга", "Подсаживаюсь к Лавке, поговорить о жизни."),  # no motion word known
        ("Кочерга", "Иду к Печкину, хочу поболтать."),  # the visit word, then the purpose
        ("Кочерга", "Заглядываю к Чугунку вечерком посплетничать"),
        ("Кочерга", "idu k Lavke pogovorit"),  # Latin typing drops the soft sign
        ("Ухват", "Иду к Печкину, чтобы посидеть и поговорить."),  # the ninja's strike too
    ],
)
def test_a_visit_to_talk_proves_no_strike(sender: str, text: str) -> None:
    kind, _action, _targets = _read(sender, text)
    assert kind == "question"


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Иду к Лавке.", "Лавка"),  # a bare visit: the maniac's kill (rulings §2)
        ("Иду к Печкину резать.", "Печкин"),  # the purpose is the strike
        ("Иду к Чугунку с топором.", "Чугунок"),  # an instrument, no purpose
        ("Иду к Лучине, поговорили вчера и хватит.", "Лучина"),  # talk told in the past
        ("Иду к Лавке; доложить по исполнении.", "Лавка"),  # another clause's infinitive
        ("Навещаю Печкина — отправить его в больницу.", "Печкин"),  # an act on him
    ],
)
def test_a_visit_with_no_purpose_of_talk_stays_the_kill(text: str, target: str) -> None:
    assert _read("Кочерга", text) == ("move", "kill", (target,))
