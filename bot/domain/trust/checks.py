"""Trust checks that flag rather than score (issue 10).

* `rating_rings`: groups that only rate each other five stars, flagged for review.
* `credit_code_valid`: China's 18-character unified social credit code, its check
  character as GB 32100-2015 defines it.
* `too_good_to_be_true`: a price 40% or more below the median of at least 3 comparable
  open offers.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence

TOO_GOOD_SHARE = 0.6  # a price at or under 60% of the median (40% below) is suspicious
TOO_GOOD_MIN_PEERS = 3


def rating_rings(
    ratings: Iterable[tuple[int, int, int]], max_size: int = 4
) -> list[frozenset[int]]:
    """Groups of 2..`max_size` members whose ratings, given and received, are all five
    stars among themselves: (rater, rated, stars) triples in, sorted groups out. Flagged for
    review only; a pair that truly trades often looks the same, so nothing is banned."""
    given: dict[int, list[tuple[int, int]]] = defaultdict(list)
    received: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for rater, rated, stars in ratings:
        given[rater].append((rated, stars))
        received[rated].append((rater, stars))
    members = set(given) | set(received)
    links: dict[int, set[int]] = defaultdict(set)
    for rater, pairs in given.items():
        for rated, stars in pairs:
            if stars == 5:
                links[rater].add(rated)
                links[rated].add(rater)
    seen: set[int] = set()
    rings: list[frozenset[int]] = []
    for start in sorted(members):
        if start in seen or not links[start]:
            continue
        group, todo = {start}, [start]
        while todo:
            for other in links[todo.pop()]:
                if other not in group:
                    group.add(other)
                    todo.append(other)
        seen |= group
        closed = all(
            all(other in group and stars == 5 for other, stars in given[u] + received[u])
            for u in group
        )
        everyone_rated = all(received[u] for u in group)
        if closed and everyone_rated and 2 <= len(group) <= max_size:
            rings.append(frozenset(group))
    return sorted(rings, key=sorted)


_CODE_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY"  # GB 32100-2015: no I, O, S, V, Z
_CODE_WEIGHTS = (1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28)


def credit_code_valid(code: str) -> bool:
    """Is this a well-formed unified social credit code with the right check character?
    Spaces are ignored and letters may be lower case."""
    text = "".join(code.split()).upper()
    if len(text) != 18 or any(ch not in _CODE_CHARS for ch in text):
        return False
    total = sum(_CODE_CHARS.index(ch) * w for ch, w in zip(text, _CODE_WEIGHTS, strict=False))
    return _CODE_CHARS[(31 - total % 31) % 31] == text[17]


def too_good_to_be_true(price: float, comparable: Sequence[float]) -> bool:
    """An offer's unit price 40% or more below the median of at least 3 comparable open
    offers (same normalised product and unit): the buyer's alert carries a warning."""
    peers = [p for p in comparable if p > 0]
    if price <= 0 or len(peers) < TOO_GOOD_MIN_PEERS:
        return False
    return price <= TOO_GOOD_SHARE * statistics.median(peers)
