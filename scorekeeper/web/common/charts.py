"""Charts drawn on the server as SVG: no script, no request to anyone, readable in print and in the dark theme.

Each chart is an ``<svg role="img">`` with a title and a description, and the page shows its numbers as text
too (a table or a list), so nothing is said only in a picture. Lines and bars take their side's colour from
the stylesheet (``side0``... classes), so the dark theme and print colour them like the rest of the page.
Hand-written SVG serves here better than a charting library: three small charts, and a library would bring a
script (the pages run without inline script, under a strict CSP) or a dependency for a few polylines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import gettext as _
from markupsafe import Markup, escape

from scorekeeper.rules.ledger import GameScore
from scorekeeper.rules.stats import STAT_CATEGORIES, summarise
from scorekeeper.rules.words import category_headings
from scorekeeper.web.common.i18n import say

WIDTH, HEIGHT = 320, 180
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 30, 10, 10, 24


@dataclass(frozen=True, slots=True)
class Series:
    """One side's line: its colour class and its points (x, y in the chart's own numbers)."""

    name: str
    css: str
    values: tuple[int, ...]


def progression_series(score: GameScore) -> list[Series]:
    """Each side's running total after each hand that counted, starting from 0."""
    counted = score.progress.finished_round or len(score.rounds)
    return [
        Series(side.name, f"side{i}", (0, *(played.totals[i] for played in score.rounds[:counted])))
        for i, side in enumerate(score.game.sides)
    ]


def _x(i: int, n: int) -> float:
    return PAD_LEFT + (WIDTH - PAD_LEFT - PAD_RIGHT) * (i / max(n, 1))


def _y(value: float, top: float) -> float:
    return PAD_TOP + (HEIGHT - PAD_TOP - PAD_BOTTOM) * (1 - value / top)


