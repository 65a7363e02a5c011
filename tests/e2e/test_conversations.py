"""The conversation a merchant is in, as they meet it: it is read from the database on each
message (whoever wrote it), it ends at its deadline with a word, and a command or a whole
new post is a way out of it, never taken as an answer."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from bot.domain.models import Conversation, Topic
from bot.fake_telegram import FakeTelegram
from bot.playground.clock import MovableClock
from storage import Database
from tests.e2e.helpers import RunningBot, latest, rejected
from tests.e2e.test_deals import _exchange_contacts

WHOLE_POST = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"


def _has(words: str) -> Callable[[object], bool]:
    return lambda m: words in (getattr(m, "text", None) or "")


async def _complaint_to_answer(fake: FakeTelegram) -> tuple[object, object]:
    seller, buyer = await _exchange_contacts(fake)
    card = await latest(buyer, fake, _has("Contact for"))
    await buyer.press(card, "⚠️ Report a problem")
    await buyer.press(await latest(buyer, fake, _has("What went wrong")), "Did not deliver")
    told = await latest(seller, fake, _has("反映了你的问题"))
    await seller.press(told, "✍️ 回应")
    await latest(seller, fake, _has("写下你的回应"))
    return seller, told


async def test_a_whole_post_is_not_taken_as_the_words_owed(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    seller, _ = await _complaint_to_answer(fake)
    await seller.send(WHOLE_POST)  # they changed their mind and post instead
    left = await latest(seller, fake, _has("之前的问题已结束"))
    card = await latest(seller, fake, _has("请核对"))
    assert "保温杯" in card.text and "¥12 / 个" in card.text
    await seller.send("/trust")
    record = await latest(seller, fake, _has("你的信用记录"))
    assert "已回应：0条" in record.text  # the post did not become the answer

    await seller.press(left, "✍️ 回应")  # a fresh button: the first one was spent
    await latest(seller, fake, _has("写下你的回应"))
    await seller.send("已于5月5日发货，单号 SF123")
    await latest(seller, fake, _has("回应已记录"))
    assert rejected(fake) == []


async def test_owed_words_time_out_with_a_word_and_the_next_message_is_not_taken(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    clock = MovableClock()
    await make_bot(clock=clock).start()
    seller, _ = await _complaint_to_answer(fake)
    clock.advance(timedelta(hours=1, seconds=1))
    timed_out = await latest(seller, fake, _has("等待超时。需要时点下面的按钮"))  # the sweep
    await seller.send("/trust")
    record = await latest(seller, fake, _has("你的信用记录"))
    assert "已回应：0条" in record.text
    await seller.press(timed_out, "✍️ 回应")
    await latest(seller, fake, _has("写下你的回应"))
    await seller.send("已于5月5日发货")
    await latest(seller, fake, _has("回应已记录"))
    assert rejected(fake) == []


async def test_a_command_ends_a_series_of_questions(fake: FakeTelegram, bot: RunningBot) -> None:
    user = fake.user("Chen", language_code="zh-hans")
    await user.send("/offer")
    await latest(user, fake, _has("卖什么"))
    await user.send("/my")
    await latest(user, fake, lambda m: "/offer" not in (m.text or "") and m.text is not None)
    await user.send("304不锈钢保温杯 500ml")  # no longer the answer to "what do you sell?"
    asked = await latest(user, fake, lambda m: bool(m.buttons))
    assert "多少" not in asked.text  # not the quantity question of the flow it left
    assert rejected(fake) == []


async def test_a_whole_post_in_a_series_becomes_that_post(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Chen", language_code="zh-hans")
    await user.send("/need")
    await latest(user, fake, _has("你要买什么"))
    await user.send("不锈钢保温杯")
    await latest(user, fake, _has("多少"))
    await user.send(WHOLE_POST)
    await latest(user, fake, _has("之前的问题已结束"))
    card = await latest(user, fake, _has("请核对"))
    assert "供应" in card.text and "义乌" in card.text  # the offer it says, not the need
    assert rejected(fake) == []


async def test_the_conversation_another_worker_wrote_is_the_one_answered(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    """State lives in the database and is read on each message: a conversation written by
    any process (here, straight through the storage) is where the next answer goes."""
    user = fake.user("Lee", language_code="zh-hans")
    await user.send("/help")
    await user.wait_for_messages(1)
    database = Database.from_url(bot.settings.database_url)
    try:
        async with database.uow() as uow:
            now = bot.app.bot_data.clock.now()
            written = Conversation.begin(
                user.id,
                Topic.NEED,
                "price",
                now,
                answers={"product": "保温杯", "quantity": "5000个"},
            )
            await uow.conversations.put(written)
            await uow.commit()
    finally:
        await database.dispose()
    await user.send("10元以内")
    await latest(user, fake, _has("在哪里"))  # the place: the question after the price
    await user.send("义乌")
    card = await latest(user, fake, _has("请核对"))
    for part in ("求购", "保温杯", "5,000个", "¥10以内"):
        assert part in card.text
    assert rejected(fake) == []


async def test_a_series_begun_and_answered_in_one_batch_takes_the_answer(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    """The answer right behind /need (fetched in the same getUpdates batch, whose senders'
    conversations are read with it) sees the conversation /need began."""
    user = fake.user("Chen", language_code="zh-hans")
    await user.send("/need")
    await user.send("不锈钢保温杯")
    await latest(user, fake, _has("多少"))
    assert not any(m.buttons and "多少" not in (m.text or "") for m in user.messages())
    assert rejected(fake) == []


async def test_an_old_skip_button_is_refused_once_its_series_ended(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    """A Skip left in the chat (or forwarded to someone else, who presses it in theirs)
    skips nothing: only the question asked now, of the presser's own open series."""
    user = fake.user("Chen", language_code="en")
    other = fake.user("Lee", language_code="en")
    await user.send("/need")
    await user.send("stainless vacuum flask")
    asked = await latest(user, fake, _has("How many"))
    await user.send("/cancel")
    await latest(user, fake, _has("Cancelled"))
    answer = await user.wait_answer(await user.press(asked, "Skip ⏭"))
    assert "expired" in (answer.get("text") or "")
    answer = await other.wait_answer(await other.press(asked, "Skip ⏭"))  # not his chat
    assert "expired" in (answer.get("text") or "") or "not for you" in (answer.get("text") or "")
    before = len(user.messages())
    await user.send("5000 pcs")  # not the quantity of a series that ended
    assert await fake.wait_until(lambda: len(user.messages()) > before, 10)
    assert not any("Unit price" in (m.text or "") for m in user.messages())
    assert rejected(fake) == []
