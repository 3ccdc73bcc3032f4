"""Interaction scenarios: several moves meeting on one player or one night, edge turns (the
first and the last, a win at the gallows or court versus in the night, a silent town).

Written by hand from RULES.md before any of them was played, like scenario_defs.py (whose
helpers they share); each names the rules it exercises and how its expectation follows.
"""

from __future__ import annotations

from scenario_defs import (
    FULL,
    GAMBLER,
    NINJA7,
    QUIET,
    SIX,
    TESTAMENT_VOTES,
    P,
    chk,
    com,
    everyone_votes,
    full,
    gam,
    jail_day,
)
from scenario_kit import ALL, OMIT, Scenario, green, mv, one_of

FULL_NICKS = [p["nick"] for p in FULL]

# ====================================================================== PEFL: the thug's night

s = full(
    "pefl_P_M_11_beaten_don_counts_as_silent_member_request_stands",
    ["P-M.11", "P-M.8", "P-O.1"],
    "The thug beats the yakuza Don, who orders Егор shot by Фима; Фима's own request names "
    "Жора. The Don has lost his move, so the clan plays as with a silent Don: Жора dies.",
    "P-M.11: a beaten player's move of that night is lost (the beating is step 4, the shots "
    "step 5, P-O.1); P-M.8: with no Don's order the first request of a member counts, its "
    "sender executing. " + QUIET + ".",
)
s.turn(
    1,
    moves=[
        mv("Нина", "beat", "Коля"),
        mv("Коля", "kill", "Егор", executor="Фима"),
        mv("Фима", "kill", "Жора"),
    ],
    abstained=ALL,
    beaten=["Коля"],
    deaths=[s.death("Жора", "yakuza")],
)

s = full(
    "pefl_P_M_11_beaten_executor_shoots_nobody",
    ["P-M.11", "P-M.8", "P-O.1"],
    "The thug beats Фима, whom the yakuza Don names as executor: the yakuza shoots nobody; the "
    "triad's kill (Рита executing) goes through.",
    "P-M.11: a beaten player's move of that night is lost, and the executor's shot is his "
    "move (P-M.8: the executor is the one who shoots). " + QUIET + ".",
)
s.turn(
    1,
    moves=[
        mv("Нина", "beat", "Фима"),
        mv("Коля", "kill", "Егор", executor="Фима"),
        mv("Миша", "kill", "Жора", executor="Рита"),
    ],
    abstained=ALL,
    beaten=["Фима"],
    deaths=[s.death("Жора", "triad")],
)

s = full(
    "pefl_P_M_11_beaten_maniac_does_not_kill",
    ["P-M.11", "P-M.13", "P-M.1", "P-M.2"],
    "The thug beats the maniac (not ambushing): his kill of Анна is lost; the commissar's "
    "check of the thug is answered with the clan (and copied to the sergeant).",
    "P-M.11: a beaten player loses his move that night; only an ambushing maniac kills his "
    "beater (P-M.12); P-M.1: a mafioso shows his clan; P-M.2: the sergeant gets the copy. "
    + QUIET
    + ".",
)
s.turn(
    1,
    moves=[mv("Нина", "beat", "Олег"), mv("Олег", "kill", "Анна"), mv("Анна", "check", "Нина")],
    abstained=ALL,
    beaten=["Олег"],
    checks=com("Нина", "triad"),
)

s = full(
    "pefl_P_M_11_beaten_commissar_checks_nobody",
    ["P-M.11", "P-M.1", "P-M.2"],
    "The thug beats the commissar: his check is lost and the sergeant receives nothing.",
    "P-M.11: a beaten player's move of that night is lost; P-M.2: the sergeant receives the "
    "commissar's check results, and there is none. " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Нина", "beat", "Анна"), mv("Анна", "check", "Коля")],
    abstained=ALL,
    beaten=["Анна"],
    checks=[],
)

s = full(
    "pefl_P_O_1_thug_shot_the_night_he_beats_still_beats",
    ["P-O.1", "P-M.11", "P-M.5"],
    "The thug beats the doctor and is shot by the yakuza the same night; the maniac kills "
    "Егор, whom the beaten doctor wanted to heal: the thug and Егор die, the doctor is beaten.",
    "P-O.1: beatings are step 4, shots step 5, so the thug's beating lands before the yakuza "
    "bullet; P-M.11: the beaten doctor loses his heal, so nothing saves Егор (P-M.5). " + QUIET,
)
s.turn(
    1,
    moves=[
        mv("Нина", "beat", "Гена"),
        mv("Гена", "heal", "Егор"),
        mv("Коля", "kill", "Нина", executor="Фима"),
        mv("Олег", "kill", "Егор"),
    ],
    abstained=ALL,
    beaten=["Гена"],
    deaths=[s.death("Нина", "yakuza"), s.death("Егор", "maniac")],
)

# ====================================================================== PEFL: missing players

MISSING3 = ["Гена", "Коля", "Олег"]
s = full(
    "pefl_P_A_1_missing_don_doctor_and_maniac_lose_their_moves",
    ["P-A.1", "P-O.1", "P-M.8", "P-M.5", "P-M.13"],
    "The yakuza Don, the doctor and the maniac post nothing on turn 1: all three go missing at "
    "step 1. The Don's order (Егор) and the maniac's kill (Анна) never happen; the doctor's "
    "heal of Жора is lost, so Фима's own request kills Жора.",
    "P-A.1: no post in a turn → missing at step 1 whatever the role, before every move "
    "(P-O.1); P-M.8: with no Don's order the first member request counts, its sender "
    "executing. Nobody voted; whether the missing also abstain is open (either accepted).",
)
s.turn(
    1,
    silent=MISSING3,
    moves=[
        mv("Коля", "kill", "Егор", executor="Фима"),
        mv("Олег", "kill", "Анна"),
        mv("Гена", "heal", "Жора"),
        mv("Фима", "kill", "Жора"),
    ],
    missing=MISSING3,
    abstained=one_of(FULL_NICKS, [x for x in FULL_NICKS if x not in MISSING3]),
    deaths=[s.death("Жора", "yakuza")],
)

s = Scenario(
    "pefl_P_A_1_everyone_but_the_maniac_silent_maniac_wins",
    "pefl",
    SIX,
    ["P-A.1", "P-W.1", "P-O.1"],
    "On turn 1 only the maniac posts: the other five go missing at step 1 and the maniac, "
    "alone, wins; his night kill is never played.",
    "P-A.1: no post → missing at step 1; P-W.1: the maniac wins alone, and the win is checked "
    "after the day (the engine's reading, `pefl_check_win_after_day`), so no night follows.",
)
s.turn(
    1,
    silent=["Анна", "Егор", "Жора", "Коля", "Миша"],
    moves=[mv("Олег", "kill", "Анна")],
    missing=["Анна", "Егор", "Жора", "Коля", "Миша"],
    abstained=one_of([p["nick"] for p in SIX], ["Олег"]),
    winner="maniac",
)

# ====================================================================== PEFL: vest, ambush

s = full(
    "pefl_P_M_13_vest_stops_the_clan_bullet_the_ninja_still_kills",
    ["P-M.13", "P-M.3"],
    "The yakuza and the ninja both go for the maniac: the vest stops the yakuza bullet, the "
    "ninja's blade kills him (cause `ninja`).",
    "P-M.13 ruling: the vest holds a single clan bullet and nothing against the ninja's "
    "blade; the stopped bullet killed nobody, so the blade names the death. " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Коля", "kill", "Олег", executor="Фима"), mv("Вася", "kill", "Олег")],
    abstained=ALL,
    deaths=[s.death("Олег", "ninja")],
)

