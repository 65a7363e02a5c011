"""/forget, proven on the whole (issue 31): a Hypothesis state machine over the use cases, on
the in-memory unit of work. Five members post (privately and in two circles; each new
post's vector is stored, as the dense index's encoder does), match, ask for contact and answer, claim, confirm, deny and rate deals, comment, dismiss, close posts,
join circles (an admin stops, vouches, is told of a link; an invitation to start the bot),
write and press buttons (stored updates, handled or not), keep chat state, verify a
business, block the bot, and the clock moves (the sweeps run). Display names are product
words ("保温杯", and "不锈钢保温杯", which ends with it), one member has no name at all, and
a company is called "保温杯" too. The first step builds the world (a post each, the
contact requests and deals of the three matches they make, each deal at a drawn stage;
an update from each member naming the next by @username or name, and one replying to
the one after, each handled or not) and draws who will forget. /forget is a rule, possible after `FORGET_AFTER` steps, after
which the others carry on; if it did not come by the last step, it is the last step
(`teardown`).

At the forget, `store.tables` is compared with a snapshot taken just before it. Writing X
for the member, S for their stand-in, P for X's posts (any status), M for the matches of
P, R for the contact requests from or to X (or about P or M), these are the only allowed
differences, each predicted exactly (`ForgetMachine._expected`):

- users: X's row becomes the tombstone `User(X, zh-Hans, blocked_bot=True,
  created_at=deleted_at=now)`; one new row S < -2**61, `User(S, zh-Hans, blocked_bot=True,
  created_at=X's join date, deleted_at=now)`. Every other row is unchanged.
- profiles: X's is gone. posts: P are gone, and their vectors (post_vectors). matches: M
  are gone. contact requests: R are gone. What X sells (seller_interests) is gone, and the
  leads sent to X or of X's needs.
- deals: a claim by X's partner waiting for X is closed as "none" at now; X's side
  becomes S; match M and posts P they pointed at become None.
- ratings: those X received are gone; those X gave have S as rater and no comment.
- trust events: X's are gone; in others', counterpart X becomes S, and so does X's id
  anywhere in the detail.
- action tokens: X's are gone, and others' whose payload names X (`user`, `about`) or
  points at P, M or R ("dropped tokens").
- reminders: X's are gone; others' "did you make a deal?" keep their deal, with post P and
  match M set to None; others' other reminders about P, M or R are gone.
- circles: X is no longer among the stopped. memberships, invitations: X's are gone.
- persistence: the rows keyed by X (their id, or a list holding it) are gone.
- index changes: X's dismissals are gone; one "post" change per post of P is added (in
  post order, at now); `last_ids` moves on by as many.
- outbox: messages to X are gone, and those to others that are about X: naming X exactly
  (their id or chat link, @username, phone as shown or as digits, a link to a post of
  P, each as a whole word), carrying a dropped token, or one of the bot's sentences naming
  X (deal question, claim, confirmation, denial, rating question and rating shown) to
  someone X dealt with, or an admin's note of a link X posted. The model knows which
  member each such sentence names from the deal (or link) it came from, not from its
  words: one naming another member whose name contains X's (or a product of the same
  name) must stay.
- inbox: X's updates keep only their id and are handled, in S's queue; others' handled updates that
  are about X (X's id as a number, a word as above, a dropped token, or a quote of a
  sentence about X) keep only their id; others' not yet handled updates stay whole but
  for X's id, replaced by S's.
- claims and conversations: X's conversation is gone; a claim on X's queue is S's.
- Nothing else: every other row of every table is as it was.

After the forget, and after every later step, nothing of X is left but the tombstone: X's
id as a number, or their id, chat link, @username or phone in any text, appears in no
table (X's users row is exactly the tombstone; the only exception is the documented one,
others' updates not yet handled at the forget, which keep their text, checked for X's id
as a number only); P are out of the matching index and X's dismissals out of the engine;
a second /forget finds nothing and changes nothing.

Run time (2-core machine, `pytest -n0`): 13-17 s for 30 examples of 20 steps.
`--hypothesis-show-statistics` shows how the examples spread.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import json
import re
import sys
from collections.abc import Coroutine, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from bot.domain.models import ContactStatus, DealOutcome, Lang, PostStatus, User
from bot.services.after_effects import Table
from bot.services.circles import circle_admin, groups
from bot.services.contacts import contact_requests, dismissals
from bot.services.delivery import inbox
from bot.services.errors import UserFacingError
from bot.services.people import identity, profiles, users
from bot.services.people.users import TelegramPerson
from bot.services.posting import publishing
from bot.services.privacy import forgetting
from bot.services.reminders import sending
from bot.services.reminders.reminder_context import ReminderContext
from bot.services.schedule import Schedule
from bot.services.trust import deals, ratings
from bot.texts import as_plain
from tests.fakes import FixedClock, InMemoryStore
from tests.fakes.base import Tables
from tests.unit.services.world import NEED, OFFER, TTL, new_index, opened

pytestmark = pytest.mark.slow  # about 13 s: the quick loop leaves it to the full run

pytestmark = pytest.mark.slow

T = TypeVar("T")
SCHEDULE = Schedule(post_ttl=TTL)
STEPS = 20
FORGET_AFTER = 8  # /forget comes after this many steps (or after the last)


@dataclass(frozen=True)
class Member:
    id: int
    name: str
    lang: Lang
    username: str | None = None
    phone: str | None = None  # as stored (international format)
    digits: tuple[str, ...] = ()  # the phone as digits, with and without the country code
    company: str | None = None

    @property
    def marks(self) -> tuple[str, ...]:
        """What identifies them exactly in a text, written out by hand."""
        marks = [f"tg://user?id={self.id}"]
        if self.username:
            marks.append(f"@{self.username}")
        if self.phone:
            marks += [self.phone, *self.digits]
        return tuple(marks)

    def person(self) -> TelegramPerson:
        return TelegramPerson(self.id, self.name, None, self.username, None)


MEMBERS = (
    Member(
        7_310_001,
        "保温杯",
        Lang.ZH_HANS,
        "cup_one",
        "+86 138 0013 8001",
        ("8613800138001", "13800138001"),
        company="保温杯",
    ),
    Member(7_310_002, "Sam Lee", Lang.EN, "sam_buys"),
    Member(
        7_310_003,
        "不锈钢保温杯",
        Lang.ZH_HANS,
        None,
        "+44 7400 123456",
        ("447400123456", "7400123456"),
        company="Quillworks 保温杯厂",
    ),
    Member(7_310_004, "", Lang.ZH_HANT, "li_quill"),  # no name: shown by their id
    Member(7_310_005, "Lee", Lang.EN, "lee_cups", "+852 9123 4567", ("85291234567", "91234567")),
)
BY_ID = {m.id: m for m in MEMBERS}
IDS = tuple(BY_ID)
CIRCLES = ((-1_001_000_000_001, "保温杯交流群"), (-1_001_000_000_002, "Cups & Flasks"))
TEXTS = (
    OFFER,
    NEED,
    "出售 不锈钢保温杯 起订500个 11元/个",
    "求购 保温杯 2000个 单价12元以内",
    "#供应 不锈钢保温杯 现货3000个 10元/个",
)
COMMENTS = ("保温杯质量好", "Sam Lee was fair", "不锈钢保温杯 发货快", "Lee: good")
LINK = "看看这个 https://cups.example/catalogue"
CREDIT_CODE = "91350100M000100Y43"
# The bot's sentences naming one member to another (outbox kinds): to a deal partner...
TO_PARTNERS = (
    "deal.question",
    "deal.claim",
    "deal.confirmed",
    "deal.denied",
    "rating.ask",
    "rating.revealed",
)
LINK_FLAG = "circle.link"  # ... and to a circle's admin, of a new member's link
TOKEN_REFS = ("post", "match", "request")
ENCODER = "use-multilingual-v3"  # the model of the post vectors (issue 34)
ANSWERS = ("accept", "asks back", "decline", "waits")  # to a contact request
STAGES = {  # where a deal gets to: the choices of `deal_goes_on`, the sides taking turns
    "open": [],
    "still talking": [9],
    "no deal": [8],
    "claimed": [0],
    "denied": [0, 7],
    "confirmed": [0, 0],
    "rated by one": [0, 0, 2],
    "rated by both": [0, 0, 2, 4],
    "commented": [0, 0, 2, 4, 6, 7],
}


def whole_word(words: Iterable[str]) -> re.Pattern[str] | None:
    """Any of `words`, not inside a longer ASCII word or number."""
    alternatives = "|".join(re.escape(w) for w in words if w)
    if not alternatives:
        return None
    return re.compile(rf"(?<![0-9A-Za-z_])(?:{alternatives})(?![0-9A-Za-z_])", re.IGNORECASE)


def strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def has_int(value: Any, number: int) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value == number
    if isinstance(value, dict):
        return any(has_int(v, number) for v in value.values())
    if isinstance(value, list | tuple):
        return any(has_int(v, number) for v in value)
    return False


def swap(value: Any, old: int, new: int) -> Any:
    """A JSON document with the number `old` replaced by `new` wherever it is."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return new if value == old else value
    if isinstance(value, dict):
        return {k: swap(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [swap(v, old, new) for v in value]
    return value


def traces(value: Any, number: int, words: tuple[str, ...], path: str) -> list[str]:
    """Where `value` holds `number` (as a number), or one of `words` in a text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [
            hit
            for f in dataclasses.fields(value)
            for hit in traces(getattr(value, f.name), number, words, f"{path}.{f.name}")
        ]
    if isinstance(value, dict):
        return [
            hit
            for k, v in value.items()
            for hit in traces(k, number, words, f"{path}[key]")
            + traces(v, number, words, f"{path}[{k!r}]")
        ]
    if isinstance(value, list | tuple | set | frozenset):
        return [
            hit for i, v in enumerate(value) for hit in traces(v, number, words, f"{path}[{i}]")
        ]
    if isinstance(value, int) and not isinstance(value, bool):
        return [f"{path} = {value}"] if value == number else []
    if isinstance(value, str):
        found = [w for w in words if w.lower() in value.lower()]
        return [f"{path} has {found}: {value!r}"] if found else []
    return []


def differences(expected: Tables, actual: Tables) -> list[str]:
    """Every table where `actual` is not as predicted, row by row."""
    found = []
    for f in dataclasses.fields(Tables):
        want, got = getattr(expected, f.name), getattr(actual, f.name)
        if want == got:
            continue
        for key in sorted(set(want) | set(got), key=repr):
            if key not in got:
                found.append(f"{f.name}[{key!r}] is gone, should be {want[key]!r}")
            elif key not in want:
                found.append(f"{f.name}[{key!r}] should be gone (or never there): {got[key]!r}")
            elif want[key] != got[key]:
                found.append(f"{f.name}[{key!r}] is {got[key]!r}, should be {want[key]!r}")
    return found


class ForgetMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.clock = FixedClock()
        self.store = InMemoryStore(self.clock)
        self.factory = self.store.uow_factory
        self.index = new_index()
        self.steps = 0
        self.leaving = IDS[0]
        self.forgotten: int | None = None
        self.tombstone: User | None = None
        self.gone_posts: set[int] = set()
        self.kept_whole: set[int] = set()  # others' updates not handled at the forget
        # What the model knows of the outbox: which member a sentence names.
        self.seen_outbox = 0
        self.named: dict[int, int] = {}  # outbox id: the member its sentence names
        self.acting_deal: int | None = None
        self.acting_member: int | None = None
        # ... and of the inbox: who sent each update, which message it quoted.
        self.next_update = 1
        self.senders: dict[int, int] = {}
        self.quoted: dict[int, int] = {}

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return self.loop.run_until_complete(coroutine)

    def act(self, coroutine: Coroutine[Any, Any, T]) -> T | None:
        """A use case as a member would press it: a refusal is an answer, not a failure."""
        try:
            return self.run(coroutine)
        except UserFacingError:
            return None

    def teardown(self) -> None:
        """The last step, if nobody forgot yet: /forget, unless the run already failed
        (an exception on its way out)."""
        try:
            if self.forgotten is None and sys.exc_info()[0] is None:
                self.forgets()
                self.the_model_keeps_up()
                self.nothing_of_them_is_left_but_the_tombstone()
        finally:
            self.loop.close()

    def alive(self, user_id: int) -> bool:
        return user_id in BY_ID and user_id != self.forgotten

    @property
    def tables(self) -> Tables:
        return self.store.tables

    # -- the world --------------------------------------------------------------------------

    @initialize(
        leaving=st.sampled_from(IDS),
        answers=st.lists(st.sampled_from(ANSWERS), min_size=3, max_size=3),
        stages=st.lists(st.sampled_from(list(STAGES)), min_size=3, max_size=3),
        handled=st.lists(st.booleans(), min_size=2 * len(MEMBERS), max_size=2 * len(MEMBERS)),
    )
    def members_and_circles(
        self, leaving: int, answers: list[str], stages: list[str], handled: list[bool]
    ) -> None:
        """Five members, two circles (the second open to the market), a post each, and
        the three matches they make: each one's buyer asks for contact and the seller
        answers; the deals this opens reach a stage (`STAGES`). Each member writes naming
        the next (`sends_an_update`) and replies to the one after, each update `handled`
        or not. And who will use /forget."""
        self.leaving = leaving

        async def setup() -> None:
            async with self.factory() as uow:
                for m in MEMBERS:
                    await uow.users.upsert(
                        User(m.id, m.lang, username=m.username, display_name=m.name)
                    )
                await uow.commit()
            for m in MEMBERS:
                if m.phone:
                    await users.set_phone(self.factory, m.id, m.phone.replace(" ", ""))
                if m.company:
                    answers = {"company": m.company, "products": "保温杯", "keywords": "保温杯"}
                    await profiles.save(self.factory, m.id, answers)
            for chat_id, title in CIRCLES:
                await groups.bot_joined(self.factory, self.clock, chat_id, title, None)
            async with self.factory() as uow:  # the second circle is open to the market
                circle = await uow.circles.get(CIRCLES[1][0])
                assert circle is not None
                circle.open_to_market = True
                await uow.circles.save(circle)
                await uow.commit()
            for m, (text, where) in zip(
                MEMBERS,
                ((0, None), (1, None), (2, 1), (3, 0), (4, 0)),
                strict=True,
            ):
                await self._post(m.id, text, where)

        self.run(setup())
        for m in MEMBERS:
            assert self.tables.users[m.id].phone == m.phone
        assert len(self.tables.matches) == len(answers), self.tables.matches
        for which, answer in enumerate(answers):
            self.exchanges(which, False, answer)
        for n, (match_id, stage) in enumerate(
            zip(sorted(self.tables.matches), stages, strict=True)
        ):
            for deal_id in [i for i, d in self.tables.deals.items() if d.match_id == match_id]:
                for turn, choice in enumerate(STAGES[stage]):  # the seller starts, or the buyer
                    self._deal_step(deal_id, (turn + n) % 2 == 0, choice)
                self._note_sentences()
        for n, (who, done) in enumerate(zip(IDS * 2, handled, strict=True)):
            other = IDS[(IDS.index(who) + 1 + n // len(IDS)) % len(IDS)]
            self.sends_an_update(who, other, "replies" if n // len(IDS) else "mentions", 0, done)

    async def _post(self, who: int, text: int, where: int | None) -> None:
        if where is None:
            await opened(self.factory, self.clock, self.index, who, TEXTS[text])
        else:
            await groups.post_in_circle(
                self.factory,
                self.clock,
                SCHEDULE,
                Table(self.index, SCHEDULE),
                CIRCLES[where],
                who,
                TEXTS[text],
            )
        async with self.factory() as uow:  # the dense index's encoder stores its vector
            mine = await uow.posts.list_by_user(who, [PostStatus.OPEN], offset=0, limit=100)
            ids = [p.id for p in mine if p.id is not None]
            stored = await uow.post_vectors.of_posts(ids, ENCODER)
            for post_id in ids:
                if post_id not in stored:
                    await uow.post_vectors.save(post_id, ENCODER, bytes([post_id % 256]) * 512)
            await uow.commit()

    @rule(
        who=st.sampled_from(IDS),
        text=st.integers(0, len(TEXTS) - 1),
        where=st.sampled_from([None, 0, 1]),
    )
    def posts(self, who: int, text: int, where: int | None) -> None:
        if self.alive(who):
            self.act(self._post(who, text, where))

    def _match_sides(self, which: int, offer_side: bool) -> tuple[int, int, int] | None:
        """(match id, the member on the chosen side, the other) of one match."""
        if not self.tables.matches:
            return None
        match = self.tables.matches[sorted(self.tables.matches)[which % len(self.tables.matches)]]
        offer = self.tables.posts[match.offer_id].post.user_id
        need = self.tables.posts[match.need_id].post.user_id
        assert match.id is not None
        return (match.id, offer, need) if offer_side else (match.id, need, offer)

    @rule(
        which=st.integers(0, 50),
        offer_side=st.booleans(),
        answer=st.sampled_from(ANSWERS),
    )
    def exchanges(self, which: int, offer_side: bool, answer: str) -> None:
        """Contact under a match alert, and the other side's answer."""
        sides = self._match_sides(which, offer_side)
        if sides is None or not self.alive(sides[1]):
            return
        match_id, asker, owner = sides
        ask = contact_requests.ask_about_match(self.factory, self.clock, asker, match_id, SCHEDULE)
        if self.act(ask) != "contact.sent" or answer == "waits":
            return
        request = max(self.tables.contact_requests)
        if answer == "asks back":
            self.act(
                contact_requests.ask_about_match(
                    self.factory, self.clock, owner, match_id, SCHEDULE
                )
            )
        elif answer == "accept":
            self.act(contact_requests.accept(self.factory, self.clock, request, owner, SCHEDULE))
        else:
            self.act(contact_requests.decline(self.factory, self.clock, request, owner))

    @rule(who=st.sampled_from(IDS), which=st.integers(0, 50))
    def asks_after_a_search(self, who: int, which: int) -> None:
        """Contact under a /search result."""
        found = sorted(i for i, r in self.tables.posts.items() if r.post.user_id != who)
        if self.alive(who) and found:
            post_id = found[which % len(found)]
            self.act(
                contact_requests.ask_about_post(self.factory, self.clock, who, post_id, SCHEDULE)
            )

    @rule(which=st.integers(0, 50), accept=st.booleans())
    def answers_a_request(self, which: int, accept: bool) -> None:
        waiting = [
            r
            for _, r in sorted(self.tables.contact_requests.items())
            if r.status is ContactStatus.PENDING
        ]
        if not waiting:
            return
        request = waiting[which % len(waiting)]
        assert request.id is not None and self.alive(request.to_user_id)
        if accept:
            answer = contact_requests.accept(
                self.factory, self.clock, request.id, request.to_user_id, SCHEDULE
            )
        else:
            answer = contact_requests.decline(
                self.factory, self.clock, request.id, request.to_user_id
            )
        self.act(answer)

    @rule(
        which=st.integers(0, 50),
        seller=st.booleans(),
        choices=st.lists(st.integers(0, 9), min_size=1, max_size=4),
    )
    def deal_goes_on(self, which: int, seller: bool, choices: list[int]) -> None:
        """One deal moves on a step per choice, the sides taking turns (starting with the
        seller or the buyer): claim it (or say no deal, or still talking), confirm or deny
        the other side's claim, rate it, comment on one's rating."""
        moving = (None, DealOutcome.NONE, DealOutcome.CLAIMED, DealOutcome.CONFIRMED)
        found = sorted(i for i, d in self.tables.deals.items() if d.outcome in moving)
        if found:
            for turn, choice in enumerate(choices):
                self._deal_step(found[which % len(found)], seller == (turn % 2 == 0), choice)

    def _deal_step(self, deal_id: int, seller: bool, choice: int) -> None:
        deal = self.tables.deals[deal_id]
        user = deal.seller_id if seller else deal.buyer_id
        if deal.outcome is DealOutcome.CLAIMED and deal.claimed_by == user:
            user = deal.other(user)  # the claim waits for the other side
        if not self.alive(user):
            return
        self.acting_deal = deal_id
        f, c = self.factory, self.clock
        if deal.outcome in (None, DealOutcome.NONE):
            if choice == 9 and deal.outcome is None:
                self.act(deals.still_talking(f, c, user, deal_id, 1))
            elif choice == 8 and deal.outcome is None:
                self.act(deals.no_deal(f, c, user, deal_id))
            else:
                key = self.act(deals.deal_done(f, c, user, deal_id))
                if deal.other(user) not in BY_ID:  # a stand-in: nobody could confirm it
                    assert key == "deal.partner_gone", key
        elif deal.outcome is DealOutcome.CLAIMED:
            if choice < 7:
                self.act(deals.confirm(f, c, user, deal_id))
            else:
                self.act(deals.deny(f, c, user, deal_id))
        elif deal.outcome is DealOutcome.CONFIRMED:
            if choice < 6:
                self.act(ratings.rate(f, c, user, deal_id, choice % 5 + 1))
            else:
                self.act(ratings.comment(f, c, user, deal_id, COMMENTS[choice % len(COMMENTS)]))

    @rule(which=st.integers(0, 50), offer_side=st.booleans())
    def dismisses(self, which: int, offer_side: bool) -> None:
        """ "Not relevant" under a match alert."""
        sides = self._match_sides(which, offer_side)
        if sides is not None and self.alive(sides[1]):
            self.act(
                dismissals.dismiss_match(
                    self.factory, self.clock, Table(self.index), sides[0], sides[1]
                )
            )

    @rule(which=st.integers(0, 50), deal=st.booleans())
    def closes_a_post(self, which: int, deal: bool) -> None:
        found = sorted(
            i
            for i, r in self.tables.posts.items()
            if r.post.status in (PostStatus.OPEN, PostStatus.EXPIRED)
            and self.alive(r.post.user_id)
        )
        if found:
            post_id = found[which % len(found)]
            owner = self.tables.posts[post_id].post.user_id
            self.act(
                publishing.close(
                    self.factory, self.clock, Table(self.index), post_id, owner, deal=deal
                )
            )

    @rule(days=st.integers(0, 16), hours=st.integers(0, 23))
    def time_passes(self, days: int, hours: int) -> None:
        """The clock moves; the sweeps run: posts expire, reminders go out, claims lapse."""
        self.clock.advance(timedelta(days=days, hours=hours or 1))
        context = ReminderContext(SCHEDULE, self.index, quiet_hours=False)

        async def sweep() -> None:
            await publishing.expire_due(self.factory, self.clock, Table(self.index))
            await sending.send_due(self.factory, self.clock, context)
            await deals.expire_claims(self.factory, self.clock)

        self.run(sweep())

    @rule(
        who=st.sampled_from(IDS),
        other=st.sampled_from(IDS),
        circle=st.sampled_from([0, 1]),
        what=st.sampled_from(["joins", "stopped", "vouched", "posts a link", "invited"]),
    )
    def circle_life(self, who: int, other: int, circle: int, what: str) -> None:
        """In a circle: `who` joins, is stopped or vouched for by `other` (an admin), posts
        a link the admin is told of, or is invited to start the bot."""
        if not (self.alive(who) and self.alive(other)):
            return
        chat = CIRCLES[circle]
        f, c = self.factory, self.clock
        if what == "joins":
            self.act(groups.member_joined(f, c, chat, BY_ID[who].person()))
        elif what == "stopped":
            self.act(circle_admin.stop_member(f, c, chat[0], who))
        elif what == "vouched":
            self.act(circle_admin.vouch(f, c, chat[0], other, who))
        elif what == "invited":
            self.act(groups.invite_to_start(f, c, who, "tradecircle_bot"))
        elif BY_ID[who].name:  # a link: Telegram names are never empty
            found = self.run(groups.links_to_flag(f, c, chat[0], who))
            if found is not None:
                self.acting_member = who
                self.run(groups.flag_link(f, c, found, [other], BY_ID[who].name, LINK))

    @rule(
        who=st.sampled_from(IDS),
        what=st.sampled_from(["verifies", "chat state", "stops the bot"]),
    )
    def member_life(self, who: int, what: str) -> None:
        if not self.alive(who):
            return
        if what == "verifies":
            self.act(identity.verify_business(self.factory, self.clock, who, CREDIT_CODE))
        elif what == "stops the bot":
            self.run(users.set_blocked(self.factory, who))
        else:

            async def save() -> None:
                async with self.factory() as uow:
                    answers = {"answers": {"company": BY_ID[who].company or "", "step": 2}}
                    await uow.persistence.save("user_data", str(who), answers)
                    await uow.persistence.save("conversation:post", f"[{who}, {who}]", 1)
                    await uow.commit()

            self.run(save())

    @rule(
        who=st.sampled_from(IDS),
        other=st.sampled_from(IDS),
        what=st.sampled_from(["writes", "mentions", "replies", "presses"]),
        which=st.integers(0, 50),
        handled=st.booleans(),
    )
    def sends_an_update(self, who: int, other: int, what: str, which: int, handled: bool) -> None:
        """An update from `who` reaches the bot and is stored in the inbox, `handled` or
        not yet: a message, one naming `other` by @username (or by name, when they have
        none), a reply to `other`'s message, a button pressed under a message of the
        bot's (its text quoted)."""
        if not (self.alive(who) and self.alive(other)):
            return
        me, them = BY_ID[who], BY_ID[other]
        update_id, self.next_update = self.next_update, self.next_update + 1
        sender = {"id": who, "first_name": me.name or "x"}
        message: dict[str, Any] = {
            "message_id": update_id,
            "from": sender,
            "text": "还有保温杯吗？",
        }
        if what == "mentions":
            message["text"] = (
                f"找 @{them.username} 买保温杯" if them.username else f"{them.name}说有货"
            )
        elif what == "replies":
            quoted = {"from": {"id": other, "first_name": them.name or "x"}, "text": "保温杯 现货"}
            message["reply_to_message"] = quoted
        payload: dict[str, Any] = {"update_id": update_id, "message": message}
        if what == "presses":
            mine = sorted(i for i, r in self.tables.outbox.items() if r.message.chat_id == who)
            if not mine:
                return
            row = self.tables.outbox[mine[which % len(mine)]].message
            tokens = [token for line in row.buttons for _, token in line]
            shown = {"message_id": 9, "chat": {"id": who}, "text": as_plain(row.text)}
            press = {"id": "1", "from": sender, "message": shown, "data": (tokens or [""])[0]}
            payload = {"update_id": update_id, "callback_query": press}
            assert row.id is not None
            self.quoted[update_id] = row.id
        self.senders[update_id] = who
        self.run(inbox.receive(self.factory, self.clock, update_id, payload, me.person(), Lang.EN))
        if handled:
            self.run(inbox.mark_done(self.factory, self.clock, [update_id]))

    # -- /forget ----------------------------------------------------------------------------

    @precondition(lambda self: self.forgotten is None and self.steps > FORGET_AFTER)
    @rule()
    def forgets(self) -> None:
        """The member chosen at the start uses /forget (if they have not by the last step,
        they do after it: `teardown`)."""
        who = self.leaving
        before = copy.deepcopy(self.tables)
        now = self.clock.now()
        assert self.run(forgetting.forget(self.factory, self.clock, Table(self.index), who))
        after = self.tables
        (stand_in,) = set(after.users) - set(before.users)
        assert stand_in < -forgetting.STAND_IN_FLOOR, stand_in
        expected = self._expected(before, who, stand_in, now)
        wrong = differences(expected, after)
        assert not wrong, "\n".join(wrong)

        self.forgotten, self.tombstone = who, after.users[who]
        self.gone_posts = {i for i, r in before.posts.items() if r.post.user_id == who}
        self.kept_whole = {
            u for u, r in before.inbox.items() if r.done_at is None and self.senders.get(u) != who
        }
        again = copy.deepcopy(after)
        assert not self.run(forgetting.forget(self.factory, self.clock, Table(self.index), who))
        assert self.tables == again, "a second /forget changed something"

    def _expected(self, before: Tables, x: int, s: int, now: datetime) -> Tables:
        """The tables as the policy says /forget leaves them (see the module docstring)."""
        t = copy.deepcopy(before)
        posts = {i for i, r in t.posts.items() if r.post.user_id == x}
        matches = {i for i, m in t.matches.items() if m.offer_id in posts or m.need_id in posts}
        requests = {
            i
            for i, r in t.contact_requests.items()
            if x in (r.from_user_id, r.to_user_id) or r.post_id in posts or r.match_id in matches
        }
        joined = before.users[x].created_at
        t.users[x] = User(x, Lang.ZH_HANS, blocked_bot=True, created_at=now, deleted_at=now)
        t.users[s] = User(s, Lang.ZH_HANS, blocked_bot=True, created_at=joined, deleted_at=now)
        t.profiles.pop(x, None)
        t.registrations = {i: r for i, r in t.registrations.items() if r[2] != x}
        t.conversations.pop(x, None)
        if x in t.claims:
            t.claims[s] = t.claims.pop(x)
        for table, ids in ((t.posts, posts), (t.matches, matches), (t.contact_requests, requests)):
            for i in ids:
                del table[i]  # type: ignore[attr-defined]
        t.post_vectors = {i: v for i, v in t.post_vectors.items() if i not in posts}
        t.seller_interests = {k: v for k, v in t.seller_interests.items() if k[0] != x}
        t.leads = {k: v for k, v in t.leads.items() if k[0] not in posts and k[1] != x}

        for deal in t.deals.values():
            if deal.has(x) and deal.outcome is DealOutcome.CLAIMED and deal.claimed_by != x:
                deal.outcome, deal.closed_at = DealOutcome.NONE, now  # only X could confirm
            deal.seller_id = s if deal.seller_id == x else deal.seller_id
            deal.buyer_id = s if deal.buyer_id == x else deal.buyer_id
            deal.match_id = None if deal.match_id in matches else deal.match_id
            deal.offer_id = None if deal.offer_id in posts else deal.offer_id
            deal.need_id = None if deal.need_id in posts else deal.need_id
        for i, rating in list(t.ratings.items()):
            if rating.ratee_id == x:
                del t.ratings[i]
            elif rating.rater_id == x:
                rating.rater_id, rating.comment = s, ""
        for i, event in list(t.trust_events.items()):
            if event.user_id == x:
                del t.trust_events[i]
            else:
                event.counterpart_id = s if event.counterpart_id == x else event.counterpart_id
                event.detail = swap(event.detail, x, s)

        refs = {"post": posts, "match": matches, "request": requests}

        def about_them(payload: dict[str, object]) -> bool:
            return x in (payload.get("user"), payload.get("about")) or any(
                payload.get(key) in refs[key] for key in TOKEN_REFS
            )

        dropped = {
            token
            for token, a in before.action_tokens.items()
            if a.user_id != x and about_them(a.payload)
        }
        t.action_tokens = {
            token: a
            for token, a in t.action_tokens.items()
            if a.user_id != x and token not in dropped
        }
        for i, reminder in list(t.reminders.items()):
            if reminder.user_id == x:
                del t.reminders[i]
            elif "deal" in reminder.payload:  # the deal stays: its question too
                reminder.post_id = None if reminder.post_id in posts else reminder.post_id
                reminder.match_id = None if reminder.match_id in matches else reminder.match_id
            elif (
                reminder.post_id in posts
                or reminder.match_id in matches
                or reminder.payload.get("request") in requests
            ):
                del t.reminders[i]
        for circle in t.circles.values():
            circle.stopped = tuple(u for u in circle.stopped if u != x)
        t.memberships = {k: v for k, v in t.memberships.items() if k[1] != x}
        t.invitations = {k: v for k, v in t.invitations.items() if k[1] != x}

        def keyed_by_them(key: str) -> bool:
            try:
                value = json.loads(key)
            except ValueError:
                return False
            return value == x or (isinstance(value, list) and x in value)

        t.persistence = {k: v for k, v in t.persistence.items() if not keyed_by_them(k[1])}
        t.index_changes = {r: c for r, c in t.index_changes.items() if c[3] != x}
        for post_id in sorted(posts):  # other processes drop them from their index
            revision = t.next_id("index_changes")
            t.index_changes[revision] = ("post", self.index.origin, post_id, None, now)

        links = [f"start=p{i}" for i in posts]
        exact = whole_word([*BY_ID[x].marks, str(x), *links])
        assert exact is not None
        # A sentence naming X counts by the deal (or link) it came from, not by its words:
        # one naming a member whose name ends with X's ("不锈钢保温杯") must stay. The
        # machine found that "{name} says there was no deal" did not (now "❌ {name} ...";
        # `test_a_denial_naming_a_namesake_stays` keeps the example).
        named_them = {i for i, named in self.named.items() if named == x}

        def message_about_them(i: int, chat_id: int, text: str, tokens: set[str]) -> bool:
            return (
                chat_id == x
                or exact.search(text) is not None
                or bool(tokens & dropped)
                or i in named_them
            )

        t.outbox = {
            i: record
            for i, record in t.outbox.items()
            if not message_about_them(
                i,
                record.message.chat_id,
                record.message.text,
                {token for line in record.message.buttons for _, token in line},
            )
        }
        words = whole_word([*BY_ID[x].marks, str(x), *links, *dropped])
        assert words is not None
        for update_id, record in t.inbox.items():
            record.person = s if record.person == x else record.person  # their queue
            if self.senders.get(update_id) == x:
                record.payload = {"update_id": update_id}
                record.done_at = record.done_at or now
            elif record.done_at is not None:
                if (
                    has_int(record.payload, x)
                    or any(words.search(text) for text in strings(record.payload))
                    or self.quoted.get(update_id) in named_them
                ):
                    record.payload = {"update_id": update_id}
            else:
                record.payload = swap(record.payload, x, s)
        return t

    # -- what is checked after every step ---------------------------------------------------

    @invariant()
    def the_model_keeps_up(self) -> None:
        self.steps += 1
        self._note_sentences()

    def _note_sentences(self) -> None:
        """Notes which member each new sentence names: the other side of the deal it is
        about (from its buttons, or the deal acted on), or the member whose link an admin
        is told of."""
        for i in sorted(i for i in self.tables.outbox if i > self.seen_outbox):
            message = self.tables.outbox[i].message
            if message.kind in TO_PARTNERS:
                tokens = [token for line in message.buttons for _, token in line]
                found = [
                    self.tables.action_tokens[token].payload.get("deal")
                    for token in tokens
                    if token in self.tables.action_tokens
                ]
                deal_id = next((d for d in found if d is not None), self.acting_deal)
                assert isinstance(deal_id, int), (message, self.acting_deal)
                self.named[i] = self.tables.deals[deal_id].other(message.chat_id)
            elif message.kind == LINK_FLAG:
                assert self.acting_member is not None, message
                self.named[i] = self.acting_member
            self.seen_outbox = i
        self.acting_deal = self.acting_member = None

    @invariant()
    def nothing_of_them_is_left_but_the_tombstone(self) -> None:
        x = self.forgotten
        if x is None:
            return
        assert self.tables.users[x] == self.tombstone
        assert self.tombstone == User(
            x,
            Lang.ZH_HANS,
            blocked_bot=True,
            created_at=self.tombstone.created_at,
            deleted_at=self.tombstone.created_at,
        )
        words = (str(x), *BY_ID[x].marks)
        found: list[str] = []
        for f in dataclasses.fields(Tables):
            for key, row in getattr(self.tables, f.name).items():
                path = f"{f.name}[{key!r}]"
                if f.name == "users" and key == x:
                    continue
                if f.name == "inbox" and key in self.kept_whole:  # their words may stay
                    found += traces(row, x, (), path)
                    continue
                found += traces(key, x, words, path + ".key") + traces(row, x, words, path)
        assert not found, "\n".join(found)
        assert [p for p in self.gone_posts if self.index.engine.terms_of(p) is not None] == []
        assert not self.index.engine.dismissals.of(x)


ForgetMachine.TestCase.settings = settings(
    max_examples=20,
    stateful_step_count=STEPS,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_forget_state_machine = ForgetMachine.TestCase


def test_a_denial_naming_a_namesake_stays() -> None:
    """The smallest example the machine found, before the denial opened with ❌: B
    ("Sam Lee") exchanged contacts with 保温杯 and with 不锈钢保温杯, who denied B's claim of
    a deal; 保温杯 forgets, and B's "不锈钢保温杯 says there was no deal ..." must stay."""
    machine = ForgetMachine()
    try:
        machine.members_and_circles(
            MEMBERS[0].id, ["accept"] * 3, ["open", "denied", "open"], [False] * 10
        )
        machine.the_model_keeps_up()
        machine.forgets()
        machine.the_model_keeps_up()
        machine.nothing_of_them_is_left_but_the_tombstone()
    finally:
        machine.teardown()
