"""The `campfire` command: the launcher by default, plus what people script or check.

Only the game registry and the light parts of saves are imported at start-up; a command
imports what it uses (argparse when there are arguments, msgspec, engines.core and the
save store for the commands that play, read or list games): a bare `campfire` (the
launcher) needs none of it before its first frame. Textual is imported when a command
actually opens the app, so `rules`, `saves` and `sim` stay quick over SSH.
User mistakes (unknown game, bad seats or options: exit 2; a bad save file or an unknown
rules topic: exit 1) are one sentence on stderr, never a traceback.

This module is the entry point and the table of sub-commands; the parser and each group
of commands live beside it (parser, play_commands, server_commands, rules_command,
saves_command; what they share: base).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from saves.errors import SaveError
from tui.cli.base import BAD_FILE, USAGE_ERROR, UserError, fail
from tui.cli.parser import build_parser
from tui.cli.play_commands import cmd_launcher, cmd_load, cmd_play, cmd_replay
from tui.cli.rules_command import cmd_rules
from tui.cli.saves_command import cmd_saves
from tui.cli.server_commands import cmd_admin, cmd_serve

if TYPE_CHECKING:
    import argparse


# -- entry point -----------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args: argparse.Namespace | None = None
    if argv:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exit_:  # --help, --version and usage errors
            return exit_.code if isinstance(exit_.code, int) else USAGE_ERROR
    # A bare `campfire` opens the launcher with nothing to read: argparse and the parsers of
    # every sub-command stay out of the launcher's start.
    try:
        if args is None:
            # The app and the save store resolve the same default folder when the launcher
            # first reads saves, after its first frame: the store stays out of its start.
            return cmd_launcher(None, None)
        from saves.store import save_dir

        return COMMANDS[args.command](args, save_dir(getattr(args, "save_dir", None)))
    except UserError as error:
        fail(str(error))
        return error.code
    except SaveError as error:
        fail(str(error))
        return BAD_FILE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `campfire sim ... | head`: the reader has all it wanted
        # Point stdout at devnull so the interpreter's final flush does not complain again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as error:
        # Imported here: the launcher's start has no use for engines.core, and a BadOptions
        # can only have been raised once it is imported.
        from engines.core.errors import BadOptions

        if isinstance(error, BadOptions):
            fail(str(error))
            return USAGE_ERROR
        # A bug: one line and a crash log, never a traceback.
        from tui.crash import CRASH_EXIT, crash_line, write_crash_log

        fail(crash_line(error, write_crash_log(error)))
        return CRASH_EXIT


# -- sim -------------------------------------------------------------------------------------
def cmd_sim(args: argparse.Namespace, folder: Path) -> int:
    from tui.sim_command import run_sim

    return run_sim(args)


COMMANDS = {
    None: cmd_launcher,
    "play": cmd_play,
    "load": cmd_load,
    "replay": cmd_replay,
    "rules": cmd_rules,
    "saves": cmd_saves,
    "sim": cmd_sim,
    "serve": cmd_serve,
    "admin": cmd_admin,
}
