"""Static checks that run with the tests: the layer rules of ARCHITECTURE.md (import-linter
contracts in pyproject.toml), lint and formatting (ruff) and types (mypy on bot/)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
BIN = Path(sys.executable).parent


@pytest.mark.parametrize(
    "command",
    [
        ["lint-imports"],
        ["ruff", "check", "."],
        ["ruff", "format", "--check", "."],
        pytest.param(["mypy", "bot"], marks=pytest.mark.slow),  # cold, 10-20 s
    ],
    ids=["import-contracts", "ruff", "ruff-format", "mypy"],
)
def test_static_check_passes(command: list[str]) -> None:
    result = subprocess.run(
        [str(BIN / command[0]), *command[1:]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
