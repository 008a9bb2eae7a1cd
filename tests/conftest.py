"""Shared fixtures: an app on a temporary database, its test client, and card helpers."""

import pytest

from app import create_app
from scorekeeper.rules import Card


@pytest.fixture
def app(tmp_path):
    """An app with its own SQLite file and CSRF off, as API.md's test config describes."""
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "test.sqlite3"),
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
        }
    )


@pytest.fixture
def client(app):
    return app.test_client()


def cards(text: str) -> list[Card]:
    """Cards from a space-separated string: ``cards("7d 5c")``."""
    return [Card.parse(c) for c in text.split()]
