"""Coloured text that is more or less than a bare nick (C-3 ruling `vote_nicks = "as_moves"`,
G-N.1, P-V.1): a phrase naming one player, a word of a multi-word nick the ending tables do
not decline, and coloured words that are emphasis rather than a mistyped nick. Each class
was found by the vote corpus (tests/test_votes_corpus.py)."""

from __future__ import annotations

from parser.votes.day import extract_votes
from parser.votes.records import VoteOptions
from tests.test_votes import GREEN, RED, post

CAST = ["Рома", "Катя", "Жанна", "Рыжий", "Саша", "Саша Белый", "Dr.Watson", "Ночь", "Кот"]
WHY = " — весь день молчит и путается"


def read(
    ruleset: str, *posts_: object, **options: object
) -> list[tuple[str, str | None, str | None]]:
    result = extract_votes(
        posts_,  # type: ignore[arg-type]
        ruleset=ruleset,  # type: ignore[arg-type]
        players=CAST,
        options=VoteOptions(**options),  # type: ignore[arg-type]
    )
    return [(r.status, r.target, r.reason) for r in result.posts]


def test_C_3_coloured_phrase_naming_one_player_is_a_vote_for_him() -> None:
    for phrase, nick in [
        ("Голосую за Рому", "Рома"),
        ("Мой голос — Жанна", "Жанна"),
        ("против Рыжего", "Рыжий"),
        ("Жанна — мафия", "Жанна"),
    ]:
        p = post(1, "Катя", (RED, phrase), text=phrase + WHY)
        assert read("pefl", p) == [("vote", nick, None)], phrase
    g = post(2, "Катя", (GREEN, "Выставляю Сашу Белого"))
    assert read("gambler", g) == [("vote", "Саша Белый", None)]


def test_C_3_phrase_naming_two_players_or_a_cut_nick_is_no_vote() -> None:
    two = post(1, "Катя", (RED, "Рома или Жанна"), text="Рома или Жанна" + WHY)
    assert read("pefl", two) == [("rejected", None, "ambiguous_nick")]
    # «Сашу Б…» may be Саша or Саша Белый cut short: never a guess
    cut = post(2, "Катя", (GREEN, "Сашу Б"))
    assert read("gambler", cut) == [("rejected", None, "ambiguous_nick")]


def test_C_3_a_nick_that_is_an_ordinary_word_needs_its_capital_inside_a_phrase() -> None:
    lower = post(1, "Катя", (GREEN, "спокойной ночи всем"))
    assert read("gambler", lower) == [("no_vote", None, None)]
    upper = post(2, "Катя", (GREEN, "Выставляю Ночь"))
    assert read("gambler", upper) == [("vote", "Ночь", None)]


def test_C_3_phrases_are_read_only_under_as_moves() -> None:
    p = post(1, "Катя", (GREEN, "Выставляю Рому"))
    assert read("gambler", p, vote_nicks="exact")[0][0] != "vote"


def test_C_3_word_of_a_multi_word_nick_by_its_dictionary_form_or_other_script() -> None:
    assert read("gambler", post(1, "Катя", (GREEN, "Белого"))) == [("vote", "Саша Белый", None)]
    assert read("gambler", post(2, "Катя", (GREEN, "Ватсона"))) == [("vote", "Dr.Watson", None)]


def test_C_3_coloured_emphasis_is_not_reported_as_an_unknown_nick() -> None:
    # an ordinary word, a label with a colon and a time are layout, not a mistyped nick
    for text in ("очень", "Голос:", "Выставляю", "22:00"):
        assert read("gambler", post(1, "Катя", (GREEN, text))) == [("no_vote", None, None)], text
    # a name nobody in the game has is still reported
    assert read("gambler", post(2, "Катя", (GREEN, "Вова"))) == [("rejected", None, "unknown_nick")]


def test_C_3_an_ordinary_word_nick_in_a_phrase_that_says_it_votes() -> None:
    # «выставляю кота» nominates Кот however it is typed; «доброй ночи» names nobody
    assert read("gambler", post(1, "Катя", (GREEN, "выставляю кота"))) == [("vote", "Кот", None)]
    assert read("gambler", post(2, "Катя", (GREEN, "доброй ночи всем"))) == [
        ("no_vote", None, None)
    ]


def test_P_V_1_the_reason_may_be_inside_the_red_phrase() -> None:
    inside = "Рома, потому что весь день молчит"
    assert read("pefl", post(1, "Катя", (RED, inside), text=inside)) == [("vote", "Рома", None)]
    bare = "Голосую за Рому"
    assert read("pefl", post(2, "Катя", (RED, bare), text=bare)) == [
        ("rejected", "Рома", "no_reason")
    ]


