"""Which deal partners count, on the graph of confirmed deals (issue 33). Accounts are
cheap to make and deals between them cheap to confirm; a trade with the wider market is
not. So a partner is *independent* of a member when, leaving the member out, the partner
still trades with the wider market, and the partner's account is old enough:

* Leave the member out of the graph of confirmed deals. A partner whose part of what is
  left holds more than `CLOSED_GROUP_MAX` accounts trades with the wider market.
* A partner in a smaller part deals only with a closed group around the member (ten
  puppets confirming deals with each other and with the member look exactly so).
* An independent partner's account is at least `ESTABLISHED_DAYS` old.
* Every other partner (new accounts, closed groups) together counts as one partner, and
  deals with them are not counted as deals with independent partners.
* At most `DEALS_PER_PAIR` confirmed deals with the same partner count.

Known limit: a closed group that makes one real confirmed deal with a member of the wider
market joins it; the ring report to the admins (`checks.rating_rings`) is the check then.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

CLOSED_GROUP_MAX = 12  # accounts; a part of the deal graph this small is a closed group
DEALS_PER_PAIR = 3  # confirmed deals between the same two members that count
ESTABLISHED_DAYS = 30  # an independent partner's account is at least this old

Graph = Mapping[int, Iterable[int]]  # member -> partners of their confirmed deals


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A member's confirmed deals as they count."""

    counted_deals: int  # with independent partners, at most `DEALS_PER_PAIR` with each
    independent: frozenset[int]  # independent partners
    repeat: int  # independent partners of two or more confirmed deals
    others: int  # partners that are not independent (they count as one partner)


def wider_market(member: int, partners: Iterable[int], graph: Graph) -> frozenset[int]:
    """The partners whose part of the graph, the member left out, holds more than
    `CLOSED_GROUP_MAX` accounts. `graph` need only be read that far from each partner
    (`frontier` says where to read next)."""
    wide: set[int] = set()
    for start in partners:
        if start in wide or start == member:
            continue
        part = _part(member, start, graph, CLOSED_GROUP_MAX + 1)
        if len(part) > CLOSED_GROUP_MAX:
            wide |= part
    return frozenset(p for p in partners if p in wide)


def frontier(
    member: int, partners: Iterable[int], graph: Graph, explored: Collection[int]
) -> set[int]:
    """Accounts whose partners must be read before `wider_market` can answer: those
    reached from a partner, in a part not yet known to be large, not yet `explored`."""
    todo: set[int] = set()
    for start in partners:
        if start == member:
            continue
        part = _part(member, start, graph, CLOSED_GROUP_MAX + 1)
        if len(part) <= CLOSED_GROUP_MAX:
            todo |= {p for p in part if p not in explored}
    return todo


def _part(member: int, start: int, graph: Graph, enough: int) -> set[int]:
    """The accounts reached from `start` without passing `member`, up to `enough`."""
    seen, todo = {start}, [start]
    while todo and len(seen) < enough:
        for other in graph.get(todo.pop(), ()):
            if other != member and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def deal_record(
    deals_with: Mapping[int, int],
    wide: Iterable[int],
    created: Mapping[int, datetime | None],
    now: datetime,
) -> DealRecord:
    """The record from the member's confirmed deals per partner (`deals_with`), the
    partners in the wider market (`wider_market`) and when each partner joined."""
    old_enough = now - timedelta(days=ESTABLISHED_DAYS)
    wide = set(wide)
    independent = frozenset(
        p
        for p, n in deals_with.items()
        if n > 0 and p in wide and (joined := created.get(p)) is not None and joined <= old_enough
    )
    counted = sum(min(deals_with[p], DEALS_PER_PAIR) for p in independent)
    repeat = sum(1 for p in independent if deals_with[p] >= 2)
    others = sum(1 for p, n in deals_with.items() if n > 0 and p not in independent)
    return DealRecord(counted, independent, repeat, others)
