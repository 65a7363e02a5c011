"""Demand leads (issue 36): a need that alerted no seller within `Schedule.lead_after`
goes, free, to up to `LEADS_PER_NEED` sellers who offered its product before (within
`OFFERED_WITHIN`) or name it in their /profile: a card of the need, the buyer's trust line
and a Contact button (the buyer still decides whether contacts are exchanged), no
contact details. The product is the one comparable posts share (`rows.product_term`).

Whom: sellers who may see the need (a circle-only need stays in its circle), are not its
buyer, did not turn leads off in /settings and had fewer than `LEADS_A_DAY` leads in the
last day, in the order alerts use (`bot.domain.trust.precedence`: a good record comes
first, rotation by the leads they had today, a newcomer's turn on every fifth need). A
need goes to a seller once (`leads`)."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.domain.home import conversion_for
from bot.domain.matching.rows import product_term
from bot.domain.matching.scoring import DEFAULT_WEIGHTS
from bot.domain.matching.terms import extract_terms
from bot.domain.models import Action, Post, PostKind, Reminder, User
from bot.domain.trust.precedence import Contender, first_to_last, newcomers_turn
from bot.services.delivery import outbox
from bot.services.delivery.action_tokens import add_tokens
from bot.services.follow_ups import LEADS_TOPIC, Ending, cancelled
from bot.services.matching.indexing import MatchingIndex
from bot.services.matching.pairs import RECORD_SPREAD, ROTATION_PENALTY, standing
from bot.services.people.users import recipient, told_currency
from bot.services.ports import UnitOfWork
from bot.services.posting.visibility import may_see
from bot.services.reminders._post_reminders import has_interest
from bot.services.reminders.reminder_context import ReminderContext
from bot.services.trust.summaries import ranking_trust_of, summary_of
from bot.texts import plain
from bot.texts.leads import lead_text

LEADS_PER_NEED = 5
LEADS_A_DAY = 3  # to one seller, in any 24 hours
OFFERED_WITHIN = timedelta(days=180)
LOOKED_AT = 50  # sellers of the product, most recent first, weighed for one need
PROFILE_FIT = 0.8  # named in a profile, against 1.0 for goods they offered
LEAD_BUTTON_TTL = timedelta(days=14)
DAY = timedelta(days=1)


async def demand_leads(
    uow: UnitOfWork, now: datetime, reminder: Reminder, user: User, context: ReminderContext
) -> Ending | None:
    """The need's leads written to the outbox; an ending when there is nobody to tell."""
    need = await uow.posts.get(reminder.post_id or -1)
    if need is None or not need.is_live(now) or need.kind is not PostKind.NEED:
        return cancelled("post closed")
    assert need.id is not None
    if await uow.matches.count_alerted_for_need(need.id) or await has_interest(uow, need):
        return cancelled("sellers heard of it")
    key = product_term(extract_terms(need.parsed, need.raw_text))
    chosen = await sellers_for(uow, now, context.index, need, key) if key else []
    sent = 0
    for seller, offered in chosen:
        if await uow.leads.add(need.id, seller.id, now):
            await _send(uow, now, context.index, seller, need, offered)
            sent += 1
    return None if sent else cancelled("no seller fits")


async def sellers_for(
    uow: UnitOfWork, now: datetime, index: MatchingIndex, need: Post, product_key: str
) -> list[tuple[User, bool]]:
    """Up to `LEADS_PER_NEED` sellers for the need, first to last, each with whether they
    offered the product (else their profile names it)."""
    assert need.id is not None
    fits: dict[int, float] = {}
    for interest in await uow.leads.sellers_of(product_key, now - OFFERED_WITHIN, LOOKED_AT):
        fit = 1.0 if interest.source == "offer" else PROFILE_FIT
        fits[interest.user_id] = max(fit, fits.get(interest.user_id, 0.0))
    fits.pop(need.user_id, None)
    candidates: list[tuple[User, bool]] = []
    contenders: list[Contender] = []
    for seller_id, fit in fits.items():
        seller = await recipient(uow, seller_id)
        if seller is None or LEADS_TOPIC in seller.reminders_off:
            continue
        if not await may_see(uow, need, seller_id):
            continue  # a circle-only need reaches its members only
        today = await uow.leads.count_to_seller_since(seller_id, now - DAY)
        if today >= LEADS_A_DAY:
            continue
        record, newcomer = await standing(uow, index, seller_id, now)
        score = fit + DEFAULT_WEIGHTS.trust * await ranking_trust_of(uow, seller_id, now)
        rotated = score - ROTATION_PENALTY * today
        candidates.append((seller, fit == 1.0))
        contenders.append(Contender(score, rotated, record, fit, newcomer))
    order = first_to_last(contenders, newcomers_turn=newcomers_turn(need.id), spread=RECORD_SPREAD)
    return [candidates[i] for i in order[:LEADS_PER_NEED]]


async def _send(
    uow: UnitOfWork, now: datetime, index: MatchingIndex, seller: User, need: Post, offered: bool
) -> None:
    assert need.id is not None
    (contact,) = await add_tokens(
        uow, now + LEAD_BUTTON_TTL, seller.id, [(Action.CONTACT_POST_OWNER, {"post": need.id})]
    )
    conversion = conversion_for(seller, index.policy.rates)
    buyer = await summary_of(uow, need.user_id, now)
    text = lead_text(seller.language, need, buyer, offered, LEADS_A_DAY, conversion=conversion)
    await told_currency(uow, seller.id, conversion)
    buttons = [[(plain(seller.language, "btn.contact"), contact)]]
    await outbox.add_to(
        uow, now, seller.id, text, buttons=buttons, kind="need.lead", photo=need.photo
    )