s = full(
    "pefl_P_M_13_vest_is_gone_after_one_stopped_bullet",
    ["P-M.13", "C-1"],
    "Night 1: the vest stops the yakuza bullet (the maniac is saved). Night 2: one triad "
    "bullet kills him.",
    "P-M.13: the vest stops a single bullet and is then used up. Turn 1 has no votes (first "
    "abstention for all); on turn 2 everyone votes Жора, who is hanged.",
)
s.turn(
    1,
    moves=[mv("Коля", "kill", "Олег", executor="Фима")],
    abstained=ALL,
    saved=["Олег"],
)
s.turn(
    2,
    votes=everyone_votes(s, "Жора", "Коля"),
    moves=[mv("Миша", "kill", "Олег", executor="Рита")],
    removed_by_vote="Жора",
    deaths=[s.death("Олег", "triad")],
)

s = full(
    "pefl_P_M_14_ninja_stabbing_an_ambusher_dies",
    ["P-M.14", "P-M.3", "P-P.1"],
    "The maniac ambushes; the ninja tries to kill him and dies of the ambush; the maniac lives.",
    "P-M.14: everyone who tries to kill the ambusher that night dies, the shooter's cause "
    "being `ambush` (ruling); the ambusher is not named (P-P.1). Whether the ambusher counts "
    "as `saved` is open. " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Олег", "ambush"), mv("Вася", "kill", "Олег")],
    abstained=ALL,
    deaths=[s.death("Вася", "ambush")],
    saved=OMIT,
)

# ====================================================================== PEFL: testament, protects

TEST8 = [
    P("Вася", "ninja"),
    P("Анна", "commissar"),
    P("Дима", "necromancer"),
    P("Егор", "civilian"),
    P("Жора", "civilian"),
    P("Коля", "mafia", "yakuza", don=True),
    P("Миша", "mafia", "triad", don=True),
    P("Олег", "maniac"),
]
s = Scenario(
    "pefl_P_M_4_protect_resurrects_the_testament_victim",
    "pefl",
    TEST8,
    ["P-M.4", "P-M.6", "P-O.1"],
    "The ninja is hanged 4:2:2; his testament kills his first voter Егор at step 5, whom the "
    "necromancer protected: Егор rises at step 6.",
    "P-M.4: the hanged ninja's first voter dies at step 5; P-M.6: a protected player killed "
    "that night is resurrected at step 6 while the necromancer lives (any kill: hanging and "
    "missing are the only exceptions the rule names); he is attacked and alive → `saved`.",
)
s.turn(
    1,
    votes=[
        ("Егор", "Вася"),
        ("Жора", "Вася"),
        ("Коля", "Вася"),
        ("Вася", "Коля"),
        ("Анна", "Коля"),
        ("Миша", "Егор"),
        ("Олег", "Егор"),
        ("Дима", "Вася"),
    ],
    moves=[mv("Дима", "protect", "Егор")],
    removed_by_vote="Вася",
    saved=["Егор"],
)

s = full(
    "pefl_P_M_3_resurrected_victim_is_no_harakiri",
    ["P-M.3", "P-M.6", "C-1"],
    "Night 1: the ninja kills Егор (a civilian). Night 2: he kills Жора, whom the necromancer "
    "protected on turn 1: Жора rises, so the ninja has one peaceful kill and lives.",
    "P-M.3: only deaths his blade caused count; a resurrected player is not dead "
    "(`ninja_count_resurrected`, default off); P-M.6: the protect resurrects at step 6. "
    "Turn 2: everyone votes Зина, who is hanged.",
)
s.turn(
    1,
    moves=[mv("Вася", "kill", "Егор"), mv("Дима", "protect", "Жора")],
    abstained=ALL,
    deaths=[s.death("Егор", "ninja")],
)
s.turn(
    2,
    votes=everyone_votes(s, "Зина", "Коля"),
    moves=[mv("Вася", "kill", "Жора")],
    removed_by_vote="Зина",
    saved=["Жора"],
)

s = full(
    "pefl_P_M_6_protect_on_turn_3_is_refused",
    ["P-M.6", "C-1"],
    "The necromancer's first protect comes on turn 3: it is refused, and the yakuza's victim "
    "stays dead.",
    "P-M.6: protects are given in turns 1–2 only. Turn 1 has no votes; turns 2 and 3 hang "
    "the two bastards by everyone's vote (no second abstention, P-A.2).",
)
s.turn(1, abstained=ALL)
s.turn(2, votes=everyone_votes(s, "Зина", "Коля"), removed_by_vote="Зина")
s.turn(
    3,
    votes=everyone_votes(s, "Петя", "Миша"),
    moves=[mv("Дима", "protect", "Егор"), mv("Коля", "kill", "Егор", executor="Фима")],
    removed_by_vote="Петя",
    refused=[("Дима", "protect", None)],
    deaths=[s.death("Егор", "yakuza")],
)

s = full(
    "pefl_P_V_4_hanged_doctor_heals_nobody",
    ["P-V.4", "P-O.1", "C-5", "P-M.5"],
    "Everyone votes the doctor, who is hanged; his heal of Егор is void and the yakuza kills Егор.",
    "P-O.1: the hanging is step 2, heals step 6; C-5: dead players make no moves; P-M.5: "
    "nothing else protects Егор.",
)
s.turn(
    1,
    votes=everyone_votes(s, "Гена", "Коля"),
    moves=[mv("Гена", "heal", "Егор"), mv("Коля", "kill", "Егор", executor="Фима")],
    removed_by_vote="Гена",
    deaths=[s.death("Егор", "yakuza")],
)

# ====================================================================== PEFL: clans, kamikaze

s = full(
    "pefl_P_M_8_clan_cannot_shoot_its_own_member",
    ["P-M.8", "P-M.10"],
    "The yakuza Don orders his own kamikaze shot: the order is refused, nobody touches the "
    "kamikaze and nobody dies of it; the triad shoots the yakuza's bastard Зина.",
    "P-M.8: no clan may target its own members or the bastard dealt into it; the other "
    "clan's bastard may be shot. With the order refused nobody tries to kill the kamikaze "
    "(P-M.10). " + QUIET + ".",
)
s.turn(
    1,
    moves=[
        mv("Коля", "kill", "Лена", executor="Фима"),
        mv("Миша", "kill", "Зина", executor="Рита"),
    ],
    abstained=ALL,
    refused=[("Коля", "kill", None)],
    deaths=[s.death("Зина", "triad")],
)

s = full(
    "pefl_P_M_9_blown_up_executor_shoots_nobody",
    ["P-M.9", "P-O.1", "P-M.8"],
    "The kamikaze blows up Рита, the triad's executor for the night: Рита and the kamikaze "
    "die at step 4, and the triad's shot at Егор (step 5) never comes.",
    "P-O.1: blasts are step 4, shots step 5; P-M.8: the executor is the one who shoots, and "
    "he is dead (C-5). " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Лена", "blast", "Рита"), mv("Миша", "kill", "Егор", executor="Рита")],
    abstained=ALL,
    deaths=[s.death("Рита", "kamikaze"), s.death("Лена", "kamikaze")],
)

s = full(
    "pefl_P_M_9_blown_up_maniac_kills_nobody",
    ["P-M.9", "P-O.1", "P-M.13"],
    "The kamikaze blows up the maniac (not ambushing), who meant to kill Егор: the maniac and "
    "the kamikaze die at step 4, Егор lives.",
    "P-O.1: blasts at step 4 come before the maniac's shot at step 5; C-5: the dead make no "
    "move. " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Лена", "blast", "Олег"), mv("Олег", "kill", "Егор")],
    abstained=ALL,
    deaths=[s.death("Олег", "kamikaze"), s.death("Лена", "kamikaze")],
)

# ====================================================================== PEFL: wins

