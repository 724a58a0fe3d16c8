"""`campfire serve` on the command line: its flags and its one-sentence failures."""

from __future__ import annotations

import socket

import pytest
import sys

from tui.cli import build_parser, main


def test_serve_accepts_the_documented_flags(tmp_path) -> None:
    args = build_parser().parse_args(
        [
            "serve",
            "--host",
            "0.0.0.0",
            "--port",
            "2200",
            "--host-key",
            "k",
            "--max-sessions",
            "3",
            "--max-per-ip",
            "2",
            "--idle-timeout",
            "60",
            "--data-root",
            str(tmp_path),
            "--allow-keys",
            "keys",
        ]
    )
    assert (args.host, args.port, args.max_sessions, args.max_per_ip, args.idle_timeout) == ("0.0.0.0", 2200, 3, 2, 60)
    assert str(args.host_key) == "k" and str(args.allow_keys) == "keys" and args.data_root == tmp_path


def test_serve_refuses_a_zero_cap(capsys) -> None:
    assert main(["serve", "--max-sessions", "0"]) == 2
    assert "must be at least 1" in capsys.readouterr().err


def test_an_allowed_keys_file_that_is_not_keys_is_one_sentence(tmp_path, capsys) -> None:
    bad = tmp_path / "keys"
    bad.write_text("ssh-ed25519 not-base64\n", encoding="utf-8")
    assert main(["serve", "--allow-keys", str(bad), "--data-root", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "Line 1" in err and "Traceback" not in err


def test_a_port_in_use_is_one_sentence(tmp_path, capsys) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--data-root", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("campfire serve cannot start") and "Traceback" not in err


def test_without_asyncssh_serve_says_which_extra_to_install(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "asyncssh", None)  # as if it were not installed
    for name in [m for m in sys.modules if m == "server" or m.startswith("server.")]:
        monkeypatch.delitem(sys.modules, name)
    assert main(["serve"]) == 1
    assert "pip install 'campfire[server]'" in capsys.readouterr().err


def test_save_dir_does_not_apply_to_serve_and_says_so(capsys) -> None:
    """Players' saves live under --data-root; a --save-dir that did nothing misled operators."""
    assert main(["--save-dir", "/tmp/nowhere", "serve"]) == 2
    assert "--data-root" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--help"])
    assert "--save-dir" not in capsys.readouterr().out
