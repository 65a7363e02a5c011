"""Guided posting (/offer, /need): one answer at a time becomes the same card as a message."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.domain.models import Intent, Lang, PostKind, Price, Quantity
from bot.domain.parsing import parse_post
from bot.services.errors import UserFacingError
from bot.services.posting import guided
from bot.services.posting.post_edits import apply_edit

OFFER_ANSWERS = {
    "product": "304不锈钢保温杯 500ml",
    "quantity": "起订1000个",
    "price": "12元/个",
    "place": "义乌",
}


def test_an_offer_step_by_step() -> None:
    parsed = guided.compose(PostKind.OFFER, OFFER_ANSWERS)
    assert (parsed.intent, parsed.language) == (Intent.OFFER, Lang.ZH_HANS)
    assert parsed.product == "保温杯" and "500ml" in parsed.specs
    assert parsed.moq == Quantity(Decimal(1000), "pcs")  # 起订: a minimum order
    assert parsed.quantity is None
    assert parsed.price == Price(Decimal(12), Decimal(12), "CNY", "pcs")
    assert parsed.place == "义乌"


def test_a_need_in_english_with_a_trade_term_and_a_skipped_price() -> None:
    answers = {
        "product": "vacuum flasks",
        "quantity": "5000 pcs",
        "price": "",
        "place": "FOB Ningbo",
    }
    parsed = guided.compose(PostKind.NEED, answers)
    assert (parsed.intent, parsed.language) == (Intent.NEED, Lang.EN)
    assert parsed.product == "vacuum flasks"
    assert parsed.quantity == Quantity(Decimal(5000), "pcs") and parsed.moq is None
    assert parsed.price is None
    assert (parsed.place, parsed.trade_term, parsed.port) == ("Ningbo", "FOB", "Ningbo")


def test_traditional_answers_stay_traditional() -> None:
    parsed = guided.compose(PostKind.NEED, {"product": "保溫杯", "quantity": "3000個"})
    assert parsed.language is Lang.ZH_HANT and parsed.product == "保溫杯"
    assert parsed.quantity == Quantity(Decimal(3000), "pcs")


def test_only_a_product_is_enough() -> None:
    parsed = guided.compose(PostKind.OFFER, {"product": "LED灯泡 9W"})
    assert parsed.intent is Intent.OFFER and parsed.product
    assert (parsed.quantity, parsed.moq, parsed.price, parsed.place) == (None, None, None, None)


@pytest.mark.parametrize(
    ("question", "value", "key"),
    [
        ("price", "很便宜", "problem.value.unreadable"),
        ("price", "0元/个", "problem.price.zero"),
        ("quantity", "很多", "problem.value.unreadable"),
        ("product", "锟斤拷锟斤拷烫烫烫", "problem.value.unreadable"),
        ("product", "   ", "problem.value.unreadable"),
    ],
)
def test_an_answer_that_cannot_be_read_is_refused(question: str, value: str, key: str) -> None:
    answers = {"product": "保温杯"}
    with pytest.raises(UserFacingError) as refused:
        guided.check_answer(PostKind.OFFER, answers, question, value)
    assert refused.value.key == key
    assert answers == {"product": "保温杯"}  # nothing is kept


@pytest.mark.parametrize(
    ("question", "value"),
    [("quantity", "5000个"), ("quantity", "MOQ 1000"), ("price", "12元/个"), ("place", "义乌")],
)
def test_a_readable_answer_passes(question: str, value: str) -> None:
    guided.check_answer(PostKind.OFFER, {"product": "保温杯"}, question, value)


def test_an_absurd_quantity_is_refused_as_in_a_message() -> None:
    """As in a whole message (e2e test_bad_input_gets_a_clear_answer)."""
    with pytest.raises(UserFacingError, match="problem.quantity.absurd"):
        guided.check_answer(PostKind.NEED, {"product": "螺丝"}, "quantity", "1000000000000000个")


def test_raw_text_is_the_answers_in_question_order() -> None:
    answers = {"place": "义乌", "product": "保温杯", "quantity": "", "price": "12元/个"}
    assert guided.raw_text(answers) == "保温杯 · 12元/个 · 义乌"
    assert guided.raw_text({}) == ""


def test_editing_the_place_with_a_trade_term_moves_the_port() -> None:
    """The card must not keep "FOB 宁波" once the seller says FOB上海."""
    posted = parse_post("出售 保温杯 12元/个 FOB宁波 义乌发货")
    edited = apply_edit(posted, "place", "FOB上海")
    assert (edited.trade_term, edited.port, edited.place) == ("FOB", "上海", "上海")
    moved = apply_edit(posted, "place", "金华")  # no term said: the port stays as written
    assert (moved.trade_term, moved.port, moved.place) == ("FOB", "宁波", "金华")


def test_a_bare_yuan_is_spent_where_the_post_is() -> None:
    """元 in 台中 is NT$: answered step by step, and edited later."""
    parsed = guided.compose(
        PostKind.OFFER, {"product": "充電線", "price": "每條2元", "place": "台中"}
    )
    assert parsed.price is not None and parsed.price.currency == "TWD"
    taichung = parse_post("出售 充電線 每條2元 台中出貨")
    assert taichung.price is not None and taichung.price.currency == "TWD"
    edited = apply_edit(taichung, "price", "每條3元")
    assert edited.price is not None and (edited.price.low, edited.price.currency) == (
        Decimal(3),
        "TWD",
    )
    mainland = apply_edit(parse_post("出售 保温杯 12元/个 义乌发货"), "price", "15元")
    assert mainland.price is not None and mainland.price.currency == "CNY"


def test_with_no_place_answered_a_bare_yuan_is_the_writer_s_currency() -> None:
    answers = {"product": "充電線", "price": "每條2元"}
    taipei = guided.compose(PostKind.OFFER, answers, "TW")
    assert taipei.price is not None and taipei.price.currency == "TWD"
    anywhere = guided.compose(PostKind.OFFER, answers)
    assert anywhere.price is not None and anywhere.price.currency == "CNY"
    shanghai = guided.compose(PostKind.OFFER, {**answers, "place": "上海"}, "TW")
    assert shanghai.price is not None and shanghai.price.currency == "CNY"
