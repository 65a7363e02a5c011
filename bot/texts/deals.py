"""What came of a contact exchange (the outcome question, a claim, its answer) and the thanks
for one's stars, in the reader's language."""

from __future__ import annotations

from bot.domain.models import Lang, Post, Rating, User
from bot.domain.trust.summary import TrustSummary
from bot.texts import Html, t
from bot.texts.alerts import ratings_received
from bot.texts.cards import post_title
from bot.texts.people import person_name


def deal_message(lang: Lang, key: str, other: User | None, about: Post | None) -> Html:
    """`key` ("deal.question", "deal.claim", "deal.confirmed_other", "deal.denied_other")
    naming the other side and the product they talked about."""
    name = person_name(other, lang)
    return t(lang, key, name=name, product=post_title(about, lang) if about else "")


def rating_thanks(lang: Lang, theirs: Rating | None, record: TrustSummary | None) -> Html:
    """The one answer to a star, below "How was the deal with ...?" (so naming nobody):
    while the other side has not rated (`theirs` is None), when they will see it and that a
    record shows a score from 3 ratings that count; once both rated, what they gave and what
    their trust `record` now shows, as /trust shows it (`bot.texts.alerts.trust_card`)."""
    if theirs is None:
        return t(lang, "rating.thanks")
    text = t(lang, "rating.thanks_both", stars=theirs.stars)
    if record is None:  # no such member: no record to speak of
        return text
    count, received = record.ratings, ratings_received(record, lang)
    if record.rating is None:
        shown = t(lang, "rating.record_few", count=count, received=received)
    else:
        rating = f"{record.rating:.1f}"
        shown = t(lang, "rating.record_scored", rating=rating, count=count, received=received)
    return Html(f"{text}\n{shown}")
