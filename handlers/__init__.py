"""Telegram glue. `register(app)` adds every handler, in one ordered list, and
`BUTTON_ACTIONS` names the handler of every button that changes data."""

from __future__ import annotations

from telegram import Update
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.domain.models import Action
from handlers import (
    cancel,
    circle_admin,
    circle_quiet,
    circle_report,
    circles,
    complaints,
    contact_requests,
    deals,
    edits,
    fallback,
    guided_post,
    language,
    market,
    match_alerts,
    my_posts,
    phone_sharing,
    post_edits,
    posting,
    price_lists,
    privacy,
    private_text,
    profile,
    ratings,
    search,
    start,
    trust,
    user_settings,
    users,
)
from handlers.buttons import ActionHandler, route_buttons
from handlers.errors import on_error
from handlers.keyboards import ACTION_PATTERN, TOKEN_PATTERN, page_pattern
from handlers.questions import skip_handler
from handlers.transport import rate_limits

PRIVATE = filters.ChatType.PRIVATE
GROUPS = filters.ChatType.GROUPS

# Every button that changes data, by the action it names (post buttons carry the action,
# token buttons store it); each handler serves one action.
BUTTON_ACTIONS: dict[Action, ActionHandler] = {
    # under a post's card and its /my row (what shows depends on the post rules)
    Action.CHOOSE_POST_KIND: posting.choose_kind,  # "selling or buying?" for a plain message
    Action.PUBLISH_POST: posting.publish,
    Action.DISCARD_POST: posting.discard,
    Action.CLOSE_WITH_DEAL: posting.close_with_deal,
    Action.WITHDRAW_POST: posting.withdraw,
    Action.RENEW_POST: posting.renew,
    Action.EDIT_POST: post_edits.choose_field,
    Action.EDIT_POST_FIELD: post_edits.ask_field,
    Action.SHOW_MARKET: market.show_market,
    # under a price list's drafts
    Action.PUBLISH_LIST: price_lists.publish_all,
    Action.SHOW_LIST_CARDS: price_lists.show_cards,
    Action.DISCARD_LIST: price_lists.discard_all,
    # under a /search result
    Action.CONTACT_POST_OWNER: search.contact_post_owner,
    # under a match alert
    Action.CONTACT_MATCH: match_alerts.contact_match,
    Action.DISMISS_MATCH: match_alerts.dismiss_match,
    # the presser's own settings
    Action.SET_LANGUAGE: language.language_chosen,
    # under an incoming contact request
    Action.ACCEPT_CONTACT: contact_requests.accept,
    Action.DECLINE_CONTACT: contact_requests.decline,
    # under "Did you make a deal?" and under the other side's claim
    Action.DEAL_DONE: deals.deal_done,
    Action.DEAL_TALKING: deals.still_talking,
    Action.DEAL_NONE: deals.no_deal,
    Action.DEAL_CONFIRM: deals.confirm,
    Action.DEAL_DENY: deals.deny,
    # after a confirmed deal
    Action.RATE_DEAL: ratings.rate_deal,
    Action.COMMENT_RATING: ratings.comment_rating,
    # under alerts and contact requests: the counterpart's record
    Action.SHOW_TRUST: trust.show_trust,
    # /settings: the presser's own
    Action.TOGGLE_SETTING: user_settings.toggle_setting,
    Action.CHOOSE_TIMEZONE: user_settings.choose_timezone,
    Action.SET_TIMEZONE: user_settings.timezone_chosen,
    Action.CHOOSE_CURRENCY: user_settings.choose_currency,
    Action.SET_CURRENCY: user_settings.currency_chosen,
    # under /circle in a trade circle, for the admin who asked
    Action.CIRCLE_SETTING: circle_admin.setting_chosen,
    Action.CIRCLE_REPORT: circle_report.show_report,
    Action.CIRCLE_QUIET: circle_quiet.list_quiet,
    Action.ADVISE_MEMBER: circle_quiet.advise,
    # under a contact card, and under a complaint for the one it is about
    Action.REPORT_PROBLEM: complaints.report_problem,
    Action.FILE_COMPLAINT: complaints.file_complaint,
    Action.ANSWER_COMPLAINT: complaints.answer_complaint,
    # under /forget: the presser's own data
    Action.FORGET_ME: privacy.forget_me,
    Action.KEEP_ME: privacy.keep_me,
}

# Handler groups run in ascending order; within a group the first matching handler wins.
BEFORE_ALL = -3  # dedupe + user/language loading; may stop the update
LIMITS = -2  # per-person rate limits; may stop the update
WAY_OUT = -1  # a command ends the conversation the person was in
MAIN = 0
AFTER_ALL = 100  # bookkeeping once every handler is done


