"""Score sheets, blank pads and exports through the test client."""

import csv
import io
import json

import pytest

from tests.conftest import new_game, record_hand

HAND = {
    "submission_id": "sheet-0001",
    "sides": [
        {"tally": {"cards": 22, "coins": 6, "settebello": True, "primiera": 78}, "scopas": 2},
        {"tally": {"cards": 18, "coins": 4, "settebello": False, "primiera": 75}},
    ],
}


@pytest.fixture
def game(client):
    """Team Blu (Anna, Carla) against Rossi (Bruno, Dario) with the napola, one hand recorded: Blu 6-0."""
    teams = [{"name": "Blu", "players": ["Anna", "Carla"]}, {"name": "Rossi", "players": ["Bruno", "Dario"]}]
    g = new_game(client, *teams, name="Friday", rules={"napola": True})
    record_hand(client, g, HAND)
    return g


def test_the_sheet_shows_sides_players_marks_totals_and_the_live_link(client, game):
    html = client.get(f"/g/{game['id']}/sheet").get_data(as_text=True)
    assert "Friday" in html and "Anna, Carla" in html and "Bruno, Dario" in html
    assert "Ca Co 7 Pr ●●" in html  # cards, coins, settebello, primiera and two scopas
    assert f"/qr.svg?path=/g/{game['id']}" in html and game["url"] in html
    assert "Blu lead 6-0; 11 to win." in html  # a team: the plural verb


def test_csv_export_has_a_row_per_hand_and_side(client, game):
    r = client.get(f"/g/{game['id']}/export.csv")
    assert r.mimetype == "text/csv" and "attachment" in r.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(r.get_data(as_text=True))))
    assert [(row["hand"], row["side"], row["running_total"]) for row in rows] == [
        ("1", "Blu", "6"),
        ("1", "Rossi", "0"),
    ]
    assert rows[0]["players"] == "Anna & Carla" and rows[0]["points_napola"] == "0" and rows[0]["scopas"] == "2"


def test_json_export_is_the_api_game(client, game):
    r = client.get(f"/g/{game['id']}/export.json")
    data = json.loads(r.get_data(as_text=True))
    assert data == client.get(f"/api/v1/games/{game['id']}").json
    assert "attachment" in r.headers["Content-Disposition"]


@pytest.mark.parametrize("kind, columns", [("2", 2), ("3", 3), ("4", 2), ("6", 3)])
def test_blank_pads_have_columns_rows_chart_and_targets(client, kind, columns):
    html = client.get(f"/pads/{kind}?profile=boxed").get_data(as_text=True)
    assert html.count('class="side-head"') == columns
    assert html.split("<tbody>")[1].split("</tbody>")[0].count("<tr>") == 16  # rows to fill by pen
    assert "<td>Ace</td><td>16</td>" in html and "<td>Fante, Cavallo, Re</td><td>10</td>" in html
    # Only this pad's player count's target, or a line to write one on (the profile has none for 6).
    said = {"2": "Target (2 players): 11 points", "3": "Target (3 players): 8 points", "4": "Target (4 players): 15"}
    assert said.get(kind, "Target: ______ points") in html
    assert "3 players 8" not in html and "Targets:" not in html
    assert "/qr.svg?path=/new" in html


def test_pads_with_napola_list_it(client):
    html = client.get("/pads/2?profile=asso-piglia-tutto").get_data(as_text=True)
    assert "napola" in html and 'class="cat">N<' in html


def test_unknown_pads_and_games_are_404(client):
    assert client.get("/pads/5").status_code == 404
    assert client.get("/pads/2?profile=nope").status_code == 404
    for path in ("/g/nope/sheet", "/g/nope/export.csv", "/g/nope/export.json"):
        assert client.get(path).status_code == 404


def test_csv_export_keeps_names_that_look_like_formulas_as_text(client):
    sides = [
        {"name": '=HYPERLINK("http://x")', "players": ["+39 Anna", "@Carla"]},
        {"name": "-Rossi", "players": ["Bruno", "Dario"]},
    ]
    g = new_game(client, *sides)
    record_hand(client, g, HAND)
    rows = list(csv.DictReader(io.StringIO(client.get(f"/g/{g['id']}/export.csv").get_data(as_text=True))))
    # A spreadsheet shows these as typed instead of running them (a leading ' marks text).
    assert rows[0]["side"] == '\'=HYPERLINK("http://x")' and rows[0]["players"] == "'+39 Anna & @Carla"
    assert rows[1]["side"] == "'-Rossi"
    assert rows[0]["running_total"] == "6" and rows[0]["cards"] == "22"  # numbers stay numbers


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
def test_every_formula_start_is_neutralised(cell):
    from scorekeeper.web.paper.routes import csv_cell

    assert csv_cell(cell) == "'" + cell
    assert csv_cell("Anna") == "Anna" and csv_cell(-1) == -1


def own_pages(game):
    keeper = game["keeper_url"].split("localhost", 1)[1]
    return [f"/g/{game['id']}", keeper, "/check?table=1b,2c,6s&hand=8d&profile=scopone", "/check", "/new"]


def test_qr_codes_are_drawn_for_the_apps_own_pages(client, game):
    for path in own_pages(game):
        r = client.get("/qr.svg", query_string={"path": path})
        assert r.status_code == 200, path
        assert r.mimetype == "image/svg+xml" and r.get_data(as_text=True).startswith("<svg")


def test_keeper_link_qr_codes_are_never_cached_publicly(client, game):
    keeper = own_pages(game)[1]
    assert "/keep/" in keeper
    r = client.get("/qr.svg", query_string={"path": keeper})
    assert r.headers["Cache-Control"] == "private, no-store"
    viewer = client.get("/qr.svg", query_string={"path": f"/g/{game['id']}"})
    assert viewer.headers["Cache-Control"].startswith("public")


@pytest.mark.parametrize(
    "path",
    [
        "",
        "/",
        "//evil.example/g/x",
        "http://evil.example/",
        "/pads/2",
        "/g/abc/sheet",
        "/g/abc/export.csv",
        "/api/v1/rules",
        "/check?hand=<script>",
        "/g/abc/keep/",
        "/new?x=1",
        "/g/" + "a" * 65,
        "/check?table=" + "1b," * 200,  # over the bound
        "/g/caffè",
        "/check?table=é",
        "/check?x=" + "é" * 2000,  # non-ASCII, short and long
    ],
)
def test_qr_codes_of_anything_else_are_a_404_that_says_why(client, path):
    r = client.get("/qr.svg", query_string={"path": path})
    assert r.status_code == 404
    assert "made only for this app" in r.get_data(as_text=True) and "600 characters" in r.get_data(as_text=True)


def test_a_qr_code_is_drawn_once_then_served_from_the_cache(client, game):
    from scorekeeper.web.common.qr import svg_of

    path = f"/check?table=1b,2c,3s,4d&hand=7d&game={game['id']}"
    first = client.get("/qr.svg", query_string={"path": path}).get_data()
    hits = svg_of.cache_info().hits
    assert client.get("/qr.svg", query_string={"path": path}).get_data() == first
    assert svg_of.cache_info().hits == hits + 1
