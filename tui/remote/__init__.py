"""Remote tables in the app: the lobby, and a match the game screen can drive that lives on
the server (`campfire serve`), reached through `server.client.TableClient`."""
