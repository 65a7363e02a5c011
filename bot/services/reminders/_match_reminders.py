"""Follow-ups of a match (issue 11): one nudge for an alert nobody answered, one for a
contact request its owner has not answered, and word to the asker when it stays so.
Policies of `bot.services.reminders.sending`."""

from __future__ import annotations

from datetime import datetime

from bot.domain.home import conversion_for
from bot.domain.models import ContactRequest, ContactStatus, Post, Reminder, User
from bot.services.contacts.contact_requests import match_sides, request_buttons
from bot.services.contacts.in_touch import exchanged, in_touch
from bot.services.delivery import outbox
from bot.services.errors import UserFacingError
from bot.services.follow_ups import Ending, cancelled
from bot.services.matching.alerts import alert_message, recipient
from bot.services.matching.comparable import standing_of, too_good
from bot.services.people.users import told_currency
from bot.services.ports import UnitOfWork
from bot.services.reminders.reminder_context import ReminderContext
from bot.services.trust.summaries import summary_of
from bot.texts import Html, t
from bot.texts.cards import post_title
from bot.texts.contacts import contact_request


async def alert_follow_up(
    uow: UnitOfWork, now: datetime, reminder: Reminder, user: User, context: ReminderContext
) -> Ending | None:
    """The same alert again, once, with its buttons, while both posts are open, the reader
    has neither asked for contact nor said "not relevant", and the two are not in touch
    otherwise (contacts exchanged about anything, or a request between them waiting); a
    buyer is warned of an offer too good to be true as it stands now (edited or not)."""
    match = await uow.matches.get(reminder.match_id or -1)
    if match is None or match.id is None:
        return cancelled("match gone")
    try:
        mine, theirs = await match_sides(uow, match.id, user.id)
    except UserFacingError:
        return cancelled("match gone")
    if not (mine.is_live(now) and theirs.is_live(now)):
        return cancelled("post closed")
    if match.offer_dismissed if mine.id == match.offer_id else match.need_dismissed:
        return cancelled("dismissed")
    for asker, owner, about in (
        (user.id, theirs.user_id, theirs),
        (theirs.user_id, user.id, mine),
    ):
        if await uow.contact_requests.find(asker, owner, about.id, match.id) is not None:
            return cancelled("answered")
    if await in_touch(uow, now, user.id, theirs.user_id):  # about another post, or /search
        return cancelled("already in touch")
    them = await recipient(uow, theirs.user_id)
    standing = await standing_of(uow, context.index, theirs, now)
    rates = context.index.policy.rates
    alert, buttons = await alert_message(uow, now, match, user, theirs, them, rates, standing)
    text = Html(f"{t(user.language, 'reminder.alert_follow_up')}\n\n{alert}")
    await outbox.add_to(uow, now, user.id, text, buttons=buttons, kind="match.follow_up")
    return None


async def _waiting(
    uow: UnitOfWork, now: datetime, reminder: Reminder
) -> tuple[ContactRequest, Post] | Ending:
    """The contact request a reminder is about and its post, while both still wait."""
    request = await uow.contact_requests.get(int(str(reminder.payload.get("request", 0))))
    if request is None or request.status is not ContactStatus.PENDING:
        return cancelled("answered")
    if await exchanged(uow, request.from_user_id, request.to_user_id):
        return cancelled("already in touch")  # by another request since: nobody waits
    about = await uow.posts.get(request.post_id or -1)
    if about is None or not about.is_live(now):
        return cancelled("post closed")
    return request, about


async def request_follow_up(
    uow: UnitOfWork, now: datetime, reminder: Reminder, user: User, context: ReminderContext
) -> Ending | None:
    """The owner has not answered a contact request: the request again, with its buttons
    (the asker's offer with the warning when it is too good to be true)."""
    waiting = await _waiting(uow, now, reminder)
    if isinstance(waiting, Ending):
        return waiting
    request, about = waiting
    their_post = None
    if request.match_id is not None:
        _mine, their_post = await match_sides(uow, request.match_id, user.id)
    lang = user.language
    buttons = await request_buttons(uow, now, user, request)
    hours = max(1, round((now - request.created_at).total_seconds() / 3600))
    asker = await summary_of(uow, request.from_user_id, now)
    warn = their_post is not None and await too_good(uow, context.index, their_post, now)
    conversion = conversion_for(user, context.index.policy.rates)
    asked = contact_request(lang, about, their_post, asker, conversion=conversion, too_good=warn)
    await told_currency(uow, user.id, conversion)
    text = Html(f"{t(lang, 'reminder.request_follow_up', hours=hours)}\n\n{asked}")
    await outbox.add_to(uow, now, user.id, text, buttons=buttons, kind="contact.follow_up")
    return None


async def request_unanswered(
    uow: UnitOfWork, now: datetime, reminder: Reminder, user: User, _context: ReminderContext
) -> Ending | None:
    """The asker hears that the request is still unanswered (and was followed up)."""
    waiting = await _waiting(uow, now, reminder)
    if isinstance(waiting, Ending):
        return waiting
    _request, about = waiting
    product = post_title(about, user.language)
    text = t(user.language, "reminder.request_unanswered", product=product, query=product[:40])
    await outbox.add_to(uow, now, user.id, text, kind="contact.unanswered")
    return None
