"""/forget end to end (issue 13, required test 8): a member with posts, a contact exchange,
a rated deal, an open deal, a phone number, a company, a verification, settings, a circle
and a half-answered question deletes their data; a scan of every table afterwards finds
nothing of them but a tombstone, and their partner's record keeps working."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.fake_telegram import FakeTelegram, UserHandle
from bot.playground.clock import MovableClock
from storage.tables import metadata
from tests.e2e.helpers import (
    NEED,
    OFFER,
    RunningBot,
    latest,
    press_publish,
    read_rows,
    rejected,
)

pytestmark = pytest.mark.slow

PHONE = "+44 7700 900461"
CODE = "91350100M000100Y43"  # a valid unified social credit code
# What identifies A or was written by A, searched in every column of every table.
MARKERS = (
    "Zhenya",
    "Quillfeather",
    "quill_cups",
    "7700900461",
    "7700 900461",
    "QX7781",  # in A's post
    "Quillworks",  # company
    "Halfway",  # a profile answer A never finished
    "Sharp and fair",  # A's comment on B
    CODE,
)


def _has(text: str) -> Callable[[Any], bool]:
    return lambda m: text in (m.text or "")


async def _asked(fake: FakeTelegram, a: UserHandle, b: UserHandle, offer: str) -> Any:
    """A offers, B's need matches and B asks for contact: A's request message."""
    alerts_before = len(_with(b, "🔔"))
    requests_before = len(_with(a, "Someone wants to contact you"))
    await _publish(fake, a, offer)
    assert await fake.wait_until(lambda: len(_with(b, "🔔")) > alerts_before)
    await b.press(_with(b, "🔔")[-1], "🤝 Contact")
    assert await fake.wait_until(
        lambda: len(_with(a, "Someone wants to contact you")) > requests_before
    )
    return _with(a, "Someone wants to contact you")[-1]


async def _accepted(fake: FakeTelegram, a: UserHandle, b: UserHandle, request: Any) -> None:
    cards_before = len(_with(b, "Contact for"))
    await a.press(request, "✅ Accept")
    assert await fake.wait_until(lambda: len(_with(b, "Contact for")) > cards_before)


def _with(user: UserHandle, text: str) -> list[Any]:
    return [m for m in user.messages() if text in (m.text or "")]


async def _publish(fake: FakeTelegram, user: UserHandle, text: str) -> None:
    """`post_and_publish` for a chat with replies not yet read."""
    before = len(user.messages())
    await user.send(text)
    assert await fake.wait_until(lambda: len(user.messages()) > before)
    await press_publish(fake, user, user.messages()[before])


async def _rich_member(fake: FakeTelegram) -> tuple[UserHandle, UserHandle]:
    a = fake.user("Zhenya", last_name="Quillfeather", language_code="en", username="quill_cups")
    b = fake.user("Sam Buyer", language_code="en", username="sam_buys")
    await a.share_contact(PHONE)
    await a.wait_for_messages(1)
    await a.send("/profile")
    await a.wait_for_messages(2)
    for answer in ("Quillworks Trading", "Yiwu", "vacuum flasks", "flask, mug"):
        await a.send(answer)
        await a.wait_for_messages(1)
    await a.send(f"/verify {CODE}")
    await latest(a, fake, _has("now shows L2"))
    await a.send("/settings")
    switch = "✅ Follow-ups on unanswered matches"
    menu = await latest(a, fake, lambda m: switch in [b.text for r in m.buttons for b in r])
    await a.wait_answer(await a.press(menu, switch))
    group = fake.group("Cups circle", [b])
    await fake.add_bot_to_group(group, by=b)
    await fake.join_group(group, a)
    await a.send_in(group, "Morning all, QX7781 flasks in stock")

    await _publish(fake, b, NEED)
    flasks = await _asked(fake, a, b, OFFER + " 型号QX7781")
    # a second exchange, left open: another product (a buyer hears of a seller once a need),
    # asked for before the first is accepted (once in touch, Contact only shows the card)
    await _publish(fake, b, "Need ceramic mugs, 600 pcs, under $2 each")
    mugs = await _asked(fake, a, b, "Selling ceramic mugs, MOQ 500 pcs, $1.5/pc, Ningbo")
    for request in (flasks, mugs):
        await _accepted(fake, a, b, request)
    card = _with(b, "Contact for")[0]  # the flasks'
    await b.press(card, "✅ Deal done")
    claim = await latest(a, fake, _has("says you made a deal"))
    await a.press(claim, "✅ Yes, we did")
    for rater, stars in ((b, "2⭐"), (a, "5⭐")):
        await rater.press(await latest(rater, fake, _has("How was the deal")), stars)
    thanks = await latest(a, fake, _has("You have both rated"))
    await a.press(thanks, "💬 Add a comment")
    await latest(a, fake, _has("Write your comment"))
    await a.send("Sharp and fair, QX7781 as promised")
    await latest(a, fake, _has("Your comment is with your rating"))
    await latest(b, fake, _has("Quillfeather rated your deal 5★"))

    await a.send("/profile")  # and left half-way: a conversation
    await a.wait_for_messages(2)
    await a.send("Halfway Co")
    await latest(a, fake, _has("Region or city"))
    await asyncio.sleep(2.5)  # PTB writes user_data and the conversation every 2 s
    return a, b


def _scan(database: str, user_id: int) -> list[str]:
    """Every cell of every table that holds A's id or a marker, as table.column(row)."""
    found = []
    words = [str(user_id), *(m.lower() for m in MARKERS)]
    for table in metadata.sorted_tables:
        columns = [c.name for c in table.columns]
        for row in read_rows(database, f"SELECT {', '.join(columns)} FROM {table.name}"):
            for column, value in zip(columns, row, strict=True):
                text = _text(value)
                if value == user_id or (
                    isinstance(text, str) and any(w in text.lower() for w in words)
                ):
                    found.append(f"{table.name}.{column}({row[0]})")
    return found


