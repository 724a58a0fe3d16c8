"""Errors an engine raises at its callers."""


class IllegalAction(Exception):
    """An action the rules refuse. `reason` is a sentence a player understands.

    Raising it guarantees the state passed in is unchanged (engines never mutate inputs).
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadOptions(ValueError):
    """Options or seat counts a game cannot be set up with."""
