"""/profile: show the company profile, then ask company -> region -> products -> keywords;
each question can be skipped to keep the old value."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.domain.models import Conversation, Topic
from bot.services.people import profiles
from bot.texts import Html
from bot.texts.profile import profile_card, profile_saved
from handlers.keyboards import encode
from handlers.questions import Series
from handlers.replies import reply, reply_html, skip_button

SKIP = encode("f", "pskip")
QUESTIONS = ("company", "region", "products", "keywords")


async def start(update: Update, context: BotContext) -> None:
    assert update.effective_user is not None
    user_id = update.effective_user.id
    profile = await context.use_cases.people.profile(user_id)
    await context.use_cases.conversations.begin(user_id, Topic.PROFILE, QUESTIONS[0], answers={})
    await reply_html(update, context, profile_card(profile, context.lang))
    await _ask(update, context, None, QUESTIONS[0])


async def _ask(
    update: Update, context: BotContext, _c: Conversation | None, question: str
) -> None:
    await reply(update, context, f"profile.ask_{question}", buttons=skip_button(context, SKIP))


def _check(_conversation: Conversation, question: str, text: str) -> None:
    if question == "keywords":
        profiles.parse_keywords(text)  # too many keywords: say so and ask again


async def _finish(
    update: Update, context: BotContext, _c: Conversation, answers: dict[str, str]
) -> None:
    assert update.effective_user is not None
    user_id = update.effective_user.id
    profile, zone_moved = await context.use_cases.people.save_profile(user_id, answers)
    text = profile_saved(profile, context.lang)
    await reply_html(update, context, Html(f"{text}\n\n{zone_moved}") if zone_moved else text)


SERIES = Series(
    topics=(Topic.PROFILE,), questions=QUESTIONS, ask=_ask, check=_check, finish=_finish
)
