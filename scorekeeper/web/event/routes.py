"""Club nights and tournaments on the web: make an event, run it (pair rounds, correct or forfeit a table, close a
round, withdraw a player), the table cards, the standings for a big screen, the result sheet and the exports.

Routes of the ``pages`` blueprint. An event's page is open to anyone with its link; running it needs the
organiser key, kept on the phone that made the event or opened its organiser link. Each table is an ordinary
game: its card's QR code is the table's keeper link, so the players keep their own score on their own phone.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from babel.numbers import format_decimal
from flask import Response, abort, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, RadioField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional

from scorekeeper.rules import PROFILES, DeckStyle, Rules, ScopaError
from scorekeeper.rules.errors import InvalidGameError
from scorekeeper.rules.events import (
    ENTRANT_TEXT_MAX,
    ENTRANTS_TEXT_MAX,
    ENTRY_ORDER,
    MATCH_POINTS_MAX,
    PAIRS_TABLE,
    ROUND_ROBIN_UP_TO,
    ROUNDS_MAX,
    SINGLES_TABLE,
    TABLE_SIZES,
    MatchPoints,
    Standing,
    fixed_table_size,
    pairing_for,
    players_a_line,
    round_playable,
    split_pair,
    tiebreaks_of,
)
from scorekeeper.rules.families import FAMILIES as FAMILY_INFO
from scorekeeper.rules.game import GAME_NAME_MAX
from scorekeeper.rules.options import FAMILIES, TARGET_RANGE
from scorekeeper.rules.season import WEIGHT_DEFAULT, WEIGHT_MAX, WEIGHT_TEXT_MAX, read_date, read_weight
from scorekeeper.rules.stats import FAMILY_TITLES, family
from scorekeeper.services import events, groups
from scorekeeper.services.errors import Forbidden, NotFound
from scorekeeper.services.events import Event
from scorekeeper.web.common import limits, rendered
from scorekeeper.web.common.context import absolute, store
from scorekeeper.web.common.exports import csv_cell, json_file, sheet_date
from scorekeeper.web.common.fields import sentence
from scorekeeper.web.common.i18n import say
from scorekeeper.web.common.keepers import keep, keep_event, kept_event_key, kept_groups, opened_by_key
from scorekeeper.web.common.lazy import _l
from scorekeeper.web.common.qr import qr_svg
from scorekeeper.web.event import bp

# The core's table sizes (TABLE_SIZES), as the form offers them.
TABLE_WORDS = {SINGLES_TABLE: _l("One against one"), PAIRS_TABLE: _l("Two pairs (four players)")}
TIEBREAK_WORDS = {
    "points_difference": _l("game points difference"),
    "head_to_head": _l("head to head"),
    "buchholz": _l("Buchholz (the opponents' match points)"),
    "points_for": _l("game points won"),
}


def organiser_key(event_id: str) -> str | None:
    """This phone's organiser key for the event, if it is the organiser's."""
    key = kept_event_key(event_id)  # None in an offline copy: the public event page
    if key and events.is_organiser(store(), event_id, key):
        opened_by_key()
        return key
    return None


class EventForm(FlaskForm):
    """Make an event: its name, the players (or pairs), the pairing, the rounds and the rules of every table."""

    name = StringField(_l("Name of the event"), validators=[Optional()])
    players = TextAreaField(_l("Players"), validators=[Optional()])
    table_size = RadioField(
        _l("Tables"),
        choices=[SelectChoice(str(size), TABLE_WORDS[size]) for size in TABLE_SIZES],
        default=str(SINGLES_TABLE),
    )
    pairing = RadioField(
        _l("Pairing"),
        choices=[
            SelectChoice("auto", _l("As the field suits")),
            SelectChoice("round_robin", _l("Round-robin: everybody meets everybody")),
            SelectChoice("swiss", _l("Swiss: winners meet winners")),
            SelectChoice("baraonda", _l("Baraonda (partners change every round)")),
        ],
        default="auto",
    )
    date = StringField(_l("Day"), validators=[Optional()])
    weight = StringField(_l("Weight"), validators=[Optional()])
    rounds = IntegerField(_l("Rounds"), validators=[Optional(), NumberRange(1, ROUNDS_MAX)])
    profile = SelectField(_l("Rules"), choices=[SelectChoice(name, name) for name in PROFILES], default="classic")
    target = IntegerField(_l("Play to"), validators=[Optional(), NumberRange(*TARGET_RANGE)])
    # When the top totals are level at the target: another hand (the rules' ``end``), or a draw (``end: "draw"``).
    level = RadioField(
        _l("Level at the target"),
        choices=[
            SelectChoice("play_on", _l("Play another hand until one side is ahead")),
            SelectChoice("draw", _l("The game is a draw")),
        ],
        default="play_on",
    )
    # What a result is worth, the core's defaults filled in (MatchPoints).
    win = IntegerField(_l("Win"), default=MatchPoints().win, validators=[NumberRange(0, MATCH_POINTS_MAX)])
    draw = IntegerField(_l("Draw"), default=MatchPoints().draw, validators=[NumberRange(0, MATCH_POINTS_MAX)])
    loss = IntegerField(_l("Loss"), default=MatchPoints().loss, validators=[NumberRange(0, MATCH_POINTS_MAX)])
    bye = IntegerField(_l("Bye"), default=MatchPoints().bye, validators=[NumberRange(0, MATCH_POINTS_MAX)])
    group = SelectField(_l("Group"), choices=[SelectChoice("", "")], default="", validate_choice=False)

    def check_day_and_weight(self) -> None:
        """The day and the weight read by the core under the form's own labels, so that a refusal names each as
        the form shows it ("Day", not the API's "date"); the refusal keeps the field's name, which the page marks."""
        for field, reader in ((self.date, read_date), (self.weight, read_weight)):
            if field.data:
                try:
                    reader(field.data, str(field.label.text))
                except InvalidGameError as err:
                    raise InvalidGameError(err.message, field.name) from None

    def table_size_chosen(self) -> int:
        """The tables asked for: the pairing's own (a baraonda's four, whatever the form says), else the form's."""
        return fixed_table_size(self.pairing.data or "") or int(self.table_size.data or SINGLES_TABLE)

    def entrants(self) -> list[Any]:
        """The players' lines: a name each, or for fixed pairs a pair ("Anna & Carla", or "Anna, Carla")."""
        lines = [" ".join(line.split()) for line in (self.players.data or "").splitlines()]
        lines = [line for line in lines if line]
        if players_a_line(self.pairing.data or "", self.table_size_chosen()) == 1:
            return lines  # a line naming two is refused by the core, saying why
        return [split_pair(line) for line in lines]  # a line of one name is refused: a pair needs two


