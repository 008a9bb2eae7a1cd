"""Paper: a printable sheet of a game, blank score pads, and exports (CSV, JSON)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from typing import Any

from flask import Response, abort, current_app, render_template, request, stream_with_context, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext, pgettext

from scorekeeper.rules import PROFILES, Rules
from scorekeeper.rules.cards import COURT_PRIMES, prime_values
from scorekeeper.rules.ledger import GameScore
from scorekeeper.rules.options import OPTION_CHOICES, OPTION_TITLES
from scorekeeper.rules.scoring import CATEGORIES, EXTRA_CATEGORIES, LATER_CATEGORIES, scored_categories
from scorekeeper.rules.seats import seat_groups
from scorekeeper.services import database, games, groups
from scorekeeper.services.errors import NotFound
from scorekeeper.web.common import limits, rendered
from scorekeeper.web.common.addresses import absolute
from scorekeeper.web.common.charts import progression_chart
from scorekeeper.web.common.context import store
from scorekeeper.web.common.exports import csv_cell, json_file, sheet_date
from scorekeeper.web.common.i18n import family_words, language, language_name, player_counts
from scorekeeper.web.common.lazy import _l, _lp
from scorekeeper.web.common.shapes import game_json
from scorekeeper.web.common.widgets import colours, option_label
from scorekeeper.web.paper import bp

# Short marks for a category on paper, as a score pad writes them (in the sheet's language).
MARKS = {
    "cards": _lp("pad mark for most cards", "Ca"),
    "coins": _lp("pad mark for most coins", "Co"),
    "settebello": "7",
    "primiera": _lp("pad mark for the primiera", "Pr"),
    "napola": _lp("pad mark for the napola", "N"),
    "re_bello": _lp("pad mark for the re bello", "R"),
    "scopas": _lp("pad mark for scopas", "Sc"),
    "donna_di_denari": _lp("pad mark for the donna di denari", "D"),
    "grande": _lp("pad mark for the grande", "G"),
    "coin_points": _lp("pad mark for the points for coins", "$"),
    "knocks": _lp("pad mark for knocks", "K"),
}
# Where a game family's pads and sheets mark a category otherwise: Escoba's setenta, Cirulla's piccola.
FAMILY_MARKS = {
    "escoba": {"primiera": _lp("pad mark for the setenta", "Se"), "scopas": _lp("pad mark for escobas", "Es")},
    "cirulla": {"napola": _lp("pad mark for the piccola", "Pi")},
}
# The marks written with their points: the napola's run, the coins counted, the knocks.
MARKS_WITH_POINTS = frozenset({"napola", "coin_points", "knocks"})
# Blank pads, one for each number of players: its title, and how its players sit (the core's layouts): a column
# for each side, seated as the core seats them (four in two partnerships, six in three teams of two).
PADS = {
    "2": (_l("2 players"), "alone"),
    "3": (_l("3 players"), "alone"),
    "4": (_l("4 players in two partnerships"), "teams"),
    "6": (_l("6 players in three teams of two"), "pairs"),
}
# Rows to fill by pen, each 8 mm tall (room to write in): 16 fit one A4 or Letter page with the chart below.
PAD_ROWS = 16
# The CSV's columns, headed in the reader's language (the order never changes).
CSV_COLUMNS = ("hand", "side", "players", "cards", "coins", "settebello", "primiera", "scopas")
CSV_TOTALS = ("hand_points", "counted", "running_total")
CSV_HEADINGS = {
    "hand": _lp("csv", "hand"),
    "side": _lp("csv", "side"),
    "players": _lp("csv", "players"),
    "cards": _lp("csv", "cards"),
    "coins": _lp("csv", "coins"),
    "settebello": _lp("csv", "settebello"),
    "primiera": _lp("csv", "primiera"),
    "scopas": _lp("csv", "scopas"),
    "points_cards": _lp("csv", "points_cards"),
    "points_coins": _lp("csv", "points_coins"),
    "points_settebello": _lp("csv", "points_settebello"),
    "points_primiera": _lp("csv", "points_primiera"),
    "points_scopas": _lp("csv", "points_scopas"),
    "points_napola": _lp("csv", "points_napola"),
    "points_re_bello": _lp("csv", "points_re_bello"),
    "points_donna_di_denari": _lp("csv", "points_donna_di_denari"),
    "points_grande": _lp("csv", "points_grande"),
    "points_coin_points": _lp("csv", "points_coin_points"),
    "points_knocks": _lp("csv", "points_knocks"),
    "hand_points": _lp("csv", "hand_points"),
    "counted": _lp("csv", "counted"),
    "running_total": _lp("csv", "running_total"),
}
# A spreadsheet runs a cell that starts like this as a formula (=HYPERLINK(...) in a side's name).


def pad_columns(kind: str) -> list[str]:
    """A pad's column heads, one for each side as the core seats its players: "Player 1", "Team 1 (seats 1 & 3)"."""
    _title, layout = PADS[kind]
    columns = []
    for i, seats in enumerate(seat_groups(int(kind), layout)):
        if len(seats) == 1:
            columns.append(gettext("Player %(n)s", n=i + 1))
        else:
            shown = [str(seat + 1) for seat in seats]
            columns.append(
                gettext("Team %(n)s (seats %(seats)s & %(last)s)", n=i + 1, seats=", ".join(shown[:-1]), last=shown[-1])
            )
    return columns


