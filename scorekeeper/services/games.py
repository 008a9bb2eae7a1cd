"""Keeping a game: the changes pages and the API share, each checked by the rules and made in one transaction.

A submission id makes every change safe to repeat: a phone that double-taps
or retries a request gets the first answer again, and nothing is stored twice.
An id is bound to what it did: sent again with another action or another body
it is refused (``Conflict`` kind ``reused``), never replayed as something else.

Scores are worked out once per version of a game and kept in memory
(``ScoreCache``): a read costs one small query whatever the game's length, and
a write scores only the hand it brings. Recording a hand (``record``) reads the
game's version once, inside its write, and scores the hand there; corrections,
deletions and scopas score outside the write lock and check the version inside.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.rules import DeckStyle, Rules, Side, check_sides
from scorekeeper.rules.errors import InvalidGameError, InvalidRoundError
from scorekeeper.rules.families import FAMILIES
from scorekeeper.rules.game import GAME_NAME_MAX, clean_text
from scorekeeper.rules.ledger import (
    HANDS_MAX,
    Game,
    GameScore,
    HandEntry,
    RoundRecord,
    ScoredRound,
    add_hand,
    change_said,
    score_entry,
    score_game,
)
from scorekeeper.rules.scoring import SCOPAS_MAX, RoundScore
from scorekeeper.rules.stats import summarise
from scorekeeper.rules.text import Msg, msg, nmsg
from scorekeeper.services import keys
from scorekeeper.services.errors import Conflict, Forbidden, NotFound, writing
from scorekeeper.store import Store, Submission, new_round_id, now


@dataclass(frozen=True, slots=True)
class Recorded:
    """The answer to recording a hand: the game after it, the hand's number, id and version."""

    score: GameScore
    number: int
    round_id: str
    version: int
    created: bool


@dataclass(frozen=True, slots=True)
class Changed:
    """The answer to correcting or deleting a hand: the game after it, and what the change did to it in words
    ("Hand 2 corrected: the game is open again, Anna leads 10-9; ...", made by the core from before and after)."""

    score: GameScore
    said: Msg
    # The changed hand's number in the game now: a correction repeated after its hand moved (an earlier hand
    # deleted) answers where the hand is now (None for a deletion).
    number: int | None = None


# --- scores kept per version ------------------------------------------------------------------------


class ScoreCache:
    """The scored game for its latest version, for the most recently used games (thread-safe)."""

    def __init__(self, size: int = 512):
        self.size = size
        self._games: OrderedDict[tuple[str, str], GameScore] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, store: Store, game_id: str, version: int) -> GameScore | None:
        with self._lock:
            found = self._games.get((store.path, game_id))
            if found is None or found.game.version != version:
                return None
            self._games.move_to_end((store.path, game_id))
            return found

    def put(self, store: Store, score: GameScore) -> GameScore:
        with self._lock:
            key = (store.path, score.game.id)
            held = self._games.get(key)
            # Two requests may finish out of order: keep the newer version.
            if held is None or held.game.version <= score.game.version:
                self._games[key] = score
                self._games.move_to_end(key)
            while len(self._games) > self.size:
                self._games.popitem(last=False)
        return score


scores = ScoreCache()


def get(store: Store, game_id: str) -> GameScore:
    """The game, scored; ``NotFound`` if there is none. One small query when its score is known."""
    version = store.game_version(game_id)
    if version is None:
        raise NotFound("game")
    cached = scores.get(store, game_id, version)
    if cached is not None:
        return cached
    return _score_stored(store, game_id)


def _score_stored(store: Store, game_id: str) -> GameScore:
    game = store.load_game(game_id)
    if game is None:
        raise NotFound("game")
    return scores.put(store, score_game(game))


def _fresh(store: Store, before: GameScore) -> GameScore:
    """``before`` if the game has not changed since it was read; else the game as it is now (in the lock)."""
    if store.version_now(before.game.id) == before.game.version:
        return before
    return _score_stored(store, before.game.id)


def _rebuild(before: GameScore, rounds: Sequence[tuple[RoundRecord, RoundScore]], **changes: Any) -> GameScore:
    """The game with these hands (records renumbered in order), without re-scoring any hand."""
    records = tuple(replace(r, number=i) if r.number != i else r for i, (r, _) in enumerate(rounds, start=1))
    game = replace(before.game, rounds=records, **changes)
    return score_game(game, [s for _, s in rounds])


