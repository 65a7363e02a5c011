"""Match alerts written into the outbox, each in its recipient's language and currency, with
Contact and Not relevant buttons bound to the recipient."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Protocol

from bot.domain.advice import Standing
from bot.domain.home import conversion_for
from bot.domain.models import Action, Lang, Match, Post, User
from bot.services import follow_ups
from bot.services.delivery import outbox
from bot.services.delivery.action_tokens import add_tokens
from bot.services.people.users import recipient, told_currency
from bot.services.ports import UnitOfWork
from bot.services.schedule import DEFAULT_SCHEDULE, Schedule
from bot.services.trust.summaries import summary_of
from bot.texts import Html, plain
from bot.texts.alerts import match_alert

ALERT_BUTTON_TTL = timedelta(days=30)
NO_STANDING = Standing()  # a need's price: nothing to say


class NewPair(Protocol):
    """A pair stored for the first time (`bot.services.matching.pairs.NewPair`)."""

    @property
    def match(self) -> Match: ...
    @property
    def offer(self) -> Post: ...
    @property
    def need(self) -> Post: ...
    @property
    def standing(self) -> Standing: ...
    @property
    def ahead_by_record(self) -> bool: ...


async def queue_pairs_alerts(
    uow: UnitOfWork,
    now: datetime,
    pairs: Sequence[NewPair],
    schedule: Schedule,
    rates: Mapping[str, float],
) -> int:
    """Both sides of each new pair alerted (`queue_match_alerts`), prices converted at
    `rates` (the index's: the table matching converts at); returns how many pairs."""
    for pair in pairs:
        await queue_match_alerts(
            uow,
            now,
            pair.match,
            pair.offer,
            pair.need,
            rates,
            pair.standing,
            schedule,
            pair.ahead_by_record,
        )
    return len(pairs)


async def queue_match_alerts(
    uow: UnitOfWork,
    now: datetime,
    match: Match,
    offer: Post,
    need: Post,
    rates: Mapping[str, float],
    standing: Standing = NO_STANDING,
    schedule: Schedule = DEFAULT_SCHEDULE,
    ahead_by_record: bool = False,
) -> None:
    """The buyer hears of the offer and the seller of the need, in one transaction, and a
    follow-up is scheduled for each in case they do not answer.
    `standing`: what comparable offers say of the offer's price; the buyer is told.
    `ahead_by_record`: the seller's record put the offer first; the buyer is told why."""
    buyer = await recipient(uow, need.user_id)
    seller = await recipient(uow, offer.user_id)
    assert match.id is not None
    for reader, own, theirs, them, told, ahead in (
        (buyer, need, offer, seller, standing, ahead_by_record),
        (seller, offer, need, buyer, NO_STANDING, False),
    ):
        if reader is None or own.id is None:
            continue
        text, buttons = await alert_message(
            uow, now, match, reader, theirs, them, rates, told, ahead_by_record=ahead
        )
        await outbox.add_to(
            uow, now, reader.id, text, buttons=buttons, kind="match.alert", photo=theirs.photo
        )
        await follow_ups.after_alert(uow, now, schedule, match.id, reader.id, own.id)


async def trust_button(
    uow: UnitOfWork, expires: datetime, viewer_id: int, lang: Lang, member_id: int
) -> list[tuple[str, str]]:
    """A row with the Trust record button: `viewer_id` may open `member_id`'s record."""
    (token,) = await add_tokens(
        uow, expires, viewer_id, [(Action.SHOW_TRUST, {"user": member_id})]
    )
    return [(plain(lang, "btn.trust"), token)]


async def alert_message(
    uow: UnitOfWork,
    now: datetime,
    match: Match,
    to: User,
    their_post: Post,
    them: User | None,
    rates: Mapping[str, float],
    standing: Standing = NO_STANDING,
    *,
    ahead_by_record: bool = False,
) -> tuple[Html, list[list[tuple[str, str]]]]:
    """An alert's text and its buttons (Contact, Not relevant, Trust record) for `to`,
    prices in their currency at `rates`."""
    lang = to.language
    payload = {"match": match.id}
    contact, dismiss = await add_tokens(
        uow,
        now + ALERT_BUTTON_TTL,
        to.id,
        [(Action.CONTACT_MATCH, payload), (Action.DISMISS_MATCH, payload)],
    )
    buttons = [[(plain(lang, "btn.contact"), contact), (plain(lang, "btn.dismiss"), dismiss)]]
    if them is not None:
        buttons.append(await trust_button(uow, now + ALERT_BUTTON_TTL, to.id, lang, them.id))
    trust = await summary_of(uow, them.id if them else None, now)
    conversion = conversion_for(to, rates)
    text = match_alert(
        lang,
        their_post,
        trust,
        match.reasons,
        conversion=conversion,
        too_good=standing.too_good,
        position=standing.position,
        ahead_by_record=ahead_by_record,
    )
    await told_currency(uow, to.id, conversion)
    return text, buttons
