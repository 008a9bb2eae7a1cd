"""Benchmark: a group's ratings at 100 and 1,000 finished games, and its ladder page against a scoreboard.

The games are made through the services (no request each: building a thousand games through the API would take
longer than what is measured), two players a game or two teams of two, among a club of twelve. Reported:

- cold: the ratings when nothing is kept in this process (as after a restart): the group's summaries read from
  the database, then every game rated in the order it finished. Aim: under 200 ms at 1,000 games.
- after a change: a hand corrected in one game, then the ratings read again (the same work, less the process's
  start). Warm: read again with nothing changed, through the API. Aim: under 20 ms.
- the ladder page, warm, as a ratio to a finished game's scoreboard, warm. Aim: at most 3x.
- a group's season page of 60 one-round events among 400 players (each event 14 of them), warm, as a ratio to a
  scoreboard, warm; and the season of days not asked before (its events' places kept). Aim: at most 3x.

``BENCH_QUICK=1`` stops at 100 games, and a season of 10 events among 60 players. A JSON copy goes to
bench/out/ratings.json (bench/out/quick/ in quick mode).
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time

from app import create_app
from bench.serving import BENCH_LIMITS, results_dir
from scorekeeper.rules import Rules, Side
from scorekeeper.rules.ledger import HandEntry
from scorekeeper.services import events, games, groups, ratings
from scorekeeper.store import Store

OUT = results_dir()
QUICK = bool(os.environ.get("BENCH_QUICK"))
SIZES = (100,) if QUICK else (100, 1000)
CLUB = [f"Player {n:02d}" for n in range(12)]


def sweep(winner: int, scopas: int = 7) -> HandEntry:
    """A hand that ends a game to 11 at once (to 16 for four players it takes two)."""
    sides: list[dict[str, object]] = [{"won": []}, {"won": []}]
    sides[winner] = {"won": ["cards", "coins", "settebello", "primiera"], "scopas": scopas}
    return HandEntry.from_json({"sides": sides}, 2)


def build(store: Store, group_id: str, start: int, count: int) -> str:
    """``count`` finished games: odd ones two teams of two, even ones two players; the last game's id."""
    game_id = ""
    for n in range(start, start + count):
        seats = [CLUB[(n * 5 + k * 7) % 12] for k in range(4)]
        if len(set(seats)) < 4:
            seats = [CLUB[(n + k * 3) % 12] for k in range(4)]
        sides = [Side(seats[0], (seats[0],)), Side(seats[1], (seats[1],))]
        if n % 2:
            sides = [Side("A", (seats[0], seats[2])), Side("B", (seats[1], seats[3]))]
        game, _key = games.new_game(store, f"Game {n}", sides, Rules(), also=lambda g: groups.join(store, group_id, g))
        game_id = game.id
        hand = 0
        while not games.get(store, game_id).finished:
            games.record_hand(store, game_id, sweep((n // 3 + n) % 2), f"bench-{n:05d}-{hand}")
            hand += 1
    return game_id


def ms(work) -> float:
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


def forget() -> None:
    """Nothing kept in this process, as after a restart (the summaries kept in the database stay)."""
    ratings._kept.clear()
    groups._kept.clear()
    games.scores._games.clear()


def timed(client, path: str, runs: int) -> float:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        r = client.get(path)
        r.get_data()
        out.append((time.perf_counter() - start) * 1000)
        assert r.status_code == 200, path
    return statistics.median(out)


def main() -> None:
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.sqlite3")
        app = create_app({"DATABASE": path, "TESTING": False, **BENCH_LIMITS})
        client = app.test_client()
        with Store(path) as store:
            group_id = groups.new_group(store, "Bench")[0]
            built, last = 0, ""
            for size in SIZES:
                last = build(store, group_id, built, size - built)
                built = size
                ratings.ratings(store, group_id)  # the summaries kept in the database, as a club's would be
                colds = []
                for _ in range(5):
                    forget()
                    colds.append(ms(lambda: ratings.ratings(store, group_id)))
                cold = statistics.median(colds)
                games.replace_hand(store, last, 1, sweep(0, scopas=8))
                changed = ms(lambda: ratings.ratings(store, group_id))
                api = f"/api/v1/groups/{group_id}/ratings"
                warm = timed(client, api, 15)
                ladder = timed(client, f"/groups/{group_id}/ladder", 15)
                board = timed(client, f"/g/{last}", 15)
                results.append(
                    {
                        "games": size,
                        "cold_ms": round(cold, 1),
                        "after_change_ms": round(changed, 1),
                        "warm_api_ms": round(warm, 2),
                        "ladder_ms": round(ladder, 2),
                        "scoreboard_ms": round(board, 2),
                        "ladder_to_scoreboard": round(ladder / board, 2),
                    }
                )
                print(
                    f"{size:>5} games: ratings cold {cold:6.1f} ms (aim < 200), after a change {changed:6.1f} ms, "
                    f"warm through the API {warm:5.2f} ms (aim < 20); ladder page {ladder:5.2f} ms = "
                    f"{ladder / board:.2f}x a scoreboard ({board:5.2f} ms; aim <= 3x)"
                )
    season_line()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "ratings.json").write_text(json.dumps({"sizes": results}, indent=2) + "\n")
    last_size = results[-1]
    print(f"ladder page / scoreboard: {last_size['ladder_to_scoreboard']}x at {last_size['games']} games (aim <= 3x)")


def season_line() -> None:
    """The season page of a group of many events and players against a scoreboard, both warm."""
    count, club = (10, 60) if QUICK else (60, 400)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "season.sqlite3")
        app = create_app({"DATABASE": path, "TESTING": False, **BENCH_LIMITS})
        client = app.test_client()
        with Store(path) as store:
            group_id = groups.new_group(store, "Season")[0]
            game_id = ""
            for n in range(count):
                players = [f"Player {(n * 14 + k) % club:03d}" for k in range(14)]
                event_id, key = events.new_event(
                    store,
                    name=f"Night {n}",
                    players=players,
                    rounds=1,
                    group_id=group_id,
                    date=f"2026-{1 + n // 28:02d}-{1 + n % 28:02d}",
                )
                for table in events.pair_next(store, event_id, key).tables:
                    events.set_result(store, event_id, key, 1, table.number, str(table.number % 2), [4, 1])
                    game_id = table.game_id
                events.close_round(store, event_id, key, 1)
        page = f"/groups/{group_id}/season?from=2026-01-01&to=2026-12-31"
        season = timed(client, page, 15)
        board = timed(client, f"/g/{game_id}", 15)
        start = time.perf_counter()
        for day in range(1, 11):  # ten spans not asked before: the events' places are kept, only summed again
            r = client.get(f"/api/v1/groups/{group_id}/season?from=2026-01-{day:02d}")
            assert r.status_code == 200
        fresh = (time.perf_counter() - start) * 100
    print(
        f"season page of {count} events among {club} players: {season:5.2f} ms = {season / board:.2f}x a "
        f"scoreboard ({board:5.2f} ms; aim <= 3x); a season of new days {fresh:5.1f} ms"
    )


if __name__ == "__main__":
    main()
