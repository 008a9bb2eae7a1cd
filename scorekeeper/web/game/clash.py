"""Two keepers entered the same hand: the second phone's entry beside the saved one, and its three choices.

When a new hand is refused because the hand its form was opened for was saved meanwhile on another phone
(``games.record`` answers ``Conflict`` kind ``stale`` with the hand saved), the phone is sent here instead of
back to its form: the two entries side by side, every difference said in words, and three buttons:

* keep the saved hand: this phone's entry is set aside, nothing is written;
* save this phone's entry as the next hand: only when the person says it is a new hand (``games.record`` with
  the next hand's number shown, so a hand saved meanwhile again is refused, never counted twice);
* replace the saved hand with this phone's entry: ``games.replace_hand`` with the version shown, refused if
  that hand changed again meanwhile (then the new comparison is shown).

The entry travels in each choice's form as hidden fields (the hand form's own fields), and both writes use the
entry's own submission id: one entry is added or replaces a hand at most once, whatever is tapped or sent again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import HiddenField

from scorekeeper.rules import ScopaError
from scorekeeper.rules.ledger import GameScore, HandEntry, ScoredRound, score_entry
from scorekeeper.rules.scoring import RoundScore, SideScore
from scorekeeper.rules.text import Text, msg
from scorekeeper.rules.words import category_headings
from scorekeeper.services import games
from scorekeeper.services.errors import Conflict, NotFound, Unavailable
from scorekeeper.web.common import drafts
from scorekeeper.web.common.context import store
from scorekeeper.web.common.fields import WholeNumber, sentence
from scorekeeper.web.common.i18n import card_list, family_words, say
from scorekeeper.web.common.keepers import keeper_required
from scorekeeper.web.common.lazy import _l
from scorekeeper.web.common.widgets import colours as _colours
from scorekeeper.web.game import bp
from scorekeeper.web.game.forms import HandForm

CLASH = "clash"  # the mode of a draft holding a hand refused because the same hand was saved on another phone
CHOICES = ("keep", "next", "replace")
KINDS = ("won", "counts", "piles")


class ClashForm(FlaskForm):
    """A choice on the comparison page, sent with the hand form's fields (the entry as sent).

    ``hand`` is the hand compared, ``version`` the saved hand's version as the page showed it, ``next_hand`` the
    number the "save as the next hand" button named; ``submission_id`` the entry's own.
    """

    choice = HiddenField()
    kind = HiddenField()
    submission_id = HiddenField()
    hand = WholeNumber(_l("Hand"), 1, 2**31 - 1)
    version = WholeNumber(_l("Version"), 0, 2**62)
    next_hand = WholeNumber(_l("Next hand"), 1, 2**31 - 1)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the comparison: a category (or the points) as each entry has it, and whether they differ."""

    label: str
    saved: tuple[str, ...]  # a line per side
    mine: tuple[str, ...]

    @property
    def differs(self) -> bool:
        return self.saved != self.mine


def _value(side: SideScore, category: str) -> str:
    """What a side has in a category, as the breakdown shows it (a count, a card, "won"), with its points."""
    t = side.tally
    if category == "scopas":
        shown = str(side.scopas)
    elif t is None:
        shown = _("won") if category in (side.won or ()) else "–"
    elif category in ("cards", "coins"):
        shown = str(getattr(t, category))
    elif category == "settebello":
        shown = _("yes") if t.settebello else "–"
    elif category == "primiera":
        shown = str(t.primiera) if t.primiera is not None else (_("won") if t.primiera_won else "–")
    elif category == "napola":
        shown = str(t.napola or "–")
    elif category == "re_bello":
        shown = _("yes") if t.re_bello else "–"
    else:
        shown = "–"
    points = side.points.get(category, 0)
    return f"{side.name} {shown}" + (f" (+{points})" if points else "")


