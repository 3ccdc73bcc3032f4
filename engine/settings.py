"""`RulesSettings`: every **Ruling** of RULES.md (and every place the rules are silent) as a
host setting. The `[rules]` section of config.toml and a scenario's `options` map onto these
fields by name; the defaults are the rulings of RULES.md.

Where RULES.md is silent or contradicts itself, the engine rules as follows (a setting where
a host could reasonably want the other reading):

- G-S.1: the counts (5–9 civilians, 4–5 mafia, six single roles) need 15+ players, yet the
  rule says 11–19; below 15 the default table shrinks the mafia to 3 (`role_tables` wins).
- G-M.5: the godfather may send the kill at one of his own mafiosi (no Gambler rule bars
  the victim, where P-M.8 bars a PEFL clan's own).
- G-M.6: any number of letters that all name one victim make the clan kill ("1–3" is read as
  the usual size of the clan); an invited member who is not the last one still writes
  (`invited_member_letter_counts`).
- G-M.8: the prostitute is recruited once; later checks do not change her side.
- G-P.2: a killed civilian may post once after death (the 12-hour window is the daemon's
  clock); any other post of the dead is flagged.
- G-W.1: the town condition ("no godfather or mafia left") holds with the maniac alive; the
  maniac wins only by `gambler_win_priority` when he is alone.
- P-M.0: the limit covers every request kind (kill, check, heal, protect, beat, blast,
  ambush, army): one standing request per actor; a second replaces it, a third is refused.
- P-M.8: a Don's letter without an executor is refused unless he is the last mafioso; a beaten
  Don counts as silent, a beaten executor shoots nobody (settings); the thug who beats cannot
  execute, so a kill naming him fails (`executor_busy`).
  A member's letter that only offers a victim («предлагаю X») is asked about, not taken as
  his request (`member_suggestion`).
- G-M.5/G-M.6: a Gambler mafioso's letter that only offers the godfather a victim («Может,
  X? Решай, босс», «предлагаю X») is asked about, not kept as his kill letter for a night the
  godfather is jailed (`mafioso_suggestion`).
- C-2: a letter that asks the host about a move («можно проверить X?», «X или Y убить?»)
  names no move; the player is asked back with the reading spelt out (`move_question`).
- C-2: the sender's own verb outside the game's vocabulary governing a player («Тушу X»)
  proves no move; the player is asked (`verb_outside_vocabulary`).
- P-M.10/P-M.14: a kamikaze shot by a clan, the maniac or the ninja dies of that striker's
  cause and the striker of `kamikaze`; a thug who beats him and he both die of `kamikaze`;
  a shot at a kamikaze who already blew up at step 4 finds a dead man and costs nothing (one
  the thug beat that night takes the shooter with him: `shot_at_beaten_kamikaze_dies`).
- P-M.12: the "stray bullet" adds nothing to the two clauses before it: a beaten player has
  no move, and beating the kamikaze or an ambusher already kills the thug.
- P-M.14: a checker of the ambushing maniac dies at step 6 (cause `ambush`) and gets no
  result; the ambusher is listed as `saved` (host view only). Ambush is allowed on turn 0.
  The doctor's heal holds against the ambush as against any strike of the maniac
  (`heal_stops_ambush`); the thug's accident at step 4 is not an attack a heal answers.
- P-M.6: a protect undoes deaths by mafia, maniac, ninja, testament, ambush and thug accident;
  never a blast, the kamikaze's touch, the army or harakiri (nor hanging and missing).
- P-M.4: "dies that night anyway" is decided after heals and the vest, before resurrection;
  the testament is neither healed nor stopped by the vest.
- P-M.5: "attacked twice" counts every strike of the night (testament and army included).
- P-M.7: the heroes are those of the four roles that were dealt; at least one must exist.
- P-M.1: a check on a player killed the same night is still answered; a promoted sergeant's
  check is reported as by the commissar (P-M.2).
- P-S.2: most-named eligible nick; a tie goes to the one named first. A Don who dies is not
  replaced: the clan plays as with a silent Don (P-M.8). A Don blown up at step 4 of the
  night his letter was sent is not silent: his order stands (`blasted_don_order_stands`).
- P-V.4: votes against a player who went missing at step 1 count (P-E.1) but he cannot hang.
- P-E.1: decided after every night, turn 0 included; P-W.1 also after the day
  (`pefl_check_win_after_day`), and then the night is not played.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any


class SettingsError(ValueError):
    """A `[rules]` key is unknown or has a value of the wrong type; the message names it."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"rules.{key}: {message}")
        self.key = key


#: Settings whose value is one of a few words.
CHOICES: dict[str, tuple[str, ...]] = {
    "vote_nicks": ("as_moves", "exact"),
    "member_suggestion": ("ask", "request"),
    "mafioso_suggestion": ("ask", "request"),
    "move_question": ("ask", "none"),
    "verb_outside_vocabulary": ("ask", "role"),
}


