"""Why two posts match, as language-neutral `Reason`s the texts layer renders.

Reasons, in this order (each only when it holds):
  meaning     {}  found by meaning (meaning_alerts.alerts; the service quotes
                  both products: {"need": "insulated water bottles", "offer": "保温杯"})
  brand       {"brand": "samsung"}                                shared brand (brands.py)
  concept     {"concept": "c:vacuum_flask"}                      shared glossary concept
  spec        {"spec": "usb_c"}                                  shared glossary spec (one)
  term        {"term": "保温杯", "field": "product" | "spec"}     shared word (if no concept)
  feature     {"features": "oem cert:CE"}   what the need asks for and the offer has
              (custom logo, OEM, a certification, samples: features.py)
  moq         {"moq": "1000", "quantity": "3000", "unit": "pcs"}  offer MOQ <= need quantity
  price       {"offer": "12 CNY/pcs", "budget": "15 CNY/pcs", "offer_amount": "12",
               "budget_amount": "15", "currency": "CNY", "unit": "pcs"}  offer <= budget
  place       {"from": "义乌", "to": "上海", "relation": "same" | "route"}
  trade_term  {"term": "FOB"}                                    both name the same term
  fresh       {"hours": "3"}                                     counterpart under a day old
Numbers are plain decimal strings; prices are in CNY per base unit (see MatchFields).
"""

from __future__ import annotations

from bot.domain.models import PostKind
from bot.domain.vocabulary.brands import PREFIX as BRAND
from bot.domain.vocabulary.glossary import has_han

from .features import answered
from .scoring import region_of
from .types import MatchFields, PostTerms, Reason

MAX_TERM_REASONS = 3
SPEC_CONCEPT = "s:"  # a spec term that is a glossary concept (terms.py)
FRESH_SECONDS = 86400.0


def explain(
    query_kind: PostKind,
    query: tuple[PostTerms, MatchFields],
    candidate: tuple[PostTerms, MatchFields],
    *,
    now_ts: float | None = None,
) -> tuple[Reason, ...]:
    """Reasons for matching a post of `query_kind` with a candidate of the other kind."""
    q_terms, q_fields = query
    c_terms, c_fields = candidate
    if query_kind is PostKind.NEED:
        offer, need = c_fields, q_fields
    else:
        offer, need = q_fields, c_fields
    reasons = list(shared_term_reasons(q_terms, c_terms))
    for reason in (
        _features(offer, need),
        _moq(offer, need),
        _price(offer, need),
        _place(offer, need),
        _trade_term(offer, need),
        _fresh(c_fields, now_ts),
    ):
        if reason is not None:
            reasons.append(reason)
    return tuple(reasons)


def shared_term_reasons(a: PostTerms, b: PostTerms) -> list[Reason]:
    theirs = set(b.product)  # brands
    brands = [
        Reason("brand", {"brand": t.removeprefix(BRAND)})
        for t in dict.fromkeys(a.product)
        if t.startswith(BRAND) and t in theirs
    ][:1]
    specs = _spec_reasons(a, b)
    concepts = [c for c in dict.fromkeys(a.concepts) if c in set(b.concepts)]
    if concepts:
        concept_reasons = [Reason("concept", {"concept": c}) for c in concepts]
        return brands + (concept_reasons + specs)[:MAX_TERM_REASONS]
    shared = [
        (field_name, term)
        for field_name, mine, other in (
            ("product", a.product + a.glosses, set(b.product + b.glosses)),
            ("spec", a.specs, set(b.specs)),
        )
        for term in dict.fromkeys(mine)
        if not term.startswith((BRAND, SPEC_CONCEPT)) and term in other
    ]
    words = [
        Reason("term", {"term": term, "field": field_name})
        for field_name, term in shared
        if not any(_part_of(term, longer) for _, longer in shared)
    ]
    return brands + (words[:1] + specs + words[1:])[:MAX_TERM_REASONS]


def _spec_reasons(a: PostTerms, b: PostTerms) -> list[Reason]:
    """The first glossary spec both hold (USB-C, 304 stainless steel); "material" says
    nothing."""
    theirs = set(b.specs)
    shared = [
        s.removeprefix(SPEC_CONCEPT)
        for s in dict.fromkeys(a.specs)
        if s.startswith(SPEC_CONCEPT) and s in theirs and s != SPEC_CONCEPT + "material"
    ]
    return [Reason("spec", {"spec": spec}) for spec in shared[:1]]


def _part_of(part: str, whole: str) -> bool:
    """ "iphone" of "iphone 14", 数据 of 数据线: said already by the longer shared term."""
    if part == whole:
        return False
    if has_han(part):
        return part in whole
    return part in whole.split()


def _same_unit(a: str | None, b: str | None) -> bool:
    return a is None or b is None or a == b


def _features(offer: MatchFields, need: MatchFields) -> Reason | None:
    had = answered(need.features, offer.features)
    return Reason("feature", {"features": " ".join(had)}) if had else None


def _moq(offer: MatchFields, need: MatchFields) -> Reason | None:
    if offer.moq is None or need.quantity is None:
        return None
    if not _same_unit(offer.moq_unit, need.quantity_unit) or need.quantity < offer.moq:
        return None
    unit = offer.moq_unit or need.quantity_unit or ""
    return Reason(
        "moq", {"moq": fmt_number(offer.moq), "quantity": fmt_number(need.quantity), "unit": unit}
    )


def _price(offer: MatchFields, need: MatchFields) -> Reason | None:
    quoted = offer.price_low if offer.price_low is not None else offer.price_high
    budget = need.price_high if need.price_high is not None else need.price_low
    if quoted is None or budget is None or quoted > budget:
        return None
    if not _same_unit(offer.price_unit, need.price_unit):
        return None
    unit = offer.price_unit or need.price_unit or ""
    per = f"/{unit}" if unit else ""
    return Reason(
        "price",
        {
            "offer": f"{fmt_number(quoted)} CNY{per}",
            "budget": f"{fmt_number(budget)} CNY{per}",
            "offer_amount": fmt_number(quoted),
            "budget_amount": fmt_number(budget),
            "currency": "CNY",
            "unit": unit,
        },
    )


def _place(offer: MatchFields, need: MatchFields) -> Reason | None:
    origin = offer.place
    target = need.destination or need.place
    if not origin or not target:
        return None
    if origin == target:
        relation = "same"
    elif region_of(origin) is not None and region_of(origin) == region_of(target):
        relation = "route"
    else:
        return None
    return Reason("place", {"from": origin, "to": target, "relation": relation})


def _trade_term(offer: MatchFields, need: MatchFields) -> Reason | None:
    if offer.trade_term and offer.trade_term == need.trade_term:
        return Reason("trade_term", {"term": offer.trade_term})
    return None


def _fresh(candidate: MatchFields, now_ts: float | None) -> Reason | None:
    if now_ts is None or candidate.created_ts <= 0:
        return None
    age = now_ts - candidate.created_ts
    if not 0 <= age < FRESH_SECONDS:
        return None
    return Reason("fresh", {"hours": str(int(age // 3600))})


def fmt_number(x: float) -> str:
    """12.0 -> "12", 1.2345 -> "1.23", 0.00456 -> "0.0046"."""
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    if abs(x) >= 1:
        return f"{x:.2f}".rstrip("0").rstrip(".")
    return f"{x:.2g}"
