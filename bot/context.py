"""Typed context for handlers: `context.use_cases`, `context.settings`, `context.lang`,
`context.conversion`, ...

Handlers receive a `BotContext` instead of digging typed objects out of `bot_data`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from telegram.ext import Application, CallbackContext

from bot.domain.home import LANGUAGE_CURRENCIES, Conversion, conversion_for, reader_currency
from bot.domain.models import Conversation, Lang, User

if TYPE_CHECKING:  # annotations only: a handler's module imports what it uses itself
    from bot.bootstrap import UseCases
    from bot.config import Settings
    from bot.pictures.painter import Painter
    from bot.services.delivery.inbox import DoneMarks
    from bot.services.delivery.rate_limits import RateLimits
    from bot.services.matching.indexing import MatchingIndex
    from bot.services.ports import Clock

    # the bot the composition root builds (named in a string below: handlers import this)
    from handlers.transport.durable_bot import DurableBot  # noqa: F401
    from handlers.transport.queue import InboxQueue
    from handlers.transport.senders import Senders


ENCODE_JOB = "encode"  # the job that makes posts' vectors (bot.app)


class OutboxKick(Protocol):
    def kick(self, job_queue: Any) -> None: ...


@dataclass
class BotServices:
    """What the composition root hands to every handler, kept as `bot_data`.

    PTB creates `bot_data` with no arguments, so the composition root fills it with
    `configure()` right after building the Application.
    """

    _use_cases: UseCases | None = None
    outbox: OutboxKick | None = None  # the dispatcher, kicked after a use case queued
    done_marks: DoneMarks | None = None  # handled update ids, written in batches
    senders: Senders | None = None  # who sent each update fetched in a batch
    rate_limits: RateLimits | None = None
    queue: InboxQueue | None = None  # this worker's side of the inbox as the queue
    # Update ids this process took to handle, already stored: fetched in a batch or taken
    # from the inbox at start-up. Any other update id already stored is a duplicate.
    claimed: set[int] = field(default_factory=set)
    painter: Painter | None = None  # pictures, in a process of their own (made by bot.app)

    def configure(self, use_cases: UseCases) -> None:
        self._use_cases = use_cases

    @property
    def use_cases(self) -> UseCases:
        assert self._use_cases is not None, "BotServices.configure() was not called"
        return self._use_cases

    @property
    def settings(self) -> Settings:
        return self.use_cases.dependencies.settings

    @property
    def clock(self) -> Clock:
        return self.use_cases.dependencies.clock

    @property
    def matching(self) -> MatchingIndex:
        return self.use_cases.dependencies.index


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
        self._conversion: Conversion | None = None
        # (True, the person's conversation) when it was read with the update's batch and
        # nothing changed it since (`Senders.copy_of`); else read it when it is needed
        self.conversation_read: tuple[bool, Conversation | None] = (False, None)

    @property
    def services(self) -> BotServices:
        return self.bot_data

    @property
    def settings(self) -> Settings:
        return self.bot_data.settings

    @property
    def clock(self) -> Clock:
        return self.bot_data.clock

    @property
    def use_cases(self) -> UseCases:
        return self.bot_data.use_cases

    @property
    def store(self) -> dict[Any, Any]:
        """This user's persisted user_data (every handler that uses it runs for a user)."""
        data = self.user_data
        assert data is not None, "user_data is only available in updates from a user"
        return data

    def kick_outbox(self) -> None:
        """Send what a use case just queued now rather than at the next sweep."""
        if self.bot_data.outbox is not None:
            self.bot_data.outbox.kick(self.job_queue)

    def alerts_queued(self, count: int) -> None:
        """Both sides hear about new pairs now, not at the next sweep."""
        if count:
            self.kick_outbox()

    def post_changed(self) -> None:
        """A post was opened or edited: where this process makes posts' vectors, it makes
        its vector now, not at the next tick, so the pairs its meaning makes are alerted
        at once (`bot.services.matching.meaning`)."""
        if self.job_queue is not None:
            for job in self.job_queue.get_jobs_by_name(ENCODE_JOB)[:1]:
                self.job_queue.run_once(job.callback, when=0, name=f"{ENCODE_JOB}-now")

    @property
    def matching(self) -> MatchingIndex:
        return self.bot_data.matching

    @property
    def lang(self) -> Lang:
        """The language to answer in: the stored user's choice, set by the user loader."""
        return self._lang or self.bot_data.settings.default_language

    @lang.setter
    def lang(self, value: Lang) -> None:
        self._lang = value

    def read_by(self, user: User) -> None:
        """Replies to this update are for `user`: in their language, prices in their
        currency (set by the user loader)."""
        self._lang = user.language
        self._conversion = conversion_for(user, self.matching.policy.rates)

    @property
    def conversion(self) -> Conversion:
        """How prices are shown to the reader of the replies: in their currency, at the
        rates the matching index converts at (`bot.domain.home`)."""
        if self._conversion is None:  # nobody stored (a channel's update)
            rates = self.matching.policy.rates
            self._conversion = Conversion(LANGUAGE_CURRENCIES[self.lang], rates)
        return self._conversion

    def currency_of(self, user: User) -> str:
        """The currency prices are shown to `user` in (/settings shows it)."""
        return reader_currency(user, self.matching.policy.rates)
