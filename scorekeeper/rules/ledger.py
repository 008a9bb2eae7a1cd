"""A game's record: its set-up and the hands entered, re-scored in order whenever it is read.

Hands are stored as they were entered (piles, quick counts or the categories won), never as
points, so a corrected hand, a deleted one or a finished game always scores
by the game's own rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cards import Card, DeckStyle, parse_cards
from .errors import InvalidRoundError, excerpt
from .game import Progress, Side, dealer_and_leader, play_on, play_out
from .options import SIDES_MAX, SIDES_MIN, Rules
from .scoring import KNOCKS_MAX, SCOPAS_MAX, WON_CATEGORIES, Reason, RoundScore, Tally, Won, score_round
from .text import ENGLISH, Join, Msg, SideName, Voice, keys, listing, msg

TALLY_FIELDS = (
    "cards",
    "coins",
    "settebello",
    "primiera",
    "primiera_won",
    "napola",
    "re_bello",
    "donna_di_denari",
    "grande",
)
# Counts left out of a tally's stored form when they are 0 or false (the optional categories').
OPTIONAL_COUNTS = ("napola", "re_bello", "donna_di_denari", "grande")
ENTRY_KINDS = ("pile", "tally", "won")


def rest_goes_to(sides: int, holding: Iterable[int]) -> int | None:
    """Where the cards nobody was given go, when entering a hand from the piles: with two sides, if only one
    side's cards were given, the rest are the other side's pile; otherwise nobody can say without asking.

    >>> rest_goes_to(2, [0]), rest_goes_to(2, [0, 1]), rest_goes_to(2, []), rest_goes_to(3, [0])
    (1, None, None, None)
    """
    held = set(holding)
    return ({0, 1} - held).pop() if sides == 2 and len(held) == 1 and held <= {0, 1} else None


# The most hands one game keeps. A game to 31 takes a few dozen; a hand where every category is tied scores
# nothing, so without a bound a game could grow for ever (and every read of it with it).
HANDS_MAX = 300


@dataclass(frozen=True, slots=True)
class SideEntry:
    """What one side brought to a hand: its pile, its counts or the categories it won; and its scopas.

    ``napola`` is the napola's points of a side entered by winners (counts carry theirs in the tally).
    """

    scopas: int
    pile: tuple[Card, ...] | None = None
    tally: Tally | None = None
    won: frozenset[str] | None = None
    napola: int = 0
    # The side's knock points (Cirulla's bussare, with ``knocks`` on): a sum of 3s and 10s.
    knocks: int = 0

    def _with_knocks(self, body: dict[str, Any]) -> dict[str, Any]:
        """The stored form with ``"knocks"`` when the side knocked (left out at 0, as before knocks existed)."""
        return {**body, "knocks": self.knocks} if self.knocks else body

    @property
    def held(self) -> tuple[Card, ...] | Tally | Won:
        """What the side brought: its pile, its counts, or what it won."""
        if self.pile is not None:
            return self.pile
        if self.won is not None:
            return Won(self.won, self.napola)
        assert self.tally is not None, "a side is entered by its pile, its counts or what it won"
        return self.tally

    @property
    def kind(self) -> str:
        """How the side was entered: "piles", "counts" or "won"."""
        return "piles" if self.pile is not None else "won" if self.won is not None else "counts"

    def to_json(self) -> dict[str, Any]:
        """The stored and API form: ``{"pile": [...], "scopas": n}``, ``{"tally": {...}, "scopas": n}``
        or ``{"won": [...], "scopas": n}`` (with ``"napola": points`` when it has the napola)."""
        if self.pile is not None:
            return self._with_knocks({"pile": [str(c) for c in self.pile], "scopas": self.scopas})
        if self.won is not None:
            won: dict[str, Any] = {"won": [c for c in WON_CATEGORIES if c in self.won], "scopas": self.scopas}
            return self._with_knocks({**won, "napola": self.napola} if self.napola else won)
        assert self.tally is not None
        tally = {k: getattr(self.tally, k) for k in TALLY_FIELDS}
        tally = {k: v for k, v in tally.items() if v is not None and (k not in OPTIONAL_COUNTS or v)}
        return self._with_knocks({"tally": tally, "scopas": self.scopas})


@dataclass(frozen=True, slots=True)
class HandEntry:
    """One hand as entered at the table, side by side; ``call`` is the side that called itself out (call_out)."""

    sides: tuple[SideEntry, ...]
    call: int | None = None

    @property
    def by_piles(self) -> bool:
        """True when every side was entered from its captured pile."""
        return all(s.pile is not None for s in self.sides)

    @property
    def kind(self) -> str:
        """How the hand was entered: "piles" (every side's pile), "won" (winners), else "counts"."""
        if self.by_piles:
            return "piles"
        return "won" if any(s.won is not None for s in self.sides) else "counts"

    def to_json(self) -> dict[str, Any]:
        """The stored form (with ``call_out``, the calling side's index, when a side called itself out)."""
        body: dict[str, Any] = {"sides": [s.to_json() for s in self.sides]}
        if self.call is not None:
            body["call_out"] = self.call
        return body

    @classmethod
    def from_json(cls, data: object, sides: int | None = None) -> HandEntry:
        """Read a hand from the API's body shape, naming the field of anything wrong."""
        if not isinstance(data, dict):
            raise InvalidRoundError(msg("the hand must be an object with a list of sides"), "sides")
        rows = data.get("sides")
        if not isinstance(rows, list) or (sides and len(rows) != sides) or not SIDES_MIN <= len(rows) <= SIDES_MAX:
            got = len(rows) if isinstance(rows, list) else None
            if sides and got is not None:
                text = msg(
                    "sides must list %(n)s sides, not %(got)s, each with a pile, a tally or won", n=sides, got=got
                )
            elif sides:
                text = msg("sides must list %(n)s sides, each with a pile, a tally or won", n=sides)
            elif got is not None:
                text = msg(
                    "sides must list %(low)s to %(high)s sides, not %(got)s, each with a pile, a tally or won",
                    low=SIDES_MIN,
                    high=SIDES_MAX,
                    got=got,
                )
            else:
                text = msg(
                    "sides must list %(low)s to %(high)s sides, each with a pile, a tally or won",
                    low=SIDES_MIN,
                    high=SIDES_MAX,
                )
            raise InvalidRoundError(text, "sides")
        out = []
        for i, row in enumerate(rows):
            field = f"sides[{i}]"
            if not isinstance(row, dict):
                raise InvalidRoundError(msg("each side must be an object with a pile, a tally or won"), field)
            if sum(1 for k in ENTRY_KINDS if k in row) != 1:
                raise InvalidRoundError(
                    msg(
                        "give each side one of: a pile (its cards), a tally (its counts) or won (the categories it won)"
                    ),
                    field,
                )
            if "napola" in row and "won" not in row:
                raise InvalidRoundError(
                    msg("napola goes inside the tally; beside won only with a winners entry"), field
                )
            knocks = row.get("knocks", 0)
            if type(knocks) is not int or not 0 <= knocks <= KNOCKS_MAX:
                raise InvalidRoundError(
                    msg(
                        "knocks must be a whole number from 0 to %(max)s, not %(value)s",
                        max=KNOCKS_MAX,
                        value=excerpt(knocks),
                    ),
                    f"{field}.knocks",
                )
            scopas = row.get("scopas", 0)
            if type(scopas) is not int or not 0 <= scopas <= SCOPAS_MAX:
                raise InvalidRoundError(
                    msg(
                        "scopas must be a whole number from 0 to %(max)s, not %(value)s",
                        max=SCOPAS_MAX,
                        value=excerpt(scopas),
                    ),
                    f"{field}.scopas",
                )
            if "pile" in row:
                out.append(SideEntry(scopas, pile=parse_cards(row["pile"], f"{field}.pile"), knocks=knocks))
            elif "won" in row:
                won = read_won(row["won"], f"{field}.won")
                out.append(SideEntry(scopas, won=won, napola=row.get("napola", 0), knocks=knocks))
            else:
                out.append(SideEntry(scopas, tally=read_tally(row["tally"], f"{field}.tally"), knocks=knocks))
        call = data.get("call_out")
        if call is not None and (type(call) is not int or not 0 <= call < len(out)):
            raise InvalidRoundError(
                msg(
                    "call_out must be the number of the side that called itself out, 0 to %(last)s, not %(value)s",
                    last=len(out) - 1,
                    value=excerpt(call),
                ),
                "call_out",
            )
        return cls(tuple(out), call)


def read_won(data: object, field: str) -> frozenset[str]:
    """The categories one side won: a list of names, each at most once (which are asked is the rules')."""
    names = keys(WON_CATEGORIES)
    if not isinstance(data, list):
        raise InvalidRoundError(
            msg("won must be a list of the categories the side won, from %(names)s", names=names), field
        )
    if len(data) > len(WON_CATEGORIES):
        raise InvalidRoundError(
            msg("won lists at most %(max)s categories, not %(n)s", max=len(WON_CATEGORIES), n=len(data)), field
        )
    for j, name in enumerate(data):
        if not isinstance(name, str) or name not in WON_CATEGORIES:
            raise InvalidRoundError(
                msg("unknown category %(value)s (expected %(names)s)", value=excerpt(name), names=names),
                f"{field}[{j}]",
            )
        if name in data[:j]:
            raise InvalidRoundError(msg("%(name)s is listed twice for this side", name=name), f"{field}[{j}]")
    return frozenset(data)


def read_tally(data: object, field: str) -> Tally:
    """Quick counts for one side: cards, coins, settebello, and primiera (or primiera_won)."""
    if not isinstance(data, dict):
        raise InvalidRoundError(
            msg('tally must be an object such as {"cards": 22, "coins": 6, "settebello": true, "primiera": 78}'), field
        )
    for key in data:
        if key not in TALLY_FIELDS:
            raise InvalidRoundError(
                msg("unknown count %(value)s (expected %(names)s)", value=excerpt(key), names=keys(TALLY_FIELDS)),
                f"{field}.{key}",
            )
    for key in ("cards", "coins", "settebello"):
        if key not in data:
            raise InvalidRoundError(msg("%(key)s is missing from the counts", key=key), f"{field}.{key}")
    return Tally(
        cards=data["cards"],
        coins=data["coins"],
        settebello=data["settebello"],
        primiera=data.get("primiera"),
        primiera_won=data.get("primiera_won"),
        napola=data.get("napola", 0),
        re_bello=data.get("re_bello", False),
        donna_di_denari=data.get("donna_di_denari", False),
        grande=data.get("grande", False),
    )


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A stored hand: its place in the game, what was entered, its version and its stable id.

    ``number`` shifts when an earlier hand is deleted; ``id`` never does. ``version`` changes on every
    edit and is never shared by two hands of one game, so ``(number, version)`` names one state of one hand.
    """

    number: int
    entry: HandEntry
    version: int
    id: str = ""
    submission_id: str | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """A game as stored: set-up, hands in order, scopas marked during the hand in progress."""

    id: str
    name: str
    created: str
    rules: Rules
    target: int
    deck_style: DeckStyle
    sides: tuple[Side, ...]
    rounds: tuple[RoundRecord, ...]
    pending_scopas: tuple[int, ...]
    version: int

    @property
    def names(self) -> list[str]:
        """The sides' names, in order; each knows how many players it stands for, so sentences agree with it."""
        return [SideName(s.name, len(s.players)) for s in self.sides]

    @property
    def players(self) -> int:
        """How many people play."""
        return sum(len(s.players) for s in self.sides)


@dataclass(frozen=True, slots=True)
class ScoredRound:
    """A stored hand with its score and the running totals after it."""

    record: RoundRecord
    score: RoundScore
    counted: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def number(self) -> int:
        return self.record.number

    def to_dict(self, voice: Voice = ENGLISH) -> dict[str, Any]:
        """The API's round: its id, number and version, each side's score row, the running totals (the reasons
        said in ``voice``)."""
        body = self.score.to_dict(voice)
        return {
            "id": self.record.id,
            "number": self.number,
            "sides": body["sides"],
            "totals": list(self.totals),
            "counted": list(self.counted),
            "reasons": body["reasons"],
            "warnings": body["warnings"],
            "version": self.record.version,
            "entry": self.record.entry.to_json(),
        }


@dataclass(frozen=True, slots=True)
class GameScore:
    """A game re-scored: each hand, the progress, and whose deal is next."""

    game: Game
    rounds: tuple[ScoredRound, ...]
    progress: Progress
    dealer: str
    leader: str

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals now (zeros before the first hand)."""
        return self.progress.current or tuple(0 for _ in self.game.sides)

    @property
    def finished(self) -> bool:
        return self.progress.finished

    @property
    def draw(self) -> bool:
        """True when the game ended in a draw (``end: "draw"``): finished, with no winner."""
        return self.progress.draw

    @property
    def winner(self) -> int | None:
        return self.progress.winner

    @property
    def next_number(self) -> int:
        """The number the next hand will have."""
        return len(self.rounds) + 1

    def round_by_id(self, round_id: str) -> ScoredRound | None:
        """The hand with this stable id, wherever it now stands."""
        return next((r for r in self.rounds if r.record.id == round_id), None)


def score_entry(entry: HandEntry, names: Sequence[str], rules: Rules) -> RoundScore:
    """Score one entered hand for the named sides."""
    if len(entry.sides) != len(names):
        raise InvalidRoundError(
            msg("this game has %(n)s sides; the hand lists %(got)s", n=len(names), got=len(entry.sides)), "sides"
        )
    if entry.call is not None and not rules.call_out:
        raise InvalidRoundError(
            msg("call_out is not played under these rules; leave it out, or start a game with call_out on"), "call_out"
        )
    sides = [(name, side.held, side.scopas) for name, side in zip(names, entry.sides, strict=True)]
    knocks = [side.knocks for side in entry.sides]
    if entry.call is None:
        return score_round(sides, rules, knocks=knocks)
    return replace(score_round(sides, rules, partial=True, knocks=knocks), called=entry.call)


# The reason a hand's score gives for what the hand did to the game (a call out, a recount): the game's, added as the
# game is played out, never the hand's own.
GAME_REASON = "game"


def _noted(score: RoundScore, progress: Progress, index: int) -> RoundScore:
    """A hand's score with what it did to the game (a call out, a recount) as its last reason, in place of any that
    an earlier playing out gave it (``score_game`` takes back the scores it made: a note is said once, and goes
    when the hand no longer does it)."""
    own = tuple(r for r in score.reasons if r.category != GAME_REASON)
    note = progress.notes[index] if index < len(progress.notes) else None
    if note is None:
        return score if len(own) == len(score.reasons) else replace(score, reasons=own)
    return replace(score, reasons=(*own, Reason(GAME_REASON, progress.winner, note)))


def score_game(game: Game, scores: Sequence[RoundScore] | None = None) -> GameScore:
    """Score every hand of a game in order and decide where it stands.

    ``scores`` are the hands' scores when they are already known (one per hand, in order): then
    only the running totals are added up again, and no hand is re-scored.
    """
    names = game.names
    if scores is None:
        scores = [score_entry(r.entry, names, game.rules) for r in game.rounds]
    progress = play_out(scores, names, game.target, game.rules.end, game.rules.playoff, game.rules.family)
    rounds = tuple(
        ScoredRound(record, _noted(score, progress, i), progress.counted[i], progress.totals[i])
        for i, (record, score) in enumerate(zip(game.rounds, scores, strict=True))
    )
    dealer, leader = dealer_and_leader(game.sides, len(game.rounds), game.rules.direction)
    return GameScore(game, rounds, progress, dealer, leader)


def add_hand(before: GameScore, record: RoundRecord, score: RoundScore, game: Game) -> GameScore:
    """``before`` with one more hand at the end (``game`` is the stored game with it): one hand's work.

    >>> from dataclasses import replace
    >>> from .options import Rules
    >>> from .scoring import Tally
    >>> sides = (Side("A", ("A",)), Side("B", ("B",)))
    >>> game = Game("g", "Friday", "", Rules(), 11, DeckStyle.ITALIAN, sides, (), (0, 0), 1)
    >>> entry = HandEntry((SideEntry(0, tally=Tally(22, 6, True, primiera_won=True)),
    ...                    SideEntry(0, tally=Tally(18, 4, False, primiera_won=False))))
    >>> record = RoundRecord(1, entry, 2, "r1")
    >>> score = score_entry(entry, game.names, game.rules)
    >>> after = add_hand(score_game(game), record, score, replace(game, rounds=(record,), version=2))
    >>> after.totals, str(after.progress.status)
    ((4, 0), 'A leads 4-0; 11 to win.')
    """
    progress = play_on(
        before.progress, score, game.names, game.target, game.rules.end, game.rules.playoff, game.rules.family
    )
    played = ScoredRound(
        record, _noted(score, progress, len(progress.totals) - 1), progress.counted[-1], progress.totals[-1]
    )
    dealer, leader = dealer_and_leader(game.sides, len(game.rounds), game.rules.direction)
    return GameScore(game, (*before.rounds, played), progress, dealer, leader)


def change_said(before: GameScore, after: GameScore, done: Msg) -> Msg:
    """What a correction or a deletion says: ``done`` ("Hand 2 corrected"), and, when it reopened the game or
    changed who wins, the game as it stands now, so that the keeper never misses a result that moved.

    >>> from .options import Rules
    >>> from .scoring import Tally
    >>> sides = (Side("A", ("A",)), Side("B", ("B",)))
    >>> game = Game("g", "Friday", "", Rules(), 4, DeckStyle.ITALIAN, sides, (), (0, 0), 1)
    >>> won = score_game(game)
    >>> won = replace(won, progress=replace(won.progress, winner=0))
    >>> str(change_said(won, score_game(game), msg("Hand %(n)s corrected", n=1)))
    'Hand 1 corrected: the game is open again, No hands yet: first to 4 wins.'
    >>> str(change_said(score_game(game), score_game(game), msg("Hand %(n)s deleted", n=1)))
    'Hand 1 deleted.'
    """
    if before.winner == after.winner and before.finished == after.finished:
        return msg("%(done)s.", done=done)
    if not after.finished:
        return msg("%(done)s: the game is open again, %(status)s", done=done, status=after.progress.status)
    return msg("%(done)s: now %(status)s", done=done, status=after.progress.status)


def spoken(score: GameScore) -> Msg:
    """The score as it is read aloud (for players who cannot see the screen): the totals, the last hand's points
    and the state of the game, e.g. "Score: A 4, B 1. Last hand: A 4, B 1. A leads 4-1; 11 to win."

    >>> from .options import Rules
    >>> sides = (Side("A", ("A",)), Side("B", ("B",)))
    >>> str(spoken(score_game(Game("g", "Friday", "", Rules(), 11, DeckStyle.ITALIAN, sides, (), (0, 0), 1))))
    'Score: A 0, B 0. No hands yet: first to 11 wins.'
    """
    names = score.game.names

    def each(points: Sequence[int]) -> Any:
        return listing(
            (msg("%(name)s %(points)s", name=n, points=p) for n, p in zip(names, points, strict=True)), Join.COMMA
        )

    parts = [msg("Score: %(totals)s.", totals=each(score.totals))]
    if score.rounds:
        parts.append(msg("Last hand: %(points)s.", points=each(score.rounds[-1].counted)))
    parts.append(score.progress.status)
    return msg("%(parts)s", parts=listing(parts, Join.SPACE))