def _text(value: object) -> object:
    if isinstance(value, bytes | memoryview):
        return bytes(value).decode(errors="replace")
    if isinstance(value, dict | list):  # PostgreSQL's JSON columns
        return json.dumps(value, ensure_ascii=False)
    return value


async def test_forget_leaves_only_a_tombstone_and_the_partner_keeps_working(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot], tmp_path: Path
) -> None:
    clock = MovableClock()
    bot = make_bot(clock=clock)
    await bot.start()
    a, b = await _rich_member(fake)
    database = bot.settings.database_url
    before = {trace.split(".")[0] for trace in _scan(database, a.id)}
    assert before >= {  # the set-up left traces everywhere
        "users",
        "company_profiles",
        "circle_memberships",
        "posts",
        "contact_requests",
        "deals",
        "ratings",
        "trust_events",
        "reminders",
        "outbox",
        "inbox",
        "action_tokens",
        "conversations",
    }

    await a.send("/forget")
    ask = await latest(a, fake, _has("Delete all your data?"))
    await a.wait_answer(await a.press(ask, "✖️ Cancel"))
    await latest(a, fake, _has("Nothing was deleted"))
    await a.send("/forget")
    ask = await latest(a, fake, lambda m: "Delete all your data?" in (m.text or "") and m.buttons)
    await a.wait_answer(await a.press(ask, "🗑 Delete everything"))
    await latest(a, fake, _has("Your data is deleted"))
    await bot.stop()  # PTB's last flush of user_data and conversations included

    users = metadata.tables["users"]
    assert _scan(database, a.id) == [f"users.id({a.id})"]  # the tombstone, and nothing else
    columns = [c.name for c in users.columns]
    (row,) = read_rows(database, f"SELECT {', '.join(columns)} FROM users WHERE id = :id", id=a.id)
    tombstone = dict(zip(columns, row, strict=True))
    assert tombstone["deleted_at"] is not None and tombstone["display_name"] == ""
    assert tombstone["created_at"] == tombstone["deleted_at"]  # not even when they joined
    assert (tombstone["username"], tombstone["phone"], tombstone["last_active_at"]) == (
        None,
        None,
        None,
    )

    await bot.start()
    await b.send("/my")
    mine = await latest(b, fake, _has("Your posts"))
    assert "不锈钢保温杯" in mine.text
    await b.send("/trust")
    record = await latest(b, fake, _has("Your trust record"))
    assert "are not counted" in record.text and "Sharp" not in record.text  # a new partner
    clock.advance(timedelta(days=3, minutes=1))  # the open deal's question falls due
    question = await latest(b, fake, _has("Did you make a deal"), timeout=8)
    assert "deleted user" in question.text and "Zhenya" not in question.text
    await b.press(question, "✅ Deal done")
    await latest(b, fake, _has("They deleted their data"))

    await a.send("/my")  # coming back: a new member with nothing of before
    await latest(a, fake, _has("You have no open posts"))
    assert rejected(fake) == []
