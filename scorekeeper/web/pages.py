"""The pages a person opens on a phone."""

from __future__ import annotations

from flask import Blueprint, render_template

from scorekeeper.rules import PROFILES

bp = Blueprint("pages", __name__)


@bp.get("/")
def home():
    """The home page: what the app does and the rule profiles it knows."""
    return render_template("home.html", profiles=PROFILES.values())
