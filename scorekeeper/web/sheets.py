"""Paper: a printable sheet of a game, blank score pads, and exports (CSV, JSON)."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, abort, render_template, request, url_for

from scorekeeper import games
from scorekeeper.rules import PROFILES
from scorekeeper.rules.cards import PRIME_VALUES
from scorekeeper.rules.scoring import CATEGORIES, EXTRA_CATEGORIES
from scorekeeper.web.addresses import absolute
from scorekeeper.web.context import store
from scorekeeper.web.shapes import game_json

bp = Blueprint("sheets", __name__)

# Short marks for a category on paper, as a score pad writes them.
MARKS = {"cards": "Ca", "coins": "Co", "settebello": "7", "primiera": "Pr", "napola": "N", "re_bello": "R"}
# Blank pads: how many columns (sides) and who sits in them.
PADS = {
    "2": ("2 players", ["Player 1", "Player 2"]),
    "3": ("3 players", ["Player 1", "Player 2", "Player 3"]),
    "4": ("4 players in two partnerships", ["Team 1 (seats 1 & 3)", "Team 2 (seats 2 & 4)"]),
    "6": ("6 players in three teams of two", ["Team 1 (1 & 4)", "Team 2 (2 & 5)", "Team 3 (3 & 6)"]),
}
PAD_ROWS = 20
# A spreadsheet runs a cell that starts like this as a formula (=HYPERLINK(...) in a side's name).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def marks(points: dict[str, int]) -> str:
    """What a side scored in a hand, in pad marks: "Ca Co 7 ●●" (one ● per scopa)."""
    out = []
    for category, value in points.items():
        if category == "scopas":
            out.append("●" * value)
        elif value:
            out.append(MARKS[category] + (str(value) if category == "napola" else ""))
    return " ".join(m for m in out if m)


def csv_cell(value: object) -> object:
    """A cell as a spreadsheet shows it: text that would start a formula gets a leading ``'`` (kept as text)."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


@bp.get("/g/<game_id>/sheet")
def game_sheet(game_id: str):
    """The game's score sheet, ready to print on A4 or Letter."""
    score = games.get(store(), game_id)
    viewer = url_for("pages.scoreboard", game_id=game_id)
    return render_template(
        "sheet.html",
        score=score,
        marks=marks,
        viewer_url=absolute(viewer),
        qr_path=viewer,
    )


def _primiera_chart() -> list[tuple[str, int]]:
    """The primiera values, best first, as the pad prints them."""
    names = {1: "Ace", 8: "Fante, Cavallo, Re"}
    return [(names.get(rank, str(rank)), PRIME_VALUES[rank]) for rank in (7, 6, 1, 5, 4, 3, 2, 8)]


@bp.get("/pads")
def pads():
    """The blank score pads to print."""
    profile = PROFILES.get(request.args.get("profile", "classic"), PROFILES["classic"])
    return render_template("pads.html", pads=PADS, profile=profile, profiles=PROFILES.values())


@bp.get("/pads/<kind>")
def blank_pad(kind: str):
    """A blank pad: empty rows to fill by pen, the categories, the primiera chart, the targets."""
    if kind not in PADS:
        abort(404, "Pads are made for 2, 3, 4 or 6 players.")
    profile = PROFILES.get(request.args.get("profile", "classic"))
    if profile is None:
        abort(404, "No rule profile has that name.")
    title, columns = PADS[kind]
    new_game = url_for("pages.new_game")
    return render_template(
        "pad.html",
        title=title,
        columns=columns,
        rows=PAD_ROWS,
        profile=profile,
        categories=[c for c in (*CATEGORIES, *EXTRA_CATEGORIES) if c in CATEGORIES or profile.options.get(c)],
        chart=_primiera_chart(),
        new_game_url=absolute(new_game),
        qr_path=new_game,
        kind=kind,
        marks={**MARKS, "scopas": "Sc"},
    )


@bp.get("/g/<game_id>/export.json")
def export_json(game_id: str):
    """The whole game as JSON (the API's game shape), as a file to keep."""
    score = games.get(store(), game_id)
    response = Response(
        Response.json_module.dumps(game_json(score), ensure_ascii=False, indent=2) + "\n",
        mimetype="application/json",
    )
    response.headers["Content-Disposition"] = f'attachment; filename="scopa-{game_id}.json"'
    return response


@bp.get("/g/<game_id>/export.csv")
def export_csv(game_id: str):
    """The game as CSV: a row per hand and side, with each category's count and points.

    A hand entered by winners has no counts: its cards, coins and primiera cells are empty.
    """
    score = games.get(store(), game_id)
    game = score.game
    extras = [c for c in EXTRA_CATEGORIES if getattr(game.rules, c)]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([
        "hand", "side", "players", "cards", "coins", "settebello", "primiera", "scopas",
        *[f"points_{c}" for c in (*CATEGORIES, *extras)], "hand_points", "counted", "running_total",
    ])  # fmt: skip
    for played in score.rounds:
        for i, side in enumerate(played.score.sides):
            row = side.to_dict()
            counts = ["" if row[c] is None else row[c] for c in ("cards", "coins", "primiera")]
            writer.writerow(map(csv_cell, [
                played.number, side.name, " & ".join(game.sides[i].players), counts[0], counts[1],
                "yes" if row["settebello"] else "no", counts[2], side.scopas,
                *[side.points.get(c, 0) for c in (*CATEGORIES, *extras)], side.total, played.counted[i],
                played.totals[i],
            ]))  # fmt: skip
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="scopa-{game_id}.csv"'
    return response
