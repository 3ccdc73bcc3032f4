"""C-3: a Latin handle written with a Cyrillic part across a hyphen («Tanuki-сенсея»)."""

from __future__ import annotations

import pytest

from mafiabot.replay_posts import post_from_body
from parser.votes.day import extract_votes

PLAYERS = ("Tanuki_Sensei", "Quasar", "Quasar7", "Ратибор", "Полина")


def _read(nick: str) -> tuple[str, str | None, str | None]:
    body = f'Голосую против <span style="color:red">{nick}</span>, весь день уводит разговор'
    (got,) = extract_votes(
        [post_from_body(1, "Полина", body, 1)], ruleset="pefl", players=PLAYERS
    ).posts
    return got.status, got.target, got.reason


@pytest.mark.parametrize("nick", ["Tanuki-сенсея", "Tanuki-сану", "tanuki-сэнсэй"])
def test_C_3_a_handles_latin_part_with_a_cyrillic_honorific_is_the_handle(nick: str) -> None:
    assert _read(nick) == ("vote", "Tanuki_Sensei", None), nick


def test_C_3_a_latin_part_two_handles_share_is_ambiguous_and_a_stranger_unknown() -> None:
    assert _read("Quasar-сан") == ("rejected", None, "ambiguous_nick")
    assert _read("Panda-сенсея")[0] != "vote"
