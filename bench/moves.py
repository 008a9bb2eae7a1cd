"""Benchmark: legal-move generation against a naive all-subsets enumeration, measured in one run.

Run with ``make bench``.  Prints medians and the ratio naive / ours on the same
inputs; the machines are shared and noisy, so ratios matter more than times.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable, Sequence

from scorekeeper.rules import DECK, Card, Rules, legal_moves


def naive_moves(hand: Sequence[Card], table: Sequence[Card], rules: Rules = Rules()) -> list:
    """Every legal play found by trying every subset of the table, as the rules read."""
    out = []
    n = len(table)
    for card in hand:
        single = any(t.value == card.value for t in table)
        found = []
        for mask in range(1, 1 << n):
            subset = [table[i] for i in range(n) if mask >> i & 1]
            if single:
                ok = len(subset) == 1 and subset[0].value == card.value
            else:
                ok = len(subset) >= 2 and sum(c.value for c in subset) == card.value
            if ok:
                found.append(subset)
        if rules.capture_choice == "fewest" and found:
            fewest = min(map(len, found))
            found = [s for s in found if len(s) == fewest]
        out.extend((card, s) for s in found) if found else out.append((card, []))
    return out


# ``BENCH_QUICK=1`` (what `make test` runs, so that the benchmark cannot rot): a few calls of each, no figures
# worth reading.
QUICK = bool(os.environ.get("BENCH_QUICK"))


def median_seconds(fn: Callable[[], object], repeat: int, budget: float = 2.0) -> float:
    """Median wall time of ``fn`` over up to ``repeat`` calls (fewer if the budget runs out)."""
    if QUICK:
        repeat = 1
    times = []
    start = time.perf_counter()
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
        if time.perf_counter() - start > budget and len(times) >= 3:
            break
    return statistics.median(times)


def random_position(rng: random.Random, hand_size: int, table_size: int) -> tuple[list[Card], list[Card]]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck[:hand_size], deck[hand_size : hand_size + table_size]


def adversarial_position() -> tuple[list[Card], list[Card]]:
    """Ten high cards in hand, the 28 low cards and two Fanti on the table: thousands of sums."""
    hand = [c for c in DECK if c.value in (9, 10)] + [c for c in DECK if c.value == 8][:2]
    table = [c for c in DECK if c.value <= 7] + [c for c in DECK if c.value == 8][2:]
    return hand, table


def fmt(seconds: float) -> str:
    return f"{seconds * 1000:9.4f} ms"


def main() -> None:
    rng = random.Random(2026)
    rows = []
    print("Legal-move generation: ours vs naive all-subsets enumeration (medians, one run)\n")
    print(f"{'position':42} {'ours':>12} {'naive':>12} {'naive/ours':>11} {'moves':>7}")
    for label, hand_size, table_size, repeat in [
        ("typical: 3-card hand, 4 table cards", 3, 4, 2000),
        ("typical: 3-card hand, 7 table cards", 3, 7, 2000),
        ("typical: 3-card hand, 10 table cards", 3, 10, 500),
        ("crowded: 3-card hand, 16 table cards", 3, 16, 30),
        ("crowded: 3-card hand, 20 table cards", 3, 20, 5),
    ]:
        positions = [random_position(rng, hand_size, table_size) for _ in range(1 if QUICK else 5)]
        ours = statistics.median(median_seconds(lambda p=p: legal_moves(*p), repeat) for p in positions)
        naive = statistics.median(
            median_seconds(lambda p=p: naive_moves(*p), max(3, repeat // 20), budget=4) for p in positions
        )
        count = statistics.median(len(legal_moves(*p)) for p in positions)
        rows.append((label, ours, naive))
        print(f"{label:42} {fmt(ours)} {fmt(naive)} {naive / ours:10.0f}x {count:7.0f}")

    hand, table = adversarial_position()
    ours = median_seconds(lambda: legal_moves(hand, table), 30)
    count = len(legal_moves(hand, table))
    print(f"{'adversarial: 10-card hand, 30 table cards':42} {fmt(ours)} {'(2^30 subsets: not run)':>24} {count:7d}")
    hand20, table20 = hand, table[:20]
    ours20 = median_seconds(lambda: legal_moves(hand20, table20), 30)
    # 2^20 subsets take seconds a call: a quick run times a 14-card table instead.
    if QUICK:
        hand20, table20 = hand, table[:14]
    naive20 = median_seconds(lambda: naive_moves(hand20, table20), 3, budget=60)
    print(
        f"{'adversarial: 10-card hand, 20 table cards':42} {fmt(ours20)} {fmt(naive20)} "
        f"{naive20 / ours20:10.0f}x {len(legal_moves(hand20, table20)):7d}"
    )
    print()
    typical = statistics.median(ours for label, ours, _ in rows if label.startswith("typical"))
    print(f"typical call: {typical * 1000:.4f} ms (aim: well under 0.1 ms)")
    print(f"adversarial call: {ours * 1000:.2f} ms (aim: under 20 ms)")
    twenty = next(naive / ours for label, ours, naive in rows if "20 table" in label)
    print(f"ratio naive/ours with 20 table cards: {twenty:.0f}x (aim: at least 10x)")


if __name__ == "__main__":
    main()
