"""`Dismissals`: the readers' "not relevant" marks, per user, as the words they dismissed.

A match scores lower for a user the more of its terms that user dismissed (ranking.py).
The engine keeps one instance (`MatchingEngine.dismissals`) and reads it when it plans a
query; the marks are in memory only: on start the app replays them from the stored match
rows (`MatchingIndex.dismiss`).
"""

from __future__ import annotations

from collections.abc import Collection

from .types import PostTerms

__all__ = ["Dismissals"]


class Dismissals:
    """Per user, the concepts (or product words) of the posts they marked "not relevant"."""

    def __init__(self) -> None:
        self._words: dict[int, set[str]] = {}

    def add(self, user_id: int, terms: PostTerms) -> None:
        """Lower this user's scores for posts sharing these concepts ("not relevant"): the
        post's concepts, its product words if it has none."""
        words = terms.concepts or terms.product
        if words:
            self._words.setdefault(user_id, set()).update(words)

    def of(self, user_id: int) -> Collection[str]:
        """The words this user dismissed (empty if none)."""
        return self._words.get(user_id, ())

    def export(self) -> dict[int, list[str]]:
        """Every user's marks, sorted (two processes' indexes compare equal by it)."""
        return {user: sorted(words) for user, words in self._words.items()}

    def clear(self, user_id: int) -> None:
        """Forget this user's marks (their account was deleted)."""
        self._words.pop(user_id, None)
