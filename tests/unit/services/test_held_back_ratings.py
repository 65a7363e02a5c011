"""Ratings from accounts under 7 days old count for nothing toward a score (issue 33: sock
puppets). Issue 35: the trust card counted them all the same ("Ratings: 3, not enough for a
score yet (3 needed)"). Every count of ratings on /trust, and in the thanks that repeats it,
is the count the rule uses; the ratings it leaves out are said to be received."""

from __future__ import annotations

import re
from datetime import timedelta

from bot.domain.models import Lang, Rating, User
from bot.services.ports import UowFactory
from bot.services.trust import ratings
from bot.services.trust.summaries import summary_of
from bot.texts.alerts import trust_card
from tests.fakes import FixedClock
from tests.unit.services.deal_graph import confirm_deal, members, wider_market

MEMBER = 1
NEWCOMERS = {21: Lang.EN, 22: Lang.ZH_HANS, 23: Lang.ZH_HANT}  # accounts a day old


def _numbers(line: str) -> list[str]:
    return re.findall(r"\d+(?:\.\d)?", line)


def _card_ratings(card: str) -> str:
    """The card's ratings fact, without what it rests on."""
    (line,) = [part for part in card.split("\n\n") if part.startswith("⭐")]
    return line.split("\n")[0]


async def test_three_ratings_from_day_old_accounts_make_no_score_and_card_and_thanks_agree(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    now = clock.now()
    await members(uow_factory, [MEMBER], now - timedelta(days=120))
    async with uow_factory() as uow:
        for rater, lang in NEWCOMERS.items():
            joined = now - timedelta(days=1)
            await uow.users.upsert(
                User(rater, lang, display_name=f"New {rater}", created_at=joined)
            )
        deals = {rater: await confirm_deal(uow, MEMBER, rater, now) for rater in NEWCOMERS}
        await uow.commit()
    for given, (rater, lang) in enumerate(NEWCOMERS.items(), start=1):
        # both rate: the thanks to the second says what the member's record now shows
        await ratings.rate(uow_factory, clock, MEMBER, deals[rater], 5)
        await ratings.rate(uow_factory, clock, rater, deals[rater], 5)
        async with uow_factory() as uow:
            record = await summary_of(uow, MEMBER, clock.now())
            queued = await uow.outbox.due(clock.now() + timedelta(days=3650), 1000)
        assert record is not None
        assert (record.rating, record.ratings, record.ratings_received) == (None, 0, given)
        (thanks,) = [m.text for m in queued if m.chat_id == rater and m.kind == "rating.thanks"]
        shown = _card_ratings(str(trust_card(record, lang, own=False)))
        said = thanks.split("\n")[-1]  # below what the other side gave
        assert _numbers(said) == _numbers(shown) == ["0", str(given), "3"], (said, shown)
    (first,) = [m.text for m in queued if m.chat_id == 21 and m.kind == "rating.thanks"]
    assert "Ratings that count there: 0 (1 received); a score shows from 3." in first
    assert record is not None
    card = _card_ratings(str(trust_card(record, Lang.EN, own=False)))
    assert card == "⭐ Ratings that count: 0 (3 received); a score shows from 3"


async def test_independent_raters_who_rated_as_newcomers_are_not_counted(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """Raters whose accounts are old enough now to be independent partners, but were under
    7 days old when they rated: the card said "Ratings: 3, not enough for a score yet (3
    needed)". One established rater's rating counts."""
    now = clock.now()
    await wider_market(uow_factory, list(range(100, 140)), now)
    await members(uow_factory, [MEMBER], now - timedelta(days=120))
    joined = now - timedelta(days=40)
    await members(uow_factory, [31, 32, 33], joined)
    async with uow_factory() as uow:
        for rater in (31, 32, 33):  # trading with the wider market since
            await confirm_deal(uow, rater, 100, joined + timedelta(days=1))
        for rater in (31, 32, 33, 101):  # 101: 90 days old, established
            at = joined + timedelta(days=1) if rater != 101 else now - timedelta(days=20)
            deal_id = await confirm_deal(uow, MEMBER, rater, at)
            await uow.ratings.add(Rating(None, deal_id, rater, MEMBER, 5, at))
        await uow.commit()
    async with uow_factory() as uow:
        record = await summary_of(uow, MEMBER, clock.now())
    assert record is not None and record.partners == 4  # all four independent partners
    assert (record.rating, record.ratings, record.ratings_received) == (None, 1, 4)
    card = _card_ratings(str(trust_card(record, Lang.EN, own=False)))
    assert card == "⭐ Ratings that count: 1 (4 received); a score shows from 3"
    for lang in (Lang.ZH_HANS, Lang.ZH_HANT):
        shown = _card_ratings(str(trust_card(record, lang, own=False)))
        assert _numbers(shown) == ["1", "4", "3"]
