"""Problem keys the bot turns into friendly replies."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.domain.models import Intent, Lang, ParsedPost, Price, Quantity
from bot.domain.parsing import PROBLEMS, parse_post, validate, warm_up


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


def post(**fields: object) -> ParsedPost:
    base: dict[str, object] = {
        "intent": Intent.OFFER,
        "language": Lang.ZH_HANS,
        "product": "保温杯",
    }
    base.update(fields)
    return ParsedPost(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("parsed", "problems"),
    [
        (post(), []),
        (post(intent=Intent.NONE), ["intent.none"]),
        (post(product=None), ["product.missing"]),
        (post(product="<b>保温杯</b>"), ["product.markup"]),
        (post(product="[cup](http://x.y)"), ["product.markup"]),
        (post(product="保" * 61), ["product.too_long"]),
        (post(quantity=Quantity(Decimal(0), "pcs")), ["quantity.zero"]),
        (post(quantity=Quantity(Decimal(10) ** 10, "pcs")), ["quantity.absurd"]),
        (post(moq=Quantity(Decimal(10) ** 10, "pcs")), ["quantity.absurd"]),
        (
            post(quantity=Quantity(Decimal(100), "pcs"), moq=Quantity(Decimal(500), "pcs")),
            ["moq.above_quantity"],
        ),
        (post(price=Price(Decimal(0), Decimal(0), "CNY")), ["price.zero"]),
        (post(price=Price(Decimal(1), Decimal(10) ** 8, "CNY")), ["price.absurd"]),
        (post(price=Price(Decimal(5), Decimal(3), "CNY")), ["price.inverted"]),
        (post(price=Price(Decimal(5), Decimal(5), None)), ["price.no_currency"]),
        (post(price=Price(negotiable=True)), []),
        (
            post(intent=Intent.NONE, product=None, price=Price(Decimal(0), Decimal(0), "USD")),
            ["intent.none", "product.missing", "price.zero"],
        ),
    ],
)
def test_validate(parsed: ParsedPost, problems: list[str]) -> None:
    assert validate(parsed) == problems


def test_every_key_is_documented() -> None:
    import bot.domain.parsing.validation as module

    for key in PROBLEMS:
        assert key in (module.__doc__ or "")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("出售 保温杯 0元/个", "price.zero"),
        ("求购 保温杯 99999999999个", "quantity.absurd"),
        ("求购 5000个 10元以内", "product.missing"),
        ("😀😀😀", "intent.none"),
    ],
)
def test_validate_parsed_text(text: str, problem: str) -> None:
    assert problem in validate(parse_post(text))
