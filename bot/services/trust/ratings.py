"""Ratings after a confirmed deal: each side may give the other 1-5 stars, once.
Double-blind: a rating shows only when both sides rated, or 14 days after it was given
(`bot.domain.trust.scores.revealed`), so nobody rates in reply to what they got."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.domain.models import Action, Deal, DealOutcome, Lang, Rating, TrustEvent, User
from bot.domain.parsing.contacts import contacts_in
from bot.domain.trust.checks import rating_rings
from bot.services.delivery import outbox
from bot.services.delivery.action_tokens import add_tokens, answer_buttons
from bot.services.errors import UserFacingError
from bot.services.people.users import member_of, recipient
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.trust.summaries import summary_of
from bot.texts import Html, t
from bot.texts.deals import rating_thanks
from bot.texts.people import person_name

BUTTON_TTL = timedelta(days=30)


async def ask_both(uow: UnitOfWork, now: datetime, deal: Deal) -> None:
    """Inside the confirmation's transaction: each side gets one row of star buttons."""
    for rater_id in (deal.seller_id, deal.buyer_id):
        rater = await recipient(uow, rater_id)
        if rater is None:
            continue
        text, buttons = await _stars(uow, now, deal, rater)
        await outbox.add_to(uow, now, rater.id, text, buttons=buttons, kind="rating.ask")


async def _stars(
    uow: UnitOfWork, now: datetime, deal: Deal, rater: User
) -> tuple[Html, list[list[tuple[str, str]]]]:
    """ "How was the deal with ...?" and its row of 1-5 star buttons, for `rater`."""
    choices = [(Action.RATE_DEAL, {"deal": deal.id, "stars": n}) for n in range(1, 6)]
    tokens = await add_tokens(uow, now + BUTTON_TTL, rater.id, choices, once=True)
    buttons = [[(f"{n}⭐", token) for n, token in enumerate(tokens, start=1)]]
    other = await uow.users.get(deal.other(rater.id))
    return t(rater.language, "rating.ask", name=person_name(other, rater.language)), buttons


async def stars_for(
    uow_factory: UowFactory, clock: Clock, user_id: int, subject: int | str
) -> tuple[Html, list[list[tuple[str, str]]]]:
    """/rate: the star buttons for the newest confirmed deal with `subject` that `user_id`
    has not rated. Anyone they never made a confirmed deal with is refused."""
    async with uow_factory() as uow:
        rater = await member_of(uow, user_id)
        other = await member_of(uow, subject)
        if other.id == rater.id:
            raise UserFacingError("rating.not_yourself")
        confirmed = [
            d
            for d in await uow.deals.between(rater.id, other.id)
            if d.outcome is DealOutcome.CONFIRMED
        ]
        if not confirmed:
            raise UserFacingError("rating.no_deal_with")
        for deal in reversed(confirmed):
            assert deal.id is not None
            if all(r.rater_id != rater.id for r in await uow.ratings.for_deal(deal.id)):
                stars = await _stars(uow, clock.now(), deal, rater)
                await uow.commit()
                return stars
        raise UserFacingError("rating.already")


async def rate(
    uow_factory: UowFactory, clock: Clock, user_id: int, deal_id: int, stars: int
) -> str:
    """Record one side's stars. Only the two sides of a confirmed deal may rate, once.
    The thanks queued for the rater is their one answer ("rating.recorded"); a second
    rating of the same deal records and sends nothing ("rating.already")."""
    async with uow_factory() as uow:
        now = clock.now()
        deal = await uow.deals.get(deal_id)
        if deal is None or not deal.has(user_id):
            raise UserFacingError("rating.not_partner")
        if deal.outcome is not DealOutcome.CONFIRMED:
            raise UserFacingError("rating.no_deal")
        if not 1 <= stars <= 5:
            raise UserFacingError("button.expired")
        given = await uow.ratings.for_deal(deal_id)
        if any(r.rater_id == user_id for r in given):
            return "rating.already"
        ratee = deal.other(user_id)
        rating = Rating(None, deal_id, user_id, ratee, stars, now)
        await uow.ratings.add(rating)
        await uow.trust_events.add(
            TrustEvent(
                user_id, "rating.given", now, counterpart_id=ratee, detail={"deal": deal_id}
            )
        )
        theirs = next((r for r in given if r.rater_id == ratee), None)
        if theirs is not None:  # both rated: the other is told what they got; the rater
            await _reveal(uow, now, rating)  # is told in the thanks (one message a tap)
        rater = await uow.users.get(user_id)
        if rater is not None:  # the thanks, with a button to add a short comment
            buttons = await answer_buttons(
                uow,
                now + BUTTON_TTL,
                user_id,
                rater.language,
                [[(Action.COMMENT_RATING, "btn.rating_comment")]],
                {"deal": deal_id},
            )
            record = await summary_of(uow, ratee, now) if theirs is not None else None
            text = rating_thanks(rater.language, theirs, record)
            await outbox.add_to(uow, now, user_id, text, buttons=buttons, kind="rating.thanks")
        await uow.commit()
        return "rating.recorded"


async def _reveal(uow: UnitOfWork, now: datetime, *ratings: Rating) -> None:
    for rating in ratings:
        told = await recipient(uow, rating.ratee_id)
        if told is not None:
            rater = await uow.users.get(rating.rater_id)
            name = person_name(rater, told.language)
            text = t(told.language, "rating.revealed", name=name, stars=rating.stars)
            await outbox.add_to(uow, now, told.id, text, kind="rating.revealed")


MAX_COMMENT = 200


async def comment(
    uow_factory: UowFactory, clock: Clock, user_id: int, deal_id: int, text: str
) -> str:
    """A short comment with one's own rating of a deal, once; shown with the ratings."""
    words = " ".join(text.split())[:MAX_COMMENT]
    if not words:
        return "rating.comment_empty"
    if contacts_in(words):  # shown on the other's trust card: no link or number of one's own
        return "rating.comment_contacts"
    async with uow_factory() as uow:
        if not await uow.ratings.set_comment(deal_id, user_id, words):
            return "rating.comment_done"
        await uow.commit()
    return "rating.comment_saved"


RING = "ring.flagged"  # trust event kind: a group rating only each other five stars


async def flag_rings(uow_factory: UowFactory, clock: Clock, admin_chat_id: int | None) -> int:
    """Find groups whose ratings, given and received, are all five stars among themselves
    (`bot.domain.trust.checks.rating_rings`) and flag each new one for review: a trust event for
    every member and, when an admin chat is set, a notice there. Nothing is banned or hidden
    automatically. Returns how many new groups were flagged."""
    async with uow_factory() as uow:
        now = clock.now()
        triples = [(r.rater_id, r.ratee_id, r.stars) for r in await uow.ratings.everything()]
        flagged = 0
        for ring in rating_rings(triples):
            members = sorted(ring)
            events = await uow.trust_events.list_for_user(members[0])
            if any(e.kind == RING and e.detail.get("members") == members for e in events):
                continue
            for member in members:
                event = TrustEvent(member, RING, now, detail={"members": members})
                await uow.trust_events.add(event)
            if admin_chat_id is not None:
                text = t(Lang.EN, "admin.ring", members=", ".join(map(str, members)))
                await outbox.add_to(uow, now, admin_chat_id, text, kind="admin.ring")
            flagged += 1
        await uow.commit()
        return flagged
