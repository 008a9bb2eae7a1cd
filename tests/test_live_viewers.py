"""Live viewers: a phone following a game sees each saved hand and each scopa of the hand being played, by polling
the game's version cheaply (a 304 while nothing changed)."""

import re

import pytest

from scorekeeper.services import games
from scorekeeper.web.game import scoreboard
from tests.conftest import record_hand


@pytest.fixture(autouse=True)
def no_kept_pages():
    """Each test starts with no viewer's page kept (the store is the process's, shared by every app)."""
    scoreboard.viewer_pages.clear()
    yield
    scoreboard.viewer_pages.clear()


def mark(phone, game, side: int, change: int, n: int):
    """The keeper phone taps a scopa button (the page's script asks for JSON); the answer's JSON."""
    r = phone.post(
        f"/g/{game.id}/scopa",
        data={"side": str(side), "change": str(change), "submission_id": f"live-{n:04d}", "hand": "1"},
        headers={"Accept": "application/json"},
    )
    assert r.status_code == 200, r.get_data(as_text=True)[:300]
    return r.get_json()


def poll(client, game, tag: str | None = None):
    return client.get(f"/g/{game.id}/version", headers={"If-None-Match": tag} if tag else {})


def counts_shown(page: str) -> list[int]:
    """The viewer's scopa counts of the hand being played, side by side."""
    section = page.split('id="scopas-live"', 1)[1].split("</section>", 1)[0]
    return [int(n) for n in re.findall(r'<b class="count">(\d+)</b>', section)]


def test_an_unchanged_game_answers_304_with_no_body(client, game):
    first = poll(client, game)
    assert first.status_code == 200 and first.headers["ETag"] == f'"{first.get_json()["version"]}"'
    assert "no-cache" in first.headers["Cache-Control"]
    again = poll(client, game, first.headers["ETag"])
    assert again.status_code == 304 and again.get_data() == b"" and again.headers["ETag"] == first.headers["ETag"]
    # Another version's tag (or a tag that only starts the same) is answered in full.
    other = poll(client, game, f'"{first.get_json()["version"]}0"')
    assert other.status_code == 200 and other.get_json() == first.get_json()


def test_a_saved_hand_changes_the_version_and_its_tag(client, game):
    tag = poll(client, game).headers["ETag"]
    record_hand(client, game)
    after = poll(client, game, tag)
    assert after.status_code == 200 and after.headers["ETag"] != tag


def test_marking_and_taking_back_a_scopa_changes_the_version(client, game, keeper_phone):
    keeper = keeper_phone(game)
    tags = [poll(client, game).headers["ETag"]]
    answer = mark(keeper, game, 0, 1, 1)
    assert answer["pending_scopas"] == [1, 0] and f'"{answer["version"]}"' != tags[0]
    for step, (side, change) in enumerate([(1, 1), (0, -1)], start=2):
        changed = poll(client, game, tags[-1])
        assert changed.status_code == 200, "the viewer's poll must see the change"
        tags.append(changed.headers["ETag"])
        mark(keeper, game, side, change, step)
    last = poll(client, game, tags[-1])
    assert last.status_code == 200
    assert len(set(tags + [last.headers["ETag"]])) == 4  # every mark and unmark a new version
    assert poll(client, game, last.headers["ETag"]).status_code == 304


def test_the_viewers_page_shows_the_scopas_of_the_hand_so_far(client, game, keeper_phone, app):
    keeper = keeper_phone(game)
    page = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert counts_shown(page) == [0, 0] and "No scopa yet in hand 1." in page
    mark(keeper, game, 1, 1, 1)
    # The viewer's page is kept per version: the next load is the page of the new version.
    page = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert counts_shown(page) == [0, 1] and "No scopa yet" not in page
    mark(keeper, game, 1, 1, 2)
    mark(keeper, game, 0, 1, 3)
    assert counts_shown(client.get(f"/g/{game.id}").get_data(as_text=True)) == [1, 2]
    mark(keeper, game, 1, -1, 4)
    assert counts_shown(client.get(f"/g/{game.id}").get_data(as_text=True)) == [1, 1]
    # In Italian too; the keeper's own page has its buttons instead.
    italian = client.get(f"/g/{game.id}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert counts_shown(italian) == [1, 1] and "Scope in questa mano" in italian
    assert 'id="scopas-live"' not in keeper.get(f"/g/{game.id}").get_data(as_text=True)


def test_the_viewers_page_tells_the_script_how_often_to_poll(client, game):
    page = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert f'data-poll-seconds="{scoreboard.POLL_SECONDS}"' in page
    assert 0.5 <= scoreboard.POLL_SECONDS <= 1.9  # a change seen within 2 s needs a poll at least this often


def test_the_poll_reads_one_version_and_loads_no_game(client, game, monkeypatch):
    def no_load(*_args, **_kwargs):
        raise AssertionError("the poll must not load or score the game")

    monkeypatch.setattr(games, "get", no_load)
    assert poll(client, game).status_code == 200
    assert client.get("/g/no-such-game/version").status_code == 404
