"""`python -m server.export DATA_ROOT [TABLE FILE]`: list the tables a `campfire serve` data
root holds, or write one as an ordinary save file that `campfire load FILE` replays.

Safe while the server runs: SQLite in WAL mode lets this reader see the last commit.
"""

from __future__ import annotations

import sys
from pathlib import Path

from saves.errors import SaveError
from server.store import STORE_NAME, TableStore


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 3):
        print("usage: python -m server.export DATA_ROOT [TABLE FILE]", file=sys.stderr)
        return 2
    path = Path(argv[0]) / STORE_NAME
    if not path.is_file():
        print(f"There are no tables in {argv[0]}.", file=sys.stderr)
        return 1
    store = TableStore(path)
    try:
        if len(argv) == 1:
            for table in store.all():
                seats = ", ".join(s.name for s in table.seats)
                print(f"{table.id}  {table.game:<13} {table.version:>4} actions  {seats}")
            return 0
        try:
            written = store.export(argv[1], Path(argv[2]))
        except KeyError:
            print(f"There is no table {argv[1]}.", file=sys.stderr)
            return 1
        except SaveError as error:
            print(str(error), file=sys.stderr)
            return 1
        print(f"Saved to {written}")
        return 0
    finally:
        store.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