def _keep_summary(store: Store, score: GameScore, *, in_group: bool | None = None) -> None:
    """Keep the summary a group's statistics read of a game in a group (call inside the change's ``write()``).

    Written with the change that made this version, so that a group's page or statistics read after many hands
    finds every game summed up at its version and re-scores none (``groups.game_summaries`` works out only the
    summaries missing or older than their game, e.g. a database from before summaries were kept this way). The
    players' ids are left empty, as in every kept summary: the group fills them in as they are when read.
    ``in_group``: whether the game is in a group, when the change has read it already (else it is read here).
    """
    if in_group is None:
        in_group = store.game_group(score.game.id) is not None
    if not in_group:
        return
    summary = summarise(score, [[] for _ in score.game.sides])
    store.put_summaries([(score.game.id, score.game.version, json.dumps(summary))])


def _note_finished(store: Store, score: GameScore) -> None:
    """Note when the game first finished, if this change (in its ``write()``) leaves it finished: ratings take a
    group's games in that order. Never cleared: a game reopened and won again keeps its place (and while it is
    not finished it counts for nothing, because ratings read only games finished now)."""
    if score.finished:
        store.mark_finished(score.game.id)


def _hands(score: GameScore) -> list[tuple[RoundRecord, RoundScore]]:
    return [(r.record, r.score) for r in score.rounds]


# --- keys and submission ids --------------------------------------------------------------------------


def is_keeper(store: Store, game_id: str, key: str | None) -> bool:
    """True when ``key`` is the keeper key of the game."""
    return keys.matches(store.keeper_hash(game_id), key) if key and len(key) <= keys.KEY_MAX else False


def _seen(store: Store, game_id: str, submission_id: str | None, action: str, print_: str) -> Submission | None:
    """The earlier handling of this submission id, if any; ``Conflict`` if it did something else."""
    if submission_id is None:
        return None
    seen = store.submission(game_id, submission_id)
    if seen is None:
        return None
    if seen.action != action or (seen.fingerprint is not None and seen.fingerprint != print_):
        raise Conflict(
            msg(
                "this submission id was already used for another change; nothing was changed. Send each change with a "
                "fresh id"
            ),
            "reused",
        )
    return seen


# --- changes ---------------------------------------------------------------------------------------------


def new_game(
    store: Store,
    name: str,
    sides: Sequence[Side],
    rules: Rules,
    deck_style: DeckStyle = DeckStyle.ITALIAN,
    also: Callable[[Game], None] | None = None,
    key: str | None = None,
) -> tuple[Game, str]:
    """Create a game; returns it and its keeper key (shown once, stored only as a hash).

    ``also`` is done in the same transaction, after the game is stored (putting it in a group). ``key`` is a
    keeper key made elsewhere (an event's table, whose key the organiser's key can make again).
    """
    game, key = prepare(name, sides, rules, deck_style, key)
    with writing(store):
        insert(store, game, key)
        if also is not None:
            also(game)
    scores.put(store, score_game(game))
    return game, key


def prepare(
    name: str, sides: Sequence[Side], rules: Rules, deck_style: DeckStyle = DeckStyle.ITALIAN, key: str | None = None
) -> tuple[Game, str]:
    """A new game checked by the rules, and its keeper key, not stored yet: ``insert`` stores it.

    For a service that decides inside its own write transaction whether the game is made at all (a rematch).
    """
    sides = check_sides(sides, rules)
    if not isinstance(name, str):
        raise InvalidGameError(msg("name must be text, at most %(max)s characters", max=GAME_NAME_MAX), "name")
    # Unnamed (the API): the game's family and the day, "Escoba, 2026-11-27".
    unnamed = f"{FAMILIES[rules.family].title}, {now()[:10]}"
    name = clean_text(name, "name", "game", GAME_NAME_MAX) if name.strip() else unnamed
    players = sum(len(s.players) for s in sides)
    game = Game(
        id=keys.new_id(),
        name=name,
        created=now(),
        rules=rules,
        target=rules.target_for(players),
        deck_style=deck_style,
        sides=sides,
        rounds=(),
        pending_scopas=tuple(0 for _ in sides),
        version=1,
    )
    return game, key or keys.new_key()