def family_marks(family: str) -> dict[str, Any]:
    """Each category's pad mark in a game family's words ("Se" for Escoba's setenta)."""
    return {**MARKS, **FAMILY_MARKS.get(family, {})}


def marks(points: dict[str, int], family: str = "scopa") -> str:
    """What a side scored in a hand, in pad marks: "Ca Co 7 ●●" (one ● per scopa), in the ``family``'s marks."""
    out = []
    said = family_marks(family)
    for category, value in points.items():
        if category == "scopas":
            out.append("●" * value)
        elif value:
            out.append(str(said[category]) + (str(value) if category in MARKS_WITH_POINTS else ""))
    return " ".join(m for m in out if m)


@bp.get("/g/<game_id>/sheet")
@limits.export
def game_sheet(game_id: str) -> ResponseReturnValue:
    """The game's score sheet, ready to print on A4 or Letter."""
    score = games.get(store(), game_id)
    viewer = url_for("game.scoreboard", game_id=game_id)
    rules = score.game.rules
    return render_template(
        "paper/sheet.html",
        score=score,
        marks=lambda points: marks(points, rules.family),
        viewer_url=absolute(viewer),
        qr_path=viewer,
        created=sheet_date(score.game.created),
        mark_names={k: str(v) for k, v in family_marks(rules.family).items()},
        # The legend of a sister game's sheet: its categories' marks and names (scopas are the dots).
        legend=[c for c in scored_categories(rules) if c != "scopas"],
        chart=progression_chart(score),
        colours=colours(len(score.game.sides)),
        print_languages=_print_languages("paper.game_sheet", game_id=game_id),
        **family_words(rules),
    )


def _print_languages(endpoint: str, **values: str) -> list[tuple[str, str, bool]]:
    """(name, address, chosen) for each language a sheet or pad can be printed in: ``?lang=`` picks it."""
    here = language()
    return [
        (language_name(code), url_for(endpoint, **{**values, **request.args.to_dict(), "lang": code}), code == here)
        for code in current_app.config["LANGUAGES"]
    ]


def _courts() -> str:
    """The ``primiera_courts`` a pad is printed for (``?primiera_courts=``), the usual "10" unless one is chosen."""
    chosen = request.args.get("primiera_courts", "10")
    return chosen if chosen in COURT_PRIMES else "10"


def _primiera_chart(courts: str = "10") -> list[tuple[str, int]]:
    """The primiera values, best first, as the pad prints them; court cards as ``primiera_courts`` values them."""
    primes = prime_values(courts)
    names = {1: pgettext("primiera chart", "Ace"), 8: pgettext("primiera chart", "Fante, Cavallo, Re")}
    if courts == "rank":
        names |= {
            10: pgettext("primiera chart", "Re"),
            9: pgettext("primiera chart", "Cavallo"),
            8: pgettext("primiera chart", "Fante"),
        }
        ranks: tuple[int, ...] = (7, 6, 1, 5, 4, 3, 2, 10, 9, 8)
    else:
        ranks = (7, 6, 1, 5, 4, 3, 2, 8)
    return [(names.get(rank, str(rank)), primes[rank]) for rank in ranks]


