"""C-3 for votes and court posts: a pet form two players' names share is `ambiguous_nick`
naming both, and a case form only one of two close nicks can take is that player's
(docs/rulings.md, the C-3 rows on diminutives and on two close nicks; tests/votes/dev17/)."""

from __future__ import annotations

from parser.nicks import AMBIGUOUS_NICK, NickResolver
from parser.votes.names import resolve_nick, strict_match


def _read(cast: list[str], text: str) -> tuple[str | None, str | None, tuple[str, ...]]:
    m = resolve_nick(NickResolver(cast), text, "as_moves")
    return m.nick, m.reason, tuple(sorted(m.candidates))


def test_C_3_a_pet_form_two_players_names_share_names_both() -> None:
    # one nick a pet form of the other's name: another pet form of that name fits both
    assert _read(["Злата", "Златка", "Фёкла"], "Златочку") == (
        None,
        AMBIGUOUS_NICK,
        ("Злата", "Златка"),
    )
    assert _read(["Алёна", "Алёнка"], "Алёнушки")[1] == AMBIGUOUS_NICK
    # the name the form is (Тася) is the one the pet nick Таська stands for
    assert _read(["Таисия", "Таська"], "Тасю") == (None, AMBIGUOUS_NICK, ("Таисия", "Таська"))


def test_C_3_near_misses_of_a_shared_pet_form_still_count() -> None:
    cast = ["Злата", "Златка", "Фёкла", "Марфа", "Марк"]
    # each nick's own case form is hers alone
    assert _read(cast, "Златку")[0] == "Златка"
    assert _read(cast, "Златы")[0] == "Злата"
    # a pet form of one name only; a name of its own beside it (Марк) is no pet nick
    assert _read(cast, "Фёклушку")[0] == "Фёкла"
    assert _read(cast, "Марфушу")[0] == "Марфа"
    # with the pet nick not seated, the full name is read
    assert _read(["Злата", "Фёкла"], "Златочку")[0] == "Злата"


def test_C_2_C_3_a_form_only_one_of_two_close_nicks_can_be_is_read() -> None:
    cast = ["Соколов", "Соколова", "Белкин", "Белкина"]
    assert _read(cast, "Соколовой")[0] == "Соколова"
    assert _read(cast, "соколовой")[0] == "Соколова"
    assert _read(cast, "Белкиным")[0] == "Белкин"
    # forms either can be stay ambiguous: the masculine's genitive is the feminine's nick,
    # the feminine's accusative the masculine's dative
    for either in ("Соколова", "Соколову", "Белкину"):
        assert _read(cast, either)[1] == AMBIGUOUS_NICK, either
    # a nick the dictionary does not know as a name tells nothing of its forms: «Вику» may
    # be Вик's dative
    assert _read(["Вика", "Вик"], "Вику")[1] == AMBIGUOUS_NICK
    # the phrase tiers (court clauses, coloured phrases) read it alike
    found = strict_match(NickResolver(cast), "Белкиной", ("inflected", "lemma"))
    assert found is not None and found.nick == "Белкина"
