"""The alert rules on ranked candidates (bot/domain/matching/alert_rules.py)."""

from __future__ import annotations

from bot.domain.matching.alert_rules import Ranked, choose
from bot.domain.matching.scoring import Thresholds
from bot.domain.models import PostKind

T = Thresholds(alert=0.62, alert_margin=0.06, standout=0.5, standout_gap=0.08)
WORDS = {1: "photoshop cs3", 2: "photoshop cs3 upgrade", 3: "photoshop cs2", 4: "gimp"}


def chosen(kind: PostKind, found: list[Ranked], need: str = "photoshop cs3") -> list[int]:
    words = frozenset(need.split())
    return [
        r.doc for r in choose(kind, found, T, words, lambda r: frozenset(WORDS[r.doc].split()))
    ]


def test_a_new_offer_alerts_every_need_at_the_threshold() -> None:
    found = [Ranked(1, 0.9, 1.0), Ranked(3, 0.7, 0.4), Ranked(4, 0.5, 0.9)]
    assert chosen(PostKind.OFFER, found) == [1, 3]


def test_a_new_need_hears_of_the_best_fitting_offers_only() -> None:
    found = [Ranked(3, 0.9, 0.5), Ranked(1, 0.8, 1.0), Ranked(4, 0.7, 0.95)]
    assert chosen(PostKind.NEED, found) == [1, 4]


def test_another_edition_is_not_alerted_beside_the_asked_one() -> None:
    found = [Ranked(2, 0.9, 1.0), Ranked(1, 0.85, 1.0)]
    assert chosen(PostKind.NEED, found) == [1]
    asked = [Ranked(2, 0.9, 1.0), Ranked(1, 0.85, 0.8)]  # the full edition lacks "upgrade"
    assert chosen(PostKind.NEED, asked, need="photoshop cs3 upgrade") == [2]


def test_below_the_threshold_only_a_standout_alerts() -> None:
    assert chosen(PostKind.NEED, [Ranked(1, 0.58, 0.3), Ranked(3, 0.45, 0.3)]) == [1]
    assert chosen(PostKind.NEED, [Ranked(1, 0.58, 0.3), Ranked(3, 0.55, 0.3)]) == []
    assert chosen(PostKind.NEED, [Ranked(1, 0.45, 0.3)]) == []
