"""`python -m mafiabot.config --example`: print config.example.toml as the declarations make it."""

from __future__ import annotations

import argparse
import sys

from mafiabot.config.example import example_toml


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m mafiabot.config", description=__doc__)
    ap.add_argument("--example", action="store_true", help="print the commented example config")
    args = ap.parse_args(argv)
    if not args.example:
        ap.print_help()
        return 2
    sys.stdout.write(example_toml())
    return 0


if __name__ == "__main__":
    sys.exit(main())
