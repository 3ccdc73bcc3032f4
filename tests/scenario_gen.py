"""Random legal games as SCENARIO.md JSON, for the property tests.

Everything is drawn from a `random.Random` the caller seeds (hypothesis supplies the seed),
so a failing example is reproducible from its seed alone. Two kinds of game:

- `random_game`: a cast of either rule set and a few turns of noise — every cast member
  (living or dead, the generator does not know) may post a red vote with a reason, a green,
  a quote-agreement or chat, and may send moves fitting his role or not, structured or as PM
  text. It exercises validation: the engine must refuse what the dead or the wrong role send.
- `bloodbath_turn`: one turn of a game where every *living* player votes and every killer
  kills (the caller passes who is alive after the previous turn), for "every game ends".

Nothing here knows the rules' outcomes; only the shapes of the input.
"""

from __future__ import annotations

import random
from typing import Any

NICKS = (
    "Анна",
    "Борис",
    "Вася",
    "Гена",
    "Дима",
    "Егор",
    "Жора",
    "Зина",
    "Коля",
    "Лена",
    "Миша",
    "Нина",
    "Олег",
    "Петя",
    "Рита",
    "Саша",
    "Таня",
    "Уля",
    "Фима",
    "Юра",
)
REASONS = (
    "слишком тихо себя ведёт весь день",
    "путается в показаниях и уходит от ответов",
    "голосует странно и явно прикрывает своих",
)
RED = ('<span style="color: red">{}</span>', '<span style="color:#FF0000">{}</span>')
GREEN = ('<span style="color:green">{}</span>', '<span style="color:#008000">{}</span>')
PEFL_OPTIONAL = (
    "commissar",
    "sergeant",
    "ninja",
    "doctor",
    "necromancer",
    "maniac",
    "kamikaze",
    "thug",
    "bastard:yakuza",
    "bastard:triad",
    "mafia:yakuza",
    "mafia:triad",
)
GAMBLER_OPTIONAL = ("commissar", "sheriff", "doctor", "maniac", "prostitute", "lawyer", "mafia")
# what each role may send at night (RULES.md action ids)
ROLE_ACTIONS = {
    "commissar": ("check",),
    "sergeant": ("check",),
    "lawyer": ("check",),
    "ninja": ("kill",),
    "doctor": ("heal",),
    "necromancer": ("protect", "army"),
    "maniac": ("kill", "ambush"),
    "sheriff": ("kill",),
    "godfather": ("kill",),
    "mafia": ("kill",),
    "kamikaze": ("blast", "kill"),
    "thug": ("beat", "kill"),
    "prostitute": ("block", "choose_side"),
    "bastard": (),
    "civilian": (),
}
TEXT_VERBS = {"kill": "убиваю", "check": "проверяю", "heal": "лечу", "beat": "избить"}


def pefl_cast(rng: random.Random, most: int = 12) -> list[dict[str, Any]]:
    n = rng.randint(5, most)
    nicks = rng.sample(NICKS, n)
    specs = ["mafia:yakuza", "mafia:triad"]
    pool = list(PEFL_OPTIONAL)
    rng.shuffle(pool)
    specs += pool[: n - 2 - rng.randint(0, 2)]
    specs += ["civilian"] * (n - len(specs))
    rng.shuffle(specs)
    players = []
    dons: set[str] = set()
    for nick, spec in zip(nicks, specs, strict=True):
        role, _, clan = spec.partition(":")
        if role == "kamikaze":
            clan = "yakuza"
        elif role == "thug":
            clan = "triad"
        p: dict[str, Any] = {"nick": nick, "role": role}
        if clan:
            p["clan"] = clan
        if role == "mafia" and clan not in dons and rng.random() < 0.5:
            p["don"] = True
            dons.add(clan)
        players.append(p)
    return players


def gambler_cast(rng: random.Random, most: int = 12) -> list[dict[str, Any]]:
    n = rng.randint(5, most)
    nicks = rng.sample(NICKS, n)
    specs = ["godfather", "mafia"]
    pool = list(GAMBLER_OPTIONAL)
    rng.shuffle(pool)
    specs += pool[: n - 2 - rng.randint(1, 3)]
    specs += ["civilian"] * (n - len(specs))
    rng.shuffle(specs)
    return [{"nick": x, "role": r} for x, r in zip(nicks, specs, strict=True)]


def red_vote(rng: random.Random, author: str, target: str) -> dict[str, Any]:
    html = f"{rng.choice(RED).format(target)} — {rng.choice(REASONS)}"
    return {"author": author, "html": html}


def green_post(rng: random.Random, author: str, target: str) -> dict[str, Any]:
    return {"author": author, "html": f"Мой выбор: {rng.choice(GREEN).format(target)}"}


def chat(author: str) -> dict[str, Any]:
    return {"author": author, "html": "Я тут, читаю тему и думаю."}


def agreement(author: str, quoted: dict[str, Any], target: str) -> dict[str, Any]:
    pid = quoted["id"]
    href = f"./viewtopic.php?p={pid}#p{pid}"
    html = (
        f'<blockquote cite="{href}"><div><cite><a href="./memberlist.php?mode=viewprofile&amp;'
        f'u=60">{quoted["author"]}</a> писал(а): <a href="{href}" data-post-id="{pid}">↑</a>'
        f"</cite>\n{quoted['html']}\n</div></blockquote>\n"
        f'Согласен: <span style="color:red">{target}</span>'
    )
    return {"author": author, "html": html}


