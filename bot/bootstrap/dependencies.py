"""What use cases depend on besides the user's input, bound once by the bootstrap."""

from __future__ import annotations

from dataclasses import dataclass

from bot.config import Settings
from bot.services.events import AfterEffects
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import Clock, UowFactory


@dataclass(frozen=True)
class Dependencies:
    settings: Settings
    uow_factory: UowFactory
    clock: Clock
    index: MatchingIndex
    worker: str  # this process, as it names itself in the claims it holds
    after: AfterEffects  # what the events of use cases set off (index, follow-ups, alerts)
