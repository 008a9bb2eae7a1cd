"""A correction or a deletion that reopens a won game, or changes who wins, says so in words; the score as read
aloud. The words come from the core (rules.ledger), in the page's language."""

import html
import re

from scorekeeper.rules.ledger import HandEntry
from scorekeeper.services import games
from tests.conftest import service_game, start_at_table
from tests.test_pages import hidden_fields

ANNA = {"cards": 22, "coins": 6, "settebello": True, "primiera": 78}
BRUNO = {"cards": 18, "coins": 4, "settebello": False, "primiera": 75}
IT = {"Accept-Language": "it-IT,it;q=0.9"}


def hand(a=ANNA, b=BRUNO, scopas=(0, 0)) -> HandEntry:
    return HandEntry.from_json({"sides": [{"tally": a, "scopas": scopas[0]}, {"tally": b, "scopas": scopas[1]}]})


def won_game(store) -> str:
    """Anna 4-0, Bruno 7 (four and three scopas), Anna 4, Anna 4: Anna wins 12-7 in hand 4."""
    game_id = service_game(store)[0].id
    for i, entry in enumerate([hand(), hand(BRUNO, ANNA, (0, 3)), hand(), hand()]):
        games.record_hand(store, game_id, entry, f"sub-hand-{i:04d}")
    assert str(games.get(store, game_id).progress.status) == "Anna wins 12-7."
    return game_id


def test_a_correction_that_reopens_the_game_says_so_and_who_leads(store):
    game_id = won_game(store)
    version = games.get(store, game_id).rounds[3].record.version
    # Hand 4 was a tie of one point each, not Anna's 4-0: 9-8, nobody has won.
    tie = hand(
        {"cards": 19, "coins": 5, "settebello": True, "primiera_won": False},
        {"cards": 21, "coins": 5, "settebello": False, "primiera_won": False},
    )
    changed = games.replace_hand(store, game_id, 4, tie, version, "sub-edit-0001")
    assert not changed.score.finished
    assert str(changed.said) == "Hand 4 corrected: the game is open again, Anna leads 9-8; 11 to win."


def test_a_correction_that_changes_the_winner_names_the_new_one(store):
    game_id = won_game(store)
    version = games.get(store, game_id).rounds[3].record.version
    changed = games.replace_hand(store, game_id, 4, hand(BRUNO, ANNA), version, "sub-edit-0001")
    assert str(changed.said) == "Hand 4 corrected: now Bruno wins 11-8."


def test_a_correction_that_leaves_the_result_says_only_what_was_done(store):
    game_id = won_game(store)
    version = games.get(store, game_id).rounds[0].record.version
    changed = games.replace_hand(store, game_id, 1, hand(scopas=(1, 0)), version, "sub-edit-0001")
    assert str(changed.said) == "Hand 1 corrected."
    # The same change sent again (a double tap) changes nothing and says nothing more.
    again = games.replace_hand(store, game_id, 1, hand(scopas=(1, 0)), version, "sub-edit-0001")
    assert str(again.said) == "Hand 1 corrected." and again.score.totals == changed.score.totals


def flash(page: str) -> str:
    found = re.search(r'<p class="flash flash-saved"[^>]*>(.*?)</p>', page, re.S)
    assert found, page[:2000]
    return html.unescape(found[1]).strip()


def save_anna_sweeps(client, game_id: str, n: int) -> None:
    """Save a hand from the scoreboard's winners form in which Anna takes every category (4-0)."""
    page = client.get(f"/g/{game_id}", headers=IT).get_data(as_text=True)
    form = hidden_fields(page.split('id="winners"', 1)[1].split("</form>", 1)[0])
    rows = {f"won_{row}": "0" for row in ("cards", "coins", "settebello", "primiera")}
    data = form | rows | {"action": "save", "submission_id": f"sub-won-{n:06d}"}
    r = client.post(f"/g/{game_id}/won", data=data, headers=IT)
    assert r.status_code == 303 and r.headers["Location"] == f"/g/{game_id}", r.get_data(as_text=True)[:500]


def test_deleting_the_winning_hand_says_the_game_is_open_again_in_italian(client):
    game_id = start_at_table(client, "Anna", "Bruno", headers=IT)
    for n in range(3):
        save_anna_sweeps(client, game_id, n)
    assert "Anna vince 12-0." in html.unescape(client.get(f"/g/{game_id}", headers=IT).get_data(as_text=True))
    page = client.get(f"/g/{game_id}/hands/3/delete", headers=IT).get_data(as_text=True)
    r = client.post(f"/g/{game_id}/hands/3/delete", data=hidden_fields(page), headers=IT)
    assert r.status_code == 303
    said = flash(client.get(f"/g/{game_id}", headers=IT).get_data(as_text=True))
    assert said == "Mano 3 eliminata: la partita è di nuovo aperta, Anna è avanti 8-0; si gioca ai 11."


def spoken_on(page: str) -> str:
    found = re.search(r'id="speak" data-say="([^"]*)"', page)
    assert found, page[:2000]
    return html.unescape(found[1])


def test_the_score_to_read_aloud_is_on_the_scoreboard_in_the_pages_language(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    assert spoken_on(client.get(f"/g/{game_id}").get_data(as_text=True)) == (
        "Score: Anna 0, Bruno 0. No hands yet: first to 11 wins."
    )
    save_anna_sweeps(client, game_id, 0)
    assert spoken_on(client.get(f"/g/{game_id}").get_data(as_text=True)) == (
        "Score: Anna 4, Bruno 0. Last hand: Anna 4, Bruno 0. Anna leads 4-0; 11 to win."
    )
    assert spoken_on(client.get(f"/g/{game_id}", headers=IT).get_data(as_text=True)) == (
        "Punteggio: Anna 4, Bruno 0. Ultima mano: Anna 4, Bruno 0. Anna è avanti 4-0; si gioca ai 11."
    )
