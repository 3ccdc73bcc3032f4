"""`mafiabot` sub-command (not implemented yet)."""

from __future__ import annotations

import argparse

from mafiabot.cli import UsageError


def main(args: argparse.Namespace) -> int:
    raise UsageError("this command is not implemented yet")
