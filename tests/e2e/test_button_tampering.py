"""Button tampering (issue 13): no button that changes data acts for anyone but the person it
was made for, acts twice when it is single-use, acts after its expiry, or acts on garbage.

For every action of `BUTTON_ACTIONS`, a legitimate, untouched button (TABLE says which
message carries it; tests/e2e/tampering_world.py makes them through the bot) is pressed
- by an intruder: on the owner's own message (in the owner's private chat, or in the trade
  circle for the /circle card, where anyone can press); with the owner's callback data on a
  message in the intruder's own private chat (except buttons that act on the presser's own
  data: pressed there they are the intruder's own); and with it on a message in a group;
- by its owner: with 64 bytes of garbage, and with the button's prefix and junk after it;
- by its owner, once legitimately and then again (`Case.replay` says what the second may do);
- by its owner once the clock moved past every token's expiry (token buttons; action buttons
  carry no token, what they act on is checked when pressed).
Each batch of presses leaves every row that matters as it was (inbox rows, last-seen times and
the outbox's delivery columns aside), and every refusal is answered in the presser's language.
"""

from __future__ import annotations

import asyncio
import secrets
import string
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

import pytest

from bot.domain.language import language_from_telegram_code
from bot.domain.models import Action
from bot.fake_telegram import Button, FakeTelegram, GroupHandle, StoredMessage, UserHandle
from bot.fake_telegram.driver import find_button
from bot.fake_telegram.simulate import press_button
from bot.playground.clock import MovableClock
from bot.services.ports import Clock
from bot.texts import plain
from handlers import BUTTON_ACTIONS
from tests.e2e.helpers import RunningBot, from_stored, read_rows, rejected
from tests.e2e.tampering_world import World, build, changes, settled

pytestmark = pytest.mark.slow

SPENT = "spent"  # single use: a second press is answered as expired
REFUSED = "refused"  # the first press changed what it acts on: a second is refused
SAME = "same"  # may be pressed again, and changes nothing more
NOT_YOURS, EXPIRED = "button.not_yours", "button.expired"
REFUSALS = {NOT_YOURS, EXPIRED, "post.not_found", "post.not_open", "contact.own_post"}


@dataclass(frozen=True)
class Case:
    message: str  # the name of the message in `World.found`
    button: str  # its label, or how its callback data starts
    replay: str  # SPENT, REFUSED, SAME, or why pressing again acts again by design
    own_data: bool = False  # acts on the presser's own data (settings, /forget)
    issues: frozenset[Action] = frozenset()  # tokens a second press may issue to the owner
    forged_by: str | None = None  # whose own chat a forgery comes from (None: the intruder)