def insert(store: Store, game: Game, key: str) -> None:
    """Store a game made by ``prepare`` with the hash of its keeper key (inside a write transaction).

    Its score is worked out when it is first read.
    """
    store.insert_game(game, keys.hash_key(key))


def _number_of(store: Store, game_id: str, seen: Submission) -> int:
    number = store.round_number(game_id, seen.round) if seen.round else None
    if number is None:
        raise Conflict(msg("this hand was recorded and has since been deleted; nothing was changed"), "deleted")
    return number


@dataclass(frozen=True, slots=True)
class HandSent:
    """A new hand as a request sends it, read against its game (``record`` checks every part): the hand, its
    submission id, the scopas the form showed (or None) and the number of the hand the form was opened for (or
    None)."""

    entry: HandEntry
    submission_id: object
    scopas_shown: Sequence[int] | None = None
    number: object = None


def record(store: Store, game_id: str, key: str | None, read: Callable[[Game], HandSent]) -> Recorded:
    """Add a hand sent by a phone or a program holding ``key``: the one call a page or the API makes to record one.

    In one write transaction: the game's version and keeper key hash are read (once), the key is checked
    (``NotFound``, ``Forbidden``), ``read`` turns the request into the hand against the game (it may raise
    ``BadInput``), the hand is checked and scored, and the game, the hand and the submission id are written.
    Reading the request only after the key is checked means a phone without the key is told so whatever it sent.
    """
    return _record(store, game_id, read, key=key, keyed=True)


def record_hand(
    store: Store,
    game_id: str,
    entry: HandEntry,
    submission_id: str,
    scopas_shown: Sequence[int] | None = None,
    number: int | None = None,
) -> Recorded:
    """Add a hand on behalf of the app itself (no key is asked). ``created`` is False when this was a repeat of a
    submission already recorded.

    ``scopas_shown`` are the scopas of the hand in progress that the form showed: only those are
    taken out of the pending ones, so a scopa marked on another phone meanwhile stays pending.
    Without it, the hand's own scopas are taken (up to what is pending).

    ``number`` is the hand the form was opened for: if another phone saved a hand meanwhile, this one
    would be a later hand than the person saw (often the same hand entered twice), so it is refused
    (409 ``stale``, with the hand saved meanwhile) until they confirm it as the next hand.
    """
    return _record(store, game_id, lambda _game: HandSent(entry, submission_id, scopas_shown, number), keyed=False)


def _record(
    store: Store, game_id: str, read: Callable[[Game], HandSent], *, key: str | None = None, keyed: bool
) -> Recorded:
    """``record`` and ``record_hand``: everything inside one write, the game's version read once.

    The scored game comes from the cache when it is at the version just read (else it is loaded and scored
    here, in the lock), so a long game costs the same statements as a short one; only the new hand is scored.
    The submission id is claimed before anything else is written: a repeat is found by that same statement, and
    answers the hand it recorded the first time (from the game as it is now) without writing anything.
    """
    with writing(store):
        state = store.game_state(game_id)
        if state is None:
            raise NotFound("game")
        if keyed and not keys.matches(state.keeper_hash, key):
            raise Forbidden("game")
        cached = scores.get(store, game_id, state.version)
        before = cached if cached is not None else _score_stored(store, game_id)
        sent = read(before.game)
        entry = sent.entry
        submission_id = keys.check_submission_id(sent.submission_id)
        number = sent.number
        if number is not None and (type(number) is not int or not 1 <= number < 2**31):
            raise InvalidRoundError(
                msg("number must be the number of the hand the form was opened for (1, 2, ...)"), "number"
            )
        score = score_entry(entry, before.game.names, before.game.rules)
        shown = _scopas_shown(sent.scopas_shown, entry, len(before.game.sides))
        print_ = keys.fingerprint("add", entry.to_json())
        round_id = new_round_id()
        if not store.claim(game_id, submission_id, "add", print_, round_id):
            seen = _seen(store, game_id, submission_id, "add", print_)
            played = before.round_by_id(seen.round) if seen is not None and seen.round else None
            if played is None:
                raise Conflict(msg("this hand was recorded and has since been deleted; nothing was changed"), "deleted")
            return Recorded(before, played.number, played.record.id, played.record.version, False)
        if state.dropped:
            _check_not_dropped(store, game_id)
        # A hand saved meanwhile is told first: it may be the very hand that ended the game.
        if number is not None and number != before.next_number:
            raise _moved_on(before, number)
        if before.finished:
            raise Conflict(msg("the game is over; correct or delete a hand to reopen it"), "finished")
        if before.next_number > HANDS_MAX:
            raise Conflict(
                msg(
                    "a game keeps at most %(max)s hands; start a new game (a rematch keeps the sides and rules)",
                    max=HANDS_MAX,
                ),
                "too_many_hands",
            )
        pending = [max(0, p - s) for p, s in zip(before.game.pending_scopas, shown, strict=True)]
        record = store.insert_round(game_id, before.next_number, entry, submission_id, pending, round_id)
        game = replace(
            before.game, rounds=(*before.game.rounds, record), pending_scopas=tuple(pending), version=record.version
        )
        after = add_hand(before, record, score, game)
        _keep_summary(store, after, in_group=state.group_id is not None)
        _note_finished(store, after)
    after = scores.put(store, after)
    return Recorded(after, record.number, record.id, record.version, True)


