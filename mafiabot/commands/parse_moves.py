"""`mafiabot parse moves`: how the bot reads night letters, one JSON line per letter.

    mafiabot parse moves --ruleset pefl|gambler --cast CAST.json < letters.jsonl

Each input line is ``{"from": NICK, "text": LETTER}`` (optionally ``"turn"`` to read it on
another turn than the cast's). Each output line echoes ``from`` and gives the reading:

* ``{"kind": "move", "action", "targets", "executor", "side", "story", "confidence",
  "answer"}`` — ``answer`` is how the daemon answers the move at receipt, the engine's
  check of it (`mafiabot.daemon.moves.receipt`, each letter on its own):
  ``{"status": "accepted"|"refused"|"conditional", "reason": code or null}``;
* ``{"kind": "question", "code", "text"}`` — what the bot would ask the player (Russian);
* ``{"kind": "refused", "code", "text"}`` — a sender outside the game or out of it, or (with
  ``action`` and ``targets``: what the words say) a move his role may not make now;
* ``{"kind": "none"}`` — no move in the letter (no reply).

CAST.json describes the game the letters belong to (see `parser.sender.cast_state` and the
README): ``{"ruleset", "turn", "players": {nick: {"role", "clan"?, "don"?}}, "dead"}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from mafiabot.commands.common import UsageError, load_cast, reading_settings

if TYPE_CHECKING:
    pass


def main(args: argparse.Namespace) -> int:
    from engine.actions import Move
    from engine.rules import get_ruleset
    from mafiabot.daemon.moves import receipt
    from parser.moves import read_letter_from
    from parser.nicks import NickResolver
    from parser.sender import at_turn

    state = load_cast(args.cast, args.ruleset)
    settings = reading_settings(args)
    resolvers: dict[int, NickResolver] = {}
    everyone = [p.nick for p in state.players]
    rules = get_ruleset(state.ruleset)

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
        living = turn_state.living_nicks()
        # the one reader the daemon and replay use (parser.moves.read_letter_from)
        read = read_letter_from(
            text,
            sender,
            living=living,
            players=everyone,
            state=turn_state,
            resolver=resolvers.setdefault(turn_state.turn, NickResolver(living)),
            settings=settings,
        )
        out: dict[str, Any] = {"from": sender}
        if read.reading is None:
            refused = read.input
            assert refused is not None and not isinstance(refused, Move)
            out.update(kind="refused", code=refused.reason, text=refused.detail)
        else:
            out.update(read.reading.to_json())
            if isinstance(read.input, Move):
                status, reason, _replaced = receipt(rules, turn_state, read.input)
                out["answer"] = {"status": status, "reason": reason}
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    return 0
