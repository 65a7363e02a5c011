"""The cards a real exchange sends (issue 35, a contact card worth having): each side's
company and region from their /profile, and their trust line as the record stands, in the
reader's language; and the card shown again carries the profile as it is now."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import Lang, User
from bot.services.contacts import contact_requests
from bot.services.people import profiles
from bot.services.ports import UowFactory
from bot.services.trust.summaries import summary_of
from bot.texts.alerts import trust_line
from tests.fakes import FixedClock
from tests.unit.services.deal_graph import wider_market
from tests.unit.services.world import NEED, OFFER, add_user, new_index, opened

SELLER, BUYER = 1, 2
MARKET = [SELLER, 10, 11, 12, 13, 14, 15]  # established accounts, a chain of deals


async def _cards_to(uow_factory: UowFactory, user_id: int) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [m.text for m in due if m.chat_id == user_id and m.kind == "contact.card"]


async def _trust_line(uow_factory: UowFactory, clock: FixedClock, of: int, lang: Lang) -> str:
    async with uow_factory() as uow:
        return str(trust_line(await summary_of(uow, of, clock.now()), lang))


async def _exchanged(uow_factory: UowFactory, clock: FixedClock) -> int:
    """王丽 of 佳美 (a phone shared, a confirmed deal on her record, uncounted) sells to Sam of Acme
    (new, no phone), who asked under the match; she accepts. Returns the match's id."""
    await wider_market(uow_factory, MARKET, clock.now())
    async with uow_factory() as uow:
        seller = await uow.users.get(SELLER)
        assert seller is not None
        seller.language, seller.display_name = Lang.ZH_HANS, "王丽"
        seller.phone = "+86 138 0013 8000"
        await uow.users.upsert(seller)
        await uow.commit()
    await add_user(uow_factory, BUYER, Lang.EN)
    async with uow_factory() as uow:
        await uow.users.upsert(User(BUYER, Lang.EN, display_name="Sam <Acme>"))
        await uow.commit()
    jiamei = {"company": "义乌市佳美日用品有限公司", "region": "义乌"}
    await profiles.save(uow_factory, SELLER, jiamei)
    await profiles.save(uow_factory, BUYER, {"company": "Acme & Sons", "region": "London"})
    index = new_index()
    offer, _ = await opened(uow_factory, clock, index, SELLER, OFFER)
    await opened(uow_factory, clock, index, BUYER, NEED)
    async with uow_factory() as uow:
        (match,) = await uow.matches.for_post(offer.id or -1)
        assert match.id is not None
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match.id)
    async with uow_factory() as uow:
        request = await uow.contact_requests.find(BUYER, SELLER, None, match.id)
    assert request is not None and request.id is not None
    await contact_requests.accept(uow_factory, clock, request.id, SELLER)
    return match.id


async def test_each_side_s_card_carries_the_other_s_company_region_and_trust_line(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _exchanged(uow_factory, clock)
    (to_buyer,) = await _cards_to(uow_factory, BUYER)
    assert f'<a href="tg://user?id={SELLER}">王丽 (Wang Li)</a>' in to_buyer
    assert "🏢 义乌市佳美日用品有限公司 (Yiwu Shi Jiamei Riyongpin Youxian Gongsi)" in to_buyer
    assert "📍 Yiwu (义乌)" in to_buyer and "📞 +86 138 0013 8000" in to_buyer
    seller_line = await _trust_line(uow_factory, clock, SELLER, Lang.EN)
    assert seller_line in to_buyer.splitlines()
    assert "✅ L1 phone verified" in seller_line and "confirmed deals" in seller_line

    (to_seller,) = await _cards_to(uow_factory, SELLER)
    assert f'<a href="tg://user?id={BUYER}">Sam &lt;Acme&gt;</a>' in to_seller
    assert "🏢 Acme &amp; Sons · 📍 伦敦 (London) <i>（对方自述）</i>" in to_seller
    buyer_line = await _trust_line(uow_factory, clock, BUYER, Lang.ZH_HANS)
    assert buyer_line in to_seller.splitlines() and "新会员" in buyer_line
    assert "Wang" not in to_seller and "📞" not in to_seller  # no pinyin, no phone shared


async def test_the_card_shown_again_has_the_profile_as_it_stands(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    match_id = await _exchanged(uow_factory, clock)
    clock.advance(timedelta(days=3))
    await profiles.save(uow_factory, SELLER, {"company": "佳美国际贸易", "region": "宁波"})
    key = await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id)
    assert key == "contact.already_in_touch"
    first, again = await _cards_to(uow_factory, BUYER)
    assert "佳美日用品" in first and "佳美日用品" not in again
    assert "🏢 佳美国际贸易 (Jiamei Guoji Maoyi) · 📍 Ningbo (宁波)" in again
    assert await _trust_line(uow_factory, clock, SELLER, Lang.EN) in again.splitlines()


async def test_a_member_without_a_profile_gets_a_card_without_its_line(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    match_id = await _exchanged(uow_factory, clock)
    other = 3
    await add_user(uow_factory, other, Lang.EN)  # never sent /profile
    async with uow_factory() as uow:
        match = await uow.matches.get(match_id)
    assert match is not None
    await contact_requests.ask_about_post(uow_factory, clock, other, match.offer_id)
    async with uow_factory() as uow:
        request = await uow.contact_requests.find(other, SELLER, match.offer_id, None)
    assert request is not None and request.id is not None
    await contact_requests.accept(uow_factory, clock, request.id, SELLER)
    (card,) = [c for c in await _cards_to(uow_factory, SELLER) if f"id={other}" in c]
    assert "🏢" not in card and "📍" not in card
    assert await _trust_line(uow_factory, clock, other, Lang.ZH_HANS) in card.splitlines()
    (to_other,) = await _cards_to(uow_factory, other)  # hers has her profile, as ever
    assert "🏢 义乌市佳美日用品有限公司 (Yiwu Shi" in to_other
