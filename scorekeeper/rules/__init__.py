"""The rules of Scopa: cards, options and profiles, legal plays, scoring and game end.

Pure Python: nothing here imports Flask or touches storage.
"""

from .cards import DECK, RE_BELLO, SETTEBELLO, Card, DeckStyle, Rank, Suit, parse_cards
from .errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidGameError,
    InvalidPositionError,
    InvalidRoundError,
    InvalidRulesError,
    ScopaError,
)
from .game import Progress, Side, check_sides, dealer_and_leader, play_out, seating
from .moves import (
    DealCheck,
    Move,
    MoveGroup,
    MoveList,
    Verdict,
    deal_check,
    judge_play,
    legal_moves,
    list_moves,
    move_groups,
)
from .options import PROFILES, Profile, Rules
from .scoring import RoundScore, SideScore, Tally, primiera, score_round

__all__ = [
    "DECK",
    "RE_BELLO",
    "SETTEBELLO",
    "Card",
    "DeckStyle",
    "Rank",
    "Suit",
    "parse_cards",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidGameError",
    "InvalidPositionError",
    "InvalidRoundError",
    "InvalidRulesError",
    "ScopaError",
    "Progress",
    "Side",
    "check_sides",
    "dealer_and_leader",
    "play_out",
    "seating",
    "DealCheck",
    "Move",
    "MoveGroup",
    "MoveList",
    "Verdict",
    "deal_check",
    "judge_play",
    "legal_moves",
    "list_moves",
    "move_groups",
    "PROFILES",
    "Profile",
    "Rules",
    "RoundScore",
    "SideScore",
    "Tally",
    "primiera",
    "score_round",
]