def _check_not_dropped(store: Store, game_id: str) -> None:
    """Refuse a hand for a game an event's table no longer plays (its round was paired again before the game's
    first hand): kept, it would count for nobody. Checked in the hand's own write transaction, so the pairing
    again either sees the hand (and keeps the table) or is seen here."""
    dropped = store.dropped_from_event(game_id)
    if dropped is not None:
        raise Conflict(
            msg(
                "this game is no longer table %(table)s of round %(round)s at “%(event)s”: the organiser "
                "paired the round again before its first hand was saved; nothing was saved. Ask the "
                "organiser for your table now (the event's page shows the round)",
                table=dropped["number"],
                round=dropped["round"],
                event=dropped["name"],
            )
        )


def _moved_on(score: GameScore, number: int) -> Conflict:
    """The hand a form was opened for is not the next one any more: say what happened meanwhile."""
    nxt = score.next_number
    if number < nxt:
        latest = score.rounds[-1]
        hands = nmsg("%(n)s hand", "%(n)s hands", len(score.rounds))
        then = msg("Check the scoreboard: if this is a new hand, save it as hand %(next)s", next=nxt)
        if score.finished:
            then = msg("That hand ended the game, so this one cannot be saved; correct it instead if it was wrong")
        return Conflict(
            msg(
                "hand %(n)s was already saved on another phone while this one was open (the game now has "
                "%(hands)s); nothing was saved. %(then)s",
                n=number,
                hands=hands,
                then=then,
            ),
            "stale",
            current=latest,
            style=score.game.deck_style,
        )
    return Conflict(
        msg(
            "this form was for hand %(n)s, but the game's next hand is %(next)s (a hand was deleted on another "
            "phone); nothing was saved. Check the scoreboard, then save it as hand %(next)s",
            n=number,
            next=nxt,
        ),
        "stale",
    )


def _scopas_shown(shown: Sequence[int] | None, entry: HandEntry, sides: int) -> tuple[int, ...]:
    if shown is None:
        return tuple(s.scopas for s in entry.sides)
    if len(shown) != sides or any(type(n) is not int or not 0 <= n <= SCOPAS_MAX for n in shown):
        raise InvalidRoundError(
            msg(
                "scopas_shown must list, for each of the %(n)s sides, the scopas the form showed (0 to %(max)s)",
                n=sides,
                max=SCOPAS_MAX,
            ),
            "scopas_shown",
        )
    return tuple(shown)


def _hand_at(score: GameScore, number: int, version: int | None, then: Msg) -> ScoredRound:
    """Hand ``number`` if it exists and is still at ``version`` (the state the editor saw)."""
    if not 1 <= number <= len(score.rounds):
        raise NotFound("game", msg("this game has no hand %(n)s; it has %(count)s", n=number, count=len(score.rounds)))
    played = score.rounds[number - 1]
    if version is not None and version != played.record.version:
        raise Conflict(
            msg(
                "hand %(n)s is no longer the hand you saw: it was changed or deleted on another phone (or by an "
                "earlier send of this same change), or an earlier hand was deleted and the hands moved up; nothing "
                "was changed. Reload to see it, %(then)s",
                n=number,
                then=then,
            ),
            "stale",
            current=played,
            style=score.game.deck_style,
        )
    return played


