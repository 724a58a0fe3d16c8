"""Bioviva with three remote humans and a spectator: every seat's secrets (answers, the
guide's animal, peeks, pawn kinds) are planted by play, and every byte the host sends to
every other client is searched for them at the version it describes. A view travels as
msgpack, where a pawn's kind is no text the engine could name, so each view is also
searched in the JSON form the engine's secrets describe it in."""

from __future__ import annotations

import random
import typing

import msgspec

from server.host import HostLimits
from server.protocol import Join, SeatRequest, Update, Watch, decode_reply
from server.tables import Table
from tests.remote.helpers import create, play_one, play_text, settled

SCRIPTED = HostLimits(requests_per_second=10_000, request_burst=10_000)
KEYS = ["SHA256:ana", "SHA256:bo", "SHA256:cy", "SHA256:dee"]


async def test_no_seat_secret_reaches_another_client_before_its_reveal(start_host, connect, monkeypatch):
    secrets_at: dict[tuple[str, int], dict[int, list[str]]] = {}
    broadcast = Table.broadcast

    def recording_broadcast(self: Table) -> None:
        secrets_at[self.id, self.version] = self.match.engine.secrets(self.match.state)
        broadcast(self)

    monkeypatch.setattr(Table, "broadcast", recording_broadcast)
    host = await start_host(limits=SCRIPTED)
    ana, bo, cy, dee = [await connect(host, key, key[7:].title(), record=True) for key in KEYS]
    made = await create(
        ana,
        "bioviva",
        [SeatRequest("me"), SeatRequest("open"), SeatRequest("open")],
        options={"young": [2], "target": 6, "turn_limit": 24},
    )
    table = host.tables[made.table]
    secrets_at[made.table, 0] = table.match.engine.secrets(table.match.state)
    bo.send(Join(table=made.table))
    cy.send(Join(table=made.table))
    dee.send(Watch(table=made.table))
    players = [ana, bo, cy]
    everyone = [*players, dee]
    rng = random.Random(11)
    kinds_planted: set[str] = set()
    for _ in range(3000):
        await settled(host, made.table, everyone)
        for owned in table.match.engine.secrets(table.match.state).values():
            kinds_planted.update(_kind(s) for s in owned)
        if table.match.is_over():
            break
        movers = [c for c in players if c.updates[made.table].legal]
        mover = rng.choice(movers)
        peeks = [a for a in mover.updates[made.table].legal if a.text.startswith("peek")]
        if peeks:  # the young player looks whenever allowed, so peeks are planted too
            await play_text(mover, made.table, peeks[0].text)
        else:
            await play_one(mover, made.table, rng)
    assert table.match.is_over()
    # The game planted every kind of secret the engine knows of.
    assert {"answer", "animal", "peek", "pawn"} <= kinds_planted

    view_type = typing.get_type_hints(type(table.match.engine).view)["return"]
    checked: dict[str, int] = {}
    owner_saw: set[str] = set()
    for seat, client in [(0, ana), (1, bo), (2, cy), (None, dee)]:
        for body in client.transcript:
            reply = decode_reply(body)
            if not isinstance(reply, Update):
                continue
            view_json = msgspec.json.encode(msgspec.msgpack.decode(reply.view, type=view_type))
            secrets = secrets_at[made.table, reply.version]
            for owner, owned in secrets.items():
                for secret in owned:
                    found = secret.encode() in body or secret.encode() in view_json
                    if owner == seat:
                        owner_saw.update({_kind(secret)} if found else ())
                        continue
                    checked[_kind(secret)] = checked.get(_kind(secret), 0) + 1
                    assert not found, (
                        f"seat {seat} received seat {owner}'s secret {secret!r} at version {reply.version}"
                    )
    assert all(checked.get(kind, 0) > 0 for kind in ("answer", "animal", "peek", "pawn")), checked
    # Every kind of secret did reach its owner: the search looks where secrets really travel.
    assert owner_saw >= {"answer", "animal", "peek", "pawn"}, owner_saw


def _kind(secret: str) -> str:
    if "pawn" in secret or '"kind":' in secret:
        return "pawn"
    if "secret answer" in secret or "you answer" in secret:
        return "answer"
    if "looked at" in secret:
        return "peek"
    return "animal"
