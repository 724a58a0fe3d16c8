"""The server's ed25519 host key: generated once, kept private (0600)."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

HOST_KEY_NAME = "host_key_ed25519"


def load_or_create_host_key(path: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The key at `path`, creating it first when missing; True when it was just created."""
    if path.exists():
        return asyncssh.read_private_key(str(path)), False
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    # O_EXCL and the mode at creation: the private key is never readable by others, not
    # even for the moment between writing it and a chmod.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(key.export_private_key())
    return key, True