class ActionForm(FlaskForm):
    """An organiser's change: which round (and table), and what."""

    round = HiddenField()
    table = HiddenField()
    entrant = HiddenField()
    name = StringField()
    outcome = SelectField(
        choices=[SelectChoice(v, v) for v in ("game", "0", "1", "draw", "forfeit:0", "forfeit:1")], default="game"
    )
    points_a = IntegerField(validators=[Optional(), NumberRange(0, events.GAME_POINTS_MAX)])
    points_b = IntegerField(validators=[Optional(), NumberRange(0, events.GAME_POINTS_MAX)])


@bp.route("/events/new", methods=["GET", "POST"])
@limits.create
def new_event() -> ResponseReturnValue:
    """Make a club night or a tournament."""
    form = EventForm()
    kept = kept_groups()
    form.group.choices = [SelectChoice("", _("None"))] + [
        SelectChoice(g.id, g.name) for g in groups.found(store(), list(kept))
    ]
    form.profile.choices = [SelectChoice(name, say(p.title)) for name, p in PROFILES.items()]
    if request.method == "GET" and request.args.get("group") in kept:
        form.group.data = request.args["group"]
    error = None
    if form.validate_on_submit():
        entrants = form.entrants()
        pairing = form.pairing.data
        if pairing == "auto":
            pairing = pairing_for(len(entrants))
        group_id = form.group.data or None
        if group_id and group_id not in kept:
            group_id = None
        try:
            form.check_day_and_weight()
            rules = Rules.from_dict(
                {
                    "profile": form.profile.data,
                    **({"target": form.target.data} if form.target.data else {}),
                    **({"end": "draw"} if form.level.data == "draw" else {}),
                }
            )
            points = MatchPoints.parse(
                {"win": form.win.data, "draw": form.draw.data, "loss": form.loss.data, "bye": form.bye.data}
            )
            event_id, key = events.new_event(
                store(),
                name=form.name.data or "",
                players=entrants,
                pairing=pairing,
                rounds=form.rounds.data,
                table_size=form.table_size_chosen(),
                rules=rules,
                # Every table plays with the deck its family's tables use (Escoba the Spanish one).
                deck_style=DeckStyle.parse(rules.profile_info.deck),
                match_points=points,
                group_id=group_id,
                weight=form.weight.data or None,
                date=form.date.data or None,
            )
        except ScopaError as err:
            error = err
        else:
            keep_event(event_id, key)
            flash(_("Event made. This phone runs it: pair the first round when the players are seated."))
            return redirect(url_for("event.event_page", event_id=event_id))
    status = 400 if form.errors or error else 200
    return render_template(
        "event/event_new.html",
        form=form,
        error=error,
        profiles=PROFILES,
        families=[
            (FAMILY_TITLES[name], [(key, PROFILES[key]) for key in FAMILY_INFO[name].profiles]) for name in FAMILIES
        ],
        # The targets each family's tables usually play to (its first profile's: Scopa's classic one).
        family_targets=[
            (FAMILY_TITLES[name], PROFILES[FAMILY_INFO[name].profiles[0]].usual_targets) for name in FAMILIES
        ],
        usual_targets=sorted({n for p in PROFILES.values() for n in p.usual_targets}),
        name_max=GAME_NAME_MAX,
        players_max=ENTRANTS_TEXT_MAX,
        round_robin_up_to=ROUND_ROBIN_UP_TO,
        weight_max=int(WEIGHT_MAX),
        weight_text_max=WEIGHT_TEXT_MAX,
    ), status


