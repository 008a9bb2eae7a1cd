"""Benchmark: a big group's pages read cold, just after a table's write, against a fresh game's scoreboard.

A group of GAMES finished games (quick: 200), built through the services (a request each would take longer than
what is measured), two players a game or two teams of two among a club of CLUB players, and one game left
unfinished, as a table still playing. Then, for each read below, a hand is recorded at that table and deleted
again (what any table may do, never limited) just before the read is timed, so that the read finds the group
changed since it was last read: the cost of the first read after a table's write. Also the first read of each
after NEW more games finished (the group growing as a club night goes on), after the result of the latest game
corrected (its ratings rated again from those kept before it), and after the group's first game corrected (every
game after it rated again, in the order they finished: a slice of them a read, ``ratings.RATING_SLICE``, the reads
meanwhile answering the ratings as they were, marked ``updating``). For that correction, also every read after it
until the ratings are caught up (the player page, the ratings and the ladder in turn): the worst of them, and how
many reads it took. Each as a ratio to the scoreboard of a fresh game (``GET /g/<id>``) measured in the same run;
every request's CPU time in this one thread, not the time on the clock, so that the ratio holds on a machine busy
with other work. The aim: 20x at most, whatever the group's size.

``BENCH_QUICK=1`` builds 200 games and takes one sample of each; ``BENCH_GAMES=<n>`` builds n games instead of
2,000. A JSON copy of the results goes to bench/out/cold.json (bench/out/quick/ in quick mode).
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import tempfile
import time
from typing import Any

from app import create_app
from bench.serving import BENCH_LIMITS, results_dir
from scorekeeper.rules import Rules, Side
from scorekeeper.rules.ledger import HandEntry
from scorekeeper.services import games, groups
from scorekeeper.store import Store

OUT = results_dir()
QUICK = os.environ.get("BENCH_QUICK") == "1"
GAMES = 200 if QUICK else int(os.environ.get("BENCH_GAMES", "2000"))
SAMPLES = 1 if QUICK else 7
NEW = 5 if QUICK else 59  # games finished between two reads, for the "after new games" line
CLUB = [f"Player {n:02d}" for n in range(24)]
AIM = 20.0


def sweep(winner: int, scopas: int = 7) -> HandEntry:
    """A hand that ends a game to 11 at once (to 16 for four players it takes two)."""
    sides: list[dict[str, object]] = [{"won": []}, {"won": []}]
    sides[winner] = {"won": ["cards", "coins", "settebello", "primiera"], "scopas": scopas}
    return HandEntry.from_json({"sides": sides}, 2)


def small_hand() -> HandEntry:
    """A hand that ends no game."""
    return HandEntry.from_json({"sides": [{"won": ["settebello"]}, {"won": ["cards", "coins", "primiera"]}]}, 2)


def build(store: Store, group_id: str, start: int, count: int) -> list[str]:
    """``count`` finished games: odd ones two teams of two, even ones two players; their ids."""
    size = len(CLUB)
    made = []
    for n in range(start, start + count):
        seats = [CLUB[(n * 5 + k * 7) % size] for k in range(4)]
        if len(set(seats)) < 4:
            seats = [CLUB[(n + k * 3) % size] for k in range(4)]
        sides = [Side(seats[0], (seats[0],)), Side(seats[1], (seats[1],))]
        if n % 2:
            sides = [Side("A", (seats[0], seats[2])), Side("B", (seats[1], seats[3]))]
        game, _key = games.new_game(store, f"Game {n}", sides, Rules(), also=lambda g: groups.join(store, group_id, g))
        hand = 0
        while not games.get(store, game.id).finished:
            games.record_hand(store, game.id, sweep((n // 3 + n) % 2), f"bench-{n:05d}-{hand}")
            hand += 1
        made.append(game.id)
    return made


FULL_COLLECTIONS = [0]  # CPython's full garbage collections so far (``gc.callbacks``)


def counted(phase: str, info: dict[str, int]) -> None:
    FULL_COLLECTIONS[0] += phase == "start" and info["generation"] == 2


def timed_get(client, path: str, before=None) -> tuple[float, Any]:
    """One GET of ``path``: the CPU time it took, in ms (``before`` done first, untimed), and the answer."""
    if before is not None:
        before()
    start = time.thread_time()
    r = client.get(path)
    r.get_data()
    elapsed = (time.thread_time() - start) * 1000
    assert r.status_code == 200, (path, r.status_code)
    return elapsed, r


def timed(client, path: str, before=None) -> float:
    """One GET of ``path``: the CPU time it took, in ms (``before`` done first, untimed)."""
    return timed_get(client, path, before)[0]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.sqlite3")
        app = create_app({"DATABASE": path, "TESTING": False, **BENCH_LIMITS})
        client = app.test_client()
        with Store(path) as store:
            group_id = groups.new_group(store, "Bench")[0]
            started = time.monotonic()
            ids = build(store, group_id, 0, GAMES)
            table, _key = games.new_game(
                store,
                "Still playing",
                [Side(CLUB[0], (CLUB[0],)), Side(CLUB[1], (CLUB[1],))],
                Rules(),
                also=lambda g: groups.join(store, group_id, g),
            )
            games.record_hand(store, table.id, small_hand(), "table-first")
            fresh, _key = games.new_game(store, "Fresh", [Side("Anna", ("Anna",)), Side("Bruno", ("Bruno",))], Rules())
            print(f"  a group of {GAMES} finished games built in {time.monotonic() - started:.0f} s", flush=True)
            player = groups.players(store, group_id)[0].id
            writes = [0]

            def table_write() -> None:
                """A hand recorded at the table still playing, then deleted: the group changed, its results not."""
                writes[0] += 1
                games.record_hand(store, table.id, small_hand(), f"table-{writes[0]:05d}")
                games.delete_hand(store, table.id, 2, submission_id=f"table-del-{writes[0]:05d}")

            def corrected(game_id: str) -> None:
                """The winning hand of a finished game of two players corrected: the same side won it, with scopas
                it was not given in the last few corrections, so that its result is not the one last rated."""
                writes[0] += 1
                winner = games.get(store, game_id).winner
                games.replace_hand(store, game_id, 1, sweep(winner or 0, scopas=7 + writes[0] % 14))

            last, first = ids[-1] if len(ids) % 2 else ids[-2], ids[0]  # the latest and first games of two players
            rating_reads = ["player page", "ratings JSON", "ladder page"]
            reads = {
                "player page": f"/groups/{group_id}/players/{player}",
                "ratings JSON": f"/api/v1/groups/{group_id}/ratings",
                "ladder page": f"/groups/{group_id}/ladder",
                "group page": f"/groups/{group_id}",
                "group stats JSON": f"/api/v1/groups/{group_id}/stats",
                "group JSON": f"/api/v1/groups/{group_id}",
            }
            board_path = f"/g/{fresh.id}"
            timed(client, board_path)

            def caught_up() -> None:
                """Every read once, then the ratings read until they are no longer being brought up to date."""
                for address in reads.values():
                    timed(client, address)
                while client.get(reads["ratings JSON"]).get_json()["updating"]:
                    pass

            caught_up()  # every summary kept and every page made once, as a group in use
            boards: list[float] = []
            # Each read cold after each kind of write: (its label, the write, how many samples).
            writes_ = [
                ("after a table write", table_write, SAMPLES),
                ("last game corrected", lambda: corrected(last), SAMPLES),
                ("first game corrected", lambda: corrected(first), SAMPLES),
                (f"after {NEW} new games", None, SAMPLES),  # last: the group grows
            ]
            colds: dict[str, dict[str, list[float]]] = {
                kind: {label: [] for label in reads} for kind, _w, _n in writes_
            }
            # At GAMES games: the first game corrected, then every read in turn until the ratings are caught up: each
            # one timed, and the worst of each catching up kept, with whether a full garbage collection of the process
            # fell in it (one every so many requests, whatever they are: the median of the samples leaves it out, as
            # elsewhere).
            catching: list[tuple[float, bool]] = []
            spans: list[int] = []
            gc.callbacks.append(counted)
            for _ in range(SAMPLES):
                caught_up()
                corrected(first)
                count, worst_read, updating = 0, (0.0, False), True
                while updating:  # until the ratings JSON, read in its turn, says they are caught up
                    label = rating_reads[count % len(rating_reads)]
                    collections = FULL_COLLECTIONS[0]
                    elapsed, answer = timed_get(client, reads[label])
                    worst_read = max(worst_read, (elapsed, FULL_COLLECTIONS[0] != collections))
                    count += 1
                    if label == "ratings JSON":
                        updating = answer.get_json()["updating"]
                spans.append(count)
                catching.append(worst_read)
            gc.callbacks.remove(counted)
            built = GAMES
            for kind, write, samples in writes_:
                for _ in range(samples):
                    for label, address in reads.items():
                        caught_up()  # every read up to date: the one timed pays for this write alone
                        boards.append(timed(client, board_path))
                        if write is None:
                            build(store, group_id, built, NEW)
                            built += NEW
                        colds[kind][label].append(timed(client, address, write))
            board = statistics.median(boards)
        ratios = {
            kind: {label: round(statistics.median(v) / board, 1) for label, v in times.items()}
            for kind, times in colds.items()
        }
        catch_up = round(statistics.median(ms for ms, _full in catching) / board, 1)
        single, full = max(catching)
        results = {
            "games": GAMES,
            "scoreboard_ms": round(board, 3),
            **ratios,
            "catching_up": {"worst": catch_up, "single_worst": round(single / board, 1), "reads": max(spans)},
        }
    print(f"group of {GAMES} finished games; a fresh game's scoreboard {board:.2f} ms (CPU time)")
    kinds = list(colds)
    print(f"{'read':<18}" + "".join(f"{kind:>23}" for kind in kinds))
    worst = {kind: 0.0 for kind in kinds}
    for label in reads:
        row = [ratios[kind][label] for kind in kinds]
        for kind, ratio in zip(kinds, row, strict=True):
            worst[kind] = max(worst[kind], ratio)
        print(f"{label:<18}" + "".join(f"{ratio:>22.1f}x" for ratio in row))
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "cold.json").write_text(json.dumps(results, indent=2) + "\n")
    print(
        f"first game corrected: the worst of the reads until the ratings are caught up {catch_up:.1f}x a scoreboard "
        f"(median of {len(catching)}; the single worst {single / board:.1f}x"
        f"{', a full garbage collection in it' if full else ''}), over at most {max(spans)} reads (the player page, "
        "the ratings and the ladder in turn)"
    )
    within = [kinds[0], kinds[1], kinds[3]]
    print(
        f"worst cold read: {max(worst[k] for k in within):.1f}x a scoreboard after a table write, the last game "
        f"corrected or new games; {max(worst[kinds[2]], catch_up):.1f}x after one of the group's first games "
        f"corrected, until caught up (aim <= {AIM:.0f}x)"
    )


if __name__ == "__main__":
    main()