def line_chart(series: Sequence[Series], target: int, title: str, desc: str, chart_id: str) -> Markup:
    """Running totals, one line per side, the target as a dashed line; hand numbers along the bottom."""
    hands = max((len(s.values) for s in series), default=1) - 1
    top = max([target, *(v for s in series for v in s.values)]) or 1
    parts = [
        f'<svg class="plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{chart_id}-t {chart_id}-d" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{chart_id}-t">{escape(title)}</title><desc id="{chart_id}-d">{escape(desc)}</desc>',
        f'<line class="axis" x1="{PAD_LEFT}" y1="{_y(0, top):.1f}" x2="{WIDTH - PAD_RIGHT}" y2="{_y(0, top):.1f}"/>',
        f'<line class="target" x1="{PAD_LEFT}" y1="{_y(target, top):.1f}" x2="{WIDTH - PAD_RIGHT}" '
        f'y2="{_y(target, top):.1f}"/>',
        f'<text class="label" x="{PAD_LEFT - 4}" y="{_y(target, top) + 4:.1f}" text-anchor="end">{target}</text>',
        f'<text class="label" x="{PAD_LEFT - 4}" y="{_y(0, top) + 4:.1f}" text-anchor="end">0</text>',
    ]
    step = max(1, hands // 8)
    for i in range(0, hands + 1, step):
        parts.append(f'<text class="label" x="{_x(i, hands):.1f}" y="{HEIGHT - 6}" text-anchor="middle">{i}</text>')
    for s in series:
        points = " ".join(f"{_x(i, hands):.1f},{_y(v, top):.1f}" for i, v in enumerate(s.values))
        parts.append(f'<polyline class="line {s.css}" points="{points}" data-values="{",".join(map(str, s.values))}"/>')
        last = len(s.values) - 1
        parts.append(f'<circle class="dot {s.css}" cx="{_x(last, hands):.1f}" cy="{_y(s.values[-1], top):.1f}" r="4"/>')
    parts.append("</svg>")
    return Markup("".join(parts))


def progression(score: GameScore, title: str, desc: str) -> Markup:
    """A game's score progression: each side's running total hand by hand."""
    return line_chart(progression_series(score), score.game.target, title, desc, f"progress-{score.game.id}")


def bar_chart(bars: Sequence[tuple[str, int, str]], title: str, desc: str, chart_id: str) -> Markup:
    """Bars up (above the middle line) and down: (label, value, colour class). For a player's form: each game's
    margin, won games up, lost games down."""
    n = max(len(bars), 1)
    top = max([1, *(abs(v) for _, v, _ in bars)])
    middle = PAD_TOP + (HEIGHT - PAD_TOP - PAD_BOTTOM) / 2
    half = (HEIGHT - PAD_TOP - PAD_BOTTOM) / 2
    width = (WIDTH - PAD_LEFT - PAD_RIGHT) / n
    parts = [
        f'<svg class="plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{chart_id}-t {chart_id}-d" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{chart_id}-t">{escape(title)}</title><desc id="{chart_id}-d">{escape(desc)}</desc>',
        f'<line class="axis" x1="{PAD_LEFT}" y1="{middle:.1f}" x2="{WIDTH - PAD_RIGHT}" y2="{middle:.1f}"/>',
    ]
    for i, (label, value, css) in enumerate(bars):
        height = max(2.0, half * abs(value) / top)
        y = middle - height if value >= 0 else middle
        parts.append(
            f'<rect class="bar {css}" x="{PAD_LEFT + i * width + 1:.1f}" y="{y:.1f}" '
            f'width="{max(width - 2, 1):.1f}" height="{height:.1f}" data-value="{value}">'
            f"<title>{escape(label)}</title></rect>"
        )
    parts.append("</svg>")
    return Markup("".join(parts))


def category_chart(
    rows: Sequence[tuple[str, Sequence[int]]], sides: int, hands: int, title: str, desc: str, chart_id: str
) -> Markup:
    """How many hands each side won each category in: a row per category, a bar per side (``side0``...)."""
    row_height = 10 * sides + 8
    height = PAD_TOP + row_height * len(rows) + 4
    left, right = 86, WIDTH - PAD_RIGHT - 24
    parts = [
        f'<svg class="plot" viewBox="0 0 {WIDTH} {height}" role="img" aria-labelledby="{chart_id}-t {chart_id}-d" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{chart_id}-t">{escape(title)}</title><desc id="{chart_id}-d">{escape(desc)}</desc>',
    ]
    for r, (label, counts) in enumerate(rows):
        top = PAD_TOP + r * row_height
        parts.append(
            f'<text class="label" x="{left - 6}" y="{top + row_height / 2 + 2:.1f}" text-anchor="end">'
            f"{escape(label)}</text>"
        )
        for i, n in enumerate(counts):
            width = (right - left) * n / max(hands, 1)
            y = top + i * 10
            parts.append(
                f'<rect class="bar side{i}" x="{left}" y="{y:.1f}" width="{max(width, 1):.1f}" height="8" '
                f'data-value="{n}"/>'
            )
            parts.append(f'<text class="label" x="{left + width + 4:.1f}" y="{y + 7.5:.1f}">{n}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def categories_chart(score: GameScore) -> tuple[Markup, list[tuple[str, list[int]]]] | None:
    """A finished game's category wins per side, hand by hand, as an SVG chart (None while the game is played)."""
    if not score.finished:
        return None
    summary = summarise(score, [[] for _ in score.game.sides])
    shown = [
        c for c in STAT_CATEGORIES if c in ("cards", "coins", "settebello", "primiera") or getattr(score.game.rules, c)
    ]
    said = category_headings(score.game.rules.family)
    labels = {c: say(said[c]) for c in shown}
    rows = [(labels[c][:1].upper() + labels[c][1:], [s["categories"][c] for s in summary["sides"]]) for c in shown]
    return category_chart(
        rows,
        len(score.game.sides),
        summary["hands"],
        _("Categories won by each side in %(game)s", game=score.game.name),
        _("For each category, in how many of the %(n)s hands each side won it.", n=summary["hands"]),
        f"categories-{score.game.id}",
    ), rows


def progression_chart(score: GameScore) -> Markup | None:
    """A finished game's score progression, as an SVG chart (None while the game is played)."""
    if not score.finished:
        return None
    names = ", ".join(side.name for side in score.game.sides)
    return progression(
        score,
        _("Score progression of %(game)s", game=score.game.name),
        _("Running totals of %(sides)s after each hand, to %(target)s.", sides=names, target=score.game.target),
    )


def _scale(values: Sequence[float]) -> tuple[float, float]:
    """The range a rating chart spans: its values and 0 (where every rating starts), never empty."""
    low, high = min([0.0, *values]), max([0.0, *values])
    return low, high if high > low else low + 1


def rating_chart(values: Sequence[float], first: int, title: str, desc: str, chart_id: str) -> Markup:
    """A player's rating after each of their games (``first`` is the number of the first value's game, 0 for the
    start): a line, the 0 line every rating starts on, and the lowest and highest values along the left."""
    low, high = _scale(values)
    games = max(len(values) - 1, 1)
    box = HEIGHT - PAD_TOP - PAD_BOTTOM

    def y(value: float) -> float:
        return PAD_TOP + box * (high - value) / (high - low)

    parts = [
        f'<svg class="plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{chart_id}-t {chart_id}-d" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{chart_id}-t">{escape(title)}</title><desc id="{chart_id}-d">{escape(desc)}</desc>',
        f'<line class="axis" x1="{PAD_LEFT}" y1="{y(0):.1f}" x2="{WIDTH - PAD_RIGHT}" y2="{y(0):.1f}"/>',
    ]
    for value in sorted({low, 0.0, high}):
        whole = round(value)  # a negative label with the minus sign, as the ratings beside the chart: "−5"
        label = ("−" if whole < 0 else "") + str(abs(whole))
        parts.append(f'<text class="label" x="{PAD_LEFT - 4}" y="{y(value) + 4:.1f}" text-anchor="end">{label}</text>')
    step = max(1, games // 6)
    for i in range(0, games + 1, step):
        parts.append(
            f'<text class="label" x="{_x(i, games):.1f}" y="{HEIGHT - 6}" text-anchor="middle">{first + i}</text>'
        )
    points = " ".join(f"{_x(i, games):.1f},{y(v):.1f}" for i, v in enumerate(values))
    shown = ",".join(f"{v:.2f}" for v in values)
    parts.append(f'<polyline class="line side0" points="{points}" data-values="{shown}"/>')
    if values:
        parts.append(
            f'<circle class="dot side0" cx="{_x(len(values) - 1, games):.1f}" cy="{y(values[-1]):.1f}" r="4"/>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))


SPARK_WIDTH, SPARK_HEIGHT, SPARK_PAD = 64, 20, 2


def sparkline(values: Sequence[float]) -> Markup:
    """A ladder row's trend: the rating over the player's last games as a small line, the 0 line faint. Hidden
    from screen readers: the row says the trend in words beside it."""
    low, high = _scale(values)
    n = max(len(values) - 1, 1)

    def at(i: int, value: float) -> str:
        x = SPARK_PAD + (SPARK_WIDTH - 2 * SPARK_PAD) * i / n
        return f"{x:.1f},{SPARK_PAD + (SPARK_HEIGHT - 2 * SPARK_PAD) * (high - value) / (high - low):.1f}"

    zero = at(0, 0.0).split(",")[1]
    return Markup(
        f'<svg class="spark" viewBox="0 0 {SPARK_WIDTH} {SPARK_HEIGHT}" aria-hidden="true" focusable="false" '
        f'xmlns="http://www.w3.org/2000/svg"><line class="axis" x1="0" y1="{zero}" x2="{SPARK_WIDTH}" y2="{zero}"/>'
        f'<polyline class="line side0" points="{" ".join(at(i, v) for i, v in enumerate(values))}"/></svg>'
    )
