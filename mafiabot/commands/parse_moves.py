"""`mafiabot parse moves`: how the bot reads night letters, one JSON line per letter.

    mafiabot parse moves --ruleset pefl|gambler --cast CAST.json < letters.jsonl

Each input line is ``{"from": NICK, "text": LETTER}`` (optionally ``"turn"`` to read it on
another turn than the cast's). Each output line echoes ``from`` and gives the reading:

* ``{"kind": "move", "action", "targets", "executor", "side", "story", "confidence"}``;
* ``{"kind": "question", "code", "text"}`` — what the bot would ask the player (Russian);
* ``{"kind": "refused", "code", "text"}`` — a sender outside the game or out of it;
* ``{"kind": "none"}`` — no move in the letter (no reply).

CAST.json describes the game the letters belong to (see `parser.sender.cast_state` and the
README): ``{"ruleset", "turn", "players": {nick: {"role", "clan"?, "don"?}}, "dead"}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from mafiabot.commands.common import UsageError, load_cast

if TYPE_CHECKING:
    pass


def main(args: argparse.Namespace) -> int:
    from engine.settings import RulesSettings
    from parser.letters.reader import read_letter
    from parser.moves import reject_sender
    from parser.nicks import NickResolver, lookalike_key
    from parser.sender import at_turn, sender_view

    state = load_cast(args.cast, args.ruleset)
    threshold = args.threshold if args.threshold is not None else RulesSettings().move_confidence
    resolvers: dict[int, NickResolver] = {}
    everyone = [p.nick for p in state.players]

    for n, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            letter = json.loads(line)
            sender, text = str(letter["from"]), str(letter["text"])
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise UsageError(f'stdin line {n}: expected {{"from": …, "text": …}}') from exc
        turn_state = state
        if isinstance(letter.get("turn"), int) and letter["turn"] != state.turn:
            turn_state = at_turn(state, letter["turn"])
        out: dict[str, Any] = {"from": sender}
        refused = reject_sender(sender, living=turn_state.living_nicks(), players=everyone)
        if refused is not None:
            out.update(kind="refused", code=refused.reason, text=refused.detail)
        else:
            key = lookalike_key(sender)
            nick = next(p for p in turn_state.living_nicks() if lookalike_key(p) == key)
            view = sender_view(turn_state, nick)
            assert view is not None
            resolver = resolvers.setdefault(turn_state.turn, NickResolver(view.living))
            out.update(read_letter(text, view, resolver=resolver, threshold=threshold).to_json())
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    return 0
