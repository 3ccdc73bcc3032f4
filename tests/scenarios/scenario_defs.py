"""The PEFL and Gambler rule scenarios, written by hand from RULES.md (see scenario_kit.py)."""

from __future__ import annotations

from typing import Any

from scenario_kit import ALL, OMIT, Scenario, green, mv, one_of, quote, red, txt


def P(nick: str, role: str, clan: str | None = None, don: bool = False) -> dict[str, Any]:
    p: dict[str, Any] = {"nick": nick, "role": role}
    if clan:
        p["clan"] = clan
    if don:
        p["don"] = True
    return p


def chk(by: str, target: str, result: str) -> dict[str, Any]:
    return {"by": by, "target": target, "result": result}


def com(target: str, result: str) -> list[dict[str, Any]]:
    """A commissar's check and the sergeant's copy of it (P-M.1, P-M.2)."""
    return [chk("commissar", target, result), chk("sergeant", target, result)]


# The full PEFL town used by most single-night scenarios (15 players; replay takes any cast).
FULL = [
    P("Анна", "commissar"),
    P("Борис", "sergeant"),
    P("Вася", "ninja"),
    P("Гена", "doctor"),
    P("Дима", "necromancer"),
    P("Егор", "civilian"),
    P("Жора", "civilian"),
    P("Коля", "mafia", "yakuza", don=True),
    P("Фима", "mafia", "yakuza"),
    P("Лена", "kamikaze", "yakuza"),
    P("Зина", "bastard", "yakuza"),
    P("Миша", "mafia", "triad", don=True),
    P("Нина", "thug", "triad"),
    P("Рита", "mafia", "triad"),
    P("Петя", "bastard", "triad"),
    P("Олег", "maniac"),
]

SIX = [
    P("Анна", "commissar"),
    P("Егор", "civilian"),
    P("Жора", "civilian"),
    P("Коля", "mafia", "yakuza", don=True),
    P("Миша", "mafia", "triad", don=True),
    P("Олег", "maniac"),
]


def everyone_votes(s: Scenario, target: str, target_votes: str) -> list[tuple[str, str]]:
    """Every living player votes `target`; `target` himself votes `target_votes`."""
    return [(x, target if x != target else target_votes) for x in s.alive]


def full(name: str, rules: list[str], what: str, how: str, **kw: Any) -> Scenario:
    return Scenario(name, "pefl", FULL, rules, what, how, **kw)


QUIET = "turn 1 has no votes (all abstain, P-V.4 ruling: nobody hanged)"

# ====================================================================== PEFL: set-up, Don

