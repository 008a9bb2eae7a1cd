"""Each page carries the words its own scripts say (``data-strings``, scorekeeper/web/common/jsstrings.py), and no
page carries the words of another page's script: a first visit loads no sentence it cannot show."""

import html
import json
import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parent.parent / "static"
# A word a script asks for by name: tr("name") or trN("name", n).
ASKED = re.compile(r"""\btrN?\(\s*["']([a-z_]+)["']""")
COMMENT = re.compile(r"^\s*//.*$", re.MULTILINE)


def carried(page: str) -> tuple[dict, list[str]]:
    strings = json.loads(html.unescape(re.search(r"data-strings='([^']*)'", page)[1]))
    scripts = re.findall(r'<script src="/static/([\w.]+\.js)"', page)
    return strings, scripts


@pytest.mark.parametrize("path", ["/", "/new", "/check", "/g/{id}", "/g/{id}/hand", "/g/{id}/counts", "/pads"])
def test_every_word_a_pages_scripts_ask_for_comes_with_the_page(client, game, path):
    client.get(game.keeper_path)
    page = client.get(path.format(id=game.id), headers={"Accept-Language": "it"}).get_data(as_text=True)
    strings, scripts = carried(page)
    assert scripts, path
    for script in scripts:
        missing = set(ASKED.findall(COMMENT.sub("", (STATIC / script).read_text()))) - set(strings)
        assert not missing, f"{path}: {script} asks for {sorted(missing)}, which the page does not carry"


def test_the_new_game_forms_words_come_only_with_the_new_game_form(client, game):
    new, _ = carried(client.get("/new").get_data(as_text=True))
    assert new["house_rules"]["other"] == "%(n)s house rules" and new["option_true"] == "yes"
    client.get(game.keeper_path)
    for path in (f"/g/{game.id}", f"/g/{game.id}/hand", "/check"):
        strings, _ = carried(client.get(path).get_data(as_text=True))
        assert not [name for name in strings if name.startswith("option_") or name == "house_rules"], path
    checker, _ = carried(client.get("/check").get_data(as_text=True))
    assert checker["on_the_table"] == "on the table"
    board, _ = carried(client.get(f"/g/{game.id}").get_data(as_text=True))
    assert "on_the_table" not in board
