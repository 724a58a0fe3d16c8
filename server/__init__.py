"""`campfire serve`: an SSH gateway that starts one Campfire process per player session.

asyncssh terminates SSH; every interactive session with a pty gets its own `campfire`
process in its own pseudo-terminal (see `server.child`), forked from a template process
that has imported the app once (`server.template`, driven by `server.template_client`), or
spawned afresh without it. Nothing the gateway imports brings Textual or Rich: the game runs
in the child, the gateway only moves bytes and enforces limits.
"""
