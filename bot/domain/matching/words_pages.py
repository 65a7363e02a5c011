"""`WordsPages`: what a need's words found when it was matched (`MatchingEngine.alerts`),
kept for its meaning pass a second or two later (`meaning_alerts.alerts`). That pass ranks
the page with the few offers found by meaning instead of walking every candidate of the
words again, the dearer half of a need's pass at a million posts (docs/meaning.md); when
meaning found none, the page as its words ranked it is the ranking, if it still holds
(`Page.still_ranked`).

The page holds the words' best `limit` offers, so the best of the page and the meaning-found
offers are the best of all candidates and them: a post outside the page scored under its
last. An offer opened between the two passes is not on the page; its own pass meets the
need. A page is used once, and only for the same terms (an edit is matched anew)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .alert_rules import Ranked
from .index import SideIndex
from .types import PostTerms

CAPACITY = 4096  # needs matched and not yet through their meaning pass, newest kept
# A ranking this recent stands: scores move with a post's age over days (half-life), so
# within a minute only a closed or expired offer changes it, and that is checked.
RANKING_HOLDS = 60.0  # seconds


_ROW = np.dtype(  # a page's rows: about a kilobyte a need, as its post ids alone took
    [
        ("post_id", np.int64),
        ("doc", np.int64),
        ("score", np.float64),
        ("fit", np.float64),
        ("chosen", np.bool_),
    ]
)


@dataclass(frozen=True)
class Page:
    """A need's offers by its words, best first (docs of the offers' side, their posts,
    scores and fits), which of them its alert rules chose, and when."""

    terms: PostTerms
    rows: np.ndarray  # of `_ROW`
    ranked_at: float

    @classmethod
    def of(
        cls,
        terms: PostTerms,
        post_ids: Sequence[int],
        found: Sequence[Ranked],
        chosen: Sequence[Ranked],
        ranked_at: float,
    ) -> Page:
        picked = {r.doc for r in chosen}
        rows = np.array(
            [
                (p, r.doc, r.score, r.fit, r.doc in picked)
                for p, r in zip(post_ids, found, strict=True)
            ],
            dtype=_ROW,
        )
        return cls(terms, rows, ranked_at)

    @property
    def post_ids(self) -> tuple[int, ...]:
        return tuple(int(post_id) for post_id in self.rows["post_id"])

    def found(self) -> list[Ranked]:
        columns = (self.rows[name].tolist() for name in ("doc", "score", "fit"))
        return [Ranked(*row) for row in zip(*columns, strict=True)]

    def chosen(self) -> list[Ranked]:
        """The alert rules' choice, in the ranking's order (the order they chose in)."""
        picked = self.rows["chosen"]
        return [r for r, chose in zip(self.found(), picked, strict=True) if chose]

    def still_ranked(self, side: SideIndex, now_ts: float) -> bool:
        """Whether ranking the page again would give its ranking and choice as they are:
        ranked within `RANKING_HOLDS`, each offer still the same post, open, not expired."""
        if not 0.0 <= now_ts - self.ranked_at <= RANKING_HOLDS:
            return False
        docs, cols = self.rows["doc"], side.cols
        return bool(
            np.array_equal(cols["post_id"][docs], self.rows["post_id"])
            and cols["alive"][docs].all()
            and (cols["expires"][docs] > now_ts).all()
        )


class WordsPages:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._pages: OrderedDict[int, Page] = OrderedDict()

    def keep(self, post_id: int, page: Page) -> None:
        """What the words found for the need `post_id`."""
        self._pages.pop(post_id, None)
        self._pages[post_id] = page
        while len(self._pages) > self.capacity:
            self._pages.popitem(last=False)

    def take(self, post_id: int, terms: PostTerms) -> Page | None:
        """The need's page, once; None when none was kept for these terms."""
        kept = self._pages.pop(post_id, None)
        if kept is None or kept.terms != terms:
            return None
        return kept

    def __len__(self) -> int:
        return len(self._pages)
