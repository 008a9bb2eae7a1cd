"""What exports and sheets share: dates in the reader's language, spreadsheet cells that stay text, JSON files."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

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


def json_file(value: Any) -> str:
    """``value`` as a JSON file a person can read: each key of the top object on its own line, and each item of a
    list there (a hand, a table, a standings row) on a line of its own.

    Every line is written by the JSON module's compact C encoder: asking it for ``indent`` would switch to its
    pure-Python encoder, several times slower, which for a long game or a festival's rounds is most of a
    request's cost.
    """

    def compact(item: Any) -> str:
        return json.dumps(item, ensure_ascii=False)

    def line(item: Any, pad: str) -> str:
        if isinstance(item, list) and item:
            inner = pad + "  "
            return "[\n" + ",\n".join(inner + compact(v) for v in item) + "\n" + pad + "]"
        if isinstance(item, dict) and item:
            inner = pad + "  "
            fields = [f"{inner}{compact(k)}: {line(v, inner)}" for k, v in item.items()]
            return "{\n" + ",\n".join(fields) + "\n" + pad + "}"
        return compact(item)

    if not isinstance(value, dict):
        return compact(value) + "\n"
    return line(value, "") + "\n"