TABLE: dict[Action, Case] = {
    Action.CHOOSE_POST_KIND: Case("kind", "🔵 I need it", REFUSED),
    Action.PUBLISH_POST: Case("draft_publish", "✅ Publish", REFUSED),
    Action.DISCARD_POST: Case("draft_discard", "✖️ Cancel", REFUSED),
    Action.EDIT_POST: Case("draft_edit", "✏️ Edit", SAME),
    Action.PUBLISH_LIST: Case("list_publish", "✅ Publish all 2", SPENT),
    Action.SHOW_LIST_CARDS: Case("list_cards", "📝 One by one", SPENT),
    Action.DISCARD_LIST: Case("list_discard", "✖️ Cancel all", SPENT),
    Action.EDIT_POST_FIELD: Case("edit_menu", "Price", SAME),
    Action.CLOSE_WITH_DEAL: Case("open_deal", "🤝 Deal done", REFUSED),
    Action.WITHDRAW_POST: Case("open_withdraw", "🗑 Withdraw", REFUSED),
    Action.RENEW_POST: Case("open_renew", "🔄 Renew", "renewing again sets a later end"),
    Action.SHOW_MARKET: Case("open_renew", "📊 Market", SAME),
    # a stranger's Contact under a search result is their own request: the owner's is not
    Action.CONTACT_POST_OWNER: Case("search", "1. 🤝 Contact", SAME, forged_by="open_renew"),
    Action.CONTACT_MATCH: Case("alert", "🤝 Contact", SAME),
    Action.DISMISS_MATCH: Case("alert", "🙅 Not relevant", SAME),
    Action.SHOW_TRUST: Case("alert", "🛡 Trust record", SAME),
    Action.SET_LANGUAGE: Case("language", "English", SAME, own_data=True),
    Action.ACCEPT_CONTACT: Case("request_accept", "✅ Accept", SPENT),
    Action.DECLINE_CONTACT: Case("request_decline", "✖️ Decline", SPENT),
    Action.DEAL_DONE: Case("card_deal_done", "✅ Deal done", SAME),
    Action.DEAL_TALKING: Case("question_talking", "💬 Still talking", SPENT),
    Action.DEAL_NONE: Case("question_none", "✖️ No deal", SPENT),
    Action.DEAL_CONFIRM: Case("claim_confirm", "✅ Yes, we did", SPENT),
    Action.DEAL_DENY: Case("claim_deny", "✖️ No deal", SPENT),
    Action.RATE_DEAL: Case("rating_ask", "5⭐", SPENT),
    Action.COMMENT_RATING: Case("rating_thanks", "💬 Add a comment", SPENT),
    Action.TOGGLE_SETTING: Case(
        "settings", "v1:a:settings.toggle:what=digest", "a switch switches back", own_data=True
    ),
    Action.CHOOSE_TIMEZONE: Case("settings_zones", "v1:a:settings.zones", SAME, own_data=True),
    Action.SET_TIMEZONE: Case("cities", "London", SAME, own_data=True),
    Action.CHOOSE_CURRENCY: Case(
        "settings_currencies", "v1:a:settings.currencies", SAME, own_data=True
    ),
    Action.SET_CURRENCY: Case("currencies", "€ EUR", SAME, own_data=True),
    Action.CIRCLE_SETTING: Case(
        "circle_card",
        "5/day",
        SAME,
        # the card again, with its buttons
        issues=frozenset({Action.CIRCLE_SETTING, Action.CIRCLE_REPORT, Action.CIRCLE_QUIET}),
    ),
    Action.CIRCLE_REPORT: Case("circle_card", "📊 The week's market", SAME),
    Action.CIRCLE_QUIET: Case(
        "circle_card",
        "📋 Posts without response",
        SAME,
        issues=frozenset({Action.ADVISE_MEMBER}),  # the list again, privately
    ),
    Action.ADVISE_MEMBER: Case("quiet_list", "💡 1", "it says the advice went already"),
    Action.REPORT_PROBLEM: Case(
        "card_report", "⚠️ Report a problem", SAME, issues=frozenset({Action.FILE_COMPLAINT})
    ),
    Action.FILE_COMPLAINT: Case("complaint_reasons", "Did not deliver", SPENT),
    Action.ANSWER_COMPLAINT: Case("complaint", "✍️ Answer", SPENT),
    Action.FORGET_ME: Case(
        "forget", "🗑 Delete everything", "it forgets what the press itself recorded", own_data=True
    ),
    Action.KEEP_ME: Case("keep", "✖️ Cancel", SAME, own_data=True),
}


@dataclass(frozen=True)
class Press:
    who: UserHandle
    message: StoredMessage
    data: str
    answers: set[str] | None = None  # the text keys it may be answered with (None: any)
    issues: frozenset[Action] = frozenset()


def resolve(world: World) -> dict[Action, Press]:
    """Each action's legitimate press: its owner, the message and the button's data."""
    found = {}
    for action, case in TABLE.items():
        owner, message = world.found[case.message]
        data = find_button(message, case.button, None).callback_data
        assert data is not None
        found[action] = Press(owner, message, data, issues=case.issues)
    return found


def garbage(size: int = 64) -> str:
    return "".join(secrets.choice(string.printable.strip()) for _ in range(size))


def junk_after(data: str) -> str:
    """The button's own prefix (its action and argument name, else the kind), then junk."""
    prefix = data[: data.rindex("=") + 1] if "=" in data else data[:5]
    return prefix + garbage(64 - len(prefix.encode()))


async def press_all(presses: list[Press]) -> list[str]:
    """Press everything at once; the answers' texts, in order."""
    queries = [
        press_button(p.who.state, p.who.user, p.message, Button("·", p.data)) for p in presses
    ]
    answers = await asyncio.gather(
        *(p.who.wait_answer(q, timeout=20) for p, q in zip(presses, queries, strict=True))
    )
    return [str(answer.get("text") or "") for answer in answers]


def words(press: Press, key: str) -> str:
    lang = language_from_telegram_code(press.who.user.language_code or "en")
    return plain(lang, key)[:200]


