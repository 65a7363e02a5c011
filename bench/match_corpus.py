"""Synthetic trade posts for the matching benchmarks and the speed smoke test.

Vocabulary: `n_products` product words drawn Zipf(1.1) (a few dominate, a long tail is
rare), one glossary concept per three product words (80% of posts carry it), `n_specs`
spec words (Zipf), 40 places (Zipf), prices that depend on the product, quantities and
MOQs log-normal, both sides (55% offers). Tokens are ASCII ("w12", "ck4", "s7") so that the
baselines (SQLite FTS5, tantivy) tokenise them exactly as the engine sees them.

Posts are generated in vectorised chunks and yielded one by one, so 1M posts never sit
in memory at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

import numpy as np

from bot.domain.matching.types import PostTerms
from bot.domain.models import Intent, Lang, ParsedPost, PostKind, Price, Quantity

PLACES = (
    "义乌",
    "深圳",
    "广州",
    "东莞",
    "宁波",
    "上海",
    "杭州",
    "温州",
    "厦门",
    "泉州",
    "汕头",
    "佛山",
    "苏州",
    "青岛",
    "天津",
    "北京",
    "香港",
    "台北",
    "台中",
    "高雄",
) + tuple(f"town{i}" for i in range(20))
UNITS = ("pcs", "kg", "set")
TRADE_TERMS = ("FOB", "EXW", "CIF")
DAY = 86400.0


@dataclass(frozen=True, slots=True)
class SynthPost:
    post_id: int
    user_id: int
    kind: PostKind
    terms: PostTerms
    parsed: ParsedPost
    created_ts: float
    expires_ts: float
    trust: float

    def tokens(self) -> list[str]:
        """The same terms as plain alphanumeric tokens, for the baselines."""
        return [t.replace(":", "") for t in self.terms.all_terms()]


def zipf_probs(n: int, s: float = 1.1) -> np.ndarray:
    p = 1.0 / np.arange(1, n + 1) ** s
    return p / p.sum()


class Corpus:
    """Deterministic generator: the same seed gives the same posts."""

    def __init__(
        self,
        *,
        seed: int = 7,
        n_products: int = 3000,
        n_specs: int = 600,
        now_ts: float = 1_800_000_000.0,
        n_users: int | None = None,
    ) -> None:
        self.rng = np.random.default_rng(seed)
        self.now_ts = now_ts
        self.n_products = n_products
        self.n_specs = n_specs
        self.n_users = n_users
        self._p_product = zipf_probs(n_products)
        self._p_spec = zipf_probs(n_specs, 1.0)
        self._p_place = zipf_probs(len(PLACES), 0.9)
        # A product's typical price (CNY) and unit, fixed per product word.
        self.base_price = np.exp(self.rng.normal(2.5, 1.2, n_products))
        self.unit_of = self.rng.choice(len(UNITS), n_products, p=(0.8, 0.15, 0.05))
        self.next_id = 1

    def posts(self, n: int, *, chunk: int = 20_000) -> Iterator[SynthPost]:
        done = 0
        while done < n:
            size = min(chunk, n - done)
            yield from self._chunk(size, self.n_users or max(10, n // 5))
            done += size

    def _chunk(self, size: int, n_users: int) -> Iterator[SynthPost]:
        rng = self.rng
        n_words = rng.choice((1, 2, 3), size, p=(0.5, 0.35, 0.15))
        words = rng.choice(self.n_products, (size, 3), p=self._p_product)
        n_specs = rng.integers(0, 5, size)
        specs = rng.choice(self.n_specs, (size, 4), p=self._p_spec)
        has_concept = rng.random(size) < 0.8
        is_offer = rng.random(size) < 0.55
        owners = rng.integers(1, n_users + 1, size)
        places = rng.choice(len(PLACES), size, p=self._p_place)
        has_place = rng.random(size) < 0.7
        price_factor = rng.uniform(0.75, 1.35, size)
        has_price = rng.random(size) < 0.75
        amounts = np.round(np.exp(rng.normal(7.5, 1.3, size)), -1) + 10
        has_amount = rng.random(size) < 0.7
        usd = rng.random(size) < 0.1
        trade = rng.integers(0, len(TRADE_TERMS), size)
        has_trade = rng.random(size) < 0.1
        age = rng.uniform(0, 30 * DAY, size)
        life = rng.choice((7, 14, 30, 60), size) * DAY
        trust = np.clip(rng.normal(0.55, 0.15, size), 0.0, 1.0)
        for i in range(size):
            head = int(words[i, 0])
            product = tuple(f"w{w}" for w in dict.fromkeys(words[i, : n_words[i]].tolist()))
            concepts = (f"c:k{head // 3}",) if has_concept[i] else ()
            terms = PostTerms(
                product=product,
                specs=tuple(f"s{s}" for s in dict.fromkeys(specs[i, : n_specs[i]].tolist())),
                concepts=concepts,
            )
            kind = PostKind.OFFER if is_offer[i] else PostKind.NEED
            unit = UNITS[self.unit_of[head]]
            price = None
            if has_price[i]:
                value = self.base_price[head] * price_factor[i]
                currency = "USD" if usd[i] else "CNY"
                value = value / 7.2 if usd[i] else value
                amount = Decimal(f"{value:.2f}")
                low, high = (amount, amount) if is_offer[i] else (None, amount)
                price = Price(low=low, high=high, currency=currency, per_unit=unit)
            qty = Quantity(Decimal(int(amounts[i])), unit) if has_amount[i] else None
            parsed = ParsedPost(
                intent=Intent.OFFER if is_offer[i] else Intent.NEED,
                language=Lang.ZH_HANS,
                product=" ".join(product),
                specs=terms.specs,
                quantity=None if is_offer[i] else qty,
                moq=qty if is_offer[i] else None,
                price=price,
                trade_term=TRADE_TERMS[trade[i]] if has_trade[i] else None,
                place=PLACES[places[i]] if has_place[i] and is_offer[i] else None,
                destination=PLACES[places[i]] if has_place[i] and not is_offer[i] else None,
            )
            created = self.now_ts - float(age[i])
            yield SynthPost(
                self.next_id,
                int(owners[i]),
                kind,
                terms,
                parsed,
                created,
                created + float(life[i]),
                float(trust[i]),
            )
            self.next_id += 1


def parsed_to_json(p: ParsedPost) -> dict:
    """The JSON shape the bench's SQLite rows use (decimals as strings)."""

    def qty(q: Quantity | None) -> list | None:
        return None if q is None else [str(q.amount), q.unit]

    price = p.price
    return {
        "intent": p.intent.value,
        "language": p.language.value,
        "product": p.product,
        "specs": list(p.specs),
        "quantity": qty(p.quantity),
        "moq": qty(p.moq),
        "price": None
        if price is None
        else [
            None if price.low is None else str(price.low),
            None if price.high is None else str(price.high),
            price.currency,
            price.per_unit,
            price.per_count,
            price.negotiable,
        ],
        "trade_term": p.trade_term,
        "place": p.place,
        "destination": p.destination,
    }


def parsed_from_json(d: dict) -> ParsedPost:
    def qty(v: list | None) -> Quantity | None:
        return None if v is None else Quantity(Decimal(v[0]), v[1])

    price = None
    if d["price"] is not None:
        low, high, currency, per_unit, per_count, negotiable = d["price"]
        price = Price(
            None if low is None else Decimal(low),
            None if high is None else Decimal(high),
            currency,
            per_unit,
            per_count,
            negotiable,
        )
    return ParsedPost(
        intent=Intent(d["intent"]),
        language=Lang(d["language"]),
        product=d["product"],
        specs=tuple(d["specs"]),
        quantity=qty(d["quantity"]),
        moq=qty(d["moq"]),
        price=price,
        trade_term=d["trade_term"],
        place=d["place"],
        destination=d["destination"],
    )