@bp.get("/e/<event_id>/organise/<key>")
def organise_event(event_id: str, key: str) -> ResponseReturnValue:
    """The organiser link: this phone may run the event from now on."""
    events.get(store(), event_id)
    if not events.is_organiser(store(), event_id, key):
        abort(404, _("This organiser link is not valid: check that it was copied whole."))
    keep_event(event_id, key)
    flash(_("This phone may now run the event."))
    return redirect(url_for("event.event_page", event_id=event_id))


def tie_notes(standings: list[Standing]) -> list[str]:
    """Why each line equal on match points with the one above it comes below it, as the core says
    (``Standing.separated_by``): the tie-break that separated them, or none (listed by entry). Before any result
    or bye there is nothing to explain: everyone shares the first place, as the table's ranks show."""
    if not any(line.played or line.byes for line in standings):
        return []
    notes = []
    for place, line in enumerate(standings, start=1):
        if line.separated_by in TIEBREAK_WORDS:
            notes.append(
                _(
                    "Places %(a)s and %(b)s: equal on match points, separated by %(tiebreak)s.",
                    a=place - 1,
                    b=place,
                    tiebreak=TIEBREAK_WORDS[line.separated_by],
                )
            )
        elif line.separated_by == ENTRY_ORDER:
            notes.append(
                _(
                    "Places %(a)s and %(b)s: equal on every tie-break, sharing rank %(rank)s; listed in order of "
                    "entry.",
                    a=place - 1,
                    b=place,
                    rank=line.rank,
                )
            )
    return notes


def _view(event: Event) -> dict[str, Any]:
    """What every page of an event shows: its standings with names, the open round, the tie-breaks' order."""
    names = event.names
    standings = events.standings_of(event)
    return {
        "event": event,
        "names": names,
        "entrants": {e.id: e for e in event.entrants},
        "standings": standings,
        "tie_notes": tie_notes(standings),
        "tiebreaks": tiebreaks_of(event.pairing),
        "tiebreak_words": [str(TIEBREAK_WORDS[k]) for k in tiebreaks_of(event.pairing)],
        # The day it is played, and its weight in the group's season when it is not the ordinary 1.
        "day": sheet_date(event.date),
        "weight": format_decimal(event.weight, locale=get_locale()) if event.weight != WEIGHT_DEFAULT else None,
        "profile": PROFILES.get(event.rules.profile),
        "family": FAMILY_TITLES[family(event.rules.profile)],
        "target": event.rules.target_for(event.table_size),
    }


@bp.get("/e/<event_id>")
@rendered.kept_for_viewers("page", unless=lambda event_id: organiser_key(event_id) is not None)
def event_page(event_id: str) -> ResponseReturnValue:
    """An event: its standings, the round being played table by table, the rounds before; the organiser's tools.

    A viewer's page is made once per content of the event (``kept_for_viewers``), in the lane; the organiser's,
    made for each request (it holds the organiser link), is counted against the ``heavy`` budget as well."""
    if organiser_key(event_id) is not None:
        return _organiser_page(event_id)
    return _viewer_page(event_id)


