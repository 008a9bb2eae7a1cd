"""The capture checker: every legal play for a table and a hand, verdicts on claims, the deal check.

The whole position lives in the URL (``/check?table=1b,2c,6s&hand=8d``), so it
can be shared by link or QR code and the page works without JavaScript.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode

from flask import Blueprint, redirect, render_template, request, url_for

from scorekeeper import games
from scorekeeper.rules import PROFILES, Card, DeckStyle, Rules, ScopaError
from scorekeeper.rules.moves import (
    RULE_TEXT,
    DealCheck,
    MoveGroup,
    Verdict,
    check_position,
    deal_check,
    judge_play,
    move_groups,
)
from scorekeeper.rules.options import CAPTURE_OPTIONS, OPTION_CHOICES, OPTION_HELP
from scorekeeper.web.context import absolute, store
from scorekeeper.web.forms import option_label
from scorekeeper.web.pages import card_grid

bp = Blueprint("checker", __name__)


@dataclass
class Position:
    """What the URL says: the cards, the rules and the question asked."""

    table: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    rules: Rules = field(default_factory=Rules)
    style: DeckStyle = DeckStyle.ITALIAN
    last_play: bool = False
    deal: bool = False
    play: Card | None = None
    take: list[Card] = field(default_factory=list)
    game_id: str | None = None
    errors: dict[str, str] = field(default_factory=dict)

    def query(self, **changes) -> dict[str, str]:
        """The URL parameters of this position (with ``changes``), shortest form."""
        params = {
            "table": ",".join(map(str, self.table)),
            "hand": ",".join(map(str, self.hand)),
            "profile": self.rules.profile if self.rules.profile != "classic" else "",
            **{k: str(v).lower() for k, v in self.rules.overrides().items() if k in CAPTURE_OPTIONS},
            "style": self.style.value if self.style is not DeckStyle.ITALIAN else "",
            "last": "1" if self.last_play else "",
            "deal": "1" if self.deal else "",
            "play": str(self.play) if self.play else "",
            "take": ",".join(map(str, self.take)),
            "game": self.game_id or "",
        }
        params.update(changes)
        return {k: v for k, v in params.items() if v}


def _cards(text: str, name: str, errors: dict[str, str]) -> list[Card]:
    out: list[Card] = []
    for part in [p for p in text.replace(" ", ",").split(",") if p.strip()]:
        try:
            card = Card.parse(part)
        except ScopaError as err:
            errors.setdefault(name, err.message)
            continue
        if card in out:
            errors.setdefault(name, f"{card} is listed twice in the {name}; each card exists once")
            continue
        out.append(card)
    return out


def read_position(args) -> Position:
    """Read a position from the query string, collecting a message per field for anything wrong."""
    pos = Position()
    errors = pos.errors
    pos.game_id = args.get("game") or None
    base: dict = {}
    if pos.game_id:
        game = store().load_game(pos.game_id)
        if game is None:
            errors["game"] = "no game has this address; the checker uses classic rules instead"
            pos.game_id = None
        else:
            base, pos.style = game.rules.overrides(), game.deck_style
    if "style" in args:
        try:
            pos.style = DeckStyle.parse(args["style"])
        except ScopaError as err:
            errors["style"] = err.message
    rules_data = {**base}
    if args.get("profile"):
        rules_data = {"profile": args["profile"]}
    for key in CAPTURE_OPTIONS:
        raw = args.get(key, "")
        for choice in OPTION_CHOICES[key]:
            if raw == str(choice).lower():
                rules_data[key] = choice
    try:
        pos.rules = Rules.from_dict(rules_data)
    except ScopaError as err:
        errors[err.field or "profile"] = err.message
    pos.table = _cards(args.get("table", ""), "table", errors)
    pos.hand = _cards(args.get("hand", ""), "hand", errors)
    pos.last_play = args.get("last") == "1"
    pos.deal = args.get("deal") == "1"
    both = [c for c in pos.hand if c in pos.table]
    if both:
        errors["hand"] = f"{both[0]} is both on the table and in the hand; a card is in one place only"
    if len(pos.hand) > 10:
        errors["hand"] = f"the hand has {len(pos.hand)} cards; a hand holds at most 10"
    if len(pos.table) > 39:
        errors["table"] = "the table holds at most 39 cards"
    if pos.deal and len(pos.table) != 4:
        errors["table"] = f"the first deal puts 4 cards on the table, not {len(pos.table)}"
    if args.get("play"):
        played = _cards(args["play"], "play", errors)
        pos.play = played[0] if played else None
        if pos.play is not None and pos.play not in pos.hand:
            errors["play"] = f"{pos.play} is not in the hand; the card played comes from the hand"
    pos.take = _cards(",".join(args.getlist("take")), "take", errors)
    missing = [c for c in pos.take if c not in pos.table]
    if missing:
        errors["take"] = f"{missing[0]} is not on the table; only table cards can be taken"
    return pos


@dataclass
class CardPlays:
    """The legal plays of one hand card, grouped; a card of a value already shown points to it."""

    card: Card
    groups: list[MoveGroup]
    must_capture: bool
    count: int
    same_as: Card | None = None


def _describe(group: MoveGroup, style: DeckStyle) -> str:
    """A group's capture in words: "6s + 2c", "one of 4d / 4s + 1b"."""
    parts = []
    for _, count, cards in group.parts:
        labels = [c.label(style) for c in cards]
        if count == len(cards):
            parts.append(" + ".join(labels))
        elif count == 1:
            parts.append(labels[0] if len(labels) == 1 else "one of " + " / ".join(labels))
        else:
            parts.append(f"{count} of " + " / ".join(labels))
    return " + ".join(parts)


