"""The pages that hold an entry for a game follow it (static/follow.js): each carries the game's stream, its poll,
the poll's period and the version it was made from, so that another phone's change is said at once."""

import re

import pytest

from scorekeeper.web.game.scoreboard import POLL_SECONDS
from tests.conftest import record_hand


def follows(page: str) -> dict[str, str]:
    tag = re.search(r"<p [^>]*data-follow[^>]*>", page)
    assert tag, "the page does not follow its game"
    return dict(re.findall(r'data-([\w-]+)="([^"]*)"', tag[0]))


@pytest.mark.parametrize("path", ["/g/{id}/hand", "/g/{id}/counts", "/g/{id}/hands/1/edit", "/g/{id}/hands/1/delete"])
def test_a_page_holding_an_entry_follows_the_game_at_the_polls_pace(client, game, path):
    client.get(game.keeper_path)
    record_hand(client, game)
    version = client.get(f"/api/v1/games/{game.id}").get_json()["version"]
    page = client.get(path.format(id=game.id)).get_data(as_text=True)
    said = follows(page)
    assert said["version"] == str(version)
    assert said["live"] == f"/g/{game.id}/live" and said["poll"] == f"/g/{game.id}/version"
    assert float(said["poll-seconds"]) == POLL_SECONDS
    assert re.search(r'<script src="/static/live.js" defer></script><script src="/static/follow.js"', page)
