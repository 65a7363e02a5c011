"""Reasons for a pair (explain.py), table-tested."""

import pytest

from bot.domain.matching.explain import explain, fmt_number
from bot.domain.matching.types import MatchFields, PostTerms, Reason
from bot.domain.models import PostKind

NOW = 1_800_000_000.0
FLASK = PostTerms(product=("保温杯",), specs=("304",), concepts=("c:vacuum_flask",))


def reasons_of(kind, offer: MatchFields, need: MatchFields, now=None):
    if kind is PostKind.NEED:
        return explain(kind, (FLASK, need), (FLASK, offer), now_ts=now)
    return explain(kind, (FLASK, offer), (FLASK, need), now_ts=now)


@pytest.mark.parametrize("asking", [PostKind.NEED, PostKind.OFFER])
@pytest.mark.parametrize(
    ("offer", "need", "expected"),
    [
        (
            MatchFields(moq=1000, moq_unit="pcs"),
            MatchFields(quantity=3000, quantity_unit="pcs"),
            Reason("moq", {"moq": "1000", "quantity": "3000", "unit": "pcs"}),
        ),
        (
            MatchFields(moq=1000),
            MatchFields(quantity=3000, quantity_unit="pcs"),
            Reason("moq", {"moq": "1000", "quantity": "3000", "unit": "pcs"}),
        ),
        (
            MatchFields(price_low=12, price_unit="pcs"),
            MatchFields(price_high=15, price_unit="pcs"),
            Reason(
                "price",
                {
                    "offer": "12 CNY/pcs",
                    "budget": "15 CNY/pcs",
                    "offer_amount": "12",
                    "budget_amount": "15",
                    "currency": "CNY",
                    "unit": "pcs",
                },
            ),
        ),
        (
            MatchFields(place="义乌"),
            MatchFields(destination="上海"),
            Reason("place", {"from": "义乌", "to": "上海", "relation": "route"}),
        ),
        (
            MatchFields(place="义乌"),
            MatchFields(place="义乌"),
            Reason("place", {"from": "义乌", "to": "义乌", "relation": "same"}),
        ),
        (
            MatchFields(trade_term="FOB"),
            MatchFields(trade_term="FOB"),
            Reason("trade_term", {"term": "FOB"}),
        ),
    ],
)
def test_positive_reasons(asking, offer, need, expected):
    reasons = reasons_of(asking, offer, need)
    assert reasons[0] == Reason("concept", {"concept": "c:vacuum_flask"})
    assert reasons[1:] == (expected,)


@pytest.mark.parametrize(
    ("offer", "need"),
    [
        (MatchFields(moq=5000), MatchFields(quantity=3000)),  # below the MOQ
        (MatchFields(moq=10, moq_unit="kg"), MatchFields(quantity=3000, quantity_unit="pcs")),
        (MatchFields(price_low=20), MatchFields(price_high=15)),  # over budget
        (MatchFields(price_low=12, price_unit="kg"), MatchFields(price_high=15, price_unit="pcs")),
        (MatchFields(place="义乌"), MatchFields(destination="深圳")),  # no known route
        (MatchFields(place="义乌"), MatchFields()),
        (MatchFields(trade_term="FOB"), MatchFields(trade_term="EXW")),
    ],
)
def test_no_reason_when_it_does_not_hold(offer, need):
    assert len(reasons_of(PostKind.NEED, offer, need)) == 1  # only the concept


def test_terms_named_when_no_concept_is_shared():
    a = PostTerms(product=("保温杯", "杯"), specs=("304", "500ml"))
    b = PostTerms(product=("保温杯",), specs=("500ml",), concepts=("c:x",))
    reasons = explain(PostKind.NEED, (a, MatchFields()), (b, MatchFields()))
    assert reasons == (
        Reason("term", {"term": "保温杯", "field": "product"}),
        Reason("term", {"term": "500ml", "field": "spec"}),
    )


def test_a_shared_word_inside_a_longer_shared_term_is_not_said_twice():
    a = PostTerms(product=("iphone", "iphone 14", "数据", "数据线"), specs=("14", "128g"))
    b = PostTerms(product=("iphone 14", "iphone", "数据线", "数据"), specs=("128g", "14"))
    terms = [
        r.values["term"] for r in explain(PostKind.NEED, (a, MatchFields()), (b, MatchFields()))
    ]
    assert terms == ["iphone 14", "数据线", "128g"]  # not "iphone", 数据 nor the spec 14


@pytest.mark.parametrize(("age_hours", "expected"), [(3.5, "3"), (30, None), (-2, None)])
def test_fresh_reason(age_hours, expected):
    offer = MatchFields(created_ts=NOW - age_hours * 3600)
    fresh = [r for r in reasons_of(PostKind.NEED, offer, MatchFields(), NOW) if r.kind == "fresh"]
    assert [r.values["hours"] for r in fresh] == ([expected] if expected else [])


@pytest.mark.parametrize(
    ("x", "text"),
    [(12.0, "12"), (1.5, "1.5"), (1.2345, "1.23"), (0.00456, "0.0046"), (3000.0, "3000")],
)
def test_fmt_number(x, text):
    assert fmt_number(x) == text


def test_a_shared_glossary_spec_is_named_once_after_the_product():
    need = PostTerms(
        product=("usb", "c", "cable"), specs=("s:usb_c", "1m"), concepts=("c:data_cable",)
    )
    offer = PostTerms(
        product=("type-c数据线", "数据线"), specs=("s:usb_c", "1m"), concepts=("c:data_cable",)
    )
    assert explain(PostKind.NEED, (need, MatchFields()), (offer, MatchFields())) == (
        Reason("concept", {"concept": "c:data_cable"}),
        Reason("spec", {"spec": "usb_c"}),
    )


def test_a_glossary_spec_is_never_shown_as_a_raw_word():
    charger = PostTerms(product=("充电头",), specs=("s:usb_c", "s:material", "20w"))
    other = PostTerms(product=("充电头", "快充"), specs=("s:material", "s:usb_c", "20w"))
    assert explain(PostKind.NEED, (charger, MatchFields()), (other, MatchFields())) == (
        Reason("term", {"term": "充电头", "field": "product"}),
        Reason("spec", {"spec": "usb_c"}),
        Reason("term", {"term": "20w", "field": "spec"}),
    )