def compare(saved: RoundScore, mine: RoundScore, family: str = "scopa") -> list[Row]:
    """Every category of the two scored entries side by side (named in the game ``family``'s words), then each
    side's points for the hand."""
    rows = []
    headings = category_headings(family)
    for category in dict.fromkeys((*saved.categories, *mine.categories)):
        label = say(headings[category]) if category in headings else category
        rows.append(
            Row(
                label,
                tuple(_value(s, category) for s in saved.sides),
                tuple(_value(s, category) for s in mine.sides),
            )
        )
    rows.append(
        Row(
            _("points"),
            tuple(f"{s.name} {s.total}" for s in saved.sides),
            tuple(f"{s.name} {s.total}" for s in mine.sides),
        )
    )
    return rows


def pile_differences(saved: HandEntry, mine: HandEntry, names: list[str], style: Any) -> list[str]:
    """For hands entered card by card: each side's cards found in one entry's pile and not the other's."""
    lines = []
    for name, ours, theirs in zip(names, mine.sides, saved.sides, strict=False):
        if ours.pile is None or theirs.pile is None:
            continue
        only_saved = sorted(set(theirs.pile) - set(ours.pile), key=lambda c: c.sort_key)
        only_mine = sorted(set(ours.pile) - set(theirs.pile), key=lambda c: c.sort_key)
        if only_saved:
            lines.append(
                _("%(side)s's pile: only in the saved hand: %(cards)s", side=name, cards=card_list(only_saved, style))
            )
        if only_mine:
            lines.append(
                _("%(side)s's pile: only on this phone: %(cards)s", side=name, cards=card_list(only_mine, style))
            )
    return lines


def show(game_id: str, kind: str, data: dict[str, str], message: Text | None, status: int = 409) -> ResponseReturnValue:
    """After a refusal: keep the entry under a token and redirect to its comparison (shown at once if too large)."""
    token = drafts.stash(game_id, CLASH, None, data, k=kind, e=drafts.keepable(message), st=status)
    if token is None:
        return _page(games.get(store(), game_id), kind, data, message, status)
    return redirect(url_for("game.clash", game_id=game_id, d=token), 303)


@bp.get("/g/<game_id>/same-hand")
@keeper_required
def clash(game_id: str) -> ResponseReturnValue:
    """The comparison a refused hand redirected to (kept on this phone under ``?d=``)."""
    token = request.args.get("d")
    draft = drafts.find(token, game_id)
    if draft is None or draft.get("m") != CLASH or draft.get("k") not in KINDS:
        if draft is not None and "saved" in draft:
            flash(drafts.saved_text(draft, games.get(store(), game_id).round_by_id), "saved")
        return redirect(url_for("game.scoreboard", game_id=game_id))
    status = draft["st"] if draft.get("st") in (400, 409, 503) else 409
    message = drafts.readable(draft["e"]) if draft.get("e") else None
    return _page(games.get(store(), game_id), draft["k"], dict(draft.get("data") or {}), message, status, token)


def _page(
    score: GameScore,
    kind: str,
    data: dict[str, str],
    message: Text | None,
    status: int,
    token: str | None = None,
) -> tuple[str, int]:
    """The two entries side by side with the differences, and the three choices (each a form with the entry)."""
    game = score.game
    form = _entry_form(kind, score, data)
    number = form.hand.data if isinstance(form.hand.data, int) else len(score.rounds)
    saved: ScoredRound | None = score.rounds[number - 1] if 1 <= number <= len(score.rounds) else None
    mine: RoundScore | None = None
    problem: Text | None = None
    entry = None
    try:
        if not form.validate():
            raise ScopaError(msg("this phone's entry is incomplete; open it again from the scoreboard"))
        entry = form.entry(game.rules)
        mine = score_entry(entry, game.names, game.rules)
    except ScopaError as err:
        problem = err.message
    rows = compare(saved.score, mine, game.rules.family) if saved is not None and mine is not None else []
    piles = (
        pile_differences(saved.record.entry, entry, list(game.names), game.deck_style)
        if saved is not None and entry is not None
        else []
    )
    fields = {
        k: v for k, v in data.items() if k not in ("version", "round_id", "d", "choice", "kind", "next_hand", "hand")
    }
    return (
        render_template(
            "game/conflict.html",
            clash=True,
            score=score,
            game_id=game.id,
            kind=kind,
            number=number,
            saved=saved,
            mine=mine,
            rows=rows,
            piles=piles,
            differs=any(r.differs for r in rows) or bool(piles),
            fields=fields,
            token=token or "",
            next_number=score.next_number,
            message=sentence(message, game.deck_style) if message else None,
            problem=sentence(problem, game.deck_style) if problem else None,
            colours=_colours(len(game.sides)),
            **family_words(game.rules),
            choice_form=ClashForm(formdata=None),
        ),
        status,
    )


