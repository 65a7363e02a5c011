"""The Market picture's words and numbers for a post's owner (`market_strip`) and the
caption it goes with (`market_caption`): every price in the reader's currency, per the
post's unit, as the alerts' price lines show them (`bot.texts.advice.price_line`)."""

from __future__ import annotations

import statistics

from bot.domain import money
from bot.domain.advice import MIN_PEERS, MarketPrices
from bot.domain.home import Conversion
from bot.domain.models import Lang, Post, PostKind
from bot.domain.vocabulary.units import unit_name
from bot.pictures.price_strip import BUDGETS, OFFERS, PriceStrip, StripLabels
from bot.texts import Html, plain, t
from bot.texts.advice import price_line
from bot.texts.cards import CURRENCY_SYMBOLS, amount, cents, post_title

NEEDED = MIN_PEERS  # comparable posts in all, for a picture that says something


def enough(prices: MarketPrices) -> bool:
    """Are there posts enough to say where a price stands?"""
    return len(prices.offers) + len(prices.budgets) >= NEEDED


def market_strip(
    lang: Lang, post: Post, prices: MarketPrices, conversion: Conversion
) -> PriceStrip:
    """The picture of `post`'s market for its owner, a reader of `lang`."""
    currency, rate = _reader_currency(post, conversion)

    def labels(words: Lang, symbol: str) -> StripLabels:
        def shown(value: float) -> str:
            return f"{symbol}{_amount(value * rate)}"

        unit = post.parsed.price.per_unit if post.parsed.price else None
        return StripLabels(
            title=plain(words, "market.title"),
            offers=plain(words, "market.offers", count=len(prices.offers)),
            budgets=plain(words, "market.budgets", count=len(prices.budgets)),
            mine=plain(words, f"market.mine.{prices.kind.value}", price=shown(prices.price)),
            median=plain(words, "market.median", price=shown(_median(prices.offers))),
            axis=plain(
                words,
                "market.axis",
                currency=symbol.strip() or (currency or ""),
                unit=unit_name(unit, words, one=True) or plain(words, "market.unit"),
            ),
            symbol=symbol,
        )

    symbol = CURRENCY_SYMBOLS.get(currency or "", "") if currency else ""
    latin = f"{currency} " if currency else ""
    return PriceStrip(
        lang=lang.value,
        offers=tuple(value * rate for value in prices.offers),
        budgets=tuple(value * rate for value in prices.budgets),
        mine=prices.price * rate,
        mine_on=OFFERS if prices.kind is PostKind.OFFER else BUDGETS,
        labels=labels(lang, symbol or latin),
        latin=labels(Lang.EN, latin),
    )


def market_caption(lang: Lang, post: Post, prices: MarketPrices, conversion: Conversion) -> Html:
    """The words under the picture: how many posts it shows, and where the price stands."""
    currency, _rate = _reader_currency(post, conversion)
    text = t(
        lang,
        "market.caption",
        product=post_title(post, lang),
        offers=len(prices.offers),
        budgets=len(prices.budgets),
        currency=currency or "-",
    )
    position = prices.position
    if position is not None and post.kind is PostKind.OFFER:
        text = Html(f"{text}\n{price_line(lang, post, position, conversion, own=True)}")
    return text


def _reader_currency(post: Post, conversion: Conversion) -> tuple[str | None, float]:
    """The currency the reader sees the market in, and how many of it one of the post's
    currency is: the post's own when it names none or a rate is missing."""
    written = post.parsed.price.currency if post.parsed.price else None
    if written is None:
        return None, 1.0
    try:
        rate = money.to_base(1, written, conversion.rates)
        rate /= money.to_base(1, conversion.currency, conversion.rates)
    except money.UnknownCurrencyError:
        return written, 1.0
    return conversion.currency, rate


def _median(values: tuple[float, ...]) -> float:
    return statistics.median(values) if values else 0.0


def _amount(value: float) -> str:
    """A price to the cent, as a card writes one ("12", "1.66", "1,200")."""
    return amount(cents(value))
