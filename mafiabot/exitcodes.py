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
it (and the few library errors that mean the same) to its code with `exit_code_for`.
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


def as_host_error(exc: BaseException) -> HostError | None:
    """`exc` as the one line a host can act on, when it is a fault he can meet (the
    database, the disk, the database server), else None (a bug: its traceback helps)."""
    if isinstance(exc, HostError):
        return exc
    from mafiabot.dbfile import database_error

    return database_error(exc)


def exit_code_for(exc: BaseException) -> ExitCode | None:
    """The exit code an error means, or None for an unexpected error (a bug: traceback)."""
    # imported here so that `mafiabot --version` and the parse commands stay light
    from mafiabot.config import ConfigError
    from scraper.errors import LoginFailed

    if isinstance(exc, HostError):
        return exc.code
    known = as_host_error(exc)
    if known is not None:
        return known.code
    if isinstance(exc, ConfigError):
        return ExitCode.BAD_INPUT
    if isinstance(exc, LoginFailed):
        return ExitCode.LOGIN_REFUSED
    if isinstance(exc, KeyboardInterrupt):
        return ExitCode.INTERRUPTED
    return None
