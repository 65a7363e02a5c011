"""More of posting: the one follow-up question, keywords, /profile, expiry, long noise."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import RunningBot, latest, post_and_publish, rejected


async def test_a_message_without_product_gets_one_question_first(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Q", language_code="zh-hans")
    await user.send("求购 5000个 10元以内")
    (question,) = await user.wait_for_messages(1)
    assert "是什么产品" in question.text and not question.reply_markup
    await user.send("保温杯")
    (card,) = await user.wait_for_messages(1)
    assert "保温杯" in card.text and "5,000个" in card.text
    assert card.reply_markup is not None


async def test_keywords_edit_and_profile(fake: FakeTelegram, bot: RunningBot) -> None:
    user = fake.user("Kw", language_code="en")
    card = await post_and_publish(fake, user, "Selling vacuum flasks 500ml, MOQ 1000 pcs, $1.6/pc")
    await user.press(card, "✏️ Edit")
    (menu,) = await user.wait_for_messages(1)
    await user.press(menu, "Keywords (up to 3)")
    await latest(user, fake, lambda m: "Send the new Keywords" in (m.text or ""))
    await user.send("thermos, travel mug, tumbler, extra")
    (updated,) = await user.wait_for_messages(1)
    assert "🏷 thermos, travel mug, tumbler" in updated.text and "extra" not in updated.text

    await user.send("/profile")
    shown, question = await user.wait_for_messages(2)
    assert "Company profile" in shown.text
    assert "Company name" in question.text
    await user.send("Yiwu Cups <Ltd> & Co")
    await user.wait_for_messages(1)
    await user.press(user.messages()[-1], "Skip ⏭")
    await user.wait_for_messages(1)
    await user.send("vacuum flasks, mugs")
    await user.wait_for_messages(1)
    await user.send("a, b, c, d, e, f, g, h, i")
    (too_many,) = await user.wait_for_messages(1)
    assert "At most 8 keywords" in too_many.text
    await user.send("flask, mug, tumbler")
    (saved,) = await user.wait_for_messages(1)
    assert "Profile saved" in saved.text and "Yiwu Cups <Ltd> & Co" in saved.text
    assert "flask, mug, tumbler" in saved.text
    assert rejected(fake) == []


async def test_posts_expire_and_the_owner_is_told(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    bot = make_bot(post_ttl=timedelta(seconds=2))
    await bot.start()
    user = fake.user("Ex", language_code="zh-hant")
    await post_and_publish(fake, user, "供應 LED燈泡 9W 每箱100個 單價3.5元")
    notice = await latest(user, fake, lambda m: "已過期" in (m.text or ""), timeout=8)
    assert "LED燈泡" in notice.text
    await user.send("/my")
    listing = await latest(user, fake, lambda m: "我的資訊" in (m.text or ""))
    assert "已過期" in listing.text
    await user.press(listing, "1. 🔄 續期")
    await latest(user, fake, lambda m: "已續期" in (m.text or ""))
    assert rejected(fake) == []


async def test_long_noise_gets_an_answer_not_an_error(fake: FakeTelegram, bot: RunningBot) -> None:
    user = fake.user("Noise", language_code="en")
    rng = random.Random(7)
    noise = "".join(rng.choice("#$%^&*()_+=-~`|\\/<>?!") for _ in range(4096))
    await user.send(noise)
    (answer,) = await user.wait_for_messages(1)
    assert "sell or buy" in answer.text or "garbled" in answer.text or "any words" in answer.text
    assert rejected(fake) == []


async def test_a_stale_skip_button_after_cancel_is_answered(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Stale", language_code="en")
    await user.send("/need")
    await user.wait_for_messages(1)
    await user.send("LED bulbs 9W")
    (question,) = await user.wait_for_messages(1)
    await user.send("/cancel")
    (cancelled,) = await user.wait_for_messages(1)
    assert "Cancelled" in cancelled.text
    answer = await user.wait_answer(await user.press(question, "Skip ⏭"))
    assert "expired" in answer["text"]
    assert rejected(fake) == []


async def test_my_posts_and_search_page_through_long_lists(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Pager", language_code="en")
    for size in (300, 350, 400, 450):
        await post_and_publish(fake, user, f"Selling vacuum flasks {size}ml, MOQ 500 pcs, $2/pc")
    await user.send("/my")
    (listing,) = await user.wait_for_messages(1)
    assert "(1/2)" in listing.text and "4." not in listing.text
    await user.press(listing, "▶️")
    second = await latest(user, fake, lambda m: "(2/2)" in (m.text or ""))
    assert second.message_id == listing.message_id  # the same message, redrawn
    assert len([line for line in second.text.splitlines() if line[:2] == "4."]) == 1

    await user.send("/search vacuum flask")
    (results,) = await user.wait_for_messages(1)
    assert "(1/2)" in results.text
    await user.press(results, "▶️")
    page_two = await latest(user, fake, lambda m: "(2/2)" in (m.text or "") and "🔎" in m.text)
    assert "4." in page_two.text
    assert rejected(fake) == []