s = Scenario(
    "pefl_P_S_2_turn0_only_maniac_moves_and_don_is_elected",
    "pefl",
    [
        P("Анна", "commissar"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Коля", "mafia", "yakuza"),
        P("Фима", "mafia", "yakuza"),
        P("Лена", "kamikaze", "yakuza"),
        P("Миша", "mafia", "triad", don=True),
        P("Нина", "thug", "triad"),
        P("Олег", "maniac"),
    ],
    ["P-S.2", "P-M.13", "P-M.8", "C-2", "C-3", "P-S.1"],
    "Turn 0: the maniac's text kill counts, a mafia kill and a check are ignored; Фима's "
    "`don Коля` makes Коля the Don, so on turn 1 Коля's order beats Фима's earlier request.",
    "P-S.2 (only the maniac's moves count on turn 0; Don by PM), P-M.13 (maniac kills from "
    "turn 0), P-M.8 (the Don's order names victim and executor; a member's request counts "
    "only when the Don is silent). " + QUIET + ".",
)
s.turn(
    0,
    moves=[
        txt("Олег", "Убиваю Егора"),
        mv("Коля", "kill", "Жора", executor="Фима"),
        mv("Анна", "check", "Коля"),
        mv("Фима", "don", "Коля"),
    ],
    refused=[("Коля", "kill", "wrong_turn"), ("Анна", "check", "wrong_turn")],
    deaths=[s.death("Егор", "maniac")],
)
s.turn(
    1,
    moves=[mv("Фима", "kill", "Анна"), mv("Коля", "kill", "Жора", executor="Фима")],
    abstained=ALL,
    deaths=[s.death("Жора", "yakuza")],
)

s = Scenario(
    "pefl_P_S_2_appointed_don_is_never_the_kamikaze_or_thug",
    "pefl",
    [
        P("Анна", "commissar"),
        P("Гена", "doctor"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Коля", "mafia", "yakuza"),
        P("Лена", "kamikaze", "yakuza"),
        P("Зина", "bastard", "yakuza"),
        P("Миша", "mafia", "triad"),
        P("Нина", "thug", "triad"),
        P("Петя", "bastard", "triad"),
        P("Олег", "maniac"),
    ],
    ["P-S.2", "P-M.8", "P-S.3"],
    "No Don flagged, no election on turn 0: each clan's only eligible Don (Коля, Миша) is "
    "appointed, so their orders beat the kamikaze's and the thug's earlier requests.",
    "P-S.2: the appointed Don is never the kamikaze or thug, so the appointment is forced "
    "whatever the seed; P-M.8: the Don's order (victim + executor) counts. " + QUIET + ".",
)
s.turn(0)
s.turn(
    1,
    moves=[
        mv("Лена", "kill", "Егор"),
        mv("Нина", "kill", "Анна"),
        mv("Коля", "kill", "Жора", executor="Лена"),
        mv("Миша", "kill", "Гена", executor="Нина"),
    ],
    abstained=ALL,
    deaths=[s.death("Жора", "yakuza"), s.death("Гена", "triad")],
)

# ====================================================================== PEFL: votes

s = Scenario(
    "pefl_P_V_1_red_nick_and_reason_are_both_needed",
    "pefl",
    SIX,
    ["P-V.1", "P-V.5", "P-V.4"],
    "A red nick with a 3-word reason counts; `Голосую <red>` (1 word) is rejected and is an "
    "abstention; a reasoned post without red, or in blue, is no vote.",
    "P-V.1 ruling: reason = at least min_reason_words (3) own words besides the nick; P-V.5: a "
    "rejected vote is an abstention; P-V.4: most votes hanged.",
)
s.turn(
    1,
    posts=[
        s.post("Анна", f"{red('Коля')} слишком тихо себя ведёт весь день"),
        s.post("Егор", f"{red('Коля', 1)} молчун"),
        s.post("Жора", "Голосую против Коли, он очень подозрительно молчит"),
        s.post("Коля", f"{red('Анна', 2)} — путается в показаниях весь день"),
        s.post("Миша", '<span style="color:blue">Анна</span> давно её подозреваю, честно'),
        s.post("Олег", f"Мой голос: {red('Коля', 3)}, он прикрывает своих"),
    ],
    tally={"Коля": 2, "Анна": 1},
    removed_by_vote="Коля",
    rejected=[{"author": "Егор", "reason": "no_reason"}],
    abstained=["Егор", "Жора", "Миша"],
)

s = Scenario(
    "pefl_P_V_1_min_reason_words_option",
    "pefl",
    SIX,
    ["P-V.1", "C-6"],
    "With options.min_reason_words = 1, `<red>Коля</red> молчун` is a vote; a bare red nick "
    "still is not.",
    "P-V.1: the reason threshold is the `min_reason_words` setting (Ruling); one own word "
    "besides the nick meets 1, zero words does not (nor the vote's formula alone, "
    "«Голосую <X>»).",
    options={"min_reason_words": 1},
)
s.turn(
    1,
    posts=[
        s.post("Анна", f"{red('Коля')} слишком тихо себя ведёт весь день"),
        s.post("Егор", f"{red('Коля', 1)} молчун"),
        s.post("Жора", red("Коля", 2)),
    ],
    tally={"Коля": 2},
    removed_by_vote="Коля",
    rejected=[{"author": "Жора", "reason": "no_reason"}],
    abstained=["Жора", "Коля", "Миша", "Олег"],
)

V2_CAST = [
    P("Анна", "commissar"),
    P("Борис", "sergeant"),
    P("Егор", "civilian"),
    P("Жора", "civilian"),
    P("Коля", "mafia", "yakuza", don=True),
    P("Миша", "mafia", "triad", don=True),
    P("Олег", "maniac"),
]
s = Scenario(
    "pefl_P_V_2_agreement_by_quote",
    "pefl",
    V2_CAST,
    ["P-V.2", "P-V.1", "P-V.5"],
    "Quoting Анна's accepted vote (data-post-id 1001) with the same red target is a vote "
    "without a reason; quoting it with another target, or quoting a rejected vote, is not.",
    "P-V.2: agreement must quote an *accepted* vote and name the same target in red; "
    "otherwise P-V.1 needs a reason of its own.",
)
a_html = f"{red('Олег')} — слишком тихо себя ведёт и уходит от ответов"
s.turn(
    1,
    posts=[
        s.post("Анна", a_html, 1001),
        s.post("Борис", quote("Анна", 1001, a_html) + f"Поддерживаю: {red('Олег', 1)}", 1002),
        s.post("Егор", quote("Анна", 1001, a_html) + red("Коля", 1), 1003),
        s.post("Жора", red("Коля"), 1004),
        s.post("Миша", quote("Жора", 1004, red("Коля")) + red("Коля", 1), 1005),
        s.post("Коля", "Я тут, читаю тему и думаю.", 1006),
        s.post("Олег", "Доброе утро, город! Пока присматриваюсь.", 1007),
    ],
    tally={"Олег": 2},
    removed_by_vote="Олег",
    rejected=[
        {"author": "Егор"},
        {"author": "Жора", "reason": "no_reason"},
        {"author": "Миша"},
    ],
    abstained=["Егор", "Жора", "Коля", "Миша", "Олег"],
)

s = Scenario(
    "pefl_C_3_ruling_red_votes_in_case_forms",
    "pefl",
    SIX,
    ["C-3", "P-V.1", "P-V.4"],
    "Red votes written in Russian case forms («Колю», «Коли», «Мишу», «Жору», «Олега») count "
    "for the players they name; Коля is hanged.",
    "C-3 ruling (`vote_nicks` = as_moves, the default): a vote's nick is matched with the "
    "ladder used for moves, whatever its case ending; the declined nick is not a reason "
    "word (P-V.1).",
)
s.turn(
    1,
    posts=[
        s.post("Анна", f"Голосую за {red('Колю')}, он слишком тихо себя ведёт"),
        s.post("Егор", f"Против {red('Коли', 1)} — путается в показаниях весь день"),
        s.post("Жора", f"{red('Мишу', 2)} подозреваю, голосует странно и прикрывает своих"),
        s.post("Коля", f"Мой голос за {red('Жору', 3)}: мне не нравится его логика"),
        s.post("Миша", f"{red('Олега')} — он весь день уходит от ответов"),
    ],
    tally={"Коля": 2, "Миша": 1, "Жора": 1, "Олег": 1},
    removed_by_vote="Коля",
    abstained=["Олег"],
)

s = Scenario(
    "pefl_P_V_2_agreement_by_link",
    "pefl",
    V2_CAST,
    ["P-V.2"],
    "A post that links to Анна's accepted vote (`[url=…viewtopic.php?p=1001#p1001]этот "
    "голос[/url]`, as the board renders it) and repeats its target in red counts: its two "
    "words fall short of a reason, so the link alone carries it.",
    "P-V.2: agreeing with an accepted vote by a quote or a link, with its target in red, "
    "counts without a reason of one's own.",
)
s.turn(
    1,
    posts=[
        s.post("Анна", a_html, 1001),
        s.post(
            "Коля",
            '<a href="http://127.0.0.1:8080/viewtopic.php?p=1001#p1001" class="postlink">'
            "этот голос</a> " + red("Олег", 2),
            1002,
        ),
    ],
    tally={"Олег": 2},
    removed_by_vote="Олег",
    abstained=["Борис", "Егор", "Жора", "Миша", "Олег"],
)

s = Scenario(
    "pefl_P_V_3_first_accepted_vote_counts",
    "pefl",
    SIX,
    ["P-V.3", "P-V.4"],
    "Анна votes Олег, later Коля: only the first counts, so Олег (2, reached first) is hanged; "
    "counting her last vote would hang Коля 3:1.",
    "P-V.3: the first accepted vote is final, later ones are ignored; P-V.4 tie → first to reach.",
)
s.turn(
    1,
    votes=[("Анна", "Олег"), ("Жора", "Коля"), ("Миша", "Олег")],
    posts=[
        s.post("Анна", f"{red('Коля')} передумала, он путается в показаниях"),
        s.post("Егор", f"{red('Коля', 1)} слишком тихо себя ведёт весь день"),
    ],
    tally={"Олег": 2, "Коля": 2},
    removed_by_vote="Олег",
    abstained=["Коля", "Олег"],
)

s = Scenario(
    "pefl_P_V_4_tie_first_to_reach_the_top_count_is_hanged",
    "pefl",
    SIX,
    ["P-V.4"],
    "Коля gets the first vote but Миша reaches 2 (post 3) before Коля does (post 4): Миша hangs.",
    "P-V.4: a tie hangs whichever of the tied players got to the tied count first.",
)
s.turn(
    1,
    votes=[("Егор", "Коля"), ("Анна", "Миша"), ("Жора", "Миша"), ("Олег", "Коля")],
    removed_by_vote="Миша",
    abstained=["Коля", "Миша"],
)

s = Scenario(
    "pefl_P_V_4_no_accepted_vote_nobody_hanged",
    "pefl",
    SIX,
    ["P-V.4", "P-V.5"],
    "The only red nick has no reason: no accepted vote, nobody is hanged, everyone abstains.",
    "P-V.4 ruling: no accepted vote → nobody hanged; P-V.5: a rejected vote is an abstention.",
)
s.turn(
    1,
    posts=[s.post("Егор", f"Голосую {red('Коля')}")],
    rejected=[{"author": "Егор", "reason": "no_reason"}],
    abstained=ALL,
)

# ====================================================================== PEFL: activity

s = Scenario(
    "pefl_P_A_1_silent_player_goes_missing_before_his_move",
    "pefl",
    SIX,
    ["P-A.1", "P-O.1", "P-M.8"],
    "The maniac writes nothing on turn 1: he goes missing at step 1 and his kill never "
    "happens; the last triad member shoots as his own executor.",
    "P-A.1: no post in a turn → missing at step 1 whatever the role; P-O.1: step 1 precedes "
    "the shots of step 5; P-M.8: the Don executes himself when he is the last one. The "
    "abstention of a missing player is not fixed by any rule (either way accepted).",
)
s.turn(
    1,
    votes=[
        ("Анна", "Коля"),
        ("Егор", "Коля"),
        ("Жора", "Миша"),
        ("Коля", "Егор"),
        ("Миша", "Егор"),
    ],
    silent=["Олег"],
    moves=[mv("Олег", "kill", "Анна"), mv("Миша", "kill", "Жора", executor="Миша")],
    removed_by_vote="Коля",
    missing=["Олег"],
    abstained=one_of(["Олег"], []),
    deaths=[{"nick": "Жора", "role": "civilian", "cause": "triad"}],
)

s = Scenario(
    "pefl_P_A_2_second_abstention_goes_missing_at_step_7",
    "pefl",
    [
        P("Анна", "commissar"),
        P("Гена", "doctor"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Рома", "civilian"),
        P("Коля", "mafia", "yakuza", don=True),
        P("Миша", "mafia", "triad", don=True),
    ],
    ["P-A.2", "P-V.5", "P-O.1", "P-M.5", "C-1"],
    "The doctor posts but never votes: after his second abstention he goes missing — at step "
    "7, so his heal of that night still saves Егор.",
    "P-A.2: second abstention → missing at step 7; P-O.1: heals are step 6, before step 7.",
)
s.turn(
    1,
    votes=[
        ("Анна", "Рома"),
        ("Егор", "Рома"),
        ("Жора", "Коля"),
        ("Коля", "Рома"),
        ("Миша", "Жора"),
        ("Рома", "Коля"),
    ],
    removed_by_vote="Рома",
    abstained=["Гена"],
)
s.turn(
    2,
    votes=[
        ("Анна", "Коля"),
        ("Егор", "Коля"),
        ("Жора", "Коля"),
        ("Коля", "Жора"),
        ("Миша", "Жора"),
    ],
    moves=[mv("Гена", "heal", "Егор"), mv("Миша", "kill", "Егор", executor="Миша")],
    removed_by_vote="Коля",
    abstained=["Гена"],
    missing=["Гена"],
    saved=["Егор"],
)

s = full(
    "pefl_P_A_3_beaten_player_owes_nothing_and_his_vote_is_ignored",
    ["P-A.3", "P-M.11", "P-M.1", "C-1"],
    "Анна is beaten on night 1 (her check is lost); on turn 2 her vote is ignored and she is "
    "no abstainer. Борис, beaten on night 2, writes nothing on turn 3 and is not missing.",
    "P-A.3: the turn after a beating he must stay silent — no post or vote is owed, a vote "
    "he casts is dropped; P-M.11: his move of that night is lost. "
    + QUIET
    + "; turns 2–3 everyone votes.",
)
s.turn(
    1,
    moves=[mv("Нина", "beat", "Анна"), mv("Анна", "check", "Коля")],
    abstained=ALL,
    beaten=["Анна"],
)
v2 = [(x, "Егор" if x != "Егор" else "Жора") for x in s.alive if x != "Анна"]
s.turn(
    2,
    votes=v2,
    posts=[s.post("Анна", f"{red('Жора')} — слишком тихо себя ведёт весь день")],
    moves=[mv("Нина", "beat", "Борис")],
    tally={"Егор": len(v2) - 1, "Жора": 1},
    removed_by_vote="Егор",
    abstained=[],
    beaten=["Борис"],
    rejected=[{"author": "Анна"}],  # P-A.3: ignored and flagged
)
v3 = [(x, "Жора" if x != "Жора" else "Коля") for x in s.alive if x != "Борис"]
s.turn(3, votes=v3, silent=["Борис"], removed_by_vote="Жора", abstained=[])

# ====================================================================== PEFL: commissar

s = full(
    "pefl_P_M_0_second_request_replaces_third_is_ignored",
    ["P-M.0", "P-M.1", "P-M.2", "P-M.5"],
    "Commissar sends checks Олег, Коля, Миша → the check is Коля (a clan only); doctor sends "
    "heals Егор, Жора, Егор → Жора is healed and survives the yakuza shot.",
    "P-M.0: one change of request is allowed, so letter two stands and letter three is "
    "dropped; P-M.1: a mafioso shows as his clan; P-M.2: the sergeant gets a copy. " + QUIET + ".",
)
s.turn(
    1,
    moves=[
        mv("Анна", "check", "Олег"),
        mv("Анна", "check", "Коля"),
        mv("Анна", "check", "Миша"),
        mv("Гена", "heal", "Егор"),
        mv("Гена", "heal", "Жора"),
        mv("Гена", "heal", "Егор"),
        mv("Коля", "kill", "Жора", executor="Фима"),
    ],
    abstained=ALL,
    checks=com("Коля", "yakuza"),
    saved=["Жора"],
    refused=[("Анна", "check", "third_request"), ("Гена", "heal", "third_request")],
)

s = full(
    "pefl_P_M_1_check_results_bastard_thug_maniac",
    ["P-M.1", "P-M.2", "P-V.4", "C-1", "P-S.3"],
    "Three turns of checks: the yakuza bastard shows `bastard`, the thug shows his clan "
    "`triad`, the maniac shows `maniac`; the sergeant gets each copy (his own check, while "
    "the commissar lives, is refused).",
    "P-M.1: mafioso → clan only, bastard → bastard, others exact role; P-M.2 copies. Turn 1 "
    "has no votes; turns 2 and 3 everyone votes one civilian.",
)
s.turn(
    1,
    moves=[mv("Борис", "check", "Коля"), mv("Анна", "check", "Зина")],
    abstained=ALL,
    checks=com("Зина", "bastard"),
    refused=[("Борис", "check", "wrong_role")],
)
s.turn(
    2,
    votes=everyone_votes(s, "Егор", "Жора"),
    moves=[mv("Анна", "check", "Нина")],
    removed_by_vote="Егор",
    checks=com("Нина", "triad"),
)
s.turn(
    3,
    votes=everyone_votes(s, "Жора", "Коля"),
    moves=[mv("Анна", "check", "Олег")],
    removed_by_vote="Жора",
    checks=com("Олег", "maniac"),
)

s = full(
    "pefl_P_M_2_dead_commissar_no_check_sergeant_takes_over",
    ["P-M.1", "P-M.2", "P-M.8"],
    "The commissar is shot on night 1 (no check, no copy); on turn 2 the sergeant checks as "
    "commissar.",
    "P-M.1: a commissar shot at step 5 loses his check; P-M.2: the sergeant takes over "
    "as commissar on the following turn. Whether the promoted sergeant's check is labelled "
    "`commissar` or `sergeant` is not fixed by the rules (either accepted).",
)
s.turn(
    1,
    moves=[mv("Анна", "check", "Коля"), mv("Миша", "kill", "Анна", executor="Рита")],
    abstained=ALL,
    deaths=[s.death("Анна", "triad")],
)
s.turn(
    2,
    votes=everyone_votes(s, "Егор", "Жора"),
    moves=[mv("Борис", "check", "Миша")],
    removed_by_vote="Егор",
    checks=[{"by": one_of("commissar", "sergeant"), "target": "Миша", "result": "triad"}],
)

# ====================================================================== PEFL: ninja

s = full(
    "pefl_P_M_3_ninja_harakiri_after_two_peaceful_kills",
    ["P-M.3", "C-1"],
    "The ninja kills a civilian (night 1) and the triad's bastard (night 2): he commits "
    "harakiri that same night.",
    "P-M.3: two peaceful kills (civilian or bastard) → harakiri the same night.",
)
s.turn(1, moves=[mv("Вася", "kill", "Егор")], abstained=ALL, deaths=[s.death("Егор", "ninja")])
s.turn(
    2,
    votes=everyone_votes(s, "Жора", "Коля"),
    moves=[mv("Вася", "kill", "Петя")],
    removed_by_vote="Жора",
    deaths=[s.death("Петя", "ninja"), s.death("Вася", "harakiri")],
)

s = full(
    "pefl_P_M_13_ninja_blade_ignores_vest_and_heal",
    ["P-M.13", "P-M.5", "P-M.3"],
    "The ninja kills the maniac at the first try although the doctor heals him and his vest "
    "is whole; killing a non-peaceful player costs the ninja nothing.",
    "P-M.13 ruling: the ninja's blade ignores the vest; P-M.5: the doctor is powerless "
    "against the ninja; P-M.3 counts only civilians and bastards.",
)
s.turn(
    1,
    moves=[mv("Гена", "heal", "Олег"), mv("Вася", "kill", "Олег")],
    abstained=ALL,
    deaths=[s.death("Олег", "ninja")],
)

s = full(
    "pefl_P_M_3_blown_up_target_is_not_the_ninjas_kill",
    ["P-M.3", "P-M.9", "P-O.1", "C-1"],
    "Night 1: the ninja kills Егор (a civilian). Night 2: the kamikaze blows up Жора, whom the "
    "ninja stabs the same night: Жора and the kamikaze die, the ninja lives.",
    "P-M.3: only deaths the ninja's own blade caused count toward harakiri; Жора died at step "
    "4 (P-O.1), before the blade at step 5, so the ninja has one peaceful kill, not two.",
)
s.turn(1, moves=[mv("Вася", "kill", "Егор")], abstained=ALL, deaths=[s.death("Егор", "ninja")])
s.turn(
    2,
    votes=everyone_votes(s, "Зина", "Коля"),
    moves=[mv("Лена", "blast", "Жора"), mv("Вася", "kill", "Жора")],
    removed_by_vote="Зина",
    deaths=[s.death("Жора", "kamikaze"), s.death("Лена", "kamikaze")],
)

NINJA7 = [
    P("Вася", "ninja"),
    P("Анна", "commissar"),
    P("Егор", "civilian"),
    P("Жора", "civilian"),
    P("Коля", "mafia", "yakuza", don=True),
    P("Миша", "mafia", "triad", don=True),
    P("Олег", "maniac"),
]
TESTAMENT_VOTES = [
    ("Егор", "Вася"),
    ("Жора", "Вася"),
    ("Коля", "Вася"),
    ("Вася", "Коля"),
    ("Анна", "Коля"),
    ("Миша", "Егор"),
    ("Олег", "Егор"),
]
s = Scenario(
    "pefl_P_M_4_ninja_testament_kills_the_first_voter",
    "pefl",
    NINJA7,
    ["P-M.4", "P-V.4"],
    "The ninja is hanged 3:2:2; the first player who voted against him (Егор) dies that night.",
    "P-M.4: hanged ninja → his first voter dies at step 5 (cause `testament`).",
)
s.turn(1, votes=TESTAMENT_VOTES, removed_by_vote="Вася", deaths=[s.death("Егор", "testament")])

s = Scenario(
    "pefl_P_M_4_testament_passes_a_first_voter_who_dies_anyway",
    "pefl",
    NINJA7,
    ["P-M.4", "P-O.1"],
    "As above, but the yakuza shoots Егор that night: Егор dies of the yakuza and the "
    "testament takes the second voter, Жора.",
    "P-M.4: when the first voter would die that night regardless, the testament takes the "
    "second voter; both "
    "happen at step 5 (P-O.1).",
)
s.turn(
    1,
    votes=TESTAMENT_VOTES,
    moves=[mv("Коля", "kill", "Егор", executor="Коля")],
    removed_by_vote="Вася",
    deaths=[s.death("Егор", "yakuza"), s.death("Жора", "testament")],
)

# ====================================================================== PEFL: doctor

s = full(
    "pefl_P_M_5_heal_is_powerless_against_two_attacks",
    ["P-M.5", "P-M.14"],
    "Doctor heals Егор, but the yakuza and the maniac both attack him: he dies.",
    "P-M.5: the heal does not help against two attacks in one night. Which attacker names "
    "the death is not fixed (P-M.14 ruling speaks of one striker): either accepted.",
)
s.turn(
    1,
    moves=[
        mv("Гена", "heal", "Егор"),
        mv("Коля", "kill", "Егор", executor="Фима"),
        mv("Олег", "kill", "Егор"),
    ],
    abstained=ALL,
    deaths=[s.death("Егор", one_of("yakuza", "maniac"))],
)

s = full(
    "pefl_P_M_5_heal_is_powerless_against_ninja_and_kamikaze",
    ["P-M.5", "P-M.9", "P-M.3"],
    "Night 1: the healed Егор is killed by the ninja. Night 2: the healed Петя is blown up by "
    "the kamikaze, who dies too.",
    "P-M.5: powerless against the ninja or the kamikaze; P-M.9: the blast kills whatever, the "
    "kamikaze dies too.",
)
s.turn(
    1,
    moves=[mv("Гена", "heal", "Егор"), mv("Вася", "kill", "Егор")],
    abstained=ALL,
    deaths=[s.death("Егор", "ninja")],
)
s.turn(
    2,
    votes=everyone_votes(s, "Жора", "Коля"),
    moves=[mv("Гена", "heal", "Петя"), mv("Лена", "blast", "Петя")],
    removed_by_vote="Жора",
    deaths=[s.death("Петя", "kamikaze"), s.death("Лена", "kamikaze")],
)

s = full(
    "pefl_P_M_5_same_patient_two_turns_running_is_refused",
    ["P-M.5", "P-M.8"],
    "The doctor heals Егор on turns 1 and 2; the second heal is refused, so the yakuza shot on "
    "night 2 kills him.",
    "P-M.5: no healing one patient on two consecutive turns (the first heal was possible: the "
    "doctor was not beaten).",
)
s.turn(1, moves=[mv("Гена", "heal", "Егор")], abstained=ALL)
s.turn(
    2,
    votes=everyone_votes(s, "Жора", "Коля"),
    moves=[mv("Гена", "heal", "Егор"), mv("Коля", "kill", "Егор", executor="Фима")],
    removed_by_vote="Жора",
    deaths=[s.death("Егор", "yakuza")],
    refused=[("Гена", "heal", "repeated_target")],
)

s = full(
    "pefl_P_M_5_beaten_doctor_may_heal_the_same_patient_again",
    ["P-M.5", "P-M.11", "P-A.3"],
    "The doctor is beaten while healing Егор on night 1; on night 2 healing Егор again is "
    "allowed and saves him from the yakuza.",
    "P-M.5: a heal that never happened because the doctor was beaten does not start the "
    "two-turn count; P-A.3: the beaten doctor owes no post on turn 2.",
)
s.turn(
    1,
    moves=[mv("Гена", "heal", "Егор"), mv("Нина", "beat", "Гена")],
    abstained=ALL,
    beaten=["Гена"],
)
s.turn(
    2,
    votes=[(x, "Жора" if x != "Жора" else "Коля") for x in s.alive if x != "Гена"],
    silent=["Гена"],
    moves=[mv("Гена", "heal", "Егор"), mv("Коля", "kill", "Егор", executor="Фима")],
    removed_by_vote="Жора",
    abstained=[],
    saved=["Егор"],
)

s = full(
    "pefl_P_M_15_no_self_heal_self_protect_or_self_kill",
    ["P-M.15", "P-M.5", "P-M.6"],
    "The doctor heals himself (refused) and dies to the triad; the maniac targets himself "
    "(refused); the necromancer protects himself (refused).",
    "P-M.15: nobody targets himself except where stated; P-M.5: the doctor may not heal "
    "himself; P-M.6: never a protect to himself.",
)
s.turn(
    1,
    moves=[
        mv("Гена", "heal", "Гена"),
        mv("Миша", "kill", "Гена", executor="Рита"),
        mv("Олег", "kill", "Олег"),
        mv("Дима", "protect", "Дима"),
    ],
    abstained=ALL,
    refused=[
        ("Гена", "heal", "self_target"),
        ("Олег", "kill", "self_target"),
        ("Дима", "protect", "self_target"),
    ],
    deaths=[s.death("Гена", "triad")],
)

s = full(
    "pefl_P_M_5_doctor_dying_at_step_5_loses_his_heal",
    ["P-M.5", "P-O.1"],
    "The doctor heals Егор but is shot by the yakuza the same night: Егор, attacked by the "
    "maniac, dies too.",
    "P-M.5 ruling (read like P-M.1): a doctor shot at step 5 saves no one that night.",
)
s.turn(
    1,
    moves=[
        mv("Гена", "heal", "Егор"),
        mv("Коля", "kill", "Гена", executor="Фима"),
        mv("Олег", "kill", "Егор"),
    ],
    abstained=ALL,
    deaths=[s.death("Гена", "yakuza"), s.death("Егор", "maniac")],
)

s = full(
    "pefl_P_M_5_heal_comes_before_the_vest",
    ["P-M.5", "P-M.13", "C-1"],
    "Night 1: the doctor heals the maniac against a yakuza shot — the vest stays whole. Night "
    "2: the vest stops a triad bullet. Night 3: the vest is gone and a yakuza shot kills him.",
    "P-M.5: heal is applied before the vest, which stays unused; P-M.13: the vest stops one "
    "mafia bullet and is then gone.",
)
s.turn(
    1,
    moves=[mv("Гена", "heal", "Олег"), mv("Коля", "kill", "Олег", executor="Фима")],
    abstained=ALL,
    saved=["Олег"],
)
s.turn(
    2,
    votes=everyone_votes(s, "Егор", "Жора"),
    moves=[mv("Гена", "heal", "Жора"), mv("Миша", "kill", "Олег", executor="Рита")],
    removed_by_vote="Егор",
    saved=["Олег"],
)
s.turn(
    3,
    votes=everyone_votes(s, "Жора", "Коля"),
    moves=[mv("Гена", "heal", "Анна"), mv("Коля", "kill", "Олег", executor="Фима")],
    removed_by_vote="Жора",
    deaths=[s.death("Олег", "yakuza")],
)

s = full(
    "pefl_P_M_13_two_bullets_beat_the_vest",
    ["P-M.13", "P-O.1"],
    "Both clans shoot the maniac: the vest stops one bullet, the other kills him; his own "
    "kill of that night still happens (all shots are step 5).",
    "P-M.13: the vest holds one bullet, so a second the same night kills him; P-O.1: all "
    "step-5 shots land together. Which clan names the death is open (either accepted).",
)
s.turn(
    1,
    moves=[
        mv("Коля", "kill", "Олег", executor="Фима"),
        mv("Миша", "kill", "Олег", executor="Рита"),
        mv("Олег", "kill", "Егор"),
    ],
    abstained=ALL,
    deaths=[s.death("Олег", one_of("yakuza", "triad")), s.death("Егор", "maniac")],
)

# ====================================================================== PEFL: necromancer

s = full(
    "pefl_P_M_6_protect_resurrects_once_then_is_spent",
    ["P-M.6", "C-1"],
    "Night 1: protected Егор is shot and resurrected. Night 2: shot again, he stays dead (the "
    "protect is spent); Жора, protected on turn 2, survives the maniac.",
    "P-M.6: a protected player killed that night or later is resurrected at step 6 while the "
    "necromancer lives; the protect is then spent; one protect per turn here.",
)
s.turn(
    1,
    moves=[mv("Дима", "protect", "Егор"), mv("Коля", "kill", "Егор", executor="Фима")],
    abstained=ALL,
    saved=["Егор"],
)
s.turn(
    2,
    votes=everyone_votes(s, "Петя", "Коля"),
    moves=[
        mv("Дима", "protect", "Жора"),
        mv("Коля", "kill", "Егор", executor="Фима"),
        mv("Олег", "kill", "Жора"),
    ],
    removed_by_vote="Петя",
    deaths=[s.death("Егор", "yakuza")],
    saved=["Жора"],
)

s = full(
    "pefl_P_M_6_protect_beats_any_number_of_attacks",
    ["P-M.6"],
    "Protected the same night, Егор is shot by both clans and the maniac: he is resurrected.",
    "P-M.6: resurrection works against any number of attacks; protects are handed out at "
    "step 5 and resurrect at step 6.",
)
s.turn(
    1,
    moves=[
        mv("Дима", "protect", "Егор"),
        mv("Коля", "kill", "Егор", executor="Фима"),
        mv("Миша", "kill", "Егор", executor="Рита"),
        mv("Олег", "kill", "Егор"),
    ],
    abstained=ALL,
    saved=["Егор"],
)

s = full(
    "pefl_P_M_6_dead_necromancer_resurrects_nobody",
    ["P-M.6", "P-O.1"],
    "The necromancer protects Егор but is shot the same night: Егор stays dead.",
    "P-M.6: resurrection needs the necromancer alive at step 6.",
)
s.turn(
    1,
    moves=[
        mv("Дима", "protect", "Егор"),
        mv("Миша", "kill", "Дима", executor="Рита"),
        mv("Коля", "kill", "Егор", executor="Фима"),
    ],
    abstained=ALL,
    deaths=[s.death("Дима", "triad"), s.death("Егор", "yakuza")],
)

s = full(
    "pefl_P_M_6_two_protects_in_turns_1_2_hanging_not_undone",
    ["P-M.6", "P-V.4", "C-1"],
    "A protected Егор is hanged (stays out); the second protect (Жора, turn 2) later "
    "resurrects him; a third protect on turn 3 is refused, so Зина dies.",
    "P-M.6: two protects in turns 1–2; hanging is not undone; a protect works on a later "
    "night too.",
)
s.turn(1, moves=[mv("Дима", "protect", "Егор")], abstained=ALL)
s.turn(
    2,
    votes=everyone_votes(s, "Егор", "Жора"),
    moves=[mv("Дима", "protect", "Жора")],
    removed_by_vote="Егор",
)
s.turn(
    3,
    votes=everyone_votes(s, "Петя", "Коля"),
    moves=[
        mv("Дима", "protect", "Зина"),
        mv("Миша", "kill", "Зина", executor="Рита"),
        mv("Олег", "kill", "Жора"),
    ],
    removed_by_vote="Петя",
    deaths=[s.death("Зина", "triad")],
    saved=["Жора"],
)

s = full(
    "pefl_P_M_6_heal_first_keeps_the_protect_for_later",
    ["P-M.6", "P-M.5", "C-1"],
    "Night 1: Егор is healed and protected — the heal saves him, the protect stays. Night 2: "
    "the protect resurrects him. Night 3: nothing is left and he dies.",
    "P-M.5: heal is applied before a protect, which stays unused; P-M.6: then spent.",
)
s.turn(
    1,
    moves=[
        mv("Гена", "heal", "Егор"),
        mv("Дима", "protect", "Егор"),
        mv("Коля", "kill", "Егор", executor="Фима"),
    ],
    abstained=ALL,
    saved=["Егор"],
)
s.turn(
    2,
    votes=everyone_votes(s, "Петя", "Коля"),
    moves=[mv("Гена", "heal", "Жора"), mv("Миша", "kill", "Егор", executor="Рита")],
    removed_by_vote="Петя",
    saved=["Егор"],
)
s.turn(
    3,
    votes=everyone_votes(s, "Зина", "Коля"),
    moves=[mv("Гена", "heal", "Анна"), mv("Коля", "kill", "Егор", executor="Фима")],
    removed_by_vote="Зина",
    deaths=[s.death("Егор", "yakuza")],
)

s = full(
    "pefl_P_M_7_army_of_darkness",
    ["P-M.7", "P-S.2", "P-M.13", "C-1"],
    "The maniac (turn 0), the clans and the maniac (night 1) kill commissar, sergeant, doctor "
    "and ninja; on night 2 the necromancer sends `army Коля Миша`: both Dons and he die.",
    "P-M.7: all four heroes died by mafia/maniac, none hanged, ≥4 living besides him → the "
    "army kills both targets at step 5 and the necromancer dies too (cause `army`).",
)
s.turn(0, moves=[mv("Олег", "kill", "Анна")], deaths=[s.death("Анна", "maniac")])
s.turn(
    1,
    moves=[
        mv("Коля", "kill", "Борис", executor="Фима"),
        mv("Миша", "kill", "Гена", executor="Рита"),
        mv("Олег", "kill", "Вася"),
    ],
    abstained=ALL,
    deaths=[s.death("Борис", "yakuza"), s.death("Гена", "triad"), s.death("Вася", "maniac")],
)
s.turn(
    2,
    votes=everyone_votes(s, "Егор", "Жора"),
    moves=[mv("Дима", "army", "Коля", "Миша")],
    removed_by_vote="Егор",
    deaths=[s.death("Коля", "army"), s.death("Миша", "army"), s.death("Дима", "army")],
)

s = full(
    "pefl_P_M_7_army_refused_while_heroes_live",
    ["P-M.7"],
    "`army Коля Миша` while the town heroes are alive does nothing.",
    "P-M.7: the army needs commissar, sergeant, ninja and doctor all dead by mafia/maniac.",
)
s.turn(
    1,
    moves=[mv("Дима", "army", "Коля", "Миша")],
    abstained=ALL,
    refused=[("Дима", "army", "army_not_allowed")],
)

# ====================================================================== PEFL: mafia

s = full(
    "pefl_P_M_7_army_after_heroes_fell_to_the_ambush_and_the_kamikaze",
    ["P-M.7", "P-M.14", "P-M.9", "P-M.2", "C-1"],
    "Night 1: the commissar checks and the ninja stabs the ambushing maniac (both die), the "
    "kamikaze blows up the doctor. Night 2: the triad kills the sergeant. Night 3: the "
    "necromancer's `army Коля Миша` kills both Dons and him.",
    "P-M.7: heroes who fell to the maniac's ambush or to the kamikaze's blast died by the "
    "mafia or the maniac; none was hanged and ≥4 live besides the necromancer → the army "
    "kills both targets and him (cause `army`). Whether the dying commissar learns anything "
    "and whether the ambusher counts as `saved` are open (as in the P-M.14 scenarios).",
)
s.turn(
    1,
    moves=[
        mv("Олег", "ambush"),
        mv("Анна", "check", "Олег"),
        mv("Вася", "kill", "Олег"),
        mv("Лена", "blast", "Гена"),
    ],
    abstained=ALL,
    deaths=[
        s.death("Анна", "ambush"),
        s.death("Вася", "ambush"),
        s.death("Гена", "kamikaze"),
        s.death("Лена", "kamikaze"),
    ],
    checks=OMIT,
    saved=OMIT,
)
s.turn(
    2,
    votes=everyone_votes(s, "Егор", "Жора"),
    moves=[mv("Миша", "kill", "Борис", executor="Рита")],
    removed_by_vote="Егор",
    deaths=[s.death("Борис", "triad")],
)
s.turn(
    3,
    votes=everyone_votes(s, "Жора", "Зина"),
    moves=[mv("Дима", "army", "Коля", "Миша")],
    removed_by_vote="Жора",
    deaths=[s.death("Коля", "army"), s.death("Миша", "army"), s.death("Дима", "army")],
)

s = full(
    "pefl_P_M_8_silent_don_first_member_request_and_no_own_bastard",
    ["P-M.8"],
    "Yakuza Don is silent: Фима's request (first) counts over Лена's later one. Triad Don "
    "orders the triad's own bastard shot: refused, no triad kill.",
    "P-M.8: with the Don silent, the earliest member's request stands and its writer "
    "shoots; no clan may target its own members or the bastard dealt into it.",
)
s.turn(
    1,
    moves=[
        mv("Фима", "kill", "Егор"),
        mv("Лена", "kill", "Жора"),
        mv("Миша", "kill", "Петя", executor="Рита"),
    ],
    abstained=ALL,
    refused=[("Миша", "kill", "own_bastard")],
    deaths=[s.death("Егор", "yakuza")],
)

# ====================================================================== PEFL: kamikaze, thug

s = full(
    "pefl_P_M_8_silent_dons_member_letter_whatever_executor_it_names",
    ["P-M.8"],
    "Both Dons are silent. Фима's letter names the yakuza Don as executor, Рита's names Анна "
    "(no mafioso at all): both kills stand, each executed by the letter's sender.",
    "P-M.8: with the Don silent, the earliest member's request stands and its writer "
    "shoots, no matter whom the letter proposes to do it.",
)
s.turn(
    1,
    moves=[
        mv("Фима", "kill", "Егор", executor="Коля"),
        mv("Рита", "kill", "Жора", executor="Анна"),
    ],
    abstained=ALL,
    deaths=[s.death("Егор", "yakuza"), s.death("Жора", "triad")],
)

s = full(
    "pefl_P_M_9_kamikaze_blast_beats_ambush_heal_and_protect",
    ["P-M.9", "P-M.14", "P-M.5", "P-M.6"],
    "The maniac ambushes, is healed and protected; the kamikaze blasts him: both die of the "
    "blast. The yakuza Don's own `blast` is ignored.",
    "P-M.9: no ambush, vest, heal or protect saves the blast's target, the kamikaze goes "
    "with him, and a blast only he may order; P-M.14 ruling: an ambusher blown up this way "
    "is recorded under `kamikaze`.",
)
s.turn(
    1,
    moves=[
        mv("Олег", "ambush"),
        mv("Гена", "heal", "Олег"),
        mv("Дима", "protect", "Олег"),
        mv("Лена", "blast", "Олег"),
        mv("Коля", "blast", "Егор"),
    ],
    abstained=ALL,
    refused=[("Коля", "blast", "wrong_role")],
    deaths=[s.death("Олег", "kamikaze"), s.death("Лена", "kamikaze")],
    saved=[],
)

s = full(
    "pefl_P_M_10_kamikaze_takes_the_beater",
    ["P-M.10", "P-M.11"],
    "The thug beats the kamikaze: both die; the doctor's heal on the thug and the protect on "
    "the kamikaze do not work.",
    "P-M.10: a thug who beats the kamikaze goes up with him, and neither a heal nor a "
    "protect on either of them helps. The thug dies of `kamikaze`; the kamikaze's own cause "
    "is open between `kamikaze` and `thug_accident`; whether a dead beaten player is listed "
    "in `beaten` is open.",
)
s.turn(
    1,
    moves=[mv("Гена", "heal", "Нина"), mv("Дима", "protect", "Лена"), mv("Нина", "beat", "Лена")],
    abstained=ALL,
    deaths=[s.death("Нина", "kamikaze"), s.death("Лена", one_of("kamikaze", "thug_accident"))],
    beaten=OMIT,
)

s = full(
    "pefl_P_M_10_clan_executor_not_the_don_dies_with_the_kamikaze",
    ["P-M.10", "P-M.8", "P-M.14"],
    "The triad Don orders the kamikaze shot with Рита as executor: Рита and the kamikaze die, "
    "the Don lives; the heal on the kamikaze does not work.",
    "P-M.10: in a clan kill it is the executor, not the ordering Don, who attacks; P-M.14 "
    "ruling: "
    "the striker names the cause — Рита dies of `kamikaze`; the kamikaze's own cause is open "
    "(`triad` as the striker, or `kamikaze` since he 'blows up together' — see D2).",
)
s.turn(
    1,
    moves=[mv("Гена", "heal", "Лена"), mv("Миша", "kill", "Лена", executor="Рита")],
    abstained=ALL,
    deaths=[s.death("Рита", "kamikaze"), s.death("Лена", one_of("triad", "kamikaze"))],
)

s = full(
    "pefl_P_M_10_kamikaze_blasts_the_thug_and_his_victim",
    ["P-M.10", "P-M.9", "P-O.1"],
    "The thug beats Егор and the kamikaze blasts the thug: thug, kamikaze and Егор all die.",
    "P-M.10: a blast at the thug also takes the player the thug beat that night (all three "
    "of the blast). Whether dead Егор is listed as beaten is open.",
)
s.turn(
    1,
    moves=[mv("Нина", "beat", "Егор"), mv("Лена", "blast", "Нина")],
    abstained=ALL,
    deaths=[
        s.death("Нина", "kamikaze"),
        s.death("Лена", "kamikaze"),
        s.death("Егор", "kamikaze"),
    ],
    beaten=OMIT,
)

s = full(
    "pefl_P_M_10_beaten_kamikaze_still_blasts",
    ["P-M.10", "P-M.11"],
    "The kamikaze blasts Жора and is beaten by the thug the same night: thug, kamikaze and "
    "Жора die.",
    "P-M.10: a kamikaze beaten on the night he blasts → the thug, the kamikaze and "
    "his target all die. Kamikaze's own cause open (`kamikaze`/`thug_accident`).",
)
s.turn(
    1,
    moves=[mv("Лена", "blast", "Жора"), mv("Нина", "beat", "Лена")],
    abstained=ALL,
    deaths=[
        s.death("Жора", "kamikaze"),
        s.death("Нина", "kamikaze"),
        s.death("Лена", one_of("kamikaze", "thug_accident")),
    ],
    beaten=OMIT,
)

s = full(
    "pefl_P_M_10_maniac_shooting_the_kamikaze_dies_with_him",
    ["P-M.10", "P-M.13"],
    "The maniac (vest intact) shoots the kamikaze: both die.",
    "P-M.10: whoever tries to kill the kamikaze dies with him; P-M.13 ruling: the kamikaze "
    "ignores the vest. The maniac dies of `kamikaze`; the kamikaze's own cause is open "
    "(`maniac` as striker or `kamikaze`, see D2).",
)
s.turn(
    1,
    moves=[mv("Олег", "kill", "Лена")],
    abstained=ALL,
    deaths=[s.death("Олег", "kamikaze"), s.death("Лена", one_of("maniac", "kamikaze"))],
)

s = full(
    "pefl_P_M_12_ruling_shots_at_a_beaten_kamikaze_kill_the_shooters",
    ["P-M.12", "P-M.10", "P-M.11", "P-M.8"],
    "The thug beats the kamikaze; the same night the maniac and the triad (executor Рита) "
    "shoot him: the thug, the kamikaze, the maniac and Рита all die.",
    "P-M.12 ruling (`shot_at_beaten_kamikaze_dies`, default on): the beating and the shots "
    "meet in one blast, so whoever shot at him dies with him (P-M.10: for a clan kill the "
    "executor) of `kamikaze`. Kamikaze's own cause open (`kamikaze`/`thug_accident`).",
)
s.turn(
    1,
    moves=[
        mv("Нина", "beat", "Лена"),
        mv("Олег", "kill", "Лена"),
        mv("Миша", "kill", "Лена", executor="Рита"),
    ],
    abstained=ALL,
    deaths=[
        s.death("Нина", "kamikaze"),
        s.death("Лена", one_of("kamikaze", "thug_accident")),
        s.death("Олег", "kamikaze"),
        s.death("Рита", "kamikaze"),
    ],
    beaten=OMIT,
)

s = full(
    "pefl_P_M_12_ruling_setting_off_shot_at_a_beaten_kamikaze_costs_nothing",
    ["P-M.12", "P-M.10", "C-6"],
    "With options.shot_at_beaten_kamikaze_dies = false, the thug beats the kamikaze and the "
    "maniac shoots him: only the thug and the kamikaze die.",
    "P-M.12 ruling as a setting: turned off, the kamikaze is dead at step 4 and the maniac's "
    "shot at step 5 finds a dead man.",
    options={"shot_at_beaten_kamikaze_dies": False},
)
s.turn(
    1,
    moves=[mv("Нина", "beat", "Лена"), mv("Олег", "kill", "Лена")],
    abstained=ALL,
    deaths=[s.death("Нина", "kamikaze"), s.death("Лена", one_of("kamikaze", "thug_accident"))],
    beaten=OMIT,
)

s = full(
    "pefl_P_M_11_thug_beating_limits",
    ["P-M.11", "P-A.3", "P-M.1", "C-1"],
    "Night 1: Анна beaten (check lost). Night 2: beating Анна again is refused, her check "
    "works. Night 3: beating the triad's own bastard is refused.",
    "P-M.11: a beating costs the player his move; nobody can be beaten twice in a game, "
    "and the Triad's bastard never. P-A.3: Анна owes nothing on turn 2.",
)
s.turn(
    1,
    moves=[mv("Нина", "beat", "Анна"), mv("Анна", "check", "Коля")],
    abstained=ALL,
    beaten=["Анна"],
)
s.turn(
    2,
    votes=[(x, "Егор" if x != "Егор" else "Жора") for x in s.alive if x != "Анна"],
    silent=["Анна"],
    moves=[mv("Нина", "beat", "Анна"), mv("Анна", "check", "Коля")],
    removed_by_vote="Егор",
    refused=[("Нина", "beat", "already_beaten")],
    abstained=[],
    checks=com("Коля", "yakuza"),
)
s.turn(
    3,
    votes=everyone_votes(s, "Жора", "Коля"),
    moves=[mv("Нина", "beat", "Петя")],
    removed_by_vote="Жора",
    refused=[("Нина", "beat", "own_bastard")],
)

s = full(
    "pefl_P_M_14_ambush_takes_thug_shooter_and_checker",
    ["P-M.14", "P-M.12", "P-M.1", "P-P.1"],
    "The maniac ambushes: the thug who beats him dies (thug_accident, the beating fails), the "
    "yakuza executor who shoots him and the commissar who checks him die (ambush).",
    "P-M.14: any player who shoots, beats or checks the ambusher dies, causes per the ruling; "
    "P-M.12: beating an ambusher kills the thug, the beating fails. Whether the dying "
    "commissar learns anything, and whether the ambusher counts as `saved`, are open.",
)
s.turn(
    1,
    moves=[
        mv("Олег", "ambush"),
        mv("Нина", "beat", "Олег"),
        mv("Коля", "kill", "Олег", executor="Фима"),
        mv("Анна", "check", "Олег"),
    ],
    abstained=ALL,
    deaths=[
        s.death("Нина", "thug_accident"),
        s.death("Фима", "ambush"),
        s.death("Анна", "ambush"),
    ],
    beaten=[],
    checks=OMIT,
    saved=OMIT,
)

s = full(
    "pefl_P_M_14_second_ambush_is_refused",
    ["P-M.14", "P-M.13", "C-1"],
    "Night 1: ambush with no visitor. Night 2: a second ambush is refused; the yakuza shot is "
    "stopped by the vest and the executor lives.",
    "P-M.14: ambush once per game; P-M.13: the vest stops the first mafia bullet.",
)
s.turn(1, moves=[mv("Олег", "ambush")], abstained=ALL)
s.turn(
    2,
    votes=everyone_votes(s, "Егор", "Жора"),
    moves=[mv("Олег", "ambush"), mv("Коля", "kill", "Олег", executor="Фима")],
    removed_by_vote="Егор",
    refused=[("Олег", "ambush", "used")],
    saved=["Олег"],
)

s = full(
    "pefl_P_O_1_beats_and_blasts_come_before_shots_and_checks",
    ["P-O.1", "P-M.11", "P-M.9", "P-M.1"],
    "Step 4 before 5/6: the thug beats the (non-ambushing) maniac, whose kill is lost; the "
    "kamikaze blasts the commissar, whose check is lost.",
    "P-O.1: blasts and beats are step 4, shots step 5, checks step 6; P-M.11: a beaten "
    "player's move of that night is lost.",
)
s.turn(
    1,
    moves=[
        mv("Нина", "beat", "Олег"),
        mv("Олег", "kill", "Егор"),
        mv("Лена", "blast", "Анна"),
        mv("Анна", "check", "Коля"),
    ],
    abstained=ALL,
    beaten=["Олег"],
    deaths=[s.death("Анна", "kamikaze"), s.death("Лена", "kamikaze")],
)

# ====================================================================== PEFL: endgames, wins

s = Scenario(
    "pefl_P_E_1_two_left_fewer_votes_wins",
    "pefl",
    [P("Егор", "civilian"), P("Жора", "civilian"), P("Олег", "maniac")],
    ["P-E.1", "P-W.1"],
    "Егор is hanged; after the night a civilian (1 vote against) and the maniac (0) are left: "
    "the maniac wins.",
    "P-E.1: two of opposing camps left after a night → fewer votes against over the game wins.",
)
s.turn(
    1,
    votes=[("Егор", "Жора"), ("Жора", "Егор"), ("Олег", "Егор")],
    removed_by_vote="Егор",
    winner="maniac",
)

s = Scenario(
    "pefl_P_E_1_equal_votes_the_earlier_first_vote_loses",
    "pefl",
    [P("Рома", "civilian"), P("Егор", "civilian"), P("Жора", "civilian"), P("Олег", "maniac")],
    ["P-E.1", "P-M.13"],
    "Рома is hanged, the maniac kills Егор; Жора and the maniac have one vote each, but the "
    "maniac's came first: town wins.",
    "P-E.1: with equal counts, whoever drew the earliest vote loses.",
)
s.turn(
    1,
    votes=[("Рома", "Олег"), ("Егор", "Жора"), ("Олег", "Рома"), ("Жора", "Рома")],
    moves=[mv("Олег", "kill", "Егор")],
    removed_by_vote="Рома",
    deaths=[s.death("Егор", "maniac")],
    winner="town",
)

s = Scenario(
    "pefl_P_E_1_nobody_voted_against_either_coin_toss",
    "pefl",
    [P("Рома", "civilian"), P("Жора", "civilian"), P("Егор", "civilian"), P("Олег", "maniac")],
    ["P-E.1", "P-V.4"],
    "No vote is ever cast; after night 1 a civilian and the maniac are left: a seeded coin "
    "toss decides.",
    "P-E.1: nobody ever voted against either → duel (coin toss); only 'one of the two camps "
    "wins' is fixed.",
)
s.turn(0, moves=[mv("Олег", "kill", "Рома")], deaths=[s.death("Рома", "maniac")])
s.turn(
    1,
    moves=[mv("Олег", "kill", "Жора")],
    abstained=ALL,
    deaths=[s.death("Жора", "maniac")],
    winner=one_of("town", "maniac"),
)

s = Scenario(
    "pefl_P_E_2_mafioso_and_own_bastard_left_town_wins",
    "pefl",
    [P("Коля", "mafia", "yakuza", don=True), P("Зина", "bastard", "yakuza"), P("Егор", "civilian")],
    ["P-E.2", "P-E.1"],
    "Егор is hanged; a yakuza mafioso and the yakuza bastard are left: town wins.",
    "P-E.2: the last two being a mafioso and his clan's bastard is a town win (no P-E.1 duel).",
)
s.turn(
    1,
    votes=[("Коля", "Егор"), ("Зина", "Егор"), ("Егор", "Коля")],
    removed_by_vote="Егор",
    winner="town",
)

s = Scenario(
    "pefl_P_W_1_town_wins_when_mafia_and_maniac_are_gone",
    "pefl",
    [
        P("Анна", "commissar"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Коля", "mafia", "yakuza", don=True),
        P("Олег", "maniac"),
    ],
    ["P-W.1", "P-M.8", "P-V.4", "C-1"],
    "Turn 1 hangs the maniac, the lone yakuza shoots Егор as his own executor; turn 2 hangs the "
    "last mafioso: town wins.",
    "P-W.1: the town wins with all mafiosi and the maniac gone and a town player alive.",
)
s.turn(
    1,
    votes=[
        ("Анна", "Олег"),
        ("Егор", "Олег"),
        ("Жора", "Олег"),
        ("Коля", "Анна"),
        ("Олег", "Анна"),
    ],
    moves=[mv("Коля", "kill", "Егор", executor="Коля")],
    removed_by_vote="Олег",
    deaths=[s.death("Егор", "yakuza")],
)
s.turn(
    2,
    votes=[("Анна", "Коля"), ("Жора", "Коля"), ("Коля", "Анна")],
    removed_by_vote="Коля",
    winner="town",
)

s = Scenario(
    "pefl_P_W_1_last_clan_standing_wins",
    "pefl",
    [
        P("Миша", "mafia", "triad", don=True),
        P("Нина", "thug", "triad"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
    ],
    ["P-W.1", "P-M.8"],
    "Егор is hanged, the triad shoots Жора with the thug as executor: only triad is left.",
    "P-W.1: a clan wins when it alone has anyone left alive.",
)
s.turn(
    1,
    votes=[("Миша", "Егор"), ("Нина", "Егор"), ("Егор", "Миша"), ("Жора", "Нина")],
    moves=[mv("Миша", "kill", "Жора", executor="Нина")],
    removed_by_vote="Егор",
    deaths=[s.death("Жора", "triad")],
    winner="triad",
)

s = Scenario(
    "pefl_P_W_1_maniac_wins_only_alone",
    "pefl",
    [P("Олег", "maniac"), P("Егор", "civilian"), P("Жора", "civilian")],
    ["P-W.1", "P-E.1"],
    "Егор is hanged (two left, but P-E.1 waits for the night); the maniac kills Жора and is "
    "alone: maniac wins.",
    "P-W.1: the maniac wins only alone; P-E.1 applies after a night, not after the hanging.",
)
s.turn(
    1,
    votes=[("Олег", "Егор"), ("Жора", "Егор"), ("Егор", "Жора")],
    moves=[mv("Олег", "kill", "Жора")],
    removed_by_vote="Егор",
    deaths=[s.death("Жора", "maniac")],
    winner="maniac",
)

# ====================================================================== PEFL: common rules

s = full(
    "pefl_C_2_C_3_text_moves_with_inflected_nicks",
    ["C-2", "C-3", "P-M.1", "P-M.2", "P-M.5", "P-M.6", "P-M.8"],
    "Moves written as PMs in Russian with case-inflected nicks (Колю, Егора, Жору, Зину); a "
    "civilian's `Убиваю Олега` and an unreadable PM are no moves.",
    "C-2: any form of the action's verb/noun, «исполнитель» names the executor, unreadable → "
    "no move, only the role's own moves; C-3: an inflected nick resolves by its stem to "
    "exactly one living player.",
)
s.turn(
    1,
    moves=[
        txt("Анна", "Проверяю Колю"),
        txt("Гена", "Лечу Егора"),
        txt("Олег", "убиваю Егора"),
        txt("Миша", "Убить Жору, исполнитель Рита"),
        txt("Дима", "протект Зину"),
        txt("Егор", "Убиваю Олега"),
        txt("Жора", "хочу пиццу и спать"),
    ],
    abstained=ALL,
    checks=com("Коля", "yakuza"),
    deaths=[s.death("Жора", "triad")],
    saved=["Егор"],
    refused=[("Егор", "kill", "wrong_role")],
)

KOT_LATIN = "\u004bот"  # LATIN K
MAKS = "М\u0061кс"  # a LATIN 'a' inside a Cyrillic nick, as on the real board (MANIFEST.md)
s = Scenario(
    "pefl_C_3_vote_nicks_fold_lookalikes_case_and_punctuation",
    "pefl",
    [
        P(MAKS, "civilian"),
        P("Кот", "civilian"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Коля", "mafia", "yakuza", don=True),
        P("Миша", "mafia", "triad", don=True),
    ],
    ["C-3", "P-V.4", "P-V.1"],
    "Votes for `Макс` (all Cyrillic), `мaкс` (lower case), `Kот` (Latin K) and `Кот,` resolve "
    "to the real nicks; a vote for an unknown `Вася` is rejected.",
    "C-3: case-insensitive, look-alikes folded, surrounding punctuation ignored; unknown → "
    "not a vote. Мaкс reaches 2 (post 3) before Кот (post 4) → hanged (P-V.4).",
)
s.turn(
    1,
    posts=[
        s.post("Егор", f"{red('Макс')} слишком тихо себя ведёт весь день"),
        s.post("Жора", f"{red(KOT_LATIN, 1)} путается в показаниях весь день"),
        s.post("Коля", f"{red('макс', 2)} голосует странно, явно прикрывает своих"),
        s.post("Миша", f"{red('Кот,', 3)} мне не нравится его логика"),
        s.post(MAKS, f"{red('Вася')} слишком тихо себя ведёт весь день"),
    ],
    tally={MAKS: 2, "Кот": 2},
    removed_by_vote=MAKS,
    rejected=[{"author": MAKS}],
    abstained=[MAKS, "Кот"],
)

s = full(
    "pefl_C_5_P_P_2_a_dead_maniac_neither_votes_nor_kills",
    ["C-5", "P-P.2", "P-M.13"],
    "The maniac, killed by the ninja on night 1, posts a reasoned red vote and sends a kill "
    "on turn 2: neither counts.",
    "C-5: the dead are out of the game — they neither vote nor move and owe no activity; "
    "P-P.2: one post "
    "after death is allowed but it is not a vote.",
)
s.turn(1, moves=[mv("Вася", "kill", "Олег")], abstained=ALL, deaths=[s.death("Олег", "ninja")])
s.turn(
    2,
    votes=everyone_votes(s, "Жора", "Коля"),
    posts=[s.post("Олег", f"{red('Анна')} — слишком тихо себя ведёт весь день")],
    moves=[mv("Олег", "kill", "Егор")],
    removed_by_vote="Жора",
    refused=[("Олег", "kill", "dead")],
    rejected=[{"author": "Олег", "reason": "dead"}],
)

s = Scenario(
    "pefl_C_6_override_removes_a_rule_breaker",
    "pefl",
    SIX,
    ["C-6", "P-O.1", "P-B.1"],
    "The host removes Жора (rule-breaking) on turn 1: he leaves at step 3 with cause "
    "`override`, after the hanging of Коля.",
    "C-6: the host's override wins; P-O.1 step 3 removes rule-breakers (SCENARIO.md cause "
    "`override`). P-B.1's ban record is outside replay's output; this shows the removal that "
    "earns it.",
)
s.turn(
    1,
    votes=[
        ("Анна", "Коля"),
        ("Егор", "Коля"),
        ("Жора", "Коля"),
        ("Коля", "Егор"),
        ("Миша", "Егор"),
        ("Олег", "Коля"),
    ],
    overrides=[{"kind": "remove", "nick": "Жора"}],
    removed_by_vote="Коля",
    deaths=[{"nick": "Жора", "role": "civilian", "cause": "override"}],
)

s = Scenario(
    "pefl_C_6_override_forces_the_hang",
    "pefl",
    SIX,
    ["C-6", "P-V.4"],
    "Votes would hang Коля, but the host forces the hang of Миша.",
    "C-6: anything the host writes (a forced hang) wins over what the bot parsed.",
)
s.turn(
    1,
    votes=[
        ("Анна", "Коля"),
        ("Егор", "Коля"),
        ("Жора", "Коля"),
        ("Коля", "Егор"),
        ("Миша", "Егор"),
    ],
    overrides=[{"kind": "hang", "nick": "Миша"}],
    removed_by_vote="Миша",
    abstained=["Олег"],
)

# ====================================================================== Gambler

GAMBLER = [
    P("Анна", "commissar"),
    P("Борис", "sheriff"),
    P("Вера", "doctor"),
    P("Гоша", "maniac"),
    P("Даша", "prostitute"),
    P("Евгений", "godfather"),
    P("Жанна", "mafia"),
    P("Зоя", "lawyer"),
    P("Игорь", "civilian"),
    P("Кира", "civilian"),
]
EIGHT = [p for p in GAMBLER if p["nick"] not in ("Гоша", "Зоя")]


def gam(
    name: str, cast: list[dict[str, Any]], rules: list[str], what: str, how: str, **kw: Any
) -> Scenario:
    s = Scenario(name, "gambler", cast, rules, what, how, **kw)
    s.turn(1)  # G-S.2: introductions, empty results
    return s


def jail_day(s: Scenario, n: int, who: str, *, greeners: int = 3, **kw: Any) -> None:
    """A plain day: the first `greeners` other players green `who`, the rest green nobody
    (each counts as greening himself, G-N.2); everyone votes `who` in court (G-N.4)."""
    others = [x for x in s.alive if x != who]
    gl = [(x, who) for x in others[:greeners]]
    threshold = 3 if len(s.alive) >= 14 else 2 if len(s.alive) >= 9 else 1
    g: dict[str, int] = {who: greeners + 1}
    for x in others[greeners:]:
        g[x] = 1
    nominees = [k for k, v in g.items() if v >= threshold]
    court = [(x, who) for x in s.alive]
    kw.setdefault("nominees", nominees)
    s.turn(n, greens=gl, court=court, removed_by_vote=who, **kw)


s = gam(
    "gambler_G_S_2_intro_day_then_first_full_day",
    GAMBLER,
    [
        "G-S.2",
        "G-N.1",
        "G-N.2",
        "G-N.3",
        "G-N.4",
        "G-M.3",
        "G-M.4",
        "G-M.5",
        "G-P.1",
        "C-1",
        "C-4",
        "G-S.1",
        "G-S.3",
    ],
    "Day 1 (introductions): a green and night letters are ignored. Day 2: greens with self-"
    "greens, threshold 2 at 10 players, court 6:4 jails Жанна; the sheriff and the mafia kill, "
    "commissar and lawyer learn exact roles.",
    "G-S.2: day 1 has no greens, court or moves; G-N.2: no green = green oneself; G-N.3: 9–13 "
    "living → 2 greens; G-N.4: most court votes jailed; G-M.3/G-P.1: exact roles reported.",
)
s.turns_in[0]["posts"] = [s.post("Анна", 'Привет! Я за <span style="color:green">Жанна</span>')]
s.turns_in[0]["moves"] = [
    mv("Борис", "kill", "Гоша"),
    mv("Анна", "check", "Евгений"),
    mv("Евгений", "kill", "Игорь"),
]
s.turn(
    2,
    greens=[
        ("Анна", "Жанна"),
        ("Борис", "Жанна"),
        ("Игорь", "Жанна"),
        ("Кира", "Игорь"),
        ("Вера", "Игорь"),
    ],
    court=[(x, "Жанна") for x in ("Анна", "Борис", "Вера", "Игорь", "Кира", "Гоша")]
    + [(x, "Игорь") for x in ("Даша", "Евгений", "Жанна", "Зоя")],
    nominees=["Жанна", "Игорь"],
    removed_by_vote="Жанна",
    moves=[
        mv("Борис", "kill", "Гоша"),
        mv("Евгений", "kill", "Кира"),
        mv("Анна", "check", "Зоя"),
        mv("Зоя", "check", "Борис"),
    ],
    deaths=[s.death("Гоша", "sheriff"), s.death("Кира", "mafia")],
    checks=[chk("commissar", "Зоя", "lawyer"), chk("lawyer", "Борис", "sheriff")],
)

s = gam(
    "gambler_G_N_1_green_spellings_quotes_and_regreen",
    EIGHT,
    ["G-N.1", "G-N.2", "G-N.3", "G-N.4"],
    "Greens in `#008000`, `Green`, `#00ff00`; Борис re-greens (last counts); a green only "
    "inside a quote and a red nick count as no green (self-green). 8 players → threshold 1.",
    "G-N.1: any spelling of green, only outside quotes, last green counts; G-N.2 self-green; "
    "G-N.3: ≤8 → 1 green makes a nominee.",
)
a_green = 'Я за <span style="color:#008000">Жанна</span>, очень подозрительна.'
s.turn(
    2,
    posts=[
        s.post("Анна", a_green, 2001),
        s.post("Борис", 'Пока так: <span style="color:green">Игорь</span>'),
        s.post("Вера", quote("Анна", 2001, a_green) + "Интересная мысль, подумаю."),
        s.post("Даша", 'Мне кажется, <span style="color:#00ff00">Евгений</span>'),
        s.post("Евгений", 'Мой выбор <span style="color:Green">Кира</span>'),
        s.post("Жанна", '<span style="color:green">Кира</span>'),
        s.post("Кира", f"А я считаю {red('Жанна')} мафией"),
        s.post("Борис", 'Передумал, теперь <span style="color:green">Жанна</span>'),
    ],
    greens={"Жанна": 2, "Евгений": 1, "Кира": 3, "Вера": 1, "Игорь": 1},
    nominees=["Жанна", "Евгений", "Кира", "Вера", "Игорь"],
    court=[(x, "Жанна") for x in ("Анна", "Борис", "Вера", "Игорь", "Кира")]
    + [(x, "Кира") for x in ("Даша", "Евгений", "Жанна")],
    removed_by_vote="Жанна",
)

s = gam(
    "gambler_G_N_3_threshold_three_at_fourteen_players",
    [
        *GAMBLER,
        P("Лёва", "civilian"),
        P("Мила", "civilian"),
        P("Нора", "civilian"),
        P("Оскар", "civilian"),
    ],
    ["G-N.3", "G-N.2", "G-N.4"],
    "14 living: Игорь (5 greens) goes to court, Кира and Оскар (2 each) do not; a court vote "
    "for Кира is not counted.",
    "G-N.3: ≥14 → 3 greens; G-N.4: only votes for nominees count. Abstention is not "
    "compared here (one player has no valid court vote; Gambler rules define no abstention).",
)
s.turn(
    2,
    greens=[
        ("Анна", "Игорь"),
        ("Борис", "Игорь"),
        ("Вера", "Игорь"),
        ("Нора", "Игорь"),
        ("Лёва", "Кира"),
        ("Мила", "Кира"),
        ("Кира", "Оскар"),
    ],
    court=[(x, "Игорь") for x in s.alive if x != "Евгений"],
    court_posts=[s.post("Евгений", "Кира")],
    nominees=["Игорь"],
    removed_by_vote="Игорь",
    rejected=[{"author": "Евгений"}],
    abstained=OMIT,
)

s = gam(
    "gambler_G_N_4_last_court_vote_counts_nominees_only",
    EIGHT,
    ["G-N.4", "G-N.1"],
    "Борис votes Игорь then Жанна in court (last counts → Жанна 5:3; counting the first would "
    "tie 4:4); Даша's vote for a non-nominee is rejected, her later valid vote counts.",
    "G-N.4: a player's latest court vote before the deadline stands, and only a nominee "
    "can be voted for.",
)
s.turn(
    2,
    greens=[
        ("Анна", "Жанна"),
        ("Борис", "Игорь"),
        ("Вера", "Жанна"),
        ("Даша", "Игорь"),
        ("Евгений", "Игорь"),
        ("Жанна", "Игорь"),
        ("Игорь", "Жанна"),
        ("Кира", "Жанна"),
    ],
    court_posts=[
        s.post("Анна", "Жанна"),
        s.post("Борис", "Игорь"),
        s.post("Вера", "Жанна"),
        s.post("Даша", "Кира"),
        s.post("Евгений", "Игорь"),
        s.post("Жанна", "Игорь"),
        s.post("Игорь", "Жанна"),
        s.post("Кира", "Жанна"),
        s.post("Борис", "Жанна"),
        s.post("Даша", "Игорь"),
    ],
    nominees=["Жанна", "Игорь"],
    tally={"Жанна": 5, "Игорь": 3},
    removed_by_vote="Жанна",
    rejected=[{"author": "Даша", "reason": "not_a_nominee"}],
    abstained=[],
)

s = gam(
    "gambler_G_N_4_no_court_vote_nobody_jailed",
    EIGHT,
    ["G-N.4"],
    "Nominees exist but nobody votes in court: nobody is jailed.",
    "G-N.4 ruling: no vote → nobody jailed that day.",
)
s.turn(
    2,
    greens=[(x, "Игорь") for x in s.alive if x != "Игорь"] + [("Игорь", "Кира")],
    nominees=["Игорь", "Кира"],
)

TIE_GREENS = [
    ("Анна", "Жанна"),
    ("Борис", "Жанна"),
    ("Вера", "Жанна"),
    ("Игорь", "Жанна"),
    ("Даша", "Игорь"),
    ("Евгений", "Игорь"),
    ("Жанна", "Игорь"),
    ("Кира", "Игорь"),
]
TIE_COURT = TIE_GREENS
ALL8 = [p["nick"] for p in EIGHT]

s = gam(
    "gambler_G_N_5_duel_by_seeded_coin",
    EIGHT,
    ["G-N.5", "G-N.4"],
    "A 4:4 court tie: a duel by seeded coin jails one of the two.",
    "G-N.5 ruling: the coin decides which tied player is jailed; only 'one of the two' is "
    "knowable from the rules (the seed's outcome is not).",
)
s.turn(
    2,
    greens=TIE_GREENS,
    court=TIE_COURT,
    nominees=["Жанна", "Игорь"],
    removed_by_vote=one_of("Жанна", "Игорь"),
    alive=one_of([x for x in ALL8 if x != "Жанна"], [x for x in ALL8 if x != "Игорь"]),
)

s = gam(
    "gambler_G_N_5_duel_result_by_host_override",
    EIGHT,
    ["G-N.5", "C-6"],
    "The same 4:4 tie, but the host enters the real duel's result: Игорь lost.",
    "G-N.5: the host may override the coin with a real duel's result; C-6: overrides win.",
)
s.turn(
    2,
    greens=TIE_GREENS,
    court=TIE_COURT,
    overrides=[{"kind": "duel", "loser": "Игорь"}],
    nominees=["Жанна", "Игорь"],
    removed_by_vote="Игорь",
)

s = gam(
    "gambler_G_M_1_jailed_sheriff_has_no_move",
    EIGHT,
    ["G-M.1", "G-M.5"],
    "The sheriff is jailed and his letter (kill the godfather) is void; the mafia kill happens.",
    "G-M.1 (1): the jailed player has no move.",
)
jail_day(
    s,
    2,
    "Борис",
    greeners=7,
    moves=[mv("Борис", "kill", "Евгений"), mv("Евгений", "kill", "Игорь")],
    deaths=[s.death("Игорь", "mafia")],
)

s = gam(
    "gambler_G_M_1_prostitute_blocks_commissar_then_lawyer",
    GAMBLER,
    ["G-M.1", "G-M.3", "G-P.1", "C-1"],
    "Night 2: the invited commissar makes no check, the lawyer checks; night 3: the invited "
    "lawyer makes no check (ruling), the commissar checks.",
    "G-M.1 (2): an invited sheriff, doctor, commissar, maniac or godfather — and, by the "
    "Ruling, an invited lawyer — makes no move.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Даша", "block", "Анна"), mv("Анна", "check", "Евгений"), mv("Зоя", "check", "Вера")],
    checks=[chk("lawyer", "Вера", "doctor")],
)
jail_day(
    s,
    3,
    "Кира",
    moves=[mv("Даша", "block", "Зоя"), mv("Зоя", "check", "Борис"), mv("Анна", "check", "Евгений")],
    checks=[chk("commissar", "Евгений", "godfather")],
)

s = gam(
    "gambler_G_M_5_blocked_godfather_and_maniac_G_M_2_never_twice",
    GAMBLER,
    ["G-M.5", "G-M.1", "G-M.2", "G-M.4", "G-W.1", "C-1"],
    "Night 2: the invited godfather → no mafia kill; night 3: the invited maniac → no kill; "
    "night 4: inviting the godfather again is refused, the mafia kill happens.",
    "G-M.5: when the godfather is invited the mafia kills nobody; G-M.2: never the same "
    "player twice. "
    "Town 3 vs mafia 2 after day 4, 2 vs 2 after night 4: no winner (G-W.1 needs fewer).",
)
jail_day(s, 2, "Игорь", moves=[mv("Даша", "block", "Евгений"), mv("Евгений", "kill", "Анна")])
jail_day(s, 3, "Кира", moves=[mv("Даша", "block", "Гоша"), mv("Гоша", "kill", "Вера")])
jail_day(
    s,
    4,
    "Жанна",
    greeners=7,
    moves=[mv("Даша", "block", "Евгений"), mv("Евгений", "kill", "Анна")],
    deaths=[s.death("Анна", "mafia")],
    refused=[("Даша", "block", "repeated_target")],
)

s = gam(
    "gambler_G_M_3_maniac_shows_as_civilian_G_M_9",
    GAMBLER,
    ["G-M.3", "G-M.9", "G-P.1", "C-1"],
    "Commissar and lawyer both check the maniac: both are told `civilian`. Next night the "
    "commissar checks the sheriff and the lawyer a mafioso (they get acquainted).",
    "G-M.3: exact role, except the maniac shows as civilian; G-M.9's acquaintance PMs are "
    "not part of replay's output — only the checks that trigger them are.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Анна", "check", "Гоша"), mv("Зоя", "check", "Гоша")],
    checks=[chk("commissar", "Гоша", "civilian"), chk("lawyer", "Гоша", "civilian")],
)
jail_day(
    s,
    3,
    "Кира",
    moves=[mv("Анна", "check", "Борис"), mv("Зоя", "check", "Жанна")],
    checks=[chk("commissar", "Борис", "sheriff"), chk("lawyer", "Жанна", "mafia")],
)

CLAN = [
    P("Анна", "commissar"),
    P("Борис", "sheriff"),
    P("Вера", "doctor"),
    P("Даша", "prostitute"),
    P("Евгений", "godfather"),
    P("Жанна", "mafia"),
    P("Юра", "mafia"),
    P("Игорь", "civilian"),
    P("Кира", "civilian"),
    P("Лёва", "civilian"),
    P("Мила", "civilian"),
]
s = gam(
    "gambler_G_M_6_clan_kill_after_the_godfather_is_jailed",
    CLAN,
    ["G-M.6", "G-M.1", "G-M.5", "C-1"],
    "The godfather is jailed (his letter void). Then: two letters naming Кира kill her though "
    "one sender is invited; two different names → mafia missed; the last mafioso invited → no "
    "kill.",
    "G-M.6: after the godfather, 1–3 letters naming the same victim kill, different names "
    "miss; an invitation to one sender of several changes nothing, to the last one it does.",
)
jail_day(s, 2, "Евгений", moves=[mv("Евгений", "kill", "Анна")])
jail_day(
    s,
    3,
    "Игорь",
    moves=[mv("Жанна", "kill", "Кира"), mv("Юра", "kill", "Кира"), mv("Даша", "block", "Юра")],
    deaths=[s.death("Кира", "mafia")],
)
jail_day(s, 4, "Лёва", greeners=7, moves=[mv("Жанна", "kill", "Мила"), mv("Юра", "kill", "Анна")])
jail_day(s, 5, "Юра", greeners=6, moves=[mv("Жанна", "kill", "Мила"), mv("Даша", "block", "Жанна")])

s = gam(
    "gambler_G_M_7_doctor_saves_from_every_kill_self_once",
    GAMBLER,
    ["G-M.7", "G-M.4", "G-M.5", "C-1"],
    "Night 2: sheriff, maniac and mafia all shoot the healed Кира — she lives. Night 3: the "
    "doctor heals herself and survives. Night 4: a second self-heal is refused; she dies.",
    "G-M.7: the heal saves from every kill aimed at the patient that night; self-heal once.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[
        mv("Борис", "kill", "Кира"),
        mv("Гоша", "kill", "Кира"),
        mv("Евгений", "kill", "Кира"),
        mv("Вера", "heal", "Кира"),
    ],
    saved=["Кира"],
)
jail_day(
    s, 3, "Кира", moves=[mv("Вера", "heal", "Вера"), mv("Евгений", "kill", "Вера")], saved=["Вера"]
)
jail_day(
    s,
    4,
    "Жанна",
    greeners=7,
    moves=[mv("Вера", "heal", "Вера"), mv("Гоша", "kill", "Вера")],
    deaths=[s.death("Вера", "maniac")],
    refused=[("Вера", "heal", "self_heal_used")],
)

s = gam(
    "gambler_G_M_8_commissar_recruits_the_prostitute",
    GAMBLER,
    ["G-M.8", "G-M.3"],
    "The commissar checks the prostitute: she is recruited by the town.",
    "G-M.8: the commissar's check recruits her for the town; its result reads `prostitute`.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Анна", "check", "Даша")],
    checks=[chk("commissar", "Даша", "prostitute")],
    recruited="town",
)

