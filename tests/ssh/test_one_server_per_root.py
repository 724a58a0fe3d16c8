"""A second `campfire serve` on a data root in use is refused and leaves the first alone."""

from __future__ import annotations

import asyncio
import socket
import sys

from tests.ssh.terminal import STEP_TIMEOUT


async def serve(*args: str) -> tuple[int, str]:
    """`campfire serve ARGS` in a process of its own: its exit status and what it printed."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "serve", *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), STEP_TIMEOUT)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    return process.returncode, (out + err).decode()


async def _tables_answer(path) -> bool:
    reader, writer = await asyncio.open_unix_connection(str(path))
    writer.close()
    await writer.wait_closed()
    return True


async def test_a_second_server_on_the_same_root_is_one_sentence_and_the_first_keeps_its_tables(
    start_gateway,
) -> None:
    gateway = await start_gateway()
    root = gateway.options.data_root
    with socket.socket() as taken:  # the second one would also fail on its port
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        for port in (taken.getsockname()[1], 0):
            status, said = await serve("--port", str(port), "--data-root", str(root))
            assert status == 1
            assert "already using" in said and "Traceback" not in said, said
    assert gateway.tables.socket_path.exists()
    assert await _tables_answer(gateway.tables.socket_path)


async def test_a_server_restarted_on_its_root_starts(start_gateway) -> None:
    first = await start_gateway()
    root = first.options.data_root
    await first.close()
    second = await start_gateway(data_root=root)
    assert await _tables_answer(second.tables.socket_path)
