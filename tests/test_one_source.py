"""Each rule and limit is written once, in the rules core: the templates, the scripts and the web layer read it.

These tests read the sources for the numbers and rules that used to be restated beside the core (the primiera's
84, the deck's 40, the 2 to 6 sides, the names' lengths, who sits with whom), so that they cannot come back: a
page or a script that needs one gets it from the server, as data or by asking.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
SCRIPTS = sorted((ROOT / "static").glob("*.js"))
# The web layer and the services: below them, the core (scorekeeper/rules) is where these are written.
SHELL = sorted(p for folder in ("web", "services") for p in (ROOT / "scorekeeper" / folder).rglob("*.py"))


def _code(path: Path) -> str:
    """A source without its comments (a comment may say "the 40-card grid"; the code may not count to 40)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        return re.sub(r"\{#.*?#\}", "", text, flags=re.S)
    if path.suffix == ".js":
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        return re.sub(r"(^|\s)//.*", r"\1", text)
    return "\n".join(re.sub(r"(^|\s)#.*", r"\1", line) for line in text.splitlines())


def _found(paths, pattern):
    return [f"{p.relative_to(ROOT)}: {m[0]!r}" for p in paths for m in re.finditer(pattern, _code(p))]


@pytest.mark.parametrize(
    ("what", "pattern"),
    [
        ("a length limit written as a number (the core's NAME_MAX, GAME_NAME_MAX...)", r'maxlength="\d'),
        ("a limit worked out in a template", r"\*\s*name_max"),
        ("the primiera's maximum (PRIMIERA_MAX)", r"\b84\b"),
        ("the deck's size (DECK_SIZE)", r"(?<!:)\b40\b"),
        ("the players Scopa is played by (PLAYER_COUNTS)", r"2, 3, 4 or 6"),
    ],
)
def test_no_template_or_script_restates_a_limit_of_the_core(what, pattern):
    assert _found(TEMPLATES + SCRIPTS, pattern) == [], what


@pytest.mark.parametrize(
    ("what", "pattern"),
    [
        (
            "a count of players compared in a script (the page's seating data says which layouts a count has)",
            r"length\s*[!=]==?\s*\d",
        ),
        ("a team's name joined in a script (the server's team_name)", r"""["'] & ["']"""),
        ("a game's name joined in a script (the server's default_name)", r"""["'] vs ["']"""),
    ],
)
def test_the_new_game_script_seats_and_names_no_side_itself(what, pattern):
    assert _found([ROOT / "static" / "newgame.js"], pattern) == [], what


@pytest.mark.parametrize(
    ("what", "pattern"),
    [
        ("the 2 to 6 sides (SIDES_MIN, SIDES_MAX)", r"2 to 6|<=\s*6\b"),
        ("the players Scopa is played by (PLAYER_COUNTS)", r"2, 3, 4 or 6"),
        ("the primiera's maximum (PRIMIERA_MAX)", r"\b84\b"),
        ("a game's default name (rules.seats.default_name)", r"""["'] vs ["']\.join"""),
        ("who sits with whom (rules.seats)", r"names\[0::2\]|\[i \+ 3\]"),
        ("the pairing a field suits (rules.events.pairing_for)", r"ROUND_ROBIN_UP_TO\s*="),
    ],
)
def test_the_web_layer_and_the_services_take_the_cores_rules(what, pattern):
    assert _found(SHELL, pattern) == [], what


def test_the_guard_finds_what_it_looks_for(tmp_path):
    """The patterns above find the old literals (so a test that passes means they are gone, not unseen)."""
    page = tmp_path / "old.html"
    page.write_text('{# the 40-card grid #}<input maxlength="40"> (84 at most)', encoding="utf-8")
    script = tmp_path / "old.js"
    script.write_text('// 4 or 6\nsides.hidden = !(list.length === 4); g.join(" & ");\n', encoding="utf-8")
    assert len(re.findall(r"\b40\b", _code(page))) == 1 and re.search(r"\b84\b", _code(page))
    assert re.search(r"length\s*[!=]==?\s*\d", _code(script)) and re.search(r"""["'] & ["']""", _code(script))
