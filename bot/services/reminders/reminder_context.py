"""What reminder policies need beyond the database: the durations and the market."""

from __future__ import annotations

from dataclasses import dataclass

from bot.services.matching.indexing import MatchingIndex
from bot.services.schedule import Schedule


@dataclass(frozen=True, slots=True)
class ReminderContext:
    schedule: Schedule
    index: MatchingIndex
    quiet_hours: bool = True  # a reminder due in its reader's night waits for the morning
    bot_username: str = ""  # for links that open a post in the chat with the bot