def replace_hand(
    store: Store,
    game_id: str,
    number: int,
    entry: HandEntry,
    version: int | None = None,
    submission_id: str | None = None,
) -> Changed:
    """Replace hand ``number``; totals, winner and later hands follow.

    ``version`` is the hand's version the editor started from: if another phone
    saved the hand since, the change is refused rather than overwriting it. The answer says in words whether the
    correction reopened the game or changed who wins (from the game just before and just after, in the write).
    """
    if submission_id is not None:
        keys.check_submission_id(submission_id)
    print_ = keys.fingerprint("edit", {"number": number, "version": version, "entry": entry.to_json()})
    before = get(store, game_id)
    score = score_entry(entry, before.game.names, before.game.rules)
    with writing(store):
        seen = _seen(store, game_id, submission_id, "edit", print_)
        if seen is None:
            before = _fresh(store, before)
            played = _hand_at(before, number, version, msg("then make your change again"))
            record = store.update_round(game_id, played.record, entry)
            if submission_id is not None:
                store.remember(game_id, submission_id, "edit", print_, record.id)
            hands = _hands(before)
            hands[number - 1] = (record, score)
            after = _rebuild(before, hands, version=record.version)
            _keep_summary(store, after)
            _note_finished(store, after)
    done = msg("Hand %(n)s corrected", n=number)
    if seen is not None:  # a repeat: the change was made (and said) the first time
        now_ = get(store, game_id)
        where = next((i + 1 for i, r in enumerate(now_.rounds) if r.record.id == seen.round), None)
        if where is None:
            raise NotFound(
                "game",
                msg(
                    "this correction was saved before, but hand %(n)s has been deleted since; nothing was changed",
                    n=number,
                ),
            )
        return Changed(now_, change_said(now_, now_, done), where)
    return Changed(scores.put(store, after), change_said(before, after, done), number)


def delete_hand(
    store: Store, game_id: str, number: int, version: int | None = None, submission_id: str | None = None
) -> Changed:
    """Remove hand ``number``; later hands move up one and the totals follow.

    A repeat of the same ``submission_id`` removes nothing more. The answer says in words whether the deletion
    reopened the game or changed who wins.
    """
    if submission_id is not None:
        keys.check_submission_id(submission_id)
    print_ = keys.fingerprint("delete", {"number": number, "version": version})
    before = get(store, game_id)
    with writing(store):
        seen = _seen(store, game_id, submission_id, "delete", print_)
        if seen is None:
            before = _fresh(store, before)
            played = _hand_at(before, number, version, msg("and check before deleting"))
            version_now = store.delete_round(game_id, played.record.id)
            if submission_id is not None:
                store.remember(game_id, submission_id, "delete", print_, played.record.id)
            hands = [h for h in _hands(before) if h[0].id != played.record.id]
            after = _rebuild(before, hands, version=version_now)
            _keep_summary(store, after)
            _note_finished(store, after)
    done = msg("Hand %(n)s deleted", n=number)
    if seen is not None:  # a repeat: the hand went (and was said) the first time
        now_ = get(store, game_id)
        return Changed(now_, change_said(now_, now_, done))
    return Changed(scores.put(store, after), change_said(before, after, done))


def undo_hand(store: Store, game_id: str, round_id: str, version: int, submission_id: str) -> GameScore:
    """Take back exactly the hand this phone saved (by its id), if nobody changed it since.

    Its scopas go back into the hand in progress, so nothing marked during the hand is lost.
    """
    keys.check_submission_id(submission_id)
    print_ = keys.fingerprint("undo", {"round": round_id, "version": version})
    before = get(store, game_id)
    with writing(store):
        seen = _seen(store, game_id, submission_id, "undo", print_)
        if seen is None:
            before = _fresh(store, before)
            played = before.round_by_id(round_id)
            if played is None:
                raise Conflict(
                    msg("that hand is no longer in the game (deleted on another phone); nothing was undone"), "deleted"
                )
            if played.record.version != version:
                raise Conflict(
                    msg(
                        "hand %(n)s was corrected on another phone after it was saved; nothing was undone. Open it to "
                        "check, and delete it there if it should go",
                        n=played.number,
                    ),
                    "stale",
                    current=played,
                    style=before.game.deck_style,
                )
            if played.number != len(before.rounds):
                # Undo puts the hand back as the hand in progress; with a later hand saved on another
                # phone, that would move the later hand up and this one after it.
                raise Conflict(
                    msg(
                        "hand %(later)s was saved on another phone after hand %(n)s, so hand %(n)s can no longer be "
                        "taken back into the hand in progress; nothing was undone. Open hand %(n)s to correct or "
                        "delete it",
                        later=len(before.rounds),
                        n=played.number,
                    ),
                    "stale",
                    current=played,
                    style=before.game.deck_style,
                )
            pending = [
                min(SCOPAS_MAX, p + side.scopas)
                for p, side in zip(before.game.pending_scopas, played.record.entry.sides, strict=True)
            ]
            version_now = store.delete_round(game_id, round_id, pending)
            store.remember(game_id, submission_id, "undo", print_, round_id)
            hands = [h for h in _hands(before) if h[0].id != round_id]
            after = _rebuild(before, hands, pending_scopas=tuple(pending), version=version_now)
            _keep_summary(store, after)
            _note_finished(store, after)
    if seen is not None:
        return get(store, game_id)
    return scores.put(store, after)