@limits.heavy
def _organiser_page(event_id: str) -> ResponseReturnValue:
    return _event_page(event_id)


@limits.for_viewers
def _viewer_page(event_id: str) -> ResponseReturnValue:
    return _event_page(event_id)


def _event_page(event_id: str) -> ResponseReturnValue:
    event = events.get(store(), event_id)
    key = organiser_key(event_id)
    form = ActionForm()
    organiser_url = absolute(url_for("event.organise_event", event_id=event_id, key=key)) if key else None
    # One round's tables at a time: the latest (the one being played), or the one ``?round=`` asks for; the
    # others are a tap away. A festival's twenty rounds of sixty tables are not one page for a phone to poll.
    raw = request.args.get("round", "")
    chosen = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 3 else 0
    shown = event.rounds[chosen - 1] if 1 <= chosen <= len(event.rounds) else None
    if raw and shown is None and event.rounds:
        flash(
            _(
                "This event has no round %(n)s; its rounds are numbered 1 to %(last)s.",
                n=raw[:3],
                last=len(event.rounds),
            ),
            "error",
        )
    if shown is None and event.rounds:
        shown = event.rounds[-1]
    return render_template(
        "event/event.html",
        **_view(event),
        organiser=key is not None,
        # An event whose entrants still playing no longer make a table (of four, in a baraonda) can only end.
        pairable=round_playable(event.pairing, sum(1 for e in event.entrants if not e.withdrawn)),
        form=form,
        version=events.state(store(), event_id),
        shown=shown,
        event_url=absolute(url_for("event.event_page", event_id=event_id)),
        organiser_url=organiser_url,
        entrant_max=ENTRANT_TEXT_MAX,
        organiser_qr=qr_svg(organiser_url, _("QR code of the organiser link")) if organiser_url else None,
        viewer_qr=qr_svg(absolute(url_for("event.event_page", event_id=event_id)), _("QR code of this event's page")),
    )


@bp.get("/e/<event_id>/version")
def event_version(event_id: str) -> ResponseReturnValue:
    """A number that changes with the event and its tables' games: the big screen and the event page poll it."""
    return jsonify(version=events.state(store(), event_id))


@bp.get("/e/<event_id>/screen")
@rendered.kept_for_viewers("screen")
@limits.for_viewers
def event_screen(event_id: str) -> ResponseReturnValue:
    """The standings for a television or a projector: large, refreshed by itself as tables finish (made once per
    content of the event for every screen and phone showing it)."""
    event = events.get(store(), event_id)
    return render_template("event/event_screen.html", **_view(event), version=events.state(store(), event_id))


@bp.get("/e/<event_id>/rounds/<int:number>/cards")
@limits.heavy
def table_cards(event_id: str, number: int) -> ResponseReturnValue:
    """A printed card per table of a round: its number, its players and its QR keeper link (organiser only)."""
    event = events.get(store(), event_id)
    key = organiser_key(event_id)
    if key is None:
        abort(403, _("Only the organiser's phone can print the table cards: they hold each table's keeper link."))
    if not 1 <= number <= len(event.rounds):
        abort(404, _("This event has no round %(n)s yet.", n=number))
    played = event.rounds[number - 1]
    # A round paired with reusable cards (every round since they exist) prints each table's card link, which
    # opens whichever game the table plays now; an older round prints its games' own keeper links.
    reusable = all(table.seed.startswith(events.CARD_SEED) for table in played.tables)
    cards = []
    for table in played.tables:
        if reusable:
            link = absolute(
                url_for(
                    "event.table_card",
                    event_id=event_id,
                    number=table.number,
                    key=events.card_key(key, table.number),
                )
            )
        else:
            game_key = events.keeper_key(key, table.number, table.seed)
            link = absolute(url_for("game.keep_game", game_id=table.game_id, key=game_key))
        cards.append((table, qr_svg(link, _("Keeper link of table %(n)s", n=table.number)), link))
    return render_template("event/event_cards.html", **_view(event), played=played, cards=cards, reusable=reusable)


