"""The rebuild benchmark's own path at a small size: it must keep working (no timing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.rebuild_speed import measure

pytestmark = pytest.mark.slow


async def test_rebuild_benchmark_runs(tmp_path: Path, capsys) -> None:
    await measure(f"sqlite+aiosqlite:///{tmp_path / 'smoke.db'}", 3000)
    assert "3,000 rebuild:" in capsys.readouterr().out