def register(app: Application) -> None:  # type: ignore[type-arg]
    app.add_handler(TypeHandler(Update, users.load_user), group=BEFORE_ALL)
    app.add_handler(TypeHandler(Update, rate_limits.hold_back), group=LIMITS)
    leaving = PRIVATE & filters.COMMAND & ~filters.Regex(r"^/cancel(@\w+)?(\s|$)")
    app.add_handler(MessageHandler(leaving, cancel.way_out), group=WAY_OUT)

    # Order matters (first match wins):
    # 0. an edited message changes nothing (no conversation answer, command or post);
    app.add_handler(MessageHandler(filters.UpdateType.EDITED, edits.on_edit))
    # 1. commands (any but /cancel first ends the conversation the person was in, in
    #    group WAY_OUT; /offer, /need and /profile begin one);
    app.add_handler(CommandHandler("start", start.start, filters=PRIVATE))
    app.add_handler(CommandHandler("help", start.help_command))
    app.add_handler(CommandHandler("language", language.choose_language, filters=PRIVATE))
    app.add_handler(CommandHandler("settings", user_settings.settings_command, filters=PRIVATE))
    app.add_handler(CommandHandler("my", my_posts.my_posts, filters=PRIVATE))
    app.add_handler(CommandHandler("search", search.search_command, filters=PRIVATE))
    app.add_handler(CommandHandler("trust", trust.trust_command, filters=PRIVATE | GROUPS))
    app.add_handler(CommandHandler("rate", ratings.rate_command, filters=PRIVATE))
    app.add_handler(CommandHandler("offer", guided_post.ask_offer, filters=PRIVATE))
    app.add_handler(CommandHandler("need", guided_post.ask_need, filters=PRIVATE))
    app.add_handler(CommandHandler("profile", profile.start, filters=PRIVATE))
    # in trade circles: posts by command (privacy mode shows the bot only commands)
    app.add_handler(CommandHandler("offer", circles.group_offer, filters=GROUPS))
    app.add_handler(CommandHandler("need", circles.group_need, filters=GROUPS))
    app.add_handler(CommandHandler("circle", circle_admin.circle_command, filters=GROUPS))
    app.add_handler(CommandHandler("verify", trust.verify_command, filters=PRIVATE))
    app.add_handler(CommandHandler("forget", privacy.forget_command, filters=PRIVATE))
    app.add_handler(CommandHandler("cancel", cancel.cancel))
    # 2. buttons: action buttons change data (BUTTON_ACTIONS), page buttons only redraw,
    #    Skip answers the question a series asks now;
    on_button = route_buttons(BUTTON_ACTIONS)
    app.add_handler(CallbackQueryHandler(on_button, pattern=ACTION_PATTERN))
    app.add_handler(CallbackQueryHandler(on_button, pattern=TOKEN_PATTERN))
    app.add_handler(CallbackQueryHandler(my_posts.turn_page, pattern=page_pattern(my_posts.VIEW)))
    app.add_handler(CallbackQueryHandler(search.turn_page, pattern=page_pattern(search.VIEW)))
    app.add_handler(
        CallbackQueryHandler(skip_handler(guided_post.SERIES), pattern=f"^{guided_post.SKIP}$")
    )
    app.add_handler(
        CallbackQueryHandler(skip_handler(profile.SERIES), pattern=f"^{profile.SKIP}$")
    )
    app.add_handler(CallbackQueryHandler(fallback.unknown_button))  # any other button
    # 3. unknown commands, a shared phone number, plain text (a post in plain words, or the
    #    answer to a pending question; in a trade circle, a member's post), a photo (a post
    #    by its caption, privately or in a circle), the bot joining
    #    a group or the group becoming a supergroup, then anything else.
    app.add_handler(MessageHandler(PRIVATE & filters.COMMAND, fallback.unknown_command))
    app.add_handler(MessageHandler(PRIVATE & filters.CONTACT, phone_sharing.shared_contact))
    app.add_handler(MessageHandler(PRIVATE & filters.TEXT, private_text.on_text))
    app.add_handler(MessageHandler(PRIVATE & filters.PHOTO, private_text.on_photo))
    app.add_handler(
        MessageHandler(GROUPS & filters.TEXT & ~filters.COMMAND, circles.group_message)
    )
    app.add_handler(MessageHandler(GROUPS & filters.PHOTO, circles.group_photo))
    app.add_handler(ChatMemberHandler(circles.bot_membership, ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, circles.group_migrated))
    app.add_handler(MessageHandler(filters.StatusUpdate.NEW_CHAT_MEMBERS, circles.members_joined))
    app.add_handler(MessageHandler(PRIVATE, fallback.other_message))

    app.add_handler(TypeHandler(Update, users.mark_done), group=AFTER_ALL)
    app.add_error_handler(on_error)  # type: ignore[arg-type]
