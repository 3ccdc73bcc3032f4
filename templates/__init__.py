"""The Jinja2 templates of everything the bot writes, one folder per language (data, no code).

`ROOT` is where they lie, in a checkout and in an installed package alike."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
