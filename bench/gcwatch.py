"""``python -m bench.gcwatch`` = ``python -m scorekeeper.serve`` (same arguments), with CPython's cyclic garbage
collector watched: for the capacity steps of bench.web, which read from it how often the collector ran in each
process of the server and how long it held the interpreter (a collection stops every thread of the process).

With ``BENCH_GC_DIR`` set, each server process (``--workers N`` starts N, each importing this module again) keeps
in ``$BENCH_GC_DIR/gc-<pid>.json``, rewritten every second: the collections of each generation so far, their
processor time in all, and every full (generation 2) collection with when it ended and its processor and wall
time. The callback reads two clocks per collection; nothing else of the server changes.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import threading
import time

FOLDER = os.environ.get("BENCH_GC_DIR", "")
FULL_KEPT = 1000  # full collections remembered, the latest


def _watch(folder: str) -> None:
    counts = [[0, 0.0] for _ in range(3)]  # each generation: collections, processor seconds
    full: list[tuple[float, float, float]] = []  # (ended at, processor seconds, wall seconds)
    began = {"cpu": 0.0, "wall": 0.0}

    def callback(phase: str, info: dict) -> None:
        if phase == "start":
            began["cpu"], began["wall"] = time.thread_time(), time.perf_counter()
            return
        cpu, wall = time.thread_time() - began["cpu"], time.perf_counter() - began["wall"]
        generation = info.get("generation", 0)
        counts[generation][0] += 1
        counts[generation][1] += cpu
        if generation == 2:
            full.append((time.time(), cpu, wall))
            del full[:-FULL_KEPT]

    gc.callbacks.append(callback)
    path = os.path.join(folder, f"gc-{os.getpid()}.json")

    def write() -> None:
        for _ in range(10**7):  # a write a second for as long as the server runs
            time.sleep(1.0)
            with contextlib.suppress(OSError):
                with open(path + ".part", "w") as f:
                    json.dump({"counts": counts, "full": full}, f)
                os.replace(path + ".part", path)

    threading.Thread(target=write, name="gc-watch", daemon=True).start()


if FOLDER:
    _watch(FOLDER)


def read(folder: str) -> dict:
    """Every server process's collections so far, summed: ``counts`` per generation [collections, processor
    seconds] and ``full``, every full collection (ended at, processor seconds, wall seconds)."""
    counts = [[0, 0.0] for _ in range(3)]
    full: list[tuple[float, float, float]] = []
    with contextlib.suppress(OSError):
        for name in os.listdir(folder):
            if name.startswith("gc-") and name.endswith(".json"):
                with contextlib.suppress(OSError, ValueError), open(os.path.join(folder, name)) as f:
                    seen = json.load(f)
                for generation, (n, cpu) in enumerate(seen["counts"]):
                    counts[generation][0] += n
                    counts[generation][1] += cpu
                full += [tuple(item) for item in seen["full"]]
    return {"counts": counts, "full": sorted(full)}


if __name__ == "__main__":
    from scorekeeper.serve.cli import main

    main()