s = gam(
    "gambler_G_M_8_lawyer_recruits_and_mafia_wins",
    [
        P("Анна", "commissar"),
        P("Игорь", "civilian"),
        P("Кира", "civilian"),
        P("Даша", "prostitute"),
        P("Евгений", "godfather"),
        P("Зоя", "lawyer"),
    ],
    ["G-M.8", "G-W.1", "G-M.3"],
    "After Кира is jailed town 2 vs mafia 2; the lawyer recruits the prostitute at night, "
    "making mafia 3 > town 2: mafia wins.",
    "G-M.8: checked by the lawyer → mafia; G-W.1: a mafia-recruited prostitute counts for "
    "mafia; win checked after the night.",
)
jail_day(
    s,
    2,
    "Кира",
    greeners=5,
    moves=[mv("Зоя", "check", "Даша")],
    checks=[chk("lawyer", "Даша", "prostitute")],
    recruited="mafia",
    winner="mafia",
)

BIG = [*GAMBLER, P("Лёва", "civilian"), P("Мила", "civilian")]
s = gam(
    "gambler_G_M_8_checked_by_both_she_chooses",
    BIG,
    ["G-M.8", "C-2"],
    "Commissar and lawyer both check the prostitute on night 2; her `choose_side mafia` PM on "
    "turn 3 recruits her for mafia.",
    "G-M.8: after checks from both sides in one night she picks a side by a choose_side "
    "letter before the following deadline; `recruited` shows on the turn whose deadline "
    "settles it.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Анна", "check", "Даша"), mv("Зоя", "check", "Даша")],
    checks=[chk("commissar", "Даша", "prostitute"), chk("lawyer", "Даша", "prostitute")],
)
jail_day(
    s,
    3,
    "Кира",
    moves=[{"from": "Даша", "action": "choose_side", "side": "mafia"}],
    recruited="mafia",
)

