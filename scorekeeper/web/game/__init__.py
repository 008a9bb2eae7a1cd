"""Keeping a game: the home page, a new game, the scoreboard, every way of entering a hand, undo, rematch.

Its routes live in ``scoreboard.py`` (the scoreboard and the hand entries) and ``start.py`` (home, new game,
rematch, stop keeping); its forms in ``forms.py`` (hands) and ``start_forms.py`` (a new game).
"""

from flask import Blueprint

bp = Blueprint("game", __name__)

from . import clash, poll, scoreboard, start  # noqa: E402, F401  (each adds its routes to bp; poll is middleware)
