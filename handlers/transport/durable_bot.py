"""An ExtBot whose getUpdates stores each fetched batch in the inbox before handing it on.

Telegram drops an update once a later getUpdates confirms its offset, and PTB's updater
calls getUpdates again right after queueing a batch, long before the batch is handled. So
the batch is made durable first: the inbox is the queue workers take updates from
(`handlers.transport.queue`), so what a process killed after that did not finish is taken
again; Telegram's own redelivery of a batch that was stored but not yet confirmed is
filtered out here. getUpdates hands PTB what this process takes from the queue then.

It also sends texts the lean way (`send_text`): see there."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Update
from telegram.constants import ParseMode
from telegram.ext import ExtBot

from bot.services.delivery.inbox import StoredBatch
from bot.services.people.users import TelegramPerson
from handlers.transport.senders import Senders

StoreFetched = Callable[
    [list[dict[str, Any]], dict[int, TelegramPerson | None]], Awaitable[StoredBatch]
]
Take = Callable[[], Awaitable[list[Update]]]


class DurableBot(ExtBot[Any]):
    __slots__ = ("_keep", "_fetched", "_confirm_to")

    def keep_in(self, store: StoreFetched, take: Take, senders: Senders) -> None:
        """Where fetched updates go: the inbox (`store`), their senders registered with
        them; then what this process handles is taken from the queue (`take`)."""
        self._keep = (store, take, senders)

    async def get_updates(self, *args: Any, **kwargs: Any) -> tuple[Update, ...]:
        # PTB confirms up to the last update it was handed; one this filtered out (stored
        # already) would otherwise come back at once, and again, with no wait between
        confirm_to = getattr(self, "_confirm_to", None)
        if confirm_to is not None and (kwargs.get("offset") or 0) < confirm_to:
            kwargs["offset"] = confirm_to
        updates = await super().get_updates(*args, **kwargs)
        keep = getattr(self, "_keep", None)
        if not updates or keep is None:
            return updates
        self._confirm_to = updates[-1].update_id + 1
        store, take, senders = keep
        fetched = {raw["update_id"]: raw for raw in getattr(self, "_fetched", None) or ()}
        self._fetched = None
        try:
            stored = await store(
                [fetched.get(u.update_id) or u.to_dict() for u in updates],
                senders.to_read(updates),
            )
        except BaseException:
            senders.abandon()
            raise
        fresh = tuple(update for update in updates if update.update_id in stored.fresh)
        senders.stored(fresh, stored.senders, stored.written, stored.conversations)
        return tuple(await take())

    async def _post(self, endpoint: str, data: Any = None, **kwargs: Any) -> Any:
        result = await super()._post(endpoint, data, **kwargs)
        if endpoint == "getUpdates":
            # The batch as Telegram sent it, to be stored as it is: turning the parsed
            # updates back into dicts cost 2% of the bot's time in a burst.
            self._fetched = result
        return result

    async def send_text(
        self,
        chat_id: int,
        text: str,
        *,
        html: bool = True,
        reply_markup: dict[str, Any] | None = None,
        rate_limit_args: Any = None,
    ) -> int:
        """sendMessage with a plain JSON keyboard (`handlers.keyboards.inline_keyboard`);
        returns the new message's id. Telegram's answer is not turned into a
        Message with its entities and keyboard, nor the keyboard into PTB objects first:
        nothing reads them, and that cost about a tenth of the bot's CPU in a burst of
        posts. Errors, the send guard and the retries are those of send_message."""
        data: dict[str, Any] = {"chat_id": chat_id, "text": text}
        if html:
            data["parse_mode"] = ParseMode.HTML
        return await self._sent("sendMessage", data, reply_markup, rate_limit_args)

    async def _sent(
        self, method: str, data: dict[str, Any], reply_markup: Any, rate_limit_args: Any
    ) -> int:
        if reply_markup:
            data["reply_markup"] = reply_markup
        if rate_limit_args is not None:
            self._merge_api_rl_kwargs(data, rate_limit_args)
        sent = await self._post(method, data)
        return int(sent["message_id"])

    async def send_picture(
        self,
        chat_id: int,
        photo: str,
        caption: str,
        *,
        html: bool = True,
        reply_markup: dict[str, Any] | None = None,
        rate_limit_args: Any = None,
    ) -> int:
        """sendPhoto of a photo Telegram holds (its file_id), the lean way `send_text` sends
        texts; an empty caption sends the photo alone."""
        data: dict[str, Any] = {"chat_id": chat_id, "photo": photo}
        if caption:
            data["caption"] = caption
            if html:
                data["parse_mode"] = ParseMode.HTML
        return await self._sent("sendPhoto", data, reply_markup, rate_limit_args)