s = gam(
    "gambler_G_M_8_checked_by_both_no_answer_means_town",
    BIG,
    ["G-M.8"],
    "Both check her on night 2; she never answers: at the next deadline she plays for town.",
    "G-M.8 ruling: no answer by the next deadline → town, decided at that deadline.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Анна", "check", "Даша"), mv("Зоя", "check", "Даша")],
    checks=[chk("commissar", "Даша", "prostitute"), chk("lawyer", "Даша", "prostitute")],
)
jail_day(s, 3, "Кира", recruited="town")

s = gam(
    "gambler_G_W_1_town_wins_at_court_night_not_played",
    [
        P("Анна", "commissar"),
        P("Игорь", "civilian"),
        P("Кира", "civilian"),
        P("Гоша", "maniac"),
        P("Евгений", "godfather"),
        P("Зоя", "lawyer"),
    ],
    ["G-W.1"],
    "The court jails the only godfather/mafioso: town wins at once though the lawyer and "
    "maniac live; the maniac's letter of that night is not played.",
    "G-W.1: with the godfather and all mafiosi gone the town wins; tested after the court.",
)
jail_day(s, 2, "Евгений", greeners=5, moves=[mv("Гоша", "kill", "Анна")], winner="town")

s = gam(
    "gambler_G_W_1_maniac_beats_town_when_both_hold",
    [P("Гоша", "maniac"), P("Евгений", "godfather"), P("Борис", "sheriff")],
    ["G-W.1", "G-N.4", "G-M.4"],
    "No court vote; at night the sheriff and the godfather kill each other: only the maniac is "
    "left — both 'maniac alone' and 'no mafia left' hold, the maniac wins.",
    "G-W.1 ruling: when more than one win holds together, maniac > mafia > town.",
)
s.turn(
    2,
    greens=[("Гоша", "Евгений"), ("Евгений", "Борис"), ("Борис", "Гоша")],
    nominees=["Гоша", "Евгений", "Борис"],
    moves=[mv("Борис", "kill", "Евгений"), mv("Евгений", "kill", "Борис")],
    deaths=[s.death("Евгений", "sheriff"), s.death("Борис", "mafia")],
    winner="maniac",
)

