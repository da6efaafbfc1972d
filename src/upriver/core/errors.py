"""Errors a person can cause, each with a one-line message."""


class IllegalAction(ValueError):
    """An action that is not among ``legal_actions()``; the game is left exactly as it was."""


class BadOption(ValueError):
    """An unknown game, option, option value or player count."""


class BadPosition(ValueError):
    """A position or save file that cannot be read."""
