import sys

from mafiabot.cli import start

sys.exit(start())