def test_G_N_1_a_green_taken_back_in_words_is_no_green() -> None:
    text = "Снимаю зелёный с Ромы, пока думаю"
    # no un-green in G-N.1 (only another green replaces one): shown to the host (votes-24)
    got = read("gambler", post(1, "Катя", (GREEN, "Ромы"), text=text))
    assert got == [("rejected", None, "withdrawn")]
    text = "Снимаю Рому, выставляю Жанну"
    both = post(2, "Катя", (GREEN, "Рому"), (GREEN, "Жанну"), text=text)
    assert read("gambler", both) == [("vote", "Жанна", None)]
    # the verb must sit just before the nick, in the same clause
    text = "Сниму шляпу перед вашей логикой. Но выставляю Рому"
    assert read("gambler", post(3, "Катя", (GREEN, "Рому"), text=text)) == [("vote", "Рома", None)]


def test_C_3_a_phrase_that_only_mentions_a_player_is_no_vote() -> None:
    # with no vote word, the nick must head the phrase or follow «за»/«против»/«на»
    for phrase in ("Итоги дня от Ромы", "Спасибо Жанне за прошлую игру"):
        assert read("gambler", post(1, "Катя", (GREEN, phrase))) == [("no_vote", None, None)]
    assert read("gambler", post(2, "Катя", (GREEN, "Рыжий, ты мафия!"))) == [
        ("vote", "Рыжий", None)
    ]
    # a second player mentioned anywhere makes the phrase no vote
    assert read("gambler", post(3, "Катя", (GREEN, "Рома и Жанна"))) == [
        ("rejected", None, "ambiguous_nick")
    ]


def test_C_3_diminutives_of_a_nick_a_host_knows() -> None:
    words = (("Ромку", "Рома"), ("Катюху", "Катя"), ("Катьку", "Катя"), ("Сашку", "Саша"))
    for word, nick in words:
        assert read("gambler", post(1, "Жанна", (GREEN, word))) == [("vote", nick, None)], word


def test_C_5_a_phrase_naming_a_dead_player_is_reported_as_such() -> None:
    text = "Голосую за Олега"
    result = extract_votes(
        [post(1, "Катя", (RED, text), text=text + WHY)], ruleset="pefl", players=CAST, dead=["Олег"]
    )
    assert [(r.status, r.reason) for r in result.posts] == [("rejected", "dead_target")]


def test_C_3_a_diminutive_of_a_latin_nick_by_transliteration() -> None:
    result = extract_votes(
        [post(1, "Катя", (GREEN, "Танюшу"))], ruleset="gambler", players=[*CAST, "Tanya-77"]
    )
    assert [(r.status, r.target) for r in result.posts] == [("vote", "Tanya-77")]


def test_G_N_1_a_nick_negated_in_words_is_no_vote() -> None:
    text = "Голосую не за Рому, а за Катю"
    both = post(1, "Жанна", (RED, "Рому"), (RED, "Катю"), text=text + WHY)
    assert read("pefl", both) == [("vote", "Катя", None)]
    text = "Выставляю Катю (а не Рому)"
    aside = post(2, "Жанна", (GREEN, "Катю"), (GREEN, "Рому"), text=text)
    assert read("gambler", aside) == [("vote", "Катя", None)]
    # a «не» in another clause negates nothing
    text = "Не буду тянуть: Рома"
    assert read("pefl", post(4, "Жанна", (RED, "Рома"), text=text + WHY)) == [
        ("vote", "Рома", None)
    ]
    text = "Рома — не мафия, голосую Катя"
    assert read("pefl", post(3, "Жанна", (RED, "Катя"), text=text + WHY)) == [
        ("vote", "Катя", None)
    ]


def test_G_N_1_a_negation_anywhere_earlier_in_the_clause_takes_the_nick_back() -> None:
    text = "Я точно не буду сегодня голосовать за Рому"
    assert read("gambler", post(1, "Катя", (GREEN, "Рому"), text=text)) == [("no_vote", None, None)]
    # a contrasting conjunction opens a new clause, with or without a comma
    text = "Не знаю кто мафия но выставляю Рому"
    assert read("gambler", post(2, "Катя", (GREEN, "Рому"), text=text)) == [("vote", "Рома", None)]


def test_G_N_1_a_double_negation_is_a_vote() -> None:
    for text in ("Не могу не выставить Рому", "Нельзя не номинировать Рому", "Почему бы не Рому"):
        got = read("gambler", post(1, "Катя", (GREEN, "Рому"), text=text))
        assert got == [("vote", "Рома", None)], text


def test_G_N_1_a_nick_spared_or_negated_after_it_is_no_vote() -> None:
    for text, spans in [
        ("Выставляю Катю, Рома пусть живёт", ("Катю", "Рома")),
        ("Выставляю Катю. Рому не выставляю", ("Катю", "Рому")),
        ("Катя, а Рому я трогать не буду", ("Катя", "Рому")),
        ("Катю выставляю, Рому оставим на завтра", ("Катю", "Рому")),
    ]:
        both = post(1, "Жанна", *((GREEN, s) for s in spans), text=text)
        assert read("gambler", both) == [("vote", "Катя", None)], text
    # «не» after a nick with a verb that is not a vote is the reason, not a negation
    text = "Рома — не отвечает на вопросы"
    assert read("gambler", post(2, "Катя", (GREEN, "Рома"), text=text)) == [("vote", "Рома", None)]


