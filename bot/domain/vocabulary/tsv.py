"""The project's word lists (`data/*.tsv`): '#' comment lines, a header row, then one row a
line with tab-separated cells; a list cell separates its items with '|' ("-": none)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path


def read_rows(path: Path) -> Iterator[dict[str, str]]:
    """Each row as {column: cell}; a row with the wrong number of cells is an error."""
    header: list[str] | None = None
    with path.open(encoding="utf-8") as fh:
        for lineno, raw in enumerate(fh, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
                continue
            if len(cells) != len(header):
                raise ValueError(f"{path}:{lineno}: {len(cells)} cells, expected {len(header)}")
            yield dict(zip(header, cells, strict=True))


def list_cell(cell: str) -> list[str]:
    """The items of a list cell, blanks dropped."""
    return [item.strip() for item in cell.split("|") if item.strip() and item.strip() != "-"]