def _entry_form(kind: str, score: GameScore, data: Any) -> HandForm:
    from scorekeeper.web.game.scoreboard import _hand_form  # the forms of each way of entering a hand

    return _hand_form(kind, score.game, MultiDict(data), meta={"csrf": False})


@bp.post("/g/<game_id>/same-hand")
@keeper_required
def choose(game_id: str) -> ResponseReturnValue:
    """One of the three choices, with the entry as the comparison showed it."""
    from scorekeeper.web.game.scoreboard import _hand_form, _save_new_hand

    score = games.get(store(), game_id)
    form = ClashForm(request.form)
    kind = form.kind.data if form.kind.data in KINDS else ""
    data = {k: v for k, v in request.form.items() if k not in ("csrf_token", "action", "d", "choice", "kind")}
    if not kind:
        return _page(
            score, "won", data, msg("this page is incomplete; open the scoreboard and enter the hand again"), 400
        )
    if not form.validate() or form.choice.data not in CHOICES or form.hand.data is None:
        err = form.errors.get("csrf_token")
        why = msg("this page has expired; choose again") if err else msg("choose one of the three buttons")
        return _page(score, kind, data, why, 400, form_token(request.form))
    number = form.hand.data
    submission_id = form.submission_id.data or ""
    token = form_token(request.form)
    if form.choice.data == "keep":
        played = score.rounds[number - 1] if number <= len(score.rounds) else None
        drafts.mark_saved(token, game_id, number, kind, submission_id, played.record.id if played else "")
        flash(_("Hand %(n)s stays as it was saved; this phone's entry was set aside.", n=number), "saved")
        return redirect(url_for("game.scoreboard", game_id=game_id), 303)
    if form.choice.data == "next":
        if form.next_hand.data is None:
            return _page(score, kind, data, msg("choose one of the three buttons"), 400, token)
        sent = MultiDict({**data, "hand": str(form.next_hand.data), "action": "save"})
        sent["csrf_token"] = request.form.get("csrf_token", "")
        sent["d"] = token or ""
        return _save_new_hand(game_id, kind, sent)
    # Replace: the hand compared, only while it is still at the version the page showed.
    hand_form = _hand_form(kind, score.game, request.form)
    entry = None
    try:
        if not hand_form.validate():
            raise ScopaError(msg("this phone's entry is incomplete; open it again from the scoreboard"))
        entry = hand_form.entry(score.game.rules)
        if form.version.data is None:
            raise ScopaError(msg("this page is incomplete; open the scoreboard and enter the hand again"))
        after = games.replace_hand(store(), game_id, number, entry, form.version.data, submission_id)
    except ScopaError as err:
        return _page(score, kind, data, err.message, 400, token)
    except NotFound:
        gone = msg(
            "hand %(n)s is no longer in the game: it was deleted on another phone; nothing was replaced", n=number
        )
        return show(game_id, kind, {**data, "hand": str(number)}, gone)
    except Conflict as err:
        if err.kind != "stale":
            return show(game_id, kind, data, err.message)
        again = msg(
            "hand %(n)s changed again on another phone since this comparison was shown; nothing was replaced. "
            "Here it is as it is now: choose again",
            n=number,
        )
        return show(game_id, kind, data, again)
    except Unavailable as err:
        return _page(score, kind, data, err.message, 503, token)
    drafts.mark_saved(token, game_id, number, kind, submission_id, after.score.rounds[number - 1].record.id)
    flash(_("Hand %(n)s now holds this phone's entry.", n=number), "saved")
    return redirect(url_for("game.scoreboard", game_id=game_id), 303)


def form_token(form: Any) -> str | None:
    """The comparison's own draft token, sent back by its forms (empty when it was shown without one)."""
    token = form.get("d")
    return token if isinstance(token, str) and token else None
