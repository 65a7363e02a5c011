"""The crash burst at full size: kills by the dozen, more people (the suite runs it CI-sized).

    python -m bench.crash_burst [--people 100] [--kills 24] [--seed 13] [--postgres]

Runs tests/e2e/test_crash_burst.py::test_a_burst_survives_kills in one process with the
sizes given (CRASH_PEOPLE, CRASH_KILLS, CRASH_SEED), on SQLite or, with --postgres, on the
PostgreSQL server of TEST_POSTGRES_URL; prints its figures (posts lost, made twice, left
unpublished, outbox undelivered, cards shown twice) and exits with pytest's status.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST = "tests/e2e/test_crash_burst.py::test_a_burst_survives_kills"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=100)
    parser.add_argument("--kills", type=int, default=24)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL, not SQLite")
    args = parser.parse_args()
    env = os.environ | {
        "CRASH_PEOPLE": str(args.people),
        "CRASH_KILLS": str(args.kills),
        "CRASH_SEED": str(args.seed),
    }
    engine = "postgresql" if args.postgres else "sqlite"
    command = [sys.executable, "-m", "pytest", "-n0", "-q", "-s", "-p", "no:cacheprovider"]
    return subprocess.run([*command, f"{TEST}[{engine}]"], cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