@bp.get("/pads")
@limits.export
def pads() -> ResponseReturnValue:
    """The blank score pads to print."""
    profile = PROFILES.get(request.args.get("profile", "classic"), PROFILES["classic"])
    courts = _courts()
    return render_template(
        "paper/pads.html",
        # Offered: the pads for as many players as the profile seats (Escoba and Cirulla: 2, 3 or 4). Any pad may
        # still be printed for any profile by its address: without a target for its count it has a line to write one.
        pads={
            kind: (title, pad_columns(kind)) for kind, (title, _layout) in PADS.items() if int(kind) in profile.players
        },
        profile=profile,
        profiles=PROFILES.values(),
        languages=_print_languages("paper.pads"),
        courts=courts,
        court_title=OPTION_TITLES["primiera_courts"],
        # What each pad's link carries: the rules, the courts' value if not the usual, the language if chosen.
        pad_args={
            "profile": profile.name,
            **({"primiera_courts": courts} if courts != "10" else {}),
            **({"lang": language()} if request.args.get("lang") else {}),
        },
        court_choices=[(value, option_label(value)) for value in OPTION_CHOICES["primiera_courts"]],
    )


@bp.get("/pads/<kind>")
@limits.export
def blank_pad(kind: str) -> ResponseReturnValue:
    """A blank pad: empty rows to fill by pen, the categories, the primiera chart, the targets."""
    if kind not in PADS:
        abort(404, gettext("Pads are made for %(counts)s players.", counts=player_counts()))
    profile = PROFILES.get(request.args.get("profile", "classic"))
    if profile is None:
        abort(404, str(_l("No rule profile has that name.")))
    title, columns = PADS[kind][0], pad_columns(kind)
    new_game = url_for("game.new_game")
    return render_template(
        "paper/pad.html",
        title=title,
        columns=columns,
        rows=PAD_ROWS,
        profile=profile,
        players=int(kind),
        target=profile.targets.get(int(kind)),
        categories=scored_categories(Rules.for_profile(profile.name)),
        chart=_primiera_chart(_courts()),
        new_game_url=absolute(new_game),
        qr_path=new_game,
        kind=kind,
        marks=family_marks(profile.family),
        **family_words(profile),
        print_languages=_print_languages("paper.blank_pad", kind=kind),
    )


