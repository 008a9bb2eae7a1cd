"""Shared fixtures and factories: the app on a fresh database, its clients, and the things a table makes.

Factories are plain functions (importable: ``from tests.conftest import new_game``) so a test can make as many
games, groups or events as it needs, each with the key that guards it; the fixtures below are the usual one of
each. Games come three ways, as they do at a real table:

- ``new_game(client, ...)``: through the JSON API; the answer carries the keeper key (``game.keeper`` is the
  header that changes the game).
- ``start_at_table(client, ...)``: through the new-game form, as a phone does; that client then holds the
  game's keeper cookie (it is the keeper phone).
- ``service_game(store, ...)``: through ``services.games`` on a ``Store``, without the web layer.
- ``core_game(...)``: a ``Game`` value with its hands, for the core alone (no store, no app).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from jinja2 import BytecodeCache

from app import create_app
from scorekeeper.rules import Card, DeckStyle, Rules, Side
from scorekeeper.rules.ledger import Game, HandEntry, RoundRecord
from scorekeeper.services import games
from scorekeeper.store import Store
from scorekeeper.web.common import limits

# A hand Anna wins 4-0 (cards, coins, settebello, primiera), entered as quick counts.
ANNA_WINS_FOUR = {"cards": 22, "coins": 6, "settebello": True, "primiera": 78}
BRUNO_LOSES = {"cards": 18, "coins": 4, "settebello": False, "primiera": 75}


def cards(text: str) -> list[Card]:
    """Cards from a space-separated string: ``cards("7d 5c")``."""
    return [Card.parse(c) for c in text.split()]


# --- The app and its clients ---------------------------------------------------------------------------------------


# Rate limits stay on in tests (every request is counted, as in production) but far above what any test sends: a
# property test makes a game or group for each of its examples. tests/test_limits.py sets its own, or the defaults.
TEST_RATE_LIMITS = {name: "100000 per minute" for name in limits.DEFAULTS}


class _TemplateCode(BytecodeCache):
    """Templates compiled once for the session's apps: each test's app is new, but its templates are the same files,
    so they share this cache of compiled code (Jinja compiles a template again when its source changes)."""

    def __init__(self):
        self.code = {}

    def load_bytecode(self, bucket):
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket):
        self.code[bucket.key] = bucket.bytecode_to_string()


TEMPLATE_CODE = _TemplateCode()


def make_app(tmp_path, **config):
    """An app on its own SQLite file in ``tmp_path`` (CSRF off, as API.md's test config describes), with ``config``
    on top."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "test.sqlite3"),
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
            **TEST_RATE_LIMITS,
            **config,
        }
    )
    app.jinja_env.bytecode_cache = TEMPLATE_CODE
    return app


@pytest.fixture
def app(tmp_path):
    """An app with its own fresh SQLite file and CSRF off."""
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    """A test client of ``app``: one phone or script, with its own cookies."""
    return app.test_client()


@pytest.fixture
def store(tmp_path) -> Iterator[Store]:
    """A ``Store`` on a fresh, migrated SQLite file, closed after the test."""
    with Store(str(tmp_path / "store.sqlite3")) as s:
        s.migrate()
        yield s


# --- Games ---------------------------------------------------------------------------------------------------------


class ApiGame(dict):
    """A game as ``POST /api/v1/games`` answered it (``id``, ``keeper_key``, ``url``, ``keeper_url``, ...)."""

    @property
    def id(self) -> str:
        return self["id"]

    @property
    def keeper(self) -> dict[str, str]:
        """The header that lets a request change this game."""
        return {"X-Keeper-Key": self["keeper_key"]}

    @property
    def keeper_path(self) -> str:
        """The keeper link's path (``/g/<id>/keep/<key>``), for a test client that has no host."""
        return "/g/" + self["keeper_url"].split("/g/", 1)[1]


def new_game(
    client,
    *sides: str | Sequence[str] | dict[str, Any],
    name: str | None = None,
    rules: dict[str, Any] | None = None,
    group: ApiGroup | None = None,
    **body: Any,
) -> ApiGame:
    """Start a game through the API (Anna against Bruno unless ``sides`` are given) and answer it.

    A side is a player's name, a list of names for a team (named "Anna & Carla"), or the API's side object as
    it is (``{"name": "Blu", "players": [...]}``). ``group`` puts the game in that group, with its key. Anything
    the API refuses fails the test here, with the API's message.
    """
    rows = [_side_row(s) for s in sides or ("Anna", "Bruno")]
    body = {"sides": rows, **body}
    if name is not None:
        body["name"] = name
    if rules is not None:
        body["rules"] = rules
    headers = {}
    if group is not None:
        body["group"], headers = group["id"], group.key
    r = client.post("/api/v1/games", json=body, headers=headers)
    assert r.status_code == 201, r.get_json()
    return ApiGame(r.get_json())


def _side_row(side: str | Sequence[str] | dict[str, Any]) -> dict[str, Any]:
    if isinstance(side, dict):
        return side
    if isinstance(side, str):
        return {"name": side}
    return {"name": " & ".join(side), "players": list(side)}


