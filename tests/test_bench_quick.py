"""Every benchmark of `make bench` runs once in its quick mode (``BENCH_QUICK=1``) with the suite, so none can rot
unseen: no figure is asserted (speed is read from `make bench`, never from a test), only that each runs to its end
and prints its results."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Each benchmark, and a line its report always ends with.
BENCHMARKS = {
    "bench.moves": "ratio naive/ours",
    "bench.checker": "worst checker request",
    "bench.web": "capacity:",
    "bench.groups": "scoreboard with its chart",
    "bench.ratings": "ladder page / scoreboard",
    "bench.events": "Swiss pairing alone",
    "bench.budget": "poll under load:",
}


def test_make_bench_runs_every_benchmark_listed_here():
    makefile = (ROOT / "Makefile").read_text()
    listed = {line.split("-m", 1)[1].strip() for line in makefile.splitlines() if "$(PY) -m bench." in line}
    assert listed == set(BENCHMARKS)


@pytest.mark.parametrize("module", sorted(BENCHMARKS))
def test_the_benchmark_runs_in_its_quick_mode(module, tmp_path):
    env = {**os.environ, "BENCH_QUICK": "1"}
    done = subprocess.run(
        [sys.executable, "-m", module], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert BENCHMARKS[module] in done.stdout, done.stdout[-2000:]
