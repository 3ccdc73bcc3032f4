"""Exit codes of the `mafiabot` command, and the errors that carry them.

One table for every command, so a script or systemd can tell what went wrong:

    0    done (for `run`: the game is over, or SIGTERM asked it to stop)
    1    a runtime failure: the board or the database failed, another instance holds the
         game (so a second machine under systemd keeps retrying as a standby), or the board
         refused one of the game's messages for good (`status` names it)
    2    bad input: a config or command line that cannot work, a corrupt database, a lost
         database while the board shows the game already started — retrying cannot help
    3    the board refused the bot's login — retrying would lock the account (CAPTCHA)
    130  interrupted (Ctrl-C)

Commands raise a `HostError` subclass with a one-line message for the host; `cli.main` maps
it (and the few library errors that mean the same) to its code with
`mafiabot.cli.exit_code_for`. This module imports nothing of the project, so every other
module may raise its errors.
"""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0
    FAILURE = 1
    BAD_INPUT = 2
    LOGIN_REFUSED = 3
    INTERRUPTED = 130


class HostError(Exception):
    """An error the host can act on: printed as one line, no traceback."""

    code: ExitCode = ExitCode.FAILURE


class UsageError(HostError):
    """Bad command line, config or input file."""

    code = ExitCode.BAD_INPUT


class LoginRefused(HostError):
    """The board refused the bot account's login: stop, do not retry."""

    code = ExitCode.LOGIN_REFUSED


class BoardShutOut(HostError):
    """The board shuts the bot out (a ban, the board switched off, a CAPTCHA): stop, do not
    retry; the host starts the bot again once a person has fixed it."""

    code = ExitCode.FAILURE


class InstanceLocked(HostError):
    """Another `mafiabot run` already hosts this game."""

    code = ExitCode.FAILURE


class DatabaseUnusable(UsageError):
    """The game database is corrupt, or missing while the game is already under way."""


class BoardUnreachable(HostError):
    """The board could not be read for something that must be known before going on."""


class DatabaseTrouble(HostError):
    """The database cannot be used right now (locked, a full disk, a server that does not
    answer): the bot retries by itself; the host may have to act."""