s = gam(
    "gambler_C_2_C_3_text_moves_with_inflected_nicks",
    GAMBLER,
    ["C-2", "C-3", "G-M.3", "G-M.4", "G-M.7", "G-M.9"],
    "Night letters in Russian with inflected nicks (Гошу, Бориса, Киру, Жанну); the invited "
    "Жанна is no blocked role; a civilian's kill letter is no move.",
    "C-2 vocabulary (стреляю/проверяю/лечу/убиваю/приглашаю); C-3 stems resolve to one living "
    "player; G-M.1: inviting a plain mafioso blocks nothing.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[
        txt("Борис", "Стреляю в Гошу"),
        txt("Анна", "Проверяю Бориса"),
        txt("Вера", "Лечу Киру"),
        txt("Евгений", "Убиваю Киру"),
        txt("Зоя", "проверка: Жанну"),
        txt("Даша", "Приглашаю Жанну"),
        txt("Кира", "Убиваю Анну"),
    ],
    deaths=[s.death("Гоша", "sheriff")],
    saved=["Кира"],
    checks=[chk("commissar", "Борис", "sheriff"), chk("lawyer", "Жанна", "mafia")],
)

s = gam(
    "gambler_G_M_10_kill_letter_with_a_story",
    GAMBLER,
    ["G-M.10", "G-M.5"],
    "The godfather's kill letter carries a story; the kill happens as usual.",
    "G-M.10: the killer may add a story for the newspaper; the kill itself is unchanged.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Евгений", "kill", "Кира", story="Её нашли в реке с камнем на шее.")],
    deaths=[s.death("Кира", "mafia")],
)