def role_move(
    rng: random.Random, player: dict[str, Any], cast: list[dict[str, Any]], targets: list[str]
) -> dict[str, Any] | None:
    actions = ROLE_ACTIONS[player["role"]]
    if not actions or not targets:
        return None
    action = rng.choice(actions)
    nick = player["nick"]
    if action == "ambush":
        return {"from": nick, "action": "ambush", "targets": []}
    if action == "choose_side":
        return {"from": nick, "action": "choose_side", "side": rng.choice(["town", "mafia"])}
    if action == "army":
        if len(targets) < 2:
            return None
        return {"from": nick, "action": "army", "targets": rng.sample(targets, 2)}
    target = rng.choice(targets)
    if action in TEXT_VERBS and rng.random() < 0.2:
        return {"from": nick, "text": f"{TEXT_VERBS[action]} {target}"}
    move: dict[str, Any] = {"from": nick, "action": action, "targets": [target]}
    if action == "kill" and player.get("clan"):
        clan = [p["nick"] for p in cast if p.get("clan") == player["clan"]]
        move["executor"] = rng.choice(clan)
    return move


def _post_ids(posts: list[dict[str, Any]], start: int) -> int:
    for p in posts:
        p["id"] = start
        start += 1
    return start


def random_game(
    rng: random.Random, ruleset: str, most_players: int = 12, most_turns: int = 5
) -> dict[str, Any]:
    cast = pefl_cast(rng, most_players) if ruleset == "pefl" else gambler_cast(rng, most_players)
    nicks = [p["nick"] for p in cast]
    first = 0 if ruleset == "pefl" else 1
    last = first + rng.randint(1, most_turns)
    turns = []
    next_id = 1
    for n in range(first, last + 1):
        posts: list[dict[str, Any]] = []
        for x in nicks:
            r = rng.random()
            if r < 0.55:
                posts.append(red_vote(rng, x, rng.choice(nicks)))
            elif r < 0.7 and posts:
                q = rng.choice(posts)
                posts.append(agreement(x, q, rng.choice(nicks)))
            elif r < 0.8:
                posts.append(green_post(rng, x, rng.choice(nicks)))
            elif r < 0.97:
                posts.append(chat(x))
            if posts and "id" not in posts[-1]:
                posts[-1]["id"] = next_id
                next_id += 1
        turn: dict[str, Any] = {"turn": n, "posts": posts}
        if ruleset == "gambler":
            court = [{"author": x, "html": rng.choice(nicks)} for x in nicks if rng.random() < 0.8]
            next_id = _post_ids(court, next_id)
            turn["court_posts"] = court
        turn["moves"] = _random_moves(rng, ruleset, cast, nicks, n)
        turn["overrides"] = []
        turns.append(turn)
    game: dict[str, Any] = {"ruleset": ruleset, "seed": rng.randint(0, 10**6)}
    if rng.random() < 0.3:  # any [rules] setting may come in `options` (SCENARIO.md)
        game["options"] = {"min_reason_words": rng.randint(0, 5)}
    game["players"] = cast
    game["turns"] = turns
    return game


def _random_moves(
    rng: random.Random, ruleset: str, cast: list[dict[str, Any]], nicks: list[str], n: int
) -> list[dict[str, Any]]:
    """One turn's night moves, some of them moves the role may not make. Apart from
    `random_game` so the posts and the moves of a turn read as two steps; the draws from
    `rng` stay in the same order, so a seed still gives the same game."""
    moves = []
    for p in cast:
        if rng.random() < 0.6:
            m = role_move(rng, p, cast, [x for x in nicks if rng.random() < 0.9])
            if m:
                moves.append(m)
        elif rng.random() < 0.1:  # a move the role may not make
            moves.append({"from": p["nick"], "action": "kill", "targets": [rng.choice(nicks)]})
    if ruleset == "pefl" and n == 0:
        for p in cast:
            if p["role"] == "mafia" and rng.random() < 0.3:
                clan = [q["nick"] for q in cast if q.get("clan") == p["clan"]]
                moves.append({"from": p["nick"], "action": "don", "targets": [rng.choice(clan)]})
    return moves


def bloodbath_turn(
    rng: random.Random,
    ruleset: str,
    cast: list[dict[str, Any]],
    alive: list[str],
    n: int,
    first_post_id: int,
) -> dict[str, Any]:
    """One turn in which every living player votes a living player (Gambler: all green and
    court-vote one living player) and every living killer shoots a living player."""
    others = {x: [y for y in alive if y != x] or [x] for x in alive}
    posts: list[dict[str, Any]]
    turn: dict[str, Any] = {"turn": n}
    if ruleset == "pefl":
        posts = [red_vote(rng, x, rng.choice(others[x])) for x in alive]
        _post_ids(posts, first_post_id)
        turn["posts"] = posts
    else:
        victim = rng.choice(alive)
        posts = [green_post(rng, x, victim) for x in alive]
        court = [{"author": x, "html": victim} for x in alive]
        _post_ids(posts + court, first_post_id)
        turn["posts"] = posts
        turn["court_posts"] = court
    moves = []
    by_nick = {p["nick"]: p for p in cast}
    for x in alive:
        role = by_nick[x]["role"]
        if role in ("maniac", "ninja", "sheriff", "godfather", "mafia") or (
            role in ("thug", "kamikaze") and rng.random() < 0.3
        ):
            move: dict[str, Any] = {"from": x, "action": "kill", "targets": [rng.choice(others[x])]}
            if by_nick[x].get("clan"):
                move["executor"] = x
            moves.append(move)
        elif role in ("commissar", "lawyer", "doctor") and rng.random() < 0.5:
            action = {"commissar": "check", "lawyer": "check", "doctor": "heal"}[role]
            moves.append({"from": x, "action": action, "targets": [rng.choice(others[x])]})
    turn["moves"] = moves
    turn["overrides"] = []
    return turn
