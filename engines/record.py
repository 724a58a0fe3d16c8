"""Frozen plain records for the few values the launcher builds before its first frame: the
game list, the glyph sets and the player's settings.

They are not msgspec Structs only because defining one means importing msgspec, about 13M
instructions (1.4%) of the launcher's first paint, and a dataclass or NamedTuple runs
generated code as its class is created. Engine states, actions, options and saves stay
msgspec Structs (typed decoding, fast encoding): a Record is never encoded or decoded.
"""

from __future__ import annotations

from typing import Any, TypeVar

_R = TypeVar("_R", bound="Record")


class Record:
    """Fields are the subclass's `__slots__`, set once by its `__init__` through
    `_set_fields`. Equal when the type and every field are equal; frozen like a frozen
    Struct (`replace` makes a changed copy)."""

    __slots__: tuple[str, ...] = ()

    def _set_fields(self, **values: Any) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: use replace() to change '{name}'")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: '{name}' cannot be deleted")

    def replace(self: _R, **changes: Any) -> _R:
        values = {name: getattr(self, name) for name in self.__slots__}
        unknown = changes.keys() - values.keys()
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        return type(self)(**{**values, **changes})