s = gam(
    "gambler_G_P_2_C_5_dead_civilian_green_does_not_count",
    GAMBLER,
    ["G-P.2", "C-5", "G-N.2", "G-N.3"],
    "Кира, killed on night 2, posts a last word with a green and a court vote on day 3: "
    "neither counts (Анна would otherwise reach the threshold of 2 with her self-green).",
    "G-P.2: a dead civilian's last word is no game action; C-5: the dead don't vote.",
)
jail_day(s, 2, "Игорь", moves=[mv("Евгений", "kill", "Кира")], deaths=[s.death("Кира", "mafia")])
jail_day(
    s,
    3,
    "Жанна",
    posts=[s.post("Кира", 'Последнее слово: это <span style="color:green">Анна</span>!')],
    court_posts=[s.post("Кира", "Анна")],
    rejected=[{"author": "Кира", "reason": "dead"}],
)

s = Scenario(
    "pefl_P_O_1_hanged_player_is_not_shot_again",
    "pefl",
    SIX,
    ["P-O.1", "P-V.4", "C-5"],
    "Егор is hanged at step 2; the maniac's kill aimed at him at step 5 finds nobody: he is "
    "hanged, not also killed.",
    "P-O.1: the hanged leave at step 2, shots are step 5; SCENARIO.md: `deaths` never lists "
    "the hanged; C-5: the dead take no part (nor can they be taken again).",
)
s.turn(
    1,
    votes=[
        ("Анна", "Егор"),
        ("Жора", "Егор"),
        ("Коля", "Егор"),
        ("Егор", "Коля"),
        ("Миша", "Анна"),
        ("Олег", "Жора"),
    ],
    moves=[mv("Олег", "kill", "Егор")],
    removed_by_vote="Егор",
)

s = gam(
    "gambler_G_M_1_jailed_player_is_not_shot_again",
    EIGHT,
    ["G-M.1", "G-N.4", "C-5"],
    "Игорь is jailed; the godfather's kill letter names him: nobody dies that night.",
    "G-M.1 (1): jailing comes first and the jailed is out of the game; SCENARIO.md: `deaths` "
    "never lists the jailed.",
)
jail_day(s, 2, "Игорь", greeners=7, moves=[mv("Евгений", "kill", "Игорь")])

s = gam(
    "gambler_C_3_ruling_greens_and_court_votes_in_case_forms",
    GAMBLER,
    ["C-3", "G-N.1", "G-N.2", "G-N.3", "G-N.4"],
    "Day 2: greens written in case forms («Игоря», «Киру») nominate Игорь (4 with his own "
    "silence) and Кира (2); a court vote «Игоря» counts for Игорь, who is jailed.",
    "C-3 ruling (`vote_nicks` = as_moves): greens and court votes resolve nicks by the move "
    "ladder, case forms included; G-N.2 silent players green themselves; G-N.3: 10 living "
    "→ 2 greens; G-N.4: most court votes jailed.",
)
s.turn(
    2,
    posts=[
        s.post("Анна", f"Номинирую {green('Игоря')}, слишком тихий"),
        s.post("Борис", f"Я за {green('Игоря', 1)}"),
        s.post("Вера", f"Предлагаю {green('Киру', 2)}"),
        s.post("Гоша", f"Мой выбор: {green('Игоря', 3)}"),
    ],
    greens={"Игорь": 4, "Кира": 2, "Даша": 1, "Евгений": 1, "Жанна": 1, "Зоя": 1},
    nominees=["Игорь", "Кира"],
    court=[(x, "Игорь") for x in s.alive if x != "Кира"],
    court_posts=[s.post("Кира", "Игоря")],
    tally={"Игорь": 10},
    removed_by_vote="Игорь",
    abstained=OMIT,
)

s = Scenario(
    "pefl_P_A_1_missing_player_is_not_shot_again",
    "pefl",
    SIX,
    ["P-A.1", "P-O.1"],
    "Жора writes nothing and leaves at step 1; the triad's shot at him at step 5 finds nobody.",
    "P-A.1/P-O.1: the missing leave at step 1, before the shots; SCENARIO.md: `deaths` never "
    "lists the missing. His abstention is open (as in the other P-A.1 scenario); Коля reaches "
    "2 votes before Анна (P-V.4).",
)
s.turn(
    1,
    votes=[
        ("Анна", "Коля"),
        ("Егор", "Коля"),
        ("Коля", "Егор"),
        ("Миша", "Анна"),
        ("Олег", "Анна"),
    ],
    silent=["Жора"],
    moves=[mv("Миша", "kill", "Жора", executor="Миша")],
    removed_by_vote="Коля",
    missing=["Жора"],
    abstained=one_of(["Жора"], []),
)

s = gam(
    "gambler_G_W_1_the_lawyer_counts_for_mafia",
    [
        P("Анна", "commissar"),
        P("Игорь", "civilian"),
        P("Кира", "civilian"),
        P("Евгений", "godfather"),
        P("Жанна", "mafia"),
        P("Зоя", "lawyer"),
    ],
    ["G-W.1", "G-N.4"],
    "Town 3 vs godfather + mafia + lawyer; the court jails Кира: town 2 < mafia 3 → mafia wins "
    "at once (the night is not played).",
    "G-W.1: mafia = godfather + mafia + lawyer (+ a prostitute the mafia recruited); the "
    "win is tested both after the court and after the night.",
)
jail_day(s, 2, "Кира", greeners=5, moves=[mv("Анна", "check", "Зоя")], winner="mafia")

s = gam(
    "gambler_G_W_1_unrecruited_prostitute_counts_for_nobody",
    [
        P("Анна", "commissar"),
        P("Игорь", "civilian"),
        P("Кира", "civilian"),
        P("Даша", "prostitute"),
        P("Евгений", "godfather"),
        P("Жанна", "mafia"),
        P("Зоя", "lawyer"),
    ],
    ["G-W.1", "G-M.8"],
    "Town 3, mafia 3 and an unrecruited prostitute; the court jails Кира: town 2 < mafia 3 → "
    "mafia wins; the prostitute, recruited by nobody, is on neither side.",
    "G-W.1 weighs only town players against godfather + mafia + lawyer + a prostitute "
    "*recruited by the mafia*; the Gambler prostitute is solo until recruited (role table).",
)
jail_day(s, 2, "Кира", greeners=6, moves=[mv("Анна", "check", "Зоя")], winner="mafia")

s = gam(
    "gambler_G_W_1_last_sheriff_and_last_mafioso_shoot_each_other",
    [P("Борис", "sheriff"), P("Евгений", "godfather"), P("Игорь", "civilian")],
    ["G-W.1", "G-M.4", "G-M.5"],
    "Игорь is jailed (town 1 vs mafia 1: no win), then the sheriff and the godfather shoot each "
    "other: nobody is left, and no godfather or mafia is left either.",
    "G-W.1 read to the letter: the town's win (godfather and mafiosi all gone) holds (maniac alone "
    "and mafia > town do not); checked after the night.",
)
jail_day(
    s,
    2,
    "Игорь",
    greeners=2,
    moves=[mv("Борис", "kill", "Евгений"), mv("Евгений", "kill", "Борис")],
    deaths=[s.death("Евгений", "sheriff"), s.death("Борис", "mafia")],
    winner="town",
)

