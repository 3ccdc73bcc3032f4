"""Vote reading rules on Post records built in the test (RULES.md G-N.1, G-N.2, G-N.4,
P-V.1–P-V.3, P-A.3, C-3, C-5). The real pages are read in test_votes_fixture.py."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import Vote
from parser.records import ColoredSpan, EditNote, Post, Quote
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes, self_green_votes, self_greens
from parser.votes.reasons import reason_words
from parser.votes.records import Ruleset, VoteOptions, color_matches

GREEN, RED, BLUE = "#008000", "#ff0000", "#0000ff"
LIVING = ["Вася", "Петя", "Маша", "Даша", "Mister X"]
T0 = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)


def post(
    pid: int,
    author: str,
    *spans: tuple[str, str] | tuple[str, str, bool],
    text: str | None = None,
    quotes: tuple[int, ...] = (),
) -> Post:
    colored = tuple(ColoredSpan(s[0], s[1], bool(s[2]) if len(s) == 3 else False) for s in spans)
    own = text if text is not None else " ".join(s[1] for s in spans)
    return Post(
        id=pid,
        author=author,
        author_id=None,
        posted_at=T0 + timedelta(minutes=pid),
        body_html="",
        text=own,
        own_text=own,
        colored=colored,
        quotes=tuple(Quote(author=None, post_id=q) for q in quotes),
    )


def targets(votes: list[Vote]) -> dict[str, str]:
    return {v.voter: v.target for v in votes}


def reasons(result: object) -> list[tuple[str, str, int | None]]:
    return [(r.author, r.reason, r.post_id) for r in result.rejected]  # type: ignore[attr-defined]


# -- Gambler --------------------------------------------------------------------------------


def test_G_N_1_last_green_counts_across_posts_and_within_a_post() -> None:
    posts = [
        post(1, "Вася", (GREEN, "Петя")),
        # re-green inside one post: the words say which is meant (issue 17)
        post(2, "Маша", (GREEN, "Петя"), (GREEN, "Вася"), text="Петя... ой, нет, Вася"),
        post(3, "Вася", (GREEN, "Маша")),  # re-green in a later post
    ]
    r = extract_votes(posts, ruleset="gambler", players=LIVING)
    assert targets(r.votes) == {"Маша": "Вася", "Вася": "Маша"}
    assert r.tally == {"Вася": 1, "Маша": 1}
    assert [p.status for p in r.posts] == ["superseded", "vote", "vote"]
    assert all(v.kind == "green" for v in r.votes)


def test_G_N_1_two_greens_the_words_do_not_choose_between_are_shown_to_the_host() -> None:
    # issue 17: several players in the vote's colour count only when the words prove one
    posts = [post(1, "Маша", (GREEN, "Петя"), (GREEN, "Вася"), text="Петя и Вася")]
    r = extract_votes(posts, ruleset="gambler", players=LIVING)
    assert r.votes == [] and reasons(r) == [("Маша", "unclear", 1)]
    assert "не ясно, за кого" in r.rejected[0].detail


def test_G_N_1_only_greens_in_any_spelling_count() -> None:
    posts = [
        post(1, "Вася", (RED, "Петя")),  # a red nick is no nomination in Gambler
        post(2, "Петя", ("#00ff00", "Маша")),
        post(3, "Маша", ("#228b22", "Петя")),  # forestgreen: still the green family
        post(4, "Даша", (BLUE, "Петя")),
    ]
    r = extract_votes(posts, ruleset="gambler", players=LIVING)
    assert targets(r.votes) == {"Петя": "Маша", "Маша": "Петя"}
    assert r.rejected == []


def test_G_N_1_struck_green_is_ignored() -> None:
    posts = [post(1, "Вася", (GREEN, "Петя"), (GREEN, "Маша", True))]
    r = extract_votes(posts, ruleset="gambler", players=LIVING)
    assert targets(r.votes) == {"Вася": "Петя"}


def test_G_N_1_colour_list_is_a_setting() -> None:
    posts = [post(1, "Вася", (GREEN, "Петя")), post(2, "Маша", ("#00aa00", "Петя"))]
    only = VoteOptions(colors=("#00aa00",))
    assert targets(extract_votes(posts, ruleset="gambler", players=LIVING, options=only).votes) == {
        "Маша": "Петя"
    }


def test_G_N_2_silent_living_players_green_themselves() -> None:
    r = extract_votes([post(1, "Вася", (GREEN, "Петя"))], ruleset="gambler", players=LIVING)
    full = self_greens(r, LIVING)
    assert targets(full.votes) == {
        "Вася": "Петя",
        "Петя": "Петя",
        "Маша": "Маша",
        "Даша": "Даша",
        "Mister X": "Mister X",
    }
    assert [v.kind for v in full.votes] == ["green", "self", "self", "self", "self"]
    assert full.tally["Петя"] == 2 and sum(full.tally.values()) == len(LIVING)
    assert self_green_votes(full.votes, LIVING) == []  # nobody is silent any more


def test_C_3_nicks_resolve_loosely_but_never_by_guess() -> None:
    posts = [
        post(1, "Вася", (GREEN, "@маша!")),
        post(2, "Петя", (GREEN, "Мister Х")),  # Cyrillic М and Х
        post(3, "Маша", (GREEN, "Пётр")),  # unknown: one word, so reported
        post(4, "Даша", (GREEN, "Внимание всем!"), (GREEN, "Вася")),  # text + a nick
    ]
    r = extract_votes(posts, ruleset="gambler", players=LIVING)
    assert targets(r.votes) == {"Вася": "Маша", "Петя": "Mister X", "Даша": "Вася"}
    assert reasons(r) == [("Маша", "unknown_nick", 3)]
    assert "Пётр" in r.rejected[0].detail


def test_C_3_coloured_sentence_that_is_no_nick_is_not_reported() -> None:
    r = extract_votes(
        [post(1, "Вася", (GREEN, "Внимание всем!"))], ruleset="gambler", players=LIVING
    )
    assert r.votes == [] and r.rejected == [] and r.posts[0].status == "no_vote"


def test_C_3_ambiguous_coloured_nick_is_rejected() -> None:
    players = ["Марина1", "Марина2", "Вася"]
    r = extract_votes([post(1, "Вася", (GREEN, "Марина"))], ruleset="gambler", players=players)
    assert reasons(r) == [("Вася", "ambiguous_nick", 1)]


def test_C_5_dead_and_outsiders_do_not_vote_and_host_is_ignored() -> None:
    posts = [
        post(1, "Ведущий", (GREEN, "Ник"), (RED, "Вася")),
        post(2, "Зритель", (GREEN, "Вася")),
        post(3, "Кот", (GREEN, "Вася")),
        post(4, "Зритель", text="просто болтаю"),
        post(5, "Петя", (GREEN, "Кот")),  # a vote for the dead
    ]
    r = extract_votes(
        posts,
        ruleset="gambler",
        players=LIVING,
        dead=["Кот"],
        options=VoteOptions(ignore_authors=frozenset({"Ведущий"})),
    )
    assert r.votes == []
    assert reasons(r) == [
        ("Зритель", "not_a_player", 2),
        ("Кот", "dead", 3),
        ("Петя", "dead_target", 5),
    ]
    assert [p.post_id for p in r.posts] == [2, 3, 4, 5]  # the host's post is not even read


def test_self_vote_ruling_is_a_setting() -> None:
    posts = [post(1, "Вася", (GREEN, "Вася"))]
    allowed = extract_votes(posts, ruleset="gambler", players=LIVING)
    assert targets(allowed.votes) == {"Вася": "Вася"}
    banned = extract_votes(
        posts, ruleset="gambler", players=LIVING, options=VoteOptions(allow_self_vote=False)
    )
    assert reasons(banned) == [("Вася", "self_vote", 1)]


def test_window_by_post_id_and_time() -> None:
    posts = [post(i, "Вася", (GREEN, nick)) for i, nick in [(1, "Петя"), (5, "Маша"), (9, "Даша")]]
    by_id = VoteOptions(after_post_id=1, before_post_id=9)
    assert targets(
        extract_votes(posts, ruleset="gambler", players=LIVING, options=by_id).votes
    ) == {"Вася": "Маша"}
    by_time = VoteOptions(until=T0 + timedelta(minutes=5))  # a post at the deadline is late
    assert targets(
        extract_votes(posts, ruleset="gambler", players=LIVING, options=by_time).votes
    ) == {"Вася": "Петя"}


def test_tally_orders_by_count_then_who_reached_it_first() -> None:
    posts = [
        post(1, "Вася", (GREEN, "Маша")),
        post(2, "Петя", (GREEN, "Даша")),
        post(3, "Маша", (GREEN, "Даша")),
        post(4, "Даша", (GREEN, "Маша")),
    ]
    r = extract_votes(posts, ruleset="gambler", players=LIVING)
    assert list(r.tally.items()) == [("Даша", 2), ("Маша", 2)]


# -- PEFL -----------------------------------------------------------------------------------


def test_P_V_1_red_nick_needs_a_reason_of_min_words() -> None:
    posts = [
        post(1, "Вася", (RED, "Петя"), text="Петя молчит весь день"),
        post(2, "Маша", (RED, "Петя"), text="Петя"),
        post(3, "Даша", (RED, "Петя"), text="Петя: подозрительно"),
        post(4, "Петя", (GREEN, "Вася"), text="Вася врёт как дышит, точно мафия"),  # not red
    ]
    r = extract_votes(posts, ruleset="pefl", players=LIVING)
    assert targets(r.votes) == {"Вася": "Петя"}
    assert reasons(r) == [("Маша", "no_reason", 2), ("Даша", "no_reason", 3)]
    assert all(v.kind == "red" for v in r.votes)
    lenient = extract_votes(
        posts, ruleset="pefl", players=LIVING, options=VoteOptions(min_reason_words=1)
    )
    assert targets(lenient.votes) == {"Вася": "Петя", "Даша": "Петя"}


def test_P_V_1_reason_counts_own_words_besides_the_nick() -> None:
    p = post(1, "Вася", (RED, "Mister X"), text="Mister X — слишком тихий игрок")
    assert reason_words(p, "Mister X") == 3
    # a number is no word of a reason (P-V.1: a reason in words): «+1» counts for nothing
    assert reason_words(post(2, "Вася", (RED, "Петя"), text="Петя +1 !!!"), "Петя") == 0


def test_P_V_2_agreement_quoting_an_accepted_vote() -> None:
    posts = [
        post(10, "Вася", (RED, "Петя"), text="Петя молчит весь день"),
        post(11, "Маша", (RED, "Петя"), text="Петя", quotes=(10,)),  # agrees: counts
        post(12, "Даша", (RED, "Маша"), text="Маша", quotes=(10,)),  # quotes another target
        post(13, "Mister X", (RED, "Маша"), text="Маша", quotes=(12,)),  # 12 was rejected
    ]
    r = extract_votes(posts, ruleset="pefl", players=LIVING)
    assert targets(r.votes) == {"Вася": "Петя", "Маша": "Петя"}
    assert r.votes[1].agreed_with == 10 and r.votes[0].agreed_with is None
    assert reasons(r) == [("Даша", "no_reason", 12), ("Mister X", "no_reason", 13)]


def test_P_V_3_first_accepted_vote_counts_changes_are_reported() -> None:
    posts = [
        post(1, "Вася", (RED, "Петя"), text="Петя"),  # no reason: not accepted
        post(2, "Вася", (RED, "Маша"), text="Маша ведёт себя как мафия"),  # accepted
        post(3, "Вася", (RED, "Даша"), text="нет, всё же Даша, она мафия точно"),  # change
        post(4, "Вася", (RED, "Маша"), text="Маша, как я и говорил, мафия"),  # same again
    ]
    r = extract_votes(posts, ruleset="pefl", players=LIVING)
    assert targets(r.votes) == {"Вася": "Маша"} and r.tally == {"Маша": 1}
    assert reasons(r) == [
        ("Вася", "no_reason", 1),
        ("Вася", "changed_vote", 3),
        ("Вася", "repeated_vote", 4),
    ]
    assert "Маша" in r.rejected[1].detail  # tells him which vote stands
    assert [p.status for p in r.posts] == ["rejected", "vote", "rejected", "rejected"]


def test_P_V_3_the_same_red_again_is_a_later_vote_ignored_and_reported() -> None:
    # docs/rulings.md, P-V.3: every later vote is ignored and reported, the one naming the
    # same player too — the first post stays the vote (never counted twice), the repeat is
    # no vote of its own, and the host is told; an agreement quoting the repeat agrees with
    # nothing (P-V.2), one quoting the first post still counts
    posts = [
        post(1, "Вася", (RED, "Маша"), text="Маша ведёт себя как мафия"),
        post(2, "Вася", (RED, "Маша"), text="Ещё раз, для верности: Маша мафия"),
        post(3, "Даша", (RED, "Маша"), text="Маша", quotes=(2,)),
        post(4, "Петя", (RED, "Маша"), text="Маша", quotes=(1,)),
    ]
    r = extract_votes(posts, ruleset="pefl", players=LIVING)
    assert [(v.voter, v.post_id) for v in r.votes] == [("Вася", 1), ("Петя", 4)]
    assert r.tally == {"Маша": 2}
    assert reasons(r) == [("Вася", "repeated_vote", 2), ("Даша", "no_reason", 3)]
    assert "Маша" in r.rejected[0].detail and "уже засчитан" in r.rejected[0].detail
    assert [p.status for p in r.posts] == ["vote", "rejected", "rejected", "vote"]


def test_P_V_3_gambler_re_green_of_the_same_player_is_still_the_last_green() -> None:
    # G-N.1 keeps the last green: a repeat there replaces the earlier one, nothing refused
    posts = [
        post(1, "Вася", (GREEN, "Маша"), text="Маша"),
        post(2, "Вася", (GREEN, "Маша"), text="Маша, ещё раз"),
    ]
    r = extract_votes(posts, ruleset="gambler", players=LIVING)
    assert [(v.voter, v.post_id) for v in r.votes] == [("Вася", 2)] and not r.rejected


def test_P_V_3_a_post_unsure_between_two_reds_is_never_the_one_vote() -> None:
    # issue 17: two players in red and words that do not settle it — the post is shown to
    # the host as unclear, and the player's later clear vote is his one vote (P-V.3)
    unsure = post(
        1, "Вася", (RED, "Петя"), (RED, "Маша"), text="Петя или Маша, оба молчат весь день"
    )
    clear = post(2, "Вася", (RED, "Маша"), text="Маша: молчит весь день и путается")
    r = extract_votes([unsure, clear], ruleset="pefl", players=LIVING)
    assert reasons(r) == [("Вася", "unclear", 1)]
    assert targets(r.votes) == {"Вася": "Маша"}


def test_P_V_3_a_slip_corrected_in_the_same_post_is_read_as_corrected() -> None:
    slip = post(
        1,
        "Вася",
        (RED, "Петя"),
        (RED, "Маша"),
        text="Голосую за Петя... ой, за Маша: молчит весь день",
    )
    r = extract_votes([slip], ruleset="pefl", players=LIVING)
    assert targets(r.votes) == {"Вася": "Маша"}


def test_P_A_3_beaten_player_vote_is_ignored_and_flagged() -> None:
    posts = [post(1, "Петя", (RED, "Вася"), text="Вася точно мафия, голосую")]
    r = extract_votes(posts, ruleset="pefl", players=LIVING, beaten=["Петя"])
    assert r.votes == [] and reasons(r) == [("Петя", "beaten", 1)]


def test_policy_and_reason_are_settings_independent_of_ruleset() -> None:
    posts = [post(1, "Вася", (RED, "Петя")), post(2, "Вася", (GREEN, "Маша"))]
    house = VoteOptions(colors=("any",), policy="last", require_reason=False)
    r = extract_votes(posts, ruleset="pefl", players=LIVING, options=house)
    assert targets(r.votes) == {"Вася": "Маша"} and r.rejected == []


# -- Gambler court --------------------------------------------------------------------------


def test_G_N_4_court_votes_last_counts_only_nominees() -> None:
    posts = [
        post(1, "Вася", text="Петя"),
        post(2, "Маша", (RED, "Даша"), text="Даша"),
        post(3, "Вася", text="маша"),  # changes his court vote: the last counts
        post(4, "Даша", text="Mister X"),  # not on trial
        post(5, "Петя", text="Ну и суд у вас, конечно, я в шоке от вас всех"),  # chatter
        post(6, "Зритель", text="Петя"),
    ]
    r = extract_court_votes(posts, nominees=["Петя", "Маша", "Даша"], players=LIVING)
    assert targets(r.votes) == {"Маша": "Даша", "Вася": "Маша"}
    assert all(v.kind == "court" for v in r.votes)
    assert reasons(r) == [("Даша", "not_a_nominee", 4), ("Зритель", "not_a_player", 6)]
    assert r.tally == {"Даша": 1, "Маша": 1}


# -- robustness -----------------------------------------------------------------------------

_span = st.tuples(
    st.sampled_from([GREEN, RED, BLUE, "#000000", "#zzzzzz", ""]),
    st.one_of(st.sampled_from([*LIVING, "Ник", "Кот"]), st.text(max_size=20)),
    st.booleans(),
)
_post = st.builds(
    lambda pid, author, spans, text, quotes: post(pid, author, *spans, text=text, quotes=quotes),
    st.integers(0, 50),
    st.sampled_from([*LIVING, "Зритель", "Кот", "Ведущий"]),
    st.lists(_span, max_size=4),
    st.text(max_size=40),
    st.lists(st.integers(0, 50), max_size=2).map(tuple),
)


@given(st.lists(_post, max_size=12), st.sampled_from(["gambler", "pefl"]))
def test_extract_votes_never_raises_and_counts_one_vote_per_voter(
    posts: list[Post], ruleset: str
) -> None:
    r = extract_votes(posts, ruleset=ruleset, players=LIVING, dead=["Кот"])  # type: ignore[arg-type]
    voters = [v.voter for v in r.votes]
    assert len(voters) == len(set(voters)) and set(voters) <= set(LIVING)
    assert sum(r.tally.values()) == len(r.votes)
    assert all(v.target in LIVING for v in r.votes)
    court = extract_court_votes(posts, nominees=LIVING[:2], players=LIVING)
    assert all(v.target in LIVING[:2] for v in court.votes)


def test_color_matches_specs() -> None:
    assert color_matches("#008000", ["family:green"])
    assert color_matches("#8b0000", ["family:red"])  # darkred
    assert not color_matches("#aa0000", ["family:green"])
    assert color_matches("#123456", ["any"])
    assert color_matches("#00AA00", ["#00aa00"])
    assert not color_matches("#808080", ["family:red", "family:green"])  # grey


def test_C_2_author_spelled_otherwise_than_the_players_list_votes_only_by_id() -> None:
    # the account is «Мaкс» (Latin a), the host's list says «Макс» (Cyrillic): by name alone
    # that is another account (an outsider); the account's board id makes it the player
    p = replace(post(1, "Мaкс", (GREEN, "Вася")), author_id=59)
    r = extract_votes([p], ruleset="gambler", players=["Макс", "Вася"])
    assert r.votes == [] and [x.reason for x in r.rejected] == ["not_a_player"]
    r = extract_votes([p], ruleset="gambler", players=["Макс", "Вася"], player_ids={"Макс": 59})
    assert [(v.voter, v.target) for v in r.votes] == [("Макс", "Вася")]


def test_C_1_vote_in_a_post_edited_after_the_deadline_is_flagged() -> None:
    deadline = T0 + timedelta(hours=1)
    late = replace(
        post(1, "Вася", (GREEN, "Петя")), edited=EditNote(by="Вася", at=deadline, count=1)
    )
    early = replace(
        post(2, "Маша", (GREEN, "Петя")),
        edited=EditNote(by="Маша", at=deadline - timedelta(minutes=1), count=1),
    )
    r = extract_votes(
        [late, early], ruleset="gambler", players=LIVING, options=VoteOptions(until=deadline)
    )
    assert [(p.post_id, p.status, p.note) for p in r.posts] == [
        (1, "vote", "edited_after_deadline"),
        (2, "vote", None),
    ]


def test_P_V_1_repeated_nick_is_not_a_reason() -> None:
    # QA: a post that is only the red nick four times was accepted as a reasoned vote
    four = post(1, "Вася", *[(RED, "Петя")] * 4)
    assert reason_words(four, "Петя", "Петя") == 0
    r = extract_votes([four], ruleset="pefl", players=LIVING)
    assert r.votes == []
    assert reasons(r) == [("Вася", "no_reason", 1)]


def test_P_V_1_lookalike_and_declined_copies_of_the_nick_are_not_reason_words() -> None:
    # Latin «е» in «Пeтя», declined «Петю»/«Пете», case, punctuation: all the nick
    p = post(1, "Вася", (RED, "Петя"), text="Петя Пeтя, ПЕТЮ! Пете @петя")
    assert reason_words(p, "Петя", "Петя") == 0
    q = post(2, "Вася", (RED, "Mister X"), text="Mister X mister x Mister Xа Mister молчит")
    assert reason_words(q, "Mister X", "Mister X") == 1
    # a declined form of another word is still a word
    assert reason_words(post(3, "Вася", (RED, "Петя"), text="Петя петляет весь день"), "Петя") == 3


def test_P_V_1_other_red_nicks_are_not_a_reason_but_plain_nicks_are_words() -> None:
    row = post(1, "Вася", (RED, "Петя"), (RED, "Маша"), (RED, "Даша"), (RED, "Mister X"))
    r = extract_votes([row], ruleset="pefl", players=LIVING)
    # a row of red nicks is no vote: several players and no words choosing one (issue 17)
    assert reasons(r) == [("Вася", "unclear", 1)]
    plain = post(2, "Маша", (RED, "Петя"), text="Петя, Даша и Mister X")
    r = extract_votes([plain], ruleset="pefl", players=LIVING)
    assert targets(r.votes) == {"Маша": "Петя"}  # «Даша и Mister X»: logic is never judged
    red_reason = post(3, "Даша", (RED, "Петя"), (RED, "молчит весь день"))
    r = extract_votes([red_reason], ruleset="pefl", players=LIVING)
    assert targets(r.votes) == {"Даша": "Петя"}  # red words that name nobody are words


def test_G_N_1_an_empty_colour_list_means_the_default_greens() -> None:
    # a config's `green_colors = []` reached the reader as () and no green was ever counted
    posts = [post(1, "Вася", (GREEN, "Петя")), post(2, "Маша", (RED, "Петя"))]
    r = extract_votes(posts, ruleset="gambler", players=LIVING, options=VoteOptions(colors=()))
    assert targets(r.votes) == {"Вася": "Петя"}
    p = extract_votes(posts, ruleset="pefl", players=LIVING, options=VoteOptions(colors=()))
    assert reasons(p) == [("Маша", "no_reason", 2)]  # the red one is read as a vote


def test_P_V_1_reason_count_may_stop_at_enough_but_never_overcounts() -> None:
    long = post(1, "Вася", (RED, "Петя"), text="Петя " + "молчит весь день " * 50)
    assert reason_words(long, "Петя") == 150
    assert reason_words(long, "Петя", enough=3) == 3
    short = post(2, "Вася", (RED, "Петя"), (RED, "Маша"), text="Петя Маша Петю молчит")
    assert reason_words(short, "Петя", "Петя", ["Маша"], enough=3) == 1


def test_P_V_1_G_N_1_a_red_or_green_on_the_hosts_name_is_refused_and_shown() -> None:
    # C-3, P-V.1, G-N.1: the host is no player — a vote for him (as written or in a case
    # form) counts for nobody, and is refused with a line naming him, as an outsider
    # account's is (`unknown_nick`), rather than read as no vote at all
    host = VoteOptions(ignore_authors=frozenset({"Ведущий"}))
    sets: tuple[tuple[Ruleset, str], ...] = (("pefl", RED), ("gambler", GREEN))
    for ruleset, colour in sets:
        posts = [
            post(1, "Вася", (colour, "Ведущего"), text="Голосую против Ведущего: он всё подстроил"),
            post(2, "Петя", (colour, "Ведущий"), text="Ведущий, верни мне роль, весь день скучно"),
            post(3, "Ведущий", (colour, "Маша"), text="Маша: пример голоса для всех"),
        ]
        r = extract_votes(posts, ruleset=ruleset, players=LIVING, options=host)
        assert not r.votes and not r.tally
        assert reasons(r) == [("Вася", "unknown_nick", 1), ("Петя", "unknown_nick", 2)]
        assert all("ведущий игры" in x.detail for x in r.rejected)
        assert [x.target for x in r.rejected] == ["Ведущего", "Ведущий"]
    # his name beside a player's vote leaves that vote standing
    beside = post(
        4,
        "Даша",
        (RED, "Ведущему"),
        (RED, "Маша"),
        text="Ведущему привет. Маша мафия, врёт весь день",
    )
    r = extract_votes([beside], ruleset="pefl", players=LIVING, options=host)
    assert targets(r.votes) == {"Даша": "Маша"} and not r.rejected
    # a player whose nick is the host's word is a player, not the host
    seated = extract_votes(
        [post(5, "Вася", (RED, "Ведущий"), text="Ведущий весь день молчит, мафия")],
        ruleset="pefl",
        players=[*LIVING, "Ведущий"],
        options=VoteOptions(ignore_authors=frozenset({"ведущий"})),
    )
    assert targets(seated.votes) == {"Вася": "Ведущий"}


def test_G_N_4_a_court_vote_on_the_hosts_name_is_refused_and_shown() -> None:
    # G-N.4 with C-3: the court votes for nominees, and the host is no player at all — a court
    # post naming him (bare, in a case form, in colour, with a jailing word) is refused as
    # `unknown_nick` with the line naming him, as a green on his name is, not read as talk
    host = VoteOptions(ignore_authors=frozenset({"Ведущий"}))
    posts = [
        post(1, "Вася", (GREEN, "Ведущего")),
        post(2, "Петя", text="Ведущий"),
        post(3, "Маша", text="Сажаю ведущего"),
        post(4, "Даша", text="Петю"),
        post(5, "Ведущий", text="Маша"),  # the host's own post is no vote
    ]
    r = extract_court_votes(posts, nominees=["Петя", "Маша"], players=LIVING, options=host)
    assert targets(r.votes) == {"Даша": "Петя"}
    assert [(a, n) for a, _, n in reasons(r)] == [("Вася", 1), ("Петя", 2), ("Маша", 3)]
    assert {x.reason for x in r.rejected} == {"unknown_nick"}
    assert all("ведущий игры" in x.detail for x in r.rejected)
    assert [x.target for x in r.rejected] == ["Ведущего", "Ведущий", "ведущего"]
    # a later court vote for a nominee still counts (the last one, G-N.4), and thanks to
    # the host name no vote at all
    later = [post(6, "Вася", text="Машу"), post(7, "Петя", text="Спасибо ведущему за игру")]
    r = extract_court_votes(
        [*posts, *later], nominees=["Петя", "Маша"], players=LIVING, options=host
    )
    assert targets(r.votes) == {"Даша": "Петя", "Вася": "Маша"}
    assert [x.post_id for x in r.rejected] == [1, 2, 3]
    # without the host's account the same posts are no votes, as before
    bare = extract_court_votes(posts[:3], nominees=["Петя", "Маша"], players=LIVING)
    assert not bare.votes and not bare.rejected
    # a player whose nick is the host's word is a player, not the host
    seated = extract_court_votes(
        [post(8, "Вася", text="Ведущий")],
        nominees=["Ведущий"],
        players=[*LIVING, "Ведущий"],
        options=VoteOptions(ignore_authors=frozenset({"ведущий"})),
    )
    assert targets(seated.votes) == {"Вася": "Ведущий"}


def test_P_V_1_a_single_red_nick_in_a_thanks_praise_question_or_request_is_shown_not_counted() -> (
    None
):
    # issue 17, P-V.1 (a vote is the red nick *and* its reason): one player in red inside words
    # that thank, praise, ask about or only address him proves no vote — refused as
    # `unproven` for the host; in PEFL it is never the player's one vote (P-V.3)
    bodies = [
        ("Маше", "Спасибо Маше за поддержку вчера, без неё бы не разобрались"),
        ("Петя", "Петя сегодня в ударе, хорошо держится весь день"),
        ("Даша", "Как думаете, Даша вообще играет или просто сидит?"),
        ("Mister X", "Mister X, объясни, пожалуйста, свой утренний пост"),
    ]
    for n, (nick, text) in enumerate(bodies, 1):
        r = extract_votes([post(n, "Вася", (RED, nick), text=text)], ruleset="pefl", players=LIVING)
        assert not r.votes, text
        assert reasons(r) == [("Вася", "unproven", n)], text
        assert nick in r.rejected[0].detail
    later = post(9, "Вася", (RED, "Даша"), text="Голосую против Даши: путается весь день")
    thanks = post(8, "Вася", (RED, "Маше"), text="Спасибо Маше за поддержку вчера, очень помогла")
    r = extract_votes([thanks, later], ruleset="pefl", players=LIVING)
    assert targets(r.votes) == {"Вася": "Даша"}


def test_P_V_1_the_common_vote_forms_near_a_thanks_or_a_question_still_count() -> None:
    # near misses of the rule above: the reason around the nick, a vote word anywhere in
    # the post, an accusation in the praised player's sentence, a rhetorical question
    bodies = [
        ("Маша", "Маша весь день врёт и путается в показаниях"),
        ("Петя", "Спасибо всем за игру. Петя — мафия, весь день увиливает"),
        ("Даша", "Ну спасибо, Даша, удружила: из-за тебя повесили мирного. Голосую"),
        ("Mister X", "Mister X явно в ударе — топит мирных одного за другим"),
        ("Маша", "Маша молчит весь день, не странно ли?"),
        ("Петя", "Кто, если не Петя? Весь день отмалчивается"),
        ("Даша", "Даша, признавайся: ты мафия"),
        ("Маша", "Маша молодец, конечно, но мафия: голосую"),
        ("Петя", "Привет всем, Петя весь день молчит и путается"),  # greets everyone, not him
    ]
    for n, (nick, text) in enumerate(bodies, 1):
        r = extract_votes([post(n, "Вася", (RED, nick), text=text)], ruleset="pefl", players=LIVING)
        assert targets(r.votes) == {"Вася": nick}, text


def test_G_N_1_a_green_ordinary_word_nick_in_lower_case_inside_a_sentence_is_the_word() -> None:
    # «после <антракта> поговорим»: a nick that is an ordinary word, typed in lower case in a
    # sentence with no vote grammar, is that word — no green (G-N.1); its capital, a vote
    # word or the nick alone still green him
    players = [*LIVING, "Антракт"]

    def green(text: str, span: str) -> dict[str, str]:
        r = extract_votes(
            [post(1, "Вася", (GREEN, span), text=text)], ruleset="gambler", players=players
        )
        return targets(r.votes)

    assert green("после антракта поговорим, ребята", "антракта") == {}
    assert green("после Антракта поговорим, ребята", "Антракта") == {"Вася": "Антракт"}
    assert green("выставляю антракта, молчит весь день", "антракта") == {"Вася": "Антракт"}
    assert green("антракт", "антракт") == {"Вася": "Антракт"}


def test_P_V_1_one_nick_only_asked_about_is_shown_to_the_host() -> None:
    # issue 17 item 2: a question is no vote yet — and is flagged rather than dropped unseen
    for text, span in (
        ("А Даша где вообще пропадала всю ночь?", "Даша"),
        ("Может, Машу выставить на голосование?", "Машу"),
    ):
        r = extract_votes([post(1, "Вася", (RED, span), text=text)], ruleset="pefl", players=LIVING)
        assert not r.votes and reasons(r) == [("Вася", "unproven", 1)], text
    # the nick asked about and then voted for: a vote (the question is to him)
    text = "Маша? Ты где была ночью. Голосую против, врёт"
    r = extract_votes([post(2, "Вася", (RED, "Маша"), text=text)], ruleset="pefl", players=LIVING)
    assert targets(r.votes) == {"Вася": "Маша"}


def test_a_post_with_no_word_in_a_votes_colour_is_not_read_further(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # P-V.1, G-N.1: only a vote's colour makes a vote. A post whose coloured words are all of
    # other colours (or struck) is no vote and nothing to refuse, however its words read —
    # so the reader's checks of a vote's words are not run for it: a long game's posts
    # coloured for emphasis cost the tally next to nothing
    import parser.votes.day as day

    read: list[int] = []
    real = day._post_vote

    def counted(p: Post, *args: object, **kw: object) -> object:
        read.append(p.id)
        return real(p, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(day, "_post_vote", counted)
    words = "Голосую против Пети, он весь день путает показания и молчит"
    posts = [
        post(1, "Вася", (BLUE, "Петя"), text=words),
        post(2, "Маша", (GREEN, "Петя"), (RED, "Даша", True), text=words + " Даша"),
        post(3, "Даша", (RED, "Петя"), text=words),
    ]
    got = extract_votes(posts, ruleset="pefl", players=LIVING)
    assert read == [3]
    assert [(r.post_id, r.status) for r in got.posts] == [
        (1, "no_vote"),
        (2, "no_vote"),
        (3, "vote"),
    ]
    assert targets(got.votes) == {"Даша": "Петя"} and got.rejected == []
    # the same posts in green, where green is the vote's colour (G-N.1): all read
    read.clear()
    greens = extract_votes(posts, ruleset="gambler", players=LIVING)
    assert read == [2] and targets(greens.votes) == {"Маша": "Петя"}
