"""Every button shown under a post works, in every status (the post rules), and a whole new
post typed while an Edit question is open becomes a new post, not the edited value."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from bot.fake_telegram import FakeTelegram, StoredMessage, UserHandle
from tests.e2e.helpers import RunningBot, latest, rejected

OFFER = "Selling vacuum flasks 500ml, MOQ 1000 pcs, $2/pc, Yiwu"
OPEN_BUTTONS = ["🤝 Deal done", "🗑 Withdraw", "🔄 Renew", "✏️ Edit", "📊 Market"]
REFUSALS = ("no longer open", "cannot find", "not for you", "expired")
# What each button leads to, as the user sees it (the pressed card redrawn, or a new message).
RESULT = {
    "✅ Publish": "✅ Published",
    "✏️ Edit": "What do you want to change?",
    "✖️ Cancel": "Discarded",
    "🤝 Deal done": "Closed as a deal",
    "🗑 Withdraw": "Withdrawn",
    "🔄 Renew": "Renewed until",
    "📊 Market": "📊",  # alone on the market, it says so in words
}


def labels(message: StoredMessage) -> list[str]:
    rows = (message.reply_markup or {}).get("inline_keyboard", [])
    return [button["text"] for row in rows for button in row]


async def draft(fake: FakeTelegram, user: UserHandle) -> StoredMessage:
    await user.send(OFFER)
    return await latest(user, fake, lambda m: "Publish" in str(m.reply_markup))


async def published(fake: FakeTelegram, user: UserHandle) -> StoredMessage:
    card = await draft(fake, user)
    await user.wait_answer(await user.press(card, "✅ Publish"))
    return await latest(user, fake, lambda m: m.message_id == card.message_id and "✅" in m.text)


async def press_and_see(
    fake: FakeTelegram, user: UserHandle, message: StoredMessage, label: str, shown: str
) -> None:
    """Press a button and see its working result, never a refusal."""
    answer = await user.wait_answer(await user.press(message, label))
    assert not any(word in (answer.get("text") or "") for word in REFUSALS), (label, answer)
    await latest(
        user, fake, lambda m: shown in (m.text or "") and m.message_id >= message.message_id
    )


@pytest.mark.parametrize("label", ["✅ Publish", "✏️ Edit", "✖️ Cancel"])
async def test_every_button_of_a_draft_works(
    fake: FakeTelegram, bot: RunningBot, label: str
) -> None:
    user = fake.user("Drafter", language_code="en")
    card = await draft(fake, user)
    assert labels(card) == ["✅ Publish", "✏️ Edit", "✖️ Cancel"]
    await press_and_see(fake, user, card, label, RESULT[label])
    assert rejected(fake) == []


@pytest.mark.parametrize("label", OPEN_BUTTONS)
async def test_every_button_of_an_open_post_works(
    fake: FakeTelegram, bot: RunningBot, label: str
) -> None:
    user = fake.user("Opener", language_code="en")
    card = await published(fake, user)
    assert labels(card) == OPEN_BUTTONS
    await press_and_see(fake, user, card, label, RESULT[label])
    assert rejected(fake) == []


async def test_every_button_of_an_expired_post_works_and_closed_posts_have_none(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    await make_bot(post_ttl=timedelta(seconds=2)).start()
    user = fake.user("Expirer", language_code="en")
    shown = ["🤝 Deal done", "🗑 Withdraw", "🔄 Renew"]
    for _ in shown:
        await published(fake, user)
    await latest(user, fake, lambda m: "expired" in (m.text or "").lower(), timeout=8)
    after = {"🤝 Deal done": [], "🗑 Withdraw": [], "🔄 Renew": OPEN_BUTTONS}
    for label in shown:  # each on another expired post, from /my
        await user.send("/my")
        listing = await latest(user, fake, lambda m: "Your posts" in (m.text or ""))
        assert "expired" in listing.text
        assert labels(listing)[:3] == [f"1. {each}" for each in shown]  # no Edit once expired
        await press_and_see(fake, user, listing, f"1. {label}", RESULT[label])
        card = await latest(user, fake, lambda m, at=listing.message_id: m.message_id == at)
        assert labels(card) == after[label]  # a closed post has no buttons left
    assert rejected(fake) == []


async def test_my_posts_buttons_store_nothing(fake: FakeTelegram, bot: RunningBot) -> None:
    user = fake.user("Lister", language_code="en")
    for _ in range(4):
        await published(fake, user)
    await user.send("/my")
    listing = await latest(user, fake, lambda m: "Your posts" in (m.text or ""))
    rows = (listing.reply_markup or {})["inline_keyboard"]
    data = [button["callback_data"] for row in rows for button in row]
    assert all(d.startswith(("v1:a:", "v1:p:")) for d in data), data  # no server-side tokens


async def test_a_new_post_while_an_edit_question_is_open_becomes_a_new_post(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Editor", language_code="en")
    card = await published(fake, user)
    await user.press(card, "✏️ Edit")
    menu = await latest(user, fake, lambda m: "What do you want to change?" in (m.text or ""))
    await user.press(menu, "Price")
    await latest(user, fake, lambda m: "Send the new Price" in (m.text or ""))
    await user.send("WTB 20k pcs M6 stainless screws, FOB Ningbo, USD 0.02/pc")
    told = await latest(user, fake, lambda m: "reads as a new post" in (m.text or ""))
    assert "Price" in told.text
    new_card = await latest(user, fake, lambda m: "stainless screws" in (m.text or ""))
    assert "Publish" in str(new_card.reply_markup)
    # The earlier post kept its price, and the question is gone: a price is now just text.
    await user.send("/my")
    listing = await latest(user, fake, lambda m: "Your posts" in (m.text or ""))
    assert "$2" in listing.text
    await user.send("$3/pc")
    answer = await latest(user, fake, lambda m: m.message_id > listing.message_id)
    assert "Updated" not in answer.text
    assert rejected(fake) == []


async def test_a_value_typed_while_an_edit_question_is_open_edits_the_post(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Pricer", language_code="en")
    card = await published(fake, user)
    await user.press(card, "✏️ Edit")
    menu = await latest(user, fake, lambda m: "What do you want to change?" in (m.text or ""))
    await user.press(menu, "Price")
    await latest(user, fake, lambda m: "Send the new Price" in (m.text or ""))
    await user.send("$3/pc")
    edited = await latest(user, fake, lambda m: "Updated" in (m.text or ""))
    assert "$3" in edited.text
    assert rejected(fake) == []


async def test_goods_without_selling_or_buying_get_one_question(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Fitter", language_code="zh-hans")
    await user.send("法兰盖 DN450 2500LB 20# 5片")
    question = await latest(user, fake, lambda m: "出售" in str(m.reply_markup))
    assert "法兰盖" in question.text and labels(question) == ["🟢 我要出售", "🔵 我要求购"]
    await user.wait_answer(await user.press(question, "🔵 我要求购"))
    card = await latest(user, fake, lambda m: "发布" in str(m.reply_markup))
    assert "求购" in card.text and "法兰盖" in card.text
    answered = await latest(user, fake, lambda m: m.message_id == question.message_id)
    assert labels(answered) == []  # asked once, answered once
    assert rejected(fake) == []
