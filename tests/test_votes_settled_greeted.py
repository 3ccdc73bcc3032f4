"""A concession settled back to the first red, a red greeting, a refusal and a gift parted by a
dash, and a story with a vote word (issue 17 item 2; P-V.1, G-N.1; tests/votes/README.md,
round `votes-43`). Near misses beside each: the same words that must not be counted."""

from __future__ import annotations

from tests.vote_kit import green, reader_for, red

CAST = ("Кедр", "Ольха", "Ясень", "Липа", "Дуб", "Клён", "Осина", "Сосна", "Pine")
_read = reader_for(CAST, by="Клён")


def _vote(body: str, rules: str = "pefl") -> str | None:
    got = _read(body, "pefl" if rules == "pefl" else "gambler")
    return got.target if got.status == "vote" else None


# -- P-V.1: a concession answered by the first pick named again with a reason against him --


def test_concession_settled_back_to_the_first_red() -> None:
    """P-V.1: «Против <A>, хотя и <B> подозрительна, но A больше врёт» is the vote for A."""
    body = f"Против {red('Кедра')}, хотя и {red('Ольха')} подозрительна, но Кедр больше врёт."
    assert _vote(body) == "Кедр"


def test_concession_settled_back_in_a_case_form() -> None:
    """P-V.1: the first player named again in another case form, with lying as the reason."""
    body = f"Против {red('Дуба')}, впрочем и {red('Ясень')} хорош, но Дуба я ловил на вранье."
    assert _vote(body) == "Дуб"


def test_concession_naming_the_second_again_is_not_counted() -> None:
    """P-V.1 (near miss): «но B больше врёт» after the concession proves no vote."""
    body = f"Против {red('Дуба')}, хотя {red('Липа')} тоже хороша, но Липа больше врёт."
    assert _vote(body) is None


def test_concession_naming_the_first_without_a_reason_is_not_counted() -> None:
    """P-V.1 (near miss): the first named again, defended, not accused: no vote proven."""
    body = f"Против {red('Осины')}, хотя и {red('Сосна')} подозрительна, но Осина хоть отвечает."
    assert _vote(body) is None


# -- P-V.1: a red called out with a greeting or a wish ------------------------------------


def test_red_greeting_is_shown_not_counted() -> None:
    """P-V.1: «<X>, спокойной ночи всем!» is a greeting to him, shown to the host."""
    got = _read(f"{red('Кедр')}, спокойной ночи всем!")
    assert (got.status, got.reason) == ("rejected", "unproven")


def test_red_wish_and_morning_greeting_are_shown() -> None:
    """P-V.1: a wish («удачи всем сегодня») and «с добрым утром» after an address."""
    for tail in ("удачи всем сегодня", "с добрым утром!", "всем доброй ночи и хороших снов."):
        got = _read(f"{red('Липа')}, {tail}")
        assert (got.status, got.reason) == ("rejected", "unproven"), tail


def test_greeting_then_a_vote_against_him_counts() -> None:
    """P-V.1 (near miss): the greeting followed by the author's vote against the one greeted."""
    assert _vote(f"{red('Кедр')}, спокойной ночи — голосую против тебя, ты мафия.") == "Кедр"


def test_a_word_after_the_nick_that_is_no_greeting_is_not_one() -> None:
    """P-V.1 (near miss): no comma, or a word no dictionary holds, is no greeting formula."""
    assert _read(f"{red('Ясень')} Ясень Ясень").reason != "unproven"


# -- G-N.1: a green refused one player and given another after a dash ---------------------


def test_green_refused_then_given_after_a_dash() -> None:
    """G-N.1: «<A> молодец, но зелёный не ставлю ему — ставлю <B>» nominates B."""
    body = f"{green('Pine')} молодец, но зелёный не ставлю ему — ставлю {green('Сосне')}."
    assert _vote(body, "gambler") == "Сосна"


def test_both_greens_refused_is_no_vote() -> None:
    """G-N.1 (near miss): «Не ставлю зелёный <A> — и <B> тоже не ставлю» nominates nobody."""
    body = f"Не ставлю зелёный {green('Кедру')} — и {green('Липе')} тоже не ставлю."
    assert _vote(body, "gambler") is None


# -- G-N.1, P-V.1: a story with the player, and the reason against him ----------------------


def test_story_with_vote_word_and_accusation_counts() -> None:
    """G-N.1: «С <X> вчера гоняли, он мафия — выдвигаю» is the nomination and its reason."""
    body = f"С {green('Дубом')} вчера гоняли на рыбалку, он мафия — выдвигаю."
    assert _vote(body, "gambler") == "Дуб"


def test_story_of_yesterday_accusing_him_is_the_red_reason() -> None:
    """P-V.1: «Вчера с <X> спорили — он врал и юлил» is a red with its reason."""
    body = f"Вчера с {red('Осиной')} спорили весь вечер — она врала и юлила, не верю ей."
    assert _vote(body) == "Осина"


def test_story_with_no_accusation_is_not_counted() -> None:
    """G-N.1 (near miss): a ride told of, nothing said against him, is no nomination."""
    assert _vote(f"С {green('Кедром')} вчера гоняли на рыбалку, отлично посидели.", "g") is None
    assert _vote(f"Вчера с {green('Кедром')} вместе ловили мафию.", "g") is None


def test_with_a_counterpart_beside_the_own_vote_word_counts() -> None:
    """G-N.1: «с <Липой> не согласен, выдвигаю»: a counterpart, not a place, beside the
    author's live vote word (its «не» belongs to the clause before)."""
    assert _vote(f"Сегодня с {green('Липой')} не согласен, выдвигаю.", "gambler") == "Липа"
