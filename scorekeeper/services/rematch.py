"""A rematch: a new game with the sides, rules, target and deck of a finished one, started once.

A finished game has at most one rematch, however often it is asked for and from however many phones: the
scoreboard's *Rematch* and a group's *Play again* both come here. Whether the game already has its rematch (by
this submission id, or by any) is read inside the write transaction that would store the new game, so two taps
at the same moment are served one after the other and the second is answered with the first one's game.

The game's submissions remember what its rematch made: a row under the submission id of the tap that made it,
and one under ``rematch:<game id>``, the game's one rematch whichever phone asks.

A phone's second tap can reach the server before the first tap's answer (and the keeper key its cookie
carries) reaches the phone; if the second answer came last without the key, the phone would not keep the game
it made. So the keys of the rematches made lately are kept in memory (``recent``), for a few minutes, and a
repeat of the same submission id gets the key again. The store never holds a key, only its hash: after a
restart, or past those minutes, a repeat gets the game without its key.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from scorekeeper.rules import Side
from scorekeeper.rules.text import msg
from scorekeeper.services import games, groups, keys
from scorekeeper.services.errors import Conflict, NotFound, writing
from scorekeeper.store import Store

REMATCH = "rematch"  # the action of the submission that started a rematch
# What a group's "Play again" recorded before it came here: read as a rematch too, never written any more.
GROUP_REMATCH = "group-rematch"
STARTED = frozenset({REMATCH, GROUP_REMATCH})


@dataclass(frozen=True, slots=True)
class Rematch:
    """The answer to asking for a rematch: the new game, and its keeper key for the tap that made it.

    ``key`` is None when the rematch was made by another phone (or so long ago that this server no longer
    holds the key): the game is shown, but this phone does not keep it.
    """

    game_id: str
    key: str | None


class RecentKeys:
    """The keeper keys of the rematches made lately, by (database, finished game, submission id) (thread-safe)."""

    def __init__(self, size: int = 256, seconds: float = 300):
        self.size = size
        self.seconds = seconds
        self._made: OrderedDict[tuple[str, str, str], tuple[Rematch, float]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, store: Store, game_id: str, submission_id: str) -> Rematch | None:
        with self._lock:
            self._drop_old()
            found = self._made.get((store.path, game_id, submission_id))
            return found[0] if found else None

    def put(self, store: Store, game_id: str, submission_id: str, made: Rematch) -> None:
        with self._lock:
            self._made[(store.path, game_id, submission_id)] = (made, time.monotonic())
            while len(self._made) > self.size:
                self._made.popitem(last=False)

    def drop(self, store: Store, game_id: str, submission_id: str) -> None:
        with self._lock:
            self._made.pop((store.path, game_id, submission_id), None)

    def clear(self) -> None:
        """Forget every key (what a restart does)."""
        with self._lock:
            self._made.clear()

    def _drop_old(self) -> None:
        too_old = time.monotonic() - self.seconds
        while self._made and next(iter(self._made.values()))[1] < too_old:
            self._made.popitem(last=False)


recent = RecentKeys()


def the_rematch(game_id: str) -> str:
    """The submission id under which a finished game remembers its one rematch."""
    return f"rematch:{game_id}"


def start(
    store: Store,
    game_id: str,
    submission_id: str,
    name_for: Callable[[Sequence[Side]], str],
    group_id: str | None = None,
) -> Rematch:
    """The rematch of a finished game: made by this call, or the one made before (by any phone).

    ``name_for`` names the new game after its sides (the phone's clock in it). With ``group_id`` the game is a
    game of that group (``NotFound`` if it is not) and the rematch is started in it. ``Conflict`` for a game not
    over yet, an event's table, or a submission id used for another change; ``BadInput`` when the rules now
    refuse these sides; ``Unavailable`` when the storage cannot make it (then nothing was made).
    """
    keys.check_submission_id(submission_id)
    old = games.get(store, game_id).game
    # The target the game was played to, said outright: a profile's default target may have changed since.
    rules = replace(old.rules, target=old.target)
    game, key = games.prepare(name_for(old.sides), old.sides, rules, old.deck_style)
    made = Rematch(game.id, key)
    kept = False
    try:
        with writing(store):
            if group_id is not None and store.game_group(game_id) != group_id:
                raise NotFound("game")  # not a game of this group: as if there were none
            if store.event_of_game(game_id) is not None:
                # An event's table plays once: its players go on to the event's next round, never to a game
                # outside the event that nobody would count.
                raise Conflict(
                    msg("this game is a table of an event: its players go on to the event's next round, not a rematch"),
                    "event_table",
                )
            earlier = _started(store, game_id, submission_id)
            if earlier is not None:
                # Made by this submission, its key is here while the server remembers it (a double tap's first
                # tap leaves it before its commit); made by another, the game is answered without a key.
                again = recent.get(store, game_id, submission_id)
                return again if again is not None and again.game_id == earlier else Rematch(earlier, None)
            if not games.get(store, game_id).finished:  # read again: a hand may have been deleted meanwhile
                raise Conflict(msg("this game is not over yet: a rematch is offered once it is won"), "not_finished")
            games.insert(store, game, key)
            if group_id is not None:
                groups.join(store, group_id, game)
            print_ = keys.fingerprint(REMATCH, {})
            # The hand column of a submission names what it made: here, the new game.
            store.remember(game_id, submission_id, REMATCH, print_, game.id)
            if submission_id != the_rematch(game_id) and store.submission(game_id, the_rematch(game_id)) is None:
                store.remember(game_id, the_rematch(game_id), REMATCH, print_, game.id)
            # Before the commit: a second tap waiting for this transaction finds the key when it gets its turn.
            recent.put(store, game_id, submission_id, made)
            kept = True
    except BaseException:
        if kept:  # the commit failed: nothing was made
            recent.drop(store, game_id, submission_id)
        raise
    return made


def _started(store: Store, game_id: str, submission_id: str) -> str | None:
    """The id of the rematch already started by this submission, or by any (inside the write transaction).

    ``Conflict`` when this submission id was used for another change of the game.
    """
    seen = store.submission(game_id, submission_id)
    if seen is not None:
        if seen.action not in STARTED or not seen.round:
            raise Conflict(msg("this form was already used for another change; nothing was started"), "reused")
        return seen.round
    first = store.submission(game_id, the_rematch(game_id))
    if first is not None and first.action in STARTED and first.round:
        return first.round
    return None
