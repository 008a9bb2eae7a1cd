"""A group's ladder: its players ranked by rating (``services.ratings``), each with the trend of their last games.

Also the words and charts a player's page shows of their rating (``rating_words``, ``rating_over_time``), so that
a rating reads the same wherever it is shown. Numbers in the reader's language ("12,34" in Italian and Spanish).
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.numbers import get_decimal_symbol
from flask import g, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, ngettext
from markupsafe import Markup

from scorekeeper.rules.ratings import TREND_GAMES, Rating, shown
from scorekeeper.services import ratings
from scorekeeper.web.common import limits, rendered
from scorekeeper.web.common.charts import rating_chart, sparkline
from scorekeeper.web.common.context import store
from scorekeeper.web.group import bp

MINUS = "−"  # a negative rating, as a trend's fall, is written with the minus sign, never a hyphen: "−1.52"


def number(value: float) -> str:
    """A rating (or a change of one) as pages show it: two decimals, with the reader's decimal sign, a negative one
    with the minus sign (as the trends are). (Babel's ``format_decimal`` says the same, at a hundred times the
    cost: a ladder shows three numbers a player.)"""
    value = shown(value)
    return (MINUS if value < 0 else "") + f"{abs(value):.2f}".replace(".", _decimal_sign())


def _decimal_sign() -> str:
    locale = get_locale()
    return get_decimal_symbol(locale) if locale is not None else "."


def trend_words(rating: Rating) -> str:
    """How the rating moved over the player's last games, in words: "up 2.10 over the last 10 games"."""
    change, span = rating.trend(TREND_GAMES)
    if shown(change) > 0:
        return ngettext(
            "up %(change)s over the last game", "up %(change)s over the last %(num)s games", span, change=number(change)
        )
    if shown(change) < 0:
        return ngettext(
            "down %(change)s over the last game",
            "down %(change)s over the last %(num)s games",
            span,
            change=number(-change),
        )
    return ngettext("unchanged over the last game", "unchanged over the last %(num)s games", span)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the ladder, as the page shows it."""

    rank: int
    id: str
    name: str
    rating: str
    games: int
    change: str  # "+2.10": the trend's figure, shown beside the line
    trend: str  # the trend in words, for screen readers
    spark: Markup


@bp.get("/groups/<group_id>/ladder")
def ladder(group_id: str) -> ResponseReturnValue:
    """The group's ladder: rank, player, rating, games and the trend over their last games, best first.

    The same for every phone: a plain GET is answered from the page made once per state of the group (and
    language, ``?lang=`` included), with its own CSRF token and time filled in, so a ladder read again costs a
    lookup, like a scoreboard. The ladder reads nothing from its query: any query is ignored, so that an address
    with one added (a shared link's tracking tag) costs a lookup too. Only making the page (the group changed since,
    or a request that is not a plain GET) is counted against the ``heavy`` budget and runs in the lane: a ladder
    read again is never refused for want of a turn.
    """
    if not rendered.plain_get(reads_query=False):
        return _ladder_page(group_id)

    def make() -> str:
        g.kept_page = True
        try:
            return _ladder_page(group_id)
        finally:
            g.kept_page = False

    return rendered.for_request(rendered.kept(("ladder", group_id), lambda: _state(group_id), make))


def _state(group_id: str) -> ratings.State | None:
    return ratings.state(store(), group_id)


@limits.heavy
def _ladder_page(group_id: str) -> str:
    found = ratings.group_ladder(store(), group_id)
    rows = []
    for rank, r in found.rows:
        change, _span = r.trend(TREND_GAMES)
        sign = "+" if shown(change) > 0 else MINUS if shown(change) < 0 else "±"
        rows.append(
            Row(
                rank,
                r.id,
                found.names[r.id],
                number(r.rating),
                r.games,
                sign + number(abs(change)),
                trend_words(r),
                sparkline(r.history[-TREND_GAMES - 1 :]),
            )
        )
    # A kept page names the ladder's bare address as the one the language switch goes back to, never the query
    # of the request that happened to make it.
    here = {"here": request.path} if g.get("kept_page") else {}
    return render_template(
        "group/ladder.html",
        group=found.group,
        rows=rows,
        games=found.games,
        trend_games=TREND_GAMES,
        updating=found.updating,  # the ratings before a correction, while it is rated again (``services.ratings``)
        **here,
    )


def rating_over_time(name: str, rating: Rating) -> tuple[Markup, str]:
    """A player's rating after each of their last games as a chart, and its text equivalent in a sentence."""
    values = rating.history
    first = rating.games - (len(values) - 1)  # the game before the first value kept (0: the start, at 0)
    title = ngettext(
        "Rating of %(name)s over the last game",
        "Rating of %(name)s over the last %(num)s games",
        len(values) - 1,
        name=name,
    )
    said = ngettext(
        "From %(start)s to %(now)s over the last game (lowest %(low)s, highest %(high)s).",
        "From %(start)s to %(now)s over the last %(num)s games (lowest %(low)s, highest %(high)s).",
        len(values) - 1,
        start=number(values[0]),
        now=number(values[-1]),
        low=number(min(values)),
        high=number(max(values)),
    )
    return rating_chart(values, first, title, said, f"rating-{rating.id}"), said
