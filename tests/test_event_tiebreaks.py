"""Which tie-break separated two lines equal on match points: the core says it for every line of the standings,
the pages explain it under the table (in English and Italian) and the API gives it as ``separated_by``."""

from __future__ import annotations

import pytest

from scorekeeper.rules.events import ENTRY_ORDER, Result, standings
from tests.conftest import new_event
from tests.test_events import pair, play


def won(round_, a, b, pa, pb):
    """``a`` beats ``b`` pa–pb in round ``round_``."""
    return Result(round_, (a, b), (pa, pb), winner=0)


CASES = [
    # (entrants, results, swiss, expected order, {entrant: what separated it from the line above})
    (
        "ABCD",
        [won(1, "A", "C", 4, 0), won(1, "B", "D", 4, 2)],
        False,
        "ABDC",
        {"B": "points_difference", "D": "match_points", "C": "points_difference"},
    ),
    ("ABCD", [won(1, "A", "C", 5, 1), won(1, "B", "D", 4, 0)], False, "ABCD", {"B": "points_for"}),
    ("ABCD", [won(1, "A", "C", 4, 0), won(1, "B", "D", 4, 0)], False, "ABCD", {"B": ENTRY_ORDER, "D": ENTRY_ORDER}),
    # A beat B; both won once and lost once by one point: head to head decides.
    (
        "ABCD",
        [won(1, "A", "B", 4, 3), won(1, "D", "A", 5, 4), won(2, "B", "C", 4, 3)],
        False,
        "DABC",
        {"A": "points_difference", "B": "head_to_head", "C": "match_points"},
    ),
    # Swiss: A's opponent C won since, B's opponent D did not; E is B's equal on everything.
    (
        "ABCDEF",
        [won(1, "A", "C", 4, 0), won(1, "B", "D", 4, 0), won(1, "E", "F", 4, 0), won(2, "C", "F", 4, 0)],
        True,
        "ABECDF",
        {"B": "buchholz", "E": ENTRY_ORDER},
    ),
]


@pytest.mark.parametrize(("entrants", "results", "swiss", "order", "separated"), CASES)
def test_the_standings_say_which_tiebreak_separated_equal_lines(entrants, results, swiss, order, separated):
    lines = standings(list(entrants), results, swiss=swiss)
    assert "".join(line.entrant for line in lines) == order
    assert lines[0].separated_by == ""
    by = {line.entrant: line for line in lines}
    for entrant, reason in separated.items():
        assert by[entrant].separated_by == reason
        assert by[entrant].to_dict()["separated_by"] == reason
    for above, below in zip(lines, lines[1:], strict=False):
        # Lines equal on every tie-break share a rank; any other separation ranks the lower one lower.
        assert (below.rank == above.rank) == (below.separated_by == ENTRY_ORDER)


def test_the_pages_and_the_api_explain_equal_lines(client):
    event = new_event(client, players=["Anna", "Bruno", "Carla", "Dario"], pairing="round_robin", rounds=3)
    first = pair(client, event, event.key)
    # Before any result everyone shares the first place, as the ranks say: there is no tie to explain yet.
    for path in (f"/e/{event.id}", f"/e/{event.id}/screen"):
        assert "equal on every tie-break" not in client.get(path).get_data(as_text=True)
    for table in first["tables"]:
        play(client, table, winner=0)  # two winners equal on everything, two losers too
    api = client.get(f"/api/v1/events/{event.id}/standings").get_json()["standings"]
    assert [line["separated_by"] for line in api] == ["", ENTRY_ORDER, "match_points", ENTRY_ORDER]
    page = client.get(f"/e/{event.id}").get_data(as_text=True)
    assert "Places 1 and 2: equal on every tie-break, sharing rank 1; listed in order of entry." in page
    assert "Places 3 and 4: equal on every tie-break, sharing rank 3" in page
    screen = client.get(f"/e/{event.id}/screen").get_data(as_text=True)
    assert "Places 1 and 2: equal on every tie-break" in screen
    client.post("/language", data={"lang": "it", "next": f"/e/{event.id}"})
    italian = client.get(f"/e/{event.id}").get_data(as_text=True)
    assert "Posti 1 e 2: pari in ogni spareggio" in italian
