"""How long the Market picture takes to draw (issue 36: 200 ms or less per picture): in the
painter's process as the bot asks for it (`Painter.draw`: the strip sent to the process,
drawn, the PNG back), after the process started and drew its first, which loads matplotlib
and its fonts. Markets of 5, 50 and 2,000 comparable posts, in each language.

    .venv/bin/python -m bench.picture_speed [--pictures 60]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.domain.advice import MarketPrices  # noqa: E402
from bot.domain.home import Conversion  # noqa: E402
from bot.domain.models import Lang, PostKind  # noqa: E402
from bot.domain.money import DEFAULT_RATES  # noqa: E402
from bot.pictures.drawing import fonts_for  # noqa: E402
from bot.pictures.market import market_strip  # noqa: E402
from bot.pictures.painter import Painter  # noqa: E402
from bot.pictures.price_strip import PriceStrip  # noqa: E402
from tests.unit.test_pictures import offer_post  # noqa: E402

SIZES = (5, 50, 2000)
CURRENCIES = {Lang.ZH_HANS: "CNY", Lang.ZH_HANT: "CNY", Lang.EN: "USD"}


def market(size: int, lang: Lang, rng: random.Random) -> PriceStrip:
    offers = tuple(round(rng.lognormvariate(2.6, 0.25), 1) for _ in range(size * 3 // 4))
    budgets = tuple(round(rng.lognormvariate(2.4, 0.25), 1) for _ in range(size - len(offers)))
    prices = MarketPrices(PostKind.OFFER, 12.0, offers, budgets)
    conversion = Conversion(CURRENCIES[lang], DEFAULT_RATES)
    return market_strip(lang, offer_post(12, "CNY"), prices, conversion)


async def run(pictures: int) -> None:
    painter, rng = Painter(), random.Random(36)
    started = time.perf_counter()
    await painter.draw(market(5, Lang.EN, rng))
    first = time.perf_counter() - started
    print(f"the painter's process started and drew its first picture in {first:.2f} s")
    print(f"fonts for zh-Hans: {fonts_for('zh-Hans')}")
    print("| comparable posts | pictures | p50 | p95 | max | PNG size |")
    print("|---|---|---|---|---|---|")
    for size in SIZES:
        times, sizes = [], []
        for n in range(pictures):
            strip = market(size, list(Lang)[n % len(Lang)], rng)
            began = time.perf_counter()
            png = await painter.draw(strip)
            times.append((time.perf_counter() - began) * 1000)
            sizes.append(len(png))
        times.sort()
        p50, p95 = times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.95))]
        print(
            f"| {size:,} | {pictures} | {p50:.0f} ms | {p95:.0f} ms | {times[-1]:.0f} ms "
            f"| {sum(sizes) / len(sizes) / 1024:.0f} KB |"
        )
    painter.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pictures", type=int, default=60)
    asyncio.run(run(parser.parse_args(argv).pictures))


if __name__ == "__main__":
    main()
