"""`Interner`: the str <-> dense int id map that term ids and label ids (places, regions,
units, trade terms) come from, shared by both side indexes; `NONE_ID` is the id of nothing."""

from __future__ import annotations

import sys

NONE_ID = -1


class Interner:
    """Bidirectional str <-> dense int id map."""

    __slots__ = ("ids", "names")

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self.names: list[str] = []

    def intern(self, name: str) -> int:
        i = self.ids.get(name)
        if i is None:
            i = self.ids[name] = len(self.names)
            self.names.append(name)
        return i

    def get(self, name: str | None) -> int:
        if name is None:
            return NONE_ID
        return self.ids.get(name, NONE_ID)

    def name(self, i: int) -> str | None:
        return self.names[i] if i >= 0 else None

    def __len__(self) -> int:
        return len(self.names)

    def nbytes(self) -> int:
        return (
            sys.getsizeof(self.ids)
            + sys.getsizeof(self.names)
            + sum(sys.getsizeof(n) for n in self.names)
        )
