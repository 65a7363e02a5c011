"""A private text message: the answer to the question the person's conversation is at, or
a post in plain words. The conversation comes from the database for each message (read
with its getUpdates batch when nothing changed it since, else on its own). A message that
is clearly a whole new post is never taken as an answer: the conversation ends, the person
is told, and the message becomes a post. A private photo is a post by its caption, or,
without one, waits for the next message's words."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.domain.models import Conversation, Topic
from bot.services.delivery.conversations import Buttons
from bot.services.posting import posts
from bot.texts import plain
from handlers import guided_post, pending_question, post_edits, profile
from handlers.keyboards import tokens_as_data
from handlers.pending_question import WordsFor
from handlers.posting import post_in_words
from handlers.questions import Series, answered
from handlers.replies import reply

WRITE_AGAIN = {"rating.comment_contacts"}  # the words were refused; the next ones are taken
SERIES: dict[Topic, Series] = {
    Topic.OFFER: guided_post.SERIES,
    Topic.NEED: guided_post.SERIES,
    Topic.PROFILE: profile.SERIES,
}


async def on_text(update: Update, context: BotContext) -> None:
    message, user = update.effective_message, update.effective_user
    assert message is not None and user is not None
    text = message.text or message.caption or ""
    known, conversation = context.conversation_read  # read with the update's batch
    if not known or (conversation is not None and conversation.over(context.clock.now())):
        conversation = await context.use_cases.conversations.current(user.id)
    photo = pending_question.photo_in(conversation)
    if photo is not None:  # the words of the photo sent before: ended once it is a draft
        await post_in_words(update, context, text, photo=photo)
        await context.use_cases.conversations.end(user.id)
        return
    if conversation is not None and conversation.topic is not Topic.POST_KIND:
        if not _new_post(conversation, text):
            await _answer(update, context, conversation, text)
            return
        buttons = await context.use_cases.conversations.leave(user.id)  # not an answer
        await _say_left(update, context, conversation, buttons)
    await post_in_words(update, context, text)


async def on_photo(update: Update, context: BotContext) -> None:
    """A private photo: with a caption, a post (its words the caption, the photo kept);
    without one, a short question, and the photo waits for the words. Never the answer
    to a question asked before: that conversation ends, and the person is told."""
    message, user = update.effective_message, update.effective_user
    assert message is not None and user is not None and message.photo
    photo, caption = message.photo[-1].file_id, (message.caption or "").strip()
    conversation = await context.use_cases.conversations.current(user.id)
    if conversation is not None and conversation.topic not in (Topic.POST_KIND, Topic.PHOTO_WORDS):
        buttons = await context.use_cases.conversations.leave(user.id)
        await _say_left(update, context, conversation, buttons)
    if not caption:
        await pending_question.ask_for_photo_words(context, user.id, photo)
        await reply(update, context, "post.photo_words")
        return
    await post_in_words(update, context, caption, photo=photo)


def _new_post(conversation: Conversation, text: str) -> bool:
    """A field is one value, so any whole post is not its answer; words about a deal and
    answers to a series may mention goods, so only a post with its trade facts ends them."""
    if conversation.topic is Topic.POST_FIELD:
        return posts.reads_as_new_post(text)
    return posts.clearly_a_new_post(text)


async def _answer(
    update: Update, context: BotContext, conversation: Conversation, text: str
) -> None:
    if conversation.topic in SERIES:
        await answered(update, context, SERIES[conversation.topic], conversation, text)
        return
    words = pending_question.words_in(conversation)
    if words is not None:  # words owed about a deal, taken once
        about, deal_id = words
        trust = context.use_cases.trust
        use_case = {
            WordsFor.COMPLAINT_ANSWER: trust.answer_complaint,
            WordsFor.RATING_COMMENT: trust.comment,
        }[about]
        key = await use_case(conversation.user_id, deal_id, text)
        if key not in WRITE_AGAIN:
            await context.use_cases.conversations.end(conversation.user_id)
        await reply(update, context, key)
        return
    question = pending_question.question_in(conversation)
    assert question is not None
    await post_edits.answer_question(update, context, question, text)


async def _say_left(
    update: Update, context: BotContext, conversation: Conversation, buttons: Buttons
) -> None:
    """Words owed about a deal come with a fresh button to write them later."""
    question = pending_question.question_in(conversation)
    if question is None:
        await reply(update, context, "conversation.left", buttons=tokens_as_data(buttons) or None)
        return
    field = plain(context.lang, f"field.{question.field}")
    await reply(update, context, "post.question_dropped", field=field)