s = Scenario(
    "pefl_P_W_1_both_clans_last_members_shoot_each_other_town_wins",
    "pefl",
    [
        P("Анна", "commissar"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Коля", "mafia", "yakuza", don=True),
        P("Миша", "mafia", "triad", don=True),
    ],
    ["P-W.1", "P-M.8", "P-O.1"],
    "The only yakuza and the only triad shoot each other the same night (each Don his own "
    "executor): both die at step 5 and the town wins.",
    "P-O.1: both shots are step 5, so neither stops the other; P-M.8: a Don alone executes "
    "himself; P-W.1: every mafioso dead, no maniac, town alive → town. " + QUIET + ".",
)
s.turn(
    1,
    moves=[
        mv("Коля", "kill", "Миша", executor="Коля"),
        mv("Миша", "kill", "Коля", executor="Миша"),
    ],
    abstained=ALL,
    deaths=[s.death("Миша", "yakuza"), s.death("Коля", "triad")],
    winner="town",
)

s = Scenario(
    "pefl_P_W_1_last_mafioso_hanged_town_wins_before_the_night",
    "pefl",
    [
        P("Анна", "commissar"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Коля", "mafia", "yakuza", don=True),
        P("Олег", "maniac"),
    ],
    ["P-W.1", "P-V.4", "P-O.1", "C-1"],
    "Turn 1: the maniac is hanged, the yakuza kills Егор. Turn 2: the last mafioso is hanged: "
    "the town wins at the gallows and his kill order is never played.",
    "P-V.4: most votes hanged; P-W.1: every mafioso and the maniac dead with town alive → "
    "town, checked after the day (`pefl_check_win_after_day`), so no night follows.",
)
s.turn(
    1,
    votes=everyone_votes(s, "Олег", "Анна"),
    moves=[mv("Коля", "kill", "Егор", executor="Коля")],
    removed_by_vote="Олег",
    deaths=[s.death("Егор", "yakuza")],
)
s.turn(
    2,
    votes=everyone_votes(s, "Коля", "Анна"),
    moves=[mv("Коля", "kill", "Анна", executor="Коля")],
    removed_by_vote="Коля",
    winner="town",
)

# ====================================================================== Gambler: one night

s = gam(
    "gambler_G_M_1_moves_are_simultaneous_the_killed_doctor_still_heals",
    GAMBLER,
    ["G-M.1", "G-M.7", "G-M.3", "G-M.4"],
    "Night 2: the maniac kills the doctor, who heals Кира against the godfather; the sheriff "
    "shoots the commissar, who checks the lawyer. Both heal and check still happen: Кира "
    "lives, the check is reported; the doctor and the commissar die.",
    "G-M.1 (3): after the prostitute, everyone moves at once, so a move is not undone by a "
    "kill the same night; G-M.7: the heal saves Кира; G-M.3: the lawyer shows `lawyer`.",
)
jail_day(
    s,
    2,
    "Жанна",
    moves=[
        mv("Гоша", "kill", "Вера"),
        mv("Вера", "heal", "Кира"),
        mv("Евгений", "kill", "Кира"),
        mv("Борис", "kill", "Анна"),
        mv("Анна", "check", "Зоя"),
    ],
    deaths=[s.death("Вера", "maniac"), s.death("Анна", "sheriff")],
    saved=["Кира"],
    checks=[chk("commissar", "Зоя", "lawyer")],
)

s = gam(
    "gambler_G_M_1_invited_commissar_so_only_the_lawyer_recruits",
    GAMBLER,
    ["G-M.1", "G-M.8", "G-M.3"],
    "The prostitute invites the commissar; commissar and lawyer both check her. Only the "
    "lawyer's check is made, so she is recruited by the mafia (no choice to make).",
    "G-M.1: she moves first and her target (commissar) loses his move; G-M.8: checked by the "
    "lawyer alone → she plays for the mafia.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Даша", "block", "Анна"), mv("Анна", "check", "Даша"), mv("Зоя", "check", "Даша")],
    checks=[chk("lawyer", "Даша", "prostitute")],
    recruited="mafia",
)

s = gam(
    "gambler_G_M_1_invited_lawyer_so_only_the_commissar_recruits",
    GAMBLER,
    ["G-M.1", "G-M.8", "G-M.3"],
    "The prostitute invites the lawyer; commissar and lawyer both check her. Only the "
    "commissar's check is made: she is recruited by the town.",
    "G-M.1 ruling (`prostitute_blocks_lawyer`): the invited lawyer loses his check; G-M.8: "
    "checked by the commissar alone → she plays for town.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Даша", "block", "Зоя"), mv("Анна", "check", "Даша"), mv("Зоя", "check", "Даша")],
    checks=[chk("commissar", "Даша", "prostitute")],
    recruited="town",
)

s = gam(
    "gambler_G_M_5_invited_mafia_member_does_not_stop_the_godfather",
    GAMBLER,
    ["G-M.5", "G-M.1", "G-M.6"],
    "With the godfather alive, the prostitute invites a plain mafia member: the godfather's "
    "kill goes through.",
    "G-M.1: only the sheriff, doctor, commissar, maniac, godfather (and lawyer) lose a move "
    "when invited; G-M.5: the godfather sends the kill.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Даша", "block", "Жанна"), mv("Евгений", "kill", "Кира")],
    deaths=[s.death("Кира", "mafia")],
)

s = gam(
    "gambler_G_M_1_killed_prostitute_still_blocks",
    GAMBLER,
    ["G-M.1", "G-M.4", "G-M.5"],
    "The godfather kills the prostitute the night she invites the sheriff: she moved first, "
    "so the sheriff's shot at Жанна is lost; only the prostitute dies.",
    "G-M.1 (2): the prostitute moves before everyone else, so a kill in step (3) cannot undo "
    "her invitation; the invited sheriff loses his shot.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[
        mv("Евгений", "kill", "Даша"),
        mv("Даша", "block", "Борис"),
        mv("Борис", "kill", "Жанна"),
    ],
    deaths=[s.death("Даша", "mafia")],
)

s = gam(
    "gambler_G_M_6_lawyer_sends_no_clan_kill_last_member_invited",
    GAMBLER,
    ["G-M.6", "G-M.5", "G-M.1", "G-S.3"],
    "Day 2 jails the godfather. Night 2: Жанна's clan kill takes Кира; the lawyer's kill "
    "letter is refused (he is no mafia member and has no kill). Night 3: the prostitute "
    "invites Жанна, the last mafia member: no kill.",
    "G-M.6: once the godfather is out, mafia members send the kill; the lawyer is not one "
    "of them (G-S.3: he does not even know them); inviting the last member stops the kill.",
)
jail_day(
    s,
    2,
    "Евгений",
    moves=[mv("Жанна", "kill", "Кира"), mv("Зоя", "kill", "Игорь")],
    refused=[("Зоя", "kill", None)],
    deaths=[s.death("Кира", "mafia")],
)
jail_day(
    s,
    3,
    "Гоша",
    moves=[mv("Даша", "block", "Жанна"), mv("Жанна", "kill", "Игорь")],
)

# ====================================================================== Gambler: days, wins

s = gam(
    "gambler_G_N_3_threshold_drops_to_one_green_for_the_dead_is_no_green",
    GAMBLER,
    ["G-N.3", "G-N.2", "G-N.4", "C-3", "C-5"],
    "Day 2: 10 living → 2 greens needed. The mafia kills Кира. Day 3: 8 living → 1 green; "
    "Анна greens Жанна, Борис greens the dead Кира (no green: he counts as greening himself), "
    "the rest green nobody; all seven with a green are nominees; court jails Жанна.",
    "G-N.3: the threshold follows the number alive when the day begins (9–13 → 2, ≤8 → 1); "
    "C-3: a nick that is no living player is no green, so G-N.2 makes it a self-green.",
)
jail_day(s, 2, "Игорь", moves=[mv("Евгений", "kill", "Кира")], deaths=[s.death("Кира", "mafia")])
DAY3 = ["Анна", "Борис", "Вера", "Гоша", "Даша", "Евгений", "Жанна", "Зоя"]
s.turn(
    3,
    posts=[
        s.post("Анна", f"Я за {green('Жанна')}, она юлит весь день."),
        s.post("Борис", f"Мой выбор: {green('Кира', 1)}"),
    ],
    greens={"Жанна": 2, "Борис": 1, "Вера": 1, "Гоша": 1, "Даша": 1, "Евгений": 1, "Зоя": 1},
    nominees=["Жанна", "Борис", "Вера", "Гоша", "Даша", "Евгений", "Зоя"],
    court=[(x, "Жанна") for x in DAY3 if x != "Жанна"] + [("Жанна", "Борис")],
    removed_by_vote="Жанна",
)