async def change_nothing(database: str, presses: list[Press], clock: Clock | None = None) -> None:
    before = await settled(database, clock)
    answers = await press_all(presses)
    changed = changes(before, await settled(database, clock))
    issued = {(p.who.id, action.value) for p in presses for action in p.issues}
    if "action_tokens" in changed:  # what a second press may issue: new buttons for its owner
        came = changed["action_tokens"]["came"]
        came[:] = [
            row for row in came if (dict(row)["user_id"], dict(row)["action"]) not in issued
        ]
    problems = [
        f"{table} {how}: {[dict(row) for row in found]}"
        for table, rows in changed.items()
        for how, found in rows.items()
        if found
    ]
    for press, answer in zip(presses, answers, strict=True):
        allowed = {words(press, key) for key in press.answers or ()}
        if press.answers is not None and answer not in allowed:
            problems.append(f"{press.who} pressing {press.data!r} was told {answer!r}")
    assert not problems, "\n".join(problems)


def used_tokens(database: str) -> set[str]:
    rows = read_rows(database, "SELECT token FROM action_tokens WHERE used_at IS NOT NULL")
    return {token for (token,) in rows}


def database_of(bot: RunningBot) -> str:
    return bot.settings.database_url


async def started(fake: FakeTelegram, name: str, lang: str) -> tuple[UserHandle, StoredMessage]:
    user = fake.user(name, language_code=lang)
    await user.send("/start")
    (welcome,) = await user.wait_for_messages(1)
    return user, welcome


async def a_circle(fake: FakeTelegram, *members: UserHandle) -> GroupHandle:
    circle = fake.group("Tile traders", members)
    fake.set_admin(circle, members[0])
    await fake.add_bot_to_group(circle, by=members[0])
    await circle.wait_for_messages(1)  # the greeting
    return circle


def test_every_action_has_a_tampering_case() -> None:
    assert set(TABLE) == set(BUTTON_ACTIONS)


async def test_intruders_garbage_and_second_presses_change_nothing(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    bot = make_bot(outcome_ask_after=timedelta(seconds=1), quiet_post_after=timedelta(0))
    await bot.start()
    intruder, own_chat = await started(fake, "Mallory", "zh-hans")
    admin, _ = await started(fake, "Admin", "en")
    circle = await a_circle(fake, admin, intruder)
    greeting = circle.bot_messages()[0]
    world = await build(World(fake, "x"), circle, admin)
    legit = resolve(world)

    tampered = []
    for action, case in TABLE.items():
        press = legit[action]
        tampered.append(Press(intruder, press.message, press.data, {NOT_YOURS}))
        if not case.own_data:
            forger, chat = (intruder, own_chat)
            if case.forged_by:
                forger, chat = world.found[case.forged_by]
            tampered.append(Press(forger, chat, press.data, REFUSALS))
        tampered.append(Press(intruder, greeting, press.data, {NOT_YOURS}))
        tampered.append(Press(press.who, press.message, garbage(), {EXPIRED}))
        tampered.append(Press(press.who, press.message, junk_after(press.data), REFUSALS))
    await change_nothing(database_of(bot), tampered)
    assert rejected(fake) == []  # refusals are answers, never a broken request

    again = {a: p for a, p in legit.items() if TABLE[a].replay in (SPENT, REFUSED, SAME)}
    for action, answer in zip(again, await press_all(list(again.values())), strict=True):
        assert answer not in {words(again[action], key) for key in REFUSALS}, (action, answer)
    spent = {p.data.removeprefix("v1:t:") for a, p in again.items() if TABLE[a].replay == SPENT}
    assert spent <= used_tokens(database_of(bot)), "a first, legitimate press did not work"
    expected = {SPENT: {EXPIRED}, REFUSED: REFUSALS, SAME: None}
    second = [
        Press(p.who, p.message, p.data, expected[TABLE[a].replay], p.issues)
        for a, p in again.items()
    ]
    await change_nothing(database_of(bot), second)


async def test_expired_tokens_change_nothing(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    clock = MovableClock()
    bot = make_bot(
        clock=clock, outcome_ask_after=timedelta(seconds=1), quiet_post_after=timedelta(0)
    )
    await bot.start()
    admin, _ = await started(fake, "Admin", "en")
    world = await build(World(fake, "y"), await a_circle(fake, admin), admin)
    tokens = {a: p for a, p in resolve(world).items() if p.data.startswith("v1:t:")}
    assert len(tokens) >= len(TABLE) // 2, sorted(tokens)  # the rest are action buttons
    database = database_of(bot)
    await settled(database, clock)
    ((last,),) = read_rows(database, "SELECT max(expires_at) FROM action_tokens")
    expiry = from_stored(last)
    clock.advance(expiry - clock.now() + timedelta(minutes=1))  # past every token's expiry
    expired = [Press(p.who, p.message, p.data, {EXPIRED}) for p in tokens.values()]
    await change_nothing(database, expired, clock)
