"""Posts found by meaning (issue 34), on the in-memory store with the shipped encoder: a
buyer's English words find a Chinese offer in /search once its vector is made, where it
stands out from a market of other goods, and words close to nothing find nothing; a vector
is stored and loaded again after a restart, never encoded twice; a post that closes or
changes leaves the dense index until it is encoded again."""

from __future__ import annotations

import numpy as np

from bot.domain.matching.encoder import UseEncoder
from bot.services.after_effects import Table
from bot.services.matching import index_loading, meaning, search
from bot.services.matching.indexing import MatchingIndex, MatchPolicy
from bot.services.ports import UowFactory
from bot.services.posting import publishing
from tests.fakes import FixedClock
from tests.unit.services.world import add_user, opened

SELLER, OTHER, BUYER = 1, 2, 3
CUPS = "出售 304不锈钢真空保温杯 500ml 起订1000个 12元/个 义乌发货"
SCREWS = "出售 M6不锈钢螺丝 304材质 起订10000个 0.15元/个 宁波港"
SHARED = UseEncoder()  # one model for the module: loading it takes a second
MARKET = [  # other goods on offer: a hit must stand out from them
    "出售 M6不锈钢螺丝 304材质 起订10000个",
    "出售 LED灯泡 9W 起订500个",
    "出售 纯棉T恤 起订200件",
    "出售 硅胶手机壳 起订300个",
    "出售 帆布袋 起订1000个",
    "出售 竹砧板 起订500块",
    "出售 蓝牙耳机 起订100副",
    "出售 陶瓷咖啡杯 起订600个",
    "出售 不锈钢饭盒 起订800个",
    "出售 LED灯带 5米 起订100卷",
    "出售 瑜伽垫 起订200张",
    "出售 儿童积木 起订300盒",
    "出售 太阳能板 起订50块",
    "出售 办公椅 起订20把",
    "出售 塑料收纳箱 起订400个",
    "出售 雨伞 起订500把",
    "出售 运动鞋 起订300双",
    "出售 电动牙刷 起订200支",
    "出售 宠物狗粮 起订100袋",
    "出售 汽车脚垫 起订150套",
    "出售 茶叶 龙井 起订50斤",
    "出售 手机数据线 起订1000根",
]


class Counting:
    """The shipped encoder, counting the texts it encodes."""

    name, dim = SHARED.name, SHARED.dim

    def __init__(self) -> None:
        self.texts = 0

    def encode(self, texts: list[str]) -> np.ndarray:
        self.texts += len(texts)
        return SHARED.encode(texts)


def _index(encoder: Counting) -> MatchingIndex:
    return MatchingIndex(MatchPolicy(), encoder=encoder)


async def _found(
    uow_factory: UowFactory, clock: FixedClock, index: MatchingIndex, words: str
) -> list[int]:
    posts, _more, _warned = await search.search(uow_factory, clock, index, words, 0, 5, BUYER)
    return [p.id or 0 for p in posts]


async def test_english_words_find_the_chinese_offer_once_it_is_encoded(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    encoder = Counting()
    index = _index(encoder)
    await add_user(uow_factory, BUYER)
    cups, _ = await opened(uow_factory, clock, index, SELLER, CUPS)
    for n, text in enumerate(MARKET):
        await opened(uow_factory, clock, index, 100 + n, text)
    assert await _found(uow_factory, clock, index, "insulated water bottles") == []  # no word
    assert await meaning.encode_new(uow_factory, clock, index, limit=100) == (len(MARKET) + 1, 0)
    assert await _found(uow_factory, clock, index, "insulated water bottles") == [cups.id]
    assert await _found(uow_factory, clock, index, "xyz qwerty") == []  # nothing that close
    assert (await _found(uow_factory, clock, index, "保温杯"))[0] == cups.id  # words lead
    assert await meaning.encode_new(uow_factory, clock, index) == (0, 0)  # nothing left to encode


async def test_a_restart_loads_the_stored_vectors_and_encodes_nothing(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    first = _index(Counting())
    cups, _ = await opened(uow_factory, clock, first, SELLER, CUPS)
    await meaning.encode_new(uow_factory, clock, first)
    encoder = Counting()
    again = _index(encoder)
    await index_loading.rebuild(uow_factory, clock, again)
    assert again.unencoded == {cups.id}
    assert await meaning.load_vectors(uow_factory, again, limit=None) == 1
    assert cups.id in again.dense and not again.unencoded and encoder.texts == 0
    assert await meaning.encode_new(uow_factory, clock, again) == (0, 0) and encoder.texts == 0


async def test_a_closed_post_leaves_and_a_changed_one_is_encoded_again(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = _index(Counting())
    await add_user(uow_factory, BUYER)
    cups, _ = await opened(uow_factory, clock, index, SELLER, CUPS)
    screws, _ = await opened(uow_factory, clock, index, OTHER, SCREWS)
    await meaning.encode_new(uow_factory, clock, index)
    after = Table(index)
    assert cups.id is not None and screws.id is not None
    await publishing.close(uow_factory, clock, after, screws.id, OTHER, deal=False)
    assert screws.id not in index.dense and screws.id not in index.unencoded
    await publishing.edit_field(uow_factory, clock, after, cups.id, SELLER, "product", "竹砧板")
    assert cups.id not in index.dense and cups.id in index.unencoded
    assert await meaning.encode_new(uow_factory, clock, index) == (1, 0)  # the old vector is gone
    assert await _found(uow_factory, clock, index, "bamboo cutting board") == [cups.id]
    assert await _found(uow_factory, clock, index, "insulated water bottles") == []
