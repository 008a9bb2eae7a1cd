"""Every benchmark of `make bench` runs once in its quick mode (``BENCH_QUICK=1``) with the suite, so none can rot
unseen: no figure is asserted (speed is read from `make bench`, never from a test), only that each runs to its end
and prints its results. bench.web's quick mode holds a few hundred connections: its capacity steps (phones holding
live streams, in two client processes, against one server process and then against ``--workers 2``) and its idle
streams."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Each benchmark, and lines its report always holds.
BENCHMARKS = {
    "bench.moves": ("ratio naive/ours",),
    "bench.checker": ("worst checker request",),
    "bench.web": (
        "Where the server's processor goes",
        "idle streams:",
        "one server process, as make run:",
        "--workers 2:",
        "capacity:",
    ),
    "bench.groups": ("scoreboard with its chart",),
    "bench.ratings": ("ladder page / scoreboard",),
    "bench.events": ("Swiss pairing alone",),
    "bench.budget": ("Cost budget:", "table under load:"),
    "bench.cold": ("worst cold read:",),
}


def test_make_bench_runs_every_benchmark_listed_here():
    makefile = (ROOT / "Makefile").read_text()
    listed = {line.split("-m", 1)[1].strip() for line in makefile.splitlines() if "$(PY) -m bench." in line}
    assert listed == set(BENCHMARKS)


@pytest.mark.parametrize("module", sorted(BENCHMARKS))
@pytest.mark.slow
def test_the_benchmark_runs_in_its_quick_mode(module, tmp_path):
    env = {**os.environ, "BENCH_QUICK": "1"}
    done = subprocess.run(
        [sys.executable, "-m", module], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for line in BENCHMARKS[module]:
        assert line in done.stdout, done.stdout[-2000:]
