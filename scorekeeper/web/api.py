"""The JSON API, version 1 (shapes in API.md): capture checker, scoring, rules."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from scorekeeper.rules import (
    PROFILES,
    Card,
    Rules,
    ScopaError,
    Tally,
    deal_check,
    judge_play,
    legal_moves,
    parse_cards,
    score_round,
)
from scorekeeper.rules.cards import ensure_disjoint
from scorekeeper.rules.errors import InvalidRoundError
from scorekeeper.rules.moves import Move
from scorekeeper.rules.options import OPTION_CHOICES, OPTION_HELP

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def error_response(status: int, kind: str, message: str, field: str | None = None):
    """The API's one error shape: ``{"error", "message", "field"}``."""
    body: dict[str, Any] = {"error": kind, "message": message}
    if field:
        body["field"] = field
    return jsonify(body), status


@bp.errorhandler(ScopaError)
def scopa_error(err: ScopaError):
    """Bad input found by the rules core: a 400 naming the field."""
    return error_response(400, err.kind, err.message, err.field)


class BadRequest(ScopaError):
    """A request body that is not the JSON the endpoint expects."""

    kind = "bad_request"


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what was expected."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object, sent with Content-Type: application/json")
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
        raise BadRequest(f"{key} must be true or false", key)
    return value


def move_json(move: Move) -> dict[str, Any]:
    """One legal play as the API shows it."""
    return {
        "card": str(move.card),
        "capture": [str(c) for c in move.capture],
        "scopa": move.scopa,
        "rule": move.rule,
        "why": move.why,
    }


@bp.post("/moves")
def moves():
    """Every legal play of every hand card on a table."""
    body = json_body()
    hand = parse_cards(body.get("hand"), "hand", low=1, high=10)
    table = parse_cards(body.get("table", []), "table", high=39)
    ensure_disjoint([("hand", hand), ("table", table)])
    last_play = read_flag(body, "last_play")
    rules = read_rules(body)
    return {"moves": [move_json(m) for m in legal_moves(hand, table, rules, last_play)]}


@bp.post("/judge")
def judge():
    """Judge a claimed play: the card played and the table cards taken."""
    body = json_body()
    try:
        card = Card.parse(body.get("card"))
    except ScopaError as err:
        raise err.at("card") from None
    table = parse_cards(body.get("table", []), "table", high=39)
    capture = parse_cards(body.get("capture", []), "capture", high=39)
    last_play = read_flag(body, "last_play")
    rules = read_rules(body)
    verdict = judge_play(card, capture, table, rules, last_play)
    return {
        "legal": verdict.legal,
        "rule": verdict.rule,
        "rule_text": verdict.rule_text,
        "reason": verdict.reason,
        "card": str(verdict.card),
        "capture": [str(c) for c in verdict.capture],
        "scopa": verdict.scopa,
        "alternatives": [move_json(m) for m in verdict.alternatives],
    }


@bp.post("/deal")
def deal():
    """Check the four cards first dealt to the table (3 or 4 kings: redeal)."""
    body = json_body()
    table = parse_cards(body.get("table"), "table", low=4, high=4)
    check = deal_check(table)
    return {"redeal": check.redeal, "kings": check.kings, "reason": check.reason}


TALLY_KEYS = {"cards", "coins", "settebello", "primiera", "primiera_won", "napola", "re_bello"}


def read_tally(data: object, field: str) -> Tally:
    """Quick counts for one side: cards, coins, settebello, and primiera (or primiera_won)."""
    if not isinstance(data, dict):
        raise InvalidRoundError(
            'tally must be an object such as {"cards": 22, "coins": 6, "settebello": true, "primiera": 78}',
            field,
        )
    for key in data:
        if key not in TALLY_KEYS:
            raise InvalidRoundError(
                f"unknown count {key!r} (expected {', '.join(sorted(TALLY_KEYS))})", f"{field}.{key}"
            )
    for key in ("cards", "coins", "settebello"):
        if key not in data:
            raise InvalidRoundError(f"{key} is missing from the counts", f"{field}.{key}")
    return Tally(
        cards=data["cards"],
        coins=data["coins"],
        settebello=data["settebello"],
        primiera=data.get("primiera"),
        primiera_won=data.get("primiera_won"),
        napola=data.get("napola", 0),
        re_bello=data.get("re_bello", False),
    )


def read_hand_sides(body: dict[str, Any], names: list[str] | None = None) -> list[tuple[str, Any, int]]:
    """The ``sides`` of a hand: each a ``pile`` of cards or a ``tally`` of counts, and its scopas."""
    sides = body.get("sides")
    if not isinstance(sides, list) or not 2 <= len(sides) <= 6:
        expected = f"{len(names)} sides" if names else "2 to 6 sides"
        raise InvalidRoundError(f"sides must be a list of {expected}, each with a pile or a tally", "sides")
    if names is not None and len(sides) != len(names):
        raise InvalidRoundError(f"this game has {len(names)} sides; the hand lists {len(sides)}", "sides")
    out = []
    for i, side in enumerate(sides):
        field = f"sides[{i}]"
        if not isinstance(side, dict):
            raise InvalidRoundError("each side must be an object with a pile or a tally", field)
        if names is not None:
            name = names[i]
        else:
            name = side.get("name", f"Side {i + 1}")
            if not isinstance(name, str) or not name.strip() or len(name) > 40:
                raise InvalidRoundError("a side's name must be 1 to 40 characters", f"{field}.name")
        if ("pile" in side) == ("tally" in side):
            raise InvalidRoundError("give each side either a pile (its cards) or a tally (its counts)", field)
        if "pile" in side:
            held = parse_cards(side["pile"], f"{field}.pile")
        else:
            held = read_tally(side["tally"], f"{field}.tally")
        out.append((name, held, side.get("scopas", 0)))
    return out


@bp.post("/score")
def score():
    """Score one hand without saving it."""
    body = json_body()
    rules = read_rules(body)
    result = score_round(read_hand_sides(body), rules)
    return result.to_dict()


@bp.get("/rules")
def rules_index():
    """The rule profiles and options, for clients that build their own forms."""
    return {
        "profiles": [
            {
                "name": p.name,
                "title": p.title,
                "description": p.description,
                "source": p.source,
                "options": Rules.for_profile(p.name).to_dict(),
                "targets": {str(n): t for n, t in p.targets.items()},
                "deals": {str(n): d for n, d in p.deals.items()},
                "players": list(p.players),
                "adjustable": list(p.adjustable),
            }
            for p in PROFILES.values()
        ],
        "options": {k: {"values": list(v), "help": OPTION_HELP[k]} for k, v in OPTION_CHOICES.items()},
    }
