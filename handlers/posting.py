"""Posting in plain words: a message -> a card with Publish / Edit / Cancel.

A message without a product gets one question first; an Edit asks for one field. Both
waits are kept in user_data["pending"] (persisted), so they survive a restart.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.domain.models import ActionToken, Post, PostStatus
from bot.services import post_changes, posts, publishing
from bot.texts import Html, plain, t
from bot.texts.cards import post_card
from handlers.buttons import action, issue_buttons
from handlers.keyboards import markup
from handlers.replies import reply, reply_html

PENDING = "pending"
OpenUseCase = Callable[..., Awaitable[tuple[Post, int]]]  # publishing.publish / .renew


async def card_buttons(context: BotContext, post: Post) -> list[list[tuple[str, str]]]:
    """The buttons under a post's card, by its status."""
    lang, pid = context.lang, {"post": post.id}
    rows: list[list[tuple[str, str, dict[str, Any]]]]
    if post.status is PostStatus.DRAFT:
        rows = [
            [
                (plain(lang, "btn.publish"), "post.publish", pid),
                (plain(lang, "btn.edit"), "post.edit", pid),
                (plain(lang, "btn.cancel"), "post.discard", pid),
            ]
        ]
    elif post.status in (PostStatus.OPEN, PostStatus.EXPIRED):
        rows = [
            [
                (plain(lang, "btn.deal"), "post.deal", pid),
                (plain(lang, "btn.withdraw"), "post.withdraw", pid),
            ],
            [
                (plain(lang, "btn.renew"), "post.renew", pid),
                (plain(lang, "btn.edit"), "post.edit", pid),
            ],
        ]
    else:
        return []
    return await issue_buttons(context, post.user_id, rows)


async def show_card(
    update: Update, context: BotContext, post: Post, *, intro: str | None = None
) -> None:
    body = post_card(post, context.lang, status=post.status is not PostStatus.DRAFT)
    hint = t(context.lang, "post.confirm_hint") if post.status is PostStatus.DRAFT else ""
    text = "\n\n".join(part for part in (intro or "", body, hint) if part)
    await reply_html(update, context, text, await card_buttons(context, post))


async def on_text(update: Update, context: BotContext) -> None:
    message = update.effective_message
    user = update.effective_user
    assert message is not None and user is not None
    text = message.text or message.caption or ""
    if context.store.get(PENDING):
        await _answer_pending(update, context, text)
        return
    services = context.services
    drafted = await posts.draft(
        services.uow_factory, context.clock, context.settings.post_ttl, user.id, text
    )
    if drafted.needs_product:
        context.store[PENDING] = {"kind": "product", "post": drafted.post.id}
        await reply(update, context, "post.ask_product")
        return
    await show_card(update, context, drafted.post)


async def _answer_pending(update: Update, context: BotContext, text: str) -> None:
    user = update.effective_user
    assert user is not None
    pending = dict(context.store[PENDING])
    field = "product" if pending["kind"] == "product" else str(pending["field"])
    post, alerted = await publishing.edit_field(
        context.services.uow_factory,
        context.clock,
        context.matching,
        int(pending["post"]),
        user.id,
        field,
        text,
    )  # a bad value raises before anything changes, and the wait stays for another try
    context.store.pop(PENDING, None)
    intro = t(context.lang, "post.edited") if pending["kind"] == "edit" else None
    await show_card(update, context, post, intro=intro)
    _alerts_queued(context, alerted)


async def _replace_card(update: Update, context: BotContext, post: Post, note: Html) -> None:
    """Show the outcome in place of the pressed card, with the buttons that still apply."""
    query = update.callback_query
    assert query is not None
    await query.answer()
    body = post_card(post, context.lang, status=True)
    await query.edit_message_text(
        f"{body}\n\n{note}",
        parse_mode=ParseMode.HTML,
        reply_markup=markup(await card_buttons(context, post)),
    )


def _alerts_queued(context: BotContext, alerted: int) -> None:
    if alerted:
        context.kick_outbox()  # both sides hear about new pairs now, not at the next sweep


@action("post.publish")
async def publish(update: Update, context: BotContext, pressed: ActionToken) -> None:
    await _open(update, context, pressed, publishing.publish, "post.published")


@action("post.renew")
async def renew(update: Update, context: BotContext, pressed: ActionToken) -> None:
    await _open(update, context, pressed, publishing.renew, "post.renewed")


async def _open(
    update: Update, context: BotContext, pressed: ActionToken, use_case: OpenUseCase, note: str
) -> None:
    post, alerted = await use_case(
        context.services.uow_factory,
        context.clock,
        context.settings.post_ttl,
        context.matching,
        pressed.id_arg("post"),
        pressed.user_id,
    )
    date = post.expires_at.date().isoformat()
    await _replace_card(update, context, post, t(context.lang, note, date=date))
    _alerts_queued(context, alerted)


@action("post.discard")
async def discard(update: Update, context: BotContext, pressed: ActionToken) -> None:
    query = update.callback_query
    assert query is not None
    await posts.discard(
        context.services.uow_factory,
        context.clock,
        pressed.id_arg("post"),
        pressed.user_id,
    )
    context.store.pop(PENDING, None)
    await query.answer()
    await query.edit_message_text(t(context.lang, "post.cancelled"), parse_mode=ParseMode.HTML)


@action("post.deal")
async def deal(update: Update, context: BotContext, pressed: ActionToken) -> None:
    await _close(update, context, pressed, deal=True)


@action("post.withdraw")
async def withdraw(update: Update, context: BotContext, pressed: ActionToken) -> None:
    await _close(update, context, pressed, deal=False)


async def _close(update: Update, context: BotContext, pressed: ActionToken, *, deal: bool) -> None:
    post = await publishing.close(
        context.services.uow_factory,
        context.clock,
        context.matching,
        pressed.id_arg("post"),
        pressed.user_id,
        deal=deal,
    )
    note = t(context.lang, "post.closed_deal" if deal else "post.withdrawn")
    await _replace_card(update, context, post, note)


@action("post.edit")
async def edit_menu(update: Update, context: BotContext, pressed: ActionToken) -> None:
    query = update.callback_query
    assert query is not None
    post = await posts.get_owned(
        context.services.uow_factory, pressed.id_arg("post"), pressed.user_id
    )
    posts.require_status(post, posts.LIVE_STATUSES)
    lang = context.lang
    fields = [
        (plain(lang, f"field.{f}"), "post.edit_field", {"post": post.id, "field": f})
        for f in post_changes.EDITABLE_FIELDS
    ]
    rows = [fields[:3], fields[3:]]
    await query.answer()
    await reply(
        update,
        context,
        "post.edit_choose",
        buttons=await issue_buttons(context, pressed.user_id, rows),
    )


@action("post.edit_field")
async def edit_field(update: Update, context: BotContext, pressed: ActionToken) -> None:
    query = update.callback_query
    assert query is not None
    field = str(pressed.payload["field"])
    context.store[PENDING] = {"kind": "edit", "post": pressed.payload["post"], "field": field}
    await query.answer()
    await query.edit_message_text(
        t(context.lang, "post.edit_ask", field=plain(context.lang, f"field.{field}")),
        parse_mode=ParseMode.HTML,
    )
