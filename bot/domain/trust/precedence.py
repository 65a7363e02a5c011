"""Who comes first among the sellers that fit one need (issue 33): a good record pays, and
spreading alerts never undoes that.

* The score already holds the seller's ranking trust (`scores.ranking_trust`), so at
  equal fit a record of confirmed deals with independent partners comes first.
* Rotation lowers the score of a seller alerted recently, so that others get a turn. It
  may reorder sellers of comparable records, but never puts a much weaker record ahead of
  a strong one that scored at least as high before rotation.
* A *strong* record is `STRONG_RECORD` or more confirmed deals with independent partners.
  *Much weaker* than it is no record, or fewer than a third as many.
* A newcomer (an account younger than 30 days, with no counted deal) has a turn on every
  fifth need (`NEWCOMER_TURN`, by the need's number): the best-scoring newcomer comes
  first if it fits as well as the first, up to what a record adds to a score (`spread`).
* So against a strong record at equal fit a newcomer comes first on at most 1 need in 5;
  by fitting better, any time; against other newcomers and weak records, also by turns of
  rotation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

STRONG_RECORD = 3  # confirmed deals with independent partners
NEWCOMER_TURN = 5  # a newcomer's turn comes on every fifth need


def much_weaker(weak: int, strong: int) -> bool:
    """Is a record of `weak` counted deals much weaker than a strong one of `strong`?"""
    return strong >= STRONG_RECORD and (weak <= 0 or 3 * weak < strong)


@dataclass(frozen=True, slots=True)
class Contender:
    score: float  # before rotation
    rotated: float  # after rotation
    record: int  # confirmed deals with independent partners
    fit: float = 0.0  # the share of the need's words the offer holds
    newcomer: bool = False  # an account younger than 30 days, with no counted deal


def newcomers_turn(need_id: int) -> bool:
    return need_id % NEWCOMER_TURN == 0


def first_to_last(
    contenders: Sequence[Contender], *, newcomers_turn: bool = False, spread: float = 0.0
) -> list[int]:
    """Positions in `contenders` from first to last: by rotated score, except that nobody
    passes a strong record that scored at least as high and is much stronger. On a
    newcomers' turn the best newcomer within `spread` of the first's score goes first."""
    left = list(range(len(contenders)))
    order: list[int] = []
    while left:
        allowed = [i for i in left if not _held_back(i, left, contenders)]
        # never empty: of the highest scores, the strongest record is held back by nobody
        best = max(allowed, key=lambda i: (contenders[i].rotated, -i))
        order.append(best)
        left.remove(best)
    if newcomers_turn and order:
        top = contenders[order[0]].score
        fresh = [
            i for i in order if contenders[i].newcomer and contenders[i].score >= top - spread
        ]
        if fresh:
            order.remove(fresh[0])
            order.insert(0, fresh[0])
    return order


def _held_back(i: int, left: list[int], contenders: Sequence[Contender]) -> bool:
    me = contenders[i]
    return any(
        j != i and contenders[j].score >= me.score and much_weaker(me.record, contenders[j].record)
        for j in left
    )


def ahead_by_record(position: int, order: Sequence[int], contenders: Sequence[Contender]) -> bool:
    """Did the contender at `position` in `order` come before one that scored as high
    without its record, and had a weaker one? Then its record put it there."""
    me = contenders[order[position]]
    return any(
        contenders[j].record < me.record and contenders[j].fit >= me.fit
        for j in order[position + 1 :]
    )