s = gam(
    "gambler_G_N_2_silent_days_nobody_jailed",
    GAMBLER,
    ["G-N.2", "G-N.3", "G-N.4", "G-W.1"],
    "Day 2: nobody writes anything. Each of the 10 counts as greening himself (1 green each, "
    "2 needed): no nominee, no court, nobody jailed. The mafia and the maniac kill one each. "
    "Day 3: silent again with 8 living (1 green needed): all eight are nominees, but with no "
    "court vote nobody is jailed.",
    "G-N.2: no green → a green for oneself; G-N.3 thresholds; G-N.4 ruling: a nominee needs "
    "a court vote to be jailed. After night 2 town 3 (Анна, Борис, Вера) vs mafia 3 "
    "(G-W.1: not fewer, no win).",
)
s.turn(
    2,
    chat=False,
    nominees=[],
    moves=[mv("Евгений", "kill", "Игорь"), mv("Гоша", "kill", "Кира")],
    deaths=[s.death("Игорь", "mafia"), s.death("Кира", "maniac")],
)
s.turn(3, chat=False, nominees=list(s.alive))

s = Scenario(
    "gambler_G_W_1_equal_numbers_are_no_mafia_win",
    "gambler",
    [
        P("Анна", "commissar"),
        P("Игорь", "civilian"),
        P("Кира", "civilian"),
        P("Евгений", "godfather"),
        P("Жанна", "mafia"),
    ],
    ["G-W.1", "G-N.3", "G-N.4", "G-M.5"],
    "Day 2 jails a civilian: town 2, mafia 2 — no win. Night 2: the godfather kills Кира: "
    "town 1 is fewer than mafia 2, the mafia wins.",
    "G-W.1: mafia wins when the living town is *fewer* than the living mafia, tested both "
    "once the court is over and once the night is played; G-N.3: 5 living → 1 green makes "
    "a nominee.",
)
s.turn(1)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Евгений", "kill", "Кира")],
    deaths=[s.death("Кира", "mafia")],
    winner="mafia",
)

s = Scenario(
    "gambler_G_W_1_mafia_wins_at_court_night_not_played",
    "gambler",
    [
        P("Анна", "commissar"),
        P("Борис", "sheriff"),
        P("Игорь", "civilian"),
        P("Евгений", "godfather"),
        P("Жанна", "mafia"),
        P("Зоя", "lawyer"),
    ],
    ["G-W.1", "G-N.4", "G-M.4"],
    "Town 3 vs mafia 3 (godfather, mafia, lawyer). Day 2 jails the civilian: town 2 < mafia "
    "3, the mafia wins at the court; the sheriff's night shot at the godfather is not played.",
    "G-W.1: the lawyer counts for the mafia; the win is checked after the court (ruling "
    "`gambler_check_win_after_court`), and a game won at the court plays no night.",
)
s.turn(1)
jail_day(s, 2, "Игорь", moves=[mv("Борис", "kill", "Евгений")], winner="mafia")

s = Scenario(
    "gambler_G_W_1_town_wins_with_the_lawyer_and_maniac_alive",
    "gambler",
    [
        P("Анна", "commissar"),
        P("Борис", "sheriff"),
        P("Игорь", "civilian"),
        P("Кира", "civilian"),
        P("Евгений", "godfather"),
        P("Зоя", "lawyer"),
        P("Гоша", "maniac"),
    ],
    ["G-W.1", "G-N.4"],
    "Day 2 jails the godfather, the last of the mafia proper: the town wins at the court, "
    "though the lawyer and the maniac live; the maniac's night kill is not played.",
    "G-W.1: with the godfather and all mafiosi gone the town wins (the lawyer is neither); "
    "the maniac wins only alone; the mafia needs more living members than the town (1 vs 4).",
)
s.turn(1)
jail_day(s, 2, "Евгений", moves=[mv("Гоша", "kill", "Анна")], winner="town")

s = Scenario(
    "gambler_G_W_1_maniac_alone_after_the_night",
    "gambler",
    [
        P("Борис", "sheriff"),
        P("Кира", "civilian"),
        P("Евгений", "godfather"),
        P("Гоша", "maniac"),
    ],
    ["G-W.1", "G-M.4", "G-M.5", "G-M.1"],
    "Day 2 jails Кира. Night 2: the sheriff and the godfather shoot each other; the maniac is "
    "left alone and wins (town's condition — no mafia left — holds too, the maniac comes first).",
    "G-M.1: the night's shots are simultaneous; G-W.1: the maniac wins when he alone is left; "
    "ruling: maniac > mafia > town when several hold.",
)
s.turn(1)
jail_day(
    s,
    2,
    "Кира",
    moves=[mv("Борис", "kill", "Евгений"), mv("Евгений", "kill", "Борис")],
    deaths=[s.death("Евгений", "sheriff"), s.death("Борис", "mafia")],
    winner="maniac",
)

# ====================================================================== second batch: step 4 first

s = full(
    "pefl_P_M_9_blown_up_don_his_order_still_stands",
    ["P-M.9", "P-M.8", "P-O.1"],
    "The kamikaze blows up the triad Don at step 4; the Don had ordered Егор shot by Рита. "
    "The executor lives and shoots at step 5: Егор dies.",
    "P-M.8: the Don sends the order, the executor shoots; the order was sent before the "
    "deadline and its executor is alive at step 5 (P-O.1). " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Лена", "blast", "Миша"), mv("Миша", "kill", "Егор", executor="Рита")],
    abstained=ALL,
    deaths=[
        s.death("Миша", "kamikaze"),
        s.death("Лена", "kamikaze"),
        s.death("Егор", "triad"),
    ],
)

s = full(
    "pefl_P_M_9_blown_up_doctor_heals_nobody",
    ["P-M.9", "P-M.5", "P-O.1"],
    "The kamikaze blows up the doctor at step 4; the doctor's heal of Егор (step 6) never "
    "comes, so the maniac kills Егор.",
    "P-M.5 ruling: a doctor dying at step 5 loses his heal — all the more one blown up at "
    "step 4 (P-O.1). " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Лена", "blast", "Гена"), mv("Гена", "heal", "Егор"), mv("Олег", "kill", "Егор")],
    abstained=ALL,
    deaths=[s.death("Гена", "kamikaze"), s.death("Лена", "kamikaze"), s.death("Егор", "maniac")],
)

s = full(
    "pefl_P_M_9_blown_up_commissar_checks_nobody",
    ["P-M.9", "P-M.1", "P-M.2", "P-O.1"],
    "The kamikaze blows up the commissar at step 4: no check, no copy for the sergeant.",
    "P-M.1: a commissar dying at step 5 gets no check — all the more one blown up at step "
    "4; P-M.2: there is nothing to copy. " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Лена", "blast", "Анна"), mv("Анна", "check", "Коля")],
    abstained=ALL,
    deaths=[s.death("Анна", "kamikaze"), s.death("Лена", "kamikaze")],
    checks=[],
)

s = full(
    "pefl_P_M_11_beaten_necromancer_gives_both_protects_on_turn_2",
    ["P-M.11", "P-M.6", "P-A.3", "C-1"],
    "Night 1: the thug beats the necromancer, whose protect of Егор is lost; the yakuza kills "
    "Егор. Turn 2 (the necromancer silent, excused): he protects Жора and Анна in one letter; "
    "the triad shoots Жора and the maniac Анна: both rise.",
    "P-M.11: a beating costs the move; P-M.6: the two protects of turns 1–2 may both go in "
    "one turn, and a protected player killed that night rises at step 6; P-A.3: the beaten "
    "necromancer owes no post or vote on turn 2. Turn 2: everyone else votes Зина.",
)
s.turn(
    1,
    moves=[
        mv("Нина", "beat", "Дима"),
        mv("Дима", "protect", "Егор"),
        mv("Коля", "kill", "Егор", executor="Фима"),
    ],
    abstained=ALL,
    beaten=["Дима"],
    deaths=[s.death("Егор", "yakuza")],
)
s.turn(
    2,
    votes=[(x, "Зина") for x in s.alive if x not in ("Дима", "Зина")] + [("Зина", "Коля")],
    silent=["Дима"],
    moves=[
        mv("Дима", "protect", "Жора", "Анна"),
        mv("Миша", "kill", "Жора", executor="Рита"),
        mv("Олег", "kill", "Анна"),
    ],
    removed_by_vote="Зина",
    abstained=[],
    saved=["Жора", "Анна"],
)

