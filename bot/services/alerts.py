"""Alert messages written into the outbox, each in its recipient's language.

A match alert shows the counterpart's post as a card (their own words, with a note of the
language they wrote in), a trust line, the reasons, and Contact / Not relevant buttons bound
to the recipient. No identity details are shown before both sides agree.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.domain.models import Lang, Match, Post, User
from bot.services import outbox
from bot.services.actions import add_tokens
from bot.services.ports import UnitOfWork
from bot.texts import Html, escape, plain, t
from bot.texts.cards import post_card
from bot.texts.reasons import render_reasons

ALERT_BUTTON_TTL = timedelta(days=30)


def trust_line(user: User | None, lang: Lang) -> Html:
    """Until trust records exist (a later feature) every member is shown as new."""
    return t(lang, "alert.trust_new")


async def _recipient(uow: UnitOfWork, user_id: int) -> User | None:
    user = await uow.users.get(user_id)
    return None if user is None or user.blocked_bot else user


async def queue_match_alerts(
    uow: UnitOfWork, now: datetime, match: Match, offer: Post, need: Post
) -> None:
    """The buyer hears of the offer and the seller of the need, in one transaction."""
    buyer = await _recipient(uow, need.user_id)
    seller = await _recipient(uow, offer.user_id)
    if buyer is not None:
        await _alert(uow, now, match, buyer, offer, seller, "alert.offer_for_you")
    if seller is not None:
        await _alert(uow, now, match, seller, need, buyer, "alert.need_for_you")


async def _alert(
    uow: UnitOfWork,
    now: datetime,
    match: Match,
    to: User,
    their_post: Post,
    them: User | None,
    title: str,
) -> None:
    lang = to.language
    text = "\n".join(
        [
            t(lang, title),
            post_card(their_post, lang),
            trust_line(them, lang),
            t(lang, "alert.why", reasons=render_reasons(match.reasons, lang)),
        ]
    )
    payload = {"match": match.id}
    tokens = await add_tokens(
        uow,
        now + ALERT_BUTTON_TTL,
        to.id,
        [("match.contact", payload), ("match.dismiss", payload)],
    )
    buttons = [
        [(plain(lang, "btn.contact"), tokens[0]), (plain(lang, "btn.not_relevant"), tokens[1])]
    ]
    await outbox.add_to(uow, now, to.id, text, buttons=buttons, kind="match.alert")


async def queue_contact_request(
    uow: UnitOfWork,
    now: datetime,
    request_id: int,
    to: User,
    about: Post,
    their_post: Post | None,
    requester: User | None,
) -> None:
    lang = to.language
    product = about.parsed.product or about.raw_text[:40]
    trust = trust_line(requester, lang)
    if their_post is not None:
        text = t(
            lang,
            "contact.incoming",
            product=product,
            trust=trust,
            card=post_card(their_post, lang),
        )
    else:
        text = t(lang, "contact.incoming_plain", product=product, trust=trust)
    payload = {"request": request_id}
    tokens = await add_tokens(
        uow,
        now + ALERT_BUTTON_TTL,
        to.id,
        [("contact.accept", payload), ("contact.decline", payload)],
        once=True,
    )
    buttons = [[(plain(lang, "btn.accept"), tokens[0]), (plain(lang, "btn.decline"), tokens[1])]]
    await outbox.add_to(uow, now, to.id, text, buttons=buttons, kind="contact.request")


def contact_card(of: User, about: Post, lang: Lang, written: tuple[str, ...] = ()) -> Html:
    """What each side receives once both agreed: a link that opens the chat, the username,
    the phone number if that person shared it, and the contacts they wrote in their own
    post (kept private until now)."""
    product = about.parsed.product or about.raw_text[:40]
    name = Html(f'<a href="tg://user?id={of.id}">{escape(of.display_name or str(of.id))}</a>')
    username = t(lang, "contact.username", username=of.username) if of.username else ""
    numbers = [of.phone] if of.phone else []
    numbers += [c for c in written if c not in numbers]
    phone = "".join(t(lang, "contact.phone", phone=number) for number in numbers[:4])
    return t(
        lang,
        "contact.card",
        product=product,
        name=name,
        username=Html(username),
        phone=Html(phone),
    )
