"""The one error handler: friendly words for the user, a traceback for the logs and the admin."""

from __future__ import annotations

import contextlib
import logging
import traceback

from telegram import Update
from telegram.error import BadRequest, Forbidden, TelegramError, TimedOut

from bot.context import BotContext
from bot.logging_setup import redacted
from bot.services.errors import UserFacingError
from bot.texts import plain, t
from handlers.transport.send_guard import NOT_MODIFIED

log = logging.getLogger(__name__)
ADMIN_REPORT_LIMIT = 3500  # characters of traceback; the message limit is 4096


async def on_error(update: object, context: BotContext) -> None:
    error = context.error
    user = update.effective_user if isinstance(update, Update) else None
    if user is not None:
        # PTB gives the error handler a fresh context: look the user's language up again.
        try:
            context.lang = await context.use_cases.people.language_of(user.id, context.lang)
        except Exception:  # the database may be what failed
            log.warning("could not load the language of user %s", user.id)
    if isinstance(update, Update) and isinstance(error, UserFacingError):
        await _tell_user(update, context, error.key, error.values)
        return
    if isinstance(error, Forbidden) and user is not None:
        # They blocked the bot while we were answering: nothing to report, just remember.
        await context.use_cases.people.set_blocked(user.id)
        return
    if isinstance(error, BadRequest) and NOT_MODIFIED in error.message.lower():
        # The same button pressed again: the message already shows what the press asks for.
        log.debug("nothing to change: %s", error)
        if isinstance(update, Update) and update.callback_query is not None:
            with contextlib.suppress(TelegramError):
                await update.callback_query.answer()
        return
    if isinstance(error, TimedOut):
        # Telegram's answer did not come in time, but the reply may well have arrived: an
        # apology could follow a reply that worked. The send guard does not retry it either.
        log.warning("a reply timed out (it may have arrived): %s", error)
        return
    log.error("error while handling an update", exc_info=error)
    if isinstance(update, Update):
        await _tell_user(update, context, "error.generic", {})
    if context.settings.admin_chat_id is not None and error is not None:
        await _report(context, context.settings.admin_chat_id, error)


async def _report(context: BotContext, admin: int, error: BaseException) -> None:
    """Queue the traceback for the admin; if the outbox itself is out of order (say the
    database failed), send it straight away instead."""
    text = admin_report(error)
    try:
        await context.use_cases.delivery.enqueue(admin, text, kind="admin")
        context.kick_outbox()
    except Exception:
        log.exception("could not queue the admin report; sending it directly")
        try:
            await context.bot.send_text(admin, text)
        except Exception:
            log.exception("could not send the admin report")


def admin_report(error: BaseException) -> str:
    """The admin's report of an error: its traceback's end, with no secret in it (an
    error's text, or its cause's, can quote a request URL, and the URL holds the token)."""
    trace = redacted("".join(traceback.format_exception(error)))[-ADMIN_REPORT_LIMIT:]
    return t("en", "error.admin_report", error=trace)


async def _tell_user(
    update: Update, context: BotContext, key: str, values: dict[str, object]
) -> None:
    try:
        if update.callback_query is not None:
            await update.callback_query.answer(
                plain(context.lang, key, **values)[:200], show_alert=True
            )
            return
        if update.effective_chat is not None:
            await context.bot.send_text(update.effective_chat.id, t(context.lang, key, **values))
    except Forbidden:
        log.info("user %s has blocked the bot", update.effective_user and update.effective_user.id)
    except Exception:  # the error handler itself must never raise
        log.exception("could not tell the user about an error")
