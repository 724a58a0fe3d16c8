"""`campfire serve`: an SSH gateway that starts one Campfire process per player session.

asyncssh terminates SSH; every interactive session with a pty gets its own `campfire`
process in its own pseudo-terminal (see `server.child`). Nothing here imports Textual or
Rich: the game runs in the child, the gateway only moves bytes and enforces limits.
"""