def _grid(pos: Position) -> list[dict]:
    where = {**{c: "t" for c in pos.table}, **{c: "h" for c in pos.hand}}
    return card_grid(pos.style, lambda card: (card, where.get(card, "")))


@bp.get("/check")
def capture_checker():
    """Every legal play for a table and a hand, a verdict on a claimed capture, and the deal check."""
    args = request.args.to_dict()
    per_card = {k[2:]: v for k, v in args.items() if k.startswith("c_")}
    if per_card:
        # The grid without JavaScript sends one field per card: turn it into the short, shareable form.
        table = [code for code, v in per_card.items() if v == "t"]
        hand = [code for code, v in per_card.items() if v == "h"]
        rest = {k: v for k, v in args.items() if not k.startswith("c_") and k not in ("table", "hand") and v}
        return redirect(url_for("checker.capture_checker") + "?" + urlencode(
            {**({"table": ",".join(table)} if table else {}), **({"hand": ",".join(hand)} if hand else {}), **rest}
        ))  # fmt: skip
    pos = read_position(request.args)
    asked = bool(pos.table or pos.hand or pos.deal)
    if asked and not pos.hand and not pos.deal and "hand" not in pos.errors:
        pos.errors["hand"] = "choose at least one card in the hand (1 to 10)"
    plays: list[CardPlays] = []
    verdict: Verdict | None = None
    dealt: DealCheck | None = None
    if asked and not pos.errors:
        try:
            if pos.deal:
                dealt = deal_check(pos.table)
            if pos.hand:
                check_position(pos.hand, pos.table)
                shown: dict[int, CardPlays] = {}
                for card in pos.hand:
                    if card.value in shown:
                        # Cards of equal value take the same table cards: say so instead of repeating the list.
                        first = shown[card.value]
                        plays.append(CardPlays(card, [], first.must_capture, first.count, first.card))
                        continue
                    groups = move_groups(card, pos.table, pos.rules, pos.last_play, pos.style)
                    shown[card.value] = CardPlays(card, groups, groups[0].kind != "trail", sum(map(len, groups)))
                    plays.append(shown[card.value])
            if pos.play is not None:
                verdict = judge_play(pos.play, pos.take, pos.table, pos.rules, pos.last_play, pos.style)
        except ScopaError as err:
            pos.errors[err.field.split("[")[0] if err.field else "table"] = err.message
    # Commas stay as they are: a shorter link makes a smaller QR code, quicker to draw and to scan.
    path = url_for("checker.capture_checker") + ("?" + urlencode(pos.query(), safe=",") if asked else "")
    status = 400 if pos.errors and asked else 200
    game = games.load(store(), pos.game_id) if pos.game_id else None
    return (
        render_template(
            "checker.html",
            pos=pos,
            grid=_grid(pos),
            plays=plays,
            verdict=verdict,
            dealt=dealt,
            describe=_describe,
            profiles=PROFILES.values(),
            options=[
                (k, [(str(c).lower(), option_label(c)) for c in OPTION_CHOICES[k]], OPTION_HELP[k])
                for k in CAPTURE_OPTIONS
            ],  # fmt: skip
            rule_text=RULE_TEXT,
            share_url=absolute(path),
            qr_path=path if asked else None,
            game=game,
        ),
        status,
    )


@bp.get("/g/<game_id>/check")
def game_checker(game_id: str):
    """The checker with a game's rules and deck style."""
    games.load(store(), game_id)
    return redirect(url_for("checker.capture_checker", game=game_id))
