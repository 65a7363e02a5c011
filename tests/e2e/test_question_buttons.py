"""A question's buttons pressed twice (issue 35): the first press takes the buttons away, and
a second press, on another button of the same question or replayed from an update that
still showed them, is answered all the same. Telegram refuses to take away buttons that
are gone ("Bad Request: message is not modified"): that refusal must not cost the reply."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from bot.fake_telegram import Button, FakeTelegram, StoredMessage, UserHandle
from bot.fake_telegram.driver import find_button
from bot.fake_telegram.simulate import press_button
from tests.e2e.helpers import OFFER, RunningBot, alerts, latest, post_and_publish, rejected

NO_DEAL = "A deal that did not happen is never held against anyone"
SETTLED = "This deal is already settled"
SORRY = "something went wrong"
# the real Bot API's refusal to take away buttons that are gone, as the fake gives it
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)


async def _deal_question(fake: FakeTelegram) -> tuple[UserHandle, StoredMessage]:
    """Contacts exchanged; the buyer's "Did you make a deal?" with its buttons."""
    seller = fake.user("Wang Seller", language_code="zh-hans")
    buyer = fake.user("Sam Buyer", language_code="en")
    await post_and_publish(fake, seller, OFFER)
    await post_and_publish(fake, buyer, "Looking for vacuum flasks, 5k pcs, under $2.5")
    (alert,) = await alerts(fake, buyer)
    await buyer.press(alert, "🤝 Contact")
    request = await latest(seller, fake, lambda m: "有人想联系你" in (m.text or ""))
    await seller.press(request, "✅ 同意")
    question = await latest(buyer, fake, lambda m: "Did you make a deal" in (m.text or ""))
    return buyer, question


def _data(message: StoredMessage, label: str) -> str:
    return find_button(message, label, None).callback_data or ""


def _said(buyer: UserHandle, words: str, after: StoredMessage) -> list[str]:
    return [
        m.text or ""
        for m in buyer.messages()
        if m.message_id > after.message_id and words in (m.text or "")
    ]


async def test_a_second_button_of_an_answered_question_still_gets_its_answer(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    await make_bot(outcome_ask_after=timedelta(seconds=1)).start()
    buyer, question = await _deal_question(fake)
    talking = _data(question, "💬 Still talking")
    await buyer.press(question, "✖️ No deal")
    await latest(buyer, fake, lambda m: NO_DEAL in (m.text or ""))
    assert question.reply_markup is None  # the first press took the buttons away

    # A client that still shows them (or a second tap in flight) presses another one.
    again = press_button(buyer.state, buyer.user, question, Button("·", talking))
    await buyer.wait_answer(again)
    await latest(buyer, fake, lambda m: SETTLED in (m.text or ""))
    assert _said(buyer, SORRY, question) == []
    assert rejected(fake) == []  # nothing to take away: nothing asked of Telegram


async def test_two_buttons_pressed_at_once_each_get_their_answer(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    """Both updates carry the buttons as they were when pressed (a double tap, a replayed
    update): the second removal is refused by Telegram, and its reply still comes."""
    await make_bot(outcome_ask_after=timedelta(seconds=1)).start()
    buyer, question = await _deal_question(fake)
    first = await buyer.press(question, "✖️ No deal")
    second = await buyer.press(question, "💬 Still talking")  # before the first is handled
    await buyer.wait_answer(first)
    await buyer.wait_answer(second)
    await latest(buyer, fake, lambda m: NO_DEAL in (m.text or ""))
    await latest(buyer, fake, lambda m: SETTLED in (m.text or ""))
    assert len(_said(buyer, NO_DEAL, question)) == len(_said(buyer, SETTLED, question)) == 1
    assert _said(buyer, SORRY, question) == []
    assert question.reply_markup is None
    # both were pressed before the bot read either: the second removal was refused
    refused = [(r.method, r.response.get("description")) for r in rejected(fake)]
    assert refused == [("editMessageReplyMarkup", NOT_MODIFIED)]
