"""Telegram glue. `register(app)` adds every handler, in one ordered list."""

from __future__ import annotations

from telegram import Update
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from handlers import (
    cancel,
    fallback,
    guided_post,
    language,
    matches,
    my_posts,
    posting,
    profile,
    start,
    users,
)
from handlers.buttons import on_token_button
from handlers.errors import on_error
from handlers.keyboards import TOKEN_PATTERN, page_pattern

PRIVATE = filters.ChatType.PRIVATE

# Handler groups run in ascending order; within a group the first matching handler wins.
BEFORE_ALL = -1  # dedupe + user/language loading; may stop the update
MAIN = 0
AFTER_ALL = 100  # bookkeeping once every handler is done


def register(app: Application) -> None:  # type: ignore[type-arg]
    app.add_handler(TypeHandler(Update, users.load_user), group=BEFORE_ALL)

    # Order matters (first match wins):
    # 1. conversations first, so that while a flow runs its answers and /cancel reach it;
    app.add_handler(guided_post.build())
    app.add_handler(profile.build())
    # 2. commands;
    app.add_handler(CommandHandler("start", start.start, filters=PRIVATE))
    app.add_handler(CommandHandler("help", start.help_command))
    app.add_handler(CommandHandler("language", language.choose_language, filters=PRIVATE))
    app.add_handler(CommandHandler("my", my_posts.my_posts, filters=PRIVATE))
    app.add_handler(CommandHandler("search", matches.search_command, filters=PRIVATE))
    app.add_handler(CommandHandler("cancel", cancel.cancel))
    # 3. buttons: token buttons change data, page buttons only redraw a list;
    app.add_handler(CallbackQueryHandler(on_token_button, pattern=TOKEN_PATTERN))
    app.add_handler(CallbackQueryHandler(my_posts.turn_page, pattern=page_pattern("my")))
    app.add_handler(
        CallbackQueryHandler(matches.search_turn_page, pattern=page_pattern(matches.SEARCH_KEY))
    )
    app.add_handler(CallbackQueryHandler(fallback.unknown_button))  # any other button
    # 4. unknown commands, a shared phone number, plain text (a post in plain words), then
    #    anything else.
    app.add_handler(MessageHandler(PRIVATE & filters.COMMAND, fallback.unknown_command))
    app.add_handler(MessageHandler(PRIVATE & filters.CONTACT, matches.shared_contact))
    app.add_handler(MessageHandler(PRIVATE & filters.TEXT, posting.on_text))
    app.add_handler(MessageHandler(PRIVATE, fallback.other_message))

    app.add_handler(TypeHandler(Update, users.mark_done), group=AFTER_ALL)
    app.add_error_handler(on_error)  # type: ignore[arg-type]