# ====================================================================== more interactions

s = Scenario(
    "pefl_P_V_1_reason_and_red_must_be_outside_quotes",
    "pefl",
    SIX,
    ["P-V.1", "P-V.2", "P-V.5"],
    "A red nick with no words of one's own under a long quoted *chat* post is no vote; a post "
    "whose only red nick sits inside a quoted vote, with plenty of own words, is no vote "
    "either.",
    "P-V.1: the red nick and the reason both count only outside quotes ('the voter's own text "
    "outside quotes'); P-V.2 needs the quoted post to be an accepted vote.",
)
chat_html = "Доброе утро, город! Сегодня очень много подозрительных людей вокруг нас."
vote_html = f"{red('Коля')} — слишком тихо себя ведёт и уходит от ответов"
s.turn(
    1,
    posts=[
        s.post("Анна", chat_html, 3001),
        s.post("Егор", quote("Анна", 3001, chat_html) + red("Олег", 1), 3002),
        s.post("Жора", vote_html, 3003),
        s.post(
            "Миша", quote("Жора", 3003, vote_html) + "Очень интересно, но я пока подумаю.", 3004
        ),
    ],
    tally={"Коля": 1},
    removed_by_vote="Коля",
    rejected=[{"author": "Егор", "reason": "no_reason"}],
    abstained=["Анна", "Егор", "Коля", "Миша", "Олег"],
)

s = Scenario(
    "pefl_P_V_3_a_rejected_vote_does_not_lock_the_voter",
    "pefl",
    SIX,
    ["P-V.3", "P-V.1"],
    "Егор's first red post has no reason (rejected); his second, reasoned, is his first "
    "*accepted* vote and counts.",
    "P-V.3: of a player's votes in a turn, the earliest accepted one is his vote.",
)
s.turn(
    1,
    posts=[
        s.post("Егор", f"Голосую {red('Коля')}"),
        s.post("Егор", f"{red('Олег', 1)} — путается в показаниях весь день"),
        s.post("Анна", f"{red('Олег', 2)} — голосует странно, явно прикрывает своих"),
        s.post("Жора", f"{red('Коля', 3)} — слишком тихо себя ведёт весь день"),
    ],
    tally={"Олег": 2, "Коля": 1},
    removed_by_vote="Олег",
    rejected=[{"author": "Егор", "reason": "no_reason"}],
    abstained=["Коля", "Миша", "Олег"],
)

s = Scenario(
    "pefl_P_A_2_an_excused_turn_is_no_abstention",
    "pefl",
    [
        P("Анна", "commissar"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Рома", "civilian"),
        P("Петя", "civilian"),
        P("Коля", "mafia", "yakuza", don=True),
        P("Миша", "mafia", "triad", don=True),
        P("Нина", "thug", "triad"),
    ],
    ["P-A.2", "P-A.3", "P-V.5", "C-1"],
    "Егор abstains on turn 1 and is beaten that night; on turn 2 he is excused (no vote, no "
    "abstention); his abstention on turn 3 is only his second: he goes missing then, at step "
    "7.",
    "P-A.3: after a beating the player owes no vote on the next turn (no abstention); "
    "P-A.2: the second abstention of the game → missing at step 7.",
)
s.turn(
    1,
    votes=[
        ("Анна", "Рома"),
        ("Жора", "Рома"),
        ("Рома", "Коля"),
        ("Петя", "Рома"),
        ("Коля", "Анна"),
        ("Миша", "Анна"),
        ("Нина", "Анна"),
    ],
    moves=[mv("Нина", "beat", "Егор")],
    removed_by_vote="Рома",
    abstained=["Егор"],
    beaten=["Егор"],
)
s.turn(
    2,
    votes=[
        ("Анна", "Петя"),
        ("Жора", "Петя"),
        ("Петя", "Коля"),
        ("Коля", "Петя"),
        ("Миша", "Жора"),
        ("Нина", "Жора"),
    ],
    silent=["Егор"],
    removed_by_vote="Петя",
    abstained=[],
)
s.turn(
    3,
    votes=[
        ("Анна", "Нина"),
        ("Жора", "Нина"),
        ("Коля", "Нина"),
        ("Миша", "Жора"),
        ("Нина", "Жора"),
    ],
    removed_by_vote="Нина",
    abstained=["Егор"],
    missing=["Егор"],
)

s = full(
    "pefl_P_M_14_ambush_takes_both_clans_executors",
    ["P-M.14", "P-M.13", "P-M.10"],
    "The ambushing maniac is shot by both clans: both executors die, the maniac lives (his "
    "vest untouched), and nobody else dies.",
    "P-M.14: everyone who tries to kill him that night dies (cause `ambush`); the executor is "
    "the one who tries (P-M.10's wording for clan kills). Whether the ambusher counts as "
    "`saved` is open.",
)
s.turn(
    1,
    moves=[
        mv("Олег", "ambush"),
        mv("Коля", "kill", "Олег", executor="Фима"),
        mv("Миша", "kill", "Олег", executor="Рита"),
    ],
    abstained=ALL,
    deaths=[s.death("Фима", "ambush"), s.death("Рита", "ambush")],
    saved=OMIT,
)

s = full(
    "pefl_C_2_english_verbs_in_pms",
    ["C-2", "C-3", "P-M.1", "P-M.5"],
    "PMs in English: `check Миша`, `heal Жора`, `kill Жора`: the triad check comes back, the "
    "maniac's kill is healed.",
    "C-2: a letter may say its move freely, in Russian or in English.",
)
s.turn(
    1,
    moves=[txt("Анна", "check Миша"), txt("Гена", "heal Жора"), txt("Олег", "kill Жора")],
    abstained=ALL,
    checks=com("Миша", "triad"),
    saved=["Жора"],
)

s = full(
    "pefl_P_M_0_maniac_third_kill_letter_ignored",
    ["P-M.0", "P-M.13"],
    "The maniac sends kill Петя, kill Зина, kill Петя: the second replaces the first, the "
    "third is ignored — Зина dies.",
    "P-M.0: requests (kill …) may be changed once per turn; a third is ignored.",
)
s.turn(
    1,
    moves=[mv("Олег", "kill", "Петя"), mv("Олег", "kill", "Зина"), mv("Олег", "kill", "Петя")],
    abstained=ALL,
    refused=[("Олег", "kill", "third_request")],
    deaths=[s.death("Зина", "maniac")],
)

s = gam(
    "gambler_G_M_1_invited_doctor_and_sheriff_lose_their_moves",
    GAMBLER,
    ["G-M.1", "G-M.7", "G-M.4", "C-1"],
    "Night 2: the invited doctor cannot heal, so the mafia's victim dies. Night 3: the invited "
    "sheriff does not shoot.",
    "G-M.1 (2): the player she invites makes no move that night when his role is one of "
    "sheriff, doctor, commissar, maniac, godfather.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Даша", "block", "Вера"), mv("Вера", "heal", "Кира"), mv("Евгений", "kill", "Кира")],
    deaths=[s.death("Кира", "mafia")],
)
jail_day(s, 3, "Жанна", moves=[mv("Даша", "block", "Борис"), mv("Борис", "kill", "Евгений")])

s = gam(
    "gambler_G_N_1_outsider_greens_and_court_votes_do_not_count",
    EIGHT,
    ["G-N.1", "G-N.4", "C-3"],
    "A forum user outside the game greens Кира and votes for her in court: neither counts.",
    "G-N.1/G-N.4: only players green and vote (SCENARIO.md: a non-player author is an outsider).",
)
s.turn(
    2,
    greens=[(x, "Жанна") for x in ALL8 if x != "Жанна"] + [("Жанна", "Игорь")],
    posts=[s.post("Зритель", 'Я бы выбрал <span style="color:green">Кира</span>')],
    court=[(x, "Жанна") for x in ALL8 if x not in ("Жанна", "Игорь")]
    + [("Жанна", "Игорь"), ("Игорь", "Игорь")],
    court_posts=[s.post("Зритель", "Игорь"), s.post("Зритель", "Игорь")],
    nominees=["Жанна", "Игорь"],
    rejected=[{"author": "Зритель", "reason": "not_a_player"}],
    removed_by_vote="Жанна",
)

# ====================================================================== whole games