@bp.get("/e/<event_id>/t/<int:number>/<key>")
def table_card(event_id: str, number: int, key: str) -> ResponseReturnValue:
    """A reusable table card's link: this phone keeps the game table ``number`` plays in the latest round."""
    opened_by_key()
    try:
        found = events.card_game(store(), event_id, number, key)
    except Forbidden:
        abort(404, _("This table card's link is not valid: check that it was copied whole."))
    except NotFound as err:
        abort(404, sentence(err.message))
    for message in keep(found.game_id, found.key):
        flash(message, "error")
    flash(_("Table %(n)s, round %(r)s: this phone can now change the game.", n=found.number, r=found.round))
    return redirect(url_for("game.scoreboard", game_id=found.game_id))


@bp.get("/e/<event_id>/sheet")
@rendered.kept_for_viewers("sheet")
@limits.for_viewers
def event_sheet(event_id: str) -> ResponseReturnValue:
    """The result sheet: the standings and every round's results, on one page (made once per content of the event
    and kept, like the big screen)."""
    event = events.get(store(), event_id)
    return render_template(
        "event/event_sheet.html",
        **_view(event),
        created=sheet_date(event.date),
        event_url=absolute(url_for("event.event_page", event_id=event_id)),
    )


def _back(event_id: str, anchor: str = "", round_: int | None = None) -> ResponseReturnValue:
    """Back to the event's page (showing round ``round_``'s tables, when given), at ``anchor``."""
    return redirect(url_for("event.event_page", event_id=event_id, round=round_) + anchor)


def _organiser(event_id: str) -> str:
    key = organiser_key(event_id)
    if key is None:
        abort(403, _("Only the organiser's phone can run this event: open the organiser link on it first."))
    return key


def _number(value: str | None) -> int:
    return int(value) if value and value.isascii() and value.isdigit() and len(value) < 6 else 0


def _action(event_id: str) -> tuple[str, ActionForm]:
    """An organiser's change: this phone's organiser key (else a 403) and the form sent (else a 400)."""
    key = _organiser(event_id)
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    return key, form


def _report(err: ScopaError, event_id: str) -> ResponseReturnValue:
    flash(sentence(err.message), "error")
    return _back(event_id)


@bp.post("/e/<event_id>/pair")
@limits.laned
def pair_round(event_id: str) -> ResponseReturnValue:
    """Pair the next round (the form names it: a double tap pairs it once); its games count against this
    address's budget for new games."""
    key, form = _action(event_id)
    try:
        played = events.pair_next(
            store(), event_id, key, _number(form.round.data) or None, before_games=limits.spend_creations
        )
    except ScopaError as err:
        return _report(err, event_id)
    flash(_("Round %(n)s paired: print the table cards, or read them out.", n=played.number))
    # The top of the page, not the round's tables: the notice and the table cards link stay in view.
    return _back(event_id)


@bp.post("/e/<event_id>/finish")
@limits.heavy
def finish_event(event_id: str) -> ResponseReturnValue:
    """End the event after the rounds played (a baraonda whose players left too few for a table)."""
    key, _form = _action(event_id)
    try:
        events.finish(store(), event_id, key)
    except ScopaError as err:
        return _report(err, event_id)
    flash(_("The event is over: its standings are final."))
    return _back(event_id)


@bp.post("/e/<event_id>/close")
@limits.heavy
def close_round(event_id: str) -> ResponseReturnValue:
    key, form = _action(event_id)
    try:
        events.close_round(store(), event_id, key, _number(form.round.data))
    except ScopaError as err:
        return _report(err, event_id)
    flash(_("Round %(n)s closed: its results are kept as they are.", n=_number(form.round.data)))
    return _back(event_id)


@bp.post("/e/<event_id>/result")
@limits.heavy
def table_result(event_id: str) -> ResponseReturnValue:
    """Correct a table's result, mark it forfeited, or give it back to its game."""
    key = _organiser(event_id)
    form = ActionForm()
    if not form.validate_on_submit():
        flash(
            _("Choose a result from the list, and game points from 0 to %(max)s.", max=events.GAME_POINTS_MAX), "error"
        )
        return _back(event_id)
    points = None
    if form.points_a.data is not None and form.points_b.data is not None:
        points = [form.points_a.data, form.points_b.data]
    round_, number = _number(form.round.data), _number(form.table.data)
    try:
        events.set_result(store(), event_id, key, round_, number, form.outcome.data, points)
    except ScopaError as err:
        return _report(err, event_id)
    flash(_("Table %(n)s: result saved. The standings show it now.", n=number))
    return _back(event_id, f"#table-{round_}-{number}", round_)


