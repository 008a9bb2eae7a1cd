"""The JSON API, version 1 (shapes in API.md): capture checker, scoring, rules."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from flask import request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.rules import (
    DECK,
    PROFILES,
    Card,
    DeckStyle,
    Rules,
    ScopaError,
    Side,
    deal_check,
    judge_play,
    list_moves,
    parse_cards,
)
from scorekeeper.rules.cards import ensure_disjoint
from scorekeeper.rules.errors import InvalidGameError, InvalidRoundError, InvalidRulesError
from scorekeeper.rules.game import GAME_NAME_MAX, NAME_MAX, clean_name
from scorekeeper.rules.ledger import Game, GameScore, HandEntry, rest_goes_to, score_entry
from scorekeeper.rules.moves import DEAL_CARDS, HAND_MAX, MOVES_PER_CARD, TABLE_MAX, Move
from scorekeeper.rules.options import (
    OPTION_CHOICES,
    OPTION_GROUPS,
    OPTION_HELP,
    OPTION_NEEDS,
    OPTION_TITLES,
    SIDES_MAX,
    SIDES_MIN,
    USUAL_TARGETS,
)
from scorekeeper.rules.seats import DEFAULT_LAYOUT, LAYOUTS, default_name, is_clock, make_sides
from scorekeeper.rules.text import Voice, msg
from scorekeeper.rules.text import keys as quoted
from scorekeeper.services import games, groups, keys
from scorekeeper.web.api import bp
from scorekeeper.web.common import fragments, kept_json, limits
from scorekeeper.web.common.context import absolute, store
from scorekeeper.web.common.i18n import say, voice
from scorekeeper.web.common.keepers import keeper_key, keeper_only
from scorekeeper.web.common.shapes import game_json, round_json


class BadRequest(ScopaError):
    """A request body that is not the JSON the endpoint expects."""

    kind = "bad_request"


# The deepest body any endpoint reads (a game's sides, a tally) is 4 levels; allow some room.
JSON_DEPTH_MAX = 16


def _depth(value: object) -> int:
    """How deeply lists and objects nest in ``value`` (without recursion, whatever the depth)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _not_text(value: object) -> str | None:
    """The path of the first string in ``value`` (a key or a value) that is not text, else None.

    JSON may escape a lone half of a surrogate pair (``"\\ud800"``): Python reads it into a string that no
    text encoding can write, so no name, id or key may hold one.
    """
    stack: list[tuple[object, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return path or "body"
        elif isinstance(item, dict):
            for key, child in item.items():
                where = f"{path}.{key}" if path else str(key)
                if _not_text(key) is not None:
                    return path or "body"
                stack.append((child, where))
        elif isinstance(item, list):
            stack.extend((child, f"{path}[{i}]") for i, child in enumerate(item))
    return None


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what was expected (the size is bounded by the app)."""
    if not request.is_json:
        raise BadRequest(msg("the body must be a JSON object, sent with Content-Type: application/json"))
    try:
        body = json.loads(request.get_data(cache=True))
    except RecursionError:
        body = None
        too_deep = True
    except ValueError:
        raise BadRequest(
            msg("the body is not valid JSON (UTF-8 text, numbers of at most 4,300 digits); send a JSON object")
        ) from None
    else:
        too_deep = _depth(body) > JSON_DEPTH_MAX
    if too_deep:
        raise BadRequest(msg("the body is nested too deeply; at most %(n)s levels (a hand needs 4)", n=JSON_DEPTH_MAX))
    if not isinstance(body, dict):
        raise BadRequest(msg("the body must be a JSON object, sent with Content-Type: application/json"))
    broken = _not_text(body)
    if broken is not None:
        raise BadRequest(
            msg("%(what)s must be plain text: letters, digits, spaces and punctuation", what=broken), broken
        )
    return body


def read_rules(body: dict[str, Any]) -> Rules:
    """The ``rules`` object of a body, with errors placed under ``rules``."""
    try:
        return Rules.from_dict(body.get("rules"))
    except ScopaError as err:
        raise err.at("rules") from None


def read_flag(body: dict[str, Any], key: str) -> bool:
    """An optional true/false field."""
    value = body.get(key, False)
    if type(value) is not bool:
        raise BadRequest(msg("%(key)s must be true or false", key=key), key)
    return value


def move_json(move: Move, said: Voice) -> dict[str, Any]:
    """One legal play as the API shows it, its reason in the reader's language."""
    return {
        "card": str(move.card),
        "capture": [str(c) for c in move.capture],
        "scopa": move.scopa,
        "rule": move.rule,
        "why": said.say(move.why),
    }


def read_style(body: dict[str, Any]) -> DeckStyle | None:
    """The optional ``deck_style`` of a question: cards in its answers are named in it (codes without it)."""
    if body.get("deck_style") is None:
        return None
    try:
        return DeckStyle.parse(body["deck_style"])
    except ScopaError as err:
        raise err.at("deck_style") from None


@bp.post("/moves")
@limits.checker
def moves() -> ResponseReturnValue:
    """Every legal play of every hand card on a table."""
    body = json_body()
    hand = parse_cards(body.get("hand"), "hand", low=1, high=HAND_MAX)
    table = parse_cards(body.get("table", []), "table", high=TABLE_MAX)
    ensure_disjoint([("hand", hand), ("table", table)])
    last_play = read_flag(body, "last_play")
    first_lead = read_flag(body, "first_lead")
    # ``last_deal``: the stock is empty (scopa_in_last_deal).
    last_deal = read_flag(body, "last_deal")
    rules = read_rules(body)
    said = voice(read_style(body))
    listed = list_moves(hand, table, rules, last_play, first_lead=first_lead, last_deal=last_deal)
    # A made-up crowded table has thousands of plays: each card's are listed up to MOVES_PER_CARD and counted.
    return {
        "moves": [move_json(m, said) for m in listed.moves],
        "count": listed.count,
        "complete": listed.complete,
        "cards": [{"card": str(card), "count": n} for card, n in listed.counts],
        "per_card": MOVES_PER_CARD,
    }


@bp.post("/judge")
@limits.checker
def judge() -> ResponseReturnValue:
    """Judge a claimed play: the card played and the table cards taken."""
    body = json_body()
    try:
        card = Card.parse(body.get("card"))
    except ScopaError as err:
        raise err.at("card") from None
    table = parse_cards(body.get("table", []), "table", high=TABLE_MAX)
    capture = parse_cards(body.get("capture", []), "capture", high=TABLE_MAX)
    last_play = read_flag(body, "last_play")
    # ``first_lead``: the card leads the hand (no_ace_first_lead); ``hand``, optional, the cards held with it.
    first_lead = read_flag(body, "first_lead")
    last_deal = read_flag(body, "last_deal")
    hand = None
    if body.get("hand") is not None:
        hand = parse_cards(body["hand"], "hand", high=HAND_MAX)
        ensure_disjoint([("hand", hand), ("table", table)])
    rules = read_rules(body)
    verdict = judge_play(card, capture, table, rules, last_play, first_lead=first_lead, hand=hand, last_deal=last_deal)
    said = voice(read_style(body))
    return {
        "legal": verdict.legal,
        "rule": verdict.rule,
        "rule_text": said.say(verdict.rule_text),
        "reason": said.say(verdict.reason),
        "card": str(verdict.card),
        "capture": [str(c) for c in verdict.capture],
        "scopa": verdict.scopa,
        "alternatives": [move_json(m, said) for m in verdict.alternatives],
        # At most MOVES_PER_CARD alternatives are listed; "count" is how many legal plays the card has in all.
        "count": verdict.options,
        "complete": verdict.more == 0,
    }


@bp.post("/deal")
@limits.checker
def deal() -> ResponseReturnValue:
    """Check the four cards first dealt to the table: a redeal (the ``redeal`` option: 3 or 4 kings by default),
    and with ``deal_fifteen`` the cards taken at once as scopas. ``reason`` says which rule decided."""
    body = json_body()
    table = parse_cards(body.get("table"), "table", low=DEAL_CARDS, high=DEAL_CARDS)
    check = deal_check(table, read_rules(body))
    fifteen = check.fifteen
    return {
        "redeal": check.redeal,
        "kings": check.kings,
        "reason": voice(read_style(body)).say(check.reason),
        "deal_fifteen": None if fifteen is None else {"side": fifteen.side, "scopas": fifteen.scopas},
    }


def read_side_names(body: dict[str, Any]) -> list[str]:
    """The optional ``name`` of each side of a hand to score (``Side 1``, ``Side 2``... when left out)."""
    names = []
    rows = body.get("sides")
    for i, side in enumerate(rows if isinstance(rows, list) else []):
        name = side.get("name", say(msg("Side %(n)s", n=i + 1))) if isinstance(side, dict) else ""
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX:
            raise InvalidRoundError(
                msg("a side's name must be 1 to %(max)s characters", max=NAME_MAX), f"sides[{i}].name"
            )
        names.append(name.strip())
    return names


@bp.post("/score")
@limits.checker
def score() -> ResponseReturnValue:
    """Score one hand without saving it."""
    body = json_body()
    rules = read_rules(body)
    body, rest_to = _rest_given(body)
    entry = HandEntry.from_json(body)
    scored = score_entry(entry, read_side_names(body), rules).to_dict(voice(read_style(body)))
    return {**scored, "rest_to": rest_to} if body.get("rest") == "auto" else scored


def _rest_given(body: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """With ``"rest": "auto"`` (the card grid, as cards are tapped): the cards in no pile go where the core says
    (``rest_goes_to``), and the answer says where (``rest_to``; null when the person must say)."""
    sides = body.get("sides")
    if (
        body.get("rest") != "auto"
        or not isinstance(sides, list)
        or not all(isinstance(s, dict) and isinstance(s.get("pile"), list) for s in sides)
    ):
        return body, None
    to = rest_goes_to(len(sides), [i for i, s in enumerate(sides) if s["pile"]])
    if to is None:
        return body, None
    given = set()
    for s in sides:
        for code in s["pile"]:
            with contextlib.suppress(ScopaError, TypeError, ValueError):  # refused below, by the hand's own checks
                given.add(Card.parse(code))
    rest = [str(card) for card in DECK if card not in given]
    return {**body, "sides": [{**s, "pile": [*s["pile"], *rest]} if i == to else s for i, s in enumerate(sides)]}, to


@bp.post("/sides")
@limits.checker
def sides_of() -> dict[str, Any]:
    """The sides that names in seat order make, and the name a game of them gets when none is written, as the core
    makes them (nothing is saved): the new-game page's suggestion as the names are typed."""
    body = json_body()
    players = body.get("players")
    if not isinstance(players, list) or not SIDES_MIN <= len(players) <= SIDES_MAX:
        raise InvalidGameError(
            msg("players must list %(low)s to %(high)s names in seat order", low=SIDES_MIN, high=SIDES_MAX), "players"
        )
    names = [clean_name(p, f"players[{i}]", "player") for i, p in enumerate(players)]
    layout = body.get("layout", DEFAULT_LAYOUT)
    if not isinstance(layout, str) or layout not in LAYOUTS:
        raise BadRequest(msg("layout must be one of %(names)s", names=quoted(LAYOUTS)), "layout")
    clock = body.get("clock")
    if not isinstance(clock, str) or not is_clock(clock):
        raise BadRequest(msg('clock must be the time of day as the phone shows it, e.g. "21:40"'), "clock")
    sides = make_sides(names, layout)
    return {"sides": [{"name": s.name, "players": list(s.players)} for s in sides], "name": default_name(sides, clock)}


# --- Games ----------------------------------------------------------------------------------------


def read_sides(body: dict[str, Any]) -> list[Side]:
    """The sides of a new game: ``{"name"}`` for a player alone, ``{"name", "players"}`` for a team."""
    rows = body.get("sides")
    if not isinstance(rows, list) or not SIDES_MIN <= len(rows) <= SIDES_MAX:
        raise InvalidGameError(
            msg(
                'sides must list %(low)s to %(high)s players or teams, e.g. [{"name": "Anna"}, {"name": "Bruno"}]',
                low=SIDES_MIN,
                high=SIDES_MAX,
            ),
            "sides",
        )
    sides = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or not isinstance(row.get("name"), str):
            raise InvalidGameError(msg('each side needs a name, e.g. {"name": "Anna"}'), f"sides[{i}].name")
        players = row.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise InvalidGameError(msg("players must be a list of names"), f"sides[{i}].players")
        sides.append(Side(row["name"], tuple(players)))
    return sides


@bp.post("/games")
@limits.create
def create_game() -> ResponseReturnValue:
    """Start a game; the answer holds its keeper key, shown this once."""
    body = json_body()
    rules = read_rules(body)
    sides = read_sides(body)
    name = body.get("name", "")
    if not isinstance(name, str):
        raise InvalidGameError(msg("name must be text, at most %(max)s characters", max=GAME_NAME_MAX), "name")
    style = DeckStyle.parse(body.get("deck_style", rules.profile_info.deck))  # Escoba Spanish, Cirulla French
    group_id = body.get("group")
    also = None
    if group_id is not None:
        # A game in a group (API.md 1.2): the group's key, and the sides' players matched to the group's players.
        if not isinstance(group_id, str):
            raise InvalidGameError(msg("group must be the id of a group"), "group")
        db = store()
        groups.check_key(db, group_id, request.headers.get("X-Group-Key"))

        def also(game: Game) -> None:
            groups.join(db, group_id, game)

    try:
        game, key = games.new_game(store(), name, sides, rules, style, also)
    except InvalidRulesError as err:
        raise err.at("rules") from None
    keeper_url = absolute(url_for("game.keep_game", game_id=game.id, key=key))
    made = {**game_json(games.get(store(), game.id)), "keeper_key": key, "keeper_url": keeper_url}
    return ({**made, "group": group_id} if group_id else made), 201


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> ResponseReturnValue:
    """A game with every hand, the totals and the winner; ``If-None-Match`` with its version answers 304.

    The body of each version is made once and kept as bytes, with a gzip copy for readers that take it
    (``kept_json``): a long game's body is the only thing here that grows with the game, so it is not made or
    encoded again for every reader that asks. Its reasons and status are in the reader's language. A new version's
    body is assembled from each hand's encoded JSON, kept from the versions before (``fragments``), and the fields
    that moved: ``game_json`` makes the game without its hands.
    """
    return kept_json.game_answer(game_id, lambda score: fragments.game_bytes(score, game_json))


def _round_body(game_id: str) -> tuple[dict[str, Any], HandEntry]:
    body = json_body()
    return body, HandEntry.from_json(body, len(games.get(store(), game_id).game.sides))


def _version(value: object, field: str = "version") -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 0 < value < 2**62:
        raise BadRequest(msg("version must be the whole number the hand had when you read it"), field)
    return value


def _round_answer(score: GameScore, number: int) -> dict[str, Any]:
    return {**round_json(score, number), "winner": score.winner, "finished": score.finished, "draw": score.draw}


@bp.post("/games/<game_id>/rounds")
def add_round(game_id: str) -> ResponseReturnValue:
    """Record a hand; the same submission_id again answers the same hand and stores nothing.

    One service call checks the keeper key, then reads the body against the game (``sent``), and records it.
    """

    def sent(game: Game) -> games.HandSent:
        body = json_body()
        entry = HandEntry.from_json(body, len(game.sides))
        submission_id = keys.check_submission_id(body.get("submission_id"))
        shown = body.get("scopas_shown")
        if shown is not None and not isinstance(shown, list):
            raise BadRequest(msg("scopas_shown must list the scopas shown for each side"), "scopas_shown")
        # ``number``: the hand the client meant; a hand saved meanwhile by another client makes this a 409 stale.
        return games.HandSent(entry, submission_id, shown, body.get("number"))

    done = games.record(store(), game_id, keeper_key(game_id), sent)
    return _round_answer(done.score, done.number), 201 if done.created else 200


@bp.put("/games/<game_id>/rounds/<int:number>")
def put_round(game_id: str, number: int) -> ResponseReturnValue:
    """Replace a hand and re-score the game; with ``version``, only if the hand is still in that state."""
    keeper_only(game_id)
    body, entry = _round_body(game_id)
    submission_id = body.get("submission_id")
    if submission_id is not None:
        keys.check_submission_id(submission_id)
    changed = games.replace_hand(store(), game_id, number, entry, _version(body.get("version")), submission_id)
    return _round_answer(changed.score, changed.number or number)


def _if_match() -> int | None:
    """The version named by an ``If-Match`` header (``"12"``, ``W/"12"`` or ``12``), if any."""
    raw = request.headers.get("If-Match")
    if raw is None:
        return None
    tag = raw.strip().removeprefix("W/").strip('"')
    if not tag.isascii() or not tag.isdigit() or len(tag) > 18:
        raise BadRequest(msg('If-Match must name the hand\'s version, e.g. "12"'), "If-Match")
    return int(tag)


@bp.delete("/games/<game_id>/rounds/<int:number>")
def remove_round(game_id: str, number: int) -> ResponseReturnValue:
    """Delete a hand; later hands move up one. ``?version=`` or ``If-Match`` and ``?submission_id=`` make it safe."""
    keeper_only(game_id)
    raw = request.args.get("version")
    if raw is not None and not (raw.isascii() and raw.isdigit() and len(raw) <= 18):
        raise BadRequest(msg("version must be the whole number the hand had when you read it"), "version")
    version = int(raw) if raw is not None else _if_match()
    submission_id = request.args.get("submission_id")
    if submission_id is not None:
        keys.check_submission_id(submission_id)
    games.delete_hand(store(), game_id, number, version, submission_id)
    return "", 204


@bp.post("/games/<game_id>/scopas")
def mark_scopa(game_id: str) -> ResponseReturnValue:
    """Mark (``change`` 1) or take back (-1) a scopa of the hand in progress, as it happens. ``hand`` (optional):
    the hand being played as the client saw it; a hand saved meanwhile by another client makes this a 409 stale."""
    keeper_only(game_id)
    body = json_body()
    submission_id = keys.check_submission_id(body.get("submission_id"))
    score = games.mark_scopa(store(), game_id, body.get("side"), body.get("change", 1), submission_id, body.get("hand"))
    return game_json(score)


@bp.get("/rules")
def rules_index() -> ResponseReturnValue:
    """The rule profiles and options, for clients that build their own forms."""
    return {
        "profiles": [
            {
                "name": p.name,
                "title": say(p.title),
                "description": say(p.description),
                "source": say(p.source),
                "options": Rules.for_profile(p.name).to_dict(),
                "targets": {str(n): t for n, t in p.targets.items()},
                "deals": {str(n): d for n, d in p.deals.items()},
                "players": list(p.players),
                "adjustable": list(p.adjustable),
                # The deck its tables usually play with and the targets they usually play to.
                "deck": p.deck,
                "usual_targets": list(p.usual_targets),
            }
            for p in PROFILES.values()
        ],
        "options": {
            k: {
                "values": list(v),
                "help": say(OPTION_HELP[k]),
                "title": say(OPTION_TITLES[k]),
                # The other options this one means something only with (a 400 names it otherwise).
                "needs": {other: value for other, value in OPTION_NEEDS.get(k, ())},
            }
            for k, v in OPTION_CHOICES.items()
        },
        "groups": [{"title": say(title), "options": list(names)} for title, names in OPTION_GROUPS],
        "usual_targets": list(USUAL_TARGETS),
    }


# --- Groups, statistics, head to head (API.md 1.2) -------------------------------------------------------------


@bp.post("/groups")
@limits.create
def create_group() -> ResponseReturnValue:
    """Make a group; the answer holds its group key, shown this once."""
    body = json_body()
    group_id, name, key = groups.new_group(store(), body.get("name"))
    return {
        "id": group_id,
        "name": name,
        "group_key": key,
        "url": absolute(url_for("group.group_page", group_id=group_id)),
        "keeper_url": absolute(url_for("group.keep_group", group_id=group_id, key=key)),
    }, 201


@bp.get("/groups/<group_id>")
@limits.heavy
def get_group(group_id: str) -> ResponseReturnValue:
    """A group: its players (with their finished games and wins) and a page of its games, newest first.

    ``games`` holds at most ``groups.API_GROUP_GAMES`` games; ``?after=<game id>`` gives the page after that game,
    as the group's exports page. ``more`` says whether older games follow and ``next`` (also the ``Link`` header,
    rel="next") is the address of the next page, null on the last; ``games_total`` counts every game of the group.
    """
    db = store()
    seen = groups.overview(db, group_id)
    group, known, names, records = seen.group, seen.players, seen.names, seen.records
    after = request.args.get("after")
    page, more = groups.summaries_page(db, group_id, after, groups.API_GROUP_GAMES)
    next_url = None
    if more and page:
        next_url = absolute(url_for("api.get_group", group_id=group_id, after=page[-1]["id"]))
    body = {
        "id": group["id"],
        "name": group["name"],
        "created": group["created"],
        "url": absolute(url_for("group.group_page", group_id=group_id)),
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "games": records[p.id].games,
                "wins": records[p.id].wins,
                "draws": records[p.id].draws,
                "losses": records[p.id].losses,
            }
            for p in known
        ],
        "games": [group_game_json(s, names) for s in page],
        "games_total": len(seen.summaries),
        "more": more,
        "next": next_url,
    }
    return body, 200, ({"Link": f'<{next_url}>; rel="next"'} if next_url else {})


def group_game_json(summary: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A game as a group lists it (API.md 1.2)."""
    return {
        "id": summary["id"],
        "name": summary["name"],
        "created": summary["created"],
        "finished": summary["finished"],
        "winner": summary["winner"],
        "draw": bool(summary["finished"] and summary["winner"] is None),
        "profile": summary["profile"],
        "family": summary["family"],
        "hands": summary["hands"],
        "url": absolute(url_for("game.scoreboard", game_id=summary["id"])),
        "sides": [
            {"name": s["name"], "players": [names.get(p, "?") for p in s["players"]], "total": s["total"]}
            for s in summary["sides"]
        ],
    }


@bp.get("/groups/<group_id>/stats")
@limits.heavy
def group_stats(group_id: str) -> ResponseReturnValue:
    """Every player's (and team's) statistics over the group's finished games."""
    return groups.stats(store(), group_id)


@bp.get("/groups/<group_id>/head-to-head")
@limits.heavy
def group_head_to_head(group_id: str) -> ResponseReturnValue:
    """Two players (or teams, ``id+id``) over the finished games where they sat on opposite sides."""
    db = store()
    groups.get(db, group_id)
    return groups.versus(db, group_id, request.args.get("a", ""), request.args.get("b", ""))


@bp.patch("/groups/<group_id>/players/<player_id>")
@limits.entrants
def rename_player(group_id: str, player_id: str) -> ResponseReturnValue:
    """Rename a player (the group key): their games stay theirs."""
    db = store()
    groups.check_key(db, group_id, request.headers.get("X-Group-Key"))
    found = groups.rename(db, group_id, player_id, json_body().get("name"))
    return {"id": found.id, "name": found.name}


@bp.post("/groups/<group_id>/players/<player_id>/merge")
@limits.entrants
def merge_player(group_id: str, player_id: str) -> ResponseReturnValue:
    """Merge a player into another (``{"into": id}``, the group key): one player with the games of both."""
    db = store()
    groups.check_key(db, group_id, request.headers.get("X-Group-Key"))
    into = json_body().get("into")
    if not isinstance(into, str):
        raise InvalidGameError(msg("into must be the id of the player to merge into"), "into")
    found = groups.merge(db, group_id, player_id, into)
    return {"id": found.id, "name": found.name}


@bp.post("/groups/<group_id>/games")
def add_group_game(group_id: str) -> ResponseReturnValue:
    """Add a game started on its own to the group (``{"game": id}``): the group's key and the game's keeper key."""
    db = store()
    groups.check_key(db, group_id, request.headers.get("X-Group-Key"))
    game_id = json_body().get("game")
    if not isinstance(game_id, str):
        raise InvalidGameError(msg("game must be the id of a game"), "game")
    keeper_only(game_id)
    groups.add_game(db, group_id, game_id)
    return {"group": group_id, "game": game_id}, 201