def start_at_table(client, *names: str, headers: dict[str, str] | None = None, **fields: str) -> str:
    """Start a game from the new-game form, as a phone at the table does, and answer its id.

    Players are ``names`` (Anna and Bruno unless given), as two teams when there are four or six, on the classic
    rules with the Italian deck; ``fields`` override or add form fields (``target="3"``, ``layout="alone"``).
    The form's redirect gives ``client`` the game's keeper cookie: from then on it is the keeper phone.
    """
    data = {f"players-{i}": n for i, n in enumerate(names or ("Anna", "Bruno"))}
    data |= {"layout": "teams", "profile": "classic", "deck_style": "italian"} | fields
    r = client.post("/new", data=data, headers=headers)
    assert r.status_code == 302, r.get_data(as_text=True)[:500]
    return r.headers["Location"].rsplit("/", 1)[1]


def service_game(store: Store, *names: str, rules: Rules | None = None, name: str = "Friday") -> tuple[Game, str]:
    """A game made by ``services.games.new_game`` (Anna against Bruno unless ``names`` are given): the stored game
    and its keeper key."""
    sides = [Side(n, ()) for n in names or ("Anna", "Bruno")]
    return games.new_game(store, name, sides, rules or Rules())


def core_game(
    *hands: HandEntry,
    target: int = 11,
    names: Sequence[str] = ("Anna", "Bruno"),
    teams: dict[str, tuple[str, ...]] | None = None,
    game_id: str = "g",
    created: str = "2026-11-26",
    **rules: Any,
) -> Game:
    """A game as the store gives it to the core (a ``Game`` value, named "Game <id>"), with ``hands`` recorded in
    order (hand n has id ``rn``): for tests of the rules, the statistics and the store without the web layer.

    Players are ``names`` each alone, or ``teams`` (a team's name -> its players); ``rules`` are option names and
    values as the API takes them (``end="count_out"``).
    """
    sides = tuple(Side(n, (n,)) for n in names) if teams is None else tuple(Side(n, p) for n, p in teams.items())
    records = tuple(RoundRecord(i + 1, h, version=i + 2, id=f"r{i + 1}") for i, h in enumerate(hands))
    return Game(
        game_id,
        f"Game {game_id}",
        created,
        Rules.from_dict(rules),
        target,
        DeckStyle.ITALIAN,
        sides,
        records,
        tuple(0 for _ in sides),
        len(hands) + 1,
    )


def counts(a=ANNA_WINS_FOUR, b=BRUNO_LOSES, scopas=(0, 0), submission_id="sub-00000001") -> dict[str, Any]:
    """A two-side hand body entered as quick counts (by default Anna wins 4-0)."""
    return {
        "submission_id": submission_id,
        "sides": [{"tally": a, "scopas": scopas[0]}, {"tally": b, "scopas": scopas[1]}],
    }


def record_hand(client, game: ApiGame, body: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """Record a hand through the API with the game's keeper key (``body``: the hand, by default ``counts()``) and
    answer the round; a refusal fails the test here."""
    body = {**(body or counts()), **extra}
    r = client.post(f"/api/v1/games/{game['id']}/rounds", json=body, headers=game.keeper)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


@pytest.fixture
def game(client) -> ApiGame:
    """A game "Friday" of Anna against Bruno, made through the API, with its keeper key."""
    return new_game(client, name="Friday")


@pytest.fixture
def recorded_hand(client, game) -> dict[str, Any]:
    """The first hand of ``game``, recorded through the API: Anna wins it 4-0 by quick counts (the round)."""
    return record_hand(client, game)


@pytest.fixture
def keeper_phone(app):
    """A factory: a fresh test client that opened ``game``'s keeper link, so it holds the game's keeper cookie
    (another phone at the same table)."""

    def phone(game: ApiGame):
        c = app.test_client()
        r = c.get(game.keeper_path)
        assert r.status_code == 302, r.get_data(as_text=True)[:300]
        return c

    return phone


# --- Groups and events ---------------------------------------------------------------------------------------------


class ApiGroup(dict):
    """A group as ``POST /api/v1/groups`` answered it (``id``, ``group_key``, ``url``, ``keeper_url``)."""

    @property
    def id(self) -> str:
        return self["id"]

    @property
    def key(self) -> dict[str, str]:
        """The header that lets a request change this group or add a game to it."""
        return {"X-Group-Key": self["group_key"]}


def new_group(client, name: str = "Venerdì da Nonna") -> ApiGroup:
    """Make a group through the API; a refusal fails the test here."""
    r = client.post("/api/v1/groups", json={"name": name})
    assert r.status_code == 201, r.get_json()
    return ApiGroup(r.get_json())


@pytest.fixture
def group(client) -> ApiGroup:
    """A group "Venerdì da Nonna" made through the API, with its key."""
    return new_group(client)


class ApiEvent(dict):
    """An event as ``POST /api/v1/events`` answered it (``id``, ``organiser_key``, ``url``, ...)."""

    @property
    def id(self) -> str:
        return self["id"]

    @property
    def key(self) -> dict[str, str]:
        """The header that lets a request pair rounds and correct results."""
        return {"X-Organiser-Key": self["organiser_key"]}


def new_event(client, players: Sequence[str] = tuple("ABCDEFGH"), **extra: Any) -> ApiEvent:
    """Make an event "Scopa Sunday" of ``players`` through the API, its games played to 4 unless ``extra`` says
    otherwise; a refusal fails the test here."""
    body = {"name": "Scopa Sunday", "players": list(players), "rules": {"target": 4}, **extra}
    r = client.post("/api/v1/events", json=body)
    assert r.status_code == 201, r.get_json()
    return ApiEvent(r.get_json())


@pytest.fixture
def event(client) -> ApiEvent:
    """An event of eight players (A to H), Swiss, games to 4, with its organiser key."""
    return new_event(client)
