"""`mafiabot replay SCENARIO.json`: play a scenario, print the result JSON (SCENARIO.md)."""

from __future__ import annotations

import argparse
import json
import sys


def main(args: argparse.Namespace) -> int:
    from mafiabot.replay import run_file

    result = run_file(args.scenario)
    json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0