@dataclass(frozen=True, slots=True)
class RulesSettings:
    """Host settings of the rules (config `[rules]`). Each field names the rule it rules on."""

    # --- Gambler ---------------------------------------------------------------------------
    #: G-N.1: colours that make a green, as the vote parser's colour specs: "family:green"
    #: (any green hue: named, #hex, rgb()) and exact "#rrggbb" values.
    green_colors: tuple[str, ...] = ("family:green", "#008000", "#00ff00", "#006400", "#00aa00")
    #: G-N.3: (minimum living players, greens needed), checked from the top.
    court_thresholds: tuple[tuple[int, int], ...] = ((14, 3), (9, 2), (0, 1))
    #: G-N.4 Ruling: nobody goes to jail without at least one court vote against him.
    court_needs_a_vote: bool = True
    #: G-N.5 Ruling: a court tie is settled by the seeded coin (else nobody is jailed and the
    #: host must override with the real duel's loser).
    duel_by_coin: bool = True
    #: G-M.1 Ruling: the prostitute's invitation also takes the lawyer's move.
    prostitute_blocks_lawyer: bool = True
    #: G-M.6: an invited (not last) mafia member's letter still counts ("does not stop it").
    invited_member_letter_counts: bool = True
    #: G-M.8 Ruling: the prostitute's side when she does not answer by the next deadline.
    unanswered_side: str = "town"
    #: G-P.1 Ruling: the newspaper names the role the commissar/lawyer saw.
    announce_check_roles: bool = True
    #: G-M.10 with G-P.1: a kill letter's story is printed under its victim, and every
    #: killer's role PM (sheriff, maniac, godfather, mafia) invites one, so a story does not
    #: tell whose kill it was. False: no story is printed and no role PM invites one.
    kill_stories: bool = True
    #: G-W.1 Ruling: the win is checked after the court as well as after the night (a game
    #: won at the court plays no night).
    gambler_check_win_after_court: bool = True
    #: G-W.1 Ruling: who wins when several win conditions hold at once (first wins).
    gambler_win_priority: tuple[str, ...] = ("maniac", "mafia", "town")

    # --- PEFL ------------------------------------------------------------------------------
    #: P-V.1 Ruling: words of own text besides the nick that make a reason (parser's).
    min_reason_words: int = 3
    #: P-V.1, G-N.1 Ruling: a red or green whose author's own words ask the others to spare
    #: the same player («не трогайте её», «не голосуйте за него») is shown to the host, not
    #: counted. True: counted, as the colour and the reason alone would be.
    argued_votes_counted: bool = False

    # --- both ------------------------------------------------------------------------------
    #: C-1 Ruling: a board dates posts and letters to the minute, so whatever carries the
    #: deadline's minute still belongs to the turn, and the bot waits for the board's clock to
    #: leave that minute before it closes the turn. False: on time only up to the deadline.
    deadline_minute_on_time: bool = True
    #: C-3 Ruling: how nicks in votes, greens and court votes resolve: "as_moves" by the move
    #: reader's ladder (case forms «Рому»/«Егора», one word of a multi-word nick, typos),
    #: "exact" only folded (case, look-alikes, surrounding punctuation).
    vote_nicks: str = "as_moves"
    #: P-V.4 Ruling: with no accepted vote nobody is hanged. False: the turn is reported as
    #: waiting for the host's decision (a `hang` override), still hanging nobody by itself.
    nobody_hanged_without_votes: bool = True
    #: P-M.0: how many times a request may be changed in a turn (the later letter wins).
    request_changes: int = 1
    #: P-M.5 Ruling: when the doctor himself dies at step 5, his heal is lost.
    doctor_killed_heals: bool = False
    #: P-M.1: when the commissar dies at step 5, his check is lost.
    commissar_killed_checks: bool = False
    #: P-M.14: an ambushing maniac blown up by the kamikaze at step 4 is dead: his ambush no
    #: longer springs on later shots (step 5) or checks (step 6). True: it still does.
    ambush_holds_after_death: bool = False
    #: P-M.5 with P-M.14: a healed player is immune to the maniac, his ambush included (P-M.7
    #: counts an ambush death as a death by the maniac): a healed shooter or checker of the
    #: ambusher lives, unless attacked twice that night. False: the ambush takes him anyway.
    heal_stops_ambush: bool = True
    #: P-M.13 Ruling: which bullets the maniac's vest stops (one of them, once).
    vest_stops: tuple[str, ...] = ("yakuza", "triad")
    #: P-M.14 Ruling: when several attacks kill one player, the first of these names the cause.
    cause_priority: tuple[str, ...] = (
        "kamikaze",
        "army",
        "thug_accident",
        "ambush",
        "testament",
        "ninja",
        "yakuza",
        "triad",
        "maniac",
        "sheriff",
        "mafia",
        "harakiri",
        "override",
    )
    #: P-M.3: a ninja kill counts toward harakiri only if the victim stays dead (not
    #: resurrected by a protect).
    ninja_count_resurrected: bool = False
    #: P-M.8: a clan kill fails when its executor was beaten that night (he loses his move).
    beaten_executor_fails: bool = True
    #: P-M.8: when the Don was beaten, members' requests count as if he were silent.
    beaten_don_counts_as_silent: bool = True
    #: P-M.8 (silent rule): a Don blown up at step 4 had already sent his letter, and its
    #: executor, alive at step 5, still shoots. False: the clan plays as with a silent Don.
    blasted_don_order_stands: bool = True
    #: P-M.12 Ruling: whoever shoots at a kamikaze the thug beat that night dies with him
    #: (P-M.10), though the beating at step 4 came before the shot. False: the shot finds a
    #: dead man and costs the shooter nothing.
    shot_at_beaten_kamikaze_dies: bool = True
    #: P-M.11 Ruling: a player beaten at step 4 and killed later that night is still named
    #: as beaten in the newspaper. False: the paper names only his death.
    beaten_and_killed_named: bool = True
    #: P-W.1: the win is also checked after the day (steps 1–3); the night is then not played.
    pefl_check_win_after_day: bool = True
    #: SCENARIO `abstained`: list players who went missing at step 1 (they had no vote).
    missing_abstain: bool = True

    # --- reading letters (C-2, C-3) --------------------------------------------------------
    #: C-2: a night letter's reading is accepted only at this confidence (0–1) or above;
    #: below it the player is asked back whether the reading is right (parser/letters/).
    move_confidence: float = 0.8
    #: P-M.8 Ruling: a PEFL clan member's letter that only offers a victim («предлагаю X»,
    #: «голосую за то, чтобы убить X», «я за X») — "ask": the member is asked whether it is
    #: his request (a plain «Убиваем X» is); "request": read as his kill request, which counts
    #: when the Don stays silent. A firm request, or an offer naming himself as the one who
    #: shoots, is read either way.
    member_suggestion: str = "ask"
    #: G-M.5/G-M.6 Ruling: a Gambler mafioso's letter, while the godfather lives, that only
    #: offers him a victim and leaves him the choice («Может, X? Решай, босс», «Предлагаю X»,
    #: «я за X») — "ask": the mafioso is asked whether it is his own kill letter (a plain
    #: «Убиваем X» is); "request": read as his kill letter, kept for a night the godfather
    #: is jailed before. A firm kill letter is read either way.
    mafioso_suggestion: str = "ask"
    #: C-2 (the rules are silent): a letter that only asks about a move («можно проверить X?»,
    #: «X или Y убить?») — "ask": the player is asked back, the reading spelt out for him to
    #: confirm by a move; "none": no move and no question (the host may answer or not).
    move_question: str = "ask"
    #: C-2 Ruling (the rules are silent on verbs outside the game's words): the sender's own
    #: verb that the dictionary knows but the game's vocabulary does not («Тушу X», «Снимаю
    #: X»), governing a player — "ask": no proven move, the player is asked, the move it might
    #: be spelt out; "role": read as his role's only move (the reading before this setting).
    verb_outside_vocabulary: str = "ask"

    # --- dealing (G-S.1, P-S.1) ------------------------------------------------------------
    #: Role-count tables by player count overriding the defaults: {"20": {"civilian": 9, …}}.
    role_tables: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> RulesSettings:
        """Build from a `[rules]` table; unknown keys and wrong types raise SettingsError."""
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        defaults = cls()
        for key, value in data.items():
            if key not in known:
                raise SettingsError(key, "unknown setting")
            default = getattr(defaults, key)
            values[key] = _coerce(key, value, default)
            allowed = CHOICES.get(key)
            if allowed is not None and values[key] not in allowed:
                raise SettingsError(key, f"expected one of {', '.join(allowed)}, got {value!r}")
        return dataclasses.replace(defaults, **values)


def _coerce(key: str, value: Any, default: Any) -> Any:
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise SettingsError(key, f"expected true/false, got {value!r}")
        return value
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            raise SettingsError(key, f"expected a number from 0 to 1, got {value!r}")
        return float(value)
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SettingsError(key, f"expected an integer, got {value!r}")
        return value
    if isinstance(default, str):
        if not isinstance(value, str):
            raise SettingsError(key, f"expected a string, got {value!r}")
        return value
    if isinstance(default, tuple):
        if not isinstance(value, list | tuple):
            raise SettingsError(key, f"expected a list, got {value!r}")
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    if isinstance(default, Mapping):
        if not isinstance(value, Mapping):
            raise SettingsError(key, f"expected a table, got {value!r}")
        return dict(value)
    return value
