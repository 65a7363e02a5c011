"""Whom a new post alerts, chosen among the candidates the engine ranked (`choose`).

A new offer alerts every need scoring at least `Thresholds.alert`: each need is a different
buyer. A new need alerts, of the offers at the threshold, those whose words fit within
`alert_margin` of the best fitting one, so a buyer asking for one item hears of its
sellers, not of its neighbours; and of those, not another edition of one of the others
(editions.py: "Photoshop CS3 Upgrade" when "Photoshop CS3" is there too). When no offer
reaches the threshold, the best alone if it stands out (`Thresholds.standout`,
`standout_gap` over the next): a long title whose one match shares few of its words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from bot.domain.models import PostKind

from .editions import drop_other_editions
from .scoring import Thresholds


class Ranked(NamedTuple):
    """A candidate as the engine ranked it, before it is explained."""

    doc: int  # in the other side's index
    score: float
    fit: float


def choose(
    post_kind: PostKind,
    found: list[Ranked],
    t: Thresholds,
    need_words: frozenset[str],
    words_of: Callable[[Ranked], frozenset[str]],
) -> list[Ranked]:
    """The candidates (best first) a new post of `post_kind` alerts; `need_words` and
    `words_of` give the need's and each offer's words, to tell editions apart."""
    above = [r for r in found if r.score >= t.alert]
    if post_kind is PostKind.OFFER:
        return above
    if above:
        best_fit = max(r.fit for r in above)
        close = [r for r in above if r.fit >= best_fit - t.alert_margin]
        return drop_other_editions(need_words, close, words_of)
    if found and found[0].score >= t.standout:
        runner_up = found[1].score if len(found) > 1 else 0.0
        if found[0].score - runner_up >= t.standout_gap:
            return found[:1]
    return []
