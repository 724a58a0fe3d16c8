"""The commands for hosting: `serve` (games over SSH; needs the 'server' extra) and `admin`
(operating a running server through its data root)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tui.cli.base import UserError

if TYPE_CHECKING:
    import argparse


def cmd_serve(args: argparse.Namespace, folder: Path) -> int:
    if getattr(args, "save_dir", None) is not None:  # given before the command
        raise UserError(
            "campfire serve keeps each player's saves under --data-root; --save-dir does not apply to it.", code=2
        )
    try:
        from server.bans import read_allowed_fingerprints
        from server.gateway import ServeOptions
        from server.main import run
    except ModuleNotFoundError as error:
        if error.name != "asyncssh":
            raise
        raise UserError("campfire serve needs asyncssh: pip install 'campfire[server]'.", code=1) from None
    if args.allow_keys is not None:
        try:
            read_allowed_fingerprints(args.allow_keys)
        except (OSError, ValueError) as error:
            raise UserError(f"--allow-keys: {error}", code=1) from None
    data_root = _data_root(args)
    options = ServeOptions(
        data_root=data_root,
        host=args.host,
        port=args.port,
        host_key=args.host_key,
        max_sessions=args.max_sessions,
        max_per_ip=args.max_per_ip,
        idle_timeout=float(args.idle_timeout),
        allow_keys=args.allow_keys,
        template=args.template,
    )
    return run(options)


def _data_root(args: argparse.Namespace) -> Path:
    if args.data_root is not None:
        return Path(args.data_root.expanduser().absolute())
    import platformdirs

    return platformdirs.user_data_path("campfire") / "server"


def cmd_admin(args: argparse.Namespace, folder: Path) -> int:
    from server.admin import Admin, AdminError

    try:
        admin = Admin(_data_root(args))
        command = args.admin_command
        if command in ("ban", "unban"):
            text = getattr(admin, command)(args.key)
        elif command == "close":
            text = admin.close(args.table)
        elif command == "backup":
            text = admin.backup(args.file.expanduser().absolute())
        elif command == "prune":
            text = admin.prune(float(args.days), args.dry_run)
        elif command == "export":
            text = admin.export(args.table, args.file.expanduser())
        else:
            text = getattr(admin, command)()
    except AdminError as error:
        raise UserError(str(error), code=1) from None
    print(text)
    return 0
