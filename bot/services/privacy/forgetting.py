"""/forget (issue 13): a member deletes their data, after one confirmation.

Deleted: their posts (and their place in the matching index), the matches of those posts,
their profile (name, username, phone, company, verification), contact requests to or from
them, reminders, buttons, persisted chat state, circle memberships, messages to them and
messages about them (sent or not), and their own trust record: their trust events and the
ratings others gave them. Updates they sent keep only their id, so a redelivered one is
still a duplicate.

A message or stored update is about them only by what identifies them exactly: their id,
the link to their chat, @username, phone (`bot.domain.privacy.identifiers`), buttons about them or what was theirs,
links to their posts; or by one of the bot's own sentences naming them (`_sentences`) to
someone they dealt with (or, of a link they posted, to a circle's admins). Never by a name
or company alone: a display name such as "保温杯" is also a product, in other people's
alerts and messages. Someone else's stored update is never lost: one already handled that
is about them keeps only its id, one not yet handled is kept whole, their id in it
replaced by the stand-in's.

Anonymised: what other people's records rest on. Their deals and the stars they gave
others (without the comment, which was theirs) move to a stand-in: a users row with a new
negative id, no name, their join date (a rater's weight reads it) and `deleted_at`, shown
as "deleted user". Others' trust events that name them name the stand-in. Deals keep
working for the other side, except that a claim waiting for their answer is closed as "no
deal" (it would turn into an unconfirmed claim against its maker) and no new claim can
be made with a deleted user (`deals.deal_done`).

The users row stays as a tombstone: id and `deleted_at`, everything else blank. A block or
a redelivered update leaves it so; anything new they send starts afresh (`users.register`).
docs/RELIABILITY.md ("Privacy") says why.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Iterator
from datetime import datetime

from bot.domain.models import Deal, DealOutcome, Lang, PostStatus, User
from bot.domain.privacy import identifiers
from bot.services.events import AfterEffects, MemberForgotten
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.texts import CATALOGUES, Html, as_plain, escape, placeholders, t
from bot.texts.people import person_name

STAND_IN_FLOOR = 2**61  # stand-ins are below -2**61: no Telegram chat id is, nor a person
MAX_OPEN_POSTS = 10_000
# The bot's sentences that name one member to another by name: written to a deal partner,
# and to a circle's admins (of a new member's link).
TO_PARTNERS = (
    "deal.question",
    "deal.claim",
    "deal.confirmed_other",
    "deal.denied_other",
    "rating.ask",
    "rating.revealed",
)
TO_ADMINS = ("circle.link_flag",)
_CUT = Html("\x00")  # stands for the other placeholders of a sentence


async def forget(uow_factory: UowFactory, clock: Clock, after: AfterEffects, user_id: int) -> bool:
    """Delete the member's data as above; False if there was nothing (already forgotten)."""
    async with uow_factory() as uow:
        user = await uow.users.get(user_id)
        if user is None or user.deleted_at is not None:
            return False
        now = clock.now()
        live = await uow.posts.list_by_user(
            user_id, [PostStatus.OPEN], offset=0, limit=MAX_OPEN_POSTS
        )
        deals = await uow.deals.of_user(user_id)
        for deal in deals:
            if deal.outcome is DealOutcome.CLAIMED and deal.claimed_by != user_id:
                deal.outcome, deal.closed_at = DealOutcome.NONE, now  # only they could confirm
                await uow.deals.update(deal)
        sentences = _sentences(user, _partners(user_id, deals))
        stand_in = await _new_stand_in(uow, user, now)
        posts = await uow.erasure.forget(user_id, stand_in, identifiers(user), sentences, now)
        # Any language will do: nobody reads a tombstone's.
        tombstone = User(user_id, Lang.ZH_HANS, blocked_bot=True, created_at=now, deleted_at=now)
        await uow.users.upsert(tombstone)
        # other processes forget their posts (and, at restart, their dismissals)
        gone = MemberForgotten(user_id, tuple(posts), tuple(live))
        await after.commit(uow, now, [gone])
    return True


def _partners(user_id: int, deals: Collection[Deal]) -> frozenset[int]:
    """Whom the bot may have named them to in a deal's messages (every contact exchange
    opens a deal)."""
    return frozenset(p for d in deals for p in (d.seller_id, d.buyer_id) if p != user_id)


def _sentences(user: User, partners: frozenset[int]) -> dict[str, frozenset[int] | None]:
    """The bot's sentences naming them, each with whom it could have gone to (None: anyone,
    a circle's admins are not stored), in every language, as sent (HTML) and as a message
    quoted in a stored update shows it (plain). Only the wording around the name is kept,
    so a sentence about someone else, or a product of the same name, does not count."""
    found: dict[str, frozenset[int] | None] = {}
    for keys, readers in ((TO_PARTNERS, partners), (TO_ADMINS, None)):
        if readers is None and not user.display_name:
            continue  # Telegram's names are never empty: no sentence to look for
        for lang in Lang:
            for key in keys:
                name = person_name(user, lang) if readers is not None else user.display_name
                for sentence in _around(lang, key, name):
                    found[sentence] = readers
    return found


def _around(lang: Lang, key: str, name: str) -> Iterator[str]:
    """The text of `key` naming `name`, cut at its other placeholders: the pieces with the
    name and some of the bot's own wording."""
    template = CATALOGUES[lang].get(key) or CATALOGUES[Lang.EN][key]
    others = {p: _CUT for p in placeholders(template) - {"name"}}
    shown = escape(name)
    for piece in t(lang, key, name=name, **others).split(_CUT):
        if shown in piece and piece.replace(shown, "").strip():
            yield piece
            yield as_plain(piece)


async def _new_stand_in(uow: UnitOfWork, user: User, now: datetime) -> int:
    while True:
        stand_in = -STAND_IN_FLOOR - secrets.randbelow(STAND_IN_FLOOR)
        if await uow.users.get(stand_in) is None:
            break
    await uow.users.upsert(
        User(
            stand_in,
            Lang.ZH_HANS,
            blocked_bot=True,  # nothing is ever queued for them
            created_at=user.created_at,
            deleted_at=now,
        )
    )
    return stand_in
