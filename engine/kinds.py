"""The rules' vocabulary as types: rule-set names, phases, vote kinds, roles, clans, teams,
check results, rescues, death causes.

Everything here is a `Literal`, so a misspelt role or cause is a type error, not a silent
miss at run time. Strings from outside the engine (config, scenario JSON, the database, a
cast file) are narrowed once, where they come in, by the `as_*` functions below: each raises
`ValueError` naming the bad value and the good ones.
"""

from __future__ import annotations

from typing import Final, Literal, TypeVar, get_args

#: The rule sets by name (one source: config, replay and the CLI check against it).
RulesetName = Literal["gambler", "pefl"]
RULESETS: Final[tuple[RulesetName, ...]] = get_args(RulesetName)

#: The deadline a state waits for: PEFL "day" each turn; Gambler "day" for the introduction
#: turn, then "greens" (nominations) and "court" (court, jailing, night); "over" at the end.
Phase = Literal["day", "greens", "court", "over"]
PHASES: Final[tuple[Phase, ...]] = get_args(Phase)

#: What a phase's votes are: PEFL reds (P-V.1), Gambler greens (G-N.1) and court votes (G-N.4).
VoteKind = Literal["red", "green", "court"]

#: The Gambler roles (G-S.1), in the order messages list them.
GamblerRole = Literal[
    "civilian",
    "commissar",
    "sheriff",
    "doctor",
    "maniac",
    "prostitute",
    "mafia",
    "godfather",
    "lawyer",
]
#: The PEFL roles (P-S.1), in the order messages list them. The bastard passes for a
#: civilian (P-S.3) but is a role of his own here.
PeflRole = Literal[
    "civilian",
    "commissar",
    "sergeant",
    "ninja",
    "doctor",
    "necromancer",
    "bastard",
    "mafia",
    "thug",
    "kamikaze",
    "maniac",
]
#: A role of either rule set (a `Player` does not say which one it plays by).
Role = GamblerRole | PeflRole
GAMBLER_ROLES: Final[tuple[GamblerRole, ...]] = get_args(GamblerRole)
PEFL_ROLES: Final[tuple[PeflRole, ...]] = get_args(PeflRole)
ROLES: Final[tuple[Role, ...]] = tuple(dict.fromkeys((*GAMBLER_ROLES, *PEFL_ROLES)))

#: The PEFL clans (P-S.1); a clan's night kill is recorded under the clan's name.
Clan = Literal["yakuza", "triad"]
CLANS: Final[tuple[Clan, ...]] = get_args(Clan)

#: The side a player starts on (`Player.team`): the town, the Gambler mafia, a PEFL clan
#: (each its own side), the maniac, or "solo" for the Gambler prostitute until a side
#: recruits her (G-M.8).
Team = Literal["town", "mafia", "yakuza", "triad", "maniac", "solo"]
TEAMS: Final[tuple[Team, ...]] = get_args(Team)

#: The side the Gambler prostitute is recruited to (`Player.side`, G-M.8).
Side = Literal["town", "mafia"]

#: What a checker is told of his target (`CheckResult.result`): a role, or for a PEFL
#: mafioso his clan (P-M.1).
CheckSeen = Role | Clan

#: How an attacked player lived (`Saved.how`): the doctor's heal, the necromancer's protect
#: (P-M.6), the maniac's vest (P-M.13) or his ambush (P-M.14).
Rescue = Literal["heal", "protect", "vest", "ambush"]

#: How a player died: the death causes of the host's report. A clan kill is named after the
#: clan (PEFL) or "mafia" (Gambler); "override" is a death the host ordered (C-6).
Cause = Literal[
    "mafia",
    "yakuza",
    "triad",
    "sheriff",
    "maniac",
    "ninja",
    "kamikaze",
    "testament",
    "army",
    "harakiri",
    "ambush",
    "thug_accident",
    "override",
]
DEATH_CAUSES: Final[tuple[Cause, ...]] = get_args(Cause)

#: How a player left the game without dying at night or by the host's hand.
DayExit = Literal["jailed", "hanged", "missing"]
#: `Player.out_by`: a death cause or a day exit.
Exit = Cause | DayExit
EXITS: Final[tuple[Exit, ...]] = (*DEATH_CAUSES, *get_args(DayExit))

_T = TypeVar("_T", bound=str)


def _narrow(value: object, allowed: tuple[_T, ...], what: str) -> _T:
    for known in allowed:
        if value == known:
            return known
    raise ValueError(f"unknown {what} {value!r} (one of: {', '.join(allowed)})")


def as_ruleset(value: object) -> RulesetName:
    """`value` as a rule-set name; ValueError for anything else."""
    return _narrow(value, RULESETS, "rule set")


def as_phase(value: object) -> Phase:
    """`value` as a phase; ValueError for anything else."""
    return _narrow(value, PHASES, "phase")


def as_role(value: object, allowed: tuple[Role, ...] = ROLES) -> Role:
    """`value` as a role (of `allowed`, by default of either rule set); ValueError else."""
    return _narrow(value, allowed, "role")


def as_clan(value: object) -> Clan:
    """`value` as a PEFL clan; ValueError for anything else."""
    return _narrow(value, CLANS, "clan")


def as_team(value: object) -> Team:
    """`value` as a side a player starts on; ValueError for anything else."""
    return _narrow(value, TEAMS, "team")


def as_cause(value: object) -> Cause:
    """`value` as a death cause; ValueError for anything else."""
    return _narrow(value, DEATH_CAUSES, "death cause")


def as_exit(value: object) -> Exit:
    """`value` as a way out of the game (a death cause or jailed | hanged | missing)."""
    return _narrow(value, EXITS, "way out of the game")
