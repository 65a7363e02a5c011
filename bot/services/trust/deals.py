"""From contact to deal: after two people exchange contacts, each is asked "Did you make a
deal?" (a stored, due-dated reminder, sent once by the sweep, so a restart loses nothing).
Either side may say "deal done"; the other confirms or denies, and only a confirmed deal
counts. "Still talking" asks again later (at most twice); "no deal" closes it quietly.
A claim nobody confirms within 14 days is recorded as unconfirmed and counts for nothing.
Every step is a trust event."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.domain.models import (
    Action,
    Deal,
    DealOutcome,
    Reminder,
    User,
)
from bot.services.delivery import outbox
from bot.services.delivery.action_tokens import add_tokens, answer_buttons
from bot.services.follow_ups import OUTCOME, Ending, cancelled
from bot.services.people.users import recipient
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.trust import ratings
from bot.services.trust.deal_steps import deal_of, end_questions, post_about, record_step
from bot.texts.deals import deal_message

OUTCOME_ASK_AFTER = timedelta(days=3)  # default of the OUTCOME_ASK_AFTER setting
ASK_AGAIN_AFTER = timedelta(days=3)
MAX_ASKS = 3  # the first question and at most two more after "Still talking"
CLAIM_TTL = timedelta(days=14)
BUTTON_TTL = timedelta(days=30)
ASKED = "deal.asked"  # trust event: the outcome question reached them (follow-through)


async def expire_claims(uow_factory: UowFactory, clock: Clock) -> int:
    """Claims the other side left unanswered for 14 days are recorded as unconfirmed."""
    async with uow_factory() as uow:
        now = clock.now()
        claims = await uow.deals.claimed_before(now - CLAIM_TTL)
        for deal in claims:
            deal.outcome, deal.closed_at = DealOutcome.UNCONFIRMED, now
            await uow.deals.update(deal)
            await record_step(uow, now, deal, "deal.unconfirmed", deal.claimed_by)
        await uow.commit()
        return len(claims)


async def ask_outcome(
    uow: UnitOfWork, now: datetime, reminder: Reminder, user: User
) -> Ending | None:
    """The reminder policy of "Did you make a deal?" (sent by `bot.services.reminders.sending`)."""
    deal = await uow.deals.get(int(str(reminder.payload.get("deal", 0))))
    if deal is None or deal.outcome is not None:
        return cancelled("deal settled")
    other = await uow.users.get(deal.other(user.id))
    about = await uow.posts.get(reminder.post_id) if reminder.post_id else None
    about = about or await post_about(uow, deal)  # their post may be gone (/forget)
    lang = user.language
    buttons = await answer_buttons(
        uow,
        now + BUTTON_TTL,
        user.id,
        lang,
        [
            [(Action.DEAL_DONE, "btn.deal_done")],
            [(Action.DEAL_TALKING, "btn.deal_talking"), (Action.DEAL_NONE, "btn.deal_none")],
        ],
        {"deal": deal.id, "ask": int(str(reminder.payload.get("ask", 1)))},
    )
    text = deal_message(lang, "deal.question", other, about)
    await outbox.add_to(uow, now, user.id, text, buttons=buttons, kind="deal.question")
    if reminder.payload.get("ask", 1) == 1:  # follow-through counts each exchange once
        await record_step(uow, now, deal, ASKED, user.id)
    return None


async def deal_done(uow_factory: UowFactory, clock: Clock, user_id: int, deal_id: int) -> str:
    """One side says the deal was made: the other is asked to confirm (or it confirms a
    claim the other side made). Returns the text key for the presser."""
    async with uow_factory() as uow:
        now = clock.now()
        deal = await deal_of(uow, deal_id, user_id)
        if deal.outcome is DealOutcome.CLAIMED:
            if deal.claimed_by == user_id:
                return "deal.claim_pending"
            key = await _confirm(uow, now, deal, user_id)
        elif deal.outcome in (None, DealOutcome.NONE):
            key = await _claim(uow, now, deal, user_id)
        else:
            return "deal.settled"
        await uow.commit()
        return key


OPEN_TO_CLAIM = (None, DealOutcome.NONE, DealOutcome.CLAIMED)  # what "Deal done" can act on
MAX_CHOICES = 6


async def claim_choices(
    uow_factory: UowFactory, clock: Clock, user_id: int, post_id: int
) -> list[list[tuple[str, str]]]:
    """After "Closed with a deal" in /my: one Deal done button per partner the owner
    exchanged contacts with about that post (newest first), so the deal can be recorded
    with the right one. Empty when there is nobody to claim with."""
    async with uow_factory() as uow:
        now = clock.now()
        deals = [
            d for d in await uow.deals.about_post(post_id, user_id) if d.outcome in OPEN_TO_CLAIM
        ]
        chosen, labels = [], []
        for deal in deals[::-1]:
            other = await uow.users.get(deal.other(user_id))
            if other is not None and other.deleted_at is not None:
                continue  # a deleted user could not confirm it
            chosen.append(deal)
            labels.append(f"✅ {(other.display_name if other else '') or '?'}"[:40])
        chosen, labels = chosen[:MAX_CHOICES], labels[:MAX_CHOICES]
        payloads = [(Action.DEAL_DONE, {"deal": d.id, "card": True}) for d in chosen]
        tokens = await add_tokens(uow, now + BUTTON_TTL, user_id, payloads, once=True)
        await uow.commit()
        return [[(label, token)] for label, token in zip(labels, tokens, strict=True)]


async def _claim(uow: UnitOfWork, now: datetime, deal: Deal, user_id: int) -> str:
    partner = await uow.users.get(deal.other(user_id))
    if partner is not None and partner.deleted_at is not None:
        return "deal.partner_gone"  # nobody could confirm it: it would count against them
    deal.said_done(user_id, now)
    deal.outcome, deal.closed_at = DealOutcome.CLAIMED, None
    await uow.deals.update(deal)
    await end_questions(uow, now, deal)
    await record_step(uow, now, deal, "deal.claimed", user_id)
    other = await recipient(uow, deal.other(user_id))
    if other is not None:
        lang = other.language
        buttons = await answer_buttons(
            uow,
            now + CLAIM_TTL,
            other.id,
            lang,
            [[(Action.DEAL_CONFIRM, "btn.deal_confirm"), (Action.DEAL_DENY, "btn.deal_deny")]],
            {"deal": deal.id},
        )
        claimer, about = await uow.users.get(user_id), await post_about(uow, deal)
        text = deal_message(lang, "deal.claim", claimer, about)
        await outbox.add_to(uow, now, other.id, text, buttons=buttons, kind="deal.claim")
    return "deal.claim_sent"


async def confirm(uow_factory: UowFactory, clock: Clock, user_id: int, deal_id: int) -> str:
    """The other side agrees: the deal counts on both records."""
    async with uow_factory() as uow:
        deal = await deal_of(uow, deal_id, user_id)
        if deal.outcome is not DealOutcome.CLAIMED or deal.claimed_by == user_id:
            return "deal.settled"
        key = await _confirm(uow, clock.now(), deal, user_id)
        await uow.commit()
        return key


async def _confirm(uow: UnitOfWork, now: datetime, deal: Deal, user_id: int) -> str:
    claimer = deal.claimed_by
    deal.said_done(user_id, now)
    deal.outcome, deal.closed_at = DealOutcome.CONFIRMED, now
    await uow.deals.update(deal)
    for side in (deal.seller_id, deal.buyer_id):
        await record_step(uow, now, deal, "deal.confirmed", side)
    await ratings.ask_both(uow, now, deal)
    told = await recipient(uow, claimer) if claimer is not None else None
    if told is not None:
        confirmer, about = await uow.users.get(user_id), await post_about(uow, deal)
        text = deal_message(told.language, "deal.confirmed_other", confirmer, about)
        await outbox.add_to(uow, now, told.id, text, kind="deal.confirmed")
    return "deal.confirmed_you"


async def deny(uow_factory: UowFactory, clock: Clock, user_id: int, deal_id: int) -> str:
    """The other side says there was no deal: nothing counts as one; the claimer is told."""
    async with uow_factory() as uow:
        deal = await deal_of(uow, deal_id, user_id)
        claimer = deal.claimed_by
        if deal.outcome is not DealOutcome.CLAIMED or claimer == user_id or claimer is None:
            return "deal.settled"
        key = await _deny(uow, clock.now(), deal, user_id, claimer)
        await uow.commit()
        return key


async def _deny(uow: UnitOfWork, now: datetime, deal: Deal, user_id: int, claimer: int) -> str:
    deal.outcome, deal.closed_at = DealOutcome.DENIED, now
    await uow.deals.update(deal)
    await record_step(uow, now, deal, "deal.denied", user_id)
    told = await recipient(uow, claimer)
    if told is not None:
        denier, about = await uow.users.get(user_id), await post_about(uow, deal)
        text = deal_message(told.language, "deal.denied_other", denier, about)
        await outbox.add_to(uow, now, told.id, text, kind="deal.denied")
    return "deal.denied_you"


async def still_talking(
    uow_factory: UowFactory, clock: Clock, user_id: int, deal_id: int, ask: int
) -> str:
    """Ask this side again in a few days, unless they were asked `MAX_ASKS` times."""
    async with uow_factory() as uow:
        now = clock.now()
        deal = await deal_of(uow, deal_id, user_id)
        if deal.outcome is DealOutcome.CLAIMED and deal.claimed_by != user_id:
            return "deal.answer_claim"  # the other side already said "deal done"
        if deal.outcome is not None:
            return "deal.settled"
        if ask >= MAX_ASKS:
            return "deal.no_more_asks"
        about = await post_about(uow, deal)
        reminder = Reminder(
            None,
            OUTCOME,
            user_id,
            now + ASK_AGAIN_AFTER,
            {"deal": deal.id, "ask": ask + 1},
            about.id if about else None,
            deal.match_id,
        )
        await uow.reminders.add(reminder)
        await record_step(uow, now, deal, "deal.talking", user_id)
        await uow.commit()
        return "deal.ask_later"


async def no_deal(uow_factory: UowFactory, clock: Clock, user_id: int, deal_id: int) -> str:
    """No deal: the thread closes quietly (recorded, never shown as a fault). Said to a claim
    the other side made (from the older question), it denies the claim."""
    async with uow_factory() as uow:
        now = clock.now()
        deal = await deal_of(uow, deal_id, user_id)
        claimer = deal.claimed_by
        if deal.outcome is DealOutcome.CLAIMED and claimer is not None and claimer != user_id:
            key = await _deny(uow, now, deal, user_id, claimer)
            await uow.commit()
            return key
        if deal.outcome is not None:
            return "deal.settled"
        deal.outcome, deal.closed_at = DealOutcome.NONE, now
        await uow.deals.update(deal)
        await end_questions(uow, now, deal)
        await record_step(uow, now, deal, "deal.none", user_id)
        await uow.commit()
        return "deal.none_you"