s = Scenario(
    "pefl_whole_game_town_wins_on_turn_3",
    "pefl",
    [
        P("Анна", "commissar"),
        P("Борис", "sergeant"),
        P("Гена", "doctor"),
        P("Дима", "necromancer"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Коля", "mafia", "yakuza", don=True),
        P("Лена", "kamikaze", "yakuza"),
        P("Миша", "mafia", "triad", don=True),
        P("Нина", "thug", "triad"),
        P("Олег", "maniac"),
    ],
    [
        "C-1",
        "C-4",
        "P-O.1",
        "P-M.1",
        "P-M.2",
        "P-M.5",
        "P-M.6",
        "P-M.8",
        "P-M.9",
        "P-M.13",
        "P-V.4",
        "P-W.1",
        "P-S.1",
        "P-P.1",
    ],
    "A whole game: the maniac opens on turn 0; turn 1 hangs the thug, the doctor saves the "
    "commissar from the maniac, the necromancer resurrects Егор; turn 2 hangs the yakuza Don, "
    "the kamikaze blows up the maniac, the lone triad Don shoots the doctor; turn 3 hangs the "
    "last mafioso: town wins.",
    "Each turn derived step by step in P-O.1 order: hang (P-V.4) → blasts (P-M.9) → shots, "
    "heals (P-M.5), protects/resurrection (P-M.6), checks with the sergeant's copy (P-M.1/"
    "P-M.2); P-M.8: the Don executes himself when he is the last one; P-W.1 after the hanging.",
)
s.turn(0, moves=[txt("Олег", "Убиваю Жору")], deaths=[s.death("Жора", "maniac")])
s.turn(
    1,
    votes=[(x, "Нина") for x in ("Анна", "Борис", "Гена", "Дима", "Егор")]
    + [(x, "Егор") for x in ("Коля", "Лена", "Миша", "Нина")]
    + [("Олег", "Анна")],
    moves=[
        mv("Анна", "check", "Коля"),
        mv("Гена", "heal", "Анна"),
        mv("Олег", "kill", "Анна"),
        mv("Дима", "protect", "Егор"),
        mv("Коля", "kill", "Егор", executor="Лена"),
    ],
    removed_by_vote="Нина",
    checks=com("Коля", "yakuza"),
    saved=["Анна", "Егор"],
)
s.turn(
    2,
    votes=[(x, "Коля") for x in ("Анна", "Борис", "Гена", "Дима", "Егор", "Олег")]
    + [(x, "Анна") for x in ("Коля", "Лена", "Миша")],
    moves=[
        mv("Лена", "blast", "Олег"),
        mv("Миша", "kill", "Гена", executor="Миша"),
        mv("Гена", "heal", "Дима"),
        mv("Анна", "check", "Миша"),
    ],
    removed_by_vote="Коля",
    checks=com("Миша", "triad"),
    deaths=[s.death("Олег", "kamikaze"), s.death("Лена", "kamikaze"), s.death("Гена", "triad")],
)
s.turn(
    3,
    votes=[
        ("Анна", "Миша"),
        ("Борис", "Миша"),
        ("Дима", "Миша"),
        ("Егор", "Миша"),
        ("Миша", "Анна"),
    ],
    removed_by_vote="Миша",
    winner="town",
)

s = Scenario(
    "pefl_P_M_8_don_left_alone_by_the_hanging_executes_himself",
    "pefl",
    [*SIX, P("Нина", "thug", "triad")],
    ["P-M.8", "P-O.1"],
    "The thug is hanged; that night the triad Don, now the clan's last member, orders a kill "
    "with himself as executor: it happens.",
    "P-M.8: 'the Don himself [executes] only when he is the last one'; P-O.1: the hanging "
    "(step 2) comes before the shots (step 5), so at the shot he is the last one.",
)
s.turn(
    1,
    votes=[
        ("Анна", "Нина"),
        ("Егор", "Нина"),
        ("Жора", "Нина"),
        ("Коля", "Анна"),
        ("Миша", "Анна"),
        ("Нина", "Анна"),
        ("Олег", "Жора"),
    ],
    moves=[mv("Миша", "kill", "Егор", executor="Миша")],
    removed_by_vote="Нина",
    deaths=[s.death("Егор", "triad")],
)

s = gam(
    "gambler_whole_game_town_wins_on_day_3",
    GAMBLER,
    ["C-1", "C-4", "G-M.1", "G-M.3", "G-M.4", "G-M.5", "G-M.8", "G-N.3", "G-N.4", "G-W.1", "G-P.1"],
    "A whole game: day 2 jails a mafioso while the night kills the commissar (mafia), the "
    "maniac (sheriff) and a civilian (maniac) and the lawyer recruits the prostitute (town 3 "
    "vs mafia 3); day 3 jails the godfather: no godfather or mafia left → town wins at court "
    "although the lawyer and the recruited prostitute live.",
    "G-M.1: everyone but the invited moves at once, so the maniac's kill lands though he is "
    "shot; G-M.8 recruitment; G-W.1 checked after the court (mafia count includes lawyer and "
    "recruited prostitute; town wins on no godfather/mafia).",
)
jail_day(
    s,
    2,
    "Жанна",
    moves=[
        mv("Евгений", "kill", "Анна"),
        mv("Вера", "heal", "Кира"),
        mv("Борис", "kill", "Гоша"),
        mv("Гоша", "kill", "Игорь"),
        mv("Зоя", "check", "Даша"),
        mv("Даша", "block", "Кира"),
    ],
    deaths=[s.death("Анна", "mafia"), s.death("Гоша", "sheriff"), s.death("Игорь", "maniac")],
    checks=[chk("lawyer", "Даша", "prostitute")],
    recruited="mafia",
)
s.turn(
    3,
    greens=[
        ("Борис", "Евгений"),
        ("Вера", "Евгений"),
        ("Кира", "Евгений"),
        ("Евгений", "Кира"),
        ("Зоя", "Кира"),
        ("Даша", "Кира"),
    ],
    court=[
        ("Борис", "Евгений"),
        ("Вера", "Евгений"),
        ("Кира", "Евгений"),
        ("Даша", "Евгений"),
        ("Евгений", "Кира"),
        ("Зоя", "Кира"),
    ],
    nominees=["Евгений", "Кира"],
    removed_by_vote="Евгений",
    moves=[mv("Зоя", "check", "Борис")],
    winner="town",
)

s = full(
    "pefl_P_M_13_heal_does_not_stop_two_bullets_on_the_maniac",
    ["P-M.13", "P-M.5"],
    "The doctor heals the maniac, both clans shoot him: the heal is powerless against two "
    "attacks and the vest stops only one bullet — he dies.",
    "P-M.5: a heal cannot save a player attacked twice; P-M.13: the vest holds one bullet, "
    "so a second the same night kills him. Which clan names the death is open.",
)
s.turn(
    1,
    moves=[
        mv("Гена", "heal", "Олег"),
        mv("Коля", "kill", "Олег", executor="Фима"),
        mv("Миша", "kill", "Олег", executor="Рита"),
    ],
    abstained=ALL,
    deaths=[s.death("Олег", one_of("yakuza", "triad"))],
)

s = full(
    "pefl_P_M_6_protect_undoes_the_ninja_too",
    ["P-M.6", "P-M.3"],
    "The ninja kills a protected civilian: the necromancer resurrects him (unlike the doctor, "
    "the protect is not powerless against the ninja).",
    "P-M.6: a protected player killed that night is resurrected 'any number of attacks'; only "
    "the kamikaze's blast beats it (P-M.9); P-M.5's ninja exception is the doctor's alone.",
)
s.turn(
    1,
    moves=[mv("Дима", "protect", "Егор"), mv("Вася", "kill", "Егор")],
    abstained=ALL,
    saved=["Егор"],
)

s = Scenario(
    "pefl_P_E_1_mafioso_and_the_other_clans_bastard_duel_by_votes",
    "pefl",
    [
        P("Коля", "mafia", "yakuza", don=True),
        P("Петя", "bastard", "triad"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
    ],
    ["P-E.1", "P-E.2", "P-M.8"],
    "A yakuza mafioso and the *triad's* bastard are left after the night: opposing camps, so "
    "votes decide (P-E.2 is only for one's own clan's bastard) — the bastard has 1 vote "
    "against, the mafioso 0: yakuza wins.",
    "P-E.1 leaves out only a mafioso with the bastard of his own clan; fewer votes against wins.",
)
s.turn(
    1,
    votes=[("Коля", "Егор"), ("Петя", "Егор"), ("Жора", "Егор"), ("Егор", "Петя")],
    moves=[mv("Коля", "kill", "Жора", executor="Коля")],
    removed_by_vote="Егор",
    deaths=[s.death("Жора", "yakuza")],
    winner="yakuza",
)

s = gam(
    "gambler_G_M_5_blocked_godfather_members_cannot_stand_in",
    GAMBLER,
    ["G-M.5", "G-M.6", "G-M.1"],
    "The godfather is invited; a plain mafioso sends his own kill letter: no mafia kill.",
    "G-M.5: a blocked godfather means no mafia kill; the members' letters count only once "
    "the godfather is out (G-M.6).",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[
        mv("Даша", "block", "Евгений"),
        mv("Евгений", "kill", "Анна"),
        mv("Жанна", "kill", "Кира"),
    ],
)

s = gam(
    "gambler_G_N_1_last_green_within_one_post_counts",
    EIGHT,
    ["G-N.1", "G-N.2", "G-N.3"],
    "«Был <green>Игорь</green>, теперь <green>Жанна</green>» (as in the real board's post): "
    "only Жанна is greened by that post.",
    "G-N.1: a player's *last* green before the deadline counts.",
)
s.turn(
    2,
    posts=[
        s.post(
            "Анна",
            'Ладно, передумала. Был <span style="color:green">Игорь</span>, теперь '
            '<span style="color:green">Жанна</span>.',
        )
    ]
    + [s.post(x, 'Я за <span style="color:green">Жанна</span>') for x in ("Борис", "Вера", "Даша")],
    greens={"Жанна": 5, "Евгений": 1, "Игорь": 1, "Кира": 1},
    court=[(x, "Жанна") for x in ALL8 if x != "Жанна"] + [("Жанна", "Игорь")],
    nominees=["Жанна", "Евгений", "Игорь", "Кира"],
    removed_by_vote="Жанна",
)

s = full(
    "pefl_P_M_10_protect_and_heal_on_the_attacker_do_not_work",
    ["P-M.10", "P-M.6", "P-M.5"],
    "The maniac shoots the kamikaze while the necromancer protects the maniac and the doctor "
    "heals the kamikaze: both still die, nobody is resurrected.",
    "P-M.10: 'heal/protect on either do not work'. The maniac dies of `kamikaze`; the "
    "kamikaze's own cause is open (`maniac` as striker or `kamikaze`).",
)
s.turn(
    1,
    moves=[mv("Дима", "protect", "Олег"), mv("Гена", "heal", "Лена"), mv("Олег", "kill", "Лена")],
    abstained=ALL,
    deaths=[s.death("Олег", "kamikaze"), s.death("Лена", one_of("maniac", "kamikaze"))],
    saved=[],
)

s = full(
    "pefl_P_M_1_check_of_a_player_beaten_that_night",
    ["P-M.1", "P-M.11"],
    "The commissar checks Егор, whom the thug beat that night: the role comes back as usual "
    "(the thug's nick that P-M.1 adds is not compared).",
    "P-M.1: a beaten player can still be checked; the commissar also learns the thug's nick "
    "(an extra key, if any, is allowed by the comparison convention).",
)
s.turn(
    1,
    moves=[mv("Нина", "beat", "Егор"), mv("Анна", "check", "Егор")],
    abstained=ALL,
    beaten=["Егор"],
    checks=com("Егор", "civilian"),
)

s = full(
    "pefl_P_M_11_beaten_doctor_heals_nobody",
    ["P-M.11", "P-M.5", "P-O.1"],
    "The thug beats the doctor (step 4): his heal of Егор is lost and the yakuza's shot kills "
    "Егор.",
    "P-M.11: a beaten player's move of that night is lost; P-O.1: beats (step 4) before heals "
    "(step 6).",
)
s.turn(
    1,
    moves=[
        mv("Нина", "beat", "Гена"),
        mv("Гена", "heal", "Егор"),
        mv("Коля", "kill", "Егор", executor="Фима"),
    ],
    abstained=ALL,
    beaten=["Гена"],
    deaths=[s.death("Егор", "yakuza")],
)

s = Scenario(
    "pefl_P_M_4_testament_ignores_the_maniacs_vest",
    "pefl",
    NINJA7,
    ["P-M.4", "P-M.13"],
    "The maniac cast the first vote against the hanged ninja: the testament kills him though "
    "his vest is whole.",
    "P-M.4: the first voter dies that night; P-M.13 ruling: the vest stops one *mafia* bullet "
    "only.",
)
s.turn(
    1,
    votes=[
        ("Олег", "Вася"),
        ("Жора", "Вася"),
        ("Коля", "Вася"),
        ("Вася", "Коля"),
        ("Анна", "Коля"),
        ("Миша", "Егор"),
        ("Егор", "Жора"),
    ],
    removed_by_vote="Вася",
    deaths=[s.death("Олег", "testament")],
)

s = gam(
    "gambler_C_5_dead_prostitute_cannot_choose_a_side",
    GAMBLER,
    ["C-5", "G-M.8"],
    "The prostitute is killed on night 2; her `choose_side mafia` PM on turn 3 is refused "
    "(the dead take no part) and recruits nobody.",
    "C-5: dead players take no part — bad input is a refusal (`dead`), as for any other move "
    "of the dead; G-M.8: a choice is only asked of a living prostitute checked by both.",
)
jail_day(s, 2, "Игорь", moves=[mv("Евгений", "kill", "Даша")], deaths=[s.death("Даша", "mafia")])
jail_day(
    s,
    3,
    "Кира",
    moves=[{"from": "Даша", "action": "choose_side", "side": "mafia"}],
    refused=[("Даша", "choose_side", "dead")],
)

s = Scenario(
    "pefl_C_6_host_corrects_votes",
    "pefl",
    SIX,
    ["C-6", "P-V.1", "P-V.4"],
    "The bot rejects Егор's reasonless vote for Олег; the host counts it (post 1002) and drops "
    "Жора's accepted vote for Коля (post 1003): Олег, not Коля, is hanged.",
    "C-6: a corrected vote written by the host wins over what the bot parsed (override keys "
    "agreed in the disputes log, A0: `count_vote`, `ignore_vote`).",
)
s.turn(
    1,
    posts=[
        s.post("Анна", f"{red('Олег')} слишком тихо себя ведёт весь день", 1001),
        s.post("Егор", f"Голосую {red('Олег', 1)}", 1002),
        s.post("Жора", f"{red('Коля', 2)} путается в показаниях весь день", 1003),
        s.post("Миша", f"{red('Коля', 3)} голосует странно, явно прикрывает своих", 1004),
    ],
    overrides=[
        {"kind": "count_vote", "post_id": 1002, "nick": "Егор", "target": "Олег"},
        {"kind": "ignore_vote", "post_id": 1003},
    ],
    tally={"Олег": 2, "Коля": 1},
    removed_by_vote="Олег",
    abstained=["Жора", "Коля", "Олег"],
)

s = Scenario(
    "pefl_C_6_replacement_account_plays_on",
    "pefl",
    SIX,
    ["C-6", "P-A.1"],
    "On turn 2 the host replaces Егор's account with «Егорыч»: the new account posts and votes, "
    "the old nick is gone from the cast, and nobody goes missing.",
    "C-6: a replacement account is a host override (A0: `replace`, applied first that turn); "
    "P-A.1 then asks the post of the new account.",
)
s.turn(1, abstained=ALL)
s.turn(
    2,
    posts=[s.post("Егорыч", f"{red('Коля')} слишком тихо себя ведёт весь день")]
    + [s.post(x, f"{red('Коля', 1)} путается в показаниях весь день") for x in ("Анна", "Жора")]
    + [
        s.post(x, f"{red('Анна', 2)} голосует странно, явно прикрывает своих")
        for x in ("Коля", "Миша", "Олег")
    ],
    silent=["Егор"],
    overrides=[{"kind": "replace", "nick": "Егор", "new_nick": "Егорыч"}],
    tally={"Коля": 3, "Анна": 3},
    removed_by_vote="Коля",
    abstained=[],
    alive=["Анна", "Егорыч", "Жора", "Миша", "Олег"],
)

# ====================================================================== rulings as settings
# Each ruling of RULES.md is a [rules] setting (config.example.toml documents the keys); a
# scenario's `options` may set it. These play a ruling's non-default value.

s = gam(
    "gambler_G_M_1_ruling_setting_invited_lawyer_still_checks",
    GAMBLER,
    ["G-M.1", "C-6"],
    "With `prostitute_blocks_lawyer = false`, the invited lawyer still checks.",
    "G-M.1 names the lawyer only as a Ruling; the setting turns it off.",
    options={"prostitute_blocks_lawyer": False},
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Даша", "block", "Зоя"), mv("Зоя", "check", "Вера")],
    checks=[chk("lawyer", "Вера", "doctor")],
)

s = gam(
    "gambler_G_N_5_ruling_setting_no_coin_nobody_jailed",
    EIGHT,
    ["G-N.5", "C-6"],
    "With `duel_by_coin = false`, a 4:4 court tie jails nobody (the host is to enter the real "
    "duel's loser).",
    "G-N.5: the coin is a Ruling; switched off, the tie stands until a host override.",
    options={"duel_by_coin": False},
)
s.turn(2, greens=TIE_GREENS, court=TIE_COURT, nominees=["Жанна", "Игорь"])

s = gam(
    "gambler_G_M_8_ruling_setting_unanswered_side_mafia",
    BIG,
    ["G-M.8", "C-6"],
    'With `unanswered_side = "mafia"`, a prostitute checked by both who never answers plays '
    "for mafia from the next deadline.",
    "G-M.8: 'no answer → town' is a Ruling; the setting names the other side.",
    options={"unanswered_side": "mafia"},
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Анна", "check", "Даша"), mv("Зоя", "check", "Даша")],
    checks=[chk("commissar", "Даша", "prostitute"), chk("lawyer", "Даша", "prostitute")],
)
jail_day(s, 3, "Кира", recruited="mafia")

s = full(
    "pefl_P_M_5_ruling_setting_killed_doctor_still_heals",
    ["P-M.5", "C-6"],
    "With `doctor_killed_heals = true`, the doctor shot by the yakuza still saves Егор from "
    "the maniac.",
    "P-M.5's loss of the heal when the doctor dies at step 5 is a Ruling; the setting reverses it.",
    options={"doctor_killed_heals": True},
)
s.turn(
    1,
    moves=[
        mv("Гена", "heal", "Егор"),
        mv("Коля", "kill", "Гена", executor="Фима"),
        mv("Олег", "kill", "Егор"),
    ],
    abstained=ALL,
    deaths=[s.death("Гена", "yakuza")],
    saved=["Егор"],
)

s = full(
    "pefl_P_M_1_ruling_setting_killed_commissar_still_checks",
    ["P-M.1", "P-M.2", "C-6"],
    "With `commissar_killed_checks = true`, the commissar shot that night still learns his "
    "check (and the sergeant gets the copy).",
    "P-M.1 states outright that a commissar dying at step 5 gets no check; the "
    "setting (config.example.toml) lets a host reverse it.",
    options={"commissar_killed_checks": True},
)
s.turn(
    1,
    moves=[mv("Анна", "check", "Коля"), mv("Миша", "kill", "Анна", executor="Рита")],
    abstained=ALL,
    deaths=[s.death("Анна", "triad")],
    checks=com("Коля", "yakuza"),
)

s = full(
    "pefl_P_M_13_ruling_setting_vest_stops_the_ninja_too",
    ["P-M.13", "C-6"],
    "With `vest_stops` including `ninja`, the ninja's first blow on the maniac hits the vest.",
    "P-M.13 ruling 'the vest stops one mafia bullet' is the setting `vest_stops`.",
    options={"vest_stops": ["yakuza", "triad", "ninja"]},
)
s.turn(1, moves=[mv("Вася", "kill", "Олег")], abstained=ALL, saved=["Олег"])

s = gam(
    "gambler_G_N_4_a_lone_court_vote_jails",
    EIGHT,
    ["G-N.4", "G-N.3"],
    "Игорь is the only nominee; one player votes for him in court, the rest vote for players "
    "who are not nominees: the single valid vote jails him.",
    "G-N.4 ruling: a nominee without a single court vote cannot be jailed (if only one nominee "
    "got votes, he goes to jail); votes for non-nominees do not count. Abstention not "
    "compared (Gambler defines none).",
)
s.turn(
    2,
    greens=[(x, "Игорь") for x in ALL8 if x != "Игорь"] + [("Игорь", "Кира")],
    court=[("Анна", "Игорь")],
    court_posts=[s.post(x, "Жанна") for x in ALL8 if x != "Анна"],
    nominees=["Игорь", "Кира"],
    tally={"Игорь": 1},
    removed_by_vote="Игорь",
    abstained=OMIT,
)

s = Scenario(
    "pefl_P_V_4_three_way_tie",
    "pefl",
    SIX,
    ["P-V.4"],
    "Коля, Миша and Олег get two votes each; Олег's second vote comes first (post 4), so Олег "
    "is hanged although Коля had the very first vote.",
    "P-V.4: the tied player who first reached the top count is hanged.",
)
s.turn(
    1,
    votes=[
        ("Анна", "Коля"),
        ("Егор", "Олег"),
        ("Жора", "Миша"),
        ("Коля", "Олег"),
        ("Миша", "Коля"),
        ("Олег", "Миша"),
    ],
    removed_by_vote="Олег",
)

s = full(
    "pefl_P_M_10_kamikaze_vs_thug_vs_ambush_in_one_night",
    ["P-M.10", "P-M.9", "P-M.14", "P-M.12", "P-O.1"],
    "One night: the maniac ambushes, the kamikaze blasts him, the thug beats the kamikaze. "
    "The blast still goes off: maniac, kamikaze and thug all die; nobody else.",
    "P-M.9: the blast beats the ambush; P-M.10: a blasting kamikaze who is beaten takes the "
    "thug and his target with him; P-M.14 ruling: the kamikaze's strike names the maniac's "
    "death. The kamikaze's own cause is open (`kamikaze`/`thug_accident`).",
)
s.turn(
    1,
    moves=[mv("Олег", "ambush"), mv("Лена", "blast", "Олег"), mv("Нина", "beat", "Лена")],
    abstained=ALL,
    deaths=[
        s.death("Олег", "kamikaze"),
        s.death("Нина", "kamikaze"),
        s.death("Лена", one_of("kamikaze", "thug_accident")),
    ],
    beaten=OMIT,
)

# Interaction and edge-turn scenarios live in their own module (same helpers, same registry).
import scenario_defs_audit  # noqa: E402, F401
