"""The one conversation a person may be in with the bot, typed and kept in the database
(any worker reads it on each update): the questions of /offer, /need and /profile, and the
single questions asked outside them (a post's missing product or the field chosen under
Edit, "selling or buying?" for a message that says neither, words owed about a deal).

Each has a deadline; past it the conversation is over (a sweep removes it and, where the
person was answering a series of questions, says so)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any


class Topic(StrEnum):
    OFFER = "offer"  # /offer: product -> quantity -> price -> place
    NEED = "need"  # /need: the same questions
    PROFILE = "profile"  # /profile: company -> region -> products -> keywords
    POST_FIELD = "post_field"  # a field of one of their posts (a missing product, an Edit)
    POST_KIND = "post_kind"  # "selling or buying?": the message waits for the answer
    WORDS = "words"  # free words about one deal (a complaint's answer, a rating's comment)
    PHOTO_WORDS = "photo_words"  # a photo sent without a caption waits for its post's words


GUIDED = (Topic.OFFER, Topic.NEED, Topic.PROFILE)  # a series of questions, each skippable
LIFETIME = {
    Topic.OFFER: timedelta(minutes=15),
    Topic.NEED: timedelta(minutes=15),
    Topic.PROFILE: timedelta(minutes=15),
    Topic.POST_FIELD: timedelta(hours=1),
    Topic.POST_KIND: timedelta(hours=1),
    Topic.WORDS: timedelta(hours=1),
    Topic.PHOTO_WORDS: timedelta(hours=1),
}


@dataclass(frozen=True, slots=True)
class Conversation:
    """`step`: the question asked now (guided topics; the field for POST_FIELD; what the
    words are for with WORDS). `data`: what it carries (answers so far, a post or deal id,
    the waiting message), JSON values only."""

    user_id: int
    topic: Topic
    step: str
    expires_at: datetime
    data: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def begin(
        cls, user_id: int, topic: Topic, step: str, now: datetime, **data: Any
    ) -> Conversation:
        return cls(user_id, topic, step, now + LIFETIME[topic], dict(data))

    def over(self, now: datetime) -> bool:
        return now >= self.expires_at

    def next(self, step: str, now: datetime, **data: Any) -> Conversation:
        """The next question; each answer gives the person the whole lifetime again."""
        return replace(
            self, step=step, expires_at=now + LIFETIME[self.topic], data={**self.data, **data}
        )

    def same(self, other: Conversation) -> bool:
        """The same question, with the same answers so far, whatever its deadline."""
        return (self.user_id, self.topic, self.step, self.data) == (
            other.user_id,
            other.topic,
            other.step,
            other.data,
        )
