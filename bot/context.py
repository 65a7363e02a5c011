"""Typed context for handlers: `context.uow()`, `context.settings`, `context.lang`, ...

Handlers receive a `BotContext` instead of digging typed objects out of `bot_data`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from telegram.ext import Application, CallbackContext

from bot.config import Settings
from bot.domain.models import Lang
from bot.services.matching import MatchingIndex
from bot.services.ports import Clock, UnitOfWork, UowFactory

if TYPE_CHECKING:
    # the bot the composition root builds (named in a string below: handlers import this)
    from handlers.transport.durable_bot import DurableBot  # noqa: F401


class BotServices:
    """What the composition root hands to every handler, kept as `bot_data`.

    PTB creates `bot_data` with no arguments, so the composition root fills it with
    `configure()` right after building the Application.
    """

    def __init__(self) -> None:
        self._settings: Settings | None = None
        self._uow_factory: UowFactory | None = None
        self._clock: Clock | None = None
        self.extras: dict[str, Any] = {}  # long-lived helpers: engine, dispatcher, ...

    def configure(self, settings: Settings, uow_factory: UowFactory, clock: Clock) -> None:
        self._settings, self._uow_factory, self._clock = settings, uow_factory, clock

    @property
    def settings(self) -> Settings:
        assert self._settings is not None, "BotServices.configure() was not called"
        return self._settings

    @property
    def uow_factory(self) -> UowFactory:
        assert self._uow_factory is not None, "BotServices.configure() was not called"
        return self._uow_factory

    @property
    def clock(self) -> Clock:
        assert self._clock is not None, "BotServices.configure() was not called"
        return self._clock


class BotContext(CallbackContext["DurableBot", dict[Any, Any], dict[Any, Any], BotServices]):
    """CallbackContext with typed access to our services and the user's language."""

    def __init__(
        self,
        application: Application[Any, Any, Any, Any, Any, Any],
        chat_id: int | None = None,
        user_id: int | None = None,
    ) -> None:
        super().__init__(application=application, chat_id=chat_id, user_id=user_id)
        self._lang: Lang | None = None

    @property
    def services(self) -> BotServices:
        return self.bot_data

    @property
    def settings(self) -> Settings:
        return self.bot_data.settings

    @property
    def clock(self) -> Clock:
        return self.bot_data.clock

    def uow(self) -> UnitOfWork:
        return self.bot_data.uow_factory()

    @property
    def store(self) -> dict[Any, Any]:
        """This user's persisted user_data (every handler that uses it runs for a user)."""
        data = self.user_data
        assert data is not None, "user_data is only available in updates from a user"
        return data

    def kick_outbox(self) -> None:
        """Send what a use case just queued now rather than at the next sweep."""
        self.bot_data.extras["outbox"].kick(self.job_queue)

    def alerts_queued(self, count: int) -> None:
        """Both sides hear about new pairs now, not at the next sweep."""
        if count:
            self.kick_outbox()

    @property
    def matching(self) -> MatchingIndex:
        index: MatchingIndex = self.bot_data.extras["matching"]
        return index

    @property
    def lang(self) -> Lang:
        """The language to answer in: the stored user's choice, set by the user loader."""
        return self._lang or self.bot_data.settings.default_language

    @lang.setter
    def lang(self, value: Lang) -> None:
        self._lang = value
