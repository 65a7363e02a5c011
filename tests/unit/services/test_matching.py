"""The matching index after a restart, and the fairness rules of alerts."""

from __future__ import annotations

from bot.domain.matching.engine import MatchingEngine
from bot.domain.matching.types import MatchFields, PostTerms
from bot.domain.models import Lang, PostKind
from bot.services.after_effects import Table
from bot.services.contacts import dismissals
from bot.services.matching import index_loading, indexing
from bot.services.ports import UowFactory
from bot.texts.reasons import render_reasons
from tests.fakes import FixedClock
from tests.readers import conversion
from tests.unit.services.world import NEED, OFFER, opened


async def test_a_restart_rebuilds_the_index_from_stored_entries_and_dismissals(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    policy = indexing.MatchPolicy()
    index = indexing.MatchingIndex(policy)
    offer, _ = await opened(uow_factory, clock, index, 1, OFFER)
    need, _ = await opened(uow_factory, clock, index, 2, NEED)
    async with uow_factory() as uow:
        (match,) = await uow.matches.for_post(need.id or -1)
    await dismissals.dismiss_match(uow_factory, clock, Table(index), match.id or -1, 2)

    rebuilt = indexing.MatchingIndex(policy)
    assert await index_loading.rebuild(uow_factory, clock, rebuilt) == 2
    for post_id in (offer.id or -1, need.id or -1):
        assert rebuilt.engine.terms_of(post_id) == index.engine.terms_of(post_id)
    assert rebuilt.engine.dismissals.export() == index.engine.dismissals.export() != {}


def test_dismissing_a_post_uses_its_indexed_terms() -> None:
    engine = MatchingEngine()
    pot = PostTerms(product=("锅",), specs=("304",), concepts=("c:pot",))
    engine.add(2, 101, PostKind.OFFER, pot, MatchFields())
    index = indexing.MatchingIndex(indexing.MatchPolicy(), engine)
    assert index.dismiss(7, 2) is True
    assert engine.dismissals.export() == {7: ["c:pot"]}
    assert index.dismiss(7, 999) is False


async def test_a_need_alerts_at_most_the_policy_s_number_of_sellers(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = indexing.MatchingIndex(indexing.MatchPolicy(max_alerts_per_need=2))
    for seller in (1, 2, 3):
        await opened(uow_factory, clock, index, seller, OFFER)
    _, alerted = await opened(uow_factory, clock, index, 9, NEED)
    assert alerted == 2


async def test_reasons_count_in_the_need_s_own_unit_word(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = indexing.MatchingIndex(indexing.MatchPolicy())
    await opened(uow_factory, clock, index, 1, "出售 Type-C数据线 1米 起订500条 2元/条 深圳")
    need, alerted = await opened(
        uow_factory, clock, index, 2, "求购 Type-C数据线 3000条 每条3元以内"
    )
    assert alerted == 1
    async with uow_factory() as uow:
        (match,) = await uow.matches.for_post(need.id or -1)
    shown = str(render_reasons(match.reasons, Lang.ZH_HANS, conversion(Lang.ZH_HANS)))
    assert "需求3,000条" in shown and "预算¥3/条" in shown
    # prices in the reader's currency, as the card converts them (¥1 = NT$4.55 = $0.14)
    assert "需求3,000條 · 報價NT$9.09 ≤ 預算NT$13.64/條" in str(
        render_reasons(match.reasons, Lang.ZH_HANT, conversion(Lang.ZH_HANT))
    )
    assert "need 3,000 pcs · price $0.28 ≤ budget $0.42 / pcs" in str(
        render_reasons(match.reasons, Lang.EN, conversion(Lang.EN))
    )
