import sys

from mafiabot.cli import main

sys.exit(main())
