"""mafiabot: hosts forum Mafia games on phpBB and IPB boards by itself."""

__version__ = "0.1.0"
