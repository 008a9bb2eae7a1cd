"""What a group's page and exports cost: exports come a bounded page at a time, streamed, each game once across
the pages; a group page's SQL does not grow with the group's games (the kept summaries are read, no game's hands)."""

import csv
import io
import json
import re

import pytest

from scorekeeper.services import database, groups
from tests.conftest import new_game, new_group, record_hand

HANDS = re.compile(r"\bfrom\s+\[?rounds\b", re.IGNORECASE)  # a statement reading games' hands
WIN = [{"won": ["cards", "coins", "settebello", "primiera"], "scopas": 3}, {"won": [], "scopas": 0}]


def play(client, group, count, finished=()):
    """``count`` games of Anna against Bruno in ``group``, newest last; those numbered in ``finished`` won by Anna."""
    ids = []
    for n in range(count):
        game = new_game(client, "Anna", "Bruno", group=group)
        if n in finished:
            for i in range(2):
                record_hand(client, game, {"submission_id": f"sub-cost-{n:03d}-{i}", "sides": WIN})
        ids.append(game.id)
    return ids


def pages(client, first):
    """Every page of an export (its text), following each page's next link from ``first``."""
    out, address = [], first
    while address:
        response = client.get(address)
        assert response.status_code == 200 and response.is_streamed
        out.append(response.get_data(as_text=True))
        address = response.headers.get("Link", "").removeprefix("<").partition(">")[0].removeprefix("http://localhost")
        assert len(out) < 20
    return out


def test_the_json_export_comes_a_page_at_a_time_with_every_game_once(client, group, monkeypatch):
    monkeypatch.setattr(groups, "EXPORT_JSON_GAMES", 3)
    ids = play(client, group, 7, finished={0, 5})
    bodies = [json.loads(r) for r in pages(client, f"/groups/{group.id}/export.json")]
    assert [len(b["games"]) for b in bodies] == [3, 3, 1]
    # Newest first, every game once across the pages, each whole (its hands), as the API shows a game.
    assert [g["id"] for b in bodies for g in b["games"]] == ids[::-1]
    assert [len(g["rounds"]) for g in bodies[-1]["games"]] == [2] and bodies[-1]["games"][0]["winner"] == 0
    # The first page keeps the export's fields, and adds where the next page is; the last has none.
    assert set(bodies[0]) == {"id", "name", "created", "players", "games", "next"}
    assert bodies[0]["name"] == "Venerdì da Nonna" and [p["name"] for p in bodies[0]["players"]] == ["Anna", "Bruno"]
    assert bodies[0]["next"].endswith(f"/groups/{group.id}/export.json?after={ids[-3]}")
    assert bodies[-1]["next"] is None


def test_the_csv_export_comes_a_page_at_a_time_with_every_row_once(client, group, monkeypatch):
    monkeypatch.setattr(groups, "EXPORT_CSV_GAMES", 2)
    ids = play(client, group, 5, finished={1})
    tables = [list(csv.reader(io.StringIO(r))) for r in pages(client, f"/groups/{group.id}/export.csv")]
    assert len(tables) == 3
    assert all(t[0] == ["game", "name", "created", "finished", "side", "players", "total", "won"] for t in tables)
    rows = [row for t in tables for row in t[1:]]
    assert [(r[0], r[4]) for r in rows] == [(i, name) for i in ids[::-1] for name in ("Anna", "Bruno")]
    assert [r[6:] for r in rows if r[0] == ids[1]] == [["14", "yes"], ["0", "no"]]
    # The group's page links each page of the CSV, the same pages the next links give.
    page = client.get(f"/groups/{group.id}").get_data(as_text=True)
    starts = re.findall(rf'href="/groups/{group.id}/export.csv\?after=([^"]+)"', page)
    assert starts == [ids[-2], ids[-4]]


def test_a_game_started_while_paging_is_neither_repeated_nor_skipped_among_the_older(client, group, monkeypatch):
    monkeypatch.setattr(groups, "EXPORT_JSON_GAMES", 2)
    ids = play(client, group, 4)
    first = client.get(f"/groups/{group.id}/export.json").get_json()
    newer = play(client, group, 1)
    second = client.get(first["next"].removeprefix("http://localhost")).get_json()
    assert [g["id"] for g in first["games"] + second["games"]] == ids[::-1] and newer[0] not in str(second)


@pytest.mark.parametrize("kind", ["json", "csv"])
@pytest.mark.parametrize("after", ["no-such-game", "x" * 300, "OTHER"])
def test_an_export_page_after_a_game_not_of_the_group_is_refused_and_says_why(client, group, kind, after):
    if after == "OTHER":
        after = new_game(client, "Carla", "Dario").id
    response = client.get(
        f"/groups/{group.id}/export.{kind}", query_string={"after": after}, headers={"Accept": "application/json"}
    )
    assert response.status_code == 400
    body = response.get_json()
    assert body["field"] == "after" and "after must be the id of a game of this group" in body["message"]


def test_a_group_pages_sql_does_not_grow_with_its_games(app, monkeypatch):
    """Counted with the connection's trace callback: the same statements for 4 games as for 60 (summaries kept)."""
    client = app.test_client()
    group = new_group(client)
    statements: list[str] = []
    opened = database.open_database

    def traced(path):
        handle = opened(path)
        handle.db.conn.set_trace_callback(statements.append)
        return handle

    monkeypatch.setattr(database, "open_database", traced)

    def cost(page):
        client.get(page)  # the summaries of games changed since are worked out and kept once
        statements.clear()
        assert client.get(page).status_code == 200
        return len(statements), sum(bool(HANDS.search(s)) for s in statements)

    play(client, group, 4, finished={0})
    small = {page: cost(page) for page in (f"/groups/{group.id}", f"/api/v1/groups/{group.id}/stats")}
    play(client, group, 56, finished={3, 30})
    large = {page: cost(page) for page in small}
    assert large == small
    assert all(hands == 0 for _count, hands in large.values())  # no game's hands are read


def test_statistics_kept_between_reads_follow_every_change(client, group):
    """The added-up statistics are reused only while nothing changed: a hand, a new game, a rename show at once."""
    game = new_game(client, "Anna", "Bruno", group=group)

    def anna():
        players = client.get(f"/api/v1/groups/{group.id}/stats").get_json()["players"]
        return next(p for p in players if p["id"] == anna_id)

    anna_id = client.get(f"/api/v1/groups/{group.id}").get_json()["players"][0]["id"]
    assert anna()["games"] == 0
    for i in range(2):
        record_hand(client, game, {"submission_id": f"sub-kept-{i}", "sides": WIN})
    assert anna()["games"] == 1 and anna()["wins"] == 1
    other = new_game(client, "Bruno", "Anna", group=group)
    for i in range(2):
        record_hand(client, other, {"submission_id": f"sub-kept-b-{i}", "sides": WIN})
    assert anna()["games"] == 2 and anna()["wins"] == 1
    r = client.patch(f"/api/v1/groups/{group.id}/players/{anna_id}", json={"name": "Annina"}, headers=group.key)
    assert r.status_code == 200, r.get_json()
    assert anna()["name"] == "Annina" and "Annina" in client.get(f"/groups/{group.id}").get_data(as_text=True)
