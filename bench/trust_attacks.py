"""Trust attacks (issue 33): can ten puppet accounts and two groups of their own make a
record that matches an honest seller's?

Usage:  python -m bench.trust_attacks

Each strategy runs in a fresh world on the in-memory store (tests/fakes, which the
fakes-agree tests hold to the SQL repositories) through the real use cases:

* the wider market: 40 traders, 90 days old, trading with each other;
* the honest seller: 120 days old, 3 confirmed deals with 3 traders of that market, each
  rating them 5 stars;
* the attacker: 120 days old, with 10 puppets that waited 60 days (older than any waiting
  period) and 2 groups of their own;
* the same buyer's need, matched against the honest seller's and the attacker's identical
  offers, once with the honest seller fresh and once after 3 alerts today (rotation).

Per strategy it prints the attacker's identity level, shown rating, counted deals and rank
for the buyer, beside the honest seller's; then the newcomers' share of first alerts in a
market of 200 sellers (bench/trust_market.py). Exit status 1 when any strategy reaches
the honest seller on any of them.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.trust_world import (  # noqa: E402
    ATTACKER,
    HONEST,
    PUPPETS,
    World,
    new_world,
)

Strategy = Callable[[World], Awaitable[None]]


async def mutual_five_stars(w: World) -> None:
    for puppet in PUPPETS:
        await w.deal(ATTACKER, puppet, stars=5, back=5)


async def one_way_five_stars(w: World) -> None:
    for puppet in PUPPETS:
        await w.deal(ATTACKER, puppet, stars=5)


async def mixed_four_and_five(w: World) -> None:
    for n, puppet in enumerate(PUPPETS):
        await w.deal(ATTACKER, puppet, stars=4 + n % 2, back=4)


async def many_small_deals(w: World) -> None:
    for puppet in PUPPETS:
        for _ in range(5):
            await w.deal(ATTACKER, puppet, stars=5, back=5)
    for a, b in zip(PUPPETS, PUPPETS[1:], strict=False):  # and with each other
        await w.deal(a, b, stars=5, back=5)


async def split_ring(w: World) -> None:
    """Five puppets trade with the attacker, each with a puppet of its own behind it."""
    for front, back in zip(PUPPETS[:5], PUPPETS[5:], strict=True):
        await w.deal(ATTACKER, front, stars=5, back=5)
        await w.deal(front, back, stars=5, back=5)


async def self_made_circles(w: World) -> None:
    """Two groups of their own, the puppets posting in them for 40 days, then vouching."""
    await mutual_five_stars(w)
    await w.own_circles_vouch()


async def shared_credit_code(w: World) -> None:
    """The attacker claims the honest seller's public credit code."""
    await w.claim_honest_code()


async def rotating_names(w: World) -> None:
    """The attacker takes the honest seller's display name (and changes it again)."""
    await mutual_five_stars(w)
    await w.rename(ATTACKER, "Honest Cups Co")


STRATEGIES: dict[str, Strategy] = {
    "mutual 5★": mutual_five_stars,
    "one-way 5★": one_way_five_stars,
    "mixed 4★/5★": mixed_four_and_five,
    "many small deals": many_small_deals,
    "puppets behind puppets": split_ring,
    "self-made circles vouching": self_made_circles,
    "one shared credit code": shared_credit_code,
    "rotating display names": rotating_names,
}


@dataclass(frozen=True, slots=True)
class Row:
    strategy: str
    level: tuple[int, int]  # (attacker, honest)
    rating: tuple[float | None, float | None]
    deals: tuple[int, int]
    rank: tuple[int, int]  # attacker, honest: the worse of the two runs for the honest

    def attacker_wins(self) -> bool:
        rating_a, rating_h = self.rating
        return (
            self.level[0] > self.level[1]
            or self.deals[0] > self.deals[1]
            or (rating_a is not None and (rating_h is None or rating_a > rating_h))
            or self.rank[0] < self.rank[1]
        )


async def run(name: str, strategy: Strategy) -> Row:
    w = await new_world()
    await strategy(w)
    w.clock.advance(timedelta(days=15))  # every rating revealed
    attacker, honest = await w.summary(ATTACKER), await w.summary(HONEST)
    ranks = [await w.ranks(busy_honest=busy) for busy in (False, True)]
    worst = max(ranks, key=lambda r: r[HONEST] - r[ATTACKER])  # the honest seller's worst
    return Row(
        name,
        (int(attacker.level), int(honest.level)),
        (attacker.rating, honest.rating),
        (attacker.confirmed_deals, honest.confirmed_deals),
        (worst[ATTACKER], worst[HONEST]),
    )


def _stars(value: float | None) -> str:
    return "not enough" if value is None else f"{value:.2f}"


def table(rows: list[Row]) -> str:
    lines = [
        "| strategy | level A / H | rating A / H | counted deals A / H | rank A / H |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.strategy} | L{r.level[0]} / L{r.level[1]} "
            f"| {_stars(r.rating[0])} / {_stars(r.rating[1])} "
            f"| {r.deals[0]} / {r.deals[1]} | {r.rank[0]} / {r.rank[1]} |"
        )
    return "\n".join(lines)


async def main() -> int:
    from bench.trust_market import newcomer_shares

    rows = [await run(name, strategy) for name, strategy in STRATEGIES.items()]
    print(table(rows))
    print()
    print(await newcomer_shares())
    return 1 if any(r.attacker_wins() for r in rows) else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