def mark_scopa(
    store: Store, game_id: str, side: object, change: object, submission_id: str, hand: object = None
) -> GameScore:
    """Add (``change`` 1) or take back (-1) a scopa of the hand in progress (all checked here).

    ``hand`` is the number of the hand in progress as the phone saw it (the next hand to record). A scopa kept
    offline during hand 1 and sent after another phone saved hand 1 would otherwise land on hand 2: it is refused
    (409 ``stale``), checked inside the write against the game's next hand. None (older clients): not checked.
    """
    keys.check_submission_id(submission_id)
    if hand is not None and (type(hand) is not int or not 1 <= hand < 2**31):
        raise InvalidRoundError(msg("hand must be the number of the hand being played (1, 2, ...)"), "hand")
    before = get(store, game_id)
    sides = len(before.game.sides)
    if type(side) is not int or not 0 <= side < sides:
        raise InvalidRoundError(
            msg("side must be the number of a side of this game, 0 to %(max)s", max=sides - 1), "side"
        )
    if type(change) is not int or change not in (1, -1):
        raise InvalidRoundError(msg("change must be 1 (a scopa) or -1 (take one back)"), "change")
    print_ = keys.fingerprint("scopa", {"side": side, "change": change, **({} if hand is None else {"hand": hand})})
    with writing(store):
        seen = _seen(store, game_id, submission_id, "scopa", print_)
        if seen is None:
            before = _fresh(store, before)
            # Told first, as for a hand: the hand saved meanwhile may be the one that ended the game.
            if hand is not None and hand != before.next_number:
                raise Conflict(
                    msg(
                        "this scopa was for hand %(n)s, but the hand being played is now hand %(next)s (the game "
                        "changed on another phone); nothing was changed. If the scopa belongs to hand %(next)s, "
                        "tap it again",
                        n=hand,
                        next=before.next_number,
                    ),
                    "stale",
                )
            if before.finished:
                raise Conflict(msg("the game is over; no hand is in progress"), "finished")
            if change > 0 and not before.game.rules.score_scopas:
                raise InvalidRoundError(
                    msg("scopas are not counted under these rules (score_scopas is off); nothing was marked"),
                    "score_scopas",
                )
            pending = list(before.game.pending_scopas)
            pending[side] = max(0, pending[side] + change)
            if pending[side] > SCOPAS_MAX:
                raise InvalidRoundError(
                    msg("a side cannot make more than %(max)s scopas in one hand", max=SCOPAS_MAX), "change"
                )
            version = store.set_pending_scopas(game_id, pending)
            store.remember(game_id, submission_id, "scopa", print_, None)
            after = replace(before, game=replace(before.game, pending_scopas=tuple(pending), version=version))
            _keep_summary(store, after)
    if seen is not None:
        return get(store, game_id)
    return scores.put(store, after)


# --- what pages ask of games -------------------------------------------------------------------------------------


def version(store: Store, game_id: str) -> int | None:
    """The game's change counter (open scoreboards poll it to know when to refresh), or None for no such game."""
    return store.game_version(game_id)


def found(store: Store, game_ids: Sequence[str]) -> list[GameScore]:
    """The games among ``game_ids`` that exist, scored, in the order given (a phone's list may name games gone)."""
    there = store.versions(list(game_ids))
    return [get(store, game_id) for game_id in game_ids if game_id in there]