@bp.post("/e/<event_id>/withdraw")
@limits.heavy
def withdraw_entrant(event_id: str) -> ResponseReturnValue:
    key, form = _action(event_id)
    back = request.form.get("back") == "1"
    try:
        entrant = events.withdraw(store(), event_id, key, form.entrant.data or "", not back)
    except ScopaError as err:
        return _report(err, event_id)
    if back:
        flash(_("%(name)s plays again from the next round.", name=entrant.name))
    else:
        flash(
            _(
                "%(name)s has left: the next rounds pair the others. A table of theirs still to start can be paired "
                "again; one under way can be given as a forfeit.",
                name=entrant.name,
            )
        )
    return _back(event_id, "#players")


@bp.post("/e/<event_id>/entrants")
@limits.entrants
def add_entrant(event_id: str) -> ResponseReturnValue:
    """A late arrival joins: paired from the next round (or now, by pairing the open round again)."""
    key, form = _action(event_id)
    try:
        entrant = events.add_entrant(store(), event_id, key, form.name.data or "")
    except ScopaError as err:
        return _report(err, event_id)
    flash(_("%(name)s joins: paired from the next round, or now with “Pair this round again”.", name=entrant.name))
    return _back(event_id, "#players")


@bp.post("/e/<event_id>/repair")
@limits.laned
def repair_round(event_id: str) -> ResponseReturnValue:
    """Pair the open round again at its tables not yet started; its new games count as ``pair_round``'s do."""
    key, form = _action(event_id)
    try:
        played = events.repair(store(), event_id, key, before_games=limits.spend_creations)
    except ScopaError as err:
        return _report(err, event_id)
    flash(_("Round %(n)s paired again at the tables not yet started.", n=played.number))
    return _back(event_id, f"#round-{played.number}")


# --- exports ------------------------------------------------------------------------------------------------------


def _export(event: Event) -> dict[str, Any]:
    from scorekeeper.web.api.events import event_json, standings_json

    return {"event": event_json(event), **standings_json(event, events.standings_of(event))}


@bp.get("/e/<event_id>/export.json")
@limits.export
def event_export_json(event_id: str) -> ResponseReturnValue:
    """The event, its rounds and tables and the standings as JSON (the API's shapes), as a file to keep."""
    text = rendered.kept_event("json", event_id, lambda: json_file(_export(events.get(store(), event_id))))
    response = Response(text, mimetype="application/json")
    response.headers["Content-Disposition"] = "attachment; filename=event.json"
    return response


@bp.get("/e/<event_id>/export.csv")
@limits.export
def event_export_csv(event_id: str) -> ResponseReturnValue:
    """The standings, then every table's result, in one CSV (for a spreadsheet)."""
    text = rendered.kept_event("csv", event_id, lambda: _event_csv(events.get(store(), event_id)))
    response = Response(text, mimetype="text/csv")
    response.headers["Content-Disposition"] = "attachment; filename=event.csv"
    return response


def _event_csv(event: Event) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    names = event.names
    writer.writerow(
        [
            _("Rank"),
            _("Name"),
            _("Played"),
            _("Won"),
            _("Drawn"),
            _("Lost"),
            _("Byes"),
            _("Match points"),
            _("Points for"),
            _("Points against"),
            _("Head to head"),
            _("Buchholz"),
        ]
    )
    for line in events.standings_of(event):
        writer.writerow(
            [
                csv_cell(v)
                for v in (
                    line.rank,
                    names[line.entrant],
                    line.played,
                    line.won,
                    line.drawn,
                    line.lost,
                    line.byes,
                    line.match_points,
                    line.points_for,
                    line.points_against,
                    line.tiebreaks.get("head_to_head", ""),
                    line.tiebreaks.get("buchholz", ""),
                )
            ]
        )
    writer.writerow([])
    writer.writerow([_("Round"), _("Table"), _("Side 1"), _("Side 2"), _("Points 1"), _("Points 2"), _("Result")])
    for played in event.rounds:
        for t in played.tables:
            writer.writerow(
                [
                    csv_cell(v)
                    for v in (
                        played.number,
                        t.number,
                        names[t.sides[0]],
                        names[t.sides[1]],
                        t.result.points[0],
                        t.result.points[1],
                        t.state,
                    )
                ]
            )
        for bye in played.byes:
            writer.writerow([played.number, "", csv_cell(names[bye]), _("bye"), "", "", ""])
    return "\ufeff" + out.getvalue()
