"""`WordsPages`: what a need's words found when it was matched (`MatchingEngine.alerts`),
kept for its meaning pass a second or two later (`meaning_alerts.alerts`). That pass ranks
the page with the few offers found by meaning instead of walking every candidate of the
words again, the dearer half of a need's pass at a million posts (docs/meaning.md).

The page holds the words' best `limit` offers, so the best of the page and the meaning-found
offers are the best of all candidates and them: a post outside the page scored under its
last. An offer opened between the two passes is not on the page; its own pass meets the
need. A page is used once, and only for the same terms (an edit is matched anew)."""

from __future__ import annotations

from collections import OrderedDict

from .types import PostTerms

CAPACITY = 4096  # needs matched and not yet through their meaning pass, newest kept


class WordsPages:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._pages: OrderedDict[int, tuple[PostTerms, tuple[int, ...]]] = OrderedDict()

    def keep(self, post_id: int, terms: PostTerms, found: tuple[int, ...]) -> None:
        """The post ids the words found for the need `post_id` with these terms."""
        self._pages.pop(post_id, None)
        self._pages[post_id] = (terms, found)
        while len(self._pages) > self.capacity:
            self._pages.popitem(last=False)

    def take(self, post_id: int, terms: PostTerms) -> tuple[int, ...] | None:
        """The need's page, once; None when none was kept for these terms."""
        kept = self._pages.pop(post_id, None)
        if kept is None or kept[0] != terms:
            return None
        return kept[1]

    def __len__(self) -> int:
        return len(self._pages)
