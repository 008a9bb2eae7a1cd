"""The JSON API for club nights and tournaments (API.md 1.2, "Events"; 1.3, "Baraonda" and an event's weight and
date for the season): events, rounds, tables and standings.

Every change needs the organiser key (``X-Organiser-Key``); a round's answer to the organiser holds each table's
keeper link and key, so a program can hand them to the tables.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable
from typing import Any, cast

from flask import Response, current_app, g, request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.rules import DeckStyle
from scorekeeper.rules.errors import InvalidGameError, InvalidRulesError
from scorekeeper.rules.events import MatchPoints, Standing, tiebreaks_of
from scorekeeper.rules.stats import family
from scorekeeper.rules.text import msg
from scorekeeper.services import events, groups
from scorekeeper.services.errors import Conflict, NotFound
from scorekeeper.services.events import Entrant, Event, Round, Table
from scorekeeper.web.api import bp
from scorekeeper.web.api.games import json_body, read_rules
from scorekeeper.web.common import limits, rendered
from scorekeeper.web.common.context import absolute, store
from scorekeeper.web.event.entrant import entrant_url

ORGANISER_HEADER = "X-Organiser-Key"


def organiser_key() -> str:
    return request.headers.get(ORGANISER_HEADER, "")


@bp.post("/events")
@limits.create
def create_event() -> ResponseReturnValue:
    """Make an event; the answer holds its organiser key, shown this once."""
    body = json_body()
    rules = read_rules(body)
    group_id = body.get("group")
    db = store()
    if group_id is not None:
        if not isinstance(group_id, str):
            raise InvalidGameError(msg("group must be the id of a group"), "group")
        groups.check_key(db, group_id, request.headers.get("X-Group-Key"))
    try:
        event_id, key = events.new_event(
            db,
            name=body.get("name"),
            players=body.get("players"),
            pairing=body.get("pairing", "swiss"),
            rounds=body.get("rounds"),
            table_size=body.get("table_size"),  # unsaid: the pairing's tables (a baraonda's four), else two
            rules=rules,
            deck_style=DeckStyle.parse(body.get("deck_style", rules.profile_info.deck)),
            match_points=MatchPoints.parse(body.get("match_points")),
            group_id=group_id,
            weight=body.get("weight"),
            date=body.get("date"),
        )
    except InvalidRulesError as err:
        raise err.at("rules") from None
    event = events.get(db, event_id)
    return {
        **event_json(event),
        "organiser_key": key,
        "organiser_url": absolute(url_for("event.organise_event", event_id=event_id, key=key)),
    }, 201


@bp.get("/events/<event_id>")
def get_event(event_id: str) -> ResponseReturnValue:
    """An event: its entrants, its rounds with their tables and results, and whether it is over (made once per
    content of the event for every reader without the organiser key, whose answer shows no table keys; made in
    the lane when the event changed since). The organiser's answer, with every table's keys, is made for each
    request: it is counted against the ``heavy`` budget and made in the lane."""
    key = organiser_key()
    if key and events.is_organiser(store(), event_id, key):
        return _organisers_event(event_id, key)
    body = rendered.kept_event("api", event_id, lambda: _readers_event(event_id))
    return Response(body, mimetype="application/json")


@limits.heavy
def _organisers_event(event_id: str, key: str) -> ResponseReturnValue:
    """The organiser's answer: the event without keys, made once per content of the event with a mark where each
    table's keeper key and link go, and kept (it holds no key); each request fills the marks in with the keys
    its own organiser key makes. An event whose marks could not be filled safely is made whole instead."""
    text = rendered.kept_event("api-organiser", event_id, lambda: _marked_event(event_id))
    body = _fill_keys(text, key)
    if body is None:
        return event_json(events.get(store(), event_id), key)
    return Response(body, mimetype=getattr(current_app.json, "mimetype", "application/json"))


# A table's keeper key and link in the organiser's kept answer: a mark naming the table (its number, its seed and its
# game), filled in for each request. The marks are told apart from any text the event holds by a random word made
# once per process, never sent (a kept answer's marks are all filled, or the answer is made whole).
_MARK = "k" + secrets.token_hex(12)
_MARKED = re.compile(r"[A-Za-z0-9_.-]+\Z")  # what a seed, a game id and a key are made of: written as they are


def _marked_event(event_id: str) -> str:
    """The organiser's answer as Flask would send it, with a mark for each table's ``keeper_key`` and
    ``keeper_url`` (empty when a table's seed or game id could not be written in a mark as it is)."""
    event = events.get(store(), event_id)
    if not all(_MARKED.match(t.seed) and _MARKED.match(t.game_id) for r in event.rounds for t in r.tables):
        return ""
    answer = cast(Response, current_app.json.response(event_json(event, _MARK)))
    return answer.get_data(as_text=True)


def _fill_keys(text: str, key: str) -> str | None:
    """``text`` made by ``_marked_event`` with each mark filled in for the organiser key ``key`` (None when the
    text could not be marked, or a mark is not as made)."""
    if not text or not _MARKED.match(key):
        return None
    pieces = text.split(f'"{_MARK}:')
    links = _links()
    ascii_only = getattr(current_app.json, "ensure_ascii", True)
    quote = json.encoder.encode_basestring_ascii if ascii_only else json.encoder.encode_basestring
    out = [pieces[0]]
    cards: dict[int, str] = {}
    for piece in pieces[1:]:
        mark, end, rest = piece.partition(f'{_MARK}"')
        kind, _, table = mark.partition(":")
        number_text, _, table = table.partition(":")
        seed, _, game_id = table.partition(":")
        if not end or not number_text.isdigit():
            return None
        number = int(number_text)
        if seed.startswith(events.CARD_SEED):
            if number not in cards:
                cards[number] = events.card_key(key, number)
            keeper = events.table_key(cards[number], seed)
        else:
            keeper = events.table_key(key, seed)
        if kind == "key":
            out.append(quote(keeper))
        elif kind == "url":
            out.append(quote(links.keeper(game_id, keeper)))
        else:
            return None
        out.append(rest)
    return "".join(out)


@limits.laned
def _readers_event(event_id: str) -> str:
    return str(current_app.json.dumps(event_json(events.get(store(), event_id))))


@bp.post("/events/<event_id>/rounds")
@limits.laned
def pair_round(event_id: str) -> ResponseReturnValue:
    """Pair the next round (the current one must have a result at every table; it is closed). Each game it starts
    counts against this address's budget for new games (``limits.spend_creations``): a round that would go over
    is refused whole (429), nothing paired."""
    body = json_body() if request.content_length else {}
    before = len(events.get(store(), event_id).rounds)
    played = events.pair_next(
        store(), event_id, organiser_key(), body.get("number"), before_games=limits.spend_creations
    )
    return round_json(events.get(store(), event_id), played, organiser_key()), 201 if played.number > before else 200


@bp.post("/events/<event_id>/finish")
@limits.heavy
def finish_event(event_id: str) -> ResponseReturnValue:
    """End the event after the rounds played (its open round is closed first): it is finished, its standings final
    and counted in its group's season."""
    return event_json(events.finish(store(), event_id, organiser_key()))


@bp.get("/events/<event_id>/rounds/<int:number>")
@limits.heavy
def get_round(event_id: str, number: int) -> ResponseReturnValue:
    event = events.get(store(), event_id)
    if not 1 <= number <= len(event.rounds):
        raise NotFound("event", msg("this event has no round %(n)s", n=number), "round")
    key = organiser_key()
    shown = key if key and events.is_organiser(store(), event_id, key) else None
    return round_json(event, event.rounds[number - 1], shown)


@bp.post("/events/<event_id>/rounds/<int:number>/close")
@limits.heavy
def close_round(event_id: str, number: int) -> ResponseReturnValue:
    events.close_round(store(), event_id, organiser_key(), number)
    event = events.get(store(), event_id)
    return round_json(event, event.rounds[number - 1], None)


@bp.post("/events/<event_id>/rounds/<int:number>/repair")
@limits.laned
def repair_round(event_id: str, number: int) -> ResponseReturnValue:
    """Pair the open round again among its tables not yet started (after a withdrawal); its new games count as a
    pairing's do."""
    event = events.get(store(), event_id)
    if event.current is None or event.current.number != number:
        raise Conflict(msg("only the open round can be paired again"), field="round")
    played = events.repair(store(), event_id, organiser_key(), before_games=limits.spend_creations)
    return round_json(events.get(store(), event_id), played, organiser_key())


@bp.put("/events/<event_id>/rounds/<int:number>/tables/<int:table>/result")
@limits.heavy
def set_result(event_id: str, number: int, table: int) -> ResponseReturnValue:
    """The organiser's word on a table: ``{"outcome": "0" | "1" | "draw" | "forfeit:0" | "forfeit:1" | "game",
    "points": [a, b]}``."""
    body = json_body()
    found = events.set_result(
        store(), event_id, organiser_key(), number, table, body.get("outcome"), body.get("points")
    )
    return table_json(events.get(store(), event_id), found, None)


@bp.post("/events/<event_id>/entrants")
@limits.entrants
def add_entrant(event_id: str) -> ResponseReturnValue:
    """A late arrival: ``{"name": "Anna"}`` (for tables of four ``{"name": ["Anna", "Carla"]}``)."""
    entrant = events.add_entrant(store(), event_id, organiser_key(), json_body().get("name"))
    return entrant_json(entrant, event_id), 201


@bp.post("/events/<event_id>/entrants/<entrant_id>/withdraw")
@limits.heavy
def withdraw(event_id: str, entrant_id: str) -> ResponseReturnValue:
    """An entrant leaves (``{"withdrawn": false}`` brings them back): later rounds pair the others."""
    body = json_body()
    value = body.get("withdrawn", True)
    if type(value) is not bool:
        raise InvalidGameError(msg("withdrawn must be true or false"), "withdrawn")
    entrant = events.withdraw(store(), event_id, organiser_key(), entrant_id, value)
    return entrant_json(entrant, event_id)


@bp.get("/events/<event_id>/standings")
@limits.heavy
def standings(event_id: str) -> ResponseReturnValue:
    """The standings now: finished tables count at once, tie-breaks in the event's stated order."""
    event = events.get(store(), event_id)
    return standings_json(event, events.standings_of(event))


# --- shapes ----------------------------------------------------------------------------------------------------


class _Links:
    """The absolute links an event's answer holds, each made from a template built once per request with
    ``url_for`` (a festival's answer holds thousands of links: ``url_for`` and the address they are built on cost
    tens of microseconds a call). A value that a path would quote or change is built with ``url_for`` itself."""

    def __init__(self) -> None:
        self._scoreboard = self._template(lambda a: absolute(url_for("game.scoreboard", game_id=a)), 1)
        self._keeper = self._template(lambda a, b: absolute(url_for("game.keep_game", game_id=a, key=b)), 2)
        self._entrant = self._template(entrant_url, 2)

    @staticmethod
    def _template(link: Callable[..., str], count: int) -> list[str] | None:
        """The pieces of ``link``'s answer around its ``count`` values, in order (None if they are not there)."""
        marks = [f"Zq{i}{_MARK}" for i in range(count)]
        text = link(*marks)
        pieces = []
        for mark in marks:
            before, found, text = text.partition(mark)
            if not found or any(m in before for m in marks):
                return None
            pieces.append(before)
        return [*pieces, text]

    @staticmethod
    def _fill(template: list[str] | None, link: Callable[..., str], *values: str) -> str:
        if template is None or not all(_MARKED.match(v) and ".." not in v and v != "." for v in values):
            return link(*values)
        out = [template[0]]
        for value, piece in zip(values, template[1:], strict=True):
            out += [value, piece]
        return "".join(out)

    def scoreboard(self, game_id: str) -> str:
        return self._fill(self._scoreboard, lambda a: absolute(url_for("game.scoreboard", game_id=a)), game_id)

    def keeper(self, game_id: str, key: str) -> str:
        return self._fill(
            self._keeper, lambda a, b: absolute(url_for("game.keep_game", game_id=a, key=b)), game_id, key
        )

    def entrant(self, event_id: str, entrant_id: str) -> str:
        return self._fill(self._entrant, entrant_url, event_id, entrant_id)


def _links() -> _Links:
    """This request's link templates (made at its first use)."""
    links: _Links | None = g.get("event_links")
    if links is None:
        links = g.event_links = _Links()
    return links


def entrant_json(entrant: Entrant, event_id: str | None = None) -> dict[str, Any]:
    """An entrant; with ``event_id``, also ``url``: their own read-only page (where they sit now and next)."""
    shaped = {"id": entrant.id, "name": entrant.name, "players": list(entrant.players), "withdrawn": entrant.withdrawn}
    if event_id is not None:
        shaped["url"] = _links().entrant(event_id, entrant.id)
    return shaped


def event_json(event: Event, key: str | None = None) -> dict[str, Any]:
    """The event as the API answers it; with the organiser ``key``, every table's keeper key and link (``_MARK``:
    marks for them, which ``_fill_keys`` fills in)."""
    sides: dict[str, dict[str, Any]] = {}  # each side's entrant as a table shows it, worked out once
    return {
        "id": event.id,
        "name": event.name,
        "created": event.created,
        "date": event.date,
        "weight": event.weight,
        "url": absolute(url_for("event.event_page", event_id=event.id)),
        "screen_url": absolute(url_for("event.event_screen", event_id=event.id)),
        "pairing": event.pairing,
        "rounds": event.planned,
        "table_size": event.table_size,
        "rules": event.rules.to_dict(),
        "profile": event.rules.profile,
        "family": family(event.rules.profile),
        "deck_style": event.deck_style.value,
        "match_points": event.match_points.to_dict(),
        "group": event.group_id,
        "players": [entrant_json(e, event.id) for e in event.entrants],
        "played_rounds": [round_json(event, r, key, sides) for r in event.rounds],
        "finished": event.finished,
    }


def round_json(
    event: Event, played: Round, key: str | None, sides: dict[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    names = event.names
    sides = {} if sides is None else sides
    return {
        "number": played.number,
        "closed": played.closed,
        "tables": [table_json(event, t, key, sides) for t in played.tables],
        "bye": names.get(played.bye) if played.bye else None,
        "bye_entrant": played.bye,
        "byes": [names[b] for b in played.byes],
    }


def table_json(
    event: Event, table: Table, key: str | None, sides: dict[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A table; with the organiser ``key``, its keeper key and link (``_MARK``: marks for them). ``sides`` keeps
    each side's entrant as shown, for the tables of one answer."""
    links = _links()
    game: dict[str, Any] = {"id": table.game_id, "url": links.scoreboard(table.game_id)}
    if key == _MARK:
        where = f"{table.number}:{table.seed}:{table.game_id}"
        game["keeper_key"] = f"{_MARK}:key:{where}{_MARK}"
        game["keeper_url"] = f"{_MARK}:url:{where}{_MARK}"
    elif key:
        keeper = events.keeper_key(key, table.number, table.seed)
        game["keeper_key"] = keeper
        game["keeper_url"] = links.keeper(table.game_id, keeper)
    shown = {} if sides is None else sides
    for e in table.sides:
        if e not in shown:
            shown[e] = {k: v for k, v in entrant_json(event.side(e)).items() if k != "id"}
    result = table.result
    return {
        "number": table.number,
        "round": table.round,
        "game": game,
        # A side: its entrant (a baraonda's partnership: "3+7", named "Anna & Carla", with ``entrants`` ["3", "7"]).
        "sides": [
            {"entrant": e, **shown[e], "entrants": list(seated)}
            for e, seated in zip(table.sides, table.seated, strict=True)
        ],
        "state": table.state,
        "hands": table.hands,
        "totals": list(table.totals),
        "result": {
            "done": result.done,
            "winner": result.winner,
            "draw": result.draw,
            "forfeit": result.forfeit,
            "points": list(result.points),
        },
    }


def standings_json(event: Event, table: list[Standing]) -> dict[str, Any]:
    entrants = {e.id: e for e in event.entrants}
    return {
        "round": len(event.rounds),
        "rounds": event.planned,
        "finished": event.finished,
        "tiebreaks": list(tiebreaks_of(event.pairing)),
        "standings": [
            {
                **line.to_dict(),
                "name": entrants[line.entrant].name,
                "players": list(entrants[line.entrant].players),
                "withdrawn": entrants[line.entrant].withdrawn,
            }
            for line in table
        ],
    }
