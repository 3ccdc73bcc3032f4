"""Authoring kit for the rule scenarios in this folder.

Run `python tests/scenarios/scenario_kit.py` from the project root to (re)write every
`<name>.json` scenario, its `<name>.expected.json` and `INDEX.md`. The JSON files are the
artifacts the tests read; this module only saves typing: it renders posts the way phpBB 3.3
(prosilver) renders post bodies, fills the output fields a turn leaves empty, and keeps the
`alive` bookkeeping (cast minus the hanged/jailed, the missing and the dead of each turn).

Every expected result is written here by hand from RULES.md (and the Russian originals in
../shared/seeds) — never taken from the engine. Where a rule leaves a field open (a coin toss,
which of two strikers names a death), the expected value is `{"$one_of": [...]}`; where a field
is not fixed by any rule at all it is left out of the expected turn and not compared. See
INDEX.md for the matching convention.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

ALL = "__all_alive__"  # expected["abstained"] = ALL → every player alive at the start of the day


def one_of(*values: Any) -> dict[str, list[Any]]:
    return {"$one_of": list(values)}


# ---------------------------------------------------------------- post bodies (phpBB 3.3)

_RED = (
    '<span style="color: red">{}</span>',
    '<span style="color:red">{}</span>',
    '<span style="color:#FF0000">{}</span>',
    '<strong class="text-strong"><span style="color:red">{}</span></strong>',
)
_GREEN = (
    '<span style="color:green">{}</span>',
    '<span style="color:#008000">{}</span>',
    '<span style="color:Green">{}</span>',
    '<span style="color:#00ff00">{}</span>',
)
REASONS = (
    "слишком тихо себя ведёт и уходит от ответов",
    "путается в показаниях весь день",
    "голосует странно, явно прикрывает своих",
    "мне не нравится его логика, очень подозрительно",
)
CHAT = (
    "Я тут, читаю тему и думаю.",
    "Доброе утро, город! Пока присматриваюсь.",
    "Всем привет, мнения пока нет.",
    "Читаю внимательно, скоро выскажусь.",
)


def red(nick: str, variant: int = 0) -> str:
    return _RED[variant % len(_RED)].format(nick)


def green(nick: str, variant: int = 0) -> str:
    return _GREEN[variant % len(_GREEN)].format(nick)


def quote(author: str, post_id: int, inner_html: str, user_id: int = 60) -> str:
    """A `[quote=… post_id=…]` as prosilver renders it (see fixtures/phpbb/topic_p2.html)."""
    href = f"./viewtopic.php?p={post_id}#p{post_id}"
    return (
        f'<blockquote cite="{href}"><div><cite><a href="./memberlist.php?mode=viewprofile&amp;'
        f'u={user_id}">{author}</a> писал(а): <a href="{href}" data-post-id="{post_id}" '
        'onclick="if(document.getElementById(hash.substr(1)))href=hash">↑</a>'
        f'<span class="responsive-hide">28 ноя 2026, 12:50</span></cite>\n{inner_html}\n'
        "</div></blockquote>\n"
    )


def mv(frm: str, action: str, *targets: str, **extra: Any) -> dict[str, Any]:
    move: dict[str, Any] = {"from": frm, "action": action, "targets": list(targets)}
    move.update(extra)
    return move


def txt(frm: str, text: str) -> dict[str, Any]:
    return {"from": frm, "text": text}


# ---------------------------------------------------------------- scenario builder

EMPTY_TURN: dict[str, Any] = {
    "nominees": [],
    "removed_by_vote": None,
    "greens": {},
    "votes": {},
    "rejected": [],
    "abstained": [],
    "missing": [],
    "deaths": [],
    "saved": [],
    "beaten": [],
    "checks": [],
    "recruited": None,
    "winner": None,
}


class Scenario:
    def __init__(
        self,
        name: str,
        ruleset: str,
        players: list[dict[str, Any]],
        rules: list[str],
        what: str,
        how: str,
        seed: int = 7,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.name = name
        self.ruleset = ruleset
        self.players = players
        self.rules = rules
        self.what = what
        self.how = how
        self.seed = seed
        self.options = options
        self.roles = {p["nick"]: p["role"] for p in players}
        self.alive = [p["nick"] for p in players]
        self.turns_in: list[dict[str, Any]] = []
        self.turns_out: list[dict[str, Any]] = []
        self.next_post_id = 1001
        self.ended = False
        REGISTRY.append(self)

    # -- posts
    def post(self, author: str, html: str, pid: int | None = None) -> dict[str, Any]:
        if pid is None:
            pid = self.next_post_id
        self.next_post_id = max(self.next_post_id, pid + 1)  # post ids stay unique
        return {"id": pid, "author": author, "html": html}

    def vote_post(self, voter: str, target: str, i: int = 0) -> dict[str, Any]:
        return self.post(voter, f"{red(target, i)} — {REASONS[i % len(REASONS)]}")

    def chat_post(self, author: str, i: int = 0) -> dict[str, Any]:
        return self.post(author, CHAT[i % len(CHAT)])

    def death(self, nick: str, cause: Any) -> dict[str, Any]:
        return {"nick": nick, "role": self.roles[nick], "cause": cause}

    # -- turns
    def turn(
        self,
        n: int,
        *,
        votes: Sequence[tuple[str, str]] = (),
        greens: Sequence[tuple[str, str]] | dict[str, int] = (),
        court: Sequence[tuple[str, str]] = (),
        silent: Sequence[str] = (),
        posts: Sequence[dict[str, Any]] = (),
        court_posts: Sequence[dict[str, Any]] = (),
        moves: Sequence[dict[str, Any]] = (),
        overrides: Sequence[dict[str, Any]] = (),
        chat: bool = True,
        tally: dict[str, int] | None = None,
        refused: Sequence[tuple[str, str, str | None]] = (),
        **expect: Any,
    ) -> None:
        """One turn. `votes`/`greens`/`court` are accepted votes rendered as posts (the
        expected tallies are then their counts unless given); every other living player not
        in `silent` posts a chat line (so nobody goes missing by accident, P-A.1)."""
        if self.ruleset == "pefl" and n == 1 and not self.turns_in:
            self.turn(0)  # a PEFL game starts with its zero turn (P-S.2)
        if isinstance(greens, dict):  # an expected tally, not input greens
            expect["greens"] = greens
            greens = []
        start_alive = list(self.alive)
        all_posts = self._day_posts(
            votes, greens, posts, start_alive, silent if chat and n > 0 else None
        )
        t_in: dict[str, Any] = {"turn": n, "posts": all_posts}
        if self.ruleset == "gambler":
            cps = [self.post(v, t) for v, t in court] + list(court_posts)
            t_in["court_posts"] = cps
        t_in["moves"] = list(moves)
        t_in["overrides"] = list(overrides)
        self.turns_in.append(t_in)

        if tally is not None:
            expect["votes"] = tally
        if refused:
            # `rejected_moves` is replay's agreed extension (move refusals with a reason code)
            expect["rejected_moves"] = [
                {"from": f, "action": a, **({"reason": r} if r else {})} for f, a, r in refused
            ]
        out: dict[str, Any] = {"turn": n}
        out.update(json.loads(json.dumps(EMPTY_TURN)))
        self._expected_counts(out, n, votes, greens, court, start_alive, expect)
        for key, value in expect.items():
            if key == "abstained" and value == ALL:
                value = list(start_alive)
            out[key] = value
        for key in [k for k, v in out.items() if v is OMIT]:
            del out[key]
        if "alive" not in out:
            gone: set[str] = set()
            rv = out.get("removed_by_vote")
            if isinstance(rv, str):
                gone.add(rv)
            gone.update(out.get("missing", []))
            gone.update(d["nick"] for d in out.get("deaths", []))
            out["alive"] = [x for x in start_alive if x not in gone]
        if isinstance(out["alive"], list):
            self.alive = list(out["alive"])
        self.turns_out.append(out)

    def _day_posts(
        self,
        votes: Sequence[tuple[str, str]],
        greens: Sequence[tuple[str, str]],
        posts: Sequence[dict[str, Any]],
        start_alive: list[str],
        chat_unless: Sequence[str] | None,
    ) -> list[dict[str, Any]]:
        """The day's topic: vote posts, green posts, the given posts, then a chat line from
        each living player who has not posted and is not in `chat_unless` (no chat at all
        when it is None). Post ids are taken in this order, as scenario files expect."""
        all_posts: list[dict[str, Any]] = []
        for i, (v, t) in enumerate(votes):
            all_posts.append(self.vote_post(v, t, i))
        for i, (v, t) in enumerate(greens):
            all_posts.append(self.post(v, f"{CHAT[i % len(CHAT)]} Мой выбор: {green(t, i)}"))
        all_posts.extend(posts)
        if chat_unless is not None:
            posted = {p["author"] for p in all_posts}
            for i, nick in enumerate(start_alive):
                if nick not in posted and nick not in chat_unless:
                    all_posts.append(self.chat_post(nick, i))
        return all_posts

    def _expected_counts(
        self,
        out: dict[str, Any],
        n: int,
        votes: Sequence[tuple[str, str]],
        greens: Sequence[tuple[str, str]],
        court: Sequence[tuple[str, str]],
        start_alive: list[str],
        expect: dict[str, Any],
    ) -> None:
        """The expected tallies and abstentions derived from the accepted votes, wherever
        the scenario does not state them itself."""
        if votes and "votes" not in expect:
            out["votes"] = dict(Counter(t for _, t in votes))
        if court and "votes" not in expect:
            out["votes"] = dict(Counter(t for _, t in court))
        if self.ruleset == "gambler" and n >= 2 and "greens" not in expect:
            g = Counter(t for _, t in greens)
            greeners = {v for v, _ in greens}
            for nick in start_alive:
                if nick not in greeners:
                    g[nick] += 1  # G-N.2: no green counts as greening himself
            out["greens"] = dict(g)
        if "abstained" not in expect:
            if self.ruleset == "pefl" and n >= 1:
                voters = {v for v, _ in votes}
                out["abstained"] = [x for x in start_alive if x not in voters]
            elif self.ruleset == "gambler" and n >= 2:
                # Only PEFL defines an abstention (P-V.5); for Gambler the field is compared
                # only on days when every living player cast a court vote.
                cvoters = {v for v, _ in court}
                if court and all(x in cvoters for x in start_alive):
                    out["abstained"] = []
                else:
                    out["abstained"] = OMIT

    # -- files
    def scenario_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"ruleset": self.ruleset, "seed": self.seed}
        if self.options:
            doc["options"] = self.options
        doc["players"] = self.players
        doc["turns"] = self.turns_in
        return doc

    def expected_json(self) -> dict[str, Any]:
        last = self.turns_out[-1]
        winner = None
        for t in self.turns_out:
            if t.get("winner") is not None:
                winner = t["winner"]
        return {"turns": self.turns_out, "winner": winner, "alive": last["alive"]}


class _Omit:
    def __repr__(self) -> str:
        return "OMIT"


OMIT: Any = _Omit()  # leave a field out of the expected turn: no rule fixes it

REGISTRY: list[Scenario] = []


def render_all() -> dict[str, str]:
    """Every file this folder should hold (name → text), from scenario_defs."""
    import scenario_defs  # noqa: F401  (defines the scenarios into REGISTRY)

    names = [s.name for s in REGISTRY]
    dupes = [n for n, c in Counter(names).items() if c > 1]
    if dupes:
        raise ValueError(f"duplicate scenario names: {dupes}")
    files: dict[str, str] = {}
    rows = []
    for s in REGISTRY:
        files[f"{s.name}.json"] = json.dumps(s.scenario_json(), ensure_ascii=False, indent=1) + "\n"
        files[f"{s.name}.expected.json"] = (
            json.dumps(s.expected_json(), ensure_ascii=False, indent=1) + "\n"
        )
        rows.append(f"| `{s.name}.json` | {', '.join(s.rules)} | {s.what} | {s.how} |")
    index = (HERE / "INDEX.head.md").read_text(encoding="utf-8")
    index += "\n| file | rule ids | what it shows | how the expectation was derived |\n"
    index += "|---|---|---|---|\n" + "\n".join(rows) + "\n"
    files["INDEX.md"] = index
    return files


def write_all() -> None:
    files = render_all()
    for old in HERE.glob("*.json"):
        old.unlink()
    for name, text in files.items():
        (HERE / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(REGISTRY)} scenarios")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    import scenario_kit  # the defs register into this module's REGISTRY, not __main__'s

    scenario_kit.write_all()