def test_G_N_2_a_green_for_oneself_by_pronoun_names_the_author() -> None:
    for span in ("себя", "Выставляю себя", "за меня"):
        got = read("gambler", post(1, "Катя", (GREEN, span)))
        assert got == [("vote", "Катя", None)], span
    # the self-vote setting still applies; a pronoun in a longer text is no vote
    no_self = read("gambler", post(2, "Катя", (GREEN, "себя")), allow_self_vote=False)
    assert no_self == [("rejected", "Катя", "self_vote")]
    assert read("gambler", post(3, "Катя", (GREEN, "не вините себя"))) == [("no_vote", None, None)]


def test_G_N_1_a_negated_opinion_reaches_into_its_что_clause() -> None:
    text = "Не думаю, что Рыжий мафия"
    assert read("gambler", post(1, "Катя", (GREEN, "Рыжий"), text=text)) == [
        ("no_vote", None, None)
    ]
    text = "Думаю, что Рыжий мафия"
    got = read("gambler", post(2, "Катя", (GREEN, "Рыжий"), text=text))
    assert got == [("vote", "Рыжий", None)]


def test_P_V_1_a_negation_after_the_nick_is_the_reasons_unless_it_refuses_the_vote() -> None:
    # the vote verb before the nick, its negation after it: no vote
    text = "Голосовать за Рому я сегодня не стану, нет причин"
    assert read("pefl", post(1, "Катя", (RED, "Рому"), text=text)) == [("no_vote", None, None)]
    # after a dash, «потому что» or «он», and in «не только», the «не» is the reason's
    for text in (
        "Голосую за Рому — не нравится мне его тон весь день",
        "Голосую за Рому потому что он не отвечает на вопросы",
        "Голосую за Рому не только потому, что он молчит весь день",
    ):
        assert read("pefl", post(2, "Катя", (RED, "Рому"), text=text)) == [
            ("vote", "Рома", None)
        ], text


def test_G_N_1_a_question_or_a_condition_about_voting_is_not_a_green_yet() -> None:
    for text in (
        "Если Рома не ответит, выставлю Рыжего",
        "Выставлю Рыжего, если не будет ответа",
    ):
        got = read("gambler", post(1, "Катя", (GREEN, "Рыжего"), text=text))
        # no green, shown to the host as a vote on a condition (issue 17 item 2)
        assert got == [("rejected", None, "conditional")], text
    # a question is no green either, and is shown to the host (issue 17 item 2)
    got = read("gambler", post(1, "Катя", (GREEN, "Рыжего"), text="Может, Рыжего выставить?"))
    assert got == [("rejected", None, "unproven")]
    # «если что» leaves the vote standing
    got = read("gambler", post(2, "Катя", (GREEN, "Рыжий"), text="Если что, выставляю Рыжего"))
    assert got == [("vote", "Рыжий", None)]
    # a green nick alone in a question and a question to him is the player asked about, no
    # vote said (round votes-23): shown to the host, never counted
    got = read("gambler", post(2, "Катя", (GREEN, "Рыжий"), text="Рыжий? Ты где был ночью"))
    assert got == [("rejected", None, "unproven")]


def test_G_N_1_a_prefixed_vote_verb_refused_after_the_nick() -> None:
    text = "Перевыставлять Рыжего не буду"
    assert read("gambler", post(1, "Катя", (GREEN, "Рыжего"), text=text)) == [
        ("no_vote", None, None)
    ]


def test_G_N_1_a_green_told_of_a_day_gone_by_is_not_todays() -> None:
    text = "Вчера я выставляла Рому, и он оказался мирным"
    assert read("gambler", post(1, "Катя", (GREEN, "Рому"), text=text)) == [("no_vote", None, None)]
    text = "Вчера врал — сегодня выставляю Рому"
    assert read("gambler", post(2, "Катя", (GREEN, "Рому"), text=text)) == [("vote", "Рома", None)]


def test_G_N_1_ne_protiv_agrees() -> None:
    text = "Я не против выставить Рому"
    assert read("gambler", post(1, "Катя", (GREEN, "Рому"), text=text)) == [("vote", "Рома", None)]


def test_G_N_1_esli_ne_is_rhetorical() -> None:
    for text in ("Кто, если не Рома?", "Если не Рома, то кто?"):
        got = read("gambler", post(1, "Катя", (GREEN, "Рома"), text=text))
        assert got == [("vote", "Рома", None)], text


def test_P_V_1_a_negated_verb_before_a_link_word_is_not_the_votes() -> None:
    text = "Он не отвечает на вопросы и поэтому голосую за Рому"
    assert read("pefl", post(1, "Катя", (RED, "Рому"), text=text)) == [("vote", "Рома", None)]
    text = "Не хочу и не буду выставлять Рому"
    assert read("gambler", post(2, "Катя", (GREEN, "Рому"), text=text)) == [("no_vote", None, None)]
