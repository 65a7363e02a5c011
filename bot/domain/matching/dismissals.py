"""`Dismissals`: the readers' "not relevant" marks, per user, as the words they dismissed.

A match scores lower for a user the more of its terms that user dismissed (ranking.py).
The engine keeps one instance (`MatchingEngine.dismissals`) and reads it when it plans a
query; the marks are in memory only: on start the app replays them from the stored match
rows (`MatchingIndex.dismiss`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from .types import PostTerms

__all__ = ["Dismissals"]


class Dismissals:
    """Per user, the concepts (or product words) of the posts they marked "not relevant"."""

    def __init__(self) -> None:
        self._words: dict[int, set[str]] = {}

    def add(self, user_id: int, terms: PostTerms | Iterable[str]) -> None:
        """Lower this user's scores for posts sharing these concepts ("not relevant").
        Given PostTerms, its concepts are used (its product words if it has none);
        given strings, ids starting with "c:" are concepts and the rest product words."""
        if isinstance(terms, PostTerms):
            words: tuple[str, ...] = terms.concepts or terms.product
        else:
            words = tuple(terms)
        if words:
            self._words.setdefault(user_id, set()).update(words)

    def of(self, user_id: int) -> Collection[str]:
        """The words this user dismissed (empty if none)."""
        return self._words.get(user_id, ())

    def export(self) -> dict[int, list[str]]:
        """Everything needed to restore the marks after a restart (sorted, JSON-able)."""
        return {user: sorted(words) for user, words in self._words.items()}

    def restore(self, data: Mapping[int, Iterable[str]]) -> None:
        """Add what `export` gave (user ids may come back as strings, as from JSON)."""
        for user, words in data.items():
            self.add(int(user), words)

    def clear(self, user_id: int) -> None:
        """Forget this user's marks (their account was deleted)."""
        self._words.pop(user_id, None)