@bp.get("/g/<game_id>/export.json")
@limits.export
def export_json(game_id: str) -> ResponseReturnValue:
    """The whole game as JSON (the API's game shape), as a file to keep; made once per game version."""
    text = _kept_game_file("json", game_id, lambda score: json_file(game_json(score)))
    response = Response(text, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="scopa-{game_id}.json"'
    return response


def _kept_game_file(kind: str, game_id: str, make: Callable[[GameScore], str]) -> str:
    """The game's ``kind`` of file, made by ``make`` once per game version and kept (``NotFound`` for no game)."""

    def version() -> int:
        found = games.version(store(), game_id)
        if found is None:
            raise NotFound("game")
        return found

    return rendered.kept(("game", kind, game_id), version, lambda: make(games.get(store(), game_id)))


@bp.get("/g/<game_id>/export.csv")
@limits.export
def export_csv(game_id: str) -> ResponseReturnValue:
    """The game as CSV: a row per hand and side, with each category's count and points; made once per version.

    A hand entered by winners has no counts: its cards, coins and primiera cells are empty.
    """
    text = _kept_game_file("csv", game_id, _game_csv)
    response = Response(text, mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="scopa-{game_id}.csv"'
    return response


def _game_csv(score: GameScore) -> str:
    game = score.game
    extras = [c for c in (*EXTRA_CATEGORIES, *LATER_CATEGORIES) if getattr(game.rules, c)]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [str(CSV_HEADINGS[c]) for c in (*CSV_COLUMNS, *[f"points_{c}" for c in (*CATEGORIES, *extras)], *CSV_TOTALS)]
    )
    for played in score.rounds:
        for i, side in enumerate(played.score.sides):
            row = side.to_dict()
            counts = ["" if row[c] is None else row[c] for c in ("cards", "coins", "primiera")]
            writer.writerow(
                map(
                    csv_cell,
                    [
                        played.number,
                        side.name,
                        " & ".join(game.sides[i].players),
                        counts[0],
                        counts[1],
                        pgettext("csv", "yes") if row["settebello"] else pgettext("csv", "no"),
                        counts[2],
                        side.scopas,
                        *[side.points.get(c, 0) for c in (*CATEGORIES, *extras)],
                        side.total,
                        played.counted[i],
                        played.totals[i],
                    ],
                )
            )
    return out.getvalue()


# A group's export: a row per game and side, the game's players and total, whether it won.
GROUP_CSV_COLUMNS = ("game", "name", "created", "finished", "side", "players", "total", "won")
GROUP_CSV_HEADINGS = {
    "game": _lp("csv", "game"),
    "name": _lp("csv", "name"),
    "created": _lp("csv", "created"),
    "finished": _lp("csv", "finished"),
    "side": _lp("csv", "side"),
    "players": _lp("csv", "players"),
    "total": _lp("csv", "total"),
    "won": _lp("csv", "won"),
}


def _after() -> str | None:
    """The ``?after=`` of a group export's page: the last game of the page before (None: the first page)."""
    return request.args.get("after")


def _next_page(endpoint: str, group_id: str, summed: list[dict[str, object]], more: bool) -> str | None:
    """The address of the export's next page (after the last game of this one), or None on the last page."""
    if not more or not summed:
        return None
    return absolute(url_for(endpoint, group_id=group_id, after=summed[-1]["id"]))


def _paged(response: Response, group_id: str, next_url: str | None, kind: str, after: str | None) -> Response:
    """An export's page as a file to keep, with a ``Link: <...>; rel="next"`` header to the next page."""
    part = f"-after-{after}" if after else ""
    response.headers["Content-Disposition"] = f'attachment; filename="scopa-group-{group_id}{part}.{kind}"'
    if next_url is not None:
        response.headers["Link"] = f'<{next_url}>; rel="next"'
    return response


@bp.get("/groups/<group_id>/export.csv")
@limits.export
def export_group_csv(group_id: str) -> ResponseReturnValue:
    """A group's games as CSV: a row per game and side, newest game first, a page of games at a time.

    ``?after=<game id>`` gives the page after that game; the ``Link`` header (rel="next") names the next page
    (the group's page links every page too). The rows are written out as they are made (a streamed response),
    from the summaries kept for each game.
    """
    db = store()
    after = _after()
    summed, more = groups.summaries_page(db, group_id, after, groups.EXPORT_CSV_GAMES)
    names = {p.id: p.name for p in groups.players(db, group_id)}
    next_url = _next_page("paper.export_group_csv", group_id, summed, more)
    yes, no = pgettext("csv", "yes"), pgettext("csv", "no")
    headings = [str(GROUP_CSV_HEADINGS[c]) for c in GROUP_CSV_COLUMNS]

    def rows() -> Iterator[str]:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(headings)
        for summary in summed:
            for i, side in enumerate(summary["sides"]):
                players = " & ".join(names.get(p, "?") for p in side["players"])
                writer.writerow(
                    map(
                        csv_cell,
                        [
                            summary["id"],
                            summary["name"],
                            summary["created"],
                            yes if summary["finished"] else no,
                            side["name"],
                            players,
                            side["total"],
                            yes if summary["winner"] == i else no,
                        ],
                    )
                )
            yield out.getvalue()
            out.seek(0)
            out.truncate()

    return _paged(Response(rows(), mimetype="text/csv"), group_id, next_url, "csv", after)


@bp.get("/groups/<group_id>/export.json")
@limits.export
def export_group_json(group_id: str) -> ResponseReturnValue:
    """A group as JSON: its players, and its games whole (the API's game shape), newest first, a page at a time.

    ``?after=<game id>`` gives the page after that game; ``next`` (also the ``Link`` header, rel="next") is the
    address of the next page, null on the last. Each game is read and written out in turn (a streamed
    response): a page holds a bounded number of games, and only one of them is in memory at a time.
    """
    db = store()
    group = groups.get(db, group_id)
    after = _after()
    summed, more = groups.summaries_page(db, group_id, after, groups.EXPORT_JSON_GAMES)
    next_url = _next_page("paper.export_group_json", group_id, summed, more)
    head = {
        "id": group["id"],
        "name": group["name"],
        "created": group["created"],
        "players": [{"id": p.id, "name": p.name} for p in groups.players(db, group_id)],
    }
    dumps = Response.json_module.dumps

    path = current_app.config["DATABASE"]

    def body() -> Iterator[str]:
        yield dumps(head, ensure_ascii=False, indent=2)[:-2] + ',\n  "games": ['
        # The request's own connection is closed once the view returns: the games are read on one of the
        # generator's own, closed when the last game is written (or the download is abandoned).
        reading = database.open_database(path)
        try:
            first = True
            for summary in summed:
                try:
                    whole = game_json(games.get(reading, summary["id"]))
                except NotFound:
                    continue  # gone since the page was read: the export lists the games there are
                yield ("\n" if first else ",\n") + dumps(whole, ensure_ascii=False)
                first = False
        finally:
            database.close(reading)
        yield '\n  ],\n  "next": ' + dumps(next_url) + "\n}\n"

    response = Response(stream_with_context(body()), mimetype="application/json")
    return _paged(response, group_id, next_url, "json", after)