# ====================================================================== second batch: ends

s = Scenario(
    "pefl_P_E_1_two_left_after_the_day_the_night_is_still_played",
    "pefl",
    [P("Анна", "commissar"), P("Егор", "civilian"), P("Коля", "mafia", "yakuza", don=True)],
    ["P-E.1", "P-W.1", "P-V.4", "P-M.8"],
    "The hanging leaves a civilian and the yakuza Don. P-E.1 speaks of two left after a "
    "night, so the night is played: the Don shoots Егор and the yakuza wins alone.",
    "P-E.1 applies after a night only (the civilian, with fewer votes against him, would "
    "have won had it been applied after the day); P-W.1: a clan wins once it is the "
    "only one alive; P-M.8: the last mafioso executes his own order.",
)
s.turn(
    1,
    votes=[("Егор", "Анна"), ("Коля", "Анна"), ("Анна", "Коля")],
    moves=[mv("Коля", "kill", "Егор", executor="Коля")],
    removed_by_vote="Анна",
    deaths=[s.death("Егор", "yakuza")],
    winner="yakuza",
)

s = Scenario(
    "pefl_P_W_1_clan_with_its_own_bastard_alive_has_not_won",
    "pefl",
    [
        P("Анна", "commissar"),
        P("Егор", "civilian"),
        P("Коля", "mafia", "yakuza", don=True),
        P("Фима", "mafia", "yakuza"),
        P("Зина", "bastard", "yakuza"),
    ],
    ["P-W.1", "P-E.2", "P-M.8", "P-V.4"],
    "After night 1 two yakuza and their own bastard are left: no win (the bastard is town, "
    "not dead, and three are left). Turn 2 the clan hangs its bastard and wins.",
    "P-W.1: a clan wins once it is the only one alive; the bastard is town (role table), and "
    "P-E.2 speaks of two left only; P-M.8: the clan cannot shoot its own bastard.",
)
s.turn(
    1,
    votes=[
        ("Коля", "Анна"),
        ("Фима", "Анна"),
        ("Зина", "Анна"),
        ("Егор", "Коля"),
        ("Анна", "Коля"),
    ],
    moves=[mv("Коля", "kill", "Егор", executor="Фима")],
    removed_by_vote="Анна",
    deaths=[s.death("Егор", "yakuza")],
)
s.turn(
    2,
    votes=[("Коля", "Зина"), ("Фима", "Зина"), ("Зина", "Коля")],
    removed_by_vote="Зина",
    winner="yakuza",
)

s = Scenario(
    "pefl_P_A_2_second_abstainer_killed_at_night_is_dead_not_missing",
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
    ["P-A.2", "P-O.1", "P-M.8"],
    "Егор abstains twice; on the second night the triad shoots him: he dies at step 5 and is "
    "listed among the dead, not the missing.",
    "P-A.2: a second abstention makes a player go missing at step 7; P-O.1: the shots are "
    "step 5, so he is already dead by then.",
)
s.turn(
    1,
    votes=[
        ("Анна", "Рома"),
        ("Гена", "Рома"),
        ("Жора", "Коля"),
        ("Коля", "Рома"),
        ("Миша", "Жора"),
        ("Рома", "Коля"),
    ],
    removed_by_vote="Рома",
)
s.turn(
    2,
    votes=[
        ("Анна", "Коля"),
        ("Гена", "Коля"),
        ("Жора", "Коля"),
        ("Коля", "Жора"),
        ("Миша", "Жора"),
    ],
    moves=[mv("Миша", "kill", "Егор", executor="Миша")],
    removed_by_vote="Коля",
    missing=[],
    deaths=[s.death("Егор", "triad")],
)

s = Scenario(
    "pefl_P_V_1_red_vote_for_a_dead_player_is_no_vote",
    "pefl",
    SIX,
    ["P-V.1", "C-3", "C-5", "P-V.5", "P-M.13"],
    "The maniac kills Егор on turn 0; on turn 1 Анна votes Егор in red with a reason: no "
    "vote, she abstains. Коля is hanged 3:1.",
    "C-3: a nick in a vote resolves to a living player only, otherwise it is not a vote; "
    "P-V.5: a rejected vote is an abstention; P-M.13: the maniac kills from turn 0.",
)
s.turn(0, moves=[mv("Олег", "kill", "Егор")], deaths=[s.death("Егор", "maniac")])
s.turn(
    1,
    votes=[
        ("Анна", "Егор"),
        ("Жора", "Коля"),
        ("Коля", "Анна"),
        ("Миша", "Коля"),
        ("Олег", "Коля"),
    ],
    tally={"Коля": 3, "Анна": 1},
    rejected=[{"author": "Анна"}],
    abstained=["Анна"],
    removed_by_vote="Коля",
)

s = full(
    "pefl_P_M_8_thug_and_kamikaze_may_execute",
    ["P-M.8", "P-M.11"],
    "The triad Don names the thug (not beating tonight) as executor, the yakuza Don the "
    "kamikaze: both kills happen.",
    "P-M.8: the executor is any clan member (only the Don is barred while others live); "
    "P-M.11 bars the thug only on a night he beats. " + QUIET + ".",
)
s.turn(
    1,
    moves=[
        mv("Миша", "kill", "Егор", executor="Нина"),
        mv("Коля", "kill", "Жора", executor="Лена"),
    ],
    abstained=ALL,
    deaths=[s.death("Егор", "triad"), s.death("Жора", "yakuza")],
)

s = full(
    "pefl_P_S_2_turn0_blast_beat_and_ninja_are_refused",
    ["P-S.2", "P-M.13", "P-M.9", "P-M.11", "P-M.3"],
    "Turn 0: the kamikaze's blast, the thug's beating and the ninja's kill are refused; only "
    "the maniac's kill of Жора happens.",
    "P-S.2: on turn 0 only the maniac's moves count; P-M.13: he kills from turn 0.",
)
s.turn(
    0,
    moves=[
        mv("Лена", "blast", "Егор"),
        mv("Нина", "beat", "Анна"),
        mv("Вася", "kill", "Борис"),
        mv("Олег", "kill", "Жора"),
    ],
    refused=[("Лена", "blast", None), ("Нина", "beat", None), ("Вася", "kill", None)],
    deaths=[s.death("Жора", "maniac")],
)

s = gam(
    "gambler_G_M_1_invited_maniac_cannot_kill_the_prostitute",
    GAMBLER,
    ["G-M.1", "G-M.4"],
    "The prostitute invites the maniac, who meant to kill her: his move is lost and she "
    "lives (he never attacked, so she is not `saved`).",
    "G-M.1 (2): the prostitute moves first; her target, the maniac, loses his move.",
)
jail_day(s, 2, "Игорь", moves=[mv("Даша", "block", "Гоша"), mv("Гоша", "kill", "Даша")], saved=[])

s = gam(
    "gambler_G_M_6_godfather_shot_at_night_members_kill_the_next",
    GAMBLER,
    ["G-M.6", "G-M.5", "G-M.1", "G-M.4"],
    "Night 2: the sheriff kills the godfather, whose own kill of Кира still happens (moves "
    "are simultaneous). Night 3: Жанна, the last mafia member, sends the kill alone.",
    "G-M.1: everyone after the prostitute moves at once; G-M.6: once the godfather is out "
    "the mafia members send the kill, 1–3 letters naming one victim.",
)
jail_day(
    s,
    2,
    "Зоя",
    moves=[mv("Борис", "kill", "Евгений"), mv("Евгений", "kill", "Кира")],
    deaths=[s.death("Евгений", "sheriff"), s.death("Кира", "mafia")],
)
jail_day(s, 3, "Гоша", moves=[mv("Жанна", "kill", "Игорь")], deaths=[s.death("Игорь", "mafia")])

