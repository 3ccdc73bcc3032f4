"""Pet names whose letters differ from the name, and Latin nicks with Russian endings (C-3):
read only when exactly one living player can be meant, otherwise asked (issue 17). The
table of names and pet stems is data (`parser.nameforms.PET_STEMS`); the rules around it are
tested here on casts of their own."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.nicks import AMBIGUOUS_NICK, UNKNOWN_NICK, NickResolver, diminutive_match
from parser.sender import at_turn, cast_state, sender_view
from parser.votes.court import extract_court_votes
from tests.test_votes import post

NAMES = ["Александр", "Александра", "Евгений", "Дмитрий", "Владимир", "Георгий", "Татьяна"]


def _named(players: list[str], text: str) -> tuple[str | None, str | None, tuple[str, ...]]:
    m = diminutive_match(NickResolver(players), text)
    assert m is not None, text
    return m.nick, m.reason, m.candidates


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Митю", "Дмитрий"),  # a later syllable of the name
        ("Диму", "Дмитрий"),  # not Владимир, though his name holds «дим»
        ("Вована", "Владимир"),
        ("Жору", "Георгий"),
        ("Гошу", "Георгий"),
        ("Танюху", "Татьяна"),
        ("Шурика", "Александр"),  # a boy's ending: not Александра
        ("Санька", "Александр"),  # the oblique case of Санёк
    ],
)
def test_C_3_a_pet_name_of_one_living_player_is_read(text: str, nick: str) -> None:
    assert _named(NAMES, text)[0] == nick


@pytest.mark.parametrize("text", ["Сашу", "Шуру", "Саню"])
def test_C_3_a_pet_name_two_living_players_bear_is_asked(text: str) -> None:
    nick, reason, candidates = _named(NAMES, text)
    assert nick is None and reason == AMBIGUOUS_NICK
    assert set(candidates) == {"Александр", "Александра"}


def test_C_3_a_player_called_by_another_pet_name_of_his_is_a_doubt_never_a_reading() -> None:
    # the nick Жора is a Георгий, but whether he answers to «Гоша» the letter cannot prove
    nick, reason, candidates = _named(["Жора", "Катя"], "Гошу")
    assert nick is None and reason == UNKNOWN_NICK and candidates == ("Жора",)
    # his own stem is his: «Жорика»
    assert _named(["Жора", "Катя"], "Жорика")[0] == "Жора"


def test_C_3_a_digit_tail_is_no_part_of_the_name() -> None:
    assert _named(["Zhenya_99", "Катя"], "Женьку")[0] == "Zhenya_99"


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Максимку", "Maxim"),  # a pet suffix on a Latin nick, in its case
        ("Шречка", "Shrek"),  # the suffix softens к to ч
        ("Maksimku", "Maxim"),  # the same typed in Latin
        ("Mishu", "Михаил"),  # a Russian pet name typed in Latin
        ("Lyohu", "Алексей"),
    ],
)
def test_C_3_latin_nicks_with_russian_endings_and_pet_names_typed_in_latin(
    text: str, nick: str
) -> None:
    assert _named(["Maxim", "Shrek", "Михаил", "Алексей", "Fox"], text)[0] == nick


def test_C_3_a_latin_nick_with_j_for_й_is_its_cyrillic_spelling() -> None:
    resolver = NickResolver(["Chajnik", "Fox"])
    assert resolver.resolve("Чайника", inflected=True).nick == "Chajnik"


CAST: dict[str, Any] = {
    "ruleset": "pefl",
    "turn": 2,
    "players": {
        "Александр": {"role": "commissar"},
        "Евгения": {"role": "doctor"},
        "Алексей": {"role": "mafia", "clan": "yakuza"},
        "Владимир": {"role": "mafia", "clan": "yakuza"},
        "Николай": {"role": "kamikaze", "clan": "yakuza"},
        "Пётр": {"role": "mafia", "clan": "triad"},
        "Мария": {"role": "mafia", "clan": "triad"},
        "Татьяна": {"role": "civilian"},
    },
}


def letter(sender: str, text: str, turn: int = 2) -> LetterReading:
    view = sender_view(at_turn(cast_state(CAST), turn), sender)
    assert view is not None
    return read_letter(text, view, resolver=NickResolver(view.living))


def test_C_2_a_pet_name_read_in_a_move_and_its_doubts_still_asked() -> None:
    got = letter("Александр", "проверяю Таню")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Татьяна",))
    # a hedge about the player's role after the move is a remark, not a doubt of the move
    got = letter("Александр", "чек Тане, походу она мафия")
    assert (got.kind, got.targets) == ("move", ("Татьяна",))
    # a doubt said after the move in chat words leaves it undecided
    assert letter("Александр", "проверю Таню, но это не точно").kind != "move"
    assert letter("Александр", "проверю Таню, хз").kind != "move"


def test_P_S_2_a_don_elected_who_may_not_be_don_is_refused_by_the_reader() -> None:
    got = letter("Алексей", "ну я за Колю доном", turn=0)
    assert got.kind == "refused" and got.code == "forbidden_target"
    got = letter("Алексей", "дон Вован", turn=0)
    assert (got.kind, got.action, got.targets) == ("move", "don", ("Владимир",))


def test_G_N_4_an_ambiguous_name_is_the_one_nominee_it_can_be() -> None:
    players = ["Александр", "Александра", "Евгения", "Фома"]
    result = extract_court_votes(
        [post(1, "Фома", text="Сашу")],
        nominees=["Александр", "Евгения"],
        players=players,
    )
    assert [(v.voter, v.target) for v in result.votes] == [("Фома", "Александр")]
    # both on trial: the name proves neither
    both = extract_court_votes(
        [post(1, "Фома", text="Сашу")], nominees=["Александр", "Александра"], players=players
    )
    assert not both.votes


SIDES: dict[str, Any] = {
    "ruleset": "gambler",
    "turn": 3,
    "pending_side_choice": True,
    "players": {
        "Rocky": {"role": "prostitute"},
        "Doc": {"role": "godfather"},
        "Fox": {"role": "maniac"},
        "Maxim": {"role": "commissar"},
    },
}


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("за мафию не хочу. мирные", "town"),
        ("За мафию играть не хочу. Я за мирных", "town"),
        ("Я за мафию", "mafia"),
        ("за мирных не буду", None),  # refused, and the other side never said
    ],
)
def test_G_M_8_a_side_refused_is_never_the_choice(text: str, side: str | None) -> None:
    view = sender_view(cast_state(SIDES), "Rocky")
    assert view is not None
    got = read_letter(text, view, resolver=NickResolver(view.living))
    assert (got.side if got.kind == "move" else None) == side


def test_C_3_the_senders_own_nick_as_another_players_case_form_is_that_player() -> None:
    cast: dict[str, Any] = {
        "ruleset": "pefl",
        "turn": 2,
        "players": {"Евгения": {"role": "doctor"}, "Евгений": {"role": "civilian"}},
    }
    view = sender_view(cast_state(cast), "Евгения")
    assert view is not None
    got = read_letter("лечу Евгения, он вчера просил", view, resolver=NickResolver(view.living))
    assert (got.kind, got.action, got.targets) == ("move", "heal", ("Евгений",))
    # a nick that is no other player's case form stays the sender's: a self-heal, refused
    alone: dict[str, Any] = {
        **cast,
        "players": {"Евгения": {"role": "doctor"}, "Фома": {"role": "civilian"}},
    }
    view = sender_view(cast_state(alone), "Евгения")
    assert view is not None
    got = read_letter("лечу Евгения", view, resolver=NickResolver(view.living))
    assert got.kind == "refused" and got.code == "forbidden_target"
