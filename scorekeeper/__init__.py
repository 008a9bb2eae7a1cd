"""Scopa Scorekeeper.

``scorekeeper.rules`` is the pure rules core; ``scorekeeper.web`` is the Flask
shell around it; ``scorekeeper.store`` is the only module that talks to SQLite.
Importing ``scorekeeper`` never imports Flask.
"""