s = full(
    "pefl_P_M_8_ruling_setting_blasted_don_is_silent",
    ["P-M.8", "P-M.9", "C-6"],
    "With `blasted_don_order_stands = false` the triad Don blown up at step 4 counts as "
    "silent: his order (Егор) is dropped and the thug's own kill request (Жора) counts.",
    "Setting off: the clan plays as with a silent Don, so P-M.8's first member request "
    "counts, its sender executing. " + QUIET + ".",
    options={"blasted_don_order_stands": False},
)
s.turn(
    1,
    moves=[
        mv("Лена", "blast", "Миша"),
        mv("Миша", "kill", "Егор", executor="Рита"),
        mv("Нина", "kill", "Жора"),
    ],
    abstained=ALL,
    deaths=[s.death("Миша", "kamikaze"), s.death("Лена", "kamikaze"), s.death("Жора", "triad")],
)

# ====================================================================== third batch

s = Scenario(
    "pefl_P_M_4_testament_passes_a_first_voter_removed_at_step_3",
    "pefl",
    NINJA7,
    ["P-M.4", "P-O.1", "C-6"],
    "The ninja is hanged; the host removes his first voter Егор the same turn (step 3), so "
    "the testament takes the second voter, Жора.",
    "P-M.4: a first voter who leaves that night anyway passes the testament on; P-O.1: the "
    "removal is step 3, the testament step 5; C-6: the removal's cause is `override`.",
)
s.turn(
    1,
    votes=TESTAMENT_VOTES,
    overrides=[{"kind": "remove", "nick": "Егор"}],
    removed_by_vote="Вася",
    deaths=[s.death("Егор", "override"), s.death("Жора", "testament")],
)

