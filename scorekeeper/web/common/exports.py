"""What exports and sheets share: dates in the reader's language and spreadsheet cells that stay text."""

from __future__ import annotations

from datetime import date

from flask_babel import format_date

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A cell as a spreadsheet shows it: text that would start a formula gets a leading ``'`` (kept as text)."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def sheet_date(stamp: str) -> str:
    """A stored ISO date (``2026-11-22T21:40:00...``) as the sheet's language writes it ("22 nov 2026")."""
    try:
        return format_date(date.fromisoformat(stamp[:10]), format="medium")
    except ValueError:
        return stamp[:10]
