"""The bootstrap: every use case with its dependencies bound once (the unit-of-work factory,
the clock, the matching index, the after-effects of events, the settings' durations), in the manner of cosmicpython's
`bootstrap.py`. Handlers call `context.use_cases.<feature>.<use case>(...)` with the
user's input only; the composition root (`bot.app`) calls `bootstrap()` once per process.
"""

from __future__ import annotations

from bot.config import Settings
from bot.services.after_effects import Table
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import Clock, UowFactory

from .background import Background
from .circles import Circles
from .contacts import Contacts
from .conversations import Conversations
from .delivery import Delivery
from .dependencies import Dependencies
from .people import People
from .posting import Posting
from .trust import Trust

__all__ = ["Dependencies", "UseCases", "bootstrap"]


class UseCases:
    """Every use case a handler may call, grouped by feature."""

    def __init__(self, deps: Dependencies) -> None:
        self.dependencies = deps
        self.posting = Posting(deps)
        self.contacts = Contacts(deps)
        self.conversations = Conversations(deps)
        self.trust = Trust(deps)
        self.circles = Circles(deps)
        self.people = People(deps)
        self.delivery = Delivery(deps)
        self.background = Background(deps)


def bootstrap(
    settings: Settings,
    uow_factory: UowFactory,
    clock: Clock,
    index: MatchingIndex,
    worker: str,
) -> UseCases:
    after = Table(index, settings.schedule())
    return UseCases(Dependencies(settings, uow_factory, clock, index, worker, after))