s = Scenario(
    "pefl_P_M_4_testament_on_the_kamikaze_kills_him_alone",
    "pefl",
    [
        P("Вася", "ninja"),
        P("Анна", "commissar"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Коля", "mafia", "yakuza", don=True),
        P("Лена", "kamikaze", "yakuza"),
        P("Миша", "mafia", "triad", don=True),
        P("Олег", "maniac"),
    ],
    ["P-M.4", "P-M.10"],
    "The kamikaze is the first to vote against the ninja, who is hanged: the testament kills "
    "the kamikaze, and nobody dies with him (no player tried to kill him).",
    "P-M.4: the first voter dies at step 5; P-M.10 takes the one who tries to kill or beat "
    "the kamikaze, and the testament is no player's attempt.",
)
s.turn(
    1,
    votes=[
        ("Лена", "Вася"),
        ("Егор", "Вася"),
        ("Жора", "Вася"),
        ("Олег", "Вася"),
        ("Вася", "Коля"),
        ("Анна", "Коля"),
        ("Коля", "Егор"),
        ("Миша", "Егор"),
    ],
    removed_by_vote="Вася",
    deaths=[s.death("Лена", "testament")],
)

s = full(
    "pefl_P_M_5_heal_saves_the_checker_from_the_ambush",
    ["P-M.5", "P-M.14", "P-M.7"],
    "The commissar checks the ambushing maniac, but the doctor heals him: he survives.",
    "P-M.5: a healed player is immune to the maniac that night; the ambush is the maniac's "
    "strike (P-M.7 counts a death by his ambush as a death by the maniac). The check's result "
    "and whether the ambusher is listed as `saved` are open.",
)
s.turn(
    1,
    moves=[mv("Олег", "ambush"), mv("Анна", "check", "Олег"), mv("Гена", "heal", "Анна")],
    abstained=ALL,
    saved=one_of(["Анна"], ["Анна", "Олег"]),
    checks=OMIT,
)

s = Scenario(
    "pefl_P_E_1_rival_clans_last_two_fewer_votes_wins",
    "pefl",
    [
        P("Анна", "commissar"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Коля", "mafia", "yakuza", don=True),
        P("Миша", "mafia", "triad", don=True),
    ],
    ["P-E.1", "P-M.8", "P-V.4"],
    "Жора is hanged; that night each clan kills one town player, leaving the two Dons. Коля "
    "has 2 votes against him over the game, Миша none: the triad wins.",
    "P-E.1: two players of opposing camps (two clans) left after a night → fewer votes "
    "against over the whole game wins; P-M.8: each Don alone executes himself.",
)
s.turn(
    1,
    votes=[
        ("Анна", "Жора"),
        ("Егор", "Жора"),
        ("Жора", "Коля"),
        ("Коля", "Жора"),
        ("Миша", "Коля"),
    ],
    moves=[
        mv("Коля", "kill", "Анна", executor="Коля"),
        mv("Миша", "kill", "Егор", executor="Миша"),
    ],
    removed_by_vote="Жора",
    deaths=[s.death("Анна", "yakuza"), s.death("Егор", "triad")],
    winner="triad",
)

s = full(
    "pefl_P_A_3_beaten_player_can_still_be_hanged",
    ["P-A.3", "P-M.11", "P-V.4"],
    "Night 1: the thug beats Егор. Turn 2: Егор is silent (excused) and everyone else votes "
    "him: he is hanged, and he is no abstainer.",
    "P-M.11: a beaten player can still be hanged; P-A.3: he owes no post or vote on the next "
    "turn (no missing, no abstention).",
)
s.turn(1, moves=[mv("Нина", "beat", "Егор")], abstained=ALL, beaten=["Егор"])
s.turn(
    2,
    votes=[(x, "Егор") for x in s.alive if x != "Егор"],
    silent=["Егор"],
    removed_by_vote="Егор",
    abstained=[],
)

s = full(
    "pefl_P_O_1_removed_don_order_void_member_request_counts",
    ["P-O.1", "C-6", "P-M.8"],
    "The host removes the yakuza Don at step 3: his order (Егор) is void, and Фима's own "
    "request kills Жора.",
    "P-O.1: removals are step 3, before the shots; C-6: the override wins; P-M.8: with no "
    "Don's order the first member request counts. " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Коля", "kill", "Егор", executor="Фима"), mv("Фима", "kill", "Жора")],
    overrides=[{"kind": "remove", "nick": "Коля"}],
    abstained=ALL,
    deaths=[s.death("Коля", "override"), s.death("Жора", "yakuza")],
)

s = Scenario(
    "gambler_G_W_1_town_recruited_prostitute_holds_off_the_mafia",
    "gambler",
    [
        P("Анна", "commissar"),
        P("Даша", "prostitute"),
        P("Игорь", "civilian"),
        P("Кира", "civilian"),
        P("Евгений", "godfather"),
        P("Жанна", "mafia"),
    ],
    ["G-W.1", "G-M.8", "G-M.3"],
    "Day 2 jails Кира (town 2, mafia 2). Night 2 the commissar recruits the prostitute while "
    "the godfather kills Игорь: town 2 (commissar + prostitute) vs mafia 2 — no win.",
    "G-M.8: the commissar's check recruits her for the town; G-W.1: she then counts for the "
    "town, and the mafia needs strictly more living members.",
)
s.turn(1)
jail_day(
    s,
    2,
    "Кира",
    moves=[mv("Анна", "check", "Даша"), mv("Евгений", "kill", "Игорь")],
    checks=[chk("commissar", "Даша", "prostitute")],
    recruited="town",
    deaths=[s.death("Игорь", "mafia")],
)

s = gam(
    "gambler_G_M_7_blocked_self_heal_is_not_spent",
    GAMBLER,
    ["G-M.7", "G-M.1", "C-1"],
    "Night 2: the prostitute invites the doctor, who meant to heal herself: no heal, the "
    "mafia kills Кира. Night 3: the doctor heals herself and survives the maniac — her one "
    "self-heal was never used.",
    "G-M.1: the invited doctor loses her move; G-M.7: the self-heal is allowed once a game, "
    "and a heal that never happened does not use it.",
)
jail_day(
    s,
    2,
    "Игорь",
    moves=[mv("Даша", "block", "Вера"), mv("Вера", "heal", "Вера"), mv("Евгений", "kill", "Кира")],
    deaths=[s.death("Кира", "mafia")],
)
jail_day(
    s, 3, "Жанна", moves=[mv("Вера", "heal", "Вера"), mv("Гоша", "kill", "Вера")], saved=["Вера"]
)

s = full(
    "pefl_P_M_5_heal_against_the_ambush_fails_on_a_second_strike",
    ["P-M.5", "P-M.14"],
    "The ninja stabs the ambushing maniac and the doctor heals the ninja, but the triad also "
    "shoots the ninja: attacked twice, he dies (the ambush names the cause).",
    "P-M.5: a heal cannot save a player attacked twice in one night; P-M.14 ruling: the "
    "attacker's own rule names the death — the ambush (default `cause_priority`); the "
    "ambusher's `saved` listing is open. " + QUIET + ".",
)
s.turn(
    1,
    moves=[
        mv("Олег", "ambush"),
        mv("Вася", "kill", "Олег"),
        mv("Гена", "heal", "Вася"),
        mv("Миша", "kill", "Вася", executor="Рита"),
    ],
    abstained=ALL,
    deaths=[s.death("Вася", one_of("ambush", "triad"))],
    saved=OMIT,
)

s = full(
    "pefl_P_M_5_ruling_setting_heal_does_not_stop_the_ambush",
    ["P-M.5", "P-M.14", "C-6"],
    "With `heal_stops_ambush = false` the healed commissar who checks the ambushing maniac "
    "dies of the ambush.",
    "Setting off: P-M.14's 'everyone who … check[s] him dies' wins over the heal. " + QUIET + ".",
    options={"heal_stops_ambush": False},
)
s.turn(
    1,
    moves=[mv("Олег", "ambush"), mv("Анна", "check", "Олег"), mv("Гена", "heal", "Анна")],
    abstained=ALL,
    deaths=[s.death("Анна", "ambush")],
    checks=OMIT,
    saved=OMIT,
)

# ====================================================================== fourth batch: first turns

s = gam(
    "gambler_G_S_2_intro_night_moves_spend_nothing",
    GAMBLER,
    ["G-S.2", "G-M.2", "G-M.7", "G-M.1"],
    "Night 1 (introductions): the prostitute invites the sheriff and the doctor heals herself "
    "— both ignored. Night 2 she may invite the sheriff (his shot at Жанна is lost) and the "
    "doctor's self-heal saves her from the godfather.",
    "G-S.2: day 1 has no night moves, so nothing was spent: G-M.2 forbids a second invitation "
    "of the same player, and there was no first; G-M.7's one self-heal is still there.",
)
s.turns_in[0]["moves"] = [mv("Даша", "block", "Борис"), mv("Вера", "heal", "Вера")]
jail_day(
    s,
    2,
    "Игорь",
    moves=[
        mv("Даша", "block", "Борис"),
        mv("Борис", "kill", "Жанна"),
        mv("Вера", "heal", "Вера"),
        mv("Евгений", "kill", "Вера"),
    ],
    saved=["Вера"],
)

s = full(
    "pefl_P_S_2_turn0_refused_heal_and_protect_spend_nothing",
    ["P-S.2", "P-M.5", "P-M.6"],
    "Turn 0: the doctor's heal of Егор and the necromancer's protect are refused. Turn 1: the "
    "doctor heals Егор again (not 'two turns running': there was no heal) and saves him from "
    "the yakuza; the necromancer's two protects raise Жора and Анна.",
    "P-S.2: on turn 0 only the maniac moves; P-M.5: the same patient is barred only after a "
    "heal on the turn before; P-M.6: two protects in turns 1–2, both at once allowed. " + QUIET,
)
s.turn(
    0,
    moves=[mv("Гена", "heal", "Егор"), mv("Дима", "protect", "Егор")],
    refused=[("Гена", "heal", None), ("Дима", "protect", None)],
)
s.turn(
    1,
    moves=[
        mv("Гена", "heal", "Егор"),
        mv("Коля", "kill", "Егор", executor="Фима"),
        mv("Дима", "protect", "Жора", "Анна"),
        mv("Миша", "kill", "Жора", executor="Рита"),
        mv("Олег", "kill", "Анна"),
    ],
    abstained=ALL,
    saved=["Егор", "Жора", "Анна"],
)

# ====================================================================== fourth batch: testament

s = Scenario(
    "pefl_P_M_4_removed_ninja_leaves_no_testament",
    "pefl",
    NINJA7,
    ["P-M.4", "C-6", "P-O.1"],
    "Votes hang Коля; the host removes the ninja at step 3 the same turn. The ninja was not "
    "hanged, so his first voter lives.",
    "P-M.4: the testament follows a hanging only; C-6: a removal is the host's override "
    "(cause `override`).",
)
s.turn(
    1,
    votes=[
        ("Егор", "Вася"),
        ("Жора", "Коля"),
        ("Анна", "Коля"),
        ("Вася", "Коля"),
        ("Коля", "Егор"),
        ("Миша", "Егор"),
        ("Олег", "Коля"),
    ],
    overrides=[{"kind": "remove", "nick": "Вася"}],
    removed_by_vote="Коля",
    deaths=[s.death("Вася", "override")],
)

s = Scenario(
    "pefl_P_M_4_testament_ignores_the_heal",
    "pefl",
    [*NINJA7, P("Гена", "doctor")],
    ["P-M.4", "P-M.5"],
    "The ninja is hanged 4:2:2; the doctor heals his first voter Егор, who dies of the "
    "testament anyway.",
    "P-M.5: the heal makes a player immune to the mafia and the maniac; the testament is neither.",
)
s.turn(
    1,
    votes=[*TESTAMENT_VOTES, ("Гена", "Вася")],
    moves=[mv("Гена", "heal", "Егор")],
    removed_by_vote="Вася",
    deaths=[s.death("Егор", "testament")],
)

s = gam(
    "gambler_G_M_1_jailed_prostitute_invites_nobody",
    GAMBLER,
    ["G-M.1", "G-M.4", "C-5"],
    "The court jails the prostitute; her invitation of the sheriff that night is void, and the "
    "sheriff shoots Жанна.",
    "G-M.1 (1): the jailed player has no move; G-M.4: the sheriff shoots.",
)
jail_day(
    s,
    2,
    "Даша",
    moves=[mv("Даша", "block", "Борис"), mv("Борис", "kill", "Жанна")],
    deaths=[s.death("Жанна", "sheriff")],
)

s = Scenario(
    "pefl_P_V_4_votes_for_a_missing_player_hang_the_next",
    "pefl",
    SIX,
    ["P-V.4", "P-A.1", "P-O.1"],
    "Олег, silent all turn, gets 3 votes and goes missing at step 1; Коля, with 2, has the most "
    "votes among those still in the game at step 2 and is hanged.",
    "P-O.1: the missing leave at step 1, the hanging is step 2 and can only take a player "
    "still in the game; P-V.4: most votes → hanged. Whether the missing also abstains is open.",
)
s.turn(
    1,
    votes=[
        ("Анна", "Олег"),
        ("Егор", "Олег"),
        ("Жора", "Коля"),
        ("Миша", "Коля"),
        ("Коля", "Олег"),
    ],
    silent=["Олег"],
    missing=["Олег"],
    removed_by_vote="Коля",
    abstained=one_of(["Олег"], []),
)

# ====================================================================== fifth batch

s = full(
    "pefl_P_M_11_beaten_commissar_never_checks_the_ambusher",
    ["P-M.11", "P-M.14", "P-O.1"],
    "The thug beats the commissar, who meant to check the ambushing maniac: the check is "
    "lost, so the ambush never springs on him and he lives.",
    "P-O.1: the beating (step 4) comes before the check (step 6); P-M.11: the beaten player "
    "loses his move; P-M.14 kills only those who try to check the ambusher. The ambusher's "
    "`saved` listing is open. " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Олег", "ambush"), mv("Нина", "beat", "Анна"), mv("Анна", "check", "Олег")],
    abstained=ALL,
    beaten=["Анна"],
    checks=[],
    saved=OMIT,
)

s = full(
    "pefl_P_M_6_protected_checker_rises_after_the_ambush",
    ["P-M.6", "P-M.14", "P-O.1"],
    "The protected commissar checks the ambushing maniac: he dies of the ambush at step 6 and "
    "the necromancer raises him in the same step, after the check.",
    "P-O.1 step 6: commissar checks, doctor heals, necromancer resurrects — in that order; "
    "P-M.6: a protected player killed that night rises. The check's result and the "
    "ambusher's `saved` listing are open. " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Дима", "protect", "Анна"), mv("Олег", "ambush"), mv("Анна", "check", "Олег")],
    abstained=ALL,
    saved=one_of(["Анна"], ["Анна", "Олег"]),
    checks=OMIT,
)

s = Scenario(
    "gambler_G_W_1_mafia_wins_with_the_maniac_alive",
    "gambler",
    [
        P("Борис", "sheriff"),
        P("Кира", "civilian"),
        P("Евгений", "godfather"),
        P("Гоша", "maniac"),
    ],
    ["G-W.1", "G-M.4"],
    "Day 2 jails Кира (town 1, mafia 1). Night 2 the maniac kills the sheriff: no town left, "
    "fewer than the one mafioso — the mafia wins though the maniac lives.",
    "G-W.1: mafia wins when the living town is fewer than the living mafia; the maniac counts "
    "for neither and wins only alone.",
)
s.turn(1)
jail_day(
    s,
    2,
    "Кира",
    moves=[mv("Гоша", "kill", "Борис")],
    deaths=[s.death("Борис", "maniac")],
    winner="mafia",
)

s = Scenario(
    "gambler_G_W_1_ruling_mafia_before_town_when_both_hold",
    "gambler",
    [
        P("Анна", "commissar"),
        P("Борис", "sheriff"),
        P("Кира", "civilian"),
        P("Даша", "prostitute"),
        P("Евгений", "godfather"),
        P("Зоя", "lawyer"),
    ],
    ["G-W.1", "G-M.8", "G-M.4", "G-M.5"],
    "Day 2 jails Кира (town 2, mafia 2). Night 2 the sheriff and the godfather shoot each "
    "other and the lawyer recruits the prostitute: no godfather or mafia left (town's "
    "condition) and town 1 < mafia 2 (lawyer + prostitute, mafia's condition). Mafia wins.",
    "G-W.1 ruling: when several conditions hold at once, maniac > mafia > town "
    "(`gambler_win_priority`); G-M.8: the lawyer's check recruits her for the mafia.",
)
s.turn(1)
jail_day(
    s,
    2,
    "Кира",
    moves=[
        mv("Борис", "kill", "Евгений"),
        mv("Евгений", "kill", "Борис"),
        mv("Зоя", "check", "Даша"),
    ],
    deaths=[s.death("Евгений", "sheriff"), s.death("Борис", "mafia")],
    checks=[chk("lawyer", "Даша", "prostitute")],
    recruited="mafia",
    winner="mafia",
)

# ====================================================================== sixth batch: gallows

s = full(
    "pefl_P_V_4_hanged_kamikaze_blasts_nobody",
    ["P-V.4", "P-O.1", "P-M.9", "P-M.10", "C-5"],
    "Everyone votes the kamikaze, who is hanged; his blast of Егор that night is void, and "
    "none of his voters dies with him (a vote is no attempt on his life).",
    "P-O.1: the hanging is step 2, blasts step 4; C-5: the dead make no move; P-M.10 takes "
    "only those who try to kill or beat him at night.",
)
s.turn(
    1,
    votes=everyone_votes(s, "Лена", "Коля"),
    moves=[mv("Лена", "blast", "Егор")],
    removed_by_vote="Лена",
)

s = full(
    "pefl_P_V_4_hanged_don_order_void_member_request_counts",
    ["P-V.4", "P-O.1", "P-M.8", "C-5"],
    "Everyone votes the yakuza Don, who is hanged at step 2: his order (Егор) is void and "
    "Фима's own request kills Жора.",
    "P-O.1: the hanging precedes the shots; C-5: the hanged make no move; P-M.8: with no "
    "Don's order the first member request counts, its sender executing.",
)
s.turn(
    1,
    votes=everyone_votes(s, "Коля", "Анна"),
    moves=[mv("Коля", "kill", "Егор", executor="Фима"), mv("Фима", "kill", "Жора")],
    removed_by_vote="Коля",
    deaths=[s.death("Жора", "yakuza")],
)

s = Scenario(
    "pefl_P_M_4_testament_on_the_commissar_leaves_no_check",
    "pefl",
    [
        P("Вася", "ninja"),
        P("Анна", "commissar"),
        P("Борис", "sergeant"),
        P("Егор", "civilian"),
        P("Жора", "civilian"),
        P("Коля", "mafia", "yakuza", don=True),
        P("Миша", "mafia", "triad", don=True),
        P("Олег", "maniac"),
    ],
    ["P-M.4", "P-M.1", "P-M.2", "P-O.1"],
    "The commissar casts the first vote against the ninja, who is hanged: the testament kills "
    "him at step 5, so his check of Коля (step 6) is never made and the sergeant gets nothing.",
    "P-M.4: the first voter dies at step 5; P-M.1: a commissar dead at step 5 loses his "
    "check; P-M.2: no check, no copy.",
)
s.turn(
    1,
    votes=[
        ("Анна", "Вася"),
        ("Егор", "Вася"),
        ("Жора", "Вася"),
        ("Борис", "Вася"),
        ("Вася", "Коля"),
        ("Коля", "Егор"),
        ("Миша", "Егор"),
        ("Олег", "Коля"),
    ],
    moves=[mv("Анна", "check", "Коля")],
    removed_by_vote="Вася",
    deaths=[s.death("Анна", "testament")],
    checks=[],
)

# ====================================================================== seventh batch

s = full(
    "pefl_P_M_6_beaten_necromancer_still_resurrects",
    ["P-M.6", "P-M.11", "C-1"],
    "Turn 1: the necromancer protects Егор. Turn 2: the thug beats the necromancer and the "
    "yakuza kills Егор, who rises at step 6 all the same.",
    "P-M.6: the protected player rises if the necromancer is alive at step 6; P-M.11 takes a "
    "beaten player's move, and rising is no move of his (the protect was given on turn 1). "
    "Turn 2: the beating excuses him only on turn 3, "
    "so everyone votes Зина.",
)
s.turn(1, moves=[mv("Дима", "protect", "Егор")], abstained=ALL)
s.turn(
    2,
    votes=everyone_votes(s, "Зина", "Коля"),
    moves=[mv("Нина", "beat", "Дима"), mv("Коля", "kill", "Егор", executor="Фима")],
    removed_by_vote="Зина",
    beaten=["Дима"],
    saved=["Егор"],
)

s = full(
    "pefl_P_M_2_beaten_sergeant_still_gets_the_copy",
    ["P-M.2", "P-M.11", "P-M.1"],
    "The thug beats the sergeant; the commissar checks Коля: both the commissar and the "
    "sergeant learn `yakuza`.",
    "P-M.2: the sergeant receives every check result; receiving is no move, so P-M.11's "
    "lost move takes nothing from him. " + QUIET + ".",
)
s.turn(
    1,
    moves=[mv("Нина", "beat", "Борис"), mv("Анна", "check", "Коля")],
    abstained=ALL,
    beaten=["Борис"],
    checks=com("Коля", "yakuza"),
)
