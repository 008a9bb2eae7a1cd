"""The JSON shapes of API.md for a game and its hands, shared by the API and the exports."""

from __future__ import annotations

from typing import Any

from flask import url_for

from scorekeeper.rules.ledger import GameScore
from scorekeeper.rules.text import Voice
from scorekeeper.web.common.context import absolute
from scorekeeper.web.common.i18n import voice as reader_voice


def round_json(score: GameScore, number: int, voice: Voice | None = None) -> dict[str, Any]:
    """One hand as the API shows it: each side's score row and the running totals after it (reasons in the
    reader's language, cards named in the game's deck style)."""
    return score.rounds[number - 1].to_dict(voice or reader_voice(score.game.deck_style))


def game_json(score: GameScore) -> dict[str, Any]:
    """A whole game as the API shows it, its words in the reader's language."""
    game = score.game
    voice = reader_voice(game.deck_style)
    totals = score.totals
    return {
        "id": game.id,
        "name": game.name,
        "created": game.created,
        "rules": {**game.rules.to_dict(), "target": game.target, "deal": game.rules.deal_for(game.players)},
        "target": game.target,
        "deck_style": game.deck_style.value,
        "sides": [{"name": s.name, "players": list(s.players), "total": totals[i]} for i, s in enumerate(game.sides)],
        "rounds": [round_json(score, r.number, voice) for r in score.rounds],
        "winner": score.winner,
        "finished": score.finished,
        "draw": score.draw,
        "status": voice.say(score.progress.status),
        "dealer": score.dealer,
        "leader": score.leader,
        "pending_scopas": list(game.pending_scopas),
        "version": game.version,
        "url": absolute(url_for("game.scoreboard", game_id=game.id)),
    }
