"""Runs before every other handler: dedupe by update_id (inbox), register the user and load
the language every reply of this update is written in."""

from __future__ import annotations

from telegram import Update
from telegram.ext import Application, ApplicationHandlerStop

from bot.context import BotContext
from bot.services import inbox
from bot.services.users import TelegramPerson

# Update ids this process took to handle, already stored: fetched by `DurableBot` or taken
# from the inbox at start-up. Any other update id already stored is a duplicate.
CLAIMED = "claimed"


async def replay_unfinished(application: Application) -> int:  # type: ignore[type-arg]
    """Queue the updates a previous process recorded but did not finish."""
    services = application.bot_data
    payloads = await inbox.take_unfinished(services.uow_factory, services.clock)
    claimed: set[int] = services.extras.setdefault(CLAIMED, set())
    for payload in payloads:
        update = Update.de_json(payload, application.bot)
        claimed.add(update.update_id)
        await application.update_queue.put(update)
    return len(payloads)


def person_of(update: Update) -> TelegramPerson | None:
    tg = update.effective_user
    if tg is None or tg.is_bot:
        return None
    return TelegramPerson(
        id=tg.id,
        first_name=tg.first_name,
        last_name=tg.last_name,
        username=tg.username,
        language_code=tg.language_code,
        blocked_bot=_blocked_bot(update),
    )


def _blocked_bot(update: Update) -> bool | None:
    """A private chat's member update says whether they blocked (or restarted) the bot;
    one about a group says nothing of it; anything else means they are using the bot.
    Updates can arrive late, so a stale one must not undo what the outbox learnt from a 403."""
    change = update.my_chat_member
    if change is None:
        return False
    if change.chat.type != "private":
        return None
    return change.new_chat_member.status == "kicked"


async def load_user(update: Update, context: BotContext) -> None:
    services = context.services
    replayed = services.extras.get(CLAIMED, set())
    claimed = update.update_id in replayed
    fresh, user = await inbox.receive(
        services.uow_factory,
        services.clock,
        update.update_id,
        None if claimed else update.to_dict(),  # a claimed update is stored already
        person_of(update),
        services.settings.default_language,
    )
    if not fresh and update.update_id not in replayed:
        raise ApplicationHandlerStop  # already handled: Telegram delivered it twice
    replayed.discard(update.update_id)
    if user is not None:
        context.lang = user.language


DONE_MARKS = "done_marks"


async def mark_done(update: Update, context: BotContext) -> None:
    done_marks: inbox.DoneMarks = context.services.extras[DONE_MARKS]
    done_marks.add(update.update_id)
